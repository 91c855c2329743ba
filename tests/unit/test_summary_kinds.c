/*
 * test_summary_kinds.c: one main-block summary line at a time, through the
 * S_kinds table's parser of its kind (tr_sumparse_main_line). Each line is
 * written from SPEC.md §1 (not captured); the expected values are the
 * numbers written in the line, and the pgbench majors are SPEC.md's for
 * that spelling.
 */

/* internal test of: ingest */
#include "harness.h"
#include "ingest/ingest_summary_internal.h"
#include "util/error.h"

#include <math.h>

typedef struct {
	tr_summary out;
	tr_sumparse st;
	long line;
} S_text;

static void S_start(S_text *t)
{
	tr_summary_init(&t->out);
	memset(&t->st, 0, sizeof(t->st));
	t->st.out = &t->out;
	t->st.path = "run.txt";
	t->st.vmax = TR_PGBENCH_ANY;
	t->st.vmin_line_max = TR_PGBENCH_ANY;
	t->st.terminated = true;
	t->line = 0;
}

/* The kind the line turned out to be, or the error. */
static int S_read(S_text *t, const char *line)
{
	tr_cur c;
	size_t len = strlen(line);
	int k = tr_sumparse_main_kind(line, len, &c);
	t->line++;
	if (k < 0)
		return k;
	if ((k = tr_sumparse_main_line(&t->st, k, &c, line, len, t->line)) >= 0)
		t->st.main_seen[k] = t->line;
	return k;
}

static void test_counts(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "scaling factor: 50"), TR_SUMK_SCALE);
	CHECK_INT(t.out.scale, 50);
	CHECK_INT(S_read(&t, "number of clients: 16"), TR_SUMK_CLIENTS);
	CHECK_INT(t.out.clients, 16);
	CHECK_INT(S_read(&t, "number of threads: 4"), TR_SUMK_THREADS);
	CHECK_INT(t.out.threads, 4);
	CHECK_INT(S_read(&t, "duration: 60 s"), TR_SUMK_DURATION);
	CHECK_INT(t.out.duration_s, 60);
	CHECK_INT(S_read(&t, "number of transactions actually processed: 230184"),
	          TR_SUMK_PROCESSED);
	CHECK_INT(t.out.transactions, 230184);
	CHECK_INT(t.out.transactions_target, -1);
	/* none of these narrows the majors */
	CHECK_INT(t.st.vmin, 0);
	CHECK_INT(t.st.vmax, TR_PGBENCH_ANY);
	CHECK(t.out.damage == NULL);
	tr_summary_free(&t.out);
}

static void test_words(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "partition method: hash"), TR_SUMK_PMETHOD);
	CHECK_STR(t.out.partition_method, "hash");
	CHECK_INT(S_read(&t, "partitions: 8"), TR_SUMK_PARTS);
	CHECK_INT(t.out.partitions, 8);
	CHECK_INT(S_read(&t, "query mode: prepared"), TR_SUMK_QMODE);
	CHECK_STR(t.out.query_mode, "prepared");
	/* partitions are printed by 13 and later */
	CHECK_INT(t.st.vmin, 13);
	tr_summary_free(&t.out);
}

/* 15+: failures with "(P%)", the latency average "(including failures)". */
static void test_failures_15(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "maximum number of tries: 3"), TR_SUMK_MAXTRIES);
	CHECK_INT(t.out.max_tries, 3);
	CHECK_INT(S_read(&t, "number of failed transactions: 12 (0.005%)"),
	          TR_SUMK_FAILED);
	CHECK_INT(t.out.failed, 12);
	CHECK_DBL(t.out.failed_pct, 0.005, 0);
	CHECK_INT(S_read(&t, "number of serialization failures: 10 (0.004%)"),
	          TR_SUMK_SERIAL);
	CHECK_INT(t.out.serialization_failures, 10);
	CHECK_INT(S_read(&t, "number of deadlock failures: 2 (0.001%)"),
	          TR_SUMK_DEADLOCK);
	CHECK_INT(t.out.deadlock_failures, 2);
	CHECK_INT(S_read(&t, "number of transactions retried: 7 (0.003%)"),
	          TR_SUMK_RETRIED);
	CHECK_INT(t.out.retried, 7);
	CHECK_INT(S_read(&t, "total number of retries: 9"), TR_SUMK_RETRIES);
	CHECK_INT(t.out.retries, 9);
	CHECK_INT(S_read(&t, "latency average = 4.170 ms (including failures)"),
	          TR_SUMK_LATAVG);
	CHECK_DBL(t.out.latency_avg_ms, 4.170, 0);
	CHECK(t.out.latency_includes_failures);
	CHECK_INT(S_read(&t, "latency stddev = 1.250 ms"), TR_SUMK_LATSTD);
	CHECK_DBL(t.out.latency_stddev_ms, 1.250, 0);
	CHECK_INT(S_read(&t, "initial connection time = 12.345 ms"),
	          TR_SUMK_INITCONN);
	CHECK_DBL(t.out.initial_connection_ms, 12.345, 0);
	CHECK_INT(S_read(&t, "tps = 3836.719226 (without initial connection time)"),
	          TR_SUMK_TPS);
	CHECK_DBL(t.out.tps, 3836.719226, 0);
	CHECK_INT(t.out.tps_form, TR_TPS_WITHOUT_INITIAL);
	CHECK_INT(t.st.vmin, 15);
	CHECK_INT(t.st.vmax, TR_PGBENCH_ANY);
	tr_summary_free(&t.out);
}

/* 9.5-13: two tps lines that start alike; the latency limit "N (P %)"
 * (9.5-10) and the schedule lag. */
static void test_old_forms(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "number of transactions above the 50.0 ms latency "
	                     "limit: 12 (1.200 %)"),
	          TR_SUMK_LATE);
	CHECK_DBL(t.out.latency_limit_ms, 50.0, 0);
	CHECK_INT(t.out.above_limit, 12);
	CHECK_INT(S_read(&t, "rate limit schedule lag: avg 0.512 (max 12.250) ms"),
	          TR_SUMK_LAG);
	CHECK_DBL(t.out.lag_avg_ms, 0.512, 0);
	CHECK_DBL(t.out.lag_max_ms, 12.250, 0);
	CHECK_INT(S_read(&t, "tps = 1000.500000 (including connections establishing)"),
	          TR_SUMK_TPSINCL);
	CHECK_DBL(t.out.tps_including_connections, 1000.5, 0);
	CHECK_INT(S_read(&t, "tps = 1010.250000 (excluding connections establishing)"),
	          TR_SUMK_TPS);
	CHECK_DBL(t.out.tps, 1010.25, 0);
	CHECK_INT(t.out.tps_form, TR_TPS_EXCLUDING_CONNECTIONS);
	CHECK_INT(t.st.vmin, TR_PGBENCH_9X);
	CHECK_INT(t.st.vmax, 10);
	tr_summary_free(&t.out);
}

/* Only 11 prints the zipfian line; "NaN%" is PostgreSQL's spelling (12+)
 * and 18 prints no failure line when nothing was counted: 15-17. */
static void test_narrow(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "zipfian cache array overflowed 7 time(s)"),
	          TR_SUMK_ZIPF);
	CHECK_INT(t.out.zipfian_overflows, 7);
	CHECK_INT(t.st.vmin, 11);
	CHECK_INT(t.st.vmax, 11);
	tr_summary_free(&t.out);

	S_start(&t);
	CHECK_INT(S_read(&t, "number of failed transactions: 0 (NaN%)"),
	          TR_SUMK_FAILED);
	CHECK_INT(t.out.failed, 0);
	CHECK(isnan(t.out.failed_pct));
	CHECK_INT(t.st.vmin, 15);
	CHECK_INT(t.st.vmax, 17);
	tr_summary_free(&t.out);
}

/* A known line that does not read costs its value only; -t with -T, or
 * "N/M" without -t, cannot stand. */
static void test_damage_and_errors(void)
{
	S_text t;
	S_start(&t);
	CHECK_INT(S_read(&t, "number of clients: many"), TR_SUMK_CLIENTS);
	CHECK_INT(t.out.clients, -1);
	CHECK_STR(t.out.damage, "malformed pgbench summary line \"number of "
	                        "clients: many\": expected \"number of "
	                        "clients: N\"");
	CHECK_INT(t.out.damage_line, 1);
	CHECK_INT(S_read(&t, "number of transactions actually processed: 100/100"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(), "run.txt:2: malformed pgbench summary line "
	                           "\"number of transactions actually processed: "
	                           "100/100\": \"N/M\" is printed only after "
	                           "\"number of transactions per client\"");
	CHECK_INT(S_read(&t, "duration: 60 s"), TR_SUMK_DURATION);
	CHECK_INT(S_read(&t, "number of transactions per client: 10"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "run.txt:4: malformed pgbench summary line "
	                           "\"number of transactions per client: 10\": a "
	                           "run has either a duration or a number of "
	                           "transactions, not both");
	CHECK_INT(S_read(&t, "tps = 12.5 (of some new kind)"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "run.txt:5: malformed pgbench summary line "
	                           "\"tps = 12.5 (of some new kind)\": unknown kind "
	                           "of tps line");
	tr_summary_free(&t.out);
}

int main(void)
{
	RUN(test_counts);
	RUN(test_words);
	RUN(test_failures_15);
	RUN(test_old_forms);
	RUN(test_narrow);
	RUN(test_damage_and_errors);
	return harness_done();
}
