/* test_writeup_tables.c: runs= and fmt= on the tables of figures ({{table
 * pivot|rank|journey|tps}}), on the seed-like study of wu_fixture.h. Every
 * expected figure is worked out by hand from the fixture's inputs (its
 * run TPS; latency = 32000 / TPS; init phases), with the arithmetic in
 * the comments; p values from the exact Mann-Whitney of fully separated
 * samples (3 vs 3: 2/20 = 0.1; 5 vs 5: 2/252 = 0.0079) and Holm's rule.
 * TPS and its differences print whole from 100 up (docs/writeup.md):
 * 2602.71 is "2,603", -221.7 is "-222 TPS". */

/* internal test of: writeup */

#include "harness.h"
#include "wu_fixture.h"
#include "writeup/writeup_internal.h"
#include "util/buf.h"
#include "util/error.h"

#include <libxml/parser.h>
#include <stdarg.h>
#include <stdio.h>

/* A change to the fixture's study before its results are computed. */
static void (*S_edit)(tr_study *st);

static bool S_want_html;

/* report.md of src over the fixture, footer cut (index.html when
 * S_want_html); NULL on error. */
static char *S_md(const char *src)
{
	tr_study *st = wu_study(false);
	if (S_edit)
		S_edit(st);
	tr_results *r = NULL;
	tr_writeup_charts cs;
	tr_writeup_options o = { 0 };
	tr_writeup_output out;
	char *md = NULL, *foot;
	wu_charts(&cs);
	o.source = src;
	o.source_len = strlen(src);
	o.source_path = "study/writeup.md";
	if (tr_results_compute(&r, st) == 0 && tr_writeup_render(&out, r, &cs, &o) == 0) {
		md = tr_buf_detach(S_want_html ? &out.index_html : &out.markdown);
		if ((foot = strstr(md, "\n---\n\n*Made with")))
			*foot = '\0';
		tr_writeup_output_free(&out);
	}
	tr_writeup_charts_free(&cs);
	tr_results_free(r);
	tr_study_free(st);
	return md;
}

/* Does the Markdown of src hold each of the NULL-ended strings? */
static void S_has(int line, const char *src, ...)
{
	char *md = S_md(src);
	va_list ap;
	const char *want;
	char msg[600];
	va_start(ap, src);
	while ((want = va_arg(ap, const char *))) {
		snprintf(msg, sizeof(msg), "%.200s holds \"%.300s\"", src, want);
		harness_check(md && strstr(md, want) != NULL, __FILE__, line, msg);
	}
	va_end(ap);
	if (!md)
		fprintf(stderr, "  error: %s\n", tr_error_last());
	else if (getenv("TR_TABLES_DUMP"))
		fprintf(stderr, "%s\n", md);
	free(md);
}
#define HAS(src, ...) S_has(__LINE__, src, __VA_ARGS__, (const char *)NULL)

/* Does the Markdown of src lack `text`, and hold `first` before `then`? */
static void S_lacks(int line, const char *src, const char *text, const char *first,
                    const char *then)
{
	char *md = S_md(src);
	const char *a = md && first ? strstr(md, first) : NULL;
	const char *b = md && then ? strstr(md, then) : NULL;
	char msg[600];
	snprintf(msg, sizeof(msg), "%.200s lacks \"%.200s\"", src, text ? text : "");
	harness_check(md && (!text || !strstr(md, text)), __FILE__, line, msg);
	snprintf(msg, sizeof(msg), "%.200s: \"%.100s\" before \"%.100s\"", src,
	         first ? first : "", then ? then : "");
	harness_check(!first || (a && b && a < b), __FILE__, line, msg);
	if (md && getenv("TR_TABLES_DUMP"))
		fprintf(stderr, "%s\n", md);
	free(md);
}
#define LACKS(src, text, first, then) S_lacks(__LINE__, src, text, first, then)

static void S_error(int line, const char *src, const char *want)
{
	char *md = S_md(src);
	const char *e = md ? "" : tr_error_last();
	char msg[1200];
	snprintf(msg, sizeof(msg), "error \"%.500s\" contains \"%.500s\"", e, want);
	harness_check(!md && strstr(e, want) != NULL, __FILE__, line, msg);
	free(md);
}
#define ERROR(src, want) S_error(__LINE__, src, want)

/* runs=: the cell's figure picked from its runs (run4 of aws bench100 is
 * left out: aborted, 1200 TPS, never a figure). */
static void test_pivot_runs(void)
{
	/* best TPS: aws bench100 max(3967.67, 3921.40, 3990.02) = 3990.02,
	 * bench10000 max(2339.69 2250.10 2401.33 2298.02 2365.50) = 2401.33;
	 * serverscamp 3780.11, 2602.71 */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median runs=best}}",
	    "*best-run TPS by provider and scenario*",
	    "| 3,990 | 2,401 |", "| 3,780 | 2,603 |",
	    "Best-run figures, each on its own: for TPS the highest");
	/* worst: 3921.40, 2250.10; 3711.93, 2540.80 */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median runs=worst}}",
	    "| 3,921 | 2,250 |", "| 3,712 | 2,541 |", "Worst-run figures");
	/* the median: the cell's own figure, and no rule to state */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median runs=median}}",
	    "| 3,968 | 2,340 |", "| 3,745 | 2,561 |");
	/* latency picked on its own: the lowest of the runs' latencies,
	 * 32000 / 3990.02 = 8.02, 32000 / 2401.33 = 13.3 */
	HAS("{{table pivot rows=provider cols=scenario metric=latency_avg_ms runs=best}}",
	    "best-run latency avg (ms) by provider", "| 8.02 | 13.3 |");
}

/* vs= and fmt=: stats' contrast per place, the verdict's "~" from the
 * Holm-adjusted p. TPS against the baseline is the study's family:
 * bench100 p = 0.1, bench10000 p = 0.0079; Holm: 2 x 0.0079 = 0.016,
 * max(0.1, 0.016) = 0.1: bench100 is not significant, bench10000 is. */
static void test_pivot_vs(void)
{
	/* 3744.75 / 3967.67 = 0.9438 -> 0.94x; 2561.34 / 2339.69 = 1.0947 */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median vs=aws fmt=x1}}",
	    "| 3,968 TPS | 2,340 TPS |", "| 0.94\xc3\x97 \\~ | 1.1\xc3\x97 |",
	    "the ratio of each figure to AWS", "\\~: not significant");
	/* without vs=: against the baseline; pct: -5.62% and +9.47% */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median fmt=pct}}",
	    "| -5.6% \\~ | +9.5% |");
	/* a derived metric with runs=: its base, best runs: 3780.11 / 3990.02
	 * - 1 = -5.26%, 2602.71 / 2401.33 - 1 = +8.39% */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_gap_pct runs=best}}",
	    "| -5.3% \\~ | +8.4% |");
	/* words: 0.9438 is 5.6% slower, 1.0947 9.5% faster */
	HAS("{{table pivot rows=scenario cols=provider metric=tps_median fmt=words}}",
	    "5.6% slower \\~", "9.5% faster |");
	/* latency, worst runs, diff: bench100 32000/3711.93 - 32000/3921.40 =
	 * 8.62085 - 8.16035 = +0.4605 ms; bench10000 32000/2540.80 -
	 * 32000/2250.10 = 12.5945 - 14.2216 = -1.6271 ms. Latency's family is
	 * every pair at every place: the same p's, bench10000 significant */
	HAS("{{table pivot rows=provider cols=scenario metric=latency_avg_ms vs=aws "
	    "runs=worst fmt=diff}}",
	    "| +0.461 ms \\~ | -1.627 ms |");
	/* verdict=off: the magnitude alone */
	HAS("{{table pivot rows=provider cols=scenario metric=tps_median vs=aws verdict=off}}",
	    "| -5.6% | +9.5% |");
	/* drop tables took 0 s on both sides: no ratio, never inf */
	HAS("{{table pivot rows=provider cols=scenario scenario=bench10000 "
	    "metric=init.phase.drop_tables_s vs=aws fmt=x1}}",
	    "| \xe2\x80\x93 |", "no ratio, the figure compared with is 0");
}

static void test_pivot_figures(void)
{
	/* init total: aws 0 + 0.01 + 876.29 + 1.59 + 683.78 = 1561.67 s =
	 * 26 min 1.67 s; serverscamp x 0.95 = 1483.59 s = 24 min 43.59 s */
	HAS("{{table pivot rows=provider cols=scenario scenario=bench10000 "
	    "metric=init.total_s fmt=duration}}",
	    "| 26 min 2 s |", "| 24 min 44 s |");
	/* init total against aws: 1483.59 - 1561.67 = -78.08 s */
	HAS("{{table pivot rows=provider cols=scenario scenario=bench10000 "
	    "metric=init.total_s vs=aws fmt=diff}}",
	    "| 26 min 2 s |", "| -1 min 18 s |");
}

static void test_rank_journey(void)
{
	/* best runs in bench10000: serverscamp 2602.71 first, aws 2401.33:
	 * 2401.33 / 2602.71 = 0.9226 */
	HAS("{{table rank tps_median bench10000 runs=best fmt=x1}}",
	    "| 1 | ServersCamp T2 (12k IOPS) | 2,603 |  |",
	    "| 2,401 | 0.92\xc3\x97 |");
	/* fmt=diff: 2339.69 - 2561.34 = -221.65 TPS */
	HAS("{{table rank tps_median bench10000 fmt=diff}}", "| -222 TPS |");
	/* a journey aws -> serverscamp in bench100: 3744.75 - 3967.67 =
	 * -222.92 TPS, against the step before and the first alike */
	HAS("{{table journey aws serverscamp bench100 fmt=diff}}",
	    "| -223 TPS | -223 TPS |");
	/* words, worst runs: 3711.93 / 3921.40 = 0.9466: 5.3% slower */
	HAS("{{table journey aws serverscamp bench100 fmt=words runs=worst}}",
	    "worst-run TPS", "| 5.3% slower | 5.3% slower |", "Worst-run figures");
}

static void test_tps_runs(void)
{
	/* best runs of bench10000: 2401.33 and 2602.71 (in bold: the better);
	 * latency 32000 / 2401.33 = 13.33, 32000 / 2602.71 = 12.29; the gap
	 * 2602.71 / 2401.33 - 1 = +8.39%, p = 0.016 (5+5) as above */
	HAS("{{table tps bench10000 runs=best}}",
	    "| Best-run TPS |", "| Best-run latency avg (ms) |",
	    "| 2,401 |", "| **2,603** |", "| 13.3 |", "| 12.3 |",
	    "| +8.4% | 0.016 (5+5) |", "vs baseline: the best-run TPS against");
	/* vs= with runs= and fmt=: 2401.33 / 2602.71 = 0.92 */
	HAS("{{table tps bench10000 vs=serverscamp runs=best fmt=x1}}",
	    "| 0.92\xc3\x97 | 0.016 (5+5) |");
	/* the closing table, worst runs: 3711.93 / 3921.40 - 1 = -5.34%,
	 * 2540.80 / 2250.10 - 1 = +12.92% */
	HAS("{{table closing runs=worst}}", "Worst-run TPS", "| -5.3% \\~ |", "| +12.9% |");
}

/* {{table value runs=best}}: cost per TPS at the best run's TPS. aws
 * costs (154.76 + 68.50) x 0.92 = 205.3992 EUR a month, serverscamp
 * 111.36; best runs of bench10000 2401.33 and 2602.71: 205.3992 /
 * 2401.33 = 0.08554, 111.36 / 2602.71 = 0.04279; TPS per 100 EUR 2401.33
 * / 205.3992 x 100 = 1,169.1 and 2,337.2; value ratio 0.08554 / 0.04279
 * = 1.9991. At the medians (2339.69, 2561.34): 0.08779, 0.04348 and
 * 2.0192. */
static void test_value_runs(void)
{
	HAS("{{table value bench10000 runs=best}}",
	    "| 0.0855 |", "| 0.0428 |", "| 1,169 |", "| 2,337 |", "| 2.00\xc3\x97 |",
	    "divided by the best run's TPS");
	HAS("{{table value bench10000}}", "| 0.0878 |", "| 0.0435 |", "| 2.02\xc3\x97 |",
	    "divided by the median TPS");
	/* a pivot of cost per TPS at best runs, with its note; bench100's
	 * best runs 3990.02 and 3780.11: 205.3992 / 3990.02 = 0.05148,
	 * 111.36 / 3780.11 = 0.02946 */
	HAS("{{table pivot rows=provider cols=scenario metric=cost_per_tps runs=best}}",
	    "| 0.0515 | 0.0855 |", "| 0.0295 | 0.0428 |", "Best-run figures");
}

/* fmt= on the plain "vs baseline" column of {{table tps}} and {{table
 * closing}}. bench10000 medians: serverscamp 2561.34 against aws 2339.69:
 * 2561.34 / 2339.69 = 1.0947, p 0.016 (5+5, as above); a difference of
 * +221.65 TPS. bench100: 3744.75 - 3967.67 = -222.92 TPS, 3 vs 3: ~. */
static void test_vs_fmt(void)
{
	HAS("{{table tps bench10000 fmt=x1}}", "| 1.1\xc3\x97 | 0.016 (5+5) |", "| baseline |",
	    "vs baseline: median TPS, the ratio of each figure to AWS RDS");
	HAS("{{table closing fmt=diff}}", "| +222 TPS |", "| -223 TPS \\~ |");
	HAS("{{table tps bench100 fmt=words}}", "5.6% slower \\~");
}

/* A gap follows the run pick as {{compare}} does: latency = 32000 / TPS,
 * so serverscamp's best latency against aws's best in bench10000 is
 * 2401.33 / 2602.71 - 1 = -7.74%; at the medians 2339.69 / 2561.34 - 1 =
 * -8.65%. */
static void test_gap_runs(void)
{
	HAS("{{value serverscamp bench10000 latency_gap_pct runs=best}} and "
	    "{{compare serverscamp bench10000 metric=latency_avg_ms runs=best verdict=off}}",
	    "-7.7% and -7.7%");
	HAS("{{value serverscamp bench10000 latency_gap_pct}}", "-8.7%");
	/* a pivot's gap column picks the runs the same way */
	HAS("{{table pivot rows=provider cols=scenario scenario=bench10000 "
	    "metric=latency_gap_pct runs=best}}", "| -7.7% |");
	HAS("{{table pivot rows=provider cols=scenario scenario=bench10000 "
	    "metric=latency_gap_pct}}", "| -8.7% |");
}

static void test_errors(void)
{
	ERROR("x\n\n{{table pivot rows=provider cols=scenario metric=tps_median runs=most}}",
	      "study/writeup.md:3: {{table pivot}}: unknown runs=most (median, best, worst)");
	ERROR("{{table pivot rows=provider cols=scenario metric=tps_median fmt=zz}}",
	      "{{table pivot}}: unknown format fmt=zz");
	ERROR("{{table pivot rows=provider cols=scenario metric=tps_median fmt=duration}}",
	      "{{table pivot}}: fmt=duration is for durations");
	ERROR("{{table pivot rows=provider cols=scenario metric=tps_median vs=aws fmt=k}}",
	      "{{table pivot}}: fmt=k is for figures such as TPS, not for a comparison");
	ERROR("{{table pivot rows=scenario cols=workload metric=tps_median vs=aws}}",
	      "give rows=provider or cols=provider");
	ERROR("{{table pivot rows=provider cols=scenario metric=value_ratio vs=aws}}",
	      "metric=value_ratio takes no vs=");
	ERROR("{{table pivot rows=provider cols=scenario metric=tps_median vs=azure}}",
	      "no provider 'azure'");
	ERROR("x\n{{table rank tps_median bench10000 runs=bestest}}",
	      "study/writeup.md:2: {{table rank}}: unknown runs=bestest");
	ERROR("{{table journey aws serverscamp bench100 fmt=duration}}",
	      "{{table journey}}: fmt=duration is for durations");
	ERROR("{{table stability runs=best}}", "unknown option 'runs='");
	ERROR("{{table tps runs=top}}", "{{table tps}}: unknown runs=top");
	ERROR("{{table tps vs=aws fmt=k}}", "{{table tps}}: fmt= shapes the vs column");
	ERROR("{{table tps fmt=k}}", "{{table tps}}: fmt= shapes its vs baseline column");
	ERROR("{{table stability fmt=x1}}", "unknown option 'fmt='");
	ERROR("x\n{{table tps providers=aws,azure}}",
	      "study/writeup.md:2: {{table tps}}: providers=: no provider 'azure' (there are: "
	      "aws, serverscamp)");
	ERROR("{{chart tps providers=gcp}}",
	      "{{chart tps}}: providers=: no provider 'gcp' (there are: aws, serverscamp)");
	ERROR("{{table pivot rows=provider cols=scenario metric=tps_median providers=aws,aws}}",
	      "providers=: 'aws' is named twice");
	ERROR("{{table journey aws serverscamp bench100 providers=aws}}",
	      "{{table journey}}: providers= is not for a journey");
}

/* A pivot's baseline shows its own figure: aws's median TPS, bench100
 * median(3967.67, 3921.40, 3990.02) = 3967.67, bench10000 median of
 * (2250.10 2298.02 2339.69 2365.50 2401.33) = 2339.69; the gap of
 * serverscamp 3744.75 / 3967.67 - 1 = -5.62%, 2561.34 / 2339.69 - 1 =
 * +9.47%. */
static void test_pivot_baseline(void)
{
	HAS("{{table pivot rows=provider cols=scenario metric=tps_gap_pct}}",
	    "| AWS RDS db.m6i.large (gp3 12k IOPS) | 3,968 TPS | 2,340 TPS |",
	    "AWS RDS db.m6i.large (gp3 12k IOPS) shows its own figure");
	LACKS("{{table pivot rows=provider cols=scenario metric=tps_gap_pct}}",
	      "no usable runs", NULL, NULL);
	/* one column (scenario=): its label once, in the caption; the
	 * headers are the metrics' */
	HAS("{{table pivot rows=provider cols=scenario scenario=bench100 "
	    "metric=tps_median,latency_avg_ms}}",
	    "| Provider | median TPS | latency avg (ms) |",
	    "by provider, bench100 (\\~1.5 GB, in-cache)*");
}

/* Several metrics over several columns: in HTML each column's value
 * once, spanning its metrics; Markdown cannot span, and heads each
 * column with both. */
static void test_pivot_groups(void)
{
	const char *src = "{{table pivot rows=provider cols=scenario "
	                  "metric=tps_median,latency_avg_ms}}";
	HAS(src, "| Provider | bench100 (\\~1.5 GB, in-cache) median TPS | "
	         "bench100 (\\~1.5 GB, in-cache) latency avg (ms) |");
	S_want_html = true;
	HAS(src, "<th scope=\"colgroup\" colspan=\"2\">bench100 (~1.5 GB, in-cache)</th>",
	    "<th scope=\"colgroup\" colspan=\"2\">bench10000 (~150 GB, disk-bound)</th>",
	    "<th class=\"num\" scope=\"col\">median TPS</th>",
	    "data-label=\"bench10000 (~150 GB, disk-bound) latency avg (ms)\"");
	S_want_html = false;
}

/* providers=: a subset in the author's order, on every kind. */
static void test_providers(void)
{
	const char *sc = "| ServersCamp T2 (12k IOPS) |", *aws = "| AWS RDS db.m6i.large";
	LACKS("{{table tps bench100 providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table tps providers=serverscamp}}", aws, NULL, NULL);
	LACKS("{{table stability providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table closing providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table value providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table providers providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table price providers=serverscamp}}", aws, NULL, NULL);
	LACKS("{{table runs providers=serverscamp}}", aws, NULL, NULL);
	LACKS("{{table init providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table setup providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table rank tps_median bench100 providers=serverscamp}}", aws, NULL, NULL);
	LACKS("{{table pivot rows=provider cols=scenario metric=tps_median "
	      "providers=serverscamp,aws}}", NULL, sc, aws);
	LACKS("{{table tps vs=aws providers=serverscamp}}", aws, NULL, NULL);
	/* an aggregate over providers takes the ones shown: serverscamp's
	 * medians alone, 3744.75 and 2561.34 (with aws too, the mean would
	 * be (3967.67 + 3744.75) / 2 = 3856.21) */
	HAS("{{table pivot rows=scenario cols=workload metric=tps_median agg=mean "
	    "providers=serverscamp}}", "| 3,745 |", "| 2,561 |");
	/* a gap over providers leaves the baseline out (its gap with
	 * itself says nothing): serverscamp's alone, 3744.75 / 3967.67 - 1 =
	 * -5.62%, not the mean with aws's 0 (-2.8%) */
	HAS("{{table pivot rows=scenario cols=workload metric=tps_gap_pct agg=mean}}",
	    "-5.6%");
	/* one provider alone: nothing to be the best of, no bold */
	LACKS("{{table tps bench10000 providers=serverscamp}}", "**", NULL, NULL);
}

/* providers= on a chart: a chart of its own, for the report to draw. */
static void test_providers_chart(void)
{
	tr_study *st = wu_study(false);
	tr_results *r = NULL;
	tr_writeup_charts cs;
	tr_writeup_options o = { 0 };
	tr_writeup_doc *doc = NULL;
	const tr_writeup_list *l;
	const char *src = "{{chart tps providers=serverscamp,aws caption=\"Both\"}}\n\n"
	                  "{{chart tps bench10000 providers=aws}}\n";
	wu_charts(&cs);
	o.source = src;
	o.source_len = strlen(src);
	o.source_path = "study/writeup.md";
	CHECK(tr_results_compute(&r, st) == 0);
	CHECK(tr_writeup_expand(&doc, r, &cs, &o) == 0);
	CHECK(doc && tr_writeup_lists(doc, &l) == 2);
	if (doc && tr_writeup_lists(doc, &l) == 2) {
		CHECK(l[0].nproviders == 2 && l[0].providers[0] == 1 && l[0].providers[1] == 0);
		CHECK(l[0].nbars == 0);
		CHECK(strcmp(cs.items[l[0].chart].name, "tps-only-serverscamp-aws") == 0);
		CHECK(strcmp(cs.items[l[0].chart].kind, "tps") == 0);
		CHECK(cs.items[l[0].chart].scenario == -1);
		/* a scenario the plan has no chart of: drawn anew for it */
		CHECK(l[1].nproviders == 1 && l[1].providers[0] == 0);
		CHECK(strcmp(cs.items[l[1].chart].name, "tps-bench10000-only-aws") == 0);
		CHECK(cs.items[l[1].chart].scenario == 1);
	}
	tr_writeup_doc_free(doc);
	tr_writeup_charts_free(&cs);
	tr_results_free(r);
	tr_study_free(st);
}

static void S_facts(tr_study *st)
{
	st->providers[0].facts = calloc(2, sizeof(tr_fact));
	st->providers[0].nfacts = 2;
	st->providers[0].facts[0] = (tr_fact){ wu_dup("disk_type"), wu_dup("gp3") };
	st->providers[0].facts[1] = (tr_fact){ wu_dup("read_replicas"), wu_dup("1") };
	st->providers[1].facts = calloc(1, sizeof(tr_fact));
	st->providers[1].nfacts = 1;
	st->providers[1].facts[0] = (tr_fact){ wu_dup("disk_type"), wu_dup("NVMe") };
	st->config.fact_labels = calloc(1, sizeof(tr_fact));
	st->config.nfact_labels = 1;
	st->config.fact_labels[0] = (tr_fact){ wu_dup("disk_type"), wu_dup("Disk kind") };
}

/* Four facts on aws, none on serverscamp (a dash each). */
static void S_many_facts(tr_study *st)
{
	static const char *const kv[][2] = { { "disk_type", "gp3" }, { "region", "eu-west-1" },
	                                     { "zone", "a" }, { "kind", "Managed" } };
	st->providers[0].facts = calloc(4, sizeof(tr_fact));
	st->providers[0].nfacts = 4;
	for (size_t i = 0; i < 4; i++)
		st->providers[0].facts[i] = (tr_fact){ wu_dup(kv[i][0]), wu_dup(kv[i][1]) };
}

/* layout=rows keeps figures right-aligned as the other tables do. In
 * the HTML each figure of a row of figures (vCPU 2, RAM 8, per month
 * 205.40) is a "num" cell and a fact's text (gp3) is not. Markdown aligns
 * whole columns: a provider's column is ---: when at least half of its
 * cells are figures: 3 figures against aws's notes (1 text) and against
 * nothing for serverscamp (no notes); with four facts, 3 figures against
 * aws's notes and 4 facts (5) and against serverscamp's 4 dashes: :---. */
static void test_rows_aligned(void)
{
	const char *aws = "AWS RDS db.m6i.large (gp3 12k IOPS)";
	const char *head = "| Provider | AWS RDS db.m6i.large (gp3 12k IOPS) | ServersCamp T2 (12k IOPS) |\n";
	char want[400];
	snprintf(want, sizeof(want), "%s| :--- | ---: | ---: |\n| **vCPU** | 2 | 2 |", head);
	HAS("{{table setup layout=rows}}", want);
	HAS("{{table providers layout=rows}}", want);
	S_want_html = true;
	snprintf(want, sizeof(want), "<td class=\"num\" data-label=\"%s\" data-sort=\"2\">2</td>", aws);
	HAS("{{table setup layout=rows}}", want, "<th class=\"num\" scope=\"col\">AWS RDS",
	    "<td data-label=\"Provider\"><strong>vCPU</strong></td>");
	HAS("{{table providers layout=rows}}", want);
	/* (154.76 + 68.50) USD x 0.92 = 205.3992 EUR, sorted exactly */
	snprintf(want, sizeof(want), "<td class=\"num\" data-label=\"%s\" data-sort=\"205.3992\">205.40</td>",
	         aws);
	HAS("{{table setup layout=rows}}", want);
	S_edit = S_many_facts;
	snprintf(want, sizeof(want), "<td data-label=\"%s\">gp3</td>", aws);
	HAS("{{table setup layout=rows}}", want);
	snprintf(want, sizeof(want), "<td class=\"num\" data-label=\"%s\" data-sort=\"8\">8</td>", aws);
	HAS("{{table setup layout=rows}}", want);
	S_want_html = false;
	snprintf(want, sizeof(want), "%s| :--- | :--- | :--- |\n", head);
	HAS("{{table setup layout=rows}}", want);
	S_edit = NULL;
}

static void S_short(tr_study *st)
{
	st->providers[0].short_label = wu_dup("AWS");
	st->scenarios[1].short_label = wu_dup("bench10000");
}

/* short =: the rows of the tables of figures and a one-scenario table's
 * caption name the provider and scenario by it; the setup table and the
 * headings keep the label. */
static void test_short_labels(void)
{
	S_edit = S_short;
	HAS("{{table closing}}", "| bench10000 | AWS |",
	    "| bench100 (\\~1.5 GB, in-cache) | AWS |",
	    "| bench10000 | ServersCamp T2 (12k IOPS) |");
	HAS("{{table tps bench10000}}", "*bench10000: TPS and latency", "| AWS |");
	HAS("{{table stability}}", "| bench10000 | AWS |");
	HAS("{{table providers}}", "| AWS RDS db.m6i.large (gp3 12k IOPS) |");
	HAS("{{section results}}", "### bench10000 (\\~150 GB, disk-bound)");
	LACKS("{{table closing}}", "| bench10000 (", NULL, NULL);
	S_edit = NULL;
}

/* {{table tps}}: a Runs column only where p (n) does not give each row's
 * count: the baseline alone has no p (n); aws bench100's run4 is left
 * out ("3 (+1 left out)": aws ran 4, 3 used). */
static void test_tps_runs_column(void)
{
	HAS("{{table tps bench10000}}", "| Provider | Median TPS |", "(5+5) |");
	HAS("{{table tps bench10000 providers=aws}}", "| Provider | Runs | Median TPS |",
	    "| AWS RDS db.m6i.large (gp3 12k IOPS) | 5 |");
	HAS("{{table tps bench100}}", "| Provider | Runs | Median TPS |", "(+1 left out)");
}

/* {{table setup}}: one row (or column) per provider when the scenarios
 * change nothing but the regime: bench100 is 100 x 15 MiB = 1.46 GiB <=
 * 0.5 x 8 GiB (in memory), bench10000 146 GiB > 4 x 8 GiB (disk-bound).
 * The monthly price: aws (154.76 + 68.50) USD x 0.92 = 205.40 EUR,
 * serverscamp 111.36 EUR. */
static void test_setup(void)
{
	const char *regime = "in memory in bench100 (\\~1.5 GB, in-cache), disk-bound in "
	                     "bench10000 (\\~150 GB, disk-bound)";
	HAS("{{table setup layout=rows}}",
	    "| Provider | AWS RDS db.m6i.large (gp3 12k IOPS) | ServersCamp T2 (12k IOPS) |",
	    "| **vCPU** | 2 | 2 |", "| **RAM (GB)** | 8 | 8 |",
	    "| **Per month (EUR)** | 205.40 | 111.36 |");
	HAS("{{table setup}}", "| Provider | vCPU | RAM (GB) | Per month (EUR) | Notes |",
	    regime, "For every provider the data set is in memory in bench100");
	/* nothing missing: no note about it; no row per scenario */
	LACKS("{{table setup}}", "not stated", NULL, NULL);
	LACKS("{{table setup}}", "| Scenario |", NULL, NULL);
	HAS("{{table setup bench10000 layout=rows}}",
	    "Setup in bench10000 (\\~150 GB, disk-bound): what each provider ran on. For "
	    "every provider the data set is disk-bound");
	/* one provider: its regime is a row of its own */
	HAS("{{table setup bench10000 layout=rows providers=aws}}", "| **Regime** | disk-bound |");
	/* facts: [facts]'s label first, a name in words, a dash and its note */
	S_edit = S_facts;
	HAS("{{table setup layout=rows}}", "| **Disk kind** | gp3 | NVMe |",
	    "| **Read replicas** | 1 | \xe2\x80\x93 |", "not stated for that provider");
	LACKS("{{table setup layout=rows}}", "disk_type", NULL, NULL);
	S_edit = NULL;
	ERROR("{{table setup layout=diagonal}}", "{{table setup}}: unknown layout=diagonal");
}

static void S_no_init_scale(tr_study *st)
{
	for (size_t i = 0; i < st->ninits; i++)
		st->inits[i].scale = -1;
}

/* {{table init}}: aws's total 0 + 0.01 + 876.29 + 1.59 + 683.78 =
 * 1561.67 s = 26 min 2 s; the scale from the runs when the init does
 * not say (bench10000's runs: 10,000); drop tables took 0 s: no column. */
static void test_init(void)
{
	S_edit = S_no_init_scale;
	HAS("{{table init}}", "| Scale |", "| 10,000 |", "| 26 min 2 s |");
	LACKS("{{table init}}", "drop tables", NULL, NULL);
	S_edit = NULL;
}

int main(void)
{
	(void)wu_sweep_study;
	xmlInitParser();
	RUN(test_pivot_runs);
	RUN(test_pivot_vs);
	RUN(test_pivot_figures);
	RUN(test_rank_journey);
	RUN(test_tps_runs);
	RUN(test_value_runs);
	RUN(test_vs_fmt);
	RUN(test_gap_runs);
	RUN(test_errors);
	RUN(test_pivot_baseline);
	RUN(test_pivot_groups);
	RUN(test_providers);
	RUN(test_providers_chart);
	RUN(test_setup);
	RUN(test_rows_aligned);
	RUN(test_short_labels);
	RUN(test_tps_runs_column);
	RUN(test_init);
	xmlCleanupParser();
	return harness_done();
}
