/* layout_bars.c: grouped bars, one group per scenario (and workload), one
 * bar per provider: median TPS with a min-max whisker, average latency,
 * p95 of window mean latency, CoV, cost per TPS, TPS per 100 currency
 * units. The value axis starts at zero; each bar has a <title> with its
 * exact value and, where it fits, a value label. */

#include "chart_bars_internal.h"
#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PLOT_H 280.0
#define S_MAX_BAR 64.0
#define S_MIN_PITCH 14.0  /* thinner than this, bars are laid across */

/* One label under the axis: wrapped to max_lines lines of width w centred on
 * cx from y, the full text in <title> when cut. Returns the height used;
 * draws only when draw is set. */
static double S_axis_label(tr_scene *s, const char *text, const char *cls,
                           double size, double cx, double w, double y,
                           size_t max_lines, bool draw)
{
	char **lines = NULL;
	size_t n = 0;
	double asc, desc, top = y;
	tr_text_extents(s->measure, size, false, &asc, &desc);
	if (tr_text_wrap(&lines, &n, s->measure, text, size, false, w, max_lines) < 0) {
		s->rc = TR_ENOMEM;
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		bool cut = tr_text_is_cut(lines[i], text);
		if (draw)
			tr_scene_text(s, cls, cut ? text : NULL, cx, y + asc,
			              TR_ANCHOR_MIDDLE, size, false, false, lines[i]);
		y += asc + desc + 1;
	}
	tr_text_lines_free(lines, n);
	return y - top;
}

/*
 * The labels under the bars: with several workloads, each group's workload
 * first, then each scenario once, centred under the run of groups that
 * belong to it. Returns the height; draws only when draw is set.
 */
static double S_group_labels(tr_scene *s, const tr_results *r, const tr_bars *b,
                             double left, double gw, double y, bool draw)
{
	double h1 = 0, h2 = 0;
	if (b->several_workloads) {
		for (size_t g = 0; g < b->ngroups; g++) {
			char *text = tr_bars_workload_text(b, &r->workloads[b->groups[g].workload], true);
			double h;
			if (!text) {
				s->rc = TR_ENOMEM;
				return 0;
			}
			h = S_axis_label(s, text, "muted", TR_SMALL_SIZE,
			                 left + gw * ((double)g + 0.5), gw - 12, y, 2, draw);
			free(text);
			if (h > h1)
				h1 = h;
		}
		h1 += 4;
	}
	for (size_t g = 0; g < b->ngroups;) {
		size_t e = g;
		double h;
		while (e < b->ngroups && b->groups[e].scenario == b->groups[g].scenario)
			e++;
		h = S_axis_label(s, r->scenarios[b->groups[g].scenario].label, "label",
		                 TR_TEXT_SIZE, left + gw * (double)(g + e) / 2,
		                 gw * (double)(e - g) - 12, y + h1,
		                 b->several_workloads ? 2 : 3, draw);
		if (h > h2)
			h2 = h;
		g = e;
	}
	return h1 + h2;
}

/* The geometry of a vertical bars chart, worked out once, used by every
 * pass that draws. */
typedef struct {
	double left, right, top, bottom;
	double gw;          /* group width */
	double pitch, bw;   /* one bar's slot and its width */
	double asc, desc;   /* of TR_SMALL_SIZE text */
	double lab_h;       /* height of the group labels under the plot */
	int label_mode;     /* value labels: 0 none, 1 horizontal, 2 vertical */
} S_plot;

/* The legend: one box per provider with a bar. */
static int S_legend(tr_legend *out, const tr_results *r, const tr_bars *b)
{
	int rc;
	for (size_t k = 0; k < b->nproviders; k++)
		if ((rc = tr_legend_add_provider(out, r, b->providers[k], TR_SWATCH_BOX)) < 0)
			return rc;
	return 0;
}

/* Plot geometry below y. The label width is estimated on a generous axis
 * (headroom can raise the maximum by a step or two). */
static void S_geometry(S_plot *pl, tr_scene *s, const tr_bars *b, double y)
{
	tr_axis probe;
	double lw;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &pl->asc, &pl->desc);
	tr_axis_nice(&probe, 0, b->vmax * 2, 5);
	lw = tr_axis_label_width(s, &probe);
	tr_axis_nice(&probe, 0, b->vmax, 5);
	if (tr_axis_label_width(s, &probe) > lw)
		lw = tr_axis_label_width(s, &probe);
	pl->left = TR_MARGIN + lw + 6;
	pl->right = s->width - TR_MARGIN;
	pl->top = floor(y + 22);  /* the axis title sits above the plot */
	pl->gw = (pl->right - pl->left) / (double)b->ngroups;
	pl->pitch = pl->gw * 0.84 / (double)b->nproviders;
	if (pl->pitch > S_MAX_BAR)
		pl->pitch = S_MAX_BAR;
	pl->bw = pl->pitch - 2;
	pl->bottom = pl->top + S_PLOT_H;
}

/* Value labels: measure them, choose an orientation (pl->label_mode), and
 * make room for them above the highest bar in the value axis. */
static int S_value_axis(tr_axis *axis, S_plot *pl, tr_scene *s,
                        const tr_results *r, const tr_chart_item *item,
                        const tr_bars *b)
{
	double label_w, need, hi = b->vmax;
	int rc;
	if ((rc = tr_bars_value_label_width(&label_w, s, r, item)) < 0)
		return rc;
	pl->label_mode = label_w + 4 <= pl->pitch ? 1
	               : pl->pitch >= pl->asc + pl->desc + 2 ? 2 : 0;
	need = pl->label_mode == 1 ? pl->asc + pl->desc + 6
	     : pl->label_mode == 2 ? label_w + 8 : 0;
	if (need > S_PLOT_H / 2)
		need = S_PLOT_H / 2;
	tr_axis_nice(axis, 0, hi, 5);
	if (S_PLOT_H * (1 - hi / axis->max) < need)
		tr_axis_nice(axis, 0, hi * S_PLOT_H / (S_PLOT_H - need), 5);
	if (item->kind == TR_CHART_COV)
		axis->unit = "%";
	return 0;
}

/* One bar at bx: the bar, its whisker and its value label. */
static int S_bar(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                 const tr_bars *b, const S_plot *pl, const tr_axis *axis,
                 size_t g, size_t p, long ci, double bx)
{
	double v, lo, hi, yv, ytop, bcx = bx + pl->bw / 2;
	char *title = NULL, *t, cls[48], id[64];
	long m;
	int rc = tr_bars_value(r, &r->cells[ci], item->kind, &v, &lo, &hi, &title);
	if (rc < 0)
		return rc;
	if (rc == 0) {
		/* a provider without this figure here: say so */
		if (pl->pitch >= pl->asc + pl->desc)
			tr_scene_text(s, "muted", "no data for this figure",
			              bcx + (pl->asc - pl->desc) / 2, pl->bottom - 4,
			              TR_ANCHOR_START, TR_SMALL_SIZE - 2, false, true,
			              "n/a");
		return 0;
	}
	yv = tr_axis_map(axis, v, pl->bottom, pl->top);
	snprintf(cls, sizeof(cls), "bar p%zu", p);
	m = tr_scene_rect(s, cls, title, bx, yv, pl->bw, pl->bottom - yv);
	snprintf(id, sizeof(id), "bar-%zu-%zu-%zu", b->groups[g].scenario,
	         b->groups[g].workload, p);
	tr_scene_set_id(s, m, id);
	free(title);
	ytop = yv;
	if (isfinite(lo) && isfinite(hi) && hi > lo) {
		double ylo = tr_axis_map(axis, lo, pl->bottom, pl->top);
		double yhi = tr_axis_map(axis, hi, pl->bottom, pl->top);
		double cap = pl->bw * 0.3 > 8 ? 8 : pl->bw * 0.3;
		tr_scene_line(s, "whisker", NULL, bcx, ylo, bcx, yhi);
		tr_scene_line(s, "whisker", NULL, bcx - cap, yhi, bcx + cap, yhi);
		tr_scene_line(s, "whisker", NULL, bcx - cap, ylo, bcx + cap, ylo);
		if (yhi < ytop)
			ytop = yhi;
	}
	if (pl->label_mode == 0)
		return 0;
	t = tr_bars_value_label(item->kind, v);
	if (!t)
		return TR_ENOMEM;
	if (pl->label_mode == 1)
		tr_scene_text(s, "value", NULL, bcx, ytop - 4 - pl->desc,
		              TR_ANCHOR_MIDDLE, TR_SMALL_SIZE, false, false, t);
	else
		tr_scene_text(s, "value", NULL, bcx + (pl->asc - pl->desc) / 2,
		              ytop - 4, TR_ANCHOR_START, TR_SMALL_SIZE, false, true, t);
	free(t);
	return 0;
}

/* Group g: the providers with a cell here, centred in the group. */
static int S_group(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                   const tr_bars *b, const S_plot *pl, const tr_axis *axis,
                   size_t g)
{
	double cx = pl->left + pl->gw * (double)g + pl->gw / 2, x0;
	size_t slots = 0, slot = 0;
	int rc = 0;
	for (size_t k = 0; k < b->nproviders; k++)
		if (tr_results_cell(r, b->providers[k], b->groups[g].scenario,
		                    b->groups[g].workload) >= 0)
			slots++;
	x0 = cx - pl->pitch * (double)slots / 2;
	for (size_t k = 0; k < b->nproviders && rc == 0; k++) {
		size_t p = b->providers[k];
		long ci = tr_results_cell(r, p, b->groups[g].scenario,
		                          b->groups[g].workload);
		if (ci < 0)
			continue;
		rc = S_bar(s, r, item, b, pl, axis, g, p, ci,
		           x0 + pl->pitch * (double)slot++ + (pl->pitch - pl->bw) / 2);
	}
	return rc;
}

int tr_layout_bars(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	tr_bars b;
	tr_legend legend = { 0 };
	tr_axis axis;
	S_plot pl;
	char *axis_title = NULL, *sub = NULL;
	double y;
	bool direct;
	int rc;

	if ((rc = tr_bars_collect(&b, r, item)) < 0)
		return rc;
	if (b.ngroups == 0) {
		rc = tr_error_set("no data for a '%s' chart", tr_chart_kind_name(item->kind));
		goto cleanup;
	}
	if ((rc = tr_bars_texts(&axis_title, &sub, r, &b, item->kind)) < 0)
		goto cleanup;
	/* past TR_CHART_LEGEND_MAX providers, no legend: each bar is named
	 * where it is drawn (tr_layout_hbars) */
	direct = b.nproviders > TR_CHART_LEGEND_MAX;
	if (!direct && (rc = S_legend(&legend, r, &b)) < 0)
		goto cleanup;
	y = tr_frame_open(s, r, item->title, sub, &legend);
	S_geometry(&pl, s, &b, y);
	if (direct || pl.pitch < S_MIN_PITCH || s->width < TR_CHART_WIDTH / 2) {
		/* too many bars side by side, or a phone's narrow canvas (where
		 * group labels under the bars would be cut): lay them across */
		rc = tr_layout_hbars(s, r, item, &b, y, axis_title);
		goto cleanup;
	}
	pl.lab_h = S_group_labels(s, r, &b, pl.left, pl.gw, 0, false);
	if ((rc = S_value_axis(&axis, &pl, s, r, item, &b)) < 0)
		goto cleanup;
	tr_axis_draw_y(s, &axis, pl.left, pl.right, pl.top, pl.bottom, axis_title);
	for (size_t g = 0; g < b.ngroups && rc == 0; g++)
		rc = S_group(s, r, item, &b, &pl, &axis, g);
	if (rc < 0)
		goto cleanup;
	S_group_labels(s, r, &b, pl.left, pl.gw, pl.bottom + 8, true);
	tr_frame_finish(s, pl.bottom + 8 + pl.lab_h + TR_MARGIN - 4);
	rc = tr_scene_finish(s);
cleanup:
	tr_legend_free(&legend);
	free(axis_title);
	free(sub);
	tr_bars_free(&b);
	return rc;
}
