/* error.c: one message per thread, set where a failure is found. */

#include "error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Fixed-size so that setting an error never needs memory (it may be the
 * report of running out of it). Long paths are cut, never overflowed. */
static _Thread_local char S_message[1024];
/* Where the message points (tr_error_set_at), so that a warning made from
 * it can carry its path and line apart from the text: S_at is how many
 * bytes of S_message are the "path:line: " prefix (0 when none). */
static _Thread_local char S_path[512];
static _Thread_local long S_line;
static _Thread_local size_t S_at;

const char *tr_error_last(void)
{
	return S_message;
}

void tr_error_clear(void)
{
	S_message[0] = '\0';
	S_path[0] = '\0';
	S_line = 0;
	S_at = 0;
}

const char *tr_error_last_at(const char **path, long *line)
{
	*path = S_at && S_path[0] ? S_path : NULL;
	*line = S_at ? S_line : 0;
	return S_message + S_at;
}

int tr_error_set(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(S_message, sizeof(S_message), fmt, ap);
	va_end(ap);
	S_path[0] = '\0';
	S_at = 0;
	S_line = 0;
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
	S_at = 0;
	S_line = 0;
	S_path[0] = '\0';
	/* a path cut to fit is not the file's path: keep the text only */
	if (path && (size_t)n < sizeof(S_message) && strlen(path) < sizeof(S_path)) {
		memcpy(S_path, path, strlen(path) + 1);
		S_line = line > 0 ? line : 0;
		S_at = (size_t)n;
	}
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
	S_path[0] = '\0';
	S_at = 0;
	S_line = 0;
	return TR_ERROR;
}
