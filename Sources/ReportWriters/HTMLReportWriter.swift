// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import IconSupport

/// The HTML report: one self-contained page for designers (Documentation/Architecture.md, Reports).
///
/// Inline CSS and SVG, every image a PNG data URI embedded once (a CSS class per icon that every
/// appearance of the icon refers to), no network; one script (filters, sorting, the overlays,
/// opening a family a link leads into): without it the page still shows everything but the
/// overlays, and the families open by hand. Light and dark themes follow `prefers-color-scheme`.
/// The page, in order:
/// 1. a header: icons, errors, warnings, notes, unreadable inputs; each family with its
///    consistency score; the findings by rule; the version;
/// 2. a bar of filters (name, family, rule, severity), the order of the cards, and the switch
///    "as drawn / as fixed" (CSS alone: it applies every previewable fix, ``FixTransform``);
/// 3. per family, a disclosure (open on a page of at most ``HTMLPage/largePageIcons`` icons): the
///    icons in a tab bar and a toolbar at 1× point size (an @2x file of 50 px is 25 CSS px),
///    tinted as iOS tints template images (the coverage is the alpha of a CSS mask over the tint
///    colour), on a light and a dark bar, and again as fixed where a fix changes an icon; then the
///    measurements (comparison size, stroke weight, detail density) of every icon on log axes
///    against the group's median and band, outliers in their severity's colour; then every icon
///    magnified on its canvas (cards laid out only near the screen, `content-visibility`) with
///    the geometry behind the numbers drawn over it by the script when the card comes into view
///    (extent, convex hull, canvas and optical centres, skeleton samples coloured by local stroke
///    weight against the family's; none on a filled glyph), the icon as drawn and as fixed, the
///    card's border in the colour of its worst finding;
/// 4. the findings grouped by rule, with the rule's name and rationale, each with its message
///    and fix; the inputs that could not be read;
/// 5. a footer with the configuration and the version.
///
/// A pure function of the report: no date, no absolute path, stable order (families and icons
/// in report order, rules in registry order), numbers with fixed decimals, so the same report
/// gives the same bytes. Every string from the inputs is escaped with ``HTMLEscaping``; input
/// text never enters CSS, a script or a URL (anchors and CSS classes use icon indices; the
/// script reads names from attributes, as text).
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
    out += controls(page)
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
  /// Each image is embedded once, here, and every glyph of the icon (bars, charts, cards, findings)
  /// refers to its class. An icon whose findings have a fix that is a transformation of the
  /// drawing (``FixTransform``) also gets `.fxN`: the transformation as a CSS transform about the
  /// glyph's bounding-box centre, in % of the canvas, applied where the icon is shown as fixed.
  static func glyphStyles(_ page: HTMLPage) -> String {
    var css = "<style>\n"
    for (index, png) in page.glyphPNGs.enumerated() {
      guard let png else { continue }
      css += ".gm\(index){--m:url(\"data:image/png;base64,\(png)\")}\n"
    }
    for (index, transform) in page.transforms.enumerated() {
      guard let transform, page.hasMask(index) else { continue }
      let icon = page.report.icons[index], e = icon.metrics.extentPt
      guard icon.widthPt > 0, icon.heightPt > 0 else { continue }
      let ox = (e.x + e.width / 2) / icon.widthPt * 100, oy = (e.y + e.height / 2) / icon.heightPt * 100
      let tx = transform.dxPt / icon.widthPt * 100, ty = transform.dyPt / icon.heightPt * 100
      css += ".fx\(index){--fx:translate(\(NumberText.trimmed(tx, 2))%,\(NumberText.trimmed(ty, 2))%) scale(\(NumberText.trimmed(transform.scale, 3)));"
      css += "transform-origin:\(NumberText.trimmed(ox, 2))% \(NumberText.trimmed(oy, 2))%}\n"
    }
    return css + "</style>\n"
  }

  /// How a glyph with a previewable fix is drawn.
  enum FixView {
    /// As the page's "as drawn / as fixed" switch says (class `fx`).
    case switched
    /// Always as fixed (the bars and tiles labelled "as fixed").
    case fixed
    /// Always as drawn (the bars and tiles labelled "as drawn").
    case drawn
  }

  /// An icon's glyph at `widthPx × heightPx` CSS px in the current text colour (or a dashed
  /// placeholder when its drawing was not kept or could not be read back); an icon with a
  /// previewable fix as `view` says.
  static func glyph(_ page: HTMLPage, _ index: Int, widthPx: Double?, heightPx: Double?, extraClass: String = "",
                    view: FixView = .switched) -> String {
    var classes = page.hasMask(index) ? "g gm\(index)" : "g missing"
    if page.hasMask(index), page.transforms[index] != nil, view != .drawn { classes += " fx fx\(index)" + (view == .fixed ? " fixed" : "") }
    if !extraClass.isEmpty { classes += " " + extraClass }
    // Without a size, the glyph fills its box (a card's stage, a thumbnail: their CSS sizes it).
    guard let widthPx, let heightPx else { return "<i class=\"\(classes)\"></i>" }
    return "<i class=\"\(classes)\" style=\"width:\(SVGChart.n(widthPx))px;height:\(SVGChart.n(heightPx))px\"></i>"
  }

  /// A small glyph fitted into a `box` px square, proportional to its canvas.
  /// (`thumb` boxes are 20 px, `thumb t28` 28 px; a square canvas fills the box.)
  static func thumbnail(_ page: HTMLPage, _ index: Int, box: Double) -> String {
    let icon = page.report.icons[index]
    let side = max(icon.widthPt, icon.heightPt, 1)
    let square = icon.widthPt == icon.heightPt
    return "<span class=\"thumb\(box == 28 ? " t28" : "")\">"
      + glyph(page, index, widthPx: square ? nil : icon.widthPt / side * box, heightPx: square ? nil : icon.heightPt / side * box) + "</span>"
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
        s += "<tr><td><a href=\"#family-\(position)\" data-family=\"\(position)\">\(HTMLEscaping.escape(family.displayName))</a></td>"
        s += "<td>\(HTMLEscaping.escape(family.roleText))</td><td class=\"num\">\(indices.count)</td>"
        s += "<td>\(HTMLEscaping.escape(family.styleText))</td><td>\(scoreMeter(family.report?.consistencyScore))</td>"
        s += "<td class=\"num\(errors > 0 ? " sev-error-text" : "")\">\(errors)</td><td class=\"num\(warnings > 0 ? " sev-warning-text" : "")\">\(warnings)</td></tr>\n"
      }
      s += "</tbody></table>\n"
    }
    s += rulesSummary(page)
    s += "</div>\n<nav class=\"toc\">"
    // A long list of families is the table above: the contents name the sections only.
    if page.families.count <= 12 {
      for (position, family) in page.families.enumerated() {
        s += "<a href=\"#family-\(position)\">\(HTMLEscaping.escape(family.displayName))</a>"
      }
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

  /// The findings by rule, in the order of the findings section: each rule's errors, warnings,
  /// notes and icons; a rule's name links to its findings (and, with the script, filters by it).
  static func rulesSummary(_ page: HTMLPage) -> String {
    let findings = page.report.findings
    guard !findings.isEmpty else { return "" }
    var s = "<table class=\"families rules-summary\"><thead><tr><th>Findings by rule</th><th class=\"num\">Errors</th>"
    s += "<th class=\"num\">Warnings</th><th class=\"num\">Notes</th><th class=\"num\">Icons</th></tr></thead><tbody>\n"
    for id in orderedRuleIds(findings) {
      let group = findings.filter { $0.ruleId == id }
      let name = RuleRegistry.rule(id)?.description.name ?? id
      func count(_ severity: Severity) -> String {
        let c = group.filter { $0.severity == severity }.count
        let cls = c > 0 && severity != .info ? " sev-\(severity.rawValue)-text" : ""
        return "<td class=\"num\(cls)\">\(c)</td>"
      }
      let icons = Set(group.map(\.iconId)).count
      s += "<tr><td><a href=\"#rule-\(HTMLEscaping.escape(id))\" data-rule=\"\(HTMLEscaping.escape(id))\">\(HTMLEscaping.escape(name))</a></td>"
      s += count(.error) + count(.warning) + count(.info) + "<td class=\"num\">\(icons)</td></tr>\n"
    }
    return s + "</tbody></table>\n"
  }

  /// The filters (name, family, rule, severity), the order of the cards and the "as drawn / as
  /// fixed" switch. The switch works without the script (CSS `:has`); the filters need it and
  /// are hidden until it runs.
  static func controls(_ page: HTMLPage) -> String {
    guard !page.families.isEmpty else { return "" }
    var s = "<div class=\"controls\"><div class=\"wrap\">"
    s += "<div class=\"filters\" hidden>"
    s += "<label>Name <input type=\"search\" id=\"f-name\" placeholder=\"filter icons\" autocomplete=\"off\"></label>"
    s += "<label>Family <select id=\"f-family\"><option value=\"\">all</option>"
    for (position, family) in page.families.enumerated() {
      s += "<option value=\"\(position)\">\(HTMLEscaping.escape(family.displayName))</option>"
    }
    s += "</select></label><label>Rule <select id=\"f-rule\"><option value=\"\">any</option>"
    for id in orderedRuleIds(page.report.findings) {
      s += "<option value=\"\(HTMLEscaping.escape(id))\">\(HTMLEscaping.escape(RuleRegistry.rule(id)?.description.name ?? id))</option>"
    }
    s += "</select></label><label>Severity <select id=\"f-sev\"><option value=\"\">any</option>"
    s += "<option value=\"error\">errors</option><option value=\"warning\">warnings and errors</option>"
    s += "<option value=\"info\">any finding</option><option value=\"ok\">no finding</option></select></label>"
    s += "<label>Sort <select id=\"f-sort\"><option value=\"\">as audited</option><option value=\"name\">name</option>"
    s += "<option value=\"sev\">worst finding</option><option value=\"size\">size ÷ median</option>"
    s += "<option value=\"stroke\">stroke ÷ median</option><option value=\"detail\">detail ÷ median</option></select></label>"
    s += "<span class=\"buttons\"><button type=\"button\" id=\"f-open\">Open all</button><button type=\"button\" id=\"f-close\">Close all</button></span>"
    s += "<span class=\"matches\" id=\"f-count\" aria-live=\"polite\"></span></div>"
    if page.transforms.contains(where: { $0 != nil }) {
      s += "<div class=\"view\" role=\"radiogroup\" aria-label=\"icons shown\">"
      s += "<label><input type=\"radio\" name=\"view\" id=\"view-drawn\" value=\"drawn\" checked> As drawn</label>"
      s += "<label><input type=\"radio\" name=\"view\" id=\"view-fixed\" value=\"fixed\"> As fixed</label>"
      s += "<span class=\"muted\">a preview of the fixes (scaled, moved), not a redraw</span></div>"
    }
    return s + "</div></div>\n"
  }

  /// Rule identifiers of `findings`: rules with errors first, then registry order (unknown rules
  /// last, by identifier).
  static func orderedRuleIds(_ findings: [Finding]) -> [String] {
    var ruleIds: [String] = []
    var seen = Set<String>()
    var worst: [String: Severity] = [:]
    for finding in findings {
      if seen.insert(finding.ruleId).inserted { ruleIds.append(finding.ruleId) }
      worst[finding.ruleId] = max(worst[finding.ruleId] ?? .info, finding.severity)
    }
    let registry = RuleRegistry.all.map { $0.description.identifier }
    func rank(_ id: String) -> Int { registry.firstIndex(of: id) ?? registry.count }
    return ruleIds.sorted { a, b in
      let (wa, wb) = (worst[a] ?? .info, worst[b] ?? .info)
      if wa != wb { return wa > wb }
      let (ra, rb) = (rank(a), rank(b))
      return ra != rb ? ra < rb : a < b
    }
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

  /// Sorting for the measurement tables; the filters, the order of the cards and the opening of a
  /// closed family when a link leads into it (optional: the page reads the same without it, the
  /// families open by hand).
  static let script = """
    (function(){\
    document.querySelectorAll("table.chart").forEach(function(t){t.querySelectorAll("th.sortable").forEach(function(th){\
    th.tabIndex=0;function sort(){var k=th.dataset.key,b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),\
    d=th.dataset.dir==="asc"?"desc":"asc";t.querySelectorAll("th.sortable").forEach(function(o){delete o.dataset.dir});th.dataset.dir=d;\
    function v(x){return k==="name"?x.dataset.name||(x.dataset.name=x.querySelector(".who a").textContent.toLowerCase()):x.dataset[k]}\
    rows.sort(function(x,y){var a=v(x),c=v(y),r=k==="name"?a.localeCompare(c):parseFloat(a)-parseFloat(c);return d==="asc"?r:-r});\
    rows.forEach(function(r){b.appendChild(r)})}th.addEventListener("click",sort);\
    th.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();sort()}})})});
    function reveal(id){var e=id&&document.getElementById(id);for(var d=e&&e.closest("details");d;d=d.parentElement.closest("details"))d.open=true}
    document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[href^='#']");if(a)reveal(decodeURIComponent(a.getAttribute("href").slice(1)))});
    window.addEventListener("hashchange",function(){reveal(decodeURIComponent(location.hash.slice(1)))});
    if(location.hash)reveal(decodeURIComponent(location.hash.slice(1)));
    function ov(st){var p=st.dataset.ov.split(";"),d=p[0].split(" "),w=+d[0],h=+d[1],u=Math.max(w,h)/100,\
    s='<svg class="ov" viewBox="0 0 '+p[0]+'" aria-hidden="true"><path class="guide" d="M'+w/2+' 0V'+h+'M0 '+h/2+'H'+w+'"/>';\
    if(p[1])s+='<polygon class="hull" points="'+p[1]+'"/>';\
    if(p[2]){var e=p[2].split(" ");s+='<rect class="extent" x="'+e[0]+'" y="'+e[1]+'" width="'+e[2]+'" height="'+e[3]+'"/>'}\
    var g="";for(var k=0;k<10;k++)if(p[4+k])g+='<path class="k'+k%5+(k<5?' faded':'')+'" d="M'+p[4+k].split(",").join("h0m")+'h0"/>';\
    if(g)s+='<g class="dots" stroke-width="'+Math.max(u*1.8,.7).toFixed(2)+'">'+g+'</g>';\
    var c=p[3].split(" ");s+='<path class="offset" d="M'+w/2+' '+h/2+'L'+c[0]+' '+c[1]+'"/><circle class="optical" cx="'+c[0]+'" cy="'+c[1]+'" r="'+Math.max(u*2,.8).toFixed(2)+'"/>';\
    st.insertAdjacentHTML("beforeend",s+"</svg>");st.removeAttribute("data-ov")}
    var stages=document.querySelectorAll(".stage[data-ov]");
    if("IntersectionObserver"in window){var io=new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){io.unobserve(e.target);ov(e.target)}})},{rootMargin:"600px 0px"});\
    stages.forEach(function(st){io.observe(st)})}else stages.forEach(ov);
    window.addEventListener("beforeprint",function(){document.querySelectorAll(".stage[data-ov]").forEach(ov)});
    var bar=document.querySelector(".filters");if(!bar)return;bar.hidden=false;
    function $(id){return document.getElementById(id)}
    var rank={ok:0,info:1,warning:2,error:3},cards=Array.prototype.slice.call(document.querySelectorAll("article.card")),
    families=Array.prototype.slice.call(document.querySelectorAll("details.family")),parts={};
    document.querySelectorAll("[data-i]").forEach(function(e){(parts[e.dataset.i]=parts[e.dataset.i]||[]).push(e)});
    cards.forEach(function(c,k){c.dataset.k=k;c.dataset.family=c.closest("details.family").dataset.family;c.dataset.i=c.id.slice(5);\
    c.dataset.name=c.dataset.icon.split("/").pop().toLowerCase();c.dataset.sev=(c.className.match(/sev-(\\w+)/)||[0,"ok"])[1];c.dataset.rules=c.dataset.rules||""});
    function severe(s,min){return min==="ok"?s==="ok":rank[s]>=rank[min]}
    function apply(){var name=$("f-name").value.trim().toLowerCase(),fam=$("f-family").value,rule=$("f-rule").value,sev=$("f-sev").value,
    active=!!(name||fam||rule||sev),shown=0,inFamily={};
    cards.forEach(function(c){var base=(!name||c.dataset.name.indexOf(name)>=0)&&(!fam||c.dataset.family===fam),\
    ok=base&&(!rule||(" "+c.dataset.rules+" ").indexOf(" "+rule+" ")>=0)&&(!sev||severe(c.dataset.sev,sev));\
    c.classList.toggle("filtered",!ok);if(ok){shown++;inFamily[c.dataset.family]=1}\
    (parts[c.dataset.i]||[]).forEach(function(e){var f=e.tagName==="LI"?base&&(!rule||e.dataset.rule===rule)&&(!sev||severe(e.dataset.sev,sev)):ok;\
    e.classList.toggle("filtered",!f)})});
    families.forEach(function(f){var has=!!inFamily[f.dataset.family];f.classList.toggle("filtered",active&&!has);if(active&&has)f.open=true});
    document.querySelectorAll("article.rule").forEach(function(r){r.classList.toggle("filtered",!r.querySelector("li.finding:not(.filtered)"))});
    $("f-count").textContent=active?shown+" of "+cards.length+" icons":""}
    function order(){var key=$("f-sort").value;document.querySelectorAll(".cards").forEach(function(box){\
    var list=Array.prototype.slice.call(box.children);list.sort(function(a,b){var r=0;\
    if(key==="name")r=a.dataset.name.localeCompare(b.dataset.name);else if(key==="sev")r=rank[b.dataset.sev]-rank[a.dataset.sev];\
    else if(key){var j={size:0,stroke:1,detail:2}[key];r=Math.abs(Math.log(b.dataset.r.split(" ")[j]))-Math.abs(Math.log(a.dataset.r.split(" ")[j]))}\
    return r||a.dataset.k-b.dataset.k});list.forEach(function(c){box.appendChild(c)})})}
    ["f-name","f-family","f-rule","f-sev"].forEach(function(id){$(id).addEventListener("input",apply)});$("f-sort").addEventListener("input",order);
    document.querySelectorAll("a[data-rule]").forEach(function(a){a.addEventListener("click",function(){$("f-rule").value=a.dataset.rule;apply()})});
    $("f-open").addEventListener("click",function(){families.forEach(function(f){if(!f.classList.contains("filtered"))f.open=true})});
    $("f-close").addEventListener("click",function(){families.forEach(function(f){f.open=false})});
    })();
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
  /// Each icon's previewable fix: the transformations of its findings' fixes, combined.
  let transforms: [FixTransform?]
  /// A page of many icons: its families start closed and its overlays carry fewer skeleton samples.
  let isLarge: Bool
  /// Whether the icon's glyph can be drawn.
  func hasMask(_ index: Int) -> Bool { glyphPNGs[index] != nil }

  /// Above this many icons a page is large (``isLarge``).
  static let largePageIcons = 200

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
    var transforms = findings.map { list in
      list.compactMap(\.transform).reduce(nil as FixTransform?) { ($0 ?? FixTransform()).then($1) }
    }
    // A selected state is drawn from its item's glyph: without a fix of its own, it takes its item's.
    var itemTransforms: [String: FixTransform] = [:]
    for (i, icon) in report.icons.enumerated() where icon.state != .selected {
      if let t = transforms[i], itemTransforms[icon.family + "\u{1F}" + icon.itemId] == nil { itemTransforms[icon.family + "\u{1F}" + icon.itemId] = t }
    }
    for (i, icon) in report.icons.enumerated() where icon.state == .selected && transforms[i] == nil {
      transforms[i] = itemTransforms[icon.family + "\u{1F}" + icon.itemId]
    }
    self.transforms = transforms
    let isLarge = report.icons.count > Self.largePageIcons
    self.isLarge = isLarge
    let maximumSamples = isLarge ? HTMLReportWriter.maximumSamplesLarge : HTMLReportWriter.maximumSamples
    // Each drawing is read (back from its file, for an audit that does not keep them) once, here,
    // for its glyph and its overlay: every read-back failure is known before the page is written.
    var firstReports: [String: FamilyReport] = [:]
    for family in report.families where firstReports[family.name] == nil { firstReports[family.name] = family }
    let familyReports = firstReports
    let drawn = report.icons.parallelMap { icon -> (figures: HTMLFigures, drawing: (glyph: String, overlay: String)?) in
      let figures = HTMLFigures(icon, family: familyReports[icon.family])
      guard icon.hasDrawing, let mask = icon.mask, mask.width > 0, mask.height > 0 else { return (figures, nil) }
      let medianPx = (figures.group?.strokeWeightPt.median ?? 0) * mask.scale
      // A filled glyph has no strokes: its skeleton is not drawn against the family's stroke.
      let skeleton = figures.style != .filled
      return (figures, (Data(PNGCodec.encodeCoverage(mask)).base64EncodedString(),
                        HTMLReportWriter.overlay(MetricsEngine.analyse(mask), strokeMedianPx: medianPx,
                                                 maximumSamples: skeleton ? maximumSamples : 0)))
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
