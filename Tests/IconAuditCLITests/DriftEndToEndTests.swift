// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster
import Testing
import TestSupport

/// A plus sign, a drawing unlike any example glyph.
func plusGlyph() -> AlphaMask {
  var d = ExampleDrawing()
  d.line(x0: 12, y0: 3, x1: 12, y1: 21, width: 2)
  d.line(x0: 3, y0: 12, x1: 21, y1: 12, width: 2)
  d.ring(cx: 12, cy: 12, r: 5, width: 2)
  return d.mask
}

@Suite(.serialized) struct DriftEndToEndTests {

  /// v1: eight glyphs. v2: g1 rescaled by 110%, g2 drawn with a 3 pt stroke, g3 removed, a new
  /// icon added, g4 renamed to clock; the others untouched.
  func writeVersions(_ root: String) throws -> (String, String) {
    let v1 = root + "/v1", v2 = root + "/v2"
    try FileManager.default.createDirectory(atPath: v2, withIntermediateDirectories: true)
    try writeFamily(v1)
    for i in [0, 5, 6, 7] { try write(PNGCodec.encode(ExampleFamily.glyph(i)), "\(v2)/g\(i)@2x.png") }
    try write(PNGCodec.encode(ExampleFamily.glyph(1, size: 1.1)), "\(v2)/g1@2x.png")
    try write(PNGCodec.encode(ExampleFamily.glyph(2, stroke: 3)), "\(v2)/g2@2x.png")
    try write(PNGCodec.encode(plusGlyph()), "\(v2)/plus@2x.png")
    try write(PNGCodec.encode(ExampleFamily.glyph(4)), "\(v2)/clock@2x.png")
    return (v1, v2)
  }

  @Test func reportsExactlyTheChangesMade() throws {
    let root = try makeTemporaryFolder("drift")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (v1, v2) = try writeVersions(root)
    // Snapshots, as a release process would store them.
    let a = try runTool(["audit", "--format", "json", "--label", "1.0", "--output", root + "/1.0.json", v1])
    let b = try runTool(["audit", "--format", "json", "--label", "2.0", "--output", root + "/2.0.json", v2])
    #expect(a.status <= 1 && b.status <= 1)
    let run = try runTool(["drift", "--format", "json", root + "/1.0.json", root + "/2.0.json"])
    #expect(run.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect(json["added"] as? [String] == ["plus"])
    #expect(json["removed"] as? [String] == ["g3"])
    let renamed = json["renamed"] as! [[String: Any]]
    #expect(renamed.count == 1 && renamed[0]["from"] as? String == "g4" && renamed[0]["to"] as? String == "clock")
    let changed = (json["changed"] as! [[String: Any]]).map { $0["id"] as! String }
    #expect(changed == ["g1", "g2"], "\(json["changed"]!)")
    let g1 = (json["changed"] as! [[String: Any]]).first { $0["id"] as? String == "g1" }!
    let metrics = (g1["changes"] as! [[String: Any]]).map { $0["metric"] as! String }
    #expect(metrics.contains("size"))
    // Every value with its unit, the change in the values' own unit: g2's stroke went from 2 to 3 pt.
    let text = try runTool(["drift", root + "/1.0.json", root + "/2.0.json"]).stdout
    let g2 = try #require(text.split(separator: "\n").first { $0.contains("g2:") })
    #expect(g2.contains(#/stroke 2\.\d\d → 3\.\d\d pt \(\+(0\.9|1\.0)\d pt\)/#), "\(g2)")
    let g1Line = try #require(text.split(separator: "\n").first { $0.contains("g1:") })
    #expect(g1Line.contains(#/size \d+\.\d → \d+\.\d pt \(\+1\d\.\d%\)/#), "\(g1Line)")
    // The same folders audited on the spot give the same answer.
    let onTheSpot = try runTool(["drift", "--format", "json", v1, v2])
    let spot = try JSONSerialization.jsonObject(with: Data(onTheSpot.stdout.utf8)) as! [String: Any]
    #expect((spot["changed"] as! [[String: Any]]).map { $0["id"] as! String } == ["g1", "g2"])
    // Gates.
    #expect(try runTool(["drift", "--fail-on", "drift", root + "/1.0.json", root + "/2.0.json"]).status == 1)
    #expect(try runTool(["drift", "--fail-on", "score-drop=100", root + "/1.0.json", root + "/2.0.json"]).status == 0)
    #expect(try runTool(["drift", "--fail-on", "bogus", v1, v2]).status == 64)
    // History of the two releases.
    let history = try runTool(["history", "--order", "label", root + "/2.0.json", root + "/1.0.json"])
    #expect(history.status == 0)
    let first = history.stdout.range(of: "| 1.0 |"), second = history.stdout.range(of: "| 2.0 |")
    #expect(first != nil && second != nil && first!.lowerBound < second!.lowerBound)
    // The icons that moved are the ones changed (g1 and g2), not the unchanged ones at +0.0%; strokes in pt.
    let movers = history.stdout.split(separator: "\n").filter { $0.hasPrefix("| g") }.map { $0.split(separator: "|").first! }
    #expect(Set(movers.map { $0.trimmingCharacters(in: .whitespaces) }) == ["g1", "g2"], "\(history.stdout)")
    #expect(history.stdout.contains(#/\| g2 \| [+-]\d+\.\d% \| \+(0\.9|1\.0)\d pt \|/#), "\(history.stdout)")
    // Their own outputs are replaced when the same command runs again, in every format.
    for format in ["text", "json", "markdown", "html"] {
      for run in 0..<2 {
        let again = try runTool(["drift", "--format", format, "--output", root + "/drift-" + format, root + "/1.0.json", root + "/2.0.json"])
        #expect(again.status == 0, "drift \(format), run \(run): \(again.stderr)")
      }
    }
    for format in ["markdown", "json", "html"] {
      for run in 0..<2 {
        let again = try runTool(["history", "--format", format, "--output", root + "/history-" + format, root + "/1.0.json", root + "/2.0.json"])
        #expect(again.status == 0, "history \(format), run \(run): \(again.stderr)")
      }
    }
  }

  @Test("the same drawings exported at @2x and then at @3x have not drifted (strokes compared in pt)")
  func sameDrawingsAtAnotherScale() throws {
    let root = try makeTemporaryFolder("drift-scale")
    defer { try? FileManager.default.removeItem(atPath: root) }
    for i in 0..<8 {
      try FileManager.default.createDirectory(atPath: root + "/a/Icons", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: root + "/b/Icons", withIntermediateDirectories: true)
      try write(PNGCodec.encode(ExampleFamily.glyph(i, scale: 2)), "\(root)/a/Icons/g\(i)@2x.png")
      try write(PNGCodec.encode(ExampleFamily.glyph(i, scale: 3)), "\(root)/b/Icons/g\(i)@3x.png")
    }
    let run = try runTool(["drift", "--fail-on", "drift", root + "/a/Icons", root + "/b/Icons"])
    #expect(run.status == 0 && !run.stdout.contains("stroke"), "\(run.stdout)")
  }

  /// A folder audited on the spot with an unreadable icon: the drift is still reported, the file
  /// is named, and the exit status is 2 (as for `audit`), over a tripped gate too.
  @Test func anUnreadableIconInAFolderExitsTwo() throws {
    let root = try makeTemporaryFolder("drift-unreadable")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (v1, v2) = try writeVersions(root)
    try write(Array("not a PNG".utf8), v2 + "/broken@2x.png")
    let run = try runTool(["drift", "--fail-on", "drift", v1, v2])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("broken@2x.png"))
    #expect(run.stdout.contains("g1"))
    let history = try runTool(["history", v1, v2])
    #expect(history.status == 2 && history.stdout.contains("v2"))
  }

  @Test func sameFamilyTwiceHasNoDriftAndIdenticalSnapshots() throws {
    let root = try makeTemporaryFolder("nodrift")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/icons")
    let a = try runTool(["audit", "--format", "json", root + "/icons"])
    let b = try runTool(["audit", "--format", "json", root + "/icons"])
    #expect(a.stdout == b.stdout)
    try Data(a.stdout.utf8).write(to: URL(fileURLWithPath: root + "/a.json"))
    try Data(b.stdout.utf8).write(to: URL(fileURLWithPath: root + "/b.json"))
    let run = try runTool(["drift", "--fail-on", "drift", "--fail-on", "new-findings", root + "/a.json", root + "/b.json"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("no icon changed"))
  }

  @Test func refusesOtherSchemaVersions() throws {
    let root = try makeTemporaryFolder("schema")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data(#"{"schemaVersion": 2, "icons": []}"#.utf8).write(to: URL(fileURLWithPath: root + "/new.json"))
    try Data(#"{"schemaVersion": 1, "icons": []}"#.utf8).write(to: URL(fileURLWithPath: root + "/ok.json"))
    let run = try runTool(["drift", root + "/new.json", root + "/ok.json"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("new.json") && run.stderr.contains("schemaVersion 2 is not supported"))
  }

  /// A snapshot missing a metric was read as 0: drift reported every icon as shrunk by 100% and
  /// exited 0. It is refused, naming the file and the key.
  @Test func refusesASnapshotMissingAMetric() throws {
    let root = try makeTemporaryFolder("drift-missing")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/icons")
    let a = try runTool(["audit", "--format", "json", "--output", root + "/a.json", root + "/icons"])
    #expect(a.status <= 1)
    let text = try String(contentsOfFile: root + "/a.json", encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // An icon's metric is a number; a group's member of the same name is an object (`{`).
    let cut = lines.filter { !($0.hasPrefix("        \"perceivedSizePt\": ") && !$0.hasSuffix("{")) }
    #expect(cut.count == lines.count - 8, "one line for each of the eight icons' metrics")
    try Data(cut.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: root + "/b.json"))
    let run = try runTool(["drift", root + "/a.json", root + "/b.json"])
    #expect(run.status == 2)
    #expect(run.stderr.contains(root + "/b.json: icons[0].metrics.perceivedSizePt is missing"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func gitRevisionsWithoutTouchingTheWorkTree() throws {
    let root = try makeTemporaryFolder("driftgit")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (v1, v2) = try writeVersions(root + "/src")
    let repo = root + "/repo"
    try FileManager.default.createDirectory(atPath: repo + "/Icons", withIntermediateDirectories: true)
    _ = try git(["init", "-q"], in: repo)
    _ = try git(["config", "user.email", "t@example.com"], in: repo)
    _ = try git(["config", "user.name", "Test"], in: repo)
    for file in try FileManager.default.contentsOfDirectory(atPath: v1) {
      try FileManager.default.copyItem(atPath: v1 + "/" + file, toPath: repo + "/Icons/" + file)
    }
    _ = try git(["add", "-A"], in: repo)
    _ = try git(["commit", "-q", "-m", "one"], in: repo)
    try FileManager.default.removeItem(atPath: repo + "/Icons")
    try FileManager.default.createDirectory(atPath: repo + "/Icons", withIntermediateDirectories: true)
    for file in try FileManager.default.contentsOfDirectory(atPath: v2) {
      try FileManager.default.copyItem(atPath: v2 + "/" + file, toPath: repo + "/Icons/" + file)
    }
    _ = try git(["add", "-A"], in: repo)
    _ = try git(["commit", "-q", "-m", "two"], in: repo)
    // An uncommitted edit in the work tree must survive.
    try write(PNGCodec.encode(ExampleFamily.glyph(0, size: 0.5)), repo + "/Icons/g0@2x.png")
    let before = try git(["status", "--porcelain"], in: repo)
    let run = try runTool(["drift", "--format", "json", "--git", "HEAD~1", "HEAD", repo + "/Icons"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    #expect(json["added"] as? [String] == ["plus"])
    #expect(json["removed"] as? [String] == ["g3"])
    #expect((json["changed"] as! [[String: Any]]).map { $0["id"] as! String } == ["g1", "g2"])
    #expect(try git(["status", "--porcelain"], in: repo) == before, "work tree untouched")
    #expect(try Data(contentsOf: URL(fileURLWithPath: repo + "/Icons/g0@2x.png")) == Data(PNGCodec.encode(ExampleFamily.glyph(0, size: 0.5))))
  }
}
