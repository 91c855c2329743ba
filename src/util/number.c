/* number.c: reading and writing numbers the same way under any locale.
 *
 * tpsreport never calls setlocale(), but a program embedding the library
 * might; so where libc is used (strtod, snprintf) the locale's decimal
 * point is swapped for '.' on the way in and out. */

#include "number.h"
#include "buf.h"
#include "shortest.h"

#include <locale.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool S_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

int tr_parse_uint64(uint64_t *out, const char *s, const char *end,
                    const char **next)
{
	uint64_t v = 0;
	const char *p = s;
	if (p < end && *p == '+')
		p++;
	if (p >= end || !S_isdigit(*p))
		return TR_EINVALID;
	while (p < end && S_isdigit(*p)) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return TR_EINVALID;
		v = v * 10 + d;
		p++;
	}
	*out = v;
	if (next)
		*next = p;
	return 0;
}

int tr_parse_int64(int64_t *out, const char *s, const char *end,
                   const char **next)
{
	bool neg = false;
	uint64_t v;
	const char *p = s;
	if (p < end && (*p == '-' || *p == '+')) {
		neg = *p == '-';
		p++;
	}
	if (p < end && *p == '+')
		return TR_EINVALID;
	if (tr_parse_uint64(&v, p, end, next) < 0)
		return TR_EINVALID;
	if (neg) {
		if (v > (uint64_t)INT64_MAX + 1)
			return TR_EINVALID;
		*out = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	} else {
		if (v > (uint64_t)INT64_MAX)
			return TR_EINVALID;
		*out = (int64_t)v;
	}
	return 0;
}

static bool S_word(const char *p, const char *end, const char *w, size_t *len)
{
	size_t n = strlen(w);
	if ((size_t)(end - p) < n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = p[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != w[i])
			return false;
	}
	*len = n;
	return true;
}

static const double S_pow10[] = {
	1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* The digits of a decimal, read as mantissa * 10^exp10: the first 19
 * significant digits kept, the rest only counted. */
typedef struct {
	uint64_t mant;
	int mant_digits, exp10;
	bool any;               /* at least one digit */
} S_decimal;

static void S_digit(S_decimal *d, char c, bool fraction)
{
	d->any = true;
	if (d->mant_digits < 19) {
		d->mant = d->mant * 10 + (uint64_t)(c - '0');
		if (d->mant)
			d->mant_digits++;
		if (fraction)
			d->exp10--;
	} else if (!fraction) {
		d->exp10++;
	}
}

/* Digits, a '.' and digits, an exponent; returns where they end. */
static const char *S_read_decimal(S_decimal *d, const char *p, const char *end)
{
	memset(d, 0, sizeof(*d));
	while (p < end && S_isdigit(*p))
		S_digit(d, *p++, false);
	if (p < end && *p == '.')
		for (p++; p < end && S_isdigit(*p); p++)
			S_digit(d, *p, true);
	if (d->any && p < end && (*p == 'e' || *p == 'E')) {
		const char *q = p + 1;
		int64_t e;
		if (q < end && *q == '+')
			q++;
		if (tr_parse_int64(&e, q, end, &q) == 0) {
			if (e > 100000 || e < -100000)
				e = e > 0 ? 100000 : -100000;
			d->exp10 += (int)e;
			p = q;
		}
	}
	return p;
}

/* pgbench >= 12 prints NaN/Infinity, 10 and 11 print nan/-nan/inf. */
static bool S_special(double *out, const char *p, const char *end, bool neg,
                      const char **next)
{
	size_t wlen;
	if (S_word(p, end, "infinity", &wlen) || S_word(p, end, "inf", &wlen))
		*out = neg ? -INFINITY : INFINITY;
	else if (S_word(p, end, "nan", &wlen))
		*out = NAN;
	else
		return false;
	if (next)
		*next = p + wlen;
	return true;
}

/* strtod rounds correctly, on a copy of [s, e) whose '.' is the locale's
 * decimal point. */
static int S_strtod(double *out, const char *s, const char *e)
{
	char tmp[400];
	const char *dp = localeconv()->decimal_point;
	size_t n = 0;
	const char *q;
	char *tend;
	for (q = s; q < e && n + 8 < sizeof(tmp); q++) {
		if (*q == '.') {
			size_t dl = strlen(dp);
			memcpy(tmp + n, dp, dl);
			n += dl;
		} else {
			tmp[n++] = *q;
		}
	}
	if (q < e)
		return TR_EINVALID;
	tmp[n] = '\0';
	*out = strtod(tmp, &tend);
	return 0;
}

int tr_parse_double(double *out, const char *s, const char *end,
                    const char **next)
{
	const char *p = s, *digits_start;
	bool neg = false;
	S_decimal d;
	int rc;

	if (p < end && (*p == '-' || *p == '+')) {
		neg = *p == '-';
		p++;
	}
	if (S_special(out, p, end, neg, next))
		return 0;
	digits_start = p;
	p = S_read_decimal(&d, p, end);
	if (!d.any)
		return TR_EINVALID;
	if (next)
		*next = p;
	/* Clinger's fast path: exact when the mantissa and the power of ten
	 * are both exactly representable; covers everything pgbench prints. */
	if (d.mant < ((uint64_t)1 << 53) && d.exp10 >= -22 && d.exp10 <= 22) {
		double v = (double)d.mant;
		v = d.exp10 < 0 ? v / S_pow10[-d.exp10] : v * S_pow10[d.exp10];
		*out = neg ? -v : v;
		return 0;
	}
	if ((rc = S_strtod(out, digits_start, p)) < 0)
		return rc;
	if (neg)
		*out = -*out;
	return 0;
}

/* Replace the locale's decimal point in [start, end of buf) by '.'. */
static void S_fix_decimal_point(tr_buf *buf, size_t start)
{
	const char *dp = localeconv()->decimal_point;
	size_t dl = strlen(dp);
	char *p;
	if (dl == 1 && dp[0] == '.')
		return;
	p = strstr(buf->ptr + start, dp);
	if (!p)
		return;
	*p = '.';
	if (dl > 1) {
		memmove(p + 1, p + dl, strlen(p + dl) + 1);
		buf->size -= dl - 1;
	}
}

static int S_nonfinite(tr_buf *out, double v)
{
	if (isnan(v))
		return tr_buf_puts(out, "NaN");
	return tr_buf_puts(out, v < 0 ? "-inf" : "inf");
}

int tr_fmt_fixed(tr_buf *out, double v, int decimals)
{
	size_t start = out->size;
	if (!isfinite(v))
		return S_nonfinite(out, v);
	if (decimals < 0)
		decimals = 0;
	if (decimals > 17)
		decimals = 17;
	/* Never print "-0.00". */
	if (v == 0)
		v = 0;
	if (tr_buf_printf(out, "%.*f", decimals, v) < 0)
		return TR_ENOMEM;
	S_fix_decimal_point(out, start);
	if (out->ptr[start] == '-') {
		bool zero = true;
		for (size_t i = start + 1; i < out->size; i++)
			if (out->ptr[i] != '0' && out->ptr[i] != '.')
				zero = false;
		if (zero) {
			memmove(out->ptr + start, out->ptr + start + 1,
			        out->size - start);
			out->size--;
		}
	}
	return 0;
}

int tr_fmt_grouped(tr_buf *out, double v, int decimals, const char *sep)
{
	tr_buf tmp = TR_BUF_INIT;
	const char *s, *dot;
	size_t intlen, lead, seplen;
	int rc;
	if (!sep || !*sep || !isfinite(v))
		return tr_fmt_fixed(out, v, decimals);
	if ((rc = tr_fmt_fixed(&tmp, v, decimals)) < 0)
		goto cleanup;
	s = tmp.ptr;
	if (*s == '-') {
		if ((rc = tr_buf_putc(out, '-')) < 0)
			goto cleanup;
		s++;
	}
	dot = strchr(s, '.');
	intlen = dot ? (size_t)(dot - s) : strlen(s);
	lead = intlen % 3 ? intlen % 3 : 3;
	seplen = strlen(sep);
	if ((rc = tr_buf_put(out, s, lead)) < 0)
		goto cleanup;
	for (size_t i = lead; i < intlen; i += 3) {
		if ((rc = tr_buf_put(out, sep, seplen)) < 0 ||
		    (rc = tr_buf_put(out, s + i, 3)) < 0)
			goto cleanup;
	}
	rc = tr_buf_puts(out, s + intlen);
cleanup:
	tr_buf_free(&tmp);
	return rc;
}

/* printf's %g switches to exponent form for exponents below -4 or at the
 * precision and beyond ("1e+01" for 10 at one digit); JSON readers and
 * people read plain digits better, so between 1e-7 and 1e17 the same
 * digits are written out in positional form. */
static int S_positional(tr_buf *out, size_t start)
{
	char digits[32], tmp[64];
	const char *p = out->ptr + start, *e = strchr(p, 'e');
	size_t nd = 0;
	bool neg = false;
	long exp10;
	if (!e)
		return 0;
	exp10 = strtol(e + 1, NULL, 10);
	if (exp10 < -7 || exp10 >= 17)
		return 0;
	if (*p == '-') {
		neg = true;
		p++;
	}
	for (; p < e && nd + 1 < sizeof(digits); p++)
		if (*p >= '0' && *p <= '9')
			digits[nd++] = *p;
	digits[nd] = '\0';
	/* value = 0.d1d2d3... x 10^(exp10 + 1) */
	{
		long point = exp10 + 1; /* digits before the decimal point */
		size_t n = 0;
		if (neg)
			tmp[n++] = '-';
		if (point <= 0) {
			tmp[n++] = '0';
			tmp[n++] = '.';
			for (long i = 0; i < -point; i++)
				tmp[n++] = '0';
			for (size_t i = 0; i < nd; i++)
				tmp[n++] = digits[i];
		} else {
			for (long i = 0; i < point; i++)
				tmp[n++] = (size_t)i < nd ? digits[i] : '0';
			if ((size_t)point < nd) {
				tmp[n++] = '.';
				for (size_t i = (size_t)point; i < nd; i++)
					tmp[n++] = digits[i];
			}
		}
		tmp[n] = '\0';
	}
	out->size = start;
	out->ptr[start] = '\0';
	return tr_buf_puts(out, tmp);
}

/* digits[0..n) x 10^exp10 written as the search below writes it: plain
 * digits for decimal exponents from -7 to 16, else printf's %g exponent
 * form ("1.5e+20"). */
static int S_put_digits(tr_buf *out, bool neg, const char *digits, size_t n, int exp10)
{
	char tmp[64];
	size_t k = 0;
	int x;
	while (n > 1 && digits[n - 1] == '0') {
		n--;
		exp10++;
	}
	x = exp10 + (int)n - 1; /* of the first digit */
	if (neg)
		tmp[k++] = '-';
	if (x < -7 || x >= 17) {
		tmp[k++] = digits[0];
		if (n > 1)
			tmp[k++] = '.';
		for (size_t i = 1; i < n; i++)
			tmp[k++] = digits[i];
		snprintf(tmp + k, sizeof(tmp) - k, "e%c%02d", x < 0 ? '-' : '+', x < 0 ? -x : x);
		return tr_buf_puts(out, tmp);
	}
	if (x < 0) {
		tmp[k++] = '0';
		tmp[k++] = '.';
		for (int i = 0; i < -x - 1; i++)
			tmp[k++] = '0';
		for (size_t i = 0; i < n; i++)
			tmp[k++] = digits[i];
	} else {
		for (int i = 0; i <= x; i++)
			tmp[k++] = (size_t)i < n ? digits[i] : '0';
		if ((size_t)x + 1 < n)
			tmp[k++] = '.';
		for (size_t i = (size_t)x + 1; i < n; i++)
			tmp[k++] = digits[i];
	}
	tmp[k] = '\0';
	return tr_buf_puts(out, tmp);
}

int tr_fmt_shortest(tr_buf *out, double v)
{
	char tmp[64], digits[20];
	size_t nd;
	int exp10;
	if (!isfinite(v))
		return S_nonfinite(out, v);
	if (v == 0)
		return tr_buf_puts(out, "0");
	if (tr_shortest_digits(digits, &nd, &exp10, v))
		return S_put_digits(out, v < 0, digits, nd, exp10);
	/* Grisu3 was not sure: the exact search, printf at each precision */
	for (int prec = 1; prec <= 17; prec++) {
		size_t start = out->size;
		double back;
		if (tr_buf_printf(out, "%.*g", prec, v) < 0)
			return TR_ENOMEM;
		S_fix_decimal_point(out, start);
		if (tr_parse_double(&back, out->ptr + start, out->ptr + out->size,
		                    NULL) == 0 && back == v)
			return S_positional(out, start);
		out->size = start;
		out->ptr[start] = '\0';
	}
	snprintf(tmp, sizeof(tmp), "%.17g", v);
	{
		size_t start = out->size;
		if (tr_buf_puts(out, tmp) < 0)
			return TR_ENOMEM;
		S_fix_decimal_point(out, start);
		return S_positional(out, start);
	}
}

int tr_fmt_readable(tr_buf *out, double v, int max_decimals, const char *sep)
{
	double a = fabs(v);
	int decimals;
	if (!isfinite(v))
		return S_nonfinite(out, v);
	if (a >= 100 || a == 0)
		decimals = 0;
	else if (a >= 10)
		decimals = 1;
	else if (a >= 1)
		decimals = 2;
	else
		decimals = 2 - (int)floor(log10(a));
	if (decimals > max_decimals)
		decimals = max_decimals;
	return tr_fmt_grouped(out, v, decimals, sep);
}
