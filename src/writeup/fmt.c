/* fmt.c: how numbers are shown in the writeup. Every number of every
 * table, sentence and {{value}} goes through tr_wu_fmt, so the same value
 * reads the same everywhere, and a test can recompute each one from
 * results.json (tests/e2e/build_numbers.py holds the same rules). */

#include "writeup_internal.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <string.h>

int tr_wu_fmt(tr_buf *out, double v, tr_wu_unit unit)
{
	size_t start = out->size;
	int rc;

	if (!isfinite(v))
		return tr_buf_puts(out, "\xe2\x80\x93"); /* en dash: unknown */
	switch (unit) {
	case TR_WU_TPS:
		return tr_fmt_grouped(out, v, 1, ",");
	case TR_WU_MS:
		return tr_fmt_readable(out, v, 3, ",");
	case TR_WU_PCT:
		if ((rc = tr_fmt_fixed(out, v, 1)) < 0)
			return rc;
		return tr_buf_putc(out, '%');
	case TR_WU_GAP:
		if ((rc = tr_fmt_fixed(out, v, 1)) < 0)
			return rc;
		/* A sign only when the shown value is not zero. */
		if (v > 0 && strspn(out->ptr + start, "0.") != out->size - start) {
			if ((rc = tr_buf_putc(out, '+')) < 0)
				return rc;
			memmove(out->ptr + start + 1, out->ptr + start, out->size - start - 1);
			out->ptr[start] = '+';
		}
		return tr_buf_putc(out, '%');
	case TR_WU_RATIO:
		if ((rc = tr_fmt_fixed(out, v, 2)) < 0)
			return rc;
		return tr_buf_puts(out, "\xc3\x97"); /* × */
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
		/* The fewest decimals that read back as v: "10", not "1e+01". */
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
	case TR_WU_PRICE: {
		/* As many decimals as written, at least the cents. */
		tr_buf tmp = TR_BUF_INIT;
		const char *dot;
		int dec = 2;
		if ((rc = tr_wu_fmt(&tmp, v, TR_WU_EXACT)) == 0 &&
		    (dot = strchr(tmp.ptr, '.')) && strlen(dot + 1) > 2)
			dec = (int)strlen(dot + 1);
		tr_buf_free(&tmp);
		return rc ? rc : tr_fmt_grouped(out, v, dec, ",");
	}
	case TR_WU_BYTES:
		if (v < 1024.0 * 1024 * 1024) {
			if ((rc = tr_fmt_readable(out, v / (1024.0 * 1024), 2, ",")) < 0)
				return rc;
			return tr_buf_puts(out, " MiB");
		}
		if ((rc = tr_fmt_readable(out, v / (1024.0 * 1024 * 1024), 2, ",")) < 0)
			return rc;
		return tr_buf_puts(out, " GiB");
	case TR_WU_GIB:
		return tr_fmt_readable(out, v / (1024.0 * 1024 * 1024), 2, ",");
	}
	return tr_fmt_shortest(out, v);
}
