/* inline.c: directives that stand for a few words inside a sentence:
 * {{title}}, {{subtitle}}, {{notes}}, {{value P S METRIC [W]}}, {{compare P S [W]}}, {{provider P
 * [FIELD]}}, {{scenario S [FIELD]}}, {{baseline}}, {{version}},
 * {{digest [short]}}. Their text is Markdown-escaped. */

#include "writeup_internal.h"
#include "version.h"
#include "util/buf.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* ---- {{value}}: cell and comparison figures, named as in results.json -- */

typedef struct {
	const char *name;       /* the key in results.json (dots: nesting) */
	tr_wu_unit unit;
	bool comparison;        /* from "comparisons", else from "cells" */
	size_t offset;          /* of the double in tr_cell / tr_comparison */
} S_metric;

#define S_CELL(name, unit, member) { name, unit, false, offsetof(tr_cell, member) }
#define S_CMP(name, unit, member) { name, unit, true, offsetof(tr_comparison, member) }

static const S_metric S_metrics[] = {
	S_CELL("tps_median", TR_WU_TPS, tps_median),
	S_CELL("tps_mean", TR_WU_TPS, tps_mean),
	S_CELL("tps_min", TR_WU_TPS, tps_min),
	S_CELL("tps_max", TR_WU_TPS, tps_max),
	S_CELL("latency_avg_ms", TR_WU_MS, latency_avg_ms),
	S_CELL("cost_per_tps", TR_WU_COST, cost_per_tps),
	S_CELL("tps_per_100", TR_WU_PER100, tps_per_100),
	S_CELL("tps_cov_pct_worst", TR_WU_PCT, worst.tps_cov_pct),
	S_CELL("tps_min_pct_worst", TR_WU_PCT, worst.tps_min_pct),
	S_CELL("stability.worst.tps_cov_pct", TR_WU_PCT, worst.tps_cov_pct),
	S_CELL("stability.worst.tps_min_pct", TR_WU_PCT, worst.tps_min_pct),
	S_CELL("stability.worst.tps_min", TR_WU_TPS, worst.tps_min),
	S_CELL("stability.worst.latency_p95_ms", TR_WU_MS, worst.latency_p95_ms),
	S_CELL("stability.worst.latency_max_ms", TR_WU_MS, worst.latency_max_ms),
	S_CELL("stability.median_run.tps_cov_pct", TR_WU_PCT, median_run.tps_cov_pct),
	S_CELL("stability.median_run.tps_min_pct", TR_WU_PCT, median_run.tps_min_pct),
	S_CELL("stability.median_run.latency_p95_ms", TR_WU_MS, median_run.latency_p95_ms),
	S_CELL("stability.pooled.tps_mean", TR_WU_TPS, pooled.tps_mean),
	S_CELL("stability.pooled.tps_cov_pct", TR_WU_PCT, pooled.tps_cov_pct),
	S_CELL("stability.pooled.tps_min_pct", TR_WU_PCT, pooled.tps_min_pct),
	S_CELL("stability.pooled.latency_p95_ms", TR_WU_MS, pooled.latency_p95_ms),
	S_CELL("latency.min_ms", TR_WU_MS, latency.min_ms),
	S_CELL("latency.p50_ms", TR_WU_MS, latency.p50_ms),
	S_CELL("latency.p90_ms", TR_WU_MS, latency.p90_ms),
	S_CELL("latency.p95_ms", TR_WU_MS, latency.p95_ms),
	S_CELL("latency.p99_ms", TR_WU_MS, latency.p99_ms),
	S_CELL("latency.p999_ms", TR_WU_MS, latency.p999_ms),
	S_CELL("latency.p9999_ms", TR_WU_MS, latency.p9999_ms),
	S_CELL("latency.max_ms", TR_WU_MS, latency.max_ms),
	S_CMP("tps_ratio", TR_WU_RATIO, tps_ratio),
	S_CMP("tps_gap_pct", TR_WU_GAP, tps_gap_pct),
	S_CMP("latency_ratio", TR_WU_RATIO, latency_ratio),
	S_CMP("cost_per_tps_ratio", TR_WU_RATIO, cost_per_tps_ratio),
	S_CMP("value_ratio", TR_WU_RATIO, value_ratio),
	S_CMP("p_value", TR_WU_P, p_value),
	S_CMP("p_adjusted", TR_WU_P, p_adjusted),
};

/* The cell (and comparison) that P S [W] name. */
static int S_target(tr_wu_doc *d, const tr_wu_directive *dir, size_t first,
                    const tr_cell **cell, const tr_comparison **cmp,
                    size_t *provider)
{
	long p, s, w, c;
	if (dir->nargs < first + 2)
		return tr_wu_error(d, "{{%s}}: expected PROVIDER SCENARIO%s", dir->name,
		                   strcmp(dir->name, "value") == 0 ? " METRIC [WORKLOAD]"
		                                                   : " [WORKLOAD]");
	if ((p = tr_wu_provider(d, dir->args[first])) < 0 ||
	    (s = tr_wu_scenario(d, dir->args[first + 1])) < 0)
		return TR_EINVALID;
	w = tr_wu_workload(d, (size_t)s, dir->nargs > first + 2 ? dir->args[first + 2] : NULL);
	if (w < 0)
		return d->rc < 0 ? d->rc : TR_EINVALID;
	c = tr_results_cell(d->r, (size_t)p, (size_t)s, (size_t)w);
	if (c < 0)
		return tr_wu_error(d, "provider '%s' has no usable runs in scenario '%s'",
		                   tr_wu_c(d, dir->args[first]), tr_wu_c(d, dir->args[first + 1]));
	*cell = &d->r->cells[c];
	*cmp = tr_wu_comparison(d->r, (size_t)p, (size_t)s, (size_t)w);
	*provider = (size_t)p;
	return 0;
}

static int S_value(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const tr_cell *cell;
	const tr_comparison *cmp;
	const S_metric *m = NULL;
	tr_wu_directive shifted = *dir;
	size_t provider;
	double v;
	int rc;

	if (dir->nargs < 3 || dir->nargs > 4)
		return tr_wu_error(d, "{{value}}: expected PROVIDER SCENARIO METRIC "
		                      "[WORKLOAD]");
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_metrics); i++)
		if (strcmp(S_metrics[i].name, dir->args[2]) == 0)
			m = &S_metrics[i];
	if (!m)
		return tr_wu_error(d, "{{value}}: unknown metric '%s' (a key of a cell "
		                      "or a comparison in results.json, e.g. tps_median, "
		                      "latency_avg_ms, stability.worst.tps_cov_pct, "
		                      "latency.p95_ms, tps_gap_pct, value_ratio; see "
		                      "docs/writeup.md)", tr_wu_c(d, dir->args[2]));
	/* P S [W]: drop the metric from the arguments. */
	shifted.nargs = dir->nargs - 1;
	shifted.args[2] = dir->nargs > 3 ? dir->args[3] : NULL;
	if ((rc = S_target(d, &shifted, 0, &cell, &cmp, &provider)) < 0)
		return rc;
	if (m->comparison) {
		if (!cmp)
			return tr_wu_error(d, "{{value}}: '%s' is the baseline; %s compares "
			                      "the other providers with it",
			                   tr_wu_c(d, dir->args[0]), m->name);
		v = *(const double *)((const char *)cmp + m->offset);
	} else {
		v = *(const double *)((const char *)cell + m->offset);
	}
	return tr_wu_fmt(out, v, m->unit);
}

int tr_wu_compare_text(tr_buf *out, const tr_comparison *c)
{
	int rc;
	if (c->significant) {
		rc = tr_wu_fmt(out, c->tps_gap_pct, TR_WU_GAP);
	} else {
		rc = tr_buf_puts(out, "~");
	}
	if (rc == 0)
		rc = tr_buf_puts(out, " (");
	if (rc == 0 && !isnan(c->p_adjusted)) {
		rc = tr_buf_puts(out, "p=");
		if (rc == 0)
			rc = tr_wu_fmt(out, c->p_adjusted, TR_WU_P);
		if (rc == 0)
			rc = tr_buf_puts(out, ", ");
	}
	if (rc == 0)
		rc = tr_buf_printf(out, "n=%zu+%zu)", c->n_baseline, c->n_provider);
	return rc;
}

static int S_compare(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const tr_cell *cell;
	const tr_comparison *cmp;
	size_t provider;
	tr_buf text = TR_BUF_INIT;
	int rc;
	if (dir->nargs > 3)
		return tr_wu_error(d, "{{compare}}: expected PROVIDER SCENARIO [WORKLOAD]");
	if ((rc = S_target(d, dir, 0, &cell, &cmp, &provider)) < 0)
		return rc;
	if (!cmp)
		return tr_wu_error(d, "{{compare}}: '%s' is the baseline; name one of "
		                      "the providers compared with it",
		                   tr_wu_c(d, dir->args[0]));
	if ((rc = tr_wu_compare_text(&text, cmp)) == 0)
		rc = tr_wu_md_escape(out, tr_buf_cstr(&text));
	tr_buf_free(&text);
	return rc;
}

static int S_provider(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *field = dir->nargs > 1 ? dir->args[1] : "label";
	const tr_provider_result *p;
	long i;
	if (dir->nargs < 1 || dir->nargs > 2)
		return tr_wu_error(d, "{{provider}}: expected PROVIDER [label|id|vcpu|"
		                      "ram_gb|monthly_cost|notes]");
	if ((i = tr_wu_provider(d, dir->args[0])) < 0)
		return TR_EINVALID;
	p = &d->r->providers[i];
	if (strcmp(field, "label") == 0)
		return tr_wu_md_escape(out, p->label);
	if (strcmp(field, "id") == 0)
		return tr_wu_md_escape(out, p->id);
	if (strcmp(field, "notes") == 0)
		return tr_wu_md_escape(out, p->notes ? p->notes : "");
	if (strcmp(field, "vcpu") == 0)
		return tr_wu_fmt(out, p->vcpu, TR_WU_EXACT);
	if (strcmp(field, "ram_gb") == 0)
		return tr_wu_fmt(out, p->ram_gb, TR_WU_EXACT);
	if (strcmp(field, "monthly_cost") == 0)
		return tr_wu_fmt(out, p->monthly_cost, TR_WU_MONEY);
	return tr_wu_error(d, "{{provider}}: unknown field '%s' (label, id, vcpu, "
	                      "ram_gb, monthly_cost, notes)", tr_wu_c(d, field));
}

static int S_scenario(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *field = dir->nargs > 1 ? dir->args[1] : "label";
	const tr_scenario_result *s;
	long i;
	if (dir->nargs < 1 || dir->nargs > 2)
		return tr_wu_error(d, "{{scenario}}: expected SCENARIO [label|id|scale|data_gib]");
	if ((i = tr_wu_scenario(d, dir->args[0])) < 0)
		return TR_EINVALID;
	s = &d->r->scenarios[i];
	if (strcmp(field, "label") == 0)
		return tr_wu_md_escape(out, s->label);
	if (strcmp(field, "id") == 0)
		return tr_wu_md_escape(out, s->id);
	if (strcmp(field, "scale") == 0)
		return tr_wu_fmt(out, s->scale < 0 ? NAN : (double)s->scale, TR_WU_COUNT);
	if (strcmp(field, "data_gib") == 0)
		return tr_wu_fmt(out, s->data_bytes, TR_WU_GIB);
	return tr_wu_error(d, "{{scenario}}: unknown field '%s' (label, id, scale, "
	                      "data_gib)", tr_wu_c(d, field));
}

static int S_no_args(tr_wu_doc *d, const tr_wu_directive *dir, size_t max)
{
	if (dir->nargs > max)
		return tr_wu_error(d, "{{%s}} takes %s", dir->name,
		                   max ? "at most one argument" : "no arguments");
	return 0;
}

int tr_wu_inline_directive(tr_wu_doc *d, tr_buf *out, const tr_wu_directive *dir)
{
	const char *n = dir->name;
	int rc;
	if (strcmp(n, "value") == 0)
		return S_value(d, out, dir);
	if (strcmp(n, "compare") == 0)
		return S_compare(d, out, dir);
	if (strcmp(n, "provider") == 0)
		return S_provider(d, out, dir);
	if (strcmp(n, "scenario") == 0)
		return S_scenario(d, out, dir);
	if (strcmp(n, "title") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->title);
	if (strcmp(n, "subtitle") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->r->subtitle ? d->r->subtitle : "");
	if (strcmp(n, "notes") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_wu_md_escape(out, d->r->notes ? d->r->notes : "");
	if (strcmp(n, "baseline") == 0) {
		if ((rc = S_no_args(d, dir, 0)) < 0)
			return rc;
		if (d->r->nproviders == 0)
			return tr_wu_error(d, "{{baseline}}: the study has no providers");
		return tr_wu_md_escape(out, d->r->providers[d->r->baseline].label);
	}
	if (strcmp(n, "version") == 0)
		return (rc = S_no_args(d, dir, 0)) < 0 ? rc : tr_buf_puts(out, TR_VERSION);
	if (strcmp(n, "digest") == 0) {
		const char *dg = d->r->digest ? d->r->digest : "";
		if ((rc = S_no_args(d, dir, 1)) < 0)
			return rc;
		if (dir->nargs == 1 && strcmp(dir->args[0], "short") != 0)
			return tr_wu_error(d, "{{digest}}: the only argument is 'short'");
		return tr_buf_put(out, dg, dir->nargs == 1 && strlen(dg) > 12 ? 12 : strlen(dg));
	}
	return TR_ENOTFOUND;
}
