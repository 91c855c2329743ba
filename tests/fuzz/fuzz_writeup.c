/* fuzz_writeup.c: the writeup's directives and Markdown, rendered against
 * the results of the bundled sample study (loaded once, the plan's charts
 * drawn once as SVG; the charts directives ask for are drawn per input,
 * by the report module as in a build). */

#include "fuzz.h"
#include "ingest/ingest.h"
#include "report/report.h"
#include "version.h"
#include "writeup/writeup.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdio.h>

static tr_study *S_study;
static tr_results *S_results;
static tr_writeup_charts S_charts;
static size_t S_planned;       /* charts of the plan; directives add more */
static tr_report_options S_draw = { .threads = 1 };  /* SVG only */

static void S_setup(void)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/samples/stock-vs-tuned",
	         root ? root : TR_SOURCE_DATADIR);
	if (tr_study_load(&S_study, path, NULL) < 0 ||
	    tr_results_compute(&S_results, S_study) < 0) {
		fprintf(stderr, "fuzz_writeup: %s\n", tr_error_last());
		abort();
	}
	/* The plan's charts, drawn by rendering an empty writeup. */
	{
		tr_writeup_output out;
		tr_writeup_options opts;
		memset(&opts, 0, sizeof(opts));
		if (tr_report_render(&out, &S_charts, S_results, &opts, &S_draw) < 0)
			abort();
		tr_writeup_output_free(&out);
	}
	S_planned = S_charts.count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tr_writeup_output out;
	tr_writeup_options opts;
	int rc;
	if (!S_results)
		S_setup();
	memset(&opts, 0, sizeof(opts));
	opts.source = (const char *)data;
	opts.source_len = size;
	opts.source_path = "writeup.md";
	opts.css = "body{}";
	opts.css_len = 6;
	rc = tr_report_render(&out, &S_charts, S_results, &opts, &S_draw);
	/* charts a {{chart rank}} added: gone before the next input */
	tr_writeup_charts_truncate(&S_charts, S_planned);
	if (rc == TR_EINVALID)
		FUZZ_ASSERT(strncmp(tr_error_last(), "writeup.md", 10) == 0);
	if (rc == 0) {
		/* Whatever the author wrote, no script element reaches a page. */
		FUZZ_ASSERT(!strstr(tr_buf_cstr(&out.index_html), "<script>alert"));
		FUZZ_ASSERT(!strstr(tr_buf_cstr(&out.report_html), "<script"));
	}
	tr_writeup_output_free(&out);
	return 0;
}
