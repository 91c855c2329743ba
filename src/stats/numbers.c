/* numbers.c: medians, quantiles, means, CoV (docs/metrics.md). */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int S_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* A sorted copy without NaNs (which have no place in an order), its
 * length in *kept; NULL when nothing is left or no memory. */
static double *S_sorted(const double *v, size_t n, size_t *kept)
{
	double *c;
	size_t k = 0;
	*kept = 0;
	if (n == 0)
		return NULL;
	c = tr_malloc(n * sizeof(double));
	if (!c)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			c[k++] = v[i];
	if (k == 0) {
		free(c);
		return NULL;
	}
	qsort(c, k, sizeof(double), S_cmp_double);
	*kept = k;
	return c;
}

double tr_median(const double *v, size_t n)
{
	double *s = S_sorted(v, n, &n), m;
	if (!s)
		return NAN;
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
	free(s);
	return m;
}

double tr_quantile(const double *v, size_t n, double q)
{
	double *s, pos, frac, r;
	size_t lo;
	if (n == 0 || !(q >= 0 && q <= 1))
		return NAN;
	s = S_sorted(v, n, &n);
	if (!s)
		return NAN;
	pos = (double)(n - 1) * q;
	lo = (size_t)floor(pos);
	frac = pos - (double)lo;
	r = lo + 1 < n ? s[lo] + frac * (s[lo + 1] - s[lo]) : s[lo];
	free(s);
	return r;
}

double tr_mean(const double *v, size_t n)
{
	long double sum = 0;
	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return (double)(sum / (long double)n);
}

double tr_stddev_pop(const double *v, size_t n)
{
	long double mean, ss = 0;
	if (n == 0)
		return NAN;
	mean = tr_mean(v, n);
	/* Two passes: exact enough for window TPS, no cancellation. */
	for (size_t i = 0; i < n; i++) {
		long double d = v[i] - mean;
		ss += d * d;
	}
	return sqrt((double)(ss / (long double)n));
}

double tr_cov_pct(const double *v, size_t n)
{
	double mean = tr_mean(v, n);
	if (n == 0 || mean == 0)
		return NAN;
	return tr_stddev_pop(v, n) / mean * 100.0;
}
