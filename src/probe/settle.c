/* settle.c: the seeds' settle(): CHECKPOINT, then wait until no autovacuum
 * worker runs, so that one run's leftovers do not slow the next. */

#include "probe_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void tr_settle_options_init(tr_settle_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->timeout_s = 1800;
	opts->interval_s = 5;
}

/* The settle connection reports nothing of the server's notices. */
static void S_quiet(void *arg, const PGresult *res)
{
	(void)arg;
	(void)res;
}

static int S_failed(PGconn *c, PGresult *res, const char *secret,
                    const char *what)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	const char *primary =
		res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
	tr_buf msg = TR_BUF_INIT;
	char *s;

	tr_buf_printf(&msg, "%s: ", what);
	if (primary && *primary)
		tr_probe_flatten(&msg, primary);
	else
		tr_probe_flatten(&msg, PQerrorMessage(c));
	if (state && *state)
		tr_buf_printf(&msg, " (SQLSTATE %s)", state);
	if (state && strcmp(state, "42501") == 0 &&
	    strcmp(what, "CHECKPOINT") == 0)
		tr_buf_puts(&msg, "; CHECKPOINT needs superuser, or membership in "
		            "the pg_checkpoint role on PostgreSQL 15 and later "
		            "(GRANT pg_checkpoint TO the user)");
	s = tr_buf_detach(&msg);
	tr_probe_scrub(s, secret);
	tr_probe_scrub(s, getenv("PGPASSWORD"));
	tr_error_set("%s", s ? s : "out of memory");
	free(s);
	return TR_ERROR;
}

static bool S_stopped(const tr_settle_options *o)
{
	return o->stop && atomic_load(o->stop);
}

static void S_sleep(double seconds, const tr_settle_options *o)
{
	struct timespec ts;
	if (seconds <= 0)
		return;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0 && !S_stopped(o))
		; /* interrupted by a signal that did not end us: sleep on */
}

/* The autovacuum workers running now, as lines for the status callback. */
static int S_workers(char ***out, size_t *n, PGconn *c, const char *secret)
{
	PGresult *res = PQexec(c,
		"select coalesce(datname, '?'), pid, coalesce(query, '') "
		"from pg_catalog.pg_stat_activity "
		"where backend_type = 'autovacuum worker' order by pid");
	char **lines = NULL;
	int rows, rc = 0;

	*out = NULL;
	*n = 0;
	if (!res || PQresultStatus(res) != PGRES_TUPLES_OK) {
		rc = S_failed(c, res, secret, "reading pg_stat_activity");
		PQclear(res);
		return rc;
	}
	rows = PQntuples(res);
	if (rows > 0) {
		lines = tr_calloc((size_t)rows, sizeof(*lines));
		if (!lines)
			rc = TR_ENOMEM;
	}
	for (int i = 0; i < rows && rc == 0; i++) {
		lines[i] = tr_sprintf("%s pid %s: %s", PQgetvalue(res, i, 0),
		                      PQgetvalue(res, i, 1), PQgetvalue(res, i, 2));
		if (!lines[i])
			rc = TR_ENOMEM;
	}
	PQclear(res);
	if (rc < 0) {
		for (int i = 0; lines && i < rows; i++)
			free(lines[i]);
		free(lines);
		return rc;
	}
	*out = lines;
	*n = (size_t)rows;
	return 0;
}

static void S_free_lines(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

static void S_report(const tr_settle_options *o, tr_settle_event ev,
                     int64_t t0, double checkpoint_s, char **lines, size_t n)
{
	tr_settle_status st;
	if (!o->status)
		return;
	st.event = ev;
	st.elapsed_s = (double)(tr_probe_now_us() - t0) / 1e6;
	st.checkpoint_s = checkpoint_s;
	st.nworkers = n;
	st.workers = (const char *const *)lines;
	o->status(o->ctx, &st);
}

int tr_settle_run(bool *out_settled, const tr_settle_options *o)
{
	PGconn *c = NULL;
	PGresult *res = NULL;
	char *secret = NULL;
	char **lines = NULL;
	size_t n = 0;
	int64_t t0;
	double checkpoint_s;
	int rc;

	*out_settled = false;
	if (!(o->timeout_s >= 0) || !(o->interval_s > 0))
		return tr_error_set("settle: the timeout must be at least 0 and the "
		                    "interval more than 0 seconds");
	if ((rc = tr_probe_connect(&c, &secret, o->conninfo, S_quiet, NULL)) < 0)
		return rc;
	t0 = tr_probe_now_us();
	res = PQexec(c, "checkpoint");
	if (!res || PQresultStatus(res) != PGRES_COMMAND_OK) {
		rc = S_failed(c, res, secret, "CHECKPOINT");
		goto cleanup;
	}
	PQclear(res);
	res = NULL;
	checkpoint_s = (double)(tr_probe_now_us() - t0) / 1e6;
	S_report(o, TR_SETTLE_CHECKPOINT, t0, checkpoint_s, NULL, 0);

	for (;;) {
		double elapsed;
		if ((rc = S_workers(&lines, &n, c, secret)) < 0)
			goto cleanup;
		if (n == 0) {
			*out_settled = true;
			S_report(o, TR_SETTLE_SETTLED, t0, checkpoint_s, NULL, 0);
			break;
		}
		elapsed = (double)(tr_probe_now_us() - t0) / 1e6;
		if (elapsed >= o->timeout_s) {
			S_report(o, TR_SETTLE_TIMEOUT, t0, checkpoint_s, lines, n);
			break;
		}
		S_report(o, TR_SETTLE_WAITING, t0, checkpoint_s, lines, n);
		S_free_lines(lines, n);
		lines = NULL;
		n = 0;
		S_sleep(fmin(o->interval_s, o->timeout_s - elapsed), o);
		if (S_stopped(o))
			break;
	}

cleanup:
	S_free_lines(lines, n);
	PQclear(res);
	PQfinish(c);
	free(secret);
	return rc;
}
