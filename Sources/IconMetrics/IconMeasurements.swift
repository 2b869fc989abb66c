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
  /// `filled`, `outline` or `unsure` (``IconStyle``: four cues with margins).
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

  public init(
    perceivedSizePt: Double, extentPt: Rect2D, inkAreaPt2: Double, hullAreaPt2: Double,
    opticalCenterOffsetPt: Point2D, opticalCenterOffsetFraction: Double, strokeWeightPt: Double,
    strokeWeightPx: Double, strokeWeightProfilePx: Double, strokeWeightContourPx: Double,
    detailDensity: Double, contourLengthPt: Double, components: Int, holes: Int,
    skeletonEndPoints: Int, skeletonJunctions: Int, style: IconStyle, density: Double,
    colorSpread: Double?, partialPixelRatio: Double, haloFraction: Double, haloOffsetPx: Point2D,
    opaqueBackgroundShare: Double, strokeWidthSpread: Double = 0, enclosedAreaPt2: Double = 0
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
