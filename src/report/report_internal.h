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
} tr_rp_job;

/* Draw every job on up to threads threads (each job writes only its own
 * buffer, so the bytes do not depend on scheduling). On failure the
 * message of the first failing job, in job order: "chart NAME: ..."
 * (after "path:line: " for a directive's). draw.c */
int tr_rp_draw(const tr_rp_job *jobs, size_t n, const tr_results *r, int threads);

#endif
