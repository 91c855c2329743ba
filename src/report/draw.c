/* draw.c: the one place that draws charts: independent pictures on the
 * worker threads, failures reported in job order. */

#include "report_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/pool.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	const tr_rp_job *jobs;
	const tr_results *r;
	int *rc;
	char **msg;
} S_ctx;

static void S_draw(void *ctx, size_t i, int worker)
{
	S_ctx *c = ctx;
	const tr_rp_job *j = &c->jobs[i];
	int rc;
	(void)worker;
	rc = j->item ? tr_chart_render(j->out, j->r ? j->r : c->r, j->item, j->format)
	             : tr_chart_list_render(j->out, c->r, j->list, j->format);
	if (rc < 0) {
		c->rc[i] = rc;
		/* Messages are per thread: keep this one for the caller. */
		c->msg[i] = tr_strdup(tr_error_last());
	}
}

static int S_failure(const tr_rp_job *j, int rc, const char *msg)
{
	if (rc == TR_ENOMEM)
		return TR_ENOMEM;
	if (!msg)
		msg = "could not be drawn";
	if (j->path)
		return tr_error_set_at(j->path, j->line, "chart %s: %s", j->name, msg);
	return tr_error_set("chart %s: %s", j->name, msg);
}

int tr_rp_draw(const tr_rp_job *jobs, size_t n, const tr_results *r, int threads)
{
	S_ctx c = { jobs, r, tr_calloc(n + 1, sizeof(int)), tr_calloc(n + 1, sizeof(char *)) };
	int rc = 0;

	if (!c.rc || !c.msg) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	tr_pool_run(threads, n, S_draw, &c);
	for (size_t i = 0; i < n && rc == 0; i++)
		if (c.rc[i] < 0)
			rc = S_failure(&jobs[i], c.rc[i], c.msg[i]);
cleanup:
	if (c.msg)
		for (size_t i = 0; i < n; i++)
			free(c.msg[i]);
	free(c.msg);
	free(c.rc);
	return rc;
}

int tr_report_draw_plan(tr_buf *out, const tr_results *r, const tr_chart_plan *plan,
                        tr_chart_format format, int threads)
{
	tr_rp_job *jobs = tr_calloc(plan->count + 1, sizeof(tr_rp_job));
	int rc;
	if (!jobs)
		return TR_ENOMEM;
	for (size_t i = 0; i < plan->count; i++) {
		jobs[i].item = &plan->items[i];
		jobs[i].format = format;
		jobs[i].out = &out[i];
		jobs[i].name = plan->items[i].name;
	}
	rc = tr_rp_draw(jobs, plan->count, r, threads);
	free(jobs);
	return rc;
}
