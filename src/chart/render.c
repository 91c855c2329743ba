/* render.c: one chart, from results to file bytes: lay it out once, then
 * write the scene in the format asked for. */

#include "chart_plan_internal.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

/* An item made by hand must name what its kind needs. */
static bool S_item_ok(const tr_results *r, const tr_chart_item *item)
{
	bool one = item->kind == TR_CHART_TIMELINE || item->kind == TR_CHART_PERCENTILES ||
	           item->kind == TR_CHART_SWEEP;
	if ((unsigned)item->kind > TR_CHART_WAITS)
		return false;
	if (item->scenario < (one ? 0 : -1) || item->workload < (one ? 0 : -1))
		return false;
	if (item->kind == TR_CHART_WAITS && item->scenario < 0)
		return false;
	return (item->scenario < 0 || (size_t)item->scenario < r->nscenarios) &&
	       (item->workload < 0 || (size_t)item->workload < r->nworkloads);
}

int tr_chart_scene(tr_scene *out, const tr_results *r, const tr_chart_item *item)
{
	char *prefix;
	int rc;
	memset(out, 0, sizeof(*out));
	if (!S_item_ok(r, item))
		return tr_error_set("a '%s' chart of scenario %ld, workload %ld: no such "
		                    "scenario or workload", tr_chart_kind_name(item->kind),
		                    item->scenario, item->workload);
	prefix = tr_sprintf("%s-", item->name ? item->name : "chart");
	if (!prefix) {
		memset(out, 0, sizeof(*out));
		return TR_ENOMEM;
	}
	rc = tr_scene_init(out, item->width > 0 ? item->width : TR_CHART_WIDTH, 400,
	                    item->title, item->alt, prefix);
	free(prefix);
	if (rc < 0)
		return rc;
	switch (item->kind) {
	case TR_CHART_INIT:
		return tr_layout_init(out, r, item);
	case TR_CHART_TIMELINE:
		return tr_layout_timeline(out, r, item);
	case TR_CHART_PERCENTILES:
		return tr_layout_percentiles(out, r, item);
	case TR_CHART_SWEEP:
		return tr_layout_sweep(out, r, item);
	case TR_CHART_WAITS:
		return tr_layout_waits(out, r, item);
	default:
		return tr_layout_bars(out, r, item);
	}
}

int tr_chart_render(tr_buf *out, const tr_results *r, const tr_chart_item *item,
                    tr_chart_format format)
{
	tr_scene scene;
	int rc = tr_chart_scene(&scene, r, item);
	if (rc == 0)
		rc = format == TR_CHART_SVG ? tr_svg_write(out, &scene)
		                            : tr_raster_write(out, &scene, format);
	tr_scene_free(&scene);
	return rc;
}
