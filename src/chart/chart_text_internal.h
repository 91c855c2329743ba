#ifndef TR_CHART_TEXT_INTERNAL_H
#define TR_CHART_TEXT_INTERNAL_H

/* Internal to chart: text drawn with cairo through Pango (font.c), by the
 * same measure that laid the scene out (chart_scene_internal.h). */

#include "chart_scene_internal.h"

#include <cairo.h>

/* Draw text (clean UTF-8, as a scene's marks hold it) at cr's current
 * origin: the baseline on y = 0, starting, centred or ending at x = 0 by
 * anchor, in TR_FONT_FAMILY at size px with fallback fonts for what it
 * lacks, with cr's source colour. The transformation (scale, rotation) is
 * cr's. Nothing to free; m keeps a Pango context for cr's kind of target. */
void tr_text_draw(tr_text_measure *m, cairo_t *cr, const char *text,
                  double size, bool bold, tr_anchor anchor);

#endif
