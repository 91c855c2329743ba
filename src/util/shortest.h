#ifndef TR_UTIL_SHORTEST_H
#define TR_UTIL_SHORTEST_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The shortest decimal digits of |v| that read back as v, the closest to
 * v of those (Grisu3): v = 0.d1d2...dn x 10^(exp10 + n) — that is,
 * digits x 10^exp10 — with n in *ndigits (at most 18; no terminating NUL).
 * Returns false, writing nothing useful, when it cannot be sure (about
 * 0.5% of doubles; zero, infinities and NaN always): the caller then
 * finds the digits another way. Nothing to free.
 */
bool tr_shortest_digits(char digits[20], size_t *ndigits, int *exp10, double v);

#endif
