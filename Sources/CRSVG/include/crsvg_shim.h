// SPDX-License-Identifier: GPL-3.0-or-later
// A small C shim over librsvg: glib, cairo and GError stay on this side.
#ifndef ICONAUDIT_CRSVG_SHIM_H
#define ICONAUDIT_CRSVG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Parses an SVG held in memory and returns its intrinsic size in CSS px (= pt),
/// from width/height, else from the viewBox. Returns 0 on success, 1 on a parse error
/// (message filled), 2 if the document has no usable size.
int ia_svg_intrinsic_size(const uint8_t *data, size_t size, double *width, double *height,
                          char message[512]);

/// Renders an SVG held in memory onto a width_px × height_px canvas (aspect ratio kept,
/// centred). On success *out is a malloc'd buffer of cairo ARGB32 pixels (premultiplied,
/// native-endian 32-bit words, stride width_px*4) that the caller frees with ia_svg_free.
/// No base URI is set, so references to external files are not loaded.
int ia_svg_render(const uint8_t *data, size_t size, int width_px, int height_px, uint8_t **out,
                  char message[512]);

void ia_svg_free(void *pointer);
#include "crsvg_symbol.h"
#endif
