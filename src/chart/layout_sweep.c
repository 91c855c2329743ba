/* layout_sweep.c: a client sweep of one scenario and transaction type:
 * median TPS (top panel) and average latency (bottom panel) against the
 * number of clients, one line per provider (and query mode, when the sweep
 * varies it). Where a client count was run with several thread counts,
 * each is a dot and the line joins the best of them: the panel says so. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PANEL_H 200.0
#define S_PANEL_GAP 58.0
#define S_DOT 7.0
/* providers in the legend at most (what a 64-entry legend held) */
#define S_MAX_LEGEND_PROVIDERS 56

typedef struct S_variant {
	const char *mode;
} S_variant;

typedef struct S_sweep {
	const char *type;
	size_t *cells;       /* the cells drawn, in cell order */
	size_t ncells;
	S_variant variants[8];
	size_t nvariants;
	int clients[256];
	size_t nclients;
	bool log;            /* x on a log2 scale */
	bool several;        /* some client count has several thread counts */
	double tps_max, lat_max;
} S_sweep;

static bool S_same_mode(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Index of the variant (query mode) of workload w, adding it (at most 8:
 * the rest share the last). */
static size_t S_variant_of(S_sweep *sw, const tr_workload *w, bool add)
{
	for (size_t v = 0; v < sw->nvariants; v++)
		if (S_same_mode(sw->variants[v].mode, w->query_mode))
			return v;
	if (!add || sw->nvariants == TR_ARRAY_SIZE(sw->variants))
		return sw->nvariants - 1;
	sw->variants[sw->nvariants].mode = w->query_mode;
	return sw->nvariants++;
}

static int S_cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int S_collect(S_sweep *sw, const tr_results *r, const tr_chart_item *item)
{
	bool *part = NULL;
	memset(sw, 0, sizeof(*sw));
	sw->type = r->workloads[item->workload].short_type;
	sw->cells = tr_calloc(r->ncells ? r->ncells : 1, sizeof(size_t));
	/* a part of a chart in parts: its providers' lines on the axes of the
	 * whole chart */
	if (!sw->cells)
		return TR_ENOMEM;
	if (item->npages > 1 &&
	    tr_chart_page_providers(&part, NULL, NULL, r, item, false) < 0) {
		free(sw->cells);
		sw->cells = NULL;
		return TR_ENOMEM;
	}
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_workload *w = &r->workloads[c->workload];
		if (c->scenario != (size_t)item->scenario || strcmp(w->short_type, sw->type) != 0)
			continue;
		if (!part || part[c->provider])
			sw->cells[sw->ncells++] = i;
		S_variant_of(sw, w, true);
		if (c->tps_median > sw->tps_max)
			sw->tps_max = c->tps_median;
		if (isfinite(c->latency_avg_ms) && c->latency_avg_ms > sw->lat_max)
			sw->lat_max = c->latency_avg_ms;
	}
	for (size_t i = 0; i < sw->ncells; i++)
		for (size_t k = i + 1; k < sw->ncells; k++) {
			const tr_cell *a = &r->cells[sw->cells[i]], *b = &r->cells[sw->cells[k]];
			const tr_workload *wa = &r->workloads[a->workload];
			const tr_workload *wb = &r->workloads[b->workload];
			if (a->provider == b->provider && wa->clients == wb->clients &&
			    S_same_mode(wa->query_mode, wb->query_mode))
				sw->several = true;
		}
	free(part);
	sw->nclients = tr_chart_sweep_clients(r, (size_t)item->scenario, sw->type, sw->clients);
	qsort(sw->clients, sw->nclients, sizeof(int), S_cmp_int);
	sw->log = sw->nclients > 1 && sw->clients[0] >= 1 &&
	          sw->clients[sw->nclients - 1] >= 4 * sw->clients[0];
	return 0;
}

static double S_x(const S_sweep *sw, int clients, double left, double right)
{
	double lo = sw->clients[0], hi = sw->clients[sw->nclients - 1], v = clients;
	if (hi == lo)
		return (left + right) / 2;
	if (sw->log)
		return left + (log2(v) - log2(lo)) / (log2(hi) - log2(lo)) * (right - left);
	return left + (v - lo) / (hi - lo) * (right - left);
}

/* The line of provider p and variant v: at each client count the best of
 * its cells (highest TPS, or lowest latency). */
static void S_best_line(tr_scene *s, const tr_results *r, const S_sweep *sw,
                        bool latency, size_t p, size_t v, const tr_axis *ay,
                        const tr_plot *pl)
{
	double pts[2 * 256];
	size_t n = 0;
	char cls[64];
	for (size_t k = 0; k < sw->nclients; k++) {
		long best = -1;
		double bv = NAN;
		for (size_t j = 0; j < sw->ncells; j++) {
			const tr_cell *c = &r->cells[sw->cells[j]];
			const tr_workload *w = &r->workloads[c->workload];
			double val = latency ? c->latency_avg_ms : c->tps_median;
			if (c->provider != p || w->clients != sw->clients[k] ||
			    S_variant_of((S_sweep *)sw, w, false) != v || !isfinite(val))
				continue;
			if (best < 0 || (latency ? val < bv : val > bv)) {
				best = (long)j;
				bv = val;
			}
		}
		if (best < 0)
			continue;
		pts[2 * n] = S_x(sw, sw->clients[k], pl->left, pl->right);
		pts[2 * n + 1] = tr_axis_map(ay, bv, pl->bottom, pl->top);
		n++;
	}
	if (n > 1) {
		snprintf(cls, sizeof(cls), "line p%zu run%zu", p, v < 3 ? v : 3);
		tr_scene_polyline(s, cls, NULL, pts, n);
	}
}

/* The <title> of a cell's dot: its exact value. NULL when out of memory. */
static char *S_dot_title(const tr_results *r, const tr_cell *c, bool latency,
                         double val)
{
	const tr_workload *w = &r->workloads[c->workload];
	char *num = tr_numstr_grouped(val, latency ? 3 : 2);
	char *title = !num ? NULL : latency
		? tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s: average latency %s ms "
		             "(median of %zu run%s)", r->providers[c->provider].label,
		             r->scenarios[c->scenario].label, w->label, num,
		             c->nruns, c->nruns == 1 ? "" : "s")
		: tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s: median %s TPS (%zu run%s)",
		             r->providers[c->provider].label,
		             r->scenarios[c->scenario].label, w->label, num,
		             c->nruns, c->nruns == 1 ? "" : "s");
	free(num);
	return title;
}

/* A dot per cell, above the lines, with its exact value. */
static int S_dots(tr_scene *s, const tr_results *r, const S_sweep *sw, bool latency,
                  const tr_axis *ay, const tr_plot *pl)
{
	char cls[64], id[64];
	for (size_t j = 0; j < sw->ncells; j++) {
		const tr_cell *c = &r->cells[sw->cells[j]];
		double val = latency ? c->latency_avg_ms : c->tps_median, x, y;
		char *title;
		long m;
		if (!isfinite(val))
			continue;
		x = S_x(sw, r->workloads[c->workload].clients, pl->left, pl->right);
		y = tr_axis_map(ay, val, pl->bottom, pl->top);
		if (!(title = S_dot_title(r, c, latency, val)))
			return TR_ENOMEM;
		snprintf(cls, sizeof(cls), "dot p%zu", c->provider);
		m = tr_scene_rect(s, cls, title, x - S_DOT / 2, y - S_DOT / 2, S_DOT, S_DOT);
		snprintf(id, sizeof(id), "%s-%zu-%zu", latency ? "lat" : "tps", c->provider,
		         c->workload);
		tr_scene_set_id(s, m, id);
		free(title);
	}
	return 0;
}

/* One panel: y axis, then a line and dots per provider and variant. */
static int S_panel(tr_scene *s, const tr_results *r, const S_sweep *sw,
                   bool latency, const tr_plot *pl)
{
	tr_axis ay;
	tr_axis_nice(&ay, 0, (latency ? sw->lat_max : sw->tps_max) * TR_LINE_HEADROOM, 4);
	tr_axis_draw_y(s, &ay, pl->left, pl->right, pl->top, pl->bottom,
	               latency ? "Average latency (ms)"
	                       : "Median TPS (transactions per second)");
	for (size_t i = 0; i < sw->nclients; i++) {
		double x = floor(S_x(sw, sw->clients[i], pl->left, pl->right)) + 0.5;
		tr_scene_line(s, "grid", NULL, x, pl->top, x, pl->bottom);
	}
	for (size_t p = 0; p < r->nproviders; p++)
		for (size_t v = 0; v < sw->nvariants; v++)
			S_best_line(s, r, sw, latency, p, v, &ay, pl);
	return S_dots(s, r, sw, latency, &ay, pl);
}

/* Client counts under the axis, skipping one that would touch the last. */
static void S_x_labels(tr_scene *s, const S_sweep *sw, double left, double right,
                       double bottom)
{
	double asc, desc, last = -1e9;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	for (size_t i = 0; i < sw->nclients; i++) {
		char t[16];
		double x = floor(S_x(sw, sw->clients[i], left, right)) + 0.5, w;
		snprintf(t, sizeof(t), "%d", sw->clients[i]);
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (x - w / 2 < last + 6)
			continue;
		tr_scene_text(s, "tick", NULL, x, bottom + 6 + asc, TR_ANCHOR_MIDDLE,
		              TR_SMALL_SIZE, false, false, t);
		last = x + w / 2;
	}
	tr_axis_x_title(s, left, right, bottom,
	                sw->log ? "Clients (log scale)" : "Clients");
}

/* Legend: providers, then the dash of each query mode when there are
 * several. */
static int S_legend(tr_legend *out, const tr_results *r, const S_sweep *sw)
{
	int rc;
	for (size_t p = 0; p < r->nproviders && out->n < S_MAX_LEGEND_PROVIDERS; p++) {
		bool any = false;
		for (size_t j = 0; j < sw->ncells; j++)
			any = any || r->cells[sw->cells[j]].provider == p;
		if (any && (rc = tr_legend_add_provider(out, r, p, TR_SWATCH_LINE)) < 0)
			return rc;
	}
	for (size_t v = 0; sw->nvariants > 1 && v < sw->nvariants && v < 4; v++) {
		const char *mode = sw->variants[v].mode;
		if ((rc = tr_legend_add(out, mode ? mode : "unknown mode", "neutral run", v,
		                        TR_SWATCH_LINE, v == 0)) < 0)
			return rc;
	}
	return 0;
}

static char *S_subtitle(const S_sweep *sw)
{
	return tr_sprintf("Median of the runs at each client count%s%s. TPS: "
	                  "higher is better; latency: lower is better.%s",
	                  sw->nvariants == 1 ? ", query mode " : "",
	                  sw->nvariants == 1 && sw->variants[0].mode ? sw->variants[0].mode : "",
	                  sw->several ? " Where several thread counts were run at one "
	                                "client count, each is a dot and the line joins "
	                                "the best." : "");
}

int tr_layout_sweep(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	S_sweep sw;
	tr_legend legend = { 0 };
	double y, lw;
	tr_plot pl;
	tr_axis a1, a2;
	char *sub = NULL;
	int rc;

	if ((rc = S_collect(&sw, r, item)) < 0)
		return rc;
	if (sw.nclients < 2) {
		rc = tr_error_set("no client sweep for a 'sweep' chart");
		goto cleanup;
	}
	if ((rc = S_legend(&legend, r, &sw)) < 0)
		goto cleanup;
	if (!(sub = S_subtitle(&sw))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	y = tr_frame_open(s, r, item->title, sub, &legend);

	/* both panels as wide as the wider labels need */
	tr_axis_nice(&a1, 0, sw.tps_max * TR_LINE_HEADROOM, 4);
	tr_axis_nice(&a2, 0, sw.lat_max * TR_LINE_HEADROOM, 4);
	lw = tr_axis_label_width(s, &a1);
	if (tr_axis_label_width(s, &a2) > lw)
		lw = tr_axis_label_width(s, &a2);
	tr_plot_below(&pl, s, lw, 12, y, S_PANEL_H);
	if ((rc = S_panel(s, r, &sw, false, &pl)) < 0)
		goto cleanup;
	pl.top = pl.bottom + S_PANEL_GAP;
	pl.bottom = pl.top + S_PANEL_H;
	if ((rc = S_panel(s, r, &sw, true, &pl)) < 0)
		goto cleanup;
	S_x_labels(s, &sw, pl.left, pl.right, pl.bottom);
	tr_frame_finish_x_axis(s, pl.bottom);
	rc = tr_scene_finish(s);
cleanup:
	tr_legend_free(&legend);
	free(sw.cells);
	free(sub);
	return rc;
}
