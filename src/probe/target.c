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

const char *const tr_probe_table_names[TR_PROBE_NTABLES] = {
	"pgbench_accounts", "pgbench_branches", "pgbench_tellers",
	"pgbench_history"
};

/* Each table: whether it exists and has a valid primary key (to_regclass
 * resolves on the search_path, as pgbench's unqualified names do); then
 * the probe's marker. Catalog reads only: they wait for no table lock. */
static const char S_tables_sql[] =
	"select to_regclass(n) is not null, exists (select 1 from "
	"pg_catalog.pg_index i where i.indrelid = to_regclass(n) and "
	"i.indisprimary and i.indisvalid) from unnest(array['pgbench_accounts',"
	"'pgbench_branches','pgbench_tellers','pgbench_history']) with "
	"ordinality as t(n, k) order by k";

bool tr_probe_tables_complete(const tr_probe_tables *t)
{
	return t->present == TR_PROBE_NTABLES && !t->marked && t->loaded &&
	       (t->keyed & t->want_keys) == t->want_keys && t->scale > 0;
}

/* "WHAT a, b" for the tables of mask; "" when none. */
static int S_list(tr_buf *out, const char *what, unsigned mask)
{
	bool first = true;
	int rc = 0;
	for (int i = 0; i < TR_PROBE_NTABLES && rc == 0; i++) {
		if (!(mask & (1u << i)))
			continue;
		if (first && out->size)
			rc = tr_buf_puts(out, "; ");
		if (rc == 0)
			rc = tr_buf_printf(out, "%s%s", first ? what : ", ",
			                   tr_probe_table_names[i]);
		first = false;
	}
	return rc;
}

int tr_probe_tables_missing(tr_buf *out, const tr_probe_tables *t)
{
	unsigned all = (1u << TR_PROBE_NTABLES) - 1;
	int rc = S_list(out, "no ", all & ~t->exists);
	if (rc == 0)
		rc = S_list(out, "no primary key on ",
		            t->exists & t->want_keys & ~t->keyed);
	if (rc == 0 && t->marked)
		rc = tr_buf_printf(out, "%sthe probe's \"load incomplete\" marker on "
		                   "pgbench_accounts", out->size ? "; " : "");
	if (rc == 0 && (t->exists & 1u) && !t->loaded)
		rc = tr_buf_printf(out, "%spgbench_accounts is empty",
		                   out->size ? "; " : "");
	if (rc == 0 && (t->exists & 2u) && t->scale == 0)
		rc = tr_buf_printf(out, "%spgbench_branches is empty",
		                   out->size ? "; " : "");
	return rc;
}

int tr_probe_tables_check(tr_probe_tables *out, const char *conninfo)
{
	PGconn *c = NULL;
	PGresult *res = NULL;
	char *secret = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	out->scale = -1;
	out->want_keys = 7u; /* accounts, branches, tellers; history has none */
	if ((rc = S_connect_bounded(&c, &secret, conninfo)) < 0)
		return rc;
	out->server_version_num = PQserverVersion(c);
	if ((rc = S_query(&res, c, S_tables_sql, "looking for the pgbench tables",
	                  secret)) < 0)
		goto cleanup;
	for (int i = 0; i < TR_PROBE_NTABLES && i < PQntuples(res); i++) {
		if (strcmp(PQgetvalue(res, i, 0), "t") == 0) {
			out->exists |= 1u << i;
			out->present++;
		}
		if (strcmp(PQgetvalue(res, i, 1), "t") == 0)
			out->keyed |= 1u << i;
	}
	PQclear(res);
	res = NULL;
	if (out->exists & 1u) {
		if ((rc = S_query(&res, c, "select coalesce(pg_catalog.obj_description("
		                  "to_regclass('pgbench_accounts'), 'pg_class') = '"
		                  TR_PROBE_INCOMPLETE "', false), exists (select 1 "
		                  "from pgbench_accounts)", "reading pgbench_accounts",
		                  secret)) < 0)
			goto cleanup;
		out->marked = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
		out->loaded = strcmp(PQgetvalue(res, 0, 1), "t") == 0;
		PQclear(res);
		res = NULL;
	}
	if (out->exists & 2u) {
		if ((rc = S_query(&res, c, "select count(*) from pgbench_branches",
		                  "counting pgbench_branches", secret)) < 0)
			goto cleanup;
		out->scale = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
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
