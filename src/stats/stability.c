/* stability.c: window statistics of runs and cells (docs/metrics.md,
 * "Stability"), and per-transaction latency of cells. */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tr_stability_of_windows(tr_stability *out, const tr_window *w, size_t n,
                            tr_window_source source, double interval_s)
{
	double *tps, *lat;
	size_t nlat = 0;
	int rc = 0;
	memset(out, 0, sizeof(*out));
	out->tps_mean = out->tps_cov_pct = out->tps_min = out->tps_min_pct = NAN;
	out->tps_max = out->latency_p95_ms = out->latency_max_ms = NAN;
	if (n < 2)
		return 0; /* one window has no spread to speak of */
	tps = tr_calloc(n, sizeof(double));
	lat = tr_calloc(n, sizeof(double));
	if (!tps || !lat) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	out->present = true;
	out->source = source;
	out->interval_s = interval_s;
	out->windows = n;
	for (size_t i = 0; i < n; i++) {
		tps[i] = w[i].tps;
		if (!isnan(w[i].latency_ms))
			lat[nlat++] = w[i].latency_ms;
		if (!isnan(w[i].latency_max_ms) &&
		    (isnan(out->latency_max_ms) || w[i].latency_max_ms > out->latency_max_ms))
			out->latency_max_ms = w[i].latency_max_ms;
	}
	out->tps_mean = tr_mean(tps, n);
	out->tps_cov_pct = tr_cov_pct(tps, n);
	out->tps_min = out->tps_max = tps[0];
	for (size_t i = 1; i < n; i++) {
		if (tps[i] < out->tps_min)
			out->tps_min = tps[i];
		if (tps[i] > out->tps_max)
			out->tps_max = tps[i];
	}
	out->tps_min_pct = out->tps_mean > 0
	                       ? (out->tps_min - out->tps_mean) / out->tps_mean * 100.0
	                       : NAN;
	out->latency_p95_ms = tr_quantile(lat, nlat, 0.95);
cleanup:
	free(tps);
	free(lat);
	return rc;
}

/*
 * A cell's three views of stability (docs/metrics.md):
 * - worst: the largest CoV, the deepest dip, the highest window p95 and
 *   max over its runs (each may come from a different run; the runs behind
 *   CoV and dip are named), the lowest and highest window TPS; no mean;
 * - median_run: the median of the runs' CoV, dip, window p95 and mean;
 * - pooled: every window of every run taken together.
 * `windows` counts all windows of the runs in each view.
 */
int tr_cell_stability(tr_cell *cell, const tr_results *r, const tr_study *st)
{
	size_t n = 0, nw = 0, cap = 0;
	double *cov = tr_calloc(cell->nruns, sizeof(double));
	double *dip = tr_calloc(cell->nruns, sizeof(double));
	double *p95 = tr_calloc(cell->nruns, sizeof(double));
	double *mean = tr_calloc(cell->nruns, sizeof(double));
	tr_window *all = NULL;
	tr_stability *worst = &cell->worst, *med = &cell->median_run;
	int rc = 0;
	(void)st;

	/* no windows: cannot fail */
	(void)tr_stability_of_windows(worst, NULL, 0, TR_WINDOWS_NONE, 0);
	(void)tr_stability_of_windows(med, NULL, 0, TR_WINDOWS_NONE, 0);
	(void)tr_stability_of_windows(&cell->pooled, NULL, 0, TR_WINDOWS_NONE, 0);
	if (!cov || !dip || !p95 || !mean) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t k = 0; k < cell->nruns; k++) {
		const tr_run_result *run = &r->runs[cell->runs[k]];
		const tr_stability *s = &run->windows;
		if (!s->present)
			continue;
		cov[n] = s->tps_cov_pct;
		dip[n] = s->tps_min_pct;
		p95[n] = s->latency_p95_ms;
		mean[n] = s->tps_mean;
		if (n == 0) {
			*worst = *s;
			worst->tps_mean = NAN;
			cell->worst_cov_run = cell->worst_dip_run = run->id;
		} else {
			if (s->tps_cov_pct > worst->tps_cov_pct) {
				worst->tps_cov_pct = s->tps_cov_pct;
				cell->worst_cov_run = run->id;
			}
			if (s->tps_min_pct < worst->tps_min_pct) {
				worst->tps_min_pct = s->tps_min_pct;
				cell->worst_dip_run = run->id;
			}
			if (s->tps_min < worst->tps_min)
				worst->tps_min = s->tps_min;
			if (s->tps_max > worst->tps_max)
				worst->tps_max = s->tps_max;
			if (s->latency_p95_ms > worst->latency_p95_ms)
				worst->latency_p95_ms = s->latency_p95_ms;
			if (isnan(worst->latency_max_ms) ||
			    s->latency_max_ms > worst->latency_max_ms)
				worst->latency_max_ms = s->latency_max_ms;
			worst->windows += s->windows;
		}
		n++;
		for (size_t i = 0; i < run->nseries; i++) {
			if ((rc = tr_grow(&all, &cap, nw + 1, sizeof(tr_window))) < 0)
				goto cleanup;
			all[nw++] = run->series[i];
		}
	}
	if (n == 0)
		goto cleanup;
	*med = *worst;
	med->tps_cov_pct = tr_median(cov, n);
	med->tps_min_pct = tr_median(dip, n);
	med->latency_p95_ms = tr_median(p95, n);
	med->tps_mean = tr_median(mean, n);
	med->tps_min = med->tps_max = med->latency_max_ms = NAN;
	rc = tr_stability_of_windows(&cell->pooled, all, nw, worst->source,
	                             worst->interval_s);
cleanup:
	free(cov);
	free(dip);
	free(p95);
	free(mean);
	free(all);
	return rc;
}

void tr_latency_of_hist(tr_latency *out, const tr_hist *h, int64_t skipped,
                        int64_t failed)
{
	tr_latency_of_hist_rule(out, h, skipped, failed, TR_PCT_NEAREST_RANK);
}

void tr_latency_of_hist_rule(tr_latency *out, const tr_hist *h,
                             int64_t skipped, int64_t failed, tr_pct_rule rule)
{
	static const double pct[6] = { 50, 90, 95, 99, 99.9, 99.99 };
	double *to[6];
	int64_t us[6];
	memset(out, 0, sizeof(*out));
	out->skipped = skipped;
	out->failed = failed;
	out->hist = h;
	out->min_ms = out->p50_ms = out->p90_ms = out->p95_ms = NAN;
	out->p99_ms = out->p999_ms = out->p9999_ms = out->max_ms = NAN;
	/* Exact whole microseconds (pgbench logs no finer), so ms with three
	 * decimals show every digit they have. */
	if (!h || h->total == 0 ||
	    tr_hist_percentiles(us, h, rule, pct, 6) < 0)
		return;
	to[0] = &out->p50_ms;
	to[1] = &out->p90_ms;
	to[2] = &out->p95_ms;
	to[3] = &out->p99_ms;
	to[4] = &out->p999_ms;
	to[5] = &out->p9999_ms;
	for (int k = 0; k < 6; k++)
		*to[k] = (double)us[k] / 1000.0;
	out->present = true;
	out->count = h->total;
	out->min_ms = (double)tr_hist_min(h) / 1000.0;
	out->max_ms = (double)tr_hist_max(h) / 1000.0;
}

int tr_cell_latency(tr_cell *cell, const tr_results *r, const tr_study *st)
{
	int64_t skipped = 0, failed = 0;
	int rc;
	for (size_t k = 0; k < cell->nruns; k++) {
		const tr_run *run = &st->runs[cell->runs[k]];
		if (!run->txlog || run->txlog->latency.total == 0)
			continue;
		if (!cell->latency_hist) {
			cell->latency_hist = tr_calloc(1, sizeof(tr_hist));
			if (!cell->latency_hist)
				return TR_ENOMEM;
			tr_hist_init(cell->latency_hist);
		}
		if ((rc = tr_hist_merge(cell->latency_hist, &run->txlog->latency)) < 0)
			return rc;
		skipped += run->txlog->skipped;
		failed += run->txlog->failed;
	}
	(void)r;
	tr_latency_of_hist_rule(&cell->latency, cell->latency_hist, skipped, failed,
	                        st->config.percentile);
	return 0;
}
