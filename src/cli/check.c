/* check.c: `tpsreport check STUDY`: the comparability lint. */

#include "cli.h"
#include "ingest/ingest.h"
#include "stats/stats.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/escape.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char S_help[] =
	"Usage: tpsreport check STUDY [--verbose] [--quiet]\n"
	"Look for what would make a published comparison unfair or shaky:\n"
	"within each scenario, providers run with different pgbench versions,\n"
	"scales, clients, threads, query modes, transaction types or durations;\n"
	"cells with fewer than 3 runs; runs much shorter than their siblings or\n"
	"with fewer windows; aborted runs and failed transactions; logs missing\n"
	"for some runs only; orphan log files of lower PIDs; gaps between\n"
	"windows; and every file that could not be read. Each finding names the\n"
	"files it is about (docs/check.md). One line per kind of finding, with\n"
	"the count and the cells or files in compact form; --verbose lists\n"
	"every finding on its own line.\n"
	"\n"
	"  -v, --verbose every finding, one per line\n"
	"  -q, --quiet   print nothing, only set the exit status\n"
	"  -h, --help    this help\n"
	"\n"
	"Exit status: 0 nothing found, 1 findings, 2 the study could not be read.\n";

/* Print each item; returns how many are warnings (notes, such as a last
 * window missing from one thread file, are normal and do not fail). */
static size_t S_print(const tr_diags *d, const char *kind, bool quiet)
{
	tr_buf line = TR_BUF_INIT;
	size_t warnings = 0;
	for (size_t i = 0; i < d->count; i++) {
		bool warn = d->items[i].severity == TR_SEV_WARNING;
		warnings += warn;
		if (quiet)
			continue;
		tr_buf_clear(&line);
		tr_diag_format(&line, &d->items[i]);
		printf("%s: %s [%s]\n", warn ? kind : "note", tr_buf_cstr(&line),
		       d->items[i].code);
	}
	tr_buf_free(&line);
	return warnings;
}

/* One line per kind: "finding: few-runs: 2 cells have 1 run (...)". */
static int S_print_grouped(const tr_results *r, const tr_diags *d, const char *kind)
{
	tr_finding_group *g;
	size_t n;
	int rc = tr_findings_group(&g, &n, r, d);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < n && rc == 0; k++) {
		/* The text quotes run and file names: no control character raw. */
		tr_buf safe = TR_BUF_INIT;
		rc = tr_text_escape(&safe, g[k].text, strlen(g[k].text));
		if (rc == 0)
			printf("%s: %s: %s\n", g[k].severity == TR_SEV_WARNING ? kind : "note",
			       g[k].code, tr_buf_cstr(&safe));
		tr_buf_free(&safe);
	}
	tr_finding_groups_free(g, n);
	return 0;
}

int tr_cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	tr_study *study = NULL;
	tr_results *results = NULL;
	bool quiet = false, verbose = false;
	tr_load_options opts;
	tr_cli_progress prog;
	size_t found;
	int c, rc, status = TR_EXIT_FAILURE;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quiet = true; break;
		case 'v': verbose = true; break;
		case 'h': fputs(S_help, stdout); return TR_EXIT_OK;
		default:
			return tr_cli_getopt_error("check", c, argv, optind);
		}
	}
	if (optind != argc - 1)
		return tr_cli_usage_error("check", "expected one STUDY folder");
	tr_cli_load_options(&opts, &prog, 0);
	rc = tr_study_load(&study, argv[optind], &opts);
	tr_cli_progress_end(&prog);
	if (rc < 0 || tr_results_compute(&results, study) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	/* Findings and the loader's warnings are both what this command is
	 * for: they go to stdout, one per line. */
	found = S_print(&results->warnings, "warning", quiet || !verbose) +
	        S_print(&results->findings, "finding", quiet || !verbose);
	if (!quiet && !verbose &&
	    (S_print_grouped(NULL, &results->warnings, "warning") < 0 ||
	     S_print_grouped(results, &results->findings, "finding") < 0)) {
		tr_cli_error_last();
		status = TR_EXIT_FAILURE;
		goto cleanup;
	}
	if (!quiet && found == 0)
		printf("no findings: %zu run(s) in %zu cell(s) look comparable\n",
		       results->nruns, results->ncells);
	fflush(stdout);
	status = found > 0 ? TR_EXIT_FINDINGS : TR_EXIT_OK;
cleanup:
	tr_results_free(results);
	tr_study_free(study);
	return status;
}
