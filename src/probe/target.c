/* target.c: what `tpsreport run` asks of a server before and while it runs
 * pgbench: are the tables there and at which scale, where exactly does a
 * scenario connect, and what is the server (facts.json). */

#include "probe_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/json.h"
#include "util/base.h"
#include "version.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void S_quiet(void *arg, const PGresult *res)
{
	(void)arg;
	(void)res;
}

/* How long run's questions may wait on the server: behind another
 * session's lock on a table, and in all. */
#define S_LOCK_TIMEOUT "5s"      /* the messages below say 5 s */
#define S_STATEMENT_TIMEOUT "30s" /* and 30 s */

/* One statement; on failure the message names what was asked (and what
 * it waited for, when it gave up waiting). */
static int S_query(PGresult **out, PGconn *c, const char *sql,
                   const char *what, const char *secret)
{
	PGresult *res = PQexec(c, sql);
	*out = NULL;
	if (!res || PQresultStatus(res) != PGRES_TUPLES_OK) {
		tr_buf msg = TR_BUF_INIT;
		const char *primary =
			res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
		const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
		char *s;
		tr_buf_printf(&msg, "%s: ", what);
		if (state && strcmp(state, "55P03") == 0)
			tr_buf_puts(&msg, "waited 5 s for a lock that "
			            "another session holds on them (lock_timeout); ");
		else if (state && strcmp(state, "57014") == 0)
			tr_buf_puts(&msg, "no answer within 30 s (statement_timeout); ");
		tr_probe_flatten(&msg, primary ? primary : PQerrorMessage(c));
		s = tr_buf_detach(&msg);
		tr_probe_scrub(s, secret);
		tr_error_set("%s", s ? s : "out of memory");
		free(s);
		PQclear(res);
		return TR_ERROR;
	}
	*out = res;
	return 0;
}

/* Connect for run's questions, every one of them bounded: none waits
 * forever behind a lock (an ALTER TABLE, a pgbench -i of someone else). */
static int S_connect_bounded(PGconn **out, char **secret, const char *conninfo)
{
	PGresult *res = NULL;
	int rc = tr_probe_connect(out, secret, conninfo, S_quiet, NULL);
	if (rc == 0)
		rc = S_query(&res, *out, "select pg_catalog.set_config('lock_timeout', '"
		             S_LOCK_TIMEOUT "', false), pg_catalog.set_config("
		             "'statement_timeout', '" S_STATEMENT_TIMEOUT "', false)",
		             "setting lock_timeout and statement_timeout", *secret);
	PQclear(res);
	if (rc < 0 && *out) {
		PQfinish(*out);
		*out = NULL;
		free(*secret);
		*secret = NULL;
	}
	return rc;
}

int tr_probe_tables_check(tr_probe_tables *out, const char *conninfo)
{
	PGconn *c = NULL;
	PGresult *res = NULL;
	char *secret = NULL;
	bool branches, accounts;
	int rc;

	memset(out, 0, sizeof(*out));
	out->scale = -1;
	if ((rc = S_connect_bounded(&c, &secret, conninfo)) < 0)
		return rc;
	out->server_version_num = PQserverVersion(c);
	/* to_regclass: resolved on the search_path, as pgbench's own
	 * unqualified names are. */
	if ((rc = S_query(&res, c,
	                  "select (to_regclass('pgbench_accounts') is not null)::int"
	                  " + (to_regclass('pgbench_branches') is not null)::int"
	                  " + (to_regclass('pgbench_tellers') is not null)::int"
	                  " + (to_regclass('pgbench_history') is not null)::int,"
	                  " to_regclass('pgbench_branches') is not null,"
	                  " to_regclass('pgbench_accounts') is not null",
	                  "looking for the pgbench tables", secret)) < 0)
		goto cleanup;
	out->present = atoi(PQgetvalue(res, 0, 0));
	branches = strcmp(PQgetvalue(res, 0, 1), "t") == 0;
	accounts = strcmp(PQgetvalue(res, 0, 2), "t") == 0;
	PQclear(res);
	res = NULL;
	if (branches) {
		if ((rc = S_query(&res, c, "select count(*) from pgbench_branches",
		                  "counting pgbench_branches", secret)) < 0)
			goto cleanup;
		out->scale = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
		PQclear(res);
		res = NULL;
	}
	if (accounts) {
		if ((rc = S_query(&res, c, "select exists (select 1 from "
		                  "pgbench_accounts)", "reading pgbench_accounts",
		                  secret)) < 0)
			goto cleanup;
		out->loaded = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	}
	rc = 0;
cleanup:
	PQclear(res);
	PQfinish(c);
	free(secret);
	return rc;
}

static bool S_is_conninfo(const char *s)
{
	return strchr(s, '=') != NULL || strncmp(s, "postgresql://", 13) == 0 ||
	       strncmp(s, "postgres://", 11) == 0;
}

int tr_probe_conninfo_with_db(char **out, const char *conninfo,
                              const char *database)
{
	PQconninfoOption *opts = NULL;
	char *err = NULL;
	tr_buf b = TR_BUF_INIT;
	bool have_db = false;
	int rc = 0;

	*out = NULL;
	if (!conninfo)
		conninfo = "";
	if (*conninfo && !S_is_conninfo(conninfo)) {
		/* A bare database name, as libpq takes it. */
		rc = tr_probe_put_kv(&b, "dbname", database ? database : conninfo);
		goto cleanup;
	}
	if ((rc = tr_pq_load()) < 0)
		goto cleanup;
	opts = PQconninfoParse(conninfo, &err);
	if (!opts) {
		PQfreemem(err);
		return tr_error_set("the connection string does not parse (see "
		                    "libpq's \"Connection Strings\")");
	}
	for (PQconninfoOption *o = opts; o->keyword && rc == 0; o++) {
		const char *v = o->val;
		if (strcmp(o->keyword, "dbname") == 0) {
			have_db = true;
			if (database)
				v = database;
		}
		/* Never a secret on pgbench's command line (ps shows it). */
		if (strcmp(o->keyword, "password") == 0 ||
		    strcmp(o->keyword, "sslpassword") == 0)
			continue;
		if (v && *v)
			rc = tr_probe_put_kv(&b, o->keyword, v);
	}
	if (rc == 0 && database && !have_db)
		rc = tr_probe_put_kv(&b, "dbname", database);
cleanup:
	PQconninfoFree(opts);
	if (rc < 0) {
		tr_buf_free(&b);
		return rc;
	}
	*out = b.ptr ? tr_buf_detach(&b) : tr_strdup("");
	return *out ? 0 : TR_ENOMEM;
}

static void S_facts_settings(tr_json *j, const PGresult *res)
{
	size_t n;
	const char *const *names = tr_probe_setting_names(&n);
	tr_json_key(j, "settings");
	tr_json_object_begin(j);
	for (size_t i = 0; i < n; i++) {
		const char *v = tr_probe_setting_value(res, names[i]);
		if (!v)
			continue;
		tr_json_key(j, names[i]);
		tr_json_string(j, v);
	}
	tr_json_object_end(j);
}

/* facts.json from what was read on c: settings (res) and SSL (ssl). */
static int S_facts_write(tr_buf *out, PGconn *c, const PGresult *res,
                         const PGresult *ssl, const char *pgbench_version)
{
	char *where = tr_probe_conn_where(c), when[32] = "";
	time_t now = time(NULL);
	struct tm tm;
	tr_json j;
	int rc;

	if (gmtime_r(&now, &tm))
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	tr_probe_json_head(&j, "run", TR_VERSION);
	tr_json_key(&j, "read_at");
	tr_json_string(&j, when);
	tr_json_key(&j, "conninfo");
	tr_json_string(&j, where);
	tr_json_key(&j, "server");
	tr_json_object_begin(&j);
	tr_json_key(&j, "version");
	tr_json_string(&j, PQparameterStatus(c, "server_version"));
	tr_json_key(&j, "version_num");
	tr_json_int(&j, PQserverVersion(c));
	S_facts_settings(&j, res);
	tr_json_object_end(&j);
	tr_json_key(&j, "connection");
	tr_json_object_begin(&j);
	tr_json_key(&j, "ssl");
	tr_json_bool(&j, PQntuples(ssl) == 1 &&
	                     strcmp(PQgetvalue(ssl, 0, 0), "t") == 0);
	tr_json_object_end(&j);
	tr_json_key(&j, "pgbench");
	tr_json_object_begin(&j);
	tr_json_key(&j, "version");
	tr_json_string(&j, pgbench_version);
	tr_json_object_end(&j);
	tr_json_object_end(&j);
	rc = tr_json_finish(&j);
	free(where);
	return rc;
}

int tr_probe_facts_json(tr_buf *out, const char *conninfo,
                        const char *pgbench_version)
{
	PGconn *c = NULL;
	PGresult *res = NULL, *ssl = NULL;
	char *secret = NULL;
	tr_buf sql = TR_BUF_INIT;
	int rc;

	if ((rc = S_connect_bounded(&c, &secret, conninfo)) < 0)
		return rc;
	if ((rc = tr_probe_settings_sql(&sql)) < 0)
		goto cleanup;
	if ((rc = S_query(&res, c, tr_buf_cstr(&sql), "reading the server's "
	                  "settings", secret)) < 0 ||
	    (rc = S_query(&ssl, c, "select ssl from pg_catalog.pg_stat_ssl "
	                  "where pid = pg_catalog.pg_backend_pid()",
	                  "reading pg_stat_ssl", secret)) < 0)
		goto cleanup;
	rc = S_facts_write(out, c, res, ssl, pgbench_version);
cleanup:
	tr_buf_free(&sql);
	PQclear(res);
	PQclear(ssl);
	PQfinish(c);
	free(secret);
	return rc;
}
