/* hist.c: a log-linear latency histogram (HdrHistogram's layout, 3 digits).
 *
 * Buckets 0..2047 hold the values 0..2047 exactly. Above that, each power
 * of two [2^k, 2^(k+1)) is split into 1024 equal buckets of width 2^(k-10),
 * so a bucket is never wider than 1/1024 of its lower bound and its
 * midpoint is within 1/2048 (0.049%) of any value in it. The index is found
 * with one count-leading-zeros and two shifts: cheap enough for the
 * per-transaction hot loop. */

#include "model.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_EXACT 2048
#define S_SUB 1024
#define S_SUB_BITS 10

static int S_msb(uint64_t v)
{
	return 63 - __builtin_clzll(v);
}

size_t tr_hist_bucket(int64_t value_us)
{
	uint64_t v = value_us < 0 ? 0 : (uint64_t)value_us;
	int e;
	if (v < S_EXACT)
		return (size_t)v;
	e = S_msb(v) - S_SUB_BITS;
	return S_EXACT + (size_t)(e - 1) * S_SUB + (size_t)((v >> e) - S_SUB);
}

void tr_hist_bucket_bounds(size_t bucket, int64_t *lo, int64_t *hi)
{
	size_t k;
	int e;
	uint64_t m;
	if (bucket < S_EXACT) {
		*lo = *hi = (int64_t)bucket;
		return;
	}
	k = bucket - S_EXACT;
	e = (int)(k / S_SUB) + 1;
	m = S_SUB + k % S_SUB;
	*lo = (int64_t)(m << e);
	*hi = *lo + ((int64_t)1 << e) - 1;
}

void tr_hist_init(tr_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = -1;
	h->max = -1;
}

static int S_reserve(tr_hist *h, size_t bucket)
{
	size_t n;
	uint64_t *p;
	if (bucket < h->nbuckets)
		return 0;
	/* Grow a power of two (1024 buckets) at a time. */
	n = (bucket / S_SUB + 1) * S_SUB;
	if (n < S_EXACT)
		n = S_EXACT;
	p = tr_realloc(h->counts, n * sizeof(uint64_t));
	if (!p)
		return TR_ENOMEM;
	memset(p + h->nbuckets, 0, (n - h->nbuckets) * sizeof(uint64_t));
	h->counts = p;
	h->nbuckets = n;
	return 0;
}

int tr_hist_record_n(tr_hist *h, int64_t value_us, uint64_t n)
{
	size_t b;
	if (value_us < 0)
		value_us = 0;
	if (n == 0)
		return 0;
	b = tr_hist_bucket(value_us);
	if (b >= h->nbuckets && S_reserve(h, b) < 0)
		return TR_ENOMEM;
	h->counts[b] += n;
	h->total += (int64_t)n;
	if (h->min < 0 || value_us < h->min)
		h->min = value_us;
	if (value_us > h->max)
		h->max = value_us;
	return 0;
}

int tr_hist_merge(tr_hist *into, const tr_hist *from)
{
	if (from->total == 0)
		return 0;
	if (from->nbuckets > into->nbuckets &&
	    S_reserve(into, from->nbuckets - 1) < 0)
		return TR_ENOMEM;
	for (size_t i = 0; i < from->nbuckets; i++)
		into->counts[i] += from->counts[i];
	into->total += from->total;
	if (into->min < 0 || from->min < into->min)
		into->min = from->min;
	if (from->max > into->max)
		into->max = from->max;
	return 0;
}

double tr_hist_percentile(const tr_hist *h, double p)
{
	uint64_t rank, seen = 0, ppm, q, r;
	if (h->total == 0 || !(p > 0) || p > 100)
		return NAN;
	/* Nearest rank: the smallest value with at least p% at or below it,
	 * rank = ceil(p/100 * total), in integers so that 95% of 100 is 95
	 * and not 96 (p/100*total in doubles is 95.00000000000001). p is taken
	 * in parts per million (99.99% = 999900 ppm). */
	ppm = (uint64_t)llround(p * 10000.0);
	q = (uint64_t)h->total / 1000000;
	r = (uint64_t)h->total % 1000000;
	rank = q * ppm + (r * ppm + 999999) / 1000000;
	if (rank < 1)
		rank = 1;
	if (rank > (uint64_t)h->total)
		rank = (uint64_t)h->total;
	for (size_t i = 0; i < h->nbuckets; i++) {
		seen += h->counts[i];
		if (seen >= rank) {
			int64_t lo, hi;
			double mid;
			tr_hist_bucket_bounds(i, &lo, &hi);
			mid = ((double)lo + (double)hi) / 2.0;
			if (mid < (double)h->min)
				mid = (double)h->min;
			if (mid > (double)h->max)
				mid = (double)h->max;
			return mid;
		}
	}
	return (double)h->max;
}

void tr_hist_free(tr_hist *h)
{
	free(h->counts);
	tr_hist_init(h);
}
