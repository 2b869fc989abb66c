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
/// - Complexity: O(n) expected to build (two selections); O(1) per score.
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

  /// The median of values that are not NaN: the middle one of the sorted values, or the mean of
  /// the two middle ones, found by selection rather than a sort (the same elements, so the same
  /// value to the bit; a family's statistics take 14 medians, 20 × 2 families a history).
  /// - Complexity: O(n) expected, O(n²) at worst.
  package static func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "the median of no values")
    var a = values
    let n = a.count
    let upper = select(&a, n / 2)
    guard n % 2 == 0 else { return upper }
    // Everything before the selected place is at most it: the lower middle is their largest.
    var lower = a[0]
    for k in 1..<(n / 2) where a[k] > lower { lower = a[k] }
    return (lower + upper) / 2
  }

  /// The k-th smallest of `a` (0-based, k < a.count, no NaN), leaving every element before place k
  /// at most it and every one after at least it: Hoare's FIND (1961) in the form of Wirth,
  /// "Algorithms + Data Structures = Programs" (1976), §2.3.4.
  /// - Complexity: O(n) expected, O(n²) at worst.
  package static func select(_ a: inout [Double], _ k: Int) -> Double {
    a.withUnsafeMutableBufferPointer { p in
      var left = 0, right = p.count - 1
      while left < right {
        let pivot = p[k]
        var i = left, j = right
        repeat {
          while p[i] < pivot { i += 1 }
          while pivot < p[j] { j -= 1 }
          if i <= j {
            p.swapAt(i, j)
            i += 1
            j -= 1
          }
        } while i <= j
        if j < k { left = i }
        if k < i { right = j }
      }
      return p[k]
    }
  }
}
