/* hash64.c: the content hash of large inputs, XXH3-64.
 *
 * tpsreport had a hash of its own here; it was fast, but nothing outside
 * tpsreport could compute it, so the digests it went into could not be
 * checked (issue 28). XXH3 is as fast with AVX2, is documented, and
 * `xxhsum -H3` computes it. It is compiled in from libxxhash-dev's header
 * (util_hash64_internal.h says why, not linked): the baseline copy here, the AVX2
 * copy in hash64_avx2.c, picked per call by what the CPU has; both give
 * the same value. The streaming state is XXH3's own, kept in tr_hash64's
 * opaque bytes (its size checked here at compile time). */

#include "hash64.h"

#define S_XXH3_SUFFIX _base
#include "util_hash64_internal.h"

_Static_assert(sizeof(XXH3_state_t) <= sizeof(((tr_hash64 *)0)->state),
               "tr_hash64 holds an XXH3 state");
_Static_assert(_Alignof(XXH3_state_t) <= 64, "tr_hash64 is aligned for XXH3");

#if defined(__x86_64__) && defined(__GNUC__) && defined(TR_HASH64_AVX2)
void tr_hash64_x_reset_avx2(void *state);
void tr_hash64_x_update_avx2(void *state, const void *data, size_t len);
uint64_t tr_hash64_x_digest_avx2(const void *state);
uint64_t tr_hash64_x_bulk_avx2(const void *data, size_t len);
/* __builtin_cpu_supports reads what libgcc found at start: cheap, and
 * the same answer in every thread */
#define S_AVX2() __builtin_cpu_supports("avx2")
#define S_PICK(name, ...) \
	(S_AVX2() ? name##_avx2(__VA_ARGS__) : name##_base(__VA_ARGS__))
#else
#define S_PICK(name, ...) name##_base(__VA_ARGS__)
#endif

void tr_hash64_init(tr_hash64 *h)
{
	S_PICK(tr_hash64_x_reset, h->state);
}

void tr_hash64_update(tr_hash64 *h, const void *data, size_t len)
{
	S_PICK(tr_hash64_x_update, h->state, data, len);
}

uint64_t tr_hash64_final(const tr_hash64 *h)
{
	return S_PICK(tr_hash64_x_digest, h->state);
}

uint64_t tr_hash64_bulk(const void *data, size_t len)
{
	return S_PICK(tr_hash64_x_bulk, data, len);
}

void tr_hash64_bulk_begin(tr_hash64_bulk_state *b)
{
	tr_hash64_init(b);
}

void tr_hash64_bulk_update(tr_hash64_bulk_state *b, const void *data, size_t len)
{
	tr_hash64_update(b, data, len);
}

uint64_t tr_hash64_bulk_end(const tr_hash64_bulk_state *b)
{
	return tr_hash64_final(b);
}
