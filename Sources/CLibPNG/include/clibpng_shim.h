// SPDX-License-Identifier: GPL-3.0-or-later
// A small C shim over libpng's classic API. libpng reports errors with longjmp, which Swift
// cannot catch; this shim owns setjmp and turns every failure into a status and a message.
#ifndef ICONAUDIT_CLIBPNG_SHIM_H
#define ICONAUDIT_CLIBPNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  IA_PNG_OK = 0,
  IA_PNG_NOT_PNG = 1,       // signature is not PNG's
  IA_PNG_TRUNCATED = 2,     // data ended early
  IA_PNG_CRC = 3,           // a critical chunk failed its CRC
  IA_PNG_BAD_HEADER = 4,    // IHDR invalid (zero size, bad depth/colour type, ...)
  IA_PNG_TOO_LARGE = 5,     // over the caller's limits; nothing was allocated for pixels
  IA_PNG_OUT_OF_MEMORY = 6,
  IA_PNG_CORRUPT = 7        // any other decoding error (bad zlib data, bad filter, ...)
} ia_png_status;

typedef struct {
  uint32_t width;
  uint32_t height;
  int bit_depth;     // as stored in the file
  int color_type;    // PNG colour type as stored (0,2,3,4,6)
  int interlaced;    // 1 for Adam7
  int has_trns;      // 1 if a tRNS chunk was present
  char message[256]; // libpng's message on failure
} ia_png_info;

/// Decodes a PNG held in memory to 8-bit RGBA (non-premultiplied, row-major, 4 bytes a pixel).
/// Every colour type and bit depth is expanded; 16-bit samples are scaled (rounded) to 8 bits.
/// The header is checked against max_side and max_pixels before any pixel memory is allocated.
/// On success *out_pixels is a malloc'd buffer of width*height*4 bytes that the caller frees.
ia_png_status ia_png_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                                  uint64_t max_pixels, ia_png_info *info,
                                  uint8_t **out_pixels);

/// Reads only the header. Same statuses as decoding.
ia_png_status ia_png_read_header(const uint8_t *data, size_t size, ia_png_info *info);

/// Encodes 8-bit RGBA to PNG in memory. On success *out is malloc'd (caller frees).
/// Returns 0 on success, non-zero with a message on failure.
int ia_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                        uint8_t **out, size_t *out_size, char message[256]);

/// The same for 8-bit gray + alpha (two bytes a pixel): a coverage mask in a third fewer bytes.
int ia_png_encode_ga8(const uint8_t *pixels, uint32_t width, uint32_t height,
                      uint8_t **out, size_t *out_size, char message[256]);

/// How many times this thread has run the decompression-bomb check (a second inflating of a PNG's
/// IDAT stream; see shim.c): tests check that a sound file is inflated once.
uint64_t ia_png_bomb_checks_on_this_thread(void);

/// The work this thread's PNG decoding has done so far, as running totals (tests bound what a
/// hostile file costs by differences of these, not by a clock): compressed bytes handed to
/// libpng (libpng inflates at most 1032 bytes a byte), bytes libpng allocated, and bytes the
/// bomb check inflated.
typedef struct {
  uint64_t bytes_read_by_libpng;
  uint64_t bytes_allocated_by_libpng;
  uint64_t bytes_inflated_by_check;
} ia_png_work;

void ia_png_work_on_this_thread(ia_png_work *work);

void ia_free(void *pointer);

#endif
