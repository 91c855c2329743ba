#ifndef TR_CLI_H
#define TR_CLI_H

/*
 * cli: the command line, and the only code that prints or exits.
 * Each command is a function taking its own argv (argv[0] is the command
 * name) and returning the process exit status:
 *   0 ok, 1 problems found (check, --strict), 2 could not do the job.
 */

#include "ingest/ingest.h"
#include "util/buf.h"
#include "util/diag.h"

enum { TR_EXIT_OK = 0, TR_EXIT_FINDINGS = 1, TR_EXIT_FAILURE = 2 };

int tr_cmd_summary(int argc, char **argv);
int tr_cmd_check(int argc, char **argv);
int tr_cmd_build(int argc, char **argv);
int tr_cmd_chart(int argc, char **argv);
int tr_cmd_probe(int argc, char **argv);
int tr_cmd_settle(int argc, char **argv);
int tr_cmd_import(int argc, char **argv);
int tr_cmd_diff(int argc, char **argv);

/* Read OLD or NEW of `diff` / `build --since`: a study folder (its results
 * computed), a built report folder (OUT/data/results.json) or a
 * results.json. The caller frees *out with tr_diff_doc_free(). */
typedef struct tr_diff_doc tr_diff_doc;
int tr_cli_diff_read(tr_diff_doc **out, const char *arg, int threads);
int tr_cmd_run(int argc, char **argv);
int tr_cmd_sample(int argc, char **argv);

/* "tpsreport: message" on stderr. */
void tr_cli_error(const char *fmt, ...) TR_PRINTF(1, 2);
/* "tpsreport: warning: message" on stderr. */
void tr_cli_warning(const char *fmt, ...) TR_PRINTF(1, 2);
/* 0 when `out` may be written by a command reading `study`; -1 (with a
 * message) when it lies in the study's results/ or is one of its input
 * files (docs/reliability.md, "Output paths"). */
int tr_cli_output_check(const char *study, const char *out);
/* b on stdout, flushed: 0, or -1 after "tpsreport: writing to stdout
 * failed" (a full disk or a closed pipe must not exit 0). */
int tr_cli_write_stdout(const tr_buf *b);
/* The last library error, as "tpsreport: FILE:LINE: message". */
void tr_cli_error_last(void);
/* Each diagnostic as "tpsreport: warning: FILE:LINE: message". */
void tr_cli_print_diags(const tr_diags *diags);
/*
 * Loading options with a progress line ("reading logs  42% (1.2 of 2.9
 * GB)") on stderr when it is a terminal and the logs total more than
 * 100 MB; tr_cli_progress_end() clears the line once the study is read.
 */
typedef struct tr_cli_progress {
	bool shown;
} tr_cli_progress;

void tr_cli_load_options(tr_load_options *options, tr_cli_progress *progress,
                         int threads);
void tr_cli_progress_end(tr_cli_progress *progress);

/* "Try 'tpsreport CMD --help'." after a usage error; returns 2. */
int tr_cli_usage_error(const char *cmd, const char *fmt, ...) TR_PRINTF(2, 3);

/* ---- args.c: arguments several commands take ------------------------ */
/* Each returns 0, or -1 after printing CMD's usage error. */

/* A whole number in [min, max]: "invalid NAME 'ARG' (MIN to MAX)". */
int tr_cli_arg_int(int *out, const char *cmd, const char *name,
                   const char *arg, long min, long max);
/* Seconds in [min, 1e7]: "invalid NAME 'ARG' (seconds)". */
int tr_cli_arg_seconds(double *out, const char *cmd, const char *name,
                       const char *arg, double min);
/* The usage error of getopt_long's ':' (a value missing) or any other
 * refusal, for argv[next - 1] (next: getopt's optind; opterr 0); returns 2. */
int tr_cli_getopt_error(const char *cmd, int c, char **argv, int next);
/* After the options (next: getopt's optind): the one optional CONNINFO
 * operand into *out (left as
 * it is when there is none). */
int tr_cli_conninfo_arg(const char **out, const char *cmd, int argc,
                        char **argv, int next);

#endif
