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
 * writeup never draws a chart: the report module (report/report.h) draws
 * the charts of the plan and those the directives ask for, and hands them
 * here as plain data (tr_writeup_charts), so this module can be tested
 * with charts made by hand.
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
	tr_buf svg_narrow; /* the phone's rendition (TR_CHART_NARROW wide),
	                      charts/NAME.narrow.svg; empty when not drawn */
	char *note;        /* a sentence said under the figure when no caption
	                      is given (a chart drawn in parts), or NULL */
} tr_writeup_chart;

typedef struct tr_writeup_charts {
	tr_writeup_chart *items;
	size_t count;      /* items holds exactly count (grown one at a time) */
} tr_writeup_charts;

/* A name fit for charts/NAME.svg: [a-z0-9._-], 1 to 100 bytes, not
 * starting with '.'. */
bool tr_writeup_name_safe(const char *name);
void tr_writeup_charts_free(tr_writeup_charts *charts);

/* A chart a directive asks for ({{chart rank}}, {{chart journey}}): bars
 * the writeup computed, for the caller to draw into charts->items[chart]
 * (whose name, kind, title and alt are set; svg and png empty). Every
 * pointer is owned by the document it came from (or by the results and
 * the chart set) and lives until tr_writeup_doc_free. */
typedef struct tr_writeup_bar {
	const char *label;     /* "Tuned PostgreSQL 15" or "2. Local SSD" */
	size_t provider;       /* index into results->providers: its colour */
	double value;          /* NaN: drawn as "n/a" */
	const char *note;      /* "+22%" after the value, or NULL */
	const char *text;      /* the value as the tables print it ("6.7%"),
	                          or NULL: the chart's own 3 digits */
	const char *badge;     /* badge=fact.NAME: the provider's value
	                          ("Managed"), or NULL: none drawn */
} tr_writeup_bar;

typedef struct tr_writeup_list {
	size_t chart;          /* index into the chart set: where to draw it */
	const char *subtitle;  /* or NULL */
	const char *axis_title;
	const tr_writeup_bar *bars;  /* top to bottom */
	size_t nbars;
	const char *path;      /* the directive's place, for a drawing failure's */
	long line;             /* message ("writeup.md:12: chart rank-...: ...") */
	/* {{chart KIND providers=...}}: not bars (nbars 0) but the report's
	 * chart of the item's kind, scenario and workload drawn from these
	 * providers only, in this order (indices into results->providers);
	 * the caller also gives it the title and alt text of that drawing.
	 * NULL for bars. */
	const size_t *providers;
	size_t nproviders;

	/* {{chart tps title="..."}}: not bars (nbars 0) but the report's
	 * chart of the item's kind, scenario and workload drawn again under
	 * the item's name and title; the shared drawing stays as it is.
	 * With providers: the drawing of those keeps the item's title (the
	 * author's). false for bars. */
	bool redraw;
} tr_writeup_list;

/* ---- rendering ------------------------------------------------------- */

/* Where report.md is published (build --layout), which decides its
 * front matter, how template syntax in it is kept from running, and where
 * its links point. */
typedef enum tr_writeup_layout {
	TR_WU_LAYOUT_PAGES = 0, /* OUT as it is (GitHub Pages, a web folder) */
	TR_WU_LAYOUT_HUGO,      /* OUT a Hugo page bundle: index.md */
	TR_WU_LAYOUT_JEKYLL     /* OUT a Jekyll site: _posts/DATE-SLUG.md */
} tr_writeup_layout;

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
	/* report.md starts with YAML front matter (Hugo, Jekyll), and then
	 * has no H1 of its own (the site's theme shows the title). */
	bool front_matter;
	tr_writeup_layout layout;
	/* Put before charts/ and data/ in report.md's links ("" or NULL: none;
	 * Jekyll: "../assets/SLUG/", from the post's permalink /SLUG/). */
	const char *md_prefix;
	/* The post's permalink segment (Jekyll only). */
	const char *slug;
	/* "2026-05-05" (--date, SOURCE_DATE_EPOCH, or the newest run's day),
	 * else NULL: nothing in the output depends on the clock. */
	const char *date;
	/* What changed since an earlier report (build --since), for
	 * {{section changes}}; NULL for none. Borrowed. */
	const struct tr_diff *since;
} tr_writeup_options;

typedef struct tr_writeup_output {
	tr_buf markdown;     /* report.md */
	tr_buf index_html;   /* index.html */
	tr_buf report_html;  /* report.html */
} tr_writeup_output;

/*
 * A writeup in two steps, so that its charts can be drawn in between:
 *
 *   tr_writeup_expand(&doc, r, charts, &options);  // directives expanded
 *   tr_writeup_lists(doc, &lists);                 // charts to draw
 *   ... draw each into charts->items[lists[i].chart] ...
 *   tr_writeup_finish(&out, doc);                  // Markdown, HTML x2
 *   tr_writeup_doc_free(doc);
 *
 * Expansion reads the names, kinds and scenarios of `charts` (not their
 * pictures) and appends the charts its directives ask for, undrawn;
 * tr_writeup_finish fails unless each of those has its svg (and its png
 * when PNGs are wanted: index.html links a PNG wherever there is one). Unknown directives and bad arguments
 * fail with "path:line: message". `r`, `charts` and `options` are
 * borrowed and must outlive the document. On failure of either step, or
 * when the document is freed unfinished, the charts it appended are
 * dropped again; after a successful tr_writeup_finish they stay in
 * `charts`, for the caller to write.
 */
typedef struct tr_writeup_doc tr_writeup_doc;

int tr_writeup_expand(tr_writeup_doc **out, const tr_results *r,
                      tr_writeup_charts *charts,
                      const tr_writeup_options *options);
/* The charts the directives ask for, in the order of the source; *out
 * points into the document. Returns how many. */
size_t tr_writeup_lists(const tr_writeup_doc *doc, const tr_writeup_list **out);
/* out is initialised here; the caller frees it with
 * tr_writeup_output_free() in every case. */
int tr_writeup_finish(tr_writeup_output *out, tr_writeup_doc *doc);
void tr_writeup_doc_free(tr_writeup_doc *doc);

/*
 * Both steps at once, for a writeup whose directives ask for no chart of
 * their own (a {{chart rank}} fails: "chart NAME is not drawn"); the
 * report module's tr_report_render draws them.
 */
int tr_writeup_render(tr_writeup_output *out, const tr_results *r,
                      tr_writeup_charts *charts,
                      const tr_writeup_options *options);
/* Drop the charts after the first n (a caller rendering several writeups
 * against one set). */
void tr_writeup_charts_truncate(tr_writeup_charts *charts, size_t n);
void tr_writeup_output_free(tr_writeup_output *out);

/* ---- shipped files --------------------------------------------------- */

/*
 * Find a shipped file, `relpath` being "templates/writeup.md",
 * "assets/style.css" or "assets/sort.js". Looked for, in this order: in
 * `templates_dir` (its base name: DIR/writeup.md, DIR/style.css; NULL for
 * none), under $TPSREPORT_DATADIR, under the data folder next to the
 * running binary (its folder joined with TR_BIN_TO_DATADIR: a moved
 * install), under the configured data folder (TR_INSTALL_DATADIR), under
 * the source tree (TR_SOURCE_DATADIR).
 * *out is a path the caller frees; TR_ENOTFOUND with a message listing
 * where it looked.
 */
int tr_writeup_datafile(char **out, const char *templates_dir,
                        const char *relpath);

#endif
