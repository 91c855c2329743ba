#ifndef TR_INGEST_H
#define TR_INGEST_H

/*
 * ingest: every format pgbench 9.2-18 writes, PostgresBench result files (see docs/formats.md and
 * ../shared/pgbench-formats/SPEC.md), run discovery in a study directory,
 * and tpsreport.ini.
 *
 * The readers take text in memory and a `path` used only in messages
 * (relative to the study, e.g. "results/aws/bench100/run1.txt"). They never
 * print; problems are returned as "path:line: message" errors or added to a
 * tr_diags list.
 */

#include "model/model.h"

/* ---- the end-of-run summary ------------------------------------------ */

/*
 * Find pgbench's summary in the text of a run file, which may also hold
 * stderr (progress lines, "starting vacuum...end.", -d debug output, NOTICE
 * lines, errors, "Run was aborted ..."), and parse every line of it.
 *
 * Returns 0 when a summary was found: out->complete says whether it ran to
 * its tps line, out->aborted whether pgbench said the run was aborted.
 * TR_ENOTFOUND (no message set) when the text holds no summary at all;
 * TR_EINVALID with "path:line: ..." when a summary line is malformed.
 * out is initialised here; the caller frees it with tr_summary_free() in
 * every case.
 */
int tr_summary_parse(tr_summary *out, const char *text, size_t len,
                     const char *path);

/* true when a parsed summary contradicts itself (tps against transactions
 * and duration, failed count against its percentage, more transactions
 * than were asked for); why then says how, in a sentence. */
bool tr_summary_contradicts(const tr_summary *s, char *why, size_t n);

/* ---- progress lines (-P) --------------------------------------------- */

/*
 * Parse one line (without its newline). Returns 0, TR_ENOTFOUND when it is
 * not a progress line, or TR_EINVALID (no message set) when it starts like
 * one ("progress: ") but does not parse.
 */
int tr_progress_parse_line(tr_progress *out, const char *line, size_t len);

/*
 * Every progress line in text (other lines are skipped; '\r' ends a line
 * too). *out is a new array the caller frees, *n its length. A line that
 * starts like a progress line but does not parse is an error naming path
 * and line.
 */
int tr_progress_scan(tr_progress **out, size_t *n, const char *text,
                     size_t len, const char *path);

/* ---- log files -------------------------------------------------------- */

/*
 * Aggregate vs per-transaction logs are told apart by content: an aggregate
 * line has 6, 10, 11, 15 (or 16) integer fields and starts with an epoch
 * second; a per-transaction line starts with a small client id and has a
 * latency or "skipped"/"failed"/"serialization"/"deadlock" third field.
 * Returns TR_LOG_NONE when the first line is neither (or the data is empty).
 */
tr_log_kind tr_log_sniff(const char *data, size_t len);

/* One line of an aggregate log, every value as pgbench wrote it (us). */
typedef struct tr_agg_interval {
	int64_t start;             /* epoch seconds */
	int64_t transactions;
	int64_t sum_latency;
	uint64_t sum_latency2;     /* can exceed 2^53: parsed as an integer */
	int64_t min_latency;
	int64_t max_latency;
	int64_t sum_lag;           /* 10+ fields; 0 otherwise */
	uint64_t sum_lag2;
	int64_t min_lag;
	int64_t max_lag;
	int64_t skipped;           /* 11+ fields */
	int64_t retried;           /* 15 fields */
	int64_t retries;
	int64_t serialization_failures;
	int64_t deadlock_failures;
	int64_t other_failures;    /* 16 fields (19devel) */
} tr_agg_interval;

typedef struct tr_agglog {
	tr_agg_interval *items;
	size_t count;
	size_t cap;
	int nfields;               /* of the first line; every line must match */
} tr_agglog;

/*
 * Parse a whole aggregate log. Every line must have the same number of
 * fields (6, 10, 11, 15 or 16), all integers; a final line without its
 * newline is an error (a truncated file). Appends to out.
 */
int tr_agglog_parse(tr_agglog *out, const char *data, size_t len,
                    const char *path);
void tr_agglog_free(tr_agglog *log);

/*
 * Parse a whole per-transaction log into out (which accumulates: call it
 * once per thread file; initialise with tr_txlog_stats_init). Latencies of
 * successful transactions are counted exactly (tr_hist); skipped and
 * failed ones are counted apart. A final line without its newline is an
 * error. On failure nothing is added to out.
 */
void tr_txlog_stats_init(tr_txlog_stats *s);
void tr_txlog_stats_free(tr_txlog_stats *s);
/* Add from's figures to into: 0; TR_EINVALID (message set, into as it
 * was) when the retries would pass 2^63, which no pgbench log does;
 * TR_ENOMEM (into then holds part of from: free it). */
int tr_txlog_stats_merge(tr_txlog_stats *into, const tr_txlog_stats *from);
int tr_txlog_parse(tr_txlog_stats *out, const char *data, size_t len,
                   const char *path);
/* The same for a chunk of whole lines of a larger file whose first line is
 * line first_line of the file (for messages). */
int tr_txlog_parse_from(tr_txlog_stats *out, const char *data, size_t len,
                        const char *path, long first_line);
/* The same for one of several windows of a file read in turn: *nfields is
 * 0 for the first (it is then set from its first line) and is the field
 * count every later window's lines must have. Faster (counts go straight
 * into out), but on failure out holds part of the window: drop it. */
int tr_txlog_parse_window(tr_txlog_stats *out, int *nfields, const char *data,
                          size_t len, const char *path, long first_line);
/*
 * Which scanner the per-transaction readers use: with `vector` true, the
 * vector scanner (x86-64 with AVX2) where this machine has it, which is
 * the default; with false, the byte-by-byte scanner it is tested against.
 * Both give the same results and the same errors on every input. Returns
 * whether the vector scanner is in use from now on. For tests and
 * benchmarks: call it before reading, not while other threads read.
 */
bool tr_txlog_use_vector(bool vector);

/* ---- init output (-i) ------------------------------------------------ */

/*
 * Parse the output of `pgbench -i` as kept by `time pgbench -i ... 2>&1 |
 * tee init.txt` or similar: messages, tuple progress lines (with '\r' and
 * trailing padding), NOTICE lines, the "done in X s (...)" line of 13+ and
 * the real/user/sys lines of bash's time and of /usr/bin/time -p.
 * out is initialised here (provider/scenario left 0); source = "pgbench".
 * TR_ENOTFOUND when the text is not init output at all.
 */
int tr_initlog_parse(tr_init *out, const char *text, size_t len,
                     const char *path);

/* Parse an init.json written by `tpsreport probe` (docs/init-json.md). */
int tr_initjson_parse(tr_init *out, const char *text, size_t len,
                      const char *path);

/* ---- PostgresBench result files -------------------------------------- */

/* One interval of a run's "timeseries". */
typedef struct tr_pgb_point {
	long line;
	int64_t interval;          /* 0, 1, 2, ... */
	double elapsed_s;          /* interval x interval_s */
	double tps;
	int64_t transactions;      /* -1 when absent */
	double latency_avg_ms;     /* NaN when absent */
	double latency_stddev_ms;
} tr_pgb_point;

/* One run of a PostgresBench result, as its run.sh summarised it. */
typedef struct tr_pgb_run {
	int number;                /* "run": 1, 2, 3 */
	long line;                 /* of its object in the file */
	double tps;
	int64_t transactions;
	int64_t failed;            /* -1 when absent */
	double latency_avg_ms;     /* NaN when absent */
	double latency_stddev_ms;
	double initial_connection_ms;
	/* PostgresBench's own percentiles over its --log files: the first
	 * latency whose cumulative count exceeds floor(q * N) (not nearest
	 * rank), in whole microseconds / 1000. NaN when absent. */
	double p95_ms, p99_ms;
	/* "timeseries" (PostgresBench after its PR #6: pgbench -P of the run,
	 * one point per interval_s seconds, each the interval's own figures),
	 * in the file's order; NULL and 0 when the run has none. */
	double interval_s;         /* NaN when absent */
	tr_pgb_point *series;
	size_t nseries;
} tr_pgb_run;


typedef struct tr_pgb_result {
	char *system;              /* "AWS RDS" */
	char *machine;             /* "4vCPU, 16GB RAM", or NULL (then
	                              "instance" gives vcpus and ram_gb) */
	char *instance_type;       /* "db.r6g.4xlarge", or NULL */
	char *storage;             /* primary (and instance) storage, or NULL */
	char *postgres_version, *tuned, *cluster_size;   /* as written; NULL */
	char *cloud, *region;      /* NULL when absent */
	/* "ha" (PR #6): none means a single node (PostgresBench's own
	 * generate-results.sh reads a file without it as "No HA"). */
	bool ha;
	char *ha_mode;             /* "sync", "async", "off" */
	int64_t ha_standbys;       /* -1 when absent */
	char *ha_label;            /* "HA – 2 standbys – sync", or NULL */
	char *ha_sync_commit;      /* live_settings.synchronous_commit */
	char *ha_sync_names;       /* live_settings.synchronous_standby_names */
	char *date;
	char *workload;            /* "TPC-B (built-in)" */
	char *query_mode;
	int64_t scale;
	int clients, threads, duration_s;
	double load_time_s;        /* "load": wall clock of pgbench -i; NaN */
	double interval_s;         /* "benchmark"."interval_seconds"; NaN */
	double vcpus, ram_gb;      /* of "instance"; NaN when absent */
	tr_fact *facts;            /* instance, storage, ha, region, postgres,
	                              tuned, cluster_size, comment (docs/study.md) */
	size_t nfacts;
	tr_pgb_run *runs;
	size_t nruns;
} tr_pgb_result;

/*
 * Read a PostgresBench result JSON. TR_ENOTFOUND (no message) when the
 * text is not one (not JSON, or no "benchmark": {"tool": "pgbench"} and
 * "results"); TR_EINVALID naming the line when it is one but a member it
 * needs is missing or of the wrong type ("system", the machine: "machine"
 * or "instance" vcpus and ram_gb, "ha" mode and standbys), or when a
 * run's "timeseries" disagrees with its interval and the duration (its
 * points are intervals 0, 1, 2, ... at elapsed_s = interval x
 * interval_s, covering the duration, at most one starting at its end).
 * Free *out with
 * tr_pgb_result_free() in every case.
 */
int tr_pgb_parse(tr_pgb_result *out, const char *text, size_t len,
                 const char *path);
void tr_pgb_result_free(tr_pgb_result *r);
/* "no HA", "HA, 2 sync standbys", "HA, 1 async standby": the file's HA in
 * words. A new string the caller frees; NULL when memory runs out. */
char *tr_pgb_ha_text(const tr_pgb_result *r);
/* "16 vCPU / 128 GB" from "instance", else the file's "machine": the
 * machine its runs ran on (tr_run.machine). Caller frees; NULL: memory. */
char *tr_pgb_machine(const tr_pgb_result *r);

/* ---- tpsreport.ini --------------------------------------------------- */

/*
 * Parse a price: "223.26 USD/month", "0.31 USD/hour", or components joined
 * by '+': "154.76 USD/month instance + 68.50 USD/month storage".
 * *out is a new array of *n items; the caller frees each item's strings and
 * the array (tr_provider_free does, once attached to a provider).
 */
int tr_price_parse(tr_price_item **out, size_t *n, const char *text);

/*
 * Read tpsreport.ini. Providers and scenarios named in it are returned in
 * the order of their sections (the caller owns the arrays and frees each
 * element with tr_provider_free / tr_scenario_free). Unknown sections or
 * keys are errors with file and line: a typo must not silently drop a price.
 */
int tr_config_parse(tr_config *out, tr_provider **providers, size_t *nproviders,
                    tr_scenario **scenarios, size_t *nscenarios,
                    const char *text, size_t len, const char *path);

/* A sampling interval as `[study] sample` takes it: "1s", "500ms", "2"
 * (seconds) from 0.2 to 10 s, or "off" (*out -1). 0, or TR_EINVALID
 * (no message: the caller says where). */
int tr_config_sample_parse(double *out, const char *value);

/* ---- the whole study ------------------------------------------------- */

typedef struct tr_load_options {
	/* Worker threads for reading logs; 0 = one per online CPU. */
	int threads;
	/* Called now and then while logs are read (from the calling thread):
	 * bytes done and total; always at least once, the last call with
	 * done == total, when there are logs to read. NULL for none. */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	void *progress_ctx;
	/* Bytes of a per-transaction log per job; 0 = the default (64 MiB),
	 * and bytes read at a time; 0 = the default (1 MiB). No figure
	 * depends on them, nor does the inputs digest while both are at least
	 * 1 MiB (files are hashed in 1 MiB blocks; smaller values make smaller
	 * blocks). Tests make them small to cut files into many pieces. */
	uint64_t chunk_bytes;
	uint64_t window_bytes;
	/* With more than one thread and no chunk_bytes, logs too small to
	 * give every thread a few jobs are cut into pieces of at least this
	 * many bytes (0 = the default, 4 MiB; whole blocks, like chunks), so
	 * that one large file, or a thread that starts late, leaves no core
	 * idle. No figure depends on it. Tests make it small. */
	uint64_t piece_bytes;
	/* Memory the command will take per run, compared with the room the
	 * machine and the process's limits leave (util/memroom.h) once the
	 * runs are counted and before any log is read: a study that cannot
	 * fit stops with one line saying what it needs, instead of the
	 * system killing the process. 0 = reading and summarising's
	 * (TR_LOAD_BYTES_PER_RUN); `build` passes its own. */
	uint64_t bytes_per_run;
} tr_load_options;

/* Measured (docs/performance.md, "Scaling"): `summary --json` keeps under
 * 3 KB per run; `build` about 80 KB per run at 10,000 runs (its charts
 * and pages), so the estimates below are on the low side: a study is
 * refused only when it surely cannot fit. */
#define TR_LOAD_BYTES_PER_RUN ((uint64_t)3 * 1024)
#define TR_BUILD_BYTES_PER_RUN ((uint64_t)64 * 1024)

/*
 * Read a study directory (design.md, "The study directory"): tpsreport.ini,
 * results/<provider>/<scenario>/ with runs, logs and init output.
 * Runs that cannot be used are kept but marked excluded, with a warning in
 * study->diags. Fails (exit 2 material) when the directory or results/ is
 * missing, the ini is broken, no usable run exists, or a log file changed
 * while it was read ("FILE: changed while it was read (...)": still being
 * written, or cut). Installs no signal handler. The caller frees
 * *out with tr_study_free().
 */
int tr_study_load(tr_study **out, const char *root,
                  const tr_load_options *options);


/* ---- the benchmark plan (`tpsreport run`, docs/run.md) ---------------- */

/*
 * A [scenario S] key of the plan: scale, pgbench, runs, warmup, log,
 * database, checked and stored in plan (line is the key's line).
 * 0 when set; TR_ENOTFOUND (no message) when name is not a plan key;
 * TR_EINVALID with a message naming the key (no "path:line: ", the
 * caller adds it).
 */
int tr_plan_key(tr_plan *plan, const char *name, const char *value, long line);
/* Whether name is one of those keys. */
bool tr_plan_is_key(const char *name);

/*
 * A [provider P] conninfo value: a libpq key=value string, a URI or
 * service=NAME; refused (TR_EINVALID, message without path:line) when it
 * is empty or holds a control character. Syntax, and whether it holds a
 * password, are libpq's to say: `tpsreport run` refuses a password with
 * tr_probe_conninfo_secret() (one parser, libpq's, decides).
 */
int tr_plan_conninfo_check(const char *conninfo);

/*
 * Why a run named stem (its file stem.txt in a scenario folder) would not
 * be read as a run: hidden ('.'), taken for init output ("init...") or a
 * warm-up ("warmup..."), not a file name; NULL when it is read as a run.
 * The reader's own rules (scan.c), so the plan can refuse such names.
 * The string is static.
 */
const char *tr_run_stem_reserved(const char *stem);

/* One argument set of a scenario's pgbench =, after sweep expansion. */
typedef struct tr_plan_set {
	char **argv;             /* argc words, NULL-terminated */
	size_t argc;
	bool *timing;            /* argc flags: words of -T/-t and their values
	                            (left out of a warm-up) */
	char *tag;               /* "c4-j2" naming the set in a sweep; NULL
	                            when pgbench = has no sweep */
	int duration_s;          /* -T, or -1 (-t, or pgbench's default) */
} tr_plan_set;

/*
 * Split plan->pgbench into words as sh would (quotes and backslashes; no
 * variables, globs or redirections, which are refused), expand every
 * {a,b,...} group to every combination (the last group varying fastest),
 * and check each set: options pgbench 10-18 know, and none that tpsreport
 * would misread or that it sets itself (-i and the init options, -l,
 * --log-prefix, --aggregate-interval, --sampling-rate without log =
 * transactions, -h/-p/-U, -s, a database name). *out is a new array of *n
 * sets (tr_plan_sets_free). Errors: TR_EINVALID with a message (no
 * path:line).
 */
int tr_plan_sets(tr_plan_set **out, size_t *n, const tr_plan *plan);
void tr_plan_sets_free(tr_plan_set *sets, size_t n);

/*
 * results/P/S/<run>.server.json, the sampler's file beside run `run`
 * (docs/run.md, schema 1). *out is new (tr_server_free). A damaged file,
 * or one of another run, is TR_EINVALID with "path:line: message"; path
 * names the file in messages. TR_ENOMEM.
 */
int tr_server_parse(tr_server **out, const char *text, size_t len,
                    const char *run, const char *path);

/*
 * results/<provider>/facts.json as `tpsreport run` writes it (docs/run.md,
 * schema 1). *out is new (tr_server_facts_free, then free); unknown
 * members are passed over; a known member of the wrong type is an error
 * naming its line.
 */
int tr_server_facts_parse(tr_server_facts **out, const char *text, size_t len,
                          const char *path);

#endif
