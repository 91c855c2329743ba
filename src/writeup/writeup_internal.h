#ifndef TR_WRITEUP_INTERNAL_H
#define TR_WRITEUP_INTERNAL_H

/*
 * Internal to writeup. The pipeline:
 *
 *   directive.c   find {{...}} in the source (not in code), parse them
 *   expand.c      replace each by Markdown text, or by a placeholder line
 *                 "<!-- tpsreport:block N -->" standing for a table or a
 *                 figure kept in doc->blocks
 *   sections*.c   the generated sections ({{section NAME}})
 *   tables.c      the tables ({{table KIND}})
 *   markdown.c    report.md: placeholders become pipe tables and images
 *   html.c        index.html / report.html: cmark parses the expanded
 *                 Markdown, its AST is walked into libxml2 nodes, and
 *                 placeholders become <table> and <figure> nodes
 *   fmt.c, text.c numbers and strings, shown one way everywhere
 *
 * Strings from the study are cleaned (valid UTF-8, no control characters)
 * before they go anywhere, and Markdown-escaped when they go into Markdown.
 */

#include "writeup.h"
#include "util/buf.h"

/* ---- numbers (fmt.c): the one helper every number shown goes through -- */

typedef enum tr_wu_unit {
	TR_WU_TPS = 0,     /* grouped, whole from 100 up: 2,340; 45.3 (the
	                      catalog units up to TR_WU_SECONDS and US_MS are
	                      tr_metric_fmt's: charts print the same) */
	TR_WU_MS,          /* 3 significant digits, at most 3 decimals: 13.7 */
	TR_WU_PCT,         /* 1 decimal and "%": 4.1% */
	TR_WU_GAP,         /* signed, 1 decimal, "%": +9.5%, -3.0% */
	TR_WU_RATIO,       /* 2 decimals and "×": 1.85× */
	TR_WU_P,           /* 3 decimals; "<0.001" below */
	TR_WU_MONEY,       /* 2 decimals, grouped: 1,205.40 */
	TR_WU_COST,        /* 3 significant digits, at most 4 decimals: 0.0902 */
	TR_WU_PER100,      /* 3 significant digits, at most 1 decimal: 1,247 */
	TR_WU_COUNT,       /* integer, grouped: 2,807,282 */
	TR_WU_SECONDS,     /* 3 significant digits, at most 2 decimals: 1,562 */
	TR_WU_GIB,         /* bytes shown in GiB, 3 significant digits: 146 */
	TR_WU_BYTES,       /* bytes with their unit, 3 significant digits:
	                      "15.6 MiB" below 1 GiB, else "1.46 GiB" */
	TR_WU_EXACT,       /* as written: the shortest exact form: 8, 0.5, 10 */
	TR_WU_PRICE,       /* as written, with at least 2 decimals: 68.50 */
	TR_WU_US_MS        /* a per-transaction latency, exact whole us shown
	                      as ms with 3 decimals, grouped: 4.741, 1,204.512 */
} tr_wu_unit;

/* Append v as shown to readers; "–" (an en dash) when v is not finite. */
int tr_wu_fmt(tr_buf *out, double v, tr_wu_unit unit);

/* ---- strings (text.c) ------------------------------------------------ */

/* Append [s, s+len) as valid UTF-8 without control characters: invalid
 * bytes, C0/C1 controls (but tab and newline when keep_lines), DEL and
 * Unicode noncharacters become U+FFFD; with !keep_lines, tab, CR and LF
 * become a space. */
int tr_wu_clean(tr_buf *out, const char *s, size_t len, bool keep_lines);

/* Append s (cleaned, on one line) escaped for Markdown inline text: every
 * character that could start markup is backslash-escaped, so the text
 * renders as itself on GitHub and through cmark. */
int tr_wu_md_escape(tr_buf *out, const char *s);
/* The same for a table cell, where no block markup can start. */
int tr_wu_md_escape_cell(tr_buf *out, const char *s);

/* A name fit for charts/NAME.svg: [a-z0-9._-], not starting with '.',
 * 1..100 bytes. */
bool tr_wu_name_safe(const char *name);

/* ---- tables and figures ---------------------------------------------- */

typedef struct tr_wu_cell {
	char *text;        /* cleaned plain text */
	char *sort;        /* sort key (shortest exact number), or NULL */
	bool strong;
	bool num;          /* a number in a column that is not all numbers
	                      (a row of layout=rows): right-aligned in HTML */
} tr_wu_cell;

typedef struct tr_wu_table {
	char *caption;     /* cleaned plain text, or NULL */
	char *note;        /* shown under the table, or NULL */
	size_t ncols;
	char **headers;
	char **groups;     /* per column, a header spanning the columns of its
	                      run of equal groups (HTML), or NULL; NULL when
	                      no column has one */
	bool *numeric;     /* right-aligned, sorted as numbers */
	tr_wu_cell *cells; /* row-major, nrows x ncols */
	size_t nrows;
	size_t ncells, cap;
	int rc;            /* first failure of any call below */
} tr_wu_table;

void tr_wu_table_init(tr_wu_table *t);
void tr_wu_table_free(tr_wu_table *t);
/* Add a column (before any cell). */
void tr_wu_table_col(tr_wu_table *t, const char *header, bool numeric);
/* A column under a group: HTML spans the group once over its run of
 * columns, above their headers; Markdown, which cannot span, heads the
 * column "GROUP HEADER". */
void tr_wu_table_col_group(tr_wu_table *t, const char *group, const char *header,
                           bool numeric);
/* The header of column c with its group, as Markdown shows it. Caller
 * frees; NULL on failure. */
char *tr_wu_table_full_header(const tr_wu_table *t, size_t c);
/* Cells are added row by row, left to right. */
void tr_wu_table_text(tr_wu_table *t, const char *text);
void tr_wu_table_strong(tr_wu_table *t, const char *text);
void tr_wu_table_num(tr_wu_table *t, double v, tr_wu_unit unit);
/* A cell showing `text` and sorted by v. */
void tr_wu_table_sorted(tr_wu_table *t, const char *text, double v);
void tr_wu_table_caption(tr_wu_table *t, const char *caption);
void tr_wu_table_note(tr_wu_table *t, const char *note);
/* layout=rows: the first column's cells become the headers, each other
 * column a row led by its header (bold). A table with a missing cell or
 * fewer than two columns is left as it is. */
void tr_wu_table_transpose(tr_wu_table *t);
/* Whether column c is right-aligned as a whole (Markdown's ---:, the
 * header in HTML): a numeric column, or one whose cells are at least half
 * numbers (a provider's column under layout=rows). */
bool tr_wu_table_col_right(const tr_wu_table *t, size_t c);

typedef enum tr_wu_block_kind {
	TR_WU_BLOCK_TABLE = 0,
	TR_WU_BLOCK_FIGURE,
	TR_WU_BLOCK_HEADLINE,  /* table: one row per figure (figure, caption) */
	TR_WU_BLOCK_STEPS      /* {{journey}}: one row per step (step, figure,
	                          change or "", note or "") */
} tr_wu_block_kind;

typedef struct tr_wu_block {
	tr_wu_block_kind kind;
	tr_wu_table table;
	size_t chart;      /* index into charts->items */
	char *caption;     /* figure caption, cleaned; or NULL */
} tr_wu_block;

/* ---- the document being expanded ------------------------------------- */

typedef struct tr_wu_doc {
	const tr_results *r;
	tr_writeup_charts *charts;  /* directives may add to it */
	const tr_writeup_options *opts;
	tr_buf md;              /* expanded Markdown, with placeholders */
	tr_wu_block *blocks;
	size_t nblocks, blocks_cap;
	char **scratch;         /* strings freed with the document */
	size_t nscratch, scratch_cap;
	int rc;                 /* first failure of a sticky call */
	const char *path;       /* source path, for messages */
	long line;              /* line of the directive being expanded */
	char *title;            /* the study's title, or one made up */
	bool *chart_used;       /* charts placed so far (sections skip them) */
	tr_writeup_list *lists; /* charts directives asked for, to be drawn */
	size_t nlists;          /* (each list's bars owned by the document) */
	unsigned explained;     /* TR_WU_EXPLAINED_*: reading guides given so far */
	struct tr_wu_table_opts *topts; /* runs= of the {{table}} being made, or
	                           NULL (sections: every figure as the cell's) */
	/* The author's last ATX heading above the directive being expanded
	 * (level 0: none yet): a section sits under it (sections.c). */
	int author_level;
	const char *author_heading;   /* its text, raw; in scratch */
	const char *list_title; /* title= of the {{chart rank|journey}} being
	                           made, or NULL (lists.c) */
	/* providers= of the {{table}} or {{chart}} being made (shown.c): the
	 * providers in the author's order, and r's cells in the tables'
	 * order; both NULL without it (every provider, the study's order). */
	size_t *only;
	size_t nonly;
	size_t *only_cells;
	size_t nonly_cells;
} tr_wu_doc;

/* Each kind of figure is explained once per report, where it first
 * appears; later captions say only what differs (issue 25: the same
 * 55-word footnote under every table made the article an audit). */
enum {
	TR_WU_EXPLAINED_TEST = 1u << 0,      /* vs baseline, p, n, Holm */
	TR_WU_EXPLAINED_TILDE = 1u << 1,     /* "~" after a difference */
	TR_WU_EXPLAINED_TPS = 1u << 2,       /* the TPS table's columns */
	TR_WU_EXPLAINED_STABILITY = 1u << 3, /* CoV, dip, p95 of windows */
	TR_WU_EXPLAINED_SIZE = 1u << 4,      /* "scale x 15 MiB" */
	/* What a later table need not show again: */
	TR_WU_SAID_MONTHLY = 1u << 5,        /* every provider's monthly price
	                                        (the providers or price table) */
	TR_WU_SAID_PER100 = 1u << 6,         /* TPS per 100 a month (its chart) */
	TR_WU_EXPLAINED_COST = 1u << 7,      /* cost per TPS = month / TPS */
	TR_WU_SAID_SCALE = 1u << 8,          /* each scenario's scale and size
	                                        (the methodology) */
	TR_WU_EXPLAINED_TXLOG = 1u << 9,     /* percentiles of transactions */
	TR_WU_SAID_WINDOW = 1u << 10,        /* each scenario's window length */
	TR_WU_EXPLAINED_INIT = 1u << 11,     /* what the init table is */
	TR_WU_SAID_TPS = 1u << 12,           /* every cell's median TPS (the
	                                        results section's tables) */
};
/* Whether `what` was explained already; marks it explained. */
bool tr_wu_explained(tr_wu_doc *d, unsigned what);

#define TR_WU_PLACEHOLDER "<!-- tpsreport:block "
/* The footer's words around the inputs digest. "digest", not "SHA-256":
 * pgbench logs enter it by their XXH3-64 hash; which hash covers which
 * input is docs/results-json.md's (inputs_sha256), not the reader's. */
#define TR_WU_DIGEST_BEFORE " from inputs with digest "

int tr_wu_doc_init(tr_wu_doc *d, const tr_results *r,
                   tr_writeup_charts *charts,
                   const tr_writeup_options *opts);
void tr_wu_doc_free(tr_wu_doc *d);

/* Sticky helpers for generated Markdown: on failure they set d->rc and
 * return "" so that callers can chain them and check d->rc once. The
 * strings live until the document is freed. */
/* tr_wu_e: escaped for inline text that never starts a line. */
const char *tr_wu_e(tr_wu_doc *d, const char *s);              /* escaped */
/* The same for text that starts a line (a paragraph, a list item's). */
const char *tr_wu_e_line(tr_wu_doc *d, const char *s);
const char *tr_wu_n(tr_wu_doc *d, double v, tr_wu_unit unit);  /* number */
const char *tr_wu_c(tr_wu_doc *d, const char *s);              /* cleaned */
const char *tr_wu_keep(tr_wu_doc *d, char *owned);  /* takes ownership */
/* Keeps b's contents ("" when empty); b is left empty. */
const char *tr_wu_keep_buf(tr_wu_doc *d, tr_buf *b);
void tr_wu_md(tr_wu_doc *d, const char *fmt, ...) TR_PRINTF(2, 3);

/* Move a table into the document (t is left empty) and write its
 * placeholder; a table without rows writes nothing. */
void tr_wu_emit_table(tr_wu_doc *d, tr_wu_table *t);
/* One figure of a row of headline figures (a new row unless the last
 * block is a headline row with nothing after it). */
void tr_wu_emit_headline(tr_wu_doc *d, const char *figure, const char *caption);
/* Place t (taken) as a {{journey}}'s step cards. */
void tr_wu_emit_steps(tr_wu_doc *d, tr_wu_table *t);

/* Place chart `chart` with a caption (may be NULL). */
void tr_wu_emit_figure(tr_wu_doc *d, size_t chart, const char *caption);
/* Place every chart of this kind for this scenario (-2: any scenario)
 * not placed yet. */
void tr_wu_emit_charts(tr_wu_doc *d, const char *kind, long scenario,
                       const char *caption);
/* Whether a chart of this kind is there and not placed yet. */
bool tr_wu_chart_pending(const tr_wu_doc *d, const char *kind);

/* Set an error "path:line: message" for the directive being expanded;
 * returns TR_EINVALID. */
int tr_wu_error(tr_wu_doc *d, const char *fmt, ...) TR_PRINTF(2, 3);

/* ---- lookups (lookup.c) ---------------------------------------------- */

/* Provider, scenario, workload by id (workload: its key, e.g.
 * "tpcb-c32-j4-prepared"); -1 with an error naming the ones there are. */
long tr_wu_provider(tr_wu_doc *d, const char *id);
long tr_wu_scenario(tr_wu_doc *d, const char *id);
/* The workload of scenario s named by key (NULL: its only one). */
long tr_wu_workload(tr_wu_doc *d, size_t s, const char *key);
/* Workloads of scenario s that have cells, in order; *n set. Caller frees. */
size_t *tr_wu_scenario_workloads(const tr_results *r, size_t s, size_t *n);
/* The comparison of this cell's provider against the baseline, or NULL. */
const tr_comparison *tr_wu_comparison(const tr_results *r, size_t provider,
                                      size_t scenario, size_t workload);
/* The baseline of scope s (a scenario, or -1: the study), through clean
 * (tr_wu_e or tr_wu_c): its label when every scenario in scope has that
 * one, else "each scenario's own (A in S1; B in S2)"; "none" without
 * providers. */
const char *tr_wu_baseline_name(tr_wu_doc *d, long s,
                                const char *(*clean)(tr_wu_doc *, const char *));
/* true when the study has more than one workload anywhere. */
bool tr_wu_many_workloads(const tr_results *r);
/* Whether scenario s's cells ran more than one workload (then a cell's
 * place names its clients and threads). */
bool tr_wu_scenario_many_workloads(const tr_results *r, size_t s);
/* The window interval shared by every cell ("10-s"), or NaN when mixed. */
double tr_wu_window_interval(const tr_results *r);
/* The name of a table row: the ini's short =, else the label (borrowed). */
const char *tr_wu_short_provider(const tr_results *r, size_t provider);
const char *tr_wu_short_scenario(const tr_results *r, size_t scenario);

/* ---- directives (directive.c, expand.c) ------------------------------ */

#define TR_WU_MAX_ARGS 16

typedef struct tr_wu_directive {
	char *name;
	char *args[TR_WU_MAX_ARGS];
	size_t nargs;
	long line;
} tr_wu_directive;

void tr_wu_directive_free(tr_wu_directive *dir);

/*
 * Parse the directive starting at s ("{{" ...), which must end with "}}"
 * on the same line (end: end of the line). Arguments are separated by
 * spaces; "double quoted" arguments may hold spaces and \" \\ escapes.
 * On success *consumed is its length. Errors name path and line.
 */
int tr_wu_directive_parse(tr_wu_directive *out, const char *s,
                          const char *end, size_t *consumed,
                          const char *path, long line);

/* Expand the whole (cleaned) source into d->md and d->blocks. */
int tr_wu_expand(tr_wu_doc *d, const char *src, size_t len);

/* Inline directives ({{value}}, {{title}}, ...): append their text to out
 * as Markdown. Returns TR_ENOTFOUND (no message) for a name that is not
 * inline, TR_EINVALID with a message for bad arguments. */
int tr_wu_inline_directive(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
/* Block directives ({{table}}, {{chart}}, {{section}}). */
int tr_wu_block_directive(tr_wu_doc *d, const tr_wu_directive *dir);
bool tr_wu_is_block(const char *name);

/* ---- sections and tables --------------------------------------------- */

/* {{section NAME [ARGS]}}; TR_EINVALID for an unknown name. */
int tr_wu_section(tr_wu_doc *d, const tr_wu_directive *dir);

/* An option KEY=… in dir's arguments (those left once its own were taken
 * out) is unknown: TR_EINVALID with "unknown option 'KEY=' (it takes:
 * TAKES)"; else 0. */
int tr_wu_no_other_opts(tr_wu_doc *d, const tr_wu_directive *dir, const char *takes);

/* After a section wrote md[start..): its headings under the author's
 * heading, the first one titled (title="…", or NULL) or left out when the
 * author's heading just above says the same. 0 or an error (rc set). */
int tr_wu_section_place(tr_wu_doc *d, size_t start, const char *name, const char *title);

/* The author's line: remember it when it is an ATX heading ("### Results"
 * sets author_level 3), for the sections below it (sections_level.c). */
void tr_wu_author_line(tr_wu_doc *d, const char *line, const char *end);

/* KEY="…" of a directive (title, caption), taken out: *own is dir
 * without it (strings borrowed), *value NULL when not given. Returns 0,
 * or TR_EINVALID with a message for an empty value. */
int tr_wu_take_opt(tr_wu_doc *d, const char **value, tr_wu_directive *own,
                   const tr_wu_directive *dir, const char *key);

/* ---- providers= (shown.c) ---- */

/* providers=ID,... of dir taken out (*own: dir without it, strings
 * borrowed) and set in d->only until tr_wu_only_clear; an unknown or
 * repeated id is TR_EINVALID with a message listing the providers. */
int tr_wu_only_take(tr_wu_doc *d, tr_wu_directive *own, const tr_wu_directive *dir);
void tr_wu_only_clear(tr_wu_doc *d);
/* Whether provider p is in the table being made; its place in the
 * author's order (-1: not shown). */
bool tr_wu_shown(const tr_wu_doc *d, size_t provider);
long tr_wu_shown_rank(const tr_wu_doc *d, size_t provider);
/* The providers shown, in order: k < tr_wu_nshown. */
size_t tr_wu_nshown(const tr_wu_doc *d);
size_t tr_wu_shown_at(const tr_wu_doc *d, size_t k);
/* The cells shown, in the tables' order: by scenario and workload, then
 * the providers' order. */
size_t tr_wu_ncells(const tr_wu_doc *d);
const tr_cell *tr_wu_cell_at(const tr_wu_doc *d, size_t i);
/* Rows of n items (each `size` bytes, its provider index at `offset`)
 * in the order shown: all of them without providers=, else those of
 * each provider in the author's order. *nout set; caller frees. */
size_t *tr_wu_rows_by_provider(const tr_wu_doc *d, const void *items, size_t size,
                               size_t offset, size_t n, size_t *nout);

/* The tables; scenario -1 means all scenarios. Each returns 0 and emits
 * nothing when there is no data for it. */
/* brief: a sentence instead when the table would hold only names. */
void tr_wu_table_providers(tr_wu_doc *d, bool brief);
void tr_wu_table_tps(tr_wu_doc *d, long scenario);
void tr_wu_table_stability(tr_wu_doc *d, long scenario);
void tr_wu_table_latency(tr_wu_doc *d, long scenario);
/* No cell of scenario (-1: any) has per-transaction logs, and some have
 * PostgresBench's own p95 / p99: {{table latency}} shows those. */
bool tr_wu_pgb_latency_only(const tr_results *r, long scenario);
void tr_wu_table_init_phases(tr_wu_doc *d, long scenario);
void tr_wu_table_price(tr_wu_doc *d);
/* The servers' facts.json (tpsreport run); nothing without any. */
void tr_wu_table_server(tr_wu_doc *d);
void tr_wu_table_value(tr_wu_doc *d, long scenario);
void tr_wu_table_closing(tr_wu_doc *d);
void tr_wu_table_runs(tr_wu_doc *d, long scenario);
/* tables_waits.c: the sampler's figures (runN.server.json); nothing for
 * cells without. A wait as "LWLock:WALWrite 31.0%" (kept by d). */
void tr_wu_table_waits(tr_wu_doc *d, long scenario);
void tr_wu_table_counters(tr_wu_doc *d, long scenario);
const char *tr_wu_wait_label(tr_wu_doc *d, const tr_cell_wait *w);
/* sections_server.c: "What the server was waiting on" of scenario s,
 * where some cell has sampler files (nothing otherwise). */
void tr_wu_section_waits(tr_wu_doc *d, size_t s);
/* In the summary: where the deepest dip of a scenario (and workload) fell
 * in a window holding a checkpoint or autovacuum, one sentence saying so
 * (nothing where none did, or without sampler files). */
void tr_wu_summary_dips(tr_wu_doc *d);

/* Sections, one per function (sections*.c). */
/* verdict.c: a TPS gap with its verdict. In a table: "+9.0% ~" (~: not
 * significant), "+9.0%" when significant. In text: "+9.0% (p=0.600,
 * n=3+3)" for gap_pct, with k's Holm-adjusted p and n. */
const char *tr_wu_verdict_cell(tr_wu_doc *d, const tr_comparison *k);
const char *tr_wu_verdict_text(tr_wu_doc *d, double gap_pct, const tr_comparison *k);

void tr_wu_section_intro(tr_wu_doc *d);
void tr_wu_section_summary(tr_wu_doc *d);
void tr_wu_section_setup(tr_wu_doc *d);
void tr_wu_section_methodology(tr_wu_doc *d);
void tr_wu_section_findings(tr_wu_doc *d);
void tr_wu_section_results(tr_wu_doc *d);
void tr_wu_section_scenario(tr_wu_doc *d, size_t s);
void tr_wu_section_stability(tr_wu_doc *d);
void tr_wu_section_latency(tr_wu_doc *d);
void tr_wu_section_init(tr_wu_doc *d);
void tr_wu_section_price(tr_wu_doc *d);
void tr_wu_section_closing(tr_wu_doc *d);
void tr_wu_section_notes(tr_wu_doc *d);
/* What changed since OLD (build --since); nothing without it. */
void tr_wu_section_changes(tr_wu_doc *d);

/* ---- figure directives (select.c, figures.c, tables_grid.c) ----------- */

/* A directive's arguments split into positional ones and KEY=VALUE
 * options (keys from `allowed`, space-separated; others are errors). */
typedef struct tr_wu_args {
	const char *pos[TR_WU_MAX_ARGS];
	size_t npos;
	const char *key[TR_WU_MAX_ARGS];
	const char *val[TR_WU_MAX_ARGS];
	size_t nopt;
} tr_wu_args;

typedef enum tr_wu_style {
	TR_WU_STYLE_DEFAULT = 0,
	TR_WU_STYLE_X1,          /* 4.3× */
	TR_WU_STYLE_K,           /* 19.8K */
	TR_WU_STYLE_WORDS,       /* 9% higher, 1.85× more expensive */
	TR_WU_STYLE_DIFF,        /* +3.5 ms, +265,898 transactions */
	TR_WU_STYLE_PCT,         /* +9.0% */
	TR_WU_STYLE_DURATION     /* 26 min 2 s */
} tr_wu_style;

/* Styles that read a comparison of two figures (x1, diff, pct, words). */
bool tr_wu_style_contrast(tr_wu_style style);

int tr_wu_split_args(tr_wu_doc *d, const tr_wu_directive *dir,
                     const char *allowed, tr_wu_args *out);
/* The value of option key (the last one given), or NULL. */
const char *tr_wu_arg(const tr_wu_args *a, const char *key);
/* A metric of the catalog; NULL with an error naming some. */
const tr_metric *tr_wu_metric(tr_wu_doc *d, const char *key);
int tr_wu_parse_agg(tr_wu_doc *d, const tr_wu_args *a, tr_metric_agg *agg,
                    bool *given);
int tr_wu_parse_style(tr_wu_doc *d, const tr_wu_args *a, tr_wu_style *style);
/* The style or pick a fmt= or runs= value names; TR_EINVALID (no
 * message) for another word. */
int tr_wu_style_of(const char *v, tr_wu_style *style);
int tr_wu_pick_of(const char *v, tr_run_pick *pick);
#define TR_WU_STYLES "x1: 4.3\xc3\x97, pct: +9.0%%, diff: +3.5 ms, words: 1.85\xc3\x97 " \
	"more expensive, k: 19.8K, duration: 26 min 2 s"
/* SCENARIO (or NULL or "*": -1) and WORKLOAD (NULL: the scenario's only
 * one; "*": -1). */
int tr_wu_parse_where(tr_wu_doc *d, const char *scenario, const char *workload,
                      long *s, long *w);
tr_wu_unit tr_wu_metric_unit(const tr_metric *m);
/* v as m is shown, or in a fmt= style (an error when it does not fit m). */
int tr_wu_fmt_styled(tr_wu_doc *d, tr_buf *out, const tr_metric *m, double v,
                     tr_wu_style style);
/* " TPS", " ms" or "". */
const char *tr_wu_metric_suffix(const tr_metric *m);
/* "Provider label, scenario label[, 10 clients / 4 threads]". */
int tr_wu_cell_where(tr_buf *out, const tr_results *r, const tr_cell *c);

/* phrase.c: a contrast of stats (tr_contrast) in a fmt= style, with its
 * verdict when `verdict` ("+9.0% ~ (p=0.100, n=3+3)", "9% higher (not
 * significant, p=0.100)"), or "–" and a note for a zero denominator. */
int tr_wu_fmt_contrast(tr_wu_doc *d, tr_buf *out, const tr_metric *m,
                       const tr_contrast *c, tr_wu_style style, bool verdict);
/* A duration: "0.8 s", "26 min 2 s", "1 h 4 min". */
int tr_wu_fmt_duration(tr_buf *out, double seconds);
/* runs=median|best|worst, or the metric's default pick. */
int tr_wu_parse_runs(tr_wu_doc *d, const tr_wu_args *a, const tr_metric *m,
                     tr_run_pick *pick);
/* verdict=on|off (default on). */
int tr_wu_parse_verdict(tr_wu_doc *d, const tr_wu_args *a, bool *verdict);
/* The run of P's cell in s/w that `name` names (an id, best, worst,
 * median: by m), an index into r->runs; -1 with an error listing the
 * cell's runs. */
long tr_wu_named_run(tr_wu_doc *d, const tr_metric *m, size_t p, long s, long w,
                     const char *name);
/* ---- options of the tables of figures (table_opts.c) ---- */

typedef struct tr_wu_table_opts {
	tr_run_pick pick;        /* runs=, when given */
	bool pick_given;
	tr_wu_style style;       /* fmt= */
	bool verdict;            /* verdict= (on): "~" after a difference
	                            that is not significant */
	long vs;                 /* vs=PROVIDER, or -1 */
	bool rows;               /* layout=rows: one row per attribute, one
	                            column per provider (setup, providers) */
	/* what the table showed, for its note */
	bool picked;             /* a figure picked from the runs (best/worst) */
	bool tilde;              /* a "~" */
	bool tested;             /* a difference with a test behind it */
	bool zero;               /* a ratio whose denominator is 0 */
} tr_wu_table_opts;

/* runs=, fmt=, verdict= and (when `a` has it) vs= of a table; errors
 * name the directive. */
int tr_wu_table_opts_parse(tr_wu_doc *d, const tr_wu_directive *dir, const tr_wu_args *a,
                           tr_wu_table_opts *out);
/* The pick for metric m: runs= when given, else m's default ([study]
 * runs for latency figures); notes in o when a figure is picked. */
tr_run_pick tr_wu_table_pick(tr_wu_doc *d, tr_wu_table_opts *o, const tr_metric *m);
/* m's label under a pick: "best-run TPS", "worst-run latency avg (ms)";
 * the label itself for the median or a figure that is not picked. */
const char *tr_wu_picked_label(tr_wu_doc *d, const tr_metric *m, tr_run_pick pick);
/* A figure of m as a cell, in o's style when it is k or duration. */
void tr_wu_table_figure(tr_wu_doc *d, tr_wu_table *t, const tr_wu_table_opts *o,
                        const tr_metric *m, double v);
/* The text tr_wu_table_figure puts in the cell, kept by d (for a chart's
 * value labels: the same figure reads the same); NULL when v is not a
 * number or out of memory (d->rc). */
const char *tr_wu_figure_text(tr_wu_doc *d, const tr_wu_table_opts *o,
                              const tr_metric *m, double v);
/* A contrast of stats as a cell in `style` (pct for the default), "~" after
 * it when tested and not significant (o->verdict); sorted by the figure
 * the style shows. */
void tr_wu_table_contrast(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                          const tr_metric *m, const tr_contrast *c, tr_wu_style style);
/* Cell c's m against provider q's in the same place (stats' contrast,
 * its Holm-adjusted p), as tr_wu_table_contrast's cell and, with_p, a
 * "p (n)" cell; a dash where there is no contrast. */
void tr_wu_table_vs_cells(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                          const tr_metric *m, const tr_cell *c, size_t q, tr_run_pick pick,
                          tr_wu_style style, bool with_p);
/* "the ratio (each figure ÷ X's)" for a caption: what a style shows. */
const char *tr_wu_style_words(tr_wu_doc *d, tr_wu_style style, const char *other);
/* The reading guide of what o's table showed: the run pick's rule, what
 * "~" means, a ratio without a denominator; NULL when there is nothing
 * to say. */
const char *tr_wu_table_opts_note(tr_wu_doc *d, const tr_wu_table_opts *o);
/* Does a fixed table's column of m follow runs=? A figure of one run
 * with a better side that does not name its own statistic (tps_min,
 * tps_max, tps_mean, the worst or median run's windows do). */
bool tr_wu_pickable(const tr_metric *m);
/* A fixed table's header under a pick: "Best-run TPS" for "Median TPS". */
const char *tr_wu_picked_header(tr_wu_doc *d, const char *header, tr_run_pick pick);
/* The pick of the fixed table being made (d->topts), median without. */
tr_run_pick tr_wu_doc_pick(const tr_wu_doc *d);
/* Is style one that a figure alone takes (k, duration, default)? */
bool tr_wu_style_figure(tr_wu_style style);

/* {{run}}, {{rank}}, {{range}} (figures_runs.c). */
int tr_wu_run(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
int tr_wu_rank(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
int tr_wu_range(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
/* {{table tps [S] vs=Q}}: the TPS table against provider Q. */
int tr_wu_table_tps_vs(tr_wu_doc *d, const tr_wu_directive *dir);

/* {{value}}, {{compare}}, {{best}}, {{worst}} (figures.c). */
int tr_wu_value(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
int tr_wu_compare(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
int tr_wu_extreme(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir);
/* {{headline}}: a block; consecutive ones share one row. */
int tr_wu_headline(tr_wu_doc *d, const tr_wu_directive *dir);
/* {{table journey ...}}, {{table pivot ...}} (tables_grid.c). */
int tr_wu_table_journey(tr_wu_doc *d, const tr_wu_directive *dir);
int tr_wu_table_pivot(tr_wu_doc *d, const tr_wu_directive *dir);
/* {{table rank M S|* [W|*] [agg=]}}: providers best first. */
int tr_wu_table_rank(tr_wu_doc *d, const tr_wu_directive *dir);
/* {{table setup [S] [layout=rows]}}: vCPU, RAM, price, regime and facts
 * per provider (tables_facts.c). */
void tr_wu_table_setup(tr_wu_doc *d, long scenario);
/* fact.NAME's label for readers: [facts]'s, a built-in one for the usual
 * facts (disk_type: "Disk type"), else NAME in words. */
const char *tr_wu_fact_label(tr_wu_doc *d, const char *name);

/* A bar of {{chart rank}} / {{chart journey}} (writeup.h). */
typedef tr_writeup_bar tr_wu_bar;

/* Ask for a list-of-bars chart named after `stem` (made unique): add it
 * to d->charts undrawn, record its bars in d->lists for the caller to
 * draw (lists.c), and place it. */
int tr_wu_emit_list_chart(tr_wu_doc *d, const char *stem, const char *kind,
                          const char *title, const char *subtitle,
                          const char *axis_title, const tr_wu_bar *bars,
                          size_t n);
/* Chart `of` drawn again from d->only's providers (for scenario, or -2:
 * of's), under the author's title when given (else its own): added to
 * d->charts undrawn, recorded in d->lists for the caller to draw, and
 * placed with caption (may be NULL). */
int tr_wu_emit_subset_chart(tr_wu_doc *d, size_t of, long scenario, const char *title,
                            const char *caption);

/* A chart of the report (d->charts->items[of]) drawn again for one
 * directive under its own title, named "NAME-titled" (made unique), and
 * placed with caption (or NULL) (lists.c). */
int tr_wu_emit_variant(tr_wu_doc *d, size_t of, const char *title,
                       const char *caption);
int tr_wu_chart_rank(tr_wu_doc *d, const tr_wu_directive *dir);
/* {{headline}}'s providers= and group=fact.NAME:VALUE: *allow, one flag
 * per provider (caller frees), or NULL when neither is given (every
 * provider); an error at the directive's line naming what exists
 * (headline_who.c). */
int tr_wu_headline_who(tr_wu_doc *d, const tr_wu_args *a, bool **allow);
/* badge=fact.NAME of {{chart rank}}: *name the fact's NAME (in badge);
 * an error listing the providers' facts when none has it. A provider
 * without it gets no badge (tr_wu_provider_fact NULL). */
int tr_wu_badge_fact(tr_wu_doc *d, const char *badge, const char **name);
const char *tr_wu_provider_fact(const tr_provider_result *p, const char *name);
int tr_wu_chart_journey(tr_wu_doc *d, const tr_wu_directive *dir);
/* {{journey P1 P2 ... S|* [W|*] [metric=] [agg=]}}: step cards. */
int tr_wu_journey_cards(tr_wu_doc *d, const tr_wu_directive *dir);

/* ---- renderers ------------------------------------------------------- */

/* report.md from the expanded document. */
int tr_wu_render_markdown(tr_buf *out, const tr_wu_doc *d);

/* index.html (self_contained false) or report.html (true). */
int tr_wu_render_html(tr_buf *out, const tr_wu_doc *d, bool self_contained);

#endif
