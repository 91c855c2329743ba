/* tables_grid.c: tables the author lays out.
 *
 *   {{table journey P1 P2 ... S|* [W|*] [metric=M] [agg=]}}: the providers
 *     in the order given, each step's figure, its change against the step
 *     before and against the first (seed: a tuning journey);
 *   {{table rank M S|* [W|*]}}, {{table tps vs=Q}} (the pivot is
 *   tables_pivot.c, the setup tables_facts.c).
 *
 * A combination without data shows "–" and the table says why in its
 * note: never a zero. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/str.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_EN_DASH "\xe2\x80\x93"

static bool S_is_provider(const tr_results *r, const char *id)
{
	for (size_t i = 0; i < r->nproviders; i++)
		if (strcmp(r->providers[i].id, id) == 0)
			return true;
	return false;
}

static const char *S_provider_list(tr_wu_doc *d)
{
	tr_buf b = TR_BUF_INIT;
	for (size_t i = 0; i < d->r->nproviders && i < 12; i++)
		tr_buf_printf(&b, "%s%s", i ? ", " : "", tr_wu_c(d, d->r->providers[i].id));
	return tr_wu_keep_buf(d, &b);
}

/* "rank-tps-median-tpcb": a chart's file name stem. */
static const char *S_stem(tr_wu_doc *d, const char *kind, long s, const tr_metric *m)
{
	tr_buf ms = TR_BUF_INIT, ss = TR_BUF_INIT;
	const char *out = "";
	if (tr_slug(&ms, m->key, TR_SLUG_NAME_MAX, "x") == 0 &&
	    tr_slug(&ss, s >= 0 ? d->r->scenarios[s].id : "all", TR_SLUG_NAME_MAX, "x") == 0)
		out = tr_wu_keep(d, tr_sprintf("%s-%s-%s", kind, ms.ptr, ss.ptr));
	tr_buf_free(&ms);
	tr_buf_free(&ss);
	return out;
}

/* "mean TPS over workloads in S" and the like, for captions. */
static const char *S_scope(tr_wu_doc *d, long s, long w, bool aggregate, tr_metric_agg agg)
{
	const tr_results *r = d->r;
	tr_buf b = TR_BUF_INIT;
	if (s >= 0)
		tr_buf_printf(&b, "in %s", r->scenarios[s].label);
	else
		tr_buf_puts(&b, "over every scenario");
	if (w >= 0 && tr_wu_many_workloads(r))
		tr_buf_printf(&b, ", %s", r->workloads[w].label);
	else if (aggregate)
		tr_buf_printf(&b, ", %s over %s", tr_metric_agg_name(agg),
		              s >= 0 ? "its workloads" : "every cell");
	return tr_wu_keep_buf(d, &b);
}

/* fmt= of a ranking or a journey: k and duration shape its figures, pct,
 * x1, diff and words its gaps (to the best, to the step before). */
static int S_figure_style(tr_wu_doc *d, const tr_wu_directive *dir,
                          const tr_wu_table_opts *o, const tr_metric *m)
{
	const char *kind = dir->nargs ? tr_wu_c(d, dir->args[0]) : "";
	if (o->style == TR_WU_STYLE_DURATION && m->format != TR_METRIC_FMT_SECONDS)
		return tr_wu_error(d, "{{%s %s}}: fmt=duration is for durations (init.total_s, "
		                      "init.wall_s, init.phase.NAME_s), not for %s", dir->name,
		                   kind, m->key);
	if (o->style == TR_WU_STYLE_K && m->format == TR_METRIC_FMT_SECONDS)
		return tr_wu_error(d, "{{%s %s}}: fmt=k is for figures such as TPS, not for %s",
		                   dir->name, kind, m->key);
	return 0;
}

/* The gap of figure a to figure b (stats' contrast of the two), as a
 * cell in the table's style (pct unless fmt= says otherwise). */
static void S_gap_cell(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                       const tr_metric *m, double a, double b)
{
	tr_contrast c;
	tr_contrast_values(&c, a, b);
	tr_wu_table_contrast(d, t, o, m, &c,
	                     tr_wu_style_figure(o->style) ? TR_WU_STYLE_PCT : o->style);
}

/* The same as a chart bar's note: "+12.0% vs best". */
static const char *S_gap_note(tr_wu_doc *d, const tr_wu_table_opts *o, const tr_metric *m,
                              double a, double b, const char *what)
{
	tr_contrast c;
	tr_buf txt = TR_BUF_INIT;
	tr_contrast_values(&c, a, b);
	if (tr_wu_fmt_contrast(d, &txt, m, &c,
	                       tr_wu_style_figure(o->style) ? TR_WU_STYLE_PCT : o->style,
	                       false) < 0 || tr_buf_printf(&txt, " %s", what) < 0)
		d->rc = d->rc < 0 ? d->rc : TR_ENOMEM;
	return tr_wu_keep_buf(d, &txt);
}

/* A table's note: what a dash means (when there is one), and the rule of
 * its options. */
static void S_note(tr_wu_doc *d, tr_wu_table *t, const tr_wu_table_opts *o, bool dash,
                   const char *dash_words)
{
	const char *rule = tr_wu_table_opts_note(d, o);
	if (dash || rule)
		tr_wu_table_note(t, tr_wu_keep(d, tr_sprintf("%s%s%s", dash ? dash_words : "",
		                                             dash && rule ? " " : "",
		                                             rule ? rule : "")));
}

/* A journey's steps and their figures. */
typedef struct {
	size_t np, steps[TR_WU_MAX_ARGS];
	double v[TR_WU_MAX_ARGS];
	size_t used[TR_WU_MAX_ARGS], miss[TR_WU_MAX_ARGS];
	const tr_metric *m;
	const char *label;       /* m's under the pick */
	tr_metric_agg agg;
	tr_run_pick pick;
	tr_wu_table_opts o;
	long s, w;
	bool aggregate, missing;
} S_steps;

/* "table journey", "chart journey", or "journey" for the step cards. */
static const char *S_jname(tr_wu_doc *d, const tr_wu_directive *dir)
{
	if (strcmp(dir->name, "journey") == 0)
		return "journey";
	return tr_wu_keep(d, tr_sprintf("%s journey", dir->name));
}

/* The error for a journey's arguments: a word that is not a provider, or
 * too few providers. */
static int S_journey_usage(tr_wu_doc *d, const tr_wu_directive *dir, const tr_wu_args *a,
                           size_t np)
{
	const tr_results *r = d->r;
	const char *bad = 1 + np < a->npos ? a->pos[1 + np] : NULL;
	bool scenario = false;
	for (size_t i = 0; bad && i < r->nscenarios; i++)
		scenario |= strcmp(r->scenarios[i].id, bad) == 0 || strcmp(bad, "*") == 0;
	if (bad && np < 2 && !scenario)
		return tr_wu_error(d, "{{%s}}: '%s' is not a provider (there "
		                      "are: %s); expected PROVIDER PROVIDER ... SCENARIO|* "
		                      "[WORKLOAD|*] [metric=M] [agg=...]", S_jname(d, dir),
		                   tr_wu_c(d, bad), S_provider_list(d));
	return tr_wu_error(d, "{{%s}}: expected at least two PROVIDERs, then "
	                      "SCENARIO|* [WORKLOAD|*] [metric=M] [agg=...]", S_jname(d, dir));
}

static int S_journey_steps(tr_wu_doc *d, const tr_wu_directive *dir, S_steps *out)
{
	const tr_results *r = d->r;
	tr_wu_args a;
	bool given;
	size_t np = 0;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "metric agg runs fmt", &a)) < 0 ||
	    (rc = tr_wu_table_opts_parse(d, dir, &a, &out->o)) < 0)
		return rc;
	for (size_t i = 1; i < a.npos && S_is_provider(r, a.pos[i]) && i + 1 < a.npos; i++)
		out->steps[np++] = (size_t)tr_wu_provider(d, a.pos[i]);
	if (np < 2 || a.npos - 1 - np < 1 || a.npos - 1 - np > 2)
		return S_journey_usage(d, dir, &a, np);
	out->np = np;
	if (tr_wu_parse_where(d, a.pos[1 + np], 2 + np < a.npos ? a.pos[2 + np] : NULL,
	                      &out->s, &out->w) < 0 ||
	    tr_wu_parse_agg(d, &a, &out->agg, &given) < 0 ||
	    !(out->m = tr_wu_metric(d, tr_wu_arg(&a, "metric") ? tr_wu_arg(&a, "metric")
	                                                       : "tps_median")))
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (out->m->kind != TR_METRIC_CELL)
		return tr_wu_error(d, "{{%s}}: metric=%s is a comparison; name the "
		                      "figure itself (e.g. tps_median)", S_jname(d, dir), out->m->key);
	if ((rc = S_figure_style(d, dir, &out->o, out->m)) < 0)
		return rc;
	out->aggregate = out->s < 0 || out->w < 0;
	if (!given)
		out->agg = out->m->agg;
	out->pick = tr_wu_table_pick(d, &out->o, out->m);
	out->label = tr_wu_picked_label(d, out->m, out->pick);
	for (size_t i = 0; i < np; i++) {
		out->v[i] = tr_metric_over_pick(r, out->m, out->steps[i], out->s, out->w, out->agg,
		                                out->pick, &out->used[i], &out->miss[i]);
		out->missing |= !isfinite(out->v[i]) || out->miss[i] > 0;
	}
	return 0;
}

static int S_journey_chart(tr_wu_doc *d, const S_steps *j)
{
	const tr_results *r = d->r;
	tr_wu_bar bars[TR_WU_MAX_ARGS];
	memset(bars, 0, sizeof(bars));
	for (size_t i = 0; i < j->np; i++) {
		bars[i].label = tr_wu_keep(d, tr_sprintf("%zu. %s", i + 1,
		                                         r->providers[j->steps[i]].label));
		bars[i].provider = j->steps[i];
		bars[i].value = j->v[i];
		bars[i].text = tr_wu_figure_text(d, &j->o, j->m, j->v[i]);
		bars[i].note = i == 0 ? NULL : S_gap_note(d, &j->o, j->m, j->v[i], j->v[i - 1],
		                                          "vs previous");
	}
	return tr_wu_emit_list_chart(d, S_stem(d, "journey", j->s, j->m), "journey",
		tr_wu_keep(d, tr_sprintf("Journey: %s %s", j->label,
		                         S_scope(d, j->s, j->w, j->aggregate, j->agg))),
		j->m->direction == TR_METRIC_LOWER
		    ? "Each step against the one before; lower is better"
		    : "Each step against the one before; higher is better",
		j->label, bars, j->np);
}

static int S_journey_table(tr_wu_doc *d, S_steps *j)
{
	const tr_results *r = d->r;
	tr_wu_table t;
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Step", true);
	tr_wu_table_col(&t, "Provider", false);
	tr_wu_table_col(&t, j->label, true);
	tr_wu_table_col(&t, "vs previous", true);
	tr_wu_table_col(&t, "vs first", true);
	if (j->aggregate)
		tr_wu_table_col(&t, "cells", true);
	for (size_t i = 0; i < j->np; i++) {
		tr_wu_table_num(&t, (double)(i + 1), TR_WU_COUNT);
		tr_wu_table_text(&t, r->providers[j->steps[i]].label);
		tr_wu_table_figure(d, &t, &j->o, j->m, j->v[i]);
		if (i == 0) {
			tr_wu_table_text(&t, "");
			tr_wu_table_text(&t, "");
		} else {
			S_gap_cell(d, &t, &j->o, j->m, j->v[i], j->v[i - 1]);
			S_gap_cell(d, &t, &j->o, j->m, j->v[i], j->v[0]);
		}
		if (j->aggregate)
			tr_wu_table_num(&t, (double)j->used[i], TR_WU_COUNT);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"Journey: %s %s; each step against the one before and the first "
		"(%s is better)", j->label, S_scope(d, j->s, j->w, j->aggregate, j->agg),
		j->m->direction == TR_METRIC_LOWER ? "lower" : "higher")));
	S_note(d, &t, &j->o, j->missing, S_EN_DASH ": no usable runs with this figure; a "
	                                 "count of cells below the others': some workloads "
	                                 "lack it.");
	tr_wu_emit_table(d, &t);
	return d->rc;
}

/* Step cards: each step's figure as its table prints it, its change
 * against the step before (an arrow for the figure's direction of
 * change, the gap as every table prints it) and its provider's notes. */
static int S_journey_cards(tr_wu_doc *d, const S_steps *j)
{
	const tr_results *r = d->r;
	tr_wu_table t;
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Step", false);
	tr_wu_table_col(&t, j->label, true);
	tr_wu_table_col(&t, "vs previous", true);
	tr_wu_table_col(&t, "Note", false);
	for (size_t i = 0; i < j->np; i++) {
		const tr_provider_result *p = &r->providers[j->steps[i]];
		const char *v = tr_wu_figure_text(d, &j->o, j->m, j->v[i]);
		char *gap = i > 0 && isfinite(j->v[i]) && isfinite(j->v[i - 1]) && j->v[i - 1] != 0
		            ? tr_metric_str((j->v[i] / j->v[i - 1] - 1) * 100, TR_METRIC_FMT_GAP)
		            : NULL;
		tr_wu_table_text(&t, p->label);
		tr_wu_table_text(&t, v ? tr_wu_keep(d, tr_sprintf("%s%s", v, tr_wu_metric_suffix(j->m)))
		                       : S_EN_DASH);
		tr_wu_table_text(&t, !gap ? ""
		                 : tr_wu_keep(d, tr_sprintf("%s %s", j->v[i] > j->v[i - 1]
		                                                     ? "\xe2\x96\xb2" /* up */
		                                                 : j->v[i] < j->v[i - 1]
		                                                     ? "\xe2\x96\xbc" /* down */
		                                                     : "=", gap)));
		tr_wu_table_text(&t, p->note ? p->note : "");
		free(gap);
	}
	tr_wu_emit_steps(d, &t);
	return d->rc;
}

static int S_journey(tr_wu_doc *d, const tr_wu_directive *dir, int mode)
{
	S_steps j;
	int rc;
	memset(&j, 0, sizeof(j));
	if ((rc = S_journey_steps(d, dir, &j)) < 0)
		return rc;
	return mode == 1 ? S_journey_chart(d, &j)
	       : mode == 2 ? S_journey_cards(d, &j) : S_journey_table(d, &j);
}

/* {{journey P1 ...}} read as {{table journey P1 ...}} would be. */
int tr_wu_journey_cards(tr_wu_doc *d, const tr_wu_directive *dir)
{
	tr_wu_directive own = *dir;
	if (dir->nargs >= TR_WU_MAX_ARGS)
		return tr_wu_error(d, "{{journey}}: too many steps (at most %d)",
		                   TR_WU_MAX_ARGS - 2);
	own.args[0] = "journey";
	memcpy(own.args + 1, dir->args, dir->nargs * sizeof(char *));
	own.nargs = dir->nargs + 1;
	return S_journey(d, &own, 2);
}

/* ---- rank --------------------------------------------------------------- */

/* A ranking: the providers with cells in scope, best first. */
typedef struct {
	const tr_metric *m;
	const char *label;        /* m's under the pick */
	tr_metric_agg agg;
	tr_run_pick pick;
	tr_wu_table_opts o;
	long s, w;
	bool aggregate, missing;
	const char *badge;        /* badge=fact.NAME's NAME, or NULL */
	size_t *order, n, *used;  /* owned */
	double *v;                /* per provider; owned */
} S_ranking;

static int S_rank_parse(tr_wu_doc *d, const tr_wu_directive *dir, S_ranking *k)
{
	tr_wu_args a;
	bool given;
	int rc;
	if ((rc = tr_wu_split_args(d, dir, strcmp(dir->name, "chart") == 0 ? "agg runs fmt badge"
	                                                                   : "agg runs fmt",
	                           &a)) < 0 ||
	    (rc = tr_wu_table_opts_parse(d, dir, &a, &k->o)) < 0)
		return rc;
	if (tr_wu_arg(&a, "badge") && tr_wu_badge_fact(d, tr_wu_arg(&a, "badge"), &k->badge) < 0)
		return TR_EINVALID;
	if (a.npos < 3 || a.npos > 4)
		return tr_wu_error(d, "{{%s rank}}: expected METRIC SCENARIO|* [WORKLOAD|*] "
		                      "[agg=mean|median|min|max] [runs=median|best|worst] "
		                      "[fmt=pct|x1|diff|words|k|duration]", dir->name);
	if (!(k->m = tr_wu_metric(d, a.pos[1])) ||
	    tr_wu_parse_where(d, a.pos[2], a.npos > 3 ? a.pos[3] : NULL, &k->s, &k->w) < 0 ||
	    tr_wu_parse_agg(d, &a, &k->agg, &given) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (k->m->kind != TR_METRIC_CELL || k->m->direction == TR_METRIC_NEITHER)
		return tr_wu_error(d, "{{%s rank}}: %s cannot rank providers (name a cell "
		                      "figure with a better side, e.g. tps_median)", dir->name,
		                   k->m->key);
	k->aggregate = k->s < 0 || k->w < 0;
	if (!given)
		k->agg = k->m->agg;
	k->pick = tr_wu_table_pick(d, &k->o, k->m);
	k->label = tr_wu_picked_label(d, k->m, k->pick);
	return S_figure_style(d, dir, &k->o, k->m);
}

static int S_rank_order(tr_wu_doc *d, S_ranking *k)
{
	const tr_results *r = d->r;
	k->order = tr_calloc(r->nproviders + 1, sizeof(size_t));
	k->used = tr_calloc(r->nproviders + 1, sizeof(size_t));
	k->v = tr_calloc(r->nproviders + 1, sizeof(double));
	if (!k->order || !k->used || !k->v)
		return d->rc = TR_ENOMEM;
	for (size_t j = 0; j < tr_wu_nshown(d); j++) {
		size_t miss, at, p = tr_wu_shown_at(d, j);
		k->v[p] = tr_metric_over_pick(r, k->m, p, k->s, k->w, k->agg, k->pick, &k->used[p],
		                              &miss);
		k->missing |= miss > 0;
		if (k->used[p] + miss == 0)
			continue;
		/* insertion, stable: equal figures keep the providers' order */
		at = k->n;
		while (at > 0 && tr_metric_better(k->m, k->v[p], k->v[k->order[at - 1]]))
			at--;
		memmove(k->order + at + 1, k->order + at, (k->n - at) * sizeof(size_t));
		k->order[at] = p;
		k->n++;
	}
	return 0;
}

static int S_rank_chart(tr_wu_doc *d, const S_ranking *k)
{
	const tr_results *r = d->r;
	tr_wu_bar *bars = tr_calloc(k->n, sizeof(tr_wu_bar));
	int rc;
	if (!bars)
		return d->rc = TR_ENOMEM;
	for (size_t i = 0; i < k->n; i++) {
		bars[i].label = r->providers[k->order[i]].label;
		bars[i].provider = k->order[i];
		bars[i].value = k->v[k->order[i]];
		bars[i].text = tr_wu_figure_text(d, &k->o, k->m, k->v[k->order[i]]);
		bars[i].badge = k->badge ? tr_wu_provider_fact(&r->providers[k->order[i]], k->badge)
		                         : NULL;
		bars[i].note = i == 0 ? NULL : S_gap_note(d, &k->o, k->m, k->v[k->order[i]],
		                                          k->v[k->order[0]], "vs best");
	}
	rc = tr_wu_emit_list_chart(d, S_stem(d, "rank", k->s, k->m), "rank",
		tr_wu_keep(d, tr_sprintf("Ranking: %s %s", k->label,
		                         S_scope(d, k->s, k->w, k->aggregate, k->agg))),
		k->m->direction == TR_METRIC_LOWER ? "Best first; lower is better"
		                                   : "Best first; higher is better",
		k->label, bars, k->n);
	free(bars);
	return rc;
}

static int S_rank_table(tr_wu_doc *d, const tr_wu_directive *dir, S_ranking *k)
{
	const tr_results *r = d->r;
	tr_wu_table t;
	if (k->n == 0)
		return tr_wu_error(d, "{{%s rank}}: nothing to show (no provider has runs there)",
		                   dir->name);
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Rank", true);
	tr_wu_table_col(&t, "Provider", false);
	tr_wu_table_col(&t, k->label, true);
	tr_wu_table_col(&t, "vs best", true);
	if (k->aggregate)
		tr_wu_table_col(&t, "cells", true);
	for (size_t i = 0; i < k->n; i++) {
		size_t p = k->order[i];
		tr_wu_table_num(&t, isfinite(k->v[p]) ? (double)(i + 1) : NAN, TR_WU_COUNT);
		tr_wu_table_text(&t, r->providers[p].label);
		tr_wu_table_figure(d, &t, &k->o, k->m, k->v[p]);
		if (i == 0)
			tr_wu_table_text(&t, "");
		else
			S_gap_cell(d, &t, &k->o, k->m, k->v[p], k->v[k->order[0]]);
		if (k->aggregate)
			tr_wu_table_num(&t, (double)k->used[p], TR_WU_COUNT);
	}
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"Ranking: %s %s, best first (%s is better)", k->label,
		S_scope(d, k->s, k->w, k->aggregate, k->agg),
		k->m->direction == TR_METRIC_LOWER ? "lower" : "higher")));
	S_note(d, &t, &k->o, k->missing, S_EN_DASH ": no usable runs with this figure; a "
	                                 "count of cells below the others': some cells lack "
	                                 "it.");
	tr_wu_emit_table(d, &t);
	return d->rc;
}

/* {{table rank M S|* [W|*] [agg=]}}: one row per provider, best first by
 * the metric's direction, with the gap to the best. */
static int S_rank(tr_wu_doc *d, const tr_wu_directive *dir, bool chart)
{
	S_ranking k;
	int rc;
	memset(&k, 0, sizeof(k));
	if ((rc = S_rank_parse(d, dir, &k)) < 0 || (rc = S_rank_order(d, &k)) < 0)
		goto cleanup;
	if (chart && k.n > 0)
		rc = S_rank_chart(d, &k);
	else
		rc = S_rank_table(d, dir, &k);
cleanup:
	free(k.order);
	free(k.used);
	free(k.v);
	return rc;
}

int tr_wu_table_journey(tr_wu_doc *d, const tr_wu_directive *dir)
{
	return S_journey(d, dir, 0);
}

int tr_wu_chart_journey(tr_wu_doc *d, const tr_wu_directive *dir)
{
	return S_journey(d, dir, 1);
}

int tr_wu_table_rank(tr_wu_doc *d, const tr_wu_directive *dir)
{
	return S_rank(d, dir, false);
}

int tr_wu_chart_rank(tr_wu_doc *d, const tr_wu_directive *dir)
{
	return S_rank(d, dir, true);
}

/* ---- tps vs=Q ------------------------------------------------------------ */

/* {{table tps vs=Q}}'s columns: where, the runs, {{table tps}}'s figures
 * under the catalog's labels, the vs column and p (n). */
static void S_tps_vs_cols(tr_wu_doc *d, tr_wu_table *t, const tr_metric_col *cols,
                          size_t ncol, tr_run_pick pick, bool scen, bool wl, size_t q)
{
	if (scen)
		tr_wu_table_col(t, "Scenario", false);
	if (wl)
		tr_wu_table_col(t, "Workload", false);
	tr_wu_table_col(t, "Provider", false);
	tr_wu_table_col(t, "Runs", true);
	for (size_t k = 0; k < ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&cols[k]);
		if (m)
			tr_wu_table_col(t, tr_wu_pickable(m) ? tr_wu_picked_label(d, m, pick)
			                                     : m->label, true);
	}
	tr_wu_table_col(t, tr_wu_keep(d, tr_sprintf("vs %s", d->r->providers[q].label)), true);
	tr_wu_table_col(t, "p (n)", true);
}

static void S_tps_vs_row(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                         const tr_metric_col *cols, size_t ncol, tr_run_pick pick,
                         bool scen, bool wl, size_t q, const tr_cell *c)
{
	const tr_results *r = d->r;
	if (scen)
		tr_wu_table_text(t, r->scenarios[c->scenario].label);
	if (wl)
		tr_wu_table_text(t, r->workloads[c->workload].label);
	tr_wu_table_text(t, r->providers[c->provider].label);
	tr_wu_table_num(t, (double)c->nruns, TR_WU_COUNT);
	for (size_t k = 0; k < ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&cols[k]);
		if (m)
			tr_wu_table_num(t, tr_metric_picked(r, m, c, tr_wu_pickable(m)
			                                                 ? pick : TR_RUNS_MEDIAN),
			                tr_wu_metric_unit(m));
	}
	if (c->provider == q || tr_results_cell(r, q, c->scenario, c->workload) < 0) {
		tr_wu_table_text(t, c->provider == q ? "compared with" : S_EN_DASH);
		tr_wu_table_text(t, "");
		return;
	}
	tr_wu_table_vs_cells(d, t, o, tr_metric_find("tps_median"), c, q, pick, o->style, true);
}

int tr_wu_table_tps_vs(tr_wu_doc *d, const tr_wu_directive *dir)
{
	size_t ncol;
	const tr_metric_col *cols = tr_metric_place_cols(TR_PLACE_TABLE_TPS, &ncol);
	const tr_results *r = d->r;
	const tr_metric *tps = tr_metric_find("tps_median");
	tr_wu_args a;
	tr_wu_table t;
	tr_wu_table_opts o;
	tr_run_pick pick;
	long s = -1, q;
	bool scen, wl = tr_wu_many_workloads(r);
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "vs runs fmt verdict", &a)) < 0 ||
	    (rc = tr_wu_table_opts_parse(d, dir, &a, &o)) < 0)
		return rc;
	if (a.npos > 2)
		return tr_wu_error(d, "{{table tps}}: expected [SCENARIO] [vs=PROVIDER] "
		                      "[runs=median|best|worst] [fmt=pct|x1|diff|words]");
	if (!tr_wu_style_contrast(o.style) && o.style != TR_WU_STYLE_DEFAULT)
		return tr_wu_error(d, "{{table tps}}: fmt= shapes the vs column: pct, x1, diff "
		                      "or words");
	if ((q = o.vs) < 0 || (a.npos == 2 && (s = tr_wu_scenario(d, a.pos[1])) < 0))
		return TR_EINVALID;
	pick = tr_wu_table_pick(d, &o, tps);
	scen = s < 0 && r->nscenarios > 1;
	tr_wu_table_init(&t);
	S_tps_vs_cols(d, &t, cols, ncol, pick, scen, wl, (size_t)q);
	for (size_t i = 0; i < tr_wu_ncells(d); i++)
		if (s < 0 || tr_wu_cell_at(d, i)->scenario == (size_t)s)
			S_tps_vs_row(d, &t, &o, cols, ncol, pick, scen, wl, (size_t)q,
			             tr_wu_cell_at(d, i));
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"TPS and latency against %s%s%s: %s of each cell against %s's in the "
		"same workload, %s", r->providers[q].label, s >= 0 ? " in " : "",
		s >= 0 ? r->scenarios[s].label : "", tr_wu_picked_label(d, tps, pick),
		r->providers[q].label, tr_wu_style_words(d, o.style, r->providers[q].label))));
	o.tilde = false; /* said below, with the p */
	S_note(d, &t, &o, true, tr_wu_keep(d, tr_sprintf(
		"p: exact two-sided Mann-Whitney over run TPS of the two cells, Holm-adjusted "
		"over its family (against the baseline: the study's comparisons; else every "
		"pair of providers in every workload); ~: not significant at %s.",
		tr_wu_n(d, r->alpha, TR_WU_EXACT))));
	tr_wu_emit_table(d, &t);
	return d->rc;
}
