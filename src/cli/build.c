/* build.c: `tpsreport build STUDY -o OUT`: the writeup (HTML, one
 * self-contained HTML file, Markdown), the charts and the data, written
 * into OUT in one atomic step. */

#include "cli.h"
#include "diff/diff.h"
#include "export/export.h"
#include "ingest/ingest.h"
#include "probe/probe.h"
#include "report/report.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/str.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char S_help[] =
	"Usage: tpsreport build STUDY -o OUT [--templates DIR] [--front-matter]\n"
	"                      [--layout pages|hugo|jekyll] [--date YYYY-MM-DD]\n"
	"                      [--force] [--png|--no-png] [--windows] [--threads N]\n"
	"                      [--probe PROVIDER/SCENARIO=CONNINFO --scale N [--jobs N]]\n"
	"Read a study folder and write its report into the folder OUT:\n"
	"\n";
/* then the files of OUT (tr_report_layout_help), then: */
static const char S_help_tail[] =
	"\n"
	"The writeup is STUDY/writeup.md when there is one, else the default\n"
	"templates/writeup.md: Markdown with directives such as {{table tps}} or\n"
	"{{section stability}} (see docs/writeup.md).\n"
	"\n"
	"  -o, --output OUT    the folder to write (its parent must exist); it is\n"
	"                      replaced as a whole, atomically (file by file when\n"
	"                      it is a mount point or holds files of others, such\n"
	"                      as .git or CNAME, which are always kept)\n"
	"  --templates DIR     use DIR/writeup.md, DIR/style.css, DIR/sort.js where\n"
	"                      present instead of the shipped ones\n"
	"  --front-matter      start report.md with YAML front matter (title, date)\n"
	"                      and leave out its own title (the site shows it); the\n"
	"                      page is kept from Liquid ({% raw %})\n"
	"  --layout L          pages (default): the files above; hugo: OUT is a Hugo\n"
	"                      page bundle (index.md, charts/, data/), shortcodes\n"
	"                      escaped; jekyll: OUT is a Jekyll site's root\n"
	"                      (_posts/DATE-SLUG.md at /SLUG/, assets/SLUG/charts/\n"
	"                      and data/), kept from Liquid. Both imply --front-matter\n"
	"  --date YYYY-MM-DD   the report's date (default: SOURCE_DATE_EPOCH's day,\n"
	"                      else the day the newest run ended, from timestamped\n"
	"                      logs, else none)\n"
	"  --force             write into OUT even if tpsreport did not write it, and\n"
	"                      overwrite files of others that have an output's name\n"
	"                      (other files are still kept)\n"
	"  --png               each chart also as charts/NAME.png, drawn at twice the\n"
	"                      size, for documents and slides (the pages and\n"
	"                      report.md show the SVGs: nothing in OUT needs a PNG)\n"
	"  --no-png            SVG charts only (the default; the last of the two wins)\n"
	"  --windows           every run's windows (start, length, TPS, latency), to\n"
	"                      redraw a timeline elsewhere: data/windows.csv, and\n"
	"                      each run's windows.series in data/results.json\n"
	"  --since OLD         add \"What changed since the last report\" (the\n"
	"                      figures of `tpsreport diff OLD STUDY`; OLD a study,\n"
	"                      a built report or a results.json) where the writeup\n"
	"                      has {{section changes}}, else at its end\n"
	"  --threads N         threads for reading logs and drawing (default: one per CPU)\n"
	"  --probe P/S=CONNINFO  first run `tpsreport probe` against CONNINFO and store\n"
	"                      its init.json in STUDY/results/P/S/ (may be repeated;\n"
	"                      OUT and the writeup are checked first, and an\n"
	"                      existing init.json is replaced only with --force;\n"
	"                      it refuses to drop tables that hold rows: use\n"
	"                      `tpsreport probe --force` for that)\n"
	"  --scale N           the scale for --probe\n"
	"  --jobs N            parallel generate connections for --probe (default 1)\n"
	"  -h, --help          this help\n"
	"\n"
	"Identical inputs give byte-identical files; the date never comes from the\n"
	"clock. Warnings and the findings of `tpsreport check`\n"
	"go to stderr. Exit status: 0 ok, 2 the report could not be built.\n";

typedef struct {
	const char *out;
	const char *templates;
	bool front_matter;
	tr_writeup_layout layout;
	const char *date;        /* --date, checked */
	bool force;
	bool png;
	bool windows;
	int threads;
	const char *probes[16];  /* "PROVIDER/SCENARIO=CONNINFO" */
	int nprobes;
	int scale;
	int jobs;
	const char *since;       /* --since OLD, or NULL */
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
	/* A hidden name would be written and then never read (the study
	 * skips names starting with '.'). */
	if (n == 0 || s[0] == '.' || !tr_utf8_valid(s, n))
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '/' || (unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

/* Before anything is loaded: the spec is well formed, and an init.json
 * already there is replaced only with --force (it is a measurement). */
static int S_check_probe(const char *study_root, const char *spec, bool force)
{
	const char *slash = strchr(spec, '/'), *eq = strchr(spec, '=');
	struct stat st;
	char *path;
	int rc = 0;
	if (!slash || !eq || eq < slash ||
	    !S_folder_name(spec, (size_t)(slash - spec)) ||
	    !S_folder_name(slash + 1, (size_t)(eq - slash - 1)))
		return tr_error_set("--probe: expected PROVIDER/SCENARIO=CONNINFO "
		                    "with folder names for PROVIDER and SCENARIO (not "
		                    "hidden, no '/' or control characters)");
	path = tr_sprintf("%s/results/%.*s/init.json", study_root, (int)(eq - spec), spec);
	if (!path)
		return TR_ENOMEM;
	if (!force && lstat(path, &st) == 0)
		rc = tr_error_set("%s: exists (an earlier probe); --force replaces it", path);
	free(path);
	return rc;
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
		                    "with folder names for PROVIDER and SCENARIO (not "
		                    "hidden, no '/' or control characters)");
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
	/* results/P/S, and what is missing above it */
	if ((rc = tr_path_mkdirs(dir)) < 0)
		goto cleanup;
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

/* "tpsreport: drawing charts" while they are drawn, on a terminal. */
static void S_progress(void *ctx, const char *stage)
{
	if (!*(const bool *)ctx)
		return;
	if (stage)
		fprintf(stderr, "tpsreport: %s\r", stage);
	else
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

/* --since OLD: the diff of OLD against these results (the report adds
 * {{section changes}} to a writeup that does not place it). */
static int S_since(tr_diff **out, tr_diff_doc **old_doc, tr_diff_doc **new_doc,
                   const char *study_root, const tr_results *r, const S_args *a)
{
	tr_buf json = TR_BUF_INIT;
	int rc;
	*out = NULL;
	if (!a->since)
		return 0;
	if ((rc = tr_export_json(&json, r)) < 0 ||
	    (rc = tr_diff_doc_take(new_doc, &json, study_root)) < 0 ||
	    (rc = tr_cli_diff_read(old_doc, a->since, a->threads)) < 0)
		goto cleanup;
	rc = tr_diff_compute(out, *old_doc, *new_doc);
cleanup:
	tr_buf_free(&json);
	return rc;
}

/* The day (UTC) the newest run ended, from the epoch times of its logs
 * (per-transaction, or timestamped aggregate windows): false when no run
 * has any. Excluded runs count: they were run too. */
static bool S_newest_run(char *buf, size_t size, const tr_study *study)
{
	double newest = -1;
	time_t t;
	struct tm tm;
	for (size_t i = 0; i < study->nruns; i++) {
		const tr_run *run = &study->runs[i];
		if (run->txlog && isfinite(run->txlog->last_s) && run->txlog->last_s > newest)
			newest = run->txlog->last_s;
		if (run->window_source == TR_WINDOWS_AGGREGATE && run->nwindows > 0) {
			const tr_window *w = &run->windows[run->nwindows - 1];
			/* aggregate logs' interval starts are epoch seconds */
			if (isfinite(w->start_s) && w->start_s + w->length_s > newest)
				newest = w->start_s + w->length_s;
		}
	}
	/* before 2000 it is not a wall-clock time */
	if (newest < 946684800.0 || newest > 253402300799.0)
		return false;
	t = (time_t)newest;
	return gmtime_r(&t, &tm) && strftime(buf, size, "%Y-%m-%d", &tm) > 0;
}

/* Probes first when asked, then the study and its results. */
static int S_load(tr_study **study, tr_results **r, const char *study_root, const S_args *a)
{
	tr_load_options lo;
	tr_cli_progress prog;
	int rc;
	for (int i = 0; i < a->nprobes; i++)
		if ((rc = S_run_probe(study_root, a->probes[i], a->scale, a->jobs)) < 0)
			return rc;
	tr_cli_load_options(&lo, &prog, a->threads);
	lo.bytes_per_run = TR_BUILD_BYTES_PER_RUN;  /* its charts and pages */
	rc = tr_study_load(study, study_root, &lo);
	tr_cli_progress_end(&prog);
	if (rc < 0 || (rc = tr_results_compute(r, *study)) < 0)
		return rc;
	tr_cli_print_diags(&(*r)->warnings);
	tr_cli_print_diags(&(*r)->findings);
	return 0;
}

static int S_build(const char *study_root, const S_args *a)
{
	tr_report_options ro;
	tr_report *rep = NULL;
	tr_study *study = NULL;
	tr_results *r = NULL;
	tr_diff *since = NULL;
	tr_diff_doc *since_old = NULL, *since_new = NULL;
	tr_buf line = TR_BUF_INIT;
	char date[32];
	bool tty = isatty(STDERR_FILENO);
	int status = TR_EXIT_FAILURE;

	memset(&ro, 0, sizeof(ro));
	if (a->date)
		ro.date = a->date;
	else if (S_date(date, sizeof(date), &ro.date) < 0)
		return TR_EXIT_FAILURE;
	ro.layout = a->layout;
	ro.templates = a->templates;
	ro.force = a->force;
	ro.front_matter = a->front_matter;
	ro.png = a->png;
	ro.windows = a->windows;
	ro.threads = a->threads;
	ro.progress = S_progress;
	ro.ctx = &tty;
	/* OUT checked and the writeup read before the long work (and before
	 * a probe loads tables). */
	if (tr_report_open(&rep, a->out, study_root, &ro) < 0)
		goto fail;
	tr_cli_print_diags(tr_report_warnings(rep));
	if (S_load(&study, &r, study_root, a) < 0)
		goto fail;
	if (!ro.date && S_newest_run(date, sizeof(date), study))
		tr_report_set_date(rep, date);
	if (S_since(&since, &since_old, &since_new, study_root, r, a) < 0 ||
	    tr_report_write(rep, r, since) < 0 || tr_report_describe(&line, rep) < 0)
		goto fail;
	printf("%s\n", tr_buf_cstr(&line));
	status = fflush(stdout) == 0 ? TR_EXIT_OK : TR_EXIT_FAILURE;
	goto cleanup;
fail:
	tr_cli_error_last();
cleanup:
	tr_buf_free(&line);
	tr_diff_free(since);
	tr_diff_doc_free(since_old);
	tr_diff_doc_free(since_new);
	tr_results_free(r);
	tr_study_free(study);
	tr_report_free(rep);
	return status;
}

/* A number option: --scale (1 to 1000000), --jobs (1 to 64), --threads
 * (1 to 256). -1 when it is fine (S_parse's convention), else the exit
 * status of the usage error. */
static int S_number(int *out, const char *name, long max, const char *arg)
{
	return tr_cli_arg_int(out, "build", name, arg, 1, max) < 0
	           ? TR_EXIT_FAILURE
	           : -1;
}

static int S_layout(tr_writeup_layout *out, const char *arg)
{
	if (strcmp(arg, "pages") == 0)
		*out = TR_WU_LAYOUT_PAGES;
	else if (strcmp(arg, "hugo") == 0)
		*out = TR_WU_LAYOUT_HUGO;
	else if (strcmp(arg, "jekyll") == 0)
		*out = TR_WU_LAYOUT_JEKYLL;
	else
		return tr_cli_usage_error("build", "--layout: expected pages, hugo or jekyll, got '%s'", arg);
	return -1;
}

/* --date: a real day, YYYY-MM-DD (it names a Jekyll post's file). */
static int S_date_arg(const char **out, const char *arg)
{
	static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, m, d, n = 0;
	if (strlen(arg) != 10 || sscanf(arg, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 || n != 10 ||
	    arg[4] != '-' || arg[7] != '-' || strspn(arg, "0123456789-") != 10 || m < 1 ||
	    m > 12 || d < 1 || d > days[m - 1] ||
	    (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))))
		return tr_cli_usage_error("build", "--date: expected a day as YYYY-MM-DD, got '%s'", arg);
	*out = arg;
	return -1;
}

/* The options into a: -1 to go on, else the exit status. */
static int S_parse(S_args *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "templates", required_argument, NULL, 'T' },
		{ "front-matter", no_argument, NULL, 'F' },
		{ "layout", required_argument, NULL, 'L' },
		{ "date", required_argument, NULL, 'D' },
		{ "force", no_argument, NULL, 'f' },
		{ "png", no_argument, NULL, 'G' },
		{ "no-png", no_argument, NULL, 'P' },
		{ "windows", no_argument, NULL, 'W' },
		{ "threads", required_argument, NULL, 't' },
		{ "probe", required_argument, NULL, 'R' },
		{ "scale", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "since", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, status = -1;

	optind = 1;
	opterr = 0;
	while (status < 0 && (c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'S': a->since = optarg; break;
		case 'R':
			if (a->nprobes == (int)TR_ARRAY_SIZE(a->probes))
				return tr_cli_usage_error("build", "at most %zu --probe", TR_ARRAY_SIZE(a->probes));
			a->probes[a->nprobes++] = optarg;
			break;
		case 's': status = S_number(&a->scale, "--scale", 1000000, optarg); break;
		case 'j': status = S_number(&a->jobs, "--jobs", 64, optarg); break;
		case 't': status = S_number(&a->threads, "--threads", 256, optarg); break;
		case 'o': a->out = optarg; break;
		case 'T': a->templates = optarg; break;
		case 'F': a->front_matter = true; break;
		case 'L': status = S_layout(&a->layout, optarg); break;
		case 'D': status = S_date_arg(&a->date, optarg); break;
		case 'f': a->force = true; break;
		case 'G': a->png = true; break;
		case 'P': a->png = false; break;
		case 'W': a->windows = true; break;
		case 'h':
			fputs(S_help, stdout);
			fputs(tr_report_layout_help, stdout);
			fputs(S_help_tail, stdout);
			return TR_EXIT_OK;
		default:
			return tr_cli_getopt_error("build", c, argv, optind);
		}
	}
	return status;
}

/*
 * Freed memory kept for the next chart: glibc hands a block above its
 * mmap threshold back to the kernel when it is freed and trims the heap's
 * top, so every chart's surfaces, masks and buffers (megabytes each) were
 * faulted in and zeroed anew, half of a build's page faults and a fifth
 * of its time with --png (docs/performance.md). Both limits set turn off
 * glibc's own adjustment of them; the process is short-lived and its peak
 * is the same.
 */
static void S_keep_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

int tr_cmd_build(int argc, char **argv)
{
	S_args a;
	int status;

	memset(&a, 0, sizeof(a));
	a.jobs = 1;
	if ((status = S_parse(&a, argc, argv)) >= 0)
		return status;
	if (optind != argc - 1)
		return tr_cli_usage_error("build", "expected one STUDY folder");
	if (!a.out)
		return tr_cli_usage_error("build", "no output folder: give -o OUT");
	if (a.nprobes > 0 && a.scale == 0)
		return tr_cli_usage_error("build", "--probe needs --scale N");
	for (int i = 0; i < a.nprobes; i++)
		if (S_check_probe(argv[optind], a.probes[i], a.force) < 0) {
			tr_cli_error_last();
			return TR_EXIT_FAILURE;
		}
	S_keep_memory();
	return S_build(argv[optind], &a);
}
