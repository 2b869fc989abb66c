// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconSupport

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
      if selected > 0 { detail.append("\(NumberText.plural(items, "item")) and \(NumberText.plural(selected, "selected state"))") }
      // Icons the statistics leave out (on an opaque background): not in the table below.
      if leftOut > 0 { detail.append("\(leftOut) not compared with the others: see their findings") }
      out += paint(PlainText.field(title), "1") + "  " + NumberText.plural(all, "icon") + (detail.isEmpty ? "" : " (" + detail.joined(separator: "; ") + ")")
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
      out += TextTable.render(header: ["", "icon", "size pt", "×median", "stroke pt", "detail", "style"], rows: rows,
                             rightAligned: Set(2...5), indent: "  ")
      out += "\n"
      return out
    }.joined()
    // The summary first: what was found, what was audited as bar icons, what was left out and why.
    let scope = report.effectiveScope
    var top = PlainText.field(scope.line) + "\n"
    for note in scope.folderNotes { top += "note: " + PlainText.field(note.text) + "\n" }
    out = top + "\n" + out
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
    for item in scope.notAudited {
      out += "\(PlainText.field(item.path)): not audited as a bar icon: \(item.reason.text)"
        + (item.detail.map { " (\(PlainText.field($0)))" } ?? "") + "\n"
    }
    for item in report.unreadable {
      out += "\(PlainText.field(item.path)): " + paint("unreadable", "31") + ": \(PlainText.field(item.reason))\n"
    }
    if !report.barIconsInCode.isEmpty { out += "\n" + BarIconsInCode.text(report) }
    // What "M = …" in the findings is, once, above the count.
    if ModifiedZScoreNote.applies(to: report.findings) { out += "\nM " + ModifiedZScoreNote.explanation(rules: "'iconaudit rules'") + "\n" }
    out += "\n" + NumberText.plural(report.icons.count, "icon") + ": " + NumberText.plural(report.count(.error), "error") + ", "
      + NumberText.plural(report.count(.warning), "warning") + ", " + NumberText.plural(report.count(.info), "note")
    if !report.unreadable.isEmpty { out += ", \(report.unreadable.count) unreadable" }
    return out + "\n"
  }

}

extension TextReportWriter: ReportFormat {
  public static let identifier = "text"

  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    [Array(write(report, color: context.color).utf8)]
  }

  /// The report's closing count as its last line.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    sample.kind == .text
      && sample.lastLine.wholeMatch(of: #/\d+ icons?: \d+ errors?, \d+ warnings?, \d+ notes?(, \d+ unreadable)?/#) != nil
  }
}
