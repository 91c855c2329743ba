/* html_svg.c: charts inside report.html. Each SVG is parsed (no network,
 * no entities, no error output) and its root copied into the page. Ids
 * are prefixed with the chart's name, and references to them (url(#id),
 * href="#id") follow, so that charts sharing one page never collide. */

#include "writeup_html_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

#define S_PARSE (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | \
                 XML_PARSE_NOCDATA)

static xmlDocPtr S_parse(const tr_buf *svg)
{
	if (svg->size == 0 || svg->size > (size_t)INT32_MAX)
		return NULL;
	return xmlReadMemory(svg->ptr, (int)svg->size, "chart.svg", NULL, S_PARSE);
}

static long S_length(const xmlChar *v)
{
	char *end;
	double d;
	if (!v)
		return 0;
	d = strtod((const char *)v, &end);
	/* Only plain numbers or pixels: "720", "720px". */
	if (end == (const char *)v || (*end && strcmp(end, "px") != 0) || !(d > 0) || d > 1e6)
		return 0;
	return (long)(d + 0.5);
}

int tr_wu_svg_size(const tr_buf *svg, long *w, long *h)
{
	xmlDocPtr doc = S_parse(svg);
	xmlNodePtr root;
	xmlChar *vw = NULL, *vh = NULL, *vb = NULL;
	int rc = TR_ENOTFOUND;
	*w = *h = 0;
	if (!doc || !(root = xmlDocGetRootElement(doc)))
		goto cleanup;
	vw = xmlGetProp(root, BAD_CAST "width");
	vh = xmlGetProp(root, BAD_CAST "height");
	*w = S_length(vw);
	*h = S_length(vh);
	if ((*w == 0 || *h == 0) && (vb = xmlGetProp(root, BAD_CAST "viewBox"))) {
		double x0, y0, bw, bh;
		if (sscanf((const char *)vb, "%lf %lf %lf %lf", &x0, &y0, &bw, &bh) == 4 &&
		    bw > 0 && bh > 0 && bw < 1e6 && bh < 1e6) {
			*w = (long)(bw + 0.5);
			*h = (long)(bh + 0.5);
		}
	}
	if (*w > 0 && *h > 0)
		rc = 0;
cleanup:
	xmlFree(vw);
	xmlFree(vh);
	xmlFree(vb);
	if (doc)
		xmlFreeDoc(doc);
	return rc;
}

/* s with every `from` replaced by `to`. Caller frees. */
static char *S_replace(const char *s, const char *from, const char *to)
{
	tr_buf b = TR_BUF_INIT;
	size_t n = strlen(from);
	for (const char *p = s; *p; ) {
		const char *u = strstr(p, from);
		if (!u) {
			tr_buf_puts(&b, p);
			break;
		}
		tr_buf_put(&b, p, (size_t)(u - p));
		tr_buf_puts(&b, to);
		p = u + n;
	}
	return b.ptr ? tr_buf_detach(&b) : tr_strdup("");
}

/* s with every "url(#" and a leading "#" given the prefix. Caller frees. */
static char *S_refs(const char *s, const char *prefix, bool href)
{
	char *to, *out;
	if (href && s[0] == '#')
		return tr_sprintf("#%s%s", prefix, s + 1);
	if (!(to = tr_sprintf("url(#%s", prefix)))
		return NULL;
	out = S_replace(s, "url(#", to);
	free(to);
	return out;
}

/* A chart's style sheet inside the page: its references prefixed, and its
 * dark colours for the screen only, so that the page prints light. */
static char *S_style(const char *s, const char *prefix)
{
	char *refs = S_refs(s, prefix, false), *out;
	if (!refs)
		return NULL;
	out = S_replace(refs, "@media (prefers-color-scheme", "@media screen and (prefers-color-scheme");
	free(refs);
	return out;
}

static int S_prefix_ids(xmlNodePtr n, const char *prefix)
{
	for (; n; n = n->next) {
		if (n->type == XML_TEXT_NODE && n->parent &&
		    xmlStrcmp(n->parent->name, BAD_CAST "style") == 0 && n->content) {
			char *v = S_style((const char *)n->content, prefix);
			if (!v)
				return TR_ENOMEM;
			xmlNodeSetContent(n, BAD_CAST v);
			free(v);
			continue;
		}
		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (xmlAttrPtr a = n->properties; a; a = a->next) {
			xmlChar *v = xmlNodeGetContent((xmlNodePtr)a);
			bool href = xmlStrcmp(a->name, BAD_CAST "href") == 0;
			char *nv = NULL;
			if (!v)
				return TR_ENOMEM;
			if (xmlStrcmp(a->name, BAD_CAST "id") == 0 && !a->ns)
				nv = tr_sprintf("%s%s", prefix, (const char *)v);
			else if (href || xmlStrstr(v, BAD_CAST "url(#"))
				nv = S_refs((const char *)v, prefix, href);
			else {
				xmlFree(v);
				continue;
			}
			xmlFree(v);
			if (!nv)
				return TR_ENOMEM;
			/* Replaces the value of this same attribute node. */
			if (!xmlSetNsProp(n, a->ns, a->name, BAD_CAST nv)) {
				free(nv);
				return TR_ENOMEM;
			}
			free(nv);
		}
		if (S_prefix_ids(n->children, prefix) < 0)
			return TR_ENOMEM;
	}
	return 0;
}

void tr_wu_svg_inline(tr_wu_html *x, xmlNodePtr parent, const tr_writeup_chart *c,
                      bool narrow)
{
	const tr_buf *svg = narrow ? &c->svg_narrow : &c->svg;
	xmlDocPtr doc;
	xmlNodePtr root, copy;
	char *prefix;
	if (x->rc < 0 || !parent)
		return;
	doc = S_parse(svg);
	if (!doc || !(root = xmlDocGetRootElement(doc)) ||
	    xmlStrcmp(root->name, BAD_CAST "svg") != 0) {
		x->rc = tr_error_set("chart %s: its SVG does not parse", c->name);
		if (doc)
			xmlFreeDoc(doc);
		return;
	}
	copy = xmlDocCopyNode(root, x->doc, 1);
	xmlFreeDoc(doc);
	prefix = tr_sprintf(narrow ? "svg-%s-n-" : "svg-%s-", c->name);
	if (!copy || !prefix) {
		if (copy)
			xmlFreeNode(copy);
		free(prefix);
		x->rc = TR_ENOMEM;
		return;
	}
	if (S_prefix_ids(copy, prefix) < 0)
		x->rc = TR_ENOMEM;
	free(prefix);
	xmlAddChild(parent, copy);
	tr_wu_attr(x, copy, "role", "img");
	tr_wu_attr(x, copy, "aria-label", c->alt ? c->alt : (c->title ? c->title : c->name));
}
