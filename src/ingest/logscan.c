/* logscan.c: diagnosis helpers shared by agglog.c and txlog.c. */

#include "ingest_logscan_internal.h"
#include "util/error.h"
#include "util/number.h"

#include <string.h>

void tr_logscan_quote(char *buf, size_t cap, const char *p, const char *end)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0, n = 0;
	if (cap < 8) {
		if (cap)
			buf[0] = '\0';
		return;
	}
	buf[o++] = '"';
	for (; p < end && n < 32; p++, n++) {
		unsigned char c = (unsigned char)*p;
		if (o + 6 >= cap)
			break;
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			buf[o++] = (char)c;
		} else {
			buf[o++] = '\\';
			buf[o++] = 'x';
			buf[o++] = hex[c >> 4];
			buf[o++] = hex[c & 15];
		}
	}
	buf[o++] = '"';
	if (p < end && o + 4 < cap) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
}

int tr_logscan_check_file(const char *data, size_t len, const char *path,
                          const char *what, long first_line)
{
	long lines = first_line;
	const char *p, *end;
	if (len == 0)
		return tr_error_set_at(path, 0, "empty %s (pgbench wrote no line)",
		                       what);
	if (data[len - 1] == '\n')
		return 0;
	/* Only now count lines: the message must name the cut one. */
	end = data + len;
	for (p = data; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		lines++;
	return tr_error_set_at(path, lines,
	                       "last line has no newline: the %s is truncated",
	                       what);
}

int tr_logscan_check_line(const char *p, const char *eol, const char *path,
                          long line)
{
	const char *q;
	if (p == eol)
		return tr_error_set_at(path, line,
		                       "empty line (pgbench never writes one)");
	if ((q = memchr(p, '\0', (size_t)(eol - p))) != NULL)
		return tr_error_set_at(path, line, "NUL byte at column %ld",
		                       (long)(q - p) + 1);
	if ((q = memchr(p, '\r', (size_t)(eol - p))) != NULL)
		return tr_error_set_at(path, line,
		                       "carriage return at column %ld (CRLF line "
		                       "ends?): pgbench ends lines with \\n only",
		                       (long)(q - p) + 1);
	if (*p == ' ' || eol[-1] == ' ')
		return tr_error_set_at(path, line,
		                       "space at the %s of the line",
		                       *p == ' ' ? "start" : "end");
	for (q = p; q + 1 < eol; q++)
		if (q[0] == ' ' && q[1] == ' ')
			return tr_error_set_at(path, line,
			                       "two spaces in a row at column %ld",
			                       (long)(q - p) + 1);
	return 0;
}

int tr_logscan_count_fields(const char *p, const char *eol)
{
	int n = 0;
	bool in = false;
	for (; p < eol; p++) {
		if (*p == ' ') {
			in = false;
		} else if (!in) {
			in = true;
			n++;
		}
	}
	return n;
}

int tr_logscan_field_uint(uint64_t *out, const char *p, const char *eol,
                          uint64_t max, int field, const char *name,
                          const char *path, long line)
{
	const char *e = memchr(p, ' ', (size_t)(eol - p));
	const char *next;
	char tok[80];
	uint64_t v;
	if (!e)
		e = eol;
	tr_logscan_quote(tok, sizeof(tok), p, e);
	if (p < e && *p == '-' && e - p > 1 && p[1] >= '0' && p[1] <= '9')
		return tr_error_set_at(path, line,
		                       "field %d (%s) is negative: %s", field, name,
		                       tok);
	if (p == e || *p < '0' || *p > '9')
		return tr_error_set_at(path, line,
		                       "field %d (%s): expected an integer, found %s",
		                       field, name, tok);
	if (tr_parse_uint64(&v, p, e, &next) < 0) {
		/* Only digits so far, so it did not fit 64 bits. */
		const char *d = p;
		while (d < e && *d >= '0' && *d <= '9')
			d++;
		if (d == e)
			return tr_error_set_at(path, line,
			                       "field %d (%s) is too large: %s",
			                       field, name, tok);
		next = d;
	}
	if (next != e)
		return tr_error_set_at(path, line,
		                       "field %d (%s): expected an integer, found %s",
		                       field, name, tok);
	if (v > max)
		return tr_error_set_at(path, line,
		                       "field %d (%s) is too large: %s", field, name,
		                       tok);
	*out = v;
	return 0;
}
