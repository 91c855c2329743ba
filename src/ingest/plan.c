/* plan.c: the benchmark plan keys of tpsreport.ini ([scenario S] scale,
 * pgbench, runs, warmup, log, database; [provider P] conninfo), read for
 * `tpsreport run` (docs/run.md). config.c hands every key of those
 * sections here first. */

#include "ingest.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/number.h"
#include "util/base.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int S_integer(int64_t *out, const char *key, const char *value,
                     int64_t min, int64_t max)
{
	const char *end = value + strlen(value), *next;
	int64_t v;
	*out = 0;       /* (set on every path: -O3 cannot tell otherwise) */
	if (tr_parse_int64(&v, value, end, &next) < 0 || next != end || v < min ||
	    v > max)
		return tr_error_set("%s: expected a whole number from %lld to %lld, "
		                    "found \"%s\"", key, (long long)min,
		                    (long long)max, value);
	*out = v;
	return 0;
}

static bool S_has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

static int S_string(char **field, const char *key, const char *value)
{
	char *copy;
	if (!*value)
		return tr_error_set("%s: empty value", key);
	if (S_has_control(value))
		return tr_error_set("%s: holds a control character", key);
	if (!(copy = tr_strdup(value)))
		return TR_ENOMEM;
	free(*field);
	*field = copy;
	return 0;
}

/* "aggregate 10", "aggregate" (10 s, as the seeds), "transactions",
 * "none". */
static int S_log(tr_plan *plan, const char *value)
{
	int64_t n = 10;
	if (strcmp(value, "transactions") == 0) {
		plan->log = TR_PLAN_LOG_TRANSACTIONS;
		return 0;
	}
	if (strcmp(value, "none") == 0) {
		plan->log = TR_PLAN_LOG_NONE;
		return 0;
	}
	if (strncmp(value, "aggregate", 9) == 0 &&
	    (value[9] == '\0' || value[9] == ' ' || value[9] == '\t')) {
		const char *p = value + 9;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p && S_integer(&n, "log = aggregate N", p, 1, 86400) < 0)
			return TR_EINVALID;
		plan->log = TR_PLAN_LOG_AGGREGATE;
		plan->log_interval_s = (int)n;
		return 0;
	}
	return tr_error_set("log: expected \"aggregate N\" (seconds), "
	                    "\"transactions\" or \"none\", found \"%s\"", value);
}

bool tr_plan_is_key(const char *name)
{
	static const char *const keys[] = {
		"scale", "pgbench", "runs", "warmup", "log", "database"
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(keys); i++)
		if (strcmp(name, keys[i]) == 0)
			return true;
	return false;
}

static int S_key(tr_plan *plan, const char *name, const char *value, long line);

int tr_plan_key(tr_plan *plan, const char *name, const char *value, long line)
{
	int rc = S_key(plan, name, value, line);
	return rc == TR_ERROR ? TR_EINVALID : rc;
}

static int S_key(tr_plan *plan, const char *name, const char *value, long line)
{
	int64_t n;
	int rc;
	if (strcmp(name, "scale") == 0) {
		if ((rc = S_integer(&n, name, value, 1, 100000000)) < 0)
			return rc;
		plan->scale = n;
		plan->scale_line = line;
	} else if (strcmp(name, "pgbench") == 0) {
		if ((rc = S_string(&plan->pgbench, name, value)) < 0)
			return rc;
		plan->pgbench_line = line;
	} else if (strcmp(name, "runs") == 0) {
		if ((rc = S_integer(&n, name, value, 1, 1000)) < 0)
			return rc;
		plan->runs = (int)n;
		plan->runs_line = line;
	} else if (strcmp(name, "warmup") == 0) {
		if ((rc = S_integer(&n, "warmup (seconds)", value, 0, 86400 * 7)) < 0)
			return rc;
		plan->warmup_s = (double)n;
		plan->warmup_line = line;
	} else if (strcmp(name, "log") == 0) {
		if ((rc = S_log(plan, value)) < 0)
			return rc;
		plan->log_line = line;
	} else if (strcmp(name, "database") == 0) {
		if ((rc = S_string(&plan->database, name, value)) < 0)
			return rc;
		plan->database_line = line;
	} else {
		return TR_ENOTFOUND;
	}
	return 0;
}

/* ---- conninfo: its form; passwords are libpq's to find ---------------- */

int tr_plan_conninfo_check(const char *conninfo)
{
	if (!*conninfo)
		return tr_error_set("conninfo: empty value"), TR_EINVALID;
	if (S_has_control(conninfo))
		return tr_error_set("conninfo: holds a control character"), TR_EINVALID;
	/* Whether it holds a password is decided by libpq's parser, in
	 * `tpsreport run` (tr_probe_conninfo_secret): a second parser here
	 * disagreed with libpq ("u:pa?ss@", "?%70assword="). */
	return 0;
}
