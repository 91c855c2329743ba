#ifndef TR_DIFF_INTERNAL_H
#define TR_DIFF_INTERNAL_H

/* Internal to diff: one results document as the diff reads it. Strings are
 * borrowed from the JSON tree the document owns, unless said otherwise. */

#include "diff.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/json.h"
#include "util/jsonread.h"
#include "util/number.h"
#include "util/strmap.h"

typedef struct tr_diff_run {
	const char *provider, *scenario, *id;
	const char *path;        /* unique in a document; NULL in old ones */
	size_t occurrence;       /* 0 for the first run of this name, 1... */
	const char *sha256;      /* NULL in documents from before it */
	const char *tps_text;    /* the TPS as written, when there is no digest */
	bool excluded;
	const char *excluded_reason;
	double *value;           /* per metric (tr_diff_metric_count()), in
	                            the document's values; NaN when unknown */
} tr_diff_run;

typedef struct tr_diff_doc_cell {
	tr_diff_cell key;
	double *value;           /* the cell's own figures, per metric; NaN */
	size_t *runs;            /* owned: indices into doc->runs */
	size_t nruns;
} tr_diff_doc_cell;

typedef struct tr_diff_provider {
	const char *id;
	char *price;             /* owned: "154.76 USD/month instance + ...
	                            = 205.40 EUR/month"; NULL without a price */
	double monthly_cost;
} tr_diff_provider;

typedef struct tr_diff_finding {
	const char *severity, *code, *path, *message;
} tr_diff_finding;

typedef struct tr_diff_fx {
	const char *currency;
	double rate;
	const char *text;        /* the rate as written */
} tr_diff_fx;

struct tr_diff_doc {
	char *path;              /* owned */
	tr_jsonval *root;        /* owned */
	const char *title, *digest, *currency;
	double alpha;
	int64_t schema;          /* its "schema": digests of 1 and 2 differ */
	tr_diff_provider *providers;
	size_t nproviders;
	const char **scenarios;  /* owned array of borrowed ids */
	size_t nscenarios;
	tr_diff_run *runs;
	size_t nruns;
	bool unique_paths;       /* every run has a path, no two the same */
	tr_diff_doc_cell *cells;
	size_t ncells;
	tr_diff_finding *findings;
	size_t nfindings;
	tr_diff_fx *fx;
	size_t nfx;
	double *values;          /* owned: the runs' and cells' figures, one
	                            block of tr_diff_metric_count() each */
	/* Hash indexes, so that reading and comparing take time linear in
	 * the document (a scan per run made 100,000 runs take a minute). */
	tr_strmap provider_ids, scenario_ids;   /* id -> index */
	tr_strmap run_names;     /* "p\1s\1id\1N" -> run (N: occurrence) */
	tr_strmap run_paths;     /* path -> run */
	tr_strmap cell_keys;     /* "p\1s\1workload" -> cell */
	tr_strmap finding_keys;  /* every member -> finding */
	char **keys;             /* owned: the bytes of the composite keys */
	size_t nkeys, capkeys;
};

/* The index of key in map, or -1. */
long tr_diff_find(const tr_strmap *map, const char *key);
/* A composite key "a\1b\1c" (n parts, then, with occ >= 0, "\1occ")
 * kept by the document; NULL on ENOMEM. */
const char *tr_diff_doc_key(tr_diff_doc *d, const char *const *parts,
                            size_t n, long occ);
/* The same key made for a lookup only; caller frees. */
char *tr_diff_key(const char *const *parts, size_t n, long occ);
/* The cell of d with this provider, scenario and workload, or -1. */
long tr_diff_doc_find_cell(const tr_diff_doc *d, const tr_diff_cell *key);

/* Append a copy of s to the diff's strings and return it (NULL on ENOMEM;
 * s NULL gives NULL). */
const char *tr_diff_keep(tr_diff *d, char *owned);

/* Add an item to a list; TR_ENOMEM. */
int tr_diff_list_add(tr_diff_list *list, const tr_diff_item *item);

/* The structural part of the diff: providers, scenarios, cells added and
 * removed, runs, prices, fx, findings (compare_items.c). */
int tr_diff_items(tr_diff *d, const tr_diff_doc *o, const tr_diff_doc *n);

/* Markdown-safe text of s (for a table cell: also '|'); owned by buf. */
int tr_diff_md_escape(tr_buf *out, const char *s);

#endif
