// SPDX-License-Identifier: GPL-3.0-or-later
#include "cpoppler_shim.h"

#include <cairo.h>
#include <ia_shim_support.h>
#include <poppler.h>
#include <stdlib.h>

static PopplerDocument *ia_open(const uint8_t *data, size_t size, GBytes **bytes_out,
                                char message[512]) {
  *bytes_out = NULL;
  if (size == 0) {
    ia_set_message(message, "empty PDF file");
    return NULL;
  }
  GBytes *bytes = g_bytes_new(data, size);
  GError *error = NULL;
  PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &error);
  if (!doc) {
    ia_set_message(message, error ? error->message : "poppler could not read the document");
    if (error) g_error_free(error);
    g_bytes_unref(bytes);
    return NULL;
  }
  *bytes_out = bytes;
  return doc;
}

int ia_pdf_page_size(const uint8_t *data, size_t size, double *width_pt, double *height_pt,
                     int *pages, char message[512]) {
  *width_pt = 0;
  *height_pt = 0;
  *pages = 0;
  GBytes *bytes = NULL;
  PopplerDocument *doc = ia_open(data, size, &bytes, message);
  if (!doc) return 1;
  int status = 0;
  *pages = poppler_document_get_n_pages(doc);
  PopplerPage *page = *pages > 0 ? poppler_document_get_page(doc, 0) : NULL;
  if (!page) {
    ia_set_message(message, "the PDF has no page");
    status = 2;
  } else {
    poppler_page_get_size(page, width_pt, height_pt);
    g_object_unref(page);
  }
  g_object_unref(doc);
  g_bytes_unref(bytes);
  return status;
}

int ia_pdf_render(const uint8_t *data, size_t size, double scale, int width_px, int height_px,
                  uint8_t **out, char message[512]) {
  *out = NULL;
  if (width_px <= 0 || height_px <= 0 || !(scale > 0)) {
    ia_set_message(message, "render size must be positive");
    return 1;
  }
  GBytes *bytes = NULL;
  PopplerDocument *doc = ia_open(data, size, &bytes, message);
  if (!doc) return 1;
  PopplerPage *page =
      poppler_document_get_n_pages(doc) > 0 ? poppler_document_get_page(doc, 0) : NULL;
  if (!page) {
    ia_set_message(message, "the PDF has no page");
    g_object_unref(doc);
    g_bytes_unref(bytes);
    return 2;
  }
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width_px, height_px);
  int status = 0;
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ia_set_message(message, "cairo could not create the canvas");
    status = 1;
  } else {
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    poppler_page_render(page, cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    *out = ia_copy_argb32(cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface),
                          width_px, height_px, message);
    if (!*out) status = 1;
  }
  cairo_surface_destroy(surface);
  g_object_unref(page);
  g_object_unref(doc);
  g_bytes_unref(bytes);
  return status;
}

void ia_pdf_free(void *pointer) { free(pointer); }
