/* error.c: one message per thread, set where a failure is found. */

#include "error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Fixed-size so that setting an error never needs memory (it may be the
 * report of running out of it). Long paths are cut, never overflowed. */
static _Thread_local char S_message[1024];

const char *tr_error_last(void)
{
	return S_message;
}

void tr_error_clear(void)
{
	S_message[0] = '\0';
}

int tr_error_set(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(S_message, sizeof(S_message), fmt, ap);
	va_end(ap);
	return TR_ERROR;
}

int tr_error_vset_at(const char *path, long line, const char *fmt, va_list ap)
{
	int n;
	if (path && line > 0)
		n = snprintf(S_message, sizeof(S_message), "%s:%ld: ", path, line);
	else if (path)
		n = snprintf(S_message, sizeof(S_message), "%s: ", path);
	else
		n = 0;
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof(S_message))
		vsnprintf(S_message + n, sizeof(S_message) - (size_t)n, fmt, ap);
	return TR_EINVALID;
}

int tr_error_set_at(const char *path, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tr_error_vset_at(path, line, fmt, ap);
	va_end(ap);
	return TR_EINVALID;
}

int tr_error_set_errno(const char *path)
{
	int saved = errno;
	snprintf(S_message, sizeof(S_message), "%s: %s", path ? path : "(null)",
	         strerror(saved));
	return TR_ERROR;
}
