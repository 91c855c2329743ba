/* plan.c: which charts the results allow, their file names, and one chart
 * item on request (tpsreport chart --kind K --scenario S). */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* More groups than this in one bars chart and it is split by scenario. */
#define S_MAX_GROUPS 6

static const char *const S_kinds[] = {
	"tps", "latency", "p95", "cov", "cost", "value", "init", "timeline",
	"percentiles", "sweep", "waits"
};

int tr_chart_kind_parse(tr_chart_kind *out, const char *name)
{
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_kinds); i++)
		if (strcmp(S_kinds[i], name) == 0) {
			*out = (tr_chart_kind)i;
			return 0;
		}
	return tr_error_set("unknown chart kind '%s' (expected tps, latency, p95, "
	                    "cov, cost, value, init, timeline, percentiles, sweep or waits)",
	                    name);
}

const char *tr_chart_kind_name(tr_chart_kind kind)
{
	if ((size_t)kind < TR_ARRAY_SIZE(S_kinds))
		return S_kinds[kind];
	return "?";
}

bool tr_chart_is_bars(tr_chart_kind kind)
{
	return kind <= TR_CHART_VALUE;
}

/* ---- what the data allows ------------------------------------------------- */

bool tr_chart_waits_cell(const tr_cell *c, long scenario)
{
	return (scenario < 0 || c->scenario == (size_t)scenario) && c->server_runs > 0 &&
	       c->nwaits > 0;
}

bool tr_chart_has(const tr_results *r, tr_chart_kind kind, long scenario,
                  long workload)
{
	switch (kind) {
	case TR_CHART_INIT:
		for (size_t i = 0; i < r->ninits; i++) {
			const tr_init *in = r->inits[i].init;
			if (scenario >= 0 && r->inits[i].scenario != (size_t)scenario)
				continue;
			for (size_t k = 0; in && k < in->nphases; k++)
				if (isfinite(in->phases[k].seconds) && in->phases[k].seconds > 0)
					return true;
		}
		return false;
	case TR_CHART_TIMELINE:
		for (size_t i = 0; i < r->nruns; i++) {
			const tr_run_result *run = &r->runs[i];
			if (run->cell < 0 || run->nseries < 2 ||
			    (scenario >= 0 && run->scenario != (size_t)scenario) ||
			    (workload >= 0 && run->workload != (size_t)workload))
				continue;
			return true;
		}
		return false;
	case TR_CHART_PERCENTILES:
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			if ((scenario >= 0 && c->scenario != (size_t)scenario) ||
			    (workload >= 0 && c->workload != (size_t)workload))
				continue;
			if (c->latency.present && c->latency_hist && c->latency_hist->total > 0)
				return true;
		}
		return false;
	case TR_CHART_SWEEP:
		for (size_t s = 0; s < r->nscenarios; s++) {
			if (scenario >= 0 && s != (size_t)scenario)
				continue;
			for (size_t w = 0; w < r->nworkloads; w++) {
				if (workload >= 0 &&
				    strcmp(r->workloads[w].short_type,
				           r->workloads[workload].short_type) != 0)
					continue;
				if (tr_chart_sweep_clients(r, s, r->workloads[w].short_type, NULL) > 1)
					return true;
			}
		}
		return false;
	case TR_CHART_WAITS:
		for (size_t i = 0; i < r->ncells; i++)
			if (tr_chart_waits_cell(&r->cells[i], scenario) &&
			    (workload < 0 || r->cells[i].workload == (size_t)workload))
				return true;
		return false;
	default:
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			double v, lo, hi;
			if ((scenario >= 0 && c->scenario != (size_t)scenario) ||
			    (workload >= 0 && c->workload != (size_t)workload))
				continue;
			if (tr_bars_value(r, c, kind, &v, &lo, &hi, NULL) > 0)
				return true;
		}
		return false;
	}
}

size_t tr_chart_sweep_clients(const tr_results *r, size_t scenario,
                              const char *type, int *clients)
{
	size_t n = 0;
	int seen[256];
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_workload *w = &r->workloads[c->workload];
		bool dup = false;
		if (c->scenario != scenario || strcmp(w->short_type, type) != 0)
			continue;
		for (size_t k = 0; k < n; k++)
			if (seen[k] == w->clients)
				dup = true;
		if (!dup && n < TR_ARRAY_SIZE(seen))
			seen[n++] = w->clients;
	}
	if (clients)
		memcpy(clients, seen, n * sizeof(int));
	return n;
}

/* Groups (scenario x workload) a bars chart of the whole study has. */
static size_t S_bar_groups(const tr_results *r, tr_chart_kind kind)
{
	size_t n = 0;
	long ls = -1, lw = -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double v, lo, hi;
		if (tr_bars_value(r, c, kind, &v, &lo, &hi, NULL) <= 0)
			continue;
		if ((long)c->scenario != ls || (long)c->workload != lw)
			n++;
		ls = (long)c->scenario;
		lw = (long)c->workload;
	}
	return n;
}

size_t tr_chart_workloads_with(const tr_results *r, tr_chart_kind kind, size_t s)
{
	size_t n = 0;
	for (size_t w = 0; w < r->nworkloads; w++)
		if (tr_chart_has(r, kind, (long)s, (long)w))
			n++;
	return n;
}

/* ---- items --------------------------------------------------------------- */

void tr_chart_item_free(tr_chart_item *item)
{
	if (!item)
		return;
	free(item->name);
	free(item->title);
	free(item->alt);
	free(item->note);
	item->name = item->title = item->alt = item->note = NULL;
}

static char *S_name(const tr_results *r, tr_chart_kind kind, long s, long w)
{
	tr_buf name = TR_BUF_INIT;
	int rc = tr_buf_puts(&name, tr_chart_kind_name(kind));
	if (rc == 0 && s >= 0) {
		if ((rc = tr_buf_putc(&name, '-')) == 0)
			rc = tr_slug(&name, r->scenarios[s].id, TR_SLUG_NAME_MAX, "x");
		if (rc == 0 && kind == TR_CHART_SWEEP && w >= 0) {
			if ((rc = tr_buf_putc(&name, '-')) == 0)
				rc = tr_slug(&name, r->workloads[w].short_type,
				             TR_SLUG_NAME_MAX, "x");
		} else if (rc == 0 && w >= 0 && !tr_chart_is_bars(kind) &&
		           kind != TR_CHART_INIT &&
		           tr_chart_workloads_with(r, kind, (size_t)s) > 1) {
			rc = tr_buf_printf(&name, "-%s", r->workloads[w].key);
		}
	}
	if (rc < 0) {
		tr_buf_free(&name);
		return NULL;
	}
	return tr_buf_detach(&name);
}

/* Kinds drawn per scenario and workload (timeline, percentiles, sweep)
 * take the first scenario and workload with data where none is given; a
 * sweep is named by its type, so the first workload of that type stands
 * for it. */
static bool S_per_workload(tr_chart_kind kind)
{
	return kind == TR_CHART_TIMELINE || kind == TR_CHART_PERCENTILES ||
	       kind == TR_CHART_SWEEP;
}

static void S_pick(const tr_results *r, tr_chart_kind kind, long *scenario,
                   long *workload)
{
	for (size_t s = 0; s < r->nscenarios && *scenario < 0; s++)
		if (tr_chart_has(r, kind, (long)s, *workload))
			*scenario = (long)s;
	for (size_t w = 0; w < r->nworkloads && *workload < 0 && *scenario >= 0; w++)
		if (tr_chart_has(r, kind, *scenario, (long)w))
			*workload = (long)w;
	if (kind != TR_CHART_SWEEP || *workload < 0)
		return;
	for (size_t w = 0; w < (size_t)*workload; w++)
		if (strcmp(r->workloads[w].short_type,
		           r->workloads[*workload].short_type) == 0) {
			*workload = (long)w;
			return;
		}
}

static int S_no_data(const tr_results *r, tr_chart_kind kind, long scenario)
{
	tr_error_set("the results hold no data for a '%s' chart%s%s%s",
	             tr_chart_kind_name(kind), scenario >= 0 ? " of scenario '" : "",
	             scenario >= 0 ? r->scenarios[scenario].id : "",
	             scenario >= 0 ? "'" : "");
	return TR_ENOTFOUND;
}

int tr_chart_item_make(tr_chart_item *out, const tr_results *r,
                       tr_chart_kind kind, long scenario, long workload)
{
	int rc;
	memset(out, 0, sizeof(*out));
	out->kind = kind;
	if ((scenario >= 0 && (size_t)scenario >= r->nscenarios) ||
	    (workload >= 0 && (size_t)workload >= r->nworkloads))
		return tr_error_set("no such scenario or workload");
	if (S_per_workload(kind)) {
		S_pick(r, kind, &scenario, &workload);
		if (scenario < 0 || workload < 0)
			return S_no_data(r, kind, scenario);
	}
	if (kind == TR_CHART_INIT)
		workload = -1;
	if (kind == TR_CHART_WAITS) {
		/* one scenario's cells, every workload: the first with data */
		workload = -1;
		for (size_t s = 0; s < r->nscenarios && scenario < 0; s++)
			if (tr_chart_has(r, kind, (long)s, -1))
				scenario = (long)s;
	}
	if (!tr_chart_has(r, kind, scenario, workload))
		return S_no_data(r, kind, scenario);
	out->scenario = scenario;
	out->workload = workload;
	if (!(out->name = S_name(r, kind, scenario, workload))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	rc = tr_chart_describe(out, r);
cleanup:
	if (rc < 0)
		tr_chart_item_free(out);
	return rc;
}

/* ---- the plan ------------------------------------------------------------- */

/* The chart of kind, s and w, in parts when it has too many providers
 * for one picture (pages.c). */
static int S_add(tr_chart_plan *plan, size_t *cap, const tr_results *r,
                 tr_chart_kind kind, long s, long w)
{
	tr_chart_item item, part;
	size_t providers, npages;
	bool *seen;
	int rc;
	if ((rc = tr_chart_item_make(&item, r, kind, s, w)) < 0)
		return rc == TR_ENOTFOUND ? 0 : rc;
	if ((rc = tr_chart_page_providers(&seen, &providers, &npages, r, &item, true)) < 0)
		goto cleanup;
	free(seen);
	for (size_t k = 0; k < npages && rc == 0; k++) {
		if (tr_grow(&plan->items, cap, plan->count + 1, sizeof(tr_chart_item)) < 0) {
			rc = TR_ENOMEM;
			break;
		}
		if (npages == 1) {
			plan->items[plan->count++] = item;
			return 0;
		}
		if ((rc = tr_chart_item_part(&part, &item, providers, npages, k)) == 0)
			plan->items[plan->count++] = part;
	}
cleanup:
	tr_chart_item_free(&item);
	return rc;
}

/* init: one chart of every scenario when it fits one picture, else one
 * per scenario (each in parts when it needs them). */
static int S_add_init(tr_chart_plan *plan, size_t *cap, const tr_results *r)
{
	tr_chart_item item;
	size_t providers, npages;
	bool *seen = NULL;
	int rc;
	if ((rc = tr_chart_item_make(&item, r, TR_CHART_INIT, -1, -1)) < 0)
		return rc == TR_ENOTFOUND ? 0 : rc;
	rc = tr_chart_page_providers(&seen, &providers, &npages, r, &item, true);
	free(seen);
	tr_chart_item_free(&item);
	if (rc < 0 || npages == 1)
		return rc < 0 ? rc : S_add(plan, cap, r, TR_CHART_INIT, -1, -1);
	for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
		if (tr_chart_has(r, TR_CHART_INIT, (long)s, -1))
			rc = S_add(plan, cap, r, TR_CHART_INIT, (long)s, -1);
	return rc;
}

/* Names must be unique (two scenario ids may share a slug): add -2, -3. */
static int S_unique_names(tr_chart_plan *plan)
{
	for (size_t i = 1; i < plan->count; i++) {
		for (int n = 2;; n++) {
			bool clash = false;
			for (size_t k = 0; k < i && !clash; k++)
				clash = strcmp(plan->items[k].name, plan->items[i].name) == 0;
			if (!clash)
				break;
			{
				char *base = plan->items[i].name, *name;
				char *dash = n > 2 ? strrchr(base, '-') : NULL;
				if (dash)
					*dash = '\0';
				name = tr_sprintf("%s-%d", base, n);
				if (!name)
					return TR_ENOMEM;
				free(base);
				plan->items[i].name = name;
			}
		}
	}
	return 0;
}

int tr_chart_plan_make(tr_chart_plan *out, const tr_results *r)
{
	tr_chart_plan plan = { NULL, 0 };
	size_t cap = 0;
	int rc = 0;

	out->items = NULL;
	out->count = 0;
	for (int k = TR_CHART_TPS; k <= TR_CHART_VALUE && rc == 0; k++) {
		if (S_bar_groups(r, (tr_chart_kind)k) <= S_MAX_GROUPS) {
			rc = S_add(&plan, &cap, r, (tr_chart_kind)k, -1, -1);
			continue;
		}
		for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
			rc = S_add(&plan, &cap, r, (tr_chart_kind)k, (long)s, -1);
	}
	if (rc == 0)
		rc = S_add_init(&plan, &cap, r);
	for (int k = TR_CHART_TIMELINE; k <= TR_CHART_PERCENTILES && rc == 0; k++)
		for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
			for (size_t w = 0; w < r->nworkloads && rc == 0; w++)
				if (tr_chart_has(r, (tr_chart_kind)k, (long)s, (long)w))
					rc = S_add(&plan, &cap, r, (tr_chart_kind)k, (long)s, (long)w);
	for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
		for (size_t w = 0; w < r->nworkloads && rc == 0; w++) {
			bool first = true;
			for (size_t v = 0; v < w; v++)
				if (strcmp(r->workloads[v].short_type, r->workloads[w].short_type) == 0)
					first = false;
			if (first && tr_chart_has(r, TR_CHART_SWEEP, (long)s, (long)w))
				rc = S_add(&plan, &cap, r, TR_CHART_SWEEP, (long)s, (long)w);
		}
	/* what the server was waiting on: one chart per scenario with samples */
	for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
		if (tr_chart_has(r, TR_CHART_WAITS, (long)s, -1))
			rc = S_add(&plan, &cap, r, TR_CHART_WAITS, (long)s, -1);
	if (rc == 0)
		rc = S_unique_names(&plan);
	if (rc < 0) {
		tr_chart_plan_free(&plan);
		return rc;
	}
	*out = plan;
	return 0;
}

void tr_chart_plan_free(tr_chart_plan *plan)
{
	if (!plan)
		return;
	for (size_t i = 0; i < plan->count; i++)
		tr_chart_item_free(&plan->items[i]);
	free(plan->items);
	plan->items = NULL;
	plan->count = 0;
}

const tr_chart_item *tr_chart_plan_find(const tr_chart_plan *plan,
                                        tr_chart_kind kind, long scenario)
{
	const tr_chart_item *first = NULL;
	for (size_t i = 0; i < plan->count; i++) {
		const tr_chart_item *it = &plan->items[i];
		if (it->kind != kind)
			continue;
		if (it->scenario == scenario)
			return it;
		if (!first && scenario < 0)
			first = it;
	}
	return first;
}
