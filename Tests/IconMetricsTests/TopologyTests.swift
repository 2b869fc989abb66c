// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import TestSupport
import Testing

/// The skeleton as a Boolean image.
private func image(of skeleton: Skeleton) -> [Bool] {
  var pixels = [Bool](repeating: false, count: skeleton.width * skeleton.height)
  for p in skeleton.pixels { pixels[p] = true }
  return pixels
}

/// Whether no 2×2 block is entirely skeleton (one pixel wide).
private func isThin(_ skeleton: Skeleton) -> Bool {
  let b = image(of: skeleton)
  let w = skeleton.width
  for y in 0..<(skeleton.height - 1) {
    for x in 0..<(w - 1)
    where b[y * w + x] && b[y * w + x + 1] && b[(y + 1) * w + x] && b[(y + 1) * w + x + 1] {
      return false
    }
  }
  return true
}

@Suite("Skeleton and components")
struct TopologyTests {
  @Test("a disk thins to a few points", arguments: [6.0, 10, 10.5, 23.3])
  func disk(radius: Double) {
    let n = Int(2 * radius) + 8
    let mask = render(
      Disk(cx: Double(n) / 2 + 0.2, cy: Double(n) / 2 - 0.1, radius: radius),
      width: n, height: n)
    let skeleton = Skeleton(mask: mask)
    #expect(!skeleton.pixels.isEmpty && skeleton.pixels.count <= 4, "\(skeleton.pixels.count)")
    #expect(ConnectedComponents(foreground: image(of: skeleton), width: n, height: n).count == 1)
  }

  @Test(
    "an L thins to an L: connected, thin, two end points, no junction",
    arguments: [3.0, 4, 5, 8])
  func lShape(thickness: Double) {
    let shape = Union(
      Box(x0: 8.3, y0: 6.2, x1: 8.3 + thickness, y1: 50),
      Box(x0: 8.3, y0: 50 - thickness, x1: 45.6, y1: 50))
    let mask = render(shape, width: 56, height: 56)
    let skeleton = Skeleton(mask: mask)
    #expect(ConnectedComponents(foreground: image(of: skeleton), width: 56, height: 56).count == 1)
    #expect(isThin(skeleton))
    #expect(skeleton.endPoints.count == 2)
    #expect(skeleton.junctionCount == 0)
    // The L's arms survive: the skeleton spans most of both arms.
    let xs = skeleton.pixels.map { $0 % 56 }
    let ys = skeleton.pixels.map { $0 / 56 }
    #expect(xs.max()! - xs.min()! > 28 && ys.max()! - ys.min()! > 32)
  }

  @Test("2-pixel diagonals and 2×2 blocks do not vanish (parallel Zhang–Suen's flaw)")
  func thinDiagonal() {
    let w = 20
    var pixels = [Bool](repeating: false, count: w * w)
    for k in 2..<17 {
      pixels[k * w + k] = true
      pixels[k * w + k + 1] = true
    }
    let diagonal = Skeleton(foreground: pixels, width: w, height: w)
    #expect(diagonal.pixels.count >= 12)
    #expect(ConnectedComponents(foreground: image(of: diagonal), width: w, height: w).count == 1)
    let block = Skeleton(foreground: [true, true, true, true], width: 2, height: 2)
    #expect(!block.pixels.isEmpty)
    #expect(Skeleton(foreground: [true], width: 1, height: 1).pixels == [0])
    #expect(Skeleton(foreground: [], width: 0, height: 0).pixels.isEmpty)
  }

  @Test("a ring keeps its hole and has no ends; a plus has four ends and one junction")
  func ringAndPlus() {
    let ringMask = render(ring(cx: 20, cy: 20, outerRadius: 15, width: 4), width: 40, height: 40)
    let ringSkeleton = Skeleton(mask: ringMask)
    let topology = ConnectedComponents(foreground: image(of: ringSkeleton), width: 40, height: 40)
    #expect(topology.count == 1 && topology.holes == 1)
    #expect(ringSkeleton.endPoints.isEmpty && ringSkeleton.junctionCount == 0)
    #expect(isThin(ringSkeleton))

    let plus = Union(Box(x0: 20, y0: 6, x1: 25, y1: 40), Box(x0: 4, y0: 20, x1: 40, y1: 25))
    let plusSkeleton = Skeleton(mask: render(plus, width: 45, height: 45))
    #expect(plusSkeleton.endPoints.count == 4)
    #expect(plusSkeleton.junctionCount == 1)
    let tee = Union(Box(x0: 4, y0: 6, x1: 40, y1: 9), Box(x0: 20, y0: 6, x1: 23, y1: 40))
    let teeSkeleton = Skeleton(mask: render(tee, width: 45, height: 45))
    #expect(teeSkeleton.endPoints.count == 3)
    #expect(teeSkeleton.junctionCount == 1)
  }

  @Test("components and holes (8-connected ink, 4-connected background)")
  func components() {
    let shape = Union(
      Disk(cx: 10, cy: 10, radius: 6),
      ring(cx: 30, cy: 12, outerRadius: 8, width: 3),
      ring(cx: 20, cy: 32, outerRadius: 6, width: 2),
      ring(cx: 20, cy: 43, outerRadius: 6, width: 2))
    let m = MetricsEngine.measure(render(shape, width: 48, height: 52))
    #expect(m.components == 3)  // the disk, the ring, the "8"
    #expect(m.holes == 3)
    let labels = ConnectedComponents(foreground: [true, false, false, true], width: 2, height: 2)
    #expect(labels.count == 1 && labels.holes == 0)  // diagonal neighbours touch
    let frame = ConnectedComponents(
      foreground: [true, true, true, true, false, true, true, true, true], width: 3, height: 3)
    #expect(frame.count == 1 && frame.holes == 1 && frame.eulerNumber == 0)
    let diamond = ConnectedComponents(
      foreground: [false, true, false, true, false, true, false, true, false], width: 3, height: 3)
    // 4-connected background: the centre is enclosed.
    #expect(diamond.count == 1 && diamond.holes == 1)
    #expect(ConnectedComponents(foreground: [], width: 0, height: 0).count == 0)
  }

  /// Labels by a flood fill of each unlabelled foreground pixel in raster order (8-connected): the
  /// definition the run-based labelling must reproduce, numbering included.
  static func floodFillLabels(_ foreground: [Bool], width: Int, height: Int) -> (labels: [Int32], count: Int) {
    var labels = [Int32](repeating: 0, count: width * height)
    var count: Int32 = 0
    for start in 0..<(width * height) where foreground[start] && labels[start] == 0 {
      count += 1
      labels[start] = count
      var stack = [start]
      while let p = stack.popLast() {
        for dy in -1...1 {
          for dx in -1...1 {
            let x = p % width + dx, y = p / width + dy
            guard x >= 0, y >= 0, x < width, y < height else { continue }
            let q = y * width + x
            if foreground[q] && labels[q] == 0 {
              labels[q] = count
              stack.append(q)
            }
          }
        }
      }
    }
    return (labels, Int(count))
  }

  /// Holes by a flood fill of the 4-connected background of the image padded by one background
  /// pixel: its components but the outer one.
  static func floodFillHoles(_ foreground: [Bool], width: Int, height: Int) -> Int {
    floodFillEnclosure(foreground, width: width, height: height).holes
  }

  /// Holes and their pixels by a flood fill of the 4-connected background of the image padded by
  /// one background pixel: its components but the outer one (the first, from the padded corner).
  static func floodFillEnclosure(_ foreground: [Bool], width: Int, height: Int) -> (holes: Int, areaPx: Int) {
    let pw = width + 2, ph = height + 2
    var area = 0
    var seen = [Bool](repeating: false, count: pw * ph)
    for y in 0..<height { for x in 0..<width where foreground[y * width + x] { seen[(y + 1) * pw + x + 1] = true } }
    var components = 0
    for start in 0..<(pw * ph) where !seen[start] {
      components += 1
      seen[start] = true
      var stack = [start]
      while let p = stack.popLast() {
        if components > 1 { area += 1 }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          let x = p % pw + dx, y = p / pw + dy
          guard x >= 0, y >= 0, x < pw, y < ph, !seen[y * pw + x] else { continue }
          seen[y * pw + x] = true
          stack.append(y * pw + x)
        }
      }
    }
    return (components - 1, area)
  }

  @Test("the area a glyph encloses: a ring's disc inside, a #'s small square, a C's nothing")
  func enclosedArea() {
    // A ring of outer radius 15 and width 4: the disc of radius 11 inside (π · 11² ≈ 380 px).
    let ringMask = render(ring(cx: 24, cy: 24, outerRadius: 15, width: 4), width: 48, height: 48)
    let ringMetrics = MetricsEngine.measure(ringMask)
    #expect(abs(ringMetrics.enclosedAreaPt2 - Double.pi * 11 * 11) < 0.05 * Double.pi * 11 * 11)
    #expect(ringMetrics.enclosedAreaPt2 == Double(ConnectedComponents(mask: ringMask).enclosedAreaPx))
    // A #: bars 4 px wide at 14–18 and 26–30 (both ways): the 8 × 8 square between them.
    let hash = Union(
      Box(x0: 14, y0: 6, x1: 18, y1: 42), Box(x0: 26, y0: 6, x1: 30, y1: 42),
      Box(x0: 6, y0: 14, x1: 42, y1: 18), Box(x0: 6, y0: 26, x1: 42, y1: 30))
    let hashMetrics = MetricsEngine.measure(render(hash, width: 48, height: 48))
    #expect(hashMetrics.holes == 1 && hashMetrics.enclosedAreaPt2 == 64)
    // Filled, it changes almost nothing: silhouette ÷ ink ≈ 1.1.
    #expect((hashMetrics.inkAreaPt2 + hashMetrics.enclosedAreaPt2) / hashMetrics.inkAreaPt2 < 1.2)
    // A C (the ring with its right side cut away) encloses nothing.
    let c = Subtraction(shape: ring(cx: 24, cy: 24, outerRadius: 15, width: 4), hole: Box(x0: 30, y0: 18, x1: 48, y1: 30))
    let cMetrics = MetricsEngine.measure(render(c, width: 48, height: 48))
    #expect(cMetrics.holes == 0 && cMetrics.enclosedAreaPt2 == 0)
    // At @2x the area is in pt²: a quarter of the pixels.
    let ring2x = MetricsEngine.measure(AlphaMask(width: 48, height: 48, scale: 2, coverage: ringMask.coverage))
    #expect(ring2x.enclosedAreaPt2 == ringMetrics.enclosedAreaPt2 / 4)
  }

  @Test("run-based labels and holes equal flood fills on random masks", arguments: 0..<4)
  func labelsEqualFloodFill(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed) + 40)
    for (w, h) in [(1, 1), (1, 17), (17, 1), (2, 2), (9, 7), (33, 20), (64, 64), (150, 9)] {
      for density in [0.05, 0.3, 0.5, 0.6, 0.8, 0.97, 1.0] {
        let foreground = (0..<(w * h)).map { _ in rng.unit() < density }
        let labelling = ConnectedComponents(foreground: foreground, width: w, height: h)
        let reference = Self.floodFillLabels(foreground, width: w, height: h)
        let enclosure = Self.floodFillEnclosure(foreground, width: w, height: h)
        #expect(labelling.labels == reference.labels, "\(w)×\(h) at \(density)")
        #expect(labelling.count == reference.count, "\(w)×\(h) at \(density)")
        #expect(labelling.holes == enclosure.holes, "\(w)×\(h) at \(density)")
        #expect(labelling.enclosedAreaPx == enclosure.areaPx, "\(w)×\(h) at \(density)")
      }
    }
    // Staircases and combs: runs that touch only at a corner, and runs joined through later rows.
    let comb = (0..<(20 * 6)).map { i in i / 20 == 5 || (i % 20) % 2 == 0 }
    #expect(ConnectedComponents(foreground: comb, width: 20, height: 6).labels
      == Self.floodFillLabels(comb, width: 20, height: 6).labels)
    let stairs = (0..<(12 * 12)).map { i in i % 12 == i / 12 || i % 12 == 11 - i / 12 }
    #expect(ConnectedComponents(foreground: stairs, width: 12, height: 12).count == 1)
  }

  @Test("the measurement's skeleton (bit rows packed from the core's bytes) is that of the mask", arguments: 0..<3)
  func packedSkeleton(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed) + 70)
    for (w, h) in [(1, 1), (7, 5), (62, 9), (63, 40), (64, 33), (130, 70)] {
      for density in [0.3, 0.6, 0.9] {
        let mask = AlphaMask(width: w, height: h, coverage: (0..<(w * h)).map { _ in Float(rng.unit() < density ? 1 : 0) })
        let skeleton = Skeleton(mask: mask)
        let analysis = MetricsEngine.analyse(mask)
        #expect(analysis.measurements.skeletonEndPoints == skeleton.endPoints.count, "\(w)×\(h) at \(density)")
        #expect(analysis.measurements.skeletonJunctions == skeleton.junctionCount, "\(w)×\(h) at \(density)")
        #expect(analysis.skeletonEndPointsPx.count == skeleton.endPoints.count)
      }
    }
  }

  @Test("skeleton counts reach the measurements")
  func measurements() {
    let plus = Union(Box(x0: 20, y0: 6, x1: 25, y1: 40), Box(x0: 4, y0: 20, x1: 40, y1: 25))
    let m = MetricsEngine.measure(render(plus, width: 45, height: 45))
    #expect(m.skeletonEndPoints == 4 && m.skeletonJunctions == 1 && m.components == 1)
  }
}
