// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import Testing

/// ``MetricsEngine/scopeMeasurements(_:colors:)`` gives the scope's measurements to the bit as the
/// whole measurement does: colour spread, opaque share, components, holes, enclosed area.
@Suite("Scope measurements")
struct ScopeMeasurementsTests {
  static func expectSame(_ mask: AlphaMask, _ colors: RGBAImage?, _ label: String) {
    let whole = MetricsEngine.measure(mask, colors: colors)
    let whole2 = MetricsEngine.measureLabellingCore(mask, colors: colors).measurements
    let scope = MetricsEngine.scopeMeasurements(mask, colors: colors)
    for m in [whole, whole2] {
      #expect(scope.colorSpread?.bitPattern == m.colorSpread?.bitPattern, "\(label)")
      #expect(scope.opaqueBackgroundShare.bitPattern == m.opaqueBackgroundShare.bitPattern, "\(label)")
      #expect(scope.components == m.components && scope.holes == m.holes, "\(label)")
      #expect(scope.enclosedAreaPt2.bitPattern == m.enclosedAreaPt2.bitPattern, "\(label)")
    }
  }

  @Test("seeded random blobs with holes, opaque fills and two colours, at @1x–@3x")
  func randomMasks() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 33
    }
    for trial in 0..<40 {
      let width = 1 + Int(next() % 90), height = 1 + Int(next() % 70)
      let scale = Double(1 + next() % 3)
      // Opaque, partial and empty pixels in patches (rings make holes), some canvases mostly opaque.
      let fill = next() % 4
      var coverage = [Float](repeating: 0, count: width * height)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for y in 0..<height {
        for x in 0..<width {
          let r = next() % 16
          let a: Float = fill == 0 ? (r < 14 ? 1 : 0.99) : ((x / 5 + y / 4) % 3 == 0 ? 0 : r < 8 ? 1 : r < 12 ? Float(r) / 16 : 0)
          let i = y * width + x
          coverage[i] = a
          let a8 = UInt8((a * 255).rounded())
          let red = trial % 2 == 0 && x < width / 2
          (pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2], pixels[4 * i + 3]) = (red ? 200 : 20, 40, red ? 30 : 210, a8)
        }
      }
      let mask = AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
      let colors = RGBAImage(width: width, height: height, scale: scale, pixels: pixels)
      Self.expectSame(mask, colors, "trial \(trial)")
      Self.expectSame(colors.alphaMask, colors, "trial \(trial), the image's own mask")
      Self.expectSame(mask, nil, "trial \(trial), no colours")
    }
  }

  @Test("empty and zero-sized canvases")
  func degenerate() {
    Self.expectSame(AlphaMask(width: 0, height: 0, scale: 1, coverage: []), nil, "0×0")
    Self.expectSame(AlphaMask(width: 3, height: 2, scale: 2, coverage: [Float](repeating: 0, count: 6)), nil, "empty")
    Self.expectSame(AlphaMask(width: 4, height: 4, scale: 1, coverage: [Float](repeating: 1, count: 16)), nil, "full")
  }
}
