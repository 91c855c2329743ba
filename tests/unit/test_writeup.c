/* test_writeup.c: the writeup engine on studies built in memory
 * (wu_fixture.h): directives and their errors (file and line), numbers
 * as shown, the default writeup, Markdown and HTML, and hostile strings.
 * Expected figures are worked out by hand from the fixture's inputs
 * (medians of the run TPS it lists), not read back from the code.
 * Set TR_WRITEUP_DUMP=DIR to keep the rendered files for a look. */

/* internal test of: writeup */

#include "harness.h"
#include "wu_fixture.h"
#include "writeup/writeup_internal.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/str.h"

#include <cmark-gfm.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

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
	o.date = front_matter ? "2026-05-05" : NULL;
	rc = tr_results_compute(&r, st);
	if (rc == 0)
		rc = tr_writeup_render(out, r, &cs, &o);
	tr_writeup_charts_free(&cs);
	free((char *)o.css);
	tr_results_free(r);
	tr_study_free(st);
	return rc;
}

/* The Markdown of src, with the footer cut off; NULL on error (the
 * message is in tr_error_last()). Caller frees. */
static char *S_md(const char *src)
{
	tr_writeup_output out;
	char *md = NULL, *foot;
	if (S_render(&out, false, src, false) == 0) {
		md = tr_buf_detach(&out.markdown);
		if ((foot = strstr(md, "\n---\n\n*Made with")))
			*foot = '\0';
	}
	tr_writeup_output_free(&out);
	return md;
}

/* The error message src gives, "" when it renders. */
static const char *S_error(const char *src)
{
	tr_writeup_output out;
	int rc = S_render(&out, false, src, false);
	tr_writeup_output_free(&out);
	return rc < 0 ? tr_error_last() : "";
}

#define CHECK_MD(src, want)                                                 \
	do {                                                                \
		char *md_ = S_md(src);                                          \
		CHECK_STR(md_, want);                                           \
		if (!md_)                                                       \
			fprintf(stderr, "  error: %s\n", tr_error_last());      \
		free(md_);                                                      \
	} while (0)

#define CHECK_ERROR(src, want)                                              \
	do {                                                                \
		const char *e_ = S_error(src);                                  \
		char m_[1200];                                                  \
		snprintf(m_, sizeof(m_), "error \"%.500s\" contains \"%.500s\"", e_, want); \
		harness_check(strstr(e_, want) != NULL, __FILE__, __LINE__, m_); \
	} while (0)

static void test_values(void)
{
	/* aws bench100: runs 3967.67, 3921.40, 3990.02 (run4 is left out);
	 * serverscamp bench10000: median of 2561.34 2540.80 2602.71 2577.19
	 * 2555.05 = 2561.34; aws bench10000: median 2339.69. */
	CHECK_MD("{{value aws bench100 tps_median}}", "3,968\n");
	CHECK_MD("{{value aws bench100 tps_min}} to {{value aws bench100 tps_max}}",
	         "3,921 to 3,990\n");
	CHECK_MD("{{value serverscamp bench10000 tps_median}}", "2,561\n");
	/* latency avg = 32000 / tps in the fixture: median of the runs'. */
	CHECK_MD("{{value aws bench100 latency_avg_ms}} ms", "8.07 ms\n");
	/* 2561.34 / 2339.69 - 1 = +9.47%; p: 5 vs 5 fully apart, exact
	 * p = 2/252 = 0.0079, Holm over 2 comparisons: 0.016. */
	CHECK_MD("{{value serverscamp bench10000 tps_gap_pct}}", "+9.5%\n");
	CHECK_MD("{{value serverscamp bench10000 p_adjusted}}", "0.016\n");
	CHECK_MD("{{compare serverscamp bench10000}}", "+9.5% (p=0.016, n=5+5)\n");
	/* 3 vs 3 fully apart: p = 0.1, Holm: max(0.016, 0.1) = 0.1; the gap
	 * is shown all the same: 3744.75 / 3967.67 - 1 = -5.62% */
	CHECK_MD("{{compare serverscamp bench100}}", "-5.6% \\~ (p=0.100, n=3+3)\n");
	/* Cost: aws 154.76 + 68.50 USD at 0.92 = 205.3992 EUR; / 2339.69. */
	CHECK_MD("{{provider aws monthly_cost}} EUR", "205.40 EUR\n");
	CHECK_MD("{{value aws bench10000 cost_per_tps}}", "0.0878\n");
	/* value ratio: (205.3992/2339.69) / (111.36/2561.34) = 2.019 */
	CHECK_MD("{{value serverscamp bench10000 value_ratio}}", "2.02\xc3\x97\n");
	CHECK_MD("{{provider serverscamp}} and {{provider aws vcpu}} vCPU",
	         "ServersCamp T2 (12k IOPS) and 2 vCPU\n");
	CHECK_MD("{{scenario bench10000}}: {{scenario bench10000 scale}}",
	         "bench10000 (\\~150 GB, disk-bound): 10,000\n");
	CHECK_MD("{{baseline}} / {{digest short}}",
	         "AWS RDS db.m6i.large (gp3 12k IOPS) / 3f5a0c2e9b7d\n");
	CHECK_MD("{{title}}", "AWS RDS vs ServersCamp managed PostgreSQL: pgbench TPC-B\n");
	CHECK_MD("{{subtitle}} / {{notes}}", "Comparative benchmark of managed PostgreSQL. May 2026. / "
	                                     "Out of the box: no tuning on either side.\n");
	/* The deepest dip: run3 of aws bench10000 has a window at 0.32 x. */
	{
		char *md = S_md("{{value aws bench10000 tps_min_pct_worst}}");
		double v = md ? atof(md) : 0;
		CHECK(v < -60 && v > -75);
		free(md);
	}
	/* Per-transaction percentiles only where there are logs, to the
	 * microsecond (the fixture's slowest transaction: 92,008 us). */
	CHECK_MD("{{value serverscamp bench100 latency.max_ms}}", "92.008\n");
	CHECK_MD("{{value aws bench100 latency.p95_ms}}", "\xe2\x80\x93\n");
}

static void test_literal(void)
{
	/* Not directives: in code spans, fenced code, after a backslash. */
	CHECK_MD("`{{table tps}}` and ``{{x}}``", "`{{table tps}}` and ``{{x}}``\n");
	CHECK_MD("```\n{{nope}}\n```\n", "```\n{{nope}}\n```\n");
	CHECK_MD("~~~~ md\n{{nope}}\n```\n~~~~\n", "~~~~ md\n{{nope}}\n```\n~~~~\n");
	CHECK_MD("\\{{nope}}", "\\{{nope}}\n");
	/* An unclosed code span does not hide what follows. */
	CHECK_ERROR("`a {{nope}}", "study/writeup.md:1: unknown directive {{nope}}");
	/* Quoted arguments. */
	CHECK_MD("{{value \"aws\" bench100 \"tps_median\"}}", "3,968\n");
}

static void test_errors(void)
{
	CHECK_ERROR("# T\n\nSome text.\n{{tabel tps}}\n", "study/writeup.md:4: unknown directive {{tabel}}");
	CHECK_ERROR("a\nb {{table tps}}\n", "study/writeup.md:2: {{table}} must stand alone");
	CHECK_ERROR("{{value azure bench100 tps_median}}",
	            "study/writeup.md:1: no provider 'azure' (there are: aws, serverscamp)");
	CHECK_ERROR("{{value aws bench99 tps_median}}", "no scenario 'bench99' (there are: bench100, bench10000)");
	CHECK_ERROR("{{value aws bench100 speed}}", "unknown metric 'speed'");
	CHECK_ERROR("{{value aws bench100}}", "expected PROVIDER SCENARIO METRIC");
	CHECK_ERROR("{{value aws bench100 tps_median tpc-b-c99}}", "has no workload 'tpc-b-c99'");
	CHECK_ERROR("{{compare aws bench100}}", "'aws' is the baseline");
	CHECK_ERROR("{{value aws bench100 tps_gap_pct}}", "'aws' is the baseline");
	CHECK_ERROR("\n\n{{table tps", "study/writeup.md:3: directive '{{table tps' is not closed");
	CHECK_ERROR("{{value \"aws}}", "quoted argument is not closed");
	CHECK_ERROR("{{Table}}", "is not a directive name");
	CHECK_ERROR("{{}}", "has no name");
	CHECK_ERROR("{{title a b c d e f g h i j k l m n o p q}}", "too many arguments");
	CHECK_ERROR("{{title x}}", "{{title}} takes no arguments");
	CHECK_ERROR("{{table}}", "{{table}}: expected KIND");
	CHECK_ERROR("{{table speed}}", "unknown kind 'speed'");
	CHECK_ERROR("{{table price bench100}}", "{{table price}} takes no arguments");
	CHECK_ERROR("{{table latency bench10000}}", "{{table latency bench10000}}: nothing to show");
	CHECK_ERROR("{{chart pie}}", "{{chart pie}}: no such chart in this study (it has: tps, latency");
	CHECK_ERROR("{{chart timeline}}x", "must stand alone");
	CHECK_ERROR("{{section everything}}", "{{section everything}}: expected one of intro, summary");
	CHECK_ERROR("{{section scenario}}", "expected SCENARIO");
	CHECK_ERROR("<!-- tpsreport:block 0 -->", "study/writeup.md:1: 'tpsreport:block' is reserved");
	CHECK_ERROR("{{digest long}}", "the only argument is 'short'");
	CHECK_ERROR("{{provider aws price_usd}}", "unknown field 'price_usd'");
	/* A good writeup gives no error. */
	CHECK_STR(S_error("# {{title}}\n\n{{table tps bench100}}\n\n{{chart timeline bench100}}\n"), "");
}

static void test_blocks(void)
{
	char *md = S_md("Intro.\n{{table tps bench10000}}\nAfter.\n\n{{chart timeline-bench10000}}\n"
	                "{{chart timeline bench100}}\n");
	CHECK(md != NULL);
	if (!md)
		return;
	/* A pipe table, numbers right-aligned, the leader in bold, the
	 * comparison as benchstat shows it. */
	CHECK(strstr(md, "Intro.\n\n*bench10000 (\\~150 GB, disk-bound): TPS and latency.") != NULL);
	/* no Runs column: p (n) gives every row's count (5+5) */
	CHECK(strstr(md, "| Provider | Median TPS | Slowest run (TPS) | Fastest run (TPS) | "
	                 "Latency avg (ms) | vs baseline | p (n) |\n"
	                 "| :--- | ---: | ---: | ---: | ---: | ---: | ---: |\n") != NULL);
	CHECK(strstr(md, "| AWS RDS db.m6i.large (gp3 12k IOPS) | 2,340 | 2,250 | 2,401 | "
	                 "13.7 | baseline |  |\n") != NULL);
	CHECK(strstr(md, "| ServersCamp T2 (12k IOPS) | **2,561** | 2,541 | 2,603 | 12.5 | "
	                 "+9.5% | 0.016 (5+5) |\n") != NULL);
	CHECK(strstr(md, "\nAfter.\n") != NULL);
	CHECK(strstr(md, "](charts/timeline-bench10000.svg)\n") != NULL);
	CHECK(strstr(md, "](charts/timeline-bench100.svg)\n") != NULL);
	CHECK(strstr(md, "tpsreport:block") == NULL);
	free(md);
}

/* ---- HTML ------------------------------------------------------------- */

static htmlDocPtr S_parse_html(const tr_buf *b)
{
	return htmlReadMemory(b->ptr, (int)b->size, "x.html", "UTF-8",
	                      HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
}

static int S_count(htmlDocPtr doc, const char *xpath)
{
	xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST xpath, ctx);
	int n = o && o->nodesetval ? o->nodesetval->nodeNr : -1;
	xmlXPathFreeObject(o);
	xmlXPathFreeContext(ctx);
	return n;
}

static void test_default_writeup(void)
{
	size_t len;
	char *src = harness_read("templates/writeup.md", &len);
	tr_writeup_output out, again;
	htmlDocPtr doc;
	CHECK_INT(S_render(&out, false, src, true), 0);
	S_dump("report.md", &out.markdown);
	S_dump("index.html", &out.index_html);
	S_dump("report.html", &out.report_html);
	/* Front matter, sections, footer. */
	CHECK(strncmp(out.markdown.ptr, "---\ntitle: \"AWS RDS vs ServersCamp managed "
	                                "PostgreSQL: pgbench TPC-B\"\ndate: 2026-05-05\n", 80) == 0);
	/* The site shows the title (front matter): no H1 of the report's own;
	 * the body in one {% raw %} block for Liquid. */
	CHECK(strstr(out.markdown.ptr, "\n# ") == NULL);
	CHECK(strstr(out.markdown.ptr, "---\n\n{% raw %}\n"
	                               "*Comparative benchmark of managed PostgreSQL. May 2026.*\n\n"
	                               "Out of the box: no tuning on either side.\n") != NULL);
	CHECK(strlen(out.markdown.ptr) > 13 &&
	      strcmp(out.markdown.ptr + strlen(out.markdown.ptr) - 13, "{% endraw %}\n") == 0);
	for (const char *const *h = (const char *const[]){ "## Summary", "## Test setup", "## Methodology",
	                                                    "## TPS and latency", "## Stability",
	                                                    "## Per-transaction latency",
	                                                    "## Loading the data (pgbench -i)",
	                                                    "## Price-performance",
	                                                    "## All scenarios at a glance",
	                                                    "## How this report was made", NULL }; *h; h++) {
		char m[200];
		snprintf(m, sizeof(m), "heading %s", *h);
		harness_check(strstr(out.markdown.ptr, *h) != NULL, __FILE__, __LINE__, m);
	}
	/* Window p95s are labelled as such, transaction p95s too. */
	CHECK(strstr(out.markdown.ptr, "p95 of 10-s window averages, worst run (ms)") != NULL);
	CHECK(strstr(out.markdown.ptr, "p95 of transactions (ms)") != NULL);
	CHECK(strstr(out.markdown.ptr, "p=0.016, n=5+5") != NULL);
	CHECK(strstr(out.markdown.ptr, "5 runs per side") != NULL); /* runs_needed */
	/* The reading warning stays with the author (stderr, check): the
	 * reader gets the run left out in words, no path. */
	CHECK(strstr(out.markdown.ptr, "run4.txt") == NULL);
	CHECK(strstr(out.markdown.ptr, "results/") == NULL);
	CHECK(strstr(out.markdown.ptr, "tpsreport.ini") == NULL);
	CHECK(strstr(out.markdown.ptr, "tpsreport check") == NULL);
	CHECK(strstr(out.markdown.ptr, "was left out as unusable \xe2\x80\x94 AWS RDS db.m6i.large (gp3 12k IOPS) in bench100") != NULL);
	CHECK(strstr(out.markdown.ptr, "from inputs with digest `3f5a0c2e9b7d41e6a8c0f1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c`. ") != NULL);
	CHECK(strstr(out.markdown.ptr, "1 USD = 0.92 EUR") != NULL);
	CHECK(strstr(out.markdown.ptr, "154.76 USD/month instance + 68.50 USD/month storage") != NULL);
	CHECK(strstr(out.markdown.ptr, "PostgreSQL 18.3. Database after loading: 149 GiB.") != NULL);
	CHECK(strstr(out.markdown.ptr, "2.02\xc3\x97") != NULL);
	/* Init durations from 10 minutes on as an article says them: the
	 * fixture's phases 0.01 + 876.29 + 1.59 + 683.78 = 1561.67 s -> 26 min
	 * 2 s; 876.29 s -> 14 min 36 s; 683.78 s -> 11 min 24 s; the empty
	 * "drop tables" (0 s everywhere) is left out. */
	CHECK(strstr(out.markdown.ptr, "| 26 min 2 s | 26 min 2 s | 0.01 s | 14 min 36 s | "
	                               "1.59 s | 11 min 24 s |") != NULL);
	CHECK(strstr(out.markdown.ptr, "drop tables") == NULL);
	CHECK(tr_utf8_valid(out.markdown.ptr, out.markdown.size));

	/* index.html: a document libxml2 reads back, with its tables,
	 * figures, style sheet and script. */
	doc = S_parse_html(&out.index_html);
	CHECK(doc != NULL);
	if (doc) {
		CHECK_INT(S_count(doc, "//h1"), 1);
		CHECK_INT(S_count(doc, "//link[@rel='stylesheet'][@href='assets/style.css']"), 1);
		CHECK_INT(S_count(doc, "//script"), 1);
		CHECK_INT(S_count(doc, "//script[@src='assets/sort.js']"), 1);
		CHECK(S_count(doc, "//table[@class='sortable cards']") >= 8);
		CHECK_INT(S_count(doc, "//img[@src='charts/tps.svg'][@width='640'][@height='360']"), 1);
		CHECK_INT(S_count(doc, "//a[@href='charts/tps.png']"), 1);
		CHECK_INT(S_count(doc, "//td[@data-sort='2561.34']/strong"), 2);
		CHECK_INT(S_count(doc, "//footer//a[@href='data/results.json']"), 1);
		/* every id unique */
		CHECK_INT(S_count(doc, "//*[@id=preceding::*/@id]"), 0);
		xmlFreeDoc(doc);
	}
	/* report.html: self-contained. */
	doc = S_parse_html(&out.report_html);
	CHECK(doc != NULL);
	if (doc) {
		CHECK_INT(S_count(doc, "//script"), 0);
		CHECK_INT(S_count(doc, "//link"), 0);
		CHECK_INT(S_count(doc, "//img"), 0);
		CHECK_INT(S_count(doc, "//style"), 1 + 7); /* ours, and one per chart */
		CHECK_INT(S_count(doc, "//*[local-name()='svg']"), 7);
		CHECK_INT(S_count(doc, "//*[@src]"), 0);
		CHECK_INT(S_count(doc, "//*[@href and not(starts-with(@href, '#') or starts-with(@href, 'http'))]"), 0);
		/* Chart ids prefixed so that charts can share the page. */
		CHECK_INT(S_count(doc, "//*[@id='svg-tps-clip']"), 1);
		CHECK_INT(S_count(doc, "//*[@id='clip']"), 0);
		CHECK_INT(S_count(doc, "//*[@*='url(#svg-timeline-bench100-clip)']"), 1);
		CHECK_INT(S_count(doc, "//*[@id=preceding::*/@id]"), 0);
		xmlFreeDoc(doc);
	}
	/* Charts print light: their dark colours are for the screen. */
	{
		int screen = 0, any = 0;
		for (const char *p = out.report_html.ptr; (p = strstr(p, "@media screen and (prefers-color-scheme: dark)")); p++)
			screen++;
		for (const char *p = out.report_html.ptr; (p = strstr(p, "(prefers-color-scheme: dark)")); p++)
			any++;
		CHECK_INT(screen, 7);     /* one per chart */
		CHECK_INT(any, 7 + 1);    /* and the page's own */
	}
	/* Deterministic. */
	CHECK_INT(S_render(&again, false, src, true), 0);
	CHECK(again.markdown.size == out.markdown.size &&
	      memcmp(again.markdown.ptr, out.markdown.ptr, out.markdown.size) == 0);
	CHECK(again.index_html.size == out.index_html.size &&
	      memcmp(again.index_html.ptr, out.index_html.ptr, out.index_html.size) == 0);
	CHECK(again.report_html.size == out.report_html.size &&
	      memcmp(again.report_html.ptr, out.report_html.ptr, out.report_html.size) == 0);
	tr_writeup_output_free(&again);
	tr_writeup_output_free(&out);
	free(src);
}

static void test_author_markdown(void)
{
	const char *src =
		"# My title\n\nSome *emphasis*, **strong**, `code`, a [link](https://example.com \"t\"),\n"
		"a [bad link](javascript:alert(1)) and ![an image](pic.png).\n\n"
		"<script>alert(1)</script>\n\n<!-- a note to self -->\n\n"
		"1. one\n2. two\n\n- tight\n- list\n\n> quote\n\n## Notes\n\n## Notes\n\n"
		"Entity &#1; and &#xFFFE; and a line  \nbreak.\n\n---\n\n```c\nint x = 1 < 2;\n```\n";
	tr_writeup_output out;
	htmlDocPtr doc;
	CHECK_INT(S_render(&out, false, src, false), 0);
	S_dump("author.html", &out.index_html);
	doc = S_parse_html(&out.index_html);
	CHECK(doc != NULL);
	if (doc) {
		CHECK_INT(S_count(doc, "//title[text()='My title']"), 1);
		CHECK_INT(S_count(doc, "//em[text()='emphasis']"), 1);
		CHECK_INT(S_count(doc, "//a[@href='https://example.com'][@title='t']"), 1);
		CHECK_INT(S_count(doc, "//*[starts-with(@href, 'javascript')]"), 0);
		CHECK_INT(S_count(doc, "//span[text()='bad link']"), 1);
		CHECK_INT(S_count(doc, "//img[@src='pic.png'][@alt='an image']"), 1);
		/* Raw HTML is shown, never run; comments are dropped. */
		CHECK_INT(S_count(doc, "//script[not(@src)]"), 0);
		CHECK_INT(S_count(doc, "//pre[@class='raw-html']/code[contains(text(), '<script>')]"), 1);
		CHECK(strstr(out.index_html.ptr, "a note to self") == NULL);
		CHECK_INT(S_count(doc, "//ol/li"), 2);
		CHECK_INT(S_count(doc, "//ul/li/p"), 0); /* tight */
		CHECK_INT(S_count(doc, "//blockquote/p"), 1);
		CHECK_INT(S_count(doc, "//h2[@id='notes']"), 1);
		CHECK_INT(S_count(doc, "//h2[@id='notes-2']"), 1);
		CHECK_INT(S_count(doc, "//br"), 1);
		CHECK_INT(S_count(doc, "//hr"), 1);
		CHECK_INT(S_count(doc, "//pre/code[@class='language-c'][text()='int x = 1 < 2;\n']"), 1);
		xmlFreeDoc(doc);
	}
	/* A control character from an entity is replaced, not written. */
	CHECK(memchr(out.index_html.ptr, '\x01', out.index_html.size) == NULL);
	CHECK(strstr(out.index_html.ptr, "\xef\xbf\xbe") == NULL);
	/* report.html loads nothing: the image becomes a link. */
	CHECK(strstr(out.report_html.ptr, "<img") == NULL);
	CHECK(strstr(out.report_html.ptr, "<a href=\"pic.png\">an image</a>") != NULL);
	/* report.md keeps the author's text as written. */
	CHECK(strstr(out.markdown.ptr, "<script>alert(1)</script>\n\n<!-- a note to self -->") != NULL);
	tr_writeup_output_free(&out);
}

/* Every string from the study is an attack; none may become markup. */
static void test_hostile(void)
{
	size_t len;
	char *src = harness_read("templates/writeup.md", &len);
	tr_writeup_output out;
	htmlDocPtr doc;
	char *cm;
	CHECK_INT(S_render(&out, true, src, true), 0);
	S_dump("hostile.md", &out.markdown);
	S_dump("hostile-index.html", &out.index_html);
	S_dump("hostile-report.html", &out.report_html);
	for (int k = 0; k < 3; k++) {
		const tr_buf *b = k == 0 ? &out.markdown : k == 1 ? &out.index_html : &out.report_html;
		CHECK(tr_utf8_valid(b->ptr, b->size));
		CHECK(memchr(b->ptr, '\x01', b->size) == NULL);
	}
	for (int k = 0; k < 2; k++) {
		doc = S_parse_html(k == 0 ? &out.index_html : &out.report_html);
		CHECK(doc != NULL);
		if (!doc)
			continue;
		CHECK_INT(S_count(doc, "//script[not(@src='assets/sort.js')]"), 0);
		CHECK_INT(S_count(doc, "//img[@src='x']"), 0);
		CHECK_INT(S_count(doc, "//b"), 0);
		CHECK_INT(S_count(doc, "//@onerror"), 0);
		CHECK_INT(S_count(doc, "//*[starts-with(@href, 'javascript')]"), 0);
		/* The strings are there, as text. */
		CHECK(S_count(doc, "//td[contains(text(), '<img src=x onerror=alert(2)>')]") >= 1);
		CHECK(S_count(doc, "//h1[contains(text(), \"<script>alert('title')</script>\")]") == 1);
		CHECK(S_count(doc, "//td[contains(text(), 'very long label <b>x</b> & very')]") >= 1);
		xmlFreeDoc(doc);
	}
	/* The Markdown, read by cmark (safe mode), holds no markup either. */
	cm = cmark_markdown_to_html(out.markdown.ptr, out.markdown.size, CMARK_OPT_DEFAULT);
	CHECK(strstr(cm, "<script") == NULL);
	CHECK(strstr(cm, "<img src=\"x\"") == NULL);
	CHECK(strstr(cm, "<b>") == NULL);
	CHECK(strstr(cm, "&lt;img src=x onerror=alert(2)&gt;") != NULL);
	free(cm);
	/* Subtitle and notes: text, even where they look like markup. */
	CHECK(strstr(out.markdown.ptr, "\n*\\*sub\\* \\<i\\>title\\</i\\>*\n") != NULL);
	CHECK(strstr(out.markdown.ptr, "\n\\- looks like a list \\# and a heading\n") != NULL);
	/* The title is YAML-quoted in the front matter. */
	CHECK(strstr(out.markdown.ptr, "title: \"<script>alert('title')</script> \\\"quoted\\\" & ") != NULL);
	/* A 5,000-character label comes through whole. */
	CHECK(strstr(out.index_html.ptr, "very long label") != NULL);
	tr_writeup_output_free(&out);
	/* Directives naming hostile ids, quoted. */
	{
		tr_writeup_output o2;
		const char *s2 = "{{value \"sc\\\"'<img src=x onerror=alert(1)>\" \"bench<100>\" tps_median}}\n";
		CHECK_INT(S_render(&o2, true, s2, false), 0);
		CHECK(strncmp(o2.markdown.ptr, "3,745\n", 6) == 0);
		tr_writeup_output_free(&o2);
		CHECK_INT(S_render(&o2, true, "{{value \"<x>\" bench10000 tps_median}}", false), TR_EINVALID);
		CHECK(strstr(tr_error_last(), "no provider '<x>'") != NULL);
		tr_writeup_output_free(&o2);
	}
	free(src);
}

/* A provider without price, vCPU, RAM or notes (no ini section): empty
 * cells, not an error. */
static void test_bare_provider(void)
{
	size_t len;
	char *src = harness_read("templates/writeup.md", &len);
	tr_study *st = wu_study(false);
	tr_provider *p = &st->providers[1];
	tr_results *r = NULL;
	tr_writeup_charts cs;
	tr_writeup_options o = { 0 };
	tr_writeup_output out;
	for (size_t k = 0; k < p->nprice; k++) {
		free(p->price[k].currency);
		free(p->price[k].label);
	}
	free(p->price);
	p->price = NULL;
	p->nprice = 0;
	p->vcpu = p->ram_gb = NAN;
	free(p->label);
	p->label = NULL;
	wu_charts(&cs);
	o.source = src;
	o.source_len = len;
	o.source_path = "templates/writeup.md";
	CHECK_INT(tr_results_compute(&r, st), 0);
	CHECK_INT(tr_writeup_render(&out, r, &cs, &o), 0);
	CHECK(out.markdown.size > 0 && strstr(out.markdown.ptr, "| serverscamp | \xe2\x80\x93 | \xe2\x80\x93 |  | \xe2\x80\x93 |  |\n") != NULL);
	tr_writeup_output_free(&out);
	tr_writeup_charts_free(&cs);
	tr_results_free(r);
	tr_study_free(st);
	free(src);
}

/* A client sweep: the summary counts and averages instead of one bullet
 * per combination; tables name the workload of each row. */
static void test_sweep(void)
{
	size_t len;
	char *src = harness_read("templates/writeup.md", &len);
	tr_study *st = wu_sweep_study();
	tr_results *r = NULL;
	tr_writeup_charts cs = { NULL, 0 };
	tr_writeup_options o = { 0 };
	tr_writeup_output out;
	o.source = src;
	o.source_len = len;
	o.source_path = "templates/writeup.md";
	CHECK_INT(tr_results_compute(&r, st), 0);
	CHECK_INT(tr_writeup_render(&out, r, &cs, &o), 0);
	S_dump("sweep.md", &out.markdown);
	S_dump("sweep.html", &out.index_html);
	if (out.markdown.size) {
		const char *md = out.markdown.ptr;
		/* By hand from wu_sweep_study: medians b + 7 and 0.8b + 7 (1, 2, 4
		 * clients) or 1.3b + 7 (8, 16), b = 400c / (1 + c/6); CNPG is
		 * slower in 3 of 5, its gaps -19.6%, -19.8%, -19.9%, +29.x%, +29.x%
		 * (median -19.6%); |d| ranks 1..5, CNPG ahead on ranks 4 and 5:
		 * V = 9; 13 of the 32 sign patterns sum to >= 9: p = 26/32. */
		CHECK(strstr(md, "- **Scale factor 100** (5 client/thread combinations): "
		                 "**RDS t3.large** is faster than CNPG bare metal in 3 of 5 "
		                 "(CNPG bare metal's median gap -19.6%, p=0.812, 5 pairs), "
		                 "not significant.") != NULL);
		/* 5 pairs can never reach 0.05: 2/2^5 */
		CHECK(strstr(md, "with 5 combinations it cannot go below 0.062") != NULL);
		CHECK(strstr(md, "Too few runs") == NULL);
		/* no Runs column: each row's p (n) says 3+3 */
		CHECK(strstr(md, "| Workload | Provider | Median TPS |") != NULL);
		CHECK(strstr(md, "| TPC-B, 16 clients, 4 threads, prepared | CNPG bare metal |") != NULL);
		CHECK(strstr(md, "(3+3) |") != NULL);
		/* No prices: no price section, no cost columns. */
		CHECK(strstr(md, "## Price-performance") == NULL);
		CHECK(strstr(md, "per TPS") == NULL);
	}
	/* {{value}} needs the workload named in a sweep. */
	tr_writeup_output_free(&out);
	o.source = "{{value rds scale100 tps_median}}";
	o.source_len = strlen(o.source);
	CHECK_INT(tr_writeup_render(&out, r, &cs, &o), TR_EINVALID);
	CHECK(strstr(tr_error_last(), "scenario 'scale100' has 5 workloads; name one of: "
	                              "tpc-b-c1-j1-prepared, tpc-b-c2-j2-prepared") != NULL);
	tr_writeup_output_free(&out);
	o.source = "{{value cnpg scale100 tps_gap_pct tpc-b-c16-j4-prepared}}";
	o.source_len = strlen(o.source);
	CHECK_INT(tr_writeup_render(&out, r, &cs, &o), 0);
	/* 1.3 x base + i x 7 against base + i x 7: +29.x% */
	CHECK(out.markdown.size && strncmp(out.markdown.ptr, "+29.", 4) == 0);
	tr_writeup_output_free(&out);
	tr_results_free(r);
	tr_study_free(st);
	free(src);
}

static void test_datafile(void)
{
	char dir[4200], *path = NULL;
	FILE *f;
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(dir, sizeof(dir), "%.3000s/tr-datafile-%d", tmp, (int)getpid());
	mkdir(dir, 0755);
	snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/writeup.md");
	f = fopen(dir, "w");
	fputs("x", f);
	fclose(f);
	*strrchr(dir, '/') = '\0';
	/* --templates DIR first, by base name. */
	CHECK_INT(tr_writeup_datafile(&path, dir, "templates/writeup.md"), 0);
	CHECK(path && strncmp(path, dir, strlen(dir)) == 0);
	free(path);
	/* Not there: the next places (here, the source tree). */
	CHECK_INT(tr_writeup_datafile(&path, dir, "assets/style.css"), 0);
	CHECK(path && strstr(path, "assets/style.css") != NULL);
	free(path);
	/* TPSREPORT_DATADIR before the installed and source folders. */
	setenv("TPSREPORT_DATADIR", "/nonexistent-datadir", 1);
	CHECK_INT(tr_writeup_datafile(&path, NULL, "assets/nothing.css"), TR_ENOTFOUND);
	CHECK(strstr(tr_error_last(), "/nonexistent-datadir/assets/nothing.css") != NULL);
	unsetenv("TPSREPORT_DATADIR");
	CHECK(path == NULL);
	snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/writeup.md");
	unlink(dir);
	*strrchr(dir, '/') = '\0';
	rmdir(dir);
}

static void test_invalid_source(void)
{
	tr_writeup_output out;
	/* Invalid UTF-8 and control characters in the author's file. */
	CHECK_INT(S_render(&out, false, "# Caf\xe9 \x02\r\n\r\nText\xff.\r\n", false), 0);
	CHECK(tr_utf8_valid(out.markdown.ptr, out.markdown.size));
	{
		const char *want = "# Caf\xef\xbf\xbd \xef\xbf\xbd\n\nText\xef\xbf\xbd.\n";
		CHECK(strncmp(out.markdown.ptr, want, strlen(want)) == 0);
	}
	CHECK(strstr(out.index_html.ptr, "<title>Caf\xef\xbf\xbd \xef\xbf\xbd</title>") != NULL);
	tr_writeup_output_free(&out);
}

static void test_fmt_units(void)
{
	/* fmt.c's rules, where rounding and thresholds matter (the same rules
	 * are written again in tests/e2e/build_numbers.py). */
	static const struct { double v; tr_wu_unit unit; const char *want; } cases[] = {
		/* TPS whole from 100 up, one decimal below (issue 25: "TPS whole
		 * or one decimal by magnitude"); 99.95 shows as 100 either way */
		{ 2339.689575, TR_WU_TPS, "2,340" },
		{ 100.4, TR_WU_TPS, "100" },
		{ 99.96, TR_WU_TPS, "100" },
		{ 99.94, TR_WU_TPS, "99.9" },
		{ 45.25, TR_WU_TPS, "45.2" },  /* an exact tie: to even */
		{ -1234.5, TR_WU_TPS, "-1,234" }, /* an exact tie: to even */
		{ 0.04, TR_WU_TPS, "0.0" },
		{ 6.666, TR_WU_PCT, "6.7%" },  /* the issue's 6.67% chart vs 6.7% */
		{ 13.677, TR_WU_MS, "13.7" },
		{ 0.3914, TR_WU_MS, "0.391" },
		{ 1234.5, TR_WU_MS, "1,234" },  /* an exact tie: to even, as printf */
		{ 1235.5, TR_WU_MS, "1,236" },
		{ 9.996, TR_WU_MS, "10.00" },
		{ 4.1, TR_WU_PCT, "4.1%" },
		{ -67.44, TR_WU_PCT, "-67.4%" },
		{ 9.47, TR_WU_GAP, "+9.5%" },
		{ 0.04, TR_WU_GAP, "0.0%" },
		{ -0.04, TR_WU_GAP, "0.0%" },
		{ -5.6, TR_WU_GAP, "-5.6%" },
		{ 1.8456, TR_WU_RATIO, "1.85\xc3\x97" },
		{ 0.1, TR_WU_P, "0.100" },
		{ 0.0004, TR_WU_P, "<0.001" },
		{ 1.0, TR_WU_P, "1.000" },
		{ 205.3992, TR_WU_MONEY, "205.40" },
		{ 0.0877891, TR_WU_COST, "0.0878" },
		{ 1139.3, TR_WU_PER100, "1,139" },
		{ 2807282, TR_WU_COUNT, "2,807,282" },
		{ 1561.67, TR_WU_SECONDS, "1,562" },
		{ 10, TR_WU_EXACT, "10" },
		{ 0.92, TR_WU_EXACT, "0.92" },
		{ 68.5, TR_WU_PRICE, "68.50" },
		{ 0.0416, TR_WU_PRICE, "0.0416" },
		{ 1234.5, TR_WU_PRICE, "1,234.50" },
		{ 15.0 * 1024 * 1024, TR_WU_BYTES, "15.0 MiB" },
		{ 160e9, TR_WU_BYTES, "149 GiB" },
		{ NAN, TR_WU_TPS, "\xe2\x80\x93" },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(cases); i++) {
		tr_buf b = TR_BUF_INIT;
		CHECK_INT(tr_wu_fmt(&b, cases[i].v, cases[i].unit), 0);
		CHECK_STR(tr_buf_cstr(&b), cases[i].want);
		tr_buf_free(&b);
	}
}

/* Issue 26's figures on the fixture, each worked out by hand from its
 * inputs (wu_fixture.h): run TPS, latency = 32000 / TPS, transactions =
 * TPS x duration, prices, init phases. */
static void test_contrasts(void)
{
	/* words and x1 keep the verdict: 0.9438 is 5.6% slower, 0.94x */
	CHECK_MD("{{compare serverscamp bench100 fmt=words}}",
	         "5.6% slower (not significant, p=0.100)\n");
	CHECK_MD("{{compare serverscamp bench100 fmt=x1}}",
	         "0.94\xc3\x97 (not significant, p=0.100)\n");
	CHECK_MD("{{compare serverscamp bench100 verdict=off}}", "-5.6%\n");
	/* latency is not the study's TPS family: its own, every pair at every
	 * place: bench100 3 vs 3 apart p = 0.1, bench10000 5 vs 5 apart
	 * p = 2/252 = 0.0079; Holm: 2 x 0.0079 = 0.016. The gap:
	 * (32000/2561.34) / (32000/2339.69) - 1 = 2339.69/2561.34 - 1 = -8.65% */
	CHECK_MD("{{compare serverscamp bench10000 metric=latency_avg_ms}}",
	         "-8.7% (p=0.016, n=5+5)\n");
	/* transactions = TPS x 1200: medians 3,073,608 and 2,807,628, a
	 * difference of 265,980; the same family shape: p = 0.016 */
	CHECK_MD("{{compare serverscamp bench10000 metric=transactions fmt=diff}}",
	         "+265,980 transactions (p=0.016)\n");
	CHECK_MD("{{run serverscamp bench10000 run2 transactions}}", "3,048,960\n");
	/* agg=sum on one cell adds its runs: 3073608 + 3048960 + 3123252 +
	 * 3092628 + 3066060 = 15,404,508; agg=max: 3,123,252 */
	CHECK_MD("{{value serverscamp bench10000 transactions agg=sum}}", "15,404,508\n");
	CHECK_MD("{{value serverscamp bench10000 transactions agg=max}}", "3,123,252\n");
	CHECK_MD("{{value serverscamp bench10000 transactions}}", "3,073,608\n");
	/* runs: best 2602.71, worst 2540.80, median 2561.34 */
	CHECK_MD("{{run serverscamp bench10000 best tps_median}}", "2,603\n");
	CHECK_MD("{{run serverscamp bench10000 worst tps_median}}", "2,541\n");
	CHECK_MD("{{run serverscamp bench10000 median tps_median}}", "2,561\n");
	/* best run against best run: 2602.71 / 2401.33 - 1 = +8.39%; run3
	 * against run3: 2602.71 / 2401.33 too */
	CHECK_MD("{{compare serverscamp bench10000 run=best}}", "+8.4%\n");
	CHECK_MD("{{compare serverscamp bench10000 run=run3}}", "+8.4%\n");
	/* runs=best on latency: the lowest of the runs, 32000 / 2602.71 =
	 * 12.29; worst 32000 / 2540.80 = 12.59 */
	CHECK_MD("{{value serverscamp bench10000 latency_avg_ms runs=best}}", "12.3\n");
	CHECK_MD("{{value serverscamp bench10000 latency_avg_ms runs=worst}}", "12.6\n");
	/* prices: aws (154.76 + 68.50) x 0.92 = 205.3992 EUR, serverscamp
	 * 111.36: 111.36 / 205.3992 = 0.542 ("half the bill"), 1.844x */
	CHECK_MD("{{value aws bench10000 price_month}}", "205.40\n");
	CHECK_MD("{{compare serverscamp bench10000 metric=price_month fmt=x1}}",
	         "0.54\xc3\x97\n");
	CHECK_MD("{{compare aws bench10000 vs=serverscamp metric=price_month fmt=words}}",
	         "1.84\xc3\x97 more expensive\n");
	/* ranks: serverscamp 2561.34 > aws 2339.69 in bench10000; over both
	 * scenarios aws (3967.67 + 2339.69) / 2 = 3153.68 beats serverscamp
	 * (3744.75 + 2561.34) / 2 = 3153.045 */
	CHECK_MD("{{rank serverscamp bench10000 tps_median}}", "\\#1 of 2\n");
	CHECK_MD("{{rank aws * tps_median *}}", "\\#1 of 2\n");
	CHECK_MD("{{rank serverscamp * tps_median *}}", "\\#2 of 2\n");
	/* range: 3744.75 / 3967.67 = 0.944 and 2561.34 / 2339.69 = 1.095 */
	CHECK_MD("{{range serverscamp tps_median vs=aws}}", "0.94\xe2\x80\x93" "1.1\xc3\x97\n");
}

static void test_durations(void)
{
	/* aws bench10000: 0 + 0.01 + 876.29 + 1.59 + 683.78 = 1561.67 s */
	CHECK_MD("{{value aws bench10000 init.total_s fmt=duration}}", "26 min 2 s\n");
	/* serverscamp: x 0.95 = 1483.59 s; primary keys 683.78 x 0.95 = 649.59 */
	CHECK_MD("{{value serverscamp bench10000 init.total_s fmt=duration}}", "24 min 44 s\n");
	CHECK_MD("{{value serverscamp bench10000 init.phase.primary_keys_s fmt=duration}}",
	         "10 min 50 s\n");
	CHECK_MD("{{value aws bench10000 init.phase.vacuum_s fmt=duration}}", "1.6 s\n");
	/* 0.95: 5% shorter; 1483.59 - 1561.67 = -78.08 s */
	CHECK_MD("{{compare serverscamp bench10000 metric=init.total_s fmt=words}}",
	         "5.0% shorter\n");
	CHECK_MD("{{compare serverscamp bench10000 metric=init.total_s fmt=diff}}",
	         "-1 min 18 s\n");
	/* drop tables took 0 s on both: no ratio, never inf */
	CHECK_MD("{{compare serverscamp bench10000 metric=init.phase.drop_tables_s fmt=x1}}",
	         "\xe2\x80\x93 (no ratio: the figure compared with is 0)\n");
	{
		static const struct { double v; const char *want; } c[] = {
			{ 0.8, "0.8 s" }, { 42, "42 s" }, { 1562.3, "26 min 2 s" },
			{ 3840, "1 h 4 min" }, { 3600, "1 h" }, { 120.2, "2 min" },
		};
		for (size_t i = 0; i < TR_ARRAY_SIZE(c); i++) {
			tr_buf b = TR_BUF_INIT;
			CHECK_INT(tr_wu_fmt_duration(&b, c[i].v), 0);
			CHECK_STR(tr_buf_cstr(&b), c[i].want);
			tr_buf_free(&b);
		}
	}
}

static void test_contrast_errors(void)
{
	CHECK_ERROR("{{run serverscamp bench10000 run9 tps_median}}",
	            "its runs: run1, run2, run3, run4, run5");
	CHECK_ERROR("{{range serverscamp tps_median vs=aws scenarios=bench100}}",
	            "two or more");
	CHECK_ERROR("{{value aws bench10000 tps_median fmt=duration}}",
	            "fmt=duration is for durations");
	/* serverscamp's init is a probe's: no wall clock */
	CHECK_ERROR("{{compare serverscamp bench10000 metric=init.wall_s fmt=x1}}",
	            "have no init.wall_s");
	CHECK_ERROR("{{compare serverscamp bench10000 metric=init.wall_s fmt=x1}}",
	            "providers with it there: aws)");
	CHECK_ERROR("{{compare serverscamp bench10000 verdict=maybe}}", "verdict=maybe");
	CHECK_ERROR("{{value aws bench10000 tps_median runs=most}}", "runs=most");
	CHECK_ERROR("{{run serverscamp * best tps_median}}", "not *");
}

/* caption="…" on a table or chart: the author's words replace the
 * generated caption; the reading guide it carried goes to the next table
 * of the kind; once explained, a later table's caption is one line. */
static void test_caption(void)
{
	char *md = S_md("{{table tps bench100 caption=\"Mine, with \\\"quotes\\\".\"}}\n\n"
	                "{{table tps bench10000}}\n\n{{table tps bench100}}\n\n"
	                "{{chart tps caption=\"All three scales.\"}}\n");
	const char *guide = "Median TPS: the median of the runs' TPS";
	const char *first;
	CHECK(md != NULL);
	if (!md)
		return;
	CHECK(strstr(md, "*Mine, with \"quotes\".*") != NULL);
	first = strstr(md, guide);
	CHECK(first != NULL && first > strstr(md, "Mine, with"));
	CHECK(first != NULL && strstr(first + 1, guide) == NULL);  /* once */
	CHECK(strstr(md, "*bench100 (\\~1.5 GB, in-cache): TPS and latency.*") != NULL);
	CHECK(strstr(md, "\nAll three scales.\n") != NULL);
	CHECK(strstr(md, "caption=") == NULL);
	free(md);
}

/* Occurrences of needle in hay. */
static size_t S_occurs(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; p && (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* Headings belong to the author (issue 25, item 6): a section's headings
 * go one level under the author's last heading, title= replaces its
 * heading's text, and a heading the author wrote just above with the same
 * text is not written twice. Expected headings written by hand from the
 * sections' own ("## Stability", "## TPS and latency" with a "###" per
 * scenario). */
static void test_headings(void)
{
	char *md = S_md("# Study\n\n### Results\n\n{{section results}}\n");
	CHECK(md && strstr(md, "\n#### TPS and latency\n") != NULL);
	CHECK(md && strstr(md, "\n##### bench100 (\\~1.5 GB, in-cache)\n") != NULL);
	CHECK(md && strstr(md, "\n## TPS and latency") == NULL);
	CHECK(md && strstr(md, "\n### bench100") == NULL);
	free(md);
	/* the author's "## Stability" stands for the section's */
	md = S_md("# Study\n\n## Stability\n\n{{section stability}}\n");
	CHECK(md && S_occurs(md, "Stability\n") == 1);
	CHECK(md && strstr(md, "## Stability\n") != NULL);
	free(md);
	/* title= */
	md = S_md("# Study\n\n## Results\n\n{{section stability title=\"Steady or not\"}}\n");
	CHECK(md && strstr(md, "\n### Steady or not\n") != NULL);
	CHECK(md && strstr(md, "# Stability") == NULL);
	free(md);
	md = S_md("# Study\n\n## Steady\n\n{{section stability title=\"steady\"}}\n");
	CHECK(md && S_occurs(md, "teady\n") == 1);
	free(md);
	/* no heading of the author's: as before; under a "# Title" alone a
	 * scenario's section is a "##" */
	md = S_md("{{section stability}}\n");
	CHECK(md && strncmp(md, "## Stability\n", 13) == 0);
	free(md);
	md = S_md("# Study\n\n{{section scenario bench100}}\n");
	CHECK(md && strstr(md, "\n## bench100 (\\~1.5 GB, in-cache)\n") != NULL);
	free(md);
	/* the default writeup ("# {{title}}", then sections) keeps its "##" */
	md = S_md("# {{title}}\n\n{{section stability}}\n\n{{section results}}\n");
	CHECK(md && strstr(md, "\n## Stability\n") != NULL);
	CHECK(md && strstr(md, "\n### bench100 (\\~1.5 GB, in-cache)\n") != NULL);
	free(md);
	/* a heading in a fenced code block is not the author's */
	md = S_md("# Study\n\n```\n### not a heading\n```\n\n{{section stability}}\n");
	CHECK(md && strstr(md, "\n## Stability\n") != NULL);
	free(md);
	/* {{chart rank title=...}} is drawn by report: e2e/writeup_titles */
}

/* title= where a directive has no title, an empty title= or caption=, an
 * unknown option: one error naming the file and line. */
static void test_title_errors(void)
{
	CHECK_ERROR("# T\n\n{{table tps title=\"X\"}}\n",
	            "study/writeup.md:3: {{table tps}}: title= is not for a table");
	/* a chart of the report with title= is a drawing of its own, asked of
	 * the report module under a name of its own (drawn: e2e/writeup_titles) */
	CHECK_ERROR("# T\n\n{{chart tps title=\"X\"}}\n",
	            "study/writeup.md:3: chart tps-titled is not drawn");
	CHECK_ERROR("# T\n\n{{chart tps title=\"X\"}}\n\n{{chart tps title=\"Y\"}}\n",
	            "study/writeup.md:3: chart tps-titled is not drawn");
	CHECK_ERROR("{{chart tps title=\"\"}}\n", "study/writeup.md:1: {{chart}}: title= is empty");
	CHECK_ERROR("# T\n\n{{headline tps_median bench100 \"Peak\" title=\"X\"}}\n",
	            "study/writeup.md:3: {{headline tps_median}}: title= is not for a headline");
	CHECK_ERROR("\n{{section intro title=\"X\"}}\n",
	            "study/writeup.md:2: {{section intro}} writes no heading here");
	CHECK_ERROR("{{section stability title=\"\"}}\n",
	            "study/writeup.md:1: {{section}}: title= is empty");
	CHECK_ERROR("{{table tps caption=\"\"}}\n", "study/writeup.md:1: {{table}}: caption= is empty");
	CHECK_ERROR("{{chart rank tps_median bench100 title=\"\"}}\n",
	            "study/writeup.md:1: {{chart}}: title= is empty");
	CHECK_ERROR("{{section stability level=3}}\n",
	            "study/writeup.md:1: {{section stability}}: unknown option 'level=' (it takes: title=)");
	CHECK_ERROR("{{chart tps colour=red}}\n",
	            "study/writeup.md:1: {{chart tps}}: unknown option 'colour=' (it takes: caption=, title=)");
	CHECK_ERROR("{{value aws bench100 tps_median title=\"X\"}}\n", "unknown option 'title='");
}

/* A chart drawn in parts (the chart module's NAME, NAME-part2, ...):
 * {{chart KIND}} places every part in order, the first with the chart's
 * note under it (no caption given), the author's caption replacing it;
 * {{chart NAME-part2}} places that part alone. */
static void test_chart_in_parts(void)
{
	tr_study *st = wu_study(false);
	tr_results *r = NULL;
	tr_writeup_charts cs;
	tr_writeup_options o = { 0 };
	tr_writeup_output out;
	const char *srcs[] = { "{{chart tps}}\n", "{{chart tps caption=\"Mine.\"}}\n",
	                       "{{chart tps-part2}}\n" };
	CHECK_INT(tr_results_compute(&r, st), 0);
	for (size_t k = 0; k < 3 && r; k++) {
		const char *md, *a, *b, *c;
		(void)md;
		memset(&cs, 0, sizeof(cs));
		wu_chart(&cs, "tps", "tps", -1, "Median TPS (part 1 of 3)");
		cs.items[0].note = wu_dup("Drawn in 3 parts.");
		wu_chart(&cs, "tps-part2", "tps", -1, "Median TPS (continued, part 2 of 3)");
		wu_chart(&cs, "tps-part3", "tps", -1, "Median TPS (continued, part 3 of 3)");
		wu_chart(&cs, "latency", "latency", -1, "Latency");
		memset(&o, 0, sizeof(o));
		o.source = srcs[k];
		o.source_len = strlen(srcs[k]);
		o.source_path = "study/writeup.md";
		o.css = harness_read("assets/style.css", &o.css_len);
		if (tr_writeup_render(&out, r, &cs, &o) == 0) {
			char *foot;
			md = tr_buf_cstr(&out.markdown);
			/* the footer's download line names every file */
			if ((foot = strstr(out.markdown.ptr, "\n---\n\n*Made with")))
				*foot = '\0';
			a = strstr(md, "](charts/tps.svg)");
			b = strstr(md, "](charts/tps-part2.svg)");
			c = strstr(md, "](charts/tps-part3.svg)");
			if (k < 2) {
				CHECK(a && b && c && a < b && b < c);
				CHECK((strstr(md, "Drawn in 3 parts.") != NULL) == (k == 0));
				CHECK((strstr(md, "Mine.") != NULL) == (k == 1));
			} else {
				CHECK(!a && b && !c);
			}
			CHECK(strstr(md, "charts/latency.svg") == NULL);
			tr_writeup_output_free(&out);
		} else {
			CHECK_STR(tr_error_last(), "");
		}
		free((char *)o.css);
		tr_writeup_charts_free(&cs);
	}
	tr_results_free(r);
	tr_study_free(st);
}

int main(void)
{
	xmlInitParser();
	RUN(test_values);
	RUN(test_chart_in_parts);
	RUN(test_literal);
	RUN(test_errors);
	RUN(test_blocks);
	RUN(test_default_writeup);
	RUN(test_author_markdown);
	RUN(test_hostile);
	RUN(test_bare_provider);
	RUN(test_sweep);
	RUN(test_datafile);
	RUN(test_invalid_source);
	RUN(test_fmt_units);
	RUN(test_contrasts);
	RUN(test_durations);
	RUN(test_contrast_errors);
	RUN(test_caption);
	RUN(test_headings);
	RUN(test_title_errors);
	xmlCleanupParser();
	return harness_done();
}
