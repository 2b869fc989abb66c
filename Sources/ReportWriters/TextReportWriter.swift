// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster

/// The terminal summary: per family, a compact table, then the findings. ANSI colour only when
/// asked (on a TTY).
public enum TextReportWriter {
  public static func write(_ report: AuditReport, color: Bool = false) -> String {
    @Sendable func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    let byIcon = Dictionary(grouping: report.findings, by: \.iconId)
    // Icon id → its first icon (a lookup a row, not a scan of every icon).
    var firstIcons: [String: AuditIcon] = [:]
    for icon in report.icons where firstIcons[icon.id] == nil { firstIcons[icon.id] = icon }
    let iconWithId = firstIcons
    // Every icon of a family, selected states included (as the Markdown and HTML reports count them).
    let membersOf = Dictionary(grouping: report.icons, by: \.family).mapValues(\.count)
    let selectedOf = Dictionary(grouping: report.icons.filter { $0.state == .selected }, by: \.family).mapValues(\.count)
    // Each family's table on its own, on all cores, joined in report order.
    var out = report.families.parallelMap { family -> String in
      var out = ""
      let title = report.displayName(ofFamily: family.name)
      let items = family.icons.count, all = max(membersOf[family.name] ?? items, items)
      let selected = selectedOf[family.name] ?? 0, leftOut = max(0, all - items - selected)
      var detail: [String] = []
      if selected > 0 { detail.append("\(plural(items, "item")) and \(plural(selected, "selected state"))") }
      // Icons the statistics leave out (on an opaque background): not in the table below.
      if leftOut > 0 { detail.append("\(leftOut) not compared with the others: see their findings") }
      out += paint(PlainText.field(title), "1") + "  " + plural(all, "icon") + (detail.isEmpty ? "" : " (" + detail.joined(separator: "; ") + ")")
        + ", consistency \(String(format: "%.0f", family.consistencyScore))/100"
      if let majority = family.majorityStyle { out += ", \(majority.rawValue)" } else { out += ", outline + filled" }
      out += "\n"
      var rows: [[String]] = []
      for e in family.icons {
        guard let icon = iconWithId[e.id] else { continue }
        let worst = byIcon[e.id]?.map(\.severity).max()
        let mark = worst == .error ? paint("✗", "31") : worst == .warning ? paint("!", "33") : " "
        // The size the family compares (and ×median divides): the same figure as the HTML page's
        // and the findings', not the hull alone.
        rows.append([mark, PlainText.field(PathText.lastComponent(icon.path)), String(format: "%.1f", e.size.value),
                     String(format: "%.2f", e.size.ratio), String(format: "%.2f", icon.metrics.strokeWeightPt),
                     String(format: "%.0f", icon.metrics.detailDensity), e.style.rawValue])
      }
      out += table(header: ["", "icon", "size pt", "×median", "stroke pt", "detail", "style"], rows: rows)
      out += "\n"
      return out
    }.joined()
    if report.findings.isEmpty {
      // Only when the audit saw something to judge: "No findings." above unreadable files, or for
      // a folder without icons, reads as a clean bill of health.
      if report.unreadable.isEmpty && !report.icons.isEmpty { out += "No findings.\n" }
    } else {
      for finding in report.findings {
        let severity: String
        switch finding.severity {
        case .error: severity = paint("error", "31;1")
        case .warning: severity = paint("warning", "33;1")
        case .info: severity = paint("info", "36")
        }
        // Names come from files and folders: nothing in them may drive the terminal.
        out += "\(PlainText.field(finding.path)): \(severity): \(PlainText.field(finding.message)) [\(finding.ruleId)]\n"
        if let fix = finding.fix { out += "    fix: \(PlainText.field(fix))\n" }
      }
    }
    for item in report.unreadable {
      out += "\(PlainText.field(item.path)): " + paint("unreadable", "31") + ": \(PlainText.field(item.reason))\n"
    }
    out += "\n" + plural(report.icons.count, "icon") + ": " + plural(report.count(.error), "error") + ", "
      + plural(report.count(.warning), "warning") + ", " + plural(report.count(.info), "note")
    if !report.unreadable.isEmpty { out += ", \(report.unreadable.count) unreadable" }
    return out + "\n"
  }

  static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

  static func table(header: [String], rows: [[String]]) -> String {
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], visibleLength(cell)) } }
    func line(_ cells: [String]) -> String {
      "  " + cells.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: max(0, widths[i] - visibleLength(cell)))
        return i >= 2 && i <= 5 ? pad + cell : cell + pad
      }.joined(separator: "  ").trimmingTrailingWhitespace() + "\n"
    }
    return line(header) + rows.map(line).joined()
  }

  /// The number of characters of `s` without its ANSI colour sequences (ESC [ digits and ; m).
  static func visibleLength(_ s: String) -> Int {
    guard s.unicodeScalars.contains("\u{1B}") else { return s.count }
    var visible = String.UnicodeScalarView()
    var scalars = s.unicodeScalars[...]
    while let c = scalars.first {
      if c == "\u{1B}", scalars.dropFirst().first == "[" {
        let body = scalars.dropFirst(2).prefix { ("0"..."9").contains($0) || $0 == ";" }
        let end = scalars.dropFirst(2 + body.count)
        if end.first == "m" {
          scalars = end.dropFirst()
          continue
        }
      }
      visible.append(c)
      scalars = scalars.dropFirst()
    }
    return String(visible).count
  }
}

extension String {
  /// Without the whitespace at its end: the Unicode scalars with the White_Space property, as the
  /// regular expression `\s+$` removes them.
  func trimmingTrailingWhitespace() -> String {
    var scalars = unicodeScalars[...]
    while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
