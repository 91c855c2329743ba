/* items.c: what was added, removed or changed besides the figures:
 * providers, scenarios, runs (by content digest), prices, fx rates and
 * `check` findings. */

#include "diff_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tr_diff_list_add(tr_diff_list *list, const tr_diff_item *item)
{
	if (tr_grow(&list->items, &list->cap, list->count + 1,
	            sizeof(tr_diff_item)) < 0)
		return TR_ENOMEM;
	list->items[list->count++] = *item;
	return 0;
}

static bool S_eq(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

static bool S_has_provider(const tr_diff_doc *d, const char *id)
{
	return tr_diff_find(&d->provider_ids, id) >= 0;
}

static bool S_has_scenario(const tr_diff_doc *d, const char *id)
{
	return tr_diff_find(&d->scenario_ids, id) >= 0;
}

static int S_ids(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	for (size_t i = 0; i < n->nproviders; i++)
		if (!S_has_provider(o, n->providers[i].id) &&
		    (rc = tr_diff_list_add(&d->providers, &(tr_diff_item){
		         .what = TR_DIFF_ADDED, .provider = n->providers[i].id })) < 0)
			return rc;
	for (size_t i = 0; i < o->nproviders; i++)
		if (!S_has_provider(n, o->providers[i].id) &&
		    (rc = tr_diff_list_add(&d->providers, &(tr_diff_item){
		         .what = TR_DIFF_REMOVED, .provider = o->providers[i].id })) < 0)
			return rc;
	for (size_t i = 0; i < n->nscenarios; i++)
		if (!S_has_scenario(o, n->scenarios[i]) &&
		    (rc = tr_diff_list_add(&d->scenarios, &(tr_diff_item){
		         .what = TR_DIFF_ADDED, .scenario = n->scenarios[i] })) < 0)
			return rc;
	for (size_t i = 0; i < o->nscenarios; i++)
		if (!S_has_scenario(n, o->scenarios[i]) &&
		    (rc = tr_diff_list_add(&d->scenarios, &(tr_diff_item){
		         .what = TR_DIFF_REMOVED, .scenario = o->scenarios[i] })) < 0)
			return rc;
	return 0;
}

/* The run of d that is key's (a run of the document `of`): the same path
 * when both documents give every run a path of its own, else (documents
 * from before runs had paths, or edited ones) the same provider,
 * scenario, name and occurrence of that name. */
static const tr_diff_run *S_run(const tr_diff_doc *d, const tr_diff_doc *of,
                                const tr_diff_run *key)
{
	const char *parts[] = { key->provider, key->scenario, key->id };
	char *k;
	long i;
	if (d->unique_paths && of->unique_paths) {
		i = tr_diff_find(&d->run_paths, key->path);
	} else {
		k = tr_diff_key(parts, 3, (long)key->occurrence);
		i = tr_diff_find(&d->run_names, k);
		free(k);
	}
	return i >= 0 ? &d->runs[i] : NULL;
}

/* Changed: another content digest, or, when a document has none (written
 * before runs had one) or the two digests are of different schemas (schema
 * 2 hashes log files with XXH3, 1 with a hash of tpsreport's own), another
 * TPS; or it is now left out, or back. */
static bool S_run_changed(const tr_diff_run *a, const tr_diff_run *b,
                          bool same_digests)
{
	if (a->excluded != b->excluded)
		return true;
	if (a->sha256 && b->sha256 && same_digests)
		return strcmp(a->sha256, b->sha256) != 0;
	return !S_eq(a->tps_text, b->tps_text);
}

static int S_runs(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	for (size_t i = 0; i < n->nruns; i++) {
		const tr_diff_run *r = &n->runs[i], *old = S_run(o, n, r);
		tr_diff_item it = { .provider = r->provider, .scenario = r->scenario,
		                    .id = r->id };
		if (old && !S_run_changed(old, r, o->schema == n->schema))
			continue;
		it.what = old ? TR_DIFF_CHANGED : TR_DIFF_ADDED;
		if (r->excluded)
			it.new_text = r->excluded_reason ? r->excluded_reason : "left out";
		if (old && old->excluded)
			it.old_text = old->excluded_reason ? old->excluded_reason : "left out";
		if ((rc = tr_diff_list_add(&d->runs, &it)) < 0)
			return rc;
	}
	for (size_t i = 0; i < o->nruns; i++)
		if (!S_run(n, o, &o->runs[i]) &&
		    (rc = tr_diff_list_add(&d->runs, &(tr_diff_item){
		         .what = TR_DIFF_REMOVED, .provider = o->runs[i].provider,
		         .scenario = o->runs[i].scenario, .id = o->runs[i].id })) < 0)
			return rc;
	return 0;
}

static int S_prices(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	for (size_t i = 0; i < n->nproviders; i++) {
		const tr_diff_provider *np = &n->providers[i], *op = NULL;
		long k = tr_diff_find(&o->provider_ids, np->id);
		if (k >= 0)
			op = &o->providers[k];
		if (!op || S_eq(op->price, np->price))
			continue;
		if ((rc = tr_diff_list_add(&d->prices, &(tr_diff_item){
		         .what = !op->price ? TR_DIFF_ADDED :
		                 !np->price ? TR_DIFF_REMOVED : TR_DIFF_CHANGED,
		         .provider = np->id, .old_text = op->price,
		         .new_text = np->price })) < 0)
			return rc;
	}
	return 0;
}

static const tr_diff_fx *S_fx_find(const tr_diff_doc *d, const char *cur)
{
	for (size_t i = 0; i < d->nfx; i++)
		if (strcmp(d->fx[i].currency, cur) == 0)
			return &d->fx[i];
	return NULL;
}

static int S_fx(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	if (!S_eq(o->currency, n->currency) &&
	    (rc = tr_diff_list_add(&d->fx, &(tr_diff_item){
	         .what = TR_DIFF_CHANGED, .id = "currency",
	         .old_text = o->currency, .new_text = n->currency })) < 0)
		return rc;
	for (size_t i = 0; i < n->nfx; i++) {
		const tr_diff_fx *a = S_fx_find(o, n->fx[i].currency);
		if (a && a->rate == n->fx[i].rate)
			continue;
		if ((rc = tr_diff_list_add(&d->fx, &(tr_diff_item){
		         .what = a ? TR_DIFF_CHANGED : TR_DIFF_ADDED,
		         .id = n->fx[i].currency, .old_text = a ? a->text : NULL,
		         .new_text = n->fx[i].text })) < 0)
			return rc;
	}
	for (size_t i = 0; i < o->nfx; i++)
		if (!S_fx_find(n, o->fx[i].currency) &&
		    (rc = tr_diff_list_add(&d->fx, &(tr_diff_item){
		         .what = TR_DIFF_REMOVED, .id = o->fx[i].currency,
		         .old_text = o->fx[i].text })) < 0)
			return rc;
	return 0;
}

static bool S_has_finding(const tr_diff_doc *d, const tr_diff_finding *f)
{
	const char *parts[] = { f->code, f->path, f->message, f->severity };
	char *k = tr_diff_key(parts, 4, -1);
	bool has = tr_diff_find(&d->finding_keys, k) >= 0;
	free(k);
	return has;
}

static int S_findings_of(tr_diff *d, const tr_diff_doc *a,
                         const tr_diff_doc *b, tr_diff_what what)
{
	int rc;
	for (size_t i = 0; i < a->nfindings; i++) {
		const tr_diff_finding *f = &a->findings[i];
		if (S_has_finding(b, f))
			continue;
		if ((rc = tr_diff_list_add(&d->findings, &(tr_diff_item){
		         .what = what, .id = f->code, .path = f->path,
		         .new_text = f->message, .old_text = f->severity })) < 0)
			return rc;
	}
	return 0;
}

int tr_diff_items(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n)
{
	int rc;
	if ((rc = S_ids(d, o, n)) < 0 || (rc = S_runs(d, o, n)) < 0 ||
	    (rc = S_prices(d, o, n)) < 0 || (rc = S_fx(d, o, n)) < 0 ||
	    (rc = S_findings_of(d, n, o, TR_DIFF_ADDED)) < 0 ||
	    (rc = S_findings_of(d, o, n, TR_DIFF_REMOVED)) < 0)
		return rc;
	return 0;
}
