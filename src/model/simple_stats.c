/* simple_stats.c: pgbench's SimpleStats, mergeable across threads and runs. */

#include "model.h"

#include <math.h>

void tr_simple_stats_init(tr_simple_stats *s)
{
	s->count = 0;
	s->min = NAN;
	s->max = NAN;
	s->sum = 0;
	s->sum2 = 0;
}

void tr_simple_stats_add(tr_simple_stats *s, double v)
{
	if (s->count == 0 || v < s->min)
		s->min = v;
	if (s->count == 0 || v > s->max)
		s->max = v;
	s->count++;
	s->sum += v;
	s->sum2 += (long double)v * v;
}

void tr_simple_stats_merge(tr_simple_stats *into, const tr_simple_stats *from)
{
	if (from->count == 0)
		return;
	if (into->count == 0 || from->min < into->min)
		into->min = from->min;
	if (into->count == 0 || from->max > into->max)
		into->max = from->max;
	into->count += from->count;
	into->sum += from->sum;
	into->sum2 += from->sum2;
}

double tr_simple_stats_mean(const tr_simple_stats *s)
{
	if (s->count == 0)
		return NAN;
	return (double)(s->sum / (long double)s->count);
}

double tr_simple_stats_stddev(const tr_simple_stats *s)
{
	long double n, mean, var;
	if (s->count == 0)
		return NAN;
	n = (long double)s->count;
	mean = s->sum / n;
	var = s->sum2 / n - mean * mean;
	/* Rounding can take a true zero slightly below. */
	if (var < 0)
		var = 0;
	return sqrt((double)var);
}
