// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Guidelines
import IconMetrics
import IconRaster
import Testing

@Suite("Similarity rules")
struct SimilarityRulesTests {
  @Test("resampling by area averaging keeps the ink (× k²) and the drawing", arguments: [0.5, 2.0 / 3, 1.5, 2])
  func resampling(k: Double) {
    let mask = ExampleFamily.glyph(4, scale: 2)
    let resampled = Similarity.resampled(mask, by: k, scale: 2 * k)
    #expect(resampled.width == Int((48 * k).rounded()))
    #expect(abs(resampled.inkPx / (mask.inkPx * k * k) - 1) < 0.01)
    let back = Similarity.resampled(resampled, toScale: 2)
    #expect(back.width == 48 && back.height == 48)
    #expect(Spectrum.normalizedCrossCorrelation(mask, back, maxShift: 1).peak > 0.9)
    #expect(Similarity.resampled(mask, toScale: 2) == mask)
  }

  @Test("the signature prefilter agrees with the distance")
  func prefilter() {
    let a = Spectrum.signature(ExampleFamily.glyph(1)), b = Spectrum.signature(ExampleFamily.glyph(5))
    let d = a.distance(to: b)
    #expect(Similarity.isWithin(a, b, d + 1e-6))
    #expect(!Similarity.isWithin(a, b, d - 1e-6))
    #expect(Similarity.isWithin(a, a, 0))
  }

  @Test("duplicate_icon: each pair once, on the later path, naming the other")
  func duplicatePairs() {
    let clock = ExampleFamily.glyph(4)
    let icons: [RuleExample.Icon] = [.init(id: "c", mask: clock), .init(id: "a", mask: clock), .init(id: "b", mask: clock),
                                     .init(id: "ring", mask: ExampleFamily.glyph(0))]
    let findings = auditWith(DuplicateIconRule.self, icons)
    #expect(findings.count == 3)
    #expect(findings.map(\.iconId).sorted() == ["b", "c", "c"])
    #expect(findings.contains { $0.iconId == "b" && $0.message.contains("a.png") })
    #expect(findings.contains { $0.iconId == "c" && $0.message.contains("b.png") })
    #expect(findings.allSatisfy { ($0.measured ?? 0) >= 0.98 })
  }

  @Test("duplicate_icon: a moved copy is a duplicate; selected states and empty icons are not")
  func duplicateCases() {
    let moved = drawing { $0.rectOutline(x: 4, y: 3, width: 18, height: 18, stroke: 2) }
    #expect(auditWith(DuplicateIconRule.self, [.init(id: "a", mask: ExampleFamily.glyph(1)), .init(id: "b", mask: moved)]).count == 1)
    let star = ExampleFamily.glyph(6)
    let states = [("star", IconState.unselected), ("star-selected", .selected)].map { id, state in
      AuditIcon(id: id, path: id + ".png", scale: 2, widthPx: 48, heightPx: 48, metrics: MetricsEngine.measure(star),
                mask: star, state: state, itemId: "star")
    }
    let context = RuleContext<DuplicateIconRule>(family: FamilyAnalyzerShim.family(states), icons: states)
    #expect(DuplicateIconRule().check(context).isEmpty)
    #expect(auditWith(DuplicateIconRule.self, [.init(id: "star", mask: star), .init(id: "star-copy", mask: star)]).count == 1)
    let empty = AlphaMask(width: 48, height: 48, scale: 2)
    #expect(auditWith(DuplicateIconRule.self, [.init(id: "a", mask: empty), .init(id: "b", mask: empty)]).isEmpty)
  }

  @Test("resembles_system_icon: runs only with references, names the closest one, at any scale")
  func resembles() {
    let panel = RuleExample.Icon(id: "panel", mask: ExampleFamily.glyph(5))
    #expect(auditWith(ResemblesSystemIconRule.self, [panel]).isEmpty)
    let references = [
      ReferenceIcon(name: "square", mask: ExampleFamily.glyph(1, scale: 3)),
      ReferenceIcon(name: "window", mask: ExampleFamily.glyph(5, scale: 3, size: 0.9)),
      ReferenceIcon(name: "clock", mask: ExampleFamily.glyph(4, scale: 3)),
    ]
    let findings = auditWith(ResemblesSystemIconRule.self, [panel], references: references)
    #expect(findings.count == 1)
    #expect(findings.first?.message.contains("'window'") == true, "\(findings.map(\.message))")
    // A plain ring is not a square or a window (against a clock face it scores about 0.9: a
    // ring is most of a clock's silhouette).
    let ring = RuleExample.Icon(id: "ring", mask: ExampleFamily.glyph(0))
    let shapes = Array(references.prefix(2))
    #expect(auditWith(ResemblesSystemIconRule.self, [ring], references: shapes).isEmpty)
    #expect(!auditWith(ResemblesSystemIconRule.self, [ring], references: shapes, thresholds: [.minimumCorrelation: 0.1, .signatureDistance: 1]).isEmpty)
  }
}
