// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import Testing

@Suite("Spectrum Gaussian blur and optical volume")
struct SpectrumBlurTests {
  /// Direct separable convolution with the sampled Gaussian, R = ⌈4σ⌉, normalised to sum 1,
  /// coverage 0 off the canvas; output grown by `margin` on each side.
  static func directBlur(_ mask: AlphaMask, sigma: Double, margin: Int) -> [Double] {
    let radius = Int((4 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { r in exp(-Double(r * r) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let w = mask.width + 2 * margin
    let h = mask.height + 2 * margin
    var rows = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0.0
        for r in -radius...radius {
          sum += kernel[r + radius] * Double(mask[x - margin - r, y - margin])
        }
        rows[y * w + x] = sum
      }
    }
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0.0
        for r in -radius...radius where y - r >= 0 && y - r < h {
          sum += kernel[r + radius] * rows[(y - r) * w + x]
        }
        out[y * w + x] = sum
      }
    }
    return out
  }

  @Test("FFT blur equals direct separable convolution within 1e-4",
        arguments: [(0.5, 0), (0.7, 0), (1.5, 0), (3.2, 0), (1.5, 3), (2.0, 12)])
  func matchesDirect(sigma: Double, margin: Int) {
    for (seed, size) in [(UInt64(21), (23, 17)), (22, (16, 16)), (23, (5, 31))] {
      let mask = SpectrumShapes.random(width: size.0, height: size.1, seed: seed)
      let fft = Spectrum.gaussianBlur(mask, sigmaPx: sigma, marginPx: margin)
      let direct = Self.directBlur(mask, sigma: sigma, margin: margin)
      #expect(fft.width == size.0 + 2 * margin && fft.height == size.1 + 2 * margin)
      #expect(fft.scale == mask.scale)
      var worst = 0.0
      for i in direct.indices { worst = max(worst, abs(Double(fft.coverage[i]) - direct[i])) }
      #expect(worst < 1e-4, "σ \(sigma), \(size): \(worst)")
      // Before rounding to Float the two agree to round-off.
      let field = Spectrum.blurredField(mask, sigmaPx: sigma, marginPx: margin)
      var worstDouble = 0.0
      for i in direct.indices { worstDouble = max(worstDouble, abs(field.values[i] - direct[i])) }
      #expect(worstDouble < 1e-12)
    }
  }

  @Test("with a margin of ⌈4σ⌉ the blur keeps the mass; σ = 0 is the identity")
  func massAndIdentity() {
    let mask = SpectrumShapes.glyph(scale: 2)
    let sigma = 2.5
    let blurred = Spectrum.gaussianBlur(mask, sigmaPx: sigma, marginPx: Spectrum.kernelRadius(sigmaPx: sigma))
    #expect(abs(blurred.inkPx - mask.inkPx) < 1e-3 * mask.inkPx)
    #expect(blurred.coverage.allSatisfy { $0 >= 0 && $0 <= 1 })
    #expect(Spectrum.gaussianBlur(mask, sigmaPx: 0) == mask)
    let kernel = Spectrum.gaussianKernel(sigmaPx: 1.3)
    #expect(kernel.count == 7)
    #expect(abs(kernel[0] + 2 * kernel.dropFirst().reduce(0, +) - 1) < 1e-15)
    let empty = AlphaMask(width: 0, height: 0)
    #expect(Spectrum.gaussianBlur(empty, sigmaPx: 2, marginPx: 1).pixelCount == 4)
  }

  @Test("optical volume grows monotonically with a disk's radius")
  func diskMonotone() {
    var previous = 0.0
    var sizes: [Double] = []
    for radius in stride(from: 1.0, through: 11.0, by: 1.0) {
      let disk = SpectrumShapes.disk(scale: 2, radius: radius)
      let volume = Spectrum.opticalVolume(disk, sigmaPt: 1.5)
      #expect(volume.effectiveSizePt > previous, "r \(radius): \(volume.effectiveSizePt)")
      #expect(abs(volume.effectiveSizePt * volume.effectiveSizePt - volume.blurredMassPt2) < 1e-9)
      previous = volume.effectiveSizePt
      sizes.append(volume.effectiveSizePt)
    }
    // A large disk looks as big as it is plus about 0.67σ around: √(π (r + 0.67σ)²).
    let large = sizes[9]  // r = 10 pt
    let expected = (Double.pi * pow(10 + 0.674 * 1.5, 2)).squareRoot()
    #expect(abs(large - expected) / expected < 0.03, "\(large) vs \(expected)")
  }

  @Test("a thin line looks smaller than a filled square of its length")
  func lineVersusSquare() {
    for length in [8.0, 12.0, 18.0] {
      let start = 12 - length / 2
      let line = SpectrumShapes.rectangle(scale: 2, x0: start, y0: 11.5, x1: start + length, y1: 12.5)
      let square = SpectrumShapes.rectangle(scale: 2, x0: start, y0: start, x1: start + length, y1: start + length)
      let lineVolume = Spectrum.opticalVolume(line, sigmaPt: 1.5)
      let squareVolume = Spectrum.opticalVolume(square, sigmaPt: 1.5)
      #expect(lineVolume.effectiveSizePt < 0.75 * squareVolume.effectiveSizePt,
              "L \(length): line \(lineVolume.effectiveSizePt), square \(squareVolume.effectiveSizePt)")
    }
  }

  @Test("optical volume is in points: the same drawing at @1x, @2x, @3x agrees within 2%")
  func scaleIndependent() {
    let volumes = [1.0, 2.0, 3.0].map { Spectrum.opticalVolume(SpectrumShapes.glyph(scale: $0), sigmaPt: 1.2) }
    let sizes = volumes.map(\.effectiveSizePt)
    #expect((sizes.max()! - sizes.min()!) / sizes.max()! < 0.02, "\(sizes)")
    #expect(Spectrum.opticalVolume(AlphaMask(width: 24, height: 24, scale: 2), sigmaPt: 1).blurredMassPt2 == 0)
  }
}
