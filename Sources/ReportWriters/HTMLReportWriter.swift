// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import IconSupport

/// The HTML report: one self-contained page for designers (Documentation/Architecture.md, Reports).
///
/// Inline CSS and SVG, every image a PNG data URI, no network; readable without JavaScript (a
/// few lines sort the measurement tables). Light and dark themes follow `prefers-color-scheme`.
/// The page, in order:
/// 1. a header: icons, errors, warnings, notes, unreadable inputs; each family with its
///    consistency score; the version;
/// 2. per family: the icons in a tab bar and a toolbar at 1× point size (an @2x file of 50 px is
///    25 CSS px), tinted as iOS tints template images (the coverage is the alpha of a CSS mask
///    over the tint colour), on a light and a dark bar; then the measurements (comparison size,
///    stroke weight, detail density) of every icon on log axes against the group's median and
///    band, outliers in their severity's colour; then every icon magnified on its canvas with the
///    geometry behind the numbers drawn over it (extent, convex hull, canvas and optical centres,
///    skeleton samples coloured by local stroke weight against the family's), the card's border
///    in the colour of its worst finding;
/// 3. the findings grouped by rule, with the rule's name and rationale, each with its message
///    and fix; the inputs that could not be read;
/// 4. a footer with the configuration and the version.
///
/// A pure function of the report: no date, no absolute path, stable order (families and icons
/// in report order, rules in registry order), numbers with fixed decimals, so the same report
/// gives the same bytes. Every string from the inputs is escaped with ``HTMLEscaping``; input
/// text never enters CSS, a script or a URL (anchors and CSS classes use icon indices).
///
/// - Complexity: O(N) in the pixels of the icons' masks (each is analysed once for its
///   overlays, see `MetricsEngine.analyse`) plus O(F log F) for F findings.
public enum HTMLReportWriter {
  /// - Parameter readBackFailures: called once every drawing the page shows has been read back
  ///   (they are read once, when the page is prepared, before anything is written): inputs that
  ///   could not be read back then, listed under "Unreadable inputs" with the report's own (an
  ///   input already listed there is not listed twice).
  public static func write(
    _ report: AuditReport, toolVersion: String, configurationDescription: String? = nil,
    readBackFailures: (() -> [(path: String, reason: String)])? = nil
  ) -> String {
    var page = HTMLPage(report)
    if let late = readBackFailures?() {
      for failure in late where !page.report.unreadable.contains(where: { $0.path == failure.path }) {
        page.report.unreadable.append(failure)
      }
    }
    let title = "Icon audit" + (report.label.map { " · " + $0 } ?? "")
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <meta name="generator" content="iconaudit \(HTMLEscaping.escape(toolVersion))">
      <title>\(HTMLEscaping.escape(title))</title>
      <style>\(HTMLStylesheet.report)</style>

      """
    out += glyphStyles(page)
    out += "</head>\n<body>\n"
    out += header(page, toolVersion: toolVersion)
    out += "<main>\n"
    for (position, family) in page.families.enumerated() {
      out += familySection(page, family: family, position: position)
    }
    if page.families.isEmpty {
      out += "<section class=\"panel empty\"><p>No icons were audited.</p></section>\n"
    }
    out += findingsSection(page)
    out += notAuditedSection(page)
    out += unreadableSection(page)
    out += "</main>\n"
    out += footer(page, toolVersion: toolVersion, configurationDescription: configurationDescription)
    out += "<script>\(script)</script>\n</body>\n</html>\n"
    return out
  }

  // MARK: Glyph images

  /// One CSS class per icon holding its coverage as a PNG data URI (`--m`), used as a mask over
  /// a tint colour wherever the icon appears: iOS renders a template image the same way.
  static func glyphStyles(_ page: HTMLPage) -> String {
    var css = "<style>\n"
    for (index, png) in page.glyphPNGs.enumerated() {
      guard let png else { continue }
      css += ".gm\(index){--m:url(\"data:image/png;base64,\(png)\")}\n"
    }
    return css + "</style>\n"
  }

  /// An icon's glyph at `widthPx × heightPx` CSS px in the current text colour (or a dashed
  /// placeholder when its drawing was not kept or could not be read back).
  static func glyph(_ page: HTMLPage, _ index: Int, widthPx: Double, heightPx: Double, extraClass: String = "") -> String {
    let classes = (page.hasMask(index) ? "g gm\(index)" : "g missing") + (extraClass.isEmpty ? "" : " " + extraClass)
    return "<i class=\"\(classes)\" style=\"width:\(SVGChart.n(widthPx))px;height:\(SVGChart.n(heightPx))px\"></i>"
  }

  /// A small glyph fitted into a `box` px square, proportional to its canvas.
  static func thumbnail(_ page: HTMLPage, _ index: Int, box: Double) -> String {
    let icon = page.report.icons[index]
    let side = max(icon.widthPt, icon.heightPt, 1)
    return "<span class=\"thumb\" style=\"width:\(SVGChart.n(box))px;height:\(SVGChart.n(box))px\">"
      + glyph(page, index, widthPx: icon.widthPt / side * box, heightPx: icon.heightPt / side * box) + "</span>"
  }

  // MARK: Header and footer

  static func header(_ page: HTMLPage, toolVersion: String) -> String {
    let r = page.report
    var s = "<header class=\"top\">\n<div class=\"wrap\">\n"
    s += "<div class=\"brand\"><span class=\"logo\" aria-hidden=\"true\"></span><h1>Icon audit"
    if let label = r.label { s += " <span class=\"label\">\(HTMLEscaping.escape(label))</span>" }
    s += "</h1><span class=\"version\">iconaudit \(HTMLEscaping.escape(toolVersion))</span></div>\n"
    s += "<div class=\"summary\"><div class=\"stats\">"
    func stat(_ value: Int, _ name: String, _ kind: String, _ href: String? = nil) -> String {
      let body = "<b>\(value)</b><span>\(name)</span>"
      let cls = "stat \(kind)\(value == 0 ? " zero" : "")"
      if let href { return "<a class=\"\(cls)\" href=\"\(href)\">\(body)</a>" }
      return "<div class=\"\(cls)\">\(body)</div>"
    }
    s += stat(r.icons.count, r.icons.count == 1 ? "icon" : "icons", "neutral")
    s += stat(page.families.count, page.families.count == 1 ? "family" : "families", "neutral")
    s += stat(r.count(.error), r.count(.error) == 1 ? "error" : "errors", "error", "#findings")
    s += stat(r.count(.warning), r.count(.warning) == 1 ? "warning" : "warnings", "warning", "#findings")
    s += stat(r.count(.info), r.count(.info) == 1 ? "note" : "notes", "info", "#findings")
    if !r.unreadable.isEmpty { s += stat(r.unreadable.count, "unreadable", "error", "#unreadable") }
    s += "</div>\n"
    // What was found and what was audited as bar icons, in one line; notes on folders split by canvas.
    let scope = r.effectiveScope
    s += "<p class=\"scope\">\(HTMLEscaping.escape(scope.line))"
    if !scope.notAudited.isEmpty { s += " <a href=\"#not-audited\">Not audited</a>" }
    s += "</p>\n"
    for note in scope.folderNotes { s += "<p class=\"scope note\">\(HTMLEscaping.escape(note.text))</p>\n" }
    if !page.families.isEmpty {
      s += "<table class=\"families\"><thead><tr><th>Family</th><th>Role</th><th class=\"num\">Icons</th><th>Style</th>"
      s += "<th>Consistency</th><th class=\"num\">Errors</th><th class=\"num\">Warnings</th></tr></thead><tbody>\n"
      for (position, family) in page.families.enumerated() {
        let indices = family.iconIndices
        let errors = indices.reduce(0) { $0 + page.findings[$1].filter { $0.severity == .error }.count }
        let warnings = indices.reduce(0) { $0 + page.findings[$1].filter { $0.severity == .warning }.count }
        s += "<tr><td><a href=\"#family-\(position)\">\(HTMLEscaping.escape(family.displayName))</a></td>"
        s += "<td>\(HTMLEscaping.escape(family.roleText))</td><td class=\"num\">\(indices.count)</td>"
        s += "<td>\(HTMLEscaping.escape(family.styleText))</td><td>\(scoreMeter(family.report?.consistencyScore))</td>"
        s += "<td class=\"num\(errors > 0 ? " sev-error-text" : "")\">\(errors)</td><td class=\"num\(warnings > 0 ? " sev-warning-text" : "")\">\(warnings)</td></tr>\n"
      }
      s += "</tbody></table>\n"
    }
    s += "</div>\n<nav class=\"toc\">"
    for (position, family) in page.families.enumerated() {
      s += "<a href=\"#family-\(position)\">\(HTMLEscaping.escape(family.displayName))</a>"
    }
    s += "<a href=\"#findings\">Findings</a>"
    if !r.unreadable.isEmpty { s += "<a href=\"#unreadable\">Unreadable</a>" }
    s += "</nav>\n</div>\n</header>\n"
    return s
  }

  /// The consistency score as a number and a bar (green ≥ 85, amber ≥ 70, red below).
  static func scoreMeter(_ score: Double?) -> String {
    guard let score else { return "<span class=\"muted\">–</span>" }
    let level = score >= 85 ? "good" : score >= 70 ? "fair" : "poor"
    let width = min(max(score, 0), 100)
    return "<span class=\"score \(level)\" title=\"consistency score, 0–100\"><b>\(NumberText.fixed(score, 0))</b>"
      + "<span class=\"meter\"><span style=\"width:\(NumberText.trimmed(width, 1))%\"></span></span></span>"
  }

  static func footer(_ page: HTMLPage, toolVersion: String, configurationDescription: String?) -> String {
    var s = "<footer class=\"wrap\">\n<dl>"
    s += "<dt>Tool</dt><dd>iconaudit \(HTMLEscaping.escape(toolVersion))</dd>"
    s += "<dt>Configuration</dt><dd>"
    if let configurationDescription, !configurationDescription.isEmpty {
      s += "<pre>\(HTMLEscaping.escape(configurationDescription))</pre>"
    } else {
      s += "defaults (no configuration file)"
    }
    s += "</dd>"
    if let label = page.report.label { s += "<dt>Label</dt><dd>\(HTMLEscaping.escape(label))</dd>" }
    s += "</dl>\n<p class=\"muted\">Measured from pixels: sizes in points (px ÷ scale). Rule identifiers and thresholds: <code>iconaudit rules</code>. "
    s += "This page is self-contained and works offline; it depends only on the audited icons and the configuration.</p>\n</footer>\n"
    return s
  }

  // MARK: Images not audited as bar icons

  static func notAuditedSection(_ page: HTMLPage) -> String {
    let items = page.report.effectiveScope.notAudited
    guard !items.isEmpty else { return "" }
    var s = "<section class=\"panel\" id=\"not-audited\">\n<h2>Not audited as bar icons <span class=\"count\">\(items.count)</span></h2>\n"
    s += "<p class=\"lede\">These images do not look like bar icons and nothing names them as such (a bar-named folder, a role pattern, the app's code); <code>--all-images</code> audits them.</p>\n"
    s += "<details><summary>\(NumberText.plural(items.count, "image"))</summary><ul class=\"unreadable\">"
    for item in items {
      let reason = item.reason.text + (item.detail.map { " (\($0))" } ?? "")
      s += "<li><code>\(HTMLEscaping.escape(item.path))</code><span>\(HTMLEscaping.escape(reason))</span></li>"
    }
    return s + "</ul></details>\n</section>\n"
  }

  // MARK: Unreadable inputs

  static func unreadableSection(_ page: HTMLPage) -> String {
    let items = page.report.unreadable
    guard !items.isEmpty else { return "" }
    var s = "<section class=\"panel\" id=\"unreadable\">\n<h2>Unreadable inputs <span class=\"count\">\(items.count)</span></h2>\n"
    s += "<p class=\"lede\">These files could not be read, or changed while they were audited (then measured but not compared with other icons); every readable icon was audited.</p>\n<ul class=\"unreadable\">"
    for item in items {
      s += "<li><code>\(HTMLEscaping.escape(item.path))</code><span>\(HTMLEscaping.escape(item.reason))</span></li>"
    }
    return s + "</ul>\n</section>\n"
  }

  // MARK: Script

  /// Sorting for the measurement tables (optional: the page reads the same without it).
  static let script = """
    document.querySelectorAll("table.chart").forEach(function(t){t.querySelectorAll("th.sortable").forEach(function(th){\
    th.tabIndex=0;function sort(){var k=th.dataset.key,b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),\
    d=th.dataset.dir==="asc"?"desc":"asc";t.querySelectorAll("th.sortable").forEach(function(o){delete o.dataset.dir});th.dataset.dir=d;\
    rows.sort(function(x,y){var a=x.dataset[k],c=y.dataset[k],r=k==="name"?a.localeCompare(c):parseFloat(a)-parseFloat(c);return d==="asc"?r:-r});\
    rows.forEach(function(r){b.appendChild(r)})}th.addEventListener("click",sort);\
    th.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();sort()}})})});
    """
}

/// The report prepared for the page: families with their icons, each icon's findings.
struct HTMLPage {
  /// A family section: its statistics (nil for icons whose family the report does not analyse).
  struct Family {
    var name: String
    var report: FamilyReport?
    /// Indices into `report.icons`, in report order.
    var iconIndices: [Int]
    var roleText: String
    var styleText: String
    /// The title shown (``AuditReport/displayName(ofFamily:)``).
    var displayName: String
  }

  /// The report (its unreadable inputs completed by `HTMLReportWriter.write`).
  var report: AuditReport
  let families: [Family]
  /// Findings per icon index (by `iconId`), in report order.
  let findings: [[Finding]]
  /// Icon id → index of its first icon.
  let indexOfId: [String: Int]
  /// Each drawable icon's coverage as a base64 PNG, read once; nil when its drawing was not kept,
  /// could not be read back, or is empty.
  let glyphPNGs: [String?]
  /// Each drawable icon's geometry overlay (SVG), from the same reading of its drawing.
  let overlays: [String?]
  /// Each icon's figures against its style group.
  let figures: [HTMLFigures]
  /// Whether the icon's glyph can be drawn.
  func hasMask(_ index: Int) -> Bool { glyphPNGs[index] != nil }

  init(_ report: AuditReport) {
    self.report = report
    var indexOfId: [String: Int] = [:]
    for (i, icon) in report.icons.enumerated() where indexOfId[icon.id] == nil { indexOfId[icon.id] = i }
    self.indexOfId = indexOfId
    var findings = [[Finding]](repeating: [], count: report.icons.count)
    for finding in report.findings {
      if let i = indexOfId[finding.iconId] { findings[i].append(finding) }
    }
    self.findings = findings
    // Each drawing is read (back from its file, for an audit that does not keep them) once, here,
    // for its glyph and its overlay: every read-back failure is known before the page is written.
    var firstReports: [String: FamilyReport] = [:]
    for family in report.families where firstReports[family.name] == nil { firstReports[family.name] = family }
    let familyReports = firstReports
    let drawn = report.icons.parallelMap { icon -> (figures: HTMLFigures, drawing: (glyph: String, overlay: String)?) in
      let figures = HTMLFigures(icon, family: familyReports[icon.family])
      guard icon.hasDrawing, let mask = icon.mask, mask.width > 0, mask.height > 0 else { return (figures, nil) }
      let medianPx = (figures.group?.strokeWeightPt.median ?? 0) * mask.scale
      return (figures, (Data(PNGCodec.encode(mask)).base64EncodedString(),
                        HTMLReportWriter.overlay(MetricsEngine.analyse(mask), strokeMedianPx: medianPx)))
    }
    figures = drawn.map(\.figures)
    glyphPNGs = drawn.map { $0.drawing?.glyph }
    overlays = drawn.map { $0.drawing?.overlay }

    var names: [String] = report.families.map(\.name)
    for icon in report.icons where !names.contains(icon.family) { names.append(icon.family) }
    var seen = Set<String>()
    families = names.compactMap { name in
      guard seen.insert(name).inserted else { return nil }
      let indices = report.icons.indices.filter { report.icons[$0].family == name }
      let familyReport = report.families.first { $0.name == name }
      let roles = indices.map { report.icons[$0].role.rawValue }
      var roleNames: [String] = []
      for role in roles where !roleNames.contains(role) { roleNames.append(role) }
      let roleText = roleNames.map(Self.roleName).joined(separator: ", ")
      let styleText: String
      if let familyReport {
        styleText = familyReport.styleSplit ? "outline + filled" : (familyReport.majorityStyle?.rawValue ?? "–")
      } else {
        styleText = "–"
      }
      return Family(name: name, report: familyReport, iconIndices: indices, roleText: roleText.isEmpty ? "–" : roleText,
                    styleText: styleText, displayName: report.displayName(ofFamily: name))
    }
  }

  static func roleName(_ raw: String) -> String {
    switch raw {
    case "tabBar": return "tab bar"
    case "toolbar": return "toolbar"
    case "navigationBar": return "navigation bar"
    case "quickAction": return "quick action"
    default: return "unknown role"
    }
  }

  /// The worst severity among an icon's findings.
  func worst(_ index: Int) -> Severity? { findings[index].map(\.severity).max() }

  /// The worst severity of the icon's findings from one of `rules`.
  func worst(_ index: Int, rules: Set<String>) -> Severity? {
    findings[index].filter { rules.contains($0.ruleId) }.map(\.severity).max()
  }

  /// The item's display name: the last component of its item id.
  func itemName(_ index: Int) -> String { PathText.lastComponent(report.icons[index].itemId) }

  /// The icon's display name: the last component of its id.
  func iconName(_ index: Int) -> String { PathText.lastComponent(report.icons[index].id) }
}

extension HTMLReportWriter: ReportFormat {
  public static let identifier = "html"

  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    [Array(write(report, toolVersion: context.toolVersion, configurationDescription: context.configurationDescription,
                 readBackFailures: context.lateFailures).utf8)]
  }

  /// The page's generator meta.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    sample.kind == .html && sample.head.contains("<meta name=\"generator\" content=\"iconaudit ")
  }
}
