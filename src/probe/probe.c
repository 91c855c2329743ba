/* probe.c: the probe's options, its connections, and stopping it. */

#include "probe_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

void tr_probe_options_init(tr_probe_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->scale = 1;
	opts->steps = "dtgvp";
	opts->fillfactor = 100;
	opts->jobs = 1;
}

/* The refusal of letter c, naming the letters of every step. */
static int S_unknown_step(char c)
{
	char allowed[TR_PHASE_OTHER + 1];
	size_t n = 0;
	for (size_t i = 0; i < TR_PHASE_OTHER; i++)
		if (tr_probe_step_of(tr_phase_step(i)))
			allowed[n++] = tr_phase_step(i);
	allowed[n] = '\0';
	return tr_error_set("unrecognized initialization step \"%c\" "
	                    "(allowed: \"%s\")", c, allowed);
}

int tr_probe_options_check(const tr_probe_options *o)
{
	const char *steps = o->steps ? o->steps : "dtgvp";
	if (!*steps)
		return tr_error_set("no initialization steps given");
	for (const char *s = steps; *s; s++)
		if (*s != ' ' && !tr_probe_step_of(*s))
			return S_unknown_step(*s);
	if (o->scale < 1)
		return tr_error_set("invalid scale %d (at least 1)", o->scale);
	/* pgbench's limit: 100000 * scale accounts must fit its int64 and
	 * scale itself an int; beyond 1e8 nobody has the disk either. */
	if (o->scale > 100000000)
		return tr_error_set("invalid scale %d (at most 100000000)", o->scale);
	if (o->fillfactor < 10 || o->fillfactor > 100)
		return tr_error_set("invalid fillfactor %d (10 to 100, as pgbench)",
		                    o->fillfactor);
	if (o->partitions < 0)
		return tr_error_set("invalid number of partitions %d", o->partitions);
	if (o->partitions == 0 && o->partition_method != TR_PARTITION_NONE)
		return tr_error_set("--partition-method needs --partitions greater "
		                    "than zero (as in pgbench)");
	if (o->jobs < 1 || o->jobs > 256)
		return tr_error_set("invalid number of jobs %d (1 to 256)", o->jobs);
	return 0;
}

/* Server notices during the steps ("NOTICE:  table ... does not exist,
 * skipping") go out as pgbench's do, but only from the calling thread:
 * the loader threads' notices are dropped. */
static void S_notice(void *arg, const PGresult *res)
{
	tr_probe *p = arg;
	const char *msg = PQresultErrorMessage(res);
	const char *nl;
	if (!p->opts.message || !msg ||
	    !pthread_equal(pthread_self(), p->main_thread))
		return;
	while (*msg) {
		char *line;
		nl = strchr(msg, '\n');
		line = tr_strndup(msg, nl ? (size_t)(nl - msg) : strlen(msg));
		if (!line)
			return;
		tr_probe_scrub(line, p->secret);
		p->opts.message(p->opts.ctx, line);
		free(line);
		if (!nl)
			break;
		msg = nl + 1;
	}
}

static int S_add_conn(tr_probe *p, int i)
{
	PGconn *c;
	char *secret = NULL;
	int rc = tr_probe_connect(&c, &secret, p->conninfo, S_notice, p);
	if (rc < 0)
		return rc;
	p->conns[i].conn = c;
	p->conns[i].cancel = PQgetCancel(c);
	p->nconns = i + 1;
	if (!p->secret)
		p->secret = secret;
	else
		free(secret);
	if (!p->conns[i].cancel)
		return tr_error_set("could not connect: no cancel handle");
	return 0;
}

int tr_probe_open(tr_probe **out, const tr_probe_options *opts)
{
	tr_probe *p;
	int rc, n;

	*out = NULL;
	if ((rc = tr_probe_options_check(opts)) < 0)
		return rc;
	p = tr_calloc(1, sizeof(*p));
	if (!p)
		return TR_ENOMEM;
	p->opts = *opts;
	p->t_open_us = tr_probe_now_us();
	p->main_thread = pthread_self();
	atomic_init(&p->interrupted, 0);
	atomic_init(&p->stop, 0);
	p->steps = tr_strdup(opts->steps ? opts->steps : "dtgvp");
	p->conninfo = opts->conninfo ? tr_strdup(opts->conninfo) : NULL;
	if (!p->steps || (opts->conninfo && !p->conninfo)) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	p->opts.steps = p->steps;
	p->opts.conninfo = p->conninfo;
	if (p->opts.partitions > 0 &&
	    p->opts.partition_method == TR_PARTITION_NONE)
		p->opts.partition_method = TR_PARTITION_RANGE;
	/* Extra connections only for a parallel client-side generate. */
	n = strchr(p->steps, 'g') && p->opts.jobs > 1 ? p->opts.jobs : 1;
	p->conns = tr_calloc((size_t)n, sizeof(*p->conns));
	if (!p->conns) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if ((rc = S_add_conn(p, 0)) < 0)
		goto cleanup;
	p->server_version = PQserverVersion(p->conns[0].conn);
	/* All connections before anything changes: one that cannot connect
	 * must not leave dropped tables behind. */
	for (int i = 1; i < n; i++)
		if ((rc = S_add_conn(p, i)) < 0)
			goto cleanup;
	if ((rc = tr_probe_read_facts(p)) < 0)
		goto cleanup;
	*out = p;
	return 0;

cleanup:
	tr_probe_close(p);
	return rc;
}

void tr_probe_interrupt(tr_probe *p)
{
	char err[256];
	if (!p)
		return;
	atomic_store(&p->interrupted, 1);
	atomic_store(&p->stop, 1);
	/* PQcancel is safe in a signal handler; the cancel objects were made
	 * at connect time and live until tr_probe_close(). */
	for (int i = 0; i < p->nconns; i++)
		if (p->conns[i].cancel)
			PQcancel(p->conns[i].cancel, err, (int)sizeof(err));
}

void tr_probe_close(tr_probe *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nconns; i++) {
		if (p->conns[i].cancel)
			PQfreeCancel(p->conns[i].cancel);
		if (p->conns[i].conn)
			PQfinish(p->conns[i].conn);
	}
	free(p->conns);
	tr_probe_result_free(&p->facts);
	free(p->steps);
	free(p->conninfo);
	if (p->secret) {
		/* Not left lying around in freed memory. */
		volatile char *s = p->secret;
		while (*s)
			*s++ = '\0';
		free(p->secret);
	}
	free(p);
}
