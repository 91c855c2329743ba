/* sections_summary.c: {{section summary}}, the finding first. One
 * sentence per scenario (per workload, when a scenario has a few): who
 * leads, by how much, how sure; a sweep gets one sentence from its paired
 * test. Then the TPS chart, then the caveats that hold for the whole study,
 * said once. Magnitude and verdict always go together: "+9.0% (p=0.600,
 * n=3+3)". */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *S_label(tr_wu_doc *d, size_t provider)
{
	return tr_wu_e(d, d->r->providers[provider].label);
}

/* ", not significant" / ", significant"; nothing when untested (the
 * parenthesis already says so). */
static const char *S_verdict(const tr_comparison *k)
{
	if (isnan(k->p_adjusted))
		return "";
	return k->significant ? ", significant" : ", not significant";
}

/* "; the runs do not overlap" when every run of the leader is faster than
 * every run of the other (both with 2 runs or more). */
static void S_overlap(tr_wu_doc *d, const tr_cell *lead, const tr_cell *other)
{
	if (lead->nruns < 2 || other->nruns < 2)
		return;
	tr_wu_md(d, "; %s", lead->tps_min > other->tps_max ? "the runs do not overlap"
	                                                   : "the runs overlap");
}

/* "median", "best-run", "worst-run": what the TPS figures are. */
static const char *S_pick(const tr_results *r)
{
	return r->run_pick == TR_RUNS_BEST ? "best-run"
	       : r->run_pick == TR_RUNS_WORST ? "worst-run" : "median";
}

/* The others, each against the baseline: "; C: -3.0% (p=1.000, n=3+3)". */
static void S_others(tr_wu_doc *d, size_t s, size_t w, size_t skip)
{
	const tr_results *r = d->r;
	for (size_t i = 0; i < r->ncomparisons; i++) {
		const tr_comparison *k = &r->comparisons[i];
		const tr_cell *c = &r->cells[k->cell], *b = &r->cells[k->baseline_cell];
		if (k->scenario != s || k->workload != w || k->provider == skip)
			continue;
		tr_wu_md(d, "; %s against %s: %s", S_label(d, k->provider), S_label(d, k->baseline),
		         tr_wu_verdict_text(d, (c->tps_headline / b->tps_headline - 1) * 100.0, k));
	}
}

/* The runner-up of scenario s, workload w, leader excluded: -1 if none. */
static long S_runner_up(const tr_results *r, size_t s, size_t w, size_t lead)
{
	long best = -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->scenario != s || c->workload != w || i == lead)
			continue;
		if (best < 0 || c->tps_headline > r->cells[best].tps_headline)
			best = (long)i;
	}
	return best;
}

/* How many providers have a cell in scenario s, workload w. */
static size_t S_providers_with_runs(const tr_results *r, size_t s, size_t w)
{
	size_t n = 0;
	for (size_t i = 0; i < r->ncells; i++)
		n += r->cells[i].scenario == s && r->cells[i].workload == w;
	return n;
}

/* A place without a comparison: only one provider ran it, or the baseline
 * did not (then nothing is said from the baseline it lacks). */
static void S_uncompared(tr_wu_doc *d, size_t s, size_t w, const tr_cell *L)
{
	const tr_results *r = d->r;
	size_t n = S_providers_with_runs(r, s, w);
	if (n <= 1) {
		tr_wu_md(d, ": only %s has usable runs to compare (%s %s TPS).\n",
		         S_label(d, L->provider), tr_wu_n(d, L->tps_headline, TR_WU_TPS), S_pick(r));
		return;
	}
	tr_wu_md(d, ": %zu providers ran it, but not the baseline, %s: not compared (the "
	            "highest, %s, %s %s TPS).\n", n, S_label(d, tr_results_baseline_of(r, (long)s)),
	         S_label(d, L->provider), tr_wu_n(d, L->tps_headline, TR_WU_TPS), S_pick(r));
}

/* Each cell of a provider with runs but not one comparison, in plain
 * words: "AWS Aurora ran 4 vCPU / 16 GB in ~100 GB, which the baseline,
 * B, did not run: not compared." */
static void S_never_compared(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	/* per provider: 1 has cells, 2 compared (one pass over each list) */
	unsigned char *seen = tr_calloc(r->nproviders + 1, 1);
	if (!seen) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t i = 0; i < r->ncells; i++)
		seen[r->cells[i].provider] |= 1;
	for (size_t i = 0; i < r->ncomparisons; i++) {
		seen[r->comparisons[i].provider] |= 2;
		seen[r->comparisons[i].baseline] |= 2;
	}
	for (size_t i = 0; i < r->ncells && r->nproviders > 1; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_workload *w = &r->workloads[c->workload];
		size_t base = tr_results_baseline_of(r, (long)c->scenario);
		if (seen[c->provider] != 1 || c->provider == base)
			continue;
		/* cells are sorted by scenario, workload, provider: a provider's
		 * cells are not side by side, so each gets its own line */
		tr_wu_md(d, "- %s ran %s in %s, which the baseline, %s, did not run: not "
		            "compared.\n", S_label(d, c->provider),
		         tr_wu_e(d, w->machine ? w->machine : w->label),
		         tr_wu_e(d, r->scenarios[c->scenario].label), S_label(d, base));
	}
	free(seen);
}

/* "- **S**: **L** leads B by +9.0% (p=0.600, n=3+3), not significant;
 *  2,561.3 vs 2,339.7 median TPS; the runs do not overlap." */
static void S_sentence(tr_wu_doc *d, size_t s, size_t w, bool name_workload)
{
	const tr_results *r = d->r;
	long lead = -1, other;
	const tr_comparison *k;
	double gap;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->scenario == s && c->workload == w &&
		    (lead < 0 || c->tps_headline > r->cells[lead].tps_headline))
			lead = (long)i;
	}
	if (lead < 0)
		return;
	tr_wu_md(d, "- **%s**", tr_wu_e(d, r->scenarios[s].label));
	if (name_workload)
		tr_wu_md(d, " (%s)", tr_wu_e(d, r->workloads[w].label));
	const tr_cell *L = &r->cells[lead];
	size_t base = tr_results_baseline_of(r, (long)s);
	if (L->provider == base)
		other = S_runner_up(r, s, w, (size_t)lead);
	else
		other = tr_results_cell(r, base, s, w);
	k = other < 0 ? NULL
	              : tr_wu_comparison(r, L->provider == base ? r->cells[other].provider
	                                                        : L->provider, s, w);
	if (r->nproviders == 1) {
		tr_wu_md(d, ": %s %s TPS (%zu run%s).\n", tr_wu_n(d, L->tps_headline, TR_WU_TPS),
		         S_pick(r), L->nruns, L->nruns == 1 ? "" : "s");
		return;
	}
	if (other < 0 || !k) {
		S_uncompared(d, s, w, L);
		return;
	}
	const tr_cell *O = &r->cells[other];
	/* The leader's gap over the other, in the figures that stand for the
	 * cells ([study] runs); the test is over every run either way. */
	gap = (L->tps_headline / O->tps_headline - 1) * 100.0;
	tr_wu_md(d, ": **%s** leads %s by %s%s; %s vs %s %s TPS",
	         S_label(d, L->provider), S_label(d, O->provider),
	         tr_wu_verdict_text(d, gap, k), S_verdict(k),
	         tr_wu_n(d, L->tps_headline, TR_WU_TPS), tr_wu_n(d, O->tps_headline, TR_WU_TPS),
	         S_pick(r));
	S_overlap(d, L, O);
	S_others(d, s, w, L->provider == base ? O->provider : L->provider);
	tr_wu_md(d, ".\n");
}

/* A sweep's paired test: "- **S** (4 client/thread combinations of
 * TPC-B): **A** is faster than B in 3 of 4 (B's median gap -9.6%, p=0.375,
 * 4 pairs), not significant." */
static void S_sweep_sentence(tr_wu_doc *d, size_t s, const char *type, bool name_type)
{
	const tr_results *r = d->r;
	bool first = true;
	for (size_t i = 0; i < r->nsweeps; i++) {
		const tr_sweep_avg *a = &r->sweeps[i];
		const tr_paired *t = &a->paired;
		bool ahead;
		if (a->scenario != s || strcmp(a->short_type, type) != 0 || !t->present)
			continue;
		if (first) {
			tr_wu_md(d, "- **%s** (%zu client/thread combinations%s%s): ",
			         tr_wu_e(d, r->scenarios[s].label), t->pairs, name_type ? " of " : "",
			         name_type ? tr_wu_e(d, type) : "");
		} else {
			tr_wu_md(d, "; ");
		}
		first = false;
		ahead = t->test.positive >= t->test.negative;
		tr_wu_md(d, "**%s** is faster than %s in %zu of %zu (%s's median gap %s, p=%s, "
		            "%zu pairs%s), %s",
		         S_label(d, ahead ? a->provider : t->baseline),
		         S_label(d, ahead ? t->baseline : a->provider),
		         ahead ? t->test.positive : t->test.negative, t->pairs,
		         S_label(d, a->provider), tr_wu_n(d, t->gap_median_pct, TR_WU_GAP),
		         tr_wu_n(d, t->p_adjusted, TR_WU_P), t->pairs,
		         t->test.exact ? "" : ", normal approximation",
		         isnan(t->p_adjusted) ? "not tested"
		                              : t->significant ? "significant" : "not significant");
		if (t->test.zeros)
			tr_wu_md(d, " (%zu equal)", t->test.zeros);
	}
	if (!first)
		tr_wu_md(d, ".\n");
}

/* Whether workload w of scenario s is one of a sweep with a paired test. */
static bool S_in_sweep(const tr_results *r, size_t s, size_t w)
{
	for (size_t i = 0; i < r->nsweeps; i++)
		if (r->sweeps[i].scenario == s && r->sweeps[i].paired.present &&
		    strcmp(r->sweeps[i].short_type, r->workloads[w].short_type) == 0)
			return true;
	return false;
}

static void S_scenario(tr_wu_doc *d, size_t s, bool many)
{
	const tr_results *r = d->r;
	size_t nw, *ws = tr_wu_scenario_workloads(r, s, &nw), ntypes = 0;
	if (!ws) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t k = 0; k < nw; k++) {
		bool seen = false;
		for (size_t j = 0; j < k; j++)
			seen |= strcmp(r->workloads[ws[j]].short_type, r->workloads[ws[k]].short_type) == 0;
		ntypes += !seen;
	}
	for (size_t k = 0; k < nw; k++) {
		bool seen = false;
		if (!S_in_sweep(r, s, ws[k])) {
			/* the workload tells a scenario's sentences apart; where the
			 * scenario ran one, the test setup names it */
			S_sentence(d, s, ws[k], many && nw > 1);
			continue;
		}
		for (size_t j = 0; j < k; j++)
			seen |= S_in_sweep(r, s, ws[j]) &&
			        strcmp(r->workloads[ws[j]].short_type, r->workloads[ws[k]].short_type) == 0;
		if (!seen)
			S_sweep_sentence(d, s, r->workloads[ws[k]].short_type, ntypes > 1);
	}
	free(ws);
}

/* Runs per cell: smallest and largest. */
static void S_runs_range(const tr_results *r, size_t *lo, size_t *hi)
{
	*lo = SIZE_MAX;
	*hi = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		if (r->cells[i].nruns < *lo)
			*lo = r->cells[i].nruns;
		if (r->cells[i].nruns > *hi)
			*hi = r->cells[i].nruns;
	}
}

/* The caveats that hold for the whole study, once. */
static void S_caveats(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t lo, hi, short_of = 0, needed = 0, npaired = 0, min_pairs = SIZE_MAX;
	bool mw = false; /* a sentence above reports a Mann-Whitney test */
	for (size_t i = 0; i < r->ncomparisons; i++) {
		const tr_comparison *k = &r->comparisons[i];
		needed = k->runs_needed;
		short_of += k->runs_needed > k->n_baseline || k->runs_needed > k->n_provider;
	}
	for (size_t i = 0; i < r->nsweeps; i++)
		if (r->sweeps[i].paired.present && !isnan(r->sweeps[i].paired.test.p)) {
			npaired++;
			if (r->sweeps[i].paired.test.n < min_pairs)
				min_pairs = r->sweeps[i].paired.test.n;
		}
	for (size_t i = 0; i < r->ncells; i++)
		mw |= !S_in_sweep(r, r->cells[i].scenario, r->cells[i].workload);
	S_runs_range(r, &lo, &hi);
	tr_wu_md(d, "\n");
	if (lo == hi)
		tr_wu_md(d, "%zu run%s per cell", lo, lo == 1 ? "" : "s");
	else
		tr_wu_md(d, "%zu to %zu runs per cell", lo, hi);
	if (r->run_pick != TR_RUNS_MEDIAN)
		tr_wu_md(d, "; each cell's figure is its %s run, the tests use every run",
		         r->run_pick == TR_RUNS_BEST ? "best" : "worst");
	tr_wu_md(d, "; differences are against the baseline, %s", tr_wu_baseline_name(d, -1, tr_wu_e));
	if (mw && !tr_wu_explained(d, TR_WU_EXPLAINED_TEST))
		tr_wu_md(d, "; p is an exact two-sided Mann-Whitney U test on the runs' TPS, "
		            "Holm-adjusted over %zu comparison%s; n counts the runs of each side",
		         r->ncomparisons, r->ncomparisons == 1 ? "" : "s");
	tr_wu_md(d, ".");
	if (!mw)
		short_of = 0;
	if (short_of == r->ncomparisons && short_of)
		tr_wu_md(d, " No single difference can be significant: the exact test needs %zu "
		            "runs per side to reach p \xe2\x89\xa4 %s.", needed,
		         tr_wu_n(d, r->alpha, TR_WU_EXACT));
	else if (short_of)
		tr_wu_md(d, " %zu of the %zu differences cannot be significant: the exact test "
		            "needs %zu runs per side to reach p \xe2\x89\xa4 %s.", short_of,
		         r->ncomparisons, needed, tr_wu_n(d, r->alpha, TR_WU_EXACT));
	if (npaired) {
		double min_p = ldexp(2.0, -(int)(min_pairs > 1000 ? 1000 : min_pairs));
		tr_wu_md(d, " Across a sweep, p is a Wilcoxon signed-rank test on the "
		            "combinations' median TPS, Holm-adjusted over %zu such test%s",
		         npaired, npaired == 1 ? "" : "s");
		if (min_p * (double)npaired > r->alpha)
			tr_wu_md(d, "; with %zu combinations it cannot go below %s", min_pairs,
			         tr_wu_n(d, min_p, TR_WU_P));
		tr_wu_md(d, ".");
	}
	tr_wu_md(d, "\n");
}

void tr_wu_section_summary(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool many = tr_wu_many_workloads(r);
	size_t before;
	if (r->ncells == 0)
		return;
	tr_wu_md(d, "\n## Summary\n\n");
	for (size_t s = 0; s < r->nscenarios && d->rc == 0; s++)
		S_scenario(d, s, many);
	S_never_compared(d);
	tr_wu_summary_dips(d);
	before = d->nblocks;
	tr_wu_emit_charts(d, "tps", -1, NULL);
	if (d->nblocks == before)
		tr_wu_emit_charts(d, "sweep", -2, NULL);
	if (r->ncomparisons)
		S_caveats(d);
}
