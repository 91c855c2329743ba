/* test_facts.c: results/<provider>/facts.json read back (docs/run.md):
 * a document written by hand after the format, schema and type errors
 * naming their line, unknown members passed over. */

#include "harness.h"
#include "util/error.h"
#include "ingest/ingest.h"

#include <stdlib.h>

static void test_read(void)
{
	const char *text =
		"{\n"
		"  \"schema\": 1,\n"
		"  \"source\": \"run\",\n"
		"  \"future\": {\"x\": [1, 2]},\n"
		"  \"read_at\": \"2026-12-01T15:55:06Z\",\n"
		"  \"conninfo\": \"host=db port=5432 dbname=b user=u\",\n"
		"  \"server\": {\n"
		"    \"version\": \"17.2\",\n"
		"    \"version_num\": 170002,\n"
		"    \"settings\": {\"shared_buffers\": \"2GB\", \"fsync\": \"on\"}\n"
		"  },\n"
		"  \"pgbench\": {\"version\": \"pgbench (PostgreSQL) 17.2\"}\n"
		"}\n";
	tr_server_facts *f = NULL;
	CHECK_INT(tr_server_facts_parse(&f, text, strlen(text), "results/a/facts.json"), 0);
	if (!f)
		return;
	CHECK_STR(f->server_version, "17.2");
	CHECK_INT(f->server_version_num, 170002);
	CHECK_STR(f->pgbench_version, "pgbench (PostgreSQL) 17.2");
	CHECK_STR(f->read_at, "2026-12-01T15:55:06Z");
	CHECK_STR(f->path, "results/a/facts.json");
	CHECK_INT(f->nsettings, 2);
	CHECK_STR(f->settings[0].name, "shared_buffers");
	CHECK_STR(f->settings[0].value, "2GB");
	CHECK_STR(f->settings[1].name, "fsync");
	tr_server_facts_free(f);
	free(f);

	/* Only the schema: every fact unknown. */
	text = "{\"schema\": 1}";
	CHECK_INT(tr_server_facts_parse(&f, text, strlen(text), "f.json"), 0);
	if (f) {
		CHECK(f->server_version == NULL && f->nsettings == 0);
		CHECK_INT(f->server_version_num, -1);
		tr_server_facts_free(f);
		free(f);
	}
}

static void S_bad(const char *text, const char *want)
{
	tr_server_facts *f = (tr_server_facts *)1;
	int rc = tr_server_facts_parse(&f, text, strlen(text), "f.json");
	char m[600];
	snprintf(m, sizeof m, "%s: \"%s\" (got %d: %s)", text, want, rc, tr_error_last());
	harness_check(rc < 0 && f == NULL && strstr(tr_error_last(), want) != NULL,
	              __FILE__, __LINE__, m);
}

static void test_bad(void)
{
	S_bad("{\"schema\": 2}", "f.json:1: facts.json schema 2 is newer");
	S_bad("{\"source\": \"run\"}", "\"schema\" is missing");
	S_bad("[1]", "must be an object");
	S_bad("{\"schema\": 1,\n\"server\": {\"settings\": {\"fsync\": true}}}",
	      "f.json:2: \"server.settings values\" must be strings");
	S_bad("{\"schema\": 1,\n\n\"server\": {\"version\": 17}}",
	      "f.json:3: \"server.version\" must be a string");
	S_bad("{\"schema\": 1, \"pgbench\": 3}", "\"pgbench\" must be an object");
	S_bad("{\"schema\": 1", "f.json:1:");
}

/* The whole message of each document-level error, as docs/run.md's
 * schema 1 has it (written here by hand). */
static void S_whole(const char *text, const char *want)
{
	tr_server_facts *f = NULL;
	CHECK(tr_server_facts_parse(&f, text, strlen(text), "f.json") < 0);
	CHECK_STR(tr_error_last(), want);
	CHECK(f == NULL);
}

static void test_whole_messages(void)
{
	S_whole("[1]", "f.json:1: \"the document\" must be an object, not array");
	S_whole("{\n\"source\": \"run\"}",
	        "f.json:1: \"schema\" is missing: not a facts.json");
	S_whole("{\n\"schema\": 0}",
	        "f.json:2: \"schema\" must be a positive integer, not number");
	S_whole("{\"schema\":\n 3}", "f.json:2: facts.json schema 3 is newer than "
	        "this tpsreport reads (1): upgrade tpsreport");
	S_whole("{\"schema\": 1,\n\"server\": \"pg\"}",
	        "f.json:2: \"server\" must be an object, not string");
}

int main(void)
{
	RUN(test_read);
	RUN(test_bad);
	RUN(test_whole_messages);
	return harness_done();
}
