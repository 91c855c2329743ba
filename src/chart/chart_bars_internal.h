#ifndef TR_CHART_BARS_INTERNAL_H
#define TR_CHART_BARS_INTERNAL_H

/* Internal to chart: what the grouped bars of tps, latency, p95, cov,
 * cost and value show, shared by the vertical layout (layout_bars.c) and
 * the horizontal one for many bars (layout_hbars.c). */

#include "chart_internal.h"

/* A group: one scenario and workload; its bars are the providers. */
typedef struct tr_bar_group {
	size_t scenario, workload;
} tr_bar_group;

typedef struct tr_bars {
	tr_bar_group *groups;
	size_t ngroups;
	size_t *providers;   /* provider indices with a value, in order */
	size_t nproviders;
	bool several_workloads;
	/* which parts of the workload differ between groups: those label the
	 * groups, the rest is said once in the subtitle */
	bool vary_type, vary_clients, vary_threads, vary_mode;
	double vmax;         /* largest bar or whisker */
	size_t nruns_max, nruns_min;
} tr_bars;

/* The groups and providers of a bars chart (cells with a value for the
 * item's kind, in cell order). Free with tr_bars_free. */
int tr_bars_collect(tr_bars *b, const tr_results *r, const tr_chart_item *item);
void tr_bars_free(tr_bars *b);
bool tr_bars_in_item(const tr_chart_item *item, const tr_cell *c);

/* The parts of workload w that vary between the groups (varying), or the
 * parts they share: "32 clients, 4 threads" / "TPC-B, prepared". Caller
 * frees; "" when there are none. */
char *tr_bars_workload_text(const tr_bars *b, const tr_workload *w, bool varying);

/* The value axis title and the subtitle of the chart. Caller frees both
 * (both NULL on error). Returns 0 or TR_ENOMEM. */
int tr_bars_texts(char **axis, char **sub, const tr_results *r, const tr_bars *b,
                  tr_chart_kind kind);

/* The catalog metric a bars kind shows (p95: the median of the runs'
 * window p95), or NULL. */
const tr_metric *tr_bars_metric(tr_chart_kind kind);

/* The label on a bar: the catalog's digits for its metric, "%" for CoV.
 * Caller frees. */
char *tr_bars_value_label(tr_chart_kind kind, double v);

/* The widest value label (tr_bars_value_label) of the item's bars, in px
 * at TR_SMALL_SIZE. */
int tr_bars_value_label_width(double *out, tr_scene *s, const tr_results *r,
                              const tr_chart_item *item);

/* Bars across instead of up, rows growing the canvas: for more bars than
 * fit side by side. Draws below y (header and legend are drawn). */
int tr_layout_hbars(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                    const tr_bars *b, double y, const char *axis_title);

#endif
