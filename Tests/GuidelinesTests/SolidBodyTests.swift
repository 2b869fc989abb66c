// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
@testable import Guidelines
import IconMetrics
import IconRaster
import Testing

/// A glyph whose own cues say neither filled nor outline is not judged as a heavier line as surely
/// as a line drawing: a solid handset with no opening may have a body, not a stroke
/// (`stroke_weight_outlier`: a warning at most); a `!` one stroke across fills its hull because it
/// is thin, not because an area was filled (`style_mismatch`: a warning at most).
@Suite struct SolidBodyTests {
  static func findings<R: Rule>(_ rule: R.Type, _ family: [RuleExample.Icon], _ icon: RuleExample.Icon) -> [Finding] {
    auditWith(rule, family + [icon]).filter { $0.iconId == icon.id }
  }

  static func metrics(_ mask: AlphaMask) -> IconMeasurements {
    MetricsEngine.measure(mask)
  }

  @Test func theHandsetIsUnsureWithNoOpening() {
    let m = Self.metrics(ExampleDrawing.solidHandset())
    #expect(m.style == .unsure, "\(m.style) density \(m.density) stroke \(m.strokeWeightPt) holes \(m.holes)")
    #expect(m.holes == 0)
    #expect(mayBeSolidBody(m))
  }

  @Test func aSolidHandsetIsAWarningAtMost() throws {
    let handset = RuleExample.Icon(id: "handset", mask: ExampleDrawing.solidHandset())
    let found = Self.findings(StrokeWeightOutlierRule.self, ExampleFamily.icons(count: 12), handset)
    let finding = try #require(found.first)
    #expect(finding.severity == .warning, "\(finding.message)")
  }

  @Test func aHeavierRingIsStillAnError() throws {
    let ring = RuleExample.Icon(id: "ring", mask: ExampleFamily.glyph(0, stroke: 3))
    let found = Self.findings(StrokeWeightOutlierRule.self, ExampleFamily.icons(count: 12), ring)
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
  }

  @Test func anExclamationMarkTwiceTheStrokeIsAWarningAtMost() throws {
    let family = (0..<12).map { RuleExample.Icon(id: "g\($0)", mask: ExampleFamily.glyph($0, stroke: 1.4)) }
    let mark = RuleExample.Icon(id: "mark", mask: ExampleDrawing.exclamationMark())
    let m = Self.metrics(ExampleDrawing.exclamationMark())
    #expect(m.style == .unsure && m.density >= IconStyle.filledDensity && !hasAreaToFill(m),
            "\(m.style) density \(m.density) stroke \(m.strokeWeightPt) extent \(m.extentPt)")
    let found = Self.findings(StyleMismatchRule.self, family, mark)
    let finding = try #require(found.first)
    #expect(finding.severity == .warning, "\(finding.message)")
  }

  @Test func aSolidStarIsStillAnError() throws {
    let star = RuleExample.Icon(id: "star", mask: ExampleDrawing.solidStar())
    let found = Self.findings(StyleMismatchRule.self, ExampleFamily.icons(count: 12), star)
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
  }
}
