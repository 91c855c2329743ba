/* pool.c: run independent jobs on a few threads.
 *
 * Jobs are handed out by an atomic counter, so a thread that finishes a
 * small file takes the next one at once; nothing is shared between jobs,
 * so the caller's merge in index order makes the result independent of
 * which thread ran what. */

#include "pool.h"
#include "alloc.h"
#include "error.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
	atomic_size_t next;
	size_t njobs;
	void (*job)(void *, size_t, int);
	void *ctx;
} S_pool;

typedef struct {
	S_pool *pool;
	int worker;
} S_arg;

static void S_work(S_pool *p, int worker)
{
	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);
		if (i >= p->njobs)
			break;
		p->job(p->ctx, i, worker);
	}
}

static void *S_thread(void *arg)
{
	S_arg *a = arg;
	S_work(a->pool, a->worker);
	return NULL;
}

int tr_cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : (n > 256 ? 256 : (int)n);
}

int tr_pool_threads(int threads, size_t njobs)
{
	if (threads <= 0)
		threads = tr_cpu_count();
	if ((size_t)threads > njobs)
		threads = njobs ? (int)njobs : 1;
	return threads;
}

int tr_pool_run(int threads, size_t njobs,
                void (*job)(void *ctx, size_t i, int worker), void *ctx)
{
	S_pool pool;
	pthread_t *tids;
	S_arg *args;
	int started = 0, rc = 0;

	threads = tr_pool_threads(threads, njobs);
	atomic_init(&pool.next, 0);
	pool.njobs = njobs;
	pool.job = job;
	pool.ctx = ctx;
	if (threads <= 1) {
		S_work(&pool, 0);
		return 0;
	}
	tids = tr_calloc((size_t)threads, sizeof(pthread_t));
	args = tr_calloc((size_t)threads, sizeof(S_arg));
	if (tids && args) {
		/* The calling thread is worker 0; helpers are 1 .. threads-1. */
		for (int i = 1; i < threads; i++) {
			args[i].pool = &pool;
			args[i].worker = i;
			if (pthread_create(&tids[i], NULL, S_thread, &args[i]) != 0) {
				rc = tr_error_set("could not start a worker thread");
				break;
			}
			started = i;
		}
	}
	S_work(&pool, 0);
	for (int i = 1; i <= started; i++)
		pthread_join(tids[i], NULL);
	free(tids);
	free(args);
	return rc;
}
