/* run.c: `tpsreport run STUDY`: run the plan of tpsreport.ini with the
 * real pgbench into results/ (docs/run.md). The work is src/bench's; this
 * file parses options, handles Ctrl-C and prints. */

#include "bench/bench.h"
#include "util/buf.h"
#include "cli.h"

#include <float.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char S_help[] =
	"Usage: tpsreport run STUDY [OPTION]...\n"
	"Run the benchmark plan of STUDY/tpsreport.ini with pgbench, into\n"
	"STUDY/results/<provider>/<scenario>/, as the seed articles' scripts do:\n"
	"pgbench -i -s N where the tables are missing, settle (CHECKPOINT, wait\n"
	"for autovacuum), a warm-up, then for each run settle and pgbench with\n"
	"its output in runN.txt and its logs beside it. The server's version and\n"
	"settings go into results/<provider>/facts.json; beside each warm-up and\n"
	"run, the server's waits, checkpoints and counters and the client's CPU,\n"
	"sampled every [study] sample (default 1s; off), into runN.server.json.\n"
	"\n"
	"  -p, --provider=P  only [provider P]\n"
	"  -s, --scenario=S  only [scenario S]\n"
	"  -n, --dry-run     check everything, print every command, run none\n"
	"      --pgbench=PATH  the pgbench binary (default: pgbench on PATH)\n"
	"      --init        run pgbench -i even where the tables are loaded\n"
	"      --force       let --init drop tables that hold data\n"
	"      --settle-timeout=S  stop waiting for autovacuum after S seconds\n"
	"                    (default 1800) and run anyway\n"
	"  -h, --help        show this help\n"
	"\n"
	"The plan: [provider P] conninfo = (a libpq string or service=NAME;\n"
	"passwords only in ~/.pgpass, PGPASSWORD or the service file);\n"
	"[scenario S] pgbench = (the arguments; -c {1,2,4} -j {1,2} sweeps\n"
	"every combination), scale =, runs = (3), warmup = (seconds, 0),\n"
	"log = aggregate N | transactions | none (aggregate 10), database =.\n"
	"See docs/run.md.\n"
	"\n"
	"Everything is checked before anything runs. Runs already complete are\n"
	"skipped, so after Ctrl-C or a failure the same command resumes; the\n"
	"files of a run that did not finish go to results/P/S/.interrupted/.\n"
	"One run at a time writes a study (results/.tpsreport-run.lock); pgbench\n"
	"dies with tpsreport, and a resume refuses while an earlier run's pgbench\n"
	"still runs. Tables pgbench -i did not finish (no primary keys) are\n"
	"loaded again (--init --force where they hold rows), never measured.\n"
	"\n"
	"Exit status: 0 every scenario ran, 2 bad plan, unreachable server,\n"
	"missing pgbench, another run on the study, a scenario stopped by a\n"
	"failing pgbench, or Ctrl-C.\n";

typedef struct {
	bool tty;
	bool line_shown;
	bool dry_run;
	double last_tick;
} S_ctx;

static tr_bench *volatile S_running;

static void S_on_signal(int sig)
{
	/* A second signal ends us the default way. */
	signal(sig, SIG_DFL);
	tr_bench_interrupt(S_running);
}

static void S_clear(S_ctx *c)
{
	if (c->line_shown)
		fputs("\r\033[K", stderr);
	c->line_shown = false;
}

/* "1 h 05 min", "3 min 20 s", "42 s". */
static void S_duration(tr_buf *b, double s)
{
	long t = (long)ceil(s);
	if (t >= 3600)
		tr_buf_printf(b, "%ld h %02ld min", t / 3600, t % 3600 / 60);
	else if (t >= 60)
		tr_buf_printf(b, "%ld min %02ld s", t / 60, t % 60);
	else
		tr_buf_printf(b, "%ld s", t);
}

static void S_progress(S_ctx *c, const tr_bench_event *ev)
{
	tr_buf line = TR_BUF_INIT;
	if (!c->tty || ev->now_s - c->last_tick < 0.9)
		return;
	c->last_tick = ev->now_s;
	tr_buf_printf(&line, "[%zu/%zu] %s/%s %s ", ev->index, ev->total,
	              ev->provider, ev->scenario, ev->step);
	S_duration(&line, ev->now_s);
	if (isfinite(ev->step_s)) {
		tr_buf_puts(&line, " of ");
		S_duration(&line, ev->step_s);
	}
	if (isfinite(ev->left_s)) {
		tr_buf_puts(&line, ", about ");
		S_duration(&line, ev->left_s);
		tr_buf_puts(&line, " left in all");
	}
	fprintf(stderr, "\r%s\033[K", tr_buf_cstr(&line));
	fflush(stderr);
	c->line_shown = true;
	tr_buf_free(&line);
}

static void S_event(void *arg, const tr_bench_event *ev)
{
	S_ctx *c = arg;
	const char *step = ev->step ? ev->step : "";
	if (ev->kind == TR_BENCH_EV_PROGRESS) {
		S_progress(c, ev);
		return;
	}
	S_clear(c);
	c->last_tick = -1;
	switch (ev->kind) {
	case TR_BENCH_EV_COMMAND:
		if (c->dry_run)
			printf("%s\n", ev->text);
		else
			fprintf(stderr, "[%zu/%zu] %s/%s %s: %s\n", ev->index, ev->total,
			        ev->provider, ev->scenario, step, ev->text);
		break;
	case TR_BENCH_EV_SKIP:
	case TR_BENCH_EV_NOTE:
		if (c->dry_run)
			printf("# %s/%s %s: %s\n", ev->provider, ev->scenario, step,
			       ev->text);
		else
			fprintf(stderr, "%s/%s %s: %s\n", ev->provider, ev->scenario, step,
			        ev->text);
		break;
	case TR_BENCH_EV_DONE:
		if (isfinite(ev->tps))
			fprintf(stderr, "%s/%s %s: done, %.1f tps\n", ev->provider,
			        ev->scenario, step, ev->tps);
		else
			fprintf(stderr, "%s/%s %s: done\n", ev->provider, ev->scenario,
			        step);
		break;
	case TR_BENCH_EV_FAILED:
		fprintf(stderr, "tpsreport: %s/%s %s: %s; this scenario stops here\n",
		        ev->provider, ev->scenario, step, ev->text ? ev->text : "");
		break;
	default:
		fprintf(stderr, "%s/%s %s: %s\n", ev->provider, ev->scenario, step,
		        ev->text ? ev->text : "");
		break;
	}
	fflush(stdout);
	fflush(stderr);
}

static int S_parse(tr_bench_options *o, int argc, char **argv)
{
	enum { S_PGBENCH = 1000, S_INIT, S_FORCE, S_SETTLE };
	static const struct option longopts[] = {
		{ "provider", required_argument, NULL, 'p' },
		{ "scenario", required_argument, NULL, 's' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "pgbench", required_argument, NULL, S_PGBENCH },
		{ "init", no_argument, NULL, S_INIT },
		{ "force", no_argument, NULL, S_FORCE },
		{ "settle-timeout", required_argument, NULL, S_SETTLE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":p:s:nh", longopts, NULL)) != -1) {
		switch (c) {
		case 'p': o->provider = optarg; break;
		case 's': o->scenario = optarg; break;
		case 'n': o->dry_run = true; break;
		case S_PGBENCH: o->pgbench = optarg; break;
		case S_INIT: o->init = true; break;
		case S_FORCE: o->force = true; break;
		case S_SETTLE:
			/* Above 0: the smallest double that is. */
			if (tr_cli_arg_seconds(&o->settle_timeout_s, "run",
			                       "--settle-timeout", optarg,
			                       DBL_TRUE_MIN) < 0)
				return -1;
			break;
		case 'h':
			fputs(S_help, stdout);
			return 1;
		default:
			return tr_cli_getopt_error("run", c, argv, optind), -1;
		}
	}
	if (optind >= argc)
		return tr_cli_usage_error("run", "which study? (tpsreport run STUDY)"), -1;
	if (argc - optind > 1)
		return tr_cli_usage_error("run", "one study at a time ('%s' is one "
		                          "too many)", argv[optind + 1]), -1;
	if (o->force && !o->init)
		return tr_cli_usage_error("run", "--force only goes with --init"), -1;
	o->study = argv[optind];
	return 0;
}

int tr_cmd_run(int argc, char **argv)
{
	tr_bench_options o;
	S_ctx ctx;
	tr_bench *b = NULL;
	struct sigaction sa, old_int, old_term, old_hup;
	int rc;

	tr_bench_options_init(&o);
	if ((rc = S_parse(&o, argc, argv)) != 0)
		return rc > 0 ? TR_EXIT_OK : TR_EXIT_FAILURE;
	memset(&ctx, 0, sizeof(ctx));
	ctx.tty = isatty(STDERR_FILENO);
	ctx.dry_run = o.dry_run;
	ctx.last_tick = -1;
	o.event = S_event;
	o.ctx = &ctx;
	if (tr_bench_open(&b, &o) < 0) {
		tr_cli_error_last();
		return TR_EXIT_FAILURE;
	}
	S_running = b;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = S_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup); /* the terminal closed */
	if (!o.dry_run)
		fprintf(stderr, "tpsreport: %zu pgbench run%s to do in %s\n",
		        tr_bench_pending(b), tr_bench_pending(b) == 1 ? "" : "s",
		        o.study);
	rc = tr_bench_run(b);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	S_running = NULL;
	S_clear(&ctx);
	tr_bench_close(b);
	if (rc == TR_BENCH_INTERRUPTED) {
		tr_cli_error("interrupted: the complete runs are kept (an "
		             "unfinished one goes under its scenario's .interrupted/); "
		             "run 'tpsreport run %s' again to resume", o.study);
		return TR_EXIT_FAILURE;
	}
	if (rc < 0) {
		tr_cli_error_last();
		return TR_EXIT_FAILURE;
	}
	if (!o.dry_run)
		fprintf(stderr, "tpsreport: done; 'tpsreport build %s -o OUT' makes "
		        "the report\n", o.study);
	return TR_EXIT_OK;
}
