// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics

/// The size model: what a family's size is measured on, and how far each glyph could grow.
///
/// Two facts about real families decide it (measured on the bar families of ten open-source apps,
/// `Reports/real-apps/verdicts-baseline.md`, and on the open families of `scripts/calibrate`):
/// - Glyphs that are small or thin by nature (chevrons, a plus, a close cross, an ellipsis, a
///   minus, `!`) are drawn to the same keyline as the others but cover a small hull. Seven of the
///   29 errors on the real apps were ordinary glyphs (a book, a gear, a magnifier) called 1.2–1.5×
///   too large against a median such glyphs had pulled down. So the family's size is the median of
///   its *closed* glyphs only (``isSizeReference(_:style:)``), and where fewer than
///   ``minimumSizeReference`` closed glyphs remain the family's size is not judged on the ratio.
/// - Whether a glyph could be drawn larger depends on the room the family's glyphs span, not only
///   on its hull: a tall pin or a thin bolt already reaches the family's height and cannot grow
///   without outgrowing its neighbours. ``headroom(_:spanPt:widestOtherPt:tallestOtherPt:)`` is how far it can scale before it
///   passes the family's span (the median longer side of the group's glyphs, which chevrons and
///   plus signs reach too), with an allowance for wide and tall glyphs: as wide (tall) as the
///   group's other wide (tall) glyphs are drawn, up to what Apple's shape sizes give them (wide
///   31 pt and tall 28 pt beside a 25 pt circle: 1.24× and 1.12×); with no other glyph of its shape,
///   the share of Apple's allowance the group's glyphs of the other elongated shape take (none when
///   its wide glyphs are drawn within the span), and Apple's figure only where the group has neither.
///   `perceived_size_outlier` also caps it at the largest canvas the glyph's role allows.
/// - A glyph is drawn too large only if it also reaches beyond the room the family's larger
///   glyphs take: ``reach(_:spanPt:)`` against the upper quartile of the longer sides. A
///   square-filling glyph (a calendar, a storefront) has a larger hull than a circle of the same
///   span, and keyline grids give it the full span on purpose: it spans what the family's larger
///   glyphs span and is not flagged.
extension FamilyAnalyzer {
  /// Longer side ÷ shorter side of the extent at or above which a glyph is thin (an ellipsis is
  /// about 4, a minus sign more; the thinnest ordinary glyphs, a hamburger menu or a tag, are
  /// below 1.6).
  public static let thinAspect = 2.5
  /// The fewest closed glyphs a group needs for its size to be judged on the ratio to its median.
  public static let minimumSizeReference = 3
  /// How much wider than the family's span a wide glyph (width ÷ height ≥ ``shapeAspect``) may be
  /// drawn: Apple's wide glyph width over its circle diameter, 31 ÷ 25.
  public static let wideAllowance = 31.0 / 25.0
  /// How much taller than the family's span a tall glyph may be: 28 ÷ 25.
  public static let tallAllowance = 28.0 / 25.0
  /// Width ÷ height (or its inverse) at or above which a glyph is wide (tall): as `shape_size`.
  public static let shapeAspect = 1.25

  /// Whether a glyph is wide: width ≥ ``shapeAspect`` × height.
  public static func isWide(_ m: IconMeasurements) -> Bool { m.extentPt.width >= shapeAspect * m.extentPt.height }
  /// Whether a glyph is tall: height ≥ ``shapeAspect`` × width.
  public static func isTall(_ m: IconMeasurements) -> Bool { m.extentPt.height >= shapeAspect * m.extentPt.width }

  /// Whether a glyph's extent is thin: its longer side at least ``thinAspect``× its shorter.
  public static func isThin(_ m: IconMeasurements) -> Bool {
    let w = m.extentPt.width, h = m.extentPt.height
    guard w > 0, h > 0 else { return true }
    return max(w, h) >= thinAspect * min(w, h)
  }

  /// Whether a glyph of the given family style sets the family's size: a closed glyph, filled or
  /// with a hole, and not thin. A line glyph whose only holes are pinholes (an open stroke drawing by
  /// ``isOpenStroke(_:style:)``) still counts here: one glyph moves a median little, and taking it
  /// out moved other glyphs' findings (a Breeze envelope "1.3× larger" once a rotation arrow with a
  /// tiny padlock, 1.4% of its hull enclosed, left a median of five); it is only never called too
  /// small (``IconEvaluation/isOpenStroke``).
  public static func isSizeReference(_ m: IconMeasurements, style: IconStyle) -> Bool {
    (style == .filled || m.holes > 0) && !isThin(m)
  }

  /// How far the glyph reaches relative to `spanPt` (with the wide and tall allowances): max(width
  /// ÷ allowed width, height ÷ allowed height); 1 ÷ ``headroom(_:spanPt:widestOtherPt:tallestOtherPt:)`` for the same span.
  public static func reach(_ m: IconMeasurements, spanPt: Double) -> Double {
    let room = headroom(m, spanPt: spanPt)
    return room.isFinite && room > 0 ? 1 / room : 0
  }

  /// The `q`-quantile of `values` (linear interpolation between order statistics); 0 when empty.
  static func quantile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let position = q * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }

  /// How far the glyph can be scaled before its extent passes the family's span `spanPt` (with
  /// the wide and tall allowances): min(allowed width ÷ width, allowed height ÷ height). Above 1
  /// it has room to grow; below 1 it already spans beyond the family. Infinite for an empty glyph
  /// or a family without a span.
  ///
  /// The allowance is room the family's own glyphs of that shape take, where it has any: a wide
  /// glyph may be as wide as `widestOtherPt` (the widest any *other* wide glyph of the group is
  /// drawn), a tall one as tall as `tallestOtherPt`, up to ``wideAllowance``× (``tallAllowance``×)
  /// the span and never less than the span; with no other glyph of its shape to tell (infinite),
  /// Apple's allowance stands. Heroicons' backward, 18.9 pt wide where the span is 18.0 pt and its
  /// other wide glyphs reach 18.9 pt, has a headroom of 1.0, not 1.18: Heroicons draws no wide glyph
  /// wider. With the defaults it is Apple's allowance alone, as ``reach(_:spanPt:)`` uses it.
  ///
  /// With no other glyph of its shape but some of the other elongated shape, those tell how much of
  /// Apple's allowances the family gives: a tall glyph may be taller than the span by the share of
  /// Apple's wide allowance the family's widest other wide glyph takes (``allowanceShare(_:spanPt:allowance:)``)
  /// of Apple's tall allowance, and a wide one likewise from the tallest tall glyph. A family that
  /// draws its wide glyphs no wider than its span holds every glyph to one square: Rocket.Chat's tab
  /// bar (Font Awesome glyphs, each 24 pt tall; its car 23.9 pt wide where the span is 24.0 pt) gave
  /// its lightbulb, 16.5×24 pt, a headroom of 1.12 from Apple's tall allowance ("0.85×, draw it 1.12×
  /// larger"), though it spans what every glyph of the family spans; now 1.0. O(1).
  public static func headroom(
    _ m: IconMeasurements, spanPt: Double, widestOtherPt: Double = .infinity, tallestOtherPt: Double = .infinity
  ) -> Double {
    let w = m.extentPt.width, h = m.extentPt.height
    guard w > 0, h > 0, spanPt > 0 else { return .infinity }
    // The allowance a shape has: its own shape's room where the family draws it, else the share of
    // Apple's allowance the other elongated shape takes, else Apple's.
    func allowed(own: Double, other: Double, allowance: Double, otherAllowance: Double) -> Double {
      if own.isFinite { return max(spanPt, min(spanPt * allowance, own)) }
      if let share = allowanceShare(other, spanPt: spanPt, allowance: otherAllowance) {
        return spanPt * (1 + share * (allowance - 1))
      }
      return spanPt * allowance
    }
    let allowedWidth = isWide(m)
      ? allowed(own: widestOtherPt, other: tallestOtherPt, allowance: wideAllowance, otherAllowance: tallAllowance) : spanPt
    let allowedHeight = isTall(m)
      ? allowed(own: tallestOtherPt, other: widestOtherPt, allowance: tallAllowance, otherAllowance: wideAllowance) : spanPt
    return min(allowedWidth / w, allowedHeight / h)
  }

  /// How much of Apple's `allowance` for a shape (``wideAllowance`` or ``tallAllowance``) the
  /// family's longest glyph of that shape, `longestPt` along its longer side, takes beyond the span:
  /// (longest ÷ span − 1) ÷ (allowance − 1), within 0…1 (0: drawn no longer than the span, 1: as long
  /// as Apple's figure or longer); nil when the family has no such glyph (infinite). O(1).
  static func allowanceShare(_ longestPt: Double, spanPt: Double, allowance: Double) -> Double? {
    guard longestPt.isFinite, spanPt > 0, allowance > 1 else { return nil }
    return min(1, max(0, (longestPt / spanPt - 1) / (allowance - 1)))
  }

  /// The largest of `values` other than the one at `index` (a leave-one-out maximum; every value
  /// when `index` is nil), given the positions of the largest and second largest; infinite when no
  /// other is above 0 (no other glyph of that shape). O(1).
  static func largestOther(_ values: [Double], at index: Int?, top: (first: Int, second: Int)?) -> Double {
    guard let top else { return .infinity }
    let other = index == top.first ? top.second : top.first
    return other >= 0 && values[other] > 0 ? values[other] : .infinity
  }

  /// The positions of the largest and second largest of `values` (the second −1 for one value);
  /// nil when empty. O(n).
  static func topTwo(_ values: [Double]) -> (first: Int, second: Int)? {
    guard !values.isEmpty else { return nil }
    var first = 0, second = -1
    for i in values.indices.dropFirst() {
      if values[i] > values[first] {
        second = first
        first = i
      } else if second < 0 || values[i] > values[second] {
        second = i
      }
    }
    return (first, second)
  }
}
