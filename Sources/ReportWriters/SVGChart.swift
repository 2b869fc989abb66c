// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Small charts for the HTML report: one icon's value on a log axis against its group's band (a
/// "band strip", a table cell in HTML and CSS), and the axis that heads a column of them (SVG).
///
/// Log axes because the family statistics are on log values (`RobustSpread`): "1.25× too
/// large" and "0.8× too small" are the same distance from the median. Pure functions of their
/// arguments; numbers are written with fixed decimals, so the output is byte-stable.
enum SVGChart {
  /// A log-scale axis mapping [lo, hi] onto [x0, x1] px.
  struct LogScale {
    var lo: Double
    var hi: Double
    var x0: Double
    var x1: Double

    /// The domain covering `values` (positive, finite ones), padded by `padding` of the log range.
    init(covering values: [Double], x0: Double, x1: Double, padding: Double = 0.08) {
      let positive = values.filter { $0 > 0 && $0.isFinite }
      var a = positive.min() ?? 1, b = positive.max() ?? 1
      if b / a < 1.2 {  // too narrow: show at least ±10%
        let mid = (a * b).squareRoot()
        a = mid / 1.1
        b = mid * 1.1
      }
      let span = log(b) - log(a)
      lo = exp(log(a) - padding * span)
      hi = exp(log(b) + padding * span)
      self.x0 = x0
      self.x1 = x1
    }

    func x(_ value: Double) -> Double {
      let v = min(max(value, lo), hi)
      guard v > 0, hi > lo else { return (x0 + x1) / 2 }
      return x0 + (log(v) - log(lo)) / (log(hi) - log(lo)) * (x1 - x0)
    }

    /// Up to about `count` round values inside the domain (1, 2, 2.5 or 5 × 10ⁿ steps).
    func ticks(count: Int = 4) -> [Double] {
      let raw = (hi - lo) / Double(max(count, 1))
      guard raw > 0, raw.isFinite else { return [] }
      let magnitude = pow(10, floor(log10(raw)))
      let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
      var values: [Double] = []
      var v = ceil(lo / step - 1e-9) * step
      while v <= hi + step * 1e-9 && values.count < 12 {
        if v > 0 { values.append(v) }
        v += step
      }
      return values
    }
  }

  /// How a value stands against its group.
  enum Mark: String {
    /// Inside the rules' limits.
    case plain
    /// Flagged by a rule at warning level.
    case warning
    /// Flagged by a rule at error level.
    case error
    /// Outside the band but exempted by the rule (an open stroke drawn small on purpose).
    case exempt
  }

  static let width = 180.0

  /// `strip` as a table cell in HTML and CSS, for long tables (a few dozen bytes instead of half a
  /// kilobyte): the band (`b`) and the median (`u`), placed by a style its group shares
  /// (`bandPercent`, class `sN` for the column), and the dot (`i`) in % of the cell's width; the
  /// track is the cell's background. A value off the axis is an arrow at its edge (`i.off`).
  static func cssStrip(column: Int, value: Double, hasBand: Bool, scale: LogScale, mark: Mark, secondary: Bool) -> String {
    var s = "<td class=\"plot s\(column)\">"
    if hasBand { s += "<b></b><u></u>" }
    if value > 0 && value.isFinite {
      let classes = "\(mark.rawValue)\(secondary ? " secondary" : "")"
      if value < scale.lo || value > scale.hi {
        s += "<i class=\"\(classes) off \(value < scale.lo ? "lo" : "hi")\"></i>"
      } else {
        s += "<i class=\"\(classes)\" style=\"left:\(percent(scale.x(value)))%\"></i>"
      }
    }
    return s + "</td>"
  }

  /// A group's band `median × [bandLow, bandHigh]` and its median, in % of a strip's width.
  static func bandPercent(median: Double, bandLow: Double, bandHigh: Double, scale: LogScale) -> (left: String, width: String, median: String) {
    let a = scale.x(median * bandLow), b = scale.x(median * bandHigh)
    return (percent(a), percent(max(b - a, 0)), percent(scale.x(median)))
  }

  /// A position on a strip in % of its width, one decimal.
  static func percent(_ x: Double) -> String { NumberText.trimmed(x / width * 100, 1) }

  /// The axis heading a column of strips: round ticks with their values.
  static func axis(_ scale: LogScale, decimals: Int) -> String {
    var s = "<svg class=\"axis\" width=\"\(n(width))\" height=\"18\" viewBox=\"0 0 \(n(width)) 18\" aria-hidden=\"true\">"
    s += "<line x1=\"\(n(scale.x0))\" y1=\"17\" x2=\"\(n(scale.x1))\" y2=\"17\"/>"
    var last = -Double.infinity
    for t in scale.ticks() {
      let x = scale.x(t)
      // Linear ticks bunch up at the high end of a log axis: keep labels apart.
      guard x - last >= 28 else { continue }
      last = x
      s += "<line x1=\"\(n(x))\" y1=\"13\" x2=\"\(n(x))\" y2=\"17\"/>"
      s += "<text x=\"\(n(x))\" y=\"10\" text-anchor=\"middle\">\(NumberText.trimmed(t, decimals))</text>"
    }
    return s + "</svg>"
  }

  /// An SVG coordinate: two decimals, trailing zeros dropped.
  static func n(_ v: Double) -> String { NumberText.trimmed(v, 2) }
}
