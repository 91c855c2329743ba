/* directive.c: reading one {{name arg ...}} (docs/writeup.md, "Syntax"). */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

void tr_wu_directive_free(tr_wu_directive *dir)
{
	free(dir->name);
	for (size_t i = 0; i < dir->nargs; i++)
		free(dir->args[i]);
	memset(dir, 0, sizeof(*dir));
}

static bool S_space(char c)
{
	return c == ' ' || c == '\t';
}

/* A quoted argument at *p (on '"'); advances past the closing quote. */
static int S_quoted(tr_buf *arg, const char **p, const char *end,
                    const char *path, long line)
{
	const char *q = *p + 1;
	int rc = 0;
	for (; q < end && *q != '"' && rc == 0; q++) {
		if (*q == '\\' && q + 1 < end && (q[1] == '"' || q[1] == '\\'))
			q++;
		rc = tr_buf_putc(arg, *q);
	}
	if (rc < 0)
		return rc;
	if (q >= end)
		return tr_error_set_at(path, line, "directive: a quoted argument "
		                                   "is not closed on its line");
	*p = q + 1;
	return 0;
}

int tr_wu_directive_parse(tr_wu_directive *out, const char *s,
                          const char *end, size_t *consumed,
                          const char *path, long line)
{
	const char *p = s + 2;
	tr_buf arg = TR_BUF_INIT;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->line = line;
	for (;;) {
		while (p < end && S_space(*p))
			p++;
		if (p + 1 < end && p[0] == '}' && p[1] == '}')
			break;
		if (p >= end) {
			rc = tr_error_set_at(path, line, "directive '%.40s' is not closed "
			                     "with '}}' on its line", s);
			goto fail;
		}
		tr_buf_clear(&arg);
		if (*p == '"') {
			if ((rc = S_quoted(&arg, &p, end, path, line)) < 0)
				goto fail;
		} else {
			while (p < end && !S_space(*p) && *p != '"' &&
			       !(p + 1 < end && p[0] == '}' && p[1] == '}')) {
				if ((rc = tr_buf_putc(&arg, *p)) < 0)
					goto fail;
				p++;
			}
			/* key="a quoted value": one argument, "key=a quoted value" */
			if (p < end && *p == '"' && arg.size > 0 && arg.ptr[arg.size - 1] == '=' &&
			    (rc = S_quoted(&arg, &p, end, path, line)) < 0)
				goto fail;
		}
		if (!out->name) {
			const char *n = tr_buf_cstr(&arg);
			if (!*n || strspn(n, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(n) ||
			    !(n[0] >= 'a' && n[0] <= 'z')) {
				rc = tr_error_set_at(path, line, "directive: '%.40s' is not a "
				                     "directive name (lowercase letters, digits, "
				                     "'-', '_')", n);
				goto fail;
			}
			if (!(out->name = tr_strdup(n))) {
				rc = TR_ENOMEM;
				goto fail;
			}
			continue;
		}
		if (out->nargs == TR_WU_MAX_ARGS) {
			rc = tr_error_set_at(path, line, "{{%s}}: too many arguments (at "
			                     "most %d)", out->name, TR_WU_MAX_ARGS);
			goto fail;
		}
		if (!(out->args[out->nargs] = tr_strdup(tr_buf_cstr(&arg)))) {
			rc = TR_ENOMEM;
			goto fail;
		}
		out->nargs++;
	}
	if (!out->name) {
		rc = tr_error_set_at(path, line, "directive: '{{}}' has no name");
		goto fail;
	}
	*consumed = (size_t)(p + 2 - s);
	tr_buf_free(&arg);
	return 0;
fail:
	tr_buf_free(&arg);
	tr_wu_directive_free(out);
	return rc;
}
