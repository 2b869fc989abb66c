// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster

// Template-image hygiene: iOS draws a bar icon from its alpha alone (a "template image"), tinted
// with the bar's colour. Colour, an opaque background, missing antialiasing and shadows all make
// the icon look different on the device from how it was drawn. Calibration (scripts/
// check_hygiene_rules.py): on all 1745 Lucide icons none of these rules fires; on faulty copies of
// a sample each fires on every copy with its fault.

/// What a template rule says of an icon, and how severely: on an icon that only its look makes a
/// template (``AuditIcon/templateByLookAlone``: an asset catalog image outside any bar whose set is
/// left at Render As: Default) the finding holds only if the image is used as one, so it is a
/// warning that says so; otherwise the rule's severity.
/// - Complexity: O(1).
func templateFinding<R: Rule>(_ context: RuleContext<R>, _ icon: AuditIcon, _ message: String, measured: Double,
                              expected: String, fix: String) -> Finding {
  guard icon.templateByLookAlone else {
    return context.finding(icon, message, measured: measured, expected: expected, fix: fix)
  }
  return context.finding(
    icon, message + " (if it is used as a template: no bar uses it and its image set is left at Render As: Default)",
    measured: measured, expected: expected, fix: fix, severity: graded(.warning, cap: context.severity))
}

/// The catalog properties of an example image set `name.imageset` (`intent`: its
/// `template-rendering-intent`, nil when its Contents.json says none).
func exampleImageSet(_ name: String, intent: String?) -> CatalogInfo {
  CatalogInfo(templateRenderingIntent: intent, preservesVectorRepresentation: false,
              contentsPath: "\(name).imageset/Contents.json", kind: "imageset")
}

public struct TemplateNotMonochromeRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case maximumSpread, minimumEdgeStep
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .maximumSpread: (16, "largest colour spread (0–255) accepted as one colour")
      case .minimumEdgeStep: (48, "smallest colour step (0–441) between neighbouring pixels of the glyph that makes the colours an error: below it they only shade")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "template_not_monochrome", name: "Template Not Monochrome", scope: .icon,
    rationale: """
      Bar icons are template images: iOS ignores their colour and uses the alpha channel as a mask, \
      tinted with the bar's colour (HIG, Icons: "create a template image… iOS uses the alpha \
      channel"). A two-colour drawing loses its colour distinction on the device, so it looks \
      different than drawn. Measured as the colour spread: the largest standard deviation of the \
      un-premultiplied R, G or B channel over the pixels with α > 0.1, each pixel weighted by α², \
      in 0–255 units (0 for one colour; two colours in equal parts of black and red give 127). A \
      pixel shows its colour only in proportion to its coverage, so an antialiased edge pixel, \
      mostly background, weighs by its coverage: a layer hidden under the glyph that shows only in \
      its edge pixels (Rocket.Chat's `Swipe read.pdf`: 28 unweighted, 11 weighted) is one colour \
      by eye, and a second colour in the glyph's body counts in full. An image set whose \
      Contents.json says `template-rendering-intent: original` keeps its colours on the device, so \
      this rule says nothing of it; whether it should be a template is `not_template_rendering`'s \
      finding (VLC's orange select-all disk, drawn as colour art on purpose, had three wrong errors). \
      What the tint loses decides the severity: colours that draw an edge inside the glyph which \
      the alpha does not (a white arrow on a black disk, a check cut into a filled circle: the part \
      vanishes) are an error; colours that only shade, a gradient, or tell apart parts the alpha \
      already separates, are a warning (the colouring is lost, no part of the drawing). Measured as \
      the largest colour step between two neighbouring pixels that both have α ≥ 0.5 (RGB distance, \
      0–441): on the real apps' colour errors judged right 125–442 (DuckDuckGo's design-system \
      icons, Pocket Casts' terms and check circle), on the gradients judged debatable 3–5 (Onion \
      Browser's purple onion and shield); threshold 48. Of the calibration's 210 two-colour faults, \
      8 colour separate parts (step 0): warnings, still found. \
      Two more questions decide whether the tint loses anything that carries the shape. A colour \
      that shows only where the glyph's coverage falls off is a renderer's blend at its edge, not \
      a colour anyone drew: the rule says nothing when the spread over the pixels at full coverage \
      (α within 3/255 of the image's highest) is at most the limit (CWA's close cross, one #171A1A \
      path drawn over a white copy of itself: 26 over the glyph, 4 at full coverage; ownCloud's \
      fingerprint, one white raster upscaled with its transparent pixels' black blended into the \
      edges: 35 and 0). And colours that differ only in a rim along the glyph's edge, within \
      1.5 pt of it, only outline the glyph: tinted, it keeps its silhouette, the outline merges \
      into it, a warning (Kodi's white check in a black rim 110 over the glyph, 0.3 beyond the \
      rim; KeePassium's dark penguin in a thin white outline 83 and 0.4; Habitica's white slider \
      thumb in a grey border 28 and 0). A second colour drawn inside the glyph stays an error \
      (DuckDuckGo's white glyphs on coloured disks and Pocket Casts' check in a circle: 23–110 \
      beyond the rim; Pocket Casts' terms, 1 pt lines at @3x, has 1% of its weight beyond it, too \
      little inside for an outline, under the 10% the cue needs; the calibration's half-red faults \
      113 and more). \
      It says nothing either of an image the app's code shows in its own colours: every use says `.alwaysOriginal`, \
      or puts it in a button (`setImage(_:for:)`, a bar button item's custom view) without making \
      it a template, and a custom button draws an image as it is (Brave's URL bar shows its \
      colour logo so). \(templateByLookAloneRationale)
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a ring drawn half red, half black",
                  icons: [.init(id: "two", image: HygieneExamples.twoColours(HygieneExamples.ring))],
                  target: "two", triggers: true),
      RuleExample("a ring in one colour",
                  icons: [.init(id: "one", image: ExampleDrawing.image(HygieneExamples.ring, red: 30, green: 60, blue: 200))],
                  target: "one", triggers: false),
      RuleExample("a ring shaded from black to dark grey (a warning: no colour edge, the tint loses only the shading)",
                  icons: [.init(id: "shaded", image: HygieneExamples.shaded(HygieneExamples.ring))],
                  target: "shaded", triggers: true),
      RuleExample("a ring drawn half red, half black, that the app's code shows in its own colours (a button's image)",
                  icons: [.init(id: "logo", image: HygieneExamples.twoColours(HygieneExamples.ring),
                                codeUse: CodeUse(locations: ["URLBar.swift:12"], showsOwnColours: true))],
                  target: "logo", triggers: false),
      RuleExample("a white disk in a black rim 0.5 pt wide (a warning: tinted, the same disk without its outline)",
                  icons: [.init(id: "rimmed", image: HygieneExamples.whiteDisk(blackWithin: 0.5))],
                  target: "rimmed", triggers: true),
      RuleExample("the same disk with a black dot of 2 pt radius at its centre (an error: the dot vanishes when tinted)",
                  icons: [.init(id: "dotted", image: HygieneExamples.whiteDisk(blackWithin: 0.5, dot: 2))],
                  target: "dotted", triggers: true),
      RuleExample("a grey disk over a blue copy of itself, the blue showing only in the antialiased edge",
                  icons: [.init(id: "hidden", image: HygieneExamples.hiddenLayer(HygieneExamples.disk))],
                  target: "hidden", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let maximum = context.threshold(.maximumSpread)
    return context.icons.compactMap { icon in
      let loss = Self.colourLoss(icon.metrics, maximumSpread: maximum, minimumEdgeStep: context.threshold(.minimumEdgeStep))
      guard loss != .none, let spread = icon.metrics.colorSpread else { return nil }
      // A set rendered as Original Image shows its colours: "iOS keeps only the alpha" is untrue
      // of it, and whether it should be a template is not_template_rendering's finding.
      if icon.catalog?.templateRenderingIntent == "original" || icon.codeUse?.showsOwnColours == true { return nil }
      let message = "more than one colour: colour spread \(fmt(spread, 0)) (0–255) over the glyph, above \(fmt(maximum, 0)); iOS keeps only the alpha, so the colours will not show"
      let fix = "export the glyph in a single colour (black) and express every difference by shape or transparency"
      let expected = "≤ \(fmt(maximum, 0)) (one colour)"
      switch loss {
      case .none: return nil
      case .shading(let step):
        // Colours that only shade (a gradient) or tell apart parts the alpha already separates:
        // the tint loses the colouring, no part of the drawing.
        return context.finding(
          icon, message + "; but no colour edge inside the glyph (largest step between neighbouring pixels \(fmt(step, 0)) of 441): "
            + "tinted, it loses its shading, no part of the drawing",
          measured: spread, expected: expected, fix: fix, severity: graded(.warning, cap: context.severity))
      case .outline(let inside):
        // Colours that differ only in a rim along the glyph's edge (an outline in a second
        // colour): tinted, the rim merges into the glyph, which keeps its silhouette.
        let rim = fmt(TemplateHygiene.rimWidthPt, 1)
        return context.finding(
          icon, message + "; but one colour beyond a rim of \(rim) pt along its edge (spread \(fmt(inside, 0)) there): "
            + "the second colour only outlines the glyph, so tinted it keeps its silhouette and loses the outline (up to \(rim) pt bolder)",
          measured: spread, expected: expected, fix: fix, severity: graded(.warning, cap: context.severity))
      case .parts:
        return templateFinding(context, icon, message, measured: spread, expected: expected, fix: fix)
      }
    }
  }
}

extension TemplateNotMonochromeRule {
  /// What tinting an image (keeping only its alpha) loses of its colours, by the rule's tests.
  enum ColourLoss: Equatable {
    /// Nothing: one colour (spread at most `maximumSpread`), or a second colour only where the
    /// glyph's coverage falls off (``IconMeasurements/colorSpreadFullCoverage`` at most it).
    case none
    /// The colouring only: no colour edge inside the glyph (the largest step, below `minimumEdgeStep`).
    case shading(step: Double)
    /// An outline: one colour beyond the rim (``IconMeasurements/colorSpreadBeyondRim``, the spread there).
    case outline(inside: Double)
    /// Parts of the drawing that the colours draw and the alpha does not.
    case parts
  }

  /// The rule's reading of an image's colours (``ColourLoss``), at the given thresholds.
  /// - Complexity: O(1).
  static func colourLoss(_ m: IconMeasurements, maximumSpread: Double, minimumEdgeStep: Double) -> ColourLoss {
    guard let spread = m.colorSpread, spread > maximumSpread else { return .none }
    if let full = m.colorSpreadFullCoverage, full <= maximumSpread { return .none }
    if let step = m.colorEdgeStep, step < minimumEdgeStep { return .shading(step: step) }
    if let inside = m.colorSpreadBeyondRim, inside <= maximumSpread { return .outline(inside: inside) }
    return .parts
  }
}

public struct TemplateOpaqueBackgroundRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case maximumShare
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .maximumShare: (0.9, "share of the canvas with α ≥ 0.98 at which the background counts as opaque")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "template_opaque_background", name: "Template Opaque Background", scope: .icon,
    rationale: """
      A template image's shape is its alpha: the glyph opaque, everything else transparent (HIG, \
      Icons: template images use the alpha channel as a mask). An icon exported on an opaque \
      background (α ≈ 1 over almost the whole canvas) shows on the device as a solid tinted \
      block. Measured as the share of the canvas with α ≥ 0.98; real outline and filled glyphs \
      cover well under half (Lucide: at most 43%). While it fires, the icon's findings that \
      measure its pixels (size, stroke, style, colour, detail, shadow, text, duplicates) are left \
      out: they would describe the background square. \(templateByLookAloneRationale)
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a ring on an opaque white square",
                  icons: [.init(id: "boxed", image: HygieneExamples.onWhite(HygieneExamples.ring))],
                  target: "boxed", triggers: true),
      RuleExample("a ring on an opaque white square, a catalog image no bar uses, left at Render As: Default (a warning)",
                  icons: [.init(id: "boxed", image: HygieneExamples.onWhite(HygieneExamples.ring),
                                catalog: exampleImageSet("boxed", intent: nil))],
                  target: "boxed", triggers: true),
      RuleExample("a large filled disk on transparency",
                  icons: [.init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 11); return d.mask }())],
                  target: "disk", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let maximum = context.threshold(.maximumShare)
    return context.icons.compactMap { icon in
      let share = icon.metrics.opaqueBackgroundShare
      guard Self.isOpaque(icon.metrics, maximumShare: maximum) else { return nil }
      return templateFinding(
        context, icon,
        "\(fmt(share * 100, 0))% of the canvas is opaque (α ≥ 0.98), at least \(fmt(maximum * 100, 0))%: the glyph is not defined by alpha and will show as a solid block",
        measured: share, expected: "< \(fmt(maximum * 100, 0))% of the canvas opaque",
        fix: "remove the background: only the glyph may be opaque, on a transparent canvas (the other checks of "
          + "this icon wait until then: they would measure the background)")
    }
  }
}

extension TemplateOpaqueBackgroundRule {
  /// Whether an icon is on an opaque background: the rule's test, also used to leave such icons out
  /// of the family statistics (``Auditor``).
  static func isOpaque(_ m: IconMeasurements, maximumShare: Double) -> Bool { m.opaqueBackgroundShare >= maximumShare }
}

public struct MissingAntialiasingRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case maximumPartialRatio, minimumStepRate, minimumContourPx
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .maximumPartialRatio: (0.05, "partial pixels per px of contour below which edges are hard")
      case .minimumStepRate: (0.05, "corners on one-pixel stair steps per px of contour above which the edge is stair-stepped (an axis-aligned drawing has none)")
      case .minimumContourPx: (24, "shorter contours (tiny or empty glyphs) are skipped")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "missing_antialiasing", name: "Missing Antialiasing", scope: .icon,
    rationale: """
      Template images should be antialiased (HIG, Icons): iOS uses the alpha as coverage, and a \
      glyph whose alpha is only 0 or 1 shows stair-stepped curves and diagonals. Measured as the \
      partial-pixel ratio: pixels with 0.02 < α < 0.98 per pixel of contour length (an \
      antialiased curve gives about 1; Lucide at 48 px gives 0.11–1.16, lower for glyphs drawn \
      on the pixel grid; a thresholded image gives 0). A glyph made only of axis-aligned \
      rectangles needs no antialiasing, so the rule also asks for stair steps: corners of the \
      traced pixel outline with a neighbouring corner one pixel away that turns the other way \
      (the one-pixel steps every digitised curve and diagonal is made of), at least 0.05 per \
      pixel of contour. An axis-aligned drawing has none: a bar's end turns twice the same \
      way, and where bars meet the next corner is a bar's width or a gap away. Rocket.Chat's \
      pixel-aligned `#` (3 px bars at 30 px) has 0.15 corners per px of contour and none on a \
      step (every corner was counted before, at least 0.1: a wrong warning). Thresholded \
      renderings of the calibration families: 202 of 210 found (204 before); the four lost are \
      axis-aligned drawings (Breeze histogram, list-add, network-server, Yaru \
      view-list-bullet) with no step at all, pixel for pixel what a glyph drawn on the grid is; \
      glyphs whose only curves are small rounded corners score 0.06–0.1. Only hard steps count (the \
      four pixels around the corner each α ≤ 0.02 or ≥ 0.98): a step whose pixels carry partial \
      coverage is antialiased. Element's `action_poll` (three bars whose rounded top corners are \
      one pixel at α 0.45, its only partial pixels: 0.02 per px of contour) had a one-pixel notch \
      at each of those corners, 0.056 steps per px of contour, a wrong warning; it has none now. A \
      thresholded image has no partial pixel, so the calibration's 202 are all still found; \
      counting a step only in a run of two or more (a notch is one) would have lost 12 of them \
      (thresholded round caps and small rounded corners, Tabler antenna-bars, Phosphor waveform). \
      Tiny glyphs are skipped, and so are vectors (PDF, SVG): \
      Xcode and iOS rasterise them antialiased, and hard edges in iconaudit's rendering are their \
      axis-aligned edges on the pixel grid (15 wrong warnings on GoMap's railway tracks, mazes and \
      buildings).
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a ring thresholded at α = 0.5",
                  icons: [.init(id: "hard", mask: HygieneExamples.thresholded(HygieneExamples.ring))],
                  target: "hard", triggers: true),
      RuleExample("an antialiased ring", icons: [.init(id: "soft", mask: HygieneExamples.ring)], target: "soft", triggers: false),
      RuleExample("a vector (a PDF or SVG page) whose rendering has hard edges: Xcode rasterises it itself, antialiased",
                  icons: [.init(id: "vector", image: { var image = ExampleDrawing.image(HygieneExamples.thresholded(HygieneExamples.ring))
                    image.documentSizePt = .init(width: 24, height: 24)
                    return image }())],
                  target: "vector", triggers: false),
      RuleExample("a pixel-aligned hash `#` of 3 px lines (nothing to antialias; its bars' ends are no stair steps)",
                  icons: [.init(id: "hash", mask: HygieneExamples.hash)],
                  target: "hash", triggers: false),
      RuleExample("three bars whose rounded top corners are one antialiased pixel each (a notch at α 0.45 is no stair step)",
                  icons: [.init(id: "poll", mask: HygieneExamples.notchedBars)],
                  target: "poll", triggers: false),
      RuleExample("a pixel-aligned filled square (nothing to antialias)",
                  icons: [.init(id: "grid", mask: { var d = ExampleDrawing(); d.rect(x: 3, y: 3, width: 18, height: 18); return HygieneExamples.thresholded(d.mask) }())],
                  target: "grid", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    return context.icons.compactMap { icon in
      // A vector (PDF, SVG) has no pixels of its own: Xcode and iOS rasterise it antialiased, and
      // hard edges in our rendering are its axis-aligned edges on the pixel grid (railway tracks,
      // a maze, a building's windows: 15 wrong warnings in one app's POI library).
      guard icon.documentSizePt == nil else { return nil }
      let m = icon.metrics
      let contourPx = m.contourLengthPt * icon.scale
      guard contourPx >= t(.minimumContourPx), m.partialPixelRatio < t(.maximumPartialRatio) else { return nil }
      var steps: Double?
      if let mask = icon.mask {
        let rate = Double(HygieneExamples.staircaseCorners(mask)) / contourPx
        guard rate >= t(.minimumStepRate) else { return nil }
        steps = rate
      }
      let stepText = steps.map { ", \(fmt($0)) stair steps per px of contour" } ?? ""
      return context.finding(
        icon,
        "hard, aliased edges: \(fmt(m.partialPixelRatio, 3)) partial pixels per px of contour\(stepText); an antialiased glyph has about 1 (at least \(fmt(t(.maximumPartialRatio))))",
        measured: m.partialPixelRatio, expected: "≥ \(fmt(t(.maximumPartialRatio))) partial pixels per px of contour (≈ 1 when antialiased)",
        fix: "export with antialiasing (from the vector source, without thresholding the alpha or a 1-bit mask)")
    }
  }
}

public struct DropShadowRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case shadowFraction, shadowOffsetPx, glowFraction, minimumExplained, maximumFlatShare, maximumOffsetPt, minimumOutsideShare
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .shadowFraction: (0.01, "halo share of the ink above which an offset halo is a shadow")
      case .shadowOffsetPx: (0.5, "halo centroid offset from the core (px) that makes a halo a shadow")
      case .glowFraction: (0.03, "halo share of the ink above which any halo is a glow")
      case .minimumExplained: (0.8, "share of the halo's energy a faded, blurred, shifted copy of the glyph must explain")
      case .maximumFlatShare: (0.5, "share of the halo's coverage on flat plateaus above which it is a translucent part, not a blur")
      case .maximumOffsetPt: (2.5, "largest shadow offset tried (pt)")
      case .minimumOutsideShare: (0.1, "share of the halo's coverage that must lie outside the glyph (not enclosed by it)")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "drop_shadow", name: "Drop Shadow", scope: .icon,
    rationale: """
      Template images have no drop shadow or glow (HIG, Icons: "don't include a drop shadow"): \
      iOS draws bar icons flat from their alpha, and a baked-in shadow becomes a tinted smudge. \
      Measured as the halo: the share of the ink (Σα) farther than 1.5 px from the core (α ≥ 0.5), \
      where an antialiased edge never reaches, and the halo centroid's offset from the core's. A \
      shadow is an offset halo; a glow is a large halo all around. Clean Lucide icons have no halo \
      at all; a shadow of 40% opacity offset 2 px with a 1.5 px blur puts 2–7% of the ink there. \
      But coverage beyond the edge is not always a shadow: symbolic icons draw muted parts \
      (signal bars, a greyed second person, half a star) at partial opacity, crisp and flat. So the \
      halo must also be what a shadow is, a soft, faded copy of the glyph: the glyph moved by at \
      most 2.5 pt and blurred (σ 0.25–1.5 pt) must explain ≥ 80% of the halo's energy (the squared \
      cosine between the halo and the copy, over every pixel beyond the edge, empty ones included), \
      and at most half of the halo's coverage may lie on flat plateaus. On the calibration's \
      shadows (0.7–1.3 pt, σ 0.4–0.8 pt, 30–50%) the copy explains 0.82–0.99 with ≤ 34% plateau; \
      on the 1,122 symbolic icons of Papirus, Breeze and Yaru (translucent parts included), which \
      had 82 drop_shadow errors, the translucent parts explain ≤ 0.90 and those above 0.6 are ≥ 61% \
      plateau: none is reported. And a shadow is the whole glyph moved, so part of it falls beyond \
      the glyph's outer edge: at least 10% of the halo's coverage must lie outside the glyph \
      (reached from the canvas's border without crossing the core). A halo all enclosed by the \
      glyph is part of the drawing: GoMap's `maki-amusement-park.svg` (one opaque path) has \
      spokes 0.25 pt wide inside its rim, α < 0.5 along them at 2 px/pt, 1.8% of the ink, its \
      centroid above the core's, 96% "explained" by the glyph itself unmoved: a wrong error, now \
      silent. The fit's own offset does not tell them apart: 3 of the calibration's 210 shadows \
      are best fitted unmoved too. \(templateByLookAloneRationale)
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a ring with a shadow 2 px down (σ 1.5 px, 40%)",
                  icons: [.init(id: "shadow", mask: HygieneExamples.shadowed(HygieneExamples.ring, dx: 0, dy: 2, sigma: 1.5, opacity: 0.4))],
                  target: "shadow", triggers: true),
      RuleExample("a ring with a soft glow all around (σ 2.5 px, 50%)",
                  icons: [.init(id: "glow", mask: HygieneExamples.shadowed(HygieneExamples.ring, dx: 0, dy: 0, sigma: 2.5, opacity: 0.5))],
                  target: "glow", triggers: true),
      RuleExample("a ring with a soft glow all around, a catalog image no bar uses, left at Render As: Default (a warning)",
                  icons: [.init(id: "glow", mask: HygieneExamples.shadowed(HygieneExamples.ring, dx: 0, dy: 0, sigma: 2.5, opacity: 0.5),
                                catalog: exampleImageSet("glow", intent: nil))],
                  target: "glow", triggers: true),
      RuleExample("a clean antialiased ring", icons: [.init(id: "clean", mask: HygieneExamples.ring)], target: "clean", triggers: false),
      RuleExample("a ring with a crisp, detached badge at 40% opacity (a muted part, not a shadow)",
                  icons: [.init(id: "badge", mask: HygieneExamples.withTranslucentBadge(HygieneExamples.ring, opacity: 0.4))],
                  target: "badge", triggers: false),
      RuleExample("a ring with a crisp slash at 35% opacity across it",
                  icons: [.init(id: "slash", mask: HygieneExamples.withTranslucentSlash(HygieneExamples.ring, opacity: 0.35))],
                  target: "slash", triggers: false),
      RuleExample("a wheel on its stand with spokes thinner than a pixel (a vector's hairlines, α < 0.5 all along, not a shadow)",
                  icons: [.init(id: "wheel", mask: HygieneExamples.hairlineWheel)], target: "wheel", triggers: false),
      RuleExample("a filled disk with a shadow 1 pt down and right (σ 0.5 pt, 40%)",
                  icons: [.init(id: "disk", mask: HygieneExamples.shadowed({ var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 8); return d.mask }(), dx: 2, dy: 2, sigma: 1, opacity: 0.4))],
                  target: "disk", triggers: true),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    return context.icons.compactMap { icon in
      let m = icon.metrics
      let halo = m.haloFraction, offset = m.haloOffsetPx
      guard m.components > 0 else { return nil }  // no core: a faint drawing, not a halo around one
      guard (halo >= t(.shadowFraction) && offset.length >= t(.shadowOffsetPx)) || halo >= t(.glowFraction) else { return nil }
      // A soft, faded copy of the glyph, or coverage of its own (a translucent or detached part)?
      guard let mask = icon.mask, let fit = HaloShadowFit.fit(mask, maximumOffsetPt: t(.maximumOffsetPt)),
        fit.explained >= t(.minimumExplained), fit.flatShare <= t(.maximumFlatShare)
      else { return nil }
      // A shadow or glow is the whole glyph moved or spread: part of it falls beyond the glyph's
      // outer edge. A halo all enclosed by the glyph is part of the drawing: lines thinner than a
      // pixel (α < 0.5 all along) inside a wheel's rim, whose centroid sits off the core's.
      guard fit.outsideShare >= t(.minimumOutsideShare) else { return nil }
      let isShadow = halo >= t(.shadowFraction) && offset.length >= t(.shadowOffsetPx)
      let kind = isShadow
        ? "a drop shadow: \(fmt(halo * 100, 1))% of the ink lies beyond 1.5 px of the glyph, its centre "
          + "\(fmt(offset.length / icon.scale, 1)) pt (\(fmt(offset.length, 1)) px) \(direction(offset))"
        : "a glow: \(fmt(halo * 100, 1))% of the ink lies beyond 1.5 px of the glyph, all around it"
      let copy = "; it is the glyph blurred (σ \(fmt(fit.sigmaPt)) pt)"
        + (fit.offsetPx.length > 0 ? " and moved \(fmt(fit.offsetPx.length / icon.scale, 1)) pt \(direction(fit.offsetPx))" : "")
        + " (\(fmt(fit.explained * 100, 0))% of the halo explained)"
      return templateFinding(
        context, icon, kind + copy,
        measured: halo,
        expected: "no halo (< \(fmt(t(.shadowFraction) * 100, 1))% offset, < \(fmt(t(.glowFraction) * 100, 1))% all around)",
        fix: "remove the \(isShadow ? "shadow" : "glow"): export the glyph alone, flat; iOS adds no shadow and needs none")
    }
  }

  /// "down", "up and left", … of an offset in image coordinates (y down).
  private func direction(_ p: Point2D) -> String {
    let horizontal = abs(p.x) >= 0.4 * p.length ? (p.x > 0 ? "right" : "left") : nil
    let vertical = abs(p.y) >= 0.4 * p.length ? (p.y > 0 ? "down" : "up") : nil
    return [vertical, horizontal].compactMap { $0 }.joined(separator: " and ")
  }
}

/// Drawings and pixel operations for the hygiene examples.
enum HygieneExamples {
  /// A 2 pt outline ring at 24 pt @2x.
  static let ring: AlphaMask = {
    var d = ExampleDrawing()
    d.ring(cx: 12, cy: 12, r: 8, width: 2)
    return d.mask
  }()

  /// A 15 pt wheel on its stand (a map's amusement park, drawn as one opaque vector path): a
  /// 1.2 pt rim, a hub, four diagonal spokes 0.5 pt wide and four upright and level ones 0.25 pt
  /// wide, centred on a pixel boundary at @2x (two columns of α 0.25: no core along them). Like
  /// maki's `amusement-park`, 2.1% of the ink lies beyond the core, its centroid 2.6 px above the
  /// core's, and the glyph itself, unmoved and blurred by 0.25 pt, explains 96% of it.
  static let hairlineWheel: AlphaMask = {
    var d = ExampleDrawing(widthPt: 15, heightPt: 15)
    d.ring(cx: 7.5, cy: 7, r: 5.4, width: 1.2)
    d.disk(cx: 7.5, cy: 7, r: 1.5)
    for k in 0..<8 {
      let angle = Double(k) * .pi / 4
      d.line(x0: 7.5, y0: 7, x1: 7.5 + 5 * cos(angle), y1: 7 + 5 * sin(angle), width: k % 2 == 0 ? 0.25 : 0.5)
    }
    d.polygon([(4.5, 11.5), (10.5, 11.5), (12, 14), (3, 14)])
    return d.mask
  }()

  /// The mask's top half in red, the rest in black.
  static func twoColours(_ mask: AlphaMask) -> RGBAImage {
    var image = ExampleDrawing.image(mask)
    for y in 0..<(mask.height / 2) {
      for x in 0..<mask.width { image.pixels[(y * mask.width + x) * 4] = 255 }
    }
    return image
  }

  /// The glyph shaded from black at the top to grey (120) at the bottom, as a gradient fill: a
  /// colour spread of about 35, and steps of a few units between neighbouring pixels.
  static func shaded(_ mask: AlphaMask) -> RGBAImage {
    var image = ExampleDrawing.image(mask)
    for y in 0..<mask.height {
      let level = UInt8(120 * y / max(mask.height - 1, 1))
      for x in 0..<mask.width {
        let i = (y * mask.width + x) * 4
        (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = (level, level, level)
      }
    }
    return image
  }

  static let disk: AlphaMask = {
    var d = ExampleDrawing()
    d.disk(cx: 12, cy: 12, r: 8)
    return d.mask
  }()

  /// The glyph in grey (#2F343D) over a blue (#1D74F5) copy of itself, as a vector export draws a
  /// shape under a clipped one: composited, a pixel of coverage α has alpha α(2 − α) and shows the
  /// blue in the share (1 − α)/(2 − α) of its colour, so only edge pixels carry it.
  static func hiddenLayer(_ mask: AlphaMask) -> RGBAImage {
    var image = ExampleDrawing.image(mask)
    let grey = (47.0, 52.0, 61.0)
    let blue = (29.0, 116.0, 245.0)
    for i in 0..<(mask.width * mask.height) {
      let a = Double(mask.coverage[i])
      guard a > 0 else { continue }
      let under = (1 - a) / (2 - a)
      func mix(_ g: Double, _ b: Double) -> UInt8 { UInt8(((1 - under) * g + under * b).rounded()) }
      image.pixels[i * 4] = mix(grey.0, blue.0)
      image.pixels[i * 4 + 1] = mix(grey.1, blue.1)
      image.pixels[i * 4 + 2] = mix(grey.2, blue.2)
      image.pixels[i * 4 + 3] = UInt8((a * (2 - a) * 255).rounded())
    }
    return image
  }

  /// ``disk`` (r 8 pt about (12, 12) pt) in white, black where a pixel's centre lies within
  /// `blackWithin` pt of the disk's edge (a rim) or within `dot` pt of its centre (a part inside).
  static func whiteDisk(blackWithin rim: Double, dot: Double = 0) -> RGBAImage {
    let mask = disk
    var image = ExampleDrawing.image(mask)
    for y in 0..<mask.height {
      for x in 0..<mask.width {
        let dx = (Double(x) + 0.5) / mask.scale - 12, dy = (Double(y) + 0.5) / mask.scale - 12
        let r = (dx * dx + dy * dy).squareRoot()
        let level: UInt8 = 8 - r < rim || r < dot ? 0 : 255
        let i = (y * mask.width + x) * 4
        (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = (level, level, level)
      }
    }
    return image
  }

  /// The glyph with a crisp filled badge (r 3 pt) at the top right, detached, at `opacity`.
  static func withTranslucentBadge(_ mask: AlphaMask, opacity: Float) -> AlphaMask {
    var d = ExampleDrawing()
    d.disk(cx: 20, cy: 4, r: 3)
    let badge = d.mask
    return AlphaMask(width: mask.width, height: mask.height, scale: mask.scale) { x, y in
      max(mask[x, y], opacity * badge[x, y])
    }
  }

  /// The glyph with a crisp 2 pt slash from corner to corner at `opacity` (under the glyph).
  static func withTranslucentSlash(_ mask: AlphaMask, opacity: Float) -> AlphaMask {
    var d = ExampleDrawing()
    d.line(x0: 3, y0: 3, x1: 21, y1: 21, width: 2)
    let slash = d.mask
    return AlphaMask(width: mask.width, height: mask.height, scale: mask.scale) { x, y in
      max(mask[x, y], opacity * slash[x, y])
    }
  }

  /// The glyph in black over an opaque white canvas.
  static func onWhite(_ mask: AlphaMask) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: mask.pixelCount * 4)
    for i in 0..<mask.pixelCount {
      let grey = UInt8((255 * (1 - mask.coverage[i])).rounded())
      pixels[i * 4] = grey
      pixels[i * 4 + 1] = grey
      pixels[i * 4 + 2] = grey
    }
    return RGBAImage(width: mask.width, height: mask.height, scale: mask.scale, pixels: pixels)
  }

  /// α ≥ 0.5 → 1, else 0.
  static func thresholded(_ mask: AlphaMask) -> AlphaMask {
    AlphaMask(width: mask.width, height: mask.height, scale: mask.scale, coverage: mask.coverage.map { $0 >= 0.5 ? 1 : 0 })
  }

  /// The glyph over a shadow: the glyph moved by (dx, dy) px, blurred with a Gaussian of σ px and
  /// scaled by `opacity` (α = a + s·(1 − a)).
  static func shadowed(_ mask: AlphaMask, dx: Int, dy: Int, sigma: Double, opacity: Float) -> AlphaMask {
    let w = mask.width, h = mask.height
    let moved = AlphaMask(width: w, height: h, scale: mask.scale) { x, y in mask[x - dx, y - dy] }
    let blurred = gaussianBlur(moved, sigma: sigma)
    return AlphaMask(width: w, height: h, scale: mask.scale) { x, y in
      let a = mask[x, y]
      return a + opacity * blurred[x, y] * (1 - a)
    }
  }

  /// A hash `#` on the pixel grid, as Rocket.Chat's `Cell Subscription Hashtag@3x.png`: 3 px
  /// bars on a 30 px canvas, α only 0 or 1.
  static let hash = AlphaMask(width: 30, height: 30, scale: 3) { x, y in
    (6..<9).contains(x) || (21..<24).contains(x) || (6..<9).contains(y) || (21..<24).contains(y) ? 1 : 0
  }

  /// A poll's three bars (Element's `action_poll`, 24 pt @3x): 12 px wide, pixel-aligned, each top
  /// corner rounded to one pixel at α 0.45, the drawing's only partial pixels.
  static let notchedBars = AlphaMask(width: 72, height: 72, scale: 3) { x, y in
    for (x0, y0) in [(9, 27), (30, 6), (51, 39)] where x >= x0 && x < x0 + 12 && y >= y0 && y < 66 {
      return y == y0 && (x == x0 || x == x0 + 11) ? 0.45 : 1
    }
    return 0
  }

  /// Separable Gaussian blur (kernel truncated at 3σ, zero outside the canvas).
  static func gaussianBlur(_ mask: AlphaMask, sigma: Double) -> AlphaMask {
    let radius = Int((3 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    let w = mask.width, h = mask.height
    let rows = AlphaMask(width: w, height: h, scale: mask.scale) { x, y in
      var s: Float = 0
      for k in -radius...radius { s += kernel[k + radius] * mask[x + k, y] }
      return s
    }
    return AlphaMask(width: w, height: h, scale: mask.scale) { x, y in
      var s: Float = 0
      for k in -radius...radius { s += kernel[k + radius] * rows[x, y + k] }
      return s
    }
  }

  /// Corners of the core's pixel outline (α ≥ 0.5) that lie on stair steps: the outline is traced
  /// (each crack between a core and a background pixel once, clockwise around the core, turning
  /// right first where two core pixels touch only at a corner), and a corner counts when a
  /// neighbouring corner one pixel away along the outline turns the other way: a step one pixel
  /// high or wide, which every digitised curve and diagonal is made of (a line of slope 1/5 rises
  /// one pixel every five). An axis-aligned drawing has none: the two corners at a bar's end turn
  /// the same way, and where bars meet the next corner is a bar's width or a gap away (a `#` of
  /// 3 px bars at 30 px: 0.15 corners per px of contour, none on a step; of 1 px bars at 10 px,
  /// two pixels apart, none either). Only *hard* steps count: the four pixels around the corner
  /// each α ≤ 0.02 or ≥ 0.98. A step whose pixels carry partial coverage is antialiased: Element's
  /// `action_poll` (three bars whose rounded top corners are one pixel at α 0.45, its only partial
  /// pixels) has a one-pixel notch at each such corner, 0.056 corners per px of contour before, none
  /// now; a thresholded image has no partial pixel, so every step it has still counts.
  /// - Complexity: O(width · height).
  static func staircaseCorners(_ mask: AlphaMask) -> Int {
    let w = mask.width, h = mask.height
    func ink(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < w && y < h && mask.coverage[y * w + x] >= 0.5 }
    // Direction d: 0 +x, 1 +y, 2 −x, 3 −y (y down). A boundary edge leaving vertex (x, y) in
    // direction d has a core pixel on its right and a background pixel on its left.
    let dx = [1, 0, -1, 0], dy = [0, 1, 0, -1]
    func isBoundary(_ x: Int, _ y: Int, _ d: Int) -> Bool {
      switch d {
      case 0: return ink(x, y) && !ink(x, y - 1)
      case 1: return ink(x - 1, y) && !ink(x, y)
      case 2: return ink(x - 1, y - 1) && !ink(x - 1, y)
      default: return ink(x, y - 1) && !ink(x - 1, y - 1)
      }
    }
    // A corner at vertex (x, y) is hard when none of the four pixels around it is partial.
    func isHard(_ x: Int, _ y: Int) -> Bool {
      for (px, py) in [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)] where px >= 0 && py >= 0 && px < w && py < h {
        let a = mask.coverage[py * w + px]
        if a > 0.02 && a < 0.98 { return false }
      }
      return true
    }
    let vw = w + 1
    var visited = [Bool](repeating: false, count: vw * (h + 1) * 4)
    var total = 0
    for y0 in 0...h {
      for x0 in 0...w {
        for d0 in 0..<4 where !visited[(y0 * vw + x0) * 4 + d0] && isBoundary(x0, y0, d0) {
          var turns: [Int8] = [], lengths: [Int] = [], hard: [Bool] = []
          var x = x0, y = y0, d = d0, run = 0
          repeat {
            visited[(y * vw + x) * 4 + d] = true
            x += dx[d]; y += dy[d]; run += 1
            var next = d
            for turn in [1, 0, 3] where isBoundary(x, y, (d + turn) % 4) { next = (d + turn) % 4; break }
            if next != d {
              turns.append(next == (d + 1) % 4 ? 1 : -1)
              lengths.append(run)
              hard.append(isHard(x, y))
              run = 0
            }
            d = next
          } while !(x == x0 && y == y0 && d == d0)
          if !lengths.isEmpty { lengths[0] += run }
          total += Self.stepCorners(turns: turns, lengths: lengths, hard: hard)
        }
      }
    }
    return total
  }

  /// The corners of a closed outline (turns ±1 in order; `lengths[i]` the px from corner i − 1 to
  /// corner i, cyclic) with a neighbour one pixel away that turns the other way, among those marked
  /// `hard` (all when `hard` is nil).
  static func stepCorners(turns: [Int8], lengths: [Int], hard: [Bool]? = nil) -> Int {
    let n = turns.count
    guard n >= 2 else { return 0 }
    var count = 0
    for i in 0..<n where hard?[i] ?? true {
      let previous = (i + n - 1) % n, next = (i + 1) % n
      if (lengths[i] == 1 && turns[previous] != turns[i]) || (lengths[next] == 1 && turns[next] != turns[i]) { count += 1 }
    }
    return count
  }
}

/// The sentences the template rules (`template_not_monochrome`, `template_opaque_background`,
/// `drop_shadow`) share on an image that only its look makes a template: why their finding on it is
/// a warning.
let templateByLookAloneRationale = """
  An asset catalog image that nothing puts in a bar (no bar-named folder, `--role`, role \
  pattern or use in a bar by the app's code) and whose set is left at Render As: Default is \
  audited because it looks like a bar icon; that it is used as a template is then a guess, \
  and what this rule finds on it is a warning that says so (Reports/real-apps: Habitica's \
  intro caret on its opaque tile and Kodi's three glowing status lights, shown in colour, were \
  debatable errors; every right template error of the 52 audits is in a bar or in a set that \
  says `template`).
  """
