/* csv.c: cells and runs as CSV (RFC 4180), numbers in shortest exact form. */

#include "export.h"
#include "export_csv_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <string.h>

static int S_field(tr_buf *out, const char *s, bool first)
{
	int rc = first ? 0 : tr_buf_putc(out, ',');
	return rc < 0 ? rc : tr_export_csv_cell(out, s);
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

/* The cell columns are the catalog's rows that have a CSV name. */
int tr_export_cells_csv(tr_buf *out, const tr_results *r)
{
	size_t nm;
	const tr_metric *m = tr_metric_catalog(&nm);
	int rc = tr_buf_puts(out,
		"provider,provider_label,scenario,scenario_label,transaction_type,clients,"
		"threads,query_mode,runs");
	for (size_t k = 0; k < nm && rc == 0; k++)
		if (m[k].csv)
			rc = tr_buf_printf(out, ",%s", m[k].csv);
	if (rc == 0)
		rc = tr_buf_puts(out, "\r\n");
	for (size_t i = 0; i < r->ncells && rc == 0; i++) {
		const tr_cell *c = &r->cells[i];
		const tr_workload *w = &r->workloads[c->workload];
		rc = S_field(out, r->providers[c->provider].id, true);
		/* the names the report shows, for a chart redrawn elsewhere */
		if (rc == 0) rc = S_field(out, r->providers[c->provider].label, false);
		if (rc == 0) rc = S_field(out, r->scenarios[c->scenario].id, false);
		if (rc == 0) rc = S_field(out, r->scenarios[c->scenario].label, false);
		if (rc == 0) rc = S_field(out, w->transaction_type, false);
		if (rc == 0) rc = S_int(out, w->clients);
		if (rc == 0) rc = S_int(out, w->threads);
		if (rc == 0) rc = S_field(out, w->query_mode, false);
		if (rc == 0) rc = S_int(out, (int64_t)c->nruns);
		for (size_t k = 0; k < nm && rc == 0; k++)
			if (m[k].csv)
				rc = S_num(out, tr_metric_value(&m[k], c, NULL, NULL));
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

int tr_export_windows_csv(tr_buf *out, const tr_results *r)
{
	int rc = tr_buf_puts(out, "provider,scenario,run,source,window_start_s,window_s,tps,"
	                          "latency_avg_ms\r\n");
	for (size_t i = 0; i < r->nruns && rc == 0; i++) {
		const tr_run_result *run = &r->runs[i];
		/* aggregate logs: epoch seconds; -P lines: seconds since the start */
		const char *source = run->windows.source == TR_WINDOWS_AGGREGATE ? "aggregate"
		                     : run->windows.source == TR_WINDOWS_PROGRESS ? "progress"
		                                                                  : "";
		for (size_t k = 0; k < run->nseries && rc == 0; k++) {
			const tr_window *w = &run->series[k];
			rc = S_field(out, r->providers[run->provider].id, true);
			if (rc == 0) rc = S_field(out, r->scenarios[run->scenario].id, false);
			if (rc == 0) rc = S_field(out, run->id, false);
			if (rc == 0) rc = S_field(out, source, false);
			if (rc == 0) rc = S_num(out, w->start_s);
			if (rc == 0) rc = S_num(out, w->length_s);
			if (rc == 0) rc = S_num(out, w->tps);
			if (rc == 0) rc = S_num(out, w->latency_ms);
			if (rc == 0) rc = tr_buf_puts(out, "\r\n");
		}
	}
	return rc;
}
