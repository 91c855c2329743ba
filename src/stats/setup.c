/* setup.c: what holds for one provider in one scenario: the [provider]
 * keys, overridden by a [cell PROVIDER SCENARIO] section (vcpu, ram_gb,
 * price, notes) and its facts (fact.NAME). The regime and the cost of a
 * cell use these. */

#include "stats.h"
#include "stats_internal.h"
#include "util/alloc.h"
#include "util/diag.h"
#include "util/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static long S_scenario(const tr_study *st, const char *id)
{
	for (size_t i = 0; i < st->nscenarios; i++)
		if (strcmp(st->scenarios[i].id, id) == 0)
			return (long)i;
	return -1;
}

static double S_monthly(const tr_results *r, const tr_study *st, const tr_price_item *items,
                        size_t n)
{
	double total = 0;
	for (size_t k = 0; k < n; k++)
		total += tr_price_item_monthly(&items[k]) *
		         tr_currency_rate(&st->config, r->currency, items[k].currency);
	return total;
}

int tr_setups_compute(tr_results *r, const tr_study *st)
{
	const char *path = st->config.path ? st->config.path : "tpsreport.ini";
	/* before tr_scenarios_compute (regimes use it): st's count */
	size_t ns = st->nscenarios, n = r->nproviders * ns;
	r->setups = tr_calloc(n ? n : 1, sizeof(tr_cell_setup));
	if (!r->setups)
		return TR_ENOMEM;
	r->nsetups = n;
	for (size_t p = 0; p < r->nproviders; p++)
		for (size_t s = 0; s < ns; s++) {
			tr_cell_setup *u = &r->setups[p * ns + s];
			u->provider = p;
			u->scenario = s;
			u->vcpu = r->providers[p].vcpu;
			u->ram_gb = r->providers[p].ram_gb;
			u->monthly_cost = r->providers[p].monthly_cost;
			u->notes = r->providers[p].notes;
			u->provider_facts = st->providers[p].facts;
			u->nprovider_facts = st->providers[p].nfacts;
		}
	for (size_t i = 0; i < st->config.ncells; i++) {
		const tr_cell_config *cc = &st->config.cells[i];
		long p = tr_study_provider_index(st, cc->provider), s = S_scenario(st, cc->scenario);
		tr_cell_setup *u;
		if (p < 0 || s < 0)
			return tr_error_set_at(path, cc->line, "[cell %s %s]: no %s '%s' in results/",
			                       cc->provider, cc->scenario,
			                       p < 0 ? "provider" : "scenario",
			                       p < 0 ? cc->provider : cc->scenario);
		u = &r->setups[(size_t)p * ns + (size_t)s];
		u->config = cc;
		if (!isnan(cc->vcpu))
			u->vcpu = cc->vcpu;
		if (!isnan(cc->ram_gb))
			u->ram_gb = cc->ram_gb;
		if (cc->notes)
			u->notes = cc->notes;
		if (cc->nprice > 0) {
			u->monthly_cost = S_monthly(r, st, cc->price, cc->nprice);
			if (isnan(u->monthly_cost) &&
			    tr_diags_add(&r->warnings, TR_SEV_WARNING, "fx-missing", path,
			                 cc->price_line, "[cell %s %s]: no [fx] rate converts its "
			                 "price; no cost figures for it", cc->provider,
			                 cc->scenario) < 0)
				return TR_ENOMEM;
		}
	}
	return 0;
}

const tr_cell_setup *tr_results_setup(const tr_results *r, size_t provider, size_t scenario)
{
	if (provider >= r->nproviders || scenario >= r->nscenarios || !r->setups)
		return NULL;
	return &r->setups[provider * r->nscenarios + scenario];
}

const char *tr_setup_fact(const tr_cell_setup *u, const char *name)
{
	const tr_cell_config *cc = u->config;
	for (size_t i = cc ? cc->nfacts : 0; i > 0; i--)
		if (strcmp(cc->facts[i - 1].name, name) == 0)
			return cc->facts[i - 1].value;
	for (size_t i = u->nprovider_facts; i > 0; i--)
		if (strcmp(u->provider_facts[i - 1].name, name) == 0)
			return u->provider_facts[i - 1].value;
	return NULL;
}
