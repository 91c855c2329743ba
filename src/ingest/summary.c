/*
 * summary.c: find pgbench's end-of-run summary (printResults) in a run's
 * text, for pgbench 9.2-18 (SPEC.md §0, §1, §6; 9.x: docs/formats.md).
 *
 * The text may also hold pgbench's stderr (users run `pgbench ... 2>&1 |
 * tee run1.txt`): the version line, "starting vacuum...end." and vacuum
 * errors, progress lines, -d debug output, server NOTICEs, client aborts
 * and "Run was aborted". Before the summary, everything but the version
 * line and abort messages is skipped. Inside it, lines are read strictly:
 * a known line that does not parse is an error, and an unknown line ends
 * the summary unless more summary lines follow it (then it is an error).
 *
 * The main block's lines are read in summary_main.c, per-script sections
 * and -r rows in summary_scripts.c.
 */

#include "ingest_summary_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int tr_sumparse_damage(tr_sumparse *st, long line, const char *p, size_t len,
                       const char *why)
{
	tr_summary *o = st->out;
	tr_buf ex = TR_BUF_INIT;
	/* a last line cut short is a file cut off, said otherwise */
	if (!st->terminated)
		return 0;
	o->damaged_lines++;
	if (o->damage)
		return 0;
	tr_pgtext_excerpt(&ex, p, len);
	o->damage = tr_sprintf("malformed pgbench summary line \"%s\": %s",
	                       tr_buf_cstr(&ex), why);
	o->damage_line = line;
	tr_buf_free(&ex);
	return o->damage ? 0 : TR_ENOMEM;
}

int tr_sumparse_done(tr_sumparse *st, long line, const char *p, size_t len,
                     bool ok, const char *prefix, const char *form,
                     const tr_vrange *r)
{
	if (!ok) {
		/* A known line that does not read costs its value only. */
		char why[200];
		snprintf(why, sizeof(why), "expected \"%s%s\"", prefix, form);
		return tr_sumparse_damage(st, line, p, len, why);
	}
	if (r->min > r->max)
		return tr_sumparse_bad(st, line, p, len, "no pgbench prints "
		                       "this line like that");
	return tr_sumparse_clue(st, line, r->min, r->max);
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

/* ---- one line of the text -------------------------------------------- */

/* Does the line look like a line of the summary (main block or per-script
 * section)? Used to tell trailing text from damage inside the summary. */
static bool S_looks_like_summary(const char *p, size_t len)
{
	tr_cur c;
	if (tr_sumparse_main_kind(p, len, NULL) >= 0)
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

/*
 * With many clients aborting at once, several threads write to stderr
 * together and one message lands inside another's line: "pgbench: error:
 * pgbench: error: client 145 script 0 aborted in command 4 query 0: ...",
 * or "...ERROR:  deadlock dclient 12 aborted ...". A client abort message
 * anywhere in the line means the same: the run was aborted.
 */
static bool S_abort_inside(const char *msg, size_t len)
{
	const char *p = msg, *end = msg + len, *q;
	while (p < end && (q = tr_pgtext_find(p, (size_t)(end - p), "client ")) != NULL) {
		if (q > msg && tr_pgtext_client_aborted(q, (size_t)(end - q)))
			return true;
		p = q + 1;
	}
	return false;
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
	if (tr_pgtext_client_aborted(msg, mlen) || S_abort_inside(msg, mlen)) {
		st->out->aborted = true;
		st->out->clients_aborted++;
		if (!st->client_aborted_line)
			st->client_aborted_line = line;
		/* 10-12 printed it raw, 13+ through pg_log_error (whose prefix
		 * interleaved output may have cut off: see raw_client_abort) */
		if (lvl == TR_LVL_RAW) {
			st->raw_client_abort = true;
			return 0;
		}
		return tr_pgtext_client_aborted(msg, mlen)
		               ? tr_sumparse_clue(st, line, 13, TR_PGBENCH_ANY)
		               : 0;
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
	/* the message ends the physical line: stderr wrote it whole */
	if (!m || m == p || m + sizeof(marker) - 1 != p + len)
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

static int S_repeated(tr_sumparse *st, const char *p, size_t len, long line,
                      int k)
{
	char why[160];
	snprintf(why, sizeof(why), "a second such line (the first at line %ld)",
	         st->main_seen[k]);
	return tr_sumparse_bad(st, line, p, len, why);
}

/* "transaction type: NAME", its prefix behind c: the summary starts. */
static int S_ttype_line(tr_sumparse *st, tr_cur *c, const char *p, size_t len,
                        long line)
{
	int rc;
	if (st->state != TR_SUM_BEFORE)
		return S_second_summary(st, line);
	if ((size_t)(c->end - c->p) == 0)
		return tr_sumparse_bad(st, line, p, len, "no transaction type");
	if ((rc = tr_sumparse_text(st, &st->out->transaction_type, line, c->p,
	                           (size_t)(c->end - c->p))) < 0)
		return rc;
	st->out->line = line;
	st->main_seen[TR_SUMK_TTYPE] = line;
	st->state = TR_SUM_MAIN;
	return 0;
}

/* A line of the main block, up to the tps line; *none when it is no line
 * of the block. */
static int S_main_line(tr_sumparse *st, const char *p, size_t len, long line,
                       bool *none)
{
	tr_cur c;
	int k, rc;
	*none = false;
	if ((k = tr_sumparse_main_kind(p, len, &c)) < 0) {
		*none = true;
		return 0;
	}
	if (k != TR_SUMK_TPS && st->main_seen[k])
		return S_repeated(st, p, len, line, k);
	if ((k = tr_sumparse_main_line(st, k, &c, p, len, line)) < 0)
		return k;
	if (st->main_seen[k])
		return S_repeated(st, p, len, line, k);
	st->main_seen[k] = line;
	if (k == TR_SUMK_TPS) {
		if ((rc = tr_sumparse_check_main(st, line, p, len)) < 0)
			return rc;
		st->state = TR_SUM_SCRIPTS;
	}
	return 0;
}

/* A line that is not part of the summary: the summary ends here, unless
 * more of it follows (see S_after_line). */
static int S_gap(tr_sumparse *st, const char *p, size_t len, long line)
{
	st->complete_at_gap = st->state == TR_SUM_SCRIPTS;
	st->gap_state = st->state;
	st->state = TR_SUM_AFTER;
	st->gap_line = line;
	tr_buf_clear(&st->gap_text);
	return tr_pgtext_excerpt(&st->gap_text, p, len);
}

static int S_line(tr_sumparse *st, const char *p, size_t len, long line,
                  size_t *cut);

/* After the summary: a summary line after the gap makes the gap an
 * unknown line inside the summary (skipped, and said); the summary goes
 * on. */
static int S_after_line(tr_sumparse *st, const char *p, size_t len, long line,
                        size_t *cut)
{
	char why[120];
	int rc;
	if (!st->gap_line || !S_looks_like_summary(p, len))
		return 0;
	snprintf(why, sizeof(why), "an unknown line inside the summary (it goes "
	         "on at line %ld)", line);
	if ((rc = tr_sumparse_damage(st, st->gap_line, st->gap_text.ptr,
	                             st->gap_text.size, why)) < 0)
		return rc;
	st->state = st->gap_state;
	st->gap_line = 0;
	return S_line(st, p, len, line, cut);
}

/* One line of the text; *cut is how much of it a stderr message took
 * (the rest belongs to the next line). */
static int S_line(tr_sumparse *st, const char *p, size_t len, long line,
                  size_t *cut)
{
	bool consumed, none = false;
	tr_cur c;
	int rc;

	*cut = 0;
	if ((rc = S_stderr_line(st, p, len, line, &consumed)) < 0 || consumed)
		return rc;
	if ((st->state == TR_SUM_MAIN || st->state == TR_SUM_SCRIPTS) &&
	    (*cut = S_cut_by_abort(p, len)) > 0) {
		st->out->aborted = true;
		if (!st->run_aborted_line)
			st->run_aborted_line = line;
		return tr_sumparse_clue(st, line, 12, 12);
	}
	if (S_is_version_line(p, len)) {
		if (st->state != TR_SUM_BEFORE)
			return tr_error_set_at(st->path, line,
			                       "a second pgbench run starts here "
			                       "(its summary at line %ld): keep one "
			                       "run per file", st->out->line);
		return S_version_line(st, p, len, line);
	}
	tr_cur_init(&c, p, len);
	if (tr_cur_lit(&c, "transaction type: "))
		return S_ttype_line(st, &c, p, len, line);
	switch (st->state) {
	case TR_SUM_BEFORE:
		return 0;
	case TR_SUM_MAIN:
		if ((rc = S_main_line(st, p, len, line, &none)) < 0 || !none)
			return rc;
		break;
	case TR_SUM_SCRIPTS:
		if ((rc = tr_sumparse_script_line(st, p, len, line)) != 0)
			return rc < 0 ? rc : 0;
		break;
	case TR_SUM_AFTER:
		return S_after_line(st, p, len, line, cut);
	}
	return S_gap(st, p, len, line);
}

/* ---- the whole text -------------------------------------------------- */

/* 9.2-9.5 name the built-in scripts without "<builtin: ...>"; read them
 * as 9.6 and later name them, so that one workload is one cell whatever
 * pgbench ran it. */
static int S_builtin_9x(tr_summary *o)
{
	static const char *const names[][2] = {
		{ "TPC-B (sort of)", "<builtin: TPC-B (sort of)>" },
		{ "SELECT only", "<builtin: select only>" },
		{ "Update only pgbench_accounts", "<builtin: simple update>" },
	};
	for (size_t i = 0; o->transaction_type && i < TR_ARRAY_SIZE(names); i++)
		if (strcmp(o->transaction_type, names[i][0]) == 0) {
			char *n = tr_strdup(names[i][1]);
			if (!n)
				return TR_ENOMEM;
			free(o->transaction_type);
			o->transaction_type = n;
			break;
		}
	return 0;
}

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
	if (st->raw_client_abort && st->vmin <= 12 && st->vmax >= 10) {
		if (st->vmin < 10)
			st->vmin = 10;
		if (st->vmax > 12)
			st->vmax = 12;
	}
	if (st->version_line) {
		o->major_min = o->major_max = o->major;
	} else if (st->vmax <= TR_PGBENCH_9X) {
		o->major = o->major_min = o->major_max = TR_PGBENCH_9X;
		return S_builtin_9x(o);
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
		st.terminated = ln.terminated;
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
