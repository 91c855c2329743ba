#ifndef TR_UTIL_DIAG_H
#define TR_UTIL_DIAG_H

/* util/diag.h: warnings and findings collected while the job goes on. */

#include "util/buf.h"

/*
 * Warnings and findings that do not stop the job: a run left out, a log
 * that could not be read. Each names a file (relative to the study) and a
 * line (0 when the whole file is meant).
 */
typedef enum tr_severity {
	TR_SEV_NOTE = 0,
	TR_SEV_WARNING = 1
} tr_severity;

typedef struct tr_diag {
	tr_severity severity;
	char *code;     /* a stable identifier, e.g. "run-aborted" */
	char *path;     /* relative to the study, or NULL */
	long line;
	char *message;
} tr_diag;

typedef struct tr_diags {
	tr_diag *items;
	size_t count;
	size_t cap;
} tr_diags;

/* Append a diagnostic (strings are copied). Returns 0 or TR_ENOMEM. */
int tr_diags_add(tr_diags *d, tr_severity sev, const char *code,
                 const char *path, long line, const char *fmt, ...)
	TR_PRINTF(6, 7);
/* Sort by path, line, code, message: stable output whatever the order of
 * discovery (threads may find problems in any order). */
void tr_diags_sort(tr_diags *d);
/* Move all of src's items to the end of dst; src is left empty. */
int tr_diags_move(tr_diags *dst, tr_diags *src);
void tr_diags_free(tr_diags *d);
/* "path:line: message" (or without line/path), appended to out. */
int tr_diag_format(tr_buf *out, const tr_diag *diag);

#endif
