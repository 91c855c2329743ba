/* layout_hbars.c: the grouped bars laid across, one row per bar, for
 * charts with more bars than fit side by side (a client/thread sweep of
 * many workloads and providers): labels stay horizontal and readable, and
 * the canvas grows downwards. Same figures, titles, whiskers and zero-based
 * value axis as the upright bars. */

#include "chart_bars_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_BAR 12.0      /* bar thickness */
#define S_PITCH 15.0    /* one bar to the next */
#define S_GAP 12.0      /* between groups */
#define S_HEAD 24.0     /* a scenario header row */
#define S_MAX_LABEL (0.35 * TR_CHART_WIDTH)

/* The label of group g at the left: what varies of its workload, or its
 * scenario when each group is a scenario. Caller frees. */
static char *S_label(const tr_results *r, const tr_bars *b, size_t g)
{
	if (!b->several_workloads)
		return tr_strdup(r->scenarios[b->groups[g].scenario].label);
	return tr_bars_workload_text(b, &r->workloads[b->groups[g].workload], true);
}

/* Providers with a cell in group g. */
static size_t S_slots(const tr_results *r, const tr_bars *b, size_t g)
{
	size_t n = 0;
	for (size_t k = 0; k < b->nproviders; k++)
		if (tr_results_cell(r, b->providers[k], b->groups[g].scenario,
		                    b->groups[g].workload) >= 0)
			n++;
	return n;
}

/* Scenario header rows: when groups are workloads of several scenarios. */
static bool S_headers(const tr_bars *b)
{
	if (!b->several_workloads)
		return false;
	for (size_t g = 1; g < b->ngroups; g++)
		if (b->groups[g].scenario != b->groups[0].scenario)
			return true;
	return false;
}

int tr_layout_hbars(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                    const tr_bars *b, double y, const char *axis_title)
{
	bool heads = S_headers(b);
	double asc, desc, label_w = 0, value_w = 0, left, right, top, bottom;
	tr_axis axis;
	char cls[48], id[64];

	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	/* the label column, and room right of the longest bar for its value */
	for (size_t g = 0; g < b->ngroups; g++) {
		char *t = S_label(r, b, g);
		double w;
		if (!t)
			return TR_ENOMEM;
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (w > label_w)
			label_w = w;
		free(t);
	}
	if (label_w > S_MAX_LABEL)
		label_w = S_MAX_LABEL;
	for (size_t i = 0; i < r->ncells; i++) {
		double v, lo, hi, w;
		char *t;
		if (!tr_bars_in_item(item, &r->cells[i]) ||
		    !tr_bars_value(r, &r->cells[i], item->kind, &v, &lo, &hi, NULL))
			continue;
		if (!(t = tr_bars_value_label(item->kind, v)))
			return TR_ENOMEM;
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (w > value_w)
			value_w = w;
		free(t);
	}
	tr_axis_nice(&axis, 0, b->vmax, 6);
	if (item->kind == TR_CHART_COV)
		axis.unit = "%";
	left = TR_MARGIN + label_w + 10;
	right = s->width - TR_MARGIN - value_w - 8;
	top = floor(y + 4);
	bottom = top;
	for (size_t g = 0; g < b->ngroups; g++) {
		if (heads && (g == 0 || b->groups[g].scenario != b->groups[g - 1].scenario))
			bottom += S_HEAD;
		bottom += (double)S_slots(r, b, g) * S_PITCH + S_GAP;
	}
	tr_axis_draw_x(s, &axis, left, right, top, bottom, axis_title);

	y = top + S_GAP / 2;
	for (size_t g = 0; g < b->ngroups; g++) {
		size_t slots = S_slots(r, b, g), slot = 0;
		double mid;
		char *label, **lines = NULL;
		size_t nlines = 0;
		if (heads && (g == 0 || b->groups[g].scenario != b->groups[g - 1].scenario)) {
			const char *sl = r->scenarios[b->groups[g].scenario].label;
			char *fit = tr_text_fit(s->measure, sl, TR_TEXT_SIZE, true,
			                        s->width - 2 * TR_MARGIN);
			double tasc, tdesc;
			if (!fit)
				return TR_ENOMEM;
			tr_text_extents(s->measure, TR_TEXT_SIZE, true, &tasc, &tdesc);
			tr_scene_rect(s, "band", NULL, 0, y + 1, s->width, S_HEAD - 2);
			tr_scene_text(s, "title", strcmp(fit, sl) ? sl : NULL, TR_MARGIN,
			              y + S_HEAD / 2 + (tasc - tdesc) / 2, TR_ANCHOR_START,
			              TR_TEXT_SIZE, true, false, fit);
			free(fit);
			y += S_HEAD;
		}
		/* the group's label, right-aligned beside its bars */
		mid = y + (double)slots * S_PITCH / 2;
		if (!(label = S_label(r, b, g)) ||
		    tr_text_wrap(&lines, &nlines, s->measure, label, TR_SMALL_SIZE, false,
		                 label_w, slots >= 2 ? 2 : 1) < 0) {
			free(label);
			return TR_ENOMEM;
		}
		for (size_t i = 0; i < nlines; i++) {
			double base = mid - (double)(nlines - 1) * (asc + desc) / 2 +
			              (double)i * (asc + desc) + (asc - desc) / 2;
			bool cut = strstr(lines[i], "\xE2\x80\xA6") && !strstr(label, "\xE2\x80\xA6");
			tr_scene_text(s, "label", cut ? label : NULL, left - 10, base,
			              TR_ANCHOR_END, TR_SMALL_SIZE, false, false, lines[i]);
		}
		tr_text_lines_free(lines, nlines);
		free(label);

		for (size_t k = 0; k < b->nproviders; k++) {
			size_t p = b->providers[k];
			long ci = tr_results_cell(r, p, b->groups[g].scenario, b->groups[g].workload);
			double v, lo, hi, by, xv, xend, bcy;
			char *title = NULL, *t;
			long m;
			if (ci < 0)
				continue;
			by = y + (double)slot++ * S_PITCH + (S_PITCH - S_BAR) / 2;
			bcy = by + S_BAR / 2;
			if (!tr_bars_value(r, &r->cells[ci], item->kind, &v, &lo, &hi, &title)) {
				tr_scene_text(s, "muted", "no data for this figure", left + 4,
				              bcy + (asc - desc) / 2, TR_ANCHOR_START,
				              TR_SMALL_SIZE - 2, false, false, "n/a");
				continue;
			}
			if (!title)
				return TR_ENOMEM;
			xv = tr_axis_map(&axis, v, left, right);
			snprintf(cls, sizeof(cls), "bar p%zu", p);
			m = tr_scene_rect(s, cls, title, left, by, xv - left, S_BAR);
			snprintf(id, sizeof(id), "bar-%zu-%zu-%zu", b->groups[g].scenario,
			         b->groups[g].workload, p);
			tr_scene_set_id(s, m, id);
			free(title);
			xend = xv;
			if (isfinite(lo) && isfinite(hi) && hi > lo) {
				double xlo = tr_axis_map(&axis, lo, left, right);
				double xhi = tr_axis_map(&axis, hi, left, right);
				tr_scene_line(s, "whisker", NULL, xlo, bcy, xhi, bcy);
				tr_scene_line(s, "whisker", NULL, xhi, bcy - 4, xhi, bcy + 4);
				tr_scene_line(s, "whisker", NULL, xlo, bcy - 4, xlo, bcy + 4);
				if (xhi > xend)
					xend = xhi;
			}
			if (!(t = tr_bars_value_label(item->kind, v)))
				return TR_ENOMEM;
			tr_scene_text(s, "value", NULL, xend + 4, bcy + (asc - desc) / 2,
			              TR_ANCHOR_START, TR_SMALL_SIZE, false, false, t);
			free(t);
		}
		y += (double)slots * S_PITCH + S_GAP;
	}
	tr_frame_finish(s, bottom + 6 + asc + desc + 8 + asc + desc + TR_MARGIN);
	return tr_scene_finish(s);
}
