/* buf.c: growable NUL-terminated byte strings. */

#include "buf.h"
#include "alloc.h"
#include "error.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tr_buf_grow(tr_buf *buf, size_t extra)
{
	size_t need;
	if (extra > SIZE_MAX - buf->size - 1)
		return tr_error_set("out of memory"), TR_ENOMEM;
	need = buf->size + extra + 1;
	if (need <= buf->asize)
		return 0;
	if (tr_grow(&buf->ptr, &buf->asize, need, 1) < 0)
		return TR_ENOMEM;
	/* Always a C string, even when nothing has been put in yet (an empty
	 * JSON string was read past its end without this: found by fuzzing). */
	buf->ptr[buf->size] = '\0';
	return 0;
}

int tr_buf_put(tr_buf *buf, const void *data, size_t len)
{
	if (tr_buf_grow(buf, len) < 0)
		return TR_ENOMEM;
	if (len)
		memcpy(buf->ptr + buf->size, data, len);
	buf->size += len;
	buf->ptr[buf->size] = '\0';
	return 0;
}

int tr_buf_puts(tr_buf *buf, const char *s)
{
	return tr_buf_put(buf, s, strlen(s));
}

int tr_buf_putc(tr_buf *buf, char c)
{
	return tr_buf_put(buf, &c, 1);
}

int tr_buf_vprintf(tr_buf *buf, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return tr_error_set("formatting failed");
	if (tr_buf_grow(buf, (size_t)n) < 0)
		return TR_ENOMEM;
	vsnprintf(buf->ptr + buf->size, (size_t)n + 1, fmt, ap);
	buf->size += (size_t)n;
	return 0;
}

int tr_buf_printf(tr_buf *buf, const char *fmt, ...)
{
	va_list ap;
	int rc;
	va_start(ap, fmt);
	rc = tr_buf_vprintf(buf, fmt, ap);
	va_end(ap);
	return rc;
}

void tr_buf_clear(tr_buf *buf)
{
	buf->size = 0;
	if (buf->ptr)
		buf->ptr[0] = '\0';
}

void tr_buf_free(tr_buf *buf)
{
	free(buf->ptr);
	buf->ptr = NULL;
	buf->size = buf->asize = 0;
}

const char *tr_buf_cstr(const tr_buf *buf)
{
	return buf->ptr ? buf->ptr : "";
}

char *tr_buf_detach(tr_buf *buf)
{
	char *p = buf->ptr;
	buf->ptr = NULL;
	buf->size = buf->asize = 0;
	return p;
}
