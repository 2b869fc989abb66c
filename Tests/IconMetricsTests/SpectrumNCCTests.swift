// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import Testing

@Suite("Spectrum normalised cross-correlation")
struct SpectrumNCCTests {
  /// γ(d) straight from its definition: both masks centred on the common canvas Ω, b′(x) = b(x − d),
  /// Σ_Ω (a − ā)·b′ / √(Σ_Ω (a − ā)² · [Σ b² − (Σ_Ω b′)² / N]); 0 when a or b has no shape.
  static func bruteForce(_ a: AlphaMask, _ b: AlphaMask, dx: Int, dy: Int) -> Double {
    let w = max(a.width, b.width)
    let h = max(a.height, b.height)
    let ax = (w - a.width) / 2
    let ay = (h - a.height) / 2
    let bx = (w - b.width) / 2
    let by = (h - b.height) / 2
    let n = Double(w * h)
    func av(_ x: Int, _ y: Int) -> Double { Double(a[x - ax, y - ay]) }
    func bv(_ x: Int, _ y: Int) -> Double { Double(b[x - bx, y - by]) }
    var meanA = 0.0
    for y in 0..<h { for x in 0..<w { meanA += av(x, y) } }
    meanA /= n
    var varA = 0.0
    var sumA2 = 0.0
    var numerator = 0.0
    var window = 0.0
    for y in 0..<h {
      for x in 0..<w {
        let da = av(x, y) - meanA
        varA += da * da
        sumA2 += av(x, y) * av(x, y)
        let shifted = bv(x - dx, y - dy)
        numerator += da * shifted
        window += shifted
      }
    }
    let sumB2 = b.coverage.reduce(0.0) { $0 + Double($1) * Double($1) }
    let sumB = b.inkPx
    guard varA > max(1e-12, 1e-10 * sumA2), sumB2 - sumB * sumB / n > max(1e-12, 1e-10 * sumB2) else { return 0 }
    let varB = sumB2 - window * window / n
    guard varB > max(1e-12, 1e-10 * sumB2) else { return 0 }
    return min(1, max(-1, numerator / (varA * varB).squareRoot()))
  }

  @Test("a drawing and itself moved by (3, −2) px: γ = 1 at exactly that shift", arguments: [1.0, 2.0, 3.0])
  func shiftedCopy(scale: Double) {
    let original = SpectrumShapes.glyph(scale: scale)
    let moved = SpectrumShapes.translated(original, dx: 3, dy: -2)
    let result = Spectrum.normalizedCrossCorrelation(moved, original)
    #expect(abs(result.peak - 1) < 1e-6)
    #expect(result.shiftX == 3 && result.shiftY == -2)
    // Roles swapped: the opposite translation.
    let reverse = Spectrum.normalizedCrossCorrelation(original, moved)
    #expect(abs(reverse.peak - 1) < 1e-6)
    #expect(reverse.shiftX == -3 && reverse.shiftY == 2)
    // Next to the peak the score drops.
    let surface = Spectrum.normalizedCrossCorrelationSurface(moved, original, maxShift: 5)
    #expect(surface[4, -2] < 0.99 && surface[3, -1] < 0.99)
    // Not aligned, the two are less alike.
    #expect(Spectrum.normalizedCrossCorrelationAtZeroShift(moved, original) < 0.9)
  }

  @Test("identical masks: γ = 1 at (0, 0)")
  func identical() {
    for mask in [SpectrumShapes.glyph(scale: 2), SpectrumShapes.disk(scale: 2, radius: 8),
                 SpectrumShapes.random(width: 17, height: 11, seed: 7)] {
      let result = Spectrum.normalizedCrossCorrelation(mask, mask)
      #expect(abs(result.peak - 1) < 1e-9)
      #expect(result.shiftX == 0 && result.shiftY == 0)
      #expect(abs(Spectrum.normalizedCrossCorrelationAtZeroShift(mask, mask) - 1) < 1e-12)
    }
  }

  @Test("unrelated shapes score below 0.9 at every shift")
  func unrelated() {
    let shapes: [(String, AlphaMask)] = [
      ("ring", SpectrumShapes.ring(scale: 2, radius: 10, width: 2)),
      ("plus", SpectrumShapes.plus(scale: 2, arm: 9, stroke: 2)),
      ("triangle", SpectrumShapes.triangle(scale: 2)),
      ("glyph", SpectrumShapes.glyph(scale: 2)),
    ]
    for i in shapes.indices {
      for j in shapes.indices where j > i {
        let result = Spectrum.normalizedCrossCorrelation(shapes[i].1, shapes[j].1)
        #expect(result.peak < 0.9, "\(shapes[i].0) vs \(shapes[j].0): \(result.peak)")
        #expect(result.peak > -1)
      }
    }
  }

  @Test("empty, uniform and zero-sized masks give 0, never NaN")
  func degenerate() {
    let empty = AlphaMask(width: 20, height: 20)
    let full = AlphaMask(width: 20, height: 20) { _, _ in 1 }
    let shape = SpectrumShapes.disk(canvasPt: 20, scale: 1, cx: 10, cy: 10, radius: 6)
    let none = AlphaMask(width: 0, height: 0)
    for (a, b) in [(empty, empty), (empty, shape), (shape, empty), (full, shape), (shape, full), (full, full),
                   (none, none), (none, shape), (shape, none)] {
      let result = Spectrum.normalizedCrossCorrelation(a, b)
      #expect(result.peak == 0 && result.shiftX == 0 && result.shiftY == 0)
      #expect(Spectrum.normalizedCrossCorrelationAtZeroShift(a, b) == 0)
    }
    // A one-pixel mask against itself is a shape.
    let dot = AlphaMask(width: 1, height: 1, coverage: [1])
    #expect(Spectrum.normalizedCrossCorrelation(dot, dot).peak == 0)  // uniform on its 1×1 canvas
    let dotOnCanvas = SpectrumShapes.placed(dot, width: 5, height: 5, originX: 2, originY: 2)
    #expect(abs(Spectrum.normalizedCrossCorrelation(dotOnCanvas, dotOnCanvas).peak - 1) < 1e-12)
  }

  @Test("the FFT surface equals the definition at every shift (seeded random masks)",
        arguments: [(7, 5, 9, 6, UInt64(1)), (8, 8, 8, 8, 2), (11, 4, 6, 9, 3), (5, 5, 12, 3, 4), (1, 6, 4, 1, 5)])
  func surfaceMatchesDefinition(wa: Int, ha: Int, wb: Int, hb: Int, seed: UInt64) {
    let a = SpectrumShapes.random(width: wa, height: ha, seed: seed)
    let b = SpectrumShapes.random(width: wb, height: hb, seed: seed &* 7919)
    for maxShift in [nil, 0, 2] as [Int?] {
      let surface = Spectrum.normalizedCrossCorrelationSurface(a, b, maxShift: maxShift)
      var worst = 0.0
      for dy in -surface.maxShiftY...surface.maxShiftY {
        for dx in -surface.maxShiftX...surface.maxShiftX {
          worst = max(worst, abs(surface[dx, dy] - Self.bruteForce(a, b, dx: dx, dy: dy)))
        }
      }
      #expect(worst < 1e-9, "maxShift \(String(describing: maxShift)): \(worst)")
      #expect(abs(surface[0, 0] - Spectrum.normalizedCrossCorrelationAtZeroShift(a, b)) < 1e-9)
    }
    // Searched range: every overlapping shift, or the bound.
    let full = Spectrum.normalizedCrossCorrelationSurface(a, b)
    #expect(full.maxShiftX == max(wa, wb) - 1 && full.maxShiftY == max(ha, hb) - 1)
    let zeroShiftSymmetric = Spectrum.normalizedCrossCorrelationAtZeroShift(b, a)
    #expect(abs(zeroShiftSymmetric - Spectrum.normalizedCrossCorrelationAtZeroShift(a, b)) < 1e-12)
  }

  @Test("masks of different sizes are centred on a common canvas")
  func differentSizes() {
    let small = SpectrumShapes.glyph(scale: 1)  // 24 × 24
    // Same pixels centred on 30 × 30 (3 px each side): aligned at (0, 0).
    let centred = SpectrumShapes.placed(small, width: 30, height: 30, originX: 3, originY: 3)
    let aligned = Spectrum.normalizedCrossCorrelation(centred, small)
    #expect(abs(aligned.peak - 1) < 1e-6 && aligned.shiftX == 0 && aligned.shiftY == 0)
    // On 31 × 27 at (5, 0): centring puts `small` at (3, 1), so it must move by (2, −1).
    let offset = SpectrumShapes.placed(small, width: 31, height: 27, originX: 5, originY: 0)
    let moved = Spectrum.normalizedCrossCorrelation(offset, small)
    #expect(abs(moved.peak - 1) < 1e-6)
    #expect(moved.shiftX == 2 && moved.shiftY == -1)
  }

  @Test("maxShift bounds the search")
  func boundedSearch() {
    let original = SpectrumShapes.glyph(scale: 2)
    let moved = SpectrumShapes.translated(original, dx: 3, dy: -2)
    let bounded = Spectrum.normalizedCrossCorrelation(moved, original, maxShift: 2)
    #expect(abs(bounded.shiftX) <= 2 && abs(bounded.shiftY) <= 2)
    #expect(bounded.peak < 1 - 1e-3)
    let zero = Spectrum.normalizedCrossCorrelation(moved, original, maxShift: 0)
    #expect(zero.shiftX == 0 && zero.shiftY == 0)
    #expect(abs(zero.peak - Spectrum.normalizedCrossCorrelationAtZeroShift(moved, original)) < 1e-9)
    let wide = Spectrum.normalizedCrossCorrelation(moved, original, maxShift: 1000)
    #expect(wide.shiftX == 3 && wide.shiftY == -2)
  }

  @Test("ink pushed off the canvas cannot fake a match")
  func croppedDoesNotMatch() {
    // Two dots, and one of them alone: a shift that lines up one dot and pushes the other off the
    // canvas must not score 1.
    let twoDots = SpectrumShapes.draw(widthPt: 24, heightPt: 24, scale: 1) { x, y in
      (x - 5) * (x - 5) + (y - 12) * (y - 12) <= 9 || (x - 19) * (x - 19) + (y - 12) * (y - 12) <= 9
    }
    let oneDot = SpectrumShapes.disk(scale: 1, cx: 5, cy: 12, radius: 3)
    let result = Spectrum.normalizedCrossCorrelation(oneDot, twoDots)
    #expect(result.peak < 0.8)
  }

  @Test("results are bit-for-bit repeatable")
  func repeatable() {
    let a = SpectrumShapes.random(width: 37, height: 29, seed: 11)
    let b = SpectrumShapes.random(width: 33, height: 35, seed: 12)
    let first = Spectrum.normalizedCrossCorrelationSurface(a, b).values
    let second = Spectrum.normalizedCrossCorrelationSurface(a, b).values
    #expect(first == second)
  }
}
