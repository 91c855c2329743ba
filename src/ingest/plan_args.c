/* plan_args.c: a scenario's `pgbench =` arguments as `tpsreport run` uses
 * them: split into words as a shell would (quotes, backslashes; no
 * variables, no globs), sweeps `{a,b}` expanded to every combination, and
 * each option checked against what pgbench 10-18 accept, so that nothing
 * tpsreport would misread (its own log names, an init, another server)
 * gets as far as running. docs/run.md lists the rules. */

#include "ingest.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"
#include "util/base.h"

#include <stdlib.h>
#include <string.h>

/* Unquoted sweep punctuation, kept apart from quoted text while splitting. */
#define S_OPEN '\x01'
#define S_COMMA '\x02'
#define S_CLOSE '\x03'
#define S_MAX_SETS 1000

typedef enum {
	S_OK,        /* passed on as written */
	S_INIT,      /* initialization only: scale = and run --init do it */
	S_LOG,       /* tpsreport names and sets the logs (log =) */
	S_CONN,      /* the provider's conninfo says where */
	S_SCALE,     /* scale = in the plan */
	S_INFO,      /* prints and exits */
	S_TIME,      /* -T: the run's length */
	S_COUNT,     /* -t: transactions per client */
	S_SAMPLING   /* needs per-transaction logs */
} S_kind;

typedef struct {
	char shortopt;   /* 0: long only */
	const char *longopt;
	bool arg;
	S_kind kind;
} S_option;

/* pgbench's options, 10 to 18 (pgbench --help of each). */
static const S_option S_options[] = {
	{ 'i', "initialize", false, S_INIT },
	{ 'I', "init-steps", true, S_INIT },
	{ 'F', "fillfactor", true, S_INIT },
	{ 'q', "quiet", false, S_INIT },
	{ 0, "foreign-keys", false, S_INIT },
	{ 0, "index-tablespace", true, S_INIT },
	{ 0, "partition-method", true, S_INIT },
	{ 0, "partitions", true, S_INIT },
	{ 0, "tablespace", true, S_INIT },
	{ 0, "unlogged-tables", false, S_INIT },
	{ 's', "scale", true, S_SCALE },
	{ 'b', "builtin", true, S_OK },
	{ 'f', "file", true, S_OK },
	{ 'N', "skip-some-updates", false, S_OK },
	{ 'S', "select-only", false, S_OK },
	{ 'c', "client", true, S_OK },
	{ 'C', "connect", false, S_OK },
	{ 'D', "define", true, S_OK },
	{ 'j', "jobs", true, S_OK },
	{ 'l', "log", false, S_LOG },
	{ 'L', "latency-limit", true, S_OK },
	{ 'M', "protocol", true, S_OK },
	{ 'n', "no-vacuum", false, S_OK },
	{ 'P', "progress", true, S_OK },
	{ 'r', "report-per-command", false, S_OK },
	{ 'r', "report-latencies", false, S_OK },
	{ 'R', "rate", true, S_OK },
	{ 't', "transactions", true, S_COUNT },
	{ 'T', "time", true, S_TIME },
	{ 'v', "vacuum-all", false, S_OK },
	{ 0, "aggregate-interval", true, S_LOG },
	{ 0, "log-prefix", true, S_LOG },
	{ 0, "sampling-rate", true, S_SAMPLING },
	{ 0, "exit-on-abort", false, S_OK },
	{ 0, "failures-detailed", false, S_OK },
	{ 0, "max-tries", true, S_OK },
	{ 0, "progress-timestamp", false, S_OK },
	{ 0, "random-seed", true, S_OK },
	{ 0, "show-script", true, S_INFO },
	{ 0, "verbose-errors", false, S_OK },
	{ 0, "continue-on-error", false, S_OK },
	{ 'd', "debug", false, S_OK },
	{ 'h', "host", true, S_CONN },
	{ 'p', "port", true, S_CONN },
	{ 'U', "username", true, S_CONN },
	{ 'V', "version", false, S_INFO },
	{ '?', "help", false, S_INFO },
};

/* ---- words ------------------------------------------------------------ */

typedef struct {
	char **words;
	size_t n, cap;
} S_words;

static void S_words_free(S_words *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->words[i]);
	free(w->words);
	memset(w, 0, sizeof(*w));
}

static int S_words_add(S_words *w, tr_buf *word)
{
	char *s;
	if (tr_grow(&w->words, &w->cap, w->n + 1, sizeof(char *)) < 0)
		return TR_ENOMEM;
	if (!(s = word->ptr ? tr_buf_detach(word) : tr_strdup("")))
		return TR_ENOMEM;
	w->words[w->n++] = s;
	return 0;
}

/* Split as sh does: '...' literal, "..." with \ before " \ $ `, \ outside
 * quotes escapes the next character. Unquoted { , } become S_OPEN etc. */
static int S_split(S_words *out, const char *s)
{
	tr_buf word = TR_BUF_INIT;
	bool in_word = false;
	int rc = 0;
	memset(out, 0, sizeof(*out));
	while (*s && rc == 0) {
		char c = *s++;
		if (c == ' ' || c == '\t') {
			if (in_word)
				rc = S_words_add(out, &word);
			in_word = false;
			continue;
		}
		in_word = true;
		if (c == '\'') {
			const char *end = strchr(s, '\'');
			if (!end) {
				rc = tr_error_set("pgbench: a ' is not closed");
				break;
			}
			rc = tr_buf_put(&word, s, (size_t)(end - s));
			if (end == s && rc == 0)
				rc = tr_buf_puts(&word, "");
			s = end + 1;
		} else if (c == '"') {
			while (*s && *s != '"' && rc == 0) {
				if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
					s++;
				rc = tr_buf_putc(&word, *s++);
			}
			if (!*s) {
				rc = tr_error_set("pgbench: a \" is not closed");
				break;
			}
			s++;
			if (rc == 0)
				rc = tr_buf_puts(&word, "");
		} else if (c == '\\') {
			if (!*s) {
				rc = tr_error_set("pgbench: a \\ ends the value");
				break;
			}
			rc = tr_buf_putc(&word, *s++);
		} else if (strchr("|&;<>()$`*?[]~#", c)) {
			rc = tr_error_set("pgbench: '%c' would mean something to a shell, "
			                  "and tpsreport runs pgbench without one: quote it "
			                  "if it belongs to an argument", c);
		} else {
			rc = tr_buf_putc(&word, c == '{' ? S_OPEN : c == ',' ? S_COMMA
			                                : c == '}' ? S_CLOSE : c);
		}
	}
	if (rc == 0 && in_word)
		rc = S_words_add(out, &word);
	tr_buf_free(&word);
	if (rc < 0)
		S_words_free(out);
	return rc;
}

/* ---- sweeps ----------------------------------------------------------- */

typedef struct {
	size_t word;        /* index of the word holding the group */
	const char *start;  /* S_OPEN in that word */
	size_t nalts;
	char **alts;        /* the alternatives, decoded */
} S_group;

/* Decode [s, end): sweep punctuation back to text. */
static int S_decode(tr_buf *out, const char *s, const char *end)
{
	int rc = 0;
	for (; s < end && rc == 0; s++)
		rc = tr_buf_putc(out, *s == S_OPEN ? '{' : *s == S_COMMA ? ','
		                      : *s == S_CLOSE ? '}' : *s);
	return rc;
}

static int S_group_read(S_group *g, size_t word, const char *open,
                        const char *close)
{
	const char *p = open + 1;
	g->word = word;
	g->start = open;
	g->nalts = 0;
	g->alts = NULL;
	for (;;) {
		const char *e = p;
		tr_buf alt = TR_BUF_INIT;
		while (e < close && *e != S_COMMA)
			e++;
		if (tr_buf_put(&alt, p, (size_t)(e - p)) < 0 ||
		    tr_buf_puts(&alt, "") < 0 ||
		    !(g->alts = realloc(g->alts, (g->nalts + 1) * sizeof(char *)))) {
			tr_buf_free(&alt);
			return TR_ENOMEM;
		}
		g->alts[g->nalts++] = tr_buf_detach(&alt);
		if (e >= close)
			break;
		p = e + 1;
	}
	return 0;
}

static void S_groups_free(S_group *g, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < g[i].nalts; k++)
			free(g[i].alts[k]);
		free(g[i].alts);
	}
	free(g);
}

/* Every {a,b} group of every word; a {} without a comma is literal. */
static int S_groups(S_group **out, size_t *n, const S_words *w)
{
	S_group *g = NULL;
	size_t cap = 0;
	int rc = 0;
	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < w->n && rc == 0; i++) {
		const char *p = w->words[i];
		while ((p = strchr(p, S_OPEN)) != NULL && rc == 0) {
			const char *close = strchr(p, S_CLOSE), *inner = strchr(p + 1, S_OPEN);
			if (!close || (inner && inner < close)) {
				rc = tr_error_set("pgbench: a { is not closed by a } (sweeps "
				                  "such as -c {1,2,4} cannot nest)");
				break;
			}
			if (!memchr(p, S_COMMA, (size_t)(close - p))) {
				p = close + 1;
				continue;
			}
			if ((rc = tr_grow(&g, &cap, *n + 1, sizeof(S_group))) < 0 ||
			    (rc = S_group_read(&g[*n], i, p, close)) < 0)
				break;
			(*n)++;
			p = close + 1;
		}
		if (rc == 0 && strchr(w->words[i], S_CLOSE) && !strchr(w->words[i], S_OPEN))
			rc = tr_error_set("pgbench: a } without its {");
	}
	if (rc < 0) {
		S_groups_free(g, *n);
		*n = 0;
		return rc;
	}
	*out = g;
	return 0;
}

/* ---- checking one argument set ---------------------------------------- */

static const S_option *S_find_long(const char *name, size_t n)
{
	const S_option *hit = NULL;
	size_t hits = 0;
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_options); i++) {
		const char *l = S_options[i].longopt;
		if (strncmp(l, name, n) == 0 && l[n] == '\0')
			return &S_options[i];
		/* getopt_long takes an unambiguous prefix too. */
		if (strncmp(l, name, n) == 0 && (!hit || hit->shortopt != S_options[i].shortopt ||
		                                 hit->shortopt == 0)) {
			hit = &S_options[i];
			hits++;
		}
	}
	return hits == 1 ? hit : NULL;
}

static const S_option *S_find_short(char c)
{
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_options); i++)
		if (S_options[i].shortopt == c)
			return &S_options[i];
	return NULL;
}

static int S_refuse(const S_option *o, const char *as_written,
                    const tr_plan *plan)
{
	switch (o->kind) {
	case S_INIT:
		return tr_error_set("pgbench: %s is for loading the tables; tpsreport "
		                    "runs pgbench -i -s SCALE itself (scale =, and "
		                    "tpsreport run --init)", as_written);
	case S_LOG:
		return tr_error_set("pgbench: %s: tpsreport sets pgbench's logs and "
		                    "names them as it reads them; say log = aggregate N, "
		                    "transactions or none instead", as_written);
	case S_CONN:
		return tr_error_set("pgbench: %s: the server comes from the provider's "
		                    "conninfo (and database =), not from the arguments",
		                    as_written);
	case S_SCALE:
		return tr_error_set("pgbench: %s: pgbench reads the scale from the "
		                    "tables when it benchmarks; say scale = for the "
		                    "load", as_written);
	case S_INFO:
		return tr_error_set("pgbench: %s prints and exits: not a benchmark",
		                    as_written);
	case S_SAMPLING:
		if (plan->log != TR_PLAN_LOG_TRANSACTIONS)
			return tr_error_set("pgbench: %s needs per-transaction logs "
			                    "(log = transactions)", as_written);
		return 0;
	default:
		return 0;
	}
}

/* Whole positive seconds of a -T value, or -1. */
static int S_seconds(const char *v)
{
	int64_t n;
	const char *end = v + strlen(v), *next;
	if (tr_parse_int64(&n, v, end, &next) < 0 || next != end || n <= 0 ||
	    n > 100000000)
		return -1;
	return (int)n;
}

/*
 * Check one expanded set and fill set: its words, the words of a warm-up
 * (without -T/-t and their values), its duration.
 */
static int S_check(tr_plan_set *set, const tr_plan *plan)
{
	set->duration_s = -1;
	for (size_t i = 0; i < set->argc; i++) {
		const char *w = set->argv[i];
		const S_option *o = NULL;
		const char *val = NULL;
		size_t words = 1;
		int rc;
		if (w[0] != '-' || w[1] == '\0')
			return tr_error_set("pgbench: '%s' is not an option: the database "
			                    "comes from database = and the provider's "
			                    "conninfo", w);
		if (w[1] == '-') {
			const char *eq = strchr(w + 2, '=');
			size_t n = eq ? (size_t)(eq - w - 2) : strlen(w + 2);
			if (n == 0)
				return tr_error_set("pgbench: '--' ends the options, and "
				                    "nothing may follow");
			if (!(o = S_find_long(w + 2, n)))
				return tr_error_set("pgbench: %s is not an option of pgbench "
				                    "10 to 18", w);
			if (o->arg && eq)
				val = eq + 1;
			else if (o->arg)
				words = 2;
			else if (eq)
				return tr_error_set("pgbench: %.*s takes no value", (int)(n + 2), w);
		} else {
			/* A cluster of short options: -nS, -c4, -c 4. */
			for (const char *c = w + 1; *c; c++) {
				if (!(o = S_find_short(*c)))
					return tr_error_set("pgbench: -%c (in %s) is not an option "
					                    "of pgbench 10 to 18", *c, w);
				if (!o->arg) {
					if ((rc = S_refuse(o, w, plan)) < 0)
						return rc;
					continue;
				}
				if (c[1])
					val = c + 1;
				else
					words = 2;
				break;
			}
			if (!o->arg && !val && words == 1)
				continue;
		}
		if (words == 2) {
			if (i + 1 >= set->argc)
				return tr_error_set("pgbench: %s needs a value", w);
			val = set->argv[i + 1];
		}
		if ((rc = S_refuse(o, w, plan)) < 0)
			return rc;
		if (o->kind == S_TIME) {
			if ((set->duration_s = S_seconds(val)) < 0)
				return tr_error_set("pgbench: %s %s: expected whole seconds > 0",
				                    w, val);
		}
		if (o->kind == S_TIME || o->kind == S_COUNT) {
			set->timing[i] = true;
			if (words == 2)
				set->timing[i + 1] = true;
		}
		i += words - 1;
	}
	return 0;
}

/* ---- sets ------------------------------------------------------------- */

/* The name part of a sweep value's tag: "c" for -c {..}, "rate" for
 * --rate={..}, "" otherwise. */
static int S_tag_name(tr_buf *tag, const S_words *w, const S_group *g)
{
	const char *word = w->words[g->word];
	if (word[0] == '-' && word[1] == '-' && strchr(word, '=') &&
	    strchr(word, '=') < g->start)
		return tr_buf_put(tag, word + 2, (size_t)(strchr(word, '=') - word - 2));
	if (word[0] == '-' && word[1] != '-' && g->start == word + 2)
		return tr_buf_putc(tag, word[1]);
	if (g->start == word && g->word > 0 && w->words[g->word - 1][0] == '-' &&
	    !strchr(w->words[g->word - 1], '='))
		return tr_buf_puts(tag, w->words[g->word - 1] +
		                            (w->words[g->word - 1][1] == '-' ? 2 : 1));
	return 0;
}

static int S_tag_value(tr_buf *tag, const char *v)
{
	int rc = 0;
	if (*v && !(v[0] >= '0' && v[0] <= '9') && tag->size &&
	    tag->ptr[tag->size - 1] != '-')
		rc = tr_buf_putc(tag, '_');
	for (; *v && rc == 0; v++) {
		char c = *v;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		          (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '+';
		rc = tr_buf_putc(tag, ok ? c : '_');
	}
	return rc;
}

/* The tag part of group g, its alternative alt: "-" between groups. */
static int S_tag(tr_buf *tag, const S_words *w, const S_group *g,
                 const char *alt)
{
	int rc = 0;
	if (tag->size)
		rc = tr_buf_putc(tag, '-');
	if (rc == 0)
		rc = S_tag_name(tag, w, g);
	return rc < 0 ? rc : S_tag_value(tag, alt);
}

/* Build combination `index` (mixed radix over the groups, the last group
 * fastest). */
static int S_build(tr_plan_set *set, const S_words *w, const S_group *g,
                   size_t ng, size_t index)
{
	size_t *pick = tr_calloc(ng + 1, sizeof(size_t));
	tr_buf word = TR_BUF_INIT, tag = TR_BUF_INIT;
	int rc = 0;
	if (!pick)
		return TR_ENOMEM;
	for (size_t k = ng; k-- > 0;) {
		pick[k] = index % g[k].nalts;
		index /= g[k].nalts;
	}
	set->argv = tr_calloc(w->n + 1, sizeof(char *));
	set->timing = tr_calloc(w->n + 1, sizeof(bool));
	if (!set->argv || !set->timing)
		rc = TR_ENOMEM;
	for (size_t i = 0; i < w->n && rc == 0; i++) {
		const char *p = w->words[i];
		for (size_t k = 0; k < ng && rc == 0; k++) {
			if (g[k].word != i)
				continue;
			rc = S_decode(&word, p, g[k].start);
			if (rc == 0)
				rc = tr_buf_puts(&word, g[k].alts[pick[k]]);
			p = strchr(g[k].start, S_CLOSE) + 1;
			if (rc == 0)
				rc = S_tag(&tag, w, &g[k], g[k].alts[pick[k]]);
		}
		if (rc == 0)
			rc = S_decode(&word, p, p + strlen(p));
		if (rc == 0)
			rc = tr_buf_puts(&word, "");
		if (rc == 0 && !(set->argv[i] = tr_buf_detach(&word)))
			rc = TR_ENOMEM;
		set->argc = i + 1;
	}
	if (rc == 0 && ng > 0 && !(set->tag = tr_buf_detach(&tag)))
		rc = TR_ENOMEM;
	tr_buf_free(&word);
	tr_buf_free(&tag);
	free(pick);
	return rc;
}

void tr_plan_sets_free(tr_plan_set *sets, size_t n)
{
	for (size_t i = 0; sets && i < n; i++) {
		for (size_t k = 0; k < sets[i].argc; k++)
			free(sets[i].argv[k]);
		free(sets[i].argv);
		free(sets[i].timing);
		free(sets[i].tag);
	}
	free(sets);
}

/* Tags must tell the sets apart (they name the run files); when two
 * coincide, number the sets instead. */
static int S_unique_tags(tr_plan_set *sets, size_t n)
{
	bool same = false;
	for (size_t i = 0; i < n && !same; i++)
		for (size_t k = i + 1; k < n && !same; k++)
			same = strcmp(sets[i].tag, sets[k].tag) == 0;
	for (size_t i = 0; same && i < n; i++) {
		free(sets[i].tag);
		if (!(sets[i].tag = tr_sprintf("set%zu", i + 1)))
			return TR_ENOMEM;
	}
	return 0;
}

/* A set's runs are named <tag>-runN: refuse a tag the reader would take
 * for something else than a run. */
static int S_check_tags(const tr_plan_set *sets, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *stem = tr_sprintf("%s-run1", sets[i].tag);
		const char *why = stem ? tr_run_stem_reserved(stem) : NULL;
		int rc = 0;
		if (!stem)
			return TR_ENOMEM;
		if (why)
			rc = tr_error_set("pgbench: the sweep names runs of one argument "
			                  "set \"%s\", which %s; write that value "
			                  "another way", stem, why);
		free(stem);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int tr_plan_sets(tr_plan_set **out, size_t *n, const tr_plan *plan)
{
	S_words w;
	S_group *g = NULL;
	size_t ng = 0, total = 1;
	tr_plan_set *sets = NULL;
	int rc;

	*out = NULL;
	*n = 0;
	if (!plan->pgbench)
		return tr_error_set("no pgbench = arguments");
	if ((rc = S_split(&w, plan->pgbench)) < 0)
		return rc == TR_ENOMEM ? rc : TR_EINVALID;
	if ((rc = S_groups(&g, &ng, &w)) < 0)
		goto cleanup;
	for (size_t k = 0; k < ng; k++) {
		total *= g[k].nalts;
		if (total > S_MAX_SETS) {
			rc = tr_error_set("pgbench: the sweep makes more than %d argument "
			                  "sets", S_MAX_SETS);
			goto cleanup;
		}
	}
	if (!(sets = tr_calloc(total, sizeof(tr_plan_set)))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < total; i++)
		if ((rc = S_build(&sets[i], &w, g, ng, i)) < 0 ||
		    (rc = S_check(&sets[i], plan)) < 0) {
			if (rc != TR_ENOMEM && total > 1) {
				char *msg = tr_strdup(tr_error_last());
				rc = tr_error_set("%s (argument set %s)", msg ? msg : "",
				                  sets[i].tag ? sets[i].tag : "");
				free(msg);
			}
			tr_plan_sets_free(sets, total);
			sets = NULL;
			goto cleanup;
		}
	if (ng > 0 && ((rc = S_unique_tags(sets, total)) < 0 ||
	               (rc = S_check_tags(sets, total)) < 0)) {
		tr_plan_sets_free(sets, total);
		sets = NULL;
		goto cleanup;
	}
	*out = sets;
	*n = total;
cleanup:
	S_groups_free(g, ng);
	S_words_free(&w);
	if (rc < 0)
		return rc == TR_ENOMEM ? rc : TR_EINVALID;
	return 0;
}
