/* price.c: "154.76 USD/month instance + 68.50 USD/month storage". */

#include "ingest.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *S_skip_space(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static bool S_period(const char *p, const char *end, const char *word,
                     const char **next)
{
	size_t n = strlen(word);
	if ((size_t)(end - p) < n || strncmp(p, word, n) != 0)
		return false;
	if (p + n < end && p[n] != ' ' && p[n] != '\t')
		return false;
	*next = p + n;
	return true;
}

static void S_items_free(tr_price_item *items, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(items[i].currency);
		free(items[i].label);
	}
	free(items);
}

/* One component from [p, end): AMOUNT CUR/PERIOD [label]. */
static int S_item(tr_price_item *item, const char *p, const char *end,
                  const char *whole)
{
	const char *q;
	memset(item, 0, sizeof(*item));
	p = S_skip_space(p, end);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (tr_parse_double(&item->amount, p, end, &q) < 0 ||
	    !isfinite(item->amount) || item->amount < 0)
		return tr_error_set("price: expected an amount such as \"223.26 USD/month\", found \"%s\"", whole);
	p = S_skip_space(q, end);
	if (end - p < 4 || p[3] != '/')
		return tr_error_set("price: expected a currency and period after the amount, as in \"223.26 USD/month\", found \"%s\"", whole);
	for (int i = 0; i < 3; i++)
		if (p[i] < 'A' || p[i] > 'Z')
			return tr_error_set("price: the currency must be a three-letter code such as USD, found \"%s\"", whole);
	item->currency = tr_strndup(p, 3);
	if (!item->currency)
		return TR_ENOMEM;
	p += 4;
	if (S_period(p, end, "month", &q) || S_period(p, end, "mo", &q))
		item->hourly = false;
	else if (S_period(p, end, "hour", &q) || S_period(p, end, "hr", &q) ||
	         S_period(p, end, "h", &q))
		item->hourly = true;
	else {
		free(item->currency);
		item->currency = NULL;
		return tr_error_set("price: the period must be /month or /hour, found \"%s\"", whole);
	}
	p = S_skip_space(q, end);
	if (p < end) {
		item->label = tr_strndup(p, (size_t)(end - p));
		if (!item->label) {
			free(item->currency);
			item->currency = NULL;
			return TR_ENOMEM;
		}
	}
	return 0;
}

int tr_price_parse(tr_price_item **out, size_t *n, const char *text)
{
	tr_price_item *items = NULL;
	size_t count = 0, cap = 0;
	const char *p = text, *end = text + strlen(text);
	int rc;

	*out = NULL;
	*n = 0;
	if (S_skip_space(p, end) == end)
		return tr_error_set("price: empty (write e.g. \"223.26 USD/month\")");
	while (p <= end) {
		const char *plus = memchr(p, '+', (size_t)(end - p));
		const char *stop = plus ? plus : end;
		if ((rc = tr_grow(&items, &cap, count + 1, sizeof(*items))) < 0)
			goto fail;
		if ((rc = S_item(&items[count], p, stop, text)) < 0)
			goto fail;
		count++;
		if (!plus)
			break;
		p = plus + 1;
	}
	if (count > 1)
		for (size_t i = 0; i < count; i++)
			if (!items[i].label) {
				rc = tr_error_set("price: with several components, name each one (\"154.76 USD/month instance + 68.50 USD/month storage\"), found \"%s\"", text);
				goto fail;
			}
	*out = items;
	*n = count;
	return 0;
fail:
	S_items_free(items, count);
	return rc;
}
