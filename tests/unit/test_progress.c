/*
 * test_progress.c: -P progress lines, one at a time and found in whole
 * files (tests/fixtures/pgbench: real pgbench 15 output, and lines of
 * 10-14 and 16-18 written from SPEC.md).
 */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdint.h>

#define FIXTURES "tests/fixtures/pgbench/"

typedef struct S_pexp {
	double time_s;
	bool timestamp;
	double tps, latency_ms, stddev_ms;
	int64_t failed;
	double lag_ms;
	int64_t skipped, retried, retries;
} S_pexp;

static void S_check(const tr_progress *p, const S_pexp *e)
{
	CHECK_DBL(p->time_s, e->time_s, 0);
	CHECK_INT(p->timestamp, e->timestamp);
	CHECK_DBL(p->tps, e->tps, 0);
	CHECK_DBL(p->latency_ms, e->latency_ms, 0);
	CHECK_DBL(p->stddev_ms, e->stddev_ms, 0);
	CHECK_INT(p->failed, e->failed);
	CHECK_DBL(p->lag_ms, e->lag_ms, 0);
	CHECK_INT(p->skipped, e->skipped);
	CHECK_INT(p->retried, e->retried);
	CHECK_INT(p->retries, e->retries);
}

static int S_line(tr_progress *p, const char *s)
{
	return tr_progress_parse_line(p, s, strlen(s));
}

static char *S_read(const char *rel, size_t *len)
{
	char path[512];
	snprintf(path, sizeof(path), FIXTURES "%s", rel);
	return harness_read(path, len);
}

static void test_forms(void)
{
	static const struct {
		const char *line;
		S_pexp e;
	} cases[] = {
		/* 15+ (real pgbench 15 lines) */
		{ "progress: 1.0 s, 1721.1 tps, lat 2.288 ms stddev 2.156, 0 failed",
		  { 1.0, false, 1721.1, 2.288, 2.156, 0, NAN, -1, -1, -1 } },
		{ "progress: 1796026469.579 s, 1293.9 tps, lat 1.535 ms stddev 0.875, 0 failed",
		  { 1796026469.579, true, 1293.9, 1.535, 0.875, 0, NAN, -1, -1, -1 } },
		{ "progress: 1.0 s, 741.9 tps, lat 3.128 ms stddev 1.567, 0 failed, lag 0.575 ms, 46 skipped",
		  { 1.0, false, 741.9, 3.128, 1.567, 0, 0.575, 46, -1, -1 } },
		{ "progress: 2.0 s, 492.0 tps, lat 3.688 ms stddev 0.664, 637 failed",
		  { 2.0, false, 492.0, 3.688, 0.664, 637, NAN, -1, -1, -1 } },
		{ "progress: 1.0 s, 459.9 tps, lat 5.405 ms stddev 2.780, 129 failed, 289 retried, 481 retries",
		  { 1.0, false, 459.9, 5.405, 2.780, 129, NAN, -1, 289, 481 } },
		/* 15+ with everything (written from SPEC.md) */
		{ "progress: 1.0 s, 399.0 tps, lat 5.124 ms stddev 2.333, 12 failed, lag 0.532 ms, 4 skipped, 30 retried, 41 retries",
		  { 1.0, false, 399.0, 5.124, 2.333, 12, 0.532, 4, 30, 41 } },
		{ "progress: 60.0 s, 12.0 tps, lat 80.124 ms stddev 2.000, 0 failed, lag 1.000 ms",
		  { 60.0, false, 12.0, 80.124, 2.0, 0, 1.0, -1, -1, -1 } },
		/* 10-14 */
		{ "progress: 1.0 s, 1520.9 tps, lat 2.624 ms stddev 1.017",
		  { 1.0, false, 1520.9, 2.624, 1.017, -1, NAN, -1, -1, -1 } },
		{ "progress: 1540000001.204 s, 501.0 tps, lat 3.110 ms stddev 2.901, lag 0.405 ms, 5 skipped",
		  { 1540000001.204, true, 501.0, 3.110, 2.901, -1, 0.405, 5, -1, -1 } },
		{ "progress: 1517307364.523 s, 212.0 tps, lat 4.712 ms stddev 0.611, lag 0.124 ms",
		  { 1517307364.523, true, 212.0, 4.712, 0.611, -1, 0.124, -1, -1, -1 } },
		/* 10: an interval without transactions divides by zero */
		{ "progress: 1517307365.523 s, 0.0 tps, lat -nan ms stddev -nan, lag -nan ms",
		  { 1517307365.523, true, 0.0, NAN, NAN, -1, NAN, -1, -1, -1 } },
		{ "progress: 2.0 s, 0.0 tps, lat nan ms stddev nan",
		  { 2.0, false, 0.0, NAN, NAN, -1, NAN, -1, -1, -1 } },
		/* trailing blanks left by an editor */
		{ "progress: 3.0 s, 1.0 tps, lat 1.000 ms stddev 0.000, 0 failed  \t",
		  { 3.0, false, 1.0, 1.0, 0.0, 0, NAN, -1, -1, -1 } },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(cases); i++) {
		tr_progress p;
		harness_current = cases[i].line;
		CHECK_INT(S_line(&p, cases[i].line), 0);
		S_check(&p, &cases[i].e);
	}
}

static void test_not_progress(void)
{
	static const char *const lines[] = {
		"", "progress", "progress:", "Progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		" progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"starting vacuum...end.", "pgbench: progress: 1.0 s",
		"100000 of 200000 tuples (50%) done (elapsed 0.05 s, remaining 0.05 s)",
	};
	tr_progress p;
	for (size_t i = 0; i < TR_ARRAY_SIZE(lines); i++) {
		harness_current = lines[i];
		CHECK_INT(S_line(&p, lines[i]), TR_ENOTFOUND);
		CHECK(isnan(p.tps));
	}
	CHECK_INT(tr_progress_parse_line(&p, NULL, 0), TR_ENOTFOUND);
}

static void test_malformed(void)
{
	static const char *const lines[] = {
		"progress: ",
		"progress: 1.0 s",
		"progress: 1.0 s, 1721.1 tps",
		"progress: 1.0 s, 1721.1 tps, lat 2.288 ms",
		"progress: 1.00 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: 1 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: 1e3 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: -1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: nan s, 1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: 1.0 s, -5.0 tps, lat 1.000 ms stddev 1.000",
		"progress: 1.0 s, 1.0 tps, lat -1.000 ms stddev 1.000",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, x failed",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, -1 failed",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 1 failed garbage",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 1 failed, 2 retried",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, lag ms",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 5 skipped",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 2 retried, 3 retries",
		"progress: 1.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 0 failed, 0 failed",
		"progress: 1.0 s, 1,0 tps, lat 1.000 ms stddev 1.000",
		"progress: 1.0 s,  1.0 tps, lat 1.000 ms stddev 1.000",
		"progress: 99999999999999999999999.0 s, 1.0 tps, lat 1.000 ms stddev 1.000, 99999999999999999999 failed",
	};
	tr_progress p;
	for (size_t i = 0; i < TR_ARRAY_SIZE(lines); i++) {
		harness_current = lines[i];
		CHECK_INT(S_line(&p, lines[i]), TR_EINVALID);
		CHECK(isnan(p.tps)); /* nothing half-read */
	}
	/* a NUL inside the line */
	{
		static const char nul[] = "progress: 1.0 s, 1.0 tps\0, lat 1.000 ms stddev 1.000";
		harness_current = "NUL";
		CHECK_INT(tr_progress_parse_line(&p, nul, sizeof(nul) - 1), TR_EINVALID);
	}
}

static void S_scan(const char *rel, tr_progress **out, size_t *n)
{
	size_t len;
	char *text = S_read(rel, &len);
	harness_current = rel;
	CHECK_INT(tr_progress_scan(out, n, text, len, rel), 0);
	free(text);
}

static void test_scan_fixtures(void)
{
	tr_progress *p;
	size_t n;

	S_scan("15/run_c4_j2_T5_P1.txt", &p, &n);
	CHECK_INT(n, 5);
	if (n == 5) {
		static const double tps[] = { 1721.1, 1815.8, 2240.0, 2055.9, 2235.2 };
		static const double lat[] = { 2.288, 2.204, 1.784, 1.944, 1.788 };
		static const double sd[] = { 2.156, 2.077, 1.238, 0.913, 0.701 };
		for (size_t i = 0; i < 5; i++) {
			S_pexp e = { (double)(i + 1), false, tps[i], lat[i], sd[i],
			             0, NAN, -1, -1, -1 };
			S_check(&p[i], &e);
		}
	}
	free(p);

	S_scan("15/pipe_progress_timestamp.txt", &p, &n);
	CHECK_INT(n, 3);
	if (n == 3) {
		S_pexp e0 = { 1796028868.834, true, 3636.9, 0.545, 0.407, 0, NAN, -1, -1, -1 };
		S_pexp e2 = { 1796028870.834, true, 3655.0, 0.546, 0.140, 0, NAN, -1, -1, -1 };
		S_check(&p[0], &e0);
		S_check(&p[2], &e2);
	}
	free(p);

	S_scan("15/run_rate_latlimit_P1_log.txt", &p, &n);
	CHECK_INT(n, 4);
	if (n == 4) {
		S_pexp e3 = { 4.0, false, 758.0, 3.056, 1.559, 0, 0.547, 38, -1, -1 };
		S_check(&p[3], &e3);
	}
	free(p);

	S_scan("15/run_serial_maxtries3_detailed_r_P1_log.txt", &p, &n);
	CHECK_INT(n, 4);
	if (n == 4) {
		S_pexp e1 = { 2.0, false, 460.0, 5.140, 2.768, 147, NAN, -1, 265, 462 };
		S_check(&p[1], &e1);
	}
	free(p);

	S_scan("15/err_backend_terminated_midrun.txt", &p, &n);
	CHECK_INT(n, 1);
	free(p);

	S_scan("10/progress_timestamp_nan.txt", &p, &n);
	CHECK_INT(n, 3);
	if (n == 3) {
		S_pexp e1 = { 1517307365.523, true, 0.0, NAN, NAN, -1, NAN, -1, -1, -1 };
		S_pexp e2 = { 1517307366.523, true, 199.0, 5.012, 0.702, -1, 0.131, -1, -1, -1 };
		S_check(&p[1], &e1);
		S_check(&p[2], &e2);
	}
	free(p);

	S_scan("11/multi_R_L_P.txt", &p, &n);
	CHECK_INT(n, 2);
	if (n == 2) {
		S_pexp e1 = { 1540000002.204, true, 494.0, 3.098, 2.850, -1, 0.420, 4, -1, -1 };
		S_check(&p[1], &e1);
	}
	free(p);

	S_scan("13/partitioned_P_timestamp.txt", &p, &n);
	CHECK_INT(n, 3);
	if (n == 3) {
		S_pexp e0 = { 1600000001.015, true, 2001.9, 1.996, 0.714, -1, NAN, -1, -1, -1 };
		S_check(&p[0], &e0);
	}
	free(p);

	S_scan("14/select_only_P_timestamp.txt", &p, &n);
	CHECK_INT(n, 2);
	if (n == 2) {
		S_pexp e1 = { 1720000001.250, true, 8100.0, 0.123, 0.029, -1, NAN, -1, -1, -1 };
		S_check(&p[1], &e1);
	}
	free(p);

	S_scan("16/multi_detailed_tries3_R_L_r.txt", &p, &n);
	CHECK_INT(n, 2);
	if (n == 2) {
		S_pexp e1 = { 2.0, false, 402.0, 5.008, 2.210, 9, 0.498, 2, 27, 35 };
		S_check(&p[1], &e1);
	}
	free(p);

	S_scan("17/exit_on_abort.txt", &p, &n);
	CHECK_INT(n, 1);
	free(p);

	S_scan("10/tpcb_T_P.txt", &p, &n);
	CHECK_INT(n, 2);
	free(p);

	/* -d output, errors, summaries: no progress line at all */
	S_scan("15/pipe_debug_t2.txt", &p, &n);
	CHECK_INT(n, 0);
	CHECK(p == NULL);
	S_scan("15/run_deadlock_maxtries2_detailed_verbose_errors.txt", &p, &n);
	CHECK_INT(n, 0);
	S_scan("15/init_s2.txt", &p, &n);
	CHECK_INT(n, 0);
}

static void test_line_ends(void)
{
	static const char cr[] =
		"progress: 1.0 s, 10.0 tps, lat 1.000 ms stddev 0.100\r"
		"progress: 2.0 s, 20.0 tps, lat 2.000 ms stddev 0.200\r"
		"progress: 3.0 s, 30.0 tps, lat 3.000 ms stddev 0.300\r\n"
		"x\r\n";
	tr_progress *p;
	size_t n, len;
	char *text;
	tr_buf crlf = TR_BUF_INIT;

	CHECK_INT(tr_progress_scan(&p, &n, cr, sizeof(cr) - 1, "p.txt"), 0);
	CHECK_INT(n, 3);
	if (n == 3) {
		CHECK_DBL(p[1].tps, 20.0, 0);
		CHECK_DBL(p[2].stddev_ms, 0.3, 0);
	}
	free(p);

	/* a whole file with CRLF line ends reads the same */
	text = S_read("15/run_serial_maxtries3_detailed_r_P1_log.txt", &len);
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			tr_buf_putc(&crlf, '\r');
		tr_buf_putc(&crlf, text[i]);
	}
	CHECK_INT(tr_progress_scan(&p, &n, crlf.ptr, crlf.size, "p.txt"), 0);
	CHECK_INT(n, 4);
	if (n == 4) {
		CHECK_DBL(p[3].time_s, 4.0, 0);
		CHECK_INT(p[3].retries, 476);
	}
	free(p);
	free(text);
	tr_buf_free(&crlf);
}

static void test_errors(void)
{
	static const char bad[] =
		"starting vacuum...end.\r\n"
		"progress: 1.0 s, 10.0 tps, lat 1.000 ms stddev 0.100\r"
		"progress: 2.0 s, 20.0 tps\n"
		"progress: 3.0 s, 30.0 tps, lat 3.000 ms stddev 0.300\n";
	tr_progress *p = (tr_progress *)&p;
	size_t n = 99;
	CHECK_INT(tr_progress_scan(&p, &n, bad, sizeof(bad) - 1, "results/a/b/run1.txt"),
	          TR_EINVALID);
	CHECK(p == NULL);
	CHECK_INT(n, 0);
	CHECK_STR(tr_error_last(), "results/a/b/run1.txt:2: malformed pgbench "
	          "progress line \"progress: 2.0 s, 20.0 tps\"");

	CHECK_INT(tr_progress_scan(&p, &n, "", 0, "p.txt"), 0);
	CHECK_INT(n, 0);
	CHECK(p == NULL);
	CHECK_INT(tr_progress_scan(&p, &n, NULL, 0, "p.txt"), 0);
	CHECK_INT(n, 0);
}

/* A file cut anywhere: never an error, and a cut last line is left out. */
static void test_cut_everywhere(void)
{
	size_t len;
	char *text = S_read("16/multi_detailed_tries3_R_L_r.txt", &len);
	int bad = 0;
	for (size_t cut = 0; cut <= len; cut++) {
		tr_progress *p;
		size_t n, want = 0;
		const char *q = text, *e = text + cut;
		/* progress lines whose '\n' is inside the cut */
		while (q < e) {
			const char *nl = memchr(q, '\n', (size_t)(e - q));
			if (!nl)
				break;
			if (strncmp(q, "progress: ", 10) == 0)
				want++;
			q = nl + 1;
		}
		if (tr_progress_scan(&p, &n, text, cut, "p.txt") != 0 || n != want)
			bad++;
		free(p);
	}
	CHECK_INT(bad, 0);
	free(text);
}

static void test_hostile(void)
{
	const size_t big = 1 << 20;
	tr_buf b = TR_BUF_INIT;
	tr_progress *p;
	size_t n;
	uint64_t state = 0x2545f4914f6cdd1du;
	int bad = 0;

	/* 1 MB of noise and NUL bytes around a progress line */
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, i % 1000 == 7 ? '\0' : 'y');
	tr_buf_puts(&b, "\nprogress: 1.0 s, 10.0 tps, lat 1.000 ms stddev 0.100, 0 failed\n");
	tr_buf_put(&b, "\0\0\0\n", 4);
	CHECK_INT(tr_progress_scan(&p, &n, b.ptr, b.size, "p.txt"), 0);
	CHECK_INT(n, 1);
	free(p);

	/* a 1 MB progress line */
	tr_buf_clear(&b);
	tr_buf_puts(&b, "progress: 1.0 s, ");
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, '7');
	tr_buf_puts(&b, ".0 tps, lat 1.000 ms stddev 0.100\n");
	CHECK_INT(tr_progress_scan(&p, &n, b.ptr, b.size, "p.txt"), TR_EINVALID);
	CHECK(strncmp(tr_error_last(), "p.txt:1: ", 9) == 0);
	tr_buf_clear(&b);
	tr_buf_puts(&b, "progress: ");
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, 'x');
	tr_buf_puts(&b, "\n");
	CHECK_INT(tr_progress_scan(&p, &n, b.ptr, b.size, "p.txt"), TR_EINVALID);
	CHECK(strncmp(tr_error_last(), "p.txt:1: ", 9) == 0);
	tr_buf_free(&b);

	/* random damage */
	{
		size_t len;
		char *text = S_read("16/multi_detailed_tries3_R_L_r.txt", &len);
		static const char alphabet[] = "\n\r\0 ,.-0123456789naN";
		for (int m = 0; m < 2000; m++) {
			char *t = malloc(len);
			int rc;
			memcpy(t, text, len);
			for (int k = 0; k < 1 + m % 3; k++) {
				state ^= state << 13;
				state ^= state >> 7;
				state ^= state << 17;
				t[state % len] = alphabet[(state >> 40) % (sizeof(alphabet) - 1)];
			}
			rc = tr_progress_scan(&p, &n, t, len, "p.txt");
			if (rc == 0 ? (n > 0 && p == NULL)
			            : (rc != TR_EINVALID || p != NULL || n != 0 ||
			               strncmp(tr_error_last(), "p.txt:", 6) != 0))
				bad++;
			free(p);
			free(t);
		}
		free(text);
	}
	CHECK_INT(bad, 0);
}

int main(void)
{
	RUN(test_forms);
	RUN(test_not_progress);
	RUN(test_malformed);
	RUN(test_scan_fixtures);
	RUN(test_line_ends);
	RUN(test_errors);
	RUN(test_cut_everywhere);
	RUN(test_hostile);
	return harness_done();
}
