// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster
import IconSupport
import Testing
import TestSupport

/// `iconaudit history --git REV… PATH` and `--tags [PATTERN] PATH` on a repository made here: PATH
/// read from git's objects at each revision (the work tree untouched), a revision without PATH
/// listed as such, a bad revision named.
@Suite(.serialized) struct HistoryGitEndToEndTests {

  /// v1.0: eight glyphs; v1.1: g2 drawn with a 3 pt stroke, g7 removed; v1.2: the folder moved away
  /// (PATH missing); v2.0: back, as at v1.1.
  func makeRepository(_ repo: String) throws {
    try git(["init", "-q"], in: repo)
    try git(["config", "user.email", "t@example.com"], in: repo)
    try git(["config", "user.name", "Test"], in: repo)
    try writeFamily(repo + "/Icons/Toolbar")
    try git(["add", "-A"], in: repo)
    try git(["commit", "-q", "-m", "one"], in: repo)
    try git(["tag", "v1.0"], in: repo)
    try write(PNGCodec.encode(ExampleFamily.glyph(2, stroke: 3)), repo + "/Icons/Toolbar/g2@2x.png")
    try FileManager.default.removeItem(atPath: repo + "/Icons/Toolbar/g7@2x.png")
    try git(["add", "-A"], in: repo)
    try git(["commit", "-q", "-m", "two"], in: repo)
    try git(["tag", "v1.1"], in: repo)
    try git(["mv", "Icons", "Moved"], in: repo)
    try git(["commit", "-q", "-m", "three"], in: repo)
    try git(["tag", "v1.2"], in: repo)
    try git(["mv", "Moved", "Icons"], in: repo)
    try git(["commit", "-q", "-m", "four"], in: repo)
    try git(["tag", "v2.0"], in: repo)
    try git(["tag", "other"], in: repo)
  }

  @Test func historyAtTagsAndRevisions() throws {
    let repo = try makeTemporaryFolder("history-git")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    try makeRepository(repo)
    let path = repo + "/Icons/Toolbar"
    let cache = repo + "/../" + PathText.lastComponent(repo) + "-cache"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let tags = try runTool(["history", "--tags", "v*", path, "--format", "json", "--cache-dir", cache, "-v"])
    #expect(tags.status == 0, "\(tags.stderr)")
    #expect(tags.stderr.contains("does not exist at v1.2"), "\(tags.stderr)")
    // Eight files at v1.0, one new blob at v1.1, none after: 9 measured, the other 6 of v1.1's
    // icons from the cache; v2.0 holds v1.1's tree again: not audited again (its release is v1.1's).
    #expect(tags.stderr.contains("6 icons read from it, 9 measured"), "\(tags.stderr)")
    // The work tree and the index are untouched.
    #expect(try git(["status", "--porcelain"], in: repo).isEmpty)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(tags.stdout.utf8)) as? [String: Any])
    let releases = try #require(json["releases"] as? [[String: Any]])
    #expect(releases.map { $0["label"] as? String } == ["v1.0", "v1.1", "v1.2", "v2.0"])
    #expect(releases.map { $0["icons"] as? Int } == [8, 7, nil, 7])
    #expect(releases[2]["missing"] as? Bool == true)
    var again = releases[3], before = releases[1]
    (again["label"], before["label"]) = (nil, nil)
    #expect(again as NSDictionary == before as NSDictionary)
    let movers = try #require(json["movers"] as? [[String: Any]])
    #expect(movers.contains { $0["id"] as? String == "g2" && ($0["strokeChangePt"] as? Double ?? 0) > 0.4 }, "\(movers)")
    // The same releases as the folders checked out at those tags, audited on the spot.
    let trees = repo + "-trees"
    defer { try? FileManager.default.removeItem(atPath: trees) }
    try git(["worktree", "add", "-q", trees + "/v1.0", "v1.0"], in: repo)
    try git(["worktree", "add", "-q", trees + "/v1.1", "v1.1"], in: repo)
    let folders = try runTool(["history", trees + "/v1.0/Icons/Toolbar", trees + "/v1.1/Icons/Toolbar", "--format", "json", "--no-cache"])
    let revisions = try runTool(["history", "--git", "v1.0", "v1.1", path, "--format", "json", "--no-cache"])
    #expect(revisions.status == 0 && folders.status == 0)
    func releasesWithoutLabels(_ text: String) throws -> [NSDictionary] {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      return try #require(object["releases"] as? [[String: Any]]).map { release in
        var release = release
        release["label"] = nil
        return release as NSDictionary
      }
    }
    #expect(try releasesWithoutLabels(revisions.stdout) == releasesWithoutLabels(folders.stdout))
    // Markdown and HTML list the missing release.
    let markdown = try runTool(["history", "--git", "v1.0", "v1.2", "v2.0", path, "--cache-dir", cache])
    #expect(markdown.stdout.contains("| v1.2 | — | — | — | not present at this release | | |"), "\(markdown.stdout)")
    let html = try runTool(["history", "--git", "v1.0", "v1.2", path, "--format", "html", "--cache-dir", cache])
    #expect(html.stdout.contains("<td>v1.2</td><td colspan=\"6\">not present at this release</td>"))
  }

  @Test func aBadRevisionIsNamed() throws {
    let repo = try makeTemporaryFolder("history-git-bad")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    try makeRepository(repo)
    for bad in ["no-such-tag", "HEAD~99", "v1.0:Icons"] {
      let run = try runTool(["history", "--git", "v1.0", bad, repo + "/Icons/Toolbar", "--no-cache"])
      #expect(run.status == 2 && run.stderr.contains("'\(bad)' is not a git revision"), "\(bad): \(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    let none = try runTool(["history", "--tags", "release-*", repo + "/Icons/Toolbar", "--no-cache"])
    #expect(none.status == 64 && none.stderr.contains("no tag matches 'release-*'"), "\(none.stderr)")
  }
}
