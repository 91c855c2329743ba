/* test_load.c: tr_study_load on small studies made from real fixtures:
 * discovery, windows from aggregate logs (recomputed here independently),
 * per-transaction logs read in chunks, and what happens to bad runs. */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char S_root[256];

static void S_write(const char *rel, const char *data, size_t len)
{
	char path[1024];
	FILE *f;
	snprintf(path, sizeof path, "%s/%s", S_root, rel);
	for (char *p = path + strlen(S_root) + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(1);
	}
	fclose(f);
}

static void S_copy(const char *fixture, const char *rel)
{
	size_t len;
	char *data = harness_read(fixture, &len);
	S_write(rel, data, len);
	free(data);
}

static void S_fresh(void)
{
	char cmd[512];
	if (S_root[0]) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", S_root);
		if (system(cmd) != 0)
			exit(1);
	}
	strcpy(S_root, "/tmp/tr-test-load.XXXXXX");
	if (!mkdtemp(S_root))
		exit(1);
}

#define F "tests/fixtures/logs/15/"

/* Windows of the `agg` capture computed here from the two thread files:
 * starts present in both, first one left out, tps = sum / 1 s. */
static void test_aggregate_windows(void)
{
	tr_study *st = NULL;
	size_t len0, len1;
	char *a = harness_read(F "agg.8120", &len0), *b = harness_read(F "agg.8120.1", &len1);
	long long sa[64], ta[64], la[64], sb[64], tb[64], lb[64];
	int na = 0, nb = 0, k = 0;
	S_fresh();
	S_copy(F "agg.txt", "results/p/s/agg.txt");
	S_copy(F "agg.8120", "results/p/s/agg.8120");
	S_copy(F "agg.8120.1", "results/p/s/agg.8120.1");
	for (char *p = a; na < 64 && sscanf(p, "%lld %lld %lld", &sa[na], &ta[na], &la[na]) == 3; na++)
		p = strchr(p, '\n') + 1;
	for (char *p = b; nb < 64 && sscanf(p, "%lld %lld %lld", &sb[nb], &tb[nb], &lb[nb]) == 3; nb++)
		p = strchr(p, '\n') + 1;
	CHECK_INT(tr_study_load(&st, S_root, NULL), 0);
	if (!st)
		return;
	CHECK_INT(st->nruns, 1);
	CHECK_INT(st->runs[0].window_source, TR_WINDOWS_AGGREGATE);
	CHECK_DBL(st->runs[0].window_interval_s, 1, 0);
	{
		bool first = true;
		for (int i = 0; i < na; i++)
			for (int j = 0; j < nb; j++) {
				if (sa[i] != sb[j])
					continue;
				if (first) {
					first = false;
					continue;
				}
				if (k < (int)st->runs[0].nwindows) {
					const tr_window *w = &st->runs[0].windows[k];
					CHECK_DBL(w->start_s, (double)sa[i], 0);
					CHECK_DBL(w->tps, (double)(ta[i] + tb[j]), 0);
					CHECK_DBL(w->latency_ms,
					          (double)(la[i] + lb[j]) / (double)(ta[i] + tb[j]) / 1000.0,
					          1e-12);
				}
				k++;
			}
	}
	CHECK_INT(st->runs[0].nwindows, k);
	CHECK(k >= 3);
	tr_study_free(st);
	free(a);
	free(b);
}

static void S_load_plain(tr_study **out, uint64_t chunk)
{
	tr_load_options opts = { 0 };
	opts.chunk_bytes = chunk;
	opts.threads = 2;
	CHECK_INT(tr_study_load(out, S_root, &opts), 0);
}

static void test_chunks_change_nothing(void)
{
	tr_study *whole = NULL, *cut;
	uint64_t sizes[] = { 1, 7, 100, 4096, 65536 };
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	S_load_plain(&whole, 0);
	if (!whole)
		return;
	CHECK(whole->runs[0].txlog != NULL);
	CHECK_INT(whole->runs[0].txlog->transactions, 7343);
	CHECK_INT(whole->runs[0].txlog->latency.total, 7343);
	for (size_t i = 0; i < TR_ARRAY_SIZE(sizes); i++) {
		const tr_txlog_stats *a = whole->runs[0].txlog, *b;
		S_load_plain(&cut, sizes[i]);
		if (!cut || !cut->runs[0].txlog) {
			CHECK(!"chunked load failed");
			tr_study_free(cut);
			continue;
		}
		b = cut->runs[0].txlog;
		CHECK_INT(b->transactions, a->transactions);
		CHECK_INT(b->lines, a->lines);
		CHECK_INT(b->latency.total, a->latency.total);
		CHECK_INT(b->latency.min, a->latency.min);
		CHECK_INT(b->latency.max, a->latency.max);
		CHECK_DBL(b->first_s, a->first_s, 0);
		CHECK_DBL(b->last_s, a->last_s, 0);
		for (double p = 1; p <= 100; p += 0.5)
			CHECK_DBL(tr_hist_percentile(&b->latency, p),
			          tr_hist_percentile(&a->latency, p), 0);
		tr_study_free(cut);
	}
	tr_study_free(whole);
}

/* A cut last line and a bad line deep in a file: the run is left out with
 * a warning naming the real line of the file, also when read in chunks. */
static void test_bad_lines_named(void)
{
	size_t len;
	char *data = harness_read(F "plain.8112.1", &len);
	tr_study *st = NULL;
	char want[256];
	S_fresh();
	/* a good run beside it, so that the study stays usable */
	S_copy(F "agg.txt", "results/p/s/agg.txt");
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	/* line 4000 of thread 1 gets a letter in its latency */
	{
		char *p = data;
		for (int i = 1; i < 4000; i++)
			p = strchr(p, '\n') + 1;
		p = strchr(p, ' ') + 1;
		p = strchr(p, ' ') + 1;
		*p = 'x';
	}
	S_write("results/p/s/plain.8112.1", data, len);
	S_load_plain(&st, 1000);
	if (st) {
		bool found = false;
		snprintf(want, sizeof want, "results/p/s/plain.8112.1:4000:");
		CHECK(!st->runs[0].excluded);
		CHECK(st->runs[1].excluded);
		for (size_t i = 0; i < st->diags.count; i++)
			if (strstr(st->diags.items[i].message, want))
				found = true;
		CHECK(found);
		tr_study_free(st);
	}
	/* cut in the middle of the last line */
	free(data);
	data = harness_read(F "plain.8112.1", &len);
	S_write("results/p/s/plain.8112.1", data, len - 3);
	st = NULL;
	S_load_plain(&st, 999);
	if (st) {
		bool found = false;
		CHECK(st->runs[1].excluded);
		snprintf(want, sizeof want, "plain.8112.1:4291: last line has no newline");
		for (size_t i = 0; i < st->diags.count; i++)
			if (strstr(st->diags.items[i].message, want))
				found = true;
		CHECK(found);
		tr_study_free(st);
	}
	free(data);
}

static void test_study_errors(void)
{
	tr_study *st = (tr_study *)1;
	S_fresh();
	CHECK(tr_study_load(&st, S_root, NULL) < 0);
	CHECK(st == NULL);
	CHECK(strstr(tr_error_last(), "no results/ folder") != NULL);
	S_write("results/p/s/notes.txt", "nothing here\n", 13);
	CHECK(tr_study_load(&st, S_root, NULL) < 0);
	CHECK(strstr(tr_error_last(), "no pgbench run found") != NULL);
	CHECK(tr_study_load(&st, "/nonexistent/study", NULL) < 0);
	/* an aborted run alone: nothing usable */
	S_copy("tests/fixtures/pgbench/15/err_some_clients_abort.txt",
	       "results/p/s/run1.txt");
	CHECK(tr_study_load(&st, S_root, NULL) < 0);
	CHECK(strstr(tr_error_last(), "no usable pgbench run") != NULL);
	/* a broken ini stops the job, naming file and line */
	S_copy(F "plain.txt", "results/p/s/run2.txt");
	S_write("tpsreport.ini", "[study]\ntitle = x\nnope\n", 23);
	CHECK(tr_study_load(&st, S_root, NULL) < 0);
	CHECK_STR(tr_error_last(),
	          "tpsreport.ini:3: cannot parse this line (expected [section] or key = value)");
	unlink(strcat(strcpy((char[512]){ 0 }, S_root), "/tpsreport.ini"));
	CHECK_INT(tr_study_load(&st, S_root, NULL), 0);
	if (st) {
		CHECK_INT(st->nruns, 2);
		CHECK(st->runs[0].excluded);   /* run1: aborted */
		CHECK(!st->runs[1].excluded);
		tr_study_free(st);
	}
}

int main(void)
{
	RUN(test_aggregate_windows);
	RUN(test_chunks_change_nothing);
	RUN(test_bad_lines_named);
	RUN(test_study_errors);
	if (S_root[0]) {
		char cmd[512];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", S_root);
		if (system(cmd) != 0)
			return 1;
	}
	return harness_done();
}
