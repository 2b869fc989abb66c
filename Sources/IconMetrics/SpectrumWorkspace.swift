// SPDX-License-Identifier: GPL-3.0-or-later
// `package`, not `internal`: `complexBuffer` hands FFTW's `fftw_complex` to the spectrum code and its tests.
package import CFFTW

/// One caller's FFTW arrays for a real `width × height` transform: the real array and its
/// `height × (width/2 + 1)` half spectrum (FFTW's r2c layout, row-major, manual §4.3.4).
///
/// Both arrays come from `fftw_malloc` (SIMD alignment, which the cached plans assume) and are zeroed
/// at creation. A workspace belongs to one thread at a time; it is not `Sendable`.
package final class SpectrumWorkspace {
  package let width: Int
  package let height: Int
  /// Columns of the half spectrum: `width / 2 + 1`.
  package let complexWidth: Int
  let real: UnsafeMutablePointer<Double>
  let complex: UnsafeMutablePointer<fftw_complex>

  package init(width: Int, height: Int) {
    precondition(width >= 1 && height >= 1, "empty workspace")
    self.width = width
    self.height = height
    complexWidth = width / 2 + 1
    let realCount = width * height
    let complexCount = complexWidth * height
    guard let r = fftw_malloc(realCount * MemoryLayout<Double>.stride),
      let c = fftw_malloc(complexCount * MemoryLayout<fftw_complex>.stride)
    else { fatalError("fftw_malloc failed for a \(width)×\(height) transform") }
    real = r.bindMemory(to: Double.self, capacity: realCount)
    real.initialize(repeating: 0, count: realCount)
    complex = c.bindMemory(to: fftw_complex.self, capacity: complexCount)
    complex.initialize(repeating: (0, 0), count: complexCount)
  }

  deinit {
    fftw_free(real)
    fftw_free(complex)
  }

  /// The real array, `width × height`, row-major.
  package var realBuffer: UnsafeMutableBufferPointer<Double> {
    UnsafeMutableBufferPointer(start: real, count: width * height)
  }

  /// The half spectrum, `height × complexWidth`, row-major; element k is (re, im).
  package var complexBuffer: UnsafeMutableBufferPointer<fftw_complex> {
    UnsafeMutableBufferPointer(start: complex, count: complexWidth * height)
  }

  /// Real array → half spectrum (unnormalised DFT). - Complexity: O(N log N).
  package func forward(cache: SpectrumPlanCache = .shared) {
    cache.plan(width: width, height: height, kind: .realToComplex).execute(on: self)
  }

  /// Half spectrum → real array, scaled by `width · height` (FFTW does not normalise); overwrites
  /// the half spectrum. - Complexity: O(N log N).
  package func inverse(cache: SpectrumPlanCache = .shared) {
    cache.plan(width: width, height: height, kind: .complexToReal).execute(on: self)
  }
}
