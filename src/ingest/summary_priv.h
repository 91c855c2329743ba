#ifndef TR_INGEST_SUMMARY_PRIV_H
#define TR_INGEST_SUMMARY_PRIV_H

/*
 * The state shared by summary.c (the run's lines, the main block, which
 * pgbench printed it) and summary_scripts.c (per-script sections and -r
 * statement rows). Internal to ingest.
 */

#include "ingest.h"
#include "pgtext.h"

/* The releases tpsreport knows the output of; a file that says nothing
 * more specific could come from any of them. */
#define TR_PGBENCH_OLDEST 10
#define TR_PGBENCH_NEWEST 18
/* "and later" in a version clue */
#define TR_PGBENCH_ANY 9999

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
	long main_seen[32];

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

/* Copy text kept as a string; a NUL byte in it is an error. */
int tr_sumparse_text(tr_sumparse *st, char **out, long line, const char *p,
                     size_t len);

/*
 * One line after the tps line. Returns 1 when it belongs to the per-script
 * section (and was read), 0 when it does not (the summary is over), or a
 * negative error.
 */
int tr_sumparse_script_line(tr_sumparse *st, const char *p, size_t len,
                            long line);

#endif
