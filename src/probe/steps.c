/* steps.c: pgbench's initialization steps with pgbench's own SQL, timed
 * one by one, and the safety check that comes before them.
 *
 * The statements are those of pgbench 15-18 (src/bin/pgbench/pgbench.c:
 * initDropTables, initCreateTables, createPartitions, initVacuum,
 * initCreatePKeys, initCreateFKeys, initGenerateDataServerSide), and so are
 * the messages, so that whatever reads `pgbench -i` output reads ours. */

#include "probe_internal.h"
#include "version.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/number.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define S_ALL_TABLES \
	"pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers"

/* A table that holds more rows than this is "more than N" in a refusal:
 * counting a billion rows exactly takes longer than the answer is worth. */
#define S_COUNT_CAP 1000000

void tr_probe_message(tr_probe *p, const char *fmt, ...)
{
	tr_buf line = TR_BUF_INIT;
	va_list ap;
	if (!p->opts.message)
		return;
	va_start(ap, fmt);
	if (tr_buf_vprintf(&line, fmt, ap) == 0)
		p->opts.message(p->opts.ctx, tr_buf_cstr(&line));
	va_end(ap);
	tr_buf_free(&line);
}

int tr_probe_begin(tr_probe *p)
{
	if (PQtransactionStatus(p->conns[0].conn) == PQTRANS_INTRANS)
		return 0;
	return tr_probe_exec(p, NULL, "begin", NULL);
}

/* The tables that exist (to_regclass follows search_path, like the
 * steps' own names), as "a, b" for one LOCK TABLE. */
static int S_existing(tr_probe *p, const char *const *tables, size_t n,
                      bool *exists, tr_buf *list)
{
	for (size_t i = 0; i < n; i++) {
		PGresult *res = NULL;
		char *sql = tr_sprintf("select pg_catalog.to_regclass('%s') is not null",
		                       tables[i]);
		int rc;
		if (!sql)
			return TR_ENOMEM;
		rc = tr_probe_exec(p, NULL, sql, &res);
		free(sql);
		if (rc < 0)
			return rc;
		exists[i] = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
		PQclear(res);
		if (exists[i] && tr_buf_printf(list, "%s%s", list->size ? ", " : "",
		                               tables[i]) < 0)
			return TR_ENOMEM;
	}
	return 0;
}

/* A --jobs load killed between its loaders' commits left its marker on
 * pgbench_accounts (parallel.c): those rows are a broken probe's, and
 * replacing them needs no --force. */
static int S_left_incomplete(tr_probe *p, bool *incomplete)
{
	PGresult *res = NULL;
	int rc = tr_probe_exec(p, NULL, "select pg_catalog.obj_description("
	                       "'pgbench_accounts'::regclass, 'pg_class')", &res);
	*incomplete = false;
	if (rc < 0)
		return rc;
	*incomplete = !PQgetisnull(res, 0, 0) &&
	              strcmp(PQgetvalue(res, 0, 0), TR_PROBE_INCOMPLETE) == 0;
	PQclear(res);
	return 0;
}

static int S_count(tr_probe *p, const char *table, int64_t *n)
{
	PGresult *res = NULL;
	char *sql = tr_sprintf("select count(*) from (select 1 from %s limit %d) s",
	                       table, S_COUNT_CAP + 1);
	int rc;
	if (!sql)
		return TR_ENOMEM;
	rc = tr_probe_exec(p, NULL, sql, &res);
	free(sql);
	if (rc == 0)
		*n = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	return rc;
}

static bool S_destroys(const tr_probe *p);

static const char *const S_tables[] = {
	"pgbench_accounts", "pgbench_branches", "pgbench_history",
	"pgbench_tellers"
};

/* ACCESS EXCLUSIVE on the tables of list ("a, b"). */
static int S_lock(tr_probe *p, const tr_buf *list)
{
	char *sql = tr_sprintf("lock table %s in access exclusive mode",
	                       tr_buf_cstr(list));
	int rc;
	if (!sql)
		return TR_ENOMEM;
	rc = tr_probe_exec(p, NULL, sql, NULL);
	free(sql);
	return rc;
}

/* Count the rows of the tables that exist; any rows: the refusal, after
 * rolling the check's transaction back. */
static int S_refuse_rows(tr_probe *p, const bool *exists)
{
	tr_buf held = TR_BUF_INIT;
	int64_t total = 0;
	bool capped = false;
	int rc = 0;

	for (size_t i = 0; i < TR_ARRAY_SIZE(S_tables); i++) {
		int64_t n = 0;
		if (!exists[i])
			continue;
		if ((rc = S_count(p, S_tables[i], &n)) < 0)
			goto cleanup;
		if (n == 0)
			continue;
		if (n > S_COUNT_CAP) {
			capped = true;
			tr_buf_printf(&held, "%s%s: more than %d", held.size ? ", " : "",
			              S_tables[i], S_COUNT_CAP);
		} else {
			tr_buf_printf(&held, "%s%s: %lld", held.size ? ", " : "",
			              S_tables[i], (long long)n);
		}
		total += n;
	}
	if (held.size) {
		rc = tr_error_set("refusing to run steps \"%s\": they would drop "
		                  "%s%lld rows in database \"%s\" (%s); use --force "
		                  "to replace them",
		                  p->steps, capped ? "more than " : "",
		                  (long long)(capped ? S_COUNT_CAP : total),
		                  PQdb(p->conns[0].conn), tr_buf_cstr(&held));
		PQclear(PQexec(p->conns[0].conn, "rollback"));
	}

cleanup:
	tr_buf_free(&held);
	return rc;
}

/*
 * The check runs in a transaction that first takes ACCESS EXCLUSIVE locks
 * on the tables, and stays open: the drop (or the generate's truncate)
 * runs in it, so rows committed elsewhere after the count cannot be
 * lost (tr_probe_run commits it after the destructive step).
 */
int tr_probe_check_safety(tr_probe *p)
{
	tr_buf list = TR_BUF_INIT;
	bool exists[TR_ARRAY_SIZE(S_tables)], incomplete = false;
	int rc = 0;

	if (p->opts.force || !S_destroys(p))
		return 0;
	p->phase = "safety check";
	if ((rc = tr_probe_exec(p, NULL, "begin", NULL)) < 0 ||
	    (rc = S_existing(p, S_tables, TR_ARRAY_SIZE(S_tables), exists,
	                     &list)) < 0)
		goto cleanup;
	if (list.size == 0)
		goto cleanup;
	if ((rc = S_lock(p, &list)) < 0)
		goto cleanup;
	if (exists[0] && (rc = S_left_incomplete(p, &incomplete)) < 0)
		goto cleanup;
	if (incomplete)
		tr_probe_message(p, "pgbench_accounts holds the rows of an earlier "
		                 "probe killed during its load (incomplete); replacing "
		                 "them");
	else
		rc = S_refuse_rows(p, exists);

cleanup:
	tr_buf_free(&list);
	p->phase = NULL;
	return rc;
}

static int S_drop(tr_probe *p, tr_probe_result *r)
{
	(void)r;
	tr_probe_message(p, "dropping old tables...");
	/* One statement, so that foreign keys between them do not matter. */
	return tr_probe_exec(p, NULL, "drop table if exists " S_ALL_TABLES, NULL);
}

static int S_create_partitions(tr_probe *p, tr_buf *sql)
{
	int n = p->opts.partitions;
	int64_t size = ((int64_t)TR_PROBE_ACCOUNTS_PER_BRANCH * p->opts.scale +
	                n - 1) / n;
	const char *unlogged = p->opts.unlogged_tables ? " unlogged" : "";
	int rc = 0;

	tr_probe_message(p, "creating %d partitions...", n);
	for (int i = 1; i <= n && rc == 0; i++) {
		tr_buf_clear(sql);
		tr_buf_printf(sql, "create%s table pgbench_accounts_%d\n"
		              "  partition of pgbench_accounts\n", unlogged, i);
		if (p->opts.partition_method == TR_PARTITION_HASH) {
			tr_buf_printf(sql, "  for values with (modulus %d, remainder %d)",
			              n, i - 1);
		} else {
			/* Open-ended first and last ranges, as pgbench has them. */
			tr_buf_puts(sql, "  for values from (");
			if (i == 1)
				tr_buf_puts(sql, "minvalue");
			else
				tr_buf_printf(sql, "%lld", (long long)((i - 1) * size + 1));
			tr_buf_puts(sql, ") to (");
			if (i < n)
				tr_buf_printf(sql, "%lld", (long long)(i * size + 1));
			else
				tr_buf_puts(sql, "maxvalue");
			tr_buf_putc(sql, ')');
		}
		if (tr_buf_printf(sql, " with (fillfactor=%d)", p->opts.fillfactor) < 0)
			return TR_ENOMEM;
		rc = tr_probe_exec(p, NULL, tr_buf_cstr(sql), NULL);
	}
	return rc;
}

static int S_create(tr_probe *p, tr_probe_result *r)
{
	static const struct {
		const char *table;
		const char *small;
		const char *big;
		bool fillfactor;
	} ddl[] = {
		{ "pgbench_history",
		  "tid int,bid int,aid    int,delta int,mtime timestamp,filler char(22)",
		  "tid int,bid int,aid bigint,delta int,mtime timestamp,filler char(22)",
		  false },
		{ "pgbench_tellers",
		  "tid int not null,bid int,tbalance int,filler char(84)",
		  "tid int not null,bid int,tbalance int,filler char(84)", true },
		{ "pgbench_accounts",
		  "aid    int not null,bid int,abalance int,filler char(84)",
		  "aid bigint not null,bid int,abalance int,filler char(84)", true },
		{ "pgbench_branches",
		  "bid int not null,bbalance int,filler char(88)",
		  "bid int not null,bbalance int,filler char(88)", true },
	};
	bool partitioned = p->opts.partitions > 0;
	bool big = p->opts.scale >= TR_PROBE_SCALE_BIGINT;
	tr_buf sql = TR_BUF_INIT;
	int rc = 0;

	(void)r;
	tr_probe_message(p, "creating tables...");
	for (size_t i = 0; i < TR_ARRAY_SIZE(ddl) && rc == 0; i++) {
		bool accounts = strcmp(ddl[i].table, "pgbench_accounts") == 0;
		/* pgbench up to 17 makes all four tables unlogged, partitioned
		 * parent included; PostgreSQL 18 refuses an unlogged partitioned
		 * table, and pgbench 18 then makes none of the four unlogged
		 * (only the partitions). Follow the pgbench of the server. */
		bool unlogged = p->opts.unlogged_tables &&
		                (!partitioned || p->server_version < 180000);
		tr_buf_clear(&sql);
		tr_buf_printf(&sql, "create%s table %s(%s)",
		              unlogged ? " unlogged" : "", ddl[i].table,
		              big ? ddl[i].big : ddl[i].small);
		if (partitioned && accounts)
			tr_buf_printf(&sql, " partition by %s (aid)",
			              p->opts.partition_method == TR_PARTITION_HASH
			                      ? "hash" : "range");
		else if (ddl[i].fillfactor)
			tr_buf_printf(&sql, " with (fillfactor=%d)", p->opts.fillfactor);
		if (!sql.ptr) {
			rc = TR_ENOMEM;
			break;
		}
		rc = tr_probe_exec(p, NULL, tr_buf_cstr(&sql), NULL);
	}
	if (rc == 0 && partitioned)
		rc = S_create_partitions(p, &sql);
	tr_buf_free(&sql);
	return rc;
}

static int S_rows_of(PGresult *res, int64_t *out)
{
	const char *n = PQcmdTuples(res);
	*out = n && *n ? strtoll(n, NULL, 10) : -1;
	return 0;
}

static int S_generate_server(tr_probe *p, tr_probe_result *r)
{
	int64_t scale = p->opts.scale;
	PGresult *res = NULL;
	char *sql = NULL;
	int rc;

	tr_probe_message(p, "generating data (server-side)...");
	/* One transaction, for the server's data-loading optimisations. */
	if ((rc = tr_probe_begin(p)) < 0 ||
	    (rc = tr_probe_exec(p, NULL, "truncate table " S_ALL_TABLES, NULL)) < 0)
		return rc;
	sql = tr_sprintf("insert into pgbench_branches(bid,bbalance) "
	                 "select bid, 0 "
	                 "from generate_series(1, %lld) as bid", (long long)scale);
	if (!sql || (rc = tr_probe_exec(p, NULL, sql, &res)) < 0)
		goto cleanup;
	S_rows_of(res, &r->branches);
	PQclear(res);
	free(sql);
	sql = tr_sprintf("insert into pgbench_tellers(tid,bid,tbalance) "
	                 "select tid, (tid - 1) / %d + 1, 0 "
	                 "from generate_series(1, %lld) as tid",
	                 TR_PROBE_TELLERS_PER_BRANCH,
	                 (long long)(TR_PROBE_TELLERS_PER_BRANCH * scale));
	if (!sql || (rc = tr_probe_exec(p, NULL, sql, &res)) < 0)
		goto cleanup;
	S_rows_of(res, &r->tellers);
	PQclear(res);
	free(sql);
	sql = tr_sprintf("insert into pgbench_accounts(aid,bid,abalance,filler) "
	                 "select aid, (aid - 1) / %d + 1, 0, '' "
	                 "from generate_series(1, %lld) as aid",
	                 TR_PROBE_ACCOUNTS_PER_BRANCH,
	                 (long long)(TR_PROBE_ACCOUNTS_PER_BRANCH * scale));
	if (!sql || (rc = tr_probe_exec(p, NULL, sql, &res)) < 0)
		goto cleanup;
	S_rows_of(res, &r->init.rows);
	PQclear(res);
	res = NULL;
	rc = tr_probe_exec(p, NULL, "commit", NULL);

cleanup:
	if (!sql && rc == 0)
		rc = TR_ENOMEM;
	free(sql);
	return rc;
}

static int S_vacuum(tr_probe *p, tr_probe_result *r)
{
	static const char *const sql[] = {
		"vacuum analyze pgbench_branches", "vacuum analyze pgbench_tellers",
		"vacuum analyze pgbench_accounts", "vacuum analyze pgbench_history"
	};
	int rc = 0;
	(void)r;
	tr_probe_message(p, "vacuuming...");
	for (size_t i = 0; i < TR_ARRAY_SIZE(sql) && rc == 0; i++)
		rc = tr_probe_exec(p, NULL, sql[i], NULL);
	return rc;
}

static int S_primary_keys(tr_probe *p, tr_probe_result *r)
{
	static const char *const sql[] = {
		"alter table pgbench_branches add primary key (bid)",
		"alter table pgbench_tellers add primary key (tid)",
		"alter table pgbench_accounts add primary key (aid)"
	};
	int rc = 0;
	(void)r;
	tr_probe_message(p, "creating primary keys...");
	for (size_t i = 0; i < TR_ARRAY_SIZE(sql) && rc == 0; i++)
		rc = tr_probe_exec(p, NULL, sql[i], NULL);
	return rc;
}

static int S_foreign_keys(tr_probe *p, tr_probe_result *r)
{
	static const char *const sql[] = {
		"alter table pgbench_tellers add constraint pgbench_tellers_bid_fkey "
		"foreign key (bid) references pgbench_branches",
		"alter table pgbench_accounts add constraint pgbench_accounts_bid_fkey "
		"foreign key (bid) references pgbench_branches",
		"alter table pgbench_history add constraint pgbench_history_bid_fkey "
		"foreign key (bid) references pgbench_branches",
		"alter table pgbench_history add constraint pgbench_history_tid_fkey "
		"foreign key (tid) references pgbench_tellers",
		"alter table pgbench_history add constraint pgbench_history_aid_fkey "
		"foreign key (aid) references pgbench_accounts"
	};
	int rc = 0;
	(void)r;
	tr_probe_message(p, "creating foreign keys...");
	for (size_t i = 0; i < TR_ARRAY_SIZE(sql) && rc == 0; i++)
		rc = tr_probe_exec(p, NULL, sql[i], NULL);
	return rc;
}

/* 'g': over one connection as pgbench, or over --jobs connections. */
static int S_generate_client(tr_probe *p, tr_probe_result *r)
{
	return p->opts.jobs > 1 ? tr_probe_step_generate_parallel(p, r)
	                        : tr_probe_step_generate_client(p, r);
}

/* The steps in pgbench's order; their -I letters and names are
 * model/phase.c's. The safety check's transaction (tables locked) stays
 * open through the steps that drop, create, truncate or load, and ends
 * with the drop; vacuum (which cannot run inside a transaction), primary
 * keys and foreign keys end it first (ends_check_before). */
static const tr_probe_step S_steps[] = {
	{ .phase = TR_PHASE_DROP, .run = S_drop,
	  .destroys = true, .ends_check_after = true },
	{ .phase = TR_PHASE_CREATE, .run = S_create, .creates = true },
	{ .phase = TR_PHASE_GENERATE_CLIENT, .run = S_generate_client,
	  .destroys = true, .generates = true },
	{ .phase = TR_PHASE_GENERATE_SERVER, .run = S_generate_server,
	  .destroys = true, .generates = true },
	{ .phase = TR_PHASE_VACUUM, .run = S_vacuum, .ends_check_before = true },
	{ .phase = TR_PHASE_PRIMARY_KEYS, .run = S_primary_keys,
	  .ends_check_before = true },
	{ .phase = TR_PHASE_FOREIGN_KEYS, .run = S_foreign_keys,
	  .ends_check_before = true },
};

const tr_probe_step *tr_probe_step_of(char letter)
{
	size_t phase = tr_phase_of_step(letter);
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_steps); i++)
		if ((size_t)S_steps[i].phase == phase)
			return &S_steps[i];
	return NULL;
}

bool tr_probe_steps_need_scale(const char *steps)
{
	for (const char *s = steps; s && *s; s++) {
		const tr_probe_step *step = tr_probe_step_of(*s);
		if (step && (step->creates || step->generates))
			return true;
	}
	return false;
}

static bool S_destroys(const tr_probe *p)
{
	for (const char *s = p->steps; *s; s++) {
		const tr_probe_step *step = tr_probe_step_of(*s);
		if (step && step->destroys)
			return true;
	}
	return false;
}

/* After a failed step: roll back what the step left open and finish the
 * message with what that means for the tables. */
static int S_step_failed(tr_probe *p, const tr_probe_step *step, int rc)
{
	PGconn *c = p->conns[0].conn;
	char *msg;
	const char *after = "";
	bool parallel = step->phase == TR_PHASE_GENERATE_CLIENT &&
	                p->opts.jobs > 1;
	bool generate = step->generates && !parallel;

	/* The parallel generate cleans up and says so itself. */
	if (parallel)
		return rc < 0 ? rc : TR_ERROR;
	msg = tr_strdup(tr_error_last());
	if (!msg)
		return TR_ENOMEM;
	if (PQstatus(c) == CONNECTION_OK &&
	    PQtransactionStatus(c) != PQTRANS_IDLE) {
		PGresult *res = PQexec(c, "rollback");
		bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
		PQclear(res);
		if (!ok)
			after = "; rolling back its transaction failed too";
		else if (generate)
			after = "; its transaction was rolled back, so no table is "
			        "half-loaded (the tables are as before the step)";
		else
			after = "; its transaction was rolled back";
	} else if (PQstatus(c) != CONNECTION_OK && generate) {
		after = "; the server rolls back the open transaction, so no "
		        "table is half-loaded (the tables are as before the step)";
	}
	tr_error_set("%s%s", msg, after);
	free(msg);
	return rc < 0 ? rc : TR_ERROR;
}

static int S_add_phase(tr_probe_result *r, const char *name, char step,
                       double seconds)
{
	tr_init *init = &r->init;
	size_t n = init->nphases;
	tr_init_phase *ph = tr_realloc(init->phases, (n + 1) * sizeof(*ph));
	char *letters;
	if (!ph)
		return TR_ENOMEM;
	init->phases = ph;
	ph[n].name = tr_strdup(name);
	ph[n].seconds = seconds;
	if (!ph[n].name)
		return TR_ENOMEM;
	letters = tr_realloc(r->phase_steps, n + 2);
	if (!letters) {
		free(ph[n].name);
		return TR_ENOMEM;
	}
	letters[n] = step;
	letters[n + 1] = '\0';
	r->phase_steps = letters;
	init->nphases = n + 1;
	return 0;
}

/* "done in 0.73 s (drop tables 0.00 s, ...)." exactly as pgbench 13+. */
static int S_done_line(tr_probe *p, const tr_probe_result *r)
{
	tr_buf line = TR_BUF_INIT;
	int rc = tr_buf_puts(&line, "done in ");
	if (rc == 0)
		rc = tr_fmt_fixed(&line, r->init.total_s, 2);
	if (rc == 0)
		rc = tr_buf_puts(&line, " s (");
	for (size_t i = 0; rc == 0 && i < r->init.nphases; i++) {
		if (i)
			tr_buf_puts(&line, ", ");
		tr_buf_printf(&line, "%s ", r->init.phases[i].name);
		tr_fmt_fixed(&line, r->init.phases[i].seconds, 2);
		rc = tr_buf_puts(&line, " s");
	}
	if (rc == 0)
		rc = tr_buf_puts(&line, ").");
	if (rc == 0)
		tr_probe_message(p, "%s", tr_buf_cstr(&line));
	tr_buf_free(&line);
	return rc;
}

/* Commit the safety check's transaction, if it is still open. */
static int S_end_check_txn(tr_probe *p)
{
	if (PQtransactionStatus(p->conns[0].conn) != PQTRANS_INTRANS)
		return 0;
	return tr_probe_exec(p, NULL, "commit", NULL);
}

/* Move the facts read at open into the result. */
static void S_take_facts(tr_probe_result *r, tr_probe *p)
{
	*r = p->facts;
	memset(&p->facts, 0, sizeof(p->facts));
}

/* Run one step, timed, and add its phase to r. */
static int S_run_step(tr_probe *p, const tr_probe_step *step,
                      tr_probe_result *r)
{
	const char *name = tr_phase_name(step->phase);
	int64_t t0 = tr_probe_now_us();
	double sec;
	int rc;

	p->phase = name;
	if (p->interrupted)
		return tr_error_set("interrupted before %s", name);
	if (step->ends_check_before && (rc = S_end_check_txn(p)) < 0)
		return rc;
	rc = step->run(p, r);
	if (rc == 0 && step->ends_check_after)
		rc = S_end_check_txn(p);
	if (rc < 0)
		return S_step_failed(p, step, rc);
	sec = (double)(tr_probe_now_us() - t0) / 1e6;
	if ((rc = S_add_phase(r, name, tr_phase_step(step->phase), sec)) < 0)
		return rc;
	r->init.total_s += sec;
	return 0;
}

/* What the result says after all steps ran. */
static void S_finish(tr_probe_result *r, tr_probe *p, bool generated,
                     bool created)
{
	r->init.wall_s = (double)(tr_probe_now_us() - p->t_open_us) / 1e6;
	/* A fact, not a step: not worth failing the probe over. */
	if (tr_probe_database_size(p, &r->init.database_bytes) < 0)
		r->init.database_bytes = -1;
	r->init.scale = generated || created ? p->opts.scale : -1;
	if (!generated) {
		r->init.rows = -1;
		r->branches = r->tellers = -1;
	}
	r->parallel = generated && strchr(p->steps, 'g') && p->opts.jobs > 1;
}

int tr_probe_run(tr_probe_result *out, tr_probe *p)
{
	tr_probe_result r;
	bool generated = false, created = false;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!p->facts.init.source)
		return tr_error_set("the probe was already run");
	S_take_facts(&r, p);
	if ((rc = tr_probe_check_safety(p)) < 0)
		goto cleanup;
	for (const char *s = p->steps; *s; s++) {
		const tr_probe_step *step = tr_probe_step_of(*s);
		if (!step)
			continue; /* ' ', as pgbench */
		if ((rc = S_run_step(p, step, &r)) < 0)
			goto cleanup;
		generated = generated || step->generates;
		created = created || step->creates;
	}
	if ((rc = S_end_check_txn(p)) < 0)
		goto cleanup;
	p->phase = NULL;
	if ((rc = S_done_line(p, &r)) < 0)
		goto cleanup;
	S_finish(&r, p, generated, created);
	*out = r;
	return 0;

cleanup:
	p->phase = NULL;
	tr_probe_result_free(&r);
	return rc;
}
