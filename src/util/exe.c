/* exe.c: the running program's folder (util/exe.h). Only Linux is asked
 * (/proc/self/exe): elsewhere NULL, and the data folder configured at
 * build time is used, as before installs were relocatable. */

#define _DEFAULT_SOURCE /* realpath */

#include "util/exe.h"

#include <stdlib.h>
#include <string.h>

char *tr_exe_dir(void)
{
#if defined(__linux__)
	/* realpath resolves the /proc link and any link to the binary (a
	 * /usr/local/bin/tpsreport pointing into an install elsewhere). */
	char *path = realpath("/proc/self/exe", NULL);
	char *slash;
	if (!path)
		return NULL;
	slash = strrchr(path, '/');
	if (!slash) {
		free(path);
		return NULL;
	}
	slash[slash == path ? 1 : 0] = '\0';
	return path;
#else
	return NULL;
#endif
}
