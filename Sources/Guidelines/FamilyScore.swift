// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation

/// A family's consistency score, 0–100, read the way its findings read.
///
/// score = 100 − 20 · p − 12 · E − 4 · W, at least 0, to 0.1, where E is the number of the family's
/// icons with an error finding, W the number with a warning and no error, and p ∈ [0, 1] the
/// statistical spread penalty of `FamilyAnalyzer.consistencyScore` (p = 1 − that score ÷ 100: the
/// robust spreads of size, stroke and detail and the share of minority-style icons).
///
/// Why: the score used to be the spread penalty alone, so a family of thirty with three errors read
/// 90/100 while a consistent family whose natural variety (chevrons beside closed glyphs) widened
/// the spreads read 5/100. Now a family with no error scores at least 80 less 4 a warning, and
/// every error costs 12 points whatever the family's size: one error reads in the 70s, three in
/// the 50s or below.
public enum FamilyScore {
  public static let spreadWeight = 20.0
  public static let errorCost = 12.0
  public static let warningCost = 4.0

  /// The score of `family` given the findings on its icons (`icons`: the family's icon ids,
  /// both states).
  public static func score(_ family: FamilyReport, findings: [Finding], icons: Set<String>) -> Double {
    let spread = min(1, max(0, 1 - family.consistencyScore / 100))
    var errors = Set<String>(), warnings = Set<String>()
    for finding in findings where icons.contains(finding.iconId) {
      switch finding.severity {
      case .error: errors.insert(finding.iconId)
      case .warning: warnings.insert(finding.iconId)
      default: break
      }
    }
    warnings.subtract(errors)
    let score = 100 - spreadWeight * spread - errorCost * Double(errors.count) - warningCost * Double(warnings.count)
    return (max(0, score) * 10).rounded() / 10
  }
}
