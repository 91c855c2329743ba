/* metric_runs.c: a catalog metric's figure for one run, a cell's figure
 * under a run pick, and runs named by id or as best/worst/median
 * (docs/metrics.md, "Runs"). A cell metric has a figure per run when it
 * is one of the run's own (TPS, latency average, counts) or lies in the
 * cell's windows or exact latency, which each run has in the same shape. */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The cell metrics that are a run's own number, keyed by catalog key. */
typedef struct {
	const char *key;
	size_t offset;      /* in tr_run_result */
	bool count;         /* an int64_t, -1 when not printed */
} S_own;

static const S_own S_owns[] = {
	{ "tps_median", offsetof(tr_run_result, tps), false },
	{ "tps_headline", offsetof(tr_run_result, tps), false },
	{ "tps_mean", offsetof(tr_run_result, tps), false },
	{ "tps_min", offsetof(tr_run_result, tps), false },
	{ "tps_max", offsetof(tr_run_result, tps), false },
	{ "latency_avg_ms", offsetof(tr_run_result, latency_avg_ms), false },
	{ "transactions", offsetof(tr_run_result, transactions), true },
	{ "failed", offsetof(tr_run_result, failed), true },
	/* PostgresBench's own percentiles of a run read from its file */
	{ "pgb.p95_ms", offsetof(tr_run_result, pgb_p95_ms), false },
	{ "pgb.p99_ms", offsetof(tr_run_result, pgb_p99_ms), false },
};

static const S_own *S_own_of(const tr_metric *m)
{
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_owns); i++)
		if (strcmp(S_owns[i].key, m->key) == 0)
			return &S_owns[i];
	return NULL;
}

/* Where in the cell's stability structs (worst, median_run, pooled) or
 * exact latency m's field lies, as an offset within the struct; -1. */
static long S_in(const tr_metric *m, size_t at, size_t size)
{
	return m->offset >= at && m->offset < at + size ? (long)(m->offset - at) : -1;
}

static long S_window_field(const tr_metric *m)
{
	static const size_t at[] = { offsetof(tr_cell, worst), offsetof(tr_cell, median_run),
	                             offsetof(tr_cell, pooled) };
	long f = -1;
	for (size_t i = 0; i < TR_ARRAY_SIZE(at) && f < 0; i++)
		f = S_in(m, at[i], sizeof(tr_stability));
	return f;
}

static bool S_cellish(const tr_metric *m)
{
	return m && m->kind == TR_METRIC_CELL;
}

bool tr_metric_per_run(const tr_metric *m)
{
	return S_cellish(m) && (S_own_of(m) || S_window_field(m) >= 0 ||
	                        S_in(m, offsetof(tr_cell, latency), sizeof(tr_latency)) >= 0);
}

double tr_metric_of_run(const tr_metric *m, const tr_run_result *run)
{
	const S_own *own = S_cellish(m) ? S_own_of(m) : NULL;
	const char *base = (const char *)run;
	long f;
	if (!S_cellish(m) || !run)
		return NAN;
	if (own) {
		int64_t n;
		if (!own->count)
			return *(const double *)(base + own->offset);
		n = *(const int64_t *)(base + own->offset);
		return n >= 0 ? (double)n : NAN;
	}
	if ((f = S_window_field(m)) >= 0)
		return run->windows.present
		       ? *(const double *)((const char *)&run->windows + f) : NAN;
	if ((f = S_in(m, offsetof(tr_cell, latency), sizeof(tr_latency))) >= 0)
		return run->latency.present
		       ? *(const double *)((const char *)&run->latency + f) : NAN;
	return NAN;
}

/* The index (into c->runs) of the best or worst run by m, -1 when no run
 * has the figure. Ties: the first. */
static long S_extreme_run(const tr_results *r, const tr_metric *m, const tr_cell *c,
                          bool best)
{
	long at = -1;
	double v0 = NAN;
	for (size_t k = 0; k < c->nruns; k++) {
		double v = tr_metric_of_run(m, &r->runs[c->runs[k]]);
		if (!isfinite(v))
			continue;
		if (at < 0 || (best ? tr_metric_better(m, v, v0) : tr_metric_better(m, v0, v)))
			at = (long)k, v0 = v;
	}
	return at;
}

double tr_metric_picked(const tr_results *r, const tr_metric *m, const tr_cell *c,
                        tr_run_pick pick)
{
	long k;
	/* cost per TPS and TPS per 100 at the picked run's TPS: the best
	 * run's TPS is also the lowest cost (docs/metrics.md) */
	if (pick != TR_RUNS_MEDIAN && tr_metric_priced(m))
		return tr_metric_at_tps(m, tr_metric_picked(r, tr_metric_find("tps_median"), c, pick),
		                        c->price_month);
	if (pick == TR_RUNS_MEDIAN || !tr_metric_per_run(m) ||
	    m->direction == TR_METRIC_NEITHER)
		return tr_metric_value(m, c, NULL, NULL);
	k = S_extreme_run(r, m, c, pick == TR_RUNS_BEST);
	return k < 0 ? NAN : tr_metric_of_run(m, &r->runs[c->runs[k]]);
}

tr_run_pick tr_metric_default_pick(const tr_results *r, const tr_metric *m)
{
	/* a gap or ratio follows the pick of what it compares, as {{compare}}
	 * of that metric does */
	if (m->base)
		return tr_metric_default_pick(r, m->base);
	/* tps_median, tps_mean, tps_min, tps_max name their statistic;
	 * tps_headline is the pick already (headline.c). */
	if (!tr_metric_per_run(m) || strncmp(m->key, "tps_", 4) == 0)
		return TR_RUNS_MEDIAN;
	return r->run_pick;
}

/* The run whose figure is the lower middle of the runs' (n odd: the
 * median run). */
static long S_median_run(const tr_results *r, const tr_metric *m, const tr_cell *c)
{
	size_t n = 0;
	long at = -1;
	for (size_t k = 0; k < c->nruns; k++)
		n += isfinite(tr_metric_of_run(m, &r->runs[c->runs[k]]));
	for (size_t k = 0; k < c->nruns && at < 0; k++) {
		double v = tr_metric_of_run(m, &r->runs[c->runs[k]]);
		size_t below = 0, same = 0;
		if (!isfinite(v))
			continue;
		for (size_t j = 0; j < c->nruns; j++) {
			double o = tr_metric_of_run(m, &r->runs[c->runs[j]]);
			below += isfinite(o) && o < v;
			same += isfinite(o) && o == v;
		}
		/* position (n - 1) / 2 of the sorted figures falls in [below,
		 * below + same) */
		if (below <= (n - 1) / 2 && (n - 1) / 2 < below + same)
			at = (long)k;
	}
	return at;
}

long tr_cell_run_named(const tr_results *r, const tr_cell *c, const tr_metric *m,
                       const char *name)
{
	long k = -1;
	if (strcmp(name, "best") == 0 || strcmp(name, "worst") == 0)
		k = m->direction == TR_METRIC_NEITHER ? -1
		    : S_extreme_run(r, m, c, strcmp(name, "best") == 0);
	else if (strcmp(name, "median") == 0)
		k = S_median_run(r, m, c);
	else
		for (size_t j = 0; j < c->nruns && k < 0; j++)
			if (r->runs[c->runs[j]].id && strcmp(r->runs[c->runs[j]].id, name) == 0)
				k = (long)j;
	return k < 0 ? -1 : (long)c->runs[k];
}

double tr_metric_over_pick(const tr_results *r, const tr_metric *m, size_t p, long s,
                           long w, tr_metric_agg agg, tr_run_pick pick, size_t *used,
                           size_t *missing)
{
	double *v, out;
	size_t n = 0, miss = 0;
	if (m->base)
		return tr_metric_over_vs_pick(r, m, p, -1, s, w, agg, pick, used, missing);
	if (pick == TR_RUNS_MEDIAN || !(tr_metric_per_run(m) || tr_metric_priced(m)))
		return tr_metric_over(r, m, p, -1, s, w, agg, used, missing);
	if (!(v = tr_calloc(r->ncells + 1, sizeof(double))))
		return NAN;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->provider != p || (s >= 0 && c->scenario != (size_t)s) ||
		    (w >= 0 && c->workload != (size_t)w))
			continue;
		v[n] = tr_metric_picked(r, m, c, pick);
		if (isfinite(v[n]))
			n++;
		else
			miss++;
	}
	out = tr_metric_aggregate(v, n, agg);
	free(v);
	if (used)
		*used = n;
	if (missing)
		*missing = miss;
	return out;
}

double tr_metric_of_runs(const tr_results *r, const tr_metric *m, const tr_cell *c,
                         tr_metric_agg agg)
{
	double *v = tr_calloc(c->nruns + 1, sizeof(double)), out;
	if (!v)
		return NAN;
	for (size_t k = 0; k < c->nruns; k++)
		v[k] = tr_metric_of_run(m, &r->runs[c->runs[k]]);
	out = tr_metric_aggregate(v, c->nruns, agg);
	free(v);
	return out;
}

/* ---- what a results document holds of a run (diff reads it) ---------- */

/* The members of a run's "windows" object, by field of tr_stability: the
 * names export/json.c writes, which are the catalog's own last parts. */
static const struct {
	size_t offset;
	const char *member;
} S_window_members[] = {
	{ offsetof(tr_stability, tps_mean), "windows.tps_mean" },
	{ offsetof(tr_stability, tps_cov_pct), "windows.tps_cov_pct" },
	{ offsetof(tr_stability, tps_min), "windows.tps_min" },
	{ offsetof(tr_stability, tps_min_pct), "windows.tps_min_pct" },
	{ offsetof(tr_stability, tps_max), "windows.tps_max" },
	{ offsetof(tr_stability, latency_p95_ms), "windows.latency_p95_ms" },
	{ offsetof(tr_stability, latency_max_ms), "windows.latency_max_ms" },
};

/* The run members of the figures that are a run's own number. */
static const struct {
	const char *key;
	const char *member;
} S_own_members[] = {
	{ "pgb.p95_ms", "postgresbench_latency.p95_ms" },
	{ "pgb.p99_ms", "postgresbench_latency.p99_ms" },
};

const char *tr_metric_run_member(const tr_metric *m)
{
	const S_own *own = S_cellish(m) ? S_own_of(m) : NULL;
	long f;
	if (!S_cellish(m))
		return NULL;
	if (own) {
		for (size_t i = 0; i < TR_ARRAY_SIZE(S_own_members); i++)
			if (strcmp(S_own_members[i].key, m->key) == 0)
				return S_own_members[i].member;
		/* tps_* are all the run's "tps"; the others are named as in
		 * the catalog */
		return strncmp(m->key, "tps_", 4) == 0 ? "tps" : own->key;
	}
	if ((f = S_window_field(m)) >= 0) {
		for (size_t i = 0; i < TR_ARRAY_SIZE(S_window_members); i++)
			if (S_window_members[i].offset == (size_t)f)
				return S_window_members[i].member;
		return NULL;
	}
	/* exact latency: the run's "latency" object has the cell's members */
	if (S_in(m, offsetof(tr_cell, latency), sizeof(tr_latency)) >= 0)
		return m->key;
	return NULL;
}

/* ---- figures of a price and a TPS ------------------------------------- */

bool tr_metric_priced(const tr_metric *m)
{
	return S_cellish(m) && (m->offset == offsetof(tr_cell, cost_per_tps) ||
	                        m->offset == offsetof(tr_cell, tps_per_100));
}

double tr_metric_at_tps(const tr_metric *m, double tps, double price_month)
{
	if (!tr_metric_priced(m) || !(tps > 0) || !isfinite(price_month))
		return NAN;
	/* results.c's definitions: cost per TPS = monthly cost / TPS; TPS per
	 * 100 = TPS bought by 100 currency units a month */
	if (m->offset == offsetof(tr_cell, cost_per_tps))
		return price_month / tps;
	return price_month > 0 ? tps / price_month * 100.0 : NAN;
}

/* ---- gaps and ratios under a run pick --------------------------------- */

/* A cell whose only figure is m's base: what tr_metric_value reads. */
static void S_base_cell(tr_cell *out, const tr_metric *m, double v)
{
	memset(out, 0, sizeof(*out));
	*(double *)((char *)out + m->base->offset) = v;
}

double tr_metric_value_pick(const tr_results *r, const tr_metric *m, const tr_cell *cell,
                            const tr_cell *other, const tr_comparison *cmp,
                            tr_run_pick pick)
{
	tr_cell a, b;
	if (m->kind == TR_METRIC_CELL)
		return tr_metric_picked(r, m, cell, pick);
	if (!m->base || pick == TR_RUNS_MEDIAN || !cell || !other)
		return tr_metric_value(m, cell, other, cmp);
	S_base_cell(&a, m, tr_metric_picked(r, m->base, cell, pick));
	S_base_cell(&b, m, tr_metric_picked(r, m->base, other, pick));
	return tr_metric_value(m, &a, &b, NULL);
}

double tr_metric_over_vs_pick(const tr_results *r, const tr_metric *m, size_t p, long vs,
                              long s, long w, tr_metric_agg agg, tr_run_pick pick,
                              size_t *used, size_t *missing)
{
	double *a, *b, out = NAN;
	size_t n = 0, miss = 0;
	tr_cell ca, cb;
	if (!m->base)
		return tr_metric_over_pick(r, m, p, s, w, agg, pick, used, missing);
	if (pick == TR_RUNS_MEDIAN)
		return tr_metric_over(r, m, p, vs, s, w, agg, used, missing);
	a = tr_calloc(r->ncells + 1, sizeof(double));
	b = tr_calloc(r->ncells + 1, sizeof(double));
	for (size_t i = 0; a && b && i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		size_t q;
		long oc;
		if (c->provider != p || (s >= 0 && c->scenario != (size_t)s) ||
		    (w >= 0 && c->workload != (size_t)w))
			continue;
		q = vs < 0 ? tr_results_baseline_of(r, (long)c->scenario) : (size_t)vs;
		oc = tr_results_cell(r, q, c->scenario, c->workload);
		a[n] = tr_metric_picked(r, m->base, c, pick);
		b[n] = oc >= 0 ? tr_metric_picked(r, m->base, &r->cells[oc], pick) : NAN;
		if (isfinite(a[n]) && isfinite(b[n]))
			n++;
		else
			miss++;
	}
	/* as tr_metric_over: the gap of the two sides' aggregates over the
	 * places both have, not an aggregate of the gaps */
	if (a && b && n > 0) {
		S_base_cell(&ca, m, tr_metric_aggregate(a, n, agg));
		S_base_cell(&cb, m, tr_metric_aggregate(b, n, agg));
		out = tr_metric_value(m, &ca, &cb, NULL);
	}
	free(a);
	free(b);
	if (used)
		*used = n;
	if (missing)
		*missing = miss;
	return out;
}
