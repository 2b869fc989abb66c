// SPDX-License-Identifier: GPL-3.0-or-later

/// How serious a finding is. Errors fail the audit (exit 1); warnings only with `--strict`.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
  case info, warning, error

  private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One thing a rule says about an icon, an item or a family.
public struct Finding: Sendable, Codable, Equatable, Hashable {
  /// The rule's stable identifier (`perceived_size_outlier`).
  public var ruleId: String
  public var severity: Severity
  /// The icon's analysed file, relative to the audited root.
  public var path: String
  /// The icon's identity (relative folder + name), stable across scales and formats.
  public var iconId: String
  /// What was measured and what was expected, in words and numbers.
  public var message: String
  /// The measured value the message speaks of (in the unit the message names), if any.
  public var measured: Double?
  /// The expected value or range, in words (`"0.85–1.18× the family median"`).
  public var expected: String?
  /// How to fix it, when a fix can be stated.
  public var fix: String?
  /// The fix as a transformation of the same drawing (scale, move), when it is one: the HTML
  /// report previews it. Not part of the JSON report (nor of `Codable`): the `fix` text says it.
  public var transform: FixTransform?

  private enum CodingKeys: String, CodingKey {
    case ruleId, severity, path, iconId, message, measured, expected, fix
  }

  public init(ruleId: String, severity: Severity, path: String, iconId: String, message: String,
              measured: Double? = nil, expected: String? = nil, fix: String? = nil, transform: FixTransform? = nil) {
    self.ruleId = ruleId
    self.severity = severity
    self.path = path
    self.iconId = iconId
    self.message = message
    self.measured = measured
    self.expected = expected
    self.fix = fix
    self.transform = transform
  }

  /// Stable identity for baselines: icon + rule (never absolute paths, never the message).
  public var baselineKey: String { "\(iconId)\u{1F}\(ruleId)" }
}
