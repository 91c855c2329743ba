/* describe.c: the title and the alt text of each chart. The alt text says
 * what the chart shows in one or two sentences with the numbers that
 * matter (who leads where, by how much), for aria-label and <img alt>. */

#include "chart_bars_internal.h"
#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* At most this many groups are summarised; the rest are counted. */
#define S_MAX_SENTENCES 4

/* The text being written, and its first failure (sticky: every append
 * after one is skipped, and tr_chart_describe reports it). */
typedef struct S_text {
	tr_buf b;
	int rc;
} S_text;

static void S_puts(S_text *t, const char *s)
{
	if (t->rc == 0)
		t->rc = tr_buf_puts(&t->b, s) < 0 ? TR_ENOMEM : 0;
}

static void S_putc(S_text *t, char c)
{
	if (t->rc == 0)
		t->rc = tr_buf_putc(&t->b, c) < 0 ? TR_ENOMEM : 0;
}

static void S_printf(S_text *t, const char *fmt, ...) TR_PRINTF(2, 3);
static void S_printf(S_text *t, const char *fmt, ...)
{
	va_list ap;
	if (t->rc != 0)
		return;
	va_start(ap, fmt);
	t->rc = tr_buf_vprintf(&t->b, fmt, ap) < 0 ? TR_ENOMEM : 0;
	va_end(ap);
}

static const char *S_label(const tr_results *r, size_t s)
{
	return r->scenarios[s].label;
}

/* The chart's title into b. */
static void S_title(S_text *b, const tr_chart_item *item, const tr_results *r)
{
	const char *cur = r->currency ? r->currency : "";
	long s = item->scenario, w = item->workload;
	switch (item->kind) {
	case TR_CHART_TPS:
		S_puts(b, r->run_pick == TR_RUNS_BEST ? "Best-run TPS"
		                : r->run_pick == TR_RUNS_WORST ? "Worst-run TPS" : "Median TPS");
		break;
	case TR_CHART_LATENCY: S_puts(b, "Average latency"); break;
	case TR_CHART_P95: S_puts(b, "p95 of window averages, median run,"); break;
	case TR_CHART_COV: S_puts(b, "TPS variation over time (CoV, worst run)"); break;
	case TR_CHART_COST: S_puts(b, "Monthly cost per TPS"); break;
	case TR_CHART_VALUE: S_printf(b, "TPS per 100 %s a month", cur); break;
	case TR_CHART_INIT: S_puts(b, "Init time by phase (pgbench -i)"); break;
	case TR_CHART_TIMELINE: S_puts(b, "Window TPS over time"); break;
	case TR_CHART_PERCENTILES:
		S_puts(b, "Transaction latency by percentile");
		break;
	case TR_CHART_SWEEP:
		S_printf(b, "%s: TPS and latency by number of clients",
		              r->workloads[w].short_type);
		break;
	case TR_CHART_WAITS: S_puts(b, "What the server was waiting on"); break;
	}
	if (s >= 0)
		S_printf(b, " in %s", S_label(r, (size_t)s));
	else if (tr_chart_is_bars(item->kind) && r->nscenarios > 1)
		S_puts(b, " by scenario");
	else if (tr_chart_is_bars(item->kind) && r->nscenarios == 1)
		S_printf(b, " in %s", S_label(r, 0));
	if (s >= 0 && w >= 0 && item->kind != TR_CHART_SWEEP &&
	    tr_chart_workloads_with(r, item->kind, (size_t)s) > 1)
		S_printf(b, ", %s", r->workloads[w].label);
}

/* ---- alt texts --------------------------------------------------------- */

/* A figure as the catalog prints it, the digits of the tables. */
static void S_num(S_text *b, double v, tr_metric_format f)
{
	char *t = tr_metric_str(v, f);
	if (!t && b->rc == 0)
		b->rc = TR_ENOMEM;
	S_puts(b, t ? t : "?");
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
	case TR_CHART_COV: return ""; /* the figure carries its "%" */
	case TR_CHART_COST: return "";
	default: return " TPS";
	}
}

/* The leader and runner-up of one group of bars (cells [i, j) share a
 * scenario and workload): how many cells have a value. */
typedef struct S_lead {
	long best, second;
	double bv, sv;
} S_lead;

static size_t S_group_lead(S_lead *out, const tr_chart_item *item, const tr_results *r,
                           size_t i, size_t j)
{
	bool higher = S_higher_better(item->kind);
	size_t n = 0;
	*out = (S_lead){ -1, -1, NAN, NAN };
	for (; i < j; i++) {
		double v, lo, hi;
		if (tr_bars_value(r, &r->cells[i], item->kind, &v, &lo, &hi, NULL) <= 0)
			continue;
		n++;
		if (out->best < 0 || (higher ? v > out->bv : v < out->bv)) {
			out->second = out->best;
			out->sv = out->bv;
			out->best = (long)i;
			out->bv = v;
		} else if (out->second < 0 || (higher ? v > out->sv : v < out->sv)) {
			out->second = (long)i;
			out->sv = v;
		}
	}
	return n;
}

/* "s100, TPC-B, 8 clients, 2 threads, prepared: tuned leads with 954 TPS
 * against 878 for stock" */
static void S_group_sentence(S_text *b, const tr_chart_item *item, const tr_results *r,
                             size_t s, size_t w, const S_lead *l)
{
	bool higher = S_higher_better(item->kind);
	tr_metric_format f = tr_bars_metric(item->kind)->format;
	const char *unit = S_unit(item->kind);
	S_puts(b, S_label(r, s));
	if (r->nworkloads > 1)
		S_printf(b, ", %s", r->workloads[w].label);
	S_printf(b, ": %s", r->providers[r->cells[l->best].provider].label);
	if (l->second >= 0)
		S_puts(b, higher ? " leads with " : " is lowest with ");
	else
		S_putc(b, ' ');
	S_num(b, l->bv, f);
	S_puts(b, unit);
	if (item->kind == TR_CHART_COST)
		S_printf(b, " %s a month per TPS", r->currency ? r->currency : "");
	if (item->kind == TR_CHART_VALUE)
		S_printf(b, " per 100 %s a month", r->currency ? r->currency : "");
	if (l->second >= 0) {
		S_puts(b, " against ");
		S_num(b, l->sv, f);
		S_printf(b, " for %s", r->providers[r->cells[l->second].provider].label);
	}
}

static void S_alt_bars(S_text *b, const tr_chart_item *item, const tr_results *r)
{
	size_t groups = 0, said = 0;
	/* cells are sorted by scenario, workload, provider: walk the groups */
	for (size_t i = 0; i < r->ncells;) {
		size_t s = r->cells[i].scenario, w = r->cells[i].workload, j = i;
		S_lead lead;
		while (j < r->ncells && r->cells[j].scenario == s && r->cells[j].workload == w)
			j++;
		if ((item->scenario >= 0 && s != (size_t)item->scenario) ||
		    (item->workload >= 0 && w != (size_t)item->workload) ||
		    S_group_lead(&lead, item, r, i, j) == 0) {
			i = j;
			continue;
		}
		i = j;
		groups++;
		if (said == S_MAX_SENTENCES)
			continue;
		S_puts(b, said ? "; " : ". ");
		said++;
		S_group_sentence(b, item, r, s, w, &lead);
	}
	if (groups > said)
		S_printf(b, "; and %zu more group%s", groups - said,
		         groups - said == 1 ? "" : "s");
	S_putc(b, '.');
}

/* The init table's total: pgbench's "done in" figure, else the phases'. */
static double S_init_total(const tr_init *in)
{
	double t = 0;
	if (isfinite(in->total_s))
		return in->total_s;
	for (size_t k = 0; k < in->nphases; k++)
		if (isfinite(in->phases[k].seconds))
			t += in->phases[k].seconds;
	return t;
}

static void S_alt_init(S_text *b, const tr_chart_item *item, const tr_results *r)
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
		S_puts(b, said++ ? "; " : ". ");
		if (n > 1) {
			S_printf(b, "%s is fastest in %s: ",
			              r->providers[r->inits[best].provider].label, S_label(r, s));
			S_num(b, S_init_total(r->inits[best].init), TR_METRIC_FMT_SECONDS);
			S_puts(b, " s");
		} else {
			S_printf(b, "%s took ", r->providers[r->inits[best].provider].label);
			S_num(b, S_init_total(r->inits[best].init), TR_METRIC_FMT_SECONDS);
			S_printf(b, " s in %s", S_label(r, s));
		}
	}
	S_putc(b, '.');
}

static void S_alt_timeline(S_text *b, const tr_chart_item *item, const tr_results *r)
{
	size_t runs = 0;
	long worst;
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
	}
	worst = tr_results_deepest_dip(r, (size_t)item->scenario, (size_t)item->workload);
	S_printf(b, ". %zu run%s over about ", runs, runs == 1 ? "" : "s");
	S_num(b, dur, TR_METRIC_FMT_COUNT);
	S_puts(b, " s");
	if (worst >= 0) {
		const tr_run_result *w = &r->runs[worst];
		S_printf(b, "; the deepest dip is %s %s, ", r->providers[w->provider].label,
		              w->id);
		S_num(b, -w->windows.tps_min_pct, TR_METRIC_FMT_PCT);
		S_puts(b, " below its mean (CoV ");
		S_num(b, w->windows.tps_cov_pct, TR_METRIC_FMT_PCT);
		S_puts(b, ")");
	}
	S_putc(b, '.');
}

static void S_alt_percentiles(S_text *b, const tr_chart_item *item,
                              const tr_results *r)
{
	size_t said = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (c->scenario != (size_t)item->scenario ||
		    c->workload != (size_t)item->workload || !c->latency.present)
			continue;
		S_puts(b, said++ ? "; " : ". ");
		S_printf(b, "%s: p50 ", r->providers[c->provider].label);
		S_num(b, c->latency.p50_ms, TR_METRIC_FMT_US_MS);
		S_puts(b, " ms, p99 ");
		S_num(b, c->latency.p99_ms, TR_METRIC_FMT_US_MS);
		S_puts(b, " ms, p99.99 ");
		S_num(b, c->latency.p9999_ms, TR_METRIC_FMT_US_MS);
		S_puts(b, " ms");
	}
	S_putc(b, '.');
}

static void S_alt_sweep(S_text *b, const tr_chart_item *item, const tr_results *r)
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
		S_puts(b, said++ ? "; " : ". ");
		S_printf(b, "%s peaks at ", r->providers[p].label);
		S_num(b, r->cells[best].tps_median, TR_METRIC_FMT_TPS);
		S_printf(b, " TPS with %d clients",
		              r->workloads[r->cells[best].workload].clients);
	}
	S_putc(b, '.');
}

/* Every panel's waits as drawn: "AWS: LWLock:WALWrite 35.3%, CPU 20.0%;
 * Local: ..." (the workload after the provider where the scenario ran
 * several). */
static void S_alt_waits(S_text *b, const tr_chart_item *item, const tr_results *r)
{
	bool several = tr_chart_workloads_with(r, TR_CHART_WAITS, (size_t)item->scenario) > 1;
	size_t said = 0;
	S_puts(b, ". Each provider's most frequent waits, as a share of the samples "
	          "that found one of its benchmark connections active");
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		size_t n = c->nwaits < TR_CHART_WAITS_TOP ? c->nwaits : TR_CHART_WAITS_TOP;
		if (!tr_chart_waits_cell(c, item->scenario))
			continue;
		S_puts(b, said++ ? "; " : ". ");
		S_puts(b, r->providers[c->provider].label);
		if (several)
			S_printf(b, " (%s)", r->workloads[c->workload].label);
		S_puts(b, ": ");
		for (size_t k = 0; k < n; k++) {
			char *name = tr_chart_wait_name(&c->waits[k]);
			if (!name) {
				b->rc = b->rc ? b->rc : TR_ENOMEM;
				return;
			}
			S_printf(b, "%s%s ", k ? ", " : "", name);
			free(name);
			S_num(b, c->waits[k].share * 100, TR_METRIC_FMT_PCT);
		}
	}
	S_putc(b, '.');
}

int tr_chart_describe(tr_chart_item *item, const tr_results *r)
{
	S_text t = { TR_BUF_INIT, 0 };
	S_title(&t, item, r);
	if (t.rc < 0)
		goto cleanup;
	item->title = tr_strdup(tr_buf_cstr(&t.b));
	if (!item->title) {
		t.rc = TR_ENOMEM;
		goto cleanup;
	}
	if (tr_chart_is_bars(item->kind))
		S_alt_bars(&t, item, r);
	else if (item->kind == TR_CHART_INIT)
		S_alt_init(&t, item, r);
	else if (item->kind == TR_CHART_TIMELINE)
		S_alt_timeline(&t, item, r);
	else if (item->kind == TR_CHART_PERCENTILES)
		S_alt_percentiles(&t, item, r);
	else if (item->kind == TR_CHART_WAITS)
		S_alt_waits(&t, item, r);
	else
		S_alt_sweep(&t, item, r);
	if (t.rc == 0 && !(item->alt = tr_buf_detach(&t.b)))
		t.rc = TR_ENOMEM;
cleanup:
	tr_buf_free(&t.b);
	return t.rc;
}
