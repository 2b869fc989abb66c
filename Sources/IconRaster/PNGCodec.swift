// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibPNG

/// What a PNG file's header says.
public struct PNGHeader: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var bitDepth: Int
  /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
  public var colorType: Int
  public var interlaced: Bool
  public var hasTransparencyChunk: Bool
}

/// PNG decoding and encoding through libpng's classic API (see `CLibPNG`).
///
/// Not the simplified `png_image` reader: on this Debian's libpng it decodes every 16-bit
/// interlaced image wrongly without an error. Every colour type and bit depth is expanded to
/// 8-bit RGBA; 16-bit samples are rounded to 8 bits (`png_set_scale_16`).
public enum PNGCodec {
  /// Decodes PNG bytes. `path` only names the file in errors.
  public static func decode(_ bytes: [UInt8], path: String, scale: Double = 1,
                            limits: DecodeLimits = .default) throws(RasterError) -> (RGBAImage, PNGHeader) {
    // Said plainly: an export that failed half-way often leaves a 0-byte file.
    guard !bytes.isEmpty else { throw .unreadableFile(path: path, reason: "the file is empty") }
    var info = ia_png_info()
    var pixels: UnsafeMutablePointer<UInt8>? = nil
    let status = bytes.withUnsafeBufferPointer { buffer in
      ia_png_decode_rgba8(buffer.baseAddress, buffer.count, UInt32(clamping: limits.maxSide),
                          UInt64(clamping: limits.maxPixels), &info, &pixels)
    }
    defer { ia_free(pixels) }
    let header = PNGHeader(info)
    let message = withUnsafeBytes(of: info.message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    switch status {
    case IA_PNG_OK:
      guard let pixels else { throw .outOfMemory(path: path) }
      let count = header.width * header.height * 4
      let image = RGBAImage(width: header.width, height: header.height, scale: scale,
                            pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
      return (image, header)
    case IA_PNG_NOT_PNG: throw .notPNG(path: path)
    case IA_PNG_TRUNCATED: throw .truncated(path: path)
    case IA_PNG_CRC: throw .crcError(path: path, detail: message)
    case IA_PNG_BAD_HEADER: throw .badHeader(path: path, detail: message)
    case IA_PNG_TOO_LARGE:
      throw .tooLarge(path: path, width: header.width, height: header.height, limit: limits)
    case IA_PNG_OUT_OF_MEMORY: throw .outOfMemory(path: path)
    default: throw .corrupt(path: path, detail: message)
    }
  }

  /// Reads a PNG file from disk (bounded by `limits.maxFileBytes`) and decodes it.
  public static func decodeFile(atPath path: String, scale: Double = 1,
                                limits: DecodeLimits = .default) throws(RasterError) -> (RGBAImage, PNGHeader) {
    let bytes = try readFileBytes(path: path, limit: limits.maxFileBytes)
    return try decode(bytes, path: path, scale: scale, limits: limits)
  }

  /// How many times this thread has inflated a PNG's IDAT stream a second time for the
  /// decompression-bomb check (only for streams over 16 KiB, and only when libpng's own reading
  /// found data after the image, failed or warned): tests check that a sound file is inflated once.
  public static var bombChecksOnThisThread: UInt64 { ia_png_bomb_checks_on_this_thread() }

  /// The work a thread's PNG decoding has done, as running totals: tests bound what a hostile
  /// file costs by the difference of two readings (counts, not a clock: the same on a loaded
  /// machine).
  public struct Work: Sendable, Equatable {
    /// Compressed bytes handed to libpng (it inflates at most 1032 bytes for each).
    public var bytesReadByLibPNG: UInt64
    /// Bytes libpng allocated (its structures, row buffers, chunks it keeps: a text chunk it
    /// inflated would be here).
    public var bytesAllocatedByLibPNG: UInt64
    /// Bytes the decompression-bomb check inflated.
    public var bytesInflatedByCheck: UInt64

    /// The work done between `earlier` and `self`.
    public static func - (later: Work, earlier: Work) -> Work {
      Work(bytesReadByLibPNG: later.bytesReadByLibPNG - earlier.bytesReadByLibPNG,
           bytesAllocatedByLibPNG: later.bytesAllocatedByLibPNG - earlier.bytesAllocatedByLibPNG,
           bytesInflatedByCheck: later.bytesInflatedByCheck - earlier.bytesInflatedByCheck)
    }
  }

  /// This thread's PNG decoding work so far (``Work``).
  public static var workOnThisThread: Work {
    var work = ia_png_work()
    ia_png_work_on_this_thread(&work)
    return Work(bytesReadByLibPNG: work.bytes_read_by_libpng, bytesAllocatedByLibPNG: work.bytes_allocated_by_libpng,
                bytesInflatedByCheck: work.bytes_inflated_by_check)
  }

  /// Reads only the IHDR (no pixel memory, no limits), for reporting sizes.
  public static func readHeader(_ bytes: [UInt8], path: String) throws(RasterError) -> PNGHeader {
    var info = ia_png_info()
    let status = bytes.withUnsafeBufferPointer { ia_png_read_header($0.baseAddress, $0.count, &info) }
    switch status {
    case IA_PNG_OK: return PNGHeader(info)
    case IA_PNG_NOT_PNG: throw .notPNG(path: path)
    case IA_PNG_TRUNCATED: throw .truncated(path: path)
    default: throw .badHeader(path: path, detail: "unreadable IHDR")
    }
  }

  /// Encodes RGBA pixels as a PNG.
  public static func encode(_ image: RGBAImage) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = ia_png_info().message
    let status = image.pixels.withUnsafeBufferPointer { buffer in
      withUnsafeMutablePointer(to: &message) { messagePointer in
        messagePointer.withMemoryRebound(to: CChar.self, capacity: 256) { chars in
          ia_png_encode_rgba8(buffer.baseAddress, UInt32(image.width), UInt32(image.height),
                              &out, &size, chars)
        }
      }
    }
    defer { ia_free(out) }
    // Encoding 8-bit RGBA of a valid size cannot fail short of memory exhaustion.
    precondition(status == 0 && out != nil, "PNG encoding failed")
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// Encodes a coverage mask as a black glyph on transparency, in 8-bit gray + alpha (the same
  /// alpha as `encode(_:)` in about a sixth fewer bytes; the HTML report embeds these).
  public static func encodeCoverage(_ mask: AlphaMask) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: mask.pixelCount * 2)
    for i in 0..<mask.pixelCount {
      pixels[i * 2 + 1] = UInt8((min(max(mask.coverage[i], 0), 1) * 255).rounded())
    }
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = ia_png_info().message
    let status = pixels.withUnsafeBufferPointer { buffer in
      withUnsafeMutablePointer(to: &message) { messagePointer in
        messagePointer.withMemoryRebound(to: CChar.self, capacity: 256) { chars in
          ia_png_encode_ga8(buffer.baseAddress, UInt32(mask.width), UInt32(mask.height), &out, &size, chars)
        }
      }
    }
    defer { ia_free(out) }
    precondition(status == 0 && out != nil, "PNG encoding failed")
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// Encodes a coverage mask as a black glyph on transparency.
  public static func encode(_ mask: AlphaMask) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: mask.pixelCount * 4)
    for i in 0..<mask.pixelCount {
      pixels[i * 4 + 3] = UInt8((min(max(mask.coverage[i], 0), 1) * 255).rounded())
    }
    return encode(RGBAImage(width: mask.width, height: mask.height, scale: mask.scale, pixels: pixels))
  }
}

extension PNGHeader {
  init(_ info: ia_png_info) {
    self.init(width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
              colorType: Int(info.color_type), interlaced: info.interlaced != 0,
              hasTransparencyChunk: info.has_trns != 0)
  }
}
