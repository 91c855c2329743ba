/* findings_group.c: one line per kind of finding (docs/check.md), with the
 * count and the cells or files in compact form, sorted naturally (run2
 * before run16): "few-runs: 70 cells have 1 run (all of ro, tpcb; rw for
 * stock, async-commit)". `check --verbose` and the report's full list show
 * every item; this is what a reader sees first. */

#include "stats.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/str.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Natural order: digit runs compare as numbers ("run2" < "run16"). */
static int S_natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;
			size_t la, lb;
			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			la = (size_t)(ea - a);
			lb = (size_t)(eb - b);
			if (la != lb)
				return la < lb ? -1 : 1;
			for (; a < ea; a++, b++)
				if (*a != *b)
					return *a < *b ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != 0) - (*b != 0);
}

static int S_natcmp_ptr(const void *x, const void *y)
{
	return S_natcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Scenario indices in natural order of their ids; caller frees. */
static size_t *S_scenarios_sorted(const tr_results *r)
{
	size_t *ix = tr_calloc(r->nscenarios + 1, sizeof(size_t));
	if (!ix)
		return NULL;
	for (size_t i = 0; i < r->nscenarios; i++)
		ix[i] = i;
	for (size_t i = 1; i < r->nscenarios; i++)
		for (size_t j = i; j > 0 && S_natcmp(r->scenarios[ix[j - 1]].id,
		                                      r->scenarios[ix[j]].id) > 0; j--) {
			size_t t = ix[j];
			ix[j] = ix[j - 1];
			ix[j - 1] = t;
		}
	return ix;
}

/* "all of a, b; c for p1, p2/wl" over the cells with nruns == v. */
static void S_cells_compact(tr_buf *b, const tr_results *r, const size_t *order, size_t v)
{
	const char *sep = "";
	tr_buf all = TR_BUF_INIT, some = TR_BUF_INIT;
	for (size_t k = 0; k < r->nscenarios; k++) {
		size_t s = order[k], total = 0, in = 0, nw = 0;
		const char **names;
		for (size_t c = 0; c < r->ncells; c++)
			if (r->cells[c].scenario == s) {
				total++;
				in += r->cells[c].nruns == v;
			}
		if (in == 0)
			continue;
		if (in == total) {
			tr_buf_printf(&all, "%s%s", all.size ? ", " : "all of ", r->scenarios[s].id);
			continue;
		}
		for (size_t w = 0; w < r->nworkloads; w++)
			for (size_t c = 0; c < r->ncells; c++)
				if (r->cells[c].scenario == s && r->cells[c].workload == w) {
					nw++;
					break;
				}
		names = tr_calloc(in, sizeof(char *));
		if (!names)
			continue; /* the buffer's own failure shows as a short line */
		for (size_t c = 0, i = 0; c < r->ncells; c++)
			if (r->cells[c].scenario == s && r->cells[c].nruns == v)
				names[i++] = nw > 1 ? tr_sprintf("%s/%s", r->providers[r->cells[c].provider].id,
				                                 r->workloads[r->cells[c].workload].key)
				                    : tr_strdup(r->providers[r->cells[c].provider].id);
		qsort(names, in, sizeof(char *), S_natcmp_ptr);
		tr_buf_printf(&some, "%s%s for ", some.size ? "; " : "", r->scenarios[s].id);
		for (size_t i = 0; i < in; i++) {
			tr_buf_printf(&some, "%s%s", i ? ", " : "", names[i] ? names[i] : "?");
			free((char *)names[i]);
		}
		free(names);
	}
	if (all.size) {
		tr_buf_puts(b, all.ptr);
		sep = "; ";
	}
	if (some.size)
		tr_buf_printf(b, "%s%s", sep, some.ptr);
	tr_buf_free(&all);
	tr_buf_free(&some);
}

/* few-runs, from the cells themselves: one clause per run count. */
static void S_few_runs(tr_buf *b, const tr_results *r, size_t min_runs)
{
	size_t *order = S_scenarios_sorted(r);
	bool first = true;
	if (!order)
		return;
	for (size_t v = 0; v < min_runs; v++) {
		size_t n = 0;
		for (size_t c = 0; c < r->ncells; c++)
			n += r->cells[c].nruns == v;
		if (n == 0)
			continue;
		tr_buf_printf(b, "%s%zu cell%s ha%s %zu run%s (", first ? "" : "; ", n,
		              n == 1 ? "" : "s", n == 1 ? "s" : "ve", v, v == 1 ? "" : "s");
		S_cells_compact(b, r, order, v);
		tr_buf_putc(b, ')');
		first = false;
	}
	free(order);
}

/* "results/P/S/run1.txt" -> dir "P/S" and file "run1.txt"; a path of
 * another shape is its own dir. */
static void S_split(const char *path, char **dir, char **file)
{
	const char *p = path, *slash;
	if (strncmp(p, "results/", 8) == 0)
		p += 8;
	slash = strrchr(p, '/');
	if (!slash) {
		*dir = tr_strdup(p);
		*file = NULL;
		return;
	}
	*dir = tr_strndup(p, (size_t)(slash - p));
	*file = tr_strdup(slash + 1);
}

typedef struct {
	char *dir;
	char *file;
} S_place;

static int S_cmp_place(const void *x, const void *y)
{
	const S_place *a = x, *b = y;
	int c = S_natcmp(a->dir ? a->dir : "", b->dir ? b->dir : "");
	if (c)
		return c;
	return S_natcmp(a->file ? a->file : "", b->file ? b->file : "");
}

/* Findings with paths: the message once if all agree (else the first,
 * "e.g."), then "in P/S (run1.txt, run2.txt); P/T (run3.txt)". Findings
 * without a path: their messages, "; " between them. */
static void S_items(tr_buf *b, const tr_diags *d, const char *code, size_t n)
{
	S_place *pl = tr_calloc(n, sizeof(S_place));
	const char *msg = NULL;
	bool same = true;
	size_t np = 0, nopath = 0;
	if (!pl)
		return;
	for (size_t i = 0; i < d->count; i++) {
		const tr_diag *x = &d->items[i];
		if (strcmp(x->code, code) != 0)
			continue;
		if (!x->path) {
			tr_buf_printf(b, "%s%s", nopath++ ? "; " : "", x->message);
			continue;
		}
		if (!msg)
			msg = x->message;
		else
			same &= strcmp(msg, x->message) == 0;
		S_split(x->path, &pl[np].dir, &pl[np].file);
		np++;
	}
	if (np) {
		qsort(pl, np, sizeof(S_place), S_cmp_place);
		tr_buf_printf(b, "%s%zu file%s: %s%s; in ", nopath ? "; " : "", np, np == 1 ? "" : "s",
		              same ? "" : "e.g. ", msg);
		for (size_t i = 0; i < np; i++) {
			bool new_dir = i == 0 || strcmp(pl[i].dir ? pl[i].dir : "",
			                                pl[i - 1].dir ? pl[i - 1].dir : "") != 0;
			bool last = i + 1 == np || strcmp(pl[i].dir ? pl[i].dir : "",
			                                  pl[i + 1].dir ? pl[i + 1].dir : "") != 0;
			if (new_dir)
				tr_buf_printf(b, "%s%s%s", i ? "; " : "", pl[i].dir ? pl[i].dir : "?",
				              pl[i].file ? " (" : "");
			if (pl[i].file)
				tr_buf_printf(b, "%s%s%s", new_dir ? "" : ", ", pl[i].file, last ? ")" : "");
		}
	}
	for (size_t i = 0; i < np; i++) {
		free(pl[i].dir);
		free(pl[i].file);
	}
	free(pl);
}

static int S_cmp_group(const void *x, const void *y)
{
	const tr_finding_group *a = x, *b = y;
	bool wa = a->severity == TR_SEV_WARNING, wb = b->severity == TR_SEV_WARNING;
	if (wa != wb)
		return wa ? -1 : 1;
	return strcmp(a->code, b->code);
}

int tr_findings_group(tr_finding_group **out, size_t *nout, const tr_results *r,
                      const tr_diags *d)
{
	tr_finding_group *g = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < d->count; i++) {
		bool known = false;
		for (size_t k = 0; k < n && !known; k++)
			if (strcmp(g[k].code, d->items[i].code) == 0) {
				g[k].count++;
				g[k].severity = g[k].severity == TR_SEV_WARNING ? TR_SEV_WARNING
				                                                : d->items[i].severity;
				known = true;
			}
		if (known)
			continue;
		if ((rc = tr_grow(&g, &cap, n + 1, sizeof(*g))) < 0)
			goto fail;
		g[n++] = (tr_finding_group){ d->items[i].severity, d->items[i].code, 1, NULL };
	}
	if (n)
		qsort(g, n, sizeof(*g), S_cmp_group);
	for (size_t k = 0; k < n; k++) {
		tr_buf b = TR_BUF_INIT;
		if (r && strcmp(g[k].code, "few-runs") == 0)
			S_few_runs(&b, r, TR_MIN_RUNS);
		else
			S_items(&b, d, g[k].code, g[k].count);
		if (!(g[k].text = tr_strdup(b.size ? b.ptr : ""))) {
			tr_buf_free(&b);
			rc = TR_ENOMEM;
			goto fail;
		}
		tr_buf_free(&b);
	}
	*out = g;
	*nout = n;
	return 0;
fail:
	tr_finding_groups_free(g, n);
	return rc;
}

void tr_finding_groups_free(tr_finding_group *g, size_t n)
{
	if (!g)
		return;
	for (size_t k = 0; k < n; k++)
		free(g[k].text);
	free(g);
}
