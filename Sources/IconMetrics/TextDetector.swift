// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Finds letters or digits drawn inside an icon: a pure function of its ``AlphaMask``.
///
/// Text is a row of small, separate, letter-like shapes on a common baseline. The detector:
///
/// 1. labels the core (α ≥ 0.5) into 8-connected components (``ConnectedComponents``);
/// 2. describes each by its bounding box, area A, boundary length B (4-neighbour edges to the
///    background), holes and their area, and second moments, and estimates its stroke as
///    t = 2A ÷ B (a stroke of width w and length L ≫ w gives ≈ w);
/// 3. keeps the *letter-like* ones: not too small (height ≥ `minimumHeightPx` and ≥ 2.5 t), not
///    the main drawing (height ≤ 70% of the canvas), not wide (width ≤ 1.8 × height: m, w), not a blob
///    (a dot or a filled square: no hole and t ≥ 0.3 × its longer side), not a straight bar (the
///    spread across its principal axis √(12 λ_min) < 2 t, with λ_min the smaller eigenvalue of the
///    pixel covariance: a bar of width w gives w, a letter several times t), and not a cross (+, ×:
///    no hole and its own reflection in the diagonal, IoU ≥ 0.75); a *ring* (the outline of a
///    rectangle or a circle: one hole covering ≥ 20% of its box, or a hole and diagonal symmetry;
///    also o, O, D, 0) is kept but marked: it joins a run, two rings are never paired, and a run
///    needs two members that are not rings (so framed panels side by side are not a word, while
///    "Home" is);
/// 4. pairs letter-like components that sit side by side on one line: bottoms within
///    max(1.5 px, 10% of the taller height) of each other, heights within a factor 0.55 (capitals
///    next to lowercase letters or digits), strokes within a factor 2, and a horizontal gap of at
///    most 60% of the taller height (boxes overlapping by at most 1 px or 10% of the narrower);
/// 5. rejects pairs of *congruent* shapes — the same shape at any size, mirrored or turned by
///    180°, with an intersection over union ≥ 0.7 once both are scaled to one box — because
///    repeated or mirrored elements (chevrons », brackets ( ), sliders, footprints) are drawing,
///    while text is a row of different letters; and drops a run that is its own mirror image
///    (the union of its pixels flipped left to right, IoU ≥ 0.75: ⌐ ▼ ¬, brackets around a mark).
///
/// Letters stamped over the drawing touch its strokes and are one component with it; steps 6–8
/// separate them from the drawing and apply the same letter and pair tests to the parts:
///
/// 6. *band cut*: for each letter-like shape that is not a ring (an anchor), the core inside its
///    band — its own rows, twice its height to either side — is labelled again on its own. A
///    stroke of the drawing that enters the band from above or below is cut there, so a letter
///    stamped over it beside the anchor becomes a piece of its own, with stubs of the strokes it
///    touched. A run found in the band must hold the anchor and a piece cut out of a larger
///    component (``separated(_:shapes:labelling:minimumHeightPx:)``);
/// 7. *long strokes removed*: the core without its straight runs longer than 30% of the canvas
///    side — along rows, along columns, or both (three tries) — is labelled again. No letter is
///    that long in one line, while a frame's edge, a rule or a stem that the letters hang from
///    or cross is; the letters keep their other pixels. A run found there must hold a piece that
///    lost pixels (``unstroked(_:minimumHeightPx:)``);
/// 8. a run from step 6 or 7 is text only if its letters are small (each at most 40% of the
///    canvas height: letters stamped over a drawing are a badge; a taller "letter" is the drawing),
///    stand in a row (no box over another's) with no two congruent (the mirror-image halves of a
///    cut drawing either side of its middle are not letters), and read as a word: three letters
///    or more, or every piece cut out of the drawing has a *counter* — holes averaging at most 10%
///    of its box (A, B, 4, a, e). Without that, a badge symbol (a lock, a clock, a pin) beside a
///    piece of the frame it interrupts, cut by the band into an L, an arc or a bar, would pair
///    like two letters.
///
/// Dots (an ellipsis, grid dots) are blobs, and an equal sign, tally marks or parallel lines are
/// bars, so none of them is text; a single letter used as a symbol has no second letter, and
/// the parts of a cut keyboard, grid or barcode are blobs, bars or rings. Calibration
/// (scripts/calibrate, 210 icons each): a word under a glyph 95.2% found; letters stamped over
/// a glyph's bottom-right corner (AB, NEW, 24 in DejaVu Sans Bold, capitals 28–34% of the
/// canvas) 39.5% found by steps 1–8 (83) (18.1% by steps 1–5 alone; a band cut with the counter
/// test alone 27%, long strokes alone 35%), clean icons 0.5% flagged (MDI chili-medium, no
/// change), untouched families 3 findings in 1,527 icons (was 2: MDI moped-electric at @2x, its
/// two wheels with the body's stubs once the body's long edge is removed, is the one added; in the
/// injected families also MDI cloud-check-variant, its two lower lobes beside the check), real
/// apps' bar families none. What limits the figure: the letters a
/// stroke hides — of the corner cases whose letters are less than 10% covered by the drawing
/// 82% are found (55 of 67), 10–20% covered 41%, 20–30% 20%, 30% and more 2% (a 2 pt stroke over
/// 4 pt letters leaves a few rows of each: no letter to test) — and "24", whose 2 has no counter
/// (14% found, NEW 61%, AB 40%: a 2 cut out of the drawing is not told from an arc of it).
/// Stronger cuts (the diagonals too, a band cut of the long-stroke parts, any run of two) found
/// up to 58% but flagged 4 to 23 more untouched icons (badges beside frames, leaves, gauges).
///
/// - Complexity: O(W·H) for the labelling and the per-component statistics, plus O(n²·a) for
///   the pairs (n letter-like components of at most a pixels each); when steps 1–5 find nothing,
///   O(W·H) more for each anchor's band and for each of the three long-stroke tries.
public enum TextDetector {
  /// One component considered as a letter.
  public struct Glyph: Sendable, Equatable {
    /// Bounding box in px: columns minX…maxX, rows minY…maxY (inclusive).
    public var minX: Int, minY: Int, maxX: Int, maxY: Int
    public var areaPx: Int
    /// 2A ÷ B, in px.
    public var strokePx: Double
    public var holes: Int
    /// Pixels enclosed by the component (its holes), px².
    public var holeAreaPx: Int
    public var widthPx: Int { maxX - minX + 1 }
    public var heightPx: Int { maxY - minY + 1 }
  }

  /// A run of letter-like shapes on one baseline.
  public struct Detection: Sendable, Equatable {
    /// The letters, left to right.
    public var glyphs: [Glyph]
    /// The tallest letter's height, in px.
    public var heightPx: Int
    /// The baseline (the lowest bottom row), in px.
    public var baselinePx: Int
  }

  /// The longest run of text-like shapes, or nil.
  /// - Parameter minimumHeightPx: letters shorter than this are not searched (too few pixels to
  ///   tell a letter).
  public static func detect(_ mask: AlphaMask, minimumHeightPx: Int = 5) -> Detection? {
    guard mask.width > 0, mask.height > 0 else { return nil }
    return detect(ConnectedComponents(mask: mask), minimumHeightPx: minimumHeightPx)
  }

  /// The same on a compact mask (its core labelled without expanding it).
  public static func detect(_ mask: CompactMask, minimumHeightPx: Int = 5) -> Detection? {
    guard mask.width > 0, mask.height > 0 else { return nil }
    return detect(ConnectedComponents(core: mask), minimumHeightPx: minimumHeightPx)
  }

  /// From the labelling of the core.
  public static func detect(_ labelling: ConnectedComponents, minimumHeightPx: Int) -> Detection? {
    guard labelling.count >= 1 else { return nil }
    var shapes = geometry(labelling)
    let letters = letterLike(&shapes, labelling: labelling, canvasHeight: labelling.height,
                             minimumHeightPx: minimumHeightPx)
    let glyphs = bestRun(letters, labels: labelling) { _ in true }
      ?? separated(letters, shapes: shapes, labelling: labelling, minimumHeightPx: minimumHeightPx)
      ?? unstroked(labelling, minimumHeightPx: minimumHeightPx)
    guard let glyphs else { return nil }
    return Detection(glyphs: glyphs.sorted { $0.minX < $1.minX }, heightPx: glyphs.map(\.heightPx).max() ?? 0,
                     baselinePx: glyphs.map(\.maxY).max() ?? 0)
  }

  /// The letter-like shapes among `shapes` (step 3), in their order, with their holes filled in.
  /// The holes are counted only for the shapes that pass every other test (they are the costly
  /// part of a description, and the main drawing never needs them).
  static func letterLike(_ shapes: inout [Shape], labelling: ConnectedComponents, canvasHeight: Int,
                         minimumHeightPx: Int) -> [Shape] {
    var letters: [Shape] = []
    for k in shapes.indices {
      guard isPlausible(shapes[k], canvasHeight: canvasHeight, minimumHeightPx: minimumHeightPx) else { continue }
      addEnclosure(&shapes[k], labelling: labelling)
      guard !isBlob(shapes[k]) else { continue }
      // A shape that is its own diagonal reflection: with a hole, a round or square outline
      // (o, O, 0, □: a ring); without one, a cross (+, ×: a symbol, not a letter).
      if isDiagonallySymmetric(shapes[k], labels: labelling) {
        guard shapes[k].glyph.holes > 0 else { continue }
        shapes[k].isSquareRing = true
      }
      letters.append(shapes[k])
    }
    return letters
  }

  /// The longest run of aligned, non-congruent letters (steps 4 and 5) that `accept` takes, or nil.
  static func bestRun(_ letters: [Shape], labels labelling: ConnectedComponents, accept: ([Shape]) -> Bool) -> [Glyph]? {
    guard letters.count >= 2 else { return nil }
    // Left to right; shapes starting in the same column in their (raster) order.
    let ordered = letters.indices.sorted { (letters[$0].glyph.minX, $0) < (letters[$1].glyph.minX, $1) }.map { letters[$0] }

    // Union-find over aligned, non-congruent pairs: each set is a run of text.
    var parent = Array(0..<ordered.count)
    func root(_ i: Int) -> Int {
      var i = i
      while parent[i] != i {
        parent[i] = parent[parent[i]]
        i = parent[i]
      }
      return i
    }
    var linked = false
    for a in 0..<ordered.count {
      for b in (a + 1)..<ordered.count {
        let p = ordered[a], q = ordered[b]
        // Two rings (two framed panels, O next to 0) are never a word on their own.
        guard !(isRing(p) && isRing(q)), areAligned(p.glyph, q.glyph), !areCongruent(p, q, labels: labelling)
        else { continue }
        parent[root(a)] = root(b)
        linked = true
      }
    }
    guard linked else { return nil }
    // The runs in the order of their leftmost glyph; the longest wins, then the largest in area,
    // then the leftmost (a fixed order: the same icon always gives the same detection).
    var runIndex: [Int: Int] = [:]
    var members: [[Shape]] = []
    for i in 0..<ordered.count {
      let r = root(i)
      if let k = runIndex[r] {
        members[k].append(ordered[i])
      } else {
        runIndex[r] = members.count
        members.append([ordered[i]])
      }
    }
    // A run needs two members that are not rings, and must not be its own mirror image (brackets
    // around a mark, ⌐ ▼ ¬, are drawing).
    let runs = members.filter { run in
      run.filter { !isRing($0) }.count >= 2 && accept(run) && !isMirrorSymmetric(run, labels: labelling)
    }.map { $0.map(\.glyph) }
    var best: [Glyph]?
    var bestKey = (0, 0)
    for run in runs {
      let key = (run.count, run.map(\.areaPx).reduce(0, +))
      if best == nil || key > bestKey {
        best = run
        bestKey = key
      }
    }
    return best
  }

  /// Letters merged with the drawing, cut out along a letter's band (step 6). For each letter-like
  /// shape that is not a ring (the *anchor*), the core inside its band — its own rows, and twice
  /// its height to either side — is labelled again on its own: every stroke that enters the band
  /// from above or below is cut there, so a letter stamped over the drawing's strokes beside the
  /// anchor becomes a piece of its own (with stubs of the strokes it touched). A run found there
  /// counts only with the anchor, a piece cut out of a larger component, and
  /// ``isMergedText(_:canvasHeight:isCut:)``. Returns the run in canvas coordinates, or nil.
  /// - Complexity: O(n · (2·reach + w)·h + its pairs) for n anchors, each band labelled once.
  static func separated(_ letters: [Shape], shapes: [Shape], labelling: ConnectedComponents,
                        minimumHeightPx: Int) -> [Glyph]? {
    let w = labelling.width, h = labelling.height
    var boxes = [(minX: Int, minY: Int, maxX: Int, maxY: Int)](repeating: (0, 0, -1, -1), count: labelling.count + 1)
    for s in shapes { boxes[Int(s.label)] = (s.glyph.minX, s.glyph.minY, s.glyph.maxX, s.glyph.maxY) }
    var best: [Glyph]?
    for anchor in letters where !isRing(anchor) {
      let g = anchor.glyph
      let reach = 2 * g.heightPx
      let x0 = max(0, g.minX - reach), x1 = min(w - 1, g.maxX + reach), y0 = g.minY, y1 = g.maxY
      let ww = x1 - x0 + 1, wh = y1 - y0 + 1
      // The band's core, and for each of its pixels whether its component reaches outside it.
      var foreground = [Bool](repeating: false, count: ww * wh)
      var cut = [Bool](repeating: false, count: ww * wh)
      var anyCut = false
      labelling.labels.withUnsafeBufferPointer { labels in
        for y in 0..<wh {
          for x in 0..<ww {
            let l = Int(labels[(y0 + y) * w + x0 + x])
            guard l > 0 else { continue }
            foreground[y * ww + x] = true
            let b = boxes[l]
            if b.minX < x0 || b.maxX > x1 || b.minY < y0 || b.maxY > y1 {
              cut[y * ww + x] = true
              anyCut = true
            }
          }
        }
      }
      guard anyCut else { continue }
      let band = ConnectedComponents(foreground: foreground, width: ww, height: wh)
      var anchorColumn = g.minX
      while labelling.labels[g.maxY * w + anchorColumn] != anchor.label { anchorColumn += 1 }
      let anchorLabel = band.labels[(g.maxY - y0) * ww + anchorColumn - x0]
      var pieces = geometry(band)
      let candidates = letterLike(&pieces, labelling: band, canvasHeight: h, minimumHeightPx: minimumHeightPx)
      // A piece is a connected part of one component of the canvas: one pixel tells whether it was cut.
      let isCut: (Shape) -> Bool = { s in
        let p = s.glyph
        for x in p.minX...p.maxX where band.labels[p.maxY * ww + x] == s.label { return cut[p.maxY * ww + x] }
        return false
      }
      let run = bestRun(candidates, labels: band) { run in
        run.contains { $0.label == anchorLabel } && run.contains(where: isCut)
          && isMergedText(run, canvasHeight: h, isCut: isCut, labels: band)
      }
      guard let run else { continue }
      let moved = run.map { p in
        Glyph(minX: p.minX + x0, minY: p.minY + y0, maxX: p.maxX + x0, maxY: p.maxY + y0, areaPx: p.areaPx,
              strokePx: p.strokePx, holes: p.holes, holeAreaPx: p.holeAreaPx)
      }
      best = better(best, moved)
    }
    return best
  }

  /// Letters joined by long straight strokes of the drawing (step 7): the core without its runs
  /// of more than 30% of the canvas side along rows, along columns, or both (three tries), labelled
  /// again. A letter is never that long in one line while the edge of a frame, a rule or a stem
  /// crossing the letters is; a letter stamped over such a stroke keeps its other pixels. A run
  /// found there counts only with a piece that lost pixels, and with
  /// ``isMergedText(_:canvasHeight:isCut:)``.
  /// - Complexity: O(W·H) per try, plus the pairs of its letter-like pieces.
  static func unstroked(_ labelling: ConnectedComponents, minimumHeightPx: Int) -> [Glyph]? {
    var best: [Glyph]?
    for (rows, columns) in [(true, false), (false, true), (true, true)] {
      if let run = unstroked(labelling, rows: rows, columns: columns, minimumHeightPx: minimumHeightPx) {
        best = better(best, run)
      }
    }
    return best
  }

  /// One try of ``unstroked(_:minimumHeightPx:)``: the long runs of the rows, of the columns or
  /// of both removed.
  static func unstroked(_ labelling: ConnectedComponents, rows: Bool, columns: Bool, minimumHeightPx: Int) -> [Glyph]? {
    let w = labelling.width, h = labelling.height
    let longest = Int((longStrokeFraction * Double(max(w, h))).rounded(.down))
    var foreground = [Bool](repeating: false, count: w * h)
    var touched = Set<Int32>()  // the components that lost pixels
    labelling.labels.withUnsafeBufferPointer { labels in
      for i in 0..<(w * h) { foreground[i] = labels[i] > 0 }
      // Runs of one line: `count` pixels from `first`, `step` apart.
      func removeLongRuns(first: Int, count: Int, step: Int) {
        var k = 0
        while k < count {
          guard labels[first + k * step] > 0 else {
            k += 1
            continue
          }
          let start = k
          while k < count && labels[first + k * step] > 0 { k += 1 }
          guard k - start > longest else { continue }
          for j in start..<k {
            foreground[first + j * step] = false
            touched.insert(labels[first + j * step])
          }
        }
      }
      if rows { for y in 0..<h { removeLongRuns(first: y * w, count: w, step: 1) } }
      if columns { for x in 0..<w { removeLongRuns(first: x, count: h, step: w) } }
    }
    guard !touched.isEmpty else { return nil }
    let parts = ConnectedComponents(foreground: foreground, width: w, height: h)
    var pieces = geometry(parts)
    let candidates = letterLike(&pieces, labelling: parts, canvasHeight: h, minimumHeightPx: minimumHeightPx)
    let lostPixels: (Shape) -> Bool = { s in
      let g = s.glyph
      for x in g.minX...g.maxX where parts.labels[g.maxY * w + x] == s.label {
        return touched.contains(labelling.labels[g.maxY * w + x])
      }
      return false
    }
    return bestRun(candidates, labels: parts) { run in
      run.contains(where: lostPixels) && isMergedText(run, canvasHeight: h, isCut: lostPixels, labels: parts)
    }
  }

  /// Straight runs longer than this share of the canvas side are drawing, not letters (step 7).
  static let longStrokeFraction = 0.3
  /// Letters pieced out of the drawing are at most this share of the canvas height (step 8).
  static let mergedLetterHeightFraction = 0.4
  /// A counter's mean area, as a share of its letter's box (step 8).
  static let counterAreaFraction = 0.1

  /// Whether a run pieced together from letters merged with the drawing reads as text (step 8):
  /// its letters are small — each at most 40% of the canvas height (letters stamped over a drawing
  /// are a badge, not the drawing) — and stand in a row (no letter's box over another's beyond the
  /// pairs' 1 px or 10% overlap), no two are congruent (``areCongruent(_:_:labels:)``: the two
  /// mirror-image halves of a cut drawing either side of its middle are not letters), and it is
  /// three letters or more, or every letter cut out of the drawing has a counter
  /// (``hasCounter(_:)``: A, B, 4, a, e). A badge symbol beside a piece of the drawing's frame cut
  /// by the band (an L, an arc, a bar) is not a word.
  static func isMergedText(_ run: [Shape], canvasHeight: Int, isCut: (Shape) -> Bool,
                           labels: ConnectedComponents) -> Bool {
    let limit = mergedLetterHeightFraction * Double(canvasHeight)
    guard run.allSatisfy({ Double($0.glyph.heightPx) <= limit }) else { return false }
    let row = run.sorted { $0.glyph.minX < $1.glyph.minX }
    for (p, q) in zip(row, row.dropFirst()) {
      let gap = Double(q.glyph.minX - p.glyph.maxX - 1)
      guard gap >= -max(1, 0.1 * Double(min(p.glyph.widthPx, q.glyph.widthPx))) else { return false }
    }
    for i in row.indices {
      for j in row.indices where j > i {
        guard !areCongruent(row[i], row[j], labels: labels) else { return false }
      }
    }
    return run.count >= 3 || run.allSatisfy { !isCut($0) || hasCounter($0) }
  }

  /// A letter's counter: holes, each on average at most 10% of the letter's box (A, B, 4, a, e: a
  /// frame or a ring cut by a band encloses more).
  static func hasCounter(_ s: Shape) -> Bool {
    let g = s.glyph
    return g.holes > 0 && Double(g.holeAreaPx) <= counterAreaFraction * Double(g.holes * g.widthPx * g.heightPx)
  }

  /// The better of two runs: the longer, then the larger in area; the first on a tie (a fixed
  /// order: the same icon always gives the same detection).
  static func better(_ best: [Glyph]?, _ run: [Glyph]) -> [Glyph] {
    guard let best else { return run }
    let a = (best.count, best.map(\.areaPx).reduce(0, +)), b = (run.count, run.map(\.areaPx).reduce(0, +))
    return b > a ? run : best
  }

  /// A component with what the tests need.
  struct Shape {
    var label: Int32
    var glyph: Glyph
    /// Smaller eigenvalue of the pixel covariance, px².
    var minorVariance: Double
    /// Its own reflection in the diagonal, with a hole (``isDiagonallySymmetric(_:labels:)``): a
    /// ring even when its hole is small (a bold o).
    var isSquareRing = false
  }

  /// Every component described, holes included.
  static func describe(_ labelling: ConnectedComponents) -> [Shape] {
    var shapes = geometry(labelling)
    for k in shapes.indices { addEnclosure(&shapes[k], labelling: labelling) }
    return shapes
  }

  /// Every component described, without its holes (`holes` and `holeAreaPx` are 0: see
  /// ``addEnclosure(_:labelling:)``).
  ///
  /// Read a row at a time, by runs of one label: a run adds its box, area and moments in closed
  /// form (Σx, Σx² of consecutive columns), two boundary edges at its ends, and one for each of
  /// its pixels whose neighbour above or below has another label. The moments are sums of whole
  /// numbers, kept in `Int` (far below 2⁵³, so the same values as summed in `Double` per pixel).
  static func geometry(_ labelling: ConnectedComponents) -> [Shape] {
    let w = labelling.width, h = labelling.height, n = labelling.count
    guard n > 0 else { return [] }
    // Per label 1…n: the box, the area, the boundary length and the moments, in a buffer owned by
    // this function (no exclusivity checks in the loop).
    let m = n &+ 1
    let ints = UnsafeMutableBufferPointer<Int>.allocate(capacity: 11 &* m)
    defer { ints.deallocate() }
    let minX = ints.baseAddress!, minY = minX + m, maxX = minY + m, maxY = maxX + m
    let area = maxY + m, boundary = area + m
    let sx = boundary + m, sy = sx + m, sxx = sy + m, syy = sxx + m, sxy = syy + m
    minX.update(repeating: Int.max, count: 2 &* m)
    maxX.update(repeating: Int.min, count: 2 &* m)
    area.update(repeating: 0, count: 7 &* m)
    /// Σ i² for i in 0..<x.
    @inline(__always) func squares(_ x: Int) -> Int { (x &- 1) &* x &* (2 &* x &- 1) / 6 }
    labelling.labels.withUnsafeBufferPointer { labels in
      for y in 0..<h {
        let row = y &* w
        var x = 0
        while x < w {
          let l = labels[row &+ x]
          guard l > 0 else {
            x &+= 1
            continue
          }
          // The run start..<x of label l, and the 4-neighbours above and below its pixels with
          // another label (outside the canvas counts as background).
          let start = x
          var vertical = 0
          repeat {
            if y == 0 || labels[row &- w &+ x] != l { vertical &+= 1 }
            if y &+ 1 >= h || labels[row &+ w &+ x] != l { vertical &+= 1 }
            x &+= 1
          } while x < w && labels[row &+ x] == l
          let k = Int(l), length = x &- start
          let columns = (start &+ x &- 1) &* length / 2  // Σ x over the run
          minX[k] = min(minX[k], start)
          maxX[k] = max(maxX[k], x &- 1)
          minY[k] = min(minY[k], y)
          maxY[k] = max(maxY[k], y)
          area[k] &+= length
          boundary[k] &+= vertical &+ 2
          sx[k] &+= columns
          sy[k] &+= y &* length
          sxx[k] &+= squares(x) &- squares(start)
          syy[k] &+= y &* y &* length
          sxy[k] &+= y &* columns
        }
      }
    }
    var shapes: [Shape] = []
    for k in 1...n where area[k] > 0 {
      let a = Double(area[k])
      let mx = Double(sx[k]) / a, my = Double(sy[k]) / a
      let vxx = Double(sxx[k]) / a - mx * mx, vyy = Double(syy[k]) / a - my * my, vxy = Double(sxy[k]) / a - mx * my
      let minor = max(0, (vxx + vyy) / 2 - (((vxx - vyy) / 2) * ((vxx - vyy) / 2) + vxy * vxy).squareRoot())
      let glyph = Glyph(minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k], areaPx: area[k],
                        strokePx: 2 * a / Double(max(1, boundary[k])), holes: 0, holeAreaPx: 0)
      shapes.append(Shape(label: Int32(k), glyph: glyph, minorVariance: minor))
    }
    return shapes
  }

  /// Fills in a shape's holes and their area (``enclosure(of:labelling:minX:minY:maxX:maxY:)``).
  static func addEnclosure(_ shape: inout Shape, labelling: ConnectedComponents) {
    let g = shape.glyph
    let enclosed = enclosure(of: shape.label, labelling: labelling, minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY)
    shape.glyph.holes = enclosed.holes
    shape.glyph.holeAreaPx = enclosed.areaPx
  }

  /// Holes of one component and their area: 4-connected background regions of its bounding box
  /// (other components count as background) that do not reach the box's border.
  static func enclosure(of label: Int32, labelling: ConnectedComponents, minX: Int, minY: Int, maxX: Int, maxY: Int)
    -> (holes: Int, areaPx: Int)
  {
    let bw = maxX - minX + 1, bh = maxY - minY + 1
    guard bw > 2, bh > 2 else { return (0, 0) }  // every pixel of the box is on its border
    // The box padded by one pixel on every side, marked outside: 0 = not yet reached, 1 = the
    // component, 2 = outside (flooded from the padding), 3 = hole.
    let pw = bw &+ 2, ph = bh &+ 2
    var state = [UInt8](repeating: 2, count: pw &* ph)
    return labelling.labels.withUnsafeBufferPointer { labels in
      state.withUnsafeMutableBufferPointer { state in
        let stack = UnsafeMutablePointer<Int>.allocate(capacity: pw &* ph)
        defer { stack.deallocate() }
        for y in 0..<bh {
          let source = (minY &+ y) &* labelling.width &+ minX
          let row = (y &+ 1) &* pw &+ 1
          for x in 0..<bw { state[row &+ x] = labels[source &+ x] == label ? 1 : 0 }
        }
        // Flood the outside from the box's border (4-connected); each remaining 4-connected
        // region of background is a hole.
        var top = 0
        var size = 0
        @inline(__always) func flood(_ value: UInt8) {
          while top > 0 {
            top &-= 1
            let p = stack[top]
            @inline(__always) func visit(_ q: Int) {
              if state[q] == 0 {
                state[q] = value
                stack[top] = q
                top &+= 1
                size &+= 1
              }
            }
            visit(p &- pw)
            visit(p &- 1)
            visit(p &+ 1)
            visit(p &+ pw)
          }
        }
        @inline(__always) func seed(_ p: Int) {
          if state[p] == 0 {
            state[p] = 2
            stack[top] = p
            top &+= 1
          }
        }
        for x in 0..<bw {
          seed(pw &+ 1 &+ x)
          seed(bh &* pw &+ 1 &+ x)
        }
        for y in 0..<bh {
          seed((y &+ 1) &* pw &+ 1)
          seed((y &+ 1) &* pw &+ bw)
        }
        flood(2)
        var holes = 0
        var area = 0
        for y in 1..<(bh &- 1) {
          let row = (y &+ 1) &* pw &+ 1
          for x in 1..<(bw &- 1) where state[row &+ x] == 0 {
            state[row &+ x] = 3
            stack[0] = row &+ x
            top = 1
            size = 1
            flood(3)
            holes &+= 1
            area &+= size
          }
        }
        return (holes, area)
      }
    }
  }

  /// The tests of a letter that do not need the holes (size, proportions, not a bar): a shape that
  /// fails one is not letter-like whatever its holes.
  static func isPlausible(_ s: Shape, canvasHeight: Int, minimumHeightPx: Int) -> Bool {
    let g = s.glyph
    let height = Double(g.heightPx), width = Double(g.widthPx), t = g.strokePx
    guard g.heightPx >= minimumHeightPx, height >= 2.5 * t, height <= 0.7 * Double(canvasHeight),
      width <= 1.8 * height
    else { return false }
    let isBar = (12 * s.minorVariance).squareRoot() < 2 * t
    return !isBar
  }

  /// A blob (needs the holes, ``addEnclosure(_:labelling:)``): no hole and a stroke as wide as
  /// the shape (a dot, a filled square). Not a letter.
  static func isBlob(_ s: Shape) -> Bool {
    let g = s.glyph
    return g.holes == 0 && g.strokePx >= 0.3 * Double(max(g.widthPx, g.heightPx))
  }

  /// A ring (needs the holes): one hole filling ≥ 20% of the box, the outline of a rectangle or a
  /// circle, and also o, O, D, 0 or two touching letters "fo"; or a shape with a hole that is its
  /// own diagonal reflection (a bold o whose hole is small). A ring joins a run of letters but
  /// does not make one: a run needs two members that are not rings, and two rings are never paired.
  static func isRing(_ s: Shape) -> Bool {
    let g = s.glyph
    return s.isSquareRing || g.holes == 1 && Double(g.holeAreaPx) >= 0.2 * Double(g.widthPx) * Double(g.heightPx)
  }

  /// A shape that is its own reflection in the diagonal (a plus sign, a cross ×, a square, a
  /// ring): its crop scaled to a square n × n box (nearest neighbour) and transposed has pixel
  /// IoU ≥ 0.75 with itself, and its box is nearly square (sides within 1.25×). Such a shape is
  /// a symbol, not a letter (of the Latin capitals only X qualifies).
  /// - Complexity: O(n²), n the longer side of its box.
  static func isDiagonallySymmetric(_ s: Shape, labels: ConnectedComponents) -> Bool {
    let g = s.glyph
    let w = g.widthPx, h = g.heightPx
    guard Double(max(w, h)) <= 1.25 * Double(min(w, h)) else { return false }
    let n = max(w, h)
    var inside = [Bool](repeating: false, count: n &* n)
    labels.labels.withUnsafeBufferPointer { labelled in
      for y in 0..<n {
        let row = (g.minY &+ y &* h / n) &* labels.width
        for x in 0..<n where labelled[row &+ g.minX &+ x &* w / n] == s.label { inside[y &* n &+ x] = true }
      }
    }
    var both = 0, either = 0
    for y in 0..<n {
      for x in 0..<n {
        let a = inside[y &* n &+ x], b = inside[x &* n &+ y]
        if a && b { both &+= 1 }
        if a || b { either &+= 1 }
      }
    }
    return either > 0 && Double(both) >= 0.75 * Double(either)
  }

  /// A run that is its own mirror image: the union of its members' pixels in the run's box, flipped
  /// left to right, has pixel IoU ≥ 0.75 with itself (at the best offset of ±1 px). Brackets
  /// around a mark (⌐ ▼ ¬, ( • )) are; words almost never are.
  /// - Complexity: O(W·H) over the run's box.
  static func isMirrorSymmetric(_ run: [Shape], labels: ConnectedComponents) -> Bool {
    let minX = run.map(\.glyph.minX).min() ?? 0, maxX = run.map(\.glyph.maxX).max() ?? 0
    let minY = run.map(\.glyph.minY).min() ?? 0, maxY = run.map(\.glyph.maxY).max() ?? 0
    let w = maxX - minX + 1, h = maxY - minY + 1
    let members = Set(run.map(\.label))
    var inside = [Bool](repeating: false, count: w &* h)
    labels.labels.withUnsafeBufferPointer { labelled in
      for y in 0..<h {
        let row = (minY &+ y) &* labels.width &+ minX
        for x in 0..<w where members.contains(labelled[row &+ x]) { inside[y &* w &+ x] = true }
      }
    }
    var best = 0.0
    for dx in -1...1 {
      var both = 0, either = 0
      for y in 0..<h {
        for x in 0..<w {
          let a = inside[y &* w &+ x]
          let mx = w &- 1 &- x &+ dx
          let b = mx >= 0 && mx < w && inside[y &* w &+ mx]
          if a && b { both &+= 1 }
          if a || b { either &+= 1 }
        }
      }
      if either > 0 { best = max(best, Double(both) / Double(either)) }
    }
    return best >= 0.75
  }

  static func areAligned(_ p: Glyph, _ q: Glyph) -> Bool {
    let tall = Double(max(p.heightPx, q.heightPx)), short = Double(min(p.heightPx, q.heightPx))
    guard short / tall >= 0.55 else { return false }
    guard Double(abs(p.maxY - q.maxY)) <= max(1.5, 0.1 * tall) else { return false }
    guard min(p.strokePx, q.strokePx) * 2 >= max(p.strokePx, q.strokePx) else { return false }
    let (left, right) = p.minX <= q.minX ? (p, q) : (q, p)
    let gap = Double(right.minX - left.maxX - 1)
    return gap <= 0.6 * tall && gap >= -max(1, 0.1 * Double(min(left.widthPx, right.widthPx)))
  }

  /// The same shape, at any size (or its mirror image, or turned by 180°): both crops scaled to
  /// one box, pixel IoU ≥ 0.7 at the best of the four orientations and of offsets of ±1 px.
  static func areCongruent(_ p: Shape, _ q: Shape, labels: ConnectedComponents) -> Bool {
    let a = p.glyph, b = q.glyph
    let w = max(a.widthPx, b.widthPx), h = max(a.heightPx, b.heightPx)
    // Both components looked up nearest-neighbour in the common w × h box, once; q's box is padded
    // by one empty pixel on every side (the offsets of ±1 px reach it).
    let pw = w &+ 2
    var inA = [UInt8](repeating: 0, count: w &* h)
    var inB = [UInt8](repeating: 0, count: pw &* (h &+ 2))
    labels.labels.withUnsafeBufferPointer { labelled in
      for y in 0..<h {
        let ay = a.minY &+ y &* a.heightPx / h, by = b.minY &+ y &* b.heightPx / h
        for x in 0..<w {
          if labelled[ay &* labels.width &+ a.minX &+ x &* a.widthPx / w] == p.label { inA[y &* w &+ x] = 1 }
          if labelled[by &* labels.width &+ b.minX &+ x &* b.widthPx / w] == q.label { inB[(y &+ 1) &* pw &+ x &+ 1] = 1 }
        }
      }
    }
    var best = 0.0
    inA.withUnsafeBufferPointer { inA in
      inB.withUnsafeBufferPointer { inB in
        for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
          for dy in -1...1 {
            for dx in -1...1 {
              var both = 0, either = 0
              for y in 0..<h {
                let by = flipY ? h &- 1 &- (y &+ dy) : y &+ dy
                let rowB = (by &+ 1) &* pw &+ 1
                let rowA = y &* w
                for x in 0..<w {
                  let bx = flipX ? w &- 1 &- (x &+ dx) : x &+ dx
                  let pa = inA[rowA &+ x], pb = inB[rowB &+ bx]
                  both &+= Int(pa & pb)
                  either &+= Int(pa | pb)
                }
              }
              if either > 0 { best = max(best, Double(both) / Double(either)) }
            }
          }
        }
      }
    }
    return best >= 0.7
  }
}
