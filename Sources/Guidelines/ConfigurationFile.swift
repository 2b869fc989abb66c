// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// A configuration file could not be used. The message names the file and the key.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var problem: String
  public var description: String { "\(path): \(problem)" }
}

/// `.iconaudit.json`: a versioned JSON object; every key optional, defaults in
/// `AuditConfiguration`. Unknown keys, unknown rule identifiers, unknown threshold names and
/// values of the wrong type are errors, so a typo never silently does nothing.
///
/// ```json
/// {
///   "version": 1,
///   "rules": {
///     "drop_shadow": { "severity": "warning" },
///     "off_center": { "enabled": false },
///     "perceived_size_outlier": { "thresholds": { "errorRatio": 0.8 } }
///   },
///   "disable": ["shape_size"],
///   "roles": [ { "pattern": "Assets.xcassets/Tabs/**", "role": "tabBar" } ],
///   "selectedSuffixes": ["-selected", "-fill"],
///   "madFloor": 0.03,
///   "vectorScale": 2,
///   "pngScale": 2,
///   "idioms": ["universal", "iphone", "ipad"],
///   "allImages": false,
///   "strict": false,
///   "cache": true,
///   "cacheDirectory": "/tmp/iconaudit-cache"
/// }
/// ```
public enum ConfigurationFile {
  public static let fileName = ".iconaudit.json"
  public static let currentVersion = 1
  /// Largest configuration file read, in bytes.
  public static let maxBytes = 1 << 20

  /// The nearest `.iconaudit.json` in `path`'s folder or above it.
  public static func find(from path: String) -> String? {
    var url = URL(fileURLWithPath: path).standardizedFileURL
    var isDirectory: ObjCBool = false
    if !(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
      url.deleteLastPathComponent()
    }
    while true {
      let candidate = url.appendingPathComponent(fileName).path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      let parent = url.deletingLastPathComponent()
      if parent.path == url.path { return nil }
      url = parent
    }
  }

  public static func load(path: String, into base: AuditConfiguration = AuditConfiguration()) throws(ConfigurationError) -> AuditConfiguration {
    // Bounded, regular files only: the file may come with the audited folder (a FIFO or a link to
    // /dev/zero named .iconaudit.json must not hang the audit or exhaust memory).
    let data: Data
    do {
      data = try BoundedFile.readData(path: path, limit: maxBytes)
    } catch {
      throw ConfigurationError(path: path, problem: "cannot read the file (\(error.reason))")
    }
    return try parse(data, path: path, into: base)
  }

  public static func parse(_ data: Data, path: String, into base: AuditConfiguration = AuditConfiguration()) throws(ConfigurationError) -> AuditConfiguration {
    func fail(_ problem: String) -> ConfigurationError { ConfigurationError(path: path, problem: problem) }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw fail("not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "parse error"))")
    }
    guard let object = root as? [String: Any] else { throw fail("the top level must be a JSON object") }
    var config = base
    let known: Set<String> = ["version", "rules", "disable", "roles", "selectedSuffixes", "madFloor", "vectorScale", "pngScale", "idioms", "allImages", "strict", "cache", "cacheDirectory", "$schema"]
    for key in object.keys.sorted() where !known.contains(key) {
      throw fail("unknown key '\(key)' (known: \(known.filter { $0 != "$schema" }.sorted().joined(separator: ", ")))")
    }
    if let version = object["version"] {
      guard let number = version as? NSNumber, !isBool(number), number.intValue == currentVersion, number.doubleValue == Double(currentVersion) else {
        throw fail("'version' must be \(currentVersion) (this iconaudit reads configuration version \(currentVersion))")
      }
    }
    if let rules = object["rules"] {
      guard let rules = rules as? [String: Any] else { throw fail("'rules' must be an object of rule identifiers") }
      for id in rules.keys.sorted() {
        guard let rule = RuleRegistry.rule(id) else { throw fail("unknown rule '\(id)' in 'rules'\(suggestion(id))") }
        guard let settings = rules[id] as? [String: Any] else { throw fail("'rules.\(id)' must be an object") }
        var parsed = config.rules[id] ?? AuditConfiguration.RuleSettings()
        for key in settings.keys.sorted() {
          switch key {
          case "enabled":
            guard let value = settings[key] as? NSNumber, isBool(value) else { throw fail("'rules.\(id).enabled' must be true or false") }
            parsed.enabled = value.boolValue
          case "severity":
            guard let raw = settings[key] as? String, let severity = Severity(rawValue: raw) else {
              throw fail("'rules.\(id).severity' must be one of error, warning, info")
            }
            parsed.severity = severity
          case "thresholds":
            guard let thresholds = settings[key] as? [String: Any] else { throw fail("'rules.\(id).thresholds' must be an object") }
            let declared = rule.thresholds.map(\.name)
            for name in thresholds.keys.sorted() {
              guard declared.contains(name) else {
                let close = suggestion(name, among: declared)
                throw fail("unknown threshold '\(name)' for rule '\(id)'" + (close.isEmpty ? " (known: \(declared.joined(separator: ", ")))" : close))
              }
              guard let number = thresholds[name] as? NSNumber, !isBool(number), number.doubleValue.isFinite else {
                throw fail("'rules.\(id).thresholds.\(name)' must be a number")
              }
              parsed.thresholds[name] = number.doubleValue
            }
          default:
            throw fail("unknown key '\(key)' in 'rules.\(id)' (known: enabled, severity, thresholds)")
          }
        }
        config.rules[id] = parsed
      }
    }
    if let disable = object["disable"] {
      guard let ids = disable as? [String] else { throw fail("'disable' must be an array of rule identifiers") }
      for id in ids {
        guard RuleRegistry.rule(id) != nil else { throw fail("unknown rule '\(id)' in 'disable'\(suggestion(id))") }
        config.rules[id, default: AuditConfiguration.RuleSettings()].enabled = false
      }
    }
    if let roles = object["roles"] {
      guard let entries = roles as? [[String: Any]] else { throw fail("'roles' must be an array of {\"pattern\", \"role\"} objects") }
      config.roles = []
      for (i, entry) in entries.enumerated() {
        for key in entry.keys.sorted() where key != "pattern" && key != "role" {
          throw fail("unknown key '\(key)' in 'roles[\(i)]' (known: pattern, role)")
        }
        guard let pattern = entry["pattern"] as? String, !pattern.isEmpty else { throw fail("'roles[\(i)].pattern' must be a non-empty string") }
        guard let raw = entry["role"] as? String, let role = IconRole(rawValue: raw) else {
          throw fail("'roles[\(i)].role' must be one of \(IconRole.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        config.roles.append(.init(pattern: pattern, role: role))
      }
    }
    if let suffixes = object["selectedSuffixes"] {
      guard let list = suffixes as? [String], list.allSatisfy({ !$0.isEmpty }) else {
        throw fail("'selectedSuffixes' must be an array of non-empty strings")
      }
      config.selectedSuffixes = list
    }
    if let floor = object["madFloor"] {
      guard let number = floor as? NSNumber, !isBool(number), number.doubleValue > 0, number.doubleValue < 1 else {
        throw fail("'madFloor' must be a number between 0 and 1")
      }
      config.madFloor = number.doubleValue
    }
    if let scale = object["vectorScale"] {
      guard let number = scale as? NSNumber, !isBool(number), (0.25...16).contains(number.doubleValue) else {
        throw fail("'vectorScale' must be a number from 0.25 to 16")
      }
      config.vectorScale = number.doubleValue
    }
    if let scale = object["pngScale"] {
      guard let number = scale as? NSNumber, !isBool(number), [1, 2, 3].contains(number.doubleValue) else {
        throw fail("'pngScale' must be 1, 2 or 3")
      }
      config.pngScale = number.intValue
    }
    if let all = object["allImages"] {
      guard let number = all as? NSNumber, isBool(number) else { throw fail("'allImages' must be true or false") }
      config.allImages = number.boolValue
    }
    if let strict = object["strict"] {
      guard let number = strict as? NSNumber, isBool(number) else { throw fail("'strict' must be true or false") }
      config.strict = number.boolValue
    }
    if let cache = object["cache"] {
      guard let number = cache as? NSNumber, isBool(number) else { throw fail("'cache' must be true or false") }
      config.cacheEnabled = number.boolValue
    }
    if let directory = object["cacheDirectory"] {
      guard let text = directory as? String, !text.isEmpty else { throw fail("'cacheDirectory' must be a non-empty string") }
      // Relative to the configuration file's folder.
      let folder = PathText.parent(path)
      config.cacheDirectory = text.hasPrefix("/") || folder.isEmpty ? text : (folder == "/" ? "/" : folder + "/") + text
    }
    if let idioms = object["idioms"] {
      guard let list = idioms as? [String] else { throw fail("'idioms' must be an array of idiom names") }
      switch AuditConfiguration.idioms(list) {
      case .success(let parsed): config.idioms = parsed
      case .failure(let error): throw fail("'idioms': \(error.message)")
      }
    }
    return config
  }

  private static func isBool(_ number: NSNumber) -> Bool {
    // JSONSerialization returns JSON booleans as NSNumbers of ObjC type "c" (BOOL).
    String(cString: number.objCType) == "c"
  }

  /// " (did you mean 'a' or 'b'?)" for the names of `known` close to `name`, or "": letters and
  /// digits compared lower-cased (`Perceived-Size-Outlier` is `perceived_size_outlier`, `errorz`
  /// is close to `errorZ`), one containing the other or at most 3 edits apart (``CloseNames``).
  static func suggestion(_ name: String, among known: [String] = RuleRegistry.identifiers) -> String {
    CloseNames.didYouMean(CloseNames.among(known, near: name, maximumEdits: 3))
  }
}
