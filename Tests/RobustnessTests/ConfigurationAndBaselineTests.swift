// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import ReportWriters
import Testing

/// Configuration, baseline and snapshot files that are malformed or hostile: each is refused with a
/// message naming the file and the problem; none hangs, exhausts memory or crashes.
@Suite struct ConfigurationAndBaselineTests {
  /// The problem `load` reports for the file, checking that its message names the file; nil if it loads.
  func problem(_ scratch: Scratch, _ name: String, _ load: (String) throws(ConfigurationError) -> Void) -> String? {
    let path = scratch.path + "/" + name
    do {
      try load(path)
      return nil
    } catch {
      #expect(error.description.hasPrefix(path + ": "), "names the file")
      return error.problem
    }
  }

  func configurationProblem(_ scratch: Scratch, _ name: String) -> String? {
    problem(scratch, name) { (path) throws(ConfigurationError) in _ = try ConfigurationFile.load(path: path) }
  }

  func baselineProblem(_ scratch: Scratch, _ name: String) -> String? {
    problem(scratch, name) { (path) throws(ConfigurationError) in _ = try Baseline.load(path: path) }
  }

  @Test func malformedConfigurationFiles() throws {
    let scratch = try Scratch("config")
    let cases: [(String, [UInt8], String)] = [
      ("empty.json", [], "not valid JSON"),
      ("text.json", Array("tabBar please".utf8), "not valid JSON"),
      ("array.json", Array("[1, 2]".utf8), "the top level must be a JSON object"),
      ("nested.json", Array((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8), "not valid JSON"),
      ("utf16.json", [0xFF, 0xFE] + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), ""),
      ("latin1.json", [0x7B, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D], "not valid JSON"),
      ("types.json", Array(#"{"roles": {"pattern": "x"}}"#.utf8), "'roles' must be an array"),
      ("version.json", Array(#"{"version": "1"}"#.utf8), "'version' must be 1"),
      ("bool.json", Array(#"{"version": true}"#.utf8), "'version' must be 1"),
      ("scale.json", Array(#"{"vectorScale": 1e308}"#.utf8), "'vectorScale' must be a number from 0.25 to 16"),
      ("png-scale.json", Array(#"{"pngScale": 1.5}"#.utf8), "'pngScale' must be 1, 2 or 3"),
      ("infinite.json", Array(#"{"vectorScale": 1e400}"#.utf8), "not valid JSON"),
      ("pattern.json", Array(#"{"roles": [{"pattern": "", "role": "tabBar"}]}"#.utf8), "'roles[0].pattern' must be a non-empty string"),
      ("big.json", Array(repeating: 0x20, count: (1 << 20) + 1), "cannot read the file (file is 1048577 bytes, over the limit of 1048576 bytes)"),
    ]
    for (name, bytes, fragment) in cases {
      try scratch.file(name, bytes)
      let problem = configurationProblem(scratch, name)
      if fragment.isEmpty {
        // UTF-16 with a BOM is valid JSON to Foundation: an empty configuration.
        #expect(problem == nil, "\(name): \(problem ?? "")")
      } else {
        #expect(problem?.contains(fragment) == true, "\(name): \(problem ?? "accepted")")
      }
    }
    #expect(configurationProblem(scratch, "missing.json") == "cannot read the file (no such file)")
    try FileManager.default.createDirectory(atPath: scratch.path + "/folder.json", withIntermediateDirectories: true)
    #expect(configurationProblem(scratch, "folder.json") == "cannot read the file (it is a directory, not a regular file)")
  }

  /// A configuration that comes with an audited folder (the nearest .iconaudit.json) can be a FIFO or a
  /// link to /dev/zero: refused at once, without blocking or reading without end.
  @Test func hostileConfigurationFileTypes() throws {
    let scratch = try Scratch("config-hostile")
    try scratch.fifo("fifo/.iconaudit.json")
    try scratch.link("zero/.iconaudit.json", to: "/dev/zero")
    try scratch.link("loop/.iconaudit.json", to: ".iconaudit.json")
    let started = Date()
    #expect(ConfigurationFile.find(from: scratch.path + "/fifo") == scratch.path + "/fifo/.iconaudit.json")
    #expect(configurationProblem(scratch, "fifo/.iconaudit.json") == "cannot read the file (it is a named pipe, not a regular file)")
    #expect(configurationProblem(scratch, "zero/.iconaudit.json") == "cannot read the file (it is a character device, not a regular file)")
    #expect(configurationProblem(scratch, "loop/.iconaudit.json") == "cannot read the file (too many levels of symbolic links)")
    #expect(Date().timeIntervalSince(started) < 2)
  }

  /// Role globs with many `**` against deep paths: polynomial, not exponential.
  @Test func pathologicalGlobs() {
    let pattern = Array(repeating: "**", count: 40).joined(separator: "/") + "/nomatch"
    let path = Array(repeating: "a", count: 64).joined(separator: "/") + "/icon.png"
    let started = Date()
    #expect(!Glob.matches(pattern, path))
    #expect(Glob.matches(Array(repeating: "**", count: 40).joined(separator: "/") + "/icon.png", path))
    #expect(Glob.matches("a/**/a/*/**/icon.png", path))
    #expect(!Glob.matches("**/b/**", path))
    #expect(Date().timeIntervalSince(started) < 2)
    // The semantics the backtracking matcher had.
    #expect(Glob.matches("TabBar/**", "TabBar/a.png") && Glob.matches("TabBar/**", "TabBar/x/y/a.png"))
    #expect(Glob.matches("**/toolbar-*", "A/B/toolbar-add.png") && !Glob.matches("**/toolbar-*", "A/B/tool-add.png"))
    #expect(Glob.matches("**", "") && Glob.matches("**", "a") && !Glob.matches("a", "") && Glob.matches("", ""))
    #expect(Glob.matches("a/**/b", "a/b") && Glob.matches("a/**/b", "a/x/y/b") && !Glob.matches("a/**/b", "a/x/y/c"))
    #expect(Glob.matches("?/*.png", "x/y.png") && !Glob.matches("?/*.png", "xy/y.png"))
  }

  @Test func malformedBaselines() throws {
    let scratch = try Scratch("baseline")
    let entry = #"{"iconId": "a", "ruleId": "off_center", "path": "a.png", "severity": "warning", "measured": 1}"#
    let cases: [(String, String, String)] = [
      ("empty.json", "", "not a baseline file (not valid JSON)"),
      ("text.json", "baseline", "not a baseline file (not valid JSON)"),
      ("array.json", "[]", "not a baseline file (the top level is not a JSON object)"),
      ("noversion.json", #"{"findings": []}"#, "version is missing"),
      ("report.json", #"{"schemaVersion": 1, "findings": [], "icons": []}"#,
       "an iconaudit JSON report, not a baseline (make one with 'iconaudit audit --write-baseline FILE')"),
      ("future.json", #"{"version": 2, "findings": []}"#, "baseline version 2 is not supported (this iconaudit reads version 1)"),
      ("types.json", #"{"version": 1, "findings": {}}"#, "findings is not an array"),
      ("entry.json", #"{"version": 1, "findings": [{"iconId": "a"}]}"#, "findings[0].ruleId is missing"),
      ("severity.json", #"{"version": 1, "findings": [\#(entry.replacingOccurrences(of: "warning", with: "fatal"))]}"#,
       "findings[0].severity has a bad value"),
      ("truncated.json", String(#"{"version": 1, "findings": [\#(entry)]}"#.dropLast(3)), "not a baseline file (not valid JSON)"),
    ]
    for (name, text, expected) in cases {
      try scratch.file(name, text)
      let problem = baselineProblem(scratch, name)
      #expect(problem == expected, "\(name): \(problem ?? "accepted")")
    }
    try scratch.fifo("fifo.json")
    #expect(baselineProblem(scratch, "fifo.json") == "cannot read the baseline (it is a named pipe, not a regular file)")
    #expect(baselineProblem(scratch, "missing.json") == "cannot read the baseline (no such file)")
    try scratch.file("good.json", #"{"version": 1, "tool": "iconaudit", "findings": [\#(entry)]}"#)
    #expect(baselineProblem(scratch, "good.json") == nil)
  }

  @Test func malformedSnapshots() {
    func problem(_ text: String) -> String? {
      do {
        _ = try Snapshot(json: Data(text.utf8), source: "s.json")
        return nil
      } catch {
        #expect(error.path == "s.json")
        return error.problem
      }
    }
    #expect(problem("") == "not a JSON report (not valid JSON)")
    #expect(problem("[1]") == "not a JSON report (the top level is not a JSON object)")
    #expect(problem("{}")?.hasPrefix("not an iconaudit JSON report (no schemaVersion)") == true)
    #expect(problem(#"{"schemaVersion": "1"}"#) == "not an iconaudit JSON report (schemaVersion is not an integer)")
    #expect(problem(#"{"schemaVersion": 7}"#)?.contains("written by a newer iconaudit") == true)
    #expect(problem(#"{"schemaVersion": 1, "icons": {}}"#) == "tool is missing")
    #expect(problem(#"{"schemaVersion": 1, "tool": {"version": "1"}, "icons": {}}"#) == "icons is not an array")
    #expect(problem(#"{"schemaVersion": 1, "tool": {"version": "1"}, "icons": [{"id": 3}]}"#) == "icons[0].id is not a string")
    // Wrong types inside an icon are refused with the key named, never read as 0 or a crash.
    let odd = #"{"schemaVersion": 1, "tool": {"version": "1"}, "icons": [{"id": "a", "path": "a.png", "family": "F", "state": "unselected", "#
      + #""metrics": {"perceivedSizePt": "big", "opticalCenterOffsetPt": 3}, "signature": "zz1"}],"#
      + #""findings": [{"iconId": 1}, "x"], "family": {"groups": [{"count": "2"}], "families": [{"name": 3}]}}"#
    #expect(problem(odd) == "icons[0].metrics.perceivedSizePt is not a number")
  }
}
