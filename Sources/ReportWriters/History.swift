// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A family over many releases: consistency and spreads per snapshot, and the icons that moved
/// most between the first and the last release they appear in.
public struct HistoryReport: Sendable {
  public struct Mover: Sendable, Equatable {
    public var id: String
    /// Relative change of perceived size from its first to its last snapshot.
    public var sizeChange: Double
    public var strokeChangePx: Double
    /// The same change in points (what designers draw in, and what drift prints).
    public var strokeChangePt: Double
    public var first: String
    public var last: String
  }

  public var snapshots: [Snapshot]
  public var movers: [Mover]
  /// Releases where the audited path did not exist (`history --git`): each label with the number
  /// of snapshots before it, listed in place in every format.
  public var missing: [(label: String, position: Int)] = []

  public init(snapshots: [Snapshot], top: Int = 10) {
    self.snapshots = snapshots
    var firstSeen: [String: (Snapshot.Icon, String)] = [:]
    var lastSeen: [String: (Snapshot.Icon, String)] = [:]
    for s in snapshots {
      let label = s.label ?? s.source
      for icon in s.icons {
        if firstSeen[icon.id] == nil { firstSeen[icon.id] = (icon, label) }
        lastSeen[icon.id] = (icon, label)
      }
    }
    var movers: [Mover] = []
    // Moves within measurement noise (drift's default tolerances) are not moves.
    let noise = DriftTolerances()
    for (id, (a, la)) in firstSeen {
      guard let (b, lb) = lastSeen[id], la != lb, a.perceivedSizePt > 0 else { continue }
      guard abs(b.perceivedSizePt / a.perceivedSizePt - 1) > noise.size || strokeMovedPx(a, b) > noise.strokePx
      else { continue }
      movers.append(Mover(id: id, sizeChange: b.perceivedSizePt / a.perceivedSizePt - 1,
                          strokeChangePx: b.strokeWeightPx - a.strokeWeightPx,
                          strokeChangePt: b.strokeWeightPt - a.strokeWeightPt, first: la, last: lb))
    }
    movers.sort { (abs(log1p($0.sizeChange)) + abs($0.strokeChangePx) / 4, $1.id) > (abs(log1p($1.sizeChange)) + abs($1.strokeChangePx) / 4, $0.id) }
    self.movers = Array(movers.prefix(top))
  }

  /// Sorts snapshots by label in natural version order (v2.10 after v2.9); unlabelled last.
  public static func ordered(byLabel snapshots: [Snapshot]) -> [Snapshot] {
    snapshots.sorted { a, b in
      switch (a.label, b.label) {
      case let (x?, y?): return x.compare(y, options: [.numeric, .caseInsensitive]) == .orderedAscending
      case (.some, nil): return true
      default: return false
      }
    }
  }
}

public enum HistoryWriter {
  static func label(_ s: Snapshot) -> String { s.label ?? s.source }

  public static func jsonValue(_ h: HistoryReport) -> JSONValue {
    var releases: [JSONValue] = []
    func missing(_ label: String) -> JSONValue { .object(["label": .string(label), "missing": .bool(true)]) }
    for (i, s) in h.snapshots.enumerated() {
      releases += h.missing.filter { $0.position == i }.map { missing($0.label) }
      releases.append(.object([
        "label": .string(label(s)), "icons": .int(s.icons.count), "findings": .int(s.findings.count),
        "consistencyScore": .double(s.consistencyScore),
        "spreads": .object(s.spreads.mapValues(JSONValue.double)),
      ]))
    }
    releases += h.missing.filter { $0.position >= h.snapshots.count }.map { missing($0.label) }
    return .object([
      "releases": .array(releases),
      "movers": .array(h.movers.map { m in
        .object(["id": .string(m.id), "sizeChange": .double(m.sizeChange), "strokeChangePx": .double(m.strokeChangePx),
                 "strokeChangePt": .double(m.strokeChangePt),
                 "first": .string(m.first), "last": .string(m.last)])
      }),
    ])
  }

  public static func markdown(_ h: HistoryReport) -> String {
    let e = MarkdownReportWriter.escape
    var out = "## iconaudit history\n\n| release | icons | findings | consistency | size spread | stroke spread | detail spread |\n|---|--:|--:|--:|--:|--:|--:|\n"
    for (i, s) in h.snapshots.enumerated() {
      for m in h.missing where m.position == i { out += "| \(e(m.label)) | — | — | — | not present at this release | | |\n" }
      out += "| \(e(label(s))) | \(s.icons.count) | \(s.findings.count) | \(String(format: "%.1f", s.consistencyScore)) | "
      out += ["effectiveSizePt", "strokeWeightPt", "detailDensity"].map { String(format: "%.1f%%", (s.spreads[$0] ?? 0) * 100) }.joined(separator: " | ") + " |\n"
    }
    for m in h.missing where m.position >= h.snapshots.count { out += "| \(e(m.label)) | — | — | — | not present at this release | | |\n" }
    if !h.movers.isEmpty {
      out += "\n**Icons that moved most**\n\n| icon | size | stroke | between |\n|---|--:|--:|---|\n"
      for m in h.movers {
        out += "| \(e(m.id)) | \(String(format: "%+.1f%%", m.sizeChange * 100)) | \(String(format: "%+.2f pt", m.strokeChangePt)) | \(e(m.first)) → \(e(m.last)) |\n"
      }
    }
    return out
  }

  public static func html(_ h: HistoryReport) -> String {
    let esc = DriftWriter.esc
    let n = h.snapshots.count
    let width = 640.0, height = 220.0, pad = 36.0
    func x(_ i: Int) -> Double { n <= 1 ? width / 2 : pad + Double(i) * (width - 2 * pad) / Double(n - 1) }
    func y(_ v: Double) -> Double { height - pad - (min(max(v, 0), 100) / 100) * (height - 2 * pad) }
    var chart = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"consistency over releases\">"
    for v in stride(from: 0.0, through: 100, by: 25) {
      chart += "<line x1=\"\(pad)\" x2=\"\(width - pad)\" y1=\"\(y(v))\" y2=\"\(y(v))\" class=\"grid\"/><text x=\"4\" y=\"\(y(v) + 4)\" class=\"axis\">\(Int(v))</text>"
    }
    let points = h.snapshots.enumerated().map { String(format: "%.1f,%.1f", x($0.offset), y($0.element.consistencyScore)) }.joined(separator: " ")
    chart += "<polyline points=\"\(points)\" class=\"score\"/>"
    for (i, s) in h.snapshots.enumerated() {
      chart += String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" class=\"dot\"/>", x(i), y(s.consistencyScore))
      chart += String(format: "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"axis\">", x(i), height - 10) + esc(label(s)) + "</text>"
    }
    chart += "</svg>"
    var rows = ""
    func missingRow(_ label: String) -> String {
      "<tr><td>\(esc(label))</td><td colspan=\"6\">not present at this release</td></tr>\n"
    }
    for (i, s) in h.snapshots.enumerated() {
      for m in h.missing where m.position == i { rows += missingRow(m.label) }
      rows += "<tr><td>\(esc(label(s)))</td><td>\(s.icons.count)</td><td>\(s.findings.count)</td><td>\(String(format: "%.1f", s.consistencyScore))</td>"
      rows += ["effectiveSizePt", "strokeWeightPt", "detailDensity"].map { "<td>\(String(format: "%.1f%%", (s.spreads[$0] ?? 0) * 100))</td>" }.joined() + "</tr>\n"
    }
    for m in h.missing where m.position >= h.snapshots.count { rows += missingRow(m.label) }
    var movers = ""
    for m in h.movers {
      movers += "<tr><td>\(esc(m.id))</td><td>\(String(format: "%+.1f%%", m.sizeChange * 100))</td><td>\(String(format: "%+.2f pt", m.strokeChangePt))</td><td>\(esc(m.first)) → \(esc(m.last))</td></tr>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>iconaudit history</title>
      <style>
      \(HTMLStylesheet.history)</style></head><body>
      <h1>Icon family over releases</h1>
      <h2>Consistency</h2>
      \(chart)
      <table><tr><th>release</th><th>icons</th><th>findings</th><th>consistency</th><th>size spread</th><th>stroke spread</th><th>detail spread</th></tr>
      \(rows)</table>
      \(movers.isEmpty ? "" : "<h2>Icons that moved most</h2><table><tr><th>icon</th><th>size</th><th>stroke</th><th>between</th></tr>\n\(movers)</table>")
      \(iconTable(h))
      </body></html>

      """
  }
}

extension HistoryWriter {
  /// A cell is marked when size or stroke moved by more than this fraction since the previous release.
  static let iconMoveFraction = 0.05

  /// The HTML table of every icon over releases: one row per icon id (sorted by `<`), one column
  /// per release in the report's order (releases where the path was missing get a column of "–"),
  /// each cell "perceived size pt / stroke pt", inside `<mark>` when either moved by more than
  /// ``iconMoveFraction`` from the release just before (not when the icon was absent there).
  /// O(icons × releases).
  static func iconTable(_ h: HistoryReport) -> String {
    let esc = DriftWriter.esc
    var byId: [[String: Snapshot.Icon]] = []
    var ids = Set<String>()
    for s in h.snapshots {
      var icons: [String: Snapshot.Icon] = [:]
      for icon in s.icons where icons[icon.id] == nil { icons[icon.id] = icon }
      byId.append(icons)
      ids.formUnion(icons.keys)
    }
    guard !ids.isEmpty else { return "" }
    /// A column: a snapshot's index, or a missing release's label.
    enum Column { case release(Int), missing(String) }
    var columns: [Column] = []
    for i in h.snapshots.indices {
      columns += h.missing.filter { $0.position == i }.map { .missing($0.label) }
      columns.append(.release(i))
    }
    columns += h.missing.filter { $0.position >= h.snapshots.count }.map { .missing($0.label) }
    func moved(_ a: Double, _ b: Double) -> Bool { a > 0 ? abs(b / a - 1) > iconMoveFraction : b > 0 }
    var out = "<h2>Icons over releases</h2>\n<p>perceived size / stroke, in pt; marked: moved more than \(Int(iconMoveFraction * 100))% since the release before</p>\n"
    out += "<table class=\"icons\"><tr><th>icon</th>"
    for c in columns {
      switch c {
      case .release(let i): out += "<th>\(esc(label(h.snapshots[i])))</th>"
      case .missing(let l): out += "<th>\(esc(l)) (not present)</th>"
      }
    }
    out += "</tr>\n"
    for id in ids.sorted() {
      out += "<tr><td>\(esc(id))</td>"
      for c in columns {
        guard case .release(let i) = c, let icon = byId[i][id] else { out += "<td>–</td>"; continue }
        let text = String(format: "%.1f / %.2f", icon.perceivedSizePt, icon.strokeWeightPt)
        if i > 0, let before = byId[i - 1][id],
           moved(before.perceivedSizePt, icon.perceivedSizePt) || moved(before.strokeWeightPt, icon.strokeWeightPt) {
          out += "<td><mark>\(text)</mark></td>"
        } else {
          out += "<td>\(text)</td>"
        }
      }
      out += "</tr>\n"
    }
    return out + "</table>"
  }
}

extension HistoryWriter: IconauditOutput {
  /// The JSON's lists, as written.
  public static var jsonMarks: [[String]] { [["{\n  \"movers\": [", "\n  \"releases\": ["]] }

  /// The Markdown's heading, the page's title.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    switch sample.kind {
    case .html: return sample.head.contains("<title>iconaudit history</title>")
    case .text: return sample.firstLine == "## iconaudit history"
    }
  }
}
