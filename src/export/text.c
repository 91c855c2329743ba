/* text.c: the tables of `tpsreport summary` (runs, cells, comparisons,
 * init), for a terminal. Every label says what a number is: "p95 win" is
 * the p95 of window mean latencies, not of transactions. */

#include "export_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_W 64
#define S_PLACE_MAX 16  /* columns of a place this table can show */

/* v with `dec` decimals and thousands separators, then suffix; "-" when
 * unknown. Writes into buf (S_W bytes) and returns it. */
static const char *S_fmt(char *buf, double v, int dec, const char *suffix)
{
	tr_buf b = TR_BUF_INIT;
	if (isnan(v)) {
		strcpy(buf, "-");
		return buf;
	}
	tr_fmt_grouped(&b, v, dec, ",");
	if (suffix)
		tr_buf_puts(&b, suffix);
	snprintf(buf, S_W, "%s", tr_buf_cstr(&b));
	tr_buf_free(&b);
	return buf;
}

static const char *S_int(char *buf, int64_t v)
{
	if (v < 0)
		strcpy(buf, "-");
	else
		snprintf(buf, S_W, "%lld", (long long)v);
	return buf;
}

static int S_heading(tr_buf *out, const char *title)
{
	return tr_buf_printf(out, "\n%s\n", title);
}

static int S_runs(tr_buf *out, const tr_results *r)
{
	static const char *const h[] = {
		"provider", "scenario", "run", "workload", "tps", "latency avg",
		"windows", "CoV", "min dip", "p95 win lat", "status"
	};
	static const bool right[] = { 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0 };
	tr_table t;
	char b[11][S_W];
	int rc = 0;
	tr_table_init(&t, 11, h, right);
	for (size_t i = 0; i < r->nruns && rc == 0; i++) {
		const tr_run_result *run = &r->runs[i];
		const tr_stability *s = &run->windows;
		const char *row[11];
		row[0] = r->providers[run->provider].id;
		row[1] = r->scenarios[run->scenario].id;
		row[2] = run->id;
		row[3] = r->workloads[run->workload].label;
		row[4] = S_fmt(b[4], run->tps, 2, NULL);
		row[5] = S_fmt(b[5], run->latency_avg_ms, 3, " ms");
		row[6] = s->present ? S_int(b[6], (int64_t)s->windows) : "-";
		row[7] = S_fmt(b[7], s->tps_cov_pct, 1, "%");
		row[8] = S_fmt(b[8], s->tps_min_pct, 1, "%");
		row[9] = S_fmt(b[9], s->latency_p95_ms, 2, " ms");
		row[10] = run->excluded ? "left out" : "ok";
		rc = tr_table_add(&t, row);
	}
	if (rc == 0)
		rc = S_heading(out, "Runs (tps and latency: pgbench's summary; windows: "
		                    "first one left out; p95 win lat: p95 of window "
		                    "averages, not of transactions)");
	if (rc == 0)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

/* A catalog figure for a terminal: decimals and suffix by its format. */
static const char *S_metric(char *buf, const tr_metric *m, double v, const char *currency)
{
	static const struct { int dec; const char *suffix; } f[] = {
		[TR_METRIC_FMT_TPS] = { 2, NULL }, [TR_METRIC_FMT_MS] = { 3, " ms" },
		[TR_METRIC_FMT_PCT] = { 1, "%" }, [TR_METRIC_FMT_GAP] = { 1, "%" },
		[TR_METRIC_FMT_RATIO] = { 2, "x" }, [TR_METRIC_FMT_P] = { 3, NULL },
		[TR_METRIC_FMT_COST] = { 4, NULL }, [TR_METRIC_FMT_PER100] = { 0, NULL },
		[TR_METRIC_FMT_COUNT] = { 0, NULL }, [TR_METRIC_FMT_US_MS] = { 3, " ms" },
		[TR_METRIC_FMT_MONEY] = { 2, NULL }, [TR_METRIC_FMT_SECONDS] = { 2, " s" },
	};
	char num[S_W];
	S_fmt(num, v, f[m->format].dec, f[m->format].suffix);
	if (isnan(v) || !currency)
		return strcpy(buf, num);
	snprintf(buf, S_W, "%.40s %.20s", num, currency);
	return buf;
}

/* One Cells row: the catalog's TR_PLACE_SUMMARY_CELLS columns. */
static int S_cell_row(tr_table *t, const tr_results *r, const tr_cell *c,
                      const tr_metric_col *col, size_t ncol)
{
	char b[3 + S_PLACE_MAX][S_W], range[2 * S_W + 4];
	const char *row[3 + S_PLACE_MAX];
	row[0] = r->providers[c->provider].id;
	row[1] = r->scenarios[c->scenario].id;
	row[2] = r->workloads[c->workload].label;
	for (size_t k = 0; k < ncol; k++) {
		const tr_metric *m = tr_metric_col_metric(&col[k]);
		char *o = b[3 + k];
		if (m)
			row[3 + k] = S_metric(o, m, tr_metric_value(m, c, NULL, NULL),
			                      col[k].flags & TR_COL_CURRENCY
			                          ? (r->currency ? r->currency : "") : NULL);
		else if (strcmp(col[k].key, "runs") == 0)
			row[3 + k] = S_int(o, (int64_t)c->nruns);
		else if (strcmp(col[k].key, "tps_range") == 0) {
			char lo[S_W];
			snprintf(range, sizeof(range), "%s-%s", S_fmt(lo, c->tps_min, 0, NULL),
			         S_fmt(o, c->tps_max, 0, NULL));
			row[3 + k] = range;
		} else
			row[3 + k] = "";
	}
	return tr_table_add(t, row);
}

static int S_cells(tr_buf *out, const tr_results *r)
{
	size_t ncol;
	const tr_metric_col *col = tr_metric_place_cols(TR_PLACE_SUMMARY_CELLS, &ncol);
	const char *h[3 + S_PLACE_MAX] = { "provider", "scenario", "workload" };
	bool right[3 + S_PLACE_MAX] = { 0 };
	tr_table t;
	int rc = 0;
	if (ncol > S_PLACE_MAX)
		ncol = S_PLACE_MAX;
	for (size_t k = 0; k < ncol; k++) {
		h[3 + k] = col[k].header ? col[k].header : col[k].key;
		right[3 + k] = true;
	}
	tr_table_init(&t, 3 + ncol, h, right);
	for (size_t i = 0; i < r->ncells && rc == 0; i++)
		rc = S_cell_row(&t, r, &r->cells[i], col, ncol);
	if (rc == 0)
		rc = S_heading(out, "Cells (median of runs; CoV and dip: the worst run)");
	if (rc == 0)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

static int S_comparisons(tr_buf *out, const tr_results *r)
{
	static const char *const h[] = {
		"scenario", "workload", "provider", "vs", "tps", "latency", "p", "n"
	};
	static const bool right[] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	tr_table t;
	char b[8][S_W], gap[S_W + 8], p[S_W * 2], n[S_W];
	int rc = 0;
	if (r->ncomparisons == 0)
		return 0;
	tr_table_init(&t, 8, h, right);
	for (size_t i = 0; i < r->ncomparisons && rc == 0; i++) {
		const tr_comparison *c = &r->comparisons[i];
		const char *row[8];
		row[0] = r->scenarios[c->scenario].id;
		row[1] = r->workloads[c->workload].label;
		row[2] = r->providers[c->provider].id;
		row[3] = r->providers[c->baseline].id;
		/* the magnitude always, ~ after it when not significant */
		snprintf(gap, sizeof(gap), "%s%s%s", c->tps_gap_pct >= 0 ? "+" : "",
		         S_fmt(b[4], c->tps_gap_pct, 1, "%"), c->significant ? "" : " ~");
		row[4] = gap;
		row[5] = S_fmt(b[5], c->latency_ratio, 2, "x");
		snprintf(p, sizeof(p), "p=%s", S_fmt(b[6], c->p_adjusted, 3, NULL));
		row[6] = p;
		snprintf(n, sizeof(n), "%zu+%zu", c->n_baseline, c->n_provider);
		row[7] = n;
		rc = tr_table_add(&t, row);
	}
	if (rc == 0)
		rc = S_heading(out, "Comparisons (median tps against the baseline; ~: not "
		                    "significant, exact Mann-Whitney, Holm-adjusted p)");
	if (rc == 0)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

/* Per-transaction percentiles: only for runs and cells with --log files. */
static int S_latency(tr_buf *out, const tr_results *r)
{
	static const char *const h[] = {
		"provider", "scenario", "workload", "transactions", "p50", "p90",
		"p95", "p99", "p99.9", "max", "failed"
	};
	static const bool right[] = { 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
	tr_table t;
	char b[11][S_W];
	int rc = 0;
	tr_table_init(&t, 11, h, right);
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_latency *l = &c->latency;
		const char *row[11];
		if (!l->present)
			continue;
		row[0] = r->providers[c->provider].id;
		row[1] = r->scenarios[c->scenario].id;
		row[2] = r->workloads[c->workload].label;
		row[3] = S_fmt(b[3], (double)l->count, 0, NULL);
		row[4] = S_fmt(b[4], l->p50_ms, 3, " ms");
		row[5] = S_fmt(b[5], l->p90_ms, 3, " ms");
		row[6] = S_fmt(b[6], l->p95_ms, 3, " ms");
		row[7] = S_fmt(b[7], l->p99_ms, 3, " ms");
		row[8] = S_fmt(b[8], l->p999_ms, 3, " ms");
		row[9] = S_fmt(b[9], l->max_ms, 3, " ms");
		row[10] = S_int(b[10], l->failed);
		rc = tr_table_add(&t, row);
	}
	if (rc == 0 && t.nrows > 0)
		rc = S_heading(out, r->percentile == TR_PCT_POSTGRESBENCH
		                        ? "Latency of transactions (per-transaction "
		                          "logs, exact percentiles by PostgresBench's "
		                          "rule over the cell's runs)"
		                        : "Latency of transactions (per-transaction "
		                          "logs, exact nearest-rank percentiles over "
		                          "the cell's runs)");
	if (rc == 0 && t.nrows > 0)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

static int S_inits(tr_buf *out, const tr_results *r)
{
	static const char *const h[] = { "provider", "scenario", "total", "wall", "phases" };
	static const bool right[] = { 0, 0, 1, 1, 0 };
	tr_table t;
	char b[5][S_W];
	int rc = 0;
	if (r->ninits == 0)
		return 0;
	tr_table_init(&t, 5, h, right);
	for (size_t i = 0; i < r->ninits && rc == 0; i++) {
		const tr_init *in = r->inits[i].init;
		tr_buf phases = TR_BUF_INIT;
		const char *row[5];
		for (size_t k = 0; k < in->nphases; k++) {
			tr_buf_printf(&phases, "%s%s ", k ? ", " : "", in->phases[k].name);
			tr_fmt_fixed(&phases, in->phases[k].seconds, 2);
			tr_buf_puts(&phases, " s");
		}
		row[0] = r->providers[r->inits[i].provider].id;
		row[1] = r->scenarios[r->inits[i].scenario].id;
		row[2] = S_fmt(b[2], in->total_s, 2, " s");
		row[3] = S_fmt(b[3], in->wall_s, 2, " s");
		row[4] = tr_buf_cstr(&phases);
		rc = tr_table_add(&t, row);
		tr_buf_free(&phases);
	}
	if (rc == 0)
		rc = S_heading(out, "Init (pgbench -i: total of its phases, and wall time)");
	if (rc == 0)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

/* Sweeps: each provider against the baseline across the combinations
 * (sweeps[].paired; docs/metrics.md, "Across a sweep"). */
static int S_paired(tr_buf *out, const tr_results *r)
{
	static const char *const h[] = {
		"scenario", "type", "provider", "vs", "faster", "median gap", "p", "test"
	};
	static const bool right[] = { 0, 0, 0, 0, 1, 1, 1, 0 };
	tr_table t;
	char faster[S_W], gap[S_W + 8], g[S_W], p[S_W * 2], b[S_W];
	size_t n = 0;
	int rc = 0;
	tr_table_init(&t, 8, h, right);
	for (size_t i = 0; i < r->nsweeps && rc == 0; i++) {
		const tr_sweep_avg *s = &r->sweeps[i];
		const tr_paired *x = &s->paired;
		const char *row[8];
		if (!x->present)
			continue;
		n++;
		row[0] = r->scenarios[s->scenario].id;
		row[1] = s->short_type;
		row[2] = r->providers[s->provider].id;
		row[3] = r->providers[x->baseline].id;
		snprintf(faster, sizeof(faster), "%zu of %zu", x->test.positive, x->pairs);
		row[4] = faster;
		snprintf(gap, sizeof(gap), "%s%s%s", x->gap_median_pct >= 0 ? "+" : "",
		         S_fmt(g, x->gap_median_pct, 1, "%"), x->significant ? "" : " ~");
		row[5] = gap;
		snprintf(p, sizeof(p), "p=%s", S_fmt(b, x->p_adjusted, 3, NULL));
		row[6] = p;
		row[7] = x->test.exact ? "Wilcoxon, exact" : "Wilcoxon, normal approx.";
		rc = tr_table_add(&t, row);
	}
	if (rc == 0 && n)
		rc = S_heading(out, "Sweeps (median tps of each combination, paired against the "
		                    "baseline; ~: not significant; Holm over the paired tests)");
	if (rc == 0 && n)
		rc = tr_table_render(out, &t);
	tr_table_free(&t);
	return rc;
}

int tr_export_text(tr_buf *out, const tr_results *r)
{
	char *title = tr_results_title(r);
	int rc = title ? tr_buf_printf(out, "%s\n", title) : TR_ENOMEM;
	free(title);
	if (rc == 0)
		rc = S_runs(out, r);
	if (rc == 0)
		rc = S_cells(out, r);
	if (rc == 0)
		rc = S_latency(out, r);
	if (rc == 0)
		rc = S_comparisons(out, r);
	if (rc == 0)
		rc = S_paired(out, r);
	if (rc == 0)
		rc = S_inits(out, r);
	return rc;
}
