/* layout_hbars.c: the grouped bars laid across, one row per bar, for
 * charts with more bars than fit side by side (a client/thread sweep of
 * many workloads and providers): labels stay horizontal and readable, and
 * the canvas grows downwards. Same figures, titles, whiskers and zero-based
 * value axis as the upright bars. */

#include "chart_bars_internal.h"
#include "chart_plan_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_BAR 12.0      /* bar thickness */
#define S_PITCH 15.0    /* one bar to the next */
#define S_GAP 12.0      /* between groups */
#define S_HEAD 24.0     /* a scenario header row */
#define S_MAX_LABEL (0.35 * s->width) /* of the scene being laid out */
#define S_MAX_NAME (0.45 * s->width)  /* a provider's name, named bars */

/* Bars named where they are drawn: more providers than a legend can
 * match (TR_CHART_LEGEND_MAX). Each group is then a header row, its bars
 * ranked best first, each with its provider's name at its left. */
static bool S_direct(const tr_bars *b)
{
	return b->nproviders > TR_CHART_LEGEND_MAX;
}

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

/* The label column: as wide as the widest group label, at most
 * S_MAX_LABEL. */
static int S_label_width(double *out, tr_scene *s, const tr_results *r,
                         const tr_bars *b)
{
	*out = 0;
	if (S_direct(b)) {
		for (size_t k = 0; k < b->nproviders; k++) {
			double w = tr_text_width(s->measure, r->providers[b->providers[k]].label,
			                         TR_SMALL_SIZE, false);
			if (w > *out)
				*out = w;
		}
		if (*out > S_MAX_NAME)
			*out = S_MAX_NAME;
		return 0;
	}
	for (size_t g = 0; g < b->ngroups; g++) {
		char *t = S_label(r, b, g);
		double w;
		if (!t)
			return TR_ENOMEM;
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (w > *out)
			*out = w;
		free(t);
	}
	if (*out > S_MAX_LABEL)
		*out = S_MAX_LABEL;
	return 0;
}

/* Whether group g starts a scenario's header row. */
static bool S_starts_scenario(const tr_bars *b, bool heads, size_t g)
{
	return heads && (g == 0 || b->groups[g].scenario != b->groups[g - 1].scenario);
}

/* The bottom of the plot from its top: every row, gap and header. */
static double S_bottom(const tr_results *r, const tr_bars *b, bool heads, double top)
{
	double bottom = top;
	for (size_t g = 0; g < b->ngroups; g++) {
		if (S_starts_scenario(b, heads, g) || S_direct(b))
			bottom += S_HEAD;
		bottom += (double)S_slots(r, b, g) * S_PITCH + S_GAP;
	}
	return bottom;
}

/* A band across the canvas with the scenario's name, at y. */
static int S_scenario_row(tr_scene *s, const char *label, double y)
{
	char *fit = tr_text_fit(s->measure, label, TR_TEXT_SIZE, true,
	                        s->width - 2 * TR_MARGIN);
	double asc, desc;
	if (!fit)
		return TR_ENOMEM;
	tr_text_extents(s->measure, TR_TEXT_SIZE, true, &asc, &desc);
	tr_scene_rect(s, "band", NULL, 0, y + 1, s->width, S_HEAD - 2);
	tr_scene_text(s, "title", strcmp(fit, label) ? label : NULL, TR_MARGIN,
	              y + S_HEAD / 2 + (asc - desc) / 2, TR_ANCHOR_START,
	              TR_TEXT_SIZE, true, false, fit);
	free(fit);
	return 0;
}

/* Group g's label, right-aligned left of its bars (slots rows from y),
 * wrapped to two lines when the group has room for them. */
static int S_group_label(tr_scene *s, const tr_results *r, const tr_bars *b,
                         size_t g, size_t slots, double label_w, double left,
                         double y)
{
	double asc, desc, mid = y + (double)slots * S_PITCH / 2;
	char *label, **lines = NULL;
	size_t nlines = 0;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	if (!(label = S_label(r, b, g)) ||
	    tr_text_wrap(&lines, &nlines, s->measure, label, TR_SMALL_SIZE, false,
	                 label_w, slots >= 2 ? 2 : 1) < 0) {
		free(label);
		return TR_ENOMEM;
	}
	for (size_t i = 0; i < nlines; i++) {
		double base = mid - (double)(nlines - 1) * (asc + desc) / 2 +
		              (double)i * (asc + desc) + (asc - desc) / 2;
		tr_scene_text(s, "label", tr_text_is_cut(lines[i], label) ? label : NULL,
		              left - 10, base, TR_ANCHOR_END, TR_SMALL_SIZE, false, false,
		              lines[i]);
	}
	tr_text_lines_free(lines, nlines);
	free(label);
	return 0;
}

/* The min-max whisker of a bar across its centre line cy; returns the x of
 * its right end (xend when there is none). */
static double S_whisker(tr_scene *s, const tr_axis *axis, const tr_plot *pl,
                        double lo, double hi, double cy, double xend)
{
	double xlo, xhi;
	if (!isfinite(lo) || !isfinite(hi) || hi <= lo)
		return xend;
	xlo = tr_axis_map(axis, lo, pl->left, pl->right);
	xhi = tr_axis_map(axis, hi, pl->left, pl->right);
	tr_scene_line(s, "whisker", NULL, xlo, cy, xhi, cy);
	tr_scene_line(s, "whisker", NULL, xhi, cy - 4, xhi, cy + 4);
	tr_scene_line(s, "whisker", NULL, xlo, cy - 4, xlo, cy + 4);
	return xhi > xend ? xhi : xend;
}

/* The bar of cell ci (provider p in group g) from its top edge `by`:
 * titled, with its whisker and value label; "n/a" without a value. */
static int S_bar(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                 const tr_bars *b, const tr_axis *axis, const tr_plot *pl,
                 size_t g, size_t p, long ci, double by)
{
	double v, lo, hi, xv, xend, asc, desc, bcy = by + S_BAR / 2;
	char cls[48], id[64], *title = NULL, *t;
	long m;
	int rc;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	if ((rc = tr_bars_value(r, &r->cells[ci], item->kind, &v, &lo, &hi, &title)) < 0)
		return rc;
	if (rc == 0) {
		tr_scene_text(s, "muted", "no data for this figure", pl->left + 4,
		              bcy + (asc - desc) / 2, TR_ANCHOR_START,
		              TR_SMALL_SIZE - 2, false, false, "n/a");
		return 0;
	}
	xv = tr_axis_map(axis, v, pl->left, pl->right);
	snprintf(cls, sizeof(cls), "bar p%zu", p);
	m = tr_scene_rect(s, cls, title, pl->left, by, xv - pl->left, S_BAR);
	snprintf(id, sizeof(id), "bar-%zu-%zu-%zu", b->groups[g].scenario,
	         b->groups[g].workload, p);
	tr_scene_set_id(s, m, id);
	free(title);
	xend = S_whisker(s, axis, pl, lo, hi, bcy, xv);
	if (!(t = tr_bars_value_label(item->kind, v)))
		return TR_ENOMEM;
	tr_scene_text(s, "value", NULL, xend + 4, bcy + (asc - desc) / 2,
	              TR_ANCHOR_START, TR_SMALL_SIZE, false, false, t);
	free(t);
	return 0;
}

/* Provider p's name at the left of its bar (centre line cy), cut to the
 * label column with the full name in its <title>. */
static int S_name(tr_scene *s, const tr_results *r, size_t p, double label_w,
                  double left, double cy)
{
	const char *label = r->providers[p].label;
	char *fit = tr_text_fit(s->measure, label, TR_SMALL_SIZE, false, label_w);
	double asc, desc;
	if (!fit)
		return TR_ENOMEM;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_scene_text(s, "label", strcmp(fit, label) ? label : NULL, left - 10,
	              cy + (asc - desc) / 2, TR_ANCHOR_END, TR_SMALL_SIZE, false,
	              false, fit);
	free(fit);
	return 0;
}

/* A bar's rank key: its value, better first (higher for TPS and value,
 * lower for the rest); no value last. */
static double S_key(const tr_results *r, const tr_chart_item *item, long ci)
{
	double v, lo, hi;
	if (tr_bars_value(r, &r->cells[ci], item->kind, &v, &lo, &hi, NULL) <= 0)
		return INFINITY;
	return item->kind == TR_CHART_TPS || item->kind == TR_CHART_VALUE ? -v : v;
}

/* Group g's cells in drawing order: the providers' order, or ranked best
 * first when bars are named (a stable insertion sort). Returns how many. */
static size_t S_order(long *ci, const tr_results *r, const tr_chart_item *item,
                      const tr_bars *b, size_t g)
{
	size_t n = 0;
	for (size_t k = 0; k < b->nproviders; k++) {
		long c = tr_results_cell(r, b->providers[k], b->groups[g].scenario,
		                         b->groups[g].workload);
		size_t at = n;
		if (c < 0)
			continue;
		while (S_direct(b) && at > 0 && S_key(r, item, ci[at - 1]) > S_key(r, item, c)) {
			ci[at] = ci[at - 1];
			at--;
		}
		ci[at] = c;
		n++;
	}
	return n;
}

/* Group g's bars, one row per provider with a cell, from y. */
static int S_group(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                   const tr_bars *b, const tr_axis *axis, const tr_plot *pl,
                   size_t g, double y, double label_w)
{
	long *ci = tr_calloc(b->nproviders + 1, sizeof(long));
	size_t n;
	int rc = 0;
	if (!ci)
		return TR_ENOMEM;
	n = S_order(ci, r, item, b, g);
	for (size_t k = 0; k < n && rc == 0; k++) {
		size_t p = r->cells[ci[k]].provider;
		double by = y + (double)k * S_PITCH + (S_PITCH - S_BAR) / 2;
		rc = S_bar(s, r, item, b, axis, pl, g, p, ci[k], by);
		if (rc == 0 && S_direct(b))
			rc = S_name(s, r, p, label_w, pl->left, by + S_BAR / 2);
	}
	free(ci);
	return rc;
}

/* The header row of group g (named bars): its scenario, and what varies
 * of its workload. */
static int S_group_head(tr_scene *s, const tr_results *r, const tr_bars *b,
                        size_t g, double y)
{
	const char *scen = r->scenarios[b->groups[g].scenario].label;
	char *wl = NULL, *t;
	int rc;
	/* the workload only where the scenario has several groups */
	bool shared = (g > 0 && b->groups[g - 1].scenario == b->groups[g].scenario) ||
	              (g + 1 < b->ngroups && b->groups[g + 1].scenario == b->groups[g].scenario);
	if (shared &&
	    !(wl = tr_bars_workload_text(b, &r->workloads[b->groups[g].workload], true)))
		return TR_ENOMEM;
	t = wl && *wl ? tr_sprintf("%s \xC2\xB7 %s", scen, wl) : tr_strdup(scen);
	free(wl);
	if (!t)
		return TR_ENOMEM;
	rc = S_scenario_row(s, t, y);
	free(t);
	return rc;
}

int tr_layout_hbars(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                    const tr_bars *b, double y, const char *axis_title)
{
	bool heads = S_headers(b);
	double label_w, value_w;
	tr_plot pl;
	tr_axis axis;
	int rc;

	/* the label column, and room right of the longest bar for its value */
	if ((rc = S_label_width(&label_w, s, r, b)) < 0 ||
	    (rc = tr_bars_value_label_width(&value_w, s, r, item)) < 0)
		return rc;
	pl.left = TR_MARGIN + label_w + 10;
	pl.right = s->width - TR_MARGIN - value_w - 8;
	/* six ticks, fewer on a phone's canvas: a tick label needs ~70 px */
	tr_axis_nice(&axis, 0, b->vmax, (int)fmax(2.0, fmin(6.0, (pl.right - pl.left) / 70.0)));
	if (item->kind == TR_CHART_COV)
		axis.unit = "%";
	pl.top = floor(y + 4);
	pl.bottom = S_bottom(r, b, heads, pl.top);
	tr_axis_draw_x(s, &axis, pl.left, pl.right, pl.top, pl.bottom, axis_title);

	y = pl.top + S_GAP / 2;
	for (size_t g = 0; g < b->ngroups; g++) {
		size_t slots = S_slots(r, b, g);
		if (S_direct(b)) {
			if ((rc = S_group_head(s, r, b, g, y)) < 0)
				return rc;
			y += S_HEAD;
		} else if (S_starts_scenario(b, heads, g)) {
			if ((rc = S_scenario_row(s, r->scenarios[b->groups[g].scenario].label, y)) < 0)
				return rc;
			y += S_HEAD;
		}
		if ((!S_direct(b) &&
		     (rc = S_group_label(s, r, b, g, slots, label_w, pl.left, y)) < 0) ||
		    (rc = S_group(s, r, item, b, &axis, &pl, g, y, label_w)) < 0)
			return rc;
		y += (double)slots * S_PITCH + S_GAP;
	}
	tr_frame_finish_x_axis(s, pl.bottom);
	return tr_scene_finish(s);
}
