// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
@testable import Guidelines
import Testing

/// An icon of another family is told by the cues a designer sees: a line drawn at another weight
/// (`stroke_weight_outlier`), also in a family that draws with solids when it is a line of one width;
/// solid parts with lines at another weight in a family without solids (`style_mismatch`: drawn in
/// another style). A solid part read as a stroke, or a solid bulb at the family's weight, is not.
@Suite struct ForeignFamilyTests {
  /// The example family at `stroke` pt, with two line drawings with solid parts (a charge bar, a
  /// framed solid disk): a family that draws with solids.
  static func solidFamily() -> [RuleExample.Icon] {
    ExampleFamily.icons() + [
      .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
      .init(id: "screen", mask: ExampleDrawing.framedSolidDisk()),
    ]
  }

  static func findings<R: Rule>(_ rule: R.Type, _ family: [RuleExample.Icon], _ icon: RuleExample.Icon) -> [Finding] {
    auditWith(rule, family + [icon]).filter { $0.iconId == icon.id }
  }

  @Test func aHeavierLineOfOneWidthAmongSolidsIsAnError() throws {
    let heavy = RuleExample.Icon(id: "heavy", mask: ExampleFamily.glyph(5, stroke: 3))
    let found = Self.findings(StrokeWeightOutlierRule.self, Self.solidFamily(), heavy)
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
  }

  @Test func aSolidCrescentAmongSolidsIsAWarningAtMost() {
    let crescent = RuleExample.Icon(id: "crescent", mask: ExampleDrawing.solidCrescent())
    let found = Self.findings(StrokeWeightOutlierRule.self, Self.solidFamily(), crescent)
    #expect(found.allSatisfy { $0.severity == .warning }, "\(found.map(\.message))")
  }

  @Test func aPartlyFilledGlyphAtAnotherWeightIsAStyleError() throws {
    let icon = RuleExample.Icon(id: "thermometer", mask: ExampleDrawing.partlyFilledThermometer())
    let family = ExampleFamily.icons(count: 12)
    let style = Self.findings(StyleMismatchRule.self, family, icon)
    let finding = try #require(style.first)
    #expect(finding.severity == .error, "\(finding.message)")
    #expect(finding.message.hasPrefix("a partly filled icon"), "\(finding.message)")
    // One finding for it: the stroke rule leaves it to style_mismatch.
    #expect(Self.findings(StrokeWeightOutlierRule.self, family, icon).isEmpty)
  }

  /// Among five line drawings one solid drawing is a fifth of them, past the share at which solids
  /// are a family's manner: weaker evidence, a warning.
  @Test func inASmallFamilyItIsAWarning() throws {
    let icon = RuleExample.Icon(id: "thermometer", mask: ExampleDrawing.partlyFilledThermometer())
    let found = Self.findings(StyleMismatchRule.self, ExampleFamily.icons(count: 5), icon)
    let finding = try #require(found.first)
    #expect(finding.severity == .warning, "\(finding.message)")
  }

  @Test func aSolidBulbAtTheFamilyWeightIsNoFinding() {
    let icon = RuleExample.Icon(id: "thermometer", mask: ExampleDrawing.partlyFilledThermometer(stroke: 2))
    let family = ExampleFamily.icons(count: 12)
    #expect(Self.findings(StyleMismatchRule.self, family, icon).isEmpty)
    #expect(Self.findings(StrokeWeightOutlierRule.self, family, icon).isEmpty)
  }
}
