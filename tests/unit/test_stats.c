/* test_stats.c: medians, quantiles, CoV, Mann-Whitney, Holm, prices, and
 * the latency histogram against exact sorting. */

#include "harness.h"
#include "stats/stats.h"
#include "util/base.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_median_quantile(void)
{
	double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };
	double q[] = { 10, 20, 30, 40, 50 };
	CHECK_DBL(tr_median(odd, 3), 3, 0);
	CHECK_DBL(tr_median(even, 4), 2.5, 0);
	CHECK(isnan(tr_median(odd, 0)));
	/* type 7: position (n-1)q; numpy.percentile([10..50], 95) = 48 */
	CHECK_DBL(tr_quantile(q, 5, 0.95), 48, 1e-12);
	CHECK_DBL(tr_quantile(q, 5, 0.5), 30, 0);
	CHECK_DBL(tr_quantile(q, 5, 0), 10, 0);
	CHECK_DBL(tr_quantile(q, 5, 1), 50, 0);
	CHECK_DBL(tr_quantile(q, 1, 0.95), 10, 0);
	/* NaN is left out, not sorted somewhere */
	{
		double with_nan[] = { 3, NAN, 1, 2, NAN };
		CHECK_DBL(tr_median(with_nan, 5), 2, 0);
		CHECK_DBL(tr_quantile(with_nan, 5, 1), 3, 0);
		CHECK(isnan(tr_median(with_nan + 1, 1)));
	}
	/* input untouched */
	CHECK_DBL(odd[0], 5, 0);
}

static void test_cov(void)
{
	double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 }; /* mean 5, pop. sd 2 */
	CHECK_DBL(tr_mean(v, 8), 5, 0);
	CHECK_DBL(tr_stddev_pop(v, 8), 2, 1e-12);
	CHECK_DBL(tr_cov_pct(v, 8), 40, 1e-12);
}

static double S_mw(const double *a, size_t na, const double *b, size_t nb,
                   bool *exact)
{
	double p, u;
	CHECK_INT(tr_mann_whitney(&p, &u, exact, a, na, b, nb), 0);
	return p;
}

static void test_mann_whitney(void)
{
	double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	double a4[] = { 1, 2, 3, 4 }, b4[] = { 5, 6, 7, 8 };
	double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 6, 7, 8, 9, 10 };
	double c5[] = { 1, 2, 4, 6, 7 }, d5[] = { 3, 5, 8, 9, 10 };
	double a6[] = { 1, 2, 3, 4, 7, 9 }, b6[] = { 5, 6, 8, 10, 11, 12 };
	bool exact;
	/* 3 vs 3 cannot reach 0.05: the smallest two-sided p is 2/20. */
	CHECK_DBL(S_mw(a3, 3, b3, 3, &exact), 0.1, 1e-12);
	CHECK(exact);
	CHECK_DBL(tr_mann_whitney_min_p(3, 3), 0.1, 1e-12);
	/* Published exact values: 4 vs 4, U = 0: 2/70. */
	CHECK_DBL(S_mw(a4, 4, b4, 4, &exact), 2.0 / 70, 1e-12);
	/* R: wilcox.test(1:5, 6:10)$p.value = 0.007937 = 2/252 */
	CHECK_DBL(S_mw(a5, 5, b5, 5, &exact), 2.0 / 252, 1e-12);
	/* symmetric in its arguments */
	CHECK_DBL(S_mw(b5, 5, a5, 5, &exact), 2.0 / 252, 1e-12);
	/* 5 vs 5, U = 5 (c5 beats d5 in 5 pairs): the table of the null
	 * distribution gives P(U <= 5) = 19/252 for m = n = 5. */
	{
		double p, u;
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, c5, 5, d5, 5), 0);
		CHECK_DBL(u, 5, 0);
		CHECK_DBL(p, 38.0 / 252, 1e-12);
	}
	/* 6 vs 6, U = 5: P(U <= 5) = 19/924 (critical value 5 at 0.05). */
	{
		double p, u;
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, a6, 6, b6, 6), 0);
		CHECK_DBL(u, 5, 0);
		CHECK_DBL(p, 38.0 / 924, 1e-12);
	}
	/* Ties: the exact enumeration over mid-ranks, by hand. x = {1,2,2},
	 * y = {2,3,4}: mid-ranks 1, 3, 3, 3, 5, 6; x holds 1, 3, 3, rank sum 7,
	 * U = 7 - 3*4/2 = 1 (the two x's of 2 tie one y: 1/2 each). Of the
	 * C(6,3) = 20 choices of 3 ranks, only {1,3,3} (3 ways: 2 of the 3
	 * threes) has a sum <= 7: P(U <= 1) = 3/20, p = 2 * 3/20 = 0.3. */
	{
		double x[] = { 1, 2, 2 }, y[] = { 2, 3, 4 }, p, u;
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, x, 3, y, 3), 0);
		CHECK(exact);
		CHECK_DBL(u, 1, 0);
		CHECK_DBL(p, 0.3, 1e-12);
	}
	/* x = {1,4,3}, y = {5,5,2}: mid-ranks 1, 2, 3, 4, 5.5, 5.5; x holds
	 * 1, 4, 3, sum 8, U = 2. Sums <= 8: {1,2,3}, {1,2,4}, {1,3,4}: 3 of 20,
	 * p = 0.3 (without the mid-ranks, or with the lowest rank given to
	 * ties, the count would differ). */
	{
		double x[] = { 1, 4, 3 }, y[] = { 5, 5, 2 }, p, u;
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, x, 3, y, 3), 0);
		CHECK(exact);
		CHECK_DBL(u, 2, 0);
		CHECK_DBL(p, 0.3, 1e-12);
		/* and the other way round: U' = 9 - 2 = 7, same p */
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, y, 3, x, 3), 0);
		CHECK_DBL(u, 7, 0);
		CHECK_DBL(p, 0.3, 1e-12);
	}
	/* identical samples: p = 1 */
	{
		double x[] = { 7, 7, 7 }, p, u;
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, x, 3, x, 3), 0);
		CHECK_DBL(p, 1, 0);
	}
	/* large samples use the normal approximation and say so */
	{
		double x[60], y[60], p, u;
		for (int i = 0; i < 60; i++) {
			x[i] = i;
			y[i] = i + 30;
		}
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, x, 60, y, 60), 0);
		CHECK(!exact);
		CHECK(p < 1e-6);
	}
	{
		double p, u, bad[] = { NAN };
		CHECK(tr_mann_whitney(&p, &u, &exact, a3, 0, b3, 3) < 0);
		CHECK(tr_mann_whitney(&p, &u, &exact, bad, 1, b3, 3) < 0);
	}
	CHECK_INT(tr_mann_whitney_runs_needed(0.05), 4);
	CHECK_INT(tr_mann_whitney_runs_needed(0.01), 5);
}

static void test_holm(void)
{
	double p[] = { 0.01, 0.04, 0.03, 0.005 }, adj[4];
	CHECK_INT(tr_holm(adj, p, 4), 0);
	CHECK_DBL(adj[0], 0.03, 1e-15);
	CHECK_DBL(adj[1], 0.06, 1e-15);
	CHECK_DBL(adj[2], 0.06, 1e-15);
	CHECK_DBL(adj[3], 0.02, 1e-15);
	{
		double one[] = { 0.7 }, a1[1];
		CHECK_INT(tr_holm(a1, one, 1), 0);
		CHECK_DBL(a1[0], 0.7, 0);
	}
}

static void test_prices(void)
{
	tr_price_item month = { 223.26, "USD", false, NULL };
	tr_price_item hour = { 0.5, "USD", true, NULL };
	tr_fx_rate fx[] = { { "USD", 0.92 } };
	tr_config c = { 0 };
	c.fx = fx;
	c.nfx = 1;
	CHECK_DBL(tr_price_item_monthly(&month), 223.26, 0);
	CHECK_DBL(tr_price_item_monthly(&hour), 365, 1e-12);
	CHECK_DBL(tr_currency_rate(&c, "EUR", "USD"), 0.92, 0);
	CHECK_DBL(tr_currency_rate(&c, "EUR", "EUR"), 1, 0);
	CHECK(isnan(tr_currency_rate(&c, "EUR", "GBP")));
	/* the seed: AWS 223.26 USD/month at 0.92 is 205.40 EUR */
	CHECK_DBL(tr_price_item_monthly(&month) * tr_currency_rate(&c, "EUR", "USD"),
	          205.3992, 1e-9);
}

static int S_cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* A deterministic, heavy-tailed latency sample (lognormal-ish via a
 * product of uniforms), in us. */
static int64_t S_next(uint64_t *state)
{
	double u1, u2;
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	u1 = (double)(*state >> 11) / 9007199254740992.0;
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	u2 = (double)(*state >> 11) / 9007199254740992.0;
	return (int64_t)(800 + 20000 * u1 * u1 * u1 + 3e6 * pow(u2, 60));
}

/* Nearest rank from a sorted array, by the definition: the smallest v[i]
 * with at least ceil(q*N) values at or below it; q*N computed from the
 * percentage in parts per million, as the text of docs/metrics.md says. */
static int64_t S_nearest_rank(const int64_t *v, size_t n, long ppm)
{
	unsigned long long need = ((unsigned long long)n * (unsigned long long)ppm +
	                           999999) / 1000000;
	if (need < 1)
		need = 1;
	return v[need - 1];
}

/* PostgresBench's: walk up the sorted values, the first whose cumulative
 * count exceeds floor(q*N). */
static int64_t S_postgresbench(const int64_t *v, size_t n, long ppm)
{
	unsigned long long t = (unsigned long long)n * (unsigned long long)ppm / 1000000;
	for (size_t i = 0; i < n; i++)
		if (i + 1 > t)
			return v[i];
	return v[n - 1];
}

static void test_histogram_vs_sort(void)
{
	enum { N = 200000 };
	int64_t *v = malloc(N * sizeof(int64_t));
	tr_hist h, a, b, c;
	uint64_t state = 42;
	double ps[] = { 1, 50, 90, 95, 99, 99.9, 99.99, 100 };
	long ppm[] = { 10000, 500000, 900000, 950000, 990000, 999000, 999900, 1000000 };
	int64_t got[8];
	tr_hist_init(&h);
	tr_hist_init(&a);
	tr_hist_init(&b);
	tr_hist_init(&c);
	for (int i = 0; i < N; i++) {
		v[i] = S_next(&state);
		tr_hist_record(&h, v[i]);
		tr_hist_record(i % 3 == 0 ? &a : i % 3 == 1 ? &b : &c, v[i]);
	}
	qsort(v, N, sizeof(int64_t), S_cmp_i64);
	CHECK(v[N - 1] >= (int64_t)TR_HIST_DENSE);   /* the sparse part is used */
	CHECK_INT(h.total, N);
	CHECK_INT(tr_hist_min(&h), v[0]);
	CHECK_INT(tr_hist_max(&h), v[N - 1]);
	CHECK_INT(tr_hist_percentiles(got, &h, TR_PCT_NEAREST_RANK, ps, 8), 0);
	for (size_t k = 0; k < TR_ARRAY_SIZE(ps); k++) {
		CHECK_INT(got[k], S_nearest_rank(v, N, ppm[k]));
		CHECK_DBL(tr_hist_percentile(&h, ps[k]), (double)got[k], 0);
	}
	CHECK_INT(tr_hist_percentiles(got, &h, TR_PCT_POSTGRESBENCH, ps, 8), 0);
	for (size_t k = 0; k < TR_ARRAY_SIZE(ps); k++)
		CHECK_INT(got[k], S_postgresbench(v, N, ppm[k]));
	/* merge == one accumulator of everything, whatever the order */
	CHECK_INT(tr_hist_merge(&c, &a), 0);
	CHECK_INT(tr_hist_merge(&b, &c), 0);
	CHECK_INT(b.total, h.total);
	CHECK_INT(tr_hist_min(&b), v[0]);
	CHECK_INT(tr_hist_max(&b), v[N - 1]);
	CHECK_INT(tr_hist_percentiles(got, &b, TR_PCT_NEAREST_RANK, ps, 8), 0);
	for (size_t k = 0; k < TR_ARRAY_SIZE(ps); k++)
		CHECK_INT(got[k], S_nearest_rank(v, N, ppm[k]));
	{
		tr_hist_slot *x = NULL, *y = NULL;
		size_t nx = 0, ny = 0, distinct = 1;
		uint64_t sum = 0;
		CHECK_INT(tr_hist_values(&x, &nx, &h), 0);
		CHECK_INT(tr_hist_values(&y, &ny, &b), 0);
		for (size_t i = 1; i < N; i++)
			distinct += v[i] != v[i - 1];
		CHECK_INT(nx, distinct);
		CHECK_INT(ny, distinct);
		for (size_t i = 0; i < nx; i++)
			sum += x[i].count;
		CHECK_INT(sum, N);
		CHECK(nx == ny && memcmp(x, y, nx * sizeof(*x)) == 0);
		free(x);
		free(y);
	}
	/* memory is bounded by the distinct values, not the count */
	CHECK(h.ndense <= TR_HIST_DENSE);
	CHECK(h.sparse_cap <= 4 * (h.nsparse + 16));
	free(v);
	tr_hist_free(&h);
	tr_hist_free(&a);
	tr_hist_free(&b);
	tr_hist_free(&c);
}

/* The bounds, found rather than kept: empty, dense only, sparse only,
 * and after a merge that brings a smaller value (by hand). */
static void test_histogram_bounds(void)
{
	tr_hist h, s;
	tr_hist_init(&h);
	tr_hist_init(&s);
	CHECK_INT(tr_hist_min(&h), -1);
	CHECK_INT(tr_hist_max(&h), -1);
	tr_hist_record(&h, 5000);
	tr_hist_record(&h, 70);
	tr_hist_record(&h, 5000);
	CHECK_INT(tr_hist_min(&h), 70);
	CHECK_INT(tr_hist_max(&h), 5000);
	tr_hist_record(&s, (int64_t)TR_HIST_DENSE + 9);
	tr_hist_record(&s, (int64_t)TR_HIST_DENSE * 3);
	CHECK_INT(tr_hist_min(&s), (int64_t)TR_HIST_DENSE + 9);
	CHECK_INT(tr_hist_max(&s), (int64_t)TR_HIST_DENSE * 3);
	tr_hist_record(&s, 0);
	CHECK_INT(tr_hist_min(&s), 0);
	CHECK_INT(tr_hist_merge(&h, &s), 0);
	CHECK_INT(h.total, 6);
	CHECK_INT(tr_hist_min(&h), 0);
	CHECK_INT(tr_hist_max(&h), (int64_t)TR_HIST_DENSE * 3);
	/* cleared: empty, its memory kept, and counting again from nothing */
	{
		size_t nd = h.ndense, cap = h.sparse_cap;
		int64_t got;
		double p = 50;
		tr_hist_clear(&h);
		CHECK_INT(h.total, 0);
		CHECK_INT(tr_hist_min(&h), -1);
		CHECK_INT(tr_hist_max(&h), -1);
		CHECK(h.ndense == nd && h.sparse_cap == cap && h.nsparse == 0);
		tr_hist_record(&h, 42);
		tr_hist_record(&h, (int64_t)TR_HIST_DENSE * 2);
		CHECK_INT(h.total, 2);
		CHECK_INT(tr_hist_min(&h), 42);
		CHECK_INT(tr_hist_max(&h), (int64_t)TR_HIST_DENSE * 2);
		CHECK_INT(tr_hist_percentiles(&got, &h, TR_PCT_NEAREST_RANK, &p, 1), 0);
		CHECK_INT(got, 42);      /* rank 1 of 2: no count left over */
	}
	tr_hist_free(&h);
	tr_hist_free(&s);
}

/* The two rules where q*N is whole, by hand. */
static void test_percentile_rules(void)
{
	tr_hist h, e;
	double p[] = { 50, 95, 99, 100, 0, 101 };
	int64_t nr[6], pb[6];
	tr_hist_init(&h);
	for (int i = 1; i <= 100; i++)
		tr_hist_record(&h, i * 10);
	CHECK_INT(tr_hist_percentiles(nr, &h, TR_PCT_NEAREST_RANK, p, 6), 0);
	CHECK_INT(tr_hist_percentiles(pb, &h, TR_PCT_POSTGRESBENCH, p, 6), 0);
	/* 95% of 100: nearest rank is the 95th value, PostgresBench the first
	 * whose cumulative count exceeds 95, the 96th. */
	CHECK_INT(nr[0], 500);
	CHECK_INT(pb[0], 510);
	CHECK_INT(nr[1], 950);
	CHECK_INT(pb[1], 960);
	CHECK_INT(nr[2], 990);
	CHECK_INT(pb[2], 1000);
	CHECK_INT(nr[3], 1000);
	CHECK_INT(pb[3], 1000);
	CHECK_INT(nr[4], -1);
	CHECK_INT(nr[5], -1);
	CHECK(isnan(tr_hist_percentile(&h, 0)));
	tr_hist_free(&h);
	/* q*N not whole: the rules agree. 7 values, p50: 3.5 -> the 4th. */
	tr_hist_init(&h);
	for (int i = 1; i <= 7; i++)
		tr_hist_record(&h, 200000 + i);      /* all sparse */
	CHECK_INT(tr_hist_percentiles(nr, &h, TR_PCT_NEAREST_RANK, p, 2), 0);
	CHECK_INT(tr_hist_percentiles(pb, &h, TR_PCT_POSTGRESBENCH, p, 2), 0);
	CHECK_INT(nr[0], 200004);
	CHECK_INT(pb[0], 200004);
	CHECK_INT(nr[1], 200007);               /* 6.65 -> 7th */
	CHECK_INT(pb[1], 200007);
	/* counts: one value recorded 3 times, then merged into another */
	tr_hist_init(&e);
	CHECK_INT(tr_hist_record_n(&e, 5, 3), 0);
	CHECK_INT(tr_hist_record_n(&e, -4, 1), 0);  /* negative: as 0 */
	CHECK_INT(tr_hist_merge(&h, &e), 0);
	CHECK_INT(h.total, 11);
	CHECK_INT(tr_hist_min(&h), 0);
	CHECK_INT(tr_hist_max(&h), 200007);
	CHECK_DBL(tr_hist_percentile(&h, 36.36), 5, 0);   /* rank 4 of 11 */
	CHECK_DBL(tr_hist_percentile(&h, 36.37), 200001, 0); /* rank 5 */
	tr_hist_free(&e);
	tr_hist_free(&h);
	/* empty */
	tr_hist_init(&h);
	CHECK_INT(tr_hist_percentiles(nr, &h, TR_PCT_NEAREST_RANK, p, 1), 0);
	CHECK_INT(nr[0], -1);
	tr_hist_free(&h);
}

/* The init phases, one table: pgbench's names and -I letters, as
 * pgbench.c prints and documents them (written out here by hand). */
static void test_phases(void)
{
	static const struct { char step; const char *name; } want[] = {
		{ 'd', "drop tables" }, { 't', "create tables" },
		{ 'g', "client-side generate" }, { 'G', "server-side generate" },
		{ 'v', "vacuum" }, { 'p', "primary keys" }, { 'f', "foreign keys" },
	};
	CHECK_INT(TR_PHASE_OTHER, 7);
	for (size_t i = 0; i < 7; i++) {
		CHECK_STR(tr_phase_name(i), want[i].name);
		CHECK_INT(tr_phase_index(want[i].name), (long)i);
		CHECK_INT(tr_phase_step(i), want[i].step);
		CHECK_INT(tr_phase_of_step(want[i].step), (long)i);
	}
	CHECK_INT(tr_phase_index("Vacuum"), TR_PHASE_OTHER);
	CHECK_INT(tr_phase_index(NULL), TR_PHASE_OTHER);
	CHECK_STR(tr_phase_name(TR_PHASE_OTHER), "other");
	CHECK_STR(tr_phase_name(99), "other");
	CHECK_INT(tr_phase_of_step(' '), TR_PHASE_OTHER);
	CHECK_INT(tr_phase_of_step('\0'), TR_PHASE_OTHER);
	CHECK_INT(tr_phase_step(TR_PHASE_OTHER), 0);
}

static void test_short_type(void)
{
	char *s = tr_workload_short_type("<builtin: select only>");
	CHECK_STR(s, "select-only");
	free(s);
}

/* The catalog: aggregates, directions, derived gaps; by hand. */
static void test_metric_catalog(void)
{
	double v[] = { 4, NAN, 1, 7, 2 };
	const tr_metric *tps = tr_metric_find("tps_median");
	const tr_metric *lat = tr_metric_find("latency_avg_ms");
	const tr_metric *gap = tr_metric_find("tps_gap_pct");
	const tr_metric *p99r = tr_metric_find("latency.p99_ms_ratio");
	const tr_metric *value = tr_metric_find("value_ratio");
	tr_cell a, b;
	size_t n, csv = 0;
	const tr_metric *rows = tr_metric_catalog(&n);
	tr_metric_agg agg;

	/* NaN left out: mean (4+1+7+2)/4 = 3.5, median of 1,2,4,7 = 3 */
	CHECK_DBL(tr_metric_aggregate(v, 5, TR_AGG_MEAN), 3.5, 1e-15);
	CHECK_DBL(tr_metric_aggregate(v, 5, TR_AGG_MEDIAN), 3, 0);
	CHECK_DBL(tr_metric_aggregate(v, 5, TR_AGG_MIN), 1, 0);
	CHECK_DBL(tr_metric_aggregate(v, 5, TR_AGG_MAX), 7, 0);
	CHECK(isnan(tr_metric_aggregate(v + 1, 1, TR_AGG_MEAN)));
	CHECK_INT(tr_metric_agg_parse(&agg, "median"), 0);
	CHECK_INT(agg, TR_AGG_MEDIAN);
	CHECK(tr_metric_agg_parse(&agg, "avg") < 0);

	CHECK(tps && lat && gap && p99r && value);
	CHECK(tr_metric_find("speed") == NULL);
	CHECK(tr_metric_find("p_value_gap_pct") == NULL);
	CHECK(tr_metric_better(tps, 2, 1) && !tr_metric_better(tps, 1, 2));
	CHECK(tr_metric_better(lat, 1, 2) && !tr_metric_better(lat, 2, 1));
	CHECK(tr_metric_better(tps, 1, NAN) && !tr_metric_better(tps, NAN, 1));

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.tps_median = 19800;  /* seed: 19.8K against 4.6K: 330.4% higher */
	b.tps_median = 4600;
	a.latency.p99_ms = 10.1;
	b.latency.p99_ms = 15.1;
	a.cost_per_tps = 0.01;
	b.cost_per_tps = 0.04;
	CHECK_DBL(tr_metric_value(tps, &a, NULL, NULL), 19800, 0);
	CHECK_DBL(tr_metric_value(gap, &a, &b, NULL), (19800.0 / 4600 - 1) * 100, 1e-12);
	CHECK_DBL(tr_metric_value(p99r, &a, &b, NULL), 10.1 / 15.1, 1e-15);
	CHECK_DBL(tr_metric_value(value, &a, &b, NULL), 4, 1e-12);
	CHECK(value->direction == TR_METRIC_HIGHER);
	CHECK(isnan(tr_metric_value(gap, &a, NULL, NULL)));
	/* results.csv has 13 metric columns, in this order */
	for (size_t i = 0; i < n; i++)
		csv += rows[i].csv != NULL;
	CHECK_INT(csv, 13);
	CHECK_STR(rows[0].csv, "tps_median");
}

/* One name per figure (issue 25): a figure taken from one run among
 * several says which run, the same in a table's header and a chart's
 * axis; a place's column without a header of its own takes that name. */
static void test_metric_names(void)
{
	size_t n;
	const tr_metric_col *cols = tr_metric_place_cols(TR_PLACE_TABLE_STABILITY, &n);
	/* (the pooled CoV is results.json's since the report's stability
	 * table keeps what a reader needs: the worst run and a typical one) */
	const char *want[] = { "CoV, worst run", "CoV, median run",
	                       "Deepest dip", "p95 of window averages, worst run (ms)" };
	size_t k = 0;
	CHECK_STR(tr_metric_title(tr_metric_find("tps_median")), "Median TPS");
	CHECK_STR(tr_metric_title(tr_metric_find("stability.median_run.latency_p95_ms")),
	          "p95 of window averages, median run (ms)");
	CHECK_STR(tr_metric_title(tr_metric_find("tps_cov_pct_worst")), "CoV, worst run");
	CHECK_STR(tr_metric_title(tr_metric_find("stability.pooled.tps_min_pct")),
	          "Dip, all windows");
	/* derived metrics keep their label */
	CHECK_STR(tr_metric_title(tr_metric_find("tps_gap_pct")), "TPS vs baseline");
	for (size_t i = 0; i < n; i++) {
		if (cols[i].flags & TR_COL_SLOT)
			continue;
		CHECK(k < TR_ARRAY_SIZE(want));
		if (k < TR_ARRAY_SIZE(want))
			CHECK_STR(tr_metric_col_header(&cols[i]), want[k]);
		k++;
	}
	CHECK_INT(k, TR_ARRAY_SIZE(want));
}

/* The catalog's digits, the same for charts and tables (issue 25). */
static void test_metric_fmt(void)
{
	static const struct { double v; tr_metric_format f; const char *want; } cases[] = {
		{ 1469.43, TR_METRIC_FMT_TPS, "1,469" },
		{ 98.76, TR_METRIC_FMT_TPS, "98.8" },
		{ 6.6667, TR_METRIC_FMT_PCT, "6.7%" },
		{ 21.74, TR_METRIC_FMT_MS, "21.7" },
		{ 26.1449, TR_METRIC_FMT_MS, "26.1" },
		{ 63.357, TR_METRIC_FMT_US_MS, "63.357" },
		{ 0.345, TR_METRIC_FMT_SECONDS, "0.34" }, /* 0.34499..: below */
		{ -0.0, TR_METRIC_FMT_PCT, "0.0%" },
		{ NAN, TR_METRIC_FMT_MS, "\xe2\x80\x93" },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(cases); i++) {
		char *t = tr_metric_str(cases[i].v, cases[i].f);
		CHECK_STR(t, cases[i].want);
		free(t);
	}
}

int main(void)
{
	RUN(test_median_quantile);
	RUN(test_cov);
	RUN(test_mann_whitney);
	RUN(test_holm);
	RUN(test_prices);
	RUN(test_histogram_vs_sort);
	RUN(test_histogram_bounds);
	RUN(test_percentile_rules);
	RUN(test_short_type);
	RUN(test_phases);
	RUN(test_metric_catalog);
	RUN(test_metric_names);
	RUN(test_metric_fmt);
	return harness_done();
}
