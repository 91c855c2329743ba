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

#endif
