/* figures.c: the inline figure directives.
 *
 *   {{value P S|* METRIC [W|*] [agg=] [vs=Q] [runs=] [fmt=]}}
 *   {{compare P S|* [W|*] [vs=Q|*] [metric=M] [agg=] [fmt=] [verdict=off]
 *             [runs=] [run=N]}}
 *   {{best M [S|*] [W|*] [agg=] [fmt=]}}, {{worst ...}}
 *   {{headline M [S|*] [W|*] "caption" [agg=] [fmt=]}} (a block)
 *
 * `*` stands for every workload (or scenario); the figure is then the
 * aggregate (agg=, default mean) of the cells' figures, and says how many
 * cells it is over when some of them lack the metric. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One provider's figure of m over scenario s and workload w (-1: all);
 * vs: the provider derived metrics compare with (-1: the baseline). */
typedef struct {
	double v;
	size_t used, missing;
	const tr_cell *cell;     /* when s and w name one cell */
} S_fig;

static const tr_cell *S_cell(const tr_results *r, size_t p, long s, long w)
{
	long c = s >= 0 && w >= 0 ? tr_results_cell(r, p, (size_t)s, (size_t)w) : -1;
	return c >= 0 ? &r->cells[c] : NULL;
}

static int S_figure(tr_wu_doc *d, S_fig *out, const tr_metric *m, size_t p, long vs,
                    long s, long w, tr_metric_agg agg, tr_run_pick pick)
{
	const tr_results *r = d->r;
	size_t other = vs < 0 ? tr_results_baseline_of(r, s) : (size_t)vs;
	memset(out, 0, sizeof(*out));
	out->v = NAN;
	if (m->kind != TR_METRIC_CELL && other == p)
		return tr_wu_error(d, "'%s' is the %s; %s compares a provider with another",
		                   tr_wu_c(d, r->providers[p].id),
		                   vs < 0 ? "baseline" : "provider compared with", m->key);
	if (s >= 0 && w >= 0) {
		const tr_cell *c = S_cell(r, p, s, w);
		if (!c)
			return tr_wu_error(d, "provider '%s' has no usable runs in scenario '%s'",
			                   tr_wu_c(d, r->providers[p].id),
			                   tr_wu_c(d, r->scenarios[s].id));
		out->cell = c;
		out->v = tr_metric_value_pick(r, m, c, S_cell(r, other, s, w),
		                              tr_wu_comparison(r, p, (size_t)s, (size_t)w), pick);
		out->used = isfinite(out->v);
		out->missing = !out->used;
		return 0;
	}
	out->v = m->kind == TR_METRIC_CELL
	         ? tr_metric_over_pick(r, m, p, s, w, agg, pick, &out->used, &out->missing)
	         : tr_metric_over_vs_pick(r, m, p, vs < 0 ? -1 : vs, s, w, agg, pick, &out->used,
	                                  &out->missing);
	if (out->used + out->missing == 0)
		return tr_wu_error(d, "provider '%s' has no usable runs in %s%s",
		                   tr_wu_c(d, r->providers[p].id),
		                   s >= 0 ? "scenario " : "the study",
		                   s >= 0 ? tr_wu_c(d, r->scenarios[s].id) : "");
	return 0;
}

/* " (mean of 3 of 4 cells: 1 lacks p99_ms)" when some cells lack it. */
static int S_over_note(tr_buf *out, const S_fig *f, const tr_metric *m)
{
	if (f->cell || f->missing == 0 || f->used == 0)
		return 0;
	return tr_buf_printf(out, " (over %zu of %zu cells; %zu without %s)", f->used,
	                     f->used + f->missing, f->missing, m->key);
}

/* No place where both P and Q have m: say which providers have it there. */
static int S_missing(tr_wu_doc *d, const tr_metric *m, size_t p, size_t q, long s, long w)
{
	const tr_results *r = d->r;
	tr_buf have = TR_BUF_INIT;
	int rc;
	for (size_t i = 0; i < r->nproviders; i++) {
		size_t used = 0;
		tr_metric_over(r, m, i, -1, s, w, TR_AGG_MEAN, &used, NULL);
		if (used)
			tr_buf_printf(&have, "%s%s", have.size ? ", " : "", r->providers[i].id);
	}
	rc = tr_wu_error(d, "%s: %s and %s have no %s in the same place%s%s (a comparison "
	                    "needs the figure on both sides; providers with it there: %s)",
	                 m->key, tr_wu_c(d, r->providers[p].id), tr_wu_c(d, r->providers[q].id),
	                 m->key, s >= 0 ? " of scenario " : "",
	                 s >= 0 ? tr_wu_c(d, r->scenarios[s].id) : "",
	                 have.size ? tr_wu_c(d, tr_buf_cstr(&have)) : "none");
	tr_buf_free(&have);
	return rc;
}

/* P against Q on m: the figures of stats' contrast, in a style, with
 * its verdict when asked. */
static int S_contrast(tr_wu_doc *d, tr_buf *out, const tr_metric *m, size_t p, size_t q,
                      long s, long w, tr_metric_agg agg, tr_run_pick pick,
                      tr_wu_style style, bool verdict)
{
	const tr_results *r = d->r;
	tr_contrast c;
	int rc;
	if (p == q)
		return tr_wu_error(d, "'%s' compared with itself: name another provider with "
		                      "vs=PROVIDER", tr_wu_c(d, r->providers[p].id));
	if (style == TR_WU_STYLE_K ||
	    (style == TR_WU_STYLE_DURATION && m->format != TR_METRIC_FMT_SECONDS))
		return tr_wu_error(d, "fmt=%s does not fit a comparison of %s (x1, pct, diff, "
		                      "words; duration for durations)",
		                   style == TR_WU_STYLE_K ? "k" : "duration", m->key);
	rc = tr_contrast_cells(&c, r, m, p, q, s, w, agg, pick);
	if (rc == TR_ENOTFOUND)
		return S_missing(d, m, p, q, s, w);
	if (rc < 0)
		return rc;
	return tr_wu_fmt_contrast(d, out, m, &c, style, verdict);
}

int tr_wu_value(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	tr_metric_agg agg;
	tr_wu_style style;
	tr_run_pick pick;
	bool given;
	long p, s, w, vs = -1;
	S_fig f;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "agg fmt vs runs", &a)) < 0)
		return rc;
	if (a.npos < 3 || a.npos > 4)
		return tr_wu_error(d, "{{value}}: expected PROVIDER SCENARIO METRIC "
		                      "[WORKLOAD] [agg=mean|median|min|max|sum] [vs=PROVIDER] "
		                      "[runs=median|best|worst] "
		                      "[fmt=x1|pct|diff|words|k|duration] (SCENARIO and WORKLOAD "
		                      "may be *)");
	if ((p = tr_wu_provider(d, a.pos[0])) < 0 || !(m = tr_wu_metric(d, a.pos[2])) ||
	    tr_wu_parse_where(d, a.pos[1], a.npos > 3 ? a.pos[3] : NULL, &s, &w) < 0 ||
	    tr_wu_parse_agg(d, &a, &agg, &given) < 0 || tr_wu_parse_style(d, &a, &style) < 0 ||
	    tr_wu_parse_runs(d, &a, m, &pick) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (tr_wu_arg(&a, "vs") && (vs = tr_wu_provider(d, tr_wu_arg(&a, "vs"))) < 0)
		return TR_EINVALID;
	if (!given)
		agg = m->agg;
	if (tr_wu_style_contrast(style) && (m->kind == TR_METRIC_CELL || m->base)) {
		/* a figure against another provider's: the magnitude alone */
		if (vs < 0 && (size_t)p == tr_results_baseline_of(d->r, s))
			return tr_wu_error(d, "{{value}}: fmt=%s compares with the baseline, and "
			                      "'%s' is the baseline; name another provider with "
			                      "vs=PROVIDER", tr_wu_arg(&a, "fmt"), tr_wu_c(d, a.pos[0]));
		return S_contrast(d, out, m->base ? m->base : m, (size_t)p,
		                  vs < 0 ? tr_results_baseline_of(d->r, s) : (size_t)vs, s, w, agg, pick, style,
		                  false);
	}
	if ((rc = S_figure(d, &f, m, (size_t)p, vs, s, w, agg, pick)) < 0)
		return rc;
	/* one cell with agg=: over its runs ("transactions agg=sum") */
	if (f.cell && given && tr_metric_per_run(m))
		f.v = tr_metric_of_runs(d->r, m, f.cell, agg);
	if ((rc = tr_wu_fmt_styled(d, out, m, f.v, style)) < 0)
		return rc;
	return S_over_note(out, &f, m);
}

/* ---- {{compare}} ------------------------------------------------------ */

/* run=N: P's run N against Q's run N (an id both have, or best, worst,
 * median of each side); one run a side, so no test. */
static int S_compare_runs(tr_wu_doc *d, tr_buf *out, const tr_metric *m, size_t p,
                          size_t q, long s, long w, const char *name, tr_wu_style style)
{
	const tr_results *r = d->r;
	long ra, rb;
	tr_contrast c;
	if (s < 0 || w < 0)
		return tr_wu_error(d, "{{compare}}: run=%s needs one scenario and workload, "
		                      "not *", tr_wu_c(d, name));
	if ((ra = tr_wu_named_run(d, m, p, s, w, name)) < 0 ||
	    (rb = tr_wu_named_run(d, m, q, s, w, name)) < 0)
		return TR_EINVALID;
	tr_contrast_runs(&c, r, m, (size_t)ra, (size_t)rb);
	if (!isfinite(c.a) || !isfinite(c.b))
		return tr_wu_error(d, "{{compare}}: run %s has no %s on both sides",
		                   tr_wu_c(d, name), m->key);
	return tr_wu_fmt_contrast(d, out, m, &c, style, false);
}

int tr_wu_compare(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const tr_results *r = d->r;
	tr_wu_args a;
	const tr_metric *base;
	const char *mk, *vsarg, *run;
	tr_metric_agg agg;
	tr_wu_style style;
	tr_run_pick pick;
	tr_buf text = TR_BUF_INIT;
	bool given, verdict, first = true;
	long p, s, w, vs = -1;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "vs metric agg fmt verdict runs run", &a)) < 0)
		return rc;
	if (a.npos < 2 || a.npos > 3)
		return tr_wu_error(d, "{{compare}}: expected PROVIDER SCENARIO|* [WORKLOAD|*] "
		                      "[vs=PROVIDER|*] [metric=METRIC] [agg=...] "
		                      "[fmt=pct|x1|diff|words] [verdict=off] "
		                      "[runs=median|best|worst] [run=ID|best|worst|median]");
	mk = tr_wu_arg(&a, "metric");
	run = tr_wu_arg(&a, "run");
	if ((p = tr_wu_provider(d, a.pos[0])) < 0 ||
	    tr_wu_parse_where(d, a.pos[1], a.npos > 2 ? a.pos[2] : NULL, &s, &w) < 0 ||
	    tr_wu_parse_agg(d, &a, &agg, &given) < 0 || tr_wu_parse_style(d, &a, &style) < 0 ||
	    tr_wu_parse_verdict(d, &a, &verdict) < 0 ||
	    !(base = tr_wu_metric(d, mk ? mk : "tps_median")))
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (base->base)
		base = base->base; /* metric=tps_gap_pct: what it compares */
	if (base->kind != TR_METRIC_CELL || base->direction == TR_METRIC_NEITHER)
		return tr_wu_error(d, "{{compare}}: metric=%s cannot be compared (a figure of "
		                      "a cell such as TPS, latency, cost, CoV, a count or a "
		                      "duration can)", base->key);
	if (tr_wu_parse_runs(d, &a, base, &pick) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	vsarg = tr_wu_arg(&a, "vs");
	if (vsarg && strcmp(vsarg, "*") != 0 && (vs = tr_wu_provider(d, vsarg)) < 0)
		return TR_EINVALID;
	if (vs < 0 && !(vsarg && strcmp(vsarg, "*") == 0)) {
		if ((size_t)p == tr_results_baseline_of(r, s))
			return tr_wu_error(d, "{{compare}}: '%s' is the baseline; name one of the "
			                      "providers compared with it, or vs=PROVIDER",
			                   tr_wu_c(d, a.pos[0]));
		vs = (long)tr_results_baseline_of(r, s);
	}
	for (size_t q = 0; q < r->nproviders && rc == 0; q++) {
		if (q == (size_t)p || (vs >= 0 && q != (size_t)vs))
			continue;
		if (vs < 0) {
			/* vs=*: only those with data where P has it. */
			if (s >= 0 && w >= 0 && !S_cell(r, q, s, w))
				continue;
			rc = tr_buf_puts(&text, first ? "" : ", ");
		}
		if (rc == 0 && run)
			rc = S_compare_runs(d, &text, base, (size_t)p, q, s, w, run, style);
		else if (rc == 0)
			rc = S_contrast(d, &text, base, (size_t)p, q, s, w, agg, pick, style,
			                verdict);
		if (rc == 0 && vs < 0)
			rc = tr_buf_printf(&text, " vs %s", r->providers[q].label);
		first = false;
	}
	if (rc == 0 && first)
		rc = tr_wu_error(d, "{{compare}}: no other provider to compare '%s' with",
		                 tr_wu_c(d, a.pos[0]));
	if (rc == 0)
		rc = tr_wu_md_escape(out, tr_buf_cstr(&text));
	tr_buf_free(&text);
	return rc;
}

/* ---- {{best}}, {{worst}}, {{headline}} -------------------------------- */

/* Does v replace the best (or worst) so far? */
static bool S_pick(const tr_metric *m, double v, double best, bool worst)
{
	if (!isfinite(v))
		return false;
	if (!isfinite(best))
		return true;
	return worst ? tr_metric_better(m, best, v) : tr_metric_better(m, v, best);
}

/* A headline's short caption: the author's words, then where, in short
 * (the provider's label, the scenario's id and, in a sweep, the clients
 * and threads: never "(label (details), scenario (details))"). */
static int S_short_where(tr_buf *cap, const tr_results *r, const char *words,
                         const tr_cell *c, long provider, tr_metric_agg agg, size_t used)
{
	const tr_workload *w;
	if (!c)
		return tr_buf_printf(cap, "%s \xe2\x80\x94 %s, %s of %zu cell%s", words,
		                     r->providers[provider].label, tr_metric_agg_name(agg), used,
		                     used == 1 ? "" : "s");
	w = &r->workloads[c->workload];
	if (tr_buf_printf(cap, "%s \xe2\x80\x94 %s, %s", words, r->providers[c->provider].label,
	                  r->scenarios[c->scenario].id) < 0)
		return TR_ENOMEM;
	if (!tr_wu_scenario_many_workloads(r, c->scenario))
		return 0; /* the scenario says where */
	return tr_buf_printf(cap, ", %d client%s / %d thread%s", w->clients,
	                     w->clients == 1 ? "" : "s", w->threads, w->threads == 1 ? "" : "s");
}

/* The best (or worst) figure of m in s/w: the best cell, or with agg the
 * best provider's aggregate, among the providers allowed (allow NULL:
 * every one); its text and where it was reached (for a headline, its
 * short caption after the author's words). */
static int S_extreme(tr_wu_doc *d, tr_buf *fig, tr_buf *where, const tr_metric *m,
                     long s, long w, bool aggregate, tr_metric_agg agg, bool worst,
                     tr_wu_style style, const bool *allow, const char *words)
{
	const tr_results *r = d->r;
	double best = NAN;
	long at = -1;
	size_t used = 0;
	int rc;

	if (m->direction == TR_METRIC_NEITHER)
		return tr_wu_error(d, "%s has no better side to rank by", m->key);
	if (!aggregate) {
		for (size_t i = 0; i < r->ncells; i++) {
			const tr_cell *c = &r->cells[i];
			size_t base = tr_results_baseline_of(r, (long)c->scenario);
			double v;
			if ((s >= 0 && c->scenario != (size_t)s) || (w >= 0 && c->workload != (size_t)w) ||
			    (m->kind != TR_METRIC_CELL && c->provider == base) ||
			    (allow && !allow[c->provider]))
				continue;
			v = tr_metric_value(m, c, S_cell(r, base, (long)c->scenario, (long)c->workload),
			                    tr_wu_comparison(r, c->provider, c->scenario, c->workload));
			if (S_pick(m, v, best, worst))
				best = v, at = (long)i;
		}
	} else {
		for (size_t p = 0; p < r->nproviders; p++) {
			size_t u, miss;
			double v;
			if ((m->kind != TR_METRIC_CELL && p == tr_results_baseline_of(r, s)) ||
			    (allow && !allow[p]))
				continue;
			v = tr_metric_over(r, m, p, -1, s, w, agg, &u, &miss);
			if (S_pick(m, v, best, worst))
				best = v, at = (long)p, used = u;
		}
	}
	if (at < 0)
		return tr_wu_error(d, "no cell has %s%s%s", m->key, s >= 0 ? " in scenario " : "",
		                   s >= 0 ? tr_wu_c(d, r->scenarios[s].id) : "");
	if ((rc = tr_wu_fmt_styled(d, fig, m, best, style)) < 0)
		return rc;
	if ((rc = tr_buf_puts(fig, tr_wu_metric_suffix(m))) < 0)
		return rc;
	if (words)
		return S_short_where(where, r, words, aggregate ? NULL : &r->cells[at], at, agg,
		                     used);
	if (!aggregate)
		return tr_wu_cell_where(where, r, &r->cells[at]);
	return tr_buf_printf(where, "%s (%s of %zu cells)", r->providers[at].label,
	                     tr_metric_agg_name(agg), used);
}


/* M [S|*] [W|*]: the metric and where to look. */
static int S_extreme_args(tr_wu_doc *d, const tr_wu_args *a, size_t npos,
                          const tr_metric **m, long *s, long *w, bool *aggregate,
                          tr_metric_agg *agg, tr_wu_style *style)
{
	if (!(*m = tr_wu_metric(d, a->pos[0])))
		return TR_EINVALID;
	if (tr_wu_parse_where(d, npos > 1 ? a->pos[1] : NULL, npos > 2 ? a->pos[2] : "*",
	                      s, w) < 0 ||
	    tr_wu_parse_agg(d, a, agg, aggregate) < 0 || tr_wu_parse_style(d, a, style) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	return 0;
}

int tr_wu_extreme(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	tr_metric_agg agg;
	tr_wu_style style;
	tr_buf fig = TR_BUF_INIT, where = TR_BUF_INIT;
	bool aggregate;
	long s, w;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "agg fmt", &a)) < 0)
		return rc;
	if (a.npos < 1 || a.npos > 3)
		return tr_wu_error(d, "{{%s}}: expected METRIC [SCENARIO|*] [WORKLOAD|*] "
		                      "[agg=mean|median|min|max] [fmt=k]", dir->name);
	if ((rc = S_extreme_args(d, &a, a.npos, &m, &s, &w, &aggregate, &agg, &style)) < 0)
		return rc;
	rc = S_extreme(d, &fig, &where, m, s, w, aggregate, agg,
	               strcmp(dir->name, "worst") == 0, style, NULL, NULL);
	if (rc == 0)
		rc = tr_buf_printf(&fig, ", %s", tr_buf_cstr(&where));
	if (rc == 0)
		rc = tr_wu_md_escape(out, tr_buf_cstr(&fig));
	tr_buf_free(&fig);
	tr_buf_free(&where);
	return rc;
}

int tr_wu_headline(tr_wu_doc *d, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	tr_metric_agg agg;
	tr_wu_style style;
	tr_buf fig = TR_BUF_INIT, cap = TR_BUF_INIT;
	bool aggregate, *allow = NULL;
	long s, w;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "agg fmt providers group", &a)) < 0)
		return rc;
	if (a.npos < 2 || a.npos > 4)
		return tr_wu_error(d, "{{headline}}: expected METRIC [SCENARIO|*] [WORKLOAD|*] "
		                      "\"caption\" [providers=ID,ID] [group=fact.NAME:VALUE] "
		                      "[agg=...] [fmt=k]");
	if ((rc = S_extreme_args(d, &a, a.npos - 1, &m, &s, &w, &aggregate, &agg, &style)) < 0 ||
	    (rc = tr_wu_headline_who(d, &a, &allow)) < 0)
		return rc;
	rc = S_extreme(d, &fig, &cap, m, s, w, aggregate, agg, false, style, allow,
	               a.pos[a.npos - 1]);
	if (rc == 0)
		tr_wu_emit_headline(d, tr_wu_c(d, tr_buf_cstr(&fig)), tr_wu_c(d, tr_buf_cstr(&cap)));
	free(allow);
	tr_buf_free(&fig);
	tr_buf_free(&cap);
	return rc < 0 ? rc : d->rc;
}
