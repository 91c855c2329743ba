/* server.c: the figures of a run's server samples (docs/metrics.md,
 * "Server telemetry"): each wait's share of the active samples, the
 * client's CPU (max, mean, how often busy: client-bound), counters per
 * pgbench transaction. */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double S_per_tx(double counter, int64_t transactions)
{
	return transactions > 0 && !isnan(counter)
	           ? counter / (double)transactions : NAN;
}

static void S_client(tr_run_server *out, const tr_server *s)
{
	double sum = 0;
	out->cpu_pct_max = out->cpu_pct_mean = out->pgbench_cpu_pct_max = NAN;
	for (size_t i = 0; i < s->nsamples; i++) {
		double c = s->cpu_pct[i], p = s->pgbench_cpu_pct[i];
		if (!isnan(p) && !(p <= out->pgbench_cpu_pct_max))
			out->pgbench_cpu_pct_max = p;
		if (isnan(c))
			continue;
		/* Busy: the machine full, and pgbench among what fills it. A
		 * machine full of other work while pgbench idles (a rate-limited
		 * run, a neighbour's job) does not make pgbench the limit; a
		 * sample without pgbench's figure goes by the machine alone.
		 * The first sample with a figure holds pgbench's start (its
		 * threads and connections: 7-11% of a 2-core machine over half
		 * a second, measured), which says nothing of the run: it counts
		 * in the maximum and mean, not in the busy share. */
		if (out->cpu_samples++ > 0)
			out->busy_samples += c >= TR_CLIENT_BUSY_PCT &&
			                     !(p < TR_CLIENT_PGBENCH_PCT);
		sum += c;
		if (!(c <= out->cpu_pct_max))
			out->cpu_pct_max = c;
	}
	if (out->cpu_samples > 0) {
		out->cpu_pct_mean = sum / (double)out->cpu_samples;
		out->client_bound = out->cpu_samples > 1 &&
		                    (double)out->busy_samples >=
		                        TR_CLIENT_BOUND_SHARE * (double)(out->cpu_samples - 1);
	}
}

int tr_run_server_compute(tr_run_server *out, const tr_server *s,
                          int64_t transactions)
{
	memset(out, 0, sizeof(*out));
	out->cpu_pct_max = out->cpu_pct_mean = out->pgbench_cpu_pct_max = NAN;
	out->wal_bytes_per_tx = out->blks_read_per_tx = NAN;
	out->buffers_checkpoint_per_tx = NAN;
	if (!s)
		return 0;
	out->data = s;
	if (s->nwaits) {
		if (!(out->wait_share = malloc(s->nwaits * sizeof(double))))
			return TR_ENOMEM;
		for (size_t i = 0; i < s->nwaits; i++)
			out->wait_share[i] = s->active_samples > 0
			    ? (double)s->waits[i].samples / (double)s->active_samples
			    : NAN;
	}
	S_client(out, s);
	for (size_t i = 0; i < s->ncheckpoints; i++) {
		out->checkpoints_requested += s->checkpoints[i].requested;
		out->checkpoints_timed += !s->checkpoints[i].requested;
	}
	out->wal_bytes_per_tx = S_per_tx(s->counters[TR_SRV_WAL_BYTES], transactions);
	out->blks_read_per_tx = S_per_tx(s->counters[TR_SRV_BLKS_READ], transactions);
	out->buffers_checkpoint_per_tx =
		S_per_tx(s->counters[TR_SRV_BUFFERS_CHECKPOINT], transactions);
	return 0;
}

void tr_run_server_free(tr_run_server *rs)
{
	free(rs->wait_share);
	rs->wait_share = NULL;
}
