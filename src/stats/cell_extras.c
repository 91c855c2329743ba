/* cell_extras.c: the cell figures that are not its runs' TPS, latency or
 * windows: the setup's monthly price, the median run's transaction and
 * failure counts, and the init timings of its provider in its scenario
 * (docs/metrics.md, "Counts, prices and durations"). */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* pgbench's own names of its phases, by TR_INIT_PHASE_*. */
static const char *const S_phases[TR_INIT_PHASES] = {
	"drop tables", "create tables", "client-side generate", "server-side generate",
	"vacuum", "primary keys", "foreign keys",
};

/* The init of provider p in scenario s: its own, else one shared by the
 * provider's scenarios of the same scale; NULL when none. */
static const tr_init *S_init(const tr_results *r, size_t p, size_t s)
{
	const tr_init *shared = NULL;
	for (size_t i = 0; i < r->ninits; i++) {
		const tr_init *in = r->inits[i].init;
		if (r->inits[i].provider != p)
			continue;
		if (r->inits[i].scenario == s)
			return in;
		if (in->shared && in->scale >= 0 && in->scale == r->scenarios[s].scale)
			shared = in;
	}
	return shared;
}

static void S_init_figures(tr_cell *c, const tr_init *in)
{
	c->init_total_s = in ? in->total_s : NAN;
	c->init_wall_s = in ? in->wall_s : NAN;
	for (size_t k = 0; k < TR_INIT_PHASES; k++)
		c->init_phase_s[k] = NAN;
	for (size_t i = 0; in && i < in->nphases; i++)
		for (size_t k = 0; k < TR_INIT_PHASES; k++)
			if (strcmp(in->phases[i].name, S_phases[k]) == 0)
				c->init_phase_s[k] = in->phases[i].seconds;
}

/* The median of the runs' counts (NaN for runs that did not print one,
 * such as failures before pgbench 15). */
static int S_counts(tr_cell *c, const tr_results *r)
{
	double *tx = tr_calloc(c->nruns + 1, sizeof(double));
	double *failed = tr_calloc(c->nruns + 1, sizeof(double));
	if (!tx || !failed) {
		free(tx);
		free(failed);
		return TR_ENOMEM;
	}
	for (size_t k = 0; k < c->nruns; k++) {
		const tr_run_result *run = &r->runs[c->runs[k]];
		tx[k] = run->transactions >= 0 ? (double)run->transactions : NAN;
		failed[k] = run->failed >= 0 ? (double)run->failed : NAN;
	}
	c->transactions = tr_median(tx, c->nruns);
	c->failed = tr_median(failed, c->nruns);
	free(tx);
	free(failed);
	return 0;
}

int tr_cell_extras(tr_results *r)
{
	int rc;
	for (size_t i = 0; i < r->ncells; i++) {
		tr_cell *c = &r->cells[i];
		c->price_month = tr_results_setup(r, c->provider, c->scenario)->monthly_cost;
		S_init_figures(c, S_init(r, c->provider, c->scenario));
		if ((rc = S_counts(c, r)) < 0)
			return rc;
	}
	return 0;
}
