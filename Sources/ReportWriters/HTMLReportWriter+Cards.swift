// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics

extension HTMLReportWriter {
  /// Skeleton samples are coloured by local width ÷ the group's median stroke, in five bins.
  static let strokeBins: [(upper: Double, label: String)] = [
    (0.8, "thinner than 0.8×"), (0.93, "0.8–0.93×"), (1.07, "within ±7%"), (1.25, "1.07–1.25×"), (.infinity, "heavier than 1.25×"),
  ]

  static func strokeBin(_ ratio: Double) -> Int {
    strokeBins.firstIndex { ratio < $0.upper } ?? strokeBins.count - 1
  }

  /// The most skeleton samples drawn on one icon (every k-th beyond that).
  static let maximumSamples = 700
  /// The same on a large page (``HTMLPage/isLarge``): a dotted line still, in a fraction of the bytes.
  static let maximumSamplesLarge = 60

  /// Rules whose fix is a new stroke weight: a redraw, named on the card but not previewed.
  static let strokeFixRules: Set<String> = ["stroke_weight_outlier", "stroke_weight_guidance"]

  /// CSS px per point of the magnified icons of a family: one scale for the whole family, an
  /// integer number of CSS px per image px where the canvases fit in about 160 px (crisp
  /// pixels), else scaled down to fit.
  static func magnification(_ page: HTMLPage, family: HTMLPage.Family) -> (cssPerPt: Double, pixelated: Bool) {
    let icons = family.iconIndices.map { page.report.icons[$0] }
    let maxPt = icons.map { max($0.widthPt, $0.heightPt) }.max() ?? 24
    let maxScale = icons.map(\.scale).max() ?? 2
    let target = 160.0
    guard maxPt > 0, maxScale > 0 else { return (6, true) }
    let perPx = floor(target / (maxPt * maxScale))
    if perPx >= 1 { return (perPx * maxScale, true) }
    return (target / maxPt, false)
  }

  static func cards(_ page: HTMLPage, family: HTMLPage.Family, figures: [HTMLFigures], position: Int) -> String {
    guard !family.iconIndices.isEmpty else { return "" }
    let (cssPerPt, pixelated) = magnification(page, family: family)
    let median = family.report?.groups.first?.strokeWeightPt.median ?? 0
    var s = "<h3>Icons, magnified</h3>\n"
    s += "<div class=\"legend\">"
    s += "<span><svg width=\"18\" height=\"12\"><rect x=\"1\" y=\"1\" width=\"16\" height=\"10\" class=\"l-extent\"/></svg>extent</span>"
    s += "<span><svg width=\"18\" height=\"12\"><polygon points=\"1,11 6,1 17,4 14,11\" class=\"l-hull\"/></svg>convex hull</span>"
    s += "<span><svg width=\"18\" height=\"12\"><path d=\"M9 0V12M3 6H15\" class=\"l-guide\"/></svg>canvas centre</span>"
    s += "<span><svg width=\"18\" height=\"12\"><circle cx=\"9\" cy=\"6\" r=\"4\" class=\"l-optical\"/></svg>optical centre</span>"
    s += "<span class=\"bins\">skeleton, local stroke ÷ "
    s += (family.report?.styleSplit ?? false) ? "group median: " : "family median\(median > 0 ? " \(NumberText.fixed(median, 2)) pt" : ""): "
    for (k, bin) in strokeBins.enumerated() {
      s += "<span><svg width=\"12\" height=\"12\"><circle cx=\"6\" cy=\"6\" r=\"4.5\" class=\"k\(k)\"/></svg>\(bin.label)</span>"
    }
    s += "</span></div>\n"
    s += "<div class=\"toggles\"><label><input type=\"checkbox\" class=\"toggle-ov\" checked> Overlays</label>"
    s += "<label><input type=\"checkbox\" class=\"toggle-issues\"> Only icons with findings</label>"
    s += "<span class=\"muted\">1 pt = \(NumberText.trimmed(cssPerPt, 2)) px</span></div>\n"
    // The stage's size and grid are the family's (its first icon's canvas), set once here; an
    // icon on another canvas sets its own.
    let first = page.report.icons[family.iconIndices[0]]
    let common = (first.widthPt, first.heightPt)
    s += "<div class=\"cards\" style=\"--sw:\(SVGChart.n(first.widthPt * cssPerPt))px;--sh:\(SVGChart.n(first.heightPt * cssPerPt))px;"
    s += "--grid:\(SVGChart.n(cssPerPt))px\">\n"
    for (k, index) in family.iconIndices.enumerated() {
      let icon = page.report.icons[index]
      s += card(page, index: index, figures: figures[k], cssPerPt: cssPerPt, pixelated: pixelated,
                ownSize: icon.widthPt != common.0 || icon.heightPt != common.1)
    }
    return s + "</div>\n"
  }

  static func card(_ page: HTMLPage, index: Int, figures f: HTMLFigures, cssPerPt: Double, pixelated: Bool, ownSize: Bool) -> String {
    let icon = page.report.icons[index]
    let worst = page.worst(index)
    let w = icon.widthPt * cssPerPt, h = icon.heightPt * cssPerPt
    let rules = page.findings[index].map(\.ruleId).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    // What the filters and the sorting read (the script; it takes the name from data-icon, the
    // severity from the class): the rules, the ratios.
    var s = "<article class=\"card sev-\(worst?.rawValue ?? "ok")\" id=\"icon-\(index)\" data-icon=\"\(HTMLEscaping.escape(icon.id))\""
    if !rules.isEmpty { s += " data-rules=\"\(HTMLEscaping.escape(rules.joined(separator: " ")))\"" }
    // The ratios to the group's medians (size, stroke, detail) the cards are sorted by.
    let ratios = [f.sizeRatio, f.style == .filled ? nil : f.strokeRatio, f.detailRatio].map { NumberText.trimmed($0 ?? 1, 2) }
    s += " data-r=\"\(ratios.joined(separator: " "))\">"
    s += "<div class=\"stage\(pixelated ? " pixelated" : "")\"" + (page.overlays[index].map { " data-ov=\"\($0)\"" } ?? "")
    if ownSize { s += " style=\"--sw:\(SVGChart.n(w))px;--sh:\(SVGChart.n(h))px\"" }
    s += ">" + glyph(page, index, widthPx: nil, heightPx: nil, extraClass: "ink") + "</div><div class=\"card-body\">"
    s += "<h4>\(HTMLEscaping.escape(page.iconName(index)))"
    s += "</h4><p class=\"path\">\(HTMLEscaping.escape(icon.path))</p>"
    s += fixPreview(page, index: index)
    func ratio(_ r: Double?, _ rules: Set<String>) -> String {
      guard let r else { return "" }
      let sev = page.worst(index, rules: rules).map { " sev-\($0.rawValue)-text" } ?? ""
      return " <small\(sev.isEmpty ? "" : " class=\"\(sev.dropFirst())\"")>×\(NumberText.fixed(r, 2))</small>"
    }
    let m = icon.metrics
    s += "<dl class=\"figures\">"
    s += "<dt>Size</dt><dd>\(NumberText.fixed(f.size, 1)) pt\(ratio(f.sizeRatio, sizeRules))</dd>"
    if f.style == .filled {
      // A filled glyph's "stroke" is the width of its body: not a stroke to compare.
      s += "<dt>Stroke</dt><dd>filled</dd>"
    } else {
      s += "<dt>Stroke</dt><dd>\(NumberText.fixed(f.stroke, 2)) pt\(ratio(f.strokeRatio, strokeRules))</dd>"
    }
    s += "<dt>Detail</dt><dd>\(NumberText.fixed(f.detail, 0))\(ratio(f.detailRatio, detailRules))</dd>"
    s += "<dt>Style</dt><dd>\(f.style.rawValue)</dd>"
    s += "<dt>State</dt><dd>\(icon.state.rawValue)</dd>"
    s += "<dt>Ink</dt><dd>\(NumberText.fixed(m.density * 100, 0))% of hull</dd>"
    s += "<dt>Canvas</dt><dd>\(NumberText.trimmed(icon.widthPt, 1))×\(NumberText.trimmed(icon.heightPt, 1)) pt @\(NumberText.trimmed(icon.scale, 2))x</dd>"
    s += "<dt>Centre</dt><dd>\(NumberText.fixed(m.opticalCenterOffsetPt.length, 1)) pt off</dd>"
    s += "</dl>"
    let findings = page.findings[index].sorted { $0.severity > $1.severity }
    if !findings.isEmpty {
      s += "<ul class=\"tags\">"
      for finding in findings {
        let name = RuleRegistry.rule(finding.ruleId)?.description.name ?? finding.ruleId
        s += "<li><a class=\"tag sev-\(finding.severity.rawValue)\" href=\"#rule-\(HTMLEscaping.escape(finding.ruleId))\" "
        s += "title=\"\(HTMLEscaping.escape(finding.message))\">\(HTMLEscaping.escape(name))</a></li>"
      }
      s += "</ul>"
    }
    return s + "</div></article>\n"
  }

  /// The icon as drawn and as its fixes would have it, side by side at twice its point size on a
  /// light bar, with what the preview does; a stroke fix named as a redraw (not previewed).
  static func fixPreview(_ page: HTMLPage, index: Int) -> String {
    let icon = page.report.icons[index]
    var s = ""
    if let t = page.transforms[index], page.hasMask(index) {
      let w = icon.widthPt * 2, h = icon.heightPt * 2
      var what: [String] = []
      if abs(t.scale - 1) >= 0.005 { what.append("scaled ×\(NumberText.fixed(t.scale, 2))") }
      let move = (t.dxPt * t.dxPt + t.dyPt * t.dyPt).squareRoot()
      if move >= 0.05 { what.append("moved \(NumberText.fixed(move, 1)) pt") }
      s += "<div class=\"fixview\"><figure><span class=\"tile\">" + glyph(page, index, widthPx: w, heightPx: h, view: .drawn) + "</span>"
      s += "<figcaption>as drawn</figcaption></figure><span class=\"arrow\" aria-hidden=\"true\">→</span>"
      s += "<figure><span class=\"tile\">" + glyph(page, index, widthPx: w, heightPx: h, view: .fixed) + "</span>"
      s += "<figcaption>as fixed</figcaption></figure>"
      let own = page.findings[index].contains { $0.transform != nil }
      s += "<p>\(what.joined(separator: ", "))\(own ? "" : " as its item's fix says"): a preview, not a redraw</p></div>"
    }
    if let stroke = page.findings[index].first(where: { strokeFixRules.contains($0.ruleId) }), let fix = stroke.fix {
      s += "<p class=\"fixnote\"><b>Stroke</b> \(HTMLEscaping.escape(fix)): a redraw, not previewed</p>"
    }
    return s
  }

  /// The geometry behind the numbers, in the mask's px (viewBox = the canvas), as data for the
  /// page's script, which draws it as an SVG over the glyph when the card comes into view:
  /// canvas-centre guides, convex hull, extent, skeleton samples coloured by local width against
  /// the group's median stroke (samples near end points and junctions, which do not enter the
  /// median, are faded), the optical centre and its offset.
  ///
  /// Fields separated by `;`: `W H` (the canvas in px); the hull, `x,y x,y …` (points closer than
  /// a third of a pixel to the line through their neighbours left out); the extent `x y w h`; the
  /// optical centre `x y`; then ten groups of samples, faded ones for bins 0–4, then counted ones
  /// for bins 0–4, each `x y,dx dy,dx dy…` (the first sample, then moves from the previous one: a
  /// few bytes a sample on the pixel grid). Numbers only: nothing from the inputs.
  ///
  /// - Complexity: O(hull + samples).
  static func overlay(_ a: IconAnalysis, strokeMedianPx: Double, maximumSamples: Int = maximumSamples) -> String {
    let n = SVGChart.n
    var fields = ["\(a.widthPx) \(a.heightPx)"]
    fields.append(thinned(a.hull).map { "\(NumberText.trimmed($0.x, 1)),\(NumberText.trimmed($0.y, 1))" }.joined(separator: " "))
    let e = a.extentPx
    fields.append(e.width > 0 || e.height > 0 ? "\(n(e.x)) \(n(e.y)) \(n(e.width)) \(n(e.height))" : "")
    fields.append("\(n(a.opticalCenterPx.x)) \(n(a.opticalCenterPx.y))")
    // Index: faded bins 0–4, then counted bins 0–4.
    var groups = [String](repeating: "", count: 2 * strokeBins.count)
    let samples = a.strokeSamples
    if !samples.isEmpty && maximumSamples > 0 {
      let median = strokeMedianPx > 0 ? strokeMedianPx : a.measurements.strokeWeightPx
      let step = max(1, (samples.count + maximumSamples - 1) / maximumSamples)
      var pens = [(x: Double, y: Double)?](repeating: nil, count: groups.count)
      for i in stride(from: 0, to: samples.count, by: step) {
        let sample = samples[i]
        let k = (sample.counted ? strokeBins.count : 0) + (median > 0 ? strokeBin(sample.widthPx / median) : 2)
        let p = sample.positionPx
        if let pen = pens[k] {
          groups[k] += ",\(n(p.x - pen.x)) \(n(p.y - pen.y))"
        } else {
          groups[k] += "\(n(p.x)) \(n(p.y))"
        }
        pens[k] = (p.x, p.y)
      }
    }
    return (fields + groups).joined(separator: ";")
  }

  /// The hull without the points that lie within a third of a pixel of the line through their
  /// kept neighbours (a pixel hull has many along its straight edges). O(n).
  static func thinned(_ hull: [Point2D]) -> [Point2D] {
    guard hull.count > 3 else { return hull.count == 3 ? hull : [] }
    var kept: [Point2D] = []
    for (i, p) in hull.enumerated() {
      let previous = kept.last ?? hull[hull.count - 1], next = hull[(i + 1) % hull.count]
      let dx = next.x - previous.x, dy = next.y - previous.y
      let length = (dx * dx + dy * dy).squareRoot()
      let distance = length > 0 ? abs(dx * (p.y - previous.y) - dy * (p.x - previous.x)) / length : 0
      if distance >= 1.0 / 3 || length == 0 && kept.isEmpty { kept.append(p) }
    }
    return kept.count >= 3 ? kept : hull
  }
}
