// SPDX-License-Identifier: GPL-3.0-or-later
#include "crsvg_shim.h"
#include "open.h"

#include <cairo.h>
#include <ia_shim_support.h>
#include <librsvg/rsvg.h>
#include <stdlib.h>

int ia_svg_intrinsic_size(const uint8_t *data, size_t size, double *width, double *height,
                          char message[512]) {
  *width = 0;
  *height = 0;
  RsvgHandle *handle = ia_svg_open(data, size, message);
  if (!handle) return 1;
  gdouble w = 0, h = 0;
  int status = 0;
  if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) && w > 0 && h > 0) {
    *width = w;
    *height = h;
  } else {
    gboolean has_w, has_h, has_vb;
    RsvgLength lw, lh;
    RsvgRectangle vb;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
    if (has_vb && vb.width > 0 && vb.height > 0) {
      *width = vb.width;
      *height = vb.height;
    } else {
      ia_set_message(message, "the SVG has no usable size (needs a positive width and height, or a viewBox)");
      status = 2;
    }
  }
  g_object_unref(handle);
  return status;
}

int ia_svg_render(const uint8_t *data, size_t size, int width_px, int height_px, uint8_t **out,
                  char message[512]) {
  *out = NULL;
  if (width_px <= 0 || height_px <= 0) {
    ia_set_message(message, "render size must be positive");
    return 1;
  }
  RsvgHandle *handle = ia_svg_open(data, size, message);
  if (!handle) return 1;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width_px, height_px);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ia_set_message(message, "cairo could not create the canvas");
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    return 1;
  }
  cairo_t *cr = cairo_create(surface);
  RsvgRectangle viewport = {0, 0, (double)width_px, (double)height_px};
  GError *error = NULL;
  gboolean ok = rsvg_handle_render_document(handle, cr, &viewport, &error);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  int status = 0;
  if (!ok) {
    ia_set_message(message, error ? error->message : "librsvg could not render the document");
    if (error) g_error_free(error);
    status = 1;
  } else {
    *out = ia_copy_argb32(cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface),
                          width_px, height_px, message);
    if (!*out) status = 1;
  }
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  return status;
}

void ia_svg_free(void *pointer) { free(pointer); }
