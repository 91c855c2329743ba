/* server.c: runN.server.json, the sampler's file beside a run (docs/run.md),
 * read back for build, summary and check. Nothing in it is trusted: a
 * member of the wrong type or out of its range, series of unequal length,
 * waits that do not add up, a file of another run are errors naming the
 * line, and the caller keeps the run without it. */

#include "ingest.h"
#include "ingest_json_internal.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/jsonread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A number member in [lo, hi]; null allowed when nullable (then NaN). */
static int S_number(double *out, const tr_jsonval *obj, const char *key,
                    const char *name, double lo, double hi, bool nullable,
                    const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = NAN;
	if (v && v->type == TR_JSONVAL_NULL && nullable)
		return 0;
	if (!v || v->type != TR_JSONVAL_NUMBER || !(v->number >= lo) ||
	    !(v->number <= hi))
		return v && v->type == TR_JSONVAL_NUMBER
		           ? tr_error_set_at(path, v->line, "\"%s\" is out of range: %s",
		                             name, v->text)
		           : tr_jsonmember_bad(path, v ? v : obj, name, "a number");
	*out = v->number;
	return 0;
}

static int S_count(int64_t *out, const tr_jsonval *obj, const char *key,
                   const char *name, const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	if (!v || tr_jsonval_int64(out, v) < 0 || *out < 0)
		return tr_jsonmember_bad(path, v ? v : obj, name,
		                         "a whole number >= 0");
	return 0;
}

static int S_array(const tr_jsonval **out, const tr_jsonval *obj,
                   const char *key, const char *name, const char *path)
{
	const tr_jsonval *v = tr_jsonval_get(obj, key);
	*out = v;
	if (!v || v->type != TR_JSONVAL_ARRAY)
		return tr_jsonmember_bad(path, v ? v : obj, name, "an array");
	return 0;
}

static int S_waits(tr_server *s, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *a;
	int64_t sum = 0;
	int rc;
	if ((rc = S_count(&s->active_samples, root, "active_samples",
	                  "active_samples", path)) < 0 ||
	    (rc = S_array(&a, root, "waits", "waits", path)) < 0)
		return rc;
	if (a->count && !(s->waits = tr_calloc(a->count, sizeof(*s->waits))))
		return TR_ENOMEM;
	for (uint32_t i = 0; i < a->count; i++) {
		const tr_jsonval *w = &a->items[i];
		tr_server_wait *out = &s->waits[s->nwaits++];
		if (w->type != TR_JSONVAL_OBJECT)
			return tr_jsonmember_bad(path, w, "waits[]", "an object");
		if ((rc = tr_jsonmember_string(&out->type, w, "type", "waits[].type",
		                               path)) < 0 ||
		    (rc = tr_jsonmember_string(&out->event, w, "event",
		                               "waits[].event", path)) < 0 ||
		    (rc = S_count(&out->samples, w, "samples", "waits[].samples",
		                  path)) < 0)
			return rc;
		if (!out->type || !out->event)
			return tr_jsonmember_bad(path, w, "waits[].type and .event",
			                         "strings");
		if (i > 0 && out->samples > s->waits[i - 1].samples)
			return tr_error_set_at(path, w->line, "\"waits\" must be in "
			                       "order of samples, most first");
		if (out->samples > INT64_MAX - sum)
			return tr_error_set_at(path, w->line, "\"waits[].samples\" "
			                       "add up past any count");
		sum += out->samples;
	}
	if (sum != s->active_samples)
		return tr_error_set_at(path, a->line, "the waits' samples add up to "
		                       "%lld, not active_samples (%lld)",
		                       (long long)sum, (long long)s->active_samples);
	return 0;
}

static int S_events(tr_server_event **out, size_t *n, const tr_jsonval *root,
                    const char *key, bool spans, const char *path)
{
	const tr_jsonval *a;
	int rc = S_array(&a, root, key, key, path);
	if (rc < 0 || a->count == 0)
		return rc;
	if (!(*out = tr_calloc(a->count, sizeof(**out))))
		return TR_ENOMEM;
	for (uint32_t i = 0; i < a->count; i++) {
		const tr_jsonval *e = &a->items[i], *kind;
		tr_server_event *ev = &(*out)[(*n)++];
		if (e->type != TR_JSONVAL_OBJECT)
			return tr_jsonmember_bad(path, e, key, "an array of objects");
		ev->to_s = NAN;
		if (spans) {
			if ((rc = S_number(&ev->t_s, e, "from_s", "autovacuum[].from_s", 0,
			                   1e9, false, path)) < 0 ||
			    (rc = S_number(&ev->to_s, e, "to_s", "autovacuum[].to_s",
			                   ev->t_s, 1e9, false, path)) < 0)
				return rc;
			continue;
		}
		if ((rc = S_number(&ev->t_s, e, "t_s", "checkpoints[].t_s", 0, 1e9,
		                   false, path)) < 0)
			return rc;
		kind = tr_jsonval_get(e, "kind");
		if (!kind || kind->type != TR_JSONVAL_STRING ||
		    (strcmp(kind->text, "timed") != 0 &&
		     strcmp(kind->text, "requested") != 0))
			return tr_jsonmember_bad(path, kind ? kind : e, "checkpoints[].kind",
			                         "\"timed\" or \"requested\"");
		ev->requested = strcmp(kind->text, "requested") == 0;
	}
	return 0;
}

static int S_counters(tr_server *s, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *c;
	int rc = tr_jsonmember_object(&c, root, "counters", "counters", path);
	for (int k = 0; k < TR_SRV_NCOUNTERS; k++)
		s->counters[k] = NAN;
	for (int k = 0; rc == 0 && c && k < TR_SRV_NCOUNTERS; k++) {
		const char *name = tr_server_counter_name((tr_server_counter)k);
		if (tr_jsonval_get(c, name))
			rc = S_number(&s->counters[k], c, name, name, -1e18, 1e18, true,
			              path);
	}
	return rc;
}

/* One series of the samples: n numbers or nulls (NaN) in [lo, hi]. */
static int S_series(double **out, const tr_jsonval *obj, const char *key,
                    size_t n, double lo, double hi, const char *path)
{
	const tr_jsonval *a;
	int rc = S_array(&a, obj, key, key, path);
	if (rc < 0)
		return rc;
	if (a->count != n)
		return tr_error_set_at(path, a->line, "samples.%s has %u values, "
		                       "samples.t_s %zu", key, a->count, n);
	if (n && !(*out = malloc(n * sizeof(double))))
		return TR_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const tr_jsonval *v = &a->items[i];
		if (v->type == TR_JSONVAL_NULL) {
			(*out)[i] = NAN;
			continue;
		}
		if (v->type != TR_JSONVAL_NUMBER || !(v->number >= lo) ||
		    !(v->number <= hi))
			return tr_error_set_at(path, v->line, "samples.%s: %s is not a "
			                       "number from %g to %g", key,
			                       v->type == TR_JSONVAL_NUMBER
			                           ? v->text : tr_jsonval_type_name(v->type),
			                       lo, hi);
		(*out)[i] = v->number;
	}
	return 0;
}

static int S_samples(tr_server *s, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *obj, *t;
	int rc;
	if ((rc = tr_jsonmember_object(&obj, root, "samples", "samples", path)) < 0)
		return rc;
	if (!obj)
		return tr_jsonmember_bad(path, root, "samples", "an object");
	if ((rc = S_array(&t, obj, "t_s", "samples.t_s", path)) < 0)
		return rc;
	s->nsamples = t->count;
	if ((rc = S_series(&s->t_s, obj, "t_s", s->nsamples, 0, 1e9, path)) < 0 ||
	    (rc = S_series(&s->cpu_pct, obj, "cpu_pct", s->nsamples, 0, 100,
	                   path)) < 0 ||
	    (rc = S_series(&s->pgbench_cpu_pct, obj, "pgbench_cpu_pct", s->nsamples,
	                   0, 100, path)) < 0)
		return rc;
	for (size_t i = 0; i < s->nsamples; i++)
		if (isnan(s->t_s[i]) || (i && !(s->t_s[i] > s->t_s[i - 1])))
			return tr_error_set_at(path, t->items[i].line, "samples.t_s must "
			                       "be increasing numbers");
	return 0;
}

static int S_notes(tr_server *s, const tr_jsonval *root, const char *path)
{
	const tr_jsonval *a = tr_jsonval_get(root, "notes");
	if (!a || a->type == TR_JSONVAL_NULL)
		return 0;
	if (a->type != TR_JSONVAL_ARRAY)
		return tr_jsonmember_bad(path, a, "notes", "an array of strings");
	if (a->count && !(s->notes = tr_calloc(a->count, sizeof(char *))))
		return TR_ENOMEM;
	for (uint32_t i = 0; i < a->count; i++) {
		if (a->items[i].type != TR_JSONVAL_STRING)
			return tr_jsonmember_bad(path, &a->items[i], "notes[]", "a string");
		if (!(s->notes[s->nnotes] = tr_strdup(a->items[i].text)))
			return TR_ENOMEM;
		s->nnotes++;
	}
	return 0;
}

static int S_read(tr_server *s, const tr_jsonval *root, const char *run,
                  const char *path)
{
	const tr_jsonval *v;
	double cpus;
	char *id = NULL;
	int rc;
	if ((rc = tr_jsonmember_schema(root, "run's server file",
	                               "a run's server file", path)) < 0 ||
	    (rc = tr_jsonmember_string(&id, root, "run", "run", path)) < 0)
		goto cleanup;
	v = tr_jsonval_get(root, "run");
	if (!id || strcmp(id, run) != 0) {
		rc = tr_error_set_at(path, v ? v->line : 0, "holds the samples of "
		                     "run \"%s\", not of %s", id ? id : "(none)", run);
		goto cleanup;
	}
	if ((rc = S_number(&s->interval_s, root, "interval_s", "interval_s", 0.2,
	                   10, false, path)) < 0 ||
	    (rc = S_number(&s->start_unix_s, root, "start_unix_s", "start_unix_s",
	                   0, 1e11, false, path)) < 0 ||
	    (rc = S_number(&cpus, root, "cpus", "cpus", 0, 1e6, false, path)) < 0 ||
	    (rc = S_waits(s, root, path)) < 0 ||
	    (rc = S_events(&s->checkpoints, &s->ncheckpoints, root, "checkpoints",
	                   false, path)) < 0 ||
	    (rc = S_events(&s->autovacuum, &s->nautovacuum, root, "autovacuum",
	                   true, path)) < 0 ||
	    (rc = S_counters(s, root, path)) < 0 ||
	    (rc = S_samples(s, root, path)) < 0)
		goto cleanup;
	s->cpus = (int)cpus;
	rc = S_notes(s, root, path);
cleanup:
	free(id);
	return rc;
}

int tr_server_parse(tr_server **out, const char *text, size_t len,
                    const char *run, const char *path)
{
	tr_jsonval *root = NULL;
	tr_server *s = tr_calloc(1, sizeof(*s));
	int rc;
	*out = NULL;
	if (!s)
		return TR_ENOMEM;
	if ((rc = tr_jsonval_parse(&root, text, len, path)) < 0 ||
	    (rc = S_read(s, root, run, path)) < 0)
		goto cleanup;
	if (!(s->path = tr_strdup(path))) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	*out = s;
	s = NULL;
cleanup:
	tr_jsonval_free(root);
	tr_server_free(s);
	return rc;
}
