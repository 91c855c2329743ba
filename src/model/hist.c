/* hist.c: exact latency counts per whole microsecond.
 *
 * pgbench logs each transaction's latency as a whole number of
 * microseconds, so counting every distinct value gives exact percentiles
 * with memory bounded by the number of distinct values. Most latencies
 * fall in a narrow range (a few ms), where nearly every microsecond value
 * occurs: a dense array of counters, indexed by the value, costs one
 * increment per transaction there. It grows with the largest value seen
 * (a power of two at a time) up to TR_HIST_DENSE; the rare values above go
 * into a small open-addressing hash table (value, count), sorted only when
 * a percentile is asked for. */

#include "model.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_DENSE_MIN 4096
#define S_SPARSE_MIN 64

const char *tr_pct_rule_name(tr_pct_rule rule)
{
	return rule == TR_PCT_POSTGRESBENCH ? "postgresbench" : "nearest-rank";
}

void tr_hist_init(tr_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->sparse_min = -1;
	h->sparse_max = -1;
}

void tr_hist_free(tr_hist *h)
{
	free(h->dense);
	free(h->sparse);
	tr_hist_init(h);
}

void tr_hist_clear(tr_hist *h)
{
	if (h->ndense)
		memset(h->dense, 0, h->ndense * sizeof(uint64_t));
	if (h->sparse_cap)
		memset(h->sparse, 0, h->sparse_cap * sizeof(tr_hist_slot));
	h->nsparse = 0;
	h->total = 0;
	h->sparse_min = h->sparse_max = -1;
}

/* Make the dense array cover value v (< TR_HIST_DENSE). */
static int S_dense_reserve(tr_hist *h, size_t v)
{
	size_t n = h->ndense ? h->ndense : S_DENSE_MIN;
	uint64_t *p;
	while (n <= v)
		n *= 2;
	if (n > TR_HIST_DENSE)
		n = TR_HIST_DENSE;
	if (n <= h->ndense)
		return 0;
	p = tr_realloc(h->dense, n * sizeof(uint64_t));
	if (!p)
		return TR_ENOMEM;
	memset(p + h->ndense, 0, (n - h->ndense) * sizeof(uint64_t));
	h->dense = p;
	h->ndense = n;
	return 0;
}

/* splitmix64's finaliser: values that differ in low bits only spread
 * over the whole table. */
static size_t S_slot_of(uint64_t v, size_t cap)
{
	v ^= v >> 31;
	v *= 0x7fb5d329728ea185ULL;
	v ^= v >> 27;
	return (size_t)v & (cap - 1);
}

static void S_sparse_put(tr_hist_slot *tab, size_t cap, uint64_t v, uint64_t n)
{
	size_t i = S_slot_of(v, cap);
	while (tab[i].value != 0 && tab[i].value != v)
		i = (i + 1) & (cap - 1);
	tab[i].value = v;
	tab[i].count += n;
}

/* Room for one more distinct value: at most half full. */
static int S_sparse_reserve(tr_hist *h)
{
	size_t cap;
	tr_hist_slot *tab;
	if ((h->nsparse + 1) * 2 <= h->sparse_cap)
		return 0;
	cap = h->sparse_cap ? h->sparse_cap * 2 : S_SPARSE_MIN;
	tab = tr_calloc(cap, sizeof(tr_hist_slot));
	if (!tab)
		return TR_ENOMEM;
	for (size_t i = 0; i < h->sparse_cap; i++)
		if (h->sparse[i].value)
			S_sparse_put(tab, cap, h->sparse[i].value, h->sparse[i].count);
	free(h->sparse);
	h->sparse = tab;
	h->sparse_cap = cap;
	return 0;
}

static int S_sparse_add(tr_hist *h, uint64_t v, uint64_t n)
{
	size_t i;
	if (h->sparse_min < 0 || (int64_t)v < h->sparse_min)
		h->sparse_min = (int64_t)v;
	if ((int64_t)v > h->sparse_max)
		h->sparse_max = (int64_t)v;
	if (h->sparse_cap) {
		/* Already there: no growth needed. */
		for (i = S_slot_of(v, h->sparse_cap); h->sparse[i].value;
		     i = (i + 1) & (h->sparse_cap - 1))
			if (h->sparse[i].value == v) {
				h->sparse[i].count += n;
				return 0;
			}
	}
	if (S_sparse_reserve(h) < 0)
		return TR_ENOMEM;
	S_sparse_put(h->sparse, h->sparse_cap, v, n);
	h->nsparse++;
	return 0;
}

int tr_hist_record_n(tr_hist *h, int64_t value_us, uint64_t n)
{
	uint64_t v = value_us < 0 ? 0 : (uint64_t)value_us;
	if (n == 0)
		return 0;
	if (v < TR_HIST_DENSE) {
		if (v >= h->ndense && S_dense_reserve(h, (size_t)v) < 0)
			return TR_ENOMEM;
		h->dense[v] += n;
	} else if (S_sparse_add(h, v, n) < 0) {
		return TR_ENOMEM;
	}
	h->total += (int64_t)n;
	return 0;
}

void tr_hist_counted(tr_hist *h, int64_t n)
{
	if (n > 0)
		h->total += n;
}

/* (A walk of at most 1 MiB: asked for once per run or cell, not per
 * line.) */
int64_t tr_hist_min(const tr_hist *h)
{
	if (h->total <= 0)
		return -1;
	for (size_t i = 0; i < h->ndense; i++)
		if (h->dense[i])
			return (int64_t)i;
	return h->sparse_min;
}

int64_t tr_hist_max(const tr_hist *h)
{
	if (h->total <= 0)
		return -1;
	if (h->nsparse)
		return h->sparse_max;
	for (size_t i = h->ndense; i-- > 0;)
		if (h->dense[i])
			return (int64_t)i;
	return -1;
}

int tr_hist_merge(tr_hist *into, const tr_hist *from)
{
	if (from->total == 0)
		return 0;
	if (from->ndense > into->ndense &&
	    S_dense_reserve(into, from->ndense - 1) < 0)
		return TR_ENOMEM;
	for (size_t i = 0; i < from->ndense; i++)
		into->dense[i] += from->dense[i];
	for (size_t i = 0; i < from->sparse_cap; i++)
		if (from->sparse[i].value &&
		    S_sparse_add(into, from->sparse[i].value, from->sparse[i].count) < 0)
			return TR_ENOMEM;
	into->total += from->total;
	return 0;
}

static int S_cmp_slot(const void *a, const void *b)
{
	uint64_t x = ((const tr_hist_slot *)a)->value;
	uint64_t y = ((const tr_hist_slot *)b)->value;
	return (x > y) - (x < y);
}

/* The sparse values, ascending; *out NULL when there are none. */
static int S_sparse_sorted(tr_hist_slot **out, const tr_hist *h)
{
	size_t k = 0;
	*out = NULL;
	if (h->nsparse == 0)
		return 0;
	if (!(*out = tr_malloc(h->nsparse * sizeof(tr_hist_slot))))
		return TR_ENOMEM;
	for (size_t i = 0; i < h->sparse_cap; i++)
		if (h->sparse[i].value)
			(*out)[k++] = h->sparse[i];
	qsort(*out, k, sizeof(tr_hist_slot), S_cmp_slot);
	return 0;
}

int tr_hist_values(tr_hist_slot **out, size_t *n, const tr_hist *h)
{
	tr_hist_slot *tail = NULL, *all;
	size_t k = 0, cap = h->nsparse;
	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < h->ndense; i++)
		cap += h->dense[i] != 0;
	if (cap == 0)
		return 0;
	if (S_sparse_sorted(&tail, h) < 0 ||
	    !(all = tr_malloc(cap * sizeof(tr_hist_slot)))) {
		free(tail);
		return TR_ENOMEM;
	}
	for (size_t i = 0; i < h->ndense; i++)
		if (h->dense[i]) {
			all[k].value = i;
			all[k++].count = h->dense[i];
		}
	if (h->nsparse)
		memcpy(all + k, tail, h->nsparse * sizeof(tr_hist_slot));
	free(tail);
	*out = all;
	*n = cap;
	return 0;
}

/*
 * The rank (1-based) of the value that percentile p picks among N, in
 * integers: q = p/100 is taken in parts per million, so q*N is exact and
 * "q*N is whole" is decided without rounding error (95% of 100 is 95, not
 * 95.00000000000001). Nearest rank: ceil(q*N). PostgresBench: the first
 * value whose cumulative count exceeds floor(q*N), i.e. floor(q*N) + 1,
 * and N when that passes the end (p = 100). 0 when p is out of range.
 */
static uint64_t S_rank(uint64_t total, double p, tr_pct_rule rule)
{
	uint64_t ppm, q, r, lo, rank;
	bool whole;
	if (!(p > 0) || p > 100)
		return 0;
	ppm = (uint64_t)llround(p * 10000.0);
	q = total / 1000000;
	r = total % 1000000;
	lo = q * ppm + r * ppm / 1000000;          /* floor(q*N) */
	whole = (r * ppm) % 1000000 == 0;
	if (rule == TR_PCT_POSTGRESBENCH)
		rank = lo + 1;
	else
		rank = whole ? lo : lo + 1;            /* ceil(q*N) */
	if (rank < 1)
		rank = 1;
	if (rank > total)
		rank = total;
	return rank;
}

int tr_hist_percentiles(int64_t *out, const tr_hist *h, tr_pct_rule rule,
                        const double *pct, size_t n)
{
	tr_hist_slot *tail = NULL;
	uint64_t *rank;
	size_t left = n;
	int rc = 0;
	for (size_t k = 0; k < n; k++)
		out[k] = -1;
	if (h->total <= 0 || n == 0)
		return 0;
	if (!(rank = tr_malloc(n * sizeof(uint64_t))))
		return TR_ENOMEM;
	for (size_t k = 0; k < n; k++)
		if ((rank[k] = S_rank((uint64_t)h->total, pct[k], rule)) == 0)
			left--;
	if ((rc = S_sparse_sorted(&tail, h)) < 0)
		goto cleanup;
	/* One walk up the values, dense then sparse, for every p at once. */
	{
		uint64_t seen = 0;
		size_t i = 0, nd = h->ndense, nv = nd + h->nsparse;
		for (; i < nv && left > 0; i++) {
			uint64_t c = i < nd ? h->dense[i] : tail[i - nd].count;
			int64_t v = i < nd ? (int64_t)i : (int64_t)tail[i - nd].value;
			if (c == 0)
				continue;
			seen += c;
			for (size_t k = 0; k < n; k++)
				if (out[k] < 0 && rank[k] > 0 && seen >= rank[k]) {
					out[k] = v;
					left--;
				}
		}
	}
cleanup:
	free(tail);
	free(rank);
	return rc;
}

double tr_hist_percentile(const tr_hist *h, double p)
{
	int64_t v;
	if (tr_hist_percentiles(&v, h, TR_PCT_NEAREST_RANK, &p, 1) < 0 || v < 0)
		return NAN;
	return (double)v;
}
