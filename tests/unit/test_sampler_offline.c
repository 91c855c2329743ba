/* test_sampler_offline.c: the sampler with no server to reach (a closed
 * port on loopback): it must not fail, must say so once in the file's
 * notes, and must still sample the client (this process stands in for
 * pgbench, busy while it samples). Its file is read back by ingest's
 * reader: what the sampler writes, the reader takes. */

#include "harness.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double S_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_no_server(void)
{
	tr_sampler_options o;
	tr_sampler *s = NULL;
	tr_buf json = TR_BUF_INIT;
	tr_server *srv = NULL;
	atomic_int pid;
	volatile double sink = 0;
	size_t refused = 0;

	atomic_init(&pid, (int)getpid());
	memset(&o, 0, sizeof(o));
	/* port 1 on loopback: nothing listens there (connection refused) */
	o.conninfo = "host=127.0.0.1 port=1 dbname=x user=x connect_timeout=2";
	o.interval_s = 0.2;
	o.run = "run1";
	o.pid = &pid;
	CHECK_INT(tr_sampler_start(&s, &o), 0);
	/* busy for about a second: five intervals or so of samples */
	for (double t0 = S_now(); S_now() - t0 < 1.2;)
		sink += sqrt(sink + 1.0);
	CHECK_INT(tr_sampler_finish(s, &json), 0);
	CHECK_INT(tr_server_parse(&srv, json.ptr, json.size, "run1", "run1.server.json"), 0);
	if (srv) {
		CHECK(srv->nsamples >= 2);
		CHECK_INT(srv->nwaits, 0);
		CHECK_INT(srv->active_samples, 0);
		CHECK_INT(srv->ncheckpoints, 0);
		CHECK(isnan(srv->counters[TR_SRV_XACT_COMMIT]));
		CHECK_INT(srv->cpus, (int)sysconf(_SC_NPROCESSORS_ONLN));
		for (size_t i = 0; i < srv->nnotes; i++)
			refused += strncmp(srv->notes[i], "no server side: ", 16) == 0;
		CHECK_INT(refused, 1);
		/* this process was busy: its share of the machine shows, and the
		 * machine's CPU is at least that share */
		CHECK(srv->nsamples >= 2 && srv->pgbench_cpu_pct[1] > 0);
		CHECK(srv->nsamples >= 2 &&
		      srv->cpu_pct[1] + 1e-9 >= srv->pgbench_cpu_pct[1] - 5);
	}
	tr_server_free(srv);
	tr_buf_free(&json);
	(void)sink;
}

int main(void)
{
	RUN(test_no_server);
	return harness_done();
}
