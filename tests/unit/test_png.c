/* test_png.c: the PNG encoder (chart/png.c, its own deflate) against an
 * independent decoder. Hand-made images are encoded, and
 * tests/lib/png_pixels.py reads each file with Python's zlib and struct
 * alone (chunks, CRCs, the zlib stream and its Adler-32, the five row
 * filters) and compares the pixels with the raw RGB bytes written here
 * straight from the image's words, not through the encoder. The images
 * aim at the encoder's paths: flat areas (rows equal to the one above),
 * edges, a pixel wide or high, odd sizes, a padded stride with garbage in
 * the words' unused byte, runs of every length around deflate's longest
 * match (258), repeated glyphs (copies at long distances), and noise (many
 * blocks, the window sliding). */

/* internal test of: chart */

#include "harness.h"
#include "chart/chart_png_internal.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	int w, h, stride; /* stride in words */
	uint32_t *px;
} S_img;

static char S_dir[] = "/tmp/tr-png-XXXXXX";
static FILE *S_list;
static int S_count;

static S_img S_new(int w, int h, int pad, uint32_t fill)
{
	S_img im = { w, h, w + pad, NULL };
	im.px = malloc((size_t)im.stride * (size_t)h * sizeof(uint32_t));
	CHECK(im.px != NULL);
	for (size_t i = 0; im.px && i < (size_t)im.stride * (size_t)h; i++)
		im.px[i] = fill;
	return im;
}

static void S_set(S_img *im, int x, int y, uint32_t v)
{
	if (x >= 0 && y >= 0 && x < im->w && y < im->h)
		im->px[(size_t)y * (size_t)im->stride + (size_t)x] = v;
}

/* Encodes im, writes N.png and N.rgb (r, g, b of each pixel, from the
 * words) and a line of the listing; returns the PNG's size. */
static size_t S_add(S_img *im)
{
	tr_buf png = TR_BUF_INIT;
	char path[256], rgb[256];
	FILE *f;
	size_t size;
	if (!im->px)
		return 0;
	CHECK_INT(tr_png_encode_rgb24(&png, (const unsigned char *)im->px, im->w, im->h,
	                              im->stride * 4), 0);
	snprintf(path, sizeof(path), "%s/%02d.png", S_dir, S_count);
	snprintf(rgb, sizeof(rgb), "%s/%02d.rgb", S_dir, S_count);
	S_count++;
	f = fopen(path, "wb");
	CHECK(f && fwrite(png.ptr, 1, png.size, f) == png.size);
	if (f)
		fclose(f);
	f = fopen(rgb, "wb");
	CHECK(f != NULL);
	for (int y = 0; f && y < im->h; y++)
		for (int x = 0; x < im->w; x++) {
			uint32_t v = im->px[(size_t)y * (size_t)im->stride + (size_t)x];
			unsigned char c[3] = { (unsigned char)(v >> 16), (unsigned char)(v >> 8),
			                       (unsigned char)v };
			fwrite(c, 1, 3, f);
		}
	if (f)
		fclose(f);
	fprintf(S_list, "%s %s %d %d\n", path, rgb, im->w, im->h);
	size = png.size;
	tr_buf_free(&png);
	free(im->px);
	im->px = NULL;
	return size;
}

static uint32_t S_rand(uint32_t *x)
{
	*x ^= *x << 13; /* xorshift32: fixed seed, the same images every run */
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

static void test_flat_and_thin(void)
{
	S_img im = S_new(1, 1, 0, 0x00FFFFFF);
	size_t size;
	S_add(&im);
	/* a column a pixel wide, a shade per row; then a row a pixel high */
	im = S_new(1, 300, 0, 0);
	for (int y = 0; y < 300; y++)
		S_set(&im, 0, y, (uint32_t)(y * 0x010203) & 0xFFFFFF);
	S_add(&im);
	im = S_new(300, 1, 0, 0);
	for (int x = 0; x < 300; x++)
		S_set(&im, x, 0, x < 150 ? 0x00336699u : 0x00FFFFFFu);
	S_add(&im);
	/* white, 800 x 100 (240,100 bytes of rows): each row after the first
	 * is its filter byte, a zero and 2,399 zeros as 10 copies of at most
	 * 258 bytes, a few bits each: under 1% of the rows' size */
	im = S_new(800, 100, 0, 0x00FFFFFF);
	size = S_add(&im);
	CHECK(size > 0 && size < 2401);
}

/* Odd sizes: a filled rectangle with a shaded edge and a diagonal line,
 * over a padded stride whose padding and unused top byte are garbage. */
static void test_edges(void)
{
	static const int sizes[][2] = { { 37, 23 }, { 2, 3 }, { 129, 5 }, { 255, 17 } };
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		int w = sizes[k][0], h = sizes[k][1];
		S_img im = S_new(w, h, 3, 0xAB00FFFFu | 0x00FF0000u);
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x++) {
				uint32_t top = (uint32_t)(x * 37 + y) << 24; /* not a colour */
				uint32_t v = 0x00FFFFFF;
				if (x >= w / 4 && x < 3 * w / 4 && y >= h / 3)
					v = x == w / 4 ? 0x0080C0E0 : 0x00336699;
				if (x == y)
					v = 0x00102030;
				S_set(&im, x, y, top | v);
			}
			for (int p = 0; p < 3; p++)
				im.px[(size_t)y * (size_t)im.stride + (size_t)(w + p)] = 0xDEADBEEF;
		}
		S_add(&im);
	}
}

/* Rows equal to the one above, of widths whose 3w - 1 zeros leave 0, 1 or
 * 2 bytes after copies of 258 (86: 257; 87: 260; 173: 518), and a run of
 * a colour (not zero) on each row, of 1 to 100 and 160 to 180 pixels. */
static void test_runs(void)
{
	static const int widths[] = { 1, 2, 3, 86, 87, 88, 172, 173, 174 };
	S_img im;
	for (size_t k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
		im = S_new(widths[k], 4, 0, 0x00FFFFFF);
		for (int x = 0; x < widths[k]; x++)
			S_set(&im, x, 1, 0x00010101u * (unsigned)(x % 200));
		S_add(&im);
	}
	im = S_new(200, 122, 0, 0x00FFFFFF);
	for (int y = 1; y <= 121; y++) {
		int len = y <= 100 ? y : 59 + y;
		for (int x = 0; x < len; x++)
			S_set(&im, x, y, y % 2 ? 0x00404040u : 0x00204080u);
	}
	S_add(&im);
}

/* The same 6 x 8 glyph drawn again and again, along a row and rows
 * apart on an image 3,000 wide (9,001 bytes a row): copies at short
 * distances and at distances near deflate's 32,768. */
static void test_glyphs(void)
{
	static const char *glyph[8] = { "..##..", ".#..#.", "#....#", "######",
	                                "#....#", "#....#", "#....#", "......" };
	S_img im = S_new(3000, 40, 0, 0x00FFFFFF);
	for (int row = 0; row < 4; row++)
		for (int g = 0; g < 3000 / 7; g++)
			for (int y = 0; y < 8; y++)
				for (int x = 0; x < 6; x++)
					if (glyph[y][x] == '#')
						S_set(&im, g * 7 + x + row, row * 10 + y,
						      g % 3 ? 0x00222222u : 0x00AA3311u);
	S_add(&im);
}

/* Noise: every byte a literal, 99 kB of them, so several blocks and the
 * window moving on many times; then noise over a few colours only. */
static void test_noise(void)
{
	uint32_t x = 2463534242u;
	S_img im = S_new(211, 157, 1, 0);
	for (int y = 0; y < im.h; y++)
		for (int i = 0; i < im.w; i++)
			S_set(&im, i, y, S_rand(&x));
	S_add(&im);
	im = S_new(500, 200, 0, 0);
	for (int y = 0; y < im.h; y++)
		for (int i = 0; i < im.w; i++)
			S_set(&im, i, y, S_rand(&x) % 4 ? 0x00FFFFFFu : 0x00000000u);
	S_add(&im);
}

int main(void)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char listing[256], cmd[1024];
	if (!mkdtemp(S_dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(listing, sizeof(listing), "%s/list", S_dir);
	S_list = fopen(listing, "w");
	if (!S_list)
		return 1;
	RUN(test_flat_and_thin);
	RUN(test_edges);
	RUN(test_runs);
	RUN(test_glyphs);
	RUN(test_noise);
	fclose(S_list);
	snprintf(cmd, sizeof(cmd), "python3 %s/tests/lib/png_pixels.py %s",
	         root ? root : ".", listing);
	CHECK(system(cmd) == 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", S_dir);
	CHECK(system(cmd) == 0);
	return harness_done();
}
