/*
 * summary_scripts.c: the per-script sections of pgbench's summary and the
 * statement latencies of -r, pgbench 10-18 (SPEC.md §1, "Per-script
 * section").
 *
 *   10     "script statistics:" (one script) or "SQL script N: name", then
 *          " - ..." lines and " - statement latencies in milliseconds:"
 *   11-14  "SQL script N: name" only with several scripts; one script's
 *          rows come under "statement latencies in milliseconds:"
 *   15-17  adds failures and retries, and one or two count columns
 *   18     " - N transactions (P% of total)" counts every transaction,
 *          " - number of transactions actually processed: N (tps = X)"
 *          the successful ones; one space before the statement text
 */

#include "ingest_summary_internal.h"
#include "util/alloc.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	D_WEIGHT, D_TX, D_PROCESSED, D_FAILED, D_SERIAL, D_DEADLOCK, D_RETRIED,
	D_RETRIES, D_SKIPPED, D_LATAVG, D_LATSTD, D_STMTS, D_COUNT
};

/* The parsers of the kinds (tr_sumline_fn). A row's field is where in
 * tr_script a shared parser stores the value, as offsetof; its type is
 * the parser's. */
static int S_weight(tr_sumline *l, size_t field);
static int S_tx(tr_sumline *l, size_t field);
static int S_processed(tr_sumline *l, size_t field);
static int S_count_pct(tr_sumline *l, size_t field);
static int S_stmts(tr_sumline *l, size_t field);

#define S_F(member) offsetof(tr_script, member)

static const struct {
	const char *prefix;        /* after " - " */
	const char *form;
	int vmin, vmax;
	tr_sumline_fn parse;
	size_t field;
} S_details[D_COUNT] = {
	[D_WEIGHT] = { "weight: ", "weight: N (targets P% of total)", 0, TR_PGBENCH_ANY, S_weight, 0 },
	[D_TX] = { NULL, "N transactions (P% of total...)", 0, TR_PGBENCH_ANY, S_tx, 0 },
	[D_PROCESSED] = { "number of transactions actually processed: ", "number of transactions actually processed: N (tps = X)", 18, TR_PGBENCH_ANY, S_processed, 0 },
	[D_FAILED] = { "number of failed transactions: ", "number of failed transactions: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(failed) },
	[D_SERIAL] = { "number of serialization failures: ", "number of serialization failures: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(serialization_failures) },
	[D_DEADLOCK] = { "number of deadlock failures: ", "number of deadlock failures: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(deadlock_failures) },
	[D_RETRIED] = { "number of transactions retried: ", "number of transactions retried: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(retried) },
	[D_RETRIES] = { "total number of retries: ", "total number of retries: N", 15, TR_PGBENCH_ANY, tr_sumline_count, S_F(retries) },
	[D_SKIPPED] = { "number of transactions skipped: ", "number of transactions skipped: N (P%)", 0, TR_PGBENCH_ANY, S_count_pct, S_F(skipped) },
	[D_LATAVG] = { "latency average = ", "latency average = X ms", 0, TR_PGBENCH_ANY, tr_sumline_ms, S_F(latency_avg_ms) },
	[D_LATSTD] = { "latency stddev = ", "latency stddev = X ms", 0, TR_PGBENCH_ANY, tr_sumline_ms, S_F(latency_stddev_ms) },
	[D_STMTS] = { "statement latencies in milliseconds", "statement latencies in milliseconds...:", 0, TR_PGBENCH_ANY, S_stmts, 0 },
};

/* Every version prints per-script percentages as "(P%)". */
static bool S_pct(tr_cur *c, tr_vrange *r)
{
	double pct;
	return tr_cur_lit(c, " (") && tr_sumparse_num(c, &pct, r) && tr_cur_lit(c, "%)");
}

static tr_script *S_current(tr_sumparse *st)
{
	tr_summary *o = st->out;
	return o->nscripts ? &o->scripts[o->nscripts - 1] : NULL;
}

static int S_new_script(tr_sumparse *st, int number, const char *name,
                        size_t namelen, long line)
{
	tr_summary *o = st->out;
	tr_script *s;
	char *copy = NULL;
	int rc;

	if (name && (rc = tr_sumparse_text(st, &copy, line, name, namelen)) < 0)
		return rc;
	if ((rc = tr_grow(&o->scripts, &st->scripts_cap, o->nscripts + 1,
	                  sizeof(tr_script))) < 0) {
		free(copy);
		return rc;
	}
	s = &o->scripts[o->nscripts++];
	memset(s, 0, sizeof(*s));
	s->number = number;
	s->name = copy;
	s->weight = -1;
	s->transactions = s->transactions_all = -1;
	s->tps = NAN;
	s->failed = s->skipped = -1;
	s->serialization_failures = s->deadlock_failures = -1;
	s->retried = s->retries = -1;
	s->latency_avg_ms = s->latency_stddev_ms = NAN;
	memset(st->script_seen, 0, sizeof(st->script_seen));
	st->stmts = NULL;
	st->nstmts = NULL;
	return 0;
}

/* "SQL script N: name" */
static int S_script_header(tr_sumparse *st, tr_cur *c, const char *p,
                           size_t len, long line)
{
	tr_summary *o = st->out;
	int64_t n;
	if (!tr_cur_count(c, &n) || !tr_cur_lit(c, ": ") || tr_cur_done(c))
		return tr_sumparse_bad(st, line, p, len,
		                       "expected \"SQL script N: NAME\"");
	if (o->nstatements || (o->nscripts && o->scripts[0].number == 0))
		return tr_sumparse_bad(st, line, p, len, "a script header after "
		                       "the statistics of a single script");
	if (n != (int64_t)o->nscripts + 1) {
		char why[96];
		snprintf(why, sizeof(why), "expected script %zu here",
		         o->nscripts + 1);
		return tr_sumparse_bad(st, line, p, len, why);
	}
	return S_new_script(st, (int)n, c->p, (size_t)(c->end - c->p), line);
}

/* "...statement latencies in milliseconds" has been read; the rest tells
 * how many count columns the rows have. */
static int S_stmt_header(tr_sumparse *st, tr_cur *c, bool dash, const char *p,
                         size_t len, long line, tr_vrange *r)
{
	tr_summary *o = st->out;
	tr_script *s = S_current(st);
	int counts;

	if (tr_cur_lit(c, ":"))
		counts = 0;
	else if (tr_cur_lit(c, " and failures:"))
		counts = 1;
	else if (tr_cur_lit(c, ", failures and retries:"))
		counts = 2;
	else
		counts = -1;
	if (counts < 0 || !tr_sumparse_end(c))
		return tr_sumparse_bad(st, line, p, len, "expected \"statement "
		                       "latencies in milliseconds:\", \"... and "
		                       "failures:\" or \"..., failures and retries:\"");
	if (counts == 0)
		/* without a dash: 11-14, and 9.x, whose main block said so
		 * (-r, tab-separated rows) */
		tr_vrange_narrow(r, dash ? 10 : st->vmax <= TR_PGBENCH_9X ? TR_PGBENCH_9X : 11,
		                 dash ? 14 : st->vmax <= TR_PGBENCH_9X ? TR_PGBENCH_9X : 14);
	else
		tr_vrange_narrow(r, 15, TR_PGBENCH_ANY);
	if (dash) {
		st->stmts = &s->statements;
		st->nstmts = &s->nstatements;
	} else {
		/* One script's rows, printed without a script header (11+). */
		if (o->nscripts || o->nstatements)
			return tr_sumparse_bad(st, line, p, len, "statement "
			                       "latencies of a single script after "
			                       "per-script sections");
		st->stmts = &o->statements;
		st->nstmts = &o->nstatements;
	}
	st->stmts_cap = *st->nstmts;
	st->stmt_counts = counts;
	st->stmt_header_line = line;
	return 0;
}

/* ---- one parser a " - " line kind ----------------------------------- */

static tr_script *S_into(tr_sumline *l)
{
	return l->into;
}

static int S_weight(tr_sumline *l, size_t field)
{
	int64_t w;
	double x;
	(void)field;
	if ((l->ok = tr_cur_count(l->c, &w) && w <= INT_MAX &&
	             tr_cur_lit(l->c, " (targets ") && tr_sumparse_num(l->c, &x, &l->r) &&
	             tr_cur_lit(l->c, "% of total)") && tr_sumparse_end(l->c)))
		S_into(l)->weight = (int)w;
	return 0;
}

/* " - N transactions (P% of total, tps = X)" (10-17) or " - N transactions
 * (P% of total)" (18+). */
static int S_tx(tr_sumline *l, size_t field)
{
	tr_cur *c = l->c;
	int64_t n;
	double share, tps;
	(void)field;
	if (!tr_cur_count(c, &n) || !tr_cur_lit(c, " transactions (") ||
	    !tr_sumparse_num(c, &share, &l->r) || !tr_cur_lit(c, "% of total"))
		return 0;
	if (tr_cur_lit(c, ", tps = ")) {
		if (!tr_sumparse_num(c, &tps, &l->r) || !tr_cur_lit(c, ")") ||
		    !tr_sumparse_end(c))
			return 0;
		tr_vrange_narrow(&l->r, 10, 17);
		S_into(l)->transactions = n;
		S_into(l)->tps = tps;
		l->ok = true;
		return 0;
	}
	if (!tr_cur_lit(c, ")") || !tr_sumparse_end(c))
		return 0;
	tr_vrange_narrow(&l->r, 18, TR_PGBENCH_ANY);
	S_into(l)->transactions_all = n;
	l->ok = true;
	return 0;
}

static int S_processed(tr_sumline *l, size_t field)
{
	int64_t n;
	double x;
	(void)field;
	if ((l->ok = tr_cur_count(l->c, &n) && tr_cur_lit(l->c, " (tps = ") &&
	             tr_sumparse_num(l->c, &x, &l->r) && tr_cur_lit(l->c, ")") &&
	             tr_sumparse_end(l->c))) {
		S_into(l)->transactions = n;
		S_into(l)->tps = x;
	}
	return 0;
}

/* "N (P%)": the count, an int64_t field. */
static int S_count_pct(tr_sumline *l, size_t field)
{
	int64_t n;
	if ((l->ok = tr_cur_count(l->c, &n) && S_pct(l->c, &l->r) &&
	             tr_sumparse_end(l->c)))
		*tr_sumline_i64(l, field) = n;
	return 0;
}

static int S_stmts(tr_sumline *l, size_t field)
{
	int rc = S_stmt_header(l->st, l->c, true, l->p, l->len, l->line, &l->r);
	(void)field;
	l->ok = rc == 0;
	return rc;
}

/* The kind of a " - " line (its prefix read), or -1. */
static int S_detail_kind(tr_cur *c)
{
	if (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		return D_TX;
	for (int d = 0; d < D_COUNT; d++)
		if (S_details[d].prefix && tr_cur_lit(c, S_details[d].prefix))
			return d;
	return -1;
}

/* One " - ..." line of the current script. */
static int S_detail(tr_sumparse *st, tr_cur *c, const char *p, size_t len,
                    long line)
{
	tr_sumline l = { st, S_current(st), c, p, len, line, { 0, TR_PGBENCH_ANY },
	                 0, false };
	int d, rc;

	if (!l.into)
		return tr_sumparse_bad(st, line, p, len, "a per-script line "
		                       "without a script header before it");
	if ((d = S_detail_kind(c)) < 0)
		return tr_sumparse_bad(st, line, p, len, "unknown per-script line");
	if (st->script_seen[d]) {
		char why[96];
		snprintf(why, sizeof(why), "a second such line for this script "
		         "(the first at line %ld)", st->script_seen[d]);
		return tr_sumparse_bad(st, line, p, len, why);
	}
	tr_vrange_narrow(&l.r, S_details[d].vmin, S_details[d].vmax);
	/* rows end at the next " - " line */
	st->stmts = NULL;
	st->nstmts = NULL;
	if ((rc = S_details[d].parse(&l, S_details[d].field)) < 0 ||
	    (rc = tr_sumparse_done(st, line, p, len, l.ok, " - ", S_details[d].form,
	                           &l.r)) < 0)
		return rc;
	st->script_seen[d] = line;
	return 0;
}

/*
 * A statement row: "   %11.3f  TEXT" (10-14), with one or two "%10lld"
 * count columns and two spaces before the text (15-17) or one (18).
 * The text is the command's first line as printed: anything, digits and
 * spaces included, so it is taken whole after the separator.
 */
static int S_row(tr_sumparse *st, const char *p, size_t len, long line)
{
	tr_vrange r = { 0, TR_PGBENCH_ANY };
	tr_statement stmt = { NAN, -1, -1, NULL };
	int64_t counts[2] = { -1, -1 };
	size_t gap, sep;
	tr_cur c;
	int rc;

	tr_cur_init(&c, p, len);
	if (len > 1 && p[0] == '\t') {
		/* 9.x: "\t%f\t%s" */
		c.p++;
		if (!tr_sumparse_num(&c, &stmt.latency_ms, &r) ||
		    !tr_cur_lit(&c, "\t") || tr_cur_done(&c))
			goto bad;
		tr_vrange_narrow(&r, TR_PGBENCH_9X, TR_PGBENCH_9X);
		goto text;
	}
	tr_cur_spaces(&c);
	if (!tr_sumparse_num(&c, &stmt.latency_ms, &r))
		goto bad;
	for (int i = 0; i < st->stmt_counts; i++)
		if (tr_cur_spaces(&c) == 0 || !tr_cur_count(&c, &counts[i]))
			goto bad;
	gap = tr_cur_spaces(&c);
	if (st->stmt_counts == 0) {
		sep = 2;
	} else if (st->vmin >= 18) {
		sep = 1;
	} else if (st->vmax <= 17) {
		sep = 2;
	} else {
		/* Statement text never starts with a blank (pgbench's
		 * scanner drops leading white space), so the gap is the
		 * separator: one space in 18, two in 15-17. */
		sep = gap == 1 ? 1 : 2;
	}
	if (st->stmt_counts > 0) {
		if (sep == 1)
			tr_vrange_narrow(&r, 18, TR_PGBENCH_ANY);
		else
			tr_vrange_narrow(&r, 15, 17);
	}
	if (gap < sep || tr_cur_done(&c))
		goto bad;
	c.p -= gap - sep;
text:
	if (r.min > r.max)
		return tr_sumparse_bad(st, line, p, len, "no pgbench prints "
		                       "this line like that");
	if ((rc = tr_sumparse_clue(st, line, r.min, r.max)) < 0)
		return rc;
	if ((rc = tr_sumparse_text(st, &stmt.command, line, c.p,
	                           (size_t)(c.end - c.p))) < 0)
		return rc;
	stmt.failures = counts[0];
	stmt.retries = counts[1];
	if ((rc = tr_grow(st->stmts, &st->stmts_cap, *st->nstmts + 1,
	                  sizeof(tr_statement))) < 0) {
		free(stmt.command);
		return rc;
	}
	(*st->stmts)[(*st->nstmts)++] = stmt;
	return 0;

bad:
	{
		static const char *const forms[] = {
			"expected \"   LATENCY  TEXT\"",
			"expected \"   LATENCY  FAILURES  TEXT\"",
			"expected \"   LATENCY  FAILURES  RETRIES  TEXT\"",
		};
		return tr_sumparse_bad(st, line, p, len, forms[st->stmt_counts]);
	}
}

int tr_sumparse_script_line(tr_sumparse *st, const char *p, size_t len,
                            long line)
{
	tr_summary *o = st->out;
	tr_vrange r = { 0, TR_PGBENCH_ANY };
	tr_cur c;
	int rc;

	tr_cur_init(&c, p, len);
	if (tr_cur_lit(&c, "SQL script "))
		return (rc = S_script_header(st, &c, p, len, line)) < 0 ? rc : 1;
	if (tr_cur_lit(&c, "script statistics:")) {
		/* 10: the one script's section, without a header */
		if (!tr_sumparse_end(&c) || o->nscripts || o->nstatements)
			return tr_sumparse_bad(st, line, p, len, "\"script "
			                       "statistics:\" is printed alone, "
			                       "for a single script");
		if ((rc = tr_sumparse_clue(st, line, 10, 10)) < 0 ||
		    (rc = S_new_script(st, 0, NULL, 0, line)) < 0)
			return rc;
		return 1;
	}
	if (tr_cur_lit(&c, " - "))
		return (rc = S_detail(st, &c, p, len, line)) < 0 ? rc : 1;
	if (tr_cur_lit(&c, "statement latencies in milliseconds")) {
		if ((rc = S_stmt_header(st, &c, false, p, len, line, &r)) < 0 ||
		    (rc = tr_sumparse_clue(st, line, r.min, r.max)) < 0)
			return rc;
		return 1;
	}
	if ((len >= 3 && memcmp(p, "   ", 3) == 0) ||
	    (st->stmts && len > 1 && p[0] == '\t')) {
		if (!st->stmts)
			return tr_sumparse_bad(st, line, p, len, "a statement "
			                       "row without a \"statement "
			                       "latencies\" line before it");
		return (rc = S_row(st, p, len, line)) < 0 ? rc : 1;
	}
	return 0;
}
