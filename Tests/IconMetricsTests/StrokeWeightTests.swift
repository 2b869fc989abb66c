// SPDX-License-Identifier: GPL-3.0-or-later
@testable import IconMetrics
import IconRaster
import TestSupport
import Testing

@Suite("Stroke weight")
struct StrokeWeightTests {
  @Test(
    "antialiased lines: within ±0.25 px at any angle and sub-pixel phase",
    arguments: [2.0, 3, 4, 6], [0.0, 15, 30, 45])
  func lines(width: Double, angle: Double) {
    var rng = SeededRandom(seed: UInt64(width * 100 + angle))
    for _ in 0..<3 {
      let line = ThickLine(
        cx: 32 + rng.unit(), cy: 32 + rng.unit(), length: 40, width: width,
        angleDegrees: angle + rng.unit() - 0.5)
      let m = MetricsEngine.measure(render(line, width: 64, height: 64))
      #expect(
        abs(m.strokeWeightPx - width) <= 0.25,
        "w \(width) at \(line.angleDegrees)°, centre (\(line.cx), \(line.cy)): \(m.strokeWeightPx)")
      #expect(m.strokeWeightProfilePx == m.strokeWeightPx)
    }
  }

  @Test("exact angles and half-pixel phases", arguments: [2.0, 3, 4, 6])
  func exactAngles(width: Double) {
    for angle in [0.0, 15, 30, 45, 60, 90, 135] {
      for phase in [0.0, 0.25, 0.5] {
        let line = ThickLine(
          cx: 32 + phase, cy: 32 + phase, length: 40, width: width,
          angleDegrees: angle)
        let m = MetricsEngine.measure(render(line, width: 64, height: 64))
        #expect(
          abs(m.strokeWeightPx - width) <= 0.25,
          "w \(width) at \(angle)°, phase \(phase): \(m.strokeWeightPx)")
      }
    }
  }

  @Test("a long stroke: the median of an evenly spaced subset equals that of all its samples")
  func longStrokeSubset() {
    let mask = render(ring(cx: 100, cy: 100, outerRadius: 90, width: 3), width: 200, height: 200)
    let analysis = MetricsEngine.analyse(mask)
    let counted = analysis.strokeSamples.filter(\.counted).map(\.widthPx).sorted()
    #expect(counted.count > 400)
    let all = (counted[(counted.count - 1) / 2] + counted[counted.count / 2]) / 2
    #expect(abs(analysis.measurements.strokeWeightPx - all) <= 0.02, "\(analysis.measurements.strokeWeightPx) vs \(all)")
    #expect(abs(analysis.measurements.strokeWeightPx - 3) <= 0.1)
    #expect(MetricsEngine.measure(mask) == analysis.measurements)
  }

  @Test("the subset spans the whole skeleton: bars of 2, 3 and 4 px, one above the other, give 3")
  func subsetSpansTheSkeleton() {
    // The first 128 skeleton pixels in raster order would all lie on the top bar (2 px).
    let m = MetricsEngine.measure(threeBars())
    #expect(abs(m.strokeWeightPx - 3) <= 0.1, "\(m.strokeWeightPx)")
  }

  @Test("a ring of width 2 px measures 2.0 ± 0.1")
  func ring2() {
    let mask = render(ring(cx: 12, cy: 12, outerRadius: 11, width: 2), width: 24, height: 24)
    let m = MetricsEngine.measure(mask)
    #expect(abs(m.strokeWeightPx - 2) <= 0.1, "\(m.strokeWeightPx)")
    #expect(abs(m.strokeWeightContourPx - 2) <= 0.1, "\(m.strokeWeightContourPx)")
  }

  @Test("rings at 2× and 3× scale keep their width in pt", arguments: [2.0, 3])
  func ringScaled(scale: Double) {
    let n = Int(24 * scale)
    let mask = render(
      ring(cx: 12 * scale, cy: 12 * scale, outerRadius: 11 * scale, width: 2 * scale),
      width: n, height: n, scale: scale)
    let m = MetricsEngine.measure(mask)
    #expect(abs(m.strokeWeightPt - 2) <= 0.1, "\(m.strokeWeightPt) pt")
  }

  @Test("the contour estimate agrees on long strokes; samples away from ends are counted")
  func crossCheck() {
    let mask = render(
      Capsule(ax: 10.3, ay: 40.2, bx: 110.7, by: 60.9, width: 3), width: 128,
      height: 100)
    let analysis = MetricsEngine.analyse(mask)
    let m = analysis.measurements
    #expect(abs(m.strokeWeightPx - 3) <= 0.25)
    #expect(abs(m.strokeWeightContourPx - 3) <= 0.15)
    #expect(analysis.strokeSamples.contains { !$0.counted })
    #expect(analysis.strokeSamples.filter(\.counted).count > 60)
    for s in analysis.strokeSamples { #expect(abs(s.normal.length - 1) < 1e-9) }
  }

  @Test("outline icons (2-unit keylines) measure 2 units", arguments: [2.0, 3])
  func keylineOutlines(scale: Double) {
    for (name, shape) in keylineShapes(scale: scale, outline: true) {
      let n = Int(24 * scale)
      let m = MetricsEngine.measure(render(shape, width: n, height: n, scale: scale))
      #expect(abs(m.strokeWeightPt - 2) <= 0.25 / scale, "\(name): \(m.strokeWeightPt) pt")
    }
  }

  @Test("the sign test's 99% interval of a median: ranks of the binomial tail")
  func medianRanks() {
    // P(Binomial(m, ½) < r) ≤ 0.005 for the largest r (coverage 99.22%, 99.61%, 99.80%, 99.77%, 99.30%).
    #expect(StrokeWeight.medianRank(7) == 0)
    #expect(StrokeWeight.medianRank(8) == 1)
    #expect(StrokeWeight.medianRank(9) == 1)
    #expect(StrokeWeight.medianRank(10) == 1)
    #expect(StrokeWeight.medianRank(17) == 3)
    #expect(StrokeWeight.medianRank(32) == 9)
  }

  @Test("the first sample's median is taken only when its 99% interval lies within ±0.03 px")
  func estimateTolerance() {
    // 32 widths of 3.00…3.031: the 9th smallest and largest (3.008, 3.023) lie within 0.03 px of
    // the median (3.0155): taken.
    let tight = (0..<32).map { 3 + Double($0) * 0.001 }
    #expect(StrokeWeight.medianEstimate(tight, ofAll: 100) == StrokeWeight.median(tight))
    // Half 2 px, half 4 px: the interval spans both, so every pixel is measured.
    let split = (0..<32).map { $0 % 2 == 0 ? 2.0 : 4.0 }
    #expect(StrokeWeight.medianEstimate(split, ofAll: 100) == nil)
    // The whole set, or too few for a 99% interval: no estimate.
    #expect(StrokeWeight.medianEstimate(tight, ofAll: 32) == nil)
    #expect(StrokeWeight.medianEstimate(Array(tight.prefix(7)), ofAll: 100) == nil)
  }

  @Test("the first sample: m distinct indices, the same every time", arguments: [0, 5, 32, 33, 128])
  func randomSample(n: Int) {
    let sample = Array(StrokeWeight.randomSample(32, of: n))
    #expect(sample.count == min(32, n))
    #expect(Set(sample).count == sample.count)
    #expect(sample.allSatisfy { (0..<n).contains($0) })
    #expect(sample == Array(StrokeWeight.randomSample(32, of: n)))
  }

  @Test("the bars of 2, 3 and 4 px: deciles from 2 to 4 px, a third of the skeleton near each")
  func decilesOfThreeBars() {
    let m = MetricsEngine.measure(threeBars())
    let q = m.strokeWidthDecilesPx
    #expect(q.count == 11)
    #expect(abs(q[1] - 2) <= 0.15 && abs(q[9] - 4) <= 0.15, "\(q)")
    #expect(q == q.sorted())
    // q90 ÷ q10, as the spread is.
    #expect(abs(m.strokeWidthSpread - q[9] / q[1]) <= 1e-12)
    for width in [2.0, 3, 4] {
      let share = m.strokeWidthShare(near: width, tolerance: 1.1)
      #expect(share > 0.25 && share < 0.45, "\(width): \(share)")
    }
    #expect(m.strokeWidthShare(near: 6, tolerance: 1.1) == 0)
    #expect(m.strokeWidthShare(near: 3, tolerance: 2.5) == 1)
  }

  @Test("the share near a width, from the deciles: a window frame at 4 px with a title bar at 8 px")
  func shareFromDeciles() {
    var m = MetricsEngine.measure(render(ring(cx: 32, cy: 32, outerRadius: 28, width: 4), width: 64, height: 64))
    // One width: all of it within 1.1× of 4 px, none of it at 5 px.
    #expect(m.strokeWidthShare(near: 4, tolerance: 1.1) == 1)
    #expect(m.strokeWidthShare(near: 5, tolerance: 1.1) == 0)
    // 4 px for the first 35–40%, 8 px from the 60th percentile: F(4.4) − F(3.64⁻) = 0.38 (q3 = 4,
    // q4 = 4.5), F(8.8) − F(7.27) = 0.98 − 0.58.
    m.strokeWidthDecilesPx = [4, 4, 4, 4, 4.5, 5, 8, 8, 8, 8, 9]
    #expect(abs(m.strokeWidthShare(near: 4, tolerance: 1.1) - 0.38) < 1e-9)
    #expect(abs(m.strokeWidthShare(near: 8, tolerance: 1.1) - (0.98 - (0.5 + (8 / 1.1 - 5) / 3 / 10))) < 1e-9)
    // Without deciles (fewer than 8 widths): no share.
    m.strokeWidthDecilesPx = []
    #expect(m.strokeWidthShare(near: 4, tolerance: 1.1) == 0)
  }

  /// Bars 2, 3 and 4 px wide and 180 px long, one above the other, in a 200 px canvas: a third of
  /// the skeleton at each width.
  private func threeBars() -> AlphaMask {
    render(Union(
      ThickLine(cx: 100, cy: 30, length: 180, width: 2, angleDegrees: 0),
      ThickLine(cx: 100, cy: 100, length: 180, width: 3, angleDegrees: 0),
      ThickLine(cx: 100, cy: 170, length: 180, width: 4, angleDegrees: 0)), width: 200, height: 200)
  }
}
