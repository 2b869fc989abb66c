// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster
import ReportWriters
import Testing
import TestSupport

/// Writes the example outline family (8 glyphs at @2x) and optional extra icons into a folder
/// (made if missing).
func writeFamily(_ root: String, extra: [(String, AlphaMask)] = []) throws {
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  for i in 0..<8 {
    try write(PNGCodec.encode(ExampleFamily.glyph(i)), "\(root)/g\(i)@2x.png")
  }
  for (name, mask) in extra { try write(PNGCodec.encode(mask), "\(root)/\(name)@2x.png") }
}

@Suite(.serialized) struct AuditEndToEndTests {
  @Test func cleanFamilyExitsZero() throws {
    let root = try makeTemporaryFolder("audit-clean")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root)
    let run = try runTool(["audit", root])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("0 errors"))
  }

  /// A folder named TabBar audited on its own: its icons are tab bar icons (its name is not in
  /// their report paths).
  @Test func theAuditedFolderNameGivesTheRole() throws {
    let root = try makeTemporaryFolder("audit-role")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/TabBar")
    let run = try runTool(["audit", "--format", "json", root + "/TabBar"])
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let icons = json["icons"] as! [[String: Any]]
    #expect(icons.count == 8 && icons.allSatisfy { $0["role"] as? String == "tabBar" && !($0["id"] as! String).contains("/") })
    // The reports call the family by the folder's name, not "(top level)".
    let text = try runTool(["audit", root + "/TabBar"]).stdout
    #expect(text.hasPrefix("8 images found: 8 audited as bar icons\n\nTabBar  8 icons"), "\(text.prefix(80))")
    let markdown = try runTool(["audit", "--format", "markdown", root + "/TabBar"]).stdout
    #expect(markdown.contains("### TabBar\n") && !markdown.contains("(top level)"))
    let html = try runTool(["audit", "--format", "html", root + "/TabBar"]).stdout
    #expect(html.contains("<h2>TabBar</h2>") && !html.contains("(top level)"))
  }

  @Test("a role pattern that matches no icon is named, with a path it could have matched")
  func unmatchedRolePattern() throws {
    let root = try makeTemporaryFolder("audit-pattern")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons/Tabs")
    let config = root + "/config.json"
    try Data(#"{"version": 1, "roles": [{"pattern": "Icons/Tabs/**", "role": "tabBar"}, {"pattern": "Tabs/**", "role": "tabBar"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: config))
    let run = try runTool(["audit", "--config", config, "--format", "json", root + "/Icons"])
    #expect(run.stderr.contains("role pattern 'Icons/Tabs/**' matches no icon") && run.stderr.contains("such as 'Tabs/g0@2x.png'"),
            "\(run.stderr)")
    #expect(!run.stderr.contains("'Tabs/**' matches no icon"))
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect((json["icons"] as! [[String: Any]]).allSatisfy { $0["role"] as? String == "tabBar" })
  }

  @Test("--png-scale: an icon pack exported at @2x under plain names is measured in points")
  func pngScaleOption() throws {
    let root = try makeTemporaryFolder("audit-pngscale")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/Pack", withIntermediateDirectories: true)
    for i in 0..<8 { try write(PNGCodec.encode(ExampleFamily.glyph(i)), "\(root)/Pack/g\(i).png") }
    func scales(_ extra: [String]) throws -> [Double] {
      let run = try runTool(["measure", "--format", "json"] + extra + [root + "/Pack"])
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
      return (json["icons"] as! [[String: Any]]).map { ($0["scale"] as! NSNumber).doubleValue }
    }
    #expect(try scales([]).allSatisfy { $0 == 1 })
    #expect(try scales(["--png-scale", "2"]).allSatisfy { $0 == 2 })
    // Through the configuration too: the 2 pt strokes are no longer read as 4 pt ones.
    try Data(#"{"version": 1, "pngScale": 2}"#.utf8).write(to: URL(fileURLWithPath: root + "/Pack/.iconaudit.json"))
    let audit = try runTool(["audit", "--format", "json", root + "/Pack"])
    let json = try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as! [String: Any]
    let strokes = (json["icons"] as! [[String: Any]]).map { (($0["metrics"] as! [String: Any])["strokeWeightPt"] as! NSNumber).doubleValue }
    #expect(strokes.count == 8 && strokes.allSatisfy { abs($0 - 2) < 0.3 }, "\(strokes)")
  }

  @Test("--path-prefix is a folder: with or without its trailing slash, paths go under it")
  func pathPrefixIsAFolder() throws {
    let root = try makeTemporaryFolder("audit-prefix")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Toolbar", extra: [("small", ExampleFamily.glyph(1, size: 0.8))])
    for prefix in ["App/Icons", "App/Icons/"] {
      let run = try runTool(["audit", "--format", "github", "--path-prefix", prefix, root + "/Toolbar"])
      let files = run.stdout.split(separator: "\n").compactMap { $0.firstMatch(of: #/file=([^,]+),/#)?.1 }
      #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("App/Icons/") && !$0.hasPrefix("App/Icons//") }, "\(prefix): \(files)")
    }
  }

  @Test("no icon found (an empty folder, only JPEGs): named on stderr, exit 2, so a mistyped path fails CI")
  func nothingFoundFails() throws {
    let root = try makeTemporaryFolder("audit-nothing")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/Empty", withIntermediateDirectories: true)
    let empty = try runTool(["audit", root + "/Empty"])
    #expect(empty.status == 2 && empty.stderr.contains("no icons found in \(root)/Empty"), "\(empty.stderr)")
    #expect(!empty.stdout.contains("No findings."), "nothing was judged: \(empty.stdout)")
    let measured = try runTool(["measure", root + "/Empty"])
    #expect(measured.status == 2 && measured.stderr.contains("no icons found"))
    try FileManager.default.createDirectory(atPath: root + "/Photos", withIntermediateDirectories: true)
    for name in ["a.jpg", "b.JPEG", "c.webp", "notes.txt"] {
      _ = FileManager.default.createFile(atPath: root + "/Photos/" + name, contents: Data([1]))
    }
    let photos = try runTool(["audit", root + "/Photos"])
    #expect(photos.status == 2)
    #expect(photos.stderr.contains("skipped 3 images of a type iconaudit does not read (.jpeg, .jpg, .webp): a.jpg, b.JPEG, c.webp"),
            "\(photos.stderr)")
    // Beside real icons the skipped ones are listed, and the audit passes on its own merits.
    try writeFamily(root + "/Photos")
    let mixed = try runTool(["audit", root + "/Photos"])
    #expect(mixed.status == 0 && mixed.stderr.contains("skipped 3 images"), "\(mixed.stderr)")
  }

  @Test("a PATH that does not exist: named on stderr, exit 2, no report (not '1 image found, 1 unreadable')")
  func missingPathFailsAtOnce() throws {
    let root = try makeTemporaryFolder("audit-missing")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    for command in ["audit", "measure"] {
      let run = try runTool([command, root + "/Icons", root + "/Icosn"])
      #expect(run.status == 2, "\(command): \(run.status)")
      #expect(run.stderr == "iconaudit: \(root)/Icosn: no such file or directory\n", "\(command): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
    }
    // A file that is not an image, named on the command line: the same (inside a folder it is
    // skipped and listed; see nothingFoundFails).
    _ = FileManager.default.createFile(atPath: root + "/notes.txt", contents: Data("hi".utf8))
    for command in ["audit", "measure"] {
      let run = try runTool([command, root + "/Icons", root + "/notes.txt"])
      #expect(run.status == 2, "\(command): \(run.status)")
      #expect(run.stderr == "iconaudit: \(root)/notes.txt: not an image iconaudit reads (a .png, .svg or .pdf file, an asset catalog or a folder)\n",
              "\(command): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
    }
    // Usage errors print the short usage, not every option.
    let usage = try runTool(["audit", "--bogus", root + "/Icons"])
    #expect(usage.status == 64 && usage.stderr.contains("Usage: iconaudit audit [options] PATH…\nSee 'iconaudit audit --help'."),
            "\(usage.stderr)")
    // Nothing is written either: no report file replaced by an empty one.
    let run = try runTool(["audit", "/nonexistent-iconaudit-path", "--output", root + "/report.json", "--format", "json"])
    #expect(run.status == 2 && !FileManager.default.fileExists(atPath: root + "/report.json"))
  }

  @Test("a new user's typos: a command, an option, a choice in another case; 'help audit'")
  func typosAreNamedBack() throws {
    let command = try runTool(["audti", "x"])
    #expect(command.status == 64 && command.stderr.hasPrefix("iconaudit: unknown command 'audti' (did you mean 'audit'?)"), "\(command.stderr)")
    let option = try runTool(["audit", "--fromat", "json", "x"])
    #expect(option.status == 64 && option.stderr.hasPrefix("iconaudit: unknown option '--fromat' (did you mean '--format'?)"), "\(option.stderr)")
    let choice = try runTool(["audit", "--role", "tabbar", "x"])
    #expect(choice.status == 64 && choice.stderr.hasPrefix("iconaudit: invalid value 'tabbar' for '--role' (did you mean 'tabBar'?)"), "\(choice.stderr)")
    let help = try runTool(["help", "audit"]), own = try runTool(["audit", "--help"])
    #expect(help.status == 0 && help.stdout == own.stdout)
  }

  @Test("files of one folder named one by one (TabBar/*.png): the folder still gives the role, paths stay short")
  func filesOfOneFolderGiveItsRole() throws {
    let root = try makeTemporaryFolder("audit-glob")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/TabBar")
    let files = try FileManager.default.contentsOfDirectory(atPath: root + "/TabBar").sorted().map { root + "/TabBar/" + $0 }
    let run = try runTool(["audit", "--format", "json"] + files)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let icons = json["icons"] as! [[String: Any]]
    #expect(icons.count == 8)
    #expect(icons.allSatisfy { $0["role"] as? String == "tabBar" && !($0["path"] as! String).contains("/") }, "\(icons.map { $0["path"]! })")
  }

  @Test func outlierExitsOneWithAFix() throws {
    let root = try makeTemporaryFolder("audit-outlier")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root, extra: [("small", ExampleFamily.glyph(1, size: 0.8))])
    let run = try runTool(["audit", "--format", "json", root])
    #expect(run.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let findings = json["findings"] as! [[String: Any]]
    let small = findings.filter { $0["iconId"] as? String == "small" }
    #expect(small.contains { $0["ruleId"] as? String == "perceived_size_outlier" && $0["severity"] as? String == "error" })
    // Drawn at 0.8×: the fix scales it back by about 1.25×.
    let fix = small.first?["fix"] as? String ?? ""
    let factor = fix.split(separator: " ").compactMap { Double($0.replacingOccurrences(of: "×", with: "")) }.first ?? 0
    #expect(factor > 1.2 && factor < 1.3, "\(fix)")
    #expect(findings.allSatisfy { $0["iconId"] as? String == "small" }, "only the outlier is flagged: \(findings)")
    #expect(json["schemaVersion"] as? Int == 1)
    #expect((json["family"] as? [String: Any])?["consistencyScore"] != nil)
  }

  @Test func unreadableInputWinsOverFindings() throws {
    let root = try makeTemporaryFolder("audit-unreadable")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root, extra: [("small", ExampleFamily.glyph(1, size: 0.8))])
    try write(Array("junk".utf8), "\(root)/broken@2x.png")
    let run = try runTool(["audit", root])
    #expect(run.status == 2)
    #expect(run.stderr.contains("broken@2x.png"))
    #expect(run.stdout.contains("small@2x.png"), "the readable icons are still audited")
  }

  @Test func strictMakesWarningsFail() throws {
    let root = try makeTemporaryFolder("audit-strict")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root)
    try Data(#"{"rules": {"perceived_size_outlier": {"severity": "warning"}}}"#.utf8)
      .write(to: URL(fileURLWithPath: root + "/.iconaudit.json"))
    try write(PNGCodec.encode(ExampleFamily.glyph(1, size: 0.8)), "\(root)/small@2x.png")
    #expect(try runTool(["audit", root]).status == 0)
    #expect(try runTool(["audit", "--strict", root]).status == 1)
  }

  /// Build phases: `--warnings-only` shows an error finding as a warning and exits 0; a
  /// configuration with "strict": true turns it off (and makes warnings fail, as --strict).
  @Test func warningsOnlyUnlessTheConfigurationIsStrict() throws {
    let root = try makeTemporaryFolder("audit-warnings-only")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root)
    try write(PNGCodec.encode(ExampleFamily.glyph(1, size: 0.8)), "\(root)/small@2x.png")
    let plain = try runTool(["audit", "--format", "xcode", root])
    #expect(plain.status == 1 && plain.stdout.contains("small@2x.png: error: "), "\(plain.stdout)")
    let relaxed = try runTool(["audit", "--format", "xcode", "--warnings-only", root])
    #expect(relaxed.status == 0, "\(relaxed.stderr)")
    #expect(relaxed.stdout.contains("small@2x.png: warning: ") && !relaxed.stdout.contains(": error: "), "\(relaxed.stdout)")
    #expect(try runTool(["audit", "--warnings-only", "--strict", root]).status == 64)
    try Data(#"{"version": 1, "strict": true}"#.utf8).write(to: URL(fileURLWithPath: root + "/.iconaudit.json"))
    let strict = try runTool(["audit", "--format", "xcode", "--warnings-only", root])
    #expect(strict.status == 1 && strict.stdout.contains("small@2x.png: error: "), "\(strict.stdout)")
    try Data(#"{"version": 1, "strict": 1}"#.utf8).write(to: URL(fileURLWithPath: root + "/.iconaudit.json"))
    #expect(try runTool(["audit", root]).status == 64)
  }

  @Test func badConfigurationIsAUsageError() throws {
    let root = try makeTemporaryFolder("audit-config")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root)
    try Data(#"{"rulez": {}}"#.utf8).write(to: URL(fileURLWithPath: root + "/bad.json"))
    let run = try runTool(["audit", "--config", root + "/bad.json", root])
    #expect(run.status == 64)
    #expect(run.stderr.contains("bad.json") && run.stderr.contains("rulez"))
  }

  @Test func baselineRoundTrip() throws {
    let root = try makeTemporaryFolder("audit-baseline")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let icons = root + "/icons"
    try writeFamily(icons, extra: [("small", ExampleFamily.glyph(1, size: 0.8))])
    let first = try runTool(["audit", "--write-baseline", root + "/baseline.json", icons])
    #expect(first.status == 1)
    let second = try runTool(["audit", "--baseline", root + "/baseline.json", icons])
    #expect(second.status == 0, "known findings are not reported: \(second.stdout)")
    #expect(second.stderr.contains("in the baseline"))
    // A new fault is still reported.
    try write(PNGCodec.encode(ExampleFamily.glyph(1, size: 1.2)), "\(icons)/big@2x.png")
    let third = try runTool(["audit", "--baseline", root + "/baseline.json", "--format", "json", icons])
    #expect(third.status == 1)
    #expect(third.stdout.contains("\"iconId\": \"big\""))
    #expect(!third.stdout.contains("\"iconId\": \"small\""))
  }

  @Test func jsonIsByteIdenticalAcrossRuns() throws {
    let root = try makeTemporaryFolder("audit-deterministic")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root, extra: [("small", ExampleFamily.glyph(1, size: 0.8))])
    let a = try runTool(["audit", "--format", "json", "--label", "v1", root])
    let b = try runTool(["audit", "--format", "json", "--label", "v1", root])
    #expect(a.stdout == b.stdout)
    #expect(!a.stdout.contains(root), "no absolute paths")
    #expect(a.stdout.contains("\"label\": \"v1\""))
  }

  @Test func rulesCatalogue() throws {
    let run = try runTool(["rules"])
    #expect(run.status == 0)
    for id in RuleRegistry.identifiers { #expect(run.stdout.contains(id)) }
  }

  /// Reports/rules.md is generated from the registry; it must be current.
  @Test func generatedCatalogueIsCurrent() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Reports/rules.md").standardized
    let stored = try String(contentsOf: file, encoding: .utf8)
    #expect(stored == RuleCatalogWriter.markdown(), "regenerate: iconaudit rules --format markdown > Reports/rules.md")
  }
}
