/* pages.c: a chart of many providers drawn in parts, so that no picture
 * is taller than a reader can follow (about 2,000 px at most at 800 wide,
 * far from cairo's 32,767) nor has a legend longer than can be matched to
 * its marks. Per picture, at most:
 *
 *   bars (tps, latency, p95, cov, cost, value): 100 bars (providers x
 *     groups, a group being a scenario and workload), 15 px a row (the
 *     seed's sweep of 13 workloads x 7 providers, 91 bars, stays one
 *     picture); past 8 providers they are ranked and named where drawn,
 *     no legend;
 *   init: 60 rows, a scenario's panel counting 3 rows for its name and
 *     axis (26 px a row); the plan draws init per scenario when the whole
 *     study's chart would not fit one picture;
 *   timeline: 8 providers' panels; percentiles and sweep: 8 providers'
 *     lines (their legend stays short);
 *   waits: 12 panels of top waits (a provider's cell each, about 130 px
 *     tall: six rows of two at 800 wide, twelve stacked on a phone), so a
 *     scenario of several workloads takes 12 / workloads providers.
 *
 * A chart over its limit is drawn in n = ceil(providers / limit) parts,
 * balanced: part k (from 0) shows the providers ranked floor(k N / n) to
 * floor((k + 1) N / n) - 1 in results order, so parts differ by at most
 * one provider and a provider is in the same part of every chart of its
 * kind. Every part keeps the whole chart's groups and axes (the same
 * scale). */

#include "chart_plan_internal.h"
#include "chart_bars_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t tr_chart_page_limit(tr_chart_kind kind, size_t groups)
{
	size_t g = groups ? groups : 1;
	if (kind == TR_CHART_TIMELINE || kind == TR_CHART_PERCENTILES ||
	    kind == TR_CHART_SWEEP)
		return TR_CHART_PAGE_LINES;
	if (kind == TR_CHART_INIT)
		return TR_CHART_PAGE_ROWS > 4 * g ? (TR_CHART_PAGE_ROWS - 3 * g) / g : 1;
	if (kind == TR_CHART_WAITS)
		return TR_CHART_PAGE_PANELS >= g ? TR_CHART_PAGE_PANELS / g : 1;
	return TR_CHART_PAGE_BARS >= g ? TR_CHART_PAGE_BARS / g : 1;
}

size_t tr_chart_page_count(size_t providers, size_t limit)
{
	if (limit == 0 || providers <= limit)
		return 1;
	return (providers + limit - 1) / limit;
}

void tr_chart_page_span(size_t *from, size_t *to, size_t providers,
                        size_t npages, size_t page)
{
	if (npages <= 1) {
		*from = 0;
		*to = providers;
		return;
	}
	*from = page * providers / npages;
	*to = (page + 1) * providers / npages;
}

/* Whether init i is a row of the item's chart. */
static bool S_init_row(const tr_results *r, const tr_chart_item *item, size_t i)
{
	const tr_init *in = r->inits[i].init;
	if (!in || (item->scenario >= 0 && r->inits[i].scenario != (size_t)item->scenario))
		return false;
	for (size_t k = 0; k < in->nphases; k++)
		if (isfinite(in->phases[k].seconds) && in->phases[k].seconds > 0)
			return true;
	return false;
}

static bool S_cell_in(const tr_chart_item *item, const tr_cell *c)
{
	return (item->scenario < 0 || c->scenario == (size_t)item->scenario) &&
	       (item->workload < 0 || c->workload == (size_t)item->workload);
}

/* waits: the providers with a panel, and the workloads of those panels. */
static size_t S_mark_waits(bool *seen, const tr_results *r, const tr_chart_item *item)
{
	size_t groups = 0;
	for (size_t w = 0; w < r->nworkloads; w++) {
		bool any = false;
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			if (c->workload != w || !tr_chart_waits_cell(c, item->scenario))
				continue;
			seen[c->provider] = any = true;
		}
		groups += any;
	}
	return groups;
}

/* Marks in seen the providers the whole chart draws; returns the groups
 * (bars: scenario x workload; init: scenarios; waits: workloads) for the
 * page limit. */
static size_t S_mark(bool *seen, const tr_results *r, const tr_chart_item *item)
{
	size_t groups = 0;
	long ls = -1, lw = -1;
	bool *scen = NULL;
	if (item->kind == TR_CHART_WAITS)
		return S_mark_waits(seen, r, item);
	if (tr_chart_is_bars(item->kind)) {
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			double v, lo, hi;
			if (!S_cell_in(item, c) ||
			    tr_bars_value(r, c, item->kind, &v, &lo, &hi, NULL) <= 0)
				continue;
			seen[c->provider] = true;
			if ((long)c->scenario != ls || (long)c->workload != lw)
				groups++;
			ls = (long)c->scenario;
			lw = (long)c->workload;
		}
	} else if (item->kind == TR_CHART_INIT) {
		scen = tr_calloc(r->nscenarios + 1, sizeof(bool));
		for (size_t i = 0; i < r->ninits; i++)
			if (S_init_row(r, item, i)) {
				seen[r->inits[i].provider] = true;
				if (scen && !scen[r->inits[i].scenario]) {
					scen[r->inits[i].scenario] = true;
					groups++;
				}
			}
		free(scen);
	} else if (item->kind == TR_CHART_TIMELINE) {
		for (size_t i = 0; i < r->nruns; i++) {
			const tr_run_result *run = &r->runs[i];
			if (run->cell >= 0 && run->nseries >= 2 &&
			    run->scenario == (size_t)item->scenario &&
			    run->workload == (size_t)item->workload)
				seen[run->provider] = true;
		}
	} else {
		/* percentiles: the cell's histogram; sweep: every workload of
		 * the type in the scenario */
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			if (c->scenario != (size_t)item->scenario)
				continue;
			if (item->kind == TR_CHART_PERCENTILES
			        ? c->workload == (size_t)item->workload && c->latency.present &&
			              c->latency_hist && c->latency_hist->total > 0
			        : strcmp(r->workloads[c->workload].short_type,
			                 r->workloads[item->workload].short_type) == 0)
				seen[c->provider] = true;
		}
	}
	return groups;
}

int tr_chart_page_providers(bool **out, size_t *count, size_t *npages,
                            const tr_results *r, const tr_chart_item *item,
                            bool whole)
{
	bool *seen = tr_calloc(r->nproviders + 1, sizeof(bool));
	size_t n = 0, groups, from, to, rank = 0;
	*out = NULL;
	if (!seen)
		return TR_ENOMEM;
	groups = S_mark(seen, r, item);
	for (size_t p = 0; p < r->nproviders; p++)
		n += seen[p];
	if (count)
		*count = n;
	if (npages)
		*npages = tr_chart_page_count(n, tr_chart_page_limit(item->kind, groups));
	if (!whole && item->npages > 1) {
		tr_chart_page_span(&from, &to, n, item->npages, item->page);
		for (size_t p = 0; p < r->nproviders; p++)
			if (seen[p]) {
				seen[p] = rank >= from && rank < to;
				rank++;
			}
	}
	*out = seen;
	return 0;
}

/* "of 10 providers each" or "of 6 or 7 providers each". */
static char *S_sizes(size_t providers, size_t npages)
{
	size_t lo = providers / npages, hi = (providers + npages - 1) / npages;
	if (lo == hi)
		return tr_sprintf("of %zu providers each", lo);
	return tr_sprintf("of %zu or %zu providers each", lo, hi);
}

int tr_chart_item_part(tr_chart_item *out, const tr_chart_item *whole,
                       size_t providers, size_t npages, size_t page)
{
	size_t from, to;
	char *sizes = S_sizes(providers, npages);
	int rc = 0;
	memset(out, 0, sizeof(*out));
	out->kind = whole->kind;
	out->scenario = whole->scenario;
	out->workload = whole->workload;
	out->width = whole->width;
	out->page = page;
	out->npages = npages;
	tr_chart_page_span(&from, &to, providers, npages, page);
	out->name = page ? tr_sprintf("%s-part%zu", whole->name, page + 1)
	                 : tr_strdup(whole->name);
	out->title = page ? tr_sprintf("%s (continued, part %zu of %zu)", whole->title,
	                               page + 1, npages)
	                  : tr_sprintf("%s (part 1 of %zu)", whole->title, npages);
	out->alt = tr_sprintf("%s Part %zu of %zu: providers %zu to %zu of %zu, on "
	                      "the same scale as the other parts.", whole->alt,
	                      page + 1, npages, from + 1, to, providers);
	if (page == 0 && sizes)
		out->note = tr_sprintf("The %zu providers are too many for one readable "
		                       "chart, so this one is drawn in %zu parts %s, "
		                       "on the same scale.", providers, npages, sizes);
	if (!sizes || !out->name || !out->title || !out->alt || (page == 0 && !out->note)) {
		tr_chart_item_free(out);
		rc = TR_ENOMEM;
	}
	free(sizes);
	return rc;
}
