/* test_diff.c: the diff module on hand-written results documents: unknown
 * members ignored, newer schemas refused, the figures and the test of a
 * small case computed by hand, --fail-on rules. */

#include "harness.h"
#include "diff/diff.h"
#include "util/error.h"

/* One provider, one scenario, one cell; TPS of its runs given as text.
 * `extra` goes into the top level and into the cell (members a later
 * tpsreport may add). */
static char *S_doc(int schema, const char *price, const char *tps[5],
                   const char *sha[5], const char *extra)
{
	tr_buf b = TR_BUF_INIT;
	tr_buf_printf(&b, "{\"schema\": %d, %s\"study\": {\"title\": \"t\", "
	              "\"currency\": \"EUR\", \"alpha\": 0.05, \"fx\": {\"rates\": "
	              "{\"USD\": 0.9}}},\n\"providers\": [{\"id\": \"aws\", "
	              "\"monthly_cost\": %s, \"price\": []}],\n\"scenarios\": "
	              "[{\"id\": \"s\"}],\n\"workloads\": [{\"key\": \"w\", "
	              "\"label\": \"W\"}],\n\"runs\": [", schema, extra, price);
	for (int i = 0; i < 5; i++)
		tr_buf_printf(&b, "%s{\"provider\": \"aws\", \"scenario\": \"s\", "
		              "\"id\": \"run%d\", \"tps\": %s, \"latency_avg_ms\": "
		              "null, \"latency\": null, \"excluded\": false, "
		              "\"sha256\": \"%s\", \"future\": [1, 2]}\n", i ? "," : "",
		              i + 1, tps[i], sha[i]);
	tr_buf_printf(&b, "],\n\"cells\": [{\"provider\": \"aws\", \"scenario\": "
	              "\"s\", \"workload_key\": \"w\", %s\"run_ids\": [\"run1\", "
	              "\"run2\", \"run3\", \"run4\", \"run5\"], \"tps_median\": %s, "
	              "\"latency_avg_ms\": null, \"cost_per_tps\": null, "
	              "\"latency\": null}],\n\"findings\": []}\n", extra, tps[2]);
	return tr_buf_detach(&b);
}

static const char *S_old[5] = { "100", "110", "120", "130", "140" };
static const char *S_new[5] = { "150", "160", "170", "180", "190" };
static const char *S_sha_a[5] = { "a1", "a2", "a3", "a4", "a5" };
static const char *S_sha_b[5] = { "a1", "b2", "a3", "b4", "b5" };

static void test_faster(void)
{
	char *o = S_doc(1, "100", S_old, S_sha_a, "\"aggregates\": {\"x\": 1}, ");
	char *n = S_doc(1, "200", S_new, S_sha_b, "\"metrics\": [], ");
	tr_diff_doc *od = NULL, *nd = NULL;
	tr_diff *d = NULL;
	CHECK_INT(tr_diff_doc_read(&od, o, strlen(o), "old.json"), 0);
	CHECK_INT(tr_diff_doc_read(&nd, n, strlen(n), "new.json"), 0);
	CHECK_INT(tr_diff_compute(&d, od, nd), 0);
	if (d) {
		const tr_diff_change *c = &d->changes[TR_DIFF_TPS][0];
		CHECK_INT(d->ncells, 1);
		CHECK_INT(d->nchanges[TR_DIFF_TPS], 1);
		/* medians 120 and 170 (tps_median as written), +41.67% */
		CHECK_DBL(c->old_value, 120, 0);
		CHECK_DBL(c->new_value, 170, 0);
		CHECK_DBL(c->change_pct, 50.0 / 120 * 100, 1e-9);
		/* no old run beats a new one: U = 0, and only the two extreme
		 * splits of C(10,5) = 252 are as extreme: p = 2/252 */
		CHECK_DBL(c->u, 0, 0);
		CHECK_DBL(c->p_value, 2.0 / 252, 1e-12);
		CHECK_DBL(c->p_adjusted, 2.0 / 252, 1e-12);   /* one cell */
		CHECK(c->significant);
		CHECK(d->significant);
		/* cost per TPS: 100 / 120 then 200 / 170; per run 100/tps ... */
		CHECK_INT(d->nchanges[TR_DIFF_COST], 0);      /* cell figure null */
		/* runs 2, 4, 5 have other digests */
		CHECK_INT(d->runs.count, 3);
		CHECK_STR(d->runs.items[0].id, "run2");
		CHECK_STR(d->runs.items[2].id, "run5");
		/* the price: monthly cost 100 -> 200 */
		CHECK_INT(d->prices.count, 1);
		CHECK_STR(d->prices.items[0].old_text, "100.00 EUR/month");
		CHECK_STR(d->prices.items[0].new_text, "200.00 EUR/month");
	}
	tr_diff_free(d);
	tr_diff_doc_free(od);
	tr_diff_doc_free(nd);
	free(o);
	free(n);
}

/* Schema 1 hashed log files with a hash of tpsreport's own, schema 2 with
 * XXH3: between the two, digests say nothing, so runs are compared by TPS
 * (the same TPS, other digests: unchanged); within schema 2, by digest. */
static void test_schemas_of_digests(void)
{
	char *o = S_doc(1, "100", S_old, S_sha_a, "");
	char *n = S_doc(2, "100", S_old, S_sha_b, "");
	char *n2 = S_doc(2, "100", S_old, S_sha_a, "");
	tr_diff_doc *od = NULL, *nd = NULL, *nd2 = NULL;
	tr_diff *d = NULL, *d2 = NULL;
	CHECK_INT(tr_diff_doc_read(&od, o, strlen(o), "old.json"), 0);
	CHECK_INT(tr_diff_doc_read(&nd, n, strlen(n), "new.json"), 0);
	CHECK_INT(tr_diff_doc_read(&nd2, n2, strlen(n2), "new2.json"), 0);
	CHECK_INT(tr_diff_compute(&d, od, nd), 0);
	if (d)
		CHECK_INT(d->runs.count, 0);
	CHECK_INT(tr_diff_compute(&d2, nd2, nd), 0);
	if (d2)
		CHECK_INT(d2->runs.count, 3);   /* run2, run4, run5: other digests */
	tr_diff_free(d);
	tr_diff_free(d2);
	tr_diff_doc_free(od);
	tr_diff_doc_free(nd);
	tr_diff_doc_free(nd2);
	free(o);
	free(n);
	free(n2);
}

static void test_refused(void)
{
	char *v2 = S_doc(3, "100", S_old, S_sha_a, "");
	tr_diff_doc *doc = (tr_diff_doc *)1;
	CHECK(tr_diff_doc_read(&doc, v2, strlen(v2), "v2.json") < 0);
	CHECK(doc == NULL);
	CHECK_STR(tr_error_last(), "v2.json:1: results schema 3 is newer than "
	          "this tpsreport reads (2): compare with a newer tpsreport");
	free(v2);
	CHECK(tr_diff_doc_read(&doc, "{\"schema\": 1, ", 14, "cut.json") < 0);
	CHECK(strncmp(tr_error_last(), "cut.json:1: ", 12) == 0);
	CHECK(tr_diff_doc_read(&doc, "[1]", 3, "a.json") < 0);
	CHECK_STR(tr_error_last(), "a.json:1: not a tpsreport results document "
	          "(expected an object, found array)");
}

static void test_rules(void)
{
	tr_diff_rule r;
	tr_diff_change c;
	memset(&c, 0, sizeof(c));
	CHECK_INT(tr_diff_rule_parse(&r, "tps<-5%"), 0);
	CHECK_INT(r.metric, TR_DIFF_TPS);
	CHECK_INT(r.op, '<');
	CHECK_DBL(r.pct, -5, 0);
	c.change_pct = -5.01;
	CHECK(tr_diff_rule_crossed(&r, &c));
	c.change_pct = -5;
	CHECK(!tr_diff_rule_crossed(&r, &c));   /* strictly beyond */
	CHECK_INT(tr_diff_rule_parse(&r, "p99 > 10.5 %"), 0);
	CHECK_INT(r.metric, TR_DIFF_P99);
	CHECK_DBL(r.pct, 10.5, 0);
	CHECK(tr_diff_rule_parse(&r, "tps<-5") < 0);
	CHECK(tr_diff_rule_parse(&r, "speed<-5%") < 0);
	CHECK(tr_diff_rule_parse(&r, "tps=5%") < 0);
	CHECK(tr_diff_rule_parse(&r, "<5%") < 0);
	CHECK(tr_diff_rule_parse(&r, "cost>x%") < 0);
}

/* A study with two runs named run1 (the second left out: "another run
 * has the same name"), listed in order `first` first. The used one has
 * TPS 100 (digest u), the left-out one TPS 999 (digest x); the cell's
 * runs are given by path (run_paths) or, as older documents do, by name. */
static char *S_twice(bool used_first, bool paths)
{
	static const char used[] = "{\"provider\": \"aws\", \"scenario\": \"s\", "
		"\"id\": \"run1\", \"path\": \"results/aws/s/run1.txt\", \"tps\": 100, "
		"\"excluded\": false, \"sha256\": \"u\"}";
	static const char dup[] = "{\"provider\": \"aws\", \"scenario\": \"s\", "
		"\"id\": \"run1\", \"path\": \"results/aws/s/sub/run1.txt\", \"tps\": 999, "
		"\"excluded\": true, \"sha256\": \"x\"}";
	tr_buf b = TR_BUF_INIT;
	tr_buf_printf(&b, "{\"schema\": 1, \"study\": {\"alpha\": 0.05}, \"providers\": "
	              "[{\"id\": \"aws\"}], \"scenarios\": [{\"id\": \"s\"}], "
	              "\"workloads\": [{\"key\": \"w\"}], \"runs\": [%s, %s], \"cells\": "
	              "[{\"provider\": \"aws\", \"scenario\": \"s\", \"workload_key\": \"w\", "
	              "\"run_ids\": [\"run1\"], %s\"tps_median\": 100}], \"findings\": []}",
	              used_first ? used : dup, used_first ? dup : used,
	              paths ? "\"run_paths\": [\"results/aws/s/run1.txt\"], " : "");
	return tr_buf_detach(&b);
}

static void test_same_name(void)
{
	/* The same two runs, listed in the other order: matched by path,
	 * nothing changed (by name and occurrence, the used run would meet
	 * the left-out one: two runs "changed"). */
	char *o = S_twice(true, true), *n = S_twice(false, true);
	tr_diff_doc *od = NULL, *nd = NULL;
	tr_diff *d = NULL;
	CHECK_INT(tr_diff_doc_read(&od, o, strlen(o), "old.json"), 0);
	CHECK_INT(tr_diff_doc_read(&nd, n, strlen(n), "new.json"), 0);
	CHECK_INT(tr_diff_compute(&d, od, nd), 0);
	if (d) {
		CHECK_INT(d->runs.count, 0);
		CHECK_INT(d->nchanges[TR_DIFF_TPS], 1);   /* the cell's row: 100 -> 100 */
		if (d->nchanges[TR_DIFF_TPS] == 1) {
			CHECK_DBL(d->changes[TR_DIFF_TPS][0].old_value, 100, 0);
			CHECK_DBL(d->changes[TR_DIFF_TPS][0].change_pct, 0, 0);
		}
	}
	tr_diff_free(d);
	tr_diff_doc_free(nd);
	free(n);
	/* An older document (no run_paths), the used run listed second: its
	 * run_ids still read (the first run of the name), no error. */
	n = S_twice(false, false);
	nd = NULL;
	CHECK_INT(tr_diff_doc_read(&nd, n, strlen(n), "older.json"), 0);
	tr_diff_doc_free(nd);
	free(n);
	/* run_paths naming a run that is not there: FILE:LINE and the path */
	n = S_twice(true, true);
	memcpy(strstr(n, "[\"results/aws/s/run1.txt\"]") + 2, "X", 1);
	nd = NULL;
	CHECK(tr_diff_doc_read(&nd, n, strlen(n), "bad.json") < 0);
	CHECK(strstr(tr_error_last(), "bad.json:1: run_paths: no run \"Xesults/aws/s/run1.txt\"")
	      != NULL);
	tr_diff_doc_free(od);
	free(o);
	free(n);
}

int main(void)
{
	RUN(test_faster);
	RUN(test_schemas_of_digests);
	RUN(test_refused);
	RUN(test_rules);
	RUN(test_same_name);
	return harness_done();
}
