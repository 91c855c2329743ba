#ifndef TR_UTIL_POOL_H
#define TR_UTIL_POOL_H

/* util/pool.h: independent jobs on a few threads. */

#include <stddef.h>

#include "util/base.h"

/*
 * How many threads tr_pool_run will use for njobs jobs when asked for
 * `threads` (0: one per online CPU): at least 1, at most njobs.
 */
int tr_pool_threads(int threads, size_t njobs);

/*
 * Run job(ctx, i, worker) for i in [0, njobs) on tr_pool_threads(threads,
 * njobs) threads, the calling one included (worker 0), each job taken by
 * whichever thread is free. `worker` (0 .. threads-1) lets a job use
 * per-thread scratch space the caller prepared. Jobs must write only to
 * their own slot of ctx; results are then merged by the caller in index
 * order, so output never depends on scheduling. Returns 0, or TR_ERROR if
 * threads could not be started (the jobs then run on fewer threads).
 */
int tr_pool_run(int threads, size_t njobs,
                void (*job)(void *ctx, size_t i, int worker), void *ctx);
/* Online CPUs (at least 1). */
int tr_cpu_count(void);

#endif
