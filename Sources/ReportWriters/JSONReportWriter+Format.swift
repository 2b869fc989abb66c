// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

extension JSONReportWriter: ReportFormat {
  public static let identifier = "json"

  /// Written as bytes, in pieces: never the whole report as a tree, a String or one buffer.
  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    writeUTF8Pieces(report, toolVersion: context.toolVersion)
  }

  /// Each batch of the icons, findings and families' icons written just before it is handed over
  /// (``writeUTF8(_:toolVersion:to:)``).
  public static func write(_ report: AuditReport, context: ReportContext, to sink: ([UInt8]) -> Bool) -> Bool {
    writeUTF8(report, toolVersion: context.toolVersion, to: sink)
  }

  /// The `tool` object, as written (measurements carry the same).
  public static var jsonMarks: [[String]] { [["\n  \"tool\": {\n    \"name\": \"iconaudit\","]] }
}
