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
///    pixel covariance: a bar of width w gives w, a letter several times t), not a cross (+, ×:
///    no hole and its own reflection in the diagonal, IoU ≥ 0.75) and not an arrow (↑ ↓ ← →: no
///    hole, mirror-symmetric across a shaft inked along ≥ 70% of it, both ends ≤ 40% as wide as
///    its head: ``isArrow(_:labels:)``); a *ring* (the outline of a
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
///    (the union of its pixels flipped left to right, IoU ≥ 0.75: ⌐ ▼ ¬, brackets around a mark);
/// 6. cuts a run where another shape of the drawing has a pixel in the gap between two neighbours,
///    in the rows both span (``splitAtIntruders(_:labels:)``): letters stand side by side with
///    nothing between them, while between two strands of nested arcs (a fingerprint's ridges) or
///    of a lattice lies the next strand.
///
/// Dots (an ellipsis, grid dots) are blobs, and an equal sign, tally marks or parallel lines are
/// bars, so none of them is text. Letters that touch each other or the drawing are one component
/// and are not found (letters stamped over a glyph's strokes: 18.1% found in the calibration); nor
/// is a word of one repeated letter ("OO"). Calibration (scripts/calibrate, 210 icons each): a word
/// under a glyph 95.2% found (86.2% before rings, wide letters and the symmetry tests), clean
/// icons 0.5% flagged (was 1.4%), untouched families 2 findings in 1,527 icons (was 7): Tabler
/// badge-tm (real letters) and MDI chili-medium (its two stalks). Step 6 (session 12) cuts no
/// word of the calibration; it drops Lockwise's fingerprint, GoMap's crossing-markings lattice and
/// Lucide's text-cursor-input at 100 px.
///
/// - Complexity: O(W·H) for the labelling and the per-component statistics, plus O(n²·a) for
///   the pairs (n letter-like components of at most a pixels each).
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
    let h = labelling.height
    guard labelling.count >= 2 else { return nil }

    // The holes are counted only for the shapes that pass every other test (they are the costly
    // part of a description, and the main drawing never needs them).
    var shapes = geometry(labelling)
    let candidates = shapes.indices.filter { k -> Bool in
      guard isPlausible(shapes[k], canvasHeight: h, minimumHeightPx: minimumHeightPx) else { return false }
      addEnclosure(&shapes[k], labelling: labelling)
      guard !isBlob(shapes[k]), !isSolid(shapes[k], labels: labelling), !isArrow(shapes[k], labels: labelling)
      else { return false }
      // A shape that is its own diagonal reflection: with a hole, a round or square outline
      // (o, O, 0, □: a ring); without one, a cross (+, ×: a symbol, not a letter).
      if isDiagonallySymmetric(shapes[k], labels: labelling) {
        guard shapes[k].glyph.holes > 0 else { return false }
        shapes[k].isSquareRing = true
      }
      return true
    }
    guard candidates.count >= 2 else { return nil }
    // Left to right; shapes starting in the same column in their (raster) order.
    let ordered = candidates.sorted { (shapes[$0].glyph.minX, $0) < (shapes[$1].glyph.minX, $1) }

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
        let p = shapes[ordered[a]], q = shapes[ordered[b]]
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
      let shape = shapes[ordered[i]]
      if let k = runIndex[r] {
        members[k].append(shape)
      } else {
        runIndex[r] = members.count
        members.append([shape])
      }
    }
    // A run needs two members that are not rings, and must not be its own mirror image (brackets
    // around a mark, ⌐ ▼ ¬, are drawing).
    // A shape of the drawing between two neighbours splits the run (letters of a word stand side by
    // side with nothing between them: nested arcs, a lattice's strands are drawing).
    let runs = members.flatMap { splitAtIntruders($0, labels: labelling) }.filter { run in
      run.filter { !isRing($0) }.count >= 2 && !isMirrorSymmetric(run, labels: labelling)
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
    guard let glyphs = best else { return nil }
    return Detection(glyphs: glyphs.sorted { $0.minX < $1.minX }, heightPx: glyphs.map(\.heightPx).max() ?? 0,
                     baselinePx: glyphs.map(\.maxY).max() ?? 0)
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

  /// A solid shape (needs the holes): no hole and at least 85% of its convex hull inked (a
  /// triangle ▶, a wedge, a disc, a square). A letter is drawn with strokes: its ink is ≤ 75% of
  /// its hull even in a bold face (E, N, W, S, 2), and one with a counter has a hole.
  /// - Complexity: O(w·h) over its box, plus O(h log h) for the hull of its rows' extremes.
  static func isSolid(_ s: Shape, labels: ConnectedComponents) -> Bool {
    s.glyph.holes == 0 && hullFill(s, labels: labels) >= solidFraction
  }

  /// The share of its convex hull (of its pixel squares' corners) that the shape inks: A ÷ hull area.
  /// - Complexity: O(w·h) over its box, plus O(h log h) for the hull of its rows' extremes.
  static func hullFill(_ s: Shape, labels: ConnectedComponents) -> Double {
    let g = s.glyph
    var points: [(x: Int, y: Int)] = []
    labels.labels.withUnsafeBufferPointer { labelled in
      for y in g.minY...g.maxY {
        let row = y &* labels.width
        var lo = Int.max, hi = Int.min
        for x in g.minX...g.maxX where labelled[row &+ x] == s.label {
          lo = min(lo, x)
          hi = max(hi, x)
        }
        guard lo <= hi else { continue }
        // The pixel squares' corners.
        points.append((lo, y))
        points.append((hi &+ 1, y))
        points.append((lo, y &+ 1))
        points.append((hi &+ 1, y &+ 1))
      }
    }
    let hull = convexHullArea(points)
    return hull > 0 ? Double(g.areaPx) / hull : 0
  }

  /// An arrow (↑ ↓ ← →, a dagger; needs the holes): a shape with no hole that is its own mirror
  /// image across its shaft, its shaft inked along most of it, a head wider than both its ends. Read
  /// along its longer side (rows of a tall shape, columns of a wide one): the middle line across is
  /// inked in ≥ 70% of the rows, the ink's extent in each end row is ≤ 40% of its widest row, and
  /// the shape flipped across the shaft has pixel IoU ≥ 0.75 with itself. An arrow beside a letter
  /// (A↓, a font size control) is a symbol, not a second letter. Of the letters only T, Y and V
  /// are mirror images with a full middle line, and each has its widest row at one end.
  /// - Complexity: O(w·h) over its box.
  static func isArrow(_ s: Shape, labels: ConnectedComponents) -> Bool {
    let g = s.glyph
    guard g.holes == 0 else { return false }
    let tall = g.heightPx >= g.widthPx
    // Along the shaft: `length` lines across, each `span` pixels wide.
    let length = tall ? g.heightPx : g.widthPx, span = tall ? g.widthPx : g.heightPx
    guard length >= 5, span >= 3 else { return false }
    return labels.labels.withUnsafeBufferPointer { labelled -> Bool in
      @inline(__always) func inked(_ i: Int, _ j: Int) -> Bool {
        // i along the shaft, j across it.
        let x = tall ? g.minX &+ j : g.minX &+ i, y = tall ? g.minY &+ i : g.minY &+ j
        return labelled[y &* labels.width &+ x] == s.label
      }
      var extents = [Int](repeating: 0, count: length)
      var shaft = 0, both = 0, either = 0
      let middle = (span &- 1) / 2, middle2 = span / 2
      for i in 0..<length {
        var lo = Int.max, hi = Int.min
        for j in 0..<span where inked(i, j) {
          lo = min(lo, j)
          hi = max(hi, j)
          let mirrored = inked(i, span &- 1 &- j)
          if mirrored { both &+= 1 }
          either &+= 1
        }
        // Pixels inked only on the mirrored side.
        for j in 0..<span where !inked(i, j) && inked(i, span &- 1 &- j) { either &+= 1 }
        if lo <= hi { extents[i] = hi &- lo &+ 1 }
        if inked(i, middle) || inked(i, middle2) { shaft &+= 1 }
      }
      let widest = extents.max() ?? 0
      guard widest > 0, Double(shaft) >= 0.7 * Double(length) else { return false }
      guard Double(extents[0]) <= 0.4 * Double(widest), Double(extents[length &- 1]) <= 0.4 * Double(widest) else { return false }
      return either > 0 && Double(both) >= 0.75 * Double(either)
    }
  }

  /// A shape with this share of its convex hull inked is solid (``isSolid(_:labels:)``).
  static let solidFraction = 0.85

  /// The area of the convex hull of integer points (``ConvexHull``: Andrew's monotone chain, the
  /// shoelace formula; exact for pixel coordinates, whose products are integers far below 2⁵³).
  static func convexHullArea(_ input: [(x: Int, y: Int)]) -> Double {
    ConvexHull(points: input.map { Point2D(x: Double($0.x), y: Double($0.y)) }).area
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

  /// A run cut wherever another component (a shape of the drawing, not one of the run) has a pixel
  /// in the gap between two neighbours (sorted by their left edges), in the rows both span: text is
  /// a row of letters with nothing between them, while the strands of nested arcs (a fingerprint) or
  /// of a lattice have the next strand between any two.
  /// - Complexity: O(gap area) per pair of neighbours.
  static func splitAtIntruders(_ run: [Shape], labels: ConnectedComponents) -> [[Shape]] {
    let sorted = run.sorted { ($0.glyph.minX, $0.label) < ($1.glyph.minX, $1.label) }
    let members = Set(run.map(\.label))
    var parts: [[Shape]] = []
    var current: [Shape] = []
    labels.labels.withUnsafeBufferPointer { labelled in
      for shape in sorted {
        if let last = current.last {
          let p = last.glyph, q = shape.glyph
          let y0 = max(p.minY, q.minY), y1 = min(p.maxY, q.maxY)
          var intruded = false
          if p.maxX + 1 <= q.minX - 1 && y0 <= y1 {
            scan: for y in y0...y1 {
              let row = y &* labels.width
              for x in (p.maxX + 1)...(q.minX - 1) {
                let l = labelled[row &+ x]
                if l > 0 && !members.contains(l) {
                  intruded = true
                  break scan
                }
              }
            }
          }
          if intruded {
            parts.append(current)
            current = []
          }
        }
        current.append(shape)
      }
    }
    parts.append(current)
    return parts
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
