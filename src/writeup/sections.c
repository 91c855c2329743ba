/* sections.c: {{section NAME}}, and the first sections of the default
 * writeup: the summary (who leads, by how much, whether it is significant,
 * as benchstat says it) and the test setup. */

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
};

int tr_wu_section(tr_wu_doc *d, const tr_wu_directive *dir)
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
	                      "stability, latency, init, price, closing, notes",
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

/* ---- summary --------------------------------------------------------- */

static const char *S_label(tr_wu_doc *d, size_t provider)
{
	return tr_wu_e(d, d->r->providers[provider].label);
}

/* "AWS 2,300.1–2,400.2 TPS; ServersCamp ..." over the cells of s x w. */
/* "AWS 2,300.1–2,400.2 TPS (3 runs); ServersCamp ..." over s x w. */
static void S_ranges(tr_wu_doc *d, size_t s, size_t w)
{
	bool first = true;
	tr_wu_md(d, "  - Run-to-run range:");
	for (size_t i = 0; i < d->r->ncells; i++) {
		const tr_cell *c = &d->r->cells[i];
		if (c->scenario != s || c->workload != w)
			continue;
		if (c->nruns == 1)
			tr_wu_md(d, "%s %s %s TPS (1 run)", first ? "" : ";", S_label(d, c->provider),
			         tr_wu_n(d, c->tps_min, TR_WU_TPS));
		else
			tr_wu_md(d, "%s %s %s\xe2\x80\x93%s TPS (%zu runs)", first ? "" : ";",
			         S_label(d, c->provider), tr_wu_n(d, c->tps_min, TR_WU_TPS),
			         tr_wu_n(d, c->tps_max, TR_WU_TPS), c->nruns);
		first = false;
	}
	tr_wu_md(d, ".\n");
}

/* "  - B against A: **+9.5%** (2,561.3 vs 2,339.7 TPS), significant ..." */
static void S_comparison_item(tr_wu_doc *d, const tr_comparison *k)
{
	const tr_results *r = d->r;
	tr_wu_md(d, "  - %s against %s: **%s** median TPS (%s vs %s), ", S_label(d, k->provider),
	         S_label(d, k->baseline), tr_wu_n(d, k->tps_gap_pct, TR_WU_GAP),
	         tr_wu_n(d, r->cells[k->cell].tps_median, TR_WU_TPS),
	         tr_wu_n(d, r->cells[k->baseline_cell].tps_median, TR_WU_TPS));
	if (k->significant) {
		tr_wu_md(d, "significant (p=%s, n=%zu+%zu).\n", tr_wu_n(d, k->p_adjusted, TR_WU_P),
		         k->n_baseline, k->n_provider);
		return;
	}
	if (isnan(k->p_adjusted))
		tr_wu_md(d, "not tested (~, n=%zu+%zu).", k->n_baseline, k->n_provider);
	else
		tr_wu_md(d, "not significant (~, p=%s, n=%zu+%zu).",
		         tr_wu_n(d, k->p_adjusted, TR_WU_P), k->n_baseline, k->n_provider);
	if (k->runs_needed > k->n_baseline || k->runs_needed > k->n_provider)
		tr_wu_md(d, " Too few runs to tell: the exact test needs %zu runs per "
		            "side to reach p \xe2\x89\xa4 %s after correcting for %zu "
		            "comparison%s.", k->runs_needed,
		         tr_wu_n(d, r->alpha, TR_WU_EXACT), r->ncomparisons,
		         r->ncomparisons == 1 ? "" : "s");
	tr_wu_md(d, "\n");
}

/* One bullet: scenario s, workload w, with the comparisons and the
 * run-to-run range below it. */
static void S_summary_group(tr_wu_doc *d, size_t s, size_t w, bool name_workload)
{
	const tr_results *r = d->r;
	long leader = -1;
	size_t n = 0;
	bool compared = false;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->scenario != s || c->workload != w)
			continue;
		n++;
		if (leader < 0 || c->tps_median > r->cells[leader].tps_median)
			leader = (long)i;
	}
	if (leader < 0)
		return;
	tr_wu_md(d, "- **%s**", tr_wu_e(d, r->scenarios[s].label));
	if (name_workload)
		tr_wu_md(d, " (%s)", tr_wu_e(d, r->workloads[w].label));
	if (n == 1) {
		tr_wu_md(d, ": only %s has usable runs, median %s TPS.\n",
		         S_label(d, r->cells[leader].provider),
		         tr_wu_n(d, r->cells[leader].tps_median, TR_WU_TPS));
		return;
	}
	tr_wu_md(d, ": **%s** leads with %s median TPS.\n",
	         S_label(d, r->cells[leader].provider),
	         tr_wu_n(d, r->cells[leader].tps_median, TR_WU_TPS));
	for (size_t i = 0; i < r->ncomparisons; i++) {
		const tr_comparison *k = &r->comparisons[i];
		if (k->scenario != s || k->workload != w)
			continue;
		S_comparison_item(d, k);
		compared = true;
	}
	if (!compared)
		tr_wu_md(d, "  - The baseline, %s, has no usable runs here to compare with.\n",
		         S_label(d, r->baseline));
	S_ranges(d, s, w);
}

/* A sweep (several client/thread combinations of one transaction type):
 * counts and averages instead of one bullet per combination. */
static void S_summary_sweep(tr_wu_doc *d, size_t s, const size_t *ws, size_t nw)
{
	const tr_results *r = d->r;
	size_t sig = 0, tested = 0, short_of_runs = 0, needed = 0;
	size_t *wins = tr_calloc(r->nproviders + 1, sizeof(size_t));
	if (!wins) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t k = 0; k < nw; k++) {
		long best = -1;
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			if (c->scenario == s && c->workload == ws[k] &&
			    (best < 0 || c->tps_median > r->cells[best].tps_median))
				best = (long)i;
		}
		if (best >= 0)
			wins[r->cells[best].provider]++;
	}
	for (size_t i = 0; i < r->ncomparisons; i++)
		if (r->comparisons[i].scenario == s) {
			const tr_comparison *k = &r->comparisons[i];
			tested++;
			sig += k->significant;
			needed = k->runs_needed;
			short_of_runs += k->runs_needed > k->n_baseline || k->runs_needed > k->n_provider;
		}
	tr_wu_md(d, "- **%s** (%zu workloads: client/thread combinations): highest median "
	            "TPS", tr_wu_e(d, r->scenarios[s].label), nw);
	for (size_t p = 0, first = 1; p < r->nproviders; p++)
		if (wins[p]) {
			tr_wu_md(d, "%s %s in %zu", first ? "" : ",", S_label(d, p), wins[p]);
			first = 0;
		}
	tr_wu_md(d, ".");
	if (tested)
		tr_wu_md(d, " Against the baseline %s, %zu of %zu differences are significant%s.",
		         S_label(d, r->baseline), sig, tested,
		         short_of_runs == tested
		         ? tr_wu_keep(d, tr_sprintf(" (too few runs for any to be: the exact test "
		                                    "needs %zu per side)", needed))
		         : "");
	for (size_t i = 0, first = 1; i < r->nsweeps; i++) {
		const tr_sweep_avg *a = &r->sweeps[i];
		if (a->scenario != s)
			continue;
		tr_wu_md(d, "%s %s %s %s TPS", first ? " Average over the combinations:" : ";",
		         S_label(d, a->provider), tr_wu_e(d, a->short_type),
		         tr_wu_n(d, a->tps_avg, TR_WU_TPS));
		first = 0;
	}
	tr_wu_md(d, "%s\n", r->nsweeps ? "." : "");
	free(wins);
}

void tr_wu_section_summary(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool many = tr_wu_many_workloads(r);
	if (r->ncells == 0)
		return;
	tr_wu_md(d, "\n## Summary\n\n");
	for (size_t s = 0; s < r->nscenarios; s++) {
		size_t nw, *ws = tr_wu_scenario_workloads(r, s, &nw);
		if (!ws) {
			d->rc = TR_ENOMEM;
			return;
		}
		if (nw > 3)
			S_summary_sweep(d, s, ws, nw);
		else
			for (size_t k = 0; k < nw; k++)
				S_summary_group(d, s, ws[k], many);
		free(ws);
	}
	tr_wu_md(d, "\nMedian TPS is the median of each provider's runs. Differences "
	            "are against the baseline, %s; a difference is significant when an "
	            "exact two-sided Mann-Whitney U test on the runs' TPS gives p "
	            "\xe2\x89\xa4 %s after Holm's correction for the study's %zu "
	            "comparison%s (p and n as benchstat shows them: ~ means not "
	            "significant, n counts the runs of each side).\n",
	         S_label(d, r->baseline), tr_wu_n(d, r->alpha, TR_WU_EXACT),
	         r->ncomparisons, r->ncomparisons == 1 ? "" : "s");
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
		tr_wu_md(d, " (the \\[fx\\] rates of tpsreport.ini).\n");
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
