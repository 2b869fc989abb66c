// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster

extension ScaleVariant {
  /// How far (pt) a line of one drawing may lie from the other's and still be the same line: one
  /// pixel at @1x, the coarsest grid an icon is drawn on. Pixel-fitting a drawing at one scale, or
  /// drawing its outlines again there (VLC's `resetIcon`, whose @2x outlines lie up to 1.1 pt from
  /// the @3x ones'), moves an edge by up to that much; a part that one file has and the other
  /// lacks lies farther.
  public static let redrawTolerancePt = 1.0

  /// Coverage at or above which a pixel holds ink when telling where a drawing has ink at all (a
  /// 1 px line a half pixel off is two pixels of 0.5; a 1/3 pt hairline at @2x, two of 0.33).
  public static let presenceCoverage: Float = 0.25

  /// The share of ink one drawing has and the other lacks, with lines up to `radiusPx` apart
  /// forgiven: the larger of four areas, divided by the lesser ink (Σα) of the two. The ink (Σα)
  /// of each where the other has no pixel of coverage ≥ ``presenceCoverage`` within `radiusPx`
  /// (both ways), and the background (Σ 1 − α) of each where the other is solid (every pixel
  /// ≥ 1 − ``presenceCoverage``) all around within `radiusPx` (both ways: a filled part against
  /// lines that cross it). "Within" is the (2 r + 1)² square; outside the canvas is background.
  /// 0 for two empty masks, 1 when only one is empty.
  ///
  /// A drawing re-rasterised, or redrawn with its lines at most r away, scores about 0; a part
  /// added or removed scores its ink's share. On the @2x grid (r = 2 px, 1 pt): VLC's
  /// `resetIcon` (its @2x outlines redrawn up to 1.1 pt from the @3x ones) 0.005; 9,562 pairs of
  /// different icons of one calibration family (each @3x file box-filtered to @2x) whose NCC is
  /// below 0.88: at least 0.015 (4 below 0.02, dense line icons whose lines all lie within 1 pt of
  /// the other's: Tabler's atom and burger).
  ///
  /// - Precondition: `a` and `b` have the same size.
  /// - Complexity: O(W·H·r).
  public static func unmatchedInkShare(_ a: AlphaMask, _ b: AlphaMask, radiusPx r: Int) -> Double {
    precondition(a.width == b.width && a.height == b.height, "masks of different sizes")
    let inkA = a.coverage.reduce(0.0) { $0 + Double($1) }, inkB = b.coverage.reduce(0.0) { $0 + Double($1) }
    guard inkA > 0 || inkB > 0 else { return 0 }
    let ink = min(inkA, inkB)
    guard ink > 0 else { return 1 }
    let dilatedA = squareFilter(a, radius: r, max), dilatedB = squareFilter(b, radius: r, max)
    let erodedA = squareFilter(a, radius: r, min), erodedB = squareFilter(b, radius: r, min)
    let present = presenceCoverage, solid = 1 - presenceCoverage
    var areas = [0.0, 0.0, 0.0, 0.0]
    for i in a.coverage.indices {
      let va = a.coverage[i], vb = b.coverage[i]
      if dilatedB[i] < present { areas[0] += Double(va) }
      if dilatedA[i] < present { areas[1] += Double(vb) }
      if erodedB[i] >= solid { areas[2] += Double(1 - va) }
      if erodedA[i] >= solid { areas[3] += Double(1 - vb) }
    }
    return areas.max()! / ink
  }

  /// The maximum (`combine` = max) or minimum (min) of the mask over the (2 r + 1)² square around
  /// each pixel, pixels outside the canvas 0; separable, one pass per axis. O(W·H·r).
  static func squareFilter(_ mask: AlphaMask, radius r: Int, _ combine: (Float, Float) -> Float) -> [Float] {
    let w = mask.width, h = mask.height
    var rows = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var value = mask.coverage[y * w + x]
        for k in (x - r)...(x + r) where k != x { value = combine(value, k >= 0 && k < w ? mask.coverage[y * w + k] : 0) }
        rows[y * w + x] = value
      }
    }
    var out = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var value = rows[y * w + x]
        for k in (y - r)...(y + r) where k != y { value = combine(value, k >= 0 && k < h ? rows[k * w + x] : 0) }
        out[y * w + x] = value
      }
    }
    return out
  }

  /// Compares a file whose canvas is not in proportion with the analysed drawing as if it were
  /// the analysed file exported at another size: on the coarser grid, the other file's whole
  /// canvas box-filtered onto the analysed canvas's size in points, both blurred by
  /// σ = ``blurSigmaPx`` and correlated (NCC) within ±1 px, as ``compare(analysed:other:path:)``
  /// compares files in proportion. High when the file is the same drawing scaled with its canvas
  /// (VLC's `dot3`: a 12 pt dot at @1x and @3x, 11 pt on an 11 pt @2x canvas); nil when either
  /// file has no ink.
  ///
  /// - Complexity: O(W·H·⌈ratio⌉²) for the box filters plus O(P log P) for the blur and the
  ///   correlation, W × H the analysed canvas on the coarser grid and P its padded size.
  public static func compareResized(analysed mask: AlphaMask, other: AlphaMask) -> Double? {
    guard mask.width > 0, mask.height > 0, other.width > 0, other.height > 0,
      mask.coverage.contains(where: { $0 > 0 }), other.coverage.contains(where: { $0 > 0 })
    else { return nil }
    let coarser = min(mask.scale, other.scale)
    let a = mask.scale == coarser
      ? mask
      : mask.resampled(width: max(1, Int((Double(mask.width) * coarser / mask.scale).rounded())),
                       height: max(1, Int((Double(mask.height) * coarser / mask.scale).rounded())), scale: coarser)
    let b = other.resampled(width: a.width, height: a.height, scale: coarser)
    let blurredA = Spectrum.gaussianBlur(a, sigmaPx: blurSigmaPx, marginPx: 2)
    let blurredB = Spectrum.gaussianBlur(b, sigmaPx: blurSigmaPx, marginPx: 2)
    return Spectrum.normalizedCrossCorrelation(blurredA, blurredB, maxShift: 1).peak
  }
}
