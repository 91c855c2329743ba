/* test_hash64.c: the content hash of log files is XXH3-64, known answers
 * computed outside tpsreport by `xxhsum -H3` (xxhash 0.8.1's command line)
 * over the same bytes, for every length class XXH3 treats apart (0, 1-3,
 * 4-16, 17-128, 129-240, longer, several stripes and blocks); the empty
 * input's value is also XXH3's published one. The same value whether the
 * bytes come at once, in parts or through the streaming calls. */

#include "harness.h"
#include "util/base.h"
#include "util/hash64.h"

#include <stdlib.h>
#include <string.h>

/* n bytes of xorshift noise (the same every run; the vectors were made
 * from the same generator written in Python and piped into xxhsum -H3) */
static unsigned char *S_noise(size_t n)
{
	unsigned char *b = malloc(n);
	uint64_t x = 88172645463325252ULL;
	for (size_t i = 0; b && i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		b[i] = (unsigned char)x;
	}
	return b;
}

static const struct {
	size_t len;
	uint64_t want;
} S_known[] = {
	{ 0, 0x2d06800538d394c2ULL },
	{ 1, 0x32b2c375109d0b89ULL },
	{ 3, 0x1cfa689b2a9c5227ULL },
	{ 16, 0xdc392ed96617934eULL },
	{ 17, 0x6a801d325972b4c3ULL },
	{ 128, 0xafdc89f299748b2eULL },
	{ 129, 0xb0c7738d30dd3a5aULL },
	{ 240, 0x8d7cfad39aa222f9ULL },
	{ 241, 0x5e5aabad5e11cf0dULL },
	{ 1023, 0x169bcf182a3d1cd7ULL },
	{ 1024, 0xb4312679c778d2b4ULL },
	{ 1025, 0xa790588d132a9615ULL },
	{ 4096, 0x3e7798dcc6b1ab4aULL },
	{ 65549, 0x8278498aecd1e798ULL },
	{ 1048576, 0x0be6aa50c4a2fe78ULL },
	{ 1052671, 0x7401d886b4aff2f6ULL },
};

static void test_known_answers(void)
{
	unsigned char *b = S_noise((1 << 20) + 8192);
	CHECK(b != NULL);
	if (!b)
		return;
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_known); k++)
		CHECK(tr_hash64_bulk(b, S_known[k].len) == S_known[k].want);
	CHECK(tr_hash64_bulk("a", 1) == 0xe6c632b61e964e1fULL);
	CHECK(tr_hash64_bulk("abc", 3) == 0x78af5f94892f3950ULL);
	CHECK(tr_hash64_bulk("pgbench", 7) == 0x7bcf2759421a289eULL);
	free(b);
}

/* In parts (each a multiple of TR_HASH64_BULK_STEP but the last), and
 * through init/update/final in uneven pieces: the same known answers. */
static void test_in_parts(void)
{
	unsigned char *b = S_noise((1 << 20) + 8192);
	static const size_t parts[] = { 1024, 2048, 65536, 3 * 1024 };
	CHECK(b != NULL);
	if (!b)
		return;
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_known); k++) {
		size_t len = S_known[k].len;
		for (size_t p = 0; p < TR_ARRAY_SIZE(parts); p++) {
			tr_hash64_bulk_state h;
			tr_hash64_bulk_begin(&h);
			for (size_t at = 0; at < len; at += parts[p])
				tr_hash64_bulk_update(&h, b + at,
				                      len - at < parts[p] ? len - at : parts[p]);
			CHECK(tr_hash64_bulk_end(&h) == S_known[k].want);
		}
		{
			tr_hash64 h;
			size_t at = 0, step = 1;
			tr_hash64_init(&h);
			while (at < len) {
				size_t n = len - at < step ? len - at : step;
				tr_hash64_update(&h, b + at, n);
				at += n;
				step = step * 3 + 1;
			}
			CHECK(tr_hash64_final(&h) == S_known[k].want);
		}
	}
	free(b);
}

/* The baseline copy (SSE2) whatever this CPU has: tr_hash64_bulk picks
 * the AVX2 one where it can, so the other would go untested here. */
uint64_t tr_hash64_x_bulk_base(const void *data, size_t len);
void tr_hash64_x_reset_base(void *state);
void tr_hash64_x_update_base(void *state, const void *data, size_t len);
uint64_t tr_hash64_x_digest_base(const void *state);

static void test_baseline_copy(void)
{
	unsigned char *b = S_noise((1 << 20) + 8192);
	CHECK(b != NULL);
	if (!b)
		return;
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_known); k++) {
		tr_hash64 h;
		CHECK(tr_hash64_x_bulk_base(b, S_known[k].len) == S_known[k].want);
		tr_hash64_x_reset_base(h.state);
		tr_hash64_x_update_base(h.state, b, S_known[k].len / 2);
		tr_hash64_x_update_base(h.state, b + S_known[k].len / 2,
		                        S_known[k].len - S_known[k].len / 2);
		CHECK(tr_hash64_x_digest_base(h.state) == S_known[k].want);
	}
	free(b);
}

int main(void)
{
	RUN(test_known_answers);
	RUN(test_in_parts);
	RUN(test_baseline_copy);
	return harness_done();
}
