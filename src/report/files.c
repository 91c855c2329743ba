/* files.c: the file set of OUT, decided here and nowhere else: what is
 * read before the long work (OUT checked, the writeup, the assets), and
 * every file written, in one atomic step through site/. */

#include "report_internal.h"
#include "export/export.h"
#include "site/site.h"
#include "stats/stats.h"
#include "util/alloc.h"
#include "util/base.h"
#include "util/error.h"
#include "util/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct tr_report {
	tr_report_options o;
	tr_site *site;
	tr_buf source;         /* the writeup */
	char *source_path;
	tr_buf css, js;        /* assets/style.css, assets/sort.js */
	tr_diags warnings;
	size_t ncharts;        /* written by tr_report_write */
	char md_name[160];     /* report.md, index.md, _posts/DATE-SLUG.md */
	char dir[96];          /* where charts/ and data/ go: "", assets/SLUG/ */
	char slug[64];         /* Jekyll's post name, from the title */
};

const char tr_report_layout_help[] =
	"  OUT/index.html        the writeup as a web page (assets/ and charts/ beside it)\n"
	"  OUT/report.html       the same as one self-contained file (no script, no links out)\n"
	"  OUT/report.md         GitHub-flavoured Markdown, images from charts/\n"
	"  OUT/charts/*.svg      every chart (*.narrow.svg: as drawn for a phone;\n"
	"                        *.png too with --png)\n"
	"  OUT/data/results.json the results document (as `tpsreport summary --json`)\n"
	"  OUT/data/results.csv  one row per provider, scenario and workload\n"
	"  OUT/data/runs.csv     one row per run\n"
	"  OUT/data/windows.csv  with --windows: one row per window of each run (and\n"
	"                        results.json gains each run's windows.series)\n"
	"  --layout hugo:   OUT/index.md (a page bundle), charts/, data/\n"
	"  --layout jekyll: OUT/_posts/DATE-SLUG.md, OUT/assets/SLUG/{charts,data}/\n";

static int S_read_data(tr_buf *out, const char *templates, const char *relpath)
{
	char *path = NULL;
	int rc = tr_writeup_datafile(&path, templates, relpath);
	if (rc == 0)
		rc = tr_file_read(out, path);
	free(path);
	return rc;
}

/* *inside false, and a warning in the report's diags, when
 * STUDY/writeup.md is a link leading out of the study: it could publish
 * /proc/self/environ or a secret. 0 or an error. */
static int S_writeup_inside(tr_report *rep, const char *own, const char *study, bool *inside)
{
	char *real = NULL;
	int rc = tr_path_inside(own, study, &real);
	*inside = true;
	if (rc != 0) {
		tr_error_clear();
		return 0; /* unresolvable: the read names the problem */
	}
	*inside = false;
	rc = tr_diags_add(&rep->warnings, TR_SEV_WARNING, "writeup-outside", own, 0,
	                  "a symbolic link to %s, outside the study; not read "
	                  "(the default writeup is used)", real);
	free(real);
	return rc;
}

/* The author's STUDY/writeup.md, else the default writeup. */
static int S_read_writeup(tr_report *rep, const char *study)
{
	struct stat st;
	char *own = tr_path_join(study, "writeup.md");
	bool inside = false;
	int rc;
	if (!own)
		return TR_ENOMEM;
	if (stat(own, &st) == 0 && (rc = S_writeup_inside(rep, own, study, &inside)) < 0) {
		free(own);
		return rc;
	}
	if (inside) {
		rep->source_path = own;
		return tr_file_read(&rep->source, own);
	}
	free(own);
	if ((rc = tr_writeup_datafile(&rep->source_path, rep->o.templates,
	                              "templates/writeup.md")) < 0)
		return rc;
	return tr_file_read(&rep->source, rep->source_path);
}

int tr_report_open(tr_report **out, const char *dir, const char *study_root,
                   const tr_report_options *options)
{
	tr_site_options so = { options->force, study_root };
	tr_report *rep = tr_calloc(1, sizeof(*rep));
	int rc;

	*out = NULL;
	if (!rep)
		return TR_ENOMEM;
	rep->o = *options;
	if ((rc = tr_site_open(&rep->site, dir, &so)) < 0 ||
	    (rc = S_read_writeup(rep, study_root)) < 0 ||
	    (rc = S_read_data(&rep->css, rep->o.templates, "assets/style.css")) < 0 ||
	    (rc = S_read_data(&rep->js, rep->o.templates, "assets/sort.js")) < 0) {
		tr_report_free(rep);
		return rc;
	}
	*out = rep;
	return 0;
}

const tr_diags *tr_report_warnings(const tr_report *rep)
{
	return &rep->warnings;
}

static int S_write_buf(tr_site *site, const char *name, const tr_buf *b)
{
	return tr_site_write(site, name, b->ptr, b->size);
}

static int S_write_charts(tr_site *site, const char *dir, const tr_writeup_charts *charts)
{
	char name[256];
	int rc;
	for (size_t i = 0; i < charts->count; i++) {
		const tr_writeup_chart *c = &charts->items[i];
		snprintf(name, sizeof(name), "%scharts/%s.svg", dir, c->name);
		if ((rc = S_write_buf(site, name, &c->svg)) < 0)
			return rc;
		snprintf(name, sizeof(name), "charts/%s.narrow.svg", c->name);
		if (c->svg_narrow.size > 0 && (rc = S_write_buf(site, name, &c->svg_narrow)) < 0)
			return rc;
		if (c->png.size == 0)
			continue;
		snprintf(name, sizeof(name), "%scharts/%s.png", dir, c->name);
		if ((rc = S_write_buf(site, name, &c->png)) < 0)
			return rc;
	}
	return 0;
}

/* data/: the results as JSON and CSV. */
static const struct {
	const char *name;
	int (*make)(tr_buf *out, const tr_results *r);
} S_data[] = {
	{ "results.json", tr_export_json },
	{ "results.csv", tr_export_cells_csv },
	{ "runs.csv", tr_export_runs_csv },
};

static int S_write_all(tr_report *rep, const tr_results *r,
                       const tr_writeup_charts *charts, const tr_writeup_output *wo)
{
	tr_buf data = TR_BUF_INIT;
	char name[256];
	int rc = 0;
	/* the web pages: a site's own theme shows a Hugo or Jekyll post */
	if (rep->o.layout == TR_WU_LAYOUT_PAGES &&
	    ((rc = S_write_buf(rep->site, "index.html", &wo->index_html)) < 0 ||
	     (rc = S_write_buf(rep->site, "report.html", &wo->report_html)) < 0 ||
	     (rc = S_write_buf(rep->site, "assets/style.css", &rep->css)) < 0 ||
	     (rc = S_write_buf(rep->site, "assets/sort.js", &rep->js)) < 0))
		goto cleanup;
	if ((rc = S_write_buf(rep->site, rep->md_name, &wo->markdown)) < 0 ||
	    (rc = S_write_charts(rep->site, rep->dir, charts)) < 0)
		goto cleanup;
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_data); i++) {
		int (*make)(tr_buf *, const tr_results *) = S_data[i].make;
		/* --windows: the series in the JSON too, beside windows.csv */
		if (rep->o.windows && make == tr_export_json)
			make = tr_export_json_windows;
		tr_buf_clear(&data);
		snprintf(name, sizeof(name), "%sdata/%s", rep->dir, S_data[i].name);
		if ((rc = make(&data, r)) < 0 ||
		    (rc = S_write_buf(rep->site, name, &data)) < 0)
			goto cleanup;
	}
	if (rep->o.windows) {
		tr_buf_clear(&data);
		snprintf(name, sizeof(name), "%sdata/windows.csv", rep->dir);
		if ((rc = tr_export_windows_csv(&data, r)) < 0 ||
		    (rc = S_write_buf(rep->site, name, &data)) < 0)
			goto cleanup;
	}
cleanup:
	tr_buf_free(&data);
	return rc;
}

/* Jekyll's post name: the title's ASCII letters and digits, lower case,
 * every other run of bytes one "-" ("report" when nothing is left). */
static void S_slug(char *out, size_t size, const char *title)
{
	size_t n = 0;
	bool dash = false;
	for (const char *p = title ? title : ""; *p && n + 2 < size; p++) {
		char c = *p;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) {
			if (dash && n > 0)
				out[n++] = '-';
			out[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
			dash = false;
		} else {
			dash = true;
		}
	}
	out[n] = '\0';
	if (n == 0)
		snprintf(out, size, "report");
}

/* Where report.md and the data go for the layout (rep->md_name, dir, slug). */
static int S_place(tr_report *rep, const tr_results *r)
{
	char *title;
	rep->dir[0] = rep->slug[0] = '\0';
	switch (rep->o.layout) {
	case TR_WU_LAYOUT_HUGO:
		snprintf(rep->md_name, sizeof(rep->md_name), "index.md");
		return 0;
	case TR_WU_LAYOUT_JEKYLL:
		if (!rep->o.date)
			return tr_error_set("--layout jekyll names the post by its date: "
			                    "give --date or SOURCE_DATE_EPOCH (the runs' logs "
			                    "carry no time)");
		if (!(title = tr_results_title(r)))
			return TR_ENOMEM;
		S_slug(rep->slug, sizeof(rep->slug), title);
		free(title);
		snprintf(rep->md_name, sizeof(rep->md_name), "_posts/%s-%s.md", rep->o.date, rep->slug);
		snprintf(rep->dir, sizeof(rep->dir), "assets/%s/", rep->slug);
		return 0;
	default:
		snprintf(rep->md_name, sizeof(rep->md_name), "report.md");
		return 0;
	}
}

static bool S_contains(const tr_buf *b, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; b->size >= n && i <= b->size - n; i++)
		if (memcmp(b->ptr + i, needle, n) == 0)
			return true;
	return false;
}

int tr_report_write(tr_report *rep, const tr_results *r, const struct tr_diff *since)
{
	tr_writeup_charts charts = { NULL, 0 };
	tr_writeup_output wo;
	tr_writeup_options wopt;
	char prefix[128];
	int rc;

	if ((rc = S_place(rep, r)) < 0)
		return rc;
	memset(&wo, 0, sizeof(wo));
	memset(&wopt, 0, sizeof(wopt));
	/* --since: its section at the end when the writeup does not place it */
	if (since && !S_contains(&rep->source, "section changes") &&
	    (rc = tr_buf_puts(&rep->source, "\n\n{{section changes}}\n")) < 0)
		return rc;
	wopt.source = rep->source.ptr;
	wopt.source_len = rep->source.size;
	wopt.source_path = rep->source_path;
	wopt.css = rep->css.ptr;
	wopt.css_len = rep->css.size;
	wopt.front_matter = rep->o.front_matter || rep->o.layout != TR_WU_LAYOUT_PAGES;
	wopt.layout = rep->o.layout;
	wopt.date = rep->o.date;
	/* Jekyll: the post is at /SLUG/ (its permalink), its files at /assets/SLUG/ */
	snprintf(prefix, sizeof(prefix), "%s%s", rep->dir[0] ? "../" : "", rep->dir);
	wopt.md_prefix = prefix;
	wopt.slug = rep->slug[0] ? rep->slug : NULL;
	wopt.since = since;
	if ((rc = tr_report_render(&wo, &charts, r, &wopt, &rep->o)) == 0 &&
	    (rc = S_write_all(rep, r, &charts, &wo)) == 0 &&
	    (rc = tr_site_commit(rep->site)) == 0)
		rep->ncharts = charts.count;
	tr_writeup_output_free(&wo);
	tr_writeup_charts_free(&charts);
	return rc;
}

int tr_report_describe(tr_buf *out, const tr_report *rep)
{
	size_t same = tr_site_unchanged(rep->site);
	return tr_buf_printf(out, "wrote %s: %s%s, %zu chart%s, %sdata/ (%zu file%s unchanged)",
	                     tr_site_path(rep->site),
	                     rep->o.layout == TR_WU_LAYOUT_PAGES ? "index.html, report.html, " : "",
	                     rep->md_name, rep->ncharts, rep->ncharts == 1 ? "" : "s", rep->dir,
	                     same, same == 1 ? "" : "s");
}

void tr_report_set_date(tr_report *rep, const char *date)
{
	rep->o.date = date;
}

void tr_report_free(tr_report *rep)
{
	if (!rep)
		return;
	tr_site_free(rep->site);
	tr_buf_free(&rep->source);
	free(rep->source_path);
	tr_buf_free(&rep->css);
	tr_buf_free(&rep->js);
	tr_diags_free(&rep->warnings);
	free(rep);
}
