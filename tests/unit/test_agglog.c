/* test_agglog.c: aggregate logs (src/ingest/agglog.c).
 *
 * Every field of every line of the fixtures is compared with this file's
 * own reading (strtoull per field); the real pgbench 15 logs are also
 * checked against what pgbench printed for the same run. */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <dirent.h>
#include <stdint.h>

/* The fields of an interval in file order. */
static void S_fields(const tr_agg_interval *a, uint64_t f[16])
{
	f[0] = (uint64_t)a->start;
	f[1] = (uint64_t)a->transactions;
	f[2] = (uint64_t)a->sum_latency;
	f[3] = a->sum_latency2;
	f[4] = (uint64_t)a->min_latency;
	f[5] = (uint64_t)a->max_latency;
	f[6] = (uint64_t)a->sum_lag;
	f[7] = a->sum_lag2;
	f[8] = (uint64_t)a->min_lag;
	f[9] = (uint64_t)a->max_lag;
	f[10] = (uint64_t)a->skipped;
	f[11] = (uint64_t)a->retried;
	f[12] = (uint64_t)a->retries;
	f[13] = (uint64_t)a->serialization_failures;
	f[14] = (uint64_t)a->deadlock_failures;
	f[15] = (uint64_t)a->other_failures;
}

/* Compare every field of the parsed intervals [from, log->count) with an
 * independent reading of text. Returns the number of lines. */
static int S_compare(const tr_agglog *log, size_t from, const char *text,
                     int want_fields)
{
	char *copy = strdup(text), *save = NULL, *line;
	size_t i = from;
	int lines = 0;
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), i++, lines++) {
		uint64_t want[16] = { 0 }, got[16];
		char *p = line, *end;
		int n = 0;
		while (*p) {
			want[n++] = strtoull(p, &end, 10);
			p = *end ? end + 1 : end;
		}
		CHECK_INT(n, want_fields);
		if (i >= log->count) {
			CHECK(i < log->count);
			break;
		}
		S_fields(&log->items[i], got);
		for (int k = 0; k < 16; k++)
			if (got[k] != want[k]) {
				char m[200];
				snprintf(m, sizeof m, "line %d field %d: %llu, expected %llu",
				         lines + 1, k + 1, (unsigned long long)got[k],
				         (unsigned long long)want[k]);
				harness_check(0, __FILE__, __LINE__, m);
			} else {
				harness_check(1, __FILE__, __LINE__, "");
			}
	}
	CHECK_INT(log->count, i);
	free(copy);
	return lines;
}

static void S_run(const char *dir, const char *prefix, int nfields,
                  int64_t *tx, int64_t *skipped, int64_t *retried,
                  int64_t *retries, int64_t *serial)
{
	char names[4][256];
	int n = harness_thread_files(names, 4, dir, prefix);
	harness_current = prefix;
	CHECK_INT(n, 2);
	*tx = *skipped = *retried = *retries = *serial = 0;
	for (int f = 0; f < n; f++) {
		tr_agglog log = { 0 };
		size_t len;
		char *text = harness_read(names[f], &len);
		int rc = tr_agglog_parse(&log, text, len, names[f]);
		if (rc)
			fprintf(stderr, "%s\n", tr_error_last());
		CHECK_INT(rc, 0);
		CHECK_INT(log.nfields, nfields);
		CHECK(log.count > 0);
		S_compare(&log, 0, text, nfields);
		for (size_t i = 0; i < log.count; i++) {
			const tr_agg_interval *a = &log.items[i];
			*tx += a->transactions;
			*skipped += a->skipped;
			*retried += a->retried;
			*retries += a->retries;
			*serial += a->serialization_failures;
			if (i > 0)
				CHECK_INT(a->start, log.items[i - 1].start + 1);
		}
		tr_agglog_free(&log);
		CHECK(log.items == NULL && log.count == 0);
		free(text);
	}
}

static long long S_summary(const char *dir, const char *prefix,
                           const char *label)
{
	char path[256];
	char *t, *p;
	long long v = -1;
	snprintf(path, sizeof path, "%s/%s.txt", dir, prefix);
	t = harness_read(path, NULL);
	if ((p = strstr(t, label)) != NULL)
		v = strtoll(p + strlen(label), NULL, 10);
	free(t);
	return v;
}

static void test_pg15(void)
{
	const char *dir = "tests/fixtures/logs/15";
	int64_t tx, sk, rd, rs, se;
	long long processed;

	/* The last, partial interval is never written, so the logs hold a
	 * little less than the run's totals; never more. */
	S_run(dir, "agg", 15, &tx, &sk, &rd, &rs, &se);
	processed = S_summary(dir, "agg",
	                      "number of transactions actually processed: ");
	CHECK(tx > processed * 6 / 10 && tx <= processed);
	CHECK_INT(sk, 0);
	CHECK_INT(rd, 0);

	S_run(dir, "rateagg", 15, &tx, &sk, &rd, &rs, &se);
	processed = S_summary(dir, "rateagg",
	                      "number of transactions actually processed: ");
	CHECK(tx > processed / 2 && tx <= processed);
	CHECK(sk > 0 &&
	      sk <= S_summary(dir, "rateagg", "number of transactions skipped: "));

	S_run(dir, "seragg", 15, &tx, &sk, &rd, &rs, &se);
	CHECK(rd > 0 && rd <= S_summary(dir, "seragg",
	                                "number of transactions retried: "));
	CHECK(rs >= rd && rs <= S_summary(dir, "seragg",
	                                  "total number of retries: "));
	CHECK(se > 0 && se <= S_summary(dir, "seragg",
	                                "number of serialization failures: "));
}

static void test_pg15_literal(void)
{
	/* The first line of agg's thread 0, read by eye:
	 * 1796028843 339 395501 524364725 313 4594 0 0 0 0 0 0 0 0 0 */
	char names[4][256];
	tr_agglog log = { 0 };
	size_t len;
	char *text;
	CHECK_INT(harness_thread_files(names, 4, "tests/fixtures/logs/15", "agg"), 2);
	text = harness_read(names[0], &len);
	CHECK_INT(tr_agglog_parse(&log, text, len, names[0]), 0);
	CHECK_INT(log.items[0].start, 1796028843);
	CHECK_INT(log.items[0].transactions, 339);
	CHECK_INT(log.items[0].sum_latency, 395501);
	CHECK(log.items[0].sum_latency2 == 524364725u);
	CHECK_INT(log.items[0].min_latency, 313);
	CHECK_INT(log.items[0].max_latency, 4594);
	CHECK_INT(log.items[0].retries, 0);
	tr_agglog_free(&log);
	free(text);
}

static void test_spec_versions(void)
{
	static const char *const old[] = { "10", "11", "12", "13", "14" };
	static const char *const newer[] = { "16", "17", "18" };
	int64_t tx, sk, rd, rs, se;
	for (size_t i = 0; i < TR_ARRAY_SIZE(old); i++) {
		char dir[64];
		snprintf(dir, sizeof dir, "tests/fixtures/logs/%s", old[i]);
		S_run(dir, "agg", 6, &tx, &sk, &rd, &rs, &se);
		CHECK(tx > 0);
		S_run(dir, "aggrate", 10, &tx, &sk, &rd, &rs, &se);
		CHECK(tx > 0 && sk == 0);
		S_run(dir, "aggratelimit", 11, &tx, &sk, &rd, &rs, &se);
		CHECK(tx > 0 && sk > 0);
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(newer); i++) {
		char dir[64];
		snprintf(dir, sizeof dir, "tests/fixtures/logs/%s", newer[i]);
		S_run(dir, "agg", 15, &tx, &sk, &rd, &rs, &se);
		CHECK(tx > 0 && rd == 0);
		S_run(dir, "aggall", 15, &tx, &sk, &rd, &rs, &se);
		CHECK(tx > 0 && sk > 0 && rd > 0 && rs >= rd && se > 0);
	}
	S_run("tests/fixtures/logs/19devel", "agg", 16, &tx, &sk, &rd, &rs, &se);
	CHECK(tx > 0 && rd > 0);
}

/* ---- big numbers ------------------------------------------------------- */

static void test_big_sums(void)
{
	/* pgbench prints the double sum of squares with %.0f: integers past
	 * 2^53 must come through exactly, 2^64 - 1 still fits, 2^64 not. */
	const char *ok =
		"1700000000 5 100 9007199254740993 1 90 0 0 0 0 0 0 0 0 0\n"
		"1700000001 5 100 18446744073709551615 1 90 0 0 0 0 0 0 0 0 0\n";
	const char *over =
		"1700000000 5 100 9007199254740993 1 90 0 0 0 0 0 0 0 0 0\n"
		"1700000001 5 100 18446744073709551616 1 90 0 0 0 0 0 0 0 0 0\n";
	const char *over64 =
		"1700000000 5 9223372036854775808 1 1 90\n";
	const char *lag2 =
		"1700000000 5 100 200 1 90 7 18446744073709551615 1 5\n";
	tr_agglog log = { 0 };
	CHECK_INT(tr_agglog_parse(&log, lag2, strlen(lag2), "big"), 0);
	CHECK(log.items[0].sum_lag2 == UINT64_MAX);
	tr_agglog_free(&log);
	CHECK_INT(tr_agglog_parse(&log, ok, strlen(ok), "big"), 0);
	CHECK_INT(log.count, 2);
	CHECK(log.items[0].sum_latency2 == 9007199254740993u);
	CHECK(log.items[1].sum_latency2 == UINT64_MAX);
	CHECK_INT(tr_agglog_parse(&log, over, strlen(over), "big"), TR_EINVALID);
	CHECK_STR(tr_error_last(),
	          "big:2: field 4 (sum_latency_2) is too large: "
	          "\"18446744073709551616\"");
	/* a failed file leaves what was there */
	CHECK_INT(log.count, 2);
	CHECK_INT(tr_agglog_parse(&log, over64, strlen(over64), "big"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(), "big:1: expected 15 fields, found 6");
	tr_agglog_free(&log);
	CHECK_INT(tr_agglog_parse(&log, over64, strlen(over64), "big"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(),
	          "big:1: field 3 (sum_latency) is too large: "
	          "\"9223372036854775808\"");
	CHECK_INT(log.count, 0);
	CHECK_INT(log.nfields, 0);
	tr_agglog_free(&log);
}

static void test_append(void)
{
	const char *a = "1700000000 5 100 2000 1 90\n1700000001 0 0 0 0 0\n";
	const char *b = "1700000000 7 140 2800 2 80\n";
	const char *c = "1700000000 7 140 2800 2 80 0 0 0 0\n";
	tr_agglog log = { 0 };
	CHECK_INT(tr_agglog_parse(&log, a, strlen(a), "a"), 0);
	/* a second file (another thread) may start at the same second */
	CHECK_INT(tr_agglog_parse(&log, b, strlen(b), "b"), 0);
	CHECK_INT(log.count, 3);
	CHECK_INT(log.items[2].transactions, 7);
	CHECK_INT(log.nfields, 6);
	/* but not with another field count */
	CHECK_INT(tr_agglog_parse(&log, c, strlen(c), "c"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "c:1: expected 6 fields, found 10");
	CHECK_INT(log.count, 3);
	tr_agglog_free(&log);
}

/* ---- hostile input ------------------------------------------------------ */

static void S_bad(const char *data, size_t len, const char *want)
{
	tr_agglog log = { 0 };
	tr_error_clear();
	CHECK_INT(tr_agglog_parse(&log, data, len, "results/aws/bench100/run2.9084.1"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(), want);
	CHECK_INT(log.count, 0);
	CHECK_INT(log.nfields, 0);
	tr_agglog_free(&log);
}

#define S_BAD(lit, want) S_bad(lit, sizeof(lit) - 1, want)
#define P "results/aws/bench100/run2.9084.1"
#define L15 "1796026411 932 1678039 3713926673 525 12285 0 0 0 0 0 0 0 0 0\n"

static void test_hostile(void)
{
	char buf[4096], *p = buf;
	/* the example of the brief: line 17 cut short */
	for (int i = 0; i < 16; i++)
		p += sprintf(p, "%d 932 1678039 3713926673 525 12285 0 0 0 0 0 0 0 0 0\n",
		             1796026411 + i);
	p += sprintf(p, "1796026427 932 1678039 37\n");
	S_bad(buf, (size_t)(p - buf), P ":17: expected 15 fields, found 4");

	S_bad("", 0, P ": empty aggregate log (pgbench wrote no line)");
	S_BAD(L15 "1796026412 932 1678039 3713926673 525 12285 0 0 0 0 0 0 0 0 0",
	      P ":2: last line has no newline: the aggregate log is truncated");
	S_BAD("1796026411 932 1678039 3713926673 525 12285\r\n",
	      P ":1: carriage return at column 44 (CRLF line ends?): pgbench "
	      "ends lines with \\n only");
	S_BAD(L15 "\n", P ":2: empty line (pgbench never writes one)");
	S_BAD("1796026411 932 16780\0" "39 3713926673 525 12285\n",
	      P ":1: NUL byte at column 21");
	S_BAD("1796026411 932 1678039 3713926673 525 12x85\n",
	      P ":1: field 6 (max_latency): expected an integer, found \"12x85\"");
	S_BAD("1796026411 -932 1678039 3713926673 525 12285\n",
	      P ":1: field 2 (transactions) is negative: \"-932\"");
	S_BAD("1796026411 932 1678039 3713926673 525 1.5e3\n",
	      P ":1: field 6 (max_latency): expected an integer, found \"1.5e3\"");
	S_BAD("1796026411 932 1678039 3713926673 525 nan\n",
	      P ":1: field 6 (max_latency): expected an integer, found \"nan\"");
	S_BAD("1796026411 932 1678039 3713926673 12285 525\n",
	      P ":1: min_latency 12285 is above max_latency 525");
	S_BAD("1796026411 932 1678039 3713926673 525 12285 10 100 9 3\n",
	      P ":1: min_lag 9 is above max_lag 3");
	S_BAD("1796026411 932 1678 3713926673 525 12285\n",
	      P ":1: max_latency 12285 is above sum_latency 1678");
	S_BAD("1796026411 0 1678 3713926673 525 12285\n",
	      P ":1: no transactions, yet a latency sum of 1678 and max of 12285");
	S_BAD("1796026411 932 1678039 3713926673 525 12285 0 0 0 0 0 5 4 0 0\n",
	      P ":1: 5 transactions retried but only 4 retries");
	S_BAD(L15 "1796026410 932 1678039 3713926673 525 12285 0 0 0 0 0 0 0 0 0\n",
	      P ":2: interval start 1796026410 is before the one on line 1 "
	      "(1796026411)");
	S_BAD(L15 L15, P ":2: interval start 1796026411 repeats the one on line 1 "
	      "(1796026411)");
	S_BAD("1796026411 932 1678039 3713926673 525\n",
	      P ":1: found 5 fields; an aggregate log line has 6, 10, 11, 15 or 16");
	S_BAD("1796026411 932 1678039 3713926673 525 12285 1\n",
	      P ":1: found 7 fields; an aggregate log line has 6, 10, 11, 15 or 16");
	S_BAD("1796026411  932 1678039 3713926673 525 12285\n",
	      P ":1: two spaces in a row at column 11");
	S_BAD(" 1796026411 932 1678039 3713926673 525 12285\n",
	      P ":1: space at the start of the line");
	S_BAD("0 1 5323 0 1796026418 965027\n",
	      P ":1: min_latency 1796026418 is above max_latency 965027");
	S_BAD("\"quoted\\\" \x01\n", P ":1: found 2 fields; an aggregate log "
	      "line has 6, 10, 11, 15 or 16");
	S_BAD("x\x01 2 3 4 5 6\n",
	      P ":1: field 1 (interval start): expected an integer, found "
	      "\"x\\x01\"");
	{
		/* a 10 MB line: digits, then one of many fields */
		size_t n = 10u << 20;
		char *big = malloc(n);
		memset(big, '9', n);
		big[n - 1] = '\n';
		S_bad(big, n, P ":1: found 1 fields; an aggregate log line has 6, "
		              "10, 11, 15 or 16");
		memcpy(big, "1 2 3 4 5 ", 10);
		S_bad(big, n, P ":1: field 6 (max_latency) is too large: "
		              "\"99999999999999999999999999999999\"...");
		free(big);
	}
}

int main(void)
{
	RUN(test_pg15);
	RUN(test_pg15_literal);
	RUN(test_spec_versions);
	RUN(test_big_sums);
	RUN(test_append);
	RUN(test_hostile);
	return harness_done();
}
