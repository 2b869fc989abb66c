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
  /// Effective thresholds (defaults overridden by the configuration), in the order of
  /// `R.Threshold.allCases`: rules read a threshold for every icon (and `duplicate_icon` for every
  /// pair), and a dictionary keyed by the threshold hashed its name (a `String`) each time: 0.08 G
  /// instructions of a 20-revision history of 500 icons.
  private var thresholds: [Double]
  /// Whether each threshold's in-memory tag (one byte, the case's number) is its place in
  /// `allCases`, checked for every case when the context is made: then a threshold is read by its
  /// tag in O(1); otherwise (never for a plain enum of cases) by searching `allCases`.
  private var tagIsPosition: Bool

  /// The context of `R` under `configuration` (its thresholds and severity; defaults when the
  /// configuration does not set them).
  public init(family: FamilyReport, icons: [AuditIcon], references: [ReferenceIcon] = [],
              configuration: AuditConfiguration = AuditConfiguration(), results: RuleResultStore? = nil) {
    self.family = family
    self.icons = icons
    self.references = references
    self.results = results
    self.severity = configuration.severity(for: R.description)
    let cases = R.Threshold.allCases
    self.thresholds = cases.map { configuration.threshold($0, of: R.self) }
    self.tagIsPosition = MemoryLayout<R.Threshold>.size == 1
      && cases.indices.allSatisfy { Int(Self.tag(cases[$0])) == $0 }
  }

  /// The effective value of one of the rule's thresholds.
  /// - Complexity: O(1) (see `tagIsPosition`).
  public func threshold(_ threshold: R.Threshold) -> Double {
    let position = Int(Self.tag(threshold))
    if tagIsPosition, position < thresholds.count { return thresholds[position] }
    guard let k = R.Threshold.allCases.firstIndex(of: threshold) else { return threshold.defaultValue }
    return thresholds[k]
  }

  /// The first byte of a threshold's in-memory representation: for an enum of cases without
  /// payloads, the case's number (only used once `tagIsPosition` confirmed it for every case).
  private static func tag(_ threshold: R.Threshold) -> UInt8 {
    withUnsafeBytes(of: threshold) { $0.isEmpty ? 0 : $0[0] }
  }

  /// A finding of this rule at its configured severity (or `severity` when the rule grades it).
  public func finding(_ icon: AuditIcon, _ message: String, measured: Double? = nil, expected: String? = nil,
                      fix: String? = nil, transform: FixTransform? = nil, severity: Severity? = nil) -> Finding {
    Finding(ruleId: R.identifier, severity: severity ?? self.severity, path: icon.path, iconId: icon.id,
            message: message, measured: measured, expected: expected, fix: fix, transform: transform)
  }
}
