/* test_shortest.c: tr_fmt_shortest (Grisu3 with the printf search behind
 * it) against Python's repr, which prints the shortest digits that read
 * back, the closest of those (David Gay's algorithm, not ours).
 *
 * Writes 300,000 doubles (TR_SHORTEST_N: 2,000,000 were checked once, see
 * docs/performance.md) (random bit patterns, random decimals of 1-17
 * digits, and the edges: subnormals, powers of two and ten, the largest
 * and smallest, integers near 2^53) with what tr_fmt_shortest wrote for
 * each to a file; tests/lib/shortest_check.py rebuilds the expected text
 * from repr's digits by the documented rule (plain digits for decimal
 * exponents -7 to 16, else %g's exponent form) and compares. Also counts
 * how often Grisu3 itself answered (the rest took the slow search). */

#include "harness.h"
#include "util/buf.h"
#include "util/number.h"
#include "util/shortest.h"

#include <stdint.h>
#include <string.h>

static uint64_t S_state = 0x9e3779b97f4a7c15ULL;

static uint64_t S_next(void)
{
	S_state ^= S_state >> 12;
	S_state ^= S_state << 25;
	S_state ^= S_state >> 27;
	return S_state * 0x2545f4914f6cdd1dULL;
}

static double S_from_bits(uint64_t b)
{
	double v;
	memcpy(&v, &b, sizeof(v));
	return v;
}

static size_t S_grisu, S_total;

static void S_put(FILE *f, double v, tr_buf *b)
{
	uint64_t bits;
	char d[20];
	size_t n;
	int e;
	if (!isfinite(v))
		return;
	memcpy(&bits, &v, sizeof(bits));
	b->size = 0;
	CHECK(tr_fmt_shortest(b, v) == 0);
	fprintf(f, "%016llx %s\n", (unsigned long long)bits, tr_buf_cstr(b));
	S_total++;
	S_grisu += tr_shortest_digits(d, &n, &e, v);
}

static void S_edges(FILE *f, tr_buf *b)
{
	for (int e = -1074; e <= 1023; e++) {
		S_put(f, ldexp(1, e), b);
		S_put(f, -ldexp(1, e), b);
		S_put(f, nextafter(ldexp(1, e), 0), b);
		S_put(f, nextafter(ldexp(1, e), INFINITY), b);
	}
	for (int k = -325; k <= 308; k++) {
		char s[32];
		snprintf(s, sizeof(s), "1e%d", k);
		S_put(f, strtod(s, NULL), b);
	}
	for (uint64_t i = 1; i < 3000; i++) {
		S_put(f, S_from_bits(i), b);                        /* subnormals */
		S_put(f, S_from_bits(0x7fefffffffffffffULL - i), b); /* near DBL_MAX */
		S_put(f, (double)i, b);
		S_put(f, (double)((1ULL << 53) - i), b);
		S_put(f, (double)i / 1000, b);
	}
}

static void test_against_repr(void)
{
	char path[] = "/tmp/tr-shortest-XXXXXX";
	char cmd[1024];
	const char *root = getenv("TR_SOURCE_DIR");
	tr_buf b = TR_BUF_INIT;
	const char *env = getenv("TR_SHORTEST_N");
	long n = env ? atol(env) / 2 : 150000;
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	CHECK(f != NULL);
	if (!f)
		return;
	S_edges(f, &b);
	for (long i = 0; i < n; i++)
		S_put(f, S_from_bits(S_next()), &b);
	for (long i = 0; i < n; i++) {
		char s[40];
		/* a decimal of 1-17 digits, as figures in results are */
		int digits = 1 + (int)(S_next() % 17), exp = (int)(S_next() % 40) - 20;
		snprintf(s, sizeof(s), "%llue%d",
		         (unsigned long long)(S_next() % 100000000000000000ULL) %
		                 (unsigned long long)pow(10, digits) + 1, exp);
		S_put(f, strtod(s, NULL), &b);
	}
	fclose(f);
	tr_buf_free(&b);
	snprintf(cmd, sizeof(cmd), "python3 %s/tests/lib/shortest_check.py %s", root ? root : ".",
	         path);
	CHECK(system(cmd) == 0);
	printf("%zu doubles, Grisu3 sure of %zu (%.2f%%)\n", S_total, S_grisu,
	       100.0 * (double)S_grisu / (double)S_total);
	CHECK(S_grisu > S_total * 99 / 100); /* the fast path does the work */
	remove(path);
}

int main(void)
{
	RUN(test_against_repr);
	return harness_done();
}
