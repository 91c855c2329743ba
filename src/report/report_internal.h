#ifndef TR_REPORT_INTERNAL_H
#define TR_REPORT_INTERNAL_H

/* Shared by the files of report/ only. */

#include "report/report.h"

/* One picture to draw: a chart of the plan or a directive's bars, in one
 * format, into out. */
typedef struct tr_rp_job {
	const tr_chart_item *item;   /* a planned chart, or NULL and */
	const tr_chart_list *list;   /* a directive's bars */
	tr_chart_format format;
	tr_buf *out;
	const char *name;            /* for messages */
	const char *path;            /* where a directive asked for it, or NULL */
	long line;
	bool narrow;                 /* the phone's rendition: not reported as
	                                a chart drawn (it is one of the same) */
	const tr_results *r;         /* drawn from these results (a subset's),
	                                or NULL: the report's */
} tr_rp_job;

/* {{chart KIND providers=...}}: the results of some providers only and
 * the chart drawn from them (subset.c). */
typedef struct tr_rp_subset {
	tr_results r;                /* borrows from the whole results */
	tr_chart_item item, narrow;  /* narrow borrows item's strings */
	tr_provider_result *providers;
	size_t *map;                 /* old provider index -> new, or SIZE_MAX */
	tr_scenario_result *scenarios;
	tr_regime *regimes;
	tr_run_result *runs;
	tr_cell *cells;
	size_t *cell_runs, *cell_order, *provider_cells;
	tr_init_result *inits;
} tr_rp_subset;

/* The subset list l asks for, for chart c (whose title and alt become the
 * subset's drawing's). On failure *out holds what to free. */
int tr_rp_subset_make(tr_rp_subset *out, const tr_results *r, tr_writeup_chart *c,
                      const tr_writeup_list *l);
void tr_rp_subset_free(tr_rp_subset *s);

/* Draw every job on up to threads threads (each job writes only its own
 * buffer, so the bytes do not depend on scheduling). On failure the
 * message of the first failing job, in job order: "chart NAME: ..."
 * (after "path:line: " for a directive's). draw.c */
int tr_rp_draw(const tr_rp_job *jobs, size_t n, const tr_results *r, int threads);

#endif
