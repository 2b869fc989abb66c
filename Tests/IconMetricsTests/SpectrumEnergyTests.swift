// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import Testing

@Suite("Spectrum high-frequency energy share")
struct SpectrumEnergyTests {
  /// The share from a direct O(N²) DFT over the full spectrum, signed frequencies.
  static func bruteForce(_ mask: AlphaMask, cutoff: Double) -> Double {
    let w = mask.width
    let h = mask.height
    var total = 0.0
    var high = 0.0
    for ky in 0..<h {
      for kx in 0..<w where kx != 0 || ky != 0 {
        var re = 0.0
        var im = 0.0
        for y in 0..<h {
          for x in 0..<w {
            let phase = -2 * Double.pi * (Double(kx * x) / Double(w) + Double(ky * y) / Double(h))
            re += Double(mask[x, y]) * cos(phase)
            im += Double(mask[x, y]) * sin(phase)
          }
        }
        let fx = Double(kx <= w / 2 ? kx : kx - w) / Double(w)
        let fy = Double(ky <= h / 2 ? ky : ky - h) / Double(h)
        let e = re * re + im * im
        total += e
        if (fx * fx + fy * fy).squareRoot() * mask.scale > cutoff { high += e }
      }
    }
    return total > 0 ? high / total : 0
  }

  @Test("equals a direct DFT (seeded random masks, odd and even sizes)",
        arguments: [(9, 7, UInt64(31)), (8, 6, 32), (12, 5, 33), (1, 10, 34)])
  func matchesDirect(width: Int, height: Int, seed: UInt64) {
    var mask = SpectrumShapes.random(width: width, height: height, seed: seed)
    mask.scale = 2
    for cutoff in [0.0, 0.1, 0.35, 0.6, 0.9] {
      let fft = Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: cutoff)
      let direct = Self.bruteForce(mask, cutoff: cutoff)
      #expect(abs(fft - direct) < 1e-9, "cutoff \(cutoff): \(fft) vs \(direct)")
    }
  }

  @Test("a smooth blob has less high-frequency energy than fine hatching or a checkerboard")
  func smoothVersusFine() {
    let blob = Spectrum.gaussianBlur(SpectrumShapes.disk(scale: 2, radius: 7), sigmaPx: 3)
    let hatching = SpectrumShapes.draw(widthPt: 24, heightPt: 24, scale: 2) { x, y in
      x > 4 && x < 20 && y > 4 && y < 20 && Int((x * 2).rounded(.down)) % 2 == 0
    }
    let checkerboard = AlphaMask(width: 48, height: 48, scale: 2) { x, y in
      (4..<44).contains(x) && (4..<44).contains(y) && (x + y) % 2 == 0 ? 1 : 0
    }
    let cutoff = 0.25  // cycles/pt: detail finer than 4 pt
    let smooth = Spectrum.highFrequencyEnergyShare(blob, cutoffCyclesPerPt: cutoff)
    let hatched = Spectrum.highFrequencyEnergyShare(hatching, cutoffCyclesPerPt: cutoff)
    let checked = Spectrum.highFrequencyEnergyShare(checkerboard, cutoffCyclesPerPt: cutoff)
    #expect(smooth < 0.01, "blob \(smooth)")
    #expect(hatched > 0.4, "hatching \(hatched)")
    #expect(checked > 0.4, "checkerboard \(checked)")
    #expect(smooth < hatched && smooth < checked)
  }

  @Test("constant and empty masks have no high-frequency energy")
  func constant() {
    for value: Float in [0, 0.3, 1] {
      let mask = AlphaMask(width: 20, height: 15, scale: 2) { _, _ in value }
      #expect(Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: 0) == 0)
      #expect(Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: 0.5) == 0)
    }
    #expect(Spectrum.highFrequencyEnergyShare(AlphaMask(width: 0, height: 0), cutoffCyclesPerPt: 0.2) == 0)
  }

  @Test("the share is 1 below the lowest frequency, 0 above the highest, and falls with the cutoff")
  func bounds() {
    let mask = SpectrumShapes.glyph(scale: 2)  // 48 px, scale 2
    #expect(Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: 0) == 1)
    #expect(Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: 0.5 * 2 * 2.0.squareRoot() + 1e-9) == 0)
    var previous = 1.0
    for cutoff in stride(from: 0.0, through: 1.5, by: 0.05) {
      let share = Spectrum.highFrequencyEnergyShare(mask, cutoffCyclesPerPt: cutoff)
      #expect(share <= previous + 1e-15 && share >= 0)
      previous = share
    }
  }

  @Test("a cutoff in cycles/pt means the same detail at @2x and @3x")
  func scaleConsistent() {
    func share(_ scale: Double) -> Double {
      Spectrum.highFrequencyEnergyShare(SpectrumShapes.ring(scale: scale, radius: 10, width: 1.5), cutoffCyclesPerPt: 0.3)
    }
    let two = share(2)
    let three = share(3)
    // Measured 0.246 vs 0.266: @3x keeps some energy beyond @2x's Nyquist limit (1 cycle/pt) and
    // its antialiasing box is narrower; the cutoff itself means the same detail at both.
    #expect(abs(two - three) < 0.04, "@2x \(two), @3x \(three)")
  }
}
