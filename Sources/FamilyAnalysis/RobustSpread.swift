// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Median and median absolute deviation of the logarithms of positive values, and the modified
/// z-score built on them.
///
/// M = 0.6745 · (log x − median) / max(MAD, floor) (Iglewicz & Hoaglin 1993, "How to Detect and
/// Handle Outliers", ASQC Quality Press). Working on logarithms makes "1.25× too large" and
/// "0.8× too small" equally far from the median. The floor stops a family that was normalised
/// on a metric (MAD ≈ 0) from turning every rounding difference into an outlier.
///
/// - Complexity: O(n log n) to build (two sorts); O(1) per score.
public struct RobustSpread: Sendable, Codable, Equatable {
  /// How many positive, finite values the statistics were built from.
  public var count: Int
  /// The median of the values (exp of the median of logs).
  public var median: Double
  /// The MAD of the log values (0 for fewer than two values).
  public var madLog: Double

  public init(values: [Double]) {
    let logs = values.filter { $0 > 0 && $0.isFinite }.map { Foundation.log($0) }
    count = logs.count
    guard !logs.isEmpty else {
      median = 0
      madLog = 0
      return
    }
    let medianLog = Self.median(logs)
    median = exp(medianLog)
    madLog = Self.median(logs.map { abs($0 - medianLog) })
  }

  /// Statistics already computed (`LeaveOneOutSpread`).
  init(count: Int, median: Double, madLog: Double) {
    self.count = count
    self.median = median
    self.madLog = madLog
  }

  /// The modified z-score of a value (0 if the value or the median is not positive).
  public func z(_ value: Double, floor: Double = 0.03) -> Double {
    guard value > 0, median > 0, value.isFinite else { return 0 }
    return 0.6745 * (Foundation.log(value) - Foundation.log(median)) / max(madLog, floor)
  }

  /// value ÷ median (1 if undefined).
  public func ratio(_ value: Double) -> Double {
    guard median > 0, value > 0, value.isFinite else { return 1 }
    return value / median
  }

  /// A robust estimate of the relative standard deviation: 1.4826 · MAD of logs.
  public var relativeSigma: Double { 1.4826 * madLog }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let n = sorted.count
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
  }
}
