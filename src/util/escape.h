#ifndef TR_UTIL_ESCAPE_H
#define TR_UTIL_ESCAPE_H

/* util/escape.h: text from files made safe to show (escape.c). */

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* true when s holds only printable UTF-8 (no control characters, no C1
 * controls, no invalid bytes). */
bool tr_text_is_safe(const char *s, size_t len);
/* Append s with every control character and invalid byte as \xNN (ESC
 * is "\x1B", 0xFF is "\xFF"); printable UTF-8 is kept as is. */
int tr_text_escape(tr_buf *out, const char *s, size_t len);

/*
 * Append s as Markdown inline text that reads as s and nothing else: the
 * same \xNN for controls and invalid bytes as tr_text_escape (with its
 * backslash escaped, so it shows), a backslash before every character
 * that could start inline markup (CommonMark and GitHub's: emphasis,
 * code, links, raw HTML, entities, tables, strike-through, math), and an
 * empty HTML comment where GitHub's autolink extension would make a link
 * of a URL or an e-mail address ("a<!-- -->@b.example",
 * "https:<!-- -->//x", "www<!-- -->.x": the comment splits the text, is
 * shown by no renderer, and tpsreport's own HTML drops it). Text from a
 * file is text, never a link. With line_start, also what would start a
 * block at the start of a line (a list item, a heading's underline, an
 * ordered list's "1.").
 */
int tr_md_escape(tr_buf *out, const char *s, size_t len, bool line_start);

#endif
