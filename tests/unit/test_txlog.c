/* test_txlog.c: per-transaction logs (src/ingest/txlog.c) and tr_log_sniff.
 *
 * Every figure the reader gives is checked against this file's own reading
 * of the same fixture (a plain strtok/strtoll parser, nothing shared with
 * the reader), and the counts of the real pgbench 15 runs also against the
 * summary pgbench printed for the same run. */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>

/* ---- fixtures ---------------------------------------------------------- */

/* The thread files of a run: "<dir>/<prefix>.<pid>" then ".<pid>.1" ...
 * Fills names (relative to TR_SOURCE_DIR), returns how many. */
/* ---- the reference reading ---------------------------------------------- */

typedef struct ref {
	long long *lat;
	size_t nlat, cap;
	long long lines, ok, skipped, failed, serialization, deadlock;
	long long retried, retries;
	long long lag_n, lag_min, lag_max;
	long double lag_sum, lag_sum2;
	double first, last;
	int nfields;
} ref;

static void S_ref_init(ref *r)
{
	memset(r, 0, sizeof(*r));
	r->first = NAN;
	r->last = NAN;
	r->lag_min = -1;
}

/* col7: 'l' lag, 'r' retries (what the run's summary says). */
static void S_ref_read(ref *r, const char *text, char col7)
{
	char *copy = strdup(text), *save = NULL, *line;
	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[10], *s2 = NULL, *tok;
		int n = 0;
		long long lag = -1, retries = -1;
		double t;
		for (tok = strtok_r(line, " ", &s2); tok && n < 10;
		     tok = strtok_r(NULL, " ", &s2))
			f[n++] = tok;
		r->nfields = n;
		r->lines++;
		t = (double)strtoll(f[4], NULL, 10) +
		    (double)strtoll(f[5], NULL, 10) / 1e6;
		if (isnan(r->first) || t < r->first)
			r->first = t;
		if (isnan(r->last) || t > r->last)
			r->last = t;
		if (n == 8) {
			lag = strtoll(f[6], NULL, 10);
			retries = strtoll(f[7], NULL, 10);
		} else if (n == 7 && col7 == 'l') {
			lag = strtoll(f[6], NULL, 10);
		} else if (n == 7) {
			retries = strtoll(f[6], NULL, 10);
		}
		if (strcmp(f[2], "skipped") == 0) {
			r->skipped++;
			continue;
		}
		if (retries > 0) {
			r->retried++;
			r->retries += retries;
		}
		if (strcmp(f[2], "failed") == 0 ||
		    strcmp(f[2], "serialization") == 0 ||
		    strcmp(f[2], "deadlock") == 0) {
			r->failed++;
			r->serialization += strcmp(f[2], "serialization") == 0;
			r->deadlock += strcmp(f[2], "deadlock") == 0;
			continue;
		}
		r->ok++;
		if (r->nlat == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 1024;
			r->lat = realloc(r->lat, r->cap * sizeof(*r->lat));
		}
		r->lat[r->nlat++] = strtoll(f[2], NULL, 10);
		if (lag >= 0) {
			r->lag_n++;
			r->lag_sum += lag;
			r->lag_sum2 += (long double)lag * lag;
			if (r->lag_min < 0 || lag < r->lag_min)
				r->lag_min = lag;
			if (lag > r->lag_max)
				r->lag_max = lag;
		}
	}
	free(copy);
}

static int S_cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* Nearest rank on the sorted values. */
static long long S_exact_pct(long long *v, size_t n, double p)
{
	size_t rank = (size_t)ceil(p / 100.0 * (double)n - 1e-9);
	if (rank < 1)
		rank = 1;
	return v[rank - 1];
}

/* The histogram's percentiles against exact sorting: within 0.05%. */
static void S_check_percentiles(const tr_hist *h, ref *r)
{
	static const double ps[] = { 50, 90, 95, 99, 99.9, 100 };
	qsort(r->lat, r->nlat, sizeof(*r->lat), S_cmp_ll);
	CHECK_INT(h->total, (long long)r->nlat);
	if (r->nlat == 0)
		return;
	CHECK_INT(tr_hist_min(h), r->lat[0]);
	CHECK_INT(tr_hist_max(h), r->lat[r->nlat - 1]);
	for (size_t i = 0; i < TR_ARRAY_SIZE(ps); i++) {
		double want = (double)S_exact_pct(r->lat, r->nlat, ps[i]);
		double got = tr_hist_percentile(h, ps[i]);
		CHECK_DBL(got, want, want * 0.0005);
	}
}

static void S_check_against_ref(const tr_txlog_stats *s, ref *r)
{
	CHECK_INT(s->lines, r->lines);
	CHECK_INT(s->transactions, r->ok);
	CHECK_INT(s->skipped, r->skipped);
	CHECK_INT(s->failed, r->failed);
	CHECK_INT(s->serialization, r->serialization);
	CHECK_INT(s->deadlock, r->deadlock);
	CHECK_INT(s->retried, r->retried);
	CHECK_INT(s->retries, r->retries);
	CHECK_INT(s->lag_us.count, r->lag_n);
	if (r->lag_n > 0) {
		CHECK_DBL(s->lag_us.min, (double)r->lag_min, 0);
		CHECK_DBL(s->lag_us.max, (double)r->lag_max, 0);
		CHECK_DBL((double)s->lag_us.sum, (double)r->lag_sum, 0);
		CHECK_DBL((double)s->lag_us.sum2, (double)r->lag_sum2, 0);
	}
	CHECK_DBL(s->first_s, r->first, 1e-6);
	CHECK_DBL(s->last_s, r->last, 1e-6);
	S_check_percentiles(&s->latency, r);
}

/* A count from pgbench's summary: the integer after `label`, or -1. */
static long long S_summary(const char *text, const char *label)
{
	const char *p = strstr(text, label);
	return p ? strtoll(p + strlen(label), NULL, 10) : -1;
}

/* Parse every thread file of dir/prefix into one stats (merged) and check
 * all of it against the reference reading. */
static void S_run(const char *dir, const char *prefix, char col7,
                  tr_txlog_stats *out)
{
	char names[8][256];
	int n = harness_thread_files(names, 8, dir, prefix);
	ref r;
	S_ref_init(&r);
	CHECK(n >= 1);
	tr_txlog_stats_init(out);
	for (int i = 0; i < n; i++) {
		size_t len;
		char *text = harness_read(names[i], &len);
		int rc = tr_txlog_parse(out, text, len, names[i]);
		if (rc != 0)
			fprintf(stderr, "%s\n", tr_error_last());
		CHECK_INT(rc, 0);
		S_ref_read(&r, text, col7);
		free(text);
	}
	S_check_against_ref(out, &r);
	free(r.lat);
}

/* ---- pgbench 15, captured ----------------------------------------------- */

static void S_run15(const char *prefix, char col7, bool want_lag,
                    bool want_retries)
{
	char dir[] = "tests/fixtures/logs/15", sumpath[256];
	tr_txlog_stats s;
	char *sum;
	harness_current = prefix;
	S_run(dir, prefix, col7, &s);
	CHECK(s.has_lag == want_lag);
	CHECK(s.has_retries == want_retries);
	/* The counts pgbench printed for the same run. */
	snprintf(sumpath, sizeof sumpath, "%s/%s.txt", dir, prefix);
	sum = harness_read(sumpath, NULL);
	CHECK_INT(s.transactions,
	          S_summary(sum, "number of transactions actually processed: "));
	CHECK_INT(s.failed, S_summary(sum, "number of failed transactions: "));
	if (strstr(sum, "transactions skipped"))
		CHECK_INT(s.skipped,
		          S_summary(sum, "number of transactions skipped: "));
	else
		CHECK_INT(s.skipped, 0);
	if (strstr(sum, "serialization failures: "))
		CHECK_INT(s.serialization,
		          S_summary(sum, "number of serialization failures: "));
	if (strstr(sum, "deadlock failures: "))
		CHECK_INT(s.deadlock,
		          S_summary(sum, "number of deadlock failures: "));
	if (want_retries) {
		CHECK_INT(s.retried,
		          S_summary(sum, "number of transactions retried: "));
		CHECK_INT(s.retries, S_summary(sum, "total number of retries: "));
	} else {
		CHECK_INT(s.retried, 0);
		CHECK_INT(s.retries, 0);
	}
	if (want_lag) {
		/* "rate limit schedule lag: avg 0.481 (max 7.181) ms" */
		const char *p = strstr(sum, "rate limit schedule lag: avg ");
		double avg = strtod(p + 29, NULL);
		double mx = strtod(strstr(p, "(max ") + 5, NULL);
		CHECK_DBL(tr_simple_stats_mean(&s.lag_us) / 1000.0, avg, 0.0006);
		CHECK_DBL(s.lag_us.max / 1000.0, mx, 0.0006);
	} else {
		CHECK_INT(s.lag_us.count, 0);
	}
	free(sum);
	tr_txlog_stats_free(&s);
}

static void test_pg15_runs(void)
{
	/* The col7 letter says what the summary says; the reader is left to
	 * guess (TR_TXLOG_COL7_GUESS) and must agree. */
	S_run15("plain", 'l', false, false);
	S_run15("rate", 'l', true, false);
	S_run15("failed", 'l', false, false);
	S_run15("retry", 'r', false, true);
	S_run15("rateretry", 'l', true, true);
	S_run15("deadlock", 'r', false, true);
}

static void test_pg15_sampled(void)
{
	tr_txlog_stats s;
	S_run("tests/fixtures/logs/15", "sampled", 'l', &s);
	/* about 10% of the 7572 transactions pgbench reported */
	CHECK(s.transactions > 400 && s.transactions < 1200);
	tr_txlog_stats_free(&s);
}

static void test_pg15_first_lines(void)
{
	/* Literal values of the committed fixture, read by eye. */
	char names[4][256];
	tr_txlog_stats s;
	size_t len;
	char *text;
	char *eol;
	int n = harness_thread_files(names, 4, "tests/fixtures/logs/15", "rateretry");
	CHECK_INT(n, 2);
	text = harness_read(names[0], &len);
	/* keep the first line only (a successful transaction) */
	eol = strchr(text, '\n');
	tr_txlog_stats_init(&s);
	CHECK_INT(tr_txlog_parse(&s, text, (size_t)(eol - text) + 1, names[0]), 0);
	CHECK_INT(s.lines, 1);
	{
		long long c, no, lat, sc, es, eu, lag, rt;
		CHECK_INT(sscanf(text, "%lld %lld %lld %lld %lld %lld %lld %lld",
		                 &c, &no, &lat, &sc, &es, &eu, &lag, &rt), 8);
		CHECK_INT(s.transactions, 1);
		CHECK_INT(tr_hist_min(&s.latency), lat);
		CHECK_DBL(s.lag_us.sum, (double)lag, 0);
		CHECK_INT(s.retries, rt);
		CHECK_DBL(s.first_s, (double)es + (double)eu / 1e6, 1e-6);
	}
	tr_txlog_stats_free(&s);
	free(text);
}

/* ---- other versions, written from SPEC.md -------------------------------- */

static void S_spec(const char *version, const char *prefix, char col7,
                   bool want_lag, bool want_retries)
{
	char dir[128];
	tr_txlog_stats s;
	snprintf(dir, sizeof dir, "tests/fixtures/logs/%s", version);
	harness_current = prefix;
	S_run(dir, prefix, col7, &s);
	CHECK(s.lines > 0);
	CHECK(s.has_lag == want_lag);
	CHECK(s.has_retries == want_retries);
	tr_txlog_stats_free(&s);
}

static void test_spec_versions(void)
{
	static const char *const old[] = { "10", "11", "12", "13", "14" };
	static const char *const newer[] = { "16", "17", "18" };
	for (size_t i = 0; i < TR_ARRAY_SIZE(old); i++) {
		S_spec(old[i], "log", 'l', false, false);
		S_spec(old[i], "lograte", 'l', true, false);
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(newer); i++) {
		S_spec(newer[i], "log", 'l', false, false);
		S_spec(newer[i], "logfailed", 'l', false, false);
		S_spec(newer[i], "logretry", 'r', false, true);
		S_spec(newer[i], "lograteretry", 'l', true, true);
	}
}

static void test_version10_zero_based(void)
{
	/* 10 numbers transactions from 0: nothing to reject there. */
	const char *t = "0 0 2733 0 1501001000 173506\n"
	                "1 0 2238 0 1501001000 210682\n";
	tr_txlog_stats s;
	tr_txlog_stats_init(&s);
	CHECK_INT(tr_txlog_parse(&s, t, strlen(t), "v10"), 0);
	CHECK_INT(s.transactions, 2);
	CHECK_INT(tr_hist_min(&s.latency), 2238);
	CHECK_INT(tr_hist_max(&s.latency), 2733);
	tr_txlog_stats_free(&s);
}

/* ---- thread files: merge = concatenation ---------------------------------- */

static bool S_same(const tr_txlog_stats *a, const tr_txlog_stats *b)
{
	bool same = a->transactions == b->transactions &&
	            a->skipped == b->skipped && a->failed == b->failed &&
	            a->serialization == b->serialization &&
	            a->deadlock == b->deadlock && a->retried == b->retried &&
	            a->retries == b->retries && a->lines == b->lines &&
	            a->lag_us.count == b->lag_us.count &&
	            a->lag_us.sum == b->lag_us.sum &&
	            a->lag_us.sum2 == b->lag_us.sum2 &&
	            a->first_s == b->first_s && a->last_s == b->last_s &&
	            a->latency.total == b->latency.total &&
	            tr_hist_min(&a->latency) == tr_hist_min(&b->latency) &&
	            tr_hist_max(&a->latency) == tr_hist_max(&b->latency) &&
	            a->has_lag == b->has_lag && a->has_retries == b->has_retries;
	tr_hist_slot *va = NULL, *vb = NULL;
	size_t na = 0, nb = 0;
	if (tr_hist_values(&va, &na, &a->latency) < 0 ||
	    tr_hist_values(&vb, &nb, &b->latency) < 0)
		same = false;
	same = same && na == nb &&
	       (na == 0 || memcmp(va, vb, na * sizeof(tr_hist_slot)) == 0);
	free(va);
	free(vb);
	return same;
}

static void S_merge_is_concat(const char *dir, const char *prefix,
                              tr_txlog_col7 col7)
{
	char names[4][256];
	int n = harness_thread_files(names, 4, dir, prefix);
	tr_txlog_stats one, two, merged, whole;
	size_t l0, l1;
	char *t0, *t1, *cat;
	CHECK_INT(n, 2);
	t0 = harness_read(names[0], &l0);
	t1 = harness_read(names[1], &l1);
	cat = malloc(l0 + l1);
	memcpy(cat, t0, l0);
	memcpy(cat + l0, t1, l1);
	tr_txlog_stats_init(&one);
	tr_txlog_stats_init(&two);
	tr_txlog_stats_init(&merged);
	tr_txlog_stats_init(&whole);
	one.col7 = two.col7 = whole.col7 = col7;
	CHECK_INT(tr_txlog_parse(&one, t0, l0, names[0]), 0);
	CHECK_INT(tr_txlog_parse(&two, t1, l1, names[1]), 0);
	CHECK_INT(tr_txlog_stats_merge(&merged, &one), 0);
	CHECK_INT(tr_txlog_stats_merge(&merged, &two), 0);
	CHECK_INT(tr_txlog_parse(&whole, cat, l0 + l1, "cat"), 0);
	CHECK(S_same(&merged, &whole));
	/* and in the other order */
	tr_txlog_stats_free(&merged);
	tr_txlog_stats_init(&merged);
	CHECK_INT(tr_txlog_stats_merge(&merged, &two), 0);
	CHECK_INT(tr_txlog_stats_merge(&merged, &one), 0);
	CHECK(S_same(&merged, &whole));
	for (double p = 1; p <= 100; p += 7)
		CHECK_DBL(tr_hist_percentile(&merged.latency, p),
		          tr_hist_percentile(&whole.latency, p), 0);
	/* accumulating in one stats is the same as merging */
	CHECK_INT(tr_txlog_parse(&one, t1, l1, names[1]), 0);
	CHECK(S_same(&one, &whole));
	tr_txlog_stats_free(&one);
	tr_txlog_stats_free(&two);
	tr_txlog_stats_free(&merged);
	tr_txlog_stats_free(&whole);
	free(t0);
	free(t1);
	free(cat);
}

static void test_merge(void)
{
	S_merge_is_concat("tests/fixtures/logs/15", "plain", TR_TXLOG_COL7_GUESS);
	S_merge_is_concat("tests/fixtures/logs/15", "rateretry",
	                  TR_TXLOG_COL7_GUESS);
	S_merge_is_concat("tests/fixtures/logs/15", "retry",
	                  TR_TXLOG_COL7_RETRIES);
	S_merge_is_concat("tests/fixtures/logs/15", "rate", TR_TXLOG_COL7_LAG);
}

/* ---- the 7th column --------------------------------------------------- */

static void test_col7_hint(void)
{
	char names[4][256];
	int n = harness_thread_files(names, 4, "tests/fixtures/logs/15", "retry");
	size_t len;
	char *text;
	tr_txlog_stats s;
	CHECK_INT(n, 2);
	text = harness_read(names[0], &len);
	/* told it is lag: read as lag, whatever the guess would be */
	tr_txlog_stats_init(&s);
	s.col7 = TR_TXLOG_COL7_LAG;
	CHECK_INT(tr_txlog_parse(&s, text, len, names[0]), 0);
	CHECK(s.has_lag && !s.has_retries);
	CHECK_INT(s.lag_us.count, s.transactions);
	CHECK_INT(s.retries, 0);
	tr_txlog_stats_free(&s);
	tr_txlog_stats_init(&s);
	s.col7 = TR_TXLOG_COL7_RETRIES;
	CHECK_INT(tr_txlog_parse(&s, text, len, names[0]), 0);
	CHECK(!s.has_lag && s.has_retries);
	CHECK(s.retries > 0);
	tr_txlog_stats_free(&s);
	free(text);
	{
		/* Guessing: mostly zeros and no failures -> retries (max_tries
		 * set, nothing to retry); mostly non-zero -> lag. */
		const char *r = "0 1 900 0 1700000000 1 0\n0 2 950 0 1700000000 2 0\n"
		                "0 3 990 0 1700000000 3 1\n";
		const char *l = "0 1 900 0 1700000000 1 120\n0 2 950 0 1700000000 2 80\n"
		                "0 3 990 0 1700000000 3 0\n";
		tr_txlog_stats_init(&s);
		CHECK_INT(tr_txlog_parse(&s, r, strlen(r), "r"), 0);
		CHECK(s.has_retries && !s.has_lag);
		CHECK_INT(s.retries, 1);
		CHECK_INT(s.retried, 1);
		tr_txlog_stats_free(&s);
		tr_txlog_stats_init(&s);
		CHECK_INT(tr_txlog_parse(&s, l, strlen(l), "l"), 0);
		CHECK(s.has_lag && !s.has_retries);
		CHECK_INT(s.lag_us.count, 3);
		CHECK_DBL(s.lag_us.sum, 200, 0);
		tr_txlog_stats_free(&s);
	}
}

/* ---- a large synthetic log: both loops, wide latencies ------------------- */

static uint64_t S_rand(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static void test_synthetic_percentiles(void)
{
	/* 200000 lines with latencies from 1 us to ~17 min, so that every
	 * histogram range is used; 8 fields; the epoch second changes every
	 * 100 lines, so the shortcut and the full reading both run. */
	enum { N = 200000 };
	char *buf = malloc((size_t)N * 64), *p = buf;
	ref r;
	tr_txlog_stats s;
	uint64_t st = 88172645463325252u;
	for (int i = 0; i < N; i++) {
		uint64_t x = S_rand(&st);
		long long lat = (long long)((x >> 20) % 1000000000u) >> (x % 30);
		int k = (int)(S_rand(&st) % 100);
		long long lag = (long long)(S_rand(&st) % 5000);
		const char *word = k == 0 ? "serialization" : k == 1 ? "skipped"
		                 : k == 2 ? "failed" : k == 3 ? "deadlock" : NULL;
		if (word)
			p += sprintf(p, "%d %d %s 0 %lld %d %d %d\n", i % 64, i / 64 + 1,
			             word, 1700000000LL + i / 100, (i * 37) % 1000000,
			             0, k == 0 ? 2 : 0);
		else
			p += sprintf(p, "%d %d %lld 0 %lld %d %lld %d\n", i % 64,
			             i / 64 + 1, lat, 1700000000LL + i / 100,
			             (i * 37) % 1000000, lag, (int)(x % 3));
	}
	*p = '\0';
	S_ref_init(&r);
	S_ref_read(&r, buf, 'l');
	tr_txlog_stats_init(&s);
	CHECK_INT(tr_txlog_parse(&s, buf, (size_t)(p - buf), "synthetic"), 0);
	S_check_against_ref(&s, &r);
	CHECK(s.has_lag && s.has_retries);
	tr_txlog_stats_free(&s);
	free(r.lat);
	free(buf);
}

/* ---- hostile input -------------------------------------------------------- */

/* Parse and expect TR_EINVALID with a message starting with want (which
 * names the file and line). */
static void S_bad(const char *data, size_t len, const char *want)
{
	tr_txlog_stats s;
	int rc;
	tr_txlog_stats_init(&s);
	tr_error_clear();
	rc = tr_txlog_parse(&s, data, len, "t.log");
	CHECK_INT(rc, TR_EINVALID);
	if (strncmp(tr_error_last(), want, strlen(want)) != 0) {
		char m[600];
		snprintf(m, sizeof m, "message \"%s\" should start \"%s\"",
		         tr_error_last(), want);
		harness_check(0, __FILE__, __LINE__, m);
	} else {
		harness_check(1, __FILE__, __LINE__, "");
	}
	/* nothing was added to the stats */
	CHECK_INT(s.lines, 0);
	CHECK_INT(s.latency.total, 0);
	tr_txlog_stats_free(&s);
}

#define S_BAD(lit, want) S_bad(lit, sizeof(lit) - 1, want)

static void test_hostile_small(void)
{
	S_bad("", 0, "t.log: empty per-transaction log");
	S_BAD("0 1 5323 0 1796026418 965027\n0 2 780 0 1796026418 971616",
	      "t.log:2: last line has no newline");
	S_BAD("0 1 5323 0 1796026418 965027\r\n", "t.log:1: carriage return");
	S_BAD("0 1 5323 0 1796026418 965027\n\n0 2 780 0 1796026418 971616\n",
	      "t.log:2: empty line");
	S_BAD("0 1 53\0" "23 0 1796026418 965027\n",
	      "t.log:1: NUL byte at column 7");
	S_BAD("0 1 abc 0 1796026418 965027\n", "t.log:1: field 3: expected a latency");
	S_BAD("0 1 -5 0 1796026418 965027\n", "t.log:1: field 3 (latency) is negative");
	S_BAD("0 1 5 0 1796026418 965027\n0 2 5 -1 1796026418 965028\n",
	      "t.log:2: field 4 (script_no) is negative");
	S_BAD("0 1 99999999999999999999 0 1796026418 965027\n",
	      "t.log:1: field 3 (latency) is too large");
	S_BAD("0 1 5 0 1796026418 1000000\n",
	      "t.log:1: field 6 (epoch microseconds) is too large");
	S_BAD("0 1 5 0 17960264180000 1\n",
	      "t.log:1: field 5 (epoch seconds) is too large");
	S_BAD("0 1 5 0 1796026418\n", "t.log:1: found 5 fields");
	S_BAD("0 1 5 0 1796026418 1 2 3 4\n", "t.log:1: found 9 fields");
	S_BAD("0 1 5 0 1796026418 1\n0 2 5 0 1796026418 2 7\n",
	      "t.log:2: expected 6 fields, found 7");
	S_BAD("0 1 5 0 1796026418 1\n0 2 5 0  1796026418 2\n",
	      "t.log:2: two spaces in a row");
	S_BAD("0 1 5 0 1796026418 1 \n", "t.log:1: space at the end");
	S_BAD("0 1 5 0 1796026418 1.5\n",
	      "t.log:1: field 6 (epoch microseconds): expected an integer");
	S_BAD("0 1 skippedx 0 1796026418 1\n", "t.log:1: field 3: expected");
	S_BAD("0 1 Skipped 0 1796026418 1\n", "t.log:1: field 3: expected");
	S_BAD("\xff\xfe\x00\x01\n", "t.log:1: NUL byte");
	S_BAD("x\n", "t.log:1: found 1 fields");
}

/* Problems far from the start (the epoch shortcut's loop) and in the last
 * lines (the plain loop) are found alike. */
static void test_hostile_positions(void)
{
	static const char *const bad[] = {
		"3 9 12a 0 1796026418 965027\n",
		"3 9 12 0 1796026419 965027 5\n",
		"3 9 12 0 1796026418 -965027\n",
		"3 9 12 0 179602641 965027\n",      /* 9-digit epoch: fine */
		"3 9 12 0 1796026418 965027\r\n",
	};
	static const bool valid[] = { false, false, false, true, false };
	for (size_t b = 0; b < TR_ARRAY_SIZE(bad); b++) {
		for (int where = 0; where < 3; where++) {
			/* 1000 good lines; the bad one at line 1, 500 or 1001 */
			char *buf = malloc(1100 * 40), *p = buf;
			long at = where == 0 ? 1 : where == 1 ? 500 : 1001, line;
			tr_txlog_stats s;
			int rc;
			for (line = 1; line <= 1001; line++) {
				if (line == at)
					p += sprintf(p, "%s", bad[b]);
				else
					p += sprintf(p, "1 %ld 1500 0 1796026418 %ld\n",
					             line, line * 7 % 1000000);
			}
			tr_txlog_stats_init(&s);
			rc = tr_txlog_parse(&s, buf, (size_t)(p - buf), "t.log");
			if (valid[b]) {
				CHECK_INT(rc, 0);
				CHECK_INT(s.lines, 1001);
			} else {
				char want[64];
				/* a 7-field first line sets the count: then the
				 * second line is the one that differs */
				snprintf(want, sizeof want, "t.log:%ld: ",
				         b == 1 && at == 1 ? 2 : at);
				CHECK_INT(rc, TR_EINVALID);
				CHECK(strncmp(tr_error_last(), want, strlen(want)) == 0);
			}
			tr_txlog_stats_free(&s);
			free(buf);
		}
	}
}

/* An epoch second of ten NUL bytes, first, among good lines and last: a
 * NUL byte, refused, by either scanner (before the fix found in review,
 * the byte loop's epoch shortcut, whose state started as ten zero bytes,
 * took it for the second 0 when the vector scanner handed it the line). */
static void test_nul_epoch(void)
{
	static const char bad[] = "1 7 1500 0 \0\0\0\0\0\0\0\0\0\0 123\n";
	for (int where = 0; where < 3; where++) {
		char *buf = malloc(1100 * 40), *p = buf;
		long at = where == 0 ? 1 : where == 1 ? 500 : 1001;
		tr_txlog_stats s;
		char want[64];
		for (long line = 1; line <= 1001; line++) {
			if (line == at) {
				memcpy(p, bad, sizeof(bad) - 1);
				p += sizeof(bad) - 1;
			} else {
				p += sprintf(p, "1 %ld 1500 0 1796026418 %ld\n", line,
				             line * 7 % 1000000);
			}
		}
		tr_txlog_stats_init(&s);
		tr_error_clear();
		CHECK_INT(tr_txlog_parse(&s, buf, (size_t)(p - buf), "t.log"),
		          TR_EINVALID);
		snprintf(want, sizeof want, "t.log:%ld: NUL byte at column 12", at);
		CHECK(strncmp(tr_error_last(), want, strlen(want)) == 0);
		tr_txlog_stats_free(&s);
		free(buf);
	}
}

static void test_hostile_big(void)
{
	/* a 10 MB single line, of digits and of spaces and letters */
	size_t n = 10u << 20;
	char *buf = malloc(n + 1);
	memset(buf, '7', n);
	buf[n - 1] = '\n';
	S_bad(buf, n, "t.log:1: found 1 fields");
	for (size_t i = 0; i < n - 1; i++)
		buf[i] = i % 3 == 2 ? ' ' : 'x';
	S_bad(buf, n, "t.log:1: ");
	/* no newline at all in 10 MB */
	memset(buf, '1', n);
	S_bad(buf, n, "t.log:1: last line has no newline");
	free(buf);
}

/* Lag and retries of 18 digits, the most a field may have: their sums pass
 * 64 bits after 19 lines. The lag's sum stays right (it carries on in a
 * long double); retries that add up past 2^63 are refused (pgbench counts
 * them in 32 bits a transaction). Before, both sums wrapped silently. */
static void test_wide_sums(void)
{
	char *buf = malloc(40 * 64), *p;
	tr_txlog_stats s;
	/* 8 fields: lag 999999999999999999 on each of 20 lines, retries 0 */
	p = buf;
	for (int i = 1; i <= 20; i++)
		p += sprintf(p, "0 %d 5 0 1796026418 %d 999999999999999999 0\n", i,
		             i);
	tr_txlog_stats_init(&s);
	CHECK_INT(tr_txlog_parse(&s, buf, (size_t)(p - buf), "t.log"), 0);
	CHECK_INT(s.lag_us.count, 20);
	/* 20 x 999,999,999,999,999,999 = 19,999,999,999,999,999,980 */
	CHECK(s.lag_us.sum == 19999999999999999980.0L);
	CHECK_INT(s.retries, 0);
	tr_txlog_stats_free(&s);
	/* the same with the two columns swapped: retries past 2^63 */
	p = buf;
	for (int i = 1; i <= 20; i++)
		p += sprintf(p, "0 %d 5 0 1796026418 %d 0 999999999999999999\n", i,
		             i);
	S_bad(buf, (size_t)(p - buf), "t.log:1: the retries of the 20 lines "
	      "from here add up to more than 2^63");
	free(buf);
}

/* ---- sniffing --------------------------------------------------------- */

static void test_sniff(void)
{
	static const struct { const char *dir, *prefix; tr_log_kind kind; } f[] = {
		{ "tests/fixtures/logs/15", "plain", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/15", "rate", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/15", "rateretry", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/15", "deadlock", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/15", "agg", TR_LOG_AGGREGATE },
		{ "tests/fixtures/logs/15", "seragg", TR_LOG_AGGREGATE },
		{ "tests/fixtures/logs/10", "log", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/10", "agg", TR_LOG_AGGREGATE },
		{ "tests/fixtures/logs/10", "aggrate", TR_LOG_AGGREGATE },
		{ "tests/fixtures/logs/10", "aggratelimit", TR_LOG_AGGREGATE },
		{ "tests/fixtures/logs/14", "lograte", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/18", "logfailed", TR_LOG_TRANSACTION },
		{ "tests/fixtures/logs/19devel", "agg", TR_LOG_AGGREGATE },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(f); i++) {
		char names[4][256];
		int n = harness_thread_files(names, 4, f[i].dir, f[i].prefix);
		CHECK(n >= 1);
		for (int k = 0; k < n; k++) {
			size_t len;
			char *t = harness_read(names[k], &len);
			CHECK_INT(tr_log_sniff(t, len), f[i].kind);
			free(t);
		}
	}
#define SNIFF(lit) tr_log_sniff(lit, sizeof(lit) - 1)
	CHECK_INT(SNIFF(""), TR_LOG_NONE);
	CHECK_INT(SNIFF("\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("transaction type: <builtin: TPC-B (sort of)>\n"),
	          TR_LOG_NONE);
	CHECK_INT(SNIFF("progress: 1.0 s, 2557.5 tps, lat 1.5 ms stddev 0.9\n"),
	          TR_LOG_NONE);
	CHECK_INT(SNIFF("0 1 5323 0 1796026418 965027"), TR_LOG_TRANSACTION);
	CHECK_INT(SNIFF("2 2 skipped 0 1796026427 423006 0\n"), TR_LOG_TRANSACTION);
	CHECK_INT(SNIFF("1 2 other 0 1796026427 423006 0\n"), TR_LOG_TRANSACTION);
	CHECK_INT(SNIFF("1796026411 932 1678039 3713926673 525 12285\n"),
	          TR_LOG_AGGREGATE);
	/* CRLF files are logs, so that their reader can say what is wrong */
	CHECK_INT(SNIFF("0 1 5323 0 1796026418 965027\r\n"), TR_LOG_TRANSACTION);
	CHECK_INT(SNIFF("1796026411 932 1678039 3713926673 525 12285\r\n"),
	          TR_LOG_AGGREGATE);
	CHECK_INT(SNIFF("\r\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("1 2 3 4 5 6 7 8 9\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("1 2 3 4 5\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("0 1 5323 0 1796026418 965027 \n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("0 1 5323 0  1796026418 965027\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("0 1 -5 0 1796026418 965027\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n"), TR_LOG_NONE);
	CHECK_INT(SNIFF("0 1 5323 0 1796026418 9650270\n"), TR_LOG_NONE);
#undef SNIFF
}

int main(void)
{
	/* Every test with each scanner: the vector one (where this machine
	 * has it) and the byte-by-byte one it falls back to. */
	for (int pass = 0; pass < 2; pass++) {
		bool vec = tr_txlog_use_vector(pass == 0);
		printf("test_txlog: %s\n", vec ? "vector scanner"
		       : pass == 0 ? "byte scanner (no vector scanner here)"
		                   : "byte scanner");
		RUN(test_pg15_runs);
		RUN(test_pg15_sampled);
		RUN(test_pg15_first_lines);
		RUN(test_spec_versions);
		RUN(test_version10_zero_based);
		RUN(test_merge);
		RUN(test_col7_hint);
		RUN(test_synthetic_percentiles);
		RUN(test_hostile_small);
		RUN(test_hostile_positions);
		RUN(test_nul_epoch);
	RUN(test_hostile_big);
		RUN(test_wide_sums);
		RUN(test_sniff);
	}
	tr_txlog_use_vector(true);
	return harness_done();
}
