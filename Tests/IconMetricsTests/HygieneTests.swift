// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import TestSupport
import Testing

@Suite("Template hygiene")
struct HygieneTests {
  static let disk = Disk(cx: 24.3, cy: 23.8, radius: 14)

  @Test("antialiased disk: partial pixels per px of contour ≈ 1, no halo", arguments: [1.0, 2])
  func antialiased(scale: Double) {
    let disk = Disk(cx: 24.3 * scale, cy: 23.8 * scale, radius: 14 * scale)
    let n = Int(48 * scale)
    let m = MetricsEngine.measure(render(disk, width: n, height: n, scale: scale))
    #expect(m.partialPixelRatio >= 0.7 && m.partialPixelRatio <= 1.3, "\(m.partialPixelRatio)")
    #expect(m.haloFraction == 0)
    #expect(m.haloOffsetPx == .zero)
    #expect(m.opaqueBackgroundShare < 0.5)
  }

  @Test("thresholded disk: no partial pixels")
  func thresholded() {
    let m = MetricsEngine.measure(renderThresholded(Self.disk, width: 48, height: 48))
    #expect(m.partialPixelRatio == 0)
    #expect(m.haloFraction == 0)
  }

  @Test("disk with a drop shadow (dy 2 px, σ 1.5, 35%): halo below the glyph")
  func dropShadow() {
    let glyph = render(Self.disk, width: 48, height: 48)
    let blurred = gaussianBlur(glyph, sigma: 1.5)
    let shadow = AlphaMask(width: 48, height: 48) { x, y in
      0.35 * shifted(blurred, dx: 0, dy: 2)[x, y]
    }
    let m = MetricsEngine.measure(over(glyph, shadow))
    #expect(m.haloFraction > 0.001, "\(m.haloFraction)")
    #expect(m.haloOffsetPx.y > 1, "\(m.haloOffsetPx)")
    #expect(abs(m.haloOffsetPx.x) < 0.5, "\(m.haloOffsetPx)")
  }

  @Test("a soft glow all around has halo but no offset")
  func glow() {
    let glyph = render(Self.disk, width: 48, height: 48)
    let glow = gaussianBlur(glyph, sigma: 2.5)
    let m = MetricsEngine.measure(
      over(glyph, AlphaMask(width: 48, height: 48) { x, y in 0.5 * glow[x, y] }))
    #expect(m.haloFraction > 0.01)
    #expect(m.haloOffsetPx.length < 0.3)
  }

  @Test("the halo equals a brute-force reference (nearest core pixel over the whole canvas)",
    arguments: 0..<8)
  func haloAgainstBruteForce(seed: Int) {
    // A glyph, a soft shadow and scattered specks of ink, some far from the core: the search among
    // nearby pixels must agree with an exhaustive one, ties and distant pixels included.
    var rng = SeededRandom(seed: UInt64(seed) &+ 4242)
    let glyph = render(
      Disk(cx: 18 + 4 * rng.unit(), cy: 18 + 4 * rng.unit(), radius: 5 + 4 * rng.unit()),
      width: 40, height: 36)
    let shadow = gaussianBlur(shifted(glyph, dx: 1 + rng.int(below: 3), dy: 2), sigma: 1 + rng.unit())
    var specks = [Float](repeating: 0, count: 40 * 36)
    for _ in 0..<60 { specks[rng.int(below: specks.count)] = Float(0.05 + 0.9 * rng.unit()) }
    let mask = over(
      glyph,
      AlphaMask(width: 40, height: 36) { x, y in max(0.4 * shadow[x, y], specks[y * 40 + x]) })
    let m = MetricsEngine.measure(mask)
    let reference = Self.bruteForceHalo(mask)
    #expect(reference.fraction > 0.01)
    #expect(abs(m.haloFraction - reference.fraction) < 1e-12, "\(m.haloFraction) vs \(reference.fraction)")
    #expect(abs(m.haloOffsetPx.x - reference.offset.x) < 1e-9)
    #expect(abs(m.haloOffsetPx.y - reference.offset.y) < 1e-9)
  }

  /// The halo by its definition: for every pixel with α > 0 that is not core, the nearest core pixel
  /// by exhaustive search (ties to the first in raster order); none within 1 px (a 4-neighbour):
  /// not halo; else the box-filtered share beyond 1.5 px of the sub-pixel edge on the way to it.
  static func bruteForceHalo(_ mask: AlphaMask) -> (fraction: Double, offset: Point2D) {
    let w = mask.width
    let h = mask.height
    var cores: [(x: Int, y: Int)] = []
    var ink = 0.0
    var core = (sum: 0.0, x: 0.0, y: 0.0)
    for y in 0..<h {
      for x in 0..<w {
        let a = Double(mask[x, y])
        ink += a
        if a >= 0.5 {
          cores.append((x, y))
          core.sum += a
          core.x += a * (Double(x) + 0.5)
          core.y += a * (Double(y) + 0.5)
        }
      }
    }
    var halo = (sum: 0.0, x: 0.0, y: 0.0)
    for y in 0..<h {
      for x in 0..<w {
        let a = Double(mask[x, y])
        guard a > 0, a < 0.5 else { continue }
        var best = (d2: Int.max, x: 0, y: 0)
        for c in cores {
          let d2 = (c.x - x) * (c.x - x) + (c.y - y) * (c.y - y)
          if d2 < best.d2 { best = (d2, c.x, c.y) }
        }
        guard best.d2 > 1 else { continue }
        let vx = Double(x - best.x)
        let vy = Double(y - best.y)
        let d = (vx * vx + vy * vy).squareRoot()
        let sx = x > best.x ? 1 : x < best.x ? -1 : 0
        let sy = y > best.y ? 1 : y < best.y ? -1 : 0
        let ac = Double(mask[best.x, best.y])
        let an = Double(mask[best.x + sx, best.y + sy])
        let t = ac > an ? min(1, max(0, (ac - 0.5) / (ac - an))) : 0
        let advance = t * (Double(sx) * vx + Double(sy) * vy) / d
        let weight = min(1, max(0, d - advance - 1.5 + 0.5))
        halo.sum += a * weight
        halo.x += a * weight * (Double(x) + 0.5)
        halo.y += a * weight * (Double(y) + 0.5)
      }
    }
    let offset =
      halo.sum > 0
      ? Point2D(x: halo.x / halo.sum - core.x / core.sum, y: halo.y / halo.sum - core.y / core.sum)
      : .zero
    return (ink > 0 ? halo.sum / ink : 0, offset)
  }

  @Test("opaque background share")
  func opaqueBackground() {
    let full = MetricsEngine.measure(AlphaMask(width: 10, height: 10) { _, _ in 1 })
    #expect(full.opaqueBackgroundShare == 1)
    let half = MetricsEngine.measure(AlphaMask(width: 10, height: 10) { x, _ in x < 5 ? 1 : 0.3 })
    #expect(half.opaqueBackgroundShare == 0.5)
  }

  @Test("colour spread: two colours large, one colour ~0, none without an image")
  func colorSpread() {
    let mask = render(Self.disk, width: 48, height: 48)
    let one = colorImage(mask) { _, _ in (20, 30, 40) }
    let two = colorImage(mask) { x, _ in x < 24 ? (255, 0, 0) : (0, 0, 255) }
    let m1 = MetricsEngine.measure(mask, colors: one)
    let m2 = MetricsEngine.measure(mask, colors: two)
    #expect(m1.colorSpread == 0)
    #expect((m2.colorSpread ?? 0) > 100, "\(String(describing: m2.colorSpread))")
    #expect(MetricsEngine.measure(mask).colorSpread == nil)
    // Faint pixels (α ≤ 0.1) do not count.
    let faint = colorImage(AlphaMask(width: 4, height: 1, coverage: [1, 1, 0.05, 0.05])) { x, _ in
      x < 2 ? (0, 0, 0) : (255, 255, 255)
    }
    #expect(TemplateHygiene.colorSpread(faint) == 0)
  }

  @Test("colour edge step: two colours meeting inside the glyph step by their difference; a gradient by a few units; parts apart none; one colour is not measured")
  func colorEdgeStep() {
    let mask = render(Self.disk, width: 48, height: 48)
    let meeting = colorImage(mask) { x, _ in x < 24 ? (255, 255, 255) : (0, 0, 0) }
    let gradient = colorImage(mask) { _, y in let v = UInt8(3 * y); return (v, v, v) }
    #expect(abs((MetricsEngine.measure(mask, colors: meeting).colorEdgeStep ?? 0) - 255 * 3.0.squareRoot()) < 1e-9)
    let shaded = MetricsEngine.measure(mask, colors: gradient)
    #expect((shaded.colorSpread ?? 0) > TemplateHygiene.colorEdgeSpreadFloor)
    #expect(shaded.colorEdgeStep == 3 * 3.0.squareRoot(), "\(String(describing: shaded.colorEdgeStep))")
    // Two disks apart, one red, one blue: no neighbouring pixels of both.
    let pair = AlphaMask(width: 48, height: 24) { x, y in
      let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
      return (cx - 11) * (cx - 11) + (cy - 12) * (cy - 12) <= 64 || (cx - 37) * (cx - 37) + (cy - 12) * (cy - 12) <= 64 ? 1 : 0
    }
    let apart = MetricsEngine.measure(pair, colors: colorImage(pair) { x, _ in x < 24 ? (255, 0, 0) : (0, 0, 255) })
    #expect((apart.colorSpread ?? 0) > 100 && apart.colorEdgeStep == 0)
    #expect(MetricsEngine.measure(mask, colors: colorImage(mask) { _, _ in (20, 30, 40) }).colorEdgeStep == nil)
    #expect(MetricsEngine.measure(mask).colorEdgeStep == nil)
  }

  @Test("colour spread weighs a pixel by α²: a layer showing only in edge pixels is one colour")
  func colorSpreadHiddenLayer() {
    // A grey disk over a blue copy of itself (a vector export's shape under a clipped one):
    // composited, a pixel of coverage α has alpha α(2 − α) and the blue share (1 − α)/(2 − α).
    let mask = render(Self.disk, width: 48, height: 48)
    let hidden = AlphaMask(width: 48, height: 48) { x, y in mask[x, y] * (2 - mask[x, y]) }
    let image = colorImage(hidden) { x, y in
      let a = Double(mask[x, y])
      let under = a > 0 ? (1 - a) / (2 - a) : 0
      func mix(_ g: Double, _ b: Double) -> UInt8 { UInt8(((1 - under) * g + under * b).rounded()) }
      return (mix(47, 29), mix(52, 116), mix(61, 245))
    }
    // Unweighted (every pixel with α > 0.1 alike) the edge's blue reads as a second colour.
    var blue = [Double]()
    for i in 0..<(48 * 48) where image.pixels[i * 4 + 3] > 25 { blue.append(Double(image.pixels[i * 4 + 2])) }
    let mean = blue.reduce(0, +) / Double(blue.count)
    let unweighted = (blue.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(blue.count)).squareRoot()
    #expect(unweighted > 16, "\(unweighted)")
    let spread = TemplateHygiene.colorSpread(image)
    #expect(spread <= 16, "\(spread)")
    // A second colour in the glyph's body still counts in full: half blue, half grey.
    let two = colorImage(mask) { x, _ in x < 24 ? (47, 52, 61) : (29, 116, 245) }
    #expect(TemplateHygiene.colorSpread(two) > 60, "\(TemplateHygiene.colorSpread(two))")
    // Opaque pixels weigh alike: two colours in equal parts give 127.5 · |difference| / 255.
    let opaque = RGBAImage(width: 2, height: 1, scale: 1, pixels: [0, 0, 0, 255, 255, 0, 0, 255])
    #expect(TemplateHygiene.colorSpread(opaque) == 127.5)
  }

  /// A white disk (``disk``: r 14 px about (24.3, 23.8)) at `scale`, black where a pixel's centre lies
  /// within `rim` px of its edge or within `dot` px of its centre.
  static func rimmedDisk(rim: Double, dot: Double = 0, scale: Double = 1) -> (mask: AlphaMask, image: RGBAImage) {
    var mask = render(Self.disk, width: 48, height: 48)
    mask.scale = scale
    var image = colorImage(mask) { x, y in
      let dx = Double(x) + 0.5 - 24.3, dy = Double(y) + 0.5 - 23.8
      let r = (dx * dx + dy * dy).squareRoot()
      return 14 - r < rim || r < dot ? (0, 0, 0) : (255, 255, 255)
    }
    image.scale = scale
    return (mask, image)
  }

  @Test("colour spread at full coverage: a colour only in the antialiased edge pixels is none; two opaque colours are")
  func colorSpreadFullCoverage() {
    let mask = render(Self.disk, width: 48, height: 48)
    // Black where the disk is (nearly) opaque, white in its edge pixels below α 0.9 (a white copy
    // under it, showing only where the coverage falls off).
    let edged = colorImage(mask) { x, y in mask[x, y] >= 0.9 ? (0, 0, 0) : (255, 255, 255) }
    let m = MetricsEngine.measure(mask, colors: edged)
    #expect((m.colorSpread ?? 0) > 16, "\(String(describing: m.colorSpread))")
    #expect(m.colorSpreadFullCoverage == 0)
    // Opaque pixels in two colours, equal parts: 127.5 · |difference| / 255, as colorSpread.
    let opaque = RGBAImage(width: 2, height: 1, scale: 1, pixels: [0, 0, 0, 255, 255, 0, 0, 255])
    #expect(TemplateHygiene.colorSpreadFullCoverage(opaque) == 127.5)
    // Full coverage is the image's own highest α: a glyph at 80% opacity, two colours at its
    // highest coverage, has them; its edge pixels (lower α) do not count.
    let faint = RGBAImage(width: 3, height: 1, scale: 1, pixels: [0, 0, 0, 204, 255, 0, 0, 204, 0, 0, 255, 120])
    #expect(TemplateHygiene.colorSpreadFullCoverage(faint) == 127.5)
    // One colour: nothing measured (the spread is under the floor).
    #expect(MetricsEngine.measure(mask, colors: colorImage(mask) { _, _ in (9, 9, 9) }).colorSpreadFullCoverage == nil)
  }

  @Test("colour spread beyond the rim: an outline in a second colour is one colour inside; a dot inside is not; a thin drawing has no inside")
  func colorSpreadBeyondRim() {
    // A white disk in a black rim 1 px wide at 2 px/pt: every pixel deeper than 3 px is white.
    let rimmed = Self.rimmedDisk(rim: 1, scale: 2)
    let m = MetricsEngine.measure(rimmed.mask, colors: rimmed.image)
    #expect((m.colorSpread ?? 0) > 60, "\(String(describing: m.colorSpread))")
    #expect((m.colorSpreadFullCoverage ?? 0) > 60, "\(String(describing: m.colorSpreadFullCoverage))")
    #expect(m.colorSpreadBeyondRim == 0)
    // A black dot (r 4 px) at its centre lies beyond the rim: about 13% of the inside is black,
    // 255 · √(0.13 · 0.87) ≈ 86.
    let dotted = Self.rimmedDisk(rim: 1, dot: 4, scale: 2)
    let inside = TemplateHygiene.colorSpreadBeyondRim(dotted.image) ?? 0
    #expect(inside > 60 && inside < 110, "\(inside)")
    // The rim is 1.5 pt: a 3 px rim is one at 3 px/pt (1 pt), not at 1 px/pt (3 pt).
    #expect(TemplateHygiene.colorSpreadBeyondRim(Self.rimmedDisk(rim: 3, scale: 3).image) == 0)
    #expect((TemplateHygiene.colorSpreadBeyondRim(Self.rimmedDisk(rim: 3, scale: 1).image) ?? 0) > 60)
    // A ring 2 px wide, half black and half white, has no pixel beyond the rim: not measured.
    let ring = AlphaMask(width: 48, height: 48) { x, y in
      let dx = Double(x) + 0.5 - 24, dy = Double(y) + 0.5 - 24
      let r = (dx * dx + dy * dy).squareRoot()
      return r >= 12 && r <= 14 ? 1 : 0
    }
    let halves = colorImage(ring) { x, _ in x < 24 ? (0, 0, 0) : (255, 255, 255) }
    #expect(TemplateHygiene.colorSpreadBeyondRim(halves) == nil)
    // The canvas outside counts as outside: a fully opaque square canvas has its rim at the border.
    let full = AlphaMask(width: 8, height: 8) { _, _ in 1 }
    #expect(TemplateHygiene.colorSpreadBeyondRim(colorImage(full) { x, y in x == 0 || y == 0 ? (0, 0, 0) : (255, 255, 255) }) == 0)
  }
}
