// SPDX-License-Identifier: GPL-3.0-or-later
internal import CRSVG

/// The size a custom symbol is drawn at: the point size of the text it stands for (a bar's symbol
/// point size) and the symbol scale (small, medium, large), as `UIImage.SymbolConfiguration`
/// takes them.
public struct SymbolSize: Sendable, Hashable, CustomStringConvertible {
  public enum Scale: String, Sendable, Hashable, CaseIterable {
    case small = "S", medium = "M", large = "L"

    /// A scale's glyph size relative to medium's, as the SF Symbols templates draw them: the
    /// medians over the 21 templates of the real apps (Reports/real-apps) that draw the three
    /// scales differently (ink box's longer side), S/M 0.787 (0.70–0.83), L/M 1.29 (1.21–1.34).
    /// A template that draws only some scales (template 3.0 may hold only the small one) is
    /// resized by these to the one asked for, as Xcode derives the others.
    public var relativeSize: Double {
      switch self {
      case .small: 0.787
      case .medium: 1
      case .large: 1.29
      }
    }
  }

  public var pointSize: Double
  public var scale: Scale
  public init(pointSize: Double, scale: Scale) {
    self.pointSize = pointSize
    self.scale = scale
  }

  /// A symbol seen alone, beside body text: 17 pt, medium scale (what a symbol set is drawn at
  /// when its role is unknown).
  public static let body = SymbolSize(pointSize: 17, scale: .medium)

  public var description: String {
    let points = pointSize == pointSize.rounded() ? String(Int(pointSize)) : String(pointSize)
    return "\(points) pt, \(scale == .small ? "small" : scale == .medium ? "medium" : "large") scale"
  }
}

/// Renders the glyph of an SF Symbols custom symbol template (`*.symbolset`'s SVG) at a
/// ``SymbolSize``.
///
/// A template holds guides, notes and the symbol in up to 27 weights and scales, drawn for 100 pt
/// type (a unit is 1/100 of the point size). The glyph rendered is the Regular weight at the scale
/// asked for (`Regular-L` for large), else another scale's Regular glyph resized by the ratio of
/// their ``SymbolSize/Scale/relativeSize``. Weights other than the three a template draws
/// (Ultralight, Regular, Black) are interpolated by iOS; a bar's Medium is drawn here as Regular
/// (its outline is a little heavier, its size the same). The canvas is square, 4 pt larger than
/// the glyph's longer side, centred on its ink (so a symbol is never off centre by construction:
/// SF Symbols align on their margins, not on a canvas). An SVG in a symbol set without these
/// layers is rendered whole, like any SVG.
///
/// - Complexity: O(pixels of the canvas) plus parsing the template (twice: its ink box, then the
///   glyph).
public enum SymbolRenderer {
  /// Points per template unit at 1 pt of type.
  static let pointsPerUnitPerPoint = 0.01

  /// The layers tried for a scale, that scale's first, and the size factor each needs.
  static func layers(for scale: SymbolSize.Scale) -> [(id: String, factor: Double)] {
    let order: [SymbolSize.Scale] = [scale] + [.medium, .small, .large].filter { $0 != scale }
    return order.map { ("#Regular-" + $0.rawValue, scale.relativeSize / $0.relativeSize) }
  }

  public static func render(_ bytes: [UInt8], path: String, scale: Double, size: SymbolSize = .body,
                            limits: DecodeLimits = .default) throws(RasterError) -> RGBAImage {
    if let problem = SVGPreflight.problem(bytes) { throw .malformedSVG(path: path, detail: problem) }
    guard size.pointSize > 0, size.pointSize.isFinite, size.pointSize <= 1000 else {
      throw .renderAborted(path: path, detail: "a symbol's point size must be between 0 and 1000, not \(size.pointSize)")
    }
    var message = [CChar](repeating: 0, count: 512)
    for (layer, factor) in layers(for: size.scale) {
      var x = 0.0, y = 0.0, w = 0.0, h = 0.0
      let status = bytes.withUnsafeBufferPointer { ia_svg_layer_ink($0.baseAddress, $0.count, layer, &x, &y, &w, &h, &message) }
      if status == 1 { throw .malformedSVG(path: path, detail: string(message)) }
      guard status == 0, w > 0, h > 0 else { continue }
      let pointsPerUnit = size.pointSize * pointsPerUnitPerPoint * factor
      let sidePt = max(w, h) * pointsPerUnit + 4
      // A hostile glyph's ink box can be huge or not finite: compare as a Double before converting.
      let sideDouble = (sidePt * scale).rounded()
      guard sideDouble.isFinite, sideDouble < Double(Int32.max) else {
        throw .renderAborted(path: path, detail: "the symbol's glyph is \(max(w, h)) units, far over the limit of \(limits.maxSide) px a side")
      }
      let sidePx = Int(sideDouble)
      guard sidePx > 0, sidePx <= limits.maxSide, sidePx * sidePx <= limits.maxPixels else {
        throw .tooLarge(path: path, width: sidePx, height: sidePx, limit: limits)
      }
      let pxPerUnit = pointsPerUnit * scale
      let sideUnits = Double(sidePx) / pxPerUnit
      let originX = x + w / 2 - sideUnits / 2, originY = y + h / 2 - sideUnits / 2
      var out: UnsafeMutablePointer<UInt8>? = nil
      let rendered = bytes.withUnsafeBufferPointer {
        ia_svg_render_layer($0.baseAddress, $0.count, layer, pxPerUnit, originX, originY, Int32(sidePx), Int32(sidePx), &out, &message)
      }
      defer { ia_svg_free(out) }
      guard rendered == 0, let out else { throw .malformedSVG(path: path, detail: string(message)) }
      return RGBAImage(premultipliedARGB32: UnsafeBufferPointer(start: out, count: sidePx * sidePx * 4),
                       width: sidePx, height: sidePx, scale: scale)
    }
    return try VectorRenderer.renderSVG(bytes, path: path, scale: scale, limits: limits)
  }

  private static func string(_ chars: [CChar]) -> String {
    String(decoding: chars.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
