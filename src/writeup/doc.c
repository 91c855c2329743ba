/* doc.c: the document being expanded: generated Markdown, the tables and
 * figures it stands for, and sticky helpers for writing it. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tr_wu_doc_init(tr_wu_doc *d, const tr_results *r,
                   tr_writeup_charts *charts,
                   const tr_writeup_options *opts)
{
	tr_buf title = TR_BUF_INIT;
	char *raw;
	int rc;
	memset(d, 0, sizeof(*d));
	d->r = r;
	d->charts = charts;
	d->opts = opts;
	d->path = opts->source_path ? opts->source_path : "writeup.md";
	raw = tr_results_title(r);
	if (!raw)
		return TR_ENOMEM;
	rc = tr_wu_clean(&title, raw, strlen(raw), false);
	free(raw);
	if (rc < 0 || (rc = tr_buf_putc(&title, '\0')) < 0) {
		tr_buf_free(&title);
		return rc;
	}
	d->title = tr_buf_detach(&title);
	d->chart_used = tr_calloc(charts->count + 1, sizeof(bool));
	if (!d->chart_used) {
		tr_wu_doc_free(d);
		return TR_ENOMEM;
	}
	return 0;
}

void tr_wu_doc_free(tr_wu_doc *d)
{
	tr_buf_free(&d->md);
	for (size_t i = 0; i < d->nblocks; i++) {
		tr_wu_table_free(&d->blocks[i].table);
		free(d->blocks[i].caption);
	}
	free(d->blocks);
	for (size_t i = 0; i < d->nscratch; i++)
		free(d->scratch[i]);
	free(d->scratch);
	free(d->title);
	free(d->chart_used);
	for (size_t i = 0; i < d->nlists; i++) {
		free((tr_wu_bar *)d->lists[i].bars); /* allocated by lists.c */
		free((size_t *)d->lists[i].providers);
	}
	free(d->lists);
	tr_wu_only_clear(d);
	memset(d, 0, sizeof(*d));
}

static const char *S_keep_buf(tr_wu_doc *d, tr_buf *b, int rc);

bool tr_wu_explained(tr_wu_doc *d, unsigned what)
{
	bool was = (d->explained & what) == what;
	d->explained |= what;
	return was;
}

const char *tr_wu_keep(tr_wu_doc *d, char *owned)
{
	if (!owned) {
		if (d->rc == 0)
			d->rc = TR_ENOMEM;
		return "";
	}
	if (tr_grow(&d->scratch, &d->scratch_cap, d->nscratch + 1, sizeof(char *)) < 0) {
		free(owned);
		d->rc = TR_ENOMEM;
		return "";
	}
	d->scratch[d->nscratch++] = owned;
	return owned;
}

const char *tr_wu_keep_buf(tr_wu_doc *d, tr_buf *b)
{
	return S_keep_buf(d, b, 0);
}

static const char *S_keep_buf(tr_wu_doc *d, tr_buf *b, int rc)
{
	if (rc == 0)
		rc = tr_buf_putc(b, '\0');
	if (rc < 0) {
		tr_buf_free(b);
		if (d->rc == 0)
			d->rc = rc;
		return "";
	}
	return tr_wu_keep(d, tr_buf_detach(b));
}

const char *tr_wu_e(tr_wu_doc *d, const char *s)
{
	tr_buf b = TR_BUF_INIT;
	return S_keep_buf(d, &b, tr_wu_md_escape_cell(&b, s ? s : ""));
}

const char *tr_wu_e_line(tr_wu_doc *d, const char *s)
{
	tr_buf b = TR_BUF_INIT;
	return S_keep_buf(d, &b, tr_wu_md_escape(&b, s ? s : ""));
}

const char *tr_wu_c(tr_wu_doc *d, const char *s)
{
	tr_buf b = TR_BUF_INIT;
	return S_keep_buf(d, &b, tr_wu_clean(&b, s ? s : "", s ? strlen(s) : 0, false));
}

const char *tr_wu_n(tr_wu_doc *d, double v, tr_wu_unit unit)
{
	tr_buf b = TR_BUF_INIT;
	return S_keep_buf(d, &b, tr_wu_fmt(&b, v, unit));
}

void tr_wu_md(tr_wu_doc *d, const char *fmt, ...)
{
	va_list ap;
	int rc;
	if (d->rc < 0)
		return;
	va_start(ap, fmt);
	rc = tr_buf_vprintf(&d->md, fmt, ap);
	va_end(ap);
	if (rc < 0)
		d->rc = rc;
}

static tr_wu_block *S_block(tr_wu_doc *d)
{
	tr_wu_block *b;
	int rc;
	if (d->rc < 0)
		return NULL;
	if ((rc = tr_grow(&d->blocks, &d->blocks_cap, d->nblocks + 1,
	                  sizeof(tr_wu_block))) < 0) {
		d->rc = rc;
		return NULL;
	}
	b = &d->blocks[d->nblocks];
	memset(b, 0, sizeof(*b));
	/* A placeholder is an HTML comment on a line of its own, between
	 * blank lines: an HTML block for cmark, invisible on GitHub. */
	tr_wu_md(d, "\n" TR_WU_PLACEHOLDER "%zu -->\n\n", d->nblocks);
	if (d->rc < 0)
		return NULL;
	d->nblocks++;
	return b;
}

void tr_wu_emit_table(tr_wu_doc *d, tr_wu_table *t)
{
	tr_wu_block *b;
	if (t->rc < 0 && d->rc == 0)
		d->rc = t->rc;
	if (d->rc < 0 || t->nrows == 0) {
		tr_wu_table_free(t);
		return;
	}
	if (!(b = S_block(d))) {
		tr_wu_table_free(t);
		return;
	}
	b->kind = TR_WU_BLOCK_TABLE;
	b->table = *t;
	tr_wu_table_init(t);
}

void tr_wu_emit_steps(tr_wu_doc *d, tr_wu_table *t)
{
	tr_wu_emit_table(d, t);
	if (d->rc == 0 && d->nblocks > 0 && d->blocks[d->nblocks - 1].kind == TR_WU_BLOCK_TABLE)
		d->blocks[d->nblocks - 1].kind = TR_WU_BLOCK_STEPS;
}

/* Headlines on consecutive lines share one block: the placeholder of the
 * last block is all the Markdown since it, blank lines aside. */
void tr_wu_emit_headline(tr_wu_doc *d, const char *figure, const char *caption)
{
	tr_wu_block *b = NULL;
	if (d->rc < 0)
		return;
	if (d->nblocks > 0 && d->blocks[d->nblocks - 1].kind == TR_WU_BLOCK_HEADLINE) {
		char tail[64];
		size_t n = d->md.size;
		int len = snprintf(tail, sizeof(tail), TR_WU_PLACEHOLDER "%zu -->",
		                   d->nblocks - 1);
		while (n > 0 && (d->md.ptr[n - 1] == '\n' || d->md.ptr[n - 1] == ' '))
			n--;
		if (len > 0 && n >= (size_t)len &&
		    memcmp(d->md.ptr + n - len, tail, (size_t)len) == 0)
			b = &d->blocks[d->nblocks - 1];
	}
	if (!b) {
		if (!(b = S_block(d)))
			return;
		b->kind = TR_WU_BLOCK_HEADLINE;
		tr_wu_table_init(&b->table);
		tr_wu_table_col(&b->table, "Figure", true);
		tr_wu_table_col(&b->table, "What", false);
	}
	tr_wu_table_text(&b->table, figure);
	tr_wu_table_text(&b->table, caption);
	if (b->table.rc < 0)
		d->rc = b->table.rc;
}

void tr_wu_emit_figure(tr_wu_doc *d, size_t chart, const char *caption)
{
	tr_wu_block *b;
	char *c = NULL;
	/* the chart's own note (drawn in parts) where the author wrote none */
	if (!caption && d->charts->items[chart].note &&
	    !(c = tr_strdup(d->charts->items[chart].note))) {
		d->rc = TR_ENOMEM;
		return;
	}
	if (caption && !(c = tr_strdup(tr_wu_c(d, caption)))) {
		d->rc = TR_ENOMEM;
		return;
	}
	if (!(b = S_block(d))) {
		free(c);
		return;
	}
	b->kind = TR_WU_BLOCK_FIGURE;
	b->chart = chart;
	b->caption = c;
	d->chart_used[chart] = true;
}

void tr_wu_emit_charts(tr_wu_doc *d, const char *kind, long scenario,
                       const char *caption)
{
	for (size_t i = 0; i < d->charts->count; i++) {
		const tr_writeup_chart *c = &d->charts->items[i];
		if (d->chart_used[i] || strcmp(c->kind, kind) != 0)
			continue;
		if (scenario != -2 && c->scenario != scenario)
			continue;
		tr_wu_emit_figure(d, i, caption);
	}
}

bool tr_wu_chart_pending(const tr_wu_doc *d, const char *kind)
{
	for (size_t i = 0; i < d->charts->count; i++)
		if (!d->chart_used[i] && strcmp(d->charts->items[i].kind, kind) == 0)
			return true;
	return false;
}

int tr_wu_error(tr_wu_doc *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tr_error_vset_at(d->path, d->line, fmt, ap);
	va_end(ap);
	return TR_EINVALID;
}
