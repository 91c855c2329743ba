#ifndef TR_UTIL_FILE_H
#define TR_UTIL_FILE_H

/* util/file.h: whole files in, atomic files out, paths. */

#include <stddef.h>

#include "util/buf.h"

/* Read a whole file into out (cleared first). Fails with "path: reason". */
int tr_file_read(tr_buf *out, const char *path);
/* The same, naming the file `name` in messages (e.g. its path relative to
 * the study). */
int tr_file_read_named(tr_buf *out, const char *path, const char *name);

/* Join two path parts with one '/'. Caller frees. */
char *tr_path_join(const char *a, const char *b);

/* Write data to path atomically: a temporary file in the same folder,
 * fsync, rename. Returns 0 or TR_ERROR. */
int tr_file_write_atomic(const char *path, const void *data, size_t len);

#endif
