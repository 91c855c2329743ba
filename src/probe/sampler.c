/* sampler.c: the sampler's thread: one connection of its own beside a
 * run, read every interval. Nothing here may fail the run: whatever the
 * server refuses is noted once and no longer asked. */

#include "probe_sampler_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char tr_smp_io_sql[] =
	"select sum(reads), sum(writes), sum(extends), sum(fsyncs), "
	"coalesce(sum(writes) filter (where backend_type = 'client backend'), 0) "
	"from pg_catalog.pg_stat_io";

/* The sampler reports nothing of the server's notices. */
static void S_quiet(void *arg, const PGresult *res)
{
	(void)arg;
	(void)res;
}

/* Run sql; on failure note why once, under `what`, and return NULL. */
static PGresult *S_query(tr_sampler *s, const char *sql, const char *what)
{
	PGresult *res = PQexec(s->conn, sql);
	if (res && PQresultStatus(res) == PGRES_TUPLES_OK)
		return res;
	{
		tr_buf msg = TR_BUF_INIT;
		const char *primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY)
		                          : NULL;
		tr_probe_flatten(&msg, primary && *primary ? primary
		                                           : PQerrorMessage(s->conn));
		tr_smp_note(s, "%s not sampled: %s", what, tr_buf_cstr(&msg));
		tr_buf_free(&msg);
	}
	PQclear(res);
	return NULL;
}

static double S_num(const PGresult *res, int row, int col)
{
	const char *v = PQgetvalue(res, row, col);
	const char *end = v + strlen(v), *next;
	double d;
	if (PQgetisnull(res, row, col) || tr_parse_double(&d, v, end, &next) < 0 ||
	    next != end)
		return NAN;
	return d;
}

/* Connect, bound every statement by the interval, and look at which views
 * this server has. False (noted) when there is no connection. */
static bool S_open(tr_sampler *s)
{
	char timeout[96];
	PGresult *res;
	if (tr_probe_connect(&s->conn, &s->secret, s->conninfo, S_quiet, NULL) < 0) {
		tr_smp_note(s, "no server side: %s", tr_error_last());
		tr_error_clear();
		return false;
	}
	s->version = PQserverVersion(s->conn);
	/* A sample must not outlast its interval by much: a slow one is cut. */
	snprintf(timeout, sizeof(timeout), "set statement_timeout = %ld",
	         (long)fmax(200, s->interval_s * 1000));
	PQclear(PQexec(s->conn, timeout));
	if (s->version < 100000) {
		tr_smp_note(s, "PostgreSQL before 10 has no backend_type: "
		            "waits and autovacuum not sampled");
		s->off_activity = true;
	}
	s->off_wal = s->version < 140000;
	s->off_io = true;
	/* Each view where the server has it, whatever its version says. */
	res = S_query(s, "select pg_catalog.to_regclass("
	              "'pg_catalog.pg_stat_checkpointer') is not null, "
	              "pg_catalog.to_regclass('pg_catalog.pg_stat_wal') is not null, "
	              "pg_catalog.to_regclass('pg_catalog.pg_stat_io') is not null",
	              "the catalog");
	if (res && PQntuples(res) == 1) {
		s->checkpointer = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
		s->off_wal = strcmp(PQgetvalue(res, 0, 1), "t") != 0;
		s->off_io = strcmp(PQgetvalue(res, 0, 2), "t") != 0;
	}
	PQclear(res);
	return true;
}

/* pg_stat_activity: the database's client backends (their waits) and
 * the server's autovacuum workers. A role without pg_read_all_stats sees
 * only its own backends' state: the others are counted as hidden. */
static void S_activity(tr_sampler *s, tr_smp_point *p)
{
	PGresult *res;
	int backends = 0, active = 0, workers = 0, hidden = 0;
	if (s->off_activity)
		return;
	/* A backend still starting has no state either: only the rows the
	 * role may not see say "<insufficient privilege>". */
	res = S_query(s, "select backend_type, state, wait_event_type, wait_event, "
	              "state is null and query = '<insufficient privilege>' "
	              "from pg_catalog.pg_stat_activity "
	              "where pid <> pg_catalog.pg_backend_pid() and "
	              "(backend_type = 'autovacuum worker' or "
	              "(datname = pg_catalog.current_database() and "
	              "(backend_type = 'client backend' or backend_type is null)))",
	              "pg_stat_activity");
	if (!res) {
		s->off_activity = true;
		return;
	}
	for (int i = 0; i < PQntuples(res); i++) {
		const char *type = PQgetvalue(res, i, 0);
		if (strcmp(type, "autovacuum worker") == 0) {
			workers++;
		} else if (PQgetisnull(res, i, 1)) {
			hidden += strcmp(PQgetvalue(res, i, 4), "t") == 0;
		} else {
			backends++;
			if (strcmp(PQgetvalue(res, i, 1), "active") != 0)
				continue;
			active++;
			tr_smp_wait_add(s, PQgetisnull(res, i, 2) ? NULL
			                                          : PQgetvalue(res, i, 2),
			                PQgetvalue(res, i, 3));
		}
	}
	PQclear(res);
	if (hidden && !s->hidden)
		tr_smp_note(s, "pg_stat_activity hides the state of other roles' "
		            "backends (no pg_read_all_stats): only this role's "
		            "backends' waits are counted");
	s->hidden += (size_t)hidden;
	p->backends = backends;
	p->active = active;
	p->autovacuum = workers;
	tr_smp_autovacuum(s, workers, p->t_s);
}

/* One row of counters into the counters first..first+ncols-1. */
static void S_counters(tr_sampler *s, bool *off, const char *sql,
                       const char *what, tr_server_counter first, double t_s)
{
	PGresult *res;
	if (*off)
		return;
	if (!(res = S_query(s, sql, what))) {
		*off = true;
		return;
	}
	if (PQntuples(res) == 1)
		for (int c = 0; c < PQnfields(res); c++) {
			double v = S_num(res, 0, c);
			if (!isnan(v))
				tr_smp_counter_set(s, (tr_server_counter)(first + c), v, t_s);
		}
	PQclear(res);
}

static void S_sample(tr_sampler *s)
{
	tr_smp_point p = { 0 };
	p.t_s = (double)(tr_probe_now_us() - s->t0_us) / 1e6;
	p.backends = p.active = p.autovacuum = -1;
	tr_smp_client_cpu(s, &p);
	if (s->conn && PQstatus(s->conn) != CONNECTION_OK) {
		tr_smp_note(s, "the connection was lost: %s", PQerrorMessage(s->conn));
		PQfinish(s->conn);
		s->conn = NULL;
	}
	if (s->conn) {
		S_activity(s, &p);
		S_counters(s, &s->off_database,
		           "select xact_commit, xact_rollback, blks_read, blks_hit, "
		           "temp_bytes, deadlocks, conflicts from "
		           "pg_catalog.pg_stat_database where datname = "
		           "pg_catalog.current_database()",
		           "pg_stat_database", TR_SRV_XACT_COMMIT, p.t_s);
		S_counters(s, &s->off_checkpoints, s->checkpointer
		           ? "select num_timed, num_requested, buffers_written "
		             "from pg_catalog.pg_stat_checkpointer"
		           : "select checkpoints_timed, checkpoints_req, "
		             "buffers_checkpoint from pg_catalog.pg_stat_bgwriter",
		           s->checkpointer ? "pg_stat_checkpointer" : "pg_stat_bgwriter",
		           TR_SRV_CHECKPOINTS_TIMED, p.t_s);
		S_counters(s, &s->off_wal, "select wal_records, wal_fpi, wal_bytes "
		           "from pg_catalog.pg_stat_wal", "pg_stat_wal",
		           TR_SRV_WAL_RECORDS, p.t_s);
		S_counters(s, &s->off_io, tr_smp_io_sql, "pg_stat_io", TR_SRV_IO_READS,
		           p.t_s);
	}
	tr_smp_point_add(s, &p);
}

/* Sleep until the monotonic time `until` (us), or until told to stop. */
static void S_wait(tr_sampler *s, int64_t until)
{
	for (;;) {
		int64_t left = until - tr_probe_now_us();
		struct timespec ts = { 0, 20 * 1000000L };
		if (left <= 0 || atomic_load(&s->stop))
			return;
		if (left < 20000)
			ts.tv_nsec = (long)left * 1000;
		nanosleep(&ts, NULL);
	}
}

static void *S_thread(void *arg)
{
	tr_sampler *s = arg;
	int64_t step = (int64_t)(s->interval_s * 1e6), next = s->t0_us;
	S_open(s);
	if (s->off_wal && s->conn)
		tr_smp_note(s, "this server has no pg_stat_wal: WAL not sampled");
	for (;;) {
		S_sample(s);
		if (atomic_load(&s->stop))
			break; /* that was the last sample, after pgbench ended */
		next += step;
		if (tr_probe_now_us() > next) {
			/* The sample took longer than its interval: the next one
			 * comes one interval from now, and the file says so. */
			s->late++;
			next = tr_probe_now_us() + step;
		}
		S_wait(s, next);
	}
	if (s->late)
		tr_smp_note(s, "%zu sample%s took longer than the interval", s->late,
		            s->late == 1 ? "" : "s");
	PQfinish(s->conn);
	s->conn = NULL;
	return NULL;
}

int tr_sampler_start(tr_sampler **out, const tr_sampler_options *opts)
{
	tr_sampler *s = tr_calloc(1, sizeof(*s));
	struct timespec now;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	*out = NULL;
	if (!s)
		return TR_ENOMEM;
	s->conninfo = tr_strdup(opts->conninfo ? opts->conninfo : "");
	s->run = tr_strdup(opts->run ? opts->run : "");
	if (!s->conninfo || !s->run) {
		tr_smp_free(s);
		return TR_ENOMEM;
	}
	s->interval_s = fmin(TR_SAMPLER_MAX_S, fmax(TR_SAMPLER_MIN_S, opts->interval_s));
	s->pid = opts->pid;
	s->cpus = cpus > 0 ? (int)cpus : 0;
	atomic_init(&s->stop, 0);
	clock_gettime(CLOCK_REALTIME, &now);
	s->start_unix_s = (double)now.tv_sec + (double)now.tv_nsec / 1e9;
	s->t0_us = tr_probe_now_us();
	if (pthread_create(&s->thread, NULL, S_thread, s) != 0) {
		tr_smp_free(s);
		return tr_error_set("cannot start the sampler's thread");
	}
	s->started = true;
	*out = s;
	return 0;
}

static int S_wait_cmp(const void *pa, const void *pb)
{
	const tr_smp_wait *a = pa, *b = pb;
	int c;
	if (a->samples != b->samples)
		return a->samples > b->samples ? -1 : 1;
	if ((c = strcmp(a->type, b->type)) != 0)
		return c;
	return strcmp(a->event, b->event);
}

int tr_sampler_finish(tr_sampler *s, tr_buf *out)
{
	int rc;
	if (!s)
		return 0;
	atomic_store(&s->stop, 1);
	if (s->started)
		pthread_join(s->thread, NULL);
	/* Most samples first; ties by name: the same samples, the same file. */
	if (s->nwaits > 1)
		qsort(s->waits, s->nwaits, sizeof(*s->waits), S_wait_cmp);
	rc = s->rc < 0 ? s->rc : tr_smp_write_json(out, s);
	tr_smp_free(s);
	return rc;
}
