/* conn.c: connecting, running statements, and saying what went wrong in
 * one line that never holds the password. */

#include "probe_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

int64_t tr_probe_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void tr_probe_scrub(char *s, const char *secret)
{
	size_t n, stars = 3;
	char *hit;
	if (!s || !secret || !*secret)
		return;
	n = strlen(secret);
	while ((hit = strstr(s, secret)) != NULL) {
		/* "***" may be longer than a short password: shift the tail. */
		size_t tail = strlen(hit + n);
		if (n >= stars) {
			memcpy(hit, "***", stars);
			memmove(hit + stars, hit + n, tail + 1);
		} else {
			/* Never longer than the original: write one '*' per byte. */
			memset(hit, '*', n);
		}
		s = hit + (n >= stars ? stars : n);
	}
}

int tr_probe_flatten(tr_buf *out, const char *msg)
{
	/* libpq continues a sentence on a tab-indented line ("Connection
	 * refused\n\tIs the server running ..."); separate messages (one per
	 * host tried) start a line of their own. */
	const char *p = msg;
	char prev = '\0';
	bool space = false, newline = false, indented = false;
	int rc = 0;
	while (*p && rc == 0) {
		char c = *p++;
		if (c == '\n') {
			newline = true;
			indented = space = false;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			if (newline && !space)
				indented = true;
			space = true;
			continue;
		}
		if (prev && newline && !indented)
			rc = tr_buf_puts(out, "; ");
		else if (prev && newline && c >= 'A' && c <= 'Z' &&
		         !strchr(".?!:;,", prev))
			rc = tr_buf_puts(out, ". ");
		else if (prev && (space || newline))
			rc = tr_buf_putc(out, ' ');
		if (rc == 0)
			rc = tr_buf_putc(out, c);
		prev = c;
		space = newline = indented = false;
	}
	return rc;
}

/* Whether libpq would expand this dbname value into connection options
 * (libpq's own rule: a URI prefix or an '='). */
static bool S_is_conninfo(const char *s)
{
	return strchr(s, '=') != NULL ||
	       strncmp(s, "postgresql://", 13) == 0 ||
	       strncmp(s, "postgres://", 11) == 0;
}

static bool S_secret_key(const char *key)
{
	return strcmp(key, "password") == 0 || strcmp(key, "sslpassword") == 0;
}

/* The first secret (password, sslpassword) conninfo carries, as libpq
 * itself reads the string (PQconninfoParse: URIs with their percent
 * escapes and user:secret@, key=value with quotes), looking into a dbname
 * that is itself a connection string too (depth: how much further). */
static int S_secret_of(char **out, const char *conninfo, int depth)
{
	PQconninfoOption *opts, *o;
	char *err = NULL;
	int rc = 0;
	*out = NULL;
	if (!conninfo || !S_is_conninfo(conninfo))
		return 0;
	opts = PQconninfoParse(conninfo, &err);
	if (!opts) {
		/* libpq's message can quote the string, password and all:
		 * say only that it does not parse. */
		PQfreemem(err);
		return tr_error_set("the connection string does not parse "
		                    "(see libpq's \"Connection Strings\")");
	}
	for (o = opts; o->keyword && !*out && rc == 0; o++) {
		if (!o->val || !*o->val)
			continue;
		if (S_secret_key(o->keyword))
			rc = (*out = tr_strdup(o->val)) ? 0 : TR_ENOMEM;
		else if (depth > 0 && strcmp(o->keyword, "dbname") == 0)
			rc = S_secret_of(out, o->val, depth - 1);
	}
	PQconninfoFree(opts);
	return rc;
}

static int S_password_of(char **out, const char *conninfo)
{
	return S_secret_of(out, conninfo, 1);
}

int tr_probe_conninfo_secret(bool *out, const char *conninfo)
{
	char *secret = NULL;
	int rc = S_secret_of(&secret, conninfo, 1);
	*out = secret != NULL;
	free(secret);
	return rc;
}

static void S_scrub_all(char *s, const char *given, PGconn *conn)
{
	tr_probe_scrub(s, given);
	tr_probe_scrub(s, getenv("PGPASSWORD"));
	if (conn)
		tr_probe_scrub(s, PQpass(conn));
}

int tr_probe_connect(PGconn **out, char **secret, const char *conninfo,
                     PQnoticeReceiver notice, void *notice_arg)
{
	const char *keys[5], *vals[5];
	int n = 0;
	PGconn *conn = NULL;
	char *given = NULL;
	tr_buf msg = TR_BUF_INIT;
	int rc;

	*out = NULL;
	*secret = NULL;
	if ((rc = S_password_of(&given, conninfo)) < 0)
		return rc;
	/* Keywords are applied in order, so the connection string (dbname,
	 * expanded) overrides these defaults. */
	if (!getenv("PGCONNECT_TIMEOUT")) {
		keys[n] = "connect_timeout";
		vals[n++] = "15";
	}
	keys[n] = "fallback_application_name";
	vals[n++] = "tpsreport";
	if (conninfo && *conninfo) {
		keys[n] = "dbname";
		vals[n++] = conninfo;
	}
	keys[n] = NULL;
	vals[n] = NULL;
	conn = PQconnectdbParams(keys, vals, 1);
	if (!conn) {
		rc = tr_error_set("could not connect: out of memory");
		goto cleanup;
	}
	if (PQstatus(conn) != CONNECTION_OK) {
		char *s;
		tr_probe_flatten(&msg, PQerrorMessage(conn));
		s = tr_buf_detach(&msg);
		S_scrub_all(s, given, conn);
		rc = tr_error_set("could not connect: %s",
		                  s && *s ? s : "unknown reason");
		free(s);
		goto cleanup;
	}
	if (notice)
		PQsetNoticeReceiver(conn, notice, notice_arg);
	/* Remember every password this connection may have used: the one
	 * given, PGPASSWORD's, or the one libpq found in ~/.pgpass. */
	if (!given && PQpass(conn) && *PQpass(conn))
		given = tr_strdup(PQpass(conn));
	*out = conn;
	*secret = given;
	return 0;

cleanup:
	if (conn)
		PQfinish(conn);
	free(given);
	tr_buf_free(&msg);
	return rc;
}

/* What a 42501 (insufficient_privilege) in this phase needs. */
static const char *S_privilege_hint(const char *phase)
{
	switch (tr_phase_index(phase)) {
	case TR_PHASE_DROP:
		return "dropping the pgbench tables needs their ownership "
		       "(or superuser)";
	case TR_PHASE_CREATE:
		return "creating tables needs the CREATE privilege on the schema "
		       "(since PostgreSQL 15 schema public grants it only to the "
		       "database owner: GRANT CREATE ON SCHEMA public TO the user)";
	case TR_PHASE_GENERATE_CLIENT:
	case TR_PHASE_GENERATE_SERVER:
		return "generating needs TRUNCATE and INSERT on the pgbench tables "
		       "(or their ownership)";
	case TR_PHASE_VACUUM:
		return "vacuuming needs ownership of the tables (or the MAINTAIN "
		       "privilege, PostgreSQL 17+)";
	case TR_PHASE_PRIMARY_KEYS:
	case TR_PHASE_FOREIGN_KEYS:
		return "adding keys needs ownership of the tables (and REFERENCES "
		       "on the referenced ones)";
	default:
		return NULL;
	}
}

int tr_probe_fail_res(tr_probe *p, PGconn *c, const PGresult *res)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	const char *primary =
		res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
	const char *phase = p->phase ? p->phase : "setup";
	bool lost = c && PQstatus(c) == CONNECTION_BAD;
	tr_buf msg = TR_BUF_INIT, text = TR_BUF_INIT;
	char *s;

	if (primary && *primary)
		tr_probe_flatten(&text, primary);
	else if (c)
		tr_probe_flatten(&text, PQerrorMessage(c));
	if (text.size == 0)
		tr_buf_puts(&text, "unknown error");

	if (p->interrupted)
		tr_buf_printf(&msg, "interrupted during %s: %s", phase,
		              tr_buf_cstr(&text));
	else if (lost)
		tr_buf_printf(&msg, "connection lost during %s: %s", phase,
		              tr_buf_cstr(&text));
	else
		tr_buf_printf(&msg, "%s: %s", phase, tr_buf_cstr(&text));
	if (state && *state)
		tr_buf_printf(&msg, " (SQLSTATE %s)", state);
	if (state && strcmp(state, "42501") == 0 && S_privilege_hint(phase))
		tr_buf_printf(&msg, "; %s", S_privilege_hint(phase));
	s = tr_buf_detach(&msg);
	S_scrub_all(s, p->secret, c);
	tr_error_set("%s", s ? s : "out of memory");
	free(s);
	tr_buf_free(&text);
	return TR_ERROR;
}

int tr_probe_exec(tr_probe *p, PGconn *c, const char *sql, PGresult **out)
{
	PGresult *res;
	ExecStatusType st;
	if (out)
		*out = NULL;
	if (!c)
		c = p->conns[0].conn;
	/* After an interrupt nothing new starts. (A statement that was
	 * already running is cancelled; one that finished, a commit say,
	 * stays done and is not reported as interrupted.) */
	if (p->interrupted)
		return tr_error_set("interrupted during %s",
		                    p->phase ? p->phase : "setup");
	res = PQexec(c, sql);
	st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		tr_probe_fail_res(p, c, res);
		PQclear(res);
		return TR_ERROR;
	}
	if (out)
		*out = res;
	else
		PQclear(res);
	return 0;
}

int tr_probe_put_kv(tr_buf *out, const char *key, const char *val)
{
	bool quote = !*val;
	int rc = 0;
	for (const char *q = val; *q; q++)
		if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\'' ||
		    *q == '\\' || *q == '=')
			quote = true;
	if (out->size)
		rc = tr_buf_putc(out, ' ');
	if (rc == 0)
		rc = tr_buf_printf(out, "%s=", key);
	if (rc == 0 && !quote)
		return tr_buf_puts(out, val);
	/* Quoted as libpq reads it back: '...' with \ and ' escaped. */
	if (rc == 0)
		rc = tr_buf_putc(out, '\'');
	for (const char *q = val; rc == 0 && *q; q++) {
		if (*q == '\'' || *q == '\\')
			rc = tr_buf_putc(out, '\\');
		if (rc == 0)
			rc = tr_buf_putc(out, *q);
	}
	if (rc == 0)
		rc = tr_buf_putc(out, '\'');
	return rc;
}

char *tr_probe_conninfo_redact(const char *conninfo)
{
	/* What says where and as whom: never a secret. */
	static const char *const keep[] = {
		"host", "hostaddr", "port", "dbname", "user", "sslmode",
		"target_session_attrs"
	};
	PQconninfoOption *opts, *o;
	char *err = NULL;
	tr_buf out = TR_BUF_INIT;

	if (!conninfo || !*conninfo)
		return tr_strdup("");
	if (!S_is_conninfo(conninfo)) {
		/* A bare database name, as libpq takes it. */
		if (tr_probe_put_kv(&out, "dbname", conninfo) < 0) {
			tr_buf_free(&out);
			return NULL;
		}
		return tr_buf_detach(&out);
	}
	opts = PQconninfoParse(conninfo, &err);
	if (!opts) {
		/* libpq's message may quote the string: leave it out. */
		PQfreemem(err);
		tr_error_set("the connection string does not parse");
		return NULL;
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(keep); i++)
		for (o = opts; o->keyword; o++)
			if (strcmp(o->keyword, keep[i]) == 0 && o->val && *o->val)
				tr_probe_put_kv(&out, o->keyword, o->val);
	PQconninfoFree(opts);
	if (!out.ptr)
		return tr_strdup("");
	return tr_buf_detach(&out);
}
