// SPDX-License-Identifier: GPL-3.0-or-later

/// The measurements of one icon: pure numbers, the `metrics` object of the JSON report.
///
/// Lengths are in points (px ÷ scale) where the name ends in `Pt`, in pixels where it ends in `Px`;
/// areas in pt² (`…Pt2`). α is coverage in 0…1, ink = Σα, the core is α ≥ 0.5, and the contour is the
/// α = 0.5 iso-line (marching squares, sub-pixel). No value is NaN or infinite: a quantity without a
/// meaning for the mask (the stroke of an empty mask) is 0. See ``MetricsEngine`` for the definitions.
public struct IconMeasurements: Sendable, Equatable, Codable {
  /// S = √(area of the convex hull of the contour), in pt.
  public var perceivedSizePt: Double
  /// Bounding box of the contour, in pt from the canvas's top-left corner.
  public var extentPt: Rect2D
  /// Σα ÷ scale², in pt².
  public var inkAreaPt2: Double
  /// Area of the contour's convex hull, in pt².
  public var hullAreaPt2: Double
  /// α-weighted centroid minus the canvas centre, in pt (y down).
  public var opticalCenterOffsetPt: Point2D
  /// |opticalCenterOffsetPt| ÷ perceivedSizePt.
  public var opticalCenterOffsetFraction: Double
  /// strokeWeightPx ÷ scale.
  public var strokeWeightPt: Double
  /// The stroke weight: the profile estimate, or the contour estimate when there is no skeleton.
  public var strokeWeightPx: Double
  /// Median over skeleton pixels of ∫α across the stroke (see ``StrokeWeight``), in px.
  public var strokeWeightProfilePx: Double
  /// Cross-check: 2 · ink ÷ contour length, in px.
  public var strokeWeightContourPx: Double
  /// How far the stroke is from one width: the 90th ÷ the 10th percentile of the local widths behind
  /// `strokeWeightProfilePx` (≈ 1 for a line of one weight; a solid shape's widths vary); 0 with
  /// fewer than 8 of them (see ``StrokeWeight/widthSpread``).
  public var strokeWidthSpread: Double
  /// The deciles (q0, q10, …, q100) of the local widths behind `strokeWeightProfilePx`, in px;
  /// empty with fewer than 8 of them (``StrokeWeight/widthDecilesPx``). Read through
  /// ``strokeWidthShare(near:tolerance:)``. Kept for the family rules and the measurement cache,
  /// not written to the JSON report (as the skeleton samples it summarises).
  public var strokeWidthDecilesPx: [Double] = []
  /// P² ÷ ink with P the contour length, both in px (scale-free; 4π for a disk).
  public var detailDensity: Double
  /// Contour length P ÷ scale, in pt.
  public var contourLengthPt: Double
  /// 8-connected components of the core.
  public var components: Int
  /// Holes of the core (enclosed 4-connected background components).
  public var holes: Int
  /// Area of the core's holes (the background it encloses), in pt²: ink + this is the filled
  /// silhouette, what the glyph would cover drawn filled (a ring's disc, a `#`'s small square, a
  /// `C`'s nothing; ``ConnectedComponents/enclosedAreaPx``).
  public var enclosedAreaPt2: Double
  /// End points of the core's skeleton.
  public var skeletonEndPoints: Int
  /// Junctions of the core's skeleton.
  public var skeletonJunctions: Int
  /// `filled`, `outline` or `unsure` (``IconStyle``: five cues with margins).
  public var style: IconStyle
  /// ink ÷ hull area (visual weight).
  public var density: Double
  /// Largest per-channel standard deviation of the un-premultiplied RGB over pixels with α > 0.1, in
  /// 0…255 units; `nil` (absent from JSON) when no colour image was given.
  public var colorSpread: Double?
  /// Pixels with 0.02 < α < 0.98 per px of contour length (≈ 1 when antialiased, 0 when aliased).
  public var partialPixelRatio: Double
  /// Σα of pixels farther than 1.5 px from the core ÷ ink (shadow or glow).
  public var haloFraction: Double
  /// Halo centroid minus core centroid, in px (y down); zero without halo.
  public var haloOffsetPx: Point2D
  /// Share of the canvas with α ≥ 0.98.
  public var opaqueBackgroundShare: Double
  /// The largest colour step between neighbouring pixels of the glyph (``TemplateHygiene``), 0…441;
  /// nil when not measured (one colour, no colour image, or read from a JSON report, which does not
  /// carry it).
  public var colorEdgeStep: Double? = nil
  /// The colour spread at the glyph's full coverage and beyond its rim (``TemplateHygiene``); nil
  /// where `colorEdgeStep` is (and the latter also when the glyph has too little inside beyond its
  /// rim).
  public var colorSpreadFullCoverage: Double? = nil
  public var colorSpreadBeyondRim: Double? = nil

  public init(
    perceivedSizePt: Double, extentPt: Rect2D, inkAreaPt2: Double, hullAreaPt2: Double,
    opticalCenterOffsetPt: Point2D, opticalCenterOffsetFraction: Double, strokeWeightPt: Double,
    strokeWeightPx: Double, strokeWeightProfilePx: Double, strokeWeightContourPx: Double,
    detailDensity: Double, contourLengthPt: Double, components: Int, holes: Int,
    skeletonEndPoints: Int, skeletonJunctions: Int, style: IconStyle, density: Double,
    colorSpread: Double?, partialPixelRatio: Double, haloFraction: Double, haloOffsetPx: Point2D,
    opaqueBackgroundShare: Double, strokeWidthSpread: Double = 0, enclosedAreaPt2: Double = 0,
    strokeWidthDecilesPx: [Double] = []
  ) {
    self.perceivedSizePt = perceivedSizePt
    self.extentPt = extentPt
    self.inkAreaPt2 = inkAreaPt2
    self.hullAreaPt2 = hullAreaPt2
    self.opticalCenterOffsetPt = opticalCenterOffsetPt
    self.opticalCenterOffsetFraction = opticalCenterOffsetFraction
    self.strokeWeightPt = strokeWeightPt
    self.strokeWeightPx = strokeWeightPx
    self.strokeWeightProfilePx = strokeWeightProfilePx
    self.strokeWeightContourPx = strokeWeightContourPx
    self.strokeWidthSpread = strokeWidthSpread
    self.strokeWidthDecilesPx = strokeWidthDecilesPx
    self.detailDensity = detailDensity
    self.contourLengthPt = contourLengthPt
    self.components = components
    self.holes = holes
    self.enclosedAreaPt2 = enclosedAreaPt2
    self.skeletonEndPoints = skeletonEndPoints
    self.skeletonJunctions = skeletonJunctions
    self.style = style
    self.density = density
    self.colorSpread = colorSpread
    self.partialPixelRatio = partialPixelRatio
    self.haloFraction = haloFraction
    self.haloOffsetPx = haloOffsetPx
    self.opaqueBackgroundShare = opaqueBackgroundShare
  }
}

extension IconMeasurements {
  /// Every stored property but `strokeWidthDecilesPx` (a summary of the skeleton samples, which the
  /// JSON report does not carry either), `colorEdgeStep`, `colorSpreadFullCoverage` and
  /// `colorSpreadBeyondRim` (the colour rule's cues, said in its message): the JSON report and baselines stay as they were.
  enum CodingKeys: String, CodingKey {
    case perceivedSizePt, extentPt, inkAreaPt2, hullAreaPt2, opticalCenterOffsetPt, opticalCenterOffsetFraction
    case strokeWeightPt, strokeWeightPx, strokeWeightProfilePx, strokeWeightContourPx, strokeWidthSpread
    case detailDensity, contourLengthPt, components, holes, enclosedAreaPt2, skeletonEndPoints, skeletonJunctions
    case style, density, colorSpread, partialPixelRatio, haloFraction, haloOffsetPx, opaqueBackgroundShare
  }

  /// The share of the skeleton's local widths (those behind `strokeWeightProfilePx`) within a
  /// factor `tolerance` of `widthPx`: F(w · t) − F(w ÷ t), with F the distribution function
  /// interpolated linearly between the deciles `strokeWidthDecilesPx` (0 below q0, 1 above q100;
  /// a run of equal deciles counts whole). 0 without deciles. Measured against the exact share of
  /// the widths on the 1,851 calibration glyphs with deciles (`scripts/calibrate`'s untouched icons
  /// and injected ones): on which side of 0.25 it falls differed for 10, each within 0.08 of it.
  ///
  /// - Complexity: O(1) (eleven deciles).
  public func strokeWidthShare(near widthPx: Double, tolerance: Double) -> Double {
    let q = strokeWidthDecilesPx
    guard q.count == 11, widthPx > 0, tolerance >= 1 else { return 0 }
    /// F(x): the share of widths at or below x.
    func distribution(_ x: Double) -> Double {
      guard x >= q[0] else { return 0 }
      guard x < q[10] else { return 1 }
      // The last decile interval [q_i, q_{i+1}) holding x (equal deciles: past all of them).
      var i = 9
      while q[i] > x { i -= 1 }
      return (Double(i) + (x - q[i]) / (q[i + 1] - q[i])) / 10
    }
    // Widths exactly at the window's lower end count (F(a⁻)): F just below it.
    let low = widthPx / tolerance, high = widthPx * tolerance
    return max(0, distribution(high) - distribution(low.nextDown))
  }
}
