/* site.c: opening, checking, committing and abandoning an output folder.
 * The order of steps and what each leaves behind when interrupted is
 * documented in docs/reliability.md, "Crash-safe output". */

#define _GNU_SOURCE /* renameat2, RENAME_EXCHANGE, flock */

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
#include <unistd.h>

static const char S_marker_text[] =
	"This folder was written by tpsreport build; the next build replaces "
	"all of it.\n";

bool tr_site_name_valid(const char *name)
{
	size_t parts = 0, len = 0;
	const char *p = name;
	if (!name || !*name || strlen(name) > 200)
		return false;
	while (*p) {
		len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		                "0123456789._-");
		if (len == 0 || p[0] == '.' || ++parts > 3)
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

/* a is b, or lies inside b. */
static bool S_within(const char *a, const char *b)
{
	size_t n = strlen(b);
	if (strncmp(a, b, n) != 0)
		return false;
	return a[n] == '\0' || a[n] == '/' || (n == 1 && b[0] == '/');
}

static int S_check_study(const tr_site *s, const char *study_root)
{
	char *study = realpath(study_root, NULL), *results = NULL;
	int rc = 0;
	if (!study)
		return tr_error_set_errno(study_root);
	if (!(results = tr_path_join(study, "results"))) {
		free(study);
		return TR_ENOMEM;
	}
	if (strcmp(s->path, study) == 0)
		rc = tr_error_set("%s: the output folder cannot be the study itself",
		                  s->path);
	else if (S_within(s->path, results))
		rc = tr_error_set("%s: the output folder cannot be inside the study's "
		                  "results/ (it would be read as results)", s->path);
	else if (S_within(study, s->path))
		rc = tr_error_set("%s: the output folder holds the study %s; replacing it "
		                  "would delete the study", s->path, study);
	free(study);
	free(results);
	return rc;
}

/* An existing OUT may be replaced when it is ours, or empty. */
static int S_check_existing(tr_site *s, bool force)
{
	struct stat st;
	DIR *dir;
	struct dirent *e;
	bool empty = true;
	int fd;
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
	s->old_fd = fd;
	if (faccessat(fd, TR_SITE_MARKER, F_OK, AT_SYMLINK_NOFOLLOW) == 0 || force)
		return 0;
	if ((fd = dup(s->old_fd)) < 0 || !(dir = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return tr_error_set_errno(s->path);
	}
	while ((e = readdir(dir)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			empty = false;
	closedir(dir);
	if (!empty)
		return tr_error_set("%s: exists and was not written by tpsreport (it has "
		                    "no %s file); give another folder, or --force to "
		                    "replace everything in it", s->path, TR_SITE_MARKER);
	return 0;
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

int tr_site_open(tr_site **out, const char *dir, const tr_site_options *opts)
{
	tr_site *s;
	char *tmpl = NULL, *slash;
	int rc, fd;

	*out = NULL;
	if (!dir || !*dir)
		return tr_error_set("no output folder given");
	if (!(s = tr_calloc(1, sizeof(*s))))
		return TR_ENOMEM;
	s->parent_fd = s->tmp_fd = s->old_fd = -1;
	if ((rc = S_locate(s, dir)) < 0)
		goto fail;
	if (opts && opts->study_root && (rc = S_check_study(s, opts->study_root)) < 0)
		goto fail;
	s->parent_fd = open(s->parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->parent_fd < 0) {
		rc = tr_error_set_errno(s->parent);
		goto fail;
	}
	if ((rc = tr_site_clear_stale(s)) < 0 ||
	    (rc = S_check_existing(s, opts && opts->force)) < 0)
		goto fail;
	if (!(tmpl = tr_sprintf("%s/%s.tmp-XXXXXX", s->parent, s->base))) {
		rc = TR_ENOMEM;
		goto fail;
	}
	if (!mkdtemp(tmpl)) {
		rc = tr_error_set_errno(tmpl);
		goto fail;
	}
	slash = strrchr(tmpl, '/');
	if (!(s->tmp_name = tr_strdup(slash + 1))) {
		rmdir(tmpl);
		rc = TR_ENOMEM;
		goto fail;
	}
	s->tmp_fd = openat(s->parent_fd, s->tmp_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/* The lock tells other builds that this folder is alive. */
	if (s->tmp_fd < 0 || flock(s->tmp_fd, LOCK_EX | LOCK_NB) < 0) {
		rc = tr_error_set_errno(tmpl);
		goto fail;
	}
	if (fchmod(s->tmp_fd, 0755) < 0) {
		rc = tr_error_set_errno(tmpl);
		goto fail;
	}
	/* The marker first: a folder left by a killed build is then known
	 * to be ours. (The previous one, linked, when it says the same.) */
	if (s->old_fd >= 0 &&
	    tr_site_same_file(s->old_fd, TR_SITE_MARKER, S_marker_text, sizeof(S_marker_text) - 1) &&
	    linkat(s->old_fd, TR_SITE_MARKER, s->tmp_fd, TR_SITE_MARKER, 0) == 0) {
		free(tmpl);
		*out = s;
		return 0;
	}
	fd = openat(s->tmp_fd, TR_SITE_MARKER, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, S_marker_text, sizeof(S_marker_text) - 1) !=
	                  (ssize_t)(sizeof(S_marker_text) - 1) ||
	    fsync(fd) < 0) {
		rc = tr_error_set_errno(tmpl);
		if (fd >= 0)
			close(fd);
		goto fail;
	}
	close(fd);
	free(tmpl);
	*out = s;
	return 0;
fail:
	free(tmpl);
	tr_site_free(s);
	return rc;
}

/* Two renames where RENAME_EXCHANGE is not available: OUT to an empty
 * OUT.old-XXXXXX folder (a rename onto an empty folder replaces it), then
 * the new folder to OUT. Between the two OUT is missing; the next build
 * puts OUT.old-XXXXXX back first (tr_site_clear_stale). */
static int S_swap_two_steps(tr_site *s, char **old_name)
{
	char *tmpl = tr_sprintf("%s/%s.old-XXXXXX", s->parent, s->base);
	int rc = 0;
	if (!tmpl)
		return TR_ENOMEM;
	if (!mkdtemp(tmpl)) {
		rc = tr_error_set_errno(tmpl);
		goto cleanup;
	}
	if (!(*old_name = tr_strdup(strrchr(tmpl, '/') + 1))) {
		rmdir(tmpl);
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if (renameat(s->parent_fd, s->base, s->parent_fd, *old_name) < 0 ||
	    renameat(s->parent_fd, s->tmp_name, s->parent_fd, s->base) < 0)
		rc = tr_error_set_errno(s->path);
cleanup:
	free(tmpl);
	return rc;
}

int tr_site_commit(tr_site *s)
{
	char *old_name = NULL;
	int rc;
	if (s->committed)
		return tr_error_set("%s: committed twice", s->path);
	/* Everything on disk before the folder becomes OUT. */
	for (size_t i = 0; i < s->ndirs; i++)
		if ((rc = tr_site_sync_dir(s->tmp_fd, s->dirs[i], s->path)) < 0)
			return rc;
	if ((rc = tr_site_sync_dir(s->tmp_fd, ".", s->path)) < 0)
		return rc;
	if (s->old_fd < 0) {
		if (renameat(s->parent_fd, s->tmp_name, s->parent_fd, s->base) < 0)
			return tr_error_set_errno(s->path);
	} else {
#ifdef RENAME_EXCHANGE
		if (renameat2(s->parent_fd, s->tmp_name, s->parent_fd, s->base,
		              RENAME_EXCHANGE) == 0) {
			/* tmp_name now holds the previous OUT. */
			old_name = s->tmp_name;
			s->tmp_name = NULL;
		} else if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
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
		int rc2 = tr_site_remove_tree(s->parent_fd, old_name, s->parent);
		if (rc == 0)
			rc = rc2;
		free(old_name);
	}
	return rc;
}

void tr_site_free(tr_site *s)
{
	if (!s)
		return;
	if (!s->committed && s->tmp_name && s->parent_fd >= 0)
		tr_site_remove_tree(s->parent_fd, s->tmp_name, s->parent);
	if (s->tmp_fd >= 0)
		close(s->tmp_fd);
	if (s->old_fd >= 0)
		close(s->old_fd);
	if (s->parent_fd >= 0)
		close(s->parent_fd);
	for (size_t i = 0; i < s->ndirs; i++)
		free(s->dirs[i]);
	free(s->dirs);
	free(s->parent);
	free(s->base);
	free(s->path);
	free(s->tmp_name);
	free(s);
}
