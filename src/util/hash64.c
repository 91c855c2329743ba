/* hash64.c: a fast 64-bit content hash for large inputs.
 *
 * Four independent lanes each take one 64-bit little-endian word per
 * 32-byte stripe: xor it in, multiply by an odd constant, fold the high
 * bits down. The lanes keep the multiplier busy in parallel, which is what
 * makes it fast; the final mix combines them with the length and runs the
 * splitmix64 finaliser so that every input bit reaches every output bit. */

#include "hash64.h"

#include <string.h>

#define S_M 0x9e3779b97f4a7c15ULL

/* A little-endian 64-bit word: one load (and a byte swap on big-endian
 * machines, so that the value is the same everywhere). */
static uint64_t S_le64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static uint64_t S_mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

static void S_stripe(uint64_t lane[4], const unsigned char *p)
{
	for (int i = 0; i < 4; i++) {
		uint64_t v = (lane[i] ^ S_le64(p + 8 * i)) * S_M;
		lane[i] = v ^ (v >> 29);
	}
}

void tr_hash64_init(tr_hash64 *h)
{
	memset(h, 0, sizeof(*h));
	for (int i = 0; i < 4; i++)
		h->lane[i] = S_mix((uint64_t)i + 1);
}

void tr_hash64_update(tr_hash64 *h, const void *data, size_t len)
{
	const unsigned char *p = data;
	h->length += len;
	if (h->used) {
		size_t take = 32 - h->used;
		if (take > len)
			take = len;
		memcpy(h->tail + h->used, p, take);
		h->used += take;
		p += take;
		len -= take;
		if (h->used < 32)
			return;
		S_stripe(h->lane, h->tail);
		h->used = 0;
	}
	while (len >= 32) {
		S_stripe(h->lane, p);
		p += 32;
		len -= 32;
	}
	memcpy(h->tail, p, len);
	h->used = len;
}

uint64_t tr_hash64_final(const tr_hash64 *h)
{
	uint64_t lane[4], r;
	unsigned char last[32];
	memcpy(lane, h->lane, sizeof(lane));
	if (h->used) {
		memset(last, 0, sizeof(last));
		memcpy(last, h->tail, h->used);
		last[31] ^= (unsigned char)(0x80 | h->used);
		S_stripe(lane, last);
	}
	r = S_mix(h->length);
	for (int i = 0; i < 4; i++)
		r = S_mix(r ^ lane[i]) + (uint64_t)i;
	return r;
}

/* ---- bulk: 8 lanes of multiply-accumulate ------------------------------ */

/*
 * tr_hash64_bulk: for each 64-byte stripe and lane i (eight 64-bit words
 * d), k = d ^ key[i], acc[i] += lo32(k) * hi32(k) and the neighbour lane
 * acc[i ^ 1] += d (so that a word cancelled by its own multiply still
 * counts); every 16 stripes each lane is scrambled (xorshift, key, odd
 * multiply) so that bits mix across lanes over the whole block. This is
 * the shape of XXH3's long loop: with SSE2 a stripe is four 32x32->64
 * multiplies and a few adds, so the hash keeps up with memory. The
 * portable path computes the very same value.
 */
static const uint64_t S_key[8] = {
	0xbe4ba423396cfeb8ULL, 0x1cad21f72c81017cULL, 0xdb979083e96dd4deULL,
	0x1f67b3b7a4a44072ULL, 0x78e5c0cc4ee679cbULL, 0x2172ffcc7dd05a82ULL,
	0x8e2443f7744608b8ULL, 0x4c263a81e69035e0ULL
};
static const uint64_t S_key2[8] = {
	0xcb00c391bb52283cULL, 0xa32e531b8b65d088ULL, 0x4ef90da297486471ULL,
	0xd8acdea946ef1938ULL, 0x3f349ce33f76faa8ULL, 0x1d4f0bc7c7bbdcf9ULL,
	0x3159b4cd4be0518aULL, 0x647378d9c97e9fc8ULL
};
#define S_P32 0x9e3779b1ULL
#define S_STRIPE 64
#define S_ROUND 16          /* stripes between scrambles */

_Static_assert(TR_HASH64_BULK_STEP == S_STRIPE * S_ROUND,
               "a bulk update step is whole rounds of stripes");

#if defined(__SSE2__) && !defined(TR_HASH64_PORTABLE) && \
    !(defined(__BYTE_ORDER__) && \
                           __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#include <emmintrin.h>

static void S_bulk_sse2(uint64_t acc[8], const unsigned char *p,
                        size_t nstripes)
{
	__m128i a[4], k[4], k2[4];
	const __m128i p32 = _mm_set1_epi32((int)S_P32);
	for (int i = 0; i < 4; i++) {
		a[i] = _mm_loadu_si128((const __m128i *)(const void *)(acc + 2 * i));
		k[i] = _mm_loadu_si128((const __m128i *)(const void *)(S_key + 2 * i));
		k2[i] = _mm_loadu_si128((const __m128i *)(const void *)(S_key2 + 2 * i));
	}
	for (size_t s = 0; s < nstripes; s++, p += S_STRIPE) {
		for (int i = 0; i < 4; i++) {
			__m128i d = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
			__m128i x = _mm_xor_si128(d, k[i]);
			__m128i m = _mm_mul_epu32(x, _mm_srli_epi64(x, 32));
			a[i] = _mm_add_epi64(a[i], m);
			a[i] = _mm_add_epi64(a[i], _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2)));
		}
		if ((s + 1) % S_ROUND == 0) {
			for (int i = 0; i < 4; i++) {
				__m128i x = _mm_xor_si128(a[i], _mm_srli_epi64(a[i], 47));
				__m128i lo, hi;
				x = _mm_xor_si128(x, k2[i]);
				/* x * P32 in 64 bits: lo32*P + (hi32*P << 32) */
				lo = _mm_mul_epu32(x, p32);
				hi = _mm_mul_epu32(_mm_srli_epi64(x, 32), p32);
				a[i] = _mm_add_epi64(lo, _mm_slli_epi64(hi, 32));
			}
		}
	}
	for (int i = 0; i < 4; i++)
		_mm_storeu_si128((__m128i *)(void *)(acc + 2 * i), a[i]);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define S_HAVE_AVX2 1
#include <immintrin.h>

/* The same lanes two registers at a time, for CPUs that have AVX2
 * (chosen at run time; the value is the same). */
__attribute__((target("avx2")))
static void S_bulk_avx2(uint64_t acc[8], const unsigned char *p,
                        size_t nstripes)
{
	__m256i a[2], k[2], k2[2];
	const __m256i p32 = _mm256_set1_epi32((int)S_P32);
	for (int i = 0; i < 2; i++) {
		a[i] = _mm256_loadu_si256((const __m256i *)(const void *)(acc + 4 * i));
		k[i] = _mm256_loadu_si256((const __m256i *)(const void *)(S_key + 4 * i));
		k2[i] = _mm256_loadu_si256((const __m256i *)(const void *)(S_key2 + 4 * i));
	}
	for (size_t s = 0; s < nstripes; s++, p += S_STRIPE) {
		for (int i = 0; i < 2; i++) {
			__m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * i));
			__m256i x = _mm256_xor_si256(d, k[i]);
			__m256i m = _mm256_mul_epu32(x, _mm256_srli_epi64(x, 32));
			a[i] = _mm256_add_epi64(a[i], m);
			a[i] = _mm256_add_epi64(a[i], _mm256_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2)));
		}
		if ((s + 1) % S_ROUND == 0) {
			for (int i = 0; i < 2; i++) {
				__m256i x = _mm256_xor_si256(a[i], _mm256_srli_epi64(a[i], 47));
				__m256i lo, hi;
				x = _mm256_xor_si256(x, k2[i]);
				lo = _mm256_mul_epu32(x, p32);
				hi = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), p32);
				a[i] = _mm256_add_epi64(lo, _mm256_slli_epi64(hi, 32));
			}
		}
	}
	for (int i = 0; i < 2; i++)
		_mm256_storeu_si256((__m256i *)(void *)(acc + 4 * i), a[i]);
}
#endif

static void S_bulk_stripes(uint64_t acc[8], const unsigned char *p,
                           size_t nstripes)
{
#ifdef S_HAVE_AVX2
	/* (a load of what libgcc found at start-up: cheap per block) */
	if (__builtin_cpu_supports("avx2")) {
		S_bulk_avx2(acc, p, nstripes);
		return;
	}
#endif
	S_bulk_sse2(acc, p, nstripes);
}
#else
static void S_bulk_stripes(uint64_t acc[8], const unsigned char *p,
                           size_t nstripes)
{
	for (size_t s = 0; s < nstripes; s++, p += S_STRIPE) {
		for (int i = 0; i < 8; i++) {
			uint64_t d = S_le64(p + 8 * i), x = d ^ S_key[i];
			acc[i] += (x & 0xffffffffULL) * (x >> 32);
			acc[i ^ 1] += d;
		}
		if ((s + 1) % S_ROUND == 0)
			for (int i = 0; i < 8; i++) {
				uint64_t x = acc[i] ^ (acc[i] >> 47);
				acc[i] = (x ^ S_key2[i]) * S_P32;
			}
	}
}
#endif

void tr_hash64_bulk_begin(tr_hash64_bulk_state *b)
{
	for (int i = 0; i < 8; i++)
		b->acc[i] = S_mix((uint64_t)i + 0x51);
	b->length = 0;
	b->rest = 0;
}

void tr_hash64_bulk_update(tr_hash64_bulk_state *b, const void *data,
                           size_t len)
{
	const unsigned char *p = data;
	size_t whole = len / S_STRIPE;
	/* (every update but the last is whole rounds of stripes, so each
	 * call's stripe count lines up with the scrambles of one-shot) */
	S_bulk_stripes(b->acc, p, whole);
	b->length += len;
	b->rest = len % S_STRIPE;
	memcpy(b->last, p + whole * S_STRIPE, b->rest);
}

uint64_t tr_hash64_bulk_end(const tr_hash64_bulk_state *b)
{
	uint64_t acc[8], r;
	unsigned char last[S_STRIPE];
	memcpy(acc, b->acc, sizeof(acc));
	/* The rest, zero-padded, with its length in the last byte: inputs
	 * that differ only in trailing zeros differ here (and in len). */
	memset(last, 0, sizeof(last));
	memcpy(last, b->last, b->rest);
	last[S_STRIPE - 1] ^= (unsigned char)(0x80 | b->rest);
	S_bulk_stripes(acc, last, 1);
	r = S_mix((uint64_t)b->length * S_M);
	for (int i = 0; i < 8; i++)
		r = S_mix(r ^ acc[i]) + (uint64_t)i;
	return r;
}

uint64_t tr_hash64_bulk(const void *data, size_t len)
{
	tr_hash64_bulk_state b;
	tr_hash64_bulk_begin(&b);
	tr_hash64_bulk_update(&b, data, len);
	return tr_hash64_bulk_end(&b);
}
