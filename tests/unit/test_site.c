/* test_site.c: the output folder: atomic replacement, unchanged files kept
 * (same inode, same mtime), refusals, names that could escape OUT, what
 * killed builds leave behind, and SIGKILL at random moments of a build. */

#define _GNU_SOURCE /* flock */

#include "harness.h"
#include "site/site.h"
#include "util/error.h"

#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char S_root[4096];

static void S_path(char *buf, size_t size, const char *rel)
{
	snprintf(buf, size, "%s/%s", S_root, rel);
}

static void S_sh(const char *fmt, ...) TR_PRINTF(1, 2);
static void S_sh(const char *fmt, ...)
{
	char cmd[9000];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	if (system(cmd) != 0)
		fprintf(stderr, "command failed: %s\n", cmd);
}

/* A fresh empty folder for each test. */
static void S_fresh(const char *name)
{
	char cmd[9000];
	const char *tmp = getenv("TR_TMP") ? getenv("TR_TMP") : "/tmp";
	snprintf(S_root, sizeof(S_root), "%.3000s/site-%s", tmp, name);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", S_root, S_root);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot make %s\n", S_root);
}

static int S_build(const char *out, const char *const *names, const char *const *texts,
                   size_t n, const tr_site_options *o, size_t *unchanged)
{
	tr_site *site = NULL;
	int rc = tr_site_open(&site, out, o);
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = tr_site_write(site, names[i], texts[i], strlen(texts[i]));
	if (rc == 0)
		rc = tr_site_commit(site);
	if (unchanged && site)
		*unchanged = tr_site_unchanged(site);
	tr_site_free(site);
	return rc;
}

static char *S_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Entries of the test root other than `keep`, as a count. */
static int S_leftovers(const char *keep)
{
	DIR *d = opendir(S_root);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    (keep && strcmp(e->d_name, keep) == 0) || strcmp(e->d_name, "study") == 0)
			continue;
		fprintf(stderr, "  left over: %s\n", e->d_name);
		n++;
	}
	if (d)
		closedir(d);
	return n;
}

static void test_names(void)
{
	CHECK(tr_site_name_valid("index.html"));
	CHECK(tr_site_name_valid("charts/timeline-bench100.svg"));
	CHECK(tr_site_name_valid("data/results.json"));
	CHECK(tr_site_name_valid("a/b/c"));
	CHECK(tr_site_name_valid("a/b/c/d")); /* assets/SLUG/charts/x.svg */
	CHECK(!tr_site_name_valid("a/b/c/d/e"));
	CHECK(!tr_site_name_valid("../x"));
	CHECK(!tr_site_name_valid("charts/../../x"));
	CHECK(!tr_site_name_valid("/etc/passwd"));
	CHECK(!tr_site_name_valid(".tpsreport"));
	CHECK(!tr_site_name_valid("charts/.hidden"));
	CHECK(!tr_site_name_valid("a//b"));
	CHECK(!tr_site_name_valid("a/"));
	CHECK(!tr_site_name_valid(""));
	CHECK(!tr_site_name_valid(NULL));
	CHECK(!tr_site_name_valid("x y"));
	CHECK(!tr_site_name_valid("x\\y"));
	CHECK(!tr_site_name_valid("caf\xc3\xa9"));
}

static void test_write_and_replace(void)
{
	static const char *const n1[] = { "index.html", "charts/a.svg", "data/r.json", "gone.txt" };
	static const char *const t1[] = { "<p>one</p>", "<svg/>", "{}", "bye" };
	static const char *const n2[] = { "index.html", "charts/a.svg", "data/r.json", "new.txt" };
	static const char *const t2[] = { "<p>two</p>", "<svg/>", "{}", "hi" };
	char out[4300], p[4400];
	struct stat a1, a2, i1, i2, m;
	size_t unchanged = 99;
	char *text;

	S_fresh("replace");
	S_path(out, sizeof(out), "out");
	CHECK_INT(S_build(out, n1, t1, 4, NULL, &unchanged), 0);
	CHECK_INT(unchanged, 0);
	S_path(p, sizeof(p), "out/charts/a.svg");
	CHECK_INT(stat(p, &a1), 0);
	CHECK_INT(a1.st_mode & 0777, 0644);
	S_path(p, sizeof(p), "out/index.html");
	CHECK_INT(stat(p, &i1), 0);
	S_path(p, sizeof(p), "out/.tpsreport");
	CHECK_INT(stat(p, &m), 0);
	/* Time enough for a rewritten file to get another mtime. */
	usleep(20000);
	CHECK_INT(S_build(out, n2, t2, 4, NULL, &unchanged), 0);
	CHECK_INT(unchanged, 2);
	S_path(p, sizeof(p), "out/charts/a.svg");
	CHECK_INT(stat(p, &a2), 0);
	CHECK(a1.st_ino == a2.st_ino);
	CHECK(a1.st_mtim.tv_sec == a2.st_mtim.tv_sec && a1.st_mtim.tv_nsec == a2.st_mtim.tv_nsec);
	S_path(p, sizeof(p), "out/index.html");
	CHECK_INT(stat(p, &i2), 0);
	CHECK(i1.st_ino != i2.st_ino);
	CHECK_STR(text = S_slurp(p), "<p>two</p>");
	free(text);
	S_path(p, sizeof(p), "out/gone.txt");
	CHECK(access(p, F_OK) != 0);
	S_path(p, sizeof(p), "out/new.txt");
	CHECK_STR(text = S_slurp(p), "hi");
	free(text);
	CHECK_INT(S_leftovers("out"), 0);
}

static void test_abandon(void)
{
	static const char *const n1[] = { "index.html" };
	static const char *const t1[] = { "old" };
	char out[4300], p[4400];
	tr_site *site = NULL;
	char *text;
	S_fresh("abandon");
	S_path(out, sizeof(out), "out");
	CHECK_INT(S_build(out, n1, t1, 1, NULL, NULL), 0);
	CHECK_INT(tr_site_open(&site, out, NULL), 0);
	CHECK_INT(tr_site_write(site, "index.html", "new", 3), 0);
	CHECK(tr_site_write(site, "index.html", "again", 5) < 0); /* once only */
	CHECK(tr_site_write(site, "../escape.html", "x", 1) < 0);
	CHECK(tr_site_write(site, "/tmp/escape.html", "x", 1) < 0);
	tr_site_free(site); /* no commit */
	S_path(p, sizeof(p), "out/index.html");
	CHECK_STR(text = S_slurp(p), "old");
	free(text);
	S_path(p, sizeof(p), "escape.html");
	CHECK(access(p, F_OK) != 0);
	CHECK_INT(S_leftovers("out"), 0);
}

static void test_refusals(void)
{
	static const char *const n1[] = { "index.html" };
	static const char *const t1[] = { "x" };
	tr_site_options o = { false, NULL };
	char out[4300], p[4400], study[4300];
	char *text;

	S_fresh("refuse");
	/* A folder tpsreport did not write is kept, unless --force. */
	S_path(out, sizeof(out), "mine");
	S_sh("mkdir -p '%s'", out);
	S_sh("echo precious > '%s/notes.txt'", out);
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	CHECK(strstr(tr_error_last(), "--force") != NULL);
	S_path(p, sizeof(p), "mine/notes.txt");
	CHECK_STR(text = S_slurp(p), "precious\n");
	free(text);
	/* --force writes into it, and still keeps the files it did not write. */
	o.force = true;
	CHECK_INT(S_build(out, n1, t1, 1, &o, NULL), 0);
	CHECK_STR(text = S_slurp(p), "precious\n");
	free(text);
	o.force = false;
	/* An empty folder may be used. */
	S_path(out, sizeof(out), "empty");
	S_sh("mkdir -p '%s'", out);
	CHECK_INT(S_build(out, n1, t1, 1, &o, NULL), 0);
	/* A file, a symbolic link: no. */
	S_path(out, sizeof(out), "afile");
	S_sh("echo x > '%s'", out);
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	S_path(out, sizeof(out), "alink");
	S_path(p, sizeof(p), "empty");
	CHECK_INT(symlink(p, out), 0);
	o.force = true;
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	CHECK(strstr(tr_error_last(), "symbolic link") != NULL);
	/* The parent must exist; '.', '..' and '/' are not names. */
	S_path(out, sizeof(out), "no/such/out");
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	CHECK(S_build("/", n1, t1, 1, &o, NULL) < 0);
	CHECK(S_build(".", n1, t1, 1, &o, NULL) < 0);
	CHECK(S_build("..", n1, t1, 1, &o, NULL) < 0);
	/* The study: not OUT, not under its results/, not inside OUT, even
	 * with --force. */
	S_path(study, sizeof(study), "study");
	S_sh("mkdir -p '%s/results/aws/bench1'", study);
	o.study_root = study;
	CHECK(S_build(study, n1, t1, 1, &o, NULL) < 0);
	S_path(out, sizeof(out), "study/results");
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	S_path(out, sizeof(out), "study/results/site");
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	S_path(out, sizeof(out), "study/results/../results/x");
	CHECK(S_build(out, n1, t1, 1, &o, NULL) < 0);
	CHECK(S_build(S_root, n1, t1, 1, &o, NULL) < 0);
	CHECK(strstr(tr_error_last(), "delete the study") != NULL);
	S_path(p, sizeof(p), "study/results/aws/bench1");
	CHECK(access(p, F_OK) == 0);
	/* Beside the results, inside the study: fine. */
	S_path(out, sizeof(out), "study/site");
	CHECK_INT(S_build(out, n1, t1, 1, &o, NULL), 0);
}

/* What a killed build leaves: OUT.tpsreport-tmp.PID.HEX (its process
 * gone and its marker naming it: removed at the next open; still locked
 * by a live build: kept), OUT.tpsreport-old.PID.HEX (put back when OUT is
 * missing); and what only looks alike (a user's backups) is never
 * touched. */
#define S_DEAD_TAG "999999999.0123456789abcdef"
static void test_stale(void)
{
	static const char *const n1[] = { "index.html" };
	static const char *const t1[] = { "one" };
	static const char *const backups[] = {
		"out.old-backup", "out.tmp-202611", "out.old-may026", "out.tmp-Ab12Cd",
		"out.tpsreport-tmp.999999999.short", "out.tpsreport-tmp." S_DEAD_TAG "x"
	};
	char out[4300], p[4400];
	tr_site *live = NULL;
	char *text;

	S_fresh("stale");
	S_path(out, sizeof(out), "out");
	CHECK_INT(S_build(out, n1, t1, 1, NULL, NULL), 0);
	/* Backups of OUT (cp -a out out.old-backup): marker and all. */
	for (size_t i = 0; i < TR_ARRAY_SIZE(backups); i++) {
		S_path(p, sizeof(p), backups[i]);
		S_sh("cp -a '%s' '%s'", out, p);
	}
	/* A killed build's folder: its marker names it, its process is gone. */
	S_path(p, sizeof(p), "out.tpsreport-tmp." S_DEAD_TAG);
	S_sh("mkdir -p '%s/charts' && printf '%%s\\nbuild %%s\\n' '%s' '%s' > '%s/.tpsreport'",
	     p, TR_SITE_MARKER_HEAD, S_DEAD_TAG, p);
	S_sh("touch '%s/charts/x.svg'", p);
	/* A live build's folder: locked, its process alive. */
	CHECK_INT(tr_site_open(&live, out, NULL), 0);
	CHECK_INT(S_build(out, n1, t1, 1, NULL, NULL), 0);
	S_path(p, sizeof(p), "out.tpsreport-tmp." S_DEAD_TAG);
	CHECK(access(p, F_OK) != 0);
	for (size_t i = 0; i < TR_ARRAY_SIZE(backups); i++) {
		S_path(p, sizeof(p), backups[i]);
		S_sh("test -f '%s/index.html' && test -f '%s/.tpsreport'", p, p);
		CHECK(access(p, F_OK) == 0);
		S_sh("rm -rf '%s'", p);
	}
	/* The live one is still there, and can still commit. */
	CHECK_INT(tr_site_write(live, "index.html", "live", 4), 0);
	CHECK_INT(tr_site_commit(live), 0);
	tr_site_free(live);
	S_path(p, sizeof(p), "out/index.html");
	CHECK_STR(text = S_slurp(p), "live");
	free(text);
	/* Killed between the two renames of the fallback swap: OUT missing,
	 * the previous one as OUT.tpsreport-old.TAG. */
	S_path(p, sizeof(p), "out.tpsreport-old." S_DEAD_TAG);
	CHECK_INT(rename(out, p), 0);
	{
		tr_site *s = NULL;
		CHECK_INT(tr_site_open(&s, out, NULL), 0);
		/* OUT was put back before anything else. */
		S_path(p, sizeof(p), "out/index.html");
		CHECK_STR(text = S_slurp(p), "live");
		free(text);
		tr_site_free(s);
	}
	S_path(p, sizeof(p), "out.tpsreport-old." S_DEAD_TAG);
	CHECK(access(p, F_OK) != 0);
	/* Killed before its marker: an empty folder of a dead process goes;
	 * one of a live process (this one) stays. */
	S_path(p, sizeof(p), "out.tpsreport-tmp." S_DEAD_TAG);
	S_sh("mkdir -p '%s'", p);
	CHECK_INT(S_build(out, n1, t1, 1, NULL, NULL), 0);
	CHECK(access(p, F_OK) != 0);
	snprintf(p, sizeof(p), "%s/out.tpsreport-tmp.%ld.0123456789abcdef", S_root, (long)getpid());
	S_sh("mkdir -p '%s'", p);
	CHECK_INT(S_build(out, n1, t1, 1, NULL, NULL), 0);
	CHECK(access(p, F_OK) == 0);
	S_sh("rmdir '%s'", p);
	CHECK_INT(S_leftovers("out"), 0);
}

/* Two complete versions of a folder; a child writes them alternately and
 * is killed at random moments; OUT must always be one of them, whole. */
#define S_FILES 40

static void S_version_text(char *buf, size_t size, int version, int i)
{
	/* Sizes differ between versions so that a mix is visible. */
	snprintf(buf, size, "version %d file %d %.*s", version, i, version * 50 + i,
	         "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	         "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	         "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
}

static int S_write_version(const char *out, int version)
{
	tr_site *site = NULL;
	char name[64], text[512];
	int rc = tr_site_open(&site, out, NULL);
	for (int i = 0; rc == 0 && i < S_FILES; i++) {
		snprintf(name, sizeof(name), i % 2 ? "charts/f%d.svg" : "f%d.html", i);
		S_version_text(text, sizeof(text), version, i);
		rc = tr_site_write(site, name, text, strlen(text));
	}
	if (rc == 0)
		rc = tr_site_commit(site);
	tr_site_free(site);
	return rc;
}

/* -1 when OUT is not one whole version. */
static int S_which_version(const char *out)
{
	int version = -1;
	for (int i = 0; i < S_FILES; i++) {
		char path[4400], want[512], *got;
		int v;
		snprintf(path, sizeof(path), i % 2 ? "%s/charts/f%d.svg" : "%s/f%d.html", out, i);
		if (!(got = S_slurp(path)))
			return -1;
		if (sscanf(got, "version %d", &v) != 1) {
			free(got);
			return -1;
		}
		S_version_text(want, sizeof(want), v, i);
		if (strcmp(got, want) != 0 || (version >= 0 && v != version)) {
			free(got);
			return -1;
		}
		version = v;
		free(got);
	}
	return version;
}

static void test_killed(void)
{
	char out[4300];
	/* A fixed seed: the same kill delays every run, so that a failure can
	 * be replayed (TR_SITE_SEED=N explores other ones). */
	const char *env = getenv("TR_SITE_SEED");
	unsigned seed = env ? (unsigned)strtoul(env, NULL, 10) : 20261201u;
	int whole = 0;
	S_fresh("killed");
	S_path(out, sizeof(out), "out");
	CHECK_INT(S_write_version(out, 0), 0);
	fprintf(stderr, "test_killed: seed %u\n", seed);
	srand(seed);
	for (int round = 0; round < 25; round++) {
		pid_t pid = fork();
		int status, v;
		if (pid == 0) {
			for (int k = 1;; k++)
				if (S_write_version(out, k % 2 ? 1 : 0) < 0)
					_exit(3);
		}
		usleep((useconds_t)(rand() % 30000));
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		CHECK(WIFSIGNALED(status));
		v = S_which_version(out);
		CHECK(v == 0 || v == 1);
		whole += v == 0 || v == 1;
	}
	CHECK_INT(whole, 25);
	/* The next build clears whatever the killed ones left. */
	CHECK_INT(S_write_version(out, 1), 0);
	CHECK_INT(S_which_version(out), 1);
	CHECK_INT(S_leftovers("out"), 0);
}

int main(void)
{
	RUN(test_names);
	RUN(test_write_and_replace);
	RUN(test_abandon);
	RUN(test_refusals);
	RUN(test_stale);
	RUN(test_killed);
	return harness_done();
}
