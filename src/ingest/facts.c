/* facts.c: results/<provider>/facts.json, the server facts `tpsreport run`
 * wrote (docs/run.md, schema 1), read back for the setup table. Members
 * this reader does not know are passed over; a known one of the wrong type
 * is an error naming its line. */

#include "ingest.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/jsonread.h"

#include <stdlib.h>
#include <string.h>

static int S_bad(const char *path, const tr_jsonval *v, const char *name,
                 const char *want)
{
	return tr_error_set_at(path, v->line, "\"%s\" must be %s, not %s", name,
	                       want, tr_jsonval_type_name(v->type));
}

static int S_string(char **out, const tr_jsonval *obj, const char *key,
                    const char *name, const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_STRING)
		return S_bad(path, v, name, "a string");
	return (*out = tr_strdup(v->text)) ? 0 : TR_ENOMEM;
}

static const tr_jsonval *S_object(const tr_jsonval *obj, const char *key,
                                  const char *name, const char *path, int *rc)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*rc = 0;
	if (!v || v->type == TR_JSONVAL_NULL)
		return NULL;
	if (v->type != TR_JSONVAL_OBJECT) {
		*rc = S_bad(path, v, name, "an object");
		return NULL;
	}
	return v;
}

static int S_settings(tr_server_facts *f, const tr_jsonval *set,
                      const char *path)
{
	if (!set || set->count == 0)
		return 0;
	if (!(f->settings = tr_calloc(set->count, sizeof(tr_setting))))
		return TR_ENOMEM;
	for (size_t i = 0; i < set->count; i++) {
		tr_setting *s = &f->settings[i];
		if (set->items[i].type != TR_JSONVAL_STRING)
			return S_bad(path, &set->items[i], "server.settings values",
			             "strings");
		s->name = tr_strdup(set->keys[i]);
		s->value = tr_strdup(set->items[i].text);
		f->nsettings = i + 1;
		if (!s->name || !s->value)
			return TR_ENOMEM;
	}
	return 0;
}

static int S_read(tr_server_facts *f, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *v, *server, *pgbench;
	int64_t n;
	int rc;

	if (root->type != TR_JSONVAL_OBJECT)
		return S_bad(path, root, "the document", "an object");
	v = tr_jsonval_get(root, "schema");
	if (!v)
		return tr_error_set_at(path, root->line,
		                       "\"schema\" is missing: not a facts.json");
	if (tr_jsonval_int64(&n, v) < 0 || n < 1)
		return S_bad(path, v, "schema", "a positive integer");
	if (n > 1)
		return tr_error_set_at(path, v->line, "facts.json schema %lld is newer "
		                       "than this tpsreport reads (1): upgrade "
		                       "tpsreport", (long long)n);
	if ((rc = S_string(&f->read_at, root, "read_at", "read_at", path)) < 0 ||
	    (rc = S_string(&f->conninfo, root, "conninfo", "conninfo", path)) < 0)
		return rc;
	server = S_object(root, "server", "server", path, &rc);
	if (rc < 0)
		return rc;
	if (server) {
		const tr_jsonval *set;
		if ((rc = S_string(&f->server_version, server, "version",
		                   "server.version", path)) < 0)
			return rc;
		v = tr_jsonval_get(server, "version_num");
		if (v && v->type != TR_JSONVAL_NULL) {
			if (tr_jsonval_int64(&n, v) < 0 || n < 0 || n > 100000000)
				return S_bad(path, v, "server.version_num", "an integer");
			f->server_version_num = (int)n;
		}
		set = S_object(server, "settings", "server.settings", path, &rc);
		if (rc < 0 || (rc = S_settings(f, set, path)) < 0)
			return rc;
	}
	pgbench = S_object(root, "pgbench", "pgbench", path, &rc);
	if (rc < 0)
		return rc;
	if (pgbench)
		rc = S_string(&f->pgbench_version, pgbench, "version",
		              "pgbench.version", path);
	return rc;
}

int tr_server_facts_parse(tr_server_facts **out, const char *text, size_t len,
                          const char *path)
{
	tr_jsonval *root = NULL;
	tr_server_facts *f;
	int rc;

	*out = NULL;
	if (!(f = tr_calloc(1, sizeof(*f))))
		return TR_ENOMEM;
	f->server_version_num = -1;
	if ((rc = tr_jsonval_parse(&root, text, len, path)) < 0 ||
	    (rc = S_read(f, root, path)) < 0 ||
	    (rc = (f->path = tr_strdup(path)) ? 0 : TR_ENOMEM) < 0) {
		tr_jsonval_free(root);
		tr_server_facts_free(f);
		free(f);
		return rc;
	}
	tr_jsonval_free(root);
	*out = f;
	return 0;
}
