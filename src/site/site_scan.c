/* site_scan.c: what an existing OUT holds, and the checks made before
 * anything is touched: the study is not in the way, every file to be
 * replaced can be, and no file of someone else is overwritten. */

#define _GNU_SOURCE /* realpath, statx */

#include "site_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#ifdef TR_HAVE_FS_IOC_GETFLAGS
#include <linux/fs.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef TR_HAVE_FS_IOC_GETFLAGS
#include <sys/ioctl.h>
#endif
#include <unistd.h>

#define S_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define S_MARKER_MAX (4 << 20)

/* A marker of tpsreport before it listed its files: every regular file
 * of a valid name, as those builds wrote nothing else. */
static int S_list_regular(int fd, const char *prefix, int depth, tr_site_list *out)
{
	DIR *dir;
	struct dirent *e;
	int rc = 0, dfd = dup(fd);
	if (dfd < 0 || !(dir = fdopendir(dfd))) {
		if (dfd >= 0)
			close(dfd);
		return 0;
	}
	rewinddir(dir); /* the offset is shared with the descriptor dup()ed */
	while (rc == 0 && (e = readdir(dir)) != NULL) {
		struct stat st;
		char name[700];
		if (e->d_name[0] == '.')
			continue;
		snprintf(name, sizeof(name), "%s%s", prefix, e->d_name);
		if (!tr_site_name_valid(name) ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			rc = tr_site_list_add(out, name);
		} else if (S_ISDIR(st.st_mode) && depth < 2) {
			int sub = openat(fd, e->d_name, S_DIR_FLAGS);
			if (sub >= 0) {
				strcat(name, "/");
				rc = S_list_regular(sub, name, depth + 1, out);
				close(sub);
			}
		}
	}
	closedir(dir);
	return rc;
}

int tr_site_read_marker(int dirfd, char *tag, size_t tagsize, tr_site_list *files)
{
	tr_buf text = TR_BUF_INIT;
	struct stat st;
	char *line, *save = NULL;
	size_t head = strlen(TR_SITE_MARKER_HEAD);
	int rc = 0, fd = openat(dirfd, TR_SITE_MARKER, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	tag[0] = '\0';
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > S_MARKER_MAX) {
		close(fd);
		return 0;
	}
	if (tr_buf_grow(&text, (size_t)st.st_size + 1) < 0) {
		close(fd);
		return TR_ENOMEM;
	}
	{
		ssize_t n = read(fd, text.ptr, (size_t)st.st_size);
		text.size = n > 0 ? (size_t)n : 0;
		text.ptr[text.size] = '\0';
	}
	close(fd);
	if (text.size < head || memcmp(text.ptr, TR_SITE_MARKER_HEAD, head) != 0) {
		rc = S_list_regular(dirfd, "", 0, files);
		goto done;
	}
	for (line = strtok_r(text.ptr + head, "\n", &save); line && rc == 0;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "build ", 6) == 0)
			snprintf(tag, tagsize, "%s", line + 6);
		else if (strncmp(line, "file ", 5) == 0 && tr_site_name_valid(line + 5))
			rc = tr_site_list_add(files, line + 5);
	}
done:
	tr_buf_free(&text);
	tr_site_list_sort(files);
	return rc < 0 ? rc : 1;
}

/* Whether the folder fd (at relative prefix) holds anything not ours. */
static bool S_foreign_in(int fd, const char *prefix, const tr_site_list *ours,
                         dev_t dev)
{
	DIR *dir;
	struct dirent *e;
	bool foreign = false;
	int dfd = dup(fd);
	if (dfd < 0 || !(dir = fdopendir(dfd))) {
		if (dfd >= 0)
			close(dfd);
		return true;
	}
	rewinddir(dir); /* the offset is shared with the descriptor dup()ed */
	while (!foreign && (e = readdir(dir)) != NULL) {
		struct stat st;
		char name[700];
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (!*prefix && (strcmp(e->d_name, TR_SITE_MARKER) == 0 ||
		                 strncmp(e->d_name, TR_SITE_TMP, strlen(TR_SITE_TMP)) == 0))
			continue;
		snprintf(name, sizeof(name), "%s%s", prefix, e->d_name);
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			foreign = true;
		else if (S_ISREG(st.st_mode) && tr_site_list_has(ours, name))
			continue;
		else if (S_ISDIR(st.st_mode) && st.st_dev == dev &&
		         tr_site_list_has_dir(ours, name)) {
			int sub = openat(fd, e->d_name, S_DIR_FLAGS);
			strcat(name, "/");
			foreign = sub < 0 || S_foreign_in(sub, name, ours, dev);
			if (sub >= 0)
				close(sub);
		} else {
			foreign = true;
		}
	}
	closedir(dir);
	return foreign;
}

int tr_site_scan(tr_site *s, int out_fd, tr_site_state *out)
{
	char tag[64];
	struct stat pst;
	int rc;
	memset(out, 0, sizeof(*out));
	out->exists = true;
	if (fstat(out_fd, &out->st) < 0 || fstat(s->parent_fd, &pst) < 0)
		return tr_error_set_errno(s->path);
	out->mount = out->st.st_dev != pst.st_dev || out->st.st_ino == pst.st_ino;
#ifdef STATX_ATTR_MOUNT_ROOT
	{
		struct statx sx;
		if (statx(out_fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &sx) == 0 &&
		    (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
		    (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT))
			out->mount = true;
	}
#endif
	if ((rc = tr_site_read_marker(out_fd, tag, sizeof(tag), &out->ours)) < 0)
		return rc;
	out->marked = rc == 1;
	out->foreign = S_foreign_in(out_fd, "", &out->ours, out->st.st_dev);
	return 0;
}

void tr_site_state_free(tr_site_state *st)
{
	tr_site_list_free(&st->ours);
	memset(st, 0, sizeof(*st));
}

/* true when the folder `anc` (by device and inode) is `path` or one of
 * the folders above its real path: links and bind mounts cannot hide
 * that one holds the other. */
static bool S_holds(const struct stat *anc, const char *path)
{
	char *real = realpath(path, NULL), *slash;
	bool holds = false;
	if (!real)
		return false;
	for (;;) {
		struct stat st;
		if (stat(real, &st) == 0 && st.st_dev == anc->st_dev && st.st_ino == anc->st_ino) {
			holds = true;
			break;
		}
		slash = strrchr(real, '/');
		if (!slash || slash == real) {
			if (real[1] && stat("/", &st) == 0 && st.st_dev == anc->st_dev &&
			    st.st_ino == anc->st_ino)
				holds = true;
			break;
		}
		*slash = '\0';
	}
	free(real);
	return holds;
}

int tr_site_check_study(const tr_site *s, const char *study_root)
{
	struct stat study, results, out;
	char *rpath = tr_path_join(study_root, "results");
	bool has_results, out_exists;
	const char *from;
	int rc = 0;
	if (!rpath)
		return TR_ENOMEM;
	if (stat(study_root, &study) < 0) {
		free(rpath);
		return tr_error_set_errno(study_root);
	}
	has_results = stat(rpath, &results) == 0;
	out_exists = stat(s->path, &out) == 0;
	/* OUT, or where it will be made. */
	from = out_exists ? s->path : s->parent;
	if (out_exists && out.st_dev == study.st_dev && out.st_ino == study.st_ino)
		rc = tr_error_set("%s: the output folder cannot be the study itself", s->path);
	else if (has_results && S_holds(&results, from))
		rc = tr_error_set("%s: the output folder cannot be inside the study's "
		                  "results/ (it would be read as results)", s->path);
	else if (out_exists &&
	         (S_holds(&out, study_root) || (has_results && S_holds(&out, rpath))))
		rc = tr_error_set("%s: the output folder holds the study %s (or its "
		                  "results/); replacing it would delete the study",
		                  s->path, study_root);
	free(rpath);
	return rc;
}

/* chattr +i / +a: even root cannot unlink or rename such a file. Linux's
 * ioctl only (CMake's check defines TR_HAVE_FS_IOC_GETFLAGS): elsewhere
 * nothing is pinned here, and such a file fails later with the system's
 * own reason (EPERM) when it is replaced. */
#ifdef TR_HAVE_FS_IOC_GETFLAGS
static bool S_pinned(int dirfd, const char *leaf)
{
	int fd = openat(dirfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int flags = 0;
	bool pinned = false;
	if (fd < 0)
		return false;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0)
		pinned = (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL)) != 0;
	close(fd);
	return pinned;
}
#else
static bool S_pinned(int dirfd, const char *leaf)
{
	(void)dirfd;
	(void)leaf;
	return false;
}
#endif

/* The folder dirfd lets entries be removed and added. */
static int S_dir_writable(const tr_site *s, int dirfd, const char *rel)
{
	if (faccessat(dirfd, ".", W_OK | X_OK, AT_EACCESS) < 0)
		return tr_error_set("%s%s%s: %s; nothing was changed", s->path, *rel ? "/" : "",
		                    rel, strerror(errno));
	if (S_pinned(dirfd, "."))
		return tr_error_set("%s%s%s: immutable or append-only (chattr); nothing "
		                    "was changed", s->path, *rel ? "/" : "", rel);
	return 0;
}

int tr_site_check_removable(const tr_site *s, int out_fd, const tr_site_state *st)
{
	int rc = S_dir_writable(s, out_fd, "");
	for (size_t i = 0; rc == 0 && i < st->ours.count; i++) {
		const char *name = st->ours.names[i], *leaf;
		int pfd = tr_site_open_parent(out_fd, name, &leaf);
		struct stat fst;
		if (pfd < 0)
			continue; /* gone, or behind a link: not ours to remove */
		if (fstatat(pfd, leaf, &fst, AT_SYMLINK_NOFOLLOW) == 0) {
			if (leaf != name) {
				char dir[700];
				snprintf(dir, sizeof(dir), "%.*s", (int)(leaf - name - 1), name);
				rc = S_dir_writable(s, pfd, dir);
			}
			if (rc == 0 && S_pinned(pfd, leaf))
				rc = tr_error_set("%s/%s: immutable or append-only (chattr): it "
				                  "cannot be replaced; nothing was changed",
				                  s->path, name);
			if (rc == 0 && S_ISDIR(fst.st_mode))
				rc = tr_error_set("%s/%s: a folder where tpsreport wrote a file; "
				                  "nothing was changed", s->path, name);
		}
		close(pfd);
	}
	return rc;
}

int tr_site_check_collision(const tr_site *s, int out_fd, const tr_site_state *st,
                            const char *name)
{
	char part[700];
	struct stat fst;
	const char *slash = name;
	/* Each folder on the way: a real folder, or missing (a link there is
	 * not ours even where our file was). */
	while ((slash = strchr(slash, '/')) != NULL) {
		snprintf(part, sizeof(part), "%.*s", (int)(slash - name), name);
		slash++;
		if (tr_site_lstat(out_fd, part, &fst) < 0)
			return 0;
		if (S_ISDIR(fst.st_mode))
			continue;
		if (s->force)
			return 0;
		return tr_error_set("%s/%s: %s where tpsreport writes the folder %s/; "
		                    "move it away, or --force to replace it", s->path, part,
		                    S_ISLNK(fst.st_mode) ? "a symbolic link" : "a file",
		                    part);
	}
	if (tr_site_list_has(&st->ours, name) || tr_site_lstat(out_fd, name, &fst) < 0)
		return 0;
	if (S_ISDIR(fst.st_mode))
		return tr_error_set("%s/%s: a folder tpsreport did not write, where it "
		                    "writes a file; move it away", s->path, name);
	if (s->force)
		return 0;
	return tr_error_set("%s/%s: exists and was not written by tpsreport; move "
	                    "it away, or --force to overwrite it", s->path, name);
}
