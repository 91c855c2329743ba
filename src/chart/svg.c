/* svg.c: a scene as SVG through libxml2's writer.
 *
 * Text stays text (selectable, searchable, small); colours come from CSS
 * classes, with a prefers-color-scheme: dark block; every mark with a value
 * carries a <title>. No external references, no script, no XML declaration
 * (so the file can also be pasted into HTML as it is). Coordinates are
 * written with at most two decimals, locale-independently: the same scene
 * gives the same bytes. */

#include "chart_internal.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"

#include <libxml/xmlwriter.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

typedef struct S_writer {
	xmlTextWriterPtr w;
	tr_buf num;
	int rc;
} S_writer;

static void S_check(S_writer *sw, int xrc)
{
	if (xrc < 0 && sw->rc == 0)
		sw->rc = tr_error_set("writing SVG failed");
}

/* v with up to two decimals, no trailing zeros, never "-0". */
static const char *S_num(S_writer *sw, double v)
{
	tr_buf *b = &sw->num;
	tr_buf_clear(b);
	if (tr_fmt_fixed(b, v, 2) < 0) {
		sw->rc = TR_ENOMEM;
		return "0";
	}
	if (strchr(b->ptr, '.')) {
		while (b->size > 0 && b->ptr[b->size - 1] == '0')
			b->ptr[--b->size] = '\0';
		if (b->size > 0 && b->ptr[b->size - 1] == '.')
			b->ptr[--b->size] = '\0';
	}
	if (strcmp(b->ptr, "-0") == 0)
		return "0";
	return b->ptr;
}

static void S_attr(S_writer *sw, const char *name, const char *value)
{
	S_check(sw, xmlTextWriterWriteAttribute(sw->w, X(name), X(value)));
}

static void S_attr_num(S_writer *sw, const char *name, double v)
{
	S_attr(sw, name, S_num(sw, v));
}

static void S_start(S_writer *sw, const char *name)
{
	S_check(sw, xmlTextWriterStartElement(sw->w, X(name)));
}

static void S_end(S_writer *sw)
{
	S_check(sw, xmlTextWriterEndElement(sw->w));
}

static void S_element_text(S_writer *sw, const char *name, const char *text)
{
	S_check(sw, xmlTextWriterWriteElement(sw->w, X(name), X(text)));
}

/* One rule's declarations: light or dark colours. */
static void S_rule(tr_buf *css, const tr_style *st, bool dark)
{
	const char *fill = dark ? st->dark_fill : st->fill;
	const char *stroke = dark ? st->dark_stroke : st->stroke;
	if (dark && !fill[0] && !stroke[0])
		return;
	tr_buf_printf(css, ".%s{", st->name);
	if (fill[0])
		tr_buf_printf(css, "fill:%s;", fill);
	if (stroke[0])
		tr_buf_printf(css, "stroke:%s;", stroke);
	if (!dark && st->stroke_width >= 0) {
		tr_buf_puts(css, "stroke-width:");
		tr_fmt_shortest(css, st->stroke_width);
		tr_buf_putc(css, ';');
	}
	if (!dark && (st->dash[0] > 0 || st->dash[1] > 0)) {
		tr_buf_puts(css, "stroke-dasharray:");
		tr_fmt_shortest(css, st->dash[0]);
		tr_buf_putc(css, ' ');
		tr_fmt_shortest(css, st->dash[1]);
		tr_buf_putc(css, ';');
	}
	if (css->size && css->ptr[css->size - 1] == ';')
		css->size--;
	tr_buf_puts(css, "}\n");
}

static int S_style(S_writer *sw, const tr_scene *s)
{
	tr_buf css = TR_BUF_INIT;
	int rc = 0;
	tr_buf_puts(&css, "\npolyline{stroke-linejoin:round;stroke-linecap:round}\n");
	for (size_t i = 0; i < s->nstyles; i++)
		S_rule(&css, &s->styles[i], false);
	tr_buf_puts(&css, "@media (prefers-color-scheme: dark){\n");
	for (size_t i = 0; i < s->nstyles; i++)
		S_rule(&css, &s->styles[i], true);
	tr_buf_puts(&css, "}\n");
	if (!css.ptr) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	S_start(sw, "style");
	S_check(sw, xmlTextWriterWriteString(sw->w, X(css.ptr)));
	S_end(sw);
cleanup:
	tr_buf_free(&css);
	return rc;
}

static void S_common(S_writer *sw, const tr_mark *m)
{
	if (m->id)
		S_attr(sw, "id", m->id);
	if (m->cls[0])
		S_attr(sw, "class", m->cls);
}

static void S_title(S_writer *sw, const tr_mark *m)
{
	if (m->title)
		S_element_text(sw, "title", m->title);
}

static void S_mark(S_writer *sw, const tr_mark *m)
{
	switch (m->kind) {
	case TR_MARK_RECT:
		S_start(sw, "rect");
		S_common(sw, m);
		S_attr_num(sw, "x", m->x);
		S_attr_num(sw, "y", m->y);
		S_attr_num(sw, "width", m->w);
		S_attr_num(sw, "height", m->h);
		S_title(sw, m);
		S_end(sw);
		break;
	case TR_MARK_LINE:
		S_start(sw, "line");
		S_common(sw, m);
		S_attr_num(sw, "x1", m->x);
		S_attr_num(sw, "y1", m->y);
		S_attr_num(sw, "x2", m->x2);
		S_attr_num(sw, "y2", m->y2);
		S_title(sw, m);
		S_end(sw);
		break;
	case TR_MARK_POLYLINE: {
		tr_buf pts = TR_BUF_INIT;
		for (size_t i = 0; i < m->npts; i++) {
			if (i)
				tr_buf_putc(&pts, ' ');
			tr_buf_puts(&pts, S_num(sw, m->pts[2 * i]));
			tr_buf_putc(&pts, ',');
			tr_buf_puts(&pts, S_num(sw, m->pts[2 * i + 1]));
		}
		S_start(sw, "polyline");
		S_common(sw, m);
		S_attr(sw, "points", tr_buf_cstr(&pts));
		S_title(sw, m);
		S_end(sw);
		if (m->npts && !pts.ptr && sw->rc == 0)
			sw->rc = TR_ENOMEM;
		tr_buf_free(&pts);
		break;
	}
	case TR_MARK_TEXT:
		if (m->title) {
			/* <g><title>: the full text of a shortened label, without
			 * putting it into the text's own content */
			S_start(sw, "g");
			S_title(sw, m);
		}
		S_start(sw, "text");
		S_common(sw, m);
		S_attr_num(sw, "x", m->x);
		S_attr_num(sw, "y", m->y);
		if (m->anchor != TR_ANCHOR_START)
			S_attr(sw, "text-anchor",
			       m->anchor == TR_ANCHOR_MIDDLE ? "middle" : "end");
		S_attr_num(sw, "font-size", m->size);
		if (m->bold)
			S_attr(sw, "font-weight", "bold");
		if (m->vertical) {
			tr_buf t = TR_BUF_INIT;
			tr_buf_puts(&t, "rotate(-90 ");
			tr_buf_puts(&t, S_num(sw, m->x));
			tr_buf_putc(&t, ' ');
			tr_buf_puts(&t, S_num(sw, m->y));
			tr_buf_putc(&t, ')');
			S_attr(sw, "transform", tr_buf_cstr(&t));
			tr_buf_free(&t);
		}
		S_check(sw, xmlTextWriterWriteString(sw->w, X(m->text)));
		S_end(sw);
		if (m->title)
			S_end(sw);
		break;
	}
}

int tr_svg_write(tr_buf *out, const tr_scene *s)
{
	S_writer sw = { NULL, TR_BUF_INIT, 0 };
	xmlBufferPtr xb;
	int rc;

	if (!(xb = xmlBufferCreate()))
		return TR_ENOMEM;
	sw.w = xmlNewTextWriterMemory(xb, 0);
	if (!sw.w) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	xmlTextWriterSetIndent(sw.w, 1);
	xmlTextWriterSetIndentString(sw.w, X(" "));
	S_start(&sw, "svg");
	S_attr(&sw, "xmlns", "http://www.w3.org/2000/svg");
	S_attr_num(&sw, "width", s->width);
	S_attr_num(&sw, "height", s->height);
	{
		tr_buf vb = TR_BUF_INIT;
		tr_buf_puts(&vb, "0 0 ");
		tr_buf_puts(&vb, S_num(&sw, s->width));
		tr_buf_putc(&vb, ' ');
		tr_buf_puts(&vb, S_num(&sw, s->height));
		S_attr(&sw, "viewBox", tr_buf_cstr(&vb));
		tr_buf_free(&vb);
	}
	S_attr(&sw, "role", "img");
	S_attr(&sw, "aria-label", s->alt);
	S_attr(&sw, "font-family", TR_FONT_CSS);
	S_element_text(&sw, "title", s->title);
	S_element_text(&sw, "desc", s->alt);
	if ((rc = S_style(&sw, s)) < 0)
		goto cleanup;
	for (size_t i = 0; i < s->nmarks && sw.rc == 0; i++)
		S_mark(&sw, &s->marks[i]);
	S_end(&sw);
	S_check(&sw, xmlTextWriterFlush(sw.w));
	if ((rc = sw.rc) < 0)
		goto cleanup;
	if (tr_buf_put(out, xmlBufferContent(xb), (size_t)xmlBufferLength(xb)) < 0 ||
	    tr_buf_putc(out, '\n') < 0)
		rc = TR_ENOMEM;
cleanup:
	if (sw.w)
		xmlFreeTextWriter(sw.w);
	xmlBufferFree(xb);
	tr_buf_free(&sw.num);
	return rc;
}
