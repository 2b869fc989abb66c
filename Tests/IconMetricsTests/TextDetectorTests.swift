// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Guidelines  // ExampleDrawing and TextExamples: the rule examples' drawings
@testable import IconMetrics
import IconRaster
import Testing

/// A mask drawn with the rule examples' ``ExampleDrawing``.
private func drawing(widthPt: Double = 24, heightPt: Double = 24, scale: Double = 2,
                     _ body: (inout ExampleDrawing) -> Void) -> AlphaMask {
  var d = ExampleDrawing(widthPt: widthPt, heightPt: heightPt, scale: scale)
  body(&d)
  return d.mask
}

/// Stroked capitals and digits on a 24 pt grid (y down), for the detector tests.
enum StrokeLetters {
  /// Draws `text` (A, B, E, H, 1, 2, a) with its top-left corner at (x, top), letters `height` pt
  /// tall (lowercase a: 70% of it), stroke `stroke` pt, `gap` pt apart. Returns the x after the text.
  @discardableResult
  static func draw(_ text: String, in d: inout ExampleDrawing, x: Double, top: Double, height: Double,
                   stroke: Double = 1.5, gap: Double = 1) -> Double {
    var x = x
    let h = height, w = height * 0.6, bottom = top + height
    for letter in text {
      switch letter {
      case "A":
        d.polyline([(x, bottom), (x + w / 2, top), (x + w, bottom)], width: stroke)
        d.line(x0: x + w * 0.22, y0: top + h * 0.62, x1: x + w * 0.78, y1: top + h * 0.62, width: stroke)
      case "B":
        d.line(x0: x, y0: top, x1: x, y1: bottom, width: stroke)
        d.polyline([(x, top), (x + w * 0.8, top), (x + w, top + h * 0.12), (x + w, top + h * 0.38), (x + w * 0.8, top + h / 2), (x, top + h / 2)], width: stroke)
        d.polyline([(x, top + h / 2), (x + w * 0.85, top + h / 2), (x + w, top + h * 0.62), (x + w, top + h * 0.88), (x + w * 0.85, bottom), (x, bottom)], width: stroke)
      case "E":
        d.polyline([(x + w, top), (x, top), (x, bottom), (x + w, bottom)], width: stroke)
        d.line(x0: x, y0: top + h / 2, x1: x + w * 0.8, y1: top + h / 2, width: stroke)
      case "H":
        d.line(x0: x, y0: top, x1: x, y1: bottom, width: stroke)
        d.line(x0: x + w, y0: top, x1: x + w, y1: bottom, width: stroke)
        d.line(x0: x, y0: top + h / 2, x1: x + w, y1: top + h / 2, width: stroke)
      case "1":
        d.polyline([(x, top + h * 0.3), (x + w * 0.5, top + h * 0.05), (x + w * 0.5, bottom)], width: stroke)
      case "2":
        d.polyline([(x, top + h * 0.2), (x + w * 0.3, top), (x + w * 0.8, top), (x + w, top + h * 0.25), (x, bottom), (x + w, bottom)], width: stroke)
      case "a":
        let t = top + h * 0.3
        d.polyline([(x, t + h * 0.1), (x + w * 0.3, t), (x + w, t), (x + w, bottom)], width: stroke)
        d.polyline([(x + w, t + h * 0.35), (x + w * 0.2, t + h * 0.35), (x, t + h * 0.5), (x + w * 0.2, bottom), (x + w, bottom)], width: stroke)
      default:
        break
      }
      x += w + gap + stroke
    }
    return x
  }

  static func mask(_ text: String, x: Double = 4, top: Double = 7, height: Double = 10, stroke: Double = 1.5,
                   gap: Double = 1, scale: Double = 2, frame: Bool = false) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    if frame { TextExamples.roundedRectOutline(&d, x: 1.5, y: 3, width: 21, height: 18, radius: 3, stroke: 2) }
    draw(text, in: &d, x: x, top: top, height: height, stroke: stroke, gap: gap)
    return d.mask
  }
}

@Suite("Text detector")
struct TextDetectorTests {
  @Test("finds AB, HE, H1, Aa, E2 side by side, framed or not, at @2x and @3x",
        arguments: ["AB", "HE", "H1", "Aa", "E2", "AHE"], [2.0, 3])
  func findsText(_ text: String, scale: Double) {
    let long = text.count > 2
    let height = long ? 7.0 : 10, stroke = long ? 1.2 : 1.5
    for frame in [false, true] {
      let mask = StrokeLetters.mask(text, x: long ? 3.5 : 4, height: height, stroke: stroke, gap: long ? 0.8 : 1,
                                    scale: scale, frame: frame)
      guard let found = TextDetector.detect(mask) else {
        Issue.record("\(text) framed \(frame): not found")
        continue
      }
      #expect(found.glyphs.count == text.count, "\(text) framed \(frame)")
      #expect(found.glyphs.map(\.minX) == found.glyphs.map(\.minX).sorted())
      #expect(abs(Double(found.heightPx) / scale - (height + stroke)) < 1, "\(found.heightPx)")
    }
  }

  @Test("finds a word with a round letter and a wide one (\"Hom\" under a glyph: o is a ring, m wider than tall)",
        arguments: [2.0, 3])
  func wordWithRoundAndWideLetters(scale: Double) {
    var d = ExampleDrawing(scale: scale)
    d.ring(cx: 12, cy: 7, r: 5, width: 2)  // the glyph
    d.line(x0: 2, y0: 15, x1: 2, y1: 22, width: 1.5)  // H
    d.line(x0: 6, y0: 15, x1: 6, y1: 22, width: 1.5)
    d.line(x0: 2, y0: 18.5, x1: 6, y1: 18.5, width: 1.5)
    d.ring(cx: 10.5, cy: 19.8, r: 2, width: 1.4)  // o
    d.polyline([(15, 22), (15, 17.5), (18, 17.5), (18, 22)], width: 1.4)  // m
    d.polyline([(18, 17.5), (21, 17.5), (21, 22)], width: 1.4)
    #expect(TextDetector.detect(d.mask)?.glyphs.count == 3)
  }

  @Test("an arrow is a symbol, not a letter: A with a separate arrow is no word; A beside B still is")
  func arrowsAreNotLetters() throws {
    #expect(TextDetector.detect(TextExamples.letterAndSeparateArrow) == nil)
    // The arrow alone, pointing each way: not letter-like.
    for (dx, dy) in [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)] {
      var d = ExampleDrawing(scale: 3)
      let cx = 12.0, cy = 12.0
      d.line(x0: cx - 6 * dx, y0: cy - 6 * dy, x1: cx + 6 * dx, y1: cy + 6 * dy, width: 2)
      d.polyline([(cx + 6 * dx - 3.5 * dy - 3.5 * dx, cy + 6 * dy - 3.5 * dx - 3.5 * dy), (cx + 6 * dx, cy + 6 * dy),
                  (cx + 6 * dx + 3.5 * dy - 3.5 * dx, cy + 6 * dy + 3.5 * dx - 3.5 * dy)], width: 2)
      let labelling = ConnectedComponents(mask: d.mask)
      let shapes = TextDetector.describe(labelling)
      let arrow = try #require(shapes.max { $0.glyph.areaPx < $1.glyph.areaPx })
      #expect(TextDetector.isArrow(arrow, labels: labelling), "arrow \(dx), \(dy)")
    }
    // Letters that are mirror images with a middle line (T, Y, V) are not arrows: the words still count.
    #expect(TextDetector.detect(StrokeLetters.mask("AB", scale: 3)) != nil)
    #expect(TextDetector.detect(StrokeLetters.mask("H1", scale: 3)) != nil)
  }

  @Test("the rule's example: AB in a rounded rectangle")
  func example() {
    #expect(TextDetector.detect(TextExamples.letters)?.glyphs.count == 2)
  }

  @Test("a fingerprint's ridges are not a word: between two ridges side by side lies the next one")
  func fingerprint() {
    #expect(TextDetector.detect(TextExamples.fingerprint) == nil)
    // The same two ridges with nothing between them (the loop erased) would pair: the split is
    // what tells them apart from letters.
    let labelling = ConnectedComponents(mask: TextExamples.fingerprint)
    let shapes = TextDetector.describe(labelling)
    let loop = shapes.filter { $0.glyph.minX > 15 && $0.glyph.maxX < 33 && $0.glyph.minY > 10 }
    #expect(!loop.isEmpty)
  }

  @Test("a shape between two letters cuts the run; letters with nothing between them stay one")
  func intruderSplitsRun() {
    // A and B 3 pt apart with a bar of the drawing in the gap (shorter, so not aligned with them).
    let split = drawing(scale: 3) { d in
      StrokeLetters.draw("A", in: &d, x: 4, top: 7, height: 10, stroke: 1.5)
      StrokeLetters.draw("B", in: &d, x: 13, top: 7, height: 10, stroke: 1.5)
      d.line(x0: 11.2, y0: 11, x1: 11.2, y1: 14, width: 1)
    }
    #expect(TextDetector.detect(split) == nil)
    let together = drawing(scale: 3) { d in
      StrokeLetters.draw("A", in: &d, x: 4, top: 7, height: 10, stroke: 1.5)
      StrokeLetters.draw("B", in: &d, x: 13, top: 7, height: 10, stroke: 1.5)
    }
    #expect(TextDetector.detect(together)?.glyphs.count == 2)
  }

  @Test("finds small text in a corner (a badge): 6 pt letters, 1 pt stroke, at @3x")
  func badge() {
    var d = ExampleDrawing(scale: 3)
    d.ring(cx: 10, cy: 10, r: 7, width: 2)
    StrokeLetters.draw("AB", in: &d, x: 15.5, top: 17, height: 6, stroke: 1, gap: 0.8)
    #expect(TextDetector.detect(d.mask) != nil)
  }

  @Test("not text", arguments: NotTextDrawings.all.indices)
  func notText(_ index: Int) {
    let (name, mask) = NotTextDrawings.all[index]
    #expect(TextDetector.detect(mask) == nil, "\(name)")
  }

  @Test("special cases: empty, full, 1×1, 0×0, odd sizes")
  func specialCases() {
    #expect(TextDetector.detect(AlphaMask(width: 0, height: 0)) == nil)
    #expect(TextDetector.detect(AlphaMask(width: 1, height: 1) { _, _ in 1 }) == nil)
    #expect(TextDetector.detect(AlphaMask(width: 31, height: 17)) == nil)
    #expect(TextDetector.detect(AlphaMask(width: 33, height: 47) { _, _ in 1 }) == nil)
    #expect(TextDetector.detect(AlphaMask(width: 40, height: 40) { x, y in (x + y) % 2 == 0 ? 1 : 0 }) == nil)
  }

  @Test("random scatters of dots are never text", arguments: 0..<20)
  func randomDots(seed: Int) {
    var rng = DetectorRandom(seed: UInt64(seed))
    let mask = drawing { d in
      for _ in 0..<(3 + Int(rng.next() % 8)) {
        d.disk(cx: 3 + rng.unit() * 18, cy: 3 + rng.unit() * 18, r: 0.8 + rng.unit() * 1.5)
      }
    }
    #expect(TextDetector.detect(mask) == nil)
  }

  @Test("a compact mask is labelled and searched as its expansion")
  func compactMask() {
    for mask in [TextExamples.letters, StrokeLetters.mask("B")] + NotTextDrawings.all.prefix(3).map(\.mask) {
      let compact = CompactMask(mask)
      #expect(ConnectedComponents(core: compact) == ConnectedComponents(mask: compact.alphaMask))
      #expect(TextDetector.detect(compact) == TextDetector.detect(compact.alphaMask))
    }
    #expect(TextDetector.detect(CompactMask(AlphaMask(width: 0, height: 0))) == nil)
  }

  @Test("the geometry read by runs is the pixel-by-pixel description")
  func geometryByRuns() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var labellings = ([TextExamples.letters, StrokeLetters.mask("AB")] + NotTextDrawings.all.map(\.mask)).map {
      ConnectedComponents(mask: $0)
    }
    for (width, height) in [(1, 1), (7, 5), (24, 24), (48, 31)] {
      for density: UInt64 in [10, 45, 80] {
        let foreground = (0..<(width * height)).map { _ in next() % 100 < density }
        labellings.append(ConnectedComponents(foreground: foreground, width: width, height: height))
      }
    }
    for labelling in labellings {
      let shapes = TextDetector.geometry(labelling), expected = Self.pixelByPixel(labelling)
      #expect(shapes.count == expected.count)
      for (shape, reference) in zip(shapes, expected) {
        #expect(shape.label == reference.label && shape.glyph == reference.glyph)
        #expect(shape.minorVariance == reference.minorVariance)
      }
    }
  }

  /// `TextDetector.geometry` as first written: each pixel adds itself to its label's sums.
  static func pixelByPixel(_ labelling: ConnectedComponents) -> [TextDetector.Shape] {
    let w = labelling.width, h = labelling.height, n = labelling.count
    guard n > 0 else { return [] }
    var minX = [Int](repeating: .max, count: n + 1), minY = minX
    var maxX = [Int](repeating: .min, count: n + 1), maxY = maxX
    var area = [Int](repeating: 0, count: n + 1), boundary = area
    var sx = [Double](repeating: 0, count: n + 1), sy = sx, sxx = sx, syy = sx, sxy = sx
    let labels = labelling.labels
    for y in 0..<h {
      for x in 0..<w {
        let l = labels[y * w + x]
        guard l > 0 else { continue }
        let k = Int(l), fx = Double(x), fy = Double(y)
        minX[k] = min(minX[k], x)
        maxX[k] = max(maxX[k], x)
        minY[k] = min(minY[k], y)
        maxY[k] = max(maxY[k], y)
        area[k] += 1
        sx[k] += fx
        sy[k] += fy
        sxx[k] += fx * fx
        syy[k] += fy * fy
        sxy[k] += fx * fy
        if x + 1 >= w || labels[y * w + x + 1] != l { boundary[k] += 1 }
        if x == 0 || labels[y * w + x - 1] != l { boundary[k] += 1 }
        if y + 1 >= h || labels[(y + 1) * w + x] != l { boundary[k] += 1 }
        if y == 0 || labels[(y - 1) * w + x] != l { boundary[k] += 1 }
      }
    }
    return (1...n).filter { area[$0] > 0 }.map { k in
      let a = Double(area[k])
      let mx = sx[k] / a, my = sy[k] / a
      let vxx = sxx[k] / a - mx * mx, vyy = syy[k] / a - my * my, vxy = sxy[k] / a - mx * my
      let minor = max(0, (vxx + vyy) / 2 - (((vxx - vyy) / 2) * ((vxx - vyy) / 2) + vxy * vxy).squareRoot())
      let glyph = TextDetector.Glyph(minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k], areaPx: area[k],
                                     strokePx: 2 * a / Double(max(1, boundary[k])), holes: 0, holeAreaPx: 0)
      return TextDetector.Shape(label: Int32(k), glyph: glyph, minorVariance: minor)
    }
  }

  @Test("holes and their area")
  func holes() {
    let letter = StrokeLetters.mask("B")
    let labelling = ConnectedComponents(mask: letter)
    let shapes = TextDetector.describe(labelling)
    #expect(shapes.count == 1)
    #expect(shapes.first?.glyph.holes == 2)
    #expect((shapes.first?.glyph.holeAreaPx ?? 0) > 20)
  }
}

/// Drawings that are not text.
enum NotTextDrawings {
  static let all: [(name: String, mask: AlphaMask)] = [
    ("ellipsis", drawing { d in for x in [6.0, 12, 18] { d.disk(cx: x, cy: 12, r: 1.5) } }),
    ("equal sign", drawing { d in
      d.line(x0: 5, y0: 9, x1: 19, y1: 9, width: 2)
      d.line(x0: 5, y0: 15, x1: 19, y1: 15, width: 2)
    }),
    ("grip 2×3", drawing { d in for x in [9.0, 15] { for y in [5.0, 12, 19] { d.disk(cx: x, cy: y, r: 1.5) } } }),
    ("tally", drawing { d in for x in [5.0, 9, 13, 17] { d.line(x0: x, y0: 6, x1: x, y1: 18, width: 2) } }),
    ("slashes", drawing { d in for x in [4.0, 10, 16] { d.line(x0: x, y0: 18, x1: x + 4, y1: 6, width: 2) } }),
    ("chevrons", drawing { d in
      d.polyline([(6, 7), (11, 12), (6, 17)], width: 2)
      d.polyline([(13, 7), (18, 12), (13, 17)], width: 2)
    }),
    ("chevrons of two sizes", drawing { d in
      d.polyline([(5, 6), (11, 12), (5, 18)], width: 2)
      d.polyline([(14, 8), (18, 12), (14, 16)], width: 2)
    }),
    ("brackets", drawing { d in
      d.polyline([(9, 6), (3, 12), (9, 18)], width: 2)
      d.polyline([(15, 6), (21, 12), (15, 18)], width: 2)
    }),
    ("two framed panels", drawing { d in
      d.rectOutline(x: 3, y: 6, width: 8, height: 12, stroke: 2)
      d.rectOutline(x: 13, y: 6, width: 8, height: 8, stroke: 2)
    }),
    ("a single letter", StrokeLetters.mask("A")),
    ("a repeated letter", StrokeLetters.mask("HH")),
    ("letters stacked, not in a row", drawing { d in
      StrokeLetters.draw("A", in: &d, x: 9, top: 2, height: 8)
      StrokeLetters.draw("B", in: &d, x: 9, top: 13, height: 8)
    }),
    ("a person with a plus (contact-new): a cross is a symbol", drawing { d in
      d.ring(cx: 10, cy: 7, r: 3.5, width: 1.5)
      d.polyline([(4, 21), (4, 17), (6, 14), (14, 14)], width: 1.5)
      d.line(x0: 17, y0: 14, x1: 17, y1: 21, width: 1.5)
      d.line(x0: 13.5, y0: 17.5, x1: 20.5, y1: 17.5, width: 1.5)
    }),
    ("corner brackets around a mark (fit height)", drawing { d in
      d.polyline([(3, 15), (3, 20), (8, 20)], width: 1.5)
      d.polyline([(21, 15), (21, 20), (16, 20)], width: 1.5)
      d.fill(minX: 9.5, minY: 16, maxX: 14.5, maxY: 20) { x, y in abs(x - 12) <= (20 - y) * 0.6 }
    }),
    ("a single letter as a symbol: A with an arrow", drawing { d in
      StrokeLetters.draw("A", in: &d, x: 3, top: 7, height: 10)
      d.line(x0: 17, y0: 5, x1: 17, y1: 19, width: 1.5)
      d.polyline([(14, 16), (17, 19), (20, 16)], width: 1.5)
    }),
    ("a barcode", drawing { d in
      for (x, w) in [(4.0, 1.0), (6, 2), (9, 1), (11, 1), (13, 2.5), (17, 1), (19, 2)] {
        d.line(x0: x, y0: 6, x1: x, y1: 18, width: w)
      }
    }),
    ("a 3×3 grid of squares", drawing { d in
      for x in [3.0, 10, 17] { for y in [3.0, 10, 17] { d.rectOutline(x: x, y: y, width: 5, height: 5, stroke: 1.5) } }
    }),
    ("a ring", ExampleFamily.glyph(0)),
    ("an envelope", ExampleFamily.glyph(7)),
  ]
}

/// A small deterministic generator (DetectorRandom64) for seeded tests.
struct DetectorRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Two runs of text tied on letters and area: the detection must not depend on the order of a
/// hash table (it changed from process to process on Lucide's `binary`); the upper-left one wins.
@Suite struct TextDetectorTieTests {
  @Test func tiedRunsGiveTheUpperLeftOne() throws {
    var d = ExampleDrawing()
    StrokeLetters.draw("AB", in: &d, x: 4, top: 2, height: 8)
    StrokeLetters.draw("AB", in: &d, x: 4, top: 13, height: 8)
    let detection = try #require(TextDetector.detect(d.mask, minimumHeightPx: 8))
    #expect(detection.glyphs.count == 2)
    #expect(detection.glyphs.allSatisfy { $0.maxY < 24 }, "\(detection.glyphs)")  // the upper run (y < 12 pt)
  }
}
