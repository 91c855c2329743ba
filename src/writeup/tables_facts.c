/* tables_facts.c: {{table setup [S] [layout=rows]}}: what each provider
 * ran on: vCPU, RAM, the monthly price, the regime (data against RAM)
 * and the free facts of the ini (fact.NAME), named for readers: the
 * [facts] section's label, a label of our own for the usual facts, else
 * the name turned into words. One column (or, layout=rows, one row) per
 * provider; per provider and scenario only where a scenario changes
 * something other than the regime. An attribute nobody states is left
 * out; "–" and its note only where a provider does not state it. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_EN_DASH "\xe2\x80\x93"
#define S_MAX_FACTS 32

/* Labels of facts that studies often state (seeds: disk, instance type). */
static const struct {
	const char *name, *label;
} S_known[] = {
	{ "cpu", "CPU" },           { "cpu_model", "CPU model" },
	{ "disk", "Disk" },         { "disk_type", "Disk type" },
	{ "iops", "IOPS" },         { "instance", "Instance" },
	{ "instance_type", "Instance type" }, { "kind", "Kind" },
	{ "network", "Network" },   { "os", "Operating system" },
	{ "pg_version", "PostgreSQL version" }, { "postgres", "PostgreSQL" },
	{ "region", "Region" },     { "storage", "Storage" },
	{ "zone", "Zone" },
};

const char *tr_wu_fact_label(tr_wu_doc *d, const char *name)
{
	tr_buf b = TR_BUF_INIT;
	for (size_t i = d->r->nfact_labels; i > 0; i--)
		if (strcmp(d->r->fact_labels[i - 1].name, name) == 0)
			return d->r->fact_labels[i - 1].value;
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_known); i++)
		if (strcmp(S_known[i].name, name) == 0)
			return S_known[i].label;
	/* "read_replicas" -> "Read replicas" */
	for (const char *p = name; *p; p++) {
		char c = *p == '_' || *p == '-' ? ' ' : *p;
		if (p == name && c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		tr_buf_putc(&b, c);
	}
	return tr_wu_keep_buf(d, &b);
}

/* One column of the setup (one row with layout=rows): a provider in one
 * scenario, or in every scenario it ran (s -1) when they do not differ. */
typedef struct {
	size_t p;
	long s;                  /* -1: all of p's scenarios (first: s0) */
	size_t s0;
} S_who;

typedef enum { S_VCPU, S_RAM, S_MONTH, S_REGIME, S_NOTES, S_FACT } S_attr;

typedef struct {
	long scenario;
	const char *facts[S_MAX_FACTS];
	size_t nfacts;
	S_who *who;
	size_t nwho;
	bool dash;               /* a "–" was shown */
} S_setup;

static bool S_has_cells(const tr_results *r, size_t p, size_t s)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].provider == p && r->cells[i].scenario == s)
			return true;
	return false;
}

/* The fact names of the providers shown in scenario s (-1: any), first
 * seen first. */
static void S_fact_names(tr_wu_doc *d, S_setup *st)
{
	const tr_results *r = d->r;
	for (size_t i = 0; i < r->nsetups; i++) {
		const tr_cell_setup *u = &r->setups[i];
		const tr_fact *lists[2] = { u->provider_facts, u->config ? u->config->facts : NULL };
		size_t counts[2] = { u->nprovider_facts, u->config ? u->config->nfacts : 0 };
		if ((st->scenario >= 0 && u->scenario != (size_t)st->scenario) ||
		    !tr_wu_shown(d, u->provider))
			continue;
		for (int l = 0; l < 2; l++)
			for (size_t k = 0; k < counts[l]; k++) {
				bool seen = false;
				for (size_t j = 0; j < st->nfacts && !seen; j++)
					seen = strcmp(st->facts[j], lists[l][k].name) == 0;
				if (!seen && st->nfacts < S_MAX_FACTS)
					st->facts[st->nfacts++] = lists[l][k].name;
			}
	}
}

static bool S_same_num(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static bool S_same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Whether provider p's setup is the same in scenarios a and b, the
 * regime aside (it is the scenario's data against the RAM). */
static bool S_same(const tr_results *r, const S_setup *st, size_t p, size_t a, size_t b)
{
	const tr_cell_setup *u = tr_results_setup(r, p, a), *v = tr_results_setup(r, p, b);
	bool same = S_same_num(u->vcpu, v->vcpu) && S_same_num(u->ram_gb, v->ram_gb) &&
	            S_same_num(u->monthly_cost, v->monthly_cost) && S_same_str(u->notes, v->notes);
	for (size_t k = 0; k < st->nfacts && same; k++)
		same = S_same_str(tr_setup_fact(u, st->facts[k]), tr_setup_fact(v, st->facts[k]));
	return same;
}

/* The columns: each provider shown with cells in scope, in order. */
static int S_whos(tr_wu_doc *d, S_setup *st)
{
	const tr_results *r = d->r;
	if (!(st->who = tr_calloc(r->nproviders * (r->nscenarios + 1) + 1, sizeof(S_who))))
		return d->rc = TR_ENOMEM;
	for (size_t k = 0; k < tr_wu_nshown(d); k++) {
		size_t p = tr_wu_shown_at(d, k), first = st->nwho;
		bool same = true;
		long s0 = -1;
		for (size_t s = 0; s < r->nscenarios; s++) {
			if ((st->scenario >= 0 && s != (size_t)st->scenario) || !S_has_cells(r, p, s))
				continue;
			if (s0 < 0)
				s0 = (long)s;
			same &= S_same(r, st, p, (size_t)s0, s);
			st->who[st->nwho++] = (S_who){ p, (long)s, s };
		}
		if (st->scenario < 0 && same && st->nwho > first) {
			st->who[first] = (S_who){ p, -1, (size_t)s0 };
			st->nwho = first + 1;
		}
	}
	return 0;
}

/* "in memory" or, across scenarios that differ, "in memory in bench100,
 * disk-bound in bench10000"; NULL when unknown everywhere. */
static const char *S_regime(tr_wu_doc *d, const S_who *w)
{
	const tr_results *r = d->r;
	tr_buf b = TR_BUF_INIT;
	const char *first = NULL;
	bool differ = false, any = false;
	for (size_t s = 0; s < r->nscenarios; s++) {
		const char *g;
		if ((w->s >= 0 && s != (size_t)w->s) || !S_has_cells(r, w->p, s))
			continue;
		g = tr_regime_name(r->scenarios[s].regimes[w->p]);
		differ |= any && !S_same_str(first, g);
		if (!any)
			first = g;
		any = true;
	}
	if (!differ)
		return first;
	for (size_t s = 0; s < r->nscenarios; s++) {
		const char *g;
		if (!S_has_cells(r, w->p, s))
			continue;
		g = tr_regime_name(r->scenarios[s].regimes[w->p]);
		tr_buf_printf(&b, "%s%s in %s", b.size ? ", " : "", g ? g : "unknown",
		              r->scenarios[s].label);
	}
	return tr_wu_keep_buf(d, &b);
}

/* Attribute a of column w: its text (NULL: not stated) and sort key. */
static const char *S_value(tr_wu_doc *d, const S_setup *st, S_attr a, size_t fact,
                           const S_who *w, double *sort)
{
	const tr_cell_setup *u = tr_results_setup(d->r, w->p, w->s0);
	double v = a == S_VCPU ? u->vcpu : a == S_RAM ? u->ram_gb
	           : a == S_MONTH ? u->monthly_cost : NAN;
	*sort = v;
	switch (a) {
	case S_VCPU:
	case S_RAM:
		return isfinite(v) ? tr_wu_n(d, v, TR_WU_EXACT) : NULL;
	case S_MONTH:
		return isfinite(v) ? tr_wu_n(d, v, TR_WU_MONEY) : NULL;
	case S_REGIME:
		return S_regime(d, w);
	case S_NOTES:
		return u->notes;
	case S_FACT:
		return tr_setup_fact(u, st->facts[fact]);
	}
	return NULL;
}

static void S_cell(tr_wu_doc *d, tr_wu_table *t, S_setup *st, S_attr a, size_t fact,
                   const S_who *w)
{
	double sort;
	const char *v = S_value(d, st, a, fact, w, &sort);
	if (!v && a != S_NOTES)
		st->dash = true;
	if (!v)
		tr_wu_table_text(t, a == S_NOTES ? "" : S_EN_DASH);
	else if (isfinite(sort))
		tr_wu_table_sorted(t, v, sort);
	else
		tr_wu_table_text(t, v);
}

/* The regime when every column has the same (said once, in the
 * caption), else NULL. */
static const char *S_common_regime(tr_wu_doc *d, const S_setup *st)
{
	const char *first = st->nwho > 1 ? S_regime(d, &st->who[0]) : NULL;
	for (size_t i = 1; first && i < st->nwho; i++)
		if (!S_same_str(first, S_regime(d, &st->who[i])))
			return NULL;
	return first;
}

/* The attributes some column states, in order: *n of them in out
 * (attribute, fact index). */
static size_t S_attrs(tr_wu_doc *d, const S_setup *st, S_attr *out, size_t *fact)
{
	size_t n = 0;
	bool common = S_common_regime(d, st) != NULL;
	for (size_t a = S_VCPU; a <= S_FACT; a++)
		for (size_t f = 0; f < (a == S_FACT ? st->nfacts : 1); f++) {
			bool any = false;
			double sort;
			for (size_t i = 0; i < st->nwho && !any; i++)
				any = S_value(d, st, (S_attr)a, f, &st->who[i], &sort) != NULL;
			if (!any || (a == S_REGIME && common))
				continue;
			out[n] = (S_attr)a;
			fact[n++] = f;
		}
	return n;
}

static const char *S_attr_header(tr_wu_doc *d, const S_setup *st, S_attr a, size_t fact)
{
	const tr_results *r = d->r;
	switch (a) {
	case S_VCPU: return "vCPU";
	case S_RAM: return "RAM (GB)";
	case S_MONTH:
		return r->currency ? tr_wu_keep(d, tr_sprintf("Per month (%s)", tr_wu_c(d, r->currency)))
		                   : "Per month";
	case S_REGIME: return "Regime";
	case S_NOTES: return "Notes";
	case S_FACT: return tr_wu_fact_label(d, st->facts[fact]);
	}
	return "";
}

/* A column's name: the provider, and its scenario when it has one. */
static const char *S_who_name(tr_wu_doc *d, const S_setup *st, const S_who *w)
{
	const tr_results *r = d->r;
	if (w->s < 0 || st->scenario >= 0)
		return r->providers[w->p].label;
	return tr_wu_keep(d, tr_sprintf("%s, %s", r->providers[w->p].label,
	                                r->scenarios[w->s].label));
}

static void S_by_rows(tr_wu_doc *d, tr_wu_table *t, S_setup *st, const S_attr *at,
                      const size_t *fact, size_t na)
{
	tr_wu_table_col(t, "Provider", false);
	for (size_t i = 0; i < st->nwho; i++)
		tr_wu_table_col(t, S_who_name(d, st, &st->who[i]), false);
	for (size_t k = 0; k < na; k++) {
		bool num = at[k] == S_VCPU || at[k] == S_RAM || at[k] == S_MONTH;
		tr_wu_table_strong(t, S_attr_header(d, st, at[k], fact[k]));
		for (size_t i = 0; i < st->nwho; i++) {
			S_cell(d, t, st, at[k], fact[k], &st->who[i]);
			/* a row of figures stays right-aligned, as its column
			 * is in the other layout */
			if (t->rc == 0)
				t->cells[t->ncells - 1].num = num;
		}
	}
}

static void S_by_cols(tr_wu_doc *d, tr_wu_table *t, S_setup *st, const S_attr *at,
                      const size_t *fact, size_t na)
{
	bool scen = false;
	for (size_t i = 0; i < st->nwho; i++)
		scen |= st->who[i].s >= 0 && st->scenario < 0;
	tr_wu_table_col(t, "Provider", false);
	if (scen)
		tr_wu_table_col(t, "Scenario", false);
	for (size_t k = 0; k < na; k++)
		tr_wu_table_col(t, S_attr_header(d, st, at[k], fact[k]),
		                at[k] == S_VCPU || at[k] == S_RAM || at[k] == S_MONTH);
	for (size_t i = 0; i < st->nwho; i++) {
		tr_wu_table_text(t, d->r->providers[st->who[i].p].label);
		if (scen)
			tr_wu_table_text(t, st->who[i].s >= 0 ? d->r->scenarios[st->who[i].s].label
			                                      : "every scenario");
		for (size_t k = 0; k < na; k++)
			S_cell(d, t, st, at[k], fact[k], &st->who[i]);
	}
}

void tr_wu_table_setup(tr_wu_doc *d, long scenario)
{
	const tr_results *r = d->r;
	S_setup st;
	S_attr at[S_MAX_FACTS + S_FACT];
	size_t fact[S_MAX_FACTS + S_FACT], na;
	const char *regime;
	tr_wu_table t;

	memset(&st, 0, sizeof(st));
	st.scenario = scenario;
	S_fact_names(d, &st);
	if (S_whos(d, &st) < 0)
		return;
	na = S_attrs(d, &st, at, fact);
	tr_wu_table_init(&t);
	if (d->topts && d->topts->rows)
		S_by_rows(d, &t, &st, at, fact, na);
	else
		S_by_cols(d, &t, &st, at, fact, na);
	regime = S_common_regime(d, &st);
	tr_wu_table_caption(&t, tr_wu_keep(d, tr_sprintf(
		"Setup%s%s: what each provider ran on.%s%s%s", scenario >= 0 ? " in " : "",
		scenario >= 0 ? tr_wu_c(d, r->scenarios[scenario].label) : "",
		regime ? " For every provider the data set is " : "", regime ? regime : "",
		regime ? " (its size against the RAM)." : "")));
	if (st.dash)
		tr_wu_table_note(&t, S_EN_DASH ": not stated for that provider.");
	free(st.who);
	if (st.nwho == 0) {
		tr_wu_table_free(&t);
		return;
	}
	tr_wu_emit_table(d, &t);
}
