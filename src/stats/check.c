/* check.c: the comparability lint behind `tpsreport check` (docs/check.md).
 *
 * What would make a published comparison unfair or shaky: providers in one
 * scenario run with different pgbench versions, scales, workloads or
 * durations; cells with too few runs; runs cut short, aborted, with failed
 * transactions, missing or orphaned logs, or gaps between windows. Each
 * finding names the files it is about. */

#include "stats_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/str.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_MIN_RUNS TR_MIN_RUNS

/* An attribute of a run as text, NULL when the run does not say. */
typedef struct {
	const char *name;                  /* "pgbench major version" */
	const char *(*text)(const tr_run *run, char *buf, size_t size);
} S_attr;

static const char *S_major(const tr_run *run, char *buf, size_t size)
{
	const tr_summary *s = &run->summary;
	if (s->major > 0)
		snprintf(buf, size, "%d", s->major);
	else if (s->major_min > 0 && s->major_max > 0 && s->major_min != s->major_max)
		snprintf(buf, size, "%d-%d", s->major_min, s->major_max);
	else if (s->major_min > 0 && s->major_max < 0)
		snprintf(buf, size, "%d or later", s->major_min);
	else
		return NULL;
	return buf;
}

static const char *S_scale(const tr_run *run, char *buf, size_t size)
{
	if (run->summary.scale < 0)
		return NULL;
	snprintf(buf, size, "%lld", (long long)run->summary.scale);
	return buf;
}

static const char *S_clients(const tr_run *run, char *buf, size_t size)
{
	snprintf(buf, size, "%d", run->summary.clients);
	return buf;
}

static const char *S_threads(const tr_run *run, char *buf, size_t size)
{
	snprintf(buf, size, "%d", run->summary.threads);
	return buf;
}

static const char *S_mode(const tr_run *run, char *buf, size_t size)
{
	(void)buf;
	(void)size;
	return run->summary.query_mode;
}

static const char *S_type(const tr_run *run, char *buf, size_t size)
{
	(void)buf;
	(void)size;
	return run->summary.transaction_type;
}

static const char *S_duration(const tr_run *run, char *buf, size_t size)
{
	if (run->summary.duration_s >= 0)
		snprintf(buf, size, "%d s", run->summary.duration_s);
	else if (run->summary.transactions_per_client >= 0)
		snprintf(buf, size, "%lld transactions per client",
		         (long long)run->summary.transactions_per_client);
	else
		return NULL;
	return buf;
}

static const S_attr S_attrs[] = {
	{ "pgbench major version", S_major },
	{ "scale", S_scale },
	{ "transaction type", S_type },
	{ "number of clients", S_clients },
	{ "number of threads", S_threads },
	{ "query mode", S_mode },
	{ "duration", S_duration },
};

/* The usable runs of the study in order of scenario, provider and file,
 * so that each scenario's runs, and each provider's within it, are one
 * stretch: one sort instead of a scan of every run per provider. */
typedef struct {
	size_t scenario, provider, run;
} S_place;

static int S_cmp_place(const void *pa, const void *pb)
{
	const S_place *a = pa, *b = pb;
	if (a->scenario != b->scenario)
		return a->scenario < b->scenario ? -1 : 1;
	if (a->provider != b->provider)
		return a->provider < b->provider ? -1 : 1;
	return (a->run > b->run) - (a->run < b->run);
}

/* The distinct values of one attribute among runs[0..n) (one provider's
 * usable runs of one scenario), sorted and joined with ", "; NULL when it
 * has none. An example file goes to *example. */
static char *S_value_set(const tr_study *st, const S_place *runs, size_t nruns,
                         const S_attr *attr, const char **example)
{
	char *values[16];
	size_t n = 0;
	char tmp[64];
	tr_buf joined = TR_BUF_INIT;
	*example = NULL;
	for (size_t i = 0; i < nruns; i++) {
		const tr_run *run = &st->runs[runs[i].run];
		const char *v = attr->text(run, tmp, sizeof(tmp));
		bool known = false;
		if (!v)
			continue;
		if (!*example)
			*example = run->path;
		for (size_t k = 0; k < n; k++)
			if (strcmp(values[k], v) == 0)
				known = true;
		if (!known && n < TR_ARRAY_SIZE(values) && (values[n] = tr_strdup(v)))
			n++;
	}
	if (n == 0)
		return NULL;
	qsort(values, n, sizeof(char *), tr_strcmp_ptr);
	for (size_t k = 0; k < n; k++) {
		tr_buf_printf(&joined, "%s%s", k ? ", " : "", values[k]);
		free(values[k]);
	}
	return tr_buf_detach(&joined);
}

/* One provider's value set in a scenario: its runs, its set, an example. */
typedef struct {
	size_t provider;
	char *set;
	const char *example;
} S_provider_set;

/* Flag an attribute whose values differ between the providers of one
 * scenario, whose usable runs are runs[0..n) (a client sweep has many
 * client counts, the same at each provider: that is no finding). */
static int S_scenario_attr(tr_results *r, const tr_study *st, size_t s,
                           const S_place *runs, size_t n, const S_attr *attr)
{
	S_provider_set *sets = tr_calloc(n ? n : 1, sizeof(S_provider_set));
	size_t nsets = 0;
	const char *first = NULL;
	bool differs = false;
	int rc = 0;
	if (!sets)
		return TR_ENOMEM;
	for (size_t i = 0, start = 0; i < n; i++) {
		S_provider_set *ps = &sets[nsets];
		if (i + 1 < n && runs[i + 1].provider == runs[start].provider)
			continue;
		ps->provider = runs[start].provider;
		ps->set = S_value_set(st, runs + start, i + 1 - start, attr, &ps->example);
		start = i + 1;
		if (!ps->set)
			continue;
		nsets++;
		if (!first)
			first = ps->set;
		else if (strcmp(first, ps->set) != 0)
			differs = true;
	}
	if (differs) {
		tr_buf msg = TR_BUF_INIT;
		tr_buf_printf(&msg, "scenario %s: %s differs between providers:",
		              st->scenarios[s].id, attr->name);
		for (size_t k = 0; k < nsets; k++)
			tr_buf_printf(&msg, "%s %s %s (e.g. %s)", k ? ";" : "",
			              st->providers[sets[k].provider].id, sets[k].set,
			              sets[k].example);
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "differs", NULL, 0, "%s",
		                  tr_buf_cstr(&msg));
		tr_buf_free(&msg);
	}
	for (size_t k = 0; k < nsets; k++)
		free(sets[k].set);
	free(sets);
	return rc;
}

/* Every scenario's attributes, over the usable runs sorted once. */
static int S_scenario_attrs(tr_results *r, const tr_study *st)
{
	S_place *runs = tr_calloc(st->nruns + 1, sizeof(S_place));
	size_t n = 0;
	int rc = 0;
	if (!runs)
		return TR_ENOMEM;
	for (size_t i = 0; i < st->nruns; i++)
		if (!st->runs[i].excluded)
			runs[n++] = (S_place){ st->runs[i].scenario, st->runs[i].provider, i };
	qsort(runs, n, sizeof(S_place), S_cmp_place);
	for (size_t i = 0, start = 0; rc == 0 && i < n; i++) {
		if (i + 1 < n && runs[i + 1].scenario == runs[start].scenario)
			continue;
		for (size_t a = 0; rc == 0 && a < TR_ARRAY_SIZE(S_attrs); a++)
			rc = S_scenario_attr(r, st, runs[start].scenario, runs + start,
			                     i + 1 - start, &S_attrs[a]);
		start = i + 1;
	}
	free(runs);
	return rc;
}

/*
 * Aggregate logs that stop before the run did. A -T run of D s with
 * interval I writes at least floor(D / I) intervals (the first partial one
 * included; pgbench 10-13 and 14+ both start the grid at or before the
 * run's start), and the logs hold every successful transaction but those
 * of the partial first and last windows: fewer intervals, or more
 * transactions missing than two windows hold, mean the logs were cut
 * (a full disk, a copy cut short) and the windows miss the end of the run.
 */
static int S_logs_short(tr_results *r, const tr_run *run)
{
	const tr_summary *s = &run->summary;
	double iv = run->window_interval_s, want_w, missing, allow;
	int64_t want_tx = s->transactions;
	if (run->window_source != TR_WINDOWS_AGGREGATE || s->duration_s <= 0 ||
	    !(iv > 0) || want_tx <= 0 || run->agg_latency_us.count <= 0)
		return 0;
	if (s->major_max <= 10 && s->skipped > 0)
		want_tx -= s->skipped;  /* 10 counts skipped ones as processed */
	want_w = floor((double)s->duration_s / iv);
	missing = (double)(want_tx - run->agg_latency_us.count);
	allow = 2.0 * iv * (s->tps > 0 ? s->tps : 0);
	if ((double)run->windows_logged >= want_w && missing <= allow)
		return 0;
	return tr_diags_add(&r->findings, TR_SEV_WARNING, "logs-short", run->path, 0,
	                    "its aggregate logs stop early: %zu windows of %g s "
	                    "for a %d s run (%.0f expected); %lld of its %lld "
	                    "transactions (%.2f%%) are not in the logs",
	                    run->windows_logged, iv, s->duration_s, want_w,
	                    (long long)(missing > 0 ? missing : 0), (long long)want_tx,
	                    missing > 0 ? missing / (double)want_tx * 100.0 : 0.0);
}

/* What the sampler saw that puts the run's figures in doubt: a client
 * machine too busy to drive the server (client-bound), and what it could
 * not read (a note each). */
static int S_server_findings(tr_results *r, const tr_run *run,
                             const tr_run_server *rs)
{
	int rc = 0;
	if (!rs->data)
		return 0;
	if (rs->client_bound)
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "client-bound",
		                  run->path, 0,
		                  "the client machine's CPU was at %.0f%% or more, with "
		                  "pgbench itself using %.0f%% of it or more, in %zu "
		                  "of the %zu samples after pgbench's start (%.0f%%; at "
		                  "most %.0f%%): the figures may measure the client, not "
		                  "the server",
		                  TR_CLIENT_BUSY_PCT, TR_CLIENT_PGBENCH_PCT,
		                  rs->busy_samples, rs->cpu_samples - 1,
		                  100.0 * (double)rs->busy_samples / (double)(rs->cpu_samples - 1),
		                  rs->cpu_pct_max);
	for (size_t i = 0; rc == 0 && i < rs->data->nnotes; i++)
		rc = tr_diags_add(&r->findings, TR_SEV_NOTE, "server-samples",
		                  rs->data->path, 0, "%s", rs->data->notes[i]);
	return rc;
}

static int S_run_findings(tr_results *r, const tr_study *st, const tr_run *run,
                          const tr_run_result *res)
{
	const tr_summary *s = &run->summary;
	int rc = 0;
	if (run->warmup)
		return tr_diags_add(&r->findings, TR_SEV_NOTE, "warmup", run->path, 0,
		                    "warm-up run: read, never counted");
	if (run->excluded)
		return tr_diags_add(&r->findings, TR_SEV_WARNING, "run-excluded",
		                    run->path, 0, "left out: %s",
		                    run->excluded_reason ? run->excluded_reason : "unusable");
	if (s->failed > 0)
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "failed-transactions",
		                  run->path, 0, "%lld failed transaction(s) (%.3f%%)",
		                  (long long)s->failed, s->failed_pct);
	for (size_t k = 0; rc == 0 && k < run->norphan_log_paths; k++)
		rc = tr_diags_add(&r->findings, TR_SEV_NOTE, "orphan-log",
		                  run->orphan_log_paths[k], 0,
		                  "log of an earlier PID than %ld (an interrupted "
		                  "attempt?); ignored", run->log_pid);
	if (rc == 0)
		rc = S_logs_short(r, run);
	if (rc == 0)
		rc = S_server_findings(r, run, &res->server);
	for (size_t k = 1; rc == 0 && k < res->nseries; k++) {
		const tr_window *a = &res->series[k - 1], *b = &res->series[k];
		/* One missing window is allowed: pgbench may skip a -P report
		 * (a busy thread), and then the next line covers both. */
		/* aggregate windows leave the gap between them; a progress
		 * line after a silence covers it in one long window */
		double iv = run->window_interval_s > 0 ? run->window_interval_s : a->length_s;
		if (b->start_s - a->start_s > a->length_s * 2.5 || b->length_s > iv * 2.5) {
			double gap = b->start_s - a->start_s - a->length_s;
			if (b->length_s - iv > gap)
				gap = b->length_s - iv;
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "window-gap",
			                  run->path, 0,
			                  "a gap of %.0f s between windows (after %.0f s "
			                  "into its windows)", gap,
			                  a->start_s - res->series[0].start_s + a->length_s);
			break;
		}
	}
	(void)st;
	return rc;
}

/* Runs of one cell whose files state different setups (PostgresBench
 * results placed by hand in one folder: an HA and a single-node setup on
 * one machine would pool into one median). One finding per file that
 * differs from the cell's first; import gives each setup its own provider. */
static int S_pooled_setups(tr_results *r, const tr_study *st, const tr_cell *cell)
{
	const tr_run *first = NULL;
	int rc = 0;
	for (size_t k = 0; k < cell->nruns; k++) {
		const tr_run *run = &st->runs[cell->runs[k]];
		if (!run->setup)
			continue;
		if (!first) {
			first = run;
			continue;
		}
		if (strcmp(run->setup, first->setup) == 0 ||
		    (k > 0 && strcmp(run->path, st->runs[cell->runs[k - 1]].path) == 0))
			continue;
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "pooled-setups", run->path, 0,
		                  "states another setup (%s) than %s (%s), yet both are runs "
		                  "of %s / %s / %s, pooled into one cell; give each setup its "
		                  "own provider folder (tpsreport import postgresbench does)",
		                  run->setup, first->path, first->setup,
		                  r->providers[cell->provider].id, r->scenarios[cell->scenario].id,
		                  r->workloads[cell->workload].label);
		if (rc < 0)
			break;
	}
	return rc;
}

static int S_cell_findings(tr_results *r, const tr_study *st, const tr_cell *cell)
{
	int max_duration = -1;
	size_t max_windows = 0, with_logs = 0;
	int rc = 0;
	const char *p = r->providers[cell->provider].id;
	const char *sc = r->scenarios[cell->scenario].id;
	const char *wl = r->workloads[cell->workload].label;

	if (cell->nruns < S_MIN_RUNS)
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "few-runs", NULL, 0,
		                  "%s / %s / %s: %zu run%s (at least %d are needed to "
		                  "see run-to-run spread)", p, sc, wl, cell->nruns,
		                  cell->nruns == 1 ? "" : "s", S_MIN_RUNS);
	for (size_t k = 0; k < cell->nruns; k++) {
		const tr_run *run = &st->runs[cell->runs[k]];
		if (run->summary.duration_s > max_duration)
			max_duration = run->summary.duration_s;
		if (r->runs[cell->runs[k]].nseries > max_windows)
			max_windows = r->runs[cell->runs[k]].nseries;
		with_logs += run->log_kind != TR_LOG_NONE;
	}
	for (size_t k = 0; rc == 0 && k < cell->nruns; k++) {
		const tr_run *run = &st->runs[cell->runs[k]];
		if (run->summary.duration_s >= 0 &&
		    run->summary.duration_s < 0.9 * max_duration)
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "short-run",
			                  run->path, 0,
			                  "ran %d s where its siblings ran up to %d s",
			                  run->summary.duration_s, max_duration);
		else if (max_windows > 0 && run->window_source != TR_WINDOWS_NONE &&
		         (double)r->runs[cell->runs[k]].nseries < 0.9 * (double)max_windows)
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "few-windows",
			                  run->path, 0,
			                  "%zu windows where its siblings have up to %zu "
			                  "(interrupted?)", r->runs[cell->runs[k]].nseries,
			                  max_windows);
		if (rc == 0 && with_logs > 0 && with_logs < cell->nruns &&
		    run->log_kind == TR_LOG_NONE)
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "missing-logs",
			                  run->path, 0,
			                  "no log files, while %zu of its %zu sibling runs "
			                  "have them", with_logs, cell->nruns);
	}
	return rc;
}

int tr_findings_compute(tr_results *r, const tr_study *st)
{
	int rc;
	if ((rc = S_scenario_attrs(r, st)) < 0)
		return rc;
	for (size_t c = 0; c < r->ncells; c++)
		if ((rc = S_cell_findings(r, st, &r->cells[c])) < 0 ||
		    (rc = S_pooled_setups(r, st, &r->cells[c])) < 0)
			return rc;
	for (size_t i = 0; i < st->nruns; i++)
		if ((rc = S_run_findings(r, st, &st->runs[i], &r->runs[i])) < 0)
			return rc;
	tr_diags_sort(&r->findings);
	return 0;
}
