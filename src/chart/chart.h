#ifndef TR_CHART_H
#define TR_CHART_H

/*
 * chart: every chart of a report, laid out once into a small
 * backend-neutral scene (rectangles, lines, text with anchor and size),
 * then written as SVG (libxml2's writer: real <text>, a <title> per mark,
 * CSS classes with a dark-mode block, no external references) or as PNG
 * (2x) and PDF (cairo). Only this module includes cairo. Text is measured
 * with cairo so labels fit. Output depends only on the results: the same
 * results give the same bytes on any machine and locale.
 */

#include "stats/stats.h"
#include "util/buf.h"

typedef enum tr_chart_kind {
	TR_CHART_TPS = 0,     /* grouped bars: median TPS, whisker min-max */
	TR_CHART_LATENCY,     /* grouped bars: latency average */
	TR_CHART_P95,         /* grouped bars: p95 of window mean latency */
	TR_CHART_COV,         /* grouped bars: TPS CoV (worst run) */
	TR_CHART_COST,        /* grouped bars: cost per TPS */
	TR_CHART_VALUE,       /* grouped bars: TPS per 100 currency units */
	TR_CHART_INIT,        /* stacked horizontal bars: init phases */
	TR_CHART_TIMELINE,    /* lines over time: window TPS per run */
	TR_CHART_PERCENTILES, /* latency percentile plot (transaction logs) */
	TR_CHART_SWEEP,       /* lines against clients */
	TR_CHART_WAITS        /* a panel of bars per provider: top waits
	                         (the sampler's runN.server.json), per scenario */
} tr_chart_kind;

typedef enum tr_chart_format {
	TR_CHART_SVG = 0,
	TR_CHART_PNG,
	TR_CHART_PDF
} tr_chart_format;

/* One chart the data allows. */
typedef struct tr_chart_item {
	tr_chart_kind kind;
	long scenario;        /* index, or -1 for all scenarios in one chart */
	long workload;        /* index, or -1 */
	char *name;           /* file-name safe and unique: "tps",
	                         "timeline-bench100", "sweep-bench100-tpc-b" */
	char *title;          /* "Median TPS by scenario" */
	char *alt;            /* one or two sentences summarising the chart
	                         for aria-label and alt text */
	double width;         /* canvas width in px; 0: the default, 800 (a
	                         phone's rendition is drawn 340 wide, so that
	                         it shows at scale 1 and 12-px text stays 12) */
	/* A chart of too many providers for one picture is drawn in parts
	 * (docs/charts.md): part `page` (from 0) of `npages`; npages 0 or 1:
	 * one picture of every provider. */
	size_t page, npages;
	char *note;           /* the first part's: one plain sentence saying
	                         the chart is drawn in parts; else NULL */
} tr_chart_item;

/* The width of a phone's rendition: it fits a 360-px screen with 1 rem
 * of margin on each side at scale 1 or nearly (>= 11/12). */
#define TR_CHART_NARROW 340.0

typedef struct tr_chart_plan {
	tr_chart_item *items;
	size_t count;
} tr_chart_plan;

/* "tps", "latency", "p95", "cov", "cost", "value", "init", "timeline",
 * "percentiles", "sweep", "waits". Returns 0 or TR_EINVALID. */
int tr_chart_kind_parse(tr_chart_kind *out, const char *name);
const char *tr_chart_kind_name(tr_chart_kind kind);

/* Colours are presentation, so they are chart's: provider i's default
 * colour (Okabe-Ito, colour-blind safe, by index), and the colour a
 * provider has in every chart and in results.json: the ini's as written,
 * else the default. Static storage or owned by the results. */
const char *tr_chart_palette_color(size_t i);
/* How many colours the palette has before they come round again (each
 * round with a style of its own: a dashed outline). */
size_t tr_chart_palette_size(void);
const char *tr_chart_provider_color(const tr_results *r, size_t i);

/* Every chart the results allow, in report order (kinds without data,
 * e.g. cost without prices, are left out). Free with tr_chart_plan_free. */
int tr_chart_plan_make(tr_chart_plan *out, const tr_results *r);
void tr_chart_plan_free(tr_chart_plan *plan);

/* The planned chart of this kind for this scenario (-1: the all-scenario
 * one, or the first), or NULL. */
const tr_chart_item *tr_chart_plan_find(const tr_chart_plan *plan,
                                        tr_chart_kind kind, long scenario);

/* The chart of this kind for one scenario (and workload), whether or not
 * the plan draws it (tpsreport chart --scenario S). -1 chooses as the plan
 * does: bars and init of every scenario; timeline, percentiles and sweep
 * of the first scenario and workload with data; waits of the first scenario
 * with data (always one scenario, every workload). For sweeps, workload is
 * any workload of the transaction type wanted. Returns 0, TR_ENOTFOUND
 * with a message when the results hold nothing for it, or TR_ENOMEM.
 * Free with tr_chart_item_free. */
int tr_chart_item_make(tr_chart_item *out, const tr_results *r,
                       tr_chart_kind kind, long scenario, long workload);
/* Frees the strings of an item made by tr_chart_item_make (not of a
 * plan's items: tr_chart_plan_free does that). */
void tr_chart_item_free(tr_chart_item *item);

/* Draw one chart; appends the file's bytes to out. Fails with a message
 * when the results have no data for it. */
int tr_chart_render(tr_buf *out, const tr_results *r,
                    const tr_chart_item *item, tr_chart_format format);

/* ---- lists of bars a writeup directive computed ----------------------- */

/* One bar: a provider's figure, labelled, with a note after its value. */
typedef struct tr_chart_bar {
	const char *label;    /* "Tuned PostgreSQL 15" or "2. Local SSD" */
	size_t provider;      /* its colour */
	double value;         /* NaN: drawn as "n/a" */
	const char *note;     /* "+22%" after the value, or NULL */
	const char *title;    /* the bar's tooltip, or NULL for its value */
	const char *text;     /* the value as the tables print it ("6.7%"), or
	                         NULL: 3 significant digits */
	const char *badge;    /* a group drawn under the label ("Managed"), its
	                         colour one per distinct badge; NULL: none */
} tr_chart_bar;

typedef struct tr_chart_list {
	const char *name;     /* file-name safe: the id prefix of the SVG */
	const char *title;
	const char *subtitle; /* or NULL */
	const char *alt;
	const char *axis_title;
	const tr_chart_bar *bars;   /* drawn top to bottom in this order */
	size_t nbars;
	double width;         /* as tr_chart_item's */
} tr_chart_list;

/* {{chart rank}} and {{chart journey}}: one bar per row, in order, on a
 * zero-based axis. Appends the file's bytes to out. */
int tr_chart_list_render(tr_buf *out, const tr_results *r,
                         const tr_chart_list *list, tr_chart_format format);

#endif
