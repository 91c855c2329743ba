/*
 * test_summary_versions.c: tr_summary_parse on the summaries of pgbench
 * 10-14 and 16-18, written line by line from SPEC.md (see
 * tests/fixtures/pgbench/README.md): every field, and which majors the
 * reader deduces could have printed each file.
 */

#include "unit/summary_check.h"

static const char *const S_tpcb_first = "\\set aid random(1, 100000 * :scale)";
static const char *const S_sel = "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;";
static const char *const S_ser_update = "UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = :bid;";

static void S_old(S_exp *e, long line, int vmin, int vmax)
{
	S_exp_init(e);
	e->line = line;
	e->major_min = vmin;
	e->major_max = vmax;
	e->tps_form = TR_TPS_EXCLUDING_CONNECTIONS;
	e->complete = true;
}

static void S_new(S_exp *e, long line, const char *version, int major)
{
	S_exp_init(e);
	e->line = line;
	e->version = version;
	e->major = e->major_min = e->major_max = major;
	e->tps_form = TR_TPS_WITHOUT_INITIAL;
	e->complete = true;
}

/* ---- 10 -------------------------------------------------------------- */

static void test_10_tpcb(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 4, 10, 13);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 10;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.duration_s = 2;
	e.transactions = 3124;
	e.latency_avg_ms = 2.558;
	e.latency_stddev_ms = 0.948;
	e.tps = 1563.810941;
	e.tps_including_connections = 1561.337526;
	CHECK_INT(S_parse(&s, "10/tpcb_T_P.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);

	S_old(&e, 5, 10, 13);
	e.transaction_type = "<builtin: simple update>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.duration_s = 3;
	e.transactions = 411;
	e.latency_avg_ms = 4.855;
	e.latency_stddev_ms = 0.668;
	e.lag_avg_ms = 0.127;
	e.lag_max_ms = 1.021;
	e.tps = 137.004213;
	e.tps_including_connections = 136.901120;
	CHECK_INT(S_parse(&s, "10/progress_timestamp_nan.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* 10: "script statistics:" for one script, "(P %)" with a space, the
 * latency limit as "N (P %)". */
static void test_10_script_statistics(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_old(&e, 1, 10, 10);
	e.transaction_type = "<builtin: select only>";
	e.scale = 1;
	e.query_mode = "prepared";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 5;
	e.transactions = 2507;
	e.skipped = 12;
	e.latency_limit_ms = 1.0;
	e.above_limit = 31;
	e.latency_avg_ms = 0.212;
	e.latency_stddev_ms = 0.301;
	e.lag_avg_ms = 0.061;
	e.lag_max_ms = 3.215;
	e.tps = 501.002614;
	e.tps_including_connections = 500.817201;
	e.nscripts = 1;
	CHECK_INT(S_parse(&s, "10/single_r_L_R.txt"), 0);
	S_check_summary(&s, &e);
	S_sexp_init(&se, 0, NULL);
	se.skipped = 12;
	se.nstatements = 2;
	if (s.nscripts == 1) {
		S_check_script(&s.scripts[0], &se);
		if (s.scripts[0].nstatements == 2) {
			S_check_stmt(&s.scripts[0].statements[0], 0.003, -1, -1, S_tpcb_first);
			S_check_stmt(&s.scripts[0].statements[1], 0.180, -1, -1, S_sel);
		}
	}
	tr_summary_free(&s);

	S_old(&e, 8, 10, 10);
	e.transaction_type = "select1.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.transactions_per_client = 100;
	e.transactions = 100;
	e.transactions_target = 100;
	e.latency_limit_ms = 0.5;
	e.above_limit = 3;
	e.latency_avg_ms = 0.041;
	e.latency_stddev_ms = 0.102;
	e.tps = 24017.289413;
	e.tps_including_connections = 21234.712548;
	e.nscripts = 1;
	CHECK_INT(S_parse(&s, "10/vacuum_errors_L.txt"), 0);
	S_check_summary(&s, &e);
	S_sexp_init(&se, 0, NULL);
	se.skipped = 0;
	if (s.nscripts == 1)
		S_check_script(&s.scripts[0], &se);
	tr_summary_free(&s);
}

/* 10 prints glibc's "-nan" for a script that ran no transaction. */
static void test_10_multi_nan(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_old(&e, 1, 10, 11);
	e.transaction_type = "multiple scripts";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.transactions_per_client = 10;
	e.transactions = 10;
	e.transactions_target = 10;
	e.latency_avg_ms = 1.322;
	e.tps = 760.439834;
	e.tps_including_connections = 748.129061;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "10/multi_t_r_nan.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "<builtin: TPC-B (sort of)>");
		se.weight = 1;
		se.transactions = 10;
		se.tps = 748.129061;
		se.latency_avg_ms = 1.318;
		se.latency_stddev_ms = 0.407;
		se.nstatements = 11;
		S_check_script(&s.scripts[0], &se);
		if (s.scripts[0].nstatements == 11) {
			S_check_stmt(&s.scripts[0].statements[0], 0.004, -1, -1, S_tpcb_first);
			S_check_stmt(&s.scripts[0].statements[10], 0.713, -1, -1, "END;");
		}
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 1;
		se.transactions = 0;
		se.tps = 0;
		se.nstatements = 2;
		S_check_script(&s.scripts[1], &se);
		if (s.scripts[1].nstatements == 2) {
			S_check_stmt(&s.scripts[1].statements[0], NAN, -1, -1, S_tpcb_first);
			S_check_stmt(&s.scripts[1].statements[1], NAN, -1, -1, S_sel);
		}
	}
	tr_summary_free(&s);
}

/* 10 aborts clients without "Run was aborted"; the summary stops after
 * zero transactions. Raw client lines say 10-12. */
static void test_10_client_aborted(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 10, 10, 12);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 10;
	e.transactions = 0;
	e.tps_form = TR_TPS_UNKNOWN;
	e.complete = false;
	e.aborted = true;
	e.aborted_line = 2;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "10/client_aborted.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* ---- 11 -------------------------------------------------------------- */

static void test_11_zipfian(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 1, 11, 11);
	e.transaction_type = "zipf.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.transactions_per_client = 1000;
	e.transactions = 2000;
	e.transactions_target = 2000;
	e.zipfian_overflows = 7;
	e.latency_limit_ms = 2.0;
	e.above_limit = 12;
	e.latency_avg_ms = 0.163;
	e.latency_stddev_ms = 0.212;
	e.tps = 12010.771209;
	e.tps_including_connections = 11842.318114;
	e.nstatements = 2;
	CHECK_INT(S_parse(&s, "11/zipf_t_L_r.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 2) {
		S_check_stmt(&s.statements[0], 0.002, -1, -1, "\\set k random_zipfian(1, 100000, 1.07)");
		S_check_stmt(&s.statements[1], 0.152, -1, -1, "SELECT abalance FROM pgbench_accounts WHERE aid = :k;");
	}
	tr_summary_free(&s);
}

static void test_11_multi_rate(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_old(&e, 4, 11, 13);
	e.transaction_type = "multiple scripts";
	e.scale = 5;
	e.query_mode = "extended";
	e.clients = 8;
	e.threads = 4;
	e.duration_s = 60;
	e.transactions = 29702;
	e.skipped = 298;
	e.latency_limit_ms = 10.0;
	e.above_limit = 412;
	e.latency_avg_ms = 3.104;
	e.latency_stddev_ms = 2.876;
	e.lag_avg_ms = 0.412;
	e.lag_max_ms = 18.092;
	e.tps = 495.101337;
	e.tps_including_connections = 495.021188;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "11/multi_R_L_P.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "<builtin: TPC-B (sort of)>");
		se.weight = 1;
		se.transactions = 7491;
		se.tps = 124.849915;
		se.skipped = 77;
		se.latency_avg_ms = 6.721;
		se.latency_stddev_ms = 2.310;
		S_check_script(&s.scripts[0], &se);
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 3;
		se.transactions = 22509;
		se.tps = 375.148210;
		se.skipped = 221;
		se.latency_avg_ms = 1.901;
		se.latency_stddev_ms = 1.113;
		S_check_script(&s.scripts[1], &se);
	}
	tr_summary_free(&s);
}

/* ---- 12 -------------------------------------------------------------- */

/* 12 writes "Run was aborted" (no prefix) before flushing stdout. */
static void test_12_aborted(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 5, 12, 12);
	e.transaction_type = "someabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 50;
	e.transactions = 131;
	e.transactions_target = 200;
	e.latency_avg_ms = 0.201;
	e.tps = 4290.830517;
	e.tps_including_connections = 3902.117645;
	e.aborted = true;
	e.aborted_line = 4;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "12/aborted_pipe.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* ... and when stdout is over 4 KiB, the message cuts a row in two. */
static void test_12_aborted_cut_row(void)
{
	tr_summary s, t;
	S_exp e;
	S_old(&e, 6, 12, 12);
	e.transaction_type = "longabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.transactions_per_client = 200;
	e.transactions = 20;
	e.transactions_target = 800;
	e.latency_avg_ms = 3.867;
	e.tps = 1034.447088;
	e.tps_including_connections = 1003.215021;
	e.nstatements = 42;
	e.aborted = true;
	e.aborted_line = 48;
	e.clients_aborted = 4;
	CHECK_INT(S_parse(&s, "12/aborted_cut_4k.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 42)
		S_check_stmt(&s.statements[31], 0.033, -1, -1, "SELECT 31 AS statement_number_31, 'a fairly long literal so that the -r rows get wide enough' AS padding;");

	/* every row as in stdout alone (which could be 11-13) */
	CHECK_INT(S_parse(&t, "12/aborted_cut_4k.stdout"), 0);
	CHECK_INT(t.major_min, 11);
	CHECK_INT(t.major_max, 13);
	CHECK_INT(t.aborted, 0);
	CHECK_INT(t.nstatements, s.nstatements);
	for (size_t i = 0; i < s.nstatements && i < t.nstatements; i++) {
		CHECK_STR(s.statements[i].command, t.statements[i].command);
		CHECK_DBL(s.statements[i].latency_ms, t.statements[i].latency_ms, 0);
	}
	tr_summary_free(&s);
	tr_summary_free(&t);
}

/* ---- 13 -------------------------------------------------------------- */

static void test_13_partitioned(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 5, 13, 13);
	e.transaction_type = "<builtin: TPC-B (sort of)>";
	e.scale = 20;
	e.partition_method = "range";
	e.partitions = 10;
	e.query_mode = "prepared";
	e.clients = 4;
	e.threads = 4;
	e.duration_s = 3;
	e.transactions = 6035;
	e.latency_avg_ms = 1.987;
	e.latency_stddev_ms = 0.719;
	e.tps = 2011.654470;
	e.tps_including_connections = 2009.917622;
	CHECK_INT(S_parse(&s, "13/partitioned_P_timestamp.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_13_fatal_abort(void)
{
	tr_summary s;
	S_exp e;
	S_old(&e, 9, 13, 13);
	e.transaction_type = "someabort.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.transactions_per_client = 20;
	e.transactions = 27;
	e.transactions_target = 40;
	e.latency_avg_ms = 0.090;
	e.tps = 22239.641288;
	e.tps_including_connections = 20870.412023;
	e.aborted = true;
	e.aborted_line = 19;
	e.clients_aborted = 1;
	CHECK_INT(S_parse(&s, "13/fatal_abort_vacuum_errors.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* ---- 14 -------------------------------------------------------------- */

static void test_14_server_connect(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_new(&e, 3, "14.11 (Ubuntu 14.11-0ubuntu0.22.04.1)", 14);
	e.server_version = "15.6 (Debian 15.6-1.pgdg120+2)";
	e.transaction_type = "multiple scripts";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 2;
	e.duration_s = 10;
	e.transactions = 4321;
	e.latency_limit_ms = 5.0;
	e.above_limit = 87;
	e.latency_avg_ms = 4.627;
	e.latency_stddev_ms = 1.210;
	e.average_connection_ms = 2.301;
	e.tps = 431.975316;
	e.tps_form = TR_TPS_INCLUDING_RECONNECTS;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "14/server_connect_multi_r_L.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "<builtin: simple update>");
		se.weight = 1;
		se.transactions = 2170;
		se.tps = 216.938127;
		se.latency_avg_ms = 4.879;
		se.latency_stddev_ms = 1.188;
		se.nstatements = 9;
		S_check_script(&s.scripts[0], &se);
		if (s.scripts[0].nstatements == 9) {
			S_check_stmt(&s.scripts[0].statements[0], 0.002, -1, -1, S_tpcb_first);
			S_check_stmt(&s.scripts[0].statements[8], 1.102, -1, -1, "END;");
		}
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 1;
		se.transactions = 2151;
		se.tps = 215.037189;
		se.latency_avg_ms = 4.373;
		se.latency_stddev_ms = 1.171;
		se.nstatements = 2;
		S_check_script(&s.scripts[1], &se);
		if (s.scripts[1].nstatements == 2)
			S_check_stmt(&s.scripts[1].statements[1], 0.377, -1, -1, S_sel);
	}
	tr_summary_free(&s);
}

static void test_14_select_only(void)
{
	tr_summary s;
	S_exp e;
	S_new(&e, 5, "14.13", 14);
	e.transaction_type = "<builtin: select only>";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.duration_s = 2;
	e.transactions = 16140;
	e.latency_avg_ms = 0.124;
	e.latency_stddev_ms = 0.030;
	e.initial_connection_ms = 2.913;
	e.tps = 8071.558031;
	CHECK_INT(S_parse(&s, "14/select_only_P_timestamp.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* ---- 16 -------------------------------------------------------------- */

static void test_16_everything(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_new(&e, 5, "16.4 (Debian 16.4-1.pgdg120+2)", 16);
	e.transaction_type = "multiple scripts";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.max_tries = 3;
	e.duration_s = 2;
	e.transactions = 801;
	e.failed = 21;
	e.failed_pct = 2.536;
	e.serialization_failures = 21;
	e.deadlock_failures = 0;
	e.retried = 57;
	e.retries = 76;
	e.skipped = 6;
	e.latency_limit_ms = 20.0;
	e.above_limit = 3;
	e.latency_avg_ms = 5.066;
	e.latency_stddev_ms = 2.272;
	e.lag_avg_ms = 0.515;
	e.lag_max_ms = 6.907;
	e.initial_connection_ms = 9.874;
	e.tps = 400.321008;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "16/multi_detailed_tries3_R_L_r.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "serial.sql");
		se.weight = 1;
		se.transactions = 398;
		se.tps = 198.909553;
		se.failed = 21;
		se.serialization_failures = 21;
		se.deadlock_failures = 0;
		se.retried = 57;
		se.retries = 76;
		se.skipped = 3;
		se.latency_avg_ms = 7.902;
		se.latency_stddev_ms = 1.124;
		se.nstatements = 5;
		S_check_script(&s.scripts[0], &se);
		if (s.scripts[0].nstatements == 5) {
			S_check_stmt(&s.scripts[0].statements[0], 0.001, 0, 0, "\\set bid random(1, 2)");
			S_check_stmt(&s.scripts[0].statements[2], 0.230, 21, 76, S_ser_update);
			S_check_stmt(&s.scripts[0].statements[4], 0.790, 0, 0, "END;");
		}
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 1;
		se.transactions = 403;
		se.tps = 201.411455;
		se.failed = 0;
		se.serialization_failures = 0;
		se.deadlock_failures = 0;
		se.retried = 0;
		se.retries = 0;
		se.skipped = 3;
		se.latency_avg_ms = 2.253;
		se.latency_stddev_ms = 0.801;
		se.nstatements = 2;
		S_check_script(&s.scripts[1], &se);
		if (s.scripts[1].nstatements == 2)
			S_check_stmt(&s.scripts[1].statements[1], 0.214, 0, 0, S_sel);
	}
	tr_summary_free(&s);
}

/* Without the version line: "(NaN%)" is printed by 15-17 only. */
static void test_16_nan_without_version(void)
{
	tr_summary s;
	S_exp e;
	S_exp_init(&e);
	e.line = 4;
	e.major_min = 15;
	e.major_max = 17;
	e.transaction_type = "divzero.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.max_tries = 1;
	e.duration_s = 2;
	e.transactions = 0;
	e.failed = 0;
	e.failed_pct = NAN;
	e.aborted = true;
	e.aborted_line = 13;
	e.clients_aborted = 2;
	CHECK_INT(S_parse(&s, "16/all_aborted_no_version_line.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* ---- 17 -------------------------------------------------------------- */

/* --exit-on-abort: no summary at all, but the run is known aborted. */
static void test_17_exit_on_abort(void)
{
	tr_summary s;
	S_exp e;
	S_exp_init(&e);
	e.version = "17.4 (Debian 17.4-1.pgdg120+2)";
	e.major = e.major_min = e.major_max = 17;
	e.aborted = true;
	e.aborted_line = 5;
	e.clients_aborted = 1;
	CHECK_INT(S_parse(&s, "17/exit_on_abort.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

static void test_17_max_tries_0(void)
{
	tr_summary s;
	S_exp e;
	S_new(&e, 3, "17.4 (Debian 17.4-1.pgdg120+2)", 17);
	e.transaction_type = "serial.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 2;
	e.threads = 1;
	e.duration_s = 2;
	e.transactions = 780;
	e.failed = 3;
	e.failed_pct = 0.383;
	e.retried = 199;
	e.retries = 341;
	e.latency_avg_ms = 5.102;
	e.latency_includes_failures = true;
	e.initial_connection_ms = 7.011;
	e.tps = 391.804301;
	e.nstatements = 5;
	CHECK_INT(S_parse(&s, "17/maxtries0_r_failures.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 5) {
		S_check_stmt(&s.statements[1], 0.171, 0, 0, "BEGIN ISOLATION LEVEL REPEATABLE READ;");
		S_check_stmt(&s.statements[2], 0.244, 3, 341, S_ser_update);
		S_check_stmt(&s.statements[3], 2.512, 0, 0, "SELECT pg_sleep(0.002);");
	}
	tr_summary_free(&s);
}

/* ---- 18 -------------------------------------------------------------- */

static void test_18_multi(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_new(&e, 3, "18.3 (Debian 18.3-1.pgdg120+1)", 18);
	e.transaction_type = "multiple scripts";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 4;
	e.threads = 2;
	e.max_tries = 2;
	e.duration_s = 3;
	e.transactions = 2010;
	e.failed = 14;
	e.failed_pct = 0.692;
	e.serialization_failures = 14;
	e.deadlock_failures = 0;
	e.retried = 61;
	e.retries = 61;
	e.latency_avg_ms = 5.905;
	e.latency_includes_failures = true;
	e.initial_connection_ms = 8.114;
	e.tps = 670.101558;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "18/multi_detailed_tries2_r.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "serial.sql");
		se.weight = 1;
		se.transactions_all = 1012;
		se.transactions = 998;
		se.tps = 332.711009;
		se.failed = 14;
		se.serialization_failures = 14;
		se.deadlock_failures = 0;
		se.retried = 61;
		se.retries = 61;
		se.latency_avg_ms = 7.911;
		se.latency_stddev_ms = 1.402;
		se.nstatements = 5;
		S_check_script(&s.scripts[0], &se);
		if (s.scripts[0].nstatements == 5) {
			S_check_stmt(&s.scripts[0].statements[0], 0.001, 0, 0, "\\set bid random(1, 2)");
			S_check_stmt(&s.scripts[0].statements[2], 0.231, 14, 61, S_ser_update);
		}
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 1;
		se.transactions_all = 1012;
		se.transactions = 1012;
		se.tps = 337.390549;
		se.failed = 0;
		se.serialization_failures = 0;
		se.deadlock_failures = 0;
		se.retried = 0;
		se.retries = 0;
		se.latency_avg_ms = 3.925;
		se.latency_stddev_ms = 1.017;
		se.nstatements = 2;
		S_check_script(&s.scripts[1], &se);
		if (s.scripts[1].nstatements == 2)
			S_check_stmt(&s.scripts[1].statements[1], 0.389, 0, 0, S_sel);
	}
	tr_summary_free(&s);
}

static void test_18_zero_script(void)
{
	tr_summary s;
	S_exp e;
	S_sexp se;
	S_new(&e, 3, "18.3 (Debian 18.3-1.pgdg120+1)", 18);
	e.transaction_type = "multiple scripts";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.max_tries = 1;
	e.transactions_per_client = 5;
	e.transactions = 5;
	e.transactions_target = 5;
	e.failed = 0;
	e.failed_pct = 0;
	e.latency_avg_ms = 1.215;
	e.initial_connection_ms = 3.020;
	e.tps = 822.991453;
	e.nscripts = 2;
	CHECK_INT(S_parse(&s, "18/multi_zero_script.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nscripts == 2) {
		S_sexp_init(&se, 1, "<builtin: TPC-B (sort of)>");
		se.weight = 1;
		se.transactions_all = 5;
		se.transactions = 5;
		se.tps = 822.991453;
		se.failed = 0;
		se.latency_avg_ms = 1.209;
		se.latency_stddev_ms = 0.311;
		S_check_script(&s.scripts[0], &se);
		S_sexp_init(&se, 2, "<builtin: select only>");
		se.weight = 1;
		se.transactions_all = 0;
		S_check_script(&s.scripts[1], &se);
	}
	tr_summary_free(&s);
}

/* 18 returns right after "actually processed" when nothing ran. */
static void test_18_no_transactions(void)
{
	tr_summary s;
	S_exp e;
	S_new(&e, 4, "18.3 (Debian 18.3-1.pgdg120+1)", 18);
	e.transaction_type = "divzero.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.max_tries = 1;
	e.duration_s = 2;
	e.transactions = 0;
	e.tps_form = TR_TPS_UNKNOWN;
	e.complete = false;
	e.aborted = true;
	e.aborted_line = 12;
	e.clients_aborted = 1;
	CHECK_INT(S_parse(&s, "18/no_transactions.txt"), 0);
	S_check_summary(&s, &e);
	tr_summary_free(&s);
}

/* One space before the statement text: 18, even without a version line. */
static void test_18_rows_without_version(void)
{
	tr_summary s;
	S_exp e;
	S_exp_init(&e);
	e.line = 1;
	e.major_min = e.major_max = 18;
	e.transaction_type = "select1.sql";
	e.scale = 1;
	e.query_mode = "simple";
	e.clients = 1;
	e.threads = 1;
	e.max_tries = 1;
	e.transactions_per_client = 10;
	e.transactions = 10;
	e.transactions_target = 10;
	e.failed = 0;
	e.failed_pct = 0;
	e.latency_avg_ms = 0.051;
	e.initial_connection_ms = 2.871;
	e.tps = 19607.843137;
	e.tps_form = TR_TPS_WITHOUT_INITIAL;
	e.nstatements = 1;
	e.complete = true;
	CHECK_INT(S_parse(&s, "18/single_r_no_version_line.txt"), 0);
	S_check_summary(&s, &e);
	if (s.nstatements == 1)
		S_check_stmt(&s.statements[0], 0.043, 0, -1, "SELECT 1;");
	tr_summary_free(&s);
}

int main(void)
{
	RUN(test_10_tpcb);
	RUN(test_10_script_statistics);
	RUN(test_10_multi_nan);
	RUN(test_10_client_aborted);
	RUN(test_11_zipfian);
	RUN(test_11_multi_rate);
	RUN(test_12_aborted);
	RUN(test_12_aborted_cut_row);
	RUN(test_13_partitioned);
	RUN(test_13_fatal_abort);
	RUN(test_14_server_connect);
	RUN(test_14_select_only);
	RUN(test_16_everything);
	RUN(test_16_nan_without_version);
	RUN(test_17_exit_on_abort);
	RUN(test_17_max_tries_0);
	RUN(test_18_multi);
	RUN(test_18_zero_script);
	RUN(test_18_no_transactions);
	RUN(test_18_rows_without_version);
	return harness_done();
}
