// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import IconSupport

public struct TextInIconRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumLetterHeightPx
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumLetterHeightPx: (5, "letters shorter than this many pixels are not searched")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "text_in_icon", name: "Text In Icon", scope: .icon,
    rationale: """
      Don't put text in a tab bar icon (HIG, Tab bars): the item's title is shown under the icon, \
      and letters inside a 25 pt glyph are too small to read and cannot be localised. The \
      text detector looks for two or more separate, letter-like shapes (not dots, not straight \
      bars, not crosses, not copies or mirror images of each other) of similar height side by \
      side on one baseline (bottoms within 10% of the taller). A round letter (o, O, 0) or a \
      framed panel is a ring: it may sit inside a word but two rings are not one, and a run that \
      is its own mirror image (brackets around a mark) is drawing. Letters stand side by side with \
      nothing between them: a run is cut where another shape of the drawing lies in the gap \
      between two neighbours (between two of a fingerprint's ridges lies the next ridge, between \
      two strands of a lattice the next strand: Lockwise's fingerprint, GoMap's crossing-markings \
      pattern and Lucide's text-cursor-input at 100 px were read as words; no word of the \
      calibration is cut). An ellipsis, an equal sign, \
      grip dots, tally marks, a barcode, a grid of squares, repeated chevrons and a single letter \
      with an arrow are not text (an arrow, ↑ ↓ ← →, is mirror-symmetric across a shaft inked along \
      most of it, its head wider than both its ends: a symbol, not a letter; Lucide's a-arrow-down \
      and a-arrow-up, text at all 6 sizes of the 10,000-icon corpus before, are not now). Error for tab bar icons, warning for the others. Calibration \
      (scripts/calibrate, 210 injected icons each; before → after this model, on one case set): \
      a word under a shrunk glyph is found in 86.2% → 95.2%; clean icons flagged 1.4% → 0.5% \
      (MDI chili-medium, its two stalks); untouched families: Breeze 2 errors → 0 (a person \
      with a plus, corner brackets around a triangle), Tabler 3 → 1 (badge-tm, real letters), \
      MDI 2 → 1 (chili-medium). Letters stamped over the glyph's strokes merge with the drawing \
      into one shape; they keep every pixel of their own, so they are found by fitting letter \
      shapes: the capitals and digits of a typical UI sans (DejaVu Sans Bold), 14–40% of the \
      canvas tall, whose box touches the ink's bottom-right or top-right corner (a badge's place; \
      from 11 px capitals, where a pixel is under a tenth of a letter, up to 2 px in from the box's \
      side, an anchor pixel off by one inside the box, and letters beside it a pixel shorter or \
      taller: another rendering of the same letters; below 11 px that freedom fits letters to bits \
      of strokes, and the corner letter must stand free: the pixels of its box it leaves blank \
      (counters, notches, the space beside its strokes) at most 40% inked on average, and none of \
      its stems going on beyond it as a bar of its own width for half its height (a rail, a wall). \
      Below 11 px a letter is a few dozen pixels and the edge of a solid block holds many: the \
      corner letters of the calibration's words found below 11 px leave their blanks at most 34% \
      inked, while letters fitted to GoMap's 15 pt map glyphs (houses with windows, rails and \
      sleepers, bus windows, flags: 10 wrong warnings) have 43–74% inked or sit on a rail's end). \
      A letter fits when its pixels are inked (≥ 80% of its coverage for the corner letter and on \
      average over the word, ≥ 75% for each letter beside it: another face differs from the \
      template by a pixel along its edges), its outline is clear (≥ 60% of the pixels around it, ≥ 50% of those inside \
      the ink's box, ≥ 35% of its counters and notches: a solid bar or a padlock holds every letter \
      but not its outline) and the corner letter is distinctive (not a bar, corner, hook, arc, \
      ring, chevron, cross or stacked bars: I J L T 1 7 O 0 Q C D U V X E F 3); beside it, letters \
      of any shape on the same baseline make the word: two or more, two distinctive, none twice, no \
      two congruent (decided on the large shapes: E and 3, 6 and 9), and not its own mirror image \
      (two bars, tally marks, a grid fit H, N or M but read the same mirrored). Only corners whose \
      last row holds two short runs of ink, the first at the box's side (letters' feet), are \
      searched (6–8% of the icons per corner). Solid shapes (no hole, ≥ 85% of their convex hull \
      inked: triangles ▶▶, wedges) are not letters. Calibration (scripts/calibrate, 210 icons: AB, \
      NEW, 24 in DejaVu Sans Bold, the templates' own face, over the bottom-right corner's \
      strokes): found 18.1% → 81.0% → 90.0% → 95.2% (AB 63/65, NEW 74/79, 24 63/66); the same \
      letters in faces not among the templates (before → after the placement freedom from 11 px): \
      DejaVu Sans Condensed Bold 90.5% → 94.8%, Liberation Sans Bold 79.5% → 86.2%, Liberation \
      Sans Narrow Bold 39.5% → 57.6%, Fira Sans Bold 60.5% → 68.6%, Open Sans Semibold 33.8% → \
      43.8%, regular weights about 15% (a regular stem does not fill a bold template); clean icons \
      0.5% and untouched families 2 findings in 1,527 icons, both unchanged; real apps' bar \
      families none. The corner letter standing free below 11 px (session 12) changes none of the \
      210 found; the held-out faces lose 7 of their 1,260 words (Liberation Sans Bold 86.2% → \
      85.2%, Fira Sans Bold 68.6% → 67.1%, Open Sans Semibold 43.8% → 42.9%, the others unchanged), \
      all words 7–10 px tall whose corner letter sits among a drawing's heavy strokes (its box \
      44–65% inked), most of them misread (W as Y or S, B as G, 4 as 5). On the 10,000-icon corpus the stamped search \
      reads 1 drawing (hop at 44 px; before: bomb at 50 px, pause, grip dots, git-graph: a \
      Q fitted to a node or a dot, E 3 1 on two bars at 7 px) beside real letters (Z A, 0 1). What is left: letters a stroke mostly hides or a \
      filled shape swallows (7 of the 10 misses), NEW 7 px tall at @2x (3: hinting moves a stem by \
      a pixel), other faces' shapes and regular weights, the left corners (not searched).
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("the letters AB drawn inside a rounded rectangle",
                  icons: [.init(id: "ab", mask: TextExamples.letters, role: .tabBar)], target: "ab", triggers: true),
      RuleExample("the letters AB as a toolbar icon (a warning)",
                  icons: [.init(id: "ab", mask: TextExamples.letters, role: .toolbar)], target: "ab", triggers: true),
      RuleExample("AB stamped over the handle of a magnifier at its bottom-right corner (one shape with the drawing)",
                  icons: [.init(id: "stamped", mask: TextExamples.stampedWord, role: .tabBar)], target: "stamped", triggers: true),
      RuleExample("24 stamped over a calendar's corner, touching its frame",
                  icons: [.init(id: "calendar", mask: TextExamples.stampedNumber, role: .tabBar)], target: "calendar", triggers: true),
      RuleExample("a letter A used as a symbol, with an arrow beside it (one letter is no word)",
                  icons: [.init(id: "font-size", mask: TextExamples.letterWithArrow, role: .tabBar)], target: "font-size", triggers: false),
      RuleExample("a capital A and a separate arrow down beside it (a font size control: an arrow is a symbol, not a second letter)",
                  icons: [.init(id: "a-arrow-down", mask: TextExamples.letterAndSeparateArrow, role: .tabBar)], target: "a-arrow-down", triggers: false),
      RuleExample("a fingerprint: between two ridges side by side lies the next ridge (nested arcs are drawing, not a word)",
                  icons: [.init(id: "fingerprint", mask: TextExamples.fingerprint, role: .tabBar)], target: "fingerprint", triggers: false),
      RuleExample("two solid houses with windows and doors: 7 px letters fit their blocks, but their counters are inked",
                  icons: [.init(id: "town", mask: TextExamples.town, role: .tabBar)], target: "town", triggers: false),
      RuleExample("a railway track: a 7 px letter fitted to a rail's end is the end of a longer bar",
                  icons: [.init(id: "railway", mask: TextExamples.railway, role: .tabBar)], target: "railway", triggers: false),
      RuleExample("skip forward: two solid triangles and a bar (solid shapes are not letters)",
                  icons: [.init(id: "skip", mask: TextExamples.skipForward, role: .tabBar)], target: "skip", triggers: false),
      RuleExample("a pause sign: two solid bars (a letter fits inside a bar, its outline does not)",
                  icons: [.init(id: "pause", mask: { var d = ExampleDrawing(); d.rect(x: 6, y: 4, width: 4, height: 16); d.rect(x: 14, y: 4, width: 4, height: 16); return d.mask }(), role: .tabBar)],
                  target: "pause", triggers: false),
      RuleExample("an ellipsis (three dots)",
                  icons: [.init(id: "ellipsis", mask: { var d = ExampleDrawing(); for x in [6.0, 12, 18] { d.disk(cx: x, cy: 12, r: 1.5) }; return d.mask }(), role: .tabBar)],
                  target: "ellipsis", triggers: false),
      RuleExample("an equal sign",
                  icons: [.init(id: "equal", mask: { var d = ExampleDrawing(); d.line(x0: 5, y0: 9, x1: 19, y1: 9, width: 2); d.line(x0: 5, y0: 15, x1: 19, y1: 15, width: 2); return d.mask }(), role: .tabBar)],
                  target: "equal", triggers: false),
      RuleExample("a grid of 2×3 dots (grip)",
                  icons: [.init(id: "grip", mask: { var d = ExampleDrawing(); for x in [9.0, 15] { for y in [5.0, 12, 19] { d.disk(cx: x, cy: y, r: 1.5) } }; return d.mask }(), role: .tabBar)],
                  target: "grip", triggers: false),
      RuleExample("two chevrons side by side (»)",
                  icons: [.init(id: "chevrons", mask: { var d = ExampleDrawing(); d.polyline([(6, 7), (11, 12), (6, 17)], width: 2); d.polyline([(13, 7), (18, 12), (13, 17)], width: 2); return d.mask }(), role: .tabBar)],
                  target: "chevrons", triggers: false),
      RuleExample("angle brackets (< >, mirror images)",
                  icons: [.init(id: "code", mask: { var d = ExampleDrawing(); d.polyline([(9, 6), (3, 12), (9, 18)], width: 2); d.polyline([(15, 6), (21, 12), (15, 18)], width: 2); return d.mask }(), role: .tabBar)],
                  target: "code", triggers: false),
    ])

  /// The configured letter height in whole pixels, clamped to 1…100,000 (a value of 1e20 or NaN in a
  /// configuration file must not trap).
  static func letterHeight(_ configured: Double) -> Int {
    configured.isNaN
      ? Int(Threshold.minimumLetterHeightPx.defaultValue)
      : Int(min(max(configured.rounded(), 1), 100_000))
  }

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let minimumHeight = Self.letterHeight(context.threshold(.minimumLetterHeightPx))
    // Per icon and costly (a labelling of the core): on all cores, in the icons' order. An icon
    // of one component (as measured) has no two separate letters side by side; letters stamped
    // over its strokes are looked for in its corners (StampedText).
    return context.icons.parallelMap { icon -> Finding? in
      let detection: TextDetector.Detection?
      if let measured = icon.textDetection, measured.minimumHeightPx == minimumHeight {
        detection = measured.detection
      } else {
        detection = icon.compactMask.flatMap { mask in
          (icon.metrics.components >= 2 ? TextDetector.detect(mask, minimumHeightPx: minimumHeight) : nil)
            ?? StampedText.detect(mask, minimumHeightPx: minimumHeight)
        }
      }
      guard let text = detection else { return nil }
      let heightPt = Double(text.heightPx) / icon.scale
      let baselinePt = Double(text.baselinePx + 1) / icon.scale
      return context.finding(
        icon,
        "\(text.glyphs.count) letter-like shapes \(fmt(heightPt, 1)) pt tall side by side on one baseline (\(fmt(baselinePt, 1)) pt from the top): text inside the icon",
        measured: Double(text.glyphs.count), expected: "no letters or digits",
        fix: icon.role == .tabBar
          ? "remove the text: the tab bar shows the item's title under the icon; let the glyph alone carry the meaning"
          : "remove the text, or make it a glyph that does not read as letters; text in an icon cannot be localised",
        severity: graded(icon.role == .tabBar ? .error : .warning, cap: context.severity))
    }.compactMap { $0 }
  }
}

/// Drawings for the text examples.
enum TextExamples {
  /// "AB" stroked 1.5 pt, 9.5 pt tall, inside a 2 pt rounded rectangle, at 24 pt @2x.
  static let letters: AlphaMask = {
    var d = ExampleDrawing()
    roundedRectOutline(&d, x: 2, y: 4, width: 20, height: 16, radius: 3, stroke: 2)
    let s = 1.5
    d.polyline([(6, 16), (8.5, 8), (11, 16)], width: s)
    d.line(x0: 7.3, y0: 13, x1: 9.7, y1: 13, width: s)
    d.line(x0: 13.5, y0: 8, x1: 13.5, y1: 16, width: s)
    d.polyline([(13.5, 8), (16, 8), (17, 9), (17, 11), (16, 12), (13.5, 12)], width: s)
    d.polyline([(13.5, 12), (16.5, 12), (17.5, 13), (17.5, 15), (16.5, 16), (13.5, 16)], width: s)
    return d.mask
  }()

  /// A magnifier (a ring and a handle to the bottom-right) with AB stamped over the handle's end
  /// in the bottom-right corner, capitals 14 px (29% of the canvas), at 24 pt @2x.
  static let stampedWord: AlphaMask = {
    var d = ExampleDrawing()
    d.ring(cx: 10, cy: 10, r: 6.5, width: 2)
    d.line(x0: 14.8, y0: 14.8, x1: 21, y1: 21, width: 2)
    return StampedText.stamp("AB", into: d.mask, capitalHeightPx: 14)
  }()

  /// A calendar (a frame with a rule and two rings) with 24 stamped over its bottom-right corner.
  static let stampedNumber: AlphaMask = {
    var d = ExampleDrawing()
    d.rectOutline(x: 3, y: 4, width: 18, height: 16, stroke: 2)
    d.line(x0: 3, y0: 9, x1: 21, y1: 9, width: 2)
    d.line(x0: 8, y0: 2, x1: 8, y1: 6, width: 2)
    d.line(x0: 16, y0: 2, x1: 16, y1: 6, width: 2)
    return StampedText.stamp("24", into: d.mask, capitalHeightPx: 15)
  }()

  /// A capital A (DejaVu Sans Bold, 20 px) in the bottom-right corner and a stroked arrow up
  /// beside it: a letter used as a symbol (font size).
  static let letterWithArrow: AlphaMask = {
    var d = ExampleDrawing()
    d.line(x0: 6, y0: 20, x1: 6, y1: 6, width: 2)
    d.polyline([(3, 9), (6, 5.5), (9, 9)], width: 2)
    return StampedText.stamp("A", into: d.mask, capitalHeightPx: 20)
  }()

  /// A stroked capital A and, apart from it, an arrow pointing down (a letter used as a symbol, as
  /// in a font size control), 2 pt strokes at 24 pt @3x.
  static let letterAndSeparateArrow: AlphaMask = {
    var d = ExampleDrawing(scale: 3)
    d.polyline([(3, 18), (7.5, 6), (12, 18)], width: 2)
    d.line(x0: 4.7, y0: 14, x1: 10.3, y1: 14, width: 2)
    d.line(x0: 17.5, y0: 7, x1: 17.5, y1: 18, width: 2)
    d.polyline([(14, 14.5), (17.5, 18), (21, 14.5)], width: 2)
    return d.mask
  }()

  /// A fingerprint's whorl: a loop (an arch on two legs) between a hooked ridge and an open one, and
  /// two arcs of an outer ridge, 1.5 pt strokes on elliptical arcs (angles in degrees, 0 to the
  /// right, 90 down).
  static let fingerprint: AlphaMask = {
    var d = ExampleDrawing()
    let w = 1.5
    func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, from a0: Double, to a1: Double) {
      d.fill(minX: cx - rx - w, minY: cy - ry - w, maxX: cx + rx + w, maxY: cy + ry + w) { x, y in
        let dx = x - cx, dy = y - cy
        let r = ((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry)).squareRoot()
        var angle = atan2(dy, dx) * 180 / .pi
        if angle < 0 { angle += 360 }
        let lo = a0.truncatingRemainder(dividingBy: 360), hi = a1.truncatingRemainder(dividingBy: 360)
        let within = lo <= hi ? angle >= lo && angle <= hi : angle >= lo || angle <= hi
        return abs(r - 1) * (rx + ry) / 2 <= w / 2 && within
      }
    }
    arc(12, 12, 2.2, 4, from: 180, to: 360)
    for legX in [12 - 2.2, 12 + 2.2] {
      d.fill(minX: legX - w, minY: 12, maxX: legX + w, maxY: 15.7) { x, y in abs(x - legX) <= w / 2 && y >= 12 && y <= 15.7 }
    }
    arc(12, 12.2, 5.5, 7.5, from: 107.6, to: 285.8)
    arc(12, 12.2, 7.6, 8.1, from: 328, to: 56.7)
    arc(12, 13, 10, 10.5, from: 200, to: 300)
    arc(12, 13, 10, 10.5, from: 310, to: 20)
    return d.mask
  }()

  /// Two solid houses on one ground line (8 × 6 pt and 7 × 12 pt, gabled), with square windows and
  /// a door knocked out: a map glyph drawn in blocks.
  static let town: AlphaMask = {
    var d = ExampleDrawing()
    var x = 1.0
    for (width, height, windowRows) in [(8.0, 6.0, [17.0]), (7.0, 12.0, [11.0, 14.0, 17.0])] {
      let top = 22 - height, apex = top - width / 2, mid = x + width / 2, left = x
      d.fill(minX: left, minY: apex, maxX: left + width, maxY: 22) { px, py in
        let body = px >= left && px < left + width && py >= top && py < 22
        let roof = py >= apex && py < top && abs(px - mid) <= py - apex
        let window = windowRows.contains { wy in
          [left + 1, left + width - 2.5].contains { wx in px >= wx && px < wx + 1 && py >= wy && py < wy + 1 }
        }
        let door = px >= mid - 1.5 && px < mid + 1.5 && py >= 18 && py < 22
        return (body || roof) && !window && !door
      }
      x += width + 1
    }
    return d.mask
  }()

  /// A railway track: two 1 pt rails, and sleepers 2.5 pt deep every 5.5 pt, each a block between
  /// the rails and a stub outside each rail, 1 pt clear of it.
  static let railway: AlphaMask = {
    var d = ExampleDrawing()
    func block(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
      d.fill(minX: x, minY: y, maxX: x + width, maxY: y + height) { px, py in
        px >= x && px < x + width && py >= y && py < y + height
      }
    }
    block(8, 2, 1, 20)
    block(15, 2, 1, 20)
    var y = 2.0
    while y + 2.5 <= 22 {
      block(10, y, 4, 2.5)
      block(5.5, y, 1.5, 2.5)
      block(17, y, 1.5, 2.5)
      y += 5.5
    }
    return d.mask
  }()

  /// Skip forward: two solid triangles pointing right, the second touching a bar (▶▶|).
  static let skipForward: AlphaMask = {
    var d = ExampleDrawing()
    func triangle(_ x0: Double) {
      d.fill(minX: x0, minY: 6, maxX: x0 + 8, maxY: 18) { x, y in x >= x0 && abs(y - 12) <= 6 * (1 - (x - x0) / 8) }
    }
    triangle(2)
    triangle(10)
    d.rect(x: 18, y: 6, width: 2.5, height: 12)
    return d.mask
  }()

  /// A rectangle outline with rounded corners (radius measured to the stroke's centre line).
  static func roundedRectOutline(_ d: inout ExampleDrawing, x: Double, y: Double, width: Double, height: Double,
                                 radius: Double, stroke: Double) {
    let half = stroke / 2
    d.fill(minX: x - half, minY: y - half, maxX: x + width + half, maxY: y + height + half) { px, py in
      // Distance from the centre line of the rounded rectangle.
      let cx = min(max(px, x + radius), x + width - radius)
      let cy = min(max(py, y + radius), y + height - radius)
      let dx = px - cx, dy = py - cy
      let inCorner = (px < x + radius || px > x + width - radius) && (py < y + radius || py > y + height - radius)
      let distance: Double
      if inCorner {
        distance = abs((dx * dx + dy * dy).squareRoot() - radius)
      } else {
        distance = min(abs(px - x), abs(px - x - width), abs(py - y), abs(py - y - height))
      }
      return distance <= half
    }
  }
}
