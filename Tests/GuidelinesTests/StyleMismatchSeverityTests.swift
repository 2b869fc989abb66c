// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Guidelines
import IconMetrics
import IconRaster
import Testing

/// `style_mismatch` grades a filled icon among outlines by how sure its style is (issue 16: an
/// error is what a designer fixes without arguing).
@Suite("style_mismatch severity")
struct StyleMismatchSeverityTests {
  /// A heavy open arc (a C at 3.4 pt, 1.7× the family's 2 pt): ink ÷ hull under the density cue's
  /// 0.72, its stroke 17% of its extent: unsure by its own cues, filled only by its family's stroke.
  /// (A heavy closed ring was this case until the enclosure cue: it encloses a third of its
  /// silhouette and is an outline.)
  static func heavyArc() -> AlphaMask {
    var d = ExampleDrawing()
    let points = stride(from: 40.0, through: 320.0, by: 10.0).map { a -> (Double, Double) in
      (12 + 8.3 * cos(a * .pi / 180), 12 - 8.3 * sin(a * .pi / 180))
    }
    d.polyline(points, width: 3.4)
    return d.mask
  }

  @Test("a solid disk among outlines is an error")
  func solidIsAnError() {
    let disk = { () -> AlphaMask in var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()
    let findings = auditWith(StyleMismatchRule.self, ExampleFamily.icons() + [.init(id: "disk", mask: disk)])
    #expect(findings.map(\.severity) == [.error], "\(findings.map(\.message))")
    #expect(findings.first?.message.hasPrefix("a filled icon") == true)
  }

  @Test("a heavy glyph filled only by its family's stroke is a warning")
  func familyReadFillIsAWarning() {
    let arc = Self.heavyArc()
    #expect(MetricsEngine.measure(arc).style == .unsure, "the drawing must be at the margin of both styles")
    let findings = auditWith(StyleMismatchRule.self, ExampleFamily.icons() + [.init(id: "heavy", mask: arc)])
    #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
    #expect(findings.first?.message.contains("its shape alone does not say filled") == true)
  }

  /// AltStore's tab bar (issue 16, held-out apps): a 3.45 pt rounded-diamond ring beside a 2.3 pt
  /// square outline was called filled (two share votes), so the square became "an outline icon
  /// among filled ones". A ring encloses a third of its silhouette or more: an outline however heavy.
  @Test("a thick ring among rings is not filled, and makes no outline icon a minority")
  func aThickRingIsAnOutline() {
    var thick = ExampleDrawing()
    thick.ring(cx: 12, cy: 12, r: 8.3, width: 3.4)
    #expect(MetricsEngine.measure(thick.mask).style != .filled)
    let rings = (0..<4).map { k -> RuleExample.Icon in
      var d = ExampleDrawing()
      d.ring(cx: 12, cy: 12, r: 9 - Double(k) * 0.5, width: 2)
      return .init(id: "ring\(k)", mask: d.mask)
    }
    let findings = auditWith(StyleMismatchRule.self, rings + [.init(id: "thick", mask: thick.mask)])
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }
}
