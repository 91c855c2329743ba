#ifndef TR_STATS_INTERNAL_H
#define TR_STATS_INTERNAL_H

/* Internal to stats: the steps of tr_results_compute(), one file each. */

#include "stats.h"

/* stability.c */
int tr_cell_stability(tr_cell *cell, const tr_results *r, const tr_study *st);
int tr_cell_latency(tr_cell *cell, const tr_results *r, const tr_study *st);
/* Percentiles of h (NULL or empty: not present), in ms. */
void tr_latency_of_hist(tr_latency *out, const tr_hist *h, int64_t skipped,
                        int64_t failed);
/* The same under a percentile rule ([study] percentile). A histogram too
 * big to sort (out of memory) gives not present. */
void tr_latency_of_hist_rule(tr_latency *out, const tr_hist *h,
                             int64_t skipped, int64_t failed, tr_pct_rule rule);

/* workloads.c: the index of the workload of this summary, adding it when
 * new; -1 when out of memory. */
/* The workload of a run's summary on `machine` (NULL: not said), added
 * when new; its index, or -1 when memory runs out. */
long tr_workload_find(tr_results *r, const tr_summary *s, const char *machine);
/* Order workloads (TPC-B, simple-update, select-only, scripts; clients,
 * threads, mode) and renumber the runs' workload indices. */
int tr_workloads_sort(tr_results *r);

/* scenarios.c: labels, scale, data size and regime per provider. */
int tr_scenarios_compute(tr_results *r, const tr_study *st);
/* Provider x scenario setups, [cell] sections checked (setup.c). */
int tr_setups_compute(tr_results *r, const tr_study *st);

/* compare.c */
int tr_comparisons_compute(tr_results *r);
int tr_sweeps_compute(tr_results *r);

/* paired.c: sweeps[].paired, after tr_sweeps_compute. */
int tr_paired_compute(tr_results *r);

/* headline.c: cells[].tps_headline from [study] runs. */
int tr_headline_compute(tr_results *r);

/* inits.c */
int tr_inits_compute(tr_results *r, const tr_study *st);

/* contrast.c: the cache of pairwise families (tr_results.pair_cache):
 * made empty by tr_results_compute, freed by tr_results_free. */
struct tr_pair_cache *tr_pair_cache_new(void);
void tr_pair_cache_free(struct tr_pair_cache *cache);

/* cell_extras.c: cells' price_month, counts and init figures, after
 * tr_inits_compute. */
int tr_cell_extras(tr_results *r);

/* cell_server.c: cells' server figures from their runs' sampler files. */
int tr_cell_server(tr_results *r);

/* check.c: comparability findings (tpsreport check). */
int tr_findings_compute(tr_results *r, const tr_study *st);

#endif
