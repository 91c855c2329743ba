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

static int S_int(int *out, const char *arg, const char *name, long min,
                 long max)
{
	int64_t v;
	const char *next;
	size_t len = strlen(arg);
	if (tr_parse_int64(&v, arg, arg + len, &next) < 0 || next != arg + len ||
	    v < min || v > max) {
		/* The usage error is printed here; -1 tells the caller to stop. */
		tr_cli_usage_error("probe", "invalid %s '%s' (%ld to %ld)", name,
		                   arg, min, max);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static int S_write(const char *path, const tr_probe_result *r)
{
	tr_buf json = TR_BUF_INIT;
	int rc = tr_probe_result_json(&json, r);
	if (rc == 0) {
		if (strcmp(path, "-") == 0) {
			fwrite(json.ptr, 1, json.size, stdout);
			rc = fflush(stdout) == 0 ? 0 : tr_error_set_errno("stdout");
		} else {
			rc = tr_file_write_atomic(path, json.ptr, json.size);
		}
	}
	tr_buf_free(&json);
	return rc;
}

int tr_cmd_probe(int argc, char **argv)
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
	tr_probe_options opts;
	tr_probe_result result;
	S_screen screen = { false, 0, 0 };
	const char *output = NULL;
	bool scale_given = false;
	int c;

	tr_probe_options_init(&opts);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:o:I:F:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (S_int(&opts.scale, optarg, "scale", 1, 100000000) < 0)
				return TR_EXIT_FAILURE;
			scale_given = true;
			break;
		case 'o': output = optarg; break;
		case 'I': opts.steps = optarg; break;
		case 'F':
			if (S_int(&opts.fillfactor, optarg, "fillfactor", 10, 100) < 0)
				return TR_EXIT_FAILURE;
			break;
		case S_OPT_UNLOGGED: opts.unlogged_tables = true; break;
		case S_OPT_PARTITIONS:
			if (S_int(&opts.partitions, optarg, "number of partitions", 0,
			          1000000) < 0)
				return TR_EXIT_FAILURE;
			break;
		case S_OPT_METHOD:
			if (strcmp(optarg, "range") == 0)
				opts.partition_method = TR_PARTITION_RANGE;
			else if (strcmp(optarg, "hash") == 0)
				opts.partition_method = TR_PARTITION_HASH;
			else
				return tr_cli_usage_error("probe", "invalid partition "
				                          "method '%s' (range or hash)",
				                          optarg);
			break;
		case S_OPT_JOBS:
			if (S_int(&opts.jobs, optarg, "number of jobs", 1, 256) < 0)
				return TR_EXIT_FAILURE;
			break;
		case S_OPT_FORCE: opts.force = true; break;
		case 'h':
			fputs(S_help, stdout);
			return TR_EXIT_OK;
		case ':':
			return tr_cli_usage_error("probe", "option '%s' needs a value",
			                          argv[optind - 1]);
		default:
			return tr_cli_usage_error("probe", "unknown option '%s'",
			                          argv[optind - 1]);
		}
	}
	if (argc - optind > 1)
		return tr_cli_usage_error("probe", "one connection string at most "
		                          "('%s' is one too many)", argv[optind + 1]);
	if (optind < argc)
		opts.conninfo = argv[optind];
	if (tr_probe_options_check(&opts) < 0)
		return tr_cli_usage_error("probe", "%s", tr_error_last());
	if (!scale_given && strpbrk(opts.steps, "tgG"))
		return tr_cli_usage_error("probe", "--scale is required for steps "
		                          "t, g and G");

	screen.tty = isatty(STDERR_FILENO) == 1;
	opts.message = S_message;
	opts.progress = S_progress;
	opts.ctx = &screen;
	if (tr_probe_execute(&result, &opts) < 0) {
		S_clear(&screen);
		tr_cli_error_last();
		return TR_EXIT_FAILURE;
	}
	if (output && S_write(output, &result) < 0) {
		tr_cli_error_last();
		tr_probe_result_free(&result);
		return TR_EXIT_FAILURE;
	}
	tr_probe_result_free(&result);
	return TR_EXIT_OK;
}
