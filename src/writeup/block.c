/* block.c: directives that become blocks: {{table KIND [SCENARIO]}},
 * {{chart NAME|KIND [SCENARIO]}} and {{section NAME [SCENARIO]}}. A table
 * or chart asked for by name must exist: an empty one is an error, so a
 * writeup never silently loses a figure its text talks about. */

#include "writeup_internal.h"
#include "util/buf.h"

#include <string.h>

bool tr_wu_is_block(const char *name)
{
	return strcmp(name, "table") == 0 || strcmp(name, "chart") == 0 ||
	       strcmp(name, "section") == 0 || strcmp(name, "headline") == 0 ||
	       strcmp(name, "journey") == 0;
}

typedef struct {
	const char *name;
	bool scenario;            /* takes an optional SCENARIO */
	void (*all)(tr_wu_doc *d);
	void (*one)(tr_wu_doc *d, long scenario);
	const char *empty;        /* why it can be empty */
	bool runs;                /* takes runs= (its figures are the runs') */
	bool layout;              /* takes layout=rows|columns */
} S_table_kind;

static void S_providers(tr_wu_doc *d)
{
	tr_wu_table_providers(d, false);
}

static const S_table_kind S_tables[] = {
	{ "providers", false, S_providers, NULL, "no providers", false, true },
	{ "tps", true, NULL, tr_wu_table_tps, "no usable runs", true, false },
	{ "stability", true, NULL, tr_wu_table_stability,
	  "no windows (aggregate logs or -P progress lines)", false, false },
	{ "latency", true, NULL, tr_wu_table_latency,
	  "no per-transaction logs (pgbench --log without --aggregate-interval)", true, false },
	{ "init", true, NULL, tr_wu_table_init_phases, "no init output (init.txt or init.json)", false, false },
	{ "price", false, tr_wu_table_price, NULL, "no prices in tpsreport.ini", false, false },
	{ "value", true, NULL, tr_wu_table_value,
	  "no prices that convert into the report currency", true, false },
	{ "closing", false, tr_wu_table_closing, NULL, "no usable runs", true, false },
	{ "runs", true, NULL, tr_wu_table_runs, "no runs", false, false },
	{ "setup", true, NULL, tr_wu_table_setup, "no usable runs", false, true },
	{ "waits", true, NULL, tr_wu_table_waits,
	  "no server samples (runN.server.json beside the runs)", false, false },
	{ "counters", true, NULL, tr_wu_table_counters,
	  "no server samples (runN.server.json beside the runs)", false, false },
};

int tr_wu_take_opt(tr_wu_doc *d, const char **out, tr_wu_directive *own,
                   const tr_wu_directive *dir, const char *key)
{
	const char *value = NULL;
	size_t klen = strlen(key);
	*own = *dir;
	own->nargs = 0;
	for (size_t i = 0; i < dir->nargs; i++)
		if (strncmp(dir->args[i], key, klen) == 0 && dir->args[i][klen] == '=')
			value = dir->args[i] + klen + 1;
		else
			own->args[own->nargs++] = dir->args[i];
	*out = value;
	if (value && !*value)
		return tr_wu_error(d, "{{%s}}: %s= is empty (write %s=\"your words\")", dir->name,
		                   key, key);
	return 0;
}

int tr_wu_no_other_opts(tr_wu_doc *d, const tr_wu_directive *dir, const char *takes)
{
	for (size_t i = 0; i < dir->nargs; i++) {
		const char *a = dir->args[i];
		size_t k = strspn(a, "abcdefghijklmnopqrstuvwxyz_");
		if (k > 0 && a[k] == '=')
			return tr_wu_error(d, "{{%s%s%s}}: unknown option '%.*s=' (it takes: %s)",
			                   dir->name, i ? " " : "", i ? tr_wu_c(d, dir->args[0]) : "",
			                   (int)k, tr_wu_c(d, a), takes);
	}
	return 0;
}

/* A directive that has no title of its own given title=: say what it has
 * instead. 1 when it was given (the error is set), else 0. */
static int S_no_title(tr_wu_doc *d, const tr_wu_directive *dir, const char *what,
                      const char *instead)
{
	for (size_t i = 0; i < dir->nargs; i++)
		if (strncmp(dir->args[i], "title=", 6) == 0) {
			tr_wu_error(d, "{{%s%s%s}}: title= is not for %s (%s)", dir->name,
			            dir->nargs > 1 || strncmp(dir->args[0], "title=", 6) ? " " : "",
			            strncmp(dir->args[0], "title=", 6) ? tr_wu_c(d, dir->args[0]) : "",
			            what, instead);
			return 1;
		}
	return 0;
}

static int S_table_kind_run(tr_wu_doc *d, const tr_wu_directive *dir);

/* A journey names its steps, which are providers: providers= would say
 * it twice. */
static int S_journey_only(tr_wu_doc *d, const char *name)
{
	return tr_wu_error(d, "{{%s journey}}: providers= is not for a journey: its steps "
	                      "are the providers it names, in order (P1 P2 ... SCENARIO)",
	                   name);
}

/* {{table … caption="…"}}: every table the directive made takes it. */
static int S_table(tr_wu_doc *d, const tr_wu_directive *whole)
{
	tr_wu_directive own, subset;
	const tr_wu_directive *dir = &subset;
	const char *caption;
	size_t before = d->nblocks;
	unsigned was = d->explained;
	int rc;
	if (S_no_title(d, whole, "a table: it has no heading",
	               "its words go above it as caption=\"...\", a heading of yours above "
	               "the directive"))
		return TR_EINVALID;
	if ((rc = tr_wu_only_take(d, &subset, whole)) < 0)
		return rc;
	if ((rc = tr_wu_take_opt(d, &caption, &own, dir, "caption")) < 0) {
		tr_wu_only_clear(d);
		return rc;
	}
	rc = S_table_kind_run(d, &own);
	tr_wu_only_clear(d);
	/* The generated caption's reading guide is gone with it: the next
	 * table of the kind gives it (its note, kept, still counts). */
	if (caption)
		d->explained = was | (d->explained & (TR_WU_EXPLAINED_TEST | TR_WU_EXPLAINED_TILDE));
	for (size_t b = before; rc == 0 && caption && b < d->nblocks; b++)
		if (d->blocks[b].kind == TR_WU_BLOCK_TABLE) {
			tr_wu_table_caption(&d->blocks[b].table, caption);
			if (d->blocks[b].table.rc < 0)
				rc = d->blocks[b].table.rc;
		}
	return rc;
}

static int S_table_kind_run(tr_wu_doc *d, const tr_wu_directive *dir)
{
	const S_table_kind *k = NULL;
	tr_wu_table_opts o;
	tr_wu_args a;
	int rc;
	size_t before = d->nblocks;
	long s = -1;
	bool vs;
	if (dir->nargs < 1)
		return tr_wu_error(d, "{{table}}: expected KIND [SCENARIO] (providers, "
		                      "tps, stability, latency, init, price, value, "
		                      "closing, runs, setup, journey, pivot, rank, waits, counters)");
	if (strcmp(dir->args[0], "journey") == 0 && d->only)
		return S_journey_only(d, "table");
	if (strcmp(dir->args[0], "journey") == 0)
		return tr_wu_table_journey(d, dir);
	for (size_t i = 1; i < dir->nargs && strcmp(dir->args[0], "tps") == 0; i++)
		if (strncmp(dir->args[i], "vs=", 3) == 0)
			return tr_wu_table_tps_vs(d, dir);
	if (strcmp(dir->args[0], "pivot") == 0)
		return tr_wu_table_pivot(d, dir);
	if (strcmp(dir->args[0], "rank") == 0)
		return tr_wu_table_rank(d, dir);
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_tables); i++)
		if (strcmp(S_tables[i].name, dir->args[0]) == 0)
			k = &S_tables[i];
	if (!k)
		return tr_wu_error(d, "{{table}}: unknown kind '%s' (providers, tps, "
		                      "stability, latency, init, price, value, closing, "
		                      "runs, setup, journey, pivot, rank, waits, counters)",
		                   tr_wu_c(d, dir->args[0]));
	/* tps and closing have a "vs baseline" column that fmt= shapes */
	vs = strcmp(k->name, "tps") == 0 || strcmp(k->name, "closing") == 0;
	if ((rc = tr_wu_split_args(d, dir, vs ? "runs fmt" : k->runs ? "runs"
	                                   : k->layout ? "layout" : "", &a)) < 0 ||
	    (rc = tr_wu_table_opts_parse(d, dir, &a, &o)) < 0)
		return rc;
	if (vs && tr_wu_style_figure(o.style) && o.style != TR_WU_STYLE_DEFAULT)
		return tr_wu_error(d, "{{table %s}}: fmt= shapes its vs baseline column (x1, pct, "
		                      "diff, words)", k->name);
	if (a.npos > (k->scenario ? 2u : 1u))
		return tr_wu_error(d, "{{table %s}} takes %s%s%s", k->name,
		                   k->scenario ? "at most a SCENARIO" : "no arguments",
		                   k->runs ? " and runs=median|best|worst"
		                   : k->layout ? " and layout=rows|columns" : "",
		                   vs ? " and fmt=x1|pct|diff|words" : "");
	if (a.npos == 2 && (s = tr_wu_scenario(d, a.pos[1])) < 0)
		return TR_EINVALID;
	d->topts = &o;
	if (k->all)
		k->all(d);
	else
		k->one(d, s);
	d->topts = NULL;
	if (d->rc < 0)
		return d->rc;
	if (d->nblocks == before)
		return tr_wu_error(d, "{{table %s%s%s}}: nothing to show (%s)", k->name,
		                   s >= 0 ? " " : "", s >= 0 ? tr_wu_c(d, a.pos[1]) : "",
		                   k->empty);
	return 0;
}

static int S_chart_of(tr_wu_doc *d, const tr_wu_directive *whole);

/* {{chart … providers=…}}: the chart of those providers only. */
static int S_chart(tr_wu_doc *d, const tr_wu_directive *whole)
{
	tr_wu_directive subset;
	int rc;
	if ((rc = tr_wu_only_take(d, &subset, whole)) < 0)
		return rc;
	if (d->only && subset.nargs && strcmp(subset.args[0], "journey") == 0)
		rc = S_journey_only(d, "chart");
	else
		rc = S_chart_of(d, &subset);
	tr_wu_only_clear(d);
	return rc;
}

/* Whether chart i is one a directive added (a subset, a titled variant,
 * a list), not one of the report's own. */
static bool S_directive_chart(const tr_wu_doc *d, size_t i)
{
	for (size_t k = 0; k < d->nlists; k++)
		if (d->lists[k].chart == i)
			return true;
	return false;
}

/* {{chart waits}} without a scenario: every scenario's chart of the
 * report (each in its parts), as {{table waits}} without one covers every
 * scenario. */
static int S_waits_all(tr_wu_doc *d, const char *title, const char *caption)
{
	const tr_writeup_charts *cs = d->charts;
	size_t n = 0;
	if (title || d->only)
		return tr_wu_error(d, "{{chart waits}}: title= and providers= are for one "
		                      "scenario's chart (write {{chart waits SCENARIO ...}})");
	for (size_t i = 0; i < cs->count && d->rc == 0; i++)
		if (strcmp(cs->items[i].kind, "waits") == 0 && !S_directive_chart(d, i))
			tr_wu_emit_figure(d, i, n++ == 0 ? caption : NULL);
	if (n == 0)
		return tr_wu_error(d, "{{chart waits}}: nothing to show (no server samples "
		                      "(runN.server.json beside the runs))");
	return d->rc;
}

static int S_chart_of(tr_wu_doc *d, const tr_wu_directive *whole)
{
	const tr_writeup_charts *cs = d->charts;
	long s = -1, found = -1;
	tr_buf names = TR_BUF_INIT;
	tr_wu_directive own, untitled;
	const char *caption, *title;
	const tr_wu_directive *dir = &own;
	int rc;
	if ((rc = tr_wu_take_opt(d, &caption, &own, whole, "caption")) < 0)
		return rc;
	if (dir->nargs >= 1 && (strcmp(dir->args[0], "rank") == 0 ||
	                        strcmp(dir->args[0], "journey") == 0)) {
		/* the writeup draws these: the author's title is drawn */
		if ((rc = tr_wu_take_opt(d, &title, &untitled, whole, "title")) < 0)
			return rc;
		d->list_title = title;
		rc = strcmp(dir->args[0], "rank") == 0 ? tr_wu_chart_rank(d, &untitled)
		                                       : tr_wu_chart_journey(d, &untitled);
		d->list_title = NULL;
		return rc;
	}
	/* title= redraws the chart for this directive alone (report/ draws
	 * it under a name of its own); the shared drawing stays */
	if ((rc = tr_wu_take_opt(d, &title, &untitled, &own, "title")) < 0)
		return rc;
	dir = &untitled;
	if ((rc = tr_wu_no_other_opts(d, dir, "caption=, title=")) < 0)
		return rc;
	if (dir->nargs < 1 || dir->nargs > 2)
		return tr_wu_error(d, "{{chart}}: expected NAME, or KIND [SCENARIO] (or "
		                      "rank METRIC SCENARIO|*, journey P1 P2 ... SCENARIO|*)");
	if (dir->nargs == 2 && (s = tr_wu_scenario(d, dir->args[1])) < 0)
		return TR_EINVALID;
	if (dir->nargs == 1 && strcmp(dir->args[0], "waits") == 0)
		return S_waits_all(d, title, caption);
	/* A chart's own name first ("timeline-bench100"), then its kind: for
	 * one scenario, else the all-scenario chart, else the first. */
	for (size_t i = 0; i < cs->count && found < 0 && dir->nargs == 1; i++)
		if (strcmp(cs->items[i].name, dir->args[0]) == 0)
			found = (long)i;
	for (size_t i = 0; i < cs->count && found < 0; i++)
		if (strcmp(cs->items[i].kind, dir->args[0]) == 0 && cs->items[i].scenario == s)
			found = (long)i;
	for (size_t i = 0; i < cs->count && found < 0 && s < 0; i++)
		if (strcmp(cs->items[i].kind, dir->args[0]) == 0)
			found = (long)i;
	if (found >= 0 && d->only)
		return tr_wu_emit_subset_chart(d, (size_t)found, -2, title, caption);
	/* a chart of some providers is drawn anew: any scenario of a kind
	 * the study draws */
	for (size_t i = 0; i < cs->count && d->only && s >= 0; i++)
		if (strcmp(cs->items[i].kind, dir->args[0]) == 0 && cs->items[i].scenario == -1)
			return tr_wu_emit_subset_chart(d, i, s, title, caption);
	if (found >= 0 && title)
		return tr_wu_emit_variant(d, (size_t)found, title, caption);
	if (found >= 0) {
		const char *base = cs->items[found].name;
		size_t len = strlen(base);
		tr_wu_emit_figure(d, (size_t)found, caption);
		/* a chart drawn in parts (NAME, NAME-part2, ...): every part, in
		 * order */
		for (size_t i = (size_t)found + 1; i < cs->count && d->rc == 0; i++) {
			const char *n = cs->items[i].name;
			if (strcmp(cs->items[i].kind, cs->items[found].kind) != 0 ||
			    strncmp(n, base, len) != 0 || strncmp(n + len, "-part", 5) != 0)
				break;
			tr_wu_emit_figure(d, i, NULL);
		}
		return d->rc;
	}
	for (size_t i = 0; i < cs->count && i < 40; i++)
		tr_buf_printf(&names, "%s%s", i ? ", " : "", cs->items[i].name);
	tr_wu_error(d, "{{chart %s%s%s}}: no such chart in this study (it has: %s)",
	            tr_wu_c(d, dir->args[0]), s >= 0 ? " " : "",
	            s >= 0 ? tr_wu_c(d, dir->args[1]) : "",
	            cs->count ? tr_buf_cstr(&names) : "none");
	tr_buf_free(&names);
	return TR_EINVALID;
}

int tr_wu_block_directive(tr_wu_doc *d, const tr_wu_directive *dir)
{
	if (strcmp(dir->name, "table") == 0)
		return S_table(d, dir);
	if (strcmp(dir->name, "chart") == 0)
		return S_chart(d, dir);
	if (strcmp(dir->name, "headline") == 0) {
		if (S_no_title(d, dir, "a headline: it has no heading",
		               "its words are its quoted caption"))
			return TR_EINVALID;
		return tr_wu_headline(d, dir);
	}
	if (strcmp(dir->name, "journey") == 0) {
		if (S_no_title(d, dir, "step cards: they have no heading",
		               "a heading of yours above the directive"))
			return TR_EINVALID;
		return tr_wu_journey_cards(d, dir);
	}
	return tr_wu_section(d, dir);
}
