/* legend.c: building a chart's legend entries: every layout adds its
 * providers (and run dashes, query modes or init phases) the same way and
 * frees the classes in one place. */

#include "chart_internal.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

int tr_legend_add(tr_legend *l, const char *label, const char *prefix,
                  size_t index, tr_swatch swatch, bool new_row)
{
	char *cls;
	if (tr_grow(&l->e, &l->cap, l->n + 1, sizeof(*l->e)) < 0)
		return TR_ENOMEM;
	if (!(cls = tr_sprintf("%s%zu", prefix, index)))
		return TR_ENOMEM;
	l->e[l->n++] = (tr_legend_entry){ label, cls, swatch, new_row };
	return 0;
}

int tr_legend_add_provider(tr_legend *l, const tr_results *r, size_t p,
                           tr_swatch swatch)
{
	return tr_legend_add(l, r->providers[p].label, "p", p, swatch, false);
}

bool tr_legend_has(const tr_legend *l, const char *label)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->e[i].label, label) == 0)
			return true;
	return false;
}

void tr_legend_free(tr_legend *l)
{
	for (size_t i = 0; i < l->n; i++)
		free((char *)l->e[i].cls);
	free(l->e);
	l->e = NULL;
	l->n = l->cap = 0;
}
