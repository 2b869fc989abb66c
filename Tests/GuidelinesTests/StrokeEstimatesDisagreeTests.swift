// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
@testable import Guidelines
import Testing

/// When the two stroke estimates disagree, which one decides (`stroke_weight_outlier`): the profile
/// of a line of one width whose contour estimate is lowered by its dots (an error), and the profile
/// whose contour estimate follows it but stays within a family's wide contour spread (a warning).
/// Neither where the family draws with solid parts, nor at the family's weight.
@Suite struct StrokeEstimatesDisagreeTests {
  static func findings<R: Rule>(_ rule: R.Type, _ family: [RuleExample.Icon], _ icon: RuleExample.Icon) -> [Finding] {
    auditWith(rule, family + [icon]).filter { $0.iconId == icon.id }
  }

  @Test func aHeavierDottedCornerIsAStrokeError() throws {
    let icon = RuleExample.Icon(id: "border", mask: ExampleDrawing.dottedCorner(stroke: 2.66))
    let found = Self.findings(StrokeWeightOutlierRule.self, ExampleFamily.icons(), icon)
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
    #expect(Self.findings(PerceivedSizeOutlierRule.self, ExampleFamily.icons(), icon).isEmpty)
  }

  @Test func aDottedCornerAtTheFamilyWeightIsNoFinding() {
    let icon = RuleExample.Icon(id: "border", mask: ExampleDrawing.dottedCorner(stroke: 2))
    #expect(Self.findings(StrokeWeightOutlierRule.self, ExampleFamily.icons(), icon).isEmpty)
  }

  @Test func aContourEstimateThatFollowsWithinAWideSpreadIsAWarning() throws {
    let icon = RuleExample.Icon(id: "plus2", mask: ExampleDrawing.plusSign(stroke: 2.5))
    let found = Self.findings(StrokeWeightOutlierRule.self, ExampleDrawing.dashedFamily(), icon)
    let finding = try #require(found.first)
    #expect(finding.severity == .warning, "\(finding.message)")
    // Only the target: the dashed squares at the family's weight get nothing.
    #expect(auditWith(StrokeWeightOutlierRule.self, ExampleDrawing.dashedFamily() + [icon]).count == 1)
  }

  /// A lighter line whose contour estimate follows: a warning among line drawings, nothing in a
  /// family that draws with solids (whose outline statistics mix lines with solid parts).
  @Test func notInAFamilyThatDrawsWithSolids() throws {
    let icon = RuleExample.Icon(id: "plus2", mask: ExampleDrawing.plusSign(stroke: 1.6))
    let lines = Self.findings(StrokeWeightOutlierRule.self, ExampleDrawing.dashedFamily(), icon)
    #expect(try #require(lines.first).severity == .warning, "\(lines.map(\.message))")
    let family = ExampleDrawing.dashedFamily() + [
      .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
      .init(id: "screen", mask: ExampleDrawing.framedSolidDisk()),
    ]
    #expect(Self.findings(StrokeWeightOutlierRule.self, family, icon).isEmpty)
  }
}
