/* figures_runs.c: the inline directives of one run, of a provider's place
 * and of a range over scenarios:
 *
 *   {{run P S [W] N METRIC [fmt=]}}           N: a run id, best, worst, median
 *   {{rank P S|* METRIC [W|*] [agg=]}}         "#3 of 9"
 *   {{range P METRIC vs=Q [W|*] [scenarios=S1,S2] [over=workloads] [agg=]
 *           [fmt=x1|pct|diff]}}
 *                                              "4.3–9.0×"
 *
 * stats computes each figure (figures.h); this file parses and formats. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long tr_wu_named_run(tr_wu_doc *d, const tr_metric *m, size_t p, long s, long w,
                     const char *name)
{
	const tr_results *r = d->r;
	long c = tr_results_cell(r, p, (size_t)s, (size_t)w), k;
	tr_buf ids = TR_BUF_INIT;
	if (c < 0) {
		tr_wu_error(d, "provider '%s' has no usable runs in scenario '%s'",
		            tr_wu_c(d, r->providers[p].id), tr_wu_c(d, r->scenarios[s].id));
		return -1;
	}
	if ((k = tr_cell_run_named(r, &r->cells[c], m, name)) >= 0)
		return k;
	for (size_t j = 0; j < r->cells[c].nruns; j++)
		tr_buf_printf(&ids, "%s%s", j ? ", " : "",
		              r->runs[r->cells[c].runs[j]].id ? r->runs[r->cells[c].runs[j]].id : "?");
	tr_wu_error(d, "no run '%s' of %s in scenario '%s' with %s (its runs: %s; or best, "
	               "worst, median)", tr_wu_c(d, name), tr_wu_c(d, r->providers[p].id),
	            tr_wu_c(d, r->scenarios[s].id), m->key, tr_wu_c(d, tr_buf_cstr(&ids)));
	tr_buf_free(&ids);
	return -1;
}

int tr_wu_run(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	tr_wu_style style;
	long p, s, w, k;
	size_t n;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "fmt", &a)) < 0)
		return rc;
	n = a.npos;
	if (n < 4 || n > 5)
		return tr_wu_error(d, "{{run}}: expected PROVIDER SCENARIO [WORKLOAD] "
		                      "RUN|best|worst|median METRIC [fmt=k|duration]");
	if ((p = tr_wu_provider(d, a.pos[0])) < 0 || !(m = tr_wu_metric(d, a.pos[n - 1])) ||
	    tr_wu_parse_where(d, a.pos[1], n == 5 ? a.pos[2] : NULL, &s, &w) < 0 ||
	    tr_wu_parse_style(d, &a, &style) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (s < 0 || w < 0)
		return tr_wu_error(d, "{{run}}: a run is in one scenario and workload, not *");
	if (!tr_metric_per_run(m))
		return tr_wu_error(d, "{{run}}: %s is not a figure of one run (tps, "
		                      "latency_avg_ms, transactions, failed, a window figure "
		                      "such as stability.worst.tps_cov_pct, an exact "
		                      "percentile such as latency.p99_ms)", m->key);
	if (tr_wu_style_contrast(style))
		return tr_wu_error(d, "{{run}}: one figure; compare runs with {{compare P S "
		                      "vs=Q run=N fmt=...}}");
	if ((k = tr_wu_named_run(d, m, (size_t)p, s, w, a.pos[n - 2])) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	return tr_wu_fmt_styled(d, out, m, tr_metric_of_run(m, &d->r->runs[k]), style);
}

int tr_wu_rank(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	tr_metric_agg agg;
	bool given;
	long p, s, w;
	size_t rank, of;

	if (tr_wu_split_args(d, dir, "agg", &a) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (a.npos < 3 || a.npos > 4)
		return tr_wu_error(d, "{{rank}}: expected PROVIDER SCENARIO|* METRIC "
		                      "[WORKLOAD|*] [agg=mean|median|min|max|sum]");
	if ((p = tr_wu_provider(d, a.pos[0])) < 0 || !(m = tr_wu_metric(d, a.pos[2])) ||
	    tr_wu_parse_where(d, a.pos[1], a.npos > 3 ? a.pos[3] : NULL, &s, &w) < 0 ||
	    tr_wu_parse_agg(d, &a, &agg, &given) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (m->kind != TR_METRIC_CELL || m->direction == TR_METRIC_NEITHER)
		return tr_wu_error(d, "{{rank}}: %s has no better side to rank by (a figure "
		                      "of a cell such as tps_median or latency.p99_ms)", m->key);
	if (!given)
		agg = m->agg;
	if (tr_metric_rank(&rank, &of, d->r, m, (size_t)p, s, w, agg) < 0)
		return tr_wu_error(d, "{{rank}}: '%s' has no %s there", tr_wu_c(d, a.pos[0]),
		                   m->key);
	{
		/* "#3 of 9" would start a heading at a line's start in some
		 * renderers: escaped as every directive's text is */
		char text[64];
		snprintf(text, sizeof(text), "#%zu of %zu", rank, of);
		return tr_wu_md_escape(out, text);
	}
}

/* scenarios=S1,S2,...: indices into *out (caller frees); *n set. */
static int S_scenarios(tr_wu_doc *d, const char *list, size_t **out, size_t *n)
{
	char *copy = tr_strdup(list), *save = NULL;
	*n = 0;
	*out = tr_calloc(strlen(list) / 2 + 2, sizeof(size_t));
	if (!copy || !*out) {
		free(copy);
		return TR_ENOMEM;
	}
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		long s = tr_wu_scenario(d, t);
		if (s < 0) {
			free(copy);
			return TR_EINVALID;
		}
		(*out)[(*n)++] = (size_t)s;
	}
	free(copy);
	return 0;
}

/* The smallest and largest as "4.3–9.0×", "+12–31%", "+1.2–3.5 ms". */
static int S_range_text(tr_wu_doc *d, tr_buf *out, const tr_metric *m, double lo,
                        double hi, tr_wu_style style)
{
	tr_contrast a, b;
	tr_buf hb = TR_BUF_INIT;
	int rc;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.ratio = a.pct = a.diff = lo;
	b.ratio = b.pct = b.diff = hi;
	if ((rc = tr_wu_fmt_contrast(d, &hb, m, &b, style, false)) < 0)
		goto done;
	if (style == TR_WU_STYLE_X1) {
		/* the unit once, at the end */
		if ((rc = tr_fmt_fixed(out, lo, lo < 0.995 ? 2 : 1)) == 0)
			rc = tr_buf_printf(out, "\xe2\x80\x93%s", tr_buf_cstr(&hb));
		goto done;
	}
	if ((rc = tr_wu_fmt_contrast(d, out, m, &a, style, false)) == 0)
		rc = tr_buf_printf(out, " \xe2\x80\x93 %s", tr_buf_cstr(&hb));
done:
	tr_buf_free(&hb);
	return rc;
}

int tr_wu_range(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	tr_wu_args a;
	const tr_metric *m;
	const char *vs, *list, *over;
	tr_metric_agg agg;
	tr_wu_style style;
	size_t *scen = NULL, nscen = 0, used;
	double lo, hi;
	bool given, each;
	long p, q, s, w = -1;
	int rc;

	if ((rc = tr_wu_split_args(d, dir, "vs scenarios agg fmt over", &a)) < 0)
		return rc;
	vs = tr_wu_arg(&a, "vs");
	list = tr_wu_arg(&a, "scenarios");
	over = tr_wu_arg(&a, "over");
	if (a.npos < 2 || a.npos > 3 || !vs)
		return tr_wu_error(d, "{{range}}: expected PROVIDER METRIC [WORKLOAD|*] "
		                      "vs=PROVIDER [scenarios=S1,S2,...] [over=workloads] "
		                      "[agg=...] [fmt=x1|pct|diff]");
	if (over && strcmp(over, "workloads") != 0 && strcmp(over, "scenarios") != 0)
		return tr_wu_error(d, "{{range}}: over= is scenarios (the default) or "
		                      "workloads, not %s", tr_wu_c(d, over));
	each = over && strcmp(over, "workloads") == 0;
	if (each && a.npos > 2)
		return tr_wu_error(d, "{{range}}: over=workloads takes every workload; "
		                      "leave out the WORKLOAD");
	if ((p = tr_wu_provider(d, a.pos[0])) < 0 || (q = tr_wu_provider(d, vs)) < 0 ||
	    !(m = tr_wu_metric(d, a.pos[1])) || tr_wu_parse_agg(d, &a, &agg, &given) < 0 ||
	    tr_wu_parse_style(d, &a, &style) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (a.npos > 2 && tr_wu_parse_where(d, NULL, a.pos[2], &s, &w) < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	if (m->base)
		m = m->base;
	if (style == TR_WU_STYLE_DEFAULT)
		style = TR_WU_STYLE_X1;
	if (style != TR_WU_STYLE_X1 && style != TR_WU_STYLE_PCT && style != TR_WU_STYLE_DIFF)
		return tr_wu_error(d, "{{range}}: fmt= is x1, pct or diff");
	if (m->kind != TR_METRIC_CELL)
		return tr_wu_error(d, "{{range}}: %s is not a figure of a cell", m->key);
	if (list && (rc = S_scenarios(d, list, &scen, &nscen)) < 0)
		goto done;
	if (list && nscen < 2 && !each) {
		rc = tr_wu_error(d, "{{range}}: scenarios= names %zu scenario; a range needs "
		                    "two or more", nscen);
		goto done;
	}
	rc = tr_contrast_range(&lo, &hi, &used, d->r, m, (size_t)p, (size_t)q, scen, nscen, w,
	                       each, given ? agg : m->agg,
	                       style == TR_WU_STYLE_X1 ? TR_CONTRAST_RATIO
	                       : style == TR_WU_STYLE_PCT ? TR_CONTRAST_PCT : TR_CONTRAST_DIFF);
	if (rc == 0 && used < 2) {
		tr_buf ids = TR_BUF_INIT;
		for (size_t i = 0; i < d->r->nscenarios; i++)
			tr_buf_printf(&ids, "%s%s", i ? ", " : "", d->r->scenarios[i].id);
		rc = tr_wu_error(d, "{{range}}: %s against %s has %s in %zu %s%s; a range "
		                    "needs two or more (the study's scenarios: %s)",
		                 tr_wu_c(d, a.pos[0]), tr_wu_c(d, vs), m->key, used,
		                 each ? "workload" : "scenario", used == 1 ? "" : "s",
		                 tr_wu_c(d, tr_buf_cstr(&ids)));
		tr_buf_free(&ids);
	}
	if (rc == 0) {
		tr_buf text = TR_BUF_INIT;
		if ((rc = S_range_text(d, &text, m, lo, hi, style)) == 0)
			rc = tr_wu_md_escape(out, tr_buf_cstr(&text));
		tr_buf_free(&text);
	}
done:
	free(scen);
	return rc;
}
