// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import IconMetrics
import IconRaster
import Testing

/// The style cues on drawn cases (issue 16 pattern 3).
@Suite struct IconStyleTests {
  func style(_ mask: AlphaMask) -> IconStyle { MetricsEngine.measure(mask).style }

  @Test func aSolidStarIsNotAnOutline() {
    let m = MetricsEngine.measure(ExampleDrawing.solidStar())
    #expect(m.density > 0.5 && m.density < 0.7, "ink ÷ hull about 0.6 (\(m.density))")
    #expect(m.style != .outline)
  }

  @Test func aFilledBadgeIsFilled() { #expect(style(ExampleDrawing.filledBadge()) == .filled) }

  @Test func aSolidGearIsFilled() { #expect(style(ExampleDrawing.solidGear()) == .filled) }

  @Test func filledAndOutlinedVersionsLandOnOppositeSides() {
    #expect(style(ExampleDrawing.outlineStar()) == .outline)
    #expect(style(ExampleDrawing.solidStar()) != .outline)
    #expect(style(ExampleDrawing.outlineGear()) == .outline)
    #expect(style(ExampleDrawing.solidGear()) == .filled)
  }

  @Test func aLineWithARingIsOutline() {
    var d = ExampleDrawing()
    d.ring(cx: 12, cy: 7, r: 4, width: 2)
    d.line(x0: 12, y0: 11, x1: 12, y1: 22, width: 2)
    #expect(style(d.mask) == .outline)
  }

  @Test func anEllipsisIsUnsure() {
    var d = ExampleDrawing()
    for x in [5.0, 12, 19] { d.disk(cx: x, cy: 12, r: 2) }
    #expect(style(d.mask) == .unsure)
  }

  @Test func aSolidDiskIsFilled() {
    var d = ExampleDrawing()
    d.disk(cx: 12, cy: 12, r: 9)
    #expect(style(d.mask) == .filled)
  }
}
