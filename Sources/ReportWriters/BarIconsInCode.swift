// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// The report's "bar icons found in the code" (``AuditReport/barIconsInCode``), for the text
/// and Markdown reports, and the code locations of a finding's icon, for the annotation formats.
/// Empty when the audit did not read an app's code: reports of icon folders are unchanged.
public enum BarIconsInCode {
  static func cells(_ row: BarIconRow) -> [String] {
    [row.image, row.role.rawValue, row.selectedImage ?? "", row.location, row.note ?? ""]
  }

  static let header = ["image", "role", "selected image", "where", "note"]

  /// A text table under a title line.
  public static func text(_ report: AuditReport) -> String {
    guard !report.barIconsInCode.isEmpty else { return "" }
    let rows = report.barIconsInCode.map { cells($0).map(PlainText.field) }
    return "Bar icons found in the code (\(report.barIconsInCode.count))\n"
      + TextTable.render(header: header, rows: rows, rightAligned: [], indent: "  ") + "\n"
  }

  /// A Markdown section with a table.
  public static func markdown(_ report: AuditReport, escape: (String) -> String) -> String {
    guard !report.barIconsInCode.isEmpty else { return "" }
    var out = "\n## Bar icons found in the code\n\n| " + header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: header.count) + "\n"
    for row in report.barIconsInCode {
      out += "| " + cells(row).map { $0.isEmpty ? "" : escape($0) }.joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// The lines of code that put a finding's icon in a bar (empty without code).
  public static func locations(of iconId: String, in report: AuditReport) -> [String] {
    guard !report.barIconsInCode.isEmpty else { return [] }
    return report.icons.first { $0.id == iconId }?.codeUse?.locations ?? []
  }

  /// ` (in the bar at App/Main.storyboard:12, …)` for a finding's message, or "".
  static func suffix(_ iconId: String, _ report: AuditReport) -> String {
    let lines = locations(of: iconId, in: report)
    guard let first = lines.first else { return "" }
    return " (put in the bar at \(first)\(lines.count > 1 ? " and \(lines.count - 1) more" : ""))"
  }
}
