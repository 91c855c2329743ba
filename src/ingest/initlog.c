/* initlog.c: the output of `pgbench -i`, 10 to 18 (docs/formats.md), with
 * the real/user/sys lines of bash's `time`, of `/usr/bin/time -p` and of
 * GNU time's default format around it.
 *
 * What is read:
 *   - the step messages ("dropping old tables...", "creating tables...",
 *     "generating data (client-side)...", "vacuuming...", ... "done."),
 *     10's older wording ("vacuum...", "set primary keys...") included;
 *   - tuple progress lines, "N of M tuples (P%) done (elapsed ...)" (10-16)
 *     and "... (P%) of TABLE done (...)" (17+), which end with '\n' or, on
 *     a terminal, '\r', and which 13.19+/14.16+/15.11+/16.7+/17.3+ pad with
 *     spaces: '\r' ends a line here too and trailing blanks are dropped;
 *   - "done in X s (drop tables X s, ...)." (13+): total and phases;
 *   - the time lines.
 * Anything else (NOTICE lines, shell prompts, `script` headers) is passed
 * over. A line that starts like one of the above but does not parse is an
 * error naming the line: a number must never be half read. */

#include "ingest.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines ------------------------------------------------------------- */

/* Lines end at '\n' or '\r' (progress lines on a terminal); numbers count
 * '\n' only, so that they match what an editor shows. */
typedef struct S_iter {
	const char *p, *end;
	long line;          /* of the next segment */
} S_iter;

typedef struct S_seg {
	const char *p, *e;  /* without trailing blanks; never empty */
	long line;
} S_seg;

static bool S_next(S_iter *it, S_seg *seg)
{
	while (it->p < it->end) {
		const char *p = it->p, *e = p;
		while (e < it->end && *e != '\n' && *e != '\r')
			e++;
		seg->line = it->line;
		if (e < it->end) {
			if (*e == '\n')
				it->line++;
			it->p = e + 1;
		} else {
			it->p = e;
		}
		while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e > p) {
			seg->p = p;
			seg->e = e;
			return true;
		}
	}
	return false;
}

static bool S_is(const S_seg *s, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(s->e - s->p) == n && memcmp(s->p, lit, n) == 0;
}

static bool S_starts(const char *p, const char *e, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(e - p) >= n && memcmp(p, lit, n) == 0;
}

/* Skip lit at *pp; false (and *pp unchanged) when it is not there. */
static bool S_eat(const char **pp, const char *e, const char *lit)
{
	if (!S_starts(*pp, e, lit))
		return false;
	*pp += strlen(lit);
	return true;
}

/* A plain decimal as pgbench and time print them: digits, optionally a
 * '.' and more digits. No sign, exponent, NaN or infinity. */
static bool S_decimal(double *out, const char **pp, const char *e)
{
	const char *p = *pp, *q = p;
	while (q < e && *q >= '0' && *q <= '9')
		q++;
	if (q == p)
		return false;
	if (q < e && *q == '.') {
		const char *f = ++q;
		while (q < e && *q >= '0' && *q <= '9')
			q++;
		if (q == f)
			return false;
	}
	if (tr_parse_double(out, p, q, NULL) < 0)
		return false;
	*pp = q;
	return true;
}

static bool S_integer(int64_t *out, const char **pp, const char *e)
{
	const char *p = *pp;
	if (p >= e || *p < '0' || *p > '9')
		return false;
	return tr_parse_int64(out, p, e, pp) == 0;
}

/* ---- the messages -------------------------------------------------------- */

static bool S_is_step_message(const S_seg *s)
{
	static const char *const msgs[] = {
		"dropping old tables...",            /* 11+ */
		"creating tables...",                /* all */
		"generating data...",                /* 11-12 */
		"generating data (client-side)...",  /* 13+ */
		"generating data (server-side)...",  /* 13+ */
		"vacuuming...",                      /* 11+ */
		"vacuum...",                         /* 10 */
		"creating primary keys...",          /* 11+ */
		"set primary keys...",               /* 10 */
		"creating foreign keys...",          /* 11+ */
		"set foreign keys...",               /* 10 */
	};
	const char *p = s->p;
	int64_t n;
	for (size_t i = 0; i < TR_ARRAY_SIZE(msgs); i++)
		if (S_is(s, msgs[i]))
			return true;
	/* 13+: "creating %d partitions..." */
	return S_eat(&p, s->e, "creating ") && S_integer(&n, &p, s->e) &&
	       S_eat(&p, s->e, " partitions...") && p == s->e;
}

/*
 * "100000 of 200000 tuples (50%) done (elapsed 0.17 s, remaining 0.17 s)"
 * 17+: "... (50%) of pgbench_accounts done (...)". 9.x -q added a final
 * '.'. Returns 1 when parsed (*total and *accounts set), 0 when the line is
 * not a tuple line at all, -1 when it starts like one but is malformed.
 */
static int S_tuple_line(int64_t *total, bool *accounts, const S_seg *s)
{
	const char *p = s->p, *e = s->e, *t;
	int64_t done, pct;
	double el, rem;
	if (!S_integer(&done, &p, e) || !S_eat(&p, e, " of ") ||
	    !S_integer(total, &p, e) || !S_eat(&p, e, " tuples ("))
		return 0;
	if (!S_integer(&pct, &p, e) || !S_eat(&p, e, "%) "))
		return -1;
	*accounts = true;
	if (S_eat(&p, e, "of ")) {
		for (t = p; p < e && (*p == '_' || (*p >= 'a' && *p <= 'z') ||
		                      (*p >= '0' && *p <= '9')); p++)
			;
		if (p == t || !S_eat(&p, e, " "))
			return -1;
		*accounts = (size_t)(p - 1 - t) == 16 &&
		            memcmp(t, "pgbench_accounts", 16) == 0;
	}
	if (!S_eat(&p, e, "done (elapsed ") || !S_decimal(&el, &p, e) ||
	    !S_eat(&p, e, " s, remaining ") || !S_decimal(&rem, &p, e) ||
	    !S_eat(&p, e, " s)"))
		return -1;
	if (p < e && *p == '.')
		p++;
	if (p != e || *total <= 0 || done > *total || pct > 100)
		return -1;
	return 1;
}

/*
 * "done in 1.23 s (drop tables 0.01 s, create tables 0.00 s,
 * client-side generate 0.79 s, vacuum 0.17 s, primary keys 0.26 s)."
 * The phases are appended to out in the order printed, named as pgbench
 * names them. *ok false when malformed (phases added so far are left
 * for tr_init_free).
 */
static int S_done_line(tr_init *out, bool *ok, const char *p, const char *e)
{
	double total;
	int rc;
	*ok = false;
	if (!S_eat(&p, e, "done in ") || !S_decimal(&total, &p, e) ||
	    !S_eat(&p, e, " s ("))
		return 0;
	/* Free the phases of an earlier done line (a repeated init). */
	for (size_t i = 0; i < out->nphases; i++)
		free(out->phases[i].name);
	out->nphases = 0;
	while (!S_eat(&p, e, ").")) {
		const char *name = p, *name_end;
		double secs;
		tr_init_phase *ph;
		size_t cap;
		if (out->nphases > 0 && !S_eat(&p, e, ", "))
			return 0;
		name = p;
		/* The name is words of [a-z-] separated by single spaces; the
		 * number follows the last space. */
		while (p < e && ((*p >= 'a' && *p <= 'z') || *p == '-' ||
		                 (*p == ' ' && p + 1 < e && p[1] >= 'a' &&
		                  p[1] <= 'z')))
			p++;
		name_end = p;
		if (name_end == name || !S_eat(&p, e, " ") ||
		    !S_decimal(&secs, &p, e) || !S_eat(&p, e, " s"))
			return 0;
		cap = out->nphases;
		if ((rc = tr_grow(&out->phases, &cap, out->nphases + 1,
		                  sizeof(*out->phases))) < 0)
			return rc;
		ph = &out->phases[out->nphases];
		if (!(ph->name = tr_strndup(name, (size_t)(name_end - name))))
			return TR_ENOMEM;
		ph->seconds = secs;
		out->nphases++;
	}
	if (p != e)
		return 0;
	out->total_s = total;
	*ok = true;
	return 0;
}

/* ---- time ------------------------------------------------------------- */

/* bash: "real\t26m1.711s" (minutes can pass 59: there is no hour field);
 * time -p: "real 1561.71". Returns 1, 0 when not a time line, -1 when
 * malformed. */
static int S_time_line(tr_init *out, const S_seg *s)
{
	static const char *const names[] = { "real", "user", "sys" };
	const char *p = s->p, *e = s->e;
	double *dst[3];
	double v, sec;
	int which = -1;
	dst[0] = &out->wall_s;
	dst[1] = &out->user_s;
	dst[2] = &out->sys_s;
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(names[i]);
		if (S_starts(p, e, names[i]) && p + n < e &&
		    (p[n] == ' ' || p[n] == '\t')) {
			which = i;
			p += n;
			break;
		}
	}
	if (which < 0)
		return 0;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (!S_decimal(&v, &p, e))
		return -1;
	if (p < e && *p == 'm') {
		p++;
		if (!S_decimal(&sec, &p, e) || !S_eat(&p, e, "s"))
			return -1;
		v = v * 60 + sec;
	}
	if (p != e)
		return -1;
	*dst[which] = v;
	return 1;
}

/* GNU time's default: "3.20user 0.40system 26:01.71elapsed 99%CPU (...)"
 * with elapsed as [h:]m:ss.ss. 1 when read, 0 otherwise. */
static int S_gnu_time_line(tr_init *out, const S_seg *s)
{
	const char *p = s->p, *e = s->e;
	double user, sys, part, wall = 0;
	int parts = 0;
	if (!S_decimal(&user, &p, e) || !S_eat(&p, e, "user ") ||
	    !S_decimal(&sys, &p, e) || !S_eat(&p, e, "system "))
		return 0;
	for (;;) {
		if (!S_decimal(&part, &p, e) || ++parts > 3)
			return -1;
		wall = wall * 60 + part;
		if (!S_eat(&p, e, ":"))
			break;
	}
	if (parts < 2 || !S_eat(&p, e, "elapsed"))
		return -1;
	out->user_s = user;
	out->sys_s = sys;
	out->wall_s = wall;
	return 1;
}

/* ---- the whole text ------------------------------------------------------ */

/* Keep the first line that could not be read: the caller warns about it
 * and uses the rest. */
static int S_damage(tr_init *out, long line, const char *why)
{
	if (out->damage)
		return 0;
	out->damage_line = line;
	return (out->damage = tr_strdup(why)) ? 0 : TR_ENOMEM;
}

static int S_init_out(tr_init *out, const char *path)
{
	tr_init_init(out);
	if (!(out->source = tr_strdup("pgbench")))
		return TR_ENOMEM;
	if (path && !(out->path = tr_strdup(path)))
		return TR_ENOMEM;
	return 0;
}

/* "done in" may come wrapped over two lines, as an article shows it: the
 * second one indented. Try the line joined with the next one. */
static int S_done_wrapped(tr_init *out, bool *ok, const S_seg *s,
                          S_iter *it)
{
	S_iter save = *it;
	S_seg n;
	tr_buf joined = TR_BUF_INIT;
	const char *q;
	int rc = 0;
	*ok = false;
	if (!S_next(it, &n) || (*n.p != ' ' && *n.p != '\t')) {
		*it = save;
		return 0;
	}
	for (q = n.p; q < n.e && (*q == ' ' || *q == '\t'); q++)
		;
	if ((rc = tr_buf_put(&joined, s->p, (size_t)(s->e - s->p))) == 0 &&
	    (rc = tr_buf_putc(&joined, ' ')) == 0 &&
	    (rc = tr_buf_put(&joined, q, (size_t)(n.e - q))) == 0)
		rc = S_done_line(out, ok, joined.ptr, joined.ptr + joined.size);
	tr_buf_free(&joined);
	if (!*ok)
		*it = save;
	return rc;
}

/* Where the reading of a text is. */
typedef struct {
	const char *path;
	bool seen, done;
	long started, done_line, error_line, last_line;
	char error[160];        /* a pgbench error before any "done" */
} S_state;

/* A line of pgbench -i's own: the output starts here, or a second one
 * does (an error). */
static int S_output_line(S_state *st, long line, bool finish)
{
	if (st->done && !finish)
		return tr_error_set_at(st->path, line, "a second pgbench -i output "
		                       "starts here (the first one ended on line "
		                       "%ld): keep one per file", st->done_line);
	if (!st->seen) {
		st->started = line;
		st->seen = true;
	}
	return 0;
}

/* "done in ..." (maybe wrapped) or a lone "done.": the end of the output. */
static int S_finish_line(tr_init *out, S_state *st, const S_seg *s,
                         S_iter *it, bool done_in)
{
	bool ok = true;
	int rc = done_in ? S_done_line(out, &ok, s->p, s->e) : 0;
	if (rc < 0)
		return rc;
	if (!ok && (rc = S_done_wrapped(out, &ok, s, it)) < 0)
		return rc;
	if (!ok)
		return tr_error_set_at(st->path, s->line, "malformed \"done in\" line");
	st->done = true;
	st->done_line = s->line;
	st->error_line = 0;
	return 0;
}

/* Any other line: a time(1) line, or an error that explains an init that
 * never got to "done". */
static int S_other_line(tr_init *out, S_state *st, const S_seg *s)
{
	int r;
	if ((r = S_time_line(out, s)) != 0 || (r = S_gnu_time_line(out, s)) != 0) {
		/* A time line cut short ("sys 0m5.377" without its s, a copy
		 * cut off) costs that figure only. */
		return r < 0 ? S_damage(out, s->line, "malformed time output line; "
		                        "skipped")
		             : 0;
	}
	if (st->seen && !st->done && st->error_line == 0 &&
	    (S_starts(s->p, s->e, "pgbench: error: ") ||
	     S_starts(s->p, s->e, "pgbench: fatal: "))) {
		size_t n = (size_t)(s->e - s->p);
		if (n >= sizeof(st->error))
			n = sizeof(st->error) - 1;
		memcpy(st->error, s->p, n);
		st->error[n] = '\0';
		st->error_line = s->line;
	}
	return 0;
}

static int S_read_line(tr_init *out, S_state *st, const S_seg *s, S_iter *it)
{
	bool step = S_is_step_message(s);
	bool done_in = S_starts(s->p, s->e, "done in ");
	/* A lone "done." is too common a word to start init output with;
	 * after pgbench's own messages it ends it. */
	bool finish = done_in || (st->seen && S_is(s, "done."));
	int64_t total = 0;
	bool accounts = false;
	int tuple = step || finish ? 0 : S_tuple_line(&total, &accounts, s);
	int rc;

	st->last_line = s->line;
	if ((step || finish || tuple != 0) &&
	    (rc = S_output_line(st, s->line, finish)) < 0)
		return rc;
	if (tuple < 0)
		return S_damage(out, s->line, "malformed tuple progress line; skipped");
	if (tuple > 0) {
		/* 17+ count all three tables; accounts is the one. */
		if (accounts) {
			out->rows = total;
			out->scale = total % 100000 == 0 ? total / 100000 : -1;
		}
		return 0;
	}
	if (finish)
		return S_finish_line(out, st, s, it, done_in);
	if (step)
		return 0; /* nothing to keep: the timings are on the done line */
	return S_other_line(out, st, s);
}

/* At the end of the text: an output that never got to "done" is an
 * error, with pgbench's own message when there is one. */
static int S_check_end(const S_state *st)
{
	if (!st->seen)
		return TR_ENOTFOUND;
	if (st->done)
		return 0;
	if (st->error_line > 0)
		return tr_error_set_at(st->path, st->error_line,
		                       "pgbench -i failed: %s", st->error);
	return tr_error_set_at(st->path, st->last_line, "pgbench -i output (from "
	                       "line %ld) ends before its \"done\" line: "
	                       "interrupted?", st->started);
}

int tr_initlog_parse(tr_init *out, const char *text, size_t len,
                     const char *path)
{
	S_iter it = { text, text + len, 1 };
	S_state st;
	S_seg s;
	int rc;

	memset(&st, 0, sizeof(st));
	st.path = path;
	if ((rc = S_init_out(out, path)) < 0)
		goto cleanup;
	while (S_next(&it, &s))
		if ((rc = S_read_line(out, &st, &s, &it)) < 0)
			goto cleanup;
	if ((rc = S_check_end(&st)) < 0)
		goto cleanup;
	return 0;

cleanup:
	tr_init_free(out);
	return rc;
}
