/* doc.c: a results document (docs/results-json.md) as the diff reads it.
 *
 * Only what a diff compares is read; every other member is ignored, so
 * documents that have grown new members within schema 1 read the same. A
 * known member of the wrong type is an error naming its line: a diff never
 * quietly compares a figure it could not read. */

#include "diff_internal.h"
#include "stats/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct S_ctx {
	const char *path;
	char where[48];          /* "runs[3]": the member being read */
	size_t *run_src;         /* per metric: the first metric of the same
	                            run member (its figure is read once) */
} S_ctx;

/* The figures a results document can hold, and what lies beyond any that
 * pgbench or a price could give: a negative or astronomical figure is an
 * edited or corrupt document, refused rather than compared. */
typedef struct S_range {
	double lo, hi;
	const char *what;
} S_range;

/* By the catalog's format of the figure. */
static S_range S_range_of(const tr_diff_metric *mt)
{
	switch (mt->metric ? mt->metric->format : TR_METRIC_FMT_TPS) {
	case TR_METRIC_FMT_TPS:
		return (S_range){ 0, 1e9, "0 to 10^9 transactions a second" };
	case TR_METRIC_FMT_MS:
	case TR_METRIC_FMT_US_MS:
		return (S_range){ 0, 1e9, "0 to 10^9 ms" };
	case TR_METRIC_FMT_COST:
		return (S_range){ 0, 1e12, "0 to 10^12 a month per TPS" };
	case TR_METRIC_FMT_PER100:
		return (S_range){ 0, 1e12, "0 to 10^12 TPS" };
	case TR_METRIC_FMT_MONEY:
		return (S_range){ 0, 1e12, "0 to 10^12 a month" };
	case TR_METRIC_FMT_COUNT:
		return (S_range){ 0, 1e18, "0 to 10^18" };
	case TR_METRIC_FMT_SECONDS:
		return (S_range){ 0, 1e9, "0 to 10^9 s" };
	case TR_METRIC_FMT_PCT:
		/* a dip is (min - mean) / mean: never below -100% */
		return (S_range){ -100, 1e9, "-100 to 10^9 %" };
	default:
		return (S_range){ -1e12, 1e12, "-10^12 to 10^12" };
	}
}

static int S_bad_figure(S_ctx *c, const tr_jsonval *v, const char *key,
                        const char *want)
{
	return tr_error_set_at(c->path, v->line, "%s%s%s: %s is not a possible "
	                       "figure (expected %s): an edited or corrupt "
	                       "document", c->where, *c->where ? "." : "", key,
	                       v->text, want);
}

static int S_bad(S_ctx *c, const tr_jsonval *v, const char *what,
                 const char *want)
{
	return tr_error_set_at(c->path, v->line, "%s: expected %s, found %s",
	                       what, want, tr_jsonval_type_name(v->type));
}

/* A number member: NaN when absent or null. */
static int S_num(S_ctx *c, double *out, const tr_jsonval *obj, const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NAN;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_NUMBER)
		return S_bad(c, v, key, "a number or null");
	*out = v->number;
	return 0;
}

/* A figure: a number member in [lo, hi] (the reader already refuses what
 * a double cannot hold). */
static int S_figure_in(S_ctx *c, double *out, const tr_jsonval *obj, const char *key,
                       const char *name, double lo, double hi, const char *want)
{
	int rc = S_num(c, out, obj, key);
	if (rc == 0 && !isnan(*out) && !(*out >= lo && *out <= hi))
		rc = S_bad_figure(c, tr_jsonval_get(obj, key), name, want);
	return rc;
}

/* A figure in [0, hi]. */
static int S_figure(S_ctx *c, double *out, const tr_jsonval *obj,
                    const char *key, const char *name, double hi,
                    const char *want)
{
	int rc = S_num(c, out, obj, key);
	if (rc == 0 && !isnan(*out) && !(*out >= 0 && *out <= hi))
		rc = S_bad_figure(c, tr_jsonval_get(obj, key), name, want);
	return rc;
}


/* A string member: NULL when absent or null. */
static int S_str(S_ctx *c, const char **out, const tr_jsonval *obj,
                 const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NULL;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_STRING)
		return S_bad(c, v, key, "a string or null");
	*out = v->text;
	return 0;
}

/* A string member that must have a form: a currency code, a digest. */
static int S_formed(S_ctx *c, const char **out, const tr_jsonval *obj,
                    const char *key, size_t len, const char *chars,
                    const char *want)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	int rc = S_str(c, out, obj, key);
	if (rc == 0 && *out && (strlen(*out) != len || strspn(*out, chars) != len))
		rc = tr_error_set_at(c->path, v->line, "study.%s: expected %s: an "
		                     "edited or corrupt document", key, want);
	return rc;
}

/* A required string: provider, scenario and run ids. */
static int S_id(S_ctx *c, const char **out, const tr_jsonval *obj,
                const char *key)
{
	int rc = S_str(c, out, obj, key);
	if (rc == 0 && !*out)
		rc = tr_error_set_at(c->path, obj->line, "%s: missing", key);
	return rc;
}

/* An array member (absent or null: empty). */
static int S_array(S_ctx *c, const tr_jsonval **out, const tr_jsonval *obj,
                   const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NULL;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_ARRAY)
		return S_bad(c, v, key, "an array");
	for (size_t i = 0; i < v->count; i++)
		if (v->items[i].type != TR_JSONVAL_OBJECT &&
		    v->items[i].type != TR_JSONVAL_STRING)
			return S_bad(c, &v->items[i], key, "objects");
	*out = v;
	return 0;
}

static int S_object(S_ctx *c, const tr_jsonval **out, const tr_jsonval *obj,
                    const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NULL;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_OBJECT)
		return S_bad(c, v, key, "an object or null");
	*out = v;
	return 0;
}

char *tr_diff_key(const char *const *parts, size_t n, long occ)
{
	tr_buf b = TR_BUF_INIT;
	/* \1 separates the parts; a \1 or \2 in a part is written \2\3 or
	 * \2\2, and a missing part is \2\4: no two lists make one key. */
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			tr_buf_putc(&b, '\x01');
		if (!parts[i])
			tr_buf_puts(&b, "\x02\x04");
		for (const char *p = parts[i]; p && *p; p++)
			if (*p == '\x01' || *p == '\x02')
				tr_buf_puts(&b, *p == '\x01' ? "\x02\x03" : "\x02\x02");
			else
				tr_buf_putc(&b, *p);
	}
	if (occ >= 0)
		tr_buf_printf(&b, "\x01%ld", occ);
	if (tr_buf_grow(&b, 0) < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	return tr_buf_detach(&b);
}

const char *tr_diff_doc_key(tr_diff_doc *d, const char *const *parts,
                            size_t n, long occ)
{
	char *k = tr_diff_key(parts, n, occ);
	if (!k || tr_grow(&d->keys, &d->capkeys, d->nkeys + 1, sizeof(char *)) < 0) {
		free(k);
		return NULL;
	}
	return d->keys[d->nkeys++] = k;
}

long tr_diff_find(const tr_strmap *map, const char *key)
{
	size_t i;
	return key && tr_strmap_get(map, key, strlen(key), &i) ? (long)i : -1;
}

long tr_diff_doc_find_cell(const tr_diff_doc *d, const tr_diff_cell *key)
{
	const char *parts[] = { key->provider, key->scenario, key->workload_key };
	char *k = tr_diff_key(parts, 3, -1);
	long i = tr_diff_find(&d->cell_keys, k);
	free(k);
	return i;
}

/* Index s (kept alive by the document) as value i; TR_ENOMEM. */
static int S_index(tr_strmap *map, const char *s, size_t i, size_t *had)
{
	return tr_strmap_put(map, s, strlen(s), i, had);
}

static int S_header(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *root = d->root, *schema, *study, *kind;
	int64_t version;
	int rc;

	if (root->type != TR_JSONVAL_OBJECT)
		return tr_error_set_at(c->path, root->line, "not a tpsreport results "
		                       "document (expected an object, found %s)",
		                       tr_jsonval_type_name(root->type));
	if ((kind = tr_jsonval_get(root, "kind")) != NULL &&
	    kind->type == TR_JSONVAL_STRING && strcmp(kind->text, "diff") == 0)
		return tr_error_set_at(c->path, kind->line, "a diff document, not a "
		                       "results document: compare the results "
		                       "themselves");
	schema = tr_jsonval_get(root, "schema");
	if (!schema || tr_jsonval_int64(&version, schema) < 0 || version < 1)
		return tr_error_set_at(c->path, schema ? schema->line : root->line,
		                       "not a tpsreport results document (no "
		                       "\"schema\" version)");
	if (version > TR_DIFF_SCHEMA)
		return tr_error_set_at(c->path, schema->line, "results schema %lld is "
		                       "newer than this tpsreport reads (%d): compare "
		                       "with a newer tpsreport", (long long)version,
		                       TR_DIFF_SCHEMA);
	d->schema = version;
	if (!tr_jsonval_get(root, "cells") || !tr_jsonval_get(root, "runs"))
		return tr_error_set_at(c->path, root->line, "not a tpsreport results "
		                       "document (no \"cells\" or \"runs\")");
	if ((rc = S_object(c, &study, root, "study")) < 0)
		return rc;
	d->alpha = 0.05;
	if (study) {
		double alpha;
		if ((rc = S_str(c, &d->title, study, "title")) < 0 ||
		    (rc = S_formed(c, &d->digest, study, "inputs_sha256", 64,
		                   "0123456789abcdef", "64 hex digits")) < 0 ||
		    (rc = S_formed(c, &d->currency, study, "currency", 3,
		                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		                   "a three-letter code such as EUR")) < 0 ||
		    (rc = S_num(c, &alpha, study, "alpha")) < 0)
			return rc;
		if (!isnan(alpha) && !(alpha > 0 && alpha < 1))
			return S_bad_figure(c, tr_jsonval_get(study, "alpha"),
			                    "study.alpha", "more than 0 and less than 1");
		if (!isnan(alpha))
			d->alpha = alpha;
	}
	return 0;
}

static int S_fx(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *study = tr_jsonval_get(d->root, "study"), *fx, *rates;
	int rc;
	if ((rc = S_object(c, &fx, study, "fx")) < 0 || !fx ||
	    (rc = S_object(c, &rates, fx, "rates")) < 0 || !rates)
		return rc;
	if (!(d->fx = tr_calloc(rates->count + 1, sizeof(tr_diff_fx))))
		return TR_ENOMEM;
	for (size_t i = 0; i < rates->count; i++) {
		const tr_jsonval *v = &rates->items[i];
		if (v->type != TR_JSONVAL_NUMBER)
			return S_bad(c, v, rates->keys[i], "a number");
		if (!(v->number > 0 && v->number <= 1e9)) {
			snprintf(c->where, sizeof(c->where), "study.fx.rates");
			return S_bad_figure(c, v, rates->keys[i], "more than 0, up to 10^9");
		}
		d->fx[d->nfx].currency = rates->keys[i];
		d->fx[d->nfx].rate = v->number;
		d->fx[d->nfx++].text = v->text;
	}
	return 0;
}

/* "154.76 USD/month instance + 68.5 USD/month storage = 205.3992 EUR/month":
 * everything that makes up a price, so that any change shows. */
static int S_price(S_ctx *c, tr_diff_provider *p, const tr_jsonval *obj,
                   const char *currency)
{
	const tr_jsonval *items;
	tr_buf b = TR_BUF_INIT;
	int rc;
	if ((rc = S_figure(c, &p->monthly_cost, obj, "monthly_cost",
	                   "monthly_cost", 1e12, "0 to 10^12 a month")) < 0 ||
	    (rc = S_array(c, &items, obj, "price")) < 0)
		return rc;
	bool plain = false;   /* one monthly item in the report currency */
	for (size_t i = 0; items && i < items->count; i++) {
		const tr_jsonval *it = &items->items[i];
		const char *label, *cur, *per;
		double amount;
		if ((rc = S_str(c, &label, it, "label")) < 0 ||
		    (rc = S_str(c, &cur, it, "currency")) < 0 ||
		    (rc = S_str(c, &per, it, "per")) < 0 ||
		    (rc = S_figure(c, &amount, it, "amount", "price.amount", 1e12,
		                   "0 to 10^12")) < 0)
			goto cleanup;
		if (i > 0)
			tr_buf_puts(&b, " + ");
		tr_fmt_shortest(&b, amount);
		tr_buf_printf(&b, " %s/%s%s%s", cur ? cur : "?", per ? per : "month",
		              label ? " " : "", label ? label : "");
		plain = items->count == 1 && cur && currency && !label &&
		        strcmp(cur, currency) == 0 && (!per || strcmp(per, "month") == 0);
	}
	if (!isnan(p->monthly_cost) && !plain) {
		tr_buf_puts(&b, b.size ? " = " : "");
		tr_fmt_fixed(&b, p->monthly_cost, 2);
		tr_buf_printf(&b, " %s/month", currency ? currency : "");
	}
	if (b.size && !(p->price = tr_strdup(tr_buf_cstr(&b))))
		rc = TR_ENOMEM;
cleanup:
	tr_buf_free(&b);
	return rc;
}

static int S_providers(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *a;
	int rc;
	if ((rc = S_array(c, &a, d->root, "providers")) < 0 || !a)
		return rc;
	if (!(d->providers = tr_calloc(a->count + 1, sizeof(tr_diff_provider))))
		return TR_ENOMEM;
	for (size_t i = 0; i < a->count; i++) {
		tr_diff_provider *p = &d->providers[d->nproviders++];
		snprintf(c->where, sizeof(c->where), "providers[%zu]", i);
		if ((rc = S_id(c, &p->id, &a->items[i], "id")) < 0 ||
		    (rc = S_price(c, p, &a->items[i], d->currency)) < 0 ||
		    (rc = S_index(&d->provider_ids, p->id, d->nproviders - 1, NULL)) < 0)
			return rc;
	}
	return 0;
}

static int S_scenarios(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *a;
	int rc;
	if ((rc = S_array(c, &a, d->root, "scenarios")) < 0 || !a)
		return rc;
	if (!(d->scenarios = tr_calloc(a->count + 1, sizeof(char *))))
		return TR_ENOMEM;
	for (size_t i = 0; i < a->count; i++)
		if ((rc = S_id(c, &d->scenarios[d->nscenarios++], &a->items[i], "id")) < 0 ||
		    (rc = S_index(&d->scenario_ids, d->scenarios[i], i, NULL)) < 0)
			return rc;
	return 0;
}

/* A number at a dotted path ("latency.p95_ms": member p95_ms of the
 * object "latency"); NaN when a step is absent or null. */
static int S_path_num(S_ctx *c, double *out, const tr_jsonval *obj,
                      const char *path, const S_range *range)
{
	const char *name = path;
	const char *dot;
	char head[64];
	int rc;
	while ((dot = strchr(path, '.')) != NULL) {
		size_t n = (size_t)(dot - path);
		*out = NAN;
		if (n >= sizeof(head))
			return 0;
		memcpy(head, path, n);
		head[n] = '\0';
		if ((rc = S_object(c, &obj, obj, head)) < 0 || !obj)
			return rc;
		path = dot + 1;
	}
	return S_figure_in(c, out, obj, path, name, range->lo, range->hi, range->what);
}

/* The diff's figures of a run (run members) or a cell (cell keys): every
 * metric of tr_diff_metric_get; a metric without a run member is left
 * NaN (a cost is derived with its cell, S_priced_runs). */
static int S_values(S_ctx *c, double *value, const tr_jsonval *obj, bool run)
{
	size_t nm = tr_diff_metric_count();
	int rc;
	for (size_t m = 0; m < nm; m++) {
		const tr_diff_metric *mt = tr_diff_metric_get(m);
		const char *key = run ? mt->run_key : mt->cell_key;
		S_range range = S_range_of(mt);
		value[m] = NAN;
		if (run && key && c->run_src[m] < m) {
			value[m] = value[c->run_src[m]];   /* tps_* are all "tps" */
			continue;
		}
		if (key && (rc = S_path_num(c, &value[m], obj, key, &range)) < 0)
			return rc;
	}
	return 0;
}

static int S_run(S_ctx *c, tr_diff_run *r, const tr_jsonval *o)
{
	const tr_jsonval *ex = tr_jsonval_get(o, "excluded"), *tps;
	int rc;
	if ((rc = S_id(c, &r->provider, o, "provider")) < 0 ||
	    (rc = S_id(c, &r->scenario, o, "scenario")) < 0 ||
	    (rc = S_id(c, &r->id, o, "id")) < 0 ||
	    (rc = S_str(c, &r->path, o, "path")) < 0 ||
	    (rc = S_str(c, &r->sha256, o, "sha256")) < 0 ||
	    (rc = S_str(c, &r->excluded_reason, o, "excluded_reason")) < 0 ||
	    (rc = S_values(c, r->value, o, true)) < 0)
		return rc;
	if (ex && ex->type != TR_JSONVAL_BOOL && ex->type != TR_JSONVAL_NULL)
		return S_bad(c, ex, "excluded", "true or false");
	r->excluded = ex && ex->type == TR_JSONVAL_BOOL && ex->boolean;
	tps = tr_jsonval_get(o, "tps");
	r->tps_text = tps && tps->type == TR_JSONVAL_NUMBER ? tps->text : NULL;
	return 0;
}

/* A run's cost per TPS (and TPS per 100): its cell's monthly price over
 * its TPS, as the cell's is over the median (docs/metrics.md); documents
 * from before cells had price_month: the provider's monthly cost. */
static void S_priced_runs(tr_diff_doc *d, const tr_diff_doc_cell *cell)
{
	size_t nm = tr_diff_metric_count();
	int pm = tr_diff_metric_find("price_month");
	double price = pm >= 0 ? cell->value[pm] : NAN;
	if (isnan(price)) {
		long p = tr_diff_find(&d->provider_ids, cell->key.provider);
		price = p >= 0 ? d->providers[p].monthly_cost : NAN;
	}
	for (size_t k = 0; k < cell->nruns; k++) {
		tr_diff_run *r = &d->runs[cell->runs[k]];
		for (size_t m = 0; m < nm; m++) {
			const tr_diff_metric *mt = tr_diff_metric_get(m);
			if (mt->priced && !mt->run_key)
				r->value[m] = tr_metric_at_tps(mt->metric, r->value[TR_DIFF_TPS], price);
		}
	}
}

/* The first run of this name, or -1. */
static long S_find_run(const tr_diff_doc *d, const char *provider,
                       const char *scenario, const char *id)
{
	const char *parts[] = { provider, scenario, id };
	char *k = tr_diff_key(parts, 3, 0);
	long i = tr_diff_find(&d->run_names, k);
	free(k);
	return i;
}

/* The run of this path (unique in a document), or -1. */
static long S_find_path(const tr_diff_doc *d, const char *path)
{
	return tr_diff_find(&d->run_paths, path);
}

/* Index run i by its path and by its name and occurrence: the n-th run
 * of a name is "name\1n" (first[] counts them, by the name's first
 * run). */
static int S_index_run(tr_diff_doc *d, size_t i, size_t *count, bool *unique)
{
	tr_diff_run *r = &d->runs[i];
	const char *parts[] = { r->provider, r->scenario, r->id };
	const char *k = tr_diff_doc_key(d, parts, 3, 0);
	size_t first, had;
	int rc;
	if (!k)
		return TR_ENOMEM;
	if ((rc = tr_strmap_put(&d->run_names, k, strlen(k), i, &first)) < 0)
		return rc;
	if (first != SIZE_MAX) {
		r->occurrence = ++count[first];
		if (!(k = tr_diff_doc_key(d, parts, 3, (long)r->occurrence)) ||
		    (rc = S_index(&d->run_names, k, i, NULL)) < 0)
			return k ? rc : TR_ENOMEM;
	}
	if (r->path) {
		if ((rc = S_index(&d->run_paths, r->path, i, &had)) < 0)
			return rc;
		*unique &= had == SIZE_MAX;
	}
	*unique &= r->path != NULL;
	return 0;
}

/* Runs are matched across the two documents by path, or in documents
 * from before cells listed run_paths, by provider / scenario / id and by
 * which of that name they are: a study keeps a second run of a name
 * (left out, "another run has the same name"), so a name can stand
 * twice. */
static int S_runs(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *a;
	size_t *count = NULL;
	int rc;
	bool unique = true;
	if ((rc = S_array(c, &a, d->root, "runs")) < 0 || !a)
		return rc;
	if (!(d->runs = tr_calloc(a->count + 1, sizeof(tr_diff_run))) ||
	    !(count = tr_calloc(a->count + 1, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t i = 0; i < a->count; i++) {
		tr_diff_run *r = &d->runs[d->nruns];
		snprintf(c->where, sizeof(c->where), "runs[%zu]", i);
		r->value = d->values + i * tr_diff_metric_count();
		if ((rc = S_run(c, r, &a->items[i])) < 0 ||
		    (rc = S_index_run(d, d->nruns, count, &unique)) < 0)
			break;
		d->nruns++;
	}
	free(count);
	d->unique_paths = unique;
	return rc;
}

/* The workloads' labels by key (the last of a key, as a scan from the
 * end found it); *map is the caller's. */
static int S_workloads(tr_strmap *map, const tr_diff_doc *d)
{
	const tr_jsonval *w = tr_jsonval_get(d->root, "workloads");
	int rc;
	for (size_t i = 0; w && w->type == TR_JSONVAL_ARRAY && i < w->count; i++) {
		const tr_jsonval *k = tr_jsonval_get(&w->items[i], "key");
		if (k && k->type == TR_JSONVAL_STRING &&
		    (rc = S_index(map, k->text, i, NULL)) < 0)
			return rc;
	}
	return 0;
}

static const char *S_workload_label(const tr_diff_doc *d, const tr_strmap *map,
                                    const char *key)
{
	const tr_jsonval *w = tr_jsonval_get(d->root, "workloads"), *l;
	long i = tr_diff_find(map, key);
	if (i < 0)
		return key;
	l = tr_jsonval_get(&w->items[i], "label");
	return l && l->type == TR_JSONVAL_STRING ? l->text : key;
}

/* A cell's runs: by run_paths, or in older documents by run_ids (the
 * first run of each name). */
static int S_cell_runs(S_ctx *c, tr_diff_doc *d, tr_diff_doc_cell *cell,
                       const tr_jsonval *o)
{
	const tr_jsonval *ids, *paths;
	int rc;
	if ((rc = S_array(c, &ids, o, "run_ids")) < 0 ||
	    (rc = S_array(c, &paths, o, "run_paths")) < 0)
		return rc;
	if (paths)
		ids = paths;
	if (!ids)
		return 0;
	if (!(cell->runs = tr_calloc(ids->count + 1, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t i = 0; i < ids->count; i++) {
		const tr_jsonval *id = &ids->items[i];
		long r;
		if (id->type != TR_JSONVAL_STRING)
			return S_bad(c, id, paths ? "run_paths" : "run_ids", "strings");
		r = paths ? S_find_path(d, id->text)
		          : S_find_run(d, cell->key.provider, cell->key.scenario, id->text);
		if (r >= 0 && (strcmp(d->runs[r].provider, cell->key.provider) != 0 ||
		               strcmp(d->runs[r].scenario, cell->key.scenario) != 0))
			r = -1;
		if (r < 0)
			return tr_error_set_at(c->path, id->line, "%s: no run \"%s\" "
			                       "of %s / %s in runs", paths ? "run_paths" : "run_ids",
			                       id->text, cell->key.provider, cell->key.scenario);
		cell->runs[cell->nruns++] = (size_t)r;
	}
	return 0;
}

static int S_cell(S_ctx *c, tr_diff_doc *d, tr_diff_doc_cell *cell,
                  const tr_jsonval *o, const tr_strmap *workloads)
{
	const char *parts[3], *k;
	int rc;
	cell->value = d->values + (d->nruns + (size_t)(cell - d->cells)) * tr_diff_metric_count();
	if ((rc = S_id(c, &cell->key.provider, o, "provider")) < 0 ||
	    (rc = S_id(c, &cell->key.scenario, o, "scenario")) < 0 ||
	    (rc = S_id(c, &cell->key.workload_key, o, "workload_key")) < 0 ||
	    (rc = S_values(c, cell->value, o, false)) < 0)
		return rc;
	cell->key.workload_label = S_workload_label(d, workloads, cell->key.workload_key);
	parts[0] = cell->key.provider;
	parts[1] = cell->key.scenario;
	parts[2] = cell->key.workload_key;
	/* the first cell of a key is the one found, as a scan found it */
	if (!(k = tr_diff_doc_key(d, parts, 3, -1)) ||
	    (rc = S_index(&d->cell_keys, k, (size_t)(cell - d->cells), NULL)) < 0)
		return k ? rc : TR_ENOMEM;
	if ((rc = S_cell_runs(c, d, cell, o)) == 0)
		S_priced_runs(d, cell);
	return rc;
}

static int S_cells(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *a;
	tr_strmap workloads = TR_STRMAP_INIT;
	int rc;
	if ((rc = S_array(c, &a, d->root, "cells")) < 0 || !a)
		return rc;
	if (!(d->cells = tr_calloc(a->count + 1, sizeof(tr_diff_doc_cell))))
		return TR_ENOMEM;
	if ((rc = S_workloads(&workloads, d)) < 0)
		goto cleanup;
	for (size_t i = 0; i < a->count; i++) {
		snprintf(c->where, sizeof(c->where), "cells[%zu]", i);
		if ((rc = S_cell(c, d, &d->cells[d->ncells++], &a->items[i], &workloads)) < 0)
			break;
	}
cleanup:
	tr_strmap_free(&workloads);
	return rc;
}

static int S_findings(S_ctx *c, tr_diff_doc *d)
{
	const tr_jsonval *a;
	int rc;
	if ((rc = S_array(c, &a, d->root, "findings")) < 0 || !a)
		return rc;
	if (!(d->findings = tr_calloc(a->count + 1, sizeof(tr_diff_finding))))
		return TR_ENOMEM;
	for (size_t i = 0; i < a->count; i++) {
		tr_diff_finding *f = &d->findings[d->nfindings++];
		const tr_jsonval *o = &a->items[i];
		const char *parts[4], *k;
		if ((rc = S_str(c, &f->severity, o, "severity")) < 0 ||
		    (rc = S_str(c, &f->code, o, "code")) < 0 ||
		    (rc = S_str(c, &f->path, o, "path")) < 0 ||
		    (rc = S_str(c, &f->message, o, "message")) < 0)
			return rc;
		parts[0] = f->code;
		parts[1] = f->path;
		parts[2] = f->message;
		parts[3] = f->severity;
		if (!(k = tr_diff_doc_key(d, parts, 4, -1)) ||
		    (rc = S_index(&d->finding_keys, k, i, NULL)) < 0)
			return k ? rc : TR_ENOMEM;
	}
	return 0;
}

static size_t S_count(const tr_jsonval *root, const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(root, key);
	return v && v->type == TR_JSONVAL_ARRAY ? v->count : 0;
}

/* The figures' block (every run's and cell's, one row of metrics each)
 * and which metrics share a run member. */
static int S_alloc_values(S_ctx *c, tr_diff_doc *d)
{
	size_t nm = tr_diff_metric_count();
	size_t rows = S_count(d->root, "runs") + S_count(d->root, "cells") + 1;
	if (nm == 0 || !(d->values = tr_calloc(rows * nm, sizeof(double))) ||
	    !(c->run_src = tr_calloc(nm, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t m = 0; m < nm; m++) {
		const char *key = tr_diff_metric_get(m)->run_key;
		c->run_src[m] = m;
		for (size_t k = 0; key && k < m && c->run_src[m] == m; k++)
			if (tr_diff_metric_get(k)->run_key &&
			    strcmp(tr_diff_metric_get(k)->run_key, key) == 0)
				c->run_src[m] = k;
	}
	return 0;
}

int tr_diff_doc_read(tr_diff_doc **out, const char *json, size_t len,
                     const char *path)
{
	tr_buf b = TR_BUF_INIT;
	int rc;
	*out = NULL;
	if ((rc = tr_buf_put(&b, json, len)) == 0)
		rc = tr_diff_doc_take(out, &b, path);
	tr_buf_free(&b);
	return rc;
}

int tr_diff_doc_take(tr_diff_doc **out, tr_buf *json, const char *path)
{
	tr_diff_doc *d;
	S_ctx c = { .path = path };
	size_t len = json->size;
	char *text;
	int rc;

	*out = NULL;
	if (tr_buf_grow(json, 0) < 0)
		return TR_ENOMEM;
	text = tr_buf_detach(json);
	if (!(d = tr_calloc(1, sizeof(*d))) || !(d->path = tr_strdup(path))) {
		free(d);
		free(text);
		return TR_ENOMEM;
	}
	if ((rc = tr_jsonval_parse_owned(&d->root, text, len, path)) < 0 ||
	    (rc = S_header(&c, d)) < 0 || (rc = S_fx(&c, d)) < 0 ||
	    (rc = S_providers(&c, d)) < 0 || (rc = S_scenarios(&c, d)) < 0 ||
	    (rc = S_alloc_values(&c, d)) < 0 ||
	    (rc = S_runs(&c, d)) < 0 || (rc = S_cells(&c, d)) < 0 ||
	    (rc = S_findings(&c, d)) < 0) {
		free(c.run_src);
		tr_diff_doc_free(d);
		return rc;
	}
	free(c.run_src);
	*out = d;
	return 0;
}

void tr_diff_doc_free(tr_diff_doc *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nproviders; i++)
		free(d->providers[i].price);
	for (size_t i = 0; i < d->ncells; i++)
		free(d->cells[i].runs);
	free(d->providers);
	free(d->scenarios);
	free(d->runs);
	free(d->cells);
	free(d->findings);
	free(d->fx);
	free(d->values);
	tr_strmap_free(&d->provider_ids);
	tr_strmap_free(&d->scenario_ids);
	tr_strmap_free(&d->run_names);
	tr_strmap_free(&d->run_paths);
	tr_strmap_free(&d->cell_keys);
	tr_strmap_free(&d->finding_keys);
	for (size_t i = 0; i < d->nkeys; i++)
		free(d->keys[i]);
	free(d->keys);
	tr_jsonval_free(d->root);
	free(d->path);
	free(d);
}
