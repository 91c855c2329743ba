/* test_initjson.c: init.json read back into tr_init: a real probe's file,
 * the writer's output round-tripped, and hostile documents. */

#include "harness.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/str.h"

#include <stdlib.h>

static const char *S_setting(const tr_init *init, const char *name)
{
	for (size_t i = 0; i < init->nsettings; i++)
		if (strcmp(init->settings[i].name, name) == 0)
			return init->settings[i].value;
	return NULL;
}

/* The file a real `tpsreport probe bench --scale 2` wrote. */
static void test_real_file(void)
{
	size_t len;
	char *text = harness_read("tests/fixtures/probe/init_s2.json", &len);
	tr_init init;
	CHECK_INT(tr_initjson_parse(&init, text, len, "results/a/s/init.json"), 0);
	CHECK_STR(init.source, "probe");
	CHECK_STR(init.path, "results/a/s/init.json");
	CHECK_INT(init.nphases, 5);
	if (init.nphases == 5) {
		CHECK_STR(init.phases[0].name, "drop tables");
		CHECK_STR(init.phases[2].name, "client-side generate");
		CHECK_DBL(init.phases[2].seconds, 0.213675, 1e-12);
		CHECK_STR(init.phases[4].name, "primary keys");
	}
	CHECK_DBL(init.total_s, 0.569338, 1e-12);
	CHECK_DBL(init.wall_s, 0.577242, 1e-12);
	CHECK(isnan(init.user_s) && isnan(init.sys_s));
	CHECK_INT(init.rows, 200000);
	CHECK_INT(init.scale, 2);
	CHECK_INT(init.jobs, 1);
	CHECK_INT(init.database_bytes, 39181671);
	CHECK_STR(init.server_version, "15.18 (Debian 15.18-0+deb12u1)");
	CHECK_STR(S_setting(&init, "shared_buffers"), "128MB");
	CHECK_STR(S_setting(&init, "data_checksums"), "off");
	CHECK_STR(S_setting(&init, "ssl_in_use"), "off");
	CHECK(strstr(init.conninfo, "dbname=bench") != NULL);
	CHECK(strstr(init.conninfo, "password") == NULL);
	CHECK_STR(init.tool_version, "0.1.0");
	tr_init_free(&init);
	free(text);
}

/* What the probe writes, the reader reads: every field the model has. */
static void test_round_trip(void)
{
	tr_probe_result r;
	tr_buf json = TR_BUF_INIT;
	tr_init back;
	memset(&r, 0, sizeof(r));
	r.init.source = strdup("probe");
	r.init.phases = calloc(2, sizeof(tr_init_phase));
	r.init.phases[0].name = strdup("drop tables");
	r.init.phases[0].seconds = 0.0125;
	r.init.phases[1].name = strdup("client-side generate");
	r.init.phases[1].seconds = 876.5;
	r.init.nphases = 2;
	r.phase_steps = strdup("dg");
	r.init.total_s = 876.5125;
	r.init.wall_s = 877.25;
	r.init.rows = 1000000000;
	r.init.scale = 10000;
	r.init.jobs = 4;
	r.init.database_bytes = 160000000000LL;
	r.init.server_version = strdup("17.4 \"quoted\" \xc3\xa9");
	r.init.settings = calloc(1, sizeof(tr_setting));
	r.init.settings[0].name = strdup("huge_pages");
	r.init.settings[0].value = strdup("on");
	r.init.nsettings = 1;
	r.init.conninfo = strdup("host=db.example port=5432 dbname=bench user=u");
	r.init.tool_version = strdup("9.9.9");
	r.steps = strdup("dg");
	r.scale = 10000;
	r.fillfactor = 90;
	r.partitions = 0;
	r.server_version_num = 170004;
	r.ssl = true;
	r.ssl_version = strdup("TLSv1.3");
	r.parallel = true;
	r.branches = 10000;
	r.tellers = 100000;
	strcpy(r.started_at, "2025-05-05T10:20:30Z");

	CHECK_INT(tr_probe_result_json(&json, &r), 0);
	CHECK_INT(tr_initjson_parse(&back, json.ptr, json.size, "init.json"), 0);
	CHECK_INT(back.nphases, 2);
	if (back.nphases == 2) {
		CHECK_STR(back.phases[1].name, "client-side generate");
		CHECK_DBL(back.phases[0].seconds, 0.0125, 0);
		CHECK_DBL(back.phases[1].seconds, 876.5, 0);
	}
	CHECK_DBL(back.total_s, 876.5125, 0);
	CHECK_DBL(back.wall_s, 877.25, 0);
	CHECK_INT(back.rows, 1000000000);
	CHECK_INT(back.scale, 10000);
	CHECK_INT(back.jobs, 4);
	CHECK_INT(back.database_bytes, 160000000000LL);
	CHECK_STR(back.server_version, "17.4 \"quoted\" \xc3\xa9");
	CHECK_STR(S_setting(&back, "huge_pages"), "on");
	CHECK_STR(S_setting(&back, "ssl_in_use"), "on");
	CHECK_STR(back.conninfo, "host=db.example port=5432 dbname=bench user=u");
	CHECK_STR(back.tool_version, "9.9.9");
	tr_init_free(&back);

	/* Not parallel: jobs is 1 whatever the options said. */
	r.parallel = false;
	tr_buf_clear(&json);
	CHECK_INT(tr_probe_result_json(&json, &r), 0);
	CHECK_INT(tr_initjson_parse(&back, json.ptr, json.size, "init.json"), 0);
	CHECK_INT(back.jobs, 1);
	tr_init_free(&back);

	tr_buf_free(&json);
	tr_probe_result_free(&r);
}

/* Must fail with "init.json:LINE: ..." and leave nothing behind. */
static void S_bad(const char *doc, int line, const char *words)
{
	tr_init init;
	char want[64];
	int rc = tr_initjson_parse(&init, doc, strlen(doc), "init.json");
	snprintf(want, sizeof want, "init.json:%d: ", line);
	CHECK(rc < 0);
	CHECK(tr_str_starts_with(tr_error_last(), want));
	CHECK(strstr(tr_error_last(), words) != NULL);
	if (!tr_str_starts_with(tr_error_last(), want) ||
	    !strstr(tr_error_last(), words))
		fprintf(stderr, "  doc %s\n  got: %s\n", doc, tr_error_last());
	CHECK(init.nphases == 0 && init.phases == NULL && init.source == NULL);
	tr_init_free(&init);
}

static void test_hostile(void)
{
	S_bad("", 1, "expected a value");
	S_bad("[]", 1, "must be an object");
	S_bad("{}", 1, "\"schema\" is missing");
	S_bad("{\"schema\": 2, \"phases\": []}", 1, "schema 2 is newer");
	S_bad("{\"schema\": \"1\"}", 1, "\"schema\" must be");
	S_bad("{\"schema\": 1.0}", 1, "\"schema\" must be");
	S_bad("{\"schema\": 1, \"source\": \"pgbench\"}", 1, "\"source\" must be");
	S_bad("{\"schema\": 1,\n \"total_seconds\": 1}", 1, "\"phases\" is missing");
	S_bad("{\"schema\": 1,\n \"phases\": {}}", 2, "\"phases\" must be an array");
	S_bad("{\"schema\": 1,\n \"phases\": [\n 3]}", 3, "phases[]");
	S_bad("{\"schema\": 1, \"phases\": [{\"seconds\": 1}]}", 1, "phases[].name");
	S_bad("{\"schema\": 1, \"phases\": [{\"name\": \"\", \"seconds\": 1}]}", 1,
	      "phases[].name");
	S_bad("{\"schema\": 1, \"phases\": [{\"name\": \"vacuum\"}]}", 1,
	      "\"phases[].seconds\" is missing");
	S_bad("{\"schema\": 1, \"phases\": [{\"name\": \"vacuum\",\n"
	      "\"seconds\": -1}]}", 2, "phases[].seconds");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": \"1\"}", 1,
	      "total_seconds");
	S_bad("{\"schema\": 1, \"phases\": []}", 1, "\"total_seconds\" is missing");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"rows\": {\"pgbench_accounts\": 1.5}}", 2, "rows.pgbench_accounts");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"scale\": -3}", 2, "\"scale\"");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"server\": {\"settings\": {\"a\": 1}}}", 2, "server.settings");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"server\": []}", 2, "\"server\" must be an object");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"connection\": {\"ssl\": \"yes\"}}", 2, "connection.ssl");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"generate\": {\"parallel\": true, \"jobs\": 0}}", 2, "generate.jobs");
	S_bad("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	      "\"conninfo\": 5}", 2, "conninfo");
	S_bad("{\"schema\": 1, \"phases\": [{\"name\": \"a\\u0000b\"", 1, "\\u0000");
}

/* The whole message of each document-level error, as docs/init-json.md's
 * schema 1 has it (written here by hand). */
static void S_whole(const char *doc, const char *want)
{
	tr_init init;
	CHECK(tr_initjson_parse(&init, doc, strlen(doc), "init.json") < 0);
	CHECK_STR(tr_error_last(), want);
	tr_init_free(&init);
}

static void test_whole_messages(void)
{
	S_whole("3", "init.json:1: \"the document\" must be an object, not number");
	S_whole("{\n}", "init.json:1: \"schema\" is missing: not an init.json");
	S_whole("{\"schema\":\n true}",
	        "init.json:2: \"schema\" must be a positive integer, not boolean");
	S_whole("{\"schema\": 2}", "init.json:1: init.json schema 2 is newer than "
	        "this tpsreport reads (1): upgrade tpsreport");
	S_whole("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	        "\"server\": {\"settings\":\n {\"a\": 1}}}",
	        "init.json:3: \"server.settings values\" must be strings, not number");
	S_whole("{\"schema\": 1, \"phases\": [], \"total_seconds\": 1,\n"
	        "\"rows\": 5}", "init.json:2: \"rows\" must be an object, not number");
}

static void test_minimal(void)
{
	/* Only what schema 1 requires; unknown members are passed over. */
	static const char doc[] =
		"{\"schema\": 1, \"future\": {\"x\": [1, 2]}, "
		"\"phases\": [{\"name\": \"vacuum\", \"seconds\": 0.25, \"new\": 1}], "
		"\"total_seconds\": 0.25}";
	tr_init init;
	CHECK_INT(tr_initjson_parse(&init, doc, sizeof(doc) - 1, NULL), 0);
	CHECK_INT(init.nphases, 1);
	CHECK_DBL(init.total_s, 0.25, 0);
	CHECK(isnan(init.wall_s));
	CHECK_INT(init.rows, -1);
	CHECK_INT(init.scale, -1);
	CHECK_INT(init.jobs, 1);
	CHECK_INT(init.database_bytes, -1);
	CHECK(init.server_version == NULL && init.nsettings == 0);
	CHECK(init.path == NULL);
	tr_init_free(&init);
}

/* Mutations of the real file: never a crash or a leak (ASan). */
static void test_mutations(void)
{
	size_t len;
	char *text = harness_read("tests/fixtures/probe/init_s2.json", &len);
	char *buf = malloc(len);
	unsigned long seed = 99;
	int ok = 0;
	for (int round = 0; round < 3000; round++) {
		tr_init init;
		size_t n = len;
		memcpy(buf, text, len);
		for (int k = 0; k < 1 + round % 3; k++) {
			size_t at;
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			at = (seed >> 33) % len;
			buf[at] = "{}[]\":,0-9.e\\ \nxnt"[(seed >> 20) % 19];
			if (round % 5 == 0)
				n = at;
		}
		if (tr_initjson_parse(&init, buf, n, "m.json") == 0)
			ok++;
		tr_init_free(&init);
	}
	CHECK(ok > 0);
	free(buf);
	free(text);
}

int main(void)
{
	RUN(test_real_file);
	RUN(test_round_trip);
	RUN(test_hostile);
	RUN(test_whole_messages);
	RUN(test_minimal);
	RUN(test_mutations);
	return harness_done();
}
