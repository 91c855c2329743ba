#ifndef TR_INGEST_INI_INTERNAL_H
#define TR_INGEST_INI_INTERNAL_H

/* Internal to ingest: the lines of an ini file (ini.c), for config.c. */

#include <stddef.h>

/*
 * Called for each "name = value" line with its section (text between the
 * brackets of the last "[...]" line, spaces and tabs around it removed;
 * "" before any), its name and value (spaces around them removed, an
 * inline "; comment" after whitespace cut off) and its 1-based line.
 * Return 0 to go on, or a negative code to stop (then the handler has
 * set the message).
 */
typedef int (*tr_ini_handler)(void *user, const char *section,
                              const char *name, const char *value, long line);

/*
 * Read [text, text + len): lines of any length (LF or CRLF), a UTF-8 byte
 * order mark at the start skipped, comment lines starting with ';' or '#',
 * no continuation lines, section names of any length. A line that is none
 * of these fails with TR_EINVALID, "path:line: message". Returns 0, the
 * handler's code, or TR_ENOMEM.
 */
int tr_ini_parse(const char *text, size_t len, const char *path,
                 tr_ini_handler handler, void *user);

#endif
