/* datadir.c: where the shipped templates and assets are. An installed
 * binary finds them relative to itself (BINDIR/../share/tpsreport, so that
 * an install moved elsewhere still works), then under the data folder it
 * was configured with; a binary run from its build tree finds them in the
 * source tree; TPSREPORT_DATADIR comes before all of them, and --templates
 * DIR overrides single files. */

#include "writeup_internal.h"
#include "version.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/exe.h"
#include "util/file.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool S_is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The first of roots[0..n) holding relpath: 0 and *out, or TR_ENOTFOUND
 * saying every place looked in. */
static int S_first(char **out, const char *const *roots, size_t n,
                   const char *relpath)
{
	tr_buf tried = TR_BUF_INIT;
	char *path;

	for (size_t i = 0; i < n; i++) {
		if (!(path = tr_path_join(roots[i], relpath))) {
			tr_buf_free(&tried);
			return TR_ENOMEM;
		}
		if (S_is_file(path)) {
			tr_buf_free(&tried);
			*out = path;
			return 0;
		}
		tr_buf_printf(&tried, "%s%s", i ? ", " : "", path);
		free(path);
	}
	tr_error_set("%s: not found (looked in %s; set TPSREPORT_DATADIR to the "
	             "folder holding templates/ and assets/)", relpath, tr_buf_cstr(&tried));
	tr_buf_free(&tried);
	return TR_ENOTFOUND;
}

int tr_writeup_datafile(char **out, const char *templates_dir, const char *relpath)
{
	const char *base = strrchr(relpath, '/');
	const char *env = getenv("TPSREPORT_DATADIR");
	const char *roots[4];
	char *exe, *near = NULL;
	size_t n = 0;
	char *path;
	int rc;

	*out = NULL;
	base = base ? base + 1 : relpath;
	if (templates_dir) {
		if (!(path = tr_path_join(templates_dir, base)))
			return TR_ENOMEM;
		if (S_is_file(path)) {
			*out = path;
			return 0;
		}
		free(path);
	}
	if (env && *env)
		roots[n++] = env;
	/* The install's own data, wherever the install now is. */
	if ((exe = tr_exe_dir())) {
		near = tr_path_join(exe, TR_BIN_TO_DATADIR);
		free(exe);
		if (!near)
			return TR_ENOMEM;
		roots[n++] = near;
	}
	roots[n++] = TR_INSTALL_DATADIR;
	roots[n++] = TR_SOURCE_DATADIR;
	rc = S_first(out, roots, n, relpath);
	free(near);
	return rc;
}
