/* test_writeup_figures.c: the figure directives of issue 13 on a small
 * study built in memory (three providers, two scenarios, a sweep of
 * three client counts in one and two in the other, one run per cell so
 * that a cell's median TPS is its run's TPS, one cell missing): sweep
 * aggregates, compare vs=, journeys, pivots, rank, best/worst, fmt=,
 * headlines, [cell] facts, and an error naming FILE:LINE for every kind
 * of wrong argument. Every expected figure is worked out by hand from
 * the table S_DATA below, the arithmetic in a comment beside it. */

/* internal test of: writeup */

#include "harness.h"
#include "wu_fixture.h"
#include "writeup/writeup_internal.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdio.h>

/*
 * provider  scenario  clients  TPS    latency avg (ms)
 * std       ro        10       1000   10
 * std       ro        20       1100   18
 * std       ro        40       1300   25
 * std       rw        10        500   20
 * std       rw        20        700   30
 * tuned     ro        10       2000    5
 * tuned     ro        20       2400    8
 * tuned     ro        40       2600   12
 * tuned     rw        10        600   16
 * tuned     rw        20       1000   20
 * opt       ro        10       2100    4
 * opt       ro        20       2500    7
 * opt       ro        40       3000   11
 * opt       rw        20       1300   15     (opt rw at 10 clients: none)
 * std is the baseline (the first provider).
 */
static const struct {
	size_t p, s;
	int clients;
	double tps, lat;
} S_DATA[] = {
	{ 0, 0, 10, 1000, 10 }, { 0, 0, 20, 1100, 18 }, { 0, 0, 40, 1300, 25 },
	{ 0, 1, 10, 500, 20 }, { 0, 1, 20, 700, 30 },
	{ 1, 0, 10, 2000, 5 }, { 1, 0, 20, 2400, 8 }, { 1, 0, 40, 2600, 12 },
	{ 1, 1, 10, 600, 16 }, { 1, 1, 20, 1000, 20 },
	{ 2, 0, 10, 2100, 4 }, { 2, 0, 20, 2500, 7 }, { 2, 0, 40, 3000, 11 },
	{ 2, 1, 20, 1300, 15 },
};

static tr_fact *S_facts(const char *name, const char *value)
{
	tr_fact *f = calloc(1, sizeof(*f));
	f->name = wu_dup(name);
	f->value = wu_dup(value);
	return f;
}

static tr_study *S_study(void)
{
	static const char *const ids[] = { "std", "tuned", "opt" };
	static const char *const labels[] = { "Standard", "Tuned", "Optimised" };
	static const char *const pg[] = { "16.4", "16.4", "17.2" };
	tr_study *st = calloc(1, sizeof(*st));
	unsigned seed = 5;
	st->root = wu_dup("figures");
	st->config.path = wu_dup("tpsreport.ini");
	st->nproviders = 3;
	st->providers = calloc(3, sizeof(tr_provider));
	for (size_t p = 0; p < 3; p++) {
		st->providers[p].id = wu_dup(ids[p]);
		st->providers[p].label = wu_dup(labels[p]);
		st->providers[p].vcpu = 4;
		st->providers[p].ram_gb = 16;
		st->providers[p].in_results = true;
		st->providers[p].facts = S_facts("pg", pg[p]);
		st->providers[p].nfacts = 1;
	}
	st->providers[1].note = wu_dup("Pinned to one NUMA node");
	/* [cell opt rw]: ram_gb = 64, fact.disk = io2 */
	st->config.cells = calloc(1, sizeof(tr_cell_config));
	st->config.ncells = 1;
	st->config.cells[0].provider = wu_dup("opt");
	st->config.cells[0].scenario = wu_dup("rw");
	st->config.cells[0].line = 12;
	st->config.cells[0].vcpu = NAN;
	st->config.cells[0].ram_gb = 64;
	st->config.cells[0].facts = S_facts("disk", "io2");
	st->config.cells[0].nfacts = 1;
	st->nscenarios = 2;
	st->scenarios = calloc(2, sizeof(tr_scenario));
	st->scenarios[0].id = wu_dup("ro");
	st->scenarios[0].label = wu_dup("ro");
	st->scenarios[1].id = wu_dup("rw");
	st->scenarios[1].label = wu_dup("rw");
	st->scenarios[0].in_results = st->scenarios[1].in_results = true;
	st->runs = calloc(TR_ARRAY_SIZE(S_DATA), sizeof(tr_run));
	st->runs_cap = TR_ARRAY_SIZE(S_DATA);
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_DATA); i++) {
		char id[32];
		tr_summary *sum;
		snprintf(id, sizeof(id), "c%d", S_DATA[i].clients);
		wu_add_run(st, S_DATA[i].p, S_DATA[i].s, id, S_DATA[i].tps, 0.02, 60,
		           seed += 3, false);
		sum = &st->runs[st->nruns - 1].summary;
		sum->clients = S_DATA[i].clients;
		sum->threads = 2;
		sum->latency_avg_ms = S_DATA[i].lat;
	}
	strcpy(st->digest, "0000000000000000000000000000000000000000000000000000000000000000");
	return st;
}

static tr_results *S_r;

/* The Markdown of src (footer cut); on error NULL, the message in
 * tr_error_last(). Caller frees. */
static char *S_md(const char *src)
{
	tr_writeup_charts cs = { NULL, 0 };
	tr_writeup_options o = { 0 };
	tr_writeup_output out;
	char *md = NULL, *foot;
	o.source = src;
	o.source_len = strlen(src);
	o.source_path = "study/writeup.md";
	if (tr_writeup_render(&out, S_r, &cs, &o) == 0) {
		md = tr_buf_detach(&out.markdown);
		if ((foot = strstr(md, "\n---\n\n*Made with")))
			*foot = '\0';
	}
	tr_writeup_output_free(&out);
	return md;
}

#define CHECK_MD(src, want)                                                 \
	do {                                                                \
		char *md_ = S_md(src);                                          \
		CHECK_STR(md_, want);                                           \
		if (!md_)                                                       \
			fprintf(stderr, "  error: %s\n", tr_error_last());      \
		free(md_);                                                      \
	} while (0)

/* The Markdown of src holds want. */
#define CHECK_HAS(src, want)                                                \
	do {                                                                \
		char *md_ = S_md(src);                                          \
		char m_[1600];                                                  \
		snprintf(m_, sizeof(m_), "\"%.900s\" holds \"%.500s\"",         \
		         md_ ? md_ : tr_error_last(), want);                    \
		harness_check(md_ && strstr(md_, want) != NULL, __FILE__, __LINE__, m_); \
		free(md_);                                                      \
	} while (0)

/* src fails with a message holding each of want (NULL-terminated). */
static void S_error(const char *file, int line, const char *src, const char *const *want)
{
	char *md = S_md(src);
	const char *e = md ? "(rendered)" : tr_error_last();
	for (size_t k = 0; want[k]; k++) {
		char m[1600];
		snprintf(m, sizeof(m), "%.300s: error \"%.800s\" holds \"%.300s\"", src, e, want[k]);
		harness_check(!md && strstr(e, want[k]) != NULL, file, line, m);
	}
	free(md);
}

#define CHECK_ERROR(src, ...)                                               \
	do {                                                                \
		static const char *const w_[] = { __VA_ARGS__, NULL };          \
		S_error(__FILE__, __LINE__, src, w_);                           \
	} while (0)

static void test_sweep_aggregates(void)
{
	/* std ro: mean (1000 + 1100 + 1300) / 3 = 3400 / 3 = 1133.33 */
	CHECK_MD("{{value std ro tps_median *}}", "1,133\n");
	CHECK_MD("{{value std ro tps_median * agg=mean}}", "1,133\n");
	/* median of 1000, 1100, 1300 = 1100; min 1000; max 1300 */
	CHECK_MD("{{value std ro tps_median * agg=median}}", "1,100\n");
	CHECK_MD("{{value std ro tps_median * agg=min}}", "1,000\n");
	CHECK_MD("{{value std ro tps_median * agg=max}}", "1,300\n");
	/* every scenario: std's 5 cells, (1000+1100+1300+500+700) / 5 = 920 */
	CHECK_MD("{{value std * tps_median *}}", "920\n");
	/* latency: tuned ro mean (5 + 8 + 12) / 3 = 8.33 */
	CHECK_MD("{{value tuned ro latency_avg_ms * agg=mean}}", "8.33\n");
	/* opt rw has 1 of 2 workloads: the mean is 1300 over 1 cell, and it
	 * says so */
	CHECK_MD("{{value opt rw tps_median *}}",
	         "1,300 (over 1 of 2 cells; 1 without tps_median)\n");
}

static void test_compare(void)
{
	/* tuned vs std, ro at 10 clients: 2000 / 1000 - 1 = +100.0%; one run
	 * a side can never be significant: compare shows the gap, ~ and the
	 * test (one run a side: p = 1) */
	CHECK_MD("{{value tuned ro tps_gap_pct tpc-b-c10-j2-prepared}}", "+100.0%\n");
	CHECK_MD("{{compare tuned ro tpc-b-c10-j2-prepared}}", "+100.0% \\~ (p=1.000, n=1+1)\n");
	CHECK_MD("{{compare tuned ro tpc-b-c10-j2-prepared verdict=off}}", "+100.0%\n");
	/* 2000 - 1000 = +1,000 TPS; ratio 2: "2× faster" */
	CHECK_HAS("{{compare tuned ro tpc-b-c10-j2-prepared fmt=diff}}", "+1,000 TPS");
	CHECK_MD("{{compare tuned ro tpc-b-c10-j2-prepared fmt=words}}",
	         "2\xc3\x97 faster (not significant, p=1.000)\n");
	/* vs=opt: 2000 / 2100 - 1 = -4.76% */
	CHECK_MD("{{value tuned ro tps_gap_pct tpc-b-c10-j2-prepared vs=opt}}", "-4.8%\n");
	/* over *: mean tuned ro 7000/3 = 2333.33 against mean std 3400/3 =
	 * 1133.33: 7000 / 3400 - 1 = +105.88% */
	CHECK_HAS("{{compare tuned ro * vs=std}}", "+105.9%");
	CHECK_HAS("{{compare tuned ro * vs=std}}", "mean of 3 workloads");
	/* opt rw against std over *: only c20 both have: 1300 / 700 - 1 =
	 * +85.71%, over 1 workload */
	CHECK_HAS("{{compare opt rw * vs=std}}", "+85.7%");
	/* latency, lower is better: opt ro mean (4+7+11)/3 = 22/3 against
	 * std (10+18+25)/3 = 53/3: 22 / 53 - 1 = -58.49% */
	CHECK_HAS("{{compare opt ro * metric=latency_avg_ms}}", "-58.5%");
	/* vs=*: opt against each other provider over ro's workloads: mean
	 * 7600/3 against std 3400/3: 7600/3400 - 1 = +123.53%; against tuned
	 * 7000/3: 7600/7000 - 1 = +8.57% */
	CHECK_MD("{{compare opt ro * vs=*}}", "+123.5% (mean of 3 workloads) vs Standard, "
	                                      "+8.6% (mean of 3 workloads) vs Tuned\n");
}

static void test_fmt(void)
{
	/* tuned ro c20 vs std: 2400 / 1100 = 2.1818: 2.2x; +118.18% */
	CHECK_HAS("{{compare tuned ro tpc-b-c20-j2-prepared fmt=x1}}", "2.2\xc3\x97");
	CHECK_HAS("{{compare tuned ro tpc-b-c20-j2-prepared fmt=words}}", "2.18\xc3\x97 faster");
	/* k: three significant digits, at most one decimal: 3000 = 3.0K,
	 * tuned's ro mean 7000/3 = 2333.3 = 2.3K */
	CHECK_MD("{{value opt ro tps_median tpc-b-c40-j2-prepared fmt=k}}", "3.0K\n");
	CHECK_MD("{{value tuned ro tps_median * fmt=k}}", "2.3K\n");
	/* words with a lower-is-better metric: opt ro c10 latency 4 against
	 * std 10: 4 / 10 = 0.4, 10 / 4 = 2.5: "2.5× lower latency", never a sign */
	CHECK_HAS("{{compare opt ro tpc-b-c10-j2-prepared metric=latency_avg_ms fmt=words}}",
	          "2.5\xc3\x97 lower latency");
	/* the gap as a value: tuned rw c20 1000 / 700 - 1 = +42.86%, under 1.5x */
	CHECK_HAS("{{value tuned rw tps_gap_pct tpc-b-c20-j2-prepared fmt=words}}", "43% faster");
	/* diff in the metric's unit: latency 4 - 10 = -6 ms; pct: -60.0% */
	CHECK_MD("{{value opt ro latency_avg_ms tpc-b-c10-j2-prepared fmt=diff}}", "-6 ms\n");
	CHECK_MD("{{value opt ro latency_avg_ms tpc-b-c10-j2-prepared fmt=pct}}", "-60.0%\n");
}

static void test_journey(void)
{
	/* std -> tuned -> opt in ro at 40 clients: 1300, 2600, 3000;
	 * vs previous: 2600/1300 - 1 = +100.0%, 3000/2600 - 1 = +15.4%;
	 * vs first: +100.0%, 3000/1300 - 1 = +130.8% */
	char *md = S_md("{{table journey std tuned opt ro tpc-b-c40-j2-prepared}}");
	CHECK(md != NULL);
	if (md) {
		CHECK(strstr(md, "| Standard | 1,300 |") != NULL);
		CHECK(strstr(md, "| Tuned | 2,600 | +100.0% | +100.0% |") != NULL);
		CHECK(strstr(md, "| Optimised | 3,000 | +15.4% | +130.8% |") != NULL);
	}
	free(md);
	/* rw at 10 clients: opt has no cell: its step is a dash, with a note */
	md = S_md("{{table journey std tuned opt rw tpc-b-c10-j2-prepared}}");
	CHECK(md != NULL);
	if (md) {
		/* 600 / 500 - 1 = +20.0% */
		CHECK(strstr(md, "| Tuned | 600 | +20.0% | +20.0% |") != NULL);
		CHECK(strstr(md, "| 3 | Optimised | \xe2\x80\x93 | \xe2\x80\x93 | \xe2\x80\x93 |") != NULL);
		CHECK(strstr(md, "\xe2\x80\x93: no usable runs") != NULL);
	}
	free(md);
}

static void test_pivot(void)
{
	/* rows=provider cols=workload in rw: opt at 10 clients is missing */
	char *md = S_md("{{table pivot rows=provider cols=workload metric=tps_median scenario=rw}}");
	CHECK(md != NULL);
	if (md) {
		CHECK(strstr(md, "| Standard | 500 | 700 |") != NULL);
		CHECK(strstr(md, "| Optimised | \xe2\x80\x93 | 1,300 |") != NULL);
		CHECK(strstr(md, "\xe2\x80\x93: no usable runs") != NULL);
	}
	free(md);
	/* rows=provider cols=scenario agg=mean, with an "all" column:
	 * std ro 3400/3 = 1133.3, rw (500+700)/2 = 600.0, all 4600/5 = 920.0;
	 * opt ro 7600/3 = 2533.3, rw 1300.0, all (7600+1300)/4 = 2225.0 */
	md = S_md("{{table pivot rows=provider cols=scenario metric=tps_median agg=mean}}");
	CHECK(md != NULL);
	if (md) {
		CHECK(strstr(md, "| Standard | 1,133 | 600 | 920 |") != NULL);
		CHECK(strstr(md, "| Optimised | 2,533 | 1,300 | 2,225 |") != NULL);
	}
	free(md);
}

static void test_rank_best_worst(void)
{
	/* rank by mean ro TPS: opt 2533.3, tuned 2333.3, std 1133.3 */
	char *md = S_md("{{table rank tps_median ro * agg=mean}}");
	const char *a, *b, *c;
	CHECK(md != NULL);
	if (md) {
		a = strstr(md, "| Optimised |");
		b = strstr(md, "| Tuned |");
		c = strstr(md, "| Standard |");
		CHECK(a && b && c && a < b && b < c);
	}
	free(md);
	/* latency ranks lower first: ro means opt 22/3 = 7.33, tuned 25/3 =
	 * 8.33, std 53/3 = 17.67 (three significant digits: 17.7); vs best:
	 * 25/22 - 1 = +13.64%, 53/22 - 1 = +140.91% */
	md = S_md("{{table rank latency_avg_ms ro * agg=mean}}");
	CHECK(md != NULL);
	if (md) {
		a = strstr(md, "| 1 | Optimised | 7.33 |  | 3 |");
		b = strstr(md, "| 2 | Tuned | 8.33 | +13.6% | 3 |");
		c = strstr(md, "| 3 | Standard | 17.7 | +140.9% | 3 |");
		CHECK(a && b && c && a < b && b < c);
	}
	free(md);
	/* the best single cell: opt ro 40 clients, 3000 TPS; the worst: std rw 10, 500 */
	CHECK_HAS("{{best tps_median}}", "3,000 TPS, Optimised, ro, 40 clients / 2 threads");
	CHECK_HAS("{{worst tps_median}}", "500 TPS, Standard, rw, 10 clients / 2 threads");
	/* lowest latency: opt ro 10 clients, 4 ms */
	CHECK_HAS("{{best latency_avg_ms ro *}}", "4.00 ms, Optimised, ro, 10 clients / 2 threads");
	/* the best provider by its aggregate: opt, ro mean 2533.3 */
	CHECK_HAS("{{best tps_median ro * agg=mean}}", "2,533");
	CHECK_HAS("{{best tps_median ro * agg=mean}}", "Optimised");
}

static void test_headline(void)
{
	char *md = S_md("{{headline tps_median ro * \"Peak read TPS\"}}\n"
	                "{{headline latency_avg_ms rw * \"Best write latency\"}}\n");
	CHECK(md != NULL);
	if (md) {
		/* peak ro: opt 40 clients 3000; best rw latency: opt 20 clients 15 */
		CHECK(strstr(md, "- **3,000 TPS** Peak read TPS \xe2\x80\x94 Optimised, ro, 40 clients / 2 threads") != NULL);
		CHECK(strstr(md, "- **15.0 ms** Best write latency \xe2\x80\x94 Optimised, rw, 20 clients / 2 threads") != NULL);
	}
	free(md);
	/* providers=: std and tuned only: peak ro is tuned's 40 clients, 2600 */
	CHECK_HAS("{{headline tps_median ro * \"Peak\" providers=std,tuned}}",
	          "- **2,600 TPS** Peak \xe2\x80\x94 Tuned, ro, 40 clients / 2 threads");
	/* group=fact.pg:16.4 is std and tuned (fact.pg = 16.4, 16.4, 17.2) */
	CHECK_HAS("{{headline tps_median ro * \"Peak\" group=fact.pg:16.4}}",
	          "- **2,600 TPS** Peak \xe2\x80\x94 Tuned, ro");
	CHECK_HAS("{{headline tps_median rw * \"Peak\" group=fact.pg:17.2}}",
	          "- **1,300 TPS** Peak \xe2\x80\x94 Optimised, rw, 20 clients");
	/* both: std alone, its best ro cell 1300 */
	CHECK_HAS("{{headline tps_median ro * \"Peak\" providers=std group=fact.pg:16.4}}",
	          "- **1,300 TPS** Peak \xe2\x80\x94 Standard, ro, 40 clients");
	/* by a provider's aggregate: tuned ro mean (2000 + 2400 + 2600) / 3 =
	 * 2333.3, whole; its short caption says what was aggregated */
	CHECK_HAS("{{headline tps_median ro * \"Mean read TPS\" agg=mean group=fact.pg:16.4}}",
	          "- **2,333 TPS** Mean read TPS \xe2\x80\x94 Tuned, mean of 3 cells");
	/* opt rw has one cell (20 clients): "1 cell" */
	CHECK_HAS("{{headline tps_median rw * \"Mean write TPS\" agg=mean providers=opt}}",
	          "- **1,300 TPS** Mean write TPS \xe2\x80\x94 Optimised, mean of 1 cell\n");
	/* a caption is never "(label (details), scenario (details))" */
	md = S_md("{{headline tps_median ro * \"Peak\" providers=opt}}\n");
	CHECK(md && strstr(md, "((") == NULL && strstr(md, "))") == NULL);
	free(md);
}

/* {{journey}}: step cards, a numbered list in Markdown, an <ol> in HTML */
static void test_journey_cards(void)
{
	/* ro means: std 1133.3, tuned 2333.3, opt 2533.3 (test_sweep_aggregates);
	 * 2333.3 / 1133.3 - 1 = +105.9%, 2533.3 / 2333.3 - 1 = +8.6% */
	CHECK_HAS("{{journey std tuned opt ro * agg=mean}}\n",
	          "1. **Standard**: 1,133 TPS\n"
	          "2. **Tuned**: 2,333 TPS \xe2\x96\xb2 +105.9%. Pinned to one NUMA node\n"
	          "3. **Optimised**: 2,533 TPS \xe2\x96\xb2 +8.6%\n");
	/* down: opt -> std, 1133.3 / 2533.3 - 1 = -55.3% */
	CHECK_HAS("{{journey opt std ro * agg=mean}}\n",
	          "2. **Standard**: 1,133 TPS \xe2\x96\xbc -55.3%\n");
	CHECK_ERROR("\n{{journey std nobody ro *}}", "study/writeup.md:2: {{journey}}: 'nobody' "
	            "is not a provider (there are: std, tuned, opt)");
	CHECK_ERROR("{{journey std tuned ro * title=\"X\"}}", "study/writeup.md:1",
	            "title= is not for step cards");
}

/* The value labels of {{chart rank}} and {{chart journey}}: the text a
 * table's cell has (tr_metric_fmt), not 3 significant digits. */
static void test_chart_labels(void)
{
	tr_writeup_charts cs = { NULL, 0 };
	tr_writeup_options o = { 0 };
	tr_writeup_doc *doc = NULL;
	const tr_writeup_list *l;
	const char *src = "{{chart rank tps_median ro * agg=mean}}\n\n"
	                  "{{chart journey std tuned opt ro * agg=mean}}\n";
	o.source = src;
	o.source_len = strlen(src);
	o.source_path = "study/writeup.md";
	CHECK(tr_writeup_expand(&doc, S_r, &cs, &o) == 0);
	CHECK(doc && tr_writeup_lists(doc, &l) == 2);
	if (doc && tr_writeup_lists(doc, &l) == 2 && l[0].nbars == 3 && l[1].nbars == 3) {
		/* ro means: opt (2100 + 2500 + 3000) / 3 = 2533.3, tuned 2333.3,
		 * std 1133.3: whole TPS from 100 up, grouped */
		CHECK_STR(l[0].bars[0].text, "2,533");
		CHECK_STR(l[0].bars[1].text, "2,333");
		CHECK_STR(l[0].bars[2].text, "1,133");
		/* the journey std -> tuned -> opt: 2333.3 / 1133.3 - 1 = +105.9% */
		CHECK_STR(l[1].bars[0].text, "1,133");
		CHECK_STR(l[1].bars[1].text, "2,333");
		CHECK_STR(l[1].bars[2].text, "2,533");
		CHECK(l[1].bars[1].note && strstr(l[1].bars[1].note, "+105.9%") != NULL);
	}
	tr_writeup_doc_free(doc);
	tr_writeup_charts_free(&cs);
}

static void test_facts(void)
{
	/* {{table setup rw}}: opt has [cell opt rw] ram_gb = 64 and
	 * fact.disk = io2; the others have no disk fact: a dash */
	char *md = S_md("{{table setup rw}}");
	CHECK(md != NULL);
	if (md) {
		CHECK(strstr(md, "| Optimised | 4 | 64 |") != NULL);
		CHECK(strstr(md, "17.2") != NULL);
		CHECK(strstr(md, "io2") != NULL);
		CHECK(strstr(md, "| Standard | 4 | 16 |") != NULL);
	}
	free(md);
	/* in ro the [cell] section does not apply: 16 GB, no disk column */
	md = S_md("{{table setup ro}}");
	CHECK(md != NULL);
	if (md) {
		CHECK(strstr(md, "| Optimised | 4 | 16 |") != NULL);
		CHECK(strstr(md, "io2") == NULL);
	}
	free(md);
	CHECK_MD("{{provider opt fact.pg}}", "17.2\n");
}

static void test_errors(void)
{
	/* each wrong name says FILE:LINE and what exists */
	CHECK_ERROR("\n{{value nobody ro tps_median *}}", "study/writeup.md:2", "std", "opt");
	CHECK_ERROR("{{value std nowhere tps_median *}}", "study/writeup.md:1", "ro", "rw");
	CHECK_ERROR("{{value std ro tps_median tpc-b-c99-j2-prepared}}", "study/writeup.md:1",
	            "tpc-b-c10-j2-prepared");
	CHECK_ERROR("{{value std ro tps_nope *}}", "study/writeup.md:1", "tps_median");
	CHECK_ERROR("{{value std ro tps_median * agg=average}}", "study/writeup.md:1",
	            "mean", "median");
	CHECK_ERROR("{{value std ro tps_median * fmt=fancy}}", "study/writeup.md:1", "words");
	CHECK_ERROR("{{compare tuned ro * vs=nobody}}", "study/writeup.md:1", "std");
	CHECK_ERROR("{{compare tuned ro * colour=red}}", "study/writeup.md:1", "colour");
	CHECK_ERROR("{{table pivot rows=colour cols=scenario metric=tps_median}}",
	            "study/writeup.md:1", "provider", "workload");
	CHECK_ERROR("{{table journey std nobody ro *}}", "study/writeup.md:1", "nobody");
	CHECK_ERROR("{{table rank p_value ro *}}", "study/writeup.md:1", "p_value");
	CHECK_ERROR("{{best tps_median ro * agg=avg}}", "study/writeup.md:1", "mean");
	CHECK_ERROR("{{compare tuned ro * metric=speed}}", "study/writeup.md:1", "tps_median");
	CHECK_ERROR("{{table pivot rows=provider cols=scenario metric=tps_median,nope agg=mean}}",
	            "study/writeup.md:1", "nope");
	/* several cells in a place need agg= */
	CHECK_ERROR("{{table pivot rows=provider cols=scenario metric=tps_median}}",
	            "study/writeup.md:1", "agg=");
	CHECK_ERROR("{{headline nope ro * \"Peak\"}}", "study/writeup.md:1", "tps_median");
	/* headline providers= and group=: what exists */
	CHECK_ERROR("\n{{headline tps_median ro * \"Peak\" providers=std,gcp}}",
	            "study/writeup.md:2: {{headline}}: providers=: no provider 'gcp' "
	            "(there are: std, tuned, opt)");
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" providers=}}", "study/writeup.md:1",
	            "providers= is empty");
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" group=pg}}", "study/writeup.md:1",
	            "group=pg: expected fact.NAME:VALUE");
	/* fact.disk is a [cell] fact, not a provider's */
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" group=fact.disk:io2}}",
	            "study/writeup.md:1: {{headline}}: group=: no provider has fact.disk "
	            "(the facts are: pg)");
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" group=fact.pg:15}}",
	            "study/writeup.md:1: {{headline}}: group=: no provider has fact.pg = 15 "
	            "(its values are: 16.4, 17.2)");
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" providers=opt group=fact.pg:16.4}}",
	            "study/writeup.md:1", "no provider named in providers= is in group=fact.pg:16.4");
	CHECK_ERROR("{{headline tps_median ro * \"Peak\" title=\"X\"}}", "study/writeup.md:1",
	            "title= is not for a headline");
	CHECK_ERROR("{{value std ro tps_median tpc-b-c10-j2-prepared fmt=words}}",
	            "study/writeup.md:1", "fmt=words", "is the baseline");
	CHECK_ERROR("{{provider opt fact.nope}}", "study/writeup.md:1", "fact.nope");
	CHECK_ERROR("\n\n{{table setup nowhere}}", "study/writeup.md:3", "ro", "rw");
}

int main(void)
{
	tr_study *st = S_study();
	(void)wu_study; /* the shared fixture's other studies */
	(void)wu_sweep_study;
	(void)wu_charts;
	if (tr_results_compute(&S_r, st) < 0) {
		fprintf(stderr, "results: %s\n", tr_error_last());
		return 1;
	}
	if (getenv("TR_FIGURES_SHOW")) {
		char *md = S_md(getenv("TR_FIGURES_SHOW"));
		printf("%s\n", md ? md : tr_error_last());
		free(md);
		return 0;
	}
	RUN(test_sweep_aggregates);
	RUN(test_compare);
	RUN(test_fmt);
	RUN(test_journey);
	RUN(test_pivot);
	RUN(test_rank_best_worst);
	RUN(test_headline);
	RUN(test_chart_labels);
	RUN(test_journey_cards);
	RUN(test_facts);
	RUN(test_errors);
	tr_results_free(S_r);
	tr_study_free(st);
	return harness_done();
}
