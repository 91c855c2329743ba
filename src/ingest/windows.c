/* windows.c: a run's windows from its aggregate logs or progress lines
 * (docs/metrics.md, "Windows").
 *
 * Aggregate logs: one file per thread; a window is the sum of the thread
 * files' lines with that interval start (transactions, sum_latency, ...),
 * and is complete only when every thread file has it. Progress lines: one
 * window per line, pgbench's own TPS and latency. Every complete window is
 * kept, the first one too: what a window shows and which ones count are
 * stats' (src/stats/windows.c). */

#include "ingest_internal.h"
#include "util/alloc.h"
#include "util/diag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	int64_t key;        /* interval start, or position when misaligned */
	int64_t start;      /* earliest start among the files */
	int files;          /* how many thread files have it */
	int64_t tx;         /* successful transactions */
	int64_t sum_lat;
	int64_t max_lat;
	int64_t failed;
	int64_t skipped;
} S_slot;

static int S_cmp_slot(const void *pa, const void *pb)
{
	const S_slot *a = pa, *b = pb;
	return (a->key > b->key) - (a->key < b->key);
}

/* Successful transactions of one line: 10-14 count skipped ones in
 * num_transactions (the 11-field form shows how many); 15+ do not. */
static int64_t S_successful(const tr_agg_interval *it, int nfields)
{
	if (nfields == 11)
		return it->transactions - it->skipped;
	return it->transactions;
}

/* The interval length: the smallest step between consecutive starts of a
 * file (pgbench writes empty intervals as zeros, so steps are exact). */
static int64_t S_interval(const tr_agglog *logs, size_t nlogs)
{
	int64_t best = 0;
	for (size_t f = 0; f < nlogs; f++)
		for (size_t i = 1; i < logs[f].count; i++) {
			int64_t d = logs[f].items[i].start - logs[f].items[i - 1].start;
			if (d > 0 && (best == 0 || d < best))
				best = d;
		}
	return best;
}

/* The whole run's latency, failures and skips over every line of every
 * file; returns how many lines there are. */
static size_t S_totals(tr_run *run, const tr_agglog *logs, size_t nlogs)
{
	size_t total_lines = 0;
	tr_simple_stats_init(&run->agg_latency_us);
	run->agg_failed = run->agg_skipped = 0;
	for (size_t f = 0; f < nlogs; f++) {
		for (size_t i = 0; i < logs[f].count; i++) {
			const tr_agg_interval *it = &logs[f].items[i];
			int64_t ok = S_successful(it, logs[f].nfields);
			tr_simple_stats part;
			if (ok > 0) {
				part.count = ok;
				part.min = (double)it->min_latency;
				part.max = (double)it->max_latency;
				part.sum = (long double)it->sum_latency;
				part.sum2 = (long double)it->sum_latency2;
				tr_simple_stats_merge(&run->agg_latency_us, &part);
			}
			run->agg_failed += it->serialization_failures +
			                   it->deadlock_failures + it->other_failures;
			run->agg_skipped += it->skipped;
		}
		total_lines += logs[f].count;
	}
	return total_lines;
}

/* Normally every thread's intervals share one grid. pgbench starts each
 * thread's grid at its own start second, so threads that started on both
 * sides of a second boundary are offset: then windows are matched by
 * position instead, and the report says so. */
static bool S_aligned(const tr_agglog *logs, size_t nlogs, int64_t interval)
{
	int64_t base = logs[0].count ? logs[0].items[0].start : 0;
	for (size_t f = 0; f < nlogs; f++)
		for (size_t i = 0; i < logs[f].count; i++) {
			int64_t d = logs[f].items[i].start - base;
			if (((d % interval) + interval) % interval != 0)
				return false;
		}
	return true;
}

/* The slot of key, made when there is none yet. Lines come in start
 * order; search backwards from the end of this file's run of slots. */
static int S_slot_of(S_slot **out, S_slot **slots, size_t *nslots,
                     size_t *cap, int64_t key, int64_t start)
{
	S_slot *s;
	int rc;
	for (size_t k = *nslots; k > 0; k--)
		if ((*slots)[k - 1].key == key) {
			*out = &(*slots)[k - 1];
			return 0;
		}
	if ((rc = tr_grow(slots, cap, *nslots + 1, sizeof(S_slot))) < 0)
		return rc;
	s = &(*slots)[(*nslots)++];
	memset(s, 0, sizeof(*s));
	s->key = key;
	s->start = start;
	s->max_lat = -1;
	*out = s;
	return 0;
}

/* Every line of every file added to the slot of its interval. */
static int S_fill_slots(S_slot **slots, size_t *nslots, const tr_agglog *logs,
                        size_t nlogs, int64_t interval, bool aligned)
{
	size_t cap = 0;
	int rc;
	for (size_t f = 0; f < nlogs; f++) {
		for (size_t i = 0; i < logs[f].count; i++) {
			const tr_agg_interval *it = &logs[f].items[i];
			int64_t key = aligned ? it->start
			                      : (it->start - logs[f].items[0].start) / interval;
			S_slot *s;
			if ((rc = S_slot_of(&s, slots, nslots, &cap, key, it->start)) < 0)
				return rc;
			if (it->start < s->start)
				s->start = it->start;
			s->files++;
			s->tx += S_successful(it, logs[f].nfields);
			s->sum_lat += it->sum_latency;
			if (it->transactions > 0 && it->max_latency > s->max_lat)
				s->max_lat = it->max_latency;
			s->failed += it->serialization_failures + it->deadlock_failures +
			             it->other_failures;
			s->skipped += it->skipped;
		}
	}
	qsort(*slots, *nslots, sizeof(S_slot), S_cmp_slot);
	return 0;
}

/* The run's windows: the slots every thread file has. */
static int S_make_windows(tr_run *run, const S_slot *slots, size_t nslots,
                          size_t nlogs, int64_t interval)
{
	size_t wcap = 0;
	int rc;
	free(run->windows);
	run->windows = NULL;
	run->nwindows = 0;
	run->windows_dropped = 0;
	run->window_source = TR_WINDOWS_AGGREGATE;
	run->window_interval_s = (double)interval;
	run->windows_logged = nslots;
	for (size_t k = 0; k < nslots; k++) {
		tr_window *w;
		if (slots[k].files < (int)nlogs) {
			run->windows_dropped++;
			continue;
		}
		if ((rc = tr_grow(&run->windows, &wcap, run->nwindows + 1,
		                  sizeof(tr_window))) < 0)
			return rc;
		w = &run->windows[run->nwindows++];
		w->start_s = (double)slots[k].start;
		w->length_s = (double)interval;
		w->transactions = slots[k].tx;
		w->sum_latency_us = slots[k].sum_lat;
		w->tps = w->latency_ms = NAN;
		w->latency_max_ms = slots[k].max_lat >= 0
		                        ? (double)slots[k].max_lat / 1000.0
		                        : NAN;
		w->failed = slots[k].failed;
		w->skipped = slots[k].skipped;
	}
	return 0;
}

int tr_windows_from_agglogs(tr_run *run, const tr_agglog *logs, size_t nlogs,
                            tr_diags *diags)
{
	S_slot *slots = NULL;
	size_t nslots = 0;
	int64_t interval;
	bool aligned;
	int rc = 0;

	if (S_totals(run, logs, nlogs) == 0)
		return 0;
	if ((interval = S_interval(logs, nlogs)) == 0) {
		/* One line per file: nothing to compare a window with. */
		return tr_diags_add(diags, TR_SEV_NOTE, "one-window", run->path, 0,
		                    "its aggregate logs hold a single interval; no "
		                    "stability figures");
	}
	if (!(aligned = S_aligned(logs, nlogs, interval)) &&
	    (rc = tr_diags_add(diags, TR_SEV_NOTE, "windows-offset", run->path, 0,
	                       "its thread files' intervals do not start on the "
	                       "same seconds; windows were matched by position")) < 0)
		return rc;
	if ((rc = S_fill_slots(&slots, &nslots, logs, nlogs, interval, aligned)) < 0 ||
	    (rc = S_make_windows(run, slots, nslots, nlogs, interval)) < 0)
		goto cleanup;
	if (run->windows_dropped > 0)
		rc = tr_diags_add(diags, TR_SEV_NOTE, "windows-incomplete", run->path, 0,
		                  "%zu window(s) not present in every thread file were "
		                  "left out", run->windows_dropped);
cleanup:
	free(slots);
	return rc < 0 ? rc : 0;
}

static int S_cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/*
 * The -P interval: the typical (median) step between consecutive lines,
 * not the first one: a slow start makes the first report late (2.5 s with
 * -P 1), and pgbench may skip a report. Rounded to what pgbench prints
 * (0.1 s elapsed, 1 ms with --progress-timestamp), so that 1.6 - 0.8
 * reads as 0.8, not 0.7999999999999998.
 */
static double S_progress_interval(const tr_progress *lines, size_t n)
{
	double *steps = tr_calloc(n, sizeof(double)), iv, unit;
	size_t ns = 0;
	if (!steps)
		return NAN;
	for (size_t i = 1; i < n; i++)
		if (lines[i].time_s - lines[i - 1].time_s > 0)
			steps[ns++] = lines[i].time_s - lines[i - 1].time_s;
	if (ns == 0) {
		free(steps);
		return NAN;
	}
	qsort(steps, ns, sizeof(double), S_cmp_double);
	iv = steps[(ns - 1) / 2];
	free(steps);
	unit = lines[0].timestamp ? 1000.0 : 10.0;
	iv = round(iv * unit) / unit;
	return iv > 0 ? iv : 1.0 / unit;
}

int tr_windows_from_progress(tr_run *run, const tr_progress *lines, size_t n,
                             tr_diags *diags)
{
	size_t cap = 0;
	int rc;
	(void)diags;
	free(run->windows);
	run->windows = NULL;
	run->nwindows = 0;
	run->windows_dropped = 0;
	if (n < 2)
		return 0;
	run->window_source = TR_WINDOWS_PROGRESS;
	run->window_interval_s = S_progress_interval(lines, n);
	for (size_t i = 0; i < n; i++) {
		tr_window *w;
		/* the first line covers the time since the start, one interval
		 * as far as can be told (stats leaves it out) */
		double len = i == 0 ? run->window_interval_s
		                    : lines[i].time_s - lines[i - 1].time_s;
		if (i > 0 && !(len > 0))
			continue;
		if ((rc = tr_grow(&run->windows, &cap, run->nwindows + 1,
		                  sizeof(tr_window))) < 0)
			return rc;
		w = &run->windows[run->nwindows++];
		w->start_s = i == 0 ? lines[0].time_s - len : lines[i - 1].time_s;
		w->length_s = len;
		w->transactions = -1;
		w->sum_latency_us = -1;
		w->tps = lines[i].tps;
		w->latency_ms = lines[i].tps > 0 ? lines[i].latency_ms : NAN;
		w->latency_max_ms = NAN;
		w->failed = lines[i].failed;
		w->skipped = lines[i].skipped;
	}
	return 0;
}
