/* csv_cell.c: one text cell of a CSV file, escaped against formula
 * injection and control characters (docs/results-json.md, "CSV"). */

#include "export_csv_internal.h"
#include "util/buf.h"
#include "util/escape.h"

#include <string.h>

int tr_export_csv_cell(tr_buf *out, const char *s)
{
	tr_buf safe = TR_BUF_INIT;
	const char *p;
	int rc = 0;
	if (!s)
		return 0;
	/* A spreadsheet runs =HYPERLINK(...) or =cmd|... typed in a cell; a
	 * leading apostrophe makes it text. */
	if (strchr("=+-@\t\r", s[0]) && s[0] != '\0')
		rc = tr_buf_putc(&safe, '\'');
	if (rc == 0)
		rc = tr_text_escape(&safe, s, strlen(s));
	p = tr_buf_cstr(&safe);
	if (rc < 0)
		goto cleanup;
	if (strpbrk(p, ",\"'") == NULL) {
		rc = tr_buf_puts(out, p);
		goto cleanup;
	}
	rc = tr_buf_putc(out, '"');
	for (; rc == 0 && *p; p++)
		rc = *p == '"' ? tr_buf_puts(out, "\"\"") : tr_buf_putc(out, *p);
	if (rc == 0)
		rc = tr_buf_putc(out, '"');
cleanup:
	tr_buf_free(&safe);
	return rc;
}
