// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconRaster
import Testing

import IconMetrics

@Suite("Spectrum plan cache and transforms")
struct SpectrumPlanCacheTests {
  @Test("a size is planned once and the plan is shared")
  func planReuse() {
    let cache = SpectrumPlanCache(capacity: 8)
    let first = cache.plan(width: 12, height: 10, kind: .realToComplex)
    let second = cache.plan(width: 12, height: 10, kind: .realToComplex)
    #expect(first === second)
    let inverse = cache.plan(width: 12, height: 10, kind: .complexToReal)
    #expect(inverse !== first)
    #expect(cache.plansCreated == 2)
    #expect(cache.count == 2)
  }

  @Test("eviction keeps at most capacity plans; an evicted plan still runs")
  func eviction() {
    let cache = SpectrumPlanCache(capacity: 2)
    let held = cache.plan(width: 8, height: 8, kind: .realToComplex)
    _ = cache.plan(width: 9, height: 8, kind: .realToComplex)
    _ = cache.plan(width: 10, height: 8, kind: .realToComplex)
    #expect(cache.count == 2)
    let workspace = SpectrumWorkspace(width: 8, height: 8)
    for i in 0..<64 { workspace.realBuffer[i] = 1 }
    held.execute(on: workspace)
    #expect(workspace.complexBuffer[0].0 == 64)
    cache.removeAll()
    #expect(cache.count == 0)
    held.execute(on: workspace)
    #expect(workspace.complexBuffer[0].0 == 64)
  }

  @Test(
    "forward transform equals a direct DFT; inverse ∘ forward = N · identity",
    arguments: [(7, 5), (8, 6), (1, 1), (13, 1)])
  func roundTrip(width: Int, height: Int) {
    let mask = SpectrumShapes.random(width: width, height: height, seed: UInt64(width * 31 + height), zeroShare: 0)
    let workspace = SpectrumWorkspace(width: width, height: height)
    for i in 0..<mask.pixelCount { workspace.realBuffer[i] = Double(mask.coverage[i]) }
    workspace.forward()
    let cw = width / 2 + 1
    var worst = 0.0
    for ky in 0..<height {
      for kx in 0..<cw {
        var re = 0.0
        var im = 0.0
        for y in 0..<height {
          for x in 0..<width {
            let phase = -2 * Double.pi * (Double(kx * x) / Double(width) + Double(ky * y) / Double(height))
            re += Double(mask.coverage[y * width + x]) * cos(phase)
            im += Double(mask.coverage[y * width + x]) * sin(phase)
          }
        }
        let (fr, fi) = workspace.complexBuffer[ky * cw + kx]
        worst = max(worst, abs(fr - re), abs(fi - im))
      }
    }
    #expect(worst < 1e-9)
    workspace.inverse()
    let n = Double(width * height)
    for i in 0..<mask.pixelCount {
      #expect(abs(workspace.realBuffer[i] / n - Double(mask.coverage[i])) < 1e-12)
    }
  }

  @Test("fast lengths have no prime factor above 7")
  func fastLengths() {
    #expect(Spectrum.fastLength(atLeast: 0) == 1)
    #expect(Spectrum.fastLength(atLeast: 1) == 1)
    #expect(Spectrum.fastLength(atLeast: 11) == 12)
    #expect(Spectrum.fastLength(atLeast: 97) == 98)
    #expect(Spectrum.fastLength(atLeast: 121) == 125)
    #expect(Spectrum.fastLength(atLeast: 128) == 128)
  }

  /// Many threads plan and run transforms of several sizes at once, through the shared cache and a
  /// two-plan cache that keeps evicting plans others are running; every result must be bit-for-bit
  /// the serial one.
  @Test("concurrent use from many threads gives the serial results exactly")
  func concurrentUse() {
    let masks = (0..<6).map { i in
      SpectrumShapes.random(width: 9 + 5 * i, height: 7 + 3 * i, seed: 100 + UInt64(i))
    }
    let partners = masks.map { SpectrumShapes.translated($0, dx: 2, dy: -1) }
    struct Outcome: Equatable, Sendable {
      var ncc: [Double]
      var peak: Double
      var shift: [Int]
      var blur: [Float]
      var share: Double
    }
    @Sendable func compute(_ i: Int, cache: SpectrumPlanCache) -> Outcome {
      let surface = Spectrum.normalizedCrossCorrelationSurface(masks[i], partners[i], maxShift: 3, cache: cache)
      let peak = Spectrum.normalizedCrossCorrelation(masks[i], partners[i])
      let blur = Spectrum.blurredField(masks[i], sigmaPx: 0.8 + 0.3 * Double(i), marginPx: 2, cache: cache)
      return Outcome(
        ncc: surface.values, peak: peak.peak, shift: [peak.shiftX, peak.shiftY],
        blur: blur.values.map(Float.init),
        share: Spectrum.highFrequencyEnergyShare(masks[i], cutoffCyclesPerPt: 0.2))
    }
    let serial = (0..<masks.count).map { compute($0, cache: SpectrumPlanCache()) }

    let churning = SpectrumPlanCache(capacity: 2)
    let iterations = 96
    let lock = NSLock()
    nonisolated(unsafe) var results = [Outcome?](repeating: nil, count: iterations)
    DispatchQueue.concurrentPerform(iterations: iterations) { k in
      let i = k % masks.count
      let cache = k % 3 == 0 ? SpectrumPlanCache.shared : churning
      if k % 17 == 0 { churning.removeAll() }
      let outcome = compute(i, cache: cache)
      lock.withLock { results[k] = outcome }
    }
    var mismatches = 0
    for k in 0..<iterations where results[k] != serial[k % masks.count] { mismatches += 1 }
    #expect(mismatches == 0)
    #expect(churning.count <= 2)
  }
}
