/* json.c: the results document (docs/results-json.md).
 *
 * Keys are written in a fixed order and numbers in their shortest exact
 * form, so identical results give identical bytes. Unknown numbers are
 * null, never 0. */

#include "export.h"
#include "chart/chart.h"
#include "version.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void S_num(tr_json *j, const char *key, double v)
{
	tr_json_key(j, key);
	tr_json_number(j, v);
}

static void S_int(tr_json *j, const char *key, int64_t v)
{
	tr_json_key(j, key);
	if (v < 0)
		tr_json_null(j);
	else
		tr_json_int(j, v);
}

static void S_str(tr_json *j, const char *key, const char *v)
{
	tr_json_key(j, key);
	tr_json_string(j, v);
}

static const char *S_source(tr_window_source s)
{
	switch (s) {
	case TR_WINDOWS_AGGREGATE: return "aggregate-log";
	case TR_WINDOWS_PROGRESS: return "progress";
	default: return NULL;
	}
}

/* A time of the logs to the millisecond, the finest any of them gives
 * (-P's 0.1 s, --progress-timestamp's 1 ms): 10.1 - 1.5 is 8.6, not
 * 8.599999999999999. */
static double S_ms(double s)
{
	return round(s * 1000.0) / 1000.0;
}

/* windows.series_origin_s and windows.series (docs/results-json.md): the
 * windows that count, each from the start of the run's first window. */
static void S_series(tr_json *j, const tr_run_result *run)
{
	S_num(j, "series_origin_s", S_ms(run->series_origin_s));
	tr_json_key(j, "series");
	tr_json_array_begin(j);
	for (size_t k = 0; k < run->nseries; k++) {
		const tr_window *w = &run->series[k];
		tr_json_object_begin(j);
		S_num(j, "start_s", S_ms(w->start_s - run->series_origin_s));
		S_num(j, "length_s", S_ms(w->length_s));
		S_num(j, "tps", w->tps);
		S_num(j, "latency_avg_ms", w->latency_ms);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* The stability figures; `run` also writes the run's window series
 * (build --windows), NULL leaves it out. */
static void S_stability(tr_json *j, const char *key, const tr_stability *s,
                        const tr_run_result *run)
{
	tr_json_key(j, key);
	if (!s->present) {
		tr_json_null(j);
		return;
	}
	tr_json_object_begin(j);
	S_str(j, "source", S_source(s->source));
	S_num(j, "interval_s", s->interval_s);
	S_int(j, "count", (int64_t)s->windows);
	S_num(j, "tps_mean", s->tps_mean);
	S_num(j, "tps_cov_pct", s->tps_cov_pct);
	S_num(j, "tps_min", s->tps_min);
	S_num(j, "tps_min_pct", s->tps_min_pct);
	S_num(j, "tps_max", s->tps_max);
	S_num(j, "latency_p95_ms", s->latency_p95_ms);
	S_num(j, "latency_max_ms", s->latency_max_ms);
	if (run)
		S_series(j, run);
	tr_json_object_end(j);
}

static void S_latency(tr_json *j, const tr_latency *l)
{
	tr_json_key(j, "latency");
	if (!l->present) {
		tr_json_null(j);
		return;
	}
	tr_json_object_begin(j);
	S_str(j, "source", "transaction-log");
	S_int(j, "count", l->count);
	S_int(j, "skipped", l->skipped);
	S_int(j, "failed", l->failed);
	S_num(j, "min_ms", l->min_ms);
	S_num(j, "p50_ms", l->p50_ms);
	S_num(j, "p90_ms", l->p90_ms);
	S_num(j, "p95_ms", l->p95_ms);
	S_num(j, "p99_ms", l->p99_ms);
	S_num(j, "p999_ms", l->p999_ms);
	S_num(j, "p9999_ms", l->p9999_ms);
	S_num(j, "max_ms", l->max_ms);
	tr_json_object_end(j);
}

static void S_workload(tr_json *j, const tr_workload *w)
{
	tr_json_object_begin(j);
	S_str(j, "transaction_type", w->transaction_type);
	S_int(j, "clients", w->clients);
	S_int(j, "threads", w->threads);
	S_str(j, "query_mode", w->query_mode);
	S_str(j, "machine", w->machine);
	tr_json_object_end(j);
}


/* The server facts `tpsreport run` kept (docs/run.md), only when it did. */
static void S_server(tr_json *j, const tr_server_facts *f)
{
	tr_json_key(j, "server");
	tr_json_object_begin(j);
	S_str(j, "version", f->server_version);
	tr_json_key(j, "version_num");
	if (f->server_version_num >= 0)
		tr_json_int(j, f->server_version_num);
	else
		tr_json_null(j);
	S_str(j, "pgbench_version", f->pgbench_version);
	S_str(j, "read_at", f->read_at);
	tr_json_key(j, "settings");
	tr_json_object_begin(j);
	for (size_t k = 0; k < f->nsettings; k++)
		S_str(j, f->settings[k].name, f->settings[k].value);
	tr_json_object_end(j);
	tr_json_object_end(j);
}

static bool S_has_fact(const tr_fact *f, size_t n, const char *name)
{
	for (size_t k = 0; k < n; k++)
		if (strcmp(f[k].name, name) == 0)
			return true;
	return false;
}

/* "facts": the facts that apply, a provider's (base) and a [cell]
 * section's (over, which win over a base fact of the same name). */
static void S_facts(tr_json *j, const tr_fact *base, size_t nbase, const tr_fact *over,
                    size_t nover)
{
	tr_json_key(j, "facts");
	tr_json_object_begin(j);
	for (size_t k = 0; k < nbase; k++)
		if (!S_has_fact(over, nover, base[k].name))
			S_str(j, base[k].name, base[k].value);
	for (size_t k = 0; k < nover; k++)
		S_str(j, over[k].name, over[k].value);
	tr_json_object_end(j);
}

static void S_providers(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "providers");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->nproviders; i++) {
		const tr_provider_result *p = &r->providers[i];
		tr_json_object_begin(j);
		S_str(j, "id", p->id);
		S_str(j, "label", p->label);
		if (p->short_label && p->short_label != p->label)
			S_str(j, "short", p->short_label);
		S_str(j, "color", tr_chart_provider_color(r, i));
		S_num(j, "monthly_cost", p->monthly_cost);
		tr_json_key(j, "price");
		tr_json_array_begin(j);
		for (size_t k = 0; k < p->nprice; k++) {
			const tr_price_line *l = &p->price[k];
			tr_json_object_begin(j);
			S_str(j, "label", l->label);
			S_num(j, "amount", l->amount);
			S_str(j, "currency", l->currency);
			S_str(j, "per", l->hourly ? "hour" : "month");
			S_num(j, "monthly", l->monthly);
			tr_json_object_end(j);
		}
		tr_json_array_end(j);
		S_num(j, "vcpu", p->vcpu);
		S_num(j, "ram_gb", p->ram_gb);
		S_str(j, "notes", p->notes);
		S_facts(j, p->facts, p->nfacts, NULL, 0);
		tr_json_key(j, "baseline");
		tr_json_bool(j, i == r->baseline);
		if (p->server)
			S_server(j, p->server);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_scenarios(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "scenarios");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->nscenarios; i++) {
		const tr_scenario_result *s = &r->scenarios[i];
		tr_json_object_begin(j);
		S_str(j, "id", s->id);
		S_str(j, "label", s->label);
		if (s->short_label && s->short_label != s->label)
			S_str(j, "short", s->short_label);
		S_int(j, "scale", s->scale);
		S_num(j, "data_bytes", s->data_bytes);
		tr_json_key(j, "data_bytes_measured");
		tr_json_bool(j, s->data_measured);
		tr_json_key(j, "regime");
		tr_json_object_begin(j);
		for (size_t p = 0; p < r->nproviders; p++)
			S_str(j, r->providers[p].id, tr_regime_name(s->regimes[p]));
		tr_json_object_end(j);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* The summary's lines beyond TPS and latency, null when not printed. */
static void S_run_summary(tr_json *j, const tr_run_result *run)
{
	const tr_summary *s = run->summary;
	tr_json_key(j, "warmup");
	tr_json_bool(j, run->warmup);
	S_num(j, "initial_connection_ms", s ? s->initial_connection_ms : NAN);
	S_num(j, "average_connection_ms", s ? s->average_connection_ms : NAN);
	S_int(j, "transactions_per_client", s ? s->transactions_per_client : -1);
	S_int(j, "skipped", s ? s->skipped : -1);
	S_int(j, "retried", s ? s->retried : -1);
	S_int(j, "retries", s ? s->retries : -1);
	S_int(j, "serialization_failures", s ? s->serialization_failures : -1);
	S_int(j, "deadlock_failures", s ? s->deadlock_failures : -1);
	S_num(j, "lag_avg_ms", s ? s->lag_avg_ms : NAN);
	tr_json_key(j, "postgresbench_latency");
	if (isnan(run->pgb_p95_ms) && isnan(run->pgb_p99_ms)) {
		tr_json_null(j);
	} else {
		tr_json_object_begin(j);
		S_str(j, "source", "PostgresBench's percentiles");
		S_str(j, "rule", "the first latency whose cumulative count exceeds floor(q*N)");
		S_num(j, "p95_ms", run->pgb_p95_ms);
		S_num(j, "p99_ms", run->pgb_p99_ms);
		tr_json_object_end(j);
	}
}

static void S_server_events(tr_json *j, const tr_server *d)
{
	tr_json_key(j, "checkpoints");
	tr_json_array_begin(j);
	for (size_t i = 0; i < d->ncheckpoints; i++) {
		tr_json_object_begin(j);
		S_num(j, "t_s", d->checkpoints[i].t_s);
		S_str(j, "kind", d->checkpoints[i].requested ? "requested" : "timed");
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
	tr_json_key(j, "autovacuum");
	tr_json_array_begin(j);
	for (size_t i = 0; i < d->nautovacuum; i++) {
		tr_json_object_begin(j);
		S_num(j, "from_s", d->autovacuum[i].t_s);
		S_num(j, "to_s", d->autovacuum[i].to_s);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_server_client(tr_json *j, const tr_run_server *rs)
{
	tr_json_key(j, "client");
	tr_json_object_begin(j);
	S_int(j, "cpus", rs->data->cpus > 0 ? rs->data->cpus : -1);
	S_num(j, "cpu_pct_max", rs->cpu_pct_max);
	S_num(j, "cpu_pct_mean", rs->cpu_pct_mean);
	S_num(j, "pgbench_cpu_pct_max", rs->pgbench_cpu_pct_max);
	S_int(j, "cpu_samples", (int64_t)rs->cpu_samples);
	S_int(j, "busy_samples", (int64_t)rs->busy_samples);
	tr_json_key(j, "client_bound");
	tr_json_bool(j, rs->client_bound);
	tr_json_object_end(j);
}

/* One wait of runs[].server.waits or cells[].server.waits. */
static void S_wait(tr_json *j, const char *type, const char *event, int64_t samples,
                   double share)
{
	tr_json_object_begin(j);
	S_str(j, "type", type);
	S_str(j, "event", event);
	S_int(j, "samples", samples);
	S_num(j, "share", share);
	tr_json_object_end(j);
}

/* A run's server samples (runN.server.json) as figures; null without. */
static void S_run_server(tr_json *j, const tr_run_server *rs)
{
	const tr_server *d = rs->data;
	tr_json_key(j, "server");
	if (!d) {
		tr_json_null(j);
		return;
	}
	tr_json_object_begin(j);
	S_str(j, "path", d->path);
	S_num(j, "interval_s", d->interval_s);
	S_int(j, "samples", (int64_t)d->nsamples);
	S_int(j, "active_samples", d->active_samples);
	tr_json_key(j, "waits");
	tr_json_array_begin(j);
	for (size_t i = 0; i < d->nwaits; i++)
		S_wait(j, d->waits[i].type, d->waits[i].event, d->waits[i].samples,
		       rs->wait_share[i]);
	tr_json_array_end(j);
	S_server_events(j, d);
	tr_json_key(j, "counters");
	tr_json_object_begin(j);
	for (int c = 0; c < TR_SRV_NCOUNTERS; c++)
		if (!isnan(d->counters[c]))
			S_num(j, tr_server_counter_name((tr_server_counter)c), d->counters[c]);
	tr_json_object_end(j);
	tr_json_key(j, "per_transaction");
	tr_json_object_begin(j);
	S_num(j, "wal_bytes", rs->wal_bytes_per_tx);
	S_num(j, "blks_read", rs->blks_read_per_tx);
	S_num(j, "buffers_checkpoint", rs->buffers_checkpoint_per_tx);
	tr_json_object_end(j);
	S_server_client(j, rs);
	tr_json_key(j, "notes");
	tr_json_array_begin(j);
	for (size_t i = 0; i < d->nnotes; i++)
		tr_json_string(j, d->notes[i]);
	tr_json_array_end(j);
	tr_json_object_end(j);
}

static void S_runs(tr_json *j, const tr_results *r, bool series)
{
	tr_json_key(j, "runs");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		const tr_workload *w = &r->workloads[run->workload];
		tr_json_object_begin(j);
		S_str(j, "provider", r->providers[run->provider].id);
		S_str(j, "scenario", r->scenarios[run->scenario].id);
		S_str(j, "id", run->id);
		S_str(j, "path", run->path);
		S_str(j, "pgbench_version", run->pgbench_version);
		S_int(j, "pgbench_major", run->pgbench_major);
		S_str(j, "transaction_type", w->transaction_type);
		S_int(j, "scale", run->scale);
		S_str(j, "query_mode", w->query_mode);
		S_int(j, "clients", w->clients);
		S_int(j, "threads", w->threads);
		S_str(j, "machine", w->machine);
		S_int(j, "duration_s", run->duration_s);
		S_int(j, "transactions", run->transactions);
		S_int(j, "failed", run->failed);
		S_num(j, "tps", run->tps);
		S_num(j, "latency_avg_ms", run->latency_avg_ms);
		S_num(j, "latency_stddev_ms", run->latency_stddev_ms);
		tr_json_key(j, "aborted");
		tr_json_bool(j, run->aborted);
		tr_json_key(j, "excluded");
		tr_json_bool(j, run->excluded);
		S_str(j, "excluded_reason", run->excluded_reason);
		S_run_summary(j, run);
		S_stability(j, "windows", &run->windows, series ? run : NULL);
		tr_json_key(j, "aggregate_latency");
		if (isnan(run->agg_latency_mean_ms)) {
			tr_json_null(j);
		} else {
			tr_json_object_begin(j);
			S_num(j, "mean_ms", run->agg_latency_mean_ms);
			S_num(j, "stddev_ms", run->agg_latency_stddev_ms);
			S_num(j, "max_ms", run->agg_latency_max_ms);
			tr_json_object_end(j);
		}
		S_latency(j, &run->latency);
		S_run_server(j, &run->server);
		S_str(j, "sha256", run->digest);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* The catalog's top-level cell figures (keys without a dot; the nested
 * ones are written with their objects below). */
static void S_flat_metrics(tr_json *j, const tr_cell *c)
{
	size_t nm;
	const tr_metric *m = tr_metric_catalog(&nm);
	for (size_t k = 0; k < nm; k++)
		if (m[k].kind == TR_METRIC_CELL && !strchr(m[k].key, '.'))
			S_num(j, m[k].key, tr_metric_value(&m[k], c, NULL, NULL));
}

/* The catalog's figures under a dotted prefix ("init."), nested as their
 * keys say: "init": {"total_s": .., "phase": {"vacuum_s": ..}}; null when
 * the cell has none of them (no init timings). The rows of a group are
 * consecutive in the catalog. */
static void S_nested_metrics(tr_json *j, const tr_cell *c, const char *prefix)
{
	size_t nm, plen = strlen(prefix);
	const tr_metric *m = tr_metric_catalog(&nm);
	char name[64];
	const char *group = NULL;
	size_t glen = 0;
	bool any = false;
	for (size_t k = 0; k < nm; k++)
		any |= m[k].kind == TR_METRIC_CELL && strncmp(m[k].key, prefix, plen) == 0 &&
		       !isnan(tr_metric_value(&m[k], c, NULL, NULL));
	snprintf(name, sizeof(name), "%.*s", (int)(plen - 1), prefix);
	tr_json_key(j, name);
	if (!any) {
		tr_json_null(j);
		return;
	}
	tr_json_object_begin(j);
	for (size_t k = 0; k < nm; k++) {
		const char *rest = m[k].key + plen, *dot;
		if (m[k].kind != TR_METRIC_CELL || strncmp(m[k].key, prefix, plen) != 0)
			continue;
		dot = strchr(rest, '.');
		if (group && (!dot || (size_t)(dot - rest) != glen || strncmp(rest, group, glen) != 0)) {
			tr_json_object_end(j);
			group = NULL;
		}
		if (dot && !group) {
			group = rest;
			glen = (size_t)(dot - rest);
			snprintf(name, sizeof(name), "%.*s", (int)glen, rest);
			tr_json_key(j, name);
			tr_json_object_begin(j);
		}
		S_num(j, dot ? dot + 1 : rest, tr_metric_value(&m[k], c, NULL, NULL));
	}
	if (group)
		tr_json_object_end(j);
	tr_json_object_end(j);
}

/* "server": the catalog's server.* figures and the cell's top waits,
 * written only where some run has a sampler file (studies without one
 * keep their results.json as it was). */
static void S_cell_server(tr_json *j, const tr_cell *c)
{
	size_t nm;
	const tr_metric *m = tr_metric_catalog(&nm);
	tr_json_key(j, "server");
	tr_json_object_begin(j);
	S_int(j, "runs", (int64_t)c->server_runs);
	for (size_t k = 0; k < nm; k++)
		if (m[k].kind == TR_METRIC_CELL && strncmp(m[k].key, "server.", 7) == 0)
			S_num(j, m[k].key + 7, tr_metric_value(&m[k], c, NULL, NULL));
	tr_json_key(j, "waits");
	tr_json_array_begin(j);
	for (size_t i = 0; i < c->nwaits; i++)
		S_wait(j, c->waits[i].type, c->waits[i].event, c->waits[i].samples,
		       c->waits[i].share);
	tr_json_array_end(j);
	tr_json_object_end(j);
}

static void S_cells(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "cells");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		tr_json_object_begin(j);
		S_str(j, "provider", r->providers[c->provider].id);
		S_str(j, "scenario", r->scenarios[c->scenario].id);
		tr_json_key(j, "workload");
		S_workload(j, &r->workloads[c->workload]);
		S_str(j, "workload_key", r->workloads[c->workload].key);
		S_int(j, "runs", (int64_t)c->nruns);
		tr_json_key(j, "run_ids");
		tr_json_array_begin(j);
		for (size_t k = 0; k < c->nruns; k++)
			tr_json_string(j, r->runs[c->runs[k]].id);
		tr_json_array_end(j);
		/* A name can stand twice (a second run of a name, left out): the
		 * paths say which runs, unambiguously. */
		tr_json_key(j, "run_paths");
		tr_json_array_begin(j);
		for (size_t k = 0; k < c->nruns; k++)
			tr_json_string(j, r->runs[c->runs[k]].path);
		tr_json_array_end(j);
		S_int(j, "excluded_runs", (int64_t)c->nexcluded);
		S_flat_metrics(j, c);
		S_str(j, "worst_cov_run", c->worst_cov_run);
		S_str(j, "worst_dip_run", c->worst_dip_run);
		tr_json_key(j, "stability");
		tr_json_object_begin(j);
		S_stability(j, "worst", &c->worst, NULL);
		S_stability(j, "median_run", &c->median_run, NULL);
		S_stability(j, "pooled", &c->pooled, NULL);
		tr_json_object_end(j);
		S_latency(j, &c->latency);
		S_nested_metrics(j, c, "init.");
		/* "pgb": the catalog's pgb.p95_ms and pgb.p99_ms, PostgresBench's
		 * own percentiles (median of the runs'), null without */
		tr_json_key(j, "pgb");
		if (isnan(c->pgb_p95_ms) && isnan(c->pgb_p99_ms)) {
			tr_json_null(j);
		} else {
			tr_json_object_begin(j);
			S_num(j, "p95_ms", c->pgb_p95_ms);
			S_num(j, "p99_ms", c->pgb_p99_ms);
			tr_json_object_end(j);
		}
		if (c->server_runs > 0)
			S_cell_server(j, c);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_comparisons(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "comparisons");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->ncomparisons; i++) {
		const tr_comparison *c = &r->comparisons[i];
		tr_json_object_begin(j);
		S_str(j, "scenario", r->scenarios[c->scenario].id);
		tr_json_key(j, "workload");
		S_workload(j, &r->workloads[c->workload]);
		S_str(j, "workload_key", r->workloads[c->workload].key);
		S_str(j, "baseline", r->providers[c->baseline].id);
		S_str(j, "provider", r->providers[c->provider].id);
		S_num(j, "tps_ratio", c->tps_ratio);
		S_num(j, "tps_gap_pct", c->tps_gap_pct);
		S_num(j, "latency_ratio", c->latency_ratio);
		S_num(j, "latency_gap_pct", (c->latency_ratio - 1) * 100);
		S_num(j, "cost_per_tps_ratio", c->cost_per_tps_ratio);
		S_num(j, "value_ratio", c->value_ratio);
		S_num(j, "p_value", c->p_value);
		S_num(j, "p_adjusted", c->p_adjusted);
		tr_json_key(j, "significant");
		tr_json_bool(j, c->significant);
		tr_json_key(j, "exact");
		tr_json_bool(j, c->exact);
		S_int(j, "n_baseline", (int64_t)c->n_baseline);
		S_int(j, "n_provider", (int64_t)c->n_provider);
		S_int(j, "runs_needed", (int64_t)c->runs_needed);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* sweeps[].paired: the Wilcoxon signed-rank test against the baseline
 * across the sweep's combinations (docs/results-json.md); null for the
 * baseline and where fewer than 2 combinations are shared. */
static void S_paired(tr_json *j, const tr_results *r, const tr_paired *t)
{
	tr_json_key(j, "paired");
	if (!t->present) {
		tr_json_null(j);
		return;
	}
	tr_json_object_begin(j);
	S_str(j, "baseline", r->providers[t->baseline].id);
	S_int(j, "pairs", (int64_t)t->pairs);
	S_int(j, "faster", (int64_t)t->test.positive);
	S_int(j, "slower", (int64_t)t->test.negative);
	S_int(j, "equal", (int64_t)t->test.zeros);
	S_num(j, "gap_median_pct", t->gap_median_pct);
	S_num(j, "v", t->test.v);
	S_num(j, "p_value", t->test.p);
	S_num(j, "p_adjusted", t->p_adjusted);
	tr_json_key(j, "significant");
	tr_json_bool(j, t->significant);
	tr_json_key(j, "exact");
	tr_json_bool(j, t->test.exact);
	tr_json_key(j, "ties");
	tr_json_bool(j, t->test.ties);
	tr_json_object_end(j);
}

static void S_sweeps(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "sweeps");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->nsweeps; i++) {
		const tr_sweep_avg *s = &r->sweeps[i];
		tr_json_object_begin(j);
		S_str(j, "provider", r->providers[s->provider].id);
		S_str(j, "scenario", r->scenarios[s->scenario].id);
		S_str(j, "transaction_type", s->short_type);
		S_int(j, "combinations", (int64_t)s->combos);
		S_num(j, "tps_avg", s->tps_avg);
		S_num(j, "latency_avg_ms", s->latency_avg_ms);
		S_paired(j, r, &s->paired);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

/* One provider's aggregates of every cell metric of the catalog over the
 * cells of scenario s (-1: every scenario), as {{value P S M *}} shows
 * them. */
static void S_aggregate(tr_json *j, const tr_results *r, size_t p, long s, size_t ncells)
{
	size_t nm;
	const tr_metric *m = tr_metric_catalog(&nm);
	tr_json_object_begin(j);
	S_str(j, "provider", r->providers[p].id);
	S_str(j, "scenario", s >= 0 ? r->scenarios[s].id : "*");
	S_int(j, "cells", (int64_t)ncells);
	tr_json_key(j, "metrics");
	tr_json_object_begin(j);
	for (size_t k = 0; k < nm; k++) {
		size_t used, missing;
		double agg[TR_AGG_COUNT];
		bool dup = false;
		if (m[k].kind != TR_METRIC_CELL)
			continue;
		/* tps_cov_pct_worst is stability.worst.tps_cov_pct: once */
		for (size_t e = 0; e < k && !dup; e++)
			dup = m[e].kind == m[k].kind && m[e].offset == m[k].offset;
		if (dup)
			continue;
		tr_metric_over_all(agg, r, &m[k], p, -1, s, -1, &used, &missing);
		if (isnan(agg[TR_AGG_MEAN]))
			continue;
		tr_json_key(j, m[k].key);
		tr_json_object_begin(j);
		for (int a = 0; a < TR_AGG_COUNT; a++)
			/* a sum is a figure of counts only (transactions); of
			 * rates and times it means nothing */
			if (a != TR_AGG_SUM || m[k].format == TR_METRIC_FMT_COUNT)
				S_num(j, tr_metric_agg_name((tr_metric_agg)a), agg[a]);
		S_int(j, "n", (int64_t)used);
		tr_json_object_end(j);
	}
	tr_json_object_end(j);
	tr_json_object_end(j);
}

/* Where a provider has several cells: per scenario, and over all. */
static void S_aggregates(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "aggregates");
	tr_json_array_begin(j);
	for (size_t p = 0; r->provider_cells && p < r->nproviders; p++) {
		size_t first = r->provider_cells[p], end = r->provider_cells[p + 1];
		/* the provider's cells, in cell order: scenario by scenario */
		for (size_t k = first, run = first; k < end; k++)
			if (k + 1 == end || r->cells[r->cell_order[k + 1]].scenario !=
			                    r->cells[r->cell_order[k]].scenario) {
				if (k + 1 - run > 1)
					S_aggregate(j, r, p, (long)r->cells[r->cell_order[k]].scenario,
					            k + 1 - run);
				run = k + 1;
			}
		if (end - first > 1 && r->nscenarios > 1)
			S_aggregate(j, r, p, -1, end - first);
	}
	tr_json_array_end(j);
}

/* [cell P S] sections: what they set, and the facts that apply. */
static void S_setups(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "setups");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->nsetups; i++) {
		const tr_cell_setup *u = &r->setups[i];
		const tr_cell_config *cc = u->config;
		if (!cc)
			continue;
		tr_json_object_begin(j);
		S_str(j, "provider", r->providers[u->provider].id);
		S_str(j, "scenario", r->scenarios[u->scenario].id);
		S_num(j, "vcpu", u->vcpu);
		S_num(j, "ram_gb", u->ram_gb);
		S_num(j, "monthly_cost", u->monthly_cost);
		S_str(j, "notes", u->notes);
		S_facts(j, u->provider_facts, u->nprovider_facts, cc->facts, cc->nfacts);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_inits(tr_json *j, const tr_results *r)
{
	tr_json_key(j, "init");
	tr_json_array_begin(j);
	for (size_t i = 0; i < r->ninits; i++) {
		const tr_init *in = r->inits[i].init;
		tr_json_object_begin(j);
		S_str(j, "provider", r->providers[r->inits[i].provider].id);
		S_str(j, "scenario", r->scenarios[r->inits[i].scenario].id);
		S_str(j, "path", in->path);
		tr_json_key(j, "shared");
		tr_json_bool(j, in->shared);
		S_str(j, "source", in->source);
		S_num(j, "total_s", in->total_s);
		S_num(j, "wall_s", in->wall_s);
		S_num(j, "user_s", in->user_s);
		S_num(j, "sys_s", in->sys_s);
		tr_json_key(j, "phases");
		tr_json_object_begin(j);
		for (size_t k = 0; k < in->nphases; k++)
			S_num(j, in->phases[k].name, in->phases[k].seconds);
		tr_json_object_end(j);
		S_int(j, "rows", in->rows);
		S_int(j, "scale", in->scale);
		S_int(j, "jobs", in->jobs > 0 ? in->jobs : 1);
		S_int(j, "database_bytes", in->database_bytes);
		S_str(j, "server_version", in->server_version);
		tr_json_key(j, "settings");
		tr_json_object_begin(j);
		for (size_t k = 0; k < in->nsettings; k++)
			S_str(j, in->settings[k].name, in->settings[k].value);
		tr_json_object_end(j);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_diags(tr_json *j, const char *key, const tr_diags *d)
{
	tr_json_key(j, key);
	tr_json_array_begin(j);
	for (size_t i = 0; i < d->count; i++) {
		const tr_diag *x = &d->items[i];
		tr_json_object_begin(j);
		S_str(j, "severity", x->severity == TR_SEV_WARNING ? "warning" : "note");
		S_str(j, "code", x->code);
		S_str(j, "path", x->path);
		S_int(j, "line", x->line > 0 ? x->line : -1);
		S_str(j, "message", x->message);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static int S_document(tr_buf *out, const tr_results *r, bool series)
{
	tr_json j;
	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	S_int(&j, "schema", TR_RESULTS_SCHEMA);
	tr_json_key(&j, "tool");
	tr_json_object_begin(&j);
	S_str(&j, "name", "tpsreport");
	S_str(&j, "version", TR_VERSION);
	tr_json_object_end(&j);
	tr_json_key(&j, "study");
	tr_json_object_begin(&j);
	S_str(&j, "title", r->title);
	S_str(&j, "subtitle", r->subtitle);
	S_str(&j, "notes", r->notes);
	S_str(&j, "currency", r->currency);
	S_str(&j, "baseline", r->nproviders ? r->providers[r->baseline].id : NULL);
	S_num(&j, "alpha", r->alpha);
	S_str(&j, "percentile", tr_pct_rule_name(r->percentile));
	S_str(&j, "runs", tr_run_pick_name(r->run_pick));
	tr_json_key(&j, "fx");
	tr_json_object_begin(&j);
	S_str(&j, "date", r->fx_date);
	S_str(&j, "source", r->fx_source);
	tr_json_key(&j, "rates");
	tr_json_object_begin(&j);
	for (size_t i = 0; i < r->nfx; i++)
		S_num(&j, r->fx[i].currency, r->fx[i].rate);
	tr_json_object_end(&j);
	tr_json_object_end(&j);
	S_str(&j, "inputs_sha256", r->digest);
	tr_json_object_end(&j);
	S_providers(&j, r);
	S_scenarios(&j, r);
	tr_json_key(&j, "workloads");
	tr_json_array_begin(&j);
	for (size_t i = 0; i < r->nworkloads; i++) {
		const tr_workload *w = &r->workloads[i];
		tr_json_object_begin(&j);
		S_str(&j, "key", w->key);
		S_str(&j, "label", w->label);
		S_str(&j, "short_type", w->short_type);
		S_str(&j, "transaction_type", w->transaction_type);
		S_int(&j, "clients", w->clients);
		S_int(&j, "threads", w->threads);
		S_str(&j, "query_mode", w->query_mode);
		S_str(&j, "machine", w->machine);
		tr_json_object_end(&j);
	}
	tr_json_array_end(&j);
	S_runs(&j, r, series);
	S_cells(&j, r);
	S_comparisons(&j, r);
	S_sweeps(&j, r);
	S_aggregates(&j, r);
	S_setups(&j, r);
	S_inits(&j, r);
	S_diags(&j, "warnings", &r->warnings);
	S_diags(&j, "findings", &r->findings);
	tr_json_object_end(&j);
	return tr_json_finish(&j);
}

int tr_export_json(tr_buf *out, const tr_results *r)
{
	return S_document(out, r, false);
}

int tr_export_json_windows(tr_buf *out, const tr_results *r)
{
	return S_document(out, r, true);
}
