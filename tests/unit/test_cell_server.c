/* test_cell_server.c: a cell's server figures over its runs, laid out by
 * hand: waits summed over the runs as shares of their active samples,
 * checkpoints per run, medians of the per-transaction counters, the
 * client's busiest sample; a run without a sampler file left out, a cell
 * without any gets no figure (an en dash), never 0. Every expected value
 * is worked out in the comments. */
/* internal test of: stats */

#include "harness.h"
#include "stats/stats_internal.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static tr_server_wait S_wa[] = {
	{ "LWLock", "WALWrite", 6 }, { "CPU", "CPU", 4 },
};
static tr_server_wait S_wb[] = {
	{ "CPU", "CPU", 12 }, { "IO", "DataFileRead", 9 }, { "LWLock", "WALWrite", 9 },
};

static void S_run(tr_run_result *run, tr_server *s, double wal, double rd, double ckb,
                  size_t timed, size_t req, double cpu, double pg)
{
	memset(run, 0, sizeof(*run));
	run->cell = 0;
	run->server.data = s;
	run->server.wal_bytes_per_tx = wal;
	run->server.blks_read_per_tx = rd;
	run->server.buffers_checkpoint_per_tx = ckb;
	run->server.checkpoints_timed = timed;
	run->server.checkpoints_requested = req;
	run->server.cpu_pct_max = cpu;
	run->server.pgbench_cpu_pct_max = pg;
}

static double S_value(const tr_cell *c, const char *key)
{
	const tr_metric *m = tr_metric_find(key);
	CHECK(m != NULL);
	return m ? tr_metric_value(m, c, NULL, NULL) : NAN;
}

static void test_cell(void)
{
	tr_server a, b, c;
	tr_run_result runs[5];
	size_t cell0[] = { 0, 1, 2, 3 }, cell1[] = { 4 };
	tr_cell cells[2];
	tr_results r;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	a.active_samples = 10;
	a.waits = S_wa;
	a.nwaits = 2;
	a.cpus = 16;
	b.active_samples = 30;
	b.waits = S_wb;
	b.nwaits = 3;
	b.cpus = 16;
	c.active_samples = 0; /* a run whose samples never found one active */

	/* a: 2 checkpoints (1 timed, 1 requested), b: 1, c: none */
	S_run(&runs[0], &a, 100, 2, 0.5, 1, 1, 40, 20);
	S_run(&runs[1], &b, 300, 4, 1.5, 0, 1, 55, 30);
	S_run(&runs[2], &c, 1000, 0, NAN, 0, 0, NAN, 90);
	/* a run without a sampler file: its zeros must not count */
	S_run(&runs[3], NULL, 0, 0, 0, 0, 0, 99, 99);
	S_run(&runs[4], NULL, 0, 0, 0, 0, 0, 99, 99);
	memset(cells, 0, sizeof(cells));
	cells[0].runs = cell0;
	cells[0].nruns = 4;
	cells[1].runs = cell1;
	cells[1].nruns = 1;
	memset(&r, 0, sizeof(r));
	r.runs = runs;
	r.nruns = 5;
	r.cells = cells;
	r.ncells = 2;

	CHECK_INT(tr_cell_server(&r), 0);
	CHECK_INT(cells[0].server_runs, 3);
	/* waits: LWLock:WALWrite 6 + 9 = 15, CPU 4 + 12 = 16, IO 9, over
	 * 10 + 30 + 0 = 40 active samples: CPU 0.4, WALWrite 0.375, IO 0.225 */
	CHECK_INT(cells[0].nwaits, 3);
	if (cells[0].nwaits == 3) {
		CHECK_STR(cells[0].waits[0].type, "CPU");
		CHECK_INT(cells[0].waits[0].samples, 16);
		CHECK_DBL(cells[0].waits[0].share, 0.4, 1e-12);
		CHECK_STR(cells[0].waits[1].event, "WALWrite");
		CHECK_DBL(cells[0].waits[1].share, 0.375, 1e-12);
		CHECK_STR(cells[0].waits[2].event, "DataFileRead");
		CHECK_DBL(cells[0].waits[2].share, 0.225, 1e-12);
	}
	/* medians over the three runs with a file: WAL (100, 300, 1000) ->
	 * 300 (the mean would be 466.7); blocks (2, 4, 0) -> 2; checkpoint
	 * buffers (0.5, 1.5, unknown) -> 1.0 */
	CHECK_DBL(S_value(&cells[0], "server.wal_bytes_per_tx"), 300, 0);
	CHECK_DBL(S_value(&cells[0], "server.blocks_read_per_tx"), 2, 0);
	CHECK_DBL(S_value(&cells[0], "server.buffers_checkpoint_per_tx"), 1.0, 0);
	/* 2 + 1 + 0 checkpoints over 3 runs */
	CHECK_DBL(S_value(&cells[0], "server.checkpoints_per_run"), 1.0, 0);
	/* busiest samples: client 55 (of 40, 55, unknown), pgbench 90 */
	CHECK_DBL(S_value(&cells[0], "server.client_cpu_pct_max"), 55, 0);
	CHECK_DBL(S_value(&cells[0], "server.pgbench_cpu_pct_max"), 90, 0);
	CHECK_DBL(S_value(&cells[0], "server.client_cpus"), 16, 0);

	/* no sampler file at all: no figure, shown as an en dash */
	CHECK_INT(cells[1].server_runs, 0);
	CHECK_INT(cells[1].nwaits, 0);
	CHECK(isnan(S_value(&cells[1], "server.wal_bytes_per_tx")));
	CHECK(isnan(S_value(&cells[1], "server.checkpoints_per_run")));
	CHECK(isnan(S_value(&cells[1], "server.client_cpu_pct_max")));
	{
		char *s = tr_metric_str(S_value(&cells[1], "server.wal_bytes_per_tx"),
		                        tr_metric_find("server.wal_bytes_per_tx")->format);
		CHECK_STR(s, "\xe2\x80\x93");
		free(s);
	}
	free(cells[0].waits);
	free(cells[1].waits);
}

int main(void)
{
	RUN(test_cell);
	return harness_done();
}
