/* config.c: tpsreport.ini (docs/study.md lists every key).
 *
 * Read line by line by ini.c; every key is optional, but an unknown
 * section or key is an error with file and line: a typo must not silently
 * drop a price. Sections and keys are found through hash indexes, so a
 * file of many sections reads in time linear in its size. */

#include "ingest.h"
#include "ingest_ini_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"
#include "util/str.h"
#include "util/strmap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	tr_config *config;
	tr_provider *providers;
	size_t nproviders, cap_providers;
	tr_scenario *scenarios;
	size_t nscenarios, cap_scenarios;
	const char *path;
	long line;           /* the line being read */
	int rc;
	char message[600];   /* the first error, without "path:line: " */
	tr_strmap provider_ids, scenario_ids, cell_ids;  /* id -> index */
	tr_strmap seen;      /* section + key pairs set so far */
	size_t cap_cells;
	char **seen_keys;    /* owned: the bytes seen's keys point to */
	size_t nseen, capseen;
} S_state;

static int S_fail(S_state *st, const char *fmt, ...) TR_PRINTF(2, 3);
static int S_fail(S_state *st, const char *fmt, ...)
{
	va_list ap;
	if (st->rc == 0) {
		va_start(ap, fmt);
		vsnprintf(st->message, sizeof(st->message), fmt, ap);
		va_end(ap);
		st->rc = TR_EINVALID;
	}
	return 0; /* stops the reading */
}

static int S_set_string(S_state *st, char **field, const char *value)
{
	char *copy = tr_strdup(value);
	if (!copy) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	free(*field);
	*field = copy;
	return 1;
}

static bool S_valid_id(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s == '/' || (unsigned char)*s < 0x20)
			return false;
	return true;
}

static int S_number(S_state *st, double *out, const char *key, const char *value)
{
	const char *end = value + strlen(value), *next;
	if (tr_parse_double(out, value, end, &next) < 0 || next != end ||
	    !isfinite(*out) || *out < 0)
		return S_fail(st, "%s: expected a number >= 0, found \"%s\"", key, value);
	return 1;
}

static bool S_valid_color(const char *v)
{
	size_t n = strlen(v);
	if (n != 7 || v[0] != '#')
		return false;
	for (size_t i = 1; i < 7; i++) {
		char c = v[i];
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
		      (c >= 'A' && c <= 'F')))
			return false;
	}
	return true;
}

static bool S_valid_currency(const char *c)
{
	if (strlen(c) != 3)
		return false;
	for (int i = 0; i < 3; i++)
		if (c[i] < 'A' || c[i] > 'Z')
			return false;
	return true;
}

static tr_provider *S_provider(S_state *st, const char *id)
{
	tr_provider *p;
	size_t i;
	if (tr_strmap_get(&st->provider_ids, id, strlen(id), &i))
		return &st->providers[i];
	if (tr_grow(&st->providers, &st->cap_providers, st->nproviders + 1,
	            sizeof(tr_provider)) < 0)
		return NULL;
	p = &st->providers[st->nproviders];
	memset(p, 0, sizeof(*p));
	p->id = tr_strdup(id);
	p->vcpu = p->ram_gb = NAN;
	if (!p->id || tr_strmap_put(&st->provider_ids, p->id, strlen(p->id),
	                            st->nproviders, NULL) < 0)
		return NULL;
	st->nproviders++;
	return p;
}

static tr_scenario *S_scenario(S_state *st, const char *id)
{
	tr_scenario *s;
	size_t i;
	if (tr_strmap_get(&st->scenario_ids, id, strlen(id), &i))
		return &st->scenarios[i];
	if (tr_grow(&st->scenarios, &st->cap_scenarios, st->nscenarios + 1,
	            sizeof(tr_scenario)) < 0)
		return NULL;
	s = &st->scenarios[st->nscenarios];
	memset(s, 0, sizeof(*s));
	s->id = tr_strdup(id);
	if (!s->id || tr_strmap_put(&st->scenario_ids, s->id, strlen(s->id),
	                            st->nscenarios, NULL) < 0)
		return NULL;
	st->nscenarios++;
	return s;
}

/* Remember section + key; false when it was set before. The section is
 * its normalised form ("provider aws", "cell aws bench1"): however the
 * brackets spaced it, one section is one entry. */
static bool S_first_time(S_state *st, const char *section, const char *name)
{
	char *entry = tr_sprintf("%s\x01%s", section, name);
	size_t had;
	if (!entry || tr_grow(&st->seen_keys, &st->capseen, st->nseen + 1,
	                      sizeof(char *)) < 0 ||
	    tr_strmap_put(&st->seen, entry, strlen(entry), 0, &had) < 0) {
		free(entry);
		st->rc = TR_ENOMEM;
		return true;
	}
	if (had != SIZE_MAX) {
		free(entry);
		return false;
	}
	st->seen_keys[st->nseen++] = entry;
	return true;
}

/* [study] percentile: which rule picks a per-transaction percentile
 * (docs/metrics.md). */
static int S_percentile_key(S_state *st, const char *value)
{
	if (strcmp(value, "nearest-rank") == 0)
		st->config->percentile = TR_PCT_NEAREST_RANK;
	else if (strcmp(value, "postgresbench") == 0)
		st->config->percentile = TR_PCT_POSTGRESBENCH;
	else
		return S_fail(st, "percentile: expected nearest-rank or postgresbench, found \"%s\"", value);
	return 1;
}

/* [study] runs = median|best|worst */
static int S_runs_key(S_state *st, const char *value)
{
	static const char *const names[] = { "median", "best", "worst" };
	for (size_t i = 0; i < TR_ARRAY_SIZE(names); i++)
		if (strcmp(value, names[i]) == 0) {
			st->config->runs = (tr_run_pick)i;
			return 1;
		}
	return S_fail(st, "runs: expected median, best or worst, found \"%s\"", value);
}

int tr_config_sample_parse(double *out, const char *value)
{
	const char *end = value + strlen(value), *next;
	double v;
	if (strcmp(value, "off") == 0) {
		*out = -1;
		return 0;
	}
	if (tr_parse_double(&v, value, end, &next) == 0 && isfinite(v)) {
		if (strcmp(next, "ms") == 0)
			v /= 1000;
		else if (strcmp(next, "s") != 0 && *next != '\0')
			v = NAN;
		if (v >= 0.2 && v <= 10) {
			*out = v;
			return 0;
		}
	}
	return TR_EINVALID;
}

/* [study] sample = 1s | 500ms | 2 | off: the sampler's interval beside
 * each run of `tpsreport run` (docs/run.md). */
static int S_sample_key(S_state *st, const char *value)
{
	if (tr_config_sample_parse(&st->config->sample_s, value) == 0)
		return 1;
	return S_fail(st, "sample: expected an interval from 0.2s to 10s (such as 1s or 500ms), or off, found \"%s\"", value);
}

static int S_study_key(S_state *st, const char *name, const char *value)
{
	tr_config *c = st->config;
	if (strcmp(name, "title") == 0)
		return S_set_string(st, &c->title, value);
	if (strcmp(name, "subtitle") == 0)
		return S_set_string(st, &c->subtitle, value);
	if (strcmp(name, "notes") == 0)
		return S_set_string(st, &c->notes, value);
	if (strcmp(name, "currency") == 0) {
		if (!S_valid_currency(value))
			return S_fail(st, "currency: expected a three-letter code such as EUR, found \"%s\"", value);
		return S_set_string(st, &c->currency, value);
	}
	if (strcmp(name, "baseline") == 0)
		return S_set_string(st, &c->baseline, value);
	if (strcmp(name, "percentile") == 0)
		return S_percentile_key(st, value);
	if (strcmp(name, "runs") == 0)
		return S_runs_key(st, value);
	if (strcmp(name, "sample") == 0)
		return S_sample_key(st, value);
	return S_fail(st, "unknown key \"%s\" in [study] (known: title, subtitle, notes, currency, baseline, percentile, runs, sample)", name);
}

/* fact.NAME = VALUE, in [provider] and [cell]. */
static int S_fact(S_state *st, tr_fact **facts, size_t *n, const char *name,
                  const char *value)
{
	const char *fname = name + strlen("fact.");
	tr_fact *grown;
	if (!*fname || strspn(fname, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                             "0123456789_-") != strlen(fname))
		return S_fail(st, "\"%s\": a fact is named fact.NAME, NAME of letters, digits, "
		                  "'_' and '-'", name);
	grown = realloc(*facts, (*n + 1) * sizeof(tr_fact));
	if (!grown) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	*facts = grown;
	grown[*n].name = tr_strdup(fname);
	grown[*n].value = tr_strdup(value);
	(*n)++;
	if (!grown[*n - 1].name || !grown[*n - 1].value) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	return 1;
}

static bool S_is_fact(const char *name)
{
	return strncmp(name, "fact.", 5) == 0;
}

/* `tpsreport run`'s keys (plan.c checks them). */
static int S_conninfo_key(S_state *st, tr_provider *p, const char *value)
{
	if (tr_plan_conninfo_check(value) < 0)
		return S_fail(st, "%s", tr_error_last());
	p->conninfo_line = st->line;
	return S_set_string(st, &p->conninfo, value);
}

static int S_plan_key(S_state *st, tr_scenario *s, const char *name,
                      const char *value)
{
	int rc = tr_plan_key(&s->plan, name, value, st->line);
	if (rc == TR_ENOMEM)
		st->rc = TR_ENOMEM;
	else if (rc < 0)
		return S_fail(st, "%s", tr_error_last());
	return rc == 0;
}

static int S_provider_key(S_state *st, const char *id, const char *name,
                          const char *value)
{
	tr_provider *p = S_provider(st, id);
	if (!p) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	if (strcmp(name, "label") == 0)
		return S_set_string(st, &p->label, value);
	if (strcmp(name, "short") == 0)
		return S_set_string(st, &p->short_label, value);
	if (strcmp(name, "notes") == 0)
		return S_set_string(st, &p->notes, value);
	if (strcmp(name, "note") == 0)
		return S_set_string(st, &p->note, value);
	if (strcmp(name, "color") == 0) {
		if (!S_valid_color(value))
			return S_fail(st, "color: expected #rrggbb, found \"%s\"", value);
		return S_set_string(st, &p->color, value);
	}
	if (strcmp(name, "vcpu") == 0)
		return S_number(st, &p->vcpu, name, value);
	if (strcmp(name, "ram_gb") == 0)
		return S_number(st, &p->ram_gb, name, value);
	if (S_is_fact(name))
		return S_fact(st, &p->facts, &p->nfacts, name, value);
	if (strcmp(name, "price") == 0) {
		tr_price_item *items = NULL;
		size_t n = 0;
		if (tr_price_parse(&items, &n, value) < 0)
			return S_fail(st, "%s", tr_error_last());
		p->price = items;
		p->nprice = n;
		p->price_line = st->line;
		return 1;
	}
	if (strcmp(name, "conninfo") == 0)
		return S_conninfo_key(st, p, value);
	return S_fail(st, "unknown key \"%s\" in [provider %s] (known: label, short, price, vcpu, ram_gb, color, notes, note, conninfo, fact.NAME)", name, id);
}

/* Own a string (kept until the end of the reading); NULL on ENOMEM. */
static const char *S_keep(S_state *st, char *owned)
{
	if (!owned || tr_grow(&st->seen_keys, &st->capseen, st->nseen + 1,
	                      sizeof(char *)) < 0) {
		free(owned);
		return NULL;
	}
	return st->seen_keys[st->nseen++] = owned;
}

static tr_cell_config *S_cell(S_state *st, const char *provider, const char *scenario)
{
	tr_config *c = st->config;
	tr_cell_config *cc;
	const char *key = S_keep(st, tr_sprintf("%s\x01%s", provider, scenario));
	size_t i;
	if (!key)
		return NULL;
	if (tr_strmap_get(&st->cell_ids, key, strlen(key), &i))
		return &c->cells[i];
	if (tr_grow(&c->cells, &st->cap_cells, c->ncells + 1, sizeof(tr_cell_config)) < 0 ||
	    tr_strmap_put(&st->cell_ids, key, strlen(key), c->ncells, NULL) < 0)
		return NULL;
	cc = &c->cells[c->ncells];
	memset(cc, 0, sizeof(*cc));
	cc->vcpu = cc->ram_gb = NAN;
	cc->line = st->line;
	cc->provider = tr_strdup(provider);
	cc->scenario = tr_strdup(scenario);
	c->ncells++;
	return cc->provider && cc->scenario ? cc : NULL;
}

/* [cell PROVIDER SCENARIO]: the provider keys for one scenario. */
static int S_cell_key(S_state *st, const char *provider, const char *scenario,
                      const char *name, const char *value)
{
	tr_cell_config *cc;
	if (!(cc = S_cell(st, provider, scenario))) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	if (S_is_fact(name))
		return S_fact(st, &cc->facts, &cc->nfacts, name, value);
	if (strcmp(name, "vcpu") == 0)
		return S_number(st, &cc->vcpu, name, value);
	if (strcmp(name, "ram_gb") == 0)
		return S_number(st, &cc->ram_gb, name, value);
	if (strcmp(name, "notes") == 0)
		return S_set_string(st, &cc->notes, value);
	if (strcmp(name, "price") == 0) {
		if (tr_price_parse(&cc->price, &cc->nprice, value) < 0)
			return S_fail(st, "%s", tr_error_last());
		cc->price_line = st->line;
		return 1;
	}
	return S_fail(st, "unknown key \"%s\" in [cell %s %s] (known: vcpu, ram_gb, "
	                  "price, notes, fact.NAME)", name, provider, scenario);
}

/* [facts] NAME = Label: what readers see for fact.NAME. */
static int S_facts_key(S_state *st, const char *name, const char *value)
{
	char key[96];
	if (!*value)
		return S_fail(st, "[facts] %s: the label is empty", name);
	if (strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
	    strlen(name))
		return S_fail(st, "[facts] \"%s\": a fact's name (NAME of fact.NAME) is letters, "
		                  "digits, '_' and '-'", name);
	if (snprintf(key, sizeof(key), "fact.%s", name) >= (int)sizeof(key))
		return S_fail(st, "[facts] %s: the fact's name is too long", name);
	return S_fact(st, &st->config->fact_labels, &st->config->nfact_labels, key, value);
}

static int S_fx_key(S_state *st, const char *name, const char *value)
{
	tr_config *c = st->config;
	tr_fx_rate *r;
	double rate;
	if (strcmp(name, "date") == 0)
		return S_set_string(st, &c->fx_date, value);
	if (strcmp(name, "source") == 0)
		return S_set_string(st, &c->fx_source, value);
	if (!S_valid_currency(name))
		return S_fail(st, "unknown key \"%s\" in [fx] (expected a currency code such as USD, or date, source)", name);
	if (!S_number(st, &rate, name, value))
		return 0;
	if (rate == 0)
		return S_fail(st, "%s: a rate of 0 would make every price free", name);
	if (tr_grow(&c->fx, &(size_t){ c->nfx }, c->nfx + 1, sizeof(tr_fx_rate)) < 0) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	r = &c->fx[c->nfx];
	r->currency = tr_strdup(name);
	r->rate = rate;
	if (!r->currency) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	c->nfx++;
	return 1;
}

/* "provider aws", "provider  aws " and "provider\taws" name one section:
 * the kind, then the id with the spaces and tabs around it removed (ini.c
 * removed those around the whole name). The id points into section. */
static const char *S_split_section(const char *section, const char *kind)
{
	size_t k = strlen(kind);
	if (strncmp(section, kind, k) != 0 || (section[k] != ' ' && section[k] != '\t'))
		return NULL;
	return section + k + strspn(section + k, " \t");
}

/* The first setting of name in [kind id]: 1; else 0 with the error (or
 * st->rc TR_ENOMEM). */
static int S_once(S_state *st, const char *kind, const char *id, const char *name)
{
	char *key = tr_sprintf("%s %s", kind, id);
	bool first;
	if (!key) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	first = S_first_time(st, key, name);
	free(key);
	if (!first)
		return S_fail(st, "\"%s\" is set twice for [%s %s]", name, kind, id);
	return 1;
}

static int S_provider_section(S_state *st, const char *section, const char *id,
                              const char *name, const char *value)
{
	if (!S_valid_id(id))
		return S_fail(st, "[%s]: a provider section names a results/ directory", section);
	if (!S_once(st, "provider", id, name))
		return 0;
	return S_provider_key(st, id, name, value);
}

/* [cell PROVIDER SCENARIO]: the two ids, whatever spaces and tabs
 * separate them, so that [cell a s] and [cell a<TAB> s] are one cell
 * for the "set twice" check as they are for the figures. */
static int S_cell_section(S_state *st, const char *ids, const char *name,
                          const char *value)
{
	size_t n = strcspn(ids, " \t");
	const char *scenario = ids + n + strspn(ids + n, " \t");
	char *provider = NULL, *ids2 = NULL;
	int rc;
	if (!*scenario || scenario[strcspn(scenario, " \t")])
		return S_fail(st, "[cell %s]: expected [cell PROVIDER SCENARIO]", ids);
	if (!(provider = tr_strndup(ids, n)) ||
	    !(ids2 = tr_sprintf("%s %s", provider, scenario))) {
		st->rc = TR_ENOMEM;
		rc = 0;
	} else if (!S_valid_id(provider) || !S_valid_id(scenario)) {
		rc = S_fail(st, "[cell %s]: a cell section names a provider and a "
		                "scenario directory", ids);
	} else if (S_once(st, "cell", ids2, name)) {
		rc = S_cell_key(st, provider, scenario, name, value);
	} else {
		rc = 0;
	}
	free(provider);
	free(ids2);
	return rc;
}

static int S_scenario_section(S_state *st, const char *section, const char *id,
                              const char *name, const char *value)
{
	tr_scenario *s;
	if (!S_valid_id(id))
		return S_fail(st, "[%s]: a scenario section names a directory", section);
	if (!S_once(st, "scenario", id, name))
		return 0;
	if (!(s = S_scenario(st, id))) {
		st->rc = TR_ENOMEM;
		return 0;
	}
	if (strcmp(name, "label") == 0)
		return S_set_string(st, &s->label, value);
	if (strcmp(name, "short") == 0)
		return S_set_string(st, &s->short_label, value);
	if (tr_plan_is_key(name))
		return S_plan_key(st, s, name, value);
	return S_fail(st, "unknown key \"%s\" in [%s] (known: label, short, scale, pgbench, runs, warmup, log, database)", name, section);
}

static int S_handler(S_state *st, const char *section, const char *name,
                     const char *value)
{
	const char *id;
	if (!tr_utf8_valid(value, strlen(value)) ||
	    !tr_utf8_valid(section, strlen(section)) ||
	    !tr_utf8_valid(name, strlen(name)))
		return S_fail(st, "not valid UTF-8");
	if ((id = S_split_section(section, "provider")) != NULL)
		return S_provider_section(st, section, id, name, value);
	if ((id = S_split_section(section, "cell")) != NULL)
		return S_cell_section(st, id, name, value);
	if ((id = S_split_section(section, "scenario")) != NULL)
		return S_scenario_section(st, section, id, name, value);
	if (!S_first_time(st, section, name))
		return S_fail(st, "\"%s\" is set twice in [%s]", name, section);
	if (strcmp(section, "study") == 0)
		return S_study_key(st, name, value);
	if (strcmp(section, "fx") == 0)
		return S_fx_key(st, name, value);
	if (strcmp(section, "facts") == 0)
		return S_facts_key(st, name, value);
	if (!*section)
		return S_fail(st, "\"%s\" is outside any section (start with [study])", name);
	return S_fail(st, "unknown section [%s] (known: study, provider ID, scenario ID, cell PROVIDER SCENARIO, fx, facts)", section);
}

/* ini.c's handler: S_handler's 1 (go on) or 0 (stop, st->rc says why). */
static int S_line(void *user, const char *section, const char *name,
                  const char *value, long line)
{
	S_state *st = user;
	st->line = line;
	if (S_handler(st, section, name, value))
		return st->rc;
	if (st->rc == 0)
		S_fail(st, "cannot read this line");
	return st->rc;
}

static void S_state_free(S_state *st)
{
	tr_strmap_free(&st->provider_ids);
	tr_strmap_free(&st->scenario_ids);
	tr_strmap_free(&st->cell_ids);
	tr_strmap_free(&st->seen);
	for (size_t i = 0; i < st->nseen; i++)
		free(st->seen_keys[i]);
	free(st->seen_keys);
}

int tr_config_parse(tr_config *out, tr_provider **providers, size_t *nproviders,
                    tr_scenario **scenarios, size_t *nscenarios,
                    const char *text, size_t len, const char *path)
{
	S_state st;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&st, 0, sizeof(st));
	*providers = NULL;
	*scenarios = NULL;
	*nproviders = *nscenarios = 0;
	st.config = out;
	st.path = path;

	for (size_t i = 0; i < len; i++)
		if (text[i] == '\0') {
			long l = 1;
			for (size_t k = 0; k < i; k++)
				l += text[k] == '\n';
			return tr_error_set_at(path, l, "NUL byte in the file");
		}

	rc = tr_ini_parse(text, len, path, S_line, &st);
	S_state_free(&st);
	if (rc < 0 || st.rc != 0) {
		if (st.rc == TR_EINVALID)
			tr_error_set_at(path, st.line, "%s", st.message);
		else if (rc == TR_ENOMEM || st.rc == TR_ENOMEM)
			tr_error_set("%s: out of memory", path);
		for (size_t i = 0; i < st.nproviders; i++)
			tr_provider_free(&st.providers[i]);
		free(st.providers);
		for (size_t i = 0; i < st.nscenarios; i++)
			tr_scenario_free(&st.scenarios[i]);
		free(st.scenarios);
		tr_config_free(out);
		return rc == TR_ENOMEM || st.rc == TR_ENOMEM ? TR_ENOMEM : TR_EINVALID;
	}
	*providers = st.providers;
	*nproviders = st.nproviders;
	*scenarios = st.scenarios;
	*nscenarios = st.nscenarios;
	return 0;
}
