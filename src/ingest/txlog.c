/* txlog.c: pgbench's per-transaction logs (--log without
 * --aggregate-interval), and telling them from aggregate logs.
 *
 * One line per transaction (docs/formats.md):
 *
 *   client_id transaction_no latency|skipped|failed|serialization|deadlock
 *       script_no epoch_s epoch_us [lag] [retries]
 *
 * 6 fields; 7 with -R (lag) or, 15+, with max_tries != 1 (retries); 8 with
 * both. Every line of a file has the same count: the options that decide it
 * are the run's, not the transaction's.
 *
 * These files are big (a million lines per thread and minute is common),
 * so the reader is built around one loop over the buffer; see S_lines. */

#include "ingest.h"
#include "ingest_logscan_internal.h"
#include "util/error.h"
#include "util/number.h"

#include <math.h>
#include <string.h>

/* What a line is, from its third field. */
enum {
	S_BAD = 0,
	S_OK,
	S_SKIPPED,
	S_FAILED,
	S_SERIALIZATION,
	S_DEADLOCK,
	S_OTHER          /* 19devel --continue-on-error with details */
};

/* Limits that the hot loop checks by digit count (no per-digit overflow
 * test): ordinary fields up to 18 digits (below 10^18, so int64_t), epoch
 * seconds up to 12, epoch microseconds up to 6 (below 10^6). */
#define S_DIGITS 18
#define S_EPOCH_DIGITS 12
#define S_US_DIGITS 6

/* ---- everything the loop accumulates for one file -------------------- */

typedef struct S_acc {
	tr_hist *latency;                 /* the caller's: recorded into directly */
	/* Latencies counted straight into latency->dense by the hot loop
	 * (tr_hist_counted() adds them to its total): all the successful
	 * transactions but the `recorded` ones, which went through
	 * tr_hist_record. */
	uint64_t *dense;
	uint64_t ndense;
	int64_t recorded;
	int64_t transactions, skipped, failed, serialization, deadlock, other;
	int64_t lines;
	int64_t t_min, t_max;             /* epoch microseconds */
	/* The lag column (7 or 8 fields): successful transactions only, as
	 * pgbench's own "rate limit schedule lag" figures. */
	int64_t lag_n;
	uint64_t lag_sum, lag_min, lag_max;
	uint64_t lag_sq;                  /* squares while they fit, then */
	long double lag_sum2;             /* the rest */
	long double lag_sum_big;          /* the same for the sum */
	/* The retries column (7 or 8 fields): successful and failed ones, as
	 * pgbench counts them. */
	int64_t retried;
	uint64_t retries;
	bool retries_overflow;            /* their sum passed 2^64 */
	/* For guessing what a 7th column is (see S_decide_col7). */
	int64_t ok_zero7, fail_nonzero7;
} S_acc;

static void S_acc_init(S_acc *a, tr_hist *latency)
{
	memset(a, 0, sizeof(*a));
	a->latency = latency;
	a->dense = latency->dense;
	a->ndense = latency->ndense;
	a->t_min = INT64_MAX;
	a->t_max = -1;
	a->lag_min = UINT64_MAX;
}

/* ---- the hot loop ----------------------------------------------------- */

/*
 * Read the digits at *pp into *out and return how many there were.
 * There is no bounds check: the caller made sure the buffer ends with
 * '\n', which is not a digit and so stops every scan inside the buffer.
 * There is no overflow check either: callers bound the digit count, which
 * costs one compare per field instead of one per digit.
 *
 * (Reading 8 bytes at a time and finding the end of the number with a
 * count-trailing-zeros was tried, and measured slower on these short
 * numbers: the next field's address then waits for the arithmetic, while
 * the byte loop's branches are predicted well.)
 */
static inline size_t S_digits(const char **pp, uint64_t *out)
{
	const char *p = *pp, *start = p;
	uint64_t v = 0;
	unsigned d;
	while ((d = (unsigned)(unsigned char)*p - '0') < 10) {
		v = v * 10 + d;
		p++;
	}
	*out = v;
	*pp = p;
	return (size_t)(p - start);
}

static inline uint64_t S_load8(const char *p)
{
	uint64_t x;
	memcpy(&x, p, 8);    /* one unaligned load */
	return x;
}

static inline uint16_t S_load2(const char *p)
{
	uint16_t x;
	memcpy(&x, p, 2);
	return x;
}

/* Match the word of a transaction that has no latency. A byte-by-byte
 * compare stops at the first difference, so it never reads past the final
 * '\n' either. */
static inline int S_word(const char **pp)
{
	static const struct { const char *w; size_t n; int kind; } words[] = {
		{ "skipped", 7, S_SKIPPED },
		{ "failed", 6, S_FAILED },
		{ "serialization", 13, S_SERIALIZATION },
		{ "deadlock", 8, S_DEADLOCK },
		{ "other", 5, S_OTHER },
	};
	const char *p = *pp;
	for (size_t i = 0; i < TR_ARRAY_SIZE(words); i++) {
		size_t k = 0;
		while (k < words[i].n && p[k] == words[i].w[k])
			k++;
		if (k == words[i].n) {
			*pp = p + k;
			return words[i].kind;
		}
	}
	return S_BAD;
}

/* The same for a field [p, e) that need not be followed by a '\n' (the
 * sniffer looks at the start of a file, which may end anywhere): the whole
 * field must be the word. */
static int S_word_in(const char *p, const char *e)
{
	static const char *const words[] = {
		"skipped", "failed", "serialization", "deadlock", "other"
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(words); i++)
		if ((size_t)(e - p) == strlen(words[i]) &&
		    memcmp(p, words[i], (size_t)(e - p)) == 0)
			return 1;
	return 0;
}

/* Count one line's figures into a: its kind, latency, epoch time in
 * microseconds and the 7th and 8th columns. Inlined into S_lines, where
 * every argument is a register. */
static inline __attribute__((always_inline)) int
S_account(S_acc *a, int kind, uint64_t lat, int64_t t, uint64_t c7,
          uint64_t c8, int nfields)
{
	/* 8 fields: lag then retries; 7: one of them, decided at the end,
	 * so both are kept until then. */
	uint64_t lagv = c7, retv = nfields == 8 ? c8 : c7;
	if (t < a->t_min)
		a->t_min = t;
	if (t > a->t_max)
		a->t_max = t;
	if (kind == S_OK) {
		a->transactions++;
		if (lat < a->ndense) {
			a->dense[lat]++;
		} else {
			/* grows the dense array, or the sparse table */
			if (tr_hist_record(a->latency, (int64_t)lat) < 0)
				return -1;
			a->recorded++;
			a->dense = a->latency->dense;
			a->ndense = a->latency->ndense;
		}
		if (nfields >= 7) {
			uint64_t sq;
			a->lag_n++;
			if (__builtin_add_overflow(a->lag_sum, lagv, &sq)) {
				a->lag_sum_big += (long double)a->lag_sum + lagv;
				a->lag_sum = 0;
			} else {
				a->lag_sum = sq;
			}
			if (lagv < a->lag_min)
				a->lag_min = lagv;
			if (lagv > a->lag_max)
				a->lag_max = lagv;
			/* Squares in an integer while they fit (a long double
			 * add per line costs more than the rest). */
			if (lagv <= UINT32_MAX &&
			    !__builtin_add_overflow(a->lag_sq, lagv * lagv, &sq))
				a->lag_sq = sq;
			else
				a->lag_sum2 += (long double)lagv * lagv;
			a->retries_overflow |= __builtin_add_overflow(a->retries, retv,
			                                              &a->retries);
			a->retried += retv > 0;
			a->ok_zero7 += c7 == 0;
		}
	} else if (kind == S_SKIPPED) {
		a->skipped++;
	} else {
		a->failed++;
		a->serialization += kind == S_SERIALIZATION;
		a->deadlock += kind == S_DEADLOCK;
		a->other += kind == S_OTHER;
		if (nfields >= 7) {
			a->retries_overflow |= __builtin_add_overflow(a->retries, retv,
			                                              &a->retries);
			a->retried += retv > 0;
			a->fail_nonzero7 += c7 != 0;
		}
	}
	return 0;
}

/* Room that the fast byte loop needs after a line's start: the epoch
 * shortcut reads 11 bytes at most 4 x 19 bytes in (four fields of at most
 * 18 digits, or a word, checked before). (The vector scanner reads up to
 * about 70 bytes past a line's start and keeps S_SEG_ROOM.) */
#define S_FAST_ROOM 128

/* The last 10-digit epoch second read: its text (8 bytes and 2) and its
 * value. Before the first, "0000000000" and 0: a state that is right
 * whatever it matches (all zero bytes would match a field of ten NULs,
 * taken then for the second 0; found in review). */
typedef struct {
	uint64_t head, s;
	uint16_t tail;
} S_epoch;

#define S_EPOCH_INIT { 0x3030303030303030ULL, 0, 0x3030 }

/* One line's fields, as S_account takes them. */
typedef struct {
	int kind;
	uint64_t lat, s, us, c7, c8;
} S_fields;

/*
 * Read the line at *pp byte by byte into *f; false when it is not a good
 * line. With `fast` (a constant at every call, so the compiler makes two
 * loops) the epoch seconds are compared with the last 10-digit ones it
 * read (an 8-byte and a 2-byte load) instead of being read digit by
 * digit, which needs
 * S_FAST_ROOM bytes of buffer. Always inlined, so that *f and *ep live in
 * the caller's registers.
 */
static inline __attribute__((always_inline)) bool
S_line_bytes(const char **pp, int nfields, bool fast, S_epoch *ep,
             S_fields *f)
{
	const char *p = *pp;
	uint64_t v;
	f->kind = S_OK;
	f->lat = f->c7 = f->c8 = 0;
	/* client_id and transaction_no: checked, not kept */
	if (S_digits(&p, &v) - 1 >= S_DIGITS || *p++ != ' ')
		return false;
	if (S_digits(&p, &v) - 1 >= S_DIGITS || *p++ != ' ')
		return false;
	/* latency, or a word for the transactions that have none */
	if ((unsigned)(unsigned char)*p - '0' < 10) {
		if (S_digits(&p, &f->lat) - 1 >= S_DIGITS)
			return false;
	} else if ((f->kind = S_word(&p)) == S_BAD) {
		return false;
	}
	if (*p++ != ' ')
		return false;
	/* script_no, epoch seconds and microseconds */
	if (S_digits(&p, &v) - 1 >= S_DIGITS || *p++ != ' ')
		return false;
	if (fast && S_load8(p) == ep->head && S_load2(p + 8) == ep->tail &&
	    p[10] == ' ') {
		f->s = ep->s;       /* the same second as the last one read */
		p += 11;
	} else {
		const char *e = p;
		if (S_digits(&p, &f->s) - 1 >= S_EPOCH_DIGITS || *p++ != ' ')
			return false;
		if (fast && p - e == 11) {
			ep->head = S_load8(e);
			ep->tail = S_load2(e + 8);
			ep->s = f->s;
		}
	}
	if (S_digits(&p, &f->us) - 1 >= S_US_DIGITS)
		return false;
	if (nfields >= 7) {
		if (*p++ != ' ' || S_digits(&p, &f->c7) - 1 >= S_DIGITS)
			return false;
		if (nfields == 8 &&
		    (*p++ != ' ' || S_digits(&p, &f->c8) - 1 >= S_DIGITS))
			return false;
	}
	if (*p++ != '\n')
		return false;
	*pp = p;
	return true;
}

/*
 * Read the lines from *pp while they start before `stop` (with `fast`:
 * see S_line_bytes).
 *
 * Why the loop is shaped like this:
 * - the format is fixed, so the fields are read in order, straight from
 *   the buffer; there is no search for the end of the line or of a field
 *   first (that would read every byte twice), no sscanf or strtol (locale
 *   lookups, errno, a call per field), no copy;
 * - the separators are checked as they are met (one compare each), which
 *   is all the validation a well-formed line needs; anything unexpected
 *   returns the line number, and S_diagnose takes its time to say what is
 *   wrong with it;
 * - the epoch second is the longest number and changes once per second of
 *   the run, i.e. about never from one line to the next;
 * - the optional columns depend on nfields only, so their branches go the
 *   same way on every line and cost next to nothing;
 * - nothing is allocated per line: latencies go into the histogram, the
 *   rest into counters (S_account, inlined).
 * On x86-64 with AVX2, S_lines_vec reads most lines instead; this loop is
 * the reference it is tested against, and what reads every line elsewhere.
 * Returns 0, the number of the first bad line, or -1 when memory ran out.
 */
#define S_FAIL(v) do { bad = (v); goto out; } while (0)

static inline long S_lines(S_acc *out, const char **pp, const char *stop,
                           int nfields, long *line, bool fast)
{
	const char *p = *pp;
	/* A local copy whose address never escapes: the compiler keeps its
	 * counters in registers (through a pointer, every store to a dense
	 * counter could change them, and they would be reloaded per line). */
	S_acc acc = *out, *a = &acc;
	S_epoch ep = S_EPOCH_INIT;
	/* (a local: *line could alias a dense counter, and be reloaded) */
	long bad = 0, n = *line;

	while (p < stop) {
		S_fields f;
		++n;
		if (!S_line_bytes(&p, nfields, fast, &ep, &f))
			S_FAIL(n);
		if (S_account(a, f.kind, f.lat, (int64_t)f.s * 1000000 +
		              (int64_t)f.us, f.c7, f.c8, nfields) < 0)
			S_FAIL(-1);
	}
	*pp = p;
out:
	*out = acc;
	*line = n;
	return bad;
}

#include "txlog_vec_internal.h"

/* The whole buffer (which ends with '\n'): with the vector scanner while
 * there is room for its reads, then the fast byte loop while there is room
 * for its own, then the plain one for the last lines. */
static long S_scan(S_acc *out, const char *data, size_t len, int nfields)
{
	const char *p = data, *end = data + len;
	long line = 0, bad = 0;
	if (len > S_FAST_ROOM) {
#ifdef S_HAVE_VEC
		if (S_use_vec())
			bad = S_lines_vec(out, &p, end, nfields, &line);
#endif
		if (bad == 0)
			bad = S_lines(out, &p, end - S_FAST_ROOM, nfields, &line,
			              true);
	}
	if (bad == 0)
		bad = S_lines(out, &p, end, nfields, &line, false);
	if (bad == 0)
		out->lines = line;
	tr_hist_counted(out->latency, out->transactions - out->recorded);
	return bad;
}

#undef S_FAIL

/* ---- saying what is wrong with a line ---------------------------------- */

static const char *const S_names[8] = {
	"client_id", "transaction_no", "latency", "script_no", "epoch seconds",
	"epoch microseconds", "lag or retries", "retries"
};

/* Check one integer field [p, e) the way the hot loop does, with words. */
static int S_field(const char *p, const char *e, size_t maxdigits, int field,
                   const char *name, const char *path, long line)
{
	char tok[80];
	const char *d = p;
	tr_logscan_quote(tok, sizeof(tok), p, e);
	while (d < e && *d >= '0' && *d <= '9')
		d++;
	if (p < e && *p == '-' && e - p > 1 && p[1] >= '0' && p[1] <= '9')
		return tr_error_set_at(path, line, "field %d (%s) is negative: %s",
		                       field, name, tok);
	if (d == p || d != e)
		return tr_error_set_at(path, line,
		                       "field %d (%s): expected an integer, found %s",
		                       field, name, tok);
	if ((size_t)(d - p) > maxdigits)
		return tr_error_set_at(path, line,
		                       "field %d (%s) is too large: %s (more than "
		                       "%zu digits)", field, name, tok, maxdigits);
	return 0;
}

/* The line at ls failed the hot loop (or is the first line, whose field
 * count sets the file's): set a message that says why. */
static int S_diagnose(const char *ls, const char *end, int nfields,
                      const char *path, long line)
{
	const char *eol = memchr(ls, '\n', (size_t)(end - ls));
	const char *p = ls;
	int n, rc;
	if (!eol)
		eol = end;
	if ((rc = tr_logscan_check_line(ls, eol, path, line)) < 0)
		return rc;
	n = tr_logscan_count_fields(ls, eol);
	if (nfields == 0 && (n < 6 || n > 8))
		return tr_error_set_at(path, line,
		                       "found %d fields; a per-transaction log line "
		                       "has 6 to 8", n);
	if (nfields != 0 && n != nfields)
		return tr_error_set_at(path, line, "expected %d fields, found %d",
		                       nfields, n);
	for (int i = 0; i < n; i++) {
		const char *e = memchr(p, ' ', (size_t)(eol - p));
		size_t maxd = i == 4 ? S_EPOCH_DIGITS : i == 5 ? S_US_DIGITS
		                                               : S_DIGITS;
		const char *name = n == 7 && i == 6 ? "lag or retries"
		                 : i == 6 ? "lag" : S_names[i];
		if (!e)
			e = eol;
		if (i == 2 && (*p < '0' || *p > '9') && *p != '-') {
			const char *q = p;
			char tok[80];
			if (S_word(&q) == S_BAD || q != e) {
				tr_logscan_quote(tok, sizeof(tok), p, e);
				return tr_error_set_at(path, line,
				                       "field 3: expected a latency or "
				                       "skipped, failed, serialization, "
				                       "deadlock, found %s", tok);
			}
		} else if ((rc = S_field(p, e, maxd, i + 1, name, path,
		                         line)) < 0) {
			return rc;
		}
		p = e + 1;
	}
	return tr_error_set_at(path, line, "malformed line");
}

/* ---- putting a file's figures together ---------------------------------- */

/*
 * The 7th column of a 7-field log, when the caller could not say. Lag is
 * written as 0 on skipped and failed lines (pgbench measures it for
 * successful transactions only) and is rarely 0 otherwise; retries are 0
 * for every transaction that succeeded on its first try and usually above
 * 0 on failed ones (the tries ran out). So: a skipped line means -R, hence
 * lag; a failed line with a non-zero value means retries; otherwise mostly
 * zeros means retries and mostly non-zero values lag.
 */
static tr_txlog_col7 S_decide_col7(const S_acc *a)
{
	if (a->skipped > 0)
		return TR_TXLOG_COL7_LAG;
	if (a->fail_nonzero7 > 0)
		return TR_TXLOG_COL7_RETRIES;
	if (a->transactions > 0 && a->ok_zero7 * 2 >= a->transactions)
		return TR_TXLOG_COL7_RETRIES;
	return TR_TXLOG_COL7_LAG;
}

static int S_commit(tr_txlog_stats *out, S_acc *a, int nfields,
                    const char *path, long first_line)
{
	tr_txlog_stats s;
	bool lag = nfields == 8, retries = nfields == 8;
	if (nfields == 7) {
		tr_txlog_col7 c = out->col7 != TR_TXLOG_COL7_GUESS ? out->col7
		                                                   : S_decide_col7(a);
		lag = c == TR_TXLOG_COL7_LAG;
		retries = c == TR_TXLOG_COL7_RETRIES;
	}
	tr_txlog_stats_init(&s);   /* its latency stays empty: recorded already */
	s.transactions = a->transactions;
	s.skipped = a->skipped;
	s.failed = a->failed;
	s.serialization = a->serialization;
	s.deadlock = a->deadlock;
	s.lines = a->lines;
	if (a->t_max >= 0) {
		s.first_s = (double)(a->t_min / 1000000) +
		            (double)(a->t_min % 1000000) / 1e6;
		s.last_s = (double)(a->t_max / 1000000) +
		           (double)(a->t_max % 1000000) / 1e6;
	}
	if (lag) {
		s.has_lag = true;
		if (a->lag_n > 0) {
			s.lag_us.count = a->lag_n;
			s.lag_us.min = (double)a->lag_min;
			s.lag_us.max = (double)a->lag_max;
			s.lag_us.sum = (long double)a->lag_sum + a->lag_sum_big;
			s.lag_us.sum2 = a->lag_sum2 + (long double)a->lag_sq;
		}
	}
	if (retries && (a->retries_overflow || a->retries > INT64_MAX))
		return tr_error_set_at(path, first_line,
		                       "the retries of the %lld lines from here add "
		                       "up to more than 2^63: not pgbench's retries "
		                       "(a 32-bit count per transaction)",
		                       (long long)a->lines);
	if (retries) {
		s.has_retries = true;
		s.retried = a->retried;
		s.retries = (int64_t)a->retries;
	}
	return tr_txlog_stats_merge(out, &s);
}

/* ---- public ----------------------------------------------------------- */

void tr_txlog_stats_init(tr_txlog_stats *s)
{
	memset(s, 0, sizeof(*s));
	tr_hist_init(&s->latency);
	tr_simple_stats_init(&s->lag_us);
	s->first_s = NAN;
	s->last_s = NAN;
}

void tr_txlog_stats_free(tr_txlog_stats *s)
{
	if (!s)
		return;
	tr_hist_free(&s->latency);
	tr_txlog_stats_init(s);
}

int tr_txlog_stats_merge(tr_txlog_stats *into, const tr_txlog_stats *from)
{
	int64_t retries;
	int rc;
	/* (checked before anything is added: a refused merge leaves into as
	 * it was) */
	if (__builtin_add_overflow(into->retries, from->retries, &retries))
		return tr_error_set("the retries of the logs add up to more than "
		                    "2^63: not pgbench's retries (a 32-bit count "
		                    "per transaction)");
	if ((rc = tr_hist_merge(&into->latency, &from->latency)) < 0)
		return rc;
	into->transactions += from->transactions;
	into->skipped += from->skipped;
	into->failed += from->failed;
	into->serialization += from->serialization;
	into->deadlock += from->deadlock;
	into->retried += from->retried;
	into->retries = retries;
	into->lines += from->lines;
	tr_simple_stats_merge(&into->lag_us, &from->lag_us);
	if (!isnan(from->first_s) &&
	    (isnan(into->first_s) || from->first_s < into->first_s))
		into->first_s = from->first_s;
	if (!isnan(from->last_s) &&
	    (isnan(into->last_s) || from->last_s > into->last_s))
		into->last_s = from->last_s;
	into->has_lag = into->has_lag || from->has_lag;
	into->has_retries = into->has_retries || from->has_retries;
	return 0;
}

int tr_txlog_parse(tr_txlog_stats *out, const char *data, size_t len,
                   const char *path)
{
	return tr_txlog_parse_from(out, data, len, path, 1);
}

/* All or nothing: into a fresh accumulator, merged on success. */
int tr_txlog_parse_from(tr_txlog_stats *out, const char *data, size_t len,
                        const char *path, long first_line)
{
	tr_txlog_stats tmp;
	int nfields = 0, rc;
	tr_txlog_stats_init(&tmp);
	tmp.col7 = out->col7;
	rc = tr_txlog_parse_window(&tmp, &nfields, data, len, path, first_line);
	if (rc == 0)
		rc = tr_txlog_stats_merge(out, &tmp);
	tr_txlog_stats_free(&tmp);
	return rc;
}

int tr_txlog_parse_window(tr_txlog_stats *out, int *nfields, const char *data,
                          size_t len, const char *path, long first_line)
{
	const char *eol;
	S_acc acc;
	int n, rc;
	long bad;

	if ((rc = tr_logscan_check_file(data, len, path,
	                                "per-transaction log", first_line)) < 0)
		return rc;
	/* The first line sets the field count of the file. */
	eol = memchr(data, '\n', len);
	n = tr_logscan_count_fields(data, eol);
	if (*nfields == 0 && (n < 6 || n > 8))
		return S_diagnose(data, data + len, 0, path, first_line);
	if (*nfields != 0 && n != *nfields)
		return S_diagnose(data, data + len, *nfields, path, first_line);
	*nfields = n;

	S_acc_init(&acc, &out->latency);
	bad = S_scan(&acc, data, len, n);
	if (bad < 0)
		return TR_ENOMEM;
	if (bad > 0) {
		/* Find the bad line again (errors only, so a second pass is
		 * fine) and say what is wrong with it. */
		const char *ls = data;
		for (long i = 1; i < bad; i++)
			ls = (const char *)memchr(ls, '\n',
			                          (size_t)(data + len - ls)) + 1;
		return S_diagnose(ls, data + len, n, path, first_line + bad - 1);
	}
	return S_commit(out, &acc, n, path, first_line);
}

/* ---- sniffing ---------------------------------------------------------- */

tr_log_kind tr_log_sniff(const char *data, size_t len)
{
	const char *eol, *p;
	uint64_t v[16];
	int n = 0;
	bool word = false;
	if (!data || len == 0)
		return TR_LOG_NONE;
	eol = memchr(data, '\n', len);
	if (!eol)
		eol = data + len;
	/* CRLF: still a log (whose reader then says what is wrong with it) */
	if (eol > data && eol[-1] == '\r')
		eol--;
	for (p = data; p < eol; n++) {
		const char *e = memchr(p, ' ', (size_t)(eol - p));
		const char *next;
		if (n == 16)
			return TR_LOG_NONE;
		if (!e)
			e = eol;
		if (*p == '+' || tr_parse_uint64(&v[n], p, e, &next) < 0 ||
		    next != e) {
			/* (not S_word: it counts on a '\n' to stop it, and a file
			 * may end in the middle of this word; found by fuzzing) */
			if (n != 2 || !S_word_in(p, e))
				return TR_LOG_NONE;
			word = true;
			v[n] = 0;
		}
		if (e == eol)
			break;
		p = e + 1;
		if (p == eol || *p == ' ')
			return TR_LOG_NONE;   /* a trailing or double space */
	}
	if (p >= eol)
		return TR_LOG_NONE;       /* an empty first line */
	n++;
	if (word)
		return n >= 6 && n <= 8 ? TR_LOG_TRANSACTION : TR_LOG_NONE;
	if (n == 7 || n == 8)
		return v[5] < 1000000 ? TR_LOG_TRANSACTION : TR_LOG_NONE;
	if (n == 10 || n == 11 || n == 15 || n == 16)
		return TR_LOG_AGGREGATE;
	if (n == 6) {
		/* Both kinds have 6 fields (10-14 without -R). An aggregate line
		 * starts with an epoch second; a transaction line with a client
		 * id, and ends with epoch seconds and microseconds. */
		if (v[0] >= 100000000)
			return TR_LOG_AGGREGATE;
		if (v[5] < 1000000)
			return TR_LOG_TRANSACTION;
	}
	return TR_LOG_NONE;
}
