/* scan_pgb.c: a PostgresBench result file (a .json in a scenario folder)
 * read as runs of the scenario, its load time as an init, and its facts
 * as the provider's. Its layout of logs (txlogs_*) is scan.c's. */

#include "ingest_internal.h"
#include "ingest_pgtext_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/str.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The setup a file states beyond its machine (its facts but the comment),
 * "name: value" joined with "; "; NULL when it states none. */
static char *S_pgb_setup(const tr_pgb_result *r)
{
	tr_buf b = TR_BUF_INIT;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < r->nfacts; i++)
		if (strcmp(r->facts[i].name, "comment") != 0)
			rc = tr_buf_printf(&b, "%s%s: %s", b.size ? "; " : "", r->facts[i].name,
			                   r->facts[i].value);
	if (rc < 0 || b.size == 0) {
		tr_buf_free(&b);
		return NULL;
	}
	return tr_buf_detach(&b);
}

/* Fill a run's summary from a PostgresBench run: pgbench's built-in TPC-B
 * with the file's settings, and the run's own figures. */
static int S_pgb_summary(tr_summary *s, const tr_pgb_result *r,
                         const tr_pgb_run *x)
{
	tr_summary_init(s);
	s->line = x->line;
	s->transaction_type = tr_strdup("<builtin: TPC-B (sort of)>");
	s->query_mode = tr_strdup(r->query_mode ? r->query_mode : "simple");
	if (!s->transaction_type || !s->query_mode)
		return TR_ENOMEM;
	s->major_min = 17;      /* run.sh requires pgbench 17 or later */
	s->major_max = 18;
	s->scale = r->scale;
	s->clients = r->clients;
	s->threads = r->threads;
	s->duration_s = r->duration_s;
	s->transactions = x->transactions;
	s->failed = x->failed;
	s->failed_pct = x->failed >= 0 && x->transactions + x->failed > 0
	                    ? 100.0 * (double)x->failed /
	                          (double)(x->transactions + x->failed)
	                    : NAN;
	s->latency_avg_ms = x->latency_avg_ms;
	s->latency_stddev_ms = x->latency_stddev_ms;
	s->initial_connection_ms = x->initial_connection_ms;
	s->tps = x->tps;
	s->tps_form = TR_TPS_WITHOUT_INITIAL;
	s->complete = true;
	return 0;
}

/* Facts of the provider, from each of its result files: a fact already
 * known with another value (another machine) gets that value added. */
static int S_pgb_facts(tr_provider *p, const tr_pgb_result *r)
{
	for (size_t i = 0; i < r->nfacts; i++) {
		const tr_fact *f = &r->facts[i];
		tr_fact *have = NULL, *grown;
		for (size_t k = 0; k < p->nfacts && !have; k++)
			if (strcmp(p->facts[k].name, f->name) == 0)
				have = &p->facts[k];
		if (have) {
			char *joined;
			if (strcmp(have->value, f->value) == 0 ||
			    tr_pgtext_find(have->value, strlen(have->value), f->value))
				continue;
			if (!(joined = tr_sprintf("%s; %s", have->value, f->value)))
				return TR_ENOMEM;
			free(have->value);
			have->value = joined;
			continue;
		}
		if (!(grown = realloc(p->facts, (p->nfacts + 1) * sizeof(tr_fact))))
			return TR_ENOMEM;
		p->facts = grown;
		grown[p->nfacts].name = tr_strdup(f->name);
		grown[p->nfacts].value = tr_strdup(f->value);
		if (!grown[p->nfacts].name || !grown[p->nfacts].value) {
			free(grown[p->nfacts].name);
			free(grown[p->nfacts].value);
			return TR_ENOMEM;
		}
		p->nfacts++;
	}
	return 0;
}

/* The load time of PostgresBench is `date` around `pgbench -i | tee`:
 * the init's wall clock. */
static int S_pgb_init(tr_study *st, size_t provider, size_t scenario,
                      const tr_pgb_result *r, const char *relpath)
{
	tr_init init;
	tr_init_init(&init);
	init.provider = provider;
	init.scenario = scenario;
	init.wall_s = r->load_time_s;
	init.scale = r->scale;
	init.rows = r->scale >= 0 && r->scale < INT64_MAX / 100000 ? r->scale * 100000 : -1;
	if (!(init.path = tr_strdup(relpath)) || !(init.source = tr_strdup("postgresbench")) ||
	    tr_grow(&st->inits, &st->inits_cap, st->ninits + 1, sizeof(tr_init)) < 0) {
		tr_init_free(&init);
		return TR_ENOMEM;
	}
	st->inits[st->ninits++] = init;
	return 0;
}

/* The run's timeseries as its windows: pgbench -P's intervals, each with
 * pgbench's own TPS and latency. The tail that starts at the end of the
 * run (a fraction of a second of stragglers) is not a window. */
static int S_pgb_windows(tr_run *run, const tr_pgb_result *r, const tr_pgb_run *x)
{
	if (x->nseries == 0)
		return 0;
	if (!(run->windows = tr_calloc(x->nseries, sizeof(tr_window))))
		return TR_ENOMEM;
	run->window_source = TR_WINDOWS_PROGRESS;
	run->window_interval_s = x->interval_s;
	for (size_t i = 0; i < x->nseries; i++) {
		const tr_pgb_point *p = &x->series[i];
		tr_window *w = &run->windows[run->nwindows];
		if (p->elapsed_s >= (double)r->duration_s) {
			run->windows_dropped++;
			continue;
		}
		w->start_s = p->elapsed_s;
		w->length_s = x->interval_s;
		w->transactions = -1;
		w->sum_latency_us = -1;
		w->tps = p->tps;
		w->latency_ms = p->tps > 0 ? p->latency_avg_ms : NAN;
		w->latency_max_ms = NAN;
		w->failed = -1;
		w->skipped = -1;
		run->nwindows++;
	}
	run->windows_logged = x->nseries;
	return 0;
}

static int S_pgb_runs(tr_study *st, size_t provider, size_t scenario,
                      const char *stem, const char *relpath,
                      const tr_pgb_result *r)
{
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < r->nruns; i++) {
		const tr_pgb_run *x = &r->runs[i];
		tr_run run;
		memset(&run, 0, sizeof(run));
		run.provider = provider;
		run.scenario = scenario;
		run.log_pid = -1;
		run.id = tr_sprintf("%s-run%d", stem, x->number);
		run.path = tr_strdup(relpath);
		run.pgb_percentiles = !isnan(x->p95_ms) || !isnan(x->p99_ms);
		run.pgb_p95_ms = x->p95_ms;
		run.pgb_p99_ms = x->p99_ms;
		run.machine = tr_pgb_machine(r);
		run.setup = S_pgb_setup(r);
		if (!run.id || !run.path || !run.machine ||
		    (rc = S_pgb_summary(&run.summary, r, x)) < 0 ||
		    (rc = S_pgb_windows(&run, r, x)) < 0 ||
		    (rc = tr_grow(&st->runs, &st->runs_cap, st->nruns + 1,
		                  sizeof(tr_run))) < 0) {
			tr_run_free(&run);
			rc = TR_ENOMEM;
			break;
		}
		st->runs[st->nruns++] = run;
	}
	return rc;
}

int tr_scan_pgb_result(tr_study *st, size_t provider, size_t scenario,
                       const char *stem, const char *relpath,
                       const tr_buf *text)
{
	tr_pgb_result r;
	int rc = tr_pgb_parse(&r, text->ptr, text->size, relpath);
	if (rc == TR_ENOTFOUND)
		rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "ignored", relpath, 0,
		                  "a JSON file that is not a PostgresBench result; ignored");
	else if (rc == TR_EINVALID)
		rc = tr_diags_add_error(&st->diags, TR_SEV_WARNING, "unreadable",
		                        "; file ignored");
	else if (rc == 0 &&
	         (rc = S_pgb_runs(st, provider, scenario, stem, relpath, &r)) == 0 &&
	         (rc = S_pgb_facts(&st->providers[provider], &r)) == 0 &&
	         !isnan(r.load_time_s))
		rc = S_pgb_init(st, provider, scenario, &r, relpath);
	tr_pgb_result_free(&r);
	return rc;
}
