/* text.c: strings from the study made safe to show. Labels, ids, notes
 * and the author's Markdown may hold anything a file can: invalid UTF-8,
 * control characters, markup. They are cleaned once here (libxml2 and
 * cmark both want valid UTF-8; the Nu Html Checker rejects controls and
 * noncharacters) and escaped for Markdown where they go into Markdown. */

#include "writeup_internal.h"
#include "util/buf.h"
#include "util/escape.h"

#include <string.h>

static const char S_replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

/* Length of the valid UTF-8 sequence at s (at most n bytes) and its code
 * point, or 0 when the bytes there are not valid UTF-8. */
static size_t S_utf8(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0];
	size_t len;
	unsigned lo = 0x80, hi = 0xBF;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		*cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		*cp = c & 0x0F;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F; /* no surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		*cp = c & 0x07;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		unsigned b = s[i];
		if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF))
			return 0;
		*cp = (*cp << 6) | (b & 0x3F);
	}
	return len;
}

static bool S_noncharacter(unsigned cp)
{
	return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

int tr_wu_clean(tr_buf *out, const char *s, size_t len, bool keep_lines)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	int rc = tr_buf_grow(out, len + 1);
	if (rc == 0)
		out->ptr[out->size] = '\0'; /* terminated even when s is empty */
	while (rc == 0 && i < len) {
		unsigned cp;
		size_t n = S_utf8(p + i, len - i, &cp);
		if (n == 0) {
			rc = tr_buf_puts(out, S_replacement);
			i++;
			continue;
		}
		if (cp == '\n' || cp == '\t' || cp == '\r') {
			if (keep_lines && cp != '\r')
				rc = tr_buf_putc(out, (char)cp);
			else if (!keep_lines)
				rc = tr_buf_putc(out, ' ');
			/* keep_lines: a CR is dropped (CRLF files read as LF) */
		} else if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
		           S_noncharacter(cp)) {
			rc = tr_buf_puts(out, S_replacement);
		} else {
			rc = tr_buf_put(out, s + i, n);
		}
		i += n;
	}
	return rc;
}

/* Cleaned for HTML and cmark first (U+FFFD for controls, one line), then
 * escaped by util's one Markdown escaper (util/escape.h), which diff's
 * Markdown uses too. */
static int S_escape(tr_buf *out, const char *s, bool line_start)
{
	tr_buf clean = TR_BUF_INIT;
	int rc;
	if (!s)
		return 0;
	if ((rc = tr_wu_clean(&clean, s, strlen(s), false)) == 0)
		rc = tr_md_escape(out, tr_buf_cstr(&clean), clean.size, line_start);
	tr_buf_free(&clean);
	return rc;
}

int tr_wu_md_escape(tr_buf *out, const char *s)
{
	return S_escape(out, s, true);
}

int tr_wu_md_escape_cell(tr_buf *out, const char *s)
{
	return S_escape(out, s, false);
}

bool tr_wu_name_safe(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	if (n == 0 || n > 100 || name[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = name[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
		      c == '_' || c == '-'))
			return false;
	}
	return true;
}
