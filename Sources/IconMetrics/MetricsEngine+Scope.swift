// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

extension MetricsEngine {
  /// Only what tells an image that is no bar icon by its pixels: the colour spread, the opaque
  /// share of the canvas, and the components, holes and enclosed area of the core (α ≥ 0.5); every
  /// other measurement is 0 (style `.unsure`). Each of these equals, to the bit, what
  /// ``measure(_:colors:)`` gives for the same mask and colours:
  /// - `colorSpread` = ``TemplateHygiene/colorSpread(_:)`` of `colors` (nil without);
  /// - `opaqueBackgroundShare` = #{α ≥ 0.98} ÷ (W·H) (0 for an empty canvas);
  /// - `components`, `holes`, `enclosedAreaPt2` from the same run-length labelling of the same
  ///   padded core grid (``ConnectedComponents/topology(paddedGrid:width:height:)``).
  ///
  /// For an image the audit leaves out whatever else its pixels say (a canvas too large for a bar,
  /// a set rendered as original): the scope names the reason from these alone, and the contour,
  /// skeleton, stroke, text and scale comparisons of a large illustration are never made.
  /// - Complexity: O(W·H), one pass over the coverage and one over the colours.
  public static func scopeMeasurements(_ mask: AlphaMask, colors: RGBAImage?) -> IconMeasurements {
    let w = mask.width
    let h = mask.height
    let pw = w + 2
    var core = [UInt8](repeating: 0, count: pw * (h + 2))
    var opaque = 0
    mask.coverage.withUnsafeBufferPointer { alpha in
      core.withUnsafeMutableBufferPointer { core in
        for y in 0..<h {
          for x in 0..<w {
            let a = alpha[y &* w &+ x]
            if a >= 0.98 { opaque &+= 1 }
            if a >= 0.5 { core[(y &+ 1) &* pw &+ x &+ 1] = 1 }
          }
        }
      }
    }
    let topology = ConnectedComponents.topology(paddedGrid: core, width: w, height: h)
    let scale = mask.scale
    return IconMeasurements(
      perceivedSizePt: 0, extentPt: .zero, inkAreaPt2: 0, hullAreaPt2: 0, opticalCenterOffsetPt: .zero,
      opticalCenterOffsetFraction: 0, strokeWeightPt: 0, strokeWeightPx: 0, strokeWeightProfilePx: 0,
      strokeWeightContourPx: 0, detailDensity: 0, contourLengthPt: 0, components: topology.components,
      holes: topology.holes, skeletonEndPoints: 0, skeletonJunctions: 0, style: .unsure, density: 0,
      colorSpread: colors.map(TemplateHygiene.colorSpread), partialPixelRatio: 0, haloFraction: 0,
      haloOffsetPx: .zero, opaqueBackgroundShare: w * h > 0 ? Double(opaque) / Double(w * h) : 0,
      enclosedAreaPt2: Double(topology.enclosedAreaPx) / (scale * scale))
  }
}
