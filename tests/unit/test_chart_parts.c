/* test_chart_parts.c: the pieces the layouts share since they were split
 * (issue 12): the legend builder, the plot box below a header, the test
 * for a cut line, the words of a bars chart, and the PNG encoder, whose
 * rows are inflated here with zlib and compared with the "Up" filter
 * worked out by hand. Every expected value is written out in the test. */

/* internal test of: chart */

#include "harness.h"
#include "chart/chart_bars_internal.h"
#include "chart/chart_png_internal.h"
#include "chart/chart_plan_internal.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void test_legend(void)
{
	tr_legend l = { 0 };
	CHECK_INT(tr_legend_add(&l, "stock", "p", 3, TR_SWATCH_LINE, false), 0);
	CHECK_INT(tr_legend_add(&l, "2nd run", "neutral run", 1, TR_SWATCH_LINE, true), 0);
	CHECK_INT(tr_legend_add(&l, "vacuum", "ph", 12, TR_SWATCH_BOX, false), 0);
	CHECK_INT(l.n, 3);
	CHECK_STR(l.e[0].cls, "p3");
	CHECK_STR(l.e[0].label, "stock");
	CHECK(l.e[0].swatch == TR_SWATCH_LINE && !l.e[0].new_row);
	CHECK_STR(l.e[1].cls, "neutral run1");
	CHECK(l.e[1].new_row);
	CHECK_STR(l.e[2].cls, "ph12");
	CHECK(l.e[2].swatch == TR_SWATCH_BOX);
	CHECK(tr_legend_has(&l, "vacuum"));
	CHECK(!tr_legend_has(&l, "vacuu"));
	/* more entries than the first allocation holds (8) */
	for (size_t i = 0; i < 20; i++)
		CHECK_INT(tr_legend_add(&l, "x", "p", i, TR_SWATCH_BOX, false), 0);
	CHECK_INT(l.n, 23);
	CHECK_STR(l.e[22].cls, "p19");
	tr_legend_free(&l);
	CHECK(l.n == 0 && l.e == NULL);
	tr_legend_free(&l);  /* twice is harmless */
}

static void test_text_is_cut(void)
{
	CHECK(tr_text_is_cut("Scenario w\xE2\x80\xA6", "Scenario with a long name"));
	/* the ellipsis was the label's own: not cut */
	CHECK(!tr_text_is_cut("wait\xE2\x80\xA6", "wait\xE2\x80\xA6"));
	CHECK(!tr_text_is_cut("short", "short"));
	CHECK(!tr_text_is_cut("", ""));
}

static void test_plot_below(void)
{
	tr_scene s;
	tr_plot pl;
	CHECK_INT(tr_scene_init(&s, 800, 100, "t", "a", "x"), 0);
	/* 16 margin + 40 labels + 6 = 62; 800 - 16 - 12 = 772;
	 * floor(100.4 + 22) = 122; 122 + 260 = 382 */
	tr_plot_below(&pl, &s, 40, 12, 100.4, 260);
	CHECK_DBL(pl.left, 62, 0);
	CHECK_DBL(pl.right, 772, 0);
	CHECK_DBL(pl.top, 122, 0);
	CHECK_DBL(pl.bottom, 382, 0);
	/* no padding on the right, a whole y: 800 - 16 = 784, 78 + 22 = 100 */
	tr_plot_below(&pl, &s, 0, 0, 78, 200);
	CHECK_DBL(pl.left, 22, 0);
	CHECK_DBL(pl.right, 784, 0);
	CHECK_DBL(pl.top, 100, 0);
	CHECK_DBL(pl.bottom, 300, 0);
	tr_scene_free(&s);
}

static void test_bars_texts(void)
{
	tr_results r;
	tr_bars b;
	char *axis = NULL, *sub = NULL;
	memset(&r, 0, sizeof(r));
	memset(&b, 0, sizeof(b));
	r.currency = "EUR";
	b.nruns_min = b.nruns_max = 3;
	CHECK_INT(tr_bars_texts(&axis, &sub, &r, &b, TR_CHART_TPS), 0);
	CHECK_STR(axis, "Median TPS (transactions per second)");
	CHECK_STR(sub, "Median of the runs (3 runs per bar); whiskers span the "
	               "slowest and the fastest run. Higher is better.");
	free(axis);
	free(sub);
	r.run_pick = TR_RUNS_BEST;
	b.nruns_min = 1;
	CHECK_INT(tr_bars_texts(&axis, &sub, &r, &b, TR_CHART_TPS), 0);
	CHECK_STR(axis, "Best-run TPS (transactions per second)");
	CHECK_STR(sub, "The best run of each cell (1 to 3 runs per bar); whiskers "
	               "span the slowest and the fastest run. Higher is better.");
	free(axis);
	free(sub);
	b.nruns_max = 1;
	CHECK_INT(tr_bars_texts(&axis, &sub, &r, &b, TR_CHART_COST), 0);
	CHECK_STR(axis, "Monthly cost per TPS (EUR)");
	CHECK_STR(sub, "Monthly price in EUR divided by median TPS. Lower is better.");
	free(axis);
	free(sub);
	CHECK_INT(tr_bars_texts(&axis, &sub, &r, &b, TR_CHART_LATENCY), 0);
	/* the catalog's name, as the TPS table's header says it */
	CHECK_STR(axis, "Latency avg (ms)");
	CHECK_STR(sub, "pgbench's average transaction latency, median of the runs "
	               "(1 run per bar). Lower is better.");
	free(axis);
	free(sub);
}

static uint32_t S_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Walks the chunks of png: checks the signature, the IHDR of w x h 8-bit
 * RGB, every CRC (zlib's crc32 over type and data), IEND last; returns the
 * inflated IDAT data (caller frees) of *n bytes, or NULL. */
static unsigned char *S_png_rows(const tr_buf *png, uint32_t w, uint32_t h, size_t *n)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	const unsigned char *p = (const unsigned char *)png->ptr;
	size_t at = 8, want = (size_t)h * (3 * (size_t)w + 1);
	unsigned char *rows = malloc(want + 1);
	uLongf got = (uLongf)want + 1;
	bool iend = false;
	tr_buf idat = TR_BUF_INIT;
	*n = 0;
	CHECK(png->size > 8 && memcmp(p, sig, 8) == 0);
	while (at + 12 <= png->size && !iend) {
		uint32_t len = S_be32(p + at);
		const unsigned char *type = p + at + 4, *data = p + at + 8;
		if (at + 12 + len > png->size)
			break;
		CHECK_INT(S_be32(data + len), crc32(crc32(0L, Z_NULL, 0), type, 4 + len));
		if (memcmp(type, "IHDR", 4) == 0) {
			CHECK_INT(len, 13);
			CHECK_INT(S_be32(data), w);
			CHECK_INT(S_be32(data + 4), h);
			CHECK(data[8] == 8 && data[9] == 2 && data[10] == 0 && data[11] == 0 &&
			      data[12] == 0);
		} else if (memcmp(type, "IDAT", 4) == 0) {
			tr_buf_put(&idat, data, len);
		} else if (memcmp(type, "IEND", 4) == 0) {
			CHECK_INT(len, 0);
			iend = true;
		}
		at += 12 + len;
	}
	CHECK(iend && at == png->size);
	CHECK(idat.size > 0);
	if (!rows || uncompress(rows, &got, (const Bytef *)idat.ptr, idat.size) != Z_OK) {
		CHECK(!"IDAT inflates");
		free(rows);
		tr_buf_free(&idat);
		return NULL;
	}
	tr_buf_free(&idat);
	*n = got;
	return rows;
}

static void test_png_small(void)
{
	/* 2 x 2 pixels, 0x00RRGGBB words, a padded stride of 3 words */
	static uint32_t px[6] = { 0x00FF0000, 0x000000FF, 0xDEAD,
	                          0x00FF0000, 0x00102030, 0xBEEF };
	/* Up filter (type 2): each byte minus the one above, mod 256; the
	 * first row is minus zeros. Row 2, pixel 2: 0x10 - 0x00, 0x20 - 0x00,
	 * 0x30 - 0xFF = 0x31. */
	static const unsigned char want[] = { 2, 0xFF, 0, 0, 0, 0, 0xFF,
	                                      2, 0, 0, 0, 0x10, 0x20, 0x31 };
	tr_buf png = TR_BUF_INIT;
	unsigned char *rows;
	size_t n;
	CHECK_INT(tr_png_encode_rgb24(&png, (const unsigned char *)px, 2, 2, 12), 0);
	rows = S_png_rows(&png, 2, 2, &n);
	CHECK_INT(n, sizeof(want));
	CHECK(rows && n == sizeof(want) && memcmp(rows, want, n) == 0);
	free(rows);
	/* the IEND chunk of every PNG: its CRC is the well-known AE 42 60 82 */
	CHECK(png.size >= 12 &&
	      memcmp(png.ptr + png.size - 12, "\0\0\0\0IEND\xAE\x42\x60\x82", 12) == 0);
	tr_buf_free(&png);
	CHECK(tr_png_encode_rgb24(&png, (const unsigned char *)px, 0, 2, 12) < 0);
	CHECK_INT(png.size, 0);
}

/* Noise compresses badly: the stream outgrows the encoder's 64 KiB
 * output steps many times, in the rows and in the final flush. */
static void test_png_large(void)
{
	const int w = 257, h = 201;  /* 155 kB of raw noise */
	uint32_t *px = malloc((size_t)w * h * sizeof(uint32_t));
	tr_buf png = TR_BUF_INIT;
	unsigned char *rows;
	size_t n;
	uint32_t x = 2463534242u;
	bool same = true;
	CHECK(px != NULL);
	if (!px)
		return;
	for (int i = 0; i < w * h; i++) {
		x ^= x << 13;  /* xorshift32: fixed seed, same noise every run */
		x ^= x >> 17;
		x ^= x << 5;
		px[i] = x & 0x00FFFFFF;
	}
	CHECK_INT(tr_png_encode_rgb24(&png, (const unsigned char *)px, w, h, 4 * w), 0);
	CHECK(png.size > 2 * 65536);
	rows = S_png_rows(&png, (uint32_t)w, (uint32_t)h, &n);
	CHECK_INT(n, (size_t)h * (3 * (size_t)w + 1));
	for (int y = 0; rows && y < h && same; y++) {
		const unsigned char *row = rows + (size_t)y * (3 * (size_t)w + 1);
		same = row[0] == 2;
		for (int i = 0; i < w && same; i++) {
			uint32_t v = px[y * w + i], up = y ? px[(y - 1) * w + i] : 0;
			for (int c = 0; c < 3; c++) {
				unsigned sh = 16 - 8 * (unsigned)c;
				unsigned char b = (unsigned char)(((v >> sh) & 0xFF) - ((up >> sh) & 0xFF));
				same = same && row[1 + 3 * i + c] == b;
			}
		}
	}
	CHECK(rows && same);
	free(rows);
	free(px);
	tr_buf_free(&png);
}

/* The rule of a chart in parts (pages.c), worked by hand: bars, at most
 * 100 bars a picture (providers x groups); init, 60 rows with 3 per
 * scenario panel; timeline, percentiles and sweep, 8 providers. */
static void test_page_rule(void)
{
	size_t from, to;
	CHECK_INT(tr_chart_page_limit(TR_CHART_TPS, 1), 100);      /* 100 / 1 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_COST, 6), 16);      /* 100 / 6 = 16.7 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_LATENCY, 13), 7);   /* 100 / 13 = 7.7 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_TPS, 101), 1);      /* at least one */
	CHECK_INT(tr_chart_page_limit(TR_CHART_INIT, 1), 57);      /* (60 - 3) / 1 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_INIT, 10), 3);      /* (60 - 30) / 10 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_INIT, 20), 1);      /* 60 - 60 < 20 */
	CHECK_INT(tr_chart_page_limit(TR_CHART_TIMELINE, 1), 8);
	CHECK_INT(tr_chart_page_limit(TR_CHART_SWEEP, 40), 8);
	CHECK_INT(tr_chart_page_limit(TR_CHART_PERCENTILES, 0), 8);

	CHECK_INT(tr_chart_page_count(50, 100), 1); /* the grid's tps of a scenario */
	CHECK_INT(tr_chart_page_count(60, 60), 1);
	CHECK_INT(tr_chart_page_count(61, 60), 2);
	CHECK_INT(tr_chart_page_count(50, 3), 17);  /* the grid's init of all 10 */
	CHECK_INT(tr_chart_page_count(50, 8), 7);   /* ceil(6.25) */
	CHECK_INT(tr_chart_page_count(8, 8), 1);
	CHECK_INT(tr_chart_page_count(9, 8), 2);
	CHECK_INT(tr_chart_page_count(0, 8), 1);

	/* 50 timelines' panels in 7 parts: floor(k * 50 / 7) for k = 0..7 is
	 * 0, 7, 14, 21, 28, 35, 42, 50: six parts of 7, the last of 8 */
	{
		static const size_t starts[] = { 0, 7, 14, 21, 28, 35, 42, 50 };
		for (size_t k = 0; k < 7; k++) {
			tr_chart_page_span(&from, &to, 50, 7, k);
			CHECK_INT(from, starts[k]);
			CHECK_INT(to, starts[k + 1]);
		}
	}
	/* 9 providers in 2 parts: floor(9 / 2) = 4, then 5 */
	tr_chart_page_span(&from, &to, 9, 2, 0);
	CHECK(from == 0 && to == 4);
	tr_chart_page_span(&from, &to, 9, 2, 1);
	CHECK(from == 4 && to == 9);
	/* one part: everyone */
	tr_chart_page_span(&from, &to, 5, 1, 0);
	CHECK(from == 0 && to == 5);
}

int main(void)
{
	RUN(test_legend);
	RUN(test_text_is_cut);
	RUN(test_plot_below);
	RUN(test_bars_texts);
	RUN(test_png_small);
	RUN(test_png_large);
	RUN(test_page_rule);
	return harness_done();
}
