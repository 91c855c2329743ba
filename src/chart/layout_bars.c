/* layout_bars.c: grouped bars, one group per scenario (and workload), one
 * bar per provider: median TPS with a min-max whisker, average latency,
 * p95 of window mean latency, CoV, cost per TPS, TPS per 100 currency
 * units. The value axis starts at zero; each bar has a <title> with its
 * exact value and, where it fits, a value label. */

#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_PLOT_H 280.0
#define S_MAX_BAR 64.0

char *tr_cell_name(const tr_results *r, const tr_cell *c, bool workload)
{
	if (workload)
		return tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s",
		                  r->providers[c->provider].label,
		                  r->scenarios[c->scenario].label,
		                  r->workloads[c->workload].label);
	return tr_sprintf("%s \xC2\xB7 %s", r->providers[c->provider].label,
	                  r->scenarios[c->scenario].label);
}

/* p95 of window mean latency over a cell's runs: median, best, worst.
 * Returns the number of runs with windows. */
static size_t S_run_p95(const tr_results *r, const tr_cell *c, double *med,
                        double *lo, double *hi)
{
	double *v = tr_calloc(c->nruns ? c->nruns : 1, sizeof(double));
	size_t n = 0;
	*lo = *hi = *med = NAN;
	if (!v)
		return 0;
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_stability *w = &r->runs[c->runs[k]].windows;
		if (!w->present || !isfinite(w->latency_p95_ms))
			continue;
		v[n++] = w->latency_p95_ms;
		if (n == 1 || w->latency_p95_ms < *lo)
			*lo = w->latency_p95_ms;
		if (n == 1 || w->latency_p95_ms > *hi)
			*hi = w->latency_p95_ms;
	}
	if (n)
		*med = tr_median(v, n);
	free(v);
	return n;
}

/* Formatted numbers for titles, freed together. */
typedef struct S_nums {
	char *s[4];
} S_nums;

static const char *S_n(S_nums *ns, int i, double v, int decimals)
{
	free(ns->s[i]);
	ns->s[i] = tr_fmt_num(v, decimals);
	return ns->s[i] ? ns->s[i] : "?";
}

static void S_nums_free(S_nums *ns)
{
	for (int i = 0; i < 4; i++)
		free(ns->s[i]);
}

bool tr_bars_value(const tr_results *r, const tr_cell *c, tr_chart_kind kind,
                   double *v, double *lo, double *hi, char **title)
{
	const char *cur = r->currency ? r->currency : "";
	bool wl = r->nworkloads > 1;
	char *name = NULL;
	S_nums ns = { { NULL } };
	size_t n = c->nruns;
	*v = *lo = *hi = NAN;
	switch (kind) {
	case TR_CHART_TPS:
		*v = c->tps_median;
		if (n > 1) {
			*lo = c->tps_min;
			*hi = c->tps_max;
		}
		break;
	case TR_CHART_LATENCY:
		*v = c->latency_avg_ms;
		break;
	case TR_CHART_P95:
		n = S_run_p95(r, c, v, lo, hi);
		if (n < 2)
			*lo = *hi = NAN;
		break;
	case TR_CHART_COV:
		if (c->worst.present)
			*v = c->worst.tps_cov_pct;
		break;
	case TR_CHART_COST:
		*v = c->cost_per_tps;
		break;
	case TR_CHART_VALUE:
		*v = c->tps_per_100;
		break;
	default:
		return false;
	}
	if (!isfinite(*v))
		return false;
	if (!title)
		return true;
	name = tr_cell_name(r, c, wl);
	if (!name) {
		*title = NULL;
		return true;
	}
	switch (kind) {
	case TR_CHART_TPS:
		*title = n > 1
			? tr_sprintf("%s: median %s TPS (runs %zu; min %s, max %s)", name,
			             S_n(&ns, 0, *v, 2), n, S_n(&ns, 1, *lo, 2),
			             S_n(&ns, 2, *hi, 2))
			: tr_sprintf("%s: %s TPS (1 run)", name, S_n(&ns, 0, *v, 2));
		break;
	case TR_CHART_LATENCY:
		*title = tr_sprintf("%s: average latency %s ms (median of %zu run%s)",
		                    name, S_n(&ns, 0, *v, 3), n, n == 1 ? "" : "s");
		break;
	case TR_CHART_P95:
		*title = n > 1
			? tr_sprintf("%s: %s ms, p95 of window mean latency (median of %zu "
			             "runs; best %s, worst %s)", name, S_n(&ns, 0, *v, 3),
			             n, S_n(&ns, 1, *lo, 3), S_n(&ns, 2, *hi, 3))
			: tr_sprintf("%s: %s ms, p95 of window mean latency (1 run)", name,
			             S_n(&ns, 0, *v, 3));
		break;
	case TR_CHART_COV:
		*title = tr_sprintf("%s: CoV %s%% of window TPS (worst of %zu run%s: %s)",
		                    name, S_n(&ns, 0, *v, 2), n, n == 1 ? "" : "s",
		                    c->worst_cov_run ? c->worst_cov_run : "?");
		break;
	case TR_CHART_COST:
		*title = tr_sprintf("%s: %s %s a month per TPS (%s %s a month / %s TPS)",
		                    name, S_n(&ns, 0, *v, 4), cur,
		                    S_n(&ns, 1, r->providers[c->provider].monthly_cost, 2),
		                    cur, S_n(&ns, 2, c->tps_median, 2));
		break;
	default:
		*title = tr_sprintf("%s: %s TPS per 100 %s a month (median %s TPS, "
		                    "%s %s a month)", name, S_n(&ns, 0, *v, 2), cur,
		                    S_n(&ns, 1, c->tps_median, 2),
		                    S_n(&ns, 2, r->providers[c->provider].monthly_cost, 2),
		                    cur);
		break;
	}
	free(name);
	S_nums_free(&ns);
	return true;
}

/* ---- layout ----------------------------------------------------------- */

typedef struct S_group {
	size_t scenario, workload;
} S_group;

typedef struct S_bars {
	S_group *groups;
	size_t ngroups;
	size_t *providers;   /* provider indices with a value, in order */
	size_t nproviders;
	bool several_workloads;
	/* which parts of the workload differ between groups: those label the
	 * groups, the rest is said once in the subtitle */
	bool vary_type, vary_clients, vary_threads, vary_mode;
	double vmax;         /* largest bar or whisker */
	size_t nruns_max, nruns_min;
} S_bars;

static void S_bars_free(S_bars *b)
{
	free(b->groups);
	free(b->providers);
}

static bool S_in_item(const tr_chart_item *item, const tr_cell *c)
{
	return (item->scenario < 0 || c->scenario == (size_t)item->scenario) &&
	       (item->workload < 0 || c->workload == (size_t)item->workload);
}

static int S_collect(S_bars *b, const tr_results *r, const tr_chart_item *item)
{
	bool *seen = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(bool));
	size_t gcap = 0;
	if (!seen)
		return TR_ENOMEM;
	memset(b, 0, sizeof(*b));
	b->nruns_min = SIZE_MAX;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double v, lo, hi;
		if (!S_in_item(item, c) || !tr_bars_value(r, c, item->kind, &v, &lo, &hi, NULL))
			continue;
		/* cells are sorted by scenario, workload: a new group starts
		 * whenever either changes */
		if (b->ngroups == 0 || b->groups[b->ngroups - 1].scenario != c->scenario ||
		    b->groups[b->ngroups - 1].workload != c->workload) {
			if (tr_grow(&b->groups, &gcap, b->ngroups + 1, sizeof(S_group)) < 0)
				goto nomem;
			b->groups[b->ngroups++] = (S_group){ c->scenario, c->workload };
			if (b->groups[0].workload != c->workload)
				b->several_workloads = true;
		}
		seen[c->provider] = true;
		if (v > b->vmax)
			b->vmax = v;
		if (isfinite(hi) && hi > b->vmax)
			b->vmax = hi;
		if (c->nruns > b->nruns_max)
			b->nruns_max = c->nruns;
		if (c->nruns < b->nruns_min)
			b->nruns_min = c->nruns;
	}
	for (size_t g = 1; g < b->ngroups; g++) {
		const tr_workload *a = &r->workloads[b->groups[0].workload];
		const tr_workload *w = &r->workloads[b->groups[g].workload];
		b->vary_type |= strcmp(a->short_type, w->short_type) != 0;
		b->vary_clients |= a->clients != w->clients;
		b->vary_threads |= a->threads != w->threads;
		b->vary_mode |= strcmp(a->query_mode ? a->query_mode : "",
		                       w->query_mode ? w->query_mode : "") != 0;
	}
	b->providers = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(size_t));
	if (!b->providers)
		goto nomem;
	for (size_t p = 0; p < r->nproviders; p++)
		if (seen[p])
			b->providers[b->nproviders++] = p;
	free(seen);
	return 0;
nomem:
	free(seen);
	S_bars_free(b);
	return TR_ENOMEM;
}

/* The parts of workload w that vary between groups (varying), or those
 * all groups share: "32 clients, 4 threads" / "TPC-B, prepared". Caller
 * frees; "" when there are none. */
static char *S_workload_text(const S_bars *b, const tr_workload *w, bool varying)
{
	tr_buf t = TR_BUF_INIT;
	if (b->vary_type == varying)
		tr_buf_printf(&t, "%s", w->short_type);
	if (b->vary_clients == varying)
		tr_buf_printf(&t, "%s%d client%s", t.size ? ", " : "", w->clients,
		              w->clients == 1 ? "" : "s");
	if (b->vary_threads == varying)
		tr_buf_printf(&t, "%s%d thread%s", t.size ? ", " : "", w->threads,
		              w->threads == 1 ? "" : "s");
	if (b->vary_mode == varying)
		tr_buf_printf(&t, "%s%s", t.size ? ", " : "",
		              w->query_mode ? w->query_mode : "unknown mode");
	tr_buf_putc(&t, '\0');
	t.size--;
	return tr_buf_detach(&t);
}

/* What the axis says, what the subtitle says. */
static void S_texts(const tr_results *r, const S_bars *b, tr_chart_kind kind,
                    char **axis, char **sub)
{
	const char *cur = r->currency ? r->currency : "";
	char *common = b->ngroups ? S_workload_text(b, &r->workloads[b->groups[0].workload],
	                                            false) : tr_strdup("");
	char *wl = common && *common ? tr_sprintf(" Workload: %s.", common) : tr_strdup("");
	char runs[64];
	*axis = *sub = NULL;
	free(common);
	if (!wl)
		return;
	if (b->nruns_min == b->nruns_max)
		snprintf(runs, sizeof(runs), "%zu run%s per bar", b->nruns_max,
		         b->nruns_max == 1 ? "" : "s");
	else
		snprintf(runs, sizeof(runs), "%zu to %zu runs per bar", b->nruns_min,
		         b->nruns_max);
	switch (kind) {
	case TR_CHART_TPS:
		*axis = tr_strdup("Median TPS (transactions per second)");
		*sub = tr_sprintf("Median of the runs (%s); whiskers span the slowest "
		                  "and the fastest run. Higher is better.%s", runs, wl);
		break;
	case TR_CHART_LATENCY:
		*axis = tr_strdup("Average latency (ms)");
		*sub = tr_sprintf("pgbench's average transaction latency, median of the "
		                  "runs (%s). Lower is better.%s", runs, wl);
		break;
	case TR_CHART_P95:
		*axis = tr_strdup("p95 of window mean latency (ms)");
		*sub = tr_sprintf("95th percentile of the mean latency of each log "
		                  "window (not of single transactions); median of the "
		                  "runs, whiskers: best and worst run. Lower is better.%s",
		                  wl);
		break;
	case TR_CHART_COV:
		*axis = tr_strdup("CoV of window TPS (%)");
		*sub = tr_sprintf("Coefficient of variation of TPS across log windows, "
		                  "worst run of each bar. Lower is steadier.%s", wl);
		break;
	case TR_CHART_COST:
		*axis = tr_sprintf("Monthly cost per TPS (%s)", cur);
		*sub = tr_sprintf("Monthly price in %s divided by median TPS. Lower is "
		                  "better.%s", cur, wl);
		break;
	default:
		*axis = tr_sprintf("TPS per 100 %s a month", cur);
		*sub = tr_sprintf("Median TPS for every 100 %s of monthly price. Higher "
		                  "is better.%s", cur, wl);
		break;
	}
	free(wl);
}

static int S_value_decimals(tr_chart_kind kind)
{
	return kind == TR_CHART_COST ? 4 : 2;
}

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
static double S_group_labels(tr_scene *s, const tr_results *r, const S_bars *b,
                             double left, double gw, double y, bool draw)
{
	double h1 = 0, h2 = 0;
	if (b->several_workloads) {
		for (size_t g = 0; g < b->ngroups; g++) {
			char *text = S_workload_text(b, &r->workloads[b->groups[g].workload], true);
			double h;
			if (!text) {
				s->rc = TR_ENOMEM;
				return 0;
			}
			h = S_axis_label(s, text, "muted", TR_SMALL_SIZE,
			                 left + gw * ((double)g + 0.5), gw - 6, y, 2, draw);
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
		                 gw * (double)(e - g) - 6, y + h1,
		                 b->several_workloads ? 2 : 3, draw);
		if (h > h2)
			h2 = h;
		g = e;
	}
	return h1 + h2;
}

int tr_layout_bars(tr_scene *s, const tr_results *r, const tr_chart_item *item)
{
	S_bars b;
	tr_axis axis, probe;
	tr_legend_entry *legend = NULL;
	char *axis_title = NULL, *sub = NULL;
	double y, left, right, top, bottom, gw, bw, pitch, lab_h = 0, lw;
	double asc, desc, label_w = 0;
	int rc, label_mode;   /* 0 none, 1 horizontal, 2 vertical */
	char cls[48], id[64];

	if ((rc = S_collect(&b, r, item)) < 0)
		return rc;
	if (b.ngroups == 0) {
		S_bars_free(&b);
		return tr_error_set("no data for a '%s' chart", tr_chart_kind_name(item->kind));
	}
	S_texts(r, &b, item->kind, &axis_title, &sub);
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
	bw = pitch >= 8 ? pitch - 2 : pitch;
	lab_h = S_group_labels(s, r, &b, left, gw, 0, false);
	bottom = top + S_PLOT_H;

	/* Value labels: measure them, choose an orientation, make room. */
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		double v, lo, hi, w;
		char *t;
		if (!S_in_item(item, c) || !tr_bars_value(r, c, item->kind, &v, &lo, &hi, NULL))
			continue;
		t = tr_fmt_short(v, S_value_decimals(item->kind));
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
			t = tr_fmt_short(v, S_value_decimals(item->kind));
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
	S_group_labels(s, r, &b, left, gw, bottom + 8, true);
	tr_frame_finish(s, bottom + 8 + lab_h + TR_MARGIN - 4);
	rc = tr_scene_finish(s);
cleanup:
	for (size_t k = 0; legend && k < b.nproviders; k++)
		free((char *)legend[k].cls);
	free(legend);
	free(axis_title);
	free(sub);
	S_bars_free(&b);
	return rc;
}
