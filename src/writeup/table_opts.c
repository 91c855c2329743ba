/* table_opts.c: what the tables of figures take beside their own
 * arguments (docs/writeup.md, "Options of tables"): runs= (which run
 * stands for each cell), fmt= (how a figure or a comparison reads),
 * verdict= and vs=. A table says in its caption or note the rule its
 * figures follow; the figures come from stats (tr_metric_picked,
 * tr_contrast_*) and are only formatted here, as table cells. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <string.h>

#define S_EN_DASH "\xe2\x80\x93"

int tr_wu_table_opts_parse(tr_wu_doc *d, const tr_wu_directive *dir, const tr_wu_args *a,
                           tr_wu_table_opts *out)
{
	const char *runs = tr_wu_arg(a, "runs"), *fmt = tr_wu_arg(a, "fmt");
	const char *verdict = tr_wu_arg(a, "verdict"), *vs = tr_wu_arg(a, "vs");
	const char *layout = tr_wu_arg(a, "layout");
	const char *kind = dir->nargs ? tr_wu_c(d, dir->args[0]) : "";
	memset(out, 0, sizeof(*out));
	out->vs = -1;
	out->verdict = true;
	out->pick_given = runs != NULL;
	if (runs && tr_wu_pick_of(runs, &out->pick) < 0)
		return tr_wu_error(d, "{{%s %s}}: unknown runs=%s (median, best, worst)",
		                   dir->name, kind, tr_wu_c(d, runs));
	if (fmt && tr_wu_style_of(fmt, &out->style) < 0)
		return tr_wu_error(d, "{{%s %s}}: unknown format fmt=%s (" TR_WU_STYLES ")",
		                   dir->name, kind, tr_wu_c(d, fmt));
	if (verdict && strcmp(verdict, "on") != 0 && strcmp(verdict, "off") != 0)
		return tr_wu_error(d, "{{%s %s}}: unknown verdict=%s (on, off)", dir->name, kind,
		                   tr_wu_c(d, verdict));
	out->verdict = !verdict || strcmp(verdict, "on") == 0;
	if (layout && strcmp(layout, "rows") != 0 && strcmp(layout, "columns") != 0)
		return tr_wu_error(d, "{{%s %s}}: unknown layout=%s (rows: one row per "
		                      "attribute and one column per provider; columns)",
		                   dir->name, kind, tr_wu_c(d, layout));
	out->rows = layout && strcmp(layout, "rows") == 0;
	if (vs && (out->vs = tr_wu_provider(d, vs)) < 0)
		return TR_EINVALID;
	return 0;
}

bool tr_wu_style_figure(tr_wu_style style)
{
	return style == TR_WU_STYLE_DEFAULT || style == TR_WU_STYLE_K ||
	       style == TR_WU_STYLE_DURATION;
}

tr_run_pick tr_wu_table_pick(tr_wu_doc *d, tr_wu_table_opts *o, const tr_metric *m)
{
	tr_run_pick pick = o->pick_given ? o->pick : tr_metric_default_pick(d->r, m);
	/* only a figure that runs have and that has a better side is picked
	 * (tr_metric_picked): only then does the note speak of it */
	if (pick != TR_RUNS_MEDIAN && (tr_metric_per_run(m) || tr_metric_priced(m)) &&
	    m->direction != TR_METRIC_NEITHER)
		o->picked = true;
	return pick;
}

const char *tr_wu_picked_label(tr_wu_doc *d, const tr_metric *m, tr_run_pick pick)
{
	const char *l = m->label;
	if (pick == TR_RUNS_MEDIAN || !(tr_metric_per_run(m) || tr_metric_priced(m)) ||
	    m->direction == TR_METRIC_NEITHER)
		return l;
	/* "Median TPS" is not what a best run shows */
	if (strncmp(l, "median ", 7) == 0 || strncmp(l, "Median ", 7) == 0)
		l += 7;
	return tr_wu_keep(d, tr_sprintf("%s %s", pick == TR_RUNS_BEST ? "best-run" : "worst-run",
	                                l));
}

void tr_wu_table_figure(tr_wu_doc *d, tr_wu_table *t, const tr_wu_table_opts *o,
                        const tr_metric *m, double v)
{
	tr_buf b = TR_BUF_INIT;
	/* pct, x1, diff, words shape the table's comparisons, not its figures */
	if (!tr_wu_style_figure(o->style) || o->style == TR_WU_STYLE_DEFAULT || !isfinite(v)) {
		tr_wu_table_num(t, v, tr_wu_metric_unit(m));
		return;
	}
	if (tr_wu_fmt_styled(d, &b, m, v, o->style) < 0) {
		t->rc = t->rc < 0 ? t->rc : d->rc;
		tr_buf_free(&b);
		return;
	}
	tr_wu_table_sorted(t, tr_wu_keep_buf(d, &b), v);
}

const char *tr_wu_figure_text(tr_wu_doc *d, const tr_wu_table_opts *o,
                              const tr_metric *m, double v)
{
	tr_buf b = TR_BUF_INIT;
	int rc;
	if (!isfinite(v))
		return NULL;
	if (!tr_wu_style_figure(o->style) || o->style == TR_WU_STYLE_DEFAULT)
		rc = tr_wu_fmt(&b, v, tr_wu_metric_unit(m));
	else
		rc = tr_wu_fmt_styled(d, &b, m, v, o->style);
	if (rc < 0) {
		tr_buf_free(&b);
		if (d->rc == 0)
			d->rc = rc;
		return NULL;
	}
	return tr_wu_keep_buf(d, &b);
}

void tr_wu_table_contrast(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                          const tr_metric *m, const tr_contrast *c, tr_wu_style style)
{
	tr_buf b = TR_BUF_INIT;
	double sort;
	if (style == TR_WU_STYLE_DEFAULT)
		style = TR_WU_STYLE_PCT;
	sort = style == TR_WU_STYLE_DIFF || style == TR_WU_STYLE_DURATION ? c->diff
	              : style == TR_WU_STYLE_PCT ? c->pct : c->ratio;
	if (c->zero && style != TR_WU_STYLE_DIFF && style != TR_WU_STYLE_DURATION) {
		/* never "inf": a dash, and the note says why */
		o->zero = true;
		tr_wu_table_text(t, S_EN_DASH);
		return;
	}
	if (tr_wu_fmt_contrast(d, &b, m, c, style, false) < 0) {
		t->rc = t->rc < 0 ? t->rc : (d->rc < 0 ? d->rc : TR_ENOMEM);
		tr_buf_free(&b);
		return;
	}
	o->tested |= c->tested;
	if (o->verdict && c->tested && !c->significant) {
		tr_buf_puts(&b, " ~");
		o->tilde = true;
	}
	tr_wu_table_sorted(t, tr_wu_keep_buf(d, &b), sort);
}

void tr_wu_table_vs_cells(tr_wu_doc *d, tr_wu_table *t, tr_wu_table_opts *o,
                          const tr_metric *m, const tr_cell *c, size_t q, tr_run_pick pick,
                          tr_wu_style style, bool with_p)
{
	tr_contrast ct;
	if (tr_contrast_cells(&ct, d->r, m, c->provider, q, (long)c->scenario,
	                      (long)c->workload, TR_AGG_MEAN, pick) < 0) {
		tr_wu_table_text(t, S_EN_DASH);
		if (with_p)
			tr_wu_table_text(t, "");
		return;
	}
	tr_wu_table_contrast(d, t, o, m, &ct, style);
	if (with_p && ct.tested)
		tr_wu_table_sorted(t, tr_wu_keep(d, tr_sprintf("%s (%zu+%zu)",
		                                                tr_wu_n(d, ct.p, TR_WU_P),
		                                                ct.nb, ct.na)), ct.p);
	else if (with_p)
		tr_wu_table_text(t, "");
}

const char *tr_wu_style_words(tr_wu_doc *d, tr_wu_style style, const char *other)
{
	const char *o = tr_wu_c(d, other);
	switch (style) {
	case TR_WU_STYLE_X1:
		return tr_wu_keep(d, tr_sprintf("the ratio of each figure to %s's", o));
	case TR_WU_STYLE_DIFF:
	case TR_WU_STYLE_DURATION:
		return tr_wu_keep(d, tr_sprintf("each figure minus %s's, in its unit", o));
	case TR_WU_STYLE_WORDS:
		return tr_wu_keep(d, tr_sprintf("each figure against %s's, in words", o));
	default:
		return tr_wu_keep(d, tr_sprintf("the difference from %s's figure, in percent", o));
	}
}

const char *tr_wu_table_opts_note(tr_wu_doc *d, const tr_wu_table_opts *o)
{
	tr_buf b = TR_BUF_INIT;
	tr_run_pick pick = o->pick_given ? o->pick : d->r->run_pick;
	if (o->picked && pick == TR_RUNS_BEST)
		tr_buf_puts(&b, "Best-run figures, each on its own: for TPS the highest of "
		                "the cell's runs, for latency and every figure where lower is "
		                "better the lowest of the runs' values.");
	else if (o->picked && pick == TR_RUNS_WORST)
		tr_buf_puts(&b, "Worst-run figures, each on its own: for TPS the lowest of "
		                "the cell's runs, for latency and every figure where lower is "
		                "better the highest of the runs' values.");
	if (o->tilde)
		tr_buf_printf(&b, "%s~: not significant (exact two-sided Mann-Whitney over the "
		                  "runs of the two cells, Holm-adjusted over its family, at %s).",
		              b.size ? " " : "", tr_wu_n(d, d->r->alpha, TR_WU_EXACT));
	if (o->zero)
		tr_buf_printf(&b, "%s" S_EN_DASH ": no ratio, the figure compared with is 0.",
		              b.size ? " " : "");
	return b.size ? tr_wu_keep_buf(d, &b) : NULL;
}

bool tr_wu_pickable(const tr_metric *m)
{
	return (tr_metric_per_run(m) || tr_metric_priced(m)) && m->direction != TR_METRIC_NEITHER &&
	       strcmp(m->key, "tps_min") != 0 && strcmp(m->key, "tps_max") != 0 &&
	       strcmp(m->key, "tps_mean") != 0 && strncmp(m->key, "stability.", 10) != 0;
}

const char *tr_wu_picked_header(tr_wu_doc *d, const char *header, tr_run_pick pick)
{
	if (pick == TR_RUNS_MEDIAN)
		return header;
	if (strncmp(header, "Median ", 7) == 0)
		header += 7;
	return tr_wu_keep(d, tr_sprintf("%s-run %c%s", pick == TR_RUNS_BEST ? "Best" : "Worst",
	                                header[0] >= 'A' && header[0] <= 'Z' &&
	                                        !(header[1] >= 'A' && header[1] <= 'Z')
	                                    ? header[0] - 'A' + 'a' : header[0],
	                                header + 1));
}

tr_run_pick tr_wu_doc_pick(const tr_wu_doc *d)
{
	return d->topts && d->topts->pick_given ? d->topts->pick : TR_RUNS_MEDIAN;
}
