/* test_chart_text.c: the pieces under every chart: 1-2-5 axes and their
 * labels, numbers without the locale, text measured through Pango,
 * shortened and wrapped at character boundaries, and strings made safe for
 * XML. */

/* internal test of: chart */

#include "harness.h"
#include "chart/chart_internal.h"
#include "util/str.h"

#include <locale.h>

static void test_axis_nice(void)
{
	/* many maxima: the step is 1, 2 or 5 x 10^k, the axis starts at 0,
	 * holds the maximum, ends on the step after it, at most 5 steps */
	static const double his[] = {
		0.003, 0.049, 0.3, 0.95, 1, 1.01, 7.3, 9.99, 10, 11, 28.4, 99, 101,
		249, 250, 251, 999, 1363, 4425.37, 6624, 12345.6, 999999, 1.5e7
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(his); i++) {
		tr_axis a;
		double mant;
		tr_axis_nice(&a, 0, his[i], 5);
		mant = a.step / pow(10, floor(log10(a.step) + 1e-9));
		CHECK(fabs(mant - 1) < 1e-9 || fabs(mant - 2) < 1e-9 || fabs(mant - 5) < 1e-9);
		CHECK_DBL(a.min, 0, 0);
		CHECK(a.max >= his[i]);
		CHECK(a.max - his[i] < a.step + 1e-12);
		CHECK(a.nticks >= 2 && a.nticks <= 6);
		CHECK_DBL(tr_axis_tick(&a, a.nticks - 1), a.max, a.step * 1e-9);
	}
	{
		tr_axis a;
		tr_axis_nice(&a, 0, 1363, 5);
		CHECK_DBL(a.step, 500, 0);
		CHECK_DBL(a.max, 1500, 0);
		tr_axis_nice(&a, 0, 0, 5);       /* nothing to show: still an axis */
		CHECK(a.max > 0 && a.nticks >= 2);
		tr_axis_nice(&a, 0, NAN, 5);
		CHECK(a.max > 0 && a.nticks >= 2);
	}
}

static void test_axis_labels(void)
{
	static const char *const want1[] = { "0", "2,000", "4,000", "6,000", "8,000" };
	static const char *const want2[] = { "0.0", "0.1", "0.2", "0.3" };
	tr_axis a;
	tr_axis_nice(&a, 0, 6624, 5);
	CHECK_INT(a.nticks, 5);
	for (size_t i = 0; i < a.nticks && i < 5; i++) {
		char *t = tr_axis_label(&a, i);
		CHECK_STR(t, want1[i]);
		free(t);
	}
	tr_axis_nice(&a, 0, 0.254, 5);
	CHECK_INT(a.nticks, 4);
	for (size_t i = 0; i < a.nticks && i < 4; i++) {
		char *t = tr_axis_label(&a, i);
		CHECK_STR(t, want2[i]);   /* 0.1 x 3 is 0.3, not 0.30000000000000004 */
		free(t);
	}
	a.unit = "%";
	{
		char *t = tr_axis_label(&a, 2);
		CHECK_STR(t, "0.2%");
		free(t);
	}
}

static void test_numbers(void)
{
	char *t;
	/* the locale does not reach the numbers (if a comma locale exists) */
	setlocale(LC_NUMERIC, "de_DE.UTF-8");
	t = tr_numstr_grouped(1234.5, 2);
	CHECK_STR(t, "1,234.50");
	free(t);
	setlocale(LC_NUMERIC, "C");
	t = tr_numstr_grouped(-0.0, 1);
	CHECK_STR(t, "0.0");
	free(t);
	t = tr_numstr_short(4425.37, 2);
	CHECK_STR(t, "4,425");
	free(t);
	t = tr_numstr_short(0.18134, 4);
	CHECK_STR(t, "0.181");
	free(t);
	t = tr_numstr_trim(10, 3);
	CHECK_STR(t, "10");
	free(t);
	t = tr_numstr_trim(2.5, 3);
	CHECK_STR(t, "2.5");
	free(t);
	t = tr_numstr_trim(1000000, 0);
	CHECK_STR(t, "1,000,000");
	free(t);
}

static void test_measure(void)
{
	tr_text_measure *m;
	double w12, w24, asc, desc;
	CHECK_INT(tr_text_measure_new(&m), 0);
	if (!m)
		return;
	w12 = tr_text_width(m, "Median TPS 1,234", 12, false);
	w24 = tr_text_width(m, "Median TPS 1,234", 24, false);
	/* unhinted: widths scale exactly with the size */
	CHECK(w12 > 50 && w12 < 150);
	CHECK_DBL(w24, 2 * w12, 1e-6);
	CHECK(tr_text_width(m, "Median", 12, true) > tr_text_width(m, "Median", 12, false));
	CHECK_DBL(tr_text_width(m, "", 12, false), 0, 0);
	/* invalid UTF-8 is measured as its replacement, not as nothing, and
	 * does not break later measurements */
	CHECK(tr_text_width(m, "ab\xFF" "cd", 12, false) > tr_text_width(m, "abcd", 12, false));
	CHECK_DBL(tr_text_width(m, "Median TPS 1,234", 12, false), w12, 1e-9);
	/* far longer than Pango's 32-bit sums allow at the reference size
	 * (2^31 units of 1/1024 px): n letters without kerning pairs are n
	 * times one letter, not an overflowed figure */
	{
		static char as[20001];
		double one = tr_text_width(m, "a", 13, false);
		memset(as, 'a', 20000);
		CHECK(one > 5 && one < 10);
		CHECK_DBL(tr_text_width(m, as, 13, false), 20000 * one, 20000 * one * 1e-9);
	}
	/* one line whatever the text: a paragraph separator (U+2029) does not
	 * leave the rest unmeasured */
	CHECK(tr_text_width(m, "abc\xE2\x80\xA9" "def", 12, false) >
	      tr_text_width(m, "abcdef", 12, false) - 1e-9);
	tr_text_extents(m, 12, false, &asc, &desc);
	CHECK(asc > 8 && asc < 13 && desc > 1 && desc < 5);
	tr_text_measure_free(m);
}

static void test_fit_and_wrap(void)
{
	tr_text_measure *m;
	char *t, **lines;
	size_t n;
	char longtext[6000];
	CHECK_INT(tr_text_measure_new(&m), 0);
	if (!m)
		return;
	t = tr_text_fit(m, "short", 12, false, 200);
	CHECK_STR(t, "short");
	free(t);
	/* cut with an ellipsis, at a character boundary, within the width */
	t = tr_text_fit(m, "Mötley “database” 数据 and so on and so on", 12, false, 80);
	CHECK(t && strlen(t) > 3 && strcmp(t + strlen(t) - 3, "\xE2\x80\xA6") == 0);
	CHECK(t && tr_utf8_valid(t, strlen(t)));
	CHECK(t && tr_text_width(m, t, 12, false) <= 80);
	CHECK(t && strncmp(t, "Mötley", 7) == 0);
	free(t);
	/* 5,000 characters: still quick (binary search) and within bounds */
	for (size_t i = 0; i < 5000; i++)
		longtext[i] = (char)('a' + i % 26);
	longtext[5000] = '\0';
	t = tr_text_fit(m, longtext, 13, false, 300);
	CHECK(t && tr_text_width(m, t, 13, false) <= 300 && strlen(t) < 100);
	free(t);
	/* wrapping: at most max_lines, each within the width, words kept */
	CHECK_INT(tr_text_wrap(&lines, &n, m, "bench10000 (~150 GB, disk-bound) on gp3", 12,
	                       false, 120, 2), 0);
	CHECK(n >= 2 && n <= 2);
	for (size_t i = 0; i < n; i++)
		CHECK(tr_text_width(m, lines[i], 12, false) <= 120);
	CHECK(n > 0 && strncmp(lines[0], "bench10000", 10) == 0);
	tr_text_lines_free(lines, n);
	CHECK_INT(tr_text_wrap(&lines, &n, m, "one line", 12, false, 300, 3), 0);
	CHECK_INT(n, 1);
	CHECK(n == 1 && strcmp(lines[0], "one line") == 0);
	tr_text_lines_free(lines, n);
	CHECK_INT(tr_text_wrap(&lines, &n, m, longtext, 12, false, 300, 3), 0);
	CHECK(n >= 1 && n <= 3);
	tr_text_lines_free(lines, n);
	CHECK_INT(tr_text_wrap(&lines, &n, m, "   ", 12, false, 300, 3), 0);
	CHECK_INT(n, 0);
	tr_text_lines_free(lines, n);
	tr_text_measure_free(m);
}

static void test_clean(void)
{
	struct {
		const char *in, *out;
	} cases[] = {
		{ "plain", "plain" },
		{ "<script>&\"'", "<script>&\"'" },   /* escaping is the writer's */
		{ "tab\there\nnew\x01", "tab here new " },
		{ "bad\xFF", "bad\xEF\xBF\xBD" },
		{ "over\xC0\xAFlong", "over\xEF\xBF\xBD\xEF\xBF\xBDlong" },
		{ "surr\xED\xA0\x80", "surr\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" },
		{ "c1\xC2\x85", "c1 " },
		{ "ok \xE2\x80\xA6 \xF0\x9F\x98\x80", "ok \xE2\x80\xA6 \xF0\x9F\x98\x80" },
		{ "", "" },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(cases); i++) {
		char *t = tr_text_clean(cases[i].in);
		CHECK_STR(t, cases[i].out);
		free(t);
	}
	CHECK(tr_text_clean(NULL) == NULL);
}

int main(void)
{
	RUN(test_axis_nice);
	RUN(test_axis_labels);
	RUN(test_numbers);
	RUN(test_measure);
	RUN(test_fit_and_wrap);
	RUN(test_clean);
	return harness_done();
}
