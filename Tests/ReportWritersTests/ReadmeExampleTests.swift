// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The README shows what `scripts/demo` prints: a reader compares it with their own run.
@Suite struct ReadmeExampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// README.md's first fenced block under "What the demo prints" is Reports/Examples/report.txt
  /// word for word (scripts/demo copies it there after writing the reports).
  @Test func theReadmeShowsTheDemosTextReport() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let report = try String(contentsOf: Self.root.appendingPathComponent("Reports/Examples/report.txt"), encoding: .utf8)
    let section = try #require(readme.range(of: "## What the demo prints"))
    let open = try #require(readme.range(of: "```\n", range: section.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
    let shown = String(readme[open.upperBound...close.lowerBound])
    #expect(shown == report, "README.md's 'What the demo prints' differs from Reports/Examples/report.txt: run scripts/demo, which copies it there")
  }
}
