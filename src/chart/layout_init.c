/* layout_init.c: how long `pgbench -i` took, phase by phase: one stacked
 * horizontal bar per provider and scenario, a legend of phases. Each
 * scenario is a panel with its own seconds axis: loading scale 100 and
 * scale 10,000 differ a hundredfold, and on one axis the small ones are
 * slivers. Phases have a palette of their own (frame.c), apart from the
 * providers' colours shown beside the labels. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_ROW 26.0
#define S_BAR 16.0
#define S_MAX_LABEL (0.4 * s->width) /* of the scene being laid out */

/* What of the chart item the rows need: its scenario (or -1), and for a
 * part of a chart in parts, the providers it shows (else NULL). */
typedef struct S_item {
	long scenario;
	const bool *part;
} S_item;

static double S_total(const tr_init *in)
{
	double t = 0;
	for (size_t k = 0; k < in->nphases; k++)
		if (isfinite(in->phases[k].seconds) && in->phases[k].seconds > 0)
			t += in->phases[k].seconds;
	return t;
}

static bool S_row(const tr_results *r, const S_item *item, size_t i,
                  size_t s)
{
	return r->inits[i].scenario == s && r->inits[i].init &&
	       (!item->part || item->part[r->inits[i].provider]) &&
	       (item->scenario < 0 || s == (size_t)item->scenario) &&
	       S_total(r->inits[i].init) > 0;
}

/* Whether a drawn row has a phase of this name. */
static bool S_has_phase(const tr_results *r, const S_item *item,
                        const char *name)
{
	for (size_t s = 0; s < r->nscenarios; s++)
		for (size_t i = 0; i < r->ninits; i++) {
			const tr_init *in = r->inits[i].init;
			if (!S_row(r, item, i, s))
				continue;
			for (size_t k = 0; k < in->nphases; k++)
				if (strcmp(in->phases[k].name, name) == 0)
					return true;
		}
	return false;
}

static int S_legend_add(tr_legend *l, const char *name)
{
	if (tr_legend_has(l, name))
		return 0;
	return tr_legend_add(l, name, "ph", tr_phase_index(name), TR_SWATCH_BOX, false);
}

/* Legend: the phases present, in pgbench's order (the colour table's),
 * other phase names after them in order of appearance. */
static int S_legend(tr_legend *out, const tr_results *r, const S_item *item)
{
	int rc = 0;
	for (size_t idx = 0; idx < TR_PHASE_OTHER && rc == 0; idx++) {
		const char *name = tr_phase_name(idx);
		if (S_has_phase(r, item, name))
			rc = S_legend_add(out, name);
	}
	for (size_t s = 0; s < r->nscenarios && rc == 0; s++)
		for (size_t i = 0; i < r->ninits && rc == 0; i++) {
			const tr_init *in = r->inits[i].init;
			if (!S_row(r, item, i, s))
				continue;
			for (size_t k = 0; k < in->nphases && rc == 0; k++)
				if (tr_phase_index(in->phases[k].name) == TR_PHASE_OTHER)
					rc = S_legend_add(out, in->phases[k].name);
		}
	return rc;
}

/* Rows of scenario sc and their longest total. */
static size_t S_rows(const tr_results *r, const S_item *item, size_t sc, double *tmax)
{
	/* the axis of the whole chart: every part on the same scale */
	S_item whole = { item->scenario, NULL };
	size_t rows = 0;
	*tmax = 0;
	for (size_t i = 0; i < r->ninits; i++) {
		if (S_row(r, item, i, sc))
			rows++;
		if (S_row(r, &whole, i, sc) && S_total(r->inits[i].init) > *tmax)
			*tmax = S_total(r->inits[i].init);
	}
	return rows;
}

/* One bar: provider swatch and name, the phases, the total after it. */
static int S_bar(tr_scene *s, const tr_results *r, size_t i, size_t sc, const tr_axis *axis,
                 double left, double right, double y)
{
	const tr_init *in = r->inits[i].init;
	size_t p = r->inits[i].provider;
	const char *label = r->providers[p].label;
	double x = left, total = S_total(in), mid = y + S_ROW / 2, asc, desc;
	char cls[32], id[64], *fit, *t, *lab;
	tr_text_extents(s->measure, TR_TEXT_SIZE, false, &asc, &desc);
	fit = tr_text_fit(s->measure, label, TR_TEXT_SIZE, false, left - 12 - TR_MARGIN - 16);
	if (!fit)
		return TR_ENOMEM;
	snprintf(cls, sizeof(cls), "bar p%zu", p);
	tr_scene_rect(s, cls, NULL, left - 12 - tr_text_width(s->measure, fit, TR_TEXT_SIZE,
	              false) - 14, mid - 5, 10, 10);
	tr_scene_text(s, "label", strcmp(fit, label) ? label : NULL, left - 12,
	              mid + (asc - desc) / 2, TR_ANCHOR_END, TR_TEXT_SIZE, false, false, fit);
	free(fit);
	for (size_t k = 0; k < in->nphases; k++) {
		double sec = in->phases[k].seconds, w;
		char *title, *v, *pct, *tot;
		long m;
		if (!isfinite(sec) || sec <= 0)
			continue;
		w = tr_axis_map(axis, sec, left, right) - left;
		v = tr_numstr_grouped(sec, 2);
		pct = tr_numstr_grouped(sec / total * 100, 1);
		tot = tr_numstr_grouped(total, 2);
		title = v && pct && tot
		            ? tr_sprintf("%s \xC2\xB7 %s: %s %s s (%s%% of %s s)", label,
		                         r->scenarios[sc].label, in->phases[k].name, v, pct, tot)
		            : NULL;
		free(v);
		free(pct);
		free(tot);
		if (!title)
			return TR_ENOMEM;
		snprintf(cls, sizeof(cls), "bar ph%zu", tr_phase_index(in->phases[k].name));
		m = tr_scene_rect(s, cls, title, x, mid - S_BAR / 2, w, S_BAR);
		snprintf(id, sizeof(id), "init-%zu-%zu-%zu", sc, p, k);
		tr_scene_set_id(s, m, id);
		free(title);
		x += w;
	}
	/* the total the init table shows: pgbench's own "done in" figure
	 * where it printed one (the bar is its phases), in its digits */
	if (!(t = tr_metric_str(isfinite(in->total_s) ? in->total_s : total,
	                        TR_METRIC_FMT_SECONDS)))
		return TR_ENOMEM;
	lab = tr_sprintf("%s s", t);
	free(t);
	if (!lab)
		return TR_ENOMEM;
	tr_scene_text(s, "value", NULL, x + 6, mid + (asc - desc) / 2, TR_ANCHOR_START,
	              TR_SMALL_SIZE, false, false, lab);
	free(lab);
	return 0;
}

/* Scenario sc's panel from y: its name, its bars, its own axis. Returns
 * the y below it. */
static int S_panel(double *y_io, tr_scene *s, const tr_results *r,
                   const S_item *item, size_t sc, double label_w)
{
	double y = *y_io, tmax, asc, desc, total_w, left, right, top, bottom;
	size_t rows = S_rows(r, item, sc, &tmax);
	tr_axis axis;
	char *fit, *t;
	int rc = 0;
	tr_text_extents(s->measure, TR_TEXT_SIZE, false, &asc, &desc);
	/* the panel's name has nothing beside it: the whole width */
	if (!(fit = tr_text_fit(s->measure, r->scenarios[sc].label, TR_TEXT_SIZE, true,
	                        s->width - 2 * TR_MARGIN))) {
		return TR_ENOMEM;
	}
	tr_scene_text(s, "title", strcmp(fit, r->scenarios[sc].label) ? r->scenarios[sc].label
	                                                               : NULL,
	              TR_MARGIN, y + S_ROW / 2 + (asc - desc) / 2, TR_ANCHOR_START,
	              TR_TEXT_SIZE, true, false, fit);
	free(fit);
	tr_axis_nice(&axis, 0, tmax, 6);
	axis.unit = NULL;
	if (!(t = tr_metric_str(axis.max, TR_METRIC_FMT_SECONDS))) {
		return TR_ENOMEM;
	}
	total_w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false) +
	          tr_text_width(s->measure, " s", TR_SMALL_SIZE, false) + 8;
	free(t);
	left = TR_MARGIN + label_w + 12;
	right = s->width - TR_MARGIN - total_w;
	top = y + S_ROW;
	bottom = top + (double)rows * S_ROW;
	tr_axis_draw_x(s, &axis, left, right, top, bottom, "Seconds");
	y = top;
	for (size_t i = 0; i < r->ninits && rc == 0; i++)
		if (S_row(r, item, i, sc)) {
			rc = S_bar(s, r, i, sc, &axis, left, right, y);
			y += S_ROW;
		}
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	*y_io = bottom + 6 + asc + desc + 8 + asc + desc + 14;
	return rc;
}

/* The provider column: as wide as the widest label of a row drawn, at
 * most S_MAX_LABEL. Returns the number of rows. */
static size_t S_label_width(double *out, tr_scene *s, const tr_results *r,
                            const S_item *item)
{
	size_t nrows = 0;
	*out = 0;
	for (size_t i = 0; i < r->ninits; i++) {
		double w;
		if (!S_row(r, item, i, r->inits[i].scenario))
			continue;
		nrows++;
		w = tr_text_width(s->measure, r->providers[r->inits[i].provider].label,
		                  TR_TEXT_SIZE, false) + 16;
		if (w > *out)
			*out = w;
	}
	if (*out > S_MAX_LABEL)
		*out = S_MAX_LABEL;
	return nrows;
}

int tr_layout_init(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	tr_legend legend = { 0 };
	double y, label_w, tmax;
	bool *part = NULL;
	S_item it = { item->scenario, NULL };
	int rc;

	if (item->npages > 1) {
		if (tr_chart_page_providers(&part, NULL, NULL, r, item, false) < 0)
			return TR_ENOMEM;
		it.part = part;
	}
	if (S_label_width(&label_w, s, r, &it) == 0) {
		free(part);
		return tr_error_set("no init timings for an 'init' chart");
	}
	if ((rc = S_legend(&legend, r, &it)) < 0)
		goto cleanup;
	y = tr_frame_open(s, r, item->title,
	                  "Seconds per phase of pgbench -i, as pgbench reports "
	                  "them; each scenario on its own axis. Shorter is better.",
	                  &legend);
	for (size_t sc = 0; sc < r->nscenarios && rc == 0; sc++)
		if (S_rows(r, &it, sc, &tmax))
			rc = S_panel(&y, s, r, &it, sc, label_w);
	if (rc < 0)
		goto cleanup;
	tr_frame_finish(s, y - 14 + TR_MARGIN);
	rc = tr_scene_finish(s);
cleanup:
	tr_legend_free(&legend);
	free(part);
	return rc;
}
