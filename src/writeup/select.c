/* select.c: what the figure directives ({{value}}, {{compare}}, {{best}},
 * {{headline}}, {{table journey|pivot}}) have in common: KEY=VALUE
 * options, a metric of the catalog, P S [WORKLOAD|*] with `*` for every
 * workload or scenario and agg=, and the fmt= phrasings. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tr_wu_unit tr_wu_metric_unit(const tr_metric *m)
{
	switch (m->format) {
	case TR_METRIC_FMT_TPS: return TR_WU_TPS;
	case TR_METRIC_FMT_MS: return TR_WU_MS;
	case TR_METRIC_FMT_PCT: return TR_WU_PCT;
	case TR_METRIC_FMT_GAP: return TR_WU_GAP;
	case TR_METRIC_FMT_RATIO: return TR_WU_RATIO;
	case TR_METRIC_FMT_P: return TR_WU_P;
	case TR_METRIC_FMT_COST: return TR_WU_COST;
	case TR_METRIC_FMT_PER100: return TR_WU_PER100;
	case TR_METRIC_FMT_COUNT: return TR_WU_COUNT;
	case TR_METRIC_FMT_US_MS: return TR_WU_US_MS;
	case TR_METRIC_FMT_MONEY: return TR_WU_MONEY;
	case TR_METRIC_FMT_SECONDS: return TR_WU_SECONDS;
	}
	return TR_WU_EXACT;
}

int tr_wu_split_args(tr_wu_doc *d, const tr_wu_directive *dir, const char *allowed,
                     tr_wu_args *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < dir->nargs; i++) {
		const char *a = dir->args[i], *eq = strchr(a, '=');
		size_t klen = eq ? (size_t)(eq - a) : 0;
		bool ok = false;
		/* KEY=VALUE only for a lowercase word KEY: a provider folder may
		 * hold '=' ("a=b" quoted stays a name). */
		if (!eq || klen == 0 || strspn(a, "abcdefghijklmnopqrstuvwxyz_") != klen) {
			out->pos[out->npos++] = a;
			continue;
		}
		/* allowed: "agg fmt vs metric" */
		for (const char *p = allowed; *p; ) {
			size_t n = strcspn(p, " ");
			if (n == klen && strncmp(p, a, n) == 0)
				ok = true;
			p += n;
			p += strspn(p, " ");
		}
		if (!ok)
			return tr_wu_error(d, "{{%s}}: unknown option '%.*s=' (it takes: %s)",
			                   dir->name, (int)klen, tr_wu_c(d, a),
			                   *allowed ? allowed : "no options");
		if (out->nopt == TR_WU_MAX_ARGS)
			break;
		out->key[out->nopt] = tr_wu_keep(d, tr_strndup(a, klen));
		out->val[out->nopt++] = eq + 1;
	}
	return d->rc;
}

const char *tr_wu_arg(const tr_wu_args *a, const char *key)
{
	const char *v = NULL;
	for (size_t i = 0; i < a->nopt; i++)
		if (strcmp(a->key[i], key) == 0)
			v = a->val[i];
	return v;
}

const tr_metric *tr_wu_metric(tr_wu_doc *d, const char *key)
{
	const tr_metric *m = tr_metric_find(key);
	if (!m)
		tr_wu_error(d, "unknown metric '%s' (a key of a cell in results.json, "
		               "e.g. tps_median, tps_mean, latency_avg_ms, latency.p95_ms, "
		               "latency.p99_ms, tps_cov_pct_worst, cost_per_tps, tps_per_100, "
		               "or KEY_gap_pct / KEY_ratio of one: tps_gap_pct, "
		               "latency_gap_pct, value_ratio; see docs/writeup.md)",
		            tr_wu_c(d, key));
	return m;
}

int tr_wu_parse_agg(tr_wu_doc *d, const tr_wu_args *a, tr_metric_agg *agg, bool *given)
{
	const char *v = tr_wu_arg(a, "agg");
	*given = v != NULL;
	*agg = TR_AGG_MEAN;
	if (v && tr_metric_agg_parse(agg, v) < 0)
		return tr_wu_error(d, "unknown aggregate agg=%s (mean, median, min, max, sum)",
		                   tr_wu_c(d, v));
	return 0;
}

int tr_wu_style_of(const char *v, tr_wu_style *style)
{
	static const struct { const char *name; tr_wu_style style; } S_styles[] = {
		{ "x1", TR_WU_STYLE_X1 }, { "k", TR_WU_STYLE_K },
		{ "words", TR_WU_STYLE_WORDS }, { "diff", TR_WU_STYLE_DIFF },
		{ "pct", TR_WU_STYLE_PCT }, { "duration", TR_WU_STYLE_DURATION },
	};
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_styles); i++)
		if (strcmp(v, S_styles[i].name) == 0) {
			*style = S_styles[i].style;
			return 0;
		}
	return TR_EINVALID;
}

int tr_wu_parse_style(tr_wu_doc *d, const tr_wu_args *a, tr_wu_style *style)
{
	const char *v = tr_wu_arg(a, "fmt");
	*style = TR_WU_STYLE_DEFAULT;
	if (v && tr_wu_style_of(v, style) < 0)
		return tr_wu_error(d, "unknown format fmt=%s (" TR_WU_STYLES ")", tr_wu_c(d, v));
	return 0;
}

int tr_wu_pick_of(const char *v, tr_run_pick *pick)
{
	if (strcmp(v, "median") == 0)
		*pick = TR_RUNS_MEDIAN;
	else if (strcmp(v, "best") == 0)
		*pick = TR_RUNS_BEST;
	else if (strcmp(v, "worst") == 0)
		*pick = TR_RUNS_WORST;
	else
		return TR_EINVALID;
	return 0;
}

int tr_wu_parse_runs(tr_wu_doc *d, const tr_wu_args *a, const tr_metric *m,
                     tr_run_pick *pick)
{
	const char *v = tr_wu_arg(a, "runs");
	*pick = tr_metric_default_pick(d->r, m->base ? m->base : m);
	if (v && tr_wu_pick_of(v, pick) < 0)
		return tr_wu_error(d, "unknown runs=%s (median, best, worst)", tr_wu_c(d, v));
	return 0;
}

int tr_wu_parse_verdict(tr_wu_doc *d, const tr_wu_args *a, bool *verdict)
{
	const char *v = tr_wu_arg(a, "verdict");
	*verdict = !v || strcmp(v, "on") == 0;
	if (v && strcmp(v, "on") != 0 && strcmp(v, "off") != 0)
		return tr_wu_error(d, "unknown verdict=%s (on, off)", tr_wu_c(d, v));
	return 0;
}

/* SCENARIO [WORKLOAD|*] from pos[at..]: -1 for `*`. */
int tr_wu_parse_where(tr_wu_doc *d, const char *scenario, const char *workload,
                      long *s, long *w)
{
	*s = *w = -1;
	if (scenario && strcmp(scenario, "*") != 0 && (*s = tr_wu_scenario(d, scenario)) < 0)
		return TR_EINVALID;
	if (workload && strcmp(workload, "*") == 0)
		return 0;
	if (*s < 0) {
		if (!workload)
			return 0;
		for (size_t i = 0; i < d->r->nworkloads; i++)
			if (strcmp(d->r->workloads[i].key, workload) == 0) {
				*w = (long)i;
				return 0;
			}
		return tr_wu_error(d, "no workload '%s' in any scenario", tr_wu_c(d, workload));
	}
	*w = tr_wu_workload(d, (size_t)*s, workload);
	return *w < 0 ? (d->rc < 0 ? d->rc : TR_EINVALID) : 0;
}

/* ---- phrasing ------------------------------------------------------- */

static bool S_is_gap(const tr_metric *m)
{
	return m->format == TR_METRIC_FMT_GAP;
}

static bool S_is_ratio(const tr_metric *m)
{
	return m->format == TR_METRIC_FMT_RATIO;
}

/* value_ratio in words: "2.1× the transactions per currency unit". */
static int S_value_words(tr_buf *out, const tr_contrast *c)
{
	int rc = tr_fmt_fixed(out, c->ratio, 2);
	return rc < 0 ? rc : tr_buf_puts(out, "\xc3\x97 the transactions per currency unit");
}

int tr_wu_fmt_styled(tr_wu_doc *d, tr_buf *out, const tr_metric *m, double v,
                     tr_wu_style style)
{
	double gap = S_is_gap(m) ? v : (v - 1) * 100;
	double a;
	int rc;
	if (style == TR_WU_STYLE_DURATION && m->format != TR_METRIC_FMT_SECONDS)
		return tr_wu_error(d, "fmt=duration is for durations (init.total_s, "
		                      "init.wall_s, init.phase.NAME_s), not for %s", m->key);
	if (style == TR_WU_STYLE_DEFAULT || !isfinite(v))
		return tr_wu_fmt(out, v, tr_wu_metric_unit(m));
	switch (style) {
	case TR_WU_STYLE_DURATION:
		return tr_wu_fmt_duration(out, v);
	case TR_WU_STYLE_DIFF:
	case TR_WU_STYLE_PCT:
		if (!S_is_gap(m))
			return tr_wu_error(d, "fmt=%s compares two figures: give vs=PROVIDER "
			                      "(or use {{compare}}), not one %s",
			                   style == TR_WU_STYLE_DIFF ? "diff" : "pct", m->key);
		return tr_wu_fmt(out, v, TR_WU_GAP);
	case TR_WU_STYLE_K:
		if (S_is_gap(m) || S_is_ratio(m) || m->format == TR_METRIC_FMT_P)
			return tr_wu_error(d, "fmt=k is for figures such as TPS, not for %s",
			                   m->key);
		a = fabs(v);
		if (a >= 999500)
			rc = tr_fmt_readable(out, v / 1e6, 1, ",");
		else if (a >= 999.5)
			rc = tr_fmt_readable(out, v / 1e3, 1, ",");
		else
			return tr_fmt_readable(out, v, 1, ",");
		return rc < 0 ? rc : tr_buf_putc(out, a >= 999500 ? 'M' : 'K');
	case TR_WU_STYLE_X1:
	case TR_WU_STYLE_WORDS: {
		tr_contrast c;
		if (!S_is_gap(m) && !S_is_ratio(m))
			return tr_wu_error(d, "fmt=%s is for comparisons (a ratio or a gap), "
			                      "not for %s", style == TR_WU_STYLE_X1 ? "x1" : "words",
			                   m->key);
		/* a gap or ratio read as stats' contrast would give it */
		memset(&c, 0, sizeof(c));
		c.ratio = gap / 100 + 1;
		c.pct = gap;
		c.diff = c.a = c.b = c.p = NAN;
		if (style == TR_WU_STYLE_WORDS && m->kind == TR_METRIC_INV_RATIO)
			/* value_ratio: more or fewer transactions per currency unit */
			return S_value_words(out, &c);
		return tr_wu_fmt_contrast(d, out, m, &c, style, false);
	}
	default:
		break;
	}
	return tr_wu_fmt(out, v, tr_wu_metric_unit(m));
}

/* "TPS" and "ms" follow a figure; % and × are part of it already. */
const char *tr_wu_metric_suffix(const tr_metric *m)
{
	if (strcmp(m->unit, "TPS") == 0)
		return " TPS";
	if (strcmp(m->unit, "ms") == 0)
		return " ms";
	return "";
}

/* "RDS Standard, ro, 10 clients / 4 threads": where a cell is. */
int tr_wu_cell_where(tr_buf *out, const tr_results *r, const tr_cell *c)
{
	const tr_workload *w = &r->workloads[c->workload];
	int rc = tr_buf_printf(out, "%s, %s", r->providers[c->provider].label,
	                       r->scenarios[c->scenario].label);
	if (rc == 0 && tr_wu_scenario_many_workloads(r, c->scenario))
		rc = tr_buf_printf(out, ", %d client%s / %d thread%s", w->clients,
		                   w->clients == 1 ? "" : "s", w->threads,
		                   w->threads == 1 ? "" : "s");
	return rc;
}
