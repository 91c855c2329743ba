/* txlog_vec_internal.h: the per-transaction log's vector scanner (x86-64, AVX2).
 *
 * Private to txlog.c, which includes it after S_line_bytes and S_account:
 * it is a header only so that those stay inlined into the loop below.
 *
 * The byte loop of S_lines spends its time walking digits one at a time
 * (each field's end is a branch on every byte). Here lines are read in
 * segments of S_SEG bytes instead:
 * - two 32-byte compares per 64 bytes give 64-bit masks of spaces,
 *   newlines and digits, made once for the whole segment;
 * - when the segment holds only digits, spaces and newlines, a line's
 *   masks are two shifts away (S_bits64); it is good when it has
 *   nfields - 1 single spaces, none at either end, every field of 1 to
 *   8 digits but the epoch second's 10 and the microseconds' at most 6
 *   (S_line_fields): a handful of mask operations, no branch per byte;
 * - the spaces' positions give each field's bounds; the numbers that are
 *   kept are converted 8 digits at a time, two at once (S_digits2:
 *   latency and microseconds, then lag and retries), and the epoch
 *   second's 10 digits are compared with the line before's in one
 *   16-byte compare (S_epoch10);
 * - the loop keeps as few values live as it can (two loops for clean and
 *   other segments, the segment's end as an offset, the epoch in a
 *   vector register): with fewer spilled to the stack, 8% fewer
 *   instructions and 4% less time.
 * In a segment that is not clean, a line gets masks of its own
 * (S_line_vec). Any line neither settles (a word in field 3, a longer
 * field, an epoch of other than 10 digits, a line of 64 bytes or more, any
 * fault at all) is read again by S_line_bytes, which accepts or refuses it as it
 * always did: the vector scanner only ever takes lines the byte loop
 * takes, with the same figures. tests/unit/test_txlog_vec.c and fuzz_txlog
 * check that both give the same results on every input; docs/performance.md
 * has the measurements, and what was tried and left out.
 */

#if defined(__x86_64__) && defined(__GNUC__)
#define S_HAVE_VEC 1
#include <immintrin.h>

static bool S_vec_off;         /* tr_txlog_use_vector(false) */

static bool S_vec_here(void)
{
	/* (a load of what libgcc found at start-up: cheap per 64 KiB part) */
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
	       __builtin_cpu_supports("bmi2") &&
	       __builtin_cpu_supports("popcnt");
}

static bool S_use_vec(void)
{
	return !S_vec_off && S_vec_here();
}

/* The masks of the 64 bytes at p: bit i is byte p[i]. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
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

/* The numbers in the na digits at a and the nb digits at b (each 1 to 8),
 * two at once and without a branch: each field's digits are moved to the
 * top of a 64-bit lane (the zero bytes below count as leading zeros), then
 * digit pairs, quads and the eight are combined by multiply-adds. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline void S_digits2(const char *a, unsigned na, const char *b,
                             unsigned nb, uint64_t *va, uint64_t *vb)
{
	uint64_t x = S_load8(a) << (8 * (8 - na));
	uint64_t y = S_load8(b) << (8 * (8 - nb));
	__m128i v = _mm_set_epi64x((long long)y, (long long)x);
	v = _mm_and_si128(v, _mm_set1_epi8(0x0f));
	v = _mm_maddubs_epi16(v, _mm_set_epi8(1, 10, 1, 10, 1, 10, 1, 10,
	                                      1, 10, 1, 10, 1, 10, 1, 10));
	v = _mm_madd_epi16(v, _mm_set_epi16(1, 100, 1, 100, 1, 100, 1, 100));
	v = _mm_packus_epi32(v, v);
	v = _mm_madd_epi16(v, _mm_set_epi16(1, 10000, 1, 10000, 1, 10000,
	                                    1, 10000));
	*va = (uint32_t)_mm_cvtsi128_si32(v);
	*vb = (uint32_t)_mm_extract_epi32(v, 1);
}

/* The position of the lowest space left in *space, which it clears. */
static inline unsigned S_next_space(uint64_t *space)
{
	unsigned at = (unsigned)__builtin_ctzll(*space);
	*space &= *space - 1;
	return at;
}

/* The last 10-digit epoch second the vector scanner read: its text (the
 * 16 bytes from its start, those past the 10th zeroed) and its value; all
 * zero before the first (it is only compared with ten digits, checked
 * before, and no digit is a zero byte). In a vector register,
 * so that the line's loop keeps its general registers for the rest. */
typedef struct {
	__m128i text;
	uint64_t s;
} S_vepoch;

/* The epoch second of 10 digits at d (16 bytes readable) into *s: the
 * line before's when the text is the same (it changes once a second),
 * else converted. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline void S_epoch10(const char *d, S_vepoch *ep, uint64_t *s)
{
	const __m128i ten = _mm_set_epi8(0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1,
	                                 -1, -1, -1, -1, -1);
	__m128i t = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)d),
	                          ten);
	if (_mm_movemask_epi8(_mm_cmpeq_epi8(t, ep->text)) != 0xffff) {
		const char *q = d;
		(void)S_digits(&q, &ep->s);
		ep->text = t;
	}
	*s = ep->s;
}

/*
 * The fields of the line at p, whose '\n' is p[e] and whose bytes before
 * it are digits but for the spaces at the bits of `space`, into *f; false
 * when this scanner does not settle the line (the byte loop then decides).
 *
 * It settles the usual line only: every field of 1 to 8 digits but the
 * epoch second, which has 10, and the microseconds at most 6. Those are
 * within the byte loop's limits (S_DIGITS, S_EPOCH_DIGITS, S_US_DIGITS)
 * and what S_digits2 converts; a longer transaction number, say, or an
 * epoch of 9 digits is read by the byte loop. All but the last limit are
 * checked at once on the mask of the digits: the bits where 9 digits in
 * a row start must be exactly the epoch's first two.
 */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline bool S_line_fields(const char *p, uint64_t space, unsigned e,
                                 const int nfields, S_vepoch *ep, S_fields *f)
{
	uint64_t digits = ~space & ((1ULL << e) - 1), run = digits, rest = space;
	/* nfields - 1 spaces, none doubled, none at either end (e == 0, an
	 * empty line, fails the count first) */
	if (__builtin_popcountll(space) != nfields - 1 ||
	    (space & (space << 1 | 1 | 1ULL << (e - 1))) != 0)
		return false;
	/* field i + 1 ends at end_i (its space, or the '\n'); the first
	 * field's end is not needed */
	rest &= rest - 1;
	unsigned end1 = S_next_space(&rest), end2 = S_next_space(&rest);
	unsigned end3 = S_next_space(&rest), end4 = S_next_space(&rest);
	unsigned end5 = nfields >= 7 ? S_next_space(&rest) : e;
	unsigned end6 = nfields == 8 ? S_next_space(&rest) : e;
	/* bit i of run: bytes i .. i + 8 are digits */
	run &= run >> 1;
	run &= run >> 2;
	run &= run >> 4;
	run &= digits >> 8;
	if (run != 3ULL << (end3 + 1) || end5 - end4 - 1 > S_US_DIGITS)
		return false;
	f->kind = S_OK;
	S_digits2(p + end1 + 1, end2 - end1 - 1, p + end4 + 1, end5 - end4 - 1,
	          &f->lat, &f->us);
	f->c7 = f->c8 = 0;
	if (nfields == 7) {
		S_digits2(p + end5 + 1, e - end5 - 1, p, 1, &f->c7, &f->c8);
		f->c8 = 0;     /* (the second lane converted a dummy digit) */
	}
	if (nfields == 8)
		S_digits2(p + end5 + 1, end6 - end5 - 1, p + end6 + 1, e - end6 - 1,
		          &f->c7, &f->c8);
	S_epoch10(p + end3 + 1, ep, &f->s);
	return true;
}

/*
 * Read the line at *pp into *f with its own masks (in a segment that is
 * not clean, see below); false when this scanner does not settle it.
 * Needs 64 bytes of buffer at *pp.
 */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline bool S_line_vec(const char **pp, const int nfields,
                              S_vepoch *ep, S_fields *f)
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
	if (((digit | space) & before) != before ||
	    !S_line_fields(p, space, e, nfields, ep, f))
		return false;
	*pp = p + e + 1;
	return true;
}

/* A line the segment's masks do not settle: by its own masks, else by
 * the byte loop (with its own epoch state), which accepts or refuses it. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline bool S_line_other(const char **pp, const int nfields,
                                S_vepoch *ep, S_epoch *bytes_ep, S_fields *f)
{
	return S_line_vec(pp, nfields, ep, f) ||
	       S_line_bytes(pp, nfields, true, bytes_ep, f);
}

/*
 * A segment: the masks of S_SEG_BLOCKS blocks of 64 bytes from a line
 * start, made once for the ~15 lines that start in its first S_SEG bytes
 * (the last block is for the lines that run past them). When every byte
 * is a digit, a space or a '\n' (clean), a line's masks are two shifts
 * away, and no byte needs checking again.
 */
#define S_SEG 512
#define S_SEG_BLOCKS (S_SEG / 64 + 1)
#define S_SEG_ROOM (S_SEG_BLOCKS * 64 + S_FAST_ROOM)

typedef struct {
	uint64_t space[S_SEG_BLOCKS], newline[S_SEG_BLOCKS];
} S_seg;

/* Make the segment's masks at base; true when it is clean. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline bool S_seg_masks(S_seg *g, const char *base)
{
	uint64_t other = 0;
	for (int k = 0; k < S_SEG_BLOCKS; k++) {
		uint64_t digit;
		S_masks(base + 64 * k, &g->space[k], &g->newline[k], &digit);
		other |= ~(digit | g->space[k] | g->newline[k]);
	}
	return other == 0;
}

/* The 64 bits of m from bit o on (o < S_SEG): the bytes from o. */
static inline uint64_t S_bits64(const uint64_t *m, unsigned o)
{
	unsigned i = o >> 6, b = o & 63;
	return m[i] >> b | (m[i + 1] << 1) << (63 - b);
}

/* S_lines with the vector scanner: segment by segment while a whole one
 * and S_FAST_ROOM fit before `stop`, each line from the segment's masks,
 * from its own when the segment is not clean, and by S_line_bytes when
 * neither settles it. Inlined with a constant nfields by S_lines_vec, so
 * that the field code unrolls into registers. */
__attribute__((target("avx2,bmi,bmi2,popcnt"), always_inline))
static inline long S_lines_vec_n(S_acc *out, const char **pp,
                                 const char *stop, const int nfields,
                                 long *line)
{
	const char *p = *pp;
	S_acc acc = *out, *a = &acc;      /* in registers: see S_lines */
	S_vepoch ep = { _mm_setzero_si128(), 0 };
	S_epoch bytes_ep = S_EPOCH_INIT;  /* the byte loop's, for its lines */
	/* (a local: *line could alias a dense counter, and be reloaded) */
	long bad = 0, n = *line;
	S_seg g;

	/* (two loops, for clean segments and the others, and the segment's
	 * end as an offset: fewer values live in the loop, fewer spilled) */
	while (stop - p >= S_SEG_ROOM) {
		const char *base = p;
		unsigned o = 0;
		if (S_seg_masks(&g, base)) {
			for (; o < S_SEG; o = (unsigned)(p - base)) {
				S_fields f;
				uint64_t nl = S_bits64(g.newline, o);
				unsigned e = (unsigned)__builtin_ctzll(nl | 1ULL << 63);
				++n;
				if (nl != 0 &&
				    S_line_fields(p, S_bits64(g.space, o) & ((1ULL << e) - 1),
				                  e, nfields, &ep, &f))
					p += e + 1;
				else if (!S_line_other(&p, nfields, &ep, &bytes_ep, &f))
					S_FAIL(n);
				if (S_account(a, f.kind, f.lat, (int64_t)f.s * 1000000 +
				              (int64_t)f.us, f.c7, f.c8, nfields) < 0)
					S_FAIL(-1);
			}
		} else {
			for (; o < S_SEG; o = (unsigned)(p - base)) {
				S_fields f;
				++n;
				if (!S_line_other(&p, nfields, &ep, &bytes_ep, &f))
					S_FAIL(n);
				if (S_account(a, f.kind, f.lat, (int64_t)f.s * 1000000 +
				              (int64_t)f.us, f.c7, f.c8, nfields) < 0)
					S_FAIL(-1);
			}
		}
	}
	*pp = p;
out:
	*out = acc;
	*line = n;
	return bad;
}

__attribute__((target("avx2,bmi,bmi2,popcnt")))
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
