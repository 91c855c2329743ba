/* test_server_file.c: runN.server.json (docs/run.md) read back, against
 * files written here by hand after the format: a good one and its figures
 * (shares, client CPU, client-bound, per transaction: each expected value
 * worked out by hand in the comments), then damaged ones, each an error
 * naming the file and line. */

#include "harness.h"
#include "ingest/ingest.h"
#include "stats/stats.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH "results/a/s/run1.server.json"

/* A file whose CPU series is cpu (10 values after a first null). Its
 * lines, for the messages below: 4 run, 5 interval_s, 10 active_samples,
 * 11-13 waits, 14-15 checkpoints, 16 autovacuum, 21 samples.t_s,
 * 22 samples.cpu_pct. */
static char *S_file_pg(const char *cpu, const char *pg, const char *waits,
                       const char *active)
{
	static const char fmt[] =
		"{\n"
		"  \"schema\": 1,\n"
		"  \"source\": \"sampler\",\n"
		"  \"run\": \"run1\",\n"
		"  \"interval_s\": 0.5,\n"
		"  \"start_unix_s\": 1796354680.5,\n"
		"  \"server_version_num\": 150018,\n"
		"  \"cpus\": 4,\n"
		"  \"notes\": [\"this server has no pg_stat_wal\"],\n"
		"  \"active_samples\": %s,\n"
		"  \"waits\": %s,\n"
		"  \"checkpoints\": [{\"t_s\": 2.5, \"kind\": \"requested\"},\n"
		"                  {\"t_s\": 4, \"kind\": \"timed\"}],\n"
		"  \"autovacuum\": [{\"from_s\": 1, \"to_s\": 3.5}],\n"
		"  \"counters\": {\"xact_commit\": 1010, \"blks_read\": 300,\n"
		"               \"buffers_checkpoint\": 50, \"wal_bytes\": 200000,\n"
		"               \"io_reads\": 120, \"io_backend_writes\": 3, "
		"\"future_counter\": 7},\n"
		"  \"samples\": {\n"
		"    \"t_s\": [0.1, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5],\n"
		"    \"cpu_pct\": %s,\n"
		"    \"pgbench_cpu_pct\": %s,\n"
		"    \"backends\": [0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]\n"
		"  }\n"
		"}\n";
	size_t n = sizeof(fmt) + strlen(cpu) + strlen(pg) + strlen(waits) +
	           strlen(active);
	char *out = malloc(n);
	snprintf(out, n, fmt, active, waits, cpu, pg);
	return out;
}

/* pgbench's share: 10 (exactly TR_CLIENT_PGBENCH_PCT) in the third
 * sample (the second with a figure: the first holds pgbench's start and
 * never counts as busy), 12.5 at most. */
static char *S_file(const char *cpu, const char *waits, const char *active)
{
	return S_file_pg(cpu, "[null, 2, 10, 3, 4, 12.5, 4, 3, 2, 1, null]", waits,
	                 active);
}

static const char S_waits[] =
	"[{\"type\": \"Lock\", \"event\": \"transactionid\", \"samples\": 6},\n"
	"  {\"type\": \"CPU\", \"event\": \"CPU\", \"samples\": 3},\n"
	"  {\"type\": \"Client\", \"event\": \"ClientRead\", \"samples\": 1}]";

static void test_good(void)
{
	/* one sample at exactly 90% (busy: >= 90), pgbench's own at exactly
	 * 10% (>= 10) in it: 1 of the 9 samples after the first (pgbench's
	 * start), 11.1%, client-bound (>= 10%) */
	char *text = S_file("[null, 50, 90, 40, 30, 20, 10, 10, 10, 10, 15]",
	                    S_waits, "10");
	tr_server *s = NULL;
	tr_run_server rs;
	CHECK_INT(tr_server_parse(&s, text, strlen(text), "run1", PATH), 0);
	free(text);
	if (!s)
		return;
	CHECK_STR(s->path, PATH);
	CHECK_DBL(s->interval_s, 0.5, 0);
	CHECK_INT(s->cpus, 4);
	CHECK_INT(s->nwaits, 3);
	CHECK_STR(s->waits[0].type, "Lock");
	CHECK_STR(s->waits[0].event, "transactionid");
	CHECK_INT(s->ncheckpoints, 2);
	CHECK(s->checkpoints[0].requested && !s->checkpoints[1].requested);
	CHECK_DBL(s->checkpoints[0].t_s, 2.5, 0);
	CHECK_INT(s->nautovacuum, 1);
	CHECK_DBL(s->autovacuum[0].to_s, 3.5, 0);
	CHECK_DBL(s->counters[TR_SRV_XACT_COMMIT], 1010, 0);
	CHECK(isnan(s->counters[TR_SRV_WAL_FPI])); /* not in the file */
	/* pg_stat_io's, as PostgreSQL 16 and later give them */
	CHECK_DBL(s->counters[TR_SRV_IO_READS], 120, 0);
	CHECK_DBL(s->counters[TR_SRV_IO_BACKEND_WRITES], 3, 0);
	CHECK(isnan(s->counters[TR_SRV_IO_FSYNCS]));
	CHECK_INT(s->nsamples, 11);
	CHECK(isnan(s->cpu_pct[0]));
	CHECK_INT(s->nnotes, 1);

	CHECK_INT(tr_run_server_compute(&rs, s, 1000), 0);
	/* shares of the 10 active samples: 6/10, 3/10, 1/10 */
	CHECK_DBL(rs.wait_share[0], 0.6, 1e-15);
	CHECK_DBL(rs.wait_share[1], 0.3, 1e-15);
	CHECK_DBL(rs.wait_share[2], 0.1, 1e-15);
	/* 50+90+40+30+20+10+10+10+10+15 = 285 over 10 samples */
	CHECK_INT(rs.cpu_samples, 10);
	CHECK_INT(rs.busy_samples, 1);
	CHECK_DBL(rs.cpu_pct_max, 90, 0);
	CHECK_DBL(rs.cpu_pct_mean, 28.5, 1e-12);
	CHECK_DBL(rs.pgbench_cpu_pct_max, 12.5, 0);
	CHECK(rs.client_bound);
	/* per transaction of 1000: 200000 / 1000, 300 / 1000, 50 / 1000 */
	CHECK_DBL(rs.wal_bytes_per_tx, 200, 0);
	CHECK_DBL(rs.blks_read_per_tx, 0.3, 1e-15);
	CHECK_DBL(rs.buffers_checkpoint_per_tx, 0.05, 1e-15);
	CHECK_INT(rs.checkpoints_requested, 1);
	CHECK_INT(rs.checkpoints_timed, 1);
	tr_run_server_free(&rs);
	tr_server_free(s);
}

/* The client figures of a file with these CPU series (no transactions):
 * parsed and computed into rs; the server to free, NULL if it failed. */
static tr_server *S_client_of(tr_run_server *rs, const char *cpu, const char *pg)
{
	char *text = S_file_pg(cpu, pg, "[]", "0");
	tr_server *s = NULL;
	CHECK_INT(tr_server_parse(&s, text, strlen(text), "run1", PATH), 0);
	free(text);
	if (s)
		CHECK_INT(tr_run_server_compute(rs, s, 0), 0);
	return s;
}

/* A light client: its busiest sample is 89.9% (under 90): not bound
 * (pgbench's share as S_file's, 10 in that sample). */
static void test_light(void)
{
	tr_run_server rs;
	tr_server *s = S_client_of(&rs, "[null, 50, 89.9, 40, 30, 20, 10, 10, 10, 10, 15]",
	                           "[null, 2, 10, 3, 4, 12.5, 4, 3, 2, 1, null]");
	if (!s)
		return;
	CHECK_INT(rs.busy_samples, 0);
	CHECK(!rs.client_bound);
	CHECK(isnan(rs.wal_bytes_per_tx)); /* no transactions: no ratio */
	tr_run_server_free(&rs);
	tr_server_free(s);
}

/* Each case: CPU series, pgbench's, samples with a figure, busy samples,
 * client-bound; the machine's maximum is 100 in all. */
typedef struct {
	const char *cpu, *pg;
	size_t n, busy;
	bool bound;
} S_client_case;

static void S_client_cases(const S_client_case *cases, size_t ncases)
{
	for (size_t k = 0; k < ncases; k++) {
		tr_run_server rs;
		tr_server *s = S_client_of(&rs, cases[k].cpu, cases[k].pg);
		if (!s)
			return;
		CHECK_INT(rs.cpu_samples, cases[k].n);
		CHECK_INT(rs.busy_samples, cases[k].busy);
		CHECK(rs.client_bound == cases[k].bound);
		CHECK_DBL(rs.cpu_pct_max, 100, 0);
		tr_run_server_free(&rs);
		tr_server_free(s);
	}
}

/* pgbench's start: the first sample with a figure, the machine at 100%
 * and pgbench at 11% (connecting), the rest at 20% and 1%: not busy, as
 * the start says nothing of the run (0 of 9 busy, not bound; the maximum
 * still 100). Then the second sample busy as well: 1 of 9, bound. Then
 * eleven samples with a figure (the first too): 1 busy of the 10 after
 * the first is exactly a tenth, bound (at least a tenth). */
static void test_start_sample(void)
{
	static const S_client_case cases[] = {
		{ "[null, 100, 20, 20, 20, 20, 20, 20, 20, 20, 20]",
		  "[null, 11, 1, 1, 1, 1, 1, 1, 1, 1, 1]", 10, 0, false },
		{ "[null, 100, 100, 20, 20, 20, 20, 20, 20, 20, 20]",
		  "[null, 11, 11, 1, 1, 1, 1, 1, 1, 1, 1]", 10, 1, true },
		{ "[20, 20, 100, 20, 20, 20, 20, 20, 20, 20, 20]",
		  "[1, 1, 11, 1, 1, 1, 1, 1, 1, 1, 1]", 11, 1, true },
	};
	S_client_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

/* A machine full of other work: 100% in every sample, pgbench at 9.9% of
 * it at most (under 10): not bound. Then the same with pgbench's figure
 * unknown in two samples after the first (null): those go by the machine
 * alone, 2 of 9 busy, bound. */
static void test_busy_neighbour(void)
{
	static const S_client_case cases[] = {
		{ "[null, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]",
		  "[null, 1, 9.9, 1, 1, 1, 1, 1, 1, 1, 0]", 10, 0, false },
		{ "[null, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]",
		  "[null, 1, null, 1, 1, 1, 1, 1, 1, 1, null]", 10, 2, true },
	};
	S_client_cases(cases, sizeof(cases) / sizeof(cases[0]));
}

static void S_bad(const char *text, const char *run, const char *want)
{
	tr_server *s = NULL;
	CHECK_INT(tr_server_parse(&s, text, strlen(text), run, PATH), TR_EINVALID);
	CHECK(s == NULL);
	if (!strstr(tr_error_last(), want)) {
		fprintf(stderr, "got: %s\nwant: %s\n", tr_error_last(), want);
		CHECK(0);
	}
	tr_server_free(s);
}

static void S_bad_cpu(const char *cpu, const char *want)
{
	char *text = S_file(cpu, S_waits, "10");
	S_bad(text, "run1", want);
	free(text);
}

static void test_damaged(void)
{
	char *good = S_file("[null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", S_waits, "10");
	char *cut = strdup(good), *p;
	cut[strlen(cut) / 2] = '\0';
	S_bad(cut, "run1", PATH ":");
	free(cut);
	/* another run's file */
	S_bad(good, "run2", PATH ":4: holds the samples of run \"run1\", not of run2");
	/* the waits add up to 10, not 11 */
	p = S_file("[null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", S_waits, "11");
	S_bad(p, "run1", PATH ":11: the waits' samples add up to 10, not active_samples (11)");
	free(p);
	S_bad_cpu("[null, 1, 2]", PATH ":22: samples.cpu_pct has 3 values, samples.t_s 11");
	S_bad_cpu("[null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100.5]",
	          PATH ":22: samples.cpu_pct: 100.5 is not a number from 0 to 100");
	S_bad_cpu("[null, 1, 2, 3, 4, \"5\", 6, 7, 8, 9, 10]",
	          PATH ":22: samples.cpu_pct: string is not a number from 0 to 100");
	/* text edits of the good file */
	{
		static const struct { const char *from, *to, *want; } edits[] = {
			{ "\"interval_s\": 0.5", "\"interval_s\": 0.1", ":5: \"interval_s\" is out of range: 0.1" },
			{ "\"schema\": 1", "\"schema\": 2", ":2:" },
			{ "\"kind\": \"timed\"", "\"kind\": \"slow\"", ":15: \"checkpoints[].kind\" must be \"timed\" or \"requested\"" },
			{ "\"to_s\": 3.5", "\"to_s\": 0.5", ":16: \"autovacuum[].to_s\" is out of range: 0.5" },
			{ "[0.1, 0.5, 1,", "[0.1, 0.5, 0.5,", ":21: samples.t_s must be increasing numbers" },
			{ "\"samples\": 3}", "\"samples\": 7}", ":12: \"waits\" must be in order of samples, most first" },
		};
		for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
			const char *at = strstr(good, edits[i].from);
			size_t n = strlen(good) + strlen(edits[i].to) + 1, k;
			char *t = malloc(n), want[200];
			CHECK(at != NULL);
			if (!at) {
				free(t);
				continue;
			}
			k = (size_t)(at - good);
			memcpy(t, good, k);
			strcpy(t + k, edits[i].to);
			strcat(t, at + strlen(edits[i].from));
			snprintf(want, sizeof(want), "%s%s", PATH, edits[i].want);
			S_bad(t, "run1", want);
			free(t);
		}
	}
	free(good);
}

int main(void)
{
	RUN(test_good);
	RUN(test_light);
	RUN(test_start_sample);
	RUN(test_busy_neighbour);
	RUN(test_damaged);
	return harness_done();
}
