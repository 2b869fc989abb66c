// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster
import TestSupport
import Testing

@testable import IconMetrics

// The bit-parallel skeleton against the thinning it replaced, kept here as a straightforward
// reference: every pass scans every foreground pixel, tests the neighbour on its side and looks up
// an 8-neighbourhood table; the candidates are then deleted one by one in raster order, each if
// still simple on the current image; rounds repeat until one deletes nothing.

/// The reference's tables, built independently of ``Skeleton``'s: bit k of a neighbourhood is the
/// neighbour clockwise from north (N, NE, E, SE, S, SW, W, NW).
private struct ReferenceTables {
  var deletable = [Bool](repeating: false, count: 256)
  var simple = [Bool](repeating: false, count: 256)
  var isEnd = [Bool](repeating: false, count: 256)
  var isJunction = [Bool](repeating: false, count: 256)

  init() {
    for n in 0..<256 {
      func bit(_ k: Int) -> Bool { n >> (k & 7) & 1 == 1 }
      let b = n.nonzeroBitCount
      var crossings = 0
      for k in 0..<8 where !bit(k) && bit(k + 1) { crossings += 1 }
      isEnd[n] = crossings == 1 && b >= 1 && b <= 2
      isJunction[n] = crossings >= 3
      simple[n] = Self.isSimple(n)
      deletable[n] = b >= 2 && simple[n]
    }
  }

  /// Simple for (8, 4) connectivity: the foreground neighbours form one 8-connected component and
  /// the background neighbours 4-adjacent to the pixel one 4-connected component.
  static func isSimple(_ n: Int) -> Bool {
    func bit(_ k: Int) -> Bool { n >> (k & 7) & 1 == 1 }
    var parent = Array(0..<8)
    func find(_ i: Int) -> Int {
      var i = i
      while parent[i] != i { i = parent[i] }
      return i
    }
    for k in 0..<8 where bit(k) {
      if bit(k + 1) { parent[find(k)] = find((k + 1) & 7) }
      if k % 2 == 0 && bit(k + 2) { parent[find(k)] = find((k + 2) & 7) }
    }
    guard Set((0..<8).filter { bit($0) }.map(find)).count == 1, n != 255 else { return false }
    var runs = 0
    let startK = (0..<8).first { bit($0) }!
    var inRun = false
    var runTouches = false
    for k in (startK + 1)...(startK + 8) {
      if !bit(k) {
        if !inRun {
          inRun = true
          runTouches = false
        }
        if k % 2 == 0 { runTouches = true }
      } else if inRun {
        inRun = false
        if runTouches { runs += 1 }
      }
    }
    return runs == 1
  }
}

private let referenceTables = ReferenceTables()

/// The reference skeleton: pixels, end points, junction pixels (row-major indices, raster order)
/// and the number of 8-connected clusters of junction pixels.
private func referenceSkeleton(_ foreground: [Bool], width: Int, height: Int)
  -> (pixels: [Int], endPoints: [Int], junctionPixels: [Int], junctionCount: Int)
{
  let t = referenceTables
  let pw = width + 2
  var g = [Bool](repeating: false, count: pw * (height + 2))
  for y in 0..<height {
    for x in 0..<width where foreground[y * width + x] { g[(y + 1) * pw + x + 1] = true }
  }
  func code(_ p: Int) -> Int {
    func at(_ q: Int, _ k: Int) -> Int { g[q] ? 1 << k : 0 }
    return at(p - pw, 0) | at(p - pw + 1, 1) | at(p + 1, 2) | at(p + pw + 1, 3) | at(p + pw, 4)
      | at(p + pw - 1, 5) | at(p - 1, 6) | at(p - pw - 1, 7)
  }
  var live = g.indices.filter { g[$0] }
  var changed = true
  while changed {
    changed = false
    for side in [-pw, pw, 1, -1] {
      let candidates = live.filter { !g[$0 + side] && t.deletable[code($0)] }
      for p in candidates where t.simple[code(p)] {
        g[p] = false
        changed = true
      }
      live = live.filter { g[$0] }
    }
  }
  func index(_ p: Int) -> Int { (p / pw - 1) * width + p % pw - 1 }
  let junctions = live.filter { t.isJunction[code($0)] }.map(index)
  let set = Set(junctions)
  var seen = Set<Int>()
  var clusters = 0
  for start in junctions where !seen.contains(start) {
    clusters += 1
    seen.insert(start)
    var stack = [start]
    while let p = stack.popLast() {
      for dy in -1...1 {
        for dx in -1...1 {
          let x = p % width + dx
          let y = p / width + dy
          guard x >= 0 && x < width && y >= 0 && y < height else { continue }
          let q = y * width + x
          if set.contains(q) && seen.insert(q).inserted { stack.append(q) }
        }
      }
    }
  }
  return (
    live.map(index), live.filter { t.isEnd[code($0)] }.map(index), junctions, clusters
  )
}

/// Expects the skeleton of every entry point to equal the reference's.
private func check(_ foreground: [Bool], width: Int, height: Int, _ label: String) {
  let expected = referenceSkeleton(foreground, width: width, height: height)
  let pw = width + 2
  var grid = [UInt8](repeating: 0, count: pw * (height + 2))
  for y in 0..<height {
    for x in 0..<width where foreground[y * width + x] { grid[(y + 1) * pw + x + 1] = 1 }
  }
  let mask = AlphaMask(width: width, height: height, scale: 1) { x, y in
    foreground[y * width + x] ? 0.5 : 0.4999
  }
  for (entry, skeleton) in [
    ("foreground", Skeleton(foreground: foreground, width: width, height: height)),
    ("paddedGrid", Skeleton(paddedGrid: grid, width: width, height: height)),
    ("mask", Skeleton(mask: mask)),
  ] {
    #expect(skeleton.width == width && skeleton.height == height)
    #expect(skeleton.pixels == expected.pixels, "\(label), \(entry): pixels")
    #expect(skeleton.endPoints == expected.endPoints, "\(label), \(entry): end points")
    #expect(
      skeleton.junctionPixels == expected.junctionPixels, "\(label), \(entry): junction pixels")
    #expect(
      skeleton.junctionCount == expected.junctionCount, "\(label), \(entry): junction count")
  }
}

/// A shape's pixels whose centre is inside.
private func pixels(of shape: some TestShape, width: Int, height: Int) -> [Bool] {
  (0..<(width * height)).map { i in
    shape.signedDistance(Double(i % width) + 0.5, Double(i / width) + 0.5) < 0
  }
}

/// A random shape of one kind, scaled to the canvas.
private func randomShape(kind: Int, width: Int, height: Int, rng: inout SeededRandom)
  -> any TestShape
{
  let w = Double(width)
  let h = Double(height)
  let m = min(w, h)
  func x() -> Double { rng.unit() * w }
  func y() -> Double { rng.unit() * h }
  func thickness() -> Double { 1 + rng.unit() * max(1, m / 5) }
  var parts: [any TestShape] = []
  for _ in 0..<(1 + rng.int(below: 5)) {
    switch kind {
    case 0:  // blobs
      parts.append(Disk(cx: x(), cy: y(), radius: 1 + rng.unit() * m / 3))
    case 1:  // strokes
      parts.append(Capsule(ax: x(), ay: y(), bx: x(), by: y(), width: thickness()))
    case 2:  // rings
      let outer = 2 + rng.unit() * m / 2
      parts.append(ring(cx: x(), cy: y(), outerRadius: outer, width: min(outer, thickness())))
    case 3:  // filled shapes
      let x0 = x()
      let y0 = y()
      parts.append(
        rng.int(below: 2) == 0
          ? Box(
            x0: x0, y0: y0, x1: x0 + rng.unit() * w / 2, y1: y0 + rng.unit() * h / 2,
            cornerRadius: rng.unit() * 3)
          : Polygon(points: (0..<(3 + rng.int(below: 4))).map { _ in (x(), y()) }))
    default:  // straight strokes at any angle
      parts.append(
        ThickLine(
          cx: x(), cy: y(), length: rng.unit() * m, width: thickness(),
          angleDegrees: rng.unit() * 180))
    }
  }
  return Union(shapes: parts)
}

/// One-pixel lines (8-connected, any slope) and single pixels.
private func randomLines(width: Int, height: Int, rng: inout SeededRandom) -> [Bool] {
  var image = [Bool](repeating: false, count: width * height)
  for _ in 0..<(1 + rng.int(below: 6)) {
    let (x0, y0) = (rng.int(below: width), rng.int(below: height))
    let (x1, y1) = (rng.int(below: width), rng.int(below: height))
    let steps = max(abs(x1 - x0), abs(y1 - y0))
    for s in 0...steps {
      let t = steps == 0 ? 0 : Double(s) / Double(steps)
      let x = Int((Double(x0) + t * Double(x1 - x0)).rounded())
      let y = Int((Double(y0) + t * Double(y1 - y0)).rounded())
      image[y * width + x] = true
    }
  }
  return image
}

@Suite("Skeleton against the reference thinning")
struct SkeletonReferenceTests {
  /// Widths around the 64-pixel words of the bit rows (a padded row of 62 + 2 pixels fills one).
  static let sizes = [
    (1, 1), (1, 2), (2, 1), (2, 2), (1, 17), (17, 1), (3, 40), (40, 3), (5, 5), (12, 9),
    (24, 24), (44, 44), (61, 20), (62, 31), (63, 12), (64, 64), (65, 30), (66, 7), (100, 37),
    (126, 19), (127, 40), (128, 23), (150, 150),
  ]

  @Test("the bit-parallel candidate test equals the deletable table on all 256 neighbourhoods")
  func deletableTable() {
    for n in 0..<256 {
      // Each neighbour's plane: all ones if that neighbour is foreground.
      let plane = (0..<8).map { k in n >> k & 1 == 1 ? UInt64.max : 0 }
      let bits = Skeleton.deletable(
        plane[0], plane[1], plane[2], plane[3], plane[4], plane[5], plane[6], plane[7])
      #expect(bits == (referenceTables.deletable[n] ? UInt64.max : 0), "neighbourhood \(n)")
      #expect(Skeleton.tables.deletable[n] == referenceTables.deletable[n], "neighbourhood \(n)")
    }
  }

  @Test("empty, full and every small image")
  func smallImages() {
    check([], width: 0, height: 0, "0×0")
    check([], width: 0, height: 5, "0×5")
    check([], width: 5, height: 0, "5×0")
    for (w, h) in [(1, 1), (2, 2), (3, 3), (70, 70)] {
      check([Bool](repeating: true, count: w * h), width: w, height: h, "full \(w)×\(h)")
    }
    // Every 3×3 and 4×3 image: every neighbourhood around every pixel, near every border.
    for (w, h) in [(3, 3), (4, 3), (3, 4)] {
      for n in 0..<(1 << (w * h)) {
        check((0..<(w * h)).map { n >> $0 & 1 == 1 }, width: w, height: h, "\(w)×\(h) #\(n)")
      }
    }
  }

  @Test(
    "blobs, strokes, rings, filled shapes, lines, 1-pixel lines and noise",
    arguments: 0..<7)
  func randomMasks(kind: Int) {
    var rng = SeededRandom(seed: 0x5EED &+ UInt64(kind))
    for (w, h) in Self.sizes {
      for trial in 0..<3 {
        let label = "kind \(kind), \(w)×\(h), trial \(trial)"
        switch kind {
        case 5:
          check(randomLines(width: w, height: h, rng: &rng), width: w, height: h, label)
        case 6:
          let density = [0.1, 0.5, 0.9][trial]
          check((0..<(w * h)).map { _ in rng.unit() < density }, width: w, height: h, label)
        default:
          let shape = randomShape(kind: kind, width: w, height: h, rng: &rng)
          check(pixels(of: shape, width: w, height: h), width: w, height: h, label)
        }
      }
    }
  }

  @Test("antialiased masks at the default threshold")
  func antialiased() {
    let shapes: [(String, any TestShape)] = [
      ("disk", Disk(cx: 24.3, cy: 23.8, radius: 17)),
      ("ring", ring(cx: 70, cy: 40, outerRadius: 30, width: 6)),
      ("plus", Union(Box(x0: 20, y0: 6, x1: 25, y1: 40), Box(x0: 4, y0: 20, x1: 40, y1: 25))),
      (
        "strokes",
        Union(
          Capsule(ax: 5, ay: 60, bx: 120, by: 10, width: 9),
          ThickLine(cx: 64, cy: 40, length: 70, width: 4.5, angleDegrees: 63))
      ),
    ]
    for (name, shape) in shapes {
      let mask = render(shape, width: 130, height: 75, subsamples: 4)
      let foreground = mask.coverage.map { $0 >= 0.5 }
      let expected = referenceSkeleton(foreground, width: 130, height: 75)
      let skeleton = Skeleton(mask: mask)
      #expect(skeleton.pixels == expected.pixels, "\(name)")
      #expect(skeleton.endPoints == expected.endPoints, "\(name)")
      #expect(skeleton.junctionPixels == expected.junctionPixels, "\(name)")
      #expect(skeleton.junctionCount == expected.junctionCount, "\(name)")
    }
  }
}
