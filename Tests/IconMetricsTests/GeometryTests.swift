// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import TestSupport
import Testing

@Suite("Contour, hull, extent, perceived size")
struct GeometryTests {
  @Test("extent of a 20×16 rectangle in a 24 grid at 48 px is 40×32 px")
  func extentOfRectangle() {
    let mask = render(Box(x0: 4, y0: 8, x1: 44, y1: 40), width: 48, height: 48, scale: 2)
    let m = MetricsEngine.measure(mask)
    #expect(abs(m.extentPt.width * 2 - 40) < 1e-9)
    #expect(abs(m.extentPt.height * 2 - 32) < 1e-9)
    #expect(abs(m.extentPt.x - 2) < 1e-9 && abs(m.extentPt.y - 4) < 1e-9)
  }

  @Test("extent follows sub-pixel edges", arguments: 0..<4)
  func subPixelExtent(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed))
    let x0 = 5 + rng.unit()
    let y0 = 7 + rng.unit()
    let x1 = 40 + rng.unit()
    let y1 = 33 + rng.unit()
    let analysis = MetricsEngine.analyse(
      render(
        Box(x0: x0, y0: y0, x1: x1, y1: y1), width: 48,
        height: 48))
    let e = analysis.extentPx
    #expect(abs(e.x - x0) < 0.15 && abs(e.y - y0) < 0.15)
    #expect(abs(e.x + e.width - x1) < 0.15 && abs(e.y + e.height - y1) < 0.15)
  }

  @Test("contour loops close, one per boundary; lengths of simple shapes")
  func contourLoops() {
    let square = renderThresholded(Box(x0: 2, y0: 2, x1: 12, y1: 12), width: 14, height: 14)
    let contour = Contour(mask: square)
    #expect(contour.loops.count == 1)
    // 4 × 10 px minus four corner cuts of (1 − √2/2) px.
    #expect(abs(contour.length - (40 - 4 * (1 - 0.5.squareRoot()))) < 1e-9)
    let annulus = Contour(
      mask: render(
        ring(cx: 24, cy: 24, outerRadius: 20, width: 6),
        width: 48, height: 48))
    #expect(annulus.loops.count == 2)
    // Inscribed polygons: slightly short (0.3% here).
    #expect(abs(annulus.length - 2 * .pi * (20 + 14)) / (2 * .pi * 34) < 0.005)
    // A shape touching the canvas edge still closes (padding).
    let full = Contour(mask: AlphaMask(width: 3, height: 2) { _, _ in 1 })
    #expect(full.loops.count == 1 && full.bounds == Rect2D(x: 0, y: 0, width: 3, height: 2))
    // Diagonal pixels are one 8-connected shape (saddle joined).
    let diagonal = AlphaMask(width: 2, height: 2, coverage: [1, 0, 0, 1])
    #expect(Contour(mask: diagonal).loops.count == 1)
    #expect(Contour(mask: AlphaMask(width: 4, height: 4)).loops.isEmpty)
    #expect(Contour(mask: AlphaMask(width: 0, height: 0)).bounds == nil)
  }

  @Test("the hull of the contour's grid-line extremes is the hull of all its points", arguments: 0..<6)
  func hullCandidates(seed: Int) {
    // Random antialiased blobs (smoothed noise) and rings, at two levels: same vertices, the same
    // area to the bit, the same bounds, from fewer points.
    var rng = SeededRandom(seed: UInt64(seed))
    let size = 20 + seed * 13
    var noise = (0..<(size * size)).map { _ in Float(rng.unit()) }
    for _ in 0..<3 {
      var next = noise
      for y in 1..<(size - 1) {
        for x in 1..<(size - 1) {
          let k = y * size + x
          next[k] = (noise[k] * 4 + noise[k - 1] + noise[k + 1] + noise[k - size] + noise[k + size]) / 8
        }
      }
      noise = next
    }
    let masks = [
      AlphaMask(width: size, height: size, coverage: noise.map { min(max(($0 - 0.45) * 6, 0), 1) }),
      render(ring(cx: Double(size) / 2, cy: Double(size) / 2, outerRadius: Double(size) / 3, width: 3),
        width: size, height: size),
    ]
    for mask in masks {
      for level: Float in [0.5, 0.3] {
        let contour = Contour(mask: mask, level: level)
        let all = ConvexHull(points: contour.points)
        let fromExtremes = ConvexHull(points: contour.hullCandidates)
        #expect(all == fromExtremes)
        #expect(all.area.bitPattern == fromExtremes.area.bitPattern)
        #expect(Rect2D(bounding: contour.points) == contour.bounds)
        #expect(contour.hullCandidates.count <= 2 * (2 * size + 4))
      }
    }
  }

  @Test("convex hull and shoelace area")
  func hull() {
    let points = [
      Point2D(x: 0, y: 0), Point2D(x: 4, y: 0), Point2D(x: 4, y: 3), Point2D(x: 0, y: 3),
      Point2D(x: 2, y: 1), Point2D(x: 2, y: 0), Point2D(x: 1, y: 2),
    ]
    let h = ConvexHull(points: points)
    #expect(h.vertices.count == 4)
    #expect(h.area == 12)
    #expect(ConvexHull(points: []).area == 0)
    #expect(
      ConvexHull(points: [Point2D(x: 1, y: 1), Point2D(x: 2, y: 2), Point2D(x: 3, y: 3)]).area
        == 0)
    var rng = SeededRandom(seed: 7)
    let cloud = (0..<500).map { _ in Point2D(x: rng.unit(), y: rng.unit()) }
    let cloudHull = ConvexHull(points: cloud)
    // Every point is inside or on the hull (clockwise on screen: cross ≥ 0 in the chain's order).
    for p in cloud {
      for k in cloudHull.vertices.indices {
        let a = cloudHull.vertices[k]
        let b = cloudHull.vertices[(k + 1) % cloudHull.vertices.count]
        #expect((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= -1e-12)
      }
    }
  }

  @Test("the hull equals Andrew's chain over every point (the octagon prefilter drops none of it)",
    arguments: 0..<6)
  func hullMatchesTheUnfilteredChain(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed) &+ 99)
    let n = 33 + rng.int(below: 3000)
    // Clouds in a disk, on a coarse grid (many collinear and repeated points), and on a circle.
    let points: [Point2D] = (0..<n).map { _ in
      switch seed % 3 {
      case 0:
        let r = rng.unit().squareRoot() * 40, t = rng.unit() * 2 * .pi
        return Point2D(x: 50 + r * cos(t), y: 50 + r * sin(t))
      case 1: return Point2D(x: Double(rng.int(below: 9)) * 0.5, y: Double(rng.int(below: 7)) * 0.5)
      default:
        let t = rng.unit() * 2 * .pi
        return Point2D(x: 12 + 11 * cos(t), y: 12 + 11 * sin(t))
      }
    }
    #expect(ConvexHull(points: points).vertices == Self.andrewsChain(points))
  }

  /// Andrew's monotone chain over all the points, as the reference.
  static func andrewsChain(_ points: [Point2D]) -> [Point2D] {
    var unique: [Point2D] = []
    for p in points.sorted(by: { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }) where unique.last != p {
      unique.append(p)
    }
    guard unique.count >= 3 else { return unique }
    func cross(_ o: Point2D, _ a: Point2D, _ b: Point2D) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    var hull: [Point2D] = []
    for p in unique {
      while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
      hull.append(p)
    }
    let lower = hull.count + 1
    for p in unique.reversed().dropFirst() {
      while hull.count >= lower && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 { hull.removeLast() }
      hull.append(p)
    }
    hull.removeLast()
    return hull
  }

  @Test("Material keylines: equal S within 2%, √bbox differs by ≥ 11%", arguments: [1.0, 2, 3])
  func keylines(scale: Double) {
    for outline in [false, true] {
      let shapes = keylineShapes(scale: scale, outline: outline)
      let canvas = Int(24 * scale)
      let measured = shapes.map { name, shape in
        (name, MetricsEngine.measure(render(shape, width: canvas, height: canvas, scale: scale)))
      }
      let sizes = measured.map(\.1.perceivedSizePt)
      let boxes = measured.map { ($0.1.extentPt.width * $0.1.extentPt.height).squareRoot() }
      #expect(
        sizes.max()! / sizes.min()! <= 1.02,
        "S at \(canvas) px, outline \(outline): \(measured.map { ($0.0, $0.1.perceivedSizePt) })")
      #expect(boxes.max()! / boxes.min()! >= 1.11, "√bbox at \(canvas) px: \(boxes)")
      for s in sizes { #expect(s > 17.5 && s < 18.1) }
    }
  }

  @Test("optical centre of a centred disk is 0; a moved disk moves it", arguments: [1.0, 2, 3])
  func opticalCentre(scale: Double) {
    let n = Int(24 * scale)
    let c = Double(n) / 2
    let centred = MetricsEngine.measure(
      render(Disk(cx: c, cy: c, radius: 8 * scale), width: n, height: n, scale: scale))
    #expect(centred.opticalCenterOffsetPt.length < 1e-6)
    #expect(centred.opticalCenterOffsetFraction < 1e-6)
    let moved = MetricsEngine.measure(
      render(
        Disk(cx: c + 2 * scale, cy: c - 1 * scale, radius: 8 * scale), width: n, height: n,
        scale: scale))
    #expect(abs(moved.opticalCenterOffsetPt.x - 2) < 1e-3)
    #expect(abs(moved.opticalCenterOffsetPt.y + 1) < 1e-3)
    #expect(
      abs(moved.opticalCenterOffsetFraction - 5.0.squareRoot() / moved.perceivedSizePt) < 1e-9)
  }
}
