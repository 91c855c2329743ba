#ifndef TR_INGEST_INTERNAL_H
#define TR_INGEST_INTERNAL_H

/* Internal to ingest: the pieces of tr_study_load(). */

#include "ingest.h"
#include "util/buf.h"
#include "util/diag.h"

/* A folder's entries, natural order, without "." ".." and hidden names. */
typedef struct tr_listing {
	char **names;
	size_t count;
} tr_listing;

int tr_listing_read(tr_listing *out, const char *fspath);
void tr_listing_free(tr_listing *l);

/* "run1.9084" -> stem "run1", pid 9084, thread 0; "run1.9084.3" -> 3.
 * false when the name is not a log file name. *stem is a new string. */
bool tr_log_name_parse(const char *name, char **stem, long *pid, int *thread);

/* A file to read during loading, with where it is. */
typedef struct tr_input {
	char *fspath;    /* as opened: root/results/p/s/name */
	char *relpath;   /* results/p/s/name, used in messages */
} tr_input;

/* Scan results/<p>/<s>/ and append its runs and inits to the study.
 * Log files are only named here (run->log_paths); they are read later. */
int tr_scan_scenario(tr_study *study, size_t provider, size_t scenario,
                     const char *fsdir, const char *reldir,
                     tr_buf *digest_list);

/* Read every run's logs (on worker threads), compute windows and latency
 * accumulators, and exclude runs whose logs cannot be used. */
int tr_load_logs(tr_study *study, const tr_load_options *options,
                 tr_buf *digest_list);

/* Windows of a run from its aggregate logs (one tr_agglog per thread file,
 * in thread order), first window left out. Problems go to diags. */
int tr_windows_from_agglogs(tr_run *run, const tr_agglog *logs, size_t nlogs,
                            tr_diags *diags);

/* Windows from -P progress lines, first window left out. */
int tr_windows_from_progress(tr_run *run, const tr_progress *lines, size_t n,
                             tr_diags *diags);

/* Add "path<TAB>sha256-hex<NL>" of data to the list of inputs; the study's
 * digest is the SHA-256 of that list sorted (see tr_study_load). */
int tr_digest_note(tr_buf *list, const char *relpath, const char *data,
                   size_t len);
int tr_digest_note_hex(tr_buf *list, const char *relpath, const char *hex);

#endif
