// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Stroke weight by profile integration across the skeleton.
///
/// For every skeleton pixel p of the core (α ≥ 0.5; see ``Skeleton``):
/// 1. the normal is the direction from p to its nearest background pixel, read from the feature
///    transform of the exact EDT of the core (``DistanceTransform``, asked at the skeleton pixels
///    only through ``NearestFeatureQuery``: the same values; the canvas outside counts as
///    background);
/// 2. the local width is the integral of α, sampled bilinearly every 0.25 px, along the line through p
///    in both directions, each side stopping where α falls to ~0 (< 0.01), where it rises again after
///    leaving the core (a gap before a neighbouring stroke), or at max(3 · DT, DT + 3) px;
/// 3. because the nearest background *pixel* quantises the normal (up to ±22.5° for thin strokes, which
///    lengthens the chord by 1 / cos), the direction is refined. For a straight stroke of width w and
///    true normal φ the chord at angle θ is w / cos(θ − φ), so 1 / chord = a cos θ + b sin θ exactly:
///    chords at the EDT normal and 22.5° either side (moving on by 22.5°, up to ±45°, while the chord
///    shrinks) give a, b by least squares, hence φ = atan2(b, a), and one more chord is taken there
///    (unless the model promises it less than 0.001 px shorter). The local width is the smallest
///    chord evaluated: the width for a straight stroke, the radial chord for a ring. Four chords a
///    pixel on average, against 16 for a scan and golden-section search to < 1°, for the same
///    accuracy (Lucide at 48 px: the median unchanged, 2 of 1745 icons move by more than 0.05 px).
///
/// The estimate is the median of the local widths over the skeleton pixels farther (along the
/// skeleton) than DT + 1 px from an end point or junction: at line ends, forks and crossings the
/// chord does not measure the stroke. If that leaves nothing (a dot, a disk), all pixels are used.
/// Of more than 128 such pixels an evenly spaced subset of at most 128 enters the median
/// (``medianSampleLimit``). Of those, a random sample of 32 is measured first; when the sign test's
/// 99% confidence interval of the median from that sample lies within ±0.03 px of its median, that
/// median is the estimate (the whole set's median within 0.03 px with probability ≥ 99%), otherwise
/// the rest are measured and the median is exact (``medianEstimate(_:ofAll:)``).
///
/// The integral of a box-filtered (exact-coverage) stroke across its edges equals its width whatever
/// the sub-pixel phase, which is why this beats 2 · DT (quantised to ±0.5 px). Validated on
/// antialiased lines of width 2–6 px at 0–45° and random phases (±0.25 px required; measured within
/// 0.1 px for widths 1.5–8 px at random angles) and on rings (2 px: ±0.1 px required, 0.01 measured).
///
/// Based on the medial-axis width of H. Blum, "A transformation for extracting new descriptors of
/// shape" (1967), with the skeleton of ``Skeleton`` (directional thinning, doi:10.1109/34.161346) and
/// the EDT of ``DistanceTransform`` (Felzenszwalb–Huttenlocher, doi:10.4086/toc.2012.v008a019).
///
/// - Complexity: O(N) for the EDT's column pass and O(d) a skeleton pixel at distance d for the
///   rest, O(N · w) for the skeleton of strokes up to w px, plus
///   O(k · L / 0.25) for k ≤ 128 measured skeleton pixels (32 when the first sample settles the
///   median) and chords of length L (3 to 5 chords a pixel).
public struct StrokeWeight: Sendable, Equatable {
  /// One skeleton pixel with its local width.
  public struct Sample: Sendable, Equatable, Codable {
    /// Centre of the skeleton pixel, in px.
    public var positionPx: Point2D
    /// Unit normal along which the width was integrated (after refinement).
    public var normal: Point2D
    /// Local width: ∫α along the normal, in px.
    public var widthPx: Double
    /// Euclidean distance to the nearest background pixel, in px.
    public var distancePx: Double
    /// Whether the sample is away from end points and junctions, and so eligible for the median (of
    /// more than ``StrokeWeight/medianSampleLimit`` such samples an evenly spaced subset enters it,
    /// possibly through a random sample of it: ``StrokeWeight/medianEstimate(_:ofAll:)``).
    public var counted: Bool
  }

  /// All skeleton pixels with their local width, in raster order.
  public var samples: [Sample]
  /// Median local width over the counted samples (at most ``medianSampleLimit`` of them, evenly
  /// spaced; estimated from 32 of them within 0.03 px when they agree, see
  /// ``medianEstimate(_:ofAll:)``), in px; 0 without a skeleton.
  public var medianPx: Double
  /// How far the stroke is from one width: the 90th ÷ the 10th percentile of the local widths that
  /// enter the median (the first sample when its estimate is taken; ``widthSpread(_:)``); 0 with
  /// fewer than ``minimumSpreadSamples`` of them.
  public var widthSpread: Double

  /// The deciles of the same local widths (q0, q10, …, q100, linear interpolation between order
  /// statistics: ``widthDeciles(_:)``), in px; empty with fewer than ``minimumSpreadSamples`` of
  /// them. What share of the glyph's skeleton is drawn at a given weight
  /// (``IconMeasurements/strokeWidthShare(near:tolerance:)``): a window frame at its family's
  /// 4.17 px with a solid title bar (8.33 px) and a solid cog has its median at 5.07 px, between the
  /// two, and 44% of its widths at the frame's.
  public var widthDecilesPx: [Double]

  /// The fewest local widths that give ``widthSpread``.
  public static let minimumSpreadSamples = 8

  /// The most skeleton pixels whose widths enter the median.
  ///
  /// Neighbouring skeleton pixels have nearly the same width, so an evenly spaced subset gives the
  /// median of the whole (Lucide at 44 and 48 px: 1708 and 1691 of 1745 icons unchanged, none by more
  /// than 0.04 px); it bounds the chord work of a large icon.
  static let medianSampleLimit = 128

  /// Sample spacing along a chord, in px.
  public static let stepPx = 0.25

  /// The stroke weight of the core (α ≥ 0.5) of a mask.
  public init(mask: AlphaMask) {
    let w = mask.width
    let h = mask.height
    let pw = w + 2
    var grid = [UInt8](repeating: 0, count: pw * (h + 2))
    for y in 0..<h {
      for x in 0..<w where mask.coverage[y * w + x] >= 0.5 { grid[(y + 1) * pw + x + 1] = 1 }
    }
    let nearest = NearestFeatureQuery(backgroundOf: grid, width: pw, height: h + 2)
    let skeleton = Skeleton(paddedGrid: grid, width: w, height: h)
    self.init(mask: mask, nearestBackground: nearest, skeleton: skeleton)
  }

  /// From the nearest background pixels of the core padded with one background pixel on every side
  /// (`(width + 2) × (height + 2)`; the values of its EDT, asked at the skeleton pixels only), and
  /// the core's skeleton.
  ///
  /// With `countedOnly`, only the samples that enter the median are measured and kept (all of them
  /// when none is counted; only the first sample's when it settles the median): the median is the
  /// same, the work on end points and junctions is saved.
  init(
    mask: AlphaMask, nearestBackground nearest: NearestFeatureQuery, skeleton: Skeleton,
    countedOnly: Bool = false
  ) {
    let w = mask.width
    guard !skeleton.pixels.isEmpty else {
      samples = []
      medianPx = 0
      widthSpread = 0
      widthDecilesPx = []
      return
    }
    // The column and row of every skeleton pixel, followed along the raster order (no division a
    // pixel).
    var columns = [Int](repeating: 0, count: skeleton.pixels.count)
    var rows = [Int](repeating: 0, count: skeleton.pixels.count)
    do {
      var row = 0
      var rowStart = 0
      for (k, p) in skeleton.pixels.enumerated() {
        while p >= rowStart &+ w {
          row &+= 1
          rowStart &+= w
        }
        columns[k] = p &- rowStart
        rows[k] = row
      }
    }
    // Whether each skeleton pixel is away from the end points and junctions: farther along the
    // skeleton than its distance to the background + 1 px (``stepsFromEnds(_:)``). With s steps,
    // `Double(s) > √d² + 1` (d² the exact squared distance, √ correctly rounded) holds exactly when
    // d² < (s − 1)² (for s ≤ 2²⁰, below which the rounding cannot reach across the gap of at least
    // 1 ÷ 2(s − 1) between √((s − 1)² − 1) and s − 1), so the test asks the column offsets only
    // whether a background pixel lies nearer than s − 1 (``NearestFeatureQuery/isNearer(x:y:thanSquared:)``:
    // most skeleton pixels answer at their own column) rather than for the nearest one; the
    // nearest is found for the measured pixels only.
    let steps = Self.stepsFromEnds(skeleton)
    let counted = steps.indices.map { k -> Bool in
      let s = steps[k]
      if s == Int.max { return true }
      if s < 2 { return false }
      if s > 1 << 20 {
        let found = nearest.nearest(x: columns[k] &+ 1, y: rows[k] &+ 1)
        return Double(s) > Double(found.squaredDistance).squareRoot() + 1
      }
      return nearest.isNearer(x: columns[k] &+ 1, y: rows[k] &+ 1, thanSquared: (s &- 1) &* (s &- 1))
    }
    let anyCounted = counted.contains(true)
    // The pixels whose widths may enter the median: the counted ones (all without any), evenly
    // thinned to at most `medianSampleLimit`: every k-th in raster order from the ⌊k/2⌋-th,
    // k = ⌈n ÷ limit⌉. Of those, a random sample of ``firstSampleLimit`` is measured first (see
    // ``medianEstimate(_:ofAll:)``).
    var median = [Bool](repeating: false, count: counted.count)
    var first = [Bool](repeating: false, count: counted.count)
    do {
      let eligible = counted.indices.filter { !anyCounted || counted[$0] }
      let k = (eligible.count + Self.medianSampleLimit - 1) / Self.medianSampleLimit
      let chosen = Array(stride(from: k / 2, to: eligible.count, by: k)).map { eligible[$0] }
      for index in chosen { median[index] = true }
      for r in Self.randomSample(Self.firstSampleLimit, of: chosen.count) { first[chosen[r]] = true }
    }
    let skip = countedOnly

    var samples: [Sample] = []
    samples.reserveCapacity(skip ? Self.medianSampleLimit : skeleton.pixels.count)
    // Widths of the first sample, then of the rest of the median's pixels.
    var firstWidths: [Double] = []
    firstWidths.reserveCapacity(Self.firstSampleLimit)
    var restWidths: [Double] = []
    // The coverage as Double once (exact), rather than four conversions a sample, framed by zeros
    // (see ``Profile``).
    let h = mask.height
    let alpha = UnsafeMutableBufferPointer<Double>.allocate(capacity: Profile.capacity(width: w, height: h))
    defer { alpha.deallocate() }
    // Each element written once: the frame and the slack zeros, the canvas its coverage.
    mask.coverage.withUnsafeBufferPointer { coverage in
      let base = alpha.baseAddress.unsafelyUnwrapped
      (base).initialize(repeating: 0, count: w &+ 3)
      for y in 0..<h {
        let row = (y &+ 1) &* (w &+ 2) &+ 1
        for x in 0..<w { (base + (row &+ x)).initialize(to: Double(coverage[y &* w &+ x])) }
        (base + (row &+ w)).initialize(repeating: 0, count: 2)
      }
      let tail = (h &+ 1) &* (w &+ 2) &+ 1
      (base + tail).initialize(repeating: 0, count: alpha.count &- tail)
    }
    let profile = Profile(alpha: UnsafeBufferPointer(alpha), width: w, height: h)
    /// The local width of skeleton pixel k (its index in `skeleton.pixels`), appended to `samples`.
    func measure(_ k: Int) -> Double {
      let x = columns[k]
      let y = rows[k]
      // The nearest background pixel (in the padded grid) and its distance (√ of an exact integer).
      let feature = nearest.nearest(x: x &+ 1, y: y &+ 1)
      let dt = Double(feature.squaredDistance).squareRoot()
      let nx = Double(feature.featureX &- (x &+ 1))
      let ny = Double(feature.featureY &- (y &+ 1))
      let centre = Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5)
      let limit = max(3 * dt, dt + 3)
      let n = (nx * nx + ny * ny).squareRoot()
      let best = profile.minimumChord(at: centre, nx: nx / n, ny: ny / n, limit: limit)
      samples.append(
        Sample(
          positionPx: centre, normal: Point2D(x: best.cos, y: best.sin),
          widthPx: best.width, distancePx: dt, counted: !anyCounted || counted[k]))
      return best.width
    }
    let medianCount = median.lazy.filter { $0 }.count
    let estimate: Double?
    if skip {
      // The first sample; the rest of the median's pixels only when its estimate is not close
      // enough.
      for k in first.indices where first[k] { firstWidths.append(measure(k)) }
      estimate = Self.medianEstimate(firstWidths, ofAll: medianCount)
      if estimate == nil {
        for k in median.indices where median[k] && !first[k] { restWidths.append(measure(k)) }
      }
    } else {
      for k in skeleton.pixels.indices {
        let width = measure(k)
        if first[k] {
          firstWidths.append(width)
        } else if median[k] {
          restWidths.append(width)
        }
      }
      estimate = Self.medianEstimate(firstWidths, ofAll: medianCount)
    }
    self.samples = samples
    // The spread from the same widths the median was taken over: the first sample when its
    // estimate stands, else all of them (the same in both modes).
    let taken = estimate != nil ? firstWidths : firstWidths + restWidths
    self.medianPx = estimate ?? Self.median(taken)
    self.widthSpread = Self.widthSpread(taken)
    self.widthDecilesPx = Self.widthDeciles(taken)
  }

  /// The most skeleton pixels of the median's (at most ``medianSampleLimit``) measured first.
  static let firstSampleLimit = 32

  /// How far the median of the first sample may be from the median of all the pixels it stands
  /// for, in px (with 99% confidence; see ``medianEstimate(_:ofAll:)``).
  public static let estimateTolerancePx = 0.03

  /// The median of the first sample's widths when it is within ``estimateTolerancePx`` of the
  /// median of all `count` widths it was drawn from with 99% confidence; `nil` when the sample is
  /// the whole, or too spread to tell (then all are measured).
  ///
  /// The bound is distribution-free (the sign test's confidence interval of a median; W. J.
  /// Conover, *Practical Nonparametric Statistics*, 3rd ed., 1999, §3.2): of m values drawn at
  /// random from a set, the r-th smallest and the r-th largest enclose the set's median with
  /// probability at least 1 − 2 · P(Binomial(m, ½) < r) (drawing without replacement from a finite
  /// set only narrows the spread); r = ``medianRank(_:)`` makes that ≥ 99%. When both lie within
  /// ``estimateTolerancePx`` of the sample's median, so does the set's median, and the estimate is
  /// taken; otherwise the rest are measured and the median is exact. The draw is a fixed
  /// pseudo-random one (``randomSample(_:of:)``). Measured against the exact median (Lucide at 44,
  /// 48, 75 and 150 px, the calibration's Lucide, Phosphor, Tabler and Material Design Icons and
  /// all 14,343 calibration renders): see Reports/benchmarks/cold-audit.md.
  ///
  /// - Complexity: O(m log m).
  static func medianEstimate(_ sample: [Double], ofAll count: Int) -> Double? {
    guard sample.count < count else { return nil }
    let rank = medianRank(sample.count)
    guard rank > 0 else { return nil }
    let sorted = sample.sorted()
    let estimate = median(sorted: sorted)
    guard estimate - sorted[rank - 1] <= estimateTolerancePx,
      sorted[sorted.count - rank] - estimate <= estimateTolerancePx
    else { return nil }
    return estimate
  }

  /// `m` distinct indices of `0..<n` drawn at random (all of them when n ≤ m): a partial
  /// Fisher–Yates shuffle driven by SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable
  /// pseudorandom number generators", OOPSLA 2014, doi:10.1145/2714064.2660195) seeded with n, so
  /// the same icon always draws the same sample. Random rather than every j-th pixel: in raster
  /// order, every j-th can fall on one stroke of a shape whose rows cross j strokes (a 48 px glyph
  /// with three upright strokes of 10, 4 and 6 px measured 10.0 instead of 8.8 that way).
  ///
  /// - Complexity: O(n).
  static func randomSample(_ m: Int, of n: Int) -> ArraySlice<Int> {
    var indices = Array(0..<n)
    guard n > m else { return indices[...] }
    var state = UInt64(truncatingIfNeeded: n)
    for i in 0..<m {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let j = i + Int(z % UInt64(n - i))
      indices.swapAt(i, j)
    }
    return indices[..<m]
  }

  /// The largest r with P(Binomial(m, ½) < r) ≤ 0.005, so that the r-th smallest and the r-th
  /// largest of m random draws enclose the median with probability ≥ 99%; 0 when m is too small
  /// for any (m < 9).
  static func medianRank(_ m: Int) -> Int {
    var cumulative = 0.0
    var p = 1.0
    for _ in 0..<m { p *= 0.5 }  // P(X = 0)
    var rank = 0
    for i in 0..<m {
      cumulative += p
      if cumulative > 0.005 { break }
      rank = i + 1
      p = p * Double(m - i) / Double(i + 1)
    }
    return rank
  }

  /// q90 ÷ q10 of `widths` (linear interpolation between order statistics); 0 with fewer than
  /// ``minimumSpreadSamples`` widths or a q10 of 0.
  ///
  /// A line drawn in one stroke weight measures the same width along its skeleton (away from ends
  /// and junctions, where the median's samples are): 1.0–1.2. A solid shape read as a "stroke" does
  /// not: a handset's ends are 2–3× as wide as its neck, a play triangle narrows to its tip. See
  /// `stroke_weight_outlier` (uniform line) for the figures.
  ///
  /// - Complexity: O(n log n) for n widths (n ≤ ``medianSampleLimit``).
  static func widthSpread(_ widths: [Double]) -> Double {
    guard widths.count >= minimumSpreadSamples else { return 0 }
    let sorted = widths.sorted()
    func quantile(_ q: Double) -> Double {
      let position = q * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    let low = quantile(0.1)
    return low > 0 ? quantile(0.9) / low : 0
  }

  /// q0, q10, …, q100 of `widths` (linear interpolation between order statistics, as
  /// ``widthSpread(_:)``); empty with fewer than ``minimumSpreadSamples`` widths.
  ///
  /// - Complexity: O(n log n) for n widths (n ≤ ``medianSampleLimit``).
  static func widthDeciles(_ widths: [Double]) -> [Double] {
    guard widths.count >= minimumSpreadSamples else { return [] }
    let sorted = widths.sorted()
    return (0...10).map { i in
      let position = Double(i) / 10 * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
  }

  static func median(_ values: [Double]) -> Double {
    median(sorted: values.sorted())
  }

  static func median(sorted: [Double]) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// For each skeleton pixel, its geodesic distance (8-connected steps along the skeleton) to the
  /// nearest end point or junction pixel; `Int.max` in a component with neither (a ring).
  private static func stepsFromEnds(_ skeleton: Skeleton) -> [Int] {
    let w = skeleton.width
    let pw = w + 2
    // Sample number of each skeleton pixel (−1 elsewhere), in a grid padded by one pixel so that
    // the neighbours need no bounds checks.
    var position = [Int32](repeating: -1, count: pw * (skeleton.height + 2))
    // The padded index of each skeleton pixel: the pixels are in raster order, so the row is
    // followed without a division (padded index = index + 2 · row + pw + 1).
    var slots = [Int](repeating: 0, count: skeleton.pixels.count)
    var row = 0
    var rowEnd = w
    for (k, p) in skeleton.pixels.enumerated() {
      while p >= rowEnd {
        row &+= 1
        rowEnd &+= w
      }
      let s = p &+ 2 &* row &+ pw &+ 1
      slots[k] = s
      position[s] = Int32(truncatingIfNeeded: k)
    }
    @inline(__always) func slot(_ p: Int) -> Int { (p / w + 1) * pw + p % w + 1 }
    var steps = [Int](repeating: Int.max, count: skeleton.pixels.count)
    var queue: [Int] = []
    queue.reserveCapacity(skeleton.pixels.count)
    for sources in [skeleton.endPoints, skeleton.junctionPixels] {
      for p in sources {
        let k = Int(position[slot(p)])
        if k >= 0, steps[k] != 0 {
          steps[k] = 0
          queue.append(k)
        }
      }
    }
    // Made once, not once a pixel.
    let neighbours = [-pw - 1, -pw, -pw + 1, -1, 1, pw - 1, pw, pw + 1]
    var head = 0
    while head < queue.count {
      let k = queue[head]
      head += 1
      let s = slots[k]
      for o in neighbours {
        let j = Int(position[s + o])
        guard j >= 0, steps[j] == Int.max else { continue }
        steps[j] = steps[k] + 1
        queue.append(j)
      }
    }
    return steps
  }

  /// Bilinear sampling and chord integrals over one coverage buffer.
  struct Profile {
    /// The coverage framed by one pixel of zeros on every side (`(width + 2) × (height + 2)`, then
    /// `width + 4` more zeros), so that every bilinear neighbour of a point on or next to the canvas
    /// can be read without a bounds check and reads 0 off the canvas.
    let alpha: UnsafeBufferPointer<Double>
    let width: Int
    let height: Int

    /// The elements `alpha` must hold for a `width × height` canvas.
    static func capacity(width: Int, height: Int) -> Int { (width &+ 2) &* (height &+ 2) &+ width &+ 4 }

    /// α at (x, y) in px (pixel centres at +0.5), bilinear, 0 outside the canvas.
    @inline(__always)
    func sample(_ x: Double, _ y: Double) -> Double {
      let u = x - 0.5
      let v = y - 0.5
      guard u > -1, v > -1, u < Double(width), v < Double(height) else { return 0 }
      // u, v > −1, so truncating u + 1 floors it (−1 ≤ i, j; i ≤ width and j ≤ height even if the
      // sum rounds up: the frame and the slack after it are zeros).
      let i = Int(u + 1) &- 1
      let j = Int(v + 1) &- 1
      let ax = u - Double(i)
      let ay = v - Double(j)
      return interpolate(i, j, ax, ay)
    }

    /// The bilinear mix, at fractions (`ax`, `ay`), of pixels (i, j) to (i + 1, j + 1) (each from
    /// −1 to width or height: the frame).
    @inline(__always)
    private func interpolate(_ i: Int, _ j: Int, _ ax: Double, _ ay: Double) -> Double {
      interpolate(at: (j &+ 1) &* (width &+ 2) &+ i &+ 1, ax, ay)
    }

    /// The bilinear mix, at fractions (`ax`, `ay`), of `alpha`'s elements p, p + 1, p + stride and
    /// p + stride + 1 (stride = width + 2; p is pixel (i, j)'s element for ``interpolate(_:_:_:_:)``).
    @inline(__always)
    private func interpolate(at p: Int, _ ax: Double, _ ay: Double) -> Double {
      let stride = width &+ 2
      let base = alpha.baseAddress.unsafelyUnwrapped
      let a00 = base[p]
      let a10 = base[p &+ 1]
      let a01 = base[p &+ stride]
      let a11 = base[p &+ stride &+ 1]
      let top = a00 + (a10 - a00) * ax
      let bottom = a01 + (a11 - a01) * ax
      return top + (bottom - top) * ay
    }

    /// α at (u, v) = (x − 0.5, y − 0.5) in px from the first pixel centre, where all four bilinear
    /// neighbours lie on the canvas (0 ≤ u < width − 1, 0 ≤ v < height − 1).
    @inline(__always)
    func sampleInside(_ u: Double, _ v: Double) -> Double {
      let i = Int(u)
      let j = Int(v)
      let ax = u - Double(i)
      let ay = v - Double(j)
      return interpolate(i, j, ax, ay)
    }

    /// ∫α along the line through `centre` in the unit direction (`cx`, `cy`), each side stopping at
    /// α ≈ 0, at a rise after leaving the core, or at `limit` px; `centreAlpha` is α at `centre`
    /// (`sample(centre.x, centre.y)`), sampled once for all the chords through it.
    @inline(__always)
    func chord(at centre: Point2D, centreAlpha: Double, _ cx: Double, _ cy: Double, limit: Double) -> Double {
      let step = StrokeWeight.stepPx
      let dx = cx * step
      let dy = cy * step
      let steps = Int(limit / step)
      return
        (centreAlpha + side(centre, dx, dy, steps)
        + side(centre, -dx, -dy, steps)) * step
    }

    /// Σα at centre + k · (dx, dy) for k = 1…steps, stopping at α ≈ 0 or at a rise after leaving the
    /// core.
    @inline(__always)
    private func side(_ centre: Point2D, _ dx: Double, _ dy: Double, _ steps: Int) -> Double {
      var sum = 0.0
      var lowest = 1.0
      var x = centre.x
      var y = centre.y
      var k = 1
      // When both ends of the side lie where the bilinear neighbours are all on the canvas, so does
      // every sample between them: sample without bounds checks, in coordinates from the first
      // pixel centre.
      let u = x - 0.5
      let v = y - 0.5
      let eu = u + dx * Double(steps)
      let ev = v + dy * Double(steps)
      let right = Double(width) - 1
      let bottom = Double(height) - 1
      if min(u, eu) >= 0 && max(u, eu) < right && min(v, ev) >= 0 && max(v, ev) < bottom {
        // The pixel (i, j) = (Int(u), Int(v)) is followed from sample to sample (``insideWalk``).
        let fi = Double(Int(u))
        let fj = Double(Int(v))
        let p = (Int(v) &+ 1) &* (width &+ 2) &+ Int(u) &+ 1
        // The walk specialised on the signs of the step (one test an index a step).
        switch (dx >= 0, dy >= 0) {
        case (true, true): return insideWalk(u, v, fi, fj, p, dx, dy, steps, rightward: true, downward: true)
        case (true, false): return insideWalk(u, v, fi, fj, p, dx, dy, steps, rightward: true, downward: false)
        case (false, true): return insideWalk(u, v, fi, fj, p, dx, dy, steps, rightward: false, downward: true)
        case (false, false): return insideWalk(u, v, fi, fj, p, dx, dy, steps, rightward: false, downward: false)
        }
      }
      while k <= steps {
        x += dx
        y += dy
        let a = sample(x, y)
        if a < 0.01 || (lowest < 0.5 && a > lowest + 0.05) { break }
        lowest = min(lowest, a)
        sum += a
        k &+= 1
      }
      return sum
    }

    /// The samples of ``side(_:_:_:_:)`` where every bilinear neighbour lies on the canvas: from
    /// (u, v) = centre − (0.5, 0.5), pixel (fi, fj) = (⌊u⌋, ⌊v⌋) at element `p` of `alpha`, steps of
    /// (dx, dy). `rightward` is dx ≥ 0 and `downward` dy ≥ 0 (constants where it is inlined).
    ///
    /// `sampleInside(u, v)` with its pixel (i, j) = (Int(u), Int(v)) followed from sample to sample
    /// instead of converted at each: u and v move by at most a quarter pixel a step, so each index
    /// changes by at most one, found by comparing u − i with 0 and 1. These differences are exact (u
    /// < 2⁵² and the integer i within two of it: both are multiples of u's ulp, and so is the
    /// difference, which is smaller than u or than 2), so i is ⌊u⌋ as the truncation has it (and stays
    /// 0 for a u a rounding below 0, as truncation does), and the fractions are the same to the bit.
    /// The element of (i, j) in `alpha` follows them. With dx ≥ 0, u never decreases (u + dx ≥ u, and
    /// rounding is monotone), so u − i < 0 cannot happen; with dx < 0 u never increases and u − i stays
    /// below 1: each index needs one test a step, on the side it moves to. Until the side's lowest α
    /// falls below 0.5 no rise can stop it, so that test waits for the second loop.
    @inline(__always)
    private func insideWalk(
      _ u: Double, _ v: Double, _ fi: Double, _ fj: Double, _ p: Int, _ dx: Double, _ dy: Double,
      _ steps: Int, rightward: Bool, downward: Bool
    ) -> Double {
      let stride = width &+ 2
      var u = u
      var v = v
      var fi = fi
      var fj = fj
      var p = p
      var sum = 0.0
      var lowest = 1.0
      var k = 1
      /// The next sample: (u, v) moved by a step, the pixel followed, α read.
      @inline(__always) func next() -> Double {
        u += dx
        v += dy
        var ax = u - fi
        if rightward {
          if _slowPath(ax >= 1) {
            fi += 1
            p &+= 1
            ax = u - fi
          }
        } else if _slowPath(ax < 0) && fi > 0 {
          fi -= 1
          p &-= 1
          ax = u - fi
        }
        var ay = v - fj
        if downward {
          if _slowPath(ay >= 1) {
            fj += 1
            p &+= stride
            ay = v - fj
          }
        } else if _slowPath(ay < 0) && fj > 0 {
          fj -= 1
          p &-= stride
          ay = v - fj
        }
        return interpolate(at: p, ax, ay)
      }
      // While the lowest α is ≥ 0.5, only α ≈ 0 stops the side; the first α below 0.5 is the
      // lowest so far.
      while k <= steps {
        let a = next()
        if a < 0.01 { return sum }
        sum += a
        k &+= 1
        if a < 0.5 {
          lowest = a
          break
        }
      }
      while k <= steps {
        let a = next()
        if a < 0.01 || a > lowest + 0.05 { break }
        lowest = min(lowest, a)
        sum += a
        k &+= 1
      }
      return sum
    }

    /// The smallest chord within reach of the unit direction (`nx`, `ny`): chords at the direction
    /// and 22.5° either side (moving on by 22.5°, up to ±45°, while the chord keeps shrinking), then
    /// one chord at the minimum of the model 1 / chord(θ) = cos(θ − φ) / w fitted to the three
    /// chords around the best (least squares): the exact chord of a straight stroke of width w and
    /// normal φ. Returns the smallest chord evaluated and its unit direction.
    func minimumChord(at centre: Point2D, nx: Double, ny: Double, limit: Double)
      -> (width: Double, cos: Double, sin: Double)
    {
      let c22 = 0.923_879_532_511_286_7  // cos 22.5°
      let s22 = 0.382_683_432_365_089_8  // sin 22.5°
      // α at the centre, the same term of every chord through it.
      let middle = sample(centre.x, centre.y)
      // The three directions around the middle one (mx, my): −22.5°, 0, +22.5°.
      var mx = nx
      var my = ny
      var f0 = chord(at: centre, centreAlpha: middle, mx, my, limit: limit)
      var plus = (x: mx * c22 - my * s22, y: mx * s22 + my * c22)
      var minus = (x: mx * c22 + my * s22, y: -mx * s22 + my * c22)
      var fp = chord(at: centre, centreAlpha: middle, plus.x, plus.y, limit: limit)
      var fm = chord(at: centre, centreAlpha: middle, minus.x, minus.y, limit: limit)
      // Walk one more step toward a smaller chord (the coarse scan of ±45°).
      if fp < f0 && fp < fm {
        let next = (x: plus.x * c22 - plus.y * s22, y: plus.x * s22 + plus.y * c22)
        let fn = chord(at: centre, centreAlpha: middle, next.x, next.y, limit: limit)
        if fn < fp {
          (minus, fm) = ((mx, my), f0)
          (mx, my, f0) = (plus.x, plus.y, fp)
          (plus, fp) = (next, fn)
        }
      } else if fm < f0 && fm < fp {
        let next = (x: minus.x * c22 + minus.y * s22, y: -minus.x * s22 + minus.y * c22)
        let fn = chord(at: centre, centreAlpha: middle, next.x, next.y, limit: limit)
        if fn < fm {
          (plus, fp) = ((mx, my), f0)
          (mx, my, f0) = (minus.x, minus.y, fm)
          (minus, fm) = (next, fn)
        }
      }
      var best = (width: f0, cos: mx, sin: my)
      if fp < best.width { best = (fp, plus.x, plus.y) }
      if fm < best.width { best = (fm, minus.x, minus.y) }
      // Least squares of g(t) = a cos t + b sin t through g = 1 / chord at t = −22.5°, 0, +22.5°
      // (the cross term vanishes by symmetry); the minimum chord is at t = atan2(b, a), clamped to
      // the bracket.
      let a = (1 / f0 + (1 / fp + 1 / fm) * c22) / (1 + 2 * c22 * c22)
      let b = (1 / fp - 1 / fm) / (2 * s22)
      // Skip the last chord when the model promises it less than 0.001 px shorter than the best one
      // (a stroke along the pixel grid, whose EDT normal is exact).
      guard a > 0, best.width - 1 / (a * a + b * b).squareRoot() >= 0.001 else { return best }
      let t = min(max(atan2(b, a), -Double.pi / 8), Double.pi / 8)
      let ct = cos(t)
      let st = sin(t)
      let rx = mx * ct - my * st
      let ry = mx * st + my * ct
      let length = (rx * rx + ry * ry).squareRoot()
      let ux = rx / length
      let uy = ry / length
      let c = chord(at: centre, centreAlpha: middle, ux, uy, limit: limit)
      if c < best.width { best = (c, ux, uy) }
      return best
    }
  }
}
