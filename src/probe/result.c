/* result.c: a probe's result, and init.json (docs/init-json.md, schema 1).
 * Keys are written in a fixed order so that two probes diff cleanly. */

#include "probe_internal.h"
#include "util/buf.h"
#include "util/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tr_probe_result_free(tr_probe_result *r)
{
	if (!r)
		return;
	tr_init_free(&r->init);
	free(r->phase_steps);
	free(r->steps);
	free(r->ssl_version);
	free(r->ssl_cipher);
	memset(r, 0, sizeof(*r));
}

static void S_count(tr_json *j, const char *key, int64_t v)
{
	tr_json_key(j, key);
	if (v < 0)
		tr_json_null(j);
	else
		tr_json_int(j, v);
}

static void S_seconds(tr_json *j, const char *key, double v)
{
	tr_json_key(j, key);
	if (isnan(v))
		tr_json_null(j);
	else
		/* Microseconds are what the clock gives: no more digits. */
		tr_json_number(j, round(v * 1e6) / 1e6);
}

int tr_probe_result_json(tr_buf *out, const tr_probe_result *r)
{
	const tr_init *init = &r->init;
	tr_json j;

	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	tr_json_key(&j, "schema");
	tr_json_int(&j, 1);
	tr_json_key(&j, "source");
	tr_json_string(&j, "probe");
	tr_json_key(&j, "tool");
	tr_json_string(&j, "tpsreport");
	tr_json_key(&j, "tool_version");
	tr_json_string(&j, init->tool_version);
	tr_json_key(&j, "started_at");
	tr_json_string(&j, r->started_at[0] ? r->started_at : NULL);
	tr_json_key(&j, "conninfo");
	tr_json_string(&j, init->conninfo);

	tr_json_key(&j, "server");
	tr_json_object_begin(&j);
	tr_json_key(&j, "version");
	tr_json_string(&j, init->server_version);
	tr_json_key(&j, "version_num");
	tr_json_int(&j, r->server_version_num);
	tr_json_key(&j, "settings");
	tr_json_object_begin(&j);
	for (size_t i = 0; i < init->nsettings; i++) {
		tr_json_key(&j, init->settings[i].name);
		tr_json_string(&j, init->settings[i].value);
	}
	tr_json_object_end(&j);
	tr_json_object_end(&j);

	tr_json_key(&j, "connection");
	tr_json_object_begin(&j);
	tr_json_key(&j, "ssl");
	tr_json_bool(&j, r->ssl);
	tr_json_key(&j, "ssl_version");
	tr_json_string(&j, r->ssl_version);
	tr_json_key(&j, "ssl_cipher");
	tr_json_string(&j, r->ssl_cipher);
	tr_json_object_end(&j);

	tr_json_key(&j, "options");
	tr_json_object_begin(&j);
	tr_json_key(&j, "scale");
	tr_json_int(&j, r->scale);
	tr_json_key(&j, "steps");
	tr_json_string(&j, r->steps);
	tr_json_key(&j, "fillfactor");
	tr_json_int(&j, r->fillfactor);
	tr_json_key(&j, "unlogged_tables");
	tr_json_bool(&j, r->unlogged_tables);
	tr_json_key(&j, "partitions");
	tr_json_int(&j, r->partitions);
	tr_json_key(&j, "partition_method");
	tr_json_string(&j, r->partition_method == TR_PARTITION_RANGE  ? "range"
	                   : r->partition_method == TR_PARTITION_HASH ? "hash"
	                                                              : NULL);
	tr_json_key(&j, "jobs");
	tr_json_int(&j, init->jobs);
	tr_json_object_end(&j);

	tr_json_key(&j, "generate");
	tr_json_object_begin(&j);
	tr_json_key(&j, "parallel");
	tr_json_bool(&j, r->parallel);
	tr_json_key(&j, "jobs");
	tr_json_int(&j, r->parallel ? init->jobs : 1);
	tr_json_key(&j, "copy_freeze");
	tr_json_bool(&j, r->copy_freeze);
	tr_json_object_end(&j);

	tr_json_key(&j, "phases");
	tr_json_array_begin(&j);
	for (size_t i = 0; i < init->nphases; i++) {
		char step[2] = { r->phase_steps ? r->phase_steps[i] : '?', '\0' };
		tr_json_object_begin(&j);
		tr_json_key(&j, "step");
		tr_json_string(&j, step);
		tr_json_key(&j, "name");
		tr_json_string(&j, init->phases[i].name);
		S_seconds(&j, "seconds", init->phases[i].seconds);
		tr_json_object_end(&j);
	}
	tr_json_array_end(&j);
	S_seconds(&j, "total_seconds", init->total_s);
	S_seconds(&j, "wall_seconds", init->wall_s);

	tr_json_key(&j, "rows");
	tr_json_object_begin(&j);
	S_count(&j, "pgbench_branches", r->branches);
	S_count(&j, "pgbench_tellers", r->tellers);
	S_count(&j, "pgbench_accounts", init->rows);
	tr_json_object_end(&j);
	S_count(&j, "scale", init->scale);
	S_count(&j, "database_bytes", init->database_bytes);
	tr_json_object_end(&j);
	return tr_json_finish(&j);
}
