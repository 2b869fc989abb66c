// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether an icon is drawn as filled shapes or as outlines (strokes), or whether its pixels
/// cannot tell (``unsure``: no style finding is made on it).
///
/// Decided from five cues, each of which votes +1 (filled), −1 (outline) or 0 (``Cues``):
/// - density, ink ÷ hull area: +1 at ≥ 0.72, −1 at ≤ 0.50;
/// - the stroke's share of the glyph, profile stroke ÷ the extent's longer side (a filled shape's
///   "stroke" is its body, a large share of its size): +1 at ≥ 0.17, −1 at ≤ 0.12;
/// - the profile stroke ÷ the contour estimate 2·ink ÷ P: ≈ 1 for strokes (0.80 at least in every
///   outline family measured), low for a filled shape with knocked-out detail (the skeleton runs
///   along the thin bands between cut-outs while the ink is the whole body): +1 at ≤ 0.75; at ≤ 0.6
///   the two share cues read the contour estimate, the body's width, instead of the profile (a filled
///   ice cream or copy icon of Phosphor, profile ÷ contour 0.36, ink ÷ hull 0.84, had a profile
///   "stroke" at the outline's 1.5 pt and was called outline);
/// - the stroke's share of the canvas (profile stroke ÷ the canvas's shorter side; bar icons fill
///   their canvas): +1 at ≥ 0.15, −1 at ≤ 0.13;
/// - what a drawing with one opening (one hole) encloses, the hole's area ÷ its filled silhouette
///   (ink + hole): −1 at ≥ 0.25 (the opening at least half the silhouette's width, the band round it
///   no wider than the opening's radius: a ring, a frame, however heavy its line). At ≥ 1/3 the
///   drawing is a frame round an opening, not a body with cut-outs: the knocked-out readings below
///   (the vote at profile ÷ contour ≤ 0.75 and the body reading at ≤ 0.6) are off. Several holes are
///   cut-outs (a solid tile with four round holes) and give no vote.
/// Filled at a sum ≥ 2, outline at ≤ −1, else unsure. A ring (one component round one hole, its
/// skeleton a single loop, enclosing at least a quarter of its silhouette) is an outline whatever
/// the votes: its density and shares only say how heavy its band is. A drawing of two or more blobs (profile
/// stroke ≥ 1.6 × the contour estimate: a dot's profile is its diameter, its contour estimate its
/// radius) with density below 0.72 is unsure whatever the votes: dots (an ellipsis, a tile grid)
/// are drawn the same in filled and outline families.
///
/// Thresholds are the outline families' 99.5th percentiles (for +1) and the filled drawings' low
/// tail (for −1), measured with `scripts/style_study.py` on 300 drawings per style at 25 pt, @3x
/// and @2x: Lucide, Phosphor thin/light/regular/bold, Tabler outline and MDI `-outline` (outline
/// drawings: density 99.5th percentile 0.71, stroke ÷ extent 0.167, stroke ÷ canvas max 0.124,
/// profile ÷ contour 0.5th percentile 0.84); Phosphor fill and MDI drawings with ≥ 1.6× the ink
/// of the same name's outline drawing, and Tabler filled (filled). Result: 0.0% of the outline
/// drawings of every family are called filled (0–1.3% unsure); 75–91% of the filled drawings are
/// called filled, 6–15% unsure, 2–19% outline (a fill that adds only thin bars: Tabler's). Before the
/// body reading of deeply knocked-out fills (≤ 0.6, below) it was 61–72% filled, 13–28% unsure.
///
/// The enclosure cue (issue 16: a thick ring read as filled; an outline window with a solid title
/// bar called filled on its knocked-out reading): of the 359 filled drawings injected by
/// `scripts/calibrate` (Phosphor, Tabler, MDI, Heroicons, Font Awesome, default and full modes),
/// none encloses a third of its silhouette and 3 a quarter (Heroicons' solid photo, printer and
/// user-circle, 0.29, which keep their filled votes); AltStore's 3.45 pt ring encloses 0.30 (two
/// share votes; a ring, now outline), its solid gear with a round hole 0.23 (filled, unchanged), Font
/// Awesome's window-maximize 0.38 (its knocked-out readings gave it 3 votes; now outline). Among
/// the 7,659 calibration icons studied only those, a futbol (unsure → outline) and two Papirus
/// glyphs (filled → unsure) change.
public enum IconStyle: String, Sendable, Hashable, Codable, CaseIterable {
  case outline
  case filled
  /// The cues disagree or are inside their margins (a bold chevron, a busy grid, dots).
  case unsure

  /// The five cues of the style decision, from the measurements.
  public struct Cues: Sendable, Equatable {
    /// ink ÷ hull area.
    public var density: Double
    /// Profile stroke ÷ the extent's longer side.
    public var strokeToExtent: Double
    /// Profile stroke ÷ contour estimate (2 · ink ÷ contour length).
    public var profileToContour: Double
    /// Profile stroke ÷ the canvas's shorter side.
    public var strokeToCanvas: Double
    /// Connected components of the core.
    public var components: Int
    /// The holes' area ÷ the filled silhouette (ink + holes): 0 for a drawing that encloses
    /// nothing, about r² ÷ R² for a ring of radii r < R.
    public var enclosedShare: Double
    /// Holes of the core.
    public var holes: Int
    /// End points plus junctions of the core's skeleton (0 for a skeleton that is one loop).
    public var skeletonBranchPoints: Int

    public init(density: Double, strokeToExtent: Double, profileToContour: Double, strokeToCanvas: Double, components: Int,
                enclosedShare: Double = 0, holes: Int = 0, skeletonBranchPoints: Int = 0) {
      self.density = density
      self.strokeToExtent = strokeToExtent
      self.profileToContour = profileToContour
      self.strokeToCanvas = strokeToCanvas
      self.components = components
      self.enclosedShare = enclosedShare
      self.holes = holes
      self.skeletonBranchPoints = skeletonBranchPoints
    }

    /// The share of the silhouette that one opening takes: ``enclosedShare`` when the drawing has
    /// exactly one hole, else 0. Several holes are cut-outs (a tile with four round holes, a grid of
    /// cells), whatever their total: the cue speaks of a band round one opening.
    public var openingShare: Double { holes == 1 ? enclosedShare : 0 }

    /// A ring: one band round one opening (one component, one hole, a skeleton that is a single
    /// loop) enclosing at least a quarter of its silhouette. Its density and share cues measure how
    /// heavy its band is, not whether it is filled: an outline, however heavy.
    public var isRing: Bool {
      components == 1 && skeletonBranchPoints == 0 && openingShare >= IconStyle.outlineEnclosedShare
    }

    /// The sum of the votes (−4…+4).
    ///
    /// A deeply knocked-out body (profile ÷ contour ≤ 0.6) has a profile "stroke" that runs along the
    /// thin bands between its cut-outs, not across its body: its two share cues are then read from the
    /// contour estimate (profile ÷ (profile ÷ contour)), the body's width. Outline drawings never get
    /// there (profile ÷ contour ≥ 0.80 in every outline family measured), so they are unchanged. A
    /// drawing enclosing a quarter of its silhouette or more gets an outline vote, and from a third
    /// it is a frame round an opening: its low profile ÷ contour comes from a solid part of the
    /// frame (a title bar), not from cut-outs in a body, and neither knocked-out reading applies.
    public var votes: Int {
      var v = 0
      let opening = openingShare
      let frame = opening >= IconStyle.frameEnclosedShare
      let knockout = !frame && profileToContour > 0 && profileToContour <= IconStyle.knockoutProfileRatio
      let body = !frame && profileToContour > 0 && profileToContour <= IconStyle.bodyProfileRatio ? 1 / profileToContour : 1
      let extentShare = strokeToExtent * body, canvasShare = strokeToCanvas * body
      if density >= IconStyle.filledDensity { v += 1 } else if density <= IconStyle.outlineDensity { v -= 1 }
      if extentShare >= IconStyle.filledStrokeShare { v += 1 } else if extentShare <= IconStyle.outlineStrokeShare { v -= 1 }
      if knockout { v += 1 }
      if canvasShare >= IconStyle.filledCanvasShare { v += 1 } else if canvasShare <= IconStyle.outlineCanvasShare { v -= 1 }
      if opening >= IconStyle.outlineEnclosedShare { v -= 1 }
      return v
    }

    /// Two or more blobs (dots, tiles): the same in filled and outline families.
    public var isDots: Bool {
      IconStyle.isDots(components: components, profileToContour: profileToContour, density: density)
    }
  }

  /// Density at or above which the density votes filled (outline drawings' 99.5th percentile 0.71).
  public static let filledDensity = 0.72
  /// Density at or below which it votes outline.
  public static let outlineDensity = 0.50
  /// Stroke ÷ extent at or above which it votes filled (outline drawings' 99.5th percentile 0.167).
  public static let filledStrokeShare = 0.17
  /// Stroke ÷ extent at or below which it votes outline.
  public static let outlineStrokeShare = 0.12
  /// Profile ÷ contour stroke at or below which it votes filled (outline drawings' minimum 0.80).
  public static let knockoutProfileRatio = 0.75
  /// Profile ÷ contour stroke at or below which the share cues read the contour estimate (the
  /// body's width): the knocked-out fills that were called outline measure 0.32–0.59 (Phosphor,
  /// Tabler and MDI filled drawings among their outline families); a heavy line drawing whose small
  /// holes close up (Tabler's topology at 1.5× stroke) 0.71, an outline drawing never below 0.80.
  public static let bodyProfileRatio = 0.6
  /// Stroke ÷ canvas at or above which it votes filled (outline drawings' maximum 0.124).
  public static let filledCanvasShare = 0.15
  /// Stroke ÷ canvas at or below which it votes outline.
  public static let outlineCanvasShare = 0.13
  /// Enclosed share (holes ÷ silhouette) at or above which it votes outline: the opening at least
  /// half the silhouette's width (a ring whose band is no wider than its hole's radius). Filled
  /// drawings measured: 3 of 359 reach it (0.29), none 0.30.
  public static let outlineEnclosedShare = 0.25
  /// Enclosed share at or above which the drawing is a frame round an opening and the knocked-out
  /// readings (``knockoutProfileRatio``, ``bodyProfileRatio``) do not apply. No filled drawing
  /// measured reaches it.
  public static let frameEnclosedShare = 1.0 / 3.0
  /// Profile ÷ contour stroke from which a drawing of several parts is dots.
  public static let dotsProfileRatio = 1.6

  /// Two or more blobs: profile stroke ≥ 1.6 × the contour estimate, density below 0.72.
  public static func isDots(components: Int, profileToContour: Double, density: Double) -> Bool {
    components >= 2 && profileToContour >= dotsProfileRatio && density < filledDensity
  }

  /// The style the cues give: filled at ≥ 2 votes, outline at ≤ −1, unsure between and for dots;
  /// a ring (``Cues/isRing``) is an outline.
  public init(_ cues: Cues) {
    if cues.isDots {
      self = .unsure
      return
    }
    if cues.isRing {
      self = .outline
      return
    }
    let v = cues.votes
    self = v >= 2 ? .filled : (v <= -1 ? .outline : .unsure)
  }
}
