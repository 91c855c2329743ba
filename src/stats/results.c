/* results.c: from a loaded study to the results every renderer reads.
 *
 * Order of work: providers (prices), scenarios, workloads, runs (their
 * window statistics and latency percentiles), cells (medians over runs,
 * worst/median/pooled stability), comparisons against the baseline with
 * Holm-corrected significance, sweep averages, regimes, findings. */

#include "stats.h"
#include "stats_internal.h"
#include "util/alloc.h"
#include "util/diag.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tr_regime_name(tr_regime regime)
{
	switch (regime) {
	case TR_REGIME_IN_MEMORY: return "in memory";
	case TR_REGIME_PARTLY_CACHED: return "partly cached";
	case TR_REGIME_DISK_BOUND: return "disk-bound";
	default: return NULL;
	}
}

size_t tr_results_baseline_of(const tr_results *r, long scenario)
{
	if (scenario < 0 || (size_t)scenario >= r->nscenarios || !r->scenarios)
		return r->baseline;
	return r->scenarios[scenario].baseline;
}

long tr_results_cell(const tr_results *r, size_t provider, size_t scenario,
                     size_t workload)
{
	/* cells are sorted by scenario, workload, provider (S_cells) */
	size_t lo = 0, hi = r->ncells;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const tr_cell *c = &r->cells[mid];
		int d = c->scenario != scenario ? (c->scenario < scenario ? -1 : 1)
		        : c->workload != workload ? (c->workload < workload ? -1 : 1)
		        : (c->provider > provider) - (c->provider < provider);
		if (d == 0)
			return (long)mid;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- providers and prices -------------------------------------------- */

/* The report currency: the ini's, else the one currency all prices use. */
static const char *S_report_currency(const tr_study *st)
{
	const char *only = NULL;
	if (st->config.currency)
		return st->config.currency;
	for (size_t i = 0; i < st->nproviders; i++)
		for (size_t k = 0; k < st->providers[i].nprice; k++) {
			const char *c = st->providers[i].price[k].currency;
			if (!only)
				only = c;
			else if (strcmp(only, c) != 0)
				return NULL;
		}
	return only;
}

static int S_providers(tr_results *r, const tr_study *st)
{
	r->nproviders = st->nproviders;
	r->providers = tr_calloc(st->nproviders, sizeof(tr_provider_result));
	if (!r->providers)
		return TR_ENOMEM;
	for (size_t i = 0; i < st->nproviders; i++) {
		const tr_provider *p = &st->providers[i];
		tr_provider_result *out = &r->providers[i];
		double total = 0;
		out->id = p->id;
		out->label = p->label ? p->label : p->id;
		out->short_label = p->short_label ? p->short_label : out->label;
		out->color = p->color;
		out->vcpu = p->vcpu;
		out->ram_gb = p->ram_gb;
		out->facts = p->facts;
		out->nfacts = p->nfacts;
		out->notes = p->notes;
		out->note = p->note;
		out->server = p->server;
		out->monthly_cost = NAN;
		if (p->nprice == 0)
			continue;
		out->price = tr_calloc(p->nprice, sizeof(tr_price_line));
		if (!out->price)
			return TR_ENOMEM;
		out->nprice = p->nprice;
		for (size_t k = 0; k < p->nprice; k++) {
			const tr_price_item *it = &p->price[k];
			double rate = tr_currency_rate(&st->config, r->currency, it->currency);
			tr_price_line *line = &out->price[k];
			line->label = it->label;
			line->amount = it->amount;
			line->currency = it->currency;
			line->hourly = it->hourly;
			line->monthly = tr_price_item_monthly(it) * rate;
			total += line->monthly;
		}
		out->monthly_cost = total;
		if (isnan(total) &&
		    tr_diags_add(&r->warnings, TR_SEV_WARNING, "fx-missing",
		                 "tpsreport.ini", p->price_line,
		                 "[provider %s]: no [fx] rate converts its price into %s; "
		                 "no cost figures for it", p->id,
		                 r->currency ? r->currency : "one report currency "
		                                             "(set [study] currency)") < 0)
			return TR_ENOMEM;
	}
	return 0;
}

/* ---- runs ---------------------------------------------------------------- */

static const char *S_short_version(const char *v, char *buf, size_t size)
{
	size_t n = 0;
	if (!v)
		return NULL;
	while (v[n] && v[n] != ' ' && v[n] != '(' && n + 1 < size) {
		buf[n] = v[n];
		n++;
	}
	buf[n] = '\0';
	return buf;
}

/* The machine a run ran on: its file's (PostgresBench), else, in a
 * scenario where some runs name theirs, the vCPUs and RAM tpsreport.ini
 * gives its provider ([provider] or [cell] vcpu and ram_gb), so that a
 * study's own runs meet the imported ones; else none. buf holds 48. */
static const char *S_machine(const tr_results *r, const tr_run *run,
                             const bool *named, char *buf)
{
	const tr_cell_setup *u;
	if (run->machine || !named[run->scenario])
		return run->machine;
	u = tr_results_setup(r, run->provider, run->scenario);
	if (!isfinite(u->vcpu) || !isfinite(u->ram_gb))
		return NULL;
	snprintf(buf, 48, "%g vCPU / %g GB", u->vcpu, u->ram_gb);
	return buf;
}

static int S_runs(tr_results *r, const tr_study *st, char (*versions)[32])
{
	bool *named = tr_calloc(st->nscenarios + 1, sizeof(bool));
	if (!named || !(r->machines = tr_calloc(st->nruns + 1, sizeof(*r->machines)))) {
		free(named);
		return TR_ENOMEM;
	}
	for (size_t i = 0; i < st->nruns; i++)
		named[st->runs[i].scenario] |= st->runs[i].machine != NULL;
	r->nruns = st->nruns;
	r->runs = tr_calloc(st->nruns ? st->nruns : 1, sizeof(tr_run_result));
	if (!r->runs) {
		free(named);
		return TR_ENOMEM;
	}
	for (size_t i = 0; i < st->nruns; i++) {
		const tr_run *run = &st->runs[i];
		const tr_summary *s = &run->summary;
		tr_run_result *out = &r->runs[i];
		long w = tr_workload_find(r, s, S_machine(r, run, named, r->machines[i]));
		if (w < 0) {
			free(named);
			return TR_ENOMEM;
		}
		out->provider = run->provider;
		out->scenario = run->scenario;
		out->workload = (size_t)w;
		out->cell = -1;
		out->id = run->id;
		out->path = run->path;
		out->pgbench_version = S_short_version(s->version, versions[i], 32);
		out->pgbench_major = s->major;
		out->scale = s->scale;
		out->duration_s = s->duration_s;
		out->transactions = s->transactions;
		out->failed = s->failed;
		out->tps = s->tps;
		out->latency_avg_ms = s->latency_avg_ms;
		out->latency_stddev_ms = s->latency_stddev_ms;
		out->aborted = s->aborted;
		out->excluded = run->excluded;
		out->excluded_reason = run->excluded_reason;
		out->summary = s;
		out->warmup = run->warmup;
		out->pgb_p95_ms = run->pgb_percentiles ? run->pgb_p95_ms : NAN;
		out->pgb_p99_ms = run->pgb_percentiles ? run->pgb_p99_ms : NAN;
		if (tr_windows_counted(&out->series, &out->nseries, run->windows,
		                       run->nwindows) < 0 ||
		    tr_stability_of_windows(&out->windows, out->series, out->nseries,
		                            run->window_source, run->window_interval_s) < 0) {
			free(named);
			return TR_ENOMEM;
		}
		out->series_origin_s = run->nwindows > 0 ? run->windows[0].start_s : NAN;
		out->digest = run->digest[0] ? run->digest : NULL;
		if (tr_run_server_compute(&out->server, run->server,
		                          s->transactions) < 0) {
			free(named);
			return TR_ENOMEM;
		}
		if (run->agg_latency_us.count > 0) {
			out->agg_latency_mean_ms = tr_simple_stats_mean(&run->agg_latency_us) / 1000.0;
			out->agg_latency_stddev_ms = tr_simple_stats_stddev(&run->agg_latency_us) / 1000.0;
			out->agg_latency_max_ms = run->agg_latency_us.max / 1000.0;
		} else {
			out->agg_latency_mean_ms = out->agg_latency_stddev_ms = NAN;
			out->agg_latency_max_ms = NAN;
		}
		tr_latency_of_hist_rule(&out->latency,
		                        run->txlog ? &run->txlog->latency : NULL,
		                        run->txlog ? run->txlog->skipped : 0,
		                        run->txlog ? run->txlog->failed : 0,
		                        st->config.percentile);
	}
	free(named);
	return 0;
}

/* ---- cells ---------------------------------------------------------------- */

/* Runs in cell order (scenario, workload, provider), each cell's runs in
 * the order of the study: a sort instead of a search per run. */
typedef struct {
	size_t scenario, workload, provider, run;
} S_run_key;

static int S_cmp_run(const void *pa, const void *pb)
{
	const S_run_key *a = pa, *b = pb;
	if (a->scenario != b->scenario)
		return a->scenario < b->scenario ? -1 : 1;
	if (a->workload != b->workload)
		return a->workload < b->workload ? -1 : 1;
	if (a->provider != b->provider)
		return a->provider < b->provider ? -1 : 1;
	return (a->run > b->run) - (a->run < b->run);
}

static bool S_same_cell(const S_run_key *a, const S_run_key *b)
{
	return a->provider == b->provider && a->scenario == b->scenario &&
	       a->workload == b->workload;
}

/* One cell of the runs order[0..n), all of one cell; none when every run
 * was left out (a cell without runs has no figures). */
static int S_cell_add(tr_results *r, const S_run_key *order, size_t n)
{
	const S_run_key *first = &order[0];
	tr_cell *cell = &r->cells[r->ncells];
	memset(cell, 0, sizeof(*cell));
	cell->provider = first->provider;
	cell->scenario = first->scenario;
	cell->workload = first->workload;
	for (size_t k = 0; k < n; k++) {
		if (r->runs[order[k].run].excluded) {
			cell->nexcluded++;
			continue;
		}
		if (!cell->runs && !(cell->runs = tr_calloc(n, sizeof(size_t))))
			return TR_ENOMEM;
		r->runs[order[k].run].cell = (long)r->ncells;
		cell->runs[cell->nruns++] = order[k].run;
	}
	if (cell->nruns > 0)
		r->ncells++;
	return 0;
}

/* The lookups of tr_results (stats.h): counting sorts, one pass each. */
static int S_lookups(tr_results *r)
{
	size_t *at;
	r->cell_order = tr_calloc(r->ncells + 1, sizeof(size_t));
	r->provider_cells = tr_calloc(r->nproviders + 2, sizeof(size_t));
	r->places_scenario = tr_calloc(r->nscenarios + 1, sizeof(size_t));
	r->places_workload = tr_calloc(r->nworkloads + 1, sizeof(size_t));
	at = tr_calloc(r->nproviders + 1, sizeof(size_t));
	if (!r->cell_order || !r->provider_cells || !r->places_scenario || !r->places_workload || !at) {
		free(at);
		return TR_ENOMEM;
	}
	for (size_t c = 0; c < r->ncells; c++) {
		const tr_cell *cell = &r->cells[c];
		r->provider_cells[cell->provider + 1]++;
		if (c == 0 || cell->scenario != cell[-1].scenario || cell->workload != cell[-1].workload) {
			r->places_scenario[cell->scenario]++;
			r->places_workload[cell->workload]++;
			r->nplaces++;
		}
	}
	for (size_t p = 0; p < r->nproviders; p++)
		r->provider_cells[p + 1] += r->provider_cells[p];
	for (size_t c = 0; c < r->ncells; c++) {
		size_t p = r->cells[c].provider;
		r->cell_order[r->provider_cells[p] + at[p]++] = c;
	}
	free(at);
	return 0;
}

static int S_cells(tr_results *r)
{
	S_run_key *order = tr_calloc(r->nruns + 1, sizeof(S_run_key));
	size_t start = 0, ncells = 0;
	int rc = TR_ENOMEM;
	if (!order)
		goto cleanup;
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		order[i] = (S_run_key){ run->scenario, run->workload, run->provider, i };
		r->runs[i].cell = -1;
	}
	qsort(order, r->nruns, sizeof(S_run_key), S_cmp_run);
	for (size_t i = 0; i < r->nruns; i++)
		ncells += i == 0 || !S_same_cell(&order[i], &order[i - 1]);
	if (!(r->cells = tr_calloc(ncells + 1, sizeof(tr_cell))))
		goto cleanup;
	for (size_t i = 1; i <= r->nruns; i++)
		if (i == r->nruns || !S_same_cell(&order[i], &order[start])) {
			if ((rc = S_cell_add(r, order + start, i - start)) < 0)
				goto cleanup;
			start = i;
		}
	rc = S_lookups(r);
cleanup:
	free(order);
	return rc;
}

/* PostgresBench's own p95 / p99 of a cell: the median of its runs' (as
 * latency_avg_ms is of theirs), NaN when no run has them. v is room for
 * nruns values. */
static void S_pgb_percentiles(tr_cell *cell, const tr_results *r, double *v)
{
	for (size_t k = 0; k < cell->nruns; k++)
		v[k] = r->runs[cell->runs[k]].pgb_p95_ms;
	cell->pgb_p95_ms = tr_median(v, cell->nruns);
	for (size_t k = 0; k < cell->nruns; k++)
		v[k] = r->runs[cell->runs[k]].pgb_p99_ms;
	cell->pgb_p99_ms = tr_median(v, cell->nruns);
}

static int S_cell_figures(tr_results *r, const tr_study *st)
{
	for (size_t c = 0; c < r->ncells; c++) {
		tr_cell *cell = &r->cells[c];
		size_t n = cell->nruns;
		double *tps = tr_calloc(n, sizeof(double));
		double *lat = tr_calloc(n, sizeof(double));
		double cost = tr_results_setup(r, cell->provider, cell->scenario)->monthly_cost;
		int rc;
		if (!tps || !lat) {
			free(tps);
			free(lat);
			return TR_ENOMEM;
		}
		for (size_t k = 0; k < n; k++) {
			tps[k] = r->runs[cell->runs[k]].tps;
			lat[k] = r->runs[cell->runs[k]].latency_avg_ms;
		}
		cell->latency_avg_ms = tr_median(lat, n);
		S_pgb_percentiles(cell, r, lat);
		cell->tps_median = tr_median(tps, n);
		cell->tps_mean = tr_mean(tps, n);
		cell->tps_min = cell->tps_max = tps[0];
		for (size_t k = 1; k < n; k++) {
			if (tps[k] < cell->tps_min)
				cell->tps_min = tps[k];
			if (tps[k] > cell->tps_max)
				cell->tps_max = tps[k];
		}
		cell->cost_per_tps = cost / cell->tps_median;
		cell->tps_per_100 = cell->tps_median / cost * 100.0;
		free(tps);
		free(lat);
		if ((rc = tr_cell_stability(cell, r, st)) < 0)
			return rc;
		if ((rc = tr_cell_latency(cell, r, st)) < 0)
			return rc;
	}
	return 0;
}

/* ---- everything ------------------------------------------------------------ */

/* Without [study] baseline: the provider that shares the most places
 * (scenario x workload, a workload's machine included) with others, that
 * is, the one with the most comparisons to make; ties go to the one with
 * more cells, then to the first in study order. The first provider alone
 * was no fair choice: one that ran only machines nobody else ran compared
 * with nothing (docs/metrics.md, "Comparisons"). Cells are sorted by
 * scenario and workload, so each place is one stretch of them. */
static int S_default_baseline(tr_results *r, const tr_study *st)
{
	size_t *shared, *cells;
	if (st->config.baseline || r->nproviders < 2)
		return 0;
	shared = tr_calloc(r->nproviders, sizeof(size_t));
	cells = tr_calloc(r->nproviders, sizeof(size_t));
	if (!shared || !cells) {
		free(shared);
		free(cells);
		return TR_ENOMEM;
	}
	for (size_t i = 0, end; i < r->ncells; i = end) {
		const tr_cell *c = &r->cells[i];
		for (end = i + 1; end < r->ncells && r->cells[end].scenario == c->scenario &&
		                  r->cells[end].workload == c->workload; end++)
			;
		for (size_t k = i; k < end; k++) {
			shared[r->cells[k].provider] += end - i - 1;
			cells[r->cells[k].provider]++;
		}
	}
	r->baseline = 0;
	for (size_t p = 1; p < r->nproviders; p++)
		if (shared[p] > shared[r->baseline] ||
		    (shared[p] == shared[r->baseline] && cells[p] > cells[r->baseline]))
			r->baseline = p;
	free(shared);
	free(cells);
	return 0;
}

/* Each scenario's baseline. Named in [study]: that provider everywhere.
 * Else the provider that ran the most of the scenario's places (for an
 * imported study, its machine shapes): a study-wide choice that ran one
 * machine of a scenario while another ran three would leave most of that
 * scenario uncompared. Ties go to the study-wide choice when it is among
 * them (so a study whose providers ran the same places keeps one
 * baseline), else to the first. A scenario without cells keeps the
 * study-wide one. Cells are sorted by scenario: one stretch each. */
static int S_scenario_baselines(tr_results *r, const tr_study *st)
{
	size_t *count = tr_calloc(r->nproviders ? r->nproviders : 1, sizeof(size_t));
	if (!count)
		return TR_ENOMEM;
	for (size_t s = 0; s < r->nscenarios; s++)
		r->scenarios[s].baseline = r->baseline;
	for (size_t i = 0, end; i < r->ncells && !st->config.baseline; i = end) {
		size_t s = r->cells[i].scenario, best = r->baseline;
		memset(count, 0, r->nproviders * sizeof(size_t));
		for (end = i; end < r->ncells && r->cells[end].scenario == s; end++)
			count[r->cells[end].provider]++;
		for (size_t p = 0; p < r->nproviders; p++)
			if (count[p] > count[best] ||
			    (count[p] == count[best] && p < best && count[r->baseline] < count[p]))
				best = p;
		r->scenarios[s].baseline = best;
	}
	free(count);
	return 0;
}

int tr_results_compute(tr_results **out, const tr_study *st)
{
	tr_results *r;
	char (*versions)[32] = NULL;
	int rc;

	*out = NULL;
	r = tr_calloc(1, sizeof(*r));
	if (!r)
		return TR_ENOMEM;
	r->title = st->config.title;
	r->subtitle = st->config.subtitle;
	r->notes = st->config.notes;
	r->fx = st->config.fx;
	r->nfx = st->config.nfx;
	r->fx_date = st->config.fx_date;
	r->fx_source = st->config.fx_source;
	r->fact_labels = st->config.fact_labels;
	r->nfact_labels = st->config.nfact_labels;
	r->currency = S_report_currency(st);
	r->alpha = 0.05;
	r->run_pick = st->config.runs;
	r->digest = st->digest;
	r->percentile = st->config.percentile;
	r->baseline = 0;
	if (st->config.baseline) {
		long b = tr_study_provider_index(st, st->config.baseline);
		if (b < 0) {
			rc = tr_error_set_at("tpsreport.ini", 0,
			                     "baseline = %s: no provider has that name "
			                     "(providers are the folders in results/)",
			                     st->config.baseline);
			goto fail;
		}
		r->baseline = (size_t)b;
	}
	for (size_t i = 0; i < st->diags.count; i++) {
		const tr_diag *d = &st->diags.items[i];
		if ((rc = tr_diags_add(&r->warnings, d->severity, d->code, d->path,
		                       d->line, "%s", d->message)) < 0)
			goto fail;
	}
	versions = tr_calloc(st->nruns ? st->nruns : 1, sizeof(*versions));
	if (!versions) {
		rc = TR_ENOMEM;
		goto fail;
	}
	if ((rc = S_providers(r, st)) < 0 ||
	    (rc = tr_setups_compute(r, st)) < 0 ||
	    (rc = tr_scenarios_compute(r, st)) < 0 ||
	    (rc = S_runs(r, st, versions)) < 0 ||
	    (rc = tr_workloads_sort(r)) < 0 ||
	    (rc = S_cells(r)) < 0 ||
	    (rc = S_default_baseline(r, st)) < 0 ||
	    (rc = S_scenario_baselines(r, st)) < 0 ||
	    (rc = S_cell_figures(r, st)) < 0 ||
	    (rc = tr_comparisons_compute(r)) < 0 ||
	    (rc = tr_sweeps_compute(r)) < 0 ||
	    (rc = tr_paired_compute(r)) < 0 ||
	    (rc = tr_headline_compute(r)) < 0 ||
	    (rc = tr_inits_compute(r, st)) < 0 ||
	    (rc = tr_cell_extras(r)) < 0 ||
	    (rc = tr_cell_server(r)) < 0 ||
	    (rc = tr_findings_compute(r, st)) < 0)
		goto fail;
	if (!(r->pair_cache = tr_pair_cache_new())) {
		rc = TR_ENOMEM;
		goto fail;
	}
	r->versions = versions;
	tr_diags_sort(&r->warnings);
	*out = r;
	return 0;
fail:
	free(versions);
	tr_results_free(r);
	return rc;
}

void tr_results_free(tr_results *r)
{
	if (!r)
		return;
	free(r->setups);
	for (size_t i = 0; i < r->nproviders; i++)
		free(r->providers[i].price);
	free(r->providers);
	for (size_t i = 0; i < r->nscenarios; i++)
		free(r->scenarios[i].regimes);
	free(r->scenarios);
	for (size_t i = 0; i < r->nworkloads; i++) {
		free(r->workloads[i].short_type);
		free(r->workloads[i].label);
		free(r->workloads[i].key);
	}
	free(r->workloads);
	for (size_t i = 0; r->runs && i < r->nruns; i++) {
		free(r->runs[i].series);
		tr_run_server_free(&r->runs[i].server);
	}
	free(r->runs);
	for (size_t i = 0; i < r->ncells; i++) {
		free(r->cells[i].runs);
		free(r->cells[i].waits);
		if (r->cells[i].latency_hist) {
			tr_hist_free(r->cells[i].latency_hist);
			free(r->cells[i].latency_hist);
		}
	}
	free(r->cells);
	free(r->cell_order);
	free(r->provider_cells);
	free(r->places_scenario);
	free(r->places_workload);
	free(r->comparisons);
	free(r->sweeps);
	free(r->inits);
	tr_diags_free(&r->warnings);
	tr_diags_free(&r->findings);
	free(r->versions);
	free(r->machines);
	tr_pair_cache_free(r->pair_cache);
	free(r);
}

char *tr_results_title(const tr_results *r)
{
	tr_buf b = TR_BUF_INIT;
	if (r->title)
		return tr_strdup(r->title);
	/* no [study] title: name what is compared, as every output does */
	tr_buf_puts(&b, "pgbench: ");
	for (size_t i = 0; i < r->nproviders; i++)
		tr_buf_printf(&b, "%s%s", i ? " vs " : "", r->providers[i].label);
	if (r->nproviders == 0)
		tr_buf_puts(&b, "results");
	return b.ptr ? tr_buf_detach(&b) : NULL;
}
