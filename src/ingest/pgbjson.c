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
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *path;
} S_ctx;

static int S_bad(const S_ctx *c, const tr_jsonval *v, const char *name,
                 const char *want)
{
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

static int S_fact(const S_ctx *c, tr_pgb_result *r, const char *name,
                  const tr_jsonval *obj, const char *key)
{
	char *value = NULL;
	tr_fact *grown;
	int rc = S_str(c, &value, obj, key);
	if (rc < 0 || !value || !*value) {
		free(value);
		return rc;
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

/* The facts of the system under test, in PostgresBench's words. */
static int S_facts(const S_ctx *c, tr_pgb_result *r, const tr_jsonval *root)
{
	const tr_jsonval *inst = tr_jsonval_get(root, "instance");
	int rc = 0;
	if (inst && inst->type != TR_JSONVAL_OBJECT && inst->type != TR_JSONVAL_NULL)
		return S_bad(c, inst, "instance", "an object");
	if ((rc = S_fact(c, r, "instance", inst, "type")) < 0 ||
	    (rc = S_fact(c, r, "instance_storage", inst, "instance_storage")) < 0 ||
	    (rc = S_fact(c, r, "primary_storage", inst, "primary_storage")) < 0 ||
	    (rc = S_fact(c, r, "postgres_version", root, "postgres_version")) < 0 ||
	    (rc = S_fact(c, r, "tuned", root, "tuned")) < 0 ||
	    (rc = S_fact(c, r, "cluster_size", root, "cluster_size")) < 0 ||
	    (rc = S_fact(c, r, "comment", root, "comment")) < 0)
		return rc;
	if ((rc = S_num(c, &r->vcpus, inst, "vcpus", false)) < 0 ||
	    (rc = S_num(c, &r->ram_gb, inst, "ram_gb", false)) < 0)
		return rc;
	return 0;
}

static int S_run(const S_ctx *c, tr_pgb_run *out, const tr_jsonval *v)
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
	return 0;
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
	for (size_t i = 0; i < res->count; i++, r->nruns++)
		if ((rc = S_run(c, &r->runs[i], &res->items[i])) < 0)
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
	S_ctx c = { path ? path : "(json)" };
	int rc;
	memset(out, 0, sizeof(*out));
	out->load_time_s = out->vcpus = out->ram_gb = NAN;
	out->scale = -1;
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
	tr_facts_free(r->facts, r->nfacts);
	free(r->runs);
	memset(r, 0, sizeof(*r));
	r->load_time_s = r->vcpus = r->ram_gb = NAN;
	r->scale = -1;
}
