/* fmt.c: how numbers are shown in the writeup. Every number of every
 * table, sentence and {{value}} goes through tr_wu_fmt, so the same value
 * reads the same everywhere, and a test can recompute each one from
 * results.json (tests/e2e/build_numbers.py holds the same rules). A
 * catalog figure's digits are the catalog's (tr_metric_fmt), the same as
 * the charts print; the other units are the writeup's own. */

#include "writeup_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <string.h>

/* The fewest decimals that read back as v: "10", not "1e+01". */
static int S_exact(tr_buf *out, double v)
{
	int rc;
	for (int dec = 0; dec < 17; dec++) {
		double back;
		size_t at = out->size;
		if ((rc = tr_fmt_fixed(out, v, dec)) < 0)
			return rc;
		if (tr_parse_double(&back, out->ptr + at, out->ptr + out->size, NULL) == 0 &&
		    back == v)
			return 0;
		out->size = at;
		out->ptr[at] = '\0';
	}
	return tr_fmt_fixed(out, v, 17);
}

/* A price as written: as many decimals as it has, at least the cents. */
static int S_price(tr_buf *out, double v)
{
	tr_buf tmp = TR_BUF_INIT;
	const char *dot;
	int dec = 2, rc;
	if ((rc = S_exact(&tmp, v)) == 0 && (dot = strchr(tmp.ptr, '.')) && strlen(dot + 1) > 2)
		dec = (int)strlen(dot + 1);
	tr_buf_free(&tmp);
	return rc ? rc : tr_fmt_grouped(out, v, dec, ",");
}

static int S_bytes(tr_buf *out, double v)
{
	bool mib = v < 1024.0 * 1024 * 1024;
	int rc = tr_fmt_readable(out, v / (mib ? 1024.0 * 1024 : 1024.0 * 1024 * 1024), 2, ",");
	return rc < 0 ? rc : tr_buf_puts(out, mib ? " MiB" : " GiB");
}

int tr_wu_fmt(tr_buf *out, double v, tr_wu_unit unit)
{
	if (!isfinite(v))
		return tr_buf_puts(out, "\xe2\x80\x93"); /* en dash: unknown */
	switch (unit) {
	case TR_WU_TPS: return tr_metric_fmt(out, v, TR_METRIC_FMT_TPS);
	case TR_WU_MS: return tr_metric_fmt(out, v, TR_METRIC_FMT_MS);
	case TR_WU_US_MS: return tr_metric_fmt(out, v, TR_METRIC_FMT_US_MS);
	case TR_WU_PCT: return tr_metric_fmt(out, v, TR_METRIC_FMT_PCT);
	case TR_WU_GAP: return tr_metric_fmt(out, v, TR_METRIC_FMT_GAP);
	case TR_WU_RATIO: return tr_metric_fmt(out, v, TR_METRIC_FMT_RATIO);
	case TR_WU_P: return tr_metric_fmt(out, v, TR_METRIC_FMT_P);
	case TR_WU_MONEY: return tr_metric_fmt(out, v, TR_METRIC_FMT_MONEY);
	case TR_WU_COST: return tr_metric_fmt(out, v, TR_METRIC_FMT_COST);
	case TR_WU_PER100: return tr_metric_fmt(out, v, TR_METRIC_FMT_PER100);
	case TR_WU_COUNT: return tr_metric_fmt(out, v, TR_METRIC_FMT_COUNT);
	case TR_WU_SECONDS: return tr_metric_fmt(out, v, TR_METRIC_FMT_SECONDS);
	case TR_WU_EXACT:
		return S_exact(out, v);
	case TR_WU_PRICE:
		return S_price(out, v);
	case TR_WU_BYTES:
		return S_bytes(out, v);
	case TR_WU_GIB:
		return tr_fmt_readable(out, v / (1024.0 * 1024 * 1024), 2, ",");
	}
	return tr_fmt_shortest(out, v);
}
