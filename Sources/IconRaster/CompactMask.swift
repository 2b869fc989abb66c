// SPDX-License-Identifier: GPL-3.0-or-later

/// A coverage mask stored in one byte a pixel (α × 255, rounded): a quarter of an `AlphaMask`'s
/// memory. Lossless for everything iconaudit reads, since PNG (16-bit samples are rounded to 8
/// bits on decoding), librsvg and poppler all give 8-bit alpha. An audit keeps one per icon, so
/// a set of 10,000 icons of 150 px needs about 200 MB less.
public struct CompactMask: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public let scale: Double
  public let bytes: [UInt8]

  public init(_ mask: AlphaMask) {
    width = mask.width
    height = mask.height
    scale = mask.scale
    var out = [UInt8](repeating: 0, count: mask.pixelCount)
    mask.coverage.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for i in 0..<dst.count {
          // (α · 255).rounded() (half away from zero) without a libm call: the value is in
          // 0…255, so truncation is the floor and the fraction below it is exact.
          let v = min(max(src[i], 0), 1) * 255
          let whole = Int32(v)
          dst[i] = UInt8(truncatingIfNeeded: v - Float(whole) >= 0.5 ? whole &+ 1 : whole)
        }
      }
    }
    bytes = out
  }

  /// The alpha channel of `image`: the same mask as `CompactMask(image.alphaMask)` (α ÷ 255 × 255
  /// rounds back to α for each of the 256 bytes: `CompactMaskTests`) without the round trip through
  /// floats.
  /// - Complexity: O(width × height), one byte copied a pixel.
  public init(alphaOf image: RGBAImage) {
    width = image.width
    height = image.height
    scale = image.scale
    let count = image.width * image.height
    bytes = image.pixels.withUnsafeBufferPointer { src in
      [UInt8](unsafeUninitializedCapacity: count) { dst, initialised in
        for i in 0..<count { dst[i] = src[i &* 4 &+ 3] }
        initialised = count
      }
    }
  }

  /// The coverage as an `AlphaMask` (α = byte ÷ 255).
  public var alphaMask: AlphaMask {
    var coverage = [Float](repeating: 0, count: bytes.count)
    bytes.withUnsafeBufferPointer { src in
      coverage.withUnsafeMutableBufferPointer { dst in
        for i in 0..<dst.count { dst[i] = Float(src[i]) * (1 / 255) }
      }
    }
    return AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
  }
}
