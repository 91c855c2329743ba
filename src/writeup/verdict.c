/* verdict.c: a difference is never shown without its verdict, nor a
 * verdict without the difference (as benchstat's columns do): "+9.0% ~"
 * in a table, "+9.0% (p=0.600, n=3+3)" in a sentence. */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>

const char *tr_wu_verdict_cell(tr_wu_doc *d, const tr_comparison *k)
{
	const char *gap = tr_wu_n(d, k->tps_gap_pct, TR_WU_GAP);
	if (k->significant)
		return gap;
	return tr_wu_keep(d, tr_sprintf("%s ~", gap));
}

const char *tr_wu_verdict_text(tr_wu_doc *d, double gap_pct, const tr_comparison *k)
{
	const char *gap = tr_wu_n(d, gap_pct, TR_WU_GAP);
	if (isnan(k->p_adjusted))
		return tr_wu_keep(d, tr_sprintf("%s (not tested, n=%zu+%zu)", gap, k->n_baseline,
		                                k->n_provider));
	return tr_wu_keep(d, tr_sprintf("%s (p=%s, n=%zu+%zu)", gap,
	                                tr_wu_n(d, k->p_adjusted, TR_WU_P), k->n_baseline,
	                                k->n_provider));
}
