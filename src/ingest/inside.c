/* inside.c: files of a study that lead outside it. A symbolic link in a
 * study may point anywhere (STUDY/writeup.md -> /proc/self/environ would
 * publish the environment); what is read must lie in the study: under
 * its folder, or under its results/ (which may itself be a link to the
 * data, e.g. on another disk). docs/study.md, "Symbolic links". */

#include "ingest_internal.h"
#include "util/alloc.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"

#include <stdlib.h>

int tr_study_inside(const tr_study *st, const char *fspath, char **real)
{
	char *results;
	int rc = tr_path_inside(fspath, st->root, real);
	if (rc != 0)
		return rc;
	free(*real);
	*real = NULL;
	if (!(results = tr_path_join(st->root, "results")))
		return TR_ENOMEM;
	rc = tr_path_inside(fspath, results, real);
	free(results);
	return rc;
}

int tr_listing_keep_inside(tr_listing *ls, tr_study *st, const char *fsdir,
                           const char *reldir)
{
	size_t kept = 0;
	int rc = 0;
	for (size_t i = 0; i < ls->count; i++) {
		char *fs = rc == 0 ? tr_path_join(fsdir, ls->names[i]) : NULL, *real = NULL;
		int in = 1;
		if (rc == 0 && !fs)
			rc = TR_ENOMEM;
		if (fs)
			in = tr_study_inside(st, fs, &real);
		free(fs);
		if (in == TR_ENOMEM)
			rc = TR_ENOMEM;
		if (in == 0) {
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "outside-study", NULL, 0,
			                  "%s/%s: a symbolic link to %s, outside the study; "
			                  "ignored", reldir, ls->names[i], real);
			free(real);
			free(ls->names[i]);
			continue;
		}
		/* Unresolvable (a dangling link): left to the reader's message. */
		ls->names[kept++] = ls->names[i];
	}
	ls->count = kept;
	tr_error_clear();
	return rc;
}
