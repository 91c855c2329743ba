/* str.c: small string predicates. */

#include "util.h"

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
