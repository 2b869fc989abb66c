// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Guidelines
import IconRaster
import Testing

/// `scale_variant_mismatch` on files in proportion that disagree: another drawing is an error,
/// the same drawing drawn again with its lines up to 1 pt apart (VLC's `resetIcon`) a warning,
/// the same drawing rasterised half a pixel off nothing; and on a file that is the drawing
/// exported at another size (VLC's `dot3`): a warning within the size rule's error bar, an error
/// beyond it (issue 16).
@Suite struct ScaleRedrawTests {
  func findings(_ analysed: AlphaMask, _ others: [AlphaMask]) -> [Finding] {
    auditWith(ScaleVariantMismatchRule.self, [.init(id: "v", mask: analysed, otherScales: others)])
  }

  @Test func unmatchedInkForgivesLinesUpToTheRadiusApart() {
    let band = outlinedBand(innerPt: 6, scale: 2)
    #expect(ScaleVariant.unmatchedInkShare(band, band, radiusPx: 2) == 0)
    // Moved 0.75 pt right and down: every line within the radius (2 px, 1 pt) of the other's.
    #expect(ScaleVariant.unmatchedInkShare(band, outlinedBand(innerPt: 6, scale: 2, offsetPt: 0.75), radiusPx: 2) < 0.001)
    // The inner outline 1 pt in: still within the radius; 2 pt in: not.
    #expect(ScaleVariant.unmatchedInkShare(band, outlinedBand(innerPt: 5, scale: 2), radiusPx: 2) < 0.001)
    #expect(ScaleVariant.unmatchedInkShare(band, outlinedBand(innerPt: 4, scale: 2), radiusPx: 2) > 0.2)
    // The same shift with a radius of 1 px (0.5 pt) is not forgiven.
    #expect(ScaleVariant.unmatchedInkShare(band, outlinedBand(innerPt: 5, scale: 2), radiusPx: 1) > 0.1)
  }

  @Test func unmatchedInkCountsAPartAddedAndAFilledOne() {
    let band = outlinedBand(innerPt: 6, scale: 2)
    var badged = ExampleDrawing(widthPt: 24, heightPt: 24, scale: 2)
    badged.ring(cx: 12, cy: 12, r: 10, width: 0.5)
    badged.ring(cx: 12, cy: 12, r: 6, width: 0.5)
    badged.disk(cx: 20, cy: 4, r: 2)
    let badge = ScaleVariant.unmatchedInkShare(band, badged.mask, radiusPx: 2)
    #expect(badge > 0.05 && badge < 0.5, "\(badge)")
    // A filled disk against an outline of its rim: every pixel of the outline lies on the disk,
    // but the disk's interior lies over the outline's background.
    let disk = centredDot(canvasPt: 24, diameterPt: 20.5, scale: 2)
    var rim = ExampleDrawing(widthPt: 24, heightPt: 24, scale: 2)
    rim.ring(cx: 12, cy: 12, r: 10, width: 0.5)
    #expect(ScaleVariant.unmatchedInkShare(rim.mask, disk, radiusPx: 2) > 1)
    let empty = AlphaMask(width: 48, height: 48, scale: 2)
    #expect(ScaleVariant.unmatchedInkShare(empty, empty, radiusPx: 2) == 0)
    #expect(ScaleVariant.unmatchedInkShare(empty, band, radiusPx: 2) == 1)
  }

  /// The same outlined drawing rasterised at @2x half a pixel off (in x, and in x and y)
  /// correlates as a re-rasterisation does: nothing to report.
  @Test func theSameOutlineHalfAPixelOffIsNotFlagged() {
    let analysed = outlinedBand(innerPt: 6, scale: 3)
    for offset in [0.25, -0.25] {
      let other = outlinedBand(innerPt: 6, scale: 2, offsetPt: offset)
      let variant = ScaleVariant.compare(analysed: analysed, other: other, path: "v@2x.png")
      #expect((variant.correlation ?? 0) >= 0.88, "\(variant)")
      #expect(findings(analysed, [other]).isEmpty)
    }
  }

  /// VLC's `resetIcon` drawn: the @2x file's inner outline 1 pt in. Its correlation is as low as a
  /// different drawing's, but every line lies within 1 pt of the @3x one's: a warning that says so.
  @Test func theDrawingDrawnAgainIsAWarning() throws {
    let analysed = outlinedBand(innerPt: 6, scale: 3), other = outlinedBand(innerPt: 5, scale: 2)
    let variant = ScaleVariant.compare(analysed: analysed, other: other, path: "v@2x.png")
    #expect((variant.correlation ?? 1) < 0.88, "\(variant)")
    #expect((variant.unmatchedInkShare ?? 1) < 0.01, "\(variant)")
    let found = findings(analysed, [other])
    #expect(found.count == 1)
    let finding = try #require(found.first)
    #expect(finding.severity == .warning)
    #expect(finding.message.contains("is the drawing drawn again, not downsampled"), "\(finding.message)")
    #expect(finding.message.contains("every line within 1 pt of it"), "\(finding.message)")
  }

  /// A part one file lacks, or another glyph: an error, whatever the misregistration forgiven.
  @Test func anotherDrawingIsAnError() throws {
    let analysed = outlinedBand(innerPt: 6, scale: 3)
    var badged = ExampleDrawing(widthPt: 24, heightPt: 24, scale: 2)
    badged.ring(cx: 12, cy: 12, r: 10, width: 0.5)
    badged.ring(cx: 12, cy: 12, r: 5, width: 0.5)
    badged.disk(cx: 20, cy: 4, r: 2)
    let cases: [(AlphaMask, AlphaMask)] = [
      (analysed, badged.mask),
      (analysed, outlinedBand(innerPt: 3, scale: 2)),
      (ExampleFamily.glyph(3, scale: 3), ExampleFamily.glyph(5, scale: 2)),
      (ExampleFamily.glyph(1, scale: 3), ExampleFamily.glyph(1, scale: 2, size: 0.8)),
    ]
    for (a, b) in cases {
      let found = findings(a, [b])
      #expect(found.count == 1)
      let finding = try #require(found.first)
      #expect(finding.severity == .error)
      #expect(finding.message.contains("is a different drawing"), "\(finding.message)")
    }
  }

  /// Another drawing in the @1x file only (ChatSecure's inbox, round 5: an outlined tray at @1x
  /// beside a solid one at @2x): no device since iOS 10 loads it, a warning that says so; the same
  /// file at @2x beside @3x is an error.
  @Test func anotherDrawingAtOneXOnlyIsAWarning() throws {
    let oneX = try #require(findings(ExampleFamily.glyph(3, scale: 3), [ExampleFamily.glyph(5, scale: 1)]).first)
    #expect(oneX.severity == .warning)
    #expect(oneX.message.hasSuffix("is a different drawing: correlation \(oneX.measured.map { fmt($0) } ?? "") with the @3x one at @1x, but no iPhone or iPad since iOS 10 loads it (1x screens)"), "\(oneX.message)")
    #expect(findings(ExampleFamily.glyph(3, scale: 3), [ExampleFamily.glyph(5, scale: 2)]).first?.severity == .error)
  }

  /// A file that is the drawing exported at another size (the dot filling its canvas): within
  /// the size rule's error bar (0.85–1/0.85) a warning naming the ratio, beyond it an error.
  @Test func theDrawingExportedAtAnotherSizeIsJudgedByTheRatio() throws {
    let analysed = centredDot(canvasPt: 12, diameterPt: 12, scale: 3)
    let slightly = findings(analysed, [centredDot(canvasPt: 11, diameterPt: 11, scale: 2)])
    let warning = try #require(slightly.first)
    #expect(slightly.count == 1)
    #expect(warning.severity == .warning)
    #expect(warning.message == "pixel sizes are not in proportion to the scales (@2x 22×22, @3x 36×36): @2x the same drawing at 0.92× the size, on a canvas of 11×11 pt against 12×12 pt, so it looks slightly smaller on those screens")
    let larger = try #require(findings(analysed, [centredDot(canvasPt: 13, diameterPt: 13, scale: 2)]).first)
    #expect(larger.severity == .warning)
    #expect(larger.message.contains("at 1.08× the size") && larger.message.hasSuffix("looks slightly larger on those screens"), "\(larger.message)")
    // 10 pt against 12 pt (0.83×) and 6 pt (0.5×): beyond the bar, errors.
    for canvas in [10.0, 6] {
      let error = try #require(findings(analysed, [centredDot(canvasPt: canvas, diameterPt: canvas, scale: 2)]).first)
      #expect(error.severity == .error, "\(canvas): \(error.message)")
    }
    // Another drawing on the 11 pt canvas (a ring): an error.
    var ring = ExampleDrawing(widthPt: 11, heightPt: 11, scale: 2)
    ring.ring(cx: 5.5, cy: 5.5, r: 4, width: 1.5)
    #expect(findings(analysed, [ring.mask]).first?.severity == .error)
  }
}
