/* lock.c: one writer per study, and no pgbench left behind.
 *
 * `run` holds an exclusive flock(2) on results/.tpsreport-run.lock for its
 * whole life: the kernel releases it when the process ends, however it
 * ends, so a stale lock cannot exist; the file says who holds it. While
 * pgbench runs, results/.tpsreport-pgbench.pid names it (pid, its start
 * time as the kernel counts it, the file it writes), so that the next
 * `run` can tell a pgbench that outlived its tpsreport (where no
 * parent-death signal exists, or one started by an older tpsreport) from
 * a pid the system has since given to another process. Both files are
 * hidden: the reader passes over them. */

#include "bench_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define S_LOCK "results/.tpsreport-run.lock"
#define S_PIDFILE "results/.tpsreport-pgbench.pid"

static void S_utc_now(char *out, size_t n)
{
	time_t now = time(NULL);
	struct tm tm;
	*out = '\0';
	if (gmtime_r(&now, &tm))
		strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The value of "key=value" on a line of text, or "unknown". */
static char *S_field(const char *text, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, key, n) == 0 && p[n] == '=')
			return tr_strndup(p + n + 1, strcspn(p + n + 1, "\n"));
	return tr_strdup("unknown");
}

/* Who holds the lock, from what it wrote. */
static int S_held(const tr_bench *b, int fd)
{
	char text[512];
	ssize_t got = pread(fd, text, sizeof(text) - 1, 0);
	char *pid, *since, *host;
	int rc;
	text[got > 0 ? got : 0] = '\0';
	pid = S_field(text, "pid");
	since = S_field(text, "started");
	host = S_field(text, "host");
	rc = tr_error_set("%s: another tpsreport run is writing this study (pid "
	                  "%s, started %s on host %s); one run at a time: wait "
	                  "for it to end, or stop it", b->study,
	                  pid ? pid : "?", since ? since : "?", host ? host : "?");
	free(pid);
	free(since);
	free(host);
	return rc;
}

int tr_bench_lock(tr_bench *b)
{
	char *dir = tr_path_join(b->study, "results");
	char *path = tr_path_join(b->study, S_LOCK);
	char host[256] = "", since[32];
	tr_buf text = TR_BUF_INIT;
	int fd = -1, rc = 0;

	if (!dir || !path) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if ((rc = tr_path_mkdirs(dir)) < 0)
		goto cleanup;
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644)) < 0) {
		rc = tr_error_set_errno(path);
		goto cleanup;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		rc = errno == EWOULDBLOCK ? S_held(b, fd) : tr_error_set_errno(path);
		goto cleanup;
	}
	gethostname(host, sizeof(host) - 1);
	S_utc_now(since, sizeof(since));
	tr_buf_printf(&text, "pid=%ld\nstarted=%s\nhost=%s\n", (long)getpid(), since,
	              *host ? host : "unknown");
	if (!text.ptr || ftruncate(fd, 0) < 0 ||
	    pwrite(fd, text.ptr, text.size, 0) != (ssize_t)text.size) {
		rc = text.ptr ? tr_error_set_errno(path) : TR_ENOMEM;
		goto cleanup;
	}
	b->lock_fd = fd;
	fd = -1;
cleanup:
	if (fd >= 0)
		close(fd);
	tr_buf_free(&text);
	free(dir);
	free(path);
	return rc;
}

/* The kernel's start time of pid (field 22 of /proc/PID/stat, clock ticks
 * since boot), or 0 where there is no /proc. */
static unsigned long long S_start_ticks(pid_t pid)
{
	char path[64], buf[1024];
	unsigned long long ticks = 0;
	const char *p;
	FILE *f;
	size_t n;
	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if (!(f = fopen(path, "re")))
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* p at the space after the command's closing parenthesis, which
	 * begins field 3; each space further begins the next field. */
	if (!(p = strrchr(buf, ')')))
		return 0;
	p++;
	for (int field = 3; field < 22 && p; field++)
		p = strchr(p + 1, ' ');
	if (p)
		ticks = strtoull(p + 1, NULL, 10);
	return ticks;
}

int tr_bench_pid_write(tr_bench *b, long pid, const char *out)
{
	char *path = tr_path_join(b->study, S_PIDFILE), since[32];
	tr_buf text = TR_BUF_INIT;
	int rc;
	if (!path)
		return TR_ENOMEM;
	S_utc_now(since, sizeof(since));
	tr_buf_printf(&text, "pid=%ld\nticks=%llu\nfile=%s\nstarted=%s\n", pid,
	              S_start_ticks((pid_t)pid), out, since);
	rc = text.ptr ? tr_file_write_atomic(path, text.ptr, text.size) : TR_ENOMEM;
	tr_buf_free(&text);
	free(path);
	return rc;
}

void tr_bench_pid_clear(tr_bench *b)
{
	char *path = tr_path_join(b->study, S_PIDFILE);
	if (path)
		unlink(path);
	free(path);
}

int tr_bench_orphans(tr_bench *b)
{
	char *path = tr_path_join(b->study, S_PIDFILE);
	char *pid_s = NULL, *ticks_s = NULL, *file = NULL, *since = NULL;
	tr_buf text = TR_BUF_INIT;
	unsigned long long ticks;
	long pid;
	int rc = 0;

	if (!path)
		return TR_ENOMEM;
	if (tr_file_read(&text, path) < 0) {
		tr_error_clear();
		goto cleanup; /* none recorded */
	}
	pid_s = S_field(tr_buf_cstr(&text), "pid");
	ticks_s = S_field(tr_buf_cstr(&text), "ticks");
	file = S_field(tr_buf_cstr(&text), "file");
	since = S_field(tr_buf_cstr(&text), "started");
	if (!pid_s || !ticks_s || !file || !since) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	pid = strtol(pid_s, NULL, 10);
	ticks = strtoull(ticks_s, NULL, 10);
	/* Alive, and the same process (not a pid given out again since). */
	if (pid > 1 && (kill((pid_t)pid, 0) == 0 || errno == EPERM) &&
	    (ticks == 0 || S_start_ticks((pid_t)pid) == ticks))
		rc = tr_error_set("%s: a pgbench that an earlier tpsreport run started "
		                  "is still running (pid %ld, writing %s since %s); "
		                  "nothing was started: stop it (kill %ld) or let it "
		                  "end, then run again", b->study, pid, file, since,
		                  pid);
	else
		unlink(path); /* ours, and its pgbench is gone */
cleanup:
	tr_buf_free(&text);
	free(pid_s);
	free(ticks_s);
	free(file);
	free(since);
	free(path);
	return rc;
}
