#ifndef TR_BENCH_H
#define TR_BENCH_H

/*
 * bench: `tpsreport run`, the plan of tpsreport.ini run with the real
 * pgbench into the study's results/ (docs/run.md). For each provider and
 * scenario: `pgbench -i -s N` when the tables are missing (or asked for),
 * settle, a warm-up, then each run, settling before it; stdout and stderr
 * together into results/P/S/<run>.txt, the logs named <run>.<pid>[.<n>] as
 * ingest reads them; the server's facts into results/P/facts.json.
 *
 * Everything is checked before anything runs (tr_bench_open): the plan,
 * the pgbench binary, every server. Running is resumable: a run whose file
 * holds a complete summary is skipped; an incomplete one's files are moved
 * under results/P/S/.interrupted/<time>/, never deleted.
 *
 * Library rules hold: nothing here prints or exits; what happens is told
 * through the event callback, failures are returned with one message.
 * libpq stays in probe; this module forks and execs pgbench.
 */

#include "model/model.h"
#include <stddef.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum tr_bench_event_kind {
	TR_BENCH_EV_COMMAND,     /* text: the command about to run (or, with
	                            dry_run, that would run), as sh would take it */
	TR_BENCH_EV_SKIP,        /* text: why step is not run (complete) */
	TR_BENCH_EV_MOVED,       /* text: where an earlier attempt's files went */
	TR_BENCH_EV_SETTLE,      /* text: the settle's outcome */
	TR_BENCH_EV_NOTE,        /* text: why a step runs (tables loaded again) */
	TR_BENCH_EV_PROGRESS,    /* now_s, step_s, left_s: about twice a second */
	TR_BENCH_EV_DONE,        /* a step ended well; tps for a run (NaN else) */
	TR_BENCH_EV_FAILED,      /* text: why the scenario stops */
	TR_BENCH_EV_INTERRUPTED  /* text: what was kept and where the rest went */
} tr_bench_event_kind;

typedef struct tr_bench_event {
	tr_bench_event_kind kind;
	const char *provider;
	const char *scenario;
	const char *step;        /* "init", "warmup", "run1", "c4-run2", "settle" */
	const char *text;        /* may be NULL */
	size_t index;            /* 1-based number of this pgbench step ... */
	size_t total;            /* ... of this many left to run when it began */
	double now_s;            /* seconds into the step */
	double step_s;           /* its expected length (-T), NaN unknown */
	double left_s;           /* of the whole plan, NaN unknown */
	double tps;
} tr_bench_event;

typedef struct tr_bench_options {
	const char *study;       /* the study folder */
	const char *provider;    /* only this [provider], or NULL for all */
	const char *scenario;    /* only this [scenario], or NULL for all */
	const char *pgbench;     /* the binary; NULL: pgbench on PATH */
	bool dry_run;            /* check, then tell each command; run none */
	bool init;               /* pgbench -i even where the tables exist */
	bool force;              /* allow --init to drop loaded tables */
	double settle_timeout_s; /* 0: settle's default (1800) */
	void (*event)(void *ctx, const tr_bench_event *ev);
	void *ctx;
} tr_bench_options;

void tr_bench_options_init(tr_bench_options *opts);

typedef struct tr_bench tr_bench;

/*
 * Read the plan of STUDY/tpsreport.ini and check everything: every plan
 * key and pgbench argument (errors "tpsreport.ini:LINE: ..."), the pgbench
 * binary (it must answer --version), every selected provider's server and
 * tables (errors naming the provider). Nothing is run and nothing written.
 * On failure *out is NULL and the message is one line. The caller closes
 * *out with tr_bench_close().
 */
int tr_bench_open(tr_bench **out, const tr_bench_options *opts);

/*
 * Run (or with dry_run, tell) the plan. 0 when every scenario ran to its
 * end; TR_ERROR when some scenario stopped (pgbench failed; each told by a
 * FAILED event, the others still ran); a negative
 * code with a message when the study could not be written. After
 * tr_bench_interrupt() it stops as soon as pgbench has exited, and returns
 * TR_BENCH_INTERRUPTED.
 */
#define TR_BENCH_INTERRUPTED (-10)
int tr_bench_run(tr_bench *b);

/* Number of pgbench invocations tr_bench_run() would start. */
size_t tr_bench_pending(const tr_bench *b);

/* Ask a running tr_bench_run() to stop: SIGINT to the running pgbench,
 * nothing new starts. Async-signal-safe (for a SIGINT handler). */
void tr_bench_interrupt(tr_bench *b);

void tr_bench_close(tr_bench *b);

/* ---- `tpsreport sample`: the sampler beside one command --------------- */

/*
 * The program name would run as: a name holding '/' as given, else the
 * first executable NAME of PATH's folders (as execvp looks). *out is new
 * (free). TR_ENOTFOUND with "NAME: not found on PATH", or TR_ENOMEM.
 */
int tr_bench_which(char **out, const char *name);

typedef struct tr_bench_sample_options {
	const char *conninfo;    /* the server and database to watch */
	double interval_s;       /* TR_SAMPLER_MIN_S .. TR_SAMPLER_MAX_S */
	const char *stem;        /* the file's "run" ("run4" of run4.server.json) */
	const char *out;         /* the file, written atomically */
	char *const *argv;       /* the command; argv[0] its binary's path */
	/* The command's pid while it runs, 0 before and after: a signal
	 * handler of the caller may pass a signal on to it. */
	atomic_int *pid;
} tr_bench_sample_options;

/*
 * Run argv with the sampler beside it, exactly as `run` runs pgbench with
 * it: stdin, stdout and stderr are the caller's, the same process group
 * (a Ctrl-C at the terminal reaches it). *status is its
 * waitpid() status (an exec failure: exit 126, said on stderr by the
 * child). 0 when the file is written; else an error whose message names
 * the file or the failure (*status -1 when the command never started).
 */
int tr_bench_sample(int *status, const tr_bench_sample_options *o);

#endif
