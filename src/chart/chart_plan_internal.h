#ifndef TR_CHART_PLAN_INTERNAL_H
#define TR_CHART_PLAN_INTERNAL_H

/* Internal to chart: what the data allows, and the words of each chart
 * (title and alt text), shared by plan.c, describe.c and the layouts. */

#include "chart_internal.h"

/* tps, latency, p95, cov, cost, value: the grouped bars. */
bool tr_chart_is_bars(tr_chart_kind kind);

/* Whether the results hold data for this kind in this scenario and
 * workload (-1: any). For sweeps, workload stands for its type. */
bool tr_chart_has(const tr_results *r, tr_chart_kind kind, long scenario,
                  long workload);

/* Whether cell c has top waits to draw (a sampler file, some waits), in
 * scenario (-1: any). */
bool tr_chart_waits_cell(const tr_cell *c, long scenario);

/* The waits a panel shows: the table's five (writeup's {{table waits}}). */
#define TR_CHART_WAITS_TOP 5

/* A wait's name as the table prints it: "LWLock:WALWrite", "CPU" for
 * active without a wait. Caller frees; NULL when out of memory. */
char *tr_chart_wait_name(const tr_cell_wait *w);

/* How many workloads of scenario s have data for this kind. */
size_t tr_chart_workloads_with(const tr_results *r, tr_chart_kind kind, size_t s);

/* Distinct client counts of the cells of scenario x type, in cell order
 * (at most 256); written to clients when not NULL. */
size_t tr_chart_sweep_clients(const tr_results *r, size_t scenario,
                              const char *type, int *clients);

/* Set item->title and item->alt from the results (item's kind, scenario
 * and workload set). */
int tr_chart_describe(tr_chart_item *item, const tr_results *r);

/* ---- a chart in parts (pages.c) --------------------------------------- */

/* Per picture at most (pages.c says why): bars, init rows,
 * providers of a timeline, percentiles or sweep, and waits panels. */
#define TR_CHART_PAGE_BARS 100
#define TR_CHART_PAGE_ROWS 60
#define TR_CHART_PAGE_LINES 8
/* waits: panels (a provider's cell each) per picture */
#define TR_CHART_PAGE_PANELS 12
/* Past this many providers in one picture a legend is too long to match
 * to the marks: bars are named where they are drawn. */
#define TR_CHART_LEGEND_MAX 8

/* Providers per picture for a chart of this kind with `groups` groups
 * (bars: scenario x workload; init: scenario panels; else unused). */
size_t tr_chart_page_limit(tr_chart_kind kind, size_t groups);
/* Parts for `providers` providers at `limit` per part: ceil(p / limit),
 * 1 when they fit. */
size_t tr_chart_page_count(size_t providers, size_t limit);
/* Part `page` of npages shows the providers ranked [*from, *to). */
void tr_chart_page_span(size_t *from, size_t *to, size_t providers,
                        size_t npages, size_t page);
/* *out: a new array (r->nproviders + 1 entries, caller frees) marking the
 * providers the item's picture shows: its part's only, or every provider
 * of the whole chart when `whole` is set. *count (may be NULL): the whole
 * chart's providers; *npages (may be NULL): the parts it takes. */
int tr_chart_page_providers(bool **out, size_t *count, size_t *npages,
                            const tr_results *r, const tr_chart_item *item,
                            bool whole);
/* Part `page` of npages of the chart `whole` (of `providers` providers):
 * its name ("tps-s01-part2"), title ("... (continued, part 2 of 5)"),
 * alt text and, for the first, the note. Free with tr_chart_item_free. */
int tr_chart_item_part(tr_chart_item *out, const tr_chart_item *whole,
                       size_t providers, size_t npages, size_t page);

/* ---- a timeline's server events (layout_events.c) --------------------- */

/* Whether the runs of the item's timeline have checkpoints or autovacuum
 * spans to mark (from their sampler files, within their windows). */
void tr_events_find(const tr_results *r, const tr_chart_item *item,
                    bool *checkpoints, bool *autovacuum);
/* The classes of the marks: "ev0" a checkpoint, "ev1" an autovacuum span;
 * added only to a chart that has them. */
void tr_events_styles(tr_scene *s);
/* The marks of provider p's runs (every provider's when p < 0) in plot pl:
 * a checkpoint's line at the start of the window it fell in, an
 * autovacuum span's band over the seconds it ran. */
int tr_events_draw(tr_scene *s, const tr_results *r, const tr_chart_item *item,
                   long p, const tr_axis *ax, const tr_plot *pl);

#endif
