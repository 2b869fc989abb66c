// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
@testable import ReportWriters
import Testing

/// Snapshots (JSON reports read back by drift and history) and baselines are read with the
/// `Decodable` types of schema v1: what the current writer writes reads back as the values it
/// wrote; a missing or mistyped member is refused with the file and the key named.
@Suite struct SnapshotSchemaTests {
  static let report = goldenReport()
  static let json = Data(JSONReportWriter.write(report, toolVersion: "TEST").utf8)

  /// The value the report holds after the writer's rounding to 4 decimals (half away from zero).
  func written(_ value: Double) -> Double { (value * 1e4).rounded(.toNearestOrAwayFromZero) / 1e4 }

  func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

  /// `object` with the member at `path` (keys and array positions) replaced by `value`, or
  /// removed when `value` is nil.
  func replacing(_ path: [Any], with value: Any?, in object: Any) -> Any {
    guard let first = path.first else { return value as Any }
    let rest = Array(path.dropFirst())
    if let key = first as? String, var members = object as? [String: Any] {
      if rest.isEmpty {
        members[key] = value
      } else {
        members[key] = replacing(rest, with: value, in: members[key]!)
      }
      return members
    }
    var items = object as! [Any]
    items[first as! Int] = replacing(rest, with: value, in: items[first as! Int])
    return items
  }

  /// The golden report's JSON with one member replaced (or removed), read as `snapshot.json`:
  /// the refusal's full text, nil when it is read.
  func problem(_ path: [Any], _ value: Any?) throws -> String? {
    let root = try JSONSerialization.jsonObject(with: Self.json)
    let data = try JSONSerialization.data(withJSONObject: replacing(path, with: value, in: root))
    do {
      _ = try Snapshot(json: data, source: "snapshot.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theWritersReportReadsBackAsTheValuesItWrote() throws {
    let report = Self.report
    let snapshot = try Snapshot(json: Self.json, source: "snapshot.json")
    #expect(snapshot.source == "snapshot.json")
    #expect(snapshot.label == report.label && snapshot.toolVersion == "TEST")
    #expect(snapshot.icons.count == report.icons.count && report.icons.count > 5)
    for (read, icon) in zip(snapshot.icons, report.icons) {
      #expect(read.id == icon.id && read.path == icon.path && read.family == icon.family)
      #expect(read.state == icon.state.rawValue && read.style == icon.metrics.style.rawValue)
      let m = icon.metrics
      #expect(close(read.perceivedSizePt, written(m.perceivedSizePt)))
      #expect(close(read.strokeWeightPt, written(m.strokeWeightPt)))
      #expect(close(read.strokeWeightPx, written(m.strokeWeightPx)))
      #expect(close(read.detailDensity, written(m.detailDensity)))
      #expect(close(read.centerOffsetPt.x, written(m.opticalCenterOffsetPt.x)))
      #expect(close(read.centerOffsetPt.y, written(m.opticalCenterOffsetPt.y)))
      // The signature's cells, each quantised to a byte.
      let expected = icon.signature.map { $0.cells.map { Float(Int(Double(min(max($0, 0), 1) * 255) + 0.5)) / 255 } }
      #expect(read.signature == expected)
    }
    #expect(snapshot.icons.contains { $0.signature != nil })
    #expect(snapshot.findings.count == report.findings.count && report.findings.count > 3)
    for (read, finding) in zip(snapshot.findings, report.findings) {
      #expect(read == Snapshot.Finding(iconId: finding.iconId, ruleId: finding.ruleId, severity: finding.severity.rawValue,
                                        message: finding.message, path: finding.path))
    }
    #expect(close(snapshot.consistencyScore, written(JSONReportWriter.overallConsistency(report))))
    #expect(snapshot.familyScores.count == report.families.count)
    for family in report.families {
      #expect(close(snapshot.familyScores[family.name] ?? .nan, written(family.consistencyScore)))
    }
    // The spreads: 1.4826 × madLog, icon-weighted over the groups.
    let groups = report.families.flatMap(\.groups)
    let weight = Double(groups.reduce(0) { $0 + $1.members.count })
    let stroke = groups.reduce(0.0) { $0 + Double($1.members.count) * 1.4826 * written($1.strokeWeightPt.madLog) } / weight
    #expect(close(snapshot.spreads["strokeWeightPt"] ?? .nan, stroke))
    #expect(Set(snapshot.spreads.keys) == ["effectiveSizePt", "strokeWeightPt", "detailDensity"])
  }

  /// An empty audit (no icons, families or findings, no label) reads back as empty.
  @Test func anEmptyReportReadsBack() throws {
    let json = JSONReportWriter.write(Auditor.audit([], label: nil), toolVersion: "T")
    let snapshot = try Snapshot(json: Data(json.utf8), source: "empty.json")
    #expect(snapshot.icons.isEmpty && snapshot.findings.isEmpty && snapshot.label == nil)
    #expect(snapshot.consistencyScore == 100 && snapshot.spreads.isEmpty && snapshot.toolVersion == "T")
  }

  /// The defect this schema fixes: a missing metric was read as 0, and drift reported every icon
  /// as shrunk by 100%.
  @Test func aMissingMetricIsRefusedWithTheFileAndTheKey() throws {
    #expect(try problem(["icons", 3, "metrics", "strokeWeightPt"], nil) == "snapshot.json: icons[3].metrics.strokeWeightPt is missing")
    #expect(try problem(["icons", 0, "metrics", "opticalCenterOffsetPt", "y"], nil)
      == "snapshot.json: icons[0].metrics.opticalCenterOffsetPt.y is missing")
    #expect(try problem(["icons", 2, "id"], nil) == "snapshot.json: icons[2].id is missing")
    #expect(try problem(["findings", 1, "ruleId"], nil) == "snapshot.json: findings[1].ruleId is missing")
    #expect(try problem(["family", "groups", 0, "strokeWeightPt", "madLog"], nil)
      == "snapshot.json: family.groups[0].strokeWeightPt.madLog is missing")
    #expect(try problem(["family"], nil) == "snapshot.json: family is missing")
  }

  @Test func aWrongTypeIsRefusedWithTheFileAndTheKey() throws {
    #expect(try problem(["icons", 1, "metrics", "detailDensity"], "dense") == "snapshot.json: icons[1].metrics.detailDensity is not a number")
    #expect(try problem(["icons", 1, "path"], 7) == "snapshot.json: icons[1].path is not a string")
    #expect(try problem(["icons", 1, "metrics"], [1, 2]) == "snapshot.json: icons[1].metrics is not a JSON object")
    #expect(try problem(["findings"], ["a": 1]) == "snapshot.json: findings is not an array")
    #expect(try problem(["family", "groups", 0, "count"], "2") == "snapshot.json: family.groups[0].count is not a number")
    #expect(try problem(["icons", 0, "signature"], "zz") == "snapshot.json: icons[0].signature is not pairs of hex digits")
    #expect(try problem(["icons", 0, "state"], NSNull()) == "snapshot.json: icons[0].state is null")
  }

  @Test func aWrongSchemaVersionIsRefusedWithTheFileAndTheKey() throws {
    #expect(try problem(["schemaVersion"], 2)
      == "snapshot.json: schemaVersion 2 is not supported: this iconaudit reads schema version 1 (the snapshot was written by a newer iconaudit)")
    #expect(try problem(["schemaVersion"], 0) == "snapshot.json: schemaVersion 0 is not supported: this iconaudit reads schema version 1")
    #expect(try problem(["schemaVersion"], "1") == "snapshot.json: not an iconaudit JSON report (schemaVersion is not an integer)")
    #expect(try problem(["schemaVersion"], nil)?.hasPrefix("snapshot.json: not an iconaudit JSON report (no schemaVersion)") == true)
    // The version is checked first: a report of another version is refused as such, whatever its keys.
    #expect(try problem(["icons"], nil) == "snapshot.json: icons is missing")
    #expect(Snapshot.supportedSchemaVersion == JSONReportWriter.schemaVersion)
  }

  /// What the writer writes for a number that is not finite (`null`) is read back, as NaN; an
  /// optional member may be `null` or absent.
  @Test func nullNumbersAndOptionalMembersAreRead() throws {
    #expect(try problem(["icons", 0, "metrics", "perceivedSizePt"], NSNull()) == nil)
    #expect(try problem(["icons", 0, "signature"], NSNull()) == nil)
    #expect(try problem(["label"], nil) == nil)
    #expect(try problem(["icons", 0, "metrics", "holes"], nil) == nil, "a member the comparison does not read")
  }

  @Test func aFileIsNamedByItsPath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-schema-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let root = try JSONSerialization.jsonObject(with: Self.json)
    let path = folder + "/release-1.json"
    try JSONSerialization.data(withJSONObject: replacing(["icons", 4, "metrics", "perceivedSizePt"], with: nil, in: root))
      .write(to: URL(fileURLWithPath: path))
    #expect(throws: SnapshotError(path: path, problem: "icons[4].metrics.perceivedSizePt is missing")) {
      try Snapshot.load(path: path)
    }
  }

  /// A baseline is read with its own schema (version 1): a missing field is refused with the file
  /// and the key named.
  @Test func aBaselineMissingAFieldNamesTheFileAndTheKey() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-schema-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/baseline.json"
    let entry = #"{"iconId": "a", "ruleId": "off_center", "path": "a.png", "severity": "warning", "measured": 1}"#
    let cases: [(String, String)] = [
      (#"{"version": 1, "findings": [\#(entry), {"iconId": "b", "ruleId": "r", "path": "b.png"}]}"#, "findings[1].severity is missing"),
      (#"{"version": 1, "findings": [{"iconId": "a", "ruleId": 3}]}"#, "findings[0].ruleId is not a string"),
      (#"{"findings": []}"#, "version is missing"),
      (#"{"version": 1, "findings": [\#(entry)]}"#, ""),
    ]
    for (text, expected) in cases {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      do {
        let baseline = try Baseline.load(path: path)
        #expect(expected.isEmpty && baseline.entries.count == 1, "\(text)")
      } catch {
        #expect(error.description == "\(path): \(expected)")
      }
    }
  }
}
