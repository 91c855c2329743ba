/* contrast.c: two providers (or two runs) on one catalog metric: the
 * ratio, the difference and the percent change, and the Holm-adjusted
 * Mann-Whitney p behind a single-cell contrast (docs/metrics.md, "Any
 * two figures"). Every p a writeup shows comes from here or compare.c. */

#include "stats.h"
#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <pthread.h>
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

/* One metric's pairwise family: every pair of cells at one place with a
 * test on m, as (ci[k], cj[k]) with ci < cj in the order of the loop that
 * makes them (so sorted), and each pair's Holm-adjusted p. */
typedef struct {
	const tr_metric *m;
	size_t n;
	size_t *ci, *cj;
	double *adj;
} S_family;

struct tr_pair_cache {
	pthread_mutex_t lock;    /* renderers may ask from several threads */
	S_family *fam;
	size_t n, cap;
};

static void S_family_free(S_family *f)
{
	free(f->ci);
	free(f->cj);
	free(f->adj);
	memset(f, 0, sizeof(*f));
}

/* One pair into the family and its raw p; TR_ENOMEM. */
static int S_family_add(S_family *f, double **raw, size_t *caps, size_t i, size_t j,
                        double p)
{
	if (tr_grow(raw, &caps[0], f->n + 1, sizeof(double)) < 0 ||
	    tr_grow(&f->ci, &caps[1], f->n + 1, sizeof(size_t)) < 0 ||
	    tr_grow(&f->cj, &caps[2], f->n + 1, sizeof(size_t)) < 0)
		return TR_ENOMEM;
	(*raw)[f->n] = p;
	f->ci[f->n] = i;
	f->cj[f->n++] = j;
	return 0;
}

/* Every test of m's family, then Holm over them all. */
static int S_family_make(S_family *out, const tr_results *r, const tr_metric *m)
{
	size_t caps[3] = { 0, 0, 0 }, na, nb;
	double *raw = NULL;
	int rc = 0;
	memset(out, 0, sizeof(*out));
	out->m = m;
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
			if (rc == 0)
				rc = S_family_add(out, &raw, caps, i, j, v);
		}
	if (rc == 0 && !(out->adj = tr_calloc(out->n + 1, sizeof(double))))
		rc = TR_ENOMEM;
	if (rc == 0 && out->n > 0)
		rc = tr_holm(out->adj, raw, out->n);
	free(raw);
	if (rc < 0)
		S_family_free(out);
	return rc;
}

/* The adjusted p of the pair (ci, cj) in f (binary search), NaN when the
 * pair is not in it. */
static double S_family_find(const S_family *f, size_t ci, size_t cj)
{
	size_t a = ci < cj ? ci : cj, b = ci < cj ? cj : ci, lo = 0, hi = f->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->ci[mid] == a && f->cj[mid] == b)
			return f->adj[mid];
		if (f->ci[mid] < a || (f->ci[mid] == a && f->cj[mid] < b))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NAN;
}

struct tr_pair_cache *tr_pair_cache_new(void)
{
	struct tr_pair_cache *c = tr_calloc(1, sizeof(*c));
	if (c && pthread_mutex_init(&c->lock, NULL) != 0) {
		free(c);
		return NULL;
	}
	return c;
}

void tr_pair_cache_free(struct tr_pair_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		S_family_free(&c->fam[i]);
	free(c->fam);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

/* m's family from the cache, made on first use; NULL and *rc on failure.
 * Called with the lock held. */
static const S_family *S_cached(struct tr_pair_cache *c, const tr_results *r,
                                const tr_metric *m, int *rc)
{
	S_family f;
	for (size_t i = 0; i < c->n; i++)
		if (c->fam[i].m == m)
			return &c->fam[i];
	if ((*rc = tr_grow(&c->fam, &c->cap, c->n + 1, sizeof(S_family))) < 0 ||
	    (*rc = S_family_make(&f, r, m)) < 0)
		return NULL;
	c->fam[c->n] = f;
	return &c->fam[c->n++];
}

/* The Holm-adjusted p of cells ci and cj in m's pairwise family: the
 * family is tested once per metric and kept in r->pair_cache (a table of
 * N cells asked N times for its family of N^2 pairs otherwise). */
static int S_family_p(double *p, const tr_results *r, const tr_metric *m, size_t ci,
                      size_t cj)
{
	const S_family *f;
	S_family own;
	int rc = 0;
	*p = NAN;
	if (!r->pair_cache) {
		if ((rc = S_family_make(&own, r, m)) == 0)
			*p = S_family_find(&own, ci, cj);
		S_family_free(&own);
		return rc;
	}
	pthread_mutex_lock(&r->pair_cache->lock);
	if ((f = S_cached(r->pair_cache, r, m, &rc)) != NULL)
		*p = S_family_find(f, ci, cj);
	pthread_mutex_unlock(&r->pair_cache->lock);
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
