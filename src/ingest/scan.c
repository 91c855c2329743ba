/* scan.c: which files of a scenario folder are runs, logs, stderr, init.
 *
 * A run is a file whose text holds a pgbench summary. Its logs are named
 * <stem>.<pid>[.<thread>] (pgbench's --log-prefix=<stem>); only the highest
 * PID counts, lower ones are orphans of an interrupted run. <stem>.progress,
 * <stem>.err or <stem>.log without a summary hold the run's stderr.
 * init*.txt|.log is `pgbench -i` output, init*.json a probe's. */

#include "ingest_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"
#include "util/str.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int S_natcmp_ptr(const void *a, const void *b)
{
	return tr_natcmp(*(const char *const *)a, *(const char *const *)b);
}

int tr_listing_read(tr_listing *out, const char *fspath)
{
	DIR *d;
	struct dirent *e;
	size_t cap = 0;
	memset(out, 0, sizeof(*out));
	d = opendir(fspath);
	if (!d)
		return tr_error_set_errno(fspath);
	while ((e = readdir(d)) != NULL) {
		char *name;
		if (e->d_name[0] == '.')
			continue;
		if (tr_grow(&out->names, &cap, out->count + 1, sizeof(char *)) < 0 ||
		    !(name = tr_strdup(e->d_name))) {
			closedir(d);
			tr_listing_free(out);
			return TR_ENOMEM;
		}
		out->names[out->count++] = name;
	}
	closedir(d);
	if (out->count > 1)
		qsort(out->names, out->count, sizeof(char *), S_natcmp_ptr);
	return 0;
}

void tr_listing_free(tr_listing *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->names[i]);
	free(l->names);
	memset(l, 0, sizeof(*l));
}

static bool S_all_digits(const char *s, size_t n)
{
	if (n == 0 || n > 9)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

bool tr_log_name_parse(const char *name, char **stem, long *pid, int *thread)
{
	const char *last = strrchr(name, '.'), *prev;
	*stem = NULL;
	if (!last || last == name)
		return false;
	if (!S_all_digits(last + 1, strlen(last + 1)))
		return false;
	/* <stem>.<pid>.<thread> or <stem>.<pid> */
	for (prev = last - 1; prev > name && *prev != '.'; prev--)
		;
	if (prev > name && *prev == '.' &&
	    S_all_digits(prev + 1, (size_t)(last - prev - 1))) {
		*pid = strtol(prev + 1, NULL, 10);
		*thread = (int)strtol(last + 1, NULL, 10);
		*stem = tr_strndup(name, (size_t)(prev - name));
	} else {
		*pid = strtol(last + 1, NULL, 10);
		*thread = 0;
		*stem = tr_strndup(name, (size_t)(last - name));
	}
	return *stem != NULL;
}

/* The stem of a run file: its name without the last extension. */
static char *S_stem(const char *name)
{
	const char *dot = strrchr(name, '.');
	if (!dot || dot == name)
		return tr_strdup(name);
	return tr_strndup(name, (size_t)(dot - name));
}

static bool S_is_stderr_name(const char *name, const char *stem)
{
	size_t n = strlen(stem);
	if (strncmp(name, stem, n) != 0)
		return false;
	return strcmp(name + n, ".progress") == 0 || strcmp(name + n, ".err") == 0 ||
	       strcmp(name + n, ".log") == 0 || strcmp(name + n, ".stderr") == 0;
}

static bool S_is_init_name(const char *name)
{
	return tr_str_starts_with(name, "init") &&
	       (tr_str_ends_with(name, ".txt") || tr_str_ends_with(name, ".log") ||
	        tr_str_ends_with(name, ".json"));
}

/* Text that looks like something pgbench printed, for a warning when a
 * file holds no summary. */
static bool S_looks_like_pgbench(const char *text)
{
	return strstr(text, "pgbench") || strstr(text, "transaction type:") ||
	       strstr(text, "progress: ") || strstr(text, "number of clients");
}

/* Windows from the -P lines of a run's file or its stderr file. A line
 * that starts like a progress line but does not parse costs the run its
 * progress windows, not the run. */
static int S_progress_windows(tr_study *st, tr_run *run, const char *text,
                              size_t len, const char *relpath)
{
	tr_progress *lines = NULL;
	size_t n = 0;
	int rc = tr_progress_scan(&lines, &n, text, len, relpath);
	if (rc == TR_ENOMEM)
		return rc;
	if (rc < 0)
		rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "progress-invalid", NULL,
		                  0, "%s; its progress lines are not used",
		                  tr_error_last());
	else if (n >= 2 && run->nwindows == 0)
		rc = tr_windows_from_progress(run, lines, n, &st->diags);
	free(lines);
	return rc;
}

typedef struct {
	char *name;
	char *stem;
	long pid;
	int thread;
} S_logname;

static int S_cmp_logname(const void *pa, const void *pb)
{
	const S_logname *a = pa, *b = pb;
	int c = strcmp(a->stem, b->stem);
	if (c)
		return c;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return (a->thread > b->thread) - (a->thread < b->thread);
}

static int S_add_init(tr_study *st, size_t provider, size_t scenario,
                      const char *relpath, const tr_buf *text)
{
	tr_init init;
	int rc;
	if (tr_str_ends_with(relpath, ".json"))
		rc = tr_initjson_parse(&init, text->ptr, text->size, relpath);
	else
		rc = tr_initlog_parse(&init, text->ptr, text->size, relpath);
	if (rc == TR_ENOTFOUND) {
		tr_init_free(&init);
		return tr_diags_add(&st->diags, TR_SEV_WARNING, "init-unreadable",
		                    relpath, 0,
		                    "no pgbench -i output found in this file; ignored");
	}
	if (rc < 0) {
		tr_init_free(&init);
		if (rc == TR_ENOMEM)
			return rc;
		return tr_diags_add(&st->diags, TR_SEV_WARNING, "init-unreadable",
		                    NULL, 0, "%s; file ignored", tr_error_last());
	}
	init.provider = provider;
	init.scenario = scenario;
	if (!init.path && !(init.path = tr_strdup(relpath))) {
		tr_init_free(&init);
		return TR_ENOMEM;
	}
	if (tr_grow(&st->inits, &st->inits_cap, st->ninits + 1,
	            sizeof(tr_init)) < 0) {
		tr_init_free(&init);
		return TR_ENOMEM;
	}
	st->inits[st->ninits++] = init;
	return 0;
}

/* Attach the highest-PID log files named <stem>.* to the run, the rest as
 * orphans. names are sorted by stem, pid, thread. */
static int S_attach_logs(tr_run *run, const S_logname *logs, size_t nlogs,
                         const char *reldir)
{
	long top = -1;
	size_t cap = 0, ocap = 0;
	for (size_t i = 0; i < nlogs; i++)
		if (strcmp(logs[i].stem, run->id) == 0 && logs[i].pid > top)
			top = logs[i].pid;
	run->log_pid = top;
	for (size_t i = 0; i < nlogs; i++) {
		char *rel;
		if (strcmp(logs[i].stem, run->id) != 0)
			continue;
		rel = tr_path_join(reldir, logs[i].name);
		if (!rel)
			return TR_ENOMEM;
		if (logs[i].pid == top) {
			if (tr_grow(&run->log_paths, &cap, run->nlog_paths + 1,
			            sizeof(char *)) < 0) {
				free(rel);
				return TR_ENOMEM;
			}
			run->log_paths[run->nlog_paths++] = rel;
		} else {
			if (tr_grow(&run->orphan_log_paths, &ocap,
			            run->norphan_log_paths + 1, sizeof(char *)) < 0) {
				free(rel);
				return TR_ENOMEM;
			}
			run->orphan_log_paths[run->norphan_log_paths++] = rel;
		}
	}
	return 0;
}

int tr_scan_scenario(tr_study *st, size_t provider, size_t scenario,
                     const char *fsdir, const char *reldir,
                     tr_buf *digest_list)
{
	tr_listing ls;
	S_logname *logs = NULL;
	size_t nlogs = 0, logcap = 0, first_run = st->nruns;
	tr_buf text = TR_BUF_INIT;
	int rc;

	if ((rc = tr_listing_read(&ls, fsdir)) < 0)
		return rc;

	/* Pass 1: log file names. */
	for (size_t i = 0; i < ls.count; i++) {
		S_logname ln;
		memset(&ln, 0, sizeof(ln));
		if (!tr_log_name_parse(ls.names[i], &ln.stem, &ln.pid, &ln.thread))
			continue;
		if ((rc = tr_grow(&logs, &logcap, nlogs + 1, sizeof(S_logname))) < 0) {
			free(ln.stem);
			goto cleanup;
		}
		ln.name = ls.names[i];
		logs[nlogs++] = ln;
	}
	if (nlogs > 1)
		qsort(logs, nlogs, sizeof(S_logname), S_cmp_logname);

	/* Pass 2: every other regular file: run, init, stderr or other. */
	for (size_t i = 0; i < ls.count; i++) {
		const char *name = ls.names[i];
		char *fs = NULL, *rel = NULL;
		struct stat sb;
		bool is_log = false;
		tr_summary sum;
		for (size_t k = 0; k < nlogs; k++)
			if (logs[k].name == name)
				is_log = true;
		if (is_log)
			continue;
		fs = tr_path_join(fsdir, name);
		rel = tr_path_join(reldir, name);
		if (!fs || !rel) {
			free(fs);
			free(rel);
			rc = TR_ENOMEM;
			goto cleanup;
		}
		if (stat(fs, &sb) < 0 || !S_ISREG(sb.st_mode)) {
			int err = errno;
			if (stat(fs, &sb) < 0)
				rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "unreadable",
				                  rel, 0, "%s; ignored", strerror(err));
			else
				rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "ignored", rel, 0,
				                  "not a regular file; ignored");
			free(fs);
			free(rel);
			if (rc < 0)
				goto cleanup;
			continue;
		}
		if (tr_file_read_named(&text, fs, rel) < 0) {
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "unreadable", NULL,
			                  0, "%s; ignored", tr_error_last());
			free(fs);
			free(rel);
			if (rc < 0)
				goto cleanup;
			continue;
		}
		free(fs);
		if ((rc = tr_digest_note(digest_list, rel, text.ptr, text.size)) < 0) {
			free(rel);
			goto cleanup;
		}
		if (S_is_init_name(name)) {
			rc = S_add_init(st, provider, scenario, rel, &text);
			free(rel);
			if (rc < 0)
				goto cleanup;
			continue;
		}
		if (tr_str_starts_with(name, "warmup")) {
			/* A warm-up (tpsreport run writes warmup.txt): never a
			 * measured run. */
			rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "warmup", rel, 0,
			                  "a warm-up run; not counted");
			free(rel);
			if (rc < 0)
				goto cleanup;
			continue;
		}
		rc = tr_summary_parse(&sum, text.ptr, text.size, rel);
		if (rc == TR_ENOTFOUND) {
			tr_summary_free(&sum);
			/* Maybe the stderr of a run, matched after all runs are known. */
			if (tr_str_ends_with(name, ".progress") ||
			    tr_str_ends_with(name, ".err") || tr_str_ends_with(name, ".log") ||
			    tr_str_ends_with(name, ".stderr")) {
				free(rel);
				continue;
			}
			if (tr_str_ends_with(name, ".txt") ||
			    S_looks_like_pgbench(tr_buf_cstr(&text)))
				rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "no-summary", rel,
				                  0, "no pgbench summary in this file; ignored");
			else
				rc = 0;
			free(rel);
			if (rc < 0)
				goto cleanup;
			continue;
		}
		{
			tr_run run;
			memset(&run, 0, sizeof(run));
			run.provider = provider;
			run.scenario = scenario;
			run.path = rel;
			run.id = S_stem(name);
			run.log_pid = -1;
			run.summary = sum;
			if (!run.id) {
				tr_run_free(&run);
				rc = TR_ENOMEM;
				goto cleanup;
			}
			if (rc < 0) {
				/* A summary that is there but malformed. */
				run.excluded = true;
				run.excluded_reason = tr_strdup(tr_error_last());
				if (rc == TR_ENOMEM ||
				    (rc = tr_diags_add(&st->diags, TR_SEV_WARNING,
				                       "summary-invalid", NULL, 0,
				                       "%s; run left out", tr_error_last())) < 0) {
					tr_run_free(&run);
					goto cleanup;
				}
			}
			for (size_t k = first_run; k < st->nruns; k++)
				if (strcmp(st->runs[k].id, run.id) == 0) {
					rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "duplicate-run",
					                  run.path, 0,
					                  "a second run named %s (the first is %s); left out",
					                  run.id, st->runs[k].path);
					run.excluded = true;
					free(run.excluded_reason);
					run.excluded_reason = tr_strdup("another run has the same name");
					break;
				}
			if (!run.excluded &&
			    (rc = S_progress_windows(st, &run, text.ptr, text.size,
			                             run.path)) < 0) {
				tr_run_free(&run);
				goto cleanup;
			}
			if ((rc = S_attach_logs(&run, logs, nlogs, reldir)) < 0 ||
			    (rc = tr_grow(&st->runs, &st->runs_cap, st->nruns + 1,
			                  sizeof(tr_run))) < 0) {
				tr_run_free(&run);
				goto cleanup;
			}
			st->runs[st->nruns++] = run;
		}
	}

	/* Pass 3: stderr files of runs; logs that belong to no run. */
	for (size_t i = 0; i < ls.count; i++) {
		for (size_t r = first_run; r < st->nruns; r++) {
			tr_run *run = &st->runs[r];
			if (run->progress_path || !S_is_stderr_name(ls.names[i], run->id))
				continue;
			if (strcmp(ls.names[i], run->path + strlen(reldir) + 1) == 0)
				continue; /* the run file itself */
			if (!(run->progress_path = tr_path_join(reldir, ls.names[i]))) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			{
				char *fs = tr_path_join(fsdir, ls.names[i]);
				if (!fs) {
					rc = TR_ENOMEM;
					goto cleanup;
				}
				if (tr_file_read_named(&text, fs, run->progress_path) < 0)
					rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "unreadable",
					                  NULL, 0, "%s; ignored", tr_error_last());
				else if (!run->excluded) /* its digest was noted in pass 2 */
					rc = S_progress_windows(st, run, text.ptr, text.size,
					                        run->progress_path);
				free(fs);
				if (rc < 0)
					goto cleanup;
			}
		}
	}
	for (size_t k = 0; k < nlogs; k++) {
		bool owned = false;
		for (size_t r = first_run; r < st->nruns; r++)
			if (strcmp(st->runs[r].id, logs[k].stem) == 0)
				owned = true;
		if (!owned && (k == 0 || strcmp(logs[k - 1].stem, logs[k].stem) != 0)) {
			char *rel = tr_path_join(reldir, logs[k].name);
			if (!rel) {
				rc = TR_ENOMEM;
				goto cleanup;
			}
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "log-without-run", rel,
			                  0,
			                  "log file of no run: expected a run file %s.txt "
			                  "(pgbench --log-prefix=%s ... | tee %s.txt); ignored",
			                  logs[k].stem, logs[k].stem, logs[k].stem);
			free(rel);
			if (rc < 0)
				goto cleanup;
		}
	}
	rc = 0;
cleanup:
	for (size_t k = 0; k < nlogs; k++)
		free(logs[k].stem);
	free(logs);
	tr_buf_free(&text);
	tr_listing_free(&ls);
	return rc;
}
