/* csv.c: cells and runs as CSV (RFC 4180), numbers in shortest exact form. */

#include "export.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <string.h>

static int S_field(tr_buf *out, const char *s, bool first)
{
	int rc = first ? 0 : tr_buf_putc(out, ',');
	if (rc < 0 || !s)
		return rc;
	if (strpbrk(s, ",\"\r\n") == NULL)
		return tr_buf_puts(out, s);
	rc = tr_buf_putc(out, '"');
	for (; rc == 0 && *s; s++)
		rc = *s == '"' ? tr_buf_puts(out, "\"\"") : tr_buf_putc(out, *s);
	return rc ? rc : tr_buf_putc(out, '"');
}

static int S_num(tr_buf *out, double v)
{
	int rc = tr_buf_putc(out, ',');
	if (rc == 0 && isfinite(v))
		rc = tr_fmt_shortest(out, v);
	return rc;
}

static int S_int(tr_buf *out, int64_t v)
{
	int rc = tr_buf_putc(out, ',');
	if (rc == 0 && v >= 0)
		rc = tr_buf_printf(out, "%lld", (long long)v);
	return rc;
}

int tr_export_cells_csv(tr_buf *out, const tr_results *r)
{
	int rc = tr_buf_puts(out,
		"provider,scenario,transaction_type,clients,threads,query_mode,runs,"
		"tps_median,tps_mean,tps_min,tps_max,latency_avg_ms,cost_per_tps,"
		"tps_per_100,tps_cov_pct_worst,tps_min_pct_worst,window_latency_p95_ms_worst,"
		"p50_ms,p95_ms,p99_ms\r\n");
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_workload *w = &r->workloads[c->workload];
		rc = S_field(out, r->providers[c->provider].id, true);
		if (rc == 0) rc = S_field(out, r->scenarios[c->scenario].id, false);
		if (rc == 0) rc = S_field(out, w->transaction_type, false);
		if (rc == 0) rc = S_int(out, w->clients);
		if (rc == 0) rc = S_int(out, w->threads);
		if (rc == 0) rc = S_field(out, w->query_mode, false);
		if (rc == 0) rc = S_int(out, (int64_t)c->nruns);
		if (rc == 0) rc = S_num(out, c->tps_median);
		if (rc == 0) rc = S_num(out, c->tps_mean);
		if (rc == 0) rc = S_num(out, c->tps_min);
		if (rc == 0) rc = S_num(out, c->tps_max);
		if (rc == 0) rc = S_num(out, c->latency_avg_ms);
		if (rc == 0) rc = S_num(out, c->cost_per_tps);
		if (rc == 0) rc = S_num(out, c->tps_per_100);
		if (rc == 0) rc = S_num(out, c->worst.tps_cov_pct);
		if (rc == 0) rc = S_num(out, c->worst.tps_min_pct);
		if (rc == 0) rc = S_num(out, c->worst.latency_p95_ms);
		if (rc == 0) rc = S_num(out, c->latency.p50_ms);
		if (rc == 0) rc = S_num(out, c->latency.p95_ms);
		if (rc == 0) rc = S_num(out, c->latency.p99_ms);
		if (rc == 0) rc = tr_buf_puts(out, "\r\n");
	}
	return rc;
}

int tr_export_runs_csv(tr_buf *out, const tr_results *r)
{
	int rc = tr_buf_puts(out,
		"provider,scenario,run,path,pgbench_version,transaction_type,scale,"
		"clients,threads,query_mode,duration_s,transactions,failed,tps,"
		"latency_avg_ms,latency_stddev_ms,excluded,windows,tps_cov_pct,"
		"tps_min_pct,window_latency_p95_ms\r\n");
	for (size_t i = 0; i < r->nruns && rc == 0; i++) {
		const tr_run_result *run = &r->runs[i];
		const tr_workload *w = &r->workloads[run->workload];
		rc = S_field(out, r->providers[run->provider].id, true);
		if (rc == 0) rc = S_field(out, r->scenarios[run->scenario].id, false);
		if (rc == 0) rc = S_field(out, run->id, false);
		if (rc == 0) rc = S_field(out, run->path, false);
		if (rc == 0) rc = S_field(out, run->pgbench_version, false);
		if (rc == 0) rc = S_field(out, w->transaction_type, false);
		if (rc == 0) rc = S_int(out, run->scale);
		if (rc == 0) rc = S_int(out, w->clients);
		if (rc == 0) rc = S_int(out, w->threads);
		if (rc == 0) rc = S_field(out, w->query_mode, false);
		if (rc == 0) rc = S_int(out, run->duration_s);
		if (rc == 0) rc = S_int(out, run->transactions);
		if (rc == 0) rc = S_int(out, run->failed);
		if (rc == 0) rc = S_num(out, run->tps);
		if (rc == 0) rc = S_num(out, run->latency_avg_ms);
		if (rc == 0) rc = S_num(out, run->latency_stddev_ms);
		if (rc == 0) rc = S_field(out, run->excluded ? "true" : "false", false);
		if (rc == 0) rc = S_int(out, run->windows.present ? (int64_t)run->windows.windows : -1);
		if (rc == 0) rc = S_num(out, run->windows.tps_cov_pct);
		if (rc == 0) rc = S_num(out, run->windows.tps_min_pct);
		if (rc == 0) rc = S_num(out, run->windows.latency_p95_ms);
		if (rc == 0) rc = tr_buf_puts(out, "\r\n");
	}
	return rc;
}
