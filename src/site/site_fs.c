/* site_fs.c: files in the output folder: writing them (or linking the
 * unchanged ones), removing trees, and clearing what killed builds left.
 * Everything is done relative to directory descriptors with O_NOFOLLOW:
 * no name can lead outside the folder it is written in. */

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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int tr_site_sync_dir(int dirfd, const char *name, const char *path)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
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
			sub = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
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
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
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

/* "<base>.tmp-XXXXXX" or "<base>.old-XXXXXX": which, or 0. */
static char S_leftover(const char *entry, const char *base)
{
	size_t n = strlen(base);
	const char *p;
	if (strncmp(entry, base, n) != 0)
		return 0;
	p = entry + n;
	if (strncmp(p, ".tmp-", 5) != 0 && strncmp(p, ".old-", 5) != 0)
		return 0;
	if (strlen(p + 5) != 6 || strspn(p + 5, "abcdefghijklmnopqrstuvwxyz"
	                                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != 6)
		return 0;
	return p[1];
}

/* A leftover folder of a build no longer running: not locked, and with
 * our marker (or empty for a minute: killed before writing it). */
static bool S_abandoned(int parent_fd, const char *name)
{
	struct stat st;
	bool dead = false;
	int fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		if (faccessat(fd, TR_SITE_MARKER, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
			dead = true;
		else if (fstat(fd, &st) == 0 && st.st_nlink <= 2 &&
		         st.st_mtime + 60 < time(NULL))
			dead = true;
	}
	close(fd); /* releases the lock */
	return dead;
}

int tr_site_clear_stale(tr_site *s)
{
	DIR *dir;
	struct dirent *e;
	char *names[64];
	char kinds[64];
	size_t n = 0;
	bool out_missing;
	int rc = 0, fd = dup(s->parent_fd);
	if (fd < 0 || !(dir = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return tr_error_set_errno(s->parent);
	}
	while ((e = readdir(dir)) != NULL && n < TR_ARRAY_SIZE(names)) {
		char kind = S_leftover(e->d_name, s->base);
		if (kind && S_abandoned(s->parent_fd, e->d_name)) {
			if (!(names[n] = tr_strdup(e->d_name)))
				break;
			kinds[n++] = kind;
		}
	}
	closedir(dir);
	out_missing = faccessat(s->parent_fd, s->base, F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
	              errno == ENOENT;
	for (size_t i = 0; i < n; i++) {
		/* A previous OUT left between two renames goes back first. */
		if (kinds[i] == 'o' && out_missing &&
		    renameat(s->parent_fd, names[i], s->parent_fd, s->base) == 0) {
			out_missing = false;
			continue;
		}
		if (rc == 0)
			rc = tr_site_remove_tree(s->parent_fd, names[i], s->parent);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	return rc;
}

bool tr_site_same_file(int old_fd, const char *name, const void *data, size_t len)
{
	struct stat st;
	char buf[65536];
	size_t done = 0;
	bool same = false;
	int fd = openat(old_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
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
			if (mkdirat(s->tmp_fd, dir, 0755) < 0 && errno != EEXIST)
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

static int S_write_file(tr_site *s, const char *name, const void *data, size_t len)
{
	const char *p = data;
	size_t left = len;
	int fd = openat(s->tmp_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	                0644);
	if (fd < 0)
		return errno == EEXIST ? tr_error_set("%s/%s: written twice", s->path, name)
		                       : tr_error_set_errno(s->path);
	while (left > 0) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			return tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
		}
		p += n;
		left -= (size_t)n;
	}
	/* Where the previous file could not be linked, keep its times. */
	if (s->old_fd >= 0 && tr_site_same_file(s->old_fd, name, data, len)) {
		struct stat st;
		int ofd = openat(s->old_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (ofd >= 0 && fstat(ofd, &st) == 0) {
			struct timespec t[2] = { st.st_atim, st.st_mtim };
			futimens(fd, t);
		}
		if (ofd >= 0)
			close(ofd);
	}
	if (fsync(fd) < 0 || close(fd) < 0)
		return tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
	return 0;
}

int tr_site_write(tr_site *s, const char *name, const void *data, size_t len)
{
	int rc;
	if (s->committed)
		return tr_error_set("%s: written after its commit", s->path);
	if (!tr_site_name_valid(name))
		return tr_error_set("'%s': not a safe name for a file of the output folder",
		                    name ? name : "");
	if ((rc = S_mkdirs(s, name)) < 0)
		return rc;
	/* Unchanged: the previous file itself, linked (same inode and mtime). */
	if (s->old_fd >= 0 && tr_site_same_file(s->old_fd, name, data, len)) {
		if (linkat(s->old_fd, name, s->tmp_fd, name, 0) == 0) {
			s->unchanged++;
			return 0;
		}
		if (errno == EEXIST)
			return tr_error_set("%s/%s: written twice", s->path, name);
	}
	return S_write_file(s, name, data, len);
}
