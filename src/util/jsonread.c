/* jsonread.c: a strict JSON reader that builds a tree.
 *
 * Recursive descent over [p, end) with an explicit depth limit, so that no
 * input can exhaust the stack; every error names the line it was found on.
 * The input need not be NUL-terminated and may contain NUL bytes (they are
 * errors, like any other raw control character outside whitespace). */

#include "jsonread.h"
#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "number.h"
#include "str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *p;
	const char *end;
	const char *path;
	long line;
	int depth;
} S_reader;

static int S_fail(S_reader *r, const char *what)
{
	return tr_error_set_at(r->path, r->line, "%s", what);
}

static void S_skip_ws(S_reader *r)
{
	while (r->p < r->end) {
		char c = *r->p;
		if (c == '\n')
			r->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			return;
		r->p++;
	}
}

static void S_free_contents(tr_jsonval *v)
{
	size_t i;
	free(v->text);
	for (i = 0; i < v->count; i++) {
		S_free_contents(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	memset(v, 0, sizeof(*v));
}

void tr_jsonval_free(tr_jsonval *v)
{
	if (!v)
		return;
	S_free_contents(v);
	free(v);
}

/* Exact literal such as "true"; the next character must not continue a
 * word ("trueish" is an error, not true followed by junk). */
static bool S_literal(S_reader *r, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return false;
	r->p += n;
	return true;
}

static int S_hex4(const char *p, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static int S_put_utf8(tr_buf *b, unsigned cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	return tr_buf_put(b, u, n);
}

/* "\uXXXX" (and its low surrogate), r->p after the u. */
static int S_unicode_escape(S_reader *r, tr_buf *b)
{
	unsigned cp, lo;
	if (r->end - r->p < 4 || S_hex4(r->p, &cp) < 0)
		return S_fail(r, "\\u needs four hex digits");
	r->p += 4;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return S_fail(r, "an unpaired low surrogate in \\u escapes");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u' ||
		    S_hex4(r->p + 2, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
			return S_fail(r, "an unpaired high surrogate in \\u escapes");
		r->p += 6;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0) /* strings are C strings here: a NUL would cut them */
		return S_fail(r, "\\u0000 is not allowed in strings");
	return S_put_utf8(b, cp);
}

/* An escape, r->p on the backslash. */
static int S_escape(S_reader *r, tr_buf *b)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	r->p++;
	if (r->p >= r->end)
		return S_fail(r, "unterminated string");
	if (*r->p == 'u') {
		r->p++;
		return S_unicode_escape(r, b);
	}
	if (*r->p == '\0' || !(k = strchr(from, *r->p))) {
		r->p++;
		return S_fail(r, "an invalid escape in a string");
	}
	r->p++;
	return tr_buf_putc(b, to[k - from]);
}

/* Plain bytes up to a quote, backslash or control character, copied as
 * one run once it is known to be UTF-8. */
static int S_plain_run(S_reader *r, tr_buf *b)
{
	const char *run = r->p;
	while (r->p < r->end && *r->p != '"' && *r->p != '\\' &&
	       (unsigned char)*r->p >= 0x20)
		r->p++;
	if (r->p == run)
		return 0;
	if (!tr_utf8_valid(run, (size_t)(r->p - run)))
		return S_fail(r, "invalid UTF-8 in a string");
	return tr_buf_put(b, run, (size_t)(r->p - run));
}

/* A string literal, r->p on the opening quote. *out is a new string. */
static int S_string(S_reader *r, char **out, size_t *outlen)
{
	tr_buf b = TR_BUF_INIT;
	int rc = 0;

	r->p++; /* the quote */
	if (tr_buf_grow(&b, 0) < 0)
		return TR_ENOMEM;
	for (;;) {
		if ((rc = S_plain_run(r, &b)) < 0)
			goto cleanup;
		if (r->p >= r->end) {
			rc = S_fail(r, "unterminated string");
			goto cleanup;
		}
		if (*r->p == '"') {
			r->p++;
			break;
		}
		if (*r->p != '\\') {
			rc = S_fail(r, *r->p == '\n'
			                   ? "unterminated string (a raw newline)"
			                   : "a raw control character in a string");
			goto cleanup;
		}
		if ((rc = S_escape(r, &b)) < 0)
			goto cleanup;
	}
	*outlen = b.size;
	*out = tr_buf_detach(&b);
	return 0;

cleanup:
	tr_buf_free(&b);
	return rc;
}

static bool S_digit(const S_reader *r, const char *q)
{
	return q < r->end && *q >= '0' && *q <= '9';
}

static int S_number(S_reader *r, tr_jsonval *v)
{
	const char *start = r->p, *q = r->p, *next;
	double d;

	/* The JSON grammar first: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
	if (q < r->end && *q == '-')
		q++;
	if (!S_digit(r, q))
		return S_fail(r, "invalid number");
	if (*q == '0') {
		q++;
		if (S_digit(r, q))
			return S_fail(r, "invalid number (a leading zero)");
	} else {
		while (S_digit(r, q))
			q++;
	}
	if (q < r->end && *q == '.') {
		q++;
		if (!S_digit(r, q))
			return S_fail(r, "invalid number (no digits after '.')");
		while (S_digit(r, q))
			q++;
	}
	if (q < r->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < r->end && (*q == '+' || *q == '-'))
			q++;
		if (!S_digit(r, q))
			return S_fail(r, "invalid number (no digits in the exponent)");
		while (S_digit(r, q))
			q++;
	}
	if (tr_parse_double(&d, start, q, &next) < 0 || next != q)
		return S_fail(r, "invalid number");
	if (!isfinite(d))
		return S_fail(r, "number out of range");
	v->type = TR_JSONVAL_NUMBER;
	v->number = d;
	v->text = tr_strndup(start, (size_t)(q - start));
	if (!v->text)
		return TR_ENOMEM;
	v->len = (size_t)(q - start);
	r->p = q;
	return 0;
}

static int S_value(S_reader *r, tr_jsonval *v);

static int S_array(S_reader *r, tr_jsonval *v)
{
	size_t cap = 0;
	int rc;

	v->type = TR_JSONVAL_ARRAY;
	r->p++; /* '[' */
	S_skip_ws(r);
	if (r->p < r->end && *r->p == ']') {
		r->p++;
		return 0;
	}
	for (;;) {
		if ((rc = tr_grow(&v->items, &cap, v->count + 1, sizeof(*v->items))) < 0)
			return rc;
		memset(&v->items[v->count], 0, sizeof(*v->items));
		/* Counted before parsing so that a failed element's partial
		 * contents are freed with the rest. */
		v->count++;
		if ((rc = S_value(r, &v->items[v->count - 1])) < 0)
			return rc;
		S_skip_ws(r);
		if (r->p >= r->end)
			return S_fail(r, "unterminated array (expected ',' or ']')");
		if (*r->p == ']') {
			r->p++;
			return 0;
		}
		if (*r->p != ',')
			return S_fail(r, "expected ',' or ']' in an array");
		r->p++;
	}
}

static int S_object(S_reader *r, tr_jsonval *v)
{
	size_t cap = 0, kcap = 0;
	int rc;

	v->type = TR_JSONVAL_OBJECT;
	r->p++; /* '{' */
	S_skip_ws(r);
	if (r->p < r->end && *r->p == '}') {
		r->p++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		size_t klen;
		S_skip_ws(r);
		if (r->p >= r->end || *r->p != '"')
			return S_fail(r, r->p >= r->end
			                     ? "unterminated object (expected a member name)"
			                     : "expected a member name (a string) in an object");
		if ((rc = S_string(r, &key, &klen)) < 0)
			return rc;
		if ((rc = tr_grow(&v->items, &cap, v->count + 1, sizeof(*v->items))) < 0 ||
		    (rc = tr_grow(&v->keys, &kcap, v->count + 1, sizeof(*v->keys))) < 0) {
			free(key);
			return rc;
		}
		memset(&v->items[v->count], 0, sizeof(*v->items));
		v->keys[v->count] = key;
		v->count++;
		S_skip_ws(r);
		if (r->p >= r->end || *r->p != ':')
			return S_fail(r, "expected ':' after a member name");
		r->p++;
		if ((rc = S_value(r, &v->items[v->count - 1])) < 0)
			return rc;
		S_skip_ws(r);
		if (r->p >= r->end)
			return S_fail(r, "unterminated object (expected ',' or '}')");
		if (*r->p == '}') {
			r->p++;
			return 0;
		}
		if (*r->p != ',')
			return S_fail(r, "expected ',' or '}' in an object");
		r->p++;
	}
}

static int S_value(S_reader *r, tr_jsonval *v)
{
	int rc;
	S_skip_ws(r);
	v->line = r->line;
	if (r->p >= r->end)
		return S_fail(r, "unexpected end of input (expected a value)");
	switch (*r->p) {
	case '{':
	case '[':
		if (r->depth >= TR_JSONVAL_MAX_DEPTH)
			return S_fail(r, "nested too deeply");
		r->depth++;
		rc = *r->p == '{' ? S_object(r, v) : S_array(r, v);
		r->depth--;
		return rc;
	case '"':
		v->type = TR_JSONVAL_STRING;
		return S_string(r, &v->text, &v->len);
	case 't':
		if (!S_literal(r, "true"))
			break;
		v->type = TR_JSONVAL_BOOL;
		v->boolean = true;
		return 0;
	case 'f':
		if (!S_literal(r, "false"))
			break;
		v->type = TR_JSONVAL_BOOL;
		return 0;
	case 'n':
		if (!S_literal(r, "null"))
			break;
		v->type = TR_JSONVAL_NULL;
		return 0;
	default:
		if (*r->p == '-' || (*r->p >= '0' && *r->p <= '9'))
			return S_number(r, v);
		break;
	}
	return S_fail(r, "expected a value");
}

int tr_jsonval_parse(tr_jsonval **out, const char *text, size_t len,
                     const char *path)
{
	S_reader r;
	tr_jsonval *v;
	int rc;

	*out = NULL;
	r.p = text;
	r.end = text + len;
	r.path = path ? path : "(json)";
	r.line = 1;
	r.depth = 0;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r.p += 3;
	v = tr_calloc(1, sizeof(*v));
	if (!v)
		return TR_ENOMEM;
	if ((rc = S_value(&r, v)) < 0)
		goto cleanup;
	S_skip_ws(&r);
	if (r.p < r.end) {
		rc = S_fail(&r, "unexpected text after the JSON value");
		goto cleanup;
	}
	*out = v;
	return 0;

cleanup:
	tr_jsonval_free(v);
	return rc == TR_ENOMEM ? rc : TR_EINVALID;
}

const tr_jsonval *tr_jsonval_get(const tr_jsonval *v, const char *key)
{
	size_t i;
	if (!v || v->type != TR_JSONVAL_OBJECT)
		return NULL;
	for (i = v->count; i > 0; i--)
		if (strcmp(v->keys[i - 1], key) == 0)
			return &v->items[i - 1];
	return NULL;
}

const char *tr_jsonval_type_name(tr_jsonval_type type)
{
	switch (type) {
	case TR_JSONVAL_NULL: return "null";
	case TR_JSONVAL_BOOL: return "boolean";
	case TR_JSONVAL_NUMBER: return "number";
	case TR_JSONVAL_STRING: return "string";
	case TR_JSONVAL_ARRAY: return "array";
	case TR_JSONVAL_OBJECT: return "object";
	}
	return "unknown";
}

int tr_jsonval_int64(int64_t *out, const tr_jsonval *v)
{
	const char *next;
	if (!v || v->type != TR_JSONVAL_NUMBER ||
	    strpbrk(v->text, ".eE") != NULL)
		return TR_EINVALID;
	if (tr_parse_int64(out, v->text, v->text + v->len, &next) < 0 ||
	    next != v->text + v->len)
		return TR_EINVALID;
	return 0;
}
