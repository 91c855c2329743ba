/*
 * progress.c: pgbench's -P progress lines (SPEC.md §2).
 *
 *   10-14: progress: T s, X tps, lat X ms stddev X[, lag X ms[, N skipped]]
 *   15+:   progress: T s, X tps, lat X ms stddev X, N failed
 *                   [, lag X ms[, N skipped]][, N retried, N retries]
 *
 * T is "%.1f" seconds since the start, or with --progress-timestamp the
 * epoch time with three decimals ("%ld.%03ld" in 10-13, "%.3f" in 14+);
 * the number of decimals tells the two apart. pgbench 10 prints "nan" or
 * "-nan" for an interval without transactions.
 */

#include "ingest_pgtext_internal.h"
#include "ingest.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void S_progress_init(tr_progress *p)
{
	memset(p, 0, sizeof(*p));
	p->time_s = p->tps = p->latency_ms = p->stddev_ms = NAN;
	p->lag_ms = NAN;
	p->failed = p->skipped = p->retried = p->retries = -1;
}

/* A quantity: never negative when finite. */
static bool S_num(tr_cur *c, double *out)
{
	tr_numstyle style;
	return tr_cur_number(c, out, NULL, &style) &&
	       (style != TR_NUM_FINITE || *out >= 0);
}

/* ", N word" with the cursor left after it, or nothing read. */
static bool S_counted(tr_cur *c, const char *word, int64_t *out)
{
	tr_cur d = *c;
	int64_t v;
	if (!tr_cur_lit(&d, ", ") || !tr_cur_count(&d, &v) ||
	    !tr_cur_lit(&d, " ") || !tr_cur_lit(&d, word))
		return false;
	*c = d;
	*out = v;
	return true;
}

int tr_progress_parse_line(tr_progress *out, const char *line, size_t len)
{
	tr_progress v;
	tr_cur c;
	int decimals;
	tr_numstyle style;

	S_progress_init(out);
	S_progress_init(&v);
	tr_cur_init(&c, line ? line : "", line ? len : 0);
	if (!tr_cur_lit(&c, "progress: "))
		return TR_ENOTFOUND;

	if (!tr_cur_number(&c, &v.time_s, &decimals, &style) ||
	    style != TR_NUM_FINITE || v.time_s < 0 ||
	    (decimals != 1 && decimals != 3) || !tr_cur_lit(&c, " s, "))
		return TR_EINVALID;
	v.timestamp = decimals == 3;
	if (!S_num(&c, &v.tps) || !tr_cur_lit(&c, " tps, lat ") ||
	    !S_num(&c, &v.latency_ms) || !tr_cur_lit(&c, " ms stddev ") ||
	    !S_num(&c, &v.stddev_ms))
		return TR_EINVALID;
	S_counted(&c, "failed", &v.failed);
	{
		tr_cur d = c;
		if (tr_cur_lit(&d, ", lag ")) {
			if (!S_num(&d, &v.lag_ms) || !tr_cur_lit(&d, " ms"))
				return TR_EINVALID;
			c = d;
			S_counted(&c, "skipped", &v.skipped);
		}
	}
	/* retries are printed in 15+ only, always after "failed" */
	if (v.failed >= 0 && S_counted(&c, "retried", &v.retried) &&
	    !S_counted(&c, "retries", &v.retries))
		return TR_EINVALID;
	while (c.p < c.end && (*c.p == ' ' || *c.p == '\t'))
		c.p++;
	if (!tr_cur_done(&c))
		return TR_EINVALID;
	*out = v;
	return 0;
}

int tr_progress_scan(tr_progress **out, size_t *n, const char *text,
                     size_t len, const char *path)
{
	tr_progress *items = NULL;
	size_t count = 0, cap = 0;
	tr_lineit it;
	tr_line ln;
	int rc = 0;

	*out = NULL;
	*n = 0;
	tr_lineit_init(&it, text, len, true);
	while (tr_lineit_next(&it, &ln)) {
		tr_progress p;
		rc = tr_progress_parse_line(&p, ln.p, ln.len);
		if (rc == TR_ENOTFOUND) {
			rc = 0;
			continue;
		}
		/* pgbench ends every progress line; a last line without its
		 * end is a file cut short: even if what is left reads as a
		 * progress line, its last number may be cut, so it is left
		 * out rather than reported as damage. */
		if (!ln.terminated) {
			rc = 0;
			break;
		}
		if (rc == TR_EINVALID) {
			tr_buf ex = TR_BUF_INIT;
			tr_pgtext_excerpt(&ex, ln.p, ln.len);
			tr_error_set_at(path ? path : "(text)", ln.lineno,
			                "malformed pgbench progress line \"%s\"",
			                tr_buf_cstr(&ex));
			tr_buf_free(&ex);
			goto cleanup;
		}
		if ((rc = tr_grow(&items, &cap, count + 1, sizeof(*items))) < 0)
			goto cleanup;
		items[count++] = p;
	}
	*out = items;
	*n = count;
	return 0;

cleanup:
	free(items);
	return rc;
}
