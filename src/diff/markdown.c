/* markdown.c: the diff as GitHub-flavoured Markdown, for a pull-request
 * comment or release notes: one pipe table per figure, lists for the rest.
 * Every string from a document is escaped (util/escape.h, the one
 * escaper of every output), so a provider named "a|b", "<script>" or
 * with a newline or an ESC in it stays text in its cell. */

#include "diff_internal.h"
#include "util/escape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_MAX_ITEMS 40

int tr_diff_md_escape(tr_buf *out, const char *s)
{
	return s ? tr_md_escape(out, s, strlen(s), false) : 0;
}

static void S_num(tr_buf *out, double v)
{
	if (isnan(v))
		tr_buf_puts(out, "–");
	else
		tr_fmt_readable(out, v, 4, ",");
}

static void S_row(tr_buf *out, const tr_diff *d, const tr_diff_change *c)
{
	char *label = tr_diff_cell_label(&d->cells[c->cell]);
	tr_buf_puts(out, "| ");
	tr_diff_md_escape(out, label);
	free(label);
	tr_buf_puts(out, " | ");
	S_num(out, c->old_value);
	tr_buf_puts(out, " | ");
	S_num(out, c->new_value);
	tr_buf_puts(out, " | ");
	if (isfinite(c->change_pct)) {
		if (c->change_pct > 0)
			tr_buf_putc(out, '+');
		tr_fmt_readable(out, c->change_pct, 2, "");
		tr_buf_putc(out, '%');
	} else {
		tr_buf_puts(out, "n/a");
	}
	/* `~` in a code span: GFM reads a bare ~ next to text as strikeout. */
	tr_buf_puts(out, c->significant ? " | **yes** | " : " | `~` | ");
	if (c->tested) {
		tr_fmt_fixed(out, c->p_value, 3);
		tr_buf_puts(out, " | ");
		tr_fmt_fixed(out, c->p_adjusted, 3);
	} else {
		tr_buf_puts(out, "– | –");
	}
	tr_buf_printf(out, " | %zu+%zu |\n", c->n_old, c->n_new);
}

static void S_metric(tr_buf *out, const tr_diff *d, int m, const char *h)
{
	tr_buf_printf(out, "\n%s# ", h);
	tr_diff_heading(out, d, m);
	tr_buf_puts(out, "\n\n| Cell | Old | New | Change | Significant | p | "
	                 "p (Holm) | Runs |\n"
	                 "|:---|---:|---:|---:|:---:|---:|---:|---:|\n");
	for (size_t i = 0; i < d->nchanges[m]; i++)
		S_row(out, d, &d->changes[m][i]);
}

static void S_cells(tr_buf *out, const char *h, const char *what,
                    const tr_diff_cell *c, size_t n)
{
	if (n == 0)
		return;
	tr_buf_printf(out, "\n%s# Cells %s (%zu)\n\n", h, what, n);
	for (size_t i = 0; i < n && i < S_MAX_ITEMS; i++) {
		char *l = tr_diff_cell_label(&c[i]);
		tr_buf_puts(out, "- ");
		tr_diff_md_escape(out, l);
		tr_buf_putc(out, '\n');
		free(l);
	}
	if (n > S_MAX_ITEMS)
		tr_buf_printf(out, "- and %zu more\n", n - S_MAX_ITEMS);
}

static void S_text(tr_buf *out, const char *s)
{
	tr_diff_md_escape(out, s ? s : "none");
}

static void S_item(tr_buf *out, const char *kind, const tr_diff_item *it)
{
	bool finding = strcmp(kind, "Findings") == 0;
	tr_buf_printf(out, "- %s: ", tr_diff_what_name(it->what, finding));
	if (strcmp(kind, "Providers") == 0) {
		S_text(out, it->provider);
	} else if (strcmp(kind, "Scenarios") == 0) {
		S_text(out, it->scenario);
	} else if (finding) {
		S_text(out, it->id);
		if (it->path) {
			tr_buf_puts(out, " ");
			S_text(out, it->path);
		}
		tr_buf_puts(out, ": ");
		S_text(out, it->new_text);
	} else {
		S_text(out, strcmp(kind, "Prices") == 0 ? it->provider : it->id);
		tr_buf_puts(out, ": ");
		S_text(out, it->old_text);
		tr_buf_puts(out, " → ");
		S_text(out, it->new_text);
	}
	tr_buf_putc(out, '\n');
}

/* Runs, one item per provider / scenario and kind of change. */
static void S_runs(tr_buf *out, const char *h, const tr_diff_list *l)
{
	size_t lines = 0;
	if (l->count == 0)
		return;
	tr_buf_printf(out, "\n%s# Runs (%zu)\n\n", h, l->count);
	for (size_t i = 0; i < l->count;) {
		const tr_diff_item *a = &l->items[i];
		size_t k = i;
		if (lines++ == S_MAX_ITEMS) {
			tr_buf_puts(out, "- and more\n");
			return;
		}
		tr_buf_printf(out, "- %s: ", tr_diff_what_name(a->what, false));
		S_text(out, a->provider);
		tr_buf_puts(out, " / ");
		S_text(out, a->scenario);
		tr_buf_puts(out, ":");
		for (; k < l->count && l->items[k].what == a->what &&
		       strcmp(l->items[k].provider, a->provider) == 0 &&
		       strcmp(l->items[k].scenario, a->scenario) == 0; k++) {
			const tr_diff_item *it = &l->items[k];
			tr_buf_puts(out, k > i ? ", " : " ");
			S_text(out, it->id);
			if (it->new_text) {
				tr_buf_puts(out, " (now left out: ");
				S_text(out, it->new_text);
				tr_buf_puts(out, ")");
			} else if (it->old_text) {
				tr_buf_puts(out, " (no longer left out)");
			}
		}
		tr_buf_putc(out, '\n');
		i = k;
	}
}

static void S_list(tr_buf *out, const char *h, const char *kind,
                   const tr_diff_list *l)
{
	if (strcmp(kind, "Runs") == 0) {
		S_runs(out, h, l);
		return;
	}
	if (l->count == 0)
		return;
	tr_buf_printf(out, "\n%s# %s (%zu)\n\n", h, kind, l->count);
	for (size_t i = 0; i < l->count && i < S_MAX_ITEMS; i++)
		S_item(out, kind, &l->items[i]);
	if (l->count > S_MAX_ITEMS)
		tr_buf_printf(out, "- and %zu more\n", l->count - S_MAX_ITEMS);
}

int tr_diff_markdown(tr_buf *out, const tr_diff *d, int level)
{
	char h[8] = "";
	if (level < 1)
		level = 1;
	/* Sub-headings one level below `level`: "h#" is written as h + "#". */
	for (int i = 1; i < level && i < 6; i++)
		strcat(h, "#");
	tr_buf_printf(out, "%s# What changed\n\n", h);
	tr_diff_verdict(out, d);
	tr_buf_puts(out, "\n\nOld: ");
	tr_diff_md_escape(out, d->old_path);
	tr_buf_printf(out, " (%zu runs), new: ", d->old_runs);
	tr_diff_md_escape(out, d->new_path);
	tr_buf_printf(out, " (%zu runs).", d->new_runs);
	if (d->identical || d->old_digest)
		tr_buf_putc(out, ' ');
	tr_diff_sameness(out, d);
	while (out->size > 0 && out->ptr[out->size - 1] == ' ')
		out->size--;
	tr_buf_putc(out, '\n');
	strcat(h, "#");
	for (int m = 0; m < TR_DIFF_NMETRICS; m++)
		if (d->nchanges[m] > 0)
			S_metric(out, d, m, h);
	S_cells(out, h, "added", d->cells_added, d->ncells_added);
	S_cells(out, h, "removed", d->cells_removed, d->ncells_removed);
	S_list(out, h, "Providers", &d->providers);
	S_list(out, h, "Scenarios", &d->scenarios);
	S_list(out, h, "Runs", &d->runs);
	S_list(out, h, "Prices", &d->prices);
	S_list(out, h, "Fx rates", &d->fx);
	S_list(out, h, "Findings", &d->findings);
	return 0;
}
