#ifndef TR_WRITEUP_HTML_INTERNAL_H
#define TR_WRITEUP_HTML_INTERNAL_H

/* Internal to writeup's HTML files: html.c (the AST walk, tables and
 * figures), html_page.c (the page, node helpers, writing the file) and
 * html_svg.c (charts inlined into report.html). */

#include "writeup_internal.h"
#include "util/buf.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <libxml/tree.h>

typedef struct tr_wu_html {
	const tr_wu_doc *d;
	bool self_contained;    /* report.html: nothing loaded from outside */
	xmlDocPtr doc;
	char **ids;             /* every id given so far */
	size_t nids, ids_cap;
	size_t ntables;
	int rc;                 /* first failure; helpers do nothing after it */
} tr_wu_html;

/* A new element `name` (with class `cls` unless NULL) as the last child of
 * parent; NULL (and x->rc set) on failure or when parent is NULL. */
xmlNodePtr tr_wu_el(tr_wu_html *x, xmlNodePtr parent, const char *name,
                    const char *cls);
/* Attribute values and text, cleaned first (tr_wu_clean, lines kept):
 * libxml2 escapes them when the page is written. */
void tr_wu_attr(tr_wu_html *x, xmlNodePtr el, const char *name, const char *value);
void tr_wu_text(tr_wu_html *x, xmlNodePtr parent, const char *s, size_t len);
/* base, or base-2, base-3 ... : unique in the page. Valid until the page
 * is freed. */
const char *tr_wu_html_id(tr_wu_html *x, const char *base);

/* The walk of cmark's AST into container. */
void tr_wu_html_walk(tr_wu_html *x, cmark_node *root, xmlNodePtr container);

/* Chart c's SVG as nodes of the page, its ids prefixed so that several
 * charts can share a page, labelled for screen readers; narrow: its
 * phone rendition (svg_narrow), ids prefixed apart. */
void tr_wu_svg_inline(tr_wu_html *x, xmlNodePtr parent, const tr_writeup_chart *c,
                      bool narrow);
/* The width and height of an SVG document in CSS pixels (its width and
 * height attributes, else its viewBox). 0 or TR_ENOTFOUND. */
int tr_wu_svg_size(const tr_buf *svg, long *w, long *h);

#endif
