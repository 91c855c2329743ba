/* table.c: aligned plain-text tables (widths in characters, not bytes). */

#include "export_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

void tr_table_init(tr_table *t, size_t ncols, const char *const *headers,
                   const bool *right)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->headers = headers;
	t->right = right;
}

int tr_table_add(tr_table *t, const char *const *cells)
{
	int rc = tr_grow(&t->cells, &t->cap, (t->nrows + 1) * t->ncols, sizeof(char *));
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < t->ncols; i++) {
		char *c = tr_strdup(cells[i] ? cells[i] : "-");
		if (!c) {
			for (size_t k = 0; k < i; k++)
				free(t->cells[t->nrows * t->ncols + k]);
			return TR_ENOMEM;
		}
		t->cells[t->nrows * t->ncols + i] = c;
	}
	t->nrows++;
	return 0;
}

/* Characters, counting each UTF-8 sequence once. */
static size_t S_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static int S_pad(tr_buf *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (tr_buf_putc(out, ' ') < 0)
			return TR_ENOMEM;
	return 0;
}

static int S_row(tr_buf *out, const tr_table *t, const char *const *cells,
                 const size_t *widths)
{
	int rc = 0;
	for (size_t i = 0; i < t->ncols && rc == 0; i++) {
		size_t w = S_width(cells[i]);
		bool last = i + 1 == t->ncols;
		if (i > 0)
			rc = tr_buf_puts(out, "  ");
		if (rc == 0 && t->right[i])
			rc = S_pad(out, widths[i] - w);
		if (rc == 0)
			rc = tr_buf_puts(out, cells[i]);
		if (rc == 0 && !t->right[i] && !last)
			rc = S_pad(out, widths[i] - w);
	}
	return rc ? rc : tr_buf_putc(out, '\n');
}

int tr_table_render(tr_buf *out, const tr_table *t)
{
	size_t *widths = tr_calloc(t->ncols, sizeof(size_t)), total = 0;
	int rc;
	if (!widths)
		return TR_ENOMEM;
	for (size_t i = 0; i < t->ncols; i++) {
		widths[i] = S_width(t->headers[i]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t w = S_width(t->cells[r * t->ncols + i]);
			if (w > widths[i])
				widths[i] = w;
		}
		total += widths[i] + (i ? 2 : 0);
	}
	rc = S_row(out, t, t->headers, widths);
	for (size_t i = 0; rc == 0 && i < total; i++)
		rc = tr_buf_putc(out, '-');
	if (rc == 0)
		rc = tr_buf_putc(out, '\n');
	for (size_t r = 0; rc == 0 && r < t->nrows; r++)
		rc = S_row(out, t, (const char *const *)&t->cells[r * t->ncols], widths);
	free(widths);
	return rc;
}

void tr_table_free(tr_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof(*t));
}
