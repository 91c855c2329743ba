/* text.c: the diff as a benchstat-like plain-text report.
 *
 *   TPS (median of runs)             old      new   change
 *   bench1 · TPC-B … · stock       1,379    1,519   +10.1%    (p=0.008 holm=0.016 n=5+5)
 *   bench1 · TPC-B … · tuned       1,644    1,650   +0.36% ~  (p=0.690 holm=0.690 n=3+3)
 *
 * `~` marks a change that is not significant; the magnitude is shown
 * either way. */

#include "diff_internal.h"
#include "util/escape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define S_MAX_ITEMS 40   /* list lines per kind; --json has them all */

/* Text from a document (names, labels, titles, reasons, paths) as it is
 * printed: through util's one escaper, so that a newline in a name cannot
 * forge a line of the report (a verdict in a CI log) nor an ESC drive the
 * terminal. */
static void S_put(tr_buf *out, const char *s)
{
	if (s)
		tr_text_escape(out, s, strlen(s));
}

/* A cell's label, escaped; caller frees. */
static char *S_label(const tr_diff_cell *c)
{
	char *raw = tr_diff_cell_label(c);
	tr_buf b = TR_BUF_INIT;
	if (!raw)
		return NULL;
	S_put(&b, raw);
	free(raw);
	return b.ptr ? b.ptr : tr_strdup("");
}

/* Display width of UTF-8 text: one column per code point. */
static size_t S_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xC0) != 0x80;
	return w;
}

static void S_pad(tr_buf *out, const char *s, size_t width, bool right)
{
	size_t w = S_width(s);
	if (!right)
		tr_buf_puts(out, s);
	for (; w < width; w++)
		tr_buf_putc(out, ' ');
	if (right)
		tr_buf_puts(out, s);
}

static char *S_num(double v)
{
	tr_buf b = TR_BUF_INIT;
	if (isnan(v))
		tr_buf_puts(&b, "-");
	else
		tr_fmt_readable(&b, v, 4, ",");
	return b.ptr ? b.ptr : tr_strdup("");
}

/* "+10.1%", "-0.36%", "n/a" */
static void S_change(tr_buf *out, const tr_diff_change *c)
{
	if (!isfinite(c->change_pct)) {
		tr_buf_puts(out, "n/a");
		return;
	}
	if (c->change_pct > 0)
		tr_buf_putc(out, '+');
	tr_fmt_readable(out, c->change_pct, 2, "");
	tr_buf_putc(out, '%');
}

/* "(p=0.008 holm=0.016 n=5+5)" */
static void S_test(tr_buf *out, const tr_diff_change *c)
{
	if (!c->tested && c->n_old == 0 && c->n_new == 0) {
		/* a price, an init time: one figure a side */
		tr_buf_puts(out, "(one figure a side: not tested)");
		return;
	}
	if (!c->tested) {
		tr_buf_printf(out, "(no runs to test, n=%zu+%zu)", c->n_old, c->n_new);
		return;
	}
	tr_buf_puts(out, "(p=");
	tr_fmt_fixed(out, c->p_value, 3);
	tr_buf_puts(out, " holm=");
	tr_fmt_fixed(out, c->p_adjusted, 3);
	tr_buf_printf(out, " n=%zu+%zu%s)", c->n_old, c->n_new,
	              c->exact ? "" : " approx");
}

static int S_metric(tr_buf *out, const tr_diff *d, int m)
{
	size_t n = d->nchanges[m], wl, wo = 3, wn = 3, wc = 6;
	tr_buf head = TR_BUF_INIT;
	char **cells = tr_calloc(3 * n + 1, sizeof(char *));
	char **labels = tr_calloc(n + 1, sizeof(char *));
	int rc = 0;
	if (!cells || !labels || tr_diff_heading(&head, d, m) < 0) {
		rc = TR_ENOMEM;
		goto cleanup;
	}
	wl = S_width(tr_buf_cstr(&head));
	for (size_t i = 0; i < n; i++) {
		const tr_diff_change *c = &d->changes[m][i];
		tr_buf ch = TR_BUF_INIT;
		S_change(&ch, c);
		labels[i] = S_label(&d->cells[c->cell]);
		cells[3 * i] = S_num(c->old_value);
		cells[3 * i + 1] = S_num(c->new_value);
		cells[3 * i + 2] = ch.ptr ? ch.ptr : tr_strdup("");
		if (!labels[i] || !cells[3 * i] || !cells[3 * i + 1] || !cells[3 * i + 2]) {
			rc = TR_ENOMEM;
			goto cleanup;
		}
		wl = S_width(labels[i]) > wl ? S_width(labels[i]) : wl;
		wo = S_width(cells[3 * i]) > wo ? S_width(cells[3 * i]) : wo;
		wn = S_width(cells[3 * i + 1]) > wn ? S_width(cells[3 * i + 1]) : wn;
		wc = S_width(cells[3 * i + 2]) > wc ? S_width(cells[3 * i + 2]) : wc;
	}
	tr_buf_putc(out, '\n');
	S_pad(out, tr_buf_cstr(&head), wl, false);
	tr_buf_puts(out, "  ");
	S_pad(out, "old", wo, true);
	tr_buf_puts(out, "  ");
	S_pad(out, "new", wn, true);
	tr_buf_puts(out, "  ");
	S_pad(out, "change", wc, true);
	tr_buf_putc(out, '\n');
	for (size_t i = 0; i < n; i++) {
		const tr_diff_change *c = &d->changes[m][i];
		S_pad(out, labels[i], wl, false);
		tr_buf_puts(out, "  ");
		S_pad(out, cells[3 * i], wo, true);
		tr_buf_puts(out, "  ");
		S_pad(out, cells[3 * i + 1], wn, true);
		tr_buf_puts(out, "  ");
		S_pad(out, cells[3 * i + 2], wc, true);
		tr_buf_puts(out, c->significant || !c->tested ? "    " : " ~  ");
		S_test(out, c);
		tr_buf_putc(out, '\n');
	}
cleanup:
	for (size_t i = 0; cells && labels && i < n; i++) {
		free(labels[i]);
		free(cells[3 * i]);
		free(cells[3 * i + 1]);
		free(cells[3 * i + 2]);
	}
	free(cells);
	free(labels);
	tr_buf_free(&head);
	return rc;
}

static void S_side(tr_buf *out, const char *which, const char *path,
                   const char *title, const char *digest, size_t runs)
{
	tr_buf_printf(out, "%s: ", which);
	S_put(out, path);
	if (title) {
		tr_buf_puts(out, " \"");
		S_put(out, title);
		tr_buf_putc(out, '"');
	}
	tr_buf_printf(out, ", %zu run(s)", runs);
	if (digest)
		tr_buf_printf(out, ", inputs %.12s", digest);   /* 64 hex digits: doc.c */
	tr_buf_putc(out, '\n');
}

static void S_cell_list(tr_buf *out, const char *what, const tr_diff_cell *c,
                        size_t n)
{
	if (n == 0)
		return;
	tr_buf_printf(out, "\nCells %s (%zu):\n", what, n);
	for (size_t i = 0; i < n && i < S_MAX_ITEMS; i++) {
		char *l = S_label(&c[i]);
		tr_buf_printf(out, "  %s\n", l ? l : "");
		free(l);
	}
	if (n > S_MAX_ITEMS)
		tr_buf_printf(out, "  ... and %zu more (--json lists them all)\n",
		              n - S_MAX_ITEMS);
}

/* "old -> new", "none" for a side without one. */
static void S_from_to(tr_buf *out, const char *old_text, const char *new_text)
{
	S_put(out, old_text ? old_text : "none");
	tr_buf_puts(out, " -> ");
	S_put(out, new_text ? new_text : "none");
}

static void S_item(tr_buf *out, const char *kind, const tr_diff_item *it)
{
	const char *what = tr_diff_what_name(it->what, strcmp(kind, "Findings") == 0);
	tr_buf_printf(out, "  %-8s ", what);
	if (strcmp(kind, "Providers") == 0) {
		S_put(out, it->provider);
	} else if (strcmp(kind, "Scenarios") == 0) {
		S_put(out, it->scenario);
	} else if (strcmp(kind, "Prices") == 0 || strcmp(kind, "Fx rates") == 0) {
		S_put(out, strcmp(kind, "Prices") == 0 ? it->provider : it->id);
		tr_buf_puts(out, ": ");
		S_from_to(out, it->old_text, it->new_text);
	} else {
		S_put(out, it->old_text);
		tr_buf_putc(out, ' ');
		S_put(out, it->id);
		if (it->path) {
			tr_buf_putc(out, ' ');
			S_put(out, it->path);
		}
		tr_buf_puts(out, ": ");
		S_put(out, it->new_text);
	}
	tr_buf_putc(out, '\n');
}

/* Runs, one line per provider / scenario and kind of change:
 * "added    newcloud / bench1: run1 run2 run3". */
static void S_runs(tr_buf *out, const tr_diff_list *l)
{
	size_t lines = 0;
	if (l->count == 0)
		return;
	tr_buf_printf(out, "\nRuns (%zu):\n", l->count);
	for (size_t i = 0; i < l->count;) {
		const tr_diff_item *a = &l->items[i];
		size_t k = i;
		if (lines++ == S_MAX_ITEMS) {
			tr_buf_puts(out, "  ... and more (--json lists them all)\n");
			return;
		}
		tr_buf_printf(out, "  %-8s ", tr_diff_what_name(a->what, false));
		S_put(out, a->provider);
		tr_buf_puts(out, " / ");
		S_put(out, a->scenario);
		tr_buf_putc(out, ':');
		for (; k < l->count && l->items[k].what == a->what &&
		       strcmp(l->items[k].provider, a->provider) == 0 &&
		       strcmp(l->items[k].scenario, a->scenario) == 0; k++) {
			const tr_diff_item *it = &l->items[k];
			tr_buf_putc(out, ' ');
			S_put(out, it->id);
			if (it->new_text) {
				tr_buf_puts(out, " (now left out: ");
				S_put(out, it->new_text);
				tr_buf_putc(out, ')');
			}
			else if (it->old_text)
				tr_buf_puts(out, " (no longer left out)");
		}
		tr_buf_putc(out, '\n');
		i = k;
	}
}

static void S_list(tr_buf *out, const char *kind, const tr_diff_list *l)
{
	if (strcmp(kind, "Runs") == 0) {
		S_runs(out, l);
		return;
	}
	if (l->count == 0)
		return;
	tr_buf_printf(out, "\n%s (%zu):\n", kind, l->count);
	for (size_t i = 0; i < l->count && i < S_MAX_ITEMS; i++)
		S_item(out, kind, &l->items[i]);
	if (l->count > S_MAX_ITEMS)
		tr_buf_printf(out, "  ... and %zu more (--json lists them all)\n",
		              l->count - S_MAX_ITEMS);
}

int tr_diff_text(tr_buf *out, const tr_diff *d)
{
	int rc;
	S_side(out, "old", d->old_path, d->old_title, d->old_digest, d->old_runs);
	S_side(out, "new", d->new_path, d->new_title, d->new_digest, d->new_runs);
	{
		size_t before = out->size;
		if ((rc = tr_diff_sameness(out, d)) < 0)
			return rc;
		if (out->size > before)
			tr_buf_putc(out, '\n');
	}
	for (size_t m = 0; m < d->nmetrics; m++)
		if (d->nchanges[m] > 0 && (rc = S_metric(out, d, (int)m)) < 0)
			return rc;
	S_cell_list(out, "added", d->cells_added, d->ncells_added);
	S_cell_list(out, "removed", d->cells_removed, d->ncells_removed);
	S_list(out, "Providers", &d->providers);
	S_list(out, "Scenarios", &d->scenarios);
	S_list(out, "Runs", &d->runs);
	S_list(out, "Prices", &d->prices);
	S_list(out, "Fx rates", &d->fx);
	S_list(out, "Findings", &d->findings);
	tr_buf_putc(out, '\n');
	tr_diff_verdict(out, d);
	return tr_buf_putc(out, '\n');
}
