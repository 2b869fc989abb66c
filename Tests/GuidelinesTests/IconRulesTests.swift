// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
@testable import Guidelines
import IconMetrics
import IconRaster
import Testing

/// Audits drawn icons as one family with only `rule` enabled (at `thresholds` and `severity` when
/// given), through the path rule examples take (``RuleExample/run(_:)``).
func auditWith<R: Rule>(_ rule: R.Type, _ icons: [RuleExample.Icon], references: [ReferenceIcon] = [],
                        thresholds: [R.Threshold: Double] = [:], severity: Severity? = nil) -> [Finding] {
  var configuration = AuditConfiguration()
  configuration.rules[R.identifier] = .init(severity: severity)
  for (threshold, value) in thresholds { configuration.setThreshold(threshold, of: R.self, to: value) }
  return RuleExample("", icons: icons, target: "", triggers: false, references: references, configuration: configuration)
    .run(rule)
}

func drawing(widthPt: Double = 24, heightPt: Double = 24, scale: Double = 2, _ body: (inout ExampleDrawing) -> Void) -> AlphaMask {
  var d = ExampleDrawing(widthPt: widthPt, heightPt: heightPt, scale: scale)
  body(&d)
  return d.mask
}

@Suite("Icon rules")
struct IconRulesTests {
  static let iconRules: [any Rule.Type] = [
    OffCenterRule.self, StrokeWeightGuidanceRule.self, TooMuchDetailRule.self, TemplateNotMonochromeRule.self,
    TemplateOpaqueBackgroundRule.self, MissingAntialiasingRule.self, DropShadowRule.self, CanvasSizeRule.self,
    ShapeSizeRule.self, TextInIconRule.self, DuplicateIconRule.self, ResemblesSystemIconRule.self,
  ]

  @Test("the icon rules are registered under their public identifiers")
  func identifiers() {
    #expect(Self.iconRules.map { $0.description.identifier } == [
      "off_center", "stroke_weight_guidance", "too_much_detail", "template_not_monochrome",
      "template_opaque_background", "missing_antialiasing", "drop_shadow", "canvas_size", "shape_size",
      "text_in_icon", "duplicate_icon", "resembles_system_icon",
    ])
    for rule in Self.iconRules { #expect(RuleRegistry.rule(rule.description.identifier) != nil) }
    #expect(ResemblesSystemIconRule.description.needsReference)
  }

  /// Every example icon of every rule, as its own role, a tab bar and a toolbar icon, and of
  /// unknown role: measured once, audited by each icon rule.
  static let everyExample: (icons: [AuditIcon], references: [ReferenceIcon]) = {
    var icons: [AuditIcon] = []
    var references: [ReferenceIcon] = []
    for rule in iconRules {
      for (e, example) in rule.description.examples.enumerated() {
        for icon in example.icons {
          let mask = icon.image.alphaMask
          let metrics = MetricsEngine.measure(mask, colors: icon.image)
          for role in Set([icon.role, .tabBar, .toolbar, .unknown]).sorted(by: { $0.rawValue < $1.rawValue }) {
            let id = "\(rule.description.identifier)-\(e)-\(icon.id)-\(role.rawValue)"
            icons.append(AuditIcon(id: id, path: id + ".png", role: role, scale: icon.image.scale,
                                   widthPx: icon.image.width, heightPx: icon.image.height, metrics: metrics, mask: mask))
          }
        }
        references += example.references
      }
    }
    return (icons, references)
  }()

  /// Exercises the code paths on every example (an undeclared threshold would stop the run), and
  /// checks that every finding says what was measured and what was expected.
  @Test("every finding states the measured value and the expected range", arguments: IconRulesTests.iconRules.indices)
  func findingsAreComplete(_ index: Int) {
    let rule = Self.iconRules[index]
    let (icons, references) = Self.everyExample
    // As one family (the rules that compare icons) and each icon on its own (the rules that
    // judge an icon only when it has no family to be compared with, as shape_size).
    var findings = Auditor.check(rule, family: FamilyAnalyzerShim.family(icons), icons: icons, references: references,
                                 configuration: AuditConfiguration())
    for icon in icons {
      findings += Auditor.check(rule, family: FamilyAnalyzerShim.family([icon]), icons: [icon], references: references,
                                configuration: AuditConfiguration())
    }
    #expect(!findings.isEmpty)
    for finding in findings {
      #expect(finding.ruleId == rule.description.identifier)
      #expect(finding.severity <= rule.description.defaultSeverity)
      #expect(finding.measured != nil, "\(finding.message)")
      #expect(finding.expected.map { !$0.isEmpty } == true, "\(finding.message)")
      #expect(finding.message.contains { $0.isNumber }, "\(finding.message)")
      #expect(finding.fix.map { !$0.isEmpty } == true, "\(finding.message)")
    }
  }

  // MARK: off_center

  @Test("off_center: a glyph moved 4 pt right, left, up or down fires; the fix moves it back")
  func offCenterDirections() {
    for (dx, dy, word) in [(4.0, 0.0, "left"), (-4, 0, "right"), (0, 4, "up"), (0, -4, "down")] {
      let mask = drawing { $0.ring(cx: 12 + dx, cy: 12 + dy, r: 6, width: 2) }
      let findings = auditWith(OffCenterRule.self, [.init(id: "ring", mask: mask)])
      #expect(findings.count == 1)
      #expect(findings.first?.fix?.contains("4 pt \(word)") == true, "\(findings.first?.fix ?? "")")
      #expect(findings.first?.severity == .warning)
    }
  }

  @Test("off_center: a 1 pt offset of a large glyph, or a small offset fraction, is left alone")
  func offCenterSmall() {
    let slight = drawing { $0.ring(cx: 13, cy: 12, r: 9, width: 2) }
    #expect(auditWith(OffCenterRule.self, [.init(id: "slight", mask: slight)]).isEmpty)
    // Large glyph moved 2 pt: beyond 1.5 pt but under 15% of its ~20 pt size.
    let large = drawing(widthPt: 28, heightPt: 28) { $0.ring(cx: 16, cy: 14, r: 10, width: 2) }
    #expect(auditWith(OffCenterRule.self, [.init(id: "large", mask: large)]).isEmpty)
    #expect(!auditWith(OffCenterRule.self, [.init(id: "large", mask: large)], thresholds: [.offsetFraction: 0.05]).isEmpty)
  }

  // MARK: stroke_weight_guidance

  @Test("stroke_weight_guidance: 0.75–2 pt pass, 2.5 pt and 0.5 pt fire, at @2x and @3x", arguments: [2.0, 3])
  func strokeRange(scale: Double) {
    for (stroke, fires) in [(0.5, true), (1.0, false), (1.5, false), (2.0, false), (2.5, true), (3.0, true)] {
      let mask = ExampleFamily.glyph(3, scale: scale, stroke: stroke)
      let findings = auditWith(StrokeWeightGuidanceRule.self, [.init(id: "g", mask: mask)])
      #expect(findings.isEmpty != fires, "stroke \(stroke) at @\(scale)x: \(findings.map(\.message))")
    }
  }

  @Test("stroke_weight_guidance: the fix names the family's stroke when it is within the range, else the range")
  func strokeFixTarget() {
    // Seven 2 pt outlines and one 3 pt: one target, the family's 2 pt (as stroke_weight_outlier says).
    var icons = (0..<7).map { RuleExample.Icon(id: "g\($0)", mask: ExampleFamily.glyph($0, scale: 3, stroke: 2)) }
    icons.append(.init(id: "heavy", mask: ExampleFamily.glyph(7, scale: 3, stroke: 3)))
    let findings = auditWith(StrokeWeightGuidanceRule.self, icons)
    #expect(findings.map(\.iconId) == ["heavy"])
    #expect(findings.first?.fix == "draw the strokes at 2 pt (6 px at @3x), like the rest of the family: within the guideline's 0.75–2 pt",
            "\(findings.map(\.fix))")
    // A family drawn at 3 pt throughout made one choice: one note on the family (its first icon),
    // whose fix names the guideline's range, not a warning on each of its six icons.
    let heavy = (0..<6).map { RuleExample.Icon(id: "h\($0)", mask: ExampleFamily.glyph($0, scale: 2, stroke: 3)) }
    let all = auditWith(StrokeWeightGuidanceRule.self, heavy)
    #expect(all.map(\.iconId) == ["h0"] && all.allSatisfy { $0.severity == .info }, "\(all.map(\.message))")
    #expect(all.first?.fix?.hasSuffix("draw all its strokes between 0.75 and 2 pt") == true, "\(all.map(\.fix))")
  }

  @Test("perceived_size_outlier: a fix that would outgrow the canvas says how much room it needs, and what the role allows")
  func sizeFixChecksTheCanvas() {
    var icons = ExampleFamily.icons(role: .tabBar)
    // A wide, flat glyph across the canvas, as wide as the family's ring (held to the family's
    // span), looks small: drawn larger it no longer fits.
    var flat = ExampleDrawing()
    flat.rectOutline(x: 2, y: 8, width: 20, height: 8, stroke: 2)
    icons.append(.init(id: "flat", mask: flat.mask, role: .tabBar))
    icons.append(.init(id: "slight", mask: ExampleFamily.glyph(2, size: 0.8), role: .tabBar))
    let findings = auditWith(PerceivedSizeOutlierRule.self, icons)
    let wideFinding = findings.first { $0.iconId == "flat" }
    let slight = findings.first { $0.iconId == "slight" }
    #expect(wideFinding?.fix?.contains("more than its 24×24 pt canvas: widen the canvas") == true, "\(String(describing: wideFinding?.fix))")
    #expect(slight != nil && slight?.fix?.contains("canvas") == false, "1.25× still fits: \(String(describing: slight?.fix))")
    // The note itself, on a wide glyph of a tab bar canvas: widen it within 48×32 pt, or, past that, draw it more compact.
    let wide = { (factor: Double) -> String? in
      var d = ExampleDrawing()
      d.rectOutline(x: 1, y: 9, width: 22, height: 6, stroke: 2)
      let mask = d.mask
      let icon = AuditIcon(id: "wide", path: "wide.png", family: "f", role: .tabBar, scale: mask.scale,
                           widthPx: mask.width, heightPx: mask.height, metrics: MetricsEngine.measure(mask), mask: mask)
      return canvasRoom(icon, factor: factor)
    }
    #expect(wide(1.0) == nil && wide(0.8) == nil)
    #expect(wide(1.3)?.contains("it is 31.2×10.4 pt, more than its 24×24 pt canvas: widen the canvas to 32×24 pt (a tab bar icon may have up to 48×32 pt)") == true, "\(String(describing: wide(1.3)))")
    #expect(wide(2.5)?.contains("make it read larger without growing") == true, "\(String(describing: wide(2.5)))")
  }

  @Test("an icon on an opaque background gets the background finding alone, not the size, style and colour it implies")
  func opaqueBackgroundIsTheOneFix() {
    var examples = ExampleFamily.icons()
    examples.append(.init(id: "boxed", image: HygieneExamples.onWhite(HygieneExamples.ring)))
    let icons = examples.map { icon -> AuditIcon in
      let mask = icon.image.alphaMask
      return AuditIcon(id: icon.id, path: icon.id + ".png", family: "f", role: icon.role, scale: icon.image.scale,
                       widthPx: icon.image.width, heightPx: icon.image.height,
                       metrics: MetricsEngine.measure(mask, colors: icon.image), mask: mask)
    }
    // Without the filter the background square reads as a large, filled, two-coloured glyph.
    let raw = RuleRegistry.all.flatMap { rule -> [Finding] in
      let family = FamilyAnalyzer.analyse(name: "f", members: icons.map { FamilyMember(id: $0.id, metrics: $0.metrics) })
      return Auditor.check(rule, family: family, icons: icons, references: [], configuration: AuditConfiguration())
    }
    #expect(Set(raw.filter { $0.iconId == "boxed" }.map(\.ruleId)).count > 2, "\(raw.filter { $0.iconId == "boxed" }.map(\.ruleId))")
    let report = Auditor.audit(icons)
    let boxed = report.findings.filter { $0.iconId == "boxed" }.map(\.ruleId)
    #expect(boxed.contains("template_opaque_background"))
    #expect(Set(boxed).isSubset(of: Auditor.rulesBesideAnOpaqueBackground), "\(boxed)")
    // The other icons keep their findings (none here: the example family is clean).
    #expect(report.findings.allSatisfy { $0.iconId == "boxed" }, "\(report.findings.map { ($0.iconId, $0.ruleId) })")
  }

  @Test("icons on an opaque background are left out of the family's statistics: the others are not judged by them")
  func opaqueIconsLeaveTheStatistics() {
    // Two clean outlines and three boxed ones: the boxed squares must not make the family "filled"
    // and the clean icons "too small".
    var examples = Array(ExampleFamily.icons().prefix(2))
    for k in 0..<3 { examples.append(.init(id: "boxed\(k)", image: HygieneExamples.onWhite(HygieneExamples.ring))) }
    let icons = examples.map { icon -> AuditIcon in
      let mask = icon.image.alphaMask
      return AuditIcon(id: icon.id, path: icon.id + ".png", family: "f", role: icon.role, scale: icon.image.scale,
                       widthPx: icon.image.width, heightPx: icon.image.height,
                       metrics: MetricsEngine.measure(mask, colors: icon.image), mask: mask)
    }
    let report = Auditor.audit(icons)
    let clean = report.findings.filter { !$0.iconId.hasPrefix("boxed") }
    #expect(clean.isEmpty, "\(clean.map { ($0.iconId, $0.ruleId, $0.message) })")
    #expect(report.families.first?.icons.map(\.id).sorted() == examples.prefix(2).map(\.id).sorted())
    #expect(report.findings.filter { $0.ruleId == "template_opaque_background" }.count == 3)
  }

  // MARK: too_much_detail

  @Test("too_much_detail: the limit scales with the glyph's size and stroke")
  func detailLimit() {
    let plain = ExampleFamily.glyph(5)
    let m = MetricsEngine.measure(plain)
    let k = m.detailDensity * max(m.strokeWeightPt, 1) / m.perceivedSizePt
    let icon = RuleExample.Icon(id: "plain", mask: plain)
    #expect(auditWith(TooMuchDetailRule.self, [icon], thresholds: [.maximumDetailPerSize: k * 1.02]).isEmpty)
    let findings = auditWith(TooMuchDetailRule.self, [icon], thresholds: [.maximumDetailPerSize: k * 0.98])
    #expect(findings.count == 1)
    #expect(abs((findings.first?.measured ?? 0) - m.detailDensity) < 1e-9)
  }

  // MARK: hygiene

  @Test("template_not_monochrome: only when colours are known")
  func monochromeNeedsColours() {
    let ring = HygieneExamples.ring
    let icon = AuditIcon(id: "two", path: "two.png", scale: 2, widthPx: ring.width, heightPx: ring.height,
                         metrics: MetricsEngine.measure(ring, colors: nil), mask: ring)
    #expect(icon.metrics.colorSpread == nil)
    let context = RuleContext<TemplateNotMonochromeRule>(family: FamilyAnalyzerShim.family([icon]), icons: [icon])
    #expect(TemplateNotMonochromeRule().check(context).isEmpty)
    let two = auditWith(TemplateNotMonochromeRule.self, [.init(id: "two", image: HygieneExamples.twoColours(ring))])
    #expect(two.first?.severity == .error)
    #expect((two.first?.measured ?? 0) > 100)
  }

  @Test("missing_antialiasing: without a mask the partial-pixel ratio decides alone; tiny glyphs are skipped")
  func antialiasingWithoutMask() {
    let hard = HygieneExamples.thresholded(HygieneExamples.ring)
    let icon = AuditIcon(id: "hard", path: "hard.png", scale: 2, widthPx: hard.width, heightPx: hard.height,
                         metrics: MetricsEngine.measure(hard), mask: nil)
    let context = RuleContext<MissingAntialiasingRule>(family: FamilyAnalyzerShim.family([icon]), icons: [icon])
    #expect(MissingAntialiasingRule().check(context).count == 1)
    let dot = HygieneExamples.thresholded(drawing { $0.disk(cx: 12, cy: 12, r: 1.5) })
    #expect(auditWith(MissingAntialiasingRule.self, [.init(id: "dot", mask: dot)]).isEmpty)
  }

  @Test("drop_shadow: the message names the shadow's direction; a shadow below the threshold passes")
  func shadowDirection() {
    let mask = HygieneExamples.shadowed(HygieneExamples.ring, dx: 2, dy: 0, sigma: 1.5, opacity: 0.4)
    let findings = auditWith(DropShadowRule.self, [.init(id: "s", mask: mask)])
    #expect(findings.first?.message.contains("right") == true, "\(findings.first?.message ?? "")")
    #expect(auditWith(DropShadowRule.self, [.init(id: "s", mask: mask)], thresholds: [.shadowFraction: 0.5, .glowFraction: 0.5]).isEmpty)
  }

  @Test("template rules: an error in a bar, on a loose file or in a set that says template; a warning on a catalog image only its look makes a template")
  func templateByLookAlone() {
    let shadow = HygieneExamples.shadowed(HygieneExamples.ring, dx: 2, dy: 0, sigma: 1.5, opacity: 0.4)
    let boxed = HygieneExamples.onWhite(HygieneExamples.ring)
    func severities(role: IconRole, catalog: CatalogInfo?) -> [Severity] {
      auditWith(DropShadowRule.self, [.init(id: "s", mask: shadow, role: role, catalog: catalog)]).map(\.severity)
        + auditWith(TemplateOpaqueBackgroundRule.self, [.init(id: "b", image: boxed, role: role, catalog: catalog)]).map(\.severity)
    }
    #expect(severities(role: .unknown, catalog: nil) == [.error, .error])
    #expect(severities(role: .tabBar, catalog: exampleImageSet("s", intent: nil)) == [.error, .error])
    #expect(severities(role: .unknown, catalog: exampleImageSet("s", intent: "template")) == [.error, .error])
    #expect(severities(role: .unknown, catalog: exampleImageSet("s", intent: nil)) == [.warning, .warning])
    let guessed = auditWith(DropShadowRule.self, [.init(id: "s", mask: shadow, catalog: exampleImageSet("s", intent: nil))])
    #expect(guessed.first?.message.contains("if it is used as a template") == true, "\(guessed.first?.message ?? "")")
    // A configured severity below the warning caps it.
    let capped = auditWith(DropShadowRule.self, [.init(id: "s", mask: shadow, catalog: exampleImageSet("s", intent: nil))],
                           severity: .info)
    #expect(capped.map(\.severity) == [.info])
  }

  @Test("template_not_monochrome: colours that draw an edge inside the glyph are an error, a shading a warning")
  func colourEdgeGrades() {
    let two = auditWith(TemplateNotMonochromeRule.self, [.init(id: "two", image: HygieneExamples.twoColours(HygieneExamples.ring))])
    let shaded = auditWith(TemplateNotMonochromeRule.self, [.init(id: "shaded", image: HygieneExamples.shaded(HygieneExamples.ring))])
    #expect(two.map(\.severity) == [.error])
    #expect(shaded.map(\.severity) == [.warning])
    #expect(shaded.first?.message.contains("no colour edge inside the glyph") == true, "\(shaded.first?.message ?? "")")
    // The step limit is a threshold: at 0 every colour finding is an error again.
    let strict = auditWith(TemplateNotMonochromeRule.self, [.init(id: "shaded", image: HygieneExamples.shaded(HygieneExamples.ring))],
                           thresholds: [.minimumEdgeStep: 0])
    #expect(strict.map(\.severity) == [.error])
  }

  @Test("template_not_monochrome: a second colour only in a rim along the edge is a warning; a part inside an error")
  func colourRimGrades() {
    let rimmed = auditWith(TemplateNotMonochromeRule.self, [.init(id: "rimmed", image: HygieneExamples.whiteDisk(blackWithin: 0.5))])
    let dotted = auditWith(TemplateNotMonochromeRule.self, [.init(id: "dotted", image: HygieneExamples.whiteDisk(blackWithin: 0.5, dot: 2))])
    #expect(rimmed.map(\.severity) == [.warning])
    #expect(rimmed.first?.message.contains("only outlines the glyph") == true, "\(rimmed.first?.message ?? "")")
    #expect(dotted.map(\.severity) == [.error])
    // A rim 2 pt wide is more than an outline: the black lies beyond 1.5 pt too.
    #expect(auditWith(TemplateNotMonochromeRule.self, [.init(id: "wide", image: HygieneExamples.whiteDisk(blackWithin: 2))])
      .map(\.severity) == [.error])
  }

  @Test("not_template_rendering: an original set whose colours draw parts is a warning; one that is one colour an error")
  func originalColourArt() {
    func set(_ name: String) -> CatalogInfo {
      CatalogInfo(templateRenderingIntent: "original", preservesVectorRepresentation: false,
                  contentsPath: "\(name).imageset/Contents.json", kind: "imageset")
    }
    let art = auditWith(NotTemplateRenderingRule.self, [.init(id: "on", image: HygieneExamples.whiteDisk(blackWithin: 0.5, dot: 2),
                                                              role: .navigationBar, catalog: set("on"))])
    #expect(art.map(\.severity) == [.warning])
    let rimmed = auditWith(NotTemplateRenderingRule.self, [.init(id: "r", image: HygieneExamples.whiteDisk(blackWithin: 0.5),
                                                                 role: .navigationBar, catalog: set("r"))])
    #expect(rimmed.map(\.severity) == [.error])
    let glyph = auditWith(NotTemplateRenderingRule.self, [.init(id: "g", mask: HygieneExamples.ring, role: .navigationBar, catalog: set("g"))])
    #expect(glyph.map(\.severity) == [.error])
  }

  @Test("template_opaque_background: the share threshold")
  func opaqueShare() {
    let boxed = RuleExample.Icon(id: "boxed", image: HygieneExamples.onWhite(HygieneExamples.ring))
    #expect(auditWith(TemplateOpaqueBackgroundRule.self, [boxed]).count == 1)
    #expect(auditWith(TemplateOpaqueBackgroundRule.self, [boxed], thresholds: [.maximumShare: 1.01]).isEmpty)
  }

  @Test("HygieneExamples.staircaseCorners: none for a rectangle, a hash or a cross, most corners of a thresholded ring or diagonal")
  func corners() {
    let square = AlphaMask(width: 10, height: 10) { x, y in (2..<8).contains(x) && (3..<9).contains(y) ? 1 : 0 }
    #expect(HygieneExamples.staircaseCorners(square) == 0)
    #expect(HygieneExamples.staircaseCorners(AlphaMask(width: 5, height: 5)) == 0)
    #expect(HygieneExamples.staircaseCorners(AlphaMask(width: 1, height: 1) { _, _ in 1 }) == 0)
    #expect(HygieneExamples.staircaseCorners(HygieneExamples.hash) == 0)
    // A notch drawn with a partial pixel is antialiased; the same notch thresholded is a hard step.
    #expect(HygieneExamples.staircaseCorners(HygieneExamples.notchedBars) == 0)
    #expect(HygieneExamples.staircaseCorners(HygieneExamples.thresholded(HygieneExamples.notchedBars)) == 18)
    let cross = AlphaMask(width: 12, height: 12) { x, y in (5..<7).contains(x) || (5..<7).contains(y) ? 1 : 0 }
    #expect(HygieneExamples.staircaseCorners(cross) == 0)
    // A diagonal bar 2 px thick: both long sides are stair steps.
    let diagonal = AlphaMask(width: 16, height: 16) { x, y in abs(x - y) <= 1 ? 1 : 0 }
    #expect(HygieneExamples.staircaseCorners(diagonal) >= 40)
    #expect(HygieneExamples.staircaseCorners(HygieneExamples.thresholded(HygieneExamples.ring)) > 60)
    // The 10 px `#` of 1 px bars (Rocket.Chat's @1x file).
    let small = AlphaMask(width: 10, height: 10) { x, y in x == 2 || x == 7 || y == 2 || y == 7 ? 1 : 0 }
    #expect(HygieneExamples.staircaseCorners(small) == 0)
    // A rounded cap thresholded: its one-pixel steps count.
    #expect(HygieneExamples.stepCorners(turns: [1, -1, 1, 1], lengths: [3, 1, 3, 1]) == 2)
    #expect(HygieneExamples.stepCorners(turns: [1, 1, 1, 1], lengths: [1, 1, 1, 1]) == 0)
  }

  // MARK: canvas_size

  @Test("canvas_size: graded by role, capped by the configured severity")
  func canvasGrades() {
    let big = drawing(widthPt: 50, heightPt: 40) { $0.ring(cx: 25, cy: 20, r: 15, width: 2) }
    #expect(auditWith(CanvasSizeRule.self, [.init(id: "t", mask: big, role: .tabBar)]).map(\.severity) == [.error])
    #expect(auditWith(CanvasSizeRule.self, [.init(id: "t", mask: big, role: .toolbar)]).map(\.severity) == [.warning])
    #expect(auditWith(CanvasSizeRule.self, [.init(id: "t", mask: big, role: .tabBar)], severity: .warning).map(\.severity) == [.warning])
    #expect(auditWith(CanvasSizeRule.self, [.init(id: "t", mask: big, role: .unknown)]).isEmpty)
  }

  @Test("canvas_size: nominal sizes at @1x, @2x, @3x pass; too small and fractional points fire")
  func canvasSizes() {
    for scale in [1.0, 2, 3] {
      for (role, side) in [(IconRole.tabBar, 25.0), (.toolbar, 22), (.navigationBar, 22), (.quickAction, 35)] {
        let mask = drawing(widthPt: side, heightPt: side, scale: scale) { $0.ring(cx: side / 2, cy: side / 2, r: side / 3, width: 2) }
        #expect(auditWith(CanvasSizeRule.self, [.init(id: "ok", mask: mask, role: role)]).isEmpty, "\(role) @\(scale)x")
      }
    }
    let wide = drawing(widthPt: 48, heightPt: 32) { $0.rectOutline(x: 4, y: 6, width: 40, height: 20, stroke: 2) }
    #expect(auditWith(CanvasSizeRule.self, [.init(id: "max", mask: wide, role: .tabBar)]).isEmpty)
    let unsuffixed = drawing(widthPt: 50, heightPt: 50, scale: 1) { $0.ring(cx: 25, cy: 25, r: 20, width: 4) }
    let hint = auditWith(CanvasSizeRule.self, [.init(id: "tab", mask: unsuffixed, role: .tabBar)])
    #expect(hint.first?.fix?.contains("@2x.png") == true, "\(hint.map(\.fix))")
    let small = drawing(widthPt: 12, heightPt: 12) { $0.ring(cx: 6, cy: 6, r: 4, width: 1) }
    let findings = auditWith(CanvasSizeRule.self, [.init(id: "small", mask: small, role: .tabBar)])
    #expect(findings.count == 1 && findings[0].message.contains("smaller"))
    let half = auditWith(CanvasSizeRule.self, [.init(id: "half", mask: drawing(widthPt: 22.5, heightPt: 22.5) { $0.ring(cx: 11, cy: 11, r: 8, width: 2) }, role: .toolbar)])
    #expect(half.first?.fix?.contains("44×44 px") == true || half.first?.fix?.contains("46×46 px") == true, "\(half.map(\.fix))")
  }

  // MARK: shape_size

  @Test("shape_size: classes by aspect and hull fill")
  func shapeClasses() {
    // A 20 pt square outline in a toolbar (compact square 17 pt): 20/17 = 1.18, passes; 22 pt: 1.29, fires.
    let square20 = drawing(widthPt: 25, heightPt: 25) { $0.rectOutline(x: 3.5, y: 3.5, width: 18, height: 18, stroke: 2) }
    #expect(auditWith(ShapeSizeRule.self, [.init(id: "s", mask: square20, role: .toolbar)]).isEmpty)
    let square22 = drawing(widthPt: 25, heightPt: 25) { $0.rectOutline(x: 2.5, y: 2.5, width: 20, height: 20, stroke: 2) }
    let big = auditWith(ShapeSizeRule.self, [.init(id: "s", mask: square22, role: .toolbar)])
    #expect(big.first?.message.contains("square") == true, "\(big.map(\.message))")
    // The same 22 pt extent as a circle (target 18): 1.22, passes.
    let circle22 = drawing(widthPt: 25, heightPt: 25) { $0.ring(cx: 12.5, cy: 12.5, r: 10, width: 2) }
    #expect(auditWith(ShapeSizeRule.self, [.init(id: "c", mask: circle22, role: .toolbar)]).isEmpty)
    // Tall: 8 × 16 pt outline in a tab bar (tall target 28): 0.64, fires; wide 16 × 8: 16/31, fires.
    let tall = drawing(widthPt: 25, heightPt: 25) { $0.rectOutline(x: 8.5, y: 4.5, width: 8, height: 16, stroke: 2) }
    #expect(auditWith(ShapeSizeRule.self, [.init(id: "t", mask: tall, role: .tabBar)]).first?.message.contains("tall") == true)
    let wide = drawing(widthPt: 25, heightPt: 25) { $0.rectOutline(x: 4.5, y: 8.5, width: 16, height: 8, stroke: 2) }
    #expect(auditWith(ShapeSizeRule.self, [.init(id: "w", mask: wide, role: .tabBar)]).first?.message.contains("wide") == true)
    // Quick actions have no shape targets.
    #expect(auditWith(ShapeSizeRule.self, [.init(id: "w", mask: wide, role: .quickAction)]).isEmpty)
  }

  // MARK: text_in_icon

  @Test("text_in_icon: error in a tab bar, warning elsewhere, none without a mask")
  func textSeverity() {
    #expect(auditWith(TextInIconRule.self, [.init(id: "ab", mask: TextExamples.letters, role: .tabBar)]).map(\.severity) == [.error])
    #expect(auditWith(TextInIconRule.self, [.init(id: "ab", mask: TextExamples.letters, role: .navigationBar)]).map(\.severity) == [.warning])
    let icon = AuditIcon(id: "ab", path: "ab.png", role: .tabBar, scale: 2, widthPx: 48, heightPx: 48,
                         metrics: MetricsEngine.measure(TextExamples.letters), mask: nil)
    let context = RuleContext<TextInIconRule>(family: FamilyAnalyzerShim.family([icon]), icons: [icon])
    #expect(TextInIconRule().check(context).isEmpty)
  }
}

/// The family analysis of a few audit icons, for rules called directly.
enum FamilyAnalyzerShim {
  static func family(_ icons: [AuditIcon]) -> FamilyReport {
    FamilyAnalyzer.analyse(name: "test", members: icons.map { FamilyMember(id: $0.id, metrics: $0.metrics) })
  }
}

@Suite("Selected state silhouettes")
struct SelectedStateSilhouetteTests {
  static let box = RuleExample.Icon(id: "box", mask: Guidelines.framedSquare(filled: false), role: .tabBar)

  @Test("a mismatched pair is an error in a bar or as loose files, a warning as two catalog images no bar uses (paired by name alone)")
  func pairByNameAlone() {
    func severities(role: IconRole, catalog: Bool) -> [Severity] {
      let sets = catalog ? ["g1", "g1-selected"].map { exampleImageSet($0, intent: "template") } : [nil, nil]
      return auditWith(SelectedStateMismatchRule.self, [
        .init(id: "g1", mask: ExampleFamily.glyph(1), role: role, catalog: sets[0]),
        .init(id: "g1-selected", mask: ExampleFamily.glyph(1), role: role, catalog: sets[1]),
      ]).map(\.severity)
    }
    #expect(severities(role: .tabBar, catalog: true) == [.error])
    #expect(severities(role: .unknown, catalog: false) == [.error])
    #expect(severities(role: .unknown, catalog: true) == [.warning])
  }

  @Test("a framed square filled with its glyph knocked out: the interior test decides, the edges alone do not")
  func knockedOutGlyph() throws {
    let selected = RuleExample.Icon(id: "box-selected", mask: Guidelines.framedSquare(filled: true), role: .tabBar)
    #expect(auditWith(SelectedStateMismatchRule.self, [Self.box, selected]).isEmpty)
    // Without the interior test (no correlation reaches 1.01) the edges call it another drawing.
    let strict = auditWith(SelectedStateMismatchRule.self, [Self.box, selected], thresholds: [.minimumInteriorCorrelation: 1.01])
    #expect(strict.count == 1 && strict[0].message.contains("different drawing"))
    let c = try #require(StateComparison.compare(unselected: Guidelines.framedSquare(filled: false), selected: Guidelines.framedSquare(filled: true),
                                                  strokeUnselectedPt: 3, strokeSelectedPt: 8))
    #expect(c.hullIoU > 0.99 && c.structureNCC < 0.45)
    #expect((c.interiorCorrelation ?? 0) < -0.95)
  }

  @Test("a part added outside the outline moves the hull centroid, not the silhouettes' registration")
  func arm() throws {
    let c = try #require(StateComparison.compare(unselected: stateRing(filled: false), selected: stateRing(filled: true, arm: true),
                                                  strokeUnselectedPt: 2, strokeSelectedPt: 8))
    #expect(c.shiftPt.length > 0.5)
    #expect(c.silhouetteShiftPt.length < 0.25)
    // The whole drawing moved 1 pt: both say so.
    let moved = try #require(StateComparison.compare(unselected: stateRing(filled: false), selected: stateRing(filled: true, dx: 1),
                                                      strokeUnselectedPt: 2, strokeSelectedPt: 8))
    #expect(abs(moved.silhouetteShiftPt.x - 1) < 0.1 && abs(moved.silhouetteShiftPt.y) < 0.1)
  }
}
