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

/* Whether fspath's real path lies in the study (its folder or its
 * results/): 1, 0 (outside: *real is where it leads, caller frees), or
 * negative when it cannot be resolved. */
int tr_study_inside(const tr_study *st, const char *fspath, char **real);
/* Drop from a listing of fsdir the entries leading outside the study,
 * each with a warning naming it (reldir/name). */
int tr_listing_keep_inside(tr_listing *ls, tr_study *st, const char *fsdir,
                           const char *reldir);

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

/* An init*.txt|.log|.json name. */
bool tr_scan_is_init_name(const char *name);

/* results/<p>/init.txt: a pgbench -i shared by the provider's scenarios
 * (one database for all of them). Added with scenario SIZE_MAX and shared
 * set; tr_scan_resolve_shared_inits, once every run is known, gives it the
 * first scenario whose runs have its scale and says which ones share it. */
int tr_scan_shared_init(tr_study *study, size_t provider, const char *fspath,
                        const char *relpath, tr_buf *digest_list);
int tr_scan_resolve_shared_inits(tr_study *study);

/* A .json file of a scenario folder (scan_pgb.c): a PostgresBench result
 * is added as runs named <stem>-runN, its load time as an init and its
 * facts to the provider's; any other JSON is not ours (a note), an
 * unreadable one a warning. */
int tr_scan_pgb_result(tr_study *study, size_t provider, size_t scenario,
                       const char *stem, const char *relpath,
                       const tr_buf *text);

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

/* Each run's content digest (run->digest) from the inputs list: see
 * run_digest.c. The list is not modified. */
int tr_run_digests(tr_study *study, const tr_buf *list);

#endif
