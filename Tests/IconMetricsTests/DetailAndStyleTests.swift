// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import Testing

@Suite("Detail density and style")
struct DetailAndStyleTests {
  @Test("filled disk: C = 12.6 ± 0.2", arguments: [1.0, 2, 3])
  func disk(scale: Double) {
    let n = Int(24 * scale)
    let mask = render(
      Disk(cx: 12 * scale, cy: 12 * scale, radius: 10 * scale), width: n, height: n,
      scale: scale)
    let m = MetricsEngine.measure(mask)
    #expect(abs(m.detailDensity - 12.6) <= 0.2, "\(m.detailDensity)")
  }

  @Test("filled square: C in 15.7…16.0", arguments: [2.0, 3, 4])
  func square(scale: Double) {
    let n = Int(24 * scale)
    let mask = render(
      Box(x0: 3 * scale, y0: 3 * scale, x1: 21 * scale, y1: 21 * scale), width: n,
      height: n, scale: scale)
    let m = MetricsEngine.measure(mask)
    #expect(m.detailDensity >= 15.7 && m.detailDensity <= 16.0, "\(m.detailDensity)")
  }

  @Test("at 24 px a square's four cut corners (0.5 px each, marching squares) cost 3%")
  func smallSquare() {
    // P = 72 − 4 (1 − √2/2) for an 18 px square: C = P² / 324 = 15.48.
    let m = MetricsEngine.measure(render(Box(x0: 3, y0: 3, x1: 21, y1: 21), width: 24, height: 24))
    let p = 72 - 4 * (1 - 0.5.squareRoot())
    #expect(abs(m.detailDensity - p * p / 324) < 1e-9)
  }

  @Test("ring Ø22 outer, width 2 in a 24 grid: C = 126 ± 2", arguments: [1.0, 2, 3])
  func ring22(scale: Double) {
    let n = Int(24 * scale)
    let mask = render(
      ring(cx: 12 * scale, cy: 12 * scale, outerRadius: 11 * scale, width: 2 * scale),
      width: n, height: n, scale: scale)
    let m = MetricsEngine.measure(mask)
    #expect(abs(m.detailDensity - 126) <= 2, "\(m.detailDensity)")
    #expect(m.components == 1 && m.holes == 1)
  }

  @Test("filled and outlined versions of a shape land on opposite sides", arguments: [1.0, 2, 3])
  func style(scale: Double) {
    let n = Int(24 * scale)
    let filled = keylineShapes(scale: scale, outline: false)
    let outlined = keylineShapes(scale: scale, outline: true)
    for ((name, f), (_, o)) in zip(filled, outlined) {
      let mf = MetricsEngine.measure(render(f, width: n, height: n, scale: scale))
      let mo = MetricsEngine.measure(render(o, width: n, height: n, scale: scale))
      #expect(mf.style == .filled, "\(name) filled: density \(mf.density)")
      #expect(mo.style == .outline, "\(name) outline: density \(mo.density)")
      // The hull of the inscribed contour polygon is a little smaller than the ink.
      #expect(mf.density > 0.9 && mf.density <= 1.01)
    }
    // A bell-like glyph: a filled body and its 1.5 px outline.
    let body = Polygon(
      points: [(12, 3), (17, 7), (18, 16), (21, 19), (3, 19), (6, 16), (7, 7)]
        .map { ($0.0 * scale, $0.1 * scale) })
    let inner = Polygon(
      points: [
        (12, 5), (15.5, 8), (16.5, 16.5), (17.5, 17.5), (6.5, 17.5),
        (7.5, 16.5), (8.5, 8),
      ].map { ($0.0 * scale, $0.1 * scale) })
    let solid = MetricsEngine.measure(render(body, width: n, height: n, scale: scale))
    let line = MetricsEngine.measure(
      render(Subtraction(shape: body, hole: inner), width: n, height: n, scale: scale))
    #expect(solid.style == .filled && line.style == .outline)
  }
}
