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
/// 2. its role is declared: `--role` or a configured role pattern;
/// 3. it is not, by its own pixels and set, something other than an icon (what a folder's name
///    cannot outweigh, below), and it has a role from a bar-named folder or catalog group
///    (`TabBar`, `Toolbar`, `NavigationBar`, `QuickActions`);
/// 4. otherwise it looks like one: its set does not say `template-rendering-intent: original`, it
///    is not named as an app icon (`AppIcon…` in its name or a folder's), it is one colour
///    (``IconMeasurements/colorSpread`` at most `template_not_monochrome`'s `maximumSpread`,
///    16 by default) or its set says `template-rendering-intent: template`, and its canvas fits a
///    bar with a margin: at most ``maximumWidthPt`` × ``maximumHeightPt`` (the tab bar's
///    48 × 32 pt, the largest a bar allows, plus a quarter). The canvas is known in points for
///    catalog images, vectors and PNGs named `@2x`/`@3x` (or read under `--png-scale`); a loose PNG
///    without a scale in its name is not judged by its size (an icon pack exported at @2x under
///    plain names would all be "too large").
///
/// What an image's pixels say against a folder's name (and against its look), whatever the folder:
/// - **too small**: a canvas whose longer side is under ``minimumSidePt`` (a pixel-sized colour
///   swatch, a divider; the smallest icons of the twelve repositories measured, 12 pt, are kept);
///   of unknown scale, under ``minimumSidePt`` pixels;
/// - **a solid fill**: one flat colour (spread at most ``flatSpread``) opaque (α ≥ 0.98) over at
///   least `template_opaque_background`'s `maximumShare` of the canvas (90%) with no hole: a button
///   background, a mask, a fill, with nothing drawn in it. In the twelve repositories of
///   Reports/real-apps the flat fills (masks, a button background, slider tracks, a 1×1 tint)
///   measure a spread under 0.2, and every opaque image with something in it (a gradient, a
///   placeholder tile with its logo in a lighter grey, a map) 7 to 15; a glyph on an opaque
///   square has two colours or a hole, and is kept so that `template_opaque_background` tells its
///   designer;
/// - **colour artwork**: an asset catalog image set in more than one colour (spread above
///   `maximumSpread`) whose `Contents.json` does not say `template-rendering-intent: template`
///   (absent or `original`: it could, and does not), in a folder drawn in colour (at least half of
///   the folder's images in more than one colour), not on an opaque background (whose colours are
///   the background's: `template_opaque_background` tells its designer). Drawn in colour to be
///   shown in colour (DuckDuckGo's `Shortcuts` folder, when that name stood for quick actions:
///   four shaded multicolour cell illustrations of five), as a folder's name does not make them
///   templates. One colour icon among one-colour
///   glyphs is a slip in a bar family and stays, so that `template_not_monochrome` tells its
///   designer; so do loose PNG and vector files, which say nothing of their rendering (the
///   calibration's two-colour faults). A set that says `template-rendering-intent: original` in
///   more than one colour is colour art in any folder: its colours were chosen to be shown (VLC's
///   select-all on state, a white check on an orange disk, in its navigation bar folder: as a
///   template its check would vanish into a solid disk, so "render it as a template" is no fix,
///   and "iOS keeps only the alpha" is untrue of it). The app's code (1) or a declared role (2)
///   keeps either.
///
/// The first reason that fails names why an image is left out (``AuditScope/Reason``).
/// - Complexity: O(path length) per image.
public enum BarIconScope {
  /// The widest canvas kept as a bar icon: the tab bar's 48 pt plus a quarter.
  public static let maximumWidthPt = 60.0
  /// The tallest canvas kept as a bar icon: the tab bar's 32 pt plus a quarter.
  public static let maximumHeightPt = 40.0
  /// The shortest longer side of an icon's canvas: two thirds of the smallest icons met (12 pt).
  public static let minimumSidePt = 8.0
  /// The largest colour spread (0–255) of a flat fill: its antialiased edges measure under 0.2,
  /// a gradient or a faint drawing on it 7 and more.
  public static let flatSpread = 2.0

  /// Why an image is a bar icon.
  public enum Evidence: Sendable, Equatable {
    case code, role, looks
  }

  /// The judgement on one image.
  public enum Verdict: Sendable, Equatable {
    case barIcon(Evidence)
    case leftOut(AuditScope.Reason, detail: String?)
  }

  /// Where an image's role comes from.
  public enum RoleSource: Sendable, Equatable {
    /// `--role` or a configured role pattern: the user's word, kept whatever the image looks like.
    case declared
    /// A bar-named folder or catalog group: kept unless its pixels say it is no icon.
    case folderName
    case none
  }

  /// The thresholds the judgement borrows from the template rules (their configured values).
  public struct Limits: Sendable, Equatable {
    /// `template_not_monochrome`'s `maximumSpread`: the largest colour spread of one colour.
    public var maximumSpread: Double
    /// `template_opaque_background`'s `maximumShare`: the opaque share of a solid canvas.
    public var opaqueShare: Double
    public init(maximumSpread: Double = 16, opaqueShare: Double = 0.9) {
      self.maximumSpread = maximumSpread
      self.opaqueShare = opaqueShare
    }
  }

  /// Judges one measured image. `role` is its role from `--role`, patterns and folder names, and
  /// `roleSource` where it comes from; `sizeKnown` says whether its canvas in points is known (see
  /// the type's notes); `folderInColour` whether at least half of its folder's images are in more
  /// than one colour (``foldersInColour(_:maximumSpread:)``).
  public static func judge(_ icon: MeasuredIcon, role: IconRole, roleSource: RoleSource, code: CodeBarIcon?,
                           limits: Limits, sizeKnown: Bool, folderInColour: Bool = false) -> Verdict {
    if code != nil { return .barIcon(.code) }
    if role != .unknown && roleSource == .declared { return .barIcon(.role) }
    let intent = icon.catalog?.templateRenderingIntent
    if role == .unknown {
      if intent == "original" { return .leftOut(.originalRendering, detail: nil) }
      if namesAnAppIcon(icon.id) { return .leftOut(.appIcon, detail: nil) }
    }
    let widthPt = Double(icon.widthPx) / icon.scale, heightPt = Double(icon.heightPx) / icon.scale
    // The texts of a reason, made only for an image left out (most are kept).
    var size: String { "\(NumberFormat.points(widthPt))×\(NumberFormat.points(heightPt)) pt" }
    // A folder's name, said of an image its pixels show is no icon.
    var named: String { role != .unknown ? " (its folder is named for a \(role.displayName))" : "" }
    let longerSide = sizeKnown ? max(widthPt, heightPt) : Double(max(icon.widthPx, icon.heightPx))
    if longerSide < minimumSidePt - 1e-9 {
      return .leftOut(.tooSmall, detail: (sizeKnown ? size : "\(icon.widthPx)×\(icon.heightPx) px") + named)
    }
    let spread = icon.metrics.colorSpread
    if spread.map({ $0 <= flatSpread }) ?? true, icon.metrics.holes == 0,
       icon.metrics.opaqueBackgroundShare >= limits.opaqueShare {
      let share = Int((icon.metrics.opaqueBackgroundShare * 100).rounded())
      return .leftOut(.solidFill, detail: "\(share)% of the canvas opaque in one flat colour, \(size)" + named)
    }
    let large = sizeKnown && (widthPt > maximumWidthPt + 1e-9 || heightPt > maximumHeightPt + 1e-9)
    // Colour art under a folder's role: a set that could say template and does not, in a folder
    // drawn in colour, or that says `original` (its colours chosen to show, whatever its folder:
    // VLC's select-all on state, a white check on an orange disk), not on an opaque background
    // (whose colours are the background's).
    let saysOriginal = intent == "original"
    let colourArt = icon.catalog != nil && (folderInColour || saysOriginal)
      && icon.metrics.opaqueBackgroundShare < limits.opaqueShare
    if intent != "template", let spread, spread > limits.maximumSpread, role == .unknown || colourArt {
      let why = saysOriginal ? ", rendered as Original Image" : ", no template intent, in a folder drawn in colour"
      let detail = "colour spread \(Int(spread.rounded())), \(size)" + (role != .unknown ? why + named : "")
      return .leftOut(large ? .colourIllustration : .colourImage, detail: detail)
    }
    if role != .unknown { return .barIcon(.role) }
    if large { return .leftOut(.tooLarge, detail: size) }
    return .barIcon(.looks)
  }

  /// Whether ``judge(_:role:roleSource:code:limits:sizeKnown:folderInColour:)`` leaves an image out
  /// whatever its pixels: not put in a bar by the code, no role, and its set rendered as original,
  /// named as an app icon, or its canvas too small or (`sizeKnown`) too large for a bar. The reason
  /// then still comes from its colour spread, holes and opaque share (a solid fill, colour art, or
  /// too large), which ``MetricsEngine/scopeMeasurements(_:colors:)`` measures exactly; nothing
  /// else of the image is read by the audit.
  ///
  /// Follows `judge` step by step: with no code and an unknown role, every step before the colour
  /// spread's decides on these facts alone, and a canvas beyond ``maximumWidthPt`` ×
  /// ``maximumHeightPt`` is left out at every step after it (as a solid fill, colour art or too
  /// large; the folder's colour only matters to an image with a role).
  /// `role` is asked for last, only for an image its set or size would leave out (matching role
  /// patterns and folder names is string work).
  /// - Complexity: O(id length) plus the role's.
  public static func leftOutWhateverItsPixels(
    id: String, catalog: CatalogInfo?, widthPx: Int, heightPx: Int, scale: Double, role: @autoclosure () -> IconRole,
    code: CodeBarIcon?, sizeKnown: Bool
  ) -> Bool {
    guard code == nil else { return false }
    let outBySet = catalog?.templateRenderingIntent == "original" || namesAnAppIcon(id)
    let widthPt = Double(widthPx) / scale, heightPt = Double(heightPx) / scale
    let longerSide = sizeKnown ? max(widthPt, heightPt) : Double(max(widthPx, heightPx))
    let outBySize = longerSide < minimumSidePt - 1e-9
      || sizeKnown && (widthPt > maximumWidthPt + 1e-9 || heightPt > maximumHeightPt + 1e-9)
    return (outBySet || outBySize) && role() == .unknown
  }

  /// The folders (parents of icon ids) at least half of whose images are in more than one colour
  /// (``IconMeasurements/colorSpread`` above `maximumSpread`).
  /// - Complexity: O(n) for n images.
  public static func foldersInColour(_ icons: [MeasuredIcon], maximumSpread: Double) -> Set<String> {
    var counts: [String: (colour: Int, all: Int)] = [:]
    for icon in icons {
      let folder = PathText.parent(icon.id)
      let colour = (icon.metrics.colorSpread ?? 0) > maximumSpread
      counts[folder, default: (0, 0)].all += 1
      if colour { counts[folder, default: (0, 0)].colour += 1 }
    }
    return Set(counts.filter { 2 * $0.value.colour >= $0.value.all }.keys)
  }

  /// Whether an id names an app icon or its preview: a component that, lower-cased and without
  /// separators, contains `appicon` (`AppIcon-Dark`, `AlternateAppIcons/…`, `app_icon_classic`).
  static func namesAnAppIcon(_ id: String) -> Bool {
    // An ASCII id is searched on its bytes (the same test: the ASCII letters and numbers are
    // A–Z, a–z and 0–9), without a String per component.
    guard id.utf8.allSatisfy({ $0 < 0x80 }) else {
      return id.split(separator: "/").contains { component in
        component.lowercased().filter { $0.isLetter || $0.isNumber }.contains("appicon")
      }
    }
    let word = Array("appicon".utf8)
    var matched = 0
    for byte in id.utf8 {
      if byte == UInt8(ascii: "/") {
        matched = 0
        continue
      }
      let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      let alphanumeric = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
      guard alphanumeric else { continue }
      // "appicon" has no proper prefix that is also a suffix of a longer prefix (no border), so a
      // mismatch restarts at this byte.
      if lower == word[matched] {
        matched += 1
      } else {
        matched = lower == word[0] ? 1 : 0
      }
      if matched == word.count { return true }
    }
    return false
  }

  /// Whether a measured image's canvas in points is known: from its catalog, its vector document,
  /// its `@Nx` name, or an explicit `--png-scale`.
  static func sizeKnown(_ icon: MeasuredIcon, pngScale: Int) -> Bool {
    sizeKnown(catalog: icon.catalog, kind: icon.kind, path: icon.path, pngScale: pngScale)
  }

  /// ``sizeKnown(_:pngScale:)`` of an image analysed from `path` (relative), before it is measured.
  static func sizeKnown(catalog: CatalogInfo?, kind: IconFileKind, path: String, pngScale: Int) -> Bool {
    catalog != nil || kind.isVector || pngScale != 1 || IconDiscovery.namesItsScale(PathText.lastComponent(path))
  }
}

/// Points as the scope's reasons print them: whole numbers without a decimal, else one decimal.
enum NumberFormat {
  static func points(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
  }
}
