/* diff.c: `tpsreport diff OLD NEW`: what changed after a rerun. */

#include "cli.h"
#include "diff/diff.h"
#include "export/export.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/file.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define S_MAX_RULES 32

static const char S_help[] =
	"Usage: tpsreport diff OLD NEW [--markdown [--max-bytes N] | --json] [--fail-on RULE]...\n"
	"What changed between two reports: OLD and NEW are each a study folder,\n"
	"a built report folder (its data/results.json) or a results.json.\n"
	"\n"
	"For every cell in both: the old and new median TPS, latency average,\n"
	"per-transaction p95/p99 and cost per TPS, then every other figure of a\n"
	"cell (monthly price, transactions, failed, window stability, init\n"
	"durations, ...), the change, and the exact Mann-Whitney test of the old\n"
	"runs against the new runs, Holm-adjusted over the cells ('~': not\n"
	"significant; the change is shown either way; a price or an init time is\n"
	"one figure a side, not tested).\n"
	"Then cells, providers, scenarios and runs (by content digest) added,\n"
	"removed or changed, prices and fx rates changed, and `check` findings\n"
	"that appeared or went away.\n"
	"\n"
	"  --markdown        GitHub-flavoured Markdown (a pull-request comment): the\n"
	"                    cells without a significant change folded away\n"
	"  --max-bytes N     with --markdown: cut at N bytes with a note (default\n"
	"                    60000, under GitHub's 65,536-character limit; 0: no limit)\n"
	"  --json            the diff document (docs/results-json.md)\n"
	"  --fail-on RULE    exit 1 only when a significant change crosses RULE:\n"
	"                    METRIC<N% or METRIC>N%, METRIC one of tps, latency,\n"
	"                    p95, p99, cost or a cell figure's results.json key\n"
	"                    (price_month, transactions, init.total_s, ...; one\n"
	"                    without runs fires on its change, untested) (e.g.\n"
	"                    'tps<-5%', 'p99>10%'); repeat it or separate rules\n"
	"                    with commas\n"
	"  --threads N       threads for reading a study's logs\n"
	"  -h, --help        this help\n"
	"\n"
	"Exit status: 0 nothing changed significantly (or no RULE fired), 1\n"
	"something did (or a RULE fired), 2 could not compare (unreadable input,\n"
	"a newer results schema, no cell in common).\n";

typedef struct S_args {
	bool markdown, json;
	int max_bytes;           /* --max-bytes, default 60000 */
	tr_diff_rule rules[S_MAX_RULES];
	size_t nrules;
	int threads;
} S_args;

static bool S_is_dir(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* A study folder: its results document, computed here. */
static int S_study_json(tr_buf *out, const char *dir, int threads)
{
	tr_load_options opts;
	tr_cli_progress prog;
	tr_study *study = NULL;
	tr_results *results = NULL;
	int rc;
	tr_cli_load_options(&opts, &prog, threads);
	rc = tr_study_load(&study, dir, &opts);
	tr_cli_progress_end(&prog);
	if (rc >= 0 && (rc = tr_results_compute(&results, study)) >= 0)
		rc = tr_export_json(out, results);
	tr_results_free(results);
	tr_study_free(study);
	return rc;
}

/* OLD or NEW, whichever of the three kinds it is. */
int tr_cli_diff_read(tr_diff_doc **out, const char *arg, int threads)
{
	tr_buf text = TR_BUF_INIT;
	char *results = NULL, *data = NULL, *json = NULL;
	const char *name = arg;
	int rc;

	*out = NULL;
	if (S_is_dir(arg)) {
		if (!(results = tr_path_join(arg, "results")) ||
		    !(data = tr_path_join(arg, "data")) ||
		    !(json = tr_path_join(data, "results.json"))) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		if (S_is_dir(results)) {
			rc = S_study_json(&text, arg, threads);
		} else if (access(json, F_OK) == 0) {
			name = json;
			rc = tr_file_read(&text, json);
		} else {
			rc = tr_error_set("%s: neither a study folder (no results/) nor "
			                  "a built report (no data/results.json)", arg);
		}
	} else {
		rc = tr_file_read(&text, arg);
	}
	if (rc >= 0)
		rc = tr_diff_doc_take(out, &text, name);
cleanup:
	tr_buf_free(&text);
	free(results);
	free(data);
	free(json);
	return rc;
}

static int S_add_rules(S_args *a, const char *text)
{
	char *copy = tr_strdup(text), *save = NULL;
	int rc = 0;
	if (!copy)
		return TR_ENOMEM;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		while (*t == ' ')
			t++;
		if (a->nrules == S_MAX_RULES) {
			rc = tr_error_set("--fail-on: at most %d rules", S_MAX_RULES);
			break;
		}
		if ((rc = tr_diff_rule_parse(&a->rules[a->nrules], t)) < 0)
			break;
		a->nrules++;
	}
	free(copy);
	return rc;
}

static int S_parse(S_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "markdown", no_argument, NULL, 'M' },
		{ "max-bytes", required_argument, NULL, 'B' },
		{ "json", no_argument, NULL, 'J' },
		{ "fail-on", required_argument, NULL, 'F' },
		{ "threads", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;
	memset(a, 0, sizeof(*a));
	a->max_bytes = 60000;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'M': a->markdown = true; break;
		case 'B':
			if (tr_cli_arg_int(&a->max_bytes, "diff", "--max-bytes", optarg, 0, 100000000) < 0)
				return TR_EXIT_FAILURE;
			break;
		case 'J': a->json = true; break;
		case 'F':
			if (S_add_rules(a, optarg) < 0)
				return tr_cli_usage_error("diff", "%s", tr_error_last());
			break;
		case 't':
			if (tr_cli_arg_int(&a->threads, "diff", "--threads", optarg, 1,
			                   256) < 0)
				return TR_EXIT_FAILURE;
			break;
		case 'h': fputs(S_help, stdout); return 1;
		default:
			return tr_cli_getopt_error("diff", c, argv, optind);
		}
	}
	if (a->markdown && a->json)
		return tr_cli_usage_error("diff", "--markdown and --json exclude each other");
	if (optind != argc - 2)
		return tr_cli_usage_error("diff", "expected OLD and NEW");
	return 0;
}

/* A cost rule crossed by the price alone (a price or fx rate changed; a
 * price is not a sample: no test): said, and true. */
static bool S_price_fires(const tr_diff_rule *rule, const tr_diff *d, const tr_diff_change *c)
{
	tr_diff_change priced = *c;
	char *label;
	if (rule->metric != TR_DIFF_COST)
		return false;
	priced.change_pct = tr_diff_price_change_pct(d, c);
	/* (below a millionth of a percent: the same price read back) */
	if (!(fabs(priced.change_pct) > 1e-6) || !tr_diff_rule_crossed(rule, &priced))
		return false;
	label = tr_diff_cell_label(&d->cells[c->cell]);
	fprintf(stderr, "tpsreport: %s: the price changes cost per TPS by %+.2f%%, which fails "
	        "--fail-on '%s' (a price is not a sample: no test)\n", label ? label : "",
	        priced.change_pct, rule->text);
	free(label);
	return true;
}

/* 1 when a rule fires on a significant change, or a cost rule on what a
 * price change alone did; a crossing that is not significant is said on
 * stderr, so a gate that cannot fire is seen. */
static int S_rules(const S_args *a, const tr_diff *d)
{
	int status = TR_EXIT_OK;
	for (size_t r = 0; r < a->nrules; r++) {
		const tr_diff_rule *rule = &a->rules[r];
		for (size_t i = 0; i < d->nchanges[rule->metric]; i++) {
			const tr_diff_change *c = &d->changes[rule->metric][i];
			char *label;
			if (S_price_fires(rule, d, c)) {
				status = TR_EXIT_FINDINGS;
				continue;
			}
			if (!tr_diff_rule_crossed(rule, c))
				continue;
			label = tr_diff_cell_label(&d->cells[c->cell]);
			if (!tr_diff_metric_tested(rule->metric)) {
				/* a price or an init time: one figure a side, no
				 * runs to test; the rule is the gate */
				fprintf(stderr, "tpsreport: %s: %s %+.2f%% fails --fail-on '%s' "
				        "(one figure a side, not a sample of runs: no test)\n",
				        label ? label : "", tr_diff_metric_get((size_t)rule->metric)->key,
				        c->change_pct, rule->text);
				status = TR_EXIT_FINDINGS;
			} else if (c->significant) {
				fprintf(stderr, "tpsreport: %s: %s %+.2f%% fails --fail-on '%s' "
				        "(Holm p=%.3f, n=%zu+%zu)\n", label ? label : "",
				        tr_diff_metric_get((size_t)rule->metric)->key,
				        c->change_pct, rule->text, c->p_adjusted,
				        c->n_old, c->n_new);
				status = TR_EXIT_FINDINGS;
			} else {
				fprintf(stderr, "tpsreport: note: %s: %s %+.2f%% crosses '%s' "
				        "but is not significant (Holm p=%.3f, n=%zu+%zu); not "
				        "failing\n", label ? label : "",
				        tr_diff_metric_get((size_t)rule->metric)->key, c->change_pct,
				        rule->text, c->p_adjusted, c->n_old, c->n_new);
			}
			free(label);
		}
	}
	return status;
}

int tr_cmd_diff(int argc, char **argv)
{
	S_args a;
	tr_diff_doc *old_doc = NULL, *new_doc = NULL;
	tr_diff *d = NULL;
	tr_buf out = TR_BUF_INIT;
	int rc, status = TR_EXIT_FAILURE;

	if ((rc = S_parse(&a, argc, argv)) != 0)
		return rc == 1 ? TR_EXIT_OK : rc; /* 1: --help */
	if (tr_cli_diff_read(&old_doc, argv[optind], a.threads) < 0 ||
	    tr_cli_diff_read(&new_doc, argv[optind + 1], a.threads) < 0 ||
	    tr_diff_compute(&d, old_doc, new_doc) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	rc = a.json ? tr_diff_json(&out, d) :
	     a.markdown ? tr_diff_markdown_comment(&out, d, (size_t)a.max_bytes)
	                : tr_diff_text(&out, d);
	if (rc < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	if (tr_cli_write_stdout(&out) < 0)
		goto cleanup;
	status = a.nrules > 0 ? S_rules(&a, d) :
	         d->significant ? TR_EXIT_FINDINGS : TR_EXIT_OK;
cleanup:
	tr_buf_free(&out);
	tr_diff_free(d);
	tr_diff_doc_free(old_doc);
	tr_diff_doc_free(new_doc);
	return status;
}
