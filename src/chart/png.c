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
 *   - every block has its own Huffman codes (dynamic blocks of at most
 *     S_MAXTOK symbols), so the few symbols that occur are short.
 *
 * The bytes depend only on the pixels (no timestamps, no text chunks, no
 * library version), so the same chart is the same file everywhere.
 * zlib gives only the chunks' CRC-32. */

#include "chart_png_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define S_WSIZE 32768u     /* deflate's largest distance */
#define S_WROOM 262144u    /* the window buffer beyond that */
#define S_HBITS 14         /* hash table of the last position of 4 bytes */
#define S_MAXTOK 32768     /* symbols in a block */
#define S_MAXMATCH 258u
#define S_ADLER_MOD 65521u

/* RFC 1951, 3.2.5: the first length and distance of each code and its
 * extra bits. */
static const uint16_t S_len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const uint8_t S_len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const uint16_t S_dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
	12289, 16385, 24577
};
static const uint8_t S_dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};
/* 3.2.7: the order of the code length code's lengths */
static const uint8_t S_cl_order[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

/* A symbol of a block: a literal byte (below 256), or S_TOK_MATCH with
 * the length's code (bits 24-28) and extra bits' value (19-23), and the
 * distance's code (14-18) and extra bits' value (0-13): worked out once,
 * when the match is found. */
#define S_TOK_MATCH 0x80000000u

typedef struct {
	tr_buf *out;            /* the zlib stream */
	uint64_t acc;           /* bits not yet in out, first bit lowest */
	unsigned nacc;
	uint32_t *tok;
	size_t ntok;
	uint32_t lfreq[286], dfreq[30];
	unsigned char *win;     /* stream bytes from position base on */
	size_t wlen, wcap;
	uint32_t base;
	uint32_t *head;
	uint64_t s1, s2;        /* Adler-32 */
	int rc;
} S_enc;

/* floor(log2(v)), v > 0 */
static unsigned S_log2(unsigned v)
{
#if defined(__GNUC__)
	return 31u - (unsigned)__builtin_clz(v);
#else
	unsigned k = 0;
	while (v >> (k + 1))
		k++;
	return k;
#endif
}

/* Length 3..258 to its code (0..28 for symbols 257..285). */
static unsigned S_len_code(unsigned len)
{
	unsigned v, k;
	if (len <= 10)
		return len - 3;
	if (len == 258)
		return 28;
	v = len - 3;
	k = S_log2(v);
	return 4 * (k - 1) + ((v >> (k - 2)) & 3);
}

/* Distance 1..32768 to its code 0..29. */
static unsigned S_dist_code(unsigned d)
{
	unsigned v, k;
	if (d <= 4)
		return d - 1;
	v = d - 1;
	k = S_log2(v);
	return 2 * k + ((v >> (k - 1)) & 1);
}

/* --- bits ------------------------------------------------------------- */

/* n <= 32 bits of v, first bit lowest. out has room (S_block grew it). */
static inline void S_put(S_enc *e, uint32_t v, unsigned n)
{
	e->acc |= (uint64_t)v << e->nacc;
	e->nacc += n;
	if (e->nacc >= 32) {
		unsigned char *p = (unsigned char *)e->out->ptr + e->out->size;
		p[0] = (unsigned char)e->acc;
		p[1] = (unsigned char)(e->acc >> 8);
		p[2] = (unsigned char)(e->acc >> 16);
		p[3] = (unsigned char)(e->acc >> 24);
		e->out->size += 4;
		e->acc >>= 32;
		e->nacc -= 32;
	}
}

/* The last bits, padded to a whole byte. */
static int S_put_flush(S_enc *e)
{
	while (e->nacc > 0) {
		unsigned char c = (unsigned char)e->acc;
		if (tr_buf_put(e->out, &c, 1) < 0)
			return TR_ENOMEM;
		e->acc >>= 8;
		e->nacc = e->nacc > 8 ? e->nacc - 8 : 0;
	}
	return 0;
}

/* --- Huffman codes ----------------------------------------------------- */

/* Sorts the m symbols of sym by frequency, stable (ties keep symbol
 * order): insertion sort, at most 286 symbols. */
static void S_sort(int *sym, int m, const uint32_t *f)
{
	for (int i = 1; i < m; i++) {
		int s = sym[i], j = i;
		while (j > 0 && f[sym[j - 1]] > f[s]) {
			sym[j] = sym[j - 1];
			j--;
		}
		sym[j] = s;
	}
}

/* Depths of a Huffman tree over the m sorted weights w[0..m), by merging
 * the sorted leaves with the internal nodes as they are made (both queues
 * stay sorted); returns the largest depth. */
static unsigned S_tree(uint8_t *depth, uint32_t *w, int m)
{
	int parent[2 * 286];
	int i = 0, j = m;
	unsigned max = 0;
	if (m < 2)
		return 0; /* not reached: S_lengths gives two symbols or more */
	for (int k = m; k < 2 * m - 1; k++) {
		int a = (i < m && (j >= k || w[i] <= w[j])) ? i++ : j++;
		int b = (i < m && (j >= k || w[i] <= w[j])) ? i++ : j++;
		w[k] = w[a] + w[b];
		parent[a] = parent[b] = k;
	}
	depth[2 * m - 2] = 0;
	for (int k = 2 * m - 3; k >= 0; k--) {
		depth[k] = (uint8_t)(depth[parent[k]] + 1);
		if (k < m && depth[k] > max)
			max = depth[k];
	}
	return max;
}

/* Code lengths of at most limit bits for n <= 286 symbols of frequencies
 * freq (0: no code). At least two symbols get a code, so that every code
 * is complete. Past the limit, the frequencies are halved (never to 0)
 * until the tree fits: all equal, it is balanced. */
static void S_lengths(uint8_t *len, const uint32_t *freq, int n, unsigned limit)
{
	uint32_t f[286], w[2 * 286];
	uint8_t depth[2 * 286];
	int sym[286], m, used = 0;
	for (int i = 0; i < n; i++) {
		f[i] = freq[i];
		used += f[i] > 0;
	}
	for (int i = 0; used < 2 && i < n; i++)
		if (!f[i]) {
			f[i] = 1;
			used++;
		}
	for (;;) {
		m = 0;
		for (int i = 0; i < n; i++)
			if (f[i])
				sym[m++] = i;
		S_sort(sym, m, f);
		for (int k = 0; k < m; k++)
			w[k] = f[sym[k]];
		if (S_tree(depth, w, m) <= limit)
			break;
		for (int i = 0; i < n; i++)
			if (f[i])
				f[i] = (f[i] >> 1) | 1;
	}
	memset(len, 0, (size_t)n);
	for (int k = 0; k < m; k++)
		len[sym[k]] = depth[k];
}

/* RFC 1951, 3.2.2: canonical codes from the lengths, bit-reversed here
 * because deflate sends a code's first bit lowest. */
static void S_codes(uint16_t *code, const uint8_t *len, int n)
{
	unsigned count[16] = { 0 }, next[16] = { 0 }, c = 0;
	for (int i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	for (int b = 1; b < 16; b++) {
		c = (c + count[b - 1]) << 1;
		next[b] = c;
	}
	for (int i = 0; i < n; i++) {
		unsigned v, r = 0;
		if (!len[i])
			continue;
		v = next[len[i]]++;
		for (unsigned b = 0; b < len[i]; b++)
			r |= ((v >> b) & 1) << (len[i] - 1 - b);
		code[i] = (uint16_t)r;
	}
}

/* --- blocks ------------------------------------------------------------ */

typedef struct {
	uint8_t llen[286], dlen[30], clen[19];
	uint16_t lcode[286], dcode[30], ccode[19];
	uint8_t sym[316], extra[316];
	int nsym, hlit, hdist, hclen;
} S_header;

/* 3.2.7: the literal/length and distance lengths as one sequence, runs
 * written with symbols 16 (repeat the previous 3-6 times), 17 (3-10
 * zeros) and 18 (11-138 zeros). */
static void S_header_rle(S_header *hd)
{
	uint8_t seq[316];
	int total = hd->hlit + hd->hdist, prev = -1;
	memcpy(seq, hd->llen, (size_t)hd->hlit);
	memcpy(seq + hd->hlit, hd->dlen, (size_t)hd->hdist);
	hd->nsym = 0;
	for (int i = 0; i < total;) {
		int v = seq[i], r = 1, k;
		while (i + r < total && seq[i + r] == v)
			r++;
		if (v == 0 && r >= 3) {
			k = r > 138 ? 138 : r;
			hd->sym[hd->nsym] = k >= 11 ? 18 : 17;
			hd->extra[hd->nsym++] = (uint8_t)(k >= 11 ? k - 11 : k - 3);
		} else if (v == prev && r >= 3) {
			k = r > 6 ? 6 : r;
			hd->sym[hd->nsym] = 16;
			hd->extra[hd->nsym++] = (uint8_t)(k - 3);
		} else {
			k = 1;
			hd->sym[hd->nsym] = (uint8_t)v;
			hd->extra[hd->nsym++] = 0;
		}
		prev = v;
		i += k;
	}
}

static void S_header_make(S_header *hd, const S_enc *e)
{
	uint32_t cfreq[19] = { 0 };
	S_lengths(hd->llen, e->lfreq, 286, 15);
	S_lengths(hd->dlen, e->dfreq, 30, 15);
	S_codes(hd->lcode, hd->llen, 286);
	S_codes(hd->dcode, hd->dlen, 30);
	for (hd->hlit = 286; hd->hlit > 257 && !hd->llen[hd->hlit - 1]; hd->hlit--)
		;
	for (hd->hdist = 30; hd->hdist > 1 && !hd->dlen[hd->hdist - 1]; hd->hdist--)
		;
	S_header_rle(hd);
	for (int i = 0; i < hd->nsym; i++)
		cfreq[hd->sym[i]]++;
	S_lengths(hd->clen, cfreq, 19, 7);
	S_codes(hd->ccode, hd->clen, 19);
	for (hd->hclen = 19; hd->hclen > 4 && !hd->clen[S_cl_order[hd->hclen - 1]]; hd->hclen--)
		;
}

static void S_header_put(S_enc *e, const S_header *hd, int final)
{
	static const uint8_t bits[3] = { 2, 3, 7 };
	S_put(e, final ? 1 : 0, 1);
	S_put(e, 2, 2); /* dynamic Huffman codes */
	S_put(e, (uint32_t)(hd->hlit - 257), 5);
	S_put(e, (uint32_t)(hd->hdist - 1), 5);
	S_put(e, (uint32_t)(hd->hclen - 4), 4);
	for (int i = 0; i < hd->hclen; i++)
		S_put(e, hd->clen[S_cl_order[i]], 3);
	for (int i = 0; i < hd->nsym; i++) {
		S_put(e, hd->ccode[hd->sym[i]], hd->clen[hd->sym[i]]);
		if (hd->sym[i] >= 16)
			S_put(e, hd->extra[i], bits[hd->sym[i] - 16]);
	}
}

/* The block of the symbols so far, with its own codes. On failure the
 * symbols are dropped and e->rc says why. */
static void S_block(S_enc *e, int final)
{
	S_header hd;
	e->lfreq[256]++; /* end of block */
	S_header_make(&hd, e);
	/* at most 48 bits a symbol, and a header well under 1 KiB */
	if (e->rc == 0 && tr_buf_grow(e->out, e->ntok * 6 + 2048) < 0)
		e->rc = TR_ENOMEM;
	if (e->rc == 0) {
		S_header_put(e, &hd, final);
		for (size_t i = 0; i < e->ntok; i++) {
			uint32_t t = e->tok[i];
			unsigned lc, dc;
			if (!(t & S_TOK_MATCH)) {
				S_put(e, hd.lcode[t], hd.llen[t]);
				continue;
			}
			lc = (t >> 24) & 31;
			dc = (t >> 14) & 31;
			/* a code and its extra bits in one go: at most 15 + 13 */
			S_put(e, hd.lcode[257 + lc] | ((t >> 19) & 31) << hd.llen[257 + lc],
			      hd.llen[257 + lc] + S_len_extra[lc]);
			S_put(e, hd.dcode[dc] | (t & 0x3FFF) << hd.dlen[dc],
			      hd.dlen[dc] + S_dist_extra[dc]);
		}
		S_put(e, hd.lcode[256], hd.llen[256]);
	}
	memset(e->lfreq, 0, sizeof(e->lfreq));
	memset(e->dfreq, 0, sizeof(e->dfreq));
	e->ntok = 0;
}

static void S_lit(S_enc *e, unsigned char c)
{
	e->tok[e->ntok++] = c;
	e->lfreq[c]++;
	if (e->ntok == S_MAXTOK)
		S_block(e, 0);
}

static void S_match(S_enc *e, unsigned len, unsigned dist)
{
	unsigned lc = S_len_code(len), dc = S_dist_code(dist);
	e->tok[e->ntok++] = S_TOK_MATCH | (uint32_t)lc << 24 |
	                    (uint32_t)(len - S_len_base[lc]) << 19 | (uint32_t)dc << 14 |
	                    (uint32_t)(dist - S_dist_base[dc]);
	e->lfreq[257 + lc]++;
	e->dfreq[dc]++;
	if (e->ntok == S_MAXTOK)
		S_block(e, 0);
}

/* n more copies of byte b, which the stream has just written: matches at
 * distance 1, none shorter than 3. */
static void S_run(S_enc *e, unsigned char b, size_t n)
{
	while (n >= 3) {
		size_t l = n > S_MAXMATCH ? S_MAXMATCH : n;
		if (n - l > 0 && n - l < 3)
			l = n - 3;
		S_match(e, (unsigned)l, 1);
		n -= l;
	}
	while (n--)
		S_lit(e, b);
}

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
	S_lit(e, 2);
	S_lit(e, 0);
	S_run(e, 0, rowlen - 2);
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
				S_run(e, w[i - 1], r);
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
					S_match(e, (unsigned)len, pos - cand);
					i += len;
					continue;
				}
			}
		}
		a += w[i];
		b += a;
		S_lit(e, w[i]);
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
	e.out = z;
	e.s1 = 1;
	/* room for many rows past the window: each move keeps its last 32
	 * KiB, so the fewer moves the fewer bytes copied */
	e.wcap = (size_t)S_WSIZE + S_WROOM + 2 * rowlen;
	e.win = tr_malloc(e.wcap + 1); /* + S_filter's spare byte */
	e.head = tr_calloc((size_t)1 << S_HBITS, sizeof(uint32_t));
	e.tok = tr_malloc(S_MAXTOK * sizeof(uint32_t));
	if (!e.win || !e.head || !e.tok || tr_buf_put(z, zhead, 2) < 0) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (int y = 0; y < h && e.rc == 0; y++) {
		const uint32_t *cur = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		const uint32_t *up = y ? (const uint32_t *)(const void *)(data + (size_t)(y - 1) * (size_t)stride) : NULL;
		if (up && memcmp(cur, up, rowbytes) == 0)
			S_zero_row(&e, rowlen);
		else
			S_busy_row(&e, cur, up, w, rowlen);
	}
	S_block(&e, 1);
	if ((rc = e.rc) == 0 && (rc = S_put_flush(&e)) == 0) {
		S_be32(trailer, (uint32_t)(e.s2 << 16 | e.s1));
		if (tr_buf_put(z, trailer, 4) < 0)
			rc = TR_ENOMEM;
	}
cleanup:
	free(e.win);
	free(e.head);
	free(e.tok);
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
