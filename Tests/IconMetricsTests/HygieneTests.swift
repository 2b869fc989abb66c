// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import Testing

@Suite("Template hygiene")
struct HygieneTests {
  static let disk = Disk(cx: 24.3, cy: 23.8, radius: 14)

  @Test("antialiased disk: partial pixels per px of contour ≈ 1, no halo", arguments: [1.0, 2])
  func antialiased(scale: Double) {
    let disk = Disk(cx: 24.3 * scale, cy: 23.8 * scale, radius: 14 * scale)
    let n = Int(48 * scale)
    let m = MetricsEngine.measure(render(disk, width: n, height: n, scale: scale))
    #expect(m.partialPixelRatio >= 0.7 && m.partialPixelRatio <= 1.3, "\(m.partialPixelRatio)")
    #expect(m.haloFraction == 0)
    #expect(m.haloOffsetPx == .zero)
    #expect(m.opaqueBackgroundShare < 0.5)
  }

  @Test("thresholded disk: no partial pixels")
  func thresholded() {
    let m = MetricsEngine.measure(renderThresholded(Self.disk, width: 48, height: 48))
    #expect(m.partialPixelRatio == 0)
    #expect(m.haloFraction == 0)
  }

  @Test("disk with a drop shadow (dy 2 px, σ 1.5, 35%): halo below the glyph")
  func dropShadow() {
    let glyph = render(Self.disk, width: 48, height: 48)
    let blurred = gaussianBlur(glyph, sigma: 1.5)
    let shadow = AlphaMask(width: 48, height: 48) { x, y in
      0.35 * shifted(blurred, dx: 0, dy: 2)[x, y]
    }
    let m = MetricsEngine.measure(over(glyph, shadow))
    #expect(m.haloFraction > 0.001, "\(m.haloFraction)")
    #expect(m.haloOffsetPx.y > 1, "\(m.haloOffsetPx)")
    #expect(abs(m.haloOffsetPx.x) < 0.5, "\(m.haloOffsetPx)")
  }

  @Test("a soft glow all around has halo but no offset")
  func glow() {
    let glyph = render(Self.disk, width: 48, height: 48)
    let glow = gaussianBlur(glyph, sigma: 2.5)
    let m = MetricsEngine.measure(
      over(glyph, AlphaMask(width: 48, height: 48) { x, y in 0.5 * glow[x, y] }))
    #expect(m.haloFraction > 0.01)
    #expect(m.haloOffsetPx.length < 0.3)
  }

  @Test("opaque background share")
  func opaqueBackground() {
    let full = MetricsEngine.measure(AlphaMask(width: 10, height: 10) { _, _ in 1 })
    #expect(full.opaqueBackgroundShare == 1)
    let half = MetricsEngine.measure(AlphaMask(width: 10, height: 10) { x, _ in x < 5 ? 1 : 0.3 })
    #expect(half.opaqueBackgroundShare == 0.5)
  }

  @Test("colour spread: two colours large, one colour ~0, none without an image")
  func colorSpread() {
    let mask = render(Self.disk, width: 48, height: 48)
    let one = colorImage(mask) { _, _ in (20, 30, 40) }
    let two = colorImage(mask) { x, _ in x < 24 ? (255, 0, 0) : (0, 0, 255) }
    let m1 = MetricsEngine.measure(mask, colors: one)
    let m2 = MetricsEngine.measure(mask, colors: two)
    #expect(m1.colorSpread == 0)
    #expect((m2.colorSpread ?? 0) > 100, "\(String(describing: m2.colorSpread))")
    #expect(MetricsEngine.measure(mask).colorSpread == nil)
    // Faint pixels (α ≤ 0.1) do not count.
    let faint = colorImage(AlphaMask(width: 4, height: 1, coverage: [1, 1, 0.05, 0.05])) { x, _ in
      x < 2 ? (0, 0, 0) : (255, 255, 255)
    }
    #expect(TemplateHygiene.colorSpread(faint) == 0)
  }
}
