// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Measures one icon: every number is a pure function of its ``AlphaMask`` (and, for the colour
/// spread only, of its colour image).
///
/// Definitions (px of the mask; pt = px ÷ scale; α coverage, ink = Σα, core = α ≥ 0.5):
/// - contour: the α = 0.5 iso-line by marching squares (``Contour``), length P; extent: its bounding
///   box;
/// - perceived size S = √(area of the convex hull of the contour) (``ConvexHull``);
/// - optical centre: the α-weighted centroid of the pixel centres, offset from the canvas centre, in pt
///   and as a fraction of S;
/// - stroke weight: the median profile integral across the skeleton (``StrokeWeight``), cross-checked
///   by 2 · ink ÷ P;
/// - detail density C = P² ÷ ink; components, holes and the area the holes enclose of the core
///   (``ConnectedComponents``); end
///   points and junctions of its skeleton (``Skeleton``);
/// - density = ink ÷ hull area; style from density, stroke ÷ extent, profile ÷ contour stroke,
///   stroke ÷ canvas and the holes' share of the filled silhouette (``IconStyle``);
/// - template hygiene (``TemplateHygiene``).
///
/// An empty (or zero-sized) mask gives zeros; no output is NaN or infinite.
///
/// - Complexity: O(N) in the number of pixels for every stage except the hull (O(n log n) in contour
///   points) and thinning (O(N · k) for strokes up to 2k px thick).
public enum MetricsEngine {
  /// The measurements of a mask.
  public static func measure(_ mask: AlphaMask, colors: RGBAImage? = nil) -> IconMeasurements {
    analyse(mask, colors: colors, allStrokeSamples: false, labelCore: false).analysis.measurements
  }

  /// The measurements of a mask and the labelling of its core (α ≥ 0.5; the components the
  /// measurements count), for a caller that looks at the components one by one (text detection).
  public static func measureLabellingCore(_ mask: AlphaMask, colors: RGBAImage? = nil)
    -> (measurements: IconMeasurements, core: ConnectedComponents)
  {
    let (analysis, core) = analyse(mask, colors: colors, allStrokeSamples: false, labelCore: true)
    return (analysis.measurements, core!)
  }

  /// The measurements of a mask with the geometry behind them.
  public static func analyse(_ mask: AlphaMask, colors: RGBAImage? = nil) -> IconAnalysis {
    analyse(mask, colors: colors, allStrokeSamples: true, labelCore: false).analysis
  }

  /// Without `allStrokeSamples` the stroke samples are only those that enter the median (the
  /// measurements are the same; ``measure(_:colors:)`` needs no more).
  private static func analyse(_ mask: AlphaMask, colors: RGBAImage?, allStrokeSamples: Bool, labelCore: Bool)
    -> (analysis: IconAnalysis, core: ConnectedComponents?)
  {
    let w = mask.width
    let h = mask.height
    let scale = mask.scale
    let pw = w + 2

    // Ink and the α-weighted centroid.
    var ink = 0.0
    var mx = 0.0
    var my = 0.0
    // The core padded by one background pixel on every side.
    var core = [UInt8](repeating: 0, count: pw * (h + 2))
    // Template hygiene's counts and sums, in the same pass (each in raster order, as its own pass
    // added them).
    var hygieneSums = TemplateHygiene.Sums()
    mask.coverage.withUnsafeBufferPointer { alpha in
      core.withUnsafeMutableBufferPointer { core in
        for y in 0..<h {
          var rowInk = 0.0
          var rowX = 0.0
          var x = 0
          while x < w {
            // Eight transparent pixels add nothing (adding 0 leaves the sums exactly as they are;
            // the core grid is already 0): skip them at once.
            if x &+ 8 <= w && alpha.eightZeros(from: y &* w &+ x) {
              x &+= 8
              continue
            }
            let a = alpha[y &* w &+ x]
            // A transparent pixel adds 0 to the sums (exact); its core byte is already 0.
            if a == 0 {
              x &+= 1
              continue
            }
            rowInk += Double(a)
            rowX += Double(a) * (Double(x) + 0.5)
            core[(y &+ 1) &* pw &+ x &+ 1] = a >= 0.5 ? 1 : 0
            hygieneSums.add(a, x: x, y: y, alpha: alpha, mask: mask)
            x &+= 1
          }
          ink += rowInk
          mx += rowX
          my += rowInk * (Double(y) + 0.5)
        }
      }
    }
    let canvasCentre = Point2D(x: Double(w) / 2, y: Double(h) / 2)
    let centroid = ink > 0 ? Point2D(x: mx / ink, y: my / ink) : canvasCentre

    // Contour, extent, hull.
    let contour = Contour(
      coverage: mask.coverage, width: w, height: h, level: 0.5, insideGrid: core, keepLoops: allStrokeSamples)
    let perimeter = contour.length
    let extent = contour.bounds ?? .zero
    let hull = ConvexHull(points: contour.hullCandidates)
    let size = hull.area.squareRoot()

    // Skeleton and stroke.
    let nearestBackground = NearestFeatureQuery(backgroundOf: core, width: pw, height: h + 2)
    let skeleton = Skeleton(paddedGrid: core, width: w, height: h)
    let stroke = StrokeWeight(
      mask: mask, nearestBackground: nearestBackground, skeleton: skeleton,
      countedOnly: !allStrokeSamples)
    let strokeContour = perimeter > 0 ? 2 * ink / perimeter : 0
    let strokePx = stroke.samples.isEmpty ? strokeContour : stroke.medianPx

    // Topology and hygiene.
    let labelling = labelCore ? ConnectedComponents(paddedGrid: core, width: w, height: h) : nil
    let components = labelling.map { (components: $0.count, holes: $0.holes, enclosedAreaPx: $0.enclosedAreaPx) }
      ?? ConnectedComponents.topology(paddedGrid: core, width: w, height: h)
    let hygiene = TemplateHygiene(sums: hygieneSums, mask: mask, contourLengthPx: perimeter, colors: colors)

    let density = hull.area > 0 ? ink / hull.area : 0
    let offsetPt = (centroid - canvasCentre) / scale
    let sizePt = size / scale
    func centre(_ index: Int) -> Point2D {
      Point2D(x: Double(index % w) + 0.5, y: Double(index / w) + 0.5)
    }

    var measurements = IconMeasurements(
      perceivedSizePt: sizePt,
      extentPt: extent.scaled(by: 1 / scale),
      inkAreaPt2: ink / (scale * scale),
      hullAreaPt2: hull.area / (scale * scale),
      opticalCenterOffsetPt: offsetPt,
      opticalCenterOffsetFraction: sizePt > 0 ? offsetPt.length / sizePt : 0,
      strokeWeightPt: strokePx / scale,
      strokeWeightPx: strokePx,
      strokeWeightProfilePx: stroke.medianPx,
      strokeWeightContourPx: strokeContour,
      detailDensity: ink > 0 ? perimeter * perimeter / ink : 0,
      contourLengthPt: perimeter / scale,
      components: components.components,
      holes: components.holes,
      skeletonEndPoints: skeleton.endPoints.count,
      skeletonJunctions: skeleton.junctionCount,
      style: IconStyle(IconStyle.Cues(
        density: density,
        strokeToExtent: strokePx / max(extent.width, extent.height, 1),
        profileToContour: strokeContour > 0 ? stroke.medianPx / strokeContour : 0,
        strokeToCanvas: strokePx / Double(max(min(w, h), 1)),
        components: components.components,
        enclosedShare: ink + Double(components.enclosedAreaPx) > 0
          ? Double(components.enclosedAreaPx) / (ink + Double(components.enclosedAreaPx)) : 0,
        holes: components.holes,
        skeletonBranchPoints: skeleton.endPoints.count + skeleton.junctionCount)),
      density: density,
      colorSpread: hygiene.colorSpread,
      partialPixelRatio: hygiene.partialPixelRatio,
      haloFraction: hygiene.haloFraction,
      haloOffsetPx: hygiene.haloOffsetPx,
      opaqueBackgroundShare: hygiene.opaqueBackgroundShare,
      strokeWidthSpread: stroke.widthSpread,
      enclosedAreaPt2: Double(components.enclosedAreaPx) / (scale * scale),
      strokeWidthDecilesPx: stroke.widthDecilesPx
    )
    measurements.colorEdgeStep = hygiene.colorEdgeStep
    measurements.colorSpreadFullCoverage = hygiene.colorSpreadFullCoverage
    measurements.colorSpreadBeyondRim = hygiene.colorSpreadBeyondRim
    let analysis = IconAnalysis(
      measurements: measurements, widthPx: w, heightPx: h, scale: scale,
      contours: contour.loops, hull: hull.vertices, extentPx: extent, opticalCenterPx: centroid,
      strokeSamples: stroke.samples, skeletonEndPointsPx: skeleton.endPoints.map(centre),
      skeletonJunctionsPx: skeleton.junctionPixels.map(centre),
      haloCentroidPx: hygiene.haloCentroidPx, coreCentroidPx: hygiene.coreCentroidPx)
    return (analysis, labelling)
  }
}

extension UnsafeBufferPointer<Float> {
  /// Whether the eight values from `index` on (`index + 8 ≤ count`) are all 0: one SIMD load. The
  /// measurement's passes skip transparent runs with it.
  @inline(__always)
  func eightZeros(from index: Int) -> Bool {
    let raw = UnsafeRawPointer(baseAddress.unsafelyUnwrapped)
    return all(raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<Float>.self) .== 0)
  }
}
