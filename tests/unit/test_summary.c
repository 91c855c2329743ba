/*
 * test_summary.c: tr_summary_parse on real pgbench 15.18 output
 * (tests/fixtures/pgbench/15, see its README): every field against the
 * numbers the fixture prints, for the file with stderr mixed in (.txt) and
 * for stdout alone (.stdout).
 */

#include "unit/summary_check.h"
#include "util/base.h"

static void test_tpcb_progress(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 8);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 5;
	e.transactions = 10072;
	e.latency_avg_ms = 1.981;
	e.latency_stddev_ms = 1.498;
	e.initial_connection_ms = 12.826;
	e.tps = 2015.793720;
	CHECK_INT(S_parse(&s, "15/run_c4_j2_T5_P1.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	e.line = 2;
	CHECK_INT(S_parse(&s, "15/run_c4_j2_T5_P1.stdout"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_transactions_t(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 500;
	e.transactions = 2000;
	e.transactions_target = 2000;
	e.latency_avg_ms = 2.008;
	e.initial_connection_ms = 8.712;
	e.tps = 1992.045761;
	CHECK_INT(S_parse(&s, "15/run_c4_j2_t500_xacts.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	/* captured here through a pipe */
	S_exp_15(&e, 3);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 2;
	e.transactions_per_client = 5;
	e.transactions = 10;
	e.transactions_target = 10;
	e.latency_avg_ms = 0.951;
	e.initial_connection_ms = 3.955;
	e.tps = 2103.049422;
	CHECK_INT(S_parse(&s, "15/pipe_t5_c2.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_connect(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 3;
	e.transactions = 671;
	e.latency_avg_ms = 18.018;
	e.average_connection_ms = 4.672;
	e.tps = 221.998569;
	e.tps_form = TR_TPS_INCLUDING_RECONNECTS;
	CHECK_INT(S_parse(&s, "15/run_connect_C.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_latency_limit(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 3;
	e.transactions = 6067;
	e.latency_limit_ms = 2.0;
	e.above_limit = 2192;
	e.latency_avg_ms = 1.974;
	e.latency_stddev_ms = 0.973;
	e.initial_connection_ms = 8.592;
	e.tps = 2021.997008;
	CHECK_INT(S_parse(&s, "15/run_latency_limit_only_L.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_rate_limit(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 7);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 4;
	e.transactions = 2976;
	e.skipped = 164;
	e.latency_limit_ms = 3.0;
	e.above_limit = 1231;
	e.latency_avg_ms = 3.012;
	e.latency_stddev_ms = 1.594;
	e.lag_avg_ms = 0.529;
	e.lag_max_ms = 4.489;
	e.initial_connection_ms = 17.222;
	e.tps = 745.759620;
	CHECK_INT(S_parse(&s, "15/run_rate_latlimit_P1_log.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	S_exp_15(&e, 3);
	e.transaction_type = "select1.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 2;
	e.transactions = 408;
	e.skipped = 0;
	e.latency_limit_ms = 5.0;
	e.above_limit = 1;
	e.latency_avg_ms = 0.287;
	e.latency_stddev_ms = 0.418;
	e.lag_avg_ms = 0.101;
	e.lag_max_ms = 4.660;
	e.initial_connection_ms = 4.568;
	e.tps = 204.596604;
	e.nstatements = 1;
	CHECK_INT(S_parse(&s, "15/pipe_select1_r_L_R.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 1)
		S_check_stmt(&s.statements[0], 0.186, 0, -1, "SELECT 1;");
	tr_summary_free(&s);
}

static void test_max_tries_0(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "serial.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.max_tries = -1; /* --max-tries=0: the line is left out */
	e.duration_s = 2;
	e.transactions = 782;
	e.retried = 201;
	e.retries = 348;
	e.latency_avg_ms = 5.101;
	e.initial_connection_ms = 8.301;
	e.tps = 392.089617;
	CHECK_INT(S_parse(&s, "15/run_maxtries0_T.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_failures(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "serial.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 2;
	e.transactions = 964;
	e.failed = 1327;
	e.failed_pct = 57.922;
	e.latency_avg_ms = 3.488;
	e.latency_includes_failures = true;
	e.initial_connection_ms = 8.494;
	e.tps = 482.610744;
	CHECK_INT(S_parse(&s, "15/run_serial_failed_log_notdetailed.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	S_exp_15(&e, 3);
	e.transaction_type = "serial.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.max_tries = 3;
	e.duration_s = 4;
	e.transactions = 1943;
	e.failed = 592;
	e.failed_pct = 23.353;
	e.serialization_failures = 592;
	e.deadlock_failures = 0;
	e.retried = 1181;
	e.retries = 2002;
	e.latency_avg_ms = 6.307;
	e.latency_includes_failures = true;
	e.initial_connection_ms = 10.043;
	e.tps = 486.111667;
	CHECK_INT(S_parse(&s, "15/run_serial_maxtries3_agg1.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* --verbose-errors puts multi-line server errors (DETAIL, HINT, CONTEXT)
 * before the summary; -r with max_tries 2 prints two count columns. */
static void test_deadlock_rows(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 48);
	e.transaction_type = "deadlock.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.max_tries = 2;
	e.duration_s = 4;
	e.transactions = 9;
	e.failed = 2;
	e.failed_pct = 18.182;
	e.serialization_failures = 0;
	e.deadlock_failures = 2;
	e.retried = 4;
	e.retries = 4;
	e.latency_avg_ms = 1495.982;
	e.latency_includes_failures = true;
	e.initial_connection_ms = 13.453;
	e.tps = 2.187679;
	e.nstatements = 6;
	CHECK_INT(S_parse(&s, "15/run_deadlock_maxtries2_detailed_verbose_errors.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 6) {
		S_check_stmt(&s.statements[0], 0.002, 0, 0, "\\set a random(1, 2)");
		S_check_stmt(&s.statements[1], 0.626, 0, 0, "BEGIN;");
		S_check_stmt(&s.statements[2], 401.896, 0, 3, "UPDATE pgbench_tellers SET tbalance = tbalance + 1 WHERE tid = :a;");
		S_check_stmt(&s.statements[3], 10.540, 0, 0, "SELECT pg_sleep(0.01);");
		S_check_stmt(&s.statements[4], 445.013, 2, 1, "UPDATE pgbench_tellers SET tbalance = tbalance + 1 WHERE tid = 3 - :a;");
		S_check_stmt(&s.statements[5], 1.142, 0, 0, "END;");
	}
	tr_summary_free(&s);
}

static void test_single_script_rows(void)
{
	static const struct {
		double lat;
		const char *text;
	} rows[] = {
		{ 0.001, "\\set aid random(1, 100000 * :scale)" },
		{ 0.000, "\\set bid random(1, 1 * :scale)" },
		{ 0.000, "\\set tid random(1, 10 * :scale)" },
		{ 0.000, "\\set delta random(-5000, 5000)" },
		{ 0.082, "BEGIN;" },
		{ 0.149, "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;" },
		{ 0.182, "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;" },
		{ 0.233, "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;" },
		{ 0.588, "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;" },
		{ 0.142, "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);" },
		{ 0.516, "END;" },
	};
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 3);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 5;
	e.transactions = 10530;
	e.latency_avg_ms = 1.897;
	e.initial_connection_ms = 12.912;
	e.tps = 2108.119925;
	e.nstatements = 11;
	CHECK_INT(S_parse(&s, "15/run_c4_j2_T5_r.txt"), 0);
	S_check_summary(&s, &e);
	for (size_t i = 0; i < s.nstatements && i < TR_ARRAY_SIZE(rows); i++)
		S_check_stmt(&s.statements[i], rows[i].lat, 0, -1, rows[i].text);
	tr_summary_free(&s);
}

static void test_multi_scripts(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_exp_15(&e, 3);
	e.transaction_type = "multiple scripts";
	e.scale = 2;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 3;
	e.transactions = 34323;
	e.latency_avg_ms = 0.350;
	e.initial_connection_ms = 8.202;
	e.tps = 11437.671638;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "15/run_multi_scripts_weights_r.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts != 2) {
		tr_summary_free(&s);
		return;
	}
	S_sexp_init(&se, 1, "<builtin: simple update>");
	se.weight = 2;
	se.transactions = 6978;
	se.tps = 2325.323331;
	se.failed = 0;
	se.latency_avg_ms = 1.137;
	se.latency_stddev_ms = 0.658;
	se.nstatements = 9;
	S_check_script(&s.scripts[0], &se);
	if (s.scripts[0].nstatements == 9) {
		tr_statement *st = s.scripts[0].statements;
		S_check_stmt(&st[0], 0.000, 0, -1, "\\set aid random(1, 100000 * :scale)");
		S_check_stmt(&st[3], 0.000, 0, -1, "\\set delta random(-5000, 5000)");
		S_check_stmt(&st[4], 0.105, 0, -1, "BEGIN;");
		S_check_stmt(&st[5], 0.136, 0, -1, "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;");
		S_check_stmt(&st[6], 0.157, 0, -1, "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;");
		S_check_stmt(&st[7], 0.140, 0, -1, "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);");
		S_check_stmt(&st[8], 0.598, 0, -1, "END;");
	}
	S_sexp_init(&se, 2, "<builtin: select only>");
	se.weight = 8;
	se.transactions = 27345;
	se.tps = 9112.348307;
	se.failed = 0;
	se.latency_avg_ms = 0.144;
	se.latency_stddev_ms = 0.135;
	se.nstatements = 2;
	S_check_script(&s.scripts[1], &se);
	if (s.scripts[1].nstatements == 2) {
		S_check_stmt(&s.scripts[1].statements[0], 0.000, 0, -1, "\\set aid random(1, 100000 * :scale)");
		S_check_stmt(&s.scripts[1].statements[1], 0.143, 0, -1, "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;");
	}
	tr_summary_free(&s);
}

static void test_partitioned(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 2);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.partition_method = "hash";
	e.partitions = 4;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 2;
	e.transactions = 3097;
	e.latency_avg_ms = 1.291;
	e.initial_connection_ms = 4.546;
	e.tps = 1548.675775;
	CHECK_INT(S_parse(&s, "15/run_partitioned_hash4_n.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* All clients aborted: the summary stops after "(NaN%)". */
static void test_all_clients_aborted(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 5);
	e.transaction_type = "divzero.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 2;
	e.transactions = 0;
	e.failed_pct = NAN;
	e.tps_form = TR_TPS_UNKNOWN;
	e.complete = false;
	e.aborted = true;
	e.aborted_line = 14;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "15/err_all_clients_abort_divzero.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	/* stdout alone does not say it was aborted, only that it stops */
	e.line = 2;
	e.aborted = false;
	e.aborted_line = 0;
	e.clients_aborted = 0;
	CHECK_INT(S_parse(&s, "15/err_all_clients_abort_divzero.stdout"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_some_clients_aborted(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 7);
	e.transaction_type = "someabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 50;
	e.transactions = 21;
	e.transactions_target = 200;
	e.latency_avg_ms = 1.219;
	e.initial_connection_ms = 11.823;
	e.tps = 3281.250000;
	e.aborted = true;
	e.aborted_line = 19;
	e.clients_aborted = 4;
	CHECK_INT(S_parse(&s, "15/err_some_clients_abort.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	/* the same, captured here through a real pipe */
	S_exp_15(&e, 7);
	e.transaction_type = "someabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 50;
	e.transactions = 42;
	e.transactions_target = 200;
	e.latency_avg_ms = 0.384;
	e.initial_connection_ms = 10.205;
	e.tps = 10403.765172;
	e.aborted = true;
	e.aborted_line = 19;
	e.clients_aborted = 4;
	CHECK_INT(S_parse(&s, "15/pipe_abort_some.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* PG_COLOR=always: the stderr lines carry ANSI colour codes. */
static void test_aborted_colour(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 5);
	e.transaction_type = "someabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.transactions_per_client = 50;
	e.transactions = 13;
	e.transactions_target = 100;
	e.latency_avg_ms = 0.115;
	e.initial_connection_ms = 4.857;
	e.tps = 17426.273458;
	e.aborted = true;
	e.aborted_line = 17;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "15/pipe_abort_color.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* More than 4 KiB of stdout: pgbench 15 flushes stdout before logging
 * "Run was aborted", so it still comes after the last row. */
static void test_aborted_long_rows(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 7);
	e.transaction_type = "longabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 200;
	e.transactions = 20;
	e.transactions_target = 800;
	e.latency_avg_ms = 3.867;
	e.initial_connection_ms = 5.979;
	e.tps = 1034.447088;
	e.nstatements = 42;
	e.aborted = true;
	e.aborted_line = 62;
	e.clients_aborted = 4;
	CHECK_INT(S_parse(&s, "15/pipe_abort_long_r.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 42) {
		S_check_stmt(&s.statements[0], 0.001, 0, -1, "\\set r random(1, 4)");
		S_check_stmt(&s.statements[12], 0.175, 0, -1, "SELECT 12 AS statement_number_12, 'a fairly long literal so that the -r rows get wide enough' AS padding;");
		S_check_stmt(&s.statements[40], 0.050, 0, -1, "SELECT 40 AS statement_number_40, 'a fairly long literal so that the -r rows get wide enough' AS padding;");
		S_check_stmt(&s.statements[41], 0.098, 0, -1, "SELECT CASE WHEN :r = 1 THEN 1/0 ELSE 1 END;");
	}
	tr_summary_free(&s);
}

static void test_backend_terminated(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 6);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 2;
	e.partition_method = "hash";
	e.partitions = 4;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 3;
	e.transactions = 2204;
	e.latency_avg_ms = 1.352;
	e.latency_stddev_ms = 0.610;
	e.initial_connection_ms = 7.557;
	e.tps = 1472.121532;
	e.aborted = true;
	e.aborted_line = 21;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "15/err_backend_terminated_midrun.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* "starting vacuum...pgbench: error: ..." with errors before "end." */
static void test_vacuum_errors(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 9);
	e.transaction_type = "select1.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.transactions_per_client = 10;
	e.transactions = 10;
	e.transactions_target = 10;
	e.latency_avg_ms = 0.035;
	e.initial_connection_ms = 3.108;
	e.tps = 28901.734104;
	CHECK_INT(S_parse(&s, "15/run_custom_script_no_tables_vacuum_errors.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* -d: debug lines (55 of them) before the summary. */
static void test_debug_output(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 56);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.transactions_per_client = 2;
	e.transactions = 2;
	e.transactions_target = 2;
	e.latency_avg_ms = 1.334;
	e.initial_connection_ms = 3.731;
	e.tps = 749.906262;
	CHECK_INT(S_parse(&s, "15/pipe_debug_t2.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_progress_timestamp(void)
{
	tr_summary s;
	S_exp e;
	S_exp_15(&e, 6);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 3;
	e.transactions = 10769;
	e.latency_avg_ms = 0.555;
	e.latency_stddev_ms = 0.365;
	e.initial_connection_ms = 6.027;
	e.tps = 3593.900281;
	CHECK_INT(S_parse(&s, "15/pipe_progress_timestamp.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* Text without a summary: a run that failed at setup, and init output. */
static void test_not_a_summary(void)
{
	tr_summary s;
	CHECK_INT(S_parse(&s, "15/err_not_initialized.txt"), TR_ENOTFOUND);
	CHECK(s.version == NULL && s.transaction_type == NULL);
	tr_summary_free(&s);
	CHECK_INT(S_parse(&s, "15/err_not_initialized.stdout"), TR_ENOTFOUND);
	tr_summary_free(&s);
	CHECK_INT(S_parse(&s, "15/init_s2.txt"), TR_ENOTFOUND);
	tr_summary_free(&s);
}

/* Every capture: stdout alone and stdout+stderr give the same summary
 * (but for the line it starts on and what only stderr says). */
static void test_stdout_equals_combined(void)
{
	static const char *const names[] = {
		"err_all_clients_abort_divzero", "err_backend_terminated_midrun",
		"err_some_clients_abort", "run_c4_j2_T5_P1", "run_c4_j2_T5_agg1",
		"run_c4_j2_T5_log", "run_c4_j2_T5_prepared", "run_c4_j2_T5_r",
		"run_c4_j2_T5_selectonly_S", "run_c4_j2_t500_xacts",
		"run_connect_C", "run_custom_script_no_tables_vacuum_errors",
		"run_deadlock_maxtries2_detailed_verbose_errors",
		"run_latency_limit_only_L", "run_maxtries0_T",
		"run_multi_scripts_weights_r", "run_partitioned_hash4_n",
		"run_progress_timestamp", "run_rate_latlimit_P1_log",
		"run_rate_latlimit_agg1", "run_serial_failed_log_notdetailed",
		"run_serial_maxtries1_r_P1", "run_serial_maxtries3_agg1",
		"run_serial_maxtries3_detailed_r_P1_log",
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(names); i++) {
		char a[256], b[256];
		tr_summary x, y;
		snprintf(a, sizeof(a), "15/%s.txt", names[i]);
		snprintf(b, sizeof(b), "15/%s.stdout", names[i]);
		harness_current = names[i];
		CHECK_INT(S_parse(&x, a), 0);
		CHECK_INT(S_parse(&y, b), 0);
		CHECK_STR(x.version, y.version);
		CHECK_INT(x.major_min, 15);
		CHECK_INT(y.major_max, 15);
		CHECK_STR(x.transaction_type, y.transaction_type);
		CHECK_INT(x.clients, y.clients);
		CHECK_INT(x.transactions, y.transactions);
		CHECK_INT(x.failed, y.failed);
		CHECK_INT(x.retries, y.retries);
		CHECK_DBL(x.latency_avg_ms, y.latency_avg_ms, 0);
		CHECK_DBL(x.tps, y.tps, 0);
		CHECK_INT(x.nscripts, y.nscripts);
		CHECK_INT(x.nstatements, y.nstatements);
		CHECK_INT(x.complete, y.complete);
		CHECK_INT(y.aborted, 0);
		CHECK_INT(x.aborted, strncmp(names[i], "err_", 4) == 0);
		/* everything this reader knows must be in the .stdout too */
		CHECK(!isnan(y.tps) || !y.complete);
		tr_summary_free(&x);
		tr_summary_free(&y);
	}
}

int main(void)
{
	RUN(test_tpcb_progress);
	RUN(test_transactions_t);
	RUN(test_connect);
	RUN(test_latency_limit);
	RUN(test_rate_limit);
	RUN(test_max_tries_0);
	RUN(test_failures);
	RUN(test_deadlock_rows);
	RUN(test_single_script_rows);
	RUN(test_multi_scripts);
	RUN(test_partitioned);
	RUN(test_all_clients_aborted);
	RUN(test_some_clients_aborted);
	RUN(test_aborted_colour);
	RUN(test_aborted_long_rows);
	RUN(test_backend_terminated);
	RUN(test_vacuum_errors);
	RUN(test_debug_output);
	RUN(test_progress_timestamp);
	RUN(test_not_a_summary);
	RUN(test_stdout_equals_combined);
	return harness_done();
}
