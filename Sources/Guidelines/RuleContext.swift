// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis

/// Everything rule `R` may read when it checks one family: the family, its icons, the reference
/// icons, and `R`'s effective thresholds and severity. The context knows its rule: its findings
/// carry `R`'s identifier.
public struct RuleContext<R: Rule>: Sendable {
  public var family: FamilyReport
  public var icons: [AuditIcon]
  public var references: [ReferenceIcon]
  /// Where the rule keeps results computed from drawings between runs (the measurement cache); nil:
  /// computed every time.
  public var results: RuleResultStore?
  /// Effective severity of the rule (its default, or the configured one).
  public var severity: Severity
  /// Effective thresholds: defaults overridden by the configuration.
  private var thresholds: [R.Threshold: Double]

  /// The context of `R` under `configuration` (its thresholds and severity; defaults when the
  /// configuration does not set them).
  public init(family: FamilyReport, icons: [AuditIcon], references: [ReferenceIcon] = [],
              configuration: AuditConfiguration = AuditConfiguration(), results: RuleResultStore? = nil) {
    self.family = family
    self.icons = icons
    self.references = references
    self.results = results
    self.severity = configuration.severity(for: R.description)
    var values: [R.Threshold: Double] = [:]
    for threshold in R.Threshold.allCases { values[threshold] = configuration.threshold(threshold, of: R.self) }
    self.thresholds = values
  }

  /// The effective value of one of the rule's thresholds.
  public func threshold(_ threshold: R.Threshold) -> Double {
    thresholds[threshold] ?? threshold.defaultValue
  }

  /// A finding of this rule at its configured severity (or `severity` when the rule grades it).
  public func finding(_ icon: AuditIcon, _ message: String, measured: Double? = nil, expected: String? = nil,
                      fix: String? = nil, transform: FixTransform? = nil, severity: Severity? = nil) -> Finding {
    Finding(ruleId: R.identifier, severity: severity ?? self.severity, path: icon.path, iconId: icon.id,
            message: message, measured: measured, expected: expected, fix: fix, transform: transform)
  }
}
