#ifndef TR_UTIL_STR_H
#define TR_UTIL_STR_H

/* util/str.h: small string predicates, UTF-8 validity, natural order. */

#include <stdbool.h>
#include <stddef.h>

bool tr_str_starts_with(const char *s, const char *prefix);
bool tr_str_ends_with(const char *s, const char *suffix);
/* Byte-wise comparison suitable for qsort of `const char *` elements. */
int tr_strcmp_ptr(const void *a, const void *b);
/* true if s is valid UTF-8 (no overlongs, no surrogates). */
bool tr_utf8_valid(const char *s, size_t len);
/* Length of the valid UTF-8 sequence that starts at s (at most avail
 * bytes), or -1 when it is not one (overlong, surrogate, truncated). */
int tr_utf8_seq_len(const char *s, size_t avail);

/* Compare so that digit runs compare as numbers: "run2" < "run10",
 * "bench100" < "bench1000". Ties fall back to byte order. */
int tr_natcmp(const char *a, const char *b);

#endif
