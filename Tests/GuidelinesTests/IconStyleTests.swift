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

  /// A deeply knocked-out fill (Phosphor's ice cream, fill weight, at 22 pt @3x): its profile runs
  /// along the thin bands between cut-outs, 0.36 of its contour estimate; read by its body it is
  /// filled (by the profile alone the two share cues voted outline and it was unsure). A heavy line
  /// drawing whose small holes close up (profile ÷ contour 0.71) keeps its profile shares.
  @Test func aKnockedOutFillIsJudgedByItsBody() {
    let iceCream = IconStyle.Cues(density: 0.84, strokeToExtent: 0.070, profileToContour: 0.36, strokeToCanvas: 0.063, components: 1)
    #expect(IconStyle(iceCream) == .filled)
    let topology = IconStyle.Cues(density: 0.77, strokeToExtent: 0.159, profileToContour: 0.71, strokeToCanvas: 0.126, components: 1)
    #expect(IconStyle(topology) == .unsure)
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
