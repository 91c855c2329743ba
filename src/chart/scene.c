/* scene.c: the backend-neutral scene layouts draw into (see chart_scene_internal.h). */

#include "chart_scene_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tr_scene_init(tr_scene *s, double w, double h, const char *title,
                  const char *alt, const char *id_prefix)
{
	int rc;
	memset(s, 0, sizeof(*s));
	s->width = w;
	s->height = h;
	s->title = tr_text_clean(title ? title : "");
	s->alt = tr_text_clean(alt ? alt : "");
	s->id_prefix = tr_strdup(id_prefix ? id_prefix : "");
	if (!s->title || !s->alt || !s->id_prefix)
		return s->rc = TR_ENOMEM;
	if ((rc = tr_text_measure_new(&s->measure)) < 0)
		return s->rc = rc;
	return 0;
}

void tr_scene_free(tr_scene *s)
{
	for (size_t i = 0; i < s->nmarks; i++) {
		tr_mark *m = &s->marks[i];
		free(m->cls);
		free(m->id);
		free(m->title);
		free(m->pts);
		free(m->text);
	}
	free(s->marks);
	free(s->styles);
	free(s->title);
	free(s->alt);
	free(s->id_prefix);
	tr_text_measure_free(s->measure);
	memset(s, 0, sizeof(*s));
}

int tr_scene_finish(tr_scene *s)
{
	return s->rc;
}

/* ---- styles ------------------------------------------------------------- */

static void S_copy(char *dst, size_t size, const char *src)
{
	size_t n = src ? strlen(src) : 0;
	if (n >= size)
		n = size - 1;
	if (n)
		memcpy(dst, src, n);
	dst[n] = '\0';
}

void tr_scene_style(tr_scene *s, const char *name, const char *fill,
                    const char *stroke, double stroke_width,
                    const double *dash, const char *dark_fill,
                    const char *dark_stroke)
{
	tr_style *st;
	if (s->rc)
		return;
	if (tr_grow(&s->styles, &s->styles_cap, s->nstyles + 1, sizeof(tr_style)) < 0) {
		s->rc = TR_ENOMEM;
		return;
	}
	st = &s->styles[s->nstyles++];
	memset(st, 0, sizeof(*st));
	S_copy(st->name, sizeof(st->name), name);
	S_copy(st->fill, sizeof(st->fill), fill);
	S_copy(st->stroke, sizeof(st->stroke), stroke);
	S_copy(st->dark_fill, sizeof(st->dark_fill), dark_fill);
	S_copy(st->dark_stroke, sizeof(st->dark_stroke), dark_stroke);
	st->stroke_width = stroke_width;
	st->opacity = -1;
	if (dash) {
		st->dash[0] = dash[0];
		st->dash[1] = dash[1];
	}
}

/* true if the space-separated list cls holds the class name. */
static bool S_has_class(const char *cls, const char *name)
{
	size_t n = strlen(name);
	const char *p = cls;
	while (*p) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && memcmp(p, name, n) == 0)
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

void tr_scene_resolve(tr_style *out, const tr_scene *s, const char *cls,
                      bool dark)
{
	memset(out, 0, sizeof(*out));
	out->stroke_width = -1;
	out->opacity = -1;
	for (size_t i = 0; i < s->nstyles; i++) {
		const tr_style *st = &s->styles[i];
		const char *fill, *stroke;
		if (!S_has_class(cls, st->name))
			continue;
		fill = dark && st->dark_fill[0] ? st->dark_fill : st->fill;
		stroke = dark && st->dark_stroke[0] ? st->dark_stroke : st->stroke;
		if (fill[0])
			S_copy(out->fill, sizeof(out->fill), fill);
		if (stroke[0])
			S_copy(out->stroke, sizeof(out->stroke), stroke);
		if (st->stroke_width >= 0)
			out->stroke_width = st->stroke_width;
		if (st->dash[0] > 0 || st->dash[1] > 0) {
			out->dash[0] = st->dash[0];
			out->dash[1] = st->dash[1];
		}
		if (st->opacity >= 0)
			out->opacity = st->opacity;
	}
}

/* ---- marks ---------------------------------------------------------------- */

static tr_mark *S_add(tr_scene *s, tr_mark_kind kind, const char *cls,
                      const char *title)
{
	tr_mark *m;
	if (s->rc)
		return NULL;
	if (tr_grow(&s->marks, &s->marks_cap, s->nmarks + 1, sizeof(tr_mark)) < 0) {
		s->rc = TR_ENOMEM;
		return NULL;
	}
	m = &s->marks[s->nmarks];
	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->cls = tr_strdup(cls ? cls : "");
	m->title = title ? tr_text_clean(title) : NULL;
	if (!m->cls || (title && !m->title)) {
		free(m->cls);
		free(m->title);
		s->rc = TR_ENOMEM;
		return NULL;
	}
	s->nmarks++;
	return m;
}

long tr_scene_rect(tr_scene *s, const char *cls, const char *title,
                   double x, double y, double w, double h)
{
	tr_mark *m = S_add(s, TR_MARK_RECT, cls, title);
	if (!m)
		return -1;
	/* A negative size would be an invalid SVG rect: normalise. */
	if (w < 0) {
		x += w;
		w = -w;
	}
	if (h < 0) {
		y += h;
		h = -h;
	}
	m->x = x;
	m->y = y;
	m->w = w;
	m->h = h;
	return (long)(s->nmarks - 1);
}

long tr_scene_line(tr_scene *s, const char *cls, const char *title,
                   double x1, double y1, double x2, double y2)
{
	tr_mark *m = S_add(s, TR_MARK_LINE, cls, title);
	if (!m)
		return -1;
	m->x = x1;
	m->y = y1;
	m->x2 = x2;
	m->y2 = y2;
	return (long)(s->nmarks - 1);
}

long tr_scene_polyline(tr_scene *s, const char *cls, const char *title,
                       const double *pts, size_t n)
{
	tr_mark *m = S_add(s, TR_MARK_POLYLINE, cls, title);
	if (!m)
		return -1;
	m->pts = tr_calloc(n ? 2 * n : 1, sizeof(double));
	if (!m->pts) {
		s->rc = TR_ENOMEM;
		return -1;
	}
	if (n)
		memcpy(m->pts, pts, 2 * n * sizeof(double));
	m->npts = n;
	return (long)(s->nmarks - 1);
}

long tr_scene_text(tr_scene *s, const char *cls, const char *title,
                   double x, double y, tr_anchor anchor, double size,
                   bool bold, bool vertical, const char *text)
{
	tr_mark *m = S_add(s, TR_MARK_TEXT, cls, title);
	double w, asc, desc, a0, a1;
	if (!m)
		return -1;
	m->text = tr_text_clean(text ? text : "");
	if (!m->text) {
		s->rc = TR_ENOMEM;
		return -1;
	}
	m->x = x;
	m->y = y;
	m->anchor = anchor;
	m->size = size;
	m->bold = bold;
	m->vertical = vertical;
	w = tr_text_width(s->measure, m->text, size, bold);
	tr_text_extents(s->measure, size, bold, &asc, &desc);
	/* a0..a1: the extent along the text's own direction from the anchor */
	a0 = anchor == TR_ANCHOR_START ? 0 : anchor == TR_ANCHOR_MIDDLE ? -w / 2 : -w;
	a1 = a0 + w;
	if (!vertical) {
		m->box[0] = x + a0;
		m->box[1] = y - asc;
		m->box[2] = x + a1;
		m->box[3] = y + desc;
	} else {
		/* rotated -90 degrees: the text runs upwards from (x, y) */
		m->box[0] = x - asc;
		m->box[1] = y - a1;
		m->box[2] = x + desc;
		m->box[3] = y - a0;
	}
	return (long)(s->nmarks - 1);
}

void tr_scene_set_id(tr_scene *s, long i, const char *id)
{
	tr_buf b = TR_BUF_INIT;
	if (s->rc || i < 0 || (size_t)i >= s->nmarks)
		return;
	tr_buf_puts(&b, s->id_prefix);
	for (const char *p = id; *p; p++) {
		char c = *p;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		          (c >= '0' && c <= '9') || c == '-' || c == '_';
		tr_buf_putc(&b, ok ? c : '-');
	}
	free(s->marks[i].id);
	s->marks[i].id = tr_buf_detach(&b);
	if (!s->marks[i].id)
		s->rc = TR_ENOMEM;
}
