/* charts.c: the one file of writeup that calls the chart module. It asks
 * for the plan of every chart the results allow, draws each (on worker
 * threads: each job writes only its own slot, so the output does not
 * depend on scheduling), and hands the rest of the module plain data. */

#include "writeup_internal.h"
#include "chart/chart.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/pool.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	const tr_results *r;
	const tr_chart_plan *plan;
	tr_writeup_charts *out;
	bool png;
	int *rc;
	char **msg;
} S_jobs;

static void S_draw(void *ctx, size_t i, int worker)
{
	S_jobs *j = ctx;
	tr_writeup_chart *c = &j->out->items[i];
	(void)worker;
	int rc = tr_chart_render(&c->svg, j->r, &j->plan->items[i], TR_CHART_SVG);
	if (rc == 0 && j->png)
		rc = tr_chart_render(&c->png, j->r, &j->plan->items[i], TR_CHART_PNG);
	if (rc < 0) {
		j->rc[i] = rc;
		/* Messages are per thread: keep this one for the caller. */
		j->msg[i] = tr_strdup(tr_error_last());
	}
}

static int S_copy(tr_writeup_chart *out, const tr_chart_item *in)
{
	memset(out, 0, sizeof(*out));
	out->scenario = in->scenario;
	out->workload = in->workload;
	if (!tr_wu_name_safe(in->name))
		return tr_error_set("chart plan: '%s' is not a safe file name",
		                    in->name ? in->name : "");
	if (!(out->name = tr_strdup(in->name)) ||
	    !(out->kind = tr_strdup(tr_chart_kind_name(in->kind))) ||
	    (in->title && !(out->title = tr_strdup(in->title))) ||
	    (in->alt && !(out->alt = tr_strdup(in->alt))))
		return TR_ENOMEM;
	return 0;
}

int tr_writeup_charts_make(tr_writeup_charts *out, const tr_results *r,
                           bool png, int threads)
{
	tr_chart_plan plan = { NULL, 0 };
	S_jobs jobs = { r, &plan, out, png, NULL, NULL };
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = tr_chart_plan_make(&plan, r)) < 0)
		return rc;
	out->items = tr_calloc(plan.count + 1, sizeof(tr_writeup_chart));
	jobs.rc = tr_calloc(plan.count + 1, sizeof(int));
	jobs.msg = tr_calloc(plan.count + 1, sizeof(char *));
	if (!out->items || !jobs.rc || !jobs.msg) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < plan.count; i++) {
		out->count = i + 1;
		if ((rc = S_copy(&out->items[i], &plan.items[i])) < 0)
			goto cleanup;
		for (size_t k = 0; k < i; k++)
			if (strcmp(out->items[k].name, out->items[i].name) == 0) {
				rc = tr_error_set("chart plan: two charts named '%s'",
				                  out->items[i].name);
				goto cleanup;
			}
	}
	tr_pool_run(threads, plan.count, S_draw, &jobs);
	for (size_t i = 0; i < plan.count; i++)
		if (jobs.rc[i] < 0) {
			rc = jobs.rc[i] == TR_ENOMEM
			         ? TR_ENOMEM
			         : tr_error_set("chart %s: %s", out->items[i].name,
			                        jobs.msg[i] ? jobs.msg[i] : "could not be drawn");
			goto cleanup;
		}
	rc = 0;
cleanup:
	if (rc < 0)
		tr_writeup_charts_free(out);
	if (jobs.msg)
		for (size_t i = 0; i < plan.count; i++)
			free(jobs.msg[i]);
	free(jobs.msg);
	free(jobs.rc);
	tr_chart_plan_free(&plan);
	return rc;
}
