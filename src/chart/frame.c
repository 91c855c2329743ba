/* frame.c: what every chart has around its plot: the style sheet, the
 * background, a title and subtitle, and the legend. */

#include "chart_internal.h"
#include "util/base.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Init phases, by tr_phase: Paul Tol's "light" scheme, pale tones apart
 * from the saturated Okabe-Ito colours of the providers drawn beside the
 * bars, so a phase is never taken for a provider. The same phase has the
 * same colour in every study. */
static const char *const S_phase_colors[TR_PHASE_OTHER + 1] = {
	[TR_PHASE_DROP] = "#dddddd",
	[TR_PHASE_CREATE] = "#99ddff",
	[TR_PHASE_GENERATE_CLIENT] = "#77aadd",
	[TR_PHASE_GENERATE_SERVER] = "#ffaabb",
	[TR_PHASE_VACUUM] = "#eedd88",
	[TR_PHASE_PRIMARY_KEYS] = "#bbcc33",
	[TR_PHASE_FOREIGN_KEYS] = "#ee8866",
	[TR_PHASE_OTHER] = "#aaaa00"   /* any other phase */
};

const char *tr_chart_palette_color(size_t i)
{
	/* Okabe & Ito (2008), yellow and black last: they read worst on a
	 * white page and on a dark one. Then 56 more for grids of many
	 * providers, all distinct: hues a golden angle apart (0.381966 of the
	 * circle per step), lightness 0.30-0.50 and saturation 0.55-0.85 in
	 * turn (HLS), so that each stands out on a white page. Past 64 the
	 * colours come round again with a dashed outline (tr_chart_palette_dash):
	 * colour and style together are never the same for two providers. */
	static const char *const palette[] = {
		"#0072B2", "#E69F00", "#009E73", "#D55E00",
		"#CC79A7", "#56B4E9", "#F0E442", "#999999",
		"#AA1818", "#20DF58", "#561386", "#C4AF1C", "#27889B", "#CC3386", "#357A1F", "#332DB4",
		"#B3460F", "#13EC9B", "#830B8E", "#A8D011", "#2C6196", "#C63956", "#22772A", "#6132AE",
		"#AA7918", "#20DFD8", "#861369", "#69C41C", "#273A9B", "#CC4733", "#1F7A45", "#8D2DB4",
		"#B3B30F", "#13ACEC", "#8E0B41", "#28D011", "#3E2C96", "#C67A39", "#227762", "#AE32A8",
		"#79AA18", "#2067DF", "#86131C", "#1CC440", "#61279B", "#CCAD33", "#1F727A", "#B42D80",
		"#45B30F", "#131BEC", "#8E2D0B", "#11D079", "#852C96", "#B3C639", "#225377", "#AE3256",
		"#18AA19", "#5920DF", "#865713", "#1CC4B0", "#9B2787", "#85CC33", "#1F357A", "#B4332D",
	};
	return palette[i % TR_ARRAY_SIZE(palette)];
}

size_t tr_chart_palette_size(void)
{
	return 64;
}

const char *tr_chart_provider_color(const tr_results *r, size_t i)
{
	const char *c = i < r->nproviders ? r->providers[i].color : NULL;
	return c ? c : tr_chart_palette_color(i);
}

/* Class of provider i: "p<i>" (the provider's index in tr_results). */
static void S_provider_class(char *buf, size_t size, size_t provider)
{
	snprintf(buf, size, "p%zu", provider);
}

/* "#rrggbb" in lowercase, or NULL when c is anything else (the ini's text
 * never reaches the CSS unchecked). */
static const char *S_color(char out[8], const char *c)
{
	if (!c || c[0] != '#' || strlen(c) != 7)
		return NULL;
	out[0] = '#';
	for (int i = 1; i < 7; i++) {
		char ch = c[i];
		if (ch >= 'A' && ch <= 'F')
			ch = (char)(ch - 'A' + 'a');
		if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')))
			return NULL;
		out[i] = ch;
	}
	out[7] = '\0';
	return out;
}

/* For dark mode: a colour too dark to read on the dark background, mixed
 * with white until it is (the same provider keeps the same hue). */
static const char *S_dark_variant(char out[8], const char *c)
{
	unsigned v[3];
	double lum;
	if (sscanf(c + 1, "%2x%2x%2x", &v[0], &v[1], &v[2]) != 3)
		return NULL;
	lum = (0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]) / 255.0;
	if (lum >= 0.5)
		return NULL;
	for (int i = 0; i < 3; i++)
		v[i] = (unsigned)(v[i] + (255 - v[i]) * (0.5 - lum) / (1 - lum) + 0.5);
	snprintf(out, 8, "#%02x%02x%02x", v[0] & 0xff, v[1] & 0xff, v[2] & 0xff);
	return out;
}

void tr_frame_styles(tr_scene *s, const tr_results *r)
{
	static const double dash1[] = { 7, 3 }, dash2[] = { 2, 2.5 },
	                    dash3[] = { 11, 3 }, dash_mean[] = { 4, 3 };
	char name[24], col[8], phase_col[8], dark[8];

	tr_scene_style(s, "bg", "#ffffff", "none", -1, NULL, "#17181c", NULL);
	/* the background again, over grid lines where a header row goes */
	tr_scene_style(s, "band", "#ffffff", "none", -1, NULL, "#17181c", NULL);
	tr_scene_style(s, "title", "#1a1a1a", "none", -1, NULL, "#ededed", NULL);
	tr_scene_style(s, "label", "#333333", "none", -1, NULL, "#d6d6d6", NULL);
	tr_scene_style(s, "tick", "#555555", "none", -1, NULL, "#b4b4b4", NULL);
	tr_scene_style(s, "muted", "#666666", "none", -1, NULL, "#a2a2a2", NULL);
	tr_scene_style(s, "value", "#222222", "none", -1, NULL, "#e4e4e4", NULL);
	tr_scene_style(s, "grid", "none", "#e8e8e8", 1, NULL, NULL, "#2e3036");
	tr_scene_style(s, "axis", "none", "#8c8c8c", 1, NULL, NULL, "#6c6f78");
	for (size_t i = 0; i < r->nproviders; i++) {
		const char *c = S_color(col, r->providers[i].color);
		if (!c)
			c = S_color(col, tr_chart_palette_color(i));
		const char *d = S_dark_variant(dark, c);
		/* the palette's second and later rounds: a dashed outline */
		size_t round = i / tr_chart_palette_size();
		const double *dash = round == 0 || r->providers[i].color ? NULL
		                     : round % 3 == 1 ? dash1 : round % 3 == 2 ? dash2 : dash3;
		S_provider_class(name, sizeof(name), i);
		tr_scene_style(s, name, c, c, dash ? 2 : -1, dash, d, d);
	}
	for (size_t i = 0; i < TR_ARRAY_SIZE(S_phase_colors); i++) {
		snprintf(name, sizeof(name), "ph%zu", i);
		tr_scene_style(s, name, S_color(phase_col, S_phase_colors[i]), "none",
		               -1, NULL, NULL, NULL);
	}
	/* after the colour classes, so these win where they differ */
	tr_scene_style(s, "bar", NULL, "none", -1, NULL, NULL, NULL);
	tr_scene_style(s, "line", "none", NULL, 2, NULL, NULL, NULL);
	tr_scene_style(s, "thin", NULL, NULL, 1.25, NULL, NULL, NULL);
	tr_scene_style(s, "run1", NULL, NULL, -1, dash1, NULL, NULL);
	tr_scene_style(s, "run2", NULL, NULL, -1, dash2, NULL, NULL);
	tr_scene_style(s, "run3", NULL, NULL, -1, dash3, NULL, NULL);
	tr_scene_style(s, "dot", NULL, "#ffffff", 1, NULL, NULL, "#17181c");
	tr_scene_style(s, "whisker", "none", "#222222", 1.5, NULL, NULL, "#e4e4e4");
	tr_scene_style(s, "neutral", "#8c8c8c", "#8c8c8c", -1, NULL, "#6c6f78",
	               "#6c6f78");
	/* timelines: a panel's mean, and the ring around the deepest dip */
	tr_scene_style(s, "meanline", "none", "#444444", 1, dash_mean, NULL, "#c8c8c8");
	tr_scene_style(s, "dipmark", "none", "#111111", 1.75, NULL, NULL, "#f0f0f0");
}

/* Lines of text from y (first baseline), wrapped; returns the y of the
 * last line's bottom. The full text goes into the <title> of a line that
 * had to be cut. */
static double S_lines(tr_scene *s, const char *cls, const char *text,
                      double size, bool bold, double y, size_t max_lines)
{
	char **lines = NULL;
	size_t n = 0;
	double asc, desc, bottom = y;
	tr_text_extents(s->measure, size, bold, &asc, &desc);
	if (tr_text_wrap(&lines, &n, s->measure, text, size, bold,
	                 s->width - 2 * TR_MARGIN, max_lines) < 0) {
		s->rc = TR_ENOMEM;
		return y;
	}
	for (size_t i = 0; i < n; i++) {
		bool cut = tr_text_is_cut(lines[i], text);
		double base = y + asc + (double)i * (size * 1.25);
		tr_scene_text(s, cls, cut ? text : NULL, TR_MARGIN, base,
		              TR_ANCHOR_START, size, bold, false, lines[i]);
		bottom = base + desc;
	}
	tr_text_lines_free(lines, n);
	return bottom;
}

double tr_frame_header(tr_scene *s, const char *title, const char *subtitle)
{
	double y = TR_MARGIN;
	long bg = tr_scene_rect(s, "bg", NULL, 0, 0, s->width, s->height);
	tr_scene_set_id(s, bg, "bg");
	if (title && *title)
		y = S_lines(s, "title", title, TR_TITLE_SIZE, true, y, 2) + 6;
	if (subtitle && *subtitle)
		y = S_lines(s, "muted", subtitle, TR_SMALL_SIZE, false, y, 3) + 4;
	return y + 8;
}

double tr_frame_legend(tr_scene *s, const tr_legend_entry *e, size_t n,
                       double y)
{
	const double box = 12, gap = 6, sep = 20, row = 20;
	double asc, desc, x = TR_MARGIN, max_label;
	if (n == 0)
		return y;
	tr_text_extents(s->measure, TR_TEXT_SIZE, false, &asc, &desc);
	/* a label may take a row of its own before it is shortened */
	max_label = s->width - 2 * TR_MARGIN - box - 10 - gap;
	for (size_t i = 0; i < n; i++) {
		char *fit = tr_text_fit(s->measure, e[i].label, TR_TEXT_SIZE, false,
		                        max_label);
		double w, sw, base = y + asc, mid = base - (asc - desc) / 2;
		char cls[64];
		if (!fit) {
			s->rc = TR_ENOMEM;
			return y;
		}
		sw = e[i].swatch == TR_SWATCH_LINE ? box + 10 : box;
		w = sw + gap + tr_text_width(s->measure, fit, TR_TEXT_SIZE, false);
		if (x > TR_MARGIN && (x + w > s->width - TR_MARGIN || e[i].new_row)) {
			x = TR_MARGIN;
			y += row;
			base = y + asc;
			mid = base - (asc - desc) / 2;
		}
		if (e[i].swatch == TR_SWATCH_BOX) {
			snprintf(cls, sizeof(cls), "bar %s", e[i].cls);
			tr_scene_rect(s, cls, NULL, x, mid - box / 2, box, box);
		} else {
			snprintf(cls, sizeof(cls), "line %s", e[i].cls);
			tr_scene_line(s, cls, NULL, x, mid, x + sw, mid);
		}
		tr_scene_text(s, "label", strcmp(fit, e[i].label) ? e[i].label : NULL,
		              x + sw + gap, base, TR_ANCHOR_START, TR_TEXT_SIZE, false,
		              false, fit);
		x += w + sep;
		free(fit);
	}
	return y + row + 6;
}

void tr_frame_finish(tr_scene *s, double height)
{
	s->height = ceil(height);
	for (size_t i = 0; i < s->nmarks; i++)
		if (s->marks[i].kind == TR_MARK_RECT && strcmp(s->marks[i].cls, "bg") == 0)
			s->marks[i].h = s->height;
}

void tr_frame_finish_x_axis(tr_scene *s, double bottom)
{
	double asc, desc;
	tr_text_extents(s->measure, TR_SMALL_SIZE, false, &asc, &desc);
	tr_frame_finish(s, bottom + 6 + asc + desc + 8 + asc + desc + TR_MARGIN);
}

double tr_frame_open(tr_scene *s, const tr_results *r, const char *title,
                     const char *subtitle, const tr_legend *l)
{
	double y;
	tr_frame_styles(s, r);
	y = tr_frame_header(s, title, subtitle);
	if (l && l->n)
		y = tr_frame_legend(s, l->e, l->n, y);
	return y;
}
