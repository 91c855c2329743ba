#ifndef TR_STATS_FIGURES_H
#define TR_STATS_FIGURES_H

/*
 * Figures built on the metric catalog (docs/metrics.md, "Runs, ratios,
 * ranks and ranges"): a catalog metric's figure for one run, a cell's
 * figure under a run pick ([study] runs, runs=), the contrast of two
 * cells or two runs (ratio, difference, percent change, and the Holm-
 * adjusted test behind it), ranks and ranges. Renderers format these;
 * they compute nothing. Included by stats.h.
 */

#include "model/model.h"
#include "stats/metric.h"

#include <stdbool.h>
#include <stddef.h>

struct tr_results;
struct tr_run_result;
struct tr_cell;
struct tr_comparison;

/* Does m have a figure per run (tps_*, latency_avg_ms, transactions,
 * failed, a run's window figures, its exact percentiles)? */
bool tr_metric_per_run(const tr_metric *m);

/* m's figure for one run; NaN when m is not a run's or the run lacks it. */
double tr_metric_of_run(const tr_metric *m, const struct tr_run_result *run);

/*
 * A cell's figure of m under a run pick. TR_RUNS_MEDIAN: the cell's own
 * figure (tr_metric_value). Best and worst, for metrics with a figure per
 * run: the best (worst) of the runs' figures by m's direction, each metric
 * on its own (PostgresBench's "Best": the highest-TPS run's TPS, the
 * lowest latency of the runs); other metrics keep the cell's figure.
 */
double tr_metric_picked(const struct tr_results *r, const tr_metric *m,
                        const struct tr_cell *c, tr_run_pick pick);

/* tr_metric_over of a cell metric with each cell's figure picked (the
 * same as tr_metric_over for the median pick). */
double tr_metric_over_pick(const struct tr_results *r, const tr_metric *m, size_t p,
                           long s, long w, tr_metric_agg agg, tr_run_pick pick,
                           size_t *used, size_t *missing);

/* The aggregate of a cell's runs' figures of m (agg=sum: the cell's
 * transactions over all its runs); NaN when m is not a run's. */
double tr_metric_of_runs(const struct tr_results *r, const tr_metric *m,
                         const struct tr_cell *c, tr_metric_agg agg);

/* The pick that applies to m when a directive names none: [study] runs
 * for latency and percentile metrics and headline TPS (a metric that
 * names its statistic, tps_median or tps_max, keeps it). */
tr_run_pick tr_metric_default_pick(const struct tr_results *r, const tr_metric *m);

/*
 * The run of cell c that `name` names: a run id as in the tables, or
 * "best" / "worst" (by m's figure and direction) or "median" (the run
 * whose figure is the lower middle one). Index into r->runs, or -1.
 */
long tr_cell_run_named(const struct tr_results *r, const struct tr_cell *c,
                       const tr_metric *m, const char *name);

/* Two figures of one metric side by side, and the test behind them. */
typedef struct tr_contrast {
	double a, b;             /* P's figure and Q's */
	double ratio;            /* a / b: NaN when b is 0 (zero set) or either
	                            is missing */
	double diff;             /* a - b, in the metric's unit */
	double pct;              /* (a / b - 1) x 100 */
	bool zero;               /* b is 0: no ratio, no percent */
	bool tested;             /* a Mann-Whitney over runs stands behind it */
	double p;                /* Holm-adjusted p of its family; NaN untested */
	bool significant;        /* p <= alpha */
	size_t na, nb;           /* runs per side of the test */
	size_t used;             /* places (cells of P with one of Q) compared */
	bool aggregated;         /* over a scenario or workload `*` */
	bool one_scenario;       /* then: over the workloads of one scenario */
	tr_metric_agg agg;       /* then: how each side was aggregated */
	bool study_family;       /* the p is the study's own comparison's */
} tr_contrast;

/*
 * Provider p against q on m (a cell metric; a derived one compares its
 * base) in scenario s and workload w (-1: every one), over the places both
 * have, each side the aggregate agg of its cells' picked figures. One cell
 * a side, with a figure per run: the exact Mann-Whitney over the runs,
 * Holm-adjusted in its family (docs/metrics.md): the study's TPS
 * comparisons when one side is the baseline and m is a TPS metric, else
 * every pair of providers at every place on m. Returns 0, TR_ENOMEM, or
 * TR_ENOTFOUND when no place has both.
 */
int tr_contrast_cells(tr_contrast *out, const struct tr_results *r,
                      const tr_metric *m, size_t p, size_t q, long s, long w,
                      tr_metric_agg agg, tr_run_pick pick);

/*
 * The same over explicit pairs of cells: P's cell pa[i] against Q's cell
 * qb[i] (indices into r->cells), npairs of them; pairs where a side lacks
 * the picked figure are left out. What a table whose places are not a
 * scenario and workload (a machine, a client count) compares. Returns 0,
 * TR_ENOMEM, or TR_ENOTFOUND when no pair has both figures.
 */
int tr_contrast_pairs(tr_contrast *out, const struct tr_results *r,
                      const tr_metric *m, const size_t *pa, const size_t *qb,
                      size_t npairs, tr_metric_agg agg, tr_run_pick pick);

/* Two figures already computed (a ranking's figure against the best's,
 * a journey's step against the one before): ratio, difference, percent
 * change, untested. */
void tr_contrast_values(tr_contrast *out, double a, double b);

/* Run a against run b (indices into r->runs) on m: untested. */
void tr_contrast_runs(tr_contrast *out, const struct tr_results *r,
                      const tr_metric *m, size_t a, size_t b);

/* Which figure of a contrast a range or a phrasing reads. */
typedef enum tr_contrast_field {
	TR_CONTRAST_RATIO = 0,
	TR_CONTRAST_DIFF,
	TR_CONTRAST_PCT
} tr_contrast_field;

double tr_contrast_get(const tr_contrast *c, tr_contrast_field field);

/*
 * The smallest and largest of `field` of p against q over scenarios
 * scen[0..n) (n 0: every scenario), workload w (-1: all, aggregated by
 * agg), or, with each_workload, over every workload of those scenarios
 * one by one (PostgresBench's machines: "1.3-2.1x across instance
 * sizes"). *used counts the places that gave a figure. Returns 0 or
 * TR_ENOMEM; *lo and *hi NaN when none did.
 */
int tr_contrast_range(double *lo, double *hi, size_t *used, const struct tr_results *r,
                      const tr_metric *m, size_t p, size_t q, const size_t *scen,
                      size_t n, long w, bool each_workload, tr_metric_agg agg,
                      tr_contrast_field field);

/*
 * Provider p's place among the providers on m in s/w (-1: every one,
 * aggregated by agg): *rank 1 + the number of providers with a better
 * figure (ties share a place), *of the providers with a figure. Returns 0,
 * or TR_ENOTFOUND when p has no figure there or m has no better side.
 */
int tr_metric_rank(size_t *rank, size_t *of, const struct tr_results *r,
                   const tr_metric *m, size_t p, long s, long w, tr_metric_agg agg);

/* The catalog's words for a change of m: up (a > b) or down. "faster",
 * "more expensive", "higher p99 latency"; a new string the caller frees
 * (NULL: out of memory). */
char *tr_metric_change_words(const tr_metric *m, bool up);

/*
 * A derived metric (KEY_gap_pct, KEY_ratio, value_ratio) of cell against
 * other under a run pick: the two sides' base figures each picked
 * (tr_metric_picked), as {{compare}} picks them; a cell metric is
 * tr_metric_picked; the median pick is tr_metric_value.
 */
double tr_metric_value_pick(const struct tr_results *r, const tr_metric *m,
                            const struct tr_cell *cell, const struct tr_cell *other,
                            const struct tr_comparison *cmp, tr_run_pick pick);

/* tr_metric_over of a derived metric against provider vs (-1: each
 * scenario's baseline) with both sides' figures picked: the gap (ratio) of
 * the two aggregates over the places both have. A cell metric: as
 * tr_metric_over_pick. */
double tr_metric_over_vs_pick(const struct tr_results *r, const tr_metric *m, size_t p,
                              long vs, long s, long w, tr_metric_agg agg, tr_run_pick pick,
                              size_t *used, size_t *missing);

/* The member of a run object of a results document (docs/results-json.md)
 * that holds m's per-run figure: "tps", "latency_avg_ms",
 * "windows.tps_cov_pct", "latency.p95_ms", "postgresbench_latency.p95_ms";
 * NULL when m has none (prices, init durations, derived metrics). Static. */
const char *tr_metric_run_member(const tr_metric *m);

/* Is m a figure of a monthly price and a TPS (cost_per_tps, tps_per_100)?
 * Then tr_metric_picked takes the picked run's TPS, and tr_metric_at_tps
 * gives it at any TPS (a run's: what a diff tests). NaN when m is not one,
 * the TPS is not above 0 or the price is unknown. */
bool tr_metric_priced(const tr_metric *m);
double tr_metric_at_tps(const tr_metric *m, double tps, double price_month);

#endif
