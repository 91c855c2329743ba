/* alloc.c: allocation that reports failure as an error message. */

#include "alloc.h"
#include "buf.h"
#include "error.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *tr_malloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		tr_error_set("out of memory (%zu bytes)", size);
	return p;
}

void *tr_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		tr_error_set("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *tr_realloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		tr_error_set("out of memory (%zu bytes)", size);
	return p;
}

char *tr_strndup(const char *s, size_t n)
{
	char *p;
	if (!s)
		return NULL;
	p = tr_malloc(n + 1);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *tr_strdup(const char *s)
{
	return s ? tr_strndup(s, strlen(s)) : NULL;
}

char *tr_sprintf(const char *fmt, ...)
{
	tr_buf b = TR_BUF_INIT;
	va_list ap;
	int rc;
	va_start(ap, fmt);
	rc = tr_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (rc < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	if (!b.ptr)
		return tr_strdup("");
	return tr_buf_detach(&b);
}

int tr_grow(void *ptr, size_t *cap, size_t need, size_t elem)
{
	void **pp = (void **)ptr;
	size_t n;
	void *p;
	if (need <= *cap)
		return 0;
	n = *cap ? *cap : 8;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return tr_error_set("out of memory"), TR_ENOMEM;
		n *= 2;
	}
	if (elem && n > SIZE_MAX / elem)
		return tr_error_set("out of memory"), TR_ENOMEM;
	p = tr_realloc(*pp, n * elem);
	if (!p)
		return TR_ENOMEM;
	*pp = p;
	*cap = n;
	return 0;
}
