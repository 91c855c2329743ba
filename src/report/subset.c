/* subset.c: {{chart KIND providers=...}}: a chart of the report drawn
 * from some providers only, in the author's order. The chart module
 * draws whatever results it is given, so the chart is drawn from a copy
 * of the results that holds only those providers: their cells, runs and
 * init timings, the providers renumbered in the author's order (bars go
 * in provider order) and each keeping the colour it has in every other
 * chart. The copy borrows everything else from the results, and holds
 * no comparisons: a chart does not read them. */

#include "report_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define S_NONE SIZE_MAX

static int S_cell_cmp(const void *a, const void *b)
{
	const tr_cell *x = a, *y = b;
	if (x->scenario != y->scenario)
		return x->scenario < y->scenario ? -1 : 1;
	if (x->workload != y->workload)
		return x->workload < y->workload ? -1 : 1;
	return (x->provider > y->provider) - (x->provider < y->provider);
}

/* The providers in their new order, each with its colour written out. */
static int S_providers(tr_rp_subset *out, const tr_results *r, const size_t *ids, size_t n)
{
	tr_results *s = &out->r;
	if (!(out->providers = tr_calloc(n + 1, sizeof(tr_provider_result))) ||
	    !(out->map = tr_calloc(r->nproviders + 1, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t p = 0; p < r->nproviders; p++)
		out->map[p] = S_NONE;
	for (size_t k = 0; k < n; k++) {
		out->providers[k] = r->providers[ids[k]];
		out->providers[k].color = tr_chart_provider_color(r, ids[k]);
		out->map[ids[k]] = k;
	}
	s->providers = out->providers;
	s->nproviders = n;
	s->baseline = out->map[r->baseline] == S_NONE ? 0 : out->map[r->baseline];
	return 0;
}

/* Scenarios: the regimes and baseline by the new numbers. */
static int S_scenarios(tr_rp_subset *out, const tr_results *r)
{
	size_t n = out->r.nproviders;
	if (!(out->scenarios = tr_calloc(r->nscenarios + 1, sizeof(tr_scenario_result))) ||
	    !(out->regimes = tr_calloc(r->nscenarios * n + 1, sizeof(tr_regime))))
		return TR_ENOMEM;
	for (size_t i = 0; i < r->nscenarios; i++) {
		tr_scenario_result *sc = &out->scenarios[i];
		*sc = r->scenarios[i];
		sc->regimes = out->regimes + i * n;
		for (size_t p = 0; p < r->nproviders; p++)
			if (out->map[p] != S_NONE && r->scenarios[i].regimes)
				sc->regimes[out->map[p]] = r->scenarios[i].regimes[p];
		sc->baseline = out->map[sc->baseline] == S_NONE ? 0 : out->map[sc->baseline];
	}
	out->r.scenarios = out->scenarios;
	return 0;
}

/* Runs of the providers kept, in their order; *run_map: old to new. */
static int S_runs(tr_rp_subset *out, const tr_results *r, size_t *run_map)
{
	size_t n = 0;
	if (!(out->runs = tr_calloc(r->nruns + 1, sizeof(tr_run_result))))
		return TR_ENOMEM;
	for (size_t i = 0; i < r->nruns; i++) {
		run_map[i] = S_NONE;
		if (out->map[r->runs[i].provider] == S_NONE)
			continue;
		out->runs[n] = r->runs[i];
		out->runs[n].provider = out->map[r->runs[i].provider];
		run_map[i] = n++;
	}
	out->r.runs = out->runs;
	out->r.nruns = n;
	return 0;
}

/* Cells of the providers kept, sorted as stats sorts them, their runs
 * renumbered; the runs' cells and the lookups of provider cells too. */
static int S_cells(tr_rp_subset *out, const tr_results *r, const size_t *run_map)
{
	size_t n = 0, nr = 0, np = out->r.nproviders;
	for (size_t i = 0; i < r->ncells; i++)
		nr += r->cells[i].nruns;
	if (!(out->cells = tr_calloc(r->ncells + 1, sizeof(tr_cell))) ||
	    !(out->cell_runs = tr_calloc(nr + 1, sizeof(size_t))) ||
	    !(out->cell_order = tr_calloc(r->ncells + 1, sizeof(size_t))) ||
	    !(out->provider_cells = tr_calloc(np + 2, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t i = 0; i < r->ncells; i++)
		if (out->map[r->cells[i].provider] != S_NONE) {
			out->cells[n] = r->cells[i];
			out->cells[n++].provider = out->map[r->cells[i].provider];
		}
	qsort(out->cells, n, sizeof(tr_cell), S_cell_cmp);
	nr = 0;
	for (size_t i = 0; i < n; i++) {
		tr_cell *c = &out->cells[i];
		size_t *runs = out->cell_runs + nr;
		for (size_t k = 0; k < c->nruns; k++) {
			runs[k] = run_map[c->runs[k]];
			out->runs[runs[k]].cell = (long)i;
		}
		c->runs = runs;
		nr += c->nruns;
		out->provider_cells[c->provider + 1]++;
	}
	for (size_t p = 0; p < np; p++)
		out->provider_cells[p + 1] += out->provider_cells[p];
	for (size_t p = 0, k = 0; p < np; p++)
		for (size_t i = 0; i < n; i++)
			if (out->cells[i].provider == p)
				out->cell_order[k++] = i;
	out->r.cells = out->cells;
	out->r.ncells = n;
	out->r.cell_order = out->cell_order;
	out->r.provider_cells = out->provider_cells;
	return 0;
}

static int S_inits(tr_rp_subset *out, const tr_results *r)
{
	size_t n = 0;
	if (!(out->inits = tr_calloc(r->ninits + 1, sizeof(tr_init_result))))
		return TR_ENOMEM;
	for (size_t i = 0; i < r->ninits; i++)
		if (out->map[r->inits[i].provider] != S_NONE) {
			out->inits[n] = r->inits[i];
			out->inits[n++].provider = out->map[r->inits[i].provider];
		}
	out->r.inits = out->inits;
	out->r.ninits = n;
	return 0;
}

/* The results of l's providers only (out->r). */
static int S_results(tr_rp_subset *out, const tr_results *r, const tr_writeup_list *l)
{
	size_t *run_map = tr_calloc(r->nruns + 1, sizeof(size_t));
	int rc;
	out->r = *r;
	/* what no chart reads, and what would name the providers left out */
	out->r.comparisons = NULL;
	out->r.ncomparisons = 0;
	out->r.sweeps = NULL;
	out->r.nsweeps = 0;
	out->r.setups = NULL;
	out->r.nsetups = 0;
	out->r.places_scenario = out->r.places_workload = NULL;
	out->r.nplaces = 0;
	if (!run_map)
		return TR_ENOMEM;
	if ((rc = S_providers(out, r, l->providers, l->nproviders)) == 0 &&
	    (rc = S_scenarios(out, r)) == 0 && (rc = S_runs(out, r, run_map)) == 0 &&
	    (rc = S_cells(out, r, run_map)) == 0)
		rc = S_inits(out, r);
	free(run_map);
	return rc;
}

/* c's title and alt text become those of the drawing of the subset; an
 * author's title (authored) stays, drawn in the chart and leading its alt
 * text. */
static int S_words(tr_writeup_chart *c, tr_chart_item *item, bool authored)
{
	char *title, *alt, *drawn = NULL;
	authored = authored && c->title;
	if (authored) {
		title = tr_strdup(c->title);
		drawn = tr_strdup(c->title);
		alt = item->alt ? tr_sprintf("%s. %s", c->title, item->alt) : tr_strdup(c->title);
	} else {
		title = item->title ? tr_strdup(item->title) : NULL;
		alt = item->alt ? tr_strdup(item->alt) : NULL;
	}
	if (authored ? !title || !alt || !drawn
	             : (item->title && !title) || (item->alt && !alt)) {
		free(title);
		free(alt);
		free(drawn);
		return TR_ENOMEM;
	}
	if (authored) {
		free(item->title);
		item->title = drawn;
	}
	free(c->title);
	free(c->alt);
	c->title = title;
	c->alt = alt;
	return 0;
}

int tr_rp_subset_make(tr_rp_subset *out, const tr_results *r, tr_writeup_chart *c,
                      const tr_writeup_list *l)
{
	tr_chart_kind kind;
	char *name;
	int rc;
	memset(out, 0, sizeof(*out));
	if (tr_chart_kind_parse(&kind, c->kind) < 0)
		return tr_error_set_at(l->path, l->line, "chart %s: no kind '%s'", c->name,
		                       c->kind);
	if ((rc = S_results(out, r, l)) < 0)
		return rc;
	if ((rc = tr_chart_item_make(&out->item, &out->r, kind, c->scenario, c->workload)) < 0) {
		char *why = rc == TR_ENOMEM ? NULL : tr_strdup(tr_error_last());
		if (rc != TR_ENOMEM)
			rc = tr_error_set_at(l->path, l->line, "chart %s: nothing to draw for "
			                     "these providers (%s)", c->name, why ? why : "no data");
		free(why);
		return rc;
	}
	if (!(name = tr_strdup(c->name)))
		return TR_ENOMEM;
	free(out->item.name);
	out->item.name = name;
	if ((rc = S_words(c, &out->item, l->redraw)) < 0)
		return rc;
	out->narrow = out->item; /* borrows its strings */
	out->narrow.width = TR_CHART_NARROW;
	return 0;
}

void tr_rp_subset_free(tr_rp_subset *s)
{
	tr_chart_item_free(&s->item);
	free(s->providers);
	free(s->map);
	free(s->scenarios);
	free(s->regimes);
	free(s->runs);
	free(s->cells);
	free(s->cell_runs);
	free(s->cell_order);
	free(s->provider_cells);
	free(s->inits);
	memset(s, 0, sizeof(*s));
}
