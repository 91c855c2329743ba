/* test_plan.c: the benchmark plan of tpsreport.ini (`tpsreport run`):
 * its keys, sweeps expanded to every combination, pgbench arguments that
 * are refused, passwords refused in conninfo. Expected words and tags are
 * written out by hand. */

#include "harness.h"
#include "util/buf.h"
#include "util/alloc.h"
#include "util/error.h"
#include "ingest/ingest.h"

#include <stdlib.h>

/* The words of a set joined by '|', for one comparison. */
static char *S_join(const tr_plan_set *s)
{
	tr_buf b = TR_BUF_INIT;
	for (size_t i = 0; i < s->argc; i++)
		tr_buf_printf(&b, "%s%s", i ? "|" : "", s->argv[i]);
	return b.ptr ? tr_buf_detach(&b) : tr_strdup("");
}

static tr_plan S_plan(const char *pgbench, tr_plan_log log)
{
	tr_plan p;
	memset(&p, 0, sizeof(p));
	p.pgbench = (char *)pgbench;
	p.log = log;
	return p;
}

static void test_sweep(void)
{
	tr_plan p = S_plan("-c {1,2,4} -j {1,2} -T 600 -M prepared --no-vacuum",
	                   TR_PLAN_LOG_UNSET);
	/* By hand: 3 x 2 combinations, the last group fastest. */
	static const char *const want[] = {
		"-c|1|-j|1|-T|600|-M|prepared|--no-vacuum",
		"-c|1|-j|2|-T|600|-M|prepared|--no-vacuum",
		"-c|2|-j|1|-T|600|-M|prepared|--no-vacuum",
		"-c|2|-j|2|-T|600|-M|prepared|--no-vacuum",
		"-c|4|-j|1|-T|600|-M|prepared|--no-vacuum",
		"-c|4|-j|2|-T|600|-M|prepared|--no-vacuum",
	};
	static const char *const tags[] = { "c1-j1", "c1-j2", "c2-j1", "c2-j2",
	                                    "c4-j1", "c4-j2" };
	tr_plan_set *sets = NULL;
	size_t n = 0;
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 6);
	for (size_t i = 0; i < n && i < 6; i++) {
		char *j = S_join(&sets[i]);
		CHECK_STR(j, want[i]);
		CHECK_STR(sets[i].tag, tags[i]);
		CHECK_INT(sets[i].duration_s, 600);
		/* -T and 600 are the timing words. */
		CHECK(sets[i].timing[4] && sets[i].timing[5] && !sets[i].timing[3]);
		free(j);
	}
	tr_plan_sets_free(sets, n);
}

static void test_words(void)
{
	tr_plan p = S_plan("--rate={100,200} -D 'x=a b' -f \"my file.sql@2\" -T5 -P 1",
	                   TR_PLAN_LOG_UNSET);
	tr_plan_set *sets = NULL;
	size_t n = 0;
	char *j;
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 2);
	j = S_join(&sets[1]);
	CHECK_STR(j, "--rate=200|-D|x=a b|-f|my file.sql@2|-T5|-P|1");
	free(j);
	CHECK_STR(sets[0].tag, "rate100");
	CHECK_INT(sets[1].duration_s, 5);
	CHECK(sets[1].timing[5] && !sets[1].timing[6]);
	tr_plan_sets_free(sets, n);

	/* No sweep: one set, no tag; quoted braces and {x} stay literal. */
	p = S_plan("-c 4 -D 'v={a,b}' -D w={x} -t 100 -nS", TR_PLAN_LOG_UNSET);
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 1);
	j = S_join(&sets[0]);
	CHECK_STR(j, "-c|4|-D|v={a,b}|-D|w={x}|-t|100|-nS");
	free(j);
	CHECK(sets[0].tag == NULL);
	CHECK_INT(sets[0].duration_s, -1);
	tr_plan_sets_free(sets, n);

	/* Two values making the same tag: the sets are numbered instead. */
	p = S_plan("-M {a/b,a_b} -T 1", TR_PLAN_LOG_UNSET);
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 2);
	CHECK_STR(sets[0].tag, "set1");
	CHECK_STR(sets[1].tag, "set2");
	tr_plan_sets_free(sets, n);
}

/* Issue 24, item 5: sweep values that would name runs the reader takes
 * for something else (scan.c: "init*" is pgbench -i output, "warmup*" a
 * warm-up, ".*" hidden) are refused; the others are accepted and named
 * apart. The names are written out by hand. */
static void test_sweep_names(void)
{
	static const char *const refused[] = {
		"-D mode={init,warmup,.cold,steady} -T 1",
		"-D mode={steady,initial} -T 1",
		"-D mode={x,Warmup} -T 1",
		"-D mode={x,WARMUP2} -T 1",
		"-D mode={.cold,x} -T 1",
	};
	tr_plan p;
	tr_plan_set *sets = NULL;
	size_t n = 0;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		p = S_plan(refused[i], TR_PLAN_LOG_UNSET);
		CHECK(tr_plan_sets(&sets, &n, &p) < 0);
		CHECK(sets == NULL && n == 0);
		CHECK(strstr(tr_error_last(), "the sweep names runs") != NULL);
	}
	p = S_plan("-D mode={init,x} -T 1", TR_PLAN_LOG_UNSET);
	CHECK(tr_plan_sets(&sets, &n, &p) < 0);
	CHECK(strstr(tr_error_last(), "\"init-run1\", which starts with \"init\"") != NULL);
	/* Near misses are runs: "cold", "steady", "xinit", "warm". */
	p = S_plan("-D mode={cold,steady,xinit,warm} -T 1", TR_PLAN_LOG_UNSET);
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 4);
	if (n == 4) {
		CHECK_STR(sets[0].tag, "cold");
		CHECK_STR(sets[1].tag, "steady");
		CHECK_STR(sets[2].tag, "xinit");
		CHECK_STR(sets[3].tag, "warm");
	}
	tr_plan_sets_free(sets, n);
	/* With the option's letter in front, "-D {...}" names D_mode_init. */
	p = S_plan("-D {mode=init,mode=warmup} -T 1", TR_PLAN_LOG_UNSET);
	CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
	CHECK_INT(n, 2);
	if (n == 2) {
		CHECK_STR(sets[0].tag, "D_mode_init");
		CHECK_STR(sets[1].tag, "D_mode_warmup");
	}
	tr_plan_sets_free(sets, n);
	/* The reader's rule itself. */
	CHECK(tr_run_stem_reserved("run1") == NULL);
	CHECK(tr_run_stem_reserved("c4-j2-run1") == NULL);
	CHECK(tr_run_stem_reserved("init-run1") != NULL);
	CHECK(tr_run_stem_reserved("warmup") != NULL);
	CHECK(tr_run_stem_reserved(".x") != NULL);
	CHECK(tr_run_stem_reserved("") != NULL);
}

static void S_refused(const char *args, tr_plan_log log, const char *needle)
{
	tr_plan p = S_plan(args, log);
	tr_plan_set *sets = (tr_plan_set *)1;
	size_t n = 7;
	int rc = tr_plan_sets(&sets, &n, &p);
	char m[600];
	snprintf(m, sizeof m, "%s: refused with \"%s\" (got rc %d: %s)", args,
	         needle, rc, tr_error_last());
	harness_check(rc == TR_EINVALID && strstr(tr_error_last(), needle) != NULL,
	              __FILE__, __LINE__, m);
	CHECK(sets == NULL && n == 0);
}

static void test_refused(void)
{
	S_refused("-c 4 --log-prefix=run1", TR_PLAN_LOG_UNSET, "--log-prefix=run1: tpsreport sets");
	S_refused("-c 4 --log-prefix run1", TR_PLAN_LOG_UNSET, "tpsreport sets pgbench's logs");
	S_refused("-c 4 -l", TR_PLAN_LOG_UNSET, "-l: tpsreport sets");
	S_refused("-nl", TR_PLAN_LOG_UNSET, "-nl: tpsreport sets");
	S_refused("--log", TR_PLAN_LOG_TRANSACTIONS, "tpsreport sets");
	S_refused("--aggregate-interval=5", TR_PLAN_LOG_UNSET, "tpsreport sets");
	S_refused("--sampling-rate=0.1", TR_PLAN_LOG_AGGREGATE, "log = transactions");
	S_refused("-i -s 10", TR_PLAN_LOG_UNSET, "-i is for loading");
	S_refused("--initialize", TR_PLAN_LOG_UNSET, "is for loading");
	S_refused("-c {1,2} --partitions=4", TR_PLAN_LOG_UNSET, "is for loading");
	S_refused("-s 100", TR_PLAN_LOG_UNSET, "scale =");
	S_refused("-h db.example.com", TR_PLAN_LOG_UNSET, "conninfo");
	S_refused("-c 4 bench100", TR_PLAN_LOG_UNSET, "'bench100' is not an option");
	S_refused("--frobnicate", TR_PLAN_LOG_UNSET, "not an option of pgbench");
	S_refused("-c", TR_PLAN_LOG_UNSET, "-c needs a value");
	S_refused("-T ten", TR_PLAN_LOG_UNSET, "whole seconds");
	S_refused("-c 4 $CLIENTS", TR_PLAN_LOG_UNSET, "without one");
	S_refused("-c 4 > out", TR_PLAN_LOG_UNSET, "without one");
	S_refused("-c {1,2", TR_PLAN_LOG_UNSET, "not closed");
	S_refused("-c {1,{2,3}}", TR_PLAN_LOG_UNSET, "cannot nest");
	S_refused("-D 'x", TR_PLAN_LOG_UNSET, "not closed");
	S_refused("-c {1,2,3,4,5,6,7,8,9,10} -j {1,2,3,4,5,6,7,8,9,10} "
	          "-R {1,2,3,4,5,6,7,8,9,10,11}", TR_PLAN_LOG_UNSET, "more than 1000");
	/* Allowed with per-transaction logs. */
	{
		tr_plan p = S_plan("--sampling-rate=0.1 -T 1", TR_PLAN_LOG_TRANSACTIONS);
		tr_plan_set *sets = NULL;
		size_t n = 0;
		CHECK_INT(tr_plan_sets(&sets, &n, &p), 0);
		tr_plan_sets_free(sets, n);
	}
}

static void test_keys(void)
{
	tr_plan p;
	memset(&p, 0, sizeof(p));
	CHECK_INT(tr_plan_key(&p, "scale", "100", 3), 0);
	CHECK_INT(p.scale, 100);
	CHECK_INT(p.scale_line, 3);
	CHECK_INT(tr_plan_key(&p, "runs", "5", 4), 0);
	CHECK_INT(p.runs, 5);
	CHECK_INT(tr_plan_key(&p, "warmup", "300", 5), 0);
	CHECK_DBL(p.warmup_s, 300, 0);
	CHECK_INT(tr_plan_key(&p, "log", "aggregate 10", 6), 0);
	CHECK_INT(p.log, TR_PLAN_LOG_AGGREGATE);
	CHECK_INT(p.log_interval_s, 10);
	CHECK_INT(tr_plan_key(&p, "log", "aggregate", 6), 0);
	CHECK_INT(p.log_interval_s, 10);
	CHECK_INT(tr_plan_key(&p, "log", "transactions", 6), 0);
	CHECK_INT(p.log, TR_PLAN_LOG_TRANSACTIONS);
	CHECK_INT(tr_plan_key(&p, "database", "bench100", 7), 0);
	CHECK_STR(p.database, "bench100");
	CHECK_INT(tr_plan_key(&p, "pgbench", "-c 1", 8), 0);
	CHECK_STR(p.pgbench, "-c 1");
	CHECK_INT(tr_plan_key(&p, "label", "x", 9), TR_ENOTFOUND);
	CHECK(tr_plan_key(&p, "scale", "0", 3) < 0);
	CHECK(tr_plan_key(&p, "runs", "three", 3) < 0);
	CHECK(tr_plan_key(&p, "warmup", "-1", 3) < 0);
	CHECK(tr_plan_key(&p, "log", "aggregate 0", 3) < 0);
	CHECK(tr_plan_key(&p, "log", "sometimes", 3) < 0);
	CHECK(tr_plan_key(&p, "pgbench", "", 3) < 0);
	free(p.database);
	free(p.pgbench);
}

static void test_conninfo(void)
{
	CHECK_INT(tr_plan_conninfo_check("host=db port=5432 user=bench"), 0);
	CHECK_INT(tr_plan_conninfo_check("service=aws"), 0);
	CHECK_INT(tr_plan_conninfo_check("postgresql://bench@db:5432/x?sslmode=require"), 0);
	/* Passwords are libpq's to find (tr_probe_conninfo_secret,
	 * test_conninfo_secret.c): the ini reader leaves them to it. */
	CHECK_INT(tr_plan_conninfo_check("host=db password=s3cret"), 0);
	CHECK(tr_plan_conninfo_check("") < 0);
}

/* The keys through the ini reader: lines in messages, unknown keys. */
static void test_ini(void)
{
	const char *text =
		"[provider aws]\n"
		"conninfo = service=aws\n"
		"\n"
		"[scenario bench100]\n"
		"scale = 100\n"
		"pgbench = -c 32 -j 4 -T 600 -M prepared --no-vacuum\n"
		"warmup = 300\n";
	tr_config c;
	tr_provider *p = NULL;
	tr_scenario *s = NULL;
	size_t np = 0, ns = 0;
	CHECK_INT(tr_config_parse(&c, &p, &np, &s, &ns, text, strlen(text),
	                          "tpsreport.ini"), 0);
	CHECK_STR(p[0].conninfo, "service=aws");
	CHECK_INT(p[0].conninfo_line, 2);
	CHECK_INT(s[0].plan.scale, 100);
	CHECK_INT(s[0].plan.pgbench_line, 6);
	CHECK_DBL(s[0].plan.warmup_s, 300, 0);
	tr_provider_free(&p[0]);
	tr_scenario_free(&s[0]);
	free(p);
	free(s);
	tr_config_free(&c);

	text = "[scenario x]\nscale = 1\nclients = 4\n";
	CHECK(tr_config_parse(&c, &p, &np, &s, &ns, text, strlen(text),
	                      "tpsreport.ini") < 0);
	CHECK(strstr(tr_error_last(), "tpsreport.ini:3: unknown key \"clients\"") != NULL);
}

int main(void)
{
	RUN(test_sweep);
	RUN(test_words);
	RUN(test_sweep_names);
	RUN(test_refused);
	RUN(test_keys);
	RUN(test_conninfo);
	RUN(test_ini);
	return harness_done();
}
