#ifndef TR_EXPORT_CSV_INTERNAL_H
#define TR_EXPORT_CSV_INTERNAL_H

/* Internal to export: one text cell of a CSV file, made safe. */

#include "util/buf.h"

/*
 * Append s as one RFC 4180 field. Control characters and invalid UTF-8
 * are written as \xNN (so that no cell can split a row or reach a
 * terminal raw); a cell that a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, as OWASP recommends against CSV injection. NULL appends
 * nothing (an empty field).
 */
int tr_export_csv_cell(tr_buf *out, const char *s);

#endif
