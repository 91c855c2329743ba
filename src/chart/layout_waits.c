/* layout_waits.c: what the server was waiting on in one scenario, from the
 * sampler's files (issue 30): a small panel per provider (per provider and
 * workload where the scenario ran several) with its top waits as bars
 * across, each named where it is drawn ("LWLock:WALWrite") and its share
 * of the active samples after it ("35.3%", the table's digits). Panels sit
 * two to a row when the canvas is wide, one under the other on a phone;
 * every panel (and every part of a chart in parts) on the same scale, so
 * bars compare across providers. The figures are the cell's top waits as
 * stats computed them (tr_cell.waits): this file only draws them. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_ROW 20.0         /* a wait's row */
#define S_BAR 12.0
#define S_HEAD 22.0        /* a panel's name */
#define S_SUBHEAD 16.0     /* its workload, where the scenario ran several */
#define S_PANEL_GAP 16.0   /* below a row of panels */
#define S_COL_GAP 24.0     /* between two panels side by side */
#define S_PANEL_MIN 300.0  /* two panels to a row from this width each */

char *tr_chart_wait_name(const tr_cell_wait *w)
{
	if (tr_wait_is_cpu(w))
		return tr_strdup("CPU");
	return tr_sprintf("%s:%s", w->type, w->event);
}

/* What the panels share: the cells drawn, their geometry, the scale. */
typedef struct S_grid {
	const bool *part;      /* the providers of this part, or NULL: all */
	bool several;          /* panels name their workload */
	size_t cols;
	double panel_w, label_w, value_w;
	double vmax;           /* the largest share of the whole chart */
} S_grid;

static bool S_panel_drawn(const S_grid *g, const tr_cell *c, long scenario)
{
	return tr_chart_waits_cell(c, scenario) && (!g->part || g->part[c->provider]);
}

static size_t S_rows(const tr_cell *c)
{
	return c->nwaits < TR_CHART_WAITS_TOP ? c->nwaits : TR_CHART_WAITS_TOP;
}

static double S_panel_h(const S_grid *g, const tr_cell *c)
{
	return S_HEAD + (g->several ? S_SUBHEAD : 0) + (double)S_rows(c) * S_ROW;
}

/* Widths of the names and values drawn, and the scale of the whole chart
 * (the other parts' panels too). */
static int S_measure(S_grid *g, tr_scene *s, const tr_results *r, long scenario)
{
	double inner = s->width - 2 * TR_MARGIN;
	g->cols = inner >= 2 * S_PANEL_MIN + S_COL_GAP ? 2 : 1;
	g->panel_w = (inner - (double)(g->cols - 1) * S_COL_GAP) / (double)g->cols;
	g->several = tr_chart_workloads_with(r, TR_CHART_WAITS, (size_t)scenario) > 1;
	g->label_w = g->value_w = g->vmax = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!tr_chart_waits_cell(c, scenario))
			continue;
		for (size_t k = 0; k < S_rows(c); k++) {
			char *name = tr_chart_wait_name(&c->waits[k]);
			char *v = tr_metric_str(c->waits[k].share * 100, TR_METRIC_FMT_PCT);
			double wn, wv;
			if (!name || !v) {
				free(name);
				free(v);
				return TR_ENOMEM;
			}
			wn = tr_text_width(s->measure, name, TR_SMALL_SIZE, false);
			wv = tr_text_width(s->measure, v, TR_SMALL_SIZE, false);
			g->label_w = wn > g->label_w ? wn : g->label_w;
			g->value_w = wv > g->value_w ? wv : g->value_w;
			if (isfinite(c->waits[k].share) && c->waits[k].share > g->vmax)
				g->vmax = c->waits[k].share;
			free(name);
			free(v);
		}
	}
	if (g->label_w > 0.45 * g->panel_w)
		g->label_w = 0.45 * g->panel_w;
	return 0;
}

/* The panel's name (and workload) from its top left corner. */
static int S_head(tr_scene *s, const tr_results *r, const S_grid *g, const tr_cell *c,
                  double x, double y)
{
	const char *label = r->providers[c->provider].label;
	double asc, desc;
	char *fit = tr_text_fit(s->measure, label, TR_TEXT_SIZE, true, g->panel_w);
	if (!fit)
		return TR_ENOMEM;
	tr_text_extents(s->measure, TR_TEXT_SIZE, true, &asc, &desc);
	tr_scene_text(s, "title", strcmp(fit, label) ? label : NULL, x,
	              y + S_HEAD / 2 + (asc - desc) / 2, TR_ANCHOR_START, TR_TEXT_SIZE, true,
	              false, fit);
	free(fit);
	if (!g->several)
		return 0;
	label = r->workloads[c->workload].label;
	if (!(fit = tr_text_fit(s->measure, label, TR_SMALL_SIZE, false, g->panel_w)))
		return TR_ENOMEM;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_scene_text(s, "muted", strcmp(fit, label) ? label : NULL, x,
	              y + S_HEAD + S_SUBHEAD / 2 + (asc - desc) / 2 - 3, TR_ANCHOR_START,
	              TR_SMALL_SIZE, false, false, fit);
	free(fit);
	return 0;
}

/* Wait k of cell c in the row from y: its name, its bar, its share. */
static int S_wait(tr_scene *s, const tr_results *r, const S_grid *g, const tr_cell *c,
                  size_t k, double x, double y)
{
	const tr_cell_wait *w = &c->waits[k];
	double left = x + g->label_w + 8, right = x + g->panel_w - g->value_w - 4;
	double mid = y + S_ROW / 2, asc, desc, len;
	char *name = tr_chart_wait_name(w), *fit = NULL, *v = NULL, *title = NULL;
	char cls[32], id[80];
	int rc = TR_ENOMEM;
	long m;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	if (!name || !(v = tr_metric_str(w->share * 100, TR_METRIC_FMT_PCT)) ||
	    !(fit = tr_text_fit(s->measure, name, TR_SMALL_SIZE, false, g->label_w)) ||
	    !(title = tr_sprintf("%s, %s: %s, %s of the samples that found a benchmark "
	                         "connection active (%lld samples)",
	                         r->providers[c->provider].label,
	                         r->scenarios[c->scenario].label, name, v,
	                         (long long)w->samples)))
		goto cleanup;
	tr_scene_text(s, "label", strcmp(fit, name) ? name : NULL, left - 8,
	              mid + (asc - desc) / 2, TR_ANCHOR_END, TR_SMALL_SIZE, false, false, fit);
	len = g->vmax > 0 && isfinite(w->share) ? w->share / g->vmax * (right - left) : 0;
	snprintf(cls, sizeof(cls), "bar p%zu", c->provider);
	m = tr_scene_rect(s, cls, title, left, mid - S_BAR / 2, len, S_BAR);
	snprintf(id, sizeof(id), "wait-%zu-%zu-%zu", c->provider, c->workload, k);
	tr_scene_set_id(s, m, id);
	tr_scene_text(s, "value", NULL, left + len + 4, mid + (asc - desc) / 2,
	              TR_ANCHOR_START, TR_SMALL_SIZE, false, false, v);
	rc = 0;
cleanup:
	free(name);
	free(fit);
	free(v);
	free(title);
	return rc;
}

/* Cell c's panel with its top left corner at (x, y). */
static int S_panel(tr_scene *s, const tr_results *r, const S_grid *g, const tr_cell *c,
                   double x, double y)
{
	double top = y + S_HEAD + (g->several ? S_SUBHEAD : 0);
	double zero = x + g->label_w + 8;
	int rc = S_head(s, r, g, c, x, y);
	/* the bars' common start, so that a short bar still reads as one */
	tr_scene_line(s, "axis", NULL, zero, top, zero, top + (double)S_rows(c) * S_ROW);
	for (size_t k = 0; k < S_rows(c) && rc == 0; k++)
		rc = S_wait(s, r, g, c, k, x, top + (double)k * S_ROW);
	return rc;
}

/* The panels in rows of g->cols from y; returns the y below the last. */
static int S_panels(double *y_io, tr_scene *s, const tr_results *r, const S_grid *g,
                    long scenario)
{
	double y = *y_io, row_h = 0;
	size_t col = 0;
	int rc = 0;
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *c = &r->cells[i];
		double x = TR_MARGIN + (double)col * (g->panel_w + S_COL_GAP);
		if (!S_panel_drawn(g, c, scenario))
			continue;
		rc = S_panel(s, r, g, c, x, y);
		if (S_panel_h(g, c) > row_h)
			row_h = S_panel_h(g, c);
		if (++col == g->cols) {
			y += row_h + S_PANEL_GAP;
			row_h = 0;
			col = 0;
		}
	}
	*y_io = col ? y + row_h + S_PANEL_GAP : y;
	return rc;
}

int tr_layout_waits(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	S_grid g = { 0 };
	bool *part = NULL;
	double y;
	int rc;
	if (!tr_chart_has(r, TR_CHART_WAITS, item->scenario, -1))
		return tr_error_set("no server samples for a 'waits' chart");
	if (item->npages > 1) {
		if (tr_chart_page_providers(&part, NULL, NULL, r, item, false) < 0)
			return TR_ENOMEM;
		g.part = part;
	}
	if ((rc = S_measure(&g, s, r, item->scenario)) < 0)
		goto cleanup;
	y = tr_frame_open(s, r, item->title,
	                  "Each provider's top waits: shares of the samples that found one "
	                  "of its connections active (CPU: active, not waiting), over all "
	                  "its runs; every panel on one scale.", NULL);
	if ((rc = S_panels(&y, s, r, &g, item->scenario)) < 0)
		goto cleanup;
	tr_frame_finish(s, y - S_PANEL_GAP + TR_MARGIN);
	rc = tr_scene_finish(s);
cleanup:
	free(part);
	return rc;
}
