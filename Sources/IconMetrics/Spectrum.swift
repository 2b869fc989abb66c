// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Fourier-domain measurements of an ``AlphaMask`` (FFTW, double precision).
///
/// - ``normalizedCrossCorrelation(_:_:maxShift:)``: zero-mean normalised cross-correlation over all
///   translations (duplicate and look-alike detection, state and scale registration), and the O(N)
///   ``normalizedCrossCorrelationAtZeroShift(_:_:)``.
/// - ``gaussianBlur(_:sigmaPx:marginPx:)`` and ``opticalVolume(_:sigmaPt:level:)``: how big an icon
///   looks at a viewing distance, from its Gaussian-blurred coverage.
/// - ``highFrequencyEnergyShare(_:cutoffCyclesPerPt:)``: how much of the drawing's spectral energy
///   lies above a radial frequency (fine detail at one render size).
/// - ``signature(_:)``: a 16×16 framed thumbnail for prefiltering duplicate search.
///
/// Transforms are real-to-complex 2-D DFTs (FFTW 3: M. Frigo and S. G. Johnson, "The Design and
/// Implementation of FFTW3", Proc. IEEE 93(2), 2005, doi:10.1109/JPROC.2004.840301), planned with
/// `FFTW_ESTIMATE` so results are bit-for-bit repeatable from run to run, and executed on shared,
/// cached plans (``SpectrumPlanCache``). Every function here is pure and safe to call from several
/// threads at once.
///
/// Coordinates are pixels, x to the right and y down (row-major, top row first, like the mask);
/// lengths and frequencies in points use the mask's `scale` (pixels per point).
public enum Spectrum {}

extension Spectrum {
  /// The smallest length ≥ `n` whose prime factors are all in {2, 3, 5, 7}: FFTW's fast sizes.
  ///
  /// - Complexity: O(log² n).
  package static func fastLength(atLeast n: Int) -> Int {
    precondition(n >= 0, "negative length")
    if n <= 1 { return 1 }
    var candidate = n
    while true {
      var m = candidate
      for p in [2, 3, 5, 7] {
        while m % p == 0 { m /= p }
      }
      if m == 1 { return candidate }
      candidate += 1
    }
  }

  /// Copies `mask` into a zeroed `width × height` Double canvas at (`originX`, `originY`).
  ///
  /// Pixels that fall outside the canvas are dropped. - Complexity: O(width·height + mask pixels).
  static func place(_ mask: AlphaMask, width: Int, height: Int, originX: Int, originY: Int) -> [Double] {
    var out = [Double](repeating: 0, count: width * height)
    let w = mask.width
    mask.coverage.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in 0..<mask.height {
          let ty = y &+ originY
          guard ty >= 0, ty < height else { continue }
          for x in 0..<w {
            let tx = x &+ originX
            guard tx >= 0, tx < width else { continue }
            dst[ty &* width &+ tx] = Double(src[y &* w &+ x])
          }
        }
      }
    }
    return out
  }
}
