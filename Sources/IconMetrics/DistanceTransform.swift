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
/// 1. Columns: the signed offset to the nearest feature row in the same column, by one forward and
///    one backward sweep over whole rows (contiguous memory, vectorised), as in
///    A. Meijster, J. B. T. M. Roerdink, W. H. Hesselink, "A general algorithm for computing distance
///    transforms in linear time", *Mathematical Morphology and its Applications to Image and Signal
///    Processing* (2000), pp. 331–340, doi:10.1007/0-306-47025-X_36.
/// 2. Rows: the lower envelope of the parabolas `(x − i)² + g(i)²`,
///    P. F. Felzenszwalb, D. P. Huttenlocher, "Distance Transforms of Sampled Functions",
///    *Theory of Computing* 8 (2012), pp. 415–428, doi:10.4086/toc.2012.v008a019. The intersections
///    are kept as exact rationals and compared by cross-multiplication (no division, no rounding),
///    so the result is exact; the envelope is then read out without data-dependent branches
///    (each parabola marks where its interval starts, a running maximum assigns the pixels).
///    The feature's row is the column pass's offset at the winning column.
///
/// Images of at least 256×256 pixels run the row pass in bands, concurrently.
///
/// Ties: among equally near feature pixels the nearest feature is the one in the leftmost column,
/// and within that column the upper one (``NearestFeatureQuery`` gives the same answer at single
/// pixels).
///
/// - Complexity: O(width · height) time, O(width) scratch per band beyond the outputs.
/// - Note: distances are exact integers stored as `Float`, exact up to 2²⁴ (a diagonal of ~4096 px).
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
    precondition(
      width >= 0 && height >= 0 && features.count == width * height,
      "feature count does not match the size")
    let count = width * height
    var distance = [Float](repeating: 0, count: count)
    var nearest = [Int32](repeating: 0, count: count)
    features.withUnsafeBufferPointer { source in
      source.withMemoryRebound(to: UInt8.self) { bytes in
        distance.withUnsafeMutableBufferPointer { d in
          nearest.withUnsafeMutableBufferPointer { n in
            Self.compute(
              features: bytes, width: width, height: height, squaredDistance: d,
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
  /// - Precondition: every buffer holds `width × height` elements; `width + height < 2¹⁹` (so the
  ///   envelope's cross-products fit in 64 bits) and `width × height < 2³¹` (Int32 indices).
  public static func compute(
    features: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
    squaredDistance: UnsafeMutableBufferPointer<Float>,
    nearestFeature: UnsafeMutableBufferPointer<Int32>?
  ) {
    let count = width * height
    precondition(
      width >= 0 && height >= 0 && width + height < 1 << 19 && count <= Int(Int32.max),
      "image too large for the EDT")
    precondition(features.count == count && squaredDistance.count == count, "buffer size mismatch")
    precondition(nearestFeature.map { $0.count == count } ?? true, "buffer size mismatch")
    guard count > 0 else { return }
    computeKernel(features, width, height, squaredDistance, nearestFeature?.baseAddress)
  }

  /// Squared distances of a row-major Boolean image (`true` = feature) into a caller-owned buffer.
  public static func compute(
    features: UnsafeBufferPointer<Bool>, width: Int, height: Int,
    squaredDistance: UnsafeMutableBufferPointer<Float>,
    nearestFeature: UnsafeMutableBufferPointer<Int32>?
  ) {
    features.withMemoryRebound(to: UInt8.self) { bytes in
      compute(
        features: bytes, width: width, height: height, squaredDistance: squaredDistance,
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

  /// Phase 1 (columns): the signed row offset δ to the nearest feature pixel in the same column, by a
  /// forward and a backward sweep over whole rows (contiguous, vectorised), kept in the distance
  /// buffer bit-cast to Int32; a column without features gets offsets of at least width + height in
  /// magnitude (they act as infinity: they exceed every real distance). Phase 2 (rows): per row, the lower envelope of the
  /// parabolas (x − i)² + δ(i)², then a scan that overwrites the row with the squared distance and,
  /// when asked, writes the feature index (row y + δ(i), column i).
  private static func computeKernel(
    _ features: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int,
    _ distance: UnsafeMutableBufferPointer<Float>, _ nearest: UnsafeMutablePointer<Int32>?
  ) {
    let bands = bandCount(width: width, height: height)
    nonisolated(unsafe) let f = features.baseAddress!
    nonisolated(unsafe) let out = distance.baseAddress!
    nonisolated(unsafe) let index = nearest

    // Phase 1 is memory-bound and runs on one thread: split into column bands it cost 1.6 times
    // the CPU time for no gain on two cores.
    let anyFeature = distance.withMemoryRebound(to: Int32.self) { buffer in
      columnOffsets(f, width, height, buffer.baseAddress!, featureIsZero: false)
    }
    guard anyFeature else {
      for i in 0..<(width &* height) {
        out[i] = .infinity
        index?[i] = -1
      }
      return
    }

    forEachBand(bands) { band in
      let y0 = height &* band / bands
      let y1 = height &* (band &+ 1) / bands
      let row = RowScratch(width: width)
      defer { row.deallocate() }
      let rowBits = UnsafeMutableRawPointer(out)
      for y in y0..<y1 {
        let base = y &* width
        for x in 0..<width {
          row.delta[x] = rowBits.load(fromByteOffset: (base &+ x) &* 4, as: Int32.self)
        }
        if !row.nearFeatures(y: y, out: out + base, index: index.map { $0 + base }) {
          row.envelope(y: y, out: out + base, index: index.map { $0 + base })
        }
      }
    }
  }

  /// Phase 1: for every pixel, the signed row offset δ to the nearest feature pixel in its column
  /// (ties: the one above), written to `delta`; a column without features gets offsets of at least
  /// width + height in magnitude. A feature is a non-zero byte, or with `featureIsZero` a zero byte.
  /// Returns whether there is any feature.
  @inline(__always)
  static func columnOffsets(
    _ f: UnsafePointer<UInt8>, _ width: Int, _ height: Int, _ delta: UnsafeMutablePointer<Int32>,
    featureIsZero: Bool
  ) -> Bool {
    // Offsets of columns without features start at −2(width + height) and drift by at most
    // height − 1 in the backward sweep, so |δ| stays above width + height > every real distance.
    let infinity = Int32(truncatingIfNeeded: 2 &* (width &+ height))
    let real = Int32(truncatingIfNeeded: width &+ height)
    @inline(__always) func isFeature(_ i: Int) -> Bool { (f[i] != 0) != featureIsZero }
    for x in 0..<width { delta[x] = isFeature(x) ? 0 : -infinity }
    var y = 1
    while y < height {
      let base = y &* width
      let above = base &- width
      for x in 0..<width {
        let up = max(delta[above &+ x] &- 1, -infinity)
        delta[base &+ x] = isFeature(base &+ x) ? 0 : up
      }
      y &+= 1
    }
    y = height &- 2
    while y >= 0 {
      let base = y &* width
      let below = base &+ width
      for x in 0..<width {
        // δ ≤ 0 here (a feature above, or none); the candidate from below may point either way.
        let current = delta[base &+ x]
        let candidate = delta[below &+ x] &+ 1
        let magnitude = max(candidate, 0 &- candidate)
        delta[base &+ x] = magnitude < 0 &- current ? candidate : current
      }
      y &-= 1
    }
    for x in 0..<width where delta[x] > -real { return true }
    return false
  }

  /// Per-band scratch for phase 2 and the two ways to finish a row.
  private struct RowScratch {
    /// Window half-width of the local search.
    static let radius = 3
    let width: Int
    /// The row's column offsets δ (phase 1).
    let delta: UnsafeMutablePointer<Int32>
    // Local search: keys (min(δ², 255) + o²) << 3 | (o + radius), padded by `radius` each side.
    let squares: UnsafeMutablePointer<Int16>
    let best: UnsafeMutablePointer<Int16>
    // Envelope: h = δ² + x², parabolas v, interval starts z = zNum / zDen, owners of the pixels.
    let h: UnsafeMutablePointer<Int>
    let zNum: UnsafeMutablePointer<Int>
    let v: UnsafeMutablePointer<Int32>
    let zDen: UnsafeMutablePointer<Int32>
    let owner: UnsafeMutablePointer<Int32>

    init(width: Int) {
      self.width = width
      delta = .allocate(capacity: width)
      squares = .allocate(capacity: width &+ 2 &* Self.radius)
      best = .allocate(capacity: width)
      h = .allocate(capacity: width)
      zNum = .allocate(capacity: width)
      v = .allocate(capacity: width)
      zDen = .allocate(capacity: width)
      owner = .allocate(capacity: width &+ 1)  // a start past the end lands in the last slot
    }

    func deallocate() {
      delta.deallocate()
      squares.deallocate()
      best.deallocate()
      h.deallocate()
      zNum.deallocate()
      v.deallocate()
      zDen.deallocate()
      owner.deallocate()
    }

    /// Exact shortcut for rows whose every pixel is within `radius` columns of its nearest feature:
    /// the minimum of δ(i)² + (u − i)² over the window |u − i| ≤ r is the true minimum, and the
    /// only one outside the window, whenever it is below (r + 1)², since every column outside the
    /// window costs at least that; among equals in the window the leftmost column wins. Branch-free and
    /// vectorised (16-bit keys carry the value and the offset, so one `min` finds both). Returns
    /// false, having written nothing, when some pixel of the row is farther.
    @inline(__always)
    func nearFeatures(y: Int, out: UnsafeMutablePointer<Float>, index: UnsafeMutablePointer<Int32>?)
      -> Bool
    {
      let r = Self.radius
      for k in 0..<r {
        squares[k] = 255
        squares[width &+ r &+ k] = 255
      }
      for x in 0..<width {
        let d = Int(delta[x])
        squares[x &+ r] = Int16(truncatingIfNeeded: min(d &* d, 255))
      }
      for u in 0..<width { best[u] = Int16.max }
      for o in -r...r {
        let cost = Int16(truncatingIfNeeded: o &* o)
        let code = Int16(truncatingIfNeeded: o &+ r)
        let shifted = squares + (r &+ o)
        for u in 0..<width { best[u] = min(best[u], (shifted[u] &+ cost) &<< 3 | code) }
      }
      var worst: Int16 = 0
      for u in 0..<width { worst = max(worst, best[u]) }
      // Strictly below: a column outside the window at exactly (r + 1)² could tie, and ties go to
      // the leftmost column, as in the envelope (``NearestFeatureQuery`` relies on that rule).
      guard Int(worst >> 3) < (r &+ 1) &* (r &+ 1) else { return false }
      for u in 0..<width {
        let key = best[u]
        out[u] = Float(key >> 3)
        if let index {
          let i = u &+ Int(key & 7) &- r
          index[u] = Int32(truncatingIfNeeded: (y &+ Int(delta[i])) &* width &+ i)
        }
      }
      return true
    }

    /// The general case: the lower envelope of the parabolas (x − i)² + δ(i)² (Felzenszwalb–
    /// Huttenlocher with exact rational intersections), read out without data-dependent branches.
    @inline(__always)
    func envelope(y: Int, out: UnsafeMutablePointer<Float>, index: UnsafeMutablePointer<Int32>?) {
      for x in 0..<width {
        let d = Int(delta[x])
        h[x] = d &* d &+ x &* x
      }
      var k = 0
      v[0] = 0
      var q = 1
      while q < width {
        let hq = h[q]
        var num = 0
        var den = 0
        while true {
          let vk = Int(v[k])
          num = hq &- h[vk]
          den = 2 &* (q &- vk)
          // Pop v[k] while the new parabola overtakes v[k − 1] no later than v[k] did.
          if k > 0 && num &* Int(zDen[k]) <= zNum[k] &* den {
            k &-= 1
          } else {
            break
          }
        }
        k &+= 1
        v[k] = Int32(truncatingIfNeeded: q)
        zNum[k] = num
        zDen[k] = Int32(truncatingIfNeeded: den)
        q &+= 1
      }
      // Parabola m owns the pixels from ⌊z_m⌋ + 1 on: mark each start, then a running maximum.
      for u in 0...width { owner[u] = 0 }
      var m = 1
      while m <= k {
        // z < 0: the start clamps to 0. z ≥ 0: the Double quotient of two integers below 2⁵³ is
        // correctly rounded, and z is an integer or at least 1 / zDen from one, so truncating
        // the quotient gives ⌊z⌋ exactly.
        let z = zNum[m]
        let start = z < 0 ? 0 : Int(Double(z) / Double(zDen[m])) &+ 1
        owner[min(start, width)] = Int32(truncatingIfNeeded: m)
        m &+= 1
      }
      var j: Int32 = 0
      for u in 0..<width {
        j = max(j, owner[u])
        let i = Int(v[Int(j)])
        let dx = u &- i
        out[u] = Float(dx &* dx &+ h[i] &- i &* i)
        if let index {
          index[u] = Int32(truncatingIfNeeded: (y &+ Int(delta[i])) &* width &+ i)
        }
      }
    }
  }
}

/// The exact distance to the nearest feature pixel, and that pixel, at chosen pixels only: the
/// values of ``DistanceTransform`` (the same distances and the same nearest features, ties
/// included) without the row pass over the whole image.
///
/// The stroke weight reads the transform at skeleton pixels only, a few hundred of an icon's
/// thousands; this keeps the column pass (phase 1 of ``DistanceTransform``, about a quarter of its
/// work) and answers each query by scanning columns outward from the pixel until the horizontal
/// offset alone exceeds the best squared distance found: O(d) a query for a pixel at distance d.
///
/// Ties: among equally near features the transform keeps the one in the leftmost column (the
/// lower envelope gives a pixel where two parabolas meet to the earlier one), and within a column
/// the one above (phase 1); so does this.
public struct NearestFeatureQuery: Sendable {
  public let width: Int
  public let height: Int
  /// Phase 1: the signed row offset to the nearest feature in the same column.
  private let delta: [Int32]
  private let anyFeature: Bool

  /// From a row-major byte image in which the features are the zero bytes (the background of a
  /// foreground grid).
  /// - Precondition: `grid.count == width * height`; the sizes as for ``DistanceTransform``.
  public init(backgroundOf grid: [UInt8], width: Int, height: Int) {
    precondition(
      width >= 0 && height >= 0 && grid.count == width * height && width + height < 1 << 19,
      "grid count does not match the size")
    self.width = width
    self.height = height
    var any = false
    // `columnOffsets` writes every element (its forward sweep sets each row): no zero-filling first.
    self.delta = [Int32](unsafeUninitializedCapacity: grid.count) { d, initialized in
      if !grid.isEmpty {
        grid.withUnsafeBufferPointer { f in
          any = DistanceTransform.columnOffsets(
            f.baseAddress!, width, height, d.baseAddress!, featureIsZero: true)
        }
      }
      initialized = grid.count
    }
    self.anyFeature = any
  }

  /// The squared distance from pixel `index` (row-major) to its nearest feature pixel, and that
  /// pixel's row-major index; (`Int.max`, −1) without any feature.
  /// - Precondition: `0 ≤ index < width × height`.
  public func nearest(_ index: Int) -> (squaredDistance: Int, feature: Int) {
    precondition(index >= 0 && index < delta.count, "pixel index outside the image")
    guard anyFeature else { return (Int.max, -1) }
    let found = nearest(x: index % width, y: index / width)
    return (found.squaredDistance, found.featureY &* width &+ found.featureX)
  }

  /// Whether a feature pixel lies at a squared distance below `bound` from pixel (`x`, `y`): the
  /// scan of ``nearest(x:y:)`` stopped at the first such column, or once the horizontal offset
  /// alone reaches the bound (so it is the same answer as `nearest(x: x, y: y).squaredDistance <
  /// bound`); false without any feature.
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  /// - Complexity: O(√bound) columns at most; one when the pixel's own column has a feature that
  ///   near.
  public func isNearer(x: Int, y: Int, thanSquared bound: Int) -> Bool {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    guard anyFeature else { return false }
    let row = y &* width
    return delta.withUnsafeBufferPointer { delta in
      var dx = 0
      while dx &* dx < bound {
        let left = x &- dx
        let right = x &+ dx
        if left < 0 && right >= width { break }
        if left >= 0 {
          let d = Int(delta[row &+ left])
          if dx &* dx &+ d &* d < bound { return true }
        }
        if dx > 0 && right < width {
          let d = Int(delta[row &+ right])
          if dx &* dx &+ d &* d < bound { return true }
        }
        dx &+= 1
      }
      return false
    }
  }

  /// The squared distance from pixel (`x`, `y`) to its nearest feature pixel, and that pixel's
  /// column and row (as ``nearest(_:)``, for a caller that has the pixel's column and row: no
  /// division); (`Int.max`, −1, −1) without any feature.
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  public func nearest(x: Int, y: Int) -> (squaredDistance: Int, featureX: Int, featureY: Int) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
    guard anyFeature else { return (Int.max, -1, -1) }
    let row = y &* width
    return delta.withUnsafeBufferPointer { delta in
      var best = Int.max
      var column = -1
      var dx = 0
      // A column farther than √best cannot be nearer; one exactly at √best (a feature in the
      // pixel's row) can tie, and must be seen for the tie rule: the leftmost column among equals.
      while dx &* dx <= best {
        let left = x &- dx
        let right = x &+ dx
        if left < 0 && right >= width { break }
        if left >= 0 {
          let d = Int(delta[row &+ left])
          let value = dx &* dx &+ d &* d
          if value < best || (value == best && left < column) {
            best = value
            column = left
          }
        }
        if dx > 0 && right < width {
          let d = Int(delta[row &+ right])
          let value = dx &* dx &+ d &* d
          // `right` is the rightmost column seen so far: it wins only when strictly nearer.
          if value < best {
            best = value
            column = right
          }
        }
        dx &+= 1
      }
      return (best, column, y &+ Int(delta[row &+ column]))
    }
  }
}
