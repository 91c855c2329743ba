#ifndef TR_UTIL_ESCAPE_H
#define TR_UTIL_ESCAPE_H

/* util/escape.h: text from files made safe to show (escape.c). */

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* true when s holds only printable UTF-8 (no control characters, no C1
 * controls, no invalid bytes). */
bool tr_text_is_safe(const char *s, size_t len);
/* Append s with every control character and invalid byte as \xNN (ESC
 * is "\x1B", 0xFF is "\xFF"); printable UTF-8 is kept as is. */
int tr_text_escape(tr_buf *out, const char *s, size_t len);

#endif
