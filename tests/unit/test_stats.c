/* test_stats.c: medians, quantiles, CoV, Mann-Whitney, Holm, prices, and
 * the latency histogram against exact sorting. */

#include "harness.h"
#include "stats/stats.h"
#include "util/base.h"

#include <stdlib.h>

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

static void test_histogram_vs_sort(void)
{
	enum { N = 200000 };
	int64_t *v = malloc(N * sizeof(int64_t));
	tr_hist h, a, b;
	uint64_t state = 42;
	double ps[] = { 50, 90, 95, 99, 99.9, 99.99, 100 };
	tr_hist_init(&h);
	tr_hist_init(&a);
	tr_hist_init(&b);
	for (int i = 0; i < N; i++) {
		v[i] = S_next(&state);
		tr_hist_record(&h, v[i]);
		tr_hist_record(i % 2 ? &a : &b, v[i]);
	}
	qsort(v, N, sizeof(int64_t), S_cmp_i64);
	CHECK_INT(h.total, N);
	CHECK_INT(h.min, v[0]);
	CHECK_INT(h.max, v[N - 1]);
	for (size_t k = 0; k < TR_ARRAY_SIZE(ps); k++) {
		/* nearest rank: ceil(p/100 * N), 1-based */
		size_t rank = (size_t)ceil(ps[k] / 100.0 * N - 1e-9);
		double exact = (double)v[rank - 1];
		double got = tr_hist_percentile(&h, ps[k]);
		CHECK(fabs(got - exact) <= exact * 0.0005 + 0.5);
	}
	/* merge == one histogram of everything */
	tr_hist_merge(&a, &b);
	CHECK_INT(a.total, h.total);
	CHECK_INT(a.min, h.min);
	CHECK_INT(a.max, h.max);
	for (size_t k = 0; k < TR_ARRAY_SIZE(ps); k++)
		CHECK_DBL(tr_hist_percentile(&a, ps[k]), tr_hist_percentile(&h, ps[k]), 0);
	/* memory does not grow with the count */
	CHECK(h.nbuckets < 40000);
	free(v);
	tr_hist_free(&h);
	tr_hist_free(&a);
	tr_hist_free(&b);
}

static void test_histogram_exact_small(void)
{
	tr_hist h;
	tr_hist_init(&h);
	for (int i = 1; i <= 100; i++)
		tr_hist_record(&h, i);
	/* 95% of 100 values: the 95th, not the 96th */
	CHECK_DBL(tr_hist_percentile(&h, 95), 95, 0);
	CHECK_DBL(tr_hist_percentile(&h, 50), 50, 0);
	CHECK_DBL(tr_hist_percentile(&h, 99.99), 100, 0);
	CHECK(isnan(tr_hist_percentile(&h, 0)));
	tr_hist_free(&h);
	/* bucket bounds cover every value once */
	for (int64_t v = 0; v < 5000000; v += 997) {
		int64_t lo, hi;
		tr_hist_bucket_bounds(tr_hist_bucket(v), &lo, &hi);
		CHECK(lo <= v && v <= hi);
		CHECK(hi - lo <= lo / 1024 + 1);
	}
}

static void test_slug(void)
{
	char *s = tr_slug("../<script>TPC-B (sort of)");
	CHECK_STR(s, "script-tpc-b-sort-of");
	free(s);
	s = tr_slug("///");
	CHECK_STR(s, "x");
	free(s);
	s = tr_workload_short_type("<builtin: select only>");
	CHECK_STR(s, "select-only");
	free(s);
}

int main(void)
{
	RUN(test_median_quantile);
	RUN(test_cov);
	RUN(test_mann_whitney);
	RUN(test_holm);
	RUN(test_prices);
	RUN(test_histogram_vs_sort);
	RUN(test_histogram_exact_small);
	RUN(test_slug);
	return harness_done();
}
