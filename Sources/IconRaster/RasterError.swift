// SPDX-License-Identifier: GPL-3.0-or-later

/// Why an input could not be turned into pixels. Each case names the file.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
  case unreadableFile(path: String, reason: String)
  case notPNG(path: String)
  case truncated(path: String)
  case crcError(path: String, detail: String)
  case badHeader(path: String, detail: String)
  case tooLarge(path: String, width: Int, height: Int, limit: DecodeLimits)
  case fileTooLarge(path: String, bytes: Int, limit: Int)
  case corrupt(path: String, detail: String)
  case outOfMemory(path: String)
  case malformedSVG(path: String, detail: String)
  case malformedPDF(path: String, detail: String)
  case unsupportedFormat(path: String)
  /// A vector render was stopped: over the time limit, or the isolated renderer crashed or ran out
  /// of memory (see `VectorRendering.isolated`).
  case renderAborted(path: String, detail: String)

  public var path: String {
    switch self {
    case .unreadableFile(let p, _), .notPNG(let p), .truncated(let p), .crcError(let p, _),
      .badHeader(let p, _), .tooLarge(let p, _, _, _), .fileTooLarge(let p, _, _),
      .corrupt(let p, _), .outOfMemory(let p), .malformedSVG(let p, _), .malformedPDF(let p, _),
      .unsupportedFormat(let p), .renderAborted(let p, _):
      return p
    }
  }

  /// The problem without the file name.
  public var reason: String {
    switch self {
    case .unreadableFile(_, let reason): return "cannot read the file (\(reason))"
    case .notPNG: return "not a PNG file (bad signature)"
    case .truncated: return "truncated PNG (the data ends early)"
    case .crcError(_, let detail): return "PNG CRC error (\(detail))"
    case .badHeader(_, let detail): return "invalid PNG header (\(detail))"
    case .tooLarge(_, let w, let h, let limit):
      // Name the limit that was passed, and the option that raises it.
      if max(w, h) > limit.maxSide {
        return "image is \(w)×\(h) px, over the limit of \(limit.maxSide) px a side (--max-side)"
      }
      return "image is \(w)×\(h) px = \(w * h) pixels, over the limit of \(limit.maxPixels) pixels (--max-pixels)"
    case .fileTooLarge(_, let bytes, let limit):
      return "file is \(bytes) bytes, over the limit of \(limit) bytes"
    case .corrupt(_, let detail): return "corrupt PNG data (\(detail))"
    case .outOfMemory: return "out of memory while decoding"
    case .malformedSVG(_, let detail): return "malformed SVG (\(detail))"
    case .malformedPDF(_, let detail): return "unreadable PDF (\(detail))"
    case .unsupportedFormat: return "unsupported file type (expected .png, .svg or .pdf)"
    case .renderAborted(_, let detail): return "rendering stopped (\(detail))"
    }
  }

  public var description: String { "\(path): \(reason)" }
}

/// Limits checked before pixel memory is allocated.
public struct DecodeLimits: Sendable, Equatable, Hashable {
  /// Largest width or height, in pixels.
  public var maxSide: Int
  /// Largest width × height.
  public var maxPixels: Int
  /// Largest file, in bytes.
  public var maxFileBytes: Int
  /// Largest SVG or PDF file, in bytes (also bounded by `maxFileBytes`). Bar icons are a few
  /// kilobytes; a multi-megabyte vector document is a drawing or an attack, and its parse and
  /// render time grows with its size.
  public var maxVectorFileBytes: Int

  public init(maxSide: Int = 16_384, maxPixels: Int = 64 * 1024 * 1024,
              maxFileBytes: Int = 64 * 1024 * 1024, maxVectorFileBytes: Int = 8 * 1024 * 1024) {
    self.maxSide = maxSide
    self.maxPixels = maxPixels
    self.maxFileBytes = maxFileBytes
    self.maxVectorFileBytes = maxVectorFileBytes
  }

  public static let `default` = DecodeLimits()
}
