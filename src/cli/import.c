/* import.c: `tpsreport import postgresbench DIR|FILE... -o STUDY`: lay out
 * a study from PostgresBench result files (docs/study.md, "PostgresBench").
 *
 * Each result file is copied unchanged to
 * STUDY/results/<system>/<machine>-<size>/<its name>, where the ids are
 * made from its "system" and from "machine" and the dataset size
 * (PostgresBench's rule: scale x 16 MB, to the nearest 100 GB), and a
 * tpsreport.ini gives them their labels and facts. Nothing is
 * overwritten: a copy already there with the same bytes is left as it is,
 * one that differs is an error, and an existing tpsreport.ini is kept. */

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

static const char S_help[] =
	"Usage: tpsreport import postgresbench DIR|FILE... -o STUDY\n"
	"Lay out a study from PostgresBench result files (a checkout of\n"
	"github.com/ClickHouse/PostgresBench, or */results/*.json files): each\n"
	"file goes to STUDY/results/<system>/<machine>-<size>/, and a\n"
	"tpsreport.ini names the providers and scenarios and lists the facts of\n"
	"each file (instance, storage, PostgreSQL version, tuned, cluster size).\n"
	"Then `tpsreport build STUDY -o OUT`; add your own runs beside them.\n"
	"Existing files are never overwritten; an existing tpsreport.ini is kept.\n"
	"\n"
	"  -o, --output STUDY  the study folder to write (created if needed)\n"
	"  -h, --help          this help\n";

typedef struct {
	char *src;          /* as found */
	char *provider;     /* ids */
	char *scenario;
	char *scenario_label;
	tr_pgb_result r;
	tr_buf bytes;
} S_item;

typedef struct {
	S_item *items;
	size_t n, cap;
} S_items;

/* An id from free text: lower-case letters and digits, '-' between words. */
static char *S_slug(const char *text)
{
	tr_buf b = TR_BUF_INIT;
	bool dash = false;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')) {
			if (dash && b.size)
				tr_buf_putc(&b, '-');
			tr_buf_putc(&b, (char)*p);
			dash = false;
		} else if (*p >= 'A' && *p <= 'Z') {
			if (dash && b.size)
				tr_buf_putc(&b, '-');
			tr_buf_putc(&b, (char)(*p - 'A' + 'a'));
			dash = false;
		} else {
			dash = true;
		}
	}
	if (b.size == 0)
		tr_buf_puts(&b, "x");
	return tr_buf_detach(&b);
}

/* "~100 GB": PostgresBench's own size of a scale (index.html). */
static double S_dataset_gb(int64_t scale)
{
	return round((double)scale * 0.016 / 100.0) * 100.0;
}

static int S_name_item(S_item *it)
{
	const tr_pgb_result *r = &it->r;
	double gb = S_dataset_gb(r->scale);
	char size[64];
	char *machine = S_slug(r->machine ? r->machine : "machine");
	if (gb > 0)
		snprintf(size, sizeof(size), "%.0fgb", gb);
	else
		snprintf(size, sizeof(size), "scale%lld", (long long)r->scale);
	it->provider = S_slug(r->system);
	it->scenario = machine ? tr_sprintf("%s-%s", machine, size) : NULL;
	if (gb > 0)
		it->scenario_label = tr_sprintf("%s, ~%.0f GB (scale %lld)",
		                                r->machine ? r->machine : "?", gb,
		                                (long long)r->scale);
	else
		it->scenario_label = tr_sprintf("%s, scale %lld",
		                                r->machine ? r->machine : "?",
		                                (long long)r->scale);
	free(machine);
	return it->provider && it->scenario && it->scenario_label ? 0 : TR_ENOMEM;
}

/* Read one file; 1 when it is a PostgresBench result (added), 0 when not. */
static int S_add_file(S_items *items, const char *path, bool named)
{
	S_item it;
	int rc;
	memset(&it, 0, sizeof(it));
	if (tr_file_read(&it.bytes, path) < 0)
		return TR_ERROR;
	rc = tr_pgb_parse(&it.r, it.bytes.ptr, it.bytes.size, path);
	if (rc == TR_ENOTFOUND && named)
		rc = tr_error_set("%s: not a PostgresBench result file", path);
	if (rc == 0 && ((rc = S_name_item(&it)) == 0) &&
	    !(it.src = tr_strdup(path)))
		rc = TR_ENOMEM;
	if (rc == 0 && (rc = tr_grow(&items->items, &items->cap, items->n + 1,
	                             sizeof(S_item))) == 0) {
		items->items[items->n++] = it;
		return 1;
	}
	tr_pgb_result_free(&it.r);
	tr_buf_free(&it.bytes);
	free(it.provider);
	free(it.scenario);
	free(it.scenario_label);
	free(it.src);
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

/* Copy an item's bytes to its place; the same bytes there already: 0. */
static int S_place(const char *study, const S_item *it, char **out)
{
	const char *base = strrchr(it->src, '/') ? strrchr(it->src, '/') + 1 : it->src;
	char *dir = tr_sprintf("%s/results/%s/%s", study, it->provider, it->scenario);
	char *dst = dir ? tr_sprintf("%s/%s", dir, base) : NULL;
	tr_buf have = TR_BUF_INIT;
	int rc = dst ? tr_path_mkdirs(dir) : TR_ENOMEM;
	*out = NULL;
	if (rc == 0 && tr_file_read(&have, dst) == 0) {
		if (have.size != it->bytes.size ||
		    memcmp(have.ptr, it->bytes.ptr, have.size) != 0)
			rc = tr_error_set("%s: exists and differs from %s; not "
			                  "overwritten", dst, it->src);
	} else if (rc == 0) {
		tr_error_clear();
		rc = tr_file_write_atomic(dst, it->bytes.ptr, it->bytes.size);
	}
	tr_buf_free(&have);
	free(dir);
	if (rc == 0)
		*out = dst;
	else
		free(dst);
	return rc;
}

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

/* "name: value; ..." of every fact of the provider's files, each value
 * once. */
static void S_provider_notes(tr_buf *b, const S_items *items, const char *provider)
{
	tr_buf seen = TR_BUF_INIT;
	tr_buf_putc(&seen, '\n');
	for (size_t i = 0; i < items->n; i++) {
		const S_item *it = &items->items[i];
		if (strcmp(it->provider, provider) != 0)
			continue;
		for (size_t k = 0; k < it->r.nfacts; k++) {
			const tr_fact *f = &it->r.facts[k];
			char *key = tr_sprintf("\n%s=%s\n", f->name, f->value);
			if (!key || strstr(tr_buf_cstr(&seen), key)) {
				free(key);
				continue;
			}
			tr_buf_puts(&seen, key + 1);
			free(key);
			if (b->size)
				tr_buf_puts(b, ", ");
			tr_buf_printf(b, "%s: ", f->name);
			S_ini_value(b, f->value);
		}
	}
	tr_buf_free(&seen);
}

static int S_write_ini(const char *study, const S_items *items)
{
	char *path = tr_sprintf("%s/tpsreport.ini", study);
	tr_buf ini = TR_BUF_INIT, title = TR_BUF_INIT;
	struct stat sb;
	int rc;
	if (!path)
		return TR_ENOMEM;
	if (stat(path, &sb) == 0) {
		fprintf(stderr, "tpsreport: %s exists; kept as it is (add the providers "
		        "and scenarios it lacks by hand)\n", path);
		free(path);
		return 0;
	}
	for (size_t i = 0; i < items->n; i++) {
		bool first = true;
		for (size_t k = 0; k < i && first; k++)
			first = strcmp(items->items[k].provider, items->items[i].provider) != 0;
		if (first)
			tr_buf_printf(&title, "%s%s", title.size ? " vs " : "",
			              items->items[i].r.system);
	}
	tr_buf_printf(&ini, "; written by tpsreport import postgresbench from %zu "
	              "result file%s\n[study]\ntitle = PostgresBench: ", items->n,
	              items->n == 1 ? "" : "s");
	S_ini_value(&ini, tr_buf_cstr(&title));
	tr_buf_puts(&ini, "\nsubtitle = pgbench TPC-B (built-in), PostgresBench's "
	            "published results\n");
	for (size_t i = 0; i < items->n; i++) {
		const S_item *it = &items->items[i];
		bool first = true;
		tr_buf notes = TR_BUF_INIT;
		for (size_t k = 0; k < i && first; k++)
			first = strcmp(items->items[k].provider, it->provider) != 0;
		if (!first)
			continue;
		tr_buf_printf(&ini, "\n[provider %s]\nlabel = ", it->provider);
		S_ini_value(&ini, it->r.system);
		S_provider_notes(&notes, items, it->provider);
		if (notes.size) {
			tr_buf_puts(&ini, "\nnotes = ");
			tr_buf_put(&ini, notes.ptr, notes.size);
		}
		tr_buf_puts(&ini, "\n");
		tr_buf_free(&notes);
	}
	for (size_t i = 0; i < items->n; i++) {
		const S_item *it = &items->items[i];
		bool first = true;
		for (size_t k = 0; k < i && first; k++)
			first = strcmp(items->items[k].scenario, it->scenario) != 0;
		if (!first)
			continue;
		tr_buf_printf(&ini, "\n[scenario %s]\nlabel = ", it->scenario);
		S_ini_value(&ini, it->scenario_label);
		tr_buf_puts(&ini, "\n");
	}
	rc = ini.ptr ? tr_file_write_atomic(path, ini.ptr, ini.size) : TR_ENOMEM;
	tr_buf_free(&ini);
	tr_buf_free(&title);
	free(path);
	return rc;
}

static void S_items_free(S_items *items)
{
	for (size_t i = 0; i < items->n; i++) {
		S_item *it = &items->items[i];
		tr_pgb_result_free(&it->r);
		tr_buf_free(&it->bytes);
		free(it->src);
		free(it->provider);
		free(it->scenario);
		free(it->scenario_label);
	}
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

int tr_cmd_import(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *study = NULL;
	S_items items = { 0 };
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
	if (S_collect(&items, argc - optind, argv + optind) < 0 ||
	    tr_path_mkdirs(study) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	for (size_t i = 0; i < items.n; i++) {
		char *dst;
		if (S_place(study, &items.items[i], &dst) < 0) {
			tr_cli_error_last();
			goto cleanup;
		}
		printf("%s -> %s\n", items.items[i].src, dst);
		free(dst);
	}
	if (S_write_ini(study, &items) < 0) {
		tr_cli_error_last();
		goto cleanup;
	}
	printf("%zu PostgresBench result file%s in %s; next: tpsreport build %s -o OUT\n",
	       items.n, items.n == 1 ? "" : "s", study, study);
	status = TR_EXIT_OK;
cleanup:
	S_items_free(&items);
	return status;
}
