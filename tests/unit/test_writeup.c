/* test_writeup.c: the writeup engine on studies built in memory
 * (wu_fixture.h): directives, the default writeup, Markdown and HTML,
 * escaping of hostile strings, errors with file and line. Set
 * TR_WRITEUP_DUMP=DIR to keep the rendered files for a look. */

#include "harness.h"
#include "wu_fixture.h"

#include <stdio.h>

static char *S_template(size_t *len)
{
	return harness_read("templates/writeup.md", len);
}

static void S_dump(const char *name, const tr_buf *b)
{
	const char *dir = getenv("TR_WRITEUP_DUMP");
	char path[4096];
	FILE *f;
	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((f = fopen(path, "wb"))) {
		fwrite(b->ptr, 1, b->size, f);
		fclose(f);
	}
}

/* Render src against the seed-like (or hostile) study. */
static int S_render(tr_writeup_output *out, bool hostile, const char *src,
                    bool front_matter)
{
	tr_study *st = wu_study(hostile);
	tr_results *r = NULL;
	tr_writeup_charts cs;
	tr_writeup_options o = { 0 };
	int rc;
	wu_charts(&cs);
	o.source = src;
	o.source_len = strlen(src);
	o.source_path = "study/writeup.md";
	o.css = harness_read("assets/style.css", &o.css_len);
	o.front_matter = front_matter;
	rc = tr_results_compute(&r, st);
	if (rc == 0)
		rc = tr_writeup_render(out, r, &cs, &o);
	tr_writeup_charts_free(&cs);
	free((char *)o.css);
	tr_results_free(r);
	tr_study_free(st);
	return rc;
}

static void test_default_writeup(void)
{
	size_t len;
	char *src = S_template(&len);
	tr_writeup_output out;
	CHECK_INT(S_render(&out, false, src, true), 0);
	if (out.markdown.size == 0)
		fprintf(stderr, "%s\n", tr_error_last());
	S_dump("report.md", &out.markdown);
	S_dump("index.html", &out.index_html);
	S_dump("report.html", &out.report_html);
	tr_writeup_output_free(&out);
	free(src);
}

static void test_hostile(void)
{
	size_t len;
	char *src = S_template(&len);
	tr_writeup_output out;
	CHECK_INT(S_render(&out, true, src, true), 0);
	if (out.markdown.size == 0)
		fprintf(stderr, "%s\n", tr_error_last());
	S_dump("hostile.md", &out.markdown);
	S_dump("hostile-index.html", &out.index_html);
	S_dump("hostile-report.html", &out.report_html);
	tr_writeup_output_free(&out);
	free(src);
}

int main(void)
{
	RUN(test_default_writeup);
	RUN(test_hostile);
	return harness_done();
}
