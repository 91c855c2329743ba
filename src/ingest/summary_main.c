/*
 * summary_main.c: the main block of pgbench's summary, from "transaction
 * type:" to the tps line, pgbench 10-18 (SPEC.md §1, lines 1-17). Each
 * line is read whole or rejected, and says which pgbench majors print it
 * like that.
 */

#include "ingest_summary_internal.h"
#include "util/alloc.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- line kinds ----------------------------------------------------- */

/* The parsers of the kinds (tr_sumline_fn). A row's field is where in
 * tr_summary a shared parser (tr_sumline_count, S_int_line, ...) stores
 * the value, as offsetof; its type is the parser's. */
static int S_int_line(tr_sumline *l, size_t field);
static int S_count_pct(tr_sumline *l, size_t field);
static int S_pmethod(tr_sumline *l, size_t field);
static int S_qmode(tr_sumline *l, size_t field);
static int S_perclient(tr_sumline *l, size_t field);
static int S_duration(tr_sumline *l, size_t field);
static int S_processed(tr_sumline *l, size_t field);
static int S_zipf(tr_sumline *l, size_t field);
static int S_failed(tr_sumline *l, size_t field);
static int S_late(tr_sumline *l, size_t field);
static int S_latavg(tr_sumline *l, size_t field);
static int S_lag(tr_sumline *l, size_t field);
static int S_tps(tr_sumline *l, size_t field);

#define S_F(member) offsetof(tr_summary, member)

/* Each kind: how its line starts, its form for messages, the majors that
 * print it at all (finer clues come from how it is printed), and its
 * parser. A new line kind is a row here, its TR_SUMK_ name in
 * ingest_summary_internal.h and, when no shared parser fits, a parser. */
static const struct {
	const char *prefix;
	const char *form;
	int vmin, vmax;
	tr_sumline_fn parse;
	size_t field;
} S_kinds[TR_SUMK_COUNT] = {
	/* read by summary.c: it starts the summary */
	[TR_SUMK_TTYPE] = { "transaction type: ", "transaction type: NAME", 0, TR_PGBENCH_ANY, NULL, 0 },
	[TR_SUMK_SCALE] = { "scaling factor: ", "scaling factor: N", 0, TR_PGBENCH_ANY, tr_sumline_count, S_F(scale) },
	[TR_SUMK_PMETHOD] = { "partition method: ", "partition method: range|hash", 13, TR_PGBENCH_ANY, S_pmethod, 0 },
	[TR_SUMK_PARTS] = { "partitions: ", "partitions: N", 13, TR_PGBENCH_ANY, S_int_line, S_F(partitions) },
	[TR_SUMK_QMODE] = { "query mode: ", "query mode: simple|extended|prepared", 0, TR_PGBENCH_ANY, S_qmode, 0 },
	[TR_SUMK_CLIENTS] = { "number of clients: ", "number of clients: N", 0, TR_PGBENCH_ANY, S_int_line, S_F(clients) },
	[TR_SUMK_THREADS] = { "number of threads: ", "number of threads: N", 0, TR_PGBENCH_ANY, S_int_line, S_F(threads) },
	[TR_SUMK_MAXTRIES] = { "maximum number of tries: ", "maximum number of tries: N", 15, TR_PGBENCH_ANY, S_int_line, S_F(max_tries) },
	[TR_SUMK_PERCLIENT] = { "number of transactions per client: ", "number of transactions per client: N", 0, TR_PGBENCH_ANY, S_perclient, S_F(transactions_per_client) },
	[TR_SUMK_DURATION] = { "duration: ", "duration: N s", 0, TR_PGBENCH_ANY, S_duration, S_F(duration_s) },
	[TR_SUMK_PROCESSED] = { "number of transactions actually processed: ", "number of transactions actually processed: N or N/M", 0, TR_PGBENCH_ANY, S_processed, 0 },
	[TR_SUMK_ZIPF] = { "zipfian cache array overflowed ", "zipfian cache array overflowed N time(s)", 11, 11, S_zipf, 0 },
	[TR_SUMK_FAILED] = { "number of failed transactions: ", "number of failed transactions: N (P%)", 15, TR_PGBENCH_ANY, S_failed, 0 },
	[TR_SUMK_SERIAL] = { "number of serialization failures: ", "number of serialization failures: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(serialization_failures) },
	[TR_SUMK_DEADLOCK] = { "number of deadlock failures: ", "number of deadlock failures: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(deadlock_failures) },
	[TR_SUMK_RETRIED] = { "number of transactions retried: ", "number of transactions retried: N (P%)", 15, TR_PGBENCH_ANY, S_count_pct, S_F(retried) },
	[TR_SUMK_RETRIES] = { "total number of retries: ", "total number of retries: N", 15, TR_PGBENCH_ANY, tr_sumline_count, S_F(retries) },
	[TR_SUMK_SKIPPED] = { "number of transactions skipped: ", "number of transactions skipped: N (P%)", 0, TR_PGBENCH_ANY, S_count_pct, S_F(skipped) },
	[TR_SUMK_LATE] = { "number of transactions above the ", "number of transactions above the L ms latency limit: N/M (P%)", 0, TR_PGBENCH_ANY, S_late, 0 },
	[TR_SUMK_LATAVG] = { "latency average = ", "latency average = X ms", 0, TR_PGBENCH_ANY, S_latavg, 0 },
	[TR_SUMK_LATSTD] = { "latency stddev = ", "latency stddev = X ms", 0, TR_PGBENCH_ANY, tr_sumline_ms, S_F(latency_stddev_ms) },
	[TR_SUMK_LAG] = { "rate limit schedule lag: ", "rate limit schedule lag: avg X (max Y) ms", 0, TR_PGBENCH_ANY, S_lag, 0 },
	[TR_SUMK_INITCONN] = { "initial connection time = ", "initial connection time = X ms", 14, TR_PGBENCH_ANY, tr_sumline_ms, S_F(initial_connection_ms) },
	[TR_SUMK_AVGCONN] = { "average connection time = ", "average connection time = X ms", 14, TR_PGBENCH_ANY, tr_sumline_ms, S_F(average_connection_ms) },
	/* both tps lines start alike; S_tps tells them apart */
	[TR_SUMK_TPSINCL] = { NULL, "tps = X (including connections establishing)", TR_PGBENCH_9X, 13, NULL, 0 },
	[TR_SUMK_TPS] = { "tps = ", "tps = X (...)", 0, TR_PGBENCH_ANY, S_tps, 0 },
	[TR_SUMK_LATAVG9] = { "latency average: ", "latency average: X ms", TR_PGBENCH_9X, TR_PGBENCH_9X, tr_sumline_ms, S_F(latency_avg_ms) },
	[TR_SUMK_LATSTD9] = { "latency stddev: ", "latency stddev: X ms", TR_PGBENCH_9X, TR_PGBENCH_9X, tr_sumline_ms, S_F(latency_stddev_ms) },
};

/* ---- reading pieces of a line ------------------------------------- */

void tr_vrange_narrow(tr_vrange *r, int min, int max)
{
	if (min > r->min)
		r->min = min;
	if (max < r->max)
		r->max = max;
}

int tr_sumparse_main_kind(const char *p, size_t len, tr_cur *rest)
{
	for (int k = 0; k < TR_SUMK_COUNT; k++) {
		tr_cur c;
		if (!S_kinds[k].prefix)
			continue;
		tr_cur_init(&c, p, len);
		if (tr_cur_lit(&c, S_kinds[k].prefix)) {
			if (rest)
				*rest = c;
			return k;
		}
	}
	return -1;
}

bool tr_sumparse_end(tr_cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
	return tr_cur_done(c);
}

bool tr_sumparse_num(tr_cur *c, double *out, tr_vrange *r)
{
	tr_numstyle style;
	if (!tr_cur_number(c, out, NULL, &style))
		return false;
	if (style == TR_NUM_FINITE && *out < 0)
		return false;
	if (style == TR_NUM_LIBC)
		tr_vrange_narrow(r, 10, 11);
	else if (style == TR_NUM_PG)
		tr_vrange_narrow(r, 12, TR_PGBENCH_ANY);
	return true;
}

static bool S_int(tr_cur *c, int *out)
{
	int64_t v;
	if (!tr_cur_count(c, &v) || v > INT_MAX)
		return false;
	*out = (int)v;
	return true;
}

/* " (P%)" (15+) or " (P %)" (9.5-14). */
static bool S_pct(tr_cur *c, double *out, tr_vrange *r)
{
	if (!tr_cur_lit(c, " (") || !tr_sumparse_num(c, out, r))
		return false;
	if (tr_cur_lit(c, " %)"))
		tr_vrange_narrow(r, TR_PGBENCH_9X, 14);
	else if (tr_cur_lit(c, "%)"))
		tr_vrange_narrow(r, 15, TR_PGBENCH_ANY);
	else
		return false;
	return true;
}

/* " ms" after a number, then the end of the line. */
static bool S_ms_end(tr_cur *c)
{
	return tr_cur_lit(c, " ms") && tr_sumparse_end(c);
}

/* ---- one parser a line kind ----------------------------------------- */

int64_t *tr_sumline_i64(tr_sumline *l, size_t field)
{
	return (int64_t *)(void *)((char *)l->into + field);
}

int tr_sumline_count(tr_sumline *l, size_t field)
{
	int64_t n;
	if ((l->ok = tr_cur_count(l->c, &n) && tr_sumparse_end(l->c)))
		*tr_sumline_i64(l, field) = n;
	return 0;
}

int tr_sumline_ms(tr_sumline *l, size_t field)
{
	double x;
	if ((l->ok = tr_sumparse_num(l->c, &x, &l->r) && S_ms_end(l->c)))
		*(double *)(void *)((char *)l->into + field) = x;
	return 0;
}

/* "N": an int field. */
static int S_int_line(tr_sumline *l, size_t field)
{
	int i;
	if ((l->ok = S_int(l->c, &i) && tr_sumparse_end(l->c)))
		*(int *)(void *)((char *)l->into + field) = i;
	return 0;
}

/* "N (P%)": the count, an int64_t field (the share is pgbench's own
 * arithmetic, not kept). */
static int S_count_pct(tr_sumline *l, size_t field)
{
	int64_t n;
	double x;
	if ((l->ok = tr_cur_count(l->c, &n) && S_pct(l->c, &x, &l->r) &&
	             tr_sumparse_end(l->c)))
		*tr_sumline_i64(l, field) = n;
	return 0;
}

static int S_pmethod(tr_sumline *l, size_t field)
{
	const char *w = l->c->p;
	(void)field;
	if (!tr_cur_lit(l->c, "range") && !tr_cur_lit(l->c, "hash"))
		return 0;
	if ((l->ok = tr_sumparse_end(l->c)) &&
	    !(l->st->out->partition_method = tr_strndup(w, (size_t)(l->c->p - w))))
		return TR_ENOMEM;
	return 0;
}

static int S_qmode(tr_sumline *l, size_t field)
{
	static const char *const modes[] = { "simple", "extended", "prepared" };
	(void)field;
	for (size_t j = 0; j < TR_ARRAY_SIZE(modes); j++) {
		tr_cur d = *l->c;
		if (tr_cur_lit(&d, modes[j]) && tr_sumparse_end(&d)) {
			l->ok = true;
			if (!(l->st->out->query_mode = tr_strdup(modes[j])))
				return TR_ENOMEM;
			return 0;
		}
	}
	return 0;
}

/* -t and -T exclude each other: a line of the other is an error. */
static int S_not_both(tr_sumline *l, int other)
{
	if (!l->st->main_seen[other])
		return 0;
	return tr_sumparse_bad(l->st, l->line, l->p, l->len, "a run has either a "
	                       "duration or a number of transactions, not both");
}

static int S_perclient(tr_sumline *l, size_t field)
{
	int rc = S_not_both(l, TR_SUMK_DURATION);
	return rc < 0 ? rc : tr_sumline_count(l, field);
}

static int S_duration(tr_sumline *l, size_t field)
{
	int i, rc = S_not_both(l, TR_SUMK_PERCLIENT);
	if (rc < 0)
		return rc;
	if ((l->ok = S_int(l->c, &i) && tr_cur_lit(l->c, " s") &&
	             tr_sumparse_end(l->c)))
		*(int *)(void *)((char *)l->into + field) = i;
	return 0;
}

/* "N", or "N/M" after "number of transactions per client" (-t). */
static int S_processed(tr_sumline *l, size_t field)
{
	int64_t n, m = -1;
	(void)field;
	if (!tr_cur_count(l->c, &n) ||
	    (tr_cur_lit(l->c, "/") && !tr_cur_count(l->c, &m)) ||
	    !tr_sumparse_end(l->c))
		return 0;
	if ((m >= 0) != (l->st->main_seen[TR_SUMK_PERCLIENT] != 0))
		return tr_sumparse_bad(l->st, l->line, l->p, l->len,
		                       m >= 0 ? "\"N/M\" is printed only after "
		                       "\"number of transactions per client\""
		                              : "expected \"N/M\" after \"number of "
		                       "transactions per client\"");
	l->st->out->transactions = n;
	l->st->out->transactions_target = m;
	l->ok = true;
	return 0;
}

static int S_zipf(tr_sumline *l, size_t field)
{
	int64_t n;
	(void)field;
	if ((l->ok = tr_cur_count(l->c, &n) && tr_cur_lit(l->c, " time(s)") &&
	             tr_sumparse_end(l->c)))
		l->st->out->zipfian_overflows = n;
	return 0;
}

static int S_failed(tr_sumline *l, size_t field)
{
	int64_t n;
	double x;
	(void)field;
	if (!(l->ok = tr_cur_count(l->c, &n) && S_pct(l->c, &x, &l->r) &&
	              tr_sumparse_end(l->c)))
		return 0;
	l->st->out->failed = n;
	l->st->out->failed_pct = x;
	/* "(NaN%)": nothing at all was counted; 18 returns before printing
	 * this line then. */
	if (isnan(x))
		tr_vrange_narrow(&l->r, 15, 17);
	return 0;
}

/* "number of transactions above the L ms latency limit: ": 9.5-10 print
 * "N (P %)", 11-14 "N/M (P %)", 15+ "N/M (P%)". */
static int S_late(tr_sumline *l, size_t field)
{
	double limit, pct;
	int64_t n, m;
	(void)field;
	if (!tr_sumparse_num(l->c, &limit, &l->r) ||
	    !tr_cur_lit(l->c, " ms latency limit: ") || !tr_cur_count(l->c, &n))
		return 0;
	if (tr_cur_lit(l->c, "/")) {
		if (!tr_cur_count(l->c, &m))
			return 0;
		tr_vrange_narrow(&l->r, 11, TR_PGBENCH_ANY);
	} else {
		tr_vrange_narrow(&l->r, TR_PGBENCH_9X, 10);
	}
	if (!S_pct(l->c, &pct, &l->r) || !tr_sumparse_end(l->c))
		return 0;
	l->st->out->latency_limit_ms = limit;
	l->st->out->above_limit = n;
	l->ok = true;
	return 0;
}

/* "X ms", and " (including failures)" after it in 15+. */
static int S_latavg(tr_sumline *l, size_t field)
{
	double x;
	bool incl;
	(void)field;
	if (!tr_sumparse_num(l->c, &x, &l->r) || !tr_cur_lit(l->c, " ms"))
		return 0;
	if ((incl = tr_cur_lit(l->c, " (including failures)")))
		tr_vrange_narrow(&l->r, 15, TR_PGBENCH_ANY);
	if ((l->ok = tr_sumparse_end(l->c))) {
		l->st->out->latency_avg_ms = x;
		l->st->out->latency_includes_failures = incl;
	}
	return 0;
}

static int S_lag(tr_sumline *l, size_t field)
{
	double x, y;
	(void)field;
	if ((l->ok = tr_cur_lit(l->c, "avg ") && tr_sumparse_num(l->c, &x, &l->r) &&
	             tr_cur_lit(l->c, " (max ") && tr_sumparse_num(l->c, &y, &l->r) &&
	             tr_cur_lit(l->c, ") ms") && tr_sumparse_end(l->c))) {
		l->st->out->lag_avg_ms = x;
		l->st->out->lag_max_ms = y;
	}
	return 0;
}

/* Both tps lines: which one it is sets l->kind. */
static int S_tps(tr_sumline *l, size_t field)
{
	static const struct {
		const char *suffix;
		tr_tps_form form;
		int vmin, vmax;
	} forms[] = {
		{ " (including connections establishing)", TR_TPS_UNKNOWN, TR_PGBENCH_9X, 13 },
		{ " (excluding connections establishing)", TR_TPS_EXCLUDING_CONNECTIONS, TR_PGBENCH_9X, 13 },
		{ " (without initial connection time)", TR_TPS_WITHOUT_INITIAL, 14, TR_PGBENCH_ANY },
		{ " (including reconnection times)", TR_TPS_INCLUDING_RECONNECTS, 14, TR_PGBENCH_ANY },
	};
	double v;
	size_t i;
	(void)field;
	if (!tr_sumparse_num(l->c, &v, &l->r))
		return tr_sumparse_bad(l->st, l->line, l->p, l->len,
		                       "expected \"tps = X (...)\"");
	for (i = 0; i < TR_ARRAY_SIZE(forms); i++)
		if (tr_cur_lit(l->c, forms[i].suffix))
			break;
	if (i == TR_ARRAY_SIZE(forms) || !tr_sumparse_end(l->c))
		return tr_sumparse_bad(l->st, l->line, l->p, l->len,
		                       "unknown kind of tps line");
	tr_vrange_narrow(&l->r, forms[i].vmin, forms[i].vmax);
	l->ok = true;
	if (forms[i].form == TR_TPS_UNKNOWN) {
		l->st->out->tps_including_connections = v;
		l->kind = TR_SUMK_TPSINCL;
		return 0;
	}
	l->st->out->tps = v;
	l->st->out->tps_form = forms[i].form;
	return 0;
}

/* One main-block line of kind k, its prefix already read. Returns the
 * kind it turned out to be (the tps lines), or an error. */
int tr_sumparse_main_line(tr_sumparse *st, int k, tr_cur *c, const char *p,
                          size_t len, long line)
{
	tr_sumline l = { st, st->out, c, p, len, line,
	                 { S_kinds[k].vmin, S_kinds[k].vmax }, k, false };
	int rc;
	if (S_kinds[k].parse &&
	    (rc = S_kinds[k].parse(&l, S_kinds[k].field)) < 0)
		return rc;
	if ((rc = tr_sumparse_done(st, line, p, len, l.ok, "", S_kinds[l.kind].form,
	                           &l.r)) < 0)
		return rc;
	return l.kind;
}

int tr_sumparse_check_main(tr_sumparse *st, long line, const char *p,
                           size_t len)
{
	static const int needed[] = { TR_SUMK_SCALE, TR_SUMK_QMODE, TR_SUMK_CLIENTS, TR_SUMK_THREADS,
	                              TR_SUMK_PROCESSED };
	const long *seen = st->main_seen;
	const char *missing = NULL;
	for (size_t i = 0; i < TR_ARRAY_SIZE(needed) && !missing; i++)
		if (!seen[needed[i]])
			missing = S_kinds[needed[i]].form;
	if (!missing && !seen[TR_SUMK_DURATION] && !seen[TR_SUMK_PERCLIENT])
		missing = S_kinds[TR_SUMK_DURATION].form;
	if (!missing && (seen[TR_SUMK_PMETHOD] != 0) != (seen[TR_SUMK_PARTS] != 0))
		missing = seen[TR_SUMK_PMETHOD] ? S_kinds[TR_SUMK_PARTS].form
		                          : S_kinds[TR_SUMK_PMETHOD].form;
	if (!missing) {
		switch (st->out->tps_form) {
		case TR_TPS_EXCLUDING_CONNECTIONS:
			if (!seen[TR_SUMK_TPSINCL])
				missing = S_kinds[TR_SUMK_TPSINCL].form;
			break;
		case TR_TPS_WITHOUT_INITIAL:
			if (!seen[TR_SUMK_INITCONN])
				missing = S_kinds[TR_SUMK_INITCONN].form;
			break;
		default:
			if (!seen[TR_SUMK_AVGCONN])
				missing = S_kinds[TR_SUMK_AVGCONN].form;
			break;
		}
	}
	/* 10+ print a latency average whenever a transaction ran; 9.2-9.3
	 * print none (the run's latency is then unknown, not an error). */
	if (!missing && !seen[TR_SUMK_LATAVG] && !seen[TR_SUMK_LATAVG9] &&
	    st->out->transactions > 0) {
		int rc = tr_sumparse_clue(st, line, TR_PGBENCH_9X, TR_PGBENCH_9X);
		if (rc < 0)
			return rc;
	}
	if (missing) {
		char why[200];
		snprintf(why, sizeof(why), "the summary before it has no \"%s\" "
		         "line", missing);
		return tr_sumparse_bad(st, line, p, len, why);
	}
	return 0;
}
