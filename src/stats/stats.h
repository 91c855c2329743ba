#ifndef TR_STATS_H
#define TR_STATS_H

/*
 * stats: pure functions over numbers (medians, quantiles, CoV, the exact
 * Mann-Whitney test, Holm's correction, prices), and the results of a study
 * computed from its model: runs, cells, comparisons, init timings. Every
 * renderer (export, chart, writeup) reads tr_results and nothing else.
 *
 * Definitions are those of docs/metrics.md; each function names the one it
 * implements.
 */

#include "model/model.h"
#include "util/diag.h"

/* ---- numbers --------------------------------------------------------- */

/* Median of v[0..n) (the mean of the two middle values for even n);
 * NaN values are left out; NaN when nothing is left. v is not modified. */
double tr_median(const double *v, size_t n);

/* Quantile q in [0,1] with linear interpolation between closest ranks
 * (Hyndman & Fan type 7, the default of R and numpy): position (n-1)q.
 * NaN values are left out; NaN when nothing is left. v is not modified. */
double tr_quantile(const double *v, size_t n, double q);

double tr_mean(const double *v, size_t n);
/* Population standard deviation (divides by n). */
double tr_stddev_pop(const double *v, size_t n);
/* Coefficient of variation in percent: population stddev / mean * 100. */
double tr_cov_pct(const double *v, size_t n);

/*
 * Exact two-sided Mann-Whitney U test of a against b. Without ties the
 * exact null distribution of U is counted; with ties, the exact
 * permutation distribution of U over mid-ranks is enumerated when
 * C(na+nb, na) <= 2,000,000, else the normal approximation with tie
 * correction is used (*exact set false). p = min(1, 2 * min(P(U<=u),
 * P(U>=u))). Returns 0, or TR_EINVALID when na or nb is 0 or any value is
 * not finite.
 */
int tr_mann_whitney(double *p_out, double *u_out, bool *exact,
                    const double *a, size_t na, const double *b, size_t nb);

/* The smallest two-sided p the exact test can give for na vs nb without
 * ties: 2 / C(na+nb, na) (3 vs 3: 0.1). */
double tr_mann_whitney_min_p(size_t na, size_t nb);

/* Runs per side needed so that the smallest possible p is <= alpha. */
size_t tr_mann_whitney_runs_needed(double alpha);

/* Holm's step-down correction of n p values: adjusted[i] for p[i]. */
int tr_holm(double *adjusted, const double *p, size_t n);

/* Two-sided Wilcoxon signed-rank test of paired values (wilcoxon.c). */
typedef struct tr_signed_rank {
	size_t n;          /* pairs used: those with b != a */
	size_t zeros;      /* pairs with b == a, dropped as R drops them */
	size_t positive;   /* pairs with b > a */
	size_t negative;   /* pairs with b < a */
	double v;          /* sum of the mid-ranks of |b - a| where b > a (R's V);
	                      NaN when n is 0 */
	double p;          /* two-sided; NaN when n is 0 */
	bool exact;        /* exact distribution (n <= 50), else normal approx */
	bool ties;         /* some |b - a| are equal (mid-ranks used) */
} tr_signed_rank;

/*
 * Wilcoxon signed-rank test of b against a, pair by pair, on d = b - a
 * (docs/metrics.md, "Across a sweep"). Zeros are dropped; for n <= 50 the
 * p is exact: R's psignrank without ties, the exact permutation
 * distribution of the mid-ranks with ties. Above 50 pairs: the normal
 * approximation with tie and continuity corrections (R's exact=FALSE).
 * Returns 0, TR_EINVALID when a value is not finite, TR_ENOMEM.
 */
int tr_wilcoxon_signed_rank(tr_signed_rank *out, const double *a, const double *b,
                            size_t n);

/* ---- prices ---------------------------------------------------------- */

#define TR_HOURS_PER_MONTH 730.0

/* Monthly amount of one price item in its own currency. */
double tr_price_item_monthly(const tr_price_item *item);

/* Rate to convert 1 unit of `currency` into the report currency: 1 when it
 * is the report currency (or no report currency is set and it is the only
 * currency), the [fx] rate otherwise, NaN when unknown. */
double tr_currency_rate(const tr_config *config, const char *report_currency,
                  const char *currency);

/* ---- names ---------------------------------------------------------- */

/* "<builtin: TPC-B (sort of)>" -> "TPC-B", "<builtin: select only>" ->
 * "select-only", "<builtin: simple update>" -> "simple-update"; a script's
 * name stays as it is. Caller frees. */
char *tr_workload_short_type(const char *transaction_type);

/* ---- results ---------------------------------------------------------- */

/* A workload: what must be equal for runs to be pooled into one cell. */
typedef struct tr_workload {
	const char *transaction_type;  /* as pgbench printed it */
	int clients;
	int threads;
	const char *query_mode;
	const char *machine;           /* "16 vCPU / 128 GB" when the runs' files
	                                  say (PostgresBench), else NULL */
	char *short_type;              /* "TPC-B", "select-only", "simple-update",
	                                  "multiple scripts" or the script name */
	char *label;                   /* "TPC-B, 32 clients, 4 threads, prepared",
	                                  then ", 16 vCPU / 128 GB" with a machine */
	char *key;                     /* file-name safe: "tpc-b-c32-j4-prepared",
	                                  then "-16-vcpu-128-gb" with a machine */
} tr_workload;

/* Window statistics of one run, or of a cell (see tr_cell). */
typedef struct tr_stability {
	bool present;
	tr_window_source source;
	double interval_s;
	size_t windows;          /* windows used (first one left out) */
	double tps_mean;
	double tps_cov_pct;      /* population stddev / mean x 100 */
	double tps_min;
	double tps_min_pct;      /* (min - mean) / mean x 100: the deepest dip */
	double tps_max;
	double latency_p95_ms;   /* p95 of WINDOW MEAN latencies (type 7) —
	                            not a per-transaction percentile */
	double latency_max_ms;   /* max of window max (aggregate logs); NaN */
} tr_stability;

/* Per-transaction latency percentiles, nearest-rank, from --log files. */
typedef struct tr_latency {
	bool present;
	int64_t count;           /* successful transactions */
	int64_t skipped;
	int64_t failed;
	double min_ms;
	double p50_ms, p90_ms, p95_ms, p99_ms, p999_ms, p9999_ms;
	double max_ms;
	const tr_hist *hist;     /* for the percentile plot (borrowed) */
} tr_latency;

/* What the sampler saw beside a run (runN.server.json), as figures. */
#define TR_CLIENT_BUSY_PCT 90.0   /* a sample of the client's CPU this busy */
#define TR_CLIENT_PGBENCH_PCT 10.0 /* ... with pgbench's own share this high */
#define TR_CLIENT_BOUND_SHARE 0.10 /* in this share of samples: client-bound */
typedef struct tr_run_server {
	const tr_server *data;         /* borrowed from the study; NULL: none */
	double *wait_share;            /* data->waits[i].samples over the active
	                                  samples, owned (NULL without waits) */
	double cpu_pct_max;            /* the client machine's CPU, NaN unknown */
	double cpu_pct_mean;
	double pgbench_cpu_pct_max;    /* pgbench's share of the machine */
	size_t cpu_samples;            /* samples with a client CPU figure */
	size_t busy_samples;           /* of those but the first (pgbench's
	                                  start), >= TR_CLIENT_BUSY_PCT with
	                                  pgbench's >= TR_CLIENT_PGBENCH_PCT
	                                  (or unknown) */
	bool client_bound;             /* busy in >= TR_CLIENT_BOUND_SHARE of
	                                  the samples but the first */
	/* Counters over pgbench's transactions (NaN when unknown). */
	double wal_bytes_per_tx;
	double blks_read_per_tx;
	double buffers_checkpoint_per_tx;
	size_t checkpoints_timed, checkpoints_requested;
} tr_run_server;

/* The figures of s for a run of `transactions` transactions; *out->
 * wait_share is new (tr_run_server_free). 0 or TR_ENOMEM. */
int tr_run_server_compute(tr_run_server *out, const tr_server *s,
                          int64_t transactions);
void tr_run_server_free(tr_run_server *rs);

typedef struct tr_run_result {
	size_t provider;
	size_t scenario;
	size_t workload;
	long cell;               /* -1 when excluded */
	const char *id;
	const char *path;
	const char *pgbench_version;   /* "15.18"; NULL when not printed */
	int pgbench_major;             /* -1 when unknown */
	int64_t scale;
	int duration_s;                /* -1 for -t runs */
	int64_t transactions;
	int64_t failed;                /* -1 before 15 */
	double tps;
	double latency_avg_ms;
	double latency_stddev_ms;      /* NaN when pgbench did not print it */
	bool aborted;
	bool excluded;
	const char *excluded_reason;
	const char *digest;            /* SHA-256 hex of its files; NULL/"" */

	tr_stability windows;
	tr_window *series;             /* the windows that count, owned:
	                                  tr_windows_counted */
	size_t nseries;
	double series_origin_s;        /* start of the run's first window (the
	                                  one left out) as the logs give it;
	                                  NaN without windows */

	/* From aggregate logs: every transaction, exactly (NaN without). */
	double agg_latency_mean_ms;
	double agg_latency_stddev_ms;
	double agg_latency_max_ms;

	tr_latency latency;            /* per-transaction logs */

	/* Everything else the summary printed, for the data exports
	 * (borrowed from the study), and whether this is a warm-up run. */
	const tr_summary *summary;
	bool warmup;
	/* PostgresBench's own p95 / p99 (a run read from its result file):
	 * its rule, not tpsreport's; NaN otherwise. */
	double pgb_p95_ms, pgb_p99_ms;
	tr_run_server server;          /* data NULL: no sampler file */
} tr_run_result;

/* A wait of a cell over its runs (tr_cell.waits). */
typedef struct tr_cell_wait {
	const char *type;        /* borrowed from a run's server data */
	const char *event;
	int64_t samples;         /* summed over the cell's runs */
	double share;            /* samples / the runs' active samples */
} tr_cell_wait;

/* Whether w is "active, not waiting" (type CPU, event CPU or empty): named
 * "CPU" alone wherever a wait is named (tables, charts). */
bool tr_wait_is_cpu(const tr_cell_wait *w);

/* pgbench -i's phases, in its order (the initsteps dtgGvpf). */
enum {
	TR_INIT_PHASE_DROP = 0,    /* "drop tables" */
	TR_INIT_PHASE_CREATE,      /* "create tables" */
	TR_INIT_PHASE_CLIENT_GEN,  /* "client-side generate" */
	TR_INIT_PHASE_SERVER_GEN,  /* "server-side generate" */
	TR_INIT_PHASE_VACUUM,      /* "vacuum" */
	TR_INIT_PHASE_PKEYS,       /* "primary keys" */
	TR_INIT_PHASE_FKEYS,       /* "foreign keys" */
	TR_INIT_PHASES
};

/*
 * A cell: provider x scenario x workload, over its usable runs.
 * TPS is the median of run TPS. Stability: `worst` is the headline (the
 * largest CoV and the deepest dip over the runs, each from its own run),
 * `median_run` the median of the runs' figures, `pooled` all windows of all
 * runs taken together.
 */
typedef struct tr_cell {
	size_t provider;
	size_t scenario;
	size_t workload;
	size_t *runs;            /* indices into results->runs */
	size_t nruns;
	size_t nexcluded;        /* runs of this cell left out */
	double tps_median;
	double tps_mean;
	double tps_min;
	double tps_max;
	double latency_avg_ms;   /* median of the runs' latency average */
	double pgb_p95_ms;       /* median of the runs' PostgresBench p95 / p99 */
	double pgb_p99_ms;       /* (its own rule); NaN without */
	double tps_headline;     /* the TPS that stands for the cell in headline
	                            figures and the TPS chart: the median,
	                            the best or the worst run ([study] runs) */
	double cost_per_tps;     /* monthly cost / tps_median; NaN */
	double tps_per_100;      /* tps_median per 100 currency units a month */
	double price_month;      /* the setup's monthly price (report
	                            currency); NaN without a price */
	double transactions;     /* the median of the runs' counts */
	double failed;           /* likewise; NaN before pgbench 15 */
	/* The provider's init in the cell's scenario (figures.c of stats:
	 * tr_cell_extras), NaN when none: "done in" total, `time` wall
	 * clock, and each of pgbench -i's phases by TR_INIT_PHASE_*. */
	double init_total_s;
	double init_wall_s;
	double init_phase_s[TR_INIT_PHASES];

	tr_stability worst;
	const char *worst_cov_run;     /* run ids behind the worst figures */
	const char *worst_dip_run;
	tr_stability median_run;
	tr_stability pooled;

	tr_latency latency;      /* merged over the runs' transaction logs */
	tr_hist *latency_hist;   /* owned; NULL when no transaction logs */

	/* Server telemetry over the runs with a sampler file (cell_server.c,
	 * docs/metrics.md "Server telemetry"); NaN / 0 when none has one. */
	size_t server_runs;            /* runs with a runN.server.json */
	double server_wal_bytes_per_tx;    /* median over those runs */
	double server_blocks_read_per_tx;  /* median */
	double server_buffers_checkpoint_per_tx; /* median */
	double server_checkpoints_per_run; /* mean: checkpoints / server_runs */
	double server_client_cpu_pct_max;  /* max over the runs */
	double server_pgbench_cpu_pct_max; /* max over the runs */
	double server_client_cpus;         /* the client's CPUs (max); NaN */
	tr_cell_wait *waits;     /* owned, most first: every (type, event) over
	                            the runs' samples, as a share of the runs'
	                            active samples taken together */
	size_t nwaits;
} tr_cell;

/* Each provider against the baseline in one scenario and workload. */
typedef struct tr_comparison {
	size_t scenario;
	size_t workload;
	size_t baseline;         /* provider indices */
	size_t provider;
	size_t baseline_cell;    /* cell indices */
	size_t cell;
	double tps_ratio;        /* provider median / baseline median */
	double tps_gap_pct;      /* (ratio - 1) x 100 */
	double latency_ratio;    /* provider / baseline, latency average */
	double cost_per_tps_ratio; /* NaN without prices */
	double value_ratio;      /* transactions per currency unit: baseline
	                            cost_per_tps / provider cost_per_tps */
	double p_value;          /* exact Mann-Whitney over run TPS; NaN n<1 */
	double p_adjusted;       /* Holm over all comparisons of the study */
	bool significant;        /* p_adjusted <= alpha */
	bool exact;
	size_t n_baseline;
	size_t n_provider;
	size_t runs_needed;      /* per side, for the smallest p to reach the
	                            Holm-adjusted threshold alpha / m */
} tr_comparison;

/* A provider against the baseline across the combinations of a sweep
 * (paired.c): the Wilcoxon signed-rank test on the per-combination median
 * TPS, provider minus baseline. The paired tests of a study are their own
 * Holm family. */
typedef struct tr_paired {
	bool present;            /* the baseline ran >= 2 of the same combinations */
	size_t baseline;         /* provider index */
	size_t pairs;            /* combinations both ran */
	tr_signed_rank test;     /* positive: provider faster */
	double p_adjusted;       /* Holm over the study's paired tests */
	bool significant;        /* p_adjusted <= alpha */
	double gap_median_pct;   /* median over the pairs of the TPS gap, % */
} tr_paired;

/* Average over a sweep's client/thread combinations (seed: "avg across
 * 13 combos"): one per provider x scenario x transaction type, only where
 * a scenario has more than one combination. */
typedef struct tr_sweep_avg {
	size_t provider;
	size_t scenario;
	const char *short_type;
	size_t combos;
	double tps_avg;          /* mean of the cells' median TPS */
	double latency_avg_ms;   /* mean of the cells' latency average */
	tr_paired paired;        /* against the baseline; not for the baseline */
} tr_sweep_avg;

typedef enum tr_regime {
	TR_REGIME_UNKNOWN = 0,
	TR_REGIME_IN_MEMORY,     /* data <= 0.5 x RAM */
	TR_REGIME_PARTLY_CACHED, /* data <= 4 x RAM */
	TR_REGIME_DISK_BOUND
} tr_regime;

/* Converted price components of a provider. */
typedef struct tr_price_line {
	const char *label;       /* NULL when the price has one component */
	double amount;           /* as written */
	const char *currency;
	bool hourly;
	double monthly;          /* in the report currency; NaN without fx */
} tr_price_line;

typedef struct tr_provider_result {
	const char *id;
	const char *label;
	const char *short_label; /* short = of the ini, else the label: table
	                            rows, where the label repeats */
	const char *color;       /* the ini's "#rrggbb", or NULL: presentation
	                            picks a default (tr_chart_provider_color) */
	double monthly_cost;     /* report currency; NaN without price/fx */
	tr_price_line *price;    /* owned array */
	size_t nprice;
	double vcpu;
	double ram_gb;
	const char *notes;
	const char *note;        /* a {{journey}} step's line, or NULL */
	const tr_fact *facts;    /* borrowed from the study */
	size_t nfacts;
	/* results/<id>/facts.json of `tpsreport run` (borrowed), or NULL */
	const tr_server_facts *server;
} tr_provider_result;

typedef struct tr_scenario_result {
	const char *id;
	const char *label;
	const char *short_label; /* short = of the ini, else the label */
	int64_t scale;           /* common scale of its runs; -1 mixed/unknown */
	bool scale_mixed;        /* its runs have different scales */
	size_t runs;             /* usable runs in it (0: only init timings) */
	double data_bytes;       /* measured (probe) or scale x 15 MiB; NaN */
	bool data_measured;
	tr_regime *regimes;      /* per provider (owned, nproviders) */
	size_t baseline;         /* provider index: its comparisons' other side
	                            (tr_results_baseline_of) */
} tr_scenario_result;

typedef struct tr_init_result {
	size_t provider;
	size_t scenario;
	const tr_init *init;     /* phases, totals, server facts (borrowed) */
} tr_init_result;

/* What holds for one provider in one scenario: the provider's keys, or a
 * [cell P S] section's where it sets them (setup.c). */
typedef struct tr_cell_setup {
	size_t provider;
	size_t scenario;
	double vcpu;
	double ram_gb;
	double monthly_cost;     /* report currency; NaN */
	const char *notes;
	const tr_cell_config *config;   /* the [cell] section, or NULL */
	const tr_fact *provider_facts;  /* the provider's fact.NAME keys */
	size_t nprovider_facts;
} tr_cell_setup;

typedef struct tr_results {
	const char *title;
	const char *subtitle;
	const char *notes;       /* [study] notes */
	const tr_fx_rate *fx;    /* [fx] rates (borrowed), nfx of them */
	size_t nfx;
	const char *fx_date;     /* [fx] date and source, or NULL */
	const char *fx_source;
	const tr_fact *fact_labels; /* [facts]: readers' labels of facts
	                            (borrowed), nfact_labels of them */
	size_t nfact_labels;
	const char *currency;    /* report currency, or NULL */
	size_t baseline;         /* provider index: the study-wide one; a
	                            scenario's is tr_results_baseline_of */
	double alpha;            /* 0.05 */
	tr_run_pick run_pick;    /* [study] runs = median|best|worst */
	const char *digest;      /* of the inputs */
	tr_pct_rule percentile;  /* the rule of every tr_latency percentile */

	tr_provider_result *providers;
	size_t nproviders;
	tr_scenario_result *scenarios;
	size_t nscenarios;
	tr_workload *workloads;
	size_t nworkloads;
	tr_run_result *runs;
	size_t nruns;
	tr_cell *cells;          /* sorted by scenario, workload, provider */
	size_t ncells;
	tr_comparison *comparisons;
	size_t ncomparisons;
	tr_sweep_avg *sweeps;
	size_t nsweeps;
	tr_init_result *inits;
	size_t ninits;
	tr_diags warnings;       /* the study's, copied */
	tr_diags findings;       /* comparability lint (tpsreport check) */
	char (*versions)[32];    /* owned: storage of runs[].pgbench_version */
	char (*machines)[48];    /* owned: storage of machines from the ini */
	tr_cell_setup *setups;   /* owned: nproviders x nscenarios, row-major */
	size_t nsetups;
	/* Owned lookups built with the cells (results.c), so that a figure of
	 * one provider never rescans every cell: provider p's cells are
	 * cell_order[provider_cells[p] .. provider_cells[p + 1]), in cell
	 * order; a place is a scenario and workload some provider has a cell
	 * in, counted per scenario, per workload and in all. */
	size_t *cell_order;
	size_t *provider_cells;  /* nproviders + 1 offsets */
	size_t *places_scenario; /* nscenarios counts */
	size_t *places_workload; /* nworkloads counts */
	size_t nplaces;
	/* Owned: the Holm families of pairwise tests, one per metric, made on
	 * first use and kept (contrast.c), so that a table of many cells does
	 * not test every pair again per cell; NULL: not kept (results laid
	 * out by hand). */
	struct tr_pair_cache *pair_cache;
} tr_results;

/* ---- findings, grouped (findings_group.c) ---------------------------- */

/* A cell with fewer runs than this is a few-runs finding. */
#define TR_MIN_RUNS 3

/* One kind of finding: how many, and where, in compact form. */
typedef struct tr_finding_group {
	tr_severity severity;    /* the worst of its items */
	const char *code;        /* borrowed from the diags */
	size_t count;
	char *text;              /* owned: "2 cells have 1 run (all of tx)" */
} tr_finding_group;

/*
 * Group the items of d by code: warnings first, then by code. few-runs is
 * described from r's cells (r may be NULL for diags of another kind);
 * findings with paths by their message and the files, in natural order.
 * The caller frees *out with tr_finding_groups_free(*out, *n).
 */
int tr_findings_group(tr_finding_group **out, size_t *n, const tr_results *r,
                      const tr_diags *d);
void tr_finding_groups_free(tr_finding_group *g, size_t n);

/*
 * Compute the results of a loaded study. Strings are borrowed from the
 * study, which must outlive the results. The caller frees *out with
 * tr_results_free().
 */
int tr_results_compute(tr_results **out, const tr_study *study);
void tr_results_free(tr_results *results);

/* The cell of provider x scenario x workload, or -1. */
long tr_results_cell(const tr_results *r, size_t provider, size_t scenario,
                     size_t workload);

/* ---- the server's events on a run's windows (server_windows.c) ------- */

/* What a window held, as bits. */
#define TR_WINDOW_CHECKPOINT 1u
#define TR_WINDOW_AUTOVACUUM 2u

/* Whether the run's sampler events can be placed on its windows: it has
 * a sampler file and windows dated in Unix time (aggregate logs or
 * timestamped progress lines; seconds from pgbench's own start cannot be
 * matched to the sampler's clock). */
bool tr_run_events_placeable(const tr_run_result *run);

/* The windows of run->series that event e falls in, [*first, *last]: a
 * checkpoint (span false) the one window [start, start + length) holding
 * its moment (a moment on a boundary is the later window's); an
 * autovacuum span (span true, e->t_s to e->to_s) every window it
 * overlaps. False (and -1, -1) when none, or when the run's events
 * cannot be placed. */
bool tr_run_event_windows(long *first, long *last, const tr_run_result *run,
                          const tr_server_event *e, bool span);

/* *out: a new array of run->nseries TR_WINDOW_* bits (caller frees), or
 * NULL when the run's events cannot be placed. 0 or TR_ENOMEM. */
int tr_run_window_events(unsigned char **out, const tr_run_result *run);

/* The run's lowest window (its deepest dip; the first of equal ones), or
 * -1 without a window of known TPS. */
long tr_run_dip_window(const tr_run_result *run);

/* The TR_WINDOW_* bits of the run's lowest window (*window, -1 when
 * none): 0 when it held nothing or the events cannot be placed. 0 or
 * TR_ENOMEM. */
int tr_run_dip_events(unsigned *out, long *window, const tr_run_result *run);

/* The usable run with two windows or more whose dip (tps_min_pct) is the
 * deepest of the scenario and workload (the first of equal ones), or -1:
 * the one a timeline marks and its description names. */
long tr_results_deepest_dip(const tr_results *r, size_t scenario, size_t workload);

/* The baseline of a scenario: [study] baseline when the study names one,
 * else the provider that ran the most of the scenario's places (its
 * machine shapes, for imported studies); the study-wide one (r->baseline)
 * for a negative or unknown scenario, or results without scenarios. */
size_t tr_results_baseline_of(const tr_results *r, long scenario);

/* The setup of provider x scenario (never NULL for valid indices). */
const tr_cell_setup *tr_results_setup(const tr_results *r, size_t provider,
                                      size_t scenario);
/* A fact (fact.NAME) of the cell's section, else of the provider, or NULL. */
const char *tr_setup_fact(const tr_cell_setup *setup, const char *name);
/* "median", "best", "worst". */
const char *tr_run_pick_name(tr_run_pick pick);

/* "in memory", "partly cached", "disk-bound", or NULL. */
const char *tr_regime_name(tr_regime regime);

/* ---- metric definitions (docs/metrics.md names each function) --------- */

/* What one window shows (windows.c): TPS, and mean latency in ms (NaN
 * when empty). */
double tr_window_tps(const tr_window *w);
double tr_window_latency_ms(const tr_window *w);
/* The windows of a run that count (all but the first), with tps and
 * latency_ms filled in: a new array the caller frees; NULL and 0 when none
 * count. Returns 0 or TR_ENOMEM. */
int tr_windows_counted(tr_window **out, size_t *n, const tr_window *w,
                       size_t nw);

/* The stability of a run's counted windows (stability.c: CoV, dip, p95 of
 * window latency; none when n < 2). 0 or TR_ENOMEM. */
int tr_stability_of_windows(tr_stability *out, const tr_window *w, size_t n,
                            tr_window_source source, double interval_s);

/* The study's title, or without one "pgbench: A vs B" from the provider
 * labels. A new string the caller frees; NULL when memory runs out. */
char *tr_results_title(const tr_results *r);

#include "stats/metric.h"
#include "stats/figures.h"

#endif
