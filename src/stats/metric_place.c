/* metric_place.c: which catalog metrics the fixed tables show, in their
 * order and under their headers (see metric.h, "Places"). The order is
 * each table's own, not the catalog's: results.csv's column order is not
 * a reading order for a summary. */

#include "stats.h"
#include "util/alloc.h"

#include <string.h>

#define S_SLOT(name) { name, NULL, TR_COL_SLOT, NULL, NULL, NULL, NULL }
#define S_SLOTH(name, header) { name, header, TR_COL_SLOT, NULL, NULL, NULL, NULL }
#define S_COL(key, header, flags) { key, header, flags, NULL, NULL, NULL, NULL }

static const tr_metric_col S_summary[] = {
	S_SLOTH("runs", "runs"),
	S_COL("tps_median", "tps median", 0),
	S_SLOTH("tps_range", "tps range"),
	S_COL("latency_avg_ms", "latency", 0),
	S_COL("stability.worst.tps_cov_pct", "CoV worst", 0),
	S_COL("stability.worst.tps_min_pct", "dip worst", 0),
	S_COL("cost_per_tps", "cost/tps", TR_COL_CURRENCY),
};

static const tr_metric_col S_tps[] = {
	S_SLOTH("runs", "Runs"),
	S_COL("tps_median", NULL, TR_COL_LEADER),
	S_COL("tps_min", "Slowest run (TPS)", 0),
	S_COL("tps_max", "Fastest run (TPS)", 0),
	S_COL("latency_avg_ms", "Latency avg (ms)", 0),
	S_SLOT("vs"),
};

/* A NULL header is the metric's name (tr_metric_col_header): the
 * figures a chart shows too are named as the chart names them. */
/* What a reader needs of the windows: the worst run and a typical one;
 * the count of windows and the pooled CoV are results.json's (issue 25:
 * an article, not an audit). */
static const tr_metric_col S_stability[] = {
	S_SLOTH("window", "Window"),
	S_COL("stability.worst.tps_cov_pct", NULL, TR_COL_RUN),
	S_COL("stability.median_run.tps_cov_pct", NULL, 0),
	S_COL("stability.worst.tps_min_pct", NULL, TR_COL_RUN),
	S_COL("stability.worst.latency_p95_ms", NULL, TR_COL_WINDOW),
};

static const tr_metric_col S_latency[] = {
	S_SLOTH("transactions", "Transactions"),
	S_COL("latency.p50_ms", "p50 (ms)", 0),
	S_COL("latency.p90_ms", "p90 (ms)", 0),
	S_COL("latency.p95_ms", "p95 of transactions (ms)", 0),
	S_COL("latency.p99_ms", "p99 (ms)", 0),
	S_COL("latency.p999_ms", "p99.9 (ms)", 0),
	S_COL("latency.max_ms", "Max (ms)", 0),
};

static const tr_metric_col S_value[] = {
	S_SLOTH("monthly", "Per month (%s)"),
	S_COL("tps_median", "Median TPS", 0),
	S_COL("cost_per_tps", "%s per TPS", TR_COL_CURRENCY),
	S_COL("tps_per_100", "TPS per 100 %s", TR_COL_CURRENCY),
	S_SLOT("value_ratio"),
};

static const tr_metric_col S_closing[] = {
	S_COL("tps_median", "Median TPS", TR_COL_LEADER),
	S_SLOT("vs"),
	S_COL("latency_avg_ms", "Latency avg (ms)", 0),
	S_COL("stability.worst.tps_cov_pct", NULL, TR_COL_IF_ANY),
	S_COL("cost_per_tps", "%s per TPS", TR_COL_IF_ANY | TR_COL_CURRENCY),
};

/* In the order of tr_diff_metric_id (diff.h). run_key NULL: a run's
 * figure is derived (cost: its provider's monthly cost over its TPS). */
static const tr_metric_col S_diff[] = {
	{ "tps_median", "TPS", 0, "tps", NULL, " (median of runs)", "tps" },
	{ "latency_avg_ms", "Latency average", 0, "latency", "ms", " (median of runs)",
	  "latency_avg_ms" },
	{ "latency.p95_ms", "p95 latency per transaction", 0, "p95", "ms",
	  " (all transactions)", "latency.p95_ms" },
	{ "latency.p99_ms", "p99 latency per transaction", 0, "p99", "ms",
	  " (all transactions)", "latency.p99_ms" },
	{ "cost_per_tps", "Cost per TPS", TR_COL_CURRENCY, "cost", NULL,
	  " (monthly cost / median TPS)", NULL },
};

static const struct {
	const tr_metric_col *cols;
	size_t n;
} S_places[TR_PLACE_COUNT] = {
	[TR_PLACE_SUMMARY_CELLS] = { S_summary, TR_ARRAY_SIZE(S_summary) },
	[TR_PLACE_TABLE_TPS] = { S_tps, TR_ARRAY_SIZE(S_tps) },
	[TR_PLACE_TABLE_STABILITY] = { S_stability, TR_ARRAY_SIZE(S_stability) },
	[TR_PLACE_TABLE_LATENCY] = { S_latency, TR_ARRAY_SIZE(S_latency) },
	[TR_PLACE_TABLE_VALUE] = { S_value, TR_ARRAY_SIZE(S_value) },
	[TR_PLACE_TABLE_CLOSING] = { S_closing, TR_ARRAY_SIZE(S_closing) },
	[TR_PLACE_DIFF] = { S_diff, TR_ARRAY_SIZE(S_diff) },
};

const tr_metric_col *tr_metric_place_cols(tr_metric_place place, size_t *n)
{
	if ((size_t)place >= TR_PLACE_COUNT) {
		*n = 0;
		return NULL;
	}
	*n = S_places[place].n;
	return S_places[place].cols;
}

const tr_metric *tr_metric_col_metric(const tr_metric_col *col)
{
	return col && !(col->flags & TR_COL_SLOT) ? tr_metric_find(col->key) : NULL;
}
