/* paired.c: each provider against the baseline across a sweep's
 * client/thread combinations (docs/metrics.md, "Across a sweep"): the
 * Wilcoxon signed-rank test on the per-combination median TPS, then Holm
 * over the study's paired tests (a family of their own, apart from the
 * per-cell Mann-Whitney tests). */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The pairs (baseline, provider) of median TPS over the combinations of
 * sweep a that both ran. */
static int S_pairs(tr_sweep_avg *a, const tr_results *r)
{
	size_t n = 0;
	double *base = tr_calloc(r->nworkloads + 1, sizeof(double));
	double *prov = tr_calloc(r->nworkloads + 1, sizeof(double));
	double *gap = tr_calloc(r->nworkloads + 1, sizeof(double));
	size_t baseline = tr_results_baseline_of(r, (long)a->scenario);
	int rc = TR_ENOMEM;
	if (!base || !prov || !gap)
		goto cleanup;
	for (size_t w = 0; w < r->nworkloads; w++) {
		long b, c;
		if (strcmp(r->workloads[w].short_type, a->short_type) != 0)
			continue;
		b = tr_results_cell(r, baseline, a->scenario, w);
		c = tr_results_cell(r, a->provider, a->scenario, w);
		if (b < 0 || c < 0)
			continue;
		base[n] = r->cells[b].tps_median;
		prov[n] = r->cells[c].tps_median;
		gap[n] = (prov[n] / base[n] - 1) * 100.0;
		n++;
	}
	rc = 0;
	if (n < 2)
		goto cleanup;
	a->paired.present = true;
	a->paired.baseline = baseline;
	a->paired.pairs = n;
	a->paired.gap_median_pct = tr_median(gap, n);
	rc = tr_wilcoxon_signed_rank(&a->paired.test, base, prov, n);
	if (rc == TR_EINVALID) { /* a NaN median: no test, but no failure */
		a->paired.present = false;
		rc = 0;
	}
cleanup:
	free(base);
	free(prov);
	free(gap);
	return rc;
}

int tr_paired_compute(tr_results *r)
{
	size_t m = 0, k = 0;
	double *p = NULL, *adj = NULL;
	int rc;

	for (size_t i = 0; i < r->nsweeps; i++) {
		tr_sweep_avg *a = &r->sweeps[i];
		a->paired.p_adjusted = NAN;
		if (a->provider == tr_results_baseline_of(r, (long)a->scenario))
			continue;
		if ((rc = S_pairs(a, r)) < 0)
			return rc;
		m += a->paired.present && !isnan(a->paired.test.p);
	}
	if (m == 0)
		return 0;
	p = tr_calloc(m, sizeof(double));
	adj = tr_calloc(m, sizeof(double));
	rc = TR_ENOMEM;
	if (!p || !adj)
		goto cleanup;
	for (size_t i = 0, j = 0; i < r->nsweeps; i++)
		if (r->sweeps[i].paired.present && !isnan(r->sweeps[i].paired.test.p))
			p[j++] = r->sweeps[i].paired.test.p;
	if ((rc = tr_holm(adj, p, m)) < 0)
		goto cleanup;
	for (size_t i = 0; i < r->nsweeps; i++) {
		tr_paired *t = &r->sweeps[i].paired;
		if (!t->present || isnan(t->test.p))
			continue;
		t->p_adjusted = adj[k++];
		t->significant = t->p_adjusted <= r->alpha;
	}
cleanup:
	free(p);
	free(adj);
	return rc;
}
