// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import IconMetrics
import IconRaster
import IconSupport

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
  /// name the reports show for the family at the top level (whose `name` is ""). In the JSON
  /// report family names stay paths ("" at the top: drift and baselines key on them); the shown
  /// name is beside them, as `displayName` (families) and `familyDisplayName` (groups, icons).
  public var rootName: String?
  /// What the audit looked at (images found, audited as bar icons, left out by reason,
  /// unreadable), for the summary at the top of each report; nil when the report was made without
  /// the frontend (the writers then count the icons and unreadable inputs).
  public var scope: AuditScope?

  /// ``scope``, or the scope the icons and unreadable inputs alone make.
  public var effectiveScope: AuditScope {
    scope ?? AuditScope(imagesFound: icons.count + unreadable.count, audited: icons.count, unreadable: unreadable.count)
  }
  /// When the audit read the app's code: every bar icon use found, by location (the report's
  /// "bar icons found in the code").
  public var barIconsInCode: [BarIconRow] = []
  /// The prefix a writer puts before the code locations (SARIF's `--path-prefix`); not reported.
  public var codePathPrefix = ""

  /// How reports title a family: its folder path, else the audited folder's name, else
  /// "(top level)". The top level's icons split by canvas size (a family named only by its size,
  /// `(24×24 pt)`) are titled with the folder's name too: `Icons (24×24 pt)`, or `top level
  /// (24×24 pt)`.
  public func displayName(ofFamily name: String) -> String {
    if name.isEmpty { return rootName ?? "(top level)" }
    if Self.isTopLevelCanvasFamily(name) { return (rootName ?? "top level") + " " + name }
    return name
  }

  /// Whether a family name is the top level's share of one canvas size, as the frontend names it
  /// (`(W×H pt)`: a folder's share is `Folder (W×H pt)`). O(n) in the name's length.
  static func isTopLevelCanvasFamily(_ name: String) -> Bool {
    guard name.hasPrefix("("), name.hasSuffix(" pt)") else { return false }
    let size = name.dropFirst().dropLast(" pt)".count).split(separator: "×", omittingEmptySubsequences: false)
    return size.count == 2 && size.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
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
  /// - Parameter results: where rules keep results computed from drawings between runs
  ///   (``RuleResultStore``: the measurement cache); nil: computed every time.
  public static func audit(_ icons: [AuditIcon], configuration: AuditConfiguration = AuditConfiguration(),
                           references: [ReferenceIcon] = [], label: String? = nil,
                           results: RuleResultStore? = nil) -> AuditReport {
    var order: [String] = []
    var byFamily: [String: [AuditIcon]] = [:]
    for icon in icons {
      if byFamily[icon.family] == nil { order.append(icon.family) }
      byFamily[icon.family, default: []].append(icon)
    }
    // Icons on an opaque background are left out of the family's statistics (their size, stroke
    // and style are the background's) while template_opaque_background reports them.
    let maximumShare = configuration.isEnabled(TemplateOpaqueBackgroundRule.identifier)
      ? configuration.threshold(.maximumShare, of: TemplateOpaqueBackgroundRule.self) : Double.infinity
    // Families are independent: analysed and checked on all cores, gathered in their order.
    let groups = byFamily
    let checked = order.parallelMap { name -> (FamilyReport, [Finding]) in
      let members = groups[name]!
      // One state per item: a selected twin is not counted twice in the statistics.
      let family = FamilyAnalyzer.analyse(
        name: name,
        members: members.filter { $0.state == .unselected && !TemplateOpaqueBackgroundRule.isOpaque($0.metrics, maximumShare: maximumShare) }
          .map { FamilyMember(id: $0.id, metrics: $0.metrics) },
        madFloor: configuration.madFloor)
      var findings: [Finding] = []
      // A selected state no code uses is judged by its own rule only.
      // (The members themselves, not a copy of each, when there is none: the usual case.)
      let judged = members.contains { $0.codeUse?.unusedSelectedStateOf != nil }
        ? members.filter { $0.codeUse?.unusedSelectedStateOf == nil } : members
      for rule in RuleRegistry.all {
        guard configuration.isEnabled(rule.identifier) else { continue }
        if rule.description.needsReference && references.isEmpty { continue }
        if configuration.familyRulesNeedRole && rule.description.scope == .family
          && members.allSatisfy({ $0.role == .unknown }) { continue }
        let icons = rule.identifier == UnusedSelectedStateRule.identifier ? members : judged
        findings += check(rule, family: family, icons: icons, references: references, configuration: configuration,
                          results: results)
      }
      findings = Self.withoutBackgroundEchoes(findings)
      var scored = family
      scored.consistencyScore = FamilyScore.score(family, findings: findings, icons: Set(members.map(\.id)))
      return (scored, findings)
    }
    let families = checked.map { $0.0 }
    var findings = checked.flatMap { $0.1 }
    findings.sort { a, b in
      (a.path, a.ruleId, a.message) < (b.path, b.ruleId, b.message)
    }
    return AuditReport(label: label, icons: icons, families: families, findings: findings)
  }
}

extension Auditor {
  /// Runs one rule on one family, under its configured thresholds and severity.
  static func check<R: Rule>(_ rule: R.Type, family: FamilyReport, icons: [AuditIcon], references: [ReferenceIcon],
                             configuration: AuditConfiguration, results: RuleResultStore? = nil) -> [Finding] {
    R().check(RuleContext<R>(family: family, icons: icons, references: references, configuration: configuration,
                             results: results))
  }

  /// The rules that still say something true of an icon exported on an opaque background: the
  /// others measure the background square (its size, its "stroke", black and white as two colours)
  /// and would send the designer after the wrong fix.
  static let rulesBesideAnOpaqueBackground: Set<String> = [
    TemplateOpaqueBackgroundRule.identifier, CanvasSizeRule.identifier,
    MissingSelectedStateRule.identifier, NotTemplateRenderingRule.identifier,
  ]

  /// `findings` without those of the icons flagged `template_opaque_background` that only echo the
  /// background (``rulesBesideAnOpaqueBackground``): the background is the one fix.
  static func withoutBackgroundEchoes(_ findings: [Finding]) -> [Finding] {
    let opaque = Set(findings.filter { $0.ruleId == TemplateOpaqueBackgroundRule.identifier }.map(\.iconId))
    guard !opaque.isEmpty else { return findings }
    return findings.filter { !opaque.contains($0.iconId) || rulesBesideAnOpaqueBackground.contains($0.ruleId) }
  }
}
