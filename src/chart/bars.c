/* bars.c: the figures of the grouped bars charts: which value a cell
 * shows for each kind, its exact <title>, the groups of a chart, and the
 * words around them. */

#include "chart_bars_internal.h"
#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "stock · s10 · TPC-B": who a cell is, for titles. Caller frees. */
static char *S_cell_name(const tr_results *r, const tr_cell *c, bool workload)
{
	if (workload)
		return tr_sprintf("%s \xC2\xB7 %s \xC2\xB7 %s",
		                  r->providers[c->provider].label,
		                  r->scenarios[c->scenario].label,
		                  r->workloads[c->workload].label);
	return tr_sprintf("%s \xC2\xB7 %s", r->providers[c->provider].label,
	                  r->scenarios[c->scenario].label);
}

/* p95 of window averages over a cell's runs: median, best, worst.
 * Sets *n to the number of runs with windows. */
static int S_run_p95(size_t *n, const tr_results *r, const tr_cell *c, double *med,
                     double *lo, double *hi)
{
	double *v = tr_calloc(c->nruns ? c->nruns : 1, sizeof(double));
	*lo = *hi = *med = NAN;
	*n = 0;
	if (!v)
		return TR_ENOMEM;
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_stability *w = &r->runs[c->runs[k]].windows;
		if (!w->present || !isfinite(w->latency_p95_ms))
			continue;
		v[(*n)++] = w->latency_p95_ms;
		if (*n == 1 || w->latency_p95_ms < *lo)
			*lo = w->latency_p95_ms;
		if (*n == 1 || w->latency_p95_ms > *hi)
			*hi = w->latency_p95_ms;
	}
	if (*n)
		*med = tr_median(v, *n);
	free(v);
	return 0;
}

/* Formatted numbers for titles, freed together. */
typedef struct S_nums {
	char *s[4];
} S_nums;

static const char *S_n(S_nums *ns, int i, double v, int decimals)
{
	free(ns->s[i]);
	ns->s[i] = tr_numstr_grouped(v, decimals);
	return ns->s[i] ? ns->s[i] : "?";
}

static void S_nums_free(S_nums *ns)
{
	for (int i = 0; i < 4; i++)
		free(ns->s[i]);
}

const tr_metric *tr_bars_metric(tr_chart_kind kind)
{
	static const char *const keys[] = {
		[TR_CHART_TPS] = "tps_headline", [TR_CHART_LATENCY] = "latency_avg_ms",
		[TR_CHART_P95] = "stability.median_run.latency_p95_ms",
		[TR_CHART_COV] = "tps_cov_pct_worst", [TR_CHART_COST] = "cost_per_tps",
		[TR_CHART_VALUE] = "tps_per_100",
	};
	return (size_t)kind < TR_ARRAY_SIZE(keys) && keys[kind] ? tr_metric_find(keys[kind])
	                                                         : NULL;
}

static double S_catalog(tr_chart_kind kind, const tr_cell *c)
{
	const tr_metric *m = tr_bars_metric(kind);
	return m ? tr_metric_value(m, c, NULL, NULL) : NAN;
}

/* The figure of a cell for a bars kind: the value, its whisker and the
 * number of runs behind it (*n). 1 with a value, 0 without, or an error. */
static int S_figure(const tr_results *r, const tr_cell *c, tr_chart_kind kind,
                    double *v, double *lo, double *hi, size_t *n)
{
	int rc;
	*v = *lo = *hi = NAN;
	*n = c->nruns;
	switch (kind) {
	case TR_CHART_TPS:
		*v = S_catalog(kind, c);
		if (*n > 1) {
			*lo = c->tps_min;
			*hi = c->tps_max;
		}
		break;
	case TR_CHART_P95: {
		/* the catalog's median of the runs' window p95 (the whiskers are
		 * the best and worst run's) */
		double med;
		if ((rc = S_run_p95(n, r, c, &med, lo, hi)) < 0)
			return rc;
		*v = *n ? S_catalog(kind, c) : NAN;
		if (*n < 2)
			*lo = *hi = NAN;
		break;
	}
	case TR_CHART_COV:
		if (c->worst.present)
			*v = S_catalog(kind, c);
		break;
	case TR_CHART_LATENCY:
	case TR_CHART_COST:
	case TR_CHART_VALUE:
		*v = S_catalog(kind, c);
		break;
	default:
		return 0;
	}
	return isfinite(*v) ? 1 : 0;
}

static const char *S_pick_name(const tr_results *r)
{
	return r->run_pick == TR_RUNS_BEST ? "best run"
	       : r->run_pick == TR_RUNS_WORST ? "worst run" : "median";
}

/* The <title> of a bar: who, the exact figure and what it is made of.
 * NULL when out of memory. */
static char *S_title(const tr_results *r, const tr_cell *c, tr_chart_kind kind,
                     size_t n, double v, double lo, double hi)
{
	const char *cur = r->currency ? r->currency : "";
	S_nums ns = { { NULL } };
	char *name = S_cell_name(r, c, r->nworkloads > 1), *t = NULL;
	if (!name)
		return NULL;
	switch (kind) {
	case TR_CHART_TPS:
		t = n > 1
			? tr_sprintf("%s: %s %s TPS (runs %zu; min %s, max %s)", name,
			             S_pick_name(r), S_n(&ns, 0, v, 2), n, S_n(&ns, 1, lo, 2),
			             S_n(&ns, 2, hi, 2))
			: tr_sprintf("%s: %s TPS (1 run)", name, S_n(&ns, 0, v, 2));
		break;
	case TR_CHART_LATENCY:
		t = tr_sprintf("%s: average latency %s ms (median of %zu run%s)",
		               name, S_n(&ns, 0, v, 3), n, n == 1 ? "" : "s");
		break;
	case TR_CHART_P95:
		t = n > 1
			? tr_sprintf("%s: %s ms, p95 of window averages (median of %zu "
			             "runs; best %s, worst %s)", name, S_n(&ns, 0, v, 3),
			             n, S_n(&ns, 1, lo, 3), S_n(&ns, 2, hi, 3))
			: tr_sprintf("%s: %s ms, p95 of window averages (1 run)", name,
			             S_n(&ns, 0, v, 3));
		break;
	case TR_CHART_COV:
		t = tr_sprintf("%s: CoV %s%% of window TPS (worst of %zu run%s: %s)",
		               name, S_n(&ns, 0, v, 2), n, n == 1 ? "" : "s",
		               c->worst_cov_run ? c->worst_cov_run : "?");
		break;
	case TR_CHART_COST:
		t = tr_sprintf("%s: %s %s a month per TPS (%s %s a month / %s TPS)",
		               name, S_n(&ns, 0, v, 4), cur,
		               S_n(&ns, 1, r->providers[c->provider].monthly_cost, 2),
		               cur, S_n(&ns, 2, c->tps_median, 2));
		break;
	default:
		t = tr_sprintf("%s: %s TPS per 100 %s a month (median %s TPS, "
		               "%s %s a month)", name, S_n(&ns, 0, v, 2), cur,
		               S_n(&ns, 1, c->tps_median, 2),
		               S_n(&ns, 2, r->providers[c->provider].monthly_cost, 2),
		               cur);
		break;
	}
	free(name);
	S_nums_free(&ns);
	return t;
}

int tr_bars_value(const tr_results *r, const tr_cell *c, tr_chart_kind kind,
                  double *v, double *lo, double *hi, char **title)
{
	size_t n;
	int rc = S_figure(r, c, kind, v, lo, hi, &n);
	if (title)
		*title = NULL;
	if (rc <= 0 || !title)
		return rc;
	if (!(*title = S_title(r, c, kind, n, *v, *lo, *hi)))
		return TR_ENOMEM;
	return 1;
}

int tr_bars_value_label_width(double *out, tr_scene *s, const tr_results *r,
                              const tr_chart_item *item)
{
	*out = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		double v, lo, hi, w;
		char *t;
		int rc;
		if (!tr_bars_in_item(item, &r->cells[i]))
			continue;
		if ((rc = tr_bars_value(r, &r->cells[i], item->kind, &v, &lo, &hi, NULL)) < 0)
			return rc;
		if (rc == 0)
			continue;
		if (!(t = tr_bars_value_label(item->kind, v)))
			return TR_ENOMEM;
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (w > *out)
			*out = w;
		free(t);
	}
	return 0;
}

/* ---- layout ----------------------------------------------------------- */

void tr_bars_free(tr_bars *b)
{
	free(b->groups);
	free(b->providers);
	b->groups = NULL;
	b->providers = NULL;
}

bool tr_bars_in_item(const tr_chart_item *item, const tr_cell *c)
{
	return (item->scenario < 0 || c->scenario == (size_t)item->scenario) &&
	       (item->workload < 0 || c->workload == (size_t)item->workload);
}

/* Adds cell c to the groups and extremes of b. */
static int S_collect_cell(tr_bars *b, size_t *gcap, const tr_cell *c, double v,
                          double hi)
{
	/* cells are sorted by scenario, workload: a new group starts whenever
	 * either changes */
	if (b->ngroups == 0 || b->groups[b->ngroups - 1].scenario != c->scenario ||
	    b->groups[b->ngroups - 1].workload != c->workload) {
		if (tr_grow(&b->groups, gcap, b->ngroups + 1, sizeof(tr_bar_group)) < 0)
			return TR_ENOMEM;
		b->groups[b->ngroups++] = (tr_bar_group){ c->scenario, c->workload };
		if (b->groups[0].workload != c->workload)
			b->several_workloads = true;
	}
	if (v > b->vmax)
		b->vmax = v;
	if (isfinite(hi) && hi > b->vmax)
		b->vmax = hi;
	if (c->nruns > b->nruns_max)
		b->nruns_max = c->nruns;
	if (c->nruns < b->nruns_min)
		b->nruns_min = c->nruns;
	return 0;
}

/* Which parts of the workload differ between the groups. */
static void S_collect_vary(tr_bars *b, const tr_results *r)
{
	for (size_t g = 1; g < b->ngroups; g++) {
		const tr_workload *a = &r->workloads[b->groups[0].workload];
		const tr_workload *w = &r->workloads[b->groups[g].workload];
		b->vary_type |= strcmp(a->short_type, w->short_type) != 0;
		b->vary_clients |= a->clients != w->clients;
		b->vary_threads |= a->threads != w->threads;
		b->vary_mode |= strcmp(a->query_mode ? a->query_mode : "",
		                       w->query_mode ? w->query_mode : "") != 0;
	}
}

int tr_bars_collect(tr_bars *b, const tr_results *r, const tr_chart_item *item)
{
	bool *seen = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(bool));
	bool *part = NULL;
	size_t gcap = 0;
	int rc = 0;
	memset(b, 0, sizeof(*b));
	b->nruns_min = SIZE_MAX;
	if (!seen) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	/* a part of a chart in parts shows its providers, on the groups and
	 * the axis of the whole chart */
	if (item->npages > 1 &&
	    (rc = tr_chart_page_providers(&part, NULL, NULL, r, item, false)) < 0)
		goto cleanup;
	for (size_t i = 0; i < r->ncells && rc >= 0; i++) {
		const tr_cell *c = &r->cells[i];
		double v, lo, hi;
		if (!tr_bars_in_item(item, c) ||
		    (rc = tr_bars_value(r, c, item->kind, &v, &lo, &hi, NULL)) <= 0)
			continue;
		seen[c->provider] = !part || part[c->provider];
		rc = S_collect_cell(b, &gcap, c, v, hi);
	}
	if (rc < 0)
		goto cleanup;
	rc = 0;
	S_collect_vary(b, r);
	if (!(b->providers = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(size_t)))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t p = 0; p < r->nproviders; p++)
		if (seen[p])
			b->providers[b->nproviders++] = p;
cleanup:
	free(seen);
	free(part);
	if (rc < 0)
		tr_bars_free(b);
	return rc;
}

/* The parts of workload w that vary between groups (varying), or those
 * all groups share: "32 clients, 4 threads" / "TPC-B, prepared". Caller
 * frees; "" when there are none. */
char *tr_bars_workload_text(const tr_bars *b, const tr_workload *w, bool varying)
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

/* The value axis's title. NULL when out of memory. */
static char *S_axis_title(const tr_results *r, tr_chart_kind kind)
{
	const char *cur = r->currency ? r->currency : "";
	switch (kind) {
	case TR_CHART_TPS:
		return tr_strdup(r->run_pick == TR_RUNS_BEST ? "Best-run TPS (transactions per second)"
		                 : r->run_pick == TR_RUNS_WORST ? "Worst-run TPS (transactions per second)"
		                 : "Median TPS (transactions per second)");
	case TR_CHART_LATENCY:
	case TR_CHART_P95:
		/* the figure's one name, as a table's header says it */
		return tr_strdup(tr_metric_title(tr_bars_metric(kind)));
	case TR_CHART_COV:
		return tr_sprintf("%s (%%)", tr_metric_title(tr_bars_metric(kind)));
	case TR_CHART_COST:
		return tr_sprintf("Monthly cost per TPS (%s)", cur);
	default:
		return tr_sprintf("TPS per 100 %s a month", cur);
	}
}

/* The subtitle: what a bar is, which way is better, then the runs per
 * bar (runs) and the workload the groups share (wl). NULL when out of
 * memory. */
static char *S_subtitle(const tr_results *r, const tr_bars *b, tr_chart_kind kind,
                        const char *runs, const char *wl)
{
	const char *cur = r->currency ? r->currency : "";
	switch (kind) {
	case TR_CHART_TPS:
		return tr_sprintf("%s (%s)%s. Higher is better.%s",
		                  r->run_pick == TR_RUNS_BEST ? "The best run of each cell"
		                  : r->run_pick == TR_RUNS_WORST ? "The worst run of each cell"
		                  : "Median of the runs", runs,
		                  b->nruns_max > 1 ? "; whiskers span the slowest and the fastest run"
		                                   : "", wl);
	case TR_CHART_LATENCY:
		return tr_sprintf("pgbench's average transaction latency, median of the "
		                  "runs (%s). Lower is better.%s", runs, wl);
	case TR_CHART_P95:
		return tr_sprintf("95th percentile of the mean latency of each log "
		                  "window (not of single transactions); median of the "
		                  "runs, whiskers: best and worst run. Lower is better.%s",
		                  wl);
	case TR_CHART_COV:
		return tr_sprintf("Coefficient of variation of TPS across log windows, "
		                  "worst run of each bar. Lower is steadier.%s", wl);
	case TR_CHART_COST:
		return tr_sprintf("Monthly price in %s divided by median TPS. Lower is "
		                  "better.%s", cur, wl);
	default:
		return tr_sprintf("Median TPS for every 100 %s of monthly price. Higher "
		                  "is better.%s", cur, wl);
	}
}

int tr_bars_texts(char **axis, char **sub, const tr_results *r, const tr_bars *b,
                  tr_chart_kind kind)
{
	char *common = b->ngroups ? tr_bars_workload_text(b, &r->workloads[b->groups[0].workload],
	                                                  false) : tr_strdup("");
	char *wl = common && *common ? tr_sprintf(" Workload: %s.", common) : tr_strdup("");
	char runs[64];
	int rc = 0;
	*axis = *sub = NULL;
	free(common);
	if (!wl) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (b->nruns_min == b->nruns_max)
		snprintf(runs, sizeof(runs), "%zu run%s per bar", b->nruns_max,
		         b->nruns_max == 1 ? "" : "s");
	else
		snprintf(runs, sizeof(runs), "%zu to %zu runs per bar", b->nruns_min,
		         b->nruns_max);
	*axis = S_axis_title(r, kind);
	*sub = S_subtitle(r, b, kind, runs, wl);
	if (!*axis || !*sub) {
		free(*axis);
		free(*sub);
		*axis = *sub = NULL;
		rc = TR_ENOMEM;
	}
cleanup:
	free(wl);
	return rc;
}

/* The label on a bar: the figure as the catalog prints it, the tables'
 * digits ("%" for CoV; the other units are on the axis). Caller frees. */
char *tr_bars_value_label(tr_chart_kind kind, double v)
{
	const tr_metric *m = tr_bars_metric(kind);
	return m ? tr_metric_str(v, m->format) : tr_numstr_short(v, 2);
}
