/* tables_pivot.c: {{table pivot rows=D cols=D metric=M[,M...] [agg=]
 * [scenario=S] [vs=Q] [runs=] [fmt=] [verdict=off]}}: any grid of the
 * catalog's metrics, D one of provider, scenario, workload, machine,
 * clients, threads. With vs= (or fmt= of a comparison), each provider's
 * figure against Q's, as stats' contrast gives it; with runs=, each
 * cell's figure picked from its runs. A place without data shows "–" and
 * the table says why in its note: never a zero. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/str.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_EN_DASH "\xe2\x80\x93"

/* ---- pivot -------------------------------------------------------------- */

typedef enum { S_PROVIDER, S_SCENARIO, S_WORKLOAD, S_MACHINE, S_CLIENTS, S_THREADS } S_dim;

static const char *const S_dims[] = { "provider", "scenario", "workload", "machine",
                                      "clients", "threads" };
static const char *const S_dim_headers[] = { "Provider", "Scenario", "Workload", "Machine",
                                             "Clients", "Threads" };

static int S_dim_parse(tr_wu_doc *d, const char *key, const char *v, S_dim *out)
{
	for (size_t i = 0; v && i < TR_ARRAY_SIZE(S_dims); i++)
		if (strcmp(S_dims[i], v) == 0) {
			*out = (S_dim)i;
			return 0;
		}
	return tr_wu_error(d, "{{table pivot}}: %s=%s: expected provider, scenario, workload, "
	                      "machine, clients or threads", key, v ? tr_wu_c(d, v) : "");
}

/* A machine by the first workload (in their sorted order) that ran on it,
 * so that machines sort as the workloads do; -1 for runs that do not say. */
static long S_machine_of(const tr_results *r, size_t workload)
{
	const char *m = r->workloads[workload].machine;
	for (size_t i = 0; m && i <= workload; i++)
		if (r->workloads[i].machine && strcmp(r->workloads[i].machine, m) == 0)
			return (long)i;
	return -1;
}

static long S_dim_of(const tr_results *r, const tr_cell *c, S_dim dim)
{
	switch (dim) {
	case S_MACHINE: return S_machine_of(r, c->workload);
	case S_PROVIDER: return (long)c->provider;
	case S_SCENARIO: return (long)c->scenario;
	case S_WORKLOAD: return (long)c->workload;
	case S_CLIENTS: return r->workloads[c->workload].clients;
	case S_THREADS: return r->workloads[c->workload].threads;
	}
	return -1;
}

static int S_long_cmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return x < y ? -1 : x > y;
}

/* The values of dim over the cells shown of scenario s (-1: all),
 * sorted; providers in the order shown (providers=). */
static size_t S_dim_values(const tr_wu_doc *d, S_dim dim, long s, long *out)
{
	const tr_results *r = d->r;
	size_t n = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		long v = S_dim_of(r, &r->cells[i], dim);
		bool seen = false;
		if ((s >= 0 && r->cells[i].scenario != (size_t)s) ||
		    !tr_wu_shown(d, r->cells[i].provider))
			continue;
		if (dim == S_PROVIDER)
			v = tr_wu_shown_rank(d, (size_t)v);
		for (size_t k = 0; k < n && !seen; k++)
			seen = out[k] == v;
		if (!seen)
			out[n++] = v;
	}
	qsort(out, n, sizeof(long), S_long_cmp);
	for (size_t k = 0; k < n && dim == S_PROVIDER; k++)
		out[k] = (long)tr_wu_shown_at(d, (size_t)out[k]);
	return n;
}

static const char *S_dim_label(tr_wu_doc *d, S_dim dim, long v)
{
	switch (dim) {
	case S_PROVIDER: return d->r->providers[v].label;
	case S_SCENARIO: return d->r->scenarios[v].label;
	case S_WORKLOAD: return d->r->workloads[v].label;
	case S_MACHINE: return v >= 0 ? d->r->workloads[v].machine : "not stated";
	case S_CLIENTS: return tr_wu_keep(d, tr_sprintf("%ld client%s", v, v == 1 ? "" : "s"));
	case S_THREADS: return tr_wu_keep(d, tr_sprintf("%ld thread%s", v, v == 1 ? "" : "s"));
	}
	return "";
}

/* One column of figures: a metric, shown as itself or against Q's. */
typedef struct {
	const tr_metric *m;      /* what is shown (a derived metric's base when
	                            it is a contrast) */
	bool contrast;           /* against provider q (stats' contrast) */
	tr_wu_style style;       /* fmt=, or what a derived metric implies */
	tr_run_pick pick;
	const char *label;       /* m's, under the pick */
} S_col;

typedef struct {
	S_dim rows, cols;
	long scenario;
	S_col metrics[TR_WU_MAX_ARGS];
	size_t nmetrics;
	tr_metric_agg agg;
	bool agg_given, all_col, any_contrast;
	size_t q;                /* the provider contrasts compare with */
	tr_wu_table_opts o;
	size_t nmissing;         /* combinations without data */
	size_t npartial;         /* aggregates some cells of which lack it */
	bool baseline;           /* a place shows the compared-with's own figure */
	const char *one_col;     /* the only column value (said in the caption) */
} S_pivot;

static bool S_at(const tr_wu_doc *d, const S_pivot *pv, const tr_cell *c, long rv, long cv,
                 bool any_col)
{
	const tr_results *r = d->r;
	return (pv->scenario < 0 || c->scenario == (size_t)pv->scenario) &&
	       tr_wu_shown(d, c->provider) &&
	       S_dim_of(r, c, pv->rows) == rv && (any_col || S_dim_of(r, c, pv->cols) == cv);
}

static int S_too_many(tr_wu_doc *d, const S_pivot *pv, size_t n, long rv, long cv,
                      bool any_col)
{
	return tr_wu_error(d, "{{table pivot}}: rows=%s cols=%s puts %zu cells in one "
	                      "place (%s, %s); give agg=mean|median|min|max, or "
	                      "scenario=S, or other rows/cols",
	                   S_dims[pv->rows], S_dims[pv->cols], n,
	                   tr_wu_c(d, S_dim_label(d, pv->rows, rv)),
	                   any_col ? "all" : tr_wu_c(d, S_dim_label(d, pv->cols, cv)));
}

/* The baseline's place in a column of comparisons with it: its own
 * figure of what is compared, with its unit ("2,340 TPS"), as the
 * seeds' tables show it; "baseline" where the pivot shows that figure
 * in a column of its own, or over several of its cells. */
static int S_baseline_figure(tr_wu_doc *d, S_pivot *pv, tr_wu_table *t, const tr_metric *m,
                             const tr_cell *c, tr_run_pick pick, size_t n)
{
	tr_buf b = TR_BUF_INIT;
	double v = tr_metric_picked(d->r, m, c, pick);
	bool beside = false;   /* the figure is in a column of its own */
	for (size_t k = 0; k < pv->nmetrics; k++)
		beside |= !pv->metrics[k].contrast && pv->metrics[k].m == m &&
		          pv->metrics[k].pick == pick;
	if (n > 1 || beside) {
		tr_wu_table_text(t, "baseline");
		return 0;
	}
	if (!isfinite(v)) {
		pv->nmissing++;
		tr_wu_table_text(t, S_EN_DASH);
		return 0;
	}
	if (m->format == TR_METRIC_FMT_SECONDS ? tr_wu_fmt_duration(&b, v) < 0
	    : tr_wu_fmt(&b, v, tr_wu_metric_unit(m)) < 0 ||
	      tr_buf_puts(&b, tr_wu_metric_suffix(m)) < 0) {
		tr_buf_free(&b);
		return d->rc = TR_ENOMEM;
	}
	tr_wu_table_sorted(t, tr_wu_keep_buf(d, &b), v);
	pv->baseline = true;
	return 0;
}

/* The figure of column k over the cells at (rv, cv) (any_col: the
 * row's every place), appended to t. */
static int S_pivot_figure(tr_wu_doc *d, S_pivot *pv, tr_wu_table *t, const S_col *col,
                          long rv, long cv, bool any_col)
{
	const tr_results *r = d->r;
	const tr_metric *m = col->m;
	double *vals = tr_calloc(r->ncells + 1, sizeof(double)), v;
	size_t n = 0, finite = 0, nbase = 0;
	const tr_cell *only = NULL;
	if (!vals)
		return d->rc = TR_ENOMEM;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		long base;
		if (!S_at(d, pv, c, rv, cv, any_col))
			continue;
		base = tr_results_cell(r, tr_results_baseline_of(r, (long)c->scenario),
		                       c->scenario, c->workload);
		/* the baseline compared with itself says nothing: its own
		 * figure instead, when the place is the baseline's alone */
		if (c->provider == tr_results_baseline_of(r, (long)c->scenario) &&
		    m->kind != TR_METRIC_CELL)
			nbase++;
		vals[n] = m->kind == TR_METRIC_CELL ? tr_metric_picked(r, m, c, col->pick)
		          : c->provider == tr_results_baseline_of(r, (long)c->scenario) ? NAN
		          : tr_metric_value(m, c, base >= 0 ? &r->cells[base] : NULL,
		                            tr_wu_comparison(r, c->provider, c->scenario,
		                                             c->workload));
		finite += isfinite(vals[n]);
		only = c;
		n++;
	}
	if (n > 1 && !pv->agg_given) {
		free(vals);
		return S_too_many(d, pv, n, rv, cv, any_col);
	}
	if (n > 0 && nbase == n && m->base) {
		free(vals);
		return S_baseline_figure(d, pv, t, m->base, only, col->pick, n);
	}
	v = tr_metric_aggregate(vals, n, pv->agg);
	if (n == 0 || finite == 0)
		pv->nmissing++;
	else if (finite < n)
		pv->npartial++;
	free(vals);
	tr_wu_table_figure(d, t, &pv->o, m, v);
	return 0;
}

/* The provider of a place, when rows or cols are providers; -1. */
static long S_place_provider(const S_pivot *pv, long rv, long cv, bool any_col)
{
	if (pv->rows == S_PROVIDER)
		return rv;
	return any_col ? -1 : cv;
}

/* The place of the provider compared with, in a column of contrasts:
 * its own figure, with its unit. */
static int S_own_figure(tr_wu_doc *d, S_pivot *pv, tr_wu_table *t, const S_col *col,
                        long rv, long cv, bool any_col)
{
	const tr_results *r = d->r;
	const tr_cell *only = NULL;
	size_t n = 0;
	for (size_t i = 0; i < r->ncells; i++)
		if (S_at(d, pv, &r->cells[i], rv, cv, any_col)) {
			only = &r->cells[i];
			n++;
		}
	if (n == 0) {
		pv->nmissing++;
		tr_wu_table_text(t, S_EN_DASH);
		return 0;
	}
	return S_baseline_figure(d, pv, t, col->m, only, col->pick, n);
}

/* Column k against provider q at (rv, cv): the pairs of cells there
 * (each with q's cell of its scenario and workload), stats' contrast. */
static int S_pivot_contrast(tr_wu_doc *d, S_pivot *pv, tr_wu_table *t, const S_col *col,
                            long rv, long cv, bool any_col)
{
	const tr_results *r = d->r;
	size_t *pa, *qb, n = 0;
	tr_contrast c;
	int rc = 0;
	if (S_place_provider(pv, rv, cv, any_col) == (long)pv->q)
		return S_own_figure(d, pv, t, col, rv, cv, any_col);
	pa = tr_calloc(r->ncells + 1, sizeof(size_t));
	qb = tr_calloc(r->ncells + 1, sizeof(size_t));
	if (!pa || !qb)
		rc = d->rc = TR_ENOMEM;
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *ce = &r->cells[i];
		long o;
		if (!S_at(d, pv, ce, rv, cv, any_col) ||
		    (o = tr_results_cell(r, pv->q, ce->scenario, ce->workload)) < 0)
			continue;
		pa[n] = i;
		qb[n++] = (size_t)o;
	}
	if (rc == 0 && n > 1 && !pv->agg_given)
		rc = S_too_many(d, pv, n, rv, cv, any_col);
	if (rc == 0)
		rc = tr_contrast_pairs(&c, r, col->m, pa, qb, n, pv->agg, col->pick);
	if (rc == TR_ENOTFOUND) {
		pv->nmissing++;
		tr_wu_table_text(t, S_EN_DASH);
		rc = 0;
	} else if (rc == 0) {
		pv->npartial += c.used < n;
		tr_wu_table_contrast(d, t, &pv->o, col->m, &c, col->style);
	}
	free(pa);
	free(qb);
	return rc;
}

/* How column k shows metric mm: as itself, or (vs=, a comparison's fmt=,
 * or a derived metric with runs=) as its base against q. */
static int S_pivot_col(tr_wu_doc *d, S_pivot *pv, const tr_metric *mm, S_col *out)
{
	tr_wu_style st = pv->o.style;
	bool derived = mm->kind == TR_METRIC_GAP || mm->kind == TR_METRIC_RATIO;
	bool options = pv->o.vs >= 0 || pv->o.pick_given || tr_wu_style_contrast(st);
	memset(out, 0, sizeof(*out));
	out->m = mm;
	out->style = st;
	if ((mm->kind == TR_METRIC_COMPARISON || mm->kind == TR_METRIC_INV_RATIO) && options)
		return tr_wu_error(d, "{{table pivot}}: metric=%s takes no vs=, runs= or fmt=%s "
		                      "(name the figure it compares, e.g. tps_median or "
		                      "cost_per_tps, with vs=PROVIDER)", mm->key,
		                   tr_wu_style_contrast(st) ? "x1|pct|diff|words" : "");
	out->contrast = derived ? options : mm->kind == TR_METRIC_CELL &&
	                                    (pv->o.vs >= 0 || tr_wu_style_contrast(st));
	if (out->contrast && derived) {
		out->m = mm->base;
		if (st == TR_WU_STYLE_DEFAULT)
			out->style = mm->kind == TR_METRIC_RATIO ? TR_WU_STYLE_X1 : TR_WU_STYLE_PCT;
	}
	if (st == TR_WU_STYLE_DURATION && out->m->format != TR_METRIC_FMT_SECONDS)
		return tr_wu_error(d, "{{table pivot}}: fmt=duration is for durations "
		                      "(init.total_s, init.wall_s, init.phase.NAME_s), not for %s",
		                   mm->key);
	if (st == TR_WU_STYLE_K && (out->contrast || mm->kind != TR_METRIC_CELL))
		return tr_wu_error(d, "{{table pivot}}: fmt=k is for figures such as TPS, not for "
		                      "%s%s", out->contrast ? "a comparison of " : "", mm->key);
	if (out->contrast && out->m->direction == TR_METRIC_NEITHER)
		return tr_wu_error(d, "{{table pivot}}: %s cannot be compared", out->m->key);
	out->pick = out->m->kind == TR_METRIC_CELL ? tr_wu_table_pick(d, &pv->o, out->m)
	                                           : TR_RUNS_MEDIAN;
	out->label = tr_wu_picked_label(d, out->m, out->pick);
	pv->any_contrast |= out->contrast;
	return 0;
}

static int S_pivot_metrics(tr_wu_doc *d, S_pivot *pv, const char *ms)
{
	while (*ms) {
		size_t n = strcspn(ms, ",");
		const char *key = tr_wu_keep(d, tr_strndup(ms, n));
		const tr_metric *m;
		int rc;
		if (pv->nmetrics == TR_WU_MAX_ARGS)
			return tr_wu_error(d, "{{table pivot}}: at most %d metrics", TR_WU_MAX_ARGS);
		if (!(m = tr_wu_metric(d, key)))
			return TR_EINVALID;
		if ((rc = S_pivot_col(d, pv, m, &pv->metrics[pv->nmetrics++])) < 0)
			return rc;
		ms += n + (ms[n] == ',');
	}
	return 0;
}

static int S_pivot_args(tr_wu_doc *d, const tr_wu_directive *dir, S_pivot *pv)
{
	tr_wu_args a;
	const char *ms, *sc;
	int rc;
	memset(pv, 0, sizeof(*pv));
	pv->scenario = -1;
	if ((rc = tr_wu_split_args(d, dir, "rows cols metric agg scenario vs runs fmt verdict",
	                           &a)) < 0)
		return rc;
	if (a.npos > 1)
		return tr_wu_error(d, "{{table pivot}}: unexpected '%s' (expected rows=D cols=D "
		                      "metric=M[,M...] [agg=...] [scenario=S] [vs=PROVIDER] "
		                      "[runs=median|best|worst] [fmt=pct|x1|diff|words|k|duration])",
		                   tr_wu_c(d, a.pos[1]));
	if ((rc = S_dim_parse(d, "rows", tr_wu_arg(&a, "rows"), &pv->rows)) < 0 ||
	    (rc = S_dim_parse(d, "cols", tr_wu_arg(&a, "cols"), &pv->cols)) < 0 ||
	    (rc = tr_wu_parse_agg(d, &a, &pv->agg, &pv->agg_given)) < 0 ||
	    (rc = tr_wu_table_opts_parse(d, dir, &a, &pv->o)) < 0)
		return rc;
	if (pv->rows == pv->cols)
		return tr_wu_error(d, "{{table pivot}}: rows and cols are both %s",
		                   S_dims[pv->rows]);
	if ((sc = tr_wu_arg(&a, "scenario")) && (pv->scenario = tr_wu_scenario(d, sc)) < 0)
		return TR_EINVALID;
	if (!(ms = tr_wu_arg(&a, "metric")) || !*ms)
		return tr_wu_error(d, "{{table pivot}}: metric=M[,M...] is needed (e.g. "
		                      "metric=tps_median,latency.p95_ms)");
	/* without vs=: the baseline of the pivot's scenario (the study's when
	 * the pivot spans scenarios) */
	pv->q = pv->o.vs >= 0 ? (size_t)pv->o.vs : tr_results_baseline_of(d->r, pv->scenario);
	if ((rc = S_pivot_metrics(d, pv, ms)) < 0)
		return rc;
	if (pv->any_contrast && pv->rows != S_PROVIDER && pv->cols != S_PROVIDER)
		return tr_wu_error(d, "{{table pivot}}: a comparison with %s is by provider: "
		                      "give rows=provider or cols=provider",
		                   tr_wu_c(d, d->r->providers[pv->q].id));
	/* an "all" column over providers would mix them with the one they
	 * are compared with */
	pv->all_col = pv->agg_given && !(pv->any_contrast && pv->cols == S_PROVIDER);
	return d->rc;
}

static const char *S_pivot_caption(tr_wu_doc *d, const S_pivot *pv)
{
	const tr_results *r = d->r;
	tr_buf cap = TR_BUF_INIT;
	tr_wu_style st = TR_WU_STYLE_DEFAULT;
	tr_buf_puts(&cap, pv->metrics[0].label);
	for (size_t k = 1; k < pv->nmetrics; k++)
		tr_buf_printf(&cap, "%s %s", k + 1 == pv->nmetrics ? " and" : ",",
		              pv->metrics[k].label);
	if (pv->one_col)
		tr_buf_printf(&cap, " by %s", S_dims[pv->rows]);
	else
		tr_buf_printf(&cap, " by %s and %s", S_dims[pv->rows], S_dims[pv->cols]);
	if (pv->scenario >= 0)
		tr_buf_printf(&cap, ", %s", r->scenarios[pv->scenario].label);
	if (pv->one_col && !(pv->cols == S_SCENARIO && pv->scenario >= 0))
		tr_buf_printf(&cap, ", %s", pv->one_col);
	if (pv->agg_given)
		tr_buf_printf(&cap, " (%s over the cells of each place)",
		              tr_metric_agg_name(pv->agg));
	for (size_t k = 0; k < pv->nmetrics && st == TR_WU_STYLE_DEFAULT; k++)
		if (pv->metrics[k].contrast)
			st = pv->metrics[k].style;
	if (pv->any_contrast)
		tr_buf_printf(&cap, ": %s, in the same workload",
		              tr_wu_style_words(d, st, r->providers[pv->q].label));
	return tr_wu_keep_buf(d, &cap);
}

static const char *S_pivot_note(tr_wu_doc *d, const S_pivot *pv)
{
	const char *rule = tr_wu_table_opts_note(d, &pv->o);
	tr_buf b = TR_BUF_INIT;
	if (pv->nmissing)
		tr_buf_puts(&b, S_EN_DASH ": no usable runs with this figure there (or the "
		                "provider compared with has none).");
	if (pv->npartial)
		tr_buf_printf(&b, "%sSome aggregates leave out cells that lack the figure.",
		              b.size ? " " : "");
	if (pv->baseline)
		tr_buf_printf(&b, "%s%s shows its own figure, with its unit: the others are "
		                  "compared with it.", b.size ? " " : "",
		              tr_wu_c(d, d->r->providers[pv->q].label));
	if (rule)
		tr_buf_printf(&b, "%s%s", b.size ? " " : "", rule);
	return b.size ? tr_wu_keep_buf(d, &b) : NULL;
}

/* A single column value is said once, in the caption: the headers are
 * the metrics' labels then, not the value repeated over each; with
 * several, each value heads its metrics once, spanning them. */
static void S_pivot_header(tr_wu_doc *d, S_pivot *pv, tr_wu_table *t, const long *cv,
                           size_t nc)
{
	bool one = nc == 1 && !pv->all_col;
	if (one)
		pv->one_col = S_dim_label(d, pv->cols, cv[0]);
	tr_wu_table_col(t, S_dim_headers[pv->rows], pv->rows >= S_CLIENTS);
	for (size_t c = 0; c < nc + pv->all_col; c++)
		for (size_t k = 0; k < pv->nmetrics; k++) {
			const char *cl = c == nc ? "all" : S_dim_label(d, pv->cols, cv[c]);
			if (one || pv->nmetrics == 1)
				tr_wu_table_col(t, one ? pv->metrics[k].label : cl, true);
			else
				/* the column's value once over its metrics (HTML) */
				tr_wu_table_col_group(t, cl, pv->metrics[k].label, true);
		}
}

int tr_wu_table_pivot(tr_wu_doc *d, const tr_wu_directive *dir)
{
	const tr_results *r = d->r;
	S_pivot pv;
	tr_wu_table t;
	long *rv = NULL, *cv = NULL;
	size_t nr, nc;
	int rc;

	if ((rc = S_pivot_args(d, dir, &pv)) < 0)
		return rc;
	rv = tr_calloc(r->ncells + 1, sizeof(long));
	cv = tr_calloc(r->ncells + 1, sizeof(long));
	if (!rv || !cv) {
		rc = d->rc = TR_ENOMEM;
		goto cleanup;
	}
	nr = S_dim_values(d, pv.rows, pv.scenario, rv);
	nc = S_dim_values(d, pv.cols, pv.scenario, cv);
	tr_wu_table_init(&t);
	S_pivot_header(d, &pv, &t, cv, nc);
	for (size_t i = 0; i < nr && rc == 0; i++) {
		tr_wu_table_text(&t, S_dim_label(d, pv.rows, rv[i]));
		for (size_t c = 0; c < nc + pv.all_col && rc == 0; c++)
			for (size_t k = 0; k < pv.nmetrics && rc == 0; k++)
				rc = (pv.metrics[k].contrast ? S_pivot_contrast : S_pivot_figure)(
					d, &pv, &t, &pv.metrics[k], rv[i], c < nc ? cv[c] : 0, c == nc);
	}
	rc = rc < 0 ? rc : t.rc;
	if (rc == 0 && pv.nmissing == nr * (nc + pv.all_col) * pv.nmetrics) {
		tr_wu_table_free(&t);
		rc = tr_wu_error(d, "{{table pivot}}: nothing to show (no cell%s has %s%s)",
		                 pv.scenario >= 0 ? " of that scenario" : "",
		                 pv.metrics[0].m->key, pv.nmetrics > 1 ? " or the others" : "");
	} else if (rc == 0) {
		const char *note = S_pivot_note(d, &pv);
		tr_wu_table_caption(&t, S_pivot_caption(d, &pv));
		if (note)
			tr_wu_table_note(&t, note);
		tr_wu_emit_table(d, &t);
	} else {
		tr_wu_table_free(&t);
	}
	rc = rc < 0 ? rc : d->rc;
cleanup:
	free(rv);
	free(cv);
	return rc;
}
