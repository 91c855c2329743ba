#ifndef TR_PROBE_H
#define TR_PROBE_H

/*
 * probe: pgbench's initialization steps run live over libpq and timed
 * (`tpsreport probe`), and waiting for a quiet server (`tpsreport settle`).
 * The only module that talks to PostgreSQL. libpq's types stay inside
 * the .c files of src/probe; callers see plain C.
 *
 * The probe runs pgbench's own SQL (../shared/pgbench-formats/SPEC.md, 7;
 * docs/probe.md says exactly what), reports pgbench's messages ("creating
 * tables...", NOTICEs, "done in X s (...).") through a callback, and returns
 * the timings and the server's facts, which tr_probe_result_json() writes
 * as init.json (docs/init-json.md).
 *
 * Library rules hold: nothing here prints or exits. Messages and progress
 * go to callbacks, failures are returned with one message
 * (tr_error_last()) that never contains the password.
 */

#include "model/model.h"
#include "util/buf.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* ---- options --------------------------------------------------------- */

typedef enum tr_partition_method {
	TR_PARTITION_NONE = 0,
	TR_PARTITION_RANGE,
	TR_PARTITION_HASH
} tr_partition_method;

/* Progress of a generate step, for a progress line. */
typedef struct tr_probe_progress {
	int64_t rows_done;       /* pgbench_accounts rows sent so far */
	int64_t rows_total;
	double elapsed_s;        /* since the step began */
} tr_probe_progress;

typedef struct tr_probe_options {
	/* A libpq connection string (URI or key=value) or NULL: libpq's PG*
	 * variables and defaults fill in whatever it does not say. */
	const char *conninfo;
	int scale;               /* >= 1; needed by steps t, g, G */
	const char *steps;       /* pgbench's -I letters "dtgGvpf" (and ' ');
	                            NULL means "dtgvp" */
	int fillfactor;          /* 10..100, default 100 */
	bool unlogged_tables;
	int partitions;          /* 0: pgbench_accounts is not partitioned */
	tr_partition_method partition_method; /* RANGE when partitions > 0
	                                         and NONE was given */
	/* Connections for the client-side generate step: 1 is pgbench's way;
	 * N > 1 loads pgbench_accounts over N connections in parallel
	 * (docs/probe.md, "Parallel generate"). */
	int jobs;
	/* Without it, steps that drop or truncate (d, g, G) refuse to run when
	 * any pgbench table holds rows. */
	bool force;

	/* pgbench's messages, one line each without the newline: "dropping
	 * old tables...", server NOTICEs, "done in ...". Called on the calling
	 * thread. NULL: dropped. */
	void (*message)(void *ctx, const char *line);
	/* Called during the generate steps now and then (about every 64k rows
	 * or 200 ms), on the calling thread. NULL: none. */
	void (*progress)(void *ctx, const tr_probe_progress *progress);
	void *ctx;
} tr_probe_options;

/* Defaults: scale 1, steps "dtgvp", fillfactor 100, jobs 1. */
void tr_probe_options_init(tr_probe_options *opts);

/* Check the options without connecting (bad step letters, ranges,
 * --partition-method without --partitions). 0 or TR_EINVALID with a
 * message. tr_probe_open() checks too. */
int tr_probe_options_check(const tr_probe_options *opts);
/* Whether the -I letters hold a step that needs the scale (t, g, G: they
 * create the tables or generate their rows). */
bool tr_probe_steps_need_scale(const char *steps);

/* ---- results --------------------------------------------------------- */

typedef struct tr_probe_result {
	/* The init timings as every reader of init output has them:
	 * source "probe", phases with pgbench's names and the "done in" total
	 * (their sum, as pgbench computes it), wall_s from connecting to the
	 * end, rows and scale (-1 when no generate step ran), jobs, the
	 * database size after loading, server_version (the server's
	 * server_version string), the settings (name, value as SHOW prints
	 * it), the conninfo without password, tool_version. */
	tr_init init;
	char *phase_steps;       /* the step letter of each phase, in order */
	char *steps;             /* as requested */
	int scale;               /* as requested */
	int fillfactor;
	bool unlogged_tables;
	int partitions;
	tr_partition_method partition_method;
	int server_version_num;  /* 150018 */
	bool ssl;                /* pg_stat_ssl for our own backend */
	char *ssl_version;       /* "TLSv1.3" or NULL */
	char *ssl_cipher;
	bool copy_freeze;        /* pgbench_accounts COPY used FREEZE */
	bool parallel;           /* the client-side generate used jobs > 1 */
	int64_t branches;        /* rows loaded, -1 when no generate step ran */
	int64_t tellers;
	char started_at[32];     /* UTC, "2025-05-05T10:20:30Z" */
} tr_probe_result;

/* Frees what the result owns (not the struct itself). */
void tr_probe_result_free(tr_probe_result *result);

/* Append result as init.json (schema 1, docs/init-json.md) to out. */
int tr_probe_result_json(tr_buf *out, const tr_probe_result *result);

/* ---- running the probe ------------------------------------------------ */

typedef struct tr_probe tr_probe;

/*
 * Connect (one connection, or `jobs` for a parallel generate) and read the
 * server's facts. Nothing is changed yet. On failure *out is NULL and the
 * message is one line, e.g. libpq's reason for not connecting. The caller
 * closes *out with tr_probe_close().
 */
int tr_probe_open(tr_probe **out, const tr_probe_options *opts);

/*
 * Check the safety rule (refuse when a table that a step would drop or
 * truncate holds rows, unless force), then run the steps, timing each.
 * On success *out is filled (the caller frees it with
 * tr_probe_result_free()). On failure *out is zeroed, the message names
 * the phase, the SQLSTATE and the server's message (and, for a missing
 * privilege, the role or grant needed), and the step's transaction has been
 * rolled back.
 */
int tr_probe_run(tr_probe_result *out, tr_probe *probe);

/*
 * Ask a running tr_probe_run() to stop: cancels the statement running on
 * every connection (PQcancel) and makes the steps stop at the next check;
 * tr_probe_run() then rolls back and fails with "interrupted during
 * <phase>". Async-signal-safe: meant to be called from a SIGINT handler.
 */
void tr_probe_interrupt(tr_probe *probe);

/* Close the connections and free the probe. NULL is fine. */
void tr_probe_close(tr_probe *probe);

/*
 * The whole probe in one call, for the commands (probe, build --probe):
 * open, run, close, with SIGINT and SIGTERM calling tr_probe_interrupt()
 * while it runs (a second signal ends the process the default way); the
 * previous signal handlers are restored before it returns. Only one may run
 * at a time in a process. Same contract as tr_probe_run().
 */
int tr_probe_execute(tr_probe_result *out, const tr_probe_options *opts);

/*
 * A connection string for display and storage: conninfo parsed by libpq and
 * written back as key=value pairs without password (nor any other secret:
 * sslpassword, sslkey). NULL for a string libpq cannot parse (the message
 * then says why, without the string itself). Caller frees.
 */
char *tr_probe_conninfo_redact(const char *conninfo);

/*
 * Whether conninfo carries a secret (a non-empty password or sslpassword),
 * decided by libpq's own parser, PQconninfoParse: a URI's user:secret@
 * (whatever it holds: "u:pa?ss@") and its percent-encoded parameters
 * ("?%70assword=x"), key=value strings with their quotes, and a dbname
 * that is itself a connection string. The one check of tpsreport: the
 * plan of `run` refuses such a conninfo with it. A string libpq cannot
 * parse is an error whose message does not quote it.
 */
int tr_probe_conninfo_secret(bool *out, const char *conninfo);

/* ---- settle ---------------------------------------------------------- */

typedef enum tr_settle_event {
	TR_SETTLE_CHECKPOINT,    /* CHECKPOINT done (checkpoint_s) */
	TR_SETTLE_WAITING,       /* autovacuum workers still run (workers) */
	TR_SETTLE_SETTLED,       /* none left */
	TR_SETTLE_TIMEOUT        /* gave up; workers as last seen */
} tr_settle_event;

typedef struct tr_settle_status {
	tr_settle_event event;
	double elapsed_s;        /* since settle began (after connecting) */
	double checkpoint_s;
	size_t nworkers;
	/* What each worker does, as pg_stat_activity shows it, e.g.
	 * "autovacuum: VACUUM ANALYZE public.pgbench_accounts" (or
	 * "<insufficient privilege>"), prefixed with its database and pid:
	 * "bench pid 4242: autovacuum: ...". Valid during the callback. */
	const char *const *workers;
} tr_settle_status;

typedef struct tr_settle_options {
	const char *conninfo;    /* as for the probe */
	double timeout_s;        /* give up after this long (default 1800) */
	double interval_s;       /* between polls (default 5) */
	/* Called after the checkpoint, after each poll that finds workers,
	 * and at the end. NULL: none. */
	void (*status)(void *ctx, const tr_settle_status *status);
	void *ctx;
	/* When not NULL and set (by a signal handler, say), stop waiting
	 * at the next poll: returns 0, not settled. */
	atomic_int *stop;
} tr_settle_options;

void tr_settle_options_init(tr_settle_options *opts);

/*
 * Connect, CHECKPOINT, then poll pg_stat_activity for backends of type
 * 'autovacuum worker' until none remain or the timeout passes.
 * Returns 0 with *out_settled true (settled) or false (timed out); a
 * negative code when it could not connect, or CHECKPOINT was refused (the
 * message names the role needed: superuser, or pg_checkpoint on 15+).
 */
int tr_settle_run(bool *out_settled, const tr_settle_options *opts);


/* ---- what `tpsreport run` asks of a server ---------------------------- */

/* The pgbench tables of a database, as `tpsreport run` finds them before
 * it decides whether to load them. */
#define TR_PROBE_NTABLES 4
extern const char *const tr_probe_table_names[TR_PROBE_NTABLES];
typedef struct tr_probe_tables {
	int present;             /* how many of the four pgbench tables exist */
	unsigned exists;         /* bit i: tr_probe_table_names[i] exists */
	unsigned keyed;          /* bit i: it has a valid primary key */
	unsigned want_keys;      /* the bits of the tables pgbench -i keys */
	bool marked;             /* the probe's "load incomplete" marker is on
	                            pgbench_accounts (a load killed midway) */
	int64_t scale;           /* rows of pgbench_branches; -1 without it */
	bool loaded;             /* pgbench_accounts holds a row */
	int server_version_num;
} tr_probe_tables;

/* Whether every pgbench table exists with its primary key, holds rows, and
 * carries no marker of an unfinished load: what pgbench -i leaves when it
 * ends, and only then. */
bool tr_probe_tables_complete(const tr_probe_tables *t);
/* What is missing for that, in words ("no primary key on pgbench_accounts,
 * pgbench_tellers"), appended to out. */
int tr_probe_tables_missing(tr_buf *out, const tr_probe_tables *t);

/*
 * Connect to conninfo and look at its pgbench tables; nothing is changed.
 * On failure the message is one line (libpq's reason, scrubbed).
 */
int tr_probe_tables_check(tr_probe_tables *out, const char *conninfo);

/*
 * conninfo (key=value, URI, service=NAME or "") with dbname set to
 * database (NULL: as it is), written back as key=value pairs that libpq
 * and pgbench read the same way, never with a password or sslpassword
 * (pgbench gets those from PGPASSWORD, ~/.pgpass or the service file, never
 * on its command line). Caller frees *out. A string libpq cannot parse is
 * an error that does not quote it.
 */
int tr_probe_conninfo_with_db(char **out, const char *conninfo,
                              const char *database);

/*
 * facts.json (schema 1, docs/run.md) of the server at conninfo: its
 * version, the settings a setup table shows, the connection without
 * password, the time read, and pgbench_version (the --version line of the
 * pgbench that runs against it; NULL: null). Appended to out.
 */
int tr_probe_facts_json(tr_buf *out, const char *conninfo,
                        const char *pgbench_version);

/* ---- the sampler beside a run (docs/run.md, runN.server.json) ---------- */

/* Sampling intervals `[study] sample` allows, in seconds. */
#define TR_SAMPLER_MIN_S 0.2
#define TR_SAMPLER_MAX_S 10.0

typedef struct tr_sampler_options {
	const char *conninfo;    /* the run's own (database included) */
	double interval_s;       /* TR_SAMPLER_MIN_S .. TR_SAMPLER_MAX_S */
	const char *run;         /* the run's stem, written into the file */
	/* pgbench's pid while it runs, 0 before and after (NULL: no pgbench
	 * CPU); read at each sample. */
	atomic_int *pid;
} tr_sampler_options;

typedef struct tr_sampler tr_sampler;

/*
 * Start sampling on a thread of its own: one connection (libpq, the run's
 * conninfo) read every interval_s: pg_stat_activity's client backends of
 * the database and autovacuum workers, the checkpoint counters
 * (pg_stat_checkpointer on 17+, else pg_stat_bgwriter), pg_stat_database,
 * pg_stat_wal and pg_stat_io (16+) where present, this machine's CPU
 * (/proc/stat) and pgbench's (/proc/PID/stat). Every statement runs under a
 * statement_timeout. Whatever cannot be read (no connection, a refused
 * view) is noted once in the file and left out: this never fails the run.
 * 0, or TR_ENOMEM / TR_ERROR (no thread) with a message; the caller ends
 * it with tr_sampler_finish().
 */
int tr_sampler_start(tr_sampler **out, const tr_sampler_options *opts);

/*
 * Take the last sample, stop and free the sampler, and append its
 * runN.server.json (docs/run.md) to out. NULL s appends nothing. 0, or
 * TR_ENOMEM.
 */
int tr_sampler_finish(tr_sampler *s, tr_buf *out);

#endif
