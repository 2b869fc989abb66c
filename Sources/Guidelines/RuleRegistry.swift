// SPDX-License-Identifier: GPL-3.0-or-later

/// Every rule, in catalogue order. One explicit list: a test checks that every `Rule` type in the
/// module is here and that identifiers are unique.
public enum RuleRegistry {
  public static let all: [any Rule.Type] = [
    // Family rules.
    PerceivedSizeOutlierRule.self,
    StrokeWeightOutlierRule.self,
    DetailDensityOutlierRule.self,
    StyleMismatchRule.self,
    // Item rules: states, scales, catalog.
    MissingSelectedStateRule.self,
    SelectedStateMismatchRule.self,
    ScaleVariantMismatchRule.self,
    NotTemplateRenderingRule.self,
    // Icon rules.
    OffCenterRule.self,
    StrokeWeightGuidanceRule.self,
    TooMuchDetailRule.self,
    TemplateNotMonochromeRule.self,
    TemplateOpaqueBackgroundRule.self,
    MissingAntialiasingRule.self,
    DropShadowRule.self,
    CanvasSizeRule.self,
    ShapeSizeRule.self,
    TextInIconRule.self,
    DuplicateIconRule.self,
    ResemblesSystemIconRule.self,
    // Rules of an app's code (last, so that the other rules keep their SARIF rule index).
    UnusedSelectedStateRule.self,
  ]

  public static func rule(_ identifier: String) -> (any Rule.Type)? {
    all.first { $0.description.identifier == identifier }
  }

  public static var identifiers: [String] { all.map { $0.description.identifier } }
}
