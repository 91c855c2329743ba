#ifndef TR_UTIL_HASH64_H
#define TR_UTIL_HASH64_H

/* util/hash64.h: a fast 64-bit content hash. */

#include <stddef.h>
#include <stdint.h>

/*
 * A 64-bit non-cryptographic hash of bytes, ~10 GB/s, for fingerprinting
 * large log files in the inputs digest without a second slow pass (the
 * digest itself is SHA-256 over the list of inputs; see docs/metrics.md).
 * Streaming: init, update any number of times, final. The value depends
 * only on the bytes (not on how they were split into updates, nor on the
 * machine's byte order).
 */
typedef struct tr_hash64 {
	uint64_t lane[4];
	uint64_t length;
	unsigned char tail[32];
	size_t used;
} tr_hash64;

void tr_hash64_init(tr_hash64 *h);
void tr_hash64_update(tr_hash64 *h, const void *data, size_t len);
uint64_t tr_hash64_final(const tr_hash64 *h);
/* One-shot hash of a block in memory, at memory bandwidth (AVX2 or SSE2
 * where the CPU has them, the same value without): for the big log files,
 * hashed in fixed-size blocks whose hashes are then hashed
 * (docs/results-json.md). */
uint64_t tr_hash64_bulk(const void *data, size_t len);
/*
 * The same hash of a block given in parts, so that a reader can hash a
 * part and parse it while it is still in the cache: begin, update with the
 * parts in order (each a multiple of TR_HASH64_BULK_STEP bytes long, but
 * the last, which may have any length), then end. The value is
 * tr_hash64_bulk's of the parts put together.
 */
#define TR_HASH64_BULK_STEP 1024
typedef struct tr_hash64_bulk_state {
	uint64_t acc[8];
	uint64_t length;
	unsigned char last[64];  /* the last update's bytes after its stripes */
	size_t rest;
} tr_hash64_bulk_state;

void tr_hash64_bulk_begin(tr_hash64_bulk_state *b);
void tr_hash64_bulk_update(tr_hash64_bulk_state *b, const void *data,
                           size_t len);
uint64_t tr_hash64_bulk_end(const tr_hash64_bulk_state *b);

#endif
