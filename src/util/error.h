#ifndef TR_UTIL_ERROR_H
#define TR_UTIL_ERROR_H

/* util/error.h: the error message of the current thread, set once where a
 * failure is found. */

#include <stdarg.h>

#include "util/base.h"

/* Set this thread's error message from a printf format. Returns TR_ERROR so
 * that callers can write `return tr_error_set(...)`. */
int tr_error_set(const char *fmt, ...) TR_PRINTF(1, 2);

/* The same, with the message prefixed "path:line: " (line 0: "path: ").
 * Returns TR_EINVALID. */
int tr_error_set_at(const char *path, long line, const char *fmt, ...)
	TR_PRINTF(3, 4);
int tr_error_vset_at(const char *path, long line, const char *fmt,
                     va_list ap) TR_PRINTF(3, 0);

/* Set the message from errno: "path: strerror(errno)". Returns TR_ERROR. */
int tr_error_set_errno(const char *path);

/* The last message set on this thread, or "" (never NULL). Owned by util. */
const char *tr_error_last(void);
void tr_error_clear(void);

#endif
