/* exec.c: running pgbench itself: fork and exec, no shell, its output
 * straight into the run's file, interruptible. */

#include "bench_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <poll.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int64_t tr_bench_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static double S_tv(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static void S_nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL); /* a signal cuts it short: fine, we look again */
}

/* In the child: its own process group (a Ctrl-C at the terminal reaches
 * tpsreport, which stops pgbench itself, and a kill of the group reaches
 * whatever pgbench started), death with its parent where the kernel offers
 * it (so that a `kill -9` of tpsreport leaves no pgbench running), stdin
 * from /dev/null, stdout and stderr to fd, exec. */
static void S_child(int fd, const char *dir, char *const *argv, pid_t parent)
{
	int null = open("/dev/null", O_RDONLY);
	setpgid(0, 0);
#ifdef __linux__
	/* Kept across exec; then the parent may have died already. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
#else
	(void)parent;
#endif
	if (null < 0 || dup2(null, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 ||
	    (dir && chdir(dir) < 0))
		_exit(127);
	execv(argv[0], argv);
	dprintf(2, "tpsreport: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int tr_bench_exec(int *status, tr_bench_times *times, tr_bench *b,
                  char *const *argv, const char *out_path,
                  void (*tick)(void *, double), void *ctx)
{
	struct rusage ru;
	int fd = open(out_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	int64_t t0, killed_at = 0;
	bool sent = false;
	pid_t pid, self = getpid();

	*status = 0;
	getrusage(RUSAGE_CHILDREN, &ru);
	if (fd < 0)
		return tr_error_set_errno(out_path);
	t0 = tr_bench_now_us();
	pid = fork();
	if (pid < 0) {
		close(fd);
		return tr_error_set("cannot start %s: %s", argv[0], strerror(errno));
	}
	if (pid == 0)
		S_child(fd, b->study, argv, self);
	setpgid(pid, pid); /* as the child does: whichever runs first */
	close(fd);
	atomic_store(&b->child, (int)pid);
	/* Recorded, so that a later run can name it should it outlive us. */
	if (tr_bench_pid_write(b, (long)pid, out_path) < 0) {
		char *msg = tr_strdup(tr_error_last());
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
		while (waitpid(pid, status, 0) < 0 && errno == EINTR)
			;
		atomic_store(&b->child, 0);
		tr_error_set("cannot record the running pgbench: %s", msg ? msg : "");
		free(msg);
		return TR_ERROR;
	}
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		double now = (double)(tr_bench_now_us() - t0) / 1e6;
		if (r == pid || (r < 0 && errno != EINTR))
			break;
		if (atomic_load(&b->interrupted) && !sent) {
			/* The handler sent SIGINT already; say it once more in case
			 * it came before the child existed. */
			kill(-pid, SIGINT);
			sent = true;
			killed_at = tr_bench_now_us();
		}
		if (sent && tr_bench_now_us() - killed_at > 10000000) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
		if (tick)
			tick(ctx, now);
		S_nap(200);
	}
	atomic_store(&b->child, 0);
	tr_bench_pid_clear(b);
	if (times) {
		/* The children's CPU is counted once they are waited for, and we
		 * wait for one at a time: the difference is this child's. */
		struct rusage after;
		getrusage(RUSAGE_CHILDREN, &after);
		times->real_s = (double)(tr_bench_now_us() - t0) / 1e6;
		times->user_s = S_tv(&after.ru_utime) - S_tv(&ru.ru_utime);
		times->sys_s = S_tv(&after.ru_stime) - S_tv(&ru.ru_stime);
	}
	return 0;
}

/* Read what the child writes on fd until it closes it or the deadline
 * passes (then *late). */
static size_t S_read_until(int fd, char *buf, size_t cap, int64_t deadline,
                           bool *late)
{
	size_t n = 0;
	*late = false;
	for (;;) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		int64_t left = deadline - tr_bench_now_us();
		ssize_t got;
		if (left <= 0) {
			*late = true;
			break;
		}
		if (poll(&pfd, 1, (int)(left / 1000) + 1) <= 0)
			continue; /* EINTR, or the time is up: looked at above */
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
		if (n == cap - 1)
			break;
	}
	buf[n] = '\0';
	return n;
}

/* Wait for pid until the deadline; then kill its process group and reap
 * it. Whether it ended in time. */
static bool S_reap_until(pid_t pid, int *status, int64_t deadline)
{
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		if (r == pid || (r < 0 && errno != EINTR))
			return true;
		if (tr_bench_now_us() >= deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, status, 0) < 0 && errno == EINTR)
				;
			return false;
		}
		S_nap(20);
	}
}

int tr_bench_capture(char **out, char *const *argv, double timeout_s)
{
	int pipefd[2];
	char buf[512];
	int status = 0;
	int64_t deadline;
	bool late = false;
	pid_t pid, self = getpid();

	*out = NULL;
	if (pipe(pipefd) < 0)
		return tr_error_set("pipe: %s", strerror(errno));
	deadline = tr_bench_now_us() + (int64_t)(timeout_s * 1e6);
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return tr_error_set("cannot start %s: %s", argv[0], strerror(errno));
	}
	if (pid == 0) {
		close(pipefd[0]);
		S_child(pipefd[1], NULL, argv, self);
	}
	setpgid(pid, pid);
	close(pipefd[1]);
	S_read_until(pipefd[0], buf, sizeof(buf), deadline, &late);
	close(pipefd[0]);
	if (!S_reap_until(pid, &status, late ? 0 : deadline) || late)
		return tr_error_set("%s %s: no answer within %g s (waited for it to "
		                    "print its version and exit; stopped it)", argv[0],
		                    argv[1] ? argv[1] : "", timeout_s);
	buf[strcspn(buf, "\r\n")] = '\0';
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return tr_error_set("%s --version failed: %s", argv[0],
		                    *buf ? buf : "no output");
	return (*out = tr_strdup(buf)) ? 0 : TR_ENOMEM;
}

/* A word as sh reads it back: bare when it is safe, else '...'. */
static int S_shell_word(tr_buf *out, const char *w)
{
	bool bare = *w != '\0';
	int rc = 0;
	for (const char *p = w; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		            "0123456789-_./=:,+@%", *p))
			bare = false;
	if (bare)
		return tr_buf_puts(out, w);
	rc = tr_buf_putc(out, '\'');
	for (const char *p = w; *p && rc == 0; p++)
		rc = *p == '\'' ? tr_buf_puts(out, "'\\''") : tr_buf_putc(out, *p);
	if (rc == 0)
		rc = tr_buf_putc(out, '\'');
	return rc;
}

int tr_bench_shell_line(tr_buf *out, char *const *argv)
{
	int rc = 0;
	for (size_t i = 0; argv[i] && rc == 0; i++) {
		if (i)
			rc = tr_buf_putc(out, ' ');
		if (rc == 0)
			rc = S_shell_word(out, argv[i]);
	}
	return rc;
}
