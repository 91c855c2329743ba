/* test_util.c: numbers, buffers, JSON, diagnostics, SHA-256. */

#include "harness.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/number.h"
#include "util/sha256.h"
#include "util/str.h"
#include "util/strmap.h"
#include "util/escape.h"

#include <locale.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

static double S_parse(const char *s)
{
	double v = -12345;
	const char *next = NULL;
	if (tr_parse_double(&v, s, s + strlen(s), &next) < 0)
		return -99999;
	return v;
}

static void test_parse_double(void)
{
	CHECK(S_parse("3967.670593") == 3967.670593);
	CHECK(S_parse("-0.5") == -0.5);
	CHECK(S_parse("1e-3") == 1e-3);
	CHECK(S_parse("0.000") == 0);
	CHECK(S_parse("12345678901234567890.5") == 12345678901234567890.5);
	CHECK(S_parse("0.1") == 0.1);
	CHECK(S_parse("2.2250738585072014e-308") == 2.2250738585072014e-308);
	CHECK(isnan(S_parse("NaN")));
	CHECK(isnan(S_parse("-nan")));
	CHECK(isinf(S_parse("Infinity")));
	CHECK(isinf(S_parse("inf")) && S_parse("-inf") < 0);
	CHECK(S_parse("abc") == -99999);
	CHECK(S_parse("") == -99999);
	CHECK(S_parse(".") == -99999);
	/* stops at the first character that is not part of the number */
	{
		const char *s = "1.981 ms", *next;
		double v;
		CHECK_INT(tr_parse_double(&v, s, s + strlen(s), &next), 0);
		CHECK_STR(next, " ms");
	}
}

static void test_parse_int(void)
{
	int64_t v;
	uint64_t u;
	const char *s = "9223372036854775807", *t = "9223372036854775808";
	const char *u64 = "18446744073709551615", *u64o = "18446744073709551616";
	CHECK_INT(tr_parse_int64(&v, s, s + strlen(s), NULL), 0);
	CHECK(v == INT64_MAX);
	CHECK(tr_parse_int64(&v, t, t + strlen(t), NULL) < 0);
	CHECK_INT(tr_parse_uint64(&u, u64, u64 + strlen(u64), NULL), 0);
	CHECK(u == UINT64_MAX);
	CHECK(tr_parse_uint64(&u, u64o, u64o + strlen(u64o), NULL) < 0);
	s = "-42x";
	CHECK_INT(tr_parse_int64(&v, s, s + 4, &t), 0);
	CHECK_INT(v, -42);
	CHECK_STR(t, "x");
	s = "-";
	CHECK(tr_parse_int64(&v, s, s + 1, NULL) < 0);
}

static char *S_fmt(int kind, double v, int dec)
{
	tr_buf b = TR_BUF_INIT;
	switch (kind) {
	case 0: tr_fmt_fixed(&b, v, dec); break;
	case 1: tr_fmt_grouped(&b, v, dec, ","); break;
	case 2: tr_fmt_shortest(&b, v); break;
	default: tr_fmt_readable(&b, v, dec, ","); break;
	}
	return tr_buf_detach(&b);
}

#define CHECK_FMT(kind, v, dec, want)              \
	do {                                       \
		char *s_ = S_fmt(kind, v, dec);    \
		CHECK_STR(s_, want);               \
		free(s_);                          \
	} while (0)

static void test_format(void)
{
	CHECK_FMT(0, 2.5, 0, "2");  /* exact binary value, round half even */
	CHECK_FMT(0, 1.005, 2, "1.00");
	CHECK_FMT(0, -0.0001, 2, "0.00");
	CHECK_FMT(1, 1234567.891, 2, "1,234,567.89");
	CHECK_FMT(1, -1234.5, 1, "-1,234.5");
	CHECK_FMT(1, 999, 0, "999");
	CHECK_FMT(2, 0.1, 0, "0.1");
	CHECK_FMT(2, 3967.670593, 0, "3967.670593");
	CHECK_FMT(2, 1e21, 0, "1e+21");
	CHECK_FMT(2, 2015.79372, 0, "2015.79372");
	CHECK_FMT(2, 10, 0, "10");
	CHECK_FMT(2, 1500, 0, "1500");
	CHECK_FMT(2, -200, 0, "-200");
	CHECK_FMT(2, 0.00015, 0, "0.00015");
	CHECK_FMT(2, 1.5e-7, 0, "0.00000015");
	CHECK_FMT(2, 1e-9, 0, "1e-09");
	CHECK_FMT(2, 12345678901234567.0, 0, "12345678901234568");
	CHECK_FMT(2, 1e16, 0, "10000000000000000");
	CHECK_FMT(3, 3967.67, 2, "3,968");
	CHECK_FMT(3, 8.065, 2, "8.06");
	CHECK_FMT(3, 0.0451, 4, "0.0451");
	CHECK_FMT(3, 14.04, 2, "14.0");
	CHECK_FMT(0, NAN, 2, "NaN");
}

/* Every double written by tr_fmt_shortest reads back exactly. */
static void test_shortest_round_trip(void)
{
	uint64_t state = 7;
	int bad = 0;
	for (int i = 0; i < 200000; i++) {
		uint64_t bits;
		double v, back;
		tr_buf b = TR_BUF_INIT;
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		bits = state;
		memcpy(&v, &bits, sizeof v);
		if (!isfinite(v))
			continue;
		if (i % 2)
			v = (double)(state >> 40) / (double)(1 + (state & 0xffff)); /* ordinary sizes */
		tr_fmt_shortest(&b, v);
		if (tr_parse_double(&back, b.ptr, b.ptr + b.size, NULL) < 0 || back != v)
			bad++;
		tr_buf_free(&b);
	}
	CHECK_INT(bad, 0);
}

static void test_locale_independent(void)
{
	/* Under a locale with a decimal comma the numbers stay as they are.
	 * tests/e2e/locale.sh builds de_DE.UTF-8 with localedef and runs this
	 * program with TR_REQUIRE_LOCALE=de_DE.UTF-8, so that it cannot pass
	 * by not finding the locale. */
	const char *want = getenv("TR_REQUIRE_LOCALE");
	if (want && !setlocale(LC_NUMERIC, want))
		CHECK(!"the locale named by TR_REQUIRE_LOCALE could not be set");
	else if (want || setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
		CHECK_STR(localeconv()->decimal_point, ",");
		CHECK_FMT(0, 1.5, 1, "1.5");
		CHECK_FMT(2, 0.25, 0, "0.25");
		CHECK(S_parse("12345678901234567890.5") == 12345678901234567890.5);
		setlocale(LC_NUMERIC, "C");
	}
	CHECK_FMT(0, 1.5, 1, "1.5");
}

static void test_json(void)
{
	tr_buf b = TR_BUF_INIT;
	tr_json j;
	tr_json_init(&j, &b);
	tr_json_object_begin(&j);
	tr_json_key(&j, "a");
	tr_json_int(&j, -3);
	tr_json_key(&j, "s");
	tr_json_string(&j, "x\"y\\\n</script>\x01");
	tr_json_key(&j, "list");
	tr_json_array_begin(&j);
	tr_json_number(&j, 0.5);
	tr_json_number(&j, NAN);
	tr_json_null(&j);
	tr_json_array_end(&j);
	tr_json_key(&j, "empty");
	tr_json_array_begin(&j);
	tr_json_array_end(&j);
	tr_json_key(&j, "bad utf8");
	tr_json_string(&j, "a\xff" "b");
	tr_json_object_end(&j);
	CHECK_INT(tr_json_finish(&j), 0);
	CHECK_STR(tr_buf_cstr(&b),
	          "{\n  \"a\": -3,\n  \"s\": \"x\\\"y\\\\\\n<\\/script>\\u0001\",\n"
	          "  \"list\": [\n    0.5,\n    null,\n    null\n  ],\n"
	          "  \"empty\": [],\n  \"bad utf8\": \"a\xef\xbf\xbd" "b\"\n}\n");
	tr_buf_free(&b);
}

static void test_buf(void)
{
	tr_buf b = TR_BUF_INIT;
	CHECK_STR(tr_buf_cstr(&b), "");
	CHECK_INT(tr_buf_grow(&b, 0), 0);
	CHECK(b.ptr != NULL && b.ptr[0] == '\0');   /* a C string at once */
	tr_buf_puts(&b, "abc");
	tr_buf_grow(&b, 1000);
	CHECK_STR(b.ptr, "abc");
	tr_buf_free(&b);
}

static void test_diags(void)
{
	tr_diags d = { 0 };
	tr_buf b = TR_BUF_INIT;
	tr_diags_add(&d, TR_SEV_WARNING, "x", "results/b/run1.txt", 3, "later %d", 2);
	tr_diags_add(&d, TR_SEV_WARNING, "x", "results/a/run1.txt", 17, "expected %d fields", 15);
	tr_diags_add(&d, TR_SEV_NOTE, "y", NULL, 0, "general");
	tr_diags_sort(&d);
	CHECK_INT(d.count, 3);
	CHECK(d.items[0].path == NULL);
	tr_diag_format(&b, &d.items[1]);
	CHECK_STR(tr_buf_cstr(&b), "results/a/run1.txt:17: expected 15 fields");
	tr_buf_free(&b);
	tr_diags_free(&d);
}

static void S_sha(const char *in, const char *want)
{
	tr_sha256 c;
	char hex[65];
	tr_sha256_init(&c);
	tr_sha256_update(&c, in, strlen(in));
	tr_sha256_hex(&c, hex);
	CHECK_STR(hex, want);
}

static void test_sha256(void)
{
	/* FIPS 180-4 examples. */
	S_sha("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	S_sha("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	S_sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_errors(void)
{
	CHECK_INT(tr_error_set_at("results/a/run2.9084.1", 17,
	                          "expected %d fields, found %d", 15, 4),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(),
	          "results/a/run2.9084.1:17: expected 15 fields, found 4");
	tr_error_clear();
	CHECK_STR(tr_error_last(), "");
}

static void test_utf8(void)
{
	CHECK(tr_utf8_valid("h\xc3\xa9llo", 6));
	CHECK(!tr_utf8_valid("\xc0\xaf", 2));       /* overlong */
	CHECK(!tr_utf8_valid("\xed\xa0\x80", 3));   /* surrogate */
	CHECK(!tr_utf8_valid("\xe2\x82", 2));       /* cut */
}

/* One slug function for file names and heading ids; expectations by hand. */
static void test_slug(void)
{
	tr_buf b = TR_BUF_INIT;
	char longname[64];
	CHECK_INT(tr_slug(&b, "../<script>TPC-B (sort of)", 41, "x"), 0);
	CHECK_STR(tr_buf_cstr(&b), "script-tpc-b-sort-of");
	tr_buf_clear(&b);
	CHECK_INT(tr_slug(&b, "///", 41, "x"), 0);
	CHECK_STR(tr_buf_cstr(&b), "x");
	tr_buf_clear(&b);
	/* appends: the text before stays, and counts for nothing */
	tr_buf_puts(&b, "tps-");
	CHECK_INT(tr_slug(&b, "  Price-performance!  ", 60, "section"), 0);
	CHECK_STR(tr_buf_cstr(&b), "tps-price-performance");
	tr_buf_clear(&b);
	CHECK_INT(tr_slug(&b, "", 60, "section"), 0);
	CHECK_STR(tr_buf_cstr(&b), "section");
	tr_buf_clear(&b);
	/* cut once it holds max characters: 50 letters, max 41 -> 41 */
	memset(longname, 'a', 50);
	longname[50] = '\0';
	CHECK_INT(tr_slug(&b, longname, 41, "x"), 0);
	CHECK_INT((long)b.size, 41);
	tr_buf_clear(&b);
	/* a dash is written only with the character after it, so the cut
	 * comes after both: "ab" (2 < 3), then "-c" */
	CHECK_INT(tr_slug(&b, "ab--cd", 3, "x"), 0);
	CHECK_STR(tr_buf_cstr(&b), "ab-c");
	tr_buf_free(&b);
}

/* tr_path_mkdirs is mkdir -p: every level made, existing ones fine, and
 * the first folder it cannot make named. */
static void test_mkdirs(void)
{
	char root[] = "/tmp/tr-mkdirs-XXXXXX", path[128], file[128];
	struct stat st;
	FILE *f;
	CHECK(mkdtemp(root) != NULL);
	snprintf(path, sizeof(path), "%s/a/b/c", root);
	CHECK_INT(tr_path_mkdirs(path), 0);
	CHECK(stat(path, &st) == 0 && S_ISDIR(st.st_mode));
	CHECK_INT(tr_path_mkdirs(path), 0); /* already there */
	snprintf(file, sizeof(file), "%s/a/plain", root);
	CHECK((f = fopen(file, "w")) != NULL);
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "%s/a/plain/d/e", root);
	CHECK(tr_path_mkdirs(path) < 0);
	snprintf(path, sizeof(path), "%s/a/plain/d: ", root);
	CHECK(strncmp(tr_error_last(), path, strlen(path)) == 0);
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	CHECK(system(path) == 0);
}

/* The hash index: 100,000 keys (growth, probing), each found with its
 * value, a second put of a key reports the first value, keys that differ
 * only in their last byte or length are apart, binary keys work. */
static void test_strmap(void)
{
	enum { N = 100000 };
	tr_strmap m = TR_STRMAP_INIT;
	char (*keys)[16] = malloc(N * sizeof(*keys));
	size_t v, had, bad = 0;
	CHECK(!tr_strmap_get(&m, "x", 1, &v));
	for (size_t i = 0; i < N; i++) {
		snprintf(keys[i], sizeof(keys[i]), "k%zu", i);
		CHECK_INT(tr_strmap_put(&m, keys[i], strlen(keys[i]), i, &had), 0);
		bad += had != SIZE_MAX;
	}
	CHECK_INT((long)bad, 0);
	CHECK_INT((long)m.count, N);
	for (size_t i = 0; i < N; i++)
		bad += !tr_strmap_get(&m, keys[i], strlen(keys[i]), &v) || v != i;
	CHECK_INT((long)bad, 0);
	CHECK_INT(tr_strmap_put(&m, "k17", 3, 5, &had), 0);
	CHECK_INT((long)had, 17);
	CHECK(tr_strmap_get(&m, "k17", 3, &v) && v == 17);
	CHECK(!tr_strmap_get(&m, "k1", 1, &v));          /* "k", a prefix */
	CHECK(!tr_strmap_get(&m, "k100000", 7, &v));
	CHECK_INT(tr_strmap_put(&m, "a\0b", 3, 7, NULL), 0);
	CHECK(tr_strmap_get(&m, "a\0b", 3, &v) && v == 7);
	CHECK(!tr_strmap_get(&m, "a\0c", 3, &v));
	tr_strmap_free(&m);
	free(keys);
}

/* util's Markdown escaper: controls as a visible \xNN, markup escaped,
 * autolinks broken by an empty comment, block starts at a line start. */
static void test_md_escape(void)
{
	static const struct { const char *in; bool start; const char *want; } c[] = {
		{ "a\x1b[2J\nb", false, "a\\\\x1B\\[2J\\\\x0Ab" },
		{ "x|y *z*", false, "x\\|y \\*z\\*" },
		{ "ops@evil.example", false, "ops<!-- -->@evil.example" },
		{ "see https://e.example/x", false, "see https:<!-- -->//e.example/x" },
		{ "www.e.example", false, "www<!-- -->.e.example" },
		{ "awww.e", false, "awww.e" },
		{ "- item", true, "\\- item" },
		{ "- item", false, "- item" },
		{ "12. x", true, "12\\. x" },
		{ "===", true, "\\===" },
	};
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		tr_buf b = TR_BUF_INIT;
		CHECK_INT(tr_md_escape(&b, c[i].in, strlen(c[i].in), c[i].start), 0);
		CHECK_STR(tr_buf_cstr(&b), c[i].want);
		tr_buf_free(&b);
	}
}

int main(void)
{
	RUN(test_strmap);
	RUN(test_md_escape);
	RUN(test_parse_double);
	RUN(test_parse_int);
	RUN(test_format);
	RUN(test_shortest_round_trip);
	RUN(test_locale_independent);
	RUN(test_json);
	RUN(test_buf);
	RUN(test_diags);
	RUN(test_sha256);
	RUN(test_errors);
	RUN(test_utf8);
	RUN(test_slug);
	RUN(test_mkdirs);
	return harness_done();
}
