// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

extension Spectrum {
  /// Gaussian blur of the coverage, by FFT, with transparent surroundings.
  ///
  /// The kernel is the sampled Gaussian g(r) ∝ exp(−r² / 2σ²) for integer |r| ≤ R = ⌈4σ⌉ (so the
  /// truncated tail holds < 7·10⁻⁵ of the weight), normalised to sum 1, applied separably in x and y
  /// (``gaussianKernel(sigmaPx:)``). The result is exactly the direct linear convolution
  /// Σ g(i)·g(j)·α(x − i, y − j) with α = 0 outside the canvas, up to floating-point round-off:
  /// the mask is zero-padded by max(R, margin) on every side before the cyclic FFT convolution, so
  /// nothing wraps around; the transfer function is the kernel's own DFT,
  /// H(kx, ky) = Gx(kx)·Gy(ky), Gx(k) = g(0) + 2 Σ_{r=1..R} g(r)·cos(2πkr / Px), so no second
  /// transform is needed. (Convolution theorem; for the method see e.g. R. C. Gonzalez and
  /// R. E. Woods, *Digital Image Processing*, 4th ed., §4.6.) Coverage stays in 0…1 and mass Σα is
  /// preserved when the margin is at least R.
  ///
  /// - Parameters:
  ///   - sigmaPx: standard deviation in pixels; 0 returns the (padded) mask unchanged. Must be ≥ 0.
  ///   - marginPx: transparent pixels added on each side of the output, to keep the blur that spreads
  ///     past the canvas (use ≥ ⌈4σ⌉ to keep all of it). Must be ≥ 0.
  /// - Returns: a `(width + 2·margin) × (height + 2·margin)` mask with the same scale.
  /// - Complexity: O(P log P + (Px + Py)·R) time and O(P) memory, where Px × Py = P ≥
  ///   (width + 2M)(height + 2M), M = max(R, margin) (the second term is the kernel's DFT).
  public static func gaussianBlur(_ mask: AlphaMask, sigmaPx: Double, marginPx: Int = 0) -> AlphaMask {
    let field = blurredField(mask, sigmaPx: sigmaPx, marginPx: marginPx)
    return AlphaMask(
      width: field.width, height: field.height, scale: mask.scale,
      coverage: field.values.map { Float(min(1, max(0, $0))) })
  }

  /// How big an icon looks from afar: the area of its blurred coverage above a level.
  ///
  /// The mask is blurred with a Gaussian of σ = `sigmaPt` × scale px (``gaussianBlur(_:sigmaPx:marginPx:)``,
  /// with margin so no blur is cut off), which models the loss of acuity at a viewing distance, as a
  /// designer's "squint" or blur test does. The optical area counts each pixel with weight
  ///
  ///     w(β) = clamp((β − 0.6·level) / (0.8·level), 0, 1)
  ///
  /// of its blurred coverage β: a linear ramp across 0.6…1.4 × `level`, i.e. a threshold at `level`
  /// (default 0.25: where the blurred glyph is at least a quarter dark) softened so the figure moves
  /// continuously with sub-pixel edits rather than in whole pixels.
  ///
  /// `blurredMassPt2` = Σ w(β) / scale² (pt²) and `effectiveSizePt` = √blurredMassPt2 (pt), a length
  /// comparable to the perceived size S = √hull. Properties: w is non-decreasing and the blur is a
  /// positive operator, so adding ink never shrinks the figure (a larger disk, or a square around a
  /// line, has a larger optical area); a large filled shape's area grows by about its perimeter ×
  /// 0.67σ (where the blurred edge stays above a quarter); strokes much thinner than σ fade below the
  /// level and count only partly; the figure is in points, so it does not depend on the render scale
  /// beyond antialiasing. It is not a calibrated psychophysical model: choose σ (about a stroke
  /// width, 1–1.5 pt, for bar icons) and compare icons only with the same σ and level.
  ///
  /// - Parameters:
  ///   - sigmaPt: the blur in points; ≥ 0.
  ///   - level: the coverage level in (0, 1) that counts as seen.
  /// - Complexity: that of the blur: O(P log P), P = (width + 2R)(height + 2R), R = ⌈4σ⌉ px.
  public static func opticalVolume(
    _ mask: AlphaMask, sigmaPt: Double, level: Double = 0.25
  ) -> (blurredMassPt2: Double, effectiveSizePt: Double) {
    precondition(sigmaPt >= 0 && sigmaPt.isFinite, "sigmaPt must be a finite value ≥ 0")
    precondition(level > 0 && level < 1, "level must be in (0, 1)")
    let sigmaPx = sigmaPt * mask.scale
    let radius = kernelRadius(sigmaPx: sigmaPx)
    let field = blurredField(mask, sigmaPx: sigmaPx, marginPx: radius)
    let low = 0.6 * level
    let span = 0.8 * level
    var area = 0.0
    for value in field.values where value > low {
      area += min(1, (value - low) / span)
    }
    let areaPt2 = area / (mask.scale * mask.scale)
    return (areaPt2, areaPt2.squareRoot())
  }

  /// The half-kernel g(0), g(1), …, g(R) of the sampled Gaussian used by the blur: R = ⌈4σ⌉ and
  /// g(0) + 2 Σ g(r) = 1; `[1]` for σ = 0.
  ///
  /// - Complexity: O(σ).
  package static func gaussianKernel(sigmaPx: Double) -> [Double] {
    let radius = kernelRadius(sigmaPx: sigmaPx)
    guard radius > 0 else { return [1] }
    var half = (0...radius).map { r in exp(-Double(r * r) / (2 * sigmaPx * sigmaPx)) }
    let total = half[0] + 2 * half.dropFirst().reduce(0, +)
    for i in half.indices { half[i] /= total }
    return half
  }

  /// R = ⌈4σ⌉ px (0 for σ = 0).
  package static func kernelRadius(sigmaPx: Double) -> Int {
    precondition(sigmaPx >= 0 && sigmaPx.isFinite, "sigmaPx must be a finite value ≥ 0")
    precondition(sigmaPx < 1e6, "sigmaPx too large")
    return Int((4 * sigmaPx).rounded(.up))
  }

  /// The blurred coverage in Double on the canvas grown by `marginPx` on each side, not clamped.
  package static func blurredField(
    _ mask: AlphaMask, sigmaPx: Double, marginPx: Int, cache: SpectrumPlanCache = .shared
  ) -> (width: Int, height: Int, values: [Double]) {
    precondition(marginPx >= 0, "marginPx must be ≥ 0")
    let outWidth = mask.width + 2 * marginPx
    let outHeight = mask.height + 2 * marginPx
    let half = gaussianKernel(sigmaPx: sigmaPx)
    let radius = half.count - 1
    guard radius > 0, mask.width > 0, mask.height > 0 else {
      let padded = place(mask, width: outWidth, height: outHeight, originX: marginPx, originY: marginPx)
      return (outWidth, outHeight, padded)
    }
    // The mask at (M, M) on a grid of at least (w + 2M) × (h + 2M): the linear result, support
    // [M − R, M + w + R), and the output window [M − margin, M + w + margin) both fit in one period.
    let pad = max(radius, marginPx)
    let gridWidth = fastLength(atLeast: mask.width + 2 * pad)
    let gridHeight = fastLength(atLeast: mask.height + 2 * pad)
    let workspace = SpectrumWorkspace(width: gridWidth, height: gridHeight)
    let real = workspace.realBuffer
    mask.coverage.withUnsafeBufferPointer { src in
      for y in 0..<mask.height {
        for x in 0..<mask.width {
          real[(y &+ pad) &* gridWidth &+ x &+ pad] = Double(src[y &* mask.width &+ x])
        }
      }
    }
    workspace.forward(cache: cache)
    let gx = kernelTransfer(half, length: gridWidth, count: workspace.complexWidth)
    let gy = kernelTransfer(half, length: gridHeight, count: gridHeight)
    let normalisation = 1 / Double(gridWidth * gridHeight)
    let spectrum = workspace.complexBuffer
    let cw = workspace.complexWidth
    for ky in 0..<gridHeight {
      let rowGain = gy[ky] * normalisation
      for kx in 0..<cw {
        let gain = gx[kx] * rowGain
        let (re, im) = spectrum[ky &* cw &+ kx]
        spectrum[ky &* cw &+ kx] = (re * gain, im * gain)
      }
    }
    workspace.inverse(cache: cache)
    let blurred = workspace.realBuffer
    var values = [Double](repeating: 0, count: outWidth * outHeight)
    let offset = pad - marginPx
    for y in 0..<outHeight {
      for x in 0..<outWidth {
        values[y * outWidth + x] = blurred[(y + offset) * gridWidth + x + offset]
      }
    }
    return (outWidth, outHeight, values)
  }

  /// The DFT of the symmetric kernel wrapped onto a period of `length`, at frequencies 0..<count.
  private static func kernelTransfer(_ half: [Double], length: Int, count: Int) -> [Double] {
    (0..<count).map { k in
      var sum = half[0]
      for r in 1..<half.count {
        // k·r mod length keeps the cosine argument small and exact.
        sum += 2 * half[r] * cos(2 * Double.pi * Double((k * r) % length) / Double(length))
      }
      return sum
    }
  }
}
