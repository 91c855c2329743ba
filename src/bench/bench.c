/* bench.c: opening, interrupting and closing a tr_bench. */

#include "bench_internal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tr_bench_options_init(tr_bench_options *opts)
{
	memset(opts, 0, sizeof(*opts));
}

/* Before anything is run (and after every check, which write nothing):
 * the study's lock, no pgbench of an earlier run still running, and what
 * is complete read again under the lock (another run may have written
 * since the plan first looked). A dry run writes nothing and takes none. */
static int S_take_study(tr_bench *b)
{
	int rc;
	if (b->opts.dry_run)
		return 0;
	if ((rc = tr_bench_lock(b)) < 0 || (rc = tr_bench_orphans(b)) < 0)
		return rc;
	for (size_t i = 0; i < b->ntargets; i++)
		tr_bench_mark_complete(b, &b->targets[i]);
	return 0;
}

int tr_bench_open(tr_bench **out, const tr_bench_options *opts)
{
	tr_bench *b;
	int rc;

	*out = NULL;
	if (!opts->study)
		return tr_error_set("no study folder given");
	if (!(b = tr_calloc(1, sizeof(*b))))
		return TR_ENOMEM;
	b->opts = *opts;
	atomic_init(&b->interrupted, 0);
	atomic_init(&b->child, 0);
	b->lock_fd = -1;
	b->t0_us = tr_bench_now_us();
	if (!(b->study = tr_strdup(opts->study))) {
		tr_bench_close(b);
		return TR_ENOMEM;
	}
	if ((rc = tr_bench_plan(b)) < 0 || (rc = S_take_study(b)) < 0) {
		tr_bench_close(b);
		return rc;
	}
	*out = b;
	return 0;
}

void tr_bench_interrupt(tr_bench *b)
{
	int pid;
	if (!b)
		return;
	atomic_store(&b->interrupted, 1);
	pid = atomic_load(&b->child);
	if (pid > 0)
		kill(-(pid_t)pid, SIGINT); /* its process group (exec.c) */
}

static void S_argv_free(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

void tr_bench_close(tr_bench *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->ntargets; i++) {
		tr_bench_target *t = &b->targets[i];
		for (size_t k = 0; k < t->nsteps; k++) {
			free(t->steps[k].stem);
			free(t->steps[k].out);
			S_argv_free(t->steps[k].argv);
		}
		free(t->steps);
		free(t->reldir);
		free(t->conninfo);
		free(t->where);
		free(t->init_why);
	}
	free(b->targets);
	for (size_t i = 0; i < b->nproviders; i++)
		tr_provider_free(&b->providers[i]);
	free(b->providers);
	for (size_t i = 0; i < b->nscenarios; i++)
		tr_scenario_free(&b->scenarios[i]);
	free(b->scenarios);
	tr_config_free(&b->config);
	free(b->pgbench);
	free(b->pgbench_version);
	free(b->study);
	if (b->lock_fd >= 0)
		close(b->lock_fd); /* the lock goes with it; the file stays */
	free(b);
}
