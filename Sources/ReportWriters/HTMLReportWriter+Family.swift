// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics

/// One icon's figures against its style group. Selected states are not part of the family's
/// statistics (one state per item); they are placed against their item's group.
struct HTMLFigures: Sendable {
  var size: Double
  var stroke: Double
  var detail: Double
  var group: StyleGroupSummary?
  var style: IconStyle
  var openStroke: Bool
  /// True when the family analysis scored the icon (false for selected states).
  var evaluated: Bool

  init(_ icon: AuditIcon, family: FamilyReport?) {
    let m = icon.metrics
    if let family, let e = family.evaluation(for: icon.id) {
      size = e.size.value
      stroke = e.stroke.value
      detail = e.detail.value
      group = family.group(e.group)
      style = e.style
      openStroke = e.isOpenStroke
      evaluated = true
    } else {
      size = FamilyAnalyzer.effectiveSize(m)
      stroke = m.strokeWeightPt
      detail = m.detailDensity
      let item = family?.evaluation(for: icon.itemId)
      group = item.flatMap { family?.group($0.group) } ?? family?.groups.first
      style = m.style
      openStroke = false
      evaluated = false
    }
  }

  static func ratio(_ value: Double, _ median: Double?) -> Double? {
    guard let median, median > 0, value > 0, value.isFinite else { return nil }
    return value / median
  }

  var sizeRatio: Double? { Self.ratio(size, group?.effectiveSizePt.median) }
  var strokeRatio: Double? { Self.ratio(stroke, group?.strokeWeightPt.median) }
  var detailRatio: Double? { Self.ratio(detail, group?.detailDensity.median) }
}

extension HTMLReportWriter {
  /// The band drawn around a group's median: the size rule's default error limits,
  /// 0.85–1/0.85 × the median (about ±15%), on every metric.
  static let bandLow = 0.85
  static let bandHigh = 1 / 0.85

  static let sizeRules: Set<String> = ["perceived_size_outlier"]
  static let strokeRules: Set<String> = ["stroke_weight_outlier"]
  static let detailRules: Set<String> = ["detail_density_outlier"]

  static func familySection(_ page: HTMLPage, family: HTMLPage.Family, position: Int) -> String {
    let figures = family.iconIndices.map { page.figures[$0] }
    // A family is a disclosure: open on a small page, closed on a large one (nothing inside a
    // closed one is laid out or drawn until it is opened).
    var s = "<details class=\"family panel\" id=\"family-\(position)\" data-family=\"\(position)\"\(page.isLarge ? "" : " open")>\n"
    s += "<summary class=\"family-head\"><h2>\(HTMLEscaping.escape(family.displayName))</h2>"
    let errors = family.iconIndices.reduce(0) { $0 + page.findings[$1].filter { $0.severity == .error }.count }
    let warnings = family.iconIndices.reduce(0) { $0 + page.findings[$1].filter { $0.severity == .warning }.count }
    s += "<div class=\"meta\"><span>\(HTMLEscaping.escape(family.roleText))</span><span>\(NumberText.plural(family.iconIndices.count, "icon"))</span>"
    s += "<span>\(HTMLEscaping.escape(family.styleText))</span>\(scoreMeter(family.report?.consistencyScore))"
    if errors > 0 { s += "<span class=\"sev-error-text\">\(NumberText.plural(errors, "error"))</span>" }
    if warnings > 0 { s += "<span class=\"sev-warning-text\">\(NumberText.plural(warnings, "warning"))</span>" }
    s += "</div></summary>\n"
    if let report = family.report, !report.groups.isEmpty {
      s += "<p class=\"groups\">"
      s += report.groups.map { g in
        "<span><b>\(g.style.rawValue.capitalized)</b> group, \(NumberText.plural(g.members.count, "icon")): median size \(NumberText.fixed(g.effectiveSizePt.median, 1)) pt"
          + " · stroke \(NumberText.fixed(g.strokeWeightPt.median, 2)) pt · detail \(NumberText.fixed(g.detailDensity.median, 0))</span>"
      }.joined()
      s += "</p>\n"
    }
    s += bars(page, family: family)
    s += chart(page, family: family, figures: figures, position: position)
    s += cards(page, family: family, figures: figures, position: position)
    return s + "</details>\n"
  }

  // MARK: Bars at 1× point size

  /// A tab bar item: its unselected icon and, when there is one, its selected icon.
  struct BarItem {
    var icon: Int
    var selected: Int?
  }

  static func barItems(_ page: HTMLPage, family: HTMLPage.Family) -> [BarItem] {
    var items: [BarItem] = []
    var position: [String: Int] = [:]
    for index in family.iconIndices where page.report.icons[index].state != .selected {
      let itemId = page.report.icons[index].itemId
      if position[itemId] == nil { position[itemId] = items.count }
      items.append(BarItem(icon: index, selected: nil))
    }
    // Selected states join their item; one without an unselected twin is an item of its own.
    for index in family.iconIndices where page.report.icons[index].state == .selected {
      if let p = position[page.report.icons[index].itemId], items[p].selected == nil {
        items[p].selected = index
      } else {
        items.append(BarItem(icon: index, selected: index))
      }
    }
    return items
  }

  /// The family in iOS bars at 1× point size: tab bars (five items a bar, the first selected,
  /// titles under the icons), toolbars (every icon in the accent tint) and, when the family has
  /// selected states, tab bars showing every item selected; on a light and a dark bar.
  static func bars(_ page: HTMLPage, family: HTMLPage.Family) -> String {
    let items = barItems(page, family: family)
    guard !items.isEmpty else { return "" }
    func chunked(_ size: Int) -> [[BarItem]] {
      stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
    }
    // A tab bar shows at most five items; a toolbar fits about eight 44 pt buttons on a phone.
    let chunks = chunked(5), toolChunks = chunked(8)
    let hasSelected = items.contains { $0.selected != nil }
    let roles = Set(family.iconIndices.map { page.report.icons[$0].role })
    let showTabBar = !roles.isSubset(of: [.toolbar, .navigationBar])
    // A family of unknown role is shown in both bars; a large one only in tab bars (their titles
    // name the icons), so that the preview stays a glance.
    let showToolbar = !roles.isSubset(of: [.tabBar]) && (!showTabBar || items.count <= 10)

    func fixed(_ index: Int) -> Bool { page.hasMask(index) && page.transforms[index] != nil }
    let hasFixes = family.iconIndices.contains(where: fixed)
    // The bars as fixed: those with an item a fix changes.
    func changed(_ chunk: [BarItem]) -> Bool { chunk.contains { fixed($0.icon) || $0.selected.map(fixed) == true } }
    // A glyph on the family's most common canvas takes its size from the bars' style (--gw, --gh).
    var canvasCounts: [String: Int] = [:]
    for index in family.iconIndices {
      let icon = page.report.icons[index]
      canvasCounts["\(SVGChart.n(icon.widthPt)) \(SVGChart.n(icon.heightPt))", default: 0] += 1
    }
    let common = canvasCounts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? ""
    func barGlyph(_ index: Int, view: FixView) -> String {
      let icon = page.report.icons[index]
      let own = "\(SVGChart.n(icon.widthPt)) \(SVGChart.n(icon.heightPt))" != common
      return glyph(page, index, widthPx: own ? icon.widthPt : nil, heightPx: own ? icon.heightPt : nil, view: view)
    }
    // With fixes, the bars come in pairs labelled "as drawn" and "as fixed"; the selected states
    // follow the page's switch.
    func view(fixed: Bool) -> FixView { fixed ? .fixed : hasFixes ? .drawn : .switched }
    func tabBar(_ chunk: [BarItem], allSelected: Bool, fixed: Bool = false, switched: Bool = false) -> String {
      var s = "<div class=\"tabbar\(fixed ? " as-fixed" : "")\">"
      for (k, item) in chunk.enumerated() {
        let isSelected = allSelected || k == 0
        let index = isSelected ? (item.selected ?? item.icon) : item.icon
        let flagged = page.worst(item.icon).map { " flag-\($0.rawValue)" } ?? ""
        s += "<a class=\"tab\(isSelected ? " sel" : "")\(flagged)\" href=\"#icon-\(index)\">"
        s += "<span class=\"slot\">" + barGlyph(index, view: switched ? .switched : view(fixed: fixed)) + "</span>"
        s += "<span class=\"title\">\(HTMLEscaping.escape(page.itemName(item.icon)))</span></a>"
      }
      return s + "</div>"
    }
    func toolbar(_ chunk: [BarItem], fixed: Bool) -> String {
      let columns = "grid-template-columns:repeat(\(chunk.count),minmax(0,1fr))"
      var bar = "<div class=\"toolbar\(fixed ? " as-fixed" : "")\" style=\"\(columns)\">", captions = "<div class=\"captions\" style=\"\(columns)\">"
      for item in chunk {
        let flagged = page.worst(item.icon).map { " flag-\($0.rawValue)" } ?? ""
        bar += "<a class=\"tool\(flagged)\" href=\"#icon-\(item.icon)\">"
        bar += barGlyph(item.icon, view: view(fixed: fixed)) + "</a>"
        captions += "<span>\(HTMLEscaping.escape(page.itemName(item.icon)))</span>"
      }
      return "<div class=\"toolwrap\">" + bar + "</div>" + captions + "</div></div>"
    }
    /// The first `visibleBars` bars, the others behind a disclosure (no script needed); in the
    /// dark column only the first ones, the others are in the light one (a family of a hundred
    /// icons need not be written twice).
    func group(_ bars: [String], unit: String, dark: Bool) -> String {
      let visibleBars = 4
      guard bars.count > visibleBars + 1 else { return bars.joined() }
      if dark { return bars.prefix(visibleBars).joined() + "<p class=\"more\">\(bars.count - visibleBars) more \(unit) in the light column</p>" }
      return bars.prefix(visibleBars).joined() + "<details><summary>\(bars.count - visibleBars) more \(unit)</summary>"
        + bars.dropFirst(visibleBars).joined() + "</details>"
    }
    func column(_ theme: String) -> String {
      let dark = theme == "dark"
      var s = "<div class=\"device \(theme)\"><p class=\"theme\">\(theme == "light" ? "Light" : "Dark")</p>"
      if showTabBar {
        // A family of unknown role is not a tab bar: say that it is only shown as one.
        let asIf = roles.contains(.tabBar) ? "" : " <span>(the role is unknown: shown as one)</span>"
        s += "<p class=\"kind\">Tab bar\(asIf)\(hasFixes ? " <span>as drawn</span>" : "")</p>" + group(chunks.map { tabBar($0, allSelected: false) }, unit: "tab bars", dark: dark)
        if hasFixes {
          s += "<p class=\"kind fixed-kind\">Tab bar <span>as fixed: a preview, not a redraw</span></p>"
            + group(chunks.filter(changed).map { tabBar($0, allSelected: false, fixed: true) }, unit: "tab bars", dark: dark)
        }
      }
      if showToolbar {
        s += "<p class=\"kind\">Toolbar <span>(titles are not part of a toolbar)\(hasFixes ? " as drawn" : "")</span></p>"
          + group(toolChunks.map { toolbar($0, fixed: false) }, unit: "toolbars", dark: dark)
        if hasFixes {
          s += "<p class=\"kind fixed-kind\">Toolbar <span>as fixed: a preview, not a redraw</span></p>"
            + group(toolChunks.filter(changed).map { toolbar($0, fixed: true) }, unit: "toolbars", dark: dark)
        }
      }
      if hasSelected && showTabBar {
        s += "<p class=\"kind\">Selected states</p>" + group(chunks.map { tabBar($0, allSelected: true, switched: true) }, unit: "tab bars", dark: dark)
      }
      return s + "</div>"
    }
    var s = "<h3>In the bar, at 1× point size</h3>\n"
    s += "<p class=\"lede\">Each icon at its size in points (an @2x pixel is half a CSS pixel), tinted as iOS tints a template image: "
    s += "the alpha is the shape, the colour is the bar's. "
    if showTabBar { s += "Tab bars show the first item selected. " }
    if showToolbar { s += "Toolbars tint every item. " }
    s += "Click an icon to see its measurements.</p>\n"
    if hasFixes {
      s += "<p class=\"lede\">As fixed (the bars a fix changes): each icon whose finding has a measurable fix (a size factor, a move) drawn from the same pixels, "
      s += "scaled or moved as the fix says: a preview of the fix, not a redraw (a redrawn glyph keeps its stroke weight when it grows). "
      s += "Stroke fixes are not previewed: they are a redraw.</p>\n"
    }
    s += "<div class=\"toggles\"><label><input type=\"checkbox\" class=\"toggle-zoom\"> Zoom 2×</label></div>\n"
    let size = common.split(separator: " ")
    s += "<div class=\"bars\"" + (size.count == 2 ? " style=\"--gw:\(size[0])px;--gh:\(size[1])px\"" : "") + ">" + column("light") + column("dark") + "</div>\n"
    return s
  }

  // MARK: Charts

  /// Comparison size, stroke weight and detail density of every icon against its group's
  /// median and band, on log axes shared by the family.
  static func chart(_ page: HTMLPage, family: HTMLPage.Family, figures: [HTMLFigures], position: Int) -> String {
    guard !family.iconIndices.isEmpty else { return "" }
    let x0 = 8.0, x1 = SVGChart.width - 8
    func scale(_ value: (HTMLFigures) -> Double, _ median: (StyleGroupSummary) -> Double) -> SVGChart.LogScale {
      // Selected states (not in the statistics) do not stretch the axis; off it, they get an arrow.
      let primary = figures.filter(\.evaluated)
      var values = (primary.isEmpty ? figures : primary).map(value)
      for g in family.report?.groups ?? [] where median(g) > 0 {
        values += [median(g) * bandLow, median(g) * bandHigh]
      }
      return SVGChart.LogScale(covering: values, x0: x0, x1: x1)
    }
    let sizeScale = scale({ $0.size }, { $0.effectiveSizePt.median })
    // Filled glyphs have no stroke to compare: they do not stretch the stroke axis.
    let strokeScale = scale({ $0.style == .filled ? 0 : $0.stroke }, { $0.style == .filled ? 0 : $0.strokeWeightPt.median })
    let detailScale = scale({ $0.detail }, { $0.detailDensity.median })

    var s = "<h3>Measurements against the family</h3>\n"
    s += "<p class=\"lede\">Size is √max(hull area, 0.7 × extent area), the size the family is compared on; stroke is the median "
    s += "local width along the skeleton; detail is P² ÷ ink (contour length squared over inked area). Log axes. Click a column title to sort.</p>\n"
    s += "<div class=\"legend\">"
    s += "<span><svg width=\"34\" height=\"14\"><rect class=\"l-band\" x=\"1\" y=\"1\" width=\"32\" height=\"12\" rx=\"3\"/><line class=\"l-median\" x1=\"17\" y1=\"0\" x2=\"17\" y2=\"14\"/></svg>"
    s += "group median and band (0.85–1.18×, the size rule's error limits)</span>"
    s += "<span><svg width=\"12\" height=\"12\"><circle class=\"dot plain\" cx=\"6\" cy=\"6\" r=\"5\"/></svg>icon</span>"
    s += "<span><svg width=\"12\" height=\"12\"><circle class=\"dot error\" cx=\"6\" cy=\"6\" r=\"5\"/></svg>error</span>"
    s += "<span><svg width=\"12\" height=\"12\"><circle class=\"dot warning\" cx=\"6\" cy=\"6\" r=\"5\"/></svg>warning</span>"
    s += "<span><svg width=\"12\" height=\"12\"><circle class=\"dot exempt\" cx=\"6\" cy=\"6\" r=\"4.5\"/></svg>exempt (an open stroke, kept small on purpose)</span>"
    s += "<span><svg width=\"12\" height=\"12\"><circle class=\"dot plain secondary\" cx=\"6\" cy=\"6\" r=\"3.6\"/></svg>selected state (not in the statistics)</span>"
    s += "</div>\n"
    // Each group's band and median, once per column, in a style the strips of its rows share
    // (class gN on the row, sC on the strip: numbers only).
    let groups = family.report?.groups ?? []
    var bands = ""
    for (g, group) in groups.enumerated() {
      for (column, (median, scale)) in [(group.effectiveSizePt.median, sizeScale), (group.strokeWeightPt.median, strokeScale),
                                         (group.detailDensity.median, detailScale)].enumerated() where median > 0 {
        let band = SVGChart.bandPercent(median: median, bandLow: bandLow, bandHigh: bandHigh, scale: scale)
        bands += "#chart-\(position) .g\(g) .s\(column) b{left:\(band.left)%;width:\(band.width)%}"
        bands += "#chart-\(position) .g\(g) .s\(column) u{left:\(band.median)%}"
      }
    }
    s += "<style>\(bands)</style>\n"
    s += "<div class=\"scroll chart-wrap\"><table class=\"chart\" id=\"chart-\(position)\"><thead><tr>"
    s += "<th data-key=\"name\" class=\"sortable\">Icon</th>"
    s += "<th data-key=\"size\" class=\"sortable\">Size <small>pt</small>\(SVGChart.axis(sizeScale, decimals: 1))</th><th></th>"
    s += "<th data-key=\"stroke\" class=\"sortable\">Stroke <small>pt</small>\(SVGChart.axis(strokeScale, decimals: 2))</th><th></th>"
    s += "<th data-key=\"detail\" class=\"sortable\">Detail <small>P² ÷ ink</small>\(SVGChart.axis(detailScale, decimals: 0))</th><th></th>"
    s += "</tr></thead><tbody>\n"
    for (k, index) in family.iconIndices.enumerated() {
      let f = figures[k]
      let icon = page.report.icons[index]
      let secondary = !f.evaluated
      func mark(_ rules: Set<String>, ratio: Double?, exemptable: Bool) -> SVGChart.Mark {
        switch page.worst(index, rules: rules) {
        case .error?: return .error
        case .warning?: return .warning
        default: break
        }
        if exemptable, f.openStroke, let ratio, ratio < bandLow { return .exempt }
        return .plain
      }
      let name = page.iconName(index)
      let g = f.group.flatMap { group in groups.firstIndex { $0.style == group.style } }
      let rowClasses = (g.map { ["g\($0)"] } ?? []) + (secondary ? ["secondary"] : [])
      s += "<tr data-i=\"\(index)\" data-size=\"\(NumberText.trimmed(f.size, 3))\""
      s += " data-stroke=\"\(NumberText.trimmed(f.stroke, 3))\" data-detail=\"\(NumberText.trimmed(f.detail, 2))\""
      s += rowClasses.isEmpty ? ">" : " class=\"\(rowClasses.joined(separator: " "))\">"
      s += "<td class=\"who\"><div><a href=\"#icon-\(index)\">\(thumbnail(page, index, box: 20))<span>\(HTMLEscaping.escape(name))</span></a>"
      if icon.state == .selected { s += "<span class=\"chip\">selected</span>" }
      if f.openStroke { s += "<span class=\"chip\" title=\"outline, nothing enclosed: kept small on purpose\">open stroke</span>" }
      s += "</div></td>"
      func cell(_ column: Int, _ value: Double, _ median: Double?, _ scale: SVGChart.LogScale, _ m: SVGChart.Mark, _ unit: String, _ decimals: Int,
                filled: Bool = false) -> String {
        guard !filled else {
          return "<td class=\"plot\"></td><td class=\"val\">filled</td>"
        }
        let ratio = HTMLFigures.ratio(value, median)
        let text = NumberText.fixed(value, decimals) + (unit.isEmpty ? "" : " " + unit)
        var c = SVGChart.cssStrip(column: column, value: value, hasBand: g != nil && (median ?? 0) > 0, scale: scale, mark: m, secondary: secondary)
        c += "<td class=\"val\(m == .plain ? "" : " " + m.rawValue)\">\(text)"
        if let ratio { c += "<small>×\(NumberText.fixed(ratio, 2))</small>" }
        return c + "</td>"
      }
      s += cell(0, f.size, f.group?.effectiveSizePt.median, sizeScale, mark(sizeRules, ratio: f.sizeRatio, exemptable: true), "pt", 1)
      // A filled glyph's "stroke" is its body: not compared with the family's strokes.
      s += cell(1, f.stroke, f.group?.strokeWeightPt.median, strokeScale, mark(strokeRules, ratio: f.strokeRatio, exemptable: false), "pt", 2,
                filled: f.style == .filled)
      s += cell(2, f.detail, f.group?.detailDensity.median, detailScale, mark(detailRules, ratio: f.detailRatio, exemptable: false), "", 0)
      s += "</tr>\n"
    }
    return s + "</tbody></table></div>\n"
  }
}
