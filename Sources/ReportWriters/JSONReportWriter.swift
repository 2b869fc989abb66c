// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Guidelines
import IconMetrics
import IconRaster

/// The JSON report (schema version 1): the stable machine interface and the release snapshot.
/// Keys sorted, floats rounded to 4 decimals, nothing from the machine, the clock or absolute
/// paths: the same icons give byte-identical output.
public enum JSONReportWriter {
  public static let schemaVersion = 1

  public static func value(_ report: AuditReport, toolVersion: String) -> JSONValue {
    // Per icon (its metrics encoded, its signature computed unless a rule already did): on all
    // cores, in order.
    let icons: [JSONValue] = report.icons.parallelMap(iconValue)
    var members = otherMembers(report, toolVersion: toolVersion)
    members["icons"] = .array(icons)
    members["findings"] = .array(report.findings.map(findingValue))
    return .object(members)
  }

  /// The report's text (``value(_:toolVersion:)`` serialised), written piece by piece: each icon
  /// and each finding is built and written on its own, on all cores, so that the whole document
  /// never exists as a tree (a 10,000-icon report is 31 MB of text).
  public static func writeUTF8(_ report: AuditReport, toolVersion: String) -> [UInt8] {
    // Icons and findings are items of arrays two levels deep: {"icons": [item, …]}.
    var icons = report.icons.parallelMap { icon in
      var text: [UInt8] = []
      iconValue(icon).append(to: &text, indent: 2)
      return text
    }
    var findings = report.findings.parallelMap { finding in
      var text: [UInt8] = []
      findingValue(finding).append(to: &text, indent: 2)
      return text
    }
    let members = otherMembers(report, toolVersion: toolVersion)
    var out: [UInt8] = []
    out.reserveCapacity(icons.reduce(0) { $0 + $1.count + 8 } + findings.reduce(0) { $0 + $1.count + 8 } + (1 << 16))
    JSONValue.appendObject(keys: Array(members.keys) + ["icons", "findings"], to: &out, indent: 0) { key, out in
      switch key {
      case "icons": JSONValue.appendArray(ofWritten: &icons, to: &out, indent: 1)
      case "findings": JSONValue.appendArray(ofWritten: &findings, to: &out, indent: 1)
      default: members[key]!.append(to: &out, indent: 1)
      }
    }
    out.append(0x0A)
    return out
  }

  static func iconValue(_ icon: AuditIcon) -> JSONValue {
    .object([
      "id": .string(icon.id),
      "path": .string(icon.path),
      "family": .string(icon.family),
      "role": .string(icon.role.rawValue),
      "state": .string(icon.state.rawValue),
      "itemId": .string(icon.itemId),
      "scale": .double(icon.scale),
      "widthPx": .int(icon.widthPx),
      "heightPx": .int(icon.heightPx),
      "metrics": (try? JSONValueEncoder().encode(icon.metrics)) ?? .null,
      "signature": icon.signature.map { .string(signatureHex($0)) } ?? .null,
    ])
  }

  static func findingValue(_ f: Finding) -> JSONValue {
    var object: [String: JSONValue] = [
      "ruleId": .string(f.ruleId), "severity": .string(f.severity.rawValue), "path": .string(f.path),
      "iconId": .string(f.iconId), "message": .string(f.message),
    ]
    object["measured"] = f.measured.map(JSONValue.double) ?? .null
    object["expected"] = f.expected.map(JSONValue.string) ?? .null
    object["fix"] = f.fix.map(JSONValue.string) ?? .null
    return .object(object)
  }

  /// The top-level members other than the icons and the findings.
  static func otherMembers(_ report: AuditReport, toolVersion: String) -> [String: JSONValue] {
    let totalIcons = report.families.reduce(0) { $0 + $1.icons.count }
    let overall = totalIcons == 0 ? 100 : report.families.reduce(0.0) { $0 + $1.consistencyScore * Double($1.icons.count) } / Double(totalIcons)
    var groups: [JSONValue] = []
    var families: [JSONValue] = []
    for family in report.families {
      for group in family.groups {
        groups.append(.object([
          "family": .string(family.name),
          "style": .string(group.style.rawValue),
          "count": .int(group.members.count),
          "members": .array(group.members.map(JSONValue.string)),
          "effectiveSizePt": spread(group.effectiveSizePt),
          "perceivedSizePt": spread(group.perceivedSizePt),
          "strokeWeightPt": spread(group.strokeWeightPt),
          "strokeWeightContourPt": spread(group.strokeWeightContourPt),
          "detailDensity": spread(group.detailDensity),
          "extentPt": spread(group.extentPt),
        ]))
      }
      families.append(.object([
        "name": .string(family.name),
        "consistencyScore": .double(family.consistencyScore),
        "styleSplit": .bool(family.styleSplit),
        "majorityStyle": family.majorityStyle.map { .string($0.rawValue) } ?? .null,
        "minorityStyleIcons": .array(family.minorityStyleIcons.map(JSONValue.string)),
        "icons": .array(family.icons.map { e in
          .object([
            "id": .string(e.id), "group": .string(e.group.rawValue), "style": .string(e.style.rawValue),
            "openStroke": .bool(e.isOpenStroke),
            "size": score(e.size), "stroke": score(e.stroke), "strokeContour": score(e.strokeContour), "detail": score(e.detail), "extent": score(e.extent),
          ])
        }),
      ]))
    }
    return [
      "schemaVersion": .int(schemaVersion),
      "tool": .object(["name": .string("iconaudit"), "version": .string(toolVersion)]),
      "label": report.label.map(JSONValue.string) ?? .null,
      "family": .object(["consistencyScore": .double(overall), "groups": .array(groups), "families": .array(families)]),
      "summary": .object([
        "icons": .int(report.icons.count), "errors": .int(report.count(.error)), "warnings": .int(report.count(.warning)),
        "infos": .int(report.count(.info)), "unreadable": .int(report.unreadable.count),
      ]),
      "unreadable": .array(report.unreadable.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) }),
    ]
  }

  public static func write(_ report: AuditReport, toolVersion: String) -> String {
    String(decoding: writeUTF8(report, toolVersion: toolVersion), as: UTF8.self)
  }

  /// A drawing's `Spectrum.Signature` as 512 hex digits (each cell quantised to a byte), so that
  /// drift can recognise a renamed icon in a snapshot without its pixels.
  public static func signatureHex(_ signature: Spectrum.Signature) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(signature.cells.count * 2)
    for cell in signature.cells {
      let byte = Int((min(max(cell, 0), 1) * 255).rounded())
      out.append(digits[byte >> 4])
      out.append(digits[byte & 15])
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func spread(_ s: RobustSpread) -> JSONValue {
    .object(["count": .int(s.count), "median": .double(s.median), "madLog": .double(s.madLog)])
  }

  static func score(_ s: MetricScore) -> JSONValue {
    .object(["value": .double(s.value), "ratio": .double(s.ratio), "z": .double(s.z)])
  }
}
