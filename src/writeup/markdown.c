/* markdown.c: report.md. The expanded Markdown is copied as it is, but for
 * its placeholders, which become GitHub pipe tables and images pointing at
 * charts/NAME.svg; runs of blank lines left by the expansion are folded
 * (outside code fences, whose content is kept byte for byte). */

#include "writeup_internal.h"
#include "version.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

static int S_cell(tr_buf *out, const tr_wu_cell *c)
{
	int rc = tr_buf_puts(out, " ");
	if (rc == 0 && c->strong && c->text[0])
		rc = tr_buf_puts(out, "**");
	if (rc == 0)
		rc = tr_wu_md_escape_cell(out, c->text);
	if (rc == 0 && c->strong && c->text[0])
		rc = tr_buf_puts(out, "**");
	if (rc == 0)
		rc = tr_buf_puts(out, " |");
	return rc;
}

static int S_table(tr_buf *out, const tr_wu_table *t)
{
	int rc = 0;
	if (t->caption) {
		rc = tr_buf_puts(out, "*");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->caption);
		if (rc == 0)
			rc = tr_buf_puts(out, "*\n\n");
	}
	if (rc == 0)
		rc = tr_buf_puts(out, "|");
	for (size_t c = 0; c < t->ncols && rc == 0; c++) {
		char *full = tr_wu_table_full_header(t, c);
		tr_wu_cell h = { full, NULL, false, false };
		rc = full ? S_cell(out, &h) : TR_ENOMEM;
		free(full);
	}
	if (rc == 0)
		rc = tr_buf_puts(out, "\n|");
	for (size_t c = 0; c < t->ncols && rc == 0; c++)
		rc = tr_buf_puts(out, tr_wu_table_col_right(t, c) ? " ---: |" : " :--- |");
	for (size_t i = 0; i < t->ncells && rc == 0; i++) {
		if (i % t->ncols == 0)
			rc = tr_buf_puts(out, "\n|");
		if (rc == 0)
			rc = S_cell(out, &t->cells[i]);
	}
	if (rc == 0)
		rc = tr_buf_puts(out, "\n");
	if (rc == 0 && t->note) {
		rc = tr_buf_puts(out, "\n");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->note);
		if (rc == 0)
			rc = tr_buf_puts(out, "\n");
	}
	return rc;
}

/* {{journey}}'s steps: a numbered list, "1. **Local SSD**: 1,425 TPS ▲
 * +100.1%. Direct-attached SSD." */
static int S_steps(tr_buf *out, const tr_wu_table *t)
{
	int rc = 0;
	for (size_t i = 0; i + 3 < t->ncells && rc == 0; i += 4) {
		rc = tr_buf_printf(out, "%zu. **", i / 4 + 1);
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i].text);
		if (rc == 0)
			rc = tr_buf_puts(out, "**: ");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i + 1].text);
		if (rc == 0 && *t->cells[i + 2].text)
			rc = tr_buf_putc(out, ' ');
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i + 2].text);
		if (rc == 0 && *t->cells[i + 3].text)
			rc = tr_buf_puts(out, ". ");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i + 3].text);
		if (rc == 0)
			rc = tr_buf_puts(out, "\n");
	}
	return rc;
}

/* A row of headline figures: a bold list. */
static int S_headlines(tr_buf *out, const tr_wu_table *t)
{
	int rc = 0;
	for (size_t i = 0; i + 1 < t->ncells && rc == 0; i += 2) {
		rc = tr_buf_puts(out, "- **");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i].text);
		if (rc == 0)
			rc = tr_buf_puts(out, "** ");
		if (rc == 0)
			rc = tr_wu_md_escape(out, t->cells[i + 1].text);
		if (rc == 0)
			rc = tr_buf_puts(out, "\n");
	}
	return rc;
}

/* What report.md's links to charts/ and data/ start with. */
static const char *S_prefix(const tr_wu_doc *d)
{
	return d->opts->md_prefix ? d->opts->md_prefix : "";
}

static int S_figure(tr_buf *out, const tr_wu_doc *d, const tr_wu_block *b)
{
	const tr_writeup_chart *c = &d->charts->items[b->chart];
	int rc = tr_buf_puts(out, "![");
	if (rc == 0)
		rc = tr_wu_md_escape_cell(out, c->alt ? c->alt : c->title);
	if (rc == 0)
		rc = tr_buf_printf(out, "](%scharts/%s.svg)\n", S_prefix(d), c->name);
	/* The chart draws its own title; a caption is the author's. */
	if (rc == 0 && b->caption) {
		rc = tr_buf_puts(out, "\n");
		if (rc == 0)
			rc = tr_wu_md_escape(out, b->caption);
		if (rc == 0)
			rc = tr_buf_puts(out, "\n");
	}
	return rc;
}

/* The YAML front matter: double-quoted strings with \ and " escaped (the
 * title is already free of control characters). */
static int S_yaml_string(tr_buf *out, const char *key, const char *v)
{
	int rc = tr_buf_printf(out, "%s: \"", key);
	for (; *v && rc == 0; v++) {
		if (*v == '"' || *v == '\\')
			rc = tr_buf_putc(out, '\\');
		if (rc == 0)
			rc = tr_buf_putc(out, *v);
	}
	return rc ? rc : tr_buf_puts(out, "\"\n");
}

static int S_front_matter(tr_buf *out, const tr_wu_doc *d)
{
	int rc = tr_buf_puts(out, "---\n");
	if (rc == 0)
		rc = S_yaml_string(out, "title", d->title);
	if (rc == 0 && d->opts->date)
		rc = tr_buf_printf(out, "date: %s\n", d->opts->date);
	if (rc == 0)
		rc = S_yaml_string(out, "generator", "tpsreport " TR_VERSION);
	if (rc == 0 && d->r->digest)
		rc = tr_buf_printf(out, "inputs_sha256: \"%s\"\n", d->r->digest);
	/* The post's URL, which the links to its assets are relative to. */
	if (rc == 0 && d->opts->layout == TR_WU_LAYOUT_JEKYLL && d->opts->slug)
		rc = tr_buf_printf(out, "permalink: /%s/\n", d->opts->slug);
	return rc ? rc : tr_buf_puts(out, "---\n\n");
}

static int S_footer(tr_buf *out, const tr_wu_doc *d)
{
	int rc = tr_buf_puts(out, "\n---\n\n*Made with tpsreport " TR_VERSION " (tpsreport build)");
	if (rc == 0 && d->opts->date)
		rc = tr_buf_printf(out, " on %s", d->opts->date);
	if (rc == 0 && d->r->digest)
		rc = tr_buf_printf(out, TR_WU_DIGEST_BEFORE "`%s`",
		                   d->r->digest);
	if (rc == 0)
		rc = tr_buf_printf(out, ". Download the charts and data: "
		                        "[results.json](%sdata/results.json), "
		                        "[results.csv](%sdata/results.csv), "
		                        "[runs.csv](%sdata/runs.csv), [the charts](%scharts/).*\n",
		                   S_prefix(d), S_prefix(d), S_prefix(d), S_prefix(d));
	return rc;
}

static bool S_fence_line(const char *p, const char *end, char *ch, size_t *n)
{
	const char *q = p;
	*n = 0;
	while (q < end && *q == ' ' && q - p < 3)
		q++;
	if (q >= end || (*q != '`' && *q != '~'))
		return false;
	*ch = *q;
	while (q + *n < end && q[*n] == *ch)
		(*n)++;
	return *n >= 3;
}

/* An ATX heading of level 1: up to three spaces, "#", then a space or
 * the end of the line. */
static bool S_is_h1(const char *p, const char *end)
{
	const char *q = p;
	while (q < end && *q == ' ' && q - p < 3)
		q++;
	return q < end && *q == '#' && (q + 1 == end || q[1] == ' ' || q[1] == '\t');
}

static int S_body(tr_buf *out, const tr_wu_doc *d)
{
	const char *p = tr_buf_cstr(&d->md), *stop = p + d->md.size;
	size_t plen = strlen(TR_WU_PLACEHOLDER), blanks = 1, fence_len = 0;
	char fence_ch = 0;
	/* With front matter the site shows the title: the writeup's leading
	 * H1 would be a second one. */
	bool drop_h1 = d->opts->front_matter;
	int rc = 0;

	while (p < stop && rc == 0) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl : stop;
		size_t len = (size_t)(end - p), n;
		char ch;
		bool blank = strspn(p, " \t") >= len;
		if (drop_h1 && !blank) {
			drop_h1 = false;
			if (S_is_h1(p, end)) {
				p = nl ? nl + 1 : stop;
				continue;
			}
		}
		if (fence_len == 0 && len > plen && memcmp(p, TR_WU_PLACEHOLDER, plen) == 0) {
			size_t b = (size_t)strtoul(p + plen, NULL, 10);
			if (b < d->nblocks) {
				const tr_wu_block *blk = &d->blocks[b];
				rc = blk->kind == TR_WU_BLOCK_TABLE      ? S_table(out, &blk->table)
				     : blk->kind == TR_WU_BLOCK_HEADLINE ? S_headlines(out, &blk->table)
				     : blk->kind == TR_WU_BLOCK_STEPS    ? S_steps(out, &blk->table)
				                                         : S_figure(out, d, blk);
				blanks = 0;
			}
		} else if (blank && fence_len == 0) {
			if (blanks++ == 0)
				rc = tr_buf_putc(out, '\n');
		} else {
			if (S_fence_line(p, end, &ch, &n)) {
				if (fence_len == 0)
					fence_len = n, fence_ch = ch;
				else if (ch == fence_ch && n >= fence_len)
					fence_len = 0;
			}
			rc = tr_buf_put(out, p, len);
			if (rc == 0)
				rc = tr_buf_putc(out, '\n');
			blanks = 0;
		}
		p = nl ? nl + 1 : stop;
	}
	if (rc == 0)
		rc = S_footer(out, d);
	return rc;
}

/*
 * With front matter, Jekyll (GitHub Pages too) runs the page through
 * Liquid before Markdown, code included: a label or a code block holding
 * {{ ... }} or {% ... %} would be executed. The whole body goes inside
 * {% raw %} ... {% endraw %}, so that every byte reaches Markdown as
 * written (code and inline code alike); only a "{%" that would end the raw
 * block early ({% endraw %}, with - or spaces) is written by Liquid itself
 * between two raw blocks.
 */
static bool S_ends_raw(const char *q, const char *stop)
{
	q += 2;
	while (q < stop && (*q == '-' || *q == ' ' || *q == '\t' || *q == '\n'))
		q++;
	return (size_t)(stop - q) >= 6 && memcmp(q, "endraw", 6) == 0;
}

static int S_liquid_escape(tr_buf *out, const char *p, size_t size)
{
	const char *stop = p + size;
	int rc = tr_buf_puts(out, "{% raw %}\n");
	for (const char *q = p; q < stop && rc == 0; q++)
		rc = q[0] == '{' && q + 1 < stop && q[1] == '%' && S_ends_raw(q, stop)
		             ? (q++, tr_buf_puts(out, "{% endraw %}{{ \"{%\" }}{% raw %}"))
		             : tr_buf_putc(out, *q);
	return rc ? rc : tr_buf_puts(out, "{% endraw %}\n");
}

/*
 * Hugo runs no template over content, but it reads shortcodes, {{< ... >}}
 * and {{% ... %}}, everywhere, code included. Such a call is written in
 * Hugo's own escaped form, the call with a comment's slash-star just
 * inside its opening and star-slash just inside its closing, which Hugo
 * shows as the call (in code and prose alike). An opening with no closing
 * on its line cannot take that form: a word joiner (U+2060, invisible)
 * goes between its braces, so that Hugo sees no shortcode.
 */
static int S_hugo_escape(tr_buf *out, const char *p, size_t size)
{
	const char *stop = p + size;
	int rc = 0;
	for (const char *q = p; q < stop && rc == 0;) {
		const char *nl, *lim, *close;
		char kind;
		if (!(q[0] == '{' && q + 2 < stop && q[1] == '{' && (q[2] == '<' || q[2] == '%'))) {
			rc = tr_buf_putc(out, *q++);
			continue;
		}
		kind = q[2];
		nl = memchr(q, '\n', (size_t)(stop - q));
		lim = nl ? nl : stop;
		close = NULL;
		for (const char *c = q + 3; c + 2 < lim && !close; c++)
			if (c[0] == (kind == '<' ? '>' : '%') && c[1] == '}' && c[2] == '}')
				close = c;
		if (!close) {
			rc = tr_buf_puts(out, "{\xE2\x81\xA0{");
			q += 2;
			continue;
		}
		rc = tr_buf_printf(out, "{{%c/*", kind);
		if (rc == 0)
			rc = tr_buf_put(out, q + 3, (size_t)(close - (q + 3)));
		if (rc == 0)
			rc = tr_buf_printf(out, "*/%c}}", close[0]);
		q = close + 3;
	}
	return rc;
}

int tr_wu_render_markdown(tr_buf *out, const tr_wu_doc *d)
{
	tr_buf body = TR_BUF_INIT;
	int rc;
	if (!d->opts->front_matter)
		return S_body(out, d);
	if ((rc = S_front_matter(out, d)) == 0 && (rc = S_body(&body, d)) == 0)
		rc = d->opts->layout == TR_WU_LAYOUT_HUGO
		             ? S_hugo_escape(out, tr_buf_cstr(&body), body.size)
		             : S_liquid_escape(out, tr_buf_cstr(&body), body.size);
	tr_buf_free(&body);
	return rc;
}
