/* test_wilcoxon.c: the Wilcoxon signed-rank test against values computed
 * by R (tests/fixtures/wilcoxon/cases.txt, made by make_fixtures.R beside
 * it: small n, ties, zeros, more than 50 pairs), and the counts of faster
 * and slower pairs by hand. */

#include "harness.h"
#include "stats/stats.h"

#include <stdlib.h>

#define S_MAX 128

static size_t S_values(double *out, char *s)
{
	size_t n = 0;
	for (char *tok = strtok(s, ","); tok && n < S_MAX; tok = strtok(NULL, ","))
		out[n++] = strtod(tok, NULL);
	return n;
}

static double S_field(const char *s)
{
	return strcmp(s, "NA") == 0 ? NAN : strtod(s, NULL);
}

static void test_against_r(void)
{
	char path[4096], line[16384];
	const char *src = getenv("TR_SOURCE_DIR");
	FILE *f;
	int cases = 0, normal = 0, ties = 0, zeros = 0;
	snprintf(path, sizeof path, "%s/tests/fixtures/wilcoxon/cases.txt", src ? src : ".");
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *field[6], *save = NULL, *tok;
		double a[S_MAX], b[S_MAX];
		size_t na, nb, nf = 0;
		tr_signed_rank t;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = 0;
		for (tok = strtok_r(line, "|", &save); tok && nf < 6; tok = strtok_r(NULL, "|", &save))
			field[nf++] = tok;
		CHECK_INT(nf, 6);
		if (nf != 6)
			continue;
		harness_current = field[0];
		na = S_values(a, field[1]);
		nb = S_values(b, field[2]);
		CHECK_INT(na, nb);
		CHECK_INT(tr_wilcoxon_signed_rank(&t, a, b, na), 0);
		CHECK_DBL(t.v, S_field(field[3]), 1e-9);
		/* R prints 17 digits; the exact counts agree to rounding. */
		CHECK_DBL(t.p, S_field(field[4]), 1e-12 + 1e-9 * S_field(field[4]));
		CHECK(t.exact == (strcmp(field[5], "R-normal") != 0 && strcmp(field[5], "none") != 0));
		normal += strcmp(field[5], "R-normal") == 0;
		ties += t.ties;
		zeros += t.zeros > 0;
		cases++;
	}
	fclose(f);
	harness_current = "test_against_r";
	CHECK(cases >= 10);
	CHECK(normal >= 1);
	CHECK(ties >= 2);
	CHECK(zeros >= 2);
}

static void test_counts(void)
{
	/* b - a: +1, -1, 0, +2, +3: 3 faster, 1 slower, 1 equal (dropped);
	 * |d| 1, 1, 2, 3 get mid-ranks 1.5, 1.5, 3, 4; V = 1.5 + 3 + 4. */
	double a[] = { 10, 10, 10, 10, 10 }, b[] = { 11, 9, 10, 12, 13 };
	tr_signed_rank t;
	CHECK_INT(tr_wilcoxon_signed_rank(&t, a, b, 5), 0);
	CHECK_INT(t.n, 4);
	CHECK_INT(t.zeros, 1);
	CHECK_INT(t.positive, 3);
	CHECK_INT(t.negative, 1);
	CHECK(t.ties);
	CHECK(t.exact);
	CHECK_DBL(t.v, 8.5, 0);
	/* 16 sign patterns over {1.5, 1.5, 3, 4}; sums >= 8.5: {1.5,3,4},
	 * {1.5,3,4}, {1.5,1.5,3,4}: 3; p = 2 * 3/16. */
	CHECK_DBL(t.p, 6.0 / 16, 1e-15);
	/* 13 of 13 faster: p = 2 / 2^13, the smallest there is */
	{
		double x[13], y[13];
		for (int i = 0; i < 13; i++) {
			x[i] = 1000 + 100 * i;
			y[i] = x[i] * 1.05 + i;
		}
		CHECK_INT(tr_wilcoxon_signed_rank(&t, x, y, 13), 0);
		CHECK_INT(t.positive, 13);
		CHECK_DBL(t.p, 2.0 / 8192, 1e-15);
	}
	{
		double bad[] = { 1, NAN };
		CHECK(tr_wilcoxon_signed_rank(&t, a, bad, 2) < 0);
		CHECK_INT(tr_wilcoxon_signed_rank(&t, a, a, 0), 0);
		CHECK(isnan(t.p));
	}
}

int main(void)
{
	RUN(test_against_r);
	RUN(test_counts);
	return harness_done();
}
