/* sections_results.c: the sections of figures: results per scenario,
 * stability, per-transaction latency, init phases, price-performance and
 * the closing table. A section with no data writes nothing; charts are
 * placed where their section is, each once. */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool S_scenario_has_cells(const tr_results *r, size_t s)
{
	for (size_t c = 0; c < r->ncells; c++)
		if (r->cells[c].scenario == s)
			return true;
	return false;
}

/* "in memory for AWS (8 GB RAM); disk-bound for B (4 GB RAM)", or "in
 * memory for every provider" when they share one regime. */
static void S_regimes(tr_wu_doc *d, size_t s)
{
	const tr_results *r = d->r;
	const tr_scenario_result *sc = &r->scenarios[s];
	bool any = false, same = r->nproviders > 1;
	for (size_t p = 1; p < r->nproviders; p++)
		same &= sc->regimes[p] == sc->regimes[0];
	if (same && (int)sc->regimes[0] >= TR_REGIME_IN_MEMORY &&
	    (int)sc->regimes[0] <= TR_REGIME_DISK_BOUND) {
		tr_wu_md(d, ": %s for %s", tr_regime_name(sc->regimes[0]),
		         r->nproviders == 2 ? "both providers" : "every provider");
		return;
	}
	for (int g = TR_REGIME_IN_MEMORY; g <= TR_REGIME_DISK_BOUND; g++) {
		bool first = true;
		for (size_t p = 0; p < r->nproviders; p++) {
			if ((int)sc->regimes[p] != g)
				continue;
			if (first)
				tr_wu_md(d, "%s%s for ", any ? "; " : ": ", tr_regime_name((tr_regime)g));
			tr_wu_md(d, "%s%s (%s GB RAM)", first ? "" : ", ",
			         tr_wu_e(d, r->providers[p].label),
			         tr_wu_n(d, r->providers[p].ram_gb, TR_WU_EXACT));
			first = false;
			any = true;
		}
	}
}

/* Whether an earlier scenario had the same scale and regimes: its
 * sentence said this one's already (a sweep has many per scale). */
static bool S_said_before(const tr_results *r, size_t s)
{
	for (size_t e = 0; e < s; e++) {
		bool same = S_scenario_has_cells(r, e) &&
		            r->scenarios[e].scale == r->scenarios[s].scale;
		for (size_t p = 0; same && p < r->nproviders; p++)
			same = r->scenarios[e].regimes[p] == r->scenarios[s].regimes[p];
		if (same)
			return true;
	}
	return false;
}

void tr_wu_section_scenario(tr_wu_doc *d, size_t s)
{
	const tr_results *r = d->r;
	const tr_scenario_result *sc = &r->scenarios[s];
	if (!S_scenario_has_cells(r, s))
		return;
	tr_wu_md(d, "\n### %s\n\n", tr_wu_e(d, sc->label));
	if (sc->scale >= 0 && !S_said_before(r, s)) {
		tr_wu_md(d, "Scale %s", tr_wu_n(d, (double)sc->scale, TR_WU_COUNT));
		/* the methodology's list gave the size of every scenario */
		if (isfinite(sc->data_bytes) && !(d->explained & TR_WU_SAID_SCALE))
			tr_wu_md(d, ", %s%s of data%s", sc->data_measured ? "" : "about ",
			         tr_wu_n(d, sc->data_bytes, TR_WU_BYTES),
			         sc->data_measured ? " (measured after loading)"
			         : tr_wu_explained(d, TR_WU_EXPLAINED_SIZE) ? ""
			         : " (scale \xc3\x97 15 MiB)");
		S_regimes(d, s);
		tr_wu_md(d, ".\n\n");
	}
	tr_wu_table_tps(d, (long)s);
	tr_wu_emit_charts(d, "tps", (long)s, NULL);
	tr_wu_emit_charts(d, "latency", (long)s, NULL);
	tr_wu_emit_charts(d, "sweep", (long)s, NULL);
	tr_wu_section_waits(d, s);
}

/* Whether some cell has more than one run (whiskers to speak of). */
static bool S_any_spread(const tr_results *r)
{
	for (size_t c = 0; c < r->ncells; c++)
		if (r->cells[c].nruns > 1)
			return true;
	return false;
}

void tr_wu_section_results(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	if (r->ncells == 0)
		return;
	tr_wu_md(d, "\n## TPS and latency\n\n");
	tr_wu_md(d, "TPS and latency average are pgbench's own end-of-run figures "
	            "(TPS without the initial connection time)%s.\n",
	         !S_any_spread(r) ? "; every cell has one run, so the charts show that run"
	         : r->run_pick == TR_RUNS_BEST ? "; the TPS chart shows the best run of each "
	                                          "cell with the slowest and fastest run as whiskers"
	         : r->run_pick == TR_RUNS_WORST ? "; the TPS chart shows the worst run of each "
	                                           "cell with the slowest and fastest run as whiskers"
	         : tr_wu_explained(d, TR_WU_EXPLAINED_TPS)
	             ? "; the charts show the median of each cell's runs with the slowest "
	               "and fastest run as whiskers"
	             : ". Charts and tables show the median of each cell's runs, with the "
	               "slowest and fastest run beside it (the charts' whiskers); the "
	               "highest median TPS of each scenario is in bold");
	tr_wu_emit_charts(d, "tps", -1, NULL);
	tr_wu_emit_charts(d, "latency", -1, NULL);
	for (size_t s = 0; s < r->nscenarios; s++)
		tr_wu_section_scenario(d, s);
	d->explained |= TR_WU_SAID_TPS;
}

/* The window length of scenario s's cells; NaN when none, or when its
 * cells differ (then only a column can say it). */
static double S_scenario_window(const tr_results *r, size_t s, bool *mixed)
{
	double iv = NAN;
	for (size_t c = 0; c < r->ncells; c++) {
		const tr_stability *w = &r->cells[c].worst;
		if (r->cells[c].scenario != s || !w->present)
			continue;
		if (isnan(iv))
			iv = w->interval_s;
		else if (iv != w->interval_s)
			*mixed = true;
	}
	return iv;
}

/* "2-s windows (1-s in bench1-txlog)": the commonest length, then the
 * scenarios that differ (a table column said it on every row); NULL
 * when some scenario mixes lengths. */
static const char *S_window_words(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	double *iv = tr_calloc(r->nscenarios + 1, sizeof(double));
	double best = NAN;
	size_t best_n = 0, nother = 0;
	bool mixed = false;
	tr_buf b = TR_BUF_INIT;
	if (!iv) {
		d->rc = TR_ENOMEM;
		return NULL;
	}
	for (size_t s = 0; s < r->nscenarios; s++)
		iv[s] = S_scenario_window(r, s, &mixed);
	for (size_t s = 0; s < r->nscenarios && !mixed; s++) {
		size_t n = 0;
		for (size_t k = 0; k < r->nscenarios; k++)
			n += iv[k] == iv[s];
		if (!isnan(iv[s]) && n > best_n) {
			best = iv[s];
			best_n = n;
		}
	}
	if (!mixed && !isnan(best)) {
		tr_buf_printf(&b, "%s-s windows", tr_wu_n(d, best, TR_WU_EXACT));
		for (size_t s = 0; s < r->nscenarios; s++)
			if (!isnan(iv[s]) && iv[s] != best)
				tr_buf_printf(&b, "%s%s-s in %s", nother++ ? ", " : " (",
				              tr_wu_n(d, iv[s], TR_WU_EXACT),
				              tr_wu_e(d, tr_wu_short_scenario(r, s)));
		tr_buf_puts(&b, nother ? ")" : "");
	}
	free(iv);
	if (b.size)
		return tr_wu_keep_buf(d, &b);
	tr_buf_free(&b);
	return NULL;
}

void tr_wu_section_stability(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool any = false;
	double iv = tr_wu_window_interval(r);
	for (size_t c = 0; c < r->ncells; c++)
		any |= r->cells[c].worst.present;
	if (!any)
		return;
	tr_wu_md(d, "\n## Stability\n\n");
	const char *win = isfinite(iv)
		? tr_wu_keep(d, tr_sprintf("%s-s", tr_wu_n(d, iv, TR_WU_EXACT)))
		: NULL;
	const char *lengths = win ? NULL : S_window_words(d);
	if (lengths)
		d->explained |= TR_WU_SAID_WINDOW;
	tr_wu_explained(d, TR_WU_EXPLAINED_STABILITY);
	tr_wu_md(d, "A median hides what happens during a run: each run's TPS and "
	            "latency over %s%s show how steady it was. The "
	            "coefficient of variation (CoV) is the spread of window TPS "
	            "around the run's mean, lower is steadier; the deepest dip, "
	            "the slowest window against that mean; the p95 of %s%swindow "
	            "averages, the 95th percentile of the windows' *average* "
	            "latencies, not of individual transactions.\n",
	         win ? win : lengths ? lengths : "short time windows (their length is in the table)",
	         win ? " windows" : "", win ? win : "", win ? " " : "");
	tr_wu_table_stability(d, -1);
	tr_wu_emit_charts(d, "cov", -2, NULL);
	tr_wu_emit_charts(d, "p95", -2, NULL);
	for (size_t s = 0; s < r->nscenarios; s++)
		tr_wu_emit_charts(d, "timeline", (long)s, NULL);
	tr_wu_emit_charts(d, "timeline", -2, NULL);
}

void tr_wu_section_latency(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool any = false;
	for (size_t c = 0; c < r->ncells; c++)
		any |= r->cells[c].latency.present;
	if (!any && tr_wu_pgb_latency_only(r, -1)) {
		tr_wu_md(d, "\n## Latency percentiles (PostgresBench)\n\n");
		tr_wu_md(d, "These runs come from PostgresBench's result files, without "
		            "their per-transaction logs: the p95 and p99 below are "
		            "PostgresBench's own, computed by its rule, not this report's.\n");
		tr_wu_table_latency(d, -1);
		return;
	}
	if (!any)
		return;
	tr_wu_md(d, "\n## Per-transaction latency\n\n");
	tr_wu_md(d, "Where pgbench logged every transaction (--log without "
	            "--aggregate-interval), the latency of each transaction is known, "
	            "and these are its percentiles: the p95 here is the p95 of "
	            "transactions.\n");
	d->explained |= TR_WU_EXPLAINED_TXLOG;
	tr_wu_table_latency(d, -1);
	tr_wu_emit_charts(d, "percentiles", -2, NULL);
}

void tr_wu_section_init(tr_wu_doc *d)
{
	if (d->r->ninits == 0)
		return;
	tr_wu_md(d, "\n## Loading the data (pgbench -i)\n\n");
	tr_wu_md(d, "Not part of the TPS runs, but each server's throughput under "
	            "sequential load: generating rows, vacuuming, building primary "
	            "keys.\n");
	d->explained |= TR_WU_EXPLAINED_INIT;
	tr_wu_table_init_phases(d, -1);
	tr_wu_emit_charts(d, "init", -2, NULL);
}

/* One sentence per provider: the range of its value against the
 * baseline over the scenarios; the table below has each figure (a bullet
 * per scenario said the table over again). */
static void S_value_ranges(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	for (size_t p = 0; p < r->nproviders; p++) {
		double lo = INFINITY, hi = -INFINITY;
		size_t n = 0, base = 0;
		for (size_t i = 0; i < r->ncomparisons; i++) {
			const tr_comparison *k = &r->comparisons[i];
			if (k->provider != p || !isfinite(k->value_ratio))
				continue;
			lo = fmin(lo, k->value_ratio);
			hi = fmax(hi, k->value_ratio);
			base = k->baseline;
			n++;
		}
		if (n == 0)
			continue;
		tr_wu_md(d, "- %s delivers **%s**", tr_wu_e(d, r->providers[p].label),
		         tr_wu_n(d, lo, TR_WU_RATIO));
		if (n > 1 && strcmp(tr_wu_n(d, lo, TR_WU_RATIO), tr_wu_n(d, hi, TR_WU_RATIO)) != 0)
			tr_wu_md(d, " to **%s**", tr_wu_n(d, hi, TR_WU_RATIO));
		tr_wu_md(d, " as many transactions per %s as %s%s.\n", tr_wu_e(d, r->currency),
		         tr_wu_e(d, r->providers[base].label),
		         n > 1 ? ", depending on the scenario" : "");
	}
}

void tr_wu_section_price(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool any = false;
	for (size_t c = 0; c < r->ncells; c++)
		any |= isfinite(r->cells[c].cost_per_tps);
	if (!any)
		return;
	tr_wu_md(d, "\n## Price-performance\n\n");
	tr_wu_md(d, "What a month of each provider costs per transaction per second: "
	            "the monthly price in %s divided by the median TPS.\n\n",
	         tr_wu_e(d, r->currency ? r->currency : ""));
	d->explained |= TR_WU_EXPLAINED_COST;
	if (tr_wu_chart_pending(d, "value"))
		d->explained |= TR_WU_SAID_PER100;
	S_value_ranges(d);
	tr_wu_table_value(d, -1);
	tr_wu_emit_charts(d, "cost", -2, NULL);
	tr_wu_emit_charts(d, "value", -2, NULL);
}

void tr_wu_section_closing(tr_wu_doc *d)
{
	if (d->r->ncells == 0)
		return;
	tr_wu_md(d, "\n## All scenarios at a glance\n\n");
	tr_wu_table_closing(d);
}
