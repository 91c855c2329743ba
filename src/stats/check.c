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

/* The distinct values of one attribute among one provider's usable runs
 * of one scenario, sorted and joined with ", "; NULL when it has none. An
 * example file per provider goes to *example. */
static char *S_value_set(const tr_study *st, size_t s, size_t p,
                         const S_attr *attr, const char **example)
{
	char *values[16];
	size_t n = 0;
	char tmp[64];
	tr_buf joined = TR_BUF_INIT;
	*example = NULL;
	for (size_t i = 0; i < st->nruns; i++) {
		const tr_run *run = &st->runs[i];
		const char *v;
		bool known = false;
		if (run->scenario != s || run->provider != p || run->excluded)
			continue;
		v = attr->text(run, tmp, sizeof(tmp));
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

/* Flag an attribute whose values differ between the providers of one
 * scenario (a client sweep has many client counts, the same at each
 * provider: that is no finding). */
static int S_scenario_attr(tr_results *r, const tr_study *st, size_t s,
                           const S_attr *attr)
{
	char **sets = tr_calloc(st->nproviders ? st->nproviders : 1, sizeof(char *));
	const char **examples = tr_calloc(st->nproviders ? st->nproviders : 1,
	                                  sizeof(char *));
	const char *first = NULL;
	bool differs = false;
	int rc = 0;
	if (!sets || !examples) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t p = 0; p < st->nproviders; p++) {
		sets[p] = S_value_set(st, s, p, attr, &examples[p]);
		if (!sets[p])
			continue;
		if (!first)
			first = sets[p];
		else if (strcmp(first, sets[p]) != 0)
			differs = true;
	}
	if (differs) {
		tr_buf msg = TR_BUF_INIT;
		bool any = false;
		tr_buf_printf(&msg, "scenario %s: %s differs between providers:",
		              st->scenarios[s].id, attr->name);
		for (size_t p = 0; p < st->nproviders; p++) {
			if (!sets[p])
				continue;
			tr_buf_printf(&msg, "%s %s %s (e.g. %s)", any ? ";" : "",
			              st->providers[p].id, sets[p], examples[p]);
			any = true;
		}
		rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "differs", NULL, 0, "%s",
		                  tr_buf_cstr(&msg));
		tr_buf_free(&msg);
	}
cleanup:
	if (sets)
		for (size_t p = 0; p < st->nproviders; p++)
			free(sets[p]);
	free(sets);
	free(examples);
	return rc;
}

static int S_run_findings(tr_results *r, const tr_study *st, const tr_run *run)
{
	const tr_summary *s = &run->summary;
	int rc = 0;
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
	for (size_t k = 1; rc == 0 && k < run->nwindows; k++) {
		const tr_window *a = &run->windows[k - 1], *b = &run->windows[k];
		if (b->start_s - a->start_s > a->length_s * 1.5) {
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "window-gap",
			                  run->path, 0,
			                  "a gap of %.0f s between windows (after %.0f s "
			                  "into its windows)", b->start_s - a->start_s - a->length_s,
			                  a->start_s - run->windows[0].start_s + a->length_s);
			break;
		}
	}
	(void)st;
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
		if (run->nwindows > max_windows)
			max_windows = run->nwindows;
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
		         (double)run->nwindows < 0.9 * (double)max_windows)
			rc = tr_diags_add(&r->findings, TR_SEV_WARNING, "few-windows",
			                  run->path, 0,
			                  "%zu windows where its siblings have up to %zu "
			                  "(interrupted?)", run->nwindows, max_windows);
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
	for (size_t s = 0; s < st->nscenarios; s++)
		for (size_t a = 0; a < TR_ARRAY_SIZE(S_attrs); a++)
			if ((rc = S_scenario_attr(r, st, s, &S_attrs[a])) < 0)
				return rc;
	for (size_t c = 0; c < r->ncells; c++)
		if ((rc = S_cell_findings(r, st, &r->cells[c])) < 0)
			return rc;
	for (size_t i = 0; i < st->nruns; i++)
		if ((rc = S_run_findings(r, st, &st->runs[i])) < 0)
			return rc;
	tr_diags_sort(&r->findings);
	return 0;
}
