/* raster.c: a scene as PNG (at 2x, for sharp screens) or PDF, with cairo.
 *
 * Styles are resolved from the scene's classes in light mode, exactly as
 * the SVG's CSS paints them; text is drawn by font.c (Pango) with the
 * fonts and unhinted metrics that measured it, so what fits there fits
 * here, in any script.
 *
 * Deterministic bytes: PNG pixels depend only on the scene; the PDF's
 * creation date, which cairo would take from the clock, is set to a fixed
 * value (cairo >= 1.16), and cairo names font subsets by their content.
 * What still differs between machines is cairo's own version, which it
 * writes as the PDF's Producer. */

#include "chart_png_internal.h"
#include "chart_internal.h"
#include "chart_text_internal.h"
#include "util/buf.h"
#include "util/error.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_PNG_SCALE 2.0
#define S_PI 3.14159265358979323846

static cairo_status_t S_write(void *closure, const unsigned char *data,
                              unsigned int length)
{
	return tr_buf_put(closure, data, length) < 0 ? CAIRO_STATUS_WRITE_ERROR
	                                              : CAIRO_STATUS_SUCCESS;
}

/* "#rrggbb" to 0..1 components; false for "none", "" or anything else. */
static bool S_rgb(const char *c, double rgb[3])
{
	if (!c || c[0] != '#' || strlen(c) != 7)
		return false;
	for (int i = 0; i < 3; i++) {
		unsigned v = 0;
		for (int k = 0; k < 2; k++) {
			char ch = c[1 + 2 * i + k];
			v = v * 16 + (unsigned)(ch >= 'a' ? ch - 'a' + 10
			                        : ch >= 'A' ? ch - 'A' + 10 : ch - '0');
		}
		rgb[i] = v / 255.0;
	}
	return true;
}

static bool S_source(cairo_t *cr, const char *color)
{
	double rgb[3];
	if (!S_rgb(color, rgb))
		return false;
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
	return true;
}

static void S_stroke_style(cairo_t *cr, const tr_style *st)
{
	cairo_set_line_width(cr, st->stroke_width >= 0 ? st->stroke_width : 1);
	if (st->dash[0] > 0 || st->dash[1] > 0)
		cairo_set_dash(cr, st->dash, 2, 0);
	else
		cairo_set_dash(cr, NULL, 0, 0);
}

static void S_fill_stroke(cairo_t *cr, const tr_style *st)
{
	if (S_source(cr, st->fill))
		cairo_fill_preserve(cr);
	if (S_source(cr, st->stroke)) {
		S_stroke_style(cr, st);
		cairo_stroke_preserve(cr);
	}
	cairo_new_path(cr);
}

/* Text through Pango, with the scene's own measure (font.c): the fonts
 * and settings that laid the scene out. */
static void S_text(cairo_t *cr, tr_text_measure *tm, const tr_mark *m,
                   const tr_style *st)
{
	if (!m->text[0] || !S_source(cr, st->fill))
		return;
	cairo_save(cr);
	cairo_translate(cr, m->x, m->y);
	if (m->vertical)
		cairo_rotate(cr, -S_PI / 2);
	tr_text_draw(tm, cr, m->text, m->size, m->bold, m->anchor);
	cairo_restore(cr);
	cairo_new_path(cr);
}

static void S_draw(cairo_t *cr, const tr_scene *s)
{
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (size_t i = 0; i < s->nmarks; i++) {
		const tr_mark *m = &s->marks[i];
		tr_style st;
		tr_scene_resolve(&st, s, m->cls, false);
		switch (m->kind) {
		case TR_MARK_RECT:
			cairo_rectangle(cr, m->x, m->y, m->w, m->h);
			S_fill_stroke(cr, &st);
			break;
		case TR_MARK_LINE:
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
			cairo_move_to(cr, m->x, m->y);
			cairo_line_to(cr, m->x2, m->y2);
			S_fill_stroke(cr, &st);
			break;
		case TR_MARK_POLYLINE:
			if (m->npts == 0)
				break;
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			cairo_move_to(cr, m->pts[0], m->pts[1]);
			for (size_t k = 1; k < m->npts; k++)
				cairo_line_to(cr, m->pts[2 * k], m->pts[2 * k + 1]);
			/* an open polyline is not filled (SVG would fill it) */
			st.fill[0] = '\0';
			S_fill_stroke(cr, &st);
			break;
		case TR_MARK_TEXT:
			S_text(cr, s->measure, m, &st);
			break;
		}
	}
}

static int S_status(cairo_status_t st, const char *what)
{
	if (st == CAIRO_STATUS_SUCCESS)
		return 0;
	if (st == CAIRO_STATUS_NO_MEMORY)
		return tr_error_set("out of memory while drawing the %s", what);
	return tr_error_set("cairo could not draw the %s: %s", what,
	                    cairo_status_to_string(st));
}

/* The PNG's scale: 2x for sharp screens, less for a scene so tall that
 * 2x would pass cairo's 32,767 pixels a side or S_PNG_MAX_PIXELS (a
 * surface of 256 MB for a grid of hundreds of bars): the picture is then
 * less sharp, never missing, and the build never fails for its size. */
#define S_PNG_MAX_SIDE 32767.0
#define S_PNG_MAX_PIXELS (24.0 * 1024 * 1024)

static double S_png_scale(const tr_scene *s)
{
	double scale = S_PNG_SCALE, w = s->width > 1 ? s->width : 1, h = s->height > 1 ? s->height : 1;
	if (w * scale > S_PNG_MAX_SIDE)
		scale = S_PNG_MAX_SIDE / w;
	if (h * scale > S_PNG_MAX_SIDE)
		scale = S_PNG_MAX_SIDE / h;
	if (w * h * scale * scale > S_PNG_MAX_PIXELS)
		scale = sqrt(S_PNG_MAX_PIXELS / (w * h));
	return floor(scale * 1000) / 1000;
}

/* Whether the scene's first mark is an opaque rectangle over the whole
 * surface, on whole pixels (the scene's size times scale is the
 * surface's): then it sets every pixel, and nothing needs painting
 * under it. */
static bool S_covers(const tr_scene *s, double scale, int w, int h)
{
	const tr_mark *m = s->nmarks ? &s->marks[0] : NULL;
	tr_style st;
	double rgb[3];
	if (!m || m->kind != TR_MARK_RECT || m->x != 0 || m->y != 0 ||
	    m->w < s->width || m->h < s->height || s->width * scale != (double)w ||
	    s->height * scale != (double)h)
		return false;
	tr_scene_resolve(&st, s, m->cls, false);
	return S_rgb(st.fill, rgb);
}

static int S_png(tr_buf *out, const tr_scene *s)
{
	double scale = S_png_scale(s);
	int w = (int)ceil(s->width * scale);
	int h = (int)ceil(s->height * scale);
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	/* pixels not cleared first (cairo would): the background rect or
	 * the white paint below sets every one of them */
	unsigned char *data = stride > 0 ? malloc((size_t)stride * (size_t)h) : NULL;
	cairo_surface_t *surface;
	cairo_t *cr;
	int rc;
	if (!data)
		return stride > 0 ? tr_error_set("out of memory while drawing the PNG")
		                  : tr_error_set("cairo could not draw the PNG: %d pixels wide", w);
	surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, w, h, stride);
	cr = cairo_create(surface);
	cairo_scale(cr, scale, scale);
	/* white under the scene, should its background not cover it all */
	if (!S_covers(s, scale, w, h)) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
	}
	S_draw(cr, s);
	rc = S_status(cairo_status(cr), "PNG");
	cairo_destroy(cr);
	if (rc == 0) {
		cairo_surface_flush(surface);
		rc = tr_png_encode_rgb24(out, data, w, h, stride);
	}
	cairo_surface_destroy(surface);
	free(data);
	return rc;
}

/* The fixed creation date, and how cairo 1.16 writes it: without the "D:"
 * that PDF dates begin with (fixed in later cairo releases). */
#define S_PDF_DATE "2000-01-01T00:00:00Z"
#define S_PDF_DATE_116 "/CreationDate (20000101000000Z)"
#define S_PDF_DATE_FIX "/CreationDate (D:200001010000Z)"

/* Give cairo 1.16's date its "D:" prefix. The replacement drops the
 * seconds so it has the same length, and every offset in the file's cross
 * reference table stays right. A later cairo writes the prefix itself and
 * the pattern is not found. */
static void S_pdf_fix_date(tr_buf *out, size_t start)
{
	size_t n = sizeof(S_PDF_DATE_116) - 1;
	for (size_t i = start; i + n <= out->size; i++)
		if (memcmp(out->ptr + i, S_PDF_DATE_116, n) == 0) {
			memcpy(out->ptr + i, S_PDF_DATE_FIX, n);
			return;
		}
}

static int S_pdf(tr_buf *out, const tr_scene *s)
{
	/* 1 px of the layout = 1 pt of the page: an 800 px chart is a page
	 * about 28 cm wide, which PDF viewers and LaTeX scale as needed */
	size_t start = out->size;
	cairo_surface_t *surface =
		cairo_pdf_surface_create_for_stream(S_write, out, s->width, s->height);
	cairo_t *cr;
	int rc;
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, s->title);
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
	                               "tpsreport");
	/* fixed, or cairo writes the current time: identical input must give
	 * identical bytes */
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE,
	                               S_PDF_DATE);
#endif
	cr = cairo_create(surface);
	S_draw(cr, s);
	rc = S_status(cairo_status(cr), "PDF");
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (rc == 0)
		rc = S_status(cairo_surface_status(surface), "PDF");
	cairo_surface_destroy(surface);
	if (rc == 0)
		S_pdf_fix_date(out, start);
	return rc;
}

int tr_raster_write(tr_buf *out, const tr_scene *s, tr_chart_format format)
{
	return format == TR_CHART_PDF ? S_pdf(out, s) : S_png(out, s);
}
