/* dl.c: loading a shared library on first use (util/dl.h). */

#include "dl.h"

#include <dlfcn.h>
#include <stdio.h>

int tr_dl_load(void *table, const char *const *symbols, size_t nsymbols,
               const char *const *names, size_t nnames, const char *env,
               const char *what, char *why, size_t cap)
{
	void *h = NULL;
	const char *err = NULL;
	if (env && *env) {
		names = &env;
		nnames = 1;
	}
	for (size_t i = 0; i < nnames && !h; i++)
		if (!(h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL)))
			err = dlerror();
	if (!h) {
		snprintf(why, cap, "%s could not be loaded: %s", what,
		         err ? err : "no name to try");
		return -1;
	}
	for (size_t i = 0; i < nsymbols; i++) {
		/* The table is a struct of function pointers only, all of one
		 * size and alignment, so it is laid out as an array of them;
		 * and a function pointer is set from dlsym's void * the way
		 * POSIX describes. */
		void (**slot)(void) = (void (**)(void))table + i;
		void *sym = dlsym(h, symbols[i]);
		if (!sym) {
			snprintf(why, cap, "%s has no %s (too old a version?)", what,
			         symbols[i]);
			return -1;
		}
		*(void **)slot = sym;
	}
	return 0;
}
