/* test_load.c: tr_study_load on small studies made from real fixtures:
 * discovery, windows from aggregate logs (recomputed here independently),
 * per-transaction logs read in chunks, and what happens to bad runs. */

#include "harness.h"
#include "ingest/ingest.h"
#include "stats/stats.h"
#include "util/error.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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
		/* ingest: every window both thread files have, summed, the first
		 * too; stats: all but the first count, TPS = transactions / 1 s,
		 * latency = sum of latencies / transactions */
		tr_window *counted = NULL;
		size_t ncounted = 0;
		CHECK_INT(tr_windows_counted(&counted, &ncounted, st->runs[0].windows,
		                             st->runs[0].nwindows), 0);
		for (int i = 0; i < na; i++)
			for (int j = 0; j < nb; j++) {
				if (sa[i] != sb[j])
					continue;
				if (k < (int)st->runs[0].nwindows) {
					const tr_window *w = &st->runs[0].windows[k];
					CHECK_DBL(w->start_s, (double)sa[i], 0);
					CHECK_INT(w->transactions, ta[i] + tb[j]);
					CHECK_INT(w->sum_latency_us, la[i] + lb[j]);
				}
				if (k > 0 && k - 1 < (int)ncounted) {
					const tr_window *c = &counted[k - 1];
					CHECK_DBL(c->start_s, (double)sa[i], 0);
					CHECK_DBL(c->tps, (double)(ta[i] + tb[j]), 0);
					CHECK_DBL(c->latency_ms,
					          (double)(la[i] + lb[j]) / (double)(ta[i] + tb[j]) / 1000.0,
					          1e-12);
				}
				k++;
			}
		CHECK_INT(ncounted, k - 1);
		free(counted);
	}
	CHECK_INT(st->runs[0].nwindows, k);
	CHECK(k >= 4);
	tr_study_free(st);
	free(a);
	free(b);
}

static void S_load_cut(tr_study **out, uint64_t chunk, uint64_t window,
                       int threads, uint64_t piece)
{
	tr_load_options opts = { 0 };
	opts.chunk_bytes = chunk;
	opts.window_bytes = window;
	opts.threads = threads;
	opts.piece_bytes = piece;
	CHECK_INT(tr_study_load(out, S_root, &opts), 0);
}

static void S_load_plain(tr_study **out, uint64_t chunk, uint64_t window,
                         int threads)
{
	S_load_cut(out, chunk, window, threads, 0);
}

static void test_chunks_change_nothing(void)
{
	tr_study *whole = NULL, *cut;
	/* windows smaller than a chunk map a job's range in several pieces */
	/* chunk bytes, window bytes, threads (any number: 16 is more
	 * threads than this machine has cores, 3 more than it has files) */
	/* (and, with no chunk bytes, small logs cut into pieces for the
	 * threads: the last column, piece bytes) */
	uint64_t sizes[][4] = { { 1, 0, 2, 0 }, { 7, 0, 2, 0 }, { 100, 0, 2, 0 },
	                        { 4096, 0, 2, 0 }, { 65536, 0, 2, 0 },
	                        { 4096, 100, 2, 0 }, { 65536, 7, 2, 0 },
	                        { 0, 333, 2, 0 }, { 4096, 0, 1, 0 },
	                        { 4096, 0, 3, 0 }, { 4096, 0, 16, 0 },
	                        { 0, 0, 3, 0 }, { 1000, 0, 16, 0 },
	                        { 0, 4096, 2, 4096 }, { 0, 1000, 3, 1 },
	                        { 0, 64, 16, 100 }, { 0, 4096, 1, 4096 } };
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	S_load_plain(&whole, 0, 0, 2);
	if (!whole)
		return;
	CHECK(whole->runs[0].txlog != NULL);
	CHECK_INT(whole->runs[0].txlog->transactions, 7343);
	CHECK_INT(whole->runs[0].txlog->latency.total, 7343);
	for (size_t i = 0; i < TR_ARRAY_SIZE(sizes); i++) {
		const tr_txlog_stats *a = whole->runs[0].txlog, *b;
		S_load_cut(&cut, sizes[i][0], sizes[i][1], (int)sizes[i][2],
		           sizes[i][3]);
		if (!cut || !cut->runs[0].txlog) {
			CHECK(!"chunked load failed");
			tr_study_free(cut);
			continue;
		}
		b = cut->runs[0].txlog;
		CHECK_INT(b->transactions, a->transactions);
		CHECK_INT(b->lines, a->lines);
		CHECK_INT(b->latency.total, a->latency.total);
		CHECK_INT(tr_hist_min(&b->latency), tr_hist_min(&a->latency));
		CHECK_INT(tr_hist_max(&b->latency), tr_hist_max(&a->latency));
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
	/* read in chunks, then in pieces cut for the threads */
	for (int cut = 0; cut < 2; cut++) {
		bool found = false;
		st = NULL;
		if (cut == 0)
			S_load_plain(&st, 1000, 0, 2);
		else
			S_load_cut(&st, 0, 4096, 2, 4096);
		if (!st)
			continue;
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
	S_load_plain(&st, 999, 0, 2);
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

/* The inputs digest does not depend on how a log was cut into jobs and
 * windows of 1 MiB or more, and changes with one byte. The log (3.3 MB, a
 * pgbench 15 per-transaction log of 2 threads) is written here from the
 * format of docs/formats.md, not captured. */
static void test_digest_any_cut(void)
{
	static const char summary[] =
	    "pgbench (15.18)\ntransaction type: <builtin: TPC-B (sort of)>\n"
	    "scaling factor: 1\nquery mode: simple\nnumber of clients: 2\n"
	    "number of threads: 2\nmaximum number of tries: 1\nduration: 10 s\n"
	    "number of transactions actually processed: 200000\n"
	    "number of failed transactions: 0 (0.000%)\n"
	    "latency average = 1.000 ms\ninitial connection time = 1.000 ms\n"
	    "tps = 20000.000000 (without initial connection time)\n";
	uint64_t cuts[][2] = { { 0, 0 }, { 1 << 20, 0 }, { 2 << 20, 1 << 20 },
	                       { 0, 1 << 20 }, { 3 << 20, 2 << 20 } };
	char first[65] = "";
	tr_buf log = TR_BUF_INIT;
	uint64_t x = 7;
	S_fresh();
	S_write("results/p/s/big.txt", summary, sizeof(summary) - 1);
	for (int i = 0; i < 100000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		tr_buf_printf(&log, "%d %d %llu 0 %d %06d\n", i % 2, i / 2,
		              (unsigned long long)(800 + (x >> 52)), 1700000000 + i / 10000,
		              (i * 97) % 1000000);
	}
	S_write("results/p/s/big.77", log.ptr, log.size);
	S_write("results/p/s/big.77.1", log.ptr, log.size);
	for (size_t i = 0; i < TR_ARRAY_SIZE(cuts); i++) {
		tr_study *st = NULL;
		S_load_plain(&st, cuts[i][0], cuts[i][1], 2);
		if (!st)
			continue;
		CHECK(st->runs[0].txlog && st->runs[0].txlog->transactions == 200000);
		if (i == 0)
			memcpy(first, st->digest, sizeof(first));
		else
			CHECK_STR(st->digest, first);
		tr_study_free(st);
	}
	log.ptr[log.size - 10] = log.ptr[log.size - 10] == '1' ? '2' : '1';
	S_write("results/p/s/big.77.1", log.ptr, log.size);
	{
		tr_study *st = NULL;
		S_load_plain(&st, 0, 0, 2);
		if (st)
			CHECK(strcmp(st->digest, first) != 0);
		tr_study_free(st);
	}
	tr_buf_free(&log);
}

/* Logs that change while they are read (truncated, or still being
 * written): the load stops with "FILE: changed while it was read" naming
 * the file and both sizes (exit 2 in the cli), never a crash or figures
 * from half a file. The progress callback, called by the calling thread
 * between jobs (one thread: job 1 runs after the first call), changes the
 * file of a later job; the sizes expected are the fixture's and the one
 * made here. */
static const char *S_change_file;   /* relative to S_root */
static int S_change_how;            /* 0 truncate to 10 bytes, 1 append, 2 touch */
static int S_changes;

static void S_change_later(void *ctx, uint64_t done, uint64_t total)
{
	char path[300];
	(void)ctx;
	(void)done;
	(void)total;
	if (S_changes++)
		return;
	snprintf(path, sizeof path, "%s/%s", S_root, S_change_file);
	if (S_change_how == 0) {
		if (truncate(path, 10) != 0)
			CHECK(!"truncate failed");
	} else if (S_change_how == 1) {
		FILE *f = fopen(path, "ab");
		CHECK(f && fputs("0 9999 1000 0 1700000000 1\n", f) >= 0);
		if (f)
			fclose(f);
	} else {
		/* same bytes, same size, another time: as if rewritten */
		struct timespec t[2] = { { 0, UTIME_OMIT }, { 1000000000, 0 } };
		CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
	}
}

/* Load the study of S_fresh with one thread, chunk bytes `chunk`, the
 * file `rel` changed `how` after the first job: the load must fail with
 * `want` as its message. */
static void S_load_changing(const char *rel, int how, uint64_t chunk,
                            const char *want)
{
	tr_load_options opts = { 0 };
	tr_study *st = (tr_study *)1;
	S_change_file = rel;
	S_change_how = how;
	S_changes = 0;
	opts.threads = 1;
	opts.chunk_bytes = chunk;
	opts.progress = S_change_later;
	CHECK(tr_study_load(&st, S_root, &opts) < 0);
	CHECK(st == NULL);
	CHECK_STR(tr_error_last(), want);
}

static void test_file_changes(void)
{
	char want[300];
	size_t len;
	free(harness_read(F "plain.8112.1", &len));
	/* per-transaction, cut in chunks: thread 1's file gets shorter
	 * before its first chunk is read (pread comes back short) */
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	S_copy(F "plain.txt", "results/q/s/plain.txt");   /* a good run too */
	S_copy(F "plain.8112", "results/q/s/plain.8112");
	S_copy(F "plain.8112.1", "results/q/s/plain.8112.1");
	snprintf(want, sizeof want, "results/p/s/plain.8112.1: changed while it "
	         "was read (%zu bytes when the reading began, 10 now): is "
	         "pgbench still writing it?", len);
	S_load_changing("results/p/s/plain.8112.1", 0, 8192, want);
	/* thread 0's file grows while its later chunks are read (a line
	 * appended: pgbench still writing) */
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	free(harness_read(F "plain.8112", &len));
	snprintf(want, sizeof want, "results/p/s/plain.8112: changed while it "
	         "was read (%zu bytes when the reading began, %zu now): is "
	         "pgbench still writing it?", len, len + 27);
	S_load_changing("results/p/s/plain.8112", 1, 8192, want);
	/* the same size, written again */
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	S_load_changing("results/p/s/plain.8112", 2, 8192,
	                "results/p/s/plain.8112: changed while it was read "
	                "(written to or replaced, same size): is pgbench still "
	                "writing it?");
	/* aggregate logs, read whole: thread 1's file (job 1) cut, or
	 * grown, after thread 0's was read */
	free(harness_read(F "agg.8120.1", &len));
	for (int how = 0; how < 2; how++) {
		S_fresh();
		S_copy(F "agg.txt", "results/p/s/agg.txt");
		S_copy(F "agg.8120", "results/p/s/agg.8120");
		S_copy(F "agg.8120.1", "results/p/s/agg.8120.1");
		snprintf(want, sizeof want, "results/p/s/agg.8120.1: changed while "
		         "it was read (%zu bytes when the reading began, %zu now): "
		         "is pgbench still writing it?", len,
		         how == 0 ? (size_t)10 : len + 27);
		S_load_changing("results/p/s/agg.8120.1", how, 0, want);
	}
}

/* Library code installs no signal handler, not even while its threads
 * read (a mapped log cut by someone else once needed a SIGBUS handler):
 * every signal's disposition, asked with sigaction from the progress
 * callback (while the other thread reads, when the calling thread takes
 * jobs too; how many times depends on the scheduler) and after the load,
 * is the one the program had before. */
#define S_NSIG 128   /* more than SIGRTMAX (64 on Linux) */
static struct sigaction S_before[S_NSIG];
static bool S_known[S_NSIG];
static int S_asked;
static uint64_t S_last_done, S_last_total;

static void S_same_handlers(void)
{
	for (int sig = 1; sig <= SIGRTMAX && sig < S_NSIG; sig++) {
		struct sigaction now;
		if (!S_known[sig] || sigaction(sig, NULL, &now) != 0)
			continue;
		if (now.sa_handler != S_before[sig].sa_handler ||
		    now.sa_flags != S_before[sig].sa_flags) {
			fprintf(stderr, "  signal %d (%s): handler changed\n", sig,
			        strsignal(sig));
			CHECK(!"a signal handler was installed");
		}
	}
}

static void S_ask_handlers(void *ctx, uint64_t done, uint64_t total)
{
	struct sigaction bus;
	(void)ctx;
	S_asked++;
	S_last_done = done;
	S_last_total = total;
	CHECK(sigaction(SIGBUS, NULL, &bus) == 0 &&
	      bus.sa_handler == S_before[SIGBUS].sa_handler);
	S_same_handlers();
}

static void test_no_signal_handler(void)
{
	tr_load_options opts = { 0 };
	tr_study *st = NULL;
	CHECK(SIGRTMAX < S_NSIG);
	for (int sig = 1; sig <= SIGRTMAX && sig < S_NSIG; sig++)
		S_known[sig] = sigaction(sig, NULL, &S_before[sig]) == 0;
	CHECK(S_known[SIGBUS]);   /* (SIG_DFL, or the sanitizers' handler) */
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_copy(F "plain.8112", "results/p/s/plain.8112");
	S_copy(F "plain.8112.1", "results/p/s/plain.8112.1");
	S_copy(F "agg.txt", "results/q/s/agg.txt");
	S_copy(F "agg.8120", "results/q/s/agg.8120");
	S_copy(F "agg.8120.1", "results/q/s/agg.8120.1");
	S_asked = 0;
	opts.threads = 2;
	opts.chunk_bytes = 4096;   /* many jobs: the callback runs often */
	opts.progress = S_ask_handlers;
	CHECK_INT(tr_study_load(&st, S_root, &opts), 0);
	/* The other thread may take every job (a loaded machine can leave
	 * the caller waiting): the asking is then done by the final report
	 * the loader always makes, done == total. */
	CHECK(S_asked > 0);
	CHECK(S_last_total > 0);
	CHECK_INT(S_last_done, S_last_total);
	S_same_handlers();
	tr_study_free(st);
}

/* A line of more than 8 MiB is no pgbench log line: the run is left out,
 * naming the line (1001: after 1000 good ones), whether it starts in the
 * first window read or in a later one. */
static void test_long_line(void)
{
	size_t len, n = 0;
	char *data = harness_read(F "plain.8112", &len), *p = data;
	size_t long_len = (9u << 20) + 1;
	char *line = malloc(long_len);
	uint64_t windows[] = { 0, 4096 };
	for (int i = 0; i < 1000; i++)
		p = strchr(p, '\n') + 1;
	n = (size_t)(p - data);
	memset(line, '1', long_len - 1);
	line[long_len - 1] = '\n';
	S_fresh();
	S_copy(F "plain.txt", "results/p/s/plain.txt");
	S_write("results/p/s/plain.8112", data, n);
	S_copy(F "plain.txt", "results/q/s/plain.txt");   /* a good run too */
	S_copy(F "plain.8112", "results/q/s/plain.8112");
	{
		char path[300];
		FILE *f;
		snprintf(path, sizeof path, "%s/results/p/s/plain.8112", S_root);
		f = fopen(path, "ab");
		CHECK(f && fwrite(line, 1, long_len, f) == long_len);
		if (f)
			fclose(f);
	}
	for (size_t w = 0; w < TR_ARRAY_SIZE(windows); w++) {
		tr_study *st = NULL;
		bool found = false;
		S_load_plain(&st, 0, windows[w], 1);
		if (!st)
			continue;
		CHECK(st->runs[0].excluded);
		CHECK(!st->runs[1].excluded);
		for (size_t i = 0; i < st->diags.count; i++)
			if (strstr(st->diags.items[i].message,
			           "results/p/s/plain.8112:1001: a line of more than 8 MiB"))
				found = true;
		CHECK(found);
		tr_study_free(st);
	}
	free(line);
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
	RUN(test_digest_any_cut);
	RUN(test_file_changes);
	RUN(test_no_signal_handler);
	RUN(test_long_line);
	RUN(test_study_errors);
	if (S_root[0]) {
		char cmd[512];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", S_root);
		if (system(cmd) != 0)
			return 1;
	}
	return harness_done();
}
