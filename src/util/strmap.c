/* strmap.c: a hash index of byte strings (strmap.h), so that readers find
 * a name among n in constant time instead of comparing it with each of
 * the n (which made reading 100,000 runs take a minute). */

#include "strmap.h"
#include "alloc.h"
#include "base.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a over the bytes, from a per-map seed, then a final mix so that
 * the low bits (the slot) depend on every byte. */
static uint64_t S_hash(const tr_strmap *m, const char *key, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ m->seed;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)key[i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static tr_strmap_slot *S_find(const tr_strmap *m, const char *key, size_t len,
                              uint64_t hash)
{
	size_t mask = m->cap - 1, i = (size_t)hash & mask;
	for (;; i = (i + 1) & mask) {
		tr_strmap_slot *s = &m->slots[i];
		if (!s->key || (s->hash == hash && s->len == len &&
		                memcmp(s->key, key, len) == 0))
			return s;
	}
}

bool tr_strmap_get(const tr_strmap *m, const char *key, size_t len,
                   size_t *value)
{
	const tr_strmap_slot *s;
	if (m->count == 0)
		return false;
	s = S_find(m, key, len, S_hash(m, key, len));
	if (!s->key)
		return false;
	*value = s->value;
	return true;
}

static int S_grow(tr_strmap *m)
{
	tr_strmap_slot *old = m->slots;
	size_t oldcap = m->cap, cap = m->cap ? m->cap * 2 : 16;
	tr_strmap_slot *slots = tr_calloc(cap, sizeof(*slots));
	if (!slots)
		return TR_ENOMEM;
	if (!m->seed)
		m->seed = (uint64_t)(uintptr_t)m * 0x9e3779b97f4a7c15ULL | 1;
	m->slots = slots;
	m->cap = cap;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].key)
			*S_find(m, old[i].key, old[i].len, old[i].hash) = old[i];
	free(old);
	return 0;
}

int tr_strmap_put(tr_strmap *m, const char *key, size_t len, size_t value,
                  size_t *existing)
{
	tr_strmap_slot *s;
	uint64_t hash;
	if (existing)
		*existing = SIZE_MAX;
	if ((m->count + 1) * 2 > m->cap && S_grow(m) < 0)
		return TR_ENOMEM;
	hash = S_hash(m, key, len);
	s = S_find(m, key, len, hash);
	if (s->key) {
		if (existing)
			*existing = s->value;
		return 0;
	}
	*s = (tr_strmap_slot){ key, len, hash, value };
	m->count++;
	return 0;
}

void tr_strmap_free(tr_strmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
