/* deflate.c: deflate's symbols and blocks (RFC 1951), written here for
 * png.c, which finds the literals and matches (its rows, runs and 4-byte
 * hash) and hands them over one by one.
 *
 * Symbols are kept as tokens, up to TR_DEFLATE_MAXTOK a block, with the
 * frequencies of their codes; then each block gets its own Huffman codes
 * (dynamic blocks): a chart's filtered rows use few symbols, mostly the
 * zero byte and runs of it, which then get codes of a bit or two. */

#include "chart_deflate_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

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

/* n <= 32 bits of v, first bit lowest. out has room (tr_deflate_block grew it). */
static inline void S_put(tr_deflate *e, uint32_t v, unsigned n)
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
static int S_put_flush(tr_deflate *e)
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

static void S_header_make(S_header *hd, const tr_deflate *e)
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

static void S_header_put(tr_deflate *e, const S_header *hd, int final)
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
void tr_deflate_block(tr_deflate *e, int final)
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
			if (!(t & TR_DEFLATE_TOK_MATCH)) {
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

void tr_deflate_match(tr_deflate *e, unsigned len, unsigned dist)
{
	unsigned lc = S_len_code(len), dc = S_dist_code(dist);
	e->tok[e->ntok++] = TR_DEFLATE_TOK_MATCH | (uint32_t)lc << 24 |
	                    (uint32_t)(len - S_len_base[lc]) << 19 | (uint32_t)dc << 14 |
	                    (uint32_t)(dist - S_dist_base[dc]);
	e->lfreq[257 + lc]++;
	e->dfreq[dc]++;
	if (e->ntok == TR_DEFLATE_MAXTOK)
		tr_deflate_block(e, 0);
}

/* n more copies of byte b, which the stream has just written: matches at
 * distance 1, none shorter than 3. */
void tr_deflate_run(tr_deflate *e, unsigned char b, size_t n)
{
	while (n >= 3) {
		size_t l = n > TR_DEFLATE_MAXMATCH ? TR_DEFLATE_MAXMATCH : n;
		if (n - l > 0 && n - l < 3)
			l = n - 3;
		tr_deflate_match(e, (unsigned)l, 1);
		n -= l;
	}
	while (n--)
		tr_deflate_lit(e, b);
}

/* --- the stream ------------------------------------------------------ */

int tr_deflate_init(tr_deflate *e, tr_buf *out)
{
	memset(e, 0, sizeof(*e));
	e->out = out;
	e->tok = tr_malloc(TR_DEFLATE_MAXTOK * sizeof(uint32_t));
	return e->tok ? 0 : TR_ENOMEM;
}

int tr_deflate_finish(tr_deflate *e)
{
	tr_deflate_block(e, 1);
	return e->rc ? e->rc : S_put_flush(e);
}

void tr_deflate_free(tr_deflate *e)
{
	free(e->tok);
	e->tok = NULL;
}
