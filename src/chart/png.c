/* png.c: PNG files written here, deflate included (RFC 1950, 1951 and
 * the PNG specification), rather than by cairo or zlib.
 *
 * cairo_surface_write_to_png_stream goes through libpng with zlib's
 * default level and adaptive row filters; zlib's fastest level with the
 * "Up" filter (each byte minus the one above it) cut that by two thirds
 * and was still most of a `build --png`. Charts are large flat areas and
 * anti-aliased edges: after the Up filter 95% of the bytes are zeros and
 * half the rows are nothing but zeros, and zlib spends as long on those
 * as on the drawing. Here
 *
 *   - a row equal to the one above is never filtered nor scanned: its
 *     zeros are written as matches of 258 bytes at distance 1, and its
 *     Adler-32 is a multiplication;
 *   - other rows are filtered into a window of the last 32 KiB, and
 *     parsed greedily: a run of the previous byte (found 8 bytes at a
 *     time) is a match at distance 1, else a 4-byte hash finds an earlier
 *     copy (the glyphs of a label, the edges of bars), else a literal;
 *   - every block has its own Huffman codes (deflate.c), so the few
 *     symbols that occur are short.
 *
 * The bytes depend only on the pixels (no timestamps, no text chunks, no
 * library version), so the same chart is the same file everywhere.
 * zlib gives only the chunks' CRC-32. */

#include "chart_deflate_internal.h"
#include "chart_png_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define S_WSIZE TR_DEFLATE_WSIZE /* the farthest a match reaches back */
#define S_WROOM 262144u    /* the window buffer beyond that */
#define S_HBITS 14         /* hash table of the last position of 4 bytes */
#define S_MAXMATCH TR_DEFLATE_MAXMATCH
#define S_ADLER_MOD 65521u

/* The rows' stream: deflate's symbols (d), the window of the last bytes
 * with the hash of where each 4 bytes were last seen, and Adler-32. */
typedef struct {
	tr_deflate d;
	unsigned char *win;     /* stream bytes from position base on */
	size_t wlen, wcap;
	uint32_t base;
	uint32_t *head;
	uint64_t s1, s2;        /* Adler-32 */
} S_enc;

/* --- rows -------------------------------------------------------------- */

/* How many of p[0..n) equal b: 8 bytes at a time. */
static size_t S_same(const unsigned char *p, unsigned char b, size_t n)
{
	uint64_t pat = b * 0x0101010101010101ull, v;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&v, p + i, 8);
		if (v != pat)
			break;
	}
	while (i < n && p[i] == b)
		i++;
	return i;
}

/* Adler-32's sums over p[0..n), not reduced: the caller reduces once a
 * row (98,302 bytes at most, so neither sum passes 64 bits before);
 * 8 zero bytes at a time add 8 * a. */
static void S_sum(uint64_t *pa, uint64_t *pb, const unsigned char *p, size_t n)
{
	uint64_t a = *pa, b = *pb, v;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&v, p + i, 8);
		if (!v) {
			b += 8 * a;
			continue;
		}
		for (int k = 0; k < 8; k++) {
			a += p[i + k];
			b += a;
		}
	}
	for (; i < n; i++) {
		a += p[i];
		b += a;
	}
	*pa = a;
	*pb = b;
}

/* A row equal to the one above: filter type 2 and 3w zeros. Matches do
 * not reach back over it (the window restarts at its last zero), which
 * costs little: 32 KiB hold a few rows of a chart, and the text above such
 * a row is rarely repeated below it. */
static void S_zero_row(S_enc *e, size_t rowlen)
{
	uint32_t start = e->base + (uint32_t)e->wlen;
	tr_deflate_lit(&e->d, 2);
	tr_deflate_lit(&e->d, 0);
	tr_deflate_run(&e->d, 0, rowlen - 2);
	e->s1 = (e->s1 + 2) % S_ADLER_MOD;
	e->s2 = (e->s2 + e->s1 + (uint64_t)((rowlen - 1) % S_ADLER_MOD) * e->s1) % S_ADLER_MOD;
	e->win[0] = 0;
	e->wlen = 1;
	e->base = start + (uint32_t)rowlen - 1;
}

/* Greedy parse of win[s..end): a run of the previous byte, an earlier
 * copy of the next 4 bytes or more, or a literal. */
static void S_parse(S_enc *e, size_t s, size_t end)
{
	const unsigned char *w = e->win;
	uint64_t a = e->s1, b = e->s2; /* Adler-32 as the bytes go by */
	size_t i = s;
	while (i < end) {
		if (i > 0) {
			size_t r = S_same(w + i, w[i - 1], end - i);
			if (r >= 3) {
				/* r bytes c add r * a + c * (1 + 2 + ... + r) to b */
				b += r * a + (uint64_t)w[i - 1] * (r * (r + 1) / 2);
				a += r * (uint64_t)w[i - 1];
				tr_deflate_run(&e->d, w[i - 1], r);
				i += r;
				continue;
			}
		}
		if (i + 4 <= end) {
			uint32_t v, c, h, pos = e->base + (uint32_t)i, cand;
			memcpy(&v, w + i, 4);
			h = (v * 2654435761u) >> (32 - S_HBITS);
			cand = e->head[h];
			e->head[h] = pos;
			if (cand >= e->base && cand < pos && pos - cand <= S_WSIZE) {
				const unsigned char *m = w + (cand - e->base);
				memcpy(&c, m, 4);
				if (c == v) {
					size_t len = 4, max = end - i < S_MAXMATCH ? end - i : S_MAXMATCH;
					uint64_t x, y;
					for (; len + 8 <= max; len += 8) {
						memcpy(&x, m + len, 8);
						memcpy(&y, w + i + len, 8);
						if (x != y)
							break;
					}
					while (len < max && m[len] == w[i + len])
						len++;
					S_sum(&a, &b, w + i, len);
					tr_deflate_match(&e->d, (unsigned)len, pos - cand);
					i += len;
					continue;
				}
			}
		}
		a += w[i];
		b += a;
		tr_deflate_lit(&e->d, w[i]);
		i++;
	}
	e->s1 = a % S_ADLER_MOD;
	e->s2 = b % S_ADLER_MOD;
}

/* Whether 4 pixels are those of the row above. */
static bool S_same4(const uint32_t *a, const uint32_t *b)
{
	uint64_t a0, a1, b0, b1;
	memcpy(&a0, a, 8);
	memcpy(&a1, a + 2, 8);
	memcpy(&b0, b, 8);
	memcpy(&b1, b + 2, 8);
	return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* Row cur minus the row above (up, or zeros for the first row) as RGB
 * bytes after the filter type, into dst, which has a byte to spare at the
 * end. Each byte of a word minus the same byte of the other, mod 256, in
 * one subtraction (no borrow crosses a byte: the high bits are set apart
 * and put back), then the word's R, G and B stored as 4 bytes, the 4th
 * overwritten by the next pixel. The words' unused top byte does not
 * matter. */
static void S_filter(unsigned char *dst, const uint32_t *cur, const uint32_t *up, int w)
{
	*dst++ = 2; /* Up */
	for (int x = 0; x < w;) {
		uint32_t a = cur[x], b = up ? up[x] : 0, d;
		if (up && a == b) {
			/* most pixels of a row that changed are as above: zeros */
			int k = x + 1;
			while (k + 4 <= w && S_same4(cur + k, up + k))
				k += 4;
			while (k < w && cur[k] == up[k])
				k++;
			memset(dst + 3 * x, 0, 3 * (size_t)(k - x));
			x = k;
			continue;
		}
		d = ((a | 0x80808080u) - (b & 0x7F7F7F7Fu)) ^ ((a ^ ~b) & 0x80808080u);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		{
			uint32_t o = (d >> 16 & 0xFF) | (d & 0xFF00) | (d & 0xFF) << 16;
			memcpy(dst + 3 * x, &o, 4);
		}
#else
		dst[3 * x] = (unsigned char)(d >> 16);
		dst[3 * x + 1] = (unsigned char)(d >> 8);
		dst[3 * x + 2] = (unsigned char)d;
#endif
		x++;
	}
}

static void S_busy_row(S_enc *e, const uint32_t *cur, const uint32_t *up, int w,
                       size_t rowlen)
{
	size_t s;
	if (e->wlen + rowlen > e->wcap) {
		size_t keep = e->wlen < S_WSIZE ? e->wlen : S_WSIZE;
		memmove(e->win, e->win + e->wlen - keep, keep);
		e->base += (uint32_t)(e->wlen - keep);
		e->wlen = keep;
	}
	s = e->wlen;
	S_filter(e->win + s, cur, up, w);
	e->wlen += rowlen;
	S_parse(e, s, e->wlen);
}

/* --- the file ---------------------------------------------------------- */

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

/* The file: signature, header, the zlib stream, end. */
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

/* The zlib stream of the filtered rows into z. */
static int S_deflate(tr_buf *z, const unsigned char *data, int w, int h, int stride)
{
	/* RFC 1950: deflate with a 32 KiB window, "fastest" level, and the
	 * check bits that make 0x7801 a multiple of 31 */
	static const unsigned char zhead[2] = { 0x78, 0x01 };
	size_t rowlen = 3 * (size_t)w + 1, rowbytes = 4 * (size_t)w;
	unsigned char trailer[4];
	S_enc e;
	int rc;
	memset(&e, 0, sizeof(e));
	e.s1 = 1;
	/* room for many rows past the window: each move keeps its last 32
	 * KiB, so the fewer moves the fewer bytes copied */
	e.wcap = (size_t)S_WSIZE + S_WROOM + 2 * rowlen;
	e.win = tr_malloc(e.wcap + 1); /* + S_filter's spare byte */
	e.head = tr_calloc((size_t)1 << S_HBITS, sizeof(uint32_t));
	if (tr_deflate_init(&e.d, z) < 0 || !e.win || !e.head ||
	    tr_buf_put(z, zhead, 2) < 0) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (int y = 0; y < h && e.d.rc == 0; y++) {
		const uint32_t *cur = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		const uint32_t *up = y ? (const uint32_t *)(const void *)(data + (size_t)(y - 1) * (size_t)stride) : NULL;
		if (up && memcmp(cur, up, rowbytes) == 0)
			S_zero_row(&e, rowlen);
		else
			S_busy_row(&e, cur, up, w, rowlen);
	}
	if ((rc = tr_deflate_finish(&e.d)) == 0) {
		S_be32(trailer, (uint32_t)(e.s2 << 16 | e.s1));
		if (tr_buf_put(z, trailer, 4) < 0)
			rc = TR_ENOMEM;
	}
cleanup:
	free(e.win);
	free(e.head);
	tr_deflate_free(&e.d);
	return rc;
}

int tr_png_encode_rgb24(tr_buf *out, const unsigned char *data, int w, int h,
                        int stride)
{
	tr_buf z = TR_BUF_INIT;
	int rc;
	if (w <= 0 || h <= 0)
		return tr_error_set("PNG: empty image");
	if ((rc = S_deflate(&z, data, w, h, stride)) == 0)
		rc = S_write_file(out, w, h, &z);
	tr_buf_free(&z);
	return rc;
}
