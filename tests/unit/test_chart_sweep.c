/* test_chart_sweep.c: a study shaped like the seed's client/thread sweep
 * (13 workloads x 7 providers in one scenario): too many bars to stand
 * side by side, so the bars are laid across; each still has its exact
 * value, starts at zero, and no text overlaps. The sweep chart joins the
 * best thread count at each client count and shows every cell as a dot.
 * With TR_CHART_DUMP=DIR the charts are written there as well. */

/* internal test of: chart stats */

#include "harness.h"
#include "chart_fixture.h"
#include "chart_check.h"
#include "chart/chart_plan_internal.h"
#include "util/buf.h"

static fixture F;

static void S_dump(const char *name, const tr_buf *svg, const tr_buf *png)
{
	const char *dir = getenv("TR_CHART_DUMP");
	char path[4096];
	FILE *f;
	if (!dir || !*dir)
		return;
	snprintf(path, sizeof(path), "%s/sweep-study-%s.svg", dir, name);
	if ((f = fopen(path, "wb"))) {
		fwrite(svg->ptr, 1, svg->size, f);
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/sweep-study-%s.png", dir, name);
	if ((f = fopen(path, "wb"))) {
		fwrite(png->ptr, 1, png->size, f);
		fclose(f);
	}
}

static void test_plan(void)
{
	static const char *const want[] = {
		"tps-sf100", "latency-sf100", "p95-sf100", "cov-sf100", "sweep-sf100-tpc-b"
	};
	tr_chart_plan plan;
	CHECK_INT(tr_chart_plan_make(&plan, F.r), 0);
	CHECK_INT(plan.count, TR_ARRAY_SIZE(want));
	for (size_t i = 0; i < plan.count && i < TR_ARRAY_SIZE(want); i++)
		CHECK_STR(plan.items[i].name, want[i]);
	tr_chart_plan_free(&plan);
}

/* Bars across: every cell a titled bar with its value, starting at the
 * zero line; thickness the same for all. */
static void test_bars_across(void)
{
	tr_chart_item item;
	tr_scene scene;
	tr_buf svg = TR_BUF_INIT, png = TR_BUF_INIT;
	size_t bars = 0, right = 0, on_zero = 0;
	double zero_x = NAN, thick = NAN;
	xmlDocPtr doc;

	CHECK_INT(tr_chart_item_make(&item, F.r, TR_CHART_TPS, 0, -1), 0);
	CHECK_INT(tr_chart_scene(&scene, F.r, &item), 0);
	for (size_t i = 0; i < scene.nmarks; i++) {
		const tr_mark *m = &scene.marks[i];
		if (m->kind == TR_MARK_LINE && strcmp(m->cls, "axis") == 0 && m->x == m->x2)
			zero_x = m->x;
	}
	for (size_t i = 0; i < scene.nmarks; i++) {
		const tr_mark *m = &scene.marks[i];
		unsigned long s, w, p;
		long c;
		double v, lo, hi;
		if (m->kind != TR_MARK_RECT || !m->title || strncmp(m->cls, "bar p", 5) != 0)
			continue;
		bars++;
		if (isnan(thick))
			thick = m->h;
		CHECK_DBL(m->h, thick, 1e-9);
		if (fabs(m->x - zero_x) <= 0.5 + 1e-9)
			on_zero++;
		if (m->id && sscanf(strstr(m->id, "bar-") + 4, "%lu-%lu-%lu", &s, &w, &p) == 3 &&
		    (c = tr_results_cell(F.r, p, s, w)) >= 0 &&
		    tr_bars_value(F.r, &F.r->cells[c], TR_CHART_TPS, &v, &lo, &hi, NULL) > 0 &&
		    fabs(check_title_number(m->title) - v) <= 0.005 + 1e-9)
			right++;
	}
	CHECK_INT(bars, F.r->ncells);
	CHECK_INT(right, F.r->ncells);
	CHECK_INT(on_zero, F.r->ncells);
	CHECK(scene.height > 91 * 14);   /* the canvas grew to hold the rows */
	check_scene_text(&scene, item.name);
	tr_scene_free(&scene);

	CHECK_INT(tr_chart_render(&svg, F.r, &item, TR_CHART_SVG), 0);
	CHECK_INT(tr_chart_render(&png, F.r, &item, TR_CHART_PNG), 0);
	doc = check_parse(&svg);
	CHECK(doc != NULL);
	CHECK_INT(check_xml_problems, 0);
	if (doc) {
		check_svg_doc(doc, &item);
		xmlFreeDoc(doc);
	}
	S_dump("tps", &svg, &png);
	tr_buf_free(&svg);
	tr_buf_free(&png);
	tr_chart_item_free(&item);
}

/* The sweep: a dot with a title per cell and panel, a line per provider
 * and panel, the subtitle saying how several thread counts are shown. */
static void test_sweep(void)
{
	tr_chart_item item;
	tr_scene scene;
	tr_buf svg = TR_BUF_INIT, png = TR_BUF_INIT;
	size_t dots = 0, lines = 0;
	tr_buf sub = TR_BUF_INIT;
	xmlDocPtr doc;

	CHECK_INT(tr_chart_item_make(&item, F.r, TR_CHART_SWEEP, 0, -1), 0);
	CHECK_INT(tr_chart_scene(&scene, F.r, &item), 0);
	for (size_t i = 0; i < scene.nmarks; i++) {
		const tr_mark *m = &scene.marks[i];
		if (m->kind == TR_MARK_RECT && strncmp(m->cls, "dot p", 5) == 0 && m->title)
			dots++;
		if (m->kind == TR_MARK_POLYLINE && strncmp(m->cls, "line p", 6) == 0)
			lines++;
		if (m->kind == TR_MARK_TEXT && strcmp(m->cls, "muted") == 0) {
			tr_buf_puts(&sub, m->text);
			tr_buf_putc(&sub, ' ');
		}
	}
	CHECK_INT(dots, 2 * F.r->ncells);
	CHECK_INT(lines, 2 * F.r->nproviders);
	/* the subtitle, over its wrapped lines */
	CHECK(strstr(tr_buf_cstr(&sub), "several thread counts were run at one client "
	                                "count, each is a dot and the line joins the best"));
	tr_buf_free(&sub);
	check_scene_text(&scene, item.name);
	tr_scene_free(&scene);
	CHECK_INT(tr_chart_render(&svg, F.r, &item, TR_CHART_SVG), 0);
	CHECK_INT(tr_chart_render(&png, F.r, &item, TR_CHART_PNG), 0);
	doc = check_parse(&svg);
	CHECK(doc != NULL);
	CHECK_INT(check_xml_problems, 0);
	if (doc) {
		check_svg_doc(doc, &item);
		xmlFreeDoc(doc);
	}
	S_dump("sweep", &svg, &png);
	tr_buf_free(&svg);
	tr_buf_free(&png);
	tr_chart_item_free(&item);
}

int main(void)
{
	F = fixture_make_sweep(7, 13);
	RUN(test_plan);
	RUN(test_bars_across);
	RUN(test_sweep);
	fixture_free(&F);
	xmlCleanupParser();
	return harness_done();
}
