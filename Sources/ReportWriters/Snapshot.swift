// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics

/// A snapshot could not be read. The message names the file.
public struct SnapshotError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var problem: String
  public var description: String { "\(path): \(problem)" }
}

/// A release of an icon family as a JSON report recorded it: what drift and history compare.
///
/// Only what the comparison needs is read, with the `Decodable` types of ``SnapshotSchemaV1``; any
/// schema version other than the one this iconaudit writes, and any member it reads that is
/// missing or of the wrong type, is refused with a message naming the file and the key rather than
/// read silently wrong.
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

  public static let supportedSchemaVersion = SnapshotSchemaV1.version

  /// Reads a JSON report of schema version 1 (see ``SnapshotSchemaV1``). Refused, with `source`
  /// and the key named: anything but a JSON object, another `schemaVersion`, a member the
  /// comparison reads that is missing or of the wrong type (`icons[3].metrics.strokeWeightPt is
  /// missing`), a signature that is not hex digits.
  public init(json data: Data, source: String) throws(SnapshotError) {
    func fail(_ problem: String) -> SnapshotError { SnapshotError(path: source, problem: problem) }
    let report: SnapshotSchemaV1.Report
    do {
      report = try JSONDecoder().decode(SnapshotSchemaV1.Report.self, from: data)
    } catch let problem as SnapshotSchemaV1.VersionProblem {
      let supported = SnapshotSchemaV1.version
      switch problem {
      case .missing:
        throw fail("not an iconaudit JSON report (no schemaVersion); make one with 'iconaudit audit --format json'")
      case .notAnInteger:
        throw fail("not an iconaudit JSON report (schemaVersion is not an integer)")
      case .unsupported(let version):
        throw fail("schemaVersion \(version) is not supported: this iconaudit reads schema version \(supported)"
          + (version > supported ? " (the snapshot was written by a newer iconaudit)" : ""))
      }
    } catch {
      let problem = JSONDecodingProblem.describe(error)
      throw fail(JSONDecodingProblem.isAboutTheWholeDocument(error) ? "not a JSON report (\(problem))" : problem)
    }
    self.source = source
    label = report.label
    toolVersion = report.tool.version
    var icons: [Icon] = []
    icons.reserveCapacity(report.icons.count)
    for (i, icon) in report.icons.enumerated() {
      var signature: [Float]?
      if let hex = icon.signature {
        guard let cells = Self.decodeSignature(hex) else { throw fail("icons[\(i)].signature is not pairs of hex digits") }
        signature = cells
      }
      let m = icon.metrics
      icons.append(Icon(
        id: icon.id, path: icon.path, family: icon.family, state: icon.state,
        perceivedSizePt: m.perceivedSizePt.value, strokeWeightPt: m.strokeWeightPt.value,
        strokeWeightPx: m.strokeWeightPx.value, detailDensity: m.detailDensity.value,
        centerOffsetPt: (m.opticalCenterOffsetPt.x.value, m.opticalCenterOffsetPt.y.value), style: m.style,
        signature: signature))
    }
    self.icons = icons
    findings = report.findings.map { f in
      Finding(iconId: f.iconId, ruleId: f.ruleId, severity: f.severity, message: f.message, path: f.path)
    }
    consistencyScore = report.family.consistencyScore.value
    var scores: [String: Double] = [:]
    for f in report.family.families { scores[f.name] = f.consistencyScore.value }
    familyScores = scores
    // Icon-weighted over the groups: Σ count × 1.4826 × madLog ÷ Σ count.
    var spreads: [String: Double] = [:]
    var weights = 0.0
    for group in report.family.groups {
      let w = group.count.value
      weights += w
      spreads["effectiveSizePt", default: 0] += w * 1.4826 * group.effectiveSizePt.madLog.value
      spreads["strokeWeightPt", default: 0] += w * 1.4826 * group.strokeWeightPt.madLog.value
      spreads["detailDensity", default: 0] += w * 1.4826 * group.detailDensity.madLog.value
    }
    if weights > 0 { for key in spreads.keys { spreads[key]! /= weights } }
    self.spreads = spreads
  }

  /// The snapshot that ``init(json:source:)`` reads from ``JSONReportWriter/writeUTF8(_:toolVersion:)``'s
  /// text of `report`, made without writing and parsing that text (a history of 20 revisions of
  /// 500 icons spent a fifth of its time there): every number as the writer rounds it and the
  /// decoder reads it back (``jsonRounded(_:)``), a signature's cells as its hex digits give them,
  /// the same members in the same order. `SnapshotTests` compare both ways member by member.
  /// - Parameter signatures: the signatures already quantised for drawings seen before (a history's
  ///   revisions); nil: each icon's quantised here.
  /// - Complexity: O(icons × signature cells + findings + groups).
  public init(report: AuditReport, toolVersion: String, source: String, signatures: QuantisedSignatures? = nil) {
    self.source = source
    label = report.label
    self.toolVersion = toolVersion
    icons = report.icons.map { icon in
      let m = icon.metrics
      return Icon(
        id: icon.id, path: icon.path, family: icon.family, state: icon.state.rawValue,
        perceivedSizePt: Self.jsonRounded(m.perceivedSizePt), strokeWeightPt: Self.jsonRounded(m.strokeWeightPt),
        strokeWeightPx: Self.jsonRounded(m.strokeWeightPx), detailDensity: Self.jsonRounded(m.detailDensity),
        centerOffsetPt: (Self.jsonRounded(m.opticalCenterOffsetPt.x), Self.jsonRounded(m.opticalCenterOffsetPt.y)),
        style: m.style.rawValue,
        signature: signatures.map { $0.signature(of: icon) } ?? icon.signature.map { Self.quantised($0.cells) })
    }
    findings = report.findings.map { f in
      Finding(iconId: f.iconId, ruleId: f.ruleId, severity: f.severity.rawValue, message: f.message, path: f.path)
    }
    consistencyScore = Self.jsonRounded(JSONReportWriter.overallConsistency(report))
    var scores: [String: Double] = [:]
    for f in report.families { scores[f.name] = Self.jsonRounded(f.consistencyScore) }
    familyScores = scores
    // As init(json:source:): icon-weighted over the groups, in the report's order.
    var spreads: [String: Double] = [:]
    var weights = 0.0
    for family in report.families {
      for group in family.groups {
        let w = Double(group.members.count)
        weights += w
        spreads["effectiveSizePt", default: 0] += w * 1.4826 * Self.jsonRounded(group.effectiveSizePt.madLog)
        spreads["strokeWeightPt", default: 0] += w * 1.4826 * Self.jsonRounded(group.strokeWeightPt.madLog)
        spreads["detailDensity", default: 0] += w * 1.4826 * Self.jsonRounded(group.detailDensity.madLog)
      }
    }
    if weights > 0 { for key in spreads.keys { spreads[key]! /= weights } }
    self.spreads = spreads
  }

  /// A number as the JSON report writes it (``JSONValue/format(_:decimals:into:)``, 4 decimals,
  /// half away from zero; `null` when not finite) and the decoder reads it back (`null` as NaN).
  /// The writer's usual text is the decimal k ÷ 10⁴ of the rounded integer k = value × 10⁴
  /// (|k| < 10¹⁵); parsing it gives the double nearest that decimal, which is exactly the
  /// correctly rounded quotient `Double(k) / 10⁴` of two exact doubles (−0 included: the writer
  /// prints `0`). Other values take the writer's text, parsed.
  static func jsonRounded(_ value: Double) -> Double {
    guard value.isFinite else { return .nan }
    let p = 10_000.0
    let scaled = (value * p).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 1e15 else { return Double(JSONValue.format(value, decimals: 4)) ?? .nan }
    return Double(Int(scaled)) / p
  }

  /// Signature cells as ``JSONReportWriter/signatureHex(_:)`` writes them (each × 255 rounded half
  /// away from zero, as a byte) and ``decodeSignature(_:)`` reads them (byte ÷ 255).
  /// - Complexity: O(cells), one pass over the buffers (a history quantises 500 icons' 256 cells
  ///   at each revision; `map`'s closure per cell was a fifth of its snapshots' cost).
  static func quantised(_ cells: [Float]) -> [Float] {
    cells.withUnsafeBufferPointer { input in
      [Float](unsafeUninitializedCapacity: input.count) { output, initialised in
        for k in input.indices {
          output[k] = Float(Int(Double(min(max(input[k], 0), 1) * 255) + 0.5)) / 255
        }
        initialised = input.count
      }
    }
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
