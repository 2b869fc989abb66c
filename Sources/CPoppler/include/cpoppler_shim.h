// SPDX-License-Identifier: GPL-3.0-or-later
// A small C shim over poppler-glib: glib, cairo and GError stay on this side.
#ifndef ICONAUDIT_CPOPPLER_SHIM_H
#define ICONAUDIT_CPOPPLER_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// Size in points of the first page of a PDF held in memory, and the page count.
/// Returns 0 on success, 1 if the document cannot be read (message filled), 2 if it has no page.
int ia_pdf_page_size(const uint8_t *data, size_t size, double *width_pt, double *height_pt,
                     int *pages, char message[512]);

/// Renders the first page at `scale` px per pt onto a width_px × height_px canvas.
/// On success *out is a malloc'd buffer of cairo ARGB32 pixels (premultiplied, native-endian,
/// stride width_px*4) that the caller frees with ia_pdf_free.
int ia_pdf_render(const uint8_t *data, size_t size, double scale, int width_px, int height_px,
                  uint8_t **out, char message[512]);

void ia_pdf_free(void *pointer);
#endif
