/* metric_rank.c: a provider's place among the providers on a catalog
 * metric ("#3 of 9"), and the catalog's words for a change of a metric
 * ("faster", "more expensive", "lower p99 latency"). */

#include "stats.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One provider's figure in s/w: its cell's (under the metric's default
 * run pick) or the aggregate over its cells. */
static double S_figure(const tr_results *r, const tr_metric *m, size_t p, long s, long w,
                       tr_metric_agg agg)
{
	if (s >= 0 && w >= 0) {
		long c = tr_results_cell(r, p, (size_t)s, (size_t)w);
		return c < 0 ? NAN : tr_metric_picked(r, m, &r->cells[c],
		                                      tr_metric_default_pick(r, m));
	}
	return tr_metric_over(r, m, p, -1, s, w, agg, NULL, NULL);
}

int tr_metric_rank(size_t *rank, size_t *of, const tr_results *r, const tr_metric *m,
                   size_t p, long s, long w, tr_metric_agg agg)
{
	double mine;
	*rank = *of = 0;
	if (m->kind != TR_METRIC_CELL || m->direction == TR_METRIC_NEITHER)
		return TR_ENOTFOUND;
	mine = S_figure(r, m, p, s, w, agg);
	if (!isfinite(mine))
		return TR_ENOTFOUND;
	*rank = 1;
	for (size_t q = 0; q < r->nproviders; q++) {
		double v = S_figure(r, m, q, s, w, agg);
		if (!isfinite(v))
			continue;
		(*of)++;
		if (tr_metric_better(m, v, mine))
			(*rank)++;
	}
	return 0;
}

/* The words of metrics whose change has a name of its own; the others
 * are "higher NOUN" / "lower NOUN". A prefix ending in '.' matches keys
 * that start with it. */
static const struct {
	const char *key, *up, *down;
} S_words[] = {
	{ "tps_median", "faster", "slower" },
	{ "tps_headline", "faster", "slower" },
	{ "tps_mean", "faster", "slower" },
	{ "tps_min", "faster", "slower" },
	{ "tps_max", "faster", "slower" },
	{ "cost_per_tps", "more expensive", "cheaper" },
	{ "price_month", "more expensive", "cheaper" },
	{ "transactions", "more transactions", "fewer transactions" },
	{ "failed", "more failed transactions", "fewer failed transactions" },
	{ "init.", "longer", "shorter" },
};

char *tr_metric_change_words(const tr_metric *m, bool up)
{
	tr_buf b = TR_BUF_INIT;
	if (m->base)
		m = m->base;
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_words); i++) {
		size_t n = strlen(S_words[i].key);
		bool prefix = S_words[i].key[n - 1] == '.';
		if (prefix ? strncmp(m->key, S_words[i].key, n) == 0
		           : strcmp(m->key, S_words[i].key) == 0)
			return tr_strdup(up ? S_words[i].up : S_words[i].down);
	}
	if (tr_buf_printf(&b, "%s %s", up ? "higher" : "lower", m->noun) < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	return tr_buf_detach(&b);
}
