/* jsonmember.c: members of ingest's JSON documents by name, one message
 * form for a wrong type (ingest_json_internal.h). */

#include "ingest_json_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>

int tr_jsonmember_bad(const char *path, const tr_jsonval *v, const char *name,
                      const char *want)
{
	return tr_error_set_at(path, v ? v->line : 0, "\"%s\" must be %s, not %s",
	                       name, want,
	                       v ? tr_jsonval_type_name(v->type) : "missing");
}

int tr_jsonmember_string(char **out, const tr_jsonval *obj, const char *key,
                         const char *name, const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_STRING)
		return tr_jsonmember_bad(path, v, name, "a string");
	free(*out);
	*out = tr_strdup(v->text);
	return *out ? 0 : TR_ENOMEM;
}

int tr_jsonmember_object(const tr_jsonval **out, const tr_jsonval *obj,
                         const char *key, const char *name, const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NULL;
	if (!v || v->type == TR_JSONVAL_NULL)
		return 0;
	if (v->type != TR_JSONVAL_OBJECT)
		return tr_jsonmember_bad(path, v, name, "an object");
	*out = v;
	return 0;
}

int tr_jsonmember_schema(const tr_jsonval *root, const char *doc,
                         const char *a_doc, const char *path)
{
	const tr_jsonval *v;
	int64_t n;
	if (root->type != TR_JSONVAL_OBJECT)
		return tr_jsonmember_bad(path, root, "the document", "an object");
	if (!(v = tr_jsonval_get(root, "schema")))
		return tr_error_set_at(path, root->line,
		                       "\"schema\" is missing: not %s", a_doc);
	if (tr_jsonval_int64(&n, v) < 0 || n < 1)
		return tr_jsonmember_bad(path, v, "schema", "a positive integer");
	if (n > 1)
		return tr_error_set_at(path, v->line, "%s schema %lld is newer than "
		                       "this tpsreport reads (1): upgrade tpsreport",
		                       doc, (long long)n);
	return 0;
}

int tr_jsonmember_settings(tr_setting *out, size_t *n, const tr_jsonval *set,
                           const char *path)
{
	for (size_t i = 0; set && i < set->count; i++) {
		const tr_jsonval *v = &set->items[i];
		tr_setting *s = &out[*n];
		if (v->type != TR_JSONVAL_STRING)
			return tr_jsonmember_bad(path, v, "server.settings values",
			                         "strings");
		s->name = tr_strdup(set->keys[i]);
		s->value = tr_strdup(v->text);
		(*n)++;
		if (!s->name || !s->value)
			return TR_ENOMEM;
	}
	return 0;
}
