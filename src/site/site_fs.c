/* site_fs.c: files in the output folder: writing them (or linking the
 * unchanged ones), removing trees, the marker. Everything is done
 * relative to directory descriptors with O_NOFOLLOW on every component:
 * no name can lead outside the folder it is written in, nor through a
 * symbolic link someone put inside OUT. */

#define _GNU_SOURCE /* flock */

#include "site_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#define S_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

int tr_site_open_parent(int dirfd, const char *name, const char **leaf)
{
	const char *p = name, *slash;
	int fd = dup(dirfd);
	while (fd >= 0 && (slash = strchr(p, '/')) != NULL) {
		char part[256];
		int sub;
		size_t n = (size_t)(slash - p);
		if (n == 0 || n >= sizeof(part)) {
			close(fd);
			errno = EINVAL;
			return -1;
		}
		memcpy(part, p, n);
		part[n] = '\0';
		sub = openat(fd, part, S_DIR_FLAGS);
		close(fd);
		fd = sub;
		p = slash + 1;
	}
	*leaf = p;
	return fd;
}

int tr_site_lstat(int dirfd, const char *name, struct stat *st)
{
	const char *leaf;
	int fd = tr_site_open_parent(dirfd, name, &leaf), rc;
	if (fd < 0)
		return -1;
	rc = fstatat(fd, leaf, st, AT_SYMLINK_NOFOLLOW);
	close(fd);
	return rc;
}

int tr_site_sync_dir(int dirfd, const char *name, const char *path)
{
	int fd = openat(dirfd, name, S_DIR_FLAGS);
	if (fd < 0 || fsync(fd) < 0) {
		int rc = tr_error_set_errno(path);
		if (fd >= 0)
			close(fd);
		return rc;
	}
	close(fd);
	return 0;
}

static int S_remove_in(int fd, const char *path, int depth)
{
	DIR *dir;
	struct dirent *e;
	int rc = 0, dfd = dup(fd);
	if (dfd < 0 || !(dir = fdopendir(dfd))) {
		if (dfd >= 0)
			close(dfd);
		return tr_error_set_errno(path);
	}
	rewinddir(dir); /* the offset is shared with the descriptor dup()ed */
	while (rc == 0 && (e = readdir(dir)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (depth == 0 && strcmp(e->d_name, TR_SITE_MARKER) == 0))
			continue;
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			rc = tr_error_set_errno(path);
		} else if (S_ISDIR(st.st_mode)) {
			int sub;
			if (depth > 64) {
				rc = tr_error_set("%s: folders nested too deep to remove", path);
				break;
			}
			sub = openat(fd, e->d_name, S_DIR_FLAGS);
			if (sub < 0) {
				rc = tr_error_set_errno(path);
				break;
			}
			rc = S_remove_in(sub, path, depth + 1);
			close(sub);
			if (rc == 0 && unlinkat(fd, e->d_name, AT_REMOVEDIR) < 0)
				rc = tr_error_set_errno(path);
		} else if (unlinkat(fd, e->d_name, 0) < 0) {
			rc = tr_error_set_errno(path);
		}
	}
	closedir(dir);
	return rc;
}

int tr_site_remove_tree(int dirfd, const char *name, const char *path)
{
	int fd = openat(dirfd, name, S_DIR_FLAGS);
	int rc;
	if (fd < 0)
		return errno == ENOENT ? 0 : tr_error_set_errno(path);
	rc = S_remove_in(fd, path, 0);
	/* The marker went last (S_remove_in keeps it): a removal killed
	 * half-way leaves a folder still known to be ours. */
	if (rc == 0 && unlinkat(fd, TR_SITE_MARKER, 0) < 0 && errno != ENOENT)
		rc = tr_error_set_errno(path);
	close(fd);
	if (rc == 0 && unlinkat(dirfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		rc = tr_error_set_errno(path);
	return rc;
}

bool tr_site_same_file(int dirfd, const char *name, const void *data, size_t len)
{
	struct stat st;
	char buf[65536];
	size_t done = 0;
	bool same = false;
	const char *leaf;
	int pfd = tr_site_open_parent(dirfd, name, &leaf), fd;
	if (pfd < 0)
		return false;
	fd = openat(pfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	close(pfd);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size != len)
		goto cleanup;
	while (done < len) {
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n <= 0 || done + (size_t)n > len ||
		    memcmp(buf, (const char *)data + done, (size_t)n) != 0)
			goto cleanup;
		done += (size_t)n;
	}
	same = true;
cleanup:
	close(fd);
	return same;
}

static int S_write_fd(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int tr_site_write_marker(const tr_site *s, int dirfd, const tr_site_list *files,
                         int like_fd)
{
	tr_buf text = TR_BUF_INIT;
	char tmp[64];
	int rc = tr_buf_printf(&text, "%s\n", TR_SITE_MARKER_HEAD), fd;
	/* Only a temporary folder names its build: OUT's marker is the same
	 * for the same files (outputs are byte-identical). */
	if (rc == 0 && !files)
		rc = tr_buf_printf(&text, "build %s\n", s->tag);
	for (size_t i = 0; rc == 0 && files && i < files->count; i++)
		rc = tr_buf_printf(&text, "file %s\n", files->names[i]);
	if (rc < 0)
		goto cleanup;
	snprintf(tmp, sizeof(tmp), "%s.new-%s", TR_SITE_MARKER, s->tag);
	/* The previous OUT's marker when it says the same: its inode kept. */
	if (like_fd >= 0 && tr_site_same_file(like_fd, TR_SITE_MARKER, text.ptr, text.size) &&
	    linkat(like_fd, TR_SITE_MARKER, dirfd, tmp, 0) == 0) {
		if (renameat(dirfd, tmp, dirfd, TR_SITE_MARKER) < 0) {
			rc = tr_error_set("%s/%s: %s", s->path, TR_SITE_MARKER, strerror(errno));
			unlinkat(dirfd, tmp, 0);
		}
		goto cleanup;
	}
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || S_write_fd(fd, text.ptr, text.size) < 0 || fsync(fd) < 0) {
		rc = tr_error_set("%s/%s: %s", s->path, TR_SITE_MARKER, strerror(errno));
		if (fd >= 0)
			close(fd);
		unlinkat(dirfd, tmp, 0);
		goto cleanup;
	}
	close(fd);
	if (tr_site_same_file(dirfd, TR_SITE_MARKER, text.ptr, text.size)) {
		unlinkat(dirfd, tmp, 0); /* unchanged: keep its inode and mtime */
	} else if (renameat(dirfd, tmp, dirfd, TR_SITE_MARKER) < 0) {
		rc = tr_error_set("%s/%s: %s", s->path, TR_SITE_MARKER, strerror(errno));
		unlinkat(dirfd, tmp, 0);
	}
cleanup:
	tr_buf_free(&text);
	return rc;
}

static int S_mkdirs(tr_site *s, const char *name)
{
	char *dir = tr_strdup(name), *slash;
	int rc = 0;
	if (!dir)
		return TR_ENOMEM;
	for (slash = strchr(dir, '/'); slash && rc == 0; slash = strchr(slash + 1, '/')) {
		bool known = false;
		*slash = '\0';
		for (size_t i = 0; i < s->ndirs && !known; i++)
			known = strcmp(s->dirs[i], dir) == 0;
		if (!known) {
			if (mkdirat(s->tmp_fd, dir, 0777) < 0 && errno != EEXIST)
				rc = tr_error_set_errno(s->path);
			else if ((rc = tr_grow(&s->dirs, &s->dirs_cap, s->ndirs + 1,
			                       sizeof(char *))) == 0 &&
			         !(s->dirs[s->ndirs++] = tr_strdup(dir)))
				rc = TR_ENOMEM;
		}
		*slash = '/';
	}
	free(dir);
	return rc;
}

/* Link OUT's file `name` into the temporary folder: same inode, same
 * mtime. false when it cannot be (another file system: written then). */
static bool S_link_old(tr_site *s, const char *name)
{
	const char *leaf, *tleaf;
	int ofd = tr_site_open_parent(s->out_fd, name, &leaf), tfd;
	bool ok = false;
	if (ofd < 0)
		return false;
	tfd = tr_site_open_parent(s->tmp_fd, name, &tleaf);
	if (tfd >= 0) {
		ok = linkat(ofd, leaf, tfd, tleaf, 0) == 0;
		close(tfd);
	}
	close(ofd);
	return ok;
}

static int S_write_file(tr_site *s, const char *name, const void *data, size_t len)
{
	int fd = openat(s->tmp_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	                0644);
	if (fd < 0)
		return errno == EEXIST ? tr_error_set("%s/%s: written twice", s->path, name)
		                       : tr_error_set_errno(s->path);
	if (S_write_fd(fd, data, len) < 0) {
		int rc = tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
		close(fd);
		return rc;
	}
	/* umask may leave less; published files are world-readable. */
	if (fchmod(fd, 0644) < 0 || fsync(fd) < 0 || close(fd) < 0)
		return tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
	return 0;
}

int tr_site_put(tr_site *s, const char *name, const void *data, size_t len)
{
	int rc;
	if ((rc = S_mkdirs(s, name)) < 0)
		return rc;
	if (s->out_fd >= 0 && tr_site_list_has(&s->old.ours, name) &&
	    tr_site_same_file(s->out_fd, name, data, len)) {
		if (S_link_old(s, name)) {
			s->unchanged++;
			return 0;
		}
		if (errno == EEXIST)
			return tr_error_set("%s/%s: written twice", s->path, name);
	}
	return S_write_file(s, name, data, len);
}
