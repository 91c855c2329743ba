/* rule.c: --fail-on thresholds such as "tps<-5%" or "p99>10%". */

#include "diff_internal.h"

#include <math.h>
#include <string.h>

int tr_diff_rule_parse(tr_diff_rule *out, const char *text)
{
	const char *op = strpbrk(text, "<>"), *end, *next;
	char key[64];
	size_t klen;
	memset(out, 0, sizeof(*out));
	if (strlen(text) >= sizeof(out->text) || !op)
		goto bad;
	klen = (size_t)(op - text);
	while (klen > 0 && text[klen - 1] == ' ')
		klen--;
	if (klen == 0 || klen >= sizeof(key))
		goto bad;
	memcpy(key, text, klen);
	key[klen] = '\0';
	if ((out->metric = tr_diff_metric_find(key)) < 0)
		goto bad;
	out->op = *op++;
	while (*op == ' ')
		op++;
	end = op + strlen(op);
	while (end > op && end[-1] == ' ')
		end--;
	if (end == op || end[-1] != '%')
		goto bad;
	end--;
	while (end > op && end[-1] == ' ')
		end--;
	if (tr_parse_double(&out->pct, op, end, &next) < 0 || next != end ||
	    !isfinite(out->pct))
		goto bad;
	memcpy(out->text, text, strlen(text) + 1);
	return 0;
bad:
	return tr_error_set("--fail-on '%s': expected METRIC<N%% or METRIC>N%%, "
	                    "METRIC one of tps, latency, p95, p99, cost or a figure "
	                    "of a cell by its results.json key, such as price_month, "
	                    "transactions, failed, init.total_s (e.g. 'tps<-5%%', "
	                    "'p99>10%%'; docs/diff.md lists them)", text);
}

bool tr_diff_rule_crossed(const tr_diff_rule *rule, const tr_diff_change *c)
{
	if (!isfinite(c->change_pct))
		return false;
	return rule->op == '<' ? c->change_pct < rule->pct : c->change_pct > rule->pct;
}

double tr_diff_price_change_pct(const tr_diff *d, const tr_diff_change *cost)
{
	/* cost per TPS = monthly cost / median TPS, so the monthly cost is
	 * cost per TPS x TPS on each side (docs/metrics.md). */
	for (size_t i = 0; i < d->nchanges[TR_DIFF_TPS]; i++) {
		const tr_diff_change *t = &d->changes[TR_DIFF_TPS][i];
		double old_month, new_month;
		if (t->cell != cost->cell)
			continue;
		old_month = cost->old_value * t->old_value;
		new_month = cost->new_value * t->new_value;
		if (!isfinite(old_month) || !isfinite(new_month) || old_month <= 0)
			return NAN;
		return (new_month / old_month - 1.0) * 100.0;
	}
	return NAN;
}
