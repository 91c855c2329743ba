/* summary.c: `tpsreport summary STUDY [--json]`. */

#include "cli.h"
#include "export/export.h"
#include "ingest/ingest.h"
#include "util/buf.h"
#include "util/diag.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

static const char S_help[] =
	"Usage: tpsreport summary STUDY [--json] [--strict] [--threads N]\n"
	"Read a study folder and print its runs, cells, comparisons and init\n"
	"timings as tables (or, with --json, the results document described in\n"
	"docs/results-json.md).\n"
	"\n"
	"  --json        the results document instead of tables\n"
	"  --strict      exit 1 when any warning was given (e.g. a run left out)\n"
	"  --threads N   threads for reading logs (default: one per CPU)\n"
	"  -h, --help    this help\n"
	"\n"
	"Warnings (runs left out, unreadable logs) go to stderr; stdout holds\n"
	"only the tables or the JSON. Exit status: 0 ok, 1 warnings with\n"
	"--strict, 2 the study could not be read.\n";

int tr_cmd_summary(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'J' },
		{ "strict", no_argument, NULL, 'S' },
		{ "threads", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool json = false, strict = false;
	tr_load_options opts;
	tr_cli_progress prog;
	int threads = 0;
	tr_study *study = NULL;
	tr_results *results = NULL;
	tr_buf out = TR_BUF_INIT;
	int c, rc_load, status = TR_EXIT_FAILURE;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'J': json = true; break;
		case 'S': strict = true; break;
		case 't':
			if (tr_cli_arg_int(&threads, "summary", "--threads", optarg, 1,
			                   256) < 0)
				return TR_EXIT_FAILURE;
			break;
		case 'h': fputs(S_help, stdout); return TR_EXIT_OK;
		default:
			return tr_cli_getopt_error("summary", c, argv, optind);
		}
	}
	if (optind != argc - 1)
		return tr_cli_usage_error("summary", "expected one STUDY folder");

	tr_cli_load_options(&opts, &prog, threads);
	rc_load = tr_study_load(&study, argv[optind], &opts);
	tr_cli_progress_end(&prog);
	if (rc_load < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	if (tr_results_compute(&results, study) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	tr_cli_print_diags(&results->warnings);
	if ((json ? tr_export_json(&out, results) : tr_export_text(&out, results)) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	if (tr_cli_write_stdout(&out) < 0)
		goto cleanup;
	status = TR_EXIT_OK;
	for (size_t i = 0; strict && i < results->warnings.count; i++)
		if (results->warnings.items[i].severity == TR_SEV_WARNING)
			status = TR_EXIT_FINDINGS;
cleanup:
	tr_buf_free(&out);
	tr_results_free(results);
	tr_study_free(study);
	return status;
}
