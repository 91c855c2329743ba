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
