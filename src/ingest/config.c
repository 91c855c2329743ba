/* config.c: tpsreport.ini (docs/study.md lists every key).
 *
 * Parsed with inih; every key is optional, but an unknown section or key
 * is an error with file and line: a typo must not silently drop a price. */

#include "ingest.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"
#include "util/str.h"

#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	tr_config *config;
	tr_provider *providers;
	size_t nproviders, cap_providers;
	tr_scenario *scenarios;
	size_t nscenarios, cap_scenarios;
	const char *path;
	long line;           /* the line inih is on, counted by S_reader */
	long next_line;
	bool mid_line;       /* the last read stopped before a newline */
	int rc;
	char message[600];   /* the first error, without "path:line: " */
	tr_buf seen;         /* section+key pairs set so far */
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
	return 0; /* tells inih to stop */
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
	for (size_t i = 0; i < st->nproviders; i++)
		if (strcmp(st->providers[i].id, id) == 0)
			return &st->providers[i];
	if (tr_grow(&st->providers, &st->cap_providers, st->nproviders + 1,
	            sizeof(tr_provider)) < 0)
		return NULL;
	p = &st->providers[st->nproviders];
	memset(p, 0, sizeof(*p));
	p->id = tr_strdup(id);
	p->vcpu = p->ram_gb = NAN;
	if (!p->id)
		return NULL;
	st->nproviders++;
	return p;
}

static tr_scenario *S_scenario(S_state *st, const char *id)
{
	tr_scenario *s;
	for (size_t i = 0; i < st->nscenarios; i++)
		if (strcmp(st->scenarios[i].id, id) == 0)
			return &st->scenarios[i];
	if (tr_grow(&st->scenarios, &st->cap_scenarios, st->nscenarios + 1,
	            sizeof(tr_scenario)) < 0)
		return NULL;
	s = &st->scenarios[st->nscenarios];
	memset(s, 0, sizeof(*s));
	s->id = tr_strdup(id);
	if (!s->id)
		return NULL;
	st->nscenarios++;
	return s;
}

/* Remember section+key; false when it was set before. Entries are kept
 * as "\x01section\x02key\x01" so that a search cannot straddle two. */
static bool S_first_time(S_state *st, const char *section, const char *name)
{
	tr_buf entry = TR_BUF_INIT;
	bool first;
	tr_buf_printf(&entry, "\x01%s\x02%s\x01", section, name);
	first = !strstr(tr_buf_cstr(&st->seen), tr_buf_cstr(&entry));
	if (first && tr_buf_put(&st->seen, entry.ptr, entry.size) < 0)
		st->rc = TR_ENOMEM;
	tr_buf_free(&entry);
	return first;
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
	return S_fail(st, "unknown key \"%s\" in [study] (known: title, subtitle, notes, currency, baseline, percentile, runs)", name);
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
	if (strcmp(name, "notes") == 0)
		return S_set_string(st, &p->notes, value);
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
	return S_fail(st, "unknown key \"%s\" in [provider %s] (known: label, price, vcpu, ram_gb, color, notes, conninfo, fact.NAME)", name, id);
}

static tr_cell_config *S_cell(S_state *st, const char *provider, const char *scenario)
{
	tr_config *c = st->config;
	tr_cell_config *grown, *cc;
	for (size_t i = 0; i < c->ncells; i++)
		if (strcmp(c->cells[i].provider, provider) == 0 &&
		    strcmp(c->cells[i].scenario, scenario) == 0)
			return &c->cells[i];
	if (!(grown = realloc(c->cells, (c->ncells + 1) * sizeof(tr_cell_config))))
		return NULL;
	c->cells = grown;
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
static int S_cell_key(S_state *st, const char *ids, const char *name, const char *value)
{
	char provider[512];
	const char *sp = ids + strcspn(ids, " \t"), *scenario = sp + strspn(sp, " \t");
	tr_cell_config *cc;
	size_t n = (size_t)(sp - ids);
	if (n >= sizeof(provider) || !*scenario || scenario[strcspn(scenario, " \t")])
		return S_fail(st, "[cell %s]: expected [cell PROVIDER SCENARIO]", ids);
	memcpy(provider, ids, n);
	provider[n] = '\0';
	if (!S_valid_id(provider) || !S_valid_id(scenario))
		return S_fail(st, "[cell %s]: a cell section names a provider and a scenario "
		                  "directory", ids);
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
	return S_fail(st, "unknown key \"%s\" in [cell %s] (known: vcpu, ram_gb, price, "
	                  "notes, fact.NAME)", name, ids);
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
 * the kind and the id with the spaces around it removed. */
static bool S_split_section(const char *section, const char *kind,
                            char *id, size_t size)
{
	size_t k = strlen(kind), n;
	const char *p;
	if (strncmp(section, kind, k) != 0 || (section[k] != ' ' && section[k] != '\t'))
		return false;
	for (p = section + k; *p == ' ' || *p == '\t'; p++)
		;
	n = strlen(p);
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(id, p, n);
	id[n] = '\0';
	return true;
}

static int S_handler(void *user, const char *section, const char *name,
                     const char *value)
{
	S_state *st = user;
	char id[512], key[600];
	if (st->rc)
		return 0;
	if (!tr_utf8_valid(value, strlen(value)) ||
	    !tr_utf8_valid(section, strlen(section)))
		return S_fail(st, "not valid UTF-8");
	if (S_split_section(section, "provider", id, sizeof(id))) {
		if (!S_valid_id(id))
			return S_fail(st, "[%s]: a provider section names a results/ directory", section);
		snprintf(key, sizeof(key), "provider %s", id);
		if (!S_first_time(st, key, name))
			return S_fail(st, "\"%s\" is set twice for [provider %s]", name, id);
		return S_provider_key(st, id, name, value);
	}
	if (S_split_section(section, "cell", id, sizeof(id))) {
		snprintf(key, sizeof(key), "cell %s", id);
		if (!S_first_time(st, key, name))
			return S_fail(st, "\"%s\" is set twice for [cell %s]", name, id);
		return S_cell_key(st, id, name, value);
	}
	if (S_split_section(section, "scenario", id, sizeof(id))) {
		tr_scenario *s;
		if (!S_valid_id(id))
			return S_fail(st, "[%s]: a scenario section names a directory", section);
		snprintf(key, sizeof(key), "scenario %s", id);
		if (!S_first_time(st, key, name))
			return S_fail(st, "\"%s\" is set twice for [scenario %s]", name, id);
		s = S_scenario(st, id);
		if (!s) {
			st->rc = TR_ENOMEM;
			return 0;
		}
		if (strcmp(name, "label") == 0)
			return S_set_string(st, &s->label, value);
		if (tr_plan_is_key(name))
			return S_plan_key(st, s, name, value);
		return S_fail(st, "unknown key \"%s\" in [%s] (known: label, scale, pgbench, runs, warmup, log, database)", name, section);
	}
	if (!S_first_time(st, section, name))
		return S_fail(st, "\"%s\" is set twice in [%s]", name, section);
	if (strcmp(section, "study") == 0)
		return S_study_key(st, name, value);
	if (strcmp(section, "fx") == 0)
		return S_fx_key(st, name, value);
	if (!*section)
		return S_fail(st, "\"%s\" is outside any section (start with [study])", name);
	return S_fail(st, "unknown section [%s] (known: study, provider ID, scenario ID, cell PROVIDER SCENARIO, fx)", section);
}

/* inih reads lines through this, so that we know the current line and can
 * accept lines of any length. */
typedef struct {
	const char *p, *end;
	S_state *st;
} S_stream;

static char *S_reader(char *str, int num, void *stream)
{
	S_stream *s = stream;
	int n = 0;
	if (s->p >= s->end)
		return NULL;
	while (s->p < s->end && n < num - 1) {
		char c = *s->p++;
		str[n++] = c;
		if (c == '\n')
			break;
	}
	str[n] = '\0';
	if (!s->st->mid_line)
		s->st->line = s->st->next_line;
	s->st->mid_line = !(n > 0 && str[n - 1] == '\n');
	if (!s->st->mid_line)
		s->st->next_line++;
	return str;
}

int tr_config_parse(tr_config *out, tr_provider **providers, size_t *nproviders,
                    tr_scenario **scenarios, size_t *nscenarios,
                    const char *text, size_t len, const char *path)
{
	S_state st;
	S_stream stream;
	int line;

	memset(out, 0, sizeof(*out));
	memset(&st, 0, sizeof(st));
	*providers = NULL;
	*scenarios = NULL;
	*nproviders = *nscenarios = 0;
	st.config = out;
	st.path = path;
	st.line = st.next_line = 1;

	for (size_t i = 0; i < len; i++)
		if (text[i] == '\0') {
			long l = 1;
			for (size_t k = 0; k < i; k++)
				l += text[k] == '\n';
			return tr_error_set_at(path, l, "NUL byte in the file");
		}

	/* Whole lines of any length, no continuation lines (an indented
	 * line is an ordinary line), stop at the first error. */
	ini_use_stack = false;
	ini_allow_realloc = true;
	ini_max_line = 1 << 20;
	ini_allow_multiline = false;
	ini_stop_on_first_error = true;

	stream.p = text;
	stream.end = text + len;
	stream.st = &st;
	line = ini_parse_stream(S_reader, &stream, S_handler, &st);
	tr_buf_free(&st.seen);
	if (st.rc == 0 && line > 0)
		S_fail(&st, "cannot parse this line (expected [section] or key = value)");
	if (st.rc == 0 && line < 0)
		st.rc = tr_error_set("%s: out of memory", path);
	if (st.rc != 0) {
		if (st.rc == TR_EINVALID)
			tr_error_set_at(path, line > 0 ? line : st.line, "%s", st.message);
		for (size_t i = 0; i < st.nproviders; i++)
			tr_provider_free(&st.providers[i]);
		free(st.providers);
		for (size_t i = 0; i < st.nscenarios; i++)
			tr_scenario_free(&st.scenarios[i]);
		free(st.scenarios);
		tr_config_free(out);
		return st.rc == TR_ENOMEM ? TR_ENOMEM : TR_EINVALID;
	}
	*providers = st.providers;
	*nproviders = st.nproviders;
	*scenarios = st.scenarios;
	*nscenarios = st.nscenarios;
	return 0;
}
