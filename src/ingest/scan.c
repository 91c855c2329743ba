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
#include "util/strmap.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
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

/* The reader's reserved stems, one rule each, shared with the plan of
 * `tpsreport run` (tr_run_stem_reserved), which must never name a run so
 * that it is read as something else. */
static bool S_is_init_stem(const char *stem)
{
	return tr_str_starts_with(stem, "init");
}

static bool S_is_warmup_stem(const char *stem)
{
	size_t n = strlen("warmup");
	return strncmp(stem, "warmup", n) == 0 || strncmp(stem, "Warmup", n) == 0 ||
	       strncmp(stem, "WARMUP", n) == 0;
}

const char *tr_run_stem_reserved(const char *stem)
{
	if (!*stem || strchr(stem, '/'))
		return "is not a file name";
	if (stem[0] == '.')
		return "starts with '.': the reader passes over hidden files";
	if (S_is_init_stem(stem))
		return "starts with \"init\": the reader takes it for pgbench -i output";
	if (S_is_warmup_stem(stem))
		return "starts with \"warmup\": the reader takes it for a warm-up and "
		       "never counts it";
	return NULL;
}

static bool S_is_init_name(const char *name)
{
	return S_is_init_stem(name) &&
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

/* A summary whose figures contradict each other: left out, as an
 * impossible one is. */
static int S_check_contradiction(tr_study *st, tr_run *run)
{
	char why[256];
	if (!tr_summary_contradicts(&run->summary, why, sizeof(why)))
		return 0;
	run->excluded = true;
	free(run->excluded_reason); /* a warm-up's, or a malformed summary's */
	if (!(run->excluded_reason = tr_strdup(why)))
		return TR_ENOMEM;
	return tr_diags_add(&st->diags, TR_SEV_WARNING, "summary-contradiction",
	                    run->path, run->summary.line, "%s; run left out", why);
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
		rc = tr_diags_add_error(&st->diags, TR_SEV_WARNING, "progress-invalid",
		                        "; its progress lines are not used");
	else if (n >= 2 && run->nwindows <= 1) /* no window counts (stats) */
		rc = tr_windows_from_progress(run, lines, n, &st->diags);
	free(lines);
	return rc;
}

typedef struct {
	const char *name;   /* relative to the scenario folder */
	char *owned;        /* name, when it lies in a subfolder */
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
		return tr_diags_add_error(&st->diags, TR_SEV_WARNING, "init-unreadable",
		                          "; file ignored");
	}
	if (init.damage &&
	    (rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "init-damaged", relpath,
	                       init.damage_line, "%s", init.damage)) < 0) {
		tr_init_free(&init);
		return rc;
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

/* ---- an init shared by a provider's scenarios ------------------------ */

bool tr_scan_is_init_name(const char *name)
{
	return S_is_init_name(name);
}

int tr_scan_shared_init(tr_study *st, size_t provider, const char *fspath,
                        const char *relpath, tr_buf *digest_list)
{
	tr_buf text = TR_BUF_INIT;
	size_t before = st->ninits;
	int rc;
	if (tr_file_read_named(&text, fspath, relpath) < 0) {
		rc = tr_diags_add_error(&st->diags, TR_SEV_WARNING, "unreadable",
		                        "; ignored");
		goto cleanup;
	}
	if ((rc = tr_digest_note(digest_list, relpath, text.ptr, text.size)) < 0 ||
	    (rc = S_add_init(st, provider, SIZE_MAX, relpath, &text)) < 0)
		goto cleanup;
	if (st->ninits > before)
		st->inits[before].shared = true;
cleanup:
	tr_buf_free(&text);
	return rc;
}

/* The scenarios of the provider whose runs have the init's scale (all of
 * its scenarios when the init's scale is unknown and they share one). */
static bool S_scale_matches(const tr_study *st, const tr_init *in, size_t s,
                            int64_t *scale)
{
	bool any = false;
	for (size_t r = 0; r < st->nruns; r++) {
		const tr_run *run = &st->runs[r];
		if (run->provider != in->provider || run->scenario != s)
			continue;
		if (in->scale >= 0 ? run->summary.scale == in->scale
		                   : (*scale < 0 || run->summary.scale == *scale)) {
			*scale = run->summary.scale;
			any = true;
		}
	}
	return any;
}

static bool S_has_own_init(const tr_study *st, size_t provider, size_t s)
{
	for (size_t i = 0; i < st->ninits; i++)
		if (!st->inits[i].shared && st->inits[i].provider == provider &&
		    st->inits[i].scenario == s)
			return true;
	return false;
}

int tr_scan_resolve_shared_inits(tr_study *st)
{
	for (size_t i = 0; i < st->ninits; i++) {
		tr_init *in = &st->inits[i];
		tr_buf names = TR_BUF_INIT;
		size_t first = SIZE_MAX, n = 0;
		int64_t scale = -1;
		int rc;
		if (!in->shared || in->scenario != SIZE_MAX)
			continue;
		for (size_t s = 0; s < st->nscenarios; s++) {
			if (S_has_own_init(st, in->provider, s) ||
			    !S_scale_matches(st, in, s, &scale))
				continue;
			if (first == SIZE_MAX)
				first = s;
			tr_buf_printf(&names, "%s%s", n++ ? ", " : "", st->scenarios[s].id);
		}
		if (first == SIZE_MAX) {
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "init-unused", in->path, 0,
			                  "no scenario of %s has runs of scale %lld; ignored",
			                  st->providers[in->provider].id, (long long)in->scale);
			in->scenario = 0;
			in->provider = SIZE_MAX; /* dropped below */
		} else {
			in->scenario = first;
			rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "init-shared", in->path, 0,
			                  "pgbench -i output shared by %s (scale %lld); shown "
			                  "once, with %s", tr_buf_cstr(&names),
			                  (long long)(in->scale >= 0 ? in->scale : scale),
			                  st->scenarios[first].id);
		}
		tr_buf_free(&names);
		if (rc < 0)
			return rc;
	}
	/* drop the shared inits that apply to nothing */
	for (size_t i = 0, k = 0, n = st->ninits; i < n; i++) {
		if (st->inits[i].provider == SIZE_MAX) {
			tr_init_free(&st->inits[i]);
			st->ninits--;
			continue;
		}
		st->inits[k++] = st->inits[i];
	}
	return 0;
}

/* Attach the highest-PID log files named <stem>.* to the run, the rest as
 * orphans. names are sorted by stem, pid, thread. */
/* The first log of this stem in logs (sorted by stem), or nlogs: a
 * binary search, so that a folder of many runs is not scanned per run. */
static size_t S_first_log(const S_logname *logs, size_t nlogs, const char *stem)
{
	size_t lo = 0, hi = nlogs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(logs[mid].stem, stem) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int S_attach_logs(tr_run *run, const S_logname *logs, size_t nlogs,
                         const char *reldir)
{
	long top = -1;
	size_t cap = 0, ocap = 0, first = S_first_log(logs, nlogs, run->id);
	for (size_t i = first; i < nlogs && strcmp(logs[i].stem, run->id) == 0; i++)
		if (logs[i].pid > top)
			top = logs[i].pid;
	run->log_pid = top;
	for (size_t i = first; i < nlogs && strcmp(logs[i].stem, run->id) == 0; i++) {
		char *rel;
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

/* A run file whose stem starts with "warmup" (warmup.out, warmup1.txt,
 * warmup_run.log) is a warm-up: its summary is read and listed, but it
 * warms caches and connection pools on purpose, so no figure counts it. */
static int S_mark_warmup(tr_run *run)
{
	if (!S_is_warmup_stem(run->id))
		return 0;
	run->warmup = true;
	run->excluded = true;
	run->excluded_reason = tr_strdup("a warm-up run (its file name starts "
	                                 "with \"warmup\"): read, never counted");
	return run->excluded_reason ? 0 : TR_ENOMEM;
}

/* ---- PostgresBench's layout ------------------------------------------ */

/* run.sh of PostgresBench keeps each run's stdout as run_N.log and its
 * --log files as txlogs_<TIMESTAMP>/txlog_N.<pid>[.<thread>]. */
static bool S_is_txlogs_name(const char *name)
{
	return strncmp(name, "txlogs_", 7) == 0 && name[7] != '\0';
}

static int S_add_logname(S_logname **logs, size_t *n, size_t *cap,
                         S_logname *ln)
{
	int rc = tr_grow(logs, cap, *n + 1, sizeof(S_logname));
	if (rc < 0) {
		free(ln->stem);
		free(ln->owned);
		return rc;
	}
	(*logs)[(*n)++] = *ln;
	return 0;
}

/*
 * The latest txlogs_* folder (names sort by their timestamp) gives the
 * logs of run_N: txlog_N.<pid>[.<k>] is read as run_N.<pid>[.<k>]. Other
 * entries of the scenario folder that are log names are added too.
 */
static int S_postgresbench_logs(const tr_listing *ls, const char *fsdir,
                                S_logname **logs, size_t *nlogs,
                                size_t *cap, const char **txdir)
{
	tr_listing sub = { 0 };
	char *fs = NULL;
	int rc = 0;
	*txdir = NULL;
	for (size_t i = 0; i < ls->count; i++) {
		S_logname ln;
		memset(&ln, 0, sizeof(ln));
		if (S_is_txlogs_name(ls->names[i]))
			*txdir = ls->names[i];
		if (!tr_log_name_parse(ls->names[i], &ln.stem, &ln.pid, &ln.thread))
			continue;
		ln.name = ls->names[i];
		if ((rc = S_add_logname(logs, nlogs, cap, &ln)) < 0)
			return rc;
	}
	if (!*txdir || !(fs = tr_path_join(fsdir, *txdir)))
		return *txdir ? TR_ENOMEM : 0;
	if (tr_listing_read(&sub, fs) < 0) {
		free(fs);
		return 0; /* not a folder, or unreadable: pass 2 says so */
	}
	for (size_t i = 0; i < sub.count && rc == 0; i++) {
		S_logname ln;
		char *stem = NULL;
		memset(&ln, 0, sizeof(ln));
		if (strncmp(sub.names[i], "txlog_", 6) != 0 ||
		    !tr_log_name_parse(sub.names[i], &stem, &ln.pid, &ln.thread))
			continue;
		ln.stem = tr_sprintf("run_%s", stem + 6);
		ln.owned = tr_sprintf("%s/%s", *txdir, sub.names[i]);
		free(stem);
		if (!ln.stem || !ln.owned) {
			free(ln.stem);
			free(ln.owned);
			rc = TR_ENOMEM;
			break;
		}
		ln.name = ln.owned;
		rc = S_add_logname(logs, nlogs, cap, &ln);
	}
	tr_listing_free(&sub);
	free(fs);
	return rc;
}

/* ---- one scenario folder, pass by pass ------------------------------ */

/* What the passes over one scenario folder share. */
typedef struct {
	tr_study *st;
	size_t provider, scenario;
	size_t first_run;       /* the scenario's runs are st->runs[first_run..] */
	const char *fsdir, *reldir;
	tr_buf *digest_list;
	tr_listing ls;
	S_logname *logs;        /* sorted by stem, pid, thread */
	size_t nlogs, logcap;
	const char *txdir;      /* the latest txlogs_* folder, or NULL */
	tr_buf text;            /* the file being read */
	tr_strmap log_entries;  /* &logs[k].name (the pointer's bytes) -> k */
	tr_strmap run_ids;      /* id -> the folder's first run of it */
	struct S_same { size_t next, last; } *same;
	                        /* by run - first_run: the next run of its id
	                           or SIZE_MAX (a name can stand twice), and
	                           for a first run, the last of its id */
	size_t indexed, capnext; /* runs indexed so far (from first_run) */
} S_folder;

/* Index the folder's runs added since the last call (run files and
 * PostgresBench results alike), by id. Their ids live as long as the
 * study; indices, not pointers, as st->runs grows. */
static int S_index_runs(S_folder *f)
{
	for (; f->first_run + f->indexed < f->st->nruns; f->indexed++) {
		size_t r = f->first_run + f->indexed, first, last;
		const char *id = f->st->runs[r].id;
		if (tr_grow(&f->same, &f->capnext, f->indexed + 1, sizeof(*f->same)) < 0 ||
		    tr_strmap_put(&f->run_ids, id, strlen(id), r, &first) < 0)
			return TR_ENOMEM;
		f->same[f->indexed].next = SIZE_MAX;
		f->same[f->indexed].last = r;
		if (first == SIZE_MAX)
			continue;
		/* appended at the end of its id's chain, so runs keep their order */
		last = f->same[first - f->first_run].last;
		f->same[last - f->first_run].next = r;
		f->same[first - f->first_run].last = r;
	}
	return 0;
}

/* The folder's first run named id, or SIZE_MAX. */
static size_t S_run_of(const S_folder *f, const char *id)
{
	size_t r;
	return tr_strmap_get(&f->run_ids, id, strlen(id), &r) ? r : SIZE_MAX;
}

/* Pass 1: log file names, and PostgresBench's txlogs_* folder. */
static int S_pass_logs(S_folder *f)
{
	int rc = S_postgresbench_logs(&f->ls, f->fsdir, &f->logs, &f->nlogs,
	                              &f->logcap, &f->txdir);
	if (rc == 0 && f->nlogs > 1)
		qsort(f->logs, f->nlogs, sizeof(S_logname), S_cmp_logname);
	for (size_t k = 0; k < f->nlogs && rc == 0; k++)
		rc = tr_strmap_put(&f->log_entries, (const char *)&f->logs[k].name,
		                   sizeof(char *), k, NULL);
	return rc;
}

/* Is this entry of the listing (this very string) one of the logs? */
static bool S_is_log_entry(const S_folder *f, const char *name)
{
	size_t k;
	return tr_strmap_get(&f->log_entries, (const char *)&name, sizeof(char *), &k);
}

/* A regular file of the folder read into f->text, its digest noted. *skip
 * is set, with a diagnostic, when it is not one or cannot be read. */
static int S_read_entry(S_folder *f, const char *name, char **out_rel,
                        bool *skip)
{
	char *fs = tr_path_join(f->fsdir, name);
	struct stat sb;
	int rc = 0;
	*skip = true;
	if (!fs || !(*out_rel = tr_path_join(f->reldir, name))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (stat(fs, &sb) < 0) {
		rc = tr_diags_add(&f->st->diags, TR_SEV_WARNING, "unreadable",
		                  *out_rel, 0, "%s; ignored", strerror(errno));
		goto cleanup;
	}
	if (!S_ISREG(sb.st_mode)) {
		rc = tr_diags_add(&f->st->diags, TR_SEV_NOTE, "ignored", *out_rel, 0,
		                  "not a regular file; ignored");
		goto cleanup;
	}
	if (tr_file_read_named(&f->text, fs, *out_rel) < 0) {
		rc = tr_diags_add_error(&f->st->diags, TR_SEV_WARNING, "unreadable",
		                        "; ignored");
		goto cleanup;
	}
	if ((rc = tr_digest_note(f->digest_list, *out_rel, f->text.ptr,
	                         f->text.size)) < 0)
		goto cleanup;
	*skip = false;
cleanup:
	free(fs);
	return rc;
}

/* A file with no summary: maybe the stderr of a run (matched in pass 3),
 * else worth a warning when it looks like pgbench's. */
static int S_no_summary(S_folder *f, const char *name, const char *rel)
{
	if (tr_str_ends_with(name, ".progress") || tr_str_ends_with(name, ".err") ||
	    tr_str_ends_with(name, ".log") || tr_str_ends_with(name, ".stderr"))
		return 0;
	if (tr_str_ends_with(name, ".txt") ||
	    S_looks_like_pgbench(tr_buf_cstr(&f->text)))
		return tr_diags_add(&f->st->diags, TR_SEV_WARNING, "no-summary", rel, 0,
		                    "no pgbench summary in this file; ignored");
	return 0;
}

/* A run left out for a summary that is there but malformed (parse_rc). */
static int S_invalid_summary(S_folder *f, tr_run *run, int parse_rc)
{
	run->excluded = true;
	if (!(run->excluded_reason = tr_strdup(tr_error_last())) ||
	    parse_rc == TR_ENOMEM)
		return TR_ENOMEM;
	return tr_diags_add_error(&f->st->diags, TR_SEV_WARNING, "summary-invalid",
	                          "; run left out");
}

/* A second run of the same name in the scenario is left out. */
static int S_check_duplicate(S_folder *f, tr_run *run)
{
	size_t k;
	int rc;
	if ((rc = S_index_runs(f)) < 0)
		return rc;
	if ((k = S_run_of(f, run->id)) != SIZE_MAX) {
		const tr_run *other = &f->st->runs[k];
		run->excluded = true;
		free(run->excluded_reason);
		if (!(run->excluded_reason = tr_strdup("another run has the same name")))
			return TR_ENOMEM;
		return tr_diags_add(&f->st->diags, TR_SEV_WARNING, "duplicate-run",
		                    run->path, 0,
		                    "a second run named %s (the first is %s); left out",
		                    run->id, other->path);
	}
	return 0;
}

/* Whether the run counts: a malformed summary, a warm-up, a contradiction
 * or a second run of the name leaves it out. */
static int S_judge_run(S_folder *f, tr_run *run, int parse_rc)
{
	int rc = 0;
	if (parse_rc < 0 && (rc = S_invalid_summary(f, run, parse_rc)) < 0)
		return rc;
	if (!run->excluded && (rc = S_mark_warmup(run)) < 0)
		return rc;
	if ((rc = S_check_contradiction(f->st, run)) < 0)
		return rc;
	return S_check_duplicate(f, run);
}

/* A file that holds a pgbench summary (or is not a run: a note). *rel is
 * the run's path, taken when a run is made. */
static int S_add_run_file(S_folder *f, const char *name, char **rel)
{
	tr_run run;
	tr_summary sum;
	int rc, parse_rc = tr_summary_parse(&sum, f->text.ptr, f->text.size, *rel);
	if (parse_rc == TR_ENOTFOUND) {
		tr_summary_free(&sum);
		return S_no_summary(f, name, *rel);
	}
	memset(&run, 0, sizeof(run));
	run.provider = f->provider;
	run.scenario = f->scenario;
	run.path = *rel;
	*rel = NULL;
	run.id = S_stem(name);
	run.log_pid = -1;
	run.summary = sum;
	if (!run.id) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if ((rc = S_judge_run(f, &run, parse_rc)) < 0 ||
	    (!run.excluded &&
	     (rc = S_progress_windows(f->st, &run, f->text.ptr, f->text.size,
	                              run.path)) < 0) ||
	    (rc = S_attach_logs(&run, f->logs, f->nlogs, f->reldir)) < 0 ||
	    (rc = tr_grow(&f->st->runs, &f->st->runs_cap, f->st->nruns + 1,
	                  sizeof(tr_run))) < 0)
		goto cleanup;
	f->st->runs[f->st->nruns++] = run;
	return 0;
cleanup:
	tr_run_free(&run);
	return rc;
}

/* A .json file: maybe a PostgresBench result (scan_pgb.c), its runs named
 * after the file's stem. */
static int S_add_pgb(S_folder *f, const char *name, const char *rel)
{
	char *stem = S_stem(name);
	int rc = stem ? tr_scan_pgb_result(f->st, f->provider, f->scenario, stem,
	                                   rel, &f->text)
	              : TR_ENOMEM;
	free(stem);
	return rc;
}

/* Pass 2, one entry: a run, an init, a PostgresBench result, a stderr
 * file (pass 3) or nothing of ours. */
static int S_classify_entry(S_folder *f, const char *name)
{
	char *rel = NULL;
	bool skip;
	int rc;
	if (S_is_log_entry(f, name))
		return 0;
	if (S_is_txlogs_name(name)) {
		if (name == f->txdir)
			return 0;
		return tr_diags_add(&f->st->diags, TR_SEV_NOTE, "ignored", NULL, 0,
		                    "%s/%s: an earlier PostgresBench log folder "
		                    "(only the latest, %s, is read); ignored",
		                    f->reldir, name, f->txdir);
	}
	if (tr_str_ends_with(name, ".server.json"))
		return 0; /* a run's sampler file: pass 3 */
	if ((rc = S_read_entry(f, name, &rel, &skip)) < 0 || skip)
		goto cleanup;
	if (S_is_init_name(name))
		rc = S_add_init(f->st, f->provider, f->scenario, rel, &f->text);
	else if (tr_str_ends_with(name, ".json"))
		rc = S_add_pgb(f, name, rel);
	else
		rc = S_add_run_file(f, name, &rel);
cleanup:
	free(rel);
	return rc;
}

/* Pass 3, one entry: the stderr file of a run of the folder, if it is one
 * (its digest was noted in pass 2). */
static int S_attach_stderr(S_folder *f, tr_run *run, const char *name)
{
	char *fs = NULL;
	int rc = 0;
	if (run->progress_path || !S_is_stderr_name(name, run->id))
		return 0;
	if (strcmp(name, run->path + strlen(f->reldir) + 1) == 0)
		return 0; /* the run file itself */
	if (!(run->progress_path = tr_path_join(f->reldir, name)) ||
	    !(fs = tr_path_join(f->fsdir, name))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (tr_file_read_named(&f->text, fs, run->progress_path) < 0)
		tr_error_clear(); /* pass 1 read every file and said so once */
	else if (!run->excluded)
		rc = S_progress_windows(f->st, run, f->text.ptr, f->text.size,
		                        run->progress_path);
cleanup:
	free(fs);
	return rc;
}

/* Pass 3: an entry named <stem>.progress, .err, .log or .stderr is the
 * stderr file of the runs named stem (looked up, not scanned for). */
static int S_stderr_entry(S_folder *f, const char *name)
{
	static const char *const ends[] = { ".progress", ".err", ".log", ".stderr" };
	for (size_t e = 0; e < TR_ARRAY_SIZE(ends); e++) {
		char *stem;
		size_t r;
		int rc = 0;
		if (!tr_str_ends_with(name, ends[e]))
			continue;
		if (!(stem = tr_strndup(name, strlen(name) - strlen(ends[e]))))
			return TR_ENOMEM;
		for (r = S_run_of(f, stem); r != SIZE_MAX && rc == 0;
		     r = f->same[r - f->first_run].next)
			rc = S_attach_stderr(f, &f->st->runs[r], name);
		free(stem);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* Pass 3: <stem>.server.json, the sampler's file of the run named stem
 * (docs/run.md). A damaged one, or one without its run, is one warning
 * naming it; the run keeps its own figures. */
static int S_server_entry(S_folder *f, const char *name)
{
	static const char end[] = ".server.json";
	char *stem, *rel = NULL;
	size_t r;
	bool skip;
	int rc;
	if (!tr_str_ends_with(name, end))
		return 0;
	if (!(stem = tr_strndup(name, strlen(name) - strlen(end))))
		return TR_ENOMEM;
	r = S_run_of(f, stem);
	if ((rc = S_read_entry(f, name, &rel, &skip)) < 0 || skip)
		goto cleanup;
	if (r == SIZE_MAX) {
		rc = tr_diags_add(&f->st->diags, TR_SEV_WARNING, "server-file", rel, 0,
		                  "server samples of no run here (no %s.txt); ignored",
		                  stem);
		goto cleanup;
	}
	for (; r != SIZE_MAX && rc == 0; r = f->same[r - f->first_run].next) {
		tr_run *run = &f->st->runs[r];
		if (run->server)
			continue;
		rc = tr_server_parse(&run->server, f->text.ptr, f->text.size, stem, rel);
		if (rc == TR_EINVALID)
			rc = tr_diags_add_error(&f->st->diags, TR_SEV_WARNING,
			                        "server-file", "; the run is kept without "
			                        "its server samples");
	}
cleanup:
	free(rel);
	free(stem);
	return rc;
}

/* Pass 4: a warning for each stem of logs that belong to no run. */
static int S_orphan_logs(S_folder *f)
{
	for (size_t k = 0; k < f->nlogs; k++) {
		const S_logname *ln = &f->logs[k];
		bool owned = S_run_of(f, ln->stem) != SIZE_MAX;
		char *rel;
		int rc;
		if (owned || (k > 0 && strcmp(f->logs[k - 1].stem, ln->stem) == 0))
			continue;
		if (!(rel = tr_path_join(f->reldir, ln->name)))
			return TR_ENOMEM;
		rc = tr_diags_add(&f->st->diags, TR_SEV_WARNING, "log-without-run", rel, 0,
		                  "log file of no run: expected a run file %s.txt "
		                  "(pgbench --log-prefix=%s ... | tee %s.txt); ignored",
		                  ln->stem, ln->stem, ln->stem);
		free(rel);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int tr_scan_scenario(tr_study *st, size_t provider, size_t scenario,
                     const char *fsdir, const char *reldir,
                     tr_buf *digest_list)
{
	S_folder f;
	int rc;
	memset(&f, 0, sizeof(f));
	f.st = st;
	f.provider = provider;
	f.scenario = scenario;
	f.first_run = st->nruns;
	f.fsdir = fsdir;
	f.reldir = reldir;
	f.digest_list = digest_list;
	if ((rc = tr_listing_read(&f.ls, fsdir)) < 0)
		goto cleanup;
	if ((rc = tr_listing_keep_inside(&f.ls, st, fsdir, reldir)) < 0 ||
	    (rc = S_pass_logs(&f)) < 0)
		goto cleanup;
	for (size_t i = 0; i < f.ls.count; i++)
		if ((rc = S_classify_entry(&f, f.ls.names[i])) < 0)
			goto cleanup;
	if ((rc = S_index_runs(&f)) < 0)
		goto cleanup;
	for (size_t i = 0; i < f.ls.count; i++)
		if ((rc = S_stderr_entry(&f, f.ls.names[i])) < 0 ||
		    (rc = S_server_entry(&f, f.ls.names[i])) < 0)
			goto cleanup;
	rc = S_orphan_logs(&f);
cleanup:
	tr_strmap_free(&f.log_entries);
	tr_strmap_free(&f.run_ids);
	free(f.same);
	for (size_t k = 0; k < f.nlogs; k++) {
		free(f.logs[k].stem);
		free(f.logs[k].owned);
	}
	free(f.logs);
	tr_buf_free(&f.text);
	tr_listing_free(&f.ls);
	return rc;
}
