// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import IconSupport

/// What the app's code says of an image it puts in a bar: the hook through which a scan of the
/// app's code (issue 21) tells the audit which images are bar icons, whatever they look like.
///
/// Keyed in ``AuditRequest/codeBarIcons`` by icon id: the image set's path relative to the
/// audited PATH without its extension (`App/Assets.xcassets/TabBar/home`), as ``MeasuredIcon/id``.
public struct CodeBarIcon: Sendable, Equatable {
  /// The bar it is shown in (tab bar, toolbar, navigation bar).
  public var role: IconRole
  /// The family it is audited in (the icons of one bar, or of one role across the app); nil: its
  /// folder, as for any icon.
  public var family: String?
  public init(role: IconRole, family: String? = nil) {
    self.role = role
    self.family = family
  }
}

/// Tells the images that are bar icons from those that are not, so that only bar icons meet the
/// template and family rules (issue 22, item 2).
///
/// An image is a bar icon when, in this order:
/// 1. the app's code puts it in a bar (``CodeBarIcon``, from ``AuditRequest/codeBarIcons``);
/// 2. it has a role: `--role`, a configured role pattern, or a bar-named folder or catalog group
///    (`TabBar`, `Toolbar`, `NavigationBar`, `QuickActions`);
/// 3. otherwise it looks like one: its set does not say `template-rendering-intent: original`, it
///    is not named as an app icon (`AppIcon…` in its name or a folder's), it is one colour
///    (``IconMeasurements/colorSpread`` at most `template_not_monochrome`'s `maximumSpread`,
///    16 by default) or its set says `template-rendering-intent: template`, and its canvas fits a
///    bar with a margin: at most ``maximumWidthPt`` × ``maximumHeightPt`` (the tab bar's
///    48 × 32 pt, the largest a bar allows, plus a quarter). The canvas is known in points for
///    catalog images, vectors and PNGs named `@2x`/`@3x` (or read under `--png-scale`); a loose PNG
///    without a scale in its name is not judged by its size (an icon pack exported at @2x under
///    plain names would all be "too large").
///
/// The first reason that fails names why an image is left out (``AuditScope/Reason``).
/// - Complexity: O(path length) per image.
public enum BarIconScope {
  /// The widest canvas kept as a bar icon: the tab bar's 48 pt plus a quarter.
  public static let maximumWidthPt = 60.0
  /// The tallest canvas kept as a bar icon: the tab bar's 32 pt plus a quarter.
  public static let maximumHeightPt = 40.0

  /// Why an image is a bar icon.
  public enum Evidence: Sendable, Equatable {
    case code, role, looks
  }

  /// The judgement on one image.
  public enum Verdict: Sendable, Equatable {
    case barIcon(Evidence)
    case leftOut(AuditScope.Reason, detail: String?)
  }

  /// Judges one measured image. `role` is its role from `--role`, patterns and folder names;
  /// `sizeKnown` says whether its canvas in points is known (see the type's notes).
  public static func judge(_ icon: MeasuredIcon, role: IconRole, code: CodeBarIcon?, maximumSpread: Double,
                           sizeKnown: Bool) -> Verdict {
    if code != nil { return .barIcon(.code) }
    if role != .unknown { return .barIcon(.role) }
    let intent = icon.catalog?.templateRenderingIntent
    if intent == "original" { return .leftOut(.originalRendering, detail: nil) }
    if namesAnAppIcon(icon.id) { return .leftOut(.appIcon, detail: nil) }
    let widthPt = Double(icon.widthPx) / icon.scale, heightPt = Double(icon.heightPx) / icon.scale
    let size = "\(NumberFormat.points(widthPt))×\(NumberFormat.points(heightPt)) pt"
    let large = sizeKnown && (widthPt > maximumWidthPt + 1e-9 || heightPt > maximumHeightPt + 1e-9)
    if intent != "template", let spread = icon.metrics.colorSpread, spread > maximumSpread {
      let detail = "colour spread \(Int(spread.rounded())), \(size)"
      return .leftOut(large ? .colourIllustration : .colourImage, detail: detail)
    }
    if large { return .leftOut(.tooLarge, detail: size) }
    return .barIcon(.looks)
  }

  /// Whether an id names an app icon or its preview: a component that, lower-cased and without
  /// separators, contains `appicon` (`AppIcon-Dark`, `AlternateAppIcons/…`, `app_icon_classic`).
  static func namesAnAppIcon(_ id: String) -> Bool {
    id.split(separator: "/").contains { component in
      component.lowercased().filter { $0.isLetter || $0.isNumber }.contains("appicon")
    }
  }

  /// Whether a measured image's canvas in points is known: from its catalog, its vector document,
  /// its `@Nx` name, or an explicit `--png-scale`.
  static func sizeKnown(_ icon: MeasuredIcon, pngScale: Int) -> Bool {
    icon.catalog != nil || icon.kind.isVector || pngScale != 1
      || IconDiscovery.namesItsScale(PathText.lastComponent(icon.path))
  }
}

/// Points as the scope's reasons print them: whole numbers without a decimal, else one decimal.
enum NumberFormat {
  static func points(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
  }
}
