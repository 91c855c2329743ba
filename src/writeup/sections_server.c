/* sections_server.c: "What the server was waiting on", a scenario's part
 * of the default report made from the sampler's files (runN.server.json):
 * the top waits, their chart, the counters per transaction and how busy
 * the client was; and the summary's sentence when a scenario's deepest
 * dip fell in a window holding a checkpoint or autovacuum. A scenario
 * without sampler files gets nothing, so studies without them read as
 * before. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>

static bool S_any(const tr_results *r, size_t s)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].scenario == s && r->cells[i].server_runs > 0)
			return true;
	return false;
}

/* A catalog figure of provider p over the scenario's cells, the highest. */
static double S_max(const tr_results *r, const char *key, size_t p, size_t s)
{
	return tr_metric_over(r, tr_metric_find(key), p, -1, (long)s, -1, TR_AGG_MAX, NULL,
	                      NULL);
}

static size_t S_bound_runs(const tr_results *r, size_t p, size_t s)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nruns; i++)
		n += r->runs[i].provider == p && r->runs[i].scenario == s &&
		     r->runs[i].cell >= 0 && r->runs[i].server.client_bound;
	return n;
}

/* "- **AWS**: pgbench used at most 34.0% of the client's 16 CPUs." */
static void S_client(tr_wu_doc *d, size_t p, size_t s)
{
	const tr_results *r = d->r;
	double pg = S_max(r, "server.pgbench_cpu_pct_max", p, s);
	double all = S_max(r, "server.client_cpu_pct_max", p, s);
	double cpus = S_max(r, "server.client_cpus", p, s);
	size_t bound = S_bound_runs(r, p, s);
	const char *of = isfinite(cpus)
		? tr_wu_keep(d, tr_sprintf("of the client's %s CPU%s",
		                           tr_wu_n(d, cpus, TR_WU_COUNT), cpus == 1 ? "" : "s"))
		: "of the client's CPUs";
	if (!isfinite(pg) && !isfinite(all))
		return;
	tr_wu_md(d, "- **%s**: ", tr_wu_e(d, r->providers[p].label));
	if (isfinite(pg))
		tr_wu_md(d, "pgbench used at most %s %s", tr_wu_n(d, pg, TR_WU_PCT), of);
	if (isfinite(all))
		tr_wu_md(d, "%sthe whole client machine at most %s%s", isfinite(pg) ? "; " : "",
		         tr_wu_n(d, all, TR_WU_PCT), isfinite(pg) ? "" : tr_wu_keep(d,
		         tr_sprintf(" %s", of)));
	if (bound)
		tr_wu_md(d, ". In %s run%s the client was busy enough to hold the server "
		            "back: those figures measure the client as much as the server",
		         tr_wu_n(d, (double)bound, TR_WU_COUNT), bound == 1 ? "" : "s");
	tr_wu_md(d, ".\n");
}

void tr_wu_section_waits(tr_wu_doc *d, size_t s)
{
	const tr_results *r = d->r;
	if (!S_any(r, s))
		return;
	tr_wu_md(d, "\n#### What the server was waiting on\n\n");
	tr_wu_md(d, "A second connection looked at the benchmark's connections at "
	            "regular intervals during each run and noted what each active one "
	            "was waiting for. The shares below are of those active moments, over "
	            "all runs of a cell.\n");
	tr_wu_table_waits(d, (long)s);
	tr_wu_emit_charts(d, "waits", (long)s, NULL);
	tr_wu_table_counters(d, (long)s);
	tr_wu_md(d, "\nHow busy the client machine was, at its busiest sample:\n\n");
	for (size_t p = 0; p < r->nproviders; p++)
		S_client(d, p, s);
}

/* "6 s", "2 min 30 s": a moment on a run's timeline, as durations are
 * said everywhere in the report. */
static const char *S_moment(tr_wu_doc *d, double t)
{
	tr_buf b = TR_BUF_INIT;
	if (tr_wu_fmt_duration(&b, t) < 0) {
		tr_buf_free(&b);
		d->rc = TR_ENOMEM;
		return "";
	}
	return tr_wu_keep_buf(d, &b);
}

/* The deepest dip of scenario s, workload w (the one its timeline
 * marks), when the sampler saw a checkpoint or autovacuum in its window:
 * "In S, the deepest dip (P, run2: 1,114 TPS in the window at 16 s) held
 * a checkpoint." Returns whether it said something. */
static bool S_dip(tr_wu_doc *d, size_t s, size_t w, bool name_workload, bool first)
{
	const tr_results *r = d->r;
	long i = tr_results_deepest_dip(r, s, w), k;
	const tr_run_result *run;
	unsigned held;
	if (i < 0)
		return false;
	run = &r->runs[i];
	if (tr_run_dip_events(&held, &k, run) < 0) {
		d->rc = TR_ENOMEM;
		return false;
	}
	if (!held || k < 0)
		return false;
	tr_wu_md(d, "%sIn %s", first ? "\n" : " ", tr_wu_e(d, r->scenarios[s].label));
	if (name_workload)
		tr_wu_md(d, " (%s)", tr_wu_e(d, r->workloads[w].label));
	tr_wu_md(d, ", the deepest dip (%s, %s: %s TPS in the window at %s) %s.",
	         tr_wu_e(d, r->providers[run->provider].label), tr_wu_e(d, run->id),
	         tr_wu_n(d, run->series[k].tps, TR_WU_TPS),
	         S_moment(d, run->series[k].start_s - run->series[0].start_s),
	         held == (TR_WINDOW_CHECKPOINT | TR_WINDOW_AUTOVACUUM)
	             ? "held a checkpoint while autovacuum was running"
	         : held == TR_WINDOW_CHECKPOINT ? "held a checkpoint"
	                                        : "came while autovacuum was running");
	return true;
}

void tr_wu_summary_dips(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	bool said = false;
	for (size_t s = 0; s < r->nscenarios && d->rc == 0; s++) {
		size_t nw, *ws = tr_wu_scenario_workloads(r, s, &nw);
		if (!ws) {
			d->rc = TR_ENOMEM;
			return;
		}
		for (size_t k = 0; k < nw && d->rc == 0; k++)
			said |= S_dip(d, s, ws[k], nw > 1, !said);
		free(ws);
	}
	if (said)
		tr_wu_md(d, "\n");
}
