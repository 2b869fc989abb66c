// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Guidelines  // ExampleDrawing: the rule examples' drawings
@testable import IconMetrics
import IconRaster
import Testing

/// Letters stamped over a glyph's strokes (one component with the drawing), and symbols that must
/// stay silent: TextDetector's steps 6–8, drawn with known answers.
@Suite("Text merged with the drawing")
struct MergedTextTests {
  /// A 24 pt canvas at `scale` with `body` drawn on it.
  static func mask(scale: Double, _ body: (inout ExampleDrawing) -> Void) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    body(&d)
    return d.mask
  }

  @Test("AHE hanging from a frame's bottom edge (every letter touches it): found", arguments: [2.0, 3])
  func lettersUnderAnEdge(scale: Double) {
    let mask = Self.mask(scale: scale) { d in
      d.rectOutline(x: 3, y: 3, width: 18, height: 13, stroke: 2)
      StrokeLetters.draw("AHE", in: &d, x: 7.5, top: 16.5, height: 6, stroke: 1.3, gap: 0.9)
    }
    #expect(ConnectedComponents(mask: mask).count == 1)  // one component: the letter pairs alone see nothing
    #expect(TextDetector.detect(mask)?.glyphs.count == 3)
  }

  @Test("AB with the A over a stroke that comes down from the drawing: found", arguments: [2.0, 3])
  func letterOverAStroke(scale: Double) {
    let mask = Self.mask(scale: scale) { d in
      d.ring(cx: 9, cy: 7, r: 5.5, width: 2)
      d.line(x0: 11.2, y0: 11, x1: 11.2, y1: 17.5, width: 1.5)  // a handle touching the A
      StrokeLetters.draw("AB", in: &d, x: 11, top: 15.5, height: 7, stroke: 1.5, gap: 1.2)
    }
    #expect(TextDetector.detect(mask)?.glyphs.count == 2)
  }

  @Test("a single letter used as a symbol (A with an arrow through it) stays silent", arguments: [2.0, 3])
  func symbolicLetter(scale: Double) {
    let mask = Self.mask(scale: scale) { d in
      StrokeLetters.draw("A", in: &d, x: 4, top: 5, height: 14, stroke: 2)
      d.line(x0: 2, y0: 21, x1: 21, y1: 21, width: 2)  // a long baseline arrow under it
      d.polyline([(18, 18), (21, 21), (18, 24)], width: 2)
    }
    #expect(TextDetector.detect(mask) == nil)
  }

  @Test("a badge symbol beside the frame it interrupts (a lock at a card's corner) stays silent", arguments: [2.0, 3])
  func badgeBesideFrame(scale: Double) {
    let mask = Self.mask(scale: scale) { d in
      d.rectOutline(x: 3, y: 5, width: 12, height: 14, stroke: 2)  // the card
      d.line(x0: 3, y0: 9, x1: 15, y1: 9, width: 2)
      d.ring(cx: 18, cy: 14, r: 2.2, width: 1.5)  // the lock's shackle
      d.rect(x: 14.5, y: 15.5, width: 7, height: 5.5)
    }
    #expect(TextDetector.detect(mask) == nil)
  }

  @Test("a keyboard, a grid of tiles and a barcode stay silent", arguments: [2.0, 3])
  func denseGlyphs(scale: Double) {
    let keyboard = Self.mask(scale: scale) { d in
      d.rectOutline(x: 2, y: 6, width: 20, height: 13, stroke: 1.5)
      for row in 0..<2 { for col in 0..<5 { d.rect(x: 4.5 + Double(col) * 3.2, y: 8.5 + Double(row) * 3, width: 1.6, height: 1.6) } }
      d.line(x0: 7, y0: 16, x1: 17, y1: 16, width: 1.5)
    }
    let grid = Self.mask(scale: scale) { d in
      for row in 0..<3 { for col in 0..<3 { d.rectOutline(x: 3 + Double(col) * 6.5, y: 3 + Double(row) * 6.5, width: 4.5, height: 4.5, stroke: 1.5) } }
    }
    let barcode = Self.mask(scale: scale) { d in
      var x = 3.0
      for (k, width) in [1.0, 0.5, 1.5, 0.5, 1, 2, 0.5, 1, 0.5, 1.5].enumerated() {
        d.rect(x: x, y: 5, width: width, height: 14)
        x += width + (k % 3 == 0 ? 1 : 0.7)
      }
      d.line(x0: 2, y0: 20, x1: 22, y1: 20, width: 1.5)
    }
    for (name, mask) in [("keyboard", keyboard), ("grid", grid), ("barcode", barcode)] {
      #expect(TextDetector.detect(mask) == nil, "\(name)")
    }
  }
}
