/* file.c: whole-file reads, path joins and atomic writes. */

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

int tr_file_read(tr_buf *out, const char *path)
{
	return tr_file_read_named(out, path, path);
}

int tr_file_read_named(tr_buf *out, const char *path, const char *name)
{
	int fd;
	struct stat st;
	tr_buf_clear(out);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return tr_error_set_errno(name);
	if (fstat(fd, &st) < 0) {
		tr_error_set_errno(name);
		close(fd);
		return TR_ERROR;
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return tr_error_set("%s: is a directory", name);
	}
	if (st.st_size > 0 && tr_buf_grow(out, (size_t)st.st_size) < 0) {
		close(fd);
		return TR_ENOMEM;
	}
	for (;;) {
		ssize_t n;
		if (tr_buf_grow(out, 65536) < 0) {
			close(fd);
			return TR_ENOMEM;
		}
		n = read(fd, out->ptr + out->size, out->asize - out->size - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			tr_error_set_errno(name);
			close(fd);
			return TR_ERROR;
		}
		if (n == 0)
			break;
		out->size += (size_t)n;
	}
	out->ptr[out->size] = '\0';
	close(fd);
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

int tr_file_write_atomic(const char *path, const void *data, size_t len)
{
	char *tmp = tr_sprintf("%s.tmp.XXXXXX", path);
	int fd = -1;
	int rc = TR_ERROR;
	if (!tmp)
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
	/* mkstemp makes 0600; outputs are meant to be published. */
	if (fchmod(fd, 0644) < 0) {
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
