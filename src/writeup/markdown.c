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
		tr_wu_cell h = { t->headers[c], NULL, false };
		rc = S_cell(out, &h);
	}
	if (rc == 0)
		rc = tr_buf_puts(out, "\n|");
	for (size_t c = 0; c < t->ncols && rc == 0; c++)
		rc = tr_buf_puts(out, t->numeric[c] ? " ---: |" : " :--- |");
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

static int S_figure(tr_buf *out, const tr_wu_doc *d, const tr_wu_block *b)
{
	const tr_writeup_chart *c = &d->charts->items[b->chart];
	int rc = tr_buf_puts(out, "![");
	if (rc == 0)
		rc = tr_wu_md_escape_cell(out, c->alt ? c->alt : c->title);
	if (rc == 0)
		rc = tr_buf_printf(out, "](charts/%s.svg)\n", c->name);
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
	return rc ? rc : tr_buf_puts(out, "---\n\n");
}

static int S_footer(tr_buf *out, const tr_wu_doc *d)
{
	int rc = tr_buf_puts(out, "\n---\n\n*Made with tpsreport " TR_VERSION " (tpsreport build)");
	if (rc == 0 && d->opts->date)
		rc = tr_buf_printf(out, " on %s", d->opts->date);
	if (rc == 0 && d->r->digest)
		rc = tr_buf_printf(out, " from inputs with SHA-256 `%s`", d->r->digest);
	if (rc == 0)
		rc = tr_buf_puts(out, ". Download the charts and data: "
		                      "[results.json](data/results.json), "
		                      "[results.csv](data/results.csv), "
		                      "[runs.csv](data/runs.csv), [the charts](charts/).*\n");
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

static int S_body(tr_buf *out, const tr_wu_doc *d)
{
	const char *p = tr_buf_cstr(&d->md), *stop = p + d->md.size;
	size_t plen = strlen(TR_WU_PLACEHOLDER), blanks = 1, fence_len = 0;
	char fence_ch = 0;
	int rc = 0;

	while (p < stop && rc == 0) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl : stop;
		size_t len = (size_t)(end - p), n;
		char ch;
		bool blank = strspn(p, " \t") >= len;
		if (fence_len == 0 && len > plen && memcmp(p, TR_WU_PLACEHOLDER, plen) == 0) {
			size_t b = (size_t)strtoul(p + plen, NULL, 10);
			if (b < d->nblocks) {
				const tr_wu_block *blk = &d->blocks[b];
				rc = blk->kind == TR_WU_BLOCK_TABLE      ? S_table(out, &blk->table)
				     : blk->kind == TR_WU_BLOCK_HEADLINE ? S_headlines(out, &blk->table)
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

/* With front matter, Jekyll runs the page through Liquid and Hugo looks
 * for shortcodes: a label holding {{ ... }} or {% ... %} would be
 * executed. The opening brace of each such pair becomes &#123;, which
 * Markdown shows as "{" (fenced code is the author's, left as written). */
static int S_liquid_escape(tr_buf *out, const char *p, size_t size)
{
	const char *stop = p + size;
	size_t fence_len = 0, n;
	char fence_ch = 0, ch;
	int rc = 0;
	while (p < stop && rc == 0) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl + 1 : stop;
		if (S_fence_line(p, end, &ch, &n)) {
			if (fence_len == 0)
				fence_len = n, fence_ch = ch;
			else if (ch == fence_ch && n >= fence_len)
				fence_len = 0;
			rc = tr_buf_put(out, p, (size_t)(end - p));
		} else if (fence_len > 0) {
			rc = tr_buf_put(out, p, (size_t)(end - p));
		} else {
			for (const char *q = p; q < end && rc == 0; q++)
				rc = q[0] == '{' && q + 1 < end && (q[1] == '{' || q[1] == '%')
				             ? tr_buf_puts(out, "&#123;")
				             : tr_buf_putc(out, *q);
		}
		p = end;
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
		rc = S_liquid_escape(out, tr_buf_cstr(&body), body.size);
	tr_buf_free(&body);
	return rc;
}
