#ifndef TR_DIFF_H
#define TR_DIFF_H

/*
 * diff: what changed between two results documents (docs/results-json.md),
 * an OLD and a NEW: for every cell present in both, each metric's old and
 * new figure, the change, and the exact Mann-Whitney test of the old runs
 * against the new runs, Holm-adjusted over the diff's cells; cells,
 * providers, scenarios and runs added, removed or changed; prices and fx
 * rates changed; `check` findings that appeared or went away.
 *
 * A document is read from its JSON text, never from a study: the cli turns
 * a study into its results document first, so a study, a built report and
 * a results.json are compared alike. Definitions: docs/diff.md.
 */

#include "util/buf.h"

#include <stdbool.h>

#define TR_DIFF_SCHEMA 2

/* ---- the metrics a diff compares ------------------------------------- */

/* The first five, in this order: the stats catalog's TR_PLACE_DIFF list,
 * with their short names; every other figure of a cell in the catalog
 * follows, in catalog order, under its catalog key (diff iterates the
 * catalog: a new catalog row is a new row of the diff). */
typedef enum tr_diff_metric_id {
	TR_DIFF_TPS = 0,
	TR_DIFF_LATENCY,
	TR_DIFF_P95,
	TR_DIFF_P99,
	TR_DIFF_COST
} tr_diff_metric_id;

struct tr_metric;

typedef struct tr_diff_metric {
	const char *key;         /* "tps", "price_month": in --fail-on and the JSON */
	const char *label;       /* "TPS", "Price per month" */
	const char *unit;        /* "ms", "%", "s", or NULL (none, or currency) */
	int better;              /* +1 higher is better, -1 lower is better */
	const char *note;        /* " (median of runs)": how it is made */
	const char *cell_key;    /* results.json's cell key: "latency.p95_ms" */
	const char *run_key;     /* the runs' member, NULL: none or derived */
	bool currency;           /* in the study's currency */
	bool per_month;          /* the currency a month ("EUR a month") */
	bool priced;             /* a run's figure is its cell's monthly price
	                            and the run's TPS (cost per TPS) */
	const struct tr_metric *metric;   /* its catalog row */
} tr_diff_metric;

/* How many metrics a diff compares (the catalog's cell figures, each
 * once). */
size_t tr_diff_metric_count(void);
/* The i-th metric (i < tr_diff_metric_count()); NULL beyond. Static. */
const tr_diff_metric *tr_diff_metric_get(size_t i);
/* The metric named key (its diff name, or its catalog key: "tps" or
 * "tps_median"), or -1. */
int tr_diff_metric_find(const char *key);
/* Is metric m a sample of runs (tested old runs against new)? A metric
 * without runs (a price, an init duration) is one figure a side. */
bool tr_diff_metric_tested(int m);

/* ---- one side -------------------------------------------------------- */

typedef struct tr_diff_doc tr_diff_doc;

/*
 * Read a results document from [json, json + len); `path` names it in
 * messages ("old/data/results.json:1: ..."). A document of a newer schema
 * than TR_DIFF_SCHEMA, one that is not a results document, or corrupt
 * JSON fail with TR_EINVALID and one message naming the path and the
 * reason. Members this version does not know are ignored. The caller
 * frees *out with tr_diff_doc_free().
 */
int tr_diff_doc_read(tr_diff_doc **out, const char *json, size_t len,
                     const char *path);
/* The same from json->ptr, which the document takes (json is left
 * empty): the JSON is decoded in place, without a copy, so that a large
 * document is read in about three times its size. */
int tr_diff_doc_take(tr_diff_doc **out, tr_buf *json, const char *path);
void tr_diff_doc_free(tr_diff_doc *doc);

/* ---- the diff -------------------------------------------------------- */

/* One metric of one common cell. */
typedef struct tr_diff_change {
	size_t cell;             /* index into tr_diff.cells */
	double old_value;        /* the cells' own figures (docs/diff.md) */
	double new_value;
	double change_pct;       /* (new - old) / old x 100 */
	size_t n_old, n_new;     /* runs with the figure on each side */
	bool tested;             /* both sides have runs with the figure */
	double u;                /* Mann-Whitney U of old against new */
	double p_value;          /* exact two-sided; NaN when not tested */
	double p_adjusted;       /* Holm over this metric's tested cells */
	bool exact;
	bool significant;        /* p_adjusted <= alpha */
} tr_diff_change;

/* A cell present in both (or, in added/removed, in one). */
typedef struct tr_diff_cell {
	const char *provider;
	const char *scenario;
	const char *workload_key;
	const char *workload_label;  /* "TPC-B, 8 clients, 2 threads, ..." */
} tr_diff_cell;

typedef enum tr_diff_what {
	TR_DIFF_ADDED = 0,
	TR_DIFF_REMOVED,
	TR_DIFF_CHANGED
} tr_diff_what;

/* A provider, scenario, run or finding added, removed or changed. */
typedef struct tr_diff_item {
	tr_diff_what what;
	const char *provider;    /* runs, providers, prices: the provider id */
	const char *scenario;    /* runs, scenarios */
	const char *id;          /* runs: the run id; findings: the code */
	const char *old_text;    /* prices, fx, findings: the text before/after; */
	const char *new_text;    /* runs: "left out: why" or NULL */
	const char *path;        /* findings: the path, or NULL */
} tr_diff_item;

typedef struct tr_diff_list {
	tr_diff_item *items;
	size_t count;
	size_t cap;
} tr_diff_list;

typedef struct tr_diff {
	const char *old_path, *new_path;
	const char *old_title, *new_title;
	const char *old_digest, *new_digest;   /* inputs_sha256, or NULL */
	const char *currency;    /* the new report currency, or NULL */
	double alpha;
	size_t old_runs, new_runs;   /* runs in each document */

	tr_diff_cell *cells;     /* common cells, in the new document's order */
	size_t ncells;
	size_t nmetrics;         /* tr_diff_metric_count() */
	tr_diff_change **changes;   /* per metric (nmetrics), shown rows */
	size_t *nchanges;

	tr_diff_cell *cells_added, *cells_removed;
	size_t ncells_added, ncells_removed;
	tr_diff_list providers;  /* added/removed: provider */
	tr_diff_list scenarios;  /* added/removed: scenario */
	tr_diff_list runs;       /* added/removed/changed: provider, scenario, id */
	tr_diff_list prices;     /* changed/added/removed price of a provider */
	tr_diff_list fx;         /* id = currency, or "currency" for the report's */
	tr_diff_list findings;   /* added = appeared, removed = gone */

	bool significant;        /* any change is significant */
	bool figures_differ;     /* a figure of a common cell is not the same */
	bool identical;          /* nothing at all differs (every figure,
	                            cell, run, price, rate, finding) and the
	                            two name the same inputs */
	char **strings;          /* owned text the items point to */
	size_t nstrings, capstrings;
} tr_diff;

/*
 * Compare two documents. Strings are borrowed from them (they must outlive
 * the diff) or owned by it. With no cell in common: TR_EINVALID, "NEW: no
 * cell in common with OLD (...)". The caller frees *out with
 * tr_diff_free().
 */
int tr_diff_compute(tr_diff **out, const tr_diff_doc *old_doc,
                    const tr_diff_doc *new_doc);
void tr_diff_free(tr_diff *diff);

/* "bench100 · TPC-B, 8 clients, 2 threads, prepared · aws". Caller frees. */
char *tr_diff_cell_label(const tr_diff_cell *cell);

/* "TPS (median of runs)", "Latency average, ms (median of runs)",
 * "Cost per TPS, EUR a month": the heading of metric m's table. */
int tr_diff_heading(tr_buf *out, const tr_diff *d, int m);

/* "The inputs are identical." when they are (tr_diff.identical, from the
 * same comparison as the tables); a warning when both documents name the
 * same inputs but differ; nothing otherwise. */
int tr_diff_sameness(tr_buf *out, const tr_diff *d);

/* How the diff ends: "2 of 24 figures changed significantly ..." */
int tr_diff_verdict(tr_buf *out, const tr_diff *d);

/* "added", "removed", "changed"; for findings "appeared", "gone". */
const char *tr_diff_what_name(tr_diff_what what, bool finding);

/* ---- thresholds (--fail-on) ------------------------------------------ */

/* "tps<-5%": metric, '<' or '>', a percentage. */
typedef struct tr_diff_rule {
	int metric;
	char op;
	double pct;
	char text[96];           /* as written, for messages */
} tr_diff_rule;

/* Parse one rule; TR_EINVALID with a message saying the accepted form. */
int tr_diff_rule_parse(tr_diff_rule *out, const char *text);

/* Does the change cross the rule's threshold? (Significance is the
 * caller's to check: a rule only fires on a significant change.) */
bool tr_diff_rule_crossed(const tr_diff_rule *rule, const tr_diff_change *c);
/* The part of a cost-per-TPS change that the price made (a price or fx
 * rate changed): the change of the monthly cost, in %, at the same TPS.
 * A price is not a sample, so a rule on cost fires on it with no test.
 * NaN when the cell has no TPS or cost on a side. */
double tr_diff_price_change_pct(const tr_diff *d, const tr_diff_change *cost);

/* ---- rendering ------------------------------------------------------- */

/* A benchstat-like plain-text report, appended to out. */
int tr_diff_text(tr_buf *out, const tr_diff *diff);
/* The same as GitHub-flavoured Markdown (pipe tables), headings at level
 * `level` (2: "## ..."), appended to out. */
int tr_diff_markdown(tr_buf *out, const tr_diff *diff, int level);
/* The Markdown of a pull-request comment (diff --markdown): headings at
 * level 2, each metric's cells without a significant change folded into a
 * <details> block, and the whole at most max_bytes long (0: no limit; it
 * is cut at a line, with a note saying so; GitHub refuses a comment over
 * 65,536 characters). An error when max_bytes leaves no room. */
int tr_diff_markdown_comment(tr_buf *out, const tr_diff *diff, size_t max_bytes);
/* The diff document (docs/results-json.md, "The diff document"). */
int tr_diff_json(tr_buf *out, const tr_diff *diff);

#endif
