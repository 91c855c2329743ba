#ifndef TR_UTIL_SHA256_H
#define TR_UTIL_SHA256_H

/* util/sha256.h: SHA-256, for the digest of a study's inputs. */

#include <stddef.h>
#include <stdint.h>

/* SHA-256, for the digest of a study's inputs shown in reports. */
typedef struct tr_sha256 {
	uint32_t state[8];
	uint64_t length;
	unsigned char block[64];
	size_t used;
} tr_sha256;

void tr_sha256_init(tr_sha256 *ctx);
void tr_sha256_update(tr_sha256 *ctx, const void *data, size_t len);
/* Writes 65 bytes: 64 lowercase hex digits and a NUL. */
void tr_sha256_hex(tr_sha256 *ctx, char out[65]);

#endif
