/* render.c: a writeup in two steps: clean the source and expand it once
 * (tr_writeup_expand), then, once the caller has drawn the charts the
 * directives asked for, render it three ways (tr_writeup_finish). */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

void tr_writeup_charts_truncate(tr_writeup_charts *charts, size_t n)
{
	for (size_t i = n; i < charts->count; i++) {
		tr_writeup_chart *c = &charts->items[i];
		free(c->name);
		free(c->kind);
		free(c->title);
		free(c->alt);
		free(c->note);
		tr_buf_free(&c->svg);
		tr_buf_free(&c->png);
		tr_buf_free(&c->svg_narrow);
	}
	if (n < charts->count)
		charts->count = n;
}

void tr_writeup_charts_free(tr_writeup_charts *charts)
{
	tr_writeup_charts_truncate(charts, 0);
	free(charts->items);
	memset(charts, 0, sizeof(*charts));
}

void tr_writeup_output_free(tr_writeup_output *out)
{
	tr_buf_free(&out->markdown);
	tr_buf_free(&out->index_html);
	tr_buf_free(&out->report_html);
}

struct tr_writeup_doc {
	tr_wu_doc d;
	tr_buf src;        /* the cleaned source the document was expanded from */
	size_t before;     /* charts in the set before the directives added theirs */
	bool finished;     /* rendered: the charts added stay */
};

int tr_writeup_expand(tr_writeup_doc **out, const tr_results *r,
                      tr_writeup_charts *charts,
                      const tr_writeup_options *options)
{
	tr_writeup_doc *doc;
	int rc;

	*out = NULL;
	for (size_t i = 0; i < charts->count; i++)
		if (!tr_wu_name_safe(charts->items[i].name))
			return tr_error_set("chart %zu: '%s' is not a safe file name", i,
			                    charts->items[i].name ? charts->items[i].name : "");
	if (!(doc = tr_calloc(1, sizeof(*doc))))
		return TR_ENOMEM;
	doc->before = charts->count;
	if ((rc = tr_wu_doc_init(&doc->d, r, charts, options)) < 0) {
		free(doc);
		return rc;
	}
	/* One line ending, valid UTF-8, no control characters: the rest of
	 * the module, cmark and libxml2 can rely on it. */
	if ((rc = tr_wu_clean(&doc->src, options->source ? options->source : "",
	                      options->source ? options->source_len : 0, true)) < 0 ||
	    (rc = tr_wu_expand(&doc->d, tr_buf_cstr(&doc->src), doc->src.size)) < 0) {
		tr_writeup_doc_free(doc);
		return rc;
	}
	*out = doc;
	return 0;
}

size_t tr_writeup_lists(const tr_writeup_doc *doc, const tr_writeup_list **out)
{
	*out = doc->d.lists;
	return doc->d.nlists;
}

int tr_writeup_finish(tr_writeup_output *out, tr_writeup_doc *doc)
{
	const tr_writeup_charts *cs = doc->d.charts;
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < doc->d.nlists; i++) {
		const tr_writeup_chart *c = &cs->items[doc->d.lists[i].chart];
		if (c->svg.size == 0)
			return tr_error_set_at(doc->d.lists[i].path, doc->d.lists[i].line,
			                       "chart %s is not drawn (the report module "
			                       "draws the charts directives ask for)", c->name);
	}
	if ((rc = tr_wu_render_markdown(&out->markdown, &doc->d)) < 0 ||
	    (rc = tr_wu_render_html(&out->index_html, &doc->d, false)) < 0 ||
	    (rc = tr_wu_render_html(&out->report_html, &doc->d, true)) < 0) {
		tr_writeup_output_free(out);
		return rc;
	}
	doc->finished = true;
	return 0;
}

void tr_writeup_doc_free(tr_writeup_doc *doc)
{
	if (!doc)
		return;
	if (!doc->finished)
		tr_writeup_charts_truncate(doc->d.charts, doc->before);
	tr_buf_free(&doc->src);
	tr_wu_doc_free(&doc->d);
	free(doc);
}

int tr_writeup_render(tr_writeup_output *out, const tr_results *r,
                      tr_writeup_charts *charts,
                      const tr_writeup_options *options)
{
	tr_writeup_doc *doc = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = tr_writeup_expand(&doc, r, charts, options)) == 0)
		rc = tr_writeup_finish(out, doc);
	tr_writeup_doc_free(doc);
	return rc;
}
