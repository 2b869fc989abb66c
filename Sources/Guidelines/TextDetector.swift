// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
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
///    the main drawing (height ≤ 70% of the canvas), not wide (width ≤ 1.6 × height), not a blob
///    (a dot or a filled square: no hole and t ≥ 0.3 × its longer side), not a straight bar (the
///    spread across its principal axis √(12 λ_min) < 2 t, with λ_min the smaller eigenvalue of the
///    pixel covariance: a bar of width w gives w, a letter several times t), and not a ring (the
///    outline of a rectangle or a circle: one hole covering ≥ 20% of its box; this also drops
///    O, D and 0, which would otherwise make every pair of framed panels a word);
/// 4. pairs letter-like components that sit side by side on one line: bottoms within
///    max(1.5 px, 15% of the taller height) of each other, heights within a factor 0.55 (capitals
///    next to lowercase letters or digits), strokes within a factor 2, and a horizontal gap of at
///    most 60% of the taller height (boxes overlapping by at most 1 px or 10% of the narrower);
/// 5. rejects pairs of *congruent* shapes — the same shape at any size, mirrored or turned by
///    180°, with an intersection over union ≥ 0.7 once both are scaled to one box — because
///    repeated or mirrored elements (chevrons », brackets ( ), sliders, footprints) are drawing,
///    while text is a row of different letters.
///
/// Dots (an ellipsis, grid dots) are blobs, and an equal sign, tally marks or parallel lines are
/// bars, so none of them is text. Letters that touch each other or the drawing are one component
/// and are not found; nor is a word of one repeated letter ("OO"). On Lucide (1745 icons at 48 px)
/// it fires on 18: its text icons (case-upper, heading-1…6, a-arrow-down, binary, hd, …) and four
/// drawings with a letter-like pair (user-lock, user-pen, user-search, picture-in-picture).
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
    let w = mask.width, h = mask.height
    guard w > 0, h > 0 else { return nil }
    let foreground = mask.coverage.map { $0 >= 0.5 }
    let labelling = ConnectedComponents(foreground: foreground, width: w, height: h)
    guard labelling.count >= 2 else { return nil }

    let shapes = describe(labelling)
    let candidates = shapes.indices.filter { isLetterLike(shapes[$0], canvasHeight: h, minimumHeightPx: minimumHeightPx) }
    guard candidates.count >= 2 else { return nil }
    let ordered = candidates.sorted { shapes[$0].glyph.minX < shapes[$1].glyph.minX }

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
        guard areAligned(p.glyph, q.glyph), !areCongruent(p, q, labels: labelling) else { continue }
        parent[root(a)] = root(b)
        linked = true
      }
    }
    guard linked else { return nil }
    var runs: [Int: [Glyph]] = [:]
    for i in 0..<ordered.count { runs[root(i), default: []].append(shapes[ordered[i]].glyph) }
    let best = runs.values.filter { $0.count >= 2 }.max { a, b in
      (a.count, a.map(\.areaPx).reduce(0, +)) < (b.count, b.map(\.areaPx).reduce(0, +))
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
  }

  static func describe(_ labelling: ConnectedComponents) -> [Shape] {
    let w = labelling.width, h = labelling.height, n = labelling.count
    var minX = [Int](repeating: Int.max, count: n + 1), minY = minX
    var maxX = [Int](repeating: Int.min, count: n + 1), maxY = maxX
    var area = [Int](repeating: 0, count: n + 1), boundary = area
    var sx = [Double](repeating: 0, count: n + 1), sy = sx, sxx = sx, syy = sx, sxy = sx
    labelling.labels.withUnsafeBufferPointer { labels in
      func label(_ x: Int, _ y: Int) -> Int32 { x < 0 || y < 0 || x >= w || y >= h ? 0 : labels[y * w + x] }
      for y in 0..<h {
        for x in 0..<w {
          let l = labels[y * w + x]
          guard l > 0 else { continue }
          let k = Int(l)
          minX[k] = min(minX[k], x)
          maxX[k] = max(maxX[k], x)
          minY[k] = min(minY[k], y)
          maxY[k] = max(maxY[k], y)
          area[k] += 1
          let fx = Double(x), fy = Double(y)
          sx[k] += fx
          sy[k] += fy
          sxx[k] += fx * fx
          syy[k] += fy * fy
          sxy[k] += fx * fy
          for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] where label(x + dx, y + dy) != l { boundary[k] += 1 }
        }
      }
    }
    var shapes: [Shape] = []
    for k in 1...n where area[k] > 0 {
      let a = Double(area[k])
      let mx = sx[k] / a, my = sy[k] / a
      let vxx = sxx[k] / a - mx * mx, vyy = syy[k] / a - my * my, vxy = sxy[k] / a - mx * my
      let minor = max(0, (vxx + vyy) / 2 - (((vxx - vyy) / 2) * ((vxx - vyy) / 2) + vxy * vxy).squareRoot())
      let enclosed = enclosure(of: Int32(k), labelling: labelling, minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k])
      let glyph = Glyph(minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k], areaPx: area[k],
                        strokePx: 2 * a / Double(max(1, boundary[k])), holes: enclosed.holes, holeAreaPx: enclosed.areaPx)
      shapes.append(Shape(label: Int32(k), glyph: glyph, minorVariance: minor))
    }
    return shapes
  }

  /// Holes of one component and their area: 4-connected background regions of its bounding box
  /// (other components count as background) that do not reach the box's border.
  static func enclosure(of label: Int32, labelling: ConnectedComponents, minX: Int, minY: Int, maxX: Int, maxY: Int)
    -> (holes: Int, areaPx: Int)
  {
    let bw = maxX - minX + 1, bh = maxY - minY + 1
    let inside = (0..<(bw * bh)).map { i in labelling.labels[(minY + i / bw) * labelling.width + minX + i % bw] == label }
    let holes = ConnectedComponents(foreground: inside, width: bw, height: bh).holes
    guard holes > 0 else { return (0, 0) }
    // Flood the outside from the box's border; what is neither outside nor the component is hole.
    var outside = [Bool](repeating: false, count: bw * bh)
    var stack: [Int] = []
    for i in 0..<(bw * bh) where !inside[i] {
      let x = i % bw, y = i / bw
      if x == 0 || y == 0 || x == bw - 1 || y == bh - 1 {
        outside[i] = true
        stack.append(i)
      }
    }
    while let i = stack.popLast() {
      let x = i % bw, y = i / bw
      for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < bw && ny < bh {
        let j = ny * bw + nx
        if !inside[j] && !outside[j] {
          outside[j] = true
          stack.append(j)
        }
      }
    }
    let enclosed = (0..<(bw * bh)).filter { !inside[$0] && !outside[$0] }.count
    return (holes, enclosed)
  }

  static func isLetterLike(_ s: Shape, canvasHeight: Int, minimumHeightPx: Int) -> Bool {
    let g = s.glyph
    let height = Double(g.heightPx), width = Double(g.widthPx), t = g.strokePx
    guard g.heightPx >= minimumHeightPx, height >= 2.5 * t, height <= 0.7 * Double(canvasHeight),
      width <= 1.6 * height
    else { return false }
    let isBlob = g.holes == 0 && t >= 0.3 * max(width, height)
    let isBar = (12 * s.minorVariance).squareRoot() < 2 * t
    // The outline of a shape (a rectangle, a circle; also O, D, 0): one hole filling much of the box.
    let isRing = g.holes == 1 && Double(g.holeAreaPx) >= 0.2 * width * height
    return !isBlob && !isBar && !isRing
  }

  static func areAligned(_ p: Glyph, _ q: Glyph) -> Bool {
    let tall = Double(max(p.heightPx, q.heightPx)), short = Double(min(p.heightPx, q.heightPx))
    guard short / tall >= 0.55 else { return false }
    guard Double(abs(p.maxY - q.maxY)) <= max(1.5, 0.15 * tall) else { return false }
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
    // Nearest-neighbour lookup of a component in the common w × h box.
    func pixel(_ s: Shape, _ x: Int, _ y: Int) -> Bool {
      guard x >= 0, y >= 0, x < w, y < h else { return false }
      let g = s.glyph
      let sx = x * g.widthPx / w, sy = y * g.heightPx / h
      return labels.labels[(g.minY + sy) * labels.width + g.minX + sx] == s.label
    }
    var best = 0.0
    for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
      for dy in -1...1 {
        for dx in -1...1 {
          var both = 0, either = 0
          for y in 0..<h {
            for x in 0..<w {
              let inA = pixel(p, x, y)
              let bx = flipX ? w - 1 - (x + dx) : x + dx
              let by = flipY ? h - 1 - (y + dy) : y + dy
              let inB = pixel(q, bx, by)
              if inA && inB { both += 1 }
              if inA || inB { either += 1 }
            }
          }
          if either > 0 { best = max(best, Double(both) / Double(either)) }
        }
      }
    }
    return best >= 0.7
  }
}
