/* study_load.c: tr_study_load(): the ini, the folders, the runs, the logs. */

#include "ingest_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/file.h"
#include "util/memroom.h"
#include "util/sha256.h"
#include "util/str.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int tr_digest_note_hex(tr_buf *list, const char *relpath, const char *hex)
{
	return tr_buf_printf(list, "%s\t%s\n", relpath, hex);
}

int tr_digest_note(tr_buf *list, const char *relpath, const char *data,
                   size_t len)
{
	tr_sha256 sha;
	char hex[65];
	tr_sha256_init(&sha);
	tr_sha256_update(&sha, data, len);
	tr_sha256_hex(&sha, hex);
	return tr_digest_note_hex(list, relpath, hex);
}

/* SHA-256 over the sorted lines of the list: the same inputs give the same
 * digest whatever order they were read in. */
static int S_digest_finish(char out[65], tr_buf *list)
{
	char **lines = NULL;
	size_t n = 0, cap = 0;
	tr_sha256 sha;
	char *p = list->ptr, *end = list->ptr + list->size;
	while (p && p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		*nl = '\0';
		if (tr_grow(&lines, &cap, n + 1, sizeof(char *)) < 0) {
			free(lines);
			return TR_ENOMEM;
		}
		lines[n++] = p;
		p = nl + 1;
	}
	if (n > 1)
		qsort(lines, n, sizeof(char *), tr_strcmp_ptr);
	tr_sha256_init(&sha);
	for (size_t i = 0; i < n; i++) {
		tr_sha256_update(&sha, lines[i], strlen(lines[i]));
		tr_sha256_update(&sha, "\n", 1);
	}
	tr_sha256_hex(&sha, out);
	free(lines);
	return 0;
}

/* 1 when tpsreport.ini may be read; 0 when it is a link leading out of
 * the study (then it is not read, with a warning). */
static int S_config_inside(tr_study *st, const char *path)
{
	char *real = NULL;
	int rc = tr_study_inside(st, path, &real);
	if (rc != 0) {
		tr_error_clear();
		return rc == TR_ENOMEM ? rc : 1;
	}
	rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "outside-study", "tpsreport.ini",
	                  0, "a symbolic link to %s, outside the study; not read",
	                  real);
	free(real);
	return rc;
}

static int S_load_config(tr_study *st, tr_buf *digest_list)
{
	char *path = tr_path_join(st->root, "tpsreport.ini");
	tr_buf text = TR_BUF_INIT;
	tr_provider *providers = NULL;
	tr_scenario *scenarios = NULL;
	size_t np = 0, ns = 0;
	struct stat sb;
	int rc = 0;

	if (!path)
		return TR_ENOMEM;
	if (stat(path, &sb) < 0 && errno == ENOENT)
		goto cleanup; /* every key is optional, and so is the file */
	if ((rc = S_config_inside(st, path)) != 1)
		goto cleanup;
	if ((rc = tr_file_read(&text, path)) < 0)
		goto cleanup;
	if ((rc = tr_digest_note(digest_list, "tpsreport.ini", text.ptr, text.size)) < 0)
		goto cleanup;
	if ((rc = tr_config_parse(&st->config, &providers, &np, &scenarios, &ns,
	                          tr_buf_cstr(&text), text.size, "tpsreport.ini")) < 0)
		goto cleanup;
	st->config.path = tr_strdup("tpsreport.ini");
	st->providers = providers;
	st->nproviders = np;
	st->scenarios = scenarios;
	st->nscenarios = ns;
cleanup:
	free(path);
	tr_buf_free(&text);
	return rc;
}

static int S_add_provider(tr_study *st, const char *id, size_t *cap)
{
	tr_provider *p;
	long i = tr_study_provider_index(st, id);
	if (i >= 0) {
		st->providers[i].in_results = true;
		return 0;
	}
	if (tr_grow(&st->providers, cap, st->nproviders + 1, sizeof(tr_provider)) < 0)
		return TR_ENOMEM;
	p = &st->providers[st->nproviders];
	memset(p, 0, sizeof(*p));
	p->id = tr_strdup(id);
	p->vcpu = p->ram_gb = NAN;
	p->in_results = true;
	if (!p->id)
		return TR_ENOMEM;
	st->nproviders++;
	return 0;
}

static int S_add_scenario(tr_study *st, const char *id, size_t *cap)
{
	tr_scenario *s;
	long i = tr_study_scenario_index(st, id);
	if (i >= 0) {
		st->scenarios[i].in_results = true;
		return 0;
	}
	if (tr_grow(&st->scenarios, cap, st->nscenarios + 1, sizeof(tr_scenario)) < 0)
		return TR_ENOMEM;
	s = &st->scenarios[st->nscenarios];
	memset(s, 0, sizeof(*s));
	s->id = tr_strdup(id);
	s->in_results = true;
	if (!s->id)
		return TR_ENOMEM;
	st->nscenarios++;
	return 0;
}

static bool S_is_dir(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Names we can show and use: valid UTF-8, no control characters. */
static bool S_usable_name(const char *name)
{
	for (const char *p = name; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return false;
	return tr_utf8_valid(name, strlen(name));
}

/* results/<provider>/facts.json, written by `tpsreport run`: a file that
 * cannot be read costs the setup table its facts, not the study. */
static int S_load_facts(tr_study *st, tr_provider *p, const char *fspath,
                        const char *relpath, tr_buf *digest_list)
{
	tr_buf text = TR_BUF_INIT;
	tr_server_facts *f = NULL;
	int rc;
	if ((rc = tr_file_read_named(&text, fspath, relpath)) == 0 &&
	    (rc = tr_digest_note(digest_list, relpath, text.ptr, text.size)) == 0)
		rc = tr_server_facts_parse(&f, text.ptr, text.size, relpath);
	tr_buf_free(&text);
	if (rc == TR_ENOMEM)
		return rc;
	if (rc < 0)
		return tr_diags_add(&st->diags, TR_SEV_WARNING, "facts-unreadable",
		                    NULL, 0, "%s; ignored", tr_error_last());
	tr_server_facts_free(p->server);
	free(p->server);
	p->server = f;
	return 0;
}

/* Pass 1, one entry of results/: a provider and its scenarios' names, so
 * that indices are final before any run. */
static int S_name_provider(tr_study *st, const char *results, const char *name,
                           size_t *pcap, size_t *scap)
{
	char *pdir = tr_path_join(results, name);
	tr_listing sub = { 0 };
	int rc = 0;
	if (!pdir)
		return TR_ENOMEM;
	if (!S_is_dir(pdir) || !S_usable_name(name))
		goto cleanup;
	if (tr_listing_read(&sub, pdir) < 0) {
		rc = tr_diags_add_error(&st->diags, TR_SEV_WARNING, "unreadable",
		                        "; ignored");
		goto cleanup;
	}
	if ((rc = S_add_provider(st, name, pcap)) < 0)
		goto cleanup;
	for (size_t k = 0; k < sub.count && rc == 0; k++) {
		char *sdir = tr_sprintf("%s/%s/%s", results, name, sub.names[k]);
		if (!sdir)
			rc = TR_ENOMEM;
		else if (S_is_dir(sdir) && S_usable_name(sub.names[k]))
			rc = S_add_scenario(st, sub.names[k], scap);
		free(sdir);
	}
cleanup:
	tr_listing_free(&sub);
	free(pdir);
	return rc;
}

/* Pass 2, one entry of results/<provider>/: a scenario folder scanned, a
 * shared init, the provider's facts, or a note. */
static int S_scan_entry(tr_study *st, size_t p, const char *pdir,
                        const char *pname, const char *name,
                        tr_buf *digest_list)
{
	char *sdir = tr_path_join(pdir, name);
	char *rel = tr_sprintf("results/%s/%s", pname, name);
	long s = tr_study_scenario_index(st, name);
	bool dir = sdir && S_is_dir(sdir);
	int rc;
	if (!sdir || !rel) {
		rc = TR_ENOMEM;
	} else if (!dir && tr_scan_is_init_name(name)) {
		rc = tr_scan_shared_init(st, p, sdir, rel, digest_list);
	} else if (strcmp(name, "facts.json") == 0) {
		rc = S_load_facts(st, &st->providers[p], sdir, rel, digest_list);
	} else if (!dir) {
		rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "ignored", rel, 0,
		                  "files go one level deeper, in "
		                  "results/<provider>/<scenario>/; ignored");
	} else if (s < 0) {
		rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "bad-name", NULL, 0,
		                  "results/%s: a scenario folder has a name that is "
		                  "not valid UTF-8 or holds control characters; "
		                  "ignored", pname);
	} else {
		rc = tr_scan_scenario(st, p, (size_t)s, sdir, rel, digest_list);
		if (rc < 0 && rc != TR_ENOMEM)
			rc = tr_diags_add_error(&st->diags, TR_SEV_WARNING, "unreadable",
			                        "; ignored");
	}
	free(sdir);
	free(rel);
	return rc;
}

/* Pass 2, one entry of results/: a provider's folder, entry by entry. */
static int S_scan_provider(tr_study *st, const char *results, const char *name,
                           tr_buf *digest_list)
{
	char *pdir = tr_path_join(results, name);
	tr_listing sub = { 0 };
	long p;
	int rc = 0;
	if (!pdir)
		return TR_ENOMEM;
	if (!S_is_dir(pdir)) {
		rc = tr_diags_add(&st->diags, TR_SEV_NOTE, "ignored", NULL, 0,
		                  "results/%s: not a provider folder; ignored", name);
		goto cleanup;
	}
	if (!S_usable_name(name)) {
		rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "bad-name", NULL, 0,
		                  "a folder in results/ has a name that is not valid "
		                  "UTF-8 or holds control characters; ignored "
		                  "(rename it)");
		goto cleanup;
	}
	/* unreadable: pass 1 said so */
	if ((p = tr_study_provider_index(st, name)) < 0 ||
	    tr_listing_read(&sub, pdir) < 0)
		goto cleanup;
	for (size_t k = 0; k < sub.count && rc == 0; k++)
		rc = S_scan_entry(st, (size_t)p, pdir, name, sub.names[k], digest_list);
cleanup:
	tr_listing_free(&sub);
	free(pdir);
	return rc;
}

/* The ini may name folders that do not exist: say so. */
static int S_ini_unused(tr_study *st)
{
	int rc;
	for (size_t i = 0; i < st->nproviders; i++)
		if (!st->providers[i].in_results &&
		    (rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "ini-unused",
		                       "tpsreport.ini", 0,
		                       "[provider %s] has no results/%s folder",
		                       st->providers[i].id, st->providers[i].id)) < 0)
			return rc;
	for (size_t i = 0; i < st->nscenarios; i++)
		if (!st->scenarios[i].in_results &&
		    (rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "ini-unused",
		                       "tpsreport.ini", 0,
		                       "[scenario %s] is not a folder of any provider",
		                       st->scenarios[i].id)) < 0)
			return rc;
	return 0;
}

/* results/<provider>/<scenario>/: providers and scenarios in ini order
 * first, then the others in natural order; then every folder scanned. */
static int S_scan(tr_study *st, tr_buf *digest_list)
{
	char *results = tr_path_join(st->root, "results");
	tr_listing top = { 0 };
	size_t pcap = st->nproviders, scap = st->nscenarios;
	int rc = 0;

	if (!results)
		return TR_ENOMEM;
	if (!S_is_dir(results)) {
		rc = tr_error_set("%s: no results/ folder (expected "
		                  "results/<provider>/<scenario>/run1.txt, see "
		                  "docs/study.md)", st->root);
		goto cleanup;
	}
	if ((rc = tr_listing_read(&top, results)) < 0)
		goto cleanup;
	for (size_t i = 0; i < top.count; i++)
		if ((rc = S_name_provider(st, results, top.names[i], &pcap, &scap)) < 0)
			goto cleanup;
	for (size_t i = 0; i < top.count; i++)
		if ((rc = S_scan_provider(st, results, top.names[i], digest_list)) < 0)
			goto cleanup;
	if ((rc = tr_scan_resolve_shared_inits(st)) < 0)
		goto cleanup;
	rc = S_ini_unused(st);
cleanup:
	tr_listing_free(&top);
	free(results);
	return rc;
}

static int S_cmp_init(const void *pa, const void *pb)
{
	const tr_init *a = pa, *b = pb;
	if (a->provider != b->provider)
		return a->provider < b->provider ? -1 : 1;
	if (a->scenario != b->scenario)
		return a->scenario < b->scenario ? -1 : 1;
	return tr_natcmp(a->path, b->path);
}

static int S_cmp_run(const void *pa, const void *pb)
{
	const tr_run *a = pa, *b = pb;
	if (a->provider != b->provider)
		return a->provider < b->provider ? -1 : 1;
	if (a->scenario != b->scenario)
		return a->scenario < b->scenario ? -1 : 1;
	return tr_natcmp(a->id, b->id);
}

/* Providers and scenarios only in the ini have no runs: drop them (after
 * the warning), so that every index in the results has data. Runs and
 * inits are renumbered. */
static int S_drop_unused(tr_study *st)
{
	size_t *pmap = tr_calloc(st->nproviders + 1, sizeof(size_t));
	size_t *smap = tr_calloc(st->nscenarios + 1, sizeof(size_t));
	size_t np = 0, ns = 0;
	int rc = 0;
	if (!pmap || !smap) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	for (size_t i = 0; i < st->nproviders; i++) {
		if (!st->providers[i].in_results) {
			tr_provider_free(&st->providers[i]);
			continue;
		}
		pmap[i] = np;
		st->providers[np++] = st->providers[i];
	}
	for (size_t i = 0; i < st->nscenarios; i++) {
		if (!st->scenarios[i].in_results) {
			tr_scenario_free(&st->scenarios[i]);
			continue;
		}
		smap[i] = ns;
		st->scenarios[ns++] = st->scenarios[i];
	}
	st->nproviders = np;
	st->nscenarios = ns;
	for (size_t i = 0; i < st->nruns; i++) {
		st->runs[i].provider = pmap[st->runs[i].provider];
		st->runs[i].scenario = smap[st->runs[i].scenario];
	}
	for (size_t i = 0; i < st->ninits; i++) {
		st->inits[i].provider = pmap[st->inits[i].provider];
		st->inits[i].scenario = smap[st->inits[i].scenario];
	}
cleanup:
	free(pmap);
	free(smap);
	return rc;
}

/* Runs pgbench reported as aborted, or whose summary stops early, or
 * that processed nothing, are kept but left out of every figure. */
/*
 * A summary with a line that did not read (tr_summary.damage) is used for
 * what is sure, unless what it lost is what a run needs: its TPS, its
 * duration (or -t count) or its workload. Either way one warning names
 * the line and what was wrong.
 */
static int S_damaged(tr_study *st, tr_run *run, bool *out_excluded)
{
	const tr_summary *s = &run->summary;
	tr_buf lost = TR_BUF_INIT;
	int rc;
	*out_excluded = false;
	if (!s->damage)
		return 0;
	if (!(s->tps > 0) || !isfinite(s->tps))
		tr_buf_puts(&lost, "TPS");
	if (s->duration_s < 0 && s->transactions_per_client < 0)
		tr_buf_printf(&lost, "%sduration", lost.size ? ", " : "");
	if (!s->transaction_type || !s->query_mode || s->clients < 0 || s->threads < 0)
		tr_buf_printf(&lost, "%sworkload (transaction type, query mode, "
		              "clients, threads)", lost.size ? ", " : "");
	if (lost.size) {
		run->excluded = *out_excluded = true;
		run->excluded_reason = tr_sprintf("its %s cannot be known: line %ld: %s",
		                                  tr_buf_cstr(&lost), s->damage_line,
		                                  s->damage);
		rc = run->excluded_reason
		         ? tr_diags_add(&st->diags, TR_SEV_WARNING, "run-excluded",
		                        run->path, s->damage_line, "%s; its %s cannot "
		                        "be known; run left out", s->damage,
		                        tr_buf_cstr(&lost))
		         : TR_ENOMEM;
	} else {
		rc = tr_diags_add(&st->diags, TR_SEV_WARNING, "summary-damaged",
		                  run->path, s->damage_line, "%s; skipped%s, the rest "
		                  "of the summary is used", s->damage,
		                  s->damaged_lines > 1 ? " (and more lines)" : "");
	}
	tr_buf_free(&lost);
	return rc;
}

static int S_exclude_unusable(tr_study *st)
{
	for (size_t i = 0; i < st->nruns; i++) {
		tr_run *run = &st->runs[i];
		const tr_summary *s = &run->summary;
		const char *why = NULL;
		long line = 0;
		bool gone;
		if (run->excluded)
			continue;
		if (s->aborted) {
			why = "pgbench reported the run as aborted";
			line = s->aborted_line;
		} else if (!s->complete) {
			why = "its summary stops before the tps line (the file is cut short)";
			line = s->line;
		} else if (s->transactions == 0 || !(s->tps > 0)) {
			why = "it processed no transaction";
			line = s->line;
		} else if (S_damaged(st, run, &gone) < 0) {
			return TR_ENOMEM;
		} else if (gone) {
			continue;
		} else if (!isfinite(s->tps) ||
		           (!isfinite(s->latency_avg_ms) &&
		            !(isnan(s->latency_avg_ms) &&
		              (s->major_max == 9 || (s->damage &&
		               strstr(s->damage, "\"latency average")))))) {
			/* 9.2-9.3 print no latency: unknown, not broken */
			why = "its tps or latency average is not a finite number";
			line = s->line;
		}
		if (!why)
			continue;
		run->excluded = true;
		run->excluded_reason = tr_strdup(why);
		if (!run->excluded_reason ||
		    tr_diags_add(&st->diags, TR_SEV_WARNING, "run-excluded", run->path,
		                 line, "%s; run left out", why) < 0)
			return TR_ENOMEM;
	}
	return 0;
}

/* The runs are counted: is there room for what the command will do with
 * them? Beyond the runs, the readers' buffers and counters (a few MiB per
 * thread). */
static int S_room_check(const tr_study *st, const tr_load_options *options)
{
	const char *what;
	uint64_t per_run = options && options->bytes_per_run
	                   ? options->bytes_per_run : TR_LOAD_BYTES_PER_RUN;
	uint64_t need = (uint64_t)st->nruns * per_run + ((uint64_t)16 << 20);
	uint64_t room = tr_mem_room(&what);
	if (!what || need <= room)
		return 0;
	return tr_error_set("%s: %zu runs need about %llu MB of memory for this "
	                    "command, more than the %llu MB left under %s; free "
	                    "memory, raise the limit or split the study (a folder "
	                    "per scenario or group of providers)", st->root,
	                    st->nruns, (unsigned long long)(need >> 20),
	                    (unsigned long long)(room >> 20), what);
}

int tr_study_load(tr_study **out, const char *root,
                  const tr_load_options *options)
{
	tr_study *st;
	tr_buf digest_list = TR_BUF_INIT;
	size_t usable = 0;
	int rc;

	*out = NULL;
	if (!S_is_dir(root))
		return tr_error_set("%s: not a study folder (%s)", root,
		                    errno ? strerror(errno) : "not a directory");
	st = tr_calloc(1, sizeof(*st));
	if (!st)
		return TR_ENOMEM;
	st->root = tr_strdup(root);
	if (!st->root) {
		rc = TR_ENOMEM;
		goto fail;
	}
	if ((rc = S_load_config(st, &digest_list)) < 0 ||
	    (rc = S_scan(st, &digest_list)) < 0 ||
	    (rc = S_drop_unused(st)) < 0)
		goto fail;
	if (st->nruns > 1)
		qsort(st->runs, st->nruns, sizeof(tr_run), S_cmp_run);
	if (st->ninits > 1)
		qsort(st->inits, st->ninits, sizeof(tr_init), S_cmp_init);
	if ((rc = S_room_check(st, options)) < 0 ||
	    (rc = S_exclude_unusable(st)) < 0 ||
	    (rc = tr_load_logs(st, options, &digest_list)) < 0)
		goto fail;
	for (size_t i = 0; i < st->nruns; i++)
		usable += !st->runs[i].excluded;
	if (usable == 0) {
		rc = tr_error_set("%s: no usable pgbench run in results/ (%zu run "
		                  "file(s) found, all left out)", root, st->nruns);
		if (st->nruns == 0)
			rc = tr_error_set("%s: no pgbench run found in results/ (a run is "
			                  "a file holding pgbench's summary, e.g. "
			                  "results/aws/bench100/run1.txt)", root);
		goto fail;
	}
	if ((rc = tr_run_digests(st, &digest_list)) < 0 ||
	    (rc = S_digest_finish(st->digest, &digest_list)) < 0)
		goto fail;
	tr_diags_sort(&st->diags);
	tr_buf_free(&digest_list);
	*out = st;
	return 0;
fail:
	tr_buf_free(&digest_list);
	/* Warnings found so far are lost with the study: the caller prints
	 * only the error that stopped the job. */
	tr_study_free(st);
	return rc;
}
