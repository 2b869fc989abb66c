// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import TestSupport
import Testing

@Suite("Metrics engine")
struct MetricsEngineTests {
  @Test("empty, zero-sized, single-pixel and full masks: no crash, no NaN")
  func degenerate() throws {
    let masks = [
      AlphaMask(width: 0, height: 0), AlphaMask(width: 0, height: 5),
      AlphaMask(width: 24, height: 24),
      AlphaMask(width: 1, height: 1, coverage: [1]),
      AlphaMask(width: 1, height: 1, coverage: [0.3]),
      AlphaMask(width: 7, height: 3) { _, _ in 1 }, AlphaMask(width: 9, height: 9) { _, _ in 0.2 },
    ]
    for mask in masks {
      let m = MetricsEngine.measure(mask, colors: nil)
      let finite = doubles(in: m).allSatisfy { $0.isFinite }
      #expect(finite, "\(mask.width)×\(mask.height): \(m)")
      _ = try JSONEncoder().encode(m)  // throws on NaN or infinity
    }
    let empty = MetricsEngine.measure(AlphaMask(width: 24, height: 24, scale: 2))
    #expect(empty.perceivedSizePt == 0 && empty.inkAreaPt2 == 0 && empty.strokeWeightPx == 0)
    #expect(empty.components == 0 && empty.holes == 0 && empty.style == .outline)
    #expect(empty.extentPt == .zero && empty.opticalCenterOffsetPt == .zero)
    let faint = MetricsEngine.measure(AlphaMask(width: 9, height: 9) { _, _ in 0.2 })
    #expect(faint.haloFraction == 1)  // all ink, no core
  }

  @Test("random blobs: every value finite", arguments: 0..<8)
  func randomBlobs(seed: Int) {
    var rng = SeededRandom(seed: UInt64(seed))
    var shapes: [any TestShape] = []
    for _ in 0..<(1 + seed % 4) {
      shapes.append(Disk(cx: rng.unit() * 40, cy: rng.unit() * 40, radius: 1 + rng.unit() * 10))
      shapes.append(
        Capsule(
          ax: rng.unit() * 40, ay: rng.unit() * 40, bx: rng.unit() * 40,
          by: rng.unit() * 40, width: 0.5 + rng.unit() * 4))
    }
    let mask = render(Union(shapes: shapes), width: 40, height: 40, scale: 1 + Double(seed % 3))
    let analysis = MetricsEngine.analyse(
      mask,
      colors: colorImage(mask) { x, y in
        (UInt8(x * 6), UInt8(y * 6), 9)
      })
    let finite = doubles(in: analysis.measurements).allSatisfy { $0.isFinite }
    #expect(finite)
    #expect(
      analysis.measurements
        == MetricsEngine.measure(
          mask,
          colors: colorImage(mask) { x, y in
            (UInt8(x * 6), UInt8(y * 6), 9)
          }))
  }

  @Test("units: pt = px ÷ scale, areas ÷ scale²")
  func units() {
    let one = MetricsEngine.measure(render(Disk(cx: 20, cy: 20, radius: 12), width: 40, height: 40))
    let two = MetricsEngine.measure(
      render(Disk(cx: 40, cy: 40, radius: 24), width: 80, height: 80, scale: 2))
    #expect(abs(one.perceivedSizePt - two.perceivedSizePt) < 0.05)
    #expect(abs(one.inkAreaPt2 - two.inkAreaPt2) / one.inkAreaPt2 < 0.002)
    #expect(abs(one.contourLengthPt - two.contourLengthPt) < 0.1)
    #expect(abs(one.extentPt.width - two.extentPt.width) < 0.05)
    #expect(abs(two.strokeWeightPt * 2 - two.strokeWeightPx) < 1e-12)
    #expect(abs(one.inkAreaPt2 - .pi * 144) < 0.05)
  }

  @Test("JSON uses the contract's names; colorSpread only with colours")
  func json() throws {
    let mask = render(Disk(cx: 12, cy: 12, radius: 8), width: 24, height: 24)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let plain = try #require(
      try JSONSerialization.jsonObject(with: encoder.encode(MetricsEngine.measure(mask)))
        as? [String: Any])
    for key in [
      "perceivedSizePt", "extentPt", "inkAreaPt2", "hullAreaPt2", "opticalCenterOffsetPt",
      "opticalCenterOffsetFraction", "strokeWeightPt", "strokeWeightPx",
      "strokeWeightProfilePx", "strokeWeightContourPx", "detailDensity", "contourLengthPt",
      "components", "holes", "skeletonEndPoints", "skeletonJunctions", "style", "density",
      "partialPixelRatio", "haloFraction", "haloOffsetPx", "opaqueBackgroundShare",
    ] {
      #expect(plain[key] != nil, "missing \(key)")
    }
    #expect(plain["colorSpread"] == nil)
    #expect(plain["style"] as? String == "filled")
    let extent = try #require(plain["extentPt"] as? [String: Any])
    #expect(Set(extent.keys) == ["x", "y", "width", "height"])
    let colored = try encoder.encode(
      MetricsEngine.measure(mask, colors: colorImage(mask) { _, _ in (1, 2, 3) }))
    let decoded = try JSONDecoder().decode(IconMeasurements.self, from: colored)
    #expect(decoded.colorSpread == 0)
    #expect(decoded == MetricsEngine.measure(mask, colors: colorImage(mask) { _, _ in (1, 2, 3) }))
  }

  @Test("analysis keeps the geometry: hull, extent, skeleton samples, centres")
  func analysis() {
    let mask = render(
      ring(cx: 24, cy: 24, outerRadius: 20, width: 4), width: 48, height: 48, scale: 2)
    let a = MetricsEngine.analyse(mask)
    #expect(a.contours.count == 2)
    #expect(a.hull.count > 20)
    #expect(abs(a.extentPx.width - 40) < 0.1 && abs(a.extentPx.height - 40) < 0.1)
    #expect(!a.strokeSamples.isEmpty && a.strokeSamples.allSatisfy { abs($0.widthPx - 4) < 0.3 })
    #expect(abs(a.opticalCenterPx.x - 24) < 1e-6 && abs(a.opticalCenterPx.y - 24) < 1e-6)
    #expect(a.skeletonEndPointsPx.isEmpty && a.skeletonJunctionsPx.isEmpty)
    #expect(a.haloCentroidPx == nil && a.coreCentroidPx != nil)
    #expect(
      abs(a.measurements.perceivedSizePt * 2 - ConvexHull.shoelaceArea(a.hull).squareRoot())
        < 1e-9)
  }
}
