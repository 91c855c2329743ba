/* sampler_record.c: what the samples add up to (waits, checkpoints,
 * autovacuum spans, counters, the client's CPU series) and the file that
 * keeps it, runN.server.json (docs/run.md). */

#include "probe_sampler_internal.h"
#include "util/alloc.h"
#include "util/json.h"
#include "util/str.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tr_smp_note(tr_sampler *s, const char *fmt, ...)
{
	va_list ap;
	char buf[512];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (size_t i = 0; i < s->nnotes; i++)
		if (strcmp(s->notes[i], buf) == 0)
			return;
	if (tr_grow(&s->notes, &s->notes_cap, s->nnotes + 1, sizeof(char *)) < 0 ||
	    !(s->notes[s->nnotes] = tr_strdup(buf))) {
		s->rc = TR_ENOMEM;
		return;
	}
	s->nnotes++;
}

void tr_smp_wait_add(tr_sampler *s, const char *type, const char *event)
{
	tr_smp_wait *w;
	if (!type || !*type)
		type = event = "CPU";
	if (!event || !*event)
		event = "?";
	s->active_samples++;
	/* A handful of distinct waits at most: a linear look is enough. */
	for (size_t i = 0; i < s->nwaits; i++)
		if (strcmp(s->waits[i].type, type) == 0 &&
		    strcmp(s->waits[i].event, event) == 0) {
			s->waits[i].samples++;
			return;
		}
	if (tr_grow(&s->waits, &s->waits_cap, s->nwaits + 1, sizeof(*w)) < 0) {
		s->rc = TR_ENOMEM;
		return;
	}
	w = &s->waits[s->nwaits];
	w->type = tr_strdup(type);
	w->event = tr_strdup(event);
	w->samples = 1;
	if (!w->type || !w->event) {
		free(w->type);
		free(w->event);
		s->rc = TR_ENOMEM;
		return;
	}
	s->nwaits++;
}

static void S_event(tr_sampler *s, tr_smp_event **list, size_t *n,
                    size_t *cap, const tr_smp_event *e)
{
	if (tr_grow(list, cap, *n + 1, sizeof(**list)) < 0) {
		s->rc = TR_ENOMEM;
		return;
	}
	(*list)[(*n)++] = *e;
}

void tr_smp_counter_set(tr_sampler *s, tr_server_counter c, double v, double t_s)
{
	if (!s->seen[c]) {
		s->first[c] = s->last[c] = v;
		s->seen[c] = true;
		return;
	}
	if (c == TR_SRV_CHECKPOINTS_TIMED || c == TR_SRV_CHECKPOINTS_REQ) {
		/* Counted by the checkpointer when a checkpoint ends: each step
		 * of the counter is one checkpoint that ended since the last
		 * sample (a reset makes it smaller: nothing then). */
		tr_smp_event e = { t_s, NAN, c == TR_SRV_CHECKPOINTS_REQ };
		for (double k = s->last[c]; k < v && k < s->last[c] + 1000; k++)
			S_event(s, &s->checkpoints, &s->ncheckpoints,
			        &s->checkpoints_cap, &e);
	}
	s->last[c] = v;
}

void tr_smp_autovacuum(tr_sampler *s, int workers, double t_s)
{
	if (workers > 0 && !s->vacuuming) {
		tr_smp_event e = { t_s, NAN, false };
		S_event(s, &s->autovacuum, &s->nautovacuum, &s->autovacuum_cap, &e);
		s->vacuuming = s->rc == 0;
	} else if (workers == 0 && s->vacuuming) {
		s->autovacuum[s->nautovacuum - 1].to_s = t_s;
		s->vacuuming = false;
	}
}

void tr_smp_point_add(tr_sampler *s, const tr_smp_point *p)
{
	if (tr_grow(&s->points, &s->points_cap, s->npoints + 1, sizeof(*p)) < 0) {
		s->rc = TR_ENOMEM;
		return;
	}
	s->points[s->npoints++] = *p;
}

static void S_json_waits(tr_json *j, const tr_sampler *s)
{
	tr_json_key(j, "active_samples");
	tr_json_int(j, s->active_samples);
	tr_json_key(j, "waits");
	tr_json_array_begin(j);
	for (size_t i = 0; i < s->nwaits; i++) {
		tr_json_object_begin(j);
		tr_json_key(j, "type");
		tr_json_string(j, s->waits[i].type);
		tr_json_key(j, "event");
		tr_json_string(j, s->waits[i].event);
		tr_json_key(j, "samples");
		tr_json_int(j, s->waits[i].samples);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_json_events(tr_json *j, const tr_sampler *s)
{
	tr_json_key(j, "checkpoints");
	tr_json_array_begin(j);
	for (size_t i = 0; i < s->ncheckpoints; i++) {
		tr_json_object_begin(j);
		tr_json_key(j, "t_s");
		tr_json_number(j, s->checkpoints[i].t_s);
		tr_json_key(j, "kind");
		tr_json_string(j, s->checkpoints[i].requested ? "requested" : "timed");
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
	tr_json_key(j, "autovacuum");
	tr_json_array_begin(j);
	for (size_t i = 0; i < s->nautovacuum; i++) {
		double end = s->autovacuum[i].to_s;
		tr_json_object_begin(j);
		tr_json_key(j, "from_s");
		tr_json_number(j, s->autovacuum[i].t_s);
		tr_json_key(j, "to_s"); /* still running at the end: the last sample */
		tr_json_number(j, isnan(end) && s->npoints
		                      ? s->points[s->npoints - 1].t_s : end);
		tr_json_object_end(j);
	}
	tr_json_array_end(j);
}

static void S_json_counters(tr_json *j, const tr_sampler *s)
{
	tr_json_key(j, "counters");
	tr_json_object_begin(j);
	for (int c = 0; c < TR_SRV_NCOUNTERS; c++)
		if (s->seen[c]) {
			tr_json_key(j, tr_server_counter_name((tr_server_counter)c));
			tr_json_number(j, s->last[c] - s->first[c]);
		}
	tr_json_object_end(j);
}

/* The series, one array per field (a sample per index): short to write,
 * easy to read. */
static void S_json_series(tr_json *j, const tr_sampler *s)
{
	static const char *const keys[] = { "t_s", "cpu_pct", "pgbench_cpu_pct",
	                                    "backends", "active", "autovacuum" };
	tr_json_key(j, "samples");
	tr_json_object_begin(j);
	for (size_t k = 0; k < TR_ARRAY_SIZE(keys); k++) {
		tr_json_key(j, keys[k]);
		tr_json_array_begin(j);
		for (size_t i = 0; i < s->npoints; i++) {
			const tr_smp_point *p = &s->points[i];
			double v = k == 0 ? p->t_s : k == 1 ? p->cpu_pct
			         : k == 2 ? p->pgbench_cpu_pct
			         : k == 3 ? (p->backends < 0 ? NAN : p->backends)
			         : k == 4 ? (p->backends < 0 ? NAN : p->active)
			                  : (p->autovacuum < 0 ? NAN : p->autovacuum);
			tr_json_number(j, v);
		}
		tr_json_array_end(j);
	}
	tr_json_object_end(j);
}

int tr_smp_write_json(tr_buf *out, const tr_sampler *s)
{
	tr_json j;
	tr_json_init(&j, out);
	tr_json_object_begin(&j);
	tr_json_key(&j, "schema");
	tr_json_int(&j, 1);
	tr_json_key(&j, "source");
	tr_json_string(&j, "sampler");
	tr_json_key(&j, "run");
	tr_json_string(&j, s->run);
	tr_json_key(&j, "interval_s");
	tr_json_number(&j, s->interval_s);
	tr_json_key(&j, "start_unix_s");
	tr_json_number(&j, s->start_unix_s);
	tr_json_key(&j, "server_version_num");
	if (s->version > 0)
		tr_json_int(&j, s->version);
	else
		tr_json_null(&j);
	tr_json_key(&j, "cpus");
	tr_json_int(&j, s->cpus);
	tr_json_key(&j, "late_samples");
	tr_json_int(&j, (int64_t)s->late);
	tr_json_key(&j, "notes");
	tr_json_array_begin(&j);
	for (size_t i = 0; i < s->nnotes; i++)
		tr_json_string(&j, s->notes[i]);
	tr_json_array_end(&j);
	S_json_waits(&j, s);
	S_json_events(&j, s);
	S_json_counters(&j, s);
	S_json_series(&j, s);
	tr_json_object_end(&j);
	return tr_json_finish(&j);
}

void tr_smp_free(tr_sampler *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nnotes; i++)
		free(s->notes[i]);
	for (size_t i = 0; i < s->nwaits; i++) {
		free(s->waits[i].type);
		free(s->waits[i].event);
	}
	free(s->notes);
	free(s->waits);
	free(s->points);
	free(s->checkpoints);
	free(s->autovacuum);
	free(s->conninfo);
	free(s->run);
	free(s->secret);
	free(s);
}
