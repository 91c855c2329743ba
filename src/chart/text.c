/* text.c: shortening and wrapping labels to a width, and making any string
 * safe for XML.
 *
 * Widths come from font.c (Pango, TR_FONT_FAMILY with fallback fonts,
 * unhinted): what is measured here is what the PNG (drawn at 2x) and the
 * PDF show, and a browser's DejaVu Sans shows the same; the narrower
 * sans-serif fonts a browser may fall back to only leave more room. */

#include "chart_scene_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/str.h"

#include <stdlib.h>
#include <string.h>

/* ---- UTF-8 ------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none;
 * *cp gets the code point. No overlongs, no surrogates. */
static size_t S_utf8(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0], min;
	size_t len;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		min = 0x80;
		c &= 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		min = 0x800;
		c &= 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		min = 0x10000;
		c &= 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

char *tr_text_clean(const char *s)
{
	tr_buf b = TR_BUF_INIT;
	const unsigned char *p;
	size_t n;
	if (!s)
		return NULL;
	p = (const unsigned char *)s;
	n = strlen(s);
	if (tr_buf_grow(&b, n + 1) < 0)
		return NULL;
	while (n > 0) {
		unsigned cp;
		size_t len = S_utf8(p, n, &cp);
		if (len == 0) {
			tr_buf_puts(&b, "\xEF\xBF\xBD");  /* U+FFFD */
			len = 1;
		} else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) ||
		           cp == 0xFFFE || cp == 0xFFFF) {
			tr_buf_putc(&b, ' ');   /* XML 1.0 has no place for these */
		} else {
			tr_buf_put(&b, p, len);
		}
		p += len;
		n -= len;
	}
	tr_buf_putc(&b, '\0');  /* so that "" gives "" and not NULL */
	b.size--;
	return tr_buf_detach(&b);
}

bool tr_text_is_cut(const char *line, const char *full)
{
	return strstr(line, "\xE2\x80\xA6") && !strstr(full, "\xE2\x80\xA6");
}

char *tr_text_fit(tr_text_measure *m, const char *s, double size, bool bold,
                  double max_w)
{
	static const char ell[] = "\xE2\x80\xA6";  /* U+2026 */
	size_t n = strlen(s), nb = 0, lo, hi;
	size_t *bounds = NULL;
	char *buf = NULL;
	if (n == 0 || tr_text_width(m, s, size, bold) <= max_w)
		return tr_strdup(s);
	bounds = tr_calloc(n + 1, sizeof(size_t));
	buf = tr_malloc(n + sizeof(ell));
	if (!bounds || !buf) {
		free(bounds);
		free(buf);
		return NULL;
	}
	/* Character boundaries; then the longest prefix ending at one that
	 * fits with the ellipsis, by binary search (labels can be long). */
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			bounds[nb++] = i;
	lo = 0;
	hi = nb - 1;   /* bounds[nb-1] < n: the whole text did not fit */
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		memcpy(buf, s, bounds[mid]);
		memcpy(buf + bounds[mid], ell, sizeof(ell));
		if (tr_text_width(m, buf, size, bold) <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	n = bounds[lo];
	while (n > 0 && s[n - 1] == ' ')
		n--;
	memcpy(buf, s, n);
	memcpy(buf + n, ell, sizeof(ell));
	free(bounds);
	return buf;
}

void tr_text_lines_free(char **lines, size_t n)
{
	if (!lines)
		return;
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

int tr_text_wrap(char ***out, size_t *n, tr_text_measure *m, const char *s,
                 double size, bool bold, double max_w, size_t max_lines)
{
	char **lines = NULL;
	size_t count = 0, cap = 0;
	const char *p = s;
	tr_buf line = TR_BUF_INIT, trial = TR_BUF_INIT;
	int rc = 0;

	*out = NULL;
	*n = 0;
	if (max_lines == 0)
		max_lines = 1;
	while (*p == ' ')
		p++;
	while (*p) {
		bool last = count + 1 == max_lines;
		char *text;
		/* Fill one line word by word. */
		tr_buf_clear(&line);
		while (*p) {
			const char *e = strchr(p, ' ');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			tr_buf_clear(&trial);
			if (line.size) {
				tr_buf_put(&trial, line.ptr, line.size);
				tr_buf_putc(&trial, ' ');
			}
			tr_buf_put(&trial, p, len);
			if (trial.size && !trial.ptr) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			if (line.size && tr_text_width(m, tr_buf_cstr(&trial), size, bold) > max_w)
				break;
			tr_buf_clear(&line);
			tr_buf_put(&line, trial.ptr, trial.size);
			p += len;
			while (*p == ' ')
				p++;
			if (tr_text_width(m, tr_buf_cstr(&line), size, bold) > max_w)
				break; /* one word too long for a line: cut below */
		}
		if (last && *p) {
			/* more text than lines: the rest goes on the last line, cut */
			tr_buf_putc(&line, ' ');
			tr_buf_puts(&line, p);
			p += strlen(p);
		}
		text = tr_text_fit(m, tr_buf_cstr(&line), size, bold, max_w);
		if (!text || tr_grow(&lines, &cap, count + 1, sizeof(char *)) < 0) {
			free(text);
			rc = TR_ENOMEM;
			goto cleanup;
		}
		lines[count++] = text;
	}
	*out = lines;
	*n = count;
	lines = NULL;
cleanup:
	tr_text_lines_free(lines, count);
	tr_buf_free(&line);
	tr_buf_free(&trial);
	return rc;
}
