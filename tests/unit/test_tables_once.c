/* test_tables_once.c: the tables made on first use (the metric catalog's
 * derived rows, diff's metrics) are made once under pthread_once: eight
 * threads asking for them at the same moment, as the first users in the
 * process, all get the same rows, whole (a key that reads as the base key
 * plus its suffix). */

#include "harness.h"
#include "diff/diff.h"
#include "stats/metric.h"

#include <pthread.h>
#include <string.h>

#define S_THREADS 8

static pthread_barrier_t S_start;

typedef struct {
	const tr_metric *gap, *alias;
	const tr_diff_metric *dm;
	int di;
} S_seen;

static void *S_worker(void *arg)
{
	S_seen *s = arg;
	pthread_barrier_wait(&S_start);
	s->gap = tr_metric_find("latency_avg_ms_gap_pct");
	s->alias = tr_metric_find("value_ratio");
	s->dm = tr_diff_metric_get(0);
	s->di = tr_diff_metric_find("latency");
	return NULL;
}

static void test_first_use_at_once(void)
{
	pthread_t t[S_THREADS];
	S_seen seen[S_THREADS];
	memset(seen, 0, sizeof(seen));
	pthread_barrier_init(&S_start, NULL, S_THREADS);
	for (int i = 0; i < S_THREADS; i++)
		CHECK_INT(pthread_create(&t[i], NULL, S_worker, &seen[i]), 0);
	for (int i = 0; i < S_THREADS; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&S_start);
	for (int i = 0; i < S_THREADS; i++) {
		CHECK(seen[i].gap != NULL && seen[i].gap == seen[0].gap);
		CHECK(seen[i].alias != NULL && seen[i].alias == seen[0].alias);
		CHECK(seen[i].dm != NULL && seen[i].dm == seen[0].dm);
		CHECK_INT(seen[i].di, seen[0].di);
	}
	if (seen[0].gap)
		CHECK_STR(seen[0].gap->key, "latency_avg_ms_gap_pct");
	if (seen[0].alias)
		CHECK_STR(seen[0].alias->key, "value_ratio");
	if (seen[0].dm)
		CHECK_STR(seen[0].dm->key, "tps");
	CHECK(seen[0].di >= 0);
}

int main(void)
{
	RUN(test_first_use_at_once);
	return harness_done();
}
