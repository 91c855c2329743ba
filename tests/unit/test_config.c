/* test_config.c: tpsreport.ini and prices. */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	tr_config c;
	tr_provider *p;
	size_t np;
	tr_scenario *s;
	size_t ns;
	int rc;
} S_parsed;

static S_parsed S_parse(const char *text)
{
	S_parsed r;
	r.rc = tr_config_parse(&r.c, &r.p, &r.np, &r.s, &r.ns, text, strlen(text),
	                       "tpsreport.ini");
	return r;
}

static void S_free(S_parsed *r)
{
	for (size_t i = 0; i < r->np; i++)
		tr_provider_free(&r->p[i]);
	free(r->p);
	for (size_t i = 0; i < r->ns; i++)
		tr_scenario_free(&r->s[i]);
	free(r->s);
	tr_config_free(&r->c);
}

static void test_design_example(void)
{
	/* the example of design.md, verbatim */
	S_parsed r = S_parse(
		"[study]\n"
		"title    = AWS RDS vs ServersCamp managed PostgreSQL: pgbench TPC-B\n"
		"currency = EUR            ; report currency\n"
		"baseline = aws            ; provider the others are compared with (default: the first)\n"
		"\n"
		"[provider aws]            ; section name = directory name\n"
		"label = AWS RDS db.m6i.large (gp3 12k IOPS)\n"
		"price = 223.26 USD/month\n"
		"vcpu = 2\n"
		"ram_gb = 8\n"
		"\n"
		"[scenario bench10000]\n"
		"label = bench10000 (~150 GB, disk-bound)\n"
		"\n"
		"[fx]\n"
		"USD = 0.92                ; units of report currency per 1 USD\n");
	CHECK_INT(r.rc, 0);
	CHECK_STR(r.c.title, "AWS RDS vs ServersCamp managed PostgreSQL: pgbench TPC-B");
	CHECK_STR(r.c.currency, "EUR");
	CHECK_STR(r.c.baseline, "aws");
	CHECK_INT(r.np, 1);
	CHECK_STR(r.p[0].id, "aws");
	CHECK_STR(r.p[0].label, "AWS RDS db.m6i.large (gp3 12k IOPS)");
	CHECK_INT(r.p[0].nprice, 1);
	CHECK_DBL(r.p[0].price[0].amount, 223.26, 0);
	CHECK_STR(r.p[0].price[0].currency, "USD");
	CHECK(!r.p[0].price[0].hourly);
	CHECK_INT(r.p[0].price_line, 8);
	CHECK_DBL(r.p[0].vcpu, 2, 0);
	CHECK_DBL(r.p[0].ram_gb, 8, 0);
	CHECK_INT(r.ns, 1);
	CHECK_STR(r.s[0].label, "bench10000 (~150 GB, disk-bound)");
	CHECK_INT(r.c.nfx, 1);
	CHECK_STR(r.c.fx[0].currency, "USD");
	CHECK_DBL(r.c.fx[0].rate, 0.92, 0);
	S_free(&r);
}

/* [study] sample: seconds, milliseconds, a bare number (seconds), off;
 * unset is 0 (run's default of 1 s). */
static void test_sample(void)
{
	static const struct { const char *text; double want; } cases[] = {
		{ "[study]\ntitle = t\n", 0 },
		{ "[study]\nsample = 1s\n", 1 },
		{ "[study]\nsample = 500ms\n", 0.5 },
		{ "[study]\nsample = 0.2s\n", 0.2 },
		{ "[study]\nsample = 10\n", 10 },
		{ "[study]\nsample = off\n", -1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		S_parsed r = S_parse(cases[i].text);
		CHECK_INT(r.rc, 0);
		CHECK_DBL(r.c.sample_s, cases[i].want, 1e-12);
		S_free(&r);
	}
}

static void S_expect_error(const char *text, const char *message)
{
	S_parsed r = S_parse(text);
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK_STR(tr_error_last(), message);
	S_free(&r);
}

/* [facts]: readers' labels of fact.NAME, kept as written, in order. */
static void test_facts(void)
{
	S_parsed r = S_parse("[provider a]\nfact.disk_type = NVMe\n\n[facts]\n"
	                     "disk_type = Disk type\nread_replicas = Replicas\n");
	CHECK_INT(r.rc, 0);
	CHECK_INT((long)r.c.nfact_labels, 2);
	if (r.c.nfact_labels == 2) {
		CHECK_STR(r.c.fact_labels[0].name, "disk_type");
		CHECK_STR(r.c.fact_labels[0].value, "Disk type");
		CHECK_STR(r.c.fact_labels[1].name, "read_replicas");
		CHECK_STR(r.c.fact_labels[1].value, "Replicas");
	}
	S_free(&r);
	S_expect_error("[facts]\ndisk type = x\n",
	               "tpsreport.ini:2: [facts] \"disk type\": a fact's name (NAME of fact.NAME) is "
	               "letters, digits, '_' and '-'");
	S_expect_error("[facts]\ndisk_type = x\ndisk_type = y\n",
	               "tpsreport.ini:3: \"disk_type\" is set twice in [facts]");
}

/* short =: the name of table rows, for providers and scenarios; NULL
 * when not given. */
static void test_short(void)
{
	S_parsed r = S_parse("[provider a]\nlabel = Tuned PostgreSQL 15\nshort = Tuned\n"
	                     "[provider b]\nlabel = Stock\n"
	                     "[scenario s]\nlabel = bench1 (scale 1, ~20 MB)\nshort = bench1\n");
	CHECK_INT(r.rc, 0);
	CHECK_INT(r.np, 2);
	CHECK_STR(r.p[0].short_label, "Tuned");
	CHECK(r.p[1].short_label == NULL);
	CHECK_INT(r.ns, 1);
	CHECK_STR(r.s[0].short_label, "bench1");
	S_free(&r);
	S_expect_error("[provider a]\nshort = A\nshort = B\n",
	               "tpsreport.ini:3: \"short\" is set twice for [provider a]");
}

static void test_errors(void)
{
	S_expect_error("[study]\ntitel = x\n",
	               "tpsreport.ini:2: unknown key \"titel\" in [study] (known: title, subtitle, notes, currency, baseline, percentile, runs, sample)");
	S_expect_error("[study]\nsample = 0.1s\n",
	               "tpsreport.ini:2: sample: expected an interval from 0.2s to 10s (such as 1s or 500ms), or off, found \"0.1s\"");
	S_expect_error("[study]\nsample = 11\n",
	               "tpsreport.ini:2: sample: expected an interval from 0.2s to 10s (such as 1s or 500ms), or off, found \"11\"");
	S_expect_error("[study]\nsample = 1 min\n",
	               "tpsreport.ini:2: sample: expected an interval from 0.2s to 10s (such as 1s or 500ms), or off, found \"1 min\"");
	S_expect_error("[provider a]\nprice = 12 dollars\n",
	               "tpsreport.ini:2: price: expected a currency and period after the amount, as in \"223.26 USD/month\", found \"12 dollars\"");
	S_expect_error("[provider a]\nprice = 12 USD/week\n",
	               "tpsreport.ini:2: price: the period must be /month or /hour, found \"12 USD/week\"");
	S_expect_error("[provider a]\nvcpu = -2\n",
	               "tpsreport.ini:2: vcpu: expected a number >= 0, found \"-2\"");
	S_expect_error("[provider a]\nvcpu = 2\n\nvcpu = 4\n",
	               "tpsreport.ini:4: \"vcpu\" is set twice for [provider a]");
	/* two spellings of one section are one section (a price set in both
	 * leaked the first one: found by fuzzing) */
	S_expect_error("[provider a]\nprice = 1 EUR/month\n[provider  a ]\nprice = 2 EUR/month\n",
	               "tpsreport.ini:4: \"price\" is set twice for [provider a]");
	S_expect_error("[colours]\na = b\n",
	               "tpsreport.ini:2: unknown section [colours] (known: study, provider ID, scenario ID, cell PROVIDER SCENARIO, fx, facts)");
	S_expect_error("title = x\n",
	               "tpsreport.ini:1: \"title\" is outside any section (start with [study])");
	S_expect_error("[study]\nthis line has no equals sign\n",
	               "tpsreport.ini:2: cannot parse this line (expected [section] or key = value)");
	S_expect_error("[provider a]\ncolor = red\n",
	               "tpsreport.ini:2: color: expected #rrggbb, found \"red\"");
	S_expect_error("[fx]\nUSD = 0\n",
	               "tpsreport.ini:2: USD: a rate of 0 would make every price free");
	S_expect_error("[study]\ncurrency = euro\n",
	               "tpsreport.ini:2: currency: expected a three-letter code such as EUR, found \"euro\"");
	S_expect_error("[provider ../x]\nlabel = a\n",
	               "tpsreport.ini:2: [provider ../x]: a provider section names a results/ directory");
	S_expect_error("[provider a]\nlabel = \xff\xfe\n", "tpsreport.ini:2: not valid UTF-8");
	{
		const char text[] = "[study]\ntitle = a\0b\n";
		S_parsed r;
		r.rc = tr_config_parse(&r.c, &r.p, &r.np, &r.s, &r.ns, text,
		                       sizeof(text) - 1, "tpsreport.ini");
		CHECK_INT(r.rc, TR_EINVALID);
		CHECK_STR(tr_error_last(), "tpsreport.ini:2: NUL byte in the file");
		S_free(&r);
	}
}

static void test_long_and_crlf(void)
{
	char *text = malloc(20000);
	S_parsed r;
	strcpy(text, "[provider a]\r\nlabel = ");
	for (int i = 0; i < 5000; i++)
		strcat(text, "x");
	strcat(text, "\r\nvcpu = 4\r\n");
	r = S_parse(text);
	CHECK_INT(r.rc, 0);
	CHECK_INT(strlen(r.p[0].label), 5000);
	CHECK_DBL(r.p[0].vcpu, 4, 0);
	CHECK_INT(r.p[0].price_line, 0);
	S_free(&r);
	free(text);
}

static void test_prices(void)
{
	tr_price_item *items;
	size_t n;
	CHECK_INT(tr_price_parse(&items, &n,
	                         "154.76 USD/month instance + 68.50 USD/month storage"), 0);
	CHECK_INT(n, 2);
	CHECK_DBL(items[0].amount, 154.76, 0);
	CHECK_STR(items[0].label, "instance");
	CHECK_DBL(items[1].amount, 68.5, 0);
	CHECK_STR(items[1].label, "storage");
	for (size_t i = 0; i < n; i++) {
		free(items[i].currency);
		free(items[i].label);
	}
	free(items);
	CHECK_INT(tr_price_parse(&items, &n, "0.312 USD/hour"), 0);
	CHECK(items[0].hourly);
	CHECK(items[0].label == NULL);
	free(items[0].currency);
	free(items);
	CHECK(tr_price_parse(&items, &n, "1 USD/month + 2 USD/month") < 0);
	CHECK(tr_price_parse(&items, &n, "") < 0);
	CHECK(tr_price_parse(&items, &n, "-5 EUR/month") < 0);
	CHECK(tr_price_parse(&items, &n, "NaN EUR/month") < 0);
	CHECK(tr_price_parse(&items, &n, "5 eur/month") < 0);
	CHECK(items == NULL && n == 0);
}

/* [cell P S] sections and fact.NAME (seed: PG version, vCPUs and disk
 * differ by test). */
static void test_cells(void)
{
	S_parsed r = S_parse(
		"[provider ch]\n"
		"vcpu = 2\n"
		"fact.pg = 17\n"
		"\n"
		"[cell ch mixed]\n"
		"vcpu = 16\n"
		"ram_gb = 64\n"
		"price = 1.5 USD/hour\n"
		"fact.disk = NVMe (unlimited IOPS)\n"
		"\n"
		"[cell  ch\tread ]\n"
		"notes = second test\n");
	CHECK_INT(r.rc, 0);
	CHECK_INT(r.np, 1);
	CHECK_INT(r.p[0].nfacts, 1);
	CHECK_STR(r.p[0].facts[0].name, "pg");
	CHECK_STR(r.p[0].facts[0].value, "17");
	CHECK_INT(r.c.ncells, 2);
	CHECK_STR(r.c.cells[0].provider, "ch");
	CHECK_STR(r.c.cells[0].scenario, "mixed");
	CHECK_DBL(r.c.cells[0].vcpu, 16, 0);
	CHECK_DBL(r.c.cells[0].ram_gb, 64, 0);
	CHECK_INT(r.c.cells[0].nprice, 1);
	CHECK_INT(r.c.cells[0].nfacts, 1);
	CHECK_STR(r.c.cells[0].facts[0].value, "NVMe (unlimited IOPS)");
	CHECK_INT(r.c.cells[0].line, 6);
	CHECK_STR(r.c.cells[1].scenario, "read");
	CHECK(isnan(r.c.cells[1].vcpu));
	CHECK_STR(r.c.cells[1].notes, "second test");
	S_free(&r);

	r = S_parse("[cell ch]\nvcpu = 2\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:2: [cell ch]: expected [cell PROVIDER SCENARIO]") != NULL);
	S_free(&r);
	r = S_parse("\n[cell a b]\ncolor = #000000\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:3: unknown key \"color\" in [cell a b] (known: vcpu, ram_gb, price, notes, fact.NAME)") != NULL);
	S_free(&r);
	r = S_parse("[provider a]\nfact. = x\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:2: \"fact.\": a fact is named fact.NAME") != NULL);
	S_free(&r);
	r = S_parse("[cell a b]\nfact.x = 1\nfact.x = 2\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:3: \"fact.x\" is set twice for [cell a b]") != NULL);
	S_free(&r);
}

/* Issue 24: inih cut section names at 49 bytes (a long provider lost
 * its label and price, two long names merged). Names here are 49, 50,
 * 200 and 5000 bytes; the two 200-byte ones share their first 199. */
static void test_long_section_names(void)
{
	size_t lens[] = { 49, 50, 200, 5000 };
	for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
		char *a = malloc(lens[k] + 1), *b = malloc(lens[k] + 1), *text;
		S_parsed r;
		memset(a, 'p', lens[k]);
		memcpy(b, a, lens[k]);
		a[lens[k]] = b[lens[k]] = '\0';
		b[lens[k] - 1] = 'q';
		text = malloc(3 * lens[k] + 200);
		sprintf(text, "[provider %s]\nlabel = A\nprice = 10 EUR/month\n"
		              "[provider %s]\nlabel = B\n[scenario %s]\nlabel = S\n",
		        a, b, b);
		r = S_parse(text);
		CHECK_INT(r.rc, 0);
		CHECK_INT((long)r.np, 2);
		CHECK_INT((long)r.ns, 1);
		if (r.np == 2 && r.ns == 1) {
			CHECK_STR(r.p[0].id, a);
			CHECK_STR(r.p[0].label, "A");
			CHECK_INT((long)r.p[0].nprice, 1);
			CHECK_STR(r.p[1].id, b);
			CHECK_STR(r.p[1].label, "B");
			CHECK_STR(r.s[0].id, b);
			CHECK_STR(r.s[0].label, "S");
		}
		S_free(&r);
		free(a);
		free(b);
		free(text);
	}
}

/* [cell a s] and [cell a<TAB>s] (and [ cell  a   s ]) are one cell: a
 * key set in both is set twice, at the second's line. */
static void test_cell_whitespace(void)
{
	S_parsed r = S_parse("[cell a s]\nprice = 10 EUR/month\n\n"
	                     "[cell a\ts]\nprice = 20 EUR/month\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:5: \"price\" is set twice for [cell a s]") != NULL);
	S_free(&r);
	r = S_parse("[ cell  a \t s ]\nvcpu = 2\n[cell a s]\nvcpu = 4\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:4: \"vcpu\" is set twice for [cell a s]") != NULL);
	S_free(&r);
	/* different keys of one cell, spelled two ways: one cell */
	r = S_parse("[cell a s]\nvcpu = 2\n[cell a\ts]\nram_gb = 4\n");
	CHECK_INT(r.rc, 0);
	CHECK_INT((long)r.c.ncells, 1);
	S_free(&r);
}

/* Lines the reader cannot read: FILE:LINE and what was expected. */
static void test_reader_errors(void)
{
	S_parsed r = S_parse("[study]\ntitle = x\n[provider a\nlabel = y\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:3: a section line without its closing ']'") != NULL);
	S_free(&r);
	r = S_parse("[study] title = x\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:1: text after the section's ']'") != NULL);
	S_free(&r);
	r = S_parse("[study]\n\njust words\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:3: cannot parse this line") != NULL);
	S_free(&r);
	r = S_parse("[study]\n = x\n");
	CHECK_INT(r.rc, TR_EINVALID);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:2: a value without a key") != NULL);
	S_free(&r);
	/* a comment after a section, ':' as the separator, CRLF, a BOM */
	r = S_parse("\xef\xbb\xbf[study] ; the study\r\ntitle: a;b ; c\r\n# x\r\n");
	CHECK_INT(r.rc, 0);
	CHECK_STR(r.c.title, "a;b");
	S_free(&r);
}

int main(void)
{
	RUN(test_long_section_names);
	RUN(test_cell_whitespace);
	RUN(test_reader_errors);
	RUN(test_design_example);
	RUN(test_short);
	RUN(test_cells);
	RUN(test_errors);
	RUN(test_sample);
	RUN(test_long_and_crlf);
	RUN(test_prices);
	RUN(test_facts);
	return harness_done();
}
