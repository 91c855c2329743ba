/* metric.c: the metric catalog (see metric.h), the derived metrics that
 * compare two cells, and aggregates over workloads and scenarios. */

#include "stats.h"
#include "util/alloc.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_C(key, label, unit, noun, dir, fmt, member, csv, cmp) \
	{ key, label, unit, noun, dir, TR_METRIC_FMT_##fmt, TR_AGG_MEAN, \
	  TR_METRIC_CELL, offsetof(tr_cell, member), csv, cmp, NULL, -1 }
/* A figure of one run of the cell (the worst run's), with its id. */
#define S_R(key, label, unit, noun, dir, fmt, member, csv, cmp, run) \
	{ key, label, unit, noun, dir, TR_METRIC_FMT_##fmt, TR_AGG_MEAN, \
	  TR_METRIC_CELL, offsetof(tr_cell, member), csv, cmp, NULL, \
	  (long)offsetof(tr_cell, run) }
#define S_P(key, label, member) \
	{ key, label, "", "p", TR_METRIC_NEITHER, TR_METRIC_FMT_P, TR_AGG_MEDIAN, \
	  TR_METRIC_COMPARISON, offsetof(tr_comparison, member), NULL, false, NULL, -1 }

/* One phase of pgbench -i: init.phase.NAME_s. */
#define S_INIT(name, words, phase) \
	S_C("init.phase." name "_s", words " (s)", "s", words " phase", TR_METRIC_LOWER, \
	    SECONDS, init_phase_s[TR_INIT_PHASE_##phase], NULL, true)

#define H TR_METRIC_HIGHER
#define L TR_METRIC_LOWER

/* Rows in the order of results.csv's cell columns, then the others. */
static const tr_metric S_rows[] = {
	S_C("tps_median", "median TPS", "TPS", "TPS", H, TPS, tps_median, "tps_median", true),
	S_C("tps_headline", "headline TPS", "TPS", "headline TPS", H, TPS, tps_headline, NULL, true),
	S_C("tps_mean", "mean TPS", "TPS", "mean TPS", H, TPS, tps_mean, "tps_mean", true),
	S_C("tps_min", "slowest run TPS", "TPS", "slowest-run TPS", H, TPS, tps_min, "tps_min", true),
	S_C("tps_max", "fastest run TPS", "TPS", "fastest-run TPS", H, TPS, tps_max, "tps_max", true),
	S_C("latency_avg_ms", "latency avg (ms)", "ms", "latency", L, MS, latency_avg_ms,
	    "latency_avg_ms", true),
	S_C("cost_per_tps", "cost per TPS", "", "cost per TPS", L, COST, cost_per_tps,
	    "cost_per_tps", true),
	S_C("tps_per_100", "TPS per 100", "TPS", "TPS per 100", H, PER100, tps_per_100,
	    "tps_per_100", true),
	S_R("tps_cov_pct_worst", "CoV, worst run", "%", "TPS CoV", L, PCT, worst.tps_cov_pct,
	    "tps_cov_pct_worst", false, worst_cov_run),
	S_R("tps_min_pct_worst", "deepest dip", "%", "dip", H, PCT, worst.tps_min_pct,
	    "tps_min_pct_worst", false, worst_dip_run),
	S_C("stability.worst.latency_p95_ms", "p95 of window averages, worst run (ms)", "ms",
	    "window p95 latency", L, MS, worst.latency_p95_ms, "window_latency_p95_ms_worst", true),
	S_C("latency.p50_ms", "p50 (ms)", "ms", "p50 latency", L, US_MS, latency.p50_ms,
	    "p50_ms", true),
	S_C("latency.p95_ms", "p95 (ms)", "ms", "p95 latency", L, US_MS, latency.p95_ms,
	    "p95_ms", true),
	S_C("latency.p99_ms", "p99 (ms)", "ms", "p99 latency", L, US_MS, latency.p99_ms,
	    "p99_ms", true),
	S_R("stability.worst.tps_cov_pct", "CoV, worst run", "%", "TPS CoV", L, PCT,
	    worst.tps_cov_pct, NULL, false, worst_cov_run),
	S_R("stability.worst.tps_min_pct", "deepest dip", "%", "dip", H, PCT,
	    worst.tps_min_pct, NULL, false, worst_dip_run),
	S_C("stability.worst.tps_min", "lowest window TPS", "TPS", "lowest window TPS", H, TPS,
	    worst.tps_min, NULL, true),
	S_C("stability.worst.latency_max_ms", "max window latency (ms)", "ms",
	    "max window latency", L, MS, worst.latency_max_ms, NULL, true),
	S_C("stability.median_run.tps_cov_pct", "CoV, median run", "%", "TPS CoV", L, PCT,
	    median_run.tps_cov_pct, NULL, false),
	S_C("stability.median_run.tps_min_pct", "dip, median run", "%", "dip", H, PCT,
	    median_run.tps_min_pct, NULL, false),
	S_C("stability.median_run.latency_p95_ms", "p95 of window averages, median run (ms)",
	    "ms", "window p95 latency", L, MS, median_run.latency_p95_ms, NULL, true),
	S_C("stability.pooled.tps_mean", "mean window TPS", "TPS", "mean window TPS", H, TPS,
	    pooled.tps_mean, NULL, true),
	S_C("stability.pooled.tps_cov_pct", "CoV, all windows", "%", "TPS CoV", L, PCT,
	    pooled.tps_cov_pct, NULL, false),
	S_C("stability.pooled.tps_min_pct", "dip, all windows", "%", "dip", H, PCT,
	    pooled.tps_min_pct, NULL, false),
	S_C("stability.pooled.latency_p95_ms", "p95 of window averages, all windows (ms)", "ms",
	    "window p95 latency", L, MS, pooled.latency_p95_ms, NULL, true),
	S_C("latency.min_ms", "min (ms)", "ms", "min latency", L, US_MS, latency.min_ms, NULL, true),
	S_C("latency.p90_ms", "p90 (ms)", "ms", "p90 latency", L, US_MS, latency.p90_ms, NULL, true),
	S_C("latency.p999_ms", "p99.9 (ms)", "ms", "p99.9 latency", L, US_MS, latency.p999_ms,
	    NULL, true),
	S_C("latency.p9999_ms", "p99.99 (ms)", "ms", "p99.99 latency", L, US_MS, latency.p9999_ms,
	    NULL, true),
	S_C("latency.max_ms", "max (ms)", "ms", "max latency", L, US_MS, latency.max_ms, NULL, true),
	S_C("pgb.p95_ms", "p95 (PostgresBench)", "ms", "PostgresBench p95 latency", L, MS,
	    pgb_p95_ms, NULL, true),
	S_C("pgb.p99_ms", "p99 (PostgresBench)", "ms", "PostgresBench p99 latency", L, MS,
	    pgb_p99_ms, NULL, true),
	S_C("price_month", "price per month", "", "monthly price", L, MONEY, price_month, NULL,
	    true),
	S_C("transactions", "transactions", "", "transactions", H, COUNT, transactions, NULL,
	    true),
	S_C("failed", "failed transactions", "", "failed transactions", L, COUNT, failed, NULL,
	    true),
	S_C("init.total_s", "init (s)", "s", "init time", L, SECONDS, init_total_s, NULL, true),
	S_C("init.wall_s", "init wall clock (s)", "s", "init wall-clock time", L, SECONDS,
	    init_wall_s, NULL, true),
	S_INIT("drop_tables", "drop tables", DROP),
	S_INIT("create_tables", "create tables", CREATE),
	S_INIT("client_side_generate", "client-side generate", CLIENT_GEN),
	S_INIT("server_side_generate", "server-side generate", SERVER_GEN),
	S_INIT("vacuum", "vacuum", VACUUM),
	S_INIT("primary_keys", "primary keys", PKEYS),
	S_INIT("foreign_keys", "foreign keys", FKEYS),
	S_P("p_value", "p", p_value),
	S_P("p_adjusted", "p (Holm)", p_adjusted),
	/* Server telemetry (cell_server.c): NaN where no run has a sampler file. */
	S_C("server.wal_bytes_per_tx", "WAL bytes per transaction", "", "WAL per transaction",
	    L, PER100, server_wal_bytes_per_tx, NULL, true),
	S_C("server.blocks_read_per_tx", "blocks read per transaction", "",
	    "blocks read per transaction", L, PER100, server_blocks_read_per_tx, NULL, true),
	S_C("server.buffers_checkpoint_per_tx", "checkpoint buffers per transaction", "",
	    "checkpoint buffers per transaction", L, PER100, server_buffers_checkpoint_per_tx,
	    NULL, true),
	S_C("server.checkpoints_per_run", "checkpoints per run", "", "checkpoints per run", L,
	    PER100, server_checkpoints_per_run, NULL, true),
	S_C("server.client_cpu_pct_max", "client CPU, busiest sample", "%", "client CPU",
	    TR_METRIC_NEITHER, PCT, server_client_cpu_pct_max, NULL, false),
	S_C("server.pgbench_cpu_pct_max", "pgbench CPU, busiest sample", "%", "pgbench CPU",
	    TR_METRIC_NEITHER, PCT, server_pgbench_cpu_pct_max, NULL, false),
	S_C("server.client_cpus", "client CPUs", "", "client CPUs", TR_METRIC_NEITHER, COUNT,
	    server_client_cpus, NULL, false),
};

#undef H
#undef L

/* Derived metrics: KEY_gap_pct and KEY_ratio of every comparable row,
 * made once (two per row), and the aliases of results.json. */
static tr_metric S_derived[2 * TR_ARRAY_SIZE(S_rows)];
static char S_keys[2 * TR_ARRAY_SIZE(S_rows)][64];
static char S_labels[2 * TR_ARRAY_SIZE(S_rows)][96];
static pthread_once_t S_once = PTHREAD_ONCE_INIT;

typedef struct {
	const char *alias;
	const char *base;
	tr_metric_kind kind;
} S_alias;

static const S_alias S_aliases[] = {
	{ "tps_gap_pct", "tps_median", TR_METRIC_GAP },
	{ "tps_ratio", "tps_median", TR_METRIC_RATIO },
	{ "latency_gap_pct", "latency_avg_ms", TR_METRIC_GAP },
	{ "latency_ratio", "latency_avg_ms", TR_METRIC_RATIO },
	{ "value_ratio", "cost_per_tps", TR_METRIC_INV_RATIO },
};

static tr_metric S_alias_rows[TR_ARRAY_SIZE(S_aliases)];
static const char *const S_alias_labels[] = {
	"TPS vs baseline", "TPS ratio", "latency vs baseline", "latency ratio", "value ratio",
};

static const tr_metric *S_row(const char *key)
{
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_rows); i++)
		if (strcmp(S_rows[i].key, key) == 0)
			return &S_rows[i];
	return NULL;
}

static void S_derive(tr_metric *out, const tr_metric *base, tr_metric_kind kind)
{
	*out = *base;
	out->kind = kind;
	out->base = base;
	out->csv = NULL;
	out->run = -1;
	out->comparable = false;
	out->agg = TR_AGG_MEAN;
	out->format = kind == TR_METRIC_GAP ? TR_METRIC_FMT_GAP : TR_METRIC_FMT_RATIO;
	out->unit = kind == TR_METRIC_GAP ? "%" : "x";
	/* A value ratio is higher-is-better whatever the cost's direction. */
	if (kind == TR_METRIC_INV_RATIO)
		out->direction = base->direction == TR_METRIC_LOWER ? TR_METRIC_HIGHER
		                                                      : TR_METRIC_LOWER;
}

/* Made once, on first use, by whichever thread comes first: pthread_once
 * makes the others wait for it (two threads writing the tables at once
 * were a data race, even writing the same bytes). */
static void S_make_once(void)
{
	size_t k = 0;
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_rows); i++) {
		const tr_metric *b = &S_rows[i];
		if (!b->comparable)
			continue;
		for (int g = 0; g < 2; g++, k++) {
			S_derive(&S_derived[k], b, g == 0 ? TR_METRIC_GAP : TR_METRIC_RATIO);
			snprintf(S_keys[k], sizeof(S_keys[k]), "%s%s", b->key,
			         g == 0 ? "_gap_pct" : "_ratio");
			snprintf(S_labels[k], sizeof(S_labels[k]), "%s%s", b->label,
			         g == 0 ? " gap" : " ratio");
			S_derived[k].key = S_keys[k];
			S_derived[k].label = S_labels[k];
		}
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_aliases); i++) {
		S_derive(&S_alias_rows[i], S_row(S_aliases[i].base), S_aliases[i].kind);
		S_alias_rows[i].key = S_aliases[i].alias;
		S_alias_rows[i].label = S_alias_labels[i];
	}
}

static void S_make(void)
{
	(void)pthread_once(&S_once, S_make_once);
}

const tr_metric *tr_metric_catalog(size_t *n)
{
	*n = TR_ARRAY_SIZE(S_rows);
	return S_rows;
}

const tr_metric *tr_metric_find(const char *key)
{
	const tr_metric *m = S_row(key);
	if (m)
		return m;
	S_make();
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_alias_rows); i++)
		if (strcmp(S_alias_rows[i].key, key) == 0)
			return &S_alias_rows[i];
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_derived) && S_derived[i].key; i++)
		if (strcmp(S_derived[i].key, key) == 0)
			return &S_derived[i];
	return NULL;
}

static double S_field(const tr_metric *m, const tr_cell *c)
{
	return c ? *(const double *)((const char *)c + m->offset) : NAN;
}

double tr_metric_value(const tr_metric *m, const tr_cell *cell,
                       const tr_cell *other, const tr_comparison *cmp)
{
	double a, b;
	switch (m->kind) {
	case TR_METRIC_CELL:
		return S_field(m, cell);
	case TR_METRIC_COMPARISON:
		return cmp ? *(const double *)((const char *)cmp + m->offset) : NAN;
	default:
		break;
	}
	a = S_field(m->base, cell);
	b = S_field(m->base, other);
	if (!isfinite(a) || !isfinite(b) || b == 0 || (m->kind == TR_METRIC_INV_RATIO && a == 0))
		return NAN;
	if (m->kind == TR_METRIC_GAP)
		return (a / b - 1) * 100;
	return m->kind == TR_METRIC_RATIO ? a / b : b / a;
}

const char *tr_metric_run(const tr_metric *m, const tr_cell *cell)
{
	if (!m || !cell || m->run < 0)
		return NULL;
	return *(const char *const *)((const char *)cell + m->run);
}

static const char *const S_aggs[] = { "mean", "median", "min", "max", "sum" };

const char *tr_metric_agg_name(tr_metric_agg agg)
{
	return (size_t)agg < TR_ARRAY_SIZE(S_aggs) ? S_aggs[agg] : "?";
}

int tr_metric_agg_parse(tr_metric_agg *out, const char *name)
{
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_aggs); i++)
		if (strcmp(S_aggs[i], name) == 0) {
			*out = (tr_metric_agg)i;
			return 0;
		}
	return TR_EINVALID;
}

double tr_metric_aggregate(const double *v, size_t n, tr_metric_agg agg)
{
	double acc = NAN;
	size_t used = 0;
	if (agg == TR_AGG_MEDIAN)
		return tr_median(v, n);
	for (size_t i = 0; i < n; i++) {
		if (isnan(v[i]))
			continue;
		if (used++ == 0)
			acc = v[i];
		else if (agg == TR_AGG_MEAN || agg == TR_AGG_SUM)
			acc += v[i];
		else if (agg == TR_AGG_MIN ? v[i] < acc : v[i] > acc)
			acc = v[i];
	}
	return agg == TR_AGG_MEAN && used ? acc / (double)used : acc;
}

bool tr_metric_better(const tr_metric *m, double a, double b)
{
	if (!isfinite(a))
		return false;
	if (!isfinite(b))
		return true;
	return m->direction == TR_METRIC_HIGHER ? a > b
	       : m->direction == TR_METRIC_LOWER ? a < b : false;
}

/* The comparison of cell c: comparisons are made in cell order
 * (tr_comparisons_compute), so a binary search finds it. */
static const tr_comparison *S_cmp(const tr_results *r, const tr_cell *c)
{
	size_t cell = (size_t)(c - r->cells), lo = 0, hi = r->ncomparisons;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->comparisons[mid].cell == cell)
			return &r->comparisons[mid];
		if (r->comparisons[mid].cell < cell)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The places in scope (a scenario and workload some provider has a cell
 * in): missing like a cell without the figure, never silently left out of
 * "over N of M cells". A provider has at most one cell per place. */
static size_t S_places(const tr_results *r, long scenario, long workload)
{
	if (scenario >= 0 && workload >= 0)
		return 1;
	if (scenario >= 0)
		return r->places_scenario ? r->places_scenario[scenario] : 0;
	if (workload >= 0)
		return r->places_workload ? r->places_workload[workload] : 0;
	return r->nplaces;
}

static int S_cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* Every aggregate of v[0..n) (all finite) at once: mean, sum, min and max in
 * the order given (so sums are those of tr_metric_aggregate), then the
 * median of v sorted in place. */
static void S_aggregate_all(double out[TR_AGG_COUNT], double *v, size_t n)
{
	double sum = 0, lo = NAN, hi = NAN;
	for (size_t i = 0; i < n; i++) {
		sum = i ? sum + v[i] : v[i];
		lo = i == 0 || v[i] < lo ? v[i] : lo;
		hi = i == 0 || v[i] > hi ? v[i] : hi;
	}
	out[TR_AGG_MEAN] = n ? sum / (double)n : NAN;
	out[TR_AGG_SUM] = n ? sum : NAN;
	out[TR_AGG_MIN] = lo;
	out[TR_AGG_MAX] = hi;
	qsort(v, n, sizeof(double), S_cmp_double);
	out[TR_AGG_MEDIAN] = n == 0 ? NAN : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* The finite values of m over the provider's cells in scope into a (and
 * the other side's into b for derived metrics: provider vs, or with vs < 0
 * the baseline of each cell's scenario); returns how many, and counts the
 * cells without one in *miss. */
static size_t S_collect(double *a, double *b, size_t *miss, const tr_results *r,
                        const tr_metric *m, size_t provider, long vs,
                        long scenario, long workload)
{
	bool derived = m->kind >= TR_METRIC_GAP;
	size_t n = 0;
	for (size_t k = r->provider_cells[provider]; k < r->provider_cells[provider + 1]; k++) {
		const tr_cell *c = &r->cells[r->cell_order[k]];
		double x, y = NAN;
		if ((scenario >= 0 && c->scenario != (size_t)scenario) ||
		    (workload >= 0 && c->workload != (size_t)workload))
			continue;
		if (derived) {
			size_t other = vs < 0 ? tr_results_baseline_of(r, (long)c->scenario)
			                      : (size_t)vs;
			long oc = tr_results_cell(r, other, c->scenario, c->workload);
			x = S_field(m->base, c);
			y = S_field(m->base, oc >= 0 ? &r->cells[oc] : NULL);
			if (!isfinite(y))
				x = NAN;
		} else {
			x = tr_metric_value(m, c, NULL, S_cmp(r, c));
		}
		if (!isfinite(x)) {
			(*miss)++;
			continue;
		}
		a[n] = x;
		b[n++] = y;
	}
	return n;
}

/* Values are collected on the stack up to this many cells per provider. */
#define S_STACK_CELLS 128

void tr_metric_over_all(double out[TR_AGG_COUNT], const tr_results *r, const tr_metric *m,
                        size_t provider, long vs, long scenario, long workload,
                        size_t *used, size_t *missing)
{
	double sa[S_STACK_CELLS], sb[S_STACK_CELLS], *a = sa, *b = sb;
	size_t n = 0, miss = 0, have;

	for (int g = 0; g < TR_AGG_COUNT; g++)
		out[g] = NAN;
	if (!r->provider_cells || provider >= r->nproviders)
		goto cleanup;
	have = r->provider_cells[provider + 1] - r->provider_cells[provider];
	if (have > S_STACK_CELLS &&
	    (!(a = tr_calloc(have, sizeof(double))) || !(b = tr_calloc(have, sizeof(double)))))
		goto cleanup;
	n = S_collect(a, b, &miss, r, m, provider, vs, scenario, workload);
	if (m->kind < TR_METRIC_GAP) {
		S_aggregate_all(out, a, n);
	} else if (n > 0) {
		/* A gap of aggregates, over the workloads both sides have: the
		 * seeds compare averages ("avg across 13 combos"), not average
		 * the per-combination gaps. */
		double oa[TR_AGG_COUNT], ob[TR_AGG_COUNT];
		S_aggregate_all(oa, a, n);
		S_aggregate_all(ob, b, n);
		for (int g = 0; g < TR_AGG_COUNT; g++) {
			tr_cell ca, cb;
			memset(&ca, 0, sizeof(ca));
			memset(&cb, 0, sizeof(cb));
			*(double *)((char *)&ca + m->base->offset) = oa[g];
			*(double *)((char *)&cb + m->base->offset) = ob[g];
			out[g] = tr_metric_value(m, &ca, &cb, NULL);
		}
	}
cleanup:
	if (used)
		*used = n;
	if (missing)
		*missing = miss + (n + miss > 0 ? S_places(r, scenario, workload) - (n + miss) : 0);
	if (a != sa)
		free(a);
	if (b != sb)
		free(b);
}

double tr_metric_over(const tr_results *r, const tr_metric *m, size_t provider,
                      long vs, long scenario, long workload, tr_metric_agg agg,
                      size_t *used, size_t *missing)
{
	double out[TR_AGG_COUNT];
	tr_metric_over_all(out, r, m, provider, vs, scenario, workload, used, missing);
	return (size_t)agg < TR_AGG_COUNT ? out[agg] : NAN;
}
