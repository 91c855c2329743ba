/* probe.c: `tpsreport probe [CONNINFO] --scale N`: pgbench's init steps
 * over libpq, timed, with pgbench's messages on stderr and init.json. */

#include "cli.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/number.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char S_help[] =
	"Usage: tpsreport probe [OPTION]... [CONNINFO]\n"
	"Run pgbench's initialization (pgbench -i) over libpq with pgbench's own\n"
	"SQL, time each phase, and print pgbench's messages and its 'done in'\n"
	"line on stderr.\n"
	"\n"
	"  -s, --scale=N             scale factor, as pgbench -s (needed by steps\n"
	"                            t, g and G)\n"
	"  -o, --output=FILE         write the timings and server facts as\n"
	"                            init.json (docs/init-json.md); '-' for stdout\n"
	"  -I, --steps=LETTERS       steps as pgbench -I: d drop, t create, g\n"
	"                            client-side generate, G server-side generate,\n"
	"                            v vacuum, p primary keys, f foreign keys\n"
	"                            (default dtgvp)\n"
	"  -F, --fillfactor=N        fillfactor of the tables (10-100, default 100)\n"
	"      --unlogged-tables     create the tables unlogged\n"
	"      --partitions=N        partition pgbench_accounts into N partitions\n"
	"      --partition-method=M  range (default) or hash\n"
	"      --jobs=N              client-side generate over N connections in\n"
	"                            parallel (pgbench has no such thing; see\n"
	"                            docs/probe.md)\n"
	"      --force               drop or truncate the pgbench tables even when\n"
	"                            they hold rows\n"
	"  -h, --help                show this help\n"
	"\n"
	"CONNINFO is a libpq connection string, URI or key=value, or a database\n"
	"name; the PG* environment variables fill in the rest. Give passwords in\n"
	"PGPASSWORD or ~/.pgpass rather than on the command line. The password is\n"
	"never printed nor written; init.json holds the connection without it.\n"
	"\n"
	"Only the tables pgbench_accounts, pgbench_branches, pgbench_history and\n"
	"pgbench_tellers (and partitions) are touched. Ctrl-C cancels the running\n"
	"statement and rolls back.\n"
	"\n"
	"Exit status: 0 done, 2 could not be done (connection, refusal, server\n"
	"error, interrupted).\n";

enum {
	S_OPT_UNLOGGED = 1000,
	S_OPT_PARTITIONS,
	S_OPT_METHOD,
	S_OPT_JOBS,
	S_OPT_FORCE
};

/* What the callbacks need: whether a progress line is on screen. */
typedef struct {
	bool tty;
	size_t shown;            /* length of the progress line on screen */
	double last_s;           /* when it was last drawn */
} S_screen;

static void S_clear(S_screen *sc)
{
	if (sc->shown) {
		fprintf(stderr, "\r%*s\r", (int)sc->shown, "");
		sc->shown = 0;
	}
}

static void S_message(void *ctx, const char *line)
{
	S_screen *sc = ctx;
	S_clear(sc);
	fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

static void S_progress(void *ctx, const tr_probe_progress *pr)
{
	S_screen *sc = ctx;
	tr_buf line = TR_BUF_INIT;
	double rate, left;
	int pct;

	/* A terminal only, and a few times a second at most. */
	if (!sc->tty || (pr->elapsed_s - sc->last_s < 0.25 &&
	                 pr->rows_done < pr->rows_total))
		return;
	sc->last_s = pr->elapsed_s;
	rate = pr->elapsed_s > 0 ? (double)pr->rows_done / pr->elapsed_s : 0;
	left = rate > 0 ? (double)(pr->rows_total - pr->rows_done) / rate : 0;
	pct = pr->rows_total > 0 ? (int)(pr->rows_done * 100 / pr->rows_total) : 0;
	if (pr->rows_done >= pr->rows_total) {
		/* Sent is not yet written: the server may still be busy. */
		tr_buf_printf(&line, "all %lld rows sent, the server is writing "
		              "them (", (long long)pr->rows_total);
		tr_fmt_fixed(&line, pr->elapsed_s, 0);
		tr_buf_puts(&line, " s)");
	} else {
		tr_buf_printf(&line, "%lld of %lld rows (%d%%), ",
		              (long long)pr->rows_done, (long long)pr->rows_total,
		              pct);
		tr_fmt_grouped(&line, rate, 0, ",");
		tr_buf_puts(&line, " rows/s, ");
		tr_fmt_fixed(&line, left, 0);
		tr_buf_puts(&line, " s left");
	}
	if (line.ptr) {
		/* Pad over a longer previous line. */
		fprintf(stderr, "\r%-*s", (int)sc->shown, tr_buf_cstr(&line));
		if (line.size > sc->shown)
			sc->shown = line.size;
		fflush(stderr);
	}
	tr_buf_free(&line);
}

static int S_write(const char *path, const tr_probe_result *r)
{
	tr_buf json = TR_BUF_INIT;
	int rc = tr_probe_result_json(&json, r);
	if (rc == 0) {
		if (strcmp(path, "-") == 0) {
			/* (a short write, a full disk or a closed pipe, is an
			 * error too: not only a failed flush) */
			rc = fwrite(json.ptr, 1, json.size, stdout) == json.size &&
			             fflush(stdout) == 0
			         ? 0
			         : tr_error_set_errno("stdout");
		} else {
			rc = tr_file_write_atomic(path, json.ptr, json.size);
		}
	}
	tr_buf_free(&json);
	return rc;
}

/* One option of getopt_long's (not -h, -o): 0, or -1 after a usage
 * error. */
static int S_option(tr_probe_options *opts, int c, char **argv)
{
	switch (c) {
	case 's':
		return tr_cli_arg_int(&opts->scale, "probe", "scale", optarg, 1,
		                      100000000);
	case 'I': opts->steps = optarg; return 0;
	case 'F':
		return tr_cli_arg_int(&opts->fillfactor, "probe", "fillfactor",
		                      optarg, 10, 100);
	case S_OPT_UNLOGGED: opts->unlogged_tables = true; return 0;
	case S_OPT_PARTITIONS:
		return tr_cli_arg_int(&opts->partitions, "probe",
		                      "number of partitions", optarg, 0, 1000000);
	case S_OPT_METHOD:
		if (strcmp(optarg, "range") == 0)
			opts->partition_method = TR_PARTITION_RANGE;
		else if (strcmp(optarg, "hash") == 0)
			opts->partition_method = TR_PARTITION_HASH;
		else
			return tr_cli_usage_error("probe", "invalid partition method "
			                          "'%s' (range or hash)", optarg), -1;
		return 0;
	case S_OPT_JOBS:
		return tr_cli_arg_int(&opts->jobs, "probe", "number of jobs", optarg,
		                      1, 256);
	case S_OPT_FORCE: opts->force = true; return 0;
	default:
		return tr_cli_getopt_error("probe", c, argv, optind), -1;
	}
}

/* The command line into opts and *output: 0, 1 after --help, -1 after a
 * usage error (printed). */
static int S_parse(tr_probe_options *opts, const char **output, int argc,
                   char **argv)
{
	static const struct option longopts[] = {
		{ "scale", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "steps", required_argument, NULL, 'I' },
		{ "fillfactor", required_argument, NULL, 'F' },
		{ "unlogged-tables", no_argument, NULL, S_OPT_UNLOGGED },
		{ "partitions", required_argument, NULL, S_OPT_PARTITIONS },
		{ "partition-method", required_argument, NULL, S_OPT_METHOD },
		{ "jobs", required_argument, NULL, S_OPT_JOBS },
		{ "force", no_argument, NULL, S_OPT_FORCE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool scale_given = false;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:o:I:F:h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(S_help, stdout);
			return 1;
		}
		if (c == 'o')
			*output = optarg;
		else if (S_option(opts, c, argv) < 0)
			return -1;
		scale_given = scale_given || c == 's';
	}
	if (tr_cli_conninfo_arg(&opts->conninfo, "probe", argc, argv, optind) < 0)
		return -1;
	if (tr_probe_options_check(opts) < 0)
		return tr_cli_usage_error("probe", "%s", tr_error_last()), -1;
	if (!scale_given && tr_probe_steps_need_scale(opts->steps))
		return tr_cli_usage_error("probe", "--scale is required for steps "
		                          "t, g and G"), -1;
	return 0;
}

int tr_cmd_probe(int argc, char **argv)
{
	tr_probe_options opts;
	tr_probe_result result;
	S_screen screen = { false, 0, 0 };
	const char *output = NULL;
	int rc;

	tr_probe_options_init(&opts);
	if ((rc = S_parse(&opts, &output, argc, argv)) != 0)
		return rc > 0 ? TR_EXIT_OK : TR_EXIT_FAILURE;
	screen.tty = isatty(STDERR_FILENO) == 1;
	opts.message = S_message;
	opts.progress = S_progress;
	opts.ctx = &screen;
	if (tr_probe_execute(&result, &opts) < 0) {
		S_clear(&screen);
		tr_cli_error_last();
		return TR_EXIT_FAILURE;
	}
	rc = output ? S_write(output, &result) : 0;
	if (rc < 0)
		tr_cli_error_last();
	tr_probe_result_free(&result);
	return rc < 0 ? TR_EXIT_FAILURE : TR_EXIT_OK;
}
