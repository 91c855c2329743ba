/* escape.c: text that came from files (run names, labels, paths), made
 * safe to show: control characters and bytes that are not UTF-8 become
 * \xNN, so that a file name cannot move a terminal's cursor, clear its
 * screen, forge a line of output or break a CSV row (docs/reliability.md,
 * "Hostile names"). */

#include "escape.h"
#include "buf.h"
#include "str.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0. C1 controls
 * (U+0080 to U+009F) count as invalid: some terminals obey them. */
static size_t S_char_len(const unsigned char *s, size_t left)
{
	size_t n;
	if (s[0] < 0x80)
		return (s[0] < 0x20 || s[0] == 0x7f) ? 0 : 1;
	n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
	if (n == 0 || n > left || !tr_utf8_valid((const char *)s, n))
		return 0;
	if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)
		return 0;
	return n;
}

bool tr_text_is_safe(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		size_t n = S_char_len(p + i, len - i);
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}

int tr_text_escape(tr_buf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	int rc = 0;
	while (i < len && rc == 0) {
		size_t n = S_char_len(p + i, len - i);
		if (n == 0) {
			rc = tr_buf_printf(out, "\\x%02X", p[i]);
			i++;
		} else {
			rc = tr_buf_put(out, s + i, n);
			i += n;
		}
	}
	return rc;
}

/* A list item, a thematic break or a setext underline ("- x", "---",
 * "==="), or an ordered list item ("1. x"): the bytes to write before the
 * backslash (the digits of "1."), or -1 when nothing block-like starts. */
static long S_block_start(const char *p, size_t len)
{
	size_t d;
	if (len == 0)
		return -1;
	if ((p[0] == '-' || p[0] == '+') &&
	    (len == 1 || p[1] == ' ' || strspn(p, "- ") >= len))
		return 0;
	if (p[0] == '=' && strspn(p, "= ") >= len)
		return 0;
	for (d = 0; d < len && p[d] >= '0' && p[d] <= '9'; d++)
		;
	if (d > 0 && d < len && (p[d] == '.' || p[d] == ')') &&
	    (d + 1 == len || p[d + 1] == ' '))
		return (long)d;
	return -1;
}

static bool S_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Does an autolink start at p[i] that an empty comment before p[i]
 * breaks? "@" of an address, "//" after a scheme's colon, "." after a
 * leading "www". */
static bool S_autolink_at(const char *p, size_t i, size_t len)
{
	if (p[i] == '@')
		return true;
	if (p[i] == '/' && i > 0 && p[i - 1] == ':')
		return true;
	return p[i] == '.' && i >= 3 && (i == 3 || !S_word(p[i - 4])) &&
	       (p[i - 3] | 0x20) == 'w' && (p[i - 2] | 0x20) == 'w' &&
	       (p[i - 1] | 0x20) == 'w' && i + 1 < len;
}

int tr_md_escape(tr_buf *out, const char *s, size_t len, bool line_start)
{
	tr_buf safe = TR_BUF_INIT;
	const char *p;
	long digits = -1;
	int rc;
	if ((rc = tr_text_escape(&safe, s, len)) < 0)
		goto cleanup;
	p = tr_buf_cstr(&safe);
	len = safe.size;
	if (line_start && (digits = S_block_start(p, len)) >= 0 &&
	    ((rc = tr_buf_put(out, p, (size_t)digits)) < 0 ||
	     (rc = tr_buf_putc(out, '\\')) < 0))
		goto cleanup;
	for (size_t i = line_start && digits > 0 ? (size_t)digits : 0;
	     i < len && rc == 0; i++) {
		if (S_autolink_at(p, i, len))
			rc = tr_buf_puts(out, "<!-- -->");
		if (rc == 0 && strchr("\\`*_[]<>&!#|~$", p[i]))
			rc = tr_buf_putc(out, '\\');
		if (rc == 0)
			rc = tr_buf_putc(out, p[i]);
	}
cleanup:
	tr_buf_free(&safe);
	return rc;
}
