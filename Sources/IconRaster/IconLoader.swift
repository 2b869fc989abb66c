// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns an icon file into pixels, whatever its kind.
public enum IconLoader {
  /// Loads a file. PNGs keep their own scale; vectors are rendered at `vectorScale` px per pt.
  public static func load(_ file: IconFile, vectorScale: Double = 2,
                          limits: DecodeLimits = .default) throws(RasterError) -> RGBAImage {
    let bytes = try readFileBytes(path: file.path, limit: limits.maxFileBytes)
    switch file.kind {
    case .png:
      return try PNGCodec.decode(bytes, path: file.path, scale: Double(file.scale ?? 1), limits: limits).0
    case .svg:
      return try VectorRenderer.renderSVG(bytes, path: file.path, scale: vectorScale, limits: limits)
    case .pdf:
      return try VectorRenderer.renderPDF(bytes, path: file.path, scale: vectorScale, limits: limits)
    }
  }
}
