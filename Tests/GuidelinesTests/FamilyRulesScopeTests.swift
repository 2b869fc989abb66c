// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import IconMetrics
import IconRaster
import Testing

@Suite("Family rules in a whole-repository audit")
struct FamilyRulesScopeTests {
  /// Eight glyphs of one family and one drawn at 80%, all of `role`.
  func findings(role: IconRole, needRole: Bool) -> [Finding] {
    let icons = (ExampleFamily.icons(count: 8) + [.init(id: "small", mask: ExampleFamily.glyph(1, size: 0.8))]).map { icon -> AuditIcon in
      let mask = icon.image.alphaMask
      return AuditIcon(id: icon.id, path: icon.id + ".png", family: "Icons", role: role, scale: mask.scale,
                       widthPx: mask.width, heightPx: mask.height, metrics: MetricsEngine.measure(mask), mask: mask)
    }
    var configuration = AuditConfiguration()
    configuration.familyRulesNeedRole = needRole
    return Auditor.audit(icons, configuration: configuration).findings.filter { $0.ruleId == PerceivedSizeOutlierRule.identifier }
  }

  @Test("a folder of icons of unknown role is a family in a folder audit, not in a whole-repository audit")
  func familyRulesNeedARoleInARepository() {
    #expect(findings(role: .unknown, needRole: false).map(\.iconId) == ["small"])
    #expect(findings(role: .unknown, needRole: true).isEmpty)
    // A bar-named folder (a role) is a family in both.
    #expect(findings(role: .tabBar, needRole: true).map(\.iconId) == ["small"])
  }
}
