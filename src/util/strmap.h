#ifndef TR_UTIL_STRMAP_H
#define TR_UTIL_STRMAP_H

/* util/strmap.h: byte strings to indices, in constant time on average. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A hash index from byte strings to size_t values (typically an index
 * into the caller's own array), for the readers that must look a name up
 * among many: ini sections, a results document's runs and cells, a
 * scenario folder's files. Open addressing, grown to stay at most half
 * full; the hash is seeded per map (with the map's address), so no input
 * can be written to collide on purpose. Keys are borrowed: the caller
 * keeps their bytes alive and unchanged while the map holds them.
 * Zero-initialise (TR_STRMAP_INIT); free with tr_strmap_free().
 */
typedef struct tr_strmap_slot {
	const char *key;         /* NULL: empty */
	size_t len;
	uint64_t hash;
	size_t value;
} tr_strmap_slot;

typedef struct tr_strmap {
	tr_strmap_slot *slots;
	size_t cap;              /* a power of two, or 0 */
	size_t count;
	uint64_t seed;
} tr_strmap;

#define TR_STRMAP_INIT { NULL, 0, 0, 0 }

/* The value of key, or false when it is not in the map. */
bool tr_strmap_get(const tr_strmap *m, const char *key, size_t len,
                   size_t *value);
/*
 * Add key with value. When the key is already there, nothing changes and
 * *existing (if not NULL) is its value; else *existing is SIZE_MAX.
 * 0 or TR_ENOMEM.
 */
int tr_strmap_put(tr_strmap *m, const char *key, size_t len, size_t value,
                  size_t *existing);
void tr_strmap_free(tr_strmap *m);

#endif
