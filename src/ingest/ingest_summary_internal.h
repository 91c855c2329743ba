#ifndef TR_INGEST_SUMMARY_INTERNAL_H
#define TR_INGEST_SUMMARY_INTERNAL_H

/*
 * The state shared by summary.c (the run's lines, stderr, the version line,
 * which pgbench printed it), summary_main.c (the main block, up to the tps
 * line) and summary_scripts.c (per-script sections and -r statement rows).
 * Internal to ingest.
 */

#include "ingest.h"
#include "ingest_pgtext_internal.h"
#include "util/buf.h"

/* The releases tpsreport knows the output of; a file that says nothing
 * more specific could come from any of them. */
#define TR_PGBENCH_OLDEST 10
/* 9.2-9.6 as one major: a file can say it is 9.x (the colon latency
 * lines of 9.4-9.5, no latency line at all in 9.2-9.3), but rarely which. */
#define TR_PGBENCH_9X 9
#define TR_PGBENCH_NEWEST 18
/* "and later" in a version clue */
#define TR_PGBENCH_ANY 9999

/* The lines of the main block, in the order pgbench prints them. */
enum {
	TR_SUMK_TTYPE, TR_SUMK_SCALE, TR_SUMK_PMETHOD, TR_SUMK_PARTS,
	TR_SUMK_QMODE, TR_SUMK_CLIENTS, TR_SUMK_THREADS, TR_SUMK_MAXTRIES,
	TR_SUMK_PERCLIENT, TR_SUMK_DURATION, TR_SUMK_PROCESSED, TR_SUMK_ZIPF,
	TR_SUMK_FAILED, TR_SUMK_SERIAL, TR_SUMK_DEADLOCK, TR_SUMK_RETRIED,
	TR_SUMK_RETRIES, TR_SUMK_SKIPPED, TR_SUMK_LATE, TR_SUMK_LATAVG,
	TR_SUMK_LATSTD, TR_SUMK_LAG, TR_SUMK_INITCONN, TR_SUMK_AVGCONN,
	TR_SUMK_TPSINCL, TR_SUMK_TPS,
	/* 9.4-9.5 print the latency lines with a colon */
	TR_SUMK_LATAVG9, TR_SUMK_LATSTD9,
	TR_SUMK_COUNT
};

/* The majors that could have printed a line, narrowed as it is read. */
typedef struct tr_vrange {
	int min, max;
} tr_vrange;

void tr_vrange_narrow(tr_vrange *r, int min, int max);

typedef enum tr_sumstate {
	TR_SUM_BEFORE = 0,  /* before "transaction type:" */
	TR_SUM_MAIN,        /* up to the tps line */
	TR_SUM_SCRIPTS,     /* per-script sections and -r rows */
	TR_SUM_AFTER        /* the summary is over */
} tr_sumstate;

typedef struct tr_sumparse {
	tr_summary *out;
	const char *path;
	tr_sumstate state;
	tr_buf scratch;            /* ANSI-free copies of stderr lines */
	tr_buf joined;             /* a stdout line cut by a stderr line */
	long joined_line;

	long version_line;         /* 0 when none */
	/* Which pgbench printed this: the narrowest range the lines seen so
	 * far allow, and the lines that set each bound (for messages). */
	int vmin, vmax;
	long vmin_line, vmax_line;
	int vmin_line_max, vmax_line_min; /* the full range of those lines */

	/* Main block: the line of each kind seen (0 = not yet). */
	long main_seen[TR_SUMK_COUNT];

	/* Per-script sections. */
	size_t scripts_cap;
	long script_seen[16];
	tr_statement **stmts;      /* where -r rows go, NULL outside rows */
	size_t *nstmts;
	size_t stmts_cap;
	int stmt_counts;           /* count columns of the rows: 0, 1 or 2 */
	long stmt_header_line;

	/* The first line that is not part of the summary once it began;
	 * more summary lines after it make it an error. */
	long gap_line;
	tr_buf gap_text;
	bool complete_at_gap;      /* the tps line came before the gap */

	long run_aborted_line;     /* "Run was aborted ..." */
	long client_aborted_line;  /* the first "client N aborted" */
	/* A "client N aborted" line without "pgbench: error: " before it:
	 * 10-12 print it so, but in 13+ another thread's message can cut the
	 * prefix off (interleaved stderr). A hint at 10-12, used at the end
	 * only when nothing else in the file says otherwise. */
	bool raw_client_abort;
	bool terminated;           /* the line being read has its line end */
	tr_sumstate gap_state;     /* the state the gap interrupted */
} tr_sumparse;

/*
 * Narrow the range of pgbench majors that could have printed the text:
 * the line `line` is printed only by majors min..max (max may be
 * TR_PGBENCH_ANY). A line no pgbench consistent with the earlier ones
 * prints is an error naming both lines.
 */
int tr_sumparse_clue(tr_sumparse *st, long line, int min, int max);

/* "path:line: malformed summary line "...": why" (TR_EINVALID). */
int tr_sumparse_bad(tr_sumparse *st, long line, const char *p, size_t len,
                    const char *why);

/*
 * The end of every line's reading: not `ok` is "expected "<prefix><form>"";
 * a range of majors that no pgbench fits (r->min > r->max) is an error;
 * else the range narrows the whole text's (tr_sumparse_clue).
 */
int tr_sumparse_done(tr_sumparse *st, long line, const char *p, size_t len,
                     bool ok, const char *prefix, const char *form,
                     const tr_vrange *r);

/* A line of the summary that does not read: keep the first such line's
 * message and go on (the value stays unknown). Returns 0 or TR_ENOMEM. */
int tr_sumparse_damage(tr_sumparse *st, long line, const char *p, size_t len,
                       const char *why);

/* Copy text kept as a string; a NUL byte in it is an error. */
int tr_sumparse_text(tr_sumparse *st, char **out, long line, const char *p,
                     size_t len);

/* The end of a line: pgbench prints no trailing blanks, but an editor may
 * leave some; nothing else may follow. */
bool tr_sumparse_end(tr_cur *c);

/* A non-negative quantity printed with %f / %.Nf, or NaN / an infinity,
 * whose spelling narrows r (10-11 glibc "nan", 12+ PostgreSQL "NaN"). */
bool tr_sumparse_num(tr_cur *c, double *out, tr_vrange *r);

/*
 * A line of the summary being read, its prefix behind c. A line kind's
 * parser (S_kinds of summary_main.c, S_details of summary_scripts.c) sets
 * ok when the rest has the kind's form (else the line costs its value
 * only), narrows r to the majors that print it like that, and returns 0 or
 * a negative TR_E* code for a line that cannot stand (message set).
 */
typedef struct tr_sumline {
	tr_sumparse *st;
	void *into;             /* the tr_summary or tr_script values go to */
	tr_cur *c;
	const char *p;          /* the whole line, for messages */
	size_t len;
	long line;
	tr_vrange r;
	int kind;               /* the kind it turned out to be (the tps lines) */
	bool ok;
} tr_sumline;

/* A kind's parser. field: where in *into the shared parsers below store
 * the value (offsetof), of the type each names. */
typedef int (*tr_sumline_fn)(tr_sumline *l, size_t field);

/* The int64_t at field of *into. */
int64_t *tr_sumline_i64(tr_sumline *l, size_t field);
/* "N": an int64_t. */
int tr_sumline_count(tr_sumline *l, size_t field);
/* "X ms": a double. */
int tr_sumline_ms(tr_sumline *l, size_t field);

/* The kind of main-block line p is (its prefix read into *rest), or -1. */
int tr_sumparse_main_kind(const char *p, size_t len, tr_cur *rest);

/* Read a main-block line of kind k into st->out. Returns the kind it
 * turned out to be (the two tps lines share a prefix) or an error. */
int tr_sumparse_main_line(tr_sumparse *st, int k, tr_cur *c, const char *p,
                          size_t len, long line);

/* At the final tps line: the lines pgbench always prints with it. */
int tr_sumparse_check_main(tr_sumparse *st, long line, const char *p,
                           size_t len);

/*
 * One line after the tps line. Returns 1 when it belongs to the per-script
 * section (and was read), 0 when it does not (the summary is over), or a
 * negative error.
 */
int tr_sumparse_script_line(tr_sumparse *st, const char *p, size_t len,
                            long line);

#endif
