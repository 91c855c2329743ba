/*
 * summary.c: find pgbench's end-of-run summary (printResults) in a run's
 * text and read its main block, for pgbench 10-18 (SPEC.md §1).
 *
 * The text may also hold pgbench's stderr (users run `pgbench ... 2>&1 |
 * tee run1.txt`): the version line, "starting vacuum...end." and vacuum
 * errors, progress lines, -d debug output, server NOTICEs, client aborts
 * and "Run was aborted". Before the summary, everything but the version
 * line and abort messages is skipped. Inside it, lines are read strictly:
 * a known line that does not parse is an error, and an unknown line ends
 * the summary unless more summary lines follow it (then it is an error).
 *
 * Per-script sections and -r rows are in summary_scripts.c.
 */

#include "summary_priv.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the lines of the main block ------------------------------------- */

enum {
	K_TTYPE, K_SCALE, K_PMETHOD, K_PARTS, K_QMODE, K_CLIENTS, K_THREADS,
	K_MAXTRIES, K_PERCLIENT, K_DURATION, K_PROCESSED, K_ZIPF, K_FAILED,
	K_SERIAL, K_DEADLOCK, K_RETRIED, K_RETRIES, K_SKIPPED, K_LATE,
	K_LATAVG, K_LATSTD, K_LAG, K_INITCONN, K_AVGCONN, K_TPSINCL, K_TPS,
	K_COUNT
};

/* Each kind: how its line starts, its form for messages, and the majors
 * that print it at all (finer clues come from how it is printed). */
static const struct {
	const char *prefix;
	const char *form;
	int vmin, vmax;
} S_kinds[K_COUNT] = {
	[K_TTYPE] = { "transaction type: ", "transaction type: NAME", 0, TR_PGBENCH_ANY },
	[K_SCALE] = { "scaling factor: ", "scaling factor: N", 0, TR_PGBENCH_ANY },
	[K_PMETHOD] = { "partition method: ", "partition method: range|hash", 13, TR_PGBENCH_ANY },
	[K_PARTS] = { "partitions: ", "partitions: N", 13, TR_PGBENCH_ANY },
	[K_QMODE] = { "query mode: ", "query mode: simple|extended|prepared", 0, TR_PGBENCH_ANY },
	[K_CLIENTS] = { "number of clients: ", "number of clients: N", 0, TR_PGBENCH_ANY },
	[K_THREADS] = { "number of threads: ", "number of threads: N", 0, TR_PGBENCH_ANY },
	[K_MAXTRIES] = { "maximum number of tries: ", "maximum number of tries: N", 15, TR_PGBENCH_ANY },
	[K_PERCLIENT] = { "number of transactions per client: ", "number of transactions per client: N", 0, TR_PGBENCH_ANY },
	[K_DURATION] = { "duration: ", "duration: N s", 0, TR_PGBENCH_ANY },
	[K_PROCESSED] = { "number of transactions actually processed: ", "number of transactions actually processed: N or N/M", 0, TR_PGBENCH_ANY },
	[K_ZIPF] = { "zipfian cache array overflowed ", "zipfian cache array overflowed N time(s)", 11, 11 },
	[K_FAILED] = { "number of failed transactions: ", "number of failed transactions: N (P%)", 15, TR_PGBENCH_ANY },
	[K_SERIAL] = { "number of serialization failures: ", "number of serialization failures: N (P%)", 15, TR_PGBENCH_ANY },
	[K_DEADLOCK] = { "number of deadlock failures: ", "number of deadlock failures: N (P%)", 15, TR_PGBENCH_ANY },
	[K_RETRIED] = { "number of transactions retried: ", "number of transactions retried: N (P%)", 15, TR_PGBENCH_ANY },
	[K_RETRIES] = { "total number of retries: ", "total number of retries: N", 15, TR_PGBENCH_ANY },
	[K_SKIPPED] = { "number of transactions skipped: ", "number of transactions skipped: N (P%)", 0, TR_PGBENCH_ANY },
	[K_LATE] = { "number of transactions above the ", "number of transactions above the L ms latency limit: N/M (P%)", 0, TR_PGBENCH_ANY },
	[K_LATAVG] = { "latency average = ", "latency average = X ms", 0, TR_PGBENCH_ANY },
	[K_LATSTD] = { "latency stddev = ", "latency stddev = X ms", 0, TR_PGBENCH_ANY },
	[K_LAG] = { "rate limit schedule lag: ", "rate limit schedule lag: avg X (max Y) ms", 0, TR_PGBENCH_ANY },
	[K_INITCONN] = { "initial connection time = ", "initial connection time = X ms", 14, TR_PGBENCH_ANY },
	[K_AVGCONN] = { "average connection time = ", "average connection time = X ms", 14, TR_PGBENCH_ANY },
	/* both tps lines start alike; S_tps tells them apart */
	[K_TPSINCL] = { NULL, "tps = X (including connections establishing)", 10, 13 },
	[K_TPS] = { "tps = ", "tps = X (...)", 0, TR_PGBENCH_ANY },
};

/* A version range being narrowed while one line is read. */
typedef struct S_range {
	int min, max;
} S_range;

static void S_narrow(S_range *r, int min, int max)
{
	if (min > r->min)
		r->min = min;
	if (max < r->max)
		r->max = max;
}

static int S_kind_of(const char *p, size_t len, tr_cur *rest)
{
	for (int k = 0; k < K_COUNT; k++) {
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

/* The end of a line: pgbench prints no trailing blanks, but an editor may
 * leave some; nothing else may follow. */
static bool S_end(tr_cur *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
	return tr_cur_done(c);
}

/* A non-negative quantity printed with %f / %.Nf; NaN and infinities
 * too, their spelling narrowing the version (10-11 libc, 12+ PG). */
static bool S_num(tr_cur *c, double *out, S_range *r)
{
	tr_numstyle style;
	if (!tr_cur_number(c, out, NULL, &style))
		return false;
	if (style == TR_NUM_FINITE && *out < 0)
		return false;
	if (style == TR_NUM_LIBC)
		S_narrow(r, 10, 11);
	else if (style == TR_NUM_PG)
		S_narrow(r, 12, TR_PGBENCH_ANY);
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
static bool S_pct(tr_cur *c, double *out, S_range *r)
{
	if (!tr_cur_lit(c, " (") || !S_num(c, out, r))
		return false;
	if (tr_cur_lit(c, " %)"))
		S_narrow(r, 10, 14);
	else if (tr_cur_lit(c, "%)"))
		S_narrow(r, 15, TR_PGBENCH_ANY);
	else
		return false;
	return true;
}

/* " ms" after a number, then the end of the line. */
static bool S_ms_end(tr_cur *c)
{
	return tr_cur_lit(c, " ms") && S_end(c);
}

/* ---- messages and version clues -------------------------------------- */

int tr_sumparse_bad(tr_sumparse *st, long line, const char *p, size_t len,
                    const char *why)
{
	tr_buf ex = TR_BUF_INIT;
	tr_pgtext_excerpt(&ex, p, len);
	tr_error_set_at(st->path, line, "malformed pgbench summary line \"%s\": %s",
	                tr_buf_cstr(&ex), why);
	tr_buf_free(&ex);
	return TR_EINVALID;
}

int tr_sumparse_text(tr_sumparse *st, char **out, long line, const char *p,
                     size_t len)
{
	if (memchr(p, '\0', len))
		return tr_sumparse_bad(st, line, p, len, "it holds a NUL byte");
	*out = tr_strndup(p, len);
	return *out ? 0 : TR_ENOMEM;
}

static void S_range_text(char *buf, size_t size, int min, int max)
{
	if (max >= TR_PGBENCH_ANY)
		snprintf(buf, size, "%d and later", min);
	else if (min == max)
		snprintf(buf, size, "%d", min);
	else
		snprintf(buf, size, "%d-%d", min, max);
}

static int S_conflict(tr_sumparse *st, long line, int min, int max,
                      long other, int omin, int omax)
{
	char a[32], b[32];
	S_range_text(a, sizeof(a), min, max);
	S_range_text(b, sizeof(b), omin, omax);
	if (other == st->version_line)
		return tr_error_set_at(st->path, line,
		                       "pgbench %s (line %ld) does not print this "
		                       "line; it comes from pgbench %s", b, other, a);
	return tr_error_set_at(st->path, line,
	                       "no pgbench prints both this line (pgbench %s) "
	                       "and line %ld (pgbench %s): is this one run's "
	                       "output?", a, other, b);
}

int tr_sumparse_clue(tr_sumparse *st, long line, int min, int max)
{
	if (min > st->vmax)
		return S_conflict(st, line, min, max, st->vmax_line,
		                  st->vmax_line_min, st->vmax);
	if (max < st->vmin)
		return S_conflict(st, line, min, max, st->vmin_line, st->vmin,
		                  st->vmin_line_max);
	if (min > st->vmin) {
		st->vmin = min;
		st->vmin_line = line;
		st->vmin_line_max = max;
	}
	if (max < st->vmax) {
		st->vmax = max;
		st->vmax_line = line;
		st->vmax_line_min = min;
	}
	return 0;
}

/* ---- the version line (14+) ------------------------------------------ */

/* "pgbench (15.18 (Debian 15.18-0+deb12u1))" or "pgbench (14.5, server
 * 15.2)": the version strings may hold parentheses themselves. */
static bool S_is_version_line(const char *p, size_t len)
{
	return len > 10 && memcmp(p, "pgbench (", 9) == 0 && p[len - 1] == ')' &&
	       p[9] >= '0' && p[9] <= '9';
}

static int S_version_line(tr_sumparse *st, const char *p, size_t len, long line)
{
	tr_summary *o = st->out;
	const char *in = p + 9, *end = p + len - 1, *split = NULL;
	int depth = 0, major = 0;
	int rc;

	if (st->version_line)
		return tr_error_set_at(st->path, line,
		                       "a second pgbench run starts here (the "
		                       "first at line %ld): keep one run per file",
		                       st->version_line);
	for (const char *q = in; q < end && !split; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')')
			depth--;
		else if (depth == 0 && (size_t)(end - q) >= 9 &&
		         memcmp(q, ", server ", 9) == 0)
			split = q;
	}
	for (const char *q = in; q < end && *q >= '0' && *q <= '9'; q++) {
		if (major > 99999)
			return tr_sumparse_bad(st, line, p, len, "version too large");
		major = major * 10 + (*q - '0');
	}
	rc = tr_sumparse_text(st, &o->version, line, in,
	                      (size_t)((split ? split : end) - in));
	if (rc == 0 && split)
		rc = tr_sumparse_text(st, &o->server_version, line, split + 9,
		                      (size_t)(end - split - 9));
	if (rc < 0)
		return rc;
	o->major = major;
	st->version_line = line;
	return tr_sumparse_clue(st, line, major, major);
}

/* ---- main block lines ------------------------------------------------ */

static int S_tps(tr_sumparse *st, tr_cur *c, long line, const char *p,
                 size_t len, S_range *r)
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
	if (!S_num(c, &v, r))
		return tr_sumparse_bad(st, line, p, len, "expected \"tps = X (...)\"");
	for (i = 0; i < TR_ARRAY_SIZE(forms); i++)
		if (tr_cur_lit(c, forms[i].suffix))
			break;
	if (i == TR_ARRAY_SIZE(forms) || !S_end(c))
		return tr_sumparse_bad(st, line, p, len,
		                       "unknown kind of tps line");
	S_narrow(r, forms[i].vmin, forms[i].vmax);
	if (forms[i].form == TR_TPS_UNKNOWN) {
		st->out->tps_including_connections = v;
		return K_TPSINCL;
	}
	st->out->tps = v;
	st->out->tps_form = forms[i].form;
	return K_TPS;
}

/* "number of transactions above the L ms latency limit: ": 10 prints
 * "N (P %)", 11-14 "N/M (P %)", 15+ "N/M (P%)". */
static bool S_late(tr_sumparse *st, tr_cur *c, S_range *r)
{
	double limit, pct;
	int64_t n, m;
	if (!S_num(c, &limit, r) || !tr_cur_lit(c, " ms latency limit: ") ||
	    !tr_cur_count(c, &n))
		return false;
	if (tr_cur_lit(c, "/")) {
		if (!tr_cur_count(c, &m))
			return false;
		S_narrow(r, 11, TR_PGBENCH_ANY);
	} else {
		S_narrow(r, 10, 10);
	}
	if (!S_pct(c, &pct, r) || !S_end(c))
		return false;
	st->out->latency_limit_ms = limit;
	st->out->above_limit = n;
	return true;
}

/* One main-block line of kind k, its prefix already read. Returns the
 * kind it turned out to be (the tps lines), or an error. */
static int S_main_line(tr_sumparse *st, int k, tr_cur *c, const char *p,
                       size_t len, long line)
{
	tr_summary *o = st->out;
	S_range r = { S_kinds[k].vmin, S_kinds[k].vmax };
	int64_t n, m;
	double x, y;
	int i;
	bool ok = false;
	int rc;

	switch (k) {
	case K_SCALE:
		if ((ok = tr_cur_count(c, &n) && S_end(c)))
			o->scale = n;
		break;
	case K_PMETHOD: {
		const char *w = c->p;
		if (tr_cur_lit(c, "range") || tr_cur_lit(c, "hash")) {
			size_t wl = (size_t)(c->p - w);
			if ((ok = S_end(c)) &&
			    !(o->partition_method = tr_strndup(w, wl)))
				return TR_ENOMEM;
		}
		break;
	}
	case K_PARTS:
		if ((ok = S_int(c, &i) && S_end(c)))
			o->partitions = i;
		break;
	case K_QMODE: {
		static const char *const modes[] = { "simple", "extended", "prepared" };
		for (size_t j = 0; j < TR_ARRAY_SIZE(modes) && !ok; j++) {
			tr_cur d = *c;
			if (tr_cur_lit(&d, modes[j]) && S_end(&d)) {
				ok = true;
				if (!(o->query_mode = tr_strdup(modes[j])))
					return TR_ENOMEM;
			}
		}
		break;
	}
	case K_CLIENTS:
		if ((ok = S_int(c, &i) && S_end(c)))
			o->clients = i;
		break;
	case K_THREADS:
		if ((ok = S_int(c, &i) && S_end(c)))
			o->threads = i;
		break;
	case K_MAXTRIES:
		if ((ok = S_int(c, &i) && S_end(c)))
			o->max_tries = i;
		break;
	case K_PERCLIENT:
		if (st->main_seen[K_DURATION])
			return tr_sumparse_bad(st, line, p, len, "a run has "
			                       "either a duration or a number of "
			                       "transactions, not both");
		if ((ok = tr_cur_count(c, &n) && S_end(c)))
			o->transactions_per_client = n;
		break;
	case K_DURATION:
		if (st->main_seen[K_PERCLIENT])
			return tr_sumparse_bad(st, line, p, len, "a run has "
			                       "either a duration or a number of "
			                       "transactions, not both");
		if ((ok = S_int(c, &i) && tr_cur_lit(c, " s") && S_end(c)))
			o->duration_s = i;
		break;
	case K_PROCESSED:
		if (!tr_cur_count(c, &n))
			break;
		m = -1;
		if (tr_cur_lit(c, "/") && !tr_cur_count(c, &m))
			break;
		if (!S_end(c))
			break;
		if ((m >= 0) != (st->main_seen[K_PERCLIENT] != 0))
			return tr_sumparse_bad(st, line, p, len,
			                       m >= 0 ? "\"N/M\" is printed only "
			                       "after \"number of transactions per "
			                       "client\"" : "expected \"N/M\" after "
			                       "\"number of transactions per client\"");
		o->transactions = n;
		o->transactions_target = m;
		ok = true;
		break;
	case K_ZIPF:
		if ((ok = tr_cur_count(c, &n) && tr_cur_lit(c, " time(s)") && S_end(c)))
			o->zipfian_overflows = n;
		break;
	case K_FAILED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && S_end(c))) {
			o->failed = n;
			o->failed_pct = x;
			/* "(NaN%)": nothing at all was counted; 18 returns
			 * before printing this line then. */
			if (isnan(x))
				S_narrow(&r, 15, 17);
		}
		break;
	case K_SERIAL:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && S_end(c)))
			o->serialization_failures = n;
		break;
	case K_DEADLOCK:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && S_end(c)))
			o->deadlock_failures = n;
		break;
	case K_RETRIED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && S_end(c)))
			o->retried = n;
		break;
	case K_RETRIES:
		if ((ok = tr_cur_count(c, &n) && S_end(c)))
			o->retries = n;
		break;
	case K_SKIPPED:
		if ((ok = tr_cur_count(c, &n) && S_pct(c, &x, &r) && S_end(c)))
			o->skipped = n;
		break;
	case K_LATE:
		ok = S_late(st, c, &r);
		break;
	case K_LATAVG: {
		bool incl;
		if (!S_num(c, &x, &r) || !tr_cur_lit(c, " ms"))
			break;
		if ((incl = tr_cur_lit(c, " (including failures)")))
			S_narrow(&r, 15, TR_PGBENCH_ANY);
		if ((ok = S_end(c))) {
			o->latency_avg_ms = x;
			o->latency_includes_failures = incl;
		}
		break;
	}
	case K_LATSTD:
		if ((ok = S_num(c, &x, &r) && S_ms_end(c)))
			o->latency_stddev_ms = x;
		break;
	case K_LAG:
		if ((ok = tr_cur_lit(c, "avg ") && S_num(c, &x, &r) &&
		          tr_cur_lit(c, " (max ") && S_num(c, &y, &r) &&
		          tr_cur_lit(c, ") ms") && S_end(c))) {
			o->lag_avg_ms = x;
			o->lag_max_ms = y;
		}
		break;
	case K_INITCONN:
		if ((ok = S_num(c, &x, &r) && S_ms_end(c)))
			o->initial_connection_ms = x;
		break;
	case K_AVGCONN:
		if ((ok = S_num(c, &x, &r) && S_ms_end(c)))
			o->average_connection_ms = x;
		break;
	case K_TPS:
		if ((rc = S_tps(st, c, line, p, len, &r)) < 0)
			return rc;
		k = rc;
		ok = true;
		break;
	default:
		break;
	}
	if (!ok) {
		char why[160];
		snprintf(why, sizeof(why), "expected \"%s\"", S_kinds[k].form);
		return tr_sumparse_bad(st, line, p, len, why);
	}
	if (r.min > r.max)
		return tr_sumparse_bad(st, line, p, len, "no pgbench prints "
		                       "this line like that");
	if ((rc = tr_sumparse_clue(st, line, r.min, r.max)) < 0)
		return rc;
	return k;
}

/* Lines pgbench prints together with the final tps line. */
static int S_check_main(tr_sumparse *st, long line, const char *p, size_t len)
{
	static const int needed[] = { K_SCALE, K_QMODE, K_CLIENTS, K_THREADS,
	                              K_PROCESSED };
	const long *seen = st->main_seen;
	const char *missing = NULL;
	for (size_t i = 0; i < TR_ARRAY_SIZE(needed) && !missing; i++)
		if (!seen[needed[i]])
			missing = S_kinds[needed[i]].form;
	if (!missing && !seen[K_DURATION] && !seen[K_PERCLIENT])
		missing = S_kinds[K_DURATION].form;
	if (!missing && (seen[K_PMETHOD] != 0) != (seen[K_PARTS] != 0))
		missing = seen[K_PMETHOD] ? S_kinds[K_PARTS].form
		                          : S_kinds[K_PMETHOD].form;
	if (!missing) {
		switch (st->out->tps_form) {
		case TR_TPS_EXCLUDING_CONNECTIONS:
			if (!seen[K_TPSINCL])
				missing = S_kinds[K_TPSINCL].form;
			break;
		case TR_TPS_WITHOUT_INITIAL:
			if (!seen[K_INITCONN])
				missing = S_kinds[K_INITCONN].form;
			break;
		default:
			if (!seen[K_AVGCONN])
				missing = S_kinds[K_AVGCONN].form;
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

/* ---- one line of the text -------------------------------------------- */

/* Does the line look like a line of the summary (main block or per-script
 * section)? Used to tell trailing text from damage inside the summary. */
static bool S_looks_like_summary(const char *p, size_t len)
{
	tr_cur c;
	if (S_kind_of(p, len, NULL) >= 0)
		return true;
	tr_cur_init(&c, p, len);
	return tr_cur_lit(&c, "SQL script ") ||
	       tr_cur_lit(&c, "script statistics:") ||
	       tr_cur_lit(&c, "statement latencies in milliseconds") ||
	       tr_cur_lit(&c, " - weight: ") ||
	       tr_cur_lit(&c, " - latency average = ") ||
	       tr_cur_lit(&c, " - number of transactions ") ||
	       tr_cur_lit(&c, " - statement latencies in milliseconds");
}

static int S_stderr_line(tr_sumparse *st, const char *p, size_t len, long line,
                         bool *consumed)
{
	tr_loglevel lvl;
	size_t mlen;
	const char *msg = tr_pgtext_message(&st->scratch, p, len, &mlen, &lvl);
	int form = tr_pgtext_run_aborted(msg, mlen);
	int rc = 0;

	*consumed = true;
	if (form) {
		st->out->aborted = true;
		if (!st->run_aborted_line)
			st->run_aborted_line = line;
		/* 12 printed it raw, 13-14 as fatal, 15+ as error; 17+ adds
		 * the --exit-on-abort form. */
		if (form == 2)
			rc = tr_sumparse_clue(st, line, 17, TR_PGBENCH_ANY);
		else if (lvl == TR_LVL_RAW)
			rc = tr_sumparse_clue(st, line, 12, 12);
		else if (lvl == TR_LVL_FATAL)
			rc = tr_sumparse_clue(st, line, 13, 14);
		else if (lvl == TR_LVL_ERROR)
			rc = tr_sumparse_clue(st, line, 15, TR_PGBENCH_ANY);
		return rc;
	}
	if (tr_pgtext_client_aborted(msg, mlen)) {
		st->out->aborted = true;
		st->out->clients_aborted++;
		if (!st->client_aborted_line)
			st->client_aborted_line = line;
		/* 10-12 printed it raw, 13+ through pg_log_error */
		return lvl == TR_LVL_RAW
		               ? tr_sumparse_clue(st, line, 10, 12)
		               : tr_sumparse_clue(st, line, 13, TR_PGBENCH_ANY);
	}
	/* Other stderr inside the summary is skipped (it cannot come from
	 * the run, but keeps a pasted-together file readable). */
	*consumed = st->state != TR_SUM_BEFORE &&
	            (lvl != TR_LVL_RAW || (len >= 10 && memcmp(p, "progress: ", 10) == 0));
	return 0;
}

/*
 * pgbench 12 writes "Run was aborted; ..." to stderr without flushing
 * stdout, whose buffer (4 KiB through a pipe) may then be cut in the
 * middle of a summary line: "         0.143  SELECT abRun was aborted;
 * the above results are incomplete.\n" + "alance ...\n". Returns how many
 * bytes of stdout precede the message (0: not such a line).
 */
static size_t S_cut_by_abort(const char *p, size_t len)
{
	static const char marker[] = "Run was aborted; the above results are incomplete.";
	const char *m = tr_pgtext_find(p, len, marker);
	size_t n;
	if (!m || m == p)
		return 0;
	n = (size_t)(m - p);
	if (n >= 16 && (memcmp(m - 16, "pgbench: error: ", 16) == 0 ||
	                memcmp(m - 16, "pgbench: fatal: ", 16) == 0))
		n -= 16;
	return n;
}

static int S_second_summary(tr_sumparse *st, long line)
{
	return tr_error_set_at(st->path, line,
	                       "a second pgbench summary starts here (the first "
	                       "at line %ld): keep one run per file",
	                       st->out->line);
}

static int S_line(tr_sumparse *st, const char *p, size_t len, long line,
                  size_t *cut)
{
	tr_summary *o = st->out;
	bool consumed;
	tr_cur c;
	int k, rc;

	*cut = 0;
	if ((rc = S_stderr_line(st, p, len, line, &consumed)) < 0 || consumed)
		return rc;
	if ((st->state == TR_SUM_MAIN || st->state == TR_SUM_SCRIPTS) &&
	    (*cut = S_cut_by_abort(p, len)) > 0) {
		o->aborted = true;
		if (!st->run_aborted_line)
			st->run_aborted_line = line;
		return tr_sumparse_clue(st, line, 12, 12);
	}

	if (S_is_version_line(p, len)) {
		if (st->state != TR_SUM_BEFORE)
			return tr_error_set_at(st->path, line,
			                       "a second pgbench run starts here "
			                       "(its summary at line %ld): keep one "
			                       "run per file", o->line);
		return S_version_line(st, p, len, line);
	}
	tr_cur_init(&c, p, len);
	if (tr_cur_lit(&c, S_kinds[K_TTYPE].prefix)) {
		if (st->state != TR_SUM_BEFORE)
			return S_second_summary(st, line);
		if ((size_t)(c.end - c.p) == 0)
			return tr_sumparse_bad(st, line, p, len,
			                       "no transaction type");
		if ((rc = tr_sumparse_text(st, &o->transaction_type, line, c.p,
		                           (size_t)(c.end - c.p))) < 0)
			return rc;
		o->line = line;
		st->main_seen[K_TTYPE] = line;
		st->state = TR_SUM_MAIN;
		return 0;
	}

	switch (st->state) {
	case TR_SUM_BEFORE:
		return 0;
	case TR_SUM_MAIN:
		if ((k = S_kind_of(p, len, &c)) < 0)
			break;
		if (k != K_TPS && st->main_seen[k])
			goto repeated;
		if ((k = S_main_line(st, k, &c, p, len, line)) < 0)
			return k;
		if (st->main_seen[k])
			goto repeated;
		st->main_seen[k] = line;
		if (k == K_TPS) {
			if ((rc = S_check_main(st, line, p, len)) < 0)
				return rc;
			st->state = TR_SUM_SCRIPTS;
		}
		return 0;
	case TR_SUM_SCRIPTS:
		if ((rc = tr_sumparse_script_line(st, p, len, line)) != 0)
			return rc < 0 ? rc : 0;
		break;
	case TR_SUM_AFTER:
		if (st->gap_line && S_looks_like_summary(p, len)) {
			tr_error_set_at(st->path, st->gap_line,
			                "unexpected line \"%s\" inside the pgbench "
			                "summary (it goes on at line %ld)",
			                tr_buf_cstr(&st->gap_text), line);
			return TR_EINVALID;
		}
		return 0;
	}
	/* A line that is not part of the summary: the summary ends here,
	 * unless more of it follows (see TR_SUM_AFTER). */
	st->complete_at_gap = st->state == TR_SUM_SCRIPTS;
	st->state = TR_SUM_AFTER;
	st->gap_line = line;
	tr_buf_clear(&st->gap_text);
	return tr_pgtext_excerpt(&st->gap_text, p, len);

repeated:
	{
		char why[160];
		snprintf(why, sizeof(why), "a second such line (the first at "
		         "line %ld)", st->main_seen[k]);
		return tr_sumparse_bad(st, line, p, len, why);
	}
}

/* ---- the whole text -------------------------------------------------- */

static int S_finish(tr_sumparse *st)
{
	tr_summary *o = st->out;

	if (st->state == TR_SUM_BEFORE && !o->aborted)
		return TR_ENOTFOUND;
	/* A run aborted before its summary (17+ --exit-on-abort, or output
	 * cut off) is still a run: the caller must know it was aborted. */
	o->complete = st->state == TR_SUM_SCRIPTS ||
	              (st->state == TR_SUM_AFTER && st->complete_at_gap);
	o->aborted_line = st->run_aborted_line ? st->run_aborted_line
	                                       : st->client_aborted_line;
	if (st->version_line) {
		o->major_min = o->major_max = o->major;
	} else {
		o->major_min = st->vmin > TR_PGBENCH_OLDEST ? st->vmin
		                                            : TR_PGBENCH_OLDEST;
		o->major_max = st->vmax < TR_PGBENCH_NEWEST ? st->vmax
		                                            : TR_PGBENCH_NEWEST;
		if (o->major_min > o->major_max)
			o->major_max = o->major_min;
	}
	return 0;
}

int tr_summary_parse(tr_summary *out, const char *text, size_t len,
                     const char *path)
{
	tr_sumparse st;
	tr_lineit it;
	tr_line ln;
	bool pending = false;
	int rc = 0;

	tr_summary_init(out);
	memset(&st, 0, sizeof(st));
	st.out = out;
	st.path = path ? path : "(text)";
	st.vmax = TR_PGBENCH_ANY;
	st.vmin_line_max = TR_PGBENCH_ANY;

	tr_lineit_init(&it, text, len, false);
	for (;;) {
		const char *p;
		size_t n, cut;
		long line;
		bool more = tr_lineit_next(&it, &ln), joined = false;

		if (!more && !pending)
			break;
		if (!more) {
			/* the rest of a cut stdout line never came */
			ln.p = "";
			ln.len = 0;
			ln.terminated = false;
		}
		p = ln.p;
		n = ln.len;
		line = ln.lineno;
		if (pending) {
			if ((rc = tr_buf_put(&st.joined, ln.p, ln.len)) < 0)
				goto cleanup;
			p = tr_buf_cstr(&st.joined);
			n = st.joined.size;
			line = st.joined_line;
			pending = false;
			joined = true;
		}
		rc = S_line(&st, p, n, line, &cut);
		if (rc == TR_EINVALID && !ln.terminated) {
			/* The text ends inside this line: a file cut short,
			 * not a malformed one. */
			tr_error_clear();
			rc = 0;
			cut = 0;
		}
		if (rc < 0)
			goto cleanup;
		if (cut > 0) {
			if (joined) {
				st.joined.size = cut;
				st.joined.ptr[cut] = '\0';
			} else {
				tr_buf_clear(&st.joined);
				if ((rc = tr_buf_put(&st.joined, p, cut)) < 0)
					goto cleanup;
			}
			st.joined_line = line;
			pending = true;
		}
		if (!more)
			break;
	}
	rc = S_finish(&st);

cleanup:
	tr_buf_free(&st.scratch);
	tr_buf_free(&st.joined);
	tr_buf_free(&st.gap_text);
	if (rc < 0)
		tr_summary_free(out);
	return rc;
}
