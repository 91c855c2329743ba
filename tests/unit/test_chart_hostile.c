/* test_chart_hostile.c: labels nobody should write, in every chart: markup
 * and script, quotes, 5,000 characters, non-ASCII, invalid UTF-8 and
 * control characters. The SVG must still parse, hold no script, keep all
 * text in the canvas, and show long labels shortened with the full text in
 * a <title>. */

/* internal test of: chart stats */

#include "harness.h"
#include "chart_fixture.h"
#include "chart_check.h"
#include "util/buf.h"
#include "util/str.h"

static char S_long[5200];

/* Whether some <title> in the tree holds `want`, and some text element
 * shows a shortened part of it: its text, less a final ellipsis, is part
 * of want or of `context` (the chart's title, which holds want). */
static void S_find(xmlNodePtr n, const char *want, const char *context,
                   bool *titled, bool *shortened)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlStrcmp(n->name, BAD_CAST "title") == 0) {
			xmlChar *t = xmlNodeGetContent(n);
			if (t && strstr((char *)t, want))
				*titled = true;
			xmlFree(t);
		}
		if (xmlStrcmp(n->name, BAD_CAST "text") == 0) {
			xmlChar *t = xmlNodeGetContent(n);
			size_t len = t ? strlen((char *)t) : 0;
			if (len > 3 && strcmp((char *)t + len - 3, "\xE2\x80\xA6") == 0) {
				t[len - 3] = '\0';
				if (strstr(want, (char *)t) || strstr(context, (char *)t))
					*shortened = true;
			}
			xmlFree(t);
		}
		S_find(n->children, want, context, titled, shortened);
	}
}

static void test_hostile(void)
{
	const char *evil = "<script>alert(1)</script> \"quoted\" 'single' & <b>bold</b>";
	fixture f;
	tr_chart_plan plan;
	char *clean_long;

	/* 5,000 characters: non-ASCII words, an invalid byte, a control
	 * character, markup */
	{
		size_t n = 0;
		const char *word = "Mötley \xE2\x80\x9C" "database\xE2\x80\x9D \xE6\x95\xB0\xE6\x8D\xAE ";
		while (n + strlen(word) + 1 < 5000) {
			memcpy(S_long + n, word, strlen(word));
			n += strlen(word);
		}
		memcpy(S_long + 40, "\xFF\x01<x>", 5);
		S_long[n] = '\0';
	}
	clean_long = tr_text_clean(S_long);
	CHECK(clean_long && strstr(clean_long, "\xEF\xBF\xBD <x>") != NULL);

	f = fixture_make(evil, S_long);
	CHECK_INT(tr_chart_plan_make(&plan, f.r), 0);
	CHECK(plan.count >= 10);
	for (size_t i = 0; i < plan.count; i++) {
		const tr_chart_item *item = &plan.items[i];
		tr_buf svg = TR_BUF_INIT, png = TR_BUF_INIT;
		tr_scene scene;
		xmlDocPtr doc;

		CHECK_INT(tr_chart_render(&svg, f.r, item, TR_CHART_SVG), 0);
		CHECK_INT(tr_chart_render(&png, f.r, item, TR_CHART_PNG), 0);
		CHECK(strstr(tr_buf_cstr(&svg), "<script") == NULL);
		CHECK(strstr(tr_buf_cstr(&svg), "<b>") == NULL);
		CHECK(tr_utf8_valid(svg.ptr, svg.size));
		doc = check_parse(&svg);
		CHECK(doc != NULL);
		CHECK_INT(check_xml_problems, 0);
		if (doc) {
			bool titled = false, shortened = false;
			check_svg_doc(doc, item);
			if (item->kind != TR_CHART_COST && item->kind != TR_CHART_VALUE) {
				xmlChar *all = xmlNodeGetContent(xmlDocGetRootElement(doc));
				/* the escaped label reads back exactly */
				CHECK(all && strstr((char *)all, evil) != NULL);
				xmlFree(all);
			}
			/* charts that name scenario 0 show it shortened, in full in
			 * a <title> */
			titled = shortened = false;
			{
				char *ctx = tr_text_clean(item->title);
				S_find(xmlDocGetRootElement(doc), clean_long, ctx ? ctx : "",
				       &titled, &shortened);
				free(ctx);
			}
			if (item->scenario != 1 && item->kind != TR_CHART_SWEEP) {
				CHECK(titled);
				CHECK(shortened);
				if (!titled || !shortened)
					fprintf(stderr, "%s: titled %d shortened %d\n", item->name,
					        titled, shortened);
			}
			xmlFreeDoc(doc);
		}
		CHECK_INT(tr_chart_scene(&scene, f.r, item), 0);
		check_scene_text(&scene, item->name);
		tr_scene_free(&scene);
		tr_buf_free(&svg);
		tr_buf_free(&png);
	}
	free(clean_long);
	tr_chart_plan_free(&plan);
	fixture_free(&f);
}

int main(void)
{
	RUN(test_hostile);
	xmlCleanupParser();
	return harness_done();
}
