/* bench_txlog.c: time tr_txlog_parse over a file (see txlog.sh). */

#include "ingest/ingest.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double S_clock(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	tr_buf buf = TR_BUF_INIT;
	double best = 1e9, best_cpu = 1e9;
	int reps = argc > 2 ? atoi(argv[2]) : 5;
	if (argc < 2 || tr_file_read(&buf, argv[1]) < 0) {
		fprintf(stderr, "usage: bench_txlog FILE [REPS]\n");
		return 2;
	}
	for (int i = 0; i < reps; i++) {
		tr_txlog_stats s;
		double t0, c0, t, c;
		tr_txlog_stats_init(&s);
		t0 = S_clock(CLOCK_MONOTONIC);
		c0 = S_clock(CLOCK_THREAD_CPUTIME_ID);
		if (tr_txlog_parse(&s, buf.ptr, buf.size, argv[1]) < 0) {
			fprintf(stderr, "%s\n", tr_error_last());
			return 1;
		}
		t = S_clock(CLOCK_MONOTONIC) - t0;
		c = S_clock(CLOCK_THREAD_CPUTIME_ID) - c0;
		if (t < best)
			best = t;
		if (c < best_cpu)
			best_cpu = c;
		if (i == reps - 1)
			printf("%lld lines, %lld ok, p50 %.0f p99 %.0f us; ",
			       (long long)s.lines, (long long)s.transactions,
			       tr_hist_percentile(&s.latency, 50),
			       tr_hist_percentile(&s.latency, 99));
		tr_txlog_stats_free(&s);
	}
	/* CPU time too: on a shared machine the wall clock also counts the
	 * time spent waiting for a core. */
	printf("best of %d: %.3f s, %.0f MB/s (CPU time: %.3f s, %.0f MB/s)\n",
	       reps, best, (double)buf.size / best / 1e6, best_cpu,
	       (double)buf.size / best_cpu / 1e6);
	tr_buf_free(&buf);
	return 0;
}
