// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

extension JSONReportWriter: ReportFormat {
  public static let identifier = "json"

  /// Written as bytes, in pieces: never the whole report as a tree, a String or one buffer.
  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    writeUTF8Pieces(report, toolVersion: context.toolVersion)
  }

  /// The `tool` object, as written (measurements carry the same).
  public static var jsonMarks: [[String]] { [["\n  \"tool\": {\n    \"name\": \"iconaudit\","]] }
}
