/* parallel.c: the client-side generate over N connections (--jobs N), which
 * pgbench has nothing like.
 *
 * What can and cannot be as in pgbench (docs/probe.md says it for users):
 * - pgbench truncates and loads in one transaction. Other connections can
 *   neither see nor write a table another transaction truncated and has not
 *   committed, so here the truncate is committed first, together with
 *   pgbench_branches and pgbench_tellers (loaded with FREEZE, as the
 *   truncate is in their transaction).
 * - Each loader then COPYs its own contiguous range of aid into
 *   pgbench_accounts, in its own transaction. COPY FREEZE needs the table
 *   truncated in the same transaction, so these rows are not frozen: the
 *   vacuum step does that work later instead.
 * - All or nothing: no loader commits until every loader has sent all its
 *   rows and the server has accepted them. If any fails, or the user
 *   interrupts, all roll back, and the tables are truncated again, so that
 *   no half-loaded table remains: they are left empty, not as they were
 *   before the step (pgbench's single transaction keeps the old rows; the
 *   probe refuses to touch tables holding rows without --force). The
 *   commits themselves go one after the other; if a connection is lost
 *   between two of them, the truncate again undoes the ones that went
 *   through. Only if every connection is lost at that moment can loaded
 *   rows stay, and the error says so.
 */

#include "probe_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* How tr_probe_copy_rows ends a loader's COPY that another one's failure
 * stopped (p->stop == 2). */
#define S_STOPPED_BY_OTHER "another loader failed"

typedef struct S_job {
	tr_probe *p;
	PGconn *conn;
	int64_t first, last;     /* aid range, inclusive */
	atomic_llong sent;
	int rc;
	char *error;             /* the loader's message, when rc < 0 */
	struct S_shared *shared;
} S_job;

typedef struct S_shared {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int finished;
} S_shared;

static void S_tick(void *arg, int64_t rows)
{
	S_job *job = arg;
	atomic_store(&job->sent, rows);
}

static void *S_loader(void *arg)
{
	S_job *job = arg;
	tr_probe *p = job->p;
	PGresult *res = NULL;
	bool freeze;

	job->rc = tr_probe_exec(p, job->conn, "begin", NULL);
	if (job->rc == 0)
		job->rc = tr_probe_copy_begin(p, job->conn, "pgbench_accounts",
		                              false, &freeze);
	if (job->rc == 0) {
		job->rc = tr_probe_copy_rows(job->conn, 'a', job->first, job->last,
		                             &p->stop, S_tick, job, &res);
		if (job->rc < 0)
			tr_probe_fail_res(p, job->conn, res);
		PQclear(res);
	}
	if (job->rc < 0) {
		/* Messages are per thread: keep this one for the coordinator. */
		int none = 0;
		job->error = tr_strdup(tr_error_last());
		/* 2: stopped because a loader failed (1 is the user). */
		atomic_compare_exchange_strong(&p->stop, &none, 2);
	}
	pthread_mutex_lock(&job->shared->lock);
	job->shared->finished++;
	pthread_cond_signal(&job->shared->cond);
	pthread_mutex_unlock(&job->shared->lock);
	return NULL;
}

static void S_progress(tr_probe *p, S_job *jobs, int n, int64_t total,
                       int64_t t0)
{
	tr_probe_progress pr;
	if (!p->opts.progress)
		return;
	pr.rows_done = 0;
	for (int i = 0; i < n; i++)
		pr.rows_done += atomic_load(&jobs[i].sent);
	pr.rows_total = total;
	pr.elapsed_s = (double)(tr_probe_now_us() - t0) / 1e6;
	p->opts.progress(p->opts.ctx, &pr);
}

/* Wait for every loader, reporting progress about five times a second. */
static void S_wait(tr_probe *p, S_shared *sh, S_job *jobs, int n,
                   int64_t total, int64_t t0)
{
	pthread_mutex_lock(&sh->lock);
	while (sh->finished < n) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += 200 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&sh->cond, &sh->lock, &ts);
		pthread_mutex_unlock(&sh->lock);
		S_progress(p, jobs, n, total, t0);
		pthread_mutex_lock(&sh->lock);
	}
	pthread_mutex_unlock(&sh->lock);
}

/* Truncate again after a failure, on any connection still alive. */
static bool S_cleanup(tr_probe *p)
{
	for (int i = 0; i < p->nconns; i++) {
		PGconn *c = p->conns[i].conn;
		PGresult *res;
		bool ok;
		if (PQstatus(c) != CONNECTION_OK)
			continue;
		if (PQtransactionStatus(c) != PQTRANS_IDLE)
			PQclear(PQexec(c, "rollback"));
		res = PQexec(c, "truncate table pgbench_accounts, pgbench_branches, "
		             "pgbench_history, pgbench_tellers");
		ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
		PQclear(res);
		if (ok)
			return true;
	}
	return false;
}

static int S_threads(tr_probe *p, S_job *jobs, S_shared *sh, int n,
                     pthread_t *threads, int *started)
{
	sigset_t block, old;
	int rc = 0;
	/* Signals go to the calling thread, whose handler cancels. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (int i = 0; i < n; i++) {
		if (pthread_create(&threads[i], NULL, S_loader, &jobs[i]) != 0) {
			rc = tr_error_set("client-side generate: could not start a "
			                  "loader thread");
			atomic_store(&p->stop, 2);
			/* Count the ones never started as finished. */
			pthread_mutex_lock(&sh->lock);
			sh->finished += n - i;
			pthread_mutex_unlock(&sh->lock);
			break;
		}
		(*started)++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

int tr_probe_step_generate_parallel(tr_probe *p, tr_probe_result *r)
{
	int n = p->nconns;
	int64_t scale = p->opts.scale;
	int64_t total = scale * TR_PROBE_ACCOUNTS_PER_BRANCH;
	int64_t t0 = tr_probe_now_us(), per;
	S_shared shared;
	S_job *jobs = NULL;
	pthread_t *threads = NULL;
	PGresult *res = NULL;
	tr_buf msg = TR_BUF_INIT;
	int started = 0, committed = 0, rc = 0;
	bool freeze, cond_ok = false, lock_ok = false, truncated = false;
	pthread_condattr_t attr;

	tr_probe_message(p, "generating data (client-side)...");

	/* 1. Truncate, branches and tellers, committed: visible to all. */
	if ((rc = tr_probe_exec(p, NULL, "begin", NULL)) < 0 ||
	    (rc = tr_probe_exec(p, NULL, "truncate table pgbench_accounts, "
	                        "pgbench_branches, pgbench_history, pgbench_tellers",
	                        NULL)) < 0)
		goto fail;
	if ((rc = tr_probe_copy_begin(p, p->conns[0].conn, "pgbench_branches",
	                              true, &freeze)) < 0)
		goto fail;
	if ((rc = tr_probe_copy_rows(p->conns[0].conn, 'b', 1, scale, &p->stop,
	                             NULL, NULL, &res)) < 0) {
		tr_probe_fail_res(p, p->conns[0].conn, res);
		goto fail;
	}
	r->branches = strtoll(PQcmdTuples(res), NULL, 10);
	PQclear(res);
	res = NULL;
	if ((rc = tr_probe_copy_begin(p, p->conns[0].conn, "pgbench_tellers",
	                              true, &freeze)) < 0)
		goto fail;
	if ((rc = tr_probe_copy_rows(p->conns[0].conn, 't', 1,
	                             scale * TR_PROBE_TELLERS_PER_BRANCH, &p->stop,
	                             NULL, NULL, &res)) < 0) {
		tr_probe_fail_res(p, p->conns[0].conn, res);
		goto fail;
	}
	r->tellers = strtoll(PQcmdTuples(res), NULL, 10);
	PQclear(res);
	res = NULL;
	if ((rc = tr_probe_exec(p, NULL, "commit", NULL)) < 0)
		goto fail;
	truncated = true;

	/* 2. The loaders, one contiguous aid range each. */
	jobs = tr_calloc((size_t)n, sizeof(*jobs));
	threads = tr_calloc((size_t)n, sizeof(*threads));
	if (!jobs || !threads) {
		rc = TR_ENOMEM;
		goto fail;
	}
	if (pthread_mutex_init(&shared.lock, NULL) != 0) {
		rc = tr_error_set("client-side generate: pthread_mutex_init failed");
		goto fail;
	}
	lock_ok = true;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	cond_ok = pthread_cond_init(&shared.cond, &attr) == 0;
	pthread_condattr_destroy(&attr);
	if (!cond_ok) {
		rc = tr_error_set("client-side generate: pthread_cond_init failed");
		goto fail;
	}
	shared.finished = 0;
	per = (total + n - 1) / n;
	for (int i = 0; i < n; i++) {
		jobs[i].p = p;
		jobs[i].conn = p->conns[i].conn;
		jobs[i].first = (int64_t)i * per + 1;
		jobs[i].last = (int64_t)(i + 1) * per < total ? (int64_t)(i + 1) * per
		                                                : total;
		atomic_init(&jobs[i].sent, 0);
		jobs[i].shared = &shared;
	}
	rc = S_threads(p, jobs, &shared, n, threads, &started);
	S_wait(p, &shared, jobs, n, total, t0);
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	if (rc < 0)
		goto fail;

	/* 3. Commit only when every loader is through. */
	for (int i = 0; i < n; i++) {
		/* The first loader that failed by itself, not the ones stopped
		 * because of it (or the interrupt, which all of them report). */
		if (jobs[i].rc < 0 && jobs[i].error &&
		    !strstr(jobs[i].error, S_STOPPED_BY_OTHER)) {
			rc = tr_error_set("%s", jobs[i].error);
			goto fail;
		}
	}
	for (int i = 0; i < n; i++) {
		if (jobs[i].rc < 0) {
			rc = tr_error_set("client-side generate: a loader failed");
			goto fail;
		}
	}
	if (p->interrupted) {
		rc = tr_error_set("interrupted during client-side generate");
		goto fail;
	}
	for (int i = 0; i < n; i++) {
		if ((rc = tr_probe_exec(p, jobs[i].conn, "commit", NULL)) < 0)
			goto fail;
		committed++;
		r->init.rows = (r->init.rows > 0 ? r->init.rows : 0) +
		               (jobs[i].last - jobs[i].first + 1);
	}
	S_progress(p, jobs, n, total, t0);
	r->copy_freeze = false;
	goto cleanup;

fail:
	{
		/* Every loader's transaction ends; then truncate. */
		bool cleaned;
		int none = 0;
		tr_buf_puts(&msg, tr_error_last());
		atomic_compare_exchange_strong(&p->stop, &none, 2);
		for (int i = 0; i < p->nconns; i++) {
			PGconn *c = p->conns[i].conn;
			if (PQstatus(c) == CONNECTION_OK &&
			    PQtransactionStatus(c) != PQTRANS_IDLE)
				PQclear(PQexec(c, "rollback"));
		}
		if (!truncated) {
			/* Still inside the first transaction: the rollback undid
			 * the truncate too; the tables are as they were. */
			if (PQstatus(p->conns[0].conn) == CONNECTION_OK)
				tr_buf_puts(&msg, "; its transaction was rolled back, so "
				            "the tables are as before the step");
			else
				tr_buf_puts(&msg, "; the server rolls back the open "
				            "transaction, so the tables are as before the "
				            "step");
			rc = tr_error_set("%s", tr_buf_cstr(&msg));
			goto cleanup;
		}
		cleaned = S_cleanup(p);
		if (cleaned)
			tr_buf_printf(&msg, "; all %d loaders' transactions ended and "
			              "the tables were truncated again, so no table is "
			              "half-loaded (they are empty)", n);
		else if (committed > 0)
			tr_buf_printf(&msg, "; %d of %d loaders had committed and no "
			              "connection was left to truncate the tables: "
			              "pgbench_accounts is half-loaded, run the probe "
			              "again", committed, n);
		else
			tr_buf_puts(&msg, "; no connection was left to truncate the "
			            "tables, but no loader had committed: "
			            "pgbench_accounts is empty (pgbench_branches and "
			            "pgbench_tellers may hold their rows)");
		rc = tr_error_set("%s", tr_buf_cstr(&msg));
	}

cleanup:
	PQclear(res);
	if (cond_ok)
		pthread_cond_destroy(&shared.cond);
	if (lock_ok)
		pthread_mutex_destroy(&shared.lock);
	if (jobs)
		for (int i = 0; i < n; i++)
			free(jobs[i].error);
	free(jobs);
	free(threads);
	tr_buf_free(&msg);
	return rc;
}
