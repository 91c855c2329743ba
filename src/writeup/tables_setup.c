/* tables_setup.c: the tables that are not about cells: providers and
 * their prices, init timings, and every run. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* "154.76 USD/month instance + 68.50 USD/month storage": as written. */
static const char *S_quoted_price(tr_wu_doc *d, const tr_provider_result *p)
{
	tr_buf b = TR_BUF_INIT;
	for (size_t k = 0; k < p->nprice; k++) {
		const tr_price_line *l = &p->price[k];
		if (k)
			tr_buf_puts(&b, " + ");
		tr_wu_fmt(&b, l->amount, TR_WU_PRICE);
		tr_buf_printf(&b, " %s/%s", l->currency, l->hourly ? "hour" : "month");
		if (l->label)
			tr_buf_printf(&b, " %s", l->label);
	}
	return tr_wu_keep_buf(d, &b);
}

static bool S_any_price(const tr_results *r)
{
	for (size_t i = 0; i < r->nproviders; i++)
		if (r->providers[i].nprice > 0)
			return true;
	return false;
}

void tr_wu_table_providers(tr_wu_doc *d, bool brief)
{
	const tr_results *r = d->r;
	bool vcpu = false, ram = false, notes = false, hourly = false;
	bool price = S_any_price(r);
	const char *cur = r->currency ? tr_wu_c(d, r->currency) : NULL;
	tr_wu_table t;
	for (size_t j = 0; j < tr_wu_nshown(d); j++) {
		size_t i = tr_wu_shown_at(d, j);
		vcpu |= isfinite(r->providers[i].vcpu);
		ram |= isfinite(r->providers[i].ram_gb);
		notes |= r->providers[i].notes != NULL;
		for (size_t k = 0; k < r->providers[i].nprice; k++)
			hourly |= r->providers[i].price[k].hourly;
	}
	if (brief && !vcpu && !ram && !price && !notes) {
		/* Nothing but names: a sentence says it better than a table. */
		tr_wu_md(d, "The providers: ");
		for (size_t i = 0; i < r->nproviders; i++)
			tr_wu_md(d, "%s%s", i ? (i + 1 == r->nproviders ? " and " : ", ") : "",
			         tr_wu_e(d, r->providers[i].label));
		tr_wu_md(d, ". The baseline is %s.\n",
		         tr_wu_baseline_name(d, -1, tr_wu_e));
		return;
	}
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Provider", false);
	if (vcpu)
		tr_wu_table_col(&t, "vCPU", true);
	if (ram)
		tr_wu_table_col(&t, "RAM (GB)", true);
	if (price) {
		tr_wu_table_col(&t, "Price as quoted", false);
		if (cur)
			tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("Per month (%s)", cur)), true);
	}
	if (notes)
		tr_wu_table_col(&t, "Notes", false);
	for (size_t k = 0; k < tr_wu_nshown(d); k++) {
		const tr_provider_result *p = &r->providers[tr_wu_shown_at(d, k)];
		tr_wu_table_text(&t, p->label);
		if (vcpu)
			tr_wu_table_num(&t, p->vcpu, TR_WU_EXACT);
		if (ram)
			tr_wu_table_num(&t, p->ram_gb, TR_WU_EXACT);
		if (price) {
			tr_wu_table_text(&t, S_quoted_price(d, p));
			if (cur)
				tr_wu_table_num(&t, p->monthly_cost, TR_WU_MONEY);
		}
		if (notes)
			tr_wu_table_text(&t, p->notes ? p->notes : "");
	}
	if (price && cur && tr_wu_nshown(d) == r->nproviders)
		d->explained |= TR_WU_SAID_MONTHLY;
	if (d->topts && d->topts->rows)
		tr_wu_table_transpose(&t);
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"The providers compared. Baseline: %s.%s",
		tr_wu_baseline_name(d, -1, tr_wu_c),
		hourly ? " Hourly prices count 730 hours a month." : "")));
	tr_wu_emit_table(d, &t);
}

void tr_wu_table_price(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	const char *cur = r->currency ? tr_wu_c(d, r->currency) : NULL;
	tr_wu_table t;
	if (!S_any_price(r))
		return;
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Provider", false);
	tr_wu_table_col(&t, "Component", false);
	tr_wu_table_col(&t, "As quoted", true);
	if (cur)
		tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("Per month (%s)", cur)), true);
	for (size_t i = 0; i < tr_wu_nshown(d); i++) {
		const tr_provider_result *p = &r->providers[tr_wu_shown_at(d, i)];
		for (size_t k = 0; k < p->nprice; k++) {
			const tr_price_line *l = &p->price[k];
			tr_wu_table_text(&t, p->label);
			tr_wu_table_text(&t, l->label ? l->label : "");
			tr_wu_table_sorted(&t, tr_wu_keep(d, tr_sprintf("%s %s/%s",
			                        tr_wu_n(d, l->amount, TR_WU_PRICE),
			                        tr_wu_c(d, l->currency), l->hourly ? "hour" : "month")),
			                   l->amount);
			if (cur)
				tr_wu_table_num(&t, l->monthly, TR_WU_MONEY);
		}
		if (p->nprice > 1 || (p->nprice == 1 && p->price[0].label)) {
			tr_wu_table_text(&t, p->label);
			tr_wu_table_strong(&t, "Total");
			tr_wu_table_text(&t, "");
			if (cur)
				tr_wu_table_num(&t, p->monthly_cost, TR_WU_MONEY);
		}
	}
	if (cur && tr_wu_nshown(d) == r->nproviders)
		d->explained |= TR_WU_SAID_MONTHLY;
	tr_wu_table_caption(&t, cur ? tr_wu_keep(d, tr_sprintf(
		"Monthly prices, itemised and converted into %s. Hourly prices count "
		"730 hours a month.", cur))
	                            : "Monthly prices as quoted (no report currency is set).");
	tr_wu_emit_table(d, &t);
}

/* The inits of the table: of scenario s (-1: every one) and of the
 * providers shown, in the order shown; *n set, caller frees. */
static size_t *S_inits(tr_wu_doc *d, long s, size_t *n)
{
	const tr_results *r = d->r;
	size_t all, *rows = tr_wu_rows_by_provider(d, r->inits, sizeof(tr_init_result),
	                                           offsetof(tr_init_result, provider),
	                                           r->ninits, &all);
	*n = 0;
	if (!rows) {
		d->rc = TR_ENOMEM;
		return NULL;
	}
	for (size_t k = 0; k < all; k++)
		if (s < 0 || r->inits[rows[k]].scenario == (size_t)s)
			rows[(*n)++] = rows[k];
	return rows;
}

/* Phase names in order of first appearance over the table's inits:
 * those that took time somewhere (pgbench prints "drop tables 0.00 s"
 * for a fresh database, a column of zeros says nothing). */
static size_t S_phases(const tr_results *r, const size_t *rows, size_t nrows,
                       const char **names, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < nrows; i++) {
		const tr_init *in = r->inits[rows[i]].init;
		for (size_t k = 0; k < in->nphases; k++) {
			bool seen = !(in->phases[k].seconds >= 0.005);
			for (size_t j = 0; j < n && !seen; j++)
				seen |= strcmp(names[j], in->phases[k].name) == 0;
			if (!seen && n < max)
				names[n++] = in->phases[k].name;
		}
	}
	return n;
}

static double S_phase(const tr_init *in, const char *name)
{
	for (size_t k = 0; k < in->nphases; k++)
		if (strcmp(in->phases[k].name, name) == 0)
			return in->phases[k].seconds;
	return NAN;
}

/* A duration cell: "26 min 2 s" from 10 minutes on (as articles say
 * it), "1.59 s" below; sorted by seconds. */
static void S_duration(tr_wu_doc *d, tr_wu_table *t, double v)
{
	if (!isfinite(v)) {
		tr_wu_table_num(t, v, TR_WU_SECONDS);
		return;
	}
	if (v >= 600) {
		long whole = lround(v);
		tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%ld min %ld s", whole / 60,
		                                                 whole % 60)), v);
		return;
	}
	tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%s s", tr_wu_n(d, v, TR_WU_SECONDS))), v);
}

/* The scale of an init: its own (init.txt's log or the probe), else the
 * one scale the scenario's runs share; NaN when neither says. */
static double S_scale(const tr_results *r, const tr_init_result *ir)
{
	if (ir->init->scale >= 0)
		return (double)ir->init->scale;
	if (r->scenarios[ir->scenario].scale >= 0 && !r->scenarios[ir->scenario].scale_mixed)
		return (double)r->scenarios[ir->scenario].scale;
	return NAN;
}

void tr_wu_table_init_phases(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	const char *phases[16];
	size_t nrows, *rows = S_inits(d, s, &nrows);
	size_t nph = S_phases(r, rows, nrows, phases, TR_ARRAY_SIZE(phases));
	bool wall = false, total = false, jobs = false, scale = false;
	bool mins = false; /* an init of 10 minutes or more: every duration
	                      says its unit */
	const char *unit;
	tr_wu_table t;
	for (size_t i = 0; i < nrows; i++) {
		const tr_init *in = r->inits[rows[i]].init;
		wall |= isfinite(in->wall_s);
		total |= isfinite(in->total_s);
		jobs |= in->jobs > 1;
		mins |= in->total_s >= 600 || in->wall_s >= 600;
		scale |= isfinite(S_scale(r, &r->inits[rows[i]]));
	}
	unit = mins ? "" : " (s)";
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Provider", false);
	if (s < 0)
		tr_wu_table_col(&t, "Scenario", false);
	if (scale)
		tr_wu_table_col(&t, "Scale", true);
	if (total)
		tr_wu_table_col(&t, mins ? "Total" : "Total (s)", true);
	if (wall)
		tr_wu_table_col(&t, mins ? "Wall clock" : "Wall clock (s)", true);
	for (size_t k = 0; k < nph; k++)
		tr_wu_table_col(&t, tr_wu_keep(d, tr_sprintf("%s%s", tr_wu_c(d, phases[k]), unit)),
		                true);
	if (jobs)
		tr_wu_table_col(&t, "Generate jobs", true);
	for (size_t i = 0; i < nrows; i++) {
		const tr_init *in = r->inits[rows[i]].init;
		tr_wu_table_text(&t, tr_wu_short_provider(r, r->inits[rows[i]].provider));
		if (s < 0)
			tr_wu_table_text(&t, tr_wu_short_scenario(r, r->inits[rows[i]].scenario));
		if (scale)
			tr_wu_table_num(&t, S_scale(r, &r->inits[rows[i]]), TR_WU_COUNT);
		for (size_t k = 0; k < nph + 2; k++) {
			double v = k == 0 ? in->total_s : k == 1 ? in->wall_s : S_phase(in, phases[k - 2]);
			if ((k == 0 && !total) || (k == 1 && !wall))
				continue;
			if (mins)
				S_duration(d, &t, v);
			else
				tr_wu_table_num(&t, v, TR_WU_SECONDS);
		}
		if (jobs)
			tr_wu_table_num(&t, in->jobs > 0 ? in->jobs : 1, TR_WU_COUNT);
	}
	free(rows);
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%s%sTotal: pgbench's own (\"done in\"); %sthen each phase as pgbench "
		"names it.",
		s >= 0 ? tr_wu_keep(d, tr_sprintf("%s: ", tr_wu_c(d, tr_wu_short_scenario(r, (size_t)s)))) : "",
		/* the section's heading and paragraph say what the table is */
		d->explained & TR_WU_EXPLAINED_INIT ? "" : "Loading the data with pgbench -i. ",
		wall ? "wall clock: measured around it (time); " : "")));
	tr_wu_emit_table(d, &t);
}

void tr_wu_table_runs(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	bool many = tr_wu_many_workloads(r);
	size_t nrows, *rows = tr_wu_rows_by_provider(d, r->runs, sizeof(tr_run_result),
	                                             offsetof(tr_run_result, provider),
	                                             r->nruns, &nrows);
	tr_wu_table t;
	if (!rows) {
		d->rc = TR_ENOMEM;
		return;
	}
	tr_wu_table_init(&t);
	if (s < 0)
		tr_wu_table_col(&t, "Scenario", false);
	tr_wu_table_col(&t, "Provider", false);
	tr_wu_table_col(&t, "Run", false);
	if (many)
		tr_wu_table_col(&t, "Workload", false);
	tr_wu_table_col(&t, "TPS", true);
	tr_wu_table_col(&t, "Latency avg (ms)", true);
	tr_wu_table_col(&t, "CoV", true);
	tr_wu_table_col(&t, "Deepest dip", true);
	tr_wu_table_col(&t, "p95 of window averages (ms)", true);
	tr_wu_table_col(&t, "Used", false);
	for (size_t i = 0; i < nrows; i++) {
		const tr_run_result *run = &r->runs[rows[i]];
		if (s >= 0 && run->scenario != (size_t)s)
			continue;
		if (s < 0)
			tr_wu_table_text(&t, tr_wu_short_scenario(r, run->scenario));
		tr_wu_table_text(&t, tr_wu_short_provider(r, run->provider));
		tr_wu_table_text(&t, run->id);
		if (many)
			tr_wu_table_text(&t, r->workloads[run->workload].label);
		tr_wu_table_num(&t, run->tps, TR_WU_TPS);
		tr_wu_table_num(&t, run->latency_avg_ms, TR_WU_MS);
		tr_wu_table_num(&t, run->windows.tps_cov_pct, TR_WU_PCT);
		tr_wu_table_num(&t, run->windows.tps_min_pct, TR_WU_PCT);
		tr_wu_table_num(&t, run->windows.latency_p95_ms, TR_WU_MS);
		tr_wu_table_text(&t, run->excluded
		                         ? tr_wu_keep(d, tr_sprintf("no: %s", run->excluded_reason
		                                                                  ? run->excluded_reason
		                                                                  : "unusable"))
		                         : "yes");
	}
	free(rows);
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"%sEvery run: TPS and latency average from pgbench's summary; CoV, dip "
		"and p95 from its time windows (p95 of the windows' average latencies, "
		"not of transactions).",
		s >= 0 ? tr_wu_keep(d, tr_sprintf("%s: ", tr_wu_c(d, tr_wu_short_scenario(r, (size_t)s)))) : "")));
	tr_wu_emit_table(d, &t);
}
