/* common.c: how the command line reports errors and warnings. */

#include "cli.h"

#include <stdarg.h>
#include <stdio.h>

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
