/* common.c: how the command line reports errors and warnings. */

#include "cli.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void tr_cli_error(const char *fmt, ...)
{
	va_list ap;
	fputs("tpsreport: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
		fprintf(stderr, "tpsreport: %s: %s\n",
		        diags->items[i].severity == TR_SEV_WARNING ? "warning"
		                                                    : "note",
		        tr_buf_cstr(&line));
	}
	tr_buf_free(&line);
}

int tr_cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fputs("tpsreport: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'tpsreport %s --help'.\n", cmd);
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
