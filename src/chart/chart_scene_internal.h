#ifndef TR_CHART_SCENE_INTERNAL_H
#define TR_CHART_SCENE_INTERNAL_H

/*
 * Internal to chart: the backend-neutral scene a layout draws into, and
 * that svg.c and raster.c write out. A scene is a canvas size in px, a
 * small style sheet (CSS-like classes: fill, stroke, width, dash, with
 * dark-mode colours), and an ordered list of marks: rectangles, lines,
 * polylines and text. Each mark carries its class list ("bar p0"), an
 * optional id and an optional <title> text (the exact value).
 *
 * Text is measured at creation (font.c, through Pango, with the fonts and
 * settings that draw the PNG and PDF), so every text mark knows its box; tests check from it that text stays inside the canvas and that
 * labels never overlap.
 *
 * Errors are sticky, as in tr_json: drawing calls never fail loudly; the
 * first failure is kept in scene->rc and returned by tr_scene_finish(), so
 * layouts read as a list of drawing steps. Every string put into a scene
 * is copied and made safe for XML (invalid UTF-8 and control characters
 * replaced).
 */

#include <stdbool.h>
#include <stddef.h>

/* One family everywhere: the SVG declares it, Pango measures and draws
 * with it (Debian: fonts-dejavu-core), and with fallback fonts for what it
 * lacks (CJK: fonts-noto-cjk or fonts-droid-fallback). */
#define TR_FONT_FAMILY "DejaVu Sans"
#define TR_FONT_CSS "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"

typedef enum tr_mark_kind {
	TR_MARK_RECT = 0,
	TR_MARK_LINE,
	TR_MARK_POLYLINE,
	TR_MARK_TEXT
} tr_mark_kind;

typedef enum tr_anchor {
	TR_ANCHOR_START = 0,
	TR_ANCHOR_MIDDLE,
	TR_ANCHOR_END
} tr_anchor;

typedef struct tr_mark {
	tr_mark_kind kind;
	char *cls;          /* space-separated class names; never NULL */
	char *id;           /* or NULL */
	char *title;        /* the <title> text, or NULL */
	/* rect: x, y, w, h; line: (x, y) to (x2, y2); text: anchor point on
	 * the baseline (before rotation) */
	double x, y, w, h, x2, y2;
	double *pts;        /* polyline: x0, y0, x1, y1, ... (owned) */
	size_t npts;        /* number of points */
	char *text;         /* text content */
	tr_anchor anchor;
	double size;        /* font size, px */
	bool bold;
	bool vertical;      /* rotated -90 degrees about (x, y) */
	double box[4];      /* text: x0, y0, x1, y1 of its extent on canvas */
} tr_mark;

/* A class of the style sheet. Colours are "#rrggbb", "none", or "" for
 * unset; numbers < 0 are unset. Rules apply in order, later ones win (the
 * SVG's CSS uses the same order and equal specificity). */
typedef struct tr_style {
	char name[24];
	char fill[8];
	char stroke[8];
	double stroke_width;
	double dash[2];     /* on, off; 0 0 for solid */
	double opacity;
	char dark_fill[8];
	char dark_stroke[8];
} tr_style;

typedef struct tr_text_measure tr_text_measure;  /* text.c */

typedef struct tr_scene {
	double width, height;
	char *title;        /* the chart's <title> */
	char *alt;          /* aria-label */
	char *id_prefix;    /* prefix of every id ("tps-"), or "" */
	tr_style *styles;
	size_t nstyles, styles_cap;
	tr_mark *marks;
	size_t nmarks, marks_cap;
	tr_text_measure *measure;
	int rc;             /* first failure, sticky */
} tr_scene;

/* Set up an empty scene of w x h px; title, alt and id_prefix are copied.
 * Returns 0 or TR_ENOMEM/TR_ERROR (Pango could not start); free with
 * tr_scene_free() in every case. */
int tr_scene_init(tr_scene *s, double w, double h, const char *title,
                  const char *alt, const char *id_prefix);
void tr_scene_free(tr_scene *s);
/* The first failure of any drawing call, or 0. */
int tr_scene_finish(tr_scene *s);

/* Add a style class (see tr_style). dash may be NULL for solid. */
void tr_scene_style(tr_scene *s, const char *name, const char *fill,
                    const char *stroke, double stroke_width,
                    const double *dash, const char *dark_fill,
                    const char *dark_stroke);
/* The resolved style of a class list, as raster.c paints it: the rules of
 * every class in `cls`, in sheet order. dark: the dark-mode colours. */
void tr_scene_resolve(tr_style *out, const tr_scene *s, const char *cls,
                      bool dark);

/* Marks. Each returns the index of the new mark, or -1 after a failure
 * (kept in s->rc). title may be NULL. */
long tr_scene_rect(tr_scene *s, const char *cls, const char *title,
                   double x, double y, double w, double h);
long tr_scene_line(tr_scene *s, const char *cls, const char *title,
                   double x1, double y1, double x2, double y2);
/* pts: n points as x, y pairs (copied). */
long tr_scene_polyline(tr_scene *s, const char *cls, const char *title,
                       const double *pts, size_t n);
long tr_scene_text(tr_scene *s, const char *cls, const char *title,
                   double x, double y, tr_anchor anchor, double size,
                   bool bold, bool vertical, const char *text);
/* Give mark i the id id_prefix + id (copied, made XML-name safe). */
void tr_scene_set_id(tr_scene *s, long i, const char *id);

/* ---- text (text.c) ---------------------------------------------------- */

/* A Pango context for measuring text in TR_FONT_FAMILY (and fallback fonts)
 * with hinting off, so widths scale linearly and match the PNG and PDF
 * (font.c). For the thread that made it only. Returns 0, TR_ENOMEM or
 * TR_ERROR (no font map); free with tr_text_measure_free. */
int tr_text_measure_new(tr_text_measure **out);
void tr_text_measure_free(tr_text_measure *m);

/* Advance width of s in px, shaped (kerning, ligatures, joined scripts). */
double tr_text_width(tr_text_measure *m, const char *s, double size, bool bold);
/* TR_FONT_FAMILY's ascent and descent in px (positive); a fallback font's
 * glyphs may reach a little beyond them. */
void tr_text_extents(tr_text_measure *m, double size, bool bold,
                     double *ascent, double *descent);

/* s shortened to fit max_w px, with "…" at a character boundary when it
 * had to be cut (s itself when it fits). Caller frees. */
char *tr_text_fit(tr_text_measure *m, const char *s, double size, bool bold,
                  double max_w);

/* s broken at spaces into at most max_lines lines of at most max_w px; a
 * word wider than a line, or text beyond the last line, is cut with "…".
 * *out is an array of *n strings; free with tr_text_lines_free. */
int tr_text_wrap(char ***out, size_t *n, tr_text_measure *m, const char *s,
                 double size, bool bold, double max_w, size_t max_lines);
void tr_text_lines_free(char **lines, size_t n);
/* Whether a line of tr_text_wrap was cut ("…" in it but not in the full
 * text): the full text then goes in the line's <title>. */
bool tr_text_is_cut(const char *line, const char *full);

/* A copy of s that is valid UTF-8 without control characters (XML 1.0
 * cannot hold them): each invalid byte becomes U+FFFD, each control
 * character a space. NULL in, NULL out. Caller frees. */
char *tr_text_clean(const char *s);

#endif
