/* diag.c: warnings and findings collected while the job goes on. */

#include "diag.h"
#include "alloc.h"
#include "buf.h"

#include <stdlib.h>
#include <string.h>

int tr_diags_add(tr_diags *d, tr_severity sev, const char *code,
                 const char *path, long line, const char *fmt, ...)
{
	tr_diag *x;
	va_list ap;
	tr_buf msg = TR_BUF_INIT;
	int rc;
	if ((rc = tr_grow(&d->items, &d->cap, d->count + 1, sizeof(tr_diag))) < 0)
		return rc;
	va_start(ap, fmt);
	rc = tr_buf_vprintf(&msg, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return rc;
	x = &d->items[d->count];
	x->severity = sev;
	x->code = tr_strdup(code ? code : "");
	x->path = tr_strdup(path);
	x->line = line;
	x->message = msg.ptr ? tr_buf_detach(&msg) : tr_strdup("");
	if (!x->code || (path && !x->path) || !x->message) {
		free(x->code);
		free(x->path);
		free(x->message);
		return TR_ENOMEM;
	}
	d->count++;
	return 0;
}

static int S_cmp_str(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int S_cmp_diag(const void *pa, const void *pb)
{
	const tr_diag *a = pa, *b = pb;
	int c;
	if ((c = S_cmp_str(a->path, b->path)) != 0)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if ((c = strcmp(a->code, b->code)) != 0)
		return c;
	return strcmp(a->message, b->message);
}

void tr_diags_sort(tr_diags *d)
{
	if (d->count > 1)
		qsort(d->items, d->count, sizeof(tr_diag), S_cmp_diag);
}

int tr_diags_move(tr_diags *dst, tr_diags *src)
{
	int rc = tr_grow(&dst->items, &dst->cap, dst->count + src->count,
	                 sizeof(tr_diag));
	if (rc < 0)
		return rc;
	if (src->count)
		memcpy(dst->items + dst->count, src->items,
		       src->count * sizeof(tr_diag));
	dst->count += src->count;
	src->count = 0;
	return 0;
}

void tr_diags_free(tr_diags *d)
{
	for (size_t i = 0; i < d->count; i++) {
		free(d->items[i].code);
		free(d->items[i].path);
		free(d->items[i].message);
	}
	free(d->items);
	memset(d, 0, sizeof(*d));
}

int tr_diag_format(tr_buf *out, const tr_diag *diag)
{
	if (diag->path && diag->line > 0)
		return tr_buf_printf(out, "%s:%ld: %s", diag->path, diag->line,
		                     diag->message);
	if (diag->path)
		return tr_buf_printf(out, "%s: %s", diag->path, diag->message);
	return tr_buf_puts(out, diag->message);
}
