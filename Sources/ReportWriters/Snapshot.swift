// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A snapshot could not be read. The message names the file.
public struct SnapshotError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var problem: String
  public var description: String { "\(path): \(problem)" }
}

/// A release of an icon family as a JSON report recorded it: what drift and history compare.
///
/// Only what the comparison needs is read; any schema version other than the one this iconaudit
/// writes is refused with a clear message rather than read silently wrong.
public struct Snapshot: Sendable {
  public struct Icon: Sendable, Equatable {
    public var id: String
    public var path: String
    public var family: String
    public var state: String
    public var perceivedSizePt: Double
    public var strokeWeightPt: Double
    public var strokeWeightPx: Double
    public var detailDensity: Double
    public var centerOffsetPt: (x: Double, y: Double)
    public var style: String
    /// The drawing's signature cells (0…1), when the report recorded one.
    public var signature: [Float]?

    public static func == (a: Icon, b: Icon) -> Bool {
      a.id == b.id && a.path == b.path && a.perceivedSizePt == b.perceivedSizePt && a.strokeWeightPx == b.strokeWeightPx
        && a.detailDensity == b.detailDensity && a.centerOffsetPt == b.centerOffsetPt && a.signature == b.signature
    }
  }

  public struct FindingKey: Sendable, Hashable {
    public var iconId: String
    public var ruleId: String
  }

  public struct Finding: Sendable, Equatable {
    public var iconId: String
    public var ruleId: String
    public var severity: String
    public var message: String
    public var path: String
  }

  /// Where it came from (a file, a folder audited on the spot, a git revision).
  public var source: String
  public var label: String?
  public var toolVersion: String
  public var icons: [Icon]
  public var findings: [Finding]
  public var consistencyScore: Double
  public var familyScores: [String: Double]
  /// Robust relative spreads (1.4826 × MAD of logs) of the main metrics, icon-weighted over groups.
  public var spreads: [String: Double]

  public static let supportedSchemaVersion = 1

  public init(json data: Data, source: String) throws(SnapshotError) {
    func fail(_ problem: String) -> SnapshotError { SnapshotError(path: source, problem: problem) }
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw fail("not a JSON report (not a JSON object)")
    }
    guard let version = root["schemaVersion"] as? Int else {
      throw fail("not an iconaudit JSON report (no schemaVersion); make one with 'iconaudit audit --format json'")
    }
    guard version == Self.supportedSchemaVersion else {
      throw fail("snapshot schema version \(version) is not supported: this iconaudit reads version \(Self.supportedSchemaVersion)"
        + (version > Self.supportedSchemaVersion ? " (it was written by a newer iconaudit)" : ""))
    }
    self.source = source
    label = root["label"] as? String
    toolVersion = ((root["tool"] as? [String: Any])?["version"] as? String) ?? "?"
    guard let icons = root["icons"] as? [[String: Any]] else { throw fail("the report has no 'icons' array") }
    func number(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? 0 }
    self.icons = try icons.map { (icon: [String: Any]) throws(SnapshotError) -> Icon in
      guard let id = icon["id"] as? String, let metrics = icon["metrics"] as? [String: Any] else {
        throw fail("an icon without 'id' or 'metrics'")
      }
      let center = metrics["opticalCenterOffsetPt"] as? [String: Any]
      return Icon(
        id: id, path: icon["path"] as? String ?? id, family: icon["family"] as? String ?? "",
        state: icon["state"] as? String ?? "unselected",
        perceivedSizePt: number(metrics["perceivedSizePt"]), strokeWeightPt: number(metrics["strokeWeightPt"]),
        strokeWeightPx: number(metrics["strokeWeightPx"]), detailDensity: number(metrics["detailDensity"]),
        centerOffsetPt: (number(center?["x"]), number(center?["y"])), style: metrics["style"] as? String ?? "outline",
        signature: (icon["signature"] as? String).flatMap(Self.decodeSignature))
    }
    findings = ((root["findings"] as? [[String: Any]]) ?? []).compactMap { f in
      guard let iconId = f["iconId"] as? String, let ruleId = f["ruleId"] as? String else { return nil }
      return Finding(iconId: iconId, ruleId: ruleId, severity: f["severity"] as? String ?? "warning",
                     message: f["message"] as? String ?? "", path: f["path"] as? String ?? iconId)
    }
    let family = root["family"] as? [String: Any]
    consistencyScore = number(family?["consistencyScore"])
    var scores: [String: Double] = [:]
    for f in (family?["families"] as? [[String: Any]]) ?? [] {
      if let name = f["name"] as? String { scores[name] = number(f["consistencyScore"]) }
    }
    familyScores = scores
    var spreads: [String: Double] = [:]
    var weights = 0.0
    for group in (family?["groups"] as? [[String: Any]]) ?? [] {
      let w = number(group["count"])
      weights += w
      for key in ["effectiveSizePt", "strokeWeightPt", "detailDensity"] {
        spreads[key, default: 0] += w * 1.4826 * number((group[key] as? [String: Any])?["madLog"])
      }
    }
    if weights > 0 { for key in spreads.keys { spreads[key]! /= weights } }
    self.spreads = spreads
  }

  public static func load(path: String) throws(SnapshotError) -> Snapshot {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SnapshotError(path: path, problem: "cannot read the file")
    }
    return try Snapshot(json: data, source: path)
  }

  static func decodeSignature(_ hex: String) -> [Float]? {
    let bytes = Array(hex.utf8)
    guard bytes.count % 2 == 0, !bytes.isEmpty else { return nil }
    func value(_ c: UInt8) -> Int? {
      switch c {
      case 48...57: return Int(c) - 48
      case 97...102: return Int(c) - 87
      default: return nil
      }
    }
    var cells: [Float] = []
    cells.reserveCapacity(bytes.count / 2)
    var i = 0
    while i < bytes.count {
      guard let hi = value(bytes[i]), let lo = value(bytes[i + 1]) else { return nil }
      cells.append(Float(hi * 16 + lo) / 255)
      i += 2
    }
    return cells
  }
}
