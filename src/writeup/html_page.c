/* html_page.c: the page around the writeup (head, footer, style sheet or
 * its link, the sorting script), libxml2 node helpers, and writing the
 * document as HTML5 in UTF-8. */

#include "writeup_html_internal.h"
#include "version.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <libxml/HTMLtree.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

xmlNodePtr tr_wu_el(tr_wu_html *x, xmlNodePtr parent, const char *name,
                    const char *cls)
{
	xmlNodePtr n;
	if (x->rc < 0)
		return NULL;
	if (!parent || !(n = xmlNewDocNode(x->doc, NULL, BAD_CAST name, NULL))) {
		x->rc = TR_ENOMEM;
		return NULL;
	}
	xmlAddChild(parent, n);
	if (cls)
		tr_wu_attr(x, n, "class", cls);
	return n;
}

static int S_clean(tr_wu_html *x, tr_buf *b, const char *s, size_t len)
{
	int rc = tr_wu_clean(b, s, len, true);
	if (rc == 0)
		rc = tr_buf_putc(b, '\0');
	if (rc < 0)
		x->rc = rc;
	return rc;
}

void tr_wu_attr(tr_wu_html *x, xmlNodePtr el, const char *name, const char *value)
{
	tr_buf b = TR_BUF_INIT;
	if (x->rc < 0 || !el)
		return;
	if (S_clean(x, &b, value, strlen(value)) == 0 &&
	    !xmlSetProp(el, BAD_CAST name, BAD_CAST b.ptr))
		x->rc = TR_ENOMEM;
	tr_buf_free(&b);
}

void tr_wu_text(tr_wu_html *x, xmlNodePtr parent, const char *s, size_t len)
{
	tr_buf b = TR_BUF_INIT;
	xmlNodePtr t;
	if (x->rc < 0 || !parent || len == 0)
		return;
	if (S_clean(x, &b, s, len) == 0) {
		if (!(t = xmlNewDocTextLen(x->doc, BAD_CAST b.ptr, (int)(b.size - 1))))
			x->rc = TR_ENOMEM;
		else
			xmlAddChild(parent, t); /* may merge t into a text sibling */
	}
	tr_buf_free(&b);
}

const char *tr_wu_html_id(tr_wu_html *x, const char *base)
{
	char *id = NULL;
	for (unsigned k = 1; x->rc == 0; k++) {
		bool taken = false;
		id = k == 1 ? tr_strdup(base) : tr_sprintf("%s-%u", base, k);
		if (!id)
			break;
		for (size_t i = 0; i < x->nids && !taken; i++)
			taken = strcmp(x->ids[i], id) == 0;
		if (!taken)
			break;
		free(id);
		id = NULL;
	}
	if (!id || tr_grow(&x->ids, &x->ids_cap, x->nids + 1, sizeof(char *)) < 0) {
		free(id);
		x->rc = TR_ENOMEM;
		return "x";
	}
	x->ids[x->nids++] = id;
	return id;
}

/* The text of the first level-1 heading, for <title>. */
static char *S_first_h1(cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	tr_buf b = TR_BUF_INIT;
	cmark_node *h1 = NULL;
	while (!h1 && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_HEADING &&
		    cmark_node_get_heading_level(n) == 1)
			h1 = n;
	}
	cmark_iter_free(it);
	if (!h1)
		return NULL;
	it = cmark_iter_new(h1);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (ev == CMARK_EVENT_ENTER && (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE))
			tr_buf_puts(&b, cmark_node_get_literal(n));
		else if (ev == CMARK_EVENT_ENTER && t == CMARK_NODE_SOFTBREAK)
			tr_buf_putc(&b, ' ');
	}
	cmark_iter_free(it);
	return b.size ? tr_buf_detach(&b) : (tr_buf_free(&b), NULL);
}

static void S_meta(tr_wu_html *x, xmlNodePtr head, const char *name, const char *content)
{
	xmlNodePtr m = tr_wu_el(x, head, "meta", NULL);
	tr_wu_attr(x, m, "name", name);
	tr_wu_attr(x, m, "content", content);
}

static void S_head(tr_wu_html *x, xmlNodePtr html, const char *title)
{
	const tr_writeup_options *o = x->d->opts;
	xmlNodePtr head = tr_wu_el(x, html, "head", NULL), el;
	el = tr_wu_el(x, head, "meta", NULL);
	tr_wu_attr(x, el, "charset", "utf-8");
	S_meta(x, head, "viewport", "width=device-width, initial-scale=1");
	S_meta(x, head, "color-scheme", "light dark");
	S_meta(x, head, "generator", "tpsreport " TR_VERSION);
	el = tr_wu_el(x, head, "title", NULL);
	tr_wu_text(x, el, title, strlen(title));
	if (!x->self_contained) {
		el = tr_wu_el(x, head, "link", NULL);
		tr_wu_attr(x, el, "rel", "stylesheet");
		tr_wu_attr(x, el, "href", "assets/style.css");
		return;
	}
	/* Written raw by libxml2: it must not close its own element. */
	for (size_t i = 0; o->css && i + 2 <= o->css_len; i++)
		if (o->css[i] == '<' && o->css[i + 1] == '/') {
			x->rc = tr_error_set("style sheet: '</' is not allowed in a style "
			                     "sheet that is inlined into report.html");
			return;
		}
	el = tr_wu_el(x, head, "style", NULL);
	if (o->css)
		tr_wu_text(x, el, o->css, o->css_len);
}

static void S_link(tr_wu_html *x, xmlNodePtr parent, const char *href, const char *text)
{
	xmlNodePtr a = tr_wu_el(x, parent, "a", NULL);
	tr_wu_attr(x, a, "href", href);
	tr_wu_text(x, a, text, strlen(text));
}

/* "tps (SVG, PNG), latency (SVG, PNG)": every chart placed, once. */
static void S_chart_links(tr_wu_html *x, xmlNodePtr p)
{
	const tr_writeup_charts *cs = x->d->charts;
	for (size_t i = 0; i < cs->count; i++) {
		const tr_writeup_chart *c = &cs->items[i];
		char *href;
		if (!x->d->chart_used || !x->d->chart_used[i])
			continue;
		tr_wu_text(x, p, ", ", 2);
		tr_wu_text(x, p, c->name, strlen(c->name));
		tr_wu_text(x, p, " (", 2);
		href = tr_sprintf("charts/%s.svg", c->name);
		S_link(x, p, href ? href : "", "SVG");
		free(href);
		if (c->png.size > 0) {
			tr_wu_text(x, p, ", ", 2);
			href = tr_sprintf("charts/%s.png", c->name);
			S_link(x, p, href ? href : "", "PNG");
			free(href);
		}
		tr_wu_text(x, p, ")", 1);
	}
}

/* The closing note: how the report was made, and one download line. */
static void S_footer(tr_wu_html *x, xmlNodePtr body)
{
	const tr_wu_doc *d = x->d;
	xmlNodePtr foot = tr_wu_el(x, body, "footer", "site-footer");
	xmlNodePtr p = tr_wu_el(x, foot, "p", NULL), code;
	static const char made[] = "Made with tpsreport " TR_VERSION " (tpsreport build)";
	tr_wu_text(x, p, made, strlen(made));
	if (d->opts->date) {
		tr_wu_text(x, p, " on ", 4);
		tr_wu_text(x, p, d->opts->date, strlen(d->opts->date));
	}
	if (d->r->digest) {
		tr_wu_text(x, p, TR_WU_DIGEST_BEFORE, strlen(TR_WU_DIGEST_BEFORE));
		code = tr_wu_el(x, p, "code", "digest");
		tr_wu_text(x, code, d->r->digest, strlen(d->r->digest));
	}
	tr_wu_text(x, p, ".", 1);
	if (x->self_contained)
		return;
	p = tr_wu_el(x, foot, "p", "downloads");
	tr_wu_text(x, p, "Download the charts and data: ", 30);
	S_link(x, p, "data/results.json", "results.json");
	tr_wu_text(x, p, ", ", 2);
	S_link(x, p, "data/results.csv", "results.csv");
	tr_wu_text(x, p, ", ", 2);
	S_link(x, p, "data/runs.csv", "runs.csv");
	S_chart_links(x, p);
	tr_wu_text(x, p, "; as one file: ", 15);
	S_link(x, p, "report.html", "report.html");
	tr_wu_text(x, p, ", ", 2);
	S_link(x, p, "report.md", "report.md");
	tr_wu_text(x, p, ".", 1);
}

static int S_write(tr_buf *out, xmlDocPtr doc)
{
	xmlOutputBufferPtr ob = xmlAllocOutputBuffer(NULL);
	int rc = 0;
	if (!ob)
		return TR_ENOMEM;
	htmlDocContentDumpFormatOutput(ob, doc, "UTF-8", 1);
	if (xmlOutputBufferFlush(ob) < 0 || ob->error)
		rc = TR_ENOMEM;
	if (rc == 0)
		rc = tr_buf_put(out, xmlOutputBufferGetContent(ob),
		                xmlOutputBufferGetSize(ob));
	xmlOutputBufferClose(ob);
	return rc;
}

/* The expanded Markdown parsed as GitHub parses it: pipe tables,
 * strikethrough and autolinks (cmark-gfm's extensions), no raw HTML
 * passed through (the walk shows it as text). */
static cmark_node *S_parse(const tr_buf *md)
{
	static const char *const exts[] = { "table", "strikethrough", "autolink" };
	cmark_parser *p;
	cmark_node *root;
	cmark_gfm_core_extensions_ensure_registered();
	if (!(p = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8)))
		return NULL;
	for (size_t i = 0; i < TR_ARRAY_SIZE(exts); i++) {
		cmark_syntax_extension *e = cmark_find_syntax_extension(exts[i]);
		if (e)
			cmark_parser_attach_syntax_extension(p, e);
	}
	cmark_parser_feed(p, tr_buf_cstr(md), md->size);
	root = cmark_parser_finish(p);
	cmark_parser_free(p);
	return root;
}

int tr_wu_render_html(tr_buf *out, const tr_wu_doc *d, bool self_contained)
{
	tr_wu_html x;
	cmark_node *root;
	xmlNodePtr html, body, main, article;
	char *title;
	int rc;

	memset(&x, 0, sizeof(x));
	x.d = d;
	x.self_contained = self_contained;
	root = S_parse(&d->md);
	x.doc = htmlNewDocNoDtD(NULL, NULL);
	if (!root || !x.doc) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (!xmlCreateIntSubset(x.doc, BAD_CAST "html", NULL, NULL) ||
	    !(html = xmlNewDocNode(x.doc, NULL, BAD_CAST "html", NULL))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	xmlDocSetRootElement(x.doc, html);
	tr_wu_attr(&x, html, "lang", "en");
	title = S_first_h1(root);
	S_head(&x, html, title ? title : d->title);
	free(title);
	body = tr_wu_el(&x, html, "body", NULL);
	main = tr_wu_el(&x, body, "main", NULL);
	article = tr_wu_el(&x, main, "article", "writeup");
	tr_wu_html_walk(&x, root, article);
	S_footer(&x, body);
	if (!self_contained) {
		xmlNodePtr s = tr_wu_el(&x, body, "script", NULL);
		tr_wu_attr(&x, s, "src", "assets/sort.js");
		if (s && !xmlSetProp(s, BAD_CAST "defer", NULL))
			x.rc = TR_ENOMEM;
	}
	if ((rc = x.rc) < 0)
		goto cleanup;
	rc = S_write(out, x.doc);
cleanup:
	if (root)
		cmark_node_free(root);
	if (x.doc)
		xmlFreeDoc(x.doc);
	for (size_t i = 0; i < x.nids; i++)
		free(x.ids[i]);
	free(x.ids);
	return rc;
}
