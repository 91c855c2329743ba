/* sample.c: `tpsreport sample [CONNINFO] -o FILE -- COMMAND...`: a pgbench
 * run by hand with the sampler beside it, writing the runN.server.json
 * that `run` writes beside each of its runs (docs/run.md). The work is
 * src/bench's; this file checks the arguments, passes signals on and
 * says what the sampler could not read. */

#include "bench/bench.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/str.h"
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Its own failures, as timeout(1) and env(1) say theirs: apart from
 * whatever COMMAND may exit with. */
enum { S_EXIT_SELF = 125, S_EXIT_NOEXEC = 126, S_EXIT_NOTFOUND = 127 };

static const char S_help[] =
	"Usage: tpsreport sample [OPTION]... [CONNINFO] -o FILE -- COMMAND [ARG]...\n"
	"Run COMMAND (normally pgbench, found on PATH; no shell) with the sampler\n"
	"of 'tpsreport run' beside it, and write what it saw to FILE: the\n"
	"server's waits, checkpoints, autovacuum and counters, and this\n"
	"machine's and COMMAND's CPU, in the format of runN.server.json. Name\n"
	"FILE runN.server.json and put it beside runN.txt: build reads it as\n"
	"part of that run. COMMAND's stdin, stdout and stderr are its own; a\n"
	"Ctrl-C reaches it (FILE is still written), SIGTERM and SIGHUP are\n"
	"passed on to it.\n"
	"\n"
	"  -o, --output=FILE   the file (written atomically; its folder must exist)\n"
	"      --interval=S    sample every S (0.2s to 10s, such as 1s or 500ms;\n"
	"                      default 1s), as [study] sample\n"
	"  -h, --help          show this help\n"
	"\n"
	"CONNINFO is a libpq connection string or URI (default: the PG*\n"
	"environment, as for psql); its database is the one watched, so name\n"
	"the one COMMAND uses. It may not hold a password: keep that in\n"
	"~/.pgpass, PGPASSWORD or a service file. Nothing is asked of the server\n"
	"but reading its statistics views; one it refuses is noted in FILE, and\n"
	"said on stderr, never fails the command.\n"
	"\n"
	"Exit status: COMMAND's own; 128+N when a signal N ended it; 125\n"
	"tpsreport failed (bad arguments, a password in CONNINFO, FILE's folder\n"
	"missing, FILE not written); 126 COMMAND cannot be run; 127 COMMAND not\n"
	"found.\n";

/* The command's pid, for the handler: 0 when none runs. */
static atomic_int S_child;

static void S_pass_on(int sig)
{
	int pid = atomic_load(&S_child);
	if (pid > 0)
		kill(pid, sig);
}

/* SIGINT and SIGQUIT come from the terminal to COMMAND as well (one
 * process group): here they only must not end tpsreport before the file
 * is written. Caught, not ignored: exec gives COMMAND their defaults. */
static void S_wait_on(int sig)
{
	(void)sig;
}

typedef struct {
	const char *conninfo;
	const char *out;
	double interval_s;
	char **argv;             /* COMMAND and its arguments */
} S_args;

/* Options before the "--", COMMAND after it: getopt never sees COMMAND's
 * own options. 0, 1 (--help shown) or -1 (said). */
static int S_parse(S_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "interval", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, dash = 1;
	while (dash < argc && strcmp(argv[dash], "--") != 0)
		dash++;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(dash, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': a->out = optarg; break;
		case 'i':
			if (tr_config_sample_parse(&a->interval_s, optarg) < 0 ||
			    a->interval_s < 0)
				return tr_cli_usage_error("sample", "invalid --interval '%s' "
				                          "(0.2s to 10s, such as 1s or 500ms)",
				                          optarg), -1;
			break;
		case 'h':
			fputs(S_help, stdout);
			return 1;
		default:
			return tr_cli_getopt_error("sample", c, argv, optind), -1;
		}
	}
	if (tr_cli_conninfo_arg(&a->conninfo, "sample", dash, argv, optind) < 0)
		return -1;
	if (!a->out)
		return tr_cli_usage_error("sample", "where to? (-o FILE)"), -1;
	if (dash + 1 >= argc)
		return tr_cli_usage_error("sample", "which command? (tpsreport sample "
		                          "-o FILE -- pgbench ...)"), -1;
	a->argv = argv + dash + 1;
	return 0;
}

/* Refused before COMMAND starts: a password in CONNINFO (shown to every
 * user by ps), FILE's folder missing or FILE a folder. One line each. */
static int S_check(const S_args *a)
{
	struct stat st;
	bool secret = false;
	char *dir, *slash;
	int rc = 0;
	if (tr_probe_conninfo_secret(&secret, a->conninfo) < 0) {
		tr_cli_error("sample: CONNINFO: %s", tr_error_last());
		return -1;
	}
	if (secret) {
		tr_cli_error("sample: CONNINFO holds a password; keep it in ~/.pgpass "
		             "(PGPASSFILE), PGPASSWORD or a service file (service=NAME)");
		return -1;
	}
	if (!(dir = tr_strdup(a->out)))
		return tr_cli_error("out of memory"), -1;
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else
		slash[slash == dir] = '\0'; /* "/f" is in "/" */
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		tr_cli_error("sample: %s: no such folder (for -o %s)", dir, a->out);
		rc = -1;
	} else if (stat(a->out, &st) == 0 && S_ISDIR(st.st_mode)) {
		tr_cli_error("sample: %s: is a folder; -o names the file to write",
		             a->out);
		rc = -1;
	}
	free(dir);
	return rc;
}

/* The file's "run": its name without .server.json (run4.server.json is
 * run4's), else without its last extension. New string. */
static char *S_stem(const char *out)
{
	const char *base = strrchr(out, '/') ? strrchr(out, '/') + 1 : out;
	size_t n = strlen(base);
	const char *dot;
	if (n > 12 && strcmp(base + n - 12, ".server.json") == 0)
		n -= 12;
	else if ((dot = strrchr(base, '.')) && dot != base)
		n = (size_t)(dot - base);
	return tr_strndup(base, n);
}

/* What the sampler could not read (its file's notes), one warning each:
 * read back as build reads it. */
static void S_notes(const char *path, const char *stem)
{
	tr_buf text = TR_BUF_INIT;
	tr_server *srv = NULL;
	if (tr_file_read(&text, path) == 0 &&
	    tr_server_parse(&srv, text.ptr, text.size, stem, path) == 0)
		for (size_t i = 0; i < srv->nnotes; i++)
			tr_cli_warning("%s: %s", path, srv->notes[i]);
	else
		tr_cli_warning("%s", tr_error_last());
	tr_error_clear();
	tr_server_free(srv);
	tr_buf_free(&text);
}

static int S_status_exit(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return S_EXIT_SELF;
}

/* Run it, with SIGINT and SIGQUIT waited out and SIGTERM and SIGHUP
 * passed on (a signal ignored when tpsreport started stays ignored, in
 * COMMAND too). */
static int S_run(const S_args *a, const char *stem, int *status)
{
	static const int sigs[4] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP };
	tr_bench_sample_options o = { 0 };
	struct sigaction sa, old[4];
	bool set[4] = { false };
	int rc;
	o.conninfo = a->conninfo;
	o.interval_s = a->interval_s;
	o.stem = stem;
	o.out = a->out;
	o.argv = a->argv;
	o.pid = &S_child;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < 4; i++) {
		if (sigaction(sigs[i], NULL, &old[i]) < 0 || old[i].sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = i < 2 ? S_wait_on : S_pass_on;
		set[i] = sigaction(sigs[i], &sa, NULL) == 0;
	}
	rc = tr_bench_sample(status, &o);
	for (size_t i = 0; i < 4; i++)
		if (set[i])
			sigaction(sigs[i], &old[i], NULL);
	return rc;
}

int tr_cmd_sample(int argc, char **argv)
{
	S_args a = { "", NULL, 1.0, NULL };
	char *bin = NULL, *stem = NULL, *command;
	int status = -1, rc;

	if ((rc = S_parse(&a, argc, argv)) != 0)
		return rc > 0 ? TR_EXIT_OK : S_EXIT_SELF;
	if (S_check(&a) < 0)
		return S_EXIT_SELF;
	if ((rc = tr_bench_which(&bin, a.argv[0])) < 0 ||
	    !(stem = S_stem(a.out))) {
		tr_cli_error("sample: %s", rc == TR_ENOTFOUND ? tr_error_last()
		                                              : "out of memory");
		free(bin);
		return rc == TR_ENOTFOUND ? S_EXIT_NOTFOUND : S_EXIT_SELF;
	}
	if (access(bin, X_OK) < 0) {
		tr_cli_error("sample: %s: %s", bin, strerror(errno));
		free(bin);
		free(stem);
		return S_EXIT_NOEXEC;
	}
	command = a.argv[0];
	a.argv[0] = bin;
	rc = S_run(&a, stem, &status);
	a.argv[0] = command;
	if (rc < 0) {
		tr_cli_error("sample: %s%s", tr_error_last(),
		             status != -1 ? " (the command ran; its samples are lost)"
		                          : "");
		rc = S_EXIT_SELF;
	} else {
		S_notes(a.out, stem);
		rc = S_status_exit(status);
	}
	free(bin);
	free(stem);
	return rc;
}
