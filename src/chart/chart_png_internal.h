#ifndef TR_CHART_PNG_INTERNAL_H
#define TR_CHART_PNG_INTERNAL_H

/* Internal to chart: PNG files from cairo's RGB24 pixels. */

#include "util/buf.h"

/*
 * Append a PNG (8-bit RGB, no interlace) of the w x h pixels in `data`
 * (cairo's CAIRO_FORMAT_RGB24: one native-endian 0x00RRGGBB word per
 * pixel, `stride` bytes a row) to out. Returns 0, TR_ENOMEM or TR_ERROR.
 */
int tr_png_encode_rgb24(tr_buf *out, const unsigned char *data, int w, int h,
                        int stride);

#endif
