/* png.c: PNG files written here rather than by cairo.
 *
 * cairo_surface_write_to_png_stream goes through libpng with zlib's
 * default level and adaptive row filters: three quarters of the time of a
 * whole `tpsreport build` went there. Charts are large flat areas and
 * anti-aliased edges; the "Up" filter (each byte minus the one above it)
 * turns the flat areas into zeros and deflate's fastest level packs those
 * runs well, at a fraction of the time and within a few percent of the
 * size. The bytes depend only on the pixels (no timestamps, no text
 * chunks), so the same chart is the same file everywhere. */

#include "chart_png_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void S_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* One chunk: length, type, data, CRC over type and data. */
static int S_chunk(tr_buf *out, const char *type, const unsigned char *data,
                   size_t len)
{
	unsigned char head[8], tail[4];
	uLong crc = crc32(0L, Z_NULL, 0);
	S_be32(head, (uint32_t)len);
	memcpy(head + 4, type, 4);
	crc = crc32(crc, (const Bytef *)type, 4);
	if (len)
		crc = crc32(crc, data, (uInt)len);
	S_be32(tail, (uint32_t)crc);
	if (tr_buf_put(out, head, 8) < 0 || tr_buf_put(out, data, len) < 0 ||
	    tr_buf_put(out, tail, 4) < 0)
		return TR_ENOMEM;
	return 0;
}

/* Pixel row y as RGB bytes into raw, then filtered = raw minus the row
 * above (prev), after the filter-type byte. */
static void S_filter_row(unsigned char *filtered, unsigned char *raw,
                         const unsigned char *prev, const unsigned char *data,
                         int w, int y, int stride, size_t rowlen)
{
	const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
	for (int x = 0; x < w; x++) {
		uint32_t v = px[x];
		raw[3 * x] = (unsigned char)(v >> 16);
		raw[3 * x + 1] = (unsigned char)(v >> 8);
		raw[3 * x + 2] = (unsigned char)v;
	}
	for (size_t i = 0; i < rowlen - 1; i++)
		filtered[i + 1] = (unsigned char)(raw[i] - prev[i]);
}

/* One deflate call into the free end of z (grown first). */
static int S_deflate_step(z_stream *zs, tr_buf *z, int flush, int *zr)
{
	if (tr_buf_grow(z, 65536) < 0)
		return TR_ENOMEM;
	zs->next_out = (Bytef *)z->ptr + z->size;
	zs->avail_out = (uInt)(z->asize - z->size - 1);
	*zr = deflate(zs, flush);
	z->size = z->asize - 1 - zs->avail_out;
	return 0;
}

/* Deflates all of in[0..len) into z. */
static int S_deflate_row(z_stream *zs, tr_buf *z, unsigned char *in, size_t len)
{
	int rc, zr;
	zs->next_in = in;
	zs->avail_in = (uInt)len;
	while (zs->avail_in > 0) {
		if ((rc = S_deflate_step(zs, z, Z_NO_FLUSH, &zr)) < 0)
			return rc;
		if (zr != Z_OK)
			return tr_error_set("PNG: zlib failed");
	}
	return 0;
}

/* Flushes the rest of the stream into z. */
static int S_deflate_finish(z_stream *zs, tr_buf *z)
{
	int rc, zr;
	for (;;) {
		if ((rc = S_deflate_step(zs, z, Z_FINISH, &zr)) < 0)
			return rc;
		if (zr == Z_STREAM_END)
			return 0;
		if (zr != Z_OK && zr != Z_BUF_ERROR)
			return tr_error_set("PNG: zlib failed");
	}
}

/* The file: signature, header, the deflated rows, end. */
static int S_write_file(tr_buf *out, int w, int h, const tr_buf *z)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char ihdr[13];
	S_be32(ihdr, (uint32_t)w);
	S_be32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;  /* bits per channel */
	ihdr[9] = 2;  /* truecolour RGB */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	if (tr_buf_put(out, sig, sizeof(sig)) < 0 ||
	    S_chunk(out, "IHDR", ihdr, sizeof(ihdr)) < 0 ||
	    S_chunk(out, "IDAT", (const unsigned char *)z->ptr, z->size) < 0 ||
	    S_chunk(out, "IEND", NULL, 0) < 0)
		return TR_ENOMEM;
	return 0;
}

int tr_png_encode_rgb24(tr_buf *out, const unsigned char *data, int w, int h,
                        int stride)
{
	size_t rowlen = (size_t)w * 3 + 1;
	unsigned char *rows = NULL, *prev, *raw, *filtered;
	tr_buf z = TR_BUF_INIT;
	z_stream zs;
	int rc = 0;

	if (w <= 0 || h <= 0)
		return tr_error_set("PNG: empty image");
	memset(&zs, 0, sizeof(zs));
	if (deflateInit(&zs, 1) != Z_OK)
		return tr_error_set("PNG: zlib could not start");
	/* Two raw rows (this one and the one above, swapped each row) and
	 * the filtered row that goes to zlib: simple loops the compiler
	 * vectorises. */
	rows = tr_calloc(3, rowlen);
	if (!rows) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	prev = rows;
	raw = rows + rowlen;
	filtered = rows + 2 * rowlen;
	filtered[0] = 2; /* filter type of every row: Up */
	for (int y = 0; y < h && rc == 0; y++) {
		unsigned char *t;
		S_filter_row(filtered, raw, prev, data, w, y, stride, rowlen);
		t = prev;
		prev = raw;
		raw = t;
		rc = S_deflate_row(&zs, &z, filtered, rowlen);
	}
	if (rc == 0 && (rc = S_deflate_finish(&zs, &z)) == 0)
		rc = S_write_file(out, w, h, &z);
cleanup:
	deflateEnd(&zs);
	free(rows);
	tr_buf_free(&z);
	return rc;
}
