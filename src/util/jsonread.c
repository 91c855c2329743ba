/* jsonread.c: a strict JSON reader that builds a tree.
 *
 * Recursive descent over [p, end) with an explicit depth limit, so that no
 * input can exhaust the stack; every error names the line it was found on.
 * The input need not be NUL-terminated and may contain NUL bytes (they are
 * errors, like any other raw control character outside whitespace).
 *
 * Memory: the tree lives in a copy of the text it was read from (or the
 * caller's own buffer, tr_jsonval_parse_owned) and a few large blocks.
 * Strings and member names are decoded in place (a decoded string is never
 * longer than its quoted form), a number's text is moved one byte back
 * onto the ',' or ':' before it to make room for its NUL, and a
 * container's values are gathered on one scratch stack and copied into
 * the blocks once, at its closing bracket, at their exact count. The old
 * reader's malloc per value and per string, and arrays grown by doubling,
 * took ~50x the file's size (docs/performance.md has the figures). */

#include "jsonread.h"
#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "number.h"
#include "str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A block of the tree's memory. */
typedef struct S_block {
	struct S_block *next;
	size_t used, cap;
	max_align_t data[];
} S_block;

/* The root and what the tree owns; tr_jsonval_free is given the root. */
typedef struct S_tree {
	tr_jsonval root;
	char *text;              /* the text, its strings decoded in place */
	S_block *blocks;
} S_tree;

/* A value read but not yet placed: its container closes later. */
typedef struct S_item {
	tr_jsonval v;
	char *key;
} S_item;

typedef struct {
	char *p;
	const char *end;
	char *base;
	const char *path;
	long line;
	int depth;
	S_tree *tree;
	S_item *stack;           /* the values of the open containers */
	size_t nstack, capstack;
} S_reader;

/* n bytes from the tree's blocks, 8-byte aligned; NULL on ENOMEM. */
static void *S_alloc(S_reader *r, size_t n)
{
	S_block *b = r->tree->blocks;
	void *p;
	n = (n + 7) & ~(size_t)7;
	if (!b || b->cap - b->used < n) {
		size_t cap = b ? b->cap * 2 : 64 << 10;
		if (cap > (16 << 20))
			cap = 16 << 20;
		if (cap < n)
			cap = n;
		if (!(b = tr_malloc(sizeof(S_block) + cap)))
			return NULL;
		b->next = r->tree->blocks;
		b->used = 0;
		b->cap = cap;
		r->tree->blocks = b;
	}
	p = (char *)b->data + b->used;
	b->used += n;
	return p;
}

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

void tr_jsonval_free(tr_jsonval *v)
{
	S_tree *t = (S_tree *)v;   /* the root is the tree's first member */
	if (!t)
		return;
	while (t->blocks) {
		S_block *next = t->blocks->next;
		free(t->blocks);
		t->blocks = next;
	}
	free(t->text);
	free(t);
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

/* Code point cp as UTF-8 at *w (4 bytes at most; the escape it came
 * from was 6 or 12). */
static void S_put_utf8(char **w, unsigned cp)
{
	char *u = *w;
	if (cp < 0x80) {
		*u++ = (char)cp;
	} else if (cp < 0x800) {
		*u++ = (char)(0xc0 | (cp >> 6));
		*u++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*u++ = (char)(0xe0 | (cp >> 12));
		*u++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*u++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*u++ = (char)(0xf0 | (cp >> 18));
		*u++ = (char)(0x80 | ((cp >> 12) & 0x3f));
		*u++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*u++ = (char)(0x80 | (cp & 0x3f));
	}
	*w = u;
}

/* "\uXXXX" (and its low surrogate), r->p after the u. */
static int S_unicode_escape(S_reader *r, char **w)
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
	S_put_utf8(w, cp);
	return 0;
}

/* An escape, r->p on the backslash. */
static int S_escape(S_reader *r, char **w)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	r->p++;
	if (r->p >= r->end)
		return S_fail(r, "unterminated string");
	if (*r->p == 'u') {
		r->p++;
		return S_unicode_escape(r, w);
	}
	if (*r->p == '\0' || !(k = strchr(from, *r->p))) {
		r->p++;
		return S_fail(r, "an invalid escape in a string");
	}
	r->p++;
	*(*w)++ = to[k - from];
	return 0;
}

/* Plain bytes up to a quote, backslash or control character, moved to *w
 * as one run once they are known to be UTF-8. */
static int S_plain_run(S_reader *r, char **w)
{
	char *run = r->p;
	size_t n;
	while (r->p < r->end && *r->p != '"' && *r->p != '\\' &&
	       (unsigned char)*r->p >= 0x20)
		r->p++;
	if ((n = (size_t)(r->p - run)) == 0)
		return 0;
	if (!tr_utf8_valid(run, n))
		return S_fail(r, "invalid UTF-8 in a string");
	memmove(*w, run, n);
	*w += n;
	return 0;
}

/* A string literal, r->p on the opening quote, decoded in place from
 * there: *out points into the text. The write cursor stays behind the
 * read one (every escape is longer than what it stands for), so the
 * closing quote is never reached. */
static int S_string(S_reader *r, char **out, uint32_t *outlen)
{
	char *start = r->p, *w = r->p;
	int rc;

	r->p++; /* the quote */
	for (;;) {
		if ((rc = S_plain_run(r, &w)) < 0)
			return rc;
		if (r->p >= r->end)
			return S_fail(r, "unterminated string");
		if (*r->p == '"') {
			r->p++;
			break;
		}
		if (*r->p != '\\')
			return S_fail(r, *r->p == '\n'
			                     ? "unterminated string (a raw newline)"
			                     : "a raw control character in a string");
		if ((rc = S_escape(r, &w)) < 0)
			return rc;
	}
	*w = '\0';
	*outlen = (uint32_t)(w - start);
	*out = start;
	return 0;
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
	v->len = (uint32_t)(q - start);
	/* The text as written, moved one byte back onto the ',', ':', '[' or
	 * space before it (read already) to make room for its NUL; a number
	 * that starts the text gets a copy. */
	if (start > r->base) {
		memmove((char *)start - 1, start, v->len);
		v->text = (char *)start - 1;
	} else if (!(v->text = S_alloc(r, v->len + 1))) {
		return TR_ENOMEM;
	} else {
		memcpy(v->text, start, v->len);
	}
	v->text[v->len] = '\0';
	r->p = (char *)q;
	return 0;
}

static int S_value(S_reader *r, tr_jsonval *v);

static int S_push(S_reader *r, const tr_jsonval *v, char *key)
{
	if (tr_grow(&r->stack, &r->capstack, r->nstack + 1, sizeof(S_item)) < 0)
		return TR_ENOMEM;
	r->stack[r->nstack].v = *v;
	r->stack[r->nstack++].key = key;
	return 0;
}

/* The values pushed since mark become v's items (and names), at their
 * exact count, in the tree's blocks. */
static int S_close(S_reader *r, tr_jsonval *v, size_t mark, bool object)
{
	size_t n = r->nstack - mark;
	v->count = (uint32_t)n;
	r->p++; /* ']' or '}' */
	if (n == 0)
		return 0;
	if (!(v->items = S_alloc(r, n * sizeof(tr_jsonval))) ||
	    (object && !(v->keys = S_alloc(r, n * sizeof(char *)))))
		return TR_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		v->items[i] = r->stack[mark + i].v;
		if (object)
			v->keys[i] = r->stack[mark + i].key;
	}
	r->nstack = mark;
	return 0;
}

static int S_array(S_reader *r, tr_jsonval *v)
{
	size_t mark = r->nstack;
	int rc;

	v->type = TR_JSONVAL_ARRAY;
	r->p++; /* '[' */
	S_skip_ws(r);
	if (r->p < r->end && *r->p == ']')
		return S_close(r, v, mark, false);
	for (;;) {
		tr_jsonval item = { 0 };
		if ((rc = S_value(r, &item)) < 0 || (rc = S_push(r, &item, NULL)) < 0)
			return rc;
		S_skip_ws(r);
		if (r->p >= r->end)
			return S_fail(r, "unterminated array (expected ',' or ']')");
		if (*r->p == ']')
			return S_close(r, v, mark, false);
		if (*r->p != ',')
			return S_fail(r, "expected ',' or ']' in an array");
		r->p++;
	}
}

static int S_object(S_reader *r, tr_jsonval *v)
{
	size_t mark = r->nstack;
	int rc;

	v->type = TR_JSONVAL_OBJECT;
	r->p++; /* '{' */
	S_skip_ws(r);
	if (r->p < r->end && *r->p == '}')
		return S_close(r, v, mark, true);
	for (;;) {
		tr_jsonval item = { 0 };
		char *key = NULL;
		uint32_t klen;
		S_skip_ws(r);
		if (r->p >= r->end || *r->p != '"')
			return S_fail(r, r->p >= r->end
			                     ? "unterminated object (expected a member name)"
			                     : "expected a member name (a string) in an object");
		if ((rc = S_string(r, &key, &klen)) < 0)
			return rc;
		S_skip_ws(r);
		if (r->p >= r->end || *r->p != ':')
			return S_fail(r, "expected ':' after a member name");
		r->p++;
		if ((rc = S_value(r, &item)) < 0 || (rc = S_push(r, &item, key)) < 0)
			return rc;
		S_skip_ws(r);
		if (r->p >= r->end)
			return S_fail(r, "unterminated object (expected ',' or '}')");
		if (*r->p == '}')
			return S_close(r, v, mark, true);
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

int tr_jsonval_parse_owned(tr_jsonval **out, char *text, size_t len,
                           const char *path)
{
	S_reader r = { 0 };
	S_tree *t;
	int rc;

	*out = NULL;
	if (len > TR_JSONVAL_MAX_TEXT) {
		free(text);
		return tr_error_set("%s: more than 2 GB of JSON", path ? path : "(json)");
	}
	if (!(t = tr_calloc(1, sizeof(*t)))) {
		free(text);
		return TR_ENOMEM;
	}
	t->text = text;
	r.p = r.base = text;
	r.end = text + len;
	r.path = path ? path : "(json)";
	r.line = 1;
	r.tree = t;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r.p += 3;
	if ((rc = S_value(&r, &t->root)) < 0)
		goto cleanup;
	S_skip_ws(&r);
	if (r.p < r.end) {
		rc = S_fail(&r, "unexpected text after the JSON value");
		goto cleanup;
	}
	free(r.stack);
	*out = &t->root;
	return 0;

cleanup:
	free(r.stack);
	tr_jsonval_free(&t->root);
	return rc == TR_ENOMEM ? rc : TR_EINVALID;
}

int tr_jsonval_parse(tr_jsonval **out, const char *text, size_t len,
                     const char *path)
{
	char *copy = tr_malloc(len + 1);
	*out = NULL;
	if (!copy)
		return TR_ENOMEM;
	if (len)
		memcpy(copy, text, len);
	copy[len] = '\0';
	return tr_jsonval_parse_owned(out, copy, len, path);
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
