/* util_hash64_internal.h: XXH3-64 compiled into tpsreport from libxxhash-dev's
 * header (XXH_INLINE_ALL), once per vector unit: hash64.c includes it
 * for SSE2 (x86-64's baseline) and hash64_avx2.c, built with -mavx2, for
 * CPUs that have AVX2. Debian's shared libxxhash is built for the
 * baseline only and hashed 1 MiB blocks at 3-6 GB/s where the AVX2 code
 * does ~30 GB/s, as fast as tpsreport's former hash of its own.
 * S_XXH3_SUFFIX names each copy's functions. Internal to util. */

#define XXH_INLINE_ALL
#include <xxhash.h>

#define S_XXH3_CAT2(a, b) a##b
#define S_XXH3_CAT(a, b) S_XXH3_CAT2(a, b)
#define S_XXH3_FN(name) S_XXH3_CAT(name, S_XXH3_SUFFIX)

void S_XXH3_FN(tr_hash64_x_reset)(void *state);
void S_XXH3_FN(tr_hash64_x_update)(void *state, const void *data, size_t len);
uint64_t S_XXH3_FN(tr_hash64_x_digest)(const void *state);
uint64_t S_XXH3_FN(tr_hash64_x_bulk)(const void *data, size_t len);

void S_XXH3_FN(tr_hash64_x_reset)(void *state)
{
	(void)XXH3_64bits_reset((XXH3_state_t *)state);
}

void S_XXH3_FN(tr_hash64_x_update)(void *state, const void *data, size_t len)
{
	(void)XXH3_64bits_update((XXH3_state_t *)state, data, len);
}

uint64_t S_XXH3_FN(tr_hash64_x_digest)(const void *state)
{
	return XXH3_64bits_digest((const XXH3_state_t *)state);
}

uint64_t S_XXH3_FN(tr_hash64_x_bulk)(const void *data, size_t len)
{
	return XXH3_64bits(data, len);
}
