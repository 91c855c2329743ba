/* json.c: a streaming JSON writer with stable formatting. */

#include "json.h"
#include "buf.h"
#include "number.h"
#include "str.h"

#include <math.h>
#include <string.h>

int tr_json_escape(tr_buf *out, const char *s)
{
	size_t len = strlen(s);
	size_t i = 0;
	int rc = tr_buf_putc(out, '"');
	while (rc == 0 && i < len) {
		unsigned char c = (unsigned char)s[i];
		int n;
		switch (c) {
		case '"': rc = tr_buf_puts(out, "\\\""); i++; continue;
		case '\\': rc = tr_buf_puts(out, "\\\\"); i++; continue;
		case '\n': rc = tr_buf_puts(out, "\\n"); i++; continue;
		case '\r': rc = tr_buf_puts(out, "\\r"); i++; continue;
		case '\t': rc = tr_buf_puts(out, "\\t"); i++; continue;
		default: break;
		}
		if (c < 0x20 || c == 0x7f) {
			rc = tr_buf_printf(out, "\\u%04x", c);
			i++;
			continue;
		}
		/* "</" is escaped so that JSON can sit inside an HTML <script>. */
		if (c == '/' && i > 0 && s[i - 1] == '<') {
			rc = tr_buf_puts(out, "\\/");
			i++;
			continue;
		}
		n = tr_utf8_seq_len(s + i, len - i);
		if (n < 0) {
			rc = tr_buf_puts(out, "\xef\xbf\xbd");
			i++;
			continue;
		}
		rc = tr_buf_put(out, s + i, (size_t)n);
		i += (size_t)n;
	}
	if (rc == 0)
		rc = tr_buf_putc(out, '"');
	return rc;
}

void tr_json_init(tr_json *j, tr_buf *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
}

/* Writes remember the first failure in j->rc; tr_json_finish reports it,
 * so that callers need not check every call. */
static void S_puts(tr_json *j, const char *s)
{
	if (tr_buf_puts(j->out, s) < 0)
		j->rc = TR_ENOMEM;
}

/* Before any value: a comma and newline+indent inside containers, nothing
 * right after a key. */
static void S_before_value(tr_json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth > 0) {
		if (j->need_comma[j->depth])
			S_puts(j, ",");
		S_puts(j, "\n");
		for (int i = 0; i < j->depth; i++)
			S_puts(j, "  ");
		j->need_comma[j->depth] = true;
	}
}

static void S_open(tr_json *j, char c)
{
	char t[2] = { c, 0 };
	S_before_value(j);
	S_puts(j, t);
	if (j->depth < (int)TR_ARRAY_SIZE(j->need_comma) - 1)
		j->depth++;
	j->need_comma[j->depth] = false;
}

static void S_close(tr_json *j, char c)
{
	bool had_items = j->need_comma[j->depth];
	char t[2] = { c, 0 };
	if (j->depth > 0)
		j->depth--;
	if (had_items) {
		S_puts(j, "\n");
		for (int i = 0; i < j->depth; i++)
			S_puts(j, "  ");
	}
	S_puts(j, t);
}

void tr_json_object_begin(tr_json *j) { S_open(j, '{'); }
void tr_json_object_end(tr_json *j) { S_close(j, '}'); }
void tr_json_array_begin(tr_json *j) { S_open(j, '['); }
void tr_json_array_end(tr_json *j) { S_close(j, ']'); }

void tr_json_key(tr_json *j, const char *key)
{
	S_before_value(j);
	if (tr_json_escape(j->out, key) < 0)
		j->rc = TR_ENOMEM;
	S_puts(j, ": ");
	j->after_key = true;
}

void tr_json_string(tr_json *j, const char *s)
{
	S_before_value(j);
	if (!s)
		S_puts(j, "null");
	else if (tr_json_escape(j->out, s) < 0)
		j->rc = TR_ENOMEM;
}

void tr_json_number(tr_json *j, double v)
{
	S_before_value(j);
	if (!isfinite(v))
		S_puts(j, "null");
	else if (tr_fmt_shortest(j->out, v) < 0)
		j->rc = TR_ENOMEM;
}

void tr_json_int(tr_json *j, int64_t v)
{
	S_before_value(j);
	if (tr_buf_printf(j->out, "%lld", (long long)v) < 0)
		j->rc = TR_ENOMEM;
}

void tr_json_bool(tr_json *j, bool v)
{
	S_before_value(j);
	S_puts(j, v ? "true" : "false");
}

void tr_json_null(tr_json *j)
{
	S_before_value(j);
	S_puts(j, "null");
}

int tr_json_finish(tr_json *j)
{
	S_puts(j, "\n");
	return j->rc;
}
