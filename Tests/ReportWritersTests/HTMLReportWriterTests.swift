// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconRaster
@testable import ReportWriters
import Testing

/// A small audited report for the HTML writer: a tab bar family of example glyphs (one drawn at
/// 80%, one with a hostile name, a selected pair), a second family with a hostile name, and an
/// unreadable file with a hostile name.
func htmlTestReport() -> AuditReport {
  var icons: [AuditIcon] = []
  func add(_ family: String, _ name: String, _ mask: AlphaMask, role: IconRole = .tabBar) {
    icons.append(AuditIcon(id: family + "/" + name, path: "\(family)/\(name)@2x.png", family: family, role: role,
                           scale: mask.scale, widthPx: mask.width, heightPx: mask.height,
                           metrics: MetricsEngine.measure(mask), mask: mask))
  }
  for i in 0..<6 { add("TabBar", "g\(i)", ExampleFamily.glyph(i)) }
  add("TabBar", "small", ExampleFamily.glyph(1, size: 0.8))
  add("TabBar", HTMLReportWriterTests.hostileName, ExampleFamily.glyph(7))
  add("TabBar", "g0-selected", ExampleFamily.glyph(0, stroke: 3))
  for i in 0..<4 { add(HTMLReportWriterTests.hostileFamily, "t\(i)", ExampleFamily.glyph(i + 2), role: .toolbar) }
  let paired = StatePairing.assign(icons, suffixes: AuditConfiguration().selectedSuffixes)
  var report = Auditor.audit(paired, label: "v1 <beta>")
  report.unreadable = [(path: "TabBar/<img src=x onerror=alert(1)>.png", reason: "truncated PNG & \"bad\"")]
  return report
}

@Suite struct HTMLReportWriterTests {
  static let hostileName = "<script>alert('x')</script> \"q\" & co"
  static let hostileFamily = "Tool\"bar' & <i>"
  static let report = htmlTestReport()
  static let html = HTMLReportWriter.write(report, toolVersion: "TEST", configurationDescription: "config <x> & \"y\"")

  // MARK: Escaping

  @Test func escapesTheFiveCharacters() {
    #expect(HTMLEscaping.escape("<script>alert(\"x\")</script>") == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    #expect(HTMLEscaping.escape("Tom & Jerry's") == "Tom &amp; Jerry&#39;s")
    #expect(HTMLEscaping.escape("&amp;") == "&amp;amp;")
  }

  @Test func leavesOrdinaryTextAlone() {
    for text in ["", "voicemail", "star.fill@2x.png", "Größe · 25 pt × 2", "📞 phone", "tab\tand\nlines\r"] {
      #expect(HTMLEscaping.escape(text) == text)
    }
  }

  @Test func replacesControlCharacters() {
    #expect(HTMLEscaping.escape("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}") == "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}")
  }

  @Test func hostileNamesAreEscapedEverywhere() {
    let html = Self.html
    // The only script element is the writer's own.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(!html.contains("<script>alert"))
    #expect(!html.contains("<img src=x"))
    #expect(!html.contains("<i>"))
    #expect(!html.contains("<beta>"))
    #expect(!html.contains("config <x>"))
    #expect(html.contains(HTMLEscaping.escape(Self.hostileName)))
    #expect(html.contains("Tool&quot;bar&#39; &amp; &lt;i&gt;"))
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;.png"))
    #expect(html.contains("truncated PNG &amp; &quot;bad&quot;"))
    #expect(html.contains("config &lt;x&gt; &amp; &quot;y&quot;"))
    // No attribute value is closed early by an input: every quote in the page is balanced
    // within its tag, so no tag contains an unescaped input quote.
    for tag in Self.tags(html) {
      #expect(tag.filter { $0 == "\"" }.count % 2 == 0, "unbalanced quotes in \(tag.prefix(120))")
    }
  }

  // MARK: Determinism and content

  @Test func sameReportSameBytes() {
    #expect(HTMLReportWriter.write(Self.report, toolVersion: "TEST", configurationDescription: "config <x> & \"y\"") == Self.html)
    let again = htmlTestReport()
    #expect(HTMLReportWriter.write(again, toolVersion: "TEST", configurationDescription: "config <x> & \"y\"") == Self.html)
  }

  @Test func everyIconAppearsWithItsCard() {
    for (index, icon) in Self.report.icons.enumerated() {
      #expect(Self.html.contains("id=\"icon-\(index)\" data-icon=\"\(HTMLEscaping.escape(icon.id))\""), "\(icon.id)")
      #expect(Self.html.contains(".gm\(index){--m:url(\"data:image/png;base64,"), "\(icon.id)")
    }
  }

  @Test func glyphImagesArePNGDataURIs() throws {
    let marker = "data:image/png;base64,"
    let parts = Self.html.components(separatedBy: marker).dropFirst()
    #expect(parts.count == Self.report.icons.count)
    for part in parts {
      let base64 = String(part.prefix { $0 != "\"" })
      let data = try #require(Data(base64Encoded: base64))
      #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
  }

  @Test func noNetworkReferences() {
    let html = Self.html
    for scheme in ["http://", "https://"] {
      var rest = html[...]
      while let range = rest.range(of: scheme) {
        #expect(rest[range.upperBound...].hasPrefix("www.w3.org/2000/svg"), "a network reference: \(rest[range.lowerBound...].prefix(60))")
        rest = rest[range.upperBound...]
      }
    }
    #expect(!html.contains("src=\"//"))
    #expect(!html.contains("@import"))
  }

  @Test func findingsAreGroupedByRuleWithRationale() {
    let html = Self.html
    #expect(!Self.report.findings.isEmpty)
    for finding in Self.report.findings {
      #expect(html.contains(HTMLEscaping.escape(finding.message)))
      if let fix = finding.fix { #expect(html.contains(HTMLEscaping.escape(fix))) }
      let rule = RuleRegistry.rule(finding.ruleId)!.description
      #expect(html.contains("id=\"rule-\(rule.identifier)\""))
      #expect(html.contains(HTMLEscaping.escape(rule.name)))
      // The guideline's sentence is shown; how the rule measures it is folded away, all of it there.
      let (guideline, reasoning) = HTMLReportWriter.guidelineSentence(rule.rationale)
      #expect(html.contains("<p class=\"rationale\">\(HTMLEscaping.escape(guideline))</p>"))
      #expect(reasoning.isEmpty || html.contains("<summary>How iconaudit measures it</summary><p class=\"rationale\">\(HTMLEscaping.escape(reasoning))</p></details>"))
      #expect(guideline + (reasoning.isEmpty ? "" : " " + reasoning) == rule.rationale)
    }
    // "M = …" in a message is explained once, above the rules; not at all when no message has one.
    #expect(html.contains("id=\"m-score\"") == Self.report.findings.contains { $0.message.contains("(M = ") })
    var scored = Self.report
    scored.findings[0].message += " (M = -6.4)"
    scored.findings[scored.findings.count - 1].message += " (M = 9.1)"
    let page = HTMLReportWriter.write(scored, toolVersion: "TEST", configurationDescription: "defaults")
    #expect(page.components(separatedBy: "id=\"m-score\"").count == 2)
    // One section per rule, however many findings it has.
    let rules = Set(Self.report.findings.map(\.ruleId))
    #expect(html.components(separatedBy: "<article class=\"rule ").count - 1 == rules.count)
    // The 80% glyph is flagged and its card is bordered as an error.
    let small = Self.report.icons.firstIndex { $0.id == "TabBar/small" }!
    #expect(Self.report.findings.contains { $0.iconId == "TabBar/small" && $0.ruleId == "perceived_size_outlier" })
    #expect(html.contains("<article class=\"card sev-error\" id=\"icon-\(small)\""))
  }

  /// Every rule's rationale opens with one sentence, the guideline (its source in the HIG in
  /// parentheses), which the page shows above the findings; the rest, how it is measured and
  /// calibrated, is folded away.
  @Test func rationalesOpenWithTheGuidelineInOneSentence() {
    for rule in RuleRegistry.all {
      let (guideline, reasoning) = HTMLReportWriter.guidelineSentence(rule.description.rationale)
      #expect(guideline.count <= 600 && guideline.hasSuffix("."), "\(rule.description.identifier): \(guideline)")
      #expect(guideline.count < rule.description.rationale.count / 2 || reasoning.isEmpty, "\(rule.description.identifier)")
    }
    #expect(HTMLReportWriter.guidelineSentence("Bars (e.g. a tab bar. Not this) share one size. How: measured.")
      == ("Bars (e.g. a tab bar. Not this) share one size.", "How: measured."))
    #expect(HTMLReportWriter.guidelineSentence("One sentence only.") == ("One sentence only.", ""))
  }

  @Test func summaryFamiliesAndFooter() {
    let html = Self.html
    #expect(html.contains("<b>\(Self.report.icons.count)</b><span>icons</span>"))
    #expect(html.contains("<b>\(Self.report.count(.error))</b>"))
    for (position, family) in Self.report.families.enumerated() {
      #expect(html.contains("id=\"family-\(position)\""))
      #expect(html.contains(NumberText.fixed(family.consistencyScore, 0)))
    }
    #expect(html.contains("iconaudit TEST"))
    #expect(html.contains("prefers-color-scheme:dark"))
    #expect(html.contains("class=\"tabbar\""))
    #expect(html.contains("class=\"toolbar\""))
    #expect(html.contains("<table class=\"chart\" id=\"chart-0\">"))
    // Each card's overlay, as data the page's script draws when the card comes into view.
    #expect(html.components(separatedBy: " data-ov=\"").count - 1 == Self.report.icons.count)
    #expect(html.contains("id=\"unreadable\""))
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.hasSuffix("</html>\n"))
  }

  @Test func elementsAreBalanced() {
    for element in ["section", "article", "div", "svg", "table", "tr", "td", "a", "span", "p", "ol", "ul", "li", "dl", "style", "script",
                    "details", "summary", "figure", "figcaption", "label", "select", "option", "button"] {
      let opened = Self.html.components(separatedBy: "<\(element)>").count - 1 + Self.html.components(separatedBy: "<\(element) ").count - 1
      let closed = Self.html.components(separatedBy: "</\(element)>").count - 1
      #expect(opened == closed, "<\(element)>: \(opened) opened, \(closed) closed")
    }
  }

  @Test func emptyReportAndIconWithoutMask() {
    let empty = HTMLReportWriter.write(AuditReport(icons: [], families: [], findings: []), toolVersion: "TEST")
    #expect(empty.contains("No icons were audited."))
    #expect(empty.contains("No findings"))
    let mask = ExampleFamily.glyph(0)
    let icon = AuditIcon(id: "lone", path: "lone.png", scale: 2, widthPx: mask.width, heightPx: mask.height,
                         metrics: MetricsEngine.measure(mask), mask: nil)
    let html = HTMLReportWriter.write(Auditor.audit([icon]), toolVersion: "TEST")
    #expect(html.contains("data-icon=\"lone\""))
    #expect(html.contains("g missing"))
    #expect(!html.contains("data:image/png"))
  }

  // MARK: Issue 20: scale, the fix in place, selected states

  /// A size finding's factor becomes a CSS transform of the same image: the card shows the glyph
  /// as drawn and as fixed, the family gets its bars as fixed, the page its "as fixed" switch.
  @Test func aSizeFixIsPreviewedFromTheSamePixels() throws {
    let report = Self.report
    let small = try #require(report.icons.firstIndex { $0.id == "TabBar/small" })
    let finding = try #require(report.findings.first { $0.iconId == "TabBar/small" && $0.ruleId == "perceived_size_outlier" })
    let transform = try #require(finding.transform)
    #expect(transform.scale > 1.1 && transform.dxPt == 0 && transform.dyPt == 0)
    let html = Self.html
    #expect(html.contains(".fx\(small){--fx:translate(0%,0%) scale(\(NumberText.trimmed(transform.scale, 3)));transform-origin:"))
    // The same image class, drawn twice in the card: once as drawn, once fixed.
    #expect(html.contains("class=\"g gm\(small) fx fx\(small) fixed\""))
    #expect(html.contains("a preview, not a redraw"))
    #expect(html.contains("<div class=\"tabbar as-fixed\">"))
    #expect(html.contains("id=\"view-fixed\""))
    // Each image is embedded once.
    #expect(html.components(separatedBy: ".gm\(small){--m:url(").count == 2)
  }

  /// The fix's transformation is not part of the JSON (Codable keeps the report's keys).
  @Test func theTransformStaysOutOfTheJSON() throws {
    let finding = Finding(ruleId: "perceived_size_outlier", severity: .error, path: "a.png", iconId: "a", message: "m",
                          fix: "draw it 1.2× larger", transform: FixTransform(scale: 1.2))
    let json = String(decoding: try JSONEncoder().encode(finding), as: UTF8.self)
    #expect(!json.contains("transform") && !json.contains("scale"))
    let decoded = try JSONDecoder().decode(Finding.self, from: Data(json.utf8))
    #expect(decoded.transform == nil && decoded.fix == finding.fix)
  }

  /// A filled selected state is shown filled: no skeleton coloured against the family's stroke,
  /// no stroke ratio.
  @Test func aFilledSelectedStateIsShownFilled() throws {
    var icons: [AuditIcon] = []
    func add(_ name: String, _ mask: AlphaMask) {
      icons.append(AuditIcon(id: "TabBar/" + name, path: "TabBar/\(name)@2x.png", family: "TabBar", role: .tabBar,
                             scale: mask.scale, widthPx: mask.width, heightPx: mask.height,
                             metrics: MetricsEngine.measure(mask), mask: mask))
    }
    for i in 0..<5 { add("g\(i)", ExampleFamily.glyph(i)) }
    var disk = ExampleDrawing()
    disk.disk(cx: 12, cy: 12, r: 9)
    add("g0-selected", disk.mask)
    let paired = StatePairing.assign(icons, suffixes: AuditConfiguration().selectedSuffixes)
    let report = Auditor.audit(paired)
    let index = try #require(report.icons.firstIndex { $0.id == "TabBar/g0-selected" })
    #expect(report.icons[index].metrics.style == .filled)
    let html = HTMLReportWriter.write(report, toolVersion: "TEST")
    let card = try #require(html.range(of: "id=\"icon-\(index)\"").map { html[$0.lowerBound...] })
    let body = card[..<(card.range(of: "</article>")?.lowerBound ?? card.endIndex)]
    #expect(!body.contains("class=\"dots\""))
    #expect(body.contains("<dt>Stroke</dt><dd>filled</dd>"))
    // Its unselected twins keep their skeletons.
    #expect(html.contains("class=\"dots\""))
  }

  /// Filters and sorting read data attributes of numbers and escaped names; families are
  /// disclosures, open on a small page.
  @Test func filtersAndFamiliesOnTheSmallPage() {
    let html = Self.html
    #expect(html.contains("<details class=\"family panel\" id=\"family-0\" data-family=\"0\" open>"))
    #expect(html.contains("id=\"f-name\"") && html.contains("id=\"f-rule\"") && html.contains("id=\"f-sev\"") && html.contains("id=\"f-sort\""))
    #expect(html.contains("<option value=\"perceived_size_outlier\">"))
    #expect(html.contains("data-icon=\"TabBar/\(HTMLEscaping.escape(Self.hostileName))\""))
    #expect(html.components(separatedBy: " data-r=\"").count - 1 == Self.report.icons.count)
    #expect(html.contains("Findings by rule"))
  }

  @Test func logScaleAndTicks() {
    let scale = SVGChart.LogScale(covering: [10, 20], x0: 0, x1: 100, padding: 0)
    #expect(abs(scale.x(10) - 0) < 1e-9)
    #expect(abs(scale.x(20) - 100) < 1e-9)
    #expect(abs(scale.x(200.0.squareRoot()) - 50) < 1e-9)
    #expect(scale.ticks() == [10, 12.5, 15, 17.5, 20])
    let narrow = SVGChart.LogScale(covering: [5, 5], x0: 0, x1: 100)
    #expect(narrow.lo < 5 && narrow.hi > 5)
  }

  /// The start tags of a page (text between `<` and `>` outside style and script elements).
  static func tags(_ html: String) -> [Substring] {
    var tags: [Substring] = []
    var rest = html[...]
    while let open = rest.firstIndex(of: "<") {
      let after = rest[open...]
      if after.hasPrefix("<style>") || after.hasPrefix("<script>") {
        let end = after.hasPrefix("<style>") ? "</style>" : "</script>"
        guard let close = after.range(of: end) else { break }
        rest = after[close.upperBound...]
        continue
      }
      guard let close = after.firstIndex(of: ">") else { break }
      tags.append(after[...close])
      rest = after[after.index(after: close)...]
    }
    return tags
  }
}

@Suite struct JSONNumberTests {
  /// Values past Int64 once crashed the number formatter (an overflow in its fixed-point path).
  @Test func hugeValuesPrintTheirIntegerDigits() {
    #expect(JSONValue.format(1e19, decimals: 4) == "10000000000000000000")
    #expect(JSONValue.format(-1e19, decimals: 4) == "-10000000000000000000")
    #expect(JSONValue.format(0x1p64, decimals: 0) == "18446744073709551616")
    #expect(JSONValue.format(1e22, decimals: 2) == "10000000000000000000000")
    let max = JSONValue.format(Double.greatestFiniteMagnitude, decimals: 4)
    #expect(max.count == 309 && max.hasPrefix("17976931348623157") && !max.contains("e"))
    var bytes: [UInt8] = []
    JSONValue.format(3e20, decimals: 4, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "300000000000000000000")
    // Ordinary values keep their form.
    #expect(JSONValue.format(1234.56789, decimals: 4) == "1234.5679")
    #expect(JSONValue.format(1e15, decimals: 4) == "1000000000000000")
    // Past Int64 at the asked decimals but with a fraction left, and zero.
    #expect(JSONValue.format(4500000000000000.5, decimals: 4) == "4500000000000000.5")
    #expect(JSONValue.format(-4500000000000000.5, decimals: 4) == "-4500000000000000.5")
    #expect(JSONValue.format(1e-5, decimals: 25) == "0.00001")
    #expect(JSONValue.integerDigits(0) == "0")
  }
}

@Suite struct NumberTextTests {
  /// `%.Nf`'s rounding (exact binary value, ties to even), never `-0`, `–` when not finite; the
  /// JSON writer's half-away-from-zero rounding of the scaled value differs where the product is a tie.
  @Test func roundsAsPrintfWithoutNegativeZero() {
    #expect(NumberText.fixed(1.2, 2) == "1.20" && NumberText.trimmed(1.2, 2) == "1.2")
    #expect(NumberText.fixed(-0.001, 2) == "0.00" && NumberText.trimmed(-0.001, 2) == "0")
    #expect(NumberText.fixed(-0.5, 0) == "0" && NumberText.fixed(2.5, 0) == "2" && NumberText.fixed(-1.25, 1) == "-1.2")
    #expect(NumberText.trimmed(3, 2) == "3" && NumberText.trimmed(-1.50, 2) == "-1.5")
    #expect(NumberText.fixed(.nan, 2) == "–" && NumberText.trimmed(.infinity, 1) == "–")
    #expect(NumberText.fixed(0.125, 2) == "0.12" && JSONValue.format(0.125, decimals: 2) == "0.13")
    #expect(NumberText.plural(1, "icon") == "1 icon" && NumberText.plural(0, "icon") == "0 icons")
  }
}
