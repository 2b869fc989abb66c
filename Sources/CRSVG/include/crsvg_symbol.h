// SPDX-License-Identifier: GPL-3.0-or-later
// Rendering one layer (an element by id) of an SVG: the glyph of an SF Symbols custom symbol
// template (`Regular-M`), without the template's guides, notes and other weights.
#ifndef ICONAUDIT_CRSVG_SYMBOL_H
#define ICONAUDIT_CRSVG_SYMBOL_H
#include <stddef.h>
#include <stdint.h>

/// Ink rectangle of the element `id` ("#Regular-M") in the document's user units.
/// Returns 0 on success, 1 on a parse error, 2 when the document has no such element.
int ia_svg_layer_ink(const uint8_t *data, size_t size, const char *id, double *x, double *y,
                     double *width, double *height, char message[512]);

/// Renders only the element `id` at `scale` px per user unit, the user point (origin_x,
/// origin_y) at the canvas's top-left corner, onto width_px × height_px (cairo ARGB32,
/// premultiplied, stride width_px*4; free with ia_svg_free).
int ia_svg_render_layer(const uint8_t *data, size_t size, const char *id, double scale,
                        double origin_x, double origin_y, int width_px, int height_px,
                        uint8_t **out, char message[512]);
#endif
