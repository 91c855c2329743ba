/* sections_level.c: a generated section sits under the author's heading
 * (issue 25: headings belong to the author). Its headings take the level
 * below the author's last heading ("### Results" above {{section
 * stability}}: "#### Stability", its scenarios "#####"), a title="…" of
 * the directive replaces its heading's text, and a heading the author
 * already wrote just above (the same text) is not written twice: the
 * section's subheadings go under the author's. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* An ATX heading's level (1-6) and its text [*t, *te), or 0. */
static int S_heading(const char *p, const char *end, const char **t, const char **te)
{
	const char *q = p;
	int n = 0;
	while (q < end && *q == ' ' && q - p < 3)
		q++;
	while (q < end && *q == '#' && n < 7) {
		q++;
		n++;
	}
	if (n < 1 || n > 6 || (q < end && *q != ' ' && *q != '\t'))
		return 0;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	*t = q;
	*te = end;
	while (*te > q && ((*te)[-1] == ' ' || (*te)[-1] == '\t' || (*te)[-1] == '\r'))
		(*te)--;
	/* a closing run of '#' after a space is not text */
	{
		const char *c = *te;
		while (c > q && c[-1] == '#')
			c--;
		if (c < *te && (c == q || c[-1] == ' ' || c[-1] == '\t')) {
			*te = c;
			while (*te > q && ((*te)[-1] == ' ' || (*te)[-1] == '\t'))
				(*te)--;
		}
	}
	return n;
}

void tr_wu_author_line(tr_wu_doc *d, const char *line, const char *end)
{
	const char *t, *te;
	int level = S_heading(line, end, &t, &te);
	if (level == 0)
		return;
	d->author_level = level;
	d->author_heading = tr_wu_keep(d, tr_strndup(t, (size_t)(te - t)));
}

static bool S_same_text(const char *a, size_t an, const char *b)
{
	return an == strlen(b) && strncasecmp(a, b, an) == 0;
}

/* The span [start, end of md) of one section: its headings moved to
 * their level, the first one titled or dropped. */
static int S_rewrite(tr_wu_doc *d, size_t start, const char *title, bool drop_first,
                     int shift)
{
	tr_buf out = TR_BUF_INIT;
	const char *p = d->md.ptr + start, *stop = d->md.ptr + d->md.size;
	bool first = true;
	int rc = 0;
	while (p < stop && rc >= 0) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl : stop, *t, *te;
		int level = S_heading(p, end, &t, &te);
		if (level == 0) {
			rc = tr_buf_put(&out, p, (size_t)(end - p) + (nl ? 1 : 0));
		} else if (first && drop_first) {
			/* the author's heading stands for it; and the blank line
			 * after it goes too */
			if (nl && nl + 1 < stop && nl[1] == '\n')
				nl++;
		} else {
			int to = level + shift;
			to = to < 1 ? 1 : to > 6 ? 6 : to;
			for (int i = 0; i < to && rc >= 0; i++)
				rc = tr_buf_putc(&out, '#');
			if (rc >= 0 && first && title)
				rc = tr_buf_printf(&out, " %s\n", tr_wu_e(d, title));
			else if (rc >= 0)
				rc = tr_buf_printf(&out, " %.*s\n", (int)(te - t), t);
		}
		first = first && level == 0;
		p = nl ? nl + 1 : stop;
	}
	if (rc >= 0) {
		d->md.size = start;
		rc = tr_buf_put(&d->md, out.ptr ? out.ptr : "", out.size);
	}
	tr_buf_free(&out);
	if (rc < 0)
		d->rc = TR_ENOMEM;
	return rc < 0 ? TR_ENOMEM : 0;
}

int tr_wu_section_place(tr_wu_doc *d, size_t start, const char *name, const char *title)
{
	const char *p = d->md.ptr ? d->md.ptr + start : NULL, *stop = p + (d->md.size - start);
	const char *t = NULL, *te = NULL;
	int first = 0, shift;
	bool drop;
	/* the section's first heading */
	while (p && p < stop && first == 0) {
		const char *nl = memchr(p, '\n', (size_t)(stop - p));
		const char *end = nl ? nl : stop;
		first = S_heading(p, end, &t, &te);
		p = nl ? nl + 1 : stop;
	}
	if (first == 0) {
		if (title)
			return tr_wu_error(d, "{{section %s}} writes no heading here: title= has "
			                      "nothing to name (write your heading above it)",
			                   tr_wu_c(d, name));
		return 0;
	}
	if (d->author_level == 0 && !title)
		return 0; /* no heading of the author's: as it is */
	drop = d->author_heading &&
	       (title ? strcasecmp(title, d->author_heading) == 0
	              : S_same_text(t, (size_t)(te - t), d->author_heading));
	if (d->author_level == 0)
		shift = 0;
	else
		shift = (drop ? d->author_level : d->author_level + 1) - first;
	return S_rewrite(d, start, title, drop, shift);
}
