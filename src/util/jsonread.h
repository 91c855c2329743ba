#ifndef TR_UTIL_JSONREAD_H
#define TR_UTIL_JSONREAD_H

/* util/jsonread.h: reading JSON into a tree. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/base.h"

/*
 * A JSON reader (RFC 8259) that builds a tree, for the files tpsreport
 * writes itself and reads back (init.json). Input is never trusted: nesting
 * deeper than TR_JSONVAL_MAX_DEPTH, invalid UTF-8, raw control characters
 * in strings, "\u0000", unpaired surrogates, numbers outside the JSON
 * grammar or beyond the range of a double, and text after the value are
 * errors, reported as "path:line: message". A UTF-8 byte order mark at the
 * start is skipped. Every value records the line it starts on, so callers
 * can report "path:line: ..." about its meaning too.
 */
#define TR_JSONVAL_MAX_DEPTH 64
/* Documents are read whole from files of at most 256 MB; longer text is
 * refused (lengths and counts are 32-bit). */
#define TR_JSONVAL_MAX_TEXT 0x7fffffffu

typedef enum tr_jsonval_type {
	TR_JSONVAL_NULL = 0,
	TR_JSONVAL_BOOL,
	TR_JSONVAL_NUMBER,
	TR_JSONVAL_STRING,
	TR_JSONVAL_ARRAY,
	TR_JSONVAL_OBJECT
} tr_jsonval_type;

typedef struct tr_jsonval tr_jsonval;
struct tr_jsonval {
	tr_jsonval_type type;
	bool boolean;         /* BOOL */
	long line;            /* 1-based line where the value starts */
	union {               /* 48 bytes a value: see jsonread.c */
		double number;    /* NUMBER */
		tr_jsonval *items; /* ARRAY: elements; OBJECT: member values */
	};
	char *text;           /* STRING: decoded, NUL-terminated UTF-8;
	                         NUMBER: the number as written; else NULL */
	char **keys;          /* OBJECT: member names, parallel to items */
	uint32_t len;         /* strlen(text) */
	uint32_t count;       /* ARRAY, OBJECT: number of items; else 0 */
};

/* Parse a whole document. *out is a new tree the caller frees with
 * tr_jsonval_free(); on failure *out is NULL and the message says
 * "path:line: ...". TR_EINVALID for bad input, TR_ENOMEM. The tree takes
 * a copy of the text and ~2x the text's size more for a document of
 * short members (one value per line): see jsonread.c. */
int tr_jsonval_parse(tr_jsonval **out, const char *text, size_t len,
                     const char *path);
/* The same, in the caller's own buffer (from malloc, len + 1 bytes or
 * more), which the tree takes and decodes in place: no copy. The buffer
 * is freed with the tree, or here on failure. */
int tr_jsonval_parse_owned(tr_jsonval **out, char *text, size_t len,
                           const char *path);
/* Free a tree from tr_jsonval_parse (NULL is fine); only a root. */
void tr_jsonval_free(tr_jsonval *v);
/* The member named key of an object, or NULL (also when v is NULL or not
 * an object). With duplicate names, the last one wins. Owned by the tree. */
const tr_jsonval *tr_jsonval_get(const tr_jsonval *v, const char *key);
/* "null", "boolean", "number", "string", "array", "object". */
const char *tr_jsonval_type_name(tr_jsonval_type type);
/* A NUMBER written as an integer (no fraction, no exponent) that fits:
 * 0, else TR_EINVALID without a message. */
int tr_jsonval_int64(int64_t *out, const tr_jsonval *v);

#endif
