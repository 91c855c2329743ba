/* test_txlog_vec.c: the vector scanner of per-transaction logs
 * (src/ingest/txlog_vec_internal.h) against the byte scanner it falls back to, and
 * both against this file's own reading.
 *
 * A seeded generator writes thousands of logs of a few hundred lines: every
 * field length from 1 digit to the limit (18, 12 for epoch seconds, 6 for
 * microseconds), leading zeros, latencies around the dense histogram's
 * limit (TR_HIST_DENSE) and the vector scanner's 8-digit conversion, the
 * words of field 3, 6/7/8 fields, lines of 62 to 66 bytes (the vector
 * scanner needs the '\n' within a line's first 64), epoch seconds of 9, 10
 * and 11 digits, repeated, changing, and sharing a prefix. Then the same
 * logs with one line damaged (a byte replaced or inserted or deleted, a
 * space doubled or moved, a field dropped or added, a number made longer
 * than its limit, a word misspelled), at the start, the middle and the end.
 *
 * Each log is read with tr_txlog_use_vector(true) and (false): the same
 * return code, the same message, every figure the same. Each is also read
 * here (S_ref_read: its own validation from docs/formats.md, strtoull for
 * numbers, nothing shared with txlog.c): a log it finds good must parse to
 * its counts, epoch times, latencies (every value and count), lag and
 * retries; a log it finds bad must fail with a message naming the line it
 * found bad. The logs are written here, not captured. */

#include "harness.h"
#include "ingest/ingest.h"
#include "util/error.h"

#include <stdbool.h>
#include <stdint.h>

/* Under AddressSanitizer every log read costs its histograms' megabytes
 * poisoned and cleared: a quarter of the logs there (the release build
 * reads them all), the same seed, the same kinds of log and damage. */
#if defined(__SANITIZE_ADDRESS__)           /* gcc */
#define S_SHARE 4
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)        /* clang */
#define S_SHARE 4
#endif
#endif
#ifndef S_SHARE
#define S_SHARE 1
#endif

/* ---- a seeded generator ------------------------------------------------ */

static uint64_t S_seed = 0x5eed2026c0ffee01ULL;

static uint64_t S_next(void)        /* splitmix64 */
{
	uint64_t z = (S_seed += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int S_below(int n)
{
	return (int)(S_next() % (uint64_t)n);
}

enum { S_MAXLINES = 400, S_MAXLINE = 200 };

/* How one log is written. */
typedef struct S_shape {
	int nfields;        /* 6, 7, 8 */
	int width;          /* 0 short fields, 1 every length, 2 lines of 62..66 */
	int sec_digits;     /* 9, 10, 11; 0 any of 1..12; -1 9..11 sharing digits */
	int sec_change;     /* percent of lines whose second differs */
	int words;          /* percent of lines with a word in field 3 */
	int zeros;          /* percent of fields with leading zeros */
	int big;            /* percent of latencies past the dense limit */
} S_shape;

typedef struct S_log {
	int nlines;
	size_t len[S_MAXLINES];              /* without the '\n' */
	char line[S_MAXLINES][S_MAXLINE];
	char sec[16];                        /* the current epoch second */
} S_log;

static const char *const S_words[] = {
	"skipped", "failed", "serialization", "deadlock", "other"
};

/* n digits; the first is 0 only with zeros (or for "0"). */
static void S_put_digits(char *out, int n, bool zeros)
{
	for (int i = 0; i < n; i++) {
		int d = S_below(10);
		if (i == 0 && n > 1 && !zeros && d == 0)
			d = 1 + S_below(9);
		out[i] = (char)('0' + d);
	}
	out[n] = '\0';
}

/* A field length: short ones mostly, now and then any up to max. */
static int S_len(int max, int width)
{
	if (width == 1 || S_below(8) == 0)
		return 1 + S_below(max);
	return 1 + S_below(max < 4 ? max : 4);
}

static void S_number(char *out, int max, const S_shape *sh)
{
	S_put_digits(out, S_len(max, sh->width), S_below(100) < sh->zeros);
}

/* A value written with some leading zeros, at most max digits in all. */
static void S_value(char *out, unsigned long long v, int max)
{
	int n = snprintf(out, 32, "%llu", v);
	int z = S_below(4) == 0 ? S_below(max - n + 1) : 0;
	memmove(out + z, out, (size_t)n + 1);
	memset(out, '0', (size_t)z);
}

static void S_latency(char *out, const S_shape *sh)
{
	static const unsigned long long special[] = {
		0, 1, 9, 10, 99999, 131070, 131071, 131072, 131073, 131074,
		262143, 262144, 1048576, 9999999, 10000000, 99999999,
		100000000, 100000001, 999999999, 4294967295ULL, 4294967296ULL,
		18446744073ULL, 999999999999999999ULL
	};
	int k = S_below(100);
	if (k < sh->words) {
		strcpy(out, S_words[S_below(5)]);
	} else if (k < sh->words + sh->big) {
		S_value(out, special[S_below((int)TR_ARRAY_SIZE(special))], 18);
	} else if (k < sh->words + sh->big + sh->big / 3) {
		/* around the dense limit, either side */
		S_value(out, 131072ULL - 50 + (unsigned long long)S_below(100), 18);
	} else {
		S_number(out, 18, sh);
	}
}

/* The next epoch second, as its text in lg->sec. */
static void S_second(S_log *lg, const S_shape *sh)
{
	if (lg->sec[0] != '\0' && S_below(100) >= sh->sec_change)
		return;
	if (sh->sec_digits > 0) {
		if (lg->sec[0] != '\0' && S_below(2) == 0 &&
		    (int)strlen(lg->sec) == sh->sec_digits) {
			/* the next second: a carry now and then */
			int i = sh->sec_digits - 1;
			while (i >= 0 && lg->sec[i] == '9')
				lg->sec[i--] = '0';
			if (i >= 0)
				lg->sec[i]++;
			else
				lg->sec[0] = '1';
		} else {
			S_put_digits(lg->sec, sh->sec_digits, false);
		}
	} else if (sh->sec_digits == 0) {
		S_put_digits(lg->sec, 1 + S_below(12), S_below(10) == 0);
	} else {
		/* 9, 10 or 11 digits with the same leading ones: a 10-digit
		 * second and an 11-digit one agree on their first 10 bytes */
		static const char base[] = "17960264189";
		int n = 9 + S_below(3);
		memcpy(lg->sec, base, (size_t)n);
		lg->sec[n] = '\0';
		if (S_below(3) == 0)
			lg->sec[n - 1 - S_below(2)] = (char)('0' + S_below(10));
	}
}

/* Pad f[] with leading zeros until the line is `want` bytes (fields that
 * hold a word are left alone; none goes past 18 digits). */
static void S_pad(char f[8][40], int nf, size_t want)
{
	static const int order[] = { 0, 1, 3, 2, 6, 7 };
	size_t len = (size_t)nf - 1;
	for (int i = 0; i < nf; i++)
		len += strlen(f[i]);
	for (int round = 0; round < 18 && len < want; round++)
		for (size_t k = 0; k < TR_ARRAY_SIZE(order) && len < want; k++) {
			char *s = f[order[k]];
			size_t n = strlen(s);
			if (order[k] >= nf || n >= 18 || s[0] < '0' || s[0] > '9')
				continue;
			memmove(s + 1, s, n + 1);
			s[0] = '0';
			len++;
		}
}

static void S_line(S_log *lg, int i, const S_shape *sh)
{
	char f[8][40];
	char *p = lg->line[i];
	int nf = sh->nfields;
	S_number(f[0], 18, sh);
	S_number(f[1], 18, sh);
	S_latency(f[2], sh);
	S_number(f[3], 18, sh);
	S_second(lg, sh);
	strcpy(f[4], lg->sec);
	S_number(f[5], 6, sh);
	for (int k = 6; k < nf; k++) {
		if (S_below(4) == 0)
			S_value(f[k], (unsigned long long)S_below(3), 18);
		else if (S_below(6) == 0)   /* the conversion's 8-digit edge */
			S_value(f[k], 99999990ULL + (unsigned long long)S_below(20), 18);
		else
			S_number(f[k], 18, sh);
	}
	if (sh->width == 2)
		S_pad(f, nf, (size_t)(62 + S_below(5)));
	for (int k = 0; k < nf; k++)
		p += sprintf(p, k ? " %s" : "%s", f[k]);
	lg->len[i] = (size_t)(p - lg->line[i]);
}

static void S_shape_pick(S_shape *sh)
{
	static const int secs[] = { 9, 10, 10, 10, 11, 0, -1 };
	static const int changes[] = { 0, 1, 10, 50, 100 };
	static const int words[] = { 0, 0, 5, 50 };
	sh->nfields = 6 + S_below(3);
	sh->width = S_below(4) == 0 ? 1 : S_below(3) == 0 ? 2 : 0;
	sh->sec_digits = secs[S_below((int)TR_ARRAY_SIZE(secs))];
	sh->sec_change = changes[S_below((int)TR_ARRAY_SIZE(changes))];
	sh->words = words[S_below((int)TR_ARRAY_SIZE(words))];
	sh->zeros = S_below(3) == 0 ? 30 : 2;
	/* (a latency past 131071 gives the histogram its whole dense array,
	 * which costs time to compare: in a quarter of the logs) */
	sh->big = S_below(4) == 0 ? 15 : 0;
}

static void S_log_make(S_log *lg, const S_shape *sh, int nlines)
{
	lg->nlines = nlines;
	lg->sec[0] = '\0';
	for (int i = 0; i < nlines; i++)
		S_line(lg, i, sh);
}

/* The log as one buffer (malloc'd; lines may hold NUL bytes). */
static char *S_log_text(const S_log *lg, size_t *len)
{
	size_t n = 0;
	char *buf, *p;
	for (int i = 0; i < lg->nlines; i++)
		n += lg->len[i] + 1;
	buf = p = malloc(n + 1);
	for (int i = 0; i < lg->nlines; i++) {
		memcpy(p, lg->line[i], lg->len[i]);
		p += lg->len[i];
		*p++ = '\n';
	}
	*p = '\0';
	*len = n;
	return buf;
}

/* ---- damaging one line --------------------------------------------------- */

/* The bounds of field k of line s[0, n) (by single spaces). */
static bool S_field_at(const char *s, size_t n, int k, size_t *b, size_t *e)
{
	size_t i = 0;
	for (int f = 0; f < k; f++) {
		while (i < n && s[i] != ' ')
			i++;
		if (i == n)
			return false;
		i++;
	}
	*b = i;
	while (i < n && s[i] != ' ')
		i++;
	*e = i;
	return true;
}

static void S_insert(char *s, size_t *n, size_t at, const char *what,
                     size_t len)
{
	if (*n + len >= S_MAXLINE)
		return;
	memmove(s + at + len, s + at, *n - at);
	memcpy(s + at, what, len);
	*n += len;
}

static void S_delete(char *s, size_t *n, size_t at, size_t len)
{
	memmove(s + at, s + at + len, *n - at - len);
	*n -= len;
}

/* A random space of s, or n when there is none. */
static size_t S_a_space(const char *s, size_t n)
{
	size_t count = 0, k;
	for (size_t i = 0; i < n; i++)
		count += s[i] == ' ';
	if (count == 0)
		return n;
	k = (size_t)S_below((int)count);
	for (size_t i = 0; i < n; i++)
		if (s[i] == ' ' && k-- == 0)
			return i;
	return n;
}

/* Damage line s[0, *n) in one way; says which, for messages. */
static const char *S_damage(char *s, size_t *n, int nfields)
{
	static const char bytes[] = { '\0', '\r', '-', '+', 'a', 'x', 'e', 'E',
	                              ' ', '.', '\t', '\n', '0', '9', '/', ':',
	                              '\x7f', '\x80', '\xff' };
	static const int limits[8] = { 18, 18, 18, 18, 12, 6, 18, 18 };
	size_t at = *n ? (size_t)S_below((int)*n) : 0, b, e;
	int k = S_below(nfields);
	char tmp[40];
	/* (a space moved to an end and a number past its limit twice as
	 * often: the faults that the vector scanner's checks are for) */
	int op = S_below(14);
	switch (op == 12 ? 4 : op == 13 ? 7 : op) {
	case 0: {
		char c = S_below(3) == 0 ? (char)S_below(256)
		                         : bytes[S_below((int)sizeof(bytes))];
		if (*n)
			s[at] = c;
		return "a byte replaced";
	}
	case 1: {
		char c = S_below(3) == 0 ? (char)S_below(256)
		                         : bytes[S_below((int)sizeof(bytes))];
		S_insert(s, n, S_below(2) ? at : *n, &c, 1);
		return "a byte inserted";
	}
	case 2:
		if (*n)
			S_delete(s, n, at, 1);
		return "a byte deleted";
	case 3:
		at = S_a_space(s, *n);
		S_insert(s, n, at, " ", 1);
		return "a space doubled";
	case 4:
		/* moved (the count stays) or added */
		at = S_a_space(s, *n);
		if (at < *n && S_below(2))
			S_delete(s, n, at, 1);
		S_insert(s, n, S_below(2) ? 0 : *n, " ", 1);
		return "a space moved or added to an end";
	case 5:
		if (S_field_at(s, *n, k, &b, &e))
			S_delete(s, n, b ? b - 1 : b, e - b + (b ? 1 : e < *n));
		return "a field dropped";
	case 6:
		tmp[0] = ' ';
		S_put_digits(tmp + 1, 1 + S_below(5), false);
		if (S_field_at(s, *n, k, &b, &e))
			S_insert(s, n, e, tmp, strlen(tmp));
		return "a field added";
	case 7:
	case 8: {
		/* a number one to three digits past its limit, or exactly at
		 * it (then still good) */
		int want = limits[k] + (S_below(4) == 0 ? 0 : 1 + S_below(3));
		if (S_field_at(s, *n, k, &b, &e)) {
			S_delete(s, n, b, e - b);
			S_put_digits(tmp, want, S_below(2) == 0);
			S_insert(s, n, b, tmp, (size_t)want);
		}
		return "a number at or past its limit";
	}
	case 9: {
		/* field 3: a word, misspelt or not */
		static const char *const w[] = {
			"skipped", "skippe", "skippedx", "Skipped", "failed", "fail",
			"serialization", "serializatio", "deadlock", "deadlocks",
			"other", "othe", "-5", "+5", "5x", "0x10", "1e3", "5.0"
		};
		const char *word = w[S_below((int)TR_ARRAY_SIZE(w))];
		if (S_field_at(s, *n, 2, &b, &e)) {
			S_delete(s, n, b, e - b);
			S_insert(s, n, b, word, strlen(word));
		}
		return "field 3 changed";
	}
	case 10:
		if (S_field_at(s, *n, k, &b, &e))
			S_insert(s, n, b, S_below(2) ? "-" : "+", 1);
		return "a sign added";
	default:
		/* a word in a numeric field */
		if (k != 2 && S_field_at(s, *n, k, &b, &e)) {
			S_delete(s, n, b, e - b);
			S_insert(s, n, b, "skipped", 7);
		}
		return "a word in a numeric field";
	}
}

/* ---- the reference reading ------------------------------------------------ */

typedef struct S_ref {
	long bad;                      /* 0 or the first bad line */
	long long lines, ok, skipped, failed, serialization, deadlock;
	long long retried;
	long double retries;
	long long lag_n;
	unsigned long long lag_min, lag_max;
	long double lag_sum, lag_sum2;
	unsigned long long t_min_s, t_min_us, t_max_s, t_max_us;
	unsigned long long *lat;
	size_t nlat, cap;
	int nfields;
} S_ref;

/* Field k's greatest digit count (docs/formats.md). */
static size_t S_ref_limit(int k)
{
	return k == 4 ? 12 : k == 5 ? 6 : 18;
}

/* One good unsigned integer [p, p + n): 1..limit ASCII digits. */
static bool S_ref_number(const char *p, size_t n, size_t limit,
                         unsigned long long *out)
{
	char tmp[32];
	if (n == 0 || n > limit)
		return false;
	for (size_t i = 0; i < n; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	memcpy(tmp, p, n);
	tmp[n] = '\0';
	*out = strtoull(tmp, NULL, 10);
	return true;
}

/* Read one line [p, p + n) into r; false when it is not a good line. */
static bool S_ref_line(S_ref *r, const char *p, size_t n, char col7,
                       long lineno)
{
	const char *f[9];
	size_t fl[9];
	unsigned long long v[9] = { 0 };
	int nf = 0, kind = 0;         /* 0 a latency, 1 skipped, 2 failed... */
	size_t i = 0;
	if (n == 0)
		return false;
	while (i <= n) {               /* fields split at every single space */
		size_t b = i;
		while (i < n && p[i] != ' ')
			i++;
		if (nf == 9)
			return false;
		f[nf] = p + b;
		fl[nf++] = i - b;
		i++;
	}
	if (lineno == 1) {
		if (nf < 6 || nf > 8)
			return false;
		r->nfields = nf;
	} else if (nf != r->nfields) {
		return false;
	}
	for (int k = 0; k < nf; k++) {
		if (k == 2) {
			for (int w = 0; w < 5; w++)
				if (fl[k] == strlen(S_words[w]) &&
				    memcmp(f[k], S_words[w], fl[k]) == 0)
					kind = 1 + w;
			if (kind)
				continue;
		}
		if (!S_ref_number(f[k], fl[k], S_ref_limit(k), &v[k]))
			return false;
	}
	r->lines++;
	if (r->lines == 1 || v[4] < r->t_min_s ||
	    (v[4] == r->t_min_s && v[5] < r->t_min_us)) {
		r->t_min_s = v[4];
		r->t_min_us = v[5];
	}
	if (r->lines == 1 || v[4] > r->t_max_s ||
	    (v[4] == r->t_max_s && v[5] > r->t_max_us)) {
		r->t_max_s = v[4];
		r->t_max_us = v[5];
	}
	{
		bool has_lag = nf == 8 || (nf == 7 && col7 == 'l');
		bool has_ret = nf == 8 || (nf == 7 && col7 == 'r');
		unsigned long long ret = nf == 8 ? v[7] : v[6];
		if (kind == 1) {
			r->skipped++;
			return true;
		}
		if (has_ret) {
			r->retries += (long double)ret;
			r->retried += ret > 0;
		}
		if (kind >= 2) {
			r->failed++;
			r->serialization += kind == 3;
			r->deadlock += kind == 4;
			return true;
		}
		r->ok++;
		if (r->nlat == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 512;
			r->lat = realloc(r->lat, r->cap * sizeof(*r->lat));
		}
		r->lat[r->nlat++] = v[2];
		if (has_lag) {
			if (r->lag_n == 0 || v[6] < r->lag_min)
				r->lag_min = v[6];
			if (r->lag_n == 0 || v[6] > r->lag_max)
				r->lag_max = v[6];
			r->lag_n++;
			r->lag_sum += (long double)v[6];
			r->lag_sum2 += (long double)v[6] * (long double)v[6];
		}
	}
	return true;
}

static int S_cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;
	return x < y ? -1 : x > y;
}

/* The whole buffer, which ends with '\n' (col7: 'l', 'r' or 0 unknown). */
static void S_ref_read(S_ref *r, const char *buf, size_t len, char col7)
{
	const char *p = buf, *end = buf + len;
	long lineno = 0;
	memset(r, 0, sizeof(*r));
	while (p < end) {
		const char *e = p;
		while (*e != '\n')
			e++;
		++lineno;
		for (const char *q = p; q < e; q++)
			if (*q == '\0' || *q == '\r') {
				r->bad = lineno;
				return;
			}
		if (!S_ref_line(r, p, (size_t)(e - p), col7, lineno)) {
			r->bad = lineno;
			return;
		}
		p = e + 1;
	}
	qsort(r->lat, r->nlat, sizeof(*r->lat), S_cmp_ull);
}

static void S_ref_free(S_ref *r)
{
	free(r->lat);
	r->lat = NULL;
}

/* ---- comparing ---------------------------------------------------------- */

static char S_why[512];
static long S_wide;         /* logs whose lag or retries sums pass 64 bits */

static bool S_ld_close(long double a, long double b)
{
	long double d = a > b ? a - b : b - a;
	long double m = a > b ? a : b;
	return d <= m * 1e-15L;
}

/* NULL when a and b hold the same figures, else the first difference. */
static const char *S_diff(const tr_txlog_stats *a, const tr_txlog_stats *b)
{
	tr_hist_slot *va = NULL, *vb = NULL;
	size_t na = 0, nb = 0;
#define S_D(cond, name) do { if (!(cond)) { snprintf(S_why, sizeof S_why, \
	"%s differs", name); goto differ; } } while (0)
	S_D(a->lines == b->lines, "lines");
	S_D(a->transactions == b->transactions, "transactions");
	S_D(a->skipped == b->skipped, "skipped");
	S_D(a->failed == b->failed, "failed");
	S_D(a->serialization == b->serialization, "serialization");
	S_D(a->deadlock == b->deadlock, "deadlock");
	S_D(a->retried == b->retried, "retried");
	S_D(a->retries == b->retries, "retries");
	S_D(memcmp(&a->first_s, &b->first_s, sizeof(double)) == 0, "first_s");
	S_D(memcmp(&a->last_s, &b->last_s, sizeof(double)) == 0, "last_s");
	S_D(a->has_lag == b->has_lag, "has_lag");
	S_D(a->has_retries == b->has_retries, "has_retries");
	S_D(a->lag_us.count == b->lag_us.count, "lag count");
	S_D(memcmp(&a->lag_us.min, &b->lag_us.min, sizeof(double)) == 0,
	    "lag min");
	S_D(memcmp(&a->lag_us.max, &b->lag_us.max, sizeof(double)) == 0,
	    "lag max");
	S_D(a->lag_us.sum == b->lag_us.sum, "lag sum");
	S_D(a->lag_us.sum2 == b->lag_us.sum2, "lag sum2");
	S_D(a->latency.total == b->latency.total, "latency total");
	S_D(tr_hist_min(&a->latency) == tr_hist_min(&b->latency), "latency min");
	S_D(tr_hist_max(&a->latency) == tr_hist_max(&b->latency), "latency max");
	S_D(tr_hist_values(&va, &na, &a->latency) == 0 &&
	    tr_hist_values(&vb, &nb, &b->latency) == 0, "tr_hist_values");
	S_D(na == nb, "number of latency values");
	S_D(na == 0 || memcmp(va, vb, na * sizeof(*va)) == 0, "latency values");
#undef S_D
	free(va);
	free(vb);
	return NULL;
differ:
	free(va);
	free(vb);
	return S_why;
}

/* NULL when s holds r's figures, else the first difference. */
static const char *S_diff_ref(const tr_txlog_stats *s, const S_ref *r,
                              char col7)
{
	tr_hist_slot *v = NULL;
	size_t nv = 0, j = 0;
	double first = (double)r->t_min_s + (double)r->t_min_us / 1e6;
	double last = (double)r->t_max_s + (double)r->t_max_us / 1e6;
#define S_D(cond, ...) do { if (!(cond)) { snprintf(S_why, sizeof S_why, \
	__VA_ARGS__); goto differ; } } while (0)
	S_D(s->lines == r->lines, "lines %lld, expected %lld",
	    (long long)s->lines, r->lines);
	S_D(s->transactions == r->ok, "transactions %lld, expected %lld",
	    (long long)s->transactions, r->ok);
	S_D(s->skipped == r->skipped, "skipped %lld, expected %lld",
	    (long long)s->skipped, r->skipped);
	S_D(s->failed == r->failed, "failed %lld, expected %lld",
	    (long long)s->failed, r->failed);
	S_D(s->serialization == r->serialization, "serialization");
	S_D(s->deadlock == r->deadlock, "deadlock");
	S_D(s->first_s == first, "first_s %.17g, expected %.17g", s->first_s,
	    first);
	S_D(s->last_s == last, "last_s %.17g, expected %.17g", s->last_s, last);
	S_D(s->latency.total == (int64_t)r->nlat, "latency total");
	S_D(tr_hist_values(&v, &nv, &s->latency) == 0, "tr_hist_values");
	for (size_t i = 0; i < r->nlat; j++) {
		size_t k = i;
		while (k < r->nlat && r->lat[k] == r->lat[i])
			k++;
		S_D(j < nv && v[j].value == r->lat[i] && v[j].count == k - i,
		    "latency value %zu: %llu x %llu, expected %llu x %zu", j,
		    j < nv ? (unsigned long long)v[j].value : 0ULL,
		    j < nv ? (unsigned long long)v[j].count : 0ULL, r->lat[i], k - i);
		i = k;
	}
	S_D(j == nv, "%zu latency values, expected %zu", nv, j);
	if (r->nlat > 0) {
		S_D(tr_hist_min(&s->latency) == (int64_t)r->lat[0], "latency min");
		S_D(tr_hist_max(&s->latency) == (int64_t)r->lat[r->nlat - 1], "latency max");
	}
	if (r->nfields == 8 || col7 != 0) {
		bool lag = r->nfields == 8 || col7 == 'l';
		bool ret = r->nfields == 8 || col7 == 'r';
		S_D(s->has_lag == lag && s->has_retries == ret, "has_lag/retries");
		S_D(s->lag_us.count == r->lag_n, "lag count");
		if (r->lag_n > 0) {
			S_D(s->lag_us.min == (double)r->lag_min, "lag min");
			S_D(s->lag_us.max == (double)r->lag_max, "lag max");
			/* (a long double holds these sums exactly below 2^64;
			 * above, the reader carries on in a long double too) */
			S_D(r->lag_sum >= 0x1p64L ? S_ld_close(s->lag_us.sum,
			                                       r->lag_sum)
			                          : s->lag_us.sum == r->lag_sum,
			    "lag sum %.21Lg, expected %.21Lg", s->lag_us.sum,
			    r->lag_sum);
			S_D(S_ld_close(s->lag_us.sum2, r->lag_sum2),
			    "lag sum2 %.21Lg, expected %.21Lg", s->lag_us.sum2,
			    r->lag_sum2);
		}
		S_D(s->retried == r->retried, "retried");
		S_D(r->retries >= 0x1p63L ||
		    (long double)s->retries == r->retries,
		    "retries %lld, expected %.21Lg", (long long)s->retries,
		    r->retries);
		S_wide += r->lag_sum >= 0x1p64L;
	} else if (r->nfields == 7) {
		/* guessed: one or the other */
		S_D(s->has_lag != s->has_retries, "has_lag/retries (guessed)");
	} else {
		S_D(!s->has_lag && !s->has_retries && s->lag_us.count == 0 &&
		    s->retried == 0 && s->retries == 0, "lag or retries of 6 fields");
	}
#undef S_D
	free(v);
	return NULL;
differ:
	free(v);
	return S_why;
}

/* ---- one log, three readings ---------------------------------------------- */

static bool S_have_vec;
static int S_failures;                 /* logs that failed, at most 25 shown */
static long S_logs, S_vec_lines;

/* Show a failing log: the line at `at` and a copy of the log on disk. */
static void S_show(const char *what, const char *buf, size_t len, long at)
{
	char tok[S_MAXLINE * 4 + 1], *o = tok, path[64];
	const char *p = buf, *e;
	FILE *f;
	for (long i = 1; i < at && p < buf + len; i++) {
		const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
		p = nl ? nl + 1 : buf + len;
	}
	e = p < buf + len ? memchr(p, '\n', (size_t)(buf + len - p)) : p;
	if (!e)
		e = buf + len;
	for (; p < e && o < tok + sizeof tok - 5; p++)
		o += (unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f
		     ? sprintf(o, "%c", *p) : sprintf(o, "\\x%02x", (unsigned char)*p);
	*o = '\0';
	snprintf(path, sizeof path, "test_txlog_vec-fail-%d.log", S_failures);
	if ((f = fopen(path, "wb")) != NULL) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
	fprintf(stderr, "  log %ld (%s): line %ld \"%s\"; log in %s\n", S_logs,
	        what, at, tok, path);
}

static int S_parse(tr_txlog_stats *s, bool vec, const char *buf, size_t len,
                   char col7, long first_line, char *msg, size_t cap)
{
	int rc;
	tr_txlog_use_vector(vec);
	tr_txlog_stats_init(s);
	s->col7 = col7 == 'l' ? TR_TXLOG_COL7_LAG
	        : col7 == 'r' ? TR_TXLOG_COL7_RETRIES : TR_TXLOG_COL7_GUESS;
	tr_error_clear();
	rc = tr_txlog_parse_from(s, buf, len, "t.log", first_line);
	snprintf(msg, cap, "%s", rc < 0 ? tr_error_last() : "");
	return rc;
}

static void S_fail(const char *why, const char *what, const char *buf,
                   size_t len, long at)
{
	char m[700];
	snprintf(m, sizeof m, "log %ld: %s", S_logs, why);
	harness_check(0, __FILE__, __LINE__, m);
	if (S_failures++ < 25)
		S_show(what, buf, len, at);
}

/*
 * Read buf with both scanners and here. `at` is the damaged line (0: none,
 * and then the log must be good). Returns whether the log was good.
 */
static bool S_check(const char *buf, size_t len, char col7, long at,
                    const char *what)
{
	tr_txlog_stats sv, sb;
	char mv[512], mb[512], want[64];
	long first_line = S_below(4) == 0 ? 1 + S_below(1000000) : 1;
	int rv = S_parse(&sv, true, buf, len, col7, first_line, mv, sizeof mv);
	int rb = S_parse(&sb, false, buf, len, col7, first_line, mb, sizeof mb);
	const char *d;
	bool same = false;
	S_ref r;
	S_logs++;
	S_ref_read(&r, buf, len, col7);
	/* Retries that add up past 2^63 (no pgbench count does: 32 bits a
	 * transaction) are refused, naming the first line read. When the
	 * 7th column is guessed, whether they are retries is the reader's
	 * guess: that case is only counted. */
	bool retries_over = r.bad == 0 && r.retries >= 0x1p63L;
	bool guessed = retries_over && r.nfields == 7 && col7 == 0;
	if (retries_over) {
		S_wide++;
		if (r.nfields == 8 || col7 == 'r')
			r.bad = 1;
	}
	if (rv != rb || strcmp(mv, mb) != 0) {
		char m[1200];
		snprintf(m, sizeof m, "vector: %d \"%s\"; bytes: %d \"%s\"", rv, mv,
		         rb, mb);
		S_fail(m, what, buf, len, r.bad ? r.bad : at);
	} else if (rv == 0 && (d = S_diff(&sv, &sb)) != NULL) {
		char m[600];
		snprintf(m, sizeof m, "vector and bytes: %s", d);
		S_fail(m, what, buf, len, at);
	} else {
		same = true;
		harness_check(1, __FILE__, __LINE__, "");
	}
	if (guessed) {
		/* only the two scanners are compared (above): the reference
		 * does not guess what the 7th column is */
	} else if (at == 0 && r.bad != 0 && !retries_over) {
		/* the generator wrote a bad line: the test is wrong */
		S_fail("generated log is bad", what, buf, len, r.bad);
	} else if (r.bad == 0 && rb != 0) {
		char m[600];
		snprintf(m, sizeof m, "good log refused: %s", mb);
		S_fail(m, what, buf, len, at);
	} else if (r.bad == 0 && (d = S_diff_ref(&sb, &r, col7)) != NULL) {
		S_fail(d, what, buf, len, at);
	} else if (r.bad == 0 && !same &&
	           (d = S_diff_ref(&sv, &r, col7)) != NULL) {
		/* (when the two agree, sb's check was sv's) */
		S_fail(d, what, buf, len, at);
	} else if (r.bad != 0) {
		snprintf(want, sizeof want, "t.log:%ld: ", first_line + r.bad - 1);
		if (rb != TR_EINVALID || strncmp(mb, want, strlen(want)) != 0) {
			char m[700];
			snprintf(m, sizeof m, "expected an error at \"%s\", got %d "
			         "\"%s\"", want, rb, mb);
			S_fail(m, what, buf, len, r.bad);
		} else {
			harness_check(1, __FILE__, __LINE__, "");
		}
	} else {
		harness_check(1, __FILE__, __LINE__, "");
	}
	tr_txlog_stats_free(&sv);
	tr_txlog_stats_free(&sb);
	S_ref_free(&r);
	return r.bad == 0;
}

static char S_col7_pick(int nfields)
{
	int k = S_below(3);
	return nfields != 7 || k == 0 ? 0 : k == 1 ? 'l' : 'r';
}

/* ---- the tests ------------------------------------------------------------- */

static S_log S_lg;

static void test_good_logs(void)
{
	long vec_short = 0;
	for (int n = 0; n < 1200 / S_SHARE; n++) {
		S_shape sh;
		size_t len;
		char *buf;
		S_shape_pick(&sh);
		S_log_make(&S_lg, &sh, 3 + S_below(n % 10 == 0 ? 12 : 300));
		buf = S_log_text(&S_lg, &len);
		for (int i = 0; i < S_lg.nlines; i++)
			vec_short += S_lg.len[i] < 63;
		S_check(buf, len, S_col7_pick(sh.nfields), 0, "good");
		free(buf);
	}
	S_vec_lines += vec_short;
	/* the generator did write what the vector scanner takes */
	CHECK(vec_short > 40000 / S_SHARE);
}

static void test_damaged_logs(void)
{
	long still_good = 0, bad = 0;
	for (int n = 0; n < 3600 / S_SHARE; n++) {
		S_shape sh;
		size_t len;
		char *buf;
		const char *what;
		int at, nl, where = S_below(8);
		S_shape_pick(&sh);
		if (sh.width == 1 && S_below(2) == 0)
			sh.width = 0;      /* mostly lines the vector scanner takes */
		nl = 8 + S_below(300);
		S_log_make(&S_lg, &sh, nl);
		/* the first, second, last lines and the last few (the plain
		 * loop's), or anywhere (mostly the vector loop's) */
		at = where == 0 ? 0 : where == 1 ? 1 : where == 2 ? nl - 1
		   : where == 3 ? nl - 2 - S_below(6) : S_below(nl);
		what = S_damage(S_lg.line[at], &S_lg.len[at], sh.nfields);
		/* (a '\n' inserted splits the line: still one damaged line,
		 * whose parts the reference reads as two) */
		buf = S_log_text(&S_lg, &len);
		if (S_check(buf, len, S_col7_pick(sh.nfields), at + 1, what))
			still_good++;
		else
			bad++;
		free(buf);
	}
	/* most damage makes a bad line, some leaves a good one */
	CHECK(bad > 2500 / S_SHARE);
	CHECK(still_good > 50 / S_SHARE);
}

/* Lines of every length from 40 to 80 bytes, every field at every length
 * in turn: the vector scanner's 64-byte edge. */
static void test_line_lengths(void)
{
	for (int nf = 6; nf <= 8; nf++)
		for (size_t want = 40; want <= 80; want++) {
			S_shape sh = { nf, 0, 10, 10, 5, 0, 0 };
			size_t len;
			char *buf;
			S_log_make(&S_lg, &sh, 200);
			for (int i = 0; i < S_lg.nlines; i++) {
				char f[8][40], *p = S_lg.line[i];
				size_t b = 0, e;
				for (int k = 0; k < nf; k++) {
					e = b;
					while (e < S_lg.len[i] && S_lg.line[i][e] != ' ')
						e++;
					memcpy(f[k], S_lg.line[i] + b, e - b);
					f[k][e - b] = '\0';
					b = e + 1;
				}
				S_pad(f, nf, want);
				for (int k = 0; k < nf; k++)
					p += sprintf(p, k ? " %s" : "%s", f[k]);
				S_lg.len[i] = (size_t)(p - S_lg.line[i]);
			}
			buf = S_log_text(&S_lg, &len);
			S_check(buf, len, S_col7_pick(nf), 0, "padded");
			free(buf);
		}
}

/* The checks above can fail: a wrong expectation is caught. */
static void test_checks_can_fail(void)
{
	S_shape sh = { 8, 0, 10, 10, 5, 2, 15 };
	tr_txlog_stats s, t;
	char m[512];
	size_t len;
	char *buf;
	S_ref r;
	S_log_make(&S_lg, &sh, 200);
	buf = S_log_text(&S_lg, &len);
	S_ref_read(&r, buf, len, 0);
	CHECK_INT(r.bad, 0);
	CHECK_INT(S_parse(&s, true, buf, len, 0, 1, m, sizeof m), 0);
	CHECK_INT(S_parse(&t, false, buf, len, 0, 1, m, sizeof m), 0);
	CHECK(S_diff_ref(&s, &r, 0) == NULL);
	CHECK(S_diff(&s, &t) == NULL);
	r.lat[r.nlat / 2]++;                 /* one latency off by one us */
	CHECK(S_diff_ref(&s, &r, 0) != NULL);
	r.lat[r.nlat / 2]--;
	r.lines++;
	CHECK(S_diff_ref(&s, &r, 0) != NULL);
	r.lines--;
	r.t_max_s++;          /* (1 us is below a double's precision here) */
	CHECK(S_diff_ref(&s, &r, 0) != NULL);
	r.t_max_s--;
	r.t_min_us = (r.t_min_us + 500000) % 1000000;
	CHECK(S_diff_ref(&s, &r, 0) != NULL);
	r.lag_sum += 1;
	CHECK(S_diff_ref(&s, &r, 0) != NULL);
	/* one count more in t's histogram */
	CHECK_INT(tr_hist_record(&t.latency, 7), 0);
	CHECK(S_diff(&s, &t) != NULL);
	t.latency.total--;
	CHECK(S_diff(&s, &t) != NULL);   /* the same total, other values */
	tr_txlog_stats_free(&s);
	tr_txlog_stats_free(&t);
	S_ref_free(&r);
	free(buf);
}

int main(void)
{
	/* A fixed seed, so that a failure replays; TR_TXLOG_VEC_SEED=N
	 * explores other logs. */
	const char *env = getenv("TR_TXLOG_VEC_SEED");
	if (env)
		S_seed = strtoull(env, NULL, 10);
	printf("test_txlog_vec: seed %llu\n", (unsigned long long)S_seed);
	S_have_vec = tr_txlog_use_vector(true);
	printf("test_txlog_vec: %s\n", S_have_vec
	       ? "the vector scanner is in use (AVX2): vector against bytes"
	       : "no vector scanner on this machine (no AVX2, or not x86-64): "
	         "both readings use the byte scanner");
	RUN(test_checks_can_fail);
	RUN(test_good_logs);
	RUN(test_damaged_logs);
	RUN(test_line_lengths);
	tr_txlog_use_vector(true);
	printf("test_txlog_vec: %ld logs, %ld lines under 63 bytes; %ld logs "
	       "whose lag or retries sum passes 64 bits\n", S_logs, S_vec_lines,
	       S_wide);
	return harness_done();
}
