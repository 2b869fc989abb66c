// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Guidelines  // ExampleDrawing and TextExamples: the rule examples' drawings
@testable import IconMetrics
import IconRaster
import Testing

/// Letters stamped over a corner of the drawing (``StampedText``), and shapes that are not.
@Suite struct StampedTextTests {
  /// A rounded frame filling the canvas whose bottom-right corner the letters cover, at `scale`.
  private func frame(scale: Double) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    TextExamples.roundedRectOutline(&d, x: 3, y: 3, width: 17, height: 16, radius: 3, stroke: 2)
    d.line(x0: 7, y0: 8, x1: 16, y1: 8, width: 2)
    return d.mask
  }

  @Test("finds AB, NEW and 24 stamped over a frame's corner, at @2x and @3x", arguments: [2.0, 3.0])
  func findsStampedWords(scale: Double) throws {
    let side = Int((24 * scale).rounded())
    for (text, share) in [("AB", 0.3), ("NEW", 0.2), ("24", 0.3)] {
      let cap = Int((share * Double(side)).rounded())
      let mask = StampedText.stamp(text, into: frame(scale: scale), capitalHeightPx: cap)
      let found = try #require(StampedText.detect(mask, minimumHeightPx: 5), "\(text) at @\(Int(scale))x")
      #expect(found.glyphs.count == text.count, "\(text) at @\(Int(scale))x")
      #expect(abs(found.heightPx - cap) <= 2)
    }
  }

  @Test("a word 2 px in from the side of the ink's box (the drawing reaches beyond it) is found, at 11 px capitals and more")
  func wordInFromTheSide() throws {
    for (scale, cap) in [(2.0, 11), (3.0, 20)] {
      var d = ExampleDrawing(scale: scale)
      TextExamples.roundedRectOutline(&d, x: 3, y: 3, width: 17, height: 16, radius: 3, stroke: 2)
      // A stub a pixel wide at the canvas's right edge, well above the word: the ink's box ends
      // 2 px right of the word.
      let px = 1 / scale
      d.rect(x: 24 - 3 * px + 0.02 * px, y: 8, width: 0.96 * px, height: 2)
      let mask = StampedText.stamp("AB", into: d.mask, capitalHeightPx: cap, rightMarginPx: 4)
      let found = try #require(StampedText.detect(mask, minimumHeightPx: 5), "AB at @\(Int(scale))x")
      #expect(found.glyphs.count == 2)
    }
  }

  @Test("a solid block with knocked-out slots (a drive's bays) is not stamped text")
  func slottedBlock() {
    var d = ExampleDrawing(widthPt: 25, heightPt: 25, scale: 2)
    d.rect(x: 6, y: 5, width: 13, height: 15)
    var coverage = d.mask.coverage
    // Two slots a row, three rows, in the lower half; one wide slot above.
    func clear(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
      for y in y0...y1 { for x in x0...x1 { coverage[y * 50 + x] = 0 } }
    }
    clear(15, 15, 32, 18)
    for y in [26, 31, 36] {
      clear(14, y, 23, y + 1)
      clear(29, y, 34, y + 1)
    }
    let mask = AlphaMask(width: 50, height: 50, scale: 2, coverage: coverage)
    #expect(StampedText.detect(mask, minimumHeightPx: 5) == nil)
  }

  @Test("the rule examples' stamped words are found, the letter used as a symbol is not")
  func ruleExampleDrawings() {
    #expect(StampedText.detect(TextExamples.stampedWord, minimumHeightPx: 5) != nil)
    #expect(StampedText.detect(TextExamples.stampedNumber, minimumHeightPx: 5) != nil)
    #expect(StampedText.detect(TextExamples.letterWithArrow, minimumHeightPx: 5) == nil)
  }

  @Test("solid shapes and plain drawings are not stamped text")
  func notText() {
    var pause = ExampleDrawing()
    pause.rect(x: 6, y: 4, width: 4, height: 16)
    pause.rect(x: 14, y: 4, width: 4, height: 16)
    var lock = ExampleDrawing()
    lock.rect(x: 5, y: 11, width: 14, height: 10)
    lock.ring(cx: 12, cy: 10, r: 4, width: 2)
    var grid = ExampleDrawing()
    for x in [3.0, 13] { for y in [3.0, 13] { grid.rect(x: x, y: y, width: 8, height: 8) } }
    var square = ExampleDrawing()
    square.rect(x: 3, y: 3, width: 18, height: 18)
    for (name, mask) in [("pause", pause.mask), ("lock", lock.mask), ("grid", grid.mask), ("square", square.mask),
                         ("skip forward", TextExamples.skipForward), ("frame", frame(scale: 2)), ("frame @3x", frame(scale: 3))] {
      #expect(StampedText.detect(mask, minimumHeightPx: 5) == nil, "\(name)")
    }
  }

  @Test("below 11 px, a letter fitted to a solid block's edge or to a bar's end is not a word (a town, a railway)")
  func smallLettersInBlocks() {
    #expect(StampedText.detect(TextExamples.town, minimumHeightPx: 5) == nil)
    #expect(StampedText.detect(TextExamples.railway, minimumHeightPx: 5) == nil)
    // NEW 7 px tall over a frame's corner (the smallest the search reads) is still found.
    var d = ExampleDrawing(widthPt: 22, heightPt: 22)
    TextExamples.roundedRectOutline(&d, x: 3, y: 3, width: 15, height: 14, radius: 3, stroke: 2)
    #expect(StampedText.detect(StampedText.stamp("NEW", into: d.mask, capitalHeightPx: 7), minimumHeightPx: 5) != nil)
  }

  @Test("a letter's blank pixels and its stems: inked inside a block, clear on their own; a stem going on as a bar")
  func blankInkAndBars() throws {
    let t = try #require(StampedText.templates(height: 8).first { $0.character == "P" })
    #expect(!t.stems.isEmpty && t.stems.allSatisfy { Int($0) < t.width / 2 })
    func placed(_ coverage: [Float], width w: Int) -> (ink: Float, bar: Bool) {
      let p = StampedText.Placed(template: t, x: 4, y: 10, inside: 1, clear: 1)
      return coverage.withUnsafeBufferPointer {
        (StampedText.blankInk(p, $0, width: w), StampedText.continuesAsBar(p, $0, width: w, height: 24, top: false))
      }
    }
    let w = 24
    var alone = [Float](repeating: 0, count: w * 24)
    for q in t.pixels { alone[(10 + Int(q.y)) * w + 4 + Int(q.x)] = q.c }
    #expect(placed(alone, width: w) == (0, false))
    // Inside a solid block: every blank pixel inked.
    var block = alone
    for y in 10..<(10 + t.height) { for x in 4..<(4 + t.width) { block[y * w + x] = 1 } }
    #expect(placed(block, width: w).ink == 1)
    // Its stem going on upwards as a rail of its width: a bar; a wider shape above it is not.
    var rail = alone
    for y in 0..<10 { for s in t.stems { rail[y * w + 4 + Int(s)] = 1 } }
    #expect(placed(rail, width: w).bar)
    var wide = alone
    for y in 0..<10 { for x in 2..<(4 + t.width + 2) { wide[y * w + x] = 1 } }
    #expect(!placed(wide, width: w).bar)
  }

  @Test("which letter shapes are congruent is decided on the large masters, not on a 7 px rendering")
  func congruenceOnMasters() {
    #expect(StampedText.congruentPairs.contains("E3") && StampedText.congruentPairs.contains("3E"))
    #expect(StampedText.congruentPairs.contains("69"))
    #expect(!StampedText.congruentPairs.contains("AB") && !StampedText.congruentPairs.contains("NW"))
    for h in [7, 8, 9, 12, 20] {
      let set = StampedText.templates(height: h)
      let e = set.first { $0.character == "E" }!, three = set.first { $0.character == "3" }!
      #expect(StampedText.areCongruent(e, three), "E and 3 at \(h) px")
    }
  }

  @Test("outlined bars, nodes on a line and dots are not stamped text, at 22 pt @2x and @3x", arguments: [2.0, 3.0])
  func outlinesAndNodes(scale: Double) {
    // Lucide's pause (two rounded outlines), git-graph (rings on lines), grip dots.
    var pause = ExampleDrawing(widthPt: 22, heightPt: 22, scale: scale)
    pause.rectOutline(x: 5, y: 3, width: 4, height: 16, stroke: 2)
    pause.rectOutline(x: 13, y: 3, width: 4, height: 16, stroke: 2)
    var graph = ExampleDrawing(widthPt: 22, heightPt: 22, scale: scale)
    graph.ring(cx: 5.5, cy: 16.5, r: 2.5, width: 2)
    graph.ring(cx: 16.5, cy: 5.5, r: 2.5, width: 2)
    graph.line(x0: 5.5, y0: 2, x1: 5.5, y1: 14, width: 2)
    graph.polyline([(16.5, 8), (16.5, 10), (8, 16.5)], width: 2)
    graph.line(x0: 11, y0: 2, x1: 11, y1: 20, width: 2)
    var grip = ExampleDrawing(widthPt: 22, heightPt: 22, scale: scale)
    for x in [8.0, 14] { for y in [5.0, 11, 17] { grip.disk(cx: x, cy: y, r: 1.5) } }
    for (name, mask) in [("pause", pause.mask), ("git graph", graph.mask), ("grip", grip.mask)] {
      #expect(StampedText.detect(mask, minimumHeightPx: 5) == nil, "\(name) at @\(Int(scale))x")
    }
  }

  @Test("solid triangles are not letter-like (skip forward ▶▶|)")
  func solidTrianglesAreNotLetters() {
    #expect(TextDetector.detect(TextExamples.skipForward, minimumHeightPx: 5) == nil)
    // A triangle fills half its box and all of its hull; a stroked E fills far less of its hull.
    #expect(TextDetector.convexHullArea([(0, 0), (4, 0), (0, 3), (4, 3), (2, 1)]) == 12)
  }

  @Test("special cases: empty, full, tiny canvases")
  func specialCases() {
    #expect(StampedText.detect(AlphaMask(width: 0, height: 0, coverage: []), minimumHeightPx: 5) == nil)
    #expect(StampedText.detect(AlphaMask(width: 1, height: 1, coverage: [1]), minimumHeightPx: 5) == nil)
    #expect(StampedText.detect(AlphaMask(width: 48, height: 48, coverage: [Float](repeating: 1, count: 48 * 48)), minimumHeightPx: 5) == nil)
    #expect(StampedText.detect(AlphaMask(width: 48, height: 48, coverage: [Float](repeating: 0, count: 48 * 48)), minimumHeightPx: 5) == nil)
  }
}
