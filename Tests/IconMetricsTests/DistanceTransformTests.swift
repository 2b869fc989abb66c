// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import TestSupport
import Testing

/// Brute force: O(N · F).
private func bruteForce(_ features: [Bool], width: Int, height: Int) -> [Float] {
  bruteForceWithFeatures(features, width: width, height: height).map(\.squaredDistance)
}

/// Brute force with the nearest feature the transform documents among equals: the leftmost
/// column, then the upper row (−1 without features).
private func bruteForceWithFeatures(_ features: [Bool], width: Int, height: Int)
  -> [(squaredDistance: Float, feature: Int)]
{
  let points = features.indices.filter { features[$0] }.map { ($0 % width, $0 / width) }
  return (0..<(width * height)).map { i in
    let x = i % width
    let y = i / width
    var best = (d: Int.max, fx: Int.max, fy: Int.max)
    for (fx, fy) in points {
      let d = (x - fx) * (x - fx) + (y - fy) * (y - fy)
      if (d, fx, fy) < best { best = (d, fx, fy) }
    }
    return best.d == Int.max ? (.infinity, -1) : (Float(best.d), best.fy * width + best.fx)
  }
}

private func randomFeatures(width: Int, height: Int, density: Double, seed: UInt64) -> [Bool] {
  var rng = SeededRandom(seed: seed)
  return (0..<(width * height)).map { _ in rng.unit() < density }
}

private func check(_ features: [Bool], width: Int, height: Int) {
  let edt = DistanceTransform(features: features, width: width, height: height)
  let reference = bruteForceWithFeatures(features, width: width, height: height)
  let expected = reference.map(\.squaredDistance)
  #expect(edt.squaredDistance == expected, "\(width)×\(height)")
  // The documented tie rule: leftmost column, then upper row.
  #expect(edt.nearestFeature.map(Int.init) == reference.map(\.feature), "ties, \(width)×\(height)")
  for i in 0..<(width * height) {
    let f = Int(edt.nearestFeature[i])
    if expected[i].isInfinite {
      #expect(f == -1)
      continue
    }
    guard f >= 0 && f < width * height && features[f] else {
      Issue.record("pixel \(i) of \(width)×\(height): nearest feature \(f) is not a feature")
      return
    }
    let dx = f % width - i % width
    let dy = f / width - i / width
    #expect(Float(dx * dx + dy * dy) == expected[i])
  }
  // The distance-only kernel agrees.
  let bytes = features.map { $0 ? UInt8(1) : 0 }
  var only = [Float](repeating: -1, count: width * height)
  bytes.withUnsafeBufferPointer { source in
    only.withUnsafeMutableBufferPointer { out in
      DistanceTransform.compute(
        features: source, width: width, height: height,
        squaredDistance: out, nearestFeature: nil)
    }
  }
  #expect(only == expected, "distance-only kernel, \(width)×\(height)")
}

@Suite("Distance transform")
struct DistanceTransformTests {
  static let sizes = [(1, 1), (1, 9), (9, 1), (2, 3), (13, 7), (31, 17), (64, 64), (65, 33)]

  @Test("equals brute force on seeded random masks", arguments: 0..<6)
  func randomMasks(seed: Int) {
    for (k, (w, h)) in Self.sizes.enumerated() {
      for density in [0.01, 0.1, 0.5, 0.9] {
        let features = randomFeatures(
          width: w, height: h, density: density,
          seed: UInt64(seed * 1000 + k * 10) + UInt64(density * 100))
        check(features, width: w, height: h)
      }
    }
  }

  @Test("empty, full, single pixel, odd sizes")
  func specialCases() {
    for (w, h) in Self.sizes {
      check([Bool](repeating: false, count: w * h), width: w, height: h)
      check([Bool](repeating: true, count: w * h), width: w, height: h)
      var one = [Bool](repeating: false, count: w * h)
      one[(h / 2) * w + w / 2] = true
      check(one, width: w, height: h)
      var corner = [Bool](repeating: false, count: w * h)
      corner[w * h - 1] = true
      check(corner, width: w, height: h)
    }
    // Tall and wide images whose other columns (rows) have no feature at all.
    for (w, h) in [(3, 120), (120, 3), (1, 200)] {
      var corner = [Bool](repeating: false, count: w * h)
      corner[w * h - 1] = true
      check(corner, width: w, height: h)
      corner = [Bool](repeating: false, count: w * h)
      corner[0] = true
      check(corner, width: w, height: h)
    }
    // Symmetric shapes, full of ties: the background of a centred disk and of a framed square, and
    // a lattice of single features.
    for n in [9, 10, 21] {
      check((0..<(n * n)).map { i in
        let dx = i % n - n / 2, dy = i / n - n / 2
        return dx * dx + dy * dy > (n / 3) * (n / 3)
      }, width: n, height: n)
      check((0..<(n * n)).map { i in !((1..<(n - 1)).contains(i % n) && (1..<(n - 1)).contains(i / n)) },
            width: n, height: n)
      check((0..<(n * n)).map { i in i % n % 4 == 0 && i / n % 4 == 0 }, width: n, height: n)
    }
    let empty = DistanceTransform(features: [], width: 0, height: 0)
    #expect(empty.squaredDistance.isEmpty && empty.nearestFeature.isEmpty)
    let none = DistanceTransform(features: [false], width: 1, height: 1)
    #expect(none.squaredDistance == [.infinity] && none.nearestFeature == [-1])
  }

  @Test("large images (processed in bands) equal brute force on sparse features")
  func largeBanded() {
    for (w, h, seed) in [(300, 260, 1), (257, 301, 2)] {
      var rng = SeededRandom(seed: UInt64(seed))
      var features = [Bool](repeating: false, count: w * h)
      for _ in 0..<25 { features[Int(rng.unit() * Double(w * h))] = true }
      check(features, width: w, height: h)
    }
    // One feature in a column at the edge: the other columns are empty.
    var column = [Bool](repeating: false, count: 300 * 300)
    column[299 * 300 + 299] = true
    check(column, width: 300, height: 300)
  }

  /// The query must give the transform's values exactly, ties included (the stroke weight's normal
  /// comes from the nearest feature): checked at every pixel, on grids with many ties (lattices,
  /// symmetric shapes, dense noise).
  @Test("nearest-feature queries equal the transform, ties included", arguments: 0..<4)
  func queriesEqualTransform(seed: Int) {
    var grids: [(grid: [UInt8], width: Int, height: Int)] = []
    for (k, (w, h)) in (Self.sizes + [(40, 40), (3, 120), (120, 3)]).enumerated() {
      for density in [0.01, 0.3, 0.7, 0.95, 1.0] {
        let features = randomFeatures(
          width: w, height: h, density: density,
          seed: UInt64(seed * 1000 + k * 10) + UInt64(density * 100) + 7)
        // The query takes a foreground grid: its features are the zero bytes.
        grids.append((features.map { $0 ? 0 : 1 }, w, h))
      }
    }
    // Symmetric shapes: a centred disk and square, and a lattice of single background pixels
    // (every pixel between four of them is equally near to two or four).
    for n in [9, 10, 21] {
      grids.append(((0..<(n * n)).map { i in
        let dx = i % n - n / 2, dy = i / n - n / 2
        return dx * dx + dy * dy <= (n / 3) * (n / 3) ? 1 : 0
      }, n, n))
      grids.append(((0..<(n * n)).map { i in (1..<(n - 1)).contains(i % n) && (1..<(n - 1)).contains(i / n) ? 1 : 0 }, n, n))
      grids.append(((0..<(n * n)).map { i in i % n % 4 == 0 && i / n % 4 == 0 ? 0 : 1 }, n, n))
    }
    for (grid, w, h) in grids {
      let edt = DistanceTransform(features: grid.map { $0 == 0 }, width: w, height: h)
      let query = NearestFeatureQuery(backgroundOf: grid, width: w, height: h)
      for i in 0..<(w * h) {
        let (d2, feature) = query.nearest(i)
        if edt.nearestFeature[i] < 0 {
          #expect(d2 == Int.max && feature == -1)
          continue
        }
        #expect(Float(d2) == edt.squaredDistance[i], "\(w)×\(h) pixel \(i)")
        #expect(feature == Int(edt.nearestFeature[i]), "\(w)×\(h) pixel \(i)")
      }
      // The bounded query: a feature nearer than √bound exactly when the nearest one is, at every
      // bound around the pixel's own distance (below, at, above it) and at 0 and 1.
      var nearerAnswers = Set<Bool>()
      for i in 0..<(w * h) {
        let (x, y) = (i % w, i / w)
        let d2 = query.nearest(i).squaredDistance
        let around = d2 == Int.max ? [0, 1, 4, 1 << 20] : [0, 1, d2 - 1, d2, d2 + 1, 4 * d2 + 3]
        for bound in around where bound >= 0 {
          let nearer = query.isNearer(x: x, y: y, thanSquared: bound)
          nearerAnswers.insert(nearer)
          #expect(nearer == (d2 < bound), "\(w)×\(h) pixel \(i), bound \(bound)")
        }
      }
      #expect(nearerAnswers.count == 2 || grid.allSatisfy { $0 == 1 } || grid.allSatisfy { $0 == 0 }, "both answers seen on \(w)×\(h)")
    }
  }

  @Test("mask convenience: distance of the core to the background")
  func maskConvenience() {
    let mask = AlphaMask(width: 5, height: 5) { x, y in
      (1...3).contains(x) && (1...3).contains(y) ? 1 : 0
    }
    let edt = DistanceTransform(mask: mask) { $0 < 0.5 }
    #expect(edt.squaredDistance[2 * 5 + 2] == 4)
    #expect(edt.distance(x: 1, y: 1) == 1)
    #expect(edt.squaredDistance[0] == 0)
  }
}
