#ifndef TR_TEST_WU_FIXTURE_H
#define TR_TEST_WU_FIXTURE_H

/*
 * A study built in memory, shaped after the seed "AWS RDS vs ServersCamp"
 * (two providers, two scenarios, aggregate-log windows, one set of
 * per-transaction logs, init timings, prices in two currencies, one run
 * left out), for the writeup and site tests: they must not depend on the
 * pgbench readers. Every figure is computed by stats from these inputs,
 * never written in by hand. With `hostile`, every string that comes from
 * a study (labels, ids, notes, titles, run names) is an attack: markup,
 * quotes, "../", invalid UTF-8, control characters, 5,000 characters.
 */

#include "stats/stats.h"
#include "writeup/writeup.h"
#include "util/buf.h"
#include "util/diag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *wu_dup(const char *s)
{
	char *p = malloc(strlen(s) + 1);
	strcpy(p, s);
	return p;
}

/* A deterministic pseudo-random stream in [0, 1). */
static double wu_rand(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return (double)((*state >> 8) & 0xFFFF) / 65536.0;
}

static char *wu_long_string(const char *stem, size_t n)
{
	char *s = malloc(n + 1);
	for (size_t i = 0; i < n; i++)
		s[i] = stem[i % strlen(stem)];
	s[n] = '\0';
	return s;
}

static void wu_add_run(tr_study *st, size_t p, size_t s, const char *id,
                       double tps, double noise, int duration, unsigned seed,
                       bool dip)
{
	tr_run *run = &st->runs[st->nruns++];
	tr_summary *sum = &run->summary;
	size_t nw = (size_t)duration / 10 - 1;
	memset(run, 0, sizeof(*run));
	tr_summary_init(sum);
	run->provider = p;
	run->scenario = s;
	run->id = wu_dup(id);
	{
		char path[9000];
		snprintf(path, sizeof(path), "results/%s/%s/%s.txt",
		         st->providers[p].id, st->scenarios[s].id, id);
		run->path = wu_dup(path);
	}
	sum->version = wu_dup("18.3 (Ubuntu 18.3-1.pgdg24.04+1)");
	sum->major = sum->major_min = sum->major_max = 18;
	sum->transaction_type = wu_dup("<builtin: TPC-B (sort of)>");
	sum->scale = s == 0 ? 100 : 10000;
	sum->query_mode = wu_dup("prepared");
	sum->clients = 32;
	sum->threads = 4;
	sum->duration_s = duration;
	sum->tps = tps;
	sum->transactions = (int64_t)(tps * duration);
	sum->failed = 0;
	sum->failed_pct = 0;
	sum->latency_avg_ms = 32000.0 / tps;
	sum->tps_form = TR_TPS_WITHOUT_INITIAL;
	sum->complete = true;
	run->log_kind = TR_LOG_AGGREGATE;
	run->log_pid = 1000;
	run->window_source = TR_WINDOWS_AGGREGATE;
	run->window_interval_s = 10;
	run->windows = calloc(nw, sizeof(tr_window));
	run->nwindows = nw;
	tr_simple_stats_init(&run->agg_latency_us);
	for (size_t i = 0; i < nw; i++) {
		tr_window *w = &run->windows[i];
		double f = 1 + noise * (wu_rand(&seed) - 0.5);
		if (dip && i == nw / 2)
			f = 0.32;
		w->start_s = 1700000010.0 + 10.0 * (double)i;
		w->length_s = 10;
		w->tps = tps * f;
		w->transactions = (int64_t)(w->tps * 10);
		w->latency_ms = 32000.0 / w->tps;
		w->latency_max_ms = w->latency_ms * 6;
		w->failed = 0;
		w->skipped = 0;
		tr_simple_stats_add(&run->agg_latency_us, w->latency_ms * 1000);
	}
}

static void wu_add_txlog(tr_run *run, unsigned seed)
{
	run->log_kind = TR_LOG_TRANSACTION;
	run->txlog = calloc(1, sizeof(tr_txlog_stats));
	tr_hist_init(&run->txlog->latency);
	tr_simple_stats_init(&run->txlog->lag_us);
	for (int i = 0; i < 20000; i++) {
		double u = wu_rand(&seed);
		int64_t v = (int64_t)(4000 + 9000 * u * u * u + (i % 997 == 0 ? 80000 : 0));
		tr_hist_record(&run->txlog->latency, v);
		run->txlog->transactions++;
	}
}

static void wu_add_init(tr_study *st, size_t p, size_t s, double scale_factor,
                        bool probe)
{
	static const char *const names[] = { "drop tables", "create tables",
	                                     "client-side generate", "vacuum",
	                                     "primary keys" };
	static const double secs[] = { 0.0, 0.01, 876.29, 1.59, 683.78 };
	tr_init *in = &st->inits[st->ninits++];
	memset(in, 0, sizeof(*in));
	in->provider = p;
	in->scenario = s;
	{
		char path[9000];
		snprintf(path, sizeof(path), "results/%s/%s/init.%s",
		         st->providers[p].id, st->scenarios[s].id, probe ? "json" : "txt");
		in->path = wu_dup(path);
	}
	in->source = wu_dup(probe ? "probe" : "pgbench");
	in->phases = calloc(5, sizeof(tr_init_phase));
	in->nphases = 5;
	in->total_s = 0;
	for (size_t k = 0; k < 5; k++) {
		in->phases[k].name = wu_dup(names[k]);
		in->phases[k].seconds = secs[k] * scale_factor;
		in->total_s += in->phases[k].seconds;
	}
	in->wall_s = probe ? NAN : in->total_s + 0.04;
	in->user_s = in->sys_s = NAN;
	in->rows = 1000000000;
	in->scale = 10000;
	in->jobs = probe ? 4 : 1;
	in->database_bytes = probe ? (int64_t)160000000000 : -1;
	if (probe) {
		in->server_version = wu_dup("18.3");
		in->settings = calloc(2, sizeof(tr_setting));
		in->nsettings = 2;
		in->settings[0].name = wu_dup("shared_buffers");
		in->settings[0].value = wu_dup("2GB");
		in->settings[1].name = wu_dup("max_wal_size");
		in->settings[1].value = wu_dup("4GB");
	}
}

static void wu_price(tr_provider *p, double amount, const char *cur,
                     const char *label)
{
	p->price = realloc(p->price, (p->nprice + 1) * sizeof(tr_price_item));
	p->price[p->nprice].amount = amount;
	p->price[p->nprice].currency = wu_dup(cur);
	p->price[p->nprice].hourly = false;
	p->price[p->nprice].label = label ? wu_dup(label) : NULL;
	p->nprice++;
}

/* The study; free with tr_study_free(). */
static tr_study *wu_study(bool hostile)
{
	tr_study *st = calloc(1, sizeof(*st));
	char *huge = wu_long_string("very long label <b>x</b> & ", 5000);
	st->root = wu_dup(hostile ? "../study \"<x>\"" : "seedlike");
	st->config.path = wu_dup("tpsreport.ini");
	st->config.title = wu_dup(hostile
		? "<script>alert('title')</script> \"quoted\" & \xff\xfe bad \x01 bytes"
		: "AWS RDS vs ServersCamp managed PostgreSQL: pgbench TPC-B");
	st->config.subtitle = wu_dup(hostile ? "*sub* <i>title</i>" : "Comparative benchmark of managed PostgreSQL. May 2026.");
	st->config.notes = wu_dup(hostile ? "- looks like a list\n# and a heading" : "Out of the box: no tuning on either side.");
	st->config.currency = wu_dup("EUR");
	st->config.fx = calloc(1, sizeof(tr_fx_rate));
	st->config.nfx = 1;
	st->config.fx[0].currency = wu_dup("USD");
	st->config.fx[0].rate = 0.92;
	st->nproviders = 2;
	st->providers = calloc(2, sizeof(tr_provider));
	st->providers[0].id = wu_dup(hostile ? "../aws<script>" : "aws");
	st->providers[0].label = hostile ? huge : wu_dup("AWS RDS db.m6i.large (gp3 12k IOPS)");
	st->providers[0].vcpu = 2;
	st->providers[0].ram_gb = 8;
	st->providers[0].notes = wu_dup(hostile ? "notes with `backticks` | pipes | and\nnew\nlines [link](javascript:alert(1))"
	                                        : "eu-central-1, on-demand");
	wu_price(&st->providers[0], 154.76, "USD", "instance");
	wu_price(&st->providers[0], 68.50, "USD", "storage");
	st->providers[0].in_results = true;
	st->providers[1].id = wu_dup(hostile ? "sc\"'<img src=x onerror=alert(1)>" : "serverscamp");
	st->providers[1].label = wu_dup(hostile ? "<img src=x onerror=alert(2)> \xc3\x28 {{value}} *bold* # ---"
	                                        : "ServersCamp T2 (12k IOPS)");
	st->providers[1].vcpu = 2;
	st->providers[1].ram_gb = 8;
	st->providers[1].notes = NULL;
	wu_price(&st->providers[1], 111.36, "EUR", NULL);
	st->providers[1].in_results = true;
	if (!hostile)
		huge = (free(huge), NULL);
	st->nscenarios = 2;
	st->scenarios = calloc(2, sizeof(tr_scenario));
	st->scenarios[0].id = wu_dup(hostile ? "bench<100>" : "bench100");
	st->scenarios[0].label = wu_dup(hostile ? "bench100 </table><script>x</script>"
	                                        : "bench100 (~1.5 GB, in-cache)");
	st->scenarios[0].in_results = true;
	st->scenarios[1].id = wu_dup("bench10000");
	st->scenarios[1].label = wu_dup("bench10000 (~150 GB, disk-bound)");
	st->scenarios[1].in_results = true;

	st->runs = calloc(32, sizeof(tr_run));
	st->runs_cap = 32;
	{
		unsigned seed = 7;
		static const double aws100[] = { 3967.67, 3921.40, 3990.02 };
		static const double sc100[] = { 3744.75, 3780.11, 3711.93 };
		static const double aws10k[] = { 2339.69, 2250.10, 2401.33, 2298.02, 2365.50 };
		static const double sc10k[] = { 2561.34, 2540.80, 2602.71, 2577.19, 2555.05 };
		char id[64];
		for (int i = 0; i < 3; i++) {
			snprintf(id, sizeof(id), hostile && i == 0 ? "run%d<i>\"" : "run%d", i + 1);
			wu_add_run(st, 0, 0, id, aws100[i], 0.05, 600, seed += 11, false);
		}
		/* An aborted fourth run of aws, left out. */
		wu_add_run(st, 0, 0, "run4", 1200.0, 0.05, 600, seed += 11, false);
		st->runs[st->nruns - 1].excluded = true;
		st->runs[st->nruns - 1].excluded_reason = wu_dup("pgbench says the run was aborted");
		st->runs[st->nruns - 1].summary.aborted = true;
		tr_diags_add(&st->diags, TR_SEV_WARNING, "run-aborted",
		             st->runs[st->nruns - 1].path, 12,
		             "the run was aborted; left out of every figure");
		for (int i = 0; i < 5; i++) {
			snprintf(id, sizeof(id), "run%d", i + 1);
			wu_add_run(st, 0, 1, id, aws10k[i], 0.30, 1200, seed += 11, i == 2);
		}
		for (int i = 0; i < 3; i++) {
			snprintf(id, sizeof(id), "run%d", i + 1);
			wu_add_run(st, 1, 0, id, sc100[i], 0.04, 600, seed += 11, false);
			wu_add_txlog(&st->runs[st->nruns - 1], seed);
		}
		for (int i = 0; i < 5; i++) {
			snprintf(id, sizeof(id), "run%d", i + 1);
			wu_add_run(st, 1, 1, id, sc10k[i], 0.06, 1200, seed += 11, false);
		}
	}
	st->inits = calloc(4, sizeof(tr_init));
	st->inits_cap = 4;
	wu_add_init(st, 0, 1, 1.0, false);
	wu_add_init(st, 1, 1, 0.95, true);
	strcpy(st->digest, "3f5a0c2e9b7d41e6a8c0f1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c");
	return st;
}

/* A client sweep: one scenario, TPC-B at 1, 2, 4, 8 and 16 clients, three
 * runs of each per provider (seed "cnpg-vs-rds-aurora"). Provider b is
 * ahead at 8 and 16 clients only. */
static tr_study *wu_sweep_study(void)
{
	static const int clients[] = { 1, 2, 4, 8, 16 };
	tr_study *st = calloc(1, sizeof(*st));
	unsigned seed = 99;
	st->root = wu_dup("sweep");
	st->nproviders = 2;
	st->providers = calloc(2, sizeof(tr_provider));
	st->providers[0].id = wu_dup("rds");
	st->providers[0].label = wu_dup("RDS t3.large");
	st->providers[1].id = wu_dup("cnpg");
	st->providers[1].label = wu_dup("CNPG bare metal");
	for (size_t p = 0; p < 2; p++) {
		st->providers[p].vcpu = st->providers[p].ram_gb = NAN;
		st->providers[p].in_results = true;
	}
	st->nscenarios = 1;
	st->scenarios = calloc(1, sizeof(tr_scenario));
	st->scenarios[0].id = wu_dup("scale100");
	st->scenarios[0].label = wu_dup("Scale factor 100");
	st->scenarios[0].in_results = true;
	st->runs = calloc(40, sizeof(tr_run));
	st->runs_cap = 40;
	for (size_t p = 0; p < 2; p++)
		for (size_t k = 0; k < 5; k++)
			for (int i = 0; i < 3; i++) {
				char id[32];
				double base = 400.0 * clients[k] / (1 + clients[k] / 6.0);
				double tps = base * (p == 1 ? (clients[k] >= 8 ? 1.3 : 0.8) : 1.0) + i * 7;
				snprintf(id, sizeof(id), "c%d-run%d", clients[k], i + 1);
				wu_add_run(st, p, 0, id, tps, 0.05, 60, seed += 13, false);
				st->runs[st->nruns - 1].summary.clients = clients[k];
				st->runs[st->nruns - 1].summary.threads = clients[k] < 4 ? clients[k] : 4;
			}
	strcpy(st->digest, "0000000000000000000000000000000000000000000000000000000000000000");
	return st;
}

/* Two SVG charts shaped like the chart module's: ids, url(#...) and
 * href="#..." references, a style block, a title. */
static const char wu_svg[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"360\" "
	"viewBox=\"0 0 640 360\"><title>TITLE</title>"
	"<style>.bar{fill:#0072B2}@media (prefers-color-scheme: dark){.bar{fill:#56B4E9}}</style>"
	"<defs><clipPath id=\"clip\"><rect width=\"600\" height=\"300\"/></clipPath></defs>"
	"<g clip-path=\"url(#clip)\"><rect class=\"bar\" x=\"10\" y=\"10\" width=\"100\" "
	"height=\"200\"><title>bar &lt;x&gt;</title></rect></g>"
	"<use href=\"#clip\"/><text x=\"5\" y=\"350\">A &amp; B</text></svg>\n";

static void wu_chart(tr_writeup_charts *cs, const char *name, const char *kind,
                     long scenario, const char *title)
{
	tr_writeup_chart *c;
	cs->items = realloc(cs->items, (cs->count + 1) * sizeof(*c));
	c = &cs->items[cs->count++];
	memset(c, 0, sizeof(*c));
	c->name = wu_dup(name);
	c->kind = wu_dup(kind);
	c->scenario = scenario;
	c->workload = -1;
	c->title = wu_dup(title);
	c->alt = wu_dup("Bars of median TPS per provider <and> scenario");
	tr_buf_puts(&c->svg, wu_svg);
	tr_buf_puts(&c->png, "\x89PNG fake");
}

static void wu_charts(tr_writeup_charts *cs)
{
	memset(cs, 0, sizeof(*cs));
	wu_chart(cs, "tps", "tps", -1, "Median TPS by scenario");
	wu_chart(cs, "latency", "latency", -1, "Latency average by scenario");
	wu_chart(cs, "cov", "cov", -1, "CoV of window TPS, worst run");
	wu_chart(cs, "timeline-bench100", "timeline", 0, "Window TPS over time: bench100");
	wu_chart(cs, "timeline-bench10000", "timeline", 1, "Window TPS over time: bench10000");
	wu_chart(cs, "init", "init", -1, "pgbench -i phases");
	wu_chart(cs, "cost", "cost", -1, "Cost per TPS");
}

#endif
