// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// GitHub Actions workflow commands, one per finding (`::error file=…,title=…::message`), so
/// findings show up as annotations on a pull request's changed files.
public enum GitHubAnnotationWriter {
  /// `pathPrefix` is prepended to each icon path so that it is relative to the repository root.
  public static func write(_ report: AuditReport, pathPrefix: String = "") -> String {
    var out = ""
    for f in report.findings {
      let command = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
      var message = f.message
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
      var message = f.message
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
