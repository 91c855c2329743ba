/* test_probe_text.c: the probe's text helpers, no server needed: libpq
 * messages as one line, passwords scrubbed, connection strings without
 * secrets, options checked. */

/* internal test of: probe */

#include "harness.h"
#include "probe/probe_internal.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>

static char *S_flat(const char *msg)
{
	tr_buf b = TR_BUF_INIT;
	tr_probe_flatten(&b, msg);
	return tr_buf_detach(&b);
}

#define CHECK_FLAT(msg, want)          \
	do {                           \
		char *s_ = S_flat(msg); \
		CHECK_STR(s_ ? s_ : "", want); \
		free(s_);              \
	} while (0)

static void test_flatten(void)
{
	/* libpq 15's messages, as PQerrorMessage gives them */
	CHECK_FLAT("connection to server at \"127.0.0.1\", port 1 failed: "
	           "Connection refused\n\tIs the server running on that host and "
	           "accepting TCP/IP connections?\n",
	           "connection to server at \"127.0.0.1\", port 1 failed: "
	           "Connection refused. Is the server running on that host and "
	           "accepting TCP/IP connections?");
	CHECK_FLAT("server closed the connection unexpectedly\n\tThis probably "
	           "means the server terminated abnormally\n\tbefore or while "
	           "processing the request.\n",
	           "server closed the connection unexpectedly. This probably means "
	           "the server terminated abnormally before or while processing "
	           "the request.");
	/* two hosts tried: two messages */
	CHECK_FLAT("connection to server at \"::1\" failed: refused\n"
	           "connection to server at \"127.0.0.1\" failed: refused\n",
	           "connection to server at \"::1\" failed: refused; "
	           "connection to server at \"127.0.0.1\" failed: refused");
	CHECK_FLAT("FATAL:  password authentication failed for user \"u\"\n",
	           "FATAL: password authentication failed for user \"u\"");
	CHECK_FLAT("a \n\tb", "a b");
	CHECK_FLAT("", "");
	CHECK_FLAT("\n\n", "");
}

static void test_scrub(void)
{
	char s[] = "password=s3cret! and again s3cret!s3cret!";
	char t[] = "ab a b";
	char u[] = "nothing here";
	tr_probe_scrub(s, "s3cret!");
	CHECK_STR(s, "password=*** and again ******");
	/* short passwords: one star per byte, never longer */
	tr_probe_scrub(t, "a");
	CHECK_STR(t, "*b * b");
	tr_probe_scrub(u, "");
	tr_probe_scrub(u, NULL);
	CHECK_STR(u, "nothing here");
}

static void S_redact(const char *in, const char *want)
{
	char *got = tr_probe_conninfo_redact(in);
	CHECK_STR(got, want);
	free(got);
}

static void test_redact(void)
{
	S_redact("host=db port=5433 dbname=bench user=u password=pw sslmode=require",
	         "host=db port=5433 dbname=bench user=u sslmode=require");
	S_redact("postgresql://u:pw@db.example:6543/bench?sslmode=verify-full&sslpassword=x",
	         "host=db.example port=6543 dbname=bench user=u sslmode=verify-full");
	S_redact("bench", "dbname=bench");
	S_redact("my db", "dbname='my db'");
	S_redact("dbname='it\\'s' password='p w'", "dbname='it\\'s'");
	S_redact("", "");
	S_redact(NULL, "");
	/* cannot parse: NULL, and the message does not repeat the string */
	CHECK(tr_probe_conninfo_redact("host=db password='unterminated") == NULL);
	CHECK(strstr(tr_error_last(), "unterminated") == NULL);
}

static void test_options(void)
{
	tr_probe_options o;
	tr_probe_options_init(&o);
	CHECK_INT(tr_probe_options_check(&o), 0);
	CHECK_STR(o.steps, "dtgvp");
	CHECK_INT(o.scale, 1);
	CHECK_INT(o.fillfactor, 100);
	CHECK_INT(o.jobs, 1);
	o.steps = "dtx";
	CHECK(tr_probe_options_check(&o) < 0);
	CHECK(strstr(tr_error_last(), "unrecognized initialization step \"x\"") != NULL);
	o.steps = "";
	CHECK(tr_probe_options_check(&o) < 0);
	o.steps = "d t G v p f";
	CHECK_INT(tr_probe_options_check(&o), 0);
	o.fillfactor = 9;
	CHECK(tr_probe_options_check(&o) < 0);
	o.fillfactor = 100;
	o.partition_method = TR_PARTITION_HASH;
	CHECK(tr_probe_options_check(&o) < 0);
	CHECK(strstr(tr_error_last(), "--partitions") != NULL);
	o.partitions = 4;
	CHECK_INT(tr_probe_options_check(&o), 0);
	o.jobs = 0;
	CHECK(tr_probe_options_check(&o) < 0);
	o.jobs = 2;
	o.scale = 0;
	CHECK(tr_probe_options_check(&o) < 0);
}

int main(void)
{
	RUN(test_flatten);
	RUN(test_scrub);
	RUN(test_redact);
	RUN(test_options);
	return harness_done();
}
