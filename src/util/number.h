#ifndef TR_UTIL_NUMBER_H
#define TR_UTIL_NUMBER_H

/* util/number.h: numbers read and written the same under any locale.
 * tr_parse_* read from a span, tr_fmt_* append to a tr_buf. */

#include <stdint.h>

#include "util/buf.h"

/*
 * tpsreport never calls setlocale(), and these never consult the locale:
 * "1234.5" is read and written the same under any LC_NUMERIC.
 */

/* Parse a decimal number such as "-12.345", "1e-3", "NaN", "Infinity",
 * "inf", "-nan" (pgbench prints all of these) from [s, end). On success
 * *out is set and *next points past it. Returns 0 or TR_EINVALID. */
int tr_parse_double(double *out, const char *s, const char *end,
                    const char **next);

/* Parse an optionally signed decimal integer from [s, end) into *out.
 * Fails on no digits or overflow. */
int tr_parse_int64(int64_t *out, const char *s, const char *end,
                   const char **next);
int tr_parse_uint64(uint64_t *out, const char *s, const char *end,
                    const char **next);

/* Append v with exactly `decimals` decimals, rounded from its exact binary
 * value, an exact tie to even, as glibc's printf does (2.5 -> "2", 1.005 ->
 * "1.00" because 1.005 is 1.00499... in binary). Never "-0.00".
 * NaN/inf print "NaN"/"inf". */
int tr_fmt_fixed(tr_buf *out, double v, int decimals);

/* The same, with `sep` between groups of three integer digits
 * (e.g. ",": 12,345.6; NULL or "" for none). */
int tr_fmt_grouped(tr_buf *out, double v, int decimals, const char *sep);

/* The shortest decimal text that reads back as exactly v (for JSON), in
 * positional form ("10", "0.00015") unless the exponent is below -7 or
 * 17 and beyond ("1e+21"). */
int tr_fmt_shortest(tr_buf *out, double v);

/* A value with as many significant digits as is useful to a reader:
 * 3 significant digits, at least 0 and at most `max_decimals` decimals,
 * grouped with `sep`. 3967.67 -> "3,968", 8.065 -> "8.07", 0.0451 -> "0.0451". */
int tr_fmt_readable(tr_buf *out, double v, int max_decimals, const char *sep);

#endif
