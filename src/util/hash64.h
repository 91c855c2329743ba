#ifndef TR_UTIL_HASH64_H
#define TR_UTIL_HASH64_H

/* util/hash64.h: the 64-bit content hash of large inputs: XXH3-64 (seed
 * 0) of Debian's libxxhash, so that anyone can check a digest with
 * `xxhsum -H3` (docs/results-json.md). */

#include <stddef.h>
#include <stdint.h>

/*
 * XXH3-64 of bytes, for fingerprinting large log files in the inputs
 * digest without a second slow pass (the digest itself is SHA-256 over the
 * list of inputs; see docs/results-json.md). Streaming: init, update any
 * number of times, final; the value is XXH3_64bits of all the bytes put
 * together, on every machine. The state is libxxhash's XXH3_state_t, kept
 * here as opaque bytes so that no other module sees <xxhash.h>.
 */
typedef struct tr_hash64 {
	_Alignas(64) unsigned char state[640];
} tr_hash64;

void tr_hash64_init(tr_hash64 *h);
void tr_hash64_update(tr_hash64 *h, const void *data, size_t len);
uint64_t tr_hash64_final(const tr_hash64 *h);
/* One-shot XXH3-64 of a block in memory (libxxhash picks the CPU's
 * fastest path): for the big log files, hashed in fixed-size blocks whose
 * hashes are then hashed (docs/results-json.md). */
uint64_t tr_hash64_bulk(const void *data, size_t len);
/*
 * The same hash of a block given in parts, so that a reader can hash a
 * part and parse it while it is still in the cache: begin, update with the
 * parts in order (each a multiple of TR_HASH64_BULK_STEP bytes long, but
 * the last, which may have any length; XXH3 takes any lengths, the step is
 * kept for the readers' buffers), then end. The value is tr_hash64_bulk's
 * of the parts put together.
 */
#define TR_HASH64_BULK_STEP 1024
typedef tr_hash64 tr_hash64_bulk_state;

void tr_hash64_bulk_begin(tr_hash64_bulk_state *b);
void tr_hash64_bulk_update(tr_hash64_bulk_state *b, const void *data,
                           size_t len);
uint64_t tr_hash64_bulk_end(const tr_hash64_bulk_state *b);

#endif
