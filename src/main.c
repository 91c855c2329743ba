/* main.c: `tpsreport COMMAND ...`: dispatch to the commands in cli/. */

#include "cli/cli.h"
#include "version.h"
#include "util/base.h"

#include <stdio.h>
#include <string.h>

static const char S_usage[] =
	"Usage: tpsreport COMMAND [OPTION]...\n"
	"Turn raw pgbench results into a publishable, honest comparison.\n"
	"\n"
	"Commands:\n"
	"  build   STUDY -o OUT        the writeup, charts and data of a study\n"
	"  summary STUDY [--json]      tables of runs and cells on stdout\n"
	"  check   STUDY               comparability and data problems\n"
	"  chart   STUDY --kind K -o F draw one chart\n"
	"  probe   [CONNINFO] --scale N  time pgbench's init phases over libpq\n"
	"  settle  [CONNINFO]          CHECKPOINT, then wait for autovacuum\n"
	"  import  postgresbench DIR|FILE... -o STUDY\n"
	"                              a study from PostgresBench result files\n"
	"  diff    OLD NEW             what changed between two reports\n"
	"  run     STUDY               run the plan of tpsreport.ini with pgbench\n"
	"  sample  [CONNINFO] -o FILE -- COMMAND...\n"
	"                              the server's waits and counters beside\n"
	"                              a pgbench run by hand\n"
	"\n"
	"Options:\n"
	"  -h, --help     show this help (also: tpsreport COMMAND --help)\n"
	"  -V, --version  show the version\n"
	"\n"
	"Exit status: 0 ok, 1 problems found (check, --strict) or a significant\n"
	"change (diff), 2 could not do the job; sample exits as its COMMAND\n"
	"does. Errors are printed as 'tpsreport: FILE:LINE: message'.\n"
	"See tpsreport(1) and docs/ for the study directory and the metrics.\n";

static const struct {
	const char *name;
	int (*fn)(int, char **);
} S_commands[] = {
	{ "build", tr_cmd_build },
	{ "summary", tr_cmd_summary },
	{ "check", tr_cmd_check },
	{ "chart", tr_cmd_chart },
	{ "probe", tr_cmd_probe },
	{ "settle", tr_cmd_settle },
	{ "import", tr_cmd_import },
	{ "diff", tr_cmd_diff },
	{ "run", tr_cmd_run },
	{ "sample", tr_cmd_sample },
};

int main(int argc, char **argv)
{
	/* No setlocale(): numbers are read and written the same everywhere. */
	if (argc < 2) {
		fputs(S_usage, stderr);
		return TR_EXIT_FAILURE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		fputs(S_usage, stdout);
		return TR_EXIT_OK;
	}
	if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
		printf("tpsreport %s\n", TR_VERSION);
		return TR_EXIT_OK;
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_commands); i++)
		if (strcmp(argv[1], S_commands[i].name) == 0)
			return S_commands[i].fn(argc - 1, argv + 1);
	tr_cli_error("unknown command '%s'", argv[1]);
	fputs("Try 'tpsreport --help'.\n", stderr);
	return TR_EXIT_FAILURE;
}
