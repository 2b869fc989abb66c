// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Template-image hygiene: is the icon one colour, antialiased, without shadow, defined by alpha?
///
/// - `colorSpread`: over the pixels of the colour image with α > 0.1, the standard deviation of each
///   un-premultiplied channel (R, G, B, in 0…255), each pixel weighted by α² (what a pixel shows of
///   its colour scales with its coverage: see ``colorSpread(_:)``); the largest of the three. One
///   colour gives ~0 (plus quantisation of faint pixels), two colours in equal parts of opaque ink
///   127.5 · |difference| / 255 on the channel that differs most.
/// - `partialPixelRatio`: the number of pixels with 0.02 < α < 0.98 per px of contour length. An exactly
///   antialiased edge crosses about 4/π pixels per unit length, some of them only slightly, so this is
///   about 1; a thresholded (aliased) image has 0.
/// - `haloFraction`: Σα beyond 1.5 px from the core's edge (core α ≥ 0.5; the nearest core pixel by
///   exact Euclidean distance, searched within √11 px, ``nearbyOffsets``; edge placed at sub-pixel
///   precision and the 1.5 px threshold box-filtered over the pixel, see
///   ``haloWeight(_:x:y:nearestCore:)``) divided by the ink. Every pixel an antialiased edge touches
///   has its centre within √2/2 px of that edge, so a clean icon has 0; a drop shadow or glow does
///   not. Without any core pixel all ink is halo.
/// - `haloOffsetPx`: the α-weighted centroid of the halo minus that of the core (a shadow's direction);
///   zero without halo.
/// - `opaqueBackgroundShare`: the share of the canvas with α ≥ 0.98.
/// - `colorEdgeStep`: the largest colour difference (Euclidean, in RGB 0…255: 0…441) between two
///   4-neighbouring pixels of the colour image that both have α ≥ 0.5 (see ``colorEdgeStep(_:)``):
///   whether the colours draw an edge inside the glyph that its alpha does not. Measured only where
///   `colorSpread` is above ``colorEdgeSpreadFloor``; nil otherwise.
/// - `colorSpreadFullCoverage`: the colour spread over the pixels at the glyph's full coverage only
///   (α within 3/255 of the image's highest α; ``colorSpreadFullCoverage(_:)``): whether the second
///   colour shows anywhere but where the glyph's coverage falls off (its antialiased edges, where a
///   renderer blends a hidden layer or a transparent pixel's colour). Measured where `colorEdgeStep`
///   is.
/// - `colorSpreadBeyondRim`: the colour spread over the glyph's inside beyond a rim of
///   ``rimWidthPt`` along its edge (``colorSpreadBeyondRim(_:)``): whether the colours differ only
///   in an outline of the glyph. nil when that inside carries less than ``minimumInsideShare`` of
///   the glyph's weight (a drawing of thin strokes is all rim: a rim cannot be told from parts), and
///   where `colorEdgeStep` is not measured.
///
/// - Complexity: O(width · height).
public struct TemplateHygiene: Sendable, Equatable {
  public var colorSpread: Double?
  public var partialPixelRatio: Double
  public var haloFraction: Double
  public var haloOffsetPx: Point2D
  /// α-weighted centroid of the halo pixels, in px; `nil` without halo.
  public var haloCentroidPx: Point2D?
  /// α-weighted centroid of the core pixels, in px; `nil` without core.
  public var coreCentroidPx: Point2D?
  public var opaqueBackgroundShare: Double
  /// The largest colour step inside the glyph (``colorEdgeStep(_:)``); nil without a colour image
  /// or with `colorSpread` at most ``colorEdgeSpreadFloor`` (one colour: nothing to step).
  public var colorEdgeStep: Double?
  /// The colour spread at full coverage (``colorSpreadFullCoverage(_:)``); nil where `colorEdgeStep` is.
  public var colorSpreadFullCoverage: Double?
  /// The colour spread beyond the rim (``colorSpreadBeyondRim(_:)``); nil where `colorEdgeStep` is,
  /// or when the inside beyond the rim is too small to tell.
  public var colorSpreadBeyondRim: Double?

  /// The width of the rim along the glyph's edge that ``colorSpreadBeyondRim(_:)`` leaves out, in pt:
  /// an outline drawn in a second colour as thick as a bar glyph's stroke (the real apps' rims: Kodi's
  /// check 0.5 pt, KeePassium's penguin 0.5 pt, Habitica's slider thumb 1.2 pt).
  public static let rimWidthPt = 1.5
  /// The smallest share of the glyph's weight (Σ⌊α²/256⌋) beyond the rim for
  /// ``colorSpreadBeyondRim(_:)`` to be measured: the real apps' rims leave 22–54% inside, a
  /// drawing of thin strokes (Pocket Casts' `termsconditions`, 1 pt lines at @3x) 1%.
  public static let minimumInsideShare = 0.1

  /// The colour spread above which `colorEdgeStep` is measured: half of `template_not_monochrome`'s
  /// default limit (16), so a limit lowered to 8 still finds it measured. One-colour glyphs measure
  /// under 1; a second colour of the calibration's faults 60 and more.
  public static let colorEdgeSpreadFloor = 8.0

  /// Distance from the core beyond which coverage counts as halo, in px.
  public static let haloDistancePx = 1.5

  /// - Parameters:
  ///   - contourLengthPx: length of the α = 0.5 contour (``Contour``), the denominator of the
  ///     partial-pixel ratio.
  ///   - colors: the colour image, if any (its own alpha selects the pixels).
  public init(mask: AlphaMask, contourLengthPx: Double, colors: RGBAImage? = nil) {
    let w = mask.width
    let h = mask.height
    var sums = Sums()
    mask.coverage.withUnsafeBufferPointer { alpha in
      for y in 0..<h {
        for x in 0..<w {
          let a = alpha[y &* w &+ x]
          // A transparent pixel adds 0 to every sum (exact) and is no halo.
          if a != 0 { sums.add(a, x: x, y: y, alpha: alpha, mask: mask) }
        }
      }
    }
    self.init(sums: sums, mask: mask, contourLengthPx: contourLengthPx, colors: colors)
  }

  /// From the sums of every pixel of the mask (``Sums``; ``MetricsEngine`` adds them in its own pass
  /// over the pixels).
  init(sums: Sums, mask: AlphaMask, contourLengthPx: Double, colors: RGBAImage?) {
    let w = mask.width
    let h = mask.height
    let ink = sums.ink
    let core = sums.core
    let halo = sums.halo
    partialPixelRatio = contourLengthPx > 0 ? Double(sums.partial) / contourLengthPx : 0
    opaqueBackgroundShare = w * h > 0 ? Double(sums.opaque) / Double(w * h) : 0
    coreCentroidPx = core.sum > 0 ? Point2D(x: core.x / core.sum, y: core.y / core.sum) : nil

    if core.sum == 0 {
      haloFraction = ink > 0 ? 1 : 0
      haloOffsetPx = .zero
      haloCentroidPx = nil
    } else {
      haloFraction = ink > 0 ? halo.sum / ink : 0
      if halo.sum > 0, let coreCentre = coreCentroidPx {
        let centre = Point2D(x: halo.x / halo.sum, y: halo.y / halo.sum)
        haloCentroidPx = centre
        haloOffsetPx = centre - coreCentre
      } else {
        haloCentroidPx = nil
        haloOffsetPx = .zero
      }
    }
    let spread = colors.map(Self.colorSpread)
    colorSpread = spread
    if let colors, let spread, spread > Self.colorEdgeSpreadFloor {
      colorEdgeStep = Self.colorEdgeStep(colors)
      colorSpreadFullCoverage = Self.colorSpreadFullCoverage(colors)
      colorSpreadBeyondRim = Self.colorSpreadBeyondRim(colors)
    } else {
      colorEdgeStep = nil
      colorSpreadFullCoverage = nil
      colorSpreadBeyondRim = nil
    }
  }

  /// The counts and sums of the pass over the pixels, added pixel by pixel in raster order (each sum
  /// in that order, whoever makes the pass: the results are the same to the bit).
  struct Sums {
    /// Pixels with 0.02 < α < 0.98, and with α ≥ 0.98.
    var partial = 0
    var opaque = 0
    /// Σα.
    var ink = 0.0
    /// Σα, Σα · x and Σα · y over the core (α ≥ 0.5; pixel centres).
    var core = (sum: 0.0, x: 0.0, y: 0.0)
    /// The same over the halo, each pixel weighted by ``haloWeight(_:x:y:nearestCore:)``.
    var halo = (sum: 0.0, x: 0.0, y: 0.0)

    /// Adds pixel (x, y) of coverage a > 0 (`alpha`: the mask's coverage; a transparent pixel adds
    /// nothing and need not be added).
    @inline(__always)
    mutating func add(_ a: Float, x: Int, y: Int, alpha: UnsafeBufferPointer<Float>, mask: AlphaMask) {
      if a > 0.02 && a < 0.98 { partial &+= 1 }
      if a >= 0.98 { opaque &+= 1 }
      ink += Double(a)
      if a >= 0.5 {
        core.sum += Double(a)
        core.x += Double(a) * (Double(x) + 0.5)
        core.y += Double(a) * (Double(y) + 0.5)
        return
      }
      // Within one pixel of a core pixel centre (a 4-neighbour) nothing is halo.
      let w = mask.width
      let i = y &* w &+ x
      if x > 0 && alpha[i &- 1] >= 0.5 { return }
      if x &+ 1 < w && alpha[i &+ 1] >= 0.5 { return }
      if y > 0 && alpha[i &- w] >= 0.5 { return }
      if y &+ 1 < mask.height && alpha[i &+ w] >= 0.5 { return }
      addHalo(a, x: x, y: y, alpha: alpha, mask: mask)
    }

    /// Adds pixel (x, y) of coverage 0 < a < 0.5, with no core pixel among its 4-neighbours, to the
    /// halo sums, weighted by its share beyond ``haloDistancePx`` of the nearest core pixel's edge.
    mutating func addHalo(_ a: Float, x: Int, y: Int, alpha: UnsafeBufferPointer<Float>, mask: AlphaMask) {
      guard a > 0 else { return }
      let w = mask.width
      let h = mask.height
      var weight = 1.0
      for o in TemplateHygiene.nearbyOffsets {
        let nx = x &+ o.dx
        let ny = y &+ o.dy
        guard nx >= 0 && ny >= 0 && nx < w && ny < h && alpha[ny &* w &+ nx] >= 0.5 else { continue }
        weight = TemplateHygiene.haloWeight(mask, x: x, y: y, nearestCore: ny &* w &+ nx)
        break
      }
      guard weight > 0 else { return }
      halo.sum += Double(a) * weight
      halo.x += Double(a) * weight * (Double(x) + 0.5)
      halo.y += Double(a) * weight * (Double(y) + 0.5)
    }
  }

  /// The offsets (dx, dy) with 1 < dx² + dy² ≤ 11, nearest first (ties in raster order): where the
  /// nearest core pixel of a pixel that is neither core nor next to the core is searched.
  ///
  /// Searching farther is not needed: the edge advances at most √2 px from the core pixel toward the
  /// pixel (t ≤ 1, and the step's projection on the unit direction is (|vx| + |vy|) ÷ d ≤ √2), so a
  /// pixel whose nearest core pixel lies at d ≥ √12 > 2 + √2 px has weight 1 whichever it is.
  static let nearbyOffsets: [(dx: Int, dy: Int)] = {
    var offsets: [(dx: Int, dy: Int, d2: Int)] = []
    for dy in -3...3 {
      for dx in -3...3 where dx * dx + dy * dy > 1 && dx * dx + dy * dy <= 11 {
        offsets.append((dx, dy, dx * dx + dy * dy))
      }
    }
    // A stable sort keeps the raster order among equal distances.
    return offsets.enumerated().sorted { ($0.element.d2, $0.offset) < ($1.element.d2, $1.offset) }
      .map { ($0.element.dx, $0.element.dy) }
  }()

  /// The share of pixel (x, y) that lies beyond `haloDistancePx` of the core's edge.
  ///
  /// The edge is placed at sub-pixel precision on the step from the nearest core pixel c toward the
  /// pixel, by the same linear interpolation of α as the contour; the distance d from the edge to the
  /// pixel centre then gives the weight clamp(d − haloDistancePx + 0.5, 0, 1) (a box-filtered
  /// threshold). A hard threshold on pixel centres would move the halo's inner boundary by up to
  /// ±0.5 px with the glyph's sub-pixel phase and fake a halo offset for a symmetric glow.
  static func haloWeight(_ mask: AlphaMask, x: Int, y: Int, nearestCore c: Int) -> Double {
    let cx = c % mask.width
    let cy = c / mask.width
    let vx = Double(x - cx)
    let vy = Double(y - cy)
    let d = (vx * vx + vy * vy).squareRoot()
    let sx = (x > cx ? 1 : 0) - (x < cx ? 1 : 0)
    let sy = (y > cy ? 1 : 0) - (y < cy ? 1 : 0)
    let ac = Double(mask[cx, cy])
    let an = Double(mask[cx + sx, cy + sy])
    let t = ac > an ? min(1, max(0, (ac - 0.5) / (ac - an))) : 0
    // The edge's advance from c toward the pixel: the step's projection on the direction to it.
    let advance = t * (Double(sx) * vx + Double(sy) * vy) / d
    return min(1, max(0, d - advance - haloDistancePx + 0.5))
  }

  /// Largest per-channel standard deviation of un-premultiplied RGB over pixels with α > 0.1, each
  /// pixel weighted by α².
  ///
  /// Why α²: a pixel of coverage α shows its colour only in proportion α over whatever lies behind
  /// it, so a colour that differs by Δ from the mean changes what is seen by α · Δ; the α²-weighted
  /// variance Σ α²·Δ² / Σ α² is the mean square of those visible differences. Opaque pixels (the
  /// glyph's core, where a second colour of a real two-colour icon lies) weigh 1, as before; an
  /// edge pixel that is mostly background (a layer drawn under a clipped one shows only there,
  /// `Swipe read.pdf` of Rocket.Chat: spread 28 unweighted, 11 weighted, 3 over α > 0.9) weighs by
  /// its coverage. Un-premultiplied edge colours are also the least precise (8-bit premultiplied
  /// values divided by α).
  ///
  /// The weight is w = ⌊α² / 256⌋ with α in 0…255 (0…254: α² to 1/255 of an opaque pixel's
  /// weight). The counts Σw, Σw·c and Σw·c² of 8-bit values are kept in integers: exact, and so the
  /// same as summing them as Double in any order. Eight pixels at a time in SIMD lanes (a pixel that
  /// does not count has w = 0); each lane's 32-bit sums are flushed into `Int` every
  /// ``colorSpreadFlushBlocks`` blocks, before 254 · 255² · blocks could pass 2³².
  ///
  /// - Complexity: O(pixels).
  public static func colorSpread(_ image: RGBAImage) -> Double {
    var weight = 0
    var sum = (0, 0, 0)
    var squares = (0, 0, 0)
    image.pixels.withUnsafeBufferPointer { p in
      let pixelCount = p.count >> 2
      guard pixelCount > 0, let raw = UnsafeRawPointer(p.baseAddress) else { return }
      let blocks = pixelCount >> 3
      var block = 0
      let byte = SIMD8<UInt32>(repeating: 0xFF)
      let zero = SIMD8<UInt32>(repeating: 0)
      // α > 0.1 · 255 = 25.5.
      let threshold = SIMD8<UInt32>(repeating: 25)
      while block < blocks {
        let chunkEnd = min(blocks, block &+ Self.colorSpreadFlushBlocks)
        var laneW = SIMD8<UInt32>(repeating: 0)
        var laneR = laneW, laneG = laneW, laneB = laneW
        var laneRR = laneW, laneGG = laneW, laneBB = laneW
        while block < chunkEnd {
          let words = raw.loadUnaligned(fromByteOffset: block &<< 5, as: SIMD8<UInt32>.self)
            .littleEndianWords
          let a = words &>> 24
          let w = ((a &* a) &>> 8).replacing(with: zero, where: .!(a .> threshold))
          let r = words & byte
          let g = (words &>> 8) & byte
          let b = (words &>> 16) & byte
          let wr = w &* r
          let wg = w &* g
          let wb = w &* b
          laneW &+= w
          laneR &+= wr
          laneG &+= wg
          laneB &+= wb
          laneRR &+= wr &* r
          laneGG &+= wg &* g
          laneBB &+= wb &* b
          block &+= 1
        }
        @inline(__always) func total(_ lanes: SIMD8<UInt32>) -> Int {
          var t = 0
          for k in 0..<8 { t &+= Int(lanes[k]) }
          return t
        }
        weight &+= total(laneW)
        sum.0 &+= total(laneR)
        sum.1 &+= total(laneG)
        sum.2 &+= total(laneB)
        squares.0 &+= total(laneRR)
        squares.1 &+= total(laneGG)
        squares.2 &+= total(laneBB)
      }
      // The last pixels (fewer than eight).
      var i = blocks &<< 5
      while i &+ 3 < p.count {
        let a = Int(p[i &+ 3])
        if a > 25 {
          let w = (a &* a) &>> 8
          let r = Int(p[i])
          let g = Int(p[i &+ 1])
          let b = Int(p[i &+ 2])
          weight &+= w
          sum.0 &+= w &* r
          sum.1 &+= w &* g
          sum.2 &+= w &* b
          squares.0 &+= w &* r &* r
          squares.1 &+= w &* g &* g
          squares.2 &+= w &* b &* b
        }
        i &+= 4
      }
    }
    guard weight > 0 else { return 0 }
    let total = Double(weight)
    func deviation(_ s: Int, _ q: Int) -> Double {
      let mean = Double(s) / total
      return max(0, Double(q) / total - mean * mean).squareRoot()
    }
    return max(
      deviation(sum.0, squares.0), deviation(sum.1, squares.1),
      deviation(sum.2, squares.2))
  }

  /// The largest colour difference between two 4-neighbouring pixels that both have α ≥ 0.5
  /// (α byte ≥ 128): √(ΔR² + ΔG² + ΔB²) of their un-premultiplied 8-bit colours, 0…441. A second
  /// colour that draws a part the alpha does not (a white arrow on a black disk, a check cut into a
  /// filled circle) steps by the difference of the two colours at the part's edge, 125–442 on the
  /// real apps' colour errors judged right; a gradient or shading steps a few units a pixel (Onion
  /// Browser's purple onion 5, its shield 3), and parts of different colours that do not touch
  /// (a red badge apart from the glyph) have no step at all: tinted, no part of the drawing is lost.
  ///
  /// - Complexity: O(width · height).
  public static func colorEdgeStep(_ image: RGBAImage) -> Double {
    let w = image.width, h = image.height
    var largest = 0
    image.pixels.withUnsafeBufferPointer { p in
      @inline(__always) func step(_ i: Int, _ j: Int) -> Int {
        let r = Int(p[i]) &- Int(p[j]), g = Int(p[i &+ 1]) &- Int(p[j &+ 1]), b = Int(p[i &+ 2]) &- Int(p[j &+ 2])
        return r &* r &+ g &* g &+ b &* b
      }
      for y in 0..<h {
        for x in 0..<w {
          let i = (y &* w &+ x) &<< 2
          guard p[i &+ 3] >= 128 else { continue }
          if x &+ 1 < w, p[i &+ 7] >= 128 { largest = max(largest, step(i, i &+ 4)) }
          if y &+ 1 < h, p[i &+ (w &<< 2) &+ 3] >= 128 { largest = max(largest, step(i, i &+ (w &<< 2))) }
        }
      }
    }
    return Double(largest).squareRoot()
  }

  /// The colour spread over the pixels at the glyph's full coverage: those whose α byte is within
  /// 3 of the image's highest (α ≥ αmax − 3/255), weighted and measured as ``colorSpread(_:)``.
  ///
  /// A colour that draws anything a designer sees covers whole pixels somewhere; a colour that
  /// shows only where the coverage falls off is the renderer's blend at the glyph's edge: a path
  /// drawn twice, white under black, whose white shows only in the antialiased pixels (CWA's
  /// `Icons_Tooltip_Close.pdf`: spread 26 over the glyph, 4 at full coverage), or a raster image
  /// upscaled with its transparent pixels' black interpolated into the edges (ownCloud's
  /// fingerprint, one white at 83% opacity in its PDF: 35 over the glyph, 0 at full coverage).
  /// Relative to the highest α, so a glyph drawn at partial opacity has a full coverage too.
  ///
  /// - Complexity: O(width · height).
  public static func colorSpreadFullCoverage(_ image: RGBAImage) -> Double {
    var highest: UInt8 = 0
    for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] > highest { highest = image.pixels[i] }
    let floor = max(26, Int(highest) - 3)
    return weightedSpread(image) { i in Int(image.pixels[(i << 2) + 3]) >= floor }
  }

  /// The colour spread over the glyph's inside beyond its rim: the pixels (α > 0.1) farther than
  /// ``rimWidthPt`` (at the image's scale) from every pixel outside the core (α < 0.5, the canvas
  /// beyond its border counting as outside), by exact Euclidean distance between pixel centres
  /// (``DistanceTransform``), weighted and measured as ``colorSpread(_:)``; nil when those pixels
  /// carry less than ``minimumInsideShare`` of the weight of all pixels with α > 0.1.
  ///
  /// The colours of a glyph whose second colour is only an outline along its edge (a white check
  /// in a black rim, a dark penguin in a thin white outline, a white diamond in a grey border)
  /// are one inside: the spread there is under 1 where the glyph's is 28–110. Tinted, such a glyph
  /// keeps its silhouette; the rim merges into it. A second colour drawn inside the glyph (an arrow
  /// on a disk, a check in a circle) is inside: DuckDuckGo's and Pocket Casts' colour errors
  /// measure 23–110 there, and the calibration's half-red faults 113 and more.
  ///
  /// - Complexity: O(width · height).
  public static func colorSpreadBeyondRim(_ image: RGBAImage) -> Double? {
    let w = image.width, h = image.height
    guard w > 0, h > 0 else { return nil }
    let pw = w + 2, ph = h + 2
    var outside = [Bool](repeating: true, count: pw * ph)
    for y in 0..<h {
      for x in 0..<w where image.pixels[((y * w + x) << 2) + 3] >= 128 { outside[(y + 1) * pw + x + 1] = false }
    }
    let depth = DistanceTransform(features: outside, width: pw, height: ph)
    let rimPx = rimWidthPt * image.scale
    let rimSquared = Float(rimPx * rimPx)
    func inside(_ i: Int) -> Bool { depth.squaredDistance[(i / w + 1) * pw + i % w + 1] > rimSquared }
    let all = weightSum(image) { _ in true }
    let beyond = weightSum(image, where: inside)
    guard all > 0, Double(beyond) >= minimumInsideShare * Double(all) else { return nil }
    return weightedSpread(image, where: inside)
  }

  /// Σ⌊α²/256⌋ over the pixels with α > 0.1 (α byte > 25) that `include` (pixel index) admits.
  static func weightSum(_ image: RGBAImage, where include: (Int) -> Bool) -> Int {
    var total = 0
    for i in 0..<(image.width * image.height) {
      let a = Int(image.pixels[(i << 2) + 3])
      if a > 25, include(i) { total += (a * a) >> 8 }
    }
    return total
  }

  /// ``colorSpread(_:)`` over the pixels with α > 0.1 that `include` (pixel index) admits (the same
  /// weights and integer sums, one pixel at a time); 0 when none.
  static func weightedSpread(_ image: RGBAImage, where include: (Int) -> Bool) -> Double {
    var weight = 0
    var sum = (0, 0, 0)
    var squares = (0, 0, 0)
    image.pixels.withUnsafeBufferPointer { p in
      for i in 0..<(image.width * image.height) {
        let o = i << 2
        let a = Int(p[o + 3])
        guard a > 25, include(i) else { continue }
        let wt = (a * a) >> 8
        let r = Int(p[o]), g = Int(p[o + 1]), b = Int(p[o + 2])
        weight += wt
        sum.0 += wt * r
        sum.1 += wt * g
        sum.2 += wt * b
        squares.0 += wt * r * r
        squares.1 += wt * g * g
        squares.2 += wt * b * b
      }
    }
    guard weight > 0 else { return 0 }
    let total = Double(weight)
    func deviation(_ s: Int, _ q: Int) -> Double {
      let mean = Double(s) / total
      return max(0, Double(q) / total - mean * mean).squareRoot()
    }
    return max(deviation(sum.0, squares.0), deviation(sum.1, squares.1), deviation(sum.2, squares.2))
  }

  /// Blocks of eight pixels summed in 32-bit lanes before the lanes are flushed: 254 · 255² · 256
  /// < 2³², so no lane's Σw·c² wraps.
  static let colorSpreadFlushBlocks = 256
}

extension SIMD8<UInt32> {
  /// The words as read from little-endian memory (byte 3 of each RGBA pixel, α, in the top bits).
  fileprivate var littleEndianWords: SIMD8<UInt32> {
    #if _endian(little)
      self
    #else
      SIMD8(self[0].byteSwapped, self[1].byteSwapped, self[2].byteSwapped, self[3].byteSwapped,
            self[4].byteSwapped, self[5].byteSwapped, self[6].byteSwapped, self[7].byteSwapped)
    #endif
  }
}
