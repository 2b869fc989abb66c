// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

extension Spectrum {
  /// The best translation of `b` onto `a` by zero-mean normalised cross-correlation (NCC).
  ///
  /// **Frame.** Both masks are centred on a common canvas Ω of `max(widths) × max(heights)` pixels
  /// (a mask narrower by an odd number of pixels sits ⌊Δ/2⌋ px from the left/top); beyond its own
  /// canvas each mask is transparent (coverage 0). Masks are compared in pixels: resample masks of
  /// different `scale` first.
  ///
  /// **Shift.** The result (`shiftX`, `shiftY`) = (dx, dy) is the translation that, applied to `b`,
  /// best matches `a`: b′(x, y) = b(x − dx, y − dy) ≈ a(x, y), x right and y down. If `a` is `b`
  /// moved 3 px right and 2 px up, the result is (3, −2); `ncc(a, b)` finds the opposite shift of
  /// `ncc(b, a)`.
  ///
  /// **Score.** For each shift d, with N = |Ω|, ā the mean of a over Ω, and sums over the whole
  /// plane unless marked Ω:
  ///
  ///     γ(d) = Σ_Ω (a − ā)·b′  /  √( Σ_Ω (a − ā)² · [ Σ b² − (Σ_Ω b′)² / N ] )
  ///
  /// This is the Pearson correlation of a and b′ over Ω (the local, per-shift normalisation of
  /// J. P. Lewis, "Fast Normalized Cross-Correlation", Vision Interface 1995: the mean and energy of
  /// the moving image are recomputed under the fixed window for every shift), except that ink of b′
  /// pushed off the canvas still counts in b's energy:
  /// Σ b² − (Σ_Ω b′)²/N = Σ_Ω (b′ − b̄′)² + Σ_{∉Ω} b′².
  /// So a shift that crops part of b away cannot score well, and a small overlap cannot produce a
  /// spurious peak. γ ∈ [−1, 1] (Cauchy–Schwarz); γ = 1 exactly when b′ = α·a + β on Ω, α > 0, with
  /// no ink of b′ outside Ω: a drawing translated within its canvas scores 1 at the translation.
  ///
  /// **Method.** The numerator for all shifts at once is one cross-correlation by FFT (two forward
  /// real transforms, one inverse) on a zero-padded grid of at least (W + sx) × (H + sy), so the
  /// cyclic correlation equals the linear one for |dx| ≤ sx, |dy| ≤ sy (no wrap-around); Σ_Ω b′ for
  /// every shift comes from a summed-area table of b (F. C. Crow, "Summed-area tables for texture
  /// mapping", SIGGRAPH 1984, doi:10.1145/800031.808600), as in Lewis's method.
  ///
  /// **Ties and degenerate input.** The highest γ wins; values within 1e-12 of each other go to the
  /// shift of smallest dx² + dy² (then smaller dy, then smaller dx). If either mask is empty or
  /// uniform over Ω (no shape to correlate), or the canvas is empty, the result is (0, 0, 0): never NaN.
  ///
  /// - Parameters:
  ///   - maxShift: the largest |dx| and |dy| searched, in px; nil searches every shift at which the
  ///     canvases overlap (|dx| < W, |dy| < H). Must be ≥ 0.
  /// - Returns: the peak γ and its shift in px.
  /// - Complexity: O(P log P) time and O(P) memory, P = (W + sx)(H + sy) ≤ 4·W·H.
  public static func normalizedCrossCorrelation(
    _ a: AlphaMask, _ b: AlphaMask, maxShift: Int? = nil
  ) -> (peak: Double, shiftX: Int, shiftY: Int) {
    let surface = normalizedCrossCorrelationSurface(a, b, maxShift: maxShift)
    return surface.peak
  }

  /// γ(0, 0) of ``normalizedCrossCorrelation(_:_:maxShift:)`` without a transform: the Pearson
  /// correlation of the two masks centred on their common canvas,
  /// Σ (a − ā)(b − b̄) / √(Σ (a − ā)² · Σ (b − b̄)²) over Ω.
  ///
  /// Symmetric in a and b. Returns 0 if either mask is empty or uniform, or the canvas is empty.
  /// - Complexity: O(W·H) time and memory.
  public static func normalizedCrossCorrelationAtZeroShift(_ a: AlphaMask, _ b: AlphaMask) -> Double {
    let frame = CorrelationFrame(a, b)
    guard frame.count > 0 else { return 0 }
    let ca = place(a, width: frame.width, height: frame.height, originX: frame.aOriginX, originY: frame.aOriginY)
    let cb = place(b, width: frame.width, height: frame.height, originX: frame.bOriginX, originY: frame.bOriginY)
    let n = Double(frame.count)
    let meanA = ca.reduce(0, +) / n
    let meanB = cb.reduce(0, +) / n
    var cross = 0.0
    var varA = 0.0
    var varB = 0.0
    for i in 0..<frame.count {
      let da = ca[i] - meanA
      let db = cb[i] - meanB
      cross += da * db
      varA += da * da
      varB += db * db
    }
    let sumA2 = ca.reduce(0) { $0 + $1 * $1 }
    let sumB2 = cb.reduce(0) { $0 + $1 * $1 }
    guard isShaped(variance: varA, energy: sumA2), isShaped(variance: varB, energy: sumB2) else { return 0 }
    return clampCorrelation(cross / (varA * varB).squareRoot())
  }

  /// γ for every searched shift, for tests and for callers that want more than the peak.
  package struct CorrelationSurface: Sendable {
    /// The largest |dx| and |dy| held.
    package let maxShiftX: Int
    package let maxShiftY: Int
    /// γ(dx, dy) at index (dy + maxShiftY)·(2·maxShiftX + 1) + (dx + maxShiftX).
    package let values: [Double]

    package subscript(dx: Int, dy: Int) -> Double {
      precondition(abs(dx) <= maxShiftX && abs(dy) <= maxShiftY, "shift outside the surface")
      return values[(dy + maxShiftY) * (2 * maxShiftX + 1) + dx + maxShiftX]
    }

    /// The highest value, ties (within 1e-12) to the smallest shift; see the public function.
    package var peak: (peak: Double, shiftX: Int, shiftY: Int) {
      var best = (peak: 0.0, shiftX: 0, shiftY: 0)
      var bestNorm = Int.max
      var first = true
      for dy in -maxShiftY...maxShiftY {
        for dx in -maxShiftX...maxShiftX {
          let value = self[dx, dy]
          let norm = dx * dx + dy * dy
          let better: Bool
          if first || value > best.peak + 1e-12 {
            better = true
          } else if value >= best.peak - 1e-12 {
            better = norm < bestNorm  // raster order already prefers smaller dy, then dx
          } else {
            better = false
          }
          if better {
            best = (value, dx, dy)
            bestNorm = norm
            first = false
          }
        }
      }
      return best
    }
  }

  /// γ(dx, dy) of ``normalizedCrossCorrelation(_:_:maxShift:)`` for |dx| ≤ sx, |dy| ≤ sy.
  ///
  /// - Complexity: O(P log P), see the public function.
  package static func normalizedCrossCorrelationSurface(
    _ a: AlphaMask, _ b: AlphaMask, maxShift: Int? = nil, cache: SpectrumPlanCache = .shared
  ) -> CorrelationSurface {
    precondition(maxShift.map { $0 >= 0 } ?? true, "maxShift must be ≥ 0")
    let frame = CorrelationFrame(a, b)
    let w = frame.width
    let h = frame.height
    guard frame.count > 0 else { return CorrelationSurface(maxShiftX: 0, maxShiftY: 0, values: [0]) }
    let sx = min(maxShift ?? (w - 1), w - 1)
    let sy = min(maxShift ?? (h - 1), h - 1)
    let surfaceWidth = 2 * sx + 1
    var values = [Double](repeating: 0, count: surfaceWidth * (2 * sy + 1))

    var ca = place(a, width: w, height: h, originX: frame.aOriginX, originY: frame.aOriginY)
    let cb = place(b, width: w, height: h, originX: frame.bOriginX, originY: frame.bOriginY)
    let n = Double(frame.count)
    let meanA = ca.reduce(0, +) / n
    let sumA2 = ca.reduce(0) { $0 + $1 * $1 }
    var varA = 0.0
    for i in ca.indices {
      ca[i] -= meanA
      varA += ca[i] * ca[i]
    }
    let sumB = cb.reduce(0, +)
    let sumB2 = cb.reduce(0) { $0 + $1 * $1 }
    guard isShaped(variance: varA, energy: sumA2), isShaped(variance: sumB2 - sumB * sumB / n, energy: sumB2)
    else { return CorrelationSurface(maxShiftX: sx, maxShiftY: sy, values: values) }

    // Numerator: c(d) = Σ â(x)·b(x − d) = IDFT(Â · conj(B̂))(d) on a grid with no wrap-around.
    let gridWidth = fastLength(atLeast: w + sx)
    let gridHeight = fastLength(atLeast: h + sy)
    let wa = SpectrumWorkspace(width: gridWidth, height: gridHeight)
    let wb = SpectrumWorkspace(width: gridWidth, height: gridHeight)
    let ra = wa.realBuffer
    let rb = wb.realBuffer
    for y in 0..<h {
      for x in 0..<w {
        ra[y &* gridWidth &+ x] = ca[y &* w &+ x]
        rb[y &* gridWidth &+ x] = cb[y &* w &+ x]
      }
    }
    wa.forward(cache: cache)
    wb.forward(cache: cache)
    let fa = wa.complexBuffer
    let fb = wb.complexBuffer
    for k in 0..<fb.count {
      let (ar, ai) = fa[k]
      let (br, bi) = fb[k]
      fb[k] = (ar * br + ai * bi, ai * br - ar * bi)  // Â · conj(B̂)
    }
    wb.inverse(cache: cache)
    let correlation = wb.realBuffer
    let normalisation = 1 / Double(gridWidth * gridHeight)

    // Σ_Ω b′ = Σ of b over (Ω − d) ∩ Ω, from a summed-area table of b.
    let tableWidth = w + 1
    var table = [Double](repeating: 0, count: tableWidth * (h + 1))
    for y in 0..<h {
      var row = 0.0
      for x in 0..<w {
        row += cb[y * w + x]
        table[(y + 1) * tableWidth + x + 1] = table[y * tableWidth + x + 1] + row
      }
    }
    let floor = energyFloor(sumB2)
    for dy in -sy...sy {
      let y0 = max(0, -dy)
      let y1 = min(h, h - dy)
      let gy = dy >= 0 ? dy : dy + gridHeight
      for dx in -sx...sx {
        let x0 = max(0, -dx)
        let x1 = min(w, w - dx)
        let windowSum = table[y1 * tableWidth + x1] - table[y0 * tableWidth + x1]
          - table[y1 * tableWidth + x0] + table[y0 * tableWidth + x0]
        let varB = sumB2 - windowSum * windowSum / n
        guard varB > floor else { continue }
        let gx = dx >= 0 ? dx : dx + gridWidth
        let numerator = correlation[gy * gridWidth + gx] * normalisation
        values[(dy + sy) * surfaceWidth + dx + sx] = clampCorrelation(numerator / (varA * varB).squareRoot())
      }
    }
    return CorrelationSurface(maxShiftX: sx, maxShiftY: sy, values: values)
  }

  /// The common canvas of two masks and where each is centred on it.
  struct CorrelationFrame {
    let width: Int
    let height: Int
    let aOriginX: Int
    let aOriginY: Int
    let bOriginX: Int
    let bOriginY: Int
    var count: Int { width * height }

    init(_ a: AlphaMask, _ b: AlphaMask) {
      width = max(a.width, b.width)
      height = max(a.height, b.height)
      aOriginX = (width - a.width) / 2
      aOriginY = (height - a.height) / 2
      bOriginX = (width - b.width) / 2
      bOriginY = (height - b.height) / 2
    }
  }

  /// Below this a sum of squared deviations is round-off, not shape (relative to the energy Σx²).
  private static func energyFloor(_ energy: Double) -> Double { max(1e-12, 1e-10 * energy) }

  private static func isShaped(variance: Double, energy: Double) -> Bool {
    energy > 0 && variance > energyFloor(energy)
  }

  private static func clampCorrelation(_ value: Double) -> Double {
    value.isFinite ? min(1, max(-1, value)) : 0
  }
}
