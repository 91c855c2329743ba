/* test_chart.c: every chart the fixture allows, drawn in all three
 * formats and checked for structure: valid SVG, one <title> per bar with
 * the value of the results, text inside the canvas, 1-2-5 ticks from zero,
 * one colour per provider everywhere, identical bytes for identical input,
 * PNG at 2x, PDF.
 *
 * With TR_CHART_DUMP=DIR set, the charts are also written to DIR (for the
 * browser test and for looking at them). */

/* internal test of: chart stats */

#include "harness.h"
#include "chart_fixture.h"
#include "chart_check.h"
#include "chart/chart_plan_internal.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"

#include <ctype.h>

static fixture F;
static tr_chart_plan P;

static void S_dump(const char *name, const char *ext, const tr_buf *b)
{
	const char *dir = getenv("TR_CHART_DUMP");
	char path[4096];
	FILE *f;
	if (!dir || !*dir)
		return;
	snprintf(path, sizeof(path), "%s/%s.%s", dir, name, ext);
	f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "cannot write %s\n", path);
		return;
	}
	fwrite(b->ptr, 1, b->size, f);
	fclose(f);
}

static void test_plan(void)
{
	static const char *const want[] = {
		"tps", "latency", "p95", "cov", "cost", "value", "init",
		"timeline-s10", "timeline-s100-tpc-b-c1-j1-prepared",
		"timeline-s100-tpc-b-c8-j2-prepared", "timeline-s100-tpc-b-c32-j4-prepared",
		"percentiles-s10", "sweep-s100-tpc-b"
	};
	CHECK_INT(P.count, TR_ARRAY_SIZE(want));
	for (size_t i = 0; i < P.count && i < TR_ARRAY_SIZE(want); i++) {
		CHECK_STR(P.items[i].name, want[i]);
		/* file-name safe */
		for (const char *c = P.items[i].name; *c; c++)
			CHECK((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-');
		CHECK(P.items[i].title && *P.items[i].title);
		CHECK(P.items[i].alt && strlen(P.items[i].alt) > strlen(P.items[i].title));
	}
	CHECK_STR(P.items[0].title, "Median TPS by scenario");
	/* the alt text says who leads where, with the numbers */
	CHECK(strstr(P.items[0].alt, "s10 (in memory), TPC-B, 8 clients, 2 threads, prepared: "
	                             "tuned (shared_buffers = 2GB) leads with 1,363 TPS against "
	                             "1,237 for Cloud m6i.large") != NULL);
	CHECK(tr_chart_plan_find(&P, TR_CHART_TIMELINE, 0) == &P.items[7]);
	CHECK(tr_chart_plan_find(&P, TR_CHART_TIMELINE, -1) == &P.items[7]);
	CHECK(tr_chart_plan_find(&P, TR_CHART_TIMELINE, 1) == &P.items[8]);
	CHECK(tr_chart_plan_find(&P, TR_CHART_TPS, -1) == &P.items[0]);
	{
		tr_chart_kind k;
		CHECK_INT(tr_chart_kind_parse(&k, "percentiles"), 0);
		CHECK_INT(k, TR_CHART_PERCENTILES);
		CHECK(tr_chart_kind_parse(&k, "pie") < 0);
		CHECK_STR(tr_chart_kind_name(TR_CHART_SWEEP), "sweep");
	}
}

/* An item for one scenario on request; nothing when there is no data. */
static void test_item_make(void)
{
	tr_chart_item it;
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_TPS, 1, -1), 0);
	CHECK_STR(it.name, "tps-s100");
	CHECK_STR(it.title, "Median TPS in s100 (~1.5 GB)");
	tr_chart_item_free(&it);
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_PERCENTILES, 1, -1), TR_ENOTFOUND);
	CHECK(strstr(tr_error_last(), "no data for a 'percentiles' chart") != NULL);
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_SWEEP, 0, -1), TR_ENOTFOUND);
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_SWEEP, -1, -1), 0);
	CHECK_STR(it.name, "sweep-s100-tpc-b");
	tr_chart_item_free(&it);
}

/* Every bar of a bars chart: a titled rect with the value of its cell. */
static void S_check_bars(xmlDocPtr doc, const tr_chart_item *item)
{
	size_t want = 0, got = 0, right = 0;
	int dec = item->kind == TR_CHART_COST ? 4
	        : item->kind == TR_CHART_LATENCY || item->kind == TR_CHART_P95 ? 3 : 2;
	xmlNodePtr root = xmlDocGetRootElement(doc);
	for (size_t i = 0; i < F.r->ncells; i++) {
		double v, lo, hi;
		if (tr_bars_value(F.r, &F.r->cells[i], item->kind, &v, &lo, &hi, NULL) > 0)
			want++;
	}
	for (xmlNodePtr n = root->children; n; n = n->next) {
		xmlChar *cls, *id, *title;
		unsigned long s, w, p;
		if (n->type != XML_ELEMENT_NODE || xmlStrcmp(n->name, BAD_CAST "rect") != 0)
			continue;
		cls = xmlGetProp(n, BAD_CAST "class");
		title = check_title_of(n);
		id = xmlGetProp(n, BAD_CAST "id");
		if (cls && strncmp((char *)cls, "bar ", 4) == 0 && title) {
			got++;
			if (id && sscanf(strrchr((char *)id, 'r') + 2, "%lu-%lu-%lu", &s, &w, &p) == 3) {
				long c = tr_results_cell(F.r, p, s, w);
				double v, lo, hi, parsed = check_title_number((char *)title);
				char want_cls[16];
				snprintf(want_cls, sizeof(want_cls), "bar p%lu", p);
				CHECK(c >= 0);
				if (c >= 0 &&
				    tr_bars_value(F.r, &F.r->cells[c], item->kind, &v, &lo, &hi, NULL) > 0 &&
				    fabs(parsed - v) <= 0.5 * pow(10, -dec) + 1e-9 &&
				    strcmp((char *)cls, want_cls) == 0 &&
				    strncmp((char *)title, F.r->providers[p].label,
				            strlen(F.r->providers[p].label)) == 0)
					right++;
				else
					fprintf(stderr, "bar %s: '%s' (%s)\n", (char *)id, (char *)title,
					        (char *)cls);
			}
		}
		xmlFree(cls);
		xmlFree(title);
		xmlFree(id);
	}
	CHECK(want > 0);
	CHECK_INT(got, want);
	CHECK_INT(right, want);
}

/* The value axis: tick labels 0, step, 2 step ... with step 1, 2 or 5 x
 * 10^k; every bar stands on the zero line. */
static void S_check_axis(const tr_scene *s)
{
	double ticks[32], zero_y = NAN;
	size_t n = 0, bars = 0, on_zero = 0;
	for (size_t i = 0; i < s->nmarks; i++) {
		const tr_mark *m = &s->marks[i];
		if (m->kind == TR_MARK_TEXT && strcmp(m->cls, "tick") == 0 &&
		    m->anchor == TR_ANCHOR_END && n < 32) {
			char buf[64];
			size_t k = 0;
			for (const char *c = m->text; *c && k + 1 < sizeof(buf); c++)
				if (*c != ',' && *c != '%')
					buf[k++] = *c;
			buf[k] = '\0';
			ticks[n] = NAN;
			tr_parse_double(&ticks[n], buf, buf + k, NULL);
			n++;
		}
		if (m->kind == TR_MARK_LINE && strcmp(m->cls, "axis") == 0 && m->y == m->y2)
			zero_y = m->y;
	}
	CHECK(n >= 3);
	CHECK_DBL(ticks[0], 0, 0);
	if (n >= 2) {
		double step = ticks[1] - ticks[0];
		double mant = step / pow(10, floor(log10(step) + 1e-9));
		CHECK(fabs(mant - 1) < 1e-9 || fabs(mant - 2) < 1e-9 || fabs(mant - 5) < 1e-9);
		for (size_t i = 2; i < n; i++)
			CHECK_DBL(ticks[i] - ticks[i - 1], step, step * 1e-9);
	}
	for (size_t i = 0; i < s->nmarks; i++) {
		const tr_mark *m = &s->marks[i];
		if (m->kind != TR_MARK_RECT || !m->title || strncmp(m->cls, "bar ", 4) != 0)
			continue;
		bars++;
		if (fabs(m->y + m->h - zero_y) <= 0.5 + 1e-9)
			on_zero++;
	}
	CHECK(bars > 0);
	CHECK_INT(on_zero, bars);
}

/* .pN{fill:#...;stroke:#...} is provider N's colour, lowercase: the ini's,
 * else Okabe & Ito's palette in its order (written out here, from the
 * paper, not taken from the code). */
static void S_check_colors(xmlDocPtr doc)
{
	static const char *const okabe_ito[] = {
		"#0072b2", "#e69f00", "#009e73", "#d55e00",
		"#cc79a7", "#56b4e9", "#f0e442", "#999999"
	};
	xmlNodePtr root = xmlDocGetRootElement(doc), st = NULL;
	xmlChar *css;
	for (xmlNodePtr n = root->children; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, BAD_CAST "style") == 0)
			st = n;
	CHECK(st != NULL);
	if (!st)
		return;
	css = xmlNodeGetContent(st);
	for (size_t p = 0; p < F.r->nproviders; p++) {
		char want[64], col[8];
		const char *c = F.r->providers[p].color ? F.r->providers[p].color
		                                       : okabe_ito[p % 8];
		for (int i = 0; i < 7; i++)
			col[i] = (char)tolower((unsigned char)c[i]);
		col[7] = '\0';
		snprintf(want, sizeof(want), ".p%zu{fill:%s;stroke:%s}", p, col, col);
		CHECK(strstr((char *)css, want) != NULL);
	}
	CHECK(strstr((char *)css, "@media (prefers-color-scheme: dark)") != NULL);
	xmlFree(css);
}

/* Marks titled after a provider carry that provider's class. */
static void S_check_mark_classes(const tr_scene *s)
{
	for (size_t i = 0; i < s->nmarks; i++) {
		const tr_mark *m = &s->marks[i];
		if (!m->title || m->kind == TR_MARK_TEXT || strstr(m->cls, " ph"))
			continue;
		for (size_t p = 0; p < F.r->nproviders; p++) {
			const char *l = F.r->providers[p].label;
			char want[32];
			if (strncmp(m->title, l, strlen(l)) != 0 || strncmp(m->title + strlen(l), " \xC2\xB7", 3) != 0)
				continue;
			snprintf(want, sizeof(want), " p%zu", p);
			CHECK(strstr(m->cls, want) != NULL);
		}
	}
}

static void test_every_chart(void)
{
	for (size_t i = 0; i < P.count; i++) {
		const tr_chart_item *item = &P.items[i];
		tr_buf svg = TR_BUF_INIT, svg2 = TR_BUF_INIT, png = TR_BUF_INIT,
		       png2 = TR_BUF_INIT, pdf = TR_BUF_INIT, pdf2 = TR_BUF_INIT;
		tr_scene scene;
		xmlDocPtr doc;
		unsigned w, h;

		CHECK_INT(tr_chart_render(&svg, F.r, item, TR_CHART_SVG), 0);
		CHECK_INT(tr_chart_render(&svg2, F.r, item, TR_CHART_SVG), 0);
		CHECK_INT(tr_chart_render(&png, F.r, item, TR_CHART_PNG), 0);
		CHECK_INT(tr_chart_render(&png2, F.r, item, TR_CHART_PNG), 0);
		CHECK_INT(tr_chart_render(&pdf, F.r, item, TR_CHART_PDF), 0);
		CHECK_INT(tr_chart_render(&pdf2, F.r, item, TR_CHART_PDF), 0);
		S_dump(item->name, "svg", &svg);
		S_dump(item->name, "png", &png);
		S_dump(item->name, "pdf", &pdf);

		/* identical input, identical bytes */
		CHECK(svg.size > 0 && svg.size == svg2.size && memcmp(svg.ptr, svg2.ptr, svg.size) == 0);
		CHECK(png.size > 0 && png.size == png2.size && memcmp(png.ptr, png2.ptr, png.size) == 0);
		CHECK(pdf.size > 0 && pdf.size == pdf2.size && memcmp(pdf.ptr, pdf2.ptr, pdf.size) == 0);
		CHECK(pdf.size > 5 && memcmp(pdf.ptr, "%PDF-", 5) == 0);
		CHECK(strstr(tr_buf_cstr(&svg), "<script") == NULL);

		doc = check_parse(&svg);
		CHECK(doc != NULL);
		CHECK_INT(check_xml_problems, 0);
		CHECK_INT(tr_chart_scene(&scene, F.r, item), 0);
		check_png_size(&png, &w, &h);
		CHECK_INT(w, 2 * (unsigned)ceil(scene.width));
		CHECK_INT(h, 2 * (unsigned)ceil(scene.height));
		check_scene_text(&scene, item->name);
		S_check_mark_classes(&scene);
		if (doc) {
			check_svg_doc(doc, item);
			S_check_colors(doc);
			if (tr_chart_is_bars(item->kind)) {
				S_check_bars(doc, item);
				S_check_axis(&scene);
			}
			xmlFreeDoc(doc);
		}
		tr_scene_free(&scene);
		tr_buf_free(&svg);
		tr_buf_free(&svg2);
		tr_buf_free(&png);
		tr_buf_free(&png2);
		tr_buf_free(&pdf);
		tr_buf_free(&pdf2);
	}
}

/* A chart the data does not allow fails with a message. */
/* Timelines of more than 3 lines are small multiples: a panel per
 * provider, the provider's mean as a dashed line, and the deepest dip
 * marked and named. The expected dip is found here from the fixture's
 * windows (mean and minimum of each run's series). */
static void test_timeline_multiples(void)
{
	tr_chart_item it;
	tr_buf svg = TR_BUF_INIT;
	const tr_run_result *worst = NULL;
	double worst_pct = 0;
	char want[128];
	size_t providers = 0, lines = 0;
	bool seen[8] = { false };
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_TIMELINE, 0, -1), 0);
	for (size_t i = 0; i < F.r->nruns; i++) {
		const tr_run_result *run = &F.r->runs[i];
		double sum = 0, min = INFINITY, pct;
		if (run->cell < 0 || run->scenario != 0 || run->workload != (size_t)it.workload)
			continue;
		lines++;
		if (!seen[run->provider])
			providers++;
		seen[run->provider] = true;
		for (size_t k = 0; k < run->nseries; k++) {
			sum += run->series[k].tps;
			min = fmin(min, run->series[k].tps);
		}
		pct = (min - sum / (double)run->nseries) / (sum / (double)run->nseries) * 100;
		if (!worst || pct < worst_pct) {
			worst = run;
			worst_pct = pct;
		}
	}
	CHECK(lines > 3);
	CHECK_INT(tr_chart_render(&svg, F.r, &it, TR_CHART_SVG), 0);
	if (svg.size && worst) {
		size_t meanlines = 0, dips = 0;
		for (const char *p = svg.ptr; (p = strstr(p, "class=\"meanline\"")); p++)
			meanlines++;
		for (const char *p = svg.ptr; (p = strstr(p, "-dip\"")); p++)
			dips++;
		CHECK_INT(meanlines, providers);
		CHECK_INT(dips, 1);
		snprintf(want, sizeof(want), ">deepest dip %.1f%% (%s)</text>", worst_pct, worst->id);
		CHECK(strstr(svg.ptr, want) != NULL);
		CHECK(strstr(svg.ptr, "one panel per provider on the same axes") != NULL);
		for (size_t p = 0; p < F.r->nproviders; p++)
			if (seen[p]) {
				snprintf(want, sizeof(want), ">%s</text>", F.r->providers[p].label);
				CHECK(strstr(svg.ptr, want) != NULL);
			}
	}
	tr_buf_free(&svg);
	tr_chart_item_free(&it);
}

/* The init chart: a panel and a seconds axis per scenario with timings,
 * and phase colours that are none of the providers' colours. */
static void test_init_panels(void)
{
	tr_chart_item it;
	tr_buf svg = TR_BUF_INIT;
	size_t scenarios = 0, axes = 0;
	CHECK_INT(tr_chart_item_make(&it, F.r, TR_CHART_INIT, -1, -1), 0);
	for (size_t s = 0; s < F.r->nscenarios; s++)
		for (size_t i = 0; i < F.r->ninits; i++)
			if (F.r->inits[i].scenario == s) {
				scenarios++;
				break;
			}
	CHECK(scenarios >= 2);
	CHECK_INT(tr_chart_render(&svg, F.r, &it, TR_CHART_SVG), 0);
	for (const char *p = svg.ptr; svg.size && (p = strstr(p, ">Seconds</text>")); p++)
		axes++;
	CHECK_INT(axes, scenarios);
	for (size_t ph = 0; svg.size && ph < 8; ph++) {
		char cls[16];
		const char *rule;
		snprintf(cls, sizeof(cls), ".ph%zu{fill:", ph);
		rule = strstr(svg.ptr, cls);
		CHECK(rule != NULL);
		for (size_t p = 0; rule && p < F.r->nproviders; p++) {
			char fill[16];
			snprintf(fill, sizeof(fill), "fill:%s", F.r->providers[p].color);
			for (char *c = fill; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			CHECK(strncmp(rule + strlen(cls) - 5, fill, strlen(fill)) != 0);
		}
	}
	tr_buf_free(&svg);
	tr_chart_item_free(&it);
}

static void test_no_data(void)
{
	tr_chart_item item = { TR_CHART_PERCENTILES, 1, 1, "x", "x", "x", 0, 0, 0, NULL };
	tr_buf out = TR_BUF_INIT;
	CHECK(tr_chart_render(&out, F.r, &item, TR_CHART_SVG) < 0);
	CHECK(strstr(tr_error_last(), "percentiles") != NULL);
	/* an item naming no scenario or workload where its kind needs one */
	{
		tr_chart_item bad = { TR_CHART_SWEEP, -1, -1, "x", "x", "x", 0, 0, 0, NULL };
		tr_chart_item far = { TR_CHART_TPS, 99, -1, "x", "x", "x", 0, 0, 0, NULL };
		CHECK(tr_chart_render(&out, F.r, &bad, TR_CHART_SVG) < 0);
		CHECK(strstr(tr_error_last(), "no such scenario or workload") != NULL);
		CHECK(tr_chart_render(&out, F.r, &far, TR_CHART_PNG) < 0);
		CHECK_INT(out.size, 0);
	}
	tr_buf_free(&out);
}

/* A provider without the figure in one group, but with it in another:
 * its slot says "n/a" (with why in a <title>) instead of a bar. */
static void test_missing_value(void)
{
	long c = tr_results_cell(F.r, 2, 1, 1);   /* cloud, s100, 8 clients */
	tr_chart_item item;
	tr_scene scene;
	size_t na = 0, bars = 0;
	CHECK(c >= 0);
	if (c < 0)
		return;
	F.r->cells[c].worst.present = false;
	CHECK_INT(tr_chart_item_make(&item, F.r, TR_CHART_COV, -1, -1), 0);
	CHECK_INT(tr_chart_scene(&scene, F.r, &item), 0);
	for (size_t i = 0; i < scene.nmarks; i++) {
		const tr_mark *m = &scene.marks[i];
		if (m->kind == TR_MARK_TEXT && strcmp(m->text, "n/a") == 0 && m->title &&
		    strcmp(m->title, "no data for this figure") == 0)
			na++;
		if (m->kind == TR_MARK_RECT && m->title && strncmp(m->cls, "bar p", 5) == 0)
			bars++;
	}
	CHECK_INT(na, 1);
	CHECK_INT(bars, F.r->ncells - 1);
	check_scene_text(&scene, "cov with a gap");
	tr_scene_free(&scene);
	tr_chart_item_free(&item);
	F.r->cells[c].worst.present = true;
}

/* A list's value labels: the text the writeup gives (what its table
 * prints, "6.7%"), else 3 significant digits ("6.67"); never both. */
static void test_list_text(void)
{
	tr_chart_bar bars[2] = {
		{ .label = "first", .provider = 0, .value = 20.0 / 3.0, .text = "6.7%" },
		{ .label = "second", .provider = 0, .value = 20.0 / 3.0, .note = "+1.0% vs best" },
	};
	tr_chart_list l = { .name = "rank-x", .title = "Ranking", .alt = "Ranking",
	                    .axis_title = "CoV (%)", .bars = bars, .nbars = 2 };
	tr_buf svg = TR_BUF_INIT;
	CHECK_INT(tr_chart_list_render(&svg, F.r, &l, TR_CHART_SVG), 0);
	CHECK(svg.ptr && strstr(svg.ptr, ">6.7%</text>") != NULL);
	CHECK(svg.ptr && strstr(svg.ptr, ">6.67  +1.0% vs best</text>") != NULL);
	CHECK(svg.ptr && strstr(svg.ptr, ">6.67%") == NULL);
	tr_buf_free(&svg);
}

int main(void)
{
	F = fixture_make(NULL, NULL);
	CHECK_INT(tr_chart_plan_make(&P, F.r), 0);
	RUN(test_plan);
	RUN(test_item_make);
	RUN(test_every_chart);
	RUN(test_timeline_multiples);
	RUN(test_init_panels);
	RUN(test_no_data);
	RUN(test_missing_value);
	RUN(test_list_text);
	tr_chart_plan_free(&P);
	fixture_free(&F);
	xmlCleanupParser();
	return harness_done();
}
