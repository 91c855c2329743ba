/* scenarios.c: scenario labels, scale, data size and regime.
 *
 * Data size: measured by a probe (pg_database_size after loading) when an
 * init.json says so, else estimated as scale x 15 MiB: pgbench's four
 * tables with their primary keys take about 15 MiB per scale unit (100,000
 * accounts rows of ~120 bytes plus index). Regime, per provider with
 * ram_gb known (GiB): in memory up to 0.5 x RAM (the data fits beside the
 * rest of the server's memory use), partly cached up to 4 x RAM, disk-bound
 * beyond. */

#include "stats_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>

#define S_BYTES_PER_SCALE (15.0 * 1024 * 1024)

int tr_scenarios_compute(tr_results *r, const tr_study *st)
{
	r->nscenarios = st->nscenarios;
	r->scenarios = tr_calloc(st->nscenarios ? st->nscenarios : 1,
	                         sizeof(tr_scenario_result));
	if (!r->scenarios)
		return TR_ENOMEM;
	for (size_t s = 0; s < st->nscenarios; s++) {
		tr_scenario_result *out = &r->scenarios[s];
		int64_t scale = -1;
		bool mixed = false;
		double measured = NAN;
		out->id = st->scenarios[s].id;
		out->label = st->scenarios[s].label ? st->scenarios[s].label
		                                    : st->scenarios[s].id;
		out->short_label = st->scenarios[s].short_label ? st->scenarios[s].short_label
		                                                : out->label;
		for (size_t i = 0; i < st->nruns; i++) {
			const tr_run *run = &st->runs[i];
			if (run->scenario != s || run->excluded)
				continue;
			out->runs++;
			if (run->summary.scale < 0)
				continue;
			if (scale < 0)
				scale = run->summary.scale;
			else if (scale != run->summary.scale)
				mixed = true;
		}
		out->scale = mixed ? -1 : scale;
		out->scale_mixed = mixed;
		for (size_t i = 0; i < st->ninits; i++)
			if (st->inits[i].scenario == s && st->inits[i].database_bytes > 0 &&
			    (isnan(measured) || (double)st->inits[i].database_bytes > measured))
				measured = (double)st->inits[i].database_bytes;
		if (!isnan(measured)) {
			out->data_bytes = measured;
			out->data_measured = true;
		} else {
			out->data_bytes = out->scale > 0 ? (double)out->scale * S_BYTES_PER_SCALE
			                                 : NAN;
		}
		out->regimes = tr_calloc(r->nproviders ? r->nproviders : 1,
		                         sizeof(tr_regime));
		if (!out->regimes)
			return TR_ENOMEM;
		for (size_t p = 0; p < r->nproviders; p++) {
			/* the cell's RAM: a [cell] section may give another instance */
			double ram = tr_results_setup(r, p, s)->ram_gb * 1024.0 * 1024 * 1024;
			if (isnan(ram) || isnan(out->data_bytes) || ram <= 0)
				out->regimes[p] = TR_REGIME_UNKNOWN;
			else if (out->data_bytes <= 0.5 * ram)
				out->regimes[p] = TR_REGIME_IN_MEMORY;
			else if (out->data_bytes <= 4 * ram)
				out->regimes[p] = TR_REGIME_PARTLY_CACHED;
			else
				out->regimes[p] = TR_REGIME_DISK_BOUND;
		}
	}
	return 0;
}
