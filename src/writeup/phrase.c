/* phrase.c: how a contrast of two figures reads (docs/writeup.md, "Ratios
 * and differences"): the plain percent change, the ratio, the signed
 * difference in the metric's unit, words from the catalog, and the
 * verdict of the test stats ran behind it. Everything here formats
 * numbers that stats computed (tr_contrast); nothing is computed. */

#include "writeup_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool tr_wu_style_contrast(tr_wu_style style)
{
	return style == TR_WU_STYLE_X1 || style == TR_WU_STYLE_DIFF ||
	       style == TR_WU_STYLE_PCT || style == TR_WU_STYLE_WORDS;
}

/* v with at most `dec` decimals, trailing zeros dropped: "42", "3.5". */
static int S_trimmed(tr_buf *out, double v, int dec)
{
	size_t at = out->size;
	int rc = tr_fmt_grouped(out, v, dec, ",");
	if (rc < 0 || !memchr(out->ptr + at, '.', out->size - at))
		return rc;
	while (out->ptr[out->size - 1] == '0')
		out->ptr[--out->size] = '\0';
	if (out->ptr[out->size - 1] == '.')
		out->ptr[--out->size] = '\0';
	return 0;
}

int tr_wu_fmt_duration(tr_buf *out, double v)
{
	double a = fabs(v);
	int rc = 0;
	if (!isfinite(v))
		return tr_wu_fmt(out, v, TR_WU_SECONDS);
	if (v < 0 && (rc = tr_buf_putc(out, '-')) < 0)
		return rc;
	if (a < 59.95) {
		/* "0.8 s", "42 s", "42.5 s" */
		if ((rc = S_trimmed(out, a, 1)) < 0)
			return rc;
		return tr_buf_puts(out, " s");
	}
	if (a < 3599.5) {
		long s = lround(a);
		rc = tr_buf_printf(out, "%ld min", s / 60);
		return rc < 0 || s % 60 == 0 ? rc : tr_buf_printf(out, " %ld s", s % 60);
	}
	{
		long m = lround(a / 60);
		rc = tr_buf_printf(out, "%ld h", m / 60);
		return rc < 0 || m % 60 == 0 ? rc : tr_buf_printf(out, " %ld min", m % 60);
	}
}

/* A percent change: one decimal, two significant digits below 0.1%
 * ("+0.02%": one run against another); a sign unless it reads as 0. */
static int S_pct(tr_buf *out, double v)
{
	double a = fabs(v);
	int dec = a >= 0.095 || a == 0 ? 1 : a >= 0.0095 ? 2 : 3;
	size_t at = out->size;
	int rc;
	if (v > 0 && (rc = tr_buf_putc(out, '+')) < 0)
		return rc;
	if ((rc = tr_fmt_fixed(out, v, dec)) < 0)
		return rc;
	if (strspn(out->ptr + at, "+-0.") == out->size - at) {
		/* "+0.000": no sign on a zero */
		out->size = at;
		out->ptr[at] = '\0';
		if ((rc = tr_fmt_fixed(out, 0.0, 1)) < 0)
			return rc;
	}
	return tr_buf_putc(out, '%');
}

/* A ratio: "4.3×", "0.54×" (two decimals below 1: "half the bill"). */
static int S_ratio(tr_buf *out, double v)
{
	int rc = tr_fmt_fixed(out, v, v < 0.995 ? 2 : 1);
	return rc < 0 ? rc : tr_buf_puts(out, "\xc3\x97");
}

/* Up to two decimals, trailing zeros dropped: "1.85×", "5.3×", "2×". */
static int S_times(tr_buf *out, double v)
{
	int rc = S_trimmed(out, v, 2);
	return rc < 0 ? rc : tr_buf_puts(out, "\xc3\x97");
}

/* The difference in the metric's unit: "+3.5 ms", "+265,898
 * transactions", "+1.2 points" (of a percentage), "+12 min 3 s". */
static int S_diff(tr_wu_doc *d, tr_buf *out, const tr_metric *m, double v, bool duration)
{
	int rc = 0;
	if (v > 0 && (rc = tr_buf_putc(out, '+')) < 0)
		return rc;
	if (duration || m->format == TR_METRIC_FMT_SECONDS)
		return tr_wu_fmt_duration(out, v);
	/* milliseconds as the data has them: "+3.5 ms", "-6 ms" */
	if (m->format == TR_METRIC_FMT_MS || m->format == TR_METRIC_FMT_US_MS)
		rc = S_trimmed(out, v, 3);
	else
		rc = tr_wu_fmt(out, v, tr_wu_metric_unit(m));
	if (rc < 0)
		return rc;
	if (m->format == TR_METRIC_FMT_PCT)
		return tr_buf_puts(out, " points");
	if (m->format == TR_METRIC_FMT_COUNT)
		return tr_buf_printf(out, " %s", m->noun);
	if ((m->format == TR_METRIC_FMT_MONEY || m->format == TR_METRIC_FMT_COST) &&
	    d->r->currency)
		return tr_buf_printf(out, " %s", d->r->currency);
	return tr_buf_puts(out, tr_wu_metric_suffix(m));
}

/* "9% higher", "1.85× more expensive", "5.3× lower TPS CoV", "the same":
 * times from a ratio of 1.5 (or 1 / 1.5) on, percent below. */
static int S_words(tr_buf *out, const tr_metric *m, const tr_contrast *c)
{
	bool up = c->ratio > 1;
	double pct = fabs(c->pct);
	char *words;
	int rc;
	if (fabs(c->ratio - 1) < 0.0005)
		return tr_buf_puts(out, "the same");
	if (!(words = tr_metric_change_words(m, up)))
		return TR_ENOMEM;
	if (c->ratio >= 1.5 || c->ratio <= 1 / 1.5)
		rc = S_times(out, up ? c->ratio : 1 / c->ratio);
	else
		rc = tr_fmt_fixed(out, pct, pct >= 9.95 ? 0 : 1) < 0 ? TR_ENOMEM
		     : tr_buf_putc(out, '%');
	if (rc == 0)
		rc = tr_buf_printf(out, " %s", words);
	free(words);
	return rc;
}

/* The verdict: " ~ (p=0.100, n=3+3)" after a percent, " (not
 * significant, p=0.100)" after other styles, "(mean of 3 cells)" for an
 * aggregate, which no test stands behind. */
static int S_verdict(tr_wu_doc *d, tr_buf *out, const tr_contrast *c, tr_wu_style style)
{
	bool plain = style == TR_WU_STYLE_DEFAULT || style == TR_WU_STYLE_PCT;
	if (!c->tested)
		return c->aggregated ? tr_buf_printf(out, " (%s of %zu %s)",
		                                     tr_metric_agg_name(c->agg), c->used,
		                                     c->one_scenario ? "workloads" : "cells") : 0;
	if (plain)
		return tr_buf_printf(out, "%s (p=%s, n=%zu+%zu)", c->significant ? "" : " ~",
		                     tr_wu_n(d, c->p, TR_WU_P), c->nb, c->na);
	return tr_buf_printf(out, " (%sp=%s)", c->significant ? "" : "not significant, ",
	                     tr_wu_n(d, c->p, TR_WU_P));
}

int tr_wu_fmt_contrast(tr_wu_doc *d, tr_buf *out, const tr_metric *m,
                       const tr_contrast *c, tr_wu_style style, bool verdict)
{
	int rc;
	if (m->base)
		m = m->base;
	if (c->zero && style != TR_WU_STYLE_DIFF && style != TR_WU_STYLE_DURATION)
		/* a ratio with a zero denominator has no value; never "inf" */
		return tr_buf_printf(out, "\xe2\x80\x93 (no ratio: the figure compared with "
		                          "is 0)");
	switch (style) {
	case TR_WU_STYLE_X1:
		rc = isfinite(c->ratio) ? S_ratio(out, c->ratio) : tr_wu_fmt(out, NAN, TR_WU_RATIO);
		break;
	case TR_WU_STYLE_DIFF:
	case TR_WU_STYLE_DURATION:
		rc = S_diff(d, out, m, c->diff, style == TR_WU_STYLE_DURATION);
		break;
	case TR_WU_STYLE_WORDS:
		rc = isfinite(c->ratio) ? S_words(out, m, c) : tr_wu_fmt(out, NAN, TR_WU_RATIO);
		break;
	default:
		rc = isfinite(c->pct) ? S_pct(out, c->pct) : tr_wu_fmt(out, NAN, TR_WU_GAP);
		break;
	}
	if (rc < 0 || !verdict)
		return rc;
	return S_verdict(d, out, c, style);
}
