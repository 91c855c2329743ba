/* sample.c: `tpsreport sample`: one command (a pgbench run by hand) with
 * the sampler beside it, as `run` has around each of its runs. */

#include "bench_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int tr_bench_which(char **out, const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL;
	*out = NULL;
	if (strchr(name, '/'))
		return (*out = tr_strdup(name)) ? 0 : TR_ENOMEM;
	if (!*name)
		return tr_error_set("an empty command name"), TR_ENOTFOUND;
	if (!(copy = tr_strdup(path && *path ? path : "/usr/bin:/bin")))
		return TR_ENOMEM;
	for (char *dir = strtok_r(copy, ":", &save); dir && !*out;
	     dir = strtok_r(NULL, ":", &save)) {
		char *cand = tr_path_join(*dir ? dir : ".", name);
		if (!cand) {
			free(copy);
			return TR_ENOMEM;
		}
		if (access(cand, X_OK) == 0)
			*out = cand;
		else
			free(cand);
	}
	free(copy);
	if (!*out) {
		tr_error_set("%s: not found on PATH", name);
		return TR_ENOTFOUND;
	}
	return 0;
}

/* In the child: death with tpsreport where the kernel offers it (as
 * `run` does for its pgbench), exec (which sets the signals the caller
 * catches back to their defaults). */
static void S_child(char *const *argv, pid_t parent)
{
#ifdef __linux__
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(126);
#else
	(void)parent;
#endif
	execv(argv[0], argv);
	dprintf(2, "tpsreport: sample: cannot run %s: %s\n", argv[0],
	        strerror(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

int tr_bench_sample(int *status, const tr_bench_sample_options *o)
{
	tr_sampler *smp = NULL;
	pid_t pid, self = getpid();
	int rc;

	*status = -1;
	atomic_store(o->pid, 0);
	if ((rc = tr_bench_sampler_begin(&smp, o->conninfo, o->interval_s, o->stem,
	                                 o->pid)) < 0)
		return rc;
	fflush(NULL); /* nothing of ours twice in a child's buffers */
	if ((pid = fork()) < 0) {
		rc = tr_error_set("cannot start %s: %s", o->argv[0], strerror(errno));
		tr_bench_sampler_end(smp, NULL);
		return rc;
	}
	if (pid == 0)
		S_child(o->argv, self);
	atomic_store(o->pid, (int)pid);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	atomic_store(o->pid, 0);
	/* The last sample comes after the command ended: its counters cover
	 * all of it. */
	return tr_bench_sampler_end(smp, o->out);
}
