// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import IconMetrics
import IconRaster

/// What a rule looks at.
public enum RuleScope: String, Sendable, Codable {
  /// One icon on its own.
  case icon
  /// An icon against its family.
  case family
  /// A tab bar item: its states and scales.
  case item
}

/// A rule's static description: identity, guideline, and examples that are run as tests and
/// printed in the catalogue. Its thresholds are declared by the rule's ``Rule/Threshold`` type.
public struct RuleDescription: Sendable {
  /// snake_case, stable: a public contract (configuration, baselines, CI filters use it).
  public var identifier: String
  public var name: String
  public var scope: RuleScope
  /// The guideline the rule encodes, in words a designer knows.
  public var rationale: String
  public var defaultSeverity: Severity
  /// Families that must trigger and must not trigger the rule on their target icon. Drawn on first
  /// use: an audit reads a description's identifier, never its examples.
  public var examples: [RuleExample] { exampleStore.value }
  private let exampleStore: LazyExamples
  /// Runs only when asked for (e.g. `resembles_system_icon` needs `--reference`).
  public var needsReference: Bool

  public init(identifier: String, name: String, scope: RuleScope, rationale: String,
              defaultSeverity: Severity,
              examples: @autoclosure @escaping @Sendable () -> [RuleExample] = [], needsReference: Bool = false) {
    self.identifier = identifier
    self.name = name
    self.scope = scope
    self.rationale = rationale
    self.defaultSeverity = defaultSeverity
    self.exampleStore = LazyExamples(examples)
    self.needsReference = needsReference
  }
}

/// A rule's examples, made once on first use, from any thread.
private final class LazyExamples: @unchecked Sendable {
  private let lock = NSLock()
  private let make: @Sendable () -> [RuleExample]
  private var made: [RuleExample]?

  init(_ make: @escaping @Sendable () -> [RuleExample]) { self.make = make }

  var value: [RuleExample] {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let examples = make()
    made = examples
    return examples
  }
}

/// An icon as the rules see it.
public struct AuditIcon: Sendable {
  /// The fields, shared by the copies of an icon until one of them is changed (copy on write): an
  /// icon is copied wherever a rule filters, maps or loops over a family, and a copy of twenty
  /// fields (strings, arrays, a closure) was about 0.08 s of a warm 10,000-icon audit's CPU in
  /// retains and releases; a copy is now one.
  private var box: Box
  private final class Box: @unchecked Sendable {
    var id: String
    var path: String
    var family: String
    var role: IconRole
    var scale: Double
    var widthPx: Int
    var heightPx: Int
    var metrics: IconMeasurements
    var storedMask: CompactMask? = nil
    var maskLoader: MaskLoader? = nil
    var signatureCache: SignatureCache = SignatureCache()
    var textDetection: (minimumHeightPx: Int, detection: TextDetector.Detection?)? = nil
    var state: IconState
    var itemId: String
    var catalog: CatalogInfo?
    var variants: [ScaleVariant]
    var codeUse: CodeUse? = nil
    var contentKey: [UInt8]? = nil
    var documentSizePt: RGBAImage.DocumentSize? = nil

    init(id: String, path: String, family: String, role: IconRole, scale: Double, widthPx: Int, heightPx: Int,
         metrics: IconMeasurements, state: IconState, itemId: String, catalog: CatalogInfo?, variants: [ScaleVariant]) {
      (self.id, self.path, self.family, self.role, self.scale) = (id, path, family, role, scale)
      (self.widthPx, self.heightPx, self.metrics, self.state, self.itemId) = (widthPx, heightPx, metrics, state, itemId)
      (self.catalog, self.variants) = (catalog, variants)
    }

    func copy() -> Box {
      let copy = Box(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx, heightPx: heightPx,
                     metrics: metrics, state: state, itemId: itemId, catalog: catalog, variants: variants)
      (copy.storedMask, copy.maskLoader, copy.signatureCache) = (storedMask, maskLoader, signatureCache)
      (copy.textDetection, copy.codeUse, copy.contentKey, copy.documentSizePt) = (textDetection, codeUse, contentKey, documentSizePt)
      return copy
    }
  }

  /// The fields for a change: copied first when another icon shares them.
  private mutating func unique() -> Box {
    if !isKnownUniquelyReferenced(&box) { box = box.copy() }
    return box
  }

  public var id: String {
    get { box.id }
    set { unique().id = newValue }
  }
  public var path: String {
    get { box.path }
    set { unique().path = newValue }
  }
  /// The family it belongs to (its folder, or its asset-catalog group).
  public var family: String {
    get { box.family }
    set { unique().family = newValue }
  }
  public var role: IconRole {
    get { box.role }
    set { unique().role = newValue }
  }
  public var scale: Double {
    get { box.scale }
    set { unique().scale = newValue }
  }
  public var widthPx: Int {
    get { box.widthPx }
    set { unique().widthPx = newValue }
  }
  public var heightPx: Int {
    get { box.heightPx }
    set { unique().heightPx = newValue }
  }
  public var metrics: IconMeasurements {
    get { box.metrics }
    set { unique().metrics = newValue }
  }
  /// The coverage, for rules that compare drawings (duplicates, look-alikes, text). Stored a byte
  /// a pixel (`CompactMask`, lossless for 8-bit sources) and expanded on each access; read again
  /// on each access (a PNG from its file) when the icon has a ``maskLoader`` instead.
  public var mask: AlphaMask? {
    get { compactMask?.alphaMask }
    set { compactMask = newValue.map(CompactMask.init) }
  }
  public var compactMask: CompactMask? {
    get { storedMask ?? maskLoader?() }
    set {
      storedMask = newValue
      maskLoader = nil
      signatureCache = SignatureCache()
    }
  }
  private var storedMask: CompactMask? {
    get { box.storedMask }
    set { unique().storedMask = newValue }
  }
  /// Reads the drawing again (a PNG from its file, a vector icon from a PNG of its coverage kept in
  /// memory) when it is not kept as pixels: an audit of ten
  /// thousand icons keeps only their measurements, signatures and text detections; what needs the
  /// pixels reads them back: the rules that compare two drawings (duplicates, selected states,
  /// look-alikes of `--reference` icons), the stair count of aliased edges, the HTML report.
  public private(set) var maskLoader: MaskLoader? {
    get { box.maskLoader }
    set { unique().maskLoader = newValue }
  }
  /// Whether the icon has a drawing, kept or to be read (without reading it).
  public var hasDrawing: Bool { storedMask != nil || maskLoader != nil }
  /// The drawing's ``Spectrum/signature(_:)`` (nil without a mask), computed on first use and
  /// shared by the copies of this icon: the duplicate and look-alike rules and the JSON report all
  /// read it.
  public var signature: Spectrum.Signature? { signatureCache.value(of: self) }
  private var signatureCache: SignatureCache {
    get { box.signatureCache }
    set { unique().signatureCache = newValue }
  }
  /// ``TextDetector/detect(_:minimumHeightPx:)`` of the drawing, computed while the icon was
  /// measured, with the letter height it was computed for; nil when it was not (the text rule then
  /// detects on the drawing itself).
  public var textDetection: (minimumHeightPx: Int, detection: TextDetector.Detection?)? {
    get { box.textDetection }
    set { unique().textDetection = newValue }
  }
  /// Tab bar items come in two states; an icon named with a selected suffix (`star-selected`)
  /// is the selected state of the item `star`.
  public var state: IconState {
    get { box.state }
    set { unique().state = newValue }
  }
  /// The item the icon is a state of (its id without the selected suffix).
  public var itemId: String {
    get { box.itemId }
    set { unique().itemId = newValue }
  }
  /// Asset catalog properties, when the icon is an image set.
  public var catalog: CatalogInfo? {
    get { box.catalog }
    set { unique().catalog = newValue }
  }
  /// The other scales of the icon (its @1x/@2x/@3x files), compared with the analysed one.
  public var variants: [ScaleVariant] {
    get { box.variants }
    set { unique().variants = newValue }
  }
  /// What the app's code says of it, when the audit read the code (`iconaudit audit APP_FOLDER`).
  public var codeUse: CodeUse? {
    get { box.codeUse }
    set { unique().codeUse = newValue }
  }
  /// The identity of its drawing: the key its measurements are cached under (a SHA-256 of its
  /// files' bytes and of everything that changes the pixels), so equal keys mean equal drawings;
  /// nil when it was not measured through a cache. Rules key results computed from drawings by it
  /// (``RuleResultKey``).
  public var contentKey: [UInt8]? {
    get { box.contentKey }
    set { unique().contentKey = newValue }
  }

  public init(id: String, path: String, family: String = "", role: IconRole = .unknown, scale: Double,
              widthPx: Int, heightPx: Int, metrics: IconMeasurements, mask: AlphaMask? = nil,
              state: IconState = .unselected, itemId: String? = nil, catalog: CatalogInfo? = nil,
              variants: [ScaleVariant] = [], compactMask: CompactMask? = nil) {
    self.init(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx, heightPx: heightPx,
              metrics: metrics, state: state, itemId: itemId, catalog: catalog, variants: variants)
    self.storedMask = compactMask ?? mask.map(CompactMask.init)
  }

  /// An icon whose drawing is read again from its file when a rule needs it, with its signature
  /// (and text detection) computed while it was measured.
  public init(id: String, path: String, family: String = "", role: IconRole = .unknown, scale: Double,
              widthPx: Int, heightPx: Int, metrics: IconMeasurements, state: IconState = .unselected,
              itemId: String? = nil, catalog: CatalogInfo? = nil, variants: [ScaleVariant] = [],
              maskLoader: MaskLoader?, signature: Spectrum.Signature?,
              textDetection: (minimumHeightPx: Int, detection: TextDetector.Detection?)? = nil) {
    self.init(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx, heightPx: heightPx,
              metrics: metrics, state: state, itemId: itemId, catalog: catalog, variants: variants)
    self.maskLoader = maskLoader
    self.textDetection = textDetection
    if let signature { signatureCache.store(signature) }
  }

  private init(id: String, path: String, family: String, role: IconRole, scale: Double, widthPx: Int,
               heightPx: Int, metrics: IconMeasurements, state: IconState, itemId: String?,
               catalog: CatalogInfo?, variants: [ScaleVariant]) {
    box = Box(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx, heightPx: heightPx,
              metrics: metrics, state: state, itemId: itemId ?? id, catalog: catalog, variants: variants)
  }

  public var widthPt: Double { Double(widthPx) / scale }
  public var heightPt: Double { Double(heightPx) / scale }

  /// A vector icon's document size in points (its PDF page, its SVG's size), which its pixels
  /// round to whole pixels; nil for a PNG.
  public var documentSizePt: RGBAImage.DocumentSize? {
    get { box.documentSizePt }
    set { unique().documentSizePt = newValue }
  }
  /// The canvas in points as the app gets it: the document's size for a vector icon (Xcode makes
  /// an image of that many points), else the pixels ÷ scale.
  public var canvasPt: (width: Double, height: Double) {
    documentSizePt.map { ($0.width, $0.height) } ?? (widthPt, heightPt)
  }

  /// Whether it is an asset catalog image that nothing but its look puts in a bar: no role (no
  /// bar-named folder or catalog group, `--role`, role pattern, or use in a bar by the app's
  /// code). A whole repository's catalogs hold such images by the hundred (table cells' arrows,
  /// status lights, a design system's `.fill` variants); that one is a bar item's selected state
  /// is then a guess from its name. Loose files are left out of this: the user gave them as icons.
  public var inCatalogOutsideBars: Bool { role == .unknown && catalog != nil }

  /// Whether that it is a template image is only a guess from its look: ``inCatalogOutsideBars``,
  /// and its set does not say `template-rendering-intent: template` (Render As: Default, so the
  /// image view it is put in decides). The template rules grade what they find on it a warning
  /// (Reports/real-apps: Habitica's opaque intro caret, Kodi's glowing status lights).
  public var templateByLookAlone: Bool { inCatalogOutsideBars && catalog?.templateRenderingIntent != "template" }
}

/// A signature computed once, from any thread (two threads may both compute it: the same value).
private final class SignatureCache: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Spectrum.Signature?

  func store(_ signature: Spectrum.Signature) {
    lock.lock()
    stored = signature
    lock.unlock()
  }

  func value(of icon: AuditIcon) -> Spectrum.Signature? {
    lock.lock()
    let cached = stored
    lock.unlock()
    if let cached { return cached }
    guard let mask = icon.compactMask else { return nil }
    let computed = Spectrum.signature(mask.alphaMask)
    lock.lock()
    stored = computed
    lock.unlock()
    return computed
  }
}

/// Reads an icon's drawing again; nil when it cannot be read any more.
public typealias MaskLoader = @Sendable () -> CompactMask?

/// The state of a tab bar item's icon.
public enum IconState: String, Sendable, Codable {
  case unselected, selected
}

/// One file of an icon at another scale than the analysed one.
public struct ScaleVariant: Sendable, Equatable {
  public var path: String
  public var scale: Int
  public var widthPx: Int
  public var heightPx: Int
  /// How well this file agrees with the analysed drawing (see ``compare(analysed:other:path:)``);
  /// nil when the sizes are not in proportion (nothing to compare).
  public var correlation: Double?
  /// When the sizes are not in proportion: how well the two drawings agree with their canvases set
  /// aside (see ``compareDrawings(analysed:other:)``); nil when in proportion or either is empty.
  public var drawingCorrelation: Double?
  /// When the sizes are not in proportion: the larger difference of the two drawings' ink extents
  /// (width or height, in points), in px of the coarser grid; nil when in proportion or either is
  /// empty.
  public var drawingSizeDifferencePx: Double?
  /// When the sizes are in proportion: the share of ink that the other file has nowhere within
  /// 1 pt (see ``unmatchedInkShare(_:_:radiusPx:)``); nil when not in proportion.
  public var unmatchedInkShare: Double?
  /// When the sizes are not in proportion: how well this file agrees with the analysed drawing
  /// once its whole canvas is scaled to the analysed one's size in points (see
  /// ``compareResized(analysed:other:)``); nil when in proportion or either is empty.
  public var resizedCorrelation: Double?
  public init(path: String, scale: Int, widthPx: Int, heightPx: Int, correlation: Double?,
              drawingCorrelation: Double? = nil, drawingSizeDifferencePx: Double? = nil,
              unmatchedInkShare: Double? = nil, resizedCorrelation: Double? = nil) {
    self.path = path
    self.scale = scale
    self.widthPx = widthPx
    self.heightPx = heightPx
    self.correlation = correlation
    self.drawingCorrelation = drawingCorrelation
    self.drawingSizeDifferencePx = drawingSizeDifferencePx
    self.unmatchedInkShare = unmatchedInkShare
    self.resizedCorrelation = resizedCorrelation
  }

  /// The blur, in px of the coarser grid, under which two rasterisations of one drawing agree.
  public static let blurSigmaPx = 1.0

  /// Compares a file at another scale with the analysed drawing, at the coarser of the two
  /// resolutions. When the pixel sizes are in exact proportion to the scales, the finer mask is
  /// box-filtered onto the coarser one's grid (exact for the integer ratios 2:1 and 3:1, so an
  /// exact downsample gives the coarser file itself), both are blurred with a Gaussian of
  /// σ = ``blurSigmaPx`` (1 px of that grid) and compared by the peak of
  /// ``Spectrum/normalizedCrossCorrelation(_:_:maxShift:)`` within ±1 px. The blur and the shift
  /// absorb what rasterising the same drawing again at @1x does (pixel snapping, hinting, a
  /// half-pixel offset, thin strokes that fall between pixels); a different drawing still
  /// correlates poorly.
  ///
  /// - Complexity: O(W·H·⌈ratio⌉²) for the box filter plus O(P log P) for the blur and the
  ///   correlation, W × H the coarser grid and P its padded size.
  public static func compare(analysed mask: AlphaMask, other: AlphaMask, path: String) -> ScaleVariant {
    let inProportion = Double(other.width) * mask.scale == Double(mask.width) * other.scale
      && Double(other.height) * mask.scale == Double(mask.height) * other.scale
    var correlation: Double?, unmatched: Double?
    if inProportion && other.width > 0 && other.height > 0 && mask.width > 0 && mask.height > 0 {
      let (w, h) = other.width <= mask.width ? (other.width, other.height) : (mask.width, mask.height)
      let coarseA = mask.resampled(width: w, height: h), coarseB = other.resampled(width: w, height: h)
      let a = Spectrum.gaussianBlur(coarseA, sigmaPx: blurSigmaPx, marginPx: 2)
      let b = Spectrum.gaussianBlur(coarseB, sigmaPx: blurSigmaPx, marginPx: 2)
      let empty = a.coverage.allSatisfy { $0 == 0 } && b.coverage.allSatisfy { $0 == 0 }
      correlation = empty ? 1 : Spectrum.normalizedCrossCorrelation(a, b, maxShift: 1).peak
      let coarser = min(mask.scale, other.scale)
      unmatched = unmatchedInkShare(coarseA, coarseB, radiusPx: max(1, Int((coarser * redrawTolerancePt).rounded())))
    }
    let drawings = inProportion ? nil : compareDrawings(analysed: mask, other: other)
    return ScaleVariant(path: path, scale: Int(other.scale.rounded()), widthPx: other.width, heightPx: other.height,
                        correlation: correlation, drawingCorrelation: drawings?.correlation,
                        drawingSizeDifferencePx: drawings?.sizeDifferencePx, unmatchedInkShare: unmatched,
                        resizedCorrelation: inProportion ? nil : compareResized(analysed: mask, other: other))
  }

  /// Compares the drawings of two files whose canvases are not in proportion to their scales (a
  /// canvas rounded, trimmed or padded differently at each scale), with the canvases set aside:
  /// both masks on the coarser grid (each box-filtered by coarser scale ÷ its own), the other one's
  /// ink placed so that the centres of the two ink boxes (α ≥ 0.5) coincide, both blurred by
  /// σ = ``blurSigmaPx`` and correlated (NCC) within ±1 px, as ``compare(analysed:other:path:)``
  /// compares files in proportion. The size difference is that of the ink boxes in points (the
  /// larger of width and height), in px of the coarser grid: each box edge of a rasterisation lies
  /// within half a pixel of the drawing's edge on its own grid, so one drawing at two scales
  /// differs by at most 1 px of each grid. Nil when either file has no ink at α ≥ 0.5.
  ///
  /// - Complexity: O(w·h) for the ink boxes and the box filters plus O(P log P) for the blur and
  ///   the correlation, P the padded coarser canvas.
  public static func compareDrawings(analysed mask: AlphaMask, other: AlphaMask) -> (correlation: Double, sizeDifferencePx: Double)? {
    guard let boxA = inkBox(mask), let boxB = inkBox(other) else { return nil }
    let coarser = min(mask.scale, other.scale)
    let sizeDifferencePt = max(abs(boxA.width / mask.scale - boxB.width / other.scale),
                               abs(boxA.height / mask.scale - boxB.height / other.scale))
    func onCoarser(_ m: AlphaMask) -> AlphaMask {
      guard m.scale != coarser else { return m }
      let w = max(1, Int((Double(m.width) * coarser / m.scale).rounded()))
      let h = max(1, Int((Double(m.height) * coarser / m.scale).rounded()))
      return m.resampled(width: w, height: h, scale: coarser)
    }
    let a = onCoarser(mask), b = onCoarser(other)
    // The other drawing's offset (px of the coarser grid) that puts its ink box's centre on the
    // analysed one's.
    let dx = Int((((boxA.x + boxA.width / 2) / mask.scale - (boxB.x + boxB.width / 2) / other.scale) * coarser).rounded())
    let dy = Int((((boxA.y + boxA.height / 2) / mask.scale - (boxB.y + boxB.height / 2) / other.scale) * coarser).rounded())
    let left = min(0, dx), top = min(0, dy)
    let width = max(a.width, b.width + dx) - left, height = max(a.height, b.height + dy) - top
    let placedA = AlphaMask(width: width, height: height, scale: coarser) { x, y in a[x + left, y + top] }
    let placedB = AlphaMask(width: width, height: height, scale: coarser) { x, y in b[x + left - dx, y + top - dy] }
    let blurredA = Spectrum.gaussianBlur(placedA, sigmaPx: blurSigmaPx, marginPx: 2)
    let blurredB = Spectrum.gaussianBlur(placedB, sigmaPx: blurSigmaPx, marginPx: 2)
    let correlation = Spectrum.normalizedCrossCorrelation(blurredA, blurredB, maxShift: 1).peak
    return (correlation, sizeDifferencePt * coarser)
  }

  /// The bounding box (px) of the pixels with α ≥ 0.5; nil when there are none. O(w·h).
  static func inkBox(_ mask: AlphaMask) -> (x: Double, y: Double, width: Double, height: Double)? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<mask.height {
      let row = y * mask.width
      for x in 0..<mask.width where mask.coverage[row + x] >= 0.5 {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (Double(minX), Double(minY), Double(maxX - minX + 1), Double(maxY - minY + 1))
  }
}

/// A reference (system) icon for look-alike search.
public struct ReferenceIcon: Sendable {
  public var name: String
  public var mask: AlphaMask
  public init(name: String, mask: AlphaMask) {
    self.name = name
    self.mask = mask
  }
}

/// A guideline rule.
///
/// A rule with thresholds declares them in a nested `enum Threshold: String, RuleThreshold` (see
/// ``RuleThreshold``) and reads them as `context.threshold(.name)`.
public protocol Rule: Sendable {
  /// The thresholds the rule reads, each with its default (``NoThreshold`` for a rule without
  /// any).
  associatedtype Threshold: RuleThreshold = NoThreshold
  static var description: RuleDescription { get }
  init()
  /// The findings for one family. A rule that grades severity (error for a large deviation,
  /// warning for a smaller one) reads the configured severity as the ceiling.
  func check(_ context: RuleContext<Self>) -> [Finding]
}

extension Rule {
  /// The rule's stable identifier (``RuleDescription/identifier``).
  public static var identifier: String { description.identifier }

  /// The rule's thresholds with their defaults, in declaration order: what configuration files may
  /// set (by name) and what the catalogue lists.
  public static var thresholds: [ThresholdDeclaration] {
    Threshold.allCases.map { ThresholdDeclaration(name: $0.name, defaultValue: $0.defaultValue, help: $0.help) }
  }
}
