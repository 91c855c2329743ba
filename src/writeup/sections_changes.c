/* sections_changes.c: {{section changes}}, "What changed since the last
 * report", from the diff `build --since OLD` computed (nothing without
 * it). The same figures as `tpsreport diff`, as report tables. */

#include "writeup_internal.h"
#include "diff/diff.h"
#include "util/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The diff's first five figures as the section has always shown them;
 * the others as every table shows their catalog metric. */
static const tr_wu_unit S_units[] = {
	TR_WU_TPS, TR_WU_MS, TR_WU_MS, TR_WU_MS, TR_WU_COST
};

static tr_wu_unit S_unit(int m)
{
	const tr_diff_metric *mt = tr_diff_metric_get((size_t)m);
	if ((size_t)m < TR_ARRAY_SIZE(S_units) || !mt->metric)
		return S_units[(size_t)m < TR_ARRAY_SIZE(S_units) ? m : 0];
	return tr_wu_metric_unit(mt->metric);
}

static void S_metric(tr_wu_doc *d, const tr_diff *df, int m)
{
	tr_wu_table t;
	tr_buf head = TR_BUF_INIT;
	tr_wu_table_init(&t);
	tr_wu_table_col(&t, "Cell", false);
	tr_wu_table_col(&t, "Before", true);
	tr_wu_table_col(&t, "Now", true);
	tr_wu_table_col(&t, "Change", true);
	tr_wu_table_col(&t, "p (Holm)", true);
	tr_wu_table_col(&t, "Runs", true);
	for (size_t i = 0; i < df->nchanges[m]; i++) {
		const tr_diff_change *c = &df->changes[m][i];
		tr_wu_table_text(&t, tr_wu_keep(d, tr_diff_cell_label(&df->cells[c->cell])));
		tr_wu_table_num(&t, c->old_value, S_unit(m));
		tr_wu_table_num(&t, c->new_value, S_unit(m));
		tr_wu_table_sorted(&t, tr_wu_keep(d, tr_sprintf("%s%s",
		                   tr_wu_n(d, c->change_pct, TR_WU_GAP),
		                   c->significant || !c->tested ? "" : " ~")), c->change_pct);
		tr_wu_table_num(&t, c->p_adjusted, TR_WU_P);
		tr_wu_table_text(&t, tr_wu_keep(d, tr_sprintf("%zu+%zu", c->n_old, c->n_new)));
	}
	tr_diff_heading(&head, df, m);
	tr_wu_table_caption(&t, tr_wu_keep_buf(d, &head));
	tr_wu_table_note(&t, "~: not significant (exact Mann-Whitney of the "
	                     "earlier runs against these, Holm over the cells).");
	tr_wu_emit_table(d, &t);
	tr_buf_free(&head);
}

static void S_cells(tr_wu_doc *d, const char *what, const tr_diff_cell *c,
                    size_t n)
{
	if (n == 0)
		return;
	tr_wu_md(d, "\nCells %s:\n\n", what);
	for (size_t i = 0; i < n; i++)
		tr_wu_md(d, "- %s\n", tr_wu_e(d, tr_wu_keep(d, tr_diff_cell_label(&c[i]))));
}

/* Runs: counted, not listed (a rerun changes them all). */
static void S_runs(tr_wu_doc *d, const tr_diff *df)
{
	size_t n[3] = { 0, 0, 0 };
	for (size_t i = 0; i < df->runs.count; i++)
		n[df->runs.items[i].what]++;
	if (df->runs.count == 0)
		return;
	tr_wu_md(d, "\nRuns: %zu added, %zu removed, %zu changed (by the "
	            "content of their files).\n", n[TR_DIFF_ADDED],
	         n[TR_DIFF_REMOVED], n[TR_DIFF_CHANGED]);
}

static void S_list(tr_wu_doc *d, const char *title, const tr_diff_list *l,
                   bool finding)
{
	if (l->count == 0)
		return;
	tr_wu_md(d, "\n%s:\n\n", title);
	for (size_t i = 0; i < l->count; i++) {
		const tr_diff_item *it = &l->items[i];
		const char *what = tr_diff_what_name(it->what, finding);
		if (finding)
			tr_wu_md(d, "- %s: %s\n", what, tr_wu_e(d, it->new_text));
		else if (it->provider || it->scenario)
			tr_wu_md(d, "- %s %s%s%s%s%s\n", tr_wu_e(d, it->provider ?
			         it->provider : it->scenario), what,
			         it->old_text || it->new_text ? ": " : "",
			         it->old_text ? tr_wu_e(d, it->old_text) : "",
			         it->old_text && it->new_text ? " → " : "",
			         it->new_text ? tr_wu_e(d, it->new_text) : "");
		else
			tr_wu_md(d, "- %s %s: %s → %s\n", tr_wu_e(d, it->id), what,
			         it->old_text ? tr_wu_e(d, it->old_text) : "none",
			         it->new_text ? tr_wu_e(d, it->new_text) : "none");
	}
}

void tr_wu_section_changes(tr_wu_doc *d)
{
	const tr_diff *df = d->opts->since;
	tr_buf verdict = TR_BUF_INIT;
	if (!df)
		return;
	tr_wu_md(d, "\n## What changed since the last report\n\n");
	tr_diff_verdict(&verdict, df);
	tr_wu_md(d, "Compared with the previous results (%zu runs%s%s). %s\n",
	         df->old_runs, df->old_digest ? ", inputs " : "",
	         df->old_digest ? tr_wu_keep(d, tr_sprintf("%.12s", df->old_digest)) : "",
	         tr_wu_e(d, tr_buf_cstr(&verdict)));
	tr_buf_free(&verdict);
	for (size_t m = 0; m < df->nmetrics; m++)
		if (df->nchanges[m] > 0)
			S_metric(d, df, (int)m);
	S_cells(d, "added", df->cells_added, df->ncells_added);
	S_cells(d, "removed", df->cells_removed, df->ncells_removed);
	S_list(d, "Providers", &df->providers, false);
	S_list(d, "Scenarios", &df->scenarios, false);
	S_runs(d, df);
	S_list(d, "Prices", &df->prices, false);
	S_list(d, "Exchange rates", &df->fx, false);
	S_list(d, "Caveats about the data", &df->findings, true);
}
