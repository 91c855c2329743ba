/* windows.c: a run's windows from its aggregate logs or progress lines
 * (docs/metrics.md, "Windows").
 *
 * Aggregate logs: one file per thread; window TPS = sum of transactions of
 * the thread files with that interval start / interval, window latency =
 * sum of sum_latency / sum of transactions. A window counts only when every
 * thread file has it. The first window is left out: pgbench 14+ aligns
 * windows to whole epoch seconds, so it is partial, and it holds connection
 * set-up. */

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

int tr_windows_from_agglogs(tr_run *run, const tr_agglog *logs, size_t nlogs,
                            tr_diags *diags)
{
	S_slot *slots = NULL;
	size_t nslots = 0, cap = 0, total_lines = 0;
	int64_t interval, base;
	bool aligned = true;
	int rc = 0;

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
	if (total_lines == 0)
		return 0;

	interval = S_interval(logs, nlogs);
	if (interval == 0) {
		/* One line per file: nothing to compare a window with. */
		return tr_diags_add(diags, TR_SEV_NOTE, "one-window", run->path, 0,
		                    "its aggregate logs hold a single interval; no "
		                    "stability figures");
	}
	/* Normally every thread's intervals share one grid. pgbench starts each
	 * thread's grid at its own start second, so threads that started on
	 * both sides of a second boundary are offset: then windows are matched
	 * by position instead, and the report says so. */
	base = logs[0].count ? logs[0].items[0].start : 0;
	for (size_t f = 0; f < nlogs && aligned; f++)
		for (size_t i = 0; i < logs[f].count; i++) {
			int64_t d = logs[f].items[i].start - base;
			if (((d % interval) + interval) % interval != 0) {
				aligned = false;
				break;
			}
		}
	if (!aligned && (rc = tr_diags_add(diags, TR_SEV_NOTE, "windows-offset",
	                                   run->path, 0,
	                                   "its thread files' intervals do not start "
	                                   "on the same seconds; windows were matched "
	                                   "by position")) < 0)
		return rc;

	for (size_t f = 0; f < nlogs; f++) {
		for (size_t i = 0; i < logs[f].count; i++) {
			const tr_agg_interval *it = &logs[f].items[i];
			int64_t key = aligned ? it->start
			                      : (it->start - logs[f].items[0].start) / interval;
			S_slot *s = NULL;
			/* Lines come in start order; search backwards from the end
			 * of this file's run of slots. */
			for (size_t k = nslots; k > 0; k--)
				if (slots[k - 1].key == key) {
					s = &slots[k - 1];
					break;
				}
			if (!s) {
				if ((rc = tr_grow(&slots, &cap, nslots + 1, sizeof(S_slot))) < 0)
					goto cleanup;
				s = &slots[nslots++];
				memset(s, 0, sizeof(*s));
				s->key = key;
				s->start = it->start;
				s->max_lat = -1;
			}
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
	qsort(slots, nslots, sizeof(S_slot), S_cmp_slot);

	free(run->windows);
	run->windows = NULL;
	run->nwindows = 0;
	run->windows_dropped = 0;
	run->window_source = TR_WINDOWS_AGGREGATE;
	run->window_interval_s = (double)interval;
	{
		size_t wcap = 0;
		bool first = true;
		for (size_t k = 0; k < nslots; k++) {
			tr_window *w;
			if (slots[k].files < (int)nlogs) {
				run->windows_dropped++;
				continue;
			}
			if (first) { /* the partial first window */
				first = false;
				continue;
			}
			if ((rc = tr_grow(&run->windows, &wcap, run->nwindows + 1,
			                  sizeof(tr_window))) < 0)
				goto cleanup;
			w = &run->windows[run->nwindows++];
			w->start_s = (double)slots[k].start;
			w->length_s = (double)interval;
			w->transactions = slots[k].tx;
			w->tps = (double)slots[k].tx / (double)interval;
			w->latency_ms = slots[k].tx > 0
			                    ? (double)slots[k].sum_lat / (double)slots[k].tx / 1000.0
			                    : NAN;
			w->latency_max_ms = slots[k].max_lat >= 0
			                        ? (double)slots[k].max_lat / 1000.0
			                        : NAN;
			w->failed = slots[k].failed;
			w->skipped = slots[k].skipped;
		}
	}
	if (run->windows_dropped > 0)
		rc = tr_diags_add(diags, TR_SEV_NOTE, "windows-incomplete", run->path, 0,
		                  "%zu window(s) not present in every thread file were "
		                  "left out", run->windows_dropped);
cleanup:
	free(slots);
	return rc < 0 ? rc : 0;
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
	/* Each line covers the time since the previous one (the first: since
	 * the start, at -P seconds); the interval is the usual step. */
	{
		double steps[3] = { 0 };
		size_t ns = 0;
		for (size_t i = 1; i < n && ns < 3; i++)
			steps[ns++] = lines[i].time_s - lines[i - 1].time_s;
		run->window_interval_s = steps[0];
		for (size_t i = 1; i < ns; i++)
			if (steps[i] < run->window_interval_s)
				run->window_interval_s = steps[i];
	}
	for (size_t i = 1; i < n; i++) { /* the first line is left out */
		tr_window *w;
		double len = lines[i].time_s - lines[i - 1].time_s;
		if (!(len > 0))
			continue;
		if ((rc = tr_grow(&run->windows, &cap, run->nwindows + 1,
		                  sizeof(tr_window))) < 0)
			return rc;
		w = &run->windows[run->nwindows++];
		w->start_s = lines[i - 1].time_s;
		w->length_s = len;
		w->transactions = -1;
		w->tps = lines[i].tps;
		w->latency_ms = lines[i].tps > 0 ? lines[i].latency_ms : NAN;
		w->latency_max_ms = NAN;
		w->failed = lines[i].failed;
		w->skipped = lines[i].skipped;
	}
	return 0;
}
