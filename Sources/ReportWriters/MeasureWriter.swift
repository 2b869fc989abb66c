// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics

/// Writers of `iconaudit measure`'s outputs: a text table and JSON. Pure functions of the report.
public enum MeasureWriter {
  /// `{"icons": [{heightPx, id, metrics, path, scale, widthPx}, …], "schemaVersion": 1, "tool",
  /// "unreadable"}`, laid out as the audit report is; `metrics` as the report writes them
  /// (``JSONReportWriter/writeMetrics(_:into:)``).
  public static func json(_ report: MeasurementReport, toolVersion: String) -> String {
    let pieces = JSONObjectWriter.document { w in
      w.objects("icons", report.icons) { icon, w in
        w.int("heightPx", icon.heightPx)
        w.string("id", icon.id)
        w.object("metrics") { JSONReportWriter.writeMetrics(icon.metrics, into: &$0) }
        w.string("path", icon.path)
        w.double("scale", icon.scale)
        w.int("widthPx", icon.widthPx)
      }
      w.int("schemaVersion", 1)
      w.toolAndUnreadable(toolVersion: toolVersion, unreadable: report.unreadable)
    }
    return String(decoding: pieces.joined(), as: UTF8.self)
  }

  /// One row an icon (lengths in pt), then the count.
  public static func text(_ report: MeasurementReport) -> String {
    let header = ["icon", "scale", "px", "size pt", "extent pt", "ink pt²", "stroke pt", "detail", "style"]
    var rows: [[String]] = []
    for icon in report.icons {
      let m = icon.metrics
      rows.append([
        PlainText.field(icon.path), "@\(NumberText.fixed(icon.scale, 2))x", "\(icon.widthPx)×\(icon.heightPx)",
        NumberText.fixed(m.perceivedSizePt, 2), "\(NumberText.fixed(m.extentPt.width, 1))×\(NumberText.fixed(m.extentPt.height, 1))",
        NumberText.fixed(m.inkAreaPt2, 1), NumberText.fixed(m.strokeWeightPt, 2), NumberText.fixed(m.detailDensity, 1), m.style.rawValue,
      ])
    }
    return TextTable.render(header: header, rows: rows, rightAligned: Set(1..<header.count - 1), ruled: true)
      + NumberText.plural(report.icons.count, "icon") + " measured\n"
  }
}

extension MeasureWriter: IconauditOutput {
  /// The `tool` object, as written (as the audit report's).
  public static var jsonMarks: [[String]] { [["\n  \"tool\": {\n    \"name\": \"iconaudit\","]] }

  /// The table's header and closing count.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    sample.kind == .text && sample.lastLine.wholeMatch(of: #/\d+ icons? measured/#) != nil && sample.firstLine.hasPrefix("icon ")
  }
}
