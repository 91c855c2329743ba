/* site_inplace.c: committing into an existing OUT file by file, where the
 * folder cannot be swapped as a whole: OUT is a mount point (docker -v
 * site:/out), or it holds files tpsreport did not write (.git of a
 * gh-pages worktree, CNAME, .nojekyll), which must stay where they are.
 *
 * Every file was written first into the temporary folder (so a failed
 * build changes nothing); then each takes its place with one rename
 * (atomic per file). The marker lists the old and the new files while
 * files move, and only the new ones after: a build killed half-way
 * leaves every file whole and each known as ours. */

#include "site_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define S_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* The folders of name in OUT, made where missing; with --force a link or
 * file in the way is removed (never followed). */
static int S_out_dirs(const tr_site *s, int out_fd, const char *name)
{
	char part[700];
	const char *slash = name;
	while ((slash = strchr(slash, '/')) != NULL) {
		struct stat st;
		const char *leaf;
		int pfd, rc = 0;
		snprintf(part, sizeof(part), "%.*s", (int)(slash - name), name);
		slash++;
		if ((pfd = tr_site_open_parent(out_fd, part, &leaf)) < 0)
			return tr_error_set("%s/%s: %s", s->path, part, strerror(errno));
		if (fstatat(pfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st.st_mode)) {
			if (!s->force)
				rc = tr_error_set("%s/%s: not a folder", s->path, part);
			else if (unlinkat(pfd, leaf, 0) < 0)
				rc = tr_error_set("%s/%s: %s", s->path, part, strerror(errno));
		}
		if (rc == 0 && mkdirat(pfd, leaf, 0777) < 0 && errno != EEXIST)
			rc = tr_error_set("%s/%s: %s", s->path, part, strerror(errno));
		close(pfd);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static int S_move(const tr_site *s, int out_fd, const char *name)
{
	const char *sleaf, *dleaf;
	int sfd, dfd, rc = 0;
	if ((rc = S_out_dirs(s, out_fd, name)) < 0)
		return rc;
	sfd = tr_site_open_parent(s->tmp_fd, name, &sleaf);
	dfd = tr_site_open_parent(out_fd, name, &dleaf);
	if (sfd < 0 || dfd < 0 || renameat(sfd, sleaf, dfd, dleaf) < 0)
		rc = tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
	else if (fsync(dfd) < 0)
		rc = tr_error_set("%s/%s: %s", s->path, name, strerror(errno));
	if (sfd >= 0)
		close(sfd);
	if (dfd >= 0)
		close(dfd);
	return rc;
}

static void S_remove_old(int out_fd, const char *name)
{
	const char *leaf;
	char *dir = tr_strdup(name), *slash;
	int pfd = tr_site_open_parent(out_fd, name, &leaf);
	if (pfd >= 0) {
		unlinkat(pfd, leaf, 0);
		close(pfd);
	}
	/* Folders left empty go too; a folder with anything in it stays. */
	while (dir && (slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if ((pfd = tr_site_open_parent(out_fd, dir, &leaf)) < 0)
			break;
		unlinkat(pfd, leaf, AT_REMOVEDIR);
		close(pfd);
	}
	free(dir);
}

int tr_site_commit_in_place(tr_site *s, int out_fd, const tr_site_state *st)
{
	tr_site_list all = { 0 };
	int rc = 0;
	/* Under the commit lock OUT may have changed since open: check again. */
	for (size_t i = 0; rc == 0 && i < s->written.count; i++)
		rc = tr_site_check_collision(s, out_fd, st, s->written.names[i]);
	if (rc == 0)
		rc = tr_site_check_removable(s, out_fd, st);
	for (size_t i = 0; rc == 0 && i < st->ours.count; i++)
		rc = tr_site_list_add(&all, st->ours.names[i]);
	for (size_t i = 0; rc == 0 && i < s->written.count; i++)
		if (!tr_site_list_has(&all, s->written.names[i]))
			rc = tr_site_list_add(&all, s->written.names[i]);
	if (rc < 0)
		goto cleanup;
	tr_site_list_sort(&all);
	if ((rc = tr_site_write_marker(s, out_fd, &all, -1)) < 0)
		goto cleanup;
	for (size_t i = 0; rc == 0 && i < s->written.count; i++)
		rc = S_move(s, out_fd, s->written.names[i]);
	if (rc < 0)
		goto cleanup;
	for (size_t i = 0; i < st->ours.count; i++)
		if (!tr_site_list_has(&s->written, st->ours.names[i]))
			S_remove_old(out_fd, st->ours.names[i]);
	if ((rc = tr_site_write_marker(s, out_fd, &s->written, -1)) == 0 && fsync(out_fd) < 0)
		rc = tr_error_set_errno(s->path);
cleanup:
	tr_site_list_free(&all);
	return rc;
}
