#ifndef TR_TEST_CHART_CHECK_H
#define TR_TEST_CHART_CHECK_H

/*
 * Checks every chart test makes of a rendered chart: the SVG parses with
 * libxml2 without errors or warnings, is an accessible image without
 * script or external references, and its scene keeps all text inside the
 * canvas without two labels overlapping. Include after harness.h.
 */

#include "chart/chart_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <strings.h>

static int check_xml_problems;

static void check_xml_error(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	check_xml_problems++;
	fprintf(stderr, "libxml2: %s", e && e->message ? e->message : "?\n");
}

/* Parse an SVG; counts every error and warning into check_xml_problems. */
static xmlDocPtr check_parse(const tr_buf *svg)
{
	xmlDocPtr doc;
	check_xml_problems = 0;
	xmlSetStructuredErrorFunc(NULL, check_xml_error);
	doc = xmlReadMemory(svg->ptr, (int)svg->size, "chart.svg", NULL,
	                    XML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	return doc;
}

static xmlNodePtr check_first_element(xmlNodePtr n)
{
	for (; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE)
			return n;
	return NULL;
}

/* The text of an element's <title> child, or NULL; caller xmlFree()s. */
static inline xmlChar *check_title_of(xmlNodePtr n)
{
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && xmlStrcmp(c->name, BAD_CAST "title") == 0)
			return xmlNodeGetContent(c);
	return NULL;
}

/* No script, no event handlers, no references to anything outside. */
static int check_no_active(xmlNodePtr n)
{
	int bad = 0;
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcasecmp((const char *)n->name, "script") == 0 ||
		    strcasecmp((const char *)n->name, "foreignObject") == 0 ||
		    strcasecmp((const char *)n->name, "image") == 0 ||
		    strcasecmp((const char *)n->name, "use") == 0)
			bad++;
		for (xmlAttrPtr a = n->properties; a; a = a->next) {
			const char *name = (const char *)a->name;
			if (strcasecmp(name, "href") == 0 || strncasecmp(name, "on", 2) == 0)
				bad++;
		}
		if (xmlStrcmp(n->name, BAD_CAST "style") == 0) {
			xmlChar *css = xmlNodeGetContent(n);
			if (css && (strstr((char *)css, "url(") || strstr((char *)css, "@import")))
				bad++;
			xmlFree(css);
		}
		bad += check_no_active(n->children);
	}
	return bad;
}

/* Structure of one SVG: root, title first, aria-label, nothing active. */
static void check_svg_doc(xmlDocPtr doc, const tr_chart_item *item)
{
	xmlNodePtr root = xmlDocGetRootElement(doc), first;
	xmlChar *role, *aria, *title;
	/* what the chart shows: the strings made safe for XML */
	char *alt = tr_text_clean(item->alt), *want_title = tr_text_clean(item->title);
	CHECK(root && xmlStrcmp(root->name, BAD_CAST "svg") == 0);
	if (!root) {
		free(alt);
		free(want_title);
		return;
	}
	role = xmlGetProp(root, BAD_CAST "role");
	aria = xmlGetProp(root, BAD_CAST "aria-label");
	CHECK(role && strcmp((char *)role, "img") == 0);
	CHECK(aria && alt && strcmp((char *)aria, alt) == 0);
	CHECK(aria && strlen((char *)aria) > strlen(want_title));
	first = check_first_element(root->children);
	CHECK(first && xmlStrcmp(first->name, BAD_CAST "title") == 0);
	title = first ? xmlNodeGetContent(first) : NULL;
	CHECK(title && strcmp((char *)title, want_title) == 0);
	CHECK_INT(check_no_active(root), 0);
	xmlFree(role);
	xmlFree(aria);
	xmlFree(title);
	free(alt);
	free(want_title);
}

/* All text inside the canvas, and no two texts overlapping. */
static void check_scene_text(const tr_scene *s, const char *name)
{
	size_t outside = 0, overlaps = 0, unmeasured = 0;
	for (size_t i = 0; i < s->nmarks; i++) {
		const tr_mark *a = &s->marks[i];
		if (a->kind != TR_MARK_TEXT)
			continue;
		/* measured: a text that is there has a size */
		if (*a->text && !(a->box[2] - a->box[0] > 0.5 && a->box[3] - a->box[1] > 0.5)) {
			unmeasured++;
			fprintf(stderr, "%s: text without a size: '%.60s'\n", name, a->text);
		}
		if (a->box[0] < -0.01 || a->box[1] < -0.01 || a->box[2] > s->width + 0.01 ||
		    a->box[3] > s->height + 0.01) {
			outside++;
			fprintf(stderr, "%s: text outside the canvas: '%.60s' [%g %g %g %g]\n",
			        name, a->text, a->box[0], a->box[1], a->box[2], a->box[3]);
		}
		for (size_t k = i + 1; k < s->nmarks; k++) {
			const tr_mark *b = &s->marks[k];
			if (b->kind != TR_MARK_TEXT || !*a->text || !*b->text)
				continue;
			/* 0.5 px of tolerance: touching is not overlapping */
			if (a->box[0] < b->box[2] - 0.5 && b->box[0] < a->box[2] - 0.5 &&
			    a->box[1] < b->box[3] - 0.5 && b->box[1] < a->box[3] - 0.5) {
				overlaps++;
				fprintf(stderr, "%s: texts overlap: '%.40s' and '%.40s'\n", name,
				        a->text, b->text);
			}
		}
	}
	CHECK_INT(outside, 0);
	CHECK_INT(overlaps, 0);
	CHECK_INT(unmeasured, 0);
}

/* Width and height from a PNG's IHDR. */
static inline void check_png_size(const tr_buf *png, unsigned *w, unsigned *h)
{
	const unsigned char *p = (const unsigned char *)png->ptr;
	*w = *h = 0;
	if (png->size < 24 || memcmp(p, "\x89PNG\r\n\x1a\n", 8) != 0 ||
	    memcmp(p + 12, "IHDR", 4) != 0)
		return;
	*w = (unsigned)p[16] << 24 | (unsigned)p[17] << 16 | (unsigned)p[18] << 8 | p[19];
	*h = (unsigned)p[20] << 24 | (unsigned)p[21] << 16 | (unsigned)p[22] << 8 | p[23];
}

/* The first number in s after ": " that starts a word ("p95" does not). */
static inline double check_title_number(const char *s)
{
	const char *p = strstr(s, ": ");
	if (!p)
		return NAN;
	for (p += 2; *p; p++) {
		if ((*p >= '0' && *p <= '9') && (p[-1] == ' ' || p[-1] == '-')) {
			char buf[64];
			size_t n = 0;
			const char *q = p[-1] == '-' ? p - 1 : p;
			for (; *q && n + 1 < sizeof(buf) && ((*q >= '0' && *q <= '9') ||
			                                     *q == '.' || *q == ',' || *q == '-');
			     q++)
				if (*q != ',')
					buf[n++] = *q;
			buf[n] = '\0';
			{
				double v;
				if (tr_parse_double(&v, buf, buf + n, NULL) < 0)
					return NAN;
				return v;
			}
		}
	}
	return NAN;
}

#endif
