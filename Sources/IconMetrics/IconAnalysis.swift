// SPDX-License-Identifier: GPL-3.0-or-later

/// One icon's measurements together with the geometry they came from, for overlays in reports.
///
/// All geometry is in px of the analysed mask (x right, y down, pixel (i, j) covering
/// [i, i + 1) × [j, j + 1)); divide by `scale` for points.
public struct IconAnalysis: Sendable, Equatable {
  public var measurements: IconMeasurements
  public var widthPx: Int
  public var heightPx: Int
  /// Pixels per point.
  public var scale: Double
  /// The α = 0.5 contour's closed loops.
  public var contours: [[Point2D]]
  /// The convex hull of the contour (see ``ConvexHull`` for the order).
  public var hull: [Point2D]
  /// Bounding box of the contour; zero when there is no contour.
  public var extentPx: Rect2D
  /// The α-weighted centroid (the optical centre); the canvas centre for an empty mask.
  public var opticalCenterPx: Point2D
  /// Skeleton pixels with their local stroke width.
  public var strokeSamples: [StrokeWeight.Sample]
  /// Centres of the skeleton's end points.
  public var skeletonEndPointsPx: [Point2D]
  /// Centres of the skeleton's junction pixels.
  public var skeletonJunctionsPx: [Point2D]
  /// Centroid of the halo (coverage farther than 1.5 px from the core); `nil` without halo.
  public var haloCentroidPx: Point2D?
  /// Centroid of the core; `nil` without core.
  public var coreCentroidPx: Point2D?

  public init(
    measurements: IconMeasurements, widthPx: Int, heightPx: Int, scale: Double,
    contours: [[Point2D]], hull: [Point2D], extentPx: Rect2D, opticalCenterPx: Point2D,
    strokeSamples: [StrokeWeight.Sample], skeletonEndPointsPx: [Point2D],
    skeletonJunctionsPx: [Point2D], haloCentroidPx: Point2D?, coreCentroidPx: Point2D?
  ) {
    self.measurements = measurements
    self.widthPx = widthPx
    self.heightPx = heightPx
    self.scale = scale
    self.contours = contours
    self.hull = hull
    self.extentPx = extentPx
    self.opticalCenterPx = opticalCenterPx
    self.strokeSamples = strokeSamples
    self.skeletonEndPointsPx = skeletonEndPointsPx
    self.skeletonJunctionsPx = skeletonJunctionsPx
    self.haloCentroidPx = haloCentroidPx
    self.coreCentroidPx = coreCentroidPx
  }
}
