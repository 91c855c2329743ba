#ifndef TR_TEST_HARNESS_H
#define TR_TEST_HARNESS_H

/*
 * A small test harness after cmark's: each test program runs its test
 * functions, counts checks, prints every failure with file and line, and
 * ends with "N passed, N failed". Its exit status is 0 only when nothing
 * failed and at least one check ran.
 *
 *   static void test_something(void) { CHECK_INT(1 + 1, 2); }
 *   int main(void) { RUN(test_something); return harness_done(); }
 *
 * TR_SOURCE_DIR (set by ctest) is where fixtures are found.
 */

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int harness_passed, harness_failed;
static const char *harness_current = "";

static inline void harness_check(int ok, const char *file, int line,
                                 const char *what)
{
	if (ok) {
		harness_passed++;
		return;
	}
	harness_failed++;
	fprintf(stderr, "FAIL %s:%d: %s: %s\n", file, line, harness_current, what);
}

#define CHECK(cond) harness_check(!!(cond), __FILE__, __LINE__, #cond)

#define CHECK_INT(got, want)                                                  \
	do {                                                                  \
		long long g_ = (long long)(got), w_ = (long long)(want);          \
		char m_[512];                                                     \
		snprintf(m_, sizeof m_, "%s == %lld, expected %lld", #got, g_, w_); \
		harness_check(g_ == w_, __FILE__, __LINE__, m_);                  \
	} while (0)

/* Doubles: equal within an absolute tolerance; NaN equals NaN. */
#define CHECK_DBL(got, want, tol)                                             \
	do {                                                                  \
		double g_ = (double)(got), w_ = (double)(want);                   \
		char m_[512];                                                     \
		int ok_ = (isnan(g_) && isnan(w_)) || fabs(g_ - w_) <= (tol);     \
		snprintf(m_, sizeof m_, "%s == %.17g, expected %.17g", #got, g_, w_); \
		harness_check(ok_, __FILE__, __LINE__, m_);                       \
	} while (0)

#define CHECK_STR(got, want)                                                  \
	do {                                                                  \
		const char *g_ = (got), *w_ = (want);                             \
		char m_[1024];                                                    \
		int ok_ = (g_ == NULL && w_ == NULL) ||                           \
		          (g_ && w_ && strcmp(g_, w_) == 0);                      \
		snprintf(m_, sizeof m_, "%s == \"%.400s\", expected \"%.400s\"",  \
		         #got, g_ ? g_ : "(null)", w_ ? w_ : "(null)");           \
		harness_check(ok_, __FILE__, __LINE__, m_);                       \
	} while (0)

#define RUN(fn)                                                               \
	do {                                                                  \
		harness_current = #fn;                                            \
		fn();                                                             \
	} while (0)

static inline int harness_done(void)
{
	printf("%d passed, %d failed\n", harness_passed, harness_failed);
	return harness_failed == 0 && harness_passed > 0 ? 0 : 1;
}

/* Read a file below TR_SOURCE_DIR into a NUL-terminated buffer the caller
 * frees; aborts the test program when it is missing (a broken checkout). */
static inline char *harness_read(const char *relpath, size_t *len)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char path[4096];
	FILE *f;
	char *buf;
	long n;
	snprintf(path, sizeof path, "%s/%s", root ? root : ".", relpath);
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "FAIL cannot open fixture %s\n", path);
		exit(1);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "FAIL cannot read fixture %s\n", path);
		exit(1);
	}
	buf[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

/* The log files <prefix>.<pid>[.<thread>] in dir (below TR_SOURCE_DIR),
 * as "dir/name" in thread order; returns how many (at most max). */
static inline int harness_thread_files(char names[][256], int max,
                                       const char *dir, const char *prefix)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char path[1024];
	DIR *d;
	struct dirent *e;
	int n = 0;
	size_t pl = strlen(prefix);
	snprintf(path, sizeof path, "%s/%s", root ? root : ".", dir);
	if (!(d = opendir(path))) {
		fprintf(stderr, "FAIL cannot open %s\n", path);
		exit(1);
	}
	while ((e = readdir(d)) != NULL && n < max) {
		const char *s = e->d_name;
		if (strncmp(s, prefix, pl) != 0 || s[pl] != '.' ||
		    s[pl + 1] < '0' || s[pl + 1] > '9')
			continue;
		for (s += pl + 1; *s >= '0' && *s <= '9'; s++)
			;
		if (*s != '\0' && *s != '.')
			continue;
		if (snprintf(names[n], 256, "%s/%s", dir, e->d_name) < 256)
			n++;
	}
	closedir(d);
	/* thread order: the shorter name (thread 0) first, then by name */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strlen(names[j]) < strlen(names[i]) ||
			    (strlen(names[j]) == strlen(names[i]) &&
			     strcmp(names[j], names[i]) < 0)) {
				char t[256];
				memcpy(t, names[i], 256);
				memcpy(names[i], names[j], 256);
				memcpy(names[j], t, 256);
			}
	return n;
}

#endif
