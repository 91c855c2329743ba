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
 * - A probe killed (SIGKILL, a lost machine) between two commits leaves
 *   part of the rows. So the truncate's transaction also puts the comment
 *   TR_PROBE_INCOMPLETE on pgbench_accounts, removed only after the last
 *   commit: the next probe sees it, says so, and replaces those rows
 *   without --force (docs/probe.md, "Interrupted loads").
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

/* The loaders of one --jobs load and what they share. */
typedef struct S_load {
	tr_probe *p;
	int n;                   /* loaders: one a connection */
	int64_t total;           /* rows of pgbench_accounts */
	int64_t t0;              /* when the step began, for progress */
	S_job *jobs;
	pthread_t *threads;
	S_shared shared;
	bool lock_ok, cond_ok;   /* shared.lock, shared.cond initialised */
	int started, committed;  /* threads started, loaders committed */
} S_load;

/* 1. Truncate, branches and tellers, committed: visible to all. */
static int S_load_small(tr_probe *p, tr_probe_result *r)
{
	int64_t scale = p->opts.scale;
	bool freeze;
	int rc;

	if ((rc = tr_probe_begin(p)) < 0 ||
	    (rc = tr_probe_exec(p, NULL, "truncate table pgbench_accounts, "
	                        "pgbench_branches, pgbench_history, pgbench_tellers",
	                        NULL)) < 0 ||
	    (rc = tr_probe_exec(p, NULL, "comment on table pgbench_accounts is '"
	                        TR_PROBE_INCOMPLETE "'", NULL)) < 0 ||
	    (rc = tr_probe_copy_table(p, 'b', "pgbench_branches", scale, NULL,
	                              NULL, &r->branches, &freeze)) < 0 ||
	    (rc = tr_probe_copy_table(p, 't', "pgbench_tellers",
	                              scale * TR_PROBE_TELLERS_PER_BRANCH, NULL,
	                              NULL, &r->tellers, &freeze)) < 0)
		return rc;
	return tr_probe_exec(p, NULL, "commit", NULL);
}

/* 2a. The loaders' jobs, one contiguous aid range each, and their lock. */
static int S_load_init(S_load *ld)
{
	pthread_condattr_t attr;
	int64_t per;

	ld->jobs = tr_calloc((size_t)ld->n, sizeof(*ld->jobs));
	ld->threads = tr_calloc((size_t)ld->n, sizeof(*ld->threads));
	if (!ld->jobs || !ld->threads)
		return TR_ENOMEM;
	if (pthread_mutex_init(&ld->shared.lock, NULL) != 0)
		return tr_error_set("client-side generate: pthread_mutex_init failed");
	ld->lock_ok = true;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	ld->cond_ok = pthread_cond_init(&ld->shared.cond, &attr) == 0;
	pthread_condattr_destroy(&attr);
	if (!ld->cond_ok)
		return tr_error_set("client-side generate: pthread_cond_init failed");
	ld->shared.finished = 0;
	per = (ld->total + ld->n - 1) / ld->n;
	for (int i = 0; i < ld->n; i++) {
		S_job *job = &ld->jobs[i];
		job->p = ld->p;
		job->conn = ld->p->conns[i].conn;
		job->first = (int64_t)i * per + 1;
		job->last = (int64_t)(i + 1) * per < ld->total
		                    ? (int64_t)(i + 1) * per : ld->total;
		atomic_init(&job->sent, 0);
		job->shared = &ld->shared;
	}
	return 0;
}

/* 2b. Run the loaders to their end (each stops before its commit). */
static int S_load_run(S_load *ld)
{
	int rc = S_threads(ld->p, ld->jobs, &ld->shared, ld->n, ld->threads,
	                   &ld->started);
	S_wait(ld->p, &ld->shared, ld->jobs, ld->n, ld->total, ld->t0);
	for (int i = 0; i < ld->started; i++)
		pthread_join(ld->threads[i], NULL);
	return rc;
}

/* 3a. Whether every loader is through, or the error of the first one
 * that failed by itself. */
static int S_load_check(const S_load *ld)
{
	for (int i = 0; i < ld->n; i++) {
		/* The first loader that failed by itself, not the ones stopped
		 * because of it (or the interrupt, which all of them report). */
		if (ld->jobs[i].rc < 0 && ld->jobs[i].error &&
		    !strstr(ld->jobs[i].error, S_STOPPED_BY_OTHER))
			return tr_error_set("%s", ld->jobs[i].error);
	}
	for (int i = 0; i < ld->n; i++)
		if (ld->jobs[i].rc < 0)
			return tr_error_set("client-side generate: a loader failed");
	if (ld->p->interrupted)
		return tr_error_set("interrupted during client-side generate");
	return 0;
}

/* 3b. Commit every loader, then remove the marker. */
static int S_load_commit(S_load *ld, tr_probe_result *r)
{
	int rc;
	for (int i = 0; i < ld->n; i++) {
		S_job *job = &ld->jobs[i];
		if ((rc = tr_probe_exec(ld->p, job->conn, "commit", NULL)) < 0)
			return rc;
		ld->committed++;
		r->init.rows = (r->init.rows > 0 ? r->init.rows : 0) +
		               (job->last - job->first + 1);
	}
	/* Every loader committed: the table is whole, the marker goes. */
	return tr_probe_exec(ld->p, NULL,
	                     "comment on table pgbench_accounts is null", NULL);
}

/* After a failure: end every loader's transaction, truncate again, and
 * finish the message with the state the tables are left in. `truncated`:
 * the truncate of step 1 was committed. Returns the error. */
static int S_load_failed(const S_load *ld, bool truncated)
{
	tr_probe *p = ld->p;
	tr_buf msg = TR_BUF_INIT;
	int none = 0, rc;

	tr_buf_puts(&msg, tr_error_last());
	atomic_compare_exchange_strong(&p->stop, &none, 2);
	for (int i = 0; i < p->nconns; i++) {
		PGconn *c = p->conns[i].conn;
		if (PQstatus(c) == CONNECTION_OK &&
		    PQtransactionStatus(c) != PQTRANS_IDLE)
			PQclear(PQexec(c, "rollback"));
	}
	if (!truncated) {
		/* Still inside the first transaction: the rollback undid the
		 * truncate too; the tables are as they were. */
		if (PQstatus(p->conns[0].conn) == CONNECTION_OK)
			tr_buf_puts(&msg, "; its transaction was rolled back, so the "
			            "tables are as before the step");
		else
			tr_buf_puts(&msg, "; the server rolls back the open "
			            "transaction, so the tables are as before the step");
	} else if (S_cleanup(p)) {
		tr_buf_printf(&msg, "; all %d loaders' transactions ended and the "
		              "tables were truncated again, so no table is "
		              "half-loaded (they are empty)", ld->n);
	} else if (ld->committed > 0) {
		tr_buf_printf(&msg, "; %d of %d loaders had committed and no "
		              "connection was left to truncate the tables: "
		              "pgbench_accounts is half-loaded, run the probe again",
		              ld->committed, ld->n);
	} else {
		tr_buf_puts(&msg, "; no connection was left to truncate the tables, "
		            "but no loader had committed: pgbench_accounts is empty "
		            "(pgbench_branches and pgbench_tellers may hold their "
		            "rows)");
	}
	rc = tr_error_set("%s", tr_buf_cstr(&msg));
	tr_buf_free(&msg);
	return rc;
}

static void S_load_free(S_load *ld)
{
	if (ld->cond_ok)
		pthread_cond_destroy(&ld->shared.cond);
	if (ld->lock_ok)
		pthread_mutex_destroy(&ld->shared.lock);
	if (ld->jobs)
		for (int i = 0; i < ld->n; i++)
			free(ld->jobs[i].error);
	free(ld->jobs);
	free(ld->threads);
}

int tr_probe_step_generate_parallel(tr_probe *p, tr_probe_result *r)
{
	S_load ld;
	bool truncated = false;
	int rc;

	memset(&ld, 0, sizeof(ld));
	ld.p = p;
	ld.n = p->nconns;
	ld.total = (int64_t)p->opts.scale * TR_PROBE_ACCOUNTS_PER_BRANCH;
	ld.t0 = tr_probe_now_us();
	tr_probe_message(p, "generating data (client-side)...");
	if ((rc = S_load_small(p, r)) < 0)
		goto cleanup;
	truncated = true;
	if ((rc = S_load_init(&ld)) < 0 || (rc = S_load_run(&ld)) < 0 ||
	    (rc = S_load_check(&ld)) < 0 || (rc = S_load_commit(&ld, r)) < 0)
		goto cleanup;
	S_progress(p, ld.jobs, ld.n, ld.total, ld.t0);
	r->copy_freeze = false;

cleanup:
	if (rc < 0)
		rc = S_load_failed(&ld, truncated);
	S_load_free(&ld);
	return rc;
}
