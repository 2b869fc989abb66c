// SPDX-License-Identifier: GPL-3.0-or-later

/// The thresholds of one rule, declared once as the cases of an enum nested in the rule: the case
/// name is the name configuration files use, the `declaration` switch holds each default and its
/// meaning. A rule reads a threshold as `context.threshold(.name)`, so a misspelt or renamed
/// threshold fails to compile, and the defaults live in the switch and nowhere else.
///
/// ```swift
/// public struct OffCenterRule: Rule {
///   public enum Threshold: String, RuleThreshold {
///     case offsetPt, offsetFraction
///     public var declaration: (defaultValue: Double, help: String) {
///       switch self {
///       case .offsetPt: (1.5, "smallest offset of both centres, in pt")
///       case .offsetFraction: (0.15, "smallest offset of both centres as a fraction of the perceived size")
///       }
///     }
///   }
///   …
/// }
/// ```
///
/// Adding a threshold: add a case and its line in the switch (the compiler asks for it); the
/// catalogue (`iconaudit rules`), configuration files and examples pick it up. The case name is a
/// public contract (`.iconaudit.json` files name it): to rename a case, keep its old name as the
/// raw value (`case minimumRatio = "oldName"`).
public protocol RuleThreshold: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String, AllCases == [Self] {
  /// The default value and what the threshold means (one line, shown by `iconaudit rules`).
  var declaration: (defaultValue: Double, help: String) { get }
}

extension RuleThreshold {
  /// The name configuration files use: `rules.<identifier>.thresholds.<name>`.
  public var name: String { rawValue }
  public var defaultValue: Double { declaration.defaultValue }
  public var help: String { declaration.help }
}

/// The thresholds of a rule without any.
public enum NoThreshold: RuleThreshold {
  public init?(rawValue: String) { nil }
  public var rawValue: String { switch self {} }
  public var declaration: (defaultValue: Double, help: String) { switch self {} }
  public static var allCases: [NoThreshold] { [] }
}

/// A threshold as the catalogue and configuration files see it: its name, default and meaning
/// (``Rule/thresholds``).
public struct ThresholdDeclaration: Sendable, Hashable {
  public var name: String
  public var defaultValue: Double
  public var help: String
  public init(name: String, defaultValue: Double, help: String) {
    self.name = name
    self.defaultValue = defaultValue
    self.help = help
  }
}
