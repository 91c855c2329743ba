/* cell_server.c: a cell's server telemetry over its runs' sampler files
 * (docs/metrics.md, "Server telemetry"): the waits of all its runs taken
 * together as shares of their active samples, checkpoints per run, the
 * median run's counters per transaction, the client's busiest moment.
 * Runs without a file are left out; a cell with none keeps NaN, never 0. */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_clear(tr_cell *c)
{
	c->server_runs = 0;
	c->server_wal_bytes_per_tx = c->server_blocks_read_per_tx = NAN;
	c->server_buffers_checkpoint_per_tx = c->server_checkpoints_per_run = NAN;
	c->server_client_cpu_pct_max = c->server_pgbench_cpu_pct_max = NAN;
	c->server_client_cpus = NAN;
	c->waits = NULL;
	c->nwaits = 0;
}

static double S_max(double acc, double v)
{
	return isnan(v) || acc >= v ? acc : v;
}

/* Most samples first; ties by type, then event, so the order never
 * depends on the runs' order. */
static int S_wait_cmp(const void *pa, const void *pb)
{
	const tr_cell_wait *a = pa, *b = pb;
	int d;
	if (a->samples != b->samples)
		return a->samples > b->samples ? -1 : 1;
	if ((d = strcmp(a->type, b->type)) != 0)
		return d;
	return strcmp(a->event, b->event);
}

static tr_cell_wait *S_find(tr_cell_wait *w, size_t n, const tr_server_wait *sw)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(w[i].type, sw->type) == 0 && strcmp(w[i].event, sw->event) == 0)
			return &w[i];
	return NULL;
}

/* Every (type, event) of the cell's runs, summed; shares over the active
 * samples of all those runs together (a run sampled longer weighs more,
 * as Performance Insights' average active sessions do). */
static int S_waits(tr_cell *c, const tr_results *r)
{
	size_t cap = 0, n = 0;
	int64_t active = 0;
	tr_cell_wait *w;
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_server *s = r->runs[c->runs[k]].server.data;
		if (s) {
			cap += s->nwaits;
			active += s->active_samples;
		}
	}
	if (cap == 0)
		return 0;
	if (!(w = tr_calloc(cap, sizeof(*w))))
		return TR_ENOMEM;
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_server *s = r->runs[c->runs[k]].server.data;
		for (size_t i = 0; s && i < s->nwaits; i++) {
			tr_cell_wait *at = S_find(w, n, &s->waits[i]);
			if (!at) {
				at = &w[n++];
				at->type = s->waits[i].type;
				at->event = s->waits[i].event;
			}
			at->samples += s->waits[i].samples;
		}
	}
	for (size_t i = 0; i < n; i++)
		w[i].share = active > 0 ? (double)w[i].samples / (double)active : NAN;
	qsort(w, n, sizeof(*w), S_wait_cmp);
	c->waits = w;
	c->nwaits = n;
	return 0;
}

static int S_cell(tr_cell *c, const tr_results *r)
{
	double *v = tr_calloc(3 * (c->nruns + 1), sizeof(double));
	double *wal = v, *rd = v ? v + c->nruns + 1 : NULL;
	double *ckb = v ? v + 2 * (c->nruns + 1) : NULL;
	size_t n = 0, checkpoints = 0;
	if (!v)
		return TR_ENOMEM;
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_run_server *rs = &r->runs[c->runs[k]].server;
		if (!rs->data)
			continue;
		wal[n] = rs->wal_bytes_per_tx;
		rd[n] = rs->blks_read_per_tx;
		ckb[n] = rs->buffers_checkpoint_per_tx;
		n++;
		checkpoints += rs->checkpoints_timed + rs->checkpoints_requested;
		c->server_client_cpu_pct_max =
			S_max(c->server_client_cpu_pct_max, rs->cpu_pct_max);
		c->server_pgbench_cpu_pct_max =
			S_max(c->server_pgbench_cpu_pct_max, rs->pgbench_cpu_pct_max);
		if (rs->data->cpus > 0)
			c->server_client_cpus =
				S_max(c->server_client_cpus, (double)rs->data->cpus);
	}
	c->server_runs = n;
	if (n > 0) {
		c->server_wal_bytes_per_tx = tr_median(wal, n);
		c->server_blocks_read_per_tx = tr_median(rd, n);
		c->server_buffers_checkpoint_per_tx = tr_median(ckb, n);
		c->server_checkpoints_per_run = (double)checkpoints / (double)n;
	}
	free(v);
	return S_waits(c, r);
}

bool tr_wait_is_cpu(const tr_cell_wait *w)
{
	return strcmp(w->type, "CPU") == 0 && (!*w->event || strcmp(w->event, "CPU") == 0);
}

int tr_cell_server(tr_results *r)
{
	int rc;
	for (size_t i = 0; i < r->ncells; i++) {
		S_clear(&r->cells[i]);
		if ((rc = S_cell(&r->cells[i], r)) < 0)
			return rc;
	}
	return 0;
}
