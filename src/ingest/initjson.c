/* initjson.c: init.json as `tpsreport probe` writes it (docs/init-json.md,
 * schema 1), read into the same tr_init as `pgbench -i` output.
 *
 * Members this reader does not know are passed over, so that schema 1 can
 * grow; a member it knows with the wrong type is an error naming its line,
 * and so is a schema newer than 1. */

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
	tr_init *out;
} S_ctx;

static int S_bad(const S_ctx *c, const tr_jsonval *v, const char *name,
                 const char *want)
{
	return tr_jsonmember_bad(c->path, v, name, want);
}

/* An optional string member: *out stays NULL when absent or null. */
static int S_string(const S_ctx *c, char **out, const tr_jsonval *obj,
                    const char *key, const char *name)
{
	return tr_jsonmember_string(out, obj, key, name, c->path);
}

/* An optional non-negative number of seconds: NaN when absent or null. */
static int S_seconds(const S_ctx *c, double *out, const tr_jsonval *obj,
                     const char *key, const char *name, bool required)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NAN;     /* (set on every path: -O3 cannot tell otherwise) */
	if (!v && required)
		return tr_error_set_at(c->path, obj->line, "\"%s\" is missing", name);
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_NUMBER || v->number < 0)
		return S_bad(c, v, name, "a number of seconds (>= 0)");
	*out = v->number;
	return 0;
}

/* An optional count (integer >= 0): -1 when absent or null. */
static int S_count(const S_ctx *c, int64_t *out, const tr_jsonval *obj,
                   const char *key, const char *name)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = -1;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (tr_jsonval_int64(out, v) < 0 || *out < 0) {
		*out = -1;
		return S_bad(c, v, name, "an integer >= 0");
	}
	return 0;
}

static int S_object(const S_ctx *c, const tr_jsonval **out,
                    const tr_jsonval *obj, const char *key, const char *name)
{
	return tr_jsonmember_object(out, obj, key, name, c->path);
}

static int S_phases(const S_ctx *c, const tr_jsonval *root)
{
	const tr_jsonval *arr = tr_jsonval_get(root, "phases");
	tr_init *out = c->out;

	if (!arr)
		return tr_error_set_at(c->path, root->line, "\"phases\" is missing");
	if (arr->type != TR_JSONVAL_ARRAY)
		return S_bad(c, arr, "phases", "an array");
	if (arr->count == 0)
		return 0;
	out->phases = tr_calloc(arr->count, sizeof(*out->phases));
	if (!out->phases)
		return TR_ENOMEM;
	for (size_t i = 0; i < arr->count; i++) {
		const tr_jsonval *ph = &arr->items[i];
		const tr_jsonval *name = tr_jsonval_get(ph, "name");
		double sec;
		int rc;
		if (ph->type != TR_JSONVAL_OBJECT)
			return S_bad(c, ph, "phases[]", "an object");
		if (!name || name->type != TR_JSONVAL_STRING || name->len == 0)
			return S_bad(c, name ? name : ph, "phases[].name",
			             "a non-empty string");
		if ((rc = S_seconds(c, &sec, ph, "seconds", "phases[].seconds",
		                    true)) < 0)
			return rc;
		out->phases[i].name = tr_strdup(name->text);
		if (!out->phases[i].name)
			return TR_ENOMEM;
		out->phases[i].seconds = sec;
		out->nphases = i + 1;
	}
	return 0;
}

static int S_settings(const S_ctx *c, const tr_jsonval *server,
                      const tr_jsonval *connection)
{
	const tr_jsonval *set = NULL, *ssl = NULL;
	tr_init *out = c->out;
	size_t n = 0;
	int rc = 0;

	if (server && (rc = S_object(c, &set, server, "settings",
	                             "server.settings")) < 0)
		return rc;
	if (connection) {
		ssl = tr_jsonval_get(connection, "ssl");
		if (ssl && ssl->type != TR_JSONVAL_BOOL && ssl->type != TR_JSONVAL_NULL)
			return S_bad(c, ssl, "connection.ssl", "true or false");
		if (ssl && ssl->type == TR_JSONVAL_NULL)
			ssl = NULL;
	}
	n = (set ? set->count : 0) + (ssl ? 1 : 0);
	if (n == 0)
		return 0;
	out->settings = tr_calloc(n, sizeof(*out->settings));
	if (!out->settings)
		return TR_ENOMEM;
	if ((rc = tr_jsonmember_settings(out->settings, &out->nsettings, set,
	                                 c->path)) < 0)
		return rc;
	if (ssl) {
		/* Not a server setting (the server's "ssl" says whether it
		 * offers SSL at all) but a fact of the probe's connection; kept
		 * with the settings so that the setup table shows it. */
		tr_setting *s = &out->settings[out->nsettings];
		s->name = tr_strdup("ssl_in_use");
		s->value = tr_strdup(ssl->boolean ? "on" : "off");
		out->nsettings++;
		if (!s->name || !s->value)
			return TR_ENOMEM;
	}
	return 0;
}

static int S_read(const S_ctx *c, const tr_jsonval *root)
{
	const tr_jsonval *v, *server, *connection, *generate, *rows;
	tr_init *out = c->out;
	int rc;

	if ((rc = tr_jsonmember_schema(root, "init.json", "an init.json",
	                               c->path)) < 0)
		return rc;
	v = tr_jsonval_get(root, "source");
	if (v && (v->type != TR_JSONVAL_STRING || strcmp(v->text, "probe") != 0))
		return S_bad(c, v, "source", "\"probe\"");

	if ((rc = S_phases(c, root)) < 0 ||
	    (rc = S_seconds(c, &out->total_s, root, "total_seconds",
	                    "total_seconds", true)) < 0 ||
	    (rc = S_seconds(c, &out->wall_s, root, "wall_seconds",
	                    "wall_seconds", false)) < 0 ||
	    (rc = S_count(c, &out->scale, root, "scale", "scale")) < 0 ||
	    (rc = S_count(c, &out->database_bytes, root, "database_bytes",
	                  "database_bytes")) < 0 ||
	    (rc = S_string(c, &out->conninfo, root, "conninfo", "conninfo")) < 0 ||
	    (rc = S_string(c, &out->tool_version, root, "tool_version",
	                   "tool_version")) < 0)
		return rc;

	if ((rc = S_object(c, &rows, root, "rows", "rows")) < 0)
		return rc;
	if (rows && (rc = S_count(c, &out->rows, rows, "pgbench_accounts",
	                          "rows.pgbench_accounts")) < 0)
		return rc;

	if ((rc = S_object(c, &server, root, "server", "server")) < 0)
		return rc;
	if (server && (rc = S_string(c, &out->server_version, server, "version",
	                             "server.version")) < 0)
		return rc;
	if ((rc = S_object(c, &connection, root, "connection", "connection")) < 0)
		return rc;
	if ((rc = S_settings(c, server, connection)) < 0)
		return rc;

	/* jobs is 1 unless the generate step really ran in parallel. */
	if ((rc = S_object(c, &generate, root, "generate", "generate")) < 0)
		return rc;
	if (generate) {
		const tr_jsonval *par = tr_jsonval_get(generate, "parallel");
		int64_t jobs = -1;
		if (par && par->type != TR_JSONVAL_BOOL)
			return S_bad(c, par, "generate.parallel", "true or false");
		if ((rc = S_count(c, &jobs, generate, "jobs", "generate.jobs")) < 0)
			return rc;
		if (par && par->boolean) {
			if (jobs < 1 || jobs > 100000)
				return S_bad(c, tr_jsonval_get(generate, "jobs"),
				             "generate.jobs", "an integer from 1 to 100000");
			out->jobs = (int)jobs;
		}
	}
	return 0;
}

int tr_initjson_parse(tr_init *out, const char *text, size_t len,
                      const char *path)
{
	tr_jsonval *root = NULL;
	S_ctx c;
	int rc;

	tr_init_init(out);
	if (!(out->source = tr_strdup("probe")) ||
	    (path && !(out->path = tr_strdup(path)))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if ((rc = tr_jsonval_parse(&root, text, len, path)) < 0)
		goto cleanup;
	c.path = path;
	c.out = out;
	rc = S_read(&c, root);

cleanup:
	tr_jsonval_free(root);
	if (rc < 0) {
		/* Nothing half-read stays: the caller gets an empty init. */
		tr_init_free(out);
		out->total_s = out->wall_s = out->user_s = out->sys_s = NAN;
		out->rows = out->scale = out->database_bytes = -1;
		out->jobs = 1;
	}
	return rc;
}
