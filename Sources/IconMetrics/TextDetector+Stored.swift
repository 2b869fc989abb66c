// SPDX-License-Identifier: GPL-3.0-or-later

extension TextDetector.Glyph {
  /// A glyph read back from storage (the measurement cache), with the values it was found with.
  package static func stored(minX: Int, minY: Int, maxX: Int, maxY: Int, areaPx: Int, strokePx: Double,
                             holes: Int, holeAreaPx: Int) -> TextDetector.Glyph {
    TextDetector.Glyph(minX: minX, minY: minY, maxX: maxX, maxY: maxY, areaPx: areaPx, strokePx: strokePx,
                       holes: holes, holeAreaPx: holeAreaPx)
  }
}

extension TextDetector.Detection {
  /// A detection read back from storage (the measurement cache).
  package static func stored(glyphs: [TextDetector.Glyph], heightPx: Int, baselinePx: Int) -> TextDetector.Detection {
    TextDetector.Detection(glyphs: glyphs, heightPx: heightPx, baselinePx: baselinePx)
  }
}
