/* shown.c: providers=ID,ID,... on a {{table}} or {{chart}}: the providers
 * the author wants in it, in the author's order (docs/writeup.md,
 * "Options of every table and chart"). One option for every kind: the
 * directive's providers= is taken out before the kind reads its own
 * arguments, and the tables read the providers and cells through the
 * helpers below, which give every one in the study's order without it. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* "aws, sc, gcp": every provider id, for the message of a wrong one. */
static const char *S_ids(tr_wu_doc *d)
{
	tr_buf b = TR_BUF_INIT;
	for (size_t i = 0; i < d->r->nproviders; i++)
		tr_buf_printf(&b, "%s%s", i ? ", " : "", tr_wu_c(d, d->r->providers[i].id));
	if (d->r->nproviders == 0)
		tr_buf_puts(&b, "none");
	return tr_wu_keep_buf(d, &b);
}

/* The directive's name and kind for messages: "table tps". */
static const char *S_what(tr_wu_doc *d, const tr_wu_directive *dir)
{
	return tr_wu_keep(d, tr_sprintf("%s%s%s", dir->name, dir->nargs ? " " : "",
	                                dir->nargs ? tr_wu_c(d, dir->args[0]) : ""));
}

/* The cells in the tables' order: by scenario and workload as stats
 * sorts them, then by the author's order of the providers. */
static int S_cells(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t n = 0;
	if (!(d->only_cells = tr_calloc(r->ncells + 1, sizeof(size_t))))
		return TR_ENOMEM;
	for (size_t i = 0; i < r->ncells;) {
		size_t j = i;
		while (j < r->ncells && r->cells[j].scenario == r->cells[i].scenario &&
		       r->cells[j].workload == r->cells[i].workload)
			j++;
		for (size_t k = 0; k < d->nonly; k++)
			for (size_t c = i; c < j; c++)
				if (r->cells[c].provider == d->only[k])
					d->only_cells[n++] = c;
		i = j;
	}
	d->nonly_cells = n;
	return 0;
}

static int S_parse(tr_wu_doc *d, const tr_wu_directive *dir, const char *list)
{
	size_t *only = tr_calloc(d->r->nproviders + 1, sizeof(size_t)), n = 0;
	if (!only)
		return d->rc = TR_ENOMEM;
	d->only = only;
	while (*list) {
		size_t len = strcspn(list, ","), p;
		for (p = 0; p < d->r->nproviders; p++)
			if (strlen(d->r->providers[p].id) == len &&
			    strncmp(d->r->providers[p].id, list, len) == 0)
				break;
		if (p == d->r->nproviders || len == 0)
			return tr_wu_error(d, "{{%s}}: providers=: no provider '%s' (there are: %s)",
			                   S_what(d, dir), tr_wu_keep(d, tr_strndup(list, len)),
			                   S_ids(d));
		for (size_t k = 0; k < n; k++)
			if (only[k] == p)
				return tr_wu_error(d, "{{%s}}: providers=: '%s' is named twice",
				                   S_what(d, dir), tr_wu_c(d, d->r->providers[p].id));
		only[n++] = p;
		list += len + (list[len] == ',');
	}
	d->nonly = n;
	return S_cells(d);
}

int tr_wu_only_take(tr_wu_doc *d, tr_wu_directive *own, const tr_wu_directive *dir)
{
	const char *list;
	int rc;
	if ((rc = tr_wu_take_opt(d, &list, own, dir, "providers")) < 0)
		return rc;
	if (!list)
		return 0;
	if ((rc = S_parse(d, dir, list)) < 0)
		tr_wu_only_clear(d);
	return rc;
}

void tr_wu_only_clear(tr_wu_doc *d)
{
	free(d->only);
	free(d->only_cells);
	d->only = NULL;
	d->only_cells = NULL;
	d->nonly = d->nonly_cells = 0;
}

bool tr_wu_shown(const tr_wu_doc *d, size_t provider)
{
	return tr_wu_shown_rank(d, provider) >= 0;
}

long tr_wu_shown_rank(const tr_wu_doc *d, size_t provider)
{
	if (!d->only)
		return provider < d->r->nproviders ? (long)provider : -1;
	for (size_t k = 0; k < d->nonly; k++)
		if (d->only[k] == provider)
			return (long)k;
	return -1;
}

size_t tr_wu_nshown(const tr_wu_doc *d)
{
	return d->only ? d->nonly : d->r->nproviders;
}

size_t tr_wu_shown_at(const tr_wu_doc *d, size_t k)
{
	return d->only ? d->only[k] : k;
}

size_t tr_wu_ncells(const tr_wu_doc *d)
{
	return d->only ? d->nonly_cells : d->r->ncells;
}

const tr_cell *tr_wu_cell_at(const tr_wu_doc *d, size_t i)
{
	return &d->r->cells[d->only ? d->only_cells[i] : i];
}

size_t *tr_wu_rows_by_provider(const tr_wu_doc *d, const void *items, size_t size,
                               size_t offset, size_t n, size_t *nout)
{
	size_t *out = tr_calloc(n + 1, sizeof(size_t)), k = 0;
	if (!out)
		return NULL;
	for (size_t i = 0; i < n && !d->only; i++)
		out[k++] = i;
	for (size_t j = 0; j < d->nonly; j++)
		for (size_t i = 0; i < n; i++) {
			size_t p;
			memcpy(&p, (const char *)items + i * size + offset, sizeof(p));
			if (p == d->only[j])
				out[k++] = i;
		}
	*nout = k;
	return out;
}
