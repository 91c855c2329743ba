/* headline.c: which run of a cell stands for it in headline figures and
 * charts ([study] runs = median|best|worst, docs/study.md). PostgresBench
 * shows the best of three; the default, the median, is the figure least
 * moved by one odd run. Tests and comparisons always use every run. */

#include "stats_internal.h"

#include <math.h>

int tr_headline_compute(tr_results *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		tr_cell *c = &r->cells[i];
		switch (r->run_pick) {
		case TR_RUNS_BEST:
			c->tps_headline = c->tps_max;
			break;
		case TR_RUNS_WORST:
			c->tps_headline = c->tps_min;
			break;
		default:
			c->tps_headline = c->tps_median;
			break;
		}
	}
	return 0;
}

const char *tr_run_pick_name(tr_run_pick pick)
{
	return pick == TR_RUNS_BEST ? "best" : pick == TR_RUNS_WORST ? "worst" : "median";
}
