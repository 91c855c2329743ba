#ifndef TR_UTIL_EXE_H
#define TR_UTIL_EXE_H

/* util/exe.h: the folder of the running program, so that an installed
 * tpsreport finds its data files relative to itself wherever the install
 * was moved. */

/* The folder holding the running executable, symbolic links resolved
 * (Linux: /proc/self/exe). NULL where the system does not say (other
 * systems, /proc not mounted) or on failure; then the caller falls back to
 * the path compiled in. Caller frees. */
char *tr_exe_dir(void);

#endif
