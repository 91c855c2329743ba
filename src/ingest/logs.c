/* logs.c: read every run's log files on worker threads, then merge them
 * per run in thread order (so results never depend on scheduling). */

#include "load.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	size_t run;
	tr_txlog_col7 col7;  /* what a 7th field is: from the run's summary */
	const char *relpath;
	char *fspath;
	/* results */
	tr_log_kind kind;
	tr_agglog agg;
	tr_txlog_stats tx;
	char *error;         /* "path:line: message", or NULL */
	int rc;
	char sha[65];
	uint64_t bytes;
} S_job;

typedef struct {
	S_job *jobs;
	const char *root;
} S_ctx;

static void S_read_one(void *vctx, size_t i)
{
	S_ctx *ctx = vctx;
	S_job *job = &ctx->jobs[i];
	tr_buf data = TR_BUF_INIT;
	tr_sha256 sha;

	tr_error_clear();
	job->rc = tr_file_read(&data, job->fspath);
	if (job->rc < 0)
		goto done;
	job->bytes = data.size;
	tr_sha256_init(&sha);
	tr_sha256_update(&sha, data.ptr, data.size);
	tr_sha256_hex(&sha, job->sha);
	job->kind = tr_log_sniff(data.ptr, data.size);
	switch (job->kind) {
	case TR_LOG_AGGREGATE:
		job->rc = tr_agglog_parse(&job->agg, data.ptr, data.size, job->relpath);
		break;
	case TR_LOG_TRANSACTION:
		tr_txlog_stats_init(&job->tx);
		job->tx.col7 = job->col7;
		job->rc = tr_txlog_parse(&job->tx, data.ptr, data.size, job->relpath);
		break;
	default:
		job->rc = data.size == 0
		              ? tr_error_set_at(job->relpath, 0, "empty log file")
		              : tr_error_set_at(job->relpath, 1,
		                                "neither an aggregate nor a "
		                                "per-transaction log line");
		break;
	}
done:
	if (job->rc < 0)
		job->error = tr_strdup(tr_error_last());
	tr_buf_free(&data);
}

static void S_exclude(tr_run *run, const char *reason)
{
	run->excluded = true;
	free(run->excluded_reason);
	run->excluded_reason = tr_strdup(reason);
}

/* Merge the jobs [from, to) of one run. */
static int S_merge_run(tr_study *st, tr_run *run, S_job *jobs, size_t from,
                       size_t to)
{
	size_t n = to - from;
	tr_log_kind kind = jobs[from].kind;
	int rc;

	for (size_t j = from; j < to; j++) {
		if (jobs[j].rc < 0) {
			S_exclude(run, jobs[j].error ? jobs[j].error : "unreadable log");
			return tr_diags_add(&st->diags, TR_SEV_WARNING, "log-unreadable",
			                    NULL, 0, "%s; run %s left out",
			                    jobs[j].error ? jobs[j].error : "unreadable log",
			                    run->path);
		}
		if (jobs[j].kind != kind) {
			S_exclude(run, "its log files mix aggregate and per-transaction lines");
			return tr_diags_add(&st->diags, TR_SEV_WARNING, "log-mixed",
			                    jobs[j].relpath, 0,
			                    "log files of %s mix aggregate and per-transaction "
			                    "lines; run left out", run->path);
		}
	}
	run->log_kind = kind;
	if (run->summary.threads > 0 && (size_t)run->summary.threads != n) {
		return tr_diags_add(&st->diags, TR_SEV_WARNING, "log-threads",
		                    run->path, 0,
		                    "%zu log file(s) for PID %ld, but the run had %d "
		                    "thread(s); its logs are not used",
		                    n, run->log_pid, run->summary.threads);
	}
	if (kind == TR_LOG_AGGREGATE) {
		tr_agglog *logs = tr_calloc(n, sizeof(tr_agglog));
		if (!logs)
			return TR_ENOMEM;
		for (size_t j = 0; j < n; j++)
			logs[j] = jobs[from + j].agg;
		rc = tr_windows_from_agglogs(run, logs, n, &st->diags);
		free(logs);
		return rc;
	}
	run->txlog = tr_calloc(1, sizeof(tr_txlog_stats));
	if (!run->txlog)
		return TR_ENOMEM;
	tr_txlog_stats_init(run->txlog);
	for (size_t j = from; j < to; j++)
		if ((rc = tr_txlog_stats_merge(run->txlog, &jobs[j].tx)) < 0)
			return rc;
	return 0;
}

int tr_load_logs(tr_study *st, const tr_load_options *options,
                 tr_buf *digest_list)
{
	S_ctx ctx;
	size_t njobs = 0, cap = 0;
	int rc = 0;

	memset(&ctx, 0, sizeof(ctx));
	ctx.root = st->root;
	for (size_t r = 0; r < st->nruns; r++) {
		tr_run *run = &st->runs[r];
		if (run->excluded)
			continue;
		for (size_t k = 0; k < run->nlog_paths; k++) {
			S_job *job;
			if ((rc = tr_grow(&ctx.jobs, &cap, njobs + 1, sizeof(S_job))) < 0)
				goto cleanup;
			job = &ctx.jobs[njobs];
			memset(job, 0, sizeof(*job));
			job->run = r;
			/* pgbench prints "rate limit schedule lag" exactly when -R is
			 * on, so the summary says whether a 7th log field is the lag
			 * or the retry count. */
			job->col7 = isnan(run->summary.lag_avg_ms) ? TR_TXLOG_COL7_RETRIES
			                                           : TR_TXLOG_COL7_LAG;
			job->relpath = run->log_paths[k];
			job->fspath = tr_path_join(st->root, run->log_paths[k]);
			if (!job->fspath) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			njobs++;
		}
	}
	if (njobs == 0)
		goto cleanup;

	tr_pool_run(options ? options->threads : 0, njobs, S_read_one, &ctx);

	for (size_t j = 0; j < njobs;) {
		size_t end = j + 1;
		while (end < njobs && ctx.jobs[end].run == ctx.jobs[j].run)
			end++;
		for (size_t k = j; k < end; k++)
			if (ctx.jobs[k].rc == 0 &&
			    (rc = tr_digest_note_hex(digest_list, ctx.jobs[k].relpath,
			                         ctx.jobs[k].sha)) < 0)
				goto cleanup;
		if ((rc = S_merge_run(st, &st->runs[ctx.jobs[j].run], ctx.jobs, j, end)) < 0)
			goto cleanup;
		j = end;
	}
cleanup:
	for (size_t j = 0; j < njobs; j++) {
		free(ctx.jobs[j].fspath);
		free(ctx.jobs[j].error);
		tr_agglog_free(&ctx.jobs[j].agg);
		if (ctx.jobs[j].kind == TR_LOG_TRANSACTION)
			tr_txlog_stats_free(&ctx.jobs[j].tx);
	}
	free(ctx.jobs);
	return rc;
}
