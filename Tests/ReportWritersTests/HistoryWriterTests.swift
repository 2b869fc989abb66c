// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ReportWriters
import Testing

/// The history page's table of every icon over releases: sorted rows, one column per release
/// (missing releases included), moves over 5% marked, absent icons shown as "–", names escaped.
@Suite struct HistoryWriterTests {
  @Test func iconTableOverTwoReleases() throws {
    let report = goldenReport()
    var before = try Snapshot(json: Data(JSONReportWriter.writeUTF8(report, toolVersion: "TEST")), source: "v1.json")
    before.label = "v1.0"
    var after = before
    after.source = "v2.json"
    after.label = "v2.0"
    after.icons.removeAll { $0.id == "TabBar/small" }
    let g1 = try #require(after.icons.firstIndex { $0.id == "TabBar/g1" })
    after.icons[g1].perceivedSizePt *= 1.2
    var history = HistoryReport(snapshots: [before, after])
    history.missing = [(label: "v1.5", position: 1)]
    let html = HistoryWriter.html(history)
    let table = try #require(html.range(of: "<table class=\"icons\">").map { String(html[$0.lowerBound...]) })
    let rows = table.split(separator: "\n").map(String.init)
    #expect(rows[0] == "<table class=\"icons\"><tr><th>icon</th><th>v1.0</th><th>v1.5 (not present)</th><th>v2.0</th></tr>")
    func row(_ id: String) throws -> String { try #require(rows.first { $0.hasPrefix("<tr><td>\(id)</td>") }) }
    func cell(_ icon: Snapshot.Icon) -> String { String(format: "%.1f / %.2f", icon.perceivedSizePt, icon.strokeWeightPt) }
    let old1 = try #require(before.icons.first { $0.id == "TabBar/g1" })
    #expect(try row("TabBar/g1") == "<tr><td>TabBar/g1</td><td>\(cell(old1))</td><td>–</td><td><mark>\(cell(after.icons[g1]))</mark></td></tr>")
    let small = try #require(before.icons.first { $0.id == "TabBar/small" })
    #expect(try row("TabBar/small") == "<tr><td>TabBar/small</td><td>\(cell(small))</td><td>–</td><td>–</td></tr>")
    let g0 = try #require(before.icons.first { $0.id == "TabBar/g0" })
    #expect(try row("TabBar/g0") == "<tr><td>TabBar/g0</td><td>\(cell(g0))</td><td>–</td><td>\(cell(g0))</td></tr>")
    // The HTML-named icon stays text.
    #expect(!html.contains("<b>&"))
    #expect(rows.contains { $0.hasPrefix("<tr><td>TabBar/&lt;b&gt;&amp;") })
    // Rows sorted by id, deterministic.
    let ids = rows.dropFirst().filter { $0.hasPrefix("<tr><td>") }.map { $0.dropFirst(8).prefix { $0 != "<" } }
    #expect(ids.count == before.icons.count)
    #expect(HistoryWriter.html(history) == html)
  }
}
