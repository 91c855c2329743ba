/* study.c: freeing what the study owns, and lookups. */

#include "model.h"
#include "util/diag.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tr_summary_init(tr_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->major = s->major_min = s->major_max = -1;
	s->scale = -1;
	s->partitions = -1;
	s->clients = s->threads = -1;
	s->max_tries = -1;
	s->duration_s = -1;
	s->transactions_per_client = -1;
	s->transactions = s->transactions_target = -1;
	s->failed = s->serialization_failures = s->deadlock_failures = -1;
	s->retried = s->retries = s->skipped = s->above_limit = -1;
	s->zipfian_overflows = -1;
	s->clients_aborted = 0;
	s->failed_pct = NAN;
	s->latency_limit_ms = NAN;
	s->latency_avg_ms = s->latency_stddev_ms = NAN;
	s->lag_avg_ms = s->lag_max_ms = NAN;
	s->initial_connection_ms = s->average_connection_ms = NAN;
	s->tps = s->tps_including_connections = NAN;
}

static void S_statements_free(tr_statement *st, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(st[i].command);
	free(st);
}

void tr_summary_free(tr_summary *s)
{
	free(s->damage);
	free(s->version);
	free(s->server_version);
	free(s->transaction_type);
	free(s->partition_method);
	free(s->query_mode);
	for (size_t i = 0; i < s->nscripts; i++) {
		free(s->scripts[i].name);
		S_statements_free(s->scripts[i].statements,
		                  s->scripts[i].nstatements);
	}
	free(s->scripts);
	S_statements_free(s->statements, s->nstatements);
	tr_summary_init(s);
}

static void S_strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static const char *const S_server_counters[TR_SRV_NCOUNTERS] = {
	"xact_commit", "xact_rollback", "blks_read", "blks_hit", "temp_bytes",
	"deadlocks", "conflicts", "checkpoints_timed", "checkpoints_req",
	"buffers_checkpoint", "wal_records", "wal_fpi", "wal_bytes",
	"io_reads", "io_writes", "io_extends", "io_fsyncs", "io_backend_writes"
};

const char *tr_server_counter_name(tr_server_counter c)
{
	return S_server_counters[c];
}

void tr_server_free(tr_server *server)
{
	if (!server)
		return;
	for (size_t i = 0; i < server->nwaits; i++) {
		free(server->waits[i].type);
		free(server->waits[i].event);
	}
	S_strv_free(server->notes, server->nnotes);
	free(server->path);
	free(server->waits);
	free(server->checkpoints);
	free(server->autovacuum);
	free(server->t_s);
	free(server->cpu_pct);
	free(server->pgbench_cpu_pct);
	free(server);
}

void tr_run_free(tr_run *run)
{
	free(run->id);
	free(run->path);
	tr_summary_free(&run->summary);
	free(run->excluded_reason);
	S_strv_free(run->log_paths, run->nlog_paths);
	S_strv_free(run->orphan_log_paths, run->norphan_log_paths);
	free(run->progress_path);
	free(run->machine);
	free(run->setup);
	tr_server_free(run->server);
	free(run->windows);
	if (run->txlog) {
		tr_hist_free(&run->txlog->latency);
		free(run->txlog);
	}
	memset(run, 0, sizeof(*run));
}

void tr_init_init(tr_init *init)
{
	memset(init, 0, sizeof(*init));
	init->total_s = NAN;
	init->wall_s = NAN;
	init->user_s = NAN;
	init->sys_s = NAN;
	init->rows = -1;
	init->scale = -1;
	init->jobs = 1;
	init->database_bytes = -1;
}

void tr_init_free(tr_init *init)
{
	free(init->path);
	free(init->damage);
	free(init->source);
	for (size_t i = 0; i < init->nphases; i++)
		free(init->phases[i].name);
	free(init->phases);
	free(init->server_version);
	for (size_t i = 0; i < init->nsettings; i++) {
		free(init->settings[i].name);
		free(init->settings[i].value);
	}
	free(init->settings);
	free(init->conninfo);
	free(init->tool_version);
	tr_init_init(init);
}

void tr_facts_free(tr_fact *facts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(facts[i].name);
		free(facts[i].value);
	}
	free(facts);
}

void tr_price_items_free(tr_price_item *items, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(items[i].currency);
		free(items[i].label);
	}
	free(items);
}

void tr_config_free(tr_config *c)
{
	free(c->path);
	free(c->title);
	free(c->subtitle);
	free(c->notes);
	free(c->currency);
	free(c->baseline);
	for (size_t i = 0; i < c->nfx; i++)
		free(c->fx[i].currency);
	free(c->fx);
	free(c->fx_date);
	free(c->fx_source);
	for (size_t i = 0; i < c->ncells; i++) {
		tr_cell_config *cc = &c->cells[i];
		free(cc->provider);
		free(cc->scenario);
		tr_price_items_free(cc->price, cc->nprice);
		free(cc->notes);
		tr_facts_free(cc->facts, cc->nfacts);
	}
	free(c->cells);
	tr_facts_free(c->fact_labels, c->nfact_labels);
	memset(c, 0, sizeof(*c));
}

void tr_provider_free(tr_provider *p)
{
	free(p->id);
	free(p->label);
	free(p->short_label);
	free(p->color);
	for (size_t i = 0; i < p->nprice; i++) {
		free(p->price[i].currency);
		free(p->price[i].label);
	}
	free(p->price);
	free(p->notes);
	free(p->note);
	tr_facts_free(p->facts, p->nfacts);
	free(p->conninfo);
	tr_server_facts_free(p->server);
	free(p->server);
	memset(p, 0, sizeof(*p));
}

void tr_server_facts_free(tr_server_facts *f)
{
	if (!f)
		return;
	free(f->path);
	free(f->server_version);
	free(f->pgbench_version);
	free(f->conninfo);
	free(f->read_at);
	for (size_t i = 0; i < f->nsettings; i++) {
		free(f->settings[i].name);
		free(f->settings[i].value);
	}
	free(f->settings);
	memset(f, 0, sizeof(*f));
}

void tr_scenario_free(tr_scenario *s)
{
	free(s->id);
	free(s->label);
	free(s->short_label);
	free(s->plan.pgbench);
	free(s->plan.database);
	memset(s, 0, sizeof(*s));
}

void tr_study_free(tr_study *study)
{
	if (!study)
		return;
	free(study->root);
	tr_config_free(&study->config);
	for (size_t i = 0; i < study->nproviders; i++)
		tr_provider_free(&study->providers[i]);
	free(study->providers);
	for (size_t i = 0; i < study->nscenarios; i++)
		tr_scenario_free(&study->scenarios[i]);
	free(study->scenarios);
	for (size_t i = 0; i < study->nruns; i++)
		tr_run_free(&study->runs[i]);
	free(study->runs);
	for (size_t i = 0; i < study->ninits; i++)
		tr_init_free(&study->inits[i]);
	free(study->inits);
	tr_diags_free(&study->diags);
	free(study);
}

long tr_study_provider_index(const tr_study *study, const char *id)
{
	for (size_t i = 0; i < study->nproviders; i++)
		if (strcmp(study->providers[i].id, id) == 0)
			return (long)i;
	return -1;
}

long tr_study_scenario_index(const tr_study *study, const char *id)
{
	for (size_t i = 0; i < study->nscenarios; i++)
		if (strcmp(study->scenarios[i].id, id) == 0)
			return (long)i;
	return -1;
}
