// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Filled polygons and the drawn cases of the style and detail rules' examples (issue 16
/// patterns 3 and 7): a solid star, a filled badge, a solid and an outline gear.
extension ExampleDrawing {
  /// Fills a simple polygon (even-odd rule), coordinates in pt.
  public mutating func polygon(_ points: [(Double, Double)]) {
    guard points.count >= 3 else { return }
    let xs = points.map(\.0), ys = points.map(\.1)
    fill(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!) { x, y in
      var inside = false
      var j = points.count - 1
      for i in 0..<points.count {
        let (xi, yi) = points[i], (xj, yj) = points[j]
        if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
        j = i
      }
      return inside
    }
  }

  /// The vertices of a five-pointed star about (cx, cy), outer radius r, inner radius ri.
  public static func starPoints(cx: Double, cy: Double, r: Double, ri: Double) -> [(Double, Double)] {
    (0..<10).map { k in
      let a = -Double.pi / 2 + Double(k) * Double.pi / 5
      let radius = k % 2 == 0 ? r : ri
      return (cx + radius * cos(a), cy + radius * sin(a))
    }
  }

  /// A solid five-pointed star filling a 24 pt canvas (ink ÷ hull ≈ 0.6, as a tab bar's
  /// favourites star), at `scale` px per pt.
  public static func solidStar(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polygon(starPoints(cx: 12, cy: 12.8, r: 11, ri: 5.2))
    return d.mask
  }

  /// The same star as a 2 pt outline.
  public static func outlineStar(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polyline(starPoints(cx: 12, cy: 12.8, r: 10, ri: 4.7), width: 2, closed: true)
    return d.mask
  }

  /// A solid gear: a toothed disk with a round hole (the hub), filling a 24 pt canvas.
  public static func solidGear(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polygon(gear(r: 11, ri: 8.5))
    var hole = ExampleDrawing(scale: scale)
    hole.disk(cx: 12, cy: 12, r: 3.5)
    return d.mask.subtracting(hole.mask)
  }

  /// An outline battery with a solid charge bar: a line drawing with a solid part (its profile
  /// stroke is below 0.8× its contour estimate).
  public static func batteryWithCharge(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 2, y: 7, width: 18, height: 10, stroke: 2)
    d.rect(x: 20, y: 10, width: 2, height: 4)
    d.rect(x: 4, y: 9, width: 12, height: 6)
    return d.mask
  }

  /// A solid card with a grid of small holes punched through it, bands about 1.5–2 pt wide between
  /// them (Adwaita's symbolic old phone or SIM card): a solid body with knocked-out details, its ink
  /// over 0.72 of its hull, while its bands read as an outline drawing at a 2 pt stroke. `wide`: a
  /// 14 × 18 pt card with 3 × 4 holes of 2.5 × 2 pt; else a 12 × 17 pt card with 2 × 3 holes of 3 pt.
  public static func perforatedCard(wide: Bool = true, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    var cut = ExampleDrawing(scale: scale)
    if wide {
      d.rect(x: 5, y: 3, width: 14, height: 18)
      for x in [7.0, 10.5, 14] { for y in [5.0, 8.5, 12, 15.5] { cut.rect(x: x, y: y, width: 2.5, height: 2) } }
    } else {
      d.rect(x: 5, y: 3, width: 12, height: 17)
      for x in [7.0, 12] { for y in [5.0, 10, 15] { cut.rect(x: x, y: y, width: 3, height: 3) } }
    }
    return d.mask.subtracting(cut.mask)
  }

  /// A line frame around a solid disk (a record indicator in a screen): a line drawing with a
  /// solid part.
  public static func framedSolidDisk(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 3, y: 4, width: 18, height: 16, stroke: 2)
    d.disk(cx: 12, cy: 12, r: 6)
    return d.mask
  }

  /// A thermometer drawn with `stroke` pt lines and a solid bulb, and a snowflake mark beside it
  /// (Phosphor's fill weight): a line drawing with a solid part, its profile stroke below 0.75×
  /// its contour estimate.
  public static func partlyFilledThermometer(stroke: Double = 1.5, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 7, y: 2.5, width: 5, height: 11, stroke: stroke)
    d.disk(cx: 9.5, cy: 17, r: 5)
    d.line(x0: 18, y0: 3, x1: 18, y1: 11, width: stroke)
    d.line(x0: 14.5, y0: 5, x1: 21.5, y1: 9, width: stroke)
    d.line(x0: 14.5, y0: 9, x1: 21.5, y1: 5, width: stroke)
    return d.mask
  }

  /// A solid crescent (a handset's curve drawn as a shape): its width runs from nothing at the tips
  /// to 4 pt at the middle, so its widths are far from one (q90 ÷ q10 well above 1.2).
  public static func solidCrescent(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.fill(minX: 2, minY: 2, maxX: 22, maxY: 22) { x, y in
      let outer = (x - 12) * (x - 12) + (y - 12) * (y - 12) <= 81
      let inner = (x - 15) * (x - 15) + (y - 12) * (y - 12) <= 64
      return outer && !inner
    }
    return d.mask
  }

  /// A solid handset: a band `body` pt wide along 140° of a circle of radius 7 (its lower left),
  /// ending in two round pads `body` in radius: a shape with no opening, its ink 0.67 of its hull,
  /// whose own cues say neither filled nor outline (Adwaita's symbolic call-start and call-stop,
  /// ink 0.66–0.69 of the hull, a body 1.5× the family's lines).
  public static func solidHandset(body: Double = 3, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    let points = stride(from: 155.0, through: 295.0, by: 10).map { a -> (Double, Double) in
      let t = a * Double.pi / 180
      return (12 + 7 * cos(t), 12 + 7 * sin(t))
    }
    d.polyline(points, width: body)
    for (x, y) in [points[0], points[points.count - 1]] { d.disk(cx: x, cy: y, r: body) }
    return d.mask
  }

  /// An exclamation mark: a bar `bar` pt wide from 3 to 15 pt and a dot under it.
  public static func exclamationMark(bar: Double = 2.8, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.line(x0: 12, y0: 3 + bar / 2, x1: 12, y1: 15, width: bar)
    d.disk(cx: 12, cy: 19.5, r: bar * 0.55)
    return d.mask
  }

  /// An outline gear: the toothed contour and the hub ring, 1 pt strokes.
  public static func outlineGear(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polyline(gear(r: 11, ri: 8.5), width: 1, closed: true)
    d.ring(cx: 12, cy: 12, r: 3.5, width: 1)
    return d.mask
  }

  /// The contour of an 8-tooth gear about the canvas centre: each tooth a flat top of ±0.2 rad at
  /// radius r between roots at radius ri.
  static func gear(r: Double, ri: Double) -> [(Double, Double)] {
    var points: [(Double, Double)] = []
    for tooth in 0..<8 {
      let a = Double(tooth) * Double.pi / 4
      for (angle, radius) in [(a - 0.3, ri), (a - 0.18, r), (a + 0.18, r), (a + 0.3, ri)] {
        points.append((12 + radius * cos(angle), 12 + radius * sin(angle)))
      }
    }
    return points
  }

  /// A filled badge: a shield with a round cut-out.
  public static func filledBadge(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polygon([(3, 2), (21, 2), (21, 13), (12, 22.5), (3, 13)])
    var hole = ExampleDrawing(scale: scale)
    hole.disk(cx: 12, cy: 9.5, r: 4)
    return d.mask.subtracting(hole.mask)
  }
}

extension AlphaMask {
  /// This mask with `other`'s coverage removed (α · (1 − α′)), same size and scale.
  func subtracting(_ other: AlphaMask) -> AlphaMask {
    var coverage = self.coverage
    for i in coverage.indices where i < other.coverage.count { coverage[i] *= 1 - other.coverage[i] }
    return AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
  }

  /// The union of two masks of one canvas (the larger coverage of each pixel).
  func adding(_ other: AlphaMask) -> AlphaMask {
    var coverage = self.coverage
    for i in coverage.indices where i < other.coverage.count { coverage[i] = max(coverage[i], other.coverage[i]) }
    return AlphaMask(width: width, height: height, scale: scale, coverage: coverage)
  }
}

extension ExampleDrawing {
  /// A maximize glyph: a 10 pt square at the family's 2 pt stroke, centred on a 24 pt canvas,
  /// smaller than a keyline glyph in both directions (drawn small on purpose, as transport
  /// controls and window buttons are).
  /// A loader: eight 2 pt stubs, 3 pt long, around a centre (its many caps lower the contour
  /// estimate of stroke weight, 2 × ink ÷ contour length, below the family's).
  public static func loaderStubs(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    for k in 0..<8 {
      let a = Double(k) * Double.pi / 4
      d.line(x0: 12 + 5.5 * cos(a), y0: 12 + 5.5 * sin(a), x1: 12 + 9 * cos(a), y1: 12 + 9 * sin(a), width: 2)
    }
    return d.mask
  }

  public static func smallSquare(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 7, y: 7, width: 10, height: 10, stroke: 2)
    return d.mask
  }

  /// Scan brackets: four 2 pt corner brackets reaching the canvas's corners around a 2 pt ring,
  /// larger than a keyline glyph (a scan frame spans the whole canvas on purpose).
  public static func scanBrackets(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    for (x, y, dx, dy) in [(1.0, 1.0, 1.0, 1.0), (23, 1, -1, 1), (1, 23, 1, -1), (23, 23, -1, -1)] {
      d.polyline([(x, y + 6 * dy), (x, y), (x + 6 * dx, y)], width: 2)
    }
    d.ring(cx: 12, cy: 12, r: 5, width: 2)
    return d.mask
  }

  /// A lightbulb's bulb: a 2 pt outline of a tall oval, 16×22 pt (its hull 0.85 of the example
  /// family's circle), spanning the family's 22 pt height; tall by its shape, not drawn small.
  public static func tallOval(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    let points = (0..<72).map { k -> (Double, Double) in
      let a = Double(k) * 2 * Double.pi / 72
      return (12 + 7 * cos(a), 12 + 10 * sin(a))
    }
    d.polyline(points, width: 2, closed: true)
    return d.mask
  }

  /// A 2 pt ring of radius 8 (18 pt across): the family of the scale examples, where a square
  /// outline's extent is atypical and its size is not.
  public static func ring18(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.ring(cx: 12, cy: 12, r: 8, width: 2)
    return d.mask
  }

  /// A square outline whose natural extent is 0.86 of ``ring18()``'s (it is compact: its size is
  /// the ring's), drawn at 1.22× with its stroke: 18.9 pt across, a 2.44 pt stroke. Its stroke and
  /// its size are both off by about 1.2; its extent (1.05× the rings') alone reads like the same
  /// square with a heavier stroke.
  public static func squareDrawnLarger(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    let outer = 18 * 0.86 * 1.22, stroke = 2 * 1.22
    d.rectOutline(x: 12 - (outer - stroke) / 2, y: 12 - (outer - stroke) / 2, width: outer - stroke, height: outer - stroke,
                  stroke: stroke)
    return d.mask
  }

  /// Six filled glyphs (disks and squares) of the example family's size: a family drawn filled.
  public static func filledFamily() -> [RuleExample.Icon] {
    (0..<6).map { k in
      var d = ExampleDrawing()
      if k % 2 == 0 {
        d.disk(cx: 12, cy: 12, r: 9 + Double(k) * 0.25)
      } else {
        d.rect(x: 3 + Double(k) * 0.2, y: 3, width: 18 - Double(k) * 0.4, height: 18)
      }
      return RuleExample.Icon(id: "f\(k)", mask: d.mask)
    }
  }

  /// A # at 2.5 pt: two bars each way, enclosing the 3.5 pt square between them.
  public static func hash(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    for c in [9.0, 15.0] {
      d.line(x0: c, y0: 3, x1: c, y1: 21, width: 2.5)
      d.line(x0: 3, y0: c, x1: 21, y1: c, width: 2.5)
    }
    return d.mask
  }

  /// A fishing hook at 2 pt: a shank, a J-shaped bend with a barb, and a tiny eye at the top (a ring
  /// whose hole is 0.6 pt across): outline, one hole, but nearly nothing enclosed.
  public static func fishingHook(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.ring(cx: 16, cy: 4, r: 1.6, width: 2)
    d.polyline([(16, 5.6), (16, 15), (14.5, 19.5), (10, 21.5), (5.5, 20), (3.5, 15), (6.5, 16.5)], width: 2)
    return d.mask
  }

  /// A corner of a border drawn at `stroke` pt with its other two edges dotted (Tabler's
  /// border-style): a line and seven dots of the line's width. Each dot reads its diameter on the
  /// profile estimate and half of it on the contour estimate (2 × ink ÷ contour length of a disk), so
  /// the glyph's contour estimate is well under its stroke (profile ÷ contour ≈ 1.3).
  public static func dottedCorner(stroke: Double = 2, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polyline([(3, 21), (3, 3), (21, 3)], width: stroke)
    for y in [8.0, 12.5, 17] { d.disk(cx: 21, cy: y, r: stroke / 2) }
    for x in [8.0, 12.5, 17, 21] { d.disk(cx: x, cy: 21, r: stroke / 2) }
    return d.mask
  }

  /// An 18 pt square drawn as dashes `dash` pt long at a 2 pt stroke, with gaps as long (a dashed
  /// selection frame): the shorter the dashes, the more of its contour is caps, and the lower its
  /// contour estimate of stroke weight (0.7–0.9 of the stroke for 2–6 pt dashes).
  public static func dashedSquare(dash: Double, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    var t = 0.0
    while t < 18 - 0.01 {
      let end = min(t + dash, 18)
      d.line(x0: 3 + t, y0: 3, x1: 3 + end, y1: 3, width: 2)
      d.line(x0: 3 + t, y0: 21, x1: 3 + end, y1: 21, width: 2)
      d.line(x0: 3, y0: 3 + t, x1: 3, y1: 3 + end, width: 2)
      d.line(x0: 21, y0: 3 + t, x1: 21, y1: 3 + end, width: 2)
      t += 2 * dash
    }
    return d.mask
  }

  /// A plus of two 14 pt bars at `stroke` pt.
  public static func plusSign(stroke: Double = 2, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.line(x0: 12, y0: 5, x1: 12, y1: 19, width: stroke)
    d.line(x0: 5, y0: 12, x1: 19, y1: 12, width: stroke)
    return d.mask
  }

  /// Seven 2 pt line drawings whose contour estimates of stroke weight spread with their caps: a
  /// ring, a square, a plus and four squares dashed 2–6 pt long (contour estimate 0.84–1.1× the
  /// median, a MAD of 0.11 of a log against the profile's 0): a family where a contour estimate
  /// 1.3× the others' is within the spread.
  public static func dashedFamily() -> [RuleExample.Icon] {
    [.init(id: "ring", mask: ExampleFamily.glyph(0)), .init(id: "square", mask: ExampleFamily.glyph(1)),
     .init(id: "dash2", mask: dashedSquare(dash: 2)), .init(id: "dash3", mask: dashedSquare(dash: 3.5)),
     .init(id: "dash4", mask: dashedSquare(dash: 4.5)), .init(id: "dash6", mask: dashedSquare(dash: 6)),
     .init(id: "plus", mask: plusSign())]
  }
}

extension ExampleDrawing {
  /// An application window with a settings cog: a frame of `frame` pt lines with a solid title
  /// bar 4 pt deep, and a solid cog of radius `cogRadius` (a toothed disk with a hub) over its lower
  /// right corner (MDI's application-cog). Drawn at 2 pt its median local width reads 2.53 pt: the
  /// title bar (8 px wide at @2x) and the cog hold most of its skeleton, while the frame, a third
  /// of it, is at 2 pt.
  public static func windowWithCog(frame: Double = 2, cogRadius: Double = 5, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 3, y: 4, width: 18, height: 16, stroke: frame)
    d.rect(x: 3 - frame / 2, y: 4 - frame / 2, width: 18 + frame, height: 4)
    var clear = ExampleDrawing(scale: scale)
    clear.disk(cx: 17, cy: 17, r: cogRadius + 1)
    var hub = ExampleDrawing(scale: scale)
    hub.disk(cx: 17, cy: 17, r: cogRadius * 0.3)
    var teeth = ExampleDrawing(scale: scale)
    teeth.polygon(gear(r: cogRadius, ri: cogRadius * 0.76).map { (17 + ($0.0 - 12), 17 + ($0.1 - 12)) })
    return d.mask.subtracting(clear.mask).adding(teeth.mask).subtracting(hub.mask)
  }

  /// An outline window (a 2 pt frame, 20×18 pt) with a solid title bar 5 pt tall (Font Awesome's
  /// window-maximize, regular).
  public static func windowWithTitleBar(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.rectOutline(x: 2, y: 3, width: 20, height: 18, stroke: 2)
    d.rect(x: 1, y: 2, width: 22, height: 5)
    return d.mask
  }

  /// A solid speaker with a 2.5 pt × beside it (a mute glyph, GitHawk's): a solid body and heavy
  /// lines.
  public static func muteSpeaker(scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.polygon([(1, 10), (4, 10), (9, 6), (9, 18), (4, 14), (1, 14)])
    d.line(x0: 12, y0: 6, x1: 23, y1: 17, width: 2.5)
    d.line(x0: 23, y0: 6, x1: 12, y1: 17, width: 2.5)
    return d.mask
  }

  /// A checkerboard of solid `side` pt squares meeting at their corners (Papirus's image-denoise):
  /// its skeleton runs through the diagonal joins, where the local width is a fraction of a
  /// square's side.
  public static func checkerboard(side: Double = 2, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    for row in 0..<9 {
      for column in 0..<9 where (row + column) % 2 == 0 && (row * 7 + column * 3) % 5 != 0 {
        d.rect(x: 3 + Double(column) * side, y: 3 + Double(row) * side, width: side, height: side)
      }
    }
    return d.mask
  }

  /// A signal-strength glyph with one bar: a 4 pt `stroke` pt bar with round caps and three dots
  /// of the same diameter (Tabler's antenna-bars-2). At 1.5 pt (3 px at @2x) the dots read 2.3 px
  /// across at their skeleton pixels and the median local width is 0.76× the stroke; a third of
  /// the widths, the bar's, are at 3 px.
  public static func barAndDots(stroke: Double = 2, scale: Double = 2) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    d.line(x0: 5, y0: 14, x1: 5, y1: 18, width: stroke)
    for x in [10.0, 14, 18] { d.disk(cx: x, cy: 18, r: stroke / 2) }
    return d.mask
  }
}
