// SPDX-License-Identifier: GPL-3.0-or-later
#include "ia_shim_support.h"

#include <stdlib.h>
#include <string.h>

void ia_set_message(char message[512], const char *text) {
  strncpy(message, text ? text : "unknown error", 511);
  message[511] = '\0';
}

uint8_t *ia_copy_argb32(const unsigned char *pixels, int stride, int width_px, int height_px,
                        char message[512]) {
  size_t row_bytes = (size_t)width_px * 4;
  uint8_t *buffer = (uint8_t *)malloc(row_bytes * (size_t)height_px);
  if (!buffer) {
    ia_set_message(message, "out of memory");
    return NULL;
  }
  for (int y = 0; y < height_px; y++)
    memcpy(buffer + (size_t)y * row_bytes, pixels + (size_t)y * (size_t)stride, row_bytes);
  return buffer;
}
