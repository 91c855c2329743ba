/* facts.c: what the server is and how it is set up, read before the steps:
 * the settings that explain init and benchmark speed, SSL, the version;
 * and the database size after them. */

#include "probe_internal.h"
#include "version.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* In the order a setup table shows them. The first fourteen are the ones
 * the seeds' write-ups discuss; the others explain index builds (the
 * primary keys phase), WAL buffering and whether huge pages are really in
 * use (17+). Settings this server does not have are left out. */
static const char *const S_settings[] = {
	"shared_buffers", "effective_cache_size", "work_mem",
	"maintenance_work_mem", "max_wal_size", "checkpoint_timeout",
	"wal_compression", "wal_level", "synchronous_commit", "fsync",
	"full_page_writes", "huge_pages", "max_connections", "data_checksums",
	"huge_pages_status", "max_parallel_maintenance_workers", "wal_buffers",
};

const char *const *tr_probe_setting_names(size_t *n)
{
	*n = TR_ARRAY_SIZE(S_settings);
	return S_settings;
}

int tr_probe_settings_sql(tr_buf *out)
{
	tr_buf_puts(out, "select name, pg_catalog.current_setting(name) "
	            "from pg_catalog.pg_settings where name in (");
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_settings); i++)
		tr_buf_printf(out, "%s'%s'", i ? ", " : "", S_settings[i]);
	return tr_buf_putc(out, ')');
}

const char *tr_probe_setting_value(const PGresult *res, const char *name)
{
	for (int row = 0; row < PQntuples(res); row++)
		if (strcmp(PQgetvalue(res, row, 0), name) == 0)
			return PQgetvalue(res, row, 1);
	return NULL;
}

static int S_settings_read(tr_probe *p, tr_init *init)
{
	tr_buf sql = TR_BUF_INIT;
	PGresult *res = NULL;
	int rc;

	if (tr_probe_settings_sql(&sql) < 0) {
		tr_buf_free(&sql);
		return TR_ENOMEM;
	}
	rc = tr_probe_exec(p, NULL, tr_buf_cstr(&sql), &res);
	tr_buf_free(&sql);
	if (rc < 0)
		return rc;
	init->settings = tr_calloc(TR_ARRAY_SIZE(S_settings), sizeof(tr_setting));
	if (!init->settings) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_settings); i++) {
		const char *v = tr_probe_setting_value(res, S_settings[i]);
		tr_setting *s = &init->settings[init->nsettings];
		if (!v)
			continue;
		s->name = tr_strdup(S_settings[i]);
		s->value = tr_strdup(v);
		if (!s->name || !s->value) {
			free(s->name);
			free(s->value);
			rc = TR_ENOMEM;
			goto cleanup;
		}
		init->nsettings++;
	}

cleanup:
	PQclear(res);
	return rc;
}

static int S_ssl_read(tr_probe *p, tr_probe_result *r)
{
	PGresult *res = NULL;
	int rc = tr_probe_exec(p, NULL,
	                       "select ssl, version, cipher from pg_catalog.pg_stat_ssl "
	                       "where pid = pg_catalog.pg_backend_pid()", &res);
	if (rc < 0)
		return rc;
	if (PQntuples(res) == 1 && strcmp(PQgetvalue(res, 0, 0), "t") == 0) {
		r->ssl = true;
		if (!PQgetisnull(res, 0, 1))
			r->ssl_version = tr_strdup(PQgetvalue(res, 0, 1));
		if (!PQgetisnull(res, 0, 2))
			r->ssl_cipher = tr_strdup(PQgetvalue(res, 0, 2));
	}
	PQclear(res);
	return 0;
}

int tr_probe_read_facts(tr_probe *p)
{
	tr_probe_result *r = &p->facts;
	PGconn *c = p->conns[0].conn;
	const char *ver = PQparameterStatus(c, "server_version");
	time_t now = time(NULL);
	struct tm tm;
	int rc;

	memset(r, 0, sizeof(*r));
	r->init.source = tr_strdup("probe");
	r->init.total_s = 0;
	r->init.wall_s = NAN;
	r->init.user_s = NAN;
	r->init.sys_s = NAN;
	r->init.rows = -1;
	r->init.scale = -1;
	r->init.jobs = p->opts.jobs;
	r->init.database_bytes = -1;
	r->init.server_version = tr_strdup(ver ? ver : "");
	r->init.conninfo = tr_probe_conn_where(c);
	r->init.tool_version = tr_strdup(TR_VERSION);
	r->steps = tr_strdup(p->steps);
	r->scale = p->opts.scale;
	r->fillfactor = p->opts.fillfactor;
	r->unlogged_tables = p->opts.unlogged_tables;
	r->partitions = p->opts.partitions;
	r->partition_method = p->opts.partitions > 0 ? p->opts.partition_method
	                                             : TR_PARTITION_NONE;
	r->server_version_num = p->server_version;
	r->branches = r->tellers = -1;
	if (gmtime_r(&now, &tm))
		strftime(r->started_at, sizeof(r->started_at), "%Y-%m-%dT%H:%M:%SZ",
		         &tm);
	if (!r->init.source || !r->init.server_version || !r->init.conninfo ||
	    !r->init.tool_version || !r->steps)
		return TR_ENOMEM;
	p->phase = "reading the server's settings";
	rc = S_settings_read(p, &r->init);
	if (rc == 0)
		rc = S_ssl_read(p, r);
	p->phase = NULL;
	return rc;
}

int tr_probe_database_size(tr_probe *p, int64_t *out)
{
	PGresult *res = NULL;
	int rc;
	p->phase = "reading the database size";
	rc = tr_probe_exec(p, NULL,
	                   "select pg_catalog.pg_database_size("
	                   "pg_catalog.current_database())", &res);
	p->phase = NULL;
	if (rc < 0)
		return rc;
	*out = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	return 0;
}

/* Where and as whom, from the connection itself (whatever mix of string,
 * PG* variables and defaults said it): never the password. */
char *tr_probe_conn_where(PGconn *c)
{
	tr_buf out = TR_BUF_INIT;
	PQconninfoOption *opts = PQconninfo(c), *o;
	const char *host = PQhost(c), *port = PQport(c);
	if (host && *host)
		tr_probe_put_kv(&out, "host", host);
	if (port && *port)
		tr_probe_put_kv(&out, "port", port);
	tr_probe_put_kv(&out, "dbname", PQdb(c));
	tr_probe_put_kv(&out, "user", PQuser(c));
	for (o = opts; o && o->keyword; o++)
		if (strcmp(o->keyword, "sslmode") == 0 && o->val && *o->val)
			tr_probe_put_kv(&out, "sslmode", o->val);
	PQconninfoFree(opts);
	return tr_buf_detach(&out);
}
