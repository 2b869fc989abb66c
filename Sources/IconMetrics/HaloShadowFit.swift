// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Whether an icon's halo (its coverage beyond the glyph's antialiased edge) is a shadow or glow:
/// a soft, faded copy of the glyph, moved by a little or not at all.
///
/// A drop shadow is the glyph G moved by d, blurred by a Gaussian of σ and faded by an opacity k; a
/// glow is the same with d = 0. Beyond the glyph's edge the observed coverage H is then k · P with
/// P = blur_σ(shift_d(G)). A translucent part of the drawing (a muted bar of a signal meter, a
/// greyed second person, a half star) or a crisp detached one is coverage of its own, with crisp
/// edges and flat plateaus, and no shifted, blurred copy of the glyph explains it.
///
/// - `explained`: max over d and σ of (Σ H·P)² ÷ (Σ H² · Σ P²) over the region R of pixels farther
///   than 2 px from the core (α ≥ 0.5; the pixel centre ≈ 1.5 px beyond the edge, where no
///   antialiasing reaches): the share of the halo's energy that the best opacity k = Σ H·P ÷ Σ P²
///   explains (1 for an exact shadow; the squared cosine of H and P). R includes the empty pixels,
///   so a copy that would put ink where there is none is penalised. G is the coverage outside R;
///   d runs over the whole-pixel offsets with |d| ≤ `maximumOffsetPt`; σ over ``sigmasPt``.
/// - `flatShare`: the α-weighted share of the halo's pixels (in R, α > 0.02) that lie on a plateau
///   (α varies by less than 0.03 over their 3×3 neighbourhood). A blurred copy has none beyond its
///   first pixels; a translucent part is mostly plateau.
///
/// Measured on the calibration's shadows (0.7–1.3 pt, σ 0.4–0.8 pt, 30–50%) and on every symbolic
/// icon of Papirus, Breeze and Yaru (translucent parts included, 1,122 drawings): shadows with a
/// halo ≥ 1% explain 0.82–0.99 with a flat share ≤ 0.34; translucent parts explain at most 0.90
/// (Papirus folder-visiting, whose grey stripes are a plateau: flat share 0.87), and those above
/// 0.6 have a flat share ≥ 0.61.
///
/// - `outsideShare`: the α-weighted share of the halo's pixels (in R, α > 0.02) outside the glyph:
///   reached from the canvas's border through pixels below the core (α < 0.5, 4-connected), not
///   enclosed by it. A shadow is the whole glyph moved, so part of it always falls beyond the glyph's
///   outer edge; lines thinner than a pixel inside a wheel's rim (a vector's hairlines, α < 0.5 all
///   along) are all enclosed (0).
///
/// - Complexity: O(S · (W·H log(W·H) + D · |R|)) for S blurs and D offsets, run only on icons with
///   a halo.
public struct HaloShadowFit: Sendable, Equatable {
  /// The share of the halo's energy explained by the best faded, blurred, shifted copy (0…1).
  public var explained: Double
  /// The best copy's offset from the glyph, in px (image coordinates, y down).
  public var offsetPx: Point2D
  /// The best copy's blur, in pt.
  public var sigmaPt: Double
  /// The share of the halo's coverage on flat plateaus (0…1).
  public var flatShare: Double
  /// The share of the halo's coverage outside the glyph, not enclosed by its core (0…1).
  public var outsideShare: Double = 0

  /// The blurs tried, in pt.
  public static let sigmasPt: [Double] = [0.25, 0.5, 0.75, 1, 1.5]

  /// Fits the halo of `mask`; nil without core or without halo.
  /// - Parameter maximumOffsetPt: the largest shadow offset tried, in pt.
  public static func fit(_ mask: AlphaMask, maximumOffsetPt: Double = 2.5) -> HaloShadowFit? {
    let w = mask.width, h = mask.height
    guard w > 0, h > 0, mask.coverage.contains(where: { $0 >= 0.5 }) else { return nil }
    let distance = DistanceTransform(mask: mask, featureWhere: { $0 >= 0.5 })
    // R: beyond 2 px of the nearest core pixel (squared distance > 4).
    var region: [Int] = []
    var glyph = mask
    var haloEnergy = 0.0
    for i in 0..<(w * h) where distance.squaredDistance[i] > 4 {
      region.append(i)
      let a = Double(mask.coverage[i])
      haloEnergy += a * a
      glyph.coverage[i] = 0
    }
    guard haloEnergy > 0 else { return nil }

    // Flatness: the 3×3 range of α at each halo pixel.
    var flat = 0.0, total = 0.0
    for i in region {
      let a = mask.coverage[i]
      guard a > 0.02 else { continue }
      let x = i % w, y = i / w
      var lo = a, hi = a
      for dy in -1...1 {
        for dx in -1...1 {
          let v = mask[x + dx, y + dy]
          lo = min(lo, v)
          hi = max(hi, v)
        }
      }
      total += Double(a)
      if hi - lo < 0.03 { flat += Double(a) }
    }

    // Outside the glyph: below-core pixels reached from the border (4-connected flood fill).
    var outside = [Bool](repeating: false, count: w * h)
    var stack: [Int] = []
    func visit(_ i: Int) {
      if !outside[i] && mask.coverage[i] < 0.5 {
        outside[i] = true
        stack.append(i)
      }
    }
    for x in 0..<w {
      visit(x)
      visit((h - 1) * w + x)
    }
    for y in 0..<h {
      visit(y * w)
      visit(y * w + w - 1)
    }
    while let i = stack.popLast() {
      let x = i % w, y = i / w
      if x > 0 { visit(i - 1) }
      if x < w - 1 { visit(i + 1) }
      if y > 0 { visit(i - w) }
      if y < h - 1 { visit(i + w) }
    }
    var outsideCoverage = 0.0
    for i in region where mask.coverage[i] > 0.02 && outside[i] { outsideCoverage += Double(mask.coverage[i]) }

    let reach = max(0, Int((maximumOffsetPt * mask.scale).rounded()))
    var best = HaloShadowFit(explained: 0, offsetPx: .zero, sigmaPt: 0, flatShare: total > 0 ? flat / total : 0,
                             outsideShare: total > 0 ? outsideCoverage / total : 0)
    for sigmaPt in sigmasPt {
      let blurred = Spectrum.gaussianBlur(glyph, sigmaPx: sigmaPt * mask.scale)
      for dy in -reach...reach {
        for dx in -reach...reach where dx * dx + dy * dy <= reach * reach {
          var cross = 0.0, energy = 0.0
          for i in region {
            // P at (x, y) is the blurred glyph at (x − dx, y − dy).
            let p = Double(blurred[i % w - dx, i / w - dy])
            guard p > 0 else { continue }
            cross += Double(mask.coverage[i]) * p
            energy += p * p
          }
          guard energy > 0 else { continue }
          let explained = cross * cross / (haloEnergy * energy)
          if explained > best.explained {
            best.explained = explained
            best.offsetPx = Point2D(x: Double(dx), y: Double(dy))
            best.sigmaPt = sigmaPt
          }
        }
      }
    }
    return best
  }
}
