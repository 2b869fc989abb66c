// SPDX-License-Identifier: GPL-3.0-or-later

/// An 8-bit RGBA image, not premultiplied, row-major, 4 bytes a pixel.
public struct RGBAImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Pixels per point.
  public var scale: Double
  public var pixels: [UInt8]

  /// - Precondition: `pixels.count == width * height * 4`.
  public init(width: Int, height: Int, scale: Double = 1, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                 "pixel count does not match the size")
    precondition(scale > 0, "scale must be positive")
    self.width = width
    self.height = height
    self.scale = scale
    self.pixels = pixels
  }

  /// The alpha channel as coverage (α / 255).
  public var alphaMask: AlphaMask {
    var coverage = [Float](repeating: 0, count: width * height)
    pixels.withUnsafeBufferPointer { src in
      coverage.withUnsafeMutableBufferPointer { dst in
        for i in 0..<dst.count { dst[i] = Float(src[i &* 4 &+ 3]) * (1 / 255) }
      }
    }
    return AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
  }

  /// Builds an image from cairo's ARGB32 layout (premultiplied, native-endian 32-bit words,
  /// tightly packed), un-premultiplying the colour.
  public init(premultipliedARGB32 words: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
              scale: Double) {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let raw = UnsafeRawBufferPointer(words)
    out.withUnsafeMutableBufferPointer { dst in
      for i in 0..<(width * height) {
        let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
        let a = UInt32((word >> 24) & 0xff)
        var r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff
        if a > 0 && a < 255 {
          r = min(255, (r * 255 + a / 2) / a)
          g = min(255, (g * 255 + a / 2) / a)
          b = min(255, (b * 255 + a / 2) / a)
        }
        dst[i &* 4] = UInt8(r)
        dst[i &* 4 &+ 1] = UInt8(g)
        dst[i &* 4 &+ 2] = UInt8(b)
        dst[i &* 4 &+ 3] = UInt8(a)
      }
    }
    self.init(width: width, height: height, scale: scale, pixels: out)
  }
}
