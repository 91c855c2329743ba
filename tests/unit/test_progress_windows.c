/*
 * test_progress_windows.c: windows from -P lines (tr_windows_from_progress).
 * The interval is the typical step between reports, rounded to what
 * pgbench prints, whatever the first report or a skipped one does.
 * Expected values are worked out by hand in each test.
 */

/* internal test of: ingest */
#include "harness.h"
#include "ingest/ingest_internal.h"

static tr_progress S_line(double t, double tps, bool ts)
{
	tr_progress p;
	memset(&p, 0, sizeof(p));
	p.time_s = t;
	p.timestamp = ts;
	p.tps = tps;
	p.latency_ms = 1.0;
	p.failed = -1;
	p.skipped = -1;
	p.lag_ms = NAN;
	return p;
}

/* -P 1 with a slow start: the first report at 2.5 s, then 3.0, 4.0, ...;
 * the report at 7.0 skipped (8.0 covers 2 s). Steps: 0.5, 1, 1, 1, 2, 1,
 * 1: median 1. */
static void test_late_first_and_skipped(void)
{
	double t[] = { 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 9.0, 10.0 };
	tr_progress lines[8];
	tr_run run;
	tr_diags d = { 0 };
	memset(&run, 0, sizeof(run));
	for (size_t i = 0; i < 8; i++)
		lines[i] = S_line(t[i], 100.0 + (double)i, false);
	CHECK_INT(tr_windows_from_progress(&run, lines, 8, &d), 0);
	CHECK_DBL(run.window_interval_s, 1.0, 0);
	/* every line is a window; stats leaves the first out (its start is
	 * unknown: one interval before the first report, 1.5 s) */
	CHECK_INT(run.nwindows, 8);
	CHECK_DBL(run.windows[0].start_s, 1.5, 1e-12);
	CHECK_DBL(run.windows[1].start_s, 2.5, 0);
	CHECK_DBL(run.windows[1].length_s, 0.5, 1e-12);
	CHECK_DBL(run.windows[5].length_s, 2.0, 1e-12);
	CHECK_DBL(run.windows[5].tps, 105.0, 0);
	free(run.windows);
	tr_diags_free(&d);
}

/* --progress-timestamp 0.8 s apart: 1796026469.579 + 0.8 k; the doubles
 * differ from 0.8 in their last bits, the interval reads 0.8 (1 ms). */
static void test_fractional_timestamp(void)
{
	tr_progress lines[6];
	tr_run run;
	tr_diags d = { 0 };
	memset(&run, 0, sizeof(run));
	for (size_t i = 0; i < 6; i++)
		lines[i] = S_line(1796026469.579 + 0.8 * (double)i, 50.0, true);
	CHECK(lines[2].time_s - lines[1].time_s != 0.8);  /* the premise */
	CHECK_INT(tr_windows_from_progress(&run, lines, 6, &d), 0);
	CHECK_DBL(run.window_interval_s, 0.8, 0);
	CHECK_INT(run.nwindows, 6);
	free(run.windows);
	tr_diags_free(&d);
}

int main(void)
{
	RUN(test_late_first_and_skipped);
	RUN(test_fractional_timestamp);
	return harness_done();
}
