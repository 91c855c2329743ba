/* windows.c: what a run's windows show, and which of them count
 * (docs/metrics.md, "Windows"). Ingest reads the windows from the logs
 * (src/ingest/windows.c: thread files matched, incomplete windows left
 * out); the figures are defined here:
 *
 *   window TPS      aggregate logs: transactions / interval (the sum over
 *                   the run's thread files); -P lines: pgbench's own figure
 *   window latency  aggregate logs: sum of sum_latency / transactions (ms);
 *                   -P lines: pgbench's own; NaN for an empty window
 *   which count     every window but the first: pgbench 14+ aligns windows
 *                   to whole epoch seconds, so the first is partial, and it
 *                   holds connection set-up (it makes false dips otherwise)
 */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double tr_window_tps(const tr_window *w)
{
	if (w->transactions < 0)
		return w->tps;  /* a -P line: pgbench's own figure */
	return (double)w->transactions / w->length_s;
}

double tr_window_latency_ms(const tr_window *w)
{
	if (w->sum_latency_us < 0)
		return w->latency_ms;  /* a -P line: pgbench's own figure */
	return w->transactions > 0
	           ? (double)w->sum_latency_us / (double)w->transactions / 1000.0
	           : NAN;
}

int tr_windows_counted(tr_window **out, size_t *n, const tr_window *w,
                       size_t nw)
{
	*out = NULL;
	*n = 0;
	if (nw < 2)
		return 0;  /* the first window alone counts for nothing */
	*out = tr_calloc(nw - 1, sizeof(tr_window));
	if (!*out)
		return TR_ENOMEM;
	for (size_t i = 1; i < nw; i++) {
		tr_window *c = &(*out)[i - 1];
		*c = w[i];
		c->tps = tr_window_tps(&w[i]);
		c->latency_ms = tr_window_latency_ms(&w[i]);
	}
	*n = nw - 1;
	return 0;
}
