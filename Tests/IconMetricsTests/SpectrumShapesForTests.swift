// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster
import TestSupport

/// Masks drawn in the tests of ``Spectrum``: analytic shapes in points, antialiased by
/// supersampling, and seeded random masks. Namespaced so it cannot clash with other test files.
enum SpectrumShapes {
  /// A canvas of `widthPt × heightPt` at `scale`, coverage = the fraction of `samples²` sub-pixel
  /// points (x, y in pt) for which `inside` holds.
  static func draw(
    widthPt: Double, heightPt: Double, scale: Double, samples: Int = 6, _ inside: (Double, Double) -> Bool
  ) -> AlphaMask {
    let w = Int((widthPt * scale).rounded())
    let h = Int((heightPt * scale).rounded())
    let step = 1 / Double(samples)
    return AlphaMask(width: w, height: h, scale: scale) { px, py in
      var hits = 0
      for sy in 0..<samples {
        for sx in 0..<samples {
          let x = (Double(px) + (Double(sx) + 0.5) * step) / scale
          let y = (Double(py) + (Double(sy) + 0.5) * step) / scale
          if inside(x, y) { hits += 1 }
        }
      }
      return Float(hits) / Float(samples * samples)
    }
  }

  static func disk(
    canvasPt: Double = 24, scale: Double, cx: Double = 12, cy: Double = 12, radius: Double
  ) -> AlphaMask {
    draw(widthPt: canvasPt, heightPt: canvasPt, scale: scale) { x, y in
      (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
    }
  }

  static func ring(canvasPt: Double = 24, scale: Double, radius: Double, width: Double) -> AlphaMask {
    let c = canvasPt / 2
    return draw(widthPt: canvasPt, heightPt: canvasPt, scale: scale) { x, y in
      let r = ((x - c) * (x - c) + (y - c) * (y - c)).squareRoot()
      return r <= radius && r >= radius - width
    }
  }

  static func rectangle(
    canvasPt: Double = 24, scale: Double, x0: Double, y0: Double, x1: Double, y1: Double
  ) -> AlphaMask {
    draw(widthPt: canvasPt, heightPt: canvasPt, scale: scale) { x, y in x >= x0 && x < x1 && y >= y0 && y < y1 }
  }

  /// A plus sign of arm `arm` (half length) and stroke `stroke`, centred.
  static func plus(canvasPt: Double = 24, scale: Double, arm: Double, stroke: Double) -> AlphaMask {
    let c = canvasPt / 2
    return draw(widthPt: canvasPt, heightPt: canvasPt, scale: scale) { x, y in
      let dx = abs(x - c)
      let dy = abs(y - c)
      return (dx <= arm && dy <= stroke / 2) || (dy <= arm && dx <= stroke / 2)
    }
  }

  /// An asymmetric glyph: an L with a dot, so no shift or flip maps it onto itself.
  static func glyph(canvasPt: Double = 24, scale: Double, offsetX: Double = 0, offsetY: Double = 0) -> AlphaMask {
    draw(widthPt: canvasPt, heightPt: canvasPt, scale: scale) { x0, y0 in
      let x = x0 - offsetX
      let y = y0 - offsetY
      let stem = x >= 6 && x < 8.5 && y >= 5 && y < 18
      let foot = x >= 6 && x < 15 && y >= 15.5 && y < 18
      let dot = (x - 15.5) * (x - 15.5) + (y - 7.5) * (y - 7.5) <= 2.6 * 2.6
      return stem || foot || dot
    }
  }

  /// A triangle pointing up, vertices (12, 4), (4, 19), (20, 19) in a 24 pt canvas.
  static func triangle(scale: Double) -> AlphaMask {
    draw(widthPt: 24, heightPt: 24, scale: scale) { x, y in
      func side(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        (bx - ax) * (y - ay) - (by - ay) * (x - ax)
      }
      let s1 = side(12, 4, 20, 19)
      let s2 = side(20, 19, 4, 19)
      let s3 = side(4, 19, 12, 4)
      return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
    }
  }

  /// Uniform random coverage in 0…1, with `zeroShare` of the pixels transparent.
  static func random(width: Int, height: Int, seed: UInt64, zeroShare: Double = 0.4) -> AlphaMask {
    var generator = SeededRandom(seed: seed)
    var values = [Float](repeating: 0, count: width * height)
    for i in values.indices where Double.random(in: 0..<1, using: &generator) >= zeroShare {
      values[i] = Float.random(in: 0...1, using: &generator)
    }
    return AlphaMask(width: width, height: height, coverage: values)
  }

  /// The mask's pixels moved by (dx, dy) px (x right, y down) on the same canvas; pixels moved off
  /// the canvas are lost.
  static func translated(_ mask: AlphaMask, dx: Int, dy: Int) -> AlphaMask {
    AlphaMask(width: mask.width, height: mask.height, scale: mask.scale) { x, y in mask[x - dx, y - dy] }
  }

  /// The mask's pixels copied onto a transparent `width × height` canvas at (originX, originY).
  static func placed(_ mask: AlphaMask, width: Int, height: Int, originX: Int, originY: Int) -> AlphaMask {
    AlphaMask(width: width, height: height, scale: mask.scale) { x, y in mask[x - originX, y - originY] }
  }
}
