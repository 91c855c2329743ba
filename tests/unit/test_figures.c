/* test_figures.c: stats' figures built on the catalog (figures.h): run
 * figures and picks, runs by name, contrasts and the Holm family of their
 * test, ranges, ranks and the catalog's words, over results laid out by
 * hand. Every expected value is worked out in the comments. An internal
 * test of stats for the cache of pairwise families (stats_internal.h). */
/* internal test of: stats */

#include "harness.h"
#include "stats/stats.h"
#include "stats/stats_internal.h"
#include "util/base.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 3 providers (0 the baseline) x 2 scenarios x 1 workload, 3 runs a cell:
 * run TPS, latency and transactions; cells sorted as tr_results_compute
 * sorts them (scenario, workload, provider). */
static const double S_tps[6][3] = {
	{ 100, 110, 120 }, { 200, 210, 190 }, { 150, 160, 170 },  /* scenario 0 */
	{ 50, 60, 70 }, { 55, 65, 75 }, { 300, 310, 320 },         /* scenario 1 */
};
static const double S_lat[6][3] = {
	{ 10, 9, 8 }, { 5, 4, 6 }, { 7, 6.5, 6.2 },
	{ 20, 18, 16 }, { 17.5, 15.5, 15 }, { 3, 2.9, 2.8 },
};
static const char *const S_ids[3] = { "r1", "r2", "r3" };

typedef struct {
	tr_results r;
	tr_cell cells[6];
	tr_run_result runs[18];
	size_t idx[6][3];
	tr_comparison cmp[4];
	size_t order[6], pcells[4], pscen[2], pwork[1];
} S_fix;

static double S_med3(const double *v)
{
	double a = v[0], b = v[1], c = v[2];
	return a > b ? (b > c ? b : a > c ? c : a) : (a > c ? a : b > c ? c : b);
}

static void S_make(S_fix *f)
{
	memset(f, 0, sizeof(*f));
	f->r.cells = f->cells;
	f->r.ncells = 6;
	f->r.runs = f->runs;
	f->r.nruns = 18;
	f->r.nproviders = 3;
	f->r.nscenarios = 2;
	f->r.nworkloads = 1;
	f->r.alpha = 0.05;
	f->r.baseline = 0;
	for (size_t c = 0; c < 6; c++) {
		tr_cell *cell = &f->cells[c];
		cell->provider = c % 3;
		cell->scenario = c / 3;
		cell->runs = f->idx[c];
		cell->nruns = 3;
		for (size_t k = 0; k < 3; k++) {
			tr_run_result *run = &f->runs[3 * c + k];
			f->idx[c][k] = 3 * c + k;
			run->provider = cell->provider;
			run->scenario = cell->scenario;
			run->id = S_ids[k];
			run->tps = S_tps[c][k];
			run->latency_avg_ms = S_lat[c][k];
			run->transactions = c == 0 ? 0 : 1000 * (int64_t)(k + 1);
			run->failed = -1;
		}
		cell->tps_median = cell->tps_headline = S_med3(S_tps[c]);
		cell->latency_avg_ms = S_med3(S_lat[c]);
		cell->transactions = c == 0 ? 0 : 2000;
		cell->failed = NAN;
		cell->price_month = cell->init_total_s = NAN;
	}
	/* the study's comparisons: providers 1 and 2 against 0, with Holm-
	 * adjusted p as compare.c would set them (here: given) */
	for (size_t i = 0; i < 4; i++) {
		size_t c = (i / 2) * 3 + 1 + i % 2;
		f->cmp[i].cell = c;
		f->cmp[i].baseline_cell = (i / 2) * 3;
		f->cmp[i].provider = c % 3;
		f->cmp[i].scenario = c / 3;
		f->cmp[i].p_adjusted = 0.4;
	}
	f->r.comparisons = f->cmp;
	f->r.ncomparisons = 4;
	/* the lookups tr_results_compute makes (stats.h), by hand: each
	 * provider's cells in cell order, one place a scenario */
	for (size_t k = 0; k < 6; k++)
		f->order[k] = (k % 2) * 3 + k / 2;
	for (size_t p = 0; p < 4; p++)
		f->pcells[p] = 2 * p;
	f->pscen[0] = f->pscen[1] = 1;
	f->pwork[0] = 2;
	f->r.cell_order = f->order;
	f->r.provider_cells = f->pcells;
	f->r.places_scenario = f->pscen;
	f->r.places_workload = f->pwork;
	f->r.nplaces = 2;
}

static void test_runs(void)
{
	S_fix f;
	const tr_metric *tps = tr_metric_find("tps_median");
	const tr_metric *lat = tr_metric_find("latency_avg_ms");
	const tr_metric *tx = tr_metric_find("transactions");
	S_make(&f);
	CHECK(tr_metric_per_run(tps) && tr_metric_per_run(lat) && tr_metric_per_run(tx));
	CHECK(!tr_metric_per_run(tr_metric_find("price_month")));
	CHECK(tr_metric_per_run(tr_metric_find("stability.worst.tps_cov_pct")));
	CHECK(tr_metric_per_run(tr_metric_find("latency.p99_ms")));
	CHECK(!tr_metric_per_run(tr_metric_find("tps_gap_pct")));
	/* one run's figures */
	CHECK_DBL(tr_metric_of_run(lat, &f.runs[1]), 9, 0);
	CHECK_DBL(tr_metric_of_run(tx, &f.runs[5]), 3000, 0);
	CHECK(isnan(tr_metric_of_run(tr_metric_find("failed"), &f.runs[5])));
	/* picks of cell 0 (TPS 100 110 120, latency 10 9 8): best TPS 120,
	 * best latency the lowest, 8 (another run than the best TPS's);
	 * worst 100 and 10; median: the cell's own, 110 and 9 */
	CHECK_DBL(tr_metric_picked(&f.r, tps, &f.cells[0], TR_RUNS_BEST), 120, 0);
	CHECK_DBL(tr_metric_picked(&f.r, lat, &f.cells[0], TR_RUNS_BEST), 8, 0);
	CHECK_DBL(tr_metric_picked(&f.r, tps, &f.cells[0], TR_RUNS_WORST), 100, 0);
	CHECK_DBL(tr_metric_picked(&f.r, lat, &f.cells[0], TR_RUNS_WORST), 10, 0);
	CHECK_DBL(tr_metric_picked(&f.r, lat, &f.cells[0], TR_RUNS_MEDIAN), 9, 0);
	/* [study] runs applies to latency, not to a metric naming its
	 * statistic */
	f.r.run_pick = TR_RUNS_BEST;
	CHECK_INT(tr_metric_default_pick(&f.r, lat), TR_RUNS_BEST);
	CHECK_INT(tr_metric_default_pick(&f.r, tps), TR_RUNS_MEDIAN);
	/* runs by name: cell 1 TPS 200 210 190: best r2, worst r3, median r1 */
	CHECK_INT(tr_cell_run_named(&f.r, &f.cells[1], tps, "best"), 4);
	CHECK_INT(tr_cell_run_named(&f.r, &f.cells[1], tps, "worst"), 5);
	CHECK_INT(tr_cell_run_named(&f.r, &f.cells[1], tps, "median"), 3);
	CHECK_INT(tr_cell_run_named(&f.r, &f.cells[1], tps, "r3"), 5);
	CHECK_INT(tr_cell_run_named(&f.r, &f.cells[1], tps, "r9"), -1);
	/* agg over one cell's runs: transactions 1000 + 2000 + 3000 */
	CHECK_DBL(tr_metric_of_runs(&f.r, tx, &f.cells[1], TR_AGG_SUM), 6000, 0);
}

static void test_contrasts(void)
{
	S_fix f;
	tr_contrast c;
	const tr_metric *tps = tr_metric_find("tps_median");
	const tr_metric *lat = tr_metric_find("latency_avg_ms");
	S_make(&f);
	/* provider 2 against 1 in scenario 0: 160 / 200 = 0.8, -40, -20%.
	 * TPS between two non-baseline providers: the family is the pairs
	 * without the baseline, (1, 2) in each scenario, both 3 vs 3 fully
	 * apart: p = 2/20 = 0.1 each; Holm: 2 x 0.1 = 0.2 */
	CHECK_INT(tr_contrast_cells(&c, &f.r, tps, 2, 1, 0, 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK_DBL(c.a, 160, 0);
	CHECK_DBL(c.b, 200, 0);
	CHECK_DBL(c.ratio, 0.8, 1e-12);
	CHECK_DBL(c.diff, -40, 0);
	CHECK_DBL(c.pct, -20, 1e-9);
	CHECK(c.tested && !c.study_family && !c.significant);
	CHECK_DBL(c.p, 0.2, 1e-12);
	CHECK_INT((long)c.na, 3);
	/* against the baseline on TPS: the study's own comparison's p */
	CHECK_INT(tr_contrast_cells(&c, &f.r, tps, 1, 0, 1, 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK(c.tested && c.study_family);
	CHECK_DBL(c.p, 0.4, 0);
	/* latency: every pair at every place, six tests. Scenario 1,
	 * provider 0 {16 18 20} against 1 {15 15.5 17.5}: ranks of 0 are
	 * 3 5 6, U = 14 - 6 = 8, the other U = 1; P(U <= 1) = 2/20, p = 0.2.
	 * The other five pairs are fully apart: 0.1 each. Holm over [0.1 x5,
	 * 0.2]: 6 x 0.1 = 0.6, and every later step is at most that: 0.6 */
	CHECK_INT(tr_contrast_cells(&c, &f.r, lat, 1, 0, 1, 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK_DBL(c.p, 0.6, 1e-12);
	CHECK_DBL(c.a, 15.5, 0);
	CHECK_DBL(c.b, 18, 0);
	/* under the best pick each side's lowest latency: 15 and 16 */
	CHECK_INT(tr_contrast_cells(&c, &f.r, lat, 1, 0, 1, 0, TR_AGG_MEAN, TR_RUNS_BEST), 0);
	CHECK_DBL(c.a, 15, 0);
	CHECK_DBL(c.b, 16, 0);
	/* over both scenarios: means (200 + 65) / 2 = 132.5 against (110 +
	 * 60) / 2 = 85, untested, over 2 places */
	CHECK_INT(tr_contrast_cells(&c, &f.r, tps, 1, 0, -1, -1, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK_DBL(c.a, 132.5, 0);
	CHECK_DBL(c.b, 85, 0);
	CHECK(!c.tested && c.aggregated && c.used == 2);
	/* a zero denominator: provider 0's transactions are 0 in scenario 0 */
	CHECK_INT(tr_contrast_cells(&c, &f.r, tr_metric_find("transactions"), 1, 0, 0, 0,
	                            TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK(c.zero && isnan(c.ratio) && isnan(c.pct));
	CHECK_DBL(c.diff, 2000, 0);
	/* a metric neither side has */
	CHECK_INT(tr_contrast_cells(&c, &f.r, tr_metric_find("price_month"), 1, 0, 0, 0,
	                            TR_AGG_MEAN, TR_RUNS_MEDIAN), TR_ENOTFOUND);
	/* one run against another: r3 of 1 (190) and of 0 (120): 190/120 */
	tr_contrast_runs(&c, &f.r, tps, 5, 2);
	CHECK_DBL(c.ratio, 190.0 / 120.0, 1e-12);
	CHECK(!c.tested);
}

static void test_ranges_ranks(void)
{
	S_fix f;
	double lo, hi;
	size_t used, rank, of;
	const tr_metric *tps = tr_metric_find("tps_median");
	S_make(&f);
	/* 2 against 1: 160 / 200 = 0.8 and 310 / 65 = 4.769 */
	CHECK_INT(tr_contrast_range(&lo, &hi, &used, &f.r, tps, 2, 1, NULL, 0, -1, false, TR_AGG_MEAN,
	                            TR_CONTRAST_RATIO), 0);
	CHECK_DBL(lo, 0.8, 1e-12);
	CHECK_DBL(hi, 310.0 / 65.0, 1e-12);
	CHECK_INT((long)used, 2);
	/* percent: -20% and +376.9% */
	CHECK_INT(tr_contrast_range(&lo, &hi, &used, &f.r, tps, 2, 1, NULL, 0, -1, false, TR_AGG_MEAN,
	                            TR_CONTRAST_PCT), 0);
	CHECK_DBL(lo, -20, 1e-9);
	/* ranks in scenario 0: 200 > 160 > 110 */
	CHECK_INT(tr_metric_rank(&rank, &of, &f.r, tps, 2, 0, 0, TR_AGG_MEAN), 0);
	CHECK_INT((long)rank, 2);
	CHECK_INT((long)of, 3);
	/* latency, lower better, scenario 1: 2.9 < 15.5 < 18: provider 0 last */
	CHECK_INT(tr_metric_rank(&rank, &of, &f.r, tr_metric_find("latency_avg_ms"), 0, 1, 0,
	                         TR_AGG_MEAN), 0);
	CHECK_INT((long)rank, 3);
	/* over everything, means 85, 132.5, 235: provider 2 first */
	CHECK_INT(tr_metric_rank(&rank, &of, &f.r, tps, 2, -1, -1, TR_AGG_MEAN), 0);
	CHECK_INT((long)rank, 1);
	CHECK_INT(tr_metric_rank(&rank, &of, &f.r, tr_metric_find("p_value"), 2, 0, 0,
	                         TR_AGG_MEAN), TR_ENOTFOUND);
}

static void test_words(void)
{
	static const struct { const char *key; bool up; const char *want; } w[] = {
		{ "tps_median", true, "faster" }, { "tps_gap_pct", false, "slower" },
		{ "price_month", true, "more expensive" }, { "cost_per_tps", false, "cheaper" },
		{ "init.total_s", true, "longer" }, { "init.phase.vacuum_s", false, "shorter" },
		{ "latency.p99_ms", false, "lower p99 latency" },
		{ "tps_cov_pct_worst", false, "lower TPS CoV" },
		{ "transactions", true, "more transactions" },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(w); i++) {
		char *s = tr_metric_change_words(tr_metric_find(w[i].key), w[i].up);
		CHECK_STR(s, w[i].want);
		free(s);
	}
}

/* Gaps and ratios follow the run pick of what they compare, as
 * {{compare}} does (issue: -28.5% from medians beside -33.1% from best
 * runs in one article). */
static void test_gap_picks(void)
{
	S_fix f;
	tr_contrast c;
	const tr_metric *gap = tr_metric_find("latency_gap_pct");
	const tr_metric *lat = tr_metric_find("latency_avg_ms");
	size_t used = 0, missing = 0;
	S_make(&f);
	/* scenario 0: provider 1's latency {5 4 6} against the baseline's
	 * {10 9 8}: medians 5 / 9 - 1 = -44.44%; best (the lowest of each)
	 * 4 / 8 - 1 = -50%; worst 6 / 10 - 1 = -40% */
	CHECK_DBL(tr_metric_value_pick(&f.r, gap, &f.cells[1], &f.cells[0], NULL, TR_RUNS_MEDIAN),
	          (5.0 / 9.0 - 1) * 100, 1e-9);
	CHECK_DBL(tr_metric_value_pick(&f.r, gap, &f.cells[1], &f.cells[0], NULL, TR_RUNS_BEST),
	          -50, 1e-9);
	CHECK_DBL(tr_metric_value_pick(&f.r, gap, &f.cells[1], &f.cells[0], NULL, TR_RUNS_WORST),
	          -40, 1e-9);
	/* the same figure as {{compare}}'s percent under the same pick */
	CHECK_INT(tr_contrast_cells(&c, &f.r, lat, 1, 0, 0, 0, TR_AGG_MEAN, TR_RUNS_BEST), 0);
	CHECK_DBL(c.pct, -50, 1e-9);
	/* [study] runs = best: the gap's pick is its base's */
	f.r.run_pick = TR_RUNS_BEST;
	CHECK_INT(tr_metric_default_pick(&f.r, gap), TR_RUNS_BEST);
	CHECK_INT(tr_metric_default_pick(&f.r, tr_metric_find("tps_gap_pct")), TR_RUNS_MEDIAN);
	/* over both scenarios, best: provider 1's lowest latencies 4 and 15,
	 * mean 9.5; the baseline's 8 and 16, mean 12: 9.5 / 12 - 1 =
	 * -20.833%; medians (5 + 15.5) / 2 = 10.25 against (9 + 18) / 2 =
	 * 13.5: -24.074% */
	CHECK_DBL(tr_metric_over_vs_pick(&f.r, gap, 1, -1, -1, -1, TR_AGG_MEAN, TR_RUNS_BEST,
	                                 &used, &missing), (9.5 / 12.0 - 1) * 100, 1e-9);
	CHECK_INT((long)used, 2);
	CHECK_DBL(tr_metric_over_pick(&f.r, gap, 1, -1, -1, TR_AGG_MEAN, TR_RUNS_BEST, NULL, NULL),
	          (9.5 / 12.0 - 1) * 100, 1e-9);
	CHECK_DBL(tr_metric_over_vs_pick(&f.r, gap, 1, -1, -1, -1, TR_AGG_MEAN, TR_RUNS_MEDIAN,
	                                 NULL, NULL), (10.25 / 13.5 - 1) * 100, 1e-9);
	/* vs provider 2 (scenario 0 best latencies 4 and 6.2): 4 / 6.2 - 1 */
	CHECK_DBL(tr_metric_over_vs_pick(&f.r, gap, 1, 2, 0, 0, TR_AGG_MEAN, TR_RUNS_BEST, NULL,
	                                 NULL), (4.0 / 6.2 - 1) * 100, 1e-9);
}

/* Cost per TPS and TPS per 100 under a pick: at the picked run's TPS. */
static void test_priced_picks(void)
{
	S_fix f;
	const tr_metric *cost = tr_metric_find("cost_per_tps");
	const tr_metric *per100 = tr_metric_find("tps_per_100");
	S_make(&f);
	/* provider 1 in scenario 0 costs 100 a month, TPS {200 210 190};
	 * the baseline 60, TPS {100 110 120} */
	f.cells[1].price_month = 100;
	f.cells[1].cost_per_tps = 100.0 / 200.0;
	f.cells[0].price_month = 60;
	f.cells[0].cost_per_tps = 60.0 / 110.0;
	CHECK(tr_metric_priced(cost) && tr_metric_priced(per100));
	CHECK(!tr_metric_priced(tr_metric_find("price_month")));
	/* median: the cell's own, 100 / 200 */
	CHECK_DBL(tr_metric_picked(&f.r, cost, &f.cells[1], TR_RUNS_MEDIAN), 0.5, 0);
	/* best: 100 / 210 (the fastest run, the lowest cost); worst 100 / 190 */
	CHECK_DBL(tr_metric_picked(&f.r, cost, &f.cells[1], TR_RUNS_BEST), 100.0 / 210.0, 1e-15);
	CHECK_DBL(tr_metric_picked(&f.r, cost, &f.cells[1], TR_RUNS_WORST), 100.0 / 190.0, 1e-15);
	/* TPS per 100 a month at the best run: 210 / 100 x 100 = 210 */
	CHECK_DBL(tr_metric_picked(&f.r, per100, &f.cells[1], TR_RUNS_BEST), 210, 1e-12);
	/* the value ratio at best runs: the baseline's 60 / 120 = 0.5 over
	 * 100 / 210: 0.5 x 2.1 = 1.05 */
	CHECK_DBL(tr_metric_value_pick(&f.r, tr_metric_find("value_ratio"), &f.cells[1],
	                               &f.cells[0], NULL, TR_RUNS_BEST), 1.05, 1e-12);
	/* no price: none */
	CHECK(isnan(tr_metric_picked(&f.r, cost, &f.cells[2], TR_RUNS_BEST)));
	CHECK(isnan(tr_metric_at_tps(cost, 0, 100)));
}

/* The pairwise family kept per metric gives every pair the p it gets
 * computed alone. Transactions in scenario 0: providers 0 and 2 {0 0 0}
 * (tied: 1.0), 1 {1000 2000 3000} fully apart from both (0.1 each);
 * scenario 1 all {1000 2000 3000} (tied: 1.0 x3). Holm over [0.1 0.1 1 1
 * 1 1]: 6 x 0.1 = 0.6 for the pairs with 1 in scenario 0, the rest 1. */
static void test_family_cache(void)
{
	S_fix f;
	tr_contrast c, alone;
	const tr_metric *tx = tr_metric_find("transactions");
	const tr_metric *lat = tr_metric_find("latency_avg_ms");
	static const size_t pairs[][3] = {
		{ 1, 0, 0 }, { 2, 1, 0 }, { 0, 2, 0 }, { 2, 0, 1 }, { 1, 2, 1 }, { 0, 1, 1 },
	};
	S_make(&f);
	for (size_t k = 6; k < 9; k++)
		f.runs[k].transactions = 0;
	CHECK((f.r.pair_cache = tr_pair_cache_new()) != NULL);
	for (int round = 0; round < 2; round++)
		for (size_t i = 0; i < TR_ARRAY_SIZE(pairs); i++) {
			tr_results own = f.r;
			own.pair_cache = NULL;
			CHECK_INT(tr_contrast_cells(&c, &f.r, tx, pairs[i][0], pairs[i][1],
			                            (long)pairs[i][2], 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
			CHECK_INT(tr_contrast_cells(&alone, &own, tx, pairs[i][0], pairs[i][1],
			                            (long)pairs[i][2], 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
			CHECK_DBL(c.p, alone.p, 0);
			CHECK_DBL(c.p, pairs[i][2] == 0 && (pairs[i][0] == 1 || pairs[i][1] == 1)
			               ? 0.6 : 1.0, 1e-12);
		}
	/* another metric, another family (latency: 0.6, test_contrasts) */
	CHECK_INT(tr_contrast_cells(&c, &f.r, lat, 1, 0, 1, 0, TR_AGG_MEAN, TR_RUNS_MEDIAN), 0);
	CHECK_DBL(c.p, 0.6, 1e-12);
	tr_pair_cache_free(f.r.pair_cache);
}

/* The run member diff reads for a cell figure: as docs/results-json.md
 * names runs[] members (written out here, not taken from the code). */
static void test_run_members(void)
{
	static const char *const want[][2] = {
		{ "stability.worst.tps_cov_pct", "windows.tps_cov_pct" },
		{ "stability.worst.tps_min_pct", "windows.tps_min_pct" },
		{ "stability.worst.tps_min", "windows.tps_min" },
		{ "stability.worst.latency_max_ms", "windows.latency_max_ms" },
		{ "stability.median_run.tps_cov_pct", "windows.tps_cov_pct" },
		{ "stability.pooled.tps_mean", "windows.tps_mean" },
		{ "stability.pooled.tps_min_pct", "windows.tps_min_pct" },
		{ "tps_median", "tps" },
		{ "tps_max", "tps" },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const tr_metric *m = tr_metric_find(want[i][0]);
		const char *got = m ? tr_metric_run_member(m) : NULL;
		CHECK(m != NULL);
		CHECK_STR(got ? got : "(none)", want[i][1]);
	}
}

int main(void)
{
	RUN(test_run_members);
	RUN(test_runs);
	RUN(test_contrasts);
	RUN(test_ranges_ranks);
	RUN(test_words);
	RUN(test_gap_picks);
	RUN(test_priced_picks);
	RUN(test_family_cache);
	return harness_done();
}
