#ifndef TR_INGEST_JSON_INTERNAL_H
#define TR_INGEST_JSON_INTERNAL_H

/*
 * jsonmember: members of the JSON documents ingest reads (facts.json,
 * init.json, PostgresBench results) taken by name, with one form of
 * message for a member of the wrong type: `path:line: "NAME" must be WANT,
 * not TYPE`. NAME is the member as the docs spell it ("server.version").
 * Internal to ingest. Every function returns 0 or a negative TR_E* code
 * with the message set.
 */

#include "model/model.h"
#include "util/jsonread.h"

#include <stddef.h>

/* "NAME must be WANT, not TYPE" at v's line; v NULL is "missing", line 0. */
int tr_jsonmember_bad(const char *path, const tr_jsonval *v, const char *name,
                      const char *want);

/* An optional string member: *out (freed first) becomes a copy, and is
 * left alone when the member is absent or null. */
int tr_jsonmember_string(char **out, const tr_jsonval *obj, const char *key,
                         const char *name, const char *path);

/* An optional object member: *out is NULL when it is absent or null. */
int tr_jsonmember_object(const tr_jsonval **out, const tr_jsonval *obj,
                         const char *key, const char *name, const char *path);

/* The document is an object whose "schema" is 1. doc names it in the
 * messages ("facts.json"), a_doc with its article ("a facts.json"). */
int tr_jsonmember_schema(const tr_jsonval *root, const char *doc,
                         const char *a_doc, const char *path);

/* The members of the "server.settings" object set, each a string, copied
 * to out[*n], out[*n + 1], ... (room for set->count of them); *n counts
 * every setting made, so that the caller frees them whatever the result. */
int tr_jsonmember_settings(tr_setting *out, size_t *n, const tr_jsonval *set,
                           const char *path);

#endif
