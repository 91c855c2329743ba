/* compute.c: the figures of a diff: every metric of every common cell,
 * tested old runs against new runs, Holm-adjusted per metric.
 *
 * The figures shown are the cells' own (the report's median TPS, median
 * latency average, pooled per-transaction percentiles, cost per TPS); the
 * test is over the runs' figures, the same way a report compares two
 * providers (docs/metrics.md). */

#include "diff_internal.h"
#include "stats/stats.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The diff's metrics: the stats catalog's TR_PLACE_DIFF columns (in the
 * order of tr_diff_metric_id), then every other figure of a cell in the
 * catalog, in its order. Made once, on first use, under pthread_once as
 * the catalog's derived rows are (a thread that comes second waits); the
 * table lives as long as the program. */
static tr_diff_metric *S_metrics;
static size_t S_nmetrics;
static pthread_once_t S_once = PTHREAD_ONCE_INIT;

/* Is row i of the catalog a second name of a figure another row has? The
 * results.csv names (tps_cov_pct_worst) of the nested figures
 * (stability.worst.tps_cov_pct): the nested one is the diff's. */
static bool S_alias(const tr_metric *rows, size_t n, size_t i)
{
	bool di = strchr(rows[i].key, '.') != NULL;
	for (size_t j = 0; j < n; j++) {
		bool dj = strchr(rows[j].key, '.') != NULL;
		if (j == i || rows[j].kind != TR_METRIC_CELL || rows[j].offset != rows[i].offset)
			continue;
		if ((dj && !di) || (dj == di && j < i))
			return true;
	}
	return false;
}

static bool S_listed(size_t upto, const tr_metric *m)
{
	for (size_t k = 0; k < upto; k++)
		if (S_metrics[k].metric && S_metrics[k].metric->offset == m->offset)
			return true;
	return false;
}

/* Labels of the catalog rows, made once with the table. */
static char (*S_labels)[96];

/* A catalog row's label in a diff heading, where no table gives it a
 * context: a per-transaction percentile and an init time by the catalog's
 * noun ("p50 latency per transaction", "Init time"), the others by their
 * title; a "(ms)" of the title becomes the heading's unit. */
static void S_label(char *out, size_t size, const tr_metric *m, bool *unit_named)
{
	const char *title = tr_metric_title(m), *paren = strstr(title, " (");
	size_t n;
	*unit_named = false;
	if (strncmp(m->key, "latency.", 8) == 0)
		snprintf(out, size, "%s per transaction", m->noun);
	else if (strncmp(m->key, "init.", 5) == 0)
		snprintf(out, size, "%s", m->noun);
	else if (paren && *m->unit && strncmp(paren + 2, m->unit, strlen(m->unit)) == 0 &&
	         strcmp(paren + 2 + strlen(m->unit), ")") == 0)
		snprintf(out, size, "%.*s", (int)(paren - title), title);
	else {
		snprintf(out, size, "%s", title);
		*unit_named = paren != NULL;
	}
	n = strlen(out);
	if (n > 0 && out[0] >= 'a' && out[0] <= 'z' && !(out[1] >= '0' && out[1] <= '9'))
		out[0] = (char)(out[0] - 'a' + 'A');
}

/* A catalog row as a diff metric: "Price per month, EUR", "CoV, worst
 * run, %", "p50 latency per transaction, ms". */
static tr_diff_metric S_from_row(const tr_metric *m, char *label, size_t size)
{
	bool money = m->format == TR_METRIC_FMT_COST || m->format == TR_METRIC_FMT_PER100 ||
	             m->format == TR_METRIC_FMT_MONEY;
	bool named, unit = strcmp(m->unit, "%") == 0 || strcmp(m->unit, "ms") == 0 ||
	                   strcmp(m->unit, "s") == 0;
	S_label(label, size, m, &named);
	return (tr_diff_metric){
		.key = m->key, .label = label, .unit = unit && !named ? m->unit : NULL,
		.better = m->direction == TR_METRIC_LOWER ? -1 : +1, .note = "",
		.cell_key = m->key, .run_key = tr_metric_run_member(m), .currency = money,
		.per_month = m->format != TR_METRIC_FMT_MONEY, .priced = tr_metric_priced(m),
		.metric = m,
	};
}

static void S_make_once(void)
{
	size_t nc, nrows, n = 0;
	const tr_metric_col *col = tr_metric_place_cols(TR_PLACE_DIFF, &nc);
	const tr_metric *rows = tr_metric_catalog(&nrows);
	if (!(S_metrics = tr_calloc(nc + nrows + 1, sizeof(tr_diff_metric))) ||
	    !(S_labels = tr_calloc(nrows + 1, sizeof(*S_labels))))
		return;
	for (size_t i = 0; i < nc; i++) {
		const tr_metric *m = tr_metric_col_metric(&col[i]);
		S_metrics[n++] = (tr_diff_metric){
			.key = col[i].name, .label = col[i].header, .unit = col[i].unit,
			.better = m && m->direction == TR_METRIC_LOWER ? -1 : +1,
			.note = col[i].note, .cell_key = col[i].key, .run_key = col[i].run_key,
			.currency = (col[i].flags & TR_COL_CURRENCY) != 0, .per_month = true,
			.priced = tr_metric_priced(m), .metric = m,
		};
	}
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].kind == TR_METRIC_CELL && !S_alias(rows, nrows, i) &&
		    !S_listed(n, &rows[i]))
			S_metrics[n++] = S_from_row(&rows[i], S_labels[i], sizeof(S_labels[i]));
	S_nmetrics = n;
}

static void S_make(void)
{
	(void)pthread_once(&S_once, S_make_once);
}

size_t tr_diff_metric_count(void)
{
	S_make();
	return S_nmetrics;
}

const tr_diff_metric *tr_diff_metric_get(size_t i)
{
	S_make();
	return i < S_nmetrics ? &S_metrics[i] : NULL;
}

int tr_diff_metric_find(const char *key)
{
	S_make();
	for (size_t i = 0; i < S_nmetrics; i++)
		if (strcmp(S_metrics[i].key, key) == 0 ||
		    (S_metrics[i].metric && strcmp(S_metrics[i].metric->key, key) == 0))
			return (int)i;
	return -1;
}

bool tr_diff_metric_tested(int m)
{
	const tr_diff_metric *mt = tr_diff_metric_get((size_t)m);
	return mt && (mt->run_key || mt->priced);
}

int tr_diff_heading(tr_buf *out, const tr_diff *d, int m)
{
	const tr_diff_metric *mt = tr_diff_metric_get((size_t)m);
	tr_buf_puts(out, mt->label);
	if (mt->unit)
		tr_buf_printf(out, ", %s", mt->unit);
	else if (mt->currency)
		tr_buf_printf(out, ", %s%s", d->currency ? d->currency : "currency",
		              mt->per_month ? " a month" : "");
	return tr_buf_puts(out, mt->note);
}

const char *tr_diff_what_name(tr_diff_what what, bool finding)
{
	if (finding)
		return what == TR_DIFF_ADDED ? "appeared" : "gone";
	return what == TR_DIFF_ADDED ? "added" :
	       what == TR_DIFF_REMOVED ? "removed" : "changed";
}

static int S_verdict_line(tr_buf *out, const tr_diff *d, size_t shown,
                          size_t tested, size_t sig);

int tr_diff_sameness(tr_buf *out, const tr_diff *d)
{
	if (d->identical)
		return tr_buf_puts(out, "The inputs are identical.");
	if (d->old_digest && d->new_digest && strcmp(d->old_digest, d->new_digest) == 0)
		return tr_buf_puts(out, "Both documents name the same inputs "
		                   "(inputs_sha256), but they differ: one of them was "
		                   "edited or made by another version of tpsreport.");
	return 0;
}

int tr_diff_verdict(tr_buf *out, const tr_diff *d)
{
	size_t shown = 0, tested = 0, sig = 0, few = 0;
	int rc;
	for (size_t m = 0; m < d->nmetrics; m++)
		for (size_t i = 0; i < d->nchanges[m]; i++) {
			const tr_diff_change *c = &d->changes[m][i];
			shown++;
			tested += c->tested;
			sig += c->significant;
			few += c->tested &&
			       tr_mann_whitney_min_p(c->n_old, c->n_new) > d->alpha;
		}
	if ((rc = S_verdict_line(out, d, shown, tested, sig)) < 0 || few == 0)
		return rc;
	return tr_buf_printf(out, " %zu of them had too few runs to be able to "
	                     "show a change at all (3 runs against 3 cannot "
	                     "give a p below 0.1; %zu per side can reach %g).",
	                     few, tr_mann_whitney_runs_needed(d->alpha), d->alpha);
}

static int S_verdict_line(tr_buf *out, const tr_diff *d, size_t shown,
                          size_t tested, size_t sig)
{
	if (sig > 0)
		return tr_buf_printf(out, "%zu of %zu figures of %zu common cell(s) "
		                     "changed significantly (exact Mann-Whitney, old "
		                     "runs against new, Holm over each figure's cells, "
		                     "alpha %g).", sig, shown, d->ncells, d->alpha);
	return tr_buf_printf(out, "No significant change in %zu figures of %zu "
	                     "common cell(s)%s (exact Mann-Whitney, old runs "
	                     "against new, Holm over each figure's cells, alpha %g).",
	                     shown, d->ncells,
	                     tested < shown ? ", some untested" : "", d->alpha);
}

const char *tr_diff_keep(tr_diff *d, char *owned)
{
	if (!owned)
		return NULL;
	if (tr_grow(&d->strings, &d->capstrings, d->nstrings + 1, sizeof(char *)) < 0) {
		free(owned);
		return NULL;
	}
	d->strings[d->nstrings++] = owned;
	return owned;
}

char *tr_diff_cell_label(const tr_diff_cell *c)
{
	return tr_sprintf("%s \xc2\xb7 %s \xc2\xb7 %s", c->scenario,
	                  c->workload_label ? c->workload_label : c->workload_key,
	                  c->provider);
}

static long S_find_cell(const tr_diff_doc *d, const tr_diff_cell *key)
{
	return tr_diff_doc_find_cell(d, key);
}

/* The finite figures of metric m over a cell's runs; caller frees. */
static double *S_values(const tr_diff_doc *d, const tr_diff_doc_cell *c,
                        size_t m, size_t *n)
{
	double *v = tr_calloc(c->nruns + 1, sizeof(double));
	*n = 0;
	for (size_t i = 0; v && i < c->nruns; i++) {
		double x = d->runs[c->runs[i]].value[m];
		if (isfinite(x))
			v[(*n)++] = x;
	}
	return v;
}

/* One metric of one common cell; *shown false when a side lacks it. */
static int S_change(tr_diff_change *out, bool *shown, const tr_diff_doc *o,
                    const tr_diff_doc_cell *oc, const tr_diff_doc *n,
                    const tr_diff_doc_cell *nc, size_t m)
{
	double *a = NULL, *b = NULL;
	int rc = 0;
	memset(out, 0, sizeof(*out));
	out->old_value = oc->value[m];
	out->new_value = nc->value[m];
	out->p_value = out->p_adjusted = out->u = NAN;
	*shown = isfinite(out->old_value) && isfinite(out->new_value);
	if (!*shown)
		return 0;
	out->change_pct = out->old_value != 0 ?
		(out->new_value - out->old_value) / fabs(out->old_value) * 100 : NAN;
	a = S_values(o, oc, m, &out->n_old);
	b = S_values(n, nc, m, &out->n_new);
	if (!a || !b) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (out->n_old > 0 && out->n_new > 0 &&
	    tr_mann_whitney(&out->p_value, &out->u, &out->exact, a, out->n_old,
	                    b, out->n_new) == 0)
		out->tested = true;
cleanup:
	free(a);
	free(b);
	return rc;
}

/* Holm over the tested rows of one metric. */
static int S_holm(tr_diff *d, size_t m)
{
	size_t n = 0;
	double *p = tr_calloc(d->nchanges[m] + 1, sizeof(double));
	double *adj = tr_calloc(d->nchanges[m] + 1, sizeof(double));
	int rc = 0;
	if (!p || !adj) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < d->nchanges[m]; i++)
		if (d->changes[m][i].tested)
			p[n++] = d->changes[m][i].p_value;
	if (n > 0 && (rc = tr_holm(adj, p, n)) < 0)
		goto cleanup;
	n = 0;
	for (size_t i = 0; i < d->nchanges[m]; i++) {
		tr_diff_change *c = &d->changes[m][i];
		if (!c->tested)
			continue;
		c->p_adjusted = adj[n++];
		c->significant = c->p_adjusted <= d->alpha;
		d->significant |= c->significant;
	}
cleanup:
	free(p);
	free(adj);
	return rc;
}

/* The same figure on both sides: equal, or unknown on both. */
static bool S_same_value(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

static int S_common(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	d->nmetrics = tr_diff_metric_count();
	d->cells = tr_calloc(n->ncells + 1, sizeof(tr_diff_cell));
	d->changes = tr_calloc(d->nmetrics + 1, sizeof(tr_diff_change *));
	d->nchanges = tr_calloc(d->nmetrics + 1, sizeof(size_t));
	if (!d->cells || !d->changes || !d->nchanges || d->nmetrics == 0)
		return TR_ENOMEM;
	for (size_t m = 0; m < d->nmetrics; m++)
		if (!(d->changes[m] = tr_calloc(n->ncells + 1, sizeof(tr_diff_change))))
			return TR_ENOMEM;
	for (size_t i = 0; i < n->ncells; i++) {
		long oi = S_find_cell(o, &n->cells[i].key);
		if (oi < 0)
			continue;
		d->cells[d->ncells] = n->cells[i].key;
		for (size_t m = 0; m < d->nmetrics; m++) {
			tr_diff_change *c = &d->changes[m][d->nchanges[m]];
			bool shown;
			if ((rc = S_change(c, &shown, o, &o->cells[oi], n, &n->cells[i], m)) < 0)
				return rc;
			c->cell = d->ncells;
			d->nchanges[m] += shown;
			d->figures_differ |= !S_same_value(o->cells[oi].value[m],
			                                   n->cells[i].value[m]);
		}
		d->ncells++;
	}
	for (size_t m = 0; m < d->nmetrics; m++)
		if ((rc = S_holm(d, m)) < 0)
			return rc;
	return 0;
}

/* Cells of `a` that `b` does not have, in a's order. */
static int S_missing(tr_diff_cell **out, size_t *nout, const tr_diff_doc *a,
                     const tr_diff_doc *b)
{
	if (!(*out = tr_calloc(a->ncells + 1, sizeof(tr_diff_cell))))
		return TR_ENOMEM;
	for (size_t i = 0; i < a->ncells; i++)
		if (S_find_cell(b, &a->cells[i].key) < 0)
			(*out)[(*nout)++] = a->cells[i].key;
	return 0;
}

int tr_diff_compute(tr_diff **out, const tr_diff_doc *o, const tr_diff_doc *n)
{
	tr_diff *d;
	int rc;

	*out = NULL;
	if (!(d = tr_calloc(1, sizeof(*d))))
		return TR_ENOMEM;
	d->old_path = o->path;
	d->new_path = n->path;
	d->old_title = o->title;
	d->new_title = n->title;
	d->old_digest = o->digest;
	d->new_digest = n->digest;
	d->currency = n->currency;
	d->alpha = n->alpha;
	d->old_runs = o->nruns;
	d->new_runs = n->nruns;
	if ((rc = S_common(d, o, n)) < 0)
		goto fail;
	if (d->ncells == 0) {
		rc = tr_error_set("%s: no cell in common with %s (%zu cell(s) against "
		                  "%zu: other providers, scenarios or workloads)",
		                  n->path, o->path, n->ncells, o->ncells);
		goto fail;
	}
	if ((rc = S_missing(&d->cells_added, &d->ncells_added, n, o)) < 0 ||
	    (rc = S_missing(&d->cells_removed, &d->ncells_removed, o, n)) < 0 ||
	    (rc = tr_diff_items(d, o, n)) < 0)
		goto fail;
	d->identical = o->digest && n->digest && strcmp(o->digest, n->digest) == 0 &&
	               !d->figures_differ && d->ncells_added == 0 &&
	               d->ncells_removed == 0 && d->providers.count == 0 &&
	               d->scenarios.count == 0 && d->runs.count == 0 &&
	               d->prices.count == 0 && d->fx.count == 0 &&
	               d->findings.count == 0 && o->ncells == n->ncells;
	*out = d;
	return 0;
fail:
	tr_diff_free(d);
	return rc;
}

void tr_diff_free(tr_diff *d)
{
	if (!d)
		return;
	free(d->cells);
	for (size_t m = 0; d->changes && m < d->nmetrics; m++)
		free(d->changes[m]);
	free(d->changes);
	free(d->nchanges);
	free(d->cells_added);
	free(d->cells_removed);
	free(d->providers.items);
	free(d->scenarios.items);
	free(d->runs.items);
	free(d->prices.items);
	free(d->fx.items);
	free(d->findings.items);
	for (size_t i = 0; i < d->nstrings; i++)
		free(d->strings[i]);
	free(d->strings);
	free(d);
}
