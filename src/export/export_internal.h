#ifndef TR_EXPORT_INTERNAL_H
#define TR_EXPORT_INTERNAL_H

/* Internal to export: plain-text tables with aligned columns. */

#include "export.h"
#include "util/buf.h"

typedef struct tr_table {
	size_t ncols;
	const char *const *headers;
	const bool *right;       /* right-align column i (numbers) */
	char **cells;            /* row-major, owned */
	size_t nrows;
	size_t cap;
} tr_table;

void tr_table_init(tr_table *t, size_t ncols, const char *const *headers,
                   const bool *right);
/* Add a row of ncols cells; each is copied (NULL prints "-"). */
int tr_table_add(tr_table *t, const char *const *cells);
/* Render with two spaces between columns and a rule under the header. */
int tr_table_render(tr_buf *out, const tr_table *t);
void tr_table_free(tr_table *t);

#endif
