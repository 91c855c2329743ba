#ifndef TR_TEST_SUMMARY_CHECK_H
#define TR_TEST_SUMMARY_CHECK_H

/*
 * Helpers for the summary tests: every field of a tr_summary is compared
 * with what the fixture text prints. An expectation starts as "nothing
 * printed" (-1, NaN, NULL) and each test sets what its fixture shows, so a
 * field a test forgets is still checked (against "not printed").
 * Doubles are compared exactly: the reader must give the double nearest to
 * the printed decimal, which is what the C literal gives too.
 */

#include "harness.h"
#include "ingest/ingest.h"

#define FIXTURES "tests/fixtures/pgbench/"

typedef struct S_exp {
	long line;
	const char *version, *server_version;
	int major, major_min, major_max;
	const char *transaction_type;
	int64_t scale;
	const char *partition_method;
	int partitions;
	const char *query_mode;
	int clients, threads, max_tries, duration_s;
	int64_t transactions_per_client, transactions, transactions_target;
	int64_t failed;
	double failed_pct;
	int64_t serialization_failures, deadlock_failures, retried, retries;
	int64_t skipped;
	double latency_limit_ms;
	int64_t above_limit, zipfian_overflows;
	double latency_avg_ms;
	bool latency_includes_failures;
	double latency_stddev_ms, lag_avg_ms, lag_max_ms;
	double initial_connection_ms, average_connection_ms;
	double tps;
	tr_tps_form tps_form;
	double tps_including_connections;
	size_t nscripts, nstatements;
	bool aborted;
	long aborted_line;
	int64_t clients_aborted;
	bool complete;
} S_exp;

static inline void S_exp_init(S_exp *e)
{
	memset(e, 0, sizeof(*e));
	e->major = e->major_min = e->major_max = -1;
	e->scale = -1;
	e->partitions = -1;
	e->clients = e->threads = e->max_tries = e->duration_s = -1;
	e->transactions_per_client = e->transactions = -1;
	e->transactions_target = -1;
	e->failed = e->serialization_failures = e->deadlock_failures = -1;
	e->retried = e->retries = e->skipped = -1;
	e->above_limit = e->zipfian_overflows = -1;
	e->failed_pct = e->latency_limit_ms = NAN;
	e->latency_avg_ms = e->latency_stddev_ms = NAN;
	e->lag_avg_ms = e->lag_max_ms = NAN;
	e->initial_connection_ms = e->average_connection_ms = NAN;
	e->tps = e->tps_including_connections = NAN;
}

/* The fields a pgbench 15 run prints in every summary. */
static inline void S_exp_15(S_exp *e, long line)
{
	S_exp_init(e);
	e->line = line;
	e->version = "15.18 (Debian 15.18-0+deb12u1)";
	e->major = e->major_min = e->major_max = 15;
	e->max_tries = 1;
	e->failed = 0;
	e->failed_pct = 0;
	e->tps_form = TR_TPS_WITHOUT_INITIAL;
	e->complete = true;
}

static inline void S_check_summary(const tr_summary *s, const S_exp *e)
{
	CHECK_INT(s->line, e->line);
	CHECK_STR(s->version, e->version);
	CHECK_STR(s->server_version, e->server_version);
	CHECK_INT(s->major, e->major);
	CHECK_INT(s->major_min, e->major_min);
	CHECK_INT(s->major_max, e->major_max);
	CHECK_STR(s->transaction_type, e->transaction_type);
	CHECK_INT(s->scale, e->scale);
	CHECK_STR(s->partition_method, e->partition_method);
	CHECK_INT(s->partitions, e->partitions);
	CHECK_STR(s->query_mode, e->query_mode);
	CHECK_INT(s->clients, e->clients);
	CHECK_INT(s->threads, e->threads);
	CHECK_INT(s->max_tries, e->max_tries);
	CHECK_INT(s->duration_s, e->duration_s);
	CHECK_INT(s->transactions_per_client, e->transactions_per_client);
	CHECK_INT(s->transactions, e->transactions);
	CHECK_INT(s->transactions_target, e->transactions_target);
	CHECK_INT(s->failed, e->failed);
	CHECK_DBL(s->failed_pct, e->failed_pct, 0);
	CHECK_INT(s->serialization_failures, e->serialization_failures);
	CHECK_INT(s->deadlock_failures, e->deadlock_failures);
	CHECK_INT(s->retried, e->retried);
	CHECK_INT(s->retries, e->retries);
	CHECK_INT(s->skipped, e->skipped);
	CHECK_DBL(s->latency_limit_ms, e->latency_limit_ms, 0);
	CHECK_INT(s->above_limit, e->above_limit);
	CHECK_INT(s->zipfian_overflows, e->zipfian_overflows);
	CHECK_DBL(s->latency_avg_ms, e->latency_avg_ms, 0);
	CHECK_INT(s->latency_includes_failures, e->latency_includes_failures);
	CHECK_DBL(s->latency_stddev_ms, e->latency_stddev_ms, 0);
	CHECK_DBL(s->lag_avg_ms, e->lag_avg_ms, 0);
	CHECK_DBL(s->lag_max_ms, e->lag_max_ms, 0);
	CHECK_DBL(s->initial_connection_ms, e->initial_connection_ms, 0);
	CHECK_DBL(s->average_connection_ms, e->average_connection_ms, 0);
	CHECK_DBL(s->tps, e->tps, 0);
	CHECK_INT(s->tps_form, e->tps_form);
	CHECK_DBL(s->tps_including_connections, e->tps_including_connections, 0);
	CHECK_INT(s->nscripts, e->nscripts);
	CHECK_INT(s->nstatements, e->nstatements);
	CHECK_INT(s->aborted, e->aborted);
	CHECK_INT(s->aborted_line, e->aborted_line);
	CHECK_INT(s->clients_aborted, e->clients_aborted);
	CHECK_INT(s->complete, e->complete);
}

typedef struct S_sexp {
	int number;
	const char *name;
	int weight;
	int64_t transactions, transactions_all;
	double tps;
	int64_t failed, skipped, serialization_failures, deadlock_failures;
	int64_t retried, retries;
	double latency_avg_ms, latency_stddev_ms;
	size_t nstatements;
} S_sexp;

static inline void S_sexp_init(S_sexp *e, int number, const char *name)
{
	memset(e, 0, sizeof(*e));
	e->number = number;
	e->name = name;
	e->weight = -1;
	e->transactions = e->transactions_all = -1;
	e->tps = NAN;
	e->failed = e->skipped = -1;
	e->serialization_failures = e->deadlock_failures = -1;
	e->retried = e->retries = -1;
	e->latency_avg_ms = e->latency_stddev_ms = NAN;
}

static inline void S_check_script(const tr_script *s, const S_sexp *e)
{
	CHECK_INT(s->number, e->number);
	CHECK_STR(s->name, e->name);
	CHECK_INT(s->weight, e->weight);
	CHECK_INT(s->transactions, e->transactions);
	CHECK_INT(s->transactions_all, e->transactions_all);
	CHECK_DBL(s->tps, e->tps, 0);
	CHECK_INT(s->failed, e->failed);
	CHECK_INT(s->skipped, e->skipped);
	CHECK_INT(s->serialization_failures, e->serialization_failures);
	CHECK_INT(s->deadlock_failures, e->deadlock_failures);
	CHECK_INT(s->retried, e->retried);
	CHECK_INT(s->retries, e->retries);
	CHECK_DBL(s->latency_avg_ms, e->latency_avg_ms, 0);
	CHECK_DBL(s->latency_stddev_ms, e->latency_stddev_ms, 0);
	CHECK_INT(s->nstatements, e->nstatements);
}

static inline void S_check_stmt(const tr_statement *st, double latency_ms,
                                int64_t failures, int64_t retries,
                                const char *command)
{
	CHECK_DBL(st->latency_ms, latency_ms, 0);
	CHECK_INT(st->failures, failures);
	CHECK_INT(st->retries, retries);
	CHECK_STR(st->command, command);
}

/* Parse a fixture below tests/fixtures/pgbench/ (path in messages: rel). */
static inline int S_parse(tr_summary *s, const char *rel)
{
	char path[512];
	size_t len;
	char *text;
	int rc;
	snprintf(path, sizeof(path), FIXTURES "%s", rel);
	text = harness_read(path, &len);
	rc = tr_summary_parse(s, text, len, rel);
	free(text);
	return rc;
}

static inline int S_parse_str(tr_summary *s, const char *text)
{
	return tr_summary_parse(s, text, strlen(text), "t.txt");
}

#endif
