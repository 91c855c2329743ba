/* logs.c: read every run's log files on worker threads, then merge them
 * per run in file order, so that results never depend on scheduling.
 *
 * Per-transaction logs are big (a 20-minute run at 25,000 TPS writes 30
 * million lines): each file is cut into chunks of about one size, at most
 * S_CHUNK bytes (and smaller logs into smaller pieces, so that every
 * thread has a few: S_cut), every chunk a job that parses the whole lines starting in
 * its range into its own accumulator (the histograms of merged jobs are
 * reused by the next ones). A job reads its range with pread in windows
 * of S_WINDOW bytes into its thread's buffer, reused from window to
 * window, so memory stays at a window per thread whatever the size of the
 * logs. Within a window, each block of S_BLOCK bytes is parsed and hashed
 * (for the inputs digest) S_PART bytes at a time, each part hashed right
 * after it is parsed. Both cores work even on a single file. Aggregate
 * logs are small (a line per thread and interval) and are read whole.
 * A log that changes while it is read (S_check_same) stops the load. */

#include "ingest_internal.h"
#include "ingest_logscan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"
#include "util/hash64.h"
#include "util/pool.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define S_CHUNK ((uint64_t)64 << 20)     /* default bytes of a per-transaction log per job */
#define S_WINDOW ((uint64_t)1 << 20)     /* bytes read at a time */
#define S_BLOCK ((uint64_t)1 << 20)      /* bytes of a file per hash of the inputs digest */
#define S_PART ((uint64_t)64 << 10)      /* bytes parsed, then hashed */
_Static_assert(S_PART % TR_HASH64_BULK_STEP == 0, "parts are hashed in steps");
#define S_TAIL ((uint64_t)4 << 10)       /* read on past a window for its last line */
#define S_LONG_LINE ((uint64_t)8 << 20)  /* longer: not a pgbench log line */
#define S_MAX_AGGREGATE ((uint64_t)256 << 20)
#define S_SNIFF 65536

typedef struct {
	size_t run;
	size_t file;          /* index into the run's log_paths */
	size_t chunk;         /* index of this chunk within its file */
	const char *relpath;
	char *fspath;         /* owned */
	tr_log_kind kind;     /* sniffed before the pool runs */
	tr_txlog_col7 col7;   /* what a 7th field is: from the run's summary */
	uint64_t off, len;    /* lines starting in [off, off + len) */
	uint64_t size;        /* of the whole file when sniffed */
	dev_t dev;            /* and which file it was, written when: */
	ino_t ino;            /* S_check_same */
	struct timespec mtime;
	/* results */
	tr_agglog agg;
	tr_txlog_stats tx;   /* merged into merged[run], its histogram then
	                        kept for another job (S_give_spare); the
	                        scalar fields (lines, has_lag, ...) stay for
	                        checks */
	bool tx_init;
	bool finished;
	bool changed;         /* the file changed while it was read */
	int rc;
	char *error;          /* "path:line: message" */
	uint64_t *blocks;     /* hash of each S_BLOCK of [off, off + len) */
	size_t nblocks;
} S_job;

typedef struct {
	S_job *jobs;
	size_t njobs;
	tr_buf *scratch;      /* one read buffer per worker, reused by its jobs */
	tr_txlog_stats **merged; /* per run: its chunks merged in order */
	size_t next_merge;    /* jobs before it are merged */
	int merge_rc;
	pthread_mutex_t lock;
	const tr_load_options *options;
	atomic_uint_least64_t done;
	uint64_t total;
	bool reported_end;    /* worker 0's last progress call said done == total */
	/* Histograms of merged jobs, for the next jobs to count into: a new
	 * one would cost every job a megabyte allocated and faulted in. */
	tr_hist *spare;
	size_t nspare, spare_cap;
	uint64_t chunk;       /* most bytes of a job: S_CHUNK or chunk_bytes */
	uint64_t block;       /* S_BLOCK, or a chunk_bytes smaller than it */
	uint64_t window;      /* S_WINDOW or window_bytes, a multiple of block */
} S_ctx;

/* Read [off, off + len) of fd into buf, exactly; 0 or -1 (errno set;
 * ENODATA when the file ends first: it got shorter since it was sized). */
static int S_pread_all(int fd, char *buf, uint64_t off, uint64_t len)
{
	while (len > 0) {
		ssize_t n = pread(fd, buf, (size_t)len, (off_t)off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0) {
			errno = ENODATA;
			return -1;
		}
		buf += n;
		off += (uint64_t)n;
		len -= (uint64_t)n;
	}
	return 0;
}

/*
 * Is the file behind fd still the one S_plan sized (same file, size and
 * modification time)? 0, or the error "FILE: changed while it was read"
 * with job->changed set: figures from a log that pgbench (or a copy) is
 * still writing, or that someone cut, would be wrong without a sign.
 */
static int S_check_same(S_job *job, int fd)
{
	struct stat sb;
	if (fstat(fd, &sb) != 0)
		return tr_error_set_errno(job->relpath);
	if (sb.st_dev == job->dev && sb.st_ino == job->ino &&
	    (uint64_t)sb.st_size == job->size &&
	    sb.st_mtim.tv_sec == job->mtime.tv_sec &&
	    sb.st_mtim.tv_nsec == job->mtime.tv_nsec)
		return 0;
	job->changed = true;
	if ((uint64_t)sb.st_size != job->size)
		return tr_error_set_at(job->relpath, 0, "changed while it was read "
		                       "(%llu bytes when the reading began, %llu "
		                       "now): is pgbench still writing it?",
		                       (unsigned long long)job->size,
		                       (unsigned long long)sb.st_size);
	return tr_error_set_at(job->relpath, 0, "changed while it was read "
	                       "(written to or replaced, same size): is "
	                       "pgbench still writing it?");
}

/* The error of a failed S_pread_all of the job's file: a file that ended
 * early changed while it was read. */
static int S_read_error(S_job *job, int fd)
{
	int rc;
	if (errno != ENODATA)
		return tr_error_set_errno(job->relpath);
	rc = S_check_same(job, fd);
	if (rc == 0) {       /* shorter, then back to its size and time */
		job->changed = true;
		rc = tr_error_set_at(job->relpath, 0, "changed while it was read "
		                     "(it got shorter)");
	}
	return rc;
}

/*
 * The whole lines that start in [off, off + len) of the job's file: a
 * line starts at 0 or right after a '\n'. The last of them runs to its
 * '\n', which may lie past off + len (read on until found) or be missing
 * at the end of the file (a cut file: the parser says so). *data points
 * into *buf (owned by the caller); *n is 0 when no line starts in the
 * range. For aggregate logs (read whole) and error messages.
 */
static int S_read_lines(tr_buf *buf, const char **data, size_t *n, int fd,
                        S_job *job, uint64_t off, uint64_t len)
{
	uint64_t lo = off > 0 ? off - 1 : 0, hi = off + len, size = job->size;
	size_t start = 0, scan_from;
	const char *nl;
	*data = NULL;
	*n = 0;
	if (hi > size)
		hi = size;
	if (hi <= lo || off >= size)
		return 0;
	tr_buf_clear(buf);
	if (tr_buf_grow(buf, (size_t)(hi - lo)) < 0)
		return TR_ENOMEM;
	if (S_pread_all(fd, buf->ptr, lo, hi - lo) < 0)
		return S_read_error(job, fd);
	buf->size = (size_t)(hi - lo);
	/* The first line start at or after off: byte off - 1 is in the
	 * buffer so that a line starting exactly at off is seen. */
	if (off > 0) {
		nl = memchr(buf->ptr, '\n', buf->size);
		if (!nl || (size_t)(nl - buf->ptr) + 1 >= buf->size)
			return 0; /* no line starts in this range */
		start = (size_t)(nl - buf->ptr) + 1;
	}
	/* The last line starting before hi ends at the first '\n' at or
	 * after byte hi - 1: read on until it comes, or the file ends (a cut
	 * last line, which the parser reports). */
	scan_from = buf->size - 1;
	for (;;) {
		uint64_t at, more;
		nl = memchr(buf->ptr + scan_from, '\n', buf->size - scan_from);
		if (nl) {
			buf->size = (size_t)(nl - buf->ptr) + 1;
			break;
		}
		at = lo + buf->size;
		if (at >= size)
			break;
		more = size - at < 1048576 ? size - at : 1048576;
		if (tr_buf_grow(buf, (size_t)more) < 0)
			return TR_ENOMEM;
		if (S_pread_all(fd, buf->ptr + buf->size, at, more) < 0)
			return S_read_error(job, fd);
		scan_from = buf->size;
		buf->size += (size_t)more;
	}
	*data = buf->ptr + start;
	*n = buf->size - start;
	return 0;
}

/* ---- per-transaction logs: windows read into a reused buffer ---------- */

/*
 * Logs are read with pread, not mapped: a mapped file that someone
 * truncates raises SIGBUS at the first access past its new end, which only
 * a process-wide signal handler could survive, and library code installs
 * none. A file that got shorter makes pread come back short instead, and
 * one that grew or was rewritten is seen by S_check_same at the end of each
 * job. The copy costs a few percent (docs/performance.md, "pread instead of
 * mmap"); the buffer is reused and small enough to stay in the cache
 * while the part just read is parsed and hashed.
 */

/* The hashes of the blocks of [from, to) (block-aligned from, within the
 * job's range) into job->blocks. */
static void S_hash_blocks(S_job *job, const char *base, uint64_t base_off,
                          uint64_t from, uint64_t to, uint64_t block)
{
	for (uint64_t b = from; b < to; b += block) {
		uint64_t e = b + block < to ? b + block : to;
		job->blocks[(b - job->off) / block] =
		    tr_hash64_bulk(base + (b - base_off), (size_t)(e - b));
	}
}

typedef struct {
	const char *map;       /* bytes [lo, hi) of the file, in the buffer */
	uint64_t lo, hi;
} S_map;

/* Where the line that holds byte `at` ends: the offset just past its
 * '\n', or UINT64_MAX when the bytes read end first. */
static uint64_t S_line_end(const S_map *m, uint64_t at)
{
	const char *nl = memchr(m->map + (at - m->lo), '\n', (size_t)(m->hi - at));
	return nl ? m->lo + (uint64_t)(nl - m->map) + 1 : UINT64_MAX;
}

/* Parse the lines starting in [from, to) of the window; *next is where
 * the next block's lines start (past the last line parsed). */
static int S_parse_lines(S_job *job, const S_map *m, uint64_t from, uint64_t to,
                         uint64_t *next, int *nfields)
{
	uint64_t start = *next > from ? *next : from, end;
	if (start >= to)
		return 0;        /* a line longer than the block runs through it */
	end = S_line_end(m, to - 1);
	if (end == UINT64_MAX)
		end = m->hi;     /* the file ends without '\n': said below */
	*next = end;
	return tr_txlog_parse_window(&job->tx, nfields, m->map + (start - m->lo),
	                             (size_t)(end - start), job->relpath,
	                             1 + (long)job->tx.lines);
}

/*
 * Parse and hash the block [b, e) of the window (b block-aligned within
 * the job's range), S_PART bytes at a time: each part is hashed right
 * after it is parsed, while it is still in the core's cache (a whole 1 MiB
 * block is larger than L2). This way round the scan, which is slower than
 * memory, takes the cache misses, and the hash reads at cache speed: 3%
 * faster than hashing first (docs/performance.md).
 */
static int S_block(S_job *job, const S_map *m, uint64_t b, uint64_t e,
                   uint64_t block, uint64_t *next, int *nfields)
{
	tr_hash64_bulk_state h;
	int rc = 0;
	tr_hash64_bulk_begin(&h);
	for (uint64_t c = b; c < e && rc == 0; c += S_PART) {
		uint64_t ce = c + S_PART < e ? c + S_PART : e;
		rc = S_parse_lines(job, m, c, ce, next, nfields);
		tr_hash64_bulk_update(&h, m->map + (c - m->lo), (size_t)(ce - c));
	}
	job->blocks[(b - job->off) / block] = tr_hash64_bulk_end(&h);
	return rc;
}

/* The error of a line that starts in [ws, we) and runs on past
 * we + S_LONG_LINE, naming it: the lines before it in the job are those
 * parsed and those from the first line start `next` (or after ws - 1)
 * to it. (bytes: the file from lo on, read to we at least.) */
static int S_long_line(const S_job *job, const char *bytes, uint64_t lo,
                       uint64_t ws, uint64_t we, uint64_t next)
{
	long line = 1 + (long)job->tx.lines;
	uint64_t at = next >= ws ? next : ws > 0 ? ws - 1 : 0;
	const char *nl;
	if (next < ws && ws > 0 &&
	    (nl = memchr(bytes + (at - lo), '\n', (size_t)(we - at))) != NULL)
		at = lo + (uint64_t)(nl - bytes) + 1;   /* the first line start */
	while (at < we &&
	       (nl = memchr(bytes + (at - lo), '\n', (size_t)(we - at))) != NULL) {
		line++;
		at = lo + (uint64_t)(nl - bytes) + 1;
	}
	return tr_error_set_at(job->relpath, line, "a line of more than %llu "
	                       "MiB: not a pgbench log line",
	                       (unsigned long long)(S_LONG_LINE >> 20));
}

/*
 * Read [ws, we) of the job's file into buf as the window *m: the byte
 * before it too, to see whether a line starts at ws, and on past we to
 * the end of the last line starting before it (the first '\n' at or
 * after we - 1), S_TAIL bytes at a time. Sets *next to the first line
 * start at or after ws when it is before ws.
 */
static int S_read_window(S_map *m, tr_buf *buf, S_job *job, int fd,
                         uint64_t ws, uint64_t we, uint64_t *next)
{
	uint64_t lo = ws > 0 ? ws - 1 : 0, end;
	size_t scan_from = (size_t)(we - 1 - lo);
	const char *nl;
	tr_buf_clear(buf);
	if (tr_buf_grow(buf, (size_t)(we - lo) + S_TAIL) < 0)
		return TR_ENOMEM;
	if (S_pread_all(fd, buf->ptr, lo, we - lo) < 0)
		return S_read_error(job, fd);
	buf->size = (size_t)(we - lo);
	while (!(nl = memchr(buf->ptr + scan_from, '\n', buf->size - scan_from)) &&
	       lo + buf->size < job->size) {
		uint64_t at = lo + buf->size, more = job->size - at;
		if (more > S_TAIL)
			more = S_TAIL;
		if (at - we >= S_LONG_LINE)
			return S_long_line(job, buf->ptr, lo, ws, we, *next);
		if (tr_buf_grow(buf, (size_t)more) < 0)
			return TR_ENOMEM;
		if (S_pread_all(fd, buf->ptr + buf->size, at, more) < 0)
			return S_read_error(job, fd);
		scan_from = buf->size;
		buf->size += (size_t)more;
	}
	end = nl ? lo + (uint64_t)(nl - buf->ptr) + 1 : lo + buf->size;
	m->map = buf->ptr;
	m->lo = lo;
	m->hi = end;
	/* The first line starting at or after ws (chunk 0: at 0); the file
	 * may end inside the line that holds ws - 1. */
	if (*next < ws) {
		uint64_t first = ws == 0 ? 0 : S_line_end(m, ws - 1);
		*next = first == UINT64_MAX ? end : first;
	}
	return 0;
}

/* tests/bench/logs_mapped.c builds this file with its own reader of a
 * window, which maps the file instead, to compare the two on a machine
 * (docs/performance.md); the program reads with S_read_window. */
#ifndef TR_BENCH_READ_WINDOW
#define TR_BENCH_READ_WINDOW S_read_window
#else
static int TR_BENCH_READ_WINDOW(S_map *m, tr_buf *buf, S_job *job, int fd,
                                uint64_t ws, uint64_t we, uint64_t *next);
#endif

/* A per-transaction chunk: its windows in turn, each read, then parsed
 * and hashed block by block; then whether the file is still the same. */
static int S_tx_job(S_ctx *ctx, S_job *job, int fd, tr_buf *buf)
{
	uint64_t next = 0, end = job->off + job->len;
	int nfields = 0, rc = 0;
	S_map m;
	job->nblocks = (size_t)((job->len + ctx->block - 1) / ctx->block);
	if (job->nblocks &&
	    !(job->blocks = tr_calloc(job->nblocks, sizeof(uint64_t))))
		return TR_ENOMEM;
	for (uint64_t ws = job->off; ws < end && rc == 0; ws += ctx->window) {
		uint64_t we = ws + ctx->window < end ? ws + ctx->window : end;
		rc = TR_BENCH_READ_WINDOW(&m, buf, job, fd, ws, we, &next);
		for (uint64_t b = ws; b < we && rc == 0; b += ctx->block)
			rc = S_block(job, &m, b, b + ctx->block < we ? b + ctx->block : we,
			             ctx->block, &next, &nfields);
	}
	return rc == 0 ? S_check_same(job, fd) : rc;
}

/* Keep the histogram of a merged job for another (lock held). */
static void S_give_spare(S_ctx *ctx, tr_hist *h)
{
	if (tr_grow(&ctx->spare, &ctx->spare_cap, ctx->nspare + 1,
	            sizeof(tr_hist)) < 0) {
		tr_hist_free(h);
		return;
	}
	ctx->spare[ctx->nspare++] = *h;
	tr_hist_init(h);
}

/* A kept histogram, emptied, into h (just initialised), if there is one. */
static void S_take_spare(S_ctx *ctx, tr_hist *h)
{
	bool got = false;
	pthread_mutex_lock(&ctx->lock);
	if (ctx->nspare > 0) {
		*h = ctx->spare[--ctx->nspare];
		got = true;
	}
	pthread_mutex_unlock(&ctx->lock);
	if (got)
		tr_hist_clear(h);   /* (outside the lock: a megabyte to zero) */
}

/* Merge every finished job from next_merge on, in order, into its run's
 * accumulator, and keep its histogram for another job. Called with the
 * lock held. */
static void S_merge_ready(S_ctx *ctx)
{
	while (ctx->next_merge < ctx->njobs && ctx->jobs[ctx->next_merge].finished) {
		S_job *job = &ctx->jobs[ctx->next_merge++];
		tr_txlog_stats **acc = &ctx->merged[job->run];
		if (!job->tx_init)
			continue;
		if (job->rc == 0 && ctx->merge_rc == 0) {
			int rc = TR_ENOMEM;
			if (!*acc && (*acc = tr_calloc(1, sizeof(tr_txlog_stats))) != NULL)
				tr_txlog_stats_init(*acc);
			if (*acc)
				rc = tr_txlog_stats_merge(*acc, &job->tx);
			if (rc == TR_EINVALID) {
				/* figures no pgbench log adds up to: the run is
				 * left out, with the reason (S_check_jobs) */
				job->rc = rc;
				job->error = tr_sprintf("%s: %s", job->relpath,
				                        tr_error_last());
			} else if (rc < 0) {
				ctx->merge_rc = rc;
			}
		}
		S_give_spare(ctx, &job->tx.latency);
	}
}

/* An aggregate log, read whole, hashed by blocks like the others. */
static int S_agg_job(S_ctx *ctx, S_job *job, int fd, tr_buf *buf)
{
	const char *data = NULL;
	size_t n = 0;
	int rc = S_read_lines(buf, &data, &n, fd, job, 0, job->size);
	if (rc < 0 || (rc = S_check_same(job, fd)) < 0)
		return rc;
	job->nblocks = (size_t)((n + S_BLOCK - 1) / S_BLOCK);
	if (job->nblocks &&
	    !(job->blocks = tr_calloc(job->nblocks, sizeof(uint64_t))))
		return TR_ENOMEM;
	S_hash_blocks(job, data, 0, 0, n, S_BLOCK);
	(void)ctx;
	return tr_agglog_parse(&job->agg, data ? data : "", n, job->relpath);
}

static void S_read_job(void *vctx, size_t i, int worker)
{
	S_ctx *ctx = vctx;
	S_job *job = &ctx->jobs[i];
	int fd;

	tr_error_clear();
	fd = open(job->fspath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		job->rc = tr_error_set_errno(job->relpath);
		goto done;
	}
	switch (job->kind) {
	case TR_LOG_AGGREGATE:
		job->rc = S_agg_job(ctx, job, fd, &ctx->scratch[worker]);
		break;
	case TR_LOG_TRANSACTION:
		tr_txlog_stats_init(&job->tx);
		S_take_spare(ctx, &job->tx.latency);
		job->tx_init = true;
		job->tx.col7 = job->col7;
		job->rc = S_tx_job(ctx, job, fd, &ctx->scratch[worker]);
		break;
	default:
		job->rc = job->size == 0
		              ? tr_error_set_at(job->relpath, 0, "empty log file")
		              : tr_error_set_at(job->relpath, 1,
		                                "neither an aggregate nor a "
		                                "per-transaction log line");
		break;
	}
	close(fd);
done:
	if (job->rc < 0)
		job->error = tr_strdup(tr_error_last());
	pthread_mutex_lock(&ctx->lock);
	job->finished = true;
	S_merge_ready(ctx);
	pthread_mutex_unlock(&ctx->lock);
	atomic_fetch_add(&ctx->done, job->kind == TR_LOG_TRANSACTION ? job->len
	                                                             : job->size);
	/* Only the calling thread (worker 0) reports progress, so the
	 * callback needs no locking; it takes jobs too, so it reports often
	 * enough. */
	if (ctx->options && ctx->options->progress && worker == 0) {
		uint64_t done = atomic_load(&ctx->done);
		ctx->options->progress(ctx->options->progress_ctx, done, ctx->total);
		ctx->reported_end = done == ctx->total;
	}
}

/* A log that changed while it was read stops the load (exit 2), where
 * other unreadable logs only leave their run out: its figures, read
 * from a file in motion, would be wrong without a sign, and reading it
 * again later is the fix. The first such file, in the order of the jobs,
 * is named. */
static int S_changed_error(const S_ctx *ctx)
{
	for (size_t j = 0; j < ctx->njobs; j++) {
		const S_job *job = &ctx->jobs[j];
		size_t k = strlen(job->relpath);
		if (!job->changed)
			continue;
		if (job->error && strncmp(job->error, job->relpath, k) == 0 &&
		    strncmp(job->error + k, ": ", 2) == 0)
			return tr_error_set_at(job->relpath, 0, "%s", job->error + k + 2);
		return tr_error_set_at(job->relpath, 0, "changed while it was read");
	}
	return 0;
}

static void S_exclude(tr_run *run, const char *reason)
{
	run->excluded = true;
	free(run->excluded_reason);
	run->excluded_reason = tr_strdup(reason);
}

/* Re-parse a failed chunk with its real first line number, so that the
 * message names the line of the file (errors only: the cost is fine). */
static void S_renumber_error(S_job *job, long first_line)
{
	tr_buf buf = TR_BUF_INIT;
	const char *data;
	size_t n;
	tr_txlog_stats tmp;
	int fd = open(job->fspath, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (S_read_lines(&buf, &data, &n, fd, job, job->off, job->len) == 0 &&
	    n > 0) {
		tr_txlog_stats_init(&tmp);
		tmp.col7 = job->col7;
		if (tr_txlog_parse_from(&tmp, data, n, job->relpath, first_line) < 0) {
			free(job->error);
			job->error = tr_strdup(tr_error_last());
		}
		tr_txlog_stats_free(&tmp);
	}
	close(fd);
	tr_buf_free(&buf);
}

/*
 * Do the logs belong to this run? Only the highest PID's files are used,
 * but when the run that wrote the summary left no logs (or lost them) the
 * files of an earlier, interrupted attempt would be taken for its own. The
 * transactions logged tell: never more than the summary counts (a
 * per-transaction log may hold fewer, with --sampling-rate), and for
 * aggregate logs, which cannot be sampled, no fewer than the summary minus
 * what two intervals and a few seconds at the start and end can hold
 * (pgbench never writes the last, partial interval). Logs that do not fit
 * are not used, and the report says why.
 */
static int S_check_counts(tr_study *st, tr_run *run, int64_t logged)
{
	const tr_summary *s = &run->summary;
	int64_t want = s->transactions;
	bool wrong = false;
	if (want < 0)
		return 0;
	if (logged > want + (s->skipped > 0 ? s->skipped : 0))
		wrong = true;
	if (run->log_kind == TR_LOG_AGGREGATE && s->duration_s > 0 &&
	    run->window_interval_s > 0) {
		double share = (2 * run->window_interval_s + 5) / s->duration_s;
		if (share > 0.5)
			share = 0.5;
		if ((double)(want - logged) > share * (double)want)
			wrong = true;
	}
	if (!wrong)
		return 0;
	free(run->windows);
	run->windows = NULL;
	run->nwindows = 0;
	run->window_source = TR_WINDOWS_NONE;
	tr_simple_stats_init(&run->agg_latency_us);
	if (run->txlog) {
		tr_txlog_stats_free(run->txlog);
		free(run->txlog);
		run->txlog = NULL;
	}
	run->log_kind = TR_LOG_NONE;
	return tr_diags_add(&st->diags, TR_SEV_WARNING, "log-mismatch", run->path,
	                    s->line,
	                    "its log files (PID %ld) hold %lld transactions where "
	                    "its summary counts %lld: the logs of another attempt? "
	                    "They are not used", run->log_pid, (long long)logged,
	                    (long long)want);
}

/* Check the jobs [from, to) of one run (files in order, chunks in order)
 * before their figures are used: 1 when the run was left out (and a
 * warning added), 0 when they can be used, or a negative error. */
static int S_check_jobs(tr_study *st, tr_run *run, S_job *jobs, size_t from,
                        size_t to)
{
	tr_log_kind kind = jobs[from].kind;
	long first_line = 1;
	int rc;

	for (size_t j = from; j < to; j++) {
		const char *err = jobs[j].error ? jobs[j].error : "unreadable log";
		if (jobs[j].chunk == 0)
			first_line = 1;
		if (jobs[j].rc < 0) {
			if (jobs[j].kind == TR_LOG_TRANSACTION && jobs[j].chunk > 0) {
				S_renumber_error(&jobs[j], first_line);
				err = jobs[j].error ? jobs[j].error : "unreadable log";
			}
			S_exclude(run, err);
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "log-unreadable",
			                  NULL, 0, "%s; run %s left out", err, run->path);
			return rc < 0 ? rc : 1;
		}
		if (jobs[j].kind != kind) {
			S_exclude(run, "its log files mix aggregate and per-transaction lines");
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "log-mixed",
			                  jobs[j].relpath, 0,
			                  "log files of %s mix aggregate and per-transaction "
			                  "lines; run left out", run->path);
			return rc < 0 ? rc : 1;
		}
		/* A per-transaction file keeps one field count: a chunk whose
		 * lines have other columns than the chunks before it is wrong. */
		if (kind == TR_LOG_TRANSACTION && jobs[j].chunk > 0 &&
		    jobs[j].tx.lines > 0 && jobs[j - 1].tx.lines > 0 &&
		    (jobs[j].tx.has_lag != jobs[j - 1].tx.has_lag ||
		     jobs[j].tx.has_retries != jobs[j - 1].tx.has_retries)) {
			char *msg = tr_sprintf("%s:%ld: the number of fields changes "
			                       "from this line on", jobs[j].relpath,
			                       first_line);
			S_exclude(run, msg ? msg : "the number of fields changes");
			rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "log-unreadable",
			                  NULL, 0, "%s; run %s left out",
			                  msg ? msg : "the number of fields changes",
			                  run->path);
			free(msg);
			return rc < 0 ? rc : 1;
		}
		if (kind == TR_LOG_TRANSACTION)
			first_line += (long)jobs[j].tx.lines;
	}
	return 0;
}

/* Inputs digest: one line per file of the jobs [from, to), its size and
 * the hash of the hashes of its 1 MiB blocks in order
 * (docs/results-json.md). */
static int S_digest_run(const S_job *jobs, size_t from, size_t to,
                        tr_buf *digest_list)
{
	int rc;
	for (size_t j = from; j < to;) {
		tr_hash64 h;
		size_t end = j;
		char hex[17];
		tr_hash64_init(&h);
		while (end < to && jobs[end].file == jobs[j].file) {
			for (size_t bi = 0; bi < jobs[end].nblocks; bi++) {
				unsigned char b[8];
				for (int k = 0; k < 8; k++)
					b[k] = (unsigned char)(jobs[end].blocks[bi] >> (8 * k));
				tr_hash64_update(&h, b, 8);
			}
			end++;
		}
		snprintf(hex, sizeof(hex), "%016llx",
		         (unsigned long long)tr_hash64_final(&h));
		if ((rc = tr_buf_printf(digest_list, "%s\tsize=%llu xxh3=%s\n",
		                        jobs[j].relpath, (unsigned long long)jobs[j].size,
		                        hex)) < 0)
			return rc;
		j = end;
	}
	return 0;
}

/* Merge the jobs [from, to) of one run (files in order, chunks in order). */
static int S_merge_run(tr_study *st, tr_run *run, S_job *jobs, size_t from,
                       size_t to, tr_txlog_stats **merged, tr_buf *digest_list)
{
	size_t nfiles = run->nlog_paths;
	tr_log_kind kind = jobs[from].kind;
	int rc;

	if ((rc = S_check_jobs(st, run, jobs, from, to)) != 0)
		return rc < 0 ? rc : 0;
	if ((rc = S_digest_run(jobs, from, to, digest_list)) < 0)
		return rc;
	run->log_kind = kind;
	if (run->summary.threads > 0 && (size_t)run->summary.threads != nfiles)
		return tr_diags_add(&st->diags, TR_SEV_WARNING, "log-threads",
		                    run->path, 0,
		                    "%zu log file(s) for PID %ld, but the run had %d "
		                    "thread(s); its logs are not used",
		                    nfiles, run->log_pid, run->summary.threads);
	if (kind == TR_LOG_AGGREGATE) {
		tr_agglog *logs = tr_calloc(nfiles, sizeof(tr_agglog));
		if (!logs)
			return TR_ENOMEM;
		for (size_t j = from; j < to; j++)
			logs[jobs[j].file] = jobs[j].agg;
		rc = tr_windows_from_agglogs(run, logs, nfiles, &st->diags);
		free(logs);
		if (rc == 0)
			rc = S_check_counts(st, run, run->agg_latency_us.count);
		return rc;
	}
	/* The chunks were merged in order while they were read. */
	run->txlog = *merged;
	*merged = NULL;
	if (!run->txlog) {
		run->txlog = tr_calloc(1, sizeof(tr_txlog_stats));
		if (!run->txlog)
			return TR_ENOMEM;
		tr_txlog_stats_init(run->txlog);
	}
	return S_check_counts(st, run, run->txlog->transactions);
}

/* How a per-transaction log of `size` bytes is cut: into *nchunks chunks
 * of the size returned (whole blocks; the last one shorter), at most
 * `chunk` bytes each, all of about one size: with 64, 64 and 43 MiB, the
 * last job would leave the other cores idle. */
static uint64_t S_chunk_size(uint64_t *nchunks, uint64_t size, uint64_t chunk,
                             uint64_t block)
{
	uint64_t each;
	*nchunks = (size + chunk - 1) / chunk;
	each = (size + *nchunks - 1) / *nchunks;
	return (each + block - 1) / block * block;
}

/* Look at the start of each log file to know its kind and size: a job
 * each (S_cut then cuts the per-transaction ones into chunks). */
static int S_plan(S_ctx *ctx, tr_study *st, size_t *cap)
{
	char head[S_SNIFF];
	uint64_t chunk = ctx->options && ctx->options->chunk_bytes
	                     ? ctx->options->chunk_bytes
	                     : S_CHUNK;
	uint64_t window = ctx->options && ctx->options->window_bytes
	                      ? ctx->options->window_bytes
	                      : S_WINDOW;
	/* Jobs and windows start on block boundaries, so that a file's block
	 * hashes do not depend on how it was cut (options smaller than a
	 * block, for tests, make smaller blocks). */
	ctx->block = S_BLOCK;
	if (chunk < ctx->block)
		ctx->block = chunk;
	if (window < ctx->block)
		ctx->block = window;
	chunk = (chunk + ctx->block - 1) / ctx->block * ctx->block;
	window = (window + ctx->block - 1) / ctx->block * ctx->block;
	ctx->chunk = chunk;
	ctx->window = window < chunk ? window : chunk;
	for (size_t r = 0; r < st->nruns; r++) {
		tr_run *run = &st->runs[r];
		tr_txlog_col7 col7;
		if (run->excluded)
			continue;
		/* pgbench prints "rate limit schedule lag" exactly when -R is on,
		 * so the summary says whether a 7th field is lag or retries. */
		col7 = isnan(run->summary.lag_avg_ms) ? TR_TXLOG_COL7_RETRIES
		                                      : TR_TXLOG_COL7_LAG;
		for (size_t k = 0; k < run->nlog_paths; k++) {
			char *fs = tr_path_join(st->root, run->log_paths[k]);
			struct stat sb;
			tr_log_kind kind = TR_LOG_NONE;
			uint64_t size = 0;
			dev_t dev = 0;
			ino_t ino = 0;
			struct timespec mtime = { 0, 0 };
			S_job *job;
			int fd;
			if (!fs)
				return TR_ENOMEM;
			/* O_NONBLOCK and regular files only: a FIFO named like a
			 * log must not hang the load, a device not be read. */
			fd = open(fs, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
			if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
				ssize_t n = pread(fd, head, sizeof(head), 0);
				size = (uint64_t)sb.st_size;
				dev = sb.st_dev;
				ino = sb.st_ino;
				mtime = sb.st_mtim;
				if (n > 0)
					kind = tr_log_sniff(head, (size_t)n);
			}
			if (fd >= 0)
				close(fd);
			if (kind == TR_LOG_AGGREGATE && size > S_MAX_AGGREGATE)
				kind = TR_LOG_NONE; /* reported as unreadable below */
			if (tr_grow(&ctx->jobs, cap, ctx->njobs + 1, sizeof(S_job)) < 0) {
				free(fs);
				return TR_ENOMEM;
			}
			/* the whole file, for now: S_cut makes its chunks */
			job = &ctx->jobs[ctx->njobs++];
			memset(job, 0, sizeof(*job));
			job->run = r;
			job->file = k;
			job->relpath = run->log_paths[k];
			job->fspath = fs;
			job->kind = kind;
			job->col7 = col7;
			job->size = size;
			job->dev = dev;
			job->ino = ino;
			job->mtime = mtime;
			job->len = size;
			ctx->total += size;
		}
	}
	return 0;
}

/*
 * Cut each per-transaction log (one job per file, from S_plan) into
 * chunks of about one size, whole blocks, at most ctx->chunk bytes.
 * With more than one thread (and no chunk_bytes, which tests set), small
 * logs are cut finer too: into pieces of at least S_MIN_PIECE bytes
 * (piece_bytes), until there are S_JOBS_PER_THREAD jobs a thread. With
 * one job per file, the one file of `pgbench -j 1` is read by one core
 * (30% slower for a 50 MB log), and a thread that starts late (a virtual
 * CPU can take milliseconds to wake) or a file larger than the others
 * leaves a core idle at the end. (Each job costs a histogram and its
 * merge, so large logs keep chunks of ctx->chunk.)
 */
#define S_JOBS_PER_THREAD 4
#define S_MIN_PIECE ((uint64_t)4 << 20)

/* The most bytes of a job for `threads` threads. */
static uint64_t S_piece(const S_ctx *ctx, int threads)
{
	uint64_t total = 0, fair, least;
	if (threads <= 1 || (ctx->options && ctx->options->chunk_bytes))
		return ctx->chunk;
	least = ctx->options && ctx->options->piece_bytes
	            ? ctx->options->piece_bytes
	            : S_MIN_PIECE;
	for (size_t j = 0; j < ctx->njobs; j++)
		if (ctx->jobs[j].kind == TR_LOG_TRANSACTION)
			total += ctx->jobs[j].len;
	fair = total / ((uint64_t)threads * S_JOBS_PER_THREAD);
	if (fair < least)
		fair = least;
	fair = (fair + ctx->block - 1) / ctx->block * ctx->block;
	return fair < ctx->chunk ? fair : ctx->chunk;
}

static int S_cut(S_ctx *ctx, int threads)
{
	uint64_t piece = S_piece(ctx, threads);
	size_t n = 0, k = 0;
	S_job *jobs;
	for (size_t j = 0; j < ctx->njobs; j++)
		n += ctx->jobs[j].kind == TR_LOG_TRANSACTION && ctx->jobs[j].len > piece
		         ? (size_t)((ctx->jobs[j].len + piece - 1) / piece) : 1;
	if (n == ctx->njobs)
		return 0;
	if (!(jobs = tr_calloc(n, sizeof(S_job))))
		return TR_ENOMEM;
	for (size_t j = 0; j < ctx->njobs; j++) {
		S_job *job = &ctx->jobs[j];
		uint64_t chunks = 1, each = job->len;
		if (job->kind == TR_LOG_TRANSACTION && job->len > piece)
			each = S_chunk_size(&chunks, job->len, piece, ctx->block);
		for (uint64_t c = 0; c < chunks; c++, k++) {
			jobs[k] = *job;
			jobs[k].chunk = (size_t)c;
			jobs[k].off = c * each;
			jobs[k].len = c + 1 == chunks ? job->len - c * each : each;
			if (c > 0 && !(jobs[k].fspath = tr_strdup(job->fspath))) {
				/* only the copies made here: the first chunk of each
				 * file holds the job's own path, freed by the caller */
				for (size_t i = 0; i < k; i++)
					if (jobs[i].chunk > 0)
						free(jobs[i].fspath);
				free(jobs);
				return TR_ENOMEM;
			}
		}
	}
	free(ctx->jobs);
	ctx->jobs = jobs;
	ctx->njobs = n;
	return 0;
}

int tr_load_logs(tr_study *st, const tr_load_options *options,
                 tr_buf *digest_list)
{
	S_ctx ctx;
	size_t cap = 0;
	int nthreads, rc;

	memset(&ctx, 0, sizeof(ctx));
	ctx.options = options;
	atomic_init(&ctx.done, 0);
	if ((rc = S_plan(&ctx, st, &cap)) < 0 || ctx.njobs == 0)
		goto cleanup;
	nthreads = tr_pool_threads(options ? options->threads : 0, SIZE_MAX);
	if ((rc = S_cut(&ctx, nthreads)) < 0)
		goto cleanup;
	nthreads = tr_pool_threads(nthreads, ctx.njobs);
	ctx.scratch = tr_calloc((size_t)nthreads, sizeof(tr_buf));
	ctx.merged = tr_calloc(st->nruns, sizeof(tr_txlog_stats *));
	if (!ctx.scratch || !ctx.merged) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	pthread_mutex_init(&ctx.lock, NULL);
	tr_pool_run(nthreads, ctx.njobs, S_read_job, &ctx);
	pthread_mutex_destroy(&ctx.lock);
	/* The other threads may have taken every job: the end is reported
	 * once all the same, so a caller always sees done == total. */
	if (options && options->progress && !ctx.reported_end)
		options->progress(options->progress_ctx, atomic_load(&ctx.done),
		                  ctx.total);
	for (int t = 0; t < nthreads; t++)
		tr_buf_free(&ctx.scratch[t]);
	if ((rc = ctx.merge_rc) < 0 || (rc = S_changed_error(&ctx)) < 0)
		goto cleanup;

	for (size_t j = 0; j < ctx.njobs;) {
		size_t end = j + 1;
		while (end < ctx.njobs && ctx.jobs[end].run == ctx.jobs[j].run)
			end++;
		if ((rc = S_merge_run(st, &st->runs[ctx.jobs[j].run], ctx.jobs, j, end,
		                      &ctx.merged[ctx.jobs[j].run], digest_list)) < 0)
			goto cleanup;
		j = end;
	}
cleanup:
	for (size_t j = 0; j < ctx.njobs; j++) {
		free(ctx.jobs[j].fspath);
		free(ctx.jobs[j].error);
		free(ctx.jobs[j].blocks);
		tr_agglog_free(&ctx.jobs[j].agg);
		if (ctx.jobs[j].tx_init)
			tr_txlog_stats_free(&ctx.jobs[j].tx);
	}
	free(ctx.jobs);
	free(ctx.scratch);
	for (size_t i = 0; i < ctx.nspare; i++)
		tr_hist_free(&ctx.spare[i]);
	free(ctx.spare);
	if (ctx.merged) {
		for (size_t r = 0; r < st->nruns; r++)
			if (ctx.merged[r]) {
				tr_txlog_stats_free(ctx.merged[r]);
				free(ctx.merged[r]);
			}
		free(ctx.merged);
	}
	return rc;
}
