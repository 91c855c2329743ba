#ifndef TR_CHART_INTERNAL_H
#define TR_CHART_INTERNAL_H

/*
 * Internal to chart: what the layouts share (the look, the frame of title,
 * subtitle and legend, axes, number formatting) and one entry point per
 * chart kind. A layout reads tr_results and draws into a tr_scene; it never
 * knows which format the scene becomes.
 */

#include "chart.h"
#include "chart_scene_internal.h"
#include "util/buf.h"

/* ---- the look ------------------------------------------------------------ */

#define TR_CHART_WIDTH 800.0
#define TR_MARGIN 16.0
#define TR_TITLE_SIZE 17.0
#define TR_TEXT_SIZE 13.0    /* labels, legend */
#define TR_SMALL_SIZE 12.0   /* ticks, value labels, subtitle */
/* Line charts keep their highest point this far below the top grid line
 * (a line on the frame reads as cut off). */
#define TR_LINE_HEADROOM 1.04

/* Every style class a chart uses (background, text, grid, axes, the
 * providers' colours as p0..pN by provider index, run dashes, init phase
 * colours), in one fixed order, so the CSS of every chart is alike and a
 * provider's class and colour are the same in every chart. */
void tr_frame_styles(tr_scene *s, const tr_results *r);

/* The background, then the title (bold, wrapped to two lines) and a
 * subtitle (muted, wrapped to three) at the top. Returns the y below. */
double tr_frame_header(tr_scene *s, const char *title, const char *subtitle);

typedef enum tr_swatch {
	TR_SWATCH_BOX = 0,    /* a filled square: bars */
	TR_SWATCH_LINE        /* a short line: line charts */
} tr_swatch;

typedef struct tr_legend_entry {
	const char *label;
	const char *cls;      /* classes of the swatch: "p0", "ph2", "run1" */
	tr_swatch swatch;
	bool new_row;         /* start a row (a second kind of entry) */
} tr_legend_entry;

/* Legend entries in rows from the left margin, wrapping to the canvas
 * width; long labels are shortened, the full text in their <title>.
 * Returns the y below. */
double tr_frame_legend(tr_scene *s, const tr_legend_entry *e, size_t n,
                       double y);

/* A legend being built (legend.c): the entries and the classes it owns.
 * Labels are borrowed (the results' or static text). Zero-initialise,
 * add entries, draw with tr_frame_open (or tr_frame_legend(s, l.e, l.n,
 * y)), free with tr_legend_free. */
typedef struct tr_legend {
	tr_legend_entry *e;
	size_t n, cap;
} tr_legend;

/* An entry of class "<prefix><index>" ("p3", "neutral run1", "ph2"). */
int tr_legend_add(tr_legend *l, const char *label, const char *prefix,
                  size_t index, tr_swatch swatch, bool new_row);
/* Provider p's entry: its label, class "p<p>". */
int tr_legend_add_provider(tr_legend *l, const tr_results *r, size_t p,
                           tr_swatch swatch);
/* Whether an entry has this label. */
bool tr_legend_has(const tr_legend *l, const char *label);
void tr_legend_free(tr_legend *l);

/* The top of a chart: tr_frame_styles, tr_frame_header and the legend
 * (none when l is NULL or empty). Returns the y below. */
double tr_frame_open(tr_scene *s, const tr_results *r, const char *title,
                     const char *subtitle, const tr_legend *l);

/* The canvas ends at `height` (layouts grow to fit their content): sets
 * the scene's height and the background's. */
void tr_frame_finish(tr_scene *s, double height);
/* The canvas ends below an x axis with a title (tr_axis_draw_x,
 * tr_axis_x_title) whose plot ends at `bottom`, and a margin. */
void tr_frame_finish_x_axis(tr_scene *s, double bottom);

/* An init phase's colour class is "ph<i>", i its tr_phase_index (model.h):
 * TR_PHASE_OTHER for names pgbench does not print; a provider's is "p<i>",
 * i its index in tr_results. */

/* ---- numbers ------------------------------------------------------------- */

/* Numbers as new strings (tr_numstr_*: the caller frees; NULL when out of
 * memory), over util's tr_fmt_*, which append to a tr_buf. Never "-0". */

/* Grouped with ",", fixed decimals: "1,234.56". Caller frees. */
char *tr_numstr_grouped(double v, int decimals);
/* 3 significant digits (tr_fmt_readable), grouped: "1,235", "8.07". */
char *tr_numstr_short(double v, int max_decimals);

/* At most max_decimals decimals, trailing zeros dropped: "10", "2.5". */
char *tr_numstr_trim(double v, int max_decimals);

/* ---- axes ---------------------------------------------------------------- */

/* A linear axis with ticks at 1, 2 or 5 x 10^k. */
typedef struct tr_axis {
	double min, max;     /* the axis range: whole steps */
	double step;
	int decimals;        /* for tick labels */
	size_t nticks;
	const char *unit;    /* appended to tick labels ("%", " s"), or NULL */
} tr_axis;

/* The nicest axis from lo to hi with at most `target` steps (lo is
 * usually 0). hi <= lo gives an axis up to one step. */
void tr_axis_nice(tr_axis *out, double lo, double hi, int target);
double tr_axis_tick(const tr_axis *a, size_t i);
/* Tick label i (grouped, the axis's decimals, its unit). Caller frees. */
char *tr_axis_label(const tr_axis *a, size_t i);
/* The widest tick label, in px at TR_SMALL_SIZE. */
double tr_axis_label_width(tr_scene *s, const tr_axis *a);

/* A vertical value axis: a grid line and a label per tick from `left`
 * (the plot's left edge) to `right`, values mapped onto [bottom, top]; its
 * title sits above the plot at the left margin, horizontal. */
void tr_axis_draw_y(tr_scene *s, const tr_axis *a, double left, double right,
                    double top, double bottom, const char *title);
/* A horizontal value axis under the plot; its title centred below. */
void tr_axis_draw_x(tr_scene *s, const tr_axis *a, double left, double right,
                    double top, double bottom, const char *title);
/* px of value v on an axis drawn from p0 (at a->min) to p1 (at a->max). */
double tr_axis_map(const tr_axis *a, double v, double p0, double p1);
/* The title of a horizontal axis, centred below its tick labels. */
void tr_axis_x_title(tr_scene *s, double left, double right, double bottom,
                     const char *title);

/* A plot's edges in px. */
typedef struct tr_plot {
	double left, right, top, bottom;
} tr_plot;

/* The plot of a line chart below y (the y axis's title sits above it):
 * from right of the y tick labels (label_w wide) to pad_right short of the
 * right margin, height px tall. */
void tr_plot_below(tr_plot *out, const tr_scene *s, double label_w,
                   double pad_right, double y, double height);

/* ---- the chart kinds -------------------------------------------------- */

/* What a bars chart shows for one cell: the bar value, its whisker (lo,
 * hi; NaN for none) and the <title> text. Returns 1 when the cell has a
 * value for this kind, 0 when not, TR_ENOMEM when out of memory. title
 * may be NULL (not wanted); else *title is set (NULL unless 1 is
 * returned) and the caller frees it. */
int tr_bars_value(const tr_results *r, const tr_cell *c, tr_chart_kind kind,
                  double *v, double *lo, double *hi, char **title);

int tr_layout_bars(tr_scene *s, const tr_results *r, const tr_chart_item *item);
int tr_layout_init(tr_scene *s, const tr_results *r, const tr_chart_item *item);
int tr_layout_timeline(tr_scene *s, const tr_results *r,
                       const tr_chart_item *item);
int tr_layout_percentiles(tr_scene *s, const tr_results *r,
                          const tr_chart_item *item);
int tr_layout_sweep(tr_scene *s, const tr_results *r, const tr_chart_item *item);
int tr_layout_waits(tr_scene *s, const tr_results *r, const tr_chart_item *item);
int tr_layout_list(tr_scene *s, const tr_results *r, const tr_chart_list *list);

/* Lay out the chart of item into a new scene (tr_scene_init'ed here; the
 * caller frees it with tr_scene_free in every case). Fails with a message
 * when the results hold nothing for it. Exposed for the tests, which check
 * the scene's geometry. */
int tr_chart_scene(tr_scene *out, const tr_results *r, const tr_chart_item *item);

/* Writers: append the scene as a file to out. */
int tr_svg_write(tr_buf *out, const tr_scene *s);
int tr_raster_write(tr_buf *out, const tr_scene *s, tr_chart_format format);

#endif
