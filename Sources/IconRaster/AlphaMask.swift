// SPDX-License-Identifier: GPL-3.0-or-later

/// An icon's coverage: one `Float` in 0…1 a pixel, row-major, top row first.
///
/// iOS uses only the alpha of a template image, so every metric is a function of this mask.
/// `scale` is pixels per point (2 for an `@2x` file); lengths in points are pixels ÷ scale.
public struct AlphaMask: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Pixels per point.
  public var scale: Double
  /// Coverage in 0…1, `width × height` values, row-major.
  public var coverage: [Float]

  /// - Precondition: `coverage.count == width * height`, width and height ≥ 0, scale > 0.
  public init(width: Int, height: Int, scale: Double = 1, coverage: [Float]) {
    precondition(width >= 0 && height >= 0, "negative mask size")
    precondition(coverage.count == width * height, "coverage count does not match the size")
    precondition(scale > 0, "scale must be positive")
    self.width = width
    self.height = height
    self.scale = scale
    self.coverage = coverage
  }

  /// An empty (fully transparent) mask.
  public init(width: Int, height: Int, scale: Double = 1) {
    self.init(width: width, height: height, scale: scale,
              coverage: [Float](repeating: 0, count: width * height))
  }

  /// A mask whose coverage is `f(x, y)` at each pixel (clamped to 0…1).
  public init(width: Int, height: Int, scale: Double = 1, _ f: (Int, Int) -> Float) {
    var values = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { values[y * width + x] = min(max(f(x, y), 0), 1) }
    }
    self.init(width: width, height: height, scale: scale, coverage: values)
  }

  /// Coverage at (x, y); 0 outside the canvas.
  @inlinable
  public subscript(x: Int, y: Int) -> Float {
    get {
      guard x >= 0, y >= 0, x < width, y < height else { return 0 }
      return coverage[y * width + x]
    }
    set {
      precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel outside the mask")
      coverage[y * width + x] = newValue
    }
  }

  public var pixelCount: Int { width * height }
  /// Width in points.
  public var widthPt: Double { Double(width) / scale }
  /// Height in points.
  public var heightPt: Double { Double(height) / scale }

  /// Σα in px² (the ink area). Summed in Double so large masks keep their precision.
  public var inkPx: Double {
    coverage.withUnsafeBufferPointer { buffer in
      var sum = 0.0
      for value in buffer { sum += Double(value) }
      return sum
    }
  }
}
