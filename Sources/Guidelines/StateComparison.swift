// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster

/// How a tab bar item's selected drawing relates to its unselected one, compared as silhouettes.
///
/// Filling a shape moves its ink centroid, and a heavier stroke grows the outline by half the
/// stroke difference on each side, so neither the optical centre nor the perceived size can tell a
/// good pair from a bad one. What stays put in a good pair is the silhouette: the convex hull of
/// the core (α ≥ 0.5; for the pixel squares' corners, so it is the same polygon whatever the fill):
///
/// - **growth** r: how far the selected hull lies outside the unselected one, per side, from their
///   areas and the unselected hull's perimeter P (a convex polygon grown by r has area
///   A + P·r + π·r²): r = (−P + √(P² + 4π·ΔA)) ÷ 2π for ΔA ≥ 0, ΔA ÷ P below;
/// - **allowance**: the growth a heavier stroke explains, (w_s − w_u) ÷ 2, at most w_u ÷ 2 (a
///   stroke at most doubled; 0 when the selected stroke is more than twice the unselected one,
///   i.e. filled: a filled version keeps the outline's outer contour);
/// - **shift**: the displacement of the hull's centroid (exact polygon centroid, sub-pixel);
/// - **hull IoU**: IoU of the two hulls after moving the selected one back by the shift and growing
///   the unselected one by r (pixel centres inside, or within r of, each polygon): the outer shape;
/// - **structure NCC**: the peak of ``Spectrum/normalizedCrossCorrelation(_:_:maxShift:)`` (±1 px)
///   of the gradient magnitudes of the two drawings blurred with σ = max(w_u ÷ 2, 1 px): edges are
///   where they are whether the shape between them is ink or a knock-out, so an outline and its
///   filled version (whose details are knocked out where the outline draws them) correlate, and a
///   different drawing inside the same outer shape does not;
/// - **interior correlation**: where the two hulls are one silhouette, what a designer compares is
///   the drawing inside it, whether drawn in ink (an outline, a heavier stroke) or knocked out of a
///   fill: the Pearson correlation r of the two coverages (blurred by σ ÷ 2) over the interior,
///   the pixels deeper than w_u + σ inside both silhouettes (depth: the distance to the outside of
///   the core with holes filled), so the outer contour and the ring a fill erases (its inner
///   contour, one stroke inside) are left out. The same drawing gives |r| ≈ 1 (−1 knocked out,
///   +1 in ink); nil when either coverage is flat there (standard deviation < 0.1: no drawing
///   inside, as a filled heart);
/// - **silhouette shift**: the translation that best registers the two silhouettes (cores with
///   holes filled, blurred by 1 px; NCC peak within ±max(2, 1 pt) px, refined to sub-pixel by a
///   parabola through the peak and its neighbours): a part added outside the outline (a check's
///   arm drawn through the ring of a filled disk) moves the hull centroid but not the silhouette;
/// - **inverted**: the selected state may be a plate (rounded tile or disk) with the drawing
///   knocked out of it (a toggle's on state): its core with holes filled covers ≥ 90% of its hull,
///   and the knock-out, plate − α, is the unselected drawing (correlations of the two cropped to
///   their cores' boxes, the knock-out resampled onto the unselected box: the
///   glyph may be shrunk to fit the plate, to no less than 0.6× in each direction; smaller
///   knock-outs are the details of a filled drawing, not the drawing).
///
/// - Complexity: O(W·H·V) for the hull rasters (V hull vertices) plus O(P log P) for the blurs and
///   correlations, W × H the canvas, P its padded size.
struct StateComparison: Sendable {
  /// Outward growth of the selected hull over the unselected one, per side, in pt.
  var growthPt: Double
  /// The growth a heavier stroke explains, in pt.
  var allowancePt: Double
  /// Hull centroid of the selected drawing minus the unselected one's, in pt (y down).
  var shiftPt: Point2D
  /// IoU of the hulls after registration and growth.
  var hullIoU: Double
  /// Gradient-magnitude correlation of the two drawings.
  var structureNCC: Double
  /// Correlation of the two coverages inside the silhouettes (see the type's notes); nil when
  /// either is flat there.
  var interiorCorrelation: Double?
  /// The selected silhouette's offset from the unselected one's by their NCC registration, in pt
  /// (y down).
  var silhouetteShiftPt: Point2D
  /// Core-with-holes-filled area ÷ hull area of the selected drawing.
  var plateSolidity: Double
  /// Correlation of the unselected drawing's coverage with the selected plate's knock-out (both
  /// blurred), on their cores' boxes.
  var knockoutNCC: Double
  /// The same of their edges (a knock-out of the drawing's silhouette has the outline's edges).
  var knockoutEdgeNCC: Double

  /// Whether the two are one silhouette (hull IoU ≥ `sameSilhouetteIoU`) with the same drawing
  /// inside it, in ink or knocked out (|interior correlation| ≥ `minimumInteriorCorrelation`):
  /// the same drawing whatever the edges of the whole say (a filled square-caret has lost its
  /// frame's inner contour, which weighs as much as the caret's edges).
  func sameInside(sameSilhouetteIoU: Double, minimumInteriorCorrelation: Double) -> Bool {
    guard hullIoU >= sameSilhouetteIoU, let r = interiorCorrelation else { return false }
    return abs(r) >= minimumInteriorCorrelation
  }

  /// Whether the selected state is a plate with the unselected drawing knocked out of it: its
  /// outline beyond what a heavier stroke explains (`growthPt > allowancePt + tolerancePt`), the
  /// core with holes filled ≥ 90% of its hull, and the knock-out has the drawing's edges (edge
  /// correlation ≥ `minimumNCC`) and is either its strokes (coverage correlation ≥ `minimumNCC`) or
  /// its silhouette (or a mix: Loop's Pre-Meal knocks the timer out as a disk beside a fork's
  /// strokes) framed by a plate wider than the outline by at least a stroke and 5% of the size on
  /// each side (which the same outline drawn 1.08× or with a heavier stroke is not). The interior of another outline drawing, a blob, may correlate with a
  /// drawing's blurred coverage but not with its edges.
  func isPlate(tolerancePt: Double, strokeUnselectedPt: Double, sizePt: Double, minimumNCC: Double) -> Bool {
    guard growthPt > allowancePt + tolerancePt, plateSolidity >= 0.9 else { return false }
    return knockoutEdgeNCC >= minimumNCC
      && (knockoutNCC >= minimumNCC || growthPt >= max(strokeUnselectedPt, 0.05 * sizePt))
  }

  /// Whether the selected drawing is the unselected one with a badge added (a filter's "active"
  /// dot): a component of the selected core (α ≥ 0.5, 8-connected; not its only one) that is
  /// compact (its area at least 0.6 π r², r its farthest pixel corner from its centroid: a disk
  /// 1, a square 2 ÷ π) and small (2r at most 0.4× the longer side of the selected core's box),
  /// set apart from the rest by a gap g ≥ 1 px, and outside the disk of radius r + g + 1 px around
  /// it (the badge with the gap cut around it) the two cores agree (IoU ≥ 0.95) and hold at least
  /// 60% of the unselected core. A drawing redrawn, moved or resized does not agree outside a
  /// corner's disk; the badge lies on top of the drawing, so its hull grows and the drawing under
  /// it is cut back: neither is a mismatch of the drawing.
  /// - Complexity: O(W·H) per candidate component plus O(B·W·H) for the gap of a badge of B pixels.
  static func addsBadge(unselected u: AlphaMask, selected s: AlphaMask) -> Bool {
    guard u.width == s.width, u.height == s.height, u.width > 0, u.height > 0 else { return false }
    let w = s.width, h = s.height
    let components = ConnectedComponents(mask: s)
    guard components.count >= 2, let box = coreBox(s) else { return false }
    let longerSide = Double(max(box.width, box.height) - 2)
    var pixels = [[Int]](repeating: [], count: components.count + 1)
    for i in 0..<(w * h) where components.labels[i] > 0 { pixels[Int(components.labels[i])].append(i) }
    let unselectedCore = u.coverage.reduce(0) { $0 + ($1 >= 0.5 ? 1 : 0) }
    guard unselectedCore > 0 else { return false }
    for label in 1...components.count {
      let blob = pixels[label]
      guard !blob.isEmpty, Double(blob.count) < 0.5 * Double(s.coverage.count) else { continue }
      var cx = 0.0, cy = 0.0
      for i in blob { cx += Double(i % w) + 0.5; cy += Double(i / w) + 0.5 }
      cx /= Double(blob.count); cy /= Double(blob.count)
      var r2 = 0.0
      for i in blob {
        let dx = abs(Double(i % w) + 0.5 - cx) + 0.5, dy = abs(Double(i / w) + 0.5 - cy) + 0.5
        r2 = max(r2, dx * dx + dy * dy)
      }
      let r = r2.squareRoot()
      guard Double(blob.count) >= 0.6 * .pi * r * r, 2 * r <= 0.4 * longerSide else { continue }
      // The gap: from the badge's pixels to the nearest other core pixel.
      var gap2 = Double.infinity
      for y in 0..<h {
        for x in 0..<w {
          let label2 = components.labels[y * w + x]
          guard label2 > 0, Int(label2) != label else { continue }
          for i in blob {
            let dx = Double(i % w - x), dy = Double(i / w - y)
            gap2 = min(gap2, dx * dx + dy * dy)
          }
        }
      }
      let gap = gap2.squareRoot() - 1
      guard gap >= 1 else { continue }
      let radius = r + gap + 1
      var inter = 0, union = 0, outsideU = 0
      for y in 0..<h {
        for x in 0..<w {
          let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
          guard dx * dx + dy * dy > radius * radius else { continue }
          let inU = u.coverage[y * w + x] >= 0.5, inS = s.coverage[y * w + x] >= 0.5
          if inU { outsideU += 1 }
          if inU && inS { inter += 1 }
          if inU || inS { union += 1 }
        }
      }
      if union > 0, Double(inter) >= 0.95 * Double(union), Double(outsideU) >= 0.6 * Double(unselectedCore) { return true }
    }
    return false
  }

  /// nil when a mask is empty or the two are not the same pixel size.
  static func compare(unselected u: AlphaMask, selected s: AlphaMask, strokeUnselectedPt wu: Double,
                      strokeSelectedPt ws: Double) -> StateComparison? {
    guard u.width == s.width, u.height == s.height, u.width > 0, u.height > 0 else { return nil }
    guard let hu = Hull(u), let hs = Hull(s) else { return nil }
    let scale = u.scale
    let deltaArea = hs.area - hu.area
    let growthPx = deltaArea >= 0
      ? (-hu.perimeter + (hu.perimeter * hu.perimeter + 4 * .pi * deltaArea).squareRoot()) / (2 * .pi)
      : deltaArea / max(hu.perimeter, 1e-9)
    let allowance = ws <= 2 * wu ? min(max(0, ws - wu) / 2, wu / 2) : 0
    let shift = hs.centroid - hu.centroid
    let moved = hs.translated(by: Point2D.zero - shift)
    var inter = 0, union = 0
    for y in 0..<u.height {
      for x in 0..<u.width {
        let p = Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let inU = hu.signedDistance(p) <= growthPx, inS = moved.signedDistance(p) <= 0
        if inU && inS { inter += 1 }
        if inU || inS { union += 1 }
      }
    }
    let sigma = max(wu * scale / 2, 1)
    let edgesU = edges(u, sigmaPx: sigma)
    let edgesS = edges(s, sigmaPx: sigma)
    let structure = Spectrum.normalizedCrossCorrelation(edgesU, edgesS, maxShift: 1).peak
    let plate = filledCore(s), silhouetteU = filledCore(u)
    let interior = interiorCorrelation(u, s, silhouetteU, plate, strokePx: wu * scale, sigmaPx: sigma)
    let silhouetteShift = silhouetteRegistration(silhouetteU, plate, width: u.width, height: u.height, scale: scale)
    let plateArea = plate.reduce(0) { $0 + ($1 ? 1 : 0) }
    var knockout = AlphaMask(width: s.width, height: s.height, scale: s.scale)
    for i in 0..<plate.count where plate[i] { knockout.coverage[i] = max(0, 1 - s.coverage[i]) }
    var knockoutNCC = 0.0, knockoutEdgeNCC = 0.0
    if let boxU = coreBox(u), let boxK = coreBox(knockout),
       Double(boxK.width) >= 0.6 * Double(boxU.width), Double(boxK.height) >= 0.6 * Double(boxU.height) {
      // The knock-out may be the drawing shrunk to fit the plate: both cropped to their cores'
      // boxes and the knock-out resampled onto the unselected box's size.
      let cropU = crop(u, boxU), cropK = crop(knockout, boxK).resampled(width: boxU.width, height: boxU.height)
      knockoutNCC = Spectrum.normalizedCrossCorrelation(Spectrum.gaussianBlur(cropU, sigmaPx: sigma),
                                                        Spectrum.gaussianBlur(cropK, sigmaPx: sigma), maxShift: 1).peak
      knockoutEdgeNCC = Spectrum.normalizedCrossCorrelation(edges(cropU, sigmaPx: sigma), edges(cropK, sigmaPx: sigma),
                                                            maxShift: 1).peak
    }
    return StateComparison(
      growthPt: growthPx / scale, allowancePt: allowance, shiftPt: shift / scale,
      hullIoU: union == 0 ? 1 : Double(inter) / Double(union), structureNCC: structure,
      interiorCorrelation: interior, silhouetteShiftPt: silhouetteShift,
      plateSolidity: hs.area > 0 ? Double(plateArea) / hs.area : 0, knockoutNCC: knockoutNCC,
      knockoutEdgeNCC: knockoutEdgeNCC)
  }

  /// Pearson correlation of the two coverages, blurred by σ ÷ 2, over the pixels deeper than
  /// w + σ inside both silhouettes `fu`, `fs`; nil when either standard deviation there is below
  /// 0.1 (no drawing inside) or no pixel is that deep.
  /// - Complexity: O(W·H) for the distance transforms and blurs.
  static func interiorCorrelation(_ u: AlphaMask, _ s: AlphaMask, _ fu: [Bool], _ fs: [Bool],
                                  strokePx: Double, sigmaPx: Double) -> Double? {
    let du = DistanceTransform(features: fu.map { !$0 }, width: u.width, height: u.height)
    let ds = DistanceTransform(features: fs.map { !$0 }, width: u.width, height: u.height)
    let bu = Spectrum.gaussianBlur(u, sigmaPx: sigmaPx / 2), bs = Spectrum.gaussianBlur(s, sigmaPx: sigmaPx / 2)
    let depth = strokePx + sigmaPx, depth2 = depth * depth
    var n = 0.0, sumU = 0.0, sumS = 0.0, sumUU = 0.0, sumSS = 0.0, sumUS = 0.0
    for i in 0..<u.coverage.count where Double(min(du.squaredDistance[i], ds.squaredDistance[i])) > depth2 {
      let x = Double(bu.coverage[i]), y = Double(bs.coverage[i])
      n += 1; sumU += x; sumS += y; sumUU += x * x; sumSS += y * y; sumUS += x * y
    }
    guard n > 0 else { return nil }
    let varU = sumUU / n - (sumU / n) * (sumU / n), varS = sumSS / n - (sumS / n) * (sumS / n)
    guard varU >= 0.01, varS >= 0.01 else { return nil }
    return (sumUS / n - (sumU / n) * (sumS / n)) / (varU * varS).squareRoot()
  }

  /// The translation (pt) that registers the selected silhouette `fs` onto the unselected `fu`:
  /// the NCC peak of the two blurred (σ = 1 px) within ±max(2 px, 1 pt), refined by a parabola
  /// through the peak and its two neighbours on each axis; returned as the selected drawing's
  /// offset (the negative of the shift that registers it).
  /// - Complexity: O(P log P) for the correlation.
  static func silhouetteRegistration(_ fu: [Bool], _ fs: [Bool], width: Int, height: Int, scale: Double) -> Point2D {
    let a = Spectrum.gaussianBlur(AlphaMask(width: width, height: height, scale: scale, coverage: fu.map { $0 ? 1 : 0 }), sigmaPx: 1)
    let b = Spectrum.gaussianBlur(AlphaMask(width: width, height: height, scale: scale, coverage: fs.map { $0 ? 1 : 0 }), sigmaPx: 1)
    let reach = max(2, Int(scale.rounded(.up)))
    let surface = Spectrum.normalizedCrossCorrelationSurface(a, b, maxShift: reach)
    let peak = surface.peak
    func refine(_ minus: Double, _ centre: Double, _ plus: Double) -> Double {
      let curvature = minus - 2 * centre + plus
      return curvature < -1e-12 ? max(-0.5, min(0.5, (minus - plus) / (2 * curvature))) : 0
    }
    var dx = Double(peak.shiftX), dy = Double(peak.shiftY)
    if abs(peak.shiftX) < surface.maxShiftX {
      dx += refine(surface[peak.shiftX - 1, peak.shiftY], peak.peak, surface[peak.shiftX + 1, peak.shiftY])
    }
    if abs(peak.shiftY) < surface.maxShiftY {
      dy += refine(surface[peak.shiftX, peak.shiftY - 1], peak.peak, surface[peak.shiftX, peak.shiftY + 1])
    }
    return Point2D(x: -dx / scale, y: -dy / scale)
  }

  /// The bounding box of a mask's core (α ≥ 0.5) grown by 1 px and clipped to the canvas.
  static func coreBox(_ mask: AlphaMask) -> (x: Int, y: Int, width: Int, height: Int)? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.coverage[y * mask.width + x] >= 0.5 {
        x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
      }
    }
    guard x1 >= 0 else { return nil }
    x0 = max(0, x0 - 1); y0 = max(0, y0 - 1); x1 = min(mask.width - 1, x1 + 1); y1 = min(mask.height - 1, y1 + 1)
    return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
  }

  static func crop(_ mask: AlphaMask, _ box: (x: Int, y: Int, width: Int, height: Int)) -> AlphaMask {
    AlphaMask(width: box.width, height: box.height, scale: mask.scale) { x, y in mask[box.x + x, box.y + y] }
  }

  /// |∇(G_σ ∗ α)| by central differences.
  static func edges(_ mask: AlphaMask, sigmaPx: Double) -> AlphaMask {
    let b = Spectrum.gaussianBlur(mask, sigmaPx: sigmaPx)
    var out = AlphaMask(width: b.width, height: b.height, scale: b.scale)
    for y in 0..<b.height {
      for x in 0..<b.width {
        let gx = Double(b[x + 1, y]) - Double(b[x - 1, y]), gy = Double(b[x, y + 1]) - Double(b[x, y - 1])
        out.coverage[y * b.width + x] = Float((gx * gx + gy * gy).squareRoot() / 2)
      }
    }
    return out
  }

  /// The core (α ≥ 0.5) with its holes filled: every pixel not reached from the border through
  /// background (4-connected).
  static func filledCore(_ mask: AlphaMask) -> [Bool] {
    let w = mask.width, h = mask.height
    var outside = [Bool](repeating: false, count: w * h)
    var stack: [Int] = []
    func visit(_ x: Int, _ y: Int) {
      let i = y * w + x
      guard !outside[i], mask.coverage[i] < 0.5 else { return }
      outside[i] = true
      stack.append(i)
    }
    for x in 0..<w { visit(x, 0); visit(x, h - 1) }
    for y in 0..<h { visit(0, y); visit(w - 1, y) }
    while let i = stack.popLast() {
      let x = i % w, y = i / w
      if x > 0 { visit(x - 1, y) }
      if x + 1 < w { visit(x + 1, y) }
      if y > 0 { visit(x, y - 1) }
      if y + 1 < h { visit(x, y + 1) }
    }
    return outside.map { !$0 }
  }

  /// The convex hull of a mask's core pixels (their squares' corners), in px.
  struct Hull {
    var vertices: [Point2D]
    var area: Double
    var perimeter: Double
    var centroid: Point2D

    init?(_ mask: AlphaMask) {
      var points: [Point2D] = []
      for y in 0..<mask.height {
        var first = -1, last = -1
        for x in 0..<mask.width where mask.coverage[y * mask.width + x] >= 0.5 {
          if first < 0 { first = x }
          last = x
        }
        guard first >= 0 else { continue }
        for (x, y) in [(first, y), (first, y + 1), (last + 1, y), (last + 1, y + 1)] {
          points.append(Point2D(x: Double(x), y: Double(y)))
        }
      }
      let hull = ConvexHull(points: points)
      guard hull.vertices.count >= 3, hull.area > 0 else { return nil }
      self.init(vertices: hull.vertices)
    }

    init(vertices: [Point2D]) {
      self.vertices = vertices
      var area2 = 0.0, cx = 0.0, cy = 0.0, perimeter = 0.0
      for i in vertices.indices {
        let a = vertices[i], b = vertices[(i + 1) % vertices.count]
        let cross = a.x * b.y - b.x * a.y
        area2 += cross
        cx += (a.x + b.x) * cross
        cy += (a.y + b.y) * cross
        perimeter += (b - a).length
      }
      area = abs(area2) / 2
      centroid = area2 == 0 ? vertices[0] : Point2D(x: cx / (3 * area2), y: cy / (3 * area2))
      self.perimeter = perimeter
    }

    func translated(by d: Point2D) -> Hull { Hull(vertices: vertices.map { $0 + d }) }

    /// Distance from p to the polygon's boundary, negative inside.
    func signedDistance(_ p: Point2D) -> Double {
      var nearest = Double.infinity
      var positive = 0, negative = 0
      for i in vertices.indices {
        let a = vertices[i], b = vertices[(i + 1) % vertices.count]
        let ab = b - a, ap = p - a
        let cross = ab.x * ap.y - ab.y * ap.x
        if cross > 0 { positive += 1 } else if cross < 0 { negative += 1 }
        let t = max(0, min(1, (ap.x * ab.x + ap.y * ab.y) / max(ab.x * ab.x + ab.y * ab.y, 1e-12)))
        nearest = min(nearest, (ap - ab * t).length)
      }
      return positive == 0 || negative == 0 ? -nearest : nearest
    }
  }
}
