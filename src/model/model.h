#ifndef TR_MODEL_H
#define TR_MODEL_H

/*
 * model: plain data read from a study: its configuration, providers,
 * scenarios, runs (pgbench summaries, windows, latency accumulators) and
 * init timings. ingest fills it; stats reads it. The study owns every
 * pointer below; tr_study_free() releases all of it.
 *
 * Times: seconds as double where pgbench prints seconds, microseconds as
 * int64 where pgbench logs microseconds; latencies shown to users in ms.
 * Unknown numbers are NaN (double) or -1 (integers), never 0.
 */

#include "util/diag.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- mergeable accumulators ------------------------------------------ */

/*
 * Count, min, max, sum and sum of squares, after pgbench's SimpleStats:
 * per-thread and per-run accumulators merge by adding. Sums are long double
 * so that sums of squared microseconds (beyond 2^53, and beyond 2^64 once
 * merged) keep their precision.
 */
typedef struct tr_simple_stats {
	int64_t count;
	double min;
	double max;
	long double sum;
	long double sum2;
} tr_simple_stats;

void tr_simple_stats_init(tr_simple_stats *s);
void tr_simple_stats_add(tr_simple_stats *s, double v);
void tr_simple_stats_merge(tr_simple_stats *into, const tr_simple_stats *from);
double tr_simple_stats_mean(const tr_simple_stats *s);   /* NaN if empty */
/* Population standard deviation, as pgbench computes it. */
double tr_simple_stats_stddev(const tr_simple_stats *s);

/*
 * Exact latency counts over whole microseconds (pgbench logs latencies as
 * whole microseconds, so a percentile can be exact): one counter per value,
 * dense for 0 .. TR_HIST_DENSE - 1 (grown on demand up to the largest value
 * seen there, at most 1 MiB) and a hash table of the distinct values above.
 * Memory is bounded by the number of distinct latencies, never by the
 * number of transactions. Merging is adding counts, so per-thread, per-chunk
 * and per-run accumulators merge exactly, in any order.
 */
#define TR_HIST_DENSE ((size_t)1 << 17)   /* 131,072 us */

typedef struct tr_hist_slot {
	uint64_t value;          /* 0: empty (sparse values are >= TR_HIST_DENSE) */
	uint64_t count;
} tr_hist_slot;

typedef struct tr_hist {
	uint64_t *dense;         /* counts of 0 .. ndense - 1 */
	size_t ndense;
	tr_hist_slot *sparse;    /* open addressing, a power of two slots */
	size_t sparse_cap;
	size_t nsparse;          /* distinct values held in sparse */
	int64_t total;
	/* The bounds of the sparse values (-1 when there are none). Those of
	 * the dense ones are found when asked for (tr_hist_min, tr_hist_max):
	 * keeping them would cost the hot loop that counts into dense two
	 * compares and two stores a line. */
	int64_t sparse_min, sparse_max;
} tr_hist;

/* How a percentile is picked from the sorted latencies (docs/metrics.md):
 * NEAREST_RANK the smallest L with at least ceil(q*N) values <= L (SQL's
 * percentile_disc); POSTGRESBENCH the first L whose cumulative count
 * exceeds floor(q*N) (ClickHouse's PostgresBench); they differ only when
 * q*N is whole. */
typedef enum tr_pct_rule {
	TR_PCT_NEAREST_RANK = 0,
	TR_PCT_POSTGRESBENCH
} tr_pct_rule;

/* "nearest-rank" or "postgresbench", as in tpsreport.ini (static). */
const char *tr_pct_rule_name(tr_pct_rule rule);

void tr_hist_init(tr_hist *h);
/* Record n values (negative values are recorded as 0). 0 or TR_ENOMEM. */
int tr_hist_record_n(tr_hist *h, int64_t value_us, uint64_t n);
/* Record one value. Inline: it runs once per line of a per-transaction
 * log, and the common case (a dense counter that exists) is a few
 * instructions. */
static inline int tr_hist_record(tr_hist *h, int64_t value_us)
{
	if ((uint64_t)value_us < h->ndense) {
		h->dense[value_us]++;
		h->total++;
		return 0;
	}
	return tr_hist_record_n(h, value_us, 1);
}
/* A hot loop that incremented h->dense[v] itself n times says so here. */
void tr_hist_counted(tr_hist *h, int64_t n);
/* The smallest and the largest value counted; -1 when empty. */
int64_t tr_hist_min(const tr_hist *h);
int64_t tr_hist_max(const tr_hist *h);
/* Add from's counts to into. 0 or TR_ENOMEM (into then holds part of
 * from: free it). */
int tr_hist_merge(tr_hist *into, const tr_hist *from);
/*
 * Percentiles pct[0..n) (each 0 < p <= 100, in percent; 99.9 is read as
 * 999000 parts per million, so q*N is computed exactly in integers) under
 * `rule`, as whole microseconds, into out[0..n): -1 for an empty histogram
 * or a p out of range. 0 or TR_ENOMEM.
 */
int tr_hist_percentiles(int64_t *out, const tr_hist *h, tr_pct_rule rule,
                        const double *pct, size_t n);
/* One nearest-rank percentile in us (NaN when empty, p out of range or
 * out of memory). */
double tr_hist_percentile(const tr_hist *h, double p);
/* The values with a count, ascending: *out[i] (value, count), *n of them;
 * the caller frees *out. 0 or TR_ENOMEM. */
int tr_hist_values(tr_hist_slot **out, size_t *n, const tr_hist *h);
void tr_hist_free(tr_hist *h);
/* Empty h but keep its memory, for counting again without allocating
 * (and, for a new dense array, faulting in) a megabyte. */
void tr_hist_clear(tr_hist *h);

/* ---- the end-of-run summary of pgbench ------------------------------- */

/* One statement row of `-r` output. */
typedef struct tr_statement {
	double latency_ms;
	int64_t failures;      /* -1 when not printed (before 15) */
	int64_t retries;       /* -1 when not printed */
	char *command;         /* first line of the command, as printed */
} tr_statement;

/* One script of a multi-script run (or the single script under -r). */
typedef struct tr_script {
	int number;            /* 1-based as printed; 0 for "script statistics" */
	char *name;            /* "<builtin: select only>" or a file name */
	int weight;            /* -1 when not printed */
	int64_t transactions;  /* -1 when not printed */
	double tps;            /* NaN when not printed */
	int64_t failed;
	int64_t skipped;
	double latency_avg_ms;
	double latency_stddev_ms;
	tr_statement *statements;
	size_t nstatements;
	/* 15+; -1 when not printed: */
	int64_t serialization_failures; /* --failures-detailed */
	int64_t deadlock_failures;
	int64_t retried;       /* max_tries != 1 */
	int64_t retries;
	/* 18: " - N transactions" counts succeeded + skipped + failed, and
	 * `transactions` is its "actually processed" line; -1 before 18. */
	int64_t transactions_all;
} tr_script;

typedef enum tr_tps_form {
	TR_TPS_UNKNOWN = 0,
	TR_TPS_EXCLUDING_CONNECTIONS,   /* 10-13: "(excluding connections establishing)" */
	TR_TPS_WITHOUT_INITIAL,         /* 14+:   "(without initial connection time)" */
	TR_TPS_INCLUDING_RECONNECTS     /* 14+ -C: "(including reconnection times)" */
} tr_tps_form;

/*
 * Everything printResults() of pgbench 10-18 prints. Integers not printed
 * are -1, doubles NaN, strings NULL.
 */
typedef struct tr_summary {
	long line;                     /* line of "transaction type:" in the file */
	char *version;                 /* "15.18 (Debian 15.18-0+deb12u1)" (14+) */
	char *server_version;          /* only when it differs from the client's */
	int major;                     /* 15; 9 for 9.2-9.6; -1 when the file does not say */
	/* Which releases could have written this file, from what it prints:
	 * e.g. 10..13 for a 10-13 style tps line without a version line. */
	int major_min, major_max;

	char *transaction_type;        /* as printed, e.g. "<builtin: TPC-B (sort of)>" */
	int64_t scale;
	char *partition_method;        /* "range" | "hash" | NULL */
	int partitions;
	char *query_mode;              /* simple | extended | prepared */
	int clients;
	int threads;
	int max_tries;                 /* 15+; -1 when not printed (0 = unlimited) */
	int duration_s;                /* -T; -1 for -t runs */
	int64_t transactions_per_client; /* -t; -1 for -T runs */
	int64_t transactions;          /* "actually processed" */
	int64_t transactions_target;   /* the M of N/M (-t runs); -1 otherwise */
	int64_t failed;                /* 15+; -1 before */
	double failed_pct;
	int64_t serialization_failures;
	int64_t deadlock_failures;
	int64_t retried;
	int64_t retries;
	int64_t skipped;
	double latency_limit_ms;
	int64_t above_limit;
	int64_t zipfian_overflows;     /* 11 only */
	double latency_avg_ms;
	bool latency_includes_failures;
	double latency_stddev_ms;
	double lag_avg_ms;
	double lag_max_ms;
	double initial_connection_ms;  /* 14+ without -C */
	double average_connection_ms;  /* 14+ with -C */
	double tps;                    /* the tps to report (see tps_form) */
	tr_tps_form tps_form;
	double tps_including_connections; /* 10-13 only */

	tr_script *scripts;
	size_t nscripts;
	/* Statement latencies of a single-script -r run (11+ print them
	 * without a script header). */
	tr_statement *statements;
	size_t nstatements;

	/* Abort: "Run was aborted; the above results are incomplete." or
	 * client abort messages; the run is not counted as a normal run. */
	bool aborted;
	long aborted_line;
	int64_t clients_aborted;       /* "client N aborted ..." lines seen */
	bool complete;                 /* the summary ran to its tps line */

	/* A summary line that did not read (a line cut, an unknown line
	 * among summary lines): skipped, its value unknown, the rest read.
	 * The first one's message (without path) and line; NULL / 0 when
	 * every line read. */
	char *damage;
	long damage_line;
	int damaged_lines;
} tr_summary;

void tr_summary_init(tr_summary *s);
void tr_summary_free(tr_summary *s);

/* One `-P` progress line. */
typedef struct tr_progress {
	double time_s;          /* elapsed seconds, or epoch seconds (timestamp) */
	bool timestamp;         /* --progress-timestamp: time_s is epoch */
	double tps;
	double latency_ms;
	double stddev_ms;
	int64_t failed;         /* 15+; -1 before */
	double lag_ms;          /* -R; NaN otherwise */
	int64_t skipped;        /* -R -L; -1 otherwise */
	int64_t retried;        /* 15+ with max_tries != 1; -1 otherwise */
	int64_t retries;
} tr_progress;

/* ---- windows --------------------------------------------------------- */

typedef enum tr_window_source {
	TR_WINDOWS_NONE = 0,
	TR_WINDOWS_AGGREGATE,   /* --aggregate-interval logs */
	TR_WINDOWS_PROGRESS     /* -P lines */
} tr_window_source;

/*
 * One interval of a run, all thread files merged. From aggregate logs:
 * tps = sum of num_transactions / interval, latency = sum of sum_latency /
 * sum of num_transactions. From progress lines: pgbench's own figures.
 */
/*
 * A window as ingest reads it from the logs: every complete window, the
 * first one included. What a window shows and which ones count (the first
 * is left out) are metrics, defined in stats (tr_windows_counted): the
 * results' run series are those, with tps and latency_ms filled in.
 */
typedef struct tr_window {
	double start_s;          /* epoch seconds (aggregate, timestamped -P),
	                            or seconds since the start (-P) */
	double length_s;
	int64_t transactions;    /* -1 for progress windows */
	int64_t sum_latency_us;  /* aggregate: sum of sum_latency; -1 for -P */
	double tps;              /* -P: pgbench's figure; aggregate: NaN until
	                            stats computes it */
	double latency_ms;       /* mean over the window; NaN when empty (and
	                            for aggregate windows until stats) */
	double latency_max_ms;   /* aggregate logs only; NaN otherwise */
	int64_t failed;          /* serialization + deadlock (15+ logs); -1 unknown */
	int64_t skipped;         /* -1 unknown */
} tr_window;

/* ---- logs ------------------------------------------------------------ */

typedef enum tr_log_kind {
	TR_LOG_NONE = 0,
	TR_LOG_AGGREGATE,
	TR_LOG_TRANSACTION
} tr_log_kind;

/*
 * What the last column of a 7-field per-transaction log is: pgbench adds
 * the schedule lag under -R and (15+) the retries when max_tries != 1, and
 * the numbers alone cannot always tell which one a run wrote. The caller
 * knows from the run's summary ("rate limit schedule lag" line, "maximum
 * number of tries") and says so before tr_txlog_parse; GUESS decides from
 * the data as docs/formats.md describes.
 */
typedef enum tr_txlog_col7 {
	TR_TXLOG_COL7_GUESS = 0,
	TR_TXLOG_COL7_LAG,
	TR_TXLOG_COL7_RETRIES
} tr_txlog_col7;

/* What a run's per-transaction logs hold, all thread files merged. */
typedef struct tr_txlog_stats {
	tr_hist latency;         /* successful transactions only, in us */
	int64_t transactions;    /* lines with a latency */
	int64_t skipped;
	int64_t failed;          /* "failed", "serialization", "deadlock" */
	int64_t serialization;
	int64_t deadlock;
	int64_t retried;         /* lines with retries > 0 */
	int64_t retries;
	tr_simple_stats lag_us;  /* successful transactions, as pgbench's lag */
	double first_s, last_s;  /* epoch seconds of first and last line
	                            (earliest and latest: NaN when none) */
	/* Input: what a 7-field log's last column is (see above). */
	tr_txlog_col7 col7;
	/* Which optional columns were read (in any of the merged files). */
	bool has_lag;
	bool has_retries;
	int64_t lines;           /* every line read, whatever its kind */
} tr_txlog_stats;

/* ---- runs ------------------------------------------------------------ */

/* ---- server telemetry of a run (runN.server.json, docs/run.md) ------- */

typedef struct tr_server_wait {
	char *type;              /* wait_event_type, "CPU" for active without */
	char *event;
	int64_t samples;         /* active backends seen so, summed over samples */
} tr_server_wait;

typedef struct tr_server_event {
	double t_s;              /* seconds after the sampler started */
	double to_s;             /* autovacuum: end of the span; else NaN */
	bool requested;          /* checkpoint: requested, else timed */
} tr_server_event;

/* The counters runN.server.json may hold, each a delta over the run. */
typedef enum tr_server_counter {
	TR_SRV_XACT_COMMIT,
	TR_SRV_XACT_ROLLBACK,
	TR_SRV_BLKS_READ,
	TR_SRV_BLKS_HIT,
	TR_SRV_TEMP_BYTES,
	TR_SRV_DEADLOCKS,
	TR_SRV_CONFLICTS,
	TR_SRV_CHECKPOINTS_TIMED,
	TR_SRV_CHECKPOINTS_REQ,
	TR_SRV_BUFFERS_CHECKPOINT,
	TR_SRV_WAL_RECORDS,
	TR_SRV_WAL_FPI,
	TR_SRV_WAL_BYTES,
	/* pg_stat_io (PostgreSQL 16+), summed over every backend type, object
	 * and context: operations (of its op_bytes, 8 kB blocks), and the
	 * writes client backends had to do themselves. */
	TR_SRV_IO_READS,
	TR_SRV_IO_WRITES,
	TR_SRV_IO_EXTENDS,
	TR_SRV_IO_FSYNCS,
	TR_SRV_IO_BACKEND_WRITES,
	TR_SRV_NCOUNTERS
} tr_server_counter;

/* Their names in runN.server.json and results.json (static). */
const char *tr_server_counter_name(tr_server_counter c);

typedef struct tr_server {
	char *path;              /* runN.server.json, relative to the study */
	double interval_s;
	double start_unix_s;
	int cpus;                /* of the client machine; 0 unknown */
	int64_t active_samples;
	tr_server_wait *waits;   /* most samples first */
	size_t nwaits;
	tr_server_event *checkpoints;
	size_t ncheckpoints;
	tr_server_event *autovacuum;
	size_t nautovacuum;
	double counters[TR_SRV_NCOUNTERS]; /* NaN: not read */
	/* The series, one value per sample (NaN unknown). */
	size_t nsamples;
	double *t_s;
	double *cpu_pct;         /* the client machine's CPU, percent */
	double *pgbench_cpu_pct; /* pgbench's share of the machine, percent */
	char **notes;            /* what the sampler could not read */
	size_t nnotes;
} tr_server;

void tr_server_free(tr_server *server); /* and the struct itself; NULL ok */

typedef struct tr_run {
	size_t provider;         /* index into study->providers */
	size_t scenario;         /* index into study->scenarios */
	char *id;                /* file stem: "run1" */
	char *path;              /* relative to the study root */
	tr_summary summary;

	/* Left out of every figure (aborted, truncated, unreadable log);
	 * the reason is also in study->diags. */
	bool excluded;
	char *excluded_reason;
	/* A warm-up run (its file's stem starts with "warmup"): read and
	 * listed, never counted (excluded is set too). */
	bool warmup;

	/* Logs: the files of the highest PID only. */
	tr_log_kind log_kind;
	long log_pid;            /* -1 when none */
	char **log_paths;        /* relative to the study, thread order */
	size_t nlog_paths;
	char **orphan_log_paths; /* files of lower PIDs, ignored */
	size_t norphan_log_paths;
	char *progress_path;     /* <stem>.progress|.err|.log, or NULL */

	/* Windows, first one already left out (see docs/metrics.md). */
	tr_window_source window_source;
	double window_interval_s;
	tr_window *windows;
	size_t nwindows;
	size_t windows_dropped;  /* incomplete (not in every thread file) */
	size_t windows_logged;   /* interval starts in the aggregate logs, all
	                            of them (first, dropped, used) */

	/* Every transaction of the aggregate logs: count, sum, sum2, min, max
	 * of latency in us (count 0 when there are no aggregate logs). */
	tr_simple_stats agg_latency_us;
	int64_t agg_failed;
	int64_t agg_skipped;

	/* Per-transaction logs (log_kind == TR_LOG_TRANSACTION). */
	tr_txlog_stats *txlog;   /* NULL when none */

	/* A run read from a PostgresBench result file: its p95 and p99 as
	 * PostgresBench computed them (see tr_pgb_run), not tpsreport's. */
	bool pgb_percentiles;
	double pgb_p95_ms, pgb_p99_ms;
	/* The machine it ran on, when its file says ("16 vCPU / 128 GB", from
	 * a PostgresBench result): runs on different machines never share a
	 * cell (it is part of the workload). NULL for pgbench's own output. */
	char *machine;
	/* The rest of the setup its file states ("ha: HA, 1 async standby;
	 * region: aws us-west-2; ..."), for check's pooled-setups finding:
	 * setups placed by hand in one folder pool into one cell. NULL for
	 * pgbench's own output. */
	char *setup;
	/* The sampler's file beside the run, or NULL (none, or damaged: then
	 * study->diags says so). */
	tr_server *server;
	/* SHA-256 hex of the run's files (summary, logs, stderr) as read;
	 * "" until the study is loaded (see ingest/run_digest.c). */
	char digest[65];
} tr_run;

/* ---- init timings ---------------------------------------------------- */

/*
 * The phases of `pgbench -i`, one per step letter of -I, in pgbench's
 * order: the one table of their names (probe runs them, ingest reads them,
 * chart colours them by index, writeup names them). A phase name read from
 * a file that is none of these is TR_PHASE_OTHER.
 */
typedef enum tr_phase {
	TR_PHASE_DROP = 0,          /* d: "drop tables" */
	TR_PHASE_CREATE,            /* t: "create tables" */
	TR_PHASE_GENERATE_CLIENT,   /* g: "client-side generate" */
	TR_PHASE_GENERATE_SERVER,   /* G: "server-side generate" */
	TR_PHASE_VACUUM,            /* v: "vacuum" */
	TR_PHASE_PRIMARY_KEYS,      /* p: "primary keys" */
	TR_PHASE_FOREIGN_KEYS,      /* f: "foreign keys" */
	TR_PHASE_OTHER              /* any other name; also the count */
} tr_phase;

/* The phase of pgbench's name ("vacuum"), or TR_PHASE_OTHER. */
size_t tr_phase_index(const char *name);
/* pgbench's name of phase i ("client-side generate"); "other" for
 * TR_PHASE_OTHER and beyond. Static storage. */
const char *tr_phase_name(size_t i);
/* The -I letter of phase i ('d', 't', 'g', 'G', 'v', 'p', 'f'), or '\0'. */
char tr_phase_step(size_t i);
/* The phase of a -I letter, or TR_PHASE_OTHER (' ' and unknown letters). */
size_t tr_phase_of_step(char letter);

typedef struct tr_init_phase {
	char *name;              /* pgbench's own: "client-side generate" */
	double seconds;
} tr_init_phase;

typedef struct tr_setting {
	char *name;
	char *value;
} tr_setting;

typedef struct tr_init {
	size_t provider;
	size_t scenario;
	char *path;              /* relative to the study root */
	char *source;            /* "pgbench" or "probe" */
	double total_s;          /* the "done in X s" figure; NaN if absent */
	double wall_s;           /* real (time / time -p); NaN if absent */
	double user_s;
	double sys_s;
	tr_init_phase *phases;   /* in the order pgbench printed them */
	size_t nphases;
	int64_t rows;            /* pgbench_accounts rows ("of N tuples"); -1 */
	int64_t scale;           /* rows / 100000; -1 when unknown */
	/* From a probe's init.json only: */
	int jobs;                /* parallel generate connections; 1 = as pgbench */
	int64_t database_bytes;  /* -1 when unknown */
	char *server_version;
	tr_setting *settings;
	size_t nsettings;
	char *conninfo;          /* password removed */
	char *tool_version;
	/* The first line that could not be read and was skipped (a `time`
	 * line cut short): its message, without path, and its line; NULL
	 * and 0 when every line read. */
	char *damage;
	long damage_line;
	/* Shared by the provider's scenarios of this scale (an init.txt in
	 * results/<provider>/): scenario is the first such one. */
	bool shared;
} tr_init;

/* ---- configuration (tpsreport.ini) ----------------------------------- */

/* A price component: "154.76 USD/month instance". */
typedef struct tr_price_item {
	double amount;           /* as written */
	char *currency;          /* "USD" */
	bool hourly;             /* "/hour": x 730 for a month */
	char *label;             /* "instance", or NULL */
} tr_price_item;

/* A free fact of the ini: fact.NAME = VALUE ("fact.disk = gp3 500 GB"). */
typedef struct tr_fact {
	char *name;              /* "disk" */
	char *value;
} tr_fact;
/*
 * What `tpsreport run` read from a provider's server, kept as
 * results/<provider>/facts.json (docs/run.md) and read back by ingest.
 */
typedef struct tr_server_facts {
	char *path;              /* relative to the study root */
	char *server_version;    /* the server_version setting, or NULL */
	int server_version_num;  /* 150018; -1 unknown */
	char *pgbench_version;   /* "pgbench (PostgreSQL) 15.18 ...", or NULL */
	char *conninfo;          /* as connected, without password; or NULL */
	char *read_at;           /* UTC "2026-05-05T10:20:30Z", or NULL */
	tr_setting *settings;    /* in the order facts.json lists them */
	size_t nsettings;
} tr_server_facts;

void tr_server_facts_free(tr_server_facts *f);

/*
 * The benchmark plan of one scenario ([scenario S] keys for `tpsreport
 * run`, docs/run.md). Zero means "not set" everywhere: the defaults
 * (runs 3, warm-up 0, log aggregate 10) are applied by whoever runs it.
 * Each *_line is the ini line of that key, for messages.
 */
typedef enum tr_plan_log {
	TR_PLAN_LOG_UNSET = 0,
	TR_PLAN_LOG_AGGREGATE,   /* --log --aggregate-interval=log_interval */
	TR_PLAN_LOG_TRANSACTIONS,/* --log */
	TR_PLAN_LOG_NONE
} tr_plan_log;

typedef struct tr_plan {
	int64_t scale;           /* pgbench -i -s; 0: tpsreport never loads */
	long scale_line;
	char *pgbench;           /* the arguments as written, sweeps and all */
	long pgbench_line;
	int runs;                /* per argument set; 0: default 3 */
	long runs_line;
	double warmup_s;         /* 0: no warm-up */
	long warmup_line;
	tr_plan_log log;
	int log_interval_s;      /* for TR_PLAN_LOG_AGGREGATE */
	long log_line;
	char *database;          /* NULL: the provider's conninfo says */
	long database_line;
} tr_plan;

typedef struct tr_provider {
	char *id;                /* directory name */
	char *label;             /* from the ini, else the id */
	char *short_label;       /* short = of the ini, for table rows, or NULL */
	char *color;             /* "#4e79a7" or NULL */
	tr_price_item *price;    /* components that add up; none = no price */
	size_t nprice;
	long price_line;         /* line of price= in the ini, for messages */
	double vcpu;             /* NaN when unknown */
	double ram_gb;           /* NaN when unknown */
	char *notes;             /* free text from the ini, or NULL */
	char *note;              /* one line saying what this provider is as a
	                            step of a {{journey}}, or NULL */
	bool in_results;         /* false: only in the ini */
	tr_fact *facts;          /* fact.NAME keys, in ini order */
	size_t nfacts;
	/* `tpsreport run`: where the server is (libpq string or service=NAME,
	 * never a password) and the line of conninfo= in the ini. */
	char *conninfo;
	long conninfo_line;
	tr_server_facts *server; /* results/<id>/facts.json, or NULL */
} tr_provider;

/* [cell PROVIDER SCENARIO]: provider keys that hold for one scenario only
 * (the instance of a test: PG version, vCPUs, RAM, disk), and facts. */
typedef struct tr_cell_config {
	char *provider;          /* ids as written; checked against the study */
	char *scenario;
	long line;               /* of the section header's first key */
	double vcpu;             /* NaN: the provider's */
	double ram_gb;
	tr_price_item *price;    /* none: the provider's */
	size_t nprice;
	long price_line;
	char *notes;             /* NULL: the provider's */
	tr_fact *facts;
	size_t nfacts;
} tr_cell_config;

typedef struct tr_scenario {
	char *id;
	char *label;
	char *short_label;       /* short = of the ini, for table rows, or NULL */
	bool in_results;
	tr_plan plan;            /* `tpsreport run`'s keys, zero when none */
} tr_scenario;

typedef struct tr_fx_rate {
	char *currency;          /* "USD" */
	double rate;             /* units of report currency per 1 currency */
} tr_fx_rate;

/* [study] runs = median|best|worst: which run of a cell stands for it in
 * headline figures and charts (statistics always use every run). */
typedef enum tr_run_pick {
	TR_RUNS_MEDIAN = 0,
	TR_RUNS_BEST,
	TR_RUNS_WORST
} tr_run_pick;

typedef struct tr_config {
	char *path;              /* "tpsreport.ini" or NULL when absent */
	char *title;
	char *subtitle;
	char *notes;             /* free text about the whole study */
	char *currency;          /* report currency, NULL when none set */
	char *baseline;          /* provider id, or NULL for the first */
	tr_run_pick runs;        /* [study] runs =, default median */
	tr_fx_rate *fx;
	size_t nfx;
	char *fx_date;           /* [fx] date = 2026-05-05 */
	char *fx_source;         /* [fx] source = ECB reference rate */
	tr_pct_rule percentile;  /* [study] percentile = nearest-rank|postgresbench */
	double sample_s;         /* [study] sample: `run`'s sampling interval in
	                            seconds; 0 unset (1 s), -1 off */
	tr_cell_config *cells;   /* [cell P S] sections, in ini order */
	size_t ncells;
	/* [facts]: each fact's label for readers (name "disk_type", value
	 * "Disk type"), in ini order */
	tr_fact *fact_labels;
	size_t nfact_labels;
} tr_config;

/* ---- the study ------------------------------------------------------- */

typedef struct tr_study {
	char *root;              /* as given on the command line */
	tr_config config;
	tr_provider *providers;  /* ini order first, then the rest sorted */
	size_t nproviders;
	tr_scenario *scenarios;
	size_t nscenarios;
	tr_run *runs;            /* sorted by provider, scenario, id */
	size_t nruns;
	size_t runs_cap;         /* allocated, for the loader */
	tr_init *inits;
	size_t ninits;
	size_t inits_cap;
	tr_diags diags;          /* warnings found while reading */
	char digest[65];         /* SHA-256 over every input file read */
} tr_study;

void tr_run_free(tr_run *run);
/* Unknown everywhere: NaN times, -1 counts, jobs 1, no strings. */
void tr_init_init(tr_init *init);
void tr_init_free(tr_init *init);
void tr_config_free(tr_config *config);
void tr_facts_free(tr_fact *facts, size_t n);
void tr_price_items_free(tr_price_item *items, size_t n);
void tr_provider_free(tr_provider *p);
void tr_scenario_free(tr_scenario *s);
/* Frees everything the study owns, then the study itself. NULL is fine. */
void tr_study_free(tr_study *study);

/* Index of the provider / scenario with this id, or -1. */
long tr_study_provider_index(const tr_study *study, const char *id);
long tr_study_scenario_index(const tr_study *study, const char *id);

#endif
