/* diag.c: warnings and findings collected while the job goes on. */

#include "diag.h"
#include "alloc.h"
#include "buf.h"
#include "escape.h"

#include "error.h"

#include <stdio.h>
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

int tr_diags_add_error(tr_diags *d, tr_severity sev, const char *code,
                       const char *suffix)
{
	const char *path;
	long line;
	const char *msg = tr_error_last_at(&path, &line);
	char copy[1024 + 512];
	/* copy first: tr_diags_add may set an error of its own */
	snprintf(copy, sizeof(copy), "%s", msg);
	{
		char pcopy[512];
		snprintf(pcopy, sizeof(pcopy), "%s", path ? path : "");
		return tr_diags_add(d, sev, code, path ? pcopy : NULL, line, "%s%s",
		                    copy, suffix ? suffix : "");
	}
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
	tr_buf raw = TR_BUF_INIT;
	int rc;
	if (diag->path && diag->line > 0)
		rc = tr_buf_printf(&raw, "%s:%ld: %s", diag->path, diag->line,
		                   diag->message);
	else if (diag->path)
		rc = tr_buf_printf(&raw, "%s: %s", diag->path, diag->message);
	else
		rc = tr_buf_puts(&raw, diag->message);
	/* Paths and messages quote file names: no control character raw. */
	if (rc == 0)
		rc = tr_text_escape(out, tr_buf_cstr(&raw), raw.size);
	tr_buf_free(&raw);
	return rc;
}
