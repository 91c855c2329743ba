/* file.c: whole-file reads, path joins and atomic writes. */

#define _DEFAULT_SOURCE /* realpath */

#include "file.h"
#include "alloc.h"
#include "buf.h"
#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Read fd to its end; a file that grows past the cap while read fails. */
static int S_read_all(tr_buf *out, int fd, const char *name)
{
	for (;;) {
		ssize_t n;
		if (out->size > TR_FILE_READ_MAX)
			return tr_error_set("%s: grew past %d MB while read", name,
			                    TR_FILE_READ_MAX >> 20);
		if (tr_buf_grow(out, 65536) < 0)
			return TR_ENOMEM;
		n = read(fd, out->ptr + out->size, out->asize - out->size - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return tr_error_set_errno(name);
		}
		if (n == 0)
			break;
		out->size += (size_t)n;
	}
	out->ptr[out->size] = '\0';
	return 0;
}

int tr_file_read(tr_buf *out, const char *path)
{
	return tr_file_read_named(out, path, path);
}

int tr_file_read_named(tr_buf *out, const char *path, const char *name)
{
	int fd, rc = 0;
	struct stat st;
	tr_buf_clear(out);
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return tr_error_set_errno(name);
	if (fstat(fd, &st) < 0) {
		rc = tr_error_set_errno(name);
		goto cleanup;
	}
	if (S_ISDIR(st.st_mode)) {
		rc = tr_error_set("%s: is a directory", name);
		goto cleanup;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = tr_error_set("%s: not a regular file (a FIFO, socket or device); "
		                  "not read", name);
		goto cleanup;
	}
	if (st.st_size > TR_FILE_READ_MAX) {
		rc = tr_error_set("%s: %lld bytes, more than the %d MB a file read "
		                  "whole may have", name, (long long)st.st_size,
		                  TR_FILE_READ_MAX >> 20);
		goto cleanup;
	}
	if (st.st_size > 0 && tr_buf_grow(out, (size_t)st.st_size) < 0) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	rc = S_read_all(out, fd, name);
cleanup:
	close(fd);
	return rc;
}

bool tr_path_within(const char *a, const char *b)
{
	size_t n = strlen(b);
	if (strncmp(a, b, n) != 0)
		return false;
	return a[n] == '\0' || a[n] == '/' || (n > 0 && b[n - 1] == '/');
}

int tr_path_inside(const char *path, const char *root, char **real)
{
	char *r = realpath(path, NULL), *rr;
	int inside;
	*real = NULL;
	if (!r)
		return tr_error_set_errno(path);
	if (!(rr = realpath(root, NULL))) {
		int rc = tr_error_set_errno(root);
		free(r);
		return rc;
	}
	inside = tr_path_within(r, rr);
	free(rr);
	if (inside) {
		free(r);
		return 1;
	}
	*real = r;
	return 0;
}

char *tr_path_join(const char *a, const char *b)
{
	size_t la = strlen(a);
	if (la == 0)
		return tr_strdup(b);
	if (a[la - 1] == '/')
		return tr_sprintf("%s%s", a, b);
	return tr_sprintf("%s/%s", a, b);
}

static int S_write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* May path be replaced, and with what mode? A file that is there must be
 * a regular file its owner may write (no write bit for the owner is a
 * write-protected file, refused even for root) and the user may write: a
 * careful tool does not replace what it was told, by its mode, to keep.
 * Its mode is kept; a new file is 0644 (outputs are meant to be
 * published). */
static int S_replaceable(const char *path, mode_t *mode)
{
	struct stat sb;
	*mode = 0644;
	if (lstat(path, &sb) < 0)
		return errno == ENOENT ? 0 : tr_error_set_errno(path);
	if (S_ISLNK(sb.st_mode) && stat(path, &sb) < 0)
		return tr_error_set_errno(path);
	if (!S_ISREG(sb.st_mode))
		return tr_error_set("%s: not a regular file: not replaced", path);
	if (!(sb.st_mode & S_IWUSR) || access(path, W_OK) < 0)
		return tr_error_set("%s: write-protected (no write permission): not "
		                    "replaced; make it writable or write elsewhere",
		                    path);
	*mode = sb.st_mode & 07777;
	return 0;
}

int tr_file_write_atomic(const char *path, const void *data, size_t len)
{
	char *tmp;
	int fd = -1;
	int rc = TR_ERROR;
	mode_t mode;
	if (S_replaceable(path, &mode) < 0)
		return TR_ERROR;
	if (!(tmp = tr_sprintf("%s.tmp.XXXXXX", path)))
		return TR_ENOMEM;
	fd = mkstemp(tmp);
	if (fd < 0) {
		tr_error_set_errno(path);
		goto cleanup;
	}
	if (S_write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		tr_error_set_errno(path);
		goto cleanup;
	}
	/* mkstemp makes 0600: the mode S_replaceable chose. */
	if (fchmod(fd, mode) < 0) {
		tr_error_set_errno(path);
		goto cleanup;
	}
	if (close(fd) < 0) {
		fd = -1;
		tr_error_set_errno(path);
		goto cleanup;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		tr_error_set_errno(path);
		goto cleanup;
	}
	rc = 0;
cleanup:
	if (fd >= 0)
		close(fd);
	if (rc < 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

int tr_path_mkdirs(const char *path)
{
	char *copy;
	int rc = 0;
	if (!*path)
		return 0;          /* nothing to make */
	if (!(copy = tr_strdup(path)))
		return TR_ENOMEM;
	/* (from the second byte: "/" itself is never made) */
	for (char *p = copy + 1; rc == 0; p++) {
		char c = *p;
		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) < 0 && errno != EEXIST)
			rc = tr_error_set_errno(copy);
		*p = c;
		if (c == '\0')
			break;
	}
	free(copy);
	return rc;
}
