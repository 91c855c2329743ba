#ifndef TR_SITE_INTERNAL_H
#define TR_SITE_INTERNAL_H

/* Internal to site: the folder being written, and file-system helpers
 * that work relative to directory descriptors (openat and friends), so
 * that a path can never lead out of the folder it names. */

#include "site.h"

struct tr_site {
	char *parent;           /* real path of OUT's parent folder */
	char *base;             /* OUT's name in it */
	char *path;             /* parent/base */
	char *tmp_name;         /* base.tmp-XXXXXX, in parent */
	int parent_fd;
	int tmp_fd;             /* the temporary folder, flock()ed while alive */
	int old_fd;             /* OUT as it was, or -1 */
	size_t unchanged;
	bool committed;
	char **dirs;            /* subfolders made in the temporary folder */
	size_t ndirs, dirs_cap;
};

/* Remove the folder `name` in dirfd and all it holds (symbolic links are
 * removed, never followed). `path` is for messages. */
int tr_site_remove_tree(int dirfd, const char *name, const char *path);

/* Remove what killed builds left beside OUT: OUT.tmp-XXXXXX folders that
 * no running build holds locked, and OUT.old-XXXXXX folders (put back as
 * OUT first when OUT is missing). */
int tr_site_clear_stale(tr_site *site);

/* true when dirfd's regular file `name` holds exactly data. */
bool tr_site_same_file(int dirfd, const char *name, const void *data, size_t len);

/* fsync a folder (by name in dirfd, "." for dirfd itself). */
int tr_site_sync_dir(int dirfd, const char *name, const char *path);

#endif
