/* runcheck.c: a summary that parses but cannot be true. pgbench prints
 * tps, the transaction count and the duration from one measurement, and
 * the failed percentage from the counts; a summary whose figures
 * contradict each other was edited or damaged, and reporting its tps
 * would publish a number nobody measured (docs/reliability.md). */

#include "ingest.h"

#include <math.h>
#include <stdio.h>

/* How far tps may stray from transactions / duration. pgbench divides
 * by the time it measured, which excludes connection time (-C: most of
 * a run) and includes a slow last transaction, so only a factor no run
 * can produce is a contradiction: the measured time would be more than
 * 100 times the duration, or under 1/10000 of it. */
#define S_SLOWER 100.0
#define S_FASTER 10000.0

static bool S_tps_contradicts(const tr_summary *s, char *why, size_t n)
{
	double expected;
	if (s->duration_s <= 0 || s->transactions < 0 || !isfinite(s->tps))
		return false;
	if (s->transactions == 0) {
		if (s->tps <= 0)
			return false;
		snprintf(why, n, "tps = %g with no transaction processed", s->tps);
		return true;
	}
	expected = (double)s->transactions / s->duration_s;
	if (s->tps * S_SLOWER >= expected && s->tps <= expected * S_FASTER)
		return false;
	snprintf(why, n, "tps = %g contradicts %lld transactions in %d s (about %g)",
	         s->tps, (long long)s->transactions, s->duration_s, expected);
	return true;
}

/* 15+: the failed percentage is of all transactions (successful, skipped
 * and failed). More failed than successful is possible (a serialization
 * storm); a count that disagrees with its own percentage is not. */
static bool S_failed_contradicts(const tr_summary *s, char *why, size_t n)
{
	double total, pct;
	if (s->failed < 0 || s->transactions < 0 || !isfinite(s->failed_pct))
		return false;
	total = (double)s->transactions + (double)s->failed +
	        (s->skipped > 0 ? (double)s->skipped : 0.0);
	if (total <= 0)
		return false;
	pct = 100.0 * (double)s->failed / total;
	/* printed with three decimals */
	if (fabs(pct - s->failed_pct) <= 0.0015 + 1e-9 * pct)
		return false;
	snprintf(why, n, "%lld failed transactions of %lld processed are %.3f%%, "
	         "not the %.3f%% printed", (long long)s->failed,
	         (long long)s->transactions, pct, s->failed_pct);
	return true;
}

bool tr_summary_contradicts(const tr_summary *s, char *why, size_t n)
{
	if (S_tps_contradicts(s, why, n) || S_failed_contradicts(s, why, n))
		return true;
	if (s->transactions_target >= 0 && s->transactions > s->transactions_target) {
		snprintf(why, n, "%lld transactions processed of %lld to run",
		         (long long)s->transactions, (long long)s->transactions_target);
		return true;
	}
	return false;
}
