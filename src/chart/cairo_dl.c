/* cairo_dl.c: cairo, loaded when a chart is first measured or drawn.
 *
 * cairo brings pixman, fontconfig, freetype, libpng and the X11 libraries
 * with it: linked in, loading them cost every start of tpsreport 3.0 ms
 * (an empty program linked with tpsreport's other libraries starts in
 * 3.3 ms, 6.3 ms with cairo too), a tenth of reading two million log lines
 * with `summary`, which draws nothing. So tpsreport is not linked with
 * cairo: the functions of it that chart calls are defined here and
 * forward to cairo's own (util/dl.h). The entry points that make cairo
 * objects (tr_text_measure_new, tr_raster_write) call tr_cairo_load
 * first, which says what is missing when cairo cannot be loaded. */

#include "chart_scene_internal.h"
#include "util/dl.h"

#include <cairo.h>
#include <cairo-pdf.h>

/* The functions chart uses: result type (V: none), name, parameters, and
 * the arguments they are passed on as. */
#define S_CAIRO_FUNCTIONS(X, V)                                               \
	X(cairo_t *, cairo_create, (cairo_surface_t *a), (a))                 \
	V(cairo_destroy, (cairo_t *a), (a))                                   \
	V(cairo_fill_preserve, (cairo_t *a), (a))                             \
	V(cairo_font_extents, (cairo_t *a, cairo_font_extents_t *b), (a, b))  \
	X(cairo_font_options_t *, cairo_font_options_create, (void), ())      \
	V(cairo_font_options_destroy, (cairo_font_options_t *a), (a))         \
	V(cairo_font_options_set_antialias,                                   \
	 (cairo_font_options_t *a, cairo_antialias_t b), (a, b))              \
	V(cairo_font_options_set_hint_metrics,                                \
	 (cairo_font_options_t *a, cairo_hint_metrics_t b), (a, b))           \
	V(cairo_font_options_set_hint_style,                                  \
	 (cairo_font_options_t *a, cairo_hint_style_t b), (a, b))             \
	X(cairo_surface_t *, cairo_image_surface_create,                      \
	 (cairo_format_t a, int b, int c), (a, b, c))                         \
	X(unsigned char *, cairo_image_surface_get_data,                      \
	 (cairo_surface_t *a), (a))                                           \
	X(int, cairo_image_surface_get_stride, (cairo_surface_t *a), (a))     \
	V(cairo_line_to, (cairo_t *a, double b, double c), (a, b, c))         \
	V(cairo_move_to, (cairo_t *a, double b, double c), (a, b, c))         \
	V(cairo_new_path, (cairo_t *a), (a))                                  \
	V(cairo_paint, (cairo_t *a), (a))                                     \
	X(cairo_surface_t *, cairo_pdf_surface_create_for_stream,             \
	 (cairo_write_func_t a, void *b, double c, double d), (a, b, c, d))   \
	V(cairo_pdf_surface_set_metadata,                                     \
	 (cairo_surface_t *a, cairo_pdf_metadata_t b, const char *c),         \
	 (a, b, c))                                                           \
	V(cairo_rectangle,                                                    \
	 (cairo_t *a, double b, double c, double d, double e),                \
	 (a, b, c, d, e))                                                     \
	V(cairo_restore, (cairo_t *a), (a))                                   \
	V(cairo_rotate, (cairo_t *a, double b), (a, b))                       \
	V(cairo_save, (cairo_t *a), (a))                                      \
	V(cairo_scale, (cairo_t *a, double b, double c), (a, b, c))           \
	V(cairo_select_font_face,                                             \
	 (cairo_t *a, const char *b, cairo_font_slant_t c,                    \
	  cairo_font_weight_t d), (a, b, c, d))                               \
	V(cairo_set_dash,                                                     \
	 (cairo_t *a, const double *b, int c, double d), (a, b, c, d))        \
	V(cairo_set_font_options,                                             \
	 (cairo_t *a, const cairo_font_options_t *b), (a, b))                 \
	V(cairo_set_font_size, (cairo_t *a, double b), (a, b))                \
	V(cairo_set_line_cap, (cairo_t *a, cairo_line_cap_t b), (a, b))       \
	V(cairo_set_line_join, (cairo_t *a, cairo_line_join_t b), (a, b))     \
	V(cairo_set_line_width, (cairo_t *a, double b), (a, b))               \
	V(cairo_set_source_rgb,                                               \
	 (cairo_t *a, double b, double c, double d), (a, b, c, d))            \
	V(cairo_show_text, (cairo_t *a, const char *b), (a, b))               \
	X(cairo_status_t, cairo_status, (cairo_t *a), (a))                    \
	X(const char *, cairo_status_to_string, (cairo_status_t a), (a))      \
	V(cairo_stroke_preserve, (cairo_t *a), (a))                           \
	V(cairo_surface_destroy, (cairo_surface_t *a), (a))                   \
	V(cairo_surface_finish, (cairo_surface_t *a), (a))                    \
	V(cairo_surface_flush, (cairo_surface_t *a), (a))                     \
	X(cairo_status_t, cairo_surface_status, (cairo_surface_t *a), (a))    \
	X(cairo_status_t, cairo_surface_write_to_png_stream,                  \
	 (cairo_surface_t *a, cairo_write_func_t b, void *c), (a, b, c))      \
	V(cairo_text_extents,                                                 \
	 (cairo_t *a, const char *b, cairo_text_extents_t *c), (a, b, c))     \
	V(cairo_translate, (cairo_t *a, double b, double c), (a, b, c))

/* Where the build found cairo, then its soname. */
static const char *const S_names[] = {
#ifdef TR_CAIRO_PATH
	TR_CAIRO_PATH,
#endif
	"libcairo.so.2", "libcairo.2.dylib"
};

TR_DL_LIBRARY(S_lib, S_fn, S_CAIRO_FUNCTIONS, S_names,
              "cairo (the library that measures and draws the charts' text and "
              "PNG/PDF)",
              "install it (Debian: apt-get install libcairo2)",
              "TPSREPORT_CAIRO");

int tr_cairo_load(void)
{
	return tr_dl_load(&S_lib);
}

S_CAIRO_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD)
