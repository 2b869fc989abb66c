// SPDX-License-Identifier: GPL-3.0-or-later
// Private to CRSVG (shim.c, symbol.c): parsing an SVG held in memory into a librsvg handle.
#ifndef ICONAUDIT_CRSVG_OPEN_H
#define ICONAUDIT_CRSVG_OPEN_H
#include <ia_shim_support.h>
#include <librsvg/rsvg.h>

/// A handle on the document, or NULL with the reason in `message` (empty data, parse error).
/// No base URI is set, so references to external files are not loaded.
static inline RsvgHandle *ia_svg_open(const uint8_t *data, size_t size, char message[512]) {
  GError *error = NULL;
  if (size == 0) {
    ia_set_message(message, "empty SVG document");
    return NULL;
  }
  RsvgHandle *handle = rsvg_handle_new_from_data(data, size, &error);
  if (!handle) {
    ia_set_message(message, error ? error->message : "librsvg could not parse the document");
    if (error) g_error_free(error);
    return NULL;
  }
  return handle;
}
#endif
