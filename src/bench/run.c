/* run.c: tr_bench_run(): each provider and scenario in turn, as the seed
 * articles' scripts do: facts, init when needed, settle, warm-up, then
 * settle and run, again and again. Files of an attempt that did not end
 * well are moved aside, never deleted. */

#include "bench_internal.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A scenario stopped, and the FAILED event has said why. */
#define S_STOPPED (-11)

typedef struct {
	tr_bench *b;
	const tr_bench_target *t;
	const tr_bench_step *s;
	size_t index, total;
	char stamp[32];          /* this session's folder under .interrupted/ */
	double left_s;           /* expected seconds of the steps after this */
	int64_t left_sum;        /* -T of the steps not begun, known ones */
	size_t left_unknown;     /* steps not begun of unknown length */
	double tps;              /* of the run just done */
} S_run;

static void S_emit(S_run *r, tr_bench_event_kind kind, const char *step,
                   const char *text)
{
	tr_bench_event ev;
	if (!r->b->opts.event)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.provider = r->t ? r->t->provider->id : NULL;
	ev.scenario = r->t ? r->t->scenario->id : NULL;
	ev.step = step;
	ev.text = text;
	ev.index = r->index;
	ev.total = r->total;
	ev.step_s = ev.left_s = NAN;
	ev.tps = kind == TR_BENCH_EV_DONE ? r->tps : NAN;
	r->b->opts.event(r->b->opts.ctx, &ev);
}

static void S_tick(void *arg, double now)
{
	S_run *r = arg;
	tr_bench_event ev;
	if (!r->b->opts.event)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.kind = TR_BENCH_EV_PROGRESS;
	ev.provider = r->t->provider->id;
	ev.scenario = r->t->scenario->id;
	ev.step = r->s->stem;
	ev.index = r->index;
	ev.total = r->total;
	ev.now_s = now;
	ev.step_s = r->s->duration_s > 0 ? r->s->duration_s : NAN;
	ev.left_s = r->left_s + fmax(0, ev.step_s - now);
	ev.tps = NAN;
	r->b->opts.event(r->b->opts.ctx, &ev);
}

/* Whether name is <stem>.txt or one of <stem>'s log files. */
static bool S_belongs(const char *name, const char *stem)
{
	size_t n = strlen(stem);
	const char *p;
	if (strncmp(name, stem, n) != 0 || name[n] != '.')
		return false;
	p = name + n + 1;
	if (strcmp(p, "txt") == 0 || strcmp(p, "server.json") == 0)
		return true;
	for (; *p; p++)
		if (!(*p >= '0' && *p <= '9') && *p != '.')
			return false;
	return true;
}

/* A folder of its own for one move: <base>/<stamp>, or <stamp>-2, -3...
 * when that exists (an earlier move of this second, or of this session:
 * a shared folder made a second move of the same file impossible).
 * *out (caller frees) is the folder, made. */
static int S_fresh_folder(char **out, const char *base, const char *stamp)
{
	int rc = tr_path_mkdirs(base);
	*out = NULL;
	for (unsigned n = 1; rc == 0 && n < 100000; n++) {
		char *to = n == 1 ? tr_sprintf("%s/%s", base, stamp)
		                  : tr_sprintf("%s/%s-%u", base, stamp, n);
		if (!to)
			return TR_ENOMEM;
		if (mkdir(to, 0755) == 0) {
			*out = to;
			return 0;
		}
		if (errno != EEXIST)
			rc = tr_error_set_errno(to);
		free(to);
	}
	return rc < 0 ? rc : tr_error_set("%s: no free folder name", base);
}

/* Move <stem>'s files of reldir to a folder of their own under
 * reldir/<aside>/. Told by a MOVED event when there were any. */
static int S_move_aside(S_run *r, const char *stem, const char *aside)
{
	char *dir = tr_sprintf("%s/%s", r->b->study, r->t->reldir), *to = NULL;
	char *base = dir ? tr_sprintf("%s/%s", dir, aside) : NULL;
	DIR *d = NULL;
	struct dirent *e;
	size_t moved = 0;
	int rc = 0;

	if (!dir || !base) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (!(d = opendir(dir)))
		goto cleanup; /* nothing there yet */
	while ((e = readdir(d)) != NULL && rc == 0) {
		char *from, *dest;
		if (!S_belongs(e->d_name, stem))
			continue;
		if (!to && (rc = S_fresh_folder(&to, base, r->stamp)) < 0)
			break;
		from = tr_path_join(dir, e->d_name);
		dest = tr_path_join(to, e->d_name);
		if (!from || !dest)
			rc = TR_ENOMEM;
		else if (rename(from, dest) < 0)
			rc = tr_error_set_errno(from);
		else
			moved++;
		free(from);
		free(dest);
	}
	if (rc == 0 && moved) {
		char *msg = tr_sprintf("%zu file%s of %s moved to %s/%s/%s/", moved,
		                       moved == 1 ? "" : "s", stem, r->t->reldir, aside,
		                       to + strlen(base) + 1);
		S_emit(r, TR_BENCH_EV_MOVED, stem, msg);
		free(msg);
	}
cleanup:
	if (d)
		closedir(d);
	free(dir);
	free(base);
	free(to);
	return rc;
}

static int S_settle(S_run *r)
{
	tr_settle_options o;
	bool settled = false;
	int rc;
	tr_settle_options_init(&o);
	o.conninfo = r->t->conninfo;
	o.interval_s = 1;
	if (r->b->opts.settle_timeout_s > 0)
		o.timeout_s = r->b->opts.settle_timeout_s;
	o.stop = &r->b->interrupted;
	if (r->b->opts.dry_run) {
		tr_buf line = TR_BUF_INIT;
		char *argv[] = { "tpsreport", "settle", r->t->conninfo, NULL };
		tr_bench_shell_line(&line, argv);
		S_emit(r, TR_BENCH_EV_COMMAND, "settle", tr_buf_cstr(&line));
		tr_buf_free(&line);
		return 0;
	}
	if ((rc = tr_settle_run(&settled, &o)) < 0)
		return rc;
	if (atomic_load(&r->b->interrupted))
		return 0; /* the caller stops */
	S_emit(r, TR_BENCH_EV_SETTLE, "settle",
	       settled ? "settled: CHECKPOINT done, no autovacuum worker running"
	               : "settle timed out with autovacuum still running; going on");
	return 0;
}

/* The reason pgbench gave: its last "pgbench: error:"/"fatal:" line, or
 * its last line. */
static char *S_reason(const char *path, int status)
{
	tr_buf text = TR_BUF_INIT;
	const char *best = NULL, *last = NULL, *p;
	size_t best_n = 0, last_n = 0;
	char *out;
	if (tr_file_read(&text, path) == 0)
		for (p = tr_buf_cstr(&text); *p;) {
			size_t n = strcspn(p, "\n");
			if (n > 0) {
				last = p;
				last_n = n;
			}
			if (strncmp(p, "pgbench: error:", 15) == 0 ||
			    strncmp(p, "pgbench: fatal:", 15) == 0 ||
			    strncmp(p, "tpsreport:", 10) == 0) {
				best = p;
				best_n = n;
			}
			p += n + (p[n] == '\n');
		}
	if (!best) {
		best = last;
		best_n = last_n;
	}
	if (WIFSIGNALED(status))
		out = tr_sprintf("pgbench was killed by signal %d%s%.*s",
		                 WTERMSIG(status), best ? ": " : "", (int)best_n,
		                 best ? best : "");
	else
		out = tr_sprintf("pgbench exited with status %d%s%.*s",
		                 WEXITSTATUS(status), best ? ": " : "", (int)best_n,
		                 best ? best : "");
	tr_buf_free(&text);
	tr_error_clear();
	return out;
}

/* bash's `time` format: "real\t0m1.234s". */
static void S_time_line(tr_buf *b, const char *name, double s)
{
	long ms = (long)(s * 1000 + 0.5);
	tr_buf_printf(b, "%s\t%ldm%ld.%03lds\n", name, ms / 60000, ms % 60000 / 1000,
	              ms % 1000);
}

static int S_append_times(const char *path, const tr_bench_times *t)
{
	tr_buf b = TR_BUF_INIT;
	FILE *f = fopen(path, "a");
	int rc = 0;
	if (!f)
		return tr_error_set_errno(path);
	tr_buf_putc(&b, '\n');
	S_time_line(&b, "real", t->real_s);
	S_time_line(&b, "user", t->user_s);
	S_time_line(&b, "sys", t->sys_s);
	if (!b.ptr || fwrite(b.ptr, 1, b.size, f) != b.size)
		rc = tr_error_set_errno(path);
	if (fclose(f) != 0 && rc == 0)
		rc = tr_error_set_errno(path);
	tr_buf_free(&b);
	return rc;
}

/* The sampler's interval for this study: [study] sample, 1 s by default;
 * 0 when off. */
static double S_sample_s(const tr_bench *b)
{
	double v = b->config.sample_s;
	return v < 0 ? 0 : v > 0 ? v : 1.0;
}

/* Start the sampler beside a warm-up or run (none for init, none when
 * off). It cannot fail the run: without a thread there is no file. */
static tr_sampler *S_sampler_start(S_run *r, const tr_bench_step *s)
{
	tr_sampler *smp = NULL;
	if (s->kind == TR_BENCH_INIT || S_sample_s(r->b) <= 0)
		return NULL;
	if (tr_bench_sampler_begin(&smp, r->t->conninfo, S_sample_s(r->b), s->stem,
	                           &r->b->child) < 0) {
		S_emit(r, TR_BENCH_EV_NOTE, s->stem, tr_error_last());
		tr_error_clear();
	}
	return smp;
}

/* End the sampler and write results/P/S/<stem>.server.json beside the
 * run (atomically, as every output). A file that cannot be written is a
 * note, never the run's failure. */
static int S_sampler_finish(S_run *r, const tr_bench_step *s, tr_sampler *smp)
{
	char *path;
	int rc;
	if (!smp)
		return 0;
	path = tr_sprintf("%s/%s/%s.server.json", r->b->study, r->t->reldir,
	                  s->stem);
	if (!path) {
		tr_bench_sampler_end(smp, NULL);
		return TR_ENOMEM;
	}
	rc = tr_bench_sampler_end(smp, path);
	if (rc < 0 && rc != TR_ENOMEM) {
		/* The run's own files are written; the samples are extra. */
		S_emit(r, TR_BENCH_EV_NOTE, s->stem, tr_error_last());
		tr_error_clear();
		rc = 0;
	}
	free(path);
	return rc;
}

/* Run one step. 0 done; TR_BENCH_INTERRUPTED; S_STOPPED: the scenario
 * stops (told by a FAILED event); other negative codes: not told yet. */
static int S_step(S_run *r, const tr_bench_step *s)
{
	tr_buf line = TR_BUF_INIT;
	char *out = tr_path_join(r->b->study, s->out);
	tr_bench_times times;
	tr_sampler *smp;
	int status = 0, rc, src;

	r->s = s;
	if (!out)
		return TR_ENOMEM;
	tr_bench_shell_line(&line, s->argv);
	tr_buf_printf(&line, " > %s 2>&1", s->out);
	S_emit(r, TR_BENCH_EV_COMMAND, s->stem, tr_buf_cstr(&line));
	tr_buf_free(&line);
	if (r->b->opts.dry_run) {
		free(out);
		return 0;
	}
	smp = S_sampler_start(r, s);
	rc = tr_bench_exec(&status, &times, r->b, s->argv, out, S_tick, r);
	if ((src = S_sampler_finish(r, s, smp)) < 0 && rc == 0)
		rc = src;
	/* What `time pgbench -i` adds in the seeds, measured the same way
	 * (wall clock, and the child's CPU from wait4): init tables show it. */
	if (rc == 0 && s->kind == TR_BENCH_INIT && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0)
		rc = S_append_times(out, &times);
	if (rc == 0 && atomic_load(&r->b->interrupted)) {
		if ((rc = S_move_aside(r, s->stem, ".interrupted")) == 0)
			rc = TR_BENCH_INTERRUPTED;
	} else if (rc == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		char *why = S_reason(out, status), *msg;
		msg = tr_sprintf("%s: %s", s->out, why ? why : "pgbench failed");
		rc = S_move_aside(r, s->stem, ".interrupted");
		S_emit(r, TR_BENCH_EV_FAILED, s->stem, msg);
		free(why);
		free(msg);
		if (rc == 0)
			rc = S_STOPPED;
	} else if (rc == 0 && s->kind == TR_BENCH_RUN &&
	           !tr_bench_run_complete(r->b, s, &r->tps)) {
		rc = S_move_aside(r, s->stem, ".interrupted");
		S_emit(r, TR_BENCH_EV_FAILED, s->stem,
		       "pgbench exited normally but its output holds no complete "
		       "summary; the files were moved aside");
		if (rc == 0)
			rc = S_STOPPED;
	} else if (rc == 0) {
		if (s->kind != TR_BENCH_RUN)
			r->tps = NAN;
		S_emit(r, TR_BENCH_EV_DONE, s->stem, s->out);
	}
	free(out);
	return rc;
}

/* What is left of the plan, kept as a running sum so that each step
 * costs the same however long the plan is (summing the steps after each
 * step anew was O(steps^2): minutes before the first line of the largest
 * plan). */
static void S_left_init(S_run *r)
{
	const tr_bench *b = r->b;
	r->left_sum = 0;
	r->left_unknown = 0;
	for (size_t i = 0; i < b->ntargets; i++)
		for (size_t k = 0; k < b->targets[i].nsteps; k++) {
			const tr_bench_step *s = &b->targets[i].steps[k];
			if (s->complete)
				continue;
			if (s->duration_s < 0)
				r->left_unknown++;
			else
				r->left_sum += s->duration_s;
		}
}

/* Step s begins: the steps after it are what is left. */
static void S_left_take(S_run *r, const tr_bench_step *s)
{
	if (s->duration_s < 0)
		r->left_unknown--;
	else
		r->left_sum -= s->duration_s;
	r->left_s = r->left_unknown ? NAN : (double)r->left_sum;
}

static int S_facts(S_run *r)
{
	char *dir = tr_sprintf("%s/results/%s", r->b->study, r->t->provider->id);
	char *path = dir ? tr_path_join(dir, "facts.json") : NULL;
	tr_buf json = TR_BUF_INIT;
	int rc = path ? 0 : TR_ENOMEM;
	if (rc == 0 && r->b->opts.dry_run) {
		char *msg = tr_sprintf("# read the server's version and settings into "
		                       "results/%s/facts.json", r->t->provider->id);
		S_emit(r, TR_BENCH_EV_COMMAND, "facts", msg);
		free(msg);
	} else if (rc == 0 && (rc = tr_path_mkdirs(dir)) == 0 &&
	           (rc = tr_probe_facts_json(&json, r->t->conninfo,
	                                     r->b->pgbench_version)) == 0) {
		rc = tr_file_write_atomic(path, json.ptr, json.size);
	}
	tr_buf_free(&json);
	free(dir);
	free(path);
	return rc;
}

/* One provider x scenario: 0, TR_BENCH_INTERRUPTED, S_STOPPED (told),
 * TR_ENOMEM. */
static int S_target(S_run *r, size_t ti)
{
	const tr_bench_target *t = &r->b->targets[ti];
	char *dir = tr_sprintf("%s/%s", r->b->study, t->reldir);
	int rc = dir ? 0 : TR_ENOMEM;

	r->t = t;
	if (rc == 0 && !r->b->opts.dry_run)
		rc = tr_path_mkdirs(dir);
	free(dir);
	if (rc == 0 && t->facts)
		rc = S_facts(r);
	for (size_t k = 0; k < t->nsteps && rc == 0; k++) {
		const tr_bench_step *s = &t->steps[k];
		if (s->complete) {
			S_emit(r, TR_BENCH_EV_SKIP, s->stem, s->kind == TR_BENCH_RUN
			       ? "complete: skipped" : "every run is complete: no warm-up");
			continue;
		}
		if (atomic_load(&r->b->interrupted))
			return TR_BENCH_INTERRUPTED;
		r->index++;
		S_left_take(r, s);
		/* An earlier attempt's files of this step go aside first. */
		if (!r->b->opts.dry_run &&
		    (rc = S_move_aside(r, s->stem, s->kind == TR_BENCH_RUN
		                                       ? ".interrupted"
		                                       : ".replaced")) < 0)
			break;
		if (s->kind == TR_BENCH_INIT && t->init_why)
			S_emit(r, TR_BENCH_EV_NOTE, s->stem, t->init_why);
		/* The seeds settle before the warm-up and before every run. */
		if (s->kind != TR_BENCH_INIT)
			rc = S_settle(r);
		if (rc == 0 && atomic_load(&r->b->interrupted))
			return TR_BENCH_INTERRUPTED;
		if (rc == 0)
			rc = S_step(r, s);
	}
	if (rc < 0 && rc != S_STOPPED && rc != TR_ENOMEM &&
	    rc != TR_BENCH_INTERRUPTED) {
		S_emit(r, TR_BENCH_EV_FAILED, r->s ? r->s->stem : "setup", tr_error_last());
		rc = S_STOPPED;
	}
	return rc;
}

size_t tr_bench_pending(const tr_bench *b)
{
	size_t n = 0;
	for (size_t i = 0; i < b->ntargets; i++)
		for (size_t k = 0; k < b->targets[i].nsteps; k++)
			n += !b->targets[i].steps[k].complete;
	return n;
}

int tr_bench_run(tr_bench *b)
{
	S_run r;
	time_t now = time(NULL);
	struct tm tm;
	bool failed = false;
	int rc = 0;

	memset(&r, 0, sizeof(r));
	r.b = b;
	r.total = tr_bench_pending(b);
	S_left_init(&r);
	if (gmtime_r(&now, &tm))
		strftime(r.stamp, sizeof(r.stamp), "%Y%m%dT%H%M%SZ", &tm);
	if (b->opts.dry_run) {
		tr_buf line = TR_BUF_INIT;
		char *argv[] = { "cd", b->study, NULL };
		tr_bench_shell_line(&line, argv);
		S_emit(&r, TR_BENCH_EV_COMMAND, NULL, tr_buf_cstr(&line));
		tr_buf_free(&line);
	}
	for (size_t i = 0; i < b->ntargets; i++) {
		r.s = NULL;
		rc = S_target(&r, i);
		if (rc == S_STOPPED) {
			/* Told already; the other scenarios still run. */
			failed = true;
			rc = 0;
			continue;
		}
		if (rc < 0)
			break;
	}
	if (rc == 0 && failed)
		rc = tr_error_set("some scenarios stopped early (see above); rerun "
		                  "tpsreport run to resume");
	return rc;
}
