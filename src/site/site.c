/* site.c: opening, checking, committing and abandoning an output folder.
 * The order of steps and what each leaves behind when interrupted is
 * documented in docs/reliability.md, "Crash-safe output". */

#define _GNU_SOURCE /* renameat2, RENAME_EXCHANGE, flock, statx */

#include "site_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool tr_site_name_valid(const char *name)
{
	size_t parts = 0, len = 0;
	const char *p = name;
	if (!name || !*name || strlen(name) > 200)
		return false;
	while (*p) {
		len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		                "0123456789._-");
		if (len == 0 || p[0] == '.' || ++parts > 4)
			return false;
		p += len;
		if (*p == '/' && p[1])
			p++;
		else if (*p)
			return false;
	}
	return true;
}

size_t tr_site_unchanged(const tr_site *site)
{
	return site->unchanged;
}

const char *tr_site_path(const tr_site *site)
{
	return site->path;
}

/* Split dir into its parent's real path and its own name. */
static int S_locate(tr_site *s, const char *dir)
{
	char *copy = tr_strdup(dir), *slash, *parent_real;
	const char *parent;
	size_t n;
	int rc = 0;
	if (!copy)
		return TR_ENOMEM;
	n = strlen(copy);
	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	slash = strrchr(copy, '/');
	if (slash) {
		*slash = '\0';
		parent = slash == copy ? "/" : copy;
		s->base = tr_strdup(slash + 1);
	} else {
		parent = ".";
		s->base = tr_strdup(copy);
	}
	if (!s->base) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (!*s->base || strcmp(s->base, ".") == 0 || strcmp(s->base, "..") == 0) {
		rc = tr_error_set("%s: give the output folder by its name (not '.', "
		                  "'..' or '/')", dir);
		goto cleanup;
	}
	if (!(parent_real = realpath(parent, NULL))) {
		rc = tr_error_set("%s: its parent folder %s: %s", dir, parent, strerror(errno));
		goto cleanup;
	}
	s->parent = parent_real;
	if (!(s->path = tr_path_join(s->parent, s->base)))
		rc = TR_ENOMEM;
cleanup:
	free(copy);
	return rc;
}

/* "PID.HEX": names this build's folders; the random part so that no two
 * builds (nor a user's folder) share a name. */
static void S_make_tag(tr_site *s)
{
	unsigned char r[8] = { 0 };
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	struct timespec ts;
	if (fd < 0 || read(fd, r, sizeof(r)) != (ssize_t)sizeof(r)) {
		clock_gettime(CLOCK_REALTIME, &ts);
		for (size_t i = 0; i < sizeof(r); i++)
			r[i] = (unsigned char)((ts.tv_nsec >> (i * 3)) ^ (getpid() >> i) ^ (i * 37));
	}
	if (fd >= 0)
		close(fd);
	snprintf(s->tag, sizeof(s->tag), "%ld.%02x%02x%02x%02x%02x%02x%02x%02x",
	         (long)getpid(), r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
}

/* An existing OUT: a folder (not a link), ours or empty or holding only
 * hidden files and CNAME (a fresh gh-pages worktree), unless --force. */
static int S_check_existing(tr_site *s)
{
	struct stat st;
	int fd, rc;
	if (fstatat(s->parent_fd, s->base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		return tr_error_set_errno(s->path);
	}
	if (S_ISLNK(st.st_mode))
		return tr_error_set("%s: is a symbolic link; give the folder it points "
		                    "to instead (the link would be replaced by a folder)",
		                    s->path);
	if (!S_ISDIR(st.st_mode))
		return tr_error_set("%s: exists and is not a folder", s->path);
	fd = openat(s->parent_fd, s->base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return tr_error_set_errno(s->path);
	s->out_fd = fd;
	if ((rc = tr_site_scan(s, fd, &s->old)) < 0)
		return rc;
	if (!s->old.marked && !s->force) {
		DIR *dir;
		struct dirent *e;
		bool plain = true;
		if ((fd = dup(s->out_fd)) < 0 || !(dir = fdopendir(fd))) {
			if (fd >= 0)
				close(fd);
			return tr_error_set_errno(s->path);
		}
		rewinddir(dir); /* the offset is shared with out_fd */
		while ((e = readdir(dir)) != NULL)
			if (e->d_name[0] != '.' && strcmp(e->d_name, "CNAME") != 0)
				plain = false;
		closedir(dir);
		if (!plain)
			return tr_error_set("%s: exists and was not written by tpsreport (it "
			                    "has no %s file); give another folder, or --force to "
			                    "write into it (its files are kept; tpsreport's "
			                    "replace any of the same name)", s->path,
			                    TR_SITE_MARKER);
	}
	return tr_site_check_removable(s, s->out_fd, &s->old);
}

/* The temporary folder: beside OUT (so that it can take OUT's place), or
 * inside OUT when OUT is a mount point or its parent cannot be written. */
static int S_make_tmp(tr_site *s)
{
	int dirfd;
	mode_t mask = umask(0);
	umask(mask);
	s->tmp_inside = s->out_fd >= 0 && s->old.mount;
	for (int attempt = 0; attempt < 2; attempt++) {
		free(s->tmp_name);
		s->tmp_name = s->tmp_inside ? tr_sprintf("%s%s", TR_SITE_TMP, s->tag)
		                            : tr_sprintf("%s%s%s", s->base, TR_SITE_TMP, s->tag);
		if (!s->tmp_name)
			return TR_ENOMEM;
		dirfd = s->tmp_inside ? s->out_fd : s->parent_fd;
		if (mkdirat(dirfd, s->tmp_name, 0700) == 0)
			break;
		if (!s->tmp_inside && s->out_fd >= 0 &&
		    (errno == EACCES || errno == EPERM || errno == EROFS)) {
			s->tmp_inside = true;
			continue;
		}
		return tr_error_set("%s: %s", s->tmp_inside ? s->path : s->parent, strerror(errno));
	}
	s->tmp_fd = openat(s->tmp_inside ? s->out_fd : s->parent_fd, s->tmp_name,
	                   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/* The lock tells other builds that this folder is alive. */
	if (s->tmp_fd < 0 || flock(s->tmp_fd, LOCK_EX | LOCK_NB) < 0)
		return tr_error_set("%s: %s", s->path, strerror(errno));
	/* The marker first: a folder left by a killed build is then known
	 * to be ours. */
	if (tr_site_write_marker(s, s->tmp_fd, NULL, -1) < 0)
		return TR_ERROR;
	/* OUT's mode, group and setgid bit, or for a new OUT what mkdir would
	 * have given it (umask, the parent's setgid). */
	if (s->out_fd >= 0) {
		if (fchown(s->tmp_fd, (uid_t)-1, s->old.st.st_gid) < 0 && errno != EPERM)
			return tr_error_set_errno(s->path);
		if (fchmod(s->tmp_fd, s->old.st.st_mode & 07777) < 0)
			return tr_error_set_errno(s->path);
	} else {
		struct stat pst, tst;
		mode_t mode = 0777 & ~mask;
		if (fstat(s->parent_fd, &pst) == 0 && (pst.st_mode & S_ISGID) &&
		    fstat(s->tmp_fd, &tst) == 0)
			mode |= S_ISGID;
		if (fchmod(s->tmp_fd, mode) < 0)
			return tr_error_set_errno(s->path);
	}
	return 0;
}

int tr_site_open(tr_site **out, const char *dir, const tr_site_options *opts)
{
	tr_site *s;
	int rc;

	*out = NULL;
	if (!dir || !*dir)
		return tr_error_set("no output folder given");
	if (!(s = tr_calloc(1, sizeof(*s))))
		return TR_ENOMEM;
	s->parent_fd = s->tmp_fd = s->out_fd = -1;
	s->force = opts && opts->force;
	S_make_tag(s);
	if ((rc = S_locate(s, dir)) < 0)
		goto fail;
	if (opts && opts->study_root && (rc = tr_site_check_study(s, opts->study_root)) < 0)
		goto fail;
	s->parent_fd = open(s->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->parent_fd < 0) {
		rc = tr_error_set_errno(s->parent);
		goto fail;
	}
	if ((rc = tr_site_clear_stale(s)) < 0 || (rc = S_check_existing(s)) < 0 ||
	    (rc = S_make_tmp(s)) < 0)
		goto fail;
	*out = s;
	return 0;
fail:
	tr_site_free(s);
	return rc;
}

int tr_site_write(tr_site *s, const char *name, const void *data, size_t len)
{
	int rc;
	if (s->committed)
		return tr_error_set("%s: written after its commit", s->path);
	if (!tr_site_name_valid(name))
		return tr_error_set("'%s': not a safe name for a file of the output folder",
		                    name ? name : "");
	if (tr_site_list_has(&s->written, name))
		return tr_error_set("%s/%s: written twice", s->path, name);
	if (s->out_fd >= 0 && (rc = tr_site_check_collision(s, s->out_fd, &s->old, name)) < 0)
		return rc;
	if ((rc = tr_site_put(s, name, data, len)) < 0)
		return rc;
	return tr_site_list_add(&s->written, name);
}

/* Two renames where RENAME_EXCHANGE is not available: OUT to an empty
 * OUT.tpsreport-old.TAG folder (a rename onto an empty folder replaces
 * it), then the new folder to OUT. Between the two OUT is missing; the
 * next build puts the old one back first (tr_site_clear_stale). */
static int S_swap_two_steps(tr_site *s, char **old_name)
{
	if (!(*old_name = tr_sprintf("%s%s%s", s->base, TR_SITE_OLD, s->tag)))
		return TR_ENOMEM;
	if (mkdirat(s->parent_fd, *old_name, 0700) < 0)
		return tr_error_set_errno(s->path);
	if (renameat(s->parent_fd, s->base, s->parent_fd, *old_name) < 0 ||
	    renameat(s->parent_fd, s->tmp_name, s->parent_fd, s->base) < 0)
		return tr_error_set_errno(s->path);
	return 0;
}

/* OUT holds only tpsreport's files: the new folder takes its place in
 * one step, and the previous one is removed. */
static int S_commit_swap(tr_site *s, int out_fd, int *err)
{
	char *old_name = NULL;
	bool exists = out_fd >= 0;
	int rc;
	if ((rc = tr_site_write_marker(s, s->tmp_fd, &s->written, out_fd)) < 0 ||
	    (rc = tr_site_sync_dir(s->tmp_fd, ".", s->path)) < 0)
		return rc;
	if (!exists) {
		if (renameat(s->parent_fd, s->tmp_name, s->parent_fd, s->base) < 0) {
			*err = errno;
			return tr_error_set_errno(s->path);
		}
	} else {
#ifdef RENAME_EXCHANGE
		if (renameat2(s->parent_fd, s->tmp_name, s->parent_fd, s->base,
		              RENAME_EXCHANGE) == 0) {
			/* tmp_name now holds the previous OUT. */
			old_name = s->tmp_name;
			s->tmp_name = NULL;
		} else if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
			*err = errno;
			return tr_error_set_errno(s->path);
		}
#endif
		if (!old_name && (rc = S_swap_two_steps(s, &old_name)) < 0) {
			free(old_name);
			return rc;
		}
	}
	s->committed = true;
	rc = tr_site_sync_dir(s->parent_fd, ".", s->parent);
	if (old_name) {
		int rc2 = tr_site_remove_ours(s->parent_fd, old_name, s->parent);
		if (rc == 0)
			rc = rc2;
		free(old_name);
	}
	return rc;
}

static int S_commit_locked(tr_site *s)
{
	tr_site_state now;
	struct stat st;
	int rc, fd, err = 0;
	/* OUT as it is now: another build may have made or replaced it. */
	if (fstatat(s->parent_fd, s->base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno != ENOENT || s->tmp_inside)
			return tr_error_set_errno(s->path);
		return S_commit_swap(s, -1, &err);
	}
	if (!S_ISDIR(st.st_mode))
		return tr_error_set("%s: is no longer a folder", s->path);
	fd = openat(s->parent_fd, s->base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return tr_error_set_errno(s->path);
	if ((rc = tr_site_scan(s, fd, &now)) < 0)
		goto cleanup;
	if (s->out_fd < 0 && !now.marked && now.foreign) {
		rc = tr_error_set("%s: another program wrote this folder while the "
		                  "report was built; nothing was changed", s->path);
		goto cleanup;
	}
	if (!s->tmp_inside && !now.foreign && !now.mount) {
		if ((rc = tr_site_check_removable(s, fd, &now)) < 0)
			goto cleanup;
		rc = S_commit_swap(s, fd, &err);
		/* A bind mount that neither st_dev nor statx showed: file by file. */
		if (rc == 0 || s->committed || (err != EBUSY && err != EXDEV))
			goto cleanup;
		tr_error_clear();
	}
	if ((rc = tr_site_commit_in_place(s, fd, &now)) == 0)
		s->committed = true;
cleanup:
	tr_site_state_free(&now);
	close(fd);
	return rc;
}

int tr_site_commit(tr_site *s)
{
	int rc;
	if (s->committed)
		return tr_error_set("%s: committed twice", s->path);
	tr_site_list_sort(&s->written);
	/* Everything on disk before the folder becomes OUT. */
	for (size_t i = 0; i < s->ndirs; i++)
		if ((rc = tr_site_sync_dir(s->tmp_fd, s->dirs[i], s->path)) < 0)
			return rc;
	/* One commit at a time per parent folder: two first builds into a new
	 * OUT then both succeed, one after the other. */
	if (flock(s->parent_fd, LOCK_EX) < 0)
		return tr_error_set_errno(s->parent);
	rc = S_commit_locked(s);
	flock(s->parent_fd, LOCK_UN);
	return rc;
}

void tr_site_free(tr_site *s)
{
	if (!s)
		return;
	/* The temporary folder goes, committed or not (after an in-place
	 * commit it holds nothing left to keep). */
	if (s->tmp_name && s->tmp_fd >= 0)
		tr_site_remove_tree(s->tmp_inside ? s->out_fd : s->parent_fd,
		                    s->tmp_name, s->path);
	if (s->tmp_fd >= 0)
		close(s->tmp_fd);
	if (s->out_fd >= 0)
		close(s->out_fd);
	if (s->parent_fd >= 0)
		close(s->parent_fd);
	for (size_t i = 0; i < s->ndirs; i++)
		free(s->dirs[i]);
	free(s->dirs);
	tr_site_state_free(&s->old);
	tr_site_list_free(&s->written);
	free(s->parent);
	free(s->base);
	free(s->path);
	free(s->tmp_name);
	free(s);
}
