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
  /// A heavy ring: ink ÷ hull about 0.58 (under the density cue's 0.72), its stroke 17% of its
  /// extent and 14% of the canvas: one filled vote, unsure by its own cues.
  static func heavyRing() -> AlphaMask {
    var d = ExampleDrawing()
    d.ring(cx: 12, cy: 12, r: 8.3, width: 3.4)
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
    let ring = Self.heavyRing()
    #expect(MetricsEngine.measure(ring).style == .unsure, "the drawing must be at the margin of both styles")
    let findings = auditWith(StyleMismatchRule.self, ExampleFamily.icons() + [.init(id: "heavy", mask: ring)])
    #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
    #expect(findings.first?.message.contains("its shape alone does not say filled") == true)
  }
}
