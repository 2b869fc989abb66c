// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Finds letters stamped over a corner of the drawing: text that touches the glyph's strokes, so
/// that ``TextDetector``'s separate components never see it (issue 16, item 9: a badge "AB",
/// "NEW" or "24" in a tab icon's corner).
///
/// Stamped letters keep every pixel of their own: a stroke of the drawing can only add ink around
/// them (and over their counters). So a letter is found by fitting letter shapes of a typical UI
/// sans (``LetterTemplates``: the capitals and digits of DejaVu Sans Bold, area-sampled to the
/// capital height h) to the coverage α, at the place a corner badge has:
///
/// 1. the *corner letter*: a template whose box touches the ink's bounding box at its bottom-right
///    or top-right corner, where a tab icon's badge sits (its bottom or top row on the ink's last or
///    first row, its right column on the ink's last column, each within 1 px), in a corner that
///    passes ``hasFeet(_:width:height:box:left:top:)``, h from 14% to 40% of the canvas height
///    (≥ `minimumHeightPx`, ≤ 48 px), and only a *distinctive* letter (not I J L T 1 7, nor O 0 Q
///    C D U V X E F 3: a bar, a corner, a hook, an arc, a ring, a ring with a line leaving it, a
///    chevron, a cross or stacked bars is drawing as often). From 11 px capitals, where a pixel is
///    under a tenth of the letter, a rendering that differs from the template by one is allowed
///    for: the letter's column up to 2 px in from the box's side (the drawing reaches a pixel or
///    two beyond the badge), and, for a placement inside the box, its two anchor pixels (those
///    that touch the box) inked or a 4-neighbour of them (the letter rendered a pixel smaller);
///    below 11 px the same freedom fits letters to bits of strokes (Lucide at 44 px), and the
///    corner letter must stand free: its blank pixels (the box's pixels the letter does not
///    cover: counters, notches, the space beside its strokes) at most 40% inked on average
///    (``blankInk(_:_:width:)``: a letter fitted to the edge of a solid block has them inked), and
///    none of its stems going on as a bar for half its height beyond its top (its bottom, in a
///    top corner; ``continuesAsBar(_:_:width:height:top:)``: a rail, a wall);
/// 2. the *fit* of a template T (coverage 0…1 per pixel) placed on α: *inside* = Σ min(T, α) ÷ ΣT
///    ≥ 0.8 for the corner letter and on average over the word, ≥ 0.75 for each letter beside it
///    (every letter pixel is inked; the rest absorbs the hinting and sub-pixel phase of a small
///    rendering, and another face's letter differing by a pixel along its edges), its core pixels (coverage 1 with 4 inked neighbours, up to 8) each α ≥ 0.3,
///    and *clear* = its *ring* (the pixels 4-adjacent to the letter's pixels that the letter does
///    not touch), 1 − α averaged, ≥ 0.6: the letter's outline is background except where the
///    drawing's strokes cross it; the part of the ring inside the ink's bounding box ≥ 0.5 on its
///    own (the ring beyond the box is clear whatever the drawing: a solid bar at the corner holds
///    an E whose ring is clear below and to the right only); and
///    the part of the ring inside the letter's box (its counters and notches) ≥ 0.35 clear, or a
///    solid shape (a padlock, a filled square), which holds every letter, would fit;
/// 3. the *word*: from the corner letter inwards, the next letter of any of the 36 shapes at the
///    same height, its box 1 px over to 0.5 h away, its bottom on the same baseline (±1 px), the
///    best fit each time (from 11 px also a template a pixel shorter or taller, its bottom on the
///    baseline or its top on the last letter's: two letters of one word rendered 12 px tall fit
///    templates of 12 and 13 px); a word is two letters or more, at least two of them distinctive, no
///    character twice and no two congruent shapes (repeated or mirrored shapes are drawing: »»,
///    stacked bars that fit E and 3; ``congruentPairs``), and the word's box is not its own mirror image (two bars,
///    tally marks, a grid of squares fit H, N or M but read the same mirrored).
///
/// A filled glyph never fits (its letter ring is inked); a line drawing fits only where a letter's
/// exact shape stands free of the rest, which a corner of a drawing almost never is with a second
/// letter beside it. Calibration (scripts/calibrate, text in DejaVu Sans Bold, capitals 28–34% of
/// the canvas, over the bottom-right corner's strokes): see the text_in_icon rule's rationale.
///
/// - Complexity: O(W·H) at most for the ink's box (its margins are read) and the gate's rows; then
///   for each gated corner, height and distinctive letter, nine placements (±1 px), each stopping at
///   its two anchor pixels, its core pixels or once the deficit exceeds 20%: O(corners · heights ·
///   23 · 9 · k), k the pixels read; a word's extension O(36 · 0.5 h · 3 · a) per letter.
public enum StampedText {
  /// Heights searched, as shares of the canvas height, and the largest in px.
  static let heightRange = (low: 0.14, high: 0.4)
  static let largestHeightPx = 48
  /// From this capital height (px) a pixel is under a tenth of the letter: the search allows a
  /// rendering that differs from the template by one (see ``detect(_:minimumHeightPx:)``).
  static let loosePlacementHeightPx = 11
  /// Fit thresholds (step 2): the inside share of a letter beside the corner letter, of the corner
  /// letter, and the mean over the word's letters.
  static let minimumInside: Float = 0.75
  static let minimumCornerInside: Float = 0.8
  static let minimumWordInside: Float = 0.8
  static let minimumClear: Float = 0.6
  static let minimumBoxClear: Float = 0.5
  static let minimumInnerClear: Float = 0.35
  /// Below ``loosePlacementHeightPx`` the corner letter's blank pixels (``blankInk(_:_:width:)``)
  /// are at most this share inked on average.
  static let maximumSmallBlankInk: Float = 0.4
  /// Shapes that are drawing as often as letters: bars, corners, hooks, arcs, rings (Q: a ring
  /// with a line leaving it, a graph's node), chevrons, crosses, stacked bars (E, F, 3: a list, a
  /// drive's slots).
  static let weakCharacters: Set<Character> = ["I", "J", "L", "T", "1", "7", "O", "0", "Q", "C", "D", "U", "V", "X", "E", "F", "3"]

  /// One letter shape at one capital height.
  struct Template: Sendable {
    let character: Character
    let isWeak: Bool
    let width: Int
    let height: Int
    /// Rows below the baseline (round letters' overshoot).
    let belowBaseline: Int
    /// Pixels with coverage > 0 as (offset x, offset y, coverage), in a fixed scattered order (the
    /// inside sum's early exit reads across the whole letter first).
    let pixels: [(x: Int32, y: Int32, c: Float)]
    let sum: Float
    /// The ring: (x, y) relative to the box's top-left, from −1 to width / height.
    let ring: [(x: Int32, y: Int32)]
    /// How many ring pixels lie inside the box (counters, notches).
    let innerRing: Int
    /// Up to 8 pixels fully inside the letter (coverage 1 and its 4 neighbours ≥ 0.5), scattered:
    /// a stamped letter inks each of them (α ≥ 0.3), the first test of a placement.
    let core: [(x: Int32, y: Int32)]
    /// The pixels of its box it leaves blank (coverage 0): its counters, notches and the space
    /// around its strokes, (x, y) relative to the box's top-left; only for capital heights below
    /// ``loosePlacementHeightPx`` (where they are read), empty above.
    let blank: [(x: Int32, y: Int32)]
    /// Its stems: the columns fully inside it (coverage ≥ 0.75) in every row, left to right.
    let stems: [Int32]
    /// Per corner (bit 0: left, bit 1: top) the letter's outermost inked pixel on its bottom (top)
    /// row and its lowest (highest) inked pixel on its outer column: the pixels a corner badge puts
    /// on the ink's bounding box.
    let anchors: [(x: Int32, y: Int32)]
  }

  /// The templates of one height, built once per process (``TemplateCache``).
  static func templates(height h: Int) -> [Template] { TemplateCache.shared.templates(height: h) }

  /// A placed letter.
  struct Placed {
    var template: Template
    var x: Int
    var y: Int
    var inside: Float
    var clear: Float
  }

  /// The stamped word in a corner of the drawing, or nil.
  public static func detect(_ mask: AlphaMask, minimumHeightPx: Int) -> TextDetector.Detection? {
    guard let word = bestWord(mask, minimumHeightPx: minimumHeightPx) else { return nil }
    let glyphs = word.sorted { $0.x < $1.x }.map { p in
      TextDetector.Glyph(minX: p.x, minY: p.y, maxX: p.x + p.template.width - 1, maxY: p.y + p.template.height - 1,
                         areaPx: Int(p.template.sum.rounded()), strokePx: 0, holes: 0, holeAreaPx: 0)
    }
    return TextDetector.Detection(glyphs: glyphs, heightPx: word.map(\.template.height).max() ?? 0,
                                  baselinePx: glyphs.map(\.maxY).max() ?? 0)
  }

  /// The best word's placed letters (``detect(_:minimumHeightPx:)``), or nil.
  static func bestWord(_ mask: AlphaMask, minimumHeightPx: Int) -> [Placed]? {
    let w = mask.width, h = mask.height
    let low = max(minimumHeightPx, 7, Int((heightRange.low * Double(h)).rounded(.up)))
    let high = min(largestHeightPx, Int(heightRange.high * Double(h)))
    guard w > 0, h > 0, low <= high else { return nil }
    return mask.coverage.withUnsafeBufferPointer { a -> [Placed]? in
      guard let box = inkBox(a, width: w, height: h) else { return nil }
      var best: [Placed]?
      // The right corners, where a tab icon's badge sits (a count, NEW): the left ones are not
      // searched, which halves the cost.
      let corners = [0, 2].filter { hasFeet(a, width: w, height: h, box: box, left: $0 & 1 == 1, top: $0 & 2 == 2) }
      guard !corners.isEmpty else { return nil }
      let entries = TemplateCache.shared.entries(heights: low...high)
      for (k, (set, headers)) in entries.enumerated() {
        let height = low + k
        // From 11 px capitals a pixel is under a tenth of the letter: a rendering that differs from
        // the template by one (another face, hinting, the badge drawn a pixel in from the glyph's
        // edge) is allowed for; below, the same freedom fits letters to bits of a stroke.
        let loose = height >= loosePlacementHeightPx
        var sets = [set]
        if loose {
          for other in [height - 1, height + 1] where other >= low { sets.append(TemplateCache.shared.templates(height: other)) }
        }
        for corner in corners {
          let left = corner & 1 == 1, top = corner & 2 == 2
          for (i, t) in headers.enumerated() where !t.isWeak {
            let anchor = corner &* 4
            for dy in -1...1 {
              // The template's box and the rendered letter's may differ by a pixel either way, and
              // a badge may stand up to 2 px in from the side of the ink's box.
              for dx in -1...(loose ? 2 : 1) {
                let x = left ? box.minX + dx : box.maxX - dx - t.width + 1
                let y = top ? box.minY + dy : box.maxY - dy - t.height + 1
                // Within the ink's box, a rendered letter a pixel smaller than the template has
                // its anchor pixels a pixel in.
                let near = loose && dx >= 0 && dy >= 0
                guard x >= 0, y >= 0, x + t.width <= w, y + t.height <= h,
                  isInked(a, x: x + t.anchor(anchor), y: y + t.anchor(anchor + 1), width: w, height: h, orNeighbour: near),
                  isInked(a, x: x + t.anchor(anchor + 2), y: y + t.anchor(anchor + 3), width: w, height: h, orNeighbour: near),
                  let first = fit(set[i], x: x, y: y, a, width: w, height: h, box: box, minimumInside: minimumCornerInside),
                  // Below 11 px a letter is a few dozen pixels, and the edge of a solid block or
                  // the end of a bar holds many: there the corner letter must stand free.
                  loose || (blankInk(first, a, width: w) <= maximumSmallBlankInk
                    && !continuesAsBar(first, a, width: w, height: h, top: top))
                else { continue }
                let word = extend([first], inwardsToTheRight: left, templates: sets, a, width: w, height: h, box: box)
                guard isWord(word), !isMirrorSymmetric(word, a, width: w) else { continue }
                if best == nil || key(word) > key(best!) { best = word }
              }
            }
          }
        }
      }
      return best
    }
  }

  /// The same on a compact mask.
  public static func detect(_ mask: CompactMask, minimumHeightPx: Int) -> TextDetector.Detection? {
    detect(mask.alphaMask, minimumHeightPx: minimumHeightPx)
  }

  /// `text` (capitals and digits of ``LetterTemplates``) stamped over `mask` as a badge is: its
  /// letters' coverage at capital height `capitalHeightPx`, `gapPx` apart, on one baseline, the
  /// word's box 1 px from the canvas's bottom edge and `rightMarginPx` from its right edge, α the
  /// larger of the two (for examples and tests; other characters are skipped).
  public static func stamp(_ text: String, into mask: AlphaMask, capitalHeightPx: Int, gapPx: Int = 1,
                           rightMarginPx: Int = 1) -> AlphaMask {
    let set = templates(height: capitalHeightPx)
    let letters = text.compactMap { ch in set.first { $0.character == ch } }
    guard !letters.isEmpty else { return mask }
    let width = letters.map(\.width).reduce(0, +) + gapPx * (letters.count - 1)
    let baseline = mask.height - 1 - (letters.map(\.belowBaseline).max() ?? 0)
    var coverage = mask.coverage
    var x = mask.width - rightMarginPx - width
    for t in letters {
      let top = baseline - t.height + t.belowBaseline
      for p in t.pixels {
        let px = x + Int(p.x), py = top + Int(p.y)
        guard px >= 0, py >= 0, px < mask.width, py < mask.height else { continue }
        coverage[py * mask.width + px] = max(coverage[py * mask.width + px], p.c)
      }
      x += t.width + gapPx
    }
    return AlphaMask(width: mask.width, height: mask.height, scale: mask.scale, coverage: coverage)
  }

  /// An anchor pixel inked: α ≥ 0.15 at (x, y), or (`orNeighbour`) at one of its 4 neighbours.
  @inline(__always) static func isInked(_ a: UnsafeBufferPointer<Float>, x: Int, y: Int, width w: Int, height h: Int,
                                        orNeighbour: Bool) -> Bool {
    if a[y * w + x] >= 0.15 { return true }
    guard orNeighbour else { return false }
    return (x > 0 && a[y * w + x - 1] >= 0.15) || (x + 1 < w && a[y * w + x + 1] >= 0.15)
      || (y > 0 && a[(y - 1) * w + x] >= 0.15) || (y + 1 < h && a[(y + 1) * w + x] >= 0.15)
  }

  /// Word order: more distinctive letters, then more letters, then the larger clear share.
  static func key(_ word: [Placed]) -> (Int, Int, Float) {
    (word.filter { !$0.template.isWeak }.count, word.count, word.map(\.clear).reduce(0, +))
  }

  /// The mean α over the placed letter's blank pixels (``Template/blank``: the pixels of its box it
  /// does not cover): 0 where its counters, notches and the space beside its strokes are background,
  /// 1 where the letter sits inside a solid shape.
  /// - Complexity: O(w·h) over the letter's box.
  static func blankInk(_ p: Placed, _ a: UnsafeBufferPointer<Float>, width w: Int) -> Float {
    guard !p.template.blank.isEmpty else { return 0 }
    var sum: Float = 0
    for b in p.template.blank { sum += a[(p.y + Int(b.y)) * w + p.x + Int(b.x)] }
    return sum / Float(p.template.blank.count)
  }

  /// The placed letter is the end of a longer bar: one of its stems (``Template/stems``, a run of
  /// columns) goes on beyond its top (its bottom, in a top corner) for half the letter's height, as
  /// wide as the stem: its columns inked (α ≥ 0.5) and the column on each side of it not. A letter
  /// stands on its own; a rail or a wall that goes on past the letter is drawing (a wider shape
  /// above the letter, a stroke crossing it, is not a continuation of its stem).
  /// - Complexity: O(stems · h).
  static func continuesAsBar(_ p: Placed, _ a: UnsafeBufferPointer<Float>, width w: Int, height h: Int, top: Bool) -> Bool {
    let reach = max(2, p.template.height / 2)
    var k = 0
    let stems = p.template.stems
    while k < stems.count {
      // The run of stem columns k...end.
      var end = k
      while end + 1 < stems.count && stems[end + 1] == stems[end] + 1 { end += 1 }
      let x0 = p.x + Int(stems[k]), x1 = p.x + Int(stems[end])
      var bar = true
      for step in 1...reach {
        let y = top ? p.y + p.template.height - 1 + step : p.y - step
        guard y >= 0, y < h else {
          bar = false
          break
        }
        let row = y * w
        let inked = (x0...x1).allSatisfy { a[row + $0] >= 0.5 }
        let flanksClear = (x0 == 0 || a[row + x0 - 1] < 0.5) && (x1 + 1 >= w || a[row + x1 + 1] < 0.5)
        if !(inked && flanksClear) {
          bar = false
          break
        }
      }
      if bar { return true }
      k = end + 1
    }
    return false
  }

  /// Step 3's test of a word: two letters or more, two distinctive, no two alike (the same
  /// character, or congruent shapes: E and 3 are mirror images, and stacked bars fit both).
  static func isWord(_ word: [Placed]) -> Bool {
    guard word.count >= 2, word.map(\.inside).reduce(0, +) >= minimumWordInside * Float(word.count), word.filter({ !$0.template.isWeak }).count >= 2 else { return false }
    guard Set(word.map(\.template.character)).count == word.count else { return false }
    for i in word.indices {
      for j in word.indices where j > i {
        if areCongruent(word[i].template, word[j].template) { return false }
      }
    }
    return true
  }

  /// The word's box (the union of its letters' boxes) is its own mirror image: α ≥ 0.5 flipped
  /// left to right has pixel IoU ≥ 0.75 with itself at the best offset of ±1 px. Two bars (a
  /// pause sign, tally marks), a grid of squares or a row of dots fit letters made of bars (H, N,
  /// M) but read the same mirrored; a word almost never does (the rule of ``TextDetector`` for
  /// separate shapes).
  /// - Complexity: O(w·h) over the word's box.
  static func isMirrorSymmetric(_ word: [Placed], _ a: UnsafeBufferPointer<Float>, width w: Int) -> Bool {
    let minX = word.map(\.x).min() ?? 0, maxX = word.map { $0.x + $0.template.width - 1 }.max() ?? 0
    let minY = word.map(\.y).min() ?? 0, maxY = word.map { $0.y + $0.template.height - 1 }.max() ?? 0
    let bw = maxX - minX + 1, bh = maxY - minY + 1
    guard bw > 0, bh > 0 else { return false }
    var best = 0.0
    for dx in -1...1 {
      var both = 0, either = 0
      for y in 0..<bh {
        for x in 0..<bw {
          let p = a[(minY + y) * w + minX + x] >= 0.5
          let mx = bw - 1 - x + dx
          let q = mx >= 0 && mx < bw && a[(minY + y) * w + minX + mx] >= 0.5
          if p && q { both += 1 }
          if p || q { either += 1 }
        }
      }
      if either > 0 { best = max(best, Double(both) / Double(either)) }
    }
    return best >= 0.75
  }

  /// Two letter shapes alike: the same character, or a pair of ``congruentPairs``.
  static func areCongruent(_ p: Template, _ q: Template) -> Bool {
    p.character == q.character || congruentPairs.contains(String([p.character, q.character]))
  }

  /// The gate of a corner: letters stand on a baseline, so where a word is stamped over a corner
  /// the ink's last row (first, for a top corner) holds the feet of several letters: one of the
  /// three outermost rows has two short runs of ink or more (each ≤ 25% of the canvas height, 25%
  /// apart at most) from the corner's side, within 70% of the width, the first within 12% of the
  /// canvas height of the box's side (the outer letter's foot). A drawing's own last row is
  /// mostly one run, a long one or one in the middle (a curve's bottom, a frame's edge): 8.3% of
  /// a sample of 600 icons of the 10,000-icon corpus pass at the bottom-right corner, 6.2% at the
  /// top-right; all 210 stamped words of the calibration pass.
  static let footFraction = 0.25
  /// The outermost foot starts within this share of the canvas height from the box's side.
  static let footInsetFraction = 0.12

  static func hasFeet(_ a: UnsafeBufferPointer<Float>, width w: Int, height: Int, box: (minX: Int, minY: Int, maxX: Int, maxY: Int),
                      left: Bool, top: Bool) -> Bool {
    let span = Int(0.7 * Double(w))
    let x0 = left ? box.minX : max(0, box.maxX - span + 1), x1 = left ? min(w - 1, box.minX + span - 1) : box.maxX
    let longest = footFraction * Double(height)
    for k in 0..<3 {
      let y = top ? box.minY + k : box.maxY - k
      guard y >= box.minY && y <= box.maxY else { continue }
      // The runs from the corner's side inwards: count the short ones (≤ 25% of the canvas height,
      // a letter's foot or bottom bar) separated by short gaps (≤ 25%), stopping at the first
      // that is not.
      var feet = 0
      var firstInset = Double.infinity
      var runStart = -1, lastEnd = -1
      var x = left ? x0 : x1
      let step = left ? 1 : -1
      while true {
        let inRange = left ? x <= x1 : x >= x0
        let on = inRange && a[y * w + x] >= 0.5
        if on && runStart < 0 {
          if lastEnd >= 0 && Double(abs(x - lastEnd)) - 1 > longest { break }
          if lastEnd < 0 { firstInset = Double(left ? x - box.minX : box.maxX - x) }
          runStart = x
        } else if !on && runStart >= 0 {
          let end = x - step
          if Double(abs(end - runStart) + 1) > longest { break }
          feet += 1
          lastEnd = end
          runStart = -1
        }
        if !inRange { break }
        x += step
      }
      if feet >= 2 && firstInset <= footInsetFraction * Double(height) { return true }
    }
    return false
  }

  /// The ink's bounding box (α ≥ 0.05: a letter's box holds its faintest edge pixels), reading
  /// the margins only: the top and bottom rows without ink eight pixels at a time, then each row
  /// between from the left up to the leftmost ink found so far and from the right down to the
  /// rightmost (row by row; the same box as reading the columns from each side).
  static func inkBox(_ a: UnsafeBufferPointer<Float>, width w: Int, height h: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    guard w > 0, h > 0, let base = a.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    func rowHasInk(_ y: Int) -> Bool {
      let row = y &* w
      var x = 0
      while x &+ 8 <= w {
        let v = raw.loadUnaligned(fromByteOffset: (row &+ x) &* 4, as: SIMD8<Float>.self)
        if any(v .>= 0.05) { return true }
        x &+= 8
      }
      while x < w {
        if a[row &+ x] >= 0.05 { return true }
        x &+= 1
      }
      return false
    }
    guard let minY = (0..<h).first(where: rowHasInk), let maxY = (0..<h).reversed().first(where: rowHasInk) else { return nil }
    var minX = w
    var maxX = -1
    for y in minY...maxY {
      let row = y &* w
      var x = 0
      while x < minX {
        if a[row &+ x] >= 0.05 {
          minX = x
          break
        }
        x &+= 1
      }
      x = w &- 1
      while x > maxX {
        if a[row &+ x] >= 0.05 {
          maxX = x
          break
        }
        x &-= 1
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX, maxY)
  }

  /// Step 2: the template's fit at (x, y), or nil when it fails (the box must lie on the canvas).
  static func fit(_ t: Template, x: Int, y: Int, _ a: UnsafeBufferPointer<Float>, width w: Int, height h: Int,
                  box: (minX: Int, minY: Int, maxX: Int, maxY: Int), minimumInside: Float = minimumInside) -> Placed? {
    guard let score = fitScore(t, x: x, y: y, a, width: w, height: h, box: box, minimumInside: minimumInside) else { return nil }
    return Placed(template: t, x: x, y: y, inside: score.inside, clear: score.clear)
  }

  /// ``fit(_:x:y:_:width:height:box:minimumInside:)``'s inside and clear shares, without the
  /// placed letter (the word's extension tries every template at every place and keeps one).
  static func fitScore(_ t: Template, x: Int, y: Int, _ a: UnsafeBufferPointer<Float>, width w: Int, height h: Int,
                       box: (minX: Int, minY: Int, maxX: Int, maxY: Int), minimumInside: Float = minimumInside)
    -> (inside: Float, clear: Float)? {
    guard x >= 0, y >= 0, x + t.width <= w, y + t.height <= h else { return nil }
    for p in t.core where a[(y + Int(p.y)) * w + x + Int(p.x)] < 0.3 { return nil }
    let allowed = (1 - minimumInside) * t.sum
    var deficit: Float = 0
    for p in t.pixels {
      let v = a[(y + Int(p.y)) * w + x + Int(p.x)]
      if v < p.c {
        deficit += p.c - v
        if deficit > allowed { return nil }
      }
    }
    // Ring pixels beyond the ink's box are clear whatever the drawing (a letter placed at the
    // box's corner has half its ring there): only those inside it are evidence.
    var clear: Float = 0, boxClear: Float = 0, innerClear: Float = 0
    var counted = 0
    for r in t.ring {
      let px = x + Int(r.x), py = y + Int(r.y)
      guard px >= box.minX, py >= box.minY, px <= box.maxX, py <= box.maxY else {
        clear += 1
        continue
      }
      let v = 1 - a[py * w + px]
      clear += v
      boxClear += v
      counted += 1
      if r.x >= 0 && r.y >= 0 && Int(r.x) < t.width && Int(r.y) < t.height { innerClear += v }
    }
    let share = t.ring.isEmpty ? 0 : clear / Float(t.ring.count)
    guard share >= minimumClear, counted > 0, boxClear >= minimumBoxClear * Float(counted) else { return nil }
    // The counters and notches (the ring inside the letter's box) are clear too: a solid shape
    // holds every letter and its box's outline is clear, but not its counters.
    guard t.innerRing == 0 || innerClear >= minimumInnerClear * Float(t.innerRing) else { return nil }
    return (1 - deficit / t.sum, share)
  }

  /// Step 3: letters beside the last one, inwards (to the right from a left corner), of the templates
  /// `sets` (the word's height first, its bottom on the baseline ±1 px; from 11 px also a pixel
  /// shorter and taller, its bottom on the baseline or its top on the last letter's), the best fit
  /// each time (distinctive letters first), at most 8.
  static func extend(_ word: [Placed], inwardsToTheRight: Bool, templates sets: [[Template]], _ a: UnsafeBufferPointer<Float>,
                     width w: Int, height h: Int, box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> [Placed] {
    var word = word
    while word.count < 8, let last = word.last {
      let baseline = last.y + last.template.height - last.template.belowBaseline
      let size = last.template.height
      // The best fit so far (set, template, place, shares): the placed letter is made once, for it.
      var found: (k: Int, i: Int, x: Int, y: Int, inside: Float, clear: Float)?
      var foundKey: (Int, Float) = (0, 0)
      for k in sets.indices {
        sets[k].withUnsafeBufferPointer { set in
          for i in set.indices {
            // The word's height: on the baseline ±1 px. A pixel shorter or taller: the extra row at
            // the bottom or at the top (on the baseline, or its top on the last letter's).
            let onBaseline = baseline + set[i].belowBaseline - set[i].height
            let rows: (Int, Int, Int)
            let rowCount: Int
            if k == 0 {
              (rows, rowCount) = ((onBaseline - 1, onBaseline, onBaseline + 1), 3)
            } else if onBaseline == last.y {
              (rows, rowCount) = ((onBaseline, 0, 0), 1)
            } else {
              (rows, rowCount) = ((onBaseline, last.y, 0), 2)
            }
            let strong = set[i].isWeak ? 0 : 1
            for gap in -1...max(0, size / 2) {
              let x = inwardsToTheRight ? last.x + last.template.width + gap : last.x - gap - set[i].width
              for r in 0..<rowCount {
                let y = r == 0 ? rows.0 : r == 1 ? rows.1 : rows.2
                guard let p = fitScore(set[i], x: x, y: y, a, width: w, height: h, box: box) else { continue }
                let key = (strong, p.inside + p.clear)
                if found == nil || key > foundKey {
                  found = (k, i, x, y, p.inside, p.clear)
                  foundKey = key
                }
              }
            }
          }
        }
      }
      guard let next = found else { break }
      word.append(Placed(template: sets[next.k][next.i], x: next.x, y: next.y, inside: next.inside, clear: next.clear))
    }
    return word
  }
}
