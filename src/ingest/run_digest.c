/* run_digest.c: each run's content digest, for `tpsreport diff`.
 *
 * A run is its summary file, its log files and its stderr file. Its digest
 * is SHA-256 over what the inputs list already holds for those files (the
 * SHA-256 of the summary and stderr, size and hash64 of each log), in the
 * run's own file order and without the paths: a rerun that wrote other
 * bytes gets another digest, a folder renamed around the same files keeps
 * it. Files that were never read (the logs of a run left out before they
 * were opened) are not part of it. */

#include "ingest_internal.h"
#include "util/alloc.h"
#include "util/sha256.h"

#include <stdlib.h>
#include <string.h>

typedef struct S_entry {
	const char *path;        /* NUL-terminated in the copy of the list */
	const char *hash;
} S_entry;

static int S_cmp_entry(const void *a, const void *b)
{
	return strcmp(((const S_entry *)a)->path, ((const S_entry *)b)->path);
}

static const char *S_find(const S_entry *e, size_t n, const char *path)
{
	S_entry key = { path, NULL };
	const S_entry *hit;
	if (!path || n == 0)
		return NULL;
	hit = bsearch(&key, e, n, sizeof(S_entry), S_cmp_entry);
	return hit ? hit->hash : NULL;
}

static void S_add(tr_sha256 *sha, const char *what, const char *hash)
{
	if (!hash)
		return;
	tr_sha256_update(sha, what, strlen(what));
	tr_sha256_update(sha, "\t", 1);
	tr_sha256_update(sha, hash, strlen(hash));
	tr_sha256_update(sha, "\n", 1);
}

static void S_run_digest(tr_run *run, const S_entry *e, size_t n)
{
	tr_sha256 sha;
	tr_sha256_init(&sha);
	S_add(&sha, "summary", S_find(e, n, run->path));
	for (size_t i = 0; i < run->nlog_paths; i++)
		S_add(&sha, "log", S_find(e, n, run->log_paths[i]));
	S_add(&sha, "stderr", S_find(e, n, run->progress_path));
	tr_sha256_hex(&sha, run->digest);
}

int tr_run_digests(tr_study *st, const tr_buf *list)
{
	char *copy = NULL;
	S_entry *e = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (list->size > 0) {
		if (!(copy = tr_malloc(list->size + 1)))
			return TR_ENOMEM;
		memcpy(copy, list->ptr, list->size);
		copy[list->size] = '\0';
	}
	for (char *p = copy; p && *p;) {
		char *nl = strchr(p, '\n'), *tab;
		if (nl)
			*nl = '\0';
		/* The hash never holds a tab; a path might. */
		if ((tab = strrchr(p, '\t')) != NULL) {
			*tab = '\0';
			if ((rc = tr_grow(&e, &cap, n + 1, sizeof(S_entry))) < 0)
				goto cleanup;
			e[n].path = p;
			e[n++].hash = tab + 1;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	if (n > 1)
		qsort(e, n, sizeof(S_entry), S_cmp_entry);
	for (size_t i = 0; i < st->nruns; i++)
		S_run_digest(&st->runs[i], e, n);
cleanup:
	free(e);
	free(copy);
	return rc;
}
