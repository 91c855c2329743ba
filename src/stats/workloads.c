/* workload.c: naming workloads for people and for file names. */

#include "stats_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* "<builtin: TPC-B (sort of)>" -> "TPC-B"; scripts keep their name. */
char *tr_workload_short_type(const char *t)
{
	if (!t)
		return tr_strdup("unknown");
	if (strcmp(t, "<builtin: TPC-B (sort of)>") == 0)
		return tr_strdup("TPC-B");
	if (strcmp(t, "<builtin: simple update>") == 0)
		return tr_strdup("simple-update");
	if (strcmp(t, "<builtin: select only>") == 0)
		return tr_strdup("select-only");
	return tr_strdup(t);
}

/* Lowercase letters, digits and '-' only: safe in any file name. */
char *tr_slug(const char *s)
{
	tr_buf b = TR_BUF_INIT;
	bool dash = false;
	for (const char *p = s; *p; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
			if (dash && b.size > 0)
				tr_buf_putc(&b, '-');
			dash = false;
			tr_buf_putc(&b, c);
		} else {
			dash = true;
		}
		if (b.size > 40)
			break;
	}
	if (b.size == 0)
		tr_buf_puts(&b, "x");
	return tr_buf_detach(&b);
}

static bool S_same(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

long tr_workload_find(tr_results *r, const tr_summary *s)
{
	tr_workload *w;
	size_t cap = r->nworkloads;
	tr_buf label = TR_BUF_INIT, key = TR_BUF_INIT;
	char *slug;
	for (size_t i = 0; i < r->nworkloads; i++) {
		w = &r->workloads[i];
		if (S_same(w->transaction_type, s->transaction_type) &&
		    w->clients == s->clients && w->threads == s->threads &&
		    S_same(w->query_mode, s->query_mode))
			return (long)i;
	}
	if (tr_grow(&r->workloads, &cap, r->nworkloads + 1, sizeof(tr_workload)) < 0)
		return -1;
	w = &r->workloads[r->nworkloads];
	memset(w, 0, sizeof(*w));
	w->transaction_type = s->transaction_type;
	w->clients = s->clients;
	w->threads = s->threads;
	w->query_mode = s->query_mode;
	w->short_type = tr_workload_short_type(s->transaction_type);
	if (!w->short_type)
		return -1;
	tr_buf_printf(&label, "%s, %d client%s, %d thread%s, %s", w->short_type,
	              w->clients, w->clients == 1 ? "" : "s", w->threads,
	              w->threads == 1 ? "" : "s",
	              w->query_mode ? w->query_mode : "unknown mode");
	slug = tr_slug(w->short_type);
	tr_buf_printf(&key, "%s-c%d-j%d-%s", slug ? slug : "x", w->clients,
	              w->threads, w->query_mode ? w->query_mode : "unknown");
	free(slug);
	w->label = tr_buf_detach(&label);
	w->key = tr_buf_detach(&key);
	if (!w->label || !w->key) {
		free(w->short_type);
		free(w->label);
		free(w->key);
		return -1;
	}
	return (long)r->nworkloads++;
}

static int S_type_rank(const char *short_type)
{
	if (strcmp(short_type, "TPC-B") == 0)
		return 0;
	if (strcmp(short_type, "simple-update") == 0)
		return 1;
	if (strcmp(short_type, "select-only") == 0)
		return 2;
	return 3;
}

static int S_cmp_workload(const tr_workload *a, const tr_workload *b)
{
	int c = S_type_rank(a->short_type) - S_type_rank(b->short_type);
	if (c)
		return c;
	if ((c = strcmp(a->short_type, b->short_type)) != 0)
		return c;
	if (a->clients != b->clients)
		return a->clients < b->clients ? -1 : 1;
	if (a->threads != b->threads)
		return a->threads < b->threads ? -1 : 1;
	return strcmp(a->query_mode ? a->query_mode : "",
	              b->query_mode ? b->query_mode : "");
}

int tr_workloads_sort(tr_results *r)
{
	size_t n = r->nworkloads, *order, *rank;
	tr_workload *sorted;
	if (n < 2)
		return 0;
	order = tr_calloc(n, sizeof(size_t));
	rank = tr_calloc(n, sizeof(size_t));
	sorted = tr_calloc(n, sizeof(tr_workload));
	if (!order || !rank || !sorted) {
		free(order);
		free(rank);
		free(sorted);
		return TR_ENOMEM;
	}
	/* insertion sort of indices: a study has few workloads */
	for (size_t i = 0; i < n; i++) {
		size_t k = i;
		while (k > 0 && S_cmp_workload(&r->workloads[order[k - 1]],
		                               &r->workloads[i]) > 0) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	for (size_t i = 0; i < n; i++) {
		sorted[i] = r->workloads[order[i]];
		rank[order[i]] = i;
	}
	memcpy(r->workloads, sorted, n * sizeof(tr_workload));
	for (size_t i = 0; i < r->nruns; i++)
		r->runs[i].workload = rank[r->runs[i].workload];
	free(order);
	free(rank);
	free(sorted);
	return 0;
}
