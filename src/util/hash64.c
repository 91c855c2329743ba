/* hash64.c: the content hash of large inputs, XXH3-64 from libxxhash.
 *
 * tpsreport had a hash of its own here; it was fast, but nothing outside
 * tpsreport could compute it, so the digests it went into could not be
 * checked (issue 28). XXH3 is as fast (it uses the CPU's vector units),
 * is documented, and `xxhsum -H3` computes it. The streaming state is
 * libxxhash's own, kept in tr_hash64's opaque bytes: its layout belongs to
 * the library version we build against (XXH_STATIC_LINKING_ONLY), checked
 * at compile time to fit. */

#define XXH_STATIC_LINKING_ONLY
#include "hash64.h"

#include <xxhash.h>

_Static_assert(sizeof(XXH3_state_t) <= sizeof(((tr_hash64 *)0)->state),
               "tr_hash64 holds an XXH3 state");
_Static_assert(_Alignof(XXH3_state_t) <= 64, "tr_hash64 is aligned for XXH3");

static XXH3_state_t *S_state(tr_hash64 *h)
{
	return (XXH3_state_t *)(void *)h->state;
}

void tr_hash64_init(tr_hash64 *h)
{
	/* cannot fail for a state that is not NULL */
	(void)XXH3_64bits_reset(S_state(h));
}

void tr_hash64_update(tr_hash64 *h, const void *data, size_t len)
{
	(void)XXH3_64bits_update(S_state(h), data, len);
}

uint64_t tr_hash64_final(const tr_hash64 *h)
{
	return XXH3_64bits_digest((const XXH3_state_t *)(const void *)h->state);
}

uint64_t tr_hash64_bulk(const void *data, size_t len)
{
	return XXH3_64bits(data, len);
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
