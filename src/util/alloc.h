#ifndef TR_UTIL_ALLOC_H
#define TR_UTIL_ALLOC_H

/* util/alloc.h: allocation that sets the error message when memory runs out. */

#include <stddef.h>

#include "util/base.h"

/* These set the error message and return NULL when memory runs out. */
void *tr_malloc(size_t size);
void *tr_calloc(size_t n, size_t size);
void *tr_realloc(void *ptr, size_t size);
char *tr_strdup(const char *s);                /* NULL in, NULL out */
char *tr_strndup(const char *s, size_t n);
char *tr_sprintf(const char *fmt, ...) TR_PRINTF(1, 2); /* caller frees */

/* Make room for `need` elements of `elem` bytes in *ptr, whose capacity is
 * *cap elements; grows geometrically. Returns 0 or TR_ENOMEM. */
int tr_grow(void *ptr, size_t *cap, size_t need, size_t elem);

#endif
