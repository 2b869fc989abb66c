// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPoppler
import Foundation
internal import CRSVG

/// Rasterises vector icons: SVG through librsvg, PDF through poppler-glib.
///
/// A vector icon's size in points is its document size (SVG width/height or viewBox in CSS px;
/// PDF page size in pt); it is rendered at `scale` px per pt, rounded to whole pixels.
public enum VectorRenderer {
  /// The SVG's intrinsic size in points.
  public static func svgSize(_ bytes: [UInt8], path: String) throws(RasterError) -> (width: Double, height: Double) {
    if let problem = SVGPreflight.problem(bytes) { throw .malformedSVG(path: path, detail: problem) }
    var w = 0.0, h = 0.0
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer { ia_svg_intrinsic_size($0.baseAddress, $0.count, &w, &h, &message) }
    guard status == 0 else { throw .malformedSVG(path: path, detail: string(message)) }
    return (w, h)
  }

  /// Renders an SVG at `scale` px per pt of its intrinsic size (or at `pixelSize` if given).
  public static func renderSVG(_ bytes: [UInt8], path: String, scale: Double,
                               pixelSize: (width: Int, height: Int)? = nil,
                               limits: DecodeLimits = .default) throws(RasterError) -> RGBAImage {
    let size: (width: Int, height: Int)
    var document: RGBAImage.DocumentSize?
    if let pixelSize {
      if let problem = SVGPreflight.problem(bytes) { throw .malformedSVG(path: path, detail: problem) }
      size = pixelSize
    } else {
      let pt = try svgSize(bytes, path: path)
      size = try canvasSize(pt, scale: scale, path: path, limits: limits, isPDF: false)
      document = RGBAImage.DocumentSize(width: pt.width, height: pt.height)
    }
    try check(size, path: path, limits: limits, isPDF: false)
    var out: UnsafeMutablePointer<UInt8>? = nil
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer {
      ia_svg_render($0.baseAddress, $0.count, Int32(size.width), Int32(size.height), &out, &message)
    }
    defer { ia_svg_free(out) }
    guard status == 0, let out else { throw .malformedSVG(path: path, detail: string(message)) }
    var image = RGBAImage(premultipliedARGB32: UnsafeBufferPointer(start: out, count: size.width * size.height * 4),
                          width: size.width, height: size.height, scale: scale)
    image.documentSizePt = document
    return image
  }

  /// The first page's size in points.
  public static func pdfSize(_ bytes: [UInt8], path: String) throws(RasterError) -> (width: Double, height: Double) {
    var w = 0.0, h = 0.0
    var pages: Int32 = 0
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer {
      ia_pdf_page_size($0.baseAddress, $0.count, &w, &h, &pages, &message)
    }
    guard status == 0 else { throw .malformedPDF(path: path, detail: string(message)) }
    return (w, h)
  }

  /// Renders a PDF's first page at `scale` px per pt.
  public static func renderPDF(_ bytes: [UInt8], path: String, scale: Double,
                               limits: DecodeLimits = .default) throws(RasterError) -> RGBAImage {
    let pt = try pdfSize(bytes, path: path)
    let size = try canvasSize(pt, scale: scale, path: path, limits: limits, isPDF: true)
    try check(size, path: path, limits: limits, isPDF: true)
    var out: UnsafeMutablePointer<UInt8>? = nil
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer {
      ia_pdf_render($0.baseAddress, $0.count, scale, Int32(size.width), Int32(size.height), &out, &message)
    }
    defer { ia_pdf_free(out) }
    guard status == 0, let out else { throw .malformedPDF(path: path, detail: string(message)) }
    var image = RGBAImage(premultipliedARGB32: UnsafeBufferPointer(start: out, count: size.width * size.height * 4),
                          width: size.width, height: size.height, scale: scale)
    image.documentSizePt = RGBAImage.DocumentSize(width: pt.width, height: pt.height)
    return image
  }

  /// The canvas for a document of `pt` points at `scale` px per pt, refused before any conversion
  /// that could trap: a size that is not finite (`width="1e400"`) or beyond `Int` (`width="1e19"`,
  /// a PDF MediaBox of 10^19 pt) is over the limit, not a crash.
  static func canvasSize(_ pt: (width: Double, height: Double), scale: Double, path: String, limits: DecodeLimits,
                        isPDF: Bool) throws(RasterError) -> (width: Int, height: Int) {
    let w = (pt.width * scale).rounded(), h = (pt.height * scale).rounded()
    guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
      let detail = "document size \(pt.width)×\(pt.height) pt is not a usable size"
      throw isPDF ? .malformedPDF(path: path, detail: detail) : .malformedSVG(path: path, detail: detail)
    }
    // Far over any limit (and beyond Int32, which the C renderers take): say so before converting.
    let cap = Double(Int32.max)
    guard w < cap, h < cap else {
      func points(_ value: Double) -> String { String(format: "%g", value) }
      throw .renderAborted(path: path, detail: "the document is \(points(pt.width))×\(points(pt.height)) pt, "
        + "far over the limit of \(limits.maxSide) px a side at \(points(scale)) px/pt")
    }
    return (Int(w), Int(h))
  }

  private static func check(_ size: (width: Int, height: Int), path: String, limits: DecodeLimits, isPDF: Bool) throws(RasterError) {
    guard size.width > 0, size.height > 0 else {
      let detail = "document size rounds to \(size.width)×\(size.height) px"
      throw isPDF ? .malformedPDF(path: path, detail: detail) : .malformedSVG(path: path, detail: detail)
    }
    if size.width > limits.maxSide || size.height > limits.maxSide
      || size.width.multipliedReportingOverflow(by: size.height).partialValue > limits.maxPixels
    {
      throw .tooLarge(path: path, width: size.width, height: size.height, limit: limits)
    }
  }

  /// A C message as one line: librsvg's XML errors end with a newline, and a message is printed
  /// after the file's name on one line of standard error.
  static func string(_ chars: [CChar]) -> String {
    let text = String(decoding: chars.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
  }
}
