#ifndef TR_REPORT_H
#define TR_REPORT_H

/*
 * report: results into the named files of OUT. This module alone decides
 * the file set:
 *
 *   OUT/index.html         the writeup as a web page
 *   OUT/report.html        the same, self-contained (CSS and SVG inline)
 *   OUT/report.md          GitHub-flavoured Markdown, images from charts/
 *   OUT/assets/style.css   OUT/assets/sort.js
 *   OUT/charts/NAME.svg    every chart (and NAME.png when png is on: no
 *                          file of OUT shows a PNG, they are for elsewhere)
 *   OUT/data/results.json  OUT/data/results.csv  OUT/data/runs.csv
 *
 * It draws every chart exactly once per format, the chart plan's and the
 * ones the writeup's directives ask for ({{chart rank}}), together on
 * worker threads; hands them to the writeup (which only places them) and
 * writes everything through site/ in one atomic step.
 *
 *   tr_report *rep;
 *   tr_report_open(&rep, "out", "mystudy", &options);  // OUT, writeup, assets
 *   ... load the study, compute the results ...
 *   tr_report_write(rep, results, NULL);               // OUT replaced
 *   tr_report_describe(&line, rep);                    // "wrote out: ..."
 *   tr_report_free(rep);
 */

#include "chart/chart.h"
#include "stats/stats.h"
#include "util/buf.h"
#include "util/diag.h"
#include "writeup/writeup.h"

struct tr_diff;

typedef struct tr_report_options {
	const char *templates;  /* --templates DIR (writeup.md, style.css,
	                           sort.js), or NULL */
	bool force;             /* tr_site_options.force */
	bool front_matter;      /* report.md starts with YAML front matter */
	/* Where it is published (build --layout): PAGES writes OUT as always;
	 * HUGO makes OUT a page bundle (index.md, charts/, data/: front matter
	 * on, no index.html, report.html, report.md or assets/); JEKYLL makes
	 * OUT the root of a Jekyll site (_posts/DATE-SLUG.md,
	 * assets/SLUG/charts/ and assets/SLUG/data/; needs a date). */
	tr_writeup_layout layout;
	bool png;               /* charts/NAME.png beside every SVG (the
	                           wide one; a narrow rendition never) */
	bool windows;           /* data/windows.csv too (build --windows) */
	int threads;            /* for drawing; 0: one per CPU */
	const char *date;       /* "2026-05-05" (--date, SOURCE_DATE_EPOCH,
	                           the newest run) or NULL */
	/* Called with "drawing charts" before the charts are drawn and with
	 * NULL after; may be NULL. */
	void (*progress)(void *ctx, const char *stage);
	/* Called once per picture drawn, in the order of the chart set, on
	 * the calling thread once all are drawn (a test counts them); may be
	 * NULL. */
	void (*drawn)(void *ctx, const char *name, tr_chart_format format);
	void *ctx;
} tr_report_options;

typedef struct tr_report tr_report;

/*
 * Check OUT (tr_site_open) and read what the report is made of before the
 * long work starts: the writeup (STUDY/writeup.md, unless it is a link
 * leading out of the study: then a warning, and the default writeup) and
 * the assets. options is copied (its strings are borrowed). *out is freed
 * with tr_report_free(); on failure it is NULL.
 */
int tr_report_open(tr_report **out, const char *dir, const char *study_root,
                   const tr_report_options *options);
/* Warnings found by tr_report_open, for the caller to print. */
const tr_diags *tr_report_warnings(const tr_report *rep);

/*
 * Draw the charts, render the writeup against r, write every file and
 * commit OUT. since (build --since, borrowed; NULL for none) feeds
 * {{section changes}}, added at the end of a writeup that lacks it.
 * Nothing of OUT changes on failure.
 */
int tr_report_write(tr_report *rep, const tr_results *r, const struct tr_diff *since);
/* The date of the report (borrowed), when it is known only once the study
 * is read (the newest run's); before tr_report_write. */
void tr_report_set_date(tr_report *rep, const char *date);
/* "wrote OUT: index.html, report.html, report.md, 12 charts, data/ (0
 * files unchanged)", after tr_report_write, appended to out. */
int tr_report_describe(tr_buf *out, const tr_report *rep);
void tr_report_free(tr_report *rep);

/* The lines of `tpsreport build --help` that list OUT's files. */
extern const char tr_report_layout_help[];

/*
 * In memory, without OUT: the writeup against r with every chart drawn.
 * charts is either empty (the plan's charts are then added and drawn) or
 * holds charts already drawn (kept as they are); the charts the
 * directives ask for are appended and drawn (PNG too when options->png).
 * The caller frees out (tr_writeup_output_free, in every case) and
 * charts (tr_writeup_charts_free); on failure charts is as it was.
 * Only png, threads, drawn, progress and ctx of options are read.
 */
int tr_report_render(tr_writeup_output *out, tr_writeup_charts *charts,
                     const tr_results *r, const tr_writeup_options *wo,
                     const tr_report_options *options);

/*
 * Every chart of plan in one format, on up to threads threads: out[i]
 * (plan->count buffers, initialised by the caller, freed by the caller)
 * for plan->items[i]. A failure names the chart.
 */
int tr_report_draw_plan(tr_buf *out, const tr_results *r, const tr_chart_plan *plan,
                        tr_chart_format format, int threads);

#endif
