// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Guidelines
import Testing

/// One stroke to draw per icon (issue 16: one fix per icon, reconciled): an icon heavier than the
/// guideline and than its family gets the same target stroke from `stroke_weight_guidance` and
/// `stroke_weight_outlier`.
@Suite("stroke fixes agree")
struct StrokeFixAgreementTests {
  /// The first "N pt" in a text.
  private func points(_ text: String) -> String? {
    guard let range = text.range(of: #"[0-9]+(\.[0-9]+)? pt"#, options: .regularExpression) else { return nil }
    return String(text[range])
  }

  @Test("a 3 pt stroke in a small family: both rules name the other icons' stroke")
  func guidanceAndOutlierNameOneStroke() throws {
    // Strokes 1.6–2 pt: the group's median with the heavy icon (1.9) differs from the others'
    // (1.8), which the outlier rule states in a group this small.
    let strokes = [1.6, 1.8, 1.8, 2.0, 2.0]
    let icons = strokes.enumerated().map { RuleExample.Icon(id: "g\($0.offset)", mask: ExampleFamily.glyph($0.offset, stroke: $0.element)) }
      + [RuleExample.Icon(id: "heavy", mask: ExampleFamily.glyph(6, stroke: 3))]
    let outlier = try #require(auditWith(StrokeWeightOutlierRule.self, icons).first { $0.iconId == "heavy" })
    let guidance = try #require(auditWith(StrokeWeightGuidanceRule.self, icons).first { $0.iconId == "heavy" })
    let target = try #require(points(outlier.fix ?? ""))
    #expect(points(guidance.fix ?? "") == target, "guidance: \(guidance.fix ?? "") — outlier: \(outlier.fix ?? "")")
  }
}
