/* sections_method.c: the methodology as the runs themselves tell it
 * (pgbench version, workloads, durations, runs per cell, scales, windows)
 * and every finding of `tpsreport check`. Nothing here comes from the
 * author: it is what the files say. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Distinct strings, in order of first appearance (at most max). */
static size_t S_add(const char **set, size_t n, size_t max, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(set[i], s) == 0)
			return n;
	if (n < max)
		set[n++] = s;
	return n;
}

static void S_versions(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	const char *v[16];
	size_t n = 0;
	bool unknown = false;
	for (size_t i = 0; i < r->nruns; i++) {
		if (r->runs[i].excluded)
			continue;
		if (r->runs[i].pgbench_version)
			n = S_add(v, n, TR_ARRAY_SIZE(v), r->runs[i].pgbench_version);
		else
			unknown = true;
	}
	tr_wu_md(d, "- **pgbench**: ");
	for (size_t i = 0; i < n; i++)
		tr_wu_md(d, "%s%s", i ? ", " : "", tr_wu_e(d, v[i]));
	if (unknown)
		tr_wu_md(d, "%snot printed by some runs (pgbench 10\xe2\x80\x93" "13 do not print "
		            "their version)", n ? "; " : "");
	tr_wu_md(d, "%s\n", n > 1 ? " (different versions: see the findings below)" : "");
}

/* The workloads in the order of the scenarios, each once. */
static void S_workloads(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t n = 0;
	bool *shown = tr_calloc(r->nworkloads + 1, sizeof(bool));
	if (!shown) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t s = 0; s < r->nscenarios && n <= 8; s++) {
		size_t nw, *ws = tr_wu_scenario_workloads(r, s, &nw);
		if (!ws) {
			d->rc = TR_ENOMEM;
			break;
		}
		for (size_t k = 0; k < nw && n <= 8; k++) {
			if (shown[ws[k]])
				continue;
			shown[ws[k]] = true;
			if (n == 8) {
				tr_wu_md(d, ", and more (see the tables)");
				n++;
				break;
			}
			tr_wu_md(d, "%s%s", n ? "; " : "- **Workload** (transaction type, clients, "
			                                "threads, query mode): ",
			         tr_wu_e(d, r->workloads[ws[k]].label));
			n++;
		}
		free(ws);
	}
	free(shown);
	if (n)
		tr_wu_md(d, "\n");
}

/* Up to 8 distinct durations of a scenario's usable runs (-1: -t). */
typedef struct {
	int seen[8];
	size_t n;
} S_durs;

/* "20 s" or "10 s, 20 s"; NULL for a scenario without a usable run. */
static const char *S_duration_text(tr_wu_doc *d, const S_durs *ds)
{
	tr_buf b = TR_BUF_INIT;
	if (ds->n == 0)
		return NULL;
	for (size_t k = 0; k < ds->n; k++) {
		if (k)
			tr_buf_puts(&b, ", ");
		if (ds->seen[k] < 0)
			tr_buf_puts(&b, "a fixed number of transactions (-t)");
		else
			tr_buf_printf(&b, "%s s", tr_wu_n(d, ds->seen[k], TR_WU_COUNT));
	}
	return tr_wu_keep_buf(d, &b);
}

/* "20 s", or the commonest durations first and the scenarios that differ
 * after them: "20 s; 10 s in bench1-txlog", not every scenario's label.
 * One pass over the runs. */
static void S_durations(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	S_durs *ds = tr_calloc(r->nscenarios + 1, sizeof(*ds));
	const char **text = tr_calloc(r->nscenarios + 1, sizeof(*text));
	size_t best = SIZE_MAX, best_n = 0;
	if (!ds || !text) {
		free(ds);
		free(text);
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		S_durs *x = &ds[run->scenario];
		bool known = false;
		if (run->excluded)
			continue;
		for (size_t k = 0; k < x->n; k++)
			known |= x->seen[k] == run->duration_s;
		if (!known && x->n < TR_ARRAY_SIZE(x->seen))
			x->seen[x->n++] = run->duration_s;
	}
	for (size_t s = 0; s < r->nscenarios; s++)
		text[s] = S_duration_text(d, &ds[s]);
	for (size_t s = 0; s < r->nscenarios; s++) {
		size_t n = 0;
		for (size_t t = 0; t < r->nscenarios && text[s]; t++)
			n += text[t] && strcmp(text[s], text[t]) == 0;
		if (n > best_n) {
			best = s;
			best_n = n;
		}
	}
	if (best != SIZE_MAX) {
		tr_wu_md(d, "- **Duration of each run**: %s", text[best]);
		for (size_t s = 0; s < r->nscenarios; s++) {
			if (!text[s] || strcmp(text[s], text[best]) == 0)
				continue;
			tr_wu_md(d, "; %s in %s", text[s], tr_wu_e(d, tr_wu_short_scenario(r, s)));
		}
		tr_wu_md(d, "\n");
	}
	free(ds);
	free(text);
}

static void S_runs(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t lo = SIZE_MAX, hi = 0, excluded = 0;
	for (size_t c = 0; c < r->ncells; c++) {
		if (r->cells[c].nruns < lo)
			lo = r->cells[c].nruns;
		if (r->cells[c].nruns > hi)
			hi = r->cells[c].nruns;
	}
	for (size_t i = 0; i < r->nruns; i++)
		excluded += r->runs[i].excluded;
	if (hi == 0)
		return;
	if (lo == hi)
		tr_wu_md(d, "- **Runs per cell** (provider \xc3\x97 scenario \xc3\x97 workload): %zu", lo);
	else
		tr_wu_md(d, "- **Runs per cell** (provider \xc3\x97 scenario \xc3\x97 workload): %zu to %zu",
		         lo, hi);
	if (excluded)
		tr_wu_md(d, "; %zu run%s left out (see the notes on the data)", excluded,
		         excluded == 1 ? "" : "s");
	tr_wu_md(d, "\n");
}

/* Whether scenarios a and b have the same scale and data size (then
 * the list names them together: "bench1, bench1-select: scale 1"). */
static bool S_same_size(const tr_scenario_result *a, const tr_scenario_result *b)
{
	return a->scale == b->scale && a->scale_mixed == b->scale_mixed &&
	       a->data_measured == b->data_measured &&
	       (a->data_bytes == b->data_bytes || (isnan(a->data_bytes) && isnan(b->data_bytes)));
}

static void S_scales(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool any = false, estimated = false;
	bool *done = tr_calloc(r->nscenarios + 1, sizeof(bool));
	if (!done) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t s = 0; s < r->nscenarios; s++) {
		const tr_scenario_result *sc = &r->scenarios[s];
		if (done[s] || (sc->scale < 0 && isnan(sc->data_bytes)))
			continue;
		tr_wu_md(d, "%s %s", any ? ";" : "- **Scale** (pgbench -s) **and data size**:",
		         tr_wu_e(d, tr_wu_short_scenario(r, s)));
		for (size_t o = s + 1; o < r->nscenarios; o++)
			if (!done[o] && S_same_size(sc, &r->scenarios[o])) {
				done[o] = true;
				tr_wu_md(d, ", %s", tr_wu_e(d, tr_wu_short_scenario(r, o)));
			}
		if (sc->scale >= 0)
			tr_wu_md(d, ": scale %s", tr_wu_n(d, (double)sc->scale, TR_WU_COUNT));
		else if (sc->scale_mixed)
			tr_wu_md(d, ": mixed scales");
		else
			tr_wu_md(d, ": no runs");
		if (isfinite(sc->data_bytes))
			tr_wu_md(d, ", %s%s%s", sc->data_measured ? "" : "about ",
			         tr_wu_n(d, sc->data_bytes, TR_WU_BYTES),
			         sc->data_measured ? " measured after loading" : "");
		estimated |= isfinite(sc->data_bytes) && !sc->data_measured;
		any = true;
	}
	free(done);
	if (any) {
		tr_wu_md(d, "%s\n", estimated ? " (estimated sizes: scale \xc3\x97 15 MiB)" : "");
		d->explained |= TR_WU_SAID_SCALE | TR_WU_EXPLAINED_SIZE;
	}
}

static void S_windows(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool agg = false, prog = false;
	size_t tx = 0;
	double iv = tr_wu_window_interval(r);
	for (size_t c = 0; c < r->ncells; c++) {
		agg |= r->cells[c].worst.present && r->cells[c].worst.source == TR_WINDOWS_AGGREGATE;
		prog |= r->cells[c].worst.present && r->cells[c].worst.source == TR_WINDOWS_PROGRESS;
		tx += r->cells[c].latency.present;
	}
	if (agg || prog) {
		tr_wu_md(d, "- **Time windows**: ");
		if (isfinite(iv)) {
			tr_wu_md(d, "%s-s windows ", tr_wu_n(d, iv, TR_WU_EXACT));
		} else {
			/* Each length once, in order of appearance. */
			double seen[8];
			size_t n = 0;
			for (size_t c = 0; c < r->ncells; c++) {
				bool known = false;
				if (!r->cells[c].worst.present)
					continue;
				for (size_t k = 0; k < n; k++)
					known |= seen[k] == r->cells[c].worst.interval_s;
				if (!known && n < TR_ARRAY_SIZE(seen))
					seen[n++] = r->cells[c].worst.interval_s;
			}
			for (size_t k = 0; k < n; k++)
				tr_wu_md(d, "%s%s-s", k == 0 ? "" : k + 1 == n ? " and " : ", ",
				         tr_wu_n(d, seen[k], TR_WU_EXACT));
			tr_wu_md(d, " windows ");
		}
		tr_wu_md(d, "from %s%s%s; the first window of each run is left out "
		            "(partial, and it holds connection set-up)\n",
		         agg ? "aggregate logs (--aggregate-interval)" : "",
		         agg && prog ? " and " : "", prog ? "progress lines (-P)" : "");
	} else {
		tr_wu_md(d, "- **Time windows**: none (no aggregate logs or progress lines): "
		            "no stability figures\n");
	}
	if (tx)
		tr_wu_md(d, "- **Per-transaction logs** (--log): for %zu of %zu cells\n", tx, r->ncells);
}

static void S_statistics(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t npaired = 0;
	for (size_t i = 0; i < r->nsweeps; i++)
		npaired += r->sweeps[i].paired.present && !isnan(r->sweeps[i].paired.test.p);
	tr_wu_md(d, "- **Run selection**: %s; the tests below use every run\n",
	         r->run_pick == TR_RUNS_BEST
	             ? "the best run of each cell stands for it in the headline figures and "
	               "the TPS chart, and in the figures of the text: the highest TPS of "
	               "the runs for TPS, the lowest value of the runs for each latency "
	               "figure (PostgresBench's rule)"
	         : r->run_pick == TR_RUNS_WORST
	             ? "the worst run of each cell stands for it in the headline figures and "
	               "the TPS chart, and in the figures of the text: the lowest TPS of the "
	               "runs for TPS, the highest value of the runs for each latency figure"
	         : "the median of each cell's runs stands for it in the headline figures "
	           "and the charts");
	if (tr_wu_explained(d, TR_WU_EXPLAINED_TEST))
		tr_wu_md(d, "- **Statistics**: a cell's TPS is the median of its runs; a "
		            "difference is significant when its p is at most %s",
		         tr_wu_n(d, r->alpha, TR_WU_EXACT));
	else
		tr_wu_md(d, "- **Statistics**: a cell's TPS is the median of its runs; each "
		            "provider is compared with the baseline, %s, by an exact two-sided "
		            "Mann-Whitney U test on run TPS, Holm-adjusted over %zu comparison%s, "
		            "\xce\xb1 = %s",
		         tr_wu_baseline_name(d, -1, tr_wu_e), r->ncomparisons,
		         r->ncomparisons == 1 ? "" : "s", tr_wu_n(d, r->alpha, TR_WU_EXACT));
	if (npaired)
		tr_wu_md(d, "; across a sweep, by a two-sided Wilcoxon signed-rank test on "
		            "the combinations' median TPS (exact up to 50 pairs), "
		            "Holm-adjusted over the %zu paired test%s as a family of their own",
		         npaired, npaired == 1 ? "" : "s");
	tr_wu_md(d, "\n");
}

void tr_wu_section_methodology(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	if (r->nruns == 0)
		return;
	tr_wu_md(d, "\n## Methodology\n\nAs read from the runs' own output:\n\n");
	S_versions(d);
	S_workloads(d);
	S_durations(d);
	S_runs(d);
	S_scales(d);
	S_windows(d);
	if (r->nproviders > 1)
		S_statistics(d);
	tr_wu_section_findings(d);
}

/* The closing note's heading and what became of the runs; the reading
 * warnings are the author's business (stderr, `check`), not the reader's. */
void tr_wu_section_notes(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	size_t used = 0;
	for (size_t i = 0; i < r->nruns; i++)
		used += !r->runs[i].excluded;
	tr_wu_md(d, "\n## How this report was made\n\n");
	if (used == r->nruns)
		tr_wu_md(d, "From pgbench's own output of %s runs, all of them used.\n",
		         tr_wu_n(d, (double)r->nruns, TR_WU_COUNT));
	else
		tr_wu_md(d, "From pgbench's own output of %s runs, %s of them used.\n",
		         tr_wu_n(d, (double)r->nruns, TR_WU_COUNT),
		         tr_wu_n(d, (double)used, TR_WU_COUNT));
}
