#ifndef TR_UTIL_JSON_H
#define TR_UTIL_JSON_H

/* util/json.h: writing JSON. */

#include <stdbool.h>
#include <stdint.h>

#include "util/buf.h"

/*
 * A streaming JSON writer with two-space indentation, keys in the order
 * written (callers write them in a fixed order, so output is deterministic).
 * Numbers use tr_fmt_shortest; NaN and infinities are written as null.
 */
typedef struct tr_json {
	tr_buf *out;
	int depth;
	bool need_comma[64];
	bool after_key;
	int rc; /* first failure, reported by tr_json_finish */
} tr_json;

void tr_json_init(tr_json *j, tr_buf *out);
void tr_json_object_begin(tr_json *j);
void tr_json_object_end(tr_json *j);
void tr_json_array_begin(tr_json *j);
void tr_json_array_end(tr_json *j);
void tr_json_key(tr_json *j, const char *key);
void tr_json_string(tr_json *j, const char *s);  /* NULL writes null */
void tr_json_number(tr_json *j, double v);
void tr_json_int(tr_json *j, int64_t v);
void tr_json_bool(tr_json *j, bool v);
void tr_json_null(tr_json *j);
/* Finish: a final newline. Returns 0, or TR_ENOMEM if any write failed. */
int tr_json_finish(tr_json *j);

/* Append s as a JSON string literal (with quotes) to out. Invalid UTF-8
 * bytes are replaced by U+FFFD so the output is always valid JSON. */
int tr_json_escape(tr_buf *out, const char *s);

#endif
