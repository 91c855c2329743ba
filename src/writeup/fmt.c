/* fmt.c: how numbers are shown in the writeup. Every number of every
 * table, sentence and {{value}} goes through tr_wu_fmt, so the same value
 * reads the same everywhere, and a test can recompute each one from
 * results.json (tests/e2e/build_numbers.py holds the same rules). */

#include "writeup_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
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

static int S_suffixed(tr_buf *out, double v, int decimals, const char *suffix)
{
	int rc = tr_fmt_fixed(out, v, decimals);
	return rc < 0 ? rc : tr_buf_puts(out, suffix);
}

int tr_wu_fmt(tr_buf *out, double v, tr_wu_unit unit)
{
	if (!isfinite(v))
		return tr_buf_puts(out, "\xe2\x80\x93"); /* en dash: unknown */
	switch (unit) {
	case TR_WU_TPS:
		return tr_fmt_grouped(out, v, 1, ",");
	case TR_WU_MS:
		return tr_fmt_readable(out, v, 3, ",");
	case TR_WU_US_MS:
		return tr_fmt_grouped(out, v, 3, ",");
	case TR_WU_PCT:
		return S_suffixed(out, v, 1, "%");
	case TR_WU_GAP:
		return S_gap(out, v);
	case TR_WU_RATIO:
		return S_suffixed(out, v, 2, "\xc3\x97"); /* × */
	case TR_WU_P:
		if (v < 0.001)
			return tr_buf_puts(out, "<0.001");
		return tr_fmt_fixed(out, v, 3);
	case TR_WU_MONEY:
		return tr_fmt_grouped(out, v, 2, ",");
	case TR_WU_COST:
		return tr_fmt_readable(out, v, 4, ",");
	case TR_WU_PER100:
		return tr_fmt_readable(out, v, 1, ",");
	case TR_WU_COUNT:
		return tr_fmt_grouped(out, v, 0, ",");
	case TR_WU_SECONDS:
		return tr_fmt_readable(out, v, 2, ",");
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
