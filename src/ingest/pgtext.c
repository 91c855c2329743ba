/* pgtext.c: lines, a cursor and stderr prefixes for pgbench's text. */

#include "ingest_pgtext_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <string.h>

/* ---- lines ----------------------------------------------------------- */

void tr_lineit_init(tr_lineit *it, const char *text, size_t len, bool cr_ends)
{
	it->text = text ? text : "";
	it->len = text ? len : 0;
	it->pos = 0;
	it->lineno = 1;
	it->cr_ends = cr_ends;
	/* Editors on Windows like to start files with a byte order mark. */
	if (it->len >= 3 && memcmp(it->text, "\xEF\xBB\xBF", 3) == 0)
		it->pos = 3;
}

bool tr_lineit_next(tr_lineit *it, tr_line *out)
{
	const char *s, *e, *q;
	if (it->pos >= it->len)
		return false;
	s = it->text + it->pos;
	e = it->text + it->len;
	if (it->cr_ends) {
		for (q = s; q < e && *q != '\n' && *q != '\r'; q++)
			;
	} else {
		q = memchr(s, '\n', (size_t)(e - s));
		if (!q)
			q = e;
	}
	out->p = s;
	out->len = (size_t)(q - s);
	out->lineno = it->lineno;
	out->terminated = q < e;
	it->pos = q < e ? (size_t)(q + 1 - it->text) : it->len;
	if (q < e && *q == '\n')
		it->lineno++;
	/* "\r\n" line ends (and the odd "\r\r\n") are one line end. */
	while (out->len > 0 && s[out->len - 1] == '\r')
		out->len--;
	return true;
}

/* ---- the cursor ------------------------------------------------------ */

static bool S_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

void tr_cur_init(tr_cur *c, const char *p, size_t len)
{
	c->p = p;
	c->end = p + len;
}

bool tr_cur_done(const tr_cur *c)
{
	return c->p >= c->end;
}

bool tr_cur_lit(tr_cur *c, const char *lit)
{
	size_t n = strlen(lit);
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, lit, n) != 0)
		return false;
	c->p += n;
	return true;
}

size_t tr_cur_spaces(tr_cur *c)
{
	size_t n = 0;
	while (c->p < c->end && *c->p == ' ') {
		c->p++;
		n++;
	}
	return n;
}

bool tr_cur_count(tr_cur *c, int64_t *out)
{
	const char *q = c->p, *next;
	while (q < c->end && S_isdigit(*q))
		q++;
	if (q == c->p || tr_parse_int64(out, c->p, q, &next) < 0 || next != q)
		return false;
	c->p = q;
	return true;
}

/* The spellings printf gives non-finite doubles: glibc's and PostgreSQL's
 * (src/port/snprintf.c). Nothing else is accepted: pgbench prints no
 * other form, so anything else is damage. */
static const struct {
	const char *word;
	tr_numstyle style;
} S_words[] = {
	{ "Infinity", TR_NUM_PG },
	{ "NaN", TR_NUM_PG },
	{ "nan", TR_NUM_LIBC },
	{ "inf", TR_NUM_LIBC },
};

bool tr_cur_number(tr_cur *c, double *out, int *decimals, tr_numstyle *style)
{
	const char *p = c->p, *start = c->p, *next;
	int dec = -1;
	tr_numstyle st = TR_NUM_FINITE;
	double v;

	if (p < c->end && *p == '-')
		p++;
	if (p < c->end && !S_isdigit(*p)) {
		size_t i;
		for (i = 0; i < TR_ARRAY_SIZE(S_words); i++) {
			size_t n = strlen(S_words[i].word);
			if ((size_t)(c->end - p) >= n &&
			    memcmp(p, S_words[i].word, n) == 0)
				break;
		}
		if (i == TR_ARRAY_SIZE(S_words))
			return false;
		st = S_words[i].style;
		p += strlen(S_words[i].word);
	} else {
		const char *d = p;
		while (p < c->end && S_isdigit(*p))
			p++;
		if (p == d)
			return false;
		if (p < c->end && *p == '.') {
			d = ++p;
			while (p < c->end && S_isdigit(*p))
				p++;
			if (p == d)
				return false;
			dec = (int)(p - d);
		}
	}
	if (tr_parse_double(&v, start, p, &next) < 0 || next != p)
		return false;
	*out = v;
	if (decimals)
		*decimals = dec;
	if (style)
		*style = st;
	c->p = p;
	return true;
}

/* ---- stderr ---------------------------------------------------------- */

/* Copy the line without its ANSI escape sequences (CSI: ESC '[' params
 * final-byte; any other ESC x pair). */
static int S_strip_ansi(tr_buf *out, const char *p, size_t len)
{
	const char *e = p + len, *run = p;
	tr_buf_clear(out);
	while (p < e) {
		if (*p != '\x1b') {
			p++;
			continue;
		}
		if (p > run && tr_buf_put(out, run, (size_t)(p - run)) < 0)
			return TR_ENOMEM;
		p++;
		if (p < e && *p == '[') {
			p++;
			while (p < e && !((unsigned char)*p >= 0x40 &&
			                  (unsigned char)*p <= 0x7e))
				p++;
			if (p < e)
				p++;
		} else if (p < e) {
			p++;
		}
		run = p;
	}
	if (p > run && tr_buf_put(out, run, (size_t)(p - run)) < 0)
		return TR_ENOMEM;
	return 0;
}

static const struct {
	const char *prefix;
	tr_loglevel level;
} S_levels[] = {
	{ "error: ", TR_LVL_ERROR },
	{ "fatal: ", TR_LVL_FATAL },
	{ "warning: ", TR_LVL_WARNING },
	{ "detail: ", TR_LVL_DETAIL },
	{ "hint: ", TR_LVL_HINT },
};

const char *tr_pgtext_message(tr_buf *scratch, const char *line, size_t len,
                              size_t *msglen, tr_loglevel *level)
{
	tr_cur c;
	tr_loglevel lvl = TR_LVL_RAW;

	if (memchr(line, '\x1b', len) && S_strip_ansi(scratch, line, len) == 0) {
		line = tr_buf_cstr(scratch);
		len = scratch->size;
	}
	tr_cur_init(&c, line, len);
	if (tr_cur_lit(&c, "pgbench:")) {
		lvl = TR_LVL_INFO;
		tr_cur_lit(&c, " ");
		for (size_t i = 0; i < TR_ARRAY_SIZE(S_levels); i++) {
			if (tr_cur_lit(&c, S_levels[i].prefix)) {
				lvl = S_levels[i].level;
				break;
			}
		}
	}
	*msglen = (size_t)(c.end - c.p);
	if (level)
		*level = lvl;
	return c.p;
}

int tr_pgtext_run_aborted(const char *msg, size_t len)
{
	tr_cur c;
	tr_cur_init(&c, msg, len);
	if (tr_cur_lit(&c, "Run was aborted; the above results are incomplete."))
		return 1;
	if (tr_cur_lit(&c, "Run was aborted due to an error in thread "))
		return 2;
	return 0;
}

bool tr_pgtext_client_aborted(const char *msg, size_t len)
{
	tr_cur c;
	int64_t n;
	tr_cur_init(&c, msg, len);
	if (!tr_cur_lit(&c, "client ") || !tr_cur_count(&c, &n))
		return false;
	if (tr_cur_lit(&c, " aborted"))
		return true;
	return tr_cur_lit(&c, " script ") && tr_cur_count(&c, &n) &&
	       tr_cur_lit(&c, " aborted");
}

const char *tr_pgtext_find(const char *hay, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	const char *p = hay, *e = hay + len;
	if (n == 0)
		return hay;
	while ((size_t)(e - p) >= n) {
		const char *q = memchr(p, needle[0], (size_t)(e - p) - n + 1);
		if (!q)
			return NULL;
		if (memcmp(q, needle, n) == 0)
			return q;
		p = q + 1;
	}
	return NULL;
}

int tr_pgtext_excerpt(tr_buf *out, const char *p, size_t len)
{
	size_t n = len > 60 ? 60 : len;
	/* Cut on a UTF-8 character boundary. */
	while (n < len && n > 0 && ((unsigned char)p[n] & 0xc0) == 0x80)
		n--;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)p[i];
		if (tr_buf_putc(out, ch < 0x20 || ch == 0x7f ? '?' : (char)ch) < 0)
			return TR_ENOMEM;
	}
	if (len > n && tr_buf_puts(out, "...") < 0)
		return TR_ENOMEM;
	return 0;
}
