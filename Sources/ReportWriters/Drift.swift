// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How far a measurement may move between releases before it counts as a change (measurement
/// noise: re-exporting the same drawing moves these by less).
public struct DriftTolerances: Sendable, Equatable {
  /// Relative change of perceived size.
  public var size = 0.025
  /// Change of stroke weight, in px.
  public var strokePx = 0.25
  /// Relative change of detail density.
  public var detail = 0.10
  /// Move of the optical centre, in pt.
  public var centerPt = 0.5
  /// Signature correlation above which a removed and an added icon are the same drawing.
  public var renameCorrelation = 0.97
  public init() {}
}

/// What changed between two snapshots of a family.
public struct DriftReport: Sendable {
  public struct MetricChange: Sendable, Equatable {
    /// "size", "stroke", "detail" or "center".
    public var metric: String
    public var before: Double
    public var after: Double
    /// "+12%", "+0.40 pt", "moved 0.7 pt".
    public var summary: String

    /// The change as the reports print it, every value with its unit: "size 14.1 → 18.0 pt (+27.5%)",
    /// "stroke 2.00 → 3.00 pt (+1.00 pt)", "detail 99.9 → 137.1 (+37.3%)", "centre moved 0.70 pt".
    public var text: String {
      switch metric {
      case "center": return "centre \(summary)"
      case "size": return String(format: "size %.1f → %.1f pt (%@)", before, after, summary)
      case "stroke": return String(format: "stroke %.2f → %.2f pt (%@)", before, after, summary)
      default: return String(format: "%@ %.1f → %.1f (%@)", metric, before, after, summary)
      }
    }
  }

  public struct IconChange: Sendable, Equatable {
    public var id: String
    public var path: String
    public var changes: [MetricChange]
  }

  public struct Rename: Sendable, Equatable {
    public var from: String
    public var to: String
    public var correlation: Double
  }

  public var before: Snapshot
  public var after: Snapshot
  public var added: [String]
  public var removed: [String]
  public var renamed: [Rename]
  public var changed: [IconChange]
  public var newFindings: [Snapshot.Finding]
  public var fixedFindings: [Snapshot.Finding]

  public var scoreBefore: Double { before.consistencyScore }
  public var scoreAfter: Double { after.consistencyScore }
  public var hasDrift: Bool { !added.isEmpty || !removed.isEmpty || !renamed.isEmpty || !changed.isEmpty }
}

/// Compares two snapshots icon by icon.
///
/// Icons are matched by id; an icon removed under one name and added under another is a rename
/// when their drawings' signatures correlate above `renameCorrelation` (the signature frames the
/// ink, so a renamed icon that was also resized is still found). Findings are matched by icon
/// (through renames) and rule.
public enum Drift {
  public static func compare(_ before: Snapshot, _ after: Snapshot, tolerances: DriftTolerances = DriftTolerances()) -> DriftReport {
    let old = Dictionary(before.icons.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(after.icons.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var removed = before.icons.map(\.id).filter { new[$0] == nil }
    var added = after.icons.map(\.id).filter { old[$0] == nil }

    // Renames: best signature match among removed × added, greedy by correlation.
    var candidates: [DriftReport.Rename] = []
    for r in removed {
      guard let a = old[r]?.signature else { continue }
      for n in added {
        guard let b = new[n]?.signature else { continue }
        let c = correlation(a, b)
        if c >= tolerances.renameCorrelation { candidates.append(.init(from: r, to: n, correlation: c)) }
      }
    }
    candidates.sort { ($0.correlation, $1.from, $1.to) > ($1.correlation, $0.from, $0.to) }
    var renamed: [DriftReport.Rename] = []
    var usedOld = Set<String>(), usedNew = Set<String>()
    for c in candidates where !usedOld.contains(c.from) && !usedNew.contains(c.to) {
      renamed.append(c)
      usedOld.insert(c.from)
      usedNew.insert(c.to)
    }
    removed.removeAll { usedOld.contains($0) }
    added.removeAll { usedNew.contains($0) }
    renamed.sort { $0.to < $1.to }

    // Changes of the icons present in both (renamed ones compared under their new name).
    var pairs: [(Snapshot.Icon, Snapshot.Icon)] = after.icons.compactMap { n in old[n.id].map { ($0, n) } }
    pairs += renamed.map { (old[$0.from]!, new[$0.to]!) }
    var changed: [DriftReport.IconChange] = []
    for (a, b) in pairs.sorted(by: { $0.1.id < $1.1.id }) {
      var changes: [DriftReport.MetricChange] = []
      if a.perceivedSizePt > 0, abs(b.perceivedSizePt / a.perceivedSizePt - 1) > tolerances.size {
        changes.append(.init(metric: "size", before: a.perceivedSizePt, after: b.perceivedSizePt,
                             summary: signedPercent(b.perceivedSizePt / a.perceivedSizePt - 1)))
      }
      if strokeMovedPx(a, b) > tolerances.strokePx {
        changes.append(.init(metric: "stroke", before: a.strokeWeightPt, after: b.strokeWeightPt,
                             summary: String(format: "%+.2f pt", b.strokeWeightPt - a.strokeWeightPt)))
      }
      if a.detailDensity > 0, abs(b.detailDensity / a.detailDensity - 1) > tolerances.detail {
        changes.append(.init(metric: "detail", before: a.detailDensity, after: b.detailDensity,
                             summary: signedPercent(b.detailDensity / a.detailDensity - 1)))
      }
      let dx = b.centerOffsetPt.x - a.centerOffsetPt.x, dy = b.centerOffsetPt.y - a.centerOffsetPt.y
      let move = (dx * dx + dy * dy).squareRoot()
      if move > tolerances.centerPt {
        changes.append(.init(metric: "center", before: 0, after: move, summary: String(format: "moved %.2f pt", move)))
      }
      if !changes.isEmpty { changed.append(.init(id: b.id, path: b.path, changes: changes)) }
    }

    // Findings, through renames.
    let renameMap = Dictionary(uniqueKeysWithValues: renamed.map { ($0.from, $0.to) })
    let oldKeys = Set(before.findings.map { Snapshot.FindingKey(iconId: renameMap[$0.iconId] ?? $0.iconId, ruleId: $0.ruleId) })
    let newKeys = Set(after.findings.map { Snapshot.FindingKey(iconId: $0.iconId, ruleId: $0.ruleId) })
    let newFindings = after.findings.filter { !oldKeys.contains(.init(iconId: $0.iconId, ruleId: $0.ruleId)) }
    let fixedFindings = before.findings.filter { !newKeys.contains(.init(iconId: renameMap[$0.iconId] ?? $0.iconId, ruleId: $0.ruleId)) }

    return DriftReport(before: before, after: after, added: added.sorted(), removed: removed.sorted(), renamed: renamed,
                       changed: changed, newFindings: newFindings, fixedFindings: fixedFindings)
  }

  /// Pearson correlation of two signatures' cells (0 when either is flat).
  static func correlation(_ a: [Float], _ b: [Float]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    let n = Double(a.count)
    let ma = a.reduce(0.0) { $0 + Double($1) } / n, mb = b.reduce(0.0) { $0 + Double($1) } / n
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for i in 0..<a.count {
      let x = Double(a[i]) - ma, y = Double(b[i]) - mb
      sab += x * y
      saa += x * x
      sbb += y * y
    }
    return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
  }

  static func signedPercent(_ fraction: Double) -> String { String(format: "%+.1f%%", fraction * 100) }
}

/// Gates for CI: `--fail-on new-findings|drift|score-drop=N`.
/// How far a stroke moved, in px of the larger of the two scales: the same drawing exported at @2x
/// and at @3x keeps its stroke in pt while its px differ by half, which is not a change. The
/// tolerance is in px because measurement noise is a fraction of a pixel.
func strokeMovedPx(_ a: Snapshot.Icon, _ b: Snapshot.Icon) -> Double {
  func scale(_ icon: Snapshot.Icon) -> Double { icon.strokeWeightPt > 0 ? icon.strokeWeightPx / icon.strokeWeightPt : 1 }
  return abs(b.strokeWeightPt - a.strokeWeightPt) * max(scale(a), scale(b))
}

public enum DriftGate: Sendable, Equatable {
  case newFindings
  case drift
  case scoreDrop(Double)

  public init?(_ text: String) {
    switch text {
    case "new-findings": self = .newFindings
    case "drift": self = .drift
    default:
      guard text.hasPrefix("score-drop="), let n = Double(text.dropFirst("score-drop=".count)), n >= 0, n.isFinite else { return nil }
      self = .scoreDrop(n)
    }
  }

  /// Why the gate trips, or nil.
  public func trips(_ report: DriftReport) -> String? {
    switch self {
    case .newFindings:
      return report.newFindings.isEmpty ? nil : "\(report.newFindings.count) new findings"
    case .drift:
      return report.hasDrift ? "the family changed beyond measurement noise" : nil
    case .scoreDrop(let n):
      let drop = report.scoreBefore - report.scoreAfter
      return drop > n ? String(format: "consistency fell by %.1f points (limit %g)", drop, n) : nil
    }
  }
}
