// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import IconRaster

/// The exact squared Euclidean distance transform of a binary image, with the index of the nearest
/// feature pixel (the "feature transform").
///
/// For every pixel p, `squaredDistance[p] = min over feature pixels f of |p − f|²` (pixel centres on the
/// integer grid) and `nearestFeature[p]` is the row-major index `fy · width + fx` of one feature pixel
/// at that distance. Feature pixels have distance 0 and are their own nearest feature. Without any
/// feature pixel every distance is `+infinity` and every index is −1.
///
/// To get the distance of each foreground pixel to the background, pass the *background* as the
/// features (`DistanceTransform(mask:featureWhere: { $0 < 0.5 })`); to get the distance of each pixel to
/// the foreground, pass the foreground.
///
/// Algorithm: two separable passes.
/// 1. Columns: the nearest feature row of each pixel in its column, by one forward and one backward sweep
///    over whole rows (so both sweeps run along contiguous memory and vectorise).
/// 2. Rows: the lower envelope of the parabolas `(x − i)² + g(i)²`, as in
///    A. Meijster, J. B. T. M. Roerdink, W. H. Hesselink, "A general algorithm for computing distance
///    transforms in linear time", *Mathematical Morphology and its Applications to Image and Signal
///    Processing* (2000), pp. 331–340, doi:10.1007/0-306-47025-X_36, and
///    P. F. Felzenszwalb, D. P. Huttenlocher, "Distance Transforms of Sampled Functions",
///    *Theory of Computing* 8 (2012), pp. 415–428, doi:10.4086/toc.2012.v008a019.
///    The separator is computed in integer arithmetic, so the result is exact.
///
/// Images of at least 256×256 pixels are split into bands processed concurrently.
///
/// - Complexity: O(width · height) time, O(width) scratch per band beyond the outputs.
/// - Note: distances are exact integers stored as `Float`, exact up to 2²⁴ (a diagonal of ~4096 px).
///   Ties between equally near features are broken deterministically but not in a promised order.
public struct DistanceTransform: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Squared distance in px² to the nearest feature pixel; `+infinity` when there is none.
  public var squaredDistance: [Float]
  /// Row-major index of a nearest feature pixel; −1 when there is none.
  public var nearestFeature: [Int32]

  /// The transform of a row-major Boolean image; `true` marks a feature pixel.
  /// - Precondition: `features.count == width * height`.
  public init(features: [Bool], width: Int, height: Int) {
    precondition(width >= 0 && height >= 0 && features.count == width * height,
                 "feature count does not match the size")
    let count = width * height
    var distance = [Float](repeating: 0, count: count)
    var nearest = [Int32](repeating: 0, count: count)
    features.withUnsafeBufferPointer { source in
      source.withMemoryRebound(to: UInt8.self) { bytes in
        distance.withUnsafeMutableBufferPointer { d in
          nearest.withUnsafeMutableBufferPointer { n in
            Self.compute(features: bytes, width: width, height: height, squaredDistance: d,
                         nearestFeature: n)
          }
        }
      }
    }
    self.width = width
    self.height = height
    self.squaredDistance = distance
    self.nearestFeature = nearest
  }

  /// The transform of a mask where the features are the pixels whose coverage satisfies `isFeature`.
  public init(mask: AlphaMask, featureWhere isFeature: (Float) -> Bool) {
    self.init(features: mask.coverage.map(isFeature), width: mask.width, height: mask.height)
  }

  /// Euclidean distance in px at (x, y).
  public func distance(x: Int, y: Int) -> Double {
    Double(squaredDistance[y * width + x]).squareRoot()
  }

  // MARK: - Raw kernels (allocation-free apart from per-band scratch)

  /// Squared distances and nearest-feature indices of a row-major byte image (non-zero = feature),
  /// written into caller-owned buffers of `width × height` elements.
  ///
  /// `nearestFeature` may be `nil` to compute distances only (slightly faster).
  /// - Precondition: every buffer holds `width × height` elements; `width + height < 2³⁰`.
  public static func compute(
    features: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
    squaredDistance: UnsafeMutableBufferPointer<Float>,
    nearestFeature: UnsafeMutableBufferPointer<Int32>?
  ) {
    let count = width * height
    precondition(width >= 0 && height >= 0 && width + height < 1 << 30, "bad size")
    precondition(features.count == count && squaredDistance.count == count, "buffer size mismatch")
    precondition(nearestFeature.map { $0.count == count } ?? true, "buffer size mismatch")
    guard count > 0 else { return }
    if let nearest = nearestFeature {
      computeWithFeatures(features, width, height, squaredDistance, nearest)
    } else {
      computeDistancesOnly(features, width, height, squaredDistance)
    }
  }

  /// Squared distances of a row-major Boolean image (`true` = feature) into a caller-owned buffer.
  public static func compute(
    features: UnsafeBufferPointer<Bool>, width: Int, height: Int,
    squaredDistance: UnsafeMutableBufferPointer<Float>,
    nearestFeature: UnsafeMutableBufferPointer<Int32>?
  ) {
    features.withMemoryRebound(to: UInt8.self) { bytes in
      compute(features: bytes, width: width, height: height, squaredDistance: squaredDistance,
              nearestFeature: nearestFeature)
    }
  }

  // MARK: - Implementation

  /// Number of bands to split an image into.
  private static func bandCount(width: Int, height: Int) -> Int {
    width * height >= 256 * 256 && width >= 64 && height >= 64 ? 4 : 1
  }

  private static func forEachBand(_ bands: Int, _ body: @Sendable (Int) -> Void) {
    if bands == 1 {
      body(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: bands, execute: body)
    }
  }

  /// Features and distances: phase 1 keeps the nearest feature row of each pixel in
  /// `nearestFeature` (−(width + height) when the column has none, so |y − row| ≥ width + height acts
  /// as infinity); phase 2 overwrites it with the full index.
  private static func computeWithFeatures(
    _ features: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int,
    _ distance: UnsafeMutableBufferPointer<Float>, _ nearest: UnsafeMutableBufferPointer<Int32>
  ) {
    let none = Int32(truncatingIfNeeded: -(width + height))
    let bands = bandCount(width: width, height: height)
    nonisolated(unsafe) let f = features.baseAddress!
    nonisolated(unsafe) let row = nearest.baseAddress!
    nonisolated(unsafe) let out = distance.baseAddress!

    // Phase 1: columns, swept row by row over a band of columns.
    forEachBand(bands) { band in
      let x0 = width &* band / bands, x1 = width &* (band &+ 1) / bands
      for x in x0..<x1 { row[x] = f[x] != 0 ? 0 : none }
      var y = 1
      while y < height {
        let base = y &* width, above = base &- width, yy = Int32(truncatingIfNeeded: y)
        for x in x0..<x1 { row[base &+ x] = f[base &+ x] != 0 ? yy : row[above &+ x] }
        y &+= 1
      }
      y = height &- 2
      while y >= 0 {
        let base = y &* width, below = base &+ width, yy = Int32(truncatingIfNeeded: y)
        for x in x0..<x1 {
          let current = row[base &+ x], candidate = row[below &+ x]
          let dc = abs(yy &- current), db = abs(yy &- candidate)
          row[base &+ x] = db < dc ? candidate : current
        }
        y &-= 1
      }
    }

    // An image without features: every column is empty, so row 0 holds only `none`.
    var anyFeature = false
    for x in 0..<width where row[x] != none {
      anyFeature = true
      break
    }
    guard anyFeature else {
      for i in 0..<(width &* height) {
        out[i] = .infinity
        row[i] = -1
      }
      return
    }

    // Phase 2: rows, lower envelope of parabolas.
    forEachBand(bands) { band in
      let y0 = height &* band / bands, y1 = height &* (band &+ 1) / bands
      let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 3 &* width)
      let rows = UnsafeMutablePointer<Int32>.allocate(capacity: width)
      defer {
        scratch.deallocate()
        rows.deallocate()
      }
      let g2 = scratch, s = scratch + width, t = scratch + 2 &* width
      for y in y0..<y1 {
        let base = y &* width, yy = Int32(truncatingIfNeeded: y)
        for x in 0..<width {
          let r = row[base &+ x]
          rows[x] = r
          let g = Int(truncatingIfNeeded: abs(yy &- r))
          g2[x] = g &* g
        }
        var q = lowerEnvelope(g2, s, t, width)
        var u = width &- 1
        while u >= 0 {
          let i = s[q], dx = u &- i
          out[base &+ u] = Float(dx &* dx &+ g2[i])
          row[base &+ u] = rows[i] &* Int32(truncatingIfNeeded: width) &+ Int32(truncatingIfNeeded: i)
          if u == t[q] { q &-= 1 }
          u &-= 1
        }
      }
    }
  }

  /// Distances only: phase 1 keeps the column distance g (capped near width + height) in the output
  /// buffer, bit-cast to Int32; phase 2 reads a row of it and overwrites it with the squared distance.
  private static func computeDistancesOnly(
    _ features: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int,
    _ distance: UnsafeMutableBufferPointer<Float>
  ) {
    let infinity = Int32(truncatingIfNeeded: width + height)
    let bands = bandCount(width: width, height: height)
    nonisolated(unsafe) let f = features.baseAddress!
    nonisolated(unsafe) let out = distance.baseAddress!

    var anyFeature = false
    distance.withMemoryRebound(to: Int32.self) { gBuffer in
      nonisolated(unsafe) let g = gBuffer.baseAddress!
      forEachBand(bands) { band in
        let x0 = width &* band / bands, x1 = width &* (band &+ 1) / bands
        for x in x0..<x1 { g[x] = f[x] != 0 ? 0 : infinity }
        var y = 1
        while y < height {
          let base = y &* width, above = base &- width
          for x in x0..<x1 {
            let up = min(g[above &+ x] &+ 1, infinity)
            g[base &+ x] = f[base &+ x] != 0 ? 0 : up
          }
          y &+= 1
        }
        y = height &- 2
        while y >= 0 {
          let base = y &* width, below = base &+ width
          for x in x0..<x1 { g[base &+ x] = min(g[base &+ x], g[below &+ x] &+ 1) }
          y &-= 1
        }
      }
      for x in 0..<width where g[x] < infinity {
        anyFeature = true
        break
      }
    }
    guard anyFeature else {
      for i in 0..<(width &* height) { out[i] = .infinity }
      return
    }

    forEachBand(bands) { band in
      let y0 = height &* band / bands, y1 = height &* (band &+ 1) / bands
      let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 3 &* width)
      defer { scratch.deallocate() }
      let g2 = scratch, s = scratch + width, t = scratch + 2 &* width
      let rowBits = UnsafeMutableRawPointer(out)
      for y in y0..<y1 {
        let base = y &* width
        for x in 0..<width {
          let g = Int(rowBits.load(fromByteOffset: (base &+ x) &* 4, as: Int32.self))
          g2[x] = g &* g
        }
        var q = lowerEnvelope(g2, s, t, width)
        var u = width &- 1
        while u >= 0 {
          let i = s[q], dx = u &- i
          out[base &+ u] = Float(dx &* dx &+ g2[i])
          if u == t[q] { q &-= 1 }
          u &-= 1
        }
      }
    }
  }

  /// Meijster's forward scan: the lower envelope of `(x − i)² + g2[i]` for i in 0..<n.
  /// On return `s[0...q]` are the parabolas of the envelope and `t[k]` the first x where `s[k]` is
  /// lowest. Returns q.
  @inline(__always)
  private static func lowerEnvelope(
    _ g2: UnsafeMutablePointer<Int>, _ s: UnsafeMutablePointer<Int>, _ t: UnsafeMutablePointer<Int>,
    _ n: Int
  ) -> Int {
    var q = 0
    s[0] = 0
    t[0] = 0
    var u = 1
    while u < n {
      let gu = g2[u]
      // Pop parabolas that u beats at the start of their interval.
      while q >= 0 {
        let sq = s[q], tq = t[q]
        let a = tq &- sq, b = tq &- u
        if a &* a &+ g2[sq] > b &* b &+ gu { q &-= 1 } else { break }
      }
      if q < 0 {
        q = 0
        s[0] = u
      } else {
        let i = s[q]
        // Integer quotient via Double: both operands are below 2⁵³ and the true quotient is at
        // least 1 / denominator away from the next integer, so truncating the rounded quotient is
        // exact (and much faster than a 64-bit integer division).
        let numerator = u &* u &- i &* i &+ gu &- g2[i], denominator = 2 &* (u &- i)
        let sep = Int(Double(numerator) / Double(denominator))
        let w = sep &+ 1
        if w < n {
          q &+= 1
          s[q] = u
          t[q] = w
        }
      }
      u &+= 1
    }
    return q
  }
}
