#ifndef TR_UTIL_MEMROOM_H
#define TR_UTIL_MEMROOM_H

/* util/memroom.h: how much more memory this process can take before the
 * system refuses it or kills the process, so that a study too large for
 * the machine stops with a sentence rather than an out-of-memory kill. */

#include <stdint.h>

/* The room left: the smallest of the machine's available memory and swap
 * (/proc/meminfo), its control group's memory limit less its usage
 * (cgroup v2 or v1), and the address-space and data limits (ulimit -v,
 * -d) less what the process already maps. *what names the smallest in
 * words ("the memory available on this machine"). UINT64_MAX, and *what
 * NULL, when nothing is known (no /proc, no limit). */
uint64_t tr_mem_room(const char **what);

#endif
