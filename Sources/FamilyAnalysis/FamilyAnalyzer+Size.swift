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
///   without outgrowing its neighbours. ``headroom(_:spanPt:)`` is how far it can scale before it
///   passes the family's span (the median longer side of the group's glyphs, which chevrons and
///   plus signs reach too), with the allowance Apple's shape sizes give wide and tall glyphs
///   (wide 31 pt and tall 28 pt beside a 25 pt circle: 1.24× and 1.12×).
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
  /// ÷ allowed width, height ÷ allowed height); 1 ÷ ``headroom(_:spanPt:)`` for the same span.
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
  public static func headroom(_ m: IconMeasurements, spanPt: Double) -> Double {
    let w = m.extentPt.width, h = m.extentPt.height
    guard w > 0, h > 0, spanPt > 0 else { return .infinity }
    let allowedWidth = spanPt * (w >= shapeAspect * h ? wideAllowance : 1)
    let allowedHeight = spanPt * (h >= shapeAspect * w ? tallAllowance : 1)
    return min(allowedWidth / w, allowedHeight / h)
  }
}
