#ifndef TR_UTIL_DL_H
#define TR_UTIL_DL_H

/*
 * util/dl.h: a shared library loaded when first needed, not at start.
 *
 * libpq (probe) and cairo (chart) bring dozens of libraries with them;
 * linked in, loading them cost every start of tpsreport 10 ms, more than
 * reading two million log lines, though most commands never use them. A
 * module lists the functions it uses in an X-macro,
 *
 *   #define S_FUNCTIONS(X, V)  X(int, PQntuples, (const PGresult *r), (r)) \
 *                              V(PQclear, (PGresult *r), (r))
 *
 * (X: result type, name, parameters, arguments; V: the same without a
 * result), declares `static struct { S_FUNCTIONS(TR_DL_POINTER,
 * TR_DL_VPOINTER) } S_fn;`, defines S_need() (load, or abort: only called
 * after the module's entry points loaded the library successfully) and
 * S_loaded() (load, and say whether it worked), and then
 * S_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD) defines each function under
 * its own name, forwarding to the library's. Functions without a result
 * are the library's free functions: they do nothing when it never loaded.
 */

#include <stddef.h>

#define TR_DL_POINTER(ret, name, params, args) ret (*name) params;
#define TR_DL_VPOINTER(name, params, args) void (*name) params;
#define TR_DL_NAME(ret, name, params, args) #name,
#define TR_DL_VNAME(name, params, args) #name,
#define TR_DL_FORWARD(ret, name, params, args)                                \
	ret name params                                                          \
	{                                                                        \
		S_need();                                                            \
		return S_fn.name args;                                               \
	}
#define TR_DL_VFORWARD(name, params, args)                                    \
	void name params                                                         \
	{                                                                        \
		if (S_loaded())                                                      \
			S_fn.name args;                                                  \
	}

/*
 * Open the first of names[0..nnames) that the dynamic linker loads (only
 * `env` when it is set and not empty: the user's choice), and resolve
 * symbols[i] into the i-th function pointer of *table (a struct of
 * nsymbols function pointers, in the order of symbols). 0, or -1 with
 * why[0..cap) saying what failed ("what": the library, for the message).
 */
int tr_dl_load(void *table, const char *const *symbols, size_t nsymbols,
               const char *const *names, size_t nnames, const char *env,
               const char *what, char *why, size_t cap);

#endif
