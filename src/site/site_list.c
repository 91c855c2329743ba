/* site_list.c: sorted lists of names relative to OUT. */

#include "site_internal.h"

#include <stdlib.h>
#include <string.h>

int tr_site_list_add(tr_site_list *l, const char *name)
{
	int rc = tr_grow(&l->names, &l->cap, l->count + 1, sizeof(char *));
	if (rc < 0)
		return rc;
	if (!(l->names[l->count] = tr_strdup(name)))
		return TR_ENOMEM;
	l->count++;
	return 0;
}

void tr_site_list_sort(tr_site_list *l)
{
	if (l->count > 1)
		qsort(l->names, l->count, sizeof(char *), tr_strcmp_ptr);
}

bool tr_site_list_has(const tr_site_list *l, const char *name)
{
	for (size_t i = 0; i < l->count; i++)
		if (strcmp(l->names[i], name) == 0)
			return true;
	return false;
}

bool tr_site_list_has_dir(const tr_site_list *l, const char *dir)
{
	size_t n = strlen(dir);
	for (size_t i = 0; i < l->count; i++)
		if (strncmp(l->names[i], dir, n) == 0 && l->names[i][n] == '/')
			return true;
	return false;
}

void tr_site_list_free(tr_site_list *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->names[i]);
	free(l->names);
	memset(l, 0, sizeof(*l));
}
