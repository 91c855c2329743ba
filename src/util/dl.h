#ifndef TR_UTIL_DL_H
#define TR_UTIL_DL_H

/*
 * util/dl.h: a shared library loaded when first needed, not at start.
 *
 * libpq (probe), cairo and libxml2 (chart), libxml2 and cmark-gfm
 * (writeup) bring dozens of libraries with them; linked in, loading them
 * cost every start of tpsreport 9.6 ms, half of reading two million log
 * lines, though most commands never use them. A module lists the
 * functions it uses in an X-macro,
 *
 *   #define S_FUNCTIONS(X, V)  X(int, PQntuples, (const PGresult *r), (r)) \
 *                              V(PQclear, (PGresult *r), (r))
 *
 * (X: result type, name, parameters, arguments; V: the same without a
 * result), an array S_names of the files to try, and
 * TR_DL_LIBRARY(S_lib, S_fn, S_FUNCTIONS, S_names, what, hint, env), the
 * tr_dl_lib S_lib and its table S_fn; then S_FUNCTIONS(TR_DL_FORWARD,
 * TR_DL_VFORWARD) defines each function under its own name, forwarding to
 * the library's. The module's entry points call tr_dl_load(&S_lib) first,
 * which says what is missing when it fails; a forwarded function with a
 * result is only reached after that succeeded (and aborts otherwise: a
 * bug), one without does nothing when the library never loaded (it is
 * then a free function called on NULL on a cleanup path, or has no object
 * of the library to act on).
 */

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#define TR_DL_POINTER(ret, name, params, args) ret (*name) params;
#define TR_DL_VPOINTER(name, params, args) void (*name) params;
#define TR_DL_NAME(ret, name, params, args) #name,
#define TR_DL_VNAME(name, params, args) #name,
#define TR_DL_FORWARD(ret, name, params, args)                                \
	ret name params                                                          \
	{                                                                        \
		tr_dl_must(&S_lib);                                                  \
		return S_fn.name args;                                               \
	}
#define TR_DL_VFORWARD(name, params, args)                                    \
	void name params                                                         \
	{                                                                        \
		if (tr_dl_need(&S_lib) == 0)                                         \
			S_fn.name args;                                                  \
	}

/*
 * The library `lib` whose functions are LIST, loaded from the first of the
 * array `names` that loads: defines, all static, the table `fn` of their
 * pointers, the list of their names and the tr_dl_lib `lib`. Then
 * LIST(TR_DL_FORWARD, TR_DL_VFORWARD), with S_lib and S_fn naming them,
 * defines the functions.
 */
#define TR_DL_LIBRARY(lib, fn, LIST, names_, what_, hint_, env_)             \
	static struct {                                                          \
		LIST(TR_DL_POINTER, TR_DL_VPOINTER)                                  \
	} fn;                                                                    \
	static const char *const lib##_symbols[] = {                             \
		LIST(TR_DL_NAME, TR_DL_VNAME)                                        \
	};                                                                       \
	static tr_dl_lib lib = {                                                 \
		.what = what_, .hint = hint_, .env = env_,                           \
		.names = names_, .nnames = sizeof(names_) / sizeof(names_[0]),       \
		.symbols = lib##_symbols,                                            \
		.nsymbols = sizeof(lib##_symbols) / sizeof(lib##_symbols[0]),        \
		.table = &fn,                                                        \
		.lock = PTHREAD_MUTEX_INITIALIZER,                                   \
	}

/* A library to load on first use. The fields up to `table` are the
 * module's (static initialisation); the rest are tr_dl_need's. */
typedef struct tr_dl_lib {
	const char *what;        /* for messages: "libpq (PostgreSQL's ...)" */
	const char *hint;        /* after the reason: "install it (...)" */
	const char *env;         /* a variable naming the one to load */
	const char *const *names; /* else these, the first that loads */
	size_t nnames;
	const char *const *symbols;
	size_t nsymbols;
	void *table;             /* nsymbols function pointers, in that order */
	pthread_mutex_t lock;    /* PTHREAD_MUTEX_INITIALIZER */
	atomic_int state;        /* 0 not tried, 1 loaded, -1 failed */
	void *handle;            /* dlopen's, once loaded */
	char why[512];           /* when it failed: what, reason, hint */
} tr_dl_lib;

/* Load the library once (any thread): 0 when it is loaded, -1 when it
 * cannot be (lib->why says why, every time). */
int tr_dl_need(tr_dl_lib *lib);
/* tr_dl_need for a module's entry point: 0, or an error (tr_error_last)
 * saying what is missing, why, and how to install it. */
int tr_dl_load(tr_dl_lib *lib);
/* tr_dl_need for a call that needs the library: abort when it failed
 * (the entry points reported that before: reaching here is a bug). */
void tr_dl_must(tr_dl_lib *lib);
/* The address of a variable of the loaded library (libxml2's xmlFree is
 * one), or NULL when the library is not loaded or has no such symbol. */
void *tr_dl_data(tr_dl_lib *lib, const char *name);

#endif
