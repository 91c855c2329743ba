#ifndef TR_BENCH_INTERNAL_H
#define TR_BENCH_INTERNAL_H

/* Shared by the .c files of src/bench only. */

#include "bench.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/alloc.h"
#include "util/str.h"
#include "util/file.h"
#include "util/number.h"

#include <stdatomic.h>
#include <sys/types.h>

typedef enum tr_bench_kind {
	TR_BENCH_INIT,
	TR_BENCH_WARMUP,
	TR_BENCH_RUN
} tr_bench_kind;

/* One pgbench invocation. */
typedef struct tr_bench_step {
	tr_bench_kind kind;
	char *stem;              /* "init", "warmup", "run1", "c4-run1" */
	char *out;               /* results/P/S/<stem>.txt, relative to the study */
	char **argv;             /* pgbench and its arguments, NULL-terminated */
	int duration_s;          /* -T (or warmup); -1 unknown */
	bool complete;           /* a run whose file already holds a summary */
} tr_bench_step;

/* One provider x scenario. */
typedef struct tr_bench_target {
	const tr_provider *provider;
	const tr_scenario *scenario;
	char *reldir;            /* results/P/S */
	char *conninfo;          /* the provider's, with the scenario's database */
	char *where;             /* the same without secrets, for messages */
	bool facts;              /* write results/P/facts.json first */
	char *init_why;          /* why tables that exist are loaded again */
	tr_bench_step *steps;
	size_t nsteps, steps_cap;
} tr_bench_target;

struct tr_bench {
	tr_bench_options opts;
	char *study;
	tr_config config;
	tr_provider *providers;
	size_t nproviders;
	tr_scenario *scenarios;
	size_t nscenarios;
	char *pgbench;           /* the binary as exec'd */
	char *pgbench_version;   /* its --version line */
	tr_bench_target *targets;
	size_t ntargets, targets_cap;
	atomic_int interrupted;  /* set by tr_bench_interrupt() */
	atomic_int child;        /* pid of the running pgbench, 0 none */
	int lock_fd;             /* results/.tpsreport-run.lock, held; -1 */
	int64_t t0_us;
};

/* ---- plan.c: reading and checking the plan ---------------------------- */
int tr_bench_plan(tr_bench *b);
/* Whether results/P/S/<stem>.txt holds a complete pgbench summary; *tps
 * (may be NULL) its tps then, else NaN. */
bool tr_bench_run_complete(const tr_bench *b, const tr_bench_step *s,
                           double *tps);

/* Mark the run steps whose files hold a complete summary (and a warm-up
 * with nothing left after it) as complete, from what is on disk now. */
void tr_bench_mark_complete(tr_bench *b, tr_bench_target *t);

/* ---- lock.c: one writer per study, no pgbench left behind ------------- */

/* Create results/ and hold its lock file for the life of b (released by
 * the kernel when the process ends). Held by another: an error naming it
 * (pid, start time, host). */
int tr_bench_lock(tr_bench *b);
/* A pgbench recorded by an earlier run that still runs: an error naming
 * it, nothing started. A record whose process is gone is removed. */
int tr_bench_orphans(tr_bench *b);
/* Record the running pgbench (pid, writing out), and forget it. */
int tr_bench_pid_write(tr_bench *b, long pid, const char *out);
void tr_bench_pid_clear(tr_bench *b);

/* ---- exec.c: running pgbench ------------------------------------------ */

/* Monotonic clock in microseconds. */
int64_t tr_bench_now_us(void);

/*
 * Run argv (argv[0] the binary) in the study folder with stdout and stderr
 * into out_path (created, must not exist) and stdin from /dev/null.
 * tick(ctx, seconds) is called about twice a second while it runs. After
 * tr_bench_interrupt() the child gets SIGINT (SIGKILL 10 s later).
 * *status is its waitpid() status; *times (may be NULL) its wall clock
 * and CPU times. 0, or TR_ERROR when it could not start.
 */
typedef struct tr_bench_times {
	double real_s, user_s, sys_s;
} tr_bench_times;

int tr_bench_exec(int *status, tr_bench_times *times, tr_bench *b,
                  char *const *argv, const char *out_path,
                  void (*tick)(void *, double), void *ctx);

/* The first line argv prints on stdout (for --version). 0 or TR_ERROR;
 * a program that has not printed and exited within timeout_s is killed
 * (its process group) and is an error saying what was waited for. */
#define TR_BENCH_VERSION_TIMEOUT_S 10.0
int tr_bench_capture(char **out, char *const *argv, double timeout_s);

/* argv as one line sh would read back (words quoted where needed). */
int tr_bench_shell_line(tr_buf *out, char *const *argv);

/* ---- sampler.c: the sampler around one command (run and sample) ------- */

/* Start the sampler beside a command whose pid *pid will hold (0 before
 * and after). 0, or an error with its message and *out NULL. */
int tr_bench_sampler_begin(tr_sampler **out, const char *conninfo,
                           double interval_s, const char *stem, atomic_int *pid);
/* End it (the last sample) and write its runN.server.json to path
 * atomically (NULL path: nothing written). NULL smp: nothing. 0, TR_ENOMEM, or TR_ERROR with a message
 * naming path when it could not be written. smp is freed in every case. */
int tr_bench_sampler_end(tr_sampler *smp, const char *path);

#endif
