/* test_initlog.c: `pgbench -i` output (src/ingest/initlog.c). */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <dirent.h>

static int S_parse_file(tr_init *out, const char *rel)
{
	size_t len;
	char *text = harness_read(rel, &len);
	int rc = tr_initlog_parse(out, text, len, rel);
	if (rc != 0 && rc != TR_ENOTFOUND)
		fprintf(stderr, "  (%s)\n", tr_error_last());
	free(text);
	return rc;
}

static void S_phase(const tr_init *in, size_t i, const char *name, double s)
{
	CHECK(i < in->nphases);
	if (i >= in->nphases)
		return;
	CHECK_STR(in->phases[i].name, name);
	CHECK_DBL(in->phases[i].seconds, s, 1e-9);
}

/* ---- an independent reading of the done line and the tuple lines ------- */

typedef struct expect {
	double total;
	int nphases;
	char names[8][40];
	double secs[8];
	long long rows;
} expect;

static void S_expect(expect *e, const char *text)
{
	const char *p = NULL, *q;
	char buf[1024];
	char *save = NULL, *tok;
	memset(e, 0, sizeof(*e));
	e->total = NAN;
	e->rows = -1;
	/* the last "done in" line */
	for (q = text; (q = strstr(q, "done in ")) != NULL; q++)
		p = q;
	if (p) {
		size_t n = strcspn(p, "\r\n");
		memcpy(buf, p, n < sizeof buf ? n : sizeof buf - 1);
		buf[n < sizeof buf ? n : sizeof buf - 1] = '\0';
		e->total = strtod(buf + 8, NULL);
		buf[strlen(buf) - 2] = '\0';            /* ")." */
		for (tok = strtok_r(strchr(buf, '(') + 1, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			char *sp;
			while (*tok == ' ')
				tok++;
			sp = strrchr(tok, ' ');           /* before "s" */
			*sp = '\0';
			sp = strrchr(tok, ' ');           /* before the number */
			e->secs[e->nphases] = strtod(sp + 1, NULL);
			*sp = '\0';
			snprintf(e->names[e->nphases], 40, "%s", tok);
			e->nphases++;
		}
	}
	/* the last "of N tuples" of accounts: 10-16 name no table */
	for (q = text; (q = strstr(q, " tuples (")) != NULL; q++) {
		const char *of = q;
		const char *eol = q + strcspn(q, "\r\n");
		const char *tab = strstr(q, "%) of ");
		while (of > text && of[-1] >= '0' && of[-1] <= '9')
			of--;
		if (tab && tab < eol && strncmp(tab + 6, "pgbench_accounts", 16) != 0)
			continue;
		e->rows = strtoll(of, NULL, 10);
	}
}

static void S_check_expect(const tr_init *in, const char *rel)
{
	size_t len;
	char *text = harness_read(rel, &len);
	expect e;
	S_expect(&e, text);
	CHECK_DBL(in->total_s, e.total, 1e-9);
	CHECK_INT(in->nphases, e.nphases);
	for (int i = 0; i < e.nphases && (size_t)i < in->nphases; i++) {
		CHECK_STR(in->phases[i].name, e.names[i]);
		CHECK_DBL(in->phases[i].seconds, e.secs[i], 1e-9);
	}
	CHECK_INT(in->rows, e.rows);
	CHECK_INT(in->scale, e.rows < 0 ? -1 : e.rows / 100000);
	free(text);
}

/* Every capture of 15/ that completed, against the independent reading. */
static void test_pg15_all(void)
{
	const char *root = getenv("TR_SOURCE_DIR");
	char dir[1024];
	DIR *d;
	struct dirent *ent;
	int n = 0;
	snprintf(dir, sizeof dir, "%s/tests/fixtures/init/15", root ? root : ".");
	d = opendir(dir);
	CHECK(d != NULL);
	if (!d)
		return;
	while ((ent = readdir(d)) != NULL) {
		char rel[512];
		tr_init in;
		const char *s = ent->d_name;
		if (strstr(s, ".cmd") || s[0] == '.' || strstr(s, "bad_step") ||
		    strstr(s, "interrupted"))
			continue;
		snprintf(rel, sizeof rel, "tests/fixtures/init/15/%s", s);
		harness_current = s;
		CHECK_INT(S_parse_file(&in, rel), 0);
		S_check_expect(&in, rel);
		CHECK_STR(in.source, "pgbench");
		CHECK_STR(in.path, rel);
		tr_init_free(&in);
		n++;
	}
	closedir(d);
	CHECK_INT(n, 15);
}

static void test_pg15_literal(void)
{
	tr_init in;
	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s2.txt"), 0);
	CHECK_DBL(in.total_s, 0.73, 1e-9);
	CHECK_INT(in.nphases, 5);
	S_phase(&in, 0, "drop tables", 0.00);
	S_phase(&in, 1, "create tables", 0.01);
	S_phase(&in, 2, "client-side generate", 0.39);
	S_phase(&in, 3, "vacuum", 0.09);
	S_phase(&in, 4, "primary keys", 0.25);
	CHECK_INT(in.rows, 200000);
	CHECK_INT(in.scale, 2);
	CHECK(isnan(in.wall_s) && isnan(in.user_s) && isnan(in.sys_s));
	CHECK_INT(in.jobs, 1);
	CHECK_INT(in.database_bytes, -1);
	CHECK(in.server_version == NULL && in.nsettings == 0);
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s2_time_bash.txt"), 0);
	CHECK_DBL(in.total_s, 0.45, 1e-9);
	CHECK_DBL(in.wall_s, 0.462, 1e-9);
	CHECK_DBL(in.user_s, 0.034, 1e-9);
	CHECK_DBL(in.sys_s, 0.0, 1e-9);
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s2_time_p.txt"), 0);
	CHECK_DBL(in.wall_s, 0.39, 1e-9);
	CHECK_DBL(in.user_s, 0.02, 1e-9);
	CHECK_DBL(in.sys_s, 0.00, 1e-9);
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s2_time_gnu.txt"), 0);
	CHECK_DBL(in.wall_s, 0.30, 1e-9);
	CHECK_DBL(in.user_s, 0.02, 1e-9);
	CHECK_DBL(in.total_s, 0.30, 1e-9);
	CHECK_INT(in.rows, 200000);        /* -q: the last row only */
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s5_tty.typescript"), 0);
	CHECK_INT(in.rows, 500000);
	CHECK_INT(in.scale, 5);
	CHECK_DBL(in.total_s, 1.23, 1e-9);
	S_phase(&in, 2, "client-side generate", 0.79);
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in,
	          "tests/fixtures/init/15/init_s3_tty_time.typescript"), 0);
	CHECK_INT(in.scale, 3);
	CHECK_DBL(in.wall_s, 1.858, 1e-9);
	CHECK_DBL(in.sys_s, 0.013, 1e-9);
	tr_init_free(&in);

	CHECK_INT(S_parse_file(&in,
	          "tests/fixtures/init/15/init_s3_serverside_partitions.txt"), 0);
	CHECK_INT(in.rows, -1);            /* server-side: no tuple lines */
	CHECK_INT(in.scale, -1);
	CHECK_INT(in.nphases, 6);
	S_phase(&in, 2, "server-side generate", 1.23);
	S_phase(&in, 5, "foreign keys", 0.10);
	tr_init_free(&in);
}

static void test_pg15_failed(void)
{
	tr_init in;
	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_s40_interrupted.txt"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(),
	          "tests/fixtures/init/15/init_s40_interrupted.txt:14: pgbench -i "
	          "failed: pgbench: error: PQendcopy failed");
	/* freed and reset on failure */
	CHECK(in.source == NULL && in.path == NULL && in.phases == NULL);
	/* an init that failed before printing any step is not init output */
	CHECK_INT(S_parse_file(&in, "tests/fixtures/init/15/init_bad_step.txt"),
	          TR_ENOTFOUND);
}

/* ---- other versions (written from SPEC.md) -------------------------------- */

static void S_version(const char *rel, double total, size_t nphases,
                      long long rows, double wall)
{
	tr_init in;
	harness_current = rel;
	CHECK_INT(S_parse_file(&in, rel), 0);
	CHECK_DBL(in.total_s, total, 1e-9);
	CHECK_INT(in.nphases, nphases);
	CHECK_INT(in.rows, rows);
	CHECK_INT(in.scale, rows < 0 ? -1 : rows / 100000);
	CHECK_DBL(in.wall_s, wall, 1e-9);
	S_check_expect(&in, rel);
	tr_init_free(&in);
}

static void test_versions(void)
{
	S_version("tests/fixtures/init/10/init_s10_time_bash.txt", NAN, 0, 1000000,
	          3.412);
	S_version("tests/fixtures/init/10/init_s100_quiet_fk.txt", NAN, 0, 10000000,
	          NAN);
	S_version("tests/fixtures/init/11/init_s3_time_p.txt", NAN, 0, 300000, 1.27);
	S_version("tests/fixtures/init/12/init_s2_foreignkeys.txt", NAN, 0, 200000,
	          NAN);
	S_version("tests/fixtures/init/13/init_s4.txt", 1.19, 5, 400000, NAN);
	S_version("tests/fixtures/init/13/init_s4_tty.typescript", 1.25, 5, 400000,
	          NAN);
	S_version("tests/fixtures/init/14/init_s30_padded.txt", 14.10, 5, 3000000,
	          14.136);
	S_version("tests/fixtures/init/16/init_s2_partitions.txt", 0.81, 5, 200000,
	          NAN);
	S_version("tests/fixtures/init/17/init_s20.txt", 4.02, 5, 2000000, NAN);
	/* -q: tellers' "100 of 100 tuples" must not be taken for accounts */
	S_version("tests/fixtures/init/17/init_s10_quiet.txt", 1.71, 5, 1000000,
	          NAN);
	S_version("tests/fixtures/init/17/init_s3_tty.typescript", 0.77, 5, 300000,
	          NAN);
	S_version("tests/fixtures/init/18/init_s50_serverside_gnutime.txt", 19.44, 6,
	          -1, 19.47);
	S_version("tests/fixtures/init/18/init_s5.txt", 1.34, 6, 500000, NAN);
	{
		tr_init in;
		CHECK_INT(S_parse_file(&in,
		          "tests/fixtures/init/10/init_s10_time_bash.txt"), 0);
		CHECK_DBL(in.user_s, 0.551, 1e-9);
		CHECK_DBL(in.sys_s, 0.048, 1e-9);
		tr_init_free(&in);
		CHECK_INT(S_parse_file(&in,
		          "tests/fixtures/init/18/init_s50_serverside_gnutime.txt"), 0);
		CHECK_DBL(in.user_s, 0.01, 1e-9);
		S_phase(&in, 2, "server-side generate", 11.73);
		tr_init_free(&in);
	}
}

/* ---- the seed article ------------------------------------------------------ */

static void S_seed(const char *rel)
{
	tr_init in;
	harness_current = rel;
	CHECK_INT(S_parse_file(&in, rel), 0);
	CHECK_DBL(in.total_s, 1561.67, 1e-9);
	CHECK_INT(in.nphases, 5);
	S_phase(&in, 0, "drop tables", 0.00);
	S_phase(&in, 1, "create tables", 0.01);
	S_phase(&in, 2, "client-side generate", 876.29);
	S_phase(&in, 3, "vacuum", 1.59);
	S_phase(&in, 4, "primary keys", 683.78);
	CHECK_DBL(in.wall_s, 26 * 60 + 1.711, 1e-9);
	CHECK(isnan(in.user_s));
	CHECK_INT(in.rows, -1);
	tr_init_free(&in);
}

static void test_seed(void)
{
	S_seed("tests/fixtures/init/seed/aws_bench10000.txt");
	/* wrapped as the article shows it: joined again */
	S_seed("tests/fixtures/init/seed/aws_bench10000_wrapped.txt");
}

/* ---- not init output, broken init output ----------------------------------- */

static int S_text(tr_init *in, const char *t, size_t n)
{
	tr_error_clear();
	return tr_initlog_parse(in, t, n, "init.txt");
}

#define S_PARSE(in, lit) S_text(in, lit, sizeof(lit) - 1)

static void test_not_init(void)
{
	tr_init in;
	CHECK_INT(S_text(&in, "", 0), TR_ENOTFOUND);
	CHECK_INT(S_PARSE(&in, "transaction type: <builtin: TPC-B (sort of)>\n"
	                       "scaling factor: 2\nquery mode: simple\n"
	                       "tps = 2557.487066 (without initial connection time)\n"),
	          TR_ENOTFOUND);
	CHECK_INT(S_PARSE(&in, "real\t0m0.462s\nuser\t0m0.034s\nsys\t0m0.000s\n"),
	          TR_ENOTFOUND);
	CHECK_INT(S_PARSE(&in, "done.\n"), TR_ENOTFOUND);
	/* nor does it end an init that has not started */
	CHECK_INT(S_PARSE(&in, "make: done.\ndone.\ncreating tables...\ndone.\n"), 0);
	tr_init_free(&in);
	CHECK_INT(S_PARSE(&in, "starting vacuum...end.\n"), TR_ENOTFOUND);
	CHECK_INT(S_PARSE(&in, "\0\0\0\n\r\r\n"), TR_ENOTFOUND);
	CHECK(in.source == NULL);
}

static void test_broken(void)
{
	tr_init in;
	CHECK_INT(S_PARSE(&in, "creating tables...\n"
	                       "done in 1.23 s (drop tables x s).\n"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:2: malformed \"done in\" line");
	CHECK_INT(S_PARSE(&in, "done in -1.00 s (vacuum 1.00 s).\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum 1.00 s)\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum 1.00 s).x\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum 1.00 s, ).\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (Vacuum 1.00 s).\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum nan s).\n"), TR_EINVALID);
	/* wrapped, but the second half is not the rest of it */
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (drop tables 0.00 s,\n"
	                       "real 1.00\n"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:1: malformed \"done in\" line");
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (drop tables 0.00 s,\n"
	                       "  vacuum 1.00\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (drop tables 0.00 s,"),
	          TR_EINVALID);
	/* an empty list is what pgbench prints for no step at all */
	CHECK_INT(S_PARSE(&in, "done in 0.00 s ().\n"), 0);
	CHECK_INT(in.nphases, 0);
	CHECK_DBL(in.total_s, 0, 0);
	tr_init_free(&in);

	CHECK_INT(S_PARSE(&in, "generating data (client-side)...\n"
	                       "100000 of 200000 tuples (50%) done (elapsed abc s, "
	                       "remaining 0.17 s)\n"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:2: malformed tuple progress line");
	CHECK_INT(S_PARSE(&in, "300000 of 200000 tuples (150%) done (elapsed 1.00 s, "
	                       "remaining 0.00 s)\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "1 of 0 tuples (100%) done (elapsed 1.00 s, "
	                       "remaining 0.00 s)\n"), TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "1 of 2 tuples (50%) of  done (elapsed 1.00 s, "
	                       "remaining 0.00 s)\n"), TR_EINVALID);
	/* real that does not parse */
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum 1.00 s).\nreal\t0m1.0xs\n"),
	          TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:2: malformed time output line");
	CHECK_INT(S_PARSE(&in, "done in 1.00 s (vacuum 1.00 s).\nreal 1:00\n"),
	          TR_EINVALID);

	/* 17+: only pgbench_accounts gives the rows */
	CHECK_INT(S_PARSE(&in, "generating data (client-side)...\n"
	                       "100 of 100 tuples (100%) of pgbench_tellers done "
	                       "(elapsed 0.00 s, remaining 0.00 s)\n"
	                       "done in 0.50 s (vacuum 0.10 s).\n"), 0);
	CHECK_INT(in.rows, -1);
	tr_init_free(&in);
	CHECK_INT(S_PARSE(&in, "200000 of 200000 tuples (100%) of pgbench_accounts "
	                       "done (elapsed 0.20 s, remaining 0.00 s)\n"
	                       "100 of 100 tuples (100%) of pgbench_tellers done "
	                       "(elapsed 0.00 s, remaining 0.00 s)\n"
	                       "done in 0.50 s (vacuum 0.10 s).\n"), 0);
	CHECK_INT(in.rows, 200000);
	tr_init_free(&in);
	/* 9.x -q ended the line with a full stop */
	CHECK_INT(S_PARSE(&in, "creating tables...\n5000000 of 5000000 tuples (100%) "
	                       "done (elapsed 5.10 s, remaining 0.00 s).\ndone.\n"), 0);
	CHECK_INT(in.scale, 50);
	tr_init_free(&in);
	/* 10's step messages alone make init output */
	{
		static const char *const msgs[] = {
			"dropping old tables...", "creating tables...",
			"generating data...", "generating data (client-side)...",
			"generating data (server-side)...", "vacuuming...",
			"vacuum...", "creating primary keys...",
			"set primary keys...", "creating foreign keys...",
			"set foreign keys...",
		};
		for (size_t i = 0; i < TR_ARRAY_SIZE(msgs); i++) {
			char t[128];
			snprintf(t, sizeof t, "%s\ndone.\n", msgs[i]);
			CHECK_INT(S_text(&in, t, strlen(t)), 0);
			tr_init_free(&in);
			/* with a trailing space: 14.16+ pad only tuple lines,
			 * but trailing blanks never matter */
			snprintf(t, sizeof t, "%s \ndone.\n", msgs[i]);
			CHECK_INT(S_text(&in, t, strlen(t)), 0);
			tr_init_free(&in);
			snprintf(t, sizeof t, "%sx\ndone.\n", msgs[i]);
			CHECK_INT(S_text(&in, t, strlen(t)), TR_ENOTFOUND);
		}
	}
	CHECK_INT(S_PARSE(&in, "creating 4 partitions...\ndone.\n"), 0);
	tr_init_free(&in);
	CHECK_INT(S_PARSE(&in, "creating x partitions...\ndone.\n"), TR_ENOTFOUND);

	/* cut before the end */
	CHECK_INT(S_PARSE(&in, "NOTICE:  x\ndropping old tables...\ncreating tables...\n"
	                       "generating data (client-side)...\n"
	                       "100000 of 200000 tuples (50%) done (elapsed 0.17 s, "
	                       "remaining 0.17 s)"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:5: pgbench -i output (from line 2) ends "
	                           "before its \"done\" line: interrupted?");
	/* an error after a complete init is not this init's */
	CHECK_INT(S_PARSE(&in, "creating tables...\ndone.\n"
	                       "pgbench: error: something else\n"), 0);
	tr_init_free(&in);
	/* two inits in one file */
	CHECK_INT(S_PARSE(&in, "dropping old tables...\ncreating tables...\n"
	                       "done in 1.00 s (vacuum 1.00 s).\n"
	                       "dropping old tables...\n"), TR_EINVALID);
	CHECK_STR(tr_error_last(), "init.txt:4: a second pgbench -i output starts "
	                           "here (the first one ended on line 3): keep one "
	                           "per file");
	/* a failed attempt, then a good one: the good one counts */
	CHECK_INT(S_PARSE(&in, "dropping old tables...\n"
	                       "pgbench: fatal: could not connect\n"
	                       "dropping old tables...\ncreating tables...\n"
	                       "done in 2.00 s (vacuum 1.00 s).\n"), 0);
	CHECK_DBL(in.total_s, 2.0, 0);
	tr_init_free(&in);
}

static void test_hostile(void)
{
	tr_init in;
	size_t n = 10u << 20;
	char *big = malloc(n);
	/* CRLF line ends are line ends */
	CHECK_INT(S_PARSE(&in, "creating tables...\r\n100000 of 100000 tuples (100%) "
	                       "done (elapsed 0.10 s, remaining 0.00 s)\r\n"
	                       "done in 0.50 s (vacuum 0.10 s).\r\nreal 0.52\r\n"), 0);
	CHECK_INT(in.scale, 1);
	CHECK_DBL(in.wall_s, 0.52, 1e-9);
	tr_init_free(&in);
	/* NUL bytes inside lines: those lines are not recognised */
	CHECK_INT(S_PARSE(&in, "creating tables...\ndone in 0.50 s (vac\0uum 0.10 s).\n"),
	          TR_EINVALID);
	CHECK_INT(S_PARSE(&in, "creat\0ing tables...\n"), TR_ENOTFOUND);
	/* a 10 MB line of one byte, then of digits that look like a tuple line */
	memset(big, 'a', n);
	CHECK_INT(S_text(&in, big, n), TR_ENOTFOUND);
	memset(big, '9', n);
	CHECK_INT(S_text(&in, big, n), TR_ENOTFOUND);
	memcpy(big, "1 of ", 5);
	CHECK_INT(S_text(&in, big, n), TR_ENOTFOUND);
	memcpy(big + n - 40, " tuples (50%) done (elapsed 1.00 s, rem", 39);
	CHECK_INT(S_text(&in, big, n), TR_ENOTFOUND);
	/* a 10 MB done line */
	memset(big, ' ', n);
	memcpy(big, "done in 1.00 s (", 16);
	CHECK_INT(S_text(&in, big, n), TR_EINVALID);
	memset(big, 'a', n);
	memcpy(big, "done in 1.00 s (", 16);
	CHECK_INT(S_text(&in, big, n), TR_EINVALID);
	free(big);
	CHECK(in.phases == NULL && in.nphases == 0);
}

int main(void)
{
	RUN(test_pg15_all);
	RUN(test_pg15_literal);
	RUN(test_pg15_failed);
	RUN(test_versions);
	RUN(test_seed);
	RUN(test_not_init);
	RUN(test_broken);
	RUN(test_hostile);
	return harness_done();
}
