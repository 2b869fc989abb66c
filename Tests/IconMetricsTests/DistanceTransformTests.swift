// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import TestSupport
import Testing

/// Brute force: O(N · F).
private func bruteForce(_ features: [Bool], width: Int, height: Int) -> [Float] {
  let points = features.indices.filter { features[$0] }.map { ($0 % width, $0 / width) }
  return (0..<(width * height)).map { i in
    let x = i % width
    let y = i / width
    var best = Int.max
    for (fx, fy) in points { best = min(best, (x - fx) * (x - fx) + (y - fy) * (y - fy)) }
    return best == Int.max ? .infinity : Float(best)
  }
}

private func randomFeatures(width: Int, height: Int, density: Double, seed: UInt64) -> [Bool] {
  var rng = SeededRandom(seed: seed)
  return (0..<(width * height)).map { _ in rng.unit() < density }
}

private func check(_ features: [Bool], width: Int, height: Int) {
  let edt = DistanceTransform(features: features, width: width, height: height)
  let expected = bruteForce(features, width: width, height: height)
  #expect(edt.squaredDistance == expected, "\(width)×\(height)")
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
