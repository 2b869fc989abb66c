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

  /// A ring of any thickness whose hole is at least half its width encloses its opening: an
  /// outline, never filled, while a disk with a small hole stays filled (issue 16: AltStore's 3.45 pt ring; its solid gear with a
  /// round hole, 0.23 of its silhouette, is filled).
  @Test func aThickRingIsNotFilledButADiskWithASmallHoleIs() {
    for width in [2.0, 3.4, 5.0] {
      var d = ExampleDrawing()
      d.ring(cx: 12, cy: 12, r: 10.5 - width / 2, width: width)
      let m = MetricsEngine.measure(d.mask)
      #expect(m.style == .outline, "a ring \(width) pt wide: \(m.style), density \(m.density)")
    }
    var d = ExampleDrawing()
    d.ring(cx: 12, cy: 12, r: 6.25, width: 8.5)
    #expect(style(d.mask) == .filled, "a disk of radius 10.5 with a hole of radius 2 encloses 4% of its silhouette")
  }

  /// An outline window with a solid title bar (Font Awesome's window-maximize): its profile ÷ contour
  /// stroke is low (0.52) because of the bar, not of cut-outs in a body; the opening is most of it.
  @Test func aFrameWithASolidBarIsNotFilled() {
    let m = MetricsEngine.measure(ExampleDrawing.windowWithTitleBar())
    #expect(m.style != .filled, "\(m.style): density \(m.density), profile \(m.strokeWeightProfilePx) contour \(m.strokeWeightContourPx)")
  }

  /// The mute glyph of the stroke guidance's example is what the guidance must skip: outline by its
  /// cues and both stroke estimates beyond 2.15 pt, drawn with a solid body.
  @Test func aSolidSpeakerReadsAsAHeavyOutline() {
    let m = MetricsEngine.measure(ExampleDrawing.muteSpeaker())
    #expect(m.style == .outline, "\(m.style) density \(m.density) profile \(m.strokeWeightProfilePx) contour \(m.strokeWeightContourPx) extent \(m.extentPt) spread \(m.strokeWidthSpread)")
    #expect(min(m.strokeWeightProfilePx, m.strokeWeightContourPx) / 2 > 2.15,
            "profile \(m.strokeWeightProfilePx) px, contour \(m.strokeWeightContourPx) px at @2x")
    #expect(m.strokeWeightProfilePx / m.strokeWeightContourPx < 0.8 || m.strokeWidthSpread >= 2,
            "profile ÷ contour \(m.strokeWeightProfilePx / m.strokeWeightContourPx), spread \(m.strokeWidthSpread)")
  }

  @Test func aSolidDiskIsFilled() {
    var d = ExampleDrawing()
    d.disk(cx: 12, cy: 12, r: 9)
    #expect(style(d.mask) == .filled)
  }
}
