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
    case sizeTolerance, centerTolerancePt, minimumInkRatio, differentBelowNCC
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .sizeTolerance: (0.05, "largest relative difference of perceived size")
      case .centerTolerancePt: (0.5, "largest distance between optical centres, in pt")
      case .minimumInkRatio: (1.15, "selected ink ÷ unselected ink that counts as visibly heavier")
      case .differentBelowNCC: (0.9, "correlation below which the two drawings count as different")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "selected_state_mismatch", name: "Selected State Mismatch", scope: .item,
    rationale: """
      A tab bar item's selected and unselected icons must have the same perceived size and \
      position, so the bar does not jump when the selection moves, and the selected one must be \
      visibly different: filled, or drawn with a heavier stroke (HIG, Tab bars). Compared: \
      perceived size (within 5%), optical centre (within 0.5 pt), ink (selected ≥ 1.15× or a \
      different drawing); identical drawings are a mismatch.
      """,
    defaultSeverity: .error,
    examples: [
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
      if abs(sizeRatio - 1) > t(.sizeTolerance) {
        problems.append("its perceived size is \(fmt(sizeRatio))× the unselected one's (\(fmt(b.perceivedSizePt, 1)) vs \(fmt(a.perceivedSizePt, 1)) pt)")
        fixes.append("draw it \(fmt(1 / sizeRatio))× \(sizeRatio < 1 ? "larger" : "smaller")")
      }
      // Optical centres relative to each canvas's centre, in pt.
      let dx = b.opticalCenterOffsetPt.x - a.opticalCenterOffsetPt.x, dy = b.opticalCenterOffsetPt.y - a.opticalCenterOffsetPt.y
      let shift = (dx * dx + dy * dy).squareRoot()
      if shift > t(.centerTolerancePt) {
        problems.append("its optical centre is \(fmt(shift)) pt away from the unselected one's")
        fixes.append("move it by (\(fmt(-dx)), \(fmt(-dy))) pt")
      }
      let inkRatio = a.inkAreaPt2 > 0 ? b.inkAreaPt2 / a.inkAreaPt2 : 1
      var correlation = 0.0
      if let ma = unselected.mask, let mb = selected.mask, ma.width == mb.width, ma.height == mb.height {
        correlation = Spectrum.normalizedCrossCorrelationAtZeroShift(ma, mb)
      }
      if correlation >= 0.995 && abs(inkRatio - 1) < 0.02 {
        problems.append("it is identical to the unselected icon")
        fixes.append("draw the selected state filled or with a heavier stroke")
      } else if inkRatio < t(.minimumInkRatio) && correlation >= t(.differentBelowNCC) {
        problems.append("it is not visibly heavier (ink \(fmt(inkRatio))× the unselected one's)")
        fixes.append("fill it or draw it with a heavier stroke (ink ≥ \(fmt(t(.minimumInkRatio)))×)")
      }
      guard !problems.isEmpty else { continue }
      findings.append(context.finding(
        selected,
        "selected state of \(PathText.lastComponent(selected.itemId)): " + problems.joined(separator: "; "),
        measured: sizeRatio, expected: "same size (±\(fmt(t(.sizeTolerance) * 100, 0))%) and centre (±\(fmt(t(.centerTolerancePt))) pt), visibly heavier",
        fix: fixes.joined(separator: "; ")))
    }
    return findings
  }
}

public struct ScaleVariantMismatchRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumIoU
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumIoU: (0.9, "smallest IoU of a variant with the analysed drawing")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "scale_variant_mismatch", name: "Scale Variant Mismatch", scope: .item,
    rationale: """
      An icon's @1x, @2x and @3x files are one drawing at three resolutions: their pixel sizes \
      must be in exact 1:2:3 proportion (or iOS scales them and they blur), and the drawings \
      must agree (IoU of the shapes ≥ 0.9 after resampling), or the icon changes with the device.
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
      RuleExample("@2x and @3x of one drawing",
                  icons: [.init(id: "ok", mask: ExampleFamily.glyph(1, scale: 3), otherScales: [ExampleFamily.glyph(1, scale: 2)])],
                  target: "ok", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    var findings: [Finding] = []
    for icon in context.icons where !icon.variants.isEmpty {
      let sizes = ([(Int(icon.scale.rounded()), icon.widthPx, icon.heightPx)] + icon.variants.map { ($0.scale, $0.widthPx, $0.heightPx) })
        .sorted { $0.0 < $1.0 }.map { "@\($0.0)x \($0.1)×\($0.2)" }.joined(separator: ", ")
      for variant in icon.variants {
        guard let iou = variant.iou, iou < context.threshold(.minimumIoU) else { continue }
        findings.append(context.finding(
          icon,
          "the @\(variant.scale)x file (\(variant.path)) is a different drawing: IoU \(fmt(iou)) with the @\(fmt(icon.scale, 0))x one",
          measured: iou, expected: "IoU ≥ \(fmt(context.threshold(.minimumIoU)))",
          fix: "export every scale from the same source drawing"))
      }
      // Sizes out of proportion: one finding for the icon, however many files are off (the
      // message lists every size; one finding per file printed and counted it once per file).
      let disproportionate = icon.variants.filter { $0.iou == nil }
      if !disproportionate.isEmpty {
        let expected = disproportionate.map { variant in
          "@\(variant.scale)x \(fmt(Double(icon.widthPx) * Double(variant.scale) / icon.scale, 1))×"
            + "\(fmt(Double(icon.heightPx) * Double(variant.scale) / icon.scale, 1)) px"
        }
        findings.append(context.finding(
          icon,
          "pixel sizes are not in proportion to the scales (\(sizes))",
          expected: expected.joined(separator: ", "),
          fix: "export @1x, @2x and @3x from one canvas size in points (\(fmt(icon.widthPt, 1))×\(fmt(icon.heightPt, 1)) pt)"))
      }
    }
    return findings
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
      where it is used (info).
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
    ])

  static let barRoles: Set<IconRole> = [.tabBar, .toolbar, .navigationBar, .quickAction]

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    context.icons.compactMap { icon in
      guard let catalog = icon.catalog, catalog.kind == "imageset", Self.barRoles.contains(icon.role) else { return nil }
      switch catalog.templateRenderingIntent {
      case "template": return nil
      case "original":
        return context.finding(
          icon, "\(withArticle(CanvasSizeRule.roleName(icon.role))) image set rendered as Original Image (\(catalog.contentsPath))",
          expected: "template-rendering-intent: template", fix: "set Render As to Template Image in the asset catalog")
      default:
        return context.finding(
          icon, "\(withArticle(CanvasSizeRule.roleName(icon.role))) image set left at Render As: Default (\(catalog.contentsPath))",
          expected: "template-rendering-intent: template", fix: "set Render As to Template Image so it is a template everywhere",
          severity: min(.info, context.severity))
      }
    }
  }
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
