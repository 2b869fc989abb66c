// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Guidelines
import IconMetrics
import Testing

/// The example family every rule's examples are built on must itself be consistent, or the
/// examples would test noise.
@Suite struct ExampleFamilyTests {
  @Test func glyphsShareSizeAndStroke() {
    let measured = (0..<8).map { MetricsEngine.measure(ExampleFamily.glyph($0)) }
    let sizes = measured.map(FamilyAnalyzer.effectiveSize)
    let median = sizes.sorted()[4]
    for (i, size) in sizes.enumerated() {
      #expect(abs(size / median - 1) < 0.04, "g\(i): \(size) vs \(median)")
      #expect(abs(measured[i].strokeWeightPt - 2) < 0.1, "g\(i): stroke \(measured[i].strokeWeightPt)")
      #expect(measured[i].style == .outline)
    }
  }
}
