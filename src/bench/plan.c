/* plan.c: from tpsreport.ini to the list of pgbench invocations, with
 * every check made before anything runs: the plan's keys and arguments,
 * the pgbench binary, each server and its tables. */

#include "bench_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define S_DEFAULT_RUNS 3
#define S_DEFAULT_INTERVAL 10

static int S_read_ini(tr_bench *b, char **ini_path)
{
	tr_buf text = TR_BUF_INIT;
	struct stat sb;
	int rc;
	if (!(*ini_path = tr_path_join(b->study, "tpsreport.ini")))
		return TR_ENOMEM;
	if (stat(b->study, &sb) < 0 || !S_ISDIR(sb.st_mode))
		return tr_error_set("%s: not a study folder", b->study);
	if (stat(*ini_path, &sb) < 0 && errno == ENOENT)
		return tr_error_set("%s: not found: the plan of tpsreport run lives "
		                    "there ([provider P] conninfo, [scenario S] "
		                    "pgbench; see docs/run.md)", *ini_path);
	if ((rc = tr_file_read(&text, *ini_path)) == 0)
		rc = tr_config_parse(&b->config, &b->providers, &b->nproviders,
		                     &b->scenarios, &b->nscenarios, tr_buf_cstr(&text),
		                     text.size, *ini_path);
	tr_buf_free(&text);
	return rc;
}

/* The binary: --pgbench as given (a name without '/' searched on PATH, as
 * execvp would), and its --version line, which proves it runs. */
static int S_find_pgbench(tr_bench *b)
{
	const char *want = b->opts.pgbench ? b->opts.pgbench : "pgbench";
	char *argv[3];
	int rc;
	if ((rc = tr_bench_which(&b->pgbench, want)) == TR_ENOTFOUND)
		return tr_error_set("pgbench: not found on PATH (install "
		                    "postgresql-client, or give --pgbench PATH)");
	if (rc < 0)
		return rc;
	if (!b->pgbench)
		return TR_ENOMEM;
	if (access(b->pgbench, X_OK) < 0)
		return tr_error_set("%s: %s (--pgbench)", b->pgbench, strerror(errno));
	argv[0] = b->pgbench;
	argv[1] = "--version";
	argv[2] = NULL;
	if ((rc = tr_bench_capture(&b->pgbench_version, argv,
	                           TR_BENCH_VERSION_TIMEOUT_S)) < 0)
		return rc;
	if (!tr_str_starts_with(b->pgbench_version, "pgbench"))
		return tr_error_set("%s: its --version says \"%s\", not pgbench's "
		                    "\"pgbench (PostgreSQL) N\"", b->pgbench,
		                    b->pgbench_version);
	return 0;
}

static char **S_argv_new(size_t cap)
{
	return tr_calloc(cap + 1, sizeof(char *));
}

static int S_push(char **argv, size_t *n, const char *s)
{
	if (!(argv[*n] = tr_strdup(s)))
		return TR_ENOMEM;
	(*n)++;
	return 0;
}

static int S_add_step(tr_bench_target *t, tr_bench_kind kind, char *stem,
                      char **argv, int duration_s)
{
	tr_bench_step *s;
	if (!stem || !argv || tr_grow(&t->steps, &t->steps_cap, t->nsteps + 1,
	                              sizeof(tr_bench_step)) < 0) {
		free(stem);
		for (size_t i = 0; argv && argv[i]; i++)
			free(argv[i]);
		free(argv);
		return TR_ENOMEM;
	}
	s = &t->steps[t->nsteps++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->stem = stem;
	s->argv = argv;
	s->duration_s = duration_s;
	s->out = tr_sprintf("%s/%s.txt", t->reldir, stem);
	return s->out ? 0 : TR_ENOMEM;
}

static int S_init_step(tr_bench *b, tr_bench_target *t)
{
	char **argv = S_argv_new(5);
	size_t n = 0;
	char scale[32];
	int rc;
	if (!argv)
		return TR_ENOMEM;
	snprintf(scale, sizeof(scale), "%lld", (long long)t->scenario->plan.scale);
	if ((rc = S_push(argv, &n, b->pgbench)) < 0 ||
	    (rc = S_push(argv, &n, "-i")) < 0 || (rc = S_push(argv, &n, "-s")) < 0 ||
	    (rc = S_push(argv, &n, scale)) < 0 ||
	    (rc = S_push(argv, &n, t->conninfo)) < 0)
		argv[n] = NULL;
	return S_add_step(t, TR_BENCH_INIT, tr_strdup("init"), rc < 0 ? NULL : argv,
	                  -1);
}

/* pgbench, the set's words (without -T/-t for a warm-up), the logs,
 * the connection. */
static char **S_bench_argv(tr_bench *b, const tr_bench_target *t,
                           const tr_plan_set *set, const char *stem,
                           int warmup_s)
{
	const tr_plan *plan = &t->scenario->plan;
	char **argv = S_argv_new(set->argc + 8);
	char buf[64];
	size_t n = 0;
	int rc = 0;
	if (!argv)
		return NULL;
	rc = S_push(argv, &n, b->pgbench);
	for (size_t i = 0; i < set->argc && rc == 0; i++)
		if (!warmup_s || !set->timing[i])
			rc = S_push(argv, &n, set->argv[i]);
	if (rc == 0 && warmup_s) {
		snprintf(buf, sizeof(buf), "%d", warmup_s);
		if ((rc = S_push(argv, &n, "-T")) == 0)
			rc = S_push(argv, &n, buf);
	}
	if (rc == 0 && !warmup_s && plan->log != TR_PLAN_LOG_NONE) {
		char *prefix = tr_sprintf("--log-prefix=%s/%s", t->reldir, stem);
		rc = S_push(argv, &n, "--log");
		if (rc == 0)
			rc = prefix ? S_push(argv, &n, prefix) : TR_ENOMEM;
		free(prefix);
		if (rc == 0 && plan->log != TR_PLAN_LOG_TRANSACTIONS) {
			snprintf(buf, sizeof(buf), "--aggregate-interval=%d",
			         plan->log_interval_s ? plan->log_interval_s
			                              : S_DEFAULT_INTERVAL);
			rc = S_push(argv, &n, buf);
		}
	}
	if (rc == 0)
		rc = S_push(argv, &n, t->conninfo);
	if (rc < 0) {
		for (size_t i = 0; i < n; i++)
			free(argv[i]);
		free(argv);
		return NULL;
	}
	return argv;
}

static int S_bench_steps(tr_bench *b, tr_bench_target *t,
                         const tr_plan_set *sets, size_t nsets)
{
	const tr_plan *plan = &t->scenario->plan;
	int runs = plan->runs ? plan->runs : S_DEFAULT_RUNS;
	int rc = 0;
	if (plan->warmup_s > 0)
		rc = S_add_step(t, TR_BENCH_WARMUP, tr_strdup("warmup"),
		                S_bench_argv(b, t, &sets[0], "warmup",
		                             (int)plan->warmup_s),
		                (int)plan->warmup_s);
	for (size_t k = 0; k < nsets && rc == 0; k++)
		for (int i = 1; i <= runs && rc == 0; i++) {
			char *stem = sets[k].tag ? tr_sprintf("%s-run%d", sets[k].tag, i)
			                         : tr_sprintf("run%d", i);
			rc = S_add_step(t, TR_BENCH_RUN, stem,
			                stem ? S_bench_argv(b, t, &sets[k], stem, 0) : NULL,
			                sets[k].duration_s);
		}
	if (rc == 0)
		tr_bench_mark_complete(b, t);
	return rc;
}

void tr_bench_mark_complete(tr_bench *b, tr_bench_target *t)
{
	bool left = false;
	for (size_t k = 0; k < t->nsteps; k++)
		if (t->steps[k].kind == TR_BENCH_RUN) {
			t->steps[k].complete = tr_bench_run_complete(b, &t->steps[k], NULL);
			left |= !t->steps[k].complete;
		}
	/* No warm-up for runs that are all done already. */
	for (size_t k = 0; k < t->nsteps; k++)
		if (t->steps[k].kind == TR_BENCH_WARMUP)
			t->steps[k].complete = !left;
}

/* Tables that are not what a finished pgbench -i leaves: what is
 * missing, or NULL for tables that are simply not there. Caller frees. */
static char *S_incomplete(const tr_probe_tables *tb)
{
	tr_buf what = TR_BUF_INIT;
	if (tb->present == 0 || tr_probe_tables_complete(tb))
		return NULL;
	if (tr_probe_tables_missing(&what, tb) < 0) {
		tr_buf_free(&what);
		return NULL;
	}
	return tr_buf_detach(&what);
}

/* Decide about pgbench -i from what the tables are, refusing what would
 * lose data or measure the wrong thing: tables count as loaded only when
 * pgbench -i finished them (every table with its primary key, rows, no
 * marker of an unfinished probe). `loaded_here` is true when an earlier
 * target loads the same database in this run. */
static int S_decide_init(tr_bench *b, tr_bench_target *t,
                         const tr_probe_tables *tb, bool loaded_here,
                         bool *init)
{
	const tr_plan *plan = &t->scenario->plan;
	const char *who = t->provider->id;
	/* A killed probe's rows are its own: replacing them needs no --force. */
	bool keeps_data = tb->loaded && !tb->marked;
	char *what;
	int rc = 0;
	*init = false;
	if (loaded_here)
		return 0;
	if (b->opts.init) {
		if (!plan->scale)
			return tr_error_set("%s:%ld: [scenario %s] has no scale =, so "
			                    "--init cannot load it", "tpsreport.ini",
			                    plan->pgbench_line, t->scenario->id);
		if (keeps_data && !b->opts.force)
			return tr_error_set("provider %s (%s): the pgbench tables hold "
			                    "data (scale %lld); --init would drop them: "
			                    "add --force to reload", who, t->where,
			                    (long long)tb->scale);
		*init = true;
		return 0;
	}
	if (tr_probe_tables_complete(tb)) {
		if (plan->scale && tb->scale != plan->scale)
			return tr_error_set("provider %s (%s): the pgbench tables are at "
			                    "scale %lld, [scenario %s] says scale = %lld: "
			                    "reload with --init --force, or fix the plan",
			                    who, t->where, (long long)tb->scale,
			                    t->scenario->id, (long long)plan->scale);
		return 0;
	}
	what = S_incomplete(tb);
	if (!plan->scale)
		rc = tr_error_set("provider %s (%s): %s%s, and [scenario %s] has no "
		                  "scale = to load them", who, t->where,
		                  what ? "the pgbench tables are not completely "
		                         "loaded: " : "no loaded pgbench tables",
		                  what ? what : "", t->scenario->id);
	else if (keeps_data && !b->opts.force)
		rc = tr_error_set("provider %s (%s): the pgbench tables are not "
		                  "completely loaded (%s: an interrupted pgbench -i?), "
		                  "and pgbench_accounts holds rows: add --init --force "
		                  "to reload them", who, t->where, what ? what : "");
	else if (what && !(t->init_why = tr_sprintf("the pgbench tables are not "
	                                            "completely loaded (%s): "
	                                            "loading them again", what)))
		rc = TR_ENOMEM;
	free(what);
	*init = rc == 0;
	return rc;
}

/* A scenario's sets, or an error at its pgbench = line. */
static int S_sets(tr_plan_set **sets, size_t *n, const tr_scenario *s,
                  const char *ini)
{
	int rc = tr_plan_sets(sets, n, &s->plan);
	if (rc < 0 && rc != TR_ENOMEM) {
		char *msg = tr_strdup(tr_error_last());
		rc = tr_error_set_at(ini, s->plan.pgbench_line, "%s", msg ? msg : "");
		free(msg);
	}
	return rc;
}

static bool S_selected(const char *id, const char *want)
{
	return !want || strcmp(id, want) == 0;
}

/* Which providers and scenarios run: those with a conninfo / pgbench =,
 * or the one asked for, which must have it. */
static int S_check_selection(const tr_bench *b, const char *ini)
{
	bool pfound = !b->opts.provider, sfound = !b->opts.scenario;
	size_t np = 0, ns = 0;
	for (size_t i = 0; i < b->nproviders; i++) {
		const tr_provider *p = &b->providers[i];
		if (b->opts.provider && strcmp(p->id, b->opts.provider) == 0) {
			pfound = true;
			if (!p->conninfo)
				return tr_error_set("%s: [provider %s] has no conninfo = "
				                    "(where to connect)", ini, p->id);
		}
		if (p->conninfo && p->id[0] == '.')
			return tr_error_set("%s: [provider %s]: a folder name starting "
			                    "with '.' would be hidden from the study", ini,
			                    p->id);
		np += p->conninfo && S_selected(p->id, b->opts.provider);
	}
	for (size_t i = 0; i < b->nscenarios; i++) {
		const tr_scenario *s = &b->scenarios[i];
		if (b->opts.scenario && strcmp(s->id, b->opts.scenario) == 0) {
			sfound = true;
			if (!s->plan.pgbench)
				return tr_error_set("%s: [scenario %s] has no pgbench = "
				                    "(its arguments)", ini, s->id);
		}
		if (s->plan.pgbench && s->id[0] == '.')
			return tr_error_set("%s:%ld: [scenario %s]: a folder name starting "
			                    "with '.' would be hidden from the study", ini,
			                    s->plan.pgbench_line, s->id);
		ns += s->plan.pgbench && S_selected(s->id, b->opts.scenario);
	}
	if (!pfound)
		return tr_error_set("%s: no [provider %s]", ini, b->opts.provider);
	if (!sfound)
		return tr_error_set("%s: no [scenario %s]", ini, b->opts.scenario);
	if (np == 0 || ns == 0)
		return tr_error_set("%s: nothing to run: the plan needs a [provider "
		                    "P] with conninfo = and a [scenario S] with "
		                    "pgbench = (docs/run.md)", ini);
	return 0;
}

/* No provider's conninfo may carry a password, run or not: the ini is
 * published with the study. libpq's parser decides (one check). */
static int S_check_secrets(const tr_bench *b, const char *ini)
{
	for (size_t i = 0; i < b->nproviders; i++) {
		const tr_provider *p = &b->providers[i];
		bool secret = false;
		int rc;
		if (!p->conninfo)
			continue;
		if ((rc = tr_probe_conninfo_secret(&secret, p->conninfo)) < 0) {
			char *msg = rc == TR_ENOMEM ? NULL : tr_strdup(tr_error_last());
			if (msg)
				rc = tr_error_set_at(ini, p->conninfo_line, "conninfo: %s", msg);
			free(msg);
			return rc;
		}
		if (secret)
			return tr_error_set_at(ini, p->conninfo_line, "conninfo: holds a "
			                       "password; tpsreport.ini is published with "
			                       "the study, so keep passwords in ~/.pgpass "
			                       "(PGPASSFILE), PGPASSWORD or a service file "
			                       "(conninfo = service=NAME)");
	}
	return 0;
}

/* Whether `run` can write where it will: the nearest folder of
 * results/P/S that exists. Checked with everything else first, so that a
 * read-only study is one clear message, not a failure per scenario. */
static int S_check_writable(const tr_bench *b, const tr_provider *p,
                            const tr_scenario *s)
{
	char *path = tr_sprintf("%s/results/%s/%s", b->study, p->id, s->id);
	int rc = path ? 0 : TR_ENOMEM;
	struct stat sb;
	while (rc == 0 && stat(path, &sb) < 0 && errno == ENOENT) {
		char *slash = strrchr(path, '/');
		if (!slash || slash == path)
			break;
		*slash = '\0';
	}
	if (rc == 0 && access(path, W_OK | X_OK) < 0)
		rc = tr_error_set("%s: cannot write there (%s): tpsreport run writes "
		                  "results/%s/%s/ inside the study; make the study "
		                  "writable for this user, or run as its owner", path,
		                  strerror(errno), p->id, s->id);
	free(path);
	return rc;
}

/* "PREFIX: " before the current message. */
static int S_prefixed(int rc, const char *fmt, ...) TR_PRINTF(2, 3);
static int S_prefixed(int rc, const char *fmt, ...)
{
	char *msg = tr_strdup(tr_error_last());
	tr_buf pre = TR_BUF_INIT;
	va_list ap;
	if (rc == TR_ENOMEM || !msg) {
		free(msg);
		return TR_ENOMEM;
	}
	va_start(ap, fmt);
	tr_buf_vprintf(&pre, fmt, ap);
	va_end(ap);
	tr_error_set("%s: %s", tr_buf_cstr(&pre), msg);
	tr_buf_free(&pre);
	free(msg);
	return rc;
}

static int S_target(tr_bench *b, const tr_provider *p, const tr_scenario *s,
                    const tr_plan_set *sets, size_t nsets, const char *ini)
{
	tr_bench_target *t;
	tr_probe_tables tb;
	bool init = false, loaded_here = false, facts = true;
	int rc;

	if (tr_grow(&b->targets, &b->targets_cap, b->ntargets + 1, sizeof(*t)) < 0)
		return TR_ENOMEM;
	t = &b->targets[b->ntargets++];
	memset(t, 0, sizeof(*t));
	t->provider = p;
	t->scenario = s;
	if (!(t->reldir = tr_sprintf("results/%s/%s", p->id, s->id)))
		return TR_ENOMEM;
	if ((rc = tr_probe_conninfo_with_db(&t->conninfo, p->conninfo,
	                                    s->plan.database)) < 0)
		return S_prefixed(rc, "%s:%ld: [provider %s] conninfo", ini,
		                  p->conninfo_line, p->id);
	if (!(t->where = tr_probe_conninfo_redact(t->conninfo)))
		return TR_ENOMEM;
	if ((rc = tr_probe_tables_check(&tb, t->conninfo)) < 0)
		return S_prefixed(rc, "provider %s (%s)", p->id, t->where);
	for (size_t i = 0; i + 1 < b->ntargets; i++) {
		const tr_bench_target *o = &b->targets[i];
		facts &= o->provider != p;
		if (strcmp(o->conninfo, t->conninfo) != 0 || !o->nsteps ||
		    o->steps[0].kind != TR_BENCH_INIT)
			continue;
		if (o->scenario->plan.scale != s->plan.scale && s->plan.scale)
			return tr_error_set("provider %s: [scenario %s] and [scenario %s] "
			                    "share a database but not the scale", p->id,
			                    o->scenario->id, s->id);
		loaded_here = true;
	}
	t->facts = facts;
	if ((rc = S_decide_init(b, t, &tb, loaded_here, &init)) < 0)
		return rc;
	if (init && (rc = S_init_step(b, t)) < 0)
		return rc;
	return S_bench_steps(b, t, sets, nsets);
}

int tr_bench_plan(tr_bench *b)
{
	char *ini = NULL;
	int rc;

	if ((rc = S_read_ini(b, &ini)) < 0 ||
	    (rc = S_check_secrets(b, ini)) < 0 ||
	    (rc = S_check_selection(b, ini)) < 0)
		goto cleanup;
	/* Every scenario's arguments before any connection or binary. */
	for (size_t i = 0; i < b->nscenarios; i++) {
		tr_plan_set *sets = NULL;
		size_t n = 0;
		if (!b->scenarios[i].plan.pgbench ||
		    !S_selected(b->scenarios[i].id, b->opts.scenario))
			continue;
		rc = S_sets(&sets, &n, &b->scenarios[i], ini);
		tr_plan_sets_free(sets, n);
		if (rc < 0)
			goto cleanup;
	}
	for (size_t i = 0; i < b->nproviders && rc == 0 && !b->opts.dry_run; i++)
		for (size_t k = 0; k < b->nscenarios && rc == 0; k++)
			if (b->providers[i].conninfo && b->scenarios[k].plan.pgbench &&
			    S_selected(b->providers[i].id, b->opts.provider) &&
			    S_selected(b->scenarios[k].id, b->opts.scenario))
				rc = S_check_writable(b, &b->providers[i], &b->scenarios[k]);
	if (rc < 0 || (rc = S_find_pgbench(b)) < 0)
		goto cleanup;
	for (size_t i = 0; i < b->nproviders && rc == 0; i++) {
		const tr_provider *p = &b->providers[i];
		if (!p->conninfo || !S_selected(p->id, b->opts.provider))
			continue;
		for (size_t k = 0; k < b->nscenarios && rc == 0; k++) {
			const tr_scenario *s = &b->scenarios[k];
			tr_plan_set *sets = NULL;
			size_t n = 0;
			if (!s->plan.pgbench || !S_selected(s->id, b->opts.scenario))
				continue;
			if ((rc = S_sets(&sets, &n, s, ini)) == 0)
				rc = S_target(b, p, s, sets, n, ini);
			tr_plan_sets_free(sets, n);
		}
	}
cleanup:
	free(ini);
	return rc;
}

bool tr_bench_run_complete(const tr_bench *b, const tr_bench_step *s,
                           double *tps)
{
	char *path = tr_path_join(b->study, s->out);
	tr_buf text = TR_BUF_INIT;
	tr_summary sum;
	bool done = false;
	tr_summary_init(&sum);
	if (path && tr_file_read(&text, path) == 0 &&
	    tr_summary_parse(&sum, text.ptr, text.size, s->out) == 0)
		done = sum.complete && !sum.aborted;
	if (tps)
		*tps = done ? sum.tps : NAN;
	tr_summary_free(&sum);
	free(path);
	tr_buf_free(&text);
	tr_error_clear();
	return done;
}
