/* layout_bars.c: grouped bars, one group per scenario (and workload), one
 * bar per provider: median TPS with a min-max whisker, average latency,
 * p95 of window mean latency, CoV, cost per TPS, TPS per 100 currency
 * units. The value axis starts at zero; each bar has a <title> with its
 * exact value and, where it fits, a value label. */

#include "chart_bars_internal.h"
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
		bool cut = strstr(lines[i], "\xE2\x80\xA6") && !strstr(text, "\xE2\x80\xA6");
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
static double tr_bar_group_labels_v(tr_scene *s, const tr_results *r, const tr_bars *b,
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

int tr_layout_bars(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	tr_bars b;
	tr_axis axis, probe;
	tr_legend_entry *legend = NULL;
	char *axis_title = NULL, *sub = NULL;
	double y, left, right, top, bottom, gw, bw, pitch, lab_h = 0, lw;
	double asc, desc, label_w = 0;
	int rc, label_mode;   /* 0 none, 1 horizontal, 2 vertical */
	char cls[48], id[64];

	if ((rc = tr_bars_collect(&b, r, item)) < 0)
		return rc;
	if (b.ngroups == 0) {
		tr_bars_free(&b);
		return tr_error_set("no data for a '%s' chart", tr_chart_kind_name(item->kind));
	}
	tr_bars_texts(r, &b, item->kind, &axis_title, &sub);
	legend = tr_calloc(b.nproviders, sizeof(*legend));
	if (!axis_title || !sub || !legend) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	tr_frame_styles(s, r);
	y = tr_frame_header(s, item->title, sub);
	for (size_t k = 0; k < b.nproviders; k++) {
		char *c = tr_sprintf("p%zu", b.providers[k]);
		if (!c) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		legend[k].label = r->providers[b.providers[k]].label;
		legend[k].cls = c;
		legend[k].swatch = TR_SWATCH_BOX;
	}
	y = tr_frame_legend(s, legend, b.nproviders, y);

	/* Plot geometry. The label width is estimated on a generous axis
	 * (headroom can raise the maximum by a step or two). */
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_axis_nice(&probe, 0, b.vmax * 2, 5);
	lw = tr_axis_label_width(s, &probe);
	tr_axis_nice(&probe, 0, b.vmax, 5);
	if (tr_axis_label_width(s, &probe) > lw)
		lw = tr_axis_label_width(s, &probe);
	left = TR_MARGIN + lw + 6;
	right = s->width - TR_MARGIN;
	top = floor(y + 22);  /* the axis title sits above the plot */
	gw = (right - left) / (double)b.ngroups;
	pitch = gw * 0.84 / (double)b.nproviders;
	if (pitch > S_MAX_BAR)
		pitch = S_MAX_BAR;
	if (pitch < S_MIN_PITCH) {
		/* too many bars side by side: lay them across */
		rc = tr_layout_hbars(s, r, item, &b, y, axis_title);
		goto cleanup;
	}
	bw = pitch - 2;
	lab_h = tr_bar_group_labels_v(s, r, &b, left, gw, 0, false);
	bottom = top + S_PLOT_H;

	/* Value labels: measure them, choose an orientation, make room. */
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double v, lo, hi, w;
		char *t;
		if (!tr_bars_in_item(item, c) || !tr_bars_value(r, c, item->kind, &v, &lo, &hi, NULL))
			continue;
		t = tr_bars_value_label(item->kind, v);
		if (!t) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (w > label_w)
			label_w = w;
		free(t);
	}
	label_mode = label_w + 4 <= pitch ? 1 : pitch >= asc + desc + 2 ? 2 : 0;
	{
		double need = label_mode == 1 ? asc + desc + 6
		            : label_mode == 2 ? label_w + 8 : 0;
		double hi = b.vmax;
		if (need > S_PLOT_H / 2)
			need = S_PLOT_H / 2;
		tr_axis_nice(&axis, 0, hi, 5);
		if (S_PLOT_H * (1 - hi / axis.max) < need)
			tr_axis_nice(&axis, 0, hi * S_PLOT_H / (S_PLOT_H - need), 5);
	}
	if (item->kind == TR_CHART_COV)
		axis.unit = "%";
	tr_axis_draw_y(s, &axis, left, right, top, bottom, axis_title);

	/* Bars, whiskers, value labels. */
	for (size_t g = 0; g < b.ngroups; g++) {
		double gx = left + gw * (double)g, cx = gx + gw / 2, x0;
		size_t slots = 0, slot = 0;
		/* the providers with a cell here, centred in the group */
		for (size_t k = 0; k < b.nproviders; k++)
			if (tr_results_cell(r, b.providers[k], b.groups[g].scenario,
			                    b.groups[g].workload) >= 0)
				slots++;
		x0 = cx - pitch * (double)slots / 2;
		for (size_t k = 0; k < b.nproviders; k++) {
			size_t p = b.providers[k];
			long ci = tr_results_cell(r, p, b.groups[g].scenario, b.groups[g].workload);
			double v, lo, hi, bx, yv, ytop, bcx;
			char *title = NULL, *t;
			long m;
			if (ci < 0)
				continue;
			bx = x0 + pitch * (double)slot++ + (pitch - bw) / 2;
			bcx = bx + bw / 2;
			if (!tr_bars_value(r, &r->cells[ci], item->kind, &v, &lo, &hi, &title)) {
				/* a provider without this figure here: say so */
				if (pitch >= asc + desc)
					tr_scene_text(s, "muted", "no data for this figure",
					              bcx + (asc - desc) / 2, bottom - 4,
					              TR_ANCHOR_START, TR_SMALL_SIZE - 2, false, true,
					              "n/a");
				continue;
			}
			if (!title) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			yv = tr_axis_map(&axis, v, bottom, top);
			snprintf(cls, sizeof(cls), "bar p%zu", p);
			m = tr_scene_rect(s, cls, title, bx, yv, bw, bottom - yv);
			snprintf(id, sizeof(id), "bar-%zu-%zu-%zu", b.groups[g].scenario,
			         b.groups[g].workload, p);
			tr_scene_set_id(s, m, id);
			free(title);
			ytop = yv;
			if (isfinite(lo) && isfinite(hi) && hi > lo) {
				double ylo = tr_axis_map(&axis, lo, bottom, top);
				double yhi = tr_axis_map(&axis, hi, bottom, top);
				double cap = bw * 0.3 > 8 ? 8 : bw * 0.3;
				tr_scene_line(s, "whisker", NULL, bcx, ylo, bcx, yhi);
				tr_scene_line(s, "whisker", NULL, bcx - cap, yhi, bcx + cap, yhi);
				tr_scene_line(s, "whisker", NULL, bcx - cap, ylo, bcx + cap, ylo);
				if (yhi < ytop)
					ytop = yhi;
			}
			if (label_mode == 0)
				continue;
			t = tr_bars_value_label(item->kind, v);
			if (!t) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			if (label_mode == 1)
				tr_scene_text(s, "value", NULL, bcx, ytop - 4 - desc,
				              TR_ANCHOR_MIDDLE, TR_SMALL_SIZE, false, false, t);
			else
				tr_scene_text(s, "value", NULL, bcx + (asc - desc) / 2, ytop - 4,
				              TR_ANCHOR_START, TR_SMALL_SIZE, false, true, t);
			free(t);
		}
	}
	tr_bar_group_labels_v(s, r, &b, left, gw, bottom + 8, true);
	tr_frame_finish(s, bottom + 8 + lab_h + TR_MARGIN - 4);
	rc = tr_scene_finish(s);
cleanup:
	for (size_t k = 0; legend && k < b.nproviders; k++)
		free((char *)legend[k].cls);
	free(legend);
	free(axis_title);
	free(sub);
	tr_bars_free(&b);
	return rc;
}
