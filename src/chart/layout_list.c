/* layout_list.c: a list of labelled bars laid across, one row each, in the
 * order given, for figures a writeup directive computed: a ranking (best
 * first) or a journey (step by step, each with its change). Each bar has
 * its provider's colour; the value and a note ("+22%") follow it. A
 * bar's badge (its provider's group, "Managed") is drawn under its label,
 * white on a colour of its own per distinct badge, so that it reads
 * without a legend and still fits a phone's width. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S_BAR 18.0
#define S_PITCH 26.0
#define S_MAX_LABEL (0.35 * s->width) /* of the scene being laid out */

/* Badge colours, white text on each at 6:1 or more, light and dark. */
static const char *const S_badge_colors[] = { "#3b5b92", "#7a4a00", "#1f6b4f", "#7a2e6b" };

/* The index of bar i's badge among the distinct badges before it, or -1
 * when it has none. */
static long S_badge_index(const tr_chart_list *l, size_t i)
{
	long k = 0;
	if (!l->bars[i].badge || !*l->bars[i].badge)
		return -1;
	for (size_t j = 0; j < i; j++) {
		bool seen = false;
		if (!l->bars[j].badge || !*l->bars[j].badge)
			continue;
		for (size_t q = 0; q < j && !seen; q++)
			seen = l->bars[q].badge && strcmp(l->bars[q].badge, l->bars[j].badge) == 0;
		if (seen)
			continue;
		if (strcmp(l->bars[j].badge, l->bars[i].badge) == 0)
			return k;
		k++;
	}
	return k;
}

/* Bar i's badge under its label, right-aligned at x, from y down. */
static void S_badge(tr_scene *s, const tr_chart_list *l, size_t i, double x, double y,
                    double max_w, double asc, double desc)
{
	char cls[24], id[48];
	long k = S_badge_index(l, i), m;
	char *fit;
	double w;
	if (k < 0)
		return;
	if (!(fit = tr_text_fit(s->measure, l->bars[i].badge, TR_SMALL_SIZE, false, max_w - 8))) {
		s->rc = TR_ENOMEM;
		return;
	}
	w = tr_text_width(s->measure, fit, TR_SMALL_SIZE, false) + 8;
	snprintf(cls, sizeof(cls), "badge b%ld", k % (long)TR_ARRAY_SIZE(S_badge_colors));
	m = tr_scene_rect(s, cls, l->bars[i].badge, x - w, y, w, asc + desc + 2);
	snprintf(id, sizeof(id), "badge-%zu", i);
	tr_scene_set_id(s, m, id);
	tr_scene_text(s, "badgetext", strcmp(fit, l->bars[i].badge) ? l->bars[i].badge : NULL,
	              x - 4, y + 1 + asc, TR_ANCHOR_END, TR_SMALL_SIZE, false, false, fit);
	free(fit);
}

static void S_badge_styles(tr_scene *s)
{
	char name[8];
	for (size_t k = 0; k < TR_ARRAY_SIZE(S_badge_colors); k++) {
		snprintf(name, sizeof(name), "b%zu", k);
		tr_scene_style(s, name, S_badge_colors[k], "none", -1, NULL, S_badge_colors[k], NULL);
	}
	tr_scene_style(s, "badgetext", "#ffffff", "none", -1, NULL, "#ffffff", NULL);
}

/* "13,955" and its note: what follows a bar. Caller frees. */
static char *S_value_text(const tr_chart_bar *b)
{
	char *v = !isfinite(b->value) ? tr_strdup("n/a")
	          : b->text ? tr_strdup(b->text) : tr_numstr_short(b->value, 3);
	char *t;
	if (!v || !b->note || !*b->note)
		return v;
	t = tr_sprintf("%s  %s", v, b->note);
	free(v);
	return t;
}

static int S_widths(tr_scene *s, const tr_chart_list *l, double *label_w, double *value_w,
                    double *vmax)
{
	*label_w = *value_w = *vmax = 0;
	for (size_t i = 0; i < l->nbars; i++) {
		char *t = S_value_text(&l->bars[i]);
		double w;
		if (!t)
			return TR_ENOMEM;
		w = tr_text_width(s->measure, t, TR_SMALL_SIZE, false);
		*value_w = w > *value_w ? w : *value_w;
		free(t);
		w = tr_text_width(s->measure, l->bars[i].label, TR_SMALL_SIZE, false);
		*label_w = w > *label_w ? w : *label_w;
		if (isfinite(l->bars[i].value) && l->bars[i].value > *vmax)
			*vmax = l->bars[i].value;
	}
	if (*label_w > S_MAX_LABEL)
		*label_w = S_MAX_LABEL;
	return 0;
}

int tr_layout_list(tr_scene *s, const tr_results *r, const tr_chart_list *l)
{
	double asc, desc, label_w, value_w, vmax, left, right, top, bottom, y, pitch;
	tr_axis axis;
	char cls[32], id[48];
	bool badges = false;
	int rc;

	tr_frame_styles(s, r);
	S_badge_styles(s);
	for (size_t i = 0; i < l->nbars; i++)
		badges |= S_badge_index(l, i) >= 0;
	y = tr_frame_header(s, l->title, l->subtitle);
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	if ((rc = S_widths(s, l, &label_w, &value_w, &vmax)) < 0)
		return rc;
	tr_axis_nice(&axis, 0, vmax > 0 ? vmax : 1, 6);
	left = TR_MARGIN + label_w + 10;
	right = s->width - TR_MARGIN - value_w - 8;
	top = floor(y + 4);
	/* a badge takes a line of its own under the label */
	pitch = badges ? S_PITCH + asc + desc + 6 : S_PITCH;
	bottom = top + (double)l->nbars * pitch + 6;
	tr_axis_draw_x(s, &axis, left, right, top, bottom, l->axis_title);
	for (size_t i = 0; i < l->nbars; i++) {
		const tr_chart_bar *b = &l->bars[i];
		double by = top + 3 + (double)i * pitch + (S_PITCH - S_BAR) / 2;
		double bcy = by + S_BAR / 2, xv = left;
		char *fit = tr_text_fit(s->measure, b->label, TR_SMALL_SIZE, false, label_w);
		char *t = S_value_text(b);
		if (!fit || !t) {
			free(fit);
			free(t);
			return TR_ENOMEM;
		}
		tr_scene_text(s, "label", strcmp(fit, b->label) ? b->label : NULL, left - 10,
		              bcy + (asc - desc) / 2, TR_ANCHOR_END, TR_SMALL_SIZE, false, false,
		              fit);
		if (isfinite(b->value)) {
			long m;
			xv = tr_axis_map(&axis, b->value, left, right);
			snprintf(cls, sizeof(cls), "bar p%zu", b->provider);
			m = tr_scene_rect(s, cls, b->title ? b->title : t, left, by, xv - left, S_BAR);
			snprintf(id, sizeof(id), "bar-%zu", i);
			tr_scene_set_id(s, m, id);
		}
		S_badge(s, l, i, left - 10, by + S_BAR + 2, label_w, asc, desc);
		tr_scene_text(s, isfinite(b->value) ? "value" : "muted", NULL, xv + 4,
		              bcy + (asc - desc) / 2, TR_ANCHOR_START, TR_SMALL_SIZE, false,
		              false, t);
		free(fit);
		free(t);
	}
	tr_frame_finish(s, bottom + 6 + asc + desc + 8 + asc + desc + TR_MARGIN);
	return tr_scene_finish(s);
}

int tr_chart_list_render(tr_buf *out, const tr_results *r, const tr_chart_list *l,
                         tr_chart_format format)
{
	tr_scene scene;
	char *prefix;
	int rc;
	for (size_t i = 0; i < l->nbars; i++)
		if (l->bars[i].provider >= r->nproviders || !l->bars[i].label)
			return tr_error_set("chart %s: bar %zu names no provider", l->name, i);
	if (!(prefix = tr_sprintf("%s-", l->name)))
		return TR_ENOMEM;
	rc = tr_scene_init(&scene, l->width > 0 ? l->width : TR_CHART_WIDTH, 400, l->title,
	                    l->alt, prefix);
	free(prefix);
	if (rc == 0)
		rc = tr_layout_list(&scene, r, l);
	if (rc == 0)
		rc = format == TR_CHART_SVG ? tr_svg_write(out, &scene)
		                            : tr_raster_write(out, &scene, format);
	tr_scene_free(&scene);
	return rc;
}
