/* caveats.c: the findings of the comparability check told to a reader:
 * one plain sentence per kind, counts in words, the cells named by their
 * labels. Finding ids, file paths and raw counts stay in `check` (a
 * blog post's reader does not know tpsreport's configuration). */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/str.h"

#include <stdlib.h>
#include <string.h>

/* What one run's finding says, as a predicate of "a run" / "N runs". */
typedef struct {
	const char *code;
	const char *one;   /* after "One of the 27 runs " */
	const char *many;  /* after "Three of the 27 runs " */
} S_kind;

static const S_kind S_kinds[] = {
	{ "run-excluded", "was left out as unusable", "were left out as unusable" },
	{ "logs-short", "has logs that stop early: the end of that run is missing from "
	                "its stability figures",
	  "have logs that stop early: the end of those runs is missing from their "
	  "stability figures" },
	{ "short-run", "ran for less time than the other runs of its cell",
	  "ran for less time than the other runs of their cells" },
	{ "few-windows", "has fewer time windows than the other runs of its cell, as if "
	                 "interrupted",
	  "have fewer time windows than the other runs of their cells, as if "
	  "interrupted" },
	{ "missing-logs", "has no log files while the other runs of its cell do, so it "
	                  "has no stability figures",
	  "have no log files while the other runs of their cells do, so they have no "
	  "stability figures" },
	{ "failed-transactions", "had failed transactions", "had failed transactions" },
	{ "window-gap", "has a gap between its time windows", "have gaps between their "
	                                                      "time windows" },
	{ "warmup", "was a warm-up run, read and never counted",
	  "were warm-up runs, read and never counted" },
	/* the thresholds are stats.h's TR_CLIENT_* (90%, 10%, a tenth) */
	{ "client-bound", "ran on a client machine whose CPU was at 90% or more, with "
	                  "pgbench itself using a tenth of it, in at least a tenth of the "
	                  "samples: its figures may measure the client rather than the server",
	  "ran on a client machine whose CPU was at 90% or more, with pgbench itself using "
	  "a tenth of it, in at least a tenth of the samples: their figures may measure "
	  "the client rather than the server" },
};

static const char *S_word(tr_wu_doc *d, size_t n, bool capital)
{
	static const char *const words[] = { "no", "one", "two", "three", "four", "five",
	                                     "six", "seven", "eight", "nine", "ten" };
	static const char *const caps[] = { "No", "One", "Two", "Three", "Four", "Five",
	                                    "Six", "Seven", "Eight", "Nine", "Ten" };
	if (n < TR_ARRAY_SIZE(words))
		return capital ? caps[n] : words[n];
	return tr_wu_n(d, (double)n, TR_WU_COUNT);
}

/* The run of a finding's path, or -1. */
static long S_run_of(const tr_results *r, const char *path)
{
	for (size_t i = 0; path && i < r->nruns; i++)
		if (r->runs[i].path && strcmp(r->runs[i].path, path) == 0)
			return (long)i;
	return -1;
}

/* " -- AWS in bench100; B in bench1000" (an em dash): the cells of the
 * runs, each once; not in parentheses, labels often have their own. */
static void S_where(tr_wu_doc *d, const tr_diags *f, const char *code)
{
	const tr_results *r = d->r;
	size_t shown = 0, more = 0;
	bool *seen = tr_calloc(r->nproviders * r->nscenarios + 1, sizeof(bool));
	if (!seen) {
		d->rc = TR_ENOMEM;
		return;
	}
	for (size_t i = 0; i < f->count; i++) {
		long run = strcmp(f->items[i].code, code) == 0 ? S_run_of(r, f->items[i].path) : -1;
		size_t k;
		if (run < 0)
			continue;
		k = r->runs[run].provider * r->nscenarios + r->runs[run].scenario;
		if (seen[k])
			continue;
		seen[k] = true;
		if (shown == 4) {
			more++;
			continue;
		}
		tr_wu_md(d, "%s%s in %s", shown ? "; " : " \xe2\x80\x94 ",
		         tr_wu_e(d, tr_wu_short_provider(r, r->runs[run].provider)),
		         tr_wu_e(d, tr_wu_short_scenario(r, r->runs[run].scenario)));
		shown++;
	}
	if (more)
		tr_wu_md(d, "; %s more", S_word(d, more, false));
	free(seen);
}

/* Whether every run that `code` names is named by `by` too: a run whose
 * logs stop early has fewer windows than the others of its cell, and a
 * second sentence naming the same runs tells the reader nothing new. */
static bool S_covered(const tr_diags *f, const char *code, const char *by)
{
	for (size_t i = 0; i < f->count; i++) {
		bool found = false;
		if (strcmp(f->items[i].code, code) != 0)
			continue;
		for (size_t k = 0; k < f->count && !found; k++)
			found = strcmp(f->items[k].code, by) == 0 && f->items[i].path &&
			        f->items[k].path && strcmp(f->items[k].path, f->items[i].path) == 0;
		if (!found)
			return false;
	}
	return true;
}

static size_t S_count(const tr_diags *f, const char *code)
{
	size_t n = 0;
	for (size_t i = 0; i < f->count; i++)
		n += strcmp(f->items[i].code, code) == 0;
	return n;
}

/* "In bench100, the providers ran with different scales": from the
 * check's "scenario ID: ATTR differs between providers: ..." */
static void S_differs(tr_wu_doc *d, const tr_diag *x)
{
	const char *attr = strstr(x->message, ": "), *end;
	char *id, *what;
	long s;
	if (!attr || !(end = strstr(attr, " differs")))
		return;
	id = tr_strndup(x->message + strlen("scenario "),
	                (size_t)(attr - x->message) - strlen("scenario "));
	what = tr_strndup(attr + 2, (size_t)(end - attr - 2));
	s = -1;
	for (size_t k = 0; id && k < d->r->nscenarios; k++)
		if (strcmp(d->r->scenarios[k].id, id) == 0)
			s = (long)k;
	if (s >= 0 && what)
		tr_wu_md(d, "- In %s, the providers' runs differ in their %s: compare them "
		            "with care.\n", tr_wu_e(d, tr_wu_short_scenario(d->r, (size_t)s)),
		         tr_wu_e(d, what));
	free(id);
	free(what);
}

static size_t S_thin_cells(const tr_results *r)
{
	size_t n = 0;
	for (size_t c = 0; c < r->ncells; c++)
		n += r->cells[c].nruns < TR_MIN_RUNS;
	return n;
}

void tr_wu_section_findings(tr_wu_doc *d)
{
	const tr_results *r = d->r;
	const tr_diags *f = &r->findings;
	size_t n;
	tr_wu_md(d, "\n### What to keep in mind\n\n");
	if (f->count == 0) {
		tr_wu_md(d, "Nothing stands in the way of the comparison: the providers ran "
		            "the same pgbench version, scale, workload and duration in each "
		            "scenario, with enough runs, and no run was cut short.\n");
		return;
	}
	for (size_t i = 0; i < f->count; i++)
		if (strcmp(f->items[i].code, "differs") == 0)
			S_differs(d, &f->items[i]);
	if ((n = S_thin_cells(r)) > 0)
		tr_wu_md(d, "- %s of the %s cells %s fewer than %d runs: too few to see how "
		            "much runs vary.\n", S_word(d, n, true),
		         tr_wu_n(d, (double)r->ncells, TR_WU_COUNT), n == 1 ? "has" : "have",
		         TR_MIN_RUNS);
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_kinds); k++) {
		if ((n = S_count(f, S_kinds[k].code)) == 0 ||
		    (strcmp(S_kinds[k].code, "few-windows") == 0 &&
		     S_covered(f, "few-windows", "logs-short")))
			continue;
		tr_wu_md(d, "- %s of the %s runs %s", S_word(d, n, true),
		         tr_wu_n(d, (double)r->nruns, TR_WU_COUNT),
		         n == 1 ? S_kinds[k].one : S_kinds[k].many);
		S_where(d, f, S_kinds[k].code);
		tr_wu_md(d, ".\n");
	}
	if ((n = S_count(f, "orphan-log")) > 0)
		tr_wu_md(d, "- %s log file%s of an interrupted attempt %s ignored.\n",
		         S_word(d, n, true), n == 1 ? "" : "s", n == 1 ? "was" : "were");
}
