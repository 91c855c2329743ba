/* sampler.c: the sampler around one command, the same for every warm-up
 * and run of `tpsreport run` and for `tpsreport sample`: started before
 * the command, ended after it, its file written atomically. */

#include "bench_internal.h"

#include <stdlib.h>

int tr_bench_sampler_begin(tr_sampler **out, const char *conninfo,
                           double interval_s, const char *stem, atomic_int *pid)
{
	tr_sampler_options o = { 0 };
	o.conninfo = conninfo;
	o.interval_s = interval_s;
	o.run = stem;
	o.pid = pid;
	return tr_sampler_start(out, &o);
}

int tr_bench_sampler_end(tr_sampler *smp, const char *path)
{
	tr_buf json = TR_BUF_INIT;
	int rc;
	if (!smp)
		return 0;
	if ((rc = tr_sampler_finish(smp, &json)) == 0 && path)
		rc = tr_file_write_atomic(path, json.ptr, json.size);
	tr_buf_free(&json);
	return rc;
}
