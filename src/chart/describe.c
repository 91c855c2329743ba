/* describe.c: the title and the alt text of each chart. The alt text says
 * what the chart shows in one or two sentences with the numbers that
 * matter (who leads where, by how much), for aria-label and <img alt>. */

#include "chart_plan_internal.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At most this many groups are summarised; the rest are counted. */
#define S_MAX_SENTENCES 4

static const char *S_label(const tr_results *r, size_t s)
{
	return r->scenarios[s].label;
}

static char *S_title(const tr_chart_item *item, const tr_results *r)
{
	const char *cur = r->currency ? r->currency : "";
	tr_buf b = TR_BUF_INIT;
	long s = item->scenario, w = item->workload;
	switch (item->kind) {
	case TR_CHART_TPS:
		tr_buf_puts(&b, r->run_pick == TR_RUNS_BEST ? "Best-run TPS"
		                : r->run_pick == TR_RUNS_WORST ? "Worst-run TPS" : "Median TPS");
		break;
	case TR_CHART_LATENCY: tr_buf_puts(&b, "Average latency"); break;
	case TR_CHART_P95: tr_buf_puts(&b, "p95 of window mean latency"); break;
	case TR_CHART_COV: tr_buf_puts(&b, "TPS variation over time (CoV)"); break;
	case TR_CHART_COST: tr_buf_puts(&b, "Monthly cost per TPS"); break;
	case TR_CHART_VALUE: tr_buf_printf(&b, "TPS per 100 %s a month", cur); break;
	case TR_CHART_INIT: tr_buf_puts(&b, "Init time by phase (pgbench -i)"); break;
	case TR_CHART_TIMELINE: tr_buf_puts(&b, "Window TPS over time"); break;
	case TR_CHART_PERCENTILES:
		tr_buf_puts(&b, "Transaction latency by percentile");
		break;
	case TR_CHART_SWEEP:
		tr_buf_printf(&b, "%s: TPS and latency by number of clients",
		              r->workloads[w].short_type);
		break;
	}
	if (s >= 0)
		tr_buf_printf(&b, " in %s", S_label(r, (size_t)s));
	else if (tr_chart_is_bars(item->kind) && r->nscenarios > 1)
		tr_buf_puts(&b, " by scenario");
	else if (tr_chart_is_bars(item->kind) && r->nscenarios == 1)
		tr_buf_printf(&b, " in %s", S_label(r, 0));
	if (s >= 0 && w >= 0 && item->kind != TR_CHART_SWEEP &&
	    tr_chart_workloads_with(r, item->kind, (size_t)s) > 1)
		tr_buf_printf(&b, ", %s", r->workloads[w].label);
	return tr_buf_detach(&b);
}

/* ---- alt texts --------------------------------------------------------- */

static void S_num(tr_buf *b, double v, int decimals)
{
	char *t = tr_numstr_short(v, decimals);
	tr_buf_puts(b, t ? t : "?");
	free(t);
}

static bool S_higher_better(tr_chart_kind kind)
{
	return kind == TR_CHART_TPS || kind == TR_CHART_VALUE;
}

static const char *S_unit(tr_chart_kind kind)
{
	switch (kind) {
	case TR_CHART_TPS: return " TPS";
	case TR_CHART_LATENCY: case TR_CHART_P95: return " ms";
	case TR_CHART_COV: return "%";
	case TR_CHART_COST: return "";
	default: return " TPS";
	}
}

static void S_alt_bars(tr_buf *b, const tr_chart_item *item, const tr_results *r)
{
	bool higher = S_higher_better(item->kind);
	size_t groups = 0, said = 0;
	int dec = item->kind == TR_CHART_COST ? 4 : 2;
	const char *unit = S_unit(item->kind);
	/* cells are sorted by scenario, workload, provider: walk the groups */
	for (size_t i = 0; i < r->ncells;) {
		size_t s = r->cells[i].scenario, w = r->cells[i].workload, j = i;
		long best = -1, second = -1;
		double bv = NAN, sv = NAN;
		size_t n = 0;
		for (; j < r->ncells && r->cells[j].scenario == s && r->cells[j].workload == w; j++) {
			double v, lo, hi;
			if ((item->scenario >= 0 && s != (size_t)item->scenario) ||
			    (item->workload >= 0 && w != (size_t)item->workload) ||
			    tr_bars_value(r, &r->cells[j], item->kind, &v, &lo, &hi, NULL) <= 0)
				continue;
			n++;
			if (best < 0 || (higher ? v > bv : v < bv)) {
				second = best;
				sv = bv;
				best = (long)j;
				bv = v;
			} else if (second < 0 || (higher ? v > sv : v < sv)) {
				second = (long)j;
				sv = v;
			}
		}
		i = j;
		if (n == 0)
			continue;
		groups++;
		if (said == S_MAX_SENTENCES)
			continue;
		tr_buf_puts(b, said ? "; " : ". ");
		said++;
		/* "s100, TPC-B, 8 clients, 2 threads, prepared: tuned leads with
		 * 954 TPS against 878 for stock" */
		tr_buf_puts(b, S_label(r, s));
		if (r->nworkloads > 1)
			tr_buf_printf(b, ", %s", r->workloads[w].label);
		tr_buf_printf(b, ": %s", r->providers[r->cells[best].provider].label);
		if (second >= 0)
			tr_buf_puts(b, higher ? " leads with " : " is lowest with ");
		else
			tr_buf_putc(b, ' ');
		S_num(b, bv, dec);
		tr_buf_puts(b, unit);
		if (item->kind == TR_CHART_COST)
			tr_buf_printf(b, " %s a month per TPS", r->currency ? r->currency : "");
		if (item->kind == TR_CHART_VALUE)
			tr_buf_printf(b, " per 100 %s a month", r->currency ? r->currency : "");
		if (second >= 0) {
			tr_buf_puts(b, " against ");
			S_num(b, sv, dec);
			tr_buf_printf(b, " for %s", r->providers[r->cells[second].provider].label);
		}
	}
	if (groups > said)
		tr_buf_printf(b, "; and %zu more group%s", groups - said,
		              groups - said == 1 ? "" : "s");
	tr_buf_putc(b, '.');
}

static double S_init_total(const tr_init *in)
{
	double t = 0;
	for (size_t k = 0; k < in->nphases; k++)
		if (isfinite(in->phases[k].seconds))
			t += in->phases[k].seconds;
	return t;
}

static void S_alt_init(tr_buf *b, const tr_chart_item *item, const tr_results *r)
{
	size_t said = 0;
	for (size_t s = 0; s < r->nscenarios; s++) {
		long best = -1;
		size_t n = 0;
		if (item->scenario >= 0 && s != (size_t)item->scenario)
			continue;
		for (size_t i = 0; i < r->ninits; i++) {
			if (r->inits[i].scenario != s || !r->inits[i].init ||
			    S_init_total(r->inits[i].init) <= 0)
				continue;
			n++;
			if (best < 0 || S_init_total(r->inits[i].init) <
			                    S_init_total(r->inits[best].init))
				best = (long)i;
		}
		if (n == 0 || said == S_MAX_SENTENCES)
			continue;
		tr_buf_puts(b, said++ ? "; " : ". ");
		if (n > 1) {
			tr_buf_printf(b, "%s is fastest in %s: ",
			              r->providers[r->inits[best].provider].label, S_label(r, s));
			S_num(b, S_init_total(r->inits[best].init), 1);
			tr_buf_puts(b, " s");
		} else {
			tr_buf_printf(b, "%s took ", r->providers[r->inits[best].provider].label);
			S_num(b, S_init_total(r->inits[best].init), 1);
			tr_buf_printf(b, " s in %s", S_label(r, s));
		}
	}
	tr_buf_putc(b, '.');
}

static void S_alt_timeline(tr_buf *b, const tr_chart_item *item, const tr_results *r)
{
	size_t runs = 0;
	long worst = -1;
	double dur = 0;
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		if (run->cell < 0 || run->nseries < 2 ||
		    run->scenario != (size_t)item->scenario ||
		    run->workload != (size_t)item->workload)
			continue;
		runs++;
		if (run->series[run->nseries - 1].start_s - run->series[0].start_s > dur)
			dur = run->series[run->nseries - 1].start_s - run->series[0].start_s;
		if (run->windows.present &&
		    (worst < 0 || run->windows.tps_min_pct < r->runs[worst].windows.tps_min_pct))
			worst = (long)i;
	}
	tr_buf_printf(b, ". %zu run%s over about ", runs, runs == 1 ? "" : "s");
	S_num(b, dur, 0);
	tr_buf_puts(b, " s");
	if (worst >= 0) {
		const tr_run_result *w = &r->runs[worst];
		tr_buf_printf(b, "; the deepest dip is %s %s, ", r->providers[w->provider].label,
		              w->id);
		S_num(b, -w->windows.tps_min_pct, 1);
		tr_buf_puts(b, "% below its mean (CoV ");
		S_num(b, w->windows.tps_cov_pct, 1);
		tr_buf_puts(b, "%)");
	}
	tr_buf_putc(b, '.');
}

static void S_alt_percentiles(tr_buf *b, const tr_chart_item *item,
                              const tr_results *r)
{
	size_t said = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->scenario != (size_t)item->scenario ||
		    c->workload != (size_t)item->workload || !c->latency.present)
			continue;
		tr_buf_puts(b, said++ ? "; " : ". ");
		tr_buf_printf(b, "%s: p50 ", r->providers[c->provider].label);
		S_num(b, c->latency.p50_ms, 3);
		tr_buf_puts(b, " ms, p99 ");
		S_num(b, c->latency.p99_ms, 3);
		tr_buf_puts(b, " ms, p99.99 ");
		S_num(b, c->latency.p9999_ms, 3);
		tr_buf_puts(b, " ms");
	}
	tr_buf_putc(b, '.');
}

static void S_alt_sweep(tr_buf *b, const tr_chart_item *item, const tr_results *r)
{
	const char *type = r->workloads[item->workload].short_type;
	size_t said = 0;
	for (size_t p = 0; p < r->nproviders; p++) {
		long best = -1;
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			if (c->provider != p || c->scenario != (size_t)item->scenario ||
			    strcmp(r->workloads[c->workload].short_type, type) != 0)
				continue;
			if (best < 0 || c->tps_median > r->cells[best].tps_median)
				best = (long)i;
		}
		if (best < 0)
			continue;
		tr_buf_puts(b, said++ ? "; " : ". ");
		tr_buf_printf(b, "%s peaks at ", r->providers[p].label);
		S_num(b, r->cells[best].tps_median, 2);
		tr_buf_printf(b, " TPS with %d clients",
		              r->workloads[r->cells[best].workload].clients);
	}
	tr_buf_putc(b, '.');
}

int tr_chart_describe(tr_chart_item *item, const tr_results *r)
{
	tr_buf b = TR_BUF_INIT;
	item->title = S_title(item, r);
	if (!item->title)
		return TR_ENOMEM;
	tr_buf_puts(&b, item->title);
	if (tr_chart_is_bars(item->kind))
		S_alt_bars(&b, item, r);
	else if (item->kind == TR_CHART_INIT)
		S_alt_init(&b, item, r);
	else if (item->kind == TR_CHART_TIMELINE)
		S_alt_timeline(&b, item, r);
	else if (item->kind == TR_CHART_PERCENTILES)
		S_alt_percentiles(&b, item, r);
	else
		S_alt_sweep(&b, item, r);
	item->alt = tr_buf_detach(&b);
	return item->alt ? 0 : TR_ENOMEM;
}
