/* contrast.c: two providers (or two runs) on one catalog metric: the
 * ratio, the difference and the percent change, and the Holm-adjusted
 * Mann-Whitney p behind a single-cell contrast (docs/metrics.md, "Any
 * two figures"). Every p a writeup shows comes from here or compare.c. */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_fill(tr_contrast *out, double a, double b)
{
	out->a = a;
	out->b = b;
	out->diff = a - b;
	out->zero = isfinite(a) && b == 0;
	out->ratio = isfinite(a) && isfinite(b) && b != 0 ? a / b : NAN;
	out->pct = (out->ratio - 1) * 100;
}

static void S_clear(tr_contrast *out)
{
	memset(out, 0, sizeof(*out));
	out->p = NAN;
	S_fill(out, NAN, NAN);
}

/* The figures of m of a cell's runs, NaNs left out; *n set. */
static int S_runs(double **out, size_t *n, const tr_results *r, const tr_metric *m,
                  const tr_cell *c)
{
	*n = 0;
	*out = tr_calloc(c->nruns + 1, sizeof(double));
	if (!*out)
		return TR_ENOMEM;
	for (size_t k = 0; k < c->nruns; k++) {
		double v = tr_metric_of_run(m, &r->runs[c->runs[k]]);
		if (isfinite(v))
			(*out)[(*n)++] = v;
	}
	return 0;
}

/* Exact Mann-Whitney of cells i and j on m's run figures: 0 and *p, or
 * TR_ENOTFOUND when a side has none; *na, *nb the runs used. */
static int S_test(double *p, size_t *na, size_t *nb, const tr_results *r, const tr_metric *m,
                  size_t i, size_t j)
{
	double *a = NULL, *b = NULL, u;
	bool exact;
	int rc;
	if ((rc = S_runs(&a, na, r, m, &r->cells[i])) == 0 &&
	    (rc = S_runs(&b, nb, r, m, &r->cells[j])) == 0) {
		rc = *na && *nb ? tr_mann_whitney(p, &u, &exact, a, *na, b, *nb) : TR_ENOTFOUND;
		if (rc == TR_EINVALID)
			rc = TR_ENOTFOUND;
	}
	free(a);
	free(b);
	return rc;
}

static bool S_tps(const tr_metric *m)
{
	return strncmp(m->key, "tps_", 4) == 0 && tr_metric_per_run(m);
}

/* Is cells i, j's pair in the family of m's pairwise tests? Every pair
 * at one place, but for TPS not those with the baseline, whose tests are
 * the study's comparisons (compare.c). */
static bool S_in_family(const tr_results *r, const tr_metric *m, size_t i, size_t j)
{
	const tr_cell *a = &r->cells[i], *b = &r->cells[j];
	size_t base = tr_results_baseline_of(r, (long)a->scenario);
	if (a->scenario != b->scenario || a->workload != b->workload)
		return false;
	return !(S_tps(m) && (a->provider == base || b->provider == base));
}

/* The Holm-adjusted p of cells ci and cj in m's pairwise family. */
static int S_family_p(double *p, const tr_results *r, const tr_metric *m, size_t ci,
                      size_t cj)
{
	size_t cap = 16, n = 0, at = 0, na, nb;
	double *raw = tr_calloc(cap, sizeof(double)), *adj = NULL;
	int rc = raw ? 0 : TR_ENOMEM;
	bool found = false;
	*p = NAN;
	/* cells are sorted by scenario and workload: a place's cells are
	 * consecutive */
	for (size_t i = 0; i < r->ncells && rc == 0; i++)
		for (size_t j = i + 1; j < r->ncells && rc == 0 &&
		     r->cells[j].scenario == r->cells[i].scenario &&
		     r->cells[j].workload == r->cells[i].workload; j++) {
			double v;
			if (!S_in_family(r, m, i, j))
				continue;
			if ((rc = S_test(&v, &na, &nb, r, m, i, j)) == TR_ENOTFOUND) {
				rc = 0;
				continue;
			}
			if (rc == 0 && (rc = tr_grow(&raw, &cap, n + 1, sizeof(double))) == 0) {
				if ((i == ci && j == cj) || (i == cj && j == ci))
					at = n, found = true;
				raw[n++] = v;
			}
		}
	if (rc == 0 && found && !(adj = tr_calloc(n, sizeof(double))))
		rc = TR_ENOMEM;
	if (rc == 0 && found && (rc = tr_holm(adj, raw, n)) == 0)
		*p = adj[at];
	free(raw);
	free(adj);
	return rc;
}

static const tr_comparison *S_comparison(const tr_results *r, size_t cell)
{
	for (size_t i = 0; i < r->ncomparisons; i++)
		if (r->comparisons[i].cell == cell)
			return &r->comparisons[i];
	return NULL;
}

/* The test behind one cell against one cell. */
static int S_tested(tr_contrast *out, const tr_results *r, const tr_metric *m, size_t ci,
                    size_t cj)
{
	const tr_cell *a = &r->cells[ci], *b = &r->cells[cj];
	size_t base = tr_results_baseline_of(r, (long)a->scenario);
	double raw;
	int rc;
	if (!tr_metric_per_run(m))
		return 0;
	if (S_tps(m) && (a->provider == base || b->provider == base)) {
		const tr_comparison *cmp = S_comparison(r, a->provider == base ? cj : ci);
		if (!cmp || isnan(cmp->p_adjusted))
			return 0;
		out->p = cmp->p_adjusted;
		out->study_family = true;
	} else {
		rc = S_test(&raw, &out->na, &out->nb, r, m, ci, cj);
		if (rc == TR_ENOTFOUND)
			return 0;
		if (rc < 0 || (rc = S_family_p(&out->p, r, m, ci, cj)) < 0)
			return rc;
		if (isnan(out->p))
			return 0;
	}
	out->na = a->nruns;
	out->nb = b->nruns;
	out->tested = true;
	out->significant = out->p <= r->alpha;
	return 0;
}

int tr_contrast_pairs(tr_contrast *out, const tr_results *r, const tr_metric *m,
                      const size_t *pa, const size_t *qb, size_t npairs, tr_metric_agg agg,
                      tr_run_pick pick)
{
	double *a = tr_calloc(npairs + 1, sizeof(double));
	double *b = tr_calloc(npairs + 1, sizeof(double));
	long ci = -1, cj = -1;
	size_t n = 0;
	int rc = a && b ? 0 : TR_ENOMEM;

	S_clear(out);
	if (m->base)
		m = m->base;
	for (size_t i = 0; i < npairs && rc == 0; i++) {
		a[n] = tr_metric_picked(r, m, &r->cells[pa[i]], pick);
		b[n] = tr_metric_picked(r, m, &r->cells[qb[i]], pick);
		if (!isfinite(a[n]) || !isfinite(b[n]))
			continue;
		ci = (long)pa[i], cj = (long)qb[i];
		n++;
	}
	if (rc == 0 && n == 0)
		rc = TR_ENOTFOUND;
	if (rc == 0) {
		out->used = n;
		/* A wildcard that matched one cell is that cell: its own test,
		 * never "the mean of 1". */
		out->aggregated = n > 1;
		out->agg = agg;
		S_fill(out, tr_metric_aggregate(a, n, agg), tr_metric_aggregate(b, n, agg));
		if (n == 1)
			rc = S_tested(out, r, m, (size_t)ci, (size_t)cj);
	}
	free(a);
	free(b);
	return rc;
}

int tr_contrast_cells(tr_contrast *out, const tr_results *r, const tr_metric *m, size_t p,
                      size_t q, long s, long w, tr_metric_agg agg, tr_run_pick pick)
{
	size_t *pa = tr_calloc(r->ncells + 1, sizeof(size_t));
	size_t *qb = tr_calloc(r->ncells + 1, sizeof(size_t));
	size_t n = 0;
	int rc = pa && qb ? 0 : TR_ENOMEM;

	if (rc < 0)
		S_clear(out);
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *c = &r->cells[i];
		long o;
		if (c->provider != p || (s >= 0 && c->scenario != (size_t)s) ||
		    (w >= 0 && c->workload != (size_t)w) ||
		    (o = tr_results_cell(r, q, c->scenario, c->workload)) < 0)
			continue;
		pa[n] = i;
		qb[n++] = (size_t)o;
	}
	if (rc == 0)
		rc = tr_contrast_pairs(out, r, m, pa, qb, n, agg, pick);
	out->one_scenario = s >= 0;
	free(pa);
	free(qb);
	return rc;
}

void tr_contrast_values(tr_contrast *out, double a, double b)
{
	S_clear(out);
	S_fill(out, a, b);
	out->used = isfinite(a) && isfinite(b);
}

void tr_contrast_runs(tr_contrast *out, const tr_results *r, const tr_metric *m, size_t a,
                      size_t b)
{
	S_clear(out);
	if (m->base)
		m = m->base;
	S_fill(out, tr_metric_of_run(m, &r->runs[a]), tr_metric_of_run(m, &r->runs[b]));
	out->used = 1;
}

double tr_contrast_get(const tr_contrast *c, tr_contrast_field field)
{
	return field == TR_CONTRAST_DIFF ? c->diff : field == TR_CONTRAST_PCT ? c->pct : c->ratio;
}

/* Widens [*lo, *hi] by p against q at scenario s, workload w. */
static int S_range_add(double *lo, double *hi, size_t *used, const tr_results *r,
                       const tr_metric *m, size_t p, size_t q, long s, long w,
                       tr_metric_agg agg, tr_contrast_field field)
{
	tr_contrast c;
	double v;
	int rc = tr_contrast_cells(&c, r, m, p, q, s, w, agg,
	                           tr_metric_default_pick(r, m->base ? m->base : m));
	if (rc == TR_ENOTFOUND)
		return 0;
	if (rc < 0)
		return rc;
	if (!isfinite(v = tr_contrast_get(&c, field)))
		return 0;
	if (*used == 0 || v < *lo)
		*lo = v;
	if (*used == 0 || v > *hi)
		*hi = v;
	(*used)++;
	return 0;
}

int tr_contrast_range(double *lo, double *hi, size_t *used, const tr_results *r,
                      const tr_metric *m, size_t p, size_t q, const size_t *scen, size_t n,
                      long w, bool each_workload, tr_metric_agg agg,
                      tr_contrast_field field)
{
	size_t count = n ? n : r->nscenarios;
	int rc = 0;
	*lo = *hi = NAN;
	*used = 0;
	for (size_t i = 0; i < count && rc == 0; i++) {
		long s = (long)(n ? scen[i] : i);
		if (!each_workload) {
			rc = S_range_add(lo, hi, used, r, m, p, q, s, w, agg, field);
			continue;
		}
		for (size_t k = 0; k < r->nworkloads && rc == 0; k++)
			rc = S_range_add(lo, hi, used, r, m, p, q, s, (long)k, agg, field);
	}
	return rc;
}
