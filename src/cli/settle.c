/* settle.c: `tpsreport settle [CONNINFO]`: CHECKPOINT, then wait until no
 * autovacuum worker runs; for run scripts, between pgbench runs. */

#include "cli.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/number.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char S_help[] =
	"Usage: tpsreport settle [OPTION]... [CONNINFO]\n"
	"Let the server settle before a benchmark run: CHECKPOINT, then wait\n"
	"until pg_stat_activity shows no 'autovacuum worker' backend.\n"
	"\n"
	"      --timeout=S   give up after S seconds (default 1800)\n"
	"      --interval=S  look every S seconds (default 5)\n"
	"  -q, --quiet       print only errors and the timeout\n"
	"  -h, --help        show this help\n"
	"\n"
	"CONNINFO is a libpq connection string or a database name, as for\n"
	"'tpsreport probe'. CHECKPOINT needs superuser, or the pg_checkpoint role\n"
	"on PostgreSQL 15 and later.\n"
	"\n"
	"Exit status: 0 settled, 1 timed out with autovacuum still running,\n"
	"2 could not connect or not allowed to CHECKPOINT.\n";

typedef struct {
	bool quiet;
} S_ctx;

static void S_seconds(tr_buf *b, double s)
{
	tr_fmt_fixed(b, s, s < 10 ? 2 : 0);
	tr_buf_puts(b, " s");
}

static void S_status(void *arg, const tr_settle_status *st)
{
	S_ctx *ctx = arg;
	tr_buf line = TR_BUF_INIT;

	switch (st->event) {
	case TR_SETTLE_CHECKPOINT:
		tr_buf_puts(&line, "checkpoint done in ");
		S_seconds(&line, st->checkpoint_s);
		break;
	case TR_SETTLE_WAITING:
	case TR_SETTLE_TIMEOUT:
		if (st->event == TR_SETTLE_TIMEOUT)
			tr_buf_puts(&line, "tpsreport: settle: timed out after ");
		else
			tr_buf_puts(&line, "waiting for autovacuum after ");
		S_seconds(&line, st->elapsed_s);
		tr_buf_printf(&line, ": %zu worker%s running", st->nworkers,
		              st->nworkers == 1 ? "" : "s");
		for (size_t i = 0; i < st->nworkers; i++)
			tr_buf_printf(&line, "%s %s", i ? ";" : ":", st->workers[i]);
		break;
	case TR_SETTLE_SETTLED:
		tr_buf_puts(&line, "settled after ");
		S_seconds(&line, st->elapsed_s);
		tr_buf_puts(&line, ": no autovacuum worker running");
		break;
	}
	if (line.ptr && (!ctx->quiet || st->event == TR_SETTLE_TIMEOUT)) {
		fprintf(stderr, "%s\n", tr_buf_cstr(&line));
		fflush(stderr);
	}
	tr_buf_free(&line);
}

int tr_cmd_settle(int argc, char **argv)
{
	enum { S_OPT_TIMEOUT = 1000, S_OPT_INTERVAL };
	static const struct option longopts[] = {
		{ "timeout", required_argument, NULL, S_OPT_TIMEOUT },
		{ "interval", required_argument, NULL, S_OPT_INTERVAL },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	tr_settle_options opts;
	S_ctx ctx = { false };
	bool settled = false;
	int c;

	tr_settle_options_init(&opts);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
		switch (c) {
		case S_OPT_TIMEOUT:
			if (tr_cli_arg_seconds(&opts.timeout_s, "settle", "timeout",
			                       optarg, 0) < 0)
				return TR_EXIT_FAILURE;
			break;
		case S_OPT_INTERVAL:
			if (tr_cli_arg_seconds(&opts.interval_s, "settle", "interval",
			                       optarg, 0.01) < 0)
				return TR_EXIT_FAILURE;
			break;
		case 'q': ctx.quiet = true; break;
		case 'h':
			fputs(S_help, stdout);
			return TR_EXIT_OK;
		default:
			return tr_cli_getopt_error("settle", c, argv, optind);
		}
	}
	if (tr_cli_conninfo_arg(&opts.conninfo, "settle", argc, argv, optind) < 0)
		return TR_EXIT_FAILURE;
	opts.status = S_status;
	opts.ctx = &ctx;
	if (tr_settle_run(&settled, &opts) < 0) {
		tr_cli_error_last();
		return TR_EXIT_FAILURE;
	}
	return settled ? TR_EXIT_OK : TR_EXIT_FINDINGS;
}
