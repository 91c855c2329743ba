/* facts.c: results/<provider>/facts.json, the server facts `tpsreport run`
 * wrote (docs/run.md, schema 1), read back for the setup table. Members
 * this reader does not know are passed over; a known one of the wrong type
 * is an error naming its line. */

#include "ingest.h"
#include "ingest_json_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/jsonread.h"

#include <stdlib.h>
#include <string.h>

static int S_settings(tr_server_facts *f, const tr_jsonval *set,
                      const char *path)
{
	if (!set || set->count == 0)
		return 0;
	if (!(f->settings = tr_calloc(set->count, sizeof(tr_setting))))
		return TR_ENOMEM;
	return tr_jsonmember_settings(f->settings, &f->nsettings, set, path);
}

static int S_read(tr_server_facts *f, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *v, *server, *set, *pgbench;
	int64_t n;
	int rc;

	if ((rc = tr_jsonmember_schema(root, "facts.json", "a facts.json", path)) < 0 ||
	    (rc = tr_jsonmember_string(&f->read_at, root, "read_at", "read_at",
	                               path)) < 0 ||
	    (rc = tr_jsonmember_string(&f->conninfo, root, "conninfo", "conninfo",
	                               path)) < 0 ||
	    (rc = tr_jsonmember_object(&server, root, "server", "server", path)) < 0)
		return rc;
	if (server) {
		if ((rc = tr_jsonmember_string(&f->server_version, server, "version",
		                               "server.version", path)) < 0)
			return rc;
		v = tr_jsonval_get(server, "version_num");
		if (v && v->type != TR_JSONVAL_NULL) {
			if (tr_jsonval_int64(&n, v) < 0 || n < 0 || n > 100000000)
				return tr_jsonmember_bad(path, v, "server.version_num",
				                         "an integer");
			f->server_version_num = (int)n;
		}
		if ((rc = tr_jsonmember_object(&set, server, "settings",
		                               "server.settings", path)) < 0 ||
		    (rc = S_settings(f, set, path)) < 0)
			return rc;
	}
	if ((rc = tr_jsonmember_object(&pgbench, root, "pgbench", "pgbench",
	                               path)) < 0)
		return rc;
	if (pgbench)
		rc = tr_jsonmember_string(&f->pgbench_version, pgbench, "version",
		                          "pgbench.version", path);
	return rc;
}

int tr_server_facts_parse(tr_server_facts **out, const char *text, size_t len,
                          const char *path)
{
	tr_jsonval *root = NULL;
	tr_server_facts *f;
	int rc;

	*out = NULL;
	if (!(f = tr_calloc(1, sizeof(*f))))
		return TR_ENOMEM;
	f->server_version_num = -1;
	if ((rc = tr_jsonval_parse(&root, text, len, path)) < 0 ||
	    (rc = S_read(f, root, path)) < 0 ||
	    (rc = (f->path = tr_strdup(path)) ? 0 : TR_ENOMEM) < 0) {
		tr_jsonval_free(root);
		tr_server_facts_free(f);
		free(f);
		return rc;
	}
	tr_jsonval_free(root);
	*out = f;
	return 0;
}
