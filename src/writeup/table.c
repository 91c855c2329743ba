/* table.c: tables as data (cleaned text per cell, a sort key for numbers),
 * rendered later as pipe tables (markdown.c) or <table> nodes (html.c).
 * Calls are sticky: the first failure is kept in t->rc and later calls do
 * nothing, so builders check once. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tr_wu_table_init(tr_wu_table *t)
{
	memset(t, 0, sizeof(*t));
}

void tr_wu_table_free(tr_wu_table *t)
{
	for (size_t i = 0; i < t->ncols; i++) {
		free(t->headers[i]);
		if (t->groups)
			free(t->groups[i]);
	}
	free(t->headers);
	free(t->groups);
	free(t->numeric);
	for (size_t i = 0; i < t->ncells; i++) {
		free(t->cells[i].text);
		free(t->cells[i].sort);
	}
	free(t->cells);
	free(t->caption);
	free(t->note);
	memset(t, 0, sizeof(*t));
}

static char *S_clean(tr_wu_table *t, const char *s)
{
	tr_buf b = TR_BUF_INIT;
	if (t->rc == 0 && (t->rc = tr_wu_clean(&b, s ? s : "", s ? strlen(s) : 0,
	                                       false)) == 0 &&
	    (t->rc = tr_buf_putc(&b, '\0')) == 0)
		return tr_buf_detach(&b);
	tr_buf_free(&b);
	if (t->rc == 0)
		t->rc = TR_ENOMEM;
	return NULL;
}

void tr_wu_table_col(tr_wu_table *t, const char *header, bool numeric)
{
	char **h;
	bool *n;
	char *text;
	if (t->rc < 0)
		return;
	if (t->ncells > 0) {
		t->rc = tr_error_set("table: a column added after its cells");
		return;
	}
	if (!(text = S_clean(t, header)))
		return;
	h = tr_realloc(t->headers, (t->ncols + 1) * sizeof(char *));
	if (!h) {
		free(text);
		t->rc = TR_ENOMEM;
		return;
	}
	t->headers = h;
	n = tr_realloc(t->numeric, (t->ncols + 1) * sizeof(bool));
	if (!n) {
		free(text);
		t->rc = TR_ENOMEM;
		return;
	}
	t->numeric = n;
	if (t->groups) {
		char **g = tr_realloc(t->groups, (t->ncols + 1) * sizeof(char *));
		if (!g) {
			free(text);
			t->rc = TR_ENOMEM;
			return;
		}
		t->groups = g;
		t->groups[t->ncols] = NULL;
	}
	t->headers[t->ncols] = text;
	t->numeric[t->ncols] = numeric;
	t->ncols++;
}

static void S_cell(tr_wu_table *t, const char *text, double sort, bool strong)
{
	tr_wu_cell *c;
	if (t->rc < 0)
		return;
	if (t->ncols == 0) {
		t->rc = tr_error_set("table: a cell added before any column");
		return;
	}
	if ((t->rc = tr_grow(&t->cells, &t->cap, t->ncells + 1, sizeof(tr_wu_cell))) < 0)
		return;
	c = &t->cells[t->ncells];
	memset(c, 0, sizeof(*c));
	if (!(c->text = S_clean(t, text)))
		return;
	if (isfinite(sort)) {
		tr_buf b = TR_BUF_INIT;
		if ((t->rc = tr_fmt_shortest(&b, sort)) < 0) {
			free(c->text);
			tr_buf_free(&b);
			return;
		}
		c->sort = tr_buf_detach(&b);
	}
	c->strong = strong;
	t->ncells++;
	t->nrows = (t->ncells + t->ncols - 1) / t->ncols;
}

void tr_wu_table_text(tr_wu_table *t, const char *text)
{
	S_cell(t, text, NAN, false);
}

void tr_wu_table_strong(tr_wu_table *t, const char *text)
{
	S_cell(t, text, NAN, true);
}

void tr_wu_table_sorted(tr_wu_table *t, const char *text, double v)
{
	S_cell(t, text, v, false);
}

void tr_wu_table_num(tr_wu_table *t, double v, tr_wu_unit unit)
{
	tr_buf b = TR_BUF_INIT;
	if (t->rc < 0)
		return;
	if ((t->rc = tr_wu_fmt(&b, v, unit)) == 0)
		S_cell(t, tr_buf_cstr(&b), v, false);
	tr_buf_free(&b);
}

void tr_wu_table_caption(tr_wu_table *t, const char *caption)
{
	if (t->rc < 0)
		return;
	free(t->caption);
	t->caption = S_clean(t, caption);
}

void tr_wu_table_note(tr_wu_table *t, const char *note)
{
	if (t->rc < 0)
		return;
	free(t->note);
	t->note = S_clean(t, note);
}

void tr_wu_table_transpose(tr_wu_table *t)
{
	size_t nr = t->nrows, nc = t->ncols;
	char **headers;
	bool *numeric;
	tr_wu_cell *cells;
	if (t->rc < 0 || nc < 2 || nr == 0 || t->ncells != nr * nc || t->groups)
		return;
	headers = tr_calloc(nr + 1, sizeof(char *));
	numeric = tr_calloc(nr + 1, sizeof(bool));
	cells = tr_calloc((nc - 1) * (nr + 1), sizeof(tr_wu_cell));
	if (!headers || !numeric || !cells) {
		free(headers);
		free(numeric);
		free(cells);
		t->rc = TR_ENOMEM;
		return;
	}
	/* the first column's cells name the new columns (their sort keys
	 * go: a header is not sorted by) */
	headers[0] = t->headers[0];
	for (size_t r = 0; r < nr; r++) {
		headers[r + 1] = t->cells[r * nc].text;
		free(t->cells[r * nc].sort);
	}
	for (size_t c = 1; c < nc; c++) {
		tr_wu_cell *row = &cells[(c - 1) * (nr + 1)];
		row[0].text = t->headers[c];
		row[0].strong = true;
		for (size_t r = 0; r < nr; r++) {
			row[r + 1] = t->cells[r * nc + c];
			/* a row of numbers stays right-aligned (issue 25) */
			row[r + 1].num = t->numeric[c];
		}
	}
	free(t->headers);
	free(t->numeric);
	free(t->cells);
	t->headers = headers;
	t->numeric = numeric;
	t->cells = cells;
	t->ncols = nr + 1;
	t->nrows = nc - 1;
	t->ncells = t->cap = (nc - 1) * (nr + 1);
}

void tr_wu_table_col_group(tr_wu_table *t, const char *group, const char *header,
                           bool numeric)
{
	char **g;
	tr_wu_table_col(t, header, numeric);
	if (t->rc < 0)
		return;
	if (!(g = tr_realloc(t->groups, t->ncols * sizeof(char *)))) {
		t->rc = TR_ENOMEM;
		return;
	}
	if (!t->groups)
		memset(g, 0, t->ncols * sizeof(char *));
	t->groups = g;
	t->groups[t->ncols - 1] = S_clean(t, group);
}

char *tr_wu_table_full_header(const tr_wu_table *t, size_t c)
{
	const char *g = t->groups ? t->groups[c] : NULL;
	return g ? tr_sprintf("%s %s", g, t->headers[c]) : tr_strdup(t->headers[c]);
}

bool tr_wu_table_col_right(const tr_wu_table *t, size_t c)
{
	size_t nums = 0, texts = 0;
	if (t->numeric[c])
		return true;
	for (size_t i = c; i < t->ncells; i += t->ncols) {
		const tr_wu_cell *cell = &t->cells[i];
		if (cell->num)
			nums++;
		else if (cell->text && *cell->text)
			texts++;
	}
	return nums > 0 && nums >= texts;
}
