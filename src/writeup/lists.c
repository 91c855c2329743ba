/* lists.c: the charts directives ask for ({{chart rank}}, {{chart
 * journey}}). writeup never draws: each is added to the chart set with
 * its name, title and alt text, placed in the document, and its bars are
 * recorded for the caller (report/) to draw before the document is
 * rendered. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/str.h"

#include <stdlib.h>
#include <string.h>

bool tr_writeup_name_safe(const char *name)
{
	return tr_wu_name_safe(name);
}

/* A name not taken yet: stem, stem-2, stem-3... */
static char *S_unique(const tr_writeup_charts *cs, const char *stem)
{
	for (int k = 1; k < 1000; k++) {
		char *name = k == 1 ? tr_strdup(stem) : tr_sprintf("%s-%d", stem, k);
		bool taken = false;
		if (!name)
			return NULL;
		for (size_t i = 0; i < cs->count && !taken; i++)
			taken = strcmp(cs->items[i].name, name) == 0;
		if (!taken)
			return name;
		free(name);
	}
	return NULL;
}

/* Room for one more chart in the set, one more list and one more "used"
 * flag; nothing is added yet. */
static int S_grow(tr_wu_doc *d)
{
	tr_writeup_charts *cs = d->charts;
	tr_writeup_chart *items = realloc(cs->items, (cs->count + 1) * sizeof(*items));
	tr_writeup_list *lists;
	bool *used;
	if (!items)
		return TR_ENOMEM;
	cs->items = items;
	if (!(used = realloc(d->chart_used, (cs->count + 2) * sizeof(bool))))
		return TR_ENOMEM;
	d->chart_used = used;
	if (!(lists = realloc(d->lists, (d->nlists + 1) * sizeof(*lists))))
		return TR_ENOMEM;
	d->lists = lists;
	return 0;
}

/* Chart c joins the study's charts (undrawn: the caller draws it from the
 * list entry `want`, which gets c's index and the directive's place) and
 * is placed with caption. On success c's strings and the entry's arrays
 * belong to d (c is zeroed, *taken set); on failure the caller keeps
 * them. */
static int S_add(tr_wu_doc *d, tr_writeup_chart *c, const tr_writeup_list *want,
                 const char *caption, bool *taken)
{
	tr_writeup_charts *cs = d->charts;
	tr_writeup_list *l;
	int rc;
	*taken = false;
	if (!tr_wu_name_safe(c->name))
		return tr_wu_error(d, "chart name '%s' is not a safe file name", c->name);
	if ((rc = S_grow(d)) < 0)
		return rc;
	l = &d->lists[d->nlists++];
	*l = *want;
	l->chart = cs->count;
	l->path = d->path;
	l->line = d->line;
	*taken = true;
	d->chart_used[cs->count] = false;
	cs->items[cs->count++] = *c;
	memset(c, 0, sizeof(*c));
	tr_wu_emit_figure(d, cs->count - 1, caption);
	return d->rc;
}

int tr_wu_emit_list_chart(tr_wu_doc *d, const char *stem, const char *kind,
                          const char *title, const char *subtitle,
                          const char *axis_title, const tr_wu_bar *bars, size_t n)
{
	tr_writeup_charts *cs = d->charts;
	tr_wu_bar *copy = tr_calloc(n + 1, sizeof(tr_wu_bar));
	tr_writeup_chart c;
	tr_writeup_list l;
	bool taken;
	int rc;

	memset(&c, 0, sizeof(c));
	if (!copy || !(c.name = S_unique(cs, stem)) || !(c.kind = tr_strdup(kind)) ||
	    !(c.title = tr_strdup(d->list_title ? d->list_title : title)) ||
	    !(c.alt = subtitle ? tr_sprintf("%s. %s", c.title, subtitle) : tr_strdup(c.title))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (n > 0)
		memcpy(copy, bars, n * sizeof(*bars));
	c.scenario = c.workload = -1;
	memset(&l, 0, sizeof(l));
	l.subtitle = subtitle;
	l.axis_title = axis_title;
	l.bars = copy;
	l.nbars = n;
	rc = S_add(d, &c, &l, NULL, &taken);
	if (taken)
		copy = NULL;
cleanup:
	free(c.name);
	free(c.kind);
	free(c.title);
	free(c.alt);
	free(copy);
	if (rc == TR_ENOMEM)
		d->rc = rc;
	return rc;
}

/* "tps-only-aws-sc": the chart's name (and scenario, when not -2) and
 * the providers it keeps. */
static char *S_subset_name(const tr_wu_doc *d, const char *name, long scenario)
{
	tr_buf b = TR_BUF_INIT, id = TR_BUF_INIT;
	char *out = NULL;
	if (tr_buf_puts(&b, name) < 0 ||
	    (scenario >= 0 && (tr_buf_putc(&b, '-') < 0 ||
	                       tr_slug(&b, d->r->scenarios[scenario].id, TR_SLUG_NAME_MAX,
	                               "s") < 0)) ||
	    tr_buf_puts(&b, "-only") < 0)
		goto cleanup;
	for (size_t k = 0; k < d->nonly; k++) {
		tr_buf_clear(&id);
		if (tr_slug(&id, d->r->providers[d->only[k]].id, TR_SLUG_NAME_MAX, "p") < 0 ||
		    tr_buf_printf(&b, "-%s", tr_buf_cstr(&id)) < 0)
			goto cleanup;
	}
	/* a long list stays a file name of at most 100 bytes (S_unique may
	 * add "-NNN") */
	if (b.size > 90)
		b.size = 90;
	while (b.size > 0 && b.ptr[b.size - 1] == '-')
		b.size--;
	b.ptr[b.size] = '\0';
	out = S_unique(d->charts, tr_buf_cstr(&b));
cleanup:
	tr_buf_free(&b);
	tr_buf_free(&id);
	return out;
}

int tr_wu_emit_subset_chart(tr_wu_doc *d, size_t of, long scenario, const char *title,
                            const char *caption)
{
	tr_writeup_charts *cs = d->charts;
	size_t *providers = tr_calloc(d->nonly + 1, sizeof(size_t));
	tr_writeup_chart c;
	tr_writeup_list l;
	bool taken;
	int rc;

	memset(&c, 0, sizeof(c));
	if (!providers ||
	    !(c.name = S_subset_name(d, cs->items[of].name, scenario)) ||
	    !(c.kind = tr_strdup(cs->items[of].kind)) ||
	    ((title || cs->items[of].title) &&
	     !(c.title = tr_strdup(title ? title : cs->items[of].title))) ||
	    (cs->items[of].alt && !(c.alt = tr_strdup(cs->items[of].alt)))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	memcpy(providers, d->only, d->nonly * sizeof(size_t));
	c.scenario = scenario == -2 ? cs->items[of].scenario : scenario;
	c.workload = cs->items[of].workload;
	memset(&l, 0, sizeof(l));
	l.providers = providers;
	l.nproviders = d->nonly;
	l.redraw = title != NULL; /* with providers: keep the author's title */
	rc = S_add(d, &c, &l, caption, &taken);
	if (taken)
		providers = NULL;
cleanup:
	free(c.name);
	free(c.kind);
	free(c.title);
	free(c.alt);
	free(providers);
	if (rc == TR_ENOMEM)
		d->rc = rc;
	return rc;
}

int tr_wu_emit_variant(tr_wu_doc *d, size_t of, const char *title, const char *caption)
{
	tr_writeup_charts *cs = d->charts;
	const tr_writeup_chart *src = &cs->items[of];
	tr_writeup_chart c;
	tr_writeup_list l;
	bool taken;
	char *stem = tr_sprintf("%s-titled", src->name);
	int rc;

	memset(&c, 0, sizeof(c));
	/* the alt text keeps what the shared one says of the figures, after
	 * the author's title (it no longer starts with the generated one) */
	if (!stem || !(c.name = S_unique(cs, stem)) || !(c.kind = tr_strdup(src->kind)) ||
	    !(c.title = tr_strdup(title)) ||
	    !(c.alt = src->alt ? tr_sprintf("%s. %s", title, src->alt) : tr_strdup(title))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	c.scenario = src->scenario;
	c.workload = src->workload;
	memset(&l, 0, sizeof(l));
	l.redraw = true;
	rc = S_add(d, &c, &l, caption, &taken);
cleanup:
	free(stem);
	free(c.name);
	free(c.kind);
	free(c.title);
	free(c.alt);
	if (rc == TR_ENOMEM)
		d->rc = rc;
	return rc;
}
