/* generate.c: pgbench's client-side generate: the rows of pgbench_branches,
 * pgbench_tellers and pgbench_accounts sent with COPY, in pgbench 17/18's
 * form (all three tables by COPY, FREEZE where the server allows it).
 *
 * Rows are formatted by hand into large chunks and sent with one
 * PQputCopyData per chunk: pgbench formats each row with printf and sends
 * it with PQputline, and the probe must not be slower than pgbench. */

#include "probe_internal.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Large enough that per-call overhead vanishes, small enough that a stop
 * request is seen within a few milliseconds. */
#define S_CHUNK (256 * 1024)
/* The longest row: two 19-digit numbers and the rest. */
#define S_ROW_MAX 64

static char *S_put_int(char *p, int64_t v)
{
	char tmp[24];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	while (n > 0)
		*p++ = tmp[--n];
	return p;
}

/* One row of COPY text, pgbench 17's initBranch/initTeller/initAccount:
 *   branches  "bid\t0\t\N"        (filler NULL)
 *   tellers   "tid\tbid\t0\t\N"   (bid = (tid-1)/10+1, filler NULL)
 *   accounts  "aid\tbid\t0\t"     (bid = (aid-1)/100000+1, filler '') */
static char *S_row(char *p, char table, int64_t id)
{
	p = S_put_int(p, id);
	*p++ = '\t';
	switch (table) {
	case 'b':
		memcpy(p, "0\t\\N\n", 5);
		return p + 5;
	case 't':
		p = S_put_int(p, (id - 1) / TR_PROBE_TELLERS_PER_BRANCH + 1);
		memcpy(p, "\t0\t\\N\n", 6);
		return p + 6;
	default:
		p = S_put_int(p, (id - 1) / TR_PROBE_ACCOUNTS_PER_BRANCH + 1);
		memcpy(p, "\t0\t\n", 4);
		return p + 4;
	}
}

/* Read what the server says after a COPY ends or fails: the first error
 * result if any, else the COPY's own result. Leaves c ready for the next
 * statement. */
static int S_copy_finish(PGconn *c, PGresult **res)
{
	PGresult *r, *keep = NULL;
	bool error = false;
	while ((r = PQgetResult(c)) != NULL) {
		ExecStatusType st = PQresultStatus(r);
		if (st == PGRES_COPY_IN) {
			/* Still in COPY (a send failed before the end): end it. */
			PQclear(r);
			if (PQputCopyEnd(c, "aborted") != 1)
				break;
			continue;
		}
		if (st != PGRES_COMMAND_OK && !error) {
			/* The first error is the one worth reporting. */
			error = true;
			PQclear(keep);
			keep = r;
		} else if (!keep) {
			keep = r;
		} else {
			PQclear(r);
		}
		if (PQstatus(c) == CONNECTION_BAD)
			break;
	}
	*res = keep;
	/* No result at all: the connection went away without a word. */
	return error || !keep ? TR_ERROR : 0;
}

int tr_probe_copy_rows(PGconn *c, char table, int64_t first, int64_t last,
                       atomic_int *stop, tr_probe_tick tick, void *tick_arg,
                       PGresult **res)
{
	char *buf, *p;
	int64_t id;
	bool failed = false;
	int stopped = 0;
	int end;

	*res = NULL;
	buf = tr_malloc(S_CHUNK);
	if (!buf) {
		PQputCopyEnd(c, "out of memory");
		S_copy_finish(c, res);
		return TR_ENOMEM;
	}
	p = buf;
	for (id = first; id <= last; id++) {
		p = S_row(p, table, id);
		if (p - buf > S_CHUNK - S_ROW_MAX || id == last) {
			if (PQputCopyData(c, buf, (int)(p - buf)) != 1) {
				failed = true;
				break;
			}
			p = buf;
			if (tick)
				tick(tick_arg, id - first + 1);
			if (stop && (stopped = atomic_load(stop)) != 0)
				break;
		}
	}
	free(buf);
	if (failed) {
		/* The connection is gone or broken: collect what it said. */
		S_copy_finish(c, res);
		return TR_ERROR;
	}
	/* An error message ends the COPY with an error: the server throws
	 * the rows away with the transaction. */
	end = PQputCopyEnd(c, stopped == 0   ? NULL
	                      : stopped == 1 ? "interrupted by the user"
	                                     : "another loader failed");
	if (end != 1) {
		S_copy_finish(c, res);
		return TR_ERROR;
	}
	if (S_copy_finish(c, res) < 0 || stopped)
		return TR_ERROR;
	return 0;
}

int tr_probe_copy_begin(tr_probe *p, PGconn *c, const char *table,
                        bool try_freeze, bool *freeze)
{
	PGresult *res = NULL;
	char *sql;
	int rc;

	*freeze = false;
	/* pgbench 18's rule: FREEZE on 14+ for ordinary tables (relkind 'r');
	 * a partitioned pgbench_accounts cannot be frozen by COPY. */
	if (try_freeze && p->server_version >= 140000) {
		sql = tr_sprintf("select relkind from pg_catalog.pg_class "
		                 "where oid = pg_catalog.to_regclass('%s')", table);
		if (!sql)
			return TR_ENOMEM;
		rc = tr_probe_exec(p, c, sql, &res);
		free(sql);
		if (rc < 0)
			return rc;
		*freeze = PQntuples(res) == 1 &&
		          strcmp(PQgetvalue(res, 0, 0), "r") == 0;
		PQclear(res);
	}
	sql = tr_sprintf("copy %s from stdin%s", table,
	                 *freeze ? " with (freeze on)" : "");
	if (!sql)
		return TR_ENOMEM;
	res = PQexec(c, sql);
	free(sql);
	if (!res || PQresultStatus(res) != PGRES_COPY_IN) {
		tr_probe_fail_res(p, c, res);
		PQclear(res);
		return TR_ERROR;
	}
	PQclear(res);
	return 0;
}

typedef struct {
	tr_probe *p;
	int64_t total;
	int64_t t0;
} S_tick_ctx;

static void S_tick(void *arg, int64_t rows)
{
	S_tick_ctx *t = arg;
	tr_probe_progress pr;
	if (!t->p->opts.progress)
		return;
	pr.rows_done = rows;
	pr.rows_total = t->total;
	pr.elapsed_s = (double)(tr_probe_now_us() - t->t0) / 1e6;
	t->p->opts.progress(t->p->opts.ctx, &pr);
}

int tr_probe_copy_table(tr_probe *p, char table, const char *name,
                        int64_t rows, tr_probe_tick tick, void *tick_arg,
                        int64_t *loaded, bool *freeze)
{
	PGconn *c = p->conns[0].conn;
	PGresult *res = NULL;
	int rc;

	if ((rc = tr_probe_copy_begin(p, c, name, true, freeze)) < 0)
		return rc;
	rc = tr_probe_copy_rows(c, table, 1, rows, &p->stop, tick, tick_arg,
	                        &res);
	if (rc < 0) {
		tr_probe_fail_res(p, c, res);
	} else {
		const char *n = PQcmdTuples(res);
		*loaded = n && *n ? strtoll(n, NULL, 10) : rows;
	}
	PQclear(res);
	return rc;
}

int tr_probe_step_generate_client(tr_probe *p, tr_probe_result *r)
{
	int64_t scale = p->opts.scale;
	S_tick_ctx tick;
	bool freeze;
	int rc;

	tr_probe_message(p, "generating data (client-side)...");
	tick.p = p;
	tick.total = scale * TR_PROBE_ACCOUNTS_PER_BRANCH;
	tick.t0 = tr_probe_now_us();
	/* One transaction: the truncate in it is what lets COPY FREEZE, and
	 * an interruption rolls everything back, truncate included. Branches
	 * and tellers first, in case foreign keys exist already. */
	if ((rc = tr_probe_begin(p)) < 0 ||
	    (rc = tr_probe_exec(p, NULL, "truncate table pgbench_accounts, "
	                        "pgbench_branches, pgbench_history, pgbench_tellers",
	                        NULL)) < 0 ||
	    (rc = tr_probe_copy_table(p, 'b', "pgbench_branches", scale, NULL,
	                              NULL, &r->branches, &freeze)) < 0 ||
	    (rc = tr_probe_copy_table(p, 't', "pgbench_tellers",
	                              scale * TR_PROBE_TELLERS_PER_BRANCH, NULL,
	                              NULL, &r->tellers, &freeze)) < 0 ||
	    (rc = tr_probe_copy_table(p, 'a', "pgbench_accounts", tick.total,
	                              S_tick, &tick, &r->init.rows,
	                              &r->copy_freeze)) < 0)
		return rc;
	return tr_probe_exec(p, NULL, "commit", NULL);
}
