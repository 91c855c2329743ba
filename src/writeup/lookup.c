/* lookup.c: finding providers, scenarios, workloads and comparisons named
 * in directives, with messages that list what there is. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* "a, b, c" of up to 12 names, for messages. */
static const char *S_names(tr_wu_doc *d, size_t n, const char *(*name)(const tr_results *, size_t))
{
	tr_buf b = TR_BUF_INIT;
	for (size_t i = 0; i < n && i < 12; i++)
		tr_buf_printf(&b, "%s%s", i ? ", " : "", tr_wu_c(d, name(d->r, i)));
	if (n > 12)
		tr_buf_puts(&b, ", ...");
	if (n == 0)
		tr_buf_puts(&b, "none");
	return tr_wu_keep_buf(d, &b);
}

static const char *S_provider_name(const tr_results *r, size_t i)
{
	return r->providers[i].id;
}

static const char *S_scenario_name(const tr_results *r, size_t i)
{
	return r->scenarios[i].id;
}

long tr_wu_provider(tr_wu_doc *d, const char *id)
{
	for (size_t i = 0; i < d->r->nproviders; i++)
		if (strcmp(d->r->providers[i].id, id) == 0)
			return (long)i;
	tr_wu_error(d, "no provider '%s' (there are: %s)", tr_wu_c(d, id),
	            S_names(d, d->r->nproviders, S_provider_name));
	return -1;
}

long tr_wu_scenario(tr_wu_doc *d, const char *id)
{
	for (size_t i = 0; i < d->r->nscenarios; i++)
		if (strcmp(d->r->scenarios[i].id, id) == 0)
			return (long)i;
	tr_wu_error(d, "no scenario '%s' (there are: %s)", tr_wu_c(d, id),
	            S_names(d, d->r->nscenarios, S_scenario_name));
	return -1;
}

size_t *tr_wu_scenario_workloads(const tr_results *r, size_t s, size_t *n)
{
	size_t *out = tr_calloc(r->nworkloads + 1, sizeof(size_t));
	*n = 0;
	if (!out)
		return NULL;
	for (size_t w = 0; w < r->nworkloads; w++)
		for (size_t c = 0; c < r->ncells; c++)
			if (r->cells[c].scenario == s && r->cells[c].workload == w) {
				out[(*n)++] = w;
				break;
			}
	return out;
}

long tr_wu_workload(tr_wu_doc *d, size_t s, const char *key)
{
	size_t n, *ws = tr_wu_scenario_workloads(d->r, s, &n);
	tr_buf names = TR_BUF_INIT;
	long found = -1;
	if (!ws) {
		d->rc = TR_ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < n && found < 0; i++)
		if (key ? strcmp(d->r->workloads[ws[i]].key, key) == 0 : n == 1)
			found = (long)ws[i];
	if (found < 0) {
		for (size_t i = 0; i < n; i++)
			tr_buf_printf(&names, "%s%s", i ? ", " : "", d->r->workloads[ws[i]].key);
		if (n == 0)
			tr_wu_error(d, "scenario '%s' has no usable runs",
			            tr_wu_c(d, d->r->scenarios[s].id));
		else if (key)
			tr_wu_error(d, "scenario '%s' has no workload '%s' (it has: %s)",
			            tr_wu_c(d, d->r->scenarios[s].id), tr_wu_c(d, key),
			            tr_buf_cstr(&names));
		else
			tr_wu_error(d, "scenario '%s' has %zu workloads; name one of: %s",
			            tr_wu_c(d, d->r->scenarios[s].id), n, tr_buf_cstr(&names));
	}
	tr_buf_free(&names);
	free(ws);
	return found;
}

const tr_comparison *tr_wu_comparison(const tr_results *r, size_t provider,
                                      size_t scenario, size_t workload)
{
	for (size_t i = 0; i < r->ncomparisons; i++) {
		const tr_comparison *c = &r->comparisons[i];
		if (c->provider == provider && c->scenario == scenario &&
		    c->workload == workload)
			return c;
	}
	return NULL;
}

const char *tr_wu_baseline_name(tr_wu_doc *d, long s,
                                const char *(*clean)(tr_wu_doc *, const char *))
{
	const tr_results *r = d->r;
	size_t one = tr_results_baseline_of(r, s);
	bool many = false;
	tr_buf b = TR_BUF_INIT;
	if (r->nproviders == 0)
		return clean(d, "none");
	for (size_t k = 0; k < r->nscenarios && s < 0; k++)
		many |= r->places_scenario && r->places_scenario[k] &&
		        r->scenarios[k].baseline != one;
	if (!many)
		return clean(d, r->providers[one].label);
	/* Each scenario its own (docs/metrics.md, "Comparisons"): named
	 * with the scenarios that have cells. */
	int rc = tr_buf_puts(&b, "each scenario's own (");
	for (size_t k = 0, n = 0; rc == 0 && k < r->nscenarios; k++) {
		if (!r->places_scenario[k])
			continue;
		rc = tr_buf_printf(&b, "%s%s in %s", n++ ? "; " : "",
		                   r->providers[r->scenarios[k].baseline].label, r->scenarios[k].label);
	}
	if (rc == 0)
		rc = tr_buf_puts(&b, ")");
	if (rc < 0 && d->rc == 0)
		d->rc = rc;
	const char *text = rc < 0 ? "" : clean(d, tr_buf_cstr(&b));
	tr_buf_free(&b);
	return text;
}

bool tr_wu_many_workloads(const tr_results *r)
{
	size_t used = 0;
	for (size_t w = 0; w < r->nworkloads; w++)
		for (size_t c = 0; c < r->ncells; c++)
			if (r->cells[c].workload == w) {
				used++;
				break;
			}
	return used > 1;
}

bool tr_wu_scenario_many_workloads(const tr_results *r, size_t s)
{
	long first = -1;
	for (size_t c = 0; c < r->ncells; c++) {
		if (r->cells[c].scenario != s)
			continue;
		if (first < 0)
			first = (long)r->cells[c].workload;
		else if (first != (long)r->cells[c].workload)
			return true;
	}
	return false;
}

double tr_wu_window_interval(const tr_results *r)
{
	double iv = NAN;
	for (size_t c = 0; c < r->ncells; c++) {
		const tr_stability *s = &r->cells[c].worst;
		if (!s->present)
			continue;
		if (isnan(iv))
			iv = s->interval_s;
		else if (iv != s->interval_s)
			return NAN;
	}
	return iv;
}

/* short = of the ini, else the label (results made by hand leave
 * short_label NULL). */
const char *tr_wu_short_provider(const tr_results *r, size_t p)
{
	const tr_provider_result *x = &r->providers[p];
	return x->short_label ? x->short_label : x->label;
}

const char *tr_wu_short_scenario(const tr_results *r, size_t s)
{
	const tr_scenario_result *x = &r->scenarios[s];
	return x->short_label ? x->short_label : x->label;
}
