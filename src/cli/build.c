/* build.c: `tpsreport build STUDY -o OUT`: the writeup (HTML, one
 * self-contained HTML file, Markdown), the charts and the data, written
 * into OUT in one atomic step. */

#include "cli.h"
#include "export/export.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "site/site.h"
#include "writeup/writeup.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char S_help[] =
	"Usage: tpsreport build STUDY -o OUT [--templates DIR] [--front-matter]\n"
	"                      [--force] [--no-png] [--threads N]\n"
	"                      [--probe PROVIDER/SCENARIO=CONNINFO --scale N [--jobs N]]\n"
	"Read a study folder and write its report into the folder OUT:\n"
	"\n"
	"  OUT/index.html        the writeup as a web page (assets/ and charts/ beside it)\n"
	"  OUT/report.html       the same as one self-contained file (no script, no links out)\n"
	"  OUT/report.md         GitHub-flavoured Markdown, images from charts/\n"
	"  OUT/charts/*.svg|png  every chart\n"
	"  OUT/data/results.json the results document (as `tpsreport summary --json`)\n"
	"  OUT/data/results.csv  one row per provider, scenario and workload\n"
	"  OUT/data/runs.csv     one row per run\n"
	"\n"
	"The writeup is STUDY/writeup.md when there is one, else the default\n"
	"templates/writeup.md: Markdown with directives such as {{table tps}} or\n"
	"{{section stability}} (see docs/writeup.md).\n"
	"\n"
	"  -o, --output OUT    the folder to write (its parent must exist); it is\n"
	"                      replaced as a whole, atomically\n"
	"  --templates DIR     use DIR/writeup.md, DIR/style.css, DIR/sort.js where\n"
	"                      present instead of the shipped ones\n"
	"  --front-matter      start report.md with YAML front matter (Hugo, Jekyll)\n"
	"  --force             replace OUT even if tpsreport did not write it\n"
	"  --no-png            SVG charts only\n"
	"  --threads N         threads for reading logs and drawing (default: one per CPU)\n"
	"  --probe P/S=CONNINFO  first run `tpsreport probe` against CONNINFO and store\n"
	"                      its init.json in STUDY/results/P/S/ (may be repeated;\n"
	"                      it refuses to drop tables that hold rows: use\n"
	"                      `tpsreport probe --force` for that)\n"
	"  --scale N           the scale for --probe\n"
	"  --jobs N            parallel generate connections for --probe (default 1)\n"
	"  -h, --help          this help\n"
	"\n"
	"Identical inputs give byte-identical files; the date appears only when\n"
	"SOURCE_DATE_EPOCH is set. Warnings and the findings of `tpsreport check`\n"
	"go to stderr. Exit status: 0 ok, 2 the report could not be built.\n";

typedef struct {
	const char *out;
	const char *templates;
	bool front_matter;
	bool force;
	bool png;
	int threads;
	const char *probes[16];  /* "PROVIDER/SCENARIO=CONNINFO" */
	int nprobes;
	int scale;
	int jobs;
} S_args;

/* pgbench's messages from the probe, on stderr as `tpsreport probe` has
 * them. */
static void S_probe_message(void *ctx, const char *line)
{
	fprintf(stderr, "tpsreport: probe %s: %s\n", (const char *)ctx, line);
}

/* A name that can be a folder of results/: no '/', not "." or "..", no
 * control characters. */
static bool S_folder_name(const char *s, size_t n)
{
	if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '/' || (unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

/* --probe P/S=CONNINFO: run the probe, then write its init.json into
 * STUDY/results/P/S/ (created when missing) atomically. */
static int S_run_probe(const char *study_root, const char *spec, int scale,
                       int jobs)
{
	const char *slash = strchr(spec, '/'), *eq = strchr(spec, '=');
	tr_probe_options opts;
	tr_probe_result result;
	tr_buf json = TR_BUF_INIT;
	char *where = NULL, *dir = NULL, *path = NULL;
	int rc = TR_EINVALID;

	if (!slash || !eq || eq < slash ||
	    !S_folder_name(spec, (size_t)(slash - spec)) ||
	    !S_folder_name(slash + 1, (size_t)(eq - slash - 1)))
		return tr_error_set("--probe: expected PROVIDER/SCENARIO=CONNINFO "
		                    "with folder names for PROVIDER and SCENARIO");
	where = tr_strndup(spec, (size_t)(eq - spec));
	dir = tr_sprintf("%s/results/%s", study_root, where);
	if (!where || !dir) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	tr_probe_options_init(&opts);
	opts.conninfo = eq + 1;
	opts.scale = scale;
	opts.jobs = jobs;
	opts.message = S_probe_message;
	opts.ctx = where;
	memset(&result, 0, sizeof(result));
	if ((rc = tr_probe_execute(&result, &opts)) < 0)
		goto cleanup;
	rc = tr_probe_result_json(&json, &result);
	tr_probe_result_free(&result);
	if (rc < 0)
		goto cleanup;
	/* results/P, then results/P/S */
	{
		char *pdir = tr_strndup(dir, strlen(dir) - strlen(strrchr(dir, '/')));
		if (!pdir) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		if ((mkdir(pdir, 0755) < 0 && errno != EEXIST) ||
		    (mkdir(dir, 0755) < 0 && errno != EEXIST)) {
			rc = tr_error_set_errno(dir);
			free(pdir);
			goto cleanup;
		}
		free(pdir);
	}
	path = tr_path_join(dir, "init.json");
	if (!path) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	if ((rc = tr_file_write_atomic(path, json.ptr, json.size)) == 0)
		fprintf(stderr, "tpsreport: probe %s: wrote %s\n", where, path);
cleanup:
	tr_buf_free(&json);
	free(where);
	free(dir);
	free(path);
	return rc;
}

static void S_progress_end(bool shown)
{
	if (shown)
		fputs("\r\033[K", stderr);
}

/* SOURCE_DATE_EPOCH as a date, or NULL when unset. */
static int S_date(char *buf, size_t size, const char **out)
{
	const char *env = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long secs;
	time_t t;
	struct tm tm;
	*out = NULL;
	if (!env || !*env)
		return 0;
	errno = 0;
	secs = strtoll(env, &end, 10);
	if (*end || errno || secs < 0) {
		tr_cli_error("SOURCE_DATE_EPOCH: expected seconds since 1970, got '%s'", env);
		return -1;
	}
	t = (time_t)secs;
	if (!gmtime_r(&t, &tm) || strftime(buf, size, "%Y-%m-%d", &tm) == 0) {
		tr_cli_error("SOURCE_DATE_EPOCH: '%s' is out of range", env);
		return -1;
	}
	*out = buf;
	return 0;
}

static int S_read_data(tr_buf *out, const char *templates, const char *relpath)
{
	char *path = NULL;
	int rc = tr_writeup_datafile(&path, templates, relpath);
	if (rc == 0)
		rc = tr_file_read(out, path);
	free(path);
	return rc;
}

/* The author's STUDY/writeup.md, else the default writeup. */
static int S_read_writeup(tr_buf *out, char **path, const char *study, const char *templates)
{
	struct stat st;
	char *own = tr_path_join(study, "writeup.md");
	int rc;
	*path = NULL;
	if (!own)
		return TR_ENOMEM;
	if (stat(own, &st) == 0) {
		*path = own;
		return tr_file_read(out, own);
	}
	free(own);
	if ((rc = tr_writeup_datafile(path, templates, "templates/writeup.md")) < 0)
		return rc;
	return tr_file_read(out, *path);
}

static int S_write_all(tr_site *site, const tr_results *r, const tr_writeup_charts *charts,
                       const tr_writeup_output *wo, const tr_buf *css, const tr_buf *js)
{
	tr_buf data = TR_BUF_INIT;
	int rc;
	if ((rc = tr_site_write(site, "index.html", wo->index_html.ptr, wo->index_html.size)) < 0 ||
	    (rc = tr_site_write(site, "report.html", wo->report_html.ptr, wo->report_html.size)) < 0 ||
	    (rc = tr_site_write(site, "report.md", wo->markdown.ptr, wo->markdown.size)) < 0 ||
	    (rc = tr_site_write(site, "assets/style.css", css->ptr, css->size)) < 0 ||
	    (rc = tr_site_write(site, "assets/sort.js", js->ptr, js->size)) < 0)
		goto cleanup;
	for (size_t i = 0; i < charts->count; i++) {
		const tr_writeup_chart *c = &charts->items[i];
		char name[160];
		snprintf(name, sizeof(name), "charts/%s.svg", c->name);
		if ((rc = tr_site_write(site, name, c->svg.ptr, c->svg.size)) < 0)
			goto cleanup;
		if (c->png.size == 0)
			continue;
		snprintf(name, sizeof(name), "charts/%s.png", c->name);
		if ((rc = tr_site_write(site, name, c->png.ptr, c->png.size)) < 0)
			goto cleanup;
	}
	if ((rc = tr_export_json(&data, r)) < 0 ||
	    (rc = tr_site_write(site, "data/results.json", data.ptr, data.size)) < 0)
		goto cleanup;
	tr_buf_clear(&data);
	if ((rc = tr_export_cells_csv(&data, r)) < 0 ||
	    (rc = tr_site_write(site, "data/results.csv", data.ptr, data.size)) < 0)
		goto cleanup;
	tr_buf_clear(&data);
	if ((rc = tr_export_runs_csv(&data, r)) < 0 ||
	    (rc = tr_site_write(site, "data/runs.csv", data.ptr, data.size)) < 0)
		goto cleanup;
cleanup:
	tr_buf_free(&data);
	return rc;
}

static int S_build(const char *study_root, const S_args *a)
{
	tr_site_options so = { a->force, study_root };
	tr_load_options lo;
	tr_cli_progress prog;
	tr_site *site = NULL;
	tr_study *study = NULL;
	tr_results *r = NULL;
	tr_writeup_charts charts = { NULL, 0 };
	tr_writeup_output wo;
	tr_writeup_options wopt = { 0 };
	tr_buf src = TR_BUF_INIT, css = TR_BUF_INIT, js = TR_BUF_INIT;
	char *src_path = NULL, date[32];
	bool tty = isatty(STDERR_FILENO);
	int status = TR_EXIT_FAILURE;

	memset(&wo, 0, sizeof(wo));
	if (S_date(date, sizeof(date), &wopt.date) < 0)
		return TR_EXIT_FAILURE;
	/* Check OUT before the long work. */
	if (tr_site_open(&site, a->out, &so) < 0)
		goto fail;
	tr_cli_load_options(&lo, &prog, a->threads);
	if (tr_study_load(&study, study_root, &lo) < 0) {
		tr_cli_progress_end(&prog);
		goto fail;
	}
	tr_cli_progress_end(&prog);
	if (tr_results_compute(&r, study) < 0)
		goto fail;
	tr_cli_print_diags(&r->warnings);
	tr_cli_print_diags(&r->findings);
	if (S_read_writeup(&src, &src_path, study_root, a->templates) < 0 ||
	    S_read_data(&css, a->templates, "assets/style.css") < 0 ||
	    S_read_data(&js, a->templates, "assets/sort.js") < 0)
		goto fail;
	if (tty)
		fputs("tpsreport: drawing charts\r", stderr);
	if (tr_writeup_charts_make(&charts, r, a->png, a->threads) < 0) {
		S_progress_end(tty);
		goto fail;
	}
	S_progress_end(tty);
	wopt.source = src.ptr;
	wopt.source_len = src.size;
	wopt.source_path = src_path;
	wopt.css = css.ptr;
	wopt.css_len = css.size;
	wopt.front_matter = a->front_matter;
	if (tr_writeup_render(&wo, r, &charts, &wopt) < 0 ||
	    S_write_all(site, r, &charts, &wo, &css, &js) < 0 ||
	    tr_site_commit(site) < 0)
		goto fail;
	printf("wrote %s: index.html, report.html, report.md, %zu chart%s, data/ "
	       "(%zu file%s unchanged)\n", tr_site_path(site), charts.count,
	       charts.count == 1 ? "" : "s", tr_site_unchanged(site),
	       tr_site_unchanged(site) == 1 ? "" : "s");
	status = fflush(stdout) == 0 ? TR_EXIT_OK : TR_EXIT_FAILURE;
	goto cleanup;
fail:
	tr_cli_error_last();
cleanup:
	tr_writeup_output_free(&wo);
	tr_writeup_charts_free(&charts);
	tr_buf_free(&src);
	tr_buf_free(&css);
	tr_buf_free(&js);
	free(src_path);
	tr_results_free(r);
	tr_study_free(study);
	tr_site_free(site);
	return status;
}

int tr_cmd_build(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "templates", required_argument, NULL, 'T' },
		{ "front-matter", no_argument, NULL, 'F' },
		{ "force", no_argument, NULL, 'f' },
		{ "no-png", no_argument, NULL, 'P' },
		{ "threads", required_argument, NULL, 't' },
		{ "probe", required_argument, NULL, 'R' },
		{ "scale", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	S_args a;
	int c;

	memset(&a, 0, sizeof(a));
	a.png = true;
	a.jobs = 1;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'R':
			if (a.nprobes == (int)TR_ARRAY_SIZE(a.probes))
				return tr_cli_usage_error("build", "at most %zu --probe", TR_ARRAY_SIZE(a.probes));
			a.probes[a.nprobes++] = optarg;
			break;
		case 's':
		case 'j': {
			char *end;
			long n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > (c == 's' ? 1000000 : 64))
				return tr_cli_usage_error("build", "--%s: expected a positive number, got '%s'",
				                          c == 's' ? "scale" : "jobs", optarg);
			if (c == 's')
				a.scale = (int)n;
			else
				a.jobs = (int)n;
			break;
		}
		case 'o': a.out = optarg; break;
		case 'T': a.templates = optarg; break;
		case 'F': a.front_matter = true; break;
		case 'f': a.force = true; break;
		case 'P': a.png = false; break;
		case 't': {
			char *end;
			long n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > 256)
				return tr_cli_usage_error("build", "--threads: expected 1 to 256, got '%s'", optarg);
			a.threads = (int)n;
			break;
		}
		case 'h': fputs(S_help, stdout); return TR_EXIT_OK;
		case ':':
			return tr_cli_usage_error("build", "option '%s' needs a value",
			                          argv[optind - 1]);
		default:
			return tr_cli_usage_error("build", "unknown option '%s'",
			                          argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return tr_cli_usage_error("build", "expected one STUDY folder");
	if (!a.out)
		return tr_cli_usage_error("build", "no output folder: give -o OUT");
	if (a.nprobes > 0 && a.scale == 0)
		return tr_cli_usage_error("build", "--probe needs --scale N");
	for (int i = 0; i < a.nprobes; i++)
		if (S_run_probe(argv[optind], a.probes[i], a.scale, a.jobs) < 0) {
			tr_cli_error_last();
			return TR_EXIT_FAILURE;
		}
	return S_build(argv[optind], &a);
}
