// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// The effective settings of an audit: defaults here, overridden by a configuration file
/// (`.iconaudit.json`, see `ConfigurationFile`) and then by command-line options.
public struct AuditConfiguration: Sendable, Equatable {
  public struct RuleSettings: Sendable, Equatable {
    public var enabled: Bool?
    public var severity: Severity?
    public var thresholds: [String: Double] = [:]
    public init(enabled: Bool? = nil, severity: Severity? = nil, thresholds: [String: Double] = [:]) {
      self.enabled = enabled
      self.severity = severity
      self.thresholds = thresholds
    }
  }

  /// A role given to the icons whose relative path matches a glob (`TabBar/**`, `**/toolbar-*`).
  public struct RolePattern: Sendable, Equatable {
    public var pattern: String
    public var role: IconRole
    public init(pattern: String, role: IconRole) {
      self.pattern = pattern
      self.role = role
    }
  }

  /// Per-rule settings by identifier.
  public var rules: [String: RuleSettings] = [:]
  /// Role patterns, first match wins; before folder names.
  public var roles: [RolePattern] = []
  /// The role for every icon (`--role`), overriding patterns and folder names.
  public var roleOverride: IconRole?
  /// Name suffixes that mark a selected state (`star-selected`).
  public var selectedSuffixes: [String] = ["-selected", ".selected", "_selected", "-active", "-fill", ".fill", "-filled"]
  /// The MAD floor of the modified z-score.
  public var madFloor: Double = 0.03
  /// Pixels per point at which vector icons are rendered.
  public var vectorScale: Double = 2
  /// The scale of PNG files whose names carry no `@2x`/`@3x` (outside asset catalogs), for icon
  /// packs exported at @2x under plain names; 1 (1 px = 1 pt) by default.
  public var pngScale: Int = 1
  /// The asset catalog idioms audited (`"idioms"`, `--idioms`): iOS's (universal, iphone, ipad) by
  /// default; sets whose files are all for other idioms are skipped with the reason.
  public var idioms: [String] = AssetCatalog.defaultIdioms
  /// Whether every image found is audited as a bar icon (`"allImages"`, `--all-images`); by
  /// default only bar icons are (by role, the app's code, or their look), and a folder of
  /// unrelated icons is compared within each canvas size.
  public var allImages = false
  /// Whether warnings fail the audit too (`"strict"`, `--strict`): exit 1 on a warning. It also
  /// turns off `--warnings-only` (the build-tool plugin and build phases), so that a project's
  /// configuration decides whether its builds fail on findings.
  public var strict = false
  /// Whether measurements are cached (`"cache"`; `--no-cache`); nil: the command line decides (on).
  public var cacheEnabled: Bool?
  /// The measurement cache's directory (`"cacheDirectory"`, relative to the configuration file's
  /// folder; `--cache-dir`); nil: `$XDG_CACHE_HOME/iconaudit`, else `~/.cache/iconaudit`.
  public var cacheDirectory: String?
  /// Whether the family rules (size, stroke, style, detail, duplicates) judge only families with a
  /// role (a bar-named folder, `--role`, a role pattern, the app's code). Set by the audit frontend
  /// when a whole repository is audited (some images were left out as not bar icons): a folder of
  /// icons kept only because they look like bar icons (an app's icon library, glyphs in several
  /// tints) is not known to be drawn to be seen together. Not a configuration file key.
  public var familyRulesNeedRole = false

  public init() {}

  /// Parses a list of idioms (`--idioms`, `"idioms"`): names from ``AssetCatalog/knownIdioms``, or
  /// `all`; duplicates dropped. Returns the problem instead when a name is unknown or none is given.
  public static func idioms(_ names: [String]) -> Result<[String], IdiomError> {
    var list: [String] = []
    for name in names.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
      if name == "all" {
        list += AssetCatalog.knownIdioms
      } else if AssetCatalog.knownIdioms.contains(name) {
        list.append(name)
      } else {
        return .failure(IdiomError(message: "unknown idiom '\(name)' (known: \(AssetCatalog.knownIdioms.joined(separator: ", ")), all)"))
      }
    }
    var seen = Set<String>()
    list = list.filter { seen.insert($0).inserted }
    return list.isEmpty ? .failure(IdiomError(message: "no idiom given (known: \(AssetCatalog.knownIdioms.joined(separator: ", ")), all)")) : .success(list)
  }

  /// Why a list of idioms cannot be used.
  public struct IdiomError: Error, Sendable, Equatable {
    public var message: String
  }

  public func isEnabled(_ identifier: String) -> Bool { rules[identifier]?.enabled ?? true }

  public func severity(for description: RuleDescription) -> Severity {
    rules[description.identifier]?.severity ?? description.defaultSeverity
  }

  /// The effective value of one of `rule`'s thresholds: the configured one, else its default.
  public func threshold<R: Rule>(_ threshold: R.Threshold, of rule: R.Type) -> Double {
    rules[R.identifier]?.thresholds[threshold.name] ?? threshold.defaultValue
  }

  /// Sets one of `rule`'s thresholds (as `rules.<identifier>.thresholds.<name>` in a file does).
  public mutating func setThreshold<R: Rule>(_ threshold: R.Threshold, of rule: R.Type, to value: Double) {
    rules[R.identifier, default: RuleSettings()].thresholds[threshold.name] = value
  }

  /// This configuration with every rule but `rule` disabled: how a rule example is audited.
  public func enablingOnly(_ rule: any Rule.Type) -> AuditConfiguration {
    var configuration = self
    for identifier in RuleRegistry.identifiers {
      configuration.rules[identifier, default: RuleSettings()].enabled = identifier == rule.identifier
    }
    return configuration
  }

  /// The letter height the text rule searches down to (px), or nil when the rule is off: text can
  /// then be looked for while each drawing is measured.
  public var textMinimumHeightPx: Int? {
    guard isEnabled(TextInIconRule.identifier) else { return nil }
    return TextInIconRule.letterHeight(threshold(.minimumLetterHeightPx, of: TextInIconRule.self))
  }

  /// The role of an icon: `--role`, then the first matching pattern, then folder names: those of
  /// its path, then the audited folder's own name (`rootName`, when the one PATH is a folder:
  /// `iconaudit audit App/TabBar` audits tab bar icons).
  public func role(forRelativePath path: String, rootName: String? = nil) -> IconRole {
    if let roleOverride { return roleOverride }
    for pattern in roles where Glob.matches(pattern.pattern, path) { return pattern.role }
    return FolderRoles.shared.role(ofPath: path, rootName: rootName)
  }
}

/// Glob matching on `/`-separated paths: `*` any run within a segment, `?` one character,
/// `**` any number of segments.
public enum Glob {
  public static func matches(_ pattern: String, _ path: String) -> Bool {
    let p = pattern.split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
    let s = path.split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
    // Dynamic programming over (pattern segment, path segment): O(|p|·|s|) segment matches. A
    // backtracking matcher is exponential in the number of `**` (a configuration file that comes with
    // an audited folder could hang the audit with `**/**/**/…/x`).
    // matched[j]: pattern segments i… match path segments j… (row i, filled from the end).
    var matched = [Bool](repeating: false, count: s.count + 1)
    matched[s.count] = true
    for i in stride(from: p.count - 1, through: 0, by: -1) {
      var row = [Bool](repeating: false, count: s.count + 1)
      if p[i] == ["*", "*"] {
        row[s.count] = matched[s.count]
        for j in stride(from: s.count - 1, through: 0, by: -1) { row[j] = matched[j] || row[j + 1] }
      } else {
        for j in 0..<s.count { row[j] = matched[j + 1] && matchSegment(p[i], s[j]) }
      }
      matched = row
    }
    return matched[0]
  }

  private static func matchSegment(_ p: [Character], _ s: [Character]) -> Bool {
    var pi = 0, si = 0, star = -1, mark = 0
    while si < s.count {
      if pi < p.count, p[pi] == "?" || p[pi] == s[si] {
        pi += 1
        si += 1
      } else if pi < p.count, p[pi] == "*" {
        star = pi
        mark = si
        pi += 1
      } else if star >= 0 {
        pi = star + 1
        mark += 1
        si = mark
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }
}
