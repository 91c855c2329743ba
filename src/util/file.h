#ifndef TR_UTIL_FILE_H
#define TR_UTIL_FILE_H

/* util/file.h: whole files in, atomic files out, paths. */

#include <stddef.h>

#include "util/buf.h"

#include <stdbool.h>

/* Read a whole file into out (cleared first). Fails with "path: reason".
 * Only regular files are read (opened with O_NONBLOCK, so a FIFO cannot
 * hang the reader), and none larger than TR_FILE_READ_MAX. */
#define TR_FILE_READ_MAX (256 << 20)
int tr_file_read(tr_buf *out, const char *path);
/* The same, naming the file `name` in messages (e.g. its path relative to
 * the study). */
int tr_file_read_named(tr_buf *out, const char *path, const char *name);

/* true when the path a is b or lies inside it (both already real). */
bool tr_path_within(const char *a, const char *b);
/* Whether path's real path (symbolic links resolved) lies inside root's:
 * 1 inside, 0 outside (then *real is the real path, for the message; the
 * caller frees it), or a negative code when either cannot be resolved. */
int tr_path_inside(const char *path, const char *root, char **real);

/* mkdir -p: path and every missing folder above it (mode 0755); folders
 * already there are fine. Fails with "FOLDER: reason" naming the first
 * folder that could not be made. */
int tr_path_mkdirs(const char *path);

/* Join two path parts with one '/'. Caller frees. */
char *tr_path_join(const char *a, const char *b);

/* Write data to path atomically: a temporary file in the same folder,
 * fsync, rename. A file already at path is replaced only when it is a
 * regular file the user may write and its owner's write bit is set (a
 * write-protected file is refused, even for root: "PATH: write-protected
 * ..."), and keeps its mode; a new file is 0644. Returns 0 or TR_ERROR. */
int tr_file_write_atomic(const char *path, const void *data, size_t len);

#endif
