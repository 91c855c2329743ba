/* headline_who.c: providers by their facts. Which providers a
 * {{headline}} picks its figure from:
 * providers=ID,ID (the providers' folder names) and group=fact.NAME:VALUE
 * (those whose [provider] section says fact.NAME = VALUE, letter for
 * letter). Both given: the providers in both. And the fact a {{chart
 * rank badge=fact.NAME}} shows beside each bar. A wrong name is an error
 * at the directive's line listing what exists, never an empty card. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* The value of fact `name` of provider p, or NULL. */
static const char *S_fact(const tr_provider_result *p, const char *name, size_t len)
{
	for (size_t i = 0; i < p->nfacts; i++)
		if (strlen(p->facts[i].name) == len && strncmp(p->facts[i].name, name, len) == 0)
			return p->facts[i].value;
	return NULL;
}

/* "a, b, c": each provider's fact name (or, with name, value) once. */
static const char *S_list(tr_wu_doc *d, const char *name, size_t len)
{
	const tr_results *r = d->r;
	tr_buf b = TR_BUF_INIT;
	size_t n = 0;
	for (size_t p = 0; p < r->nproviders; p++)
		for (size_t i = 0; i < r->providers[p].nfacts; i++) {
			const tr_fact *f = &r->providers[p].facts[i];
			const char *item = name ? f->value : f->name;
			bool seen = false;
			if (name && (strlen(f->name) != len || strncmp(f->name, name, len) != 0))
				continue;
			for (size_t q = 0; q <= p && !seen; q++)
				for (size_t k = 0; k < r->providers[q].nfacts && !seen; k++) {
					const tr_fact *g = &r->providers[q].facts[k];
					if (q == p && k == i)
						break;
					seen = strcmp(name ? g->value : g->name, item) == 0 &&
					       (!name || (strlen(g->name) == len &&
					                  strncmp(g->name, name, len) == 0));
				}
			if (!seen)
				tr_buf_printf(&b, "%s%s", n++ ? ", " : "", tr_wu_c(d, item));
		}
	if (n == 0)
		tr_buf_puts(&b, "none");
	return tr_wu_keep_buf(d, &b);
}

static int S_providers(tr_wu_doc *d, const char *list, bool *allow)
{
	const tr_results *r = d->r;
	tr_buf ids = TR_BUF_INIT;
	bool *named = tr_calloc(r->nproviders + 1, sizeof(bool));
	if (!named)
		return d->rc = TR_ENOMEM;
	if (!*list) {
		free(named);
		return tr_wu_error(d, "{{headline}}: providers= is empty (write providers=ID,ID)");
	}
	for (const char *at = list; *at;) {
		size_t len = strcspn(at, ","), p;
		for (p = 0; p < r->nproviders; p++)
			if (strlen(r->providers[p].id) == len && strncmp(r->providers[p].id, at, len) == 0)
				break;
		if (p == r->nproviders) {
			for (size_t q = 0; q < r->nproviders; q++)
				tr_buf_printf(&ids, "%s%s", q ? ", " : "", tr_wu_c(d, r->providers[q].id));
			free(named);
			return tr_wu_error(d, "{{headline}}: providers=: no provider '%s' (there are: %s)",
			                   tr_wu_keep(d, tr_strndup(at, len)), tr_wu_keep_buf(d, &ids));
		}
		named[p] = true;
		at += len + (at[len] == ',');
	}
	for (size_t p = 0; p < r->nproviders; p++)
		allow[p] = allow[p] && named[p];
	free(named);
	return 0;
}

static int S_group(tr_wu_doc *d, const char *group, bool *allow)
{
	const tr_results *r = d->r;
	const char *name = group + 5, *colon = strchr(group, ':');
	size_t len;
	bool any_fact = false, any = false;
	if (strncmp(group, "fact.", 5) != 0 || !colon || colon == name || !colon[1])
		return tr_wu_error(d, "{{headline}}: group=%s: expected fact.NAME:VALUE, the "
		                      "providers whose fact.NAME is VALUE (e.g. "
		                      "group=fact.kind:Managed)", tr_wu_c(d, group));
	len = (size_t)(colon - name);
	for (size_t p = 0; p < r->nproviders; p++) {
		const char *v = S_fact(&r->providers[p], name, len);
		any_fact |= v != NULL;
		allow[p] = allow[p] && v && strcmp(v, colon + 1) == 0;
		any |= v && strcmp(v, colon + 1) == 0;
	}
	if (!any_fact)
		return tr_wu_error(d, "{{headline}}: group=: no provider has fact.%s (the facts "
		                      "are: %s)", tr_wu_keep(d, tr_strndup(name, len)),
		                   S_list(d, NULL, 0));
	if (!any)
		return tr_wu_error(d, "{{headline}}: group=: no provider has fact.%s = %s (its "
		                      "values are: %s)", tr_wu_keep(d, tr_strndup(name, len)),
		                   tr_wu_c(d, colon + 1), S_list(d, name, len));
	return 0;
}

int tr_wu_headline_who(tr_wu_doc *d, const tr_wu_args *a, bool **allow)
{
	const char *list = tr_wu_arg(a, "providers"), *group = tr_wu_arg(a, "group");
	bool any = false;
	int rc;
	*allow = NULL;
	if (!list && !group)
		return 0;
	if (!(*allow = tr_calloc(d->r->nproviders + 1, sizeof(bool))))
		return d->rc = TR_ENOMEM;
	for (size_t p = 0; p < d->r->nproviders; p++)
		(*allow)[p] = true;
	if ((list && (rc = S_providers(d, list, *allow)) < 0) ||
	    (group && (rc = S_group(d, group, *allow)) < 0))
		goto fail;
	for (size_t p = 0; p < d->r->nproviders; p++)
		any |= (*allow)[p];
	if (any)
		return 0;
	rc = tr_wu_error(d, "{{headline}}: no provider named in providers= is in group=%s",
	                 tr_wu_c(d, group));
fail:
	free(*allow);
	*allow = NULL;
	return rc;
}

const char *tr_wu_provider_fact(const tr_provider_result *p, const char *name)
{
	return S_fact(p, name, strlen(name));
}

int tr_wu_badge_fact(tr_wu_doc *d, const char *badge, const char **name)
{
	*name = badge + 5;
	if (strncmp(badge, "fact.", 5) != 0 || !badge[5])
		return tr_wu_error(d, "{{chart rank}}: badge=%s: expected fact.NAME, a fact of "
		                      "the providers' sections (e.g. badge=fact.kind)",
		                   tr_wu_c(d, badge));
	for (size_t p = 0; p < d->r->nproviders; p++)
		if (tr_wu_provider_fact(&d->r->providers[p], *name))
			return 0;
	return tr_wu_error(d, "{{chart rank}}: badge=: no provider has fact.%s (the facts "
	                      "are: %s)", tr_wu_c(d, *name), S_list(d, NULL, 0));
}
