// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import ReportWriters
import Testing

/// A history is audited incrementally: each work folder takes only the files that changed, the
/// measurements of unchanged files come from the audit before (or the cache), and the roles and
/// selected-state pairing are carried over while only bytes change (``AuditCarryOver``). Each of
/// its releases must be exactly the snapshot of that revision checked out and audited on its own,
/// from scratch (no cache, no work folder).
@Suite(.serialized) struct HistoryIncrementalTests {
  /// Six revisions of two families under Icons (with a configuration there naming one path's
  /// role): bytes changed (v2, v3, v6), the configuration's bytes changed (v4: the role pattern
  /// gone and another selected suffix, so g3-selected is no selected state; the listing the same),
  /// the suffixes back and a selected state added (v5).
  func makeRepository(_ repo: String) throws {
    func commit(_ tag: String) throws {
      try git(["add", "-A"], in: repo)
      try git(["commit", "-q", "-m", tag], in: repo)
      try git(["tag", tag], in: repo)
    }
    func png(_ mask: AlphaMask, _ name: String) throws { try write(PNGCodec.encode(mask), repo + "/Icons/" + name) }
    func configuration(_ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: repo + "/Icons/.iconaudit.json"))
    }
    try git(["init", "-q"], in: repo)
    try git(["config", "user.email", "t@example.com"], in: repo)
    try git(["config", "user.name", "Test"], in: repo)
    try writeFamily(repo + "/Icons/Toolbar", extra: [("g3-selected", ExampleFamily.glyph(3, stroke: 3))])
    try FileManager.default.createDirectory(atPath: repo + "/Icons/Tabs", withIntermediateDirectories: true)
    for i in 0..<6 { try png(ExampleFamily.glyph(i), "Tabs/t\(i)@2x.png") }
    try configuration(#"{"version": 1, "roles": [{"pattern": "Toolbar/g6*", "role": "tabBar"}]}"#)
    try commit("v1")
    try png(ExampleFamily.glyph(2, stroke: 3), "Toolbar/g2@2x.png")
    try commit("v2")
    try png(ExampleFamily.glyph(1, size: 1.2), "Tabs/t1@2x.png")
    try png(ExampleFamily.glyph(3, stroke: 2.5), "Toolbar/g3-selected@2x.png")
    try commit("v3")
    try configuration(#"{"version": 1, "roles": [{"pattern": "Tabs/t9*", "role": "toolbar"}], "selectedSuffixes": ["-sel"]}"#)
    try commit("v4")
    try configuration(#"{"version": 1, "roles": [{"pattern": "Tabs/t9*", "role": "toolbar"}]}"#)
    try png(ExampleFamily.glyph(2), "Toolbar/g2@2x.png")
    try png(ExampleFamily.glyph(1, stroke: 3), "Toolbar/g1-selected@2x.png")
    try commit("v5")
    try png(ExampleFamily.glyph(4, size: 0.8), "Tabs/t4@2x.png")
    try commit("v6")
  }

  /// Everything a snapshot holds but where it came from (its label and source).
  func described(_ snapshot: Snapshot) -> String {
    let icons = snapshot.icons.map { "\($0)" }.joined(separator: "\n")
    let findings = snapshot.findings.map { "\($0)" }.joined(separator: "\n")
    return "\(icons)\n\(findings)\n\(snapshot.consistencyScore) \(snapshot.familyScores.sorted { $0.key < $1.key })"
      + " \(snapshot.spreads.sorted { $0.key < $1.key }) \(snapshot.toolVersion)"
  }

  @Test func anIncrementalHistoryEqualsEachRevisionAuditedFromScratch() throws {
    let repo = try makeTemporaryFolder("history-incremental")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    try makeRepository(repo)
    let revisions = ["v1", "v2", "v3", "v4", "v5", "v6"]
    // From scratch: each revision checked out, audited alone, nothing cached.
    let trees = repo + "-trees"
    defer { try? FileManager.default.removeItem(atPath: trees) }
    var scratch: [String] = []
    for revision in revisions {
      try git(["worktree", "add", "-q", "\(trees)/\(revision)", revision], in: repo)
      var said: [AuditDiagnostic] = []
      scratch.append(described(try SnapshotSource().load("\(trees)/\(revision)/Icons", diagnostics: &said)))
    }
    #expect(Set(scratch).count == revisions.count, "each revision differs")
    // Incremental: through an empty cache, the same cache again, and without a cache.
    let cacheFolder = repo + "-cache"
    defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
    let cache = MeasurementCache(directory: cacheFolder, memo: true)
    for (run, source) in [("empty cache", SnapshotSource(cache: cache)), ("cache filled", SnapshotSource(cache: cache)),
                          ("no cache", SnapshotSource())] {
      var said: [AuditDiagnostic] = []
      let releases = try source.history(revisions: revisions, path: repo + "/Icons", diagnostics: &said)
      #expect(releases.map(\.revision) == revisions)
      for (release, expected) in zip(releases, scratch) {
        let snapshot = try #require(release.snapshot)
        #expect(snapshot.label == release.revision)
        let same = described(snapshot) == expected
        #expect(same, "\(run), \(release.revision): not the snapshot of the revision audited alone")
      }
    }
  }
}
