// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import Testing

@Suite("Spectrum signature")
struct SpectrumSignatureTests {
  static let shapes: [(String, @Sendable (Double) -> AlphaMask)] = [
    ("glyph", { SpectrumShapes.glyph(scale: $0) }),
    ("ring", { SpectrumShapes.ring(scale: $0, radius: 10, width: 2) }),
    ("disk", { SpectrumShapes.disk(scale: $0, radius: 9) }),
    ("plus", { SpectrumShapes.plus(scale: $0, arm: 9, stroke: 2) }),
    ("triangle", { SpectrumShapes.triangle(scale: $0) }),
    ("bar", { SpectrumShapes.rectangle(scale: $0, x0: 3, y0: 10, x1: 21, y1: 14) }),
    ("square", { SpectrumShapes.rectangle(scale: $0, x0: 4, y0: 4, x1: 20, y1: 20) }),
  ]

  @Test("the same drawing at @1x, @2x and @3x has nearly the same signature")
  func acrossScales() {
    for (name, make) in Self.shapes {
      let signatures = [1.0, 2.0, 3.0].map { Spectrum.signature(make($0)) }
      for i in 0..<3 {
        for j in 0..<3 where j > i {
          let d = signatures[i].distance(to: signatures[j])
          // @1x (24 px) renders curves and half-pixel edges coarsely; @2x and @3x agree closely.
          #expect(d < (i == 0 ? 0.08 : 0.03), "\(name) @\(i + 1)x vs @\(j + 1)x: \(d)")
        }
      }
    }
  }

  /// An `AlphaMask` made in code can hold anything; the signature must not trap on it.
  @Test("coverage outside 0…1 (infinities, NaN) gives cells in 0…1")
  func coverageOutOfRange() {
    var mask = SpectrumShapes.disk(scale: 2, radius: 9)
    // An infinity in the first inked column and more than 1 in the first inked row: they decide
    // the ink's edges.
    mask.coverage[mask.width * 20] = .infinity
    mask.coverage[5] = 7
    mask.coverage[mask.width * 3 + 40] = .nan
    mask.coverage[mask.width * 30 + 2] = -.infinity
    let signature = Spectrum.signature(mask)
    #expect(signature.cells.allSatisfy { $0 >= 0 && $0 <= 1 })
    #expect(signature.aspectRatio.isFinite)
  }

  @Test("different drawings are far apart")
  func differentShapes() {
    let signatures = Self.shapes.map { ($0.0, Spectrum.signature($0.1(2))) }
    for i in signatures.indices {
      for j in signatures.indices where j > i {
        let d = signatures[i].1.distance(to: signatures[j].1)
        #expect(d > 0.3, "\(signatures[i].0) vs \(signatures[j].0): \(d)")
        #expect(d == signatures[j].1.distance(to: signatures[i].1))
      }
    }
  }

  @Test("position and canvas size do not matter; identical drawings are at distance 0")
  func translationAndCanvas() {
    let glyph = SpectrumShapes.glyph(scale: 2)
    let signature = Spectrum.signature(glyph)
    #expect(signature.distance(to: signature) == 0)
    #expect(Spectrum.signature(SpectrumShapes.translated(glyph, dx: 5, dy: -3)) == signature)
    let bigger = SpectrumShapes.placed(glyph, width: 70, height: 50, originX: 13, originY: 2)
    #expect(Spectrum.signature(bigger) == signature)
    // The same glyph drawn at a sub-pixel offset moves its antialiasing but barely its signature.
    let shifted = SpectrumShapes.glyph(scale: 2, offsetX: 0.3, offsetY: 0.45)
    #expect(Spectrum.signature(shifted).distance(to: signature) < 0.04)
  }

  @Test("the frame keeps the aspect ratio; empty masks have an empty signature")
  func aspectAndEmpty() {
    let bar = Spectrum.signature(SpectrumShapes.rectangle(scale: 2, x0: 3, y0: 10, x1: 21, y1: 14))
    #expect(abs(bar.aspectRatio - 4.5) < 0.05)
    #expect(bar.cells.count == Spectrum.Signature.side * Spectrum.Signature.side)
    let empty = Spectrum.signature(AlphaMask(width: 24, height: 24))
    #expect(empty.isEmpty && !bar.isEmpty)
    #expect(empty.distance(to: Spectrum.signature(AlphaMask(width: 0, height: 0))) == 0)
    #expect(empty.distance(to: bar) > 0)
  }

  @Test("signatures survive a JSON round trip")
  func codable() throws {
    let signature = Spectrum.signature(SpectrumShapes.triangle(scale: 3))
    let data = try JSONEncoder().encode(signature)
    let decoded = try JSONDecoder().decode(Spectrum.Signature.self, from: data)
    #expect(decoded == signature)
  }
}
