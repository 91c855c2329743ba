/* dl.c: loading a shared library on first use (util/dl.h). */

#include "dl.h"
#include "error.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Open the first name that loads, resolve every symbol into the table;
 * 0, or -1 with lib->why set. */
static int S_open(tr_dl_lib *lib)
{
	const char *env = lib->env ? getenv(lib->env) : NULL;
	const char *const *names = lib->names;
	size_t nnames = lib->nnames;
	void *h = NULL;
	const char *err = NULL;
	if (env && *env) {
		names = &env;      /* the user's choice, and nothing else */
		nnames = 1;
	}
	for (size_t i = 0; i < nnames && !h; i++)
		if (!(h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL)))
			err = dlerror();
	if (!h) {
		snprintf(lib->why, sizeof(lib->why), "%s could not be loaded: %s; "
		         "%s", lib->what, err ? err : "no name to try", lib->hint);
		return -1;
	}
	for (size_t i = 0; i < lib->nsymbols; i++) {
		/* The table is a struct of function pointers only, all of one
		 * size and alignment, so it is laid out as an array of them;
		 * and a function pointer is set from dlsym's void * the way
		 * POSIX describes. */
		void (**slot)(void) = (void (**)(void))lib->table + i;
		void *sym = dlsym(h, lib->symbols[i]);
		if (!sym) {
			snprintf(lib->why, sizeof(lib->why), "%s has no %s: too old a "
			         "version", lib->what, lib->symbols[i]);
			dlclose(h);
			return -1;
		}
		*(void **)slot = sym;
	}
	lib->handle = h;
	return 0;
}

int tr_dl_need(tr_dl_lib *lib)
{
	int state = atomic_load_explicit(&lib->state, memory_order_acquire);
	if (state != 0)
		return state > 0 ? 0 : -1;
	pthread_mutex_lock(&lib->lock);
	if ((state = atomic_load_explicit(&lib->state, memory_order_relaxed)) == 0) {
		state = S_open(lib) == 0 ? 1 : -1;
		atomic_store_explicit(&lib->state, state, memory_order_release);
	}
	pthread_mutex_unlock(&lib->lock);
	return state > 0 ? 0 : -1;
}

int tr_dl_load(tr_dl_lib *lib)
{
	return tr_dl_need(lib) < 0 ? tr_error_set("%s", lib->why) : 0;
}

void tr_dl_must(tr_dl_lib *lib)
{
	if (tr_dl_need(lib) < 0)
		abort();
}

void *tr_dl_data(tr_dl_lib *lib, const char *name)
{
	return tr_dl_need(lib) == 0 ? dlsym(lib->handle, name) : NULL;
}
