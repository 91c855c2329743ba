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

/* How many workloads of scenario s have data for this kind. */
size_t tr_chart_workloads_with(const tr_results *r, tr_chart_kind kind, size_t s);

/* Distinct client counts of the cells of scenario x type, in cell order
 * (at most 256); written to clients when not NULL. */
size_t tr_chart_sweep_clients(const tr_results *r, size_t scenario,
                              const char *type, int *clients);

/* Set item->title and item->alt from the results (item's kind, scenario
 * and workload set). */
int tr_chart_describe(tr_chart_item *item, const tr_results *r);

#endif
