/* sections.c: {{section NAME}}, and the first sections of the default
 * writeup: the intro and the test setup (the summary is in
 * sections_summary.c). */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *name;
	void (*fn)(tr_wu_doc *d);
} S_section;

static const S_section S_sections[] = {
	{ "intro", tr_wu_section_intro },
	{ "summary", tr_wu_section_summary },
	{ "setup", tr_wu_section_setup },
	{ "methodology", tr_wu_section_methodology },
	{ "findings", tr_wu_section_findings },
	{ "results", tr_wu_section_results },
	{ "stability", tr_wu_section_stability },
	{ "latency", tr_wu_section_latency },
	{ "init", tr_wu_section_init },
	{ "price", tr_wu_section_price },
	{ "closing", tr_wu_section_closing },
	{ "notes", tr_wu_section_notes },
	{ "changes", tr_wu_section_changes },
};

static int S_section_run(tr_wu_doc *d, const tr_wu_directive *dir);

/* {{section NAME [title="…"]}}: the section, then its headings placed
 * under the author's (sections_level.c). */
int tr_wu_section(tr_wu_doc *d, const tr_wu_directive *whole)
{
	tr_wu_directive own;
	const char *title;
	size_t start = d->md.size;
	int rc;
	if ((rc = tr_wu_take_opt(d, &title, &own, whole, "title")) < 0 ||
	    (rc = tr_wu_no_other_opts(d, &own, "title=")) < 0)
		return rc;
	if ((rc = S_section_run(d, &own)) < 0)
		return rc;
	return tr_wu_section_place(d, start, own.nargs ? own.args[0] : "", title);
}

static int S_section_run(tr_wu_doc *d, const tr_wu_directive *dir)
{
	if (dir->nargs >= 1 && strcmp(dir->args[0], "scenario") == 0) {
		long s;
		if (dir->nargs != 2)
			return tr_wu_error(d, "{{section scenario}}: expected SCENARIO");
		if ((s = tr_wu_scenario(d, dir->args[1])) < 0)
			return TR_EINVALID;
		tr_wu_section_scenario(d, (size_t)s);
		return d->rc;
	}
	for (size_t i = 0; dir->nargs == 1 && i < TR_ARRAY_SIZE(S_sections); i++)
		if (strcmp(S_sections[i].name, dir->args[0]) == 0) {
			S_sections[i].fn(d);
			return d->rc;
		}
	return tr_wu_error(d, "{{section%s%s}}: expected one of intro, summary, setup, "
	                      "methodology, findings, results, scenario SCENARIO, "
	                      "stability, latency, init, price, closing, notes, changes",
	                   dir->nargs ? " " : "", dir->nargs ? tr_wu_c(d, dir->args[0]) : "");
}

/* ---- intro ----------------------------------------------------------- */

/* The study's subtitle and notes ([study] in tpsreport.ini), if any. */
void tr_wu_section_intro(tr_wu_doc *d)
{
	if (d->r->subtitle && *d->r->subtitle)
		tr_wu_md(d, "\n*%s*\n", tr_wu_e(d, d->r->subtitle));
	if (d->r->notes && *d->r->notes)
		tr_wu_md(d, "\n%s\n", tr_wu_e_line(d, d->r->notes));
}

static const char *S_label(tr_wu_doc *d, size_t provider)
{
	return tr_wu_e(d, d->r->providers[provider].label);
}

/* ---- setup ----------------------------------------------------------- */

/* "1 USD = 0.92 EUR" for each currency converted. */
static void S_fx(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	const char *seen[16];
	size_t nseen = 0;
	for (size_t i = 0; i < r->nproviders; i++)
		for (size_t k = 0; k < r->providers[i].nprice; k++) {
			const tr_price_line *l = &r->providers[i].price[k];
			double rate;
			bool known = false;
			if (!r->currency || strcmp(l->currency, r->currency) == 0 ||
			    !isfinite(l->monthly) || l->amount == 0)
				continue;
			for (size_t j = 0; j < nseen; j++)
				known |= strcmp(seen[j], l->currency) == 0;
			if (known || nseen == TR_ARRAY_SIZE(seen))
				continue;
			seen[nseen++] = l->currency;
			rate = l->monthly / (l->amount * (l->hourly ? TR_HOURS_PER_MONTH : 1));
			rate = round(rate * 1e6) / 1e6;
			if (nseen == 1)
				tr_wu_md(d, "Prices are converted into %s at ", tr_wu_e(d, r->currency));
			tr_wu_md(d, "%s1 %s = %s %s", nseen == 1 ? "" : ", ",
			         tr_wu_e(d, l->currency), tr_wu_n(d, rate, TR_WU_EXACT),
			         tr_wu_e(d, r->currency));
		}
	if (nseen && (r->fx_date || r->fx_source)) {
		tr_wu_md(d, " (");
		if (r->fx_source)
			tr_wu_md(d, "%s", tr_wu_e(d, r->fx_source));
		if (r->fx_date)
			tr_wu_md(d, "%sas of %s", r->fx_source ? ", " : "", tr_wu_e(d, r->fx_date));
		tr_wu_md(d, ").\n");
	} else if (nseen) {
		tr_wu_md(d, " (the author's exchange rates).\n");
	}
}

/* Server facts from `tpsreport probe` (init.json), one bullet per provider. */
static void S_server_facts(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool any = false;
	for (size_t p = 0; p < r->nproviders; p++) {
		const tr_init *in = NULL;
		for (size_t i = 0; i < r->ninits && !in; i++)
			if (r->inits[i].provider == p && (r->inits[i].init->server_version ||
			                                  r->inits[i].init->nsettings))
				in = r->inits[i].init;
		if (!in)
			continue;
		if (!any)
			tr_wu_md(d, "\nWhat `tpsreport probe` read from the servers:\n\n");
		any = true;
		tr_wu_md(d, "- **%s**:", S_label(d, p));
		if (in->server_version)
			tr_wu_md(d, " PostgreSQL %s.", tr_wu_e(d, in->server_version));
		if (in->database_bytes > 0)
			tr_wu_md(d, " Database after loading: %s.",
			         tr_wu_n(d, (double)in->database_bytes, TR_WU_BYTES));
		for (size_t k = 0; k < in->nsettings; k++)
			tr_wu_md(d, "%s%s = %s", k ? "; " : " Settings: ",
			         tr_wu_e(d, in->settings[k].name), tr_wu_e(d, in->settings[k].value));
		tr_wu_md(d, "%s\n", in->nsettings ? "." : "");
	}
}

void tr_wu_section_setup(tr_wu_doc *d)
{
	if (d->r->nproviders == 0)
		return;
	tr_wu_md(d, "\n## Test setup\n\n");
	tr_wu_table_providers(d, true);
	S_fx(d);
	tr_wu_table_server(d);
	S_server_facts(d);
}
