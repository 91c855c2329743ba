/* test_mw_normal.c: the Mann-Whitney normal approximation (used beyond
 * 2,500 pairs without ties or 2,000,000 arrangements with ties) against R's
 * wilcox.test(exact=FALSE, correct=TRUE), to 1e-9 relative:
 * tests/fixtures/mannwhitney/cases.txt, made by make_fixtures.R beside it.
 * The cases sit where the continuity correction matters, so a correction
 * of the wrong sign or size fails here. */

#include "harness.h"
#include "stats/stats.h"

#include <stdlib.h>

#define S_MAX 128

static size_t S_values(double *out, char *s)
{
	size_t n = 0;
	char *save = NULL;
	for (char *tok = strtok_r(s, ",", &save); tok && n < S_MAX;
	     tok = strtok_r(NULL, ",", &save))
		out[n++] = strtod(tok, NULL);
	return n;
}

static void test_against_r(void)
{
	char path[4096], line[16384];
	const char *src = getenv("TR_SOURCE_DIR");
	FILE *f;
	int cases = 0;
	snprintf(path, sizeof path, "%s/tests/fixtures/mannwhitney/cases.txt",
	         src ? src : ".");
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *field[4], *save = NULL, *tok;
		double a[S_MAX], b[S_MAX], p, u, want;
		size_t na, nb, nf = 0;
		bool exact = true;
		line[strcspn(line, "\n")] = 0;
		for (tok = strtok_r(line, "|", &save); tok && nf < 4;
		     tok = strtok_r(NULL, "|", &save))
			field[nf++] = tok;
		CHECK_INT(nf, 4);
		if (nf != 4)
			continue;
		harness_current = field[0];
		na = S_values(a, field[1]);
		nb = S_values(b, field[2]);
		want = strtod(field[3], NULL);
		CHECK_INT(tr_mann_whitney(&p, &u, &exact, a, na, b, nb), 0);
		CHECK(!exact);  /* every case is beyond the exact limits */
		CHECK_DBL(p, want, 1e-9 * want);
		cases++;
	}
	fclose(f);
	CHECK(cases >= 9);
}

int main(void)
{
	RUN(test_against_r);
	return harness_done();
}
