/* ini.c: the lines of tpsreport.ini (ingest_ini_internal.h).
 *
 * Our own reader instead of inih: Debian's libinih cuts section names at
 * 49 bytes (a compile-time INI_MAX_SECTION of its build), so a long
 * provider lost its label and price without a word and two long names
 * merged. This one has no limit but the file's size, and says which line
 * it could not read. */

#include "ingest_ini_internal.h"
#include "util/base.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdbool.h>
#include <string.h>

static bool S_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* [*p, *end) with the spaces around it removed. */
static void S_trim(const char **p, const char **end)
{
	while (*p < *end && S_space(**p))
		(*p)++;
	while (*end > *p && S_space((*end)[-1]))
		(*end)--;
}

/* Where an inline comment starts: ';' after a space or tab (as inih and
 * Python's configparser read it), or end. */
static const char *S_comment(const char *p, const char *end)
{
	for (const char *q = p; q < end; q++)
		if (*q == ';' && q > p && S_space(q[-1]))
			return q;
	return end;
}

typedef struct S_line {
	const char *path;
	long no;
	tr_buf section, name, value;
	tr_ini_handler handler;
	void *user;
} S_line;

static int S_set(tr_buf *b, const char *p, const char *end)
{
	tr_buf_clear(b);
	return tr_buf_put(b, p, (size_t)(end - p));
}

static int S_section(S_line *l, const char *p, const char *end)
{
	const char *close = memchr(p, ']', (size_t)(end - p)), *rest;
	if (!close)
		return tr_error_set_at(l->path, l->no, "a section line without its "
		                       "closing ']' (expected [section])");
	rest = close + 1;
	S_trim(&rest, &end);
	if (rest < end && *rest != ';' && *rest != '#')
		return tr_error_set_at(l->path, l->no, "text after the section's "
		                       "']' (expected [section], then a comment at "
		                       "most)");
	p++;
	S_trim(&p, &close);
	return S_set(&l->section, p, close);
}

static int S_pair(S_line *l, const char *p, const char *end)
{
	const char *eq = p, *name_end, *v;
	int rc;
	while (eq < end && *eq != '=' && *eq != ':')
		eq++;
	if (eq == end)
		return tr_error_set_at(l->path, l->no, "cannot parse this line "
		                       "(expected [section] or key = value)");
	name_end = eq;
	S_trim(&p, &name_end);
	if (p == name_end)
		return tr_error_set_at(l->path, l->no, "a value without a key "
		                       "(expected key = value)");
	v = eq + 1;
	end = S_comment(v, end);
	S_trim(&v, &end);
	if ((rc = S_set(&l->name, p, name_end)) < 0 ||
	    (rc = S_set(&l->value, v, end)) < 0)
		return rc;
	return l->handler(l->user, tr_buf_cstr(&l->section), tr_buf_cstr(&l->name),
	                  tr_buf_cstr(&l->value), l->no);
}

static int S_one(S_line *l, const char *p, const char *end)
{
	S_trim(&p, &end);
	if (p == end || *p == ';' || *p == '#')
		return 0;
	if (*p == '[')
		return S_section(l, p, end);
	return S_pair(l, p, end);
}

int tr_ini_parse(const char *text, size_t len, const char *path,
                 tr_ini_handler handler, void *user)
{
	S_line l = { path, 0, TR_BUF_INIT, TR_BUF_INIT, TR_BUF_INIT, handler, user };
	const char *p = text, *end = text + len;
	int rc = 0;
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end && rc == 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		l.no++;
		rc = S_one(&l, p, eol);
		p = nl ? nl + 1 : end;
	}
	tr_buf_free(&l.section);
	tr_buf_free(&l.name);
	tr_buf_free(&l.value);
	return rc;
}
