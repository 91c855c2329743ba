/* pool.c: run independent jobs on a few threads.
 *
 * Jobs are handed out by an atomic counter, so a thread that finishes a
 * small file takes the next one at once; nothing is shared between jobs,
 * so the caller's merge in index order makes the result independent of
 * which thread ran what. */

#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
	atomic_size_t next;
	size_t njobs;
	void (*job)(void *, size_t);
	void *ctx;
} S_pool;

static void *S_worker(void *arg)
{
	S_pool *p = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);
		if (i >= p->njobs)
			break;
		p->job(p->ctx, i);
	}
	return NULL;
}

int tr_cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : (n > 256 ? 256 : (int)n);
}

int tr_pool_run(int threads, size_t njobs, void (*job)(void *ctx, size_t i),
                void *ctx)
{
	S_pool pool;
	pthread_t *tids;
	int started = 0, rc = 0;

	if (threads <= 0)
		threads = tr_cpu_count();
	if ((size_t)threads > njobs)
		threads = (int)njobs;
	atomic_init(&pool.next, 0);
	pool.njobs = njobs;
	pool.job = job;
	pool.ctx = ctx;
	if (threads <= 1) {
		S_worker(&pool);
		return 0;
	}
	tids = tr_calloc((size_t)threads, sizeof(pthread_t));
	if (tids) {
		/* The calling thread works too: threads-1 helpers. */
		for (int i = 0; i < threads - 1; i++) {
			if (pthread_create(&tids[i], NULL, S_worker, &pool) != 0) {
				rc = tr_error_set("could not start a worker thread");
				break;
			}
			started++;
		}
	}
	S_worker(&pool);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	free(tids);
	return rc;
}
