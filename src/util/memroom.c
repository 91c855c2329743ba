/* memroom.c: the memory a process may still take, from what Linux says
 * about the machine, the process's control group and its limits.
 *
 * Linux overcommits: malloc rarely fails, and a process that takes more
 * than there is gets killed instead, with no message. So a command that
 * knows how much it will need compares that with this room first. Each
 * source is optional (another system, a container without /proc or
 * /sys/fs/cgroup): a source that cannot be read imposes no bound. */

#include "memroom.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

/* A "Key:   1234 kB" line of a /proc file, in bytes; -1 if absent. */
static int64_t S_proc_kb(const char *path, const char *key)
{
	char line[256];
	size_t klen = strlen(key);
	long long kb;
	int64_t out = -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, key, klen) == 0 && line[klen] == ':' &&
		    sscanf(line + klen + 1, "%lld", &kb) == 1 && kb >= 0) {
			out = (int64_t)kb * 1024;
			break;
		}
	fclose(f);
	return out;
}

/* A file holding one number (cgroup files); -1 if absent or "max". */
static int64_t S_file_number(const char *path)
{
	long long v;
	int64_t out = -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%lld", &v) == 1 && v >= 0)
		out = v;
	fclose(f);
	return out;
}

static void S_take(uint64_t *room, const char **what, int64_t limit,
                   int64_t used, const char *name)
{
	uint64_t left;
	if (limit < 0)
		return;
	if (used < 0)
		used = 0;  /* usage unknown: the whole limit */
	left = used >= limit ? 0 : (uint64_t)(limit - used);
	if (left < *room) {
		*room = left;
		*what = name;
	}
}

/* The control group's limit less its usage: v2 (one hierarchy, the
 * "0::" line of /proc/self/cgroup), else v1's memory controller. A
 * limit larger than the machine means none. */
static void S_cgroup(uint64_t *room, const char **what)
{
	char line[512], path[700];
	const char *name = "the memory limit of this process's control group";
	FILE *f = fopen("/proc/self/cgroup", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *nl = strchr(line, '\n'), *rel;
		if (nl)
			*nl = '\0';
		if (strncmp(line, "0::", 3) == 0) {
			rel = line + 3;
			snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.max", rel);
			int64_t max = S_file_number(path);
			snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.current", rel);
			S_take(room, what, max, S_file_number(path), name);
		} else if ((rel = strstr(line, ":memory:")) != NULL) {
			rel += strlen(":memory:");
			snprintf(path, sizeof(path), "/sys/fs/cgroup/memory%s/memory.limit_in_bytes", rel);
			int64_t max = S_file_number(path);
			snprintf(path, sizeof(path), "/sys/fs/cgroup/memory%s/memory.usage_in_bytes", rel);
			if (max >= 0 && max < ((int64_t)1 << 60))
				S_take(room, what, max, S_file_number(path), name);
		}
	}
	fclose(f);
}

static void S_rlimit(uint64_t *room, const char **what, int resource,
                     const char *vm_key, const char *name)
{
	struct rlimit rl;
	if (getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return;
	S_take(room, what, (int64_t)rl.rlim_cur,
	       S_proc_kb("/proc/self/status", vm_key), name);
}

uint64_t tr_mem_room(const char **what)
{
	uint64_t room = UINT64_MAX;
	int64_t avail = S_proc_kb("/proc/meminfo", "MemAvailable");
	int64_t swap = S_proc_kb("/proc/meminfo", "SwapFree");
	*what = NULL;
	if (avail >= 0)
		S_take(&room, what, avail + (swap > 0 ? swap : 0), 0,
		       "the memory available on this machine");
	S_cgroup(&room, what);
	S_rlimit(&room, what, RLIMIT_AS, "VmSize",
	         "the address-space limit (ulimit -v)");
	S_rlimit(&room, what, RLIMIT_DATA, "VmData",
	         "the data limit (ulimit -d)");
	return room;
}
