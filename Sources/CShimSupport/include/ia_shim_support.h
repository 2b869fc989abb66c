// SPDX-License-Identifier: GPL-3.0-or-later
// What the C shims over librsvg and poppler (CRSVG, CPoppler) share: filling the caller's message
// buffer, and copying a rendered cairo canvas out into a tightly packed buffer. No cairo or glib
// type appears here, so this target links nothing.
#ifndef ICONAUDIT_SHIM_SUPPORT_H
#define ICONAUDIT_SHIM_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/// Copies `text` (or "unknown error" when NULL) into `message`, truncated to 511 bytes and always
/// NUL-terminated.
void ia_set_message(char message[512], const char *text);

/// Copies `height_px` rows of `width_px` 4-byte pixels, `stride` bytes apart in `pixels` (a
/// cairo image surface's data, after cairo_surface_flush), into a new malloc'd buffer of
/// `width_px * height_px * 4` bytes (stride width_px*4), which the caller frees with free().
/// Returns NULL, with "out of memory" in `message`, when the buffer cannot be allocated.
/// Complexity: O(width_px * height_px).
uint8_t *ia_copy_argb32(const unsigned char *pixels, int stride, int width_px, int height_px,
                        char message[512]);
#endif
