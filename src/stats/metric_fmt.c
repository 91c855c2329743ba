/* metric_fmt.c: how a catalog figure is printed, once for every renderer
 * (tables, sentences, chart labels and alt texts), so that a chart and a
 * table showing the same figure print the same digits; and the figure's
 * name as a header or an axis title. */

#include "stats.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* A difference in percent: a sign only when the shown value is not zero
 * ("+9.5%", "-0.4%", "0.0%"). */
static int S_gap(tr_buf *out, double v)
{
	size_t start = out->size;
	int rc;
	if ((rc = tr_fmt_fixed(out, v, 1)) < 0)
		return rc;
	if (v > 0 && strspn(out->ptr + start, "0.") != out->size - start) {
		if ((rc = tr_buf_putc(out, '+')) < 0)
			return rc;
		memmove(out->ptr + start + 1, out->ptr + start, out->size - start - 1);
		out->ptr[start] = '+';
	}
	return tr_buf_putc(out, '%');
}

static int S_suffixed(tr_buf *out, double v, int decimals, const char *suffix)
{
	int rc = tr_fmt_fixed(out, v, decimals);
	return rc < 0 ? rc : tr_buf_puts(out, suffix);
}

int tr_metric_fmt(tr_buf *out, double v, tr_metric_format f)
{
	if (!isfinite(v))
		return tr_buf_puts(out, "\xe2\x80\x93"); /* en dash: unknown */
	if (v == 0)
		v = 0; /* no "-0" */
	switch (f) {
	case TR_METRIC_FMT_TPS:
		/* whole from 100 up: the tenth of 1,469 TPS is noise */
		return tr_fmt_grouped(out, v, fabs(v) >= 99.95 ? 0 : 1, ",");
	case TR_METRIC_FMT_MS:
		return tr_fmt_readable(out, v, 3, ",");
	case TR_METRIC_FMT_US_MS:
		return tr_fmt_grouped(out, v, 3, ",");
	case TR_METRIC_FMT_PCT:
		return S_suffixed(out, v, 1, "%");
	case TR_METRIC_FMT_GAP:
		return S_gap(out, v);
	case TR_METRIC_FMT_RATIO:
		return S_suffixed(out, v, 2, "\xc3\x97"); /* × */
	case TR_METRIC_FMT_P:
		return v < 0.001 ? tr_buf_puts(out, "<0.001") : tr_fmt_fixed(out, v, 3);
	case TR_METRIC_FMT_MONEY:
		return tr_fmt_grouped(out, v, 2, ",");
	case TR_METRIC_FMT_COST:
		return tr_fmt_readable(out, v, 4, ",");
	case TR_METRIC_FMT_PER100:
		return tr_fmt_readable(out, v, 1, ",");
	case TR_METRIC_FMT_COUNT:
		return tr_fmt_grouped(out, v, 0, ",");
	case TR_METRIC_FMT_SECONDS:
		return tr_fmt_readable(out, v, 2, ",");
	}
	return tr_fmt_shortest(out, v);
}

char *tr_metric_str(double v, tr_metric_format f)
{
	tr_buf b = TR_BUF_INIT;
	if (tr_metric_fmt(&b, v, f) < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	if (!b.ptr)
		return tr_strdup("");
	return tr_buf_detach(&b);
}

/* ---- names ------------------------------------------------------------- */

/* The catalog's labels as titles, made once: "CoV, worst run", "Median
 * TPS"; a label that starts with a symbol such as "p95" keeps its case. */
#define S_MAX_TITLES 128
static char S_titles[S_MAX_TITLES][96];
static pthread_once_t S_once = PTHREAD_ONCE_INIT;

static void S_make_titles(void)
{
	size_t n;
	const tr_metric *rows = tr_metric_catalog(&n);
	for (size_t i = 0; i < n && i < S_MAX_TITLES; i++) {
		const char *l = rows[i].label;
		snprintf(S_titles[i], sizeof(S_titles[i]), "%s", l);
		if (l[0] >= 'a' && l[0] <= 'z' && !(l[1] >= '0' && l[1] <= '9'))
			S_titles[i][0] = (char)(l[0] - 'a' + 'A');
	}
}

const char *tr_metric_title(const tr_metric *m)
{
	size_t n;
	const tr_metric *rows = tr_metric_catalog(&n);
	if (!m)
		return "";
	if (m < rows || m >= rows + n || (size_t)(m - rows) >= S_MAX_TITLES)
		return m->label; /* a derived metric: its label as it is */
	(void)pthread_once(&S_once, S_make_titles);
	return S_titles[m - rows];
}

const char *tr_metric_col_header(const tr_metric_col *col)
{
	if (col->header)
		return col->header;
	return tr_metric_title(tr_metric_col_metric(col));
}
