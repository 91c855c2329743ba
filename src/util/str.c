/* str.c: small string predicates, UTF-8 validity, natural order. */

#include "str.h"

#include <string.h>

bool tr_str_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool tr_str_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);
	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

int tr_strcmp_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool S_digit(char c)
{
	return c >= '0' && c <= '9';
}

int tr_natcmp(const char *a, const char *b)
{
	const char *pa = a, *pb = b;
	while (*pa && *pb) {
		if (S_digit(*pa) && S_digit(*pb)) {
			const char *sa = pa, *sb = pb;
			size_t la, lb;
			while (*sa == '0' && S_digit(sa[1]))
				sa++;
			while (*sb == '0' && S_digit(sb[1]))
				sb++;
			la = lb = 0;
			while (S_digit(sa[la]))
				la++;
			while (S_digit(sb[lb]))
				lb++;
			if (la != lb)
				return la < lb ? -1 : 1;
			{
				int c = memcmp(sa, sb, la);
				if (c)
					return c;
			}
			pa = sa + la;
			pb = sb + lb;
			continue;
		}
		if (*pa != *pb)
			return (unsigned char)*pa < (unsigned char)*pb ? -1 : 1;
		pa++;
		pb++;
	}
	if (*pa || *pb)
		return *pa ? 1 : -1;
	return strcmp(a, b);
}

int tr_utf8_seq_len(const char *str, size_t avail)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0];
	int n;
	unsigned cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return -1;
	if ((size_t)n > avail)
		return -1;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	return n;
}

bool tr_utf8_valid(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		int n = tr_utf8_seq_len(s + i, len - i);
		if (n < 0)
			return false;
		i += (size_t)n;
	}
	return true;
}
