/* compare.c: each provider against the baseline, and sweep averages
 * (docs/metrics.md, "Comparisons"). */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int S_run_tps(double **out, const tr_results *r, const tr_cell *cell)
{
	*out = tr_calloc(cell->nruns ? cell->nruns : 1, sizeof(double));
	if (!*out)
		return TR_ENOMEM;
	for (size_t k = 0; k < cell->nruns; k++)
		(*out)[k] = r->runs[cell->runs[k]].tps;
	return 0;
}

/* One provider's cell c against the baseline's cell b: the figures and
 * the exact Mann-Whitney p over their runs' TPS (NaN when it cannot be
 * had; only running out of memory fails). */
static int S_compare(tr_comparison *cmp, const tr_results *r, size_t c, size_t b)
{
	const tr_cell *cell = &r->cells[c], *base = &r->cells[b];
	double *ta = NULL, *tb = NULL, u;
	int rc;
	memset(cmp, 0, sizeof(*cmp));
	cmp->scenario = cell->scenario;
	cmp->workload = cell->workload;
	cmp->baseline = base->provider;
	cmp->provider = cell->provider;
	cmp->baseline_cell = b;
	cmp->cell = c;
	cmp->tps_ratio = cell->tps_median / base->tps_median;
	cmp->tps_gap_pct = (cmp->tps_ratio - 1) * 100.0;
	cmp->latency_ratio = cell->latency_avg_ms / base->latency_avg_ms;
	cmp->cost_per_tps_ratio = cell->cost_per_tps / base->cost_per_tps;
	cmp->value_ratio = base->cost_per_tps / cell->cost_per_tps;
	cmp->n_baseline = base->nruns;
	cmp->n_provider = cell->nruns;
	cmp->p_value = cmp->p_adjusted = NAN;
	if ((rc = S_run_tps(&ta, r, base)) < 0 || (rc = S_run_tps(&tb, r, cell)) < 0)
		goto cleanup;
	rc = tr_mann_whitney(&cmp->p_value, &u, &cmp->exact, ta, cmp->n_baseline,
	                     tb, cmp->n_provider);
	rc = rc == TR_ENOMEM ? rc : 0;
cleanup:
	free(ta);
	free(tb);
	return rc;
}

/* Holm over every comparison that has a p value. */
static int S_holm(tr_results *r)
{
	size_t m = 0, k = 0, needed;
	double *p = tr_calloc(r->ncomparisons, sizeof(double));
	double *adj = tr_calloc(r->ncomparisons, sizeof(double));
	int rc;
	if (!p || !adj) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < r->ncomparisons; i++)
		if (!isnan(r->comparisons[i].p_value))
			p[m++] = r->comparisons[i].p_value;
	if ((rc = tr_holm(adj, p, m)) < 0)
		goto cleanup;
	needed = tr_mann_whitney_runs_needed(r->alpha / (double)(m ? m : 1));
	for (size_t i = 0; i < r->ncomparisons; i++) {
		tr_comparison *cmp = &r->comparisons[i];
		cmp->runs_needed = needed;
		if (isnan(cmp->p_value))
			continue;
		cmp->p_adjusted = adj[k++];
		cmp->significant = cmp->p_adjusted <= r->alpha;
	}
cleanup:
	free(p);
	free(adj);
	return rc;
}

int tr_comparisons_compute(tr_results *r)
{
	size_t cap = 0;
	int rc;

	for (size_t c = 0; c < r->ncells; c++) {
		const tr_cell *cell = &r->cells[c];
		size_t base = tr_results_baseline_of(r, (long)cell->scenario);
		long b;
		if (cell->provider == base)
			continue;
		b = tr_results_cell(r, base, cell->scenario, cell->workload);
		if (b < 0)
			continue;
		if ((rc = tr_grow(&r->comparisons, &cap, r->ncomparisons + 1,
		                  sizeof(tr_comparison))) < 0)
			return rc;
		if ((rc = S_compare(&r->comparisons[r->ncomparisons++], r, c, (size_t)b)) < 0)
			return rc;
	}
	return r->ncomparisons == 0 ? 0 : S_holm(r);
}

int tr_sweeps_compute(tr_results *r)
{
	size_t cap = 0;
	for (size_t s = 0; s < r->nscenarios; s++)
		for (size_t p = 0; p < r->nproviders; p++)
			for (size_t w = 0; w < r->nworkloads; w++) {
				const char *type = r->workloads[w].short_type;
				size_t combos = 0;
				double tps = 0, lat = 0;
				bool seen_before = r->workloads[w].machine != NULL;
				/* one entry per type: skip if an earlier workload had it.
				 * Workloads on named machines (PostgresBench) are one
				 * setting each, not a client/thread sweep. */
				for (size_t v = 0; v < w; v++)
					if (strcmp(r->workloads[v].short_type, type) == 0)
						seen_before = true;
				if (seen_before)
					continue;
				for (size_t c = 0; c < r->ncells; c++) {
					const tr_cell *cell = &r->cells[c];
					if (cell->scenario != s || cell->provider != p ||
					    r->workloads[cell->workload].machine ||
					    strcmp(r->workloads[cell->workload].short_type, type) != 0)
						continue;
					combos++;
					tps += cell->tps_median;
					lat += cell->latency_avg_ms;
				}
				if (combos < 2)
					continue;
				if (tr_grow(&r->sweeps, &cap, r->nsweeps + 1, sizeof(tr_sweep_avg)) < 0)
					return TR_ENOMEM;
				r->sweeps[r->nsweeps++] = (tr_sweep_avg){
					.provider = p,
					.scenario = s,
					.short_type = type,
					.combos = combos,
					.tps_avg = tps / (double)combos,
					.latency_avg_ms = lat / (double)combos,
				};
			}
	return 0;
}
