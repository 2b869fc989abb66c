// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Small inline-SVG charts for the HTML report: one icon's value on a log axis against its
/// group's band (a "band strip"), and the axis that heads a column of them.
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
  static let height = 22.0

  /// One value against its band: a track, the band `median × [bandLow, bandHigh]`, a median
  /// tick and the value's dot. `label` becomes the dot's tooltip (escaped here).
  static func strip(value: Double, median: Double, bandLow: Double, bandHigh: Double, scale: LogScale,
                    mark: Mark, secondary: Bool, label: String) -> String {
    let mid = height / 2
    var s = "<svg class=\"strip\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\""
    s += " role=\"img\" aria-label=\"\(HTMLEscaping.escape(label))\">"
    s += "<line class=\"track\" x1=\"\(n(scale.x0))\" y1=\"\(n(mid))\" x2=\"\(n(scale.x1))\" y2=\"\(n(mid))\"/>"
    if median > 0 {
      let a = scale.x(median * bandLow), b = scale.x(median * bandHigh)
      s += "<rect class=\"band\" x=\"\(n(a))\" y=\"\(n(mid - 6))\" width=\"\(n(max(b - a, 0)))\" height=\"12\" rx=\"3\"/>"
      let m = scale.x(median)
      s += "<line class=\"median\" x1=\"\(n(m))\" y1=\"\(n(mid - 8))\" x2=\"\(n(m))\" y2=\"\(n(mid + 8))\"/>"
    }
    if value > 0 && value.isFinite {
      let classes = "dot \(mark.rawValue)\(secondary ? " secondary" : "")"
      let title = "<title>\(HTMLEscaping.escape(label))</title>"
      if value < scale.lo || value > scale.hi {
        // Off the axis (a selected state far from the family): an arrow at the edge.
        let x = value < scale.lo ? scale.x0 : scale.x1, d = value < scale.lo ? -1.0 : 1.0
        s += "<path class=\"\(classes) off\" d=\"M\(n(x + 5 * d)) \(n(mid))L\(n(x - 2 * d)) \(n(mid - 5))V\(n(mid + 5))Z\">\(title)</path>"
      } else {
        let r = secondary ? 3.6 : 5.0
        s += "<circle class=\"\(classes)\" cx=\"\(n(scale.x(value)))\" cy=\"\(n(mid))\" r=\"\(n(r))\">\(title)</circle>"
      }
    }
    return s + "</svg>"
  }

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
