/* test_jsonread.c: the JSON reader on good, bad and hostile input. */

#include "harness.h"
#include "util/error.h"
#include "util/jsonread.h"
#include "util/str.h"

#include <stdlib.h>

static tr_jsonval *S_parse(const char *s)
{
	tr_jsonval *v = NULL;
	if (tr_jsonval_parse(&v, s, strlen(s), "t.json") < 0)
		return NULL;
	return v;
}

/* Parse must fail, with a message naming the file and this line. */
#define CHECK_BAD(text, line)                                            \
	do {                                                             \
		tr_jsonval *v_ = (tr_jsonval *)1;                        \
		char want_[64];                                          \
		int rc_ = tr_jsonval_parse(&v_, text, sizeof(text) - 1, "t.json"); \
		snprintf(want_, sizeof want_, "t.json:%d: ", line);      \
		CHECK(rc_ == TR_EINVALID);                               \
		CHECK(v_ == NULL);                                       \
		CHECK(tr_str_starts_with(tr_error_last(), want_));       \
		if (!tr_str_starts_with(tr_error_last(), want_))         \
			fprintf(stderr, "  got: %s\n", tr_error_last()); \
	} while (0)

static void test_values(void)
{
	tr_jsonval *v = S_parse(" {\"a\": [1, -2.5e2, true, false, null, \"x\"],\n"
	                        "  \"b\": {\"c\": \"\\u00e9\\ud83d\\ude00\\n\"}, "
	                        "\"a\": 7} ");
	const tr_jsonval *a, *b, *c;
	int64_t i;
	CHECK(v != NULL);
	if (!v)
		return;
	CHECK_INT(v->type, TR_JSONVAL_OBJECT);
	CHECK_INT(v->count, 3);
	/* duplicate names: the last one wins */
	a = tr_jsonval_get(v, "a");
	CHECK(a && a->type == TR_JSONVAL_NUMBER && a->number == 7);
	a = &v->items[0];
	CHECK_INT(a->type, TR_JSONVAL_ARRAY);
	CHECK_INT(a->count, 6);
	CHECK_DBL(a->items[1].number, -250, 0);
	CHECK_STR(a->items[1].text, "-2.5e2");
	CHECK(tr_jsonval_int64(&i, &a->items[1]) < 0);
	CHECK_INT(tr_jsonval_int64(&i, &a->items[0]), 0);
	CHECK_INT(i, 1);
	CHECK(a->items[2].boolean && !a->items[3].boolean);
	CHECK_INT(a->items[4].type, TR_JSONVAL_NULL);
	CHECK_STR(a->items[5].text, "x");
	b = tr_jsonval_get(v, "b");
	CHECK_INT(b->line, 2);
	c = tr_jsonval_get(b, "c");
	CHECK_STR(c->text, "\xc3\xa9\xf0\x9f\x98\x80\n");
	CHECK_INT(c->len, 7);
	CHECK(tr_jsonval_get(v, "nope") == NULL);
	CHECK(tr_jsonval_get(c, "x") == NULL);
	CHECK(tr_jsonval_get(NULL, "x") == NULL);
	tr_jsonval_free(v);

	v = S_parse("\xef\xbb\xbf[]");
	CHECK(v && v->type == TR_JSONVAL_ARRAY && v->count == 0);
	tr_jsonval_free(v);
	v = S_parse("\"\"");
	CHECK(v && v->type == TR_JSONVAL_STRING && v->len == 0);
	tr_jsonval_free(v);
	v = S_parse("9223372036854775807");
	CHECK(v && tr_jsonval_int64(&i, v) == 0 && i == INT64_MAX);
	tr_jsonval_free(v);
	v = S_parse("9223372036854775808");
	CHECK(v && tr_jsonval_int64(&i, v) < 0);
	tr_jsonval_free(v);
	tr_jsonval_free(NULL);
}

static void test_bad(void)
{
	CHECK_BAD("", 1);
	CHECK_BAD("   \n  ", 2);
	CHECK_BAD("{", 1);
	CHECK_BAD("{\"a\"", 1);
	CHECK_BAD("{\"a\":", 1);
	CHECK_BAD("{\"a\":1,}", 1);
	CHECK_BAD("[1,]", 1);
	CHECK_BAD("[1 2]", 1);
	CHECK_BAD("{a:1}", 1);
	CHECK_BAD("{\"a\" 1}", 1);
	CHECK_BAD("\n\n[1]x", 3);
	CHECK_BAD("[01]", 1);
	CHECK_BAD("[1.]", 1);
	CHECK_BAD("[.5]", 1);
	CHECK_BAD("[-]", 1);
	CHECK_BAD("[1e]", 1);
	CHECK_BAD("[+1]", 1);
	CHECK_BAD("[1e999]", 1);
	CHECK_BAD("[NaN]", 1);
	CHECK_BAD("[Infinity]", 1);
	CHECK_BAD("[tru]", 1);
	CHECK_BAD("[nul]", 1);
	CHECK_BAD("\"abc", 1);
	CHECK_BAD("\"a\nb\"", 1);
	CHECK_BAD("\"a\tb\"", 1);
	CHECK_BAD("\"\\x\"", 1);
	CHECK_BAD("\"\\u12\"", 1);
	CHECK_BAD("\"\\u0000\"", 1);
	CHECK_BAD("\"\\ud800\"", 1);
	CHECK_BAD("\"\\ud800\\u0041\"", 1);
	CHECK_BAD("\"\\udc00\"", 1);
	CHECK_BAD("\"\xff\"", 1);
	CHECK_BAD("\"\xc0\xaf\"", 1);       /* overlong '/' */
	CHECK_BAD("\"\xed\xa0\x80\"", 1);   /* a surrogate in UTF-8 */
	CHECK_BAD("[1]\0", 1);
	CHECK_BAD("\0", 1);
	CHECK_BAD("{\"a\":1}\n{\"b\":2}", 2);
	CHECK_BAD("[\n\n\"x\" : 1]", 3);
}

static void test_depth(void)
{
	char deep[2 * TR_JSONVAL_MAX_DEPTH + 8];
	size_t n = 0;
	tr_jsonval *v;
	/* exactly the limit: fine */
	for (int i = 0; i < TR_JSONVAL_MAX_DEPTH; i++)
		deep[n++] = '[';
	for (int i = 0; i < TR_JSONVAL_MAX_DEPTH; i++)
		deep[n++] = ']';
	CHECK_INT(tr_jsonval_parse(&v, deep, n, "d.json"), 0);
	tr_jsonval_free(v);
	/* one more: refused, not a stack overflow */
	n = 0;
	for (int i = 0; i <= TR_JSONVAL_MAX_DEPTH; i++)
		deep[n++] = '[';
	for (int i = 0; i <= TR_JSONVAL_MAX_DEPTH; i++)
		deep[n++] = ']';
	CHECK(tr_jsonval_parse(&v, deep, n, "d.json") == TR_EINVALID);
	CHECK(strstr(tr_error_last(), "nested too deeply") != NULL);
	/* a million open brackets fail just as quickly */
	{
		size_t big = 1000000;
		char *s = malloc(big);
		memset(s, '{', big);
		CHECK(tr_jsonval_parse(&v, s, big, "d.json") == TR_EINVALID);
		memset(s, '[', big);
		CHECK(tr_jsonval_parse(&v, s, big, "d.json") == TR_EINVALID);
		free(s);
	}
}

/* Cheap fuzzing: random bytes and random mutations of a good document must
 * never crash or leak (run under ASan by `make test`). */
static void test_random(void)
{
	static const char good[] =
		"{\"schema\": 1, \"phases\": [{\"name\": \"vacuum\", \"seconds\": 0.5}],"
		" \"s\": \"\\u00e9x\\n\", \"n\": [null, true, -1.5e3]}";
	static const char alphabet[] = "{}[]\",:\\u0123456789.eE+-tfnrl \n\t\xc3\xa9\xff";
	unsigned long seed = 12345;
	char buf[256];
	int parsed = 0;
	for (int round = 0; round < 20000; round++) {
		size_t n = sizeof(good) - 1;
		tr_jsonval *v = NULL;
		memcpy(buf, good, n);
		for (int k = 0; k < 1 + round % 4; k++) {
			size_t at;
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			at = (seed >> 33) % n;
			buf[at] = alphabet[(seed >> 17) % (sizeof(alphabet) - 1)];
			if (round % 7 == 0)
				n = at + 1; /* truncate too */
		}
		if (tr_jsonval_parse(&v, buf, n, "f.json") == 0)
			parsed++;
		else
			CHECK(v == NULL);
		tr_jsonval_free(v);
	}
	/* Some mutations stay valid (inside strings): the reader is not
	 * simply refusing everything. */
	CHECK(parsed > 0);
	CHECK(parsed < 20000);
}

int main(void)
{
	RUN(test_values);
	RUN(test_bad);
	RUN(test_depth);
	RUN(test_random);
	return harness_done();
}
