#ifndef TR_UTIL_BASE_H
#define TR_UTIL_BASE_H

/* util/base.h: what every part of tpsreport shares: the return codes and
 * two macros.
 *
 * Conventions for the whole code base (libgit2's, see docs/hacking.md):
 * - functions that can fail return 0 on success or a negative TR_E* code;
 *   the message is set once, where the failure is found, with tr_error_set()
 *   or tr_error_set_at() (util/error.h), and read by the cli with
 *   tr_error_last();
 * - outputs come first and are named `out`; on failure *out is left NULL
 *   (or zeroed) and nothing leaks;
 * - each declaration says who frees what.
 * Library code never prints and never exits. */

enum {
	TR_OK = 0,
	TR_ERROR = -1,   /* generic failure; the message says what */
	TR_ENOMEM = -2,  /* allocation failed */
	TR_ENOTFOUND = -3,
	TR_EINVALID = -4 /* the input is malformed */
};

#if defined(__GNUC__)
#define TR_PRINTF(fmt_idx, arg_idx) \
	__attribute__((format(printf, fmt_idx, arg_idx)))
#else
#define TR_PRINTF(fmt_idx, arg_idx)
#endif

#define TR_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
