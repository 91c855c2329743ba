/*
 * test_summary_wild.c: tr_summary_parse on what users really have:
 * summaries of pgbench 9.2-9.5, written from the printResults() formats of
 * those releases (tests/fixtures/pgbench/9/README.md), and stderr of many
 * threads interleaved. Expected values are the numbers printed in each
 * fixture, copied by hand.
 */

#include "unit/summary_check.h"
#include "util/error.h"

static void S_9x(S_exp *e, long line)
{
	S_exp_init(e);
	e->line = line;
	e->major = e->major_min = e->major_max = 9;
	e->tps_form = TR_TPS_EXCLUDING_CONNECTIONS;
	e->complete = true;
}

/* 9.4: "latency average: X ms" with a colon, and the stddev line (-P). */
static void test_94_colon(void)
{
	tr_summary s;
	S_exp e;
	S_9x(&e, 5);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 50;
	e.query_mode = "prepared";
	e.clients = 8;
	e.threads = 2;
	e.duration_s = 30;
	e.transactions = 24162;
	e.latency_avg_ms = 9.920;
	e.latency_stddev_ms = 3.229;
	e.tps = 805.522817;
	e.tps_including_connections = 805.247130;
	CHECK_INT(S_parse(&s, "9/tpcb_T_P_94.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* 9.5 with -R -L: "(P %)" lines like 10, lag, the colon latency lines. */
static void test_95_rate_limit(void)
{
	tr_summary s;
	S_exp e;
	S_9x(&e, 2);
	e.transaction_type = "<builtin: select only>";
	e.scale = 10;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 4;
	e.duration_s = 60;
	e.transactions = 59874;
	e.skipped = 126;
	e.latency_limit_ms = 50.0;
	e.above_limit = 311;
	e.latency_avg_ms = 1.402;
	e.latency_stddev_ms = 4.884;
	e.lag_avg_ms = 0.611;
	e.lag_max_ms = 74.210;
	e.tps = 997.901417;
	e.tps_including_connections = 997.881202;
	CHECK_INT(S_parse(&s, "9/select_R_L_95.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* 9.2-9.3 print no latency line: latency unknown (NaN), not an error. */
static void test_93_no_latency(void)
{
	tr_summary s;
	S_exp e;
	S_9x(&e, 2);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 100;
	e.query_mode = "simple";
	e.clients = 16;
	e.threads = 4;
	e.duration_s = 120;
	e.transactions = 146880;
	e.tps = 1224.012930;
	e.tps_including_connections = 1223.874613;
	CHECK_INT(S_parse(&s, "9/tpcb_T_93.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	S_9x(&e, 2);
	e.transaction_type = "<builtin: simple update>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.transactions_per_client = 1000;
	e.transactions = 2000;
	e.transactions_target = 2000;
	e.tps = 432.631088;
	e.tps_including_connections = 431.207754;
	CHECK_INT(S_parse(&s, "9/update_t_92.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* 9.4 -r rows: "\t%f\t%s". */
static void test_94_rows(void)
{
	tr_summary s;
	S_exp e;
	S_9x(&e, 2);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.duration_s = 10;
	e.transactions = 4317;
	e.latency_avg_ms = 2.316;
	e.tps = 431.826310;
	e.tps_including_connections = 431.640275;
	e.nstatements = 5;
	CHECK_INT(S_parse(&s, "9/tpcb_r_94.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 5) {
		S_check_stmt(&s.statements[0], 0.002366, -1, -1, "\\set nbranches 1 * :scale");
		S_check_stmt(&s.statements[3], 0.611042, -1, -1,
		             "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;");
	}
	tr_summary_free(&s);
}

/* A 9.x line in a file that says it is pgbench 15 is an error; a
 * 10+ summary without its latency line too (only 9.2-9.3 omit it). */
static void test_9x_conflicts(void)
{
	tr_summary s;
	CHECK(S_parse_str(&s, "pgbench (15.18)\ntransaction type: x\n"
	                      "scaling factor: 1\nquery mode: simple\n"
	                      "number of clients: 1\nnumber of threads: 1\n"
	                      "maximum number of tries: 1\nduration: 5 s\n"
	                      "number of transactions actually processed: 10\n"
	                      "number of failed transactions: 0 (0.000%)\n"
	                      "latency average: 1.000 ms\n"
	                      "initial connection time = 1.000 ms\n"
	                      "tps = 2.000000 (without initial connection time)\n") < 0);
	CHECK(strstr(tr_error_last(), ":11:") != NULL);
	tr_summary_free(&s);
	CHECK(S_parse_str(&s, "transaction type: x\nscaling factor: 1\n"
	                      "query mode: simple\nnumber of clients: 1\n"
	                      "number of threads: 1\nduration: 5 s\n"
	                      "number of transactions actually processed: 10\n"
	                      "initial connection time = 1.000 ms\n"
	                      "tps = 2.000000 (without initial connection time)\n") < 0);
	tr_summary_free(&s);
}

/* Interleaved stderr: a client abort message without its prefix, or
 * inside another message's line, in a file that says it is pgbench 16: an
 * aborted run, not "pgbench 16 does not print this line". */
static void test_16_interleaved_abort(void)
{
	tr_summary s;
	S_exp e;
	S_exp_init(&e);
	e.line = 6;
	e.version = "16.4";
	e.major = e.major_min = e.major_max = 16;
	e.tps_form = TR_TPS_WITHOUT_INITIAL;
	e.complete = true;
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 200;
	e.threads = 8;
	e.max_tries = 1;
	e.duration_s = 10;
	e.transactions = 5180;
	e.failed = 0;
	e.failed_pct = 0;
	e.latency_avg_ms = 385.940;
	e.initial_connection_ms = 214.018;
	e.tps = 518.214411;
	e.aborted = true;
	e.aborted_line = 18;
	e.clients_aborted = 3;
	CHECK_INT(S_parse(&s, "16/interleaved_abort.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	/* the same lines without a version line: still aborted, and the
	 * cut-off prefix does not make it a 10-12 file */
	CHECK_INT(S_parse_str(&s, "client 145 script 0 aborted in command 4 query 0: x\n"
	                          "transaction type: x\nscaling factor: 1\n"
	                          "query mode: simple\nnumber of clients: 2\n"
	                          "number of threads: 1\nmaximum number of tries: 1\n"
	                          "duration: 5 s\n"
	                          "number of transactions actually processed: 10\n"
	                          "number of failed transactions: 0 (0.000%)\n"
	                          "latency average = 1.000 ms\n"
	                          "initial connection time = 1.000 ms\n"
	                          "tps = 2.000000 (without initial connection time)\n"), 0);
	CHECK_INT(s.aborted, 1);
	CHECK_INT(s.major_min, 15);
	CHECK_INT(s.major_max, 18);
	tr_summary_free(&s);
}

int main(void)
{
	RUN(test_16_interleaved_abort);
	RUN(test_94_colon);
	RUN(test_95_rate_limit);
	RUN(test_93_no_latency);
	RUN(test_94_rows);
	RUN(test_9x_conflicts);
	return harness_done();
}
