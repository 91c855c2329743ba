/* outcheck.c: an output path given to `chart` may not land in the study
 * it reads: not inside its results/ (the next load would read the chart
 * as a run file, or a run file would be replaced), not onto one of its
 * input files (tpsreport.ini, writeup.md), compared by real path and by
 * device and inode so that links and bind mounts cannot hide it. */

#define _DEFAULT_SOURCE /* realpath */

#include "cli.h"
#include "util/alloc.h"
#include "util/file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The real path `path` names, or will name once created: its parent's
 * real path and its own name. */
static char *S_real_target(const char *path)
{
	char *copy = tr_strdup(path), *slash, *parent, *real;
	const char *base;
	if (!copy)
		return NULL;
	if ((real = realpath(copy, NULL)) != NULL) {
		free(copy);
		return real;
	}
	slash = strrchr(copy, '/');
	if (slash) {
		*slash = '\0';
		base = slash + 1;
		parent = realpath(slash == copy ? "/" : copy, NULL);
	} else {
		base = copy;
		parent = realpath(".", NULL);
	}
	real = parent ? tr_path_join(parent, base) : NULL;
	free(parent);
	free(copy);
	return real;
}

static bool S_same_file(const struct stat *a, const char *study, const char *name)
{
	struct stat b;
	char *p = tr_path_join(study, name);
	bool same = p && stat(p, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
	free(p);
	return same;
}

int tr_cli_output_check(const char *study, const char *out)
{
	char *target = S_real_target(out), *results = NULL, *results_real = NULL;
	struct stat st;
	int rc = 0;
	if (!target) {
		tr_cli_error("%s: %s", out, strerror(errno));
		return -1;
	}
	if ((results = tr_path_join(study, "results")) != NULL)
		results_real = realpath(results, NULL);
	if (results_real && tr_path_within(target, results_real)) {
		tr_cli_error("%s: inside the study's results/ (%s); charts written there "
		             "would replace or be read as run files: give a path outside",
		             out, results_real);
		rc = -1;
	} else if (stat(target, &st) == 0 &&
	           (S_same_file(&st, study, "tpsreport.ini") ||
	            S_same_file(&st, study, "writeup.md"))) {
		tr_cli_error("%s: is an input file of the study %s; give another path",
		             out, study);
		rc = -1;
	}
	free(target);
	free(results);
	free(results_real);
	return rc;
}
