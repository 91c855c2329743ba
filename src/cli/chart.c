/* chart.c: `tpsreport chart STUDY --kind K [--scenario S] -o FILE`, and
 * `--all -o DIR` / `--list` for every chart the data allows (--all draws
 * them through the report module, on the worker threads, as a build
 * does). */

#include "cli.h"
#include "chart/chart.h"
#include "ingest/ingest.h"
#include "report/report.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char S_help[] =
	"Usage: tpsreport chart STUDY --kind KIND [--scenario S] [--workload W]\n"
	"                       [--format svg|png|pdf] -o FILE\n"
	"       tpsreport chart STUDY --all [--format svg|png|pdf] -o DIR\n"
	"       tpsreport chart STUDY --list\n"
	"Draw one chart of a study (or, with --all, every chart its data allows).\n"
	"\n"
	"  --kind KIND      tps, latency, p95, cov, cost, value (grouped bars),\n"
	"                   init (init phases), timeline (window TPS over time),\n"
	"                   percentiles (per-transaction latency), sweep (TPS and\n"
	"                   latency against clients), waits (what the server was\n"
	"                   waiting on, from runN.server.json)\n"
	"  --scenario S     only scenario S (its folder name under results/)\n"
	"  --workload W     timeline and percentiles: the workload key, e.g.\n"
	"                   tpc-b-c32-j4-prepared (see --list); sweep: the\n"
	"                   transaction type, e.g. TPC-B\n"
	"  --format F       svg, png (at 2x) or pdf; default: FILE's extension\n"
	"  -o, --output F   the file to write ('-' for stdout), or with --all the\n"
	"                   folder (created if missing); a write-protected file\n"
	"                   is never replaced, a replaced one keeps its mode\n"
	"  --all            every chart the data allows, as DIR/NAME.FORMAT\n"
	"  --list           print the charts the data allows: name, kind, title\n"
	"  --threads N      threads for reading logs and, with --all, drawing\n"
	"                   (default: one per CPU)\n"
	"  -h, --help       this help\n"
	"\n"
	"Files are written atomically, never inside the study's results/ nor onto\n"
	"its tpsreport.ini or writeup.md. Exit status: 0 ok, 2 the study could not\n"
	"be read or holds no data for the chart asked for.\n";

/* Why a kind can have no data, for the message. */
static const char *S_hint(tr_chart_kind kind)
{
	switch (kind) {
	case TR_CHART_COST:
	case TR_CHART_VALUE:
		return "it needs prices: price = ... under [provider ...] in tpsreport.ini, "
		       "and [fx] rates for other currencies";
	case TR_CHART_P95:
	case TR_CHART_COV:
	case TR_CHART_TIMELINE:
		return "it needs windows: pgbench --log --aggregate-interval=N, or -P N "
		       "progress lines";
	case TR_CHART_PERCENTILES:
		return "it needs per-transaction logs: pgbench --log without "
		       "--aggregate-interval";
	case TR_CHART_INIT:
		return "it needs init timings: init.txt from `time pgbench -i ...`, or "
		       "init.json from `tpsreport probe`";
	case TR_CHART_SWEEP:
		return "it needs runs at more than one client count in a scenario";
	case TR_CHART_WAITS:
		return "it needs the server's samples: runN.server.json beside the runs, "
		       "from `tpsreport run` or `tpsreport sample`";
	default:
		return "no run has the figures it shows";
	}
}

static int S_format_of(tr_chart_format *out, const char *name)
{
	if (strcmp(name, "svg") == 0)
		*out = TR_CHART_SVG;
	else if (strcmp(name, "png") == 0)
		*out = TR_CHART_PNG;
	else if (strcmp(name, "pdf") == 0)
		*out = TR_CHART_PDF;
	else
		return -1;
	return 0;
}

static const char *S_ext(tr_chart_format f)
{
	return f == TR_CHART_PNG ? "png" : f == TR_CHART_PDF ? "pdf" : "svg";
}

static int S_write(const char *path, const tr_buf *b)
{
	if (strcmp(path, "-") == 0) {
		return tr_cli_write_stdout(b);
	}
	if (tr_file_write_atomic(path, b->ptr, b->size) < 0) {
		tr_cli_error_last();
		return -1;
	}
	return 0;
}

typedef struct {
	const char *kind_name, *scenario, *workload, *format_name, *output;
	bool all, list;
	tr_chart_kind kind;
	tr_chart_format format;
	int threads;
	const char *study;
} S_args;

/* --all: every chart of the plan drawn by the report module (on the
 * worker threads), then written as DIR/NAME.FORMAT. */
static int S_all(const tr_results *r, const tr_chart_plan *plan, const S_args *a)
{
	tr_buf *bufs = tr_calloc(plan->count + 1, sizeof(tr_buf));
	int status = TR_EXIT_FAILURE;
	if (!bufs) {
		tr_cli_error("out of memory");
		return TR_EXIT_FAILURE;
	}
	if (tr_path_mkdirs(a->output) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	if (tr_report_draw_plan(bufs, r, plan, a->format, a->threads) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	status = TR_EXIT_OK;
	for (size_t i = 0; i < plan->count && status == TR_EXIT_OK; i++) {
		char *path = tr_sprintf("%s/%s.%s", a->output, plan->items[i].name,
		                        S_ext(a->format));
		if (!path) {
			tr_cli_error("out of memory");
			status = TR_EXIT_FAILURE;
		} else if (S_write(path, &bufs[i]) < 0) {
			status = TR_EXIT_FAILURE;
		}
		free(path);
	}
cleanup:
	for (size_t i = 0; i < plan->count; i++)
		tr_buf_free(&bufs[i]);
	free(bufs);
	return status;
}

static long S_scenario(const tr_results *r, const char *id)
{
	for (size_t i = 0; i < r->nscenarios; i++)
		if (strcmp(r->scenarios[i].id, id) == 0)
			return (long)i;
	return -1;
}

static long S_workload(const tr_results *r, const char *key)
{
	for (size_t i = 0; i < r->nworkloads; i++)
		if (strcmp(r->workloads[i].key, key) == 0 ||
		    strcmp(r->workloads[i].short_type, key) == 0)
			return (long)i;
	return -1;
}

/* --list: name, kind and title of every chart of the plan. */
static int S_list(const tr_chart_plan *plan)
{
	for (size_t i = 0; i < plan->count; i++)
		printf("%s\t%s\t%s\n", plan->items[i].name,
		       tr_chart_kind_name(plan->items[i].kind), plan->items[i].title);
	return fflush(stdout) == 0 ? TR_EXIT_OK : TR_EXIT_FAILURE;
}

/* One chart: the plan's when neither --scenario nor --workload narrows
 * it, else one made for them. */
static int S_one(const tr_results *r, const tr_chart_plan *plan, long s, long w,
                 const S_args *a)
{
	const tr_chart_item *item = NULL;
	tr_chart_item made;
	tr_buf out = TR_BUF_INIT;
	bool own = false;
	int status = TR_EXIT_FAILURE, rc;

	if (s < 0 && w < 0)
		item = tr_chart_plan_find(plan, a->kind, -1);
	if (!item) {
		if ((rc = tr_chart_item_make(&made, r, a->kind, s, w)) < 0) {
			if (rc == TR_ENOTFOUND)
				tr_cli_error("%s: %s", tr_error_last(), S_hint(a->kind));
			else
				tr_cli_error_last();
			return TR_EXIT_FAILURE;
		}
		own = true;
		item = &made;
	}
	if (tr_chart_render(&out, r, item, a->format) < 0)
		tr_cli_error_last();
	else if (S_write(a->output, &out) == 0)
		status = TR_EXIT_OK;
	if (own)
		tr_chart_item_free(&made);
	tr_buf_free(&out);
	return status;
}

/* The study loaded, the scenario and workload found, then one of --list,
 * --all or one chart. */
static int S_run(const S_args *a)
{
	tr_load_options opts;
	tr_cli_progress prog;
	tr_study *study = NULL;
	tr_results *results = NULL;
	tr_chart_plan plan = { NULL, 0 };
	long s = -1, w = -1;
	int rc, status = TR_EXIT_FAILURE;

	tr_cli_load_options(&opts, &prog, a->threads);
	rc = tr_study_load(&study, a->study, &opts);
	tr_cli_progress_end(&prog);
	if (rc < 0 || tr_results_compute(&results, study) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	tr_cli_print_diags(&results->warnings);
	if (a->scenario && (s = S_scenario(results, a->scenario)) < 0) {
		tr_cli_error("no scenario '%s' in %s (scenarios are the folders under "
		             "results/<provider>/)", a->scenario, a->study);
		goto cleanup;
	}
	if (a->workload && (w = S_workload(results, a->workload)) < 0) {
		tr_cli_error("no workload '%s' in %s (see tpsreport chart --list)",
		             a->workload, a->study);
		goto cleanup;
	}
	if (tr_chart_plan_make(&plan, results) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	status = a->list ? S_list(&plan)
	         : a->all ? S_all(results, &plan, a)
	                  : S_one(results, &plan, s, w, a);
cleanup:
	tr_chart_plan_free(&plan);
	tr_results_free(results);
	tr_study_free(study);
	return status;
}

/* What the options say, checked against each other: -1 to go on, else
 * the exit status. */
static int S_check(S_args *a)
{
	if (!a->list && !a->output)
		return tr_cli_usage_error("chart", "-o FILE is required");
	if (!a->all && !a->list && !a->kind_name)
		return tr_cli_usage_error("chart", "--kind is required (or --all, --list)");
	if (a->kind_name && tr_chart_kind_parse(&a->kind, a->kind_name) < 0)
		return tr_cli_usage_error("chart", "%s", tr_error_last());
	if (a->format_name) {
		if (S_format_of(&a->format, a->format_name) < 0)
			return tr_cli_usage_error("chart", "--format: expected svg, png or pdf, got '%s'",
			                          a->format_name);
	} else if (a->output && !a->all && strcmp(a->output, "-") != 0) {
		const char *dot = strrchr(a->output, '.');
		if (!dot || S_format_of(&a->format, dot + 1) < 0)
			return tr_cli_usage_error("chart", "cannot tell the format from '%s': "
			                          "use --format svg|png|pdf", a->output);
	}
	if (a->output && strcmp(a->output, "-") != 0 &&
	    tr_cli_output_check(a->study, a->output) < 0)
		return TR_EXIT_FAILURE;
	return -1;
}

int tr_cmd_chart(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kind", required_argument, NULL, 'k' },
		{ "scenario", required_argument, NULL, 's' },
		{ "workload", required_argument, NULL, 'w' },
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "all", no_argument, NULL, 'A' },
		{ "list", no_argument, NULL, 'L' },
		{ "threads", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	S_args a;
	int c, status;

	memset(&a, 0, sizeof(a));
	a.kind = TR_CHART_TPS;
	a.format = TR_CHART_SVG;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'k': a.kind_name = optarg; break;
		case 's': a.scenario = optarg; break;
		case 'w': a.workload = optarg; break;
		case 'f': a.format_name = optarg; break;
		case 'o': a.output = optarg; break;
		case 'A': a.all = true; break;
		case 'L': a.list = true; break;
		case 't':
			if (tr_cli_arg_int(&a.threads, "chart", "--threads", optarg, 1,
			                   256) < 0)
				return TR_EXIT_FAILURE;
			break;
		case 'h': fputs(S_help, stdout); return TR_EXIT_OK;
		default:
			return tr_cli_getopt_error("chart", c, argv, optind);
		}
	}
	if (optind != argc - 1)
		return tr_cli_usage_error("chart", "expected one STUDY folder");
	a.study = argv[optind];
	if ((status = S_check(&a)) >= 0)
		return status;
	return S_run(&a);
}
