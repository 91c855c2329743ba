/* font.c: chart text measured and drawn through Pango (pangocairo), the one
 * place that knows fonts.
 *
 * Pango shapes the text (HarfBuzz: Arabic joins and runs right to left,
 * combining marks sit on their letters, kerning as browsers apply it) and
 * falls back, glyph by glyph, to any installed font that has a character
 * TR_FONT_FAMILY lacks (Japanese through fonts-droid-fallback or Noto
 * CJK). Without such a font Pango draws a box with the code point in it:
 * the chart is still drawn.
 *
 * The same context settings serve measuring (for the SVG, PNG and PDF
 * layouts alike) and drawing (PNG, PDF): hinting and metric hinting off,
 * glyph positions not rounded to whole pixels, a fixed language, sizes in
 * pixels. Widths are measured at S_REF_PX and scaled: unhinted advances
 * are linear in the size, and at 256 px (an eighth of the 2048 units of
 * DejaVu's em) Pango's 1/1024-px units hold every advance exactly, so a
 * width does not depend on rounding at the size asked for. Pango sums
 * widths in 32-bit integers: text is measured S_CHUNK bytes at a time, so
 * that a label of any length is measured (and then cut) rather than
 * overflowing. */

#include "chart_text_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/str.h"
#include "util/strmap.h"

#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define S_REF_PX 256.0
#define S_CHUNK 1024
/* texts longer than this are not kept (fitting a long label measures many
 * of its prefixes once each), nor more than this many */
#define S_SEEN_LEN 256
#define S_SEEN_MAX 16384

/* A layout and the font it is set to now (so that a repeated font is not
 * set again: that would make Pango lay the text out anew). */
typedef struct S_pen {
	PangoLayout *layout;
	double size;
	bool bold;
} S_pen;

typedef struct S_seen {
	char *key;              /* owned; the map borrows it */
	double w;
} S_seen;

/* Widths at S_REF_PX by "0text" or "1text" (bold), one table per thread
 * (its font map's): a report lays each chart out once per format and
 * measures the same labels again and again; two calls in three were for
 * a text measured before. A width depends on nothing else, so the table
 * changes no output, only the time. */
typedef struct S_cache {
	tr_strmap map;          /* key -> index in seen */
	S_seen *seen;
	size_t n, cap;
	tr_buf key;             /* the key being looked up */
} S_cache;

static pthread_key_t S_cache_key;
static pthread_once_t S_cache_once = PTHREAD_ONCE_INIT;
static bool S_cache_ok;

struct tr_text_measure {
	PangoContext *ctx;        /* measuring: no transformation */
	S_pen measure;
	PangoContext *draw_ctx;   /* drawing: follows cairo's (made when first drawn) */
	S_pen draw;
	PangoFontDescription *desc;
	/* ascent and descent at S_REF_PX, [bold] */
	double asc[2], desc_px[2];
};

/* The settings every measurement and drawing shares. */
static void S_setup(PangoContext *ctx)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	/* not the reader's locale: the fallback font for Han characters, say,
	 * must not depend on LANG */
	pango_context_set_language(ctx, pango_language_from_string("en"));
	pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR);
}

/* A pen of the context: one line whatever the text holds (U+2029 would
 * start another), no font yet. Its paragraph runs left to right, as an SVG
 * <text> does by default: a label in Arabic still reads right to left, and
 * a number after it stays where a browser puts it. */
static void S_pen_init(S_pen *p, PangoContext *ctx)
{
	p->layout = pango_layout_new(ctx);
	pango_layout_set_single_paragraph_mode(p->layout, TRUE);
	pango_layout_set_auto_dir(p->layout, FALSE);
	p->size = -1;
}

/* The pen's layout set to the font at size px (bold or not). */
static void S_font(S_pen *p, PangoFontDescription *desc, double size, bool bold)
{
	if (p->size == size && p->bold == bold)
		return;
	pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD
	                                             : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
	pango_layout_set_font_description(p->layout, desc);
	p->size = size;
	p->bold = bold;
}

/* Ascent and descent of the font (not of the fallbacks) at S_REF_PX. */
static int S_metrics(tr_text_measure *m, bool bold)
{
	PangoFont *font;
	PangoFontMetrics *fm;
	S_font(&m->measure, m->desc, S_REF_PX, bold);
	font = pango_context_load_font(m->ctx, m->desc);
	if (!font)
		return tr_error_set("no font for \"%s\" (install fonts-dejavu-core)",
		                    TR_FONT_FAMILY);
	fm = pango_font_get_metrics(font, pango_language_from_string("en"));
	m->asc[bold] = (double)pango_font_metrics_get_ascent(fm) / PANGO_SCALE;
	m->desc_px[bold] = (double)pango_font_metrics_get_descent(fm) / PANGO_SCALE;
	pango_font_metrics_unref(fm);
	g_object_unref(font);
	return 0;
}

int tr_text_measure_new(tr_text_measure **out)
{
	/* Pango's default font map is one per thread (charts are drawn on
	 * several), and a context must stay on the thread that made it: a
	 * scene is laid out and written by one call on one thread. */
	PangoFontMap *map = pango_cairo_font_map_get_default();
	tr_text_measure *m;
	int rc;
	*out = NULL;
	m = tr_calloc(1, sizeof(*m));
	if (!m)
		return TR_ENOMEM;
	m->ctx = map ? pango_font_map_create_context(map) : NULL;
	if (!m->ctx) {
		free(m);
		return tr_error_set("Pango could not start (no font map)");
	}
	S_setup(m->ctx);
	S_pen_init(&m->measure, m->ctx);
	m->desc = pango_font_description_new();
	pango_font_description_set_family(m->desc, TR_FONT_FAMILY);
	if ((rc = S_metrics(m, false)) < 0 || (rc = S_metrics(m, true)) < 0) {
		tr_text_measure_free(m);
		return rc;
	}
	*out = m;
	return 0;
}

void tr_text_measure_free(tr_text_measure *m)
{
	if (!m)
		return;
	if (m->measure.layout)
		g_object_unref(m->measure.layout);
	if (m->draw.layout)
		g_object_unref(m->draw.layout);
	if (m->ctx)
		g_object_unref(m->ctx);
	if (m->draw_ctx)
		g_object_unref(m->draw_ctx);
	if (m->desc)
		pango_font_description_free(m->desc);
	free(m);
}

/* Whether s needs tr_text_clean: invalid UTF-8 or control characters
 * (Pango refuses the one, and the scene replaces the other). */
static bool S_unclean(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7F || *p == 0xC2)
			return true;  /* 0xC2: maybe a C1 control: let clean decide */
	return !tr_utf8_valid(s, strlen(s));
}

/* The advance of the layout's text in px: the sum of its glyphs' widths
 * (what the logical extents give, without computing any glyph's ink). */
static double S_advance(PangoLayout *layout)
{
	PangoLayoutLine *line = pango_layout_get_line_readonly(layout, 0);
	long w = 0;
	if (!line)
		return 0;
	for (GSList *r = line->runs; r; r = r->next) {
		const PangoGlyphItem *run = r->data;
		w += pango_glyph_string_get_width(run->glyphs);
	}
	return (double)w / PANGO_SCALE;
}

/* The width of s at S_REF_PX, measured. */
static double S_measure(tr_text_measure *m, const char *s, bool bold)
{
	double w = 0;
	S_font(&m->measure, m->desc, S_REF_PX, bold);
	for (size_t n = strlen(s); n > 0;) {
		size_t k = n;
		if (k > S_CHUNK) {
			k = S_CHUNK;
			while (((unsigned char)s[k] & 0xC0) == 0x80)
				k--;   /* a character's start (s is valid UTF-8) */
		}
		pango_layout_set_text(m->measure.layout, s, (int)k);
		w += S_advance(m->measure.layout);
		s += k;
		n -= k;
	}
	return w;
}

static void S_cache_free(void *p)
{
	S_cache *c = p;
	for (size_t i = 0; i < c->n; i++)
		free(c->seen[i].key);
	free(c->seen);
	tr_strmap_free(&c->map);
	tr_buf_free(&c->key);
	free(c);
}

static void S_cache_init(void)
{
	S_cache_ok = pthread_key_create(&S_cache_key, S_cache_free) == 0;
}

/* This thread's table (freed when the thread ends), or NULL. */
static S_cache *S_cache_get(void)
{
	S_cache *c;
	pthread_once(&S_cache_once, S_cache_init);
	if (!S_cache_ok)
		return NULL;
	c = pthread_getspecific(S_cache_key);
	if (!c && (c = tr_calloc(1, sizeof(*c))) != NULL &&
	    pthread_setspecific(S_cache_key, c) != 0) {
		free(c);
		c = NULL;
	}
	return c;
}

/* Keep the width w of c->key (a failure only loses the time it saves). */
static void S_keep(S_cache *c, double w)
{
	char *copy;
	if (c->n >= S_SEEN_MAX || tr_grow(&c->seen, &c->cap, c->n + 1, sizeof(S_seen)) < 0)
		return;
	copy = tr_strndup(c->key.ptr, c->key.size);
	if (!copy || tr_strmap_put(&c->map, copy, c->key.size, c->n, NULL) < 0) {
		free(copy);
		return;
	}
	c->seen[c->n].key = copy;
	c->seen[c->n++].w = w;
}

/* The width of s at S_REF_PX: kept, or measured and kept. */
static double S_width(tr_text_measure *m, const char *s, size_t len, bool bold)
{
	S_cache *c = len <= S_SEEN_LEN ? S_cache_get() : NULL;
	size_t at;
	double w;
	if (!c)
		return S_measure(m, s, bold);
	tr_buf_clear(&c->key);
	tr_buf_putc(&c->key, bold ? '1' : '0');
	tr_buf_put(&c->key, s, len);
	if (!c->key.ptr)
		return S_measure(m, s, bold);
	if (tr_strmap_get(&c->map, c->key.ptr, c->key.size, &at))
		return c->seen[at].w;
	w = S_measure(m, s, bold);
	S_keep(c, w);
	return w;
}

double tr_text_width(tr_text_measure *m, const char *s, double size, bool bold)
{
	char *clean = NULL;
	double w;
	if (!*s)
		return 0;
	/* Measure what the scene will hold: the text made safe. */
	if (S_unclean(s)) {
		clean = tr_text_clean(s);
		if (!clean)
			return 0;
		s = clean;
	}
	w = S_width(m, s, strlen(s), bold);
	free(clean);
	return w * (size / S_REF_PX);
}

void tr_text_extents(tr_text_measure *m, double size, bool bold,
                     double *ascent, double *descent)
{
	*ascent = m->asc[bold] * (size / S_REF_PX);
	*descent = m->desc_px[bold] * (size / S_REF_PX);
}

void tr_text_draw(tr_text_measure *m, cairo_t *cr, const char *text,
                  double size, bool bold, tr_anchor anchor)
{
	double w, dx;
	PangoLayoutLine *line;
	if (!m->draw_ctx) {
		m->draw_ctx = pango_cairo_create_context(cr);
		S_setup(m->draw_ctx);
		S_pen_init(&m->draw, m->draw_ctx);
	}
	/* the context follows cr's transformation (2x, rotated) and target */
	pango_cairo_update_layout(cr, m->draw.layout);
	S_font(&m->draw, m->desc, size, bold);
	pango_layout_set_text(m->draw.layout, text, -1);
	w = S_advance(m->draw.layout);
	dx = anchor == TR_ANCHOR_START ? 0 : anchor == TR_ANCHOR_MIDDLE ? -w / 2 : -w;
	line = pango_layout_get_line_readonly(m->draw.layout, 0);
	if (!line)
		return;
	cairo_move_to(cr, dx, 0);   /* the line's baseline starts here */
	pango_cairo_show_layout_line(cr, line);
}

/*
 * Under AddressSanitizer: fontconfig (which Pango asks for fonts; every
 * chart's text is measured here, so the hook is always linked in) keeps its
 * configuration for the life of the process (only FcFini() frees it), and
 * GLib's type system and Pango's per-thread font maps their caches. That is
 * not a leak of ours; LeakSanitizer asks this hook what to skip.
 */
#if defined(__SANITIZE_ADDRESS__)
#define S_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define S_ASAN 1
#endif
#endif
#ifdef S_ASAN
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}
#endif
