// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics

/// Writers of `iconaudit measure`'s outputs: a text table and JSON. Pure functions of the report.
public enum MeasureWriter {
  public static func jsonValue(_ report: MeasurementReport, toolVersion: String) -> JSONValue {
    let encoder = JSONValueEncoder()
    let iconValues: [JSONValue] = report.icons.map { icon in
      let metrics = (try? encoder.encode(icon.metrics)) ?? .null
      return .object([
        "id": .string(icon.id),
        "path": .string(icon.path),
        "scale": .double(icon.scale),
        "widthPx": .int(icon.widthPx),
        "heightPx": .int(icon.heightPx),
        "metrics": metrics,
      ])
    }
    return .object([
      "schemaVersion": .int(1),
      "tool": .object(["name": .string("iconaudit"), "version": .string(toolVersion)]),
      "icons": .array(iconValues),
      "unreadable": .array(report.unreadable.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) }),
    ])
  }

  public static func json(_ report: MeasurementReport, toolVersion: String) -> String {
    jsonValue(report, toolVersion: toolVersion).serialized()
  }

  /// One row an icon (lengths in pt), then the count.
  public static func text(_ report: MeasurementReport) -> String {
    let header = ["icon", "scale", "px", "size pt", "extent pt", "ink pt²", "stroke pt", "detail", "style"]
    var rows: [[String]] = []
    for icon in report.icons {
      let m = icon.metrics
      rows.append([
        PlainText.field(icon.path), "@\(format(icon.scale, 2))x", "\(icon.widthPx)×\(icon.heightPx)",
        format(m.perceivedSizePt, 2), "\(format(m.extentPt.width, 1))×\(format(m.extentPt.height, 1))",
        format(m.inkAreaPt2, 1), format(m.strokeWeightPt, 2), format(m.detailDensity, 1), m.style.rawValue,
      ])
    }
    return TextTable.render(header: header, rows: rows, rightAligned: Set(1..<header.count - 1), ruled: true)
      + "\(report.icons.count) icon\(report.icons.count == 1 ? "" : "s") measured\n"
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    return String(format: "%.\(decimals)f", value)
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
