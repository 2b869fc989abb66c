// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import IconMetrics
import IconRaster

/// The result of an audit: a value that every writer is a pure function of.
public struct AuditReport: Sendable {
  public var label: String?
  public var icons: [AuditIcon]
  public var families: [FamilyReport]
  /// Sorted by path, rule, message.
  public var findings: [Finding]
  /// Inputs that could not be read (path, reason).
  public var unreadable: [(path: String, reason: String)]
  /// The audited folder's own name, when paths are relative to it (`iconaudit audit TabBar`): the
  /// name the reports show for the family at the top level (whose `name` is ""). Not part of the
  /// JSON report (family names there are paths, "" at the top).
  public var rootName: String?

  /// How reports title a family: its folder path, else the audited folder's name, else
  /// "(top level)".
  public func displayName(ofFamily name: String) -> String {
    name.isEmpty ? (rootName ?? "(top level)") : name
  }

  public init(label: String? = nil, icons: [AuditIcon], families: [FamilyReport], findings: [Finding],
              unreadable: [(path: String, reason: String)] = []) {
    self.label = label
    self.icons = icons
    self.families = families
    self.findings = findings
    self.unreadable = unreadable
  }

  public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// Runs the family analysis and the rules over measured icons.
public enum Auditor {
  /// Groups icons by family, analyses each family and runs every enabled rule.
  public static func audit(_ icons: [AuditIcon], configuration: AuditConfiguration = AuditConfiguration(),
                           references: [ReferenceIcon] = [], label: String? = nil) -> AuditReport {
    var order: [String] = []
    var byFamily: [String: [AuditIcon]] = [:]
    for icon in icons {
      if byFamily[icon.family] == nil { order.append(icon.family) }
      byFamily[icon.family, default: []].append(icon)
    }
    // Icons on an opaque background are left out of the family's statistics (their size, stroke
    // and style are the background's) while template_opaque_background reports them.
    let opaqueRule = TemplateOpaqueBackgroundRule.description
    let maximumShare = configuration.isEnabled(opaqueRule.identifier)
      ? configuration.thresholds(for: opaqueRule)["maximumShare"] ?? 0.9 : Double.infinity
    // Families are independent: analysed and checked on all cores, gathered in their order.
    let groups = byFamily
    let results = order.parallelMap { name -> (FamilyReport, [Finding]) in
      let members = groups[name]!
      // One state per item: a selected twin is not counted twice in the statistics.
      let family = FamilyAnalyzer.analyse(
        name: name,
        members: members.filter { $0.state == .unselected && !TemplateOpaqueBackgroundRule.isOpaque($0.metrics, maximumShare: maximumShare) }
          .map { FamilyMember(id: $0.id, metrics: $0.metrics) },
        madFloor: configuration.madFloor)
      var findings: [Finding] = []
      for rule in RuleRegistry.all {
        let description = rule.description
        guard configuration.isEnabled(description.identifier) else { continue }
        if description.needsReference && references.isEmpty { continue }
        let context = RuleContext(
          family: family, icons: members, references: references,
          thresholds: configuration.thresholds(for: description),
          severity: configuration.severity(for: description))
        findings += rule.init().check(context)
      }
      return (family, Self.withoutBackgroundEchoes(findings))
    }
    let families = results.map { $0.0 }
    var findings = results.flatMap { $0.1 }
    findings.sort { a, b in
      (a.path, a.ruleId, a.message) < (b.path, b.ruleId, b.message)
    }
    return AuditReport(label: label, icons: icons, families: families, findings: findings)
  }
}

extension Auditor {
  /// The rules that still say something true of an icon exported on an opaque background: the
  /// others measure the background square (its size, its "stroke", black and white as two colours)
  /// and would send the designer after the wrong fix.
  static let rulesBesideAnOpaqueBackground: Set<String> = [
    TemplateOpaqueBackgroundRule.description.identifier, CanvasSizeRule.description.identifier,
    MissingSelectedStateRule.description.identifier, NotTemplateRenderingRule.description.identifier,
  ]

  /// `findings` without those of the icons flagged `template_opaque_background` that only echo the
  /// background (``rulesBesideAnOpaqueBackground``): the background is the one fix.
  static func withoutBackgroundEchoes(_ findings: [Finding]) -> [Finding] {
    let opaque = Set(findings.filter { $0.ruleId == TemplateOpaqueBackgroundRule.description.identifier }.map(\.iconId))
    guard !opaque.isEmpty else { return findings }
    return findings.filter { !opaque.contains($0.iconId) || rulesBesideAnOpaqueBackground.contains($0.ruleId) }
  }
}

extension RuleExample {
  /// Measures the example's icons as one family and runs `rule` on it with its defaults.
  public func run(_ rule: any Rule.Type) -> [Finding] {
    let auditIcons = StatePairing.assign(icons.map { icon -> AuditIcon in
      let mask = icon.image.alphaMask
      let variants = icon.otherScales.map {
        ScaleVariant.compare(analysed: mask, other: $0, path: "\(icon.id)@\(Int($0.scale.rounded()))x.png")
      }
      return AuditIcon(id: icon.id, path: icon.id + ".png", family: "example", role: icon.role, scale: icon.image.scale,
                       widthPx: icon.image.width, heightPx: icon.image.height,
                       metrics: MetricsEngine.measure(mask, colors: icon.image), mask: mask,
                       catalog: icon.catalog, variants: variants)
    }, suffixes: AuditConfiguration().selectedSuffixes)
    let family = FamilyAnalyzer.analyse(
      name: "example", members: auditIcons.filter { $0.state == .unselected }.map { FamilyMember(id: $0.id, metrics: $0.metrics) })
    let context = RuleContext(
      family: family, icons: auditIcons, references: references,
      thresholds: AuditConfiguration().thresholds(for: rule.description),
      severity: rule.description.defaultSeverity)
    return rule.init().check(context)
  }

  /// True when the example behaves as it says (the rule fires on the target iff `triggers`).
  public func holds(for rule: any Rule.Type) -> Bool {
    run(rule).contains { $0.iconId == target } == triggers
  }
}
