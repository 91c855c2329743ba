/* json.c: the diff document (docs/results-json.md, "The diff document"). */

#include "diff_internal.h"
#include "version.h"

#include <string.h>

static void S_str(tr_json *j, const char *key, const char *v)
{
	tr_json_key(j, key);
	tr_json_string(j, v);
}

static void S_side(tr_json *j, const char *key, const char *path,
                   const char *title, const char *digest, size_t runs)
{
	tr_json_key(j, key);
	tr_json_object_begin(j);
	S_str(j, "path", path);
	S_str(j, "title", title);
	S_str(j, "inputs_sha256", digest);
	tr_json_key(j, "runs");
	tr_json_int(j, (int64_t)runs);
	tr_json_object_end(j);
}

static void S_cell(tr_json *j, const tr_diff_cell *c)
{
	S_str(j, "provider", c->provider);
	S_str(j, "scenario", c->scenario);
	S_str(j, "workload_key", c->workload_key);
	S_str(j, "workload_label", c->workload_label);
}

static void S_change(tr_json *j, const tr_diff *d, const tr_diff_change *c)
{
	tr_json_object_begin(j);
	S_cell(j, &d->cells[c->cell]);
	tr_json_key(j, "old");
	tr_json_number(j, c->old_value);
	tr_json_key(j, "new");
	tr_json_number(j, c->new_value);
	tr_json_key(j, "change_pct");
	tr_json_number(j, c->change_pct);
	tr_json_key(j, "n_old");
	tr_json_int(j, (int64_t)c->n_old);
	tr_json_key(j, "n_new");
	tr_json_int(j, (int64_t)c->n_new);
	tr_json_key(j, "u");
	tr_json_number(j, c->u);
	tr_json_key(j, "p_value");
	tr_json_number(j, c->p_value);
	tr_json_key(j, "p_adjusted");
	tr_json_number(j, c->p_adjusted);
	tr_json_key(j, "exact");
	tr_json_bool(j, c->tested && c->exact);
	tr_json_key(j, "significant");
	tr_json_bool(j, c->significant);
	tr_json_object_end(j);
}

static void S_metrics(tr_json *j, const tr_diff *d)
{
	tr_json_key(j, "metrics");
	tr_json_array_begin(j);
	for (size_t m = 0; m < d->nmetrics; m++) {
		const tr_diff_metric *mt = tr_diff_metric_get((size_t)m);
		tr_json_object_begin(j);
		S_str(j, "key", mt->key);
		S_str(j, "label", mt->label);
		S_str(j, "unit", mt->unit ? mt->unit : mt->currency ? d->currency : NULL);
		S_str(j, "better", mt->better > 0 ? "higher" : "lower");
		tr_json_key(j, "cells");
		tr_json_array_begin(j);
		for (size_t i = 0; i < d->nchanges[m]; i++)
			S_change(j, d, &d->changes[m][i]);
		tr_json_array_end(j);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_cells(tr_json *j, const char *key, const tr_diff_cell *c, size_t n)
{
	tr_json_key(j, key);
	tr_json_array_begin(j);
	for (size_t i = 0; i < n; i++) {
		tr_json_object_begin(j);
		S_cell(j, &c[i]);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* One list; `fields` names which members its items carry. */
static void S_list(tr_json *j, const char *key, const tr_diff_list *l,
                   bool finding)
{
	tr_json_key(j, key);
	tr_json_array_begin(j);
	for (size_t i = 0; i < l->count; i++) {
		const tr_diff_item *it = &l->items[i];
		tr_json_object_begin(j);
		S_str(j, "change", tr_diff_what_name(it->what, finding));
		if (finding) {
			S_str(j, "severity", it->old_text);
			S_str(j, "code", it->id);
			S_str(j, "path", it->path);
			S_str(j, "message", it->new_text);
		} else if (strcmp(key, "runs") == 0) {
			S_str(j, "provider", it->provider);
			S_str(j, "scenario", it->scenario);
			S_str(j, "id", it->id);
			S_str(j, "excluded_reason", it->new_text);
		} else if (strcmp(key, "providers") == 0 || strcmp(key, "prices") == 0) {
			S_str(j, "provider", it->provider);
		} else if (strcmp(key, "scenarios") == 0) {
			S_str(j, "scenario", it->scenario);
		} else {
			S_str(j, "currency", it->id);
		}
		if (strcmp(key, "prices") == 0 || strcmp(key, "fx") == 0) {
			S_str(j, "old", it->old_text);
			S_str(j, "new", it->new_text);
		}
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

int tr_diff_json(tr_buf *out, const tr_diff *d)
{
	tr_json j;
	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	S_str(&j, "kind", "diff");
	tr_json_key(&j, "schema");
	tr_json_int(&j, TR_DIFF_SCHEMA);
	tr_json_key(&j, "tool");
	tr_json_object_begin(&j);
	S_str(&j, "name", "tpsreport");
	S_str(&j, "version", TR_VERSION);
	tr_json_object_end(&j);
	S_side(&j, "old", d->old_path, d->old_title, d->old_digest, d->old_runs);
	S_side(&j, "new", d->new_path, d->new_title, d->new_digest, d->new_runs);
	tr_json_key(&j, "alpha");
	tr_json_number(&j, d->alpha);
	tr_json_key(&j, "significant");
	tr_json_bool(&j, d->significant);
	tr_json_key(&j, "identical");
	tr_json_bool(&j, d->identical);
	tr_json_key(&j, "common_cells");
	tr_json_int(&j, (int64_t)d->ncells);
	S_metrics(&j, d);
	S_cells(&j, "cells_added", d->cells_added, d->ncells_added);
	S_cells(&j, "cells_removed", d->cells_removed, d->ncells_removed);
	S_list(&j, "providers", &d->providers, false);
	S_list(&j, "scenarios", &d->scenarios, false);
	S_list(&j, "runs", &d->runs, false);
	S_list(&j, "prices", &d->prices, false);
	S_list(&j, "fx", &d->fx, false);
	S_list(&j, "findings", &d->findings, true);
	tr_json_object_end(&j);
	return tr_json_finish(&j);
}
