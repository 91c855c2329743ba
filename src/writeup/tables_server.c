/* tables_server.c: the servers as `tpsreport run` found them
 * (results/<provider>/facts.json): one row per fact, one column per
 * provider, as the seed articles' "instance configuration" tables. */

#include "writeup_internal.h"
#include "util/str.h"
#include "util/base.h"

#include <string.h>

static const char *S_setting(const tr_server_facts *f, const char *name)
{
	for (size_t k = 0; f && k < f->nsettings; k++)
		if (strcmp(f->settings[k].name, name) == 0)
			return f->settings[k].value;
	return NULL;
}

/* "15.18 (Debian ...)" from "pgbench (PostgreSQL) 15.18 (Debian ...)". */
static const char *S_pgbench(const tr_server_facts *f)
{
	const char *v = f ? f->pgbench_version : NULL;
	if (v && tr_str_starts_with(v, "pgbench (PostgreSQL) "))
		return v + strlen("pgbench (PostgreSQL) ");
	return v;
}

static void S_row(tr_wu_table *t, const tr_results *r, const char *label,
                  const char *(*get)(const tr_server_facts *, const char *),
                  const char *name)
{
	tr_wu_table_strong(t, label);
	for (size_t i = 0; i < r->nproviders; i++) {
		const char *v = get(r->providers[i].server, name);
		tr_wu_table_text(t, v ? v : "\xe2\x80\x93");
	}
}

static const char *S_version(const tr_server_facts *f, const char *unused)
{
	(void)unused;
	return f ? f->server_version : NULL;
}

static const char *S_pgbench_get(const tr_server_facts *f, const char *unused)
{
	(void)unused;
	return S_pgbench(f);
}

void tr_wu_table_server(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	const char *names[64];
	size_t n = 0;
	bool any = false;
	tr_wu_table t;

	/* Setting names in order of first appearance over the providers. */
	for (size_t i = 0; i < r->nproviders; i++) {
		const tr_server_facts *f = r->providers[i].server;
		any |= f != NULL;
		for (size_t k = 0; f && k < f->nsettings; k++) {
			bool seen = false;
			for (size_t j = 0; j < n; j++)
				seen |= strcmp(names[j], f->settings[k].name) == 0;
			if (!seen && n < TR_ARRAY_SIZE(names))
				names[n++] = f->settings[k].name;
		}
	}
	if (!any)
		return;
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Server", false);
	for (size_t i = 0; i < r->nproviders; i++)
		tr_wu_table_col(&t, r->providers[i].label, false);
	S_row(&t, r, "PostgreSQL", S_version, NULL);
	S_row(&t, r, "pgbench", S_pgbench_get, NULL);
	for (size_t k = 0; k < n; k++)
		S_row(&t, r, names[k], S_setting, names[k]);
	tr_wu_table_caption(&t, "The servers as tpsreport run read them before "
	                        "benchmarking (results/<provider>/facts.json): "
	                        "the version, the pgbench that ran, and the "
	                        "settings that matter for a benchmark, as SHOW "
	                        "prints them.");
	tr_wu_emit_table(d, &t);
}
