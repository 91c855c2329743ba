#ifndef TR_WRITEUP_H
#define TR_WRITEUP_H

/*
 * writeup: the report as words, tables and charts. The author's Markdown
 * (STUDY/writeup.md, or the default templates/writeup.md) holds directives
 * such as {{table tps}}, {{chart tps bench100}}, {{value aws bench100
 * tps_median}} and {{section stability}} (docs/writeup.md lists them all).
 * Directives are expanded once, into Markdown plus tables and figures;
 * that one expansion is rendered three ways:
 *
 *   report.md    GitHub-flavoured Markdown: pipe tables, images pointing at
 *                charts/NAME.svg, optional YAML front matter;
 *   index.html   cmark's AST walked into a libxml2 HTML document, with
 *                assets/style.css, the chart files and assets/sort.js beside it;
 *   report.html  the same document, self-contained: CSS and SVG inline, no
 *                script, no external reference.
 *
 * No HTML is ever built from strings: every element is a libxml2 node, so
 * every string from the study is escaped by construction. Output depends
 * only on the inputs: the same results, charts and options give the same
 * bytes.
 *
 * Only writeup/charts.c calls the chart module; the rest of this module
 * reads charts through tr_writeup_charts, so it can be tested without it.
 */

#include "stats/stats.h"
#include "util/buf.h"

/* ---- charts ---------------------------------------------------------- */

/* One chart of the report, drawn. Every string is owned by the set. */
typedef struct tr_writeup_chart {
	char *name;        /* file-name safe and unique ("timeline-bench100"):
	                      written as charts/NAME.svg and charts/NAME.png */
	char *kind;        /* "tps", "timeline", ... (tr_chart_kind_name) */
	long scenario;     /* index into results->scenarios, or -1 */
	long workload;     /* index into results->workloads, or -1 */
	char *title;       /* "Median TPS by scenario" */
	char *alt;         /* a sentence or two saying what the chart shows */
	tr_buf svg;        /* the SVG document */
	tr_buf png;        /* the PNG (2x), empty when not drawn */
} tr_writeup_chart;

typedef struct tr_writeup_charts {
	tr_writeup_chart *items;
	size_t count;
} tr_writeup_charts;

/*
 * Plan every chart the results allow and draw each as SVG (and PNG unless
 * `png` is false) on up to `threads` threads (0: one per CPU). On failure
 * *out is left empty and the message names the chart. The caller frees
 * *out with tr_writeup_charts_free(). (writeup/charts.c: the only user of
 * chart/chart.h.)
 */
int tr_writeup_charts_make(tr_writeup_charts *out, const tr_results *r,
                           bool png, int threads);
void tr_writeup_charts_free(tr_writeup_charts *charts);

/* ---- rendering ------------------------------------------------------- */

typedef struct tr_writeup_options {
	/* The writeup: Markdown with directives, and its path for messages
	 * ("mystudy/writeup.md:12: unknown directive ..."). Need not be valid
	 * UTF-8 (invalid bytes become U+FFFD). */
	const char *source;
	size_t source_len;
	const char *source_path;
	/* The style sheet: linked from index.html, inlined in report.html. */
	const char *css;
	size_t css_len;
	/* report.md starts with YAML front matter (Hugo, Jekyll). */
	bool front_matter;
	/* "2026-05-05" when SOURCE_DATE_EPOCH is set, else NULL: nothing in
	 * the output depends on the clock otherwise. */
	const char *date;
} tr_writeup_options;

typedef struct tr_writeup_output {
	tr_buf markdown;     /* report.md */
	tr_buf index_html;   /* index.html */
	tr_buf report_html;  /* report.html */
} tr_writeup_output;

/*
 * Expand the writeup's directives against r and charts, and render it.
 * Unknown directives and bad arguments fail with "path:line: message".
 * out is initialised here; the caller frees it with
 * tr_writeup_output_free() in every case.
 */
int tr_writeup_render(tr_writeup_output *out, const tr_results *r,
                      const tr_writeup_charts *charts,
                      const tr_writeup_options *options);
void tr_writeup_output_free(tr_writeup_output *out);

/* ---- shipped files --------------------------------------------------- */

/*
 * Find a shipped file, `relpath` being "templates/writeup.md",
 * "assets/style.css" or "assets/sort.js". Looked for, in this order: in
 * `templates_dir` (its base name: DIR/writeup.md, DIR/style.css; NULL for
 * none), under $TPSREPORT_DATADIR, under the installed data folder
 * (TR_INSTALL_DATADIR), under the source tree (TR_SOURCE_DATADIR).
 * *out is a path the caller frees; TR_ENOTFOUND with a message listing
 * where it looked.
 */
int tr_writeup_datafile(char **out, const char *templates_dir,
                        const char *relpath);

#endif
