// SPDX-License-Identifier: GPL-3.0-or-later

/// The JSON report's schema, version 1, as far as a ``Snapshot`` reads it: `Decodable` types of
/// the members drift and history compare, every one required (the writer, ``JSONReportWriter``,
/// always writes them all), so that a report missing a metric is refused with the key named
/// (`icons[3].metrics.strokeWeightPt is missing`) instead of being read as 0. Members the
/// comparison does not need are not decoded. Numbers may be `null` (the writer's text for a value
/// that is not finite), read as NaN.
enum SnapshotSchemaV1 {
  /// The version these types read: the report's `schemaVersion`, checked before anything else.
  static let version = 1

  /// A `schemaVersion` other than ``version``, or none: refused before the rest is read.
  enum VersionProblem: Error {
    case missing
    case notAnInteger
    case unsupported(Int)
  }

  struct Report: Decodable {
    var label: String?
    var tool: Tool
    var icons: [Icon]
    var findings: [Finding]
    var family: Family

    private enum CodingKeys: String, CodingKey {
      case schemaVersion, label, tool, icons, findings, family
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      // The version first: a report of another schema is refused as such, not for its keys.
      guard c.contains(.schemaVersion) else { throw VersionProblem.missing }
      guard let version = try? c.decode(Int.self, forKey: .schemaVersion) else { throw VersionProblem.notAnInteger }
      guard version == SnapshotSchemaV1.version else { throw VersionProblem.unsupported(version) }
      label = try c.decodeIfPresent(String.self, forKey: .label)
      tool = try c.decode(Tool.self, forKey: .tool)
      icons = try c.decode([Icon].self, forKey: .icons)
      findings = try c.decode([Finding].self, forKey: .findings)
      family = try c.decode(Family.self, forKey: .family)
    }
  }

  struct Tool: Decodable {
    var version: String
  }

  struct Icon: Decodable {
    var id: String
    var path: String
    var family: String
    var state: String
    var metrics: Metrics
    /// ``JSONReportWriter/signatureHex(_:)``'s digits, or `null`.
    var signature: String?
  }

  struct Metrics: Decodable {
    var perceivedSizePt: Number
    var strokeWeightPt: Number
    var strokeWeightPx: Number
    var detailDensity: Number
    var opticalCenterOffsetPt: Point
    var style: String
  }

  struct Point: Decodable {
    var x: Number
    var y: Number
  }

  struct Finding: Decodable {
    var iconId: String
    var ruleId: String
    var severity: String
    var message: String
    var path: String
  }

  struct Family: Decodable {
    var consistencyScore: Number
    var families: [FamilyScore]
    var groups: [Group]
  }

  struct FamilyScore: Decodable {
    var name: String
    var consistencyScore: Number
  }

  struct Group: Decodable {
    /// Its number of icons (a weight: read as a number, since Foundation's decoder refuses a
    /// fraction for an `Int` as "not valid JSON", naming no key).
    var count: Number
    var effectiveSizePt: Spread
    var strokeWeightPt: Spread
    var detailDensity: Spread
  }

  struct Spread: Decodable {
    var madLog: Number
  }

  /// A number, or `null` (NaN): the key must be there either way.
  struct Number: Decodable {
    var value: Double

    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      value = c.decodeNil() ? .nan : try c.decode(Double.self)
    }
  }
}
