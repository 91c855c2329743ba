/*
 * test_summary_hostile.c: tr_summary_parse on damaged, cut, odd and
 * hostile text: it must never crash, must say which line is wrong, and a
 * file cut short must read as incomplete rather than broken.
 */

#include "unit/summary_check.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdint.h>

static bool S_dbl_eq(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

static bool S_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool S_stmts_eq(const tr_statement *a, size_t na, const tr_statement *b,
                       size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (!S_dbl_eq(a[i].latency_ms, b[i].latency_ms) ||
		    a[i].failures != b[i].failures || a[i].retries != b[i].retries ||
		    !S_str_eq(a[i].command, b[i].command))
			return false;
	return true;
}

/* Every field, scripts and statements included. */
static bool S_equal(const tr_summary *a, const tr_summary *b)
{
	if (a->line != b->line || !S_str_eq(a->version, b->version) ||
	    !S_str_eq(a->server_version, b->server_version) ||
	    a->major != b->major || a->major_min != b->major_min ||
	    a->major_max != b->major_max ||
	    !S_str_eq(a->transaction_type, b->transaction_type) ||
	    a->scale != b->scale ||
	    !S_str_eq(a->partition_method, b->partition_method) ||
	    a->partitions != b->partitions ||
	    !S_str_eq(a->query_mode, b->query_mode) || a->clients != b->clients ||
	    a->threads != b->threads || a->max_tries != b->max_tries ||
	    a->duration_s != b->duration_s ||
	    a->transactions_per_client != b->transactions_per_client ||
	    a->transactions != b->transactions ||
	    a->transactions_target != b->transactions_target ||
	    a->failed != b->failed || !S_dbl_eq(a->failed_pct, b->failed_pct) ||
	    a->serialization_failures != b->serialization_failures ||
	    a->deadlock_failures != b->deadlock_failures ||
	    a->retried != b->retried || a->retries != b->retries ||
	    a->skipped != b->skipped ||
	    !S_dbl_eq(a->latency_limit_ms, b->latency_limit_ms) ||
	    a->above_limit != b->above_limit ||
	    a->zipfian_overflows != b->zipfian_overflows ||
	    !S_dbl_eq(a->latency_avg_ms, b->latency_avg_ms) ||
	    a->latency_includes_failures != b->latency_includes_failures ||
	    !S_dbl_eq(a->latency_stddev_ms, b->latency_stddev_ms) ||
	    !S_dbl_eq(a->lag_avg_ms, b->lag_avg_ms) ||
	    !S_dbl_eq(a->lag_max_ms, b->lag_max_ms) ||
	    !S_dbl_eq(a->initial_connection_ms, b->initial_connection_ms) ||
	    !S_dbl_eq(a->average_connection_ms, b->average_connection_ms) ||
	    !S_dbl_eq(a->tps, b->tps) || a->tps_form != b->tps_form ||
	    !S_dbl_eq(a->tps_including_connections, b->tps_including_connections) ||
	    a->nscripts != b->nscripts || a->aborted != b->aborted ||
	    a->aborted_line != b->aborted_line ||
	    a->clients_aborted != b->clients_aborted ||
	    a->complete != b->complete ||
	    !S_stmts_eq(a->statements, a->nstatements, b->statements,
	                b->nstatements))
		return false;
	for (size_t i = 0; i < a->nscripts; i++) {
		const tr_script *x = &a->scripts[i], *y = &b->scripts[i];
		if (x->number != y->number || !S_str_eq(x->name, y->name) ||
		    x->weight != y->weight || x->transactions != y->transactions ||
		    x->transactions_all != y->transactions_all ||
		    !S_dbl_eq(x->tps, y->tps) || x->failed != y->failed ||
		    x->skipped != y->skipped ||
		    x->serialization_failures != y->serialization_failures ||
		    x->deadlock_failures != y->deadlock_failures ||
		    x->retried != y->retried || x->retries != y->retries ||
		    !S_dbl_eq(x->latency_avg_ms, y->latency_avg_ms) ||
		    !S_dbl_eq(x->latency_stddev_ms, y->latency_stddev_ms) ||
		    !S_stmts_eq(x->statements, x->nstatements, y->statements,
		                y->nstatements))
			return false;
	}
	return true;
}

static char *S_read(const char *rel, size_t *len)
{
	char path[512];
	snprintf(path, sizeof(path), FIXTURES "%s", rel);
	return harness_read(path, len);
}

/* The error message starts "t.txt:LINE: " */
static bool S_error_at(long line)
{
	char want[64];
	snprintf(want, sizeof(want), "t.txt:%ld: ", line);
	return strncmp(tr_error_last(), want, strlen(want)) == 0;
}

static void test_empty(void)
{
	tr_summary s;
	CHECK_INT(tr_summary_parse(&s, "", 0, "t.txt"), TR_ENOTFOUND);
	tr_summary_free(&s);
	CHECK_INT(tr_summary_parse(&s, NULL, 0, "t.txt"), TR_ENOTFOUND);
	tr_summary_free(&s);
	CHECK_INT(tr_summary_parse(&s, "\n\n\r\n", 4, NULL), TR_ENOTFOUND);
	tr_summary_free(&s);
	CHECK_INT(tr_summary_parse(&s, "\xEF\xBB\xBF", 3, "t.txt"), TR_ENOTFOUND);
	tr_summary_free(&s);
	/* pgbench --version is not the version line of a run */
	CHECK_INT(S_parse_str(&s, "pgbench (PostgreSQL) 15.18\n"), TR_ENOTFOUND);
	tr_summary_free(&s);
}

/* CRLF line ends, a byte order mark, and reading twice: same result. */
static void test_same_result(void)
{
	static const char *const files[] = {
		"15/run_multi_scripts_weights_r.txt", "10/multi_t_r_nan.txt",
		"12/aborted_cut_4k.txt", "18/multi_detailed_tries2_r.txt",
		"16/multi_detailed_tries3_R_L_r.txt", "15/pipe_abort_color.txt",
	};
	for (size_t f = 0; f < TR_ARRAY_SIZE(files); f++) {
		size_t len;
		char *text = S_read(files[f], &len);
		tr_buf crlf = TR_BUF_INIT;
		tr_summary a, b, c, d;
		harness_current = files[f];
		tr_buf_puts(&crlf, "\xEF\xBB\xBF");
		for (size_t i = 0; i < len; i++) {
			if (text[i] == '\n')
				tr_buf_putc(&crlf, '\r');
			tr_buf_putc(&crlf, text[i]);
		}
		CHECK_INT(tr_summary_parse(&a, text, len, "t.txt"), 0);
		CHECK_INT(tr_summary_parse(&b, text, len, "t.txt"), 0);
		CHECK_INT(tr_summary_parse(&c, crlf.ptr, crlf.size, "t.txt"), 0);
		CHECK(a.complete);
		CHECK(S_equal(&a, &b));
		CHECK(S_equal(&a, &c));
		/* a copy that is not NUL-terminated reads the same */
		{
			char *copy = malloc(len ? len : 1);
			memcpy(copy, text, len);
			CHECK_INT(tr_summary_parse(&d, copy, len, "t.txt"), 0);
			CHECK(S_equal(&a, &d));
			free(copy);
			tr_summary_free(&d);
		}
		tr_summary_free(&a);
		tr_summary_free(&b);
		tr_summary_free(&c);
		tr_buf_free(&crlf);
		free(text);
	}
}

/* The same output twice in one file is an error naming both lines. */
static void test_duplicated(void)
{
	size_t len;
	char *text = S_read("15/run_c4_j2_T5_P1.stdout", &len);
	tr_buf two = TR_BUF_INIT;
	tr_summary s;
	tr_buf_put(&two, text, len);
	tr_buf_put(&two, text, len);
	CHECK_INT(tr_summary_parse(&s, two.ptr, two.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(15));
	CHECK(strstr(tr_error_last(), "line 2") != NULL);
	tr_summary_free(&s);
	free(text);

	/* without version lines: the second "transaction type:" */
	text = S_read("10/tpcb_T_P.txt", &len);
	tr_buf_clear(&two);
	tr_buf_put(&two, text, len);
	tr_buf_put(&two, text, len);
	CHECK_INT(tr_summary_parse(&s, two.ptr, two.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(18));
	CHECK(strstr(tr_error_last(), "line 4") != NULL);
	CHECK(s.transaction_type == NULL); /* nothing half-read is left */
	tr_summary_free(&s);
	free(text);
	tr_buf_free(&two);
}

/*
 * Cut a file at every byte: never an error (the last line is simply
 * incomplete), complete exactly when the final tps line is all there.
 */
static void test_cut_everywhere(void)
{
	static const char *const files[] = {
		"15/run_multi_scripts_weights_r.txt",
		"15/run_deadlock_maxtries2_detailed_verbose_errors.txt",
		"15/pipe_abort_color.txt", "10/multi_t_r_nan.txt",
		"11/zipf_t_L_r.txt", "12/aborted_cut_4k.txt",
		"14/server_connect_multi_r_L.txt",
		"16/multi_detailed_tries3_R_L_r.txt",
		"18/multi_detailed_tries2_r.txt",
	};
	for (size_t f = 0; f < TR_ARRAY_SIZE(files); f++) {
		size_t len, tps_end;
		char *text = S_read(files[f], &len);
		const char *tps = NULL, *q = text;
		int bad_rc = 0, bad_complete = 0;
		harness_current = files[f];
		/* the end of the last line starting "tps = " */
		while ((q = strstr(q, "\ntps = ")) != NULL)
			tps = ++q;
		CHECK(tps != NULL);
		if (!tps) {
			free(text);
			continue;
		}
		tps_end = (size_t)(strchr(tps, '\n') - text);
		for (size_t n = 0; n <= len; n++) {
			tr_summary s;
			int rc = tr_summary_parse(&s, text, n, "t.txt");
			if (rc != 0 && rc != TR_ENOTFOUND)
				bad_rc++;
			if (rc == 0 && s.complete != (n >= tps_end))
				bad_complete++;
			tr_summary_free(&s);
		}
		CHECK_INT(bad_rc, 0);
		CHECK_INT(bad_complete, 0);
		free(text);
	}
}

static void test_nul_bytes(void)
{
	static const char sum[] =
		"transaction type: <builtin: TPC-B (sort of)>\n"
		"scaling factor: 1\n"
		"query mode: simple\n"
		"number of clients: 1\n"
		"number of threads: 1\n"
		"duration: 1 s\n"
		"number of transactions actually processed: 10\n"
		"latency average = 1.000 ms\n"
		"tps = 10.000000 (including connections establishing)\n"
		"tps = 10.100000 (excluding connections establishing)\n";
	tr_buf b = TR_BUF_INIT;
	tr_summary s;
	size_t n = sizeof(sum) - 1;

	/* NUL bytes in stderr before the summary do not matter */
	tr_buf_put(&b, "progress\0junk\n\0\0\0\n", 18);
	tr_buf_put(&b, sum, n);
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), 0);
	CHECK(s.complete);
	CHECK_INT(s.line, 3);
	CHECK_DBL(s.tps, 10.1, 0);
	tr_summary_free(&s);

	/* a NUL inside a string the summary keeps */
	tr_buf_clear(&b);
	tr_buf_put(&b, "transaction type: a\0b\n", 22);
	tr_buf_put(&b, sum + 45, n - 45);
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(1));
	tr_summary_free(&s);

	/* a NUL after a number */
	tr_buf_clear(&b);
	tr_buf_put(&b, sum, 82);
	tr_buf_put(&b, "number of clients: 1\0\n", 22);
	tr_buf_put(&b, sum + 103, n - 103);
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(4));
	tr_summary_free(&s);

	/* power loss: a summary cut short, then a block of zeros */
	tr_buf_clear(&b);
	tr_buf_put(&b, sum, 150);
	for (int i = 0; i < 4096; i++)
		tr_buf_putc(&b, '\0');
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), 0);
	CHECK(!s.complete);
	CHECK_INT(s.clients, 1);
	tr_summary_free(&s);

	/* zeros after a whole summary */
	tr_buf_clear(&b);
	tr_buf_put(&b, sum, n);
	for (int i = 0; i < 4096; i++)
		tr_buf_putc(&b, '\0');
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), 0);
	CHECK(s.complete);
	tr_summary_free(&s);
	tr_buf_free(&b);
}

static void test_long_lines(void)
{
	static const char head[] =
		"pgbench (15.18)\n"
		"transaction type: x.sql\n"
		"scaling factor: 1\n"
		"query mode: simple\n"
		"number of clients: 1\n"
		"number of threads: 1\n"
		"maximum number of tries: 1\n"
		"duration: 1 s\n"
		"number of transactions actually processed: 10\n"
		"number of failed transactions: 0 (0.000%)\n"
		"latency average = 1.000 ms\n"
		"initial connection time = 1.000 ms\n"
		"tps = 10.000000 (without initial connection time)\n"
		"statement latencies in milliseconds and failures:\n";
	const size_t big = 1 << 20;
	tr_buf b = TR_BUF_INIT;
	tr_summary s;

	/* a 1 MB line of stderr noise before the summary */
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, (char)('a' + i % 26));
	tr_buf_putc(&b, '\n');
	tr_buf_puts(&b, head);
	tr_buf_puts(&b, "         1.000           0  SELECT ");
	/* ... and a 1 MB statement */
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, (char)('0' + i % 10));
	tr_buf_puts(&b, ";\n");
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), 0);
	CHECK(s.complete);
	CHECK_INT(s.line, 3);
	CHECK_INT(s.nstatements, 1);
	if (s.nstatements == 1) {
		CHECK_INT(strlen(s.statements[0].command), big + 8);
		CHECK(strncmp(s.statements[0].command, "SELECT 0123", 11) == 0);
	}
	tr_summary_free(&s);

	/* a 1 MB number */
	tr_buf_clear(&b);
	tr_buf_puts(&b, "transaction type: x.sql\nscaling factor: ");
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, '9');
	tr_buf_puts(&b, "\n");
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(2));
	tr_summary_free(&s);

	/* a 1 MB line inside the summary, which goes on after it */
	tr_buf_clear(&b);
	tr_buf_put(&b, head, 58);
	for (size_t i = 0; i < big; i++)
		tr_buf_putc(&b, 'z');
	tr_buf_putc(&b, '\n');
	tr_buf_puts(&b, head + 58);
	CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), TR_EINVALID);
	CHECK(S_error_at(4));
	CHECK(strstr(tr_error_last(), "zzz...\"") != NULL);
	tr_summary_free(&s);
	tr_buf_free(&b);
}

/* One line of a good summary replaced: the error names that line. */
static void test_malformed_lines(void)
{
	static const struct {
		long line;
		const char *text;
	} cases[] = {
		{ 3, "scaling factor: 1.5" },
		{ 3, "scaling factor: " },
		{ 4, "query mode: fast" },
		{ 5, "number of clients: abc" },
		{ 5, "number of clients: -4" },
		{ 5, "number of clients: 4x" },
		{ 5, "number of clients: 99999999999" },
		{ 5, "number of clients: 4 4" },
		{ 6, "number of threads: 0x2" },
		{ 7, "maximum number of tries: -1" },
		{ 8, "duration: 5" },
		{ 8, "duration: 5 sec" },
		{ 9, "number of transactions actually processed: 10072/" },
		{ 9, "number of transactions actually processed: 10072/20000" },
		{ 9, "number of transactions actually processed: 1e4" },
		{ 10, "number of failed transactions: 0 (0.000)" },
		{ 10, "number of failed transactions: 0" },
		{ 10, "number of failed transactions: 0 (nan%)" },
		{ 11, "latency average = 1.981" },
		{ 11, "latency average = -1.981 ms" },
		{ 11, "latency average = 1e3 ms" },
		{ 11, "latency average = 1,981 ms" },
		{ 11, "latency average = 1.981 ms (including everything)" },
		{ 12, "latency stddev = . ms" },
		{ 12, "latency stddev = 1.498 ms 1.498 ms" },
		{ 13, "initial connection time = ms" },
		{ 14, "tps = 2015.793720" },
		{ 14, "tps = 2015.793720 (something else)" },
		{ 14, "tps = -5.000000 (without initial connection time)" },
		{ 14, "tps = 2015.793720 (excluding connections establishing)" },
	};
	size_t len;
	char *text = S_read("15/run_c4_j2_T5_P1.txt", &len);
	/* the .txt: line 8 is "transaction type:" */
	for (size_t c = 0; c < TR_ARRAY_SIZE(cases); c++) {
		tr_buf b = TR_BUF_INIT;
		tr_summary s;
		const char *p = text;
		long line = 1;
		char what[200];
		/* numbered as in the .stdout: its line k is k + 6 in the .txt */
		for (; line < cases[c].line + 6; line++) {
			const char *nl = strchr(p, '\n');
			tr_buf_put(&b, p, (size_t)(nl + 1 - p));
			p = nl + 1;
		}
		tr_buf_puts(&b, cases[c].text);
		tr_buf_putc(&b, '\n');
		p = strchr(p, '\n') + 1;
		tr_buf_puts(&b, p);
		snprintf(what, sizeof(what), "case \"%s\"", cases[c].text);
		harness_current = what;
		CHECK_INT(tr_summary_parse(&s, b.ptr, b.size, "t.txt"), TR_EINVALID);
		CHECK(S_error_at(cases[c].line + 6));
		tr_summary_free(&s);
		tr_buf_free(&b);
	}
	free(text);
}

static void S_expect_error(const char *text, long line, const char *needle)
{
	tr_summary s;
	char what[120];
	snprintf(what, sizeof(what), "text \"%.60s...\"", text);
	harness_current = what;
	CHECK_INT(S_parse_str(&s, text), TR_EINVALID);
	CHECK(S_error_at(line));
	if (needle && !strstr(tr_error_last(), needle))
		fprintf(stderr, "  message: %s\n", tr_error_last());
	CHECK(!needle || strstr(tr_error_last(), needle) != NULL);
	tr_summary_free(&s);
}

#define HEAD10 \
	"transaction type: x.sql\n" \
	"scaling factor: 1\n" \
	"query mode: simple\n" \
	"number of clients: 1\n" \
	"number of threads: 1\n" \
	"duration: 1 s\n" \
	"number of transactions actually processed: 10\n" \
	"latency average = 1.000 ms\n"
#define TPS10 \
	"tps = 10.000000 (including connections establishing)\n" \
	"tps = 10.100000 (excluding connections establishing)\n"
#define TPS14 \
	"initial connection time = 1.000 ms\n" \
	"tps = 10.000000 (without initial connection time)\n"

static void test_structure(void)
{
	tr_summary s;

	S_expect_error(HEAD10 "number of clients: 1\n" TPS10, 9, "line 4");
	S_expect_error(HEAD10 "\nsome note\n" TPS10, 9, "goes on at line 11");
	S_expect_error("transaction type: x.sql\nscaling factor: 1\n"
	               "duration: 1 s\nnumber of transactions per client: 5\n",
	               4, "not both");
	S_expect_error("transaction type: x.sql\nscaling factor: 1\n"
	               "duration: 1 s\nnumber of transactions actually "
	               "processed: 10/10\n", 4, NULL);
	S_expect_error("transaction type: x.sql\nscaling factor: 1\n"
	               "query mode: simple\nnumber of threads: 1\nduration: 1 s\n"
	               "number of transactions actually processed: 10\n" TPS10,
	               8, "number of clients");
	S_expect_error(HEAD10 "tps = 10.100000 (excluding connections establishing)\n",
	               9, "including connections establishing");
	S_expect_error(HEAD10 "tps = 10.000000 (without initial connection time)\n",
	               9, "initial connection time");
	/* lines no single pgbench prints together */
	S_expect_error(HEAD10 "maximum number of tries: 1\n" TPS10, 10, "line 9");
	S_expect_error("pgbench (14.5)\n" HEAD10 "number of failed transactions: 0 (0.000%)\n" TPS14,
	               10, "pgbench 14 (line 1)");
	S_expect_error(HEAD10 "latency stddev = nan ms\nrate limit schedule lag: "
	               "avg NaN (max 0.000) ms\n" TPS10, 10, "line 9");
	/* per-script damage */
	S_expect_error(HEAD10 TPS10 "   0.100  SELECT 1;\n", 11, "without a");
	S_expect_error(HEAD10 TPS10 " - weight: 1 (targets 100.0% of total)\n",
	               11, "without a script header");
	S_expect_error(HEAD10 TPS10 "SQL script 2: a.sql\n", 11, "script 1");
	S_expect_error(HEAD10 TPS10 "SQL script 1: a.sql\n - weight: x\n", 12, NULL);
	S_expect_error(HEAD10 TPS10 "SQL script 1: a.sql\n - frobs: 1\n", 12,
	               "unknown per-script line");
	S_expect_error(HEAD10 TPS10 "SQL script 1: a.sql\n - latency average = 1.000 ms\n"
	               " - latency average = 1.000 ms\n", 13, "line 12");
	S_expect_error("pgbench (15.1)\n" HEAD10 TPS14
	               "statement latencies in milliseconds and failures:\n"
	               "         0.100  SELECT 1;\n", 13, NULL);
	S_expect_error("pgbench (15.1)\n" HEAD10 TPS14
	               "statement latencies in milliseconds and failures:\n"
	               "         0.100           0 SELECT 1;\n", 13, NULL);
	S_expect_error(HEAD10 TPS10 "statement latencies in milliseconds:\n"
	               "         0.100 SELECT 1;\n", 12, NULL);
	S_expect_error(HEAD10 TPS10 "statement latencies in milliseconds:\n"
	               "         0.100  \n", 12, NULL);
	S_expect_error(HEAD10 TPS10 "script statistics:\nscript statistics:\n", 12, NULL);
	S_expect_error("pgbench (15.1)\npgbench (15.1)\n", 2, "line 1");

	/* not errors: trailing text, an early-return summary, odd versions */
	CHECK_INT(S_parse_str(&s, HEAD10 TPS10 "\nreal\t0m1.012s\nuser\t0m0.100s\n"
	                          "sys\t0m0.020s\n"), 0);
	CHECK(s.complete);
	tr_summary_free(&s);
	CHECK_INT(S_parse_str(&s, "transaction type: x.sql\nscaling factor: 1\n"
	                          "query mode: simple\nnumber of clients: 1\n"
	                          "number of threads: 1\nduration: 1 s\n"
	                          "number of transactions actually processed: 0\n"
	                          "\nreal\t0m1.012s\n"), 0);
	CHECK(!s.complete);
	CHECK_INT(s.transactions, 0);
	tr_summary_free(&s);
	/* "Run was aborted" inside a statement is not pgbench 12's message */
	CHECK_INT(S_parse_str(&s, HEAD10 TPS10 "statement latencies in milliseconds:\n"
	                          "      0.100  SELECT 'Run was aborted; the above "
	                          "results are incomplete.' AS x;\n"), 0);
	CHECK(!s.aborted);
	CHECK_INT(s.nstatements, 1);
	if (s.nstatements == 1)
		CHECK_STR(s.statements[0].command, "SELECT 'Run was aborted; the "
		          "above results are incomplete.' AS x;");
	tr_summary_free(&s);
	/* 12's message right at the end of a stdout line (no '\n' yet) */
	CHECK_INT(S_parse_str(&s, HEAD10 "tps = 10.000000 (including connections "
	                          "establishing)Run was aborted; the above results "
	                          "are incomplete.\n\ntps = 10.100000 (excluding "
	                          "connections establishing)\n"), 0);
	CHECK(s.complete && s.aborted);
	CHECK_INT(s.aborted_line, 9);
	CHECK_DBL(s.tps_including_connections, 10.0, 0);
	CHECK_DBL(s.tps, 10.1, 0);
	tr_summary_free(&s);
	/* ... and at the very end of the text: the rest never came */
	CHECK_INT(S_parse_str(&s, HEAD10 "tps = 10.000000 (incRun was aborted; "
	                          "the above results are incomplete.\n"), 0);
	CHECK(!s.complete && s.aborted);
	CHECK(isnan(s.tps_including_connections));
	tr_summary_free(&s);
	CHECK_INT(S_parse_str(&s, "pgbench (abc)\n" HEAD10 TPS10), 0);
	CHECK(s.version == NULL);
	CHECK_INT(s.major_min, 10);
	CHECK_INT(s.major_max, 13);
	tr_summary_free(&s);
	CHECK_INT(S_parse_str(&s, "pgbench (15.4 (Debian, server build), server "
	                          "16.1 (x))\n"), TR_ENOTFOUND);
	tr_summary_free(&s);
	CHECK_INT(S_parse_str(&s, "pgbench (15.4 (Debian, server build), server "
	                          "16.1 (x))\n" HEAD10
	                          "number of failed transactions: 0 (0.000%)\n" TPS14), 0);
	CHECK_STR(s.version, "15.4 (Debian, server build)");
	CHECK_STR(s.server_version, "16.1 (x)");
	CHECK_INT(s.major, 15);
	tr_summary_free(&s);
	CHECK_INT(S_parse_str(&s, "pgbench (19devel)\n" HEAD10 TPS14), 0);
	CHECK_STR(s.version, "19devel");
	CHECK_INT(s.major_min, 19);
	CHECK_INT(s.major_max, 19);
	tr_summary_free(&s);
}

/* What the text alone says about the pgbench that printed it. */
static void test_version_clues(void)
{
	static const struct {
		const char *text;
		int min, max;
	} cases[] = {
		{ HEAD10 TPS10, 10, 13 },
		{ HEAD10 TPS14, 14, 18 },
		{ HEAD10 "average connection time = 1.000 ms\n"
		  "tps = 1.000000 (including reconnection times)\n", 14, 18 },
		{ HEAD10 "latency stddev = NaN ms\n" TPS10, 12, 13 },
		{ HEAD10 "latency stddev = -nan ms\n" TPS10, 10, 11 },
		{ HEAD10 "number of transactions above the 1.0 ms latency limit: "
		  "1 (10.000 %)\n" TPS10, 10, 10 },
		{ HEAD10 "number of transactions above the 1.0 ms latency limit: "
		  "1/10 (10.000 %)\n" TPS10, 11, 13 },
		{ HEAD10 "number of transactions skipped: 1 (1.000 %)\n" TPS14, 14, 14 },
		{ HEAD10 "number of transactions skipped: 1 (1.000%)\n" TPS14, 15, 18 },
		{ HEAD10 "number of failed transactions: 0 (0.000%)\n" TPS14, 15, 18 },
		{ "transaction type: x.sql\nscaling factor: 1\npartition method: "
		  "hash\npartitions: 2\nquery mode: simple\n", 13, 18 },
		{ "Run was aborted; the above results are incomplete.\n" HEAD10 TPS10, 12, 12 },
		{ "pgbench: fatal: Run was aborted; the above results are incomplete.\n"
		  HEAD10 TPS14, 14, 14 },
		{ "client 0 aborted in command 1 of script 0; x\n" HEAD10, 10, 12 },
		{ "pgbench: error: client 0 script 0 aborted in command 1 query 0: x\n"
		  HEAD10, 13, 18 },
		{ HEAD10 TPS10 "statement latencies in milliseconds:\n"
		  "   0.100  SELECT 1;\n", 11, 13 },
		{ HEAD10 TPS10 "script statistics:\n", 10, 10 },
		{ HEAD10 TPS14 "SQL script 1: a\n - weight: 1 (targets 50.0% of "
		  "total)\n - 1 transactions (50.0% of total, tps = 1.000000)\n", 14, 17 },
		{ HEAD10 TPS14 "SQL script 1: a\n - weight: 1 (targets 50.0% of "
		  "total)\n - 1 transactions (50.0% of total)\n", 18, 18 },
		{ HEAD10 TPS14 "statement latencies in milliseconds and failures:\n"
		  "         0.100           0  SELECT 1;\n", 15, 17 },
		{ "pgbench: error: Run was aborted due to an error in thread 0\n", 17, 18 },
		{ HEAD10 "tps = inf (including connections establishing)\n"
		  "tps = inf (excluding connections establishing)\n", 10, 11 },
		{ HEAD10 "initial connection time = 0.000 ms\n"
		  "tps = Infinity (without initial connection time)\n", 14, 18 },
	};
	for (size_t c = 0; c < TR_ARRAY_SIZE(cases); c++) {
		tr_summary s;
		char what[64];
		snprintf(what, sizeof(what), "version clue case %zu", c);
		harness_current = what;
		CHECK_INT(S_parse_str(&s, cases[c].text), 0);
		CHECK_INT(s.major, -1);
		CHECK_INT(s.major_min, cases[c].min);
		CHECK_INT(s.major_max, cases[c].max);
		/* the two infinite cases */
		if (strstr(cases[c].text, "inf") || strstr(cases[c].text, "Infinity"))
			CHECK(isinf(s.tps) && s.tps > 0 && s.complete);
		tr_summary_free(&s);
	}
}

/* Random damage to real and written fixtures: no crash, no leak (the
 * sanitizer build checks), and only the documented return codes. */
static void test_mutations(void)
{
	static const char *const files[] = {
		"15/run_multi_scripts_weights_r.txt",
		"15/run_serial_maxtries3_detailed_r_P1_log.txt",
		"15/pipe_abort_color.txt", "10/single_r_L_R.txt",
		"12/aborted_cut_4k.txt", "16/multi_detailed_tries3_R_L_r.txt",
		"18/multi_detailed_tries2_r.txt", "17/exit_on_abort.txt",
	};
	static const char alphabet[] = "\n\r\0 -.%()/:0123456789aeNnI\x1b[";
	uint64_t state = 0x9e3779b97f4a7c15u;
	int bad = 0, runs = 0;
	for (size_t f = 0; f < TR_ARRAY_SIZE(files); f++) {
		size_t len;
		char *text = S_read(files[f], &len);
		for (int m = 0; m < 400; m++) {
			char *t = malloc(len + 8);
			size_t n = len;
			tr_summary s;
			int rc;
			memcpy(t, text, len);
			for (int k = 0; k < 1 + m % 4; k++) {
				size_t at;
				state ^= state << 13;
				state ^= state >> 7;
				state ^= state << 17;
				at = (size_t)(state % (n ? n : 1));
				switch ((state >> 32) % 3) {
				case 0: /* replace a byte */
					if (n)
						t[at] = alphabet[(state >> 40) % (sizeof(alphabet) - 1)];
					break;
				case 1: /* delete a run */
					if (n) {
						size_t d = (size_t)((state >> 40) % 16);
						if (d > n - at)
							d = n - at;
						memmove(t + at, t + at + d, n - at - d);
						n -= d;
					}
					break;
				default: /* cut */
					n = at;
					break;
				}
			}
			rc = tr_summary_parse(&s, t, n, "t.txt");
			runs++;
			if (rc != 0 && rc != TR_ENOTFOUND && rc != TR_EINVALID)
				bad++;
			if (rc == TR_EINVALID && strncmp(tr_error_last(), "t.txt:", 6) != 0)
				bad++;
			tr_summary_free(&s);
			free(t);
		}
		free(text);
	}
	CHECK_INT(runs, 3200);
	CHECK_INT(bad, 0);
}

int main(void)
{
	RUN(test_empty);
	RUN(test_same_result);
	RUN(test_duplicated);
	RUN(test_cut_everywhere);
	RUN(test_nul_bytes);
	RUN(test_long_lines);
	RUN(test_malformed_lines);
	RUN(test_structure);
	RUN(test_version_clues);
	RUN(test_mutations);
	return harness_done();
}
