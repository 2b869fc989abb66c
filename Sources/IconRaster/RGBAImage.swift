// SPDX-License-Identifier: GPL-3.0-or-later

/// An 8-bit RGBA image, not premultiplied, row-major, 4 bytes a pixel.
public struct RGBAImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Pixels per point.
  public var scale: Double
  public var pixels: [UInt8]
  /// A vector document's own size in points (a PDF's page, an SVG's width and height), which the
  /// pixel size rounds to whole pixels at `scale`: a 21.945 pt page is 44 px at @2x, but Xcode
  /// makes a 21.945 pt image of it. nil for a PNG.
  public var documentSizePt: DocumentSize?

  /// A document's size in points.
  public struct DocumentSize: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

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

extension RGBAImage {
  /// The image box-filtered down so that its longer side is at most `maxSide` px, covering the same
  /// canvas in points (the scale shrinks with the size), or the image itself when it already fits.
  ///
  /// Each output pixel is the exact area-weighted mean of the input pixels it overlaps, averaged in
  /// premultiplied colour (as `AlphaMask.resampled` does for coverage), so ink is conserved.
  /// Measuring an icon costs more than linear time in its size for some shapes (thinning a filled
  /// square of side n takes n/2 passes), so a small file with a huge canvas would otherwise hold the
  /// audit for minutes; bar icons are at most a few hundred pixels and are never reduced.
  ///
  /// - Complexity: O(w·h) for an output of at least one pixel per input block.
  public func fitted(maxSide: Int) -> RGBAImage {
    precondition(maxSide > 0, "maxSide must be positive")
    guard width > maxSide || height > maxSide, width > 0, height > 0 else { return self }
    let ratio = Double(maxSide) / Double(max(width, height))
    let outWidth = max(1, Int((Double(width) * ratio).rounded()))
    let outHeight = max(1, Int((Double(height) * ratio).rounded()))
    let sx = Double(width) / Double(outWidth), sy = Double(height) / Double(outHeight)
    let columns = BoxFilter.spans(outWidth, sx, width), rows = BoxFilter.spans(outHeight, sy, height)
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let flatColumns = BoxFilter.Flat(columns), flatRows = BoxFilter.Flat(rows)
    pixels.withUnsafeBufferPointer { src in
      flatColumns.index.withUnsafeBufferPointer { columnIndex in
        flatColumns.weight.withUnsafeBufferPointer { columnWeight in
          for oy in 0..<outHeight {
            for ox in 0..<outWidth {
              var r = 0.0, g = 0.0, b = 0.0, a = 0.0
              for k in flatRows.start[oy]..<flatRows.start[oy + 1] {
                let row = flatRows.index[k] &* width
                let wy = flatRows.weight[k]
                for j in flatColumns.start[ox]..<flatColumns.start[ox + 1] {
                  let i = (row &+ columnIndex[j]) &* 4
                  // A transparent pixel adds +0 to every sum (they are never −0): skipping it
                  // changes no bit of the result, and most of an icon's canvas is transparent.
                  if src[i &+ 3] == 0 { continue }
                  let weight = columnWeight[j] * wy
                  let alpha = Double(src[i &+ 3]) * weight
                  r += Double(src[i]) * alpha
                  g += Double(src[i &+ 1]) * alpha
                  b += Double(src[i &+ 2]) * alpha
                  a += alpha
                }
              }
              let o = (oy * outWidth + ox) * 4
              if a > 0 {
                out[o] = UInt8(min(255, max(0, (r / a).rounded())))
                out[o + 1] = UInt8(min(255, max(0, (g / a).rounded())))
                out[o + 2] = UInt8(min(255, max(0, (b / a).rounded())))
              }
              out[o + 3] = UInt8(min(255, max(0, a.rounded())))
            }
          }
        }
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, scale: scale * Double(outWidth) / Double(width), pixels: out)
  }
}
