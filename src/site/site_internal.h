#ifndef TR_SITE_INTERNAL_H
#define TR_SITE_INTERNAL_H

/* Internal to site: the folder being written, and file-system helpers
 * that work relative to directory descriptors (openat and friends, every
 * component opened with O_NOFOLLOW), so that a path can never lead out of
 * the folder it names, nor through a symbolic link inside it. */

#include "site.h"

#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/str.h"

#include <sys/stat.h>

/* A sorted list of names relative to OUT ("index.html", "charts/a.svg"). */
typedef struct tr_site_list {
	char **names;
	size_t count, cap;
} tr_site_list;

int tr_site_list_add(tr_site_list *l, const char *name);
void tr_site_list_sort(tr_site_list *l);
bool tr_site_list_has(const tr_site_list *l, const char *name);
/* true when some name of l starts with "dir/". */
bool tr_site_list_has_dir(const tr_site_list *l, const char *dir);
void tr_site_list_free(tr_site_list *l);

/* What an existing OUT holds, as found by tr_site_scan. */
typedef struct tr_site_state {
	bool exists;
	bool marked;             /* holds a marker of ours */
	bool foreign;            /* holds entries tpsreport did not write */
	bool mount;              /* is a mount point */
	struct stat st;
	tr_site_list ours;       /* the files the marker lists */
} tr_site_state;

struct tr_site {
	char *parent;           /* real path of OUT's parent folder */
	char *base;             /* OUT's name in it */
	char *path;             /* parent/base */
	char tag[40];           /* "PID.RANDOM": names this build's folders */
	char *tmp_name;         /* BASE.tpsreport-tmp.TAG in parent, or
	                         * .tpsreport-tmp.TAG in OUT (tmp_inside) */
	bool tmp_inside;
	bool force;
	int parent_fd;
	int out_fd;             /* OUT as it was at open, or -1 */
	int tmp_fd;             /* the temporary folder, flock()ed while alive */
	tr_site_state old;      /* OUT at open */
	tr_site_list written;   /* names written by this build */
	size_t unchanged;
	bool committed;
	char **dirs;            /* subfolders made in the temporary folder */
	size_t ndirs, dirs_cap;
};

#define TR_SITE_TMP ".tpsreport-tmp."
#define TR_SITE_OLD ".tpsreport-old."

/* ---- site_fs.c ---- */

/* Open the folder holding `name` (relative, '/'-separated) in dirfd,
 * every component with O_NOFOLLOW; *leaf points into name at the last
 * part. -1 with errno when a component is missing, a link or not a
 * folder. */
int tr_site_open_parent(int dirfd, const char *name, const char **leaf);
/* lstat of `name` below dirfd, never following a link. */
int tr_site_lstat(int dirfd, const char *name, struct stat *st);
/* Remove the folder `name` in dirfd and all it holds (links removed,
 * never followed). `path` is for messages. */
int tr_site_remove_tree(int dirfd, const char *name, const char *path);
/* true when the regular file `name` below dirfd holds exactly data. */
bool tr_site_same_file(int dirfd, const char *name, const void *data, size_t len);
/* fsync a folder (by name in dirfd, "." for dirfd itself). */
int tr_site_sync_dir(int dirfd, const char *name, const char *path);
/* Write a marker into dirfd atomically: listing `files`, or with files
 * NULL naming this build (a temporary folder's). When like_fd (or -1)
 * holds a marker with the same bytes, that file is linked instead. */
int tr_site_write_marker(const tr_site *s, int dirfd, const tr_site_list *files,
                         int like_fd);
/* Write one file into the temporary folder (or link OUT's unchanged one). */
int tr_site_put(tr_site *s, const char *name, const void *data, size_t len);

/* ---- site_scan.c ---- */

/* Read the marker of the folder dirfd: 1 and its build tag and file list
 * when it is ours, 0 when there is none. A marker of tpsreport before
 * lists (one line of text) lists every regular file with a valid name. */
int tr_site_read_marker(int dirfd, char *tag, size_t tagsize, tr_site_list *files);
/* What OUT holds (s->out_fd open on it). */
int tr_site_scan(tr_site *s, int out_fd, tr_site_state *out);
void tr_site_state_free(tr_site_state *st);
/* OUT may not be the study, lie in it or hold it (real paths and
 * device/inode numbers). */
int tr_site_check_study(const tr_site *s, const char *study_root);
/* Every file tpsreport will replace or remove in OUT can be: fail
 * before touching anything, naming the first that cannot. */
int tr_site_check_removable(const tr_site *s, int out_fd, const tr_site_state *st);
/* A name to write that is in OUT but not ours (or crosses a link or a
 * file where a folder is needed): an error naming it, unless force. */
int tr_site_check_collision(const tr_site *s, int out_fd, const tr_site_state *st,
                            const char *name);

/* ---- site_stale.c ---- */

/* Remove what killed builds left beside OUT (and inside it), only when
 * their marker proves them ours and their process is gone. */
int tr_site_clear_stale(tr_site *site);
/* Remove from the folder `name` in dirfd the files its marker lists,
 * then the folders left empty; whatever else it holds stays. */
int tr_site_remove_ours(int dirfd, const char *name, const char *path);

/* ---- site_inplace.c ---- */

/* Commit file by file into the existing OUT (a mount point, or a folder
 * holding files of others). */
int tr_site_commit_in_place(tr_site *s, int out_fd, const tr_site_state *st);

#endif
