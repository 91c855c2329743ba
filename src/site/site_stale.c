/* site_stale.c: what killed builds left. A leftover is removed only when
 * all of this holds, so that no folder of the user's (a backup named
 * site.tmp-2026 or site.old-may) can ever match:
 *   - its name is BASE.tpsreport-tmp.PID.HEX or BASE.tpsreport-old.PID.HEX
 *     beside OUT (or .tpsreport-tmp.PID.HEX inside OUT);
 *   - the process PID is gone and no one holds the folder's lock;
 *   - it holds our marker: then when the marker names this same build, it
 *     is that build's temporary folder and goes whole; else it is a
 *     previous OUT, and only the files its marker lists go.
 * A folder without a marker is removed only when empty. */

#define _GNU_SOURCE /* flock */

#include "site_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define S_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
/* tr_site_write_marker's temporary file, before its rename. */
#define S_HALF_MARKER TR_SITE_MARKER ".new-"

/* The tag "PID.HEX" of a leftover name after `prefix`, or NULL. */
static const char *S_tag(const char *entry, const char *base, const char *kind)
{
	size_t nb = strlen(base), nk = strlen(kind), digits, hex;
	const char *p;
	if (strncmp(entry, base, nb) != 0 || strncmp(entry + nb, kind, nk) != 0)
		return NULL;
	p = entry + nb + nk;
	digits = strspn(p, "0123456789");
	if (digits == 0 || digits > 10 || p[digits] != '.')
		return NULL;
	hex = strspn(p + digits + 1, "0123456789abcdef");
	if (hex != 16 || p[digits + 1 + hex] != '\0')
		return NULL;
	return p;
}

static bool S_process_gone(const char *tag)
{
	long pid = strtol(tag, NULL, 10);
	if (pid <= 0)
		return false;
	return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

static void S_remove_half_markers(int fd)
{
	DIR *dir;
	struct dirent *e;
	int dfd = dup(fd);
	if (dfd < 0 || !(dir = fdopendir(dfd))) {
		if (dfd >= 0)
			close(dfd);
		return;
	}
	rewinddir(dir);
	while ((e = readdir(dir)) != NULL)
		if (S_tag(e->d_name, "", S_HALF_MARKER))
			unlinkat(fd, e->d_name, 0);
	closedir(dir);
}

int tr_site_remove_ours(int dirfd, const char *name, const char *path)
{
	tr_site_list files = { 0 };
	char tag[64];
	int rc, fd = openat(dirfd, name, S_DIR_FLAGS);
	if (fd < 0)
		return errno == ENOENT ? 0 : tr_error_set_errno(path);
	if ((rc = tr_site_read_marker(fd, tag, sizeof(tag), &files)) == 1) {
		rc = 0;
		/* Deepest first, so that folders empty out before their rmdir. */
		for (size_t i = files.count; i-- > 0;) {
			const char *leaf;
			int pfd = tr_site_open_parent(fd, files.names[i], &leaf);
			if (pfd < 0)
				continue;
			if (unlinkat(pfd, leaf, 0) < 0 && errno != ENOENT && rc == 0)
				rc = tr_error_set("%s/%s/%s: %s", path, name, files.names[i],
				                  strerror(errno));
			close(pfd);
		}
		for (size_t i = files.count; i-- > 0;) {
			char *slash;
			while ((slash = strrchr(files.names[i], '/')) != NULL) {
				*slash = '\0';
				unlinkat(fd, files.names[i], AT_REMOVEDIR); /* if empty */
			}
		}
		if (rc == 0)
			S_remove_half_markers(fd);
		if (rc == 0)
			unlinkat(fd, TR_SITE_MARKER, 0);
	}
	tr_site_list_free(&files);
	close(fd);
	/* Whatever else it held stays, and so does the folder then. */
	if (rc == 0)
		unlinkat(dirfd, name, AT_REMOVEDIR);
	return rc < 0 ? rc : 0;
}

/* One leftover in dirfd: 'o' an old OUT of the two-step swap, 't' a
 * temporary folder. Returns true when OUT was put back from it. */
static int S_clear_one(tr_site *s, int dirfd, const char *name, const char *tag,
                       char kind, bool *out_missing)
{
	tr_site_list files = { 0 };
	char mtag[64];
	int rc = 0, marked, fd;
	if (kind == 'n') {
		/* A marker being written when its build was killed. */
		if (S_process_gone(tag))
			unlinkat(dirfd, name, 0);
		return 0;
	}
	if ((fd = openat(dirfd, name, S_DIR_FLAGS)) < 0)
		return 0;
	if (!S_process_gone(tag) || flock(fd, LOCK_EX | LOCK_NB) < 0) {
		close(fd);
		return 0;
	}
	marked = tr_site_read_marker(fd, mtag, sizeof(mtag), &files);
	tr_site_list_free(&files);
	close(fd); /* releases the lock */
	if (marked < 0)
		return marked;
	if (marked == 0) {
		/* Killed before its marker took its name: only that half-written
		 * marker may be there. */
		char half[96];
		snprintf(half, sizeof(half), "%s%s", S_HALF_MARKER, tag);
		if ((fd = openat(dirfd, name, S_DIR_FLAGS)) >= 0) {
			unlinkat(fd, half, 0);
			close(fd);
		}
		unlinkat(dirfd, name, AT_REMOVEDIR); /* only if empty */
		return 0;
	}
	if (kind == 'o' && *out_missing && dirfd == s->parent_fd &&
	    renameat(dirfd, name, dirfd, s->base) == 0) {
		*out_missing = false;
		return 0;
	}
	if (strcmp(mtag, tag) == 0)
		rc = tr_site_remove_tree(dirfd, name, s->path);
	else
		rc = tr_site_remove_ours(dirfd, name, s->path);
	return rc;
}

static int S_clear_in(tr_site *s, int dirfd, const char *base)
{
	DIR *dir;
	struct dirent *e;
	char *names[64];
	char kinds[64];
	size_t n = 0;
	bool out_missing;
	int rc = 0, fd = dup(dirfd);
	if (fd < 0 || !(dir = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return tr_error_set_errno(s->path);
	}
	rewinddir(dir); /* the offset is shared with the descriptor dup()ed */
	while ((e = readdir(dir)) != NULL && n < TR_ARRAY_SIZE(names)) {
		char kind = S_tag(e->d_name, base, TR_SITE_TMP) ? 't'
		          : S_tag(e->d_name, base, TR_SITE_OLD) ? 'o'
		          : !*base && S_tag(e->d_name, "", S_HALF_MARKER) ? 'n' : 0;
		if (kind && (names[n] = tr_strdup(e->d_name)) != NULL)
			kinds[n++] = kind;
	}
	closedir(dir);
	out_missing = faccessat(s->parent_fd, s->base, F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
	              errno == ENOENT;
	for (size_t i = 0; i < n; i++) {
		const char *tag = S_tag(names[i], base, kinds[i] == 't' ? TR_SITE_TMP
		                                      : kinds[i] == 'o' ? TR_SITE_OLD
		                                                        : S_HALF_MARKER);
		int r = S_clear_one(s, dirfd, names[i], tag, kinds[i], &out_missing);
		if (rc == 0)
			rc = r;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	return rc;
}

int tr_site_clear_stale(tr_site *s)
{
	int rc = S_clear_in(s, s->parent_fd, s->base), fd;
	if (rc < 0)
		return rc;
	/* Temporary folders of in-place builds, inside OUT. */
	fd = openat(s->parent_fd, s->base, S_DIR_FLAGS);
	if (fd < 0)
		return 0;
	rc = S_clear_in(s, fd, "");
	close(fd);
	return rc;
}
