#ifndef TR_PROBE_INTERNAL_H
#define TR_PROBE_INTERNAL_H

/*
 * The probe's own declarations, shared by the .c files of src/probe only:
 * the probe's state and the helpers over libpq. Not for other modules (probe.h is).
 */

#include "probe.h"
#include "util/buf.h"
#include "util/json.h"

#include <libpq-fe.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>

#define TR_PROBE_ACCOUNTS_PER_BRANCH 100000
#define TR_PROBE_TELLERS_PER_BRANCH 10
/* pgbench switches aid to bigint from this scale on. */
#define TR_PROBE_SCALE_BIGINT 20000

/* One connection with what the signal handler needs to cancel it. */
typedef struct tr_probe_conn {
	PGconn *conn;
	PGcancel *cancel;        /* created once, freed at close */
} tr_probe_conn;

struct tr_probe {
	tr_probe_options opts;   /* strings below are our copies */
	char *conninfo;
	char *steps;
	char *secret;            /* the password, scrubbed from messages */
	tr_probe_conn *conns;    /* conns[0] runs the steps; 1..njobs-1 load */
	int nconns;
	int server_version;      /* PQserverVersion */
	/* Set by tr_probe_interrupt() (a signal handler): lock-free atomics,
	 * so that both are safe there and visible to the loader threads.
	 * `stop` also ends the other loaders when one of them fails. */
	atomic_int interrupted;
	atomic_int stop;
	pthread_t main_thread;   /* the only thread that calls back */
	const char *phase;       /* pgbench's name of the running step */
	tr_probe_result facts;   /* server facts read at open */
	int64_t t_open_us;       /* monotonic time before connecting */
};

/* ---- conn.c ---------------------------------------------------------- */

/* Monotonic clock in microseconds. */
int64_t tr_probe_now_us(void);

/*
 * Connect with libpq (conninfo expanded as a dbname, PG* variables,
 * application name "tpsreport", connect_timeout 15 s unless the string or
 * PGCONNECT_TIMEOUT says otherwise). *secret receives the password that was
 * given, if any (caller frees), so that messages can be scrubbed. The
 * failure message is one line, scrubbed. `notice` receives the server's
 * notices (NULL: ignored).
 */
int tr_probe_connect(PGconn **out, char **secret, const char *conninfo,
                     PQnoticeReceiver notice, void *notice_arg);

/* Replace every occurrence of secret in s by "***", in place. */
void tr_probe_scrub(char *s, const char *secret);

/* Append " key=value" (no space first when out is empty), the value
 * quoted the way libpq reads it when it needs quoting. */
int tr_probe_put_kv(tr_buf *out, const char *key, const char *val);
/* Where and as whom connection c really went (host, port, dbname, user,
 * sslmode), never the password; the caller frees; NULL when out of memory. */
char *tr_probe_conn_where(PGconn *c);

/* libpq's message as one line: newlines and tabs become single spaces,
 * "ERROR:  " style prefixes and trailing space go. Appended to out. */
int tr_probe_flatten(tr_buf *out, const char *msg);

/*
 * Run one statement on conns[0] (or on c when not NULL) and check its
 * status (PGRES_COMMAND_OK or PGRES_TUPLES_OK); after an interrupt, fail
 * without running it. On failure sets the
 * message via tr_probe_fail_res() and returns TR_ERROR. *out (may be NULL)
 * receives the result, which the caller then clears.
 */
int tr_probe_exec(tr_probe *p, PGconn *c, const char *sql, PGresult **out);

/*
 * Set the error message for a failed statement of phase p->phase: an
 * interrupt, a lost connection, or a server error with its SQLSTATE, plus
 * what privilege is needed when the SQLSTATE is 42501. res may be NULL.
 * `c` is the connection it failed on. Returns TR_ERROR.
 */
int tr_probe_fail_res(tr_probe *p, PGconn *c, const PGresult *res);

/* ---- steps.c / generate.c / parallel.c ------------------------------- */

/* The comment a --jobs load puts on pgbench_accounts until all its
 * loaders have committed: a probe killed in between leaves it. */
#define TR_PROBE_INCOMPLETE "tpsreport probe: load incomplete"

/*
 * One step of `pgbench -i`: its phase (model/phase.c gives its -I letter and
 * pgbench's name of it), what runs it, and what the run must know of it.
 * steps.c holds the one table of them, in pgbench's order.
 */
typedef struct tr_probe_step {
	tr_phase phase;
	int (*run)(tr_probe *p, tr_probe_result *r);
	bool destroys;           /* drops or truncates: the safety check counts
	                          * the rows first */
	bool ends_check_before;  /* runs after the safety check's transaction
	                          * (tables locked) is committed */
	bool ends_check_after;   /* that transaction is committed after it */
	bool generates;          /* loads the rows (scale, row counts known) */
	bool creates;            /* creates the tables (scale known) */
} tr_probe_step;

/* The step of -I letter `letter` (static), or NULL for ' ' and any letter
 * that is not a step. */
const tr_probe_step *tr_probe_step_of(char letter);

/* "begin", unless conns[0] is already in the safety check's transaction. */
int tr_probe_begin(tr_probe *p);

/* The row counts a safety refusal talks about, then every step. */
int tr_probe_check_safety(tr_probe *p);
int tr_probe_step_generate_client(tr_probe *p, tr_probe_result *r);
int tr_probe_step_generate_parallel(tr_probe *p, tr_probe_result *r);

/*
 * Stream rows [first, last] (1-based) of a pgbench table in COPY text
 * format on c, already in COPY IN state, then end the COPY and read its
 * result. `table` is 'b', 't' or 'a'. *stop is polled between chunks: when
 * set, the COPY is ended with an error instead ("interrupted by the user"
 * for 1, "another loader failed" for 2). `tick` (may be NULL) is
 * called on this thread after each chunk with the rows sent so far.
 * Returns 0 with *res the COPY's result (the caller clears it), or
 * TR_ERROR with *res the error result if there was one (the caller reads
 * it, or PQerrorMessage(c) when NULL, and clears it); no message is set.
 */
typedef void (*tr_probe_tick)(void *arg, int64_t rows_sent);
int tr_probe_copy_rows(PGconn *c, char table, int64_t first, int64_t last,
                       atomic_int *stop, tr_probe_tick tick, void *tick_arg,
                       PGresult **res);

/* COPY rows 1..rows of `table` (as tr_probe_copy_rows) on the main
 * connection, in its transaction, FREEZE when the server allows it
 * (*freeze says); tick as tr_probe_copy_rows's. *loaded: the count the
 * server gives (rows when it gives none). 0, or the error (reported). */
int tr_probe_copy_table(tr_probe *p, char table, const char *name,
                        int64_t rows, tr_probe_tick tick, void *tick_arg,
                        int64_t *loaded, bool *freeze);

/* "copy <table> from stdin" with " with (freeze on)" when the server
 * allows it (14+, an ordinary table), as pgbench 18 decides. *freeze says
 * which. Needs a transaction that truncated or created the table to take
 * effect; the caller knows whether that is so. */
int tr_probe_copy_begin(tr_probe *p, PGconn *c, const char *table,
                        bool try_freeze, bool *freeze);

void tr_probe_message(tr_probe *p, const char *fmt, ...) TR_PRINTF(2, 3);

/* ---- result.c -------------------------------------------------------- */

/* The first keys of init.json and facts.json: "schema" 1, "source",
 * "tool" "tpsreport", "tool_version". */
void tr_probe_json_head(tr_json *j, const char *source,
                        const char *tool_version);

/* ---- facts.c --------------------------------------------------------- */

/* Server version, settings, SSL, conninfo without password: into
 * p->facts. */
int tr_probe_read_facts(tr_probe *p);
/* The settings a setup table shows, in its order (static). */
const char *const *tr_probe_setting_names(size_t *n);
/* Append the query of those settings that this server has: rows of
 * (name, current value), in no order. */
int tr_probe_settings_sql(tr_buf *out);
/* The value of setting `name` in the result of that query (static in
 * res), or NULL when the server has no such setting. */
const char *tr_probe_setting_value(const PGresult *res, const char *name);
/* pg_database_size(current_database()) after the steps. */
int tr_probe_database_size(tr_probe *p, int64_t *out);

#endif
