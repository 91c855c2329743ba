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
