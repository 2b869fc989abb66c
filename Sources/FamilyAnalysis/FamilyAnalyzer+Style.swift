// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics

/// The style side of the family model (Sources/FamilyAnalysis/Documentation.docc/FamilyModel.md,
/// Style groups): each member's style in its family, and whether the family is drawn in two styles.
extension FamilyAnalyzer {
  /// How much heavier than the family's outline stroke an unsure icon's strokes must be for it to
  /// count as filled.
  public static let filledStrokeRatio = 1.6
  /// Filled silhouette (ink + enclosed area) ÷ ink at or above which a line drawing has a filled
  /// form.
  public static let filledSilhouetteRatio = 1.6
  /// Minimum group size for a style split.
  public static let minimumSplitGroup = 3
  /// The smaller style's minimum share of the styled icons for a split.
  public static let minimumSplitShare = 0.25

  /// Each member's style within the family.
  ///
  /// A member's own style (``IconStyle``: five cues with margins) stands when it is filled or
  /// outline. An unsure one is resolved by its family where the family has at least three clear
  /// outline icons: its profile stroke ≥ 1.6× their median stroke is a filled body (a solid star's
  /// 5.3 pt "stroke" among 2 pt outlines); below, it is a line drawing at (or heavier than) the
  /// family's stroke (a bold chevron, a busy grid: outline, and `stroke_weight_outlier` judges a
  /// heavier stroke). Dots (``IconStyle/Cues/isDots``) and icons of families without three clear
  /// outline icons stay unsure. The 1.6×: Lucide's 44 outline drawings with ink ÷ hull > 0.6 have
  /// strokes within 2% of the family's, and 86% of the same drawings filled have strokes ≥ 1.6×;
  /// injected heavier strokes (×1.33, ×1.5) stay below it.
  ///
  /// - Complexity: O(n log n) for n members.
  public static func familyStyles(_ members: [FamilyMember]) -> [IconStyle] {
    let outlineStrokes = members.filter { $0.metrics.style == .outline && $0.metrics.strokeWeightPt > 0 }
      .map(\.metrics.strokeWeightPt)
    let reference = outlineStrokes.count >= 3 ? RobustSpread(values: outlineStrokes).median : nil
    return members.map { member in
      let m = member.metrics
      guard m.style == .unsure else { return m.style }
      let dots = IconStyle.isDots(
        components: m.components,
        profileToContour: m.strokeWeightContourPx > 0 ? m.strokeWeightProfilePx / m.strokeWeightContourPx : 0,
        density: m.density)
      guard !dots, let reference, reference > 0, m.strokeWeightPt > 0 else { return .unsure }
      return m.strokeWeightPt >= filledStrokeRatio * reference ? .filled : .outline
    }
  }

  /// Profile ÷ contour stroke below which a line drawing has solid parts (outline drawings of
  /// Lucide, Phosphor, Tabler and MDI never go below 0.80).
  public static let solidPartProfileRatio = 0.8
  /// How many of the family's line drawings must have solid parts for solids to be part of its
  /// vocabulary.
  public static let minimumSolidParts = 2
  /// And which share of its line drawings (outline or unsure) they must be at least.
  public static let minimumSolidPartShare = 0.1

  /// Whether the family's own line drawings have solid parts: at least 2 of its outline (or unsure)
  /// icons, and at least 10% of them, whose profile stroke is below 0.8× their contour estimate (a
  /// filled battery bar in an outline battery, a solid lock body on a line padlock, a solid wedge in
  /// a signal glyph). Such a family draws with solids on purpose, so a glyph drawn filled (a solid
  /// play triangle, a handset, a stop square) is part of its vocabulary rather than a slip, and a
  /// solid part reads as a heavier "stroke".
  ///
  /// Figures (`scripts/calibrate`, default mode): in the 40 untouched Lucide, Phosphor, Tabler and MDI
  /// families, at most one line drawing per family has solid parts (0–3%; the injected families
  /// likewise); in the symbolic icons of Breeze and Yaru it is 11–75% of them (every sampled family),
  /// in Papirus 0–50%. Those themes draw 9–32% of their icons filled among outlines (play, stop and
  /// record glyphs, handsets, padlocks) and a designer sees no slip in them.
  ///
  /// - Complexity: O(n) for n members.
  public static func drawsSolidParts(_ members: [FamilyMember], styles: [IconStyle]) -> Bool {
    var lines = 0, solid = 0
    for (member, style) in zip(members, styles) where style != .filled {
      lines += 1
      if hasSolidParts(member.metrics) { solid += 1 }
    }
    return solid >= minimumSolidParts && Double(solid) >= minimumSolidPartShare * Double(lines)
  }

  /// Whether an icon of the given family style shows the family's choice of style: a filled icon,
  /// or an outline one with something enclosed (a ring, a frame, an outlined shape) that could have
  /// been drawn filled. An open line drawing (an arrow, a chevron, a list, a check) or a silhouette
  /// whose parts are one stroke wide (Papirus's 2 px airplane or speaker at 16 px) looks the same in
  /// both styles and is no evidence either way.
  public static func showsStyleChoice(_ m: IconMeasurements, style: IconStyle) -> Bool {
    style == .filled || (style == .outline && m.holes > 0)
  }

  /// Whether a line drawing is a solid body with knocked-out details: it has holes, and its ink is at
  /// least ``IconStyle/filledDensity`` (0.72) of its hull, the density cue's filled margin (outline
  /// drawings' 99.5th percentile is 0.71). Its cut-outs split the body into bands one stroke wide, so
  /// its stroke and share cues read a line drawing (Adwaita's SIM card, 0.78 of its hull, six holes,
  /// its "stroke" the family's 2.2 pt); to the eye it is solid.
  package static func isSolidBody(_ m: IconMeasurements) -> Bool {
    m.holes > 0 && m.density >= IconStyle.filledDensity
  }

  /// Whether a line drawing (outline or unsure) has solid parts: its profile stroke is below 0.8× its
  /// contour estimate (``solidPartProfileRatio``).
  package static func hasSolidParts(_ m: IconMeasurements) -> Bool {
    m.strokeWeightContourPx > 0 && m.strokeWeightProfilePx > 0
      && m.strokeWeightProfilePx / m.strokeWeightContourPx < solidPartProfileRatio
  }

  /// Whether the family draws filled glyphs as a style of its own: its solids (filled icons, line
  /// drawings with solid parts, ``hasSolidParts(_:)``, and solid bodies with knocked-out details,
  /// ``isSolidBody(_:)``) are at least ``minimumSplitGroup`` (3)
  /// icons, and at least ``minimumSplitShare`` (25%) of the icons that show a style choice
  /// (``showsStyleChoice(_:style:)``: the filled ones, the outline ones with something enclosed,
  /// and the line drawings with solid parts). The share of the split (``stylePartition(_:)``)
  /// counts every styled icon, and an open line glyph looks the same in both styles: four filled
  /// glyphs among eight closed outline ones and eight arrows, lists and silhouettes (Papirus
  /// symbolic) are 20% of its styled icons, below the split, yet a third of the icons that chose a
  /// style. A solid wedge (a full Wi-Fi signal) and a solid warning triangle beside a picture frame
  /// with a solid sun and mountain (Yaru symbolic) are three solids among eight icons that chose a
  /// style: two filled glyphs alone were under the three, one line drawing with solid parts under
  /// ``drawsSolidParts(_:styles:)``'s two, but together they are the family's manner. A family
  /// drawing with solids that often draws them on purpose: its filled glyphs are no slip, and its
  /// groups are left as they are (its size and stroke statistics unchanged).
  ///
  /// Figures (`scripts/calibrate`, default mode): untouched Papirus icons with an error 10 → 6 of
  /// 216 (papirus-05's four filled glyphs among eight closed outline ones); untouched Yaru 2 → 0 of
  /// 241 (yaru-08: two filled glyphs and one line drawing with solid parts among eight that chose a
  /// style); the injected filled icons are 1 in a family, or 3 among 20–29 closed outline ones
  /// (9–13%, with at most one line drawing with solid parts in those families), and are all still
  /// found.
  ///
  /// A solid body with knocked-out details (``isSolidBody(_:)``) counts among the solids too:
  /// Adwaita's symbolic SIM card, VPN shield or old phone are solid to the eye, though their
  /// 1 px cut-outs leave bands one stroke wide that read as a line drawing at the family's stroke.
  /// Held-out Adwaita (`scripts/calibrate.py --sources adwaita,bootstrap,octicons`, never tuned on):
  /// untouched icons with an error 8 → 4 of 273 (default mode), 25 → 18 of 645 (full mode), the
  /// solid glyphs without cut-outs among such bodies; no family of the seven calibration sources,
  /// Heroicons or Font Awesome changes.
  ///
  /// - Complexity: O(n) for n members.
  public static func drawsFilledAsAStyle(_ members: [FamilyMember], styles: [IconStyle]) -> Bool {
    var solids = 0, chosen = 0
    for (member, style) in zip(members, styles) {
      let m = member.metrics
      if style == .filled {
        solids += 1
        chosen += 1
      } else if hasSolidParts(m) || isSolidBody(m) {
        solids += 1
        chosen += 1
      } else if showsStyleChoice(m, style: style) {
        chosen += 1
      }
    }
    return solids >= minimumSplitGroup && Double(solids) >= minimumSplitShare * Double(chosen)
  }

  /// The family's style partition: a split into an outline and a filled group when both styles are
  /// substantial (each ≥ 3 icons and the smaller ≥ 25% of the styled icons); otherwise one group of
  /// the majority style (outline on a tie) whose other-style icons are the minority (each one a
  /// `style_mismatch` candidate: three filled icons among thirty outline ones are three findings, not
  /// a second group). Unsure icons are neither: they join the majority group (the larger group when
  /// split) and are scored against it, but shape its statistics no more than a minority icon does.
  ///
  /// The 25%: injected style outliers are 1 in 5–40 or 3 in 30 (3–20%, must be flagged); the open
  /// families drawn in two styles on purpose mix them at 32% (MDI's base drawings: 26% filled, 55%
  /// outline by the cues) to 50% (Papirus symbolic, Phosphor fill); Breeze and Yaru symbolic draw
  /// 9–10% of their icons filled among outlines (flagged: a real mix of styles in one family).
  static func stylePartition(_ styles: [IconStyle]) -> (split: Bool, majority: IconStyle) {
    let filled = styles.filter { $0 == .filled }.count, outline = styles.filter { $0 == .outline }.count
    let smaller = min(filled, outline), styled = filled + outline
    let split = smaller >= minimumSplitGroup && Double(smaller) >= minimumSplitShare * Double(styled)
    return (split, filled > outline ? .filled : .outline)
  }
}
