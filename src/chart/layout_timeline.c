/* layout_timeline.c: window TPS over time, one line per run of one
 * scenario and workload, coloured by provider, the runs of a provider told
 * apart by their dash: where the dips show. The y axis starts at zero so a
 * dip looks as deep as it is. With more than 3 lines, small multiples: one
 * panel per provider with its runs, all on the same axes, the provider's
 * mean window TPS as a reference line. The deepest dip (the one the
 * chart's description names) is marked in either form. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PLOT_H 260.0
#define S_PANEL_H 120.0   /* one provider's panel in small multiples */
#define S_PANEL_GAP 30.0  /* room for the panel's title */
#define S_MAX_LINES 3     /* more lines than this: small multiples */

static bool S_drawn(const tr_run_result *run, const tr_chart_item *item)
{
	return run->cell >= 0 && run->nseries >= 2 &&
	       run->scenario == (size_t)item->scenario &&
	       run->workload == (size_t)item->workload;
}

/* Position of a run within its cell (0 for the first): picks the dash. */
static size_t S_run_rank(const tr_results *r, size_t run)
{
	const tr_cell *c = &r->cells[r->runs[run].cell];
	for (size_t k = 0; k < c->nruns; k++)
		if (c->runs[k] == run)
			return k;
	return 0;
}

static const char *S_ordinal(size_t k)
{
	static const char *const names[] = { "1st run", "2nd run", "3rd run",
	                                     "4th and later runs" };
	return names[k < 3 ? k : 3];
}

/*
 * The line of one run in px. More windows than half-pixels are thinned
 * per pixel column to its first, lowest, highest and last point, in time
 * order, so a one-window dip still shows.
 */
static int S_points(double **out, size_t *n, const tr_run_result *run,
                    const tr_axis *ax, const tr_axis *ay, double left,
                    double right, double top, double bottom)
{
	double *p = tr_calloc(2 * run->nseries, sizeof(double));
	double t0 = run->series[0].start_s;
	size_t m = 0, i = 0;
	bool thin = (double)run->nseries > 2 * (right - left);
	*out = NULL;
	*n = 0;
	if (!p)
		return TR_ENOMEM;
	while (i < run->nseries) {
		double x = tr_axis_map(ax, run->series[i].start_s - t0, left, right);
		size_t j = i + 1, lo = i, hi = i;
		if (thin) {
			while (j < run->nseries &&
			       floor(tr_axis_map(ax, run->series[j].start_s - t0, left, right)) ==
			           floor(x)) {
				if (run->series[j].tps < run->series[lo].tps)
					lo = j;
				if (run->series[j].tps > run->series[hi].tps)
					hi = j;
				j++;
			}
		}
		{
			size_t keep[4] = { i, lo < hi ? lo : hi, lo < hi ? hi : lo, j - 1 };
			size_t last = SIZE_MAX;
			for (int k = 0; k < 4; k++) {
				if (keep[k] == last)
					continue;
				last = keep[k];
				p[2 * m] = tr_axis_map(ax, run->series[keep[k]].start_s - t0, left, right);
				p[2 * m + 1] = tr_axis_map(ay, isfinite(run->series[keep[k]].tps)
				                                   ? run->series[keep[k]].tps : 0,
				                           bottom, top);
				m++;
			}
		}
		i = j;
	}
	*out = p;
	*n = m;
	return 0;
}

static char *S_run_title(const tr_results *r, const tr_run_result *run)
{
	const tr_stability *w = &run->windows;
	char *mean = tr_fmt_num(w->tps_mean, 2), *cov = tr_fmt_num(w->tps_cov_pct, 2);
	char *dip = tr_fmt_num(w->tps_min_pct, 2), *min = tr_fmt_num(w->tps_min, 2);
	char *iv = tr_fmt_trim(w->interval_s, 3), *t = NULL;
	if (mean && cov && dip && min && iv)
		t = w->present
			? tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s: mean %s TPS over %zu windows "
			             "of %s s; CoV %s%%, deepest dip %s%% (%s TPS)",
			             r->providers[run->provider].label,
			             r->scenarios[run->scenario].label, run->id, mean,
			             w->windows, iv, cov, dip, min)
			: tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s",
			             r->providers[run->provider].label,
			             r->scenarios[run->scenario].label, run->id);
	free(mean);
	free(cov);
	free(dip);
	free(min);
	free(iv);
	return t;
}

/* The run with the deepest dip among those drawn (describe.c names the
 * same one), or -1. */
static long S_deepest(const tr_results *r, const tr_chart_item *item)
{
	long worst = -1;
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		if (S_drawn(run, item) && run->windows.present &&
		    (worst < 0 || run->windows.tps_min_pct < r->runs[worst].windows.tps_min_pct))
			worst = (long)i;
	}
	return worst;
}

/* The lines of provider p's runs (every provider's when p < 0). */
static int S_lines(tr_scene *s, const tr_results *r, const tr_chart_item *item, long p,
                   const tr_axis *ax, const tr_axis *ay, double left, double right,
                   double top, double bottom)
{
	char cls[64], id[64];
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		double *pts;
		size_t n, rank;
		char *title;
		long m;
		int rc;
		if (!S_drawn(run, item) || (p >= 0 && run->provider != (size_t)p))
			continue;
		if ((rc = S_points(&pts, &n, run, ax, ay, left, right, top, bottom)) < 0)
			return rc;
		title = S_run_title(r, run);
		rank = S_run_rank(r, i);
		snprintf(cls, sizeof(cls), "line thin p%zu run%zu", run->provider,
		         rank < 3 ? rank : 3);
		m = tr_scene_polyline(s, cls, title, pts, n);
		snprintf(id, sizeof(id), "run-%zu-%s", run->provider, run->id);
		tr_scene_set_id(s, m, id);
		free(pts);
		if (!title)
			return TR_ENOMEM;
		free(title);
	}
	return 0;
}

/* A ring and "deepest dip -12.3% (run2)" at the lowest window of run w. */
static int S_mark_dip(tr_scene *s, const tr_results *r, size_t w, const tr_axis *ax,
                      const tr_axis *ay, double left, double right, double top,
                      double bottom)
{
	const tr_run_result *run = &r->runs[w];
	size_t k = 0;
	double x, y;
	char *pct, *label;
	long m;
	for (size_t i = 1; i < run->nseries; i++)
		if (isfinite(run->series[i].tps) &&
		    (!isfinite(run->series[k].tps) || run->series[i].tps < run->series[k].tps))
			k = i;
	x = tr_axis_map(ax, run->series[k].start_s - run->series[0].start_s, left, right);
	y = tr_axis_map(ay, isfinite(run->series[k].tps) ? run->series[k].tps : 0, bottom, top);
	pct = tr_fmt_num(run->windows.tps_min_pct, 1);
	label = pct ? tr_sprintf("deepest dip %s%% (%s)", pct, run->id) : NULL;
	free(pct);
	if (!label)
		return TR_ENOMEM;
	m = tr_scene_rect(s, "dipmark", label, x - 5, y - 5, 10, 10);
	tr_scene_set_id(s, m, "dip");
	tr_scene_text(s, "label", NULL, x > (left + right) / 2 ? x - 8 : x + 8,
	              y + 16 <= bottom - 4 ? y + 16 : y - 9,
	              x > (left + right) / 2 ? TR_ANCHOR_END
	                                                               : TR_ANCHOR_START,
	              TR_SMALL_SIZE, false, false, label);
	free(label);
	return 0;
}

/* Small multiples: a panel per provider with runs, on shared axes, each
 * with its title and the provider's mean window TPS as a dashed line.
 * Returns the bottom of the last panel. */
static double S_panels(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                       const bool *seen, const tr_axis *ax, const tr_axis *ay, double y,
                       long dip, int *rc)
{
	double lw = tr_axis_label_width(s, ay), asc, desc;
	double left = TR_MARGIN + lw + 6, right = s->width - TR_MARGIN - 12, bottom = y;
	size_t npanels = 0, done = 0;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	for (size_t p = 0; p < r->nproviders; p++)
		npanels += seen[p];
	for (size_t p = 0; p < r->nproviders && *rc == 0; p++) {
		long c = tr_results_cell(r, p, (size_t)item->scenario, (size_t)item->workload);
		double top = floor(y + S_PANEL_GAP);
		char cls[32];
		if (!seen[p])
			continue;
		bottom = top + S_PANEL_H;
		tr_provider_class(cls, sizeof(cls), p);
		tr_axis_draw_y(s, ay, left, right, top, bottom,
		               done == 0 ? "Window TPS" : NULL);
		tr_scene_text(s, "label", NULL, right, top - 6, TR_ANCHOR_END, TR_TEXT_SIZE, true,
		              false, r->providers[p].label);
		if (c >= 0 && r->cells[c].pooled.present) {
			double my = tr_axis_map(ay, r->cells[c].pooled.tps_mean, bottom, top);
			char *mean = tr_fmt_num(r->cells[c].pooled.tps_mean, 1);
			char *t = mean ? tr_sprintf("%s: mean window TPS %s over its runs",
			                            r->providers[p].label, mean) : NULL;
			tr_scene_line(s, "meanline", t, left, my, right, my);
			free(mean);
			free(t);
		}
		if (++done == npanels)
			tr_axis_draw_x(s, ax, left, right, top, bottom,
			               "Seconds since the run's first window");
		else
			tr_scene_line(s, "axis", NULL, left, bottom, right, bottom);
		*rc = S_lines(s, r, item, (long)p, ax, ay, left, right, top, bottom);
		if (*rc == 0 && dip >= 0 && r->runs[dip].provider == p)
			*rc = S_mark_dip(s, r, (size_t)dip, ax, ay, left, right, top, bottom);
		y = bottom;
	}
	return bottom;
}

int tr_layout_timeline(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	tr_legend_entry *legend = NULL;
	size_t nlegend = 0, max_rank = 0, runs = 0;
	double tmax = 0, vmax = 0, y, left, right, top, bottom, lw;
	double interval = NAN, asc, desc;
	tr_window_source source = TR_WINDOWS_NONE;
	bool *seen = NULL;
	tr_axis ax, ay;
	long dip;
	char *sub = NULL;
	int rc = 0;

	seen = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(bool));
	legend = tr_calloc(r->nproviders + 4, sizeof(*legend));
	if (!seen || !legend) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		size_t rank;
		if (!S_drawn(run, item))
			continue;
		runs++;
		seen[run->provider] = true;
		rank = S_run_rank(r, i);
		if (rank > max_rank)
			max_rank = rank;
		if (run->series[run->nseries - 1].start_s - run->series[0].start_s > tmax)
			tmax = run->series[run->nseries - 1].start_s - run->series[0].start_s;
		for (size_t k = 0; k < run->nseries; k++)
			if (isfinite(run->series[k].tps) && run->series[k].tps > vmax)
				vmax = run->series[k].tps;
		if (run->windows.present && source == TR_WINDOWS_NONE) {
			source = run->windows.source;
			interval = run->windows.interval_s;
		}
	}
	if (runs == 0) {
		rc = tr_error_set("no window series for a 'timeline' chart");
		goto cleanup;
	}

	/* Legend: providers, then the dash of each run when there are several. */
	for (size_t p = 0; p < r->nproviders; p++) {
		if (!seen[p])
			continue;
		legend[nlegend].label = r->providers[p].label;
		legend[nlegend].cls = tr_sprintf("p%zu", p);
		legend[nlegend].swatch = TR_SWATCH_LINE;
		if (!legend[nlegend++].cls) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
	}
	for (size_t k = 0; max_rank > 0 && k <= max_rank && k < 4; k++) {
		legend[nlegend].label = S_ordinal(k);
		legend[nlegend].cls = tr_sprintf("neutral run%zu", k);
		legend[nlegend].swatch = TR_SWATCH_LINE;
		legend[nlegend].new_row = k == 0;
		if (!legend[nlegend++].cls) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
	}
	{
		char *iv = tr_fmt_trim(interval, 3);
		if (!iv) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		sub = tr_sprintf("TPS of each %s-second window %s, one line per run%s; the "
		                 "first window of a run is left out; the square marks the "
		                 "deepest dip. Workload: %s.",
		                 iv, source == TR_WINDOWS_PROGRESS
		                         ? "from pgbench's progress lines (-P)"
		                         : "from pgbench's aggregate logs",
		                 runs > S_MAX_LINES ? ", one panel per provider on the same "
		                                      "axes, its mean dashed" : "",
		                 r->workloads[item->workload].label);
		free(iv);
		if (!sub) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
	}
	tr_frame_styles(s, r);
	y = tr_frame_header(s, item->title, sub);
	y = tr_frame_legend(s, legend, nlegend, y);

	tr_axis_nice(&ay, 0, vmax * TR_LINE_HEADROOM, runs > S_MAX_LINES ? 3 : 5);
	tr_axis_nice(&ax, 0, tmax, 10);
	dip = S_deepest(r, item);
	if (runs > S_MAX_LINES) {
		bottom = S_panels(s, r, item, seen, &ax, &ay, y, dip, &rc);
		if (rc < 0)
			goto cleanup;
	} else {
		lw = tr_axis_label_width(s, &ay);
		left = TR_MARGIN + lw + 6;
		right = s->width - TR_MARGIN - 12;  /* room for the last x label */
		top = floor(y + 22);
		bottom = top + S_PLOT_H;
		tr_axis_draw_y(s, &ay, left, right, top, bottom,
		               "Window TPS (transactions per second)");
		tr_axis_draw_x(s, &ax, left, right, top, bottom,
		               "Seconds since the run's first window");
		if ((rc = S_lines(s, r, item, -1, &ax, &ay, left, right, top, bottom)) < 0 ||
		    (dip >= 0 &&
		     (rc = S_mark_dip(s, r, (size_t)dip, &ax, &ay, left, right, top, bottom)) < 0))
			goto cleanup;
	}
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_frame_finish(s, bottom + 6 + asc + desc + 8 + asc + desc + TR_MARGIN);
	rc = tr_scene_finish(s);
cleanup:
	for (size_t k = 0; legend && k < nlegend; k++)
		free((char *)legend[k].cls);
	free(seen);
	free(legend);
	free(sub);
	return rc;
}
