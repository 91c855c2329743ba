#ifndef TR_CHART_DEFLATE_INTERNAL_H
#define TR_CHART_DEFLATE_INTERNAL_H

/* Internal to chart: deflate's symbols and dynamic blocks (RFC 1951) into
 * a buffer, for png.c's zlib stream. The caller finds the literals and
 * matches; deflate.c codes them. */

#include "util/buf.h"

#include <stddef.h>
#include <stdint.h>

#define TR_DEFLATE_MAXTOK 32768    /* symbols in a block */
#define TR_DEFLATE_MAXMATCH 258u   /* the longest match */
#define TR_DEFLATE_WSIZE 32768u    /* the farthest a match reaches back */

/* A symbol of a block: a literal byte (below 256), or TR_DEFLATE_TOK_MATCH with
 * the length's code (bits 24-28) and extra bits' value (19-23), and the
 * distance's code (14-18) and extra bits' value (0-13): worked out once,
 * when the match is found. */
#define TR_DEFLATE_TOK_MATCH 0x80000000u

typedef struct tr_deflate {
	tr_buf *out;            /* the stream so far */
	uint64_t acc;           /* bits not yet in out, first bit lowest */
	unsigned nacc;
	uint32_t *tok;          /* this block's symbols */
	size_t ntok;
	uint32_t lfreq[286], dfreq[30];
	int rc;                 /* the first failure, kept to the end */
} tr_deflate;

/* Starts a stream into out (which it appends to). 0 or TR_ENOMEM. */
int tr_deflate_init(tr_deflate *e, tr_buf *out);
/* Ends the stream: the last block, then the bits padded to a byte. 0 or
 * the first failure (TR_ENOMEM). */
int tr_deflate_finish(tr_deflate *e);
void tr_deflate_free(tr_deflate *e);

/* Writes the block of the symbols so far, with its own codes (final: the
 * stream's last). On failure e->rc says why and the symbols are dropped. */
void tr_deflate_block(tr_deflate *e, int final);
/* A match of len 3..258 bytes at distance 1..32768. */
void tr_deflate_match(tr_deflate *e, unsigned len, unsigned dist);
/* n more copies of byte b, which the stream has just written: matches at
 * distance 1, none shorter than 3, literals for the rest. */
void tr_deflate_run(tr_deflate *e, unsigned char b, size_t n);

/* A literal byte: most of a chart's symbols, so inline. */
static inline void tr_deflate_lit(tr_deflate *e, unsigned char c)
{
	e->tok[e->ntok++] = c;
	e->lfreq[c]++;
	if (e->ntok == TR_DEFLATE_MAXTOK)
		tr_deflate_block(e, 0);
}

#endif
