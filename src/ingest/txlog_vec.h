/* txlog_vec.h: the per-transaction log's vector scanner (x86-64, AVX2).
 *
 * Private to txlog.c, which includes it after S_line_bytes and S_account:
 * it is a header only so that those stay inlined into the loop below.
 *
 * The byte loop of S_lines spends its time walking digits one at a time
 * (each field's end is a branch on every byte). Here a line is read in
 * one go instead:
 * - two 32-byte loads give three 64-bit masks of the line's first 64
 *   bytes: spaces, newlines, digits;
 * - the line is good when everything before its first '\n' is digits and
 *   nfields - 1 single spaces, none at either end: a handful of mask
 *   operations check that, with no branch per byte;
 * - the spaces' positions give each field's bounds, and the numbers that
 *   are kept (latency, microseconds, lag, retries) are converted 8 digits
 *   at a time with three multiplications (SWAR), the epoch second is
 *   compared with the line before's as in S_line_bytes.
 * Any line this does not settle (a word in field 3, a field longer than
 * the conversion takes, a line of 64 bytes or more, any fault at all) is
 * read again by S_line_bytes, which accepts or refuses it as it always
 * did: the vector scanner only ever takes lines the byte loop takes, with
 * the same figures. tests/unit/test_txlog_vec.c and fuzz_txlog check that
 * both give the same results on every input.
 */

#if defined(__x86_64__) && defined(__GNUC__)
#define S_HAVE_VEC 1
#include <immintrin.h>

static bool S_vec_off;         /* tr_txlog_use_vector(false) */

static bool S_vec_here(void)
{
	/* (a load of what libgcc found at start-up: cheap per block) */
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
	       __builtin_cpu_supports("popcnt");
}

static bool S_use_vec(void)
{
	return !S_vec_off && S_vec_here();
}

/* The masks of the 64 bytes at p: bit i is byte p[i]. */
__attribute__((target("avx2,bmi,popcnt"), always_inline))
static inline void S_masks(const char *p, uint64_t *space, uint64_t *newline,
                           uint64_t *digit)
{
	const __m256i sp = _mm256_set1_epi8(' '), nl = _mm256_set1_epi8('\n');
	const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
	uint64_t m[3][2];
	for (int h = 0; h < 2; h++) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)
		                               (p + 32 * h));
		/* a digit: v - '0' is at most 9, as an unsigned byte */
		__m256i d = _mm256_sub_epi8(v, zero);
		d = _mm256_cmpeq_epi8(_mm256_min_epu8(d, nine), d);
		m[0][h] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, sp));
		m[1][h] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, nl));
		m[2][h] = (uint32_t)_mm256_movemask_epi8(d);
	}
	*space = m[0][0] | m[0][1] << 32;
	*newline = m[1][0] | m[1][1] << 32;
	*digit = m[2][0] | m[2][1] << 32;
}

/* The number in the n digits at p (1 <= n <= 8), without a branch: the
 * digits are moved to the top of a word, leading zero bytes count as 0,
 * then pairs, quads and the eight are combined by multiplications. */
static inline uint64_t S_swar8(const char *p, unsigned n)
{
	uint64_t x = S_load8(p) << (8 * (8 - n));
	x = (x & 0x0f0f0f0f0f0f0f0fULL) * (10 * 256 + 1) >> 8;
	x = (x & 0x00ff00ff00ff00ffULL) * (100 * 65536 + 1) >> 16;
	return (x & 0x0000ffff0000ffffULL) * (10000 * 4294967296ULL + 1) >> 32;
}

/* The position of the lowest space left in *space, which it clears. */
static inline unsigned S_next_space(uint64_t *space)
{
	unsigned at = (unsigned)__builtin_ctzll(*space);
	*space &= *space - 1;
	return at;
}

/*
 * Read the line at *pp into *f with the masks; false when this scanner
 * does not settle it (the byte loop then decides). Needs 64 bytes of
 * buffer at *pp.
 */
__attribute__((target("avx2,bmi,popcnt"), always_inline))
static inline bool S_line_vec(const char **pp, int nfields, S_epoch *ep,
                              S_fields *f)
{
	const char *p = *pp;
	uint64_t space, newline, digit, before;
	unsigned e;
	S_masks(p, &space, &newline, &digit);
	if (newline == 0)
		return false;                /* a line of 64 bytes or more */
	e = (unsigned)__builtin_ctzll(newline);
	before = (1ULL << e) - 1;        /* the bytes of the line; e < 64 */
	space &= before;
	/* only digits and spaces, nfields - 1 spaces, none doubled, none at
	 * either end (e == 0, an empty line, fails the count) */
	if (((digit | space) & before) != before ||
	    __builtin_popcountll(space) != nfields - 1 ||
	    (space & (space << 1 | 1 | 1ULL << (e - 1))) != 0)
		return false;
	/* the fields' bounds: field i is [at_i, end_i) */
	unsigned end0 = S_next_space(&space), end1 = S_next_space(&space);
	unsigned end2 = S_next_space(&space), end3 = S_next_space(&space);
	unsigned end4 = S_next_space(&space);
	unsigned end5 = nfields >= 7 ? S_next_space(&space) : e;
	unsigned end6 = nfields == 8 ? S_next_space(&space) : e;
	unsigned l2 = end2 - end1 - 1, l4 = end4 - end3 - 1;
	unsigned l5 = end5 - end4 - 1, l6 = end6 - end5 - 1, l7 = e - end6 - 1;
	const char *epoch = p + end3 + 1;
	/* the byte loop's limits, and what S_swar8 converts */
	if ((end0 > S_DIGITS) | (end1 - end0 - 1 > S_DIGITS) | (l2 > 8) |
	    (end3 - end2 - 1 > S_DIGITS) | (l4 > S_EPOCH_DIGITS) |
	    (l5 > S_US_DIGITS) | (nfields >= 7 && l6 > 8) |
	    (nfields == 8 && l7 > 8))
		return false;
	f->kind = S_OK;
	f->lat = S_swar8(p + end1 + 1, l2);
	f->us = S_swar8(p + end4 + 1, l5);
	f->c7 = nfields >= 7 ? S_swar8(p + end5 + 1, l6) : 0;
	f->c8 = nfields == 8 ? S_swar8(p + end6 + 1, l7) : 0;
	if (l4 == 10 && S_load8(epoch) == ep->ep8 && epoch[8] == ep->ep9 &&
	    epoch[9] == ep->ep10) {
		f->s = ep->ep_s;             /* the same second as the line before */
	} else {
		const char *q = epoch;
		(void)S_digits(&q, &f->s);   /* at most 12 digits: checked */
		if (l4 == 10) {
			ep->ep8 = S_load8(epoch);
			ep->ep9 = epoch[8];
			ep->ep10 = epoch[9];
			ep->ep_s = f->s;
		}
	}
	*pp = p + e + 1;
	return true;
}

/* S_lines with the vector scanner first on each line; needs S_FAST_ROOM
 * bytes of buffer after `stop`. Inlined with a constant nfields by
 * S_lines_vec, so that the field loops unroll into registers. */
__attribute__((target("avx2,bmi,popcnt"), always_inline))
static inline long S_lines_vec_n(S_acc *out, const char **pp,
                                 const char *stop, const int nfields,
                                 long *line)
{
	const char *p = *pp;
	S_acc acc = *out, *a = &acc;      /* in registers: see S_lines */
	S_epoch ep = { 0, 0, 0, 0 };
	/* (a local: *line could alias a dense counter, and be reloaded) */
	long bad = 0, n = *line;

	while (p < stop) {
		S_fields f;
		++n;
		if (!S_line_vec(&p, nfields, &ep, &f) &&
		    !S_line_bytes(&p, nfields, true, &ep, &f))
			S_FAIL(n);
		if (S_account(a, f.kind, f.lat, (int64_t)f.s * 1000000 +
		              (int64_t)f.us, f.c7, f.c8, nfields) < 0)
			S_FAIL(-1);
	}
	*pp = p;
out:
	*out = acc;
	*line = n;
	return bad;
}

__attribute__((target("avx2,bmi,popcnt")))
static long S_lines_vec(S_acc *out, const char **pp, const char *stop,
                        int nfields, long *line)
{
	switch (nfields) {
	case 6:
		return S_lines_vec_n(out, pp, stop, 6, line);
	case 7:
		return S_lines_vec_n(out, pp, stop, 7, line);
	default:
		return S_lines_vec_n(out, pp, stop, 8, line);
	}
}
#endif

bool tr_txlog_use_vector(bool vector)
{
#ifdef S_HAVE_VEC
	S_vec_off = !vector;
	return S_use_vec();
#else
	(void)vector;
	return false;
#endif
}
