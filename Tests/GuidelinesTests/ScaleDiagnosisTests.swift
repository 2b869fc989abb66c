// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
@testable import Guidelines
import Testing

/// A heavier stroke has two explanations: the whole glyph was drawn larger, or only its stroke
/// changed. The family below has glyphs on the keyline and some drawn 10% smaller (as real families
/// do); the same small glyph is then either scaled to 120% (stroke 2.4 pt, extent beyond the
/// keyline) or given a 2.4 pt stroke at its own size. Each must be reported once, by the rule that
/// names its cause.
@Suite struct ScaleDiagnosisTests {
  /// Twelve 2 pt glyphs: the eight keyline glyphs, four more (two of them again) drawn at 90%.
  static func family() -> [RuleExample.Icon] {
    ExampleFamily.icons()
      + [1, 2, 4, 6].map { i in RuleExample.Icon(id: "small\(i)", mask: ExampleFamily.glyph(i, stroke: 2 / 0.9, size: 0.9)) }
  }

  /// `glyph(3)` at 90% with a 2 pt stroke, then scaled by `scale`, with its stroke times `stroke`.
  static func victim(scale: Double, stroke: Double) -> RuleExample.Icon {
    let size = 0.9 * scale
    return RuleExample.Icon(id: "victim", mask: ExampleFamily.glyph(3, stroke: 2 * scale * stroke / size, size: size))
  }

  static func findings<R: Rule>(_ victim: RuleExample.Icon, _ rule: R.Type) -> [Finding] {
    auditWith(rule, family() + [victim]).filter { $0.iconId == "victim" }
  }

  @Test func aSmallGlyphScaledUpIsReportedAsScaled() throws {
    let icon = Self.victim(scale: 1.2, stroke: 1)
    let size = Self.findings(icon, PerceivedSizeOutlierRule.self)
    #expect(size.count == 1)
    let finding = try #require(size.first)
    // Measured on pixels: 1.19–1.2 (a 2.4 pt stroke measures 2.37–2.4 pt).
    #expect(finding.message.hasPrefix("drawn at 1.19× the family's scale") || finding.message.hasPrefix("drawn at 1.2× the family's scale"),
            "\(finding.message)")
    let measured = try #require(finding.measured)
    #expect(abs(measured - 1.2) < 0.02)
    #expect(finding.fix == "scale the whole glyph \(fmt(1 / measured))× (smaller), stroke included", "\(finding.fix ?? "")")
    #expect(Self.findings(icon, StrokeWeightOutlierRule.self).isEmpty)
  }

  @Test func theSameGlyphWithOnlyAHeavierStrokeIsAStrokeOutlier() throws {
    let icon = Self.victim(scale: 1, stroke: 1.2)
    #expect(Self.findings(icon, PerceivedSizeOutlierRule.self).isEmpty)
    let stroke = Self.findings(icon, StrokeWeightOutlierRule.self)
    #expect(stroke.count == 1)
    #expect(stroke.first?.message.contains("2.4") == true, "\(stroke.first?.message ?? "")")
  }

  @Test func aGlyphScaledDownIsReportedAsScaled() {
    let icon = Self.victim(scale: 0.8, stroke: 1)  // 72% of the keyline size, stroke 1.6 pt
    let size = Self.findings(icon, PerceivedSizeOutlierRule.self)
    #expect(size.count == 1 && size.first?.message.contains("the family's scale") == true, "\(size.map(\.message))")
    #expect(Self.findings(icon, StrokeWeightOutlierRule.self).isEmpty)
  }

  /// A family whose strokes spread by about ±5% (1.875–2.125 pt, drawn at @4x so that the
  /// rectangles' strokes are not snapped to the half-point: a MAD of 0.045 of a log, as Yaru's and
  /// Papirus' families do): a glyph scaled by 0.8 has its stroke at |M| = 3.1, short of the 3.5 a
  /// stroke off by less than the size rule's error ratio needs. Off by 0.81, beyond that ratio,
  /// |M| ≥ 2.5 (`scaleStrokeClearZ`) is enough: it is reported as scaled, once.
  @Test func aScaledGlyphInAFamilyWithLooserStrokesIsReportedAsScaled() throws {
    let strokes = [1.91, 2.0, 2.0, 2.0, 2.09, 2.125, 1.875, 1.875]
    let family = strokes.enumerated().map { i, w in
      RuleExample.Icon(id: "g\(i)", mask: ExampleFamily.glyph(i, scale: 4, stroke: w))
    }
    let victim = RuleExample.Icon(id: "victim", mask: ExampleFamily.glyph(3, scale: 4, stroke: 2, size: 0.8))
    let size = auditWith(PerceivedSizeOutlierRule.self, family + [victim]).filter { $0.iconId == "victim" }
    #expect(size.count == 1 && size.first?.message.hasPrefix("drawn at 0.81× the family's scale") == true, "\(size.map(\.message))")
    #expect(size.first?.severity == .error)
    let stroke = auditWith(StrokeWeightOutlierRule.self, family + [victim]).filter { $0.iconId == "victim" }
    #expect(stroke.isEmpty, "\(stroke.map(\.message))")
    // At the old bar (|M| ≥ 3.5 whatever the ratio) it was not called scaled.
    let strict = auditWith(PerceivedSizeOutlierRule.self, family + [victim], thresholds: [.scaleStrokeClearZ: 3.5])
    #expect(strict.filter { $0.iconId == "victim" && $0.message.contains("the family's scale") }.isEmpty)
  }

  /// Rows and grids of dots (Lucide's ellipsis, grip): the profile estimate measures a dot's
  /// diameter, twice the family's stroke, but the contour estimate is ordinary. Not a scaled glyph.
  @Test func dotsAreNotAScaledGlyph() {
    var row = ExampleDrawing()
    for x in [5.0, 12, 19] { row.disk(cx: x, cy: 12, r: 2) }
    var grid = ExampleDrawing()
    // 3 × 4 dots: a detail density like the family's, the case the contour check is for.
    for x in [6.0, 12, 18] { for y in [4.5, 9.5, 14.5, 19.5] { grid.disk(cx: x, cy: y, r: 2) } }
    for dots in [RuleExample.Icon(id: "victim", mask: row.mask), RuleExample.Icon(id: "victim", mask: grid.mask)] {
      let scaled = Self.findings(dots, PerceivedSizeOutlierRule.self).filter { $0.message.contains("the family's scale") }
      #expect(scaled.isEmpty, "\(scaled.map(\.message))")
    }
  }

  /// The kernel density: integrates to 1, peaks at a lone sample, bandwidth never below the floor.
  @Test func kernelDensity() {
    let one = KernelDensity([0.5], minimumBandwidth: 0.1)
    #expect(abs(one.bandwidth - 0.1) < 1e-12)
    #expect(abs(one(0.5) - 1 / (0.1 * (2 * Double.pi).squareRoot())) < 1e-9)
    let samples = [-0.3, -0.1, 0, 0, 0.02, 0.05, 0.4]
    let density = KernelDensity(samples, minimumBandwidth: 0.03)
    var integral = 0.0
    var x = -2.0
    while x < 2 {
      integral += density(x) * 0.001
      x += 0.001
    }
    #expect(abs(integral - 1) < 1e-3)
    #expect(density(0) > density(0.2) && density(0.2) > density(1))
  }

  /// A family drawn at 85% of the canvas (2 pt strokes spreading ±6%, at @4x), and a rectangle at
  /// 96%: drawn larger and heavier (stroke 3 pt, 1.5×; size 1.18×), the two ratios too far apart
  /// for the same-factor reading, reaching beyond the family's room (1.17×) by more than the heavier
  /// stroke adds (1.11×): the size rule reports it as drawn larger (`drawnLarger`). The same
  /// rectangle at the family's stroke (drawn large on purpose) is not read as drawn larger, and the
  /// heavier stroke at the family's size is the stroke rule's alone.
  static func familyAt85() -> [RuleExample.Icon] {
    [1.91, 2.0, 2.0, 2.0, 2.09, 2.125, 1.875, 1.875].enumerated().map { i, w in
      RuleExample.Icon(id: "g\(i)", mask: ExampleFamily.glyph(i, scale: 4, stroke: w / 0.85, size: 0.85))
    }
  }

  @Test func aGlyphLargerAndHeavierBeyondTheRoomWasDrawnLarger() throws {
    let victim = RuleExample.Icon(id: "victim", mask: ExampleFamily.glyph(2, scale: 4, stroke: 3 / 0.96, size: 0.96))
    let size = auditWith(PerceivedSizeOutlierRule.self, Self.familyAt85() + [victim]).filter { $0.iconId == "victim" }
    let finding = try #require(size.first, "no size finding")
    #expect(size.count == 1)
    #expect(finding.message.contains("drawn larger, at about"), "\(finding.message)")
    #expect(finding.severity == .error)
    #expect(finding.fix?.contains("smaller") == true && finding.fix?.contains("stroke included") == true, "\(finding.fix ?? "")")
  }

  @Test func aLargerGlyphAtTheFamilysStrokeIsNotReadAsDrawnLarger() {
    let victim = RuleExample.Icon(id: "victim", mask: ExampleFamily.glyph(2, scale: 4, stroke: 2 / 0.96, size: 0.96))
    let size = auditWith(PerceivedSizeOutlierRule.self, Self.familyAt85() + [victim]).filter { $0.iconId == "victim" }
    #expect(size.allSatisfy { !$0.message.contains("drawn larger") && $0.severity != .error }, "\(size.map(\.message))")
  }

  @Test func aHeavierStrokeAtTheFamilysSizeIsNotReadAsDrawnLarger() {
    let victim = RuleExample.Icon(id: "victim", mask: ExampleFamily.glyph(2, scale: 4, stroke: 3 / 0.85, size: 0.85))
    let size = auditWith(PerceivedSizeOutlierRule.self, Self.familyAt85() + [victim]).filter { $0.iconId == "victim" }
    #expect(size.allSatisfy { !$0.message.contains("drawn larger") }, "\(size.map(\.message))")
  }
}
