// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns an icon file into pixels, whatever its kind.
public enum IconLoader {
  /// Loads a file. PNGs keep their own scale; vectors are rendered at `vectorScale` px per pt,
  /// in this process or in an isolated helper process (`rendering`); a custom symbol's template
  /// (an SVG in a `.symbolset`) at `symbolSize`, the size of the bar it is shown in.
  public static func load(_ file: IconFile, vectorScale: Double = 2, limits: DecodeLimits = .default,
                          rendering: VectorRendering = .inProcess, symbolSize: SymbolSize = .body) throws(RasterError) -> RGBAImage {
    switch file.kind {
    case .png:
      let bytes = try readFileBytes(path: file.path, limit: limits.maxFileBytes)
      return try PNGCodec.decode(bytes, path: file.path, scale: Double(file.scale ?? 1), limits: limits).0
    case .svg, .pdf:
      if case .isolated(let helper) = rendering {
        return try helper.render(file, vectorScale: vectorScale, limits: limits, symbolSize: symbolSize)
      }
      let bytes = try readFileBytes(path: file.path, limit: min(limits.maxFileBytes, limits.maxVectorFileBytes))
      return try render(bytes, kind: file.kind, path: file.path, vectorScale: vectorScale, limits: limits, symbolSize: symbolSize)
    }
  }

  /// The bytes of a file as ``load(_:bytes:vectorScale:limits:rendering:symbolSize:)`` takes them, within the
  /// limit of its kind (regular files only; see `BoundedFile`).
  public static func readBytes(_ file: IconFile, limits: DecodeLimits = .default) throws(RasterError) -> [UInt8] {
    let limit = file.kind == .png ? limits.maxFileBytes : min(limits.maxFileBytes, limits.maxVectorFileBytes)
    return try readFileBytes(path: file.path, limit: limit)
  }

  /// Loads a file from its bytes, read already (``readBytes(_:limits:)``): the same pixels as
  /// ``load(_:vectorScale:limits:rendering:symbolSize:)``. An isolated vector render reads the file itself.
  public static func load(_ file: IconFile, bytes: [UInt8], vectorScale: Double = 2, limits: DecodeLimits = .default,
                          rendering: VectorRendering = .inProcess, symbolSize: SymbolSize = .body) throws(RasterError) -> RGBAImage {
    switch file.kind {
    case .png:
      return try PNGCodec.decode(bytes, path: file.path, scale: Double(file.scale ?? 1), limits: limits).0
    case .svg, .pdf:
      if case .isolated(let helper) = rendering {
        return try helper.render(file, vectorScale: vectorScale, limits: limits, symbolSize: symbolSize)
      }
      return try render(bytes, kind: file.kind, path: file.path, vectorScale: vectorScale, limits: limits, symbolSize: symbolSize)
    }
  }

  /// Renders vector bytes in this process.
  static func render(_ bytes: [UInt8], kind: IconFileKind, path: String, vectorScale: Double,
                     limits: DecodeLimits, symbolSize: SymbolSize = .body) throws(RasterError) -> RGBAImage {
    switch kind {
    case .svg:
      // A custom symbol template: only its Regular glyph, at the bar's size (see SymbolRenderer).
      if path.contains(".symbolset/") {
        return try SymbolRenderer.render(bytes, path: path, scale: vectorScale, size: symbolSize, limits: limits)
      }
      return try VectorRenderer.renderSVG(bytes, path: path, scale: vectorScale, limits: limits)
    case .pdf: return try VectorRenderer.renderPDF(bytes, path: path, scale: vectorScale, limits: limits)
    case .png: return try PNGCodec.decode(bytes, path: path, scale: vectorScale, limits: limits).0
    }
  }
}
