/* expand.c: one pass over the source, line by line. Text is copied as it
 * is; directives are replaced by what they stand for. Directives are not
 * looked for in fenced code blocks, in code spans, or after a backslash
 * (\{{ writes "{{"), so a writeup can show them literally. */

#include "writeup_internal.h"
#include "util/base.h"

#include <string.h>

/* A fence line: up to three spaces, then ``` or ~~~ or longer. */
static size_t S_fence(const char *line, const char *end, char *ch)
{
	const char *p = line;
	size_t n = 0;
	while (p < end && *p == ' ' && p - line < 3)
		p++;
	if (p < end && (*p == '`' || *p == '~')) {
		*ch = *p;
		while (p + n < end && p[n] == *ch)
			n++;
	}
	return n >= 3 ? n : 0;
}

static bool S_contains(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);
	for (; p + n <= end; p++)
		if (memcmp(p, needle, n) == 0)
			return true;
	return false;
}

static bool S_blank(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p != ' ' && *p != '\t')
			return false;
	return true;
}

static int S_directive(tr_wu_doc *d, const char *line, const char *end,
                       const char **p, long lineno)
{
	tr_wu_directive dir;
	size_t consumed;
	int rc = tr_wu_directive_parse(&dir, *p, end, &consumed, d->path, lineno);
	if (rc < 0)
		return rc;
	d->line = lineno;
	if (tr_wu_is_block(dir.name)) {
		const char *lead = line;
		while (lead < *p && *lead == ' ')
			lead++;
		if (lead != *p || *p - line > 3 || !S_blank(*p + consumed, end)) {
			rc = tr_wu_error(d, "{{%s}} must stand alone on its line (it "
			                    "becomes a block: a table, a chart or a section)",
			                 dir.name);
			goto cleanup;
		}
		tr_wu_md(d, "\n");
		if ((rc = tr_wu_block_directive(d, &dir)) < 0)
			goto cleanup;
		tr_wu_md(d, "\n");
		*p = end; /* the rest of the line is blank */
	} else {
		rc = tr_wu_inline_directive(d, &d->md, &dir);
		if (rc == TR_ENOTFOUND)
			rc = tr_wu_error(d, "unknown directive {{%s}} (see docs/writeup.md: "
			                    "title, subtitle, notes, value, compare, provider, scenario, "
			                    "baseline, version, digest, table, chart, "
			                    "section)", tr_wu_c(d, dir.name));
		if (rc < 0)
			goto cleanup;
		*p += consumed;
	}
	rc = d->rc;
cleanup:
	tr_wu_directive_free(&dir);
	return rc;
}

/* Copy a line, expanding the directives outside code spans. */
static int S_line(tr_wu_doc *d, const char *line, const char *end, long lineno)
{
	const char *p = line, *copied = line;
	int rc;
	while (p < end) {
		if (*p == '\\' && p + 1 < end) {
			p += 2;
		} else if (*p == '`') {
			size_t n = 0;
			const char *q;
			while (p + n < end && p[n] == '`')
				n++;
			/* The closing run of exactly n backticks, if any. */
			for (q = p + n; q < end; ) {
				size_t m = 0;
				while (q + m < end && q[m] == '`')
					m++;
				if (m == n)
					break;
				q += m ? m : 1;
			}
			p = q < end ? q + n : p + n;
		} else if (*p == '{' && p + 1 < end && p[1] == '{') {
			tr_wu_md(d, "%.*s", (int)(p - copied), copied);
			if ((rc = S_directive(d, line, end, &p, lineno)) < 0)
				return rc;
			copied = p;
		} else {
			p++;
		}
	}
	tr_wu_md(d, "%.*s\n", (int)(end - copied), copied);
	return d->rc;
}

int tr_wu_expand(tr_wu_doc *d, const char *src, size_t len)
{
	const char *p = src, *stop = src + len;
	char fence_ch = 0;
	size_t fence_len = 0;
	long lineno = 0;
	int rc;

	while (p < stop) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl : stop;
		char ch = 0;
		size_t n = S_fence(p, end, &ch);
		lineno++;
		if (S_contains(p, end, "tpsreport:block")) {
			d->line = lineno;
			return tr_wu_error(d, "'tpsreport:block' is reserved for "
			                      "tpsreport's own placeholders");
		}
		if (fence_len > 0) {
			/* Inside a fence until a closing fence of the same kind. */
			if (n >= fence_len && ch == fence_ch && S_blank(p + n, end))
				fence_len = 0;
			tr_wu_md(d, "%.*s\n", (int)(end - p), p);
		} else if (n > 0 && !(ch == '`' && memchr(p + n, '`', (size_t)(end - p - n)))) {
			fence_len = n;
			fence_ch = ch;
			tr_wu_md(d, "%.*s\n", (int)(end - p), p);
		} else {
			tr_wu_author_line(d, p, end);
			if ((rc = S_line(d, p, end, lineno)) < 0)
				return rc;
		}
		if (d->rc < 0)
			return d->rc;
		p = nl ? nl + 1 : stop;
	}
	return d->rc;
}
