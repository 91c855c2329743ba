/* workload.c: naming workloads for people and for file names. */

#include "stats_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/str.h"

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

static bool S_same(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

long tr_workload_find(tr_results *r, const tr_summary *s, const char *machine)
{
	tr_workload *w;
	size_t cap = r->nworkloads;
	tr_buf label = TR_BUF_INIT, key = TR_BUF_INIT;
	int rc;
	for (size_t i = 0; i < r->nworkloads; i++) {
		w = &r->workloads[i];
		if (S_same(w->transaction_type, s->transaction_type) &&
		    w->clients == s->clients && w->threads == s->threads &&
		    S_same(w->query_mode, s->query_mode) && S_same(w->machine, machine))
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
	w->machine = machine;
	w->short_type = tr_workload_short_type(s->transaction_type);
	if (!w->short_type)
		return -1;
	rc = tr_buf_printf(&label, "%s, %d client%s, %d thread%s, %s",
	                   w->short_type, w->clients, w->clients == 1 ? "" : "s",
	                   w->threads, w->threads == 1 ? "" : "s",
	                   w->query_mode ? w->query_mode : "unknown mode");
	if (rc == 0)
		rc = tr_slug(&key, w->short_type, TR_SLUG_NAME_MAX, "x");
	if (rc == 0)
		rc = tr_buf_printf(&key, "-c%d-j%d-%s", w->clients, w->threads,
		                   w->query_mode ? w->query_mode : "unknown");
	if (rc == 0 && machine)
		rc = tr_buf_printf(&label, ", %s", machine);
	if (rc == 0 && machine && (rc = tr_buf_putc(&key, '-')) == 0)
		rc = tr_slug(&key, machine, TR_SLUG_NAME_MAX, "machine");
	w->label = tr_buf_detach(&label);
	w->key = tr_buf_detach(&key);
	if (rc < 0 || !w->label || !w->key) {
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
	if ((c = strcmp(a->query_mode ? a->query_mode : "",
	                b->query_mode ? b->query_mode : "")) != 0)
		return c;
	return tr_natcmp(a->machine ? a->machine : "", b->machine ? b->machine : "");
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
