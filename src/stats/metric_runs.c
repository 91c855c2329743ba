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
	if (pick == TR_RUNS_MEDIAN || !tr_metric_per_run(m) ||
	    m->direction == TR_METRIC_NEITHER)
		return tr_metric_value(m, c, NULL, NULL);
	k = S_extreme_run(r, m, c, pick == TR_RUNS_BEST);
	return k < 0 ? NAN : tr_metric_of_run(m, &r->runs[c->runs[k]]);
}

tr_run_pick tr_metric_default_pick(const tr_results *r, const tr_metric *m)
{
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
	if (pick == TR_RUNS_MEDIAN || !tr_metric_per_run(m))
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
