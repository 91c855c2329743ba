/* price.c: monthly prices and currency conversion (docs/metrics.md). */

#include "stats.h"

#include <math.h>
#include <string.h>

double tr_price_item_monthly(const tr_price_item *item)
{
	return item->hourly ? item->amount * TR_HOURS_PER_MONTH : item->amount;
}

double tr_currency_rate(const tr_config *config, const char *report_currency,
                  const char *currency)
{
	if (!currency)
		return NAN;
	if (!report_currency || strcmp(report_currency, currency) == 0)
		return report_currency ? 1.0 : NAN;
	for (size_t i = 0; i < config->nfx; i++)
		if (strcmp(config->fx[i].currency, currency) == 0)
			return config->fx[i].rate;
	return NAN;
}
