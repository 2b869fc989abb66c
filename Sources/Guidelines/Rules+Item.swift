// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import IconSupport

/// The selected twin of each unselected icon in a rule context, by item.
func selectedTwins<R: Rule>(_ context: RuleContext<R>) -> [String: AuditIcon] {
  var twins: [String: AuditIcon] = [:]
  for icon in context.icons where icon.state == .selected { twins[icon.itemId] = icon }
  return twins
}

public struct MissingSelectedStateRule: Rule {
  public init() {}
  public static let description = RuleDescription(
    identifier: "missing_selected_state", name: "Missing Selected State", scope: .item,
    rationale: """
      Tab bar icons come in two states, unselected and selected; the selected one is usually a \
      filled version or one with a heavier stroke (HIG, Tab bars). When other items of a tab bar \
      have a selected version, an item without one stands out when it is chosen. Tab bar role \
      only; names are paired by suffix (-selected, .fill, … configurable).
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("three tab items with selected versions and one without",
                  icons: tabItems(withSelected: [0, 1, 2]) + [.init(id: "g3", mask: ExampleFamily.glyph(3), role: .tabBar)],
                  target: "g3", triggers: true),
      RuleExample("every tab item has its selected version", icons: tabItems(withSelected: [0, 1, 2]), target: "g1", triggers: false),
      RuleExample("toolbar icons have no states",
                  icons: ExampleFamily.icons(count: 4, role: .toolbar) + [.init(id: "g0-selected", mask: filledGlyph(0), role: .toolbar)],
                  target: "g2", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let twins = selectedTwins(context)
    let tabIcons = context.icons.filter { $0.role == .tabBar && $0.state == .unselected }
    let withTwin = tabIcons.filter { twins[$0.id] != nil }.count
    guard withTwin > 0 else { return [] }
    return tabIcons.filter { twins[$0.id] == nil }.map { icon in
      context.finding(
        icon,
        "tab bar item without a selected version (\(withTwin) of the \(tabIcons.count) items have one)",
        expected: "a selected version named \(icon.itemId)-selected (or a configured suffix)",
        fix: "add \(PathText.lastComponent(icon.itemId))-selected: the filled version, or the glyph with a heavier stroke")
    }
  }
}

public struct SelectedStateMismatchRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case sizeTolerance, centerTolerancePt, minimumInkRatio, differentBelowNCC, minimumHullIoU, minimumStructureNCC,
      minimumKnockoutNCC, sameSilhouetteIoU, minimumInteriorCorrelation
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .sizeTolerance: (0.05, "largest relative change of the outline's size beyond what a heavier stroke explains")
      case .centerTolerancePt: (0.5, "largest displacement of the outline (its convex hull's centroid), in pt")
      case .minimumInkRatio: (1.15, "selected ink ÷ unselected ink that counts as visibly heavier")
      case .differentBelowNCC: (0.9, "correlation of the coverage above which a selected state that is not heavier counts as the same drawing")
      case .minimumHullIoU: (0.88, "smallest IoU of the two outlines (convex hulls) after registration and growth")
      case .minimumStructureNCC: (0.45, "smallest correlation of the two drawings' edges (blurred gradient magnitude, ±1 px)")
      case .sameSilhouetteIoU: (0.95, "hull IoU from which the two outlines are one silhouette, judged by the drawing inside it")
      case .minimumInteriorCorrelation: (0.95, "smallest |correlation| of the coverages inside one silhouette (ink or knocked out) that makes them the same drawing")
      case .minimumKnockoutNCC: (0.5, "smallest correlation (coverage, or edges) of the drawing knocked out of a plate with the unselected drawing")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "selected_state_mismatch", name: "Selected State Mismatch", scope: .item,
    rationale: """
      A tab bar item's selected and unselected icons must be one drawing at the same size and \
      position, so the bar does not jump when the selection moves, and the selected one must be \
      visibly different: filled, or drawn with a heavier stroke (HIG, Tab bars). Filling a shape \
      moves its ink centroid and a heavier stroke grows the outline, so the two are compared as \
      silhouettes (convex hulls of the cores), not by centroid or perceived size: the selected \
      outline may grow by half the stroke difference per side (at most half the unselected \
      stroke; a filled version keeps the outer contour), beyond that by at most 2.5% of the size \
      per side (5% across); the drawing may move 0.5 pt (moved when both the hull centroid and \
      the NCC registration of the two silhouettes, cores with holes filled, move that far: a part \
      added outside the outline moves the centroid, not the drawing; Habitica's to-do check whose \
      arm leaves the filled disk: centroid 0.84 pt, silhouettes 0.18 pt). It is another drawing \
      when the registered, grown hulls overlap with IoU < 0.88 or the edges of the two drawings \
      (gradient magnitude of each blurred by half the stroke, so a knock-out and a stroke in the \
      same place agree) correlate below 0.45, unless the two are one silhouette (hull IoU ≥ 0.95) \
      with the same drawing inside it: the coverages over the interior (deeper than a stroke and \
      the blur inside both silhouettes, so the outer contour and the ring a fill erases are left \
      out) correlate with |r| ≥ 0.95, in ink (+) or knocked out (−). Filling a framed square \
      erases the frame's inner contour, which weighs as much as the glyph's edges: Font \
      Awesome's square-caret and square-plus pairs correlate 0.44–0.45 by edges and −1.00 inside; \
      of 2,712 cross pairs of good pairs' drawings (one icon's outline, another's filled version, \
      Phosphor, Tabler, MDI, Heroicons, Font Awesome) the 87 that share a silhouette and both draw \
      inside it reach |r| ≤ 0.90 (a square-caret pointing another way 0.82–0.90). A plate (tile or disk) with the unselected drawing knocked out \
      of it, at its size or shrunk to fit, is a recognised selected state (a toggle's on state: \
      the knock-out correlates ≥ 0.5 with the drawing's edges, and with its coverage or, a \
      knocked-out silhouette, inside a plate a stroke and 5% of the size wider on each side). So is \
      the drawing with a badge added (a filter's "active" dot): a compact component (area ≥ 0.6 πr²) \
      at most 0.4× the drawing's extent across, apart from the rest by a gap g ≥ 1 px, the two \
      drawings' cores agreeing (IoU ≥ 0.95) outside the disk of radius r + g + 1 px around it, \
      which holds ≥ 60% of the unselected core (element's sessions filter: three bars, and the same \
      bars cut back around a dot). Identical drawings, and one not visibly heavier (ink < 1.15×), \
      are mismatches. Measured on 240 pairs \
      rendered from Phosphor (regular+fill, regular+bold), Tabler (outline+filled, stroke ×1.5), \
      MDI (outline+base) and Lucide (stroke ×1.5) at @3x, 175 of them (the filled versions with \
      ≥ 1.6× the ink, as in scripts/calibrate): good pairs 1.7% flagged (Phosphor fills drawn as \
      another shape: a wifi wedge); another icon of the family as the selected state 98% found; \
      moved 0.75 pt 97%; drawn 1.08× 91%; drawn 0.92× 35% (found for filled versions, which keep \
      the outline; a heavier stroke drawn 0.92× keeps the unselected outline within 0.15 pt, so \
      the bar does not jump). Held-out Font Awesome (30 families, 102 good pairs): 6.9% flagged \
      before the interior test, 1.0% after (square-full, whose filled version fills the canvas \
      and is not audited as a glyph); clock drawn as circle-xmark (the same circle, another \
      drawing inside: edges 0.60, interior −0.43) is still not found. A pair of asset catalog \
      images that nothing puts in a bar (no bar-named folder, `--role`, role pattern or use in a \
      bar by the app's code) is a pair by name alone, and what it breaks is a warning: in the 52 \
      real-app audits (Reports/real-apps) the five such errors were debatable (Damus' design \
      system's `.fill` sparkles and paperclip, used once or nowhere, Kodi's table cell's \
      highlighted arrow), while every pair in a bar keeps its error.
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("selected version identical to the unselected one, two catalog images no bar uses (a warning: paired by name alone)",
                  icons: [.init(id: "g1", mask: ExampleFamily.glyph(1), catalog: exampleImageSet("g1", intent: "template")),
                          .init(id: "g1-selected", mask: ExampleFamily.glyph(1), catalog: exampleImageSet("g1-selected", intent: "template"))],
                  target: "g1-selected", triggers: true),
      RuleExample("selected version drawn 15% smaller",
                  icons: [.init(id: "g0", mask: ExampleFamily.glyph(0), role: .tabBar),
                          .init(id: "g0-selected", mask: filledGlyph(0, size: 0.85), role: .tabBar)],
                  target: "g0-selected", triggers: true),
      RuleExample("selected version identical to the unselected one",
                  icons: [.init(id: "g1", mask: ExampleFamily.glyph(1), role: .tabBar),
                          .init(id: "g1-selected", mask: ExampleFamily.glyph(1), role: .tabBar)],
                  target: "g1-selected", triggers: true),
      RuleExample("filled selected version of the same size",
                  icons: [.init(id: "g0", mask: ExampleFamily.glyph(0), role: .tabBar),
                          .init(id: "g0-selected", mask: filledGlyph(0), role: .tabBar)],
                  target: "g0-selected", triggers: false),
      RuleExample("a ring filled: its ink centroid moves, its outline does not",
                  icons: [.init(id: "ring", mask: stateRing(filled: false, dx: 3), role: .tabBar),
                          .init(id: "ring-selected", mask: stateRing(filled: true, dx: 3), role: .tabBar)],
                  target: "ring-selected", triggers: false),
      RuleExample("a heavier stroke grows the outline by half the stroke difference",
                  icons: [.init(id: "ring", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "ring-selected", mask: stateRing(filled: false, stroke: 3), role: .tabBar)],
                  target: "ring-selected", triggers: false),
      RuleExample("the filled version drawn 1 pt to the right",
                  icons: [.init(id: "ring", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "ring-selected", mask: stateRing(filled: true, dx: 1), role: .tabBar)],
                  target: "ring-selected", triggers: true),
      RuleExample("another drawing: a filled square as the selected state of a ring",
                  icons: [.init(id: "ring", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "ring-selected", mask: stateSquare(), role: .tabBar)],
                  target: "ring-selected", triggers: true),
      RuleExample("the ring with a dot added at its corner, cut back around it (a filter's active state)",
                  icons: [.init(id: "ring", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "ring-selected", mask: stateRing(filled: false, badge: true), role: .tabBar)],
                  target: "ring-selected", triggers: false),
      RuleExample("a framed square's glyph knocked out of the filled square (the frame's inner contour is gone)",
                  icons: [.init(id: "box", mask: framedSquare(filled: false), role: .tabBar),
                          .init(id: "box-selected", mask: framedSquare(filled: true), role: .tabBar)],
                  target: "box-selected", triggers: false),
      RuleExample("another glyph knocked out of the same filled square: the caret points up",
                  icons: [.init(id: "box", mask: framedSquare(filled: false), role: .tabBar),
                          .init(id: "box-selected", mask: framedSquare(filled: true, glyph: .caretUp), role: .tabBar)],
                  target: "box-selected", triggers: true),
      RuleExample("a check whose arm leaves the filled disk: the centroid moves, the drawing does not",
                  icons: [.init(id: "todo", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "todo-selected", mask: stateRing(filled: true, arm: true), role: .tabBar)],
                  target: "todo-selected", triggers: false),
      RuleExample("the ring knocked out of a rounded tile (a toggle's on state)",
                  icons: [.init(id: "ring", mask: stateRing(filled: false), role: .tabBar),
                          .init(id: "ring-selected", mask: stateRing(filled: false, tile: true), role: .tabBar)],
                  target: "ring-selected", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    var findings: [Finding] = []
    let byId = Dictionary(context.icons.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for selected in context.icons where selected.state == .selected {
      guard let unselected = byId[selected.itemId] else { continue }
      let a = unselected.metrics, b = selected.metrics
      var problems: [String] = []
      var fixes: [String] = []
      let sizeRatio = a.perceivedSizePt > 0 ? b.perceivedSizePt / a.perceivedSizePt : 1
      let ma = unselected.mask, mb = selected.mask
      var comparison: StateComparison?
      if let ma, let mb {
        comparison = StateComparison.compare(unselected: ma, selected: mb, strokeUnselectedPt: a.strokeWeightPt,
                                             strokeSelectedPt: b.strokeWeightPt)
      }
      var plate = false
      if let c = comparison {
        let tolerancePt = t(.sizeTolerance) / 2 * a.perceivedSizePt
        plate = c.isPlate(tolerancePt: tolerancePt, strokeUnselectedPt: a.strokeWeightPt, sizePt: a.perceivedSizePt,
                          minimumNCC: t(.minimumKnockoutNCC))
        if !plate, let ma, let mb { plate = StateComparison.addsBadge(unselected: ma, selected: mb) }
        if plate {
          // A plate with the drawing knocked out, or the drawing with a badge added: larger, or
          // another outline, on purpose.
        } else if c.hullIoU < t(.minimumHullIoU) || (c.structureNCC < t(.minimumStructureNCC)
                    && !c.sameInside(sameSilhouetteIoU: t(.sameSilhouetteIoU), minimumInteriorCorrelation: t(.minimumInteriorCorrelation))) {
          problems.append("it is a different drawing (outline IoU \(fmt(c.hullIoU)) after registration, edge correlation \(fmt(c.structureNCC)))")
          fixes.append("draw the selected state from the unselected drawing: filled, or with a heavier stroke")
        } else {
          if c.growthPt < -tolerancePt || c.growthPt > c.allowancePt + tolerancePt {
            let target = min(max(c.growthPt, 0), c.allowancePt)
            let k = (a.perceivedSizePt + 2 * target) / max(a.perceivedSizePt + 2 * c.growthPt, 1e-9)
            let side = c.growthPt > 0 ? "outside" : "inside"
            problems.append("its outline lies \(fmt(abs(c.growthPt))) pt \(side) the unselected one's on each side"
              + (c.allowancePt > 0 ? " (its heavier stroke explains \(fmt(c.allowancePt)) pt)" : ""))
            fixes.append("draw it \(fmt(k))× \(k > 1 ? "larger" : "smaller")")
          }
          // Moved only when the hull centroid and the silhouettes' registration both say so: a part
          // added outside the outline (a check's arm through a filled disk) moves the hull's centroid,
          // not the drawing.
          let moved = c.shiftPt.length <= c.silhouetteShiftPt.length ? c.shiftPt : c.silhouetteShiftPt
          if moved.length > t(.centerTolerancePt) {
            problems.append("its outline is moved \(fmt(moved.length)) pt from the unselected one's")
            fixes.append("move it by (\(fmt(-moved.x)), \(fmt(-moved.y))) pt")
          }
        }
      } else if abs(sizeRatio - 1) > t(.sizeTolerance) + 2 * max(0, min(b.strokeWeightPt - a.strokeWeightPt, a.strokeWeightPt)) / max(a.perceivedSizePt, 1e-9) {
        // Drawings of different pixel sizes: only the perceived sizes, with the stroke's growth.
        problems.append("its perceived size is \(fmt(sizeRatio))× the unselected one's (\(fmt(b.perceivedSizePt, 1)) vs \(fmt(a.perceivedSizePt, 1)) pt)")
        fixes.append("draw it \(fmt(1 / sizeRatio))× \(sizeRatio < 1 ? "larger" : "smaller")")
      }
      let inkRatio = a.inkAreaPt2 > 0 ? b.inkAreaPt2 / a.inkAreaPt2 : 1
      var correlation = 0.0
      if let ma, let mb, ma.width == mb.width, ma.height == mb.height {
        correlation = Spectrum.normalizedCrossCorrelationAtZeroShift(ma, mb)
      }
      if correlation >= 0.995 && abs(inkRatio - 1) < 0.02 {
        problems = ["it is identical to the unselected icon"]
        fixes = ["draw the selected state filled or with a heavier stroke"]
      } else if !plate && inkRatio < t(.minimumInkRatio) && correlation >= t(.differentBelowNCC) {
        problems.append("it is not visibly heavier (ink \(fmt(inkRatio))× the unselected one's)")
        fixes.append("fill it or draw it with a heavier stroke (ink ≥ \(fmt(t(.minimumInkRatio)))×)")
      }
      guard !problems.isEmpty else { continue }
      // A pair of catalog images that nothing puts in a bar is a pair by name alone: a table
      // cell's highlighted arrow, a design system's `.fill` variants. That it is a bar item's
      // selected state, which must be visibly heavier, is a guess: a warning that says so.
      let byName = selected.inCatalogOutsideBars && unselected.inCatalogOutsideBars
      findings.append(context.finding(
        selected,
        "selected state of \(PathText.lastComponent(selected.itemId)): " + problems.joined(separator: "; ")
          + (byName ? " (if the two are a bar item's states: no bar uses them, they are paired by name)" : ""),
        measured: sizeRatio,
        expected: "the same outline (±\(fmt(t(.sizeTolerance) * 100, 0))% beyond a heavier stroke's growth, ±\(fmt(t(.centerTolerancePt))) pt), visibly heavier",
        fix: fixes.joined(separator: "; "),
        severity: byName ? graded(.warning, cap: context.severity) : nil))
    }
    return findings
  }
}

public struct ScaleVariantMismatchRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumNCC, maximumUnmatchedShare, resizedErrorRatio
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumNCC: (0.88, "smallest correlation of a variant with the analysed drawing, blurred at the coarser resolution")
      case .maximumUnmatchedShare:
        (0.01, "share of ink that one file has and the other lacks, with lines up to 1 pt apart forgiven, below which a file under minimumNCC is the drawing drawn again (a warning), not another drawing")
      case .resizedErrorRatio:
        (0.85, "as perceived_size_outlier's errorRatio: the canvas ratio beyond which (or beyond whose inverse) a file out of proportion that is the same drawing scaled with its canvas is an error")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "scale_variant_mismatch", name: "Scale Variant Mismatch", scope: .item,
    rationale: """
      An icon's @1x, @2x and @3x files are one drawing at three resolutions: their pixel sizes \
      must be in exact 1:2:3 proportion, and the drawings must agree, or the icon changes with \
      the device. Files out of proportion are judged one by one, by what each shows on a \
      device: within a pixel of its size (an export that rounded a fractional canvas), a \
      warning; an @1x file beside an analysed @2x or @3x one, a warning (no iPhone or iPad \
      since iOS 10 has a 1x screen; pocketcasts' widget search icon holds its 80 px @2x file in \
      the @1x slot); the same drawing at the same size in points on a canvas within 1 pt of \
      the analysed one's (one pixel at @1x, the coarsest grid a canvas in points is rounded, \
      trimmed or padded on), a warning: the ink boxes (α ≥ 0.5) differ by at most 1 px of \
      each grid (in px of the coarser one: each box edge lies within half a pixel of the \
      drawing's on its own grid) and, with their centres put together on the coarser grid, \
      the drawings correlate as a re-rasterisation does (NCC ≥ 0.88, below); the file exported \
      at another size, a warning when a designer would not call it another size: its whole \
      canvas scaled to the analysed one's size in points correlates so (NCC ≥ 0.88) and the \
      ratio of the canvases is within the family size rule's error bar (0.85–1/0.85, \
      resizedErrorRatio: VLC's confetti dot, 11 pt on its @2x canvas beside 12 pt at @1x and \
      @3x, 0.92×); anything else, another drawing or the same one at a size that visibly \
      changes, is an error. In the 52 real-app audits (`Reports/real-apps`) this leaves 11 of \
      the former rule's 33 errors, each an icon whose drawing or size changes by device \
      (pocketcasts' heart 12 pt on @2x and 24 pt on @3x, one 104 px file in both slots, 1.5×; \
      githawk's merge icons on a 22.5 pt @2x canvas beside a 15 pt @3x one; kodi's recently \
      played, 0.6×); the 22 made warnings are the same drawing at the same size in points, \
      their canvases 0.2–0.7 pt apart at the scales devices load (nightguard's 15 watch \
      frames, whose @1x file is 1.3 pt larger; element's call and composer icons; brave's \
      playlist fullscreen; VLC's sharing cone), and VLC's dot. An image set whose only raster is a @1x PNG is a warning too: on \
      2x and 3x screens iOS scales it up and it blurs (nightguard's 30 px Care tab icon, \
      Sileo's folder indicators, Onion Browser's 35 px stop button, the only ones with ink in \
      the 52 audits; a loose PNG's scale is only the audit's --png-scale, and a PDF or SVG is \
      drawn sharp). Files in proportion are \
      compared at the coarser \
      resolution: the finer file box-filtered onto the coarser grid (an exact downsample then is \
      the coarser file itself), both blurred by σ = 1 px, correlated (NCC) within ±1 px. A \
      re-rasterised file of the same drawing (snapped, hinted, thin strokes, offset by half a \
      pixel) agrees: 120 drawings of Phosphor, Tabler, MDI and Lucide rendered by rsvg-convert \
      at 25 px against their 75 px rendering: NCC ≥ 0.9995 on the same grid, ≥ 0.945 offset by \
      half a pixel in x, ≥ 0.916 in x and y; the @1x and @2x files of openfoodfacts and loop \
      0.983–0.9996. Another icon of the family at 25 px: median 0.50, 98th percentile 0.83, 1 in \
      120 above 0.88 (two folder icons that differ by a small badge). Threshold 0.88. Below it \
      the error needs evidence that survives lines a pixel of @1x apart: a file drawn again at \
      one scale (pixel-fitted, its outlines redrawn) moves an edge by up to 1 pt, a part one \
      file has and the other lacks lies farther. The unmatched ink share, on the coarser grid, is \
      the larger of the ink of each file farther than 1 pt (a (2r+1)² square) from any pixel of \
      the other with coverage ≥ 0.25, and the background of each where the other is solid \
      (≥ 0.75) all around within 1 pt (a filled part against lines that cross it), over the \
      lesser ink. Below maximumUnmatchedShare (0.01) the file is the drawing drawn again: a \
      warning that says so. VLC's `resetIcon`, whose @2x outlines lie up to 1.1 pt from the \
      @3x ones (NCC 0.71), 0.005, the one file below NCC 0.88 among the 1,743 @3x/@2x pairs \
      in proportion (up to 300 px) of the real apps' whole catalogs; 9,553 pairs of different icons of one \
      calibration family below NCC 0.88 (every pair of the untouched families, @3x against the \
      other's @2x): at least 0.015, 4 below 0.02 (dense line icons whose every line lies within \
      1 pt of the other's: Tabler's atom and burger); `scripts/scale_redraw_study.py \
      --pairs-per-family 0`. Another drawing in an @1x file beside an analysed @2x or @3x one \
      is a warning that says no device loads it, as an @1x file out of proportion is \
      (ChatSecure's inbox: an outlined tray at @1x beside a solid one at @2x).
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("@2x file of a different drawing",
                  icons: ExampleFamily.icons(count: 3) + [.init(id: "v", mask: ExampleFamily.glyph(3, scale: 3),
                                                                otherScales: [ExampleFamily.glyph(5, scale: 2)])],
                  target: "v", triggers: true),
      RuleExample("@2x file one pixel too wide",
                  icons: [.init(id: "w", mask: ExampleFamily.glyph(1, scale: 3),
                                otherScales: [AlphaMask(width: 49, height: 48, scale: 2)])],
                  target: "w", triggers: true),
      RuleExample("@1x file twice its size beside right @2x and @3x files (a warning)",
                  icons: [.init(id: "x1", mask: ExampleFamily.glyph(1, scale: 3),
                                otherScales: [ExampleFamily.glyph(1, scale: 2), { var m = ExampleFamily.glyph(1, scale: 2); m.scale = 1; return m }()])],
                  target: "x1", triggers: true),
      RuleExample("@2x and @3x of one drawing",
                  icons: [.init(id: "ok", mask: ExampleFamily.glyph(1, scale: 3), otherScales: [ExampleFamily.glyph(1, scale: 2)])],
                  target: "ok", triggers: false),
      RuleExample("@2x and @3x of one outlined drawing, the @2x one rasterised half a pixel off",
                  icons: [.init(id: "half", mask: outlinedBand(innerPt: 6, scale: 3),
                                otherScales: [outlinedBand(innerPt: 6, scale: 2, offsetPt: 0.25)])],
                  target: "half", triggers: false),
      RuleExample("@2x file of the outlined drawing drawn again, its inner outline 1 pt in (a warning: every line within 1 pt of the @3x one's)",
                  icons: [.init(id: "redrawn", mask: outlinedBand(innerPt: 6, scale: 3),
                                otherScales: [outlinedBand(innerPt: 5, scale: 2)])],
                  target: "redrawn", triggers: true),
      RuleExample("a 12 pt dot whose @2x file is an 11 pt dot on an 11 pt canvas (a warning: 0.92× the size, within the size rule's error bar)",
                  icons: [.init(id: "dot", mask: centredDot(canvasPt: 12, diameterPt: 12, scale: 3),
                                otherScales: [centredDot(canvasPt: 11, diameterPt: 11, scale: 2)])],
                  target: "dot", triggers: true),
      RuleExample("one ring at the same size in points on a 16×18 pt @2x canvas and a 16×17.3 pt @3x one (a warning: the same drawing, its canvas 0.7 pt off)",
                  icons: [.init(id: "pad", mask: centredRing(widthPt: 16, heightPt: 52.0 / 3, scale: 3),
                                otherScales: [centredRing(widthPt: 16, heightPt: 18, scale: 2)])],
                  target: "pad", triggers: true),
      RuleExample("an image set whose only file is a 30 px @1x PNG (a warning: scaled up on 2x and 3x screens, it blurs)",
                  icons: [.init(id: "care", mask: centredRing(widthPt: 30, heightPt: 30, scale: 1),
                                catalog: CatalogInfo(templateRenderingIntent: "template", preservesVectorRepresentation: false,
                                                     contentsPath: "care.imageset/Contents.json", kind: "imageset"))],
                  target: "care", triggers: true),
      RuleExample("an image set whose only file is a blank 18 px @1x PNG (a spacer: nothing to blur)",
                  icons: [.init(id: "blank", mask: AlphaMask(width: 18, height: 18, scale: 1),
                                catalog: CatalogInfo(templateRenderingIntent: "template", preservesVectorRepresentation: false,
                                                     contentsPath: "blank.imageset/Contents.json", kind: "imageset"))],
                  target: "blank", triggers: false),
      RuleExample("a loose 30 px PNG (its scale is the audit's --png-scale)",
                  icons: [.init(id: "loose", mask: centredRing(widthPt: 30, heightPt: 30, scale: 1))],
                  target: "loose", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    var findings: [Finding] = []
    for icon in context.icons {
      guard !icon.variants.isEmpty else {
        if let finding = onlyOneX(icon, context) { findings.append(finding) }
        continue
      }
      let sizes = ([(Int(icon.scale.rounded()), icon.widthPx, icon.heightPx)] + icon.variants.map { ($0.scale, $0.widthPx, $0.heightPx) })
        .sorted { $0.0 < $1.0 }.map { "@\($0.0)x \($0.1)×\($0.2)" }.joined(separator: ", ")
      for variant in icon.variants {
        guard let correlation = variant.correlation, correlation < context.threshold(.minimumNCC) else { continue }
        let coarser = min(variant.scale, Int(icon.scale.rounded()))
        // Every line within 1 pt of the other file's, nothing one has that the other lacks: the
        // drawing drawn again at this scale (its outlines placed a pixel apart), not another one.
        if let unmatched = variant.unmatchedInkShare, unmatched < context.threshold(.maximumUnmatchedShare) {
          findings.append(context.finding(
            icon,
            "the @\(variant.scale)x file (\(variant.path)) is the drawing drawn again, not downsampled: correlation \(fmt(correlation)) with the @\(fmt(icon.scale, 0))x one at @\(coarser)x, every line within \(fmt(ScaleVariant.redrawTolerancePt, 0)) pt of it, so screens of each scale show a slightly different drawing",
            measured: correlation, expected: "correlation ≥ \(fmt(context.threshold(.minimumNCC)))",
            fix: "export every scale from the same source drawing",
            severity: graded(.warning, cap: context.severity)))
          continue
        }
        // Another drawing in an @1x file beside an analysed @2x or @3x one: no iPhone or iPad since
        // iOS 10 loads it (1x screens), as for an @1x file out of proportion: a warning that says so.
        let unloaded = icon.scale > 1.5 && variant.scale == 1
        findings.append(context.finding(
          icon,
          "the @\(variant.scale)x file (\(variant.path)) is a different drawing: correlation \(fmt(correlation)) with the @\(fmt(icon.scale, 0))x one at @\(coarser)x"
            + (unloaded ? ", but no iPhone or iPad since iOS 10 loads it (1x screens)" : ""),
          measured: correlation, expected: "correlation ≥ \(fmt(context.threshold(.minimumNCC)))",
          fix: "export every scale from the same source drawing",
          severity: unloaded ? graded(.warning, cap: context.severity) : nil))
      }
      // Sizes out of proportion: one finding for the icon, however many files are off (the
      // message lists every size; one finding per file printed and counted it once per file).
      let disproportionate = icon.variants.filter { $0.correlation == nil }
      if !disproportionate.isEmpty {
        let expected = disproportionate.map { variant in
          "@\(variant.scale)x \(fmt(Double(icon.widthPx) * Double(variant.scale) / icon.scale, 1))×"
            + "\(fmt(Double(icon.heightPx) * Double(variant.scale) / icon.scale, 1)) px"
        }
        // Each file by what it does on a device; an error only when one file of a scale devices
        // load shows another drawing, or the same one on a canvas of another size in points.
        let kinds = disproportionate.map { kind(of: $0, beside: icon, context) }
        let note: String
        if kinds.allSatisfy({ $0 == .slip }) {
          note = ": off by a pixel, so iOS resamples it and it blurs slightly"
        } else if kinds.allSatisfy({ $0 == .unloaded }) {
          note = ": only the @1x file, which no iPhone or iPad since iOS 10 loads (1x screens)"
        } else if kinds.contains(.different) {
          note = ""
        } else {
          note = ": " + zip(disproportionate, kinds).map { variant, kind in
            switch kind {
            case .slip: "@\(variant.scale)x off by a pixel"
            case .unloaded: "@\(variant.scale)x loaded by no iPhone or iPad since iOS 10 (1x screens)"
            case .padded:
              "@\(variant.scale)x the same drawing at the same size in points, on a canvas "
                + "\(fmt(canvasDifferencePt(variant, beside: icon), 1)) pt off"
            case .resized:
              "@\(variant.scale)x the same drawing at \(fmt(canvasRatio(variant, beside: icon)))× the size, on a canvas of "
                + "\(fmt(Double(variant.widthPx) / Double(variant.scale), 1))×\(fmt(Double(variant.heightPx) / Double(variant.scale), 1)) pt "
                + "against \(fmt(icon.widthPt, 1))×\(fmt(icon.heightPt, 1)) pt, so it looks slightly "
                + (canvasRatio(variant, beside: icon) < 1 ? "smaller" : "larger") + " on those screens"
            case .different: ""
            }
          }.joined(separator: "; ")
        }
        findings.append(context.finding(
          icon,
          "pixel sizes are not in proportion to the scales (\(sizes))" + note,
          expected: expected.joined(separator: ", "),
          fix: "export @1x, @2x and @3x from one canvas size in points (\(fmt(icon.widthPt, 1))×\(fmt(icon.heightPt, 1)) pt)",
          severity: graded(kinds.contains(.different) ? .error : .warning, cap: context.severity)))
      }
    }
    return findings
  }

  /// An image set whose only raster is @1x: every iPhone and iPad since iOS 10 has a 2x or 3x
  /// screen, so iOS scales it up 2–3× and it blurs (a vector, PDF or SVG, is drawn sharp). A loose
  /// PNG is left alone: its scale is only the audit's `--png-scale`; so is a blank one.
  func onlyOneX(_ icon: AuditIcon, _ context: RuleContext<Self>) -> Finding? {
    guard icon.scale.rounded() == 1, icon.catalog?.kind == "imageset", icon.path.lowercased().hasSuffix(".png"),
      icon.metrics.inkAreaPt2 > 0  // a blank spacer has nothing to blur
    else { return nil }
    let (w, h) = (icon.widthPx, icon.heightPx)
    return context.finding(
      icon,
      "only a @1x file (\(PathText.lastComponent(icon.path)), \(w)×\(h) px): on 2x and 3x screens iOS scales it up and it blurs",
      expected: "@2x \(2 * w)×\(2 * h) px, @3x \(3 * w)×\(3 * h) px",
      fix: "add @2x and @3x files drawn at \(2 * w)×\(2 * h) and \(3 * w)×\(3 * h) px, or a PDF with Preserve Vector Data",
      severity: graded(.warning, cap: context.severity))
  }

  /// What a file out of proportion does on a device.
  enum VariantKind {
    /// Within a pixel of its size (an export that rounded a fractional canvas).
    case slip
    /// An @1x file beside an analysed @2x or @3x one: no iPhone or iPad since iOS 10 loads it.
    case unloaded
    /// The same drawing at the same size in points on a canvas within ``paddingTolerancePt`` of
    /// the analysed one's: the icon looks the same on every device.
    case padded
    /// The same drawing scaled with its canvas by a ratio within the family size rule's error bar
    /// (``Threshold/resizedErrorRatio``): the icon is slightly smaller or larger on some devices.
    case resized
    /// Another drawing, or the same one on a canvas of another size: the icon changes by device.
    case different
  }

  /// How far (pt) two canvases of one drawing may differ and still show it the same: one pixel
  /// at @1x, the coarsest grid a canvas in points is rounded, trimmed or padded on.
  static let paddingTolerancePt = 1.0

  /// The larger of the width and height differences (pt) of a variant's canvas and the analysed one's.
  func canvasDifferencePt(_ variant: ScaleVariant, beside icon: AuditIcon) -> Double {
    max(abs(Double(variant.widthPx) / Double(variant.scale) - icon.widthPt),
        abs(Double(variant.heightPx) / Double(variant.scale) - icon.heightPt))
  }

  /// The variant's canvas size in points over the analysed one's: of the width and height ratios,
  /// the one farther from 1.
  func canvasRatio(_ variant: ScaleVariant, beside icon: AuditIcon) -> Double {
    let w = Double(variant.widthPx) / Double(variant.scale) / icon.widthPt
    let h = Double(variant.heightPx) / Double(variant.scale) / icon.heightPt
    return abs(log(w)) >= abs(log(h)) ? w : h
  }

  func kind(of variant: ScaleVariant, beside icon: AuditIcon, _ context: RuleContext<Self>) -> VariantKind {
    let scale = Double(variant.scale)
    if abs(Double(variant.widthPx) - Double(icon.widthPx) * scale / icon.scale) <= 1
      && abs(Double(variant.heightPx) - Double(icon.heightPx) * scale / icon.scale) <= 1 { return .slip }
    if icon.scale > 1.5 && variant.scale == 1 { return .unloaded }
    // The same drawing: it correlates as a re-rasterisation does, and its ink box is within
    // the two grids' snapping (1 px of each, in px of the coarser grid).
    let coarser = min(scale, icon.scale), finer = max(scale, icon.scale)
    if let correlation = variant.drawingCorrelation, let difference = variant.drawingSizeDifferencePx,
      correlation >= context.threshold(.minimumNCC), difference <= 1 + coarser / finer,
      canvasDifferencePt(variant, beside: icon) <= Self.paddingTolerancePt { return .padded }
    // The file exported at another size: the same drawing once its canvas is scaled to the
    // analysed one's, by a ratio a designer would not call another size (the size rule's bar).
    if let resized = variant.resizedCorrelation, resized >= context.threshold(.minimumNCC),
      abs(log(canvasRatio(variant, beside: icon))) < abs(log(context.threshold(.resizedErrorRatio))) { return .resized }
    return .different
  }
}

public struct NotTemplateRenderingRule: Rule {
  public init() {}
  public static let description = RuleDescription(
    identifier: "not_template_rendering", name: "Not Template Rendering", scope: .icon,
    rationale: """
      Bar icons are template images: iOS ignores their colour and tints their alpha (HIG, Custom \
      icons). An asset catalog image set of a tab bar, toolbar or navigation bar icon whose \
      'Render As' is 'Original Image' shows its own colours; one left at 'Default' depends on \
      where it is used (info). A bar whose image sets are nearly all Original (at least \
      \(Self.colouredBarMinimum) of them and three quarters of the bar's sets) draws its own \
      colours on purpose, unselected and selected states told apart by colour (the way before \
      iOS 10's unselectedItemTintColor): one warning for the bar, on its first Original set, \
      instead of an error per image (Reports/real-apps, round 5: Yep's tab bar, 9 of its 10 sets \
      Original, gave 9 errors judged debatable; the one Original set among tinted neighbours in \
      the 65 audits, Habitica's filter, 1 of 4, is an error judged right and stays one). \
      A set rendered as Original Image whose colours draw parts its alpha does not \
      (`template_not_monochrome`'s error: a second colour inside the glyph, beyond a rim, with a \
      colour edge) is colour art on purpose, and "render it as a template" would make those parts \
      vanish into one tinted shape: a warning that says so (VLC's select-all on state, a white \
      check on an orange disk, which its code puts in the navigation bar, was an error).
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a tab bar image set rendered as original",
                  icons: [.init(id: "tab", mask: ExampleFamily.glyph(0), role: .tabBar,
                                catalog: CatalogInfo(templateRenderingIntent: "original", preservesVectorRepresentation: false,
                                                     contentsPath: "tab.imageset/Contents.json", kind: "imageset"))],
                  target: "tab", triggers: true),
      RuleExample("a tab bar image set rendered as template",
                  icons: [.init(id: "tab", mask: ExampleFamily.glyph(0), role: .tabBar,
                                catalog: CatalogInfo(templateRenderingIntent: "template", preservesVectorRepresentation: false,
                                                     contentsPath: "tab.imageset/Contents.json", kind: "imageset"))],
                  target: "tab", triggers: false),
      RuleExample("a loose PNG (no catalog)", icons: [.init(id: "tab", mask: ExampleFamily.glyph(0), role: .tabBar)],
                  target: "tab", triggers: false),
      RuleExample("a tab bar whose four image sets are all rendered as original: one warning, on the first",
                  icons: (0..<4).map { originalTab($0) }, target: "tab0", triggers: true),
      RuleExample("… and none on the others", icons: (0..<4).map { originalTab($0) }, target: "tab2", triggers: false),
      RuleExample("a navigation bar image set rendered as original, a white disk with a black dot inside: colour art on purpose (a warning; as a template the dot would vanish)",
                  icons: [.init(id: "on", image: HygieneExamples.whiteDisk(blackWithin: 0.5, dot: 2), role: .navigationBar,
                                catalog: CatalogInfo(templateRenderingIntent: "original", preservesVectorRepresentation: false,
                                                     contentsPath: "on.imageset/Contents.json", kind: "imageset"))],
                  target: "on", triggers: true),
    ])

  static let barRoles: Set<IconRole> = [.tabBar, .toolbar, .navigationBar, .quickAction]

  /// The fewest Original image sets that make a bar one that draws its own colours (with three
  /// quarters of its sets): one or two Original sets are each an error.
  static let colouredBarMinimum = 3

  /// A tab bar example item `tab<index>` whose image set is rendered as original.
  static func originalTab(_ index: Int) -> RuleExample.Icon {
    .init(id: "tab\(index)", mask: ExampleFamily.glyph(index), role: .tabBar,
          catalog: CatalogInfo(templateRenderingIntent: "original", preservesVectorRepresentation: false,
                               contentsPath: "tab\(index).imageset/Contents.json", kind: "imageset"))
  }

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let sets = context.icons.filter { icon in
      guard let catalog = icon.catalog else { return false }
      return catalog.kind == "imageset" && Self.barRoles.contains(icon.role)
    }
    let originals = sets.filter { $0.catalog?.templateRenderingIntent == "original" }
    // A bar that draws its own colours: one warning for the bar, on its first Original set.
    if originals.count >= Self.colouredBarMinimum && 4 * originals.count >= 3 * sets.count, let first = originals.first {
      let role = CanvasSizeRule.roleName(first.role)
      let names = originals.prefix(3).map { PathText.lastComponent($0.id) }.joined(separator: ", ")
        + (originals.count > 3 ? ", …" : "")
      let bar = sets.count == originals.count ? "all \(sets.count)" : "\(originals.count) of the \(sets.count)"
      let barFinding = context.finding(
        first, "\(bar) \(role) image sets are rendered as Original Image (\(names)): the bar draws its own colours, "
          + "so they do not follow the tint, dark mode, highlighting or dimming",
        expected: "template-rendering-intent: template",
        fix: "if the colours are not the point, set Render As to Template Image and colour the bar with tintColor "
          + "and unselectedItemTintColor",
        severity: min(.warning, context.severity))
      return [barFinding] + sets.compactMap { icon in
        icon.catalog?.templateRenderingIntent == "original" || icon.catalog?.templateRenderingIntent == "template"
          ? nil : defaultFinding(icon, context)
      }
    }
    return sets.compactMap { icon in
      guard let catalog = icon.catalog else { return nil }
      switch catalog.templateRenderingIntent {
      case "template": return nil
      case "original":
        let message = "\(withArticle(CanvasSizeRule.roleName(icon.role))) image set rendered as Original Image (\(catalog.contentsPath))"
        // Colour art on purpose: its colours draw parts its alpha does not (a white check on an
        // orange disk), so as a template those parts would vanish into one tinted shape.
        if TemplateNotMonochromeRule.colourLoss(
          icon.metrics, maximumSpread: TemplateNotMonochromeRule.Threshold.maximumSpread.declaration.defaultValue,
          minimumEdgeStep: TemplateNotMonochromeRule.Threshold.minimumEdgeStep.declaration.defaultValue) == .parts {
          return context.finding(
            icon, message + ": drawn in colours that draw parts its alpha does not (colour spread "
              + "\(fmt(icon.metrics.colorSpread ?? 0, 0))), so it shows in its own colours on purpose, not in the bar's tint; "
              + "as a template those parts would vanish into one tinted shape",
            expected: "template-rendering-intent: template, or a deliberate colour image",
            fix: "keep it Original if the colours are meant; to follow the bar's tint, redraw it as a one-colour glyph (every part by shape or transparency) and set Render As to Template Image",
            severity: graded(.warning, cap: context.severity))
        }
        return context.finding(
          icon, message,
          expected: "template-rendering-intent: template", fix: "set Render As to Template Image in the asset catalog")
      default:
        return defaultFinding(icon, context)
      }
    }
  }

  /// The note on a bar image set left at Render As: Default.
  func defaultFinding(_ icon: AuditIcon, _ context: RuleContext<Self>) -> Finding? {
    guard let catalog = icon.catalog else { return nil }
    return context.finding(
      icon, "\(withArticle(CanvasSizeRule.roleName(icon.role))) image set left at Render As: Default (\(catalog.contentsPath))",
      expected: "template-rendering-intent: template", fix: "set Render As to Template Image so it is a template everywhere",
      severity: min(.info, context.severity))
  }
}

/// An outlined band like VLC's `resetIcon`: the 0.5 pt outlines of a circle of radius 10 pt and
/// of one of radius `innerPt`, centred on a 24 pt canvas moved by `offsetPt` (right and down).
/// Drawn at two scales with another `innerPt`, the same drawing drawn again with one outline moved.
func outlinedBand(innerPt: Double, scale: Double, offsetPt: Double = 0) -> AlphaMask {
  var d = ExampleDrawing(widthPt: 24, heightPt: 24, scale: scale)
  d.ring(cx: 12 + offsetPt, cy: 12 + offsetPt, r: 10, width: 0.5)
  d.ring(cx: 12 + offsetPt, cy: 12 + offsetPt, r: innerPt, width: 0.5)
  return d.mask
}

/// A disk of `diameterPt` filling a square canvas of `canvasPt` (VLC's confetti `dot3`).
func centredDot(canvasPt: Double, diameterPt: Double, scale: Double) -> AlphaMask {
  var d = ExampleDrawing(widthPt: canvasPt, heightPt: canvasPt, scale: scale)
  d.disk(cx: canvasPt / 2, cy: canvasPt / 2, r: diameterPt / 2)
  return d.mask
}

/// A 2 pt ring of radius 7 pt centred on a `widthPt × heightPt` canvas: one drawing on canvases
/// padded differently at each scale.
func centredRing(widthPt: Double, heightPt: Double, scale: Double) -> AlphaMask {
  var d = ExampleDrawing(widthPt: widthPt, heightPt: heightPt, scale: scale)
  d.ring(cx: widthPt / 2, cy: heightPt / 2, r: 7, width: 2)
  return d.mask
}

/// Tab bar example items g0…, with filled selected versions for the given indices.
func tabItems(withSelected selected: [Int]) -> [RuleExample.Icon] {
  var icons: [RuleExample.Icon] = []
  for i in selected {
    icons.append(.init(id: "g\(i)", mask: ExampleFamily.glyph(i), role: .tabBar))
    icons.append(.init(id: "g\(i)-selected", mask: filledGlyph(i), role: .tabBar))
  }
  return icons
}

/// A filled version of example glyphs 0 (circle) to 3 (landscape rectangle).
func filledGlyph(_ index: Int, size: Double = 1) -> AlphaMask {
  var d = ExampleDrawing()
  let c = 12.0
  switch index % 4 {
  case 0: d.disk(cx: c, cy: c, r: 11 * size)
  case 1: d.rect(x: c - 10 * size, y: c - 10 * size, width: 20 * size, height: 20 * size)
  case 2: d.rect(x: c - 9 * size, y: c - 11 * size, width: 18 * size, height: 22 * size)
  default: d.rect(x: c - 11 * size, y: c - 9 * size, width: 22 * size, height: 18 * size)
  }
  return d.mask
}

/// A filled 16 pt square centred on a 25 pt canvas at @2x.
func stateSquare() -> AlphaMask {
  AlphaMask(width: 50, height: 50, scale: 2) { x, y in abs(Double(x) + 0.5 - 25) <= 16 && abs(Double(y) + 0.5 - 25) <= 16 ? 1 : 0 }
}

/// The glyph a ``framedSquare(filled:glyph:)`` draws inside its frame.
enum FramedGlyph { case caret, caretUp }

/// A 20 pt square on a 25 pt canvas (@2x unless given) with a glyph inside (a caret pointing down
/// or up): outline, a frame (3 pt unless given) with the glyph in ink; filled, the square with the glyph
/// knocked out (Font Awesome's square-caret-down and its solid version).
func framedSquare(filled: Bool, glyph: FramedGlyph = .caret, frame stroke: Double = 3, scale: Double = 2) -> AlphaMask {
  let side = Int(25 * scale)
  return AlphaMask(width: side, height: side, scale: scale) { x, y in
    var sum: Float = 0
    for sy in 0..<4 {
      for sx in 0..<4 {
        let px = (Double(x) + (Double(sx) + 0.5) / 4) / scale - 12.5, py = (Double(y) + (Double(sy) + 0.5) / 4) / scale - 12.5
        let square = abs(px) <= 10 && abs(py) <= 10, frame = square && (abs(px) > 10 - stroke || abs(py) > 10 - stroke)
        let inside: Bool
        switch glyph {
        case .caret: inside = py >= -3 && py <= 3 && abs(px) <= (3 - py)  // a triangle pointing down
        case .caretUp: inside = py >= -3 && py <= 3 && abs(px) <= (3 + py)
        }
        let ink = filled ? square && !inside : frame || inside
        if ink { sum += 1 }
      }
    }
    return sum / 16
  }
}

/// A ring (outer radius 9 pt, stroke 2 pt unless given) on a 25 pt canvas at @2x, its centre moved
/// `dx` pt right: outline, filled, with a cross inside, or knocked out of a 23 pt tile.
/// With `badge`, a 3 pt dot at its top right corner, the ring cut back 2 pt around it (a filter's
/// "active" dot); with `arm`, a 2.5 pt bar from inside the ring out to 12 pt from its centre
/// towards the top right (a check's arm leaving a filled disk).
func stateRing(filled: Bool, stroke: Double = 2, dx: Double = 0, cross: Bool = false, tile: Bool = false,
               badge: Bool = false, arm: Bool = false) -> AlphaMask {
  let scale = 2.0, side = 50
  let c = 12.5 + dx, outer = 9.0 + (stroke - 2) / 2, inner = outer - stroke
  return AlphaMask(width: side, height: side, scale: scale) { x, y in
    var sum: Float = 0
    for sy in 0..<4 {
      for sx in 0..<4 {
        let px = (Double(x) + (Double(sx) + 0.5) / 4) / scale, py = (Double(y) + (Double(sy) + 0.5) / 4) / scale
        let r = ((px - c) * (px - c) + (py - 12.5) * (py - 12.5)).squareRoot()
        var ink = r <= outer && (filled || r >= inner)
        if cross && r < inner && (abs(px - c - (py - 12.5)) < 1 || abs(px - c + (py - 12.5)) < 1) { ink = true }
        if tile {
          let inTile = abs(px - 12.5) <= 11.5 && abs(py - 12.5) <= 11.5
          ink = inTile && !ink
        }
        if badge {
          let d = ((px - 20) * (px - 20) + (py - 5) * (py - 5)).squareRoot()
          ink = d <= 3 || (ink && d > 5)
        }
        if arm {
          // Along the diagonal towards the top right: t the distance along it, n across it.
          let t = ((px - c) - (py - 12.5)) / 2.0.squareRoot(), n = ((px - c) + (py - 12.5)) / 2.0.squareRoot()
          if t >= 4 && t <= 12 && abs(n) <= 1.25 { ink = true }
        }
        if ink { sum += 1 }
      }
    }
    return sum / 16
  }
}
