/* pgbjson.c: a result file of PostgresBench (github.com/ClickHouse/
 * PostgresBench, run.sh): one system on one machine, pgbench's built-in
 * TPC-B, three runs summarised from pgbench's output by awk:
 *
 *   {"system": "AWS RDS", "date": ..., "instance": {"type", "vcpus",
 *    "ram_gb", "instance_storage", "primary_storage"}, "machine": "4vCPU,
 *    16GB RAM", "cluster_size": 1, "tuned": "no", "comment": "",
 *    "postgres_version": "18.3", "benchmark": {"tool": "pgbench",
 *    "workload", "scale_factor", "clients", "threads", "duration",
 *    "query_mode"}, "load": {"load_time_seconds"}, "results": [{"run",
 *    "tps", "transactions", "failed_transactions", "latency_avg_ms",
 *    "latency_stddev_ms", "initial_connection_time_ms", "latency_p95_ms",
 *    "latency_p99_ms"}, ...]}
 *
 * Since its PR #6 a file may also carry "cloud", "region", "ha" ({"label",
 * "mode", "standbys", "live_settings": {"synchronous_commit",
 * "synchronous_standby_names"}}), "benchmark"."interval_seconds" and, per
 * run, "interval_seconds" and "timeseries" ([{"interval", "elapsed_s",
 * "tps", "transactions", "latency_avg_ms", "latency_stddev_ms",
 * "latency_p95_ms", "latency_p99_ms"}, ...]: pgbench -P's intervals).
 *
 * A JSON file without "benchmark": {"tool": "pgbench"} and "results" is
 * not one (TR_ENOTFOUND). In one that is, a member this reader uses with
 * the wrong type is an error naming its line; unknown members are passed
 * over. */

#include "ingest.h"
#include "ingest_json_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/jsonread.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *path;
	const char *prefix;      /* of member names in messages: "ha.", or NULL */
} S_ctx;

static int S_bad(const S_ctx *c, const tr_jsonval *v, const char *name,
                 const char *want)
{
	char full[128];
	if (c->prefix) {
		snprintf(full, sizeof(full), "%s%s", c->prefix, name);
		name = full;
	}
	return tr_jsonmember_bad(c->path, v, name, want);
}

/* A string member (NULL when absent or null). */
static int S_str(const S_ctx *c, char **out, const tr_jsonval *obj,
                 const char *key)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NULL;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_STRING) {
		/* cluster_size and vcpus are numbers: keep them as written */
		if (v->type != TR_JSONVAL_NUMBER)
			return S_bad(c, v, key, "a string");
	}
	*out = tr_strdup(v->text);
	return *out ? 0 : TR_ENOMEM;
}

/* A non-negative number member; NaN when absent or null. */
static int S_num(const S_ctx *c, double *out, const tr_jsonval *obj,
                 const char *key, bool required)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NAN;
	if (!v || v->type == TR_JSONVAL_NULL)
		return required ? S_bad(c, v ? v : obj, key, "a number") : 0;
	if (v->type != TR_JSONVAL_NUMBER || !(v->number >= 0))
		return S_bad(c, v, key, "a number >= 0");
	*out = v->number;
	return 0;
}

/* A whole non-negative number member; -1 when absent or null. */
static int S_int(const S_ctx *c, int64_t *out, const tr_jsonval *obj,
                 const char *key, bool required)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = -1;
	if (!v || v->type == TR_JSONVAL_NULL)
		return required ? S_bad(c, v ? v : obj, key, "a whole number") : 0;
	if (v->type != TR_JSONVAL_NUMBER || tr_jsonval_int64(out, v) < 0 || *out < 0) {
		*out = -1;
		return S_bad(c, v, key, "a whole number >= 0");
	}
	return 0;
}

/* Add fact name = value (value taken; NULL or "" adds nothing). */
static int S_fact(tr_pgb_result *r, const char *name, char *value)
{
	tr_fact *grown;
	if (!value || !*value) {
		free(value);
		return 0;
	}
	grown = realloc(r->facts, (r->nfacts + 1) * sizeof(tr_fact));
	if (!grown || !(grown[r->nfacts].name = tr_strdup(name))) {
		if (grown)
			r->facts = grown;
		free(value);
		return tr_error_set("out of memory"), TR_ENOMEM;
	}
	r->facts = grown;
	grown[r->nfacts++].value = value;
	return 0;
}

static char *S_dup(const char *s)
{
	return s ? tr_strdup(s) : NULL;
}

char *tr_pgb_machine(const tr_pgb_result *r)
{
	if (!isnan(r->vcpus) && !isnan(r->ram_gb))
		return tr_sprintf("%g vCPU / %g GB", r->vcpus, r->ram_gb);
	return tr_strdup(r->machine ? r->machine : "?");
}

char *tr_pgb_ha_text(const tr_pgb_result *r)
{
	if (!r->ha || r->ha_standbys == 0 || strcmp(r->ha_mode, "off") == 0)
		return tr_strdup("no HA");
	if (r->ha_standbys < 0)
		return tr_sprintf("HA, %s standbys", r->ha_mode);
	return tr_sprintf("HA, %lld %s standby%s", (long long)r->ha_standbys, r->ha_mode,
	                  r->ha_standbys == 1 ? "" : "s");
}

/* The facts in the names import writes them (docs/study.md): instance
 * (type, vCPUs, RAM), storage, ha, region, postgres, tuned, cluster_size,
 * comment. */
static int S_facts_of(tr_pgb_result *r, const S_ctx *c, const tr_jsonval *root)
{
	char *comment = NULL, *inst;
	int rc;
	if (!isnan(r->vcpus) && !isnan(r->ram_gb))
		inst = r->instance_type ? tr_sprintf("%s (%g vCPU, %g GB RAM)", r->instance_type,
		                                     r->vcpus, r->ram_gb)
		                        : tr_sprintf("%g vCPU, %g GB RAM", r->vcpus, r->ram_gb);
	else
		inst = r->instance_type ? tr_sprintf("%s (%s)", r->instance_type, r->machine)
		                        : tr_strdup(r->machine);
	if ((rc = S_str(c, &comment, root, "comment")) < 0) {
		free(inst);
		return rc;
	}
	if ((rc = S_fact(r, "instance", inst)) < 0 ||
	    (rc = S_fact(r, "storage", S_dup(r->storage))) < 0 ||
	    (rc = S_fact(r, "ha", tr_pgb_ha_text(r))) < 0 ||
	    (rc = S_fact(r, "region", r->cloud && r->region
	                                  ? tr_sprintf("%s %s", r->cloud, r->region)
	                                  : S_dup(r->region))) < 0 ||
	    (rc = S_fact(r, "postgres", S_dup(r->postgres_version))) < 0 ||
	    (rc = S_fact(r, "tuned", S_dup(r->tuned))) < 0 ||
	    (rc = S_fact(r, "cluster_size", S_dup(r->cluster_size))) < 0)
		comment = (free(comment), NULL);
	return rc < 0 ? rc : S_fact(r, "comment", comment);
}

/* "primary (instance)" storage, or the one given, or NULL. */
static int S_storage(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *inst)
{
	char *prim = NULL, *local = NULL;
	int rc;
	S_ctx ic = { c->path, "instance." };
	if ((rc = S_str(&ic, &prim, inst, "primary_storage")) == 0 &&
	    (rc = S_str(&ic, &local, inst, "instance_storage")) == 0) {
		bool p = prim && *prim, l = local && *local;
		if (p && l)
			r->storage = tr_sprintf("%s (%s)", prim, local);
		else if (p || l)
			r->storage = tr_strdup(p ? prim : local);
		if ((p || l) && !r->storage)
			rc = TR_ENOMEM;
	}
	free(prim);
	free(local);
	return rc;
}

/* "ha": absent or null is a single node; else mode and standbys. */
static int S_ha(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *root)
{
	const tr_jsonval *ha = tr_jsonval_get(root, "ha"), *live, *mode;
	S_ctx hc = { c->path, "ha." };
	int rc;
	if (!ha || ha->type == TR_JSONVAL_NULL)
		return 0;
	if (ha->type != TR_JSONVAL_OBJECT)
		return S_bad(c, ha, "ha", "an object");
	r->ha = true;
	mode = tr_jsonval_get(ha, "mode");
	if (!mode)
		return tr_error_set_at(c->path, ha->line, "\"ha.mode\" is missing (a name: "
		                       "\"sync\", \"async\" or \"off\")");
	if (mode->type != TR_JSONVAL_STRING || !*mode->text)
		return S_bad(&hc, mode, "mode", "a name (\"sync\", \"async\", \"off\")");
	if ((rc = S_str(&hc, &r->ha_mode, ha, "mode")) < 0 ||
	    (rc = S_int(&hc, &r->ha_standbys, ha, "standbys", true)) < 0 ||
	    (rc = S_str(&hc, &r->ha_label, ha, "label")) < 0)
		return rc;
	live = tr_jsonval_get(ha, "live_settings");
	hc.prefix = "ha.live_settings.";
	if (live && live->type != TR_JSONVAL_OBJECT && live->type != TR_JSONVAL_NULL)
		return S_bad(c, live, "ha.live_settings", "an object");
	if ((rc = S_str(&hc, &r->ha_sync_commit, live, "synchronous_commit")) < 0 ||
	    (rc = S_str(&hc, &r->ha_sync_names, live, "synchronous_standby_names")) < 0)
		return rc;
	return 0;
}

/* What makes one setup another: the machine, storage, version, tuning,
 * cluster, place and HA. The machine is required: "machine", or the
 * instance's vcpus and ram_gb. */
static int S_setup(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *root,
                   const tr_jsonval *inst)
{
	int rc;
	S_ctx ic = { c->path, "instance." };
	if ((rc = S_str(&ic, &r->instance_type, inst, "type")) < 0 ||
	    (rc = S_storage(c, r, inst)) < 0 ||
	    (rc = S_str(c, &r->postgres_version, root, "postgres_version")) < 0 ||
	    (rc = S_str(c, &r->tuned, root, "tuned")) < 0 ||
	    (rc = S_str(c, &r->cluster_size, root, "cluster_size")) < 0 ||
	    (rc = S_str(c, &r->cloud, root, "cloud")) < 0 ||
	    (rc = S_str(c, &r->region, root, "region")) < 0 || (rc = S_ha(c, r, root)) < 0)
		return rc;
	if ((!r->machine || !*r->machine) && (isnan(r->vcpus) || isnan(r->ram_gb))) {
		const tr_jsonval *m = tr_jsonval_get(root, "machine");
		if (!m || m->type == TR_JSONVAL_NULL)
			return tr_error_set_at(c->path, root->line, "\"machine\" is missing, and "
			                       "\"instance\" lacks vcpus or ram_gb: the machine "
			                       "of the runs is unknown");
		return S_bad(c, m, "machine", "a name (or \"instance\" with vcpus and ram_gb)");
	}
	return 0;
}

/* The facts of the system under test, in PostgresBench's words. */
static int S_facts(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *root)
{
	const tr_jsonval *inst = tr_jsonval_get(root, "instance");
	int rc = 0;
	if (inst && inst->type != TR_JSONVAL_OBJECT && inst->type != TR_JSONVAL_NULL)
		return S_bad(c, inst, "instance", "an object");
	S_ctx ic = { c->path, "instance." };
	if ((rc = S_num(&ic, &r->vcpus, inst, "vcpus", false)) < 0 ||
	    (rc = S_num(&ic, &r->ram_gb, inst, "ram_gb", false)) < 0 ||
	    (rc = S_setup(c, r, root, inst)) < 0)
		return rc;
	return S_facts_of(r, c, root);
}

/* One point of a timeseries: interval k at k x interval_s. */
static int S_point(const S_ctx *c, tr_pgb_point *out, const tr_jsonval *v,
                   size_t k, double interval_s)
{
	int rc;
	if (v->type != TR_JSONVAL_OBJECT)
		return S_bad(c, v, "timeseries[]", "an object");
	out->line = v->line;
	if ((rc = S_int(c, &out->interval, v, "interval", true)) < 0 ||
	    (rc = S_num(c, &out->elapsed_s, v, "elapsed_s", true)) < 0 ||
	    (rc = S_num(c, &out->tps, v, "tps", true)) < 0 ||
	    (rc = S_int(c, &out->transactions, v, "transactions", false)) < 0 ||
	    (rc = S_num(c, &out->latency_avg_ms, v, "latency_avg_ms", false)) < 0 ||
	    (rc = S_num(c, &out->latency_stddev_ms, v, "latency_stddev_ms", false)) < 0)
		return rc;
	if (out->interval != (int64_t)k || fabs(out->elapsed_s - (double)k * interval_s) > 0.5)
		return tr_error_set_at(c->path, v->line, "\"timeseries\": point %zu should be "
		                       "interval %zu at %g s (every %g s), not interval %lld "
		                       "at %g s", k + 1, k, (double)k * interval_s, interval_s,
		                       (long long)out->interval, out->elapsed_s);
	return 0;
}

/* A run's "timeseries": pgbench -P's intervals, which cover the duration
 * (ceil(duration / interval) of them) and may have one more, the tail
 * that starts at its end. */
static int S_series(const S_ctx *c, tr_pgb_run *out, const tr_jsonval *v,
                    const tr_pgb_result *r)
{
	const tr_jsonval *ts = tr_jsonval_get(v, "timeseries");
	size_t need;
	int rc;
	if ((rc = S_num(c, &out->interval_s, v, "interval_seconds", false)) < 0)
		return rc;
	if (isnan(out->interval_s))
		out->interval_s = r->interval_s;
	if (!ts || ts->type == TR_JSONVAL_NULL)
		return 0;
	if (ts->type != TR_JSONVAL_ARRAY)
		return S_bad(c, ts, "timeseries", "an array");
	if (!(out->interval_s >= 1))
		return tr_error_set_at(c->path, ts->line, "\"timeseries\" without "
		                       "\"interval_seconds\" of at least 1 (in the run or "
		                       "in \"benchmark\")");
	need = (size_t)ceil((double)r->duration_s / out->interval_s);
	if (ts->count != need && ts->count != need + 1)
		return tr_error_set_at(c->path, ts->line, "\"timeseries\" has %zu intervals "
		                       "of %g s, but a %d s run has %zu (or %zu with the tail "
		                       "after its end)", (size_t)ts->count, out->interval_s,
		                       r->duration_s, need, need + 1);
	if (!(out->series = tr_calloc(ts->count, sizeof(tr_pgb_point))))
		return TR_ENOMEM;
	for (size_t k = 0; k < ts->count; k++, out->nseries++)
		if ((rc = S_point(c, &out->series[k], &ts->items[k], k, out->interval_s)) < 0)
			return rc;
	return 0;
}

static int S_run(const S_ctx *c, tr_pgb_run *out, const tr_jsonval *v,
                 const tr_pgb_result *r)
{
	int64_t n;
	int rc;
	if (v->type != TR_JSONVAL_OBJECT)
		return S_bad(c, v, "results[]", "an object");
	out->line = v->line;
	if ((rc = S_int(c, &n, v, "run", true)) < 0)
		return rc;
	out->number = n > 1000000 ? 1000000 : (int)n;
	if ((rc = S_num(c, &out->tps, v, "tps", true)) < 0 ||
	    (rc = S_int(c, &out->transactions, v, "transactions", true)) < 0 ||
	    (rc = S_int(c, &out->failed, v, "failed_transactions", false)) < 0 ||
	    (rc = S_num(c, &out->latency_avg_ms, v, "latency_avg_ms", false)) < 0 ||
	    (rc = S_num(c, &out->latency_stddev_ms, v, "latency_stddev_ms", false)) < 0 ||
	    (rc = S_num(c, &out->initial_connection_ms, v,
	                "initial_connection_time_ms", false)) < 0 ||
	    (rc = S_num(c, &out->p95_ms, v, "latency_p95_ms", false)) < 0 ||
	    (rc = S_num(c, &out->p99_ms, v, "latency_p99_ms", false)) < 0)
		return rc;
	return S_series(c, out, v, r);
}

static int S_benchmark(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *b)
{
	int64_t n;
	int rc;
	if ((rc = S_str(c, &r->workload, b, "workload")) < 0 ||
	    (rc = S_int(c, &r->scale, b, "scale_factor", true)) < 0 ||
	    (rc = S_str(c, &r->query_mode, b, "query_mode")) < 0)
		return rc;
	if ((rc = S_int(c, &n, b, "clients", true)) < 0)
		return rc;
	r->clients = n > 1000000 ? -1 : (int)n;
	if ((rc = S_int(c, &n, b, "threads", true)) < 0)
		return rc;
	r->threads = n > 1000000 ? -1 : (int)n;
	if ((rc = S_int(c, &n, b, "duration", true)) < 0)
		return rc;
	r->duration_s = n > 100000000 ? -1 : (int)n;
	if ((rc = S_num(c, &r->interval_s, b, "interval_seconds", false)) < 0)
		return rc;
	if (r->clients < 1 || r->threads < 1 || r->duration_s < 1)
		return tr_error_set_at(c->path, b->line, "\"benchmark\" needs "
		                       "clients, threads and duration of at least 1");
	return 0;
}

static int S_read(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *root)
{
	const tr_jsonval *b = tr_jsonval_get(root, "benchmark");
	const tr_jsonval *tool = tr_jsonval_get(b, "tool");
	const tr_jsonval *res = tr_jsonval_get(root, "results");
	const tr_jsonval *load = tr_jsonval_get(root, "load");
	int rc;
	if (!tool || tool->type != TR_JSONVAL_STRING || strcmp(tool->text, "pgbench") != 0 ||
	    !res || !tr_jsonval_get(root, "system"))
		return TR_ENOTFOUND;
	if (res->type != TR_JSONVAL_ARRAY)
		return S_bad(c, res, "results", "an array");
	if (tr_jsonval_get(root, "system")->type != TR_JSONVAL_STRING)
		return S_bad(c, tr_jsonval_get(root, "system"), "system", "a name");
	if ((rc = S_str(c, &r->system, root, "system")) < 0 ||
	    (rc = S_str(c, &r->machine, root, "machine")) < 0 ||
	    (rc = S_str(c, &r->date, root, "date")) < 0 ||
	    (rc = S_benchmark(c, r, b)) < 0 || (rc = S_facts(c, r, root)) < 0)
		return rc;
	if (!r->system || !*r->system)
		return S_bad(c, tr_jsonval_get(root, "system"), "system", "a name");
	if (load && (rc = S_num(c, &r->load_time_s, load, "load_time_seconds", false)) < 0)
		return rc;
	if (res->count && !(r->runs = tr_calloc(res->count, sizeof(tr_pgb_run))))
		return TR_ENOMEM;
	for (size_t i = 0; i < res->count; i++)
		if (++r->nruns, (rc = S_run(c, &r->runs[i], &res->items[i], r)) < 0)
			return rc;
	for (size_t i = 0; i < r->nruns; i++)
		for (size_t k = 0; k < i; k++)
			if (r->runs[i].number == r->runs[k].number)
				return tr_error_set_at(c->path, r->runs[i].line,
				                       "a second run %d (the first at line "
				                       "%ld)", r->runs[i].number, r->runs[k].line);
	return 0;
}

int tr_pgb_parse(tr_pgb_result *out, const char *text, size_t len,
                 const char *path)
{
	tr_jsonval *root = NULL;
	S_ctx c = { path ? path : "(json)", NULL };
	int rc;
	memset(out, 0, sizeof(*out));
	out->load_time_s = out->vcpus = out->ram_gb = out->interval_s = NAN;
	out->scale = -1;
	out->ha_standbys = -1;
	/* Not JSON at all is not PostgresBench either: leave the message to
	 * whoever tries the file next. */
	if (len == 0 || memchr(text, '{', len < 64 ? len : 64) == NULL)
		return TR_ENOTFOUND;
	if ((rc = tr_jsonval_parse(&root, text, len, c.path)) < 0) {
		if (rc != TR_ENOMEM)
			rc = TR_ENOTFOUND;
		goto cleanup;
	}
	if (root->type != TR_JSONVAL_OBJECT) {
		rc = TR_ENOTFOUND;
		goto cleanup;
	}
	rc = S_read(&c, out, root);
cleanup:
	tr_jsonval_free(root);
	if (rc < 0)
		tr_pgb_result_free(out);
	return rc;
}

void tr_pgb_result_free(tr_pgb_result *r)
{
	free(r->system);
	free(r->machine);
	free(r->date);
	free(r->workload);
	free(r->query_mode);
	free(r->instance_type);
	free(r->storage);
	free(r->postgres_version);
	free(r->tuned);
	free(r->cluster_size);
	free(r->cloud);
	free(r->region);
	free(r->ha_mode);
	free(r->ha_label);
	free(r->ha_sync_commit);
	free(r->ha_sync_names);
	tr_facts_free(r->facts, r->nfacts);
	for (size_t i = 0; r->runs && i < r->nruns; i++)
		free(r->runs[i].series);
	free(r->runs);
	memset(r, 0, sizeof(*r));
	r->load_time_s = r->vcpus = r->ram_gb = r->interval_s = NAN;
	r->scale = -1;
	r->ha_standbys = -1;
}
