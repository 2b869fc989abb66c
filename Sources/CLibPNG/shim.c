// SPDX-License-Identifier: GPL-3.0-or-later
#include "clibpng_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// Whether the decompression-bomb check (`ia_idat_overflows`) has run on the file.
typedef enum { IA_CHECK_NOT_RUN = 0, IA_CHECK_CLEAN = 1, IA_CHECK_OVERFLOW = 2 } ia_check;

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  int truncated;
  char *message;
  // The bomb guard (see `ia_decode`): on only when the IDAT data is over 16 KiB and the IHDR intact.
  int guard;
  uint64_t expected;       // filtered bytes the IHDR promises (`ia_expected_raw_bytes`)
  uint32_t rows_before_last; // real rows libpng reads before the last one (every Adam7 pass)
  uint32_t rows_done;      // rows libpng has finished (its row callback)
  int in_last_row;         // reading the last row's data, or swallowing the stream after it
  uint64_t last_row_bytes; // bytes served to libpng since then
  uint64_t trip_bytes;     // the check runs once more than this was served then
  int warned;              // libpng warned (extra data, a zlib error after the image, ...)
  ia_check check;
} reader_state;

static void ia_copy_message(char *dst, const char *src) {
  if (!dst) return;
  strncpy(dst, src ? src : "unknown error", 255);
  dst[255] = '\0';
}

static void ia_error_fn(png_structp png, png_const_charp msg) {
  reader_state *state = (reader_state *)png_get_error_ptr(png);
  if (state) ia_copy_message(state->message, msg);
  png_longjmp(png, 1);
}

static void ia_warning_fn(png_structp png, png_const_charp msg) {
  // Warnings (ancillary chunk CRC, unknown chunks, data after the image) are not failures; the bomb
  // guard only notes that one came.
  (void)msg;
  reader_state *state = (reader_state *)png_get_error_ptr(png);
  if (state) state->warned = 1;
}

static int ia_idat_overflows(const uint8_t *data, size_t size, uint64_t expected);

// What this thread's decoding did, for tests that bound the work a hostile file costs (counts,
// not clocks: deterministic whatever the machine's load).
static _Thread_local uint64_t ia_check_inflated = 0;   // bytes the bomb check inflated
static _Thread_local uint64_t ia_served = 0;           // compressed bytes handed to libpng
static _Thread_local uint64_t ia_libpng_allocated = 0; // bytes libpng allocated

static void ia_read_fn(png_structp png, png_bytep out, png_size_t count) {
  reader_state *state = (reader_state *)png_get_io_ptr(png);
  if (state->offset + count > state->size || state->offset + count < state->offset) {
    state->truncated = 1;
    png_error(png, "unexpected end of data");
    return;
  }
  if (state->in_last_row) {
    // After the last row libpng inflates whatever the stream still holds; a few bytes in a real
    // file, up to 1032 bytes of output a byte in a bomb. Past the trip, decide as the check does.
    state->last_row_bytes += count;
    if (state->last_row_bytes > state->trip_bytes && state->check == IA_CHECK_NOT_RUN) {
      state->check = ia_idat_overflows(state->data, state->size, state->expected) ? IA_CHECK_OVERFLOW
                                                                                   : IA_CHECK_CLEAN;
      if (state->check == IA_CHECK_OVERFLOW) png_error(png, "decompression bomb");
    }
  }
  memcpy(out, state->data + state->offset, count);
  state->offset += count;
  ia_served += count;
}

/// libpng's allocator: malloc, counted (``ia_png_work_on_this_thread``).
static png_voidp ia_png_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  ia_libpng_allocated += size;
  return malloc(size);
}

static void ia_png_free(png_structp png, png_voidp pointer) {
  (void)png;
  free(pointer);
}

/// libpng's row callback: the bomb guard's count of finished rows.
static void ia_row_done(png_structp png, png_uint_32 row, int pass) {
  (void)row;
  (void)pass;
  reader_state *state = (reader_state *)png_get_io_ptr(png);
  if (++state->rows_done >= state->rows_before_last) state->in_last_row = 1;
}

static ia_png_status ia_classify(const reader_state *state, const char *msg) {
  if (state->truncated) return IA_PNG_TRUNCATED;
  if (!msg) return IA_PNG_CORRUPT;
  if (strstr(msg, "CRC")) return IA_PNG_CRC;
  if (strstr(msg, "exceeds user limit") || strstr(msg, "too large") ||
      strstr(msg, "Image too large"))
    return IA_PNG_TOO_LARGE;
  if (strstr(msg, "IHDR") || strstr(msg, "Invalid image") || strstr(msg, "bit depth") ||
      strstr(msg, "color type") || strstr(msg, "Image width") || strstr(msg, "Image height") ||
      strstr(msg, "interlace") || strstr(msg, "compression method") ||
      strstr(msg, "filter method"))
    return IA_PNG_BAD_HEADER;
  if (strstr(msg, "Out of memory") || strstr(msg, "out of memory")) return IA_PNG_OUT_OF_MEMORY;
  if (strstr(msg, "Not enough image data") || strstr(msg, "end of data"))
    return IA_PNG_TRUNCATED;
  return IA_PNG_CORRUPT;
}

static uint32_t ia_be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/// Bytes of filtered scanlines the header promises (every Adam7 pass for an interlaced image), or 0
/// when the header is not one libpng accepts (libpng then reports it).
static uint64_t ia_expected_raw_bytes(uint32_t width, uint32_t height, int depth, int color_type,
                                      int interlace) {
  int channels;
  switch (color_type) {
  case 0: channels = 1; break;
  case 2: channels = 3; break;
  case 3: channels = 1; break;
  case 4: channels = 2; break;
  case 6: channels = 4; break;
  default: return 0;
  }
  if (depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16) return 0;
  if (width == 0 || height == 0 || interlace > 1) return 0;
  uint64_t bits_per_pixel = (uint64_t)channels * (uint64_t)depth;
  if (!interlace) return (uint64_t)height * (1 + ((uint64_t)width * bits_per_pixel + 7) / 8);
  uint64_t total = 0;
  for (int pass = 0; pass < 7; pass++) {
    uint64_t cols = PNG_PASS_COLS(width, pass), rows = PNG_PASS_ROWS(height, pass);
    if (cols == 0 || rows == 0) continue;
    total += rows * (1 + (cols * bits_per_pixel + 7) / 8);
  }
  return total;
}

/// Bytes of IDAT data in the chunks from `from` on (the declared lengths, up to a truncated chunk;
/// up to IEND when `to_iend`, else to the end of the file).
static uint64_t ia_idat_bytes(const uint8_t *data, size_t size, size_t from, int to_iend) {
  uint64_t compressed = 0;
  for (size_t at = from; at + 8 <= size;) {
    uint32_t length = ia_be32(data + at);
    if (memcmp(data + at + 4, "IDAT", 4) == 0) compressed += length;
    if (to_iend && memcmp(data + at + 4, "IEND", 4) == 0) break;
    if ((size_t)length + 12 > size - at) break;
    at += (size_t)length + 12;
  }
  return compressed;
}

/// Decompression bombs: libpng inflates every byte of the IDAT stream, also the part after the last
/// row (png_read_finish_IDAT swallows it to find the stream's end), so a 1 MB file behind a 1×1 header
/// costs a gibibyte of inflating, and a 64 MB one a minute of CPU. This check inflates the IDAT data
/// into a small scratch buffer, stopping as soon as it yields more than the header's scanlines: its
/// cost is bounded by the image's own size (which the pixel limits bound). `ia_decode` runs it only
/// when libpng's own reading gives a reason (see there), so a sound file is inflated once.
/// Returns 1 when the stream holds more data than the image (a bomb, or garbage); 0 otherwise,
/// including for streams zlib rejects (libpng reports those in its own words).
static _Thread_local uint64_t ia_checks_run = 0;

uint64_t ia_png_bomb_checks_on_this_thread(void) { return ia_checks_run; }

void ia_png_work_on_this_thread(ia_png_work *work) {
  work->bytes_read_by_libpng = ia_served;
  work->bytes_allocated_by_libpng = ia_libpng_allocated;
  work->bytes_inflated_by_check = ia_check_inflated;
}

static int ia_idat_overflows(const uint8_t *data, size_t size, uint64_t expected) {
  if (expected == 0) return 0;
  ia_checks_run++;
  z_stream zs;
  memset(&zs, 0, sizeof(zs));
  if (inflateInit(&zs) != Z_OK) return 0;
  uint8_t scratch[16384];
  uint64_t produced = 0;
  int overflow = 0, done = 0;
  size_t offset = 8;
  while (!done && offset + 8 <= size) {
    uint32_t length = ia_be32(data + offset);
    const uint8_t *type = data + offset + 4;
    size_t start = offset + 8;
    if (length > size - start) length = (uint32_t)(size - start);  // truncated: libpng says so
    if (memcmp(type, "IDAT", 4) == 0) {
      zs.next_in = (Bytef *)(data + start);
      zs.avail_in = length;
      while (zs.avail_in > 0) {
        zs.next_out = scratch;
        zs.avail_out = sizeof(scratch);
        int ret = inflate(&zs, Z_NO_FLUSH);
        produced += sizeof(scratch) - zs.avail_out;
        // A little slack for encoders that pad; a bomb is orders of magnitude over.
        if (produced > expected + expected / 8 + 65536) { overflow = 1; done = 1; break; }
        if (ret == Z_STREAM_END || (ret != Z_OK && ret != Z_BUF_ERROR)) { done = 1; break; }
        if (ret == Z_BUF_ERROR && zs.avail_out != 0) break;  // needs the next chunk
      }
    } else if (memcmp(type, "IEND", 4) == 0) {
      break;
    }
    if ((size_t)length + 12 > size - offset) break;
    offset += (size_t)length + 12;
  }
  inflateEnd(&zs);
  ia_check_inflated += produced;
  return overflow;
}

static const char ia_bomb_message[] =
    "the compressed image data inflates to more than the image holds "
    "(a decompression bomb, or data after the image); not decoded";

/// A failed or doubtful decode of a guarded file: the bomb check decides first, as it did when it ran
/// before libpng (a bomb is reported as one whatever libpng made of it).
static ia_png_status ia_guarded_outcome(reader_state *state, ia_png_status status, ia_png_info *info,
                                        uint32_t w, uint32_t h) {
  if (!state->guard) return status;
  if (state->check == IA_CHECK_NOT_RUN)
    state->check = ia_idat_overflows(state->data, state->size, state->expected) ? IA_CHECK_OVERFLOW
                                                                               : IA_CHECK_CLEAN;
  if (state->check != IA_CHECK_OVERFLOW) return status;
  memset(info, 0, sizeof(*info));
  info->width = w;
  info->height = h;
  ia_copy_message(info->message, ia_bomb_message);
  return IA_PNG_CORRUPT;
}

/// Decodes with libpng's sequential reader. Decompression bombs (files whose IDAT stream inflates to
/// more than the image, checked by `ia_idat_overflows` for streams over 16 KiB) are found without
/// inflating a sound file twice: while reading the rows libpng inflates only what they need, and
/// after the last row it swallows the rest of the stream, a few bytes in a sound file. So the check
/// runs only when (1) more than two rows' worth of bytes plus 4 KiB is read during the last row, (2)
/// libpng fails or warns (extra data after the image is a warning), or (3) IDAT chunks follow the
/// point where libpng finished the image; the outcome is the one the check gave when it ran first.
/// A bomb costs at most (trip + libpng's 8 KiB read) × 1032 bytes of libpng's inflating before
/// the check stops it, then the check (bounded by the image's size).
///
/// `state` is the caller's (`ia_decode`): libpng's callbacks change it after `setjmp`, and a local
/// object of the function that calls `setjmp` changed after it has an indeterminate value after
/// `longjmp` unless it is volatile (C11 7.13.2.1); one that lives in the caller's frame has none
/// of that problem, and the pointer to it is never changed after `setjmp`.
static ia_png_status ia_decode_reading(reader_state *const state, const uint8_t *data, size_t size,
                                       uint32_t max_side, uint64_t max_pixels, ia_png_info *info,
                                       uint8_t **out_pixels, int header_only) {
  if (out_pixels) *out_pixels = NULL;
  memset(info, 0, sizeof(*info));
  if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
    ia_copy_message(info->message, size < 8 ? "file is shorter than a PNG signature"
                                            : "not a PNG signature");
    return IA_PNG_NOT_PNG;
  }
  memset(state, 0, sizeof(*state));
  state->data = data;
  state->size = size;
  state->offset = 8;
  state->message = info->message;
  // Check the declared size ourselves before libpng sees it: libpng reports an over-limit IHDR
  // only as "Invalid IHDR data" after a warning, and nothing may be allocated for it.
  // (Only when the IHDR's CRC holds: a damaged header is libpng's to report as a CRC error.)
  int ihdr_intact = size >= 8 + 8 + 13 + 4 && memcmp(data + 12, "IHDR", 4) == 0 &&
                    ia_be32(data + 8) == 13 &&
                    crc32(0L, data + 12, 17) == ia_be32(data + 29);
  uint32_t w = 0, h = 0;
  if (!header_only && ihdr_intact) {
    w = ia_be32(data + 16);
    h = ia_be32(data + 20);
    if ((max_side && (w > max_side || h > max_side)) ||
        (max_pixels && (uint64_t)w * (uint64_t)h > max_pixels)) {
      info->width = w;
      info->height = h;
      ia_copy_message(info->message, "image is larger than the configured limit");
      return IA_PNG_TOO_LARGE;
    }
    // Below 16 KiB of compressed data libpng's own inflating costs at most 16 MiB (zlib expands at
    // most 1032:1), a few milliseconds: such files are never checked.
    state->expected = ia_expected_raw_bytes(w, h, data[24], data[25], data[28]);
    state->guard = state->expected != 0 && ia_idat_bytes(data, size, 8, 0) > 16384;
    if (state->guard) {
      uint64_t row = ia_expected_raw_bytes(w, 1, data[24], data[25], 0);  // filter byte + widest row
      state->trip_bytes = 2 * row + 4096;
    }
  }
  png_structp png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, state, ia_error_fn,
                                             ia_warning_fn, NULL, ia_png_malloc, ia_png_free);
  if (!png) {
    ia_copy_message(info->message, "libpng could not allocate a reader");
    return ia_guarded_outcome(state, IA_PNG_OUT_OF_MEMORY, info, w, h);
  }
  png_infop pinfo = png_create_info_struct(png);
  if (!pinfo) {
    png_destroy_read_struct(&png, NULL, NULL);
    ia_copy_message(info->message, "libpng could not allocate an info struct");
    return ia_guarded_outcome(state, IA_PNG_OUT_OF_MEMORY, info, w, h);
  }
  // Volatile: modified between setjmp and a possible longjmp.
  uint8_t *volatile pixels = NULL;
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    ia_png_status status = ia_classify(state, info->message);
    free(pixels);
    free(rows);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return ia_guarded_outcome(state, status, info, w, h);
  }
  png_set_read_fn(png, state, ia_read_fn);
  png_set_sig_bytes(png, 8);
  // libpng checks these while reading IHDR; we check the exact limits again below.
  png_uint_32 side_limit = max_side == 0 ? 0x7fffffffU : max_side;
  png_set_user_limits(png, side_limit, side_limit);
  // Bounds memory for ancillary chunks (iCCP, zTXt bombs) and the number of cached chunks.
  png_set_chunk_malloc_max(png, 8u * 1024u * 1024u);
  png_set_chunk_cache_max(png, 1000);
  // Chunks iconaudit never uses are skipped unread, so their compressed text or ICC profile is never
  // inflated (1000 zTXt bombs of 8 MB each would otherwise cost gigabytes of inflating).
  static const png_byte ignored[] = "iCCP\0zTXt\0iTXt\0tEXt\0sPLT\0eXIf\0";
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored, 6);
  png_read_info(png, pinfo);

  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(png, pinfo, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
  info->width = width;
  info->height = height;
  info->bit_depth = bit_depth;
  info->color_type = color_type;
  info->interlaced = interlace == PNG_INTERLACE_ADAM7;
  info->has_trns = png_get_valid(png, pinfo, PNG_INFO_tRNS) ? 1 : 0;

  if (header_only) {
    png_destroy_read_struct(&png, &pinfo, NULL);
    return IA_PNG_OK;
  }
  if ((max_side && (width > max_side || height > max_side)) ||
      (max_pixels && (uint64_t)width * (uint64_t)height > max_pixels)) {
    ia_copy_message(info->message, "image is larger than the configured limit");
    png_destroy_read_struct(&png, &pinfo, NULL);
    return ia_guarded_outcome(state, IA_PNG_TOO_LARGE, info, w, h);
  }

  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (info->has_trns) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) {
#ifdef PNG_READ_SCALE_16_TO_8_SUPPORTED
    png_set_scale_16(png);
#else
    png_set_strip_16(png);
#endif
  }
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
    png_set_gray_to_rgb(png);
  if (!(color_type & PNG_COLOR_MASK_ALPHA) && !info->has_trns)
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, pinfo);

  size_t rowbytes = png_get_rowbytes(png, pinfo);
  if (rowbytes != (size_t)width * 4) {
    ia_copy_message(info->message, "unexpected row layout after expansion");
    png_destroy_read_struct(&png, &pinfo, NULL);
    return ia_guarded_outcome(state, IA_PNG_CORRUPT, info, w, h);
  }
  pixels = (uint8_t *)malloc((size_t)width * (size_t)height * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
  if (!pixels || !rows) {
    free(pixels);
    free(rows);
    ia_copy_message(info->message, "out of memory for the image");
    png_destroy_read_struct(&png, &pinfo, NULL);
    return ia_guarded_outcome(state, IA_PNG_OUT_OF_MEMORY, info, w, h);
  }
  for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * rowbytes;
  if (state->guard) {
    // The rows libpng reads (every Adam7 pass's, for an interlaced image): the last of them is read
    // once the others are done (png_read_row calls the callback after each).
    uint32_t total = height;
    if (interlace == PNG_INTERLACE_ADAM7) {
      total = 0;
      for (int pass = 0; pass < 7; pass++)
        if (PNG_PASS_COLS(width, pass) != 0) total += PNG_PASS_ROWS(height, pass);
    }
    state->rows_before_last = total > 0 ? total - 1 : 0;
    state->in_last_row = state->rows_before_last == 0;
    png_set_read_status_fn(png, ia_row_done);
  }
  png_read_image(png, rows);
  state->in_last_row = 0;
  // IDAT data after the point where libpng finished the image: it was skipped unread, the check
  // decides whether the stream holds more than the image.
  int idat_after = state->guard && ia_idat_bytes(data, size, state->offset, 1) > 0;
  png_read_end(png, NULL);
  free(rows);
  rows = NULL;
  png_destroy_read_struct(&png, &pinfo, NULL);
  if (state->guard && (state->warned || idat_after) &&
      ia_guarded_outcome(state, IA_PNG_OK, info, w, h) != IA_PNG_OK) {
    free(pixels);
    return IA_PNG_CORRUPT;
  }
  *out_pixels = pixels;
  return IA_PNG_OK;
}

static ia_png_status ia_decode(const uint8_t *data, size_t size, uint32_t max_side,
                               uint64_t max_pixels, ia_png_info *info, uint8_t **out_pixels,
                               int header_only) {
  reader_state state;
  return ia_decode_reading(&state, data, size, max_side, max_pixels, info, out_pixels, header_only);
}

ia_png_status ia_png_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                                  uint64_t max_pixels, ia_png_info *info,
                                  uint8_t **out_pixels) {
  return ia_decode(data, size, max_side, max_pixels, info, out_pixels, 0);
}

ia_png_status ia_png_read_header(const uint8_t *data, size_t size, ia_png_info *info) {
  return ia_decode(data, size, 0, 0, info, NULL, 1);
}

static int ia_png_encode8(const uint8_t *pixels, uint32_t width, uint32_t height, png_uint_32 format,
                          uint8_t **out, size_t *out_size, char message[256]);

int ia_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **out,
                        size_t *out_size, char message[256]) {
  return ia_png_encode8(pixels, width, height, PNG_FORMAT_RGBA, out, out_size, message);
}

int ia_png_encode_ga8(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **out,
                      size_t *out_size, char message[256]) {
  return ia_png_encode8(pixels, width, height, PNG_FORMAT_GA, out, out_size, message);
}

static int ia_png_encode8(const uint8_t *pixels, uint32_t width, uint32_t height, png_uint_32 format,
                          uint8_t **out, size_t *out_size, char message[256]) {
  *out = NULL;
  *out_size = 0;
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = format;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL)) {
    ia_copy_message(message, image.message);
    png_image_free(&image);
    return 1;
  }
  uint8_t *buffer = (uint8_t *)malloc(size);
  if (!buffer) {
    ia_copy_message(message, "out of memory");
    return 1;
  }
  if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
    ia_copy_message(message, image.message);
    free(buffer);
    png_image_free(&image);
    return 1;
  }
  *out = buffer;
  *out_size = size;
  return 0;
}

void ia_free(void *pointer) { free(pointer); }
