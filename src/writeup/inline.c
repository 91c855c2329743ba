/* inline.c: directives that stand for a few words inside a sentence:
 * {{title}}, {{subtitle}}, {{notes}}, {{value}}, {{compare}}, {{best}} and
 * {{worst}} (figures.c), {{run}}, {{rank}}, {{range}} (figures_runs.c), {{provider P
 * [FIELD]}}, {{scenario S [FIELD]}}, {{baseline}}, {{version}},
 * {{digest [short]}}. Their text is Markdown-escaped. */

#include "writeup_internal.h"
#include "version.h"
#include "util/buf.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static int S_provider(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *field = dir->nargs > 1 ? dir->args[1] : "label";
	const tr_provider_result *p;
	long i;
	if (dir->nargs < 1 || dir->nargs > 2)
		return tr_wu_error(d, "{{provider}}: expected PROVIDER [label|id|vcpu|"
		                      "ram_gb|monthly_cost|notes]");
	if ((i = tr_wu_provider(d, dir->args[0])) < 0)
		return TR_EINVALID;
	p = &d->r->providers[i];
	if (strcmp(field, "label") == 0)
		return tr_wu_md_escape(out, p->label);
	if (strcmp(field, "id") == 0)
		return tr_wu_md_escape(out, p->id);
	if (strcmp(field, "notes") == 0)
		return tr_wu_md_escape(out, p->notes ? p->notes : "");
	if (strcmp(field, "vcpu") == 0)
		return tr_wu_fmt(out, p->vcpu, TR_WU_EXACT);
	if (strcmp(field, "ram_gb") == 0)
		return tr_wu_fmt(out, p->ram_gb, TR_WU_EXACT);
	if (strcmp(field, "monthly_cost") == 0)
		return tr_wu_fmt(out, p->monthly_cost, TR_WU_MONEY);
	if (strncmp(field, "fact.", 5) == 0) {
		/* the provider's own fact; [cell] facts: {{table setup S}} */
		const tr_cell_setup *u = d->r->nscenarios ? tr_results_setup(d->r, (size_t)i, 0) : NULL;
		const char *v = NULL;
		for (size_t k = u ? u->nprovider_facts : 0; k > 0 && !v; k--)
			if (strcmp(u->provider_facts[k - 1].name, field + 5) == 0)
				v = u->provider_facts[k - 1].value;
		if (!v)
			return tr_wu_error(d, "{{provider}}: '%s' has no %s in tpsreport.ini",
			                   tr_wu_c(d, p->id), tr_wu_c(d, field));
		return tr_wu_md_escape(out, v);
	}
	return tr_wu_error(d, "{{provider}}: unknown field '%s' (label, id, vcpu, "
	                      "ram_gb, monthly_cost, notes, fact.NAME)", tr_wu_c(d, field));
}

static int S_scenario(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *field = dir->nargs > 1 ? dir->args[1] : "label";
	const tr_scenario_result *s;
	long i;
	if (dir->nargs < 1 || dir->nargs > 2)
		return tr_wu_error(d, "{{scenario}}: expected SCENARIO [label|id|scale|data_gib]");
	if ((i = tr_wu_scenario(d, dir->args[0])) < 0)
		return TR_EINVALID;
	s = &d->r->scenarios[i];
	if (strcmp(field, "label") == 0)
		return tr_wu_md_escape(out, s->label);
	if (strcmp(field, "id") == 0)
		return tr_wu_md_escape(out, s->id);
	if (strcmp(field, "scale") == 0)
		return tr_wu_fmt(out, s->scale < 0 ? NAN : (double)s->scale, TR_WU_COUNT);
	if (strcmp(field, "data_gib") == 0)
		return tr_wu_fmt(out, s->data_bytes, TR_WU_GIB);
	return tr_wu_error(d, "{{scenario}}: unknown field '%s' (label, id, scale, "
	                      "data_gib)", tr_wu_c(d, field));
}

static int S_no_args(tr_wu_doc *d, const tr_wu_directive *dir, size_t max)
{
	if (dir->nargs > max)
		return tr_wu_error(d, "{{%s}} takes %s", dir->name,
		                   max ? "at most one argument" : "no arguments");
	return 0;
}

int tr_wu_inline_directive(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *n = dir->name;
	int rc;
	if (strcmp(n, "value") == 0)
		return tr_wu_value(d, out, dir);
	if (strcmp(n, "compare") == 0)
		return tr_wu_compare(d, out, dir);
	if (strcmp(n, "best") == 0 || strcmp(n, "worst") == 0)
		return tr_wu_extreme(d, out, dir);
	if (strcmp(n, "run") == 0)
		return tr_wu_run(d, out, dir);
	if (strcmp(n, "rank") == 0)
		return tr_wu_rank(d, out, dir);
	if (strcmp(n, "range") == 0)
		return tr_wu_range(d, out, dir);
	if (strcmp(n, "provider") == 0)
		return S_provider(d, out, dir);
	if (strcmp(n, "scenario") == 0)
		return S_scenario(d, out, dir);
	if (strcmp(n, "title") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->title);
	if (strcmp(n, "subtitle") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->r->subtitle ? d->r->subtitle : "");
	if (strcmp(n, "notes") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->r->notes ? d->r->notes : "");
	if (strcmp(n, "baseline") == 0) {
		if ((rc = S_no_args(d, dir, 0)) < 0)
			return rc;
		if (d->r->nproviders == 0)
			return tr_wu_error(d, "{{baseline}}: the study has no providers");
		return tr_buf_puts(out, tr_wu_baseline_name(d, -1, tr_wu_e_line));
	}
	if (strcmp(n, "version") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_buf_puts(out, TR_VERSION);
	if (strcmp(n, "digest") == 0) {
		const char *dg = d->r->digest ? d->r->digest : "";
		if ((rc = S_no_args(d, dir, 1)) < 0)
			return rc;
		if (dir->nargs == 1 && strcmp(dir->args[0], "short") != 0)
			return tr_wu_error(d, "{{digest}}: the only argument is 'short'");
		return tr_buf_put(out, dg, dir->nargs == 1 && strlen(dg) > 12 ? 12 : strlen(dg));
	}
	return TR_ENOTFOUND;
}
