/* test_conninfo_secret.c: issue 24, item 1. Whether a connection string
 * carries a password is decided once, by libpq's own parser
 * (tr_probe_conninfo_secret over PQconninfoParse), and pgbench's
 * connection string never holds one. The verdicts are written by hand from
 * libpq's "Connection Strings" rules (a URI's userinfo runs to the '@'
 * whatever it holds; parameter names are percent-decoded). */

#include "harness.h"
#include "probe/probe.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

static void S_secret(const char *conninfo, bool want)
{
	bool got = !want;
	int rc = tr_probe_conninfo_secret(&got, conninfo);
	CHECK_INT(rc, 0);
	if (got != want)
		fprintf(stderr, "  conninfo: %s: want %s\n", conninfo,
		        want ? "a secret" : "none");
	CHECK(got == want);
}

static void test_secrets(void)
{
	/* The two forms the hand-written check let through. */
	S_secret("postgresql://u:pa?ss@h/db", true);
	S_secret("postgresql://h/db?%70assword=x", true);
	S_secret("postgresql://u:%73@h/db", true);
	S_secret("postgres://bench:s3cret@db/x", true);
	S_secret("postgres://db/x?sslmode=require&password=p", true);
	S_secret("postgresql://u@h/db?sslpassword=z", true);
	S_secret("host=x password = 'a b'", true);
	S_secret("host=db password=s3cret", true);
	S_secret("sslpassword=x host=db", true);
	/* A dbname that is itself a connection string. */
	S_secret("dbname='postgresql://u:p@h/d'", true);
	S_secret("dbname='host=h password=p'", true);
	/* None. */
	S_secret("host=db password=", false);
	S_secret("host=db password=''", false);
	S_secret("application_name='password=x'", false);
	S_secret("service=aws", false);
	S_secret("postgresql://bench@db:5432/x?sslmode=require", false);
	S_secret("postgresql://h/db?application_name=%70assword%3Dx", false);
	S_secret("bench100", false);
	S_secret("", false);
}

static void test_unparsable(void)
{
	bool got = true;
	CHECK(tr_probe_conninfo_secret(&got, "host=x password='s3cret") < 0);
	CHECK(strstr(tr_error_last(), "s3cret") == NULL);
	CHECK(tr_probe_conninfo_secret(&got, "postgresql://u:s3cret@h:notaport/") < 0 ||
	      got);
	CHECK(strstr(tr_error_last(), "s3cret") == NULL);
}

/* pgbench's connection string: every key kept but the secrets. */
static void test_with_db(void)
{
	char *out = NULL;
	CHECK_INT(tr_probe_conninfo_with_db(&out, "postgresql://u:pa?ss@h/db?sslpassword=z", "bench"), 0);
	CHECK(out && strstr(out, "pa?ss") == NULL && strstr(out, "password") == NULL);
	CHECK(out && strstr(out, "dbname=bench") && strstr(out, "user=u") && strstr(out, "host=h"));
	free(out);
	CHECK_INT(tr_probe_conninfo_with_db(&out, "host=h password=s3cret sslmode=require", NULL), 0);
	CHECK_STR(out, "host=h sslmode=require");
	free(out);
}

int main(void)
{
	RUN(test_secrets);
	RUN(test_unparsable);
	RUN(test_with_db);
	return harness_done();
}
