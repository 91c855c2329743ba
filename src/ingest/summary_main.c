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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- line forms ------------------------------------------------------ */

/* Each kind: how its line starts, its form for messages, and the majors
 * that print it at all (finer clues come from how it is printed). */
static const struct {
	const char *prefix;
	const char *form;
	int vmin, vmax;
} S_kinds[TR_SUMK_COUNT] = {
	[TR_SUMK_TTYPE] = { "transaction type: ", "transaction type: NAME", 0, TR_PGBENCH_ANY },
	[TR_SUMK_SCALE] = { "scaling factor: ", "scaling factor: N", 0, TR_PGBENCH_ANY },
	[TR_SUMK_PMETHOD] = { "partition method: ", "partition method: range|hash", 13, TR_PGBENCH_ANY },
	[TR_SUMK_PARTS] = { "partitions: ", "partitions: N", 13, TR_PGBENCH_ANY },
	[TR_SUMK_QMODE] = { "query mode: ", "query mode: simple|extended|prepared", 0, TR_PGBENCH_ANY },
	[TR_SUMK_CLIENTS] = { "number of clients: ", "number of clients: N", 0, TR_PGBENCH_ANY },
	[TR_SUMK_THREADS] = { "number of threads: ", "number of threads: N", 0, TR_PGBENCH_ANY },
	[TR_SUMK_MAXTRIES] = { "maximum number of tries: ", "maximum number of tries: N", 15, TR_PGBENCH_ANY },
	[TR_SUMK_PERCLIENT] = { "number of transactions per client: ", "number of transactions per client: N", 0, TR_PGBENCH_ANY },
	[TR_SUMK_DURATION] = { "duration: ", "duration: N s", 0, TR_PGBENCH_ANY },
	[TR_SUMK_PROCESSED] = { "number of transactions actually processed: ", "number of transactions actually processed: N or N/M", 0, TR_PGBENCH_ANY },
	[TR_SUMK_ZIPF] = { "zipfian cache array overflowed ", "zipfian cache array overflowed N time(s)", 11, 11 },
	[TR_SUMK_FAILED] = { "number of failed transactions: ", "number of failed transactions: N (P%)", 15, TR_PGBENCH_ANY },
	[TR_SUMK_SERIAL] = { "number of serialization failures: ", "number of serialization failures: N (P%)", 15, TR_PGBENCH_ANY },
	[TR_SUMK_DEADLOCK] = { "number of deadlock failures: ", "number of deadlock failures: N (P%)", 15, TR_PGBENCH_ANY },
	[TR_SUMK_RETRIED] = { "number of transactions retried: ", "number of transactions retried: N (P%)", 15, TR_PGBENCH_ANY },
	[TR_SUMK_RETRIES] = { "total number of retries: ", "total number of retries: N", 15, TR_PGBENCH_ANY },
	[TR_SUMK_SKIPPED] = { "number of transactions skipped: ", "number of transactions skipped: N (P%)", 0, TR_PGBENCH_ANY },
	[TR_SUMK_LATE] = { "number of transactions above the ", "number of transactions above the L ms latency limit: N/M (P%)", 0, TR_PGBENCH_ANY },
	[TR_SUMK_LATAVG] = { "latency average = ", "latency average = X ms", 0, TR_PGBENCH_ANY },
	[TR_SUMK_LATSTD] = { "latency stddev = ", "latency stddev = X ms", 0, TR_PGBENCH_ANY },
	[TR_SUMK_LAG] = { "rate limit schedule lag: ", "rate limit schedule lag: avg X (max Y) ms", 0, TR_PGBENCH_ANY },
	[TR_SUMK_INITCONN] = { "initial connection time = ", "initial connection time = X ms", 14, TR_PGBENCH_ANY },
	[TR_SUMK_AVGCONN] = { "average connection time = ", "average connection time = X ms", 14, TR_PGBENCH_ANY },
	/* both tps lines start alike; S_tps tells them apart */
	[TR_SUMK_TPSINCL] = { NULL, "tps = X (including connections establishing)", 10, 13 },
	[TR_SUMK_TPS] = { "tps = ", "tps = X (...)", 0, TR_PGBENCH_ANY },
};

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

/* " (P%)" (15+) or " (P %)" (10-14). */
static bool S_pct(tr_cur *c, double *out, tr_vrange *r)
{
	if (!tr_cur_lit(c, " (") || !tr_sumparse_num(c, out, r))
		return false;
	if (tr_cur_lit(c, " %)"))
		tr_vrange_narrow(r, 10, 14);
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

/* ---- main block lines ------------------------------------------------ */

static int S_tps(tr_sumparse *st, tr_cur *c, long line, const char *p,
                 size_t len, tr_vrange *r)
{
	static const struct {
		const char *suffix;
		tr_tps_form form;
		int vmin, vmax;
	} forms[] = {
		{ " (including connections establishing)", TR_TPS_UNKNOWN, 10, 13 },
		{ " (excluding connections establishing)", TR_TPS_EXCLUDING_CONNECTIONS, 10, 13 },
		{ " (without initial connection time)", TR_TPS_WITHOUT_INITIAL, 14, TR_PGBENCH_ANY },
		{ " (including reconnection times)", TR_TPS_INCLUDING_RECONNECTS, 14, TR_PGBENCH_ANY },
	};
	double v;
	size_t i;
	if (!tr_sumparse_num(c, &v, r))
		return tr_sumparse_bad(st, line, p, len, "expected \"tps = X (...)\"");
	for (i = 0; i < TR_ARRAY_SIZE(forms); i++)
		if (tr_cur_lit(c, forms[i].suffix))
			break;
	if (i == TR_ARRAY_SIZE(forms) || !tr_sumparse_end(c))
		return tr_sumparse_bad(st, line, p, len,
		                       "unknown kind of tps line");
	tr_vrange_narrow(r, forms[i].vmin, forms[i].vmax);
	if (forms[i].form == TR_TPS_UNKNOWN) {
		st->out->tps_including_connections = v;
		return TR_SUMK_TPSINCL;
	}
	st->out->tps = v;
	st->out->tps_form = forms[i].form;
	return TR_SUMK_TPS;
}

/* "number of transactions above the L ms latency limit: ": 10 prints
 * "N (P %)", 11-14 "N/M (P %)", 15+ "N/M (P%)". */
static bool S_late(tr_sumparse *st, tr_cur *c, tr_vrange *r)
{
	double limit, pct;
	int64_t n, m;
	if (!tr_sumparse_num(c, &limit, r) || !tr_cur_lit(c, " ms latency limit: ") ||
	    !tr_cur_count(c, &n))
		return false;
	if (tr_cur_lit(c, "/")) {
		if (!tr_cur_count(c, &m))
			return false;
		tr_vrange_narrow(r, 11, TR_PGBENCH_ANY);
	} else {
		tr_vrange_narrow(r, 10, 10);
	}
	if (!S_pct(c, &pct, r) || !tr_sumparse_end(c))
		return false;
	st->out->latency_limit_ms = limit;
	st->out->above_limit = n;
	return true;
}

/* One main-block line of kind k, its prefix already read. Returns the
 * kind it turned out to be (the tps lines), or an error. */
int tr_sumparse_main_line(tr_sumparse *st, int k, tr_cur *c, const char *p,
                          size_t len, long line)
{
	tr_summary *o = st->out;
	tr_vrange r = { S_kinds[k].vmin, S_kinds[k].vmax };
	int64_t n, m;
	double x, y;
	int i;
	bool ok = false;
	int rc;

	switch (k) {
	case TR_SUMK_SCALE:
		if ((ok = tr_cur_count(c, &n) && tr_sumparse_end(c)))
			o->scale = n;
		break;
	case TR_SUMK_PMETHOD: {
		const char *w = c->p;
		if (tr_cur_lit(c, "range") || tr_cur_lit(c, "hash")) {
			size_t wl = (size_t)(c->p - w);
			if ((ok = tr_sumparse_end(c)) &&
			    !(o->partition_method = tr_strndup(w, wl)))
				return TR_ENOMEM;
		}
		break;
	}
	case TR_SUMK_PARTS:
		if ((ok = S_int(c, &i) && tr_sumparse_end(c)))
			o->partitions = i;
		break;
	case TR_SUMK_QMODE: {
		static const char *const modes[] = { "simple", "extended", "prepared" };
		for (size_t j = 0; j < TR_ARRAY_SIZE(modes) && !ok; j++) {
			tr_cur d = *c;
			if (tr_cur_lit(&d, modes[j]) && tr_sumparse_end(&d)) {
				ok = true;
				if (!(o->query_mode = tr_strdup(modes[j])))
					return TR_ENOMEM;
			}
		}
		break;
	}
	case TR_SUMK_CLIENTS:
		if ((ok = S_int(c, &i) && tr_sumparse_end(c)))
			o->clients = i;
		break;
	case TR_SUMK_THREADS:
		if ((ok = S_int(c, &i) && tr_sumparse_end(c)))
			o->threads = i;
		break;
	case TR_SUMK_MAXTRIES:
		if ((ok = S_int(c, &i) && tr_sumparse_end(c)))
			o->max_tries = i;
		break;
	case TR_SUMK_PERCLIENT:
		if (st->main_seen[TR_SUMK_DURATION])
			return tr_sumparse_bad(st, line, p, len, "a run has "
			                       "either a duration or a number of "
			                       "transactions, not both");
		if ((ok = tr_cur_count(c, &n) && tr_sumparse_end(c)))
			o->transactions_per_client = n;
		break;
	case TR_SUMK_DURATION:
		if (st->main_seen[TR_SUMK_PERCLIENT])
			return tr_sumparse_bad(st, line, p, len, "a run has "
			                       "either a duration or a number of "
			                       "transactions, not both");
		if ((ok = S_int(c, &i) && tr_cur_lit(c, " s") && tr_sumparse_end(c)))
			o->duration_s = i;
		break;
	case TR_SUMK_PROCESSED:
		if (!tr_cur_count(c, &n))
			break;
		m = -1;
		if (tr_cur_lit(c, "/") && !tr_cur_count(c, &m))
			break;
		if (!tr_sumparse_end(c))
			break;
		if ((m >= 0) != (st->main_seen[TR_SUMK_PERCLIENT] != 0))
			return tr_sumparse_bad(st, line, p, len,
			                       m >= 0 ? "\"N/M\" is printed only "
			                       "after \"number of transactions per "
			                       "client\"" : "expected \"N/M\" after "
			                       "\"number of transactions per client\"");
		o->transactions = n;
		o->transactions_target = m;
		ok = true;
		break;
	case TR_SUMK_ZIPF:
		if ((ok = tr_cur_count(c, &n) && tr_cur_lit(c, " time(s)") && tr_sumparse_end(c)))
			o->zipfian_overflows = n;
		break;
	case TR_SUMK_FAILED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && tr_sumparse_end(c))) {
			o->failed = n;
			o->failed_pct = x;
			/* "(NaN%)": nothing at all was counted; 18 returns
			 * before printing this line then. */
			if (isnan(x))
				tr_vrange_narrow(&r, 15, 17);
		}
		break;
	case TR_SUMK_SERIAL:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && tr_sumparse_end(c)))
			o->serialization_failures = n;
		break;
	case TR_SUMK_DEADLOCK:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && tr_sumparse_end(c)))
			o->deadlock_failures = n;
		break;
	case TR_SUMK_RETRIED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && tr_sumparse_end(c)))
			o->retried = n;
		break;
	case TR_SUMK_RETRIES:
		if ((ok = tr_cur_count(c, &n) && tr_sumparse_end(c)))
			o->retries = n;
		break;
	case TR_SUMK_SKIPPED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && tr_sumparse_end(c)))
			o->skipped = n;
		break;
	case TR_SUMK_LATE:
		ok = S_late(st, c, &r);
		break;
	case TR_SUMK_LATAVG: {
		bool incl;
		if (!tr_sumparse_num(c, &x, &r) || !tr_cur_lit(c, " ms"))
			break;
		if ((incl = tr_cur_lit(c, " (including failures)")))
			tr_vrange_narrow(&r, 15, TR_PGBENCH_ANY);
		if ((ok = tr_sumparse_end(c))) {
			o->latency_avg_ms = x;
			o->latency_includes_failures = incl;
		}
		break;
	}
	case TR_SUMK_LATSTD:
		if ((ok = tr_sumparse_num(c, &x, &r) && S_ms_end(c)))
			o->latency_stddev_ms = x;
		break;
	case TR_SUMK_LAG:
		if ((ok = tr_cur_lit(c, "avg ") && tr_sumparse_num(c, &x, &r) &&
		          tr_cur_lit(c, " (max ") && tr_sumparse_num(c, &y, &r) &&
		          tr_cur_lit(c, ") ms") && tr_sumparse_end(c))) {
			o->lag_avg_ms = x;
			o->lag_max_ms = y;
		}
		break;
	case TR_SUMK_INITCONN:
		if ((ok = tr_sumparse_num(c, &x, &r) && S_ms_end(c)))
			o->initial_connection_ms = x;
		break;
	case TR_SUMK_AVGCONN:
		if ((ok = tr_sumparse_num(c, &x, &r) && S_ms_end(c)))
			o->average_connection_ms = x;
		break;
	case TR_SUMK_TPS:
		if ((rc = S_tps(st, c, line, p, len, &r)) < 0)
			return rc;
		k = rc;
		ok = true;
		break;
	default:
		break;
	}
	if ((rc = tr_sumparse_done(st, line, p, len, ok, "", S_kinds[k].form, &r)) < 0)
		return rc;
	return k;
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
	if (missing) {
		char why[200];
		snprintf(why, sizeof(why), "the summary before it has no \"%s\" "
		         "line", missing);
		return tr_sumparse_bad(st, line, p, len, why);
	}
	return 0;
}
