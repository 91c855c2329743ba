/* mannwhitney.c: the exact two-sided Mann-Whitney U test, and Holm.
 *
 * U counts the pairs (a, b) with a > b, ties counting one half. Without
 * ties its null distribution is the coefficient sequence of a Gaussian
 * binomial, counted here with the recurrence on the last element of the
 * merged order:
 *     N(m, n, u) = N(m-1, n, u-n) + N(m, n-1, u)
 * (the last element is an a, beating all n b's, or it is a b). With ties
 * the exact permutation distribution over mid-ranks is enumerated when it
 * is small enough; beyond that the normal approximation is used and the
 * result says it is not exact. */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_EXACT_MAX_CELLS 2500        /* na * nb for the recurrence */
#define S_ENUM_MAX 2000000.0          /* subsets to enumerate with ties */

static double S_choose(size_t n, size_t k)
{
	double r = 1;
	if (k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (size_t i = 1; i <= k; i++)
		r = r * (double)(n - k + i) / (double)i;
	return r;
}

double tr_mann_whitney_min_p(size_t na, size_t nb)
{
	double c = S_choose(na + nb, na);
	double p = c > 0 ? 2.0 / c : 1.0;
	return p > 1 ? 1 : p;
}

size_t tr_mann_whitney_runs_needed(double alpha)
{
	for (size_t n = 1; n < 1000; n++)
		if (tr_mann_whitney_min_p(n, n) <= alpha)
			return n;
	return 1000;
}

/* Distribution of U (0..m*n) without ties, as counts; caller frees. */
static double *S_u_counts(size_t m, size_t n)
{
	size_t deg = m * n;
	/* prev[j] and cur[j]: polynomials for (i-1, j) and (i, j), each of
	 * deg+1 coefficients. */
	double *prev = tr_calloc((n + 1) * (deg + 1), sizeof(double));
	double *cur = tr_calloc((n + 1) * (deg + 1), sizeof(double));
	double *out = NULL;
	if (!prev || !cur)
		goto cleanup;
	for (size_t j = 0; j <= n; j++)
		prev[j * (deg + 1)] = 1; /* N(0, j, 0) = 1 */
	for (size_t i = 1; i <= m; i++) {
		/* no clearing: row j is written up to i*j, and past that it holds
		 * the zeros of row j at i-2 (or of calloc), which ended sooner */
		cur[0] = 1; /* N(i, 0, 0) = 1 */
		for (size_t j = 1; j <= n; j++) {
			double *c = cur + j * (deg + 1);
			const double *left = prev + j * (deg + 1);   /* (i-1, j) */
			const double *down = cur + (j - 1) * (deg + 1); /* (i, j-1) */
			for (size_t u = 0; u <= i * j; u++) {
				double v = down[u];
				if (u >= j)
					v += left[u - j];
				c[u] = v;
			}
		}
		{
			double *t = prev;
			prev = cur;
			cur = t;
		}
	}
	out = tr_malloc((deg + 1) * sizeof(double));
	if (out)
		memcpy(out, prev + n * (deg + 1), (deg + 1) * sizeof(double));
cleanup:
	free(prev);
	free(cur);
	return out;
}

typedef struct {
	double value;
	int group; /* 0 = a, 1 = b */
	double rank;
} S_obs;

static int S_cmp_obs(const void *x, const void *y)
{
	double a = ((const S_obs *)x)->value, b = ((const S_obs *)y)->value;
	return (a > b) - (a < b);
}

/* U of the a group from mid-ranks: rank sum minus its minimum. */
static double S_u_from_ranks(const double *ranks_a, size_t na)
{
	double sum = 0;
	for (size_t i = 0; i < na; i++)
		sum += ranks_a[i];
	return sum - (double)na * ((double)na + 1) / 2.0;
}

/* Enumerate every choice of na positions out of N for the a group and
 * count how many give U <= u and U >= u (with a small tolerance: U is a
 * multiple of 1/2). */
static void S_enumerate(double *le, double *ge, double *total,
                        const double *ranks, size_t N, size_t na, double u)
{
	size_t idx[64];
	double chosen[64];
	*le = *ge = *total = 0;
	for (size_t i = 0; i < na; i++)
		idx[i] = i;
	for (;;) {
		double uu;
		for (size_t i = 0; i < na; i++)
			chosen[i] = ranks[idx[i]];
		uu = S_u_from_ranks(chosen, na);
		if (uu <= u + 1e-9)
			*le += 1;
		if (uu >= u - 1e-9)
			*ge += 1;
		*total += 1;
		/* next combination */
		{
			size_t i = na;
			while (i > 0 && idx[i - 1] == N - na + (i - 1))
				i--;
			if (i == 0)
				break;
			idx[i - 1]++;
			for (size_t k = i; k < na; k++)
				idx[k] = idx[k - 1] + 1;
		}
	}
}

/* Sorted observations get mid-ranks (1-based); *tie_term is the sum of
 * t^3 - t over the groups of t tied values, for the normal variance. */
static bool S_midranks(S_obs *obs, size_t N, double *tie_term)
{
	bool ties = false;
	*tie_term = 0;
	for (size_t i = 0; i < N;) {
		size_t j = i;
		double mid;
		while (j + 1 < N && obs[j + 1].value == obs[i].value)
			j++;
		mid = ((double)i + (double)j) / 2.0 + 1.0;
		if (j > i) {
			double t = (double)(j - i + 1);
			ties = true;
			*tie_term += t * t * t - t;
		}
		for (size_t k = i; k <= j; k++)
			obs[k].rank = mid;
		i = j + 1;
	}
	return ties;
}

/* Exact two-sided p without ties, from the distribution of U. */
static int S_p_exact(double *p, size_t na, size_t nb, double u)
{
	size_t deg = na * nb, ui = (size_t)llround(u);
	double *counts = S_u_counts(na, nb);
	double le = 0, ge = 0, total = 0;
	if (!counts)
		return TR_ENOMEM;
	for (size_t k = 0; k <= deg; k++) {
		total += counts[k];
		if (k <= ui)
			le += counts[k];
		if (k >= ui)
			ge += counts[k];
	}
	free(counts);
	*p = 2.0 * (le < ge ? le : ge) / total;
	return 0;
}

/* The normal approximation with tie correction and a continuity
 * correction of 1/2. */
static double S_p_normal(size_t na, size_t nb, double u, double tie_term)
{
	double mu = (double)na * (double)nb / 2.0;
	double n = (double)(na + nb);
	double var = (double)na * (double)nb / 12.0 *
	             ((n + 1) - tie_term / (n * (n - 1)));
	double z;
	if (var <= 0)
		return 1;
	z = (fabs(u - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2.0));
}

static bool S_all_finite(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]))
			return false;
	return true;
}

int tr_mann_whitney(double *p_out, double *u_out, bool *exact,
                    const double *a, size_t na, const double *b, size_t nb)
{
	size_t N = na + nb, ka = 0;
	S_obs *obs = NULL;
	double *ranks = NULL, *ranks_a = NULL, u, tie_term, p;
	bool ties;
	int rc = 0;

	*p_out = NAN;
	*u_out = NAN;
	*exact = false;
	if (na == 0 || nb == 0 || !S_all_finite(a, na) || !S_all_finite(b, nb))
		return TR_EINVALID;

	obs = tr_malloc(N * sizeof(S_obs));
	ranks = tr_malloc(N * sizeof(double));
	ranks_a = tr_malloc(na * sizeof(double));
	if (!obs || !ranks || !ranks_a) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < na; i++)
		obs[i] = (S_obs){ a[i], 0, 0 };
	for (size_t i = 0; i < nb; i++)
		obs[na + i] = (S_obs){ b[i], 1, 0 };
	qsort(obs, N, sizeof(S_obs), S_cmp_obs);
	ties = S_midranks(obs, N, &tie_term);
	for (size_t i = 0; i < N; i++) {
		ranks[i] = obs[i].rank;
		if (obs[i].group == 0)
			ranks_a[ka++] = obs[i].rank;
	}
	u = S_u_from_ranks(ranks_a, na);
	*u_out = u;

	if (!ties && na * nb <= S_EXACT_MAX_CELLS) {
		if ((rc = S_p_exact(&p, na, nb, u)) < 0)
			goto cleanup;
		*exact = true;
	} else if (ties && na <= 64 && S_choose(N, na) <= S_ENUM_MAX) {
		double le, ge, total;
		S_enumerate(&le, &ge, &total, ranks, N, na, u);
		p = 2.0 * (le < ge ? le : ge) / total;
		*exact = true;
	} else {
		p = S_p_normal(na, nb, u, tie_term);
	}
	*p_out = p > 1 ? 1 : p;
cleanup:
	free(obs);
	free(ranks);
	free(ranks_a);
	return rc;
}

typedef struct {
	double p;
	size_t i;
} S_indexed;

static int S_cmp_indexed(const void *x, const void *y)
{
	const S_indexed *a = x, *b = y;
	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

int tr_holm(double *adjusted, const double *p, size_t n)
{
	S_indexed *s;
	double running = 0;
	if (n == 0)
		return 0;
	s = tr_malloc(n * sizeof(S_indexed));
	if (!s)
		return TR_ENOMEM;
	for (size_t i = 0; i < n; i++)
		s[i] = (S_indexed){ p[i], i };
	qsort(s, n, sizeof(S_indexed), S_cmp_indexed);
	for (size_t k = 0; k < n; k++) {
		double v = (double)(n - k) * s[k].p;
		if (v > 1)
			v = 1;
		if (v < running)
			v = running; /* adjusted p values never decrease */
		running = v;
		adjusted[s[k].i] = v;
	}
	free(s);
	return 0;
}
