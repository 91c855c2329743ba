/* logs_mapped.c: src/ingest/logs.c with each window of a per-transaction
 * log mapped instead of read with pread into the thread's buffer, as the
 * reader did until issue 28: 8 MiB mapped at a time, the access said
 * sequential, the mapping kept while the job's next windows fall inside
 * it. Only for tests/bench/ingest.sh (MAPPED=1), which links it into a
 * second tpsreport to time both readers on the same files in turn: a
 * file cut while it is mapped would raise SIGBUS, which is why the
 * program reads with pread. */

#include <sys/mman.h>

#define TR_BENCH_READ_WINDOW S_map_window
#include "logs.c"

#define S_MAP_BYTES ((uint64_t)8 << 20)

/* This thread's mapping: [lo, hi) of the file of job. */
static _Thread_local struct {
	const char *p;
	uint64_t lo, hi;
	const S_job *job;
} S_mapped;

static void S_unmap(void)
{
	if (S_mapped.p)
		munmap((void *)S_mapped.p, (size_t)(S_mapped.hi - S_mapped.lo));
	S_mapped.p = NULL;
}

/* [lo, hi) of the job's file mapped, unless the mapping holds it. */
static int S_map_range(S_job *job, int fd, uint64_t lo, uint64_t hi)
{
	static long page;
	uint64_t mlo;
	void *p;
	if (S_mapped.p && S_mapped.job == job && S_mapped.lo <= lo && hi <= S_mapped.hi)
		return 0;
	if (!page)
		page = sysconf(_SC_PAGESIZE);
	S_unmap();
	mlo = lo / (uint64_t)page * (uint64_t)page;
	if (hi < mlo + S_MAP_BYTES)
		hi = mlo + S_MAP_BYTES;
	if (hi > job->size)
		hi = job->size;
	p = mmap(NULL, (size_t)(hi - mlo), PROT_READ, MAP_PRIVATE, fd, (off_t)mlo);
	if (p == MAP_FAILED)
		return tr_error_set_errno(job->relpath);
	posix_madvise(p, (size_t)(hi - mlo), POSIX_MADV_SEQUENTIAL);
	S_mapped.p = p;
	S_mapped.lo = mlo;
	S_mapped.hi = hi;
	S_mapped.job = job;
	return 0;
}

/* As S_read_window: the window [ws, we) with the byte before it, on to
 * the end of the last line that starts before we; *next as there. */
static int S_map_window(S_map *m, tr_buf *buf, S_job *job, int fd,
                        uint64_t ws, uint64_t we, uint64_t *next)
{
	uint64_t lo = ws > 0 ? ws - 1 : 0, slack = S_TAIL, end;
	int rc;
	(void)buf;
	for (;;) {
		uint64_t hi = we + slack < job->size ? we + slack : job->size;
		if ((rc = S_map_range(job, fd, lo, hi)) < 0)
			return rc;
		m->map = S_mapped.p + (lo - S_mapped.lo);
		m->lo = lo;
		m->hi = S_mapped.hi;
		end = S_line_end(m, we - 1);
		if (end != UINT64_MAX || S_mapped.hi == job->size)
			break;
		if (slack > S_LONG_LINE)
			return S_long_line(job, m->map, lo, ws, we, *next);
		slack *= 8;
	}
	m->hi = end == UINT64_MAX ? S_mapped.hi : end;
	if (*next < ws) {
		uint64_t first = ws == 0 ? 0 : S_line_end(m, ws - 1);
		*next = first == UINT64_MAX ? m->hi : first;
	}
	return 0;
}
