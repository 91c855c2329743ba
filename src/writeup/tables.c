/* tables.c: the tables of cells ({{table tps|stability|latency|value|
 * closing}}). Every table says in its caption and headers what each number
 * is; a window p95 is always "p95 of N-s window averages", a transaction
 * p95 "p95 of transactions". */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Which leading columns a table over scenario s (-1: all) needs. */
typedef struct {
	long scenario;
	bool scenario_col;
	bool workload_col;
} S_scope;

static bool S_in(const tr_cell *c, long s)
{
	return s < 0 || c->scenario == (size_t)s;
}

static S_scope S_scope_of(const tr_results *r, long s, bool (*want)(const tr_cell *))
{
	S_scope sc = { s, false, false };
	long first_s = -1, first_w = -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_in(c, s) || (want && !want(c)))
			continue;
		if (first_s < 0)
			first_s = (long)c->scenario;
		else if (first_s != (long)c->scenario)
			sc.scenario_col = true;
		if (first_w < 0)
			first_w = (long)c->workload;
		else if (first_w != (long)c->workload)
			sc.workload_col = true;
	}
	return sc;
}

static void S_lead_cols(tr_wu_table *t, S_scope sc)
{
	if (sc.scenario_col)
		tr_wu_table_col(t, "Scenario", false);
	if (sc.workload_col)
		tr_wu_table_col(t, "Workload", false);
	tr_wu_table_col(t, "Provider", false);
}

static void S_lead_cells(const tr_results *r, tr_wu_table *t, S_scope sc,
                         const tr_cell *c)
{
	if (sc.scenario_col)
		tr_wu_table_text(t, r->scenarios[c->scenario].label);
	if (sc.workload_col)
		tr_wu_table_text(t, r->workloads[c->workload].label);
	tr_wu_table_text(t, r->providers[c->provider].label);
}

/* "bench100: " or "" for a caption's start. */
static const char *S_caption_scope(tr_wu_doc *d, long s)
{
	if (s < 0)
		return "";
	return tr_wu_keep(d, tr_sprintf("%s: ", tr_wu_c(d, d->r->scenarios[s].label)));
}

/* The cell with the highest median TPS of its scenario and workload. */
static bool S_leader(const tr_results *r, const tr_cell *c)
{
	size_t n = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *o = &r->cells[i];
		if (o->scenario != c->scenario || o->workload != c->workload)
			continue;
		n++;
		if (o->tps_median > c->tps_median)
			return false;
	}
	return n > 1;
}

/* "text (run2)": a figure with the run behind it. */
static void S_with_run(tr_wu_doc *d, tr_wu_table *t, double v, tr_wu_unit u,
                       const char *run)
{
	const char *num = tr_wu_n(d, v, u);
	if (run && isfinite(v))
		tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%s (%s)", num, tr_wu_c(d, run))), v);
	else
		tr_wu_table_sorted(t, num, v);
}

static void S_comparison_cells(tr_wu_doc *d, tr_wu_table *t, const tr_cell *c)
{
	const tr_results *r = d->r;
	const tr_comparison *cmp = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
	if (c->provider == r->baseline) {
		tr_wu_table_text(t, "baseline");
		tr_wu_table_text(t, "");
		return;
	}
	if (!cmp) {
		tr_wu_table_text(t, "");
		tr_wu_table_text(t, "");
		return;
	}
	tr_wu_table_sorted(t, tr_wu_verdict_cell(d, cmp), cmp->tps_gap_pct);
	tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%s (%zu+%zu)",
	                                                 tr_wu_n(d, cmp->p_adjusted, TR_WU_P),
	                                                 cmp->n_baseline, cmp->n_provider)),
	                   cmp->p_adjusted);
}

static const char *S_vs(tr_wu_doc *d)
{
	(void)d;
	return "vs baseline";
}

static const char *S_significance_note(tr_wu_doc *d)
{
	return tr_wu_keep(d, tr_sprintf(
		"%s: difference in median TPS against the baseline, %s, followed by ~ "
		"when it is not significant. p: exact two-sided Mann-Whitney U test on the runs' TPS, "
		"Holm-adjusted over the study's %zu comparison%s, significant at "
		"p \xe2\x89\xa4 %s; n: runs of the baseline + runs of the provider.",
		S_vs(d), d->r->nproviders ? tr_wu_c(d, d->r->providers[d->r->baseline].label) : "",
		d->r->ncomparisons, d->r->ncomparisons == 1 ? "" : "s",
		tr_wu_n(d, d->r->alpha, TR_WU_EXACT)));
}

void tr_wu_table_tps(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(r, s, NULL);
	bool cmp = r->ncomparisons > 0;
	tr_wu_table t;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	tr_wu_table_col(&t, "Runs", true);
	tr_wu_table_col(&t, "Median TPS", true);
	tr_wu_table_col(&t, "Slowest run (TPS)", true);
	tr_wu_table_col(&t, "Fastest run (TPS)", true);
	tr_wu_table_col(&t, "Latency avg (ms)", true);
	if (cmp) {
		tr_wu_table_col(&t, S_vs(d), true);
		tr_wu_table_col(&t, "p (n)", true);
	}
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_in(c, s))
			continue;
		S_lead_cells(r, &t, sc, c);
		if (c->nexcluded)
			tr_wu_table_sorted(&t, tr_wu_keep(d, tr_sprintf("%zu (+%zu left out)",
			                                                c->nruns, c->nexcluded)),
			                   (double)c->nruns);
		else
			tr_wu_table_num(&t, (double)c->nruns, TR_WU_COUNT);
		tr_wu_table_num(&t, c->tps_median, TR_WU_TPS);
		if (S_leader(r, c) && t.rc == 0)
			t.cells[t.ncells - 1].strong = true;
		tr_wu_table_num(&t, c->tps_min, TR_WU_TPS);
		tr_wu_table_num(&t, c->tps_max, TR_WU_TPS);
		tr_wu_table_num(&t, c->latency_avg_ms, TR_WU_MS);
		if (cmp)
			S_comparison_cells(d, &t, c);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sTPS and latency. Median TPS: the median of the runs' TPS as pgbench "
		"reports it (without initial connection time); slowest and fastest run "
		"show the run-to-run range; latency avg: the median of the runs' "
		"average latency. The highest median TPS is in bold.",
		S_caption_scope(d, s))));
	if (cmp)
		tr_wu_table_note(&t, S_significance_note(d));
	tr_wu_emit_table(d, &t);
}

static bool S_has_windows(const tr_cell *c)
{
	return c->worst.present;
}

static const char *S_window_p95_header(tr_wu_doc *d)
{
	double iv = tr_wu_window_interval(d->r);
	if (isnan(iv))
		return "p95 of the window averages (ms)";
	return tr_wu_keep(d, tr_sprintf("p95 of %s-s window averages (ms)",
	                                tr_wu_n(d, iv, TR_WU_EXACT)));
}

void tr_wu_table_stability(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(r, s, S_has_windows);
	bool mixed = isnan(tr_wu_window_interval(r));
	tr_wu_table t;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	/* Windows of different lengths: each row says its own. */
	if (mixed)
		tr_wu_table_col(&t, "Window", true);
	tr_wu_table_col(&t, "Windows (all runs)", true);
	tr_wu_table_col(&t, "CoV, worst run", true);
	tr_wu_table_col(&t, "CoV, median run", true);
	tr_wu_table_col(&t, "CoV, all windows", true);
	tr_wu_table_col(&t, "Deepest dip", true);
	tr_wu_table_col(&t, S_window_p95_header(d), true);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_in(c, s) || !c->worst.present)
			continue;
		S_lead_cells(r, &t, sc, c);
		if (mixed)
			tr_wu_table_sorted(&t, tr_wu_keep(d, tr_sprintf("%s s", tr_wu_n(d, c->worst.interval_s,
			                                                               TR_WU_EXACT))),
			                   c->worst.interval_s);
		tr_wu_table_num(&t, (double)c->worst.windows, TR_WU_COUNT);
		S_with_run(d, &t, c->worst.tps_cov_pct, TR_WU_PCT, c->worst_cov_run);
		tr_wu_table_num(&t, c->median_run.tps_cov_pct, TR_WU_PCT);
		tr_wu_table_num(&t, c->pooled.tps_cov_pct, TR_WU_PCT);
		S_with_run(d, &t, c->worst.tps_min_pct, TR_WU_PCT, c->worst_dip_run);
		tr_wu_table_num(&t, c->worst.latency_p95_ms, TR_WU_MS);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sStability within runs, from the TPS of each time window (the first "
		"window of each run left out). CoV: standard deviation of window TPS / "
		"mean \xc3\x97 100, for the most variable run (named), the median run, "
		"and all windows of all runs pooled. Deepest dip: the lowest window "
		"against its run's mean. The p95 is of the windows' average latencies, "
		"highest over the runs: not a percentile of transactions.",
		S_caption_scope(d, s))));
	tr_wu_emit_table(d, &t);
}

static bool S_has_latency(const tr_cell *c)
{
	return c->latency.present;
}

void tr_wu_table_latency(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(r, s, S_has_latency);
	tr_wu_table t;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	tr_wu_table_col(&t, "Transactions", true);
	tr_wu_table_col(&t, "p50 (ms)", true);
	tr_wu_table_col(&t, "p90 (ms)", true);
	tr_wu_table_col(&t, "p95 of transactions (ms)", true);
	tr_wu_table_col(&t, "p99 (ms)", true);
	tr_wu_table_col(&t, "p99.9 (ms)", true);
	tr_wu_table_col(&t, "Max (ms)", true);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_latency *l = &c->latency;
		if (!S_in(c, s) || !l->present)
			continue;
		S_lead_cells(r, &t, sc, c);
		tr_wu_table_num(&t, (double)l->count, TR_WU_COUNT);
		tr_wu_table_num(&t, l->p50_ms, TR_WU_MS);
		tr_wu_table_num(&t, l->p90_ms, TR_WU_MS);
		tr_wu_table_num(&t, l->p95_ms, TR_WU_MS);
		tr_wu_table_num(&t, l->p99_ms, TR_WU_MS);
		tr_wu_table_num(&t, l->p999_ms, TR_WU_MS);
		tr_wu_table_num(&t, l->max_ms, TR_WU_MS);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sLatency of individual transactions, from pgbench's per-transaction "
		"logs (--log), all runs of a provider together; successful "
		"transactions only. Percentiles are nearest-rank, within 0.05%%.",
		S_caption_scope(d, s))));
	tr_wu_emit_table(d, &t);
}

static bool S_has_cost(const tr_cell *c)
{
	return isfinite(c->cost_per_tps);
}

void tr_wu_table_value(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(r, s, S_has_cost);
	const char *cur = r->currency ? tr_wu_c(d, r->currency) : "";
	bool any_ratio = false;
	tr_wu_table t;
	for (size_t i = 0; i < r->ncomparisons; i++)
		any_ratio |= isfinite(r->comparisons[i].value_ratio) &&
		             (s < 0 || r->comparisons[i].scenario == (size_t)s);
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("Per month (%s)", cur)), true);
	tr_wu_table_col(&t, "Median TPS", true);
	tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("%s per TPS", cur)), true);
	tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("TPS per 100 %s", cur)), true);
	if (any_ratio)
		tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("Transactions per %s %s",
		                                             cur, S_vs(d))), true);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_comparison *cmp;
		if (!S_in(c, s) || !isfinite(c->cost_per_tps))
			continue;
		S_lead_cells(r, &t, sc, c);
		tr_wu_table_num(&t, r->providers[c->provider].monthly_cost, TR_WU_MONEY);
		tr_wu_table_num(&t, c->tps_median, TR_WU_TPS);
		tr_wu_table_num(&t, c->cost_per_tps, TR_WU_COST);
		tr_wu_table_num(&t, c->tps_per_100, TR_WU_PER100);
		if (!any_ratio)
			continue;
		cmp = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
		if (c->provider == r->baseline)
			tr_wu_table_sorted(&t, "baseline", 1.0);
		else if (cmp)
			tr_wu_table_num(&t, cmp->value_ratio, TR_WU_RATIO);
		else
			tr_wu_table_text(&t, "");
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sPrice-performance: the monthly price divided by the median TPS "
		"(lower is better), and the TPS bought by 100 %s a month (higher is "
		"better). The last column: how many times more transactions one %s "
		"buys than at the baseline, %s.", S_caption_scope(d, s), cur, cur,
		r->nproviders ? tr_wu_c(d, r->providers[r->baseline].label) : "")));
	tr_wu_emit_table(d, &t);
}

void tr_wu_table_closing(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(r, -1, NULL);
	bool cov = false, cost = false, cmp = r->ncomparisons > 0;
	tr_wu_table t;
	for (size_t i = 0; i < r->ncells; i++) {
		cov |= r->cells[i].worst.present;
		cost |= isfinite(r->cells[i].cost_per_tps);
	}
	sc.scenario_col = true;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	tr_wu_table_col(&t, "Median TPS", true);
	if (cmp)
		tr_wu_table_col(&t, S_vs(d), true);
	tr_wu_table_col(&t, "Latency avg (ms)", true);
	if (cov)
		tr_wu_table_col(&t, "CoV, worst run", true);
	if (cost)
		tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("%s per TPS",
		                                             r->currency ? tr_wu_c(d, r->currency) : "")),
		                true);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_comparison *k = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
		S_lead_cells(r, &t, sc, c);
		tr_wu_table_num(&t, c->tps_median, TR_WU_TPS);
		if (S_leader(r, c) && t.rc == 0)
			t.cells[t.ncells - 1].strong = true;
		if (cmp) {
			if (c->provider == r->baseline)
				tr_wu_table_text(&t, "baseline");
			else if (k)
				tr_wu_table_sorted(&t, tr_wu_verdict_cell(d, k), k->tps_gap_pct);
			else
				tr_wu_table_text(&t, "");
		}
		tr_wu_table_num(&t, c->latency_avg_ms, TR_WU_MS);
		if (cov)
			tr_wu_table_num(&t, c->worst.tps_cov_pct, TR_WU_PCT);
		if (cost)
			tr_wu_table_num(&t, c->cost_per_tps, TR_WU_COST);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"Every scenario at a glance: median TPS (the highest of each scenario "
		"in bold)%s%s%s, latency average%s%s.",
		cmp ? ", the difference against the baseline, " : "",
		cmp && r->nproviders ? tr_wu_c(d, r->providers[r->baseline].label) : "",
		cmp ? " (followed by ~ when not significant)" : "",
		cov ? ", the most variable run's CoV of window TPS" : "",
		cost ? ", and the monthly price per TPS" : "")));
	tr_wu_emit_table(d, &t);
}
