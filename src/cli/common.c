/* common.c: how the command line reports errors and warnings. */

#include "cli.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* One line to stderr, names from files escaped (a run file named with ESC
 * or a newline must not reach the terminal raw). */
static void S_print_line(const char *prefix, const char *text)
{
	tr_buf safe = TR_BUF_INIT;
	if (tr_text_escape(&safe, text, strlen(text)) == 0)
		text = tr_buf_cstr(&safe);
	else
		text = "(message lost: out of memory)";
	fprintf(stderr, "tpsreport: %s%s\n", prefix, text);
	tr_buf_free(&safe);
}

void tr_cli_error(const char *fmt, ...)
{
	tr_buf msg = TR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	if (tr_buf_vprintf(&msg, fmt, ap) < 0)
		tr_buf_clear(&msg);
	va_end(ap);
	S_print_line("", tr_buf_cstr(&msg));
	tr_buf_free(&msg);
}

void tr_cli_warning(const char *fmt, ...)
{
	tr_buf msg = TR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	if (tr_buf_vprintf(&msg, fmt, ap) < 0)
		tr_buf_clear(&msg);
	va_end(ap);
	S_print_line("warning: ", tr_buf_cstr(&msg));
	tr_buf_free(&msg);
}

int tr_cli_write_stdout(const tr_buf *b)
{
	if (fwrite(b->ptr, 1, b->size, stdout) != b->size || fflush(stdout) != 0) {
		tr_cli_error("writing to stdout failed");
		return -1;
	}
	return 0;
}

void tr_cli_error_last(void)
{
	const char *msg = tr_error_last();
	tr_cli_error("%s", *msg ? msg : "unknown error");
}

void tr_cli_print_diags(const tr_diags *diags)
{
	tr_buf line = TR_BUF_INIT;
	for (size_t i = 0; i < diags->count; i++) {
		tr_buf_clear(&line);
		tr_diag_format(&line, &diags->items[i]);
		S_print_line(diags->items[i].severity == TR_SEV_WARNING ? "warning: "
		                                                        : "note: ",
		             tr_buf_cstr(&line));
	}
	tr_buf_free(&line);
}

int tr_cli_usage_error(const char *cmd, const char *fmt, ...)
{
	tr_buf msg = TR_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	if (tr_buf_vprintf(&msg, fmt, ap) < 0)
		tr_buf_clear(&msg);
	va_end(ap);
	S_print_line("", tr_buf_cstr(&msg));
	tr_buf_free(&msg);
	fprintf(stderr, "Try 'tpsreport %s --help'.\n", cmd);
	return TR_EXIT_FAILURE;
}

#define S_PROGRESS_MIN_BYTES 100000000ULL

static void S_progress(void *ctx, uint64_t done, uint64_t total)
{
	tr_cli_progress *p = ctx;
	if (total < S_PROGRESS_MIN_BYTES)
		return;
	if (total >= 10000000000ULL)
		fprintf(stderr, "\rtpsreport: reading logs %3d%% (%.1f of %.1f GB)",
		        (int)(done * 100 / total), (double)done / 1e9,
		        (double)total / 1e9);
	else
		fprintf(stderr, "\rtpsreport: reading logs %3d%% (%.0f of %.0f MB)",
		        (int)(done * 100 / total), (double)done / 1e6,
		        (double)total / 1e6);
	fflush(stderr);
	p->shown = true;
}

void tr_cli_load_options(tr_load_options *o, tr_cli_progress *progress,
                         int threads)
{
	memset(o, 0, sizeof(*o));
	memset(progress, 0, sizeof(*progress));
	o->threads = threads;
	if (isatty(STDERR_FILENO)) {
		o->progress = S_progress;
		o->progress_ctx = progress;
	}
}

void tr_cli_progress_end(tr_cli_progress *progress)
{
	if (progress->shown)
		fputs("\r\033[K", stderr);
	progress->shown = false;
}
