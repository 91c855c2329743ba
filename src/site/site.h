#ifndef TR_SITE_H
#define TR_SITE_H

/*
 * site: writing an output folder so that it is always whole. Everything is
 * written into a temporary folder beside OUT (OUT.tmp-XXXXXX, on the same
 * file system), which then takes OUT's place in one atomic rename
 * (renameat2 RENAME_EXCHANGE on Linux); the previous folder is removed
 * after. A build killed at any moment leaves OUT as it was or as the new
 * build made it, never half of each (docs/reliability.md, "Crash-safe
 * output"). Files whose bytes did not change are hard links to the
 * previous ones: same inode, same mtime, not rewritten.
 *
 * Nothing is written outside OUT but that temporary folder: every name is
 * checked, OUT may not be the study, lie inside its results/ or contain
 * it, and an existing folder is replaced only when it holds the marker
 * file OUT/.tpsreport (or is empty), unless `force` is set.
 *
 *   tr_site *site;
 *   tr_site_open(&site, "out", &opts);
 *   tr_site_write(site, "index.html", html, len);
 *   tr_site_write(site, "charts/tps.svg", svg, n);
 *   tr_site_commit(site);     // OUT now holds exactly these files
 *   tr_site_free(site);       // without a commit: OUT untouched
 */

#include <stdbool.h>
#include <stddef.h>

#define TR_SITE_MARKER ".tpsreport"
/* The marker's first line; then "build PID.HEX" and one "file NAME" line
 * per file tpsreport wrote (docs/reliability.md, "The marker"). */
#define TR_SITE_MARKER_HEAD "tpsreport output folder: the next build replaces the files listed below and keeps every other file."

typedef struct tr_site tr_site;

typedef struct tr_site_options {
	/* Replace an existing OUT even if it is not a tpsreport folder. */
	bool force;
	/* The study being built (NULL: no study checks). */
	const char *study_root;
} tr_site_options;

/*
 * Check OUT, clear what earlier killed builds left beside it, and create
 * the temporary folder. OUT's parent folder must exist. The caller frees
 * *out with tr_site_free().
 */
int tr_site_open(tr_site **out, const char *dir, const tr_site_options *opts);

/*
 * Write one file, `name` being relative to OUT: one to four parts of
 * [A-Za-z0-9._-] joined by '/', none starting with '.' ("index.html",
 * "charts/tps.svg"). A name may be written once.
 */
int tr_site_write(tr_site *site, const char *name, const void *data, size_t len);

/* Make the written files OUT, in one step; the previous OUT is removed. */
int tr_site_commit(tr_site *site);

/* Files taken over unchanged from the previous OUT so far. */
size_t tr_site_unchanged(const tr_site *site);

/* The folder as it will be named, absolute ("/home/me/out"). */
const char *tr_site_path(const tr_site *site);

/* Free; when not committed, the temporary folder is removed and OUT is
 * left as it was. NULL is fine. */
void tr_site_free(tr_site *site);

/* true when `name` is acceptable to tr_site_write. */
bool tr_site_name_valid(const char *name);

#endif
