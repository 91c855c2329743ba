/* hash64_avx2.c: the AVX2 copy of XXH3 (util_hash64_internal.h), built with -mavx2
 * on x86-64 (src/CMakeLists.txt); hash64.c calls it only on CPUs that
 * have AVX2. Elsewhere this file is empty. */

#include "hash64.h"

#if defined(__x86_64__) && defined(__AVX2__)
#define XXH_VECTOR XXH_AVX2
#define S_XXH3_SUFFIX _avx2
#include "util_hash64_internal.h"
#else
typedef int S_hash64_avx2_unused; /* ISO C: no empty translation unit */
#endif
