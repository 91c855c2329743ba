#ifndef TR_INGEST_LOGSCAN_INTERNAL_H
#define TR_INGEST_LOGSCAN_INTERNAL_H

/*
 * logscan: what the readers of pgbench's log files share (private to
 * ingest). The hot loops only validate; when a line fails, these helpers
 * find out what exactly is wrong with it and say so with file and line.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Render [p, end) for a message: at most 32 bytes, in double quotes,
 * non-printable bytes as \xNN, "..." when cut. Always NUL-terminates buf.
 */
void tr_logscan_quote(char *buf, size_t cap, const char *p, const char *end);

/*
 * Whole-file rules of a pgbench log: not empty, last line ended by '\n'
 * (pgbench writes whole lines; a missing newline means the file was cut).
 * `what` names the log in the message ("aggregate log"). 0 or TR_EINVALID
 * with the message set. first_line is the number of data's first line
 * (1 unless data is a chunk of a larger file).
 */
int tr_logscan_check_file(const char *data, size_t len, const char *path,
                          const char *what, long first_line);

/*
 * Problems a line can have whatever its format: a NUL byte, a '\r'
 * (CRLF line ends), an empty line, a space at either end or two in a row.
 * [p, eol) is the line without its '\n'. 0 or TR_EINVALID, message set.
 */
int tr_logscan_check_line(const char *p, const char *eol, const char *path,
                          long line);

/* Number of space-separated fields of the line [p, eol) (0 when empty). */
int tr_logscan_count_fields(const char *p, const char *eol);

/*
 * Read one unsigned decimal field at p (the field ends at ' ' or eol).
 * 0 with *out set; otherwise TR_EINVALID with a message naming field
 * number `field` and `name`: not a number, negative, or beyond `max`.
 */
int tr_logscan_field_uint(uint64_t *out, const char *p, const char *eol,
                          uint64_t max, int field, const char *name,
                          const char *path, long line);

#endif
