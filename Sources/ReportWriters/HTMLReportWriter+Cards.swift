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
    s += "<div class=\"cards\">\n"
    for (k, index) in family.iconIndices.enumerated() {
      s += card(page, index: index, figures: figures[k], cssPerPt: cssPerPt, pixelated: pixelated)
    }
    return s + "</div>\n"
  }

  static func card(_ page: HTMLPage, index: Int, figures f: HTMLFigures, cssPerPt: Double, pixelated: Bool) -> String {
    let icon = page.report.icons[index]
    let worst = page.worst(index)
    let w = icon.widthPt * cssPerPt, h = icon.heightPt * cssPerPt
    var s = "<article class=\"card sev-\(worst?.rawValue ?? "ok")\" id=\"icon-\(index)\" data-icon=\"\(HTMLEscaping.escape(icon.id))\">"
    s += "<div class=\"stage\(pixelated ? " pixelated" : "")\" style=\"width:\(SVGChart.n(w))px;height:\(SVGChart.n(h))px;"
    s += "background-size:\(SVGChart.n(cssPerPt))px \(SVGChart.n(cssPerPt))px\">"
    s += glyph(page, index, widthPx: w, heightPx: h, extraClass: "ink")
    if let overlay = page.overlays[index] { s += overlay }
    s += "</div><div class=\"card-body\">"
    s += "<h4 title=\"\(HTMLEscaping.escape(icon.id))\">\(HTMLEscaping.escape(page.iconName(index)))"
    s += "</h4><p class=\"path\" title=\"\(HTMLEscaping.escape(icon.path))\">\(HTMLEscaping.escape(icon.path))</p>"
    func ratio(_ r: Double?, _ rules: Set<String>) -> String {
      guard let r else { return "" }
      let sev = page.worst(index, rules: rules).map { " sev-\($0.rawValue)-text" } ?? ""
      return " <span class=\"ratio\(sev)\">×\(NumberText.fixed(r, 2))</span>"
    }
    let m = icon.metrics
    s += "<dl class=\"figures\">"
    s += "<div><dt>Size</dt><dd>\(NumberText.fixed(f.size, 1)) pt\(ratio(f.sizeRatio, sizeRules))</dd></div>"
    s += "<div><dt>Stroke</dt><dd>\(NumberText.fixed(f.stroke, 2)) pt\(ratio(f.strokeRatio, strokeRules))</dd></div>"
    s += "<div><dt>Detail</dt><dd>\(NumberText.fixed(f.detail, 0))\(ratio(f.detailRatio, detailRules))</dd></div>"
    s += "<div><dt>Style</dt><dd>\(f.style.rawValue)</dd></div>"
    s += "<div><dt>State</dt><dd>\(icon.state.rawValue)</dd></div>"
    s += "<div title=\"visual weight: ink ÷ hull area\"><dt>Ink</dt><dd>\(NumberText.fixed(m.density * 100, 0))% of hull</dd></div>"
    s += "<div><dt>Canvas</dt><dd>\(NumberText.trimmed(icon.widthPt, 1))×\(NumberText.trimmed(icon.heightPt, 1)) pt @\(NumberText.trimmed(icon.scale, 2))x</dd></div>"
    s += "<div><dt>Centre</dt><dd>\(NumberText.fixed(m.opticalCenterOffsetPt.length, 1)) pt off</dd></div>"
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

  /// The geometry behind the numbers, in the mask's px (viewBox = the canvas): canvas-centre
  /// guides, convex hull, extent, skeleton samples coloured by local width against the group's
  /// median stroke (samples near end points and junctions, which do not enter the median, are
  /// faded), the optical centre and its offset.
  static func overlay(_ a: IconAnalysis, strokeMedianPx: Double) -> String {
    let w = Double(a.widthPx), h = Double(a.heightPx)
    let n = SVGChart.n
    let unit = max(w, h) / 100
    var s = "<svg class=\"ov\" viewBox=\"0 0 \(a.widthPx) \(a.heightPx)\" aria-hidden=\"true\">"
    s += "<path class=\"guide\" d=\"M\(n(w / 2)) 0V\(n(h))M0 \(n(h / 2))H\(n(w))\"/>"
    if a.hull.count >= 3 {
      s += "<polygon class=\"hull\" points=\"" + a.hull.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>"
    }
    if a.extentPx.width > 0 || a.extentPx.height > 0 {
      let e = a.extentPx
      s += "<rect class=\"extent\" x=\"\(n(e.x))\" y=\"\(n(e.y))\" width=\"\(n(e.width))\" height=\"\(n(e.height))\"/>"
    }
    let samples = a.strokeSamples
    if !samples.isEmpty {
      let median = strokeMedianPx > 0 ? strokeMedianPx : a.measurements.strokeWeightPx
      let step = max(1, (samples.count + maximumSamples - 1) / maximumSamples)
      var bins = [String](repeating: "", count: strokeBins.count)
      var faded = [String](repeating: "", count: strokeBins.count)
      let r = n(max(unit * 0.9, 0.35))
      for i in stride(from: 0, to: samples.count, by: step) {
        let sample = samples[i]
        let k = median > 0 ? strokeBin(sample.widthPx / median) : 2
        let dot = "<circle cx=\"\(n(sample.positionPx.x))\" cy=\"\(n(sample.positionPx.y))\" r=\"\(r)\"/>"
        if sample.counted { bins[k] += dot } else { faded[k] += dot }
      }
      for k in 0..<strokeBins.count where !faded[k].isEmpty { s += "<g class=\"k\(k) faded\">\(faded[k])</g>" }
      for k in 0..<strokeBins.count where !bins[k].isEmpty { s += "<g class=\"k\(k)\">\(bins[k])</g>" }
    }
    let c = a.opticalCenterPx
    s += "<path class=\"offset\" d=\"M\(n(w / 2)) \(n(h / 2))L\(n(c.x)) \(n(c.y))\"/>"
    s += "<circle class=\"optical\" cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(max(unit * 2, 0.8)))\"/>"
    return s + "</svg>"
  }
}
