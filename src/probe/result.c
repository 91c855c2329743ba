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

static void S_string(tr_json *j, const char *key, const char *v)
{
	tr_json_key(j, key);
	tr_json_string(j, v);
}

static void S_int(tr_json *j, const char *key, int64_t v)
{
	tr_json_key(j, key);
	tr_json_int(j, v);
}

static void S_bool(tr_json *j, const char *key, bool v)
{
	tr_json_key(j, key);
	tr_json_bool(j, v);
}

void tr_probe_json_head(tr_json *j, const char *source,
                        const char *tool_version)
{
	S_int(j, "schema", 1);
	S_string(j, "source", source);
	S_string(j, "tool", "tpsreport");
	S_string(j, "tool_version", tool_version);
}

static void S_json_server(tr_json *j, const tr_probe_result *r)
{
	const tr_init *init = &r->init;
	tr_json_key(j, "server");
	tr_json_object_begin(j);
	S_string(j, "version", init->server_version);
	S_int(j, "version_num", r->server_version_num);
	tr_json_key(j, "settings");
	tr_json_object_begin(j);
	for (size_t i = 0; i < init->nsettings; i++)
		S_string(j, init->settings[i].name, init->settings[i].value);
	tr_json_object_end(j);
	tr_json_object_end(j);

	tr_json_key(j, "connection");
	tr_json_object_begin(j);
	S_bool(j, "ssl", r->ssl);
	S_string(j, "ssl_version", r->ssl_version);
	S_string(j, "ssl_cipher", r->ssl_cipher);
	tr_json_object_end(j);
}

/* What the probe was asked to do, and how its generate went. */
static void S_json_options(tr_json *j, const tr_probe_result *r)
{
	const tr_init *init = &r->init;
	tr_json_key(j, "options");
	tr_json_object_begin(j);
	S_int(j, "scale", r->scale);
	S_string(j, "steps", r->steps);
	S_int(j, "fillfactor", r->fillfactor);
	S_bool(j, "unlogged_tables", r->unlogged_tables);
	S_int(j, "partitions", r->partitions);
	S_string(j, "partition_method",
	         r->partition_method == TR_PARTITION_RANGE  ? "range"
	         : r->partition_method == TR_PARTITION_HASH ? "hash"
	                                                    : NULL);
	S_int(j, "jobs", init->jobs);
	tr_json_object_end(j);

	tr_json_key(j, "generate");
	tr_json_object_begin(j);
	S_bool(j, "parallel", r->parallel);
	S_int(j, "jobs", r->parallel ? init->jobs : 1);
	S_bool(j, "copy_freeze", r->copy_freeze);
	tr_json_object_end(j);
}

/* The phases, their times, and what the tables hold after them. */
static void S_json_phases(tr_json *j, const tr_probe_result *r)
{
	const tr_init *init = &r->init;
	tr_json_key(j, "phases");
	tr_json_array_begin(j);
	for (size_t i = 0; i < init->nphases; i++) {
		char step[2] = { r->phase_steps ? r->phase_steps[i] : '?', '\0' };
		tr_json_object_begin(j);
		S_string(j, "step", step);
		S_string(j, "name", init->phases[i].name);
		S_seconds(j, "seconds", init->phases[i].seconds);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
	S_seconds(j, "total_seconds", init->total_s);
	S_seconds(j, "wall_seconds", init->wall_s);

	tr_json_key(j, "rows");
	tr_json_object_begin(j);
	S_count(j, "pgbench_branches", r->branches);
	S_count(j, "pgbench_tellers", r->tellers);
	S_count(j, "pgbench_accounts", init->rows);
	tr_json_object_end(j);
	S_count(j, "scale", init->scale);
	S_count(j, "database_bytes", init->database_bytes);
}

int tr_probe_result_json(tr_buf *out, const tr_probe_result *r)
{
	tr_json j;

	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	tr_probe_json_head(&j, "probe", r->init.tool_version);
	S_string(&j, "started_at", r->started_at[0] ? r->started_at : NULL);
	S_string(&j, "conninfo", r->init.conninfo);
	S_json_server(&j, r);
	S_json_options(&j, r);
	S_json_phases(&j, r);
	tr_json_object_end(&j);
	return tr_json_finish(&j);
}
