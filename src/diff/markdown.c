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
	tr_buf_puts(out, c->significant ? " | **yes** | " : c->tested ? " | `~` | " : " | – | ");
	if (c->tested) {
		tr_fmt_fixed(out, c->p_value, 3);
		tr_buf_puts(out, " | ");
		tr_fmt_fixed(out, c->p_adjusted, 3);
	} else {
		tr_buf_puts(out, "– | –");
	}
	tr_buf_printf(out, " | %zu+%zu |\n", c->n_old, c->n_new);
}

static const char S_table_head[] =
	"| Cell | Old | New | Change | Significant | p | p (Holm) | Runs |\n"
	"|:---|---:|---:|---:|:---:|---:|---:|---:|\n";

/* The rows of metric m that are (or are not) significant, under a head. */
static void S_rows(tr_buf *out, const tr_diff *d, int m, bool significant)
{
	tr_buf_puts(out, S_table_head);
	for (size_t i = 0; i < d->nchanges[m]; i++)
		if (d->changes[m][i].significant == significant)
			S_row(out, d, &d->changes[m][i]);
}

/* fold (a pull-request comment): the significant rows in the table, the
 * others in a <details> block that GitHub shows closed, so that a large
 * diff reads from what matters. Unfolded (the writeup's section, whose
 * HTML shows no raw HTML): one table in the diff's order. */
static void S_metric(tr_buf *out, const tr_diff *d, int m, const char *h, bool fold)
{
	size_t nsig = 0;
	tr_buf_printf(out, "\n%s# ", h);
	tr_diff_heading(out, d, m);
	tr_buf_puts(out, "\n\n");
	if (!fold) {
		tr_buf_puts(out, S_table_head);
		for (size_t i = 0; i < d->nchanges[m]; i++)
			S_row(out, d, &d->changes[m][i]);
		return;
	}
	for (size_t i = 0; i < d->nchanges[m]; i++)
		nsig += d->changes[m][i].significant;
	if (nsig > 0)
		S_rows(out, d, m, true);
	if (nsig == d->nchanges[m])
		return;
	tr_buf_printf(out, "%s<details><summary>%zu cell%s without a significant change</summary>\n\n",
	              nsig > 0 ? "\n" : "", d->nchanges[m] - nsig,
	              d->nchanges[m] - nsig == 1 ? "" : "s");
	S_rows(out, d, m, false);
	tr_buf_puts(out, "\n</details>\n");
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

static int S_markdown(tr_buf *out, const tr_diff *d, int level, bool fold)
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
	for (size_t m = 0; m < d->nmetrics; m++)
		if (d->nchanges[m] > 0)
			S_metric(out, d, (int)m, h, fold);
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

int tr_diff_markdown(tr_buf *out, const tr_diff *d, int level)
{
	return S_markdown(out, d, level, false);
}

/* Cut md at the last line that leaves room for the note, closing a
 * <details> left open, then the note. */
static int S_cut(tr_buf *out, const char *md, size_t len, size_t max_bytes)
{
	static const char note_fmt[] =
		"\n*The diff is cut here to stay under %zu bytes (--max-bytes): %zu "
		"more bytes are in `tpsreport diff --markdown --max-bytes 0` or "
		"`--json`.*\n";
	/* room for the note (its numbers at most 20 digits each) and a </details> */
	size_t reserve = sizeof(note_fmt) + 40 + sizeof("\n</details>\n");
	size_t keep = 0, opens = 0, closes = 0;
	if (max_bytes < reserve + 64)
		return tr_error_set("--max-bytes %zu is too small for a diff (at least %zu)",
		                    max_bytes, reserve + 64);
	for (size_t i = 0; i < len && i < max_bytes - reserve; i++)
		if (md[i] == '\n')
			keep = i + 1;
	for (const char *p = md; (p = strstr(p, "<details>")) && (size_t)(p - md) < keep; p++)
		opens++;
	for (const char *p = md; (p = strstr(p, "</details>")) && (size_t)(p - md) < keep; p++)
		closes++;
	tr_buf_put(out, md, keep);
	if (opens > closes)
		tr_buf_puts(out, "\n</details>\n");
	return tr_buf_printf(out, note_fmt, max_bytes, len - keep);
}

int tr_diff_markdown_comment(tr_buf *out, const tr_diff *d, size_t max_bytes)
{
	tr_buf md = TR_BUF_INIT;
	int rc = S_markdown(&md, d, 2, true);
	if (rc == 0)
		rc = max_bytes == 0 || md.size <= max_bytes
		             ? tr_buf_put(out, md.ptr, md.size)
		             : S_cut(out, md.ptr, md.size, max_bytes);
	tr_buf_free(&md);
	return rc;
}
