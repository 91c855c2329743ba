/* test_report.c: the report module's file set of OUT, against lists
 * written here by hand from the shape of the sample study
 * samples/stock-vs-tuned (captured pgbench 15 output):
 *
 *   - 2 providers (stock, tuned), 5 scenarios (results/<provider>/bench1,
 *     bench10, bench100, bench1-select, bench1-txlog), one workload each
 *     (TPC-B, select-only in bench1-select);
 *   - every scenario has aggregate logs (windows): a timeline per
 *     scenario, and the p95 and CoV bars; bench1-txlog also has
 *     per-transaction logs: one percentile plot; each provider has a price
 *     in tpsreport.ini: cost and value bars; init.txt timings: init;
 *   - so the plan is 13 charts (docs/charts.md), and a writeup with
 *     {{chart rank tps_median * *}} adds charts/rank-tps-median-all
 *     (docs/writeup.md: rank-METRIC-SCENARIO, `all` for `*`).
 *
 * Every chart is drawn exactly once per format (counted through the
 * options' drawn hook), PNGs only when asked, and every chart index.html
 * references is a file of OUT. */

#define _XOPEN_SOURCE 700
#include "harness.h"
#include "ingest/ingest.h"
#include "report/report.h"
#include "util/buf.h"
#include "util/error.h"

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const S_charts[] = {
	"cost", "cov", "init", "latency", "p95", "percentiles-bench1-txlog",
	"timeline-bench1", "timeline-bench10", "timeline-bench100",
	"timeline-bench1-select", "timeline-bench1-txlog", "tps", "value", "rank-tps-median-all",
};
#define S_NCHARTS (sizeof(S_charts) / sizeof(S_charts[0]))

static const char *const S_files[] = {
	".tpsreport", "index.html", "report.html", "report.md",
	"assets/style.css", "assets/sort.js",
	"data/results.json", "data/results.csv", "data/runs.csv",
};
#define S_NFILES (sizeof(S_files) / sizeof(S_files[0]))

/* What the drawn hook saw: (name, format) pairs. */
typedef struct {
	char names[64][96];
	tr_chart_format formats[64];
	int n;
} S_seen;

static void S_drawn(void *ctx, const char *name, tr_chart_format format)
{
	S_seen *s = ctx;
	if (s->n < 64) {
		snprintf(s->names[s->n], sizeof(s->names[0]), "%s", name);
		s->formats[s->n++] = format;
	}
}

static int S_count(const S_seen *s, const char *name, tr_chart_format format)
{
	int n = 0;
	for (int i = 0; i < s->n; i++)
		n += strcmp(s->names[i], name) == 0 && s->formats[i] == format;
	return n;
}

static void S_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
}

static bool S_exists(const char *dir, const char *rel)
{
	char path[4096];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Every regular file below dir, as "sub/name", into names; how many. */
static int S_walk(const char *dir, const char *sub, char names[][512], int n, int max)
{
	char path[8192];
	DIR *d;
	struct dirent *e;
	snprintf(path, sizeof(path), "%s%s%s", dir, *sub ? "/" : "", sub);
	if (!(d = opendir(path)))
		return n;
	while ((e = readdir(d))) {
		char rel[512];
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(rel, sizeof(rel), "%s%s%s", sub, *sub ? "/" : "", e->d_name);
		snprintf(path, sizeof(path), "%s/%s", dir, rel);
		if (stat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode))
			n = S_walk(dir, rel, names, n, max);
		else if (n < max)
			snprintf(names[n++], 512, "%s", rel);
	}
	closedir(d);
	return n;
}

static tr_results *S_results(tr_study **study)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char path[4096];
	tr_results *r = NULL;
	snprintf(path, sizeof(path), "%s/samples/stock-vs-tuned", root ? root : ".");
	if (tr_study_load(study, path, NULL) < 0 || tr_results_compute(&r, *study) < 0) {
		fprintf(stderr, "%s\n", tr_error_last());
		exit(1);
	}
	return r;
}

/* One build of the sample into work/out with the writeup of work/t. */
static int S_build(const char *work, const tr_results *r, bool png, S_seen *seen,
                   tr_buf *line)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char study[4096], out[4096], templates[4096];
	tr_report_options o;
	tr_report *rep = NULL;
	int rc;
	snprintf(study, sizeof(study), "%s/samples/stock-vs-tuned", root ? root : ".");
	snprintf(out, sizeof(out), "%s/out", work);
	snprintf(templates, sizeof(templates), "%s/t", work);
	memset(&o, 0, sizeof(o));
	o.templates = templates;
	o.png = png;
	o.threads = 2;
	o.drawn = S_drawn;
	o.ctx = seen;
	memset(seen, 0, sizeof(*seen));
	if ((rc = tr_report_open(&rep, out, study, &o)) == 0 &&
	    (rc = tr_report_write(rep, r, NULL)) == 0)
		rc = tr_report_describe(line, rep);
	if (rc < 0)
		fprintf(stderr, "build: %s\n", tr_error_last());
	tr_report_free(rep);
	return rc;
}

/* The file set of OUT is exactly S_files, plus NAME.svg, the phone's
 * NAME.narrow.svg (and NAME.png with png) per chart of S_charts. */
static void S_check_files(const char *out, bool png)
{
	char found[96][512], want[96][512];
	int nfound = S_walk(out, "", found, 0, 96), nwant = 0;
	for (size_t i = 0; i < S_NFILES; i++)
		snprintf(want[nwant++], 512, "%s", S_files[i]);
	for (size_t i = 0; i < S_NCHARTS; i++) {
		snprintf(want[nwant++], 512, "charts/%s.svg", S_charts[i]);
		snprintf(want[nwant++], 512, "charts/%s.narrow.svg", S_charts[i]);
		if (png)
			snprintf(want[nwant++], 512, "charts/%s.png", S_charts[i]);
	}
	CHECK_INT(nfound, nwant);
	for (int i = 0; i < nwant; i++) {
		bool there = false;
		for (int k = 0; k < nfound; k++)
			there |= strcmp(found[k], want[i]) == 0;
		if (!there)
			fprintf(stderr, "missing from OUT: %s\n", want[i]);
		CHECK(there);
	}
	for (int k = 0; k < nfound; k++) {
		bool wanted = false;
		for (int i = 0; i < nwant; i++)
			wanted |= strcmp(found[k], want[i]) == 0;
		if (!wanted)
			fprintf(stderr, "not expected in OUT: %s\n", found[k]);
		CHECK(wanted);
	}
}

/* Every "charts/NAME.svg|png" index.html references is a file of OUT;
 * returns how many distinct references there are. */
/* The references to charts/ in OUT/index.html, each checked to be a file
 * of OUT; how many there are (only those ending in suffix, when given). */
static int S_check_references(const char *out, const char *suffix)
{
	char path[4096];
	tr_buf html = TR_BUF_INIT;
	int n = 0;
	snprintf(path, sizeof(path), "%s/index.html", out);
	{
		FILE *f = fopen(path, "rb");
		char buf[65536];
		size_t got;
		CHECK(f != NULL);
		while (f && (got = fread(buf, 1, sizeof(buf), f)) > 0)
			tr_buf_put(&html, buf, got);
		if (f)
			fclose(f);
	}
	for (const char *p = tr_buf_cstr(&html); (p = strstr(p, "\"charts/")); p++) {
		const char *end = strchr(p + 1, '"');
		char rel[256];
		if (!end || end - p - 1 >= (long)sizeof(rel))
			break;
		snprintf(rel, sizeof(rel), "%.*s", (int)(end - p - 1), p + 1);
		if (!S_exists(out, rel))
			fprintf(stderr, "index.html references %s: not in OUT\n", rel);
		CHECK(S_exists(out, rel));
		if (!suffix || (strlen(rel) >= strlen(suffix) &&
		                strcmp(rel + strlen(rel) - strlen(suffix), suffix) == 0))
			n++;
	}
	tr_buf_free(&html);
	return n;
}

static int S_rm(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

/* The temporary folder, gone at the end of each test. */
static void S_teardown(const char *work)
{
	nftw(work, S_rm, 16, FTW_DEPTH | FTW_PHYS);
}

static void S_setup(char *work, size_t size)
{
	char path[4096];
	snprintf(work, size, "/tmp/test_report.XXXXXX");
	CHECK(mkdtemp(work) != NULL);
	snprintf(path, sizeof(path), "%s/t", work);
	CHECK(mkdir(path, 0755) == 0);
	/* Every chart of the plan placed, and one a directive asks for. */
	snprintf(path, sizeof(path), "%s/t/writeup.md", work);
	S_write_file(path, "# {{title}}\n\n{{chart tps}}\n\n{{chart rank tps_median * *}}\n\n"
	                   "{{section results}}\n\n{{section stability}}\n\n"
	                   "{{section methodology}}\n");
}

static void test_svg_only(void)
{
	tr_study *study = NULL;
	tr_results *r = S_results(&study);
	char work[64], out[128], want[256];
	tr_buf line = TR_BUF_INIT;
	S_seen seen;

	S_setup(work, sizeof(work));
	snprintf(out, sizeof(out), "%s/out", work);
	CHECK_INT(S_build(work, r, false, &seen, &line), 0);
	S_check_files(out, false);
	/* each chart drawn once as SVG, none as PNG, nothing else drawn */
	CHECK_INT(seen.n, (long long)S_NCHARTS);
	for (size_t i = 0; i < S_NCHARTS; i++) {
		CHECK_INT(S_count(&seen, S_charts[i], TR_CHART_SVG), 1);
		CHECK_INT(S_count(&seen, S_charts[i], TR_CHART_PNG), 0);
	}
	CHECK(S_check_references(out, NULL) > 0);
	CHECK_INT(S_check_references(out, ".png"), 0);   /* no PNG to link */
	snprintf(want, sizeof(want), "wrote %s: index.html, report.html, report.md, "
	         "%zu charts, data/ (0 files unchanged)", out, S_NCHARTS);
	CHECK_STR(tr_buf_cstr(&line), want);
	/* The same inputs again: every file of the set is unchanged (the
	 * marker .tpsreport is rewritten, so it is not counted). */
	tr_buf_clear(&line);
	CHECK_INT(S_build(work, r, false, &seen, &line), 0);
	snprintf(want, sizeof(want), "wrote %s: index.html, report.html, report.md, "
	         "%zu charts, data/ (%zu files unchanged)", out, S_NCHARTS,
	         S_NFILES - 1 + 2 * S_NCHARTS); /* NAME.svg and NAME.narrow.svg */
	CHECK_STR(tr_buf_cstr(&line), want);
	tr_buf_free(&line);
	S_teardown(work);
	tr_results_free(r);
	tr_study_free(study);
}

static void test_png(void)
{
	tr_study *study = NULL;
	tr_results *r = S_results(&study);
	char work[64], out[128];
	tr_buf line = TR_BUF_INIT;
	S_seen seen;

	S_setup(work, sizeof(work));
	snprintf(out, sizeof(out), "%s/out", work);
	CHECK_INT(S_build(work, r, true, &seen, &line), 0);
	S_check_files(out, true);
	CHECK_INT(seen.n, 2 * (long long)S_NCHARTS);
	for (size_t i = 0; i < S_NCHARTS; i++) {
		CHECK_INT(S_count(&seen, S_charts[i], TR_CHART_SVG), 1);
		CHECK_INT(S_count(&seen, S_charts[i], TR_CHART_PNG), 1);
	}
	/* index.html links the PNGs too (none without them, above), each a
	 * file of OUT */
	CHECK(S_check_references(out, ".png") >= 1);
	tr_buf_free(&line);
	S_teardown(work);
	tr_results_free(r);
	tr_study_free(study);
}

/* A bad directive: an error naming the writeup's line, and no OUT. */
static void test_bad_writeup(void)
{
	tr_study *study = NULL;
	tr_results *r = S_results(&study);
	char work[64], out[128], path[256];
	tr_buf line = TR_BUF_INIT;
	struct stat st;
	S_seen seen;

	S_setup(work, sizeof(work));
	snprintf(out, sizeof(out), "%s/out", work);
	snprintf(path, sizeof(path), "%s/t/writeup.md", work);
	S_write_file(path, "# x\n\n{{chart rank p_value *}}\n");
	CHECK(S_build(work, r, true, &seen, &line) < 0);
	CHECK(strstr(tr_error_last(), "writeup.md:3: ") != NULL);
	CHECK(strstr(tr_error_last(), "p_value cannot rank providers") != NULL);
	CHECK(stat(out, &st) < 0);
	CHECK_INT(seen.n, 0);  /* a writeup error stops before drawing */
	tr_buf_free(&line);
	S_teardown(work);
	tr_results_free(r);
	tr_study_free(study);
}

/* tpsreport chart --all's drawing: one picture per planned chart. */
static void test_draw_plan(void)
{
	tr_study *study = NULL;
	tr_results *r = S_results(&study);
	tr_chart_plan plan = { NULL, 0 };
	tr_buf bufs[32];
	CHECK_INT(tr_chart_plan_make(&plan, r), 0);
	CHECK_INT(plan.count, (long long)S_NCHARTS - 1);  /* all but the rank chart */
	for (size_t i = 0; i < 32; i++)
		bufs[i] = (tr_buf)TR_BUF_INIT;
	if (plan.count <= 32) {
		CHECK_INT(tr_report_draw_plan(bufs, r, &plan, TR_CHART_PDF, 2), 0);
		for (size_t i = 0; i < plan.count; i++)
			CHECK(bufs[i].size > 5 && memcmp(bufs[i].ptr, "%PDF-", 5) == 0);
	}
	for (size_t i = 0; i < 32; i++)
		tr_buf_free(&bufs[i]);
	tr_chart_plan_free(&plan);
	tr_results_free(r);
	tr_study_free(study);
}

/* In memory: charts already drawn are kept, only the directive's is
 * drawn; the writeup alone cannot draw it. */
static void test_render_in_memory(void)
{
	static const char src[] = "# x\n\n{{chart rank tps_median * *}}\n";
	tr_study *study = NULL;
	tr_results *r = S_results(&study);
	tr_writeup_charts cs = { NULL, 0 };
	tr_writeup_output out;
	tr_writeup_options wo;
	tr_report_options o;
	S_seen seen;

	memset(&wo, 0, sizeof(wo));
	memset(&o, 0, sizeof(o));
	memset(&seen, 0, sizeof(seen));
	o.threads = 1;
	o.drawn = S_drawn;
	o.ctx = &seen;
	/* an empty writeup: the plan's charts, drawn once each */
	CHECK_INT(tr_report_render(&out, &cs, r, &wo, &o), 0);
	tr_writeup_output_free(&out);
	CHECK_INT(cs.count, (long long)S_NCHARTS - 1);
	CHECK_INT(seen.n, (long long)S_NCHARTS - 1);
	wo.source = src;
	wo.source_len = strlen(src);
	wo.source_path = "w.md";
	CHECK(tr_writeup_render(&out, r, &cs, &wo) < 0);
	CHECK_STR(tr_error_last(), "w.md:3: chart rank-tps-median-all is not drawn "
	                           "(the report module draws the charts directives ask for)");
	tr_writeup_output_free(&out);
	CHECK_INT(cs.count, (long long)S_NCHARTS - 1);  /* dropped again */
	memset(&seen, 0, sizeof(seen));
	CHECK_INT(tr_report_render(&out, &cs, r, &wo, &o), 0);
	CHECK_INT(seen.n, 1);
	CHECK_INT(S_count(&seen, "rank-tps-median-all", TR_CHART_SVG), 1);
	CHECK_INT(cs.count, (long long)S_NCHARTS);
	CHECK(strstr(tr_buf_cstr(&out.markdown), "](charts/rank-tps-median-all.svg)") != NULL);
	tr_writeup_output_free(&out);
	tr_writeup_charts_free(&cs);
	tr_results_free(r);
	tr_study_free(study);
}

int main(void)
{
	RUN(test_svg_only);
	RUN(test_png);
	RUN(test_bad_writeup);
	RUN(test_draw_plan);
	RUN(test_render_in_memory);
	return harness_done();
}
