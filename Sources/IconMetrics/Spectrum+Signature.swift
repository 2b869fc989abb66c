// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

extension Spectrum {
  /// A compact, scale- and translation-invariant summary of a drawing, to prefilter duplicate and
  /// look-alike search before the exact ``normalizedCrossCorrelation(_:_:maxShift:)``.
  ///
  /// It is the drawing's coverage framed by a square around its ink and averaged down to
  /// ``side`` × ``side`` cells: the framing removes position and size, the averaging removes
  /// resolution, so one glyph rendered at @1x, @2x and @3x, or placed anywhere on any canvas, has
  /// nearly the same signature. The square (not the bounding box stretched to it) keeps the aspect
  /// ratio: a bar and a square do not match. Not rotation- or mirror-invariant.
  ///
  /// Signatures are values (`Codable`): compute one per icon once, compare all pairs cheaply
  /// (256 operations each), and run NCC only on the pairs closer than a threshold.
  public struct Signature: Sendable, Hashable, Codable {
    /// Cells on a side.
    public static let side = 16

    /// Mean coverage of each cell, 0…1, row-major (`side × side`); all 0 for an empty mask.
    public let cells: [Float]

    /// Width ÷ height of the ink's sub-pixel bounding box (1 for an empty mask). Informational: the
    /// square frame already shows the proportions in ``cells``, and ``distance(to:)`` uses only those.
    public let aspectRatio: Double

    package init(cells: [Float], aspectRatio: Double) {
      precondition(cells.count == Self.side * Self.side, "a signature has side² cells")
      self.cells = cells
      self.aspectRatio = aspectRatio
    }

    /// True when the mask had no ink above the noise level (coverage ≤ 0.01 everywhere).
    public var isEmpty: Bool { cells.allSatisfy { $0 == 0 } }

    /// The root-mean-square difference of the cells: √(Σ (c₁ − c₂)² / side²), in 0…1.
    ///
    /// 0 for identical signatures; symmetric, and a metric (Euclidean distance scaled by 1/side),
    /// so the triangle inequality holds for pruning. Measured in this module's tests (24 pt glyphs):
    /// the same drawing at @2x vs @3x ≤ 0.017, @1x vs @2x/@3x ≤ 0.06 (0 for pixel-aligned shapes);
    /// different shapes (disk, ring, square, bar, plus, triangle, L) ≥ 0.33. A duplicate prefilter
    /// can keep pairs below about 0.15, then confirm with NCC (≥ 0.98) at one scale.
    ///
    /// - Complexity: O(side²).
    public func distance(to other: Signature) -> Double {
      var sum = 0.0
      for i in 0..<cells.count {
        let d = Double(cells[i]) - Double(other.cells[i])
        sum += d * d
      }
      return (sum / Double(cells.count)).squareRoot()
    }
  }

  /// The ``Signature`` of a mask.
  ///
  /// 1. Sub-pixel ink bounds: with p(x) the largest coverage in column x, ignoring coverage ≤ 0.01,
  ///    the left edge is x₀ + 1 − p(x₀) for the first inked column x₀ (a half-covered edge column
  ///    puts the edge halfway in) and the right edge x₁ + p(x₁); likewise for rows.
  /// 2. A square frame of side max(box width, box height), centred on the box.
  /// 3. Each of the side² cells gets the coverage under a separable tent (triangle, "bilinear")
  ///    filter centred on the cell and two cells wide, integrated exactly over each pixel (coverage 0
  ///    off the canvas). The tent, wider than a box of one cell, smooths away the difference between
  ///    render resolutions (a 1-px antialiasing band is a large part of a cell at @1x) at the cost
  ///    of detail finer than a cell, which a prefilter does not need.
  ///
  /// - Complexity: O(W·H) time, O(W + H) extra memory.
  public static func signature(_ mask: AlphaMask) -> Signature {
    let side = Signature.side
    let noise: Float = 0.01
    let w = mask.width
    let h = mask.height
    var columnPeak = [Float](repeating: 0, count: w)
    var rowPeak = [Float](repeating: 0, count: h)
    mask.coverage.withUnsafeBufferPointer { src in
      columnPeak.withUnsafeMutableBufferPointer { columnPeak in
        // Coverage at or below the noise level counts as 0 (and so never raises a peak). Eight
        // columns at a time, branch-free; the max of non-negative Floats is exact whatever the order.
        let zero = SIMD8<Float>(repeating: 0)
        let floor = SIMD8<Float>(repeating: noise)
        let source = UnsafeRawPointer(src.baseAddress!)
        let peaks = UnsafeMutableRawPointer(columnPeak.baseAddress!)
        for y in 0..<h {
          var peak8 = zero
          var peak: Float = 0
          var x = 0
          while x &+ 8 <= w {
            let v = source.loadUnaligned(fromByteOffset: (y &* w &+ x) &* 4, as: SIMD8<Float>.self)
            let u = zero.replacing(with: v, where: v .> floor)
            let column = peaks.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<Float>.self)
            // Compare and select (the generic `pointwiseMax` is not inlined here).
            peaks.storeBytes(of: column.replacing(with: u, where: u .> column), toByteOffset: x &* 4, as: SIMD8<Float>.self)
            peak8.replace(with: u, where: u .> peak8)
            x &+= 8
          }
          while x < w {
            let v = src[y &* w &+ x]
            if v > noise {
              columnPeak[x] = max(columnPeak[x], v)
              peak = max(peak, v)
            }
            x &+= 1
          }
          rowPeak[y] = max(peak, peak8.max())
        }
      }
    }
    // Coverage is 0…1; a mask built with more (an infinity, from code rather than a file) must not
    // move the edges off the canvas.
    for x in columnPeak.indices where columnPeak[x] > 1 { columnPeak[x] = 1 }
    for y in rowPeak.indices where rowPeak[y] > 1 { rowPeak[y] = 1 }
    guard let bounds = inkBounds(columnPeak), let rows = inkBounds(rowPeak) else {
      return Signature(cells: [Float](repeating: 0, count: side * side), aspectRatio: 1)
    }
    let boxWidth = max(bounds.upper - bounds.lower, 1e-6)
    let boxHeight = max(rows.upper - rows.lower, 1e-6)
    let frame = max(boxWidth, boxHeight)
    let left = (bounds.lower + bounds.upper - frame) / 2
    let top = (rows.lower + rows.upper - frame) / 2
    let cell = frame / Double(side)
    let columnWeights = TentWeights(
      centres: (0..<side).map { left + (Double($0) + 0.5) * cell }, halfWidth: cell, pixels: w)
    let rowWeights = TentWeights(
      centres: (0..<side).map { top + (Double($0) + 0.5) * cell }, halfWidth: cell, pixels: h)

    // Each row's sum under each column tent, once per row (the row tents overlap, so a row serves
    // up to three cells): the same sums, in the same order, as computed cell by cell. Four rows go
    // through a tent together: four independent sums (each in its own order) share the tent's
    // pixels and weights, rather than one chain of dependent additions at a time.
    var rowSums = [Double](repeating: 0, count: h * side)
    var rowNeeded = [Bool](repeating: false, count: h)
    for y in rowWeights.pixels { rowNeeded[y] = true }
    let neededRows = (0..<h).filter { rowNeeded[$0] }
    mask.coverage.withUnsafeBufferPointer { src in
      rowSums.withUnsafeMutableBufferPointer { rowSums in
        columnWeights.pixels.withUnsafeBufferPointer { xs in
          columnWeights.weights.withUnsafeBufferPointer { ws in
            columnWeights.start.withUnsafeBufferPointer { start in
              var r = 0
              while r &+ 4 <= neededRows.count {
                let (y0, y1, y2, y3) = (neededRows[r], neededRows[r &+ 1], neededRows[r &+ 2], neededRows[r &+ 3])
                let (row0, row1, row2, row3) = (y0 &* w, y1 &* w, y2 &* w, y3 &* w)
                for i in 0..<side {
                  var (sum0, sum1, sum2, sum3) = (0.0, 0.0, 0.0, 0.0)
                  for k in start[i]..<start[i &+ 1] {
                    let weight = ws[k]
                    let x = xs[k]
                    sum0 += weight * Double(src[row0 &+ x])
                    sum1 += weight * Double(src[row1 &+ x])
                    sum2 += weight * Double(src[row2 &+ x])
                    sum3 += weight * Double(src[row3 &+ x])
                  }
                  rowSums[y0 &* side &+ i] = sum0
                  rowSums[y1 &* side &+ i] = sum1
                  rowSums[y2 &* side &+ i] = sum2
                  rowSums[y3 &* side &+ i] = sum3
                }
                r &+= 4
              }
              while r < neededRows.count {
                let y = neededRows[r]
                let row = y &* w
                for i in 0..<side {
                  var rowSum = 0.0
                  for k in start[i]..<start[i &+ 1] {
                    rowSum += ws[k] * Double(src[row &+ xs[k]])
                  }
                  rowSums[y &* side &+ i] = rowSum
                }
                r &+= 1
              }
            }
          }
        }
      }
    }
    // Each cell's sum over its row tent, in the tent's order; the side cells of a row of cells
    // accumulate side by side (independent sums).
    var cells = [Float](repeating: 0, count: side * side)
    var sums = [Double](repeating: 0, count: side)
    rowSums.withUnsafeBufferPointer { rowSums in
      sums.withUnsafeMutableBufferPointer { sums in
        for j in 0..<side {
          for i in 0..<side { sums[i] = 0 }
          for k in rowWeights.start[j]..<rowWeights.start[j + 1] {
            let weight = rowWeights.weights[k]
            let base = rowWeights.pixels[k] &* side
            for i in 0..<side { sums[i] += weight * rowSums[base &+ i] }
          }
          for i in 0..<side { cells[j * side + i] = Float(min(1, max(0, sums[i]))) }
        }
      }
    }
    return Signature(cells: cells, aspectRatio: boxWidth / boxHeight)
  }

  /// Sub-pixel [lower, upper) extent from per-line peak coverage, or nil if nothing is inked.
  private static func inkBounds(_ peaks: [Float]) -> (lower: Double, upper: Double)? {
    guard let first = peaks.firstIndex(where: { $0 > 0 }), let last = peaks.lastIndex(where: { $0 > 0 })
    else { return nil }
    var lower = Double(first) + 1 - Double(peaks[first])
    var upper = Double(last) + Double(peaks[last])
    if lower > upper {  // one faint line: collapse to its middle
      let middle = (lower + upper) / 2
      lower = middle
      upper = middle
    }
    return (lower, upper)
  }

  /// The pixels under tent (triangle) filters of half-width `halfWidth` centred at `centres`, with
  /// each tent's exact integral over each pixel (pixels off the canvas omitted, so weights sum to
  /// ≤ 1), in one flat list: tent t has the entries `start[t] ..< start[t + 1]`, pixels ascending.
  private struct TentWeights {
    var start: [Int] = [0]
    var pixels: [Int] = []
    var weights: [Double] = []

    init(centres: [Double], halfWidth: Double, pixels count: Int) {
      for centre in centres {
        // Cumulative distribution of the triangular density on [centre − h, centre + h].
        func cumulative(_ u: Double) -> Double {
          let s = (u - centre) / halfWidth
          if s <= -1 { return 0 }
          if s <= 0 { return (1 + s) * (1 + s) / 2 }
          if s < 1 { return 1 - (1 - s) * (1 - s) / 2 }
          return 1
        }
        let firstPixel = max(0, Int((centre - halfWidth).rounded(.down)))
        let lastPixel = min(count - 1, Int((centre + halfWidth).rounded(.up)))
        if firstPixel <= lastPixel {
          for p in firstPixel...lastPixel {
            let weight = cumulative(Double(p + 1)) - cumulative(Double(p))
            if weight > 0 {
              pixels.append(p)
              weights.append(weight)
            }
          }
        }
        start.append(pixels.count)
      }
    }
  }
}
