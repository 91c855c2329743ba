/* render.c: the writeup with every chart drawn once. The plan's charts
 * are named and described first (the directives place them by kind and
 * scenario), the writeup is expanded once, which adds the charts its
 * directives ask for, then all of them are drawn together and the
 * writeup is rendered around them. */

#include "report_internal.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

/* The pictures to draw and what the directives' ones are drawn from. */
typedef struct {
	tr_rp_job *jobs;
	size_t njobs;
	tr_chart_list *lists;
	size_t nlists;
	tr_chart_item *narrow;  /* the plan's items drawn for a phone */
	tr_chart_list *narrow_lists;
	tr_rp_subset *subsets;  /* {{chart KIND providers=...}}'s results */
	size_t nsubsets;
	tr_chart_item *variants; /* per list: a directive's own drawing of a
	                            chart of the report (2i wide, 2i+1 narrow) */
	size_t nvariants;       /* wide ones made so far (owned strings) */
} S_work;

static int S_copy(tr_writeup_chart *out, const tr_chart_item *in)
{
	memset(out, 0, sizeof(*out));
	out->scenario = in->scenario;
	out->workload = in->workload;
	if (!tr_writeup_name_safe(in->name))
		return tr_error_set("chart plan: '%s' is not a safe file name",
		                    in->name ? in->name : "");
	if (!(out->name = tr_strdup(in->name)) ||
	    !(out->kind = tr_strdup(tr_chart_kind_name(in->kind))) ||
	    (in->title && !(out->title = tr_strdup(in->title))) ||
	    (in->alt && !(out->alt = tr_strdup(in->alt))) ||
	    (in->note && !(out->note = tr_strdup(in->note))))
		return TR_ENOMEM;
	return 0;
}

/* The plan's charts into the empty set out, named and described, not
 * drawn yet. */
static int S_describe(tr_writeup_charts *out, const tr_chart_plan *plan)
{
	int rc;
	if (!(out->items = tr_calloc(plan->count + 1, sizeof(tr_writeup_chart))))
		return TR_ENOMEM;
	for (size_t i = 0; i < plan->count; i++) {
		out->count = i + 1;
		if ((rc = S_copy(&out->items[i], &plan->items[i])) < 0)
			return rc;
		for (size_t k = 0; k < i; k++)
			if (strcmp(out->items[k].name, out->items[i].name) == 0)
				return tr_error_set("chart plan: two charts named '%s'",
				                    out->items[i].name);
	}
	return 0;
}

/* A directive's bars as the chart module takes them. */
static int S_list(tr_chart_list *out, const tr_writeup_chart *c, const tr_writeup_list *l)
{
	tr_chart_bar *bars = tr_calloc(l->nbars + 1, sizeof(tr_chart_bar));
	if (!bars)
		return TR_ENOMEM;
	for (size_t i = 0; i < l->nbars; i++) {
		bars[i].label = l->bars[i].label;
		bars[i].provider = l->bars[i].provider;
		bars[i].value = l->bars[i].value;
		bars[i].note = l->bars[i].note;
		bars[i].text = l->bars[i].text;
		bars[i].badge = l->bars[i].badge;
	}
	out->name = c->name;
	out->title = c->title;
	out->subtitle = l->subtitle;
	out->alt = c->alt;
	out->axis_title = l->axis_title;
	out->bars = bars;
	out->nbars = l->nbars;
	return 0;
}

static void S_job(S_work *w, tr_writeup_chart *c, const tr_chart_item *item,
                  const tr_chart_list *list, const tr_writeup_list *at, bool png)
{
	for (int f = 0; f < (png ? 2 : 1); f++) {
		tr_rp_job *j = &w->jobs[w->njobs++];
		j->item = item;
		j->list = list;
		j->format = f == 0 ? TR_CHART_SVG : TR_CHART_PNG;
		j->out = f == 0 ? &c->svg : &c->png;
		j->name = c->name;
		j->path = at ? at->path : NULL;
		j->line = at ? at->line : 0;
	}
}

/* The phone's rendition: the same chart laid out TR_CHART_NARROW wide,
 * SVG only (pages choose it by a media query; PNGs are for documents). */
static void S_narrow_job(S_work *w, tr_writeup_chart *c, const tr_chart_item *item,
                         const tr_chart_list *list, const tr_writeup_list *at)
{
	tr_rp_job *j = &w->jobs[w->njobs++];
	j->item = item;
	j->list = list;
	j->format = TR_CHART_SVG;
	j->out = &c->svg_narrow;
	j->narrow = true;
	j->name = c->name;
	j->path = at ? at->path : NULL;
	j->line = at ? at->line : 0;
}

/* A chart of some providers: its jobs draw from their results. */
static int S_subset_jobs(S_work *w, const tr_results *r, tr_writeup_chart *c,
                         const tr_writeup_list *at, bool png)
{
	tr_rp_subset *sub = &w->subsets[w->nsubsets++];
	size_t first = w->njobs;
	int rc;
	if ((rc = tr_rp_subset_make(sub, r, c, at)) < 0)
		return rc;
	S_job(w, c, &sub->item, NULL, at, png);
	S_narrow_job(w, c, &sub->narrow, NULL, at);
	for (size_t k = first; k < w->njobs; k++)
		w->jobs[k].r = &sub->r;
	return 0;
}

/* Draw a chart variant for a directive: chart c (items[l->chart]) is the
 * chart of the report of kind, scenario and workload as c says, made
 * again from the results under c's own name and title ({{chart tps
 * title="..."}}), wide (PNG too when png) and narrow like every other;
 * the shared drawing is untouched. Its item is w->variants[2 * i]. */
static int S_variant(S_work *w, tr_writeup_chart *c, const tr_writeup_list *l,
                     size_t i, const tr_results *r, bool png)
{
	tr_chart_item *wide = &w->variants[2 * i], *narrow = &w->variants[2 * i + 1];
	tr_chart_kind kind;
	char *name, *title;
	int rc;
	if (tr_chart_kind_parse(&kind, c->kind) < 0)
		return tr_error_set_at(l->path, l->line, "chart %s: a %s chart is not "
		                       "redrawn with a title of its own", c->name, c->kind);
	if ((rc = tr_chart_item_make(wide, r, kind, c->scenario, c->workload)) < 0)
		return rc;
	w->nvariants = i + 1;
	if (!(name = tr_strdup(c->name)) || !(title = tr_strdup(c->title))) {
		free(name);
		return TR_ENOMEM;
	}
	free(wide->name);
	free(wide->title);
	wide->name = name;
	wide->title = title;
	S_job(w, c, wide, NULL, l, png);
	*narrow = *wide; /* borrows its strings */
	narrow->width = TR_CHART_NARROW;
	S_narrow_job(w, c, narrow, NULL, l);
	return 0;
}

/* One job per chart and format: the plan's charts (when plan is given,
 * they are the first of cs), then the directives'; each also narrow. */
static int S_jobs(S_work *w, tr_writeup_charts *cs, const tr_chart_plan *plan,
                  const tr_writeup_list *lists, size_t nlists, bool png,
                  const tr_results *r)
{
	size_t per = png ? 3 : 2;
	int rc;
	w->jobs = tr_calloc((plan->count + nlists) * per + 1, sizeof(tr_rp_job));
	w->lists = tr_calloc(nlists + 1, sizeof(tr_chart_list));
	w->narrow = tr_calloc(plan->count + 1, sizeof(tr_chart_item));
	w->narrow_lists = tr_calloc(nlists + 1, sizeof(tr_chart_list));
	w->subsets = tr_calloc(nlists + 1, sizeof(tr_rp_subset));
	w->variants = tr_calloc(2 * nlists + 1, sizeof(tr_chart_item));
	if (!w->jobs || !w->lists || !w->narrow || !w->narrow_lists || !w->subsets ||
	    !w->variants)
		return TR_ENOMEM;
	for (size_t i = 0; i < plan->count; i++) {
		S_job(w, &cs->items[i], &plan->items[i], NULL, NULL, png);
		w->narrow[i] = plan->items[i]; /* borrows its strings */
		w->narrow[i].width = TR_CHART_NARROW;
		S_narrow_job(w, &cs->items[i], &w->narrow[i], NULL, NULL);
	}
	for (size_t i = 0; i < nlists; i++) {
		tr_writeup_chart *c = &cs->items[lists[i].chart];
		/* providers= first (with or without the author's title), then a
		 * title alone */
		if (lists[i].providers && (rc = S_subset_jobs(w, r, c, &lists[i], png)) < 0)
			return rc;
		if (lists[i].providers)
			continue;
		if (lists[i].redraw) {
			if ((rc = S_variant(w, c, &lists[i], i, r, png)) < 0)
				return rc;
			continue;
		}
		if ((rc = S_list(&w->lists[i], c, &lists[i])) < 0)
			return rc;
		w->nlists = i + 1;
		S_job(w, c, NULL, &w->lists[i], &lists[i], png);
		w->narrow_lists[i] = w->lists[i];
		w->narrow_lists[i].width = TR_CHART_NARROW;
		S_narrow_job(w, c, NULL, &w->narrow_lists[i], &lists[i]);
	}
	return 0;
}

static void S_work_free(S_work *w)
{
	for (size_t i = 0; i < w->nlists; i++)
		free((tr_chart_bar *)w->lists[i].bars); /* S_list's */
	free(w->lists);
	for (size_t i = 0; i < w->nvariants; i++)
		tr_chart_item_free(&w->variants[2 * i]); /* S_variant's */
	free(w->variants);
	free(w->narrow);
	free(w->narrow_lists);
	for (size_t i = 0; w->subsets && i < w->nsubsets; i++)
		tr_rp_subset_free(&w->subsets[i]);
	free(w->subsets);
	free(w->jobs);
}

static int S_draw(const S_work *w, const tr_results *r, const tr_report_options *o)
{
	int rc;
	if (o->progress)
		o->progress(o->ctx, "drawing charts");
	rc = tr_rp_draw(w->jobs, w->njobs, r, o->threads);
	if (o->progress)
		o->progress(o->ctx, NULL);
	for (size_t i = 0; rc == 0 && o->drawn && i < w->njobs; i++)
		if (!w->jobs[i].narrow)
			o->drawn(o->ctx, w->jobs[i].name, w->jobs[i].format);
	return rc;
}

int tr_report_render(tr_writeup_output *out, tr_writeup_charts *charts,
                     const tr_results *r, const tr_writeup_options *wo,
                     const tr_report_options *options)
{
	tr_chart_plan plan = { NULL, 0 };
	tr_writeup_doc *doc = NULL;
	const tr_writeup_list *lists;
	S_work w;
	bool own = charts->count == 0;
	size_t nlists;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&w, 0, sizeof(w));
	if (own && ((rc = tr_chart_plan_make(&plan, r)) < 0 ||
	            (rc = S_describe(charts, &plan)) < 0))
		goto cleanup;
	if ((rc = tr_writeup_expand(&doc, r, charts, wo)) < 0)
		goto cleanup;
	nlists = tr_writeup_lists(doc, &lists);
	if ((rc = S_jobs(&w, charts, &plan, lists, nlists, options->png, r)) < 0 ||
	    (rc = S_draw(&w, r, options)) < 0)
		goto cleanup;
	rc = tr_writeup_finish(out, doc);
cleanup:
	tr_writeup_doc_free(doc);
	S_work_free(&w);
	tr_chart_plan_free(&plan);
	if (rc < 0 && own)
		tr_writeup_charts_free(charts);
	return rc;
}
