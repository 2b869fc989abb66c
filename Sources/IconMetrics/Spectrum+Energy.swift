// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

extension Spectrum {
  /// The share of the mask's spectral energy above a radial frequency: how much of the drawing is
  /// fine detail at this render size.
  ///
  /// With α̂(k) the 2-D DFT of the coverage on its own canvas (W × H, periodic: icons keep a
  /// transparent margin, so the period adds no edge), each frequency index k = (kx, ky) maps to the
  /// signed frequency f = (kx/W, ky/H) cycles/px (|kx| ≤ W/2, |ky| ≤ H/2), i.e. |f|·scale cycles/pt.
  /// The result is
  ///
  ///     Σ_{k ≠ 0, |f|·scale > cutoff} |α̂(k)|²  /  Σ_{k ≠ 0} |α̂(k)|²
  ///
  /// (DC, the mean coverage, is excluded; by Parseval the denominator is W·H·Σ(α − ᾱ)²). Computed
  /// from the real-to-complex half spectrum, counting each column 0 < kx < W/2 twice for its
  /// conjugate twin. In 0…1, non-increasing in the cutoff; 1 for a cutoff < 1/max(W, H)·scale
  /// (every non-DC frequency is above it) when the mask has any shape; 0 when the mask is empty or
  /// uniform (no AC energy).
  ///
  /// Frequencies are in cycles per point, so one cutoff means the same detail at @1x, @2x and @3x;
  /// the highest frequency a mask holds is its Nyquist limit, 0.5·scale cycles/pt on the axes.
  /// A stroke pattern of period p pt sits at 1/p cycles/pt.
  ///
  /// - Complexity: O(N log N) time, O(N) memory, N = width·height.
  public static func highFrequencyEnergyShare(_ mask: AlphaMask, cutoffCyclesPerPt: Double) -> Double {
    precondition(!cutoffCyclesPerPt.isNaN, "cutoff is NaN")
    let w = mask.width
    let h = mask.height
    guard w > 0, h > 0 else { return 0 }
    // No shape: no AC energy to share out (and round-off must not make one up).
    let n = Double(w * h)
    let mean = mask.inkPx / n
    var variance = 0.0
    var energy = 0.0
    for value in mask.coverage {
      let v = Double(value)
      variance += (v - mean) * (v - mean)
      energy += v * v
    }
    guard energy > 0, variance > max(1e-12, 1e-10 * energy) else { return 0 }

    let workspace = SpectrumWorkspace(width: w, height: h)
    let real = workspace.realBuffer
    mask.coverage.withUnsafeBufferPointer { src in
      for i in 0..<src.count { real[i] = Double(src[i]) }
    }
    workspace.forward()
    let spectrum = workspace.complexBuffer
    let cw = workspace.complexWidth
    let cutoffPx = cutoffCyclesPerPt / mask.scale  // cycles/px
    let cutoffSquared = cutoffPx < 0 ? -1 : cutoffPx * cutoffPx
    var total = 0.0
    var high = 0.0
    for ky in 0..<h {
      let fy = Double(ky <= h / 2 ? ky : ky - h) / Double(h)
      for kx in 0..<cw {
        if kx == 0 && ky == 0 { continue }
        let fx = Double(kx) / Double(w)
        let (re, im) = spectrum[ky &* cw &+ kx]
        // Columns 0 and W/2 (W even) are their own conjugate twins; the others stand for two.
        let multiplicity = (kx == 0 || (w % 2 == 0 && kx == w / 2)) ? 1.0 : 2.0
        let e = multiplicity * (re * re + im * im)
        total += e
        if fx * fx + fy * fy > cutoffSquared { high += e }
      }
    }
    guard total > 0 else { return 0 }
    return min(1, max(0, high / total))
  }
}
