/* layout_events.c: what the server did during a run, on its timeline
 * (issue 30): a checkpoint as a dotted line at the window it fell in, an
 * autovacuum worker's span as a pale band behind the lines. They come
 * from the run's sampler file (runN.server.json); a run without one, or
 * whose windows are not dated (pgbench -P without timestamps: seconds
 * from its own start, which the sampler's clock cannot be matched to),
 * gets none, and a chart with none is drawn as before, byte for byte. */

#include "chart_plan_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The run's sampler file, when its events can be placed on the windows
 * of its line (stats decides which window holds what: the summary's
 * sentence about a dip asks the same function). */
static const tr_server *S_server(const tr_run_result *run)
{
	if (run->nseries < 2 || !tr_run_events_placeable(run))
		return NULL;
	return run->server.data;
}

/* The seconds of an autovacuum span drawn over the run's line, from its
 * first window's start: the span clipped to the run's windows; false
 * when it overlaps none of them. */
static bool S_span_drawn(const tr_run_result *run, const tr_server_event *e,
                         double *from, double *to)
{
	const tr_window *last = &run->series[run->nseries - 1];
	double t0 = run->series[0].start_s, t1 = last->start_s + last->length_s;
	double a = run->server.data->start_unix_s + e->t_s;
	double b = run->server.data->start_unix_s + e->to_s;
	long k0, k1;
	if (!tr_run_event_windows(&k0, &k1, run, e, true))
		return false;
	*from = (a > t0 ? a : t0) - t0;
	*to = (b < t1 ? b : t1) - t0;
	return *to > *from;
}

/* The window of the run holding checkpoint e, or -1. */
static long S_window(const tr_run_result *run, const tr_server_event *e)
{
	long k0, k1;
	return tr_run_event_windows(&k0, &k1, run, e, false) ? k0 : -1;
}

void tr_events_find(const tr_results *r, const tr_chart_item *item,
                    bool *checkpoints, bool *autovacuum)
{
	*checkpoints = *autovacuum = false;
	for (size_t i = 0; i < r->nruns; i++) {
		const tr_run_result *run = &r->runs[i];
		const tr_server *sv;
		double a, b;
		if (run->cell < 0 || run->scenario != (size_t)item->scenario ||
		    run->workload != (size_t)item->workload || !(sv = S_server(run)))
			continue;
		for (size_t k = 0; k < sv->ncheckpoints; k++)
			if (S_window(run, &sv->checkpoints[k]) >= 0)
				*checkpoints = true;
		for (size_t k = 0; k < sv->nautovacuum; k++)
			if (S_span_drawn(run, &sv->autovacuum[k], &a, &b))
				*autovacuum = true;
	}
}

void tr_events_styles(tr_scene *s)
{
	static const double dots[] = { 2, 2 };
	tr_scene_style(s, "ev0", "none", "#6a3d9a", 1.25, dots, NULL, "#c9a6ea");
	tr_scene_style(s, "ev1", "#f1e4bf", "none", -1, NULL, "#3b3422", NULL);
}

static int S_checkpoint(tr_scene *s, const tr_run_result *run, const tr_server_event *e,
                        const tr_axis *ax, const tr_plot *pl)
{
	long k = S_window(run, e);
	double t, x;
	char *at, *from, *title, id[96];
	long m;
	if (k < 0)
		return 0;
	t = run->series[k].start_s - run->series[0].start_s;
	x = tr_axis_map(ax, t, pl->left, pl->right);
	at = tr_numstr_trim(e->t_s, 1);
	from = tr_numstr_trim(t, 1);
	title = at && from ? tr_sprintf("%s: a %s checkpoint %s s after the sampler "
	                                "started, in the window from %s s",
	                                run->id, e->requested ? "requested" : "timed",
	                                at, from) : NULL;
	free(at);
	free(from);
	if (!title)
		return TR_ENOMEM;
	m = tr_scene_line(s, "ev0", title, x, pl->top, x, pl->bottom);
	snprintf(id, sizeof(id), "checkpoint-%zu-%s-%ld", run->provider, run->id, k);
	tr_scene_set_id(s, m, id);
	free(title);
	return 0;
}

static int S_autovacuum(tr_scene *s, const tr_run_result *run, const tr_server_event *e,
                        const tr_axis *ax, const tr_plot *pl)
{
	double a, b, xa, xb;
	char *sa, *sb, *title;
	if (!S_span_drawn(run, e, &a, &b))
		return 0;
	xa = tr_axis_map(ax, a, pl->left, pl->right);
	xb = tr_axis_map(ax, b, pl->left, pl->right);
	sa = tr_numstr_trim(a, 1);
	sb = tr_numstr_trim(b, 1);
	title = sa && sb ? tr_sprintf("%s: autovacuum running from %s s to %s s",
	                              run->id, sa, sb) : NULL;
	free(sa);
	free(sb);
	if (!title)
		return TR_ENOMEM;
	tr_scene_rect(s, "ev1", title, xa, pl->top, xb - xa, pl->bottom - pl->top);
	free(title);
	return 0;
}

int tr_events_draw(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                   long p, const tr_axis *ax, const tr_plot *pl)
{
	int rc = 0;
	/* bands first: the checkpoints' lines stay visible over them */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < r->nruns && rc == 0; i++) {
			const tr_run_result *run = &r->runs[i];
			const tr_server *sv;
			if (run->cell < 0 || run->scenario != (size_t)item->scenario ||
			    run->workload != (size_t)item->workload ||
			    (p >= 0 && run->provider != (size_t)p) || !(sv = S_server(run)))
				continue;
			for (size_t k = 0; pass == 0 && k < sv->nautovacuum && rc == 0; k++)
				rc = S_autovacuum(s, run, &sv->autovacuum[k], ax, pl);
			for (size_t k = 0; pass == 1 && k < sv->ncheckpoints && rc == 0; k++)
				rc = S_checkpoint(s, run, &sv->checkpoints[k], ax, pl);
		}
	return rc;
}
