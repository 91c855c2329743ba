#ifndef TR_STATS_METRIC_H
#define TR_STATS_METRIC_H

/*
 * The metric catalog: every figure of a cell that a table, chart, export
 * or directive can show, one row each (key, label, unit, which way is
 * better, how it is formatted, how it aggregates). Renderers iterate this
 * table instead of listing columns by hand: a new metric is one row.
 *
 * Keys are those of data/results.json, nested keys joined by dots
 * ("latency.p99_ms"). Derived metrics compare a cell with another cell
 * (the baseline's, or any provider's): "KEY_gap_pct" ((a / b - 1) x 100)
 * and "KEY_ratio" (a / b) exist for every comparable metric, with the
 * short names of results.json's comparisons kept as aliases (tps_gap_pct
 * and tps_ratio for tps_median, latency_gap_pct and latency_ratio for
 * latency_avg_ms, value_ratio: how many times more transactions one
 * currency unit buys). Included by stats.h.
 */

#include <stdbool.h>
#include <stddef.h>

struct tr_results;
struct tr_cell;
struct tr_comparison;

typedef enum tr_metric_format {
	TR_METRIC_FMT_TPS = 0,  /* 2,339.7 */
	TR_METRIC_FMT_MS,       /* 13.7 */
	TR_METRIC_FMT_PCT,      /* 4.1% */
	TR_METRIC_FMT_GAP,      /* +9.5% */
	TR_METRIC_FMT_RATIO,    /* 2.02x */
	TR_METRIC_FMT_P,        /* 0.016 */
	TR_METRIC_FMT_COST,     /* 0.0878 */
	TR_METRIC_FMT_PER100,   /* 1,139 */
	TR_METRIC_FMT_COUNT,    /* 2,807,282 */
	TR_METRIC_FMT_US_MS,    /* an exact per-transaction latency: 4.741 */
	TR_METRIC_FMT_MONEY,    /* a monthly price: 1,234.50 */
	TR_METRIC_FMT_SECONDS   /* a duration in seconds: 1,562.31 (fmt=duration:
	                           "26 min 2 s") */
} tr_metric_format;

typedef enum tr_metric_direction {
	TR_METRIC_NEITHER = 0,  /* p values: no better side */
	TR_METRIC_HIGHER,       /* higher is better (TPS) */
	TR_METRIC_LOWER         /* lower is better (latency, cost, CoV) */
} tr_metric_direction;

typedef enum tr_metric_agg {
	TR_AGG_MEAN = 0,
	TR_AGG_MEDIAN,
	TR_AGG_MIN,
	TR_AGG_MAX,
	TR_AGG_SUM,             /* counts: transactions over cells (or runs) */
	TR_AGG_COUNT /* how many: not an aggregation */
} tr_metric_agg;

typedef enum tr_metric_kind {
	TR_METRIC_CELL = 0,     /* a figure of one cell */
	TR_METRIC_COMPARISON,   /* of the comparison with the baseline (p) */
	TR_METRIC_GAP,          /* (a / b - 1) x 100 of a base cell metric */
	TR_METRIC_RATIO,        /* a / b */
	TR_METRIC_INV_RATIO     /* b / a (value_ratio: cost per TPS, inverted) */
} tr_metric_kind;

typedef struct tr_metric {
	const char *key;        /* results.json key: "latency.p99_ms" */
	const char *label;      /* column header: "p99 (ms)" */
	const char *unit;       /* "TPS", "ms", "%", "x", "" */
	const char *noun;       /* for words: "TPS", "latency", "cost per TPS" */
	tr_metric_direction direction;
	tr_metric_format format;
	tr_metric_agg agg;      /* the default aggregation over workloads */
	tr_metric_kind kind;
	size_t offset;          /* of the double in tr_cell or tr_comparison */
	const char *csv;        /* its column in data/results.csv, or NULL */
	bool comparable;        /* has KEY_gap_pct and KEY_ratio */
	const struct tr_metric *base; /* for derived metrics: what they compare */
	long run;               /* offset in tr_cell of the id of the run the
	                           figure comes from (a worst run's), or -1 */
} tr_metric;

/* The catalog's rows, in the order of results.csv; *n set. */
const tr_metric *tr_metric_catalog(size_t *n);

/* The metric of this key (a row, an alias, or KEY_gap_pct / KEY_ratio of
 * a comparable row), or NULL. Derived metrics live as long as the
 * program. */
const tr_metric *tr_metric_find(const char *key);

/* A metric's value for one cell; `other` is the cell it is compared with
 * (derived metrics) and cmp the comparison with the baseline (comparison
 * metrics); NaN when not there. */
double tr_metric_value(const tr_metric *m, const struct tr_cell *cell,
                       const struct tr_cell *other,
                       const struct tr_comparison *cmp);

/* The id of the run a cell's figure comes from ("run2": the worst run's
 * CoV), or NULL when the figure is not one run's. */
const char *tr_metric_run(const tr_metric *m, const struct tr_cell *cell);

/*
 * A figure as every renderer prints it (metric_fmt.c): the precision is
 * its format's, so a chart and a table showing one figure print the same
 * digits. TPS whole from 100 up, one decimal below ("1,469", "45.3");
 * ms 3 significant digits, at most 3 decimals ("5.79", "0.123"); exact
 * per-transaction latencies to the microsecond ("63.357"); % one decimal
 * ("6.7%"); a gap signed ("+6.5%"); a ratio "1.96×"; p 3 decimals or
 * "<0.001"; cost 3 significant digits, at most 4 decimals; TPS per 100
 * and seconds 3 significant digits (at most 1 and 2 decimals); money 2
 * decimals; counts whole. An en dash for NaN. Appends to out.
 */
struct tr_buf;
int tr_metric_fmt(struct tr_buf *out, double v, tr_metric_format f);
/* The same as a new string (caller frees); NULL when out of memory. */
char *tr_metric_str(double v, tr_metric_format f);

/* A figure's one name as a header or an axis title: the catalog's label
 * with a capital ("CoV, worst run", "Median TPS"; "p95 ..." keeps its
 * case). Static. */
const char *tr_metric_title(const tr_metric *m);

/* "mean", "median", "min", "max"; parse returns 0 or TR_EINVALID. */
const char *tr_metric_agg_name(tr_metric_agg agg);
int tr_metric_agg_parse(tr_metric_agg *out, const char *name);

/* The aggregate of v[0..n) (NaN values left out; NaN when none). */
double tr_metric_aggregate(const double *v, size_t n, tr_metric_agg agg);

/* Is a better than b by m's direction (never for TR_METRIC_NEITHER)? */
bool tr_metric_better(const tr_metric *m, double a, double b);

/*
 * The aggregate of a cell metric of one provider over cells: scenario and
 * workload are indices or -1 for every one. *used and *missing (may be
 * NULL) count the cells with and without a finite value; when the
 * provider has a cell in scope, *missing also counts the places in scope
 * (a scenario and workload another provider has a cell in) where it has
 * none (no cell at all: both 0, "no runs there"). Derived metrics
 * compare with the same cell of provider `vs` (-1: the baseline).
 */
double tr_metric_over(const struct tr_results *r, const tr_metric *m,
                      size_t provider, long vs, long scenario, long workload,
                      tr_metric_agg agg, size_t *used, size_t *missing);

/* tr_metric_over's every aggregation at once (out[TR_AGG_MEAN] ...), in
 * one pass over the provider's cells: what a table of aggregates wants. */
void tr_metric_over_all(double out[TR_AGG_COUNT], const struct tr_results *r,
                        const tr_metric *m, size_t provider, long vs, long scenario,
                        long workload, size_t *used, size_t *missing);

/*
 * Places: the fixed tables that show a set of cell metrics, each with its
 * columns in its own order (a directive's table takes its metrics from
 * the writeup instead). A column is a catalog metric, or a slot: a column
 * that is not a cell's figure (a count of runs, a comparison's verdict),
 * which the renderer fills, named by key. Listed in metric_place.c: a new
 * metric is one row of the catalog and, where a fixed table should show
 * it, one line of that table's list.
 */
typedef enum tr_metric_place {
	TR_PLACE_SUMMARY_CELLS = 0, /* `tpsreport summary`: the Cells table */
	TR_PLACE_TABLE_TPS,         /* {{table tps}} */
	TR_PLACE_TABLE_STABILITY,   /* {{table stability}} */
	TR_PLACE_TABLE_LATENCY,     /* {{table latency}} */
	TR_PLACE_TABLE_VALUE,       /* {{table value}} */
	TR_PLACE_TABLE_CLOSING,     /* {{table closing}} */
	TR_PLACE_DIFF,              /* what `tpsreport diff` compares */
	TR_PLACE_COUNT
} tr_metric_place;

#define TR_COL_SLOT     1u  /* not a metric: the renderer's column `key` */
#define TR_COL_LEADER   2u  /* the best of a scenario and workload in bold */
#define TR_COL_IF_ANY   4u  /* shown only when some cell has the figure */
#define TR_COL_CURRENCY 8u  /* in currency units; a "%s" in header takes
                               the study's currency */
#define TR_COL_WINDOW  16u  /* the header names the window length */
#define TR_COL_RUN     32u  /* names the run the figure comes from */

typedef struct tr_metric_col {
	const char *key;        /* the catalog key, or the slot's name */
	const char *header;     /* the column's header in that place */
	unsigned flags;         /* TR_COL_* */
	const char *name;       /* diff: its key in --fail-on and JSON ("tps") */
	const char *unit;       /* diff: the unit its heading names, or NULL */
	const char *note;       /* diff: how the figure is made */
	const char *run_key;    /* diff: the run objects' key, NULL: derived */
} tr_metric_col;

/* The columns of a place, in order; *n set. Static. */
const tr_metric_col *tr_metric_place_cols(tr_metric_place place, size_t *n);

/* A column's header: its own, or (NULL header) its metric's name,
 * tr_metric_title: a table names a figure as a chart does. Static. */
const char *tr_metric_col_header(const tr_metric_col *col);

/* A column's metric; NULL for a slot. */
const tr_metric *tr_metric_col_metric(const tr_metric_col *col);

#endif
