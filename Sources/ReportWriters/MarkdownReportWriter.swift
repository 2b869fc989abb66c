// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconSupport

/// The Markdown report, for pull-request comments (GitHub-flavoured): a summary line, a table per
/// family, the findings with their fixes; long lists fold into `<details>`.
public enum MarkdownReportWriter {
  /// Findings shown before the rest fold away.
  public static let visibleFindings = 10

  public static func write(_ report: AuditReport, toolVersion: String) -> String {
    let errors = report.count(.error), warnings = report.count(.warning)
    var out = "## iconaudit: "
    if errors == 0 && warnings == 0 {
      out += "no findings"
    } else {
      out += [NumberText.plural(errors, "error"), NumberText.plural(warnings, "warning")].joined(separator: ", ")
    }
    out += " in " + NumberText.plural(report.icons.count, "icon")
    if !report.unreadable.isEmpty { out += ", " + NumberText.plural(report.unreadable.count, "unreadable file") }
    out += "\n\n"
    let scope = report.effectiveScope
    out += escape(scope.line) + "\n\n"
    for note in scope.folderNotes { out += "- Note: " + escape(note.text) + "\n" }
    if !scope.folderNotes.isEmpty { out += "\n" }
    if let label = report.label { out += "Release: \(escape(label))  \n" }
    let scores = report.families.map { "\(escape(report.displayName(ofFamily: $0.name))) \(String(format: "%.0f", $0.consistencyScore))/100" }
    if !scores.isEmpty { out += "Consistency: " + scores.joined(separator: " · ") + "\n\n" }

    let byIcon = Dictionary(grouping: report.findings, by: \.iconId)
    for family in report.families {
      let members = report.icons.filter { $0.family == family.name }
      out += "### \(escape(report.displayName(ofFamily: family.name)))\n\n"
      out += "\(members.count) icons · \(family.majorityStyle.map { $0.rawValue } ?? "outline + filled") · consistency \(String(format: "%.0f", family.consistencyScore))/100\n\n"
      out += "| | icon | size pt | × median | stroke pt | detail | findings |\n|:-:|---|--:|--:|--:|--:|---|\n"
      for icon in members {
        let e = family.evaluation(for: icon.id)
        let found = byIcon[icon.id] ?? []
        let worst = found.map(\.severity).max()
        let mark = worst == .error ? "❌" : worst == .warning ? "⚠️" : worst == .info ? "ℹ️" : "✅"
        let name = PathText.lastComponent(icon.id) + (icon.state == .selected ? " (selected)" : "")
        // The size the family compares (×median divides it), as on the HTML page and in the findings.
        let size = e?.size.value ?? FamilyAnalyzer.effectiveSize(icon.metrics)
        out += "| \(mark) | \(escape(name)) | \(String(format: "%.1f", size)) | "
        out += (e.map { String(format: "%.2f", $0.size.ratio) } ?? "–") + " | "
        // A filled glyph (a selected state, a filled icon) has no strokes: its "stroke" is the
        // width of its body, not a figure to compare (as on the HTML page).
        let filled = (e?.style ?? icon.metrics.style) == .filled
        out += (filled ? "filled" : String(format: "%.2f", icon.metrics.strokeWeightPt)) + " | "
          + String(format: "%.0f", icon.metrics.detailDensity) + " | "
        out += Array(Set(found.map(\.ruleId))).sorted().map { "`\($0)`" }.joined(separator: " ") + " |\n"
      }
      out += "\n"
    }

    let ordered = report.findings.sorted { a, b in a.severity != b.severity ? a.severity > b.severity : (a.path, a.ruleId) < (b.path, b.ruleId) }
    if !ordered.isEmpty {
      out += "### Findings\n\n"
      for (index, finding) in ordered.enumerated() {
        if index == visibleFindings {
          out += "\n<details><summary>\(ordered.count - visibleFindings) more findings</summary>\n\n"
        }
        let mark = finding.severity == .error ? "❌" : finding.severity == .warning ? "⚠️" : "ℹ️"
        out += "- \(mark) **\(escape(finding.path))**: \(escape(finding.message)) (`\(finding.ruleId)`)"
        if let fix = finding.fix { out += "  \n  Fix: \(escape(fix))" }
        out += "\n"
      }
      if ordered.count > visibleFindings { out += "\n</details>\n" }
      if ModifiedZScoreNote.applies(to: ordered) { out += "\n**M** " + ModifiedZScoreNote.explanation(rules: "`iconaudit rules`") + "\n" }
      out += "\n"
    }
    let leftOut = scope.notAudited
    if !leftOut.isEmpty {
      out += "### Not audited as bar icons\n\n<details><summary>\(NumberText.plural(leftOut.count, "image")) (--all-images audits them)</summary>\n\n"
      out += "| image | reason |\n|---|---|\n"
      for item in leftOut {
        out += "| \(escape(item.path)) | \(escape(item.reason.text + (item.detail.map { " (\($0))" } ?? ""))) |\n"
      }
      out += "\n</details>\n\n"
    }
    if !report.unreadable.isEmpty {
      out += "### Unreadable files\n\n"
      for item in report.unreadable { out += "- **\(escape(item.path))**: \(escape(item.reason))\n" }
      out += "\n"
    }
    if !report.barIconsInCode.isEmpty { out += BarIconsInCode.markdown(report, escape: escape).dropFirst() + "\n" }
    out += "<sub>iconaudit \(escape(toolVersion))</sub>\n"
    return out
  }



  /// Escapes text for GitHub-flavoured Markdown inline content and table cells: Markdown
  /// punctuation, HTML's `<`, `>` and `&`, pipes, line breaks (folded to spaces), and other control
  /// characters (replaced by U+FFFD).
  public static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "#", "|", "~", "!":
        out += "\\" + String(character)
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "\n", "\r": out += " "
      default:
        // Other control characters (a terminal escape in a file name) become U+FFFD.
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
          out += "\u{FFFD}"
        } else {
          out.append(character)
        }
      }
    }
    return out
  }
}

extension MarkdownReportWriter: ReportFormat {
  public static let identifier = "markdown"

  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    [Array(write(report, toolVersion: context.toolVersion).utf8)]
  }

  /// The heading the report starts with.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    sample.kind == .text && sample.firstLine.hasPrefix("## iconaudit: ")
  }
}
