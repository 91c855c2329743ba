/* agglog.c: pgbench's --aggregate-interval logs (docs/formats.md).
 *
 * One line per interval and thread file, all integers (pgbench prints the
 * double sums with "%.0f", so sum_latency_2 is an exact integer that can
 * pass 2^53: it is read as an integer, never through a double):
 *
 *   10-14: start tx sum_lat sum_lat2 min_lat max_lat              (6)
 *          [-R: sum_lag sum_lag2 min_lag max_lag]                 (10)
 *          [-R -L: skipped]                                       (11)
 *   15-18: all of the above and retried retries serialization deadlock
 *          always                                                 (15)
 *   19dev: and other_failures                                     (16)
 *
 * These files are small (one line per interval), so each line is read
 * field by field with full checks rather than in a tuned loop. Values that
 * pgbench cannot write are errors with file and line: a negative count,
 * min above max, an interval start that does not move forward. */

#include "ingest.h"
#include "ingest_logscan_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

#define S_MAXFIELDS 16

static const char *const S_names[S_MAXFIELDS] = {
	"interval start", "transactions", "sum_latency", "sum_latency_2",
	"min_latency", "max_latency", "sum_lag", "sum_lag_2", "min_lag",
	"max_lag", "skipped", "retried", "retries", "serialization_failures",
	"deadlock_failures", "other_failures"
};

static bool S_valid_count(int n)
{
	return n == 6 || n == 10 || n == 11 || n == 15 || n == 16;
}

/* Fields 4 and 8 (sum of squares) may use all 64 bits; the others must
 * fit int64_t. */
static uint64_t S_max(int field)
{
	return field == 3 || field == 7 ? UINT64_MAX : (uint64_t)INT64_MAX;
}

static int S_parse_line(tr_agg_interval *out, int *nfields, const char *p,
                        const char *eol, const char *path, long line)
{
	uint64_t v[S_MAXFIELDS] = { 0 };
	int n, rc;
	if ((rc = tr_logscan_check_line(p, eol, path, line)) < 0)
		return rc;
	n = tr_logscan_count_fields(p, eol);
	if (*nfields != 0 && n != *nfields)
		return tr_error_set_at(path, line, "expected %d fields, found %d",
		                       *nfields, n);
	if (!S_valid_count(n))
		return tr_error_set_at(path, line,
		                       "found %d fields; an aggregate log line has "
		                       "6, 10, 11, 15 or 16", n);
	for (int i = 0; i < n; i++) {
		const char *sp;
		rc = tr_logscan_field_uint(&v[i], p, eol, S_max(i), i + 1,
		                           S_names[i], path, line);
		if (rc < 0)
			return rc;
		sp = memchr(p, ' ', (size_t)(eol - p));
		p = sp ? sp + 1 : eol;
	}
	memset(out, 0, sizeof(*out));
	out->start = (int64_t)v[0];
	out->transactions = (int64_t)v[1];
	out->sum_latency = (int64_t)v[2];
	out->sum_latency2 = v[3];
	out->min_latency = (int64_t)v[4];
	out->max_latency = (int64_t)v[5];
	out->sum_lag = (int64_t)v[6];
	out->sum_lag2 = v[7];
	out->min_lag = (int64_t)v[8];
	out->max_lag = (int64_t)v[9];
	out->skipped = (int64_t)v[10];
	out->retried = (int64_t)v[11];
	out->retries = (int64_t)v[12];
	out->serialization_failures = (int64_t)v[13];
	out->deadlock_failures = (int64_t)v[14];
	out->other_failures = (int64_t)v[15];
	*nfields = n;
	return 0;
}

/* What pgbench cannot have written. An empty interval is all zeros, so the
 * latency checks only apply when it counted transactions (10-14 count
 * skipped ones too, whose latency is not recorded: min = max = 0 then). */
static int S_check_values(const tr_agg_interval *a, int nfields,
                          const char *path, long line)
{
	if (a->transactions > 0 && a->min_latency > a->max_latency)
		return tr_error_set_at(path, line,
		                       "min_latency %lld is above max_latency %lld",
		                       (long long)a->min_latency,
		                       (long long)a->max_latency);
	if (a->transactions == 0 &&
	    (a->sum_latency != 0 || a->sum_latency2 != 0 || a->max_latency != 0))
		return tr_error_set_at(path, line,
		                       "no transactions, yet a latency sum of %lld "
		                       "and max of %lld", (long long)a->sum_latency,
		                       (long long)a->max_latency);
	if (a->transactions > 0 && a->max_latency > a->sum_latency)
		return tr_error_set_at(path, line,
		                       "max_latency %lld is above sum_latency %lld",
		                       (long long)a->max_latency,
		                       (long long)a->sum_latency);
	if (nfields >= 10 && a->transactions > 0 && a->min_lag > a->max_lag)
		return tr_error_set_at(path, line,
		                       "min_lag %lld is above max_lag %lld",
		                       (long long)a->min_lag, (long long)a->max_lag);
	if (nfields >= 15 && a->retries < a->retried)
		return tr_error_set_at(path, line,
		                       "%lld transactions retried but only %lld "
		                       "retries", (long long)a->retried,
		                       (long long)a->retries);
	return 0;
}

int tr_agglog_parse(tr_agglog *out, const char *data, size_t len,
                    const char *path)
{
	size_t old_count = out->count;
	int old_nfields = out->nfields;
	int nfields = out->nfields;
	const char *p = data, *end = data + len;
	long line = 0, prev_line = 0;
	int64_t prev_start = 0;
	int rc;

	if ((rc = tr_logscan_check_file(data, len, path, "aggregate log", 1)) < 0)
		return rc;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		tr_agg_interval a;
		line++;
		/* check_file made sure that the last byte is '\n'. */
		if ((rc = S_parse_line(&a, &nfields, p, eol, path, line)) < 0 ||
		    (rc = S_check_values(&a, nfields, path, line)) < 0)
			goto cleanup;
		if (prev_line > 0 && a.start <= prev_start) {
			rc = tr_error_set_at(path, line,
			                     "interval start %lld %s the one on "
			                     "line %ld (%lld)", (long long)a.start,
			                     a.start == prev_start ? "repeats"
			                                           : "is before",
			                     prev_line, (long long)prev_start);
			goto cleanup;
		}
		if ((rc = tr_grow(&out->items, &out->cap, out->count + 1,
		                  sizeof(*out->items))) < 0)
			goto cleanup;
		out->items[out->count++] = a;
		out->nfields = nfields;
		prev_start = a.start;
		prev_line = line;
		p = eol + 1;
	}
	return 0;

cleanup:
	/* Leave out as it was: appended lines of a bad file are dropped. */
	out->count = old_count;
	out->nfields = old_nfields;
	return rc;
}

void tr_agglog_free(tr_agglog *log)
{
	if (!log)
		return;
	free(log->items);
	memset(log, 0, sizeof(*log));
}
