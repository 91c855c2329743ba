/* test_server_windows.c: which of a run's windows held a checkpoint or an
 * autovacuum (stats/server_windows.c), on windows laid out by hand: six
 * 10-s windows from Unix time T0 = 1,800,000,000, a sampler that started
 * 5 s before the first of them (so an event at t_s lies at T0 + t_s - 5).
 * Every expected window is worked out in the comments: a moment on a
 * boundary belongs to the later window, one at the end of the last window
 * or after it to none, a span to every window it overlaps. */

#include "harness.h"
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define T0 1800000000.0
#define NWIN 6

static tr_window S_win[NWIN];

/* Window k: [T0 + 10k, T0 + 10k + 10), TPS from tps[]. */
static void S_windows(const double *tps)
{
	memset(S_win, 0, sizeof(S_win));
	for (size_t k = 0; k < NWIN; k++) {
		S_win[k].start_s = T0 + 10.0 * (double)k;
		S_win[k].length_s = 10;
		S_win[k].tps = tps[k];
	}
}

static void S_run(tr_run_result *run, tr_server *sv)
{
	memset(run, 0, sizeof(*run));
	run->series = S_win;
	run->nseries = NWIN;
	run->server.data = sv;
}

/* t_s of the moment `at` seconds after the first window's start */
static double S_at(double at)
{
	return at + 5.0;
}

static tr_server_event S_ck[] = {
	{ 25.0, NAN, true },    /* T0 + 20: window 2's start exactly -> 2, not 1 */
	{ 39.5, NAN, false },   /* T0 + 34.5 -> window 3 */
	{ 65.0, NAN, false },   /* T0 + 60: the end of the last window -> none */
	{ 80.0, NAN, true },    /* T0 + 75: after the last window -> none */
	{ 2.0, NAN, false },    /* T0 - 3: before the first window -> none */
};

static tr_server_event S_av[] = {
	{ 17.0, 46.0, false },  /* T0 + 12 .. T0 + 41: windows 1, 2, 3, 4 */
	{ 55.0, 55.0, false },  /* an empty span: none */
	{ 60.0, 95.0, false },  /* T0 + 55 .. T0 + 90: window 5, the last */
	{ -5.0, 5.0, false },   /* T0 - 10 .. T0: ends where window 0 starts: none */
};

static void S_server(tr_server *sv)
{
	memset(sv, 0, sizeof(*sv));
	sv->start_unix_s = T0 - 5.0;
	sv->checkpoints = S_ck;
	sv->ncheckpoints = TR_ARRAY_SIZE(S_ck);
	sv->autovacuum = S_av;
	sv->nautovacuum = TR_ARRAY_SIZE(S_av);
}

static void test_event_windows(void)
{
	static const double tps[NWIN] = { 100, 90, 50, 80, 50, 95 };
	static const long ck_first[] = { 2, 3, -1, -1, -1 };
	static const long av_first[] = { 1, -1, 5, -1 }, av_last[] = { 4, -1, 5, -1 };
	tr_server sv;
	tr_run_result run;
	long a, b;
	S_windows(tps);
	S_server(&sv);
	S_run(&run, &sv);
	CHECK(tr_run_events_placeable(&run));
	CHECK_DBL(S_at(20), S_ck[0].t_s, 0);
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_ck); i++) {
		bool in = tr_run_event_windows(&a, &b, &run, &S_ck[i], false);
		CHECK_INT(in, ck_first[i] >= 0);
		CHECK_INT(a, ck_first[i]);
		CHECK_INT(b, ck_first[i]);
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_av); i++) {
		bool in = tr_run_event_windows(&a, &b, &run, &S_av[i], true);
		CHECK_INT(in, av_first[i] >= 0);
		CHECK_INT(a, av_first[i]);
		CHECK_INT(b, av_last[i]);
	}
}

static void test_window_bits(void)
{
	static const double tps[NWIN] = { 100, 90, 50, 80, 50, 95 };
	/* checkpoints in 2 and 3; autovacuum over 1-4 and 5 */
	static const unsigned want[NWIN] = {
		0, TR_WINDOW_AUTOVACUUM, TR_WINDOW_CHECKPOINT | TR_WINDOW_AUTOVACUUM,
		TR_WINDOW_CHECKPOINT | TR_WINDOW_AUTOVACUUM, TR_WINDOW_AUTOVACUUM,
		TR_WINDOW_AUTOVACUUM,
	};
	tr_server sv;
	tr_run_result run;
	unsigned char *bits = NULL;
	unsigned held;
	long k;
	S_windows(tps);
	S_server(&sv);
	S_run(&run, &sv);
	CHECK_INT(tr_run_window_events(&bits, &run), 0);
	CHECK(bits != NULL);
	for (size_t i = 0; bits && i < NWIN; i++)
		CHECK_INT(bits[i], want[i]);
	free(bits);
	/* the lowest window: 50 TPS in windows 2 and 4, the first of them */
	CHECK_INT(tr_run_dip_window(&run), 2);
	CHECK_INT(tr_run_dip_events(&held, &k, &run), 0);
	CHECK_INT(k, 2);
	CHECK_INT(held, TR_WINDOW_CHECKPOINT | TR_WINDOW_AUTOVACUUM);
	/* the lowest window 0 held nothing */
	S_win[0].tps = 10;
	CHECK_INT(tr_run_dip_events(&held, &k, &run), 0);
	CHECK_INT(k, 0);
	CHECK_INT(held, 0);
	/* the lowest window 5: only autovacuum */
	S_win[0].tps = 100;
	S_win[5].tps = 5;
	CHECK_INT(tr_run_dip_events(&held, &k, &run), 0);
	CHECK_INT(k, 5);
	CHECK_INT(held, TR_WINDOW_AUTOVACUUM);
}

/* Runs whose events cannot be placed: no sampler file, no sampler start,
 * windows counted from pgbench's own start (-P without timestamps). */
static void test_not_placeable(void)
{
	static const double tps[NWIN] = { 100, 90, 50, 80, 50, 95 };
	tr_server sv;
	tr_run_result run;
	unsigned char *bits = (unsigned char *)&run;
	unsigned held = 9;
	long a = 7, b = 7, k;
	S_windows(tps);
	S_server(&sv);
	S_run(&run, NULL);
	CHECK(!tr_run_events_placeable(&run));
	CHECK_INT(tr_run_window_events(&bits, &run), 0);
	CHECK(bits == NULL);
	CHECK(!tr_run_event_windows(&a, &b, &run, &S_ck[1], false));
	CHECK_INT(a, -1);
	CHECK_INT(b, -1);
	CHECK_INT(tr_run_dip_events(&held, &k, &run), 0);
	CHECK_INT(held, 0);
	S_run(&run, &sv);
	sv.start_unix_s = NAN;
	CHECK(!tr_run_events_placeable(&run));
	sv.start_unix_s = T0 - 5.0;
	for (size_t i = 0; i < NWIN; i++)
		S_win[i].start_s = 5.0 + 10.0 * (double)i;
	CHECK(!tr_run_events_placeable(&run));
	CHECK(!tr_run_event_windows(&a, &b, &run, &S_av[0], true));
}

/* The deepest dip of a scenario and workload: the usable run with two
 * windows or more and the lowest tps_min_pct. */
static void test_deepest(void)
{
	tr_run_result runs[5];
	tr_results r;
	static const double dip[] = { -20, -35, -90, -50, -35 };
	memset(&r, 0, sizeof(r));
	for (size_t i = 0; i < 5; i++) {
		S_run(&runs[i], NULL);
		runs[i].windows.present = true;
		runs[i].windows.tps_min_pct = dip[i];
	}
	runs[2].cell = -1;          /* -90%, but left out of the cell */
	runs[3].scenario = 1;       /* -50%, another scenario */
	runs[4].workload = 0;       /* -35% as run 1: the first of equal ones */
	r.runs = runs;
	r.nruns = 5;
	CHECK_INT(tr_results_deepest_dip(&r, 0, 0), 1);
	CHECK_INT(tr_results_deepest_dip(&r, 1, 0), 3);
	CHECK_INT(tr_results_deepest_dip(&r, 0, 1), -1);
	runs[1].nseries = 1;        /* one window: no line, no dip */
	CHECK_INT(tr_results_deepest_dip(&r, 0, 0), 4);
}

int main(void)
{
	RUN(test_event_windows);
	RUN(test_window_bits);
	RUN(test_not_placeable);
	RUN(test_deepest);
	return harness_done();
}
