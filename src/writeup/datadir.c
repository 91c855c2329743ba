/* datadir.c: where the shipped templates and assets are. An installed
 * binary finds them under the data folder it was configured with; a
 * binary run from its build tree finds them in the source tree;
 * TPSREPORT_DATADIR overrides both, and --templates DIR overrides single
 * files. */

#include "writeup_internal.h"
#include "version.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool S_is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int tr_writeup_datafile(char **out, const char *templates_dir, const char *relpath)
{
	const char *base = strrchr(relpath, '/');
	const char *env = getenv("TPSREPORT_DATADIR");
	const char *roots[3];
	tr_buf tried = TR_BUF_INIT;
	size_t n = 0;
	char *path;

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
	roots[n++] = TR_INSTALL_DATADIR;
	roots[n++] = TR_SOURCE_DATADIR;
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
