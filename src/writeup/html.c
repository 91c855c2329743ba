/* html.c: index.html and report.html as libxml2 documents. cmark parses
 * the expanded Markdown; its AST is walked into HTML nodes (raw HTML from
 * the source is never passed through: comments are dropped, anything else
 * is shown as text); placeholders become <table> and <figure> nodes. Text
 * only ever enters the document as text nodes and attribute values, which
 * libxml2 escapes when it writes the file. */

#include "writeup_internal.h"
#include "writeup_html_internal.h"
#include "version.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/str.h"

#include <libxml/HTMLtree.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- tables and figures ---------------------------------------------- */


/* The groups over the header row (tr_wu_table_col_group): each run of
 * columns of one group under one header spanning it. */
static void S_group_row(tr_wu_html *x, xmlNodePtr head, const tr_wu_table *t)
{
	xmlNodePtr row;
	if (!t->groups)
		return;
	row = tr_wu_el(x, head, "tr", NULL);
	for (size_t c = 0; c < t->ncols;) {
		size_t n = 1;
		const char *g = t->groups[c];
		while (g && c + n < t->ncols && t->groups[c + n] && strcmp(t->groups[c + n], g) == 0)
			n++;
		if (g) {
			char span[24];
			xmlNodePtr th = tr_wu_el(x, row, "th", NULL);
			snprintf(span, sizeof(span), "%zu", n);
			tr_wu_attr(x, th, "scope", "colgroup");
			tr_wu_attr(x, th, "colspan", span);
			tr_wu_text(x, th, g, strlen(g));
		} else {
			tr_wu_el(x, row, "td", NULL);
		}
		c += n;
	}
}

static void S_table(tr_wu_html *x, xmlNodePtr parent, const tr_wu_table *t)
{
	char id[32], cap_id[40];
	const char *cid = NULL;
	xmlNodePtr fig, wrap, table, head, row, body = NULL;
	snprintf(id, sizeof(id), "table-%zu", ++x->ntables);
	snprintf(cap_id, sizeof(cap_id), "%s-caption", id);
	/* The caption stays as wide as the page while the table scrolls
	 * sideways in its box on a narrow screen. */
	fig = tr_wu_el(x, parent, "figure", "table");
	tr_wu_attr(x, fig, "id", tr_wu_html_id(x, id));
	if (t->caption) {
		xmlNodePtr cap = tr_wu_el(x, fig, "figcaption", NULL);
		cid = tr_wu_html_id(x, cap_id);
		tr_wu_attr(x, cap, "id", cid);
		tr_wu_text(x, cap, t->caption, strlen(t->caption));
	}
	wrap = tr_wu_el(x, fig, "div", "table-wrap");
	tr_wu_attr(x, wrap, "role", "region");
	tr_wu_attr(x, wrap, "tabindex", "0");
	if (cid)
		tr_wu_attr(x, wrap, "aria-labelledby", cid);
	else
		tr_wu_attr(x, wrap, "aria-label", "table");
	/* "cards": on a phone each row becomes a card, its cells labelled by
	 * their headers (data-label), so nothing scrolls out of sight. */
	table = tr_wu_el(x, wrap, "table", "sortable cards");
	head = tr_wu_el(x, table, "thead", NULL);
	S_group_row(x, head, t);
	row = tr_wu_el(x, head, "tr", NULL);
	for (size_t c = 0; c < t->ncols; c++) {
		xmlNodePtr th = tr_wu_el(x, row, "th", tr_wu_table_col_right(t, c) ? "num" : NULL);
		tr_wu_attr(x, th, "scope", "col");
		tr_wu_text(x, th, t->headers[c], strlen(t->headers[c]));
	}
	for (size_t i = 0; i < t->ncells; i++) {
		const tr_wu_cell *cell = &t->cells[i];
		size_t c = i % t->ncols;
		xmlNodePtr td, into;
		if (!body)
			body = tr_wu_el(x, table, "tbody", NULL);
		if (c == 0)
			row = tr_wu_el(x, body, "tr", NULL);
		td = tr_wu_el(x, row, "td", t->numeric[c] || cell->num ? "num" : NULL);
		if (t->groups && t->groups[c]) {
			char *full = tr_wu_table_full_header(t, c);
			tr_wu_attr(x, td, "data-label", full ? full : t->headers[c]);
			free(full);
		} else {
			tr_wu_attr(x, td, "data-label", t->headers[c]);
		}
		if (cell->sort)
			tr_wu_attr(x, td, "data-sort", cell->sort);
		into = cell->strong ? tr_wu_el(x, td, "strong", NULL) : td;
		tr_wu_text(x, into, cell->text, strlen(cell->text));
	}
	if (t->note) {
		xmlNodePtr p = tr_wu_el(x, fig, "p", "table-note");
		tr_wu_text(x, p, t->note, strlen(t->note));
	}
}

/* width and height attributes of an <img> or <source>: the SVG's size. */
static void S_size_attrs(tr_wu_html *x, xmlNodePtr el, const tr_buf *svg)
{
	long w = 0, h = 0;
	char num[24];
	if (tr_wu_svg_size(svg, &w, &h) < 0)
		return;
	snprintf(num, sizeof(num), "%ld", w);
	tr_wu_attr(x, el, "width", num);
	snprintf(num, sizeof(num), "%ld", h);
	tr_wu_attr(x, el, "height", num);
}

static void S_img(tr_wu_html *x, xmlNodePtr parent, const tr_writeup_chart *c,
                  const char *alt, bool narrow)
{
	xmlNodePtr img = tr_wu_el(x, parent, "img", NULL);
	char *src = tr_sprintf(narrow ? "charts/%s.narrow.svg" : "charts/%s.svg", c->name);
	tr_wu_attr(x, img, "src", src ? src : "");
	free(src);
	tr_wu_attr(x, img, "alt", alt);
	S_size_attrs(x, img, narrow ? &c->svg_narrow : &c->svg);
}

static void S_figure(tr_wu_html *x, xmlNodePtr parent, const tr_wu_block *b)
{
	const tr_writeup_chart *c = &x->d->charts->items[b->chart];
	const char *ftitle = c->title ? c->title : c->name;
	const char *alt = c->alt ? c->alt : ftitle;
	char *id = tr_sprintf("chart-%s", c->name);
	xmlNodePtr fig = tr_wu_el(x, parent, "figure", "chart"), cap, wrap;
	if (!id) {
		x->rc = TR_ENOMEM;
		return;
	}
	tr_wu_attr(x, fig, "id", tr_wu_html_id(x, id));
	free(id);
	/* A phone gets the narrow rendition (drawn TR_CHART_NARROW wide, at
	 * scale 1 its text keeps its size): both drawings are in the page,
	 * the style sheet's media query shows one (no script; libxml2's HTML
	 * writer does not know <picture>'s <source> as a void element). */
	wrap = tr_wu_el(x, fig, "div", "chart-wrap");
	for (int n = 0; n < (c->svg_narrow.size > 0 ? 2 : 1); n++) {
		xmlNodePtr in = c->svg_narrow.size == 0 ? wrap
		              : tr_wu_el(x, wrap, "div", n ? "chart-narrow" : "chart-wide");
		if (x->self_contained)
			tr_wu_svg_inline(x, in, c, n == 1);
		else
			S_img(x, in, c, alt, n == 1);
	}
	/* The chart draws its own title: the caption adds the author's words.
	 * The files are offered once, in the footer's download line. */
	if (!b->caption)
		return;
	cap = tr_wu_el(x, fig, "figcaption", NULL);
	tr_wu_text(x, cap, b->caption, strlen(b->caption));
}

/* A row of large figures, each with its caption under it. */
static void S_headlines(tr_wu_html *x, xmlNodePtr parent, const tr_wu_table *t)
{
	xmlNodePtr ul = tr_wu_el(x, parent, "ul", "headlines");
	for (size_t i = 0; i + 1 < t->ncells; i += 2) {
		xmlNodePtr li = tr_wu_el(x, ul, "li", "headline");
		xmlNodePtr fig = tr_wu_el(x, li, "strong", "headline-figure");
		xmlNodePtr cap = tr_wu_el(x, li, "span", "headline-caption");
		tr_wu_text(x, fig, t->cells[i].text, strlen(t->cells[i].text));
		tr_wu_text(x, cap, t->cells[i + 1].text, strlen(t->cells[i + 1].text));
	}
}

/* {{journey}}'s step cards: an ordered list, each step with its figure,
 * its change against the step before and its note. */
static void S_steps(tr_wu_html *x, xmlNodePtr parent, const tr_wu_table *t)
{
	static const char *const cls[] = { "step-name", "step-figure", "step-change",
	                                   "step-note" };
	xmlNodePtr ol = tr_wu_el(x, parent, "ol", "journey");
	for (size_t i = 0; i + 3 < t->ncells; i += 4) {
		xmlNodePtr li = tr_wu_el(x, ol, "li", "step");
		for (size_t k = 0; k < 4; k++) {
			xmlNodePtr e;
			if (!*t->cells[i + k].text)
				continue;
			e = tr_wu_el(x, li, k == 1 ? "strong" : "span", cls[k]);
			tr_wu_text(x, e, t->cells[i + k].text, strlen(t->cells[i + k].text));
		}
	}
}

static bool S_placeholder(tr_wu_html *x, xmlNodePtr parent, const char *lit)
{
	size_t plen = strlen(TR_WU_PLACEHOLDER);
	char *end;
	unsigned long b;
	if (strncmp(lit, TR_WU_PLACEHOLDER, plen) != 0)
		return false;
	b = strtoul(lit + plen, &end, 10);
	if (strncmp(end, " -->", 4) != 0 || b >= x->d->nblocks)
		return false;
	if (x->d->blocks[b].kind == TR_WU_BLOCK_TABLE)
		S_table(x, parent, &x->d->blocks[b].table);
	else if (x->d->blocks[b].kind == TR_WU_BLOCK_HEADLINE)
		S_headlines(x, parent, &x->d->blocks[b].table);
	else if (x->d->blocks[b].kind == TR_WU_BLOCK_STEPS)
		S_steps(x, parent, &x->d->blocks[b].table);
	else
		S_figure(x, parent, &x->d->blocks[b]);
	return true;
}

/* ---- the AST walk ---------------------------------------------------- */

static bool S_tight(cmark_node *n)
{
	cmark_node *item = cmark_node_parent(n), *list;
	if (!item || cmark_node_get_type(item) != CMARK_NODE_ITEM)
		return false;
	list = cmark_node_parent(item);
	return list && cmark_node_get_list_tight(list);
}

/* Only links a reader can follow safely: relative, fragment, http(s),
 * mailto. Anything else (javascript:, data:, file:) loses its href. */
static bool S_safe_url(const char *url)
{
	size_t scheme = strcspn(url, ":/?#");
	if (url[scheme] != ':')
		return true;
	return (scheme == 4 && strncasecmp(url, "http", 4) == 0) ||
	       (scheme == 5 && strncasecmp(url, "https", 5) == 0) ||
	       (scheme == 6 && strncasecmp(url, "mailto", 6) == 0);
}

static void S_plain_text(cmark_node *n, tr_buf *out)
{
	cmark_iter *it = cmark_iter_new(n);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *c = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(c);
		if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE))
			tr_buf_puts(out, cmark_node_get_literal(c));
		else if (ev == CMARK_EVENT_ENTER && t == CMARK_NODE_SOFTBREAK)
			tr_buf_putc(out, ' ');
	}
	cmark_iter_free(it);
}

static xmlNodePtr S_image(tr_wu_html *x, xmlNodePtr cur, cmark_node *n)
{
	const char *url = cmark_node_get_url(n), *title = cmark_node_get_title(n);
	tr_buf alt = TR_BUF_INIT;
	xmlNodePtr el;
	S_plain_text(n, &alt);
	if (x->self_contained || !S_safe_url(url)) {
		/* report.html loads nothing: an image becomes a link to it. */
		el = tr_wu_el(x, cur, S_safe_url(url) ? "a" : "span", NULL);
		if (S_safe_url(url))
			tr_wu_attr(x, el, "href", url);
		const char *text = alt.size ? tr_buf_cstr(&alt) : url;
		tr_wu_text(x, el, text, strlen(text));
	} else {
		el = tr_wu_el(x, cur, "img", NULL);
		tr_wu_attr(x, el, "src", url);
		tr_wu_attr(x, el, "alt", tr_buf_cstr(&alt));
		if (title && *title)
			tr_wu_attr(x, el, "title", title);
	}
	tr_buf_free(&alt);
	return el;
}

static bool S_comment(const char *lit)
{
	return strncmp(lit + strspn(lit, " "), "<!--", 4) == 0;
}

static void S_leaf(tr_wu_html *x, xmlNodePtr cur, cmark_node *n)
{
	const char *lit = cmark_node_get_literal(n);
	xmlNodePtr el;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_CODE_BLOCK: {
		const char *info = cmark_node_get_fence_info(n);
		char lang[64] = "";
		size_t k = 0;
		el = tr_wu_el(x, tr_wu_el(x, cur, "pre", NULL), "code", NULL);
		for (; info && info[k] && k < 40 && strchr("abcdefghijklmnopqrstuvwxyz"
		       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+", info[k]); k++)
			;
		if (k > 0) {
			snprintf(lang, sizeof(lang), "language-%.*s", (int)k, info);
			tr_wu_attr(x, el, "class", lang);
		}
		tr_wu_text(x, el, lit, strlen(lit));
		break;
	}
	case CMARK_NODE_HTML_BLOCK:
		if (S_placeholder(x, cur, lit) || S_comment(lit))
			break;
		el = tr_wu_el(x, tr_wu_el(x, cur, "pre", "raw-html"), "code", NULL);
		tr_wu_text(x, el, lit, strlen(lit));
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		tr_wu_el(x, cur, "hr", NULL);
		break;
	case CMARK_NODE_TEXT:
		tr_wu_text(x, cur, lit, strlen(lit));
		break;
	case CMARK_NODE_SOFTBREAK:
		tr_wu_text(x, cur, "\n", 1);
		break;
	case CMARK_NODE_LINEBREAK:
		tr_wu_el(x, cur, "br", NULL);
		break;
	case CMARK_NODE_CODE:
		tr_wu_text(x, tr_wu_el(x, cur, "code", NULL), lit, strlen(lit));
		break;
	case CMARK_NODE_HTML_INLINE:
		if (!S_comment(lit))
			tr_wu_text(x, cur, lit, strlen(lit));
		break;
	default:
		break;
	}
}

/* ---- GFM tables and strikethrough (cmark-gfm's extensions) ------------ */

static bool S_is(cmark_node *n, const char *type)
{
	const char *t = cmark_node_get_type_string(n);
	return t && strcmp(t, type) == 0;
}

static bool S_is_row(cmark_node *n)
{
	return S_is(n, "table_row") || S_is(n, "table_header");
}

/* <tr> in the table's <thead> (the header row) or <tbody>. */
static xmlNodePtr S_open_row(tr_wu_html *x, xmlNodePtr table, cmark_node *n)
{
	bool head = cmark_gfm_extensions_get_table_row_is_header(n) != 0;
	const char *want = head ? "thead" : "tbody";
	xmlNodePtr sec = table->last;
	if (!sec || !sec->name || strcmp((const char *)sec->name, want) != 0)
		sec = tr_wu_el(x, table, want, NULL);
	return sec ? tr_wu_el(x, sec, "tr", NULL) : NULL;
}

/* <th> or <td>, right-aligned ("num") or centred as the delimiter row
 * says. */
static xmlNodePtr S_open_cell(tr_wu_html *x, xmlNodePtr tr, cmark_node *n)
{
	cmark_node *row = cmark_node_parent(n), *table = row ? cmark_node_parent(row) : NULL;
	uint8_t *align = table ? cmark_gfm_extensions_get_table_alignments(table) : NULL;
	uint16_t ncols = table ? cmark_gfm_extensions_get_table_columns(table) : 0;
	bool head = row && cmark_gfm_extensions_get_table_row_is_header(row);
	size_t col = 0;
	for (cmark_node *c = cmark_node_previous(n); c; c = cmark_node_previous(c))
		col++;
	const char *cls = align && col < ncols
	                      ? (align[col] == 'r' ? "num" : align[col] == 'c' ? "center" : NULL)
	                      : NULL;
	return tr_wu_el(x, tr, head ? "th" : "td", cls);
}

/* Open the element of a container node; NULL when it has none. */
static xmlNodePtr S_open(tr_wu_html *x, xmlNodePtr cur, cmark_node *n)
{
	xmlNodePtr el;
	char name[4];
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_BLOCK_QUOTE:
		return tr_wu_el(x, cur, "blockquote", NULL);
	case CMARK_NODE_LIST:
		if (cmark_node_get_list_type(n) != CMARK_ORDERED_LIST)
			return tr_wu_el(x, cur, "ul", NULL);
		el = tr_wu_el(x, cur, "ol", NULL);
		if (cmark_node_get_list_start(n) != 1) {
			char num[24];
			snprintf(num, sizeof(num), "%d", cmark_node_get_list_start(n));
			tr_wu_attr(x, el, "start", num);
		}
		return el;
	case CMARK_NODE_ITEM:
		return tr_wu_el(x, cur, "li", NULL);
	case CMARK_NODE_PARAGRAPH:
		return S_tight(n) ? NULL : tr_wu_el(x, cur, "p", NULL);
	case CMARK_NODE_HEADING:
		snprintf(name, sizeof(name), "h%d", cmark_node_get_heading_level(n));
		return tr_wu_el(x, cur, name, NULL);
	case CMARK_NODE_EMPH:
		return tr_wu_el(x, cur, "em", NULL);
	case CMARK_NODE_STRONG:
		return tr_wu_el(x, cur, "strong", NULL);
	case CMARK_NODE_LINK: {
		const char *url = cmark_node_get_url(n), *title = cmark_node_get_title(n);
		if (!S_safe_url(url))
			return tr_wu_el(x, cur, "span", NULL);
		el = tr_wu_el(x, cur, "a", NULL);
		tr_wu_attr(x, el, "href", url);
		if (title && *title)
			tr_wu_attr(x, el, "title", title);
		return el;
	}
	default:
		break;
	}
	if (S_is(n, "table")) {
		/* in a box that scrolls sideways, as tpsreport's own tables */
		xmlNodePtr wrap = tr_wu_el(x, cur, "div", "table-wrap");
		tr_wu_attr(x, wrap, "role", "region");
		tr_wu_attr(x, wrap, "tabindex", "0");
		tr_wu_attr(x, wrap, "aria-label", "table");
		return wrap ? tr_wu_el(x, wrap, "table", "md-table") : NULL;
	}
	if (S_is_row(n))
		return S_open_row(x, cur, n);
	if (S_is(n, "table_cell"))
		return S_open_cell(x, cur, n);
	if (S_is(n, "strikethrough"))
		return tr_wu_el(x, cur, "del", NULL);
	return NULL;
}

/* Heading ids from their text, unique in the page. */
static void S_heading_id(tr_wu_html *x, xmlNodePtr h)
{
	xmlChar *text = xmlNodeGetContent(h);
	tr_buf slug = TR_BUF_INIT;
	/* "Price-performance" -> "price-performance" */
	if (!text || tr_slug(&slug, (const char *)text, 60, "section") < 0)
		x->rc = TR_ENOMEM;
	else
		tr_wu_attr(x, h, "id", tr_wu_html_id(x, tr_buf_cstr(&slug)));
	xmlFree(text);
	tr_buf_free(&slug);
}

void tr_wu_html_walk(tr_wu_html *x, cmark_node *root, xmlNodePtr container)
{
	cmark_iter *it = cmark_iter_new(root);
	xmlNodePtr cur = container;
	cmark_event_type ev;
	if (!it) {
		x->rc = TR_ENOMEM;
		return;
	}
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE && x->rc == 0) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type type = cmark_node_get_type(n);
		if (type == CMARK_NODE_DOCUMENT)
			continue;
		if (type == CMARK_NODE_IMAGE) {
			S_image(x, cur, n);
			/* its children are its alt text, already used */
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		}
		if (ev == CMARK_EVENT_ENTER) {
			xmlNodePtr el = S_open(x, cur, n);
			if (el)
				cur = el;
			else if (type != CMARK_NODE_PARAGRAPH)
				S_leaf(x, cur, n);
		} else if (type != CMARK_NODE_PARAGRAPH || !S_tight(n)) {
			if (type == CMARK_NODE_HEADING)
				S_heading_id(x, cur);
			cur = cur->parent;
			/* a row sits in <thead> or <tbody>, a table in its box */
			if ((S_is_row(n) || S_is(n, "table")) && cur)
				cur = cur->parent;
		}
	}
	cmark_iter_free(it);
}
