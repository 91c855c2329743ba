/* inits.c: init timings per provider and scenario. */

#include "stats_internal.h"
#include "util/alloc.h"

int tr_inits_compute(tr_results *r, const tr_study *st)
{
	r->ninits = st->ninits;
	if (st->ninits == 0)
		return 0;
	r->inits = tr_calloc(st->ninits, sizeof(tr_init_result));
	if (!r->inits)
		return TR_ENOMEM;
	for (size_t i = 0; i < st->ninits; i++) {
		r->inits[i].provider = st->inits[i].provider;
		r->inits[i].scenario = st->inits[i].scenario;
		r->inits[i].init = &st->inits[i];
	}
	return 0;
}
