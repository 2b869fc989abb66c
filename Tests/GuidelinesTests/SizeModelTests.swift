// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
@testable import Guidelines
import Testing

/// Size alone cannot tell a glyph drawn small (or large) on purpose from one drawn at another
/// scale; the stroke can. A glyph at the family's stroke is too small on its size alone only when
/// it is held to the family's span (the HIG's voicemail beside a star), and larger on its size
/// alone a warning at most. A glyph whose stroke is off by the same factor was scaled: an error.
@Suite struct SizeModelTests {
  static func findings(_ icon: RuleExample.Icon) -> [Finding] {
    auditWith(PerceivedSizeOutlierRule.self, ExampleFamily.icons() + [icon]).filter { $0.iconId == icon.id }
  }

  @Test func aSmallSquareAtTheFamilyStrokeIsNotFlagged() {
    let found = Self.findings(.init(id: "maximize", mask: ExampleDrawing.smallSquare()))
    #expect(found.isEmpty, "\(found.map(\.message))")
  }

  @Test func scanBracketsAtTheFamilyStrokeAreAWarning() throws {
    let found = Self.findings(.init(id: "scan", mask: ExampleDrawing.scanBrackets()))
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.severity == .warning, "\(finding.message)")
    #expect(finding.message.hasPrefix("looks larger than the family"), "\(finding.message)")
  }

  /// A keyline square drawn at 0.8 with its stroke scaled too: the stroke says it was drawn at
  /// another scale.
  @Test func theSameSquareScaledWithItsStrokeIsAnError() throws {
    let found = Self.findings(.init(id: "scaled", mask: ExampleFamily.glyph(1, stroke: 2, size: 0.8)))
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
    #expect(finding.message.hasPrefix("drawn at 0.8"), "\(finding.message)")
  }

  /// A wide glyph held to the family's span at the family's stroke in a tab bar (the voicemail
  /// case): an error. (Its 24 pt canvas with no role would give it no room to grow: a tab bar's
  /// canvas may widen to 48 pt.)
  @Test func aWideGlyphHeldToTheSpanIsAnError() throws {
    var d = ExampleDrawing()
    d.ring(cx: 6, cy: 12, r: 4, width: 2)
    d.ring(cx: 18, cy: 12, r: 4, width: 2)
    d.line(x0: 6, y0: 16, x1: 18, y1: 16, width: 2)
    let icon = RuleExample.Icon(id: "wide", mask: d.mask, role: .tabBar)
    let found = auditWith(PerceivedSizeOutlierRule.self, ExampleFamily.icons(role: .tabBar) + [icon]).filter { $0.iconId == icon.id }
    let finding = try #require(found.first)
    #expect(finding.severity == .error, "\(finding.message)")
  }
}

/// off_center in a family: a glyph placed within the family's frame (signal bars on its baseline)
/// is there on purpose; the same glyph alone is judged against the canvas centre.
@Suite struct OffCenterFrameTests {
  static func signal() -> RuleExample.Icon {
    var d = ExampleDrawing()
    d.line(x0: 4, y0: 20, x1: 4, y1: 17, width: 1.6)
    d.line(x0: 8, y0: 20, x1: 8, y1: 14, width: 1.6)
    return .init(id: "signal", mask: d.mask)
  }

  @Test func signalBarsAloneAreOffCentre() {
    #expect(auditWith(OffCenterRule.self, [Self.signal()]).count == 1)
  }

  @Test func signalBarsInTheFamilyFrameAreNot() {
    #expect(auditWith(OffCenterRule.self, OffCenterRule.family + [Self.signal()]).filter { $0.iconId == "signal" }.isEmpty)
  }
}
