/* render.c: tr_writeup_render: clean the source, expand it once, render
 * it three ways. */

#include "writeup_internal.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

/* Here, not in charts.c: freeing charts must not pull in the chart
 * module (tests build chart sets by hand). */
void tr_writeup_charts_free(tr_writeup_charts *charts)
{
	for (size_t i = 0; i < charts->count; i++) {
		tr_writeup_chart *c = &charts->items[i];
		free(c->name);
		free(c->kind);
		free(c->title);
		free(c->alt);
		tr_buf_free(&c->svg);
		tr_buf_free(&c->png);
	}
	free(charts->items);
	memset(charts, 0, sizeof(*charts));
}

void tr_writeup_output_free(tr_writeup_output *out)
{
	tr_buf_free(&out->markdown);
	tr_buf_free(&out->index_html);
	tr_buf_free(&out->report_html);
}

int tr_writeup_render(tr_writeup_output *out, const tr_results *r,
                      const tr_writeup_charts *charts,
                      const tr_writeup_options *options)
{
	tr_wu_doc d;
	tr_buf src = TR_BUF_INIT;
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < charts->count; i++)
		if (!tr_wu_name_safe(charts->items[i].name))
			return tr_error_set("chart %zu: '%s' is not a safe file name", i,
			                    charts->items[i].name ? charts->items[i].name : "");
	if ((rc = tr_wu_doc_init(&d, r, charts, options)) < 0)
		return rc;
	/* One line ending, valid UTF-8, no control characters: the rest of
	 * the module, cmark and libxml2 can rely on it. */
	if ((rc = tr_wu_clean(&src, options->source ? options->source : "",
	                      options->source ? options->source_len : 0, true)) < 0 ||
	    (rc = tr_wu_expand(&d, tr_buf_cstr(&src), src.size)) < 0 ||
	    (rc = tr_wu_render_markdown(&out->markdown, &d)) < 0 ||
	    (rc = tr_wu_render_html(&out->index_html, &d, false)) < 0 ||
	    (rc = tr_wu_render_html(&out->report_html, &d, true)) < 0)
		tr_writeup_output_free(out);
	tr_buf_free(&src);
	tr_wu_doc_free(&d);
	return rc;
}
