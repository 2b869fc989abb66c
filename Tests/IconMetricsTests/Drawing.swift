// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster
import TestSupport

// Test drawing: shapes as signed distance functions (negative inside, in px), rendered by exact area
// coverage (16 × 16 subsamples in every pixel the edge may cross). Seeded randomness: TestSupport.SeededRandom.

/// A shape given by a signed distance (px; negative inside). For combined shapes the value is a bound
/// whose sign is exact and whose magnitude never exceeds the true distance, which is all the
/// renderer needs.
protocol TestShape: Sendable {
  func signedDistance(_ x: Double, _ y: Double) -> Double
}

struct Disk: TestShape {
  var cx: Double, cy: Double, radius: Double
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() - radius
  }
}

/// An axis-aligned rectangle with optionally rounded corners.
struct Box: TestShape {
  var x0: Double, y0: Double, x1: Double, y1: Double
  var cornerRadius = 0.0
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    let r = cornerRadius
    let qx = abs(x - (x0 + x1) / 2) - ((x1 - x0) / 2 - r)
    let qy = abs(y - (y0 + y1) / 2) - ((y1 - y0) / 2 - r)
    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
    return outside + min(max(qx, qy), 0) - r
  }
}

/// A straight stroke with butt ends: a rectangle of `length` × `width` centred on (cx, cy), its long
/// axis at `angleDegrees` from the x axis.
struct ThickLine: TestShape {
  var cx: Double, cy: Double, length: Double, width: Double, angleDegrees: Double
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    let a = angleDegrees * .pi / 180
    let dx = x - cx
    let dy = y - cy
    let u = dx * cos(a) + dy * sin(a)
    let v = -dx * sin(a) + dy * cos(a)
    return Box(x0: -length / 2, y0: -width / 2, x1: length / 2, y1: width / 2)
      .signedDistance(u, v)
  }
}

/// A segment from a to b with round caps of radius `width / 2`.
struct Capsule: TestShape {
  var ax: Double, ay: Double, bx: Double, by: Double, width: Double
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    let vx = bx - ax
    let vy = by - ay
    let px = x - ax
    let py = y - ay
    let t = max(0, min(1, (px * vx + py * vy) / (vx * vx + vy * vy)))
    let ex = px - t * vx
    let ey = py - t * vy
    return (ex * ex + ey * ey).squareRoot() - width / 2
  }
}

/// A simple polygon (even-odd inside test), exact distance to its edges.
struct Polygon: TestShape {
  var points: [(Double, Double)]
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    var best = Double.infinity
    var inside = false
    var j = points.count - 1
    for i in 0..<points.count {
      let (ax, ay) = points[j]
      let (bx, by) = points[i]
      let vx = bx - ax
      let vy = by - ay
      let px = x - ax
      let py = y - ay
      let t = max(0, min(1, (px * vx + py * vy) / (vx * vx + vy * vy)))
      let ex = px - t * vx
      let ey = py - t * vy
      best = min(best, (ex * ex + ey * ey).squareRoot())
      if (ay > y) != (by > y) && x < ax + (y - ay) / (by - ay) * (bx - ax) { inside.toggle() }
      j = i
    }
    return inside ? -best : best
  }
}

struct Union: TestShape {
  var shapes: [any TestShape]
  init(_ shapes: any TestShape...) { self.shapes = shapes }
  init(shapes: [any TestShape]) { self.shapes = shapes }
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    shapes.map { $0.signedDistance(x, y) }.min() ?? .infinity
  }
}

/// `shape` minus `hole`.
struct Subtraction: TestShape {
  var shape: any TestShape, hole: any TestShape
  func signedDistance(_ x: Double, _ y: Double) -> Double {
    max(shape.signedDistance(x, y), -hole.signedDistance(x, y))
  }
}

/// An annulus (outline of a disk).
func ring(cx: Double, cy: Double, outerRadius: Double, width: Double) -> Subtraction {
  Subtraction(
    shape: Disk(cx: cx, cy: cy, radius: outerRadius),
    hole: Disk(cx: cx, cy: cy, radius: outerRadius - width))
}

/// Exact-area coverage (16 × 16 subsamples where the edge may cross the pixel).
func render(
  _ shape: some TestShape, width: Int, height: Int, scale: Double = 1,
  subsamples: Int = 16
) -> AlphaMask {
  var coverage = [Float](repeating: 0, count: width * height)
  let n = Double(subsamples)
  for y in 0..<height {
    for x in 0..<width {
      let d = shape.signedDistance(Double(x) + 0.5, Double(y) + 0.5)
      if d <= -0.75 {
        coverage[y * width + x] = 1
      } else if d < 0.75 {
        var inside = 0
        for j in 0..<subsamples {
          let sy = Double(y) + (Double(j) + 0.5) / n
          for i in 0..<subsamples
          where shape.signedDistance(Double(x) + (Double(i) + 0.5) / n, sy) < 0 {
            inside += 1
          }
        }
        coverage[y * width + x] = Float(inside) / Float(subsamples * subsamples)
      }
    }
  }
  return AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
}

/// Aliased rendering: a pixel is opaque when its centre is inside.
func renderThresholded(_ shape: some TestShape, width: Int, height: Int, scale: Double = 1)
  -> AlphaMask
{
  AlphaMask(width: width, height: height, scale: scale) { x, y in
    shape.signedDistance(Double(x) + 0.5, Double(y) + 0.5) < 0 ? 1 : 0
  }
}

/// Separable Gaussian blur (kernel truncated at 4σ, zero outside the canvas).
func gaussianBlur(_ mask: AlphaMask, sigma: Double) -> AlphaMask {
  let radius = Int((4 * sigma).rounded(.up))
  var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
  let total = kernel.reduce(0, +)
  kernel = kernel.map { $0 / total }
  let w = mask.width
  let h = mask.height
  var rows = [Double](repeating: 0, count: w * h)
  for y in 0..<h {
    for x in 0..<w {
      var s = 0.0
      for k in -radius...radius where x + k >= 0 && x + k < w {
        s += kernel[k + radius] * Double(mask.coverage[y * w + x + k])
      }
      rows[y * w + x] = s
    }
  }
  return AlphaMask(width: w, height: h, scale: mask.scale) { x, y in
    var s = 0.0
    for k in -radius...radius where y + k >= 0 && y + k < h {
      s += kernel[k + radius] * rows[(y + k) * w + x]
    }
    return Float(s)
  }
}

/// `mask` moved by whole pixels (vacated pixels are transparent).
func shifted(_ mask: AlphaMask, dx: Int, dy: Int) -> AlphaMask {
  AlphaMask(width: mask.width, height: mask.height, scale: mask.scale) { x, y in
    mask[x - dx, y - dy]
  }
}

/// `top` composited over `bottom` (coverage only).
func over(_ top: AlphaMask, _ bottom: AlphaMask) -> AlphaMask {
  AlphaMask(width: top.width, height: top.height, scale: top.scale) { x, y in
    top[x, y] + bottom[x, y] * (1 - top[x, y])
  }
}

/// A colour image with the mask as alpha and the colour of each pixel from `color(x, y)`.
func colorImage(_ mask: AlphaMask, color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
  var pixels = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
  for y in 0..<mask.height {
    for x in 0..<mask.width {
      let i = (y * mask.width + x) * 4
      let (r, g, b) = color(x, y)
      pixels[i] = r
      pixels[i + 1] = g
      pixels[i + 2] = b
      pixels[i + 3] = UInt8((mask[x, y] * 255).rounded())
    }
  }
  return RGBAImage(width: mask.width, height: mask.height, scale: mask.scale, pixels: pixels)
}

/// The Material keyline shapes on a 24-unit grid drawn at `scale` px per unit: square 18, circle
/// Ø20, portrait 16 × 20 and landscape 20 × 16 rectangles; as 2-unit outlines when `outline`.
func keylineShapes(scale: Double, outline: Bool) -> [(String, any TestShape)] {
  let c = 12 * scale
  func rect(_ w: Double, _ h: Double) -> any TestShape {
    let box = Box(
      x0: c - w / 2 * scale, y0: c - h / 2 * scale, x1: c + w / 2 * scale,
      y1: c + h / 2 * scale)
    guard outline else { return box }
    let hole = Box(
      x0: box.x0 + 2 * scale, y0: box.y0 + 2 * scale, x1: box.x1 - 2 * scale,
      y1: box.y1 - 2 * scale)
    return Subtraction(shape: box, hole: hole)
  }
  let circle: any TestShape =
    outline
    ? ring(cx: c, cy: c, outerRadius: 10 * scale, width: 2 * scale)
    : Disk(cx: c, cy: c, radius: 10 * scale)
  return [
    ("square", rect(18, 18)), ("circle", circle), ("portrait", rect(16, 20)),
    ("landscape", rect(20, 16)),
  ]
}

/// Every Double inside a value (through stored properties, optionals and nested structs), so a new
/// field of the measurements is covered by the finiteness checks without editing them.
func doubles(in value: Any) -> [Double] {
  if let d = value as? Double { return [d] }
  return Mirror(reflecting: value).children.flatMap { doubles(in: $0.value) }
}
