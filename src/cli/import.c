/* import.c: `tpsreport import postgresbench DIR|FILE... -o STUDY`: lay out
 * a study from PostgresBench result files (docs/study.md, "PostgresBench").
 *
 * Each result file is copied unchanged to
 * STUDY/results/<provider>/<size>/<its name>: the provider is the file's
 * "system", with its HA variant when the files hold several ("PlanetScale
 * Metal (HA, 2 sync standbys)") and whatever else tells two setups of one
 * system apart on the same machine and size (region, storage, tuning,
 * cluster size, instance type, PostgreSQL version); the scenario is the
 * dataset size (PostgresBench's rule: scale x 16 MB, to the nearest
 * 100 GB); the machine is read from the file by ingest. A tpsreport.ini
 * gives the labels and each provider's facts as fact.NAME lines.
 *
 * Nothing is overwritten: every place is checked before anything is
 * written; a copy there with the same bytes is left as it is; anything
 * else there (other bytes, a file that cannot be read, not a regular
 * file) stops the import before it writes; an existing tpsreport.ini is
 * kept. A result file that cannot be read gets one line naming it and its
 * member and is left out; the rest are imported (exit 1). */

#include "cli.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/str.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char S_help[] =
	"Usage: tpsreport import postgresbench DIR|FILE... -o STUDY\n"
	"Lay out a study from PostgresBench result files (a checkout of\n"
	"github.com/ClickHouse/PostgresBench, or */results/*.json files): each\n"
	"file goes to STUDY/results/<provider>/<size>/, the provider being the\n"
	"system (with its HA variant when the files hold several), the scenario\n"
	"the dataset size; the machine (vCPUs / RAM) is a dimension of its own\n"
	"(`machine` in pivots). tpsreport.ini names them and lists each\n"
	"provider's facts (instance, storage, HA, region, PostgreSQL, tuned).\n"
	"Then `tpsreport build STUDY -o OUT`; add your own runs beside them.\n"
	"Nothing in STUDY is ever overwritten: a different file where one would\n"
	"go stops the import before it writes anything (exit 2); an existing\n"
	"tpsreport.ini is kept. A result file that cannot be read is named with\n"
	"its member and left out, the others imported (exit 1).\n"
	"\n"
	"  -o, --output STUDY  the study folder to write (created if needed)\n"
	"  -h, --help          this help\n";

/* What tells two setups of one system apart, in the order they are
 * added to a provider's name when needed (HA first). */
enum { S_HA, S_REGION, S_STORAGE, S_TUNED, S_CLUSTER, S_INSTANCE, S_VERSION, S_NDIMS };

typedef struct {
	char *src;          /* as found */
	tr_pgb_result r;
	tr_buf bytes;
	char *dim[S_NDIMS]; /* each "" when the file does not say */
	char *machine;      /* "16 vCPU / 128 GB" */
	char *provider, *provider_label;
	char *scenario, *scenario_label;
	char *key;          /* work space of the naming passes */
	bool skip;          /* a second file of a setup: not imported */
	bool keep;          /* the same bytes are at its place already */
	char *dst;
} S_item;

typedef struct {
	S_item *items;
	size_t n, cap;
	size_t bad;         /* result files left out */
} S_items;

/* "~100 GB": PostgresBench's own size of a scale (index.html). */
static double S_dataset_gb(int64_t scale)
{
	return round((double)scale * 0.016 / 100.0) * 100.0;
}

static char *S_or_empty(const char *s)
{
	return tr_strdup(s ? s : "");
}

static int S_dims_of(S_item *it)
{
	const tr_pgb_result *r = &it->r;
	it->dim[S_HA] = tr_pgb_ha_text(r);
	it->dim[S_REGION] = r->cloud && r->region ? tr_sprintf("%s %s", r->cloud, r->region)
	                                          : S_or_empty(r->region);
	it->dim[S_STORAGE] = S_or_empty(r->storage);
	it->dim[S_TUNED] = r->tuned ? tr_sprintf("tuned: %s", r->tuned) : S_or_empty(NULL);
	it->dim[S_CLUSTER] = r->cluster_size ? tr_sprintf("cluster size %s", r->cluster_size)
	                                     : S_or_empty(NULL);
	it->dim[S_INSTANCE] = S_or_empty(r->instance_type);
	it->dim[S_VERSION] = r->postgres_version
	                         ? tr_sprintf("PostgreSQL %s", r->postgres_version)
	                         : S_or_empty(NULL);
	it->machine = tr_pgb_machine(r);
	for (int d = 0; d < S_NDIMS; d++)
		if (!it->dim[d])
			return TR_ENOMEM;
	return it->machine ? 0 : TR_ENOMEM;
}

static void S_item_free(S_item *it)
{
	tr_pgb_result_free(&it->r);
	tr_buf_free(&it->bytes);
	for (int d = 0; d < S_NDIMS; d++)
		free(it->dim[d]);
	free(it->src);
	free(it->machine);
	free(it->provider);
	free(it->provider_label);
	free(it->scenario);
	free(it->scenario_label);
	free(it->key);
	free(it->dst);
}

/* Read one file: 1 when it is a PostgresBench result (added), 0 when not
 * or when it is one that cannot be read (named on stderr, counted). */
static int S_add_file(S_items *items, const char *path, bool named)
{
	S_item it;
	int rc;
	memset(&it, 0, sizeof(it));
	if (tr_file_read(&it.bytes, path) < 0)
		rc = TR_EINVALID;
	else
		rc = tr_pgb_parse(&it.r, it.bytes.ptr, it.bytes.size, path);
	if (rc == TR_EINVALID) {
		tr_cli_warning("%s; file not imported", tr_error_last());
		items->bad++;
		rc = TR_ENOTFOUND;
	} else if (rc == TR_ENOTFOUND && named) {
		rc = tr_error_set("%s: not a PostgresBench result file", path);
	}
	if (rc == 0 && (rc = S_dims_of(&it)) == 0 && !(it.src = tr_strdup(path)))
		rc = TR_ENOMEM;
	if (rc == 0 && (rc = tr_grow(&items->items, &items->cap, items->n + 1,
	                             sizeof(S_item))) == 0) {
		items->items[items->n++] = it;
		return 1;
	}
	S_item_free(&it);
	return rc == TR_ENOTFOUND ? 0 : rc;
}

static int S_cmp_name(const void *a, const void *b)
{
	return tr_natcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every *.json below dir (hidden folders and symbolic links skipped),
 * in natural order, at most depth levels down. */
static int S_walk(S_items *items, const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	if (!d)
		return tr_error_set_errno(dir);
	while ((e = readdir(d)) != NULL && rc == 0) {
		char *name;
		if (e->d_name[0] == '.')
			continue;
		if ((rc = tr_grow(&names, &cap, n + 1, sizeof(char *))) == 0 &&
		    !(name = tr_strdup(e->d_name)))
			rc = TR_ENOMEM;
		if (rc == 0)
			names[n++] = name;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(char *), S_cmp_name);
	for (size_t i = 0; i < n && rc >= 0; i++) {
		char *p = tr_path_join(dir, names[i]);
		struct stat sb;
		if (!p)
			rc = TR_ENOMEM;
		else if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode) && depth > 0)
			rc = S_walk(items, p, depth - 1);
		else if (lstat(p, &sb) == 0 && S_ISREG(sb.st_mode) &&
		         tr_str_ends_with(names[i], ".json"))
			rc = S_add_file(items, p, false);
		free(p);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc < 0 ? rc : 0;
}

/* ---- naming ------------------------------------------------------------ */

typedef struct {
	S_item *it;
	char *full;         /* system, machine, scale and every dimension */
	size_t order;       /* as found */
	unsigned *mask;     /* the dimensions in its system's provider name */
} S_ref;

static int S_cmp_ref(const void *a, const void *b)
{
	const S_ref *x = a, *y = b;
	int c = strcmp(x->it->key, y->it->key);
	if (c == 0)
		c = strcmp(x->full, y->full);
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* system, machine and scale, then the dimensions in mask, \x1f apart. */
static char *S_key(const S_item *it, unsigned mask)
{
	tr_buf b = TR_BUF_INIT;
	tr_buf_printf(&b, "%s\x1f%s\x1f%lld", it->r.system, it->machine,
	              (long long)it->r.scale);
	for (int d = 0; d < S_NDIMS; d++)
		if (mask & (1u << d))
			tr_buf_printf(&b, "\x1f%s", it->dim[d]);
	return tr_buf_detach(&b);
}

/* One pass: sort by key; where two setups share one (same system,
 * machine, size and chosen dimensions) but differ, add to their system's
 * mask the first dimension they differ in. 1 when a mask grew. */
static int S_split_pass(S_ref *refs, size_t n)
{
	int grew = 0;
	for (size_t i = 0; i < n; i++) {
		free(refs[i].it->key);
		if (!(refs[i].it->key = S_key(refs[i].it, *refs[i].mask)))
			return TR_ENOMEM;
	}
	qsort(refs, n, sizeof(S_ref), S_cmp_ref);
	for (size_t i = 1; i < n; i++) {
		const S_item *a = refs[i - 1].it, *b = refs[i].it;
		if (strcmp(a->key, b->key) != 0 || strcmp(refs[i - 1].full, refs[i].full) == 0)
			continue;
		for (int d = 0; d < S_NDIMS; d++)
			if (!(*refs[i].mask & (1u << d)) && strcmp(a->dim[d], b->dim[d]) != 0) {
				*refs[i].mask |= 1u << d;
				grew = 1;
				break;
			}
	}
	return grew;
}

/* A second file of one setup: the same bytes are the same file found
 * twice (left out quietly); other runs are named and left out. refs are
 * sorted (S_split_pass), so the files of one setup are side by side, the
 * first found first. */
static void S_second_files(S_ref *refs, size_t n, S_items *items)
{
	const S_item *kept = NULL;
	for (size_t i = 0; i < n; i++) {
		S_item *b = refs[i].it;
		if (i == 0 || strcmp(refs[i - 1].full, refs[i].full) != 0) {
			kept = b;
			continue;
		}
		b->skip = true;
		if (kept->bytes.size == b->bytes.size &&
		    memcmp(kept->bytes.ptr, b->bytes.ptr, b->bytes.size) == 0)
			continue;
		tr_cli_warning("%s: the same setup as %s (%s, %s, scale %lld, %s) with other "
		               "runs; file not imported", b->src, kept->src, b->r.system,
		               b->machine, (long long)b->r.scale, b->dim[S_HA]);
		items->bad++;
	}
}

/* The part of a provider id for dimension d: PostgresBench's own short
 * form for HA ("ha-2s-sync", "no-ha"), else the value's first words;
 * short, so that ids stay well within what an ini section name holds. */
static int S_id_part(tr_buf *id, const S_item *it, int d)
{
	const tr_pgb_result *r = &it->r;
	if ((d == S_HA && strcmp(it->dim[S_HA], "no HA") == 0) || !*it->dim[d])
		return tr_buf_puts(id, d == S_HA ? "no-ha" : "x");
	if (d == S_HA && r->ha_standbys >= 0)
		return tr_buf_printf(id, "ha-%llds-", (long long)r->ha_standbys) < 0
		           ? TR_ENOMEM : tr_slug(id, r->ha_mode, 8, "x");
	return tr_slug(id, it->dim[d], 16, "x");
}

/* The provider of each item: its system, then the dimensions of its
 * system's mask: "PlanetScale Metal (HA, 2 sync standbys)". */
static int S_name_provider(S_item *it, unsigned mask)
{
	tr_buf id = TR_BUF_INIT, label = TR_BUF_INIT;
	int rc = tr_slug(&id, it->r.system, 28, "x"), parts = 0;
	/* a long name ends at a whole word */
	if (rc == 0 && id.size >= 28 && strrchr(tr_buf_cstr(&id), '-')) {
		id.size = (size_t)(strrchr(id.ptr, '-') - id.ptr);
		id.ptr[id.size] = '\0';
	}
	tr_buf_puts(&label, it->r.system);
	for (int d = 0; d < S_NDIMS && rc == 0; d++) {
		if (!(mask & (1u << d)))
			continue;
		const char *v = *it->dim[d] ? it->dim[d] : "unstated";
		tr_buf_puts(&label, parts++ ? "; " : " (");
		tr_buf_puts(&label, v);
		if ((rc = tr_buf_putc(&id, '-')) == 0)
			rc = S_id_part(&id, it, d);
	}
	if (parts)
		tr_buf_putc(&label, ')');
	it->provider = tr_buf_detach(&id);
	it->provider_label = tr_buf_detach(&label);
	return rc < 0 ? rc : it->provider && it->provider_label ? 0 : TR_ENOMEM;
}

/* The scenario: the dataset size ("100gb", "~100 GB (scale 6849)"); the
 * scale is added to the id when another scale rounds to the same size. */
static int S_name_scenario(S_item *it, const S_items *items)
{
	double gb = S_dataset_gb(it->r.scale);
	bool shared = false;
	for (size_t i = 0; i < items->n && !shared; i++)
		shared = items->items[i].r.scale != it->r.scale &&
		         S_dataset_gb(items->items[i].r.scale) == gb;
	if (gb <= 0 || shared)
		it->scenario = gb > 0 ? tr_sprintf("%.0fgb-scale%lld", gb, (long long)it->r.scale)
		                      : tr_sprintf("scale%lld", (long long)it->r.scale);
	else
		it->scenario = tr_sprintf("%.0fgb", gb);
	it->scenario_label = gb > 0 ? tr_sprintf("~%.0f GB (scale %lld)", gb,
	                                         (long long)it->r.scale)
	                            : tr_sprintf("scale %lld", (long long)it->r.scale);
	return it->scenario && it->scenario_label ? 0 : TR_ENOMEM;
}

static int S_cmp_system(const void *a, const void *b)
{
	const S_ref *x = a, *y = b;
	int c = strcmp(x->it->r.system, y->it->r.system);
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* Name every item's provider and scenario, and mark second files of a
 * setup. Linear passes over the files sorted (n log n), at most one pass
 * per dimension. */
static int S_name_all(S_items *items)
{
	size_t n = items->n;
	S_ref *refs = tr_calloc(n, sizeof(S_ref));
	unsigned *masks = tr_calloc(n, sizeof(unsigned)), start = 0;
	int rc = refs && masks ? 0 : TR_ENOMEM;
	for (size_t i = 0; i < n && rc == 0; i++) {
		refs[i].it = &items->items[i];
		refs[i].order = i;
		if (!(refs[i].full = S_key(refs[i].it, (1u << S_NDIMS) - 1)))
			rc = TR_ENOMEM;
		if (i > 0 && strcmp(items->items[i].dim[S_HA], items->items[0].dim[S_HA]) != 0)
			start = 1u << S_HA;   /* several HA variants: every name says */
	}
	if (rc == 0 && n)
		qsort(refs, n, sizeof(S_ref), S_cmp_system);
	for (size_t i = 0, g = 0; i < n && rc == 0; i++) {
		if (i > 0 && strcmp(refs[i].it->r.system, refs[i - 1].it->r.system) != 0)
			g++;
		masks[g] = start;
		refs[i].mask = &masks[g];
	}
	for (int pass = 0; rc == 0 && pass <= S_NDIMS; pass++)
		if ((rc = S_split_pass(refs, n)) == 0)
			break;
	if (rc > 0)
		rc = 0;
	if (rc == 0)
		S_second_files(refs, n, items);
	for (size_t i = 0; i < n && rc == 0; i++)
		if ((rc = S_name_provider(refs[i].it, *refs[i].mask)) == 0)
			rc = S_name_scenario(refs[i].it, items);
	for (size_t i = 0; refs && i < n; i++)
		free(refs[i].full);
	free(refs);
	free(masks);
	return rc;
}

/* ---- placing ------------------------------------------------------------ */

/* Where an item goes, and whether it is there already: the same bytes
 * (keep), nothing (write), or anything else: an error, before anything
 * is written. A file there that cannot be read is never replaced. */
static int S_plan(const char *study, S_item *it)
{
	const char *base = strrchr(it->src, '/') ? strrchr(it->src, '/') + 1 : it->src;
	tr_buf have = TR_BUF_INIT;
	struct stat sb;
	int rc = 0;
	if (!(it->dst = tr_sprintf("%s/results/%s/%s/%s", study, it->provider,
	                           it->scenario, base)))
		return TR_ENOMEM;
	if (lstat(it->dst, &sb) < 0)
		return errno == ENOENT ? 0 : tr_error_set_errno(it->dst);
	if (!S_ISREG(sb.st_mode))
		return tr_error_set("%s: exists and is not a regular file; not overwritten "
		                    "(nothing imported)", it->dst);
	if (tr_file_read(&have, it->dst) < 0)
		rc = tr_error_set("%s: exists and cannot be read (%s); not overwritten "
		                  "(nothing imported)", it->dst, tr_error_last());
	else if (have.size != it->bytes.size || memcmp(have.ptr, it->bytes.ptr, have.size) != 0)
		rc = tr_error_set("%s: exists and differs from %s; not overwritten (nothing "
		                  "imported)", it->dst, it->src);
	else
		it->keep = true;
	tr_buf_free(&have);
	return rc;
}

/* Write dst without ever replacing what is there: a temporary named for
 * this process, then link(2), which fails when dst exists. */
static int S_write_new(const char *dst, const tr_buf *bytes)
{
	char *dir = tr_strdup(dst), *slash, *tmp;
	int rc;
	if (!dir)
		return TR_ENOMEM;
	if ((slash = strrchr(dir, '/')))
		*slash = '\0';
	tmp = tr_sprintf("%s.tpsreport-import.%ld", dst, (long)getpid());
	rc = tmp ? tr_path_mkdirs(dir) : TR_ENOMEM;
	if (rc == 0 && (rc = tr_file_write_atomic(tmp, bytes->ptr, bytes->size)) == 0) {
		if (link(tmp, dst) < 0)
			rc = errno == EEXIST ? tr_error_set("%s: appeared while importing; not "
			                                    "overwritten", dst)
			                     : tr_error_set_errno(dst);
		unlink(tmp);   /* ours: written just now */
	}
	free(tmp);
	free(dir);
	return rc;
}

/* ---- tpsreport.ini ------------------------------------------------------ */

/* An ini value: one line, and no " ;" that would start a comment. */
static void S_ini_value(tr_buf *b, const char *v)
{
	for (const char *p = v; *p; p++) {
		char c = (unsigned char)*p < ' ' ? ' ' : *p;
		if (c == ';' && b->size && (b->ptr[b->size - 1] == ' ' || b->ptr[b->size - 1] == '\t'))
			c = ',';
		tr_buf_putc(b, c);
	}
}

/* Whether v is one of the "; "-separated values in list. */
static bool S_listed(const char *list, const char *v)
{
	size_t n = strlen(v);
	for (const char *p = list; p && *p;) {
		const char *end = strstr(p, "; ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && strncmp(p, v, n) == 0)
			return true;
		p = end ? end + 2 : NULL;
	}
	return false;
}

/* fact.NAME = V1; V2 for the provider of items[first]: each fact of its
 * files, the distinct values in the order found (ingest reads the same
 * facts from each file and finds them there). */
static void S_provider_facts(tr_buf *ini, const S_items *items, size_t first)
{
	const char *prov = items->items[first].provider;
	const tr_pgb_result *r0 = &items->items[first].r;
	for (size_t k = 0; k < r0->nfacts; k++) {
		tr_buf v = TR_BUF_INIT;
		for (size_t i = first; i < items->n; i++) {
			const S_item *it = &items->items[i];
			if (it->skip || strcmp(it->provider, prov) != 0)
				continue;
			for (size_t f = 0; f < it->r.nfacts; f++)
				if (strcmp(it->r.facts[f].name, r0->facts[k].name) == 0 &&
				    !S_listed(tr_buf_cstr(&v), it->r.facts[f].value))
					tr_buf_printf(&v, "%s%s", v.size ? "; " : "", it->r.facts[f].value);
		}
		tr_buf_printf(ini, "fact.%s = ", r0->facts[k].name);
		S_ini_value(ini, tr_buf_cstr(&v));
		tr_buf_putc(ini, '\n');
		tr_buf_free(&v);
	}
}

/* Whether items[i] is the first kept item with its provider (or, with
 * scenario, its scenario). */
static bool S_first(const S_items *items, size_t i, bool scenario)
{
	const S_item *it = &items->items[i];
	if (it->skip)
		return false;
	for (size_t k = 0; k < i; k++) {
		const S_item *o = &items->items[k];
		if (!o->skip && strcmp(scenario ? o->scenario : o->provider,
		                       scenario ? it->scenario : it->provider) == 0)
			return false;
	}
	return true;
}

static int S_write_ini(const char *study, const S_items *items)
{
	char *path = tr_sprintf("%s/tpsreport.ini", study);
	tr_buf ini = TR_BUF_INIT, title = TR_BUF_INIT;
	struct stat sb;
	int rc;
	if (!path)
		return TR_ENOMEM;
	if (lstat(path, &sb) == 0) {
		tr_cli_warning("%s exists; kept as it is (add the providers and scenarios "
		               "it lacks by hand)", path);
		free(path);
		return 0;
	}
	for (size_t i = 0; i < items->n; i++)
		if (S_first(items, i, false))
			tr_buf_printf(&title, "%s%s", title.size ? " vs " : "",
			              items->items[i].provider_label);
	tr_buf_printf(&ini, "; written by tpsreport import postgresbench\n[study]\n"
	              "title = PostgresBench: ");
	S_ini_value(&ini, tr_buf_cstr(&title));
	tr_buf_puts(&ini, "\nsubtitle = pgbench TPC-B (built-in), PostgresBench's "
	            "published results\n");
	for (size_t i = 0; i < items->n; i++) {
		if (!S_first(items, i, false))
			continue;
		tr_buf_printf(&ini, "\n[provider %s]\nlabel = ", items->items[i].provider);
		S_ini_value(&ini, items->items[i].provider_label);
		tr_buf_putc(&ini, '\n');
		S_provider_facts(&ini, items, i);
	}
	for (size_t i = 0; i < items->n; i++) {
		if (!S_first(items, i, true))
			continue;
		tr_buf_printf(&ini, "\n[scenario %s]\nlabel = ", items->items[i].scenario);
		S_ini_value(&ini, items->items[i].scenario_label);
		tr_buf_putc(&ini, '\n');
	}
	rc = ini.ptr ? tr_file_write_atomic(path, ini.ptr, ini.size) : TR_ENOMEM;
	tr_buf_free(&ini);
	tr_buf_free(&title);
	free(path);
	return rc;
}

/* ---- the command --------------------------------------------------------- */

static void S_items_free(S_items *items)
{
	for (size_t i = 0; i < items->n; i++)
		S_item_free(&items->items[i]);
	free(items->items);
}

static int S_collect(S_items *items, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		struct stat sb;
		int rc;
		if (stat(argv[i], &sb) < 0)
			return tr_error_set_errno(argv[i]);
		rc = S_ISDIR(sb.st_mode) ? S_walk(items, argv[i], 4)
		                         : S_add_file(items, argv[i], true);
		if (rc < 0)
			return rc;
	}
	if (items->n == 0)
		return tr_error_set("no PostgresBench result file found (a JSON file "
		                    "with \"benchmark\": {\"tool\": \"pgbench\"} and "
		                    "\"results\")");
	return 0;
}

/* Check every place, then write: a conflict anywhere writes nothing. */
static int S_place_all(const char *study, S_items *items)
{
	int rc = 0;
	for (size_t i = 0; i < items->n && rc == 0; i++)
		if (!items->items[i].skip)
			rc = S_plan(study, &items->items[i]);
	for (size_t i = 0; i < items->n && rc == 0; i++) {
		S_item *it = &items->items[i];
		if (it->skip || it->keep || (rc = S_write_new(it->dst, &it->bytes)) == 0)
			if (!it->skip)
				printf("%s -> %s%s\n", it->src, it->dst, it->keep ? " (there already)" : "");
	}
	return rc;
}

int tr_cmd_import(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *study = NULL;
	S_items items = { 0 };
	size_t kept = 0;
	int c, status = TR_EXIT_FAILURE;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		if (c == 'o')
			study = optarg;
		else if (c == 'h')
			return fputs(S_help, stdout), TR_EXIT_OK;
		else
			return tr_cli_getopt_error("import", c, argv, optind);
	}
	if (optind >= argc || strcmp(argv[optind], "postgresbench") != 0)
		return tr_cli_usage_error("import", "expected 'postgresbench' (the "
		                          "only format import reads)");
	optind++;
	if (!study)
		return tr_cli_usage_error("import", "-o STUDY is required");
	if (optind >= argc)
		return tr_cli_usage_error("import", "no DIR or FILE given");
	if (S_collect(&items, argc - optind, argv + optind) < 0 || S_name_all(&items) < 0 ||
	    tr_path_mkdirs(study) < 0 || S_place_all(study, &items) < 0 ||
	    S_write_ini(study, &items) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	for (size_t i = 0; i < items.n; i++)
		kept += !items.items[i].skip;
	printf("%zu PostgresBench result file%s in %s%s; next: tpsreport build %s -o OUT\n",
	       kept, kept == 1 ? "" : "s", study,
	       items.bad ? " (some left out, named above)" : "", study);
	status = items.bad ? TR_EXIT_FINDINGS : TR_EXIT_OK;
cleanup:
	S_items_free(&items);
	return status;
}
