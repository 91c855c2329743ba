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
	char *mean = tr_numstr_grouped(w->tps_mean, 2);
	char *cov = tr_numstr_grouped(w->tps_cov_pct, 2);
	char *dip = tr_numstr_grouped(w->tps_min_pct, 2);
	char *min = tr_numstr_grouped(w->tps_min, 2);
	char *iv = tr_numstr_trim(w->interval_s, 3), *t = NULL;
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

/* The run with the deepest dip among those drawn (stats picks it; the
 * chart's description and the summary name the same one), or -1. */
static long S_deepest(const tr_results *r, const tr_chart_item *item)
{
	return tr_results_deepest_dip(r, (size_t)item->scenario, (size_t)item->workload);
}

/* The lines of provider p's runs (every provider's when p < 0). */
static int S_lines(tr_scene *s, const tr_results *r, const tr_chart_item *item, long p,
                   const tr_axis *ax, const tr_axis *ay, const tr_plot *pl)
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
		if ((rc = S_points(&pts, &n, run, ax, ay, pl->left, pl->right, pl->top,
		                   pl->bottom)) < 0)
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
                      const tr_axis *ay, const tr_plot *pl)
{
	const tr_run_result *run = &r->runs[w];
	/* the window stats calls the dip (the summary says what it held) */
	long dk = tr_run_dip_window(run);
	size_t k = dk < 0 ? 0 : (size_t)dk;
	double x, y;
	bool right_half;
	char *pct, *label;
	long m;
	x = tr_axis_map(ax, run->series[k].start_s - run->series[0].start_s, pl->left,
	                pl->right);
	y = tr_axis_map(ay, isfinite(run->series[k].tps) ? run->series[k].tps : 0,
	                pl->bottom, pl->top);
	pct = tr_numstr_grouped(run->windows.tps_min_pct, 1);
	label = pct ? tr_sprintf("deepest dip %s%% (%s)", pct, run->id) : NULL;
	free(pct);
	if (!label)
		return TR_ENOMEM;
	m = tr_scene_rect(s, "dipmark", label, x - 5, y - 5, 10, 10);
	tr_scene_set_id(s, m, "dip");
	right_half = x > (pl->left + pl->right) / 2;
	tr_scene_text(s, "label", NULL, right_half ? x - 8 : x + 8,
	              y + 16 <= pl->bottom - 4 ? y + 16 : y - 9,
	              right_half ? TR_ANCHOR_END : TR_ANCHOR_START,
	              TR_SMALL_SIZE, false, false, label);
	free(label);
	return 0;
}

/* Provider p's mean window TPS over its runs as a dashed line (out of
 * memory is kept in s->rc, as the scene's own drawing does). */
static void S_mean_line(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                        size_t p, const tr_axis *ay, const tr_plot *pl)
{
	long c = tr_results_cell(r, p, (size_t)item->scenario, (size_t)item->workload);
	double my;
	char *mean, *t;
	if (c < 0 || !r->cells[c].pooled.present)
		return;
	my = tr_axis_map(ay, r->cells[c].pooled.tps_mean, pl->bottom, pl->top);
	mean = tr_numstr_grouped(r->cells[c].pooled.tps_mean, 1);
	t = mean ? tr_sprintf("%s: mean window TPS %s over its runs",
	                      r->providers[p].label, mean) : NULL;
	if (!t)
		s->rc = TR_ENOMEM;  /* sticky: tr_scene_finish reports it */
	tr_scene_line(s, "meanline", t, pl->left, my, pl->right, my);
	free(mean);
	free(t);
}

/* Small multiples: a panel per provider with runs, on shared axes, each
 * with its title and the provider's mean window TPS as a dashed line.
 * Sets *bottom to the bottom of the last panel. */
static int S_panels(double *bottom, tr_scene *s, const tr_results *r,
                    const tr_chart_item *item, const bool *seen, const tr_axis *ax,
                    const tr_axis *ay, double y, long dip)
{
	tr_plot pl;
	size_t npanels = 0, done = 0;
	int rc = 0;
	/* every panel as wide as the first: the y labels are the same */
	tr_plot_below(&pl, s, tr_axis_label_width(s, ay), 12, y, S_PANEL_H);
	*bottom = y;
	for (size_t p = 0; p < r->nproviders; p++)
		npanels += seen[p];
	for (size_t p = 0; p < r->nproviders && rc == 0; p++) {
		if (!seen[p])
			continue;
		pl.top = floor(y + S_PANEL_GAP);
		pl.bottom = pl.top + S_PANEL_H;
		tr_axis_draw_y(s, ay, pl.left, pl.right, pl.top, pl.bottom,
		               done == 0 ? "Window TPS" : NULL);
		tr_scene_text(s, "label", NULL, pl.right, pl.top - 6, TR_ANCHOR_END,
		              TR_TEXT_SIZE, true, false, r->providers[p].label);
		if ((rc = tr_events_draw(s, r, item, (long)p, ax, &pl)) < 0)
			return rc;
		S_mean_line(s, r, item, p, ay, &pl);
		if (++done == npanels)
			tr_axis_draw_x(s, ax, pl.left, pl.right, pl.top, pl.bottom,
			               "Seconds since the run's first window");
		else
			tr_scene_line(s, "axis", NULL, pl.left, pl.bottom, pl.right, pl.bottom);
		rc = S_lines(s, r, item, (long)p, ax, ay, &pl);
		if (rc == 0 && dip >= 0 && r->runs[dip].provider == p)
			rc = S_mark_dip(s, r, (size_t)dip, ax, ay, &pl);
		y = *bottom = pl.bottom;
	}
	return rc;
}

/* One plot with every run: the few-lines form. Sets *bottom. */
static int S_single(double *bottom, tr_scene *s, const tr_results *r,
                    const tr_chart_item *item, const tr_axis *ax, const tr_axis *ay,
                    double y, long dip)
{
	tr_plot pl;
	int rc;
	/* room right of the plot for the last x label */
	tr_plot_below(&pl, s, tr_axis_label_width(s, ay), 12, y, S_PLOT_H);
	*bottom = pl.bottom;
	tr_axis_draw_y(s, ay, pl.left, pl.right, pl.top, pl.bottom,
	               "Window TPS (transactions per second)");
	tr_axis_draw_x(s, ax, pl.left, pl.right, pl.top, pl.bottom,
	               "Seconds since the run's first window");
	if ((rc = tr_events_draw(s, r, item, -1, ax, &pl)) < 0 ||
	    (rc = S_lines(s, r, item, -1, ax, ay, &pl)) < 0)
		return rc;
	if (dip >= 0)
		return S_mark_dip(s, r, (size_t)dip, ax, ay, &pl);
	return 0;
}

/* What the runs drawn span, for the axes, legend and subtitle. */
typedef struct S_span {
	bool *seen;           /* providers with a run drawn */
	size_t runs, max_rank;
	double tmax, vmax;    /* longest run (s from its first window), top TPS */
	double interval;      /* of the first run with windows */
	tr_window_source source;
	bool checkpoints, autovacuum; /* server events to mark */
} S_span;

static int S_span_of(S_span *out, const tr_results *r, const tr_chart_item *item)
{
	bool *part = NULL;
	memset(out, 0, sizeof(*out));
	out->interval = NAN;
	out->source = TR_WINDOWS_NONE;
	if (!(out->seen = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(bool))))
		return TR_ENOMEM;
	/* a part of a chart in parts: its providers' panels, on the axes of
	 * the whole chart */
	if (item->npages > 1 &&
	    tr_chart_page_providers(&part, NULL, NULL, r, item, false) < 0)
		return TR_ENOMEM;
	tr_events_find(r, item, &out->checkpoints, &out->autovacuum);
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		double len;
		size_t rank;
		if (!S_drawn(run, item))
			continue;
		out->runs++;
		if (!part || part[run->provider])
			out->seen[run->provider] = true;
		rank = S_run_rank(r, i);
		if (rank > out->max_rank)
			out->max_rank = rank;
		len = run->series[run->nseries - 1].start_s - run->series[0].start_s;
		if (len > out->tmax)
			out->tmax = len;
		for (size_t k = 0; k < run->nseries; k++)
			if (isfinite(run->series[k].tps) && run->series[k].tps > out->vmax)
				out->vmax = run->series[k].tps;
		if (run->windows.present && out->source == TR_WINDOWS_NONE) {
			out->source = run->windows.source;
			out->interval = run->windows.interval_s;
		}
	}
	free(part);
	return 0;
}

/* Legend: providers, then the dash of each run when there are several. */
static int S_legend(tr_legend *out, const tr_results *r, const S_span *sp)
{
	int rc;
	for (size_t p = 0; p < r->nproviders; p++)
		if (sp->seen[p] &&
		    (rc = tr_legend_add_provider(out, r, p, TR_SWATCH_LINE)) < 0)
			return rc;
	for (size_t k = 0; sp->max_rank > 0 && k <= sp->max_rank && k < 4; k++)
		if ((rc = tr_legend_add(out, S_ordinal(k), "neutral run", k,
		                        TR_SWATCH_LINE, k == 0)) < 0)
			return rc;
	if (sp->checkpoints &&
	    (rc = tr_legend_add(out, "checkpoint", "ev", 0, TR_SWATCH_LINE, true)) < 0)
		return rc;
	if (sp->autovacuum &&
	    (rc = tr_legend_add(out, "autovacuum running", "ev", 1, TR_SWATCH_BOX,
	                        !sp->checkpoints)) < 0)
		return rc;
	return 0;
}

static char *S_subtitle(const tr_results *r, const tr_chart_item *item,
                        const S_span *sp)
{
	char *iv = tr_numstr_trim(sp->interval, 3), *sub;
	if (!iv)
		return NULL;
	sub = tr_sprintf("TPS of each %s-second window %s, one line per run%s; the "
	                 "first window of a run is left out; the square marks the "
	                 "deepest dip.%s Workload: %s.",
	                 iv, sp->source == TR_WINDOWS_PROGRESS
	                         ? "from pgbench's progress lines (-P)"
	                         : "from pgbench's aggregate logs",
	                 sp->runs <= S_MAX_LINES ? ""
	                 : item->npages > 1 ? ", one panel per provider, every panel of "
	                                      "every part on the same axes, its mean dashed"
	                 : ", one panel per provider on the same axes, its mean dashed",
	                 sp->checkpoints || sp->autovacuum
	                         ? " From the server beside each run: a dotted line "
	                           "at the window a checkpoint fell in, a shaded band "
	                           "while autovacuum ran." : "",
	                 r->workloads[item->workload].label);
	free(iv);
	return sub;
}

int tr_layout_timeline(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	tr_legend legend = { 0 };
	S_span sp;
	double y, bottom;
	tr_axis ax, ay;
	long dip;
	char *sub = NULL;
	int rc;

	if ((rc = S_span_of(&sp, r, item)) < 0)
		goto cleanup;
	if (sp.runs == 0) {
		rc = tr_error_set("no window series for a 'timeline' chart");
		goto cleanup;
	}
	if ((rc = S_legend(&legend, r, &sp)) < 0)
		goto cleanup;
	if (!(sub = S_subtitle(r, item, &sp))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	y = tr_frame_open(s, r, item->title, sub, &legend);
	if (sp.checkpoints || sp.autovacuum)
		tr_events_styles(s);

	tr_axis_nice(&ay, 0, sp.vmax * TR_LINE_HEADROOM, sp.runs > S_MAX_LINES ? 3 : 5);
	tr_axis_nice(&ax, 0, sp.tmax, 10);
	dip = S_deepest(r, item);
	rc = sp.runs > S_MAX_LINES
		? S_panels(&bottom, s, r, item, sp.seen, &ax, &ay, y, dip)
		: S_single(&bottom, s, r, item, &ax, &ay, y, dip);
	if (rc < 0)
		goto cleanup;
	tr_frame_finish_x_axis(s, bottom);
	rc = tr_scene_finish(s);
cleanup:
	tr_legend_free(&legend);
	free(sp.seen);
	free(sub);
	return rc;
}
