/* tables_waits.c: what the server was doing during the runs, from their
 * sampler files (runN.server.json): {{table waits [S]}}, each cell's top
 * waits as shares of the active samples (the seeds' Performance Insights
 * sidenote, from data), and {{table counters [S]}}, the catalog's server
 * figures per cell. Cells without a sampler file are left out; a table
 * with none is not made. */

#include "writeup_internal.h"
#include "util/alloc.h"

#include <math.h>
#include <string.h>

#define S_TOP 5

static bool S_here(const tr_cell *c, long s)
{
	return (s < 0 || c->scenario == (size_t)s) && c->server_runs > 0;
}

/* Whether the rows need a scenario or workload column to tell apart. */
static void S_scope(const tr_results *r, long s, bool *scol, bool *wcol)
{
	long fs = -1, fw = -1;
	*scol = *wcol = false;
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_here(c, s))
			continue;
		*scol |= fs >= 0 && fs != (long)c->scenario;
		*wcol |= fw >= 0 && fw != (long)c->workload;
		if (fs < 0) {
			fs = (long)c->scenario;
			fw = (long)c->workload;
		}
	}
}

static void S_lead(const tr_results *r, tr_wu_table *t, const tr_cell *c, bool scol,
                   bool wcol)
{
	if (!c) {
		if (scol)
			tr_wu_table_col(t, "Scenario", false);
		if (wcol)
			tr_wu_table_col(t, "Workload", false);
		tr_wu_table_col(t, "Provider", false);
		return;
	}
	if (scol)
		tr_wu_table_text(t, tr_wu_short_scenario(r, c->scenario));
	if (wcol)
		tr_wu_table_text(t, r->workloads[c->workload].label);
	tr_wu_table_text(t, tr_wu_short_provider(r, c->provider));
}

/* "LWLock:WALWrite 31.0%"; "CPU 12.5%" for active without a wait. */
const char *tr_wu_wait_label(tr_wu_doc *d, const tr_cell_wait *w)
{
	bool cpu = tr_wait_is_cpu(w);
	return tr_wu_keep(d, tr_sprintf("%s%s%s %s", tr_wu_c(d, w->type), cpu ? "" : ":",
	                                cpu ? "" : tr_wu_c(d, w->event),
	                                tr_wu_n(d, w->share * 100, TR_WU_PCT)));
}

void tr_wu_table_waits(tr_wu_doc *d, long s)
{
	static const char *const rank[S_TOP] = { "Top wait", "2nd", "3rd", "4th", "5th" };
	const tr_results *r = d->r;
	size_t cols = 0;
	bool scol, wcol;
	tr_wu_table t;
	for (size_t i = 0; i < r->ncells; i++)
		if (S_here(&r->cells[i], s) && r->cells[i].nwaits > cols)
			cols = r->cells[i].nwaits;
	if (cols == 0)
		return;
	cols = cols > S_TOP ? S_TOP : cols;
	S_scope(r, s, &scol, &wcol);
	tr_wu_table_init(&t);
	S_lead(r, &t, NULL, scol, wcol);
	for (size_t k = 0; k < cols; k++)
		tr_wu_table_col(&t, rank[k], false);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_here(c, s) || c->nwaits == 0)
			continue;
		S_lead(r, &t, c, scol, wcol);
		for (size_t k = 0; k < cols; k++)
			tr_wu_table_text(&t, k < c->nwaits ? tr_wu_wait_label(d, &c->waits[k])
			                                   : "\xe2\x80\x93");
	}
	tr_wu_table_caption(&t, "What the benchmark's connections were doing when "
	                        "sampled during the runs: each wait as a share of "
	                        "the samples that found a connection active (CPU: "
	                        "active, not waiting), over all runs of the cell.");
	tr_wu_emit_table(d, &t);
}

static const char *const S_counter_keys[] = {
	"server.wal_bytes_per_tx", "server.blocks_read_per_tx", "server.checkpoints_per_run",
};

void tr_wu_table_counters(tr_wu_doc *d, long s)
{
	const tr_results *r = d->r;
	bool scol, wcol, any = false;
	tr_wu_table t;
	for (size_t i = 0; i < r->ncells; i++)
		any |= S_here(&r->cells[i], s);
	if (!any)
		return;
	S_scope(r, s, &scol, &wcol);
	tr_wu_table_init(&t);
	S_lead(r, &t, NULL, scol, wcol);
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_counter_keys); k++)
		tr_wu_table_col(&t, tr_metric_title(tr_metric_find(S_counter_keys[k])), true);
	for (size_t i = 0; i < r->ncells; i++) {
		const tr_cell *c = &r->cells[i];
		if (!S_here(c, s))
			continue;
		S_lead(r, &t, c, scol, wcol);
		for (size_t k = 0; k < TR_ARRAY_SIZE(S_counter_keys); k++) {
			const tr_metric *m = tr_metric_find(S_counter_keys[k]);
			tr_wu_table_num(&t, tr_metric_value(m, c, NULL, NULL), TR_WU_PER100);
		}
	}
	tr_wu_table_caption(&t, "The server's own counters over each run, per pgbench "
	                        "transaction (the median over the runs), and checkpoints per "
	                        "run (timed and requested together).");
	tr_wu_emit_table(d, &t);
}
