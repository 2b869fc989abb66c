// SPDX-License-Identifier: GPL-3.0-or-later
#include "crsvg_symbol.h"
#include "open.h"

#include <cairo.h>
#include <ia_shim_support.h>
#include <librsvg/rsvg.h>

static RsvgHandle *ia_symbol_open(const uint8_t *data, size_t size, RsvgRectangle *document,
                                  char message[512]) {
  RsvgHandle *handle = ia_svg_open(data, size, message);
  if (!handle) return NULL;
  gdouble w = 0, h = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) || w <= 0 || h <= 0) {
    gboolean has_w, has_h, has_vb;
    RsvgLength lw, lh;
    RsvgRectangle vb;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
    w = has_vb ? vb.width : 0;
    h = has_vb ? vb.height : 0;
  }
  if (w <= 0 || h <= 0) {
    ia_set_message(message, "the SVG has neither a size nor a viewBox");
    g_object_unref(handle);
    return NULL;
  }
  document->x = 0;
  document->y = 0;
  document->width = w;
  document->height = h;
  return handle;
}

int ia_svg_layer_ink(const uint8_t *data, size_t size, const char *id, double *x, double *y,
                     double *width, double *height, char message[512]) {
  *x = *y = *width = *height = 0;
  RsvgRectangle document;
  RsvgHandle *handle = ia_symbol_open(data, size, &document, message);
  if (!handle) return 1;
  int status = 0;
  if (!rsvg_handle_has_sub(handle, id)) {
    ia_set_message(message, "no such element");
    status = 2;
  } else {
    RsvgRectangle ink, logical;
    GError *error = NULL;
    if (!rsvg_handle_get_geometry_for_layer(handle, id, &document, &ink, &logical, &error)) {
      ia_set_message(message, error ? error->message : "no geometry for the element");
      if (error) g_error_free(error);
      status = 1;
    } else {
      *x = ink.x;
      *y = ink.y;
      *width = ink.width;
      *height = ink.height;
    }
  }
  g_object_unref(handle);
  return status;
}

int ia_svg_render_layer(const uint8_t *data, size_t size, const char *id, double scale,
                        double origin_x, double origin_y, int width_px, int height_px,
                        uint8_t **out, char message[512]) {
  *out = NULL;
  if (width_px <= 0 || height_px <= 0 || !(scale > 0)) {
    ia_set_message(message, "render size must be positive");
    return 1;
  }
  RsvgRectangle document;
  RsvgHandle *handle = ia_symbol_open(data, size, &document, message);
  if (!handle) return 1;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width_px, height_px);
  int status = 0;
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ia_set_message(message, "cairo could not create the canvas");
    status = 1;
  } else {
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    cairo_translate(cr, -origin_x, -origin_y);
    GError *error = NULL;
    if (!rsvg_handle_render_layer(handle, cr, id, &document, &error)) {
      ia_set_message(message, error ? error->message : "librsvg could not render the element");
      if (error) g_error_free(error);
      status = 1;
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (status == 0) {
      *out = ia_copy_argb32(cairo_image_surface_get_data(surface),
                            cairo_image_surface_get_stride(surface), width_px, height_px, message);
      if (!*out) status = 1;
    }
  }
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  return status;
}
