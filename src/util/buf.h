#ifndef TR_UTIL_BUF_H
#define TR_UTIL_BUF_H

/* util/buf.h: the growable byte string every writer appends to. */

#include <stdarg.h>
#include <stddef.h>

#include "util/base.h"

/* A growable byte string, NUL-terminated as soon as it has any memory
 * (ptr is NULL before). Initialise with TR_BUF_INIT; free with
 * tr_buf_free(). */
typedef struct tr_buf {
	char *ptr;
	size_t size;
	size_t asize;
} tr_buf;

#define TR_BUF_INIT { NULL, 0, 0 }

int tr_buf_grow(tr_buf *buf, size_t extra);
int tr_buf_put(tr_buf *buf, const void *data, size_t len);
int tr_buf_puts(tr_buf *buf, const char *s);
int tr_buf_putc(tr_buf *buf, char c);
int tr_buf_printf(tr_buf *buf, const char *fmt, ...) TR_PRINTF(2, 3);
int tr_buf_vprintf(tr_buf *buf, const char *fmt, va_list ap) TR_PRINTF(2, 0);
void tr_buf_clear(tr_buf *buf);                 /* size = 0, keeps memory */
void tr_buf_free(tr_buf *buf);
/* The contents, "" when empty; valid until the next change. */
const char *tr_buf_cstr(const tr_buf *buf);
/* Hand the string over to the caller (who frees it); buf is reset. */
char *tr_buf_detach(tr_buf *buf);

#endif
