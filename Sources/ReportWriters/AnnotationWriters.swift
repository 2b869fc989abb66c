// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines

/// GitHub Actions workflow commands, one per finding (`::error file=…,title=…::message`), so
/// findings show up as annotations on a pull request's changed files.
public enum GitHubAnnotationWriter {
  /// `pathPrefix` is prepended to each icon path so that it is relative to the repository root.
  public static func write(_ report: AuditReport, pathPrefix: String = "") -> String {
    // The summary first, as a notice without a file (shown in the run's annotations).
    var out = "::notice title=\(property("iconaudit summary"))::\(data(report.effectiveScope.line))\n"
    for note in report.effectiveScope.folderNotes {
      out += "::notice title=\(property("iconaudit families"))::\(data(note.text))\n"
    }
    // What "M = …" in an annotation is, once, beside the summary (as the other reports say it).
    if ModifiedZScoreNote.applies(to: report.findings) {
      out += "::notice title=\(property("iconaudit M"))::\(data("M " + ModifiedZScoreNote.explanation(rules: "'iconaudit rules'")))\n"
    }
    for f in report.findings {
      let command = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
      var message = f.message + BarIconsInCode.suffix(f.iconId, report)
      if let fix = f.fix { message += "\nFix: \(fix)" }
      out += "::\(command) file=\(property(pathPrefix + f.path)),title=\(property("iconaudit \(f.ruleId)"))::\(data(message))\n"
    }
    for item in report.unreadable {
      out += "::error file=\(property(pathPrefix + item.path)),title=\(property("iconaudit unreadable file"))::\(data(item.reason))\n"
    }
    return out
  }

  /// Escapes a command's message (GitHub's `escapeData`).
  static func data(_ s: String) -> String {
    // Other control characters (a terminal escape in a file name) made visible first.
    PlainText.printable(s, keepNewlines: true).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
  }

  /// Escapes a command property (GitHub's `escapeProperty`).
  static func property(_ s: String) -> String {
    data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

/// `path: warning: message [rule_id]` lines, which Xcode shows inline when iconaudit runs in a
/// Run Script build phase (the convention SwiftLint users know). Xcode wants absolute paths:
/// `root` is joined to each icon's relative path.
public enum XcodeDiagnosticsWriter {
  public static func write(_ report: AuditReport, root: String = "") -> String {
    func absolute(_ path: String) -> String {
      root.isEmpty ? path : (root.hasSuffix("/") ? root : root + "/") + path
    }
    var out = ""
    for f in report.findings {
      let kind = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "note"
      var message = f.message + BarIconsInCode.suffix(f.iconId, report)
      if let fix = f.fix { message += "; fix: \(fix)" }
      out += "\(PlainText.field(absolute(f.path))): \(kind): \(oneLine(message)) [\(f.ruleId)]\n"
    }
    for item in report.unreadable { out += "\(PlainText.field(absolute(item.path))): error: \(oneLine(item.reason)) [unreadable]\n" }
    return out
  }

  static func oneLine(_ s: String) -> String {
    PlainText.field(s.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " "))
  }
}

extension GitHubAnnotationWriter: ReportFormat {
  public static let identifier = "github"

  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    [Array(write(report, pathPrefix: context.pathPrefix).utf8)]
  }

  /// Every whole line a workflow command titled by iconaudit (and at least one).
  public static func recognizes(_ sample: OutputSample) -> Bool {
    sample.kind == .text && !sample.completeLines.isEmpty
      && sample.completeLines.allSatisfy { $0.hasPrefix("::") && $0.contains("title=iconaudit ") }
  }
}

extension XcodeDiagnosticsWriter: ReportFormat {
  public static let identifier = "xcode"

  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    [Array(write(report, root: context.root).utf8)]
  }

  /// Every whole line (and at least one) "path: error: message [rule]", the rule one of iconaudit's.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    guard sample.kind == .text, !sample.completeLines.isEmpty else { return false }
    let rules = Set(RuleRegistry.identifiers + ["unreadable"])
    let diagnostic = #/^.+: (error|warning|note): .* \[([a-z_]+)\]$/#
    return sample.completeLines.allSatisfy { line in line.wholeMatch(of: diagnostic).map { rules.contains(String($0.2)) } ?? false }
  }
}
