/* wilcoxon.c: the two-sided Wilcoxon signed-rank test on paired values
 * (docs/metrics.md, "Across a sweep").
 *
 * d = b - a for each pair. Pairs with d = 0 are dropped (R's wilcox.test,
 * scipy's zero_method="wilcox"). The |d| are ranked with mid-ranks; V is
 * the sum of the ranks of the positive d (R's statistic V). Under the null
 * every sign is equally likely, so V's distribution is that of a sum over
 * a random subset of the ranks: with 2 x mid-rank integral, it is counted
 * exactly by the subset-sum recurrence over the doubled ranks, ties or no
 * ties. Without ties this is R's psignrank (wilcox.test exact=TRUE); with
 * ties it is the exact permutation distribution over mid-ranks, where R
 * would fall back to the normal approximation. Above S_EXACT_MAX pairs the
 * normal approximation with tie and continuity corrections is used, as
 * R's wilcox.test(exact=FALSE, correct=TRUE) computes it. */

#include "stats.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_EXACT_MAX 50

typedef struct {
	double abs;
	double rank;
	bool positive;
} S_diff;

static int S_cmp_abs(const void *x, const void *y)
{
	double a = ((const S_diff *)x)->abs, b = ((const S_diff *)y)->abs;
	return (a > b) - (a < b);
}

/* Mid-ranks of d[0..n) by |d|, 1-based; sum of t^3 - t over tie groups. */
static double S_rank(S_diff *d, size_t n, bool *ties)
{
	double tie_term = 0;
	*ties = false;
	qsort(d, n, sizeof(*d), S_cmp_abs);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j + 1 < n && d[j + 1].abs == d[i].abs)
			j++;
		if (j > i) {
			double t = (double)(j - i + 1);
			*ties = true;
			tie_term += t * t * t - t;
		}
		for (size_t k = i; k <= j; k++)
			d[k].rank = ((double)i + (double)j) / 2.0 + 1.0;
		i = j + 1;
	}
	return tie_term;
}

/* Exact two-sided p: counts of subsets of the doubled ranks by their sum
 * (at most n(n+1) for n <= S_EXACT_MAX: 2,551 entries; counts up to 2^50
 * are exact in a double). */
static int S_exact_p(double *out, const S_diff *d, size_t n, double v)
{
	size_t max = n * (n + 1), v2 = (size_t)llround(2 * v);
	double *count = tr_calloc(max + 1, sizeof(double));
	double le = 0, ge = 0, total = 0;
	size_t reach = 0;
	if (!count)
		return TR_ENOMEM;
	count[0] = 1;
	for (size_t i = 0; i < n; i++) {
		size_t r2 = (size_t)llround(2 * d[i].rank);
		for (size_t s = reach + 1; s-- > 0;)
			count[s + r2] += count[s];
		reach += r2;
	}
	for (size_t s = 0; s <= reach; s++) {
		total += count[s];
		if (s <= v2)
			le += count[s];
		if (s >= v2)
			ge += count[s];
	}
	free(count);
	*out = fmin(1.0, 2.0 * fmin(le, ge) / total);
	return 0;
}

/* R's normal approximation: z = (V - n(n+1)/4 - sign * 1/2) / sigma. */
static double S_normal_p(size_t n, double v, double tie_term)
{
	double nn = (double)n, z = v - nn * (nn + 1) / 4.0;
	double sigma = sqrt(nn * (nn + 1) * (2 * nn + 1) / 24.0 - tie_term / 48.0);
	if (!(sigma > 0))
		return NAN;
	if (z > 0)
		z -= 0.5;
	else if (z < 0)
		z += 0.5;
	return fmin(1.0, erfc(fabs(z) / sigma / sqrt(2.0)));
}

int tr_wilcoxon_signed_rank(tr_signed_rank *out, const double *a, const double *b,
                            size_t n)
{
	S_diff *d = NULL;
	double tie_term;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->v = out->p = NAN;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(a[i]) || !isfinite(b[i]))
			return TR_EINVALID;
	d = tr_calloc(n ? n : 1, sizeof(S_diff));
	if (!d)
		return TR_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		double x = b[i] - a[i];
		if (x == 0) {
			out->zeros++;
			continue;
		}
		out->positive += x > 0;
		d[out->n++] = (S_diff){ fabs(x), 0, x > 0 };
	}
	out->negative = out->n - out->positive;
	if (out->n == 0)
		goto cleanup; /* nothing to rank: p stays NaN, as R's NA */
	tie_term = S_rank(d, out->n, &out->ties);
	out->v = 0;
	for (size_t i = 0; i < out->n; i++)
		if (d[i].positive)
			out->v += d[i].rank;
	if (out->n <= S_EXACT_MAX) {
		out->exact = true;
		rc = S_exact_p(&out->p, d, out->n, out->v);
	} else {
		out->p = S_normal_p(out->n, out->v, tie_term);
	}
cleanup:
	free(d);
	return rc;
}
