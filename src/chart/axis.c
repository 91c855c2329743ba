/* axis.c: value axes with ticks at 1-2-5 steps, and the number formats of
 * every label (grouped thousands, locale-independent). */

#include "chart_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

char *tr_numstr_grouped(double v, int decimals)
{
	tr_buf b = TR_BUF_INIT;
	if (v == 0)
		v = 0;  /* no "-0" */
	if (tr_fmt_grouped(&b, v, decimals, ",") < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	return tr_buf_detach(&b);
}

char *tr_numstr_short(double v, int max_decimals)
{
	tr_buf b = TR_BUF_INIT;
	if (v == 0)
		v = 0;
	if (tr_fmt_readable(&b, v, max_decimals, ",") < 0) {
		tr_buf_free(&b);
		return NULL;
	}
	return tr_buf_detach(&b);
}

char *tr_numstr_trim(double v, int max_decimals)
{
	char *t = tr_numstr_grouped(v, max_decimals);
	size_t n;
	if (!t || !strchr(t, '.'))
		return t;
	n = strlen(t);
	while (n > 0 && t[n - 1] == '0')
		t[--n] = '\0';
	if (n > 0 && t[n - 1] == '.')
		t[--n] = '\0';
	return t;
}

void tr_axis_nice(tr_axis *out, double lo, double hi, int target)
{
	static const double mult[] = { 1, 2, 5, 10 };
	double span, mag, step = 1;
	if (target < 1)
		target = 1;
	if (!isfinite(lo))
		lo = 0;
	if (!isfinite(hi) || hi <= lo)
		hi = lo + (lo != 0 ? fabs(lo) : 1);
	span = hi - lo;
	mag = pow(10, floor(log10(span / target)));
	for (size_t i = 0; i < sizeof(mult) / sizeof(mult[0]); i++) {
		step = mult[i] * mag;
		/* small tolerance: 1000/200 is 5 steps, not 5.000000001 */
		if (span / step <= target + 1e-9)
			break;
	}
	out->step = step;
	out->min = floor(lo / step + 1e-9) * step;
	out->max = ceil(hi / step - 1e-9) * step;
	out->nticks = (size_t)llround((out->max - out->min) / step) + 1;
	out->decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	out->unit = NULL;
}

double tr_axis_tick(const tr_axis *a, size_t i)
{
	/* From the step count, not by adding steps: no drift (0.1 x 3). */
	double v = a->min + (double)i * a->step;
	double q = pow(10, a->decimals);
	return round(v * q) / q;
}

char *tr_axis_label(const tr_axis *a, size_t i)
{
	char *num = tr_numstr_grouped(tr_axis_tick(a, i), a->decimals), *s;
	if (!num || !a->unit)
		return num;
	s = tr_sprintf("%s%s", num, a->unit);
	free(num);
	return s;
}

double tr_axis_label_width(tr_scene *s, const tr_axis *a)
{
	double w = 0;
	for (size_t i = 0; i < a->nticks; i++) {
		char *t = tr_axis_label(a, i);
		double tw;
		if (!t) {
			s->rc = TR_ENOMEM;
			return 0;
		}
		tw = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		if (tw > w)
			w = tw;
		free(t);
	}
	return w;
}

double tr_axis_map(const tr_axis *a, double v, double p0, double p1)
{
	if (a->max == a->min)
		return p0;
	return p0 + (v - a->min) / (a->max - a->min) * (p1 - p0);
}

/* Lines of 1 px look sharp on a half-pixel. */
static double S_crisp(double v)
{
	return floor(v) + 0.5;
}

void tr_axis_draw_y(tr_scene *s, const tr_axis *a, double left, double right,
                    double top, double bottom, const char *title)
{
	double asc, desc;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	for (size_t i = 0; i < a->nticks; i++) {
		double v = tr_axis_tick(a, i);
		double y = S_crisp(tr_axis_map(a, v, bottom, top));
		char *t = tr_axis_label(a, i);
		if (!t) {
			s->rc = TR_ENOMEM;
			return;
		}
		/* the zero line is the axis itself: drawn darker */
		tr_scene_line(s, v == 0 ? "axis" : "grid", NULL, left, y, right, y);
		tr_scene_text(s, "tick", NULL, left - 6, y + (asc - desc) / 2,
		              TR_ANCHOR_END, TR_SMALL_SIZE, false, false, t);
		free(t);
	}
	if (title) {
		char *fit = tr_text_fit(s->measure, title, TR_SMALL_SIZE, true,
		                        s->width - 2 * TR_MARGIN);
		if (!fit) {
			s->rc = TR_ENOMEM;
			return;
		}
		tr_scene_text(s, "label", strcmp(fit, title) == 0 ? NULL : title,
		              TR_MARGIN, top - 10 - desc, TR_ANCHOR_START,
		              TR_SMALL_SIZE, true, false, fit);
		free(fit);
	}
}

void tr_axis_draw_x(tr_scene *s, const tr_axis *a, double left, double right,
                    double top, double bottom, const char *title)
{
	double asc, desc;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	for (size_t i = 0; i < a->nticks; i++) {
		double v = tr_axis_tick(a, i);
		double x = S_crisp(tr_axis_map(a, v, left, right));
		char *t = tr_axis_label(a, i);
		if (!t) {
			s->rc = TR_ENOMEM;
			return;
		}
		tr_scene_line(s, v == 0 ? "axis" : "grid", NULL, x, top, x, bottom);
		tr_scene_text(s, "tick", NULL, x, bottom + 6 + asc, TR_ANCHOR_MIDDLE,
		              TR_SMALL_SIZE, false, false, t);
		free(t);
	}
	if (title)
		tr_axis_x_title(s, left, right, bottom, title);
}

void tr_axis_x_title(tr_scene *s, double left, double right, double bottom,
                     const char *title)
{
	double asc, desc, mid = (left + right) / 2;
	double half = title ? tr_text_width(s->measure, title, TR_SMALL_SIZE, true) / 2 : 0;
	/* centred under the plot, but kept inside the canvas (a phone's
	 * narrow one has little room right of the plot) */
	if (mid + half > s->width - TR_MARGIN)
		mid = fmax(TR_MARGIN + half, s->width - TR_MARGIN - half);
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_scene_text(s, "label", NULL, mid,
	              bottom + 6 + asc + desc + 8 + asc, TR_ANCHOR_MIDDLE,
	              TR_SMALL_SIZE, true, false, title);
}

void tr_plot_below(tr_plot *out, const tr_scene *s, double label_w,
                   double pad_right, double y, double height)
{
	out->left = TR_MARGIN + label_w + 6;
	out->right = s->width - TR_MARGIN - pad_right;
	out->top = floor(y + 22);
	out->bottom = out->top + height;
}
