// SPDX-License-Identifier: GPL-3.0-or-later
internal import CRSVG

/// Renders the glyph of an SF Symbols custom symbol template (`*.symbolset`'s SVG).
///
/// A template holds guides, notes and the symbol in up to 27 weights and scales; the glyph that
/// stands for the symbol is the layer `Regular-M` (else `Regular-S`, `Regular-L`). Only that
/// element is rendered. Template glyphs are drawn for 100 pt type; iconaudit shows them at 17 pt,
/// the body text size bar buttons use (`pointsPerUnit` = 0.17), on a square canvas 4 pt larger
/// than the glyph's longer side, centred on its ink (so a symbol is never off centre by
/// construction: SF Symbols align on their margins, not on the canvas). An SVG in a symbol set
/// without these layers is rendered whole, like any SVG.
public enum SymbolRenderer {
  public static let layers = ["#Regular-M", "#Regular-S", "#Regular-L"]
  public static let pointsPerUnit = 0.17

  public static func render(_ bytes: [UInt8], path: String, scale: Double,
                            limits: DecodeLimits = .default) throws(RasterError) -> RGBAImage {
    if let problem = SVGPreflight.problem(bytes) { throw .malformedSVG(path: path, detail: problem) }
    var message = [CChar](repeating: 0, count: 512)
    for layer in layers {
      var x = 0.0, y = 0.0, w = 0.0, h = 0.0
      let status = bytes.withUnsafeBufferPointer { ia_svg_layer_ink($0.baseAddress, $0.count, layer, &x, &y, &w, &h, &message) }
      if status == 1 { throw .malformedSVG(path: path, detail: string(message)) }
      guard status == 0, w > 0, h > 0 else { continue }
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
