/* layout_percentiles.c: per-transaction latency against percentile, the
 * HdrHistogram way: x is the percentile on a log scale of 1/(1-p), from
 * 50% to 99.99%, so the tail gets as much room as the body; y is ms from
 * zero. One line per provider, from the cell's merged histogram. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PLOT_H 260.0
#define S_X_MIN 0.30102999566398120  /* log10(1 / (1 - 0.5)) */
#define S_X_MAX 4.0                  /* log10(1 / (1 - 0.9999)) */

static bool S_drawn(const tr_cell *c, const tr_chart_item *item)
{
	return c->scenario == (size_t)item->scenario &&
	       c->workload == (size_t)item->workload && c->latency.present &&
	       c->latency_hist && c->latency_hist->total > 0;
}

static double S_x(double p, double left, double right)
{
	double v = log10(1.0 / (1.0 - p));
	if (v < S_X_MIN)
		v = S_X_MIN;
	if (v > S_X_MAX)
		v = S_X_MAX;
	return left + (v - S_X_MIN) / (S_X_MAX - S_X_MIN) * (right - left);
}

/*
 * The step curve of the exact latency counts in px: each distinct value
 * holds the ranks it covers, from the fraction at or below the value
 * before it to the fraction at or below itself. The curve only rises, so
 * points closer than 0.75 px to the last kept one are dropped without
 * changing what is seen.
 */
static int S_curve(double **out, size_t *n, const tr_hist *h, const tr_axis *ay,
                   double left, double right, double top, double bottom)
{
	size_t cap = 0, m = 0, nv = 0;
	double *p = NULL, lastx = -1e9, lasty = -1e9;
	uint64_t seen = 0;
	tr_hist_slot *vals = NULL;
	*out = NULL;
	*n = 0;
	if (tr_hist_values(&vals, &nv, h) < 0)
		return TR_ENOMEM;
	for (size_t b = 0; b < nv; b++) {
		double v, f0, f1, x0, x1, y, pt[4];
		f0 = (double)seen / (double)h->total;
		seen += vals[b].count;
		f1 = (double)seen / (double)h->total;
		if (f1 <= 0.5 && seen < (uint64_t)h->total)
			continue;           /* left of the plot */
		v = (double)vals[b].value;
		x0 = S_x(f0, left, right);
		x1 = seen >= (uint64_t)h->total ? right : S_x(f1, left, right);
		y = tr_axis_map(ay, v / 1000.0, bottom, top);
		if (y < top)
			y = top;  /* the max may pass the axis top */
		pt[0] = x0;
		pt[1] = y;
		pt[2] = x1;
		pt[3] = y;
		for (int k = 0; k < 2; k++) {
			bool final = seen >= (uint64_t)h->total && k == 1;
			if (!final && m > 0 && fabs(pt[2 * k] - lastx) < 0.75 &&
			    fabs(pt[2 * k + 1] - lasty) < 0.75)
				continue;
			if (tr_grow(&p, &cap, 2 * (m + 1), sizeof(double)) < 0) {
				free(p);
				free(vals);
				return TR_ENOMEM;
			}
			p[2 * m] = lastx = pt[2 * k];
			p[2 * m + 1] = lasty = pt[2 * k + 1];
			m++;
		}
		if (x1 >= right)
			break;
	}
	free(vals);
	*out = p;
	*n = m;
	return 0;
}

static char *S_title(const tr_results *r, const tr_cell *c)
{
	const tr_latency *l = &c->latency;
	double v[7] = { l->p50_ms, l->p90_ms, l->p95_ms, l->p99_ms, l->p999_ms,
	                l->p9999_ms, l->max_ms };
	char *s[7] = { NULL }, *t = NULL;
	char *count = tr_numstr_grouped((double)l->count, 0);
	bool ok = count != NULL;
	for (int i = 0; i < 7; i++)
		ok = (s[i] = tr_numstr_grouped(v[i], 3)) && ok;
	if (ok)
		t = tr_sprintf("%s \xC2\xB7 %s: p50 %s ms, p90 %s ms, p95 %s ms, p99 %s ms, "
		               "p99.9 %s ms, p99.99 %s ms, max %s ms (%s transactions)",
		               r->providers[c->provider].label,
		               r->scenarios[c->scenario].label, s[0], s[1], s[2], s[3],
		               s[4], s[5], s[6], count);
	for (int i = 0; i < 7; i++)
		free(s[i]);
	free(count);
	return t;
}

/* The providers drawn, in the legend, and the highest p99.99 of them in
 * ms (*vmax, the top of the y axis). */
static int S_legend(tr_legend *out, double *vmax, const tr_results *r,
                    const tr_chart_item *item, const bool *part)
{
	int rc;
	*vmax = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double top_ms;
		if (!S_drawn(c, item))
			continue;
		top_ms = tr_hist_percentile(c->latency_hist, 99.99) / 1000.0;
		if (top_ms > *vmax)
			*vmax = top_ms;
		if ((!part || part[c->provider]) &&
		    (rc = tr_legend_add_provider(out, r, c->provider, TR_SWATCH_LINE)) < 0)
			return rc;
	}
	return 0;
}

/* The percentile axis under the plot: a grid line per tick, the first
 * one the axis itself. */
static void S_x_axis(tr_scene *s, const tr_plot *pl)
{
	static const struct {
		double p;
		const char *label;
	} ticks[] = {
		{ 0.5, "50%" }, { 0.9, "90%" }, { 0.99, "99%" }, { 0.999, "99.9%" },
		{ 0.9999, "99.99%" }
	};
	double asc, desc;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	for (size_t i = 0; i < TR_ARRAY_SIZE(ticks); i++) {
		double x = floor(S_x(ticks[i].p, pl->left, pl->right)) + 0.5;
		tr_scene_line(s, i == 0 ? "axis" : "grid", NULL, x, pl->top, x, pl->bottom);
		/* the first label starts at the axis, clear of the y axis's "0" */
		tr_scene_text(s, "tick", NULL, i == 0 ? x - 2 : x, pl->bottom + 6 + asc,
		              i == 0 ? TR_ANCHOR_START : TR_ANCHOR_MIDDLE, TR_SMALL_SIZE,
		              false, false, ticks[i].label);
	}
	tr_axis_x_title(s, pl->left, pl->right, pl->bottom,
	                "Percentile (log scale of 1/(1\xE2\x88\x92p))");
}

/* A line per provider drawn. */
static int S_lines(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                   const bool *part, const tr_axis *ay, const tr_plot *pl)
{
	char cls[48], id[48];
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double *pts;
		size_t n;
		char *title;
		long m;
		int rc;
		if (!S_drawn(c, item) || (part && !part[c->provider]))
			continue;
		if ((rc = S_curve(&pts, &n, c->latency_hist, ay, pl->left, pl->right,
		                  pl->top, pl->bottom)) < 0)
			return rc;
		title = S_title(r, c);
		snprintf(cls, sizeof(cls), "line p%zu", c->provider);
		m = tr_scene_polyline(s, cls, title, pts, n);
		snprintf(id, sizeof(id), "latency-%zu", c->provider);
		tr_scene_set_id(s, m, id);
		free(pts);
		if (!title)
			return TR_ENOMEM;
		free(title);
	}
	return 0;
}

int tr_layout_percentiles(tr_scene *s, const tr_results *r,
                          const tr_chart_item *item)
{
	tr_legend legend = { 0 };
	double vmax, y;
	tr_plot pl;
	tr_axis ay;
	char *sub = NULL;
	bool *part = NULL;
	int rc;

	/* a part of a chart in parts: its providers' lines, the whole
	 * chart's axis */
	if ((item->npages > 1 &&
	     (rc = tr_chart_page_providers(&part, NULL, NULL, r, item, false)) < 0) ||
	    (rc = S_legend(&legend, &vmax, r, item, part)) < 0)
		goto cleanup;
	if (legend.n == 0) {
		rc = tr_error_set("no per-transaction logs for a 'percentiles' chart");
		goto cleanup;
	}
	sub = tr_sprintf("Latency of every successful transaction in pgbench's "
	                 "--log files, runs merged; percentiles on a log scale. "
	                 "Lower is better. Workload: %s.", r->workloads[item->workload].label);
	if (!sub) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	y = tr_frame_open(s, r, item->title, sub, &legend);

	tr_axis_nice(&ay, 0, vmax * TR_LINE_HEADROOM, 5);
	/* "99.99%" is centred on the right edge */
	tr_plot_below(&pl, s, tr_axis_label_width(s, &ay), 24, y, S_PLOT_H);
	tr_axis_draw_y(s, &ay, pl.left, pl.right, pl.top, pl.bottom, "Latency (ms)");
	S_x_axis(s, &pl);
	if ((rc = S_lines(s, r, item, part, &ay, &pl)) < 0)
		goto cleanup;
	tr_frame_finish_x_axis(s, pl.bottom);
	rc = tr_scene_finish(s);
cleanup:
	tr_legend_free(&legend);
	free(part);
	free(sub);
	return rc;
}
