#ifndef TR_TEST_CHART_FIXTURE_H
#define TR_TEST_CHART_FIXTURE_H

/*
 * Results built by hand for the chart tests, without a study on disk:
 * three providers (the third with a price and an ini colour), two
 * scenarios, TPC-B at 8 clients everywhere plus a client sweep (1, 8, 32)
 * in s100 for two providers, three runs per cell with 10-second windows (one
 * run with a dip), per-transaction histograms in s10, init timings.
 * Window statistics and cell stability are computed by the stats module's
 * own functions, so the charts are checked against the figures the report
 * would show. Numbers come from a fixed pseudo-random sequence: the same
 * every time.
 */

#include "stats/stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
	tr_results *r;
	tr_window *series[256];
	size_t nseries;
	tr_init *inits;          /* on the heap: results point into it */
	size_t ninits;
} fixture;

static uint64_t fixture_rng = 42;

static double fixture_rand(void)
{
	fixture_rng = fixture_rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(fixture_rng >> 11) / 9007199254740992.0;
}

static void fixture_workload(tr_workload *w, int clients, int threads)
{
	w->transaction_type = "<builtin: TPC-B (sort of)>";
	w->clients = clients;
	w->threads = threads;
	w->query_mode = "prepared";
	w->short_type = tr_strdup("TPC-B");
	w->label = tr_sprintf("TPC-B, %d client%s, %d thread%s, prepared", clients,
	                      clients == 1 ? "" : "s", threads, threads == 1 ? "" : "s");
	w->key = tr_sprintf("tpc-b-c%d-j%d-prepared", clients, threads);
}

/* One run of provider p in scenario s, workload w, around `tps`. */
static void fixture_run(fixture *f, tr_run_result *run, size_t p, size_t s,
                        size_t w, const char *id, double tps, int clients,
                        bool dip)
{
	size_t n = 60;
	tr_window *win = calloc(n, sizeof(tr_window));
	double sum = 0;
	memset(run, 0, sizeof(*run));
	run->provider = p;
	run->scenario = s;
	run->workload = w;
	run->id = id;
	run->path = "results/x/y/run.txt";
	run->pgbench_version = "15.18";
	run->pgbench_major = 15;
	run->scale = s == 0 ? 10 : 100;
	run->duration_s = 600;
	for (size_t i = 0; i < n; i++) {
		double t = tps * (0.94 + 0.12 * fixture_rand());
		if (dip && i >= 30 && i < 33)
			t *= 0.45;
		win[i].start_s = 1700000010.0 + 10.0 * (double)i;
		win[i].length_s = 10;
		win[i].transactions = (int64_t)(t * 10);
		win[i].tps = (double)win[i].transactions / 10.0;
		win[i].latency_ms = clients * 1000.0 / win[i].tps;
		win[i].latency_max_ms = win[i].latency_ms * 4;
		win[i].failed = 0;
		win[i].skipped = 0;
		sum += win[i].tps;
	}
	f->series[f->nseries++] = win;
	run->tps = sum / (double)n;
	run->transactions = (int64_t)(run->tps * 600);
	run->failed = 0;
	run->latency_avg_ms = clients * 1000.0 / run->tps;
	run->latency_stddev_ms = run->latency_avg_ms / 3;
	run->series = win;
	run->nseries = n;
	tr_stability_of_windows(&run->windows, win, n, TR_WINDOWS_AGGREGATE, 10);
	run->agg_latency_mean_ms = run->agg_latency_stddev_ms = NAN;
	run->agg_latency_max_ms = NAN;
	tr_latency_of_hist(&run->latency, NULL, 0, 0);
}

static void fixture_init(fixture *f, size_t p, size_t s, double k)
{
	static const char *const names[] = { "drop tables", "create tables",
		"client-side generate", "vacuum", "primary keys" };
	static const double secs[] = { 0.02, 0.03, 4.1, 1.3, 0.9 };
	tr_init *in = &f->inits[f->ninits++];
	memset(in, 0, sizeof(*in));
	in->provider = p;
	in->scenario = s;
	in->nphases = 5;
	in->phases = calloc(5, sizeof(tr_init_phase));
	in->total_s = 0;
	for (size_t i = 0; i < 5; i++) {
		in->phases[i].name = tr_strdup(names[i]);
		in->phases[i].seconds = secs[i] * k;
		in->total_s += secs[i] * k;
	}
	in->wall_s = in->user_s = in->sys_s = NAN;
	in->rows = -1;
	in->scale = -1;
}

/* Per-transaction latencies of a cell: a body around `median_ms` and a
 * long tail. */
static void fixture_hist(tr_cell *c, double median_ms, double tail)
{
	c->latency_hist = calloc(1, sizeof(tr_hist));
	tr_hist_init(c->latency_hist);
	for (int i = 0; i < 50000; i++) {
		double u = fixture_rand(), v = median_ms * (0.6 + 0.8 * fixture_rand());
		if (u > 0.99)
			v *= 1 + tail * fixture_rand();
		if (u > 0.9995)
			v *= 6;
		tr_hist_record(c->latency_hist, (int64_t)(v * 1000));
	}
	tr_latency_of_hist(&c->latency, c->latency_hist, 0, 0);
}

/*
 * label1, label_s0: replace provider 1's label and scenario 0's label
 * (hostile label tests); NULL keeps the normal ones.
 */
static inline fixture fixture_make(const char *label1, const char *label_s0)
{
	static const double base[3] = { 1000, 1400, 1250 };   /* TPS at c8, s10 */
	static const char *const ids[3] = { "run1", "run2", "run3" };
	fixture f;
	tr_results *r = calloc(1, sizeof(tr_results));
	size_t run = 0, cell = 0;

	memset(&f, 0, sizeof(f));
	f.inits = calloc(8, sizeof(tr_init));
	fixture_rng = 42;
	f.r = r;
	r->title = "stock vs tuned";
	r->currency = "EUR";
	r->alpha = 0.05;
	r->digest = "0";
	r->nproviders = 3;
	r->providers = calloc(3, sizeof(tr_provider_result));
	r->providers[0] = (tr_provider_result){ .id = "stock", .label = "stock PostgreSQL 15",
		.color = tr_palette_color(0), .monthly_cost = NAN, .vcpu = NAN, .ram_gb = NAN };
	r->providers[1] = (tr_provider_result){ .id = "tuned",
		.label = label1 ? label1 : "tuned (shared_buffers = 2GB)",
		.color = tr_palette_color(1), .monthly_cost = NAN, .vcpu = NAN, .ram_gb = NAN };
	r->providers[2] = (tr_provider_result){ .id = "cloud", .label = "Cloud m6i.large",
		.color = "#4E79A7", .monthly_cost = 223.26, .vcpu = 2, .ram_gb = 8 };
	r->nscenarios = 2;
	r->scenarios = calloc(2, sizeof(tr_scenario_result));
	r->scenarios[0] = (tr_scenario_result){ .id = "s10",
		.label = label_s0 ? label_s0 : "s10 (in memory)", .scale = 10 };
	r->scenarios[1] = (tr_scenario_result){ .id = "s100", .label = "s100 (~1.5 GB)",
		.scale = 100 };
	r->nworkloads = 3;
	r->workloads = calloc(3, sizeof(tr_workload));
	fixture_workload(&r->workloads[0], 1, 1);
	fixture_workload(&r->workloads[1], 8, 2);
	fixture_workload(&r->workloads[2], 32, 4);

	/* cells in order: scenario, workload, provider */
	r->runs = calloc(64, sizeof(tr_run_result));
	r->cells = calloc(16, sizeof(tr_cell));
	for (size_t s = 0; s < 2; s++)
		for (size_t w = 0; w < 3; w++)
			for (size_t p = 0; p < 3; p++) {
				int clients = r->workloads[w].clients;
				double tps = base[p] * (s == 0 ? 1.0 : 0.7) *
				             (clients == 1 ? 0.2 : clients == 8 ? 1 : 1.6);
				tr_cell *c;
				double t[3], l[3];
				/* the sweep (w 0 and 2) only in s100, for providers 0, 1 */
				if (w != 1 && (s == 0 || p == 2))
					continue;
				c = &r->cells[cell];
				memset(c, 0, sizeof(*c));
				c->provider = p;
				c->scenario = s;
				c->workload = w;
				c->runs = calloc(3, sizeof(size_t));
				c->nruns = 3;
				for (size_t k = 0; k < 3; k++) {
					fixture_run(&f, &r->runs[run], p, s, w, ids[k],
					            tps * (0.97 + 0.03 * (double)k), clients,
					            p == 1 && k == 1 && w == 1);
					r->runs[run].cell = (long)cell;
					c->runs[k] = run;
					t[k] = r->runs[run].tps;
					l[k] = r->runs[run].latency_avg_ms;
					run++;
				}
				c->tps_median = tr_median(t, 3);
				c->tps_headline = c->tps_median; /* [study] runs = median */
				c->tps_mean = tr_mean(t, 3);
				c->tps_min = fmin(t[0], fmin(t[1], t[2]));
				c->tps_max = fmax(t[0], fmax(t[1], t[2]));
				c->latency_avg_ms = tr_median(l, 3);
				c->cost_per_tps = r->providers[p].monthly_cost / c->tps_median;
				c->tps_per_100 = c->tps_median / r->providers[p].monthly_cost * 100;
				tr_cell_stability(c, r, NULL);
				if (s == 0)
					fixture_hist(c, 8.0 / (1 + 0.3 * (double)p), 6 + 4 * (double)p);
				else
					tr_latency_of_hist(&c->latency, NULL, 0, 0);
				cell++;
			}
	r->nruns = run;
	r->ncells = cell;
	for (size_t p = 0; p < 3; p++)
		for (size_t s = 0; s < 2; s++)
			fixture_init(&f, p, s, (s == 0 ? 1 : 10) * (1 + 0.25 * (double)p));
	r->ninits = f.ninits;
	r->inits = calloc(f.ninits, sizeof(tr_init_result));
	for (size_t i = 0; i < f.ninits; i++) {
		r->inits[i].provider = f.inits[i].provider;
		r->inits[i].scenario = f.inits[i].scenario;
		r->inits[i].init = &f.inits[i];
	}
	return f;
}

/*
 * A client/thread sweep like the seed's: one scenario, `nw` workloads of
 * TPC-B and select-only over clients x threads, `np` providers, two runs a
 * cell (windows only; no histograms, inits or prices).
 */
static inline fixture fixture_make_sweep(size_t np, size_t nw)
{
	static const int combos[][2] = {
		{ 1, 1 }, { 10, 1 }, { 10, 4 }, { 25, 2 }, { 25, 4 }, { 50, 4 },
		{ 50, 8 }, { 75, 4 }, { 75, 8 }, { 100, 4 }, { 100, 8 }, { 5, 1 },
		{ 2, 1 }
	};
	static const char *const ids[2] = { "run1", "run2" };
	static const char *const labels[8] = {
		"Aurora Standard", "CNPG Tuning 2 (NUMA+HP)", "CNPG Tuning 1 (CPU/NUMA)",
		"CNPG Longhorn 2R+shared", "CNPG Longhorn 1R", "CNPG Local SSD",
		"CNPG Longhorn 2R", "RDS Standard t3.large"
	};
	fixture f;
	tr_results *r = calloc(1, sizeof(tr_results));
	size_t run = 0, cell = 0;
	memset(&f, 0, sizeof(f));
	fixture_rng = 7;
	f.r = r;
	r->title = "sweep";
	r->alpha = 0.05;
	r->digest = "0";
	r->nproviders = np;
	r->providers = calloc(np, sizeof(tr_provider_result));
	for (size_t p = 0; p < np; p++)
		r->providers[p] = (tr_provider_result){ .id = labels[p], .label = labels[p],
			.color = tr_palette_color(p), .monthly_cost = NAN, .vcpu = NAN,
			.ram_gb = NAN };
	r->nscenarios = 1;
	r->scenarios = calloc(1, sizeof(tr_scenario_result));
	r->scenarios[0] = (tr_scenario_result){ .id = "sf100", .label = "Scale Factor 100",
		.scale = 100 };
	/* sorted as tr_workloads_sort would: by clients, then threads */
	r->nworkloads = nw;
	r->workloads = calloc(nw, sizeof(tr_workload));
	{
		size_t order[13];
		for (size_t i = 0; i < nw; i++)
			order[i] = i;
		for (size_t i = 1; i < nw; i++)
			for (size_t k = i; k > 0 && (combos[order[k]][0] < combos[order[k - 1]][0] ||
			                             (combos[order[k]][0] == combos[order[k - 1]][0] &&
			                              combos[order[k]][1] < combos[order[k - 1]][1])); k--) {
				size_t t = order[k];
				order[k] = order[k - 1];
				order[k - 1] = t;
			}
		for (size_t w = 0; w < nw; w++)
			fixture_workload(&r->workloads[w], combos[order[w]][0], combos[order[w]][1]);
	}
	r->runs = calloc(np * nw * 2, sizeof(tr_run_result));
	r->cells = calloc(np * nw, sizeof(tr_cell));
	for (size_t w = 0; w < nw; w++)
		for (size_t p = 0; p < np; p++) {
			int clients = r->workloads[w].clients;
			double tps = (400 + 150 * (double)p) * log(1 + clients) *
			             (r->workloads[w].threads > 2 ? 1.1 : 1);
			tr_cell *c = &r->cells[cell];
			double t[2], l[2];
			c->provider = p;
			c->scenario = 0;
			c->workload = w;
			c->runs = calloc(2, sizeof(size_t));
			c->nruns = 2;
			for (size_t k = 0; k < 2; k++) {
				if (f.nseries == TR_ARRAY_SIZE(f.series))
					break;
				fixture_run(&f, &r->runs[run], p, 0, w, ids[k], tps, clients, false);
				r->runs[run].series = NULL;   /* no timelines: keep it small */
				r->runs[run].nseries = 0;
				r->runs[run].cell = (long)cell;
				c->runs[k] = run;
				t[k] = r->runs[run].tps;
				l[k] = r->runs[run].latency_avg_ms;
				run++;
			}
			c->tps_median = tr_median(t, 2);
			c->tps_headline = c->tps_median;
			c->tps_mean = tr_mean(t, 2);
			c->tps_min = fmin(t[0], t[1]);
			c->tps_max = fmax(t[0], t[1]);
			c->latency_avg_ms = tr_median(l, 2);
			c->cost_per_tps = c->tps_per_100 = NAN;
			tr_cell_stability(c, r, NULL);
			tr_latency_of_hist(&c->latency, NULL, 0, 0);
			cell++;
		}
	r->nruns = run;
	r->ncells = cell;
	return f;
}

static void fixture_free(fixture *f)
{
	tr_results_free(f->r);
	for (size_t i = 0; i < f->nseries; i++)
		free(f->series[i]);
	for (size_t i = 0; i < f->ninits; i++) {
		for (size_t k = 0; k < f->inits[i].nphases; k++)
			free(f->inits[i].phases[k].name);
		free(f->inits[i].phases);
	}
	free(f->inits);
}

#endif
