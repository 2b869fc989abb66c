// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import Synchronization

/// One icon of a family, as the analysis sees it.
public struct FamilyMember: Sendable {
  public var id: String
  public var metrics: IconMeasurements
  public init(id: String, metrics: IconMeasurements) {
    self.id = id
    self.metrics = metrics
  }
}

/// How one icon compares with its style group on one metric.
public struct MetricScore: Sendable, Codable, Equatable {
  public var value: Double
  /// value ÷ the group's median.
  public var ratio: Double
  /// Modified z-score on log values.
  public var z: Double
}

/// One icon's place in its family.
public struct IconEvaluation: Sendable, Codable, Equatable {
  public var id: String
  /// The style group it was compared within ("outline", "filled"; the family's style when not split).
  public var group: IconStyle
  /// The size used for comparisons (see `FamilyAnalyzer.effectiveSize`).
  public var size: MetricScore
  public var stroke: MetricScore
  /// The contour cross-check of stroke weight (2·ink / contour length).
  public var strokeContour: MetricScore
  /// `stroke` scored against the group's *other* icons (`LeaveOneOutSpread`) in a group of at most
  /// `FamilyAnalyzer.leaveOneOutLimit` icons: the icon's own value does not shape the median and MAD
  /// it is judged against. The same as `stroke` in a larger group and for an icon that is not one
  /// of the group's statistics (a minority-style or unsure icon).
  public var strokeAmongOthers: MetricScore
  /// `strokeContour` scored against the group's other icons, likewise.
  public var strokeContourAmongOthers: MetricScore
  /// The share of its skeleton drawn at the stroke `strokeAmongOthers` is judged against (local
  /// widths within ``FamilyAnalyzer/groupStrokeTolerance`` of it:
  /// ``IconMeasurements/strokeWidthShare(near:tolerance:)``). A line drawing at the family's weight
  /// whose median reads heavier or lighter through its solid parts, dots or diagonal joins still
  /// draws a quarter or more of its skeleton there; a glyph whose lines are drawn at another weight
  /// or scale draws almost none (see `stroke_weight_outlier`).
  public var shareAtGroupStroke: Double
  public var detail: MetricScore
  /// The longer side of the glyph's extent: on a keyline grid most glyphs reach the same one.
  public var extent: MetricScore
  /// An open stroke drawing (not filled, enclosing under 2% of its hull: arrows, chevrons, plus,
  /// check, a hook with a tiny eye; `FamilyAnalyzer.isOpenStroke`). Designers keep these small on
  /// purpose; a small size alone does not make them outliers.
  public var isOpenStroke: Bool
  /// The style it was judged to have in this family (see `FamilyAnalyzer.familyStyles`).
  public var style: IconStyle
  /// Whether it sets the group's size (a closed glyph: see `FamilyAnalyzer.isSizeReference`).
  public var isSizeReference: Bool
  /// How far it can scale before it spans beyond the group (see `FamilyAnalyzer.headroom`).
  public var headroom: Double
  /// How far it reaches relative to the room the group's larger glyphs take (see
  /// `FamilyAnalyzer.reach`, against `StyleGroupSummary.largeSpanPt`).
  public var reach: Double
}

/// An index kept beside a list, equal to every other (it is derived from the list).
struct Positions: Sendable, Equatable {
  /// Where each id first appears.
  var first: [String: Int] = [:]
  /// Whether every id appears once (then the evaluation at a position whose id is the one asked
  /// for is the first of that id).
  var idsAreUnique = false
  /// Where the next look-up most likely is: the place after the last one found (or that one
  /// again). Rules look a
  /// family's icons up in the family's order, so the evaluation asked for is usually there, and
  /// comparing one id (the same string, as a rule passes the id the evaluation was made from)
  /// replaces hashing it (0.04 G instructions of 60,000 look-ups in a 20-revision history). Only a
  /// guess, checked before it is used: shared by the copies of the list and changed by any thread
  /// (relaxed: no order with other memory is needed), never making an answer wrong. A ``Cursor``
  /// where the standard library has `Atomic` (always on Linux; macOS 15, iOS 18 and later), else
  /// nil and no guess: the package names no minimum platform, and `Atomic` is not on older ones.
  let next: (any AnyObject & Sendable)? = Positions.makeCursor()

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  final class Cursor: Sendable {
    let position = Atomic<Int>(0)
  }

  /// ``next`` as what it is (no dynamic cast: it is a ``Cursor`` or nil).
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  var cursor: Cursor? { next.map { unsafeDowncast($0, to: Cursor.self) } }

  private static func makeCursor() -> (any AnyObject & Sendable)? {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) { return Cursor() }
    return nil
  }

  static func == (_: Positions, _: Positions) -> Bool { true }
}

/// Statistics of one style group.
public struct StyleGroupSummary: Sendable, Codable, Equatable {
  public var style: IconStyle
  public var members: [String]
  public var effectiveSizePt: RobustSpread
  public var perceivedSizePt: RobustSpread
  public var strokeWeightPt: RobustSpread
  public var strokeWeightContourPt: RobustSpread
  public var detailDensity: RobustSpread
  /// The longer side of the extent, in pt.
  public var extentPt: RobustSpread
  /// The group's span: the median longer side of all its glyphs, in pt (the room its glyphs
  /// usually take; see `FamilyAnalyzer.headroom`).
  public var spanPt: Double
  /// The room the group's larger glyphs take: the upper quartile of the longer sides, in pt.
  public var largeSpanPt: Double
  /// How many closed glyphs `effectiveSizePt` is taken over; 0 when fewer than
  /// `FamilyAnalyzer.minimumSizeReference` are closed (it is then taken over every glyph, and the
  /// size is not judged on the ratio to it).
  public var sizeReferenceCount: Int
  /// Whether the group's size is judged on the ratio to its median: enough closed glyphs.
  public var sizeJudged: Bool { sizeReferenceCount >= FamilyAnalyzer.minimumSizeReference }
}

/// A family's statistics: style groups, per-icon scores, and one consistency figure.
public struct FamilyReport: Sendable, Codable, Equatable {
  public var name: String
  /// True when the family was split into filled and outline groups (each ≥ 3 icons, the smaller ≥ 25%).
  public var styleSplit: Bool
  /// The family's style when not split (the majority); nil when split.
  public var majorityStyle: IconStyle?
  /// Icons of the minority style when not split (candidates for `style_mismatch`).
  public var minorityStyleIcons: [String]
  /// Whether the family draws with solids: its line drawings have solid parts
  /// (`FamilyAnalyzer.drawsSolidParts`), it is split into two substantial styles, or its filled
  /// icons are substantial among those that show a style choice
  /// (`FamilyAnalyzer.drawsFilledAsAStyle`). Filled glyphs
  /// and solid parts are then part of its vocabulary: a heavier "stroke" may be a solid part.
  public var drawsSolidParts: Bool
  /// Whether the family draws whole glyphs filled as a style of its own: split into two
  /// substantial styles, or its solids substantial among the icons that show a style choice
  /// (`FamilyAnalyzer.drawsFilledAsAStyle`). A filled glyph is then no slip (`style_mismatch`).
  /// Solid parts alone (`FamilyAnalyzer.drawsSolidParts`: two line drawings and 10% of them, a
  /// calendar's header band, a window's title bar) do not make a filled glyph part of the family.
  /// Not encoded (derived with the report; a decoded report says false).
  public var drawsFilledGlyphs = false
  public var groups: [StyleGroupSummary]
  public var icons: [IconEvaluation] {
    didSet { positions = Self.positions(of: icons) }
  }
  /// 0–100: 100 is a family whose size, stroke and detail agree exactly.
  public var consistencyScore: Double

  /// Where each id first appears in `icons`: rules and reports look up every icon of a family,
  /// and a search of the list would make that quadratic in the family's size. Derived data: made
  /// with the report and again whenever `icons` changes, not encoded, not compared; a decoded
  /// report has none and searches the list.
  private var positions = Positions()

  private enum CodingKeys: String, CodingKey {
    case name, styleSplit, majorityStyle, minorityStyleIcons, drawsSolidParts, groups, icons, consistencyScore
  }

  public init(
    name: String, styleSplit: Bool, majorityStyle: IconStyle?, minorityStyleIcons: [String],
    drawsSolidParts: Bool = false, groups: [StyleGroupSummary], icons: [IconEvaluation], consistencyScore: Double
  ) {
    self.name = name
    self.styleSplit = styleSplit
    self.majorityStyle = majorityStyle
    self.minorityStyleIcons = minorityStyleIcons
    self.drawsSolidParts = drawsSolidParts
    self.groups = groups
    self.icons = icons
    self.consistencyScore = consistencyScore
    positions = Self.positions(of: icons)
  }

  private static func positions(of icons: [IconEvaluation]) -> Positions {
    var first: [String: Int] = [:]
    first.reserveCapacity(icons.count)
    for (k, icon) in icons.enumerated() where first[icon.id] == nil { first[icon.id] = k }
    var positions = Positions()
    positions.idsAreUnique = first.count == icons.count
    positions.first = first
    return positions
  }

  /// The first evaluation of `id` (at the index's guess when its id is `id` and ids are unique,
  /// where the platform has `Atomic`; else through the index when there is one for these icons; else the list is searched).
  /// - Complexity: O(1) (one string comparison when the guess holds, a hash otherwise).
  public func evaluation(for id: String) -> IconEvaluation? {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let cursor = positions.cursor else {
      if let k = positions.first[id] { return icons[k] }
      return icons.first { $0.id == id }
    }
    if positions.idsAreUnique {
      // The place after the last found, or the last found again (a rule that looks one icon up
      // twice).
      let next = cursor.position.load(ordering: .relaxed)
      var guess = next
      while guess >= max(next - 1, 0) {
        if guess < icons.count && icons[guess].id == id {
          if guess != next - 1 { cursor.position.store(guess + 1, ordering: .relaxed) }
          return icons[guess]
        }
        guess -= 1
      }
    }
    if let k = positions.first[id] {
      cursor.position.store(k + 1, ordering: .relaxed)
      return icons[k]
    }
    return icons.first { $0.id == id }
  }
  public func group(_ style: IconStyle) -> StyleGroupSummary? { groups.first { $0.style == style } }
}

/// Family statistics (the model: Sources/FamilyAnalysis/Documentation.docc/FamilyModel.md).
///
/// 1. Each member's style (`familyStyles`: filled, outline or unsure). Split by style only where
///    both styles are substantial (each ≥ 3 icons, the smaller ≥ 25%); otherwise one group of the
///    majority style, and the other style's icons are reported as minority-style icons. Unsure
///    icons are scored against their group but do not shape its statistics.
///    Never clustered on size.
/// 2. Within a group, each metric is scored with `RobustSpread` (modified z-score on logs).
/// 3. The consistency score combines the groups' robust spreads.
///
/// - Complexity: O(n log n) for n icons.
public enum FamilyAnalyzer {
  /// The size a family is compared on: √max(hull area, 0.7 · extent area), in pt.
  ///
  /// S = √hull is the perceived size of a compact glyph (a voicemail glyph as wide as a star
  /// looks smaller because it covers less area). A diagonal or L-shaped glyph (a pen, a slash)
  /// has a thin hull but is seen at the size of the box it spans, so the hull is not allowed to
  /// fall below 70% of the extent's area. Calibrated on all 1745 Lucide icons in 500 random
  /// 30-icon families (`scripts/size_model_study.py`): with √hull alone 14.6% of untouched icons
  /// fall outside ±15% of their family's median; with this floor 12.2%; with the floor and the
  /// open-stroke exemption of `perceived_size_outlier` 4.9%.
  public static func effectiveSize(_ m: IconMeasurements) -> Double {
    sqrt(max(m.hullAreaPt2, 0.7 * m.extentPt.width * m.extentPt.height))
  }

  /// Enclosed area ÷ hull area below which a line drawing is open (``isOpenStroke(_:style:)``).
  public static let openEnclosure = 0.02

  /// Whether a glyph of the given family style is an open line drawing: not filled, and what its
  /// lines enclose (``IconMeasurements/enclosedAreaPt2``, the holes' area) is under
  /// ``openEnclosure`` (2%) of its hull. A hole alone does not make a glyph closed: a fishing hook's
  /// eye (1.3% of its hull) or the pinholes where a double tick's strokes cross (0.3%) enclose
  /// nothing a designer sizes the glyph by. The 2% sits at the 1st–5th percentile of the enclosed
  /// share of the line glyphs with holes in the seven calibration sources (`scripts/calibrate`,
  /// untouched families; medians 0.16–0.43); at 5% 13 untouched glyphs got new size warnings
  /// (media-skip glyphs, a battery, a folder stack). Such a glyph still sets the family's size
  /// (``isSizeReference(_:style:)``); it is only never called too small.
  ///
  /// - Complexity: O(1).
  static func isOpenStroke(_ m: IconMeasurements, style: IconStyle) -> Bool {
    style != .filled && m.enclosedAreaPt2 < openEnclosure * m.hullAreaPt2
  }

  /// The largest style group whose stroke scores leave the judged icon out of the statistics
  /// (`IconEvaluation.strokeAmongOthers`, `LeaveOneOutSpread`).
  ///
  /// An icon's own deviation is one of the n whose median is the MAD. In a group of 5–8 it moves
  /// the MAD by a whole rank: the contour-estimate MAD of Tabler families of 5 and 8 icons with one
  /// stroke drawn at 1.33× was 0.095 and 0.093 with it, 0.050 and 0.053 without it, and the heavier
  /// stroke read |M| = 1.3–2.1 (under `stroke_weight_outlier`'s 2.5) where a designer sees it at
  /// once. In larger groups it moves the MAD by part of the gap between two middle deviations (7%
  /// in a 17-icon Papirus family), within the noise of the threshold itself, and the statistics of
  /// the whole group are kept: large families' verdicts do not move on that noise.
  public static let leaveOneOutLimit = 10

  /// The family's statistics: each member's style, the style groups and their robust spreads,
  /// each member's scores against its group, and the consistency score (the steps above).
  /// - Complexity: O(n log n) for n members; members are handled by their index (ids are unique),
  ///   not looked up by id (a history analyses 20 × 500 icons: the ids' hashing was a quarter of
  ///   the analysis).
  public static func analyse(name: String, members: [FamilyMember], madFloor: Double = 0.03) -> FamilyReport {
    // Each member's style in this family, by index (one for each member, as `familyStyles` gives).
    let styles = familyStyles(members)
    precondition(styles.count == members.count, "a style for each member")
    #if DEBUG
      // As a dictionary keyed by id would (the analysis's contract): every id once.
      precondition(Set(members.map(\.id)).count == members.count, "duplicate ids in family \(name)")
    #endif
    let partition = stylePartition(styles)
    let split = partition.split
    var groups: [(IconStyle, [Int])] = []
    var majority: IconStyle?
    var minority: [String] = []
    if split {
      // Unsure icons join the larger group.
      let larger: IconStyle = partition.majority
      groups = [
        (.outline, members.indices.filter { styles[$0] == .outline || (styles[$0] == .unsure && larger == .outline) }),
        (.filled, members.indices.filter { styles[$0] == .filled || (styles[$0] == .unsure && larger == .filled) }),
      ]
    } else if !members.isEmpty {
      let style = partition.majority
      majority = style
      minority = members.indices.filter { styles[$0] != style && styles[$0] != .unsure }.map { members[$0].id }
      // Minority and unsure icons are scored against the majority's statistics but do not shape them.
      groups = [(style, Array(members.indices))]
    }

    var summaries: [StyleGroupSummary] = []
    var evaluations = [IconEvaluation?](repeating: nil, count: members.count)
    for (style, all) in groups {
      let basis = all.filter { styles[$0] == style }
      let statsMembers = basis.isEmpty ? all : basis
      // The family's size from its closed glyphs only (see FamilyAnalyzer+Size).
      let closed = statsMembers.filter { isSizeReference(members[$0].metrics, style: style) }
      let sizeMembers = closed.count >= minimumSizeReference ? closed : statsMembers
      let sides = statsMembers.map { longerSide(members[$0].metrics) }
      let span = RobustSpread(values: sides).median, largeSpan = quantile(sides, 0.75)
      // The widths its wide glyphs and the heights its tall glyphs draw: a glyph's allowance is
      // capped at the largest any other glyph of its shape reaches (see `headroom`).
      let widths = statsMembers.map { isWide(members[$0].metrics) ? members[$0].metrics.extentPt.width : 0 }
      let heights = statsMembers.map { isTall(members[$0].metrics) ? members[$0].metrics.extentPt.height : 0 }
      let widest = topTwo(widths), tallest = topTwo(heights)
      // Each member's place among the statistics' members (nil: not one of them).
      var statsIndex = [Int?](repeating: nil, count: members.count)
      for (i, member) in statsMembers.enumerated() where statsIndex[member] == nil { statsIndex[member] = i }
      let summary = StyleGroupSummary(
        style: style,
        members: all.map { members[$0].id },
        effectiveSizePt: RobustSpread(values: sizeMembers.map { effectiveSize(members[$0].metrics) }),
        perceivedSizePt: RobustSpread(values: statsMembers.map { members[$0].metrics.perceivedSizePt }),
        strokeWeightPt: RobustSpread(values: statsMembers.map { members[$0].metrics.strokeWeightPt }),
        strokeWeightContourPt: RobustSpread(values: statsMembers.map { contourStrokePt(members[$0].metrics) }),
        detailDensity: RobustSpread(values: statsMembers.map { members[$0].metrics.detailDensity }),
        extentPt: RobustSpread(values: statsMembers.map { longerSide(members[$0].metrics) }),
        spanPt: span, largeSpanPt: largeSpan, sizeReferenceCount: closed.count >= minimumSizeReference ? closed.count : 0)
      summaries.append(summary)
      // Leave-one-out stroke statistics in a small group (see `leaveOneOutLimit`).
      let small = statsMembers.count <= leaveOneOutLimit
      let strokesOfOthers = LeaveOneOutSpread(values: small ? statsMembers.map { members[$0].metrics.strokeWeightPt } : [])
      let contoursOfOthers = LeaveOneOutSpread(values: small ? statsMembers.map { contourStrokePt(members[$0].metrics) } : [])
      for index in all {
        let member = members[index]
        let m = member.metrics
        func score(_ spread: RobustSpread, _ value: Double) -> MetricScore {
          MetricScore(value: value, ratio: spread.ratio(value), z: spread.z(value, floor: madFloor))
        }
        let counted = small && statsIndex[index] != nil
        let strokeOfOthers = counted ? strokesOfOthers.without(m.strokeWeightPt) : summary.strokeWeightPt
        let pxPerPt = m.strokeWeightPt > 0 ? m.strokeWeightPx / m.strokeWeightPt : 0
        evaluations[index] = IconEvaluation(
          id: member.id, group: style,
          size: score(summary.effectiveSizePt, effectiveSize(m)),
          stroke: score(summary.strokeWeightPt, m.strokeWeightPt),
          strokeContour: score(summary.strokeWeightContourPt, contourStrokePt(m)),
          strokeAmongOthers: score(strokeOfOthers, m.strokeWeightPt),
          strokeContourAmongOthers: score(
            counted ? contoursOfOthers.without(contourStrokePt(m)) : summary.strokeWeightContourPt, contourStrokePt(m)),
          shareAtGroupStroke: m.strokeWidthShare(near: strokeOfOthers.median * pxPerPt, tolerance: groupStrokeTolerance),
          detail: score(summary.detailDensity, m.detailDensity),
          extent: score(summary.extentPt, longerSide(m)),
          isOpenStroke: isOpenStroke(m, style: styles[index]), style: styles[index],
          isSizeReference: isSizeReference(m, style: styles[index]),
          headroom: headroom(
            m, spanPt: span,
            widestOtherPt: largestOther(widths, at: statsIndex[index], top: widest),
            tallestOtherPt: largestOther(heights, at: statsIndex[index], top: tallest)),
          reach: reach(m, spanPt: largeSpan))
      }
    }
    let icons = evaluations.compactMap { $0 }
    let filledAsAStyle = split || drawsFilledAsAStyle(members, styles: styles)
    var report = FamilyReport(
      name: name, styleSplit: split, majorityStyle: majority, minorityStyleIcons: minority,
      drawsSolidParts: filledAsAStyle || drawsSolidParts(members, styles: styles),
      groups: summaries, icons: icons,
      consistencyScore: consistencyScore(summaries, minorityCount: minority.count, total: members.count))
    report.drawsFilledGlyphs = filledAsAStyle
    return report
  }

  /// The longer side of the extent, in pt.
  static func longerSide(_ m: IconMeasurements) -> Double { max(m.extentPt.width, m.extentPt.height) }

  /// How far (a factor either way) a local width may be from the group's stroke to count as drawn
  /// at it (``IconEvaluation/shareAtGroupStroke``): the family's strokes spread by a MAD of 0.03–0.06
  /// of a log, and a line drawn at 0.8× or 1.2× (ln 1.2 = 0.18) falls outside ln 1.1 = 0.095.
  public static let groupStrokeTolerance = 1.1

  /// The contour estimate of stroke weight in pt.
  static func contourStrokePt(_ m: IconMeasurements) -> Double {
    guard m.strokeWeightPx > 0, m.strokeWeightPt > 0 else { return m.strokeWeightContourPx }
    return m.strokeWeightContourPx * (m.strokeWeightPt / m.strokeWeightPx)
  }

  /// 100 · (1 − penalty), penalty = 0.45·p(size) + 0.35·p(stroke) + 0.20·p(detail) + minority
  /// share, where p(x) = min(1, σ/τ) with σ = 1.4826·MAD of log values and τ = 0.25 for size and
  /// stroke, 0.6 for detail (detail varies more in a good family). Groups are weighted by size.
  /// A family normalised on every metric scores 100; one whose sizes spread by ±25% (1σ)
  /// loses 45 points.
  public static func consistencyScore(_ groups: [StyleGroupSummary], minorityCount: Int, total: Int) -> Double {
    guard total > 0 else { return 100 }
    var penalty = 0.0
    var weight = 0.0
    for group in groups where !group.members.isEmpty {
      let w = Double(group.members.count)
      let p = 0.45 * min(1, group.effectiveSizePt.relativeSigma / 0.25)
        + 0.35 * min(1, group.strokeWeightPt.relativeSigma / 0.25)
        + 0.20 * min(1, group.detailDensity.relativeSigma / 0.6)
      penalty += w * p
      weight += w
    }
    if weight > 0 { penalty /= weight }
    penalty = min(1, penalty + Double(minorityCount) / Double(total))
    return ((100 * (1 - penalty)) * 10).rounded() / 10
  }
}
