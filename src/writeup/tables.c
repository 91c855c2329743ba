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

/* A Workload column only where it tells rows of one scenario apart: a
 * scenario that ran one workload names it in the test setup, and its
 * label on every row would only lengthen the table. */
static S_scope S_scope_of(const tr_wu_doc *d, long s, bool (*want)(const tr_cell *))
{
	S_scope sc = { s, false, false };
	long first_s = -1;
	size_t ns = d->r->nscenarios;
	long *first_w = tr_calloc(ns + 1, sizeof(*first_w));
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s) || (want && !want(c)))
			continue;
		if (first_s < 0)
			first_s = (long)c->scenario;
		else if (first_s != (long)c->scenario)
			sc.scenario_col = true;
		if (!first_w) /* no memory to tell: name the workloads */
			sc.workload_col = true;
		else if (first_w[c->scenario] == 0)
			first_w[c->scenario] = (long)c->workload + 1;
		else if (first_w[c->scenario] != (long)c->workload + 1)
			sc.workload_col = true;
	}
	free(first_w);
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
		tr_wu_table_text(t, tr_wu_short_scenario(r, c->scenario));
	if (sc.workload_col)
		tr_wu_table_text(t, r->workloads[c->workload].label);
	tr_wu_table_text(t, tr_wu_short_provider(r, c->provider));
}

/* "bench100: " or "" for a caption's start. */
static const char *S_caption_scope(tr_wu_doc *d, long s)
{
	if (s < 0)
		return "";
	return tr_wu_keep(d, tr_sprintf("%s: ", tr_wu_c(d, tr_wu_short_scenario(d->r, (size_t)s))));
}

/* The cell with the best m (by its direction) of its scenario and
 * workload, when there are others to be better than. */
static bool S_leader(const tr_wu_doc *d, const tr_metric *m, const tr_cell *c,
                     tr_run_pick pick)
{
	const tr_results *r = d->r;
	double v = tr_metric_picked(r, m, c, pick);
	size_t n = 0;
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *o = tr_wu_cell_at(d, i);
		if (o->scenario != c->scenario || o->workload != c->workload)
			continue;
		n++;
		if (tr_metric_better(m, tr_metric_picked(r, m, o, pick), v))
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

static bool S_has_windows(const tr_cell *c)
{
	return c->worst.present;
}

static const char *S_window_p95_header(tr_wu_doc *d, const tr_metric_col *col)
{
	double iv = tr_wu_window_interval(d->r);
	const char *name = tr_metric_col_header(col), *at = strstr(name, "window");
	if (isnan(iv) || !at)
		return name;
	return tr_wu_keep(d, tr_sprintf("%.*s%s-s %s", (int)(at - name), name,
	                                tr_wu_n(d, iv, TR_WU_EXACT), at));
}

/* ---- the columns of a place (stats' metric_place.c) -------------------- */

#define S_PLACE_MAX 16

/* A fixed table's columns: which are shown in this scope (TR_COL_IF_ANY:
 * only when a cell in it has the figure), and the renderer of its slots
 * (c NULL: the header). */
typedef void (*S_slot_fn)(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                          const tr_cell *c, const void *ctx);

typedef struct {
	const tr_metric_col *col;
	size_t ncol;
	bool show[S_PLACE_MAX];
	S_slot_fn slot;
	const void *ctx;
} S_place;

static void S_place_init(S_place *p, const tr_wu_doc *d, tr_metric_place place,
                         long s, S_slot_fn slot, const void *ctx)
{
	p->col = tr_metric_place_cols(place, &p->ncol);
	p->ncol = p->ncol > S_PLACE_MAX ? S_PLACE_MAX : p->ncol;
	p->slot = slot;
	p->ctx = ctx;
	for (size_t k = 0; k < p->ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&p->col[k]);
		p->show[k] = !(p->col[k].flags & TR_COL_IF_ANY);
		for (size_t i = 0; m && !p->show[k] && i < tr_wu_ncells(d); i++)
			p->show[k] = S_in(tr_wu_cell_at(d, i), s) &&
			             isfinite(tr_metric_value(m, tr_wu_cell_at(d, i), NULL, NULL));
	}
}

/* header with its "%s" replaced by the currency (not a printf format:
 * the header is data of the catalog). */
static const char *S_currency_header(tr_wu_doc *d, const char *header)
{
	const char *cur = d->r->currency ? tr_wu_c(d, d->r->currency) : "";
	const char *at = strstr(header, "%s");
	if (!at)
		return header;
	return tr_wu_keep(d, tr_sprintf("%.*s%s%s", (int)(at - header), header, cur, at + 2));
}

/* "EUR per TPS" from "%s per TPS"; "p95 of 10-s window averages, worst
 * run (ms)". */
static const char *S_col_header(tr_wu_doc *d, const tr_metric_col *col)
{
	if (col->flags & TR_COL_WINDOW)
		return S_window_p95_header(d, col);
	if (col->flags & TR_COL_CURRENCY)
		return S_currency_header(d, col->header);
	return tr_metric_col_header(col);
}

/* The pick of runs= for m's column (median: the cell's figure). */
static tr_run_pick S_pick(tr_wu_doc *d, const tr_metric *m)
{
	return m && tr_wu_pickable(m) ? tr_wu_doc_pick(d) : TR_RUNS_MEDIAN;
}

static void S_place_cols(tr_wu_doc *d, tr_wu_table *t, const S_place *p)
{
	for (size_t k = 0; k < p->ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&p->col[k]);
		tr_run_pick pick = S_pick(d, m);
		if (!p->show[k])
			continue;
		if (p->col[k].flags & TR_COL_SLOT)
			p->slot(d, t, &p->col[k], NULL, p->ctx);
		else
			tr_wu_table_col(t, tr_wu_picked_header(d, S_col_header(d, &p->col[k]), pick),
			                true);
		if (pick != TR_RUNS_MEDIAN)
			d->topts->picked = true;
	}
}

/* A metric's figure, with the run it comes from (the worst run's CoV),
 * in bold when the column marks its scenario and workload's best. */
static void S_place_cells(tr_wu_doc *d, tr_wu_table *t, const S_place *p,
                          const tr_cell *c)
{
	for (size_t k = 0; k < p->ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&p->col[k]);
		const char *run = p->col[k].flags & TR_COL_RUN ? tr_metric_run(m, c) : NULL;
		double v;
		if (!p->show[k])
			continue;
		if (!m) {
			p->slot(d, t, &p->col[k], c, p->ctx);
			continue;
		}
		v = tr_metric_picked(d->r, m, c, S_pick(d, m));
		if (run)
			S_with_run(d, t, v, tr_wu_metric_unit(m), run);
		else
			tr_wu_table_num(t, v, tr_wu_metric_unit(m));
		if ((p->col[k].flags & TR_COL_LEADER) && S_leader(d, m, c, S_pick(d, m)) &&
		    t->rc == 0)
			t->cells[t->ncells - 1].strong = true;
	}
}

/* The fmt= of the "vs baseline" column, when given (x1, diff, words). */
static bool S_styled(const tr_wu_doc *d)
{
	return d->topts && d->topts->style != TR_WU_STYLE_DEFAULT;
}

/* Under runs=best|worst or fmt=: the picked TPS against the baseline's
 * (stats' contrast; its p is the study's comparison's) in the style
 * asked, and the p (n) column. */
static void S_picked_vs(tr_wu_doc *d, tr_wu_table *t, const tr_cell *c, bool with_p)
{
	tr_wu_table_vs_cells(d, t, d->topts, tr_metric_find("tps_median"), c,
	                     tr_results_baseline_of(d->r, (long)c->scenario), tr_wu_doc_pick(d),
	                     S_styled(d) ? d->topts->style : TR_WU_STYLE_PCT, with_p);
}

static void S_comparison_cells(tr_wu_doc *d, tr_wu_table *t, const tr_cell *c)
{
	const tr_results *r = d->r;
	const tr_comparison *cmp = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
	if (c->provider != tr_results_baseline_of(r, (long)c->scenario) &&
	    (tr_wu_doc_pick(d) != TR_RUNS_MEDIAN || S_styled(d))) {
		S_picked_vs(d, t, c, true);
		return;
	}
	if (c->provider == tr_results_baseline_of(r, (long)c->scenario)) {
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

/* The reading guide of "vs baseline" and "p (n)": whole the first time,
 * only the "~" when the summary explained the test, then nothing. */
static const char *S_significance_note(tr_wu_doc *d)
{
	bool test = tr_wu_explained(d, TR_WU_EXPLAINED_TEST);
	if (tr_wu_explained(d, TR_WU_EXPLAINED_TILDE))
		return NULL;
	if (test)
		return "~ after a difference: not significant.";
	return tr_wu_keep(d, tr_sprintf(
		"%s: %s%s, followed by ~ "
		"when it is not significant. p: exact two-sided Mann-Whitney U test on the runs' TPS, "
		"Holm-adjusted over the study's %zu comparison%s, significant at "
		"p \xe2\x89\xa4 %s; n: runs of the baseline + runs of the provider.",
		S_vs(d), S_styled(d) ? "median TPS, " : "difference in median TPS against the baseline, ",
		!d->r->nproviders ? ""
		: S_styled(d) ? tr_wu_style_words(d, d->topts->style, tr_wu_baseline_name(d, -1, tr_wu_c))
		: tr_wu_baseline_name(d, -1, tr_wu_c),
		d->r->ncomparisons, d->r->ncomparisons == 1 ? "" : "s",
		tr_wu_n(d, d->r->alpha, TR_WU_EXACT)));
}

/* A table's note: its own words, then the rule of runs= (d->topts). */
static void S_notes(tr_wu_doc *d, tr_wu_table *t, const char *own)
{
	const char *rule = d->topts ? tr_wu_table_opts_note(d, d->topts) : NULL;
	if (own || rule)
		tr_wu_table_note(t, tr_wu_keep(d, tr_sprintf("%s%s%s", own ? own : "",
		                                             own && rule ? " " : "",
		                                             rule ? rule : "")));
}

typedef struct {
	bool cmp;    /* a comparison column */
	bool runs;   /* a Runs column: not when every row's p (n) says it */
} S_tps_ctx;

/* {{table tps}}'s slots: the run count, the comparison (when any). */
static void S_tps_slot(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                       const tr_cell *c, const void *ctx)
{
	bool cmp = ((const S_tps_ctx *)ctx)->cmp;
	if (strcmp(col->key, "runs") == 0 && !((const S_tps_ctx *)ctx)->runs)
		return;
	if (strcmp(col->key, "runs") == 0 && !c)
		tr_wu_table_col(t, col->header, true);
	else if (strcmp(col->key, "runs") == 0 && c->nexcluded)
		tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%zu (+%zu left out)", c->nruns,
		                                               c->nexcluded)), (double)c->nruns);
	else if (strcmp(col->key, "runs") == 0)
		tr_wu_table_num(t, (double)c->nruns, TR_WU_COUNT);
	else if (strcmp(col->key, "vs") == 0 && cmp && !c) {
		tr_wu_table_col(t, S_vs(d), true);
		tr_wu_table_col(t, "p (n)", true);
	} else if (strcmp(col->key, "vs") == 0 && cmp)
		S_comparison_cells(d, t, c);
}

/* Whether the p (n) column gives every row's count of runs: each row is
 * the baseline or has its comparison (n = baseline's + its own), some
 * row has one, and no run was left out (that row's Runs says so). */
static bool S_runs_in_n(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	bool any = false;
	if (r->ncomparisons == 0 || tr_wu_doc_pick(d) != TR_RUNS_MEDIAN || S_styled(d))
		return false;
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		bool base = c->provider == tr_results_baseline_of(r, (long)c->scenario);
		const tr_comparison *k = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
		if (!S_in(c, s))
			continue;
		if (c->nexcluded || (!base && !k))
			return false;
		any |= k != NULL;
	}
	return any;
}

void tr_wu_table_tps(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(d, s, NULL);
	bool cmp = r->ncomparisons > 0;
	S_tps_ctx ctx = { cmp, !S_runs_in_n(d, s) };
	S_place p;
	tr_wu_table t;
	S_place_init(&p, d, TR_PLACE_TABLE_TPS, s, S_tps_slot, &ctx);
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	S_place_cols(d, &t, &p);
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s))
			continue;
		S_lead_cells(r, &t, sc, c);
		S_place_cells(d, &t, &p, c);
	}
	if (tr_wu_doc_pick(d) != TR_RUNS_MEDIAN || tr_wu_explained(d, TR_WU_EXPLAINED_TPS))
		/* a picked table's rule is its note; the guide waits for a
		 * table of medians */
		tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf("%sTPS and latency.",
		                                                 S_caption_scope(d, s))));
	else
		tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
			"%sTPS and latency. Median TPS: the median of the runs' TPS as pgbench "
			"reports it (without initial connection time); slowest and fastest run "
			"show the run-to-run range; latency avg: the median of the runs' "
			"average latency. The highest median TPS is in bold.",
			S_caption_scope(d, s))));
	if (cmp && tr_wu_doc_pick(d) != TR_RUNS_MEDIAN)
		S_notes(d, &t, tr_wu_keep(d, tr_sprintf(
			"vs baseline: the %s TPS against the baseline's, %s; p (n): the "
			"exact two-sided Mann-Whitney U test over every run of the two cells, "
			"Holm-adjusted over the study's %zu comparison%s; n: runs of the "
			"baseline + runs of the provider.",
			tr_wu_doc_pick(d) == TR_RUNS_BEST ? "best-run" : "worst-run",
			r->nproviders ? tr_wu_baseline_name(d, s, tr_wu_c) : "",
			r->ncomparisons, r->ncomparisons == 1 ? "" : "s")));
	else
		S_notes(d, &t, cmp ? S_significance_note(d) : NULL);
	tr_wu_emit_table(d, &t);
}

/* {{table stability}}'s slot: the window length, when runs differ. */
static void S_stability_slot(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                             const tr_cell *c, const void *ctx)
{
	bool mixed = *(const bool *)ctx;
	if (strcmp(col->key, "window") != 0 || !mixed)
		return;
	if (!c)
		tr_wu_table_col(t, col->header, true);
	else
		tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%s s", tr_wu_n(d, c->worst.interval_s,
		                                                              TR_WU_EXACT))),
		                   c->worst.interval_s);
}

void tr_wu_table_stability(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(d, s, S_has_windows);
	/* Windows of different lengths: each row says its own. */
	bool mixed = isnan(tr_wu_window_interval(r)) && !(d->explained & TR_WU_SAID_WINDOW);
	S_place p;
	tr_wu_table t;
	S_place_init(&p, d, TR_PLACE_TABLE_STABILITY, s, S_stability_slot, &mixed);
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	S_place_cols(d, &t, &p);
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s) || !c->worst.present)
			continue;
		S_lead_cells(r, &t, sc, c);
		S_place_cells(d, &t, &p, c);
	}
	if (tr_wu_explained(d, TR_WU_EXPLAINED_STABILITY))
		tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
			"%sThe most variable run is named; the p95 is the highest over the runs.",
			S_caption_scope(d, s))));
	else
		tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
			"%sStability within runs, from the TPS of each time window (the first "
			"window of each run left out). CoV: standard deviation of window TPS / "
			"mean \xc3\x97 100, for the most variable run (named) and the median "
			"run. Deepest dip: the lowest window against its run's mean. The p95 is "
			"of the windows' average latencies, highest over the runs: not a "
			"percentile of transactions.",
			S_caption_scope(d, s))));
	tr_wu_emit_table(d, &t);
}

static bool S_has_latency(const tr_cell *c)
{
	return c->latency.present;
}

/* The scenario of the first cell shown that has what `want` asks (a
 * table without a Scenario column has one); 0 when none. */
static size_t S_only_scenario(const tr_wu_doc *d, bool (*want)(const tr_cell *))
{
	for (size_t i = 0; i < tr_wu_ncells(d); i++)
		if (want(tr_wu_cell_at(d, i)))
			return tr_wu_cell_at(d, i)->scenario;
	return 0;
}

/* {{table latency}}'s slot: the count of transactions. */
static void S_latency_slot(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                           const tr_cell *c, const void *ctx)
{
	(void)d;
	(void)ctx;
	if (!c)
		tr_wu_table_col(t, col->header, true);
	else
		tr_wu_table_num(t, (double)c->latency.count, TR_WU_COUNT);
}

static bool S_has_pgb(const tr_cell *c)
{
	return !isnan(c->pgb_p95_ms) || !isnan(c->pgb_p99_ms);
}

bool tr_wu_pgb_latency_only(const tr_results *r, long s)
{
	bool pgb = false;
	for (size_t i = 0; i < r->ncells; i++) {
		if (!S_in(&r->cells[i], s))
			continue;
		if (r->cells[i].latency.present)
			return false;
		pgb |= S_has_pgb(&r->cells[i]);
	}
	return pgb;
}

/* Without per-transaction logs, PostgresBench's own p95 / p99 of its
 * result files (catalog pgb.p95_ms, pgb.p99_ms), marked as its. */
static void S_table_pgb_latency(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	const tr_metric *m[2] = { tr_metric_find("pgb.p95_ms"), tr_metric_find("pgb.p99_ms") };
	S_scope sc = S_scope_of(d, s, S_has_pgb);
	tr_wu_table t;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	tr_wu_table_col(&t, tr_wu_picked_header(d, "PostgresBench p95 (ms)", S_pick(d, m[0])), true);
	tr_wu_table_col(&t, tr_wu_picked_header(d, "PostgresBench p99 (ms)", S_pick(d, m[1])), true);
	if (S_pick(d, m[0]) != TR_RUNS_MEDIAN)
		d->topts->picked = true;
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s) || !S_has_pgb(c))
			continue;
		S_lead_cells(r, &t, sc, c);
		for (size_t k = 0; k < 2; k++)
			tr_wu_table_num(&t, tr_metric_picked(r, m[k], c, S_pick(d, m[k])),
			                tr_wu_metric_unit(m[k]));
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sLatency percentiles as PostgresBench computed them from its own "
		"per-transaction logs (the first latency whose cumulative count exceeds "
		"q\xc2\xb7N), %s of the runs' figures; not computed by this "
		"report, which has no per-transaction logs of these runs.",
		S_caption_scope(d, s), tr_wu_doc_pick(d) == TR_RUNS_BEST ? "the lowest"
		                       : tr_wu_doc_pick(d) == TR_RUNS_WORST ? "the highest"
		                                                            : "the median")));
	S_notes(d, &t, NULL);
	tr_wu_emit_table(d, &t);
}

void tr_wu_table_latency(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(d, s, S_has_latency);
	S_place p;
	tr_wu_table t;
	if (tr_wu_pgb_latency_only(r, s)) {
		S_table_pgb_latency(d, s);
		return;
	}
	S_place_init(&p, d, TR_PLACE_TABLE_LATENCY, s, S_latency_slot, NULL);
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	S_place_cols(d, &t, &p);
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s) || !c->latency.present)
			continue;
		S_lead_cells(r, &t, sc, c);
		S_place_cells(d, &t, &p, c);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%s%s, all runs of a provider together; successful "
		"transactions only. Percentiles are exact, to the microsecond (%s).",
		/* one scenario with such logs: the caption names it */
		S_caption_scope(d, s >= 0 || sc.scenario_col ? s : (long)S_only_scenario(d, S_has_latency)),
		d->explained & TR_WU_EXPLAINED_TXLOG ? "Per-transaction latency"
		: "Latency of individual transactions, from pgbench's per-transaction logs (--log)",
		d->r->percentile == TR_PCT_POSTGRESBENCH
		    ? "PostgresBench's rule: the first latency whose cumulative count "
		      "exceeds q\xc2\xb7N"
		    : "nearest rank, as SQL's percentile_disc")));
	S_notes(d, &t, NULL);
	tr_wu_emit_table(d, &t);
}

static bool S_has_cost(const tr_cell *c)
{
	return isfinite(c->cost_per_tps);
}

/* {{table value}}'s slots: the monthly price, the value ratio against
 * the baseline (when some cell has one). */
static void S_value_slot(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                         const tr_cell *c, const void *ctx)
{
	const tr_results *r = d->r;
	bool any_ratio = *(const bool *)ctx;
	const char *cur = r->currency ? tr_wu_c(d, r->currency) : "";
	const tr_comparison *cmp;
	if (strcmp(col->key, "monthly") == 0) {
		if (d->explained & TR_WU_SAID_MONTHLY)
			return; /* the setup's table has it, a column of repeats here */
		if (!c)
			tr_wu_table_col(t, S_currency_header(d, col->header), true);
		else
			tr_wu_table_num(t, r->providers[c->provider].monthly_cost, TR_WU_MONEY);
		return;
	}
	if (!any_ratio)
		return;
	if (!c) {
		tr_wu_table_col(t, tr_wu_keep(d, tr_sprintf("Transactions per %s %s", cur, S_vs(d))),
		                true);
		return;
	}
	cmp = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
	if (c->provider == tr_results_baseline_of(r, (long)c->scenario)) {
		tr_wu_table_sorted(t, "baseline", 1.0);
	} else if (cmp && tr_wu_doc_pick(d) != TR_RUNS_MEDIAN) {
		/* under runs=: both costs at their picked runs' TPS (stats) */
		long b = tr_results_cell(r, tr_results_baseline_of(r, (long)c->scenario),
		                         c->scenario, c->workload);
		tr_wu_table_num(t, b < 0 ? NAN : tr_metric_value_pick(r, tr_metric_find("value_ratio"),
		                                                    c, &r->cells[b], cmp,
		                                                    tr_wu_doc_pick(d)),
		                TR_WU_RATIO);
	} else if (cmp) {
		tr_wu_table_num(t, cmp->value_ratio, TR_WU_RATIO);
	} else {
		tr_wu_table_text(t, "");
	}
}

void tr_wu_table_value(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(d, s, S_has_cost);
	const char *cur = r->currency ? tr_wu_c(d, r->currency) : "";
	bool any_ratio = false;
	S_place p;
	tr_wu_table t;
	for (size_t i = 0; i < r->ncomparisons; i++)
		any_ratio |= isfinite(r->comparisons[i].value_ratio) &&
		             (s < 0 || r->comparisons[i].scenario == (size_t)s);
	S_place_init(&p, d, TR_PLACE_TABLE_VALUE, s, S_value_slot, &any_ratio);
	/* TPS per 100 is 100 / cost per TPS: its chart shows it; the median
	 * TPS is the results' tables' and the closing table's */
	for (size_t k = 0; k < p.ncol; k++)
		p.show[k] &= !((d->explained & TR_WU_SAID_PER100) &&
		               strcmp(p.col[k].key, "tps_per_100") == 0) &&
		             !((d->explained & TR_WU_SAID_TPS) && tr_wu_doc_pick(d) == TR_RUNS_MEDIAN &&
		               strcmp(p.col[k].key, "tps_median") == 0);
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	S_place_cols(d, &t, &p);
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		const tr_cell *c = tr_wu_cell_at(d, i);
		if (!S_in(c, s) || !isfinite(c->cost_per_tps))
			continue;
		S_lead_cells(r, &t, sc, c);
		S_place_cells(d, &t, &p, c);
	}
	const char *pick = tr_wu_doc_pick(d) == TR_RUNS_BEST ? "best run's"
	                   : tr_wu_doc_pick(d) == TR_RUNS_WORST ? "worst run's" : "median";
	/* the price section's paragraph said what cost per TPS is */
	bool said = tr_wu_doc_pick(d) == TR_RUNS_MEDIAN && (d->explained & TR_WU_EXPLAINED_COST);
	tr_buf cap = TR_BUF_INIT;
	tr_buf_puts(&cap, S_caption_scope(d, s));
	if (said)
		tr_buf_printf(&cap, "%s per TPS: lower is better", cur);
	else
		tr_buf_printf(&cap, "Price-performance: the monthly price divided by the %s TPS "
		                    "(lower is better)", pick);
	if (!(d->explained & TR_WU_SAID_PER100))
		tr_buf_printf(&cap, ", and the TPS bought by 100 %s a month (higher is better)", cur);
	if (any_ratio)
		tr_buf_printf(&cap, "%s last column: how many times more transactions one %s "
		                    "buys than at the baseline%s%s", said ? "; the" : ". The", cur,
		              r->nproviders ? ", " : "",
		              r->nproviders ? tr_wu_baseline_name(d, s, tr_wu_c) : "");
	tr_buf_puts(&cap, ".");
	tr_wu_table_caption(&t, tr_wu_keep_buf(d, &cap));
	S_notes(d, &t, NULL);
	tr_wu_emit_table(d, &t);
}

/* {{table closing}}'s slot: the verdict against the baseline. */
static void S_closing_slot(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *col,
                           const tr_cell *c, const void *ctx)
{
	const tr_results *r = d->r;
	const tr_comparison *k;
	(void)col;
	if (!*(const bool *)ctx)
		return;
	if (!c) {
		tr_wu_table_col(t, S_vs(d), true);
		return;
	}
	k = tr_wu_comparison(r, c->provider, c->scenario, c->workload);
	if (c->provider == tr_results_baseline_of(r, (long)c->scenario))
		tr_wu_table_text(t, "baseline");
	else if (tr_wu_doc_pick(d) != TR_RUNS_MEDIAN || S_styled(d))
		S_picked_vs(d, t, c, false);
	else if (k)
		tr_wu_table_sorted(t, tr_wu_verdict_cell(d, k), k->tps_gap_pct);
	else
		tr_wu_table_text(t, "");
}

void tr_wu_table_closing(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	S_scope sc = S_scope_of(d, -1, NULL);
	bool cov = false, cost = false, cmp = r->ncomparisons > 0;
	S_place p;
	tr_wu_table t;
	S_place_init(&p, d, TR_PLACE_TABLE_CLOSING, -1, S_closing_slot, &cmp);
	/* The caption names what the optional columns show. */
	for (size_t k = 0; k < p.ncol; k++) {
		cov |= p.show[k] && strcmp(p.col[k].key, "stability.worst.tps_cov_pct") == 0;
		cost |= p.show[k] && strcmp(p.col[k].key, "cost_per_tps") == 0;
	}
	sc.scenario_col = true;
	tr_wu_table_init(&t);
	S_lead_cols(&t, sc);
	S_place_cols(d, &t, &p);
	for (size_t i = 0; i < tr_wu_ncells(d); i++) {
		S_lead_cells(r, &t, sc, tr_wu_cell_at(d, i));
		S_place_cells(d, &t, &p, tr_wu_cell_at(d, i));
	}
	bool told = cmp && tr_wu_explained(d, TR_WU_EXPLAINED_TEST | TR_WU_EXPLAINED_TILDE);
	/* every column explained where its own table stood: say no more */
	bool known = (told || !cmp) && tr_wu_doc_pick(d) == TR_RUNS_MEDIAN &&
	             (d->explained & TR_WU_EXPLAINED_TPS) &&
	             (!cov || (d->explained & TR_WU_EXPLAINED_STABILITY)) &&
	             (!cost || (d->explained & TR_WU_EXPLAINED_COST));
	tr_wu_table_caption(&t, known ? "The figures above, side by side."
	                              : tr_wu_keep(d, tr_sprintf(
		"Every scenario at a glance: %s TPS (the highest of each scenario "
		"in bold)%s%s%s, latency average%s%s.",
		tr_wu_doc_pick(d) == TR_RUNS_BEST ? "best-run"
		: tr_wu_doc_pick(d) == TR_RUNS_WORST ? "worst-run" : "median",
		cmp ? ", the difference against the baseline" : "",
		cmp && !told && r->nproviders ? tr_wu_keep(d, tr_sprintf(", %s",
			tr_wu_baseline_name(d, -1, tr_wu_c))) : "",
		cmp && !told ? " (followed by ~ when not significant)" : "",
		cov ? ", the most variable run's CoV of window TPS" : "",
		cost ? ", and the monthly price per TPS" : "")));
	S_notes(d, &t, NULL);
	tr_wu_emit_table(d, &t);
}
