/* internal test of: util */
/* test_hash64.c: tr_hash64_bulk gives the same value on every path (AVX2,
 * SSE2, portable C): the inputs digest must not depend on the machine.
 * The portable path is compiled in here under other names and is the
 * reference; and a changed byte anywhere changes the value. */

#define TR_HASH64_PORTABLE 1
#define tr_hash64_init S_ref_init
#define tr_hash64_update S_ref_update
#define tr_hash64_final S_ref_final
#define tr_hash64_bulk S_ref_bulk
#define tr_hash64_bulk_begin S_ref_bulk_begin
#define tr_hash64_bulk_update S_ref_bulk_update
#define tr_hash64_bulk_end S_ref_bulk_end
#include "util/hash64.c"
#undef tr_hash64_init
#undef tr_hash64_update
#undef tr_hash64_final
#undef tr_hash64_bulk
#undef tr_hash64_bulk_begin
#undef tr_hash64_bulk_update
#undef tr_hash64_bulk_end

#include "harness.h"
#include "util/base.h"

uint64_t tr_hash64_bulk(const void *data, size_t len);
void tr_hash64_bulk_begin(tr_hash64_bulk_state *b);
void tr_hash64_bulk_update(tr_hash64_bulk_state *b, const void *data,
                           size_t len);
uint64_t tr_hash64_bulk_end(const tr_hash64_bulk_state *b);

/* n bytes of xorshift noise (the same every run) */
static unsigned char *S_noise(size_t n)
{
	unsigned char *b = malloc(n);
	uint64_t x = 88172645463325252ULL;
	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		b[i] = (unsigned char)x;
	}
	return b;
}

static void test_same_on_every_path(void)
{
	size_t n = (1 << 20) + 8192;
	unsigned char *b = S_noise(n);
	size_t lens[] = { 0, 1, 7, 8, 31, 32, 63, 64, 65, 127, 1023, 1024, 1025,
	                  4096, 65536 + 13, 1 << 20, (1 << 20) + 4095 };
	for (size_t k = 0; k < TR_ARRAY_SIZE(lens); k++)
		for (size_t off = 0; off < 3; off++)
			CHECK(tr_hash64_bulk(b + off, lens[k]) == S_ref_bulk(b + off, lens[k]));
	free(b);
}

static void test_every_byte_counts(void)
{
	enum { N = 5000 };
	unsigned char b[N];
	uint64_t h0;
	int same = 0;
	memset(b, '7', N);
	h0 = tr_hash64_bulk(b, N);
	for (size_t i = 0; i < N; i++) {
		b[i] ^= 1;
		same += tr_hash64_bulk(b, N) == h0;
		b[i] ^= 1;
	}
	CHECK_INT(same, 0);
	/* trailing zero bytes are not lost */
	memset(b, 0, N);
	CHECK(tr_hash64_bulk(b, 100) != tr_hash64_bulk(b, 101));
	CHECK(tr_hash64_bulk(b, 0) != tr_hash64_bulk(b, 1));
}

/* Given in parts (each a multiple of TR_HASH64_BULK_STEP but the last),
 * the bulk hash is the portable one-shot reference's of the whole. */
static void test_bulk_in_parts(void)
{
	size_t n = (1 << 20) + 4096;
	unsigned char *b = S_noise(n);
	static const struct { size_t part, len; } c[] = {
		{ 1024, 0 }, { 1024, 1 }, { 1024, 1024 }, { 1024, 1025 },
		{ 2048, 5000 }, { 65536, 65536 }, { 65536, 1 << 20 },
		{ 65536, (1 << 20) + 4095 }, { 1024 * 3, 100000 },
	};
	for (size_t k = 0; k < TR_ARRAY_SIZE(c); k++) {
		tr_hash64_bulk_state h;
		tr_hash64_bulk_begin(&h);
		for (size_t at = 0; at < c[k].len; at += c[k].part)
			tr_hash64_bulk_update(&h, b + at, c[k].len - at < c[k].part
			                                      ? c[k].len - at
			                                      : c[k].part);
		CHECK(tr_hash64_bulk_end(&h) == S_ref_bulk(b, c[k].len));
	}
	free(b);
}

int main(void)
{
	RUN(test_same_on_every_path);
	RUN(test_bulk_in_parts);
	RUN(test_every_byte_counts);
	return harness_done();
}
