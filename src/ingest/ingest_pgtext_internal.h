#ifndef TR_INGEST_PGTEXT_INTERNAL_H
#define TR_INGEST_PGTEXT_INTERNAL_H

/*
 * pgtext: small pieces for reading the text pgbench prints for people (the
 * summary, progress lines, stderr messages). Internal to ingest.
 *
 * Everything works on (pointer, length): the text may hold NUL bytes and
 * is never assumed to be NUL-terminated.
 */

#include "util/buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- lines ----------------------------------------------------------- */

typedef struct tr_lineit {
	const char *text;
	size_t len;
	size_t pos;
	long lineno;        /* '\n'-counted line of the next line returned */
	bool cr_ends;       /* '\r' ends a line too (but not a line number) */
} tr_lineit;

typedef struct tr_line {
	const char *p;
	size_t len;         /* without the line end and trailing '\r's */
	long lineno;        /* 1-based, counted in '\n' */
	bool terminated;    /* false: the text ended inside this line */
} tr_line;

/* A UTF-8 byte order mark at the very start is skipped. */
void tr_lineit_init(tr_lineit *it, const char *text, size_t len, bool cr_ends);
/* The next line, or false at the end of the text. */
bool tr_lineit_next(tr_lineit *it, tr_line *out);

/* ---- a cursor over one line ------------------------------------------ */

typedef struct tr_cur {
	const char *p;
	const char *end;
} tr_cur;

/* How a number was spelt: pgbench 10 and 11 print non-finite values with
 * the C library ("nan", "-nan", "inf"), 12 and later with PostgreSQL's own
 * printf ("NaN", "Infinity"). */
typedef enum tr_numstyle {
	TR_NUM_FINITE = 0,
	TR_NUM_LIBC,
	TR_NUM_PG
} tr_numstyle;

void tr_cur_init(tr_cur *c, const char *p, size_t len);
bool tr_cur_done(const tr_cur *c);
/* Consume `lit` if the text continues with it. */
bool tr_cur_lit(tr_cur *c, const char *lit);
/* Consume spaces; returns how many. */
size_t tr_cur_spaces(tr_cur *c);
/* An unsigned decimal integer (no sign), as %d / %lld print counts. */
bool tr_cur_count(tr_cur *c, int64_t *out);
/*
 * A number as %f / %.Nf print it: [-]digits[.digits], or a non-finite
 * word in either spelling. *decimals is the number of digits after the
 * point (-1 without a point, or for a word); *style how it was spelt.
 * Values go through tr_parse_double (exact, locale-independent).
 */
bool tr_cur_number(tr_cur *c, double *out, int *decimals, tr_numstyle *style);

/* ---- stderr lines ---------------------------------------------------- */

typedef enum tr_loglevel {
	TR_LVL_RAW = 0,     /* no "pgbench: " prefix (10-12, libpq text) */
	TR_LVL_INFO,        /* "pgbench: " only */
	TR_LVL_FATAL,       /* "pgbench: fatal: " (13-14) */
	TR_LVL_ERROR,       /* "pgbench: error: " */
	TR_LVL_WARNING,
	TR_LVL_DETAIL,      /* 15+ */
	TR_LVL_HINT         /* 15+ */
} tr_loglevel;

/*
 * The message of a stderr line: ANSI colour sequences (PG_COLOR) removed
 * and the "pgbench: " and level prefixes taken off. The result points
 * into the line, or into `scratch` when colours had to be removed; it is
 * valid until scratch changes.
 */
const char *tr_pgtext_message(tr_buf *scratch, const char *line, size_t len,
                              size_t *msglen, tr_loglevel *level);

/* "Run was aborted ..." forms: 0 none, 1 "the above results are
 * incomplete." (12+), 2 "due to an error in thread N" (17+). */
int tr_pgtext_run_aborted(const char *msg, size_t len);

/* "client N aborted ..." or "client N script M aborted ..." (10-18). */
bool tr_pgtext_client_aborted(const char *msg, size_t len);

/* Where `needle` first occurs in [hay, hay + len), or NULL. */
const char *tr_pgtext_find(const char *hay, size_t len, const char *needle);

/* An excerpt of a line for messages: at most 60 bytes, control bytes and
 * NUL shown as '?', "..." when cut. Appended to out. */
int tr_pgtext_excerpt(tr_buf *out, const char *p, size_t len);

#endif
