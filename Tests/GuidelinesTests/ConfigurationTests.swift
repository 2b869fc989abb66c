// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import Testing

@Suite struct ConfigurationTests {
  func parse(_ json: String) throws(ConfigurationError) -> AuditConfiguration {
    try ConfigurationFile.parse(Data(json.utf8), path: "cfg.json")
  }

  @Test func defaults() throws {
    let config = try parse("{}")
    #expect(config == AuditConfiguration())
    let size = PerceivedSizeOutlierRule.description
    #expect(config.isEnabled(size.identifier))
    #expect(config.severity(for: size) == .error)
    #expect(config.threshold(.errorRatio, of: PerceivedSizeOutlierRule.self) == 0.85)
    #expect(config.selectedSuffixes.contains("-selected"))
  }

  @Test func overrides() throws {
    let config = try parse("""
      { "version": 1,
        "rules": { "perceived_size_outlier": { "severity": "warning", "thresholds": { "errorRatio": 0.8 } },
                   "detail_density_outlier": { "enabled": false } },
        "disable": ["style_mismatch"],
        "roles": [ { "pattern": "App/**/Tabs/*", "role": "tabBar" } ],
        "selectedSuffixes": ["-on"], "madFloor": 0.05, "vectorScale": 3, "pngScale": 2 }
      """)
    let size = PerceivedSizeOutlierRule.description
    #expect(config.severity(for: size) == .warning)
    #expect(config.threshold(.errorRatio, of: PerceivedSizeOutlierRule.self) == 0.8)
    #expect(config.threshold(.errorZ, of: PerceivedSizeOutlierRule.self) == 3.5, "unset thresholds keep their defaults")
    #expect(!config.isEnabled("detail_density_outlier"))
    #expect(!config.isEnabled("style_mismatch"))
    #expect(config.role(forRelativePath: "App/Assets/Tabs/star.png") == .tabBar)
    #expect(config.role(forRelativePath: "App/Toolbar/edit.png") == .toolbar, "folder names still apply")
    #expect(config.role(forRelativePath: "App/Misc/edit.png") == .unknown)
    // The audited folder's own name counts after the path's folders (`iconaudit audit App/TabBar`).
    #expect(config.role(forRelativePath: "star.png", rootName: "TabBar") == .tabBar)
    #expect(config.role(forRelativePath: "Toolbar/edit.png", rootName: "TabBar") == .toolbar)
    #expect(config.role(forRelativePath: "star.png", rootName: "Icons") == .unknown)
    #expect(AuditConfiguration().role(forRelativePath: "star.png") == .unknown)
    #expect(config.selectedSuffixes == ["-on"] && config.madFloor == 0.05 && config.vectorScale == 3 && config.pngScale == 2)
  }

  @Test(arguments: [
    ("[]", "top level"),
    ("{\"colour\": 1}", "unknown key 'colour'"),
    ("{\"version\": 2}", "'version' must be 1"),
    ("{\"rules\": {\"drop_shadows\": {}}}", "unknown rule 'drop_shadows'"),
    ("{\"rules\": {\"perceived_size_outlier\": {\"severity\": \"fatal\"}}}", "severity"),
    ("{\"rules\": {\"perceived_size_outlier\": {\"thresholds\": {\"ratio\": 1}}}}", "unknown threshold 'ratio'"),
    ("{\"rules\": {\"perceived_size_outlier\": {\"thresholds\": {\"errorZ\": \"3\"}}}}", "must be a number"),
    ("{\"rules\": {\"perceived_size_outlier\": {\"enabled\": 1}}}", "true or false"),
    ("{\"rules\": {\"perceived_size_outlier\": {\"on\": true}}}", "unknown key 'on'"),
    ("{\"disable\": [\"nope\"]}", "unknown rule 'nope'"),
    ("{\"roles\": [{\"pattern\": \"x\", \"role\": \"sidebar\"}]}", "role"),
    ("{\"madFloor\": 0}", "madFloor"),
    ("{not json", "not valid JSON"),
  ])
  func errorsNameTheFileAndTheKey(json: String, fragment: String) {
    #expect {
      _ = try parse(json)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("cfg.json: ") && text.contains(fragment)
    }
  }

  @Test func suggestsCloseRuleNames() {
    #expect {
      _ = try parse("{\"disable\": [\"drop_shadows\"]}")
    } throws: { error in "\(error)".contains("did you mean") || !RuleRegistry.identifiers.contains("drop_shadow") }
  }

  /// Suggestions ignore case and separators: a threshold or rule name typed in another case, or
  /// with dashes for underscores, is named back as declared.
  @Test func suggestionsIgnoreCaseAndSeparators() {
    #expect {
      _ = try parse("{\"rules\": {\"perceived_size_outlier\": {\"thresholds\": {\"errorz\": 3}}}}")
    } throws: { error in "\(error)".contains("unknown threshold 'errorz'") && "\(error)".contains("did you mean 'errorZ'") }
    #expect {
      _ = try parse("{\"rules\": {\"perceived_size_outlier\": {\"thresholds\": {\"MinimumFamily\": 3}}}}")
    } throws: { error in "\(error)".contains("did you mean 'minimumFamily'") }
    #expect {
      _ = try parse("{\"disable\": [\"Perceived-Size-Outlier\"]}")
    } throws: { error in "\(error)".contains("did you mean 'perceived_size_outlier'") }
    // Nothing close: the known names are listed instead.
    #expect {
      _ = try parse("{\"rules\": {\"perceived_size_outlier\": {\"thresholds\": {\"qqqqqqqqqqqq\": 3}}}}")
    } throws: { error in "\(error)".contains("(known: errorZ, errorRatio") }
  }

  /// The configuration shown in README.md ("## Configuration") is one this iconaudit reads.
  @Test func theReadmeConfigurationParses() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Configuration\n"))
    let open = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
    let config = try ConfigurationFile.parse(Data(readme[open.upperBound...close.lowerBound].utf8), path: "/project/.iconaudit.json")
    #expect(config.rules["perceived_size_outlier"]?.severity == .warning)
    // A folder the user can write: relative to the configuration's folder, not a system path.
    #expect(config.cacheDirectory?.hasPrefix("/project/") == true, "\(String(describing: config.cacheDirectory))")
  }

  @Test func globs() {
    #expect(Glob.matches("TabBar/**", "TabBar/a/b.png"))
    #expect(Glob.matches("**/tab-*.png", "x/y/tab-home.png"))
    #expect(Glob.matches("*.png", "a.png"))
    #expect(!Glob.matches("*.png", "d/a.png"))
    #expect(Glob.matches("a/?.png", "a/b.png"))
    #expect(!Glob.matches("TabBar/*", "TabBar/a/b.png"))
  }

  @Test func findsTheNearestFileUpwards() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/a/.iconaudit.json"))
    #expect(ConfigurationFile.find(from: root + "/a/b")?.hasSuffix("/a/.iconaudit.json") == true)
    #expect(ConfigurationFile.find(from: root + "/a/b/icon.png")?.hasSuffix("/a/.iconaudit.json") == true)
  }
}

@Suite struct BaselineTests {
  static let findings = [
    Finding(ruleId: "perceived_size_outlier", severity: .error, path: "TabBar/voicemail@2x.png", iconId: "TabBar/voicemail", message: "m1", measured: 0.79),
    Finding(ruleId: "drop_shadow", severity: .warning, path: "Toolbar/share.png", iconId: "Toolbar/share", message: "m2"),
  ]

  @Test func filtersOnIconAndRuleNotMessageOrPath() {
    let baseline = Baseline(findings: Self.findings)
    var moved = Self.findings
    moved[0].message = "reworded"
    moved[0].path = "TabBar/voicemail@3x.png"
    moved.append(Finding(ruleId: "drop_shadow", severity: .error, path: "TabBar/voicemail@2x.png", iconId: "TabBar/voicemail", message: "new"))
    let (new, suppressed) = baseline.filter(moved)
    #expect(suppressed == 2)
    #expect(new.map(\.ruleId) == ["drop_shadow"] && new[0].iconId == "TabBar/voicemail")
  }

  @Test("a recorded warning that became an error is reported again; the same or a lower severity stays suppressed")
  func escalationIsReported() {
    let baseline = Baseline(findings: Self.findings)
    var later = Self.findings
    later[1].severity = .error  // drop_shadow: recorded as a warning
    later[0].measured = 0.5  // the same error, worse: still suppressed (documented)
    let (new, suppressed) = baseline.filter(later)
    #expect(new.map(\.ruleId) == ["drop_shadow"] && suppressed == 1)
    var milder = Self.findings
    milder[0].severity = .warning
    #expect(baseline.filter(milder).new.isEmpty)
  }

  @Test func rejectsWrongFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bl-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, text) in [("a.json", "{\"version\": 9, \"findings\": []}"), ("b.json", "[1]"), ("c.json", "{\"version\": 1}")] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
      #expect(throws: ConfigurationError.self) { _ = try Baseline.load(path: dir + "/" + name) }
    }
    #expect(throws: ConfigurationError.self) { _ = try Baseline.load(path: dir + "/missing.json") }
  }
}
