/* server_windows.c: which of a run's windows held what the sampler saw
 * beside it (issue 30): a checkpoint's moment falls in one window, an
 * autovacuum span touches every window it overlaps. The timeline's marks
 * and the summary's sentence about the deepest dip both ask here, so the
 * chart and the text can never disagree. */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>

/* Window starts this large are Unix times (after 2001): the windows of an
 * aggregate log or of timestamped progress lines. Progress lines without
 * timestamps count seconds from pgbench's own start, which the sampler's
 * clock cannot be matched to. */
#define S_EPOCH_MIN 1e9

bool tr_run_events_placeable(const tr_run_result *run)
{
	const tr_server *sv = run->server.data;
	return sv && run->nseries >= 1 && isfinite(sv->start_unix_s) &&
	       run->series[0].start_s >= S_EPOCH_MIN;
}

/* Window k as [from, to) in Unix seconds; empty when its length is not a
 * positive number. */
static void S_bounds(const tr_window *w, double *from, double *to)
{
	*from = w->start_s;
	*to = w->start_s + (isfinite(w->length_s) && w->length_s > 0 ? w->length_s : 0);
}

bool tr_run_event_windows(long *first, long *last, const tr_run_result *run,
                          const tr_server_event *e, bool span)
{
	double a, b;
	*first = *last = -1;
	if (!tr_run_events_placeable(run))
		return false;
	a = run->server.data->start_unix_s + e->t_s;
	b = span ? run->server.data->start_unix_s + e->to_s : a;
	if (!isfinite(a) || !isfinite(b) || (span && !(b > a)))
		return false;
	for (size_t k = 0; k < run->nseries; k++) {
		double from, to;
		bool in;
		S_bounds(&run->series[k], &from, &to);
		/* a moment: the window holding it, its start included, its end
		 * not (the next window's start); a span: any overlap of time */
		in = span ? a < to && b > from : a >= from && a < to;
		if (!in)
			continue;
		if (*first < 0)
			*first = (long)k;
		*last = (long)k;
	}
	return *first >= 0;
}

int tr_run_window_events(unsigned char **out, const tr_run_result *run)
{
	const tr_server *sv = run->server.data;
	unsigned char *w;
	long a, b;
	*out = NULL;
	if (!tr_run_events_placeable(run))
		return 0;
	if (!(w = tr_calloc(run->nseries, 1)))
		return TR_ENOMEM;
	for (size_t i = 0; i < sv->ncheckpoints; i++)
		if (tr_run_event_windows(&a, &b, run, &sv->checkpoints[i], false))
			for (long k = a; k <= b; k++)
				w[k] |= TR_WINDOW_CHECKPOINT;
	for (size_t i = 0; i < sv->nautovacuum; i++)
		if (tr_run_event_windows(&a, &b, run, &sv->autovacuum[i], true))
			for (long k = a; k <= b; k++)
				w[k] |= TR_WINDOW_AUTOVACUUM;
	*out = w;
	return 0;
}

long tr_run_dip_window(const tr_run_result *run)
{
	long k = -1;
	for (size_t i = 0; i < run->nseries; i++)
		if (isfinite(run->series[i].tps) &&
		    (k < 0 || run->series[i].tps < run->series[k].tps))
			k = (long)i;
	return k;
}

int tr_run_dip_events(unsigned *out, long *window, const tr_run_result *run)
{
	unsigned char *w;
	int rc = tr_run_window_events(&w, run);
	*out = 0;
	*window = tr_run_dip_window(run);
	if (rc < 0)
		return rc;
	if (w && *window >= 0)
		*out = w[*window];
	free(w);
	return 0;
}

long tr_results_deepest_dip(const tr_results *r, size_t scenario, size_t workload)
{
	long worst = -1;
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		if (run->cell < 0 || run->nseries < 2 || run->scenario != scenario ||
		    run->workload != workload || !run->windows.present)
			continue;
		if (worst < 0 || run->windows.tps_min_pct < r->runs[worst].windows.tps_min_pct)
			worst = (long)i;
	}
	return worst;
}
