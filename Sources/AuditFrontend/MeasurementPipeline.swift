// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import IconSupport
import ReportWriters

/// One icon, read and measured.
public struct MeasuredIcon: Sendable {
  /// The fields, shared by the copies of an icon until one of them is changed (copy on write):
  /// the pipeline's results are copied into slots, arrays and filters on their way to the rules
  /// (a copy of seventeen fields was about 0.04 s of a warm 10,000-icon audit's CPU in retains and
  /// releases; a copy is now one).
  private var box: Box
  /// Outside the shared fields: each audit gives an icon a loader of its own (recording into its
  /// options), which then copies no fields (a history's unchanged icons share their fields with
  /// what the work folder remembers of them).
  private var loader: MaskLoader? = nil
  private final class Box: @unchecked Sendable {
    var id: String
    var name: String
    var path: String
    var files: [IconFile]
    var kind: IconFileKind
    var scale: Double
    var widthPx: Int
    var heightPx: Int
    var metrics: IconMeasurements
    var compactMask: CompactMask?
    var signature: Spectrum.Signature? = nil
    var textDetection: (minimumHeightPx: Int, detection: TextDetector.Detection?)? = nil
    var contentKey: [UInt8]? = nil
    var catalog: CatalogInfo?
    var variants: [ScaleVariant]
    var documentSizePt: RGBAImage.DocumentSize? = nil
    var scopeOnly = false

    init(id: String, name: String, path: String, files: [IconFile], kind: IconFileKind, scale: Double, widthPx: Int, heightPx: Int, metrics: IconMeasurements, compactMask: CompactMask?, catalog: CatalogInfo?, variants: [ScaleVariant]) {
      self.id = id
      self.name = name
      self.path = path
      self.files = files
      self.kind = kind
      self.scale = scale
      self.widthPx = widthPx
      self.heightPx = heightPx
      self.metrics = metrics
      self.compactMask = compactMask
      self.catalog = catalog
      self.variants = variants
    }

    func copy() -> Box {
      let copy = Box(id: id, name: name, path: path, files: files, kind: kind, scale: scale, widthPx: widthPx, heightPx: heightPx, metrics: metrics, compactMask: compactMask, catalog: catalog, variants: variants)
      copy.signature = signature
      copy.textDetection = textDetection
      copy.contentKey = contentKey
      copy.documentSizePt = documentSizePt
      copy.scopeOnly = scopeOnly
      return copy
    }
  }

  /// The fields for a change: copied first when another icon shares them.
  private mutating func unique() -> Box {
    if !isKnownUniquelyReferenced(&box) { box = box.copy() }
    return box
  }

  init(id: String, name: String, path: String, files: [IconFile], kind: IconFileKind, scale: Double, widthPx: Int, heightPx: Int, metrics: IconMeasurements, compactMask: CompactMask?, catalog: CatalogInfo?, variants: [ScaleVariant] = []) {
    box = Box(id: id, name: name, path: path, files: files, kind: kind, scale: scale, widthPx: widthPx, heightPx: heightPx, metrics: metrics, compactMask: compactMask, catalog: catalog, variants: variants)
  }

  public var id: String {
    get { box.id }
    set { unique().id = newValue }
  }
  public var name: String {
    get { box.name }
    set { unique().name = newValue }
  }
  /// The analysed file, relative to the audited root.
  public var path: String {
    get { box.path }
    set { unique().path = newValue }
  }
  /// All files of the icon that were read, relative paths by scale (vectors under their render scale).
  public var files: [IconFile] {
    get { box.files }
    set { unique().files = newValue }
  }
  public var kind: IconFileKind {
    get { box.kind }
    set { unique().kind = newValue }
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
  /// The analysed coverage (a byte a pixel), kept only when `MeasurementOptions.drawings` is
  /// `.keep`.
  public var compactMask: CompactMask? {
    get { box.compactMask }
    set { unique().compactMask = newValue }
  }
  public var mask: AlphaMask? { compactMask?.alphaMask }
  /// Reads the analysed coverage again (`MeasurementOptions.drawings == .reload`): a PNG from its
  /// file, a vector icon from the PNG of its coverage kept in memory.
  public var maskLoader: MaskLoader? {
    get { loader }
    set { loader = newValue }
  }
  /// The drawing's signature, computed while the drawing was at hand under `.reload`; otherwise
  /// computed from the kept drawing when first asked for.
  public var signature: Spectrum.Signature? {
    get { box.signature }
    set { unique().signature = newValue }
  }
  /// Text in the drawing, for `MeasurementOptions.textMinimumHeightPx`.
  public var textDetection: (minimumHeightPx: Int, detection: TextDetector.Detection?)? {
    get { box.textDetection }
    set { unique().textDetection = newValue }
  }
  /// The key its measurements are cached under (``CachedMeasurement/key(files:digests:options:symbolSize:)``):
  /// the identity of its drawing for rules' results (``AuditIcon/contentKey``); nil without a cache.
  public var contentKey: [UInt8]? {
    get { box.contentKey }
    set { unique().contentKey = newValue }
  }

  /// Asset catalog properties, for image sets.
  public var catalog: CatalogInfo? {
    get { box.catalog }
    set { unique().catalog = newValue }
  }
  /// The icon's other PNG scales, compared with the analysed one.
  public var variants: [ScaleVariant] {
    get { box.variants }
    set { unique().variants = newValue }
  }
  /// A vector icon's document size in points (its PDF page or SVG size); nil for a PNG.
  public var documentSizePt: RGBAImage.DocumentSize? {
    get { box.documentSizePt }
    set { unique().documentSizePt = newValue }
  }

  /// Whether only what the audit's scope reads was measured
  /// (``MetricsEngine/scopeMeasurements(_:colors:)``: colour spread, opaque share, components and
  /// holes; no scale comparison, signature or text): an image the audit leaves out whatever its
  /// pixels (``MeasurementOptions/leftOutWhateverItsPixels``).
  public internal(set) var scopeOnly: Bool {
    get { box.scopeOnly }
    set { unique().scopeOnly = newValue }
  }

  /// The icon as the rules see it.
  public func auditIcon(family: String, role: IconRole) -> AuditIcon {
    if let compactMask {
      var icon = AuditIcon(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx,
                           heightPx: heightPx, metrics: metrics, catalog: catalog, variants: variants,
                           compactMask: compactMask)
      icon.textDetection = textDetection
      icon.documentSizePt = documentSizePt
      icon.contentKey = contentKey
      return icon
    }
    var icon = AuditIcon(id: id, path: path, family: family, role: role, scale: scale, widthPx: widthPx,
                         heightPx: heightPx, metrics: metrics, catalog: catalog, variants: variants,
                         maskLoader: maskLoader, signature: signature, textDetection: textDetection)
    icon.documentSizePt = documentSizePt
    icon.contentKey = contentKey
    return icon
  }
}

/// A file that could not be read, with the reason.
public struct InputFailure: Sendable, Hashable, CustomStringConvertible {
  /// The path as the user can open it (as given on the command line, joined with what was found).
  public var path: String
  public var reason: String
  /// The path relative to the audited root, for reports (deterministic, no absolute paths).
  public var reportPath: String
  public init(path: String, reason: String, reportPath: String? = nil) {
    self.path = path
    self.reason = reason
    self.reportPath = reportPath ?? path
  }
  /// One line: a newline or escape sequence in a file's name is shown escaped.
  public var description: String { PlainText.field("\(path): \(reason)") }
}

/// Options of reading and measuring.
public struct MeasurementOptions: Sendable {
  /// Pixels per point at which SVG and PDF icons are rendered.
  public var vectorScale: Double = 2
  /// The scale of PNGs named without `@Nx` outside asset catalogs, when none of the icon's files
  /// names its scale (`--png-scale`; 1 by default).
  public var pngScale: Int = 1
  /// The asset catalog idioms audited (`--idioms`; iOS's by default): a set whose files are all for
  /// other idioms is skipped with the reason.
  public var idioms: [String] = AssetCatalog.defaultIdioms
  public var limits: DecodeLimits = .default
  /// Worker threads; 0 means one per core.
  public var concurrency: Int = 0
  /// What becomes of each icon's drawing once it is measured: `measure` drops it; the audit reads
  /// it again when a rule compares two drawings, so that memory is bounded by the icons in flight
  /// and not by the size of the set.
  public var drawings: DrawingRetention = .drop
  /// When set, text is looked for in each drawing while it is at hand
  /// (`TextDetector.detect(_:minimumHeightPx:)`, for the text rule).
  public var textMinimumHeightPx: Int?
  /// Where a drawing that cannot be read back (`.reload`) is recorded.
  public var readBackFailures = ReadBackFailures()
  /// Where SVG and PDF icons are rendered. The library default renders in process; the command line
  /// renders each in a helper process with a time limit (`CommonOptions.isolatedRendering`).
  public var vectorRendering: VectorRendering = .inProcess
  /// Icons with a longer side than this (px) are measured on a box-filtered copy of this size: some
  /// measurements cost more than linear time in the canvas (a 72 KB PNG of a filled 4096 px square
  /// took 85 s), and bar icons are a few hundred pixels at most.
  public var maxAnalysisSide = 1024
  /// When set, only the discovered icons with these ids are measured (an app's bar icons).
  public var iconIds: Set<String>?
  /// Where measurements are looked up before measuring and stored after (``MeasurementCache``);
  /// nil: every icon is measured. Not used for `.keep` (reference icons).
  public var cache: MeasurementCache?
  /// The size each custom symbol (a `.symbolset`) is drawn at: the symbol size of the bar its
  /// role puts it in (``IconRole/symbolSize``); nil, or nil for an icon, draws it at
  /// ``SymbolSize/body``.
  public var symbolSize: (@Sendable (DiscoveredIcon) -> SymbolSize?)?
  /// Files whose content digest is known without reading them (a history's work folder, written
  /// from git blobs): with a cache, an icon whose files are all known and whose entry is stored is
  /// neither read nor hashed.
  var knownDigests: KnownFileDigests?
  /// The cache is flushed by the caller once the rules have run (``AuditFrontend/run(_:)``: the
  /// rules' results, ``RuleResultStore``, go into the same pack as the measurements), not at the end
  /// of ``MeasurementPipeline/run(paths:options:progress:)``.
  var defersCacheFlush = false
  /// Set by an audit that leaves out what is no bar icon (``AuditFrontend/run(_:)``): whether an
  /// image, analysed from file `path` (relative) of `kind` at `widthPx` × `heightPx` and `scale`,
  /// is left out of the audit whatever its pixels
  /// (``BarIconScope/leftOutWhateverItsPixels(id:catalog:widthPx:heightPx:scale:role:code:sizeKnown:)``
  /// under the audit's roles, code and `--png-scale`). Such an image is measured only for the scope
  /// (``MeasuredIcon/scopeOnly``); nil: every image is measured whole.
  var leftOutWhateverItsPixels: (@Sendable (_ id: String, _ path: String, _ kind: IconFileKind, _ catalog: CatalogInfo?,
                                            _ widthPx: Int, _ heightPx: Int, _ scale: Double) -> Bool)?

  /// Measures every image whole even where ``leftOutWhateverItsPixels`` would leave it out (tests
  /// compare the reports of both ways).
  var measuresLeftOutImagesWhole = false

  /// Whether a measured icon is enough for this run: measured whole, or measured for the scope only
  /// and left out of this run's audit whatever its pixels.
  func suffices(_ icon: MeasuredIcon) -> Bool {
    guard icon.scopeOnly else { return true }
    return leftOutWhateverItsPixels?(icon.id, icon.path, icon.kind, icon.catalog, icon.widthPx, icon.heightPx, icon.scale) ?? false
  }

  /// The size `icon` is drawn at if it is a custom symbol (``symbolSize``).
  func symbolSize(of icon: DiscoveredIcon) -> SymbolSize {
    icon.files.contains { CachedMeasurement.isSymbolPath($0.path) } ? symbolSize?(icon) ?? .body : .body
  }
  public init() {}
}

/// The drawings that could not be read back for a rule or the HTML report (the file changed or
/// went away after it was measured): reported as unreadable, never silently skipped.
public final class ReadBackFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String: InputFailure] = [:]
  public init() {}

  func record(_ failure: InputFailure) {
    lock.lock()
    if entries[failure.reportPath] == nil { entries[failure.reportPath] = failure }
    lock.unlock()
  }

  /// Every failure so far, by report path.
  public var all: [InputFailure] {
    lock.lock()
    defer { lock.unlock() }
    return entries.values.sorted { $0.reportPath.utf8.lexicographicallyPrecedes($1.reportPath.utf8) }
  }
}

/// What the pipeline keeps of a drawing after measuring it.
public enum DrawingRetention: Sendable {
  /// Nothing: measurements only.
  case drop
  /// The coverage, a byte a pixel (memory grows with the set).
  case keep
  /// Its signature (and text detection), and a way to read it again: a PNG is decoded again from
  /// its file on demand; a vector icon's coverage is kept compressed, as a PNG in memory
  /// (rendering it again would cost a helper process).
  case reload
}

/// Finds, reads and measures icons. Icons are measured in parallel and returned in discovery
/// order; each is decoded, measured and dropped, so memory is bounded by the icons in flight.
public enum MeasurementPipeline {
  /// What one run found: the measured icons in discovery order, the files that could not be read,
  /// and what is worth saying about the inputs (images of a type iconaudit does not read).
  public struct Measurement: Sendable {
    public var icons: [MeasuredIcon]
    public var failures: [InputFailure]
    /// Notes on the inputs other than unreadable files (``AuditDiagnostic/skippedImages(count:types:examples:)``).
    public var diagnostics: [AuditDiagnostic]
    /// Images found and skipped without being read (photos, other image types, catalog sets for
    /// idioms not audited or without a file), for the summary of the report.
    public var skipped: [AuditScope.LeftOut] = []

    /// The measurements as `measure` reports them.
    public var report: MeasurementReport {
      MeasurementReport(
        icons: icons.map { .init(id: $0.id, path: $0.path, scale: $0.scale, widthPx: $0.widthPx, heightPx: $0.heightPx, metrics: $0.metrics) },
        unreadable: failures.map { ($0.reportPath, $0.reason) })
    }
  }

  /// Discovers the icons under `paths` and measures them (in parallel, `options.concurrency`
  /// workers). Prints nothing.
  /// - Complexity: O(total pixels) plus discovery, each icon decoded and measured once.
  public static func run(paths: [String], options: MeasurementOptions = MeasurementOptions(),
                         progress: (@Sendable (Int, Int) -> Void)? = nil) -> Measurement
  {
    // A history's work folder keeps what discovery found while the files change only in bytes.
    let found = options.knownDigests?.discovery(paths: paths, idioms: options.idioms) {
      IconDiscovery.discoverAll(paths, idioms: options.idioms)
    } ?? IconDiscovery.discoverAll(paths, idioms: options.idioms)
    var (discovered, issues, skipped) = (found.icons, found.issues, found.skippedFiles)
    if let ids = options.iconIds { discovered = discovered.filter { ids.contains($0.id) } }
    if options.pngScale != 1 { discovered = discovered.map { $0.withPNGScale(options.pngScale) } }
    var diagnostics: [AuditDiagnostic] = []
    if !skipped.isEmpty {
      let types = Set(skipped.map { "." + ($0.split(separator: ".").last.map { $0.lowercased() } ?? "") }).sorted()
      diagnostics.append(.skippedImages(count: skipped.count, types: types, examples: Array(skipped.prefix(3))))
    }
    diagnostics += AuditDiagnostic.skippedSets(found.skippedSets)
    var failures = issues.map { InputFailure(path: $0.path, reason: $0.reason, reportPath: $0.relativePath) }
    let results = measureAll(discovered, options: options, progress: progress)
    var icons: [MeasuredIcon] = []
    for result in results {
      if let icon = result.icon { icons.append(icon) }
      failures += result.failures
    }
    if !options.defersCacheFlush { options.cache?.flush() }
    var measurement = Measurement(icons: icons, failures: failures, diagnostics: diagnostics)
    measurement.skipped = skippedImages(sets: found.skippedSets, files: skipped)
    return measurement
  }

  /// The sets and files discovery skipped, as the summary counts them.
  static func skippedImages(sets: [SkippedSet], files: [String]) -> [AuditScope.LeftOut] {
    var items: [AuditScope.LeftOut] = sets.map { set in
      switch set.reason {
      case .otherImages(let types):
        return .init(path: set.path, reason: set.reason.isPhoto ? .photo : .otherImageType, detail: types.joined(separator: ", "))
      case .otherIdioms(let idioms): return .init(path: set.path, reason: .otherIdioms, detail: idioms.joined(separator: ", "))
      case .noFile: return .init(path: set.path, reason: .noFile)
      }
    }
    for file in files {
      let type = (file.split(separator: ".").last.map { $0.uppercased() }) ?? ""
      let photo = ["JPG", "JPEG", "HEIC", "HEIF", "AVIF"].contains(type)
      items.append(.init(path: file, reason: photo ? .photo : .otherImageType, detail: type))
    }
    return items
  }

  struct Result: Sendable {
    var icon: MeasuredIcon?
    var failures: [InputFailure]
  }

  static func measureAll(_ icons: [DiscoveredIcon], options: MeasurementOptions,
                         progress: (@Sendable (Int, Int) -> Void)?) -> [Result] {
    // The key's start depends on the options only: made (and its memo asked) once a run, not once
    // an icon (10,000 times a history, 1,500 instructions each).
    let keyStart = options.drawings == .keep ? nil : options.cache?.keyStart(options)
    return icons.parallelMap(workers: options.concurrency, progress: progress) { measure($0, options: options, keyStart: keyStart) }
  }

  /// Reads every file of an icon (naming each one that fails), measures the largest readable
  /// scale, and compares the other PNG scales with it (sizes in proportion, drawings alike); through
  /// the cache when there is one: the files' digests are taken from their stat (the cache's
  /// FileDigestIndex) or from git (KnownFileDigests), else the files are read and hashed, and an
  /// icon whose key is stored is not decoded at all. An icon with a file that cannot be read is
  /// never cached.
  /// - Parameter keyStart: `options.cache`'s ``MeasurementCache/keyStart(_:)`` for `options`, made
  ///   once by the caller (nil: made here).
  static func measure(_ icon: DiscoveredIcon, options: MeasurementOptions,
                      keyStart given: (bytes: [UInt8], hasher: SHA256)? = nil) -> Result {
    guard let cache = options.cache, options.drawings != .keep else { return measureFresh(icon, options: options, contents: nil).result }
    let symbolSize = options.symbolSize(of: icon)
    // Files whose digests are known without reading them: written by this run from git blobs
    // (KnownFileDigests), or unchanged by their stat since a run hashed them (the cache's
    // FileDigestIndex). They are read and hashed below only when that entry is not stored, and not
    // looked up twice (misses and bad entries are counted once).
    var triedKey: [UInt8]?
    let (prefix, keyStart) = given ?? cache.keyStart(options)
    let laneKnown = options.knownDigests?.digests(icon.files, limits: options.limits)
    if let laneKnown, let lane = options.knownDigests, let entry = lane.remembered(icon.id),
       entry.fits(icon, known: laneKnown, symbolSize: symbolSize, keyPrefix: prefix), options.suffices(entry.measured) {
      // The same entry the cache would give (its memo keeps every entry of a history's run).
      cache.count { $0.hits += 1 }
      // Its content key is set already (``KnownFileDigests/MeasuredFromKnown``): the shared fields
      // are not copied to set it again.
      let hit = withLoader(entry.measured, file: icon.files[entry.analysedIndex], version: laneKnown[entry.analysedIndex].version,
                           vectorPNG: entry.vectorPNG, options: options)
      return Result(icon: hit, failures: [])
    }
    if let known = laneKnown ?? cache.knownDigests(icon.files, limits: options.limits) {
      let key = CachedMeasurement.key(start: keyStart, files: icon.files, digests: known.map(\.digest),
                                      symbolSize: symbolSize)
      if let hit = cachedIcon(key, icon: icon, versions: known.map(\.version), cache: cache, options: options,
                              remember: laneKnown.map { (known: $0, symbolSize: symbolSize, keyPrefix: prefix) }) {
        return hit
      }
      triedKey = key
    }
    var contents: [(version: FileVersion?, bytes: [UInt8])] = []
    var digests: [[UInt8]] = []
    // The key of the digests known, when the files measured are those (not made twice).
    var knownKey: [UInt8]?
    // Files the history's work folder just wrote: measured from the bytes written (their digests
    // known), not read and hashed again.
    if let laneKnown, let written = options.knownDigests?.writtenBytes(icon.files, known: laneKnown) {
      contents = zip(laneKnown, written).map { ($0.version, $1) }
      digests = laneKnown.map(\.digest)
      knownKey = triedKey
    } else {
      for file in icon.files {
        // The version of the file before it is read: a drawing read back later must match it.
        let observation = FileDigestIndex.Observation(path: file.path)
        guard let bytes = try? IconLoader.readBytes(file, limits: options.limits) else {
          return measureFresh(icon, options: options, contents: nil).result
        }
        let digest = SHA256.hash(bytes)
        if let observation { cache.digests?.record(observation, byteCount: bytes.count, digest: digest) }
        contents.append((observation?.version, bytes))
        digests.append(digest)
      }
    }
    let key = knownKey ?? CachedMeasurement.key(start: keyStart, files: icon.files, digests: digests, symbolSize: symbolSize)
    // Looked up once: not again when reading the files found what their stat said.
    if key != triedKey, let hit = cachedIcon(key, icon: icon, versions: contents.map(\.version), cache: cache, options: options) {
      return hit
    }
    cache.count { $0.misses += 1 }
    var fresh = measureFresh(icon, options: options, contents: contents, keepingDrawing: cache.keepsDrawings)
    if fresh.result.failures.isEmpty, let measured = fresh.result.icon, let index = fresh.analysedIndex,
       // A vector rendered by the helper is read again by it: not stored if the file changed meanwhile.
       icon.files[index].kind == .png || FileVersion(path: icon.files[index].path) == contents[index].version {
      let payload = CachedMeasurement.encode(measured, analysedIndex: index, vectorPNG: fresh.vectorPNG)
      cache.store(key, payload: payload)
      fresh.result.icon?.contentKey = key
      // A run that keeps drawings (a history) keeps this one as a rule would read it back, so that
      // a pair compared at this or a later revision does not decode the file again.
      if let drawing = fresh.drawing { cache.keepDrawing(alphaOf: drawing, for: key) }
      // Remembered as the next revision in this work folder would read it from the cache, when
      // the files read are the ones known (so the key is the one a lookup by them makes).
      if let lane = options.knownDigests, let laneKnown, key == triedKey, let decoded = CachedMeasurement.decode(payload, icon: icon) {
        lane.remember(KnownFileDigests.MeasuredFromKnown(
          icon: icon, known: laneKnown, symbolSize: symbolSize, keyPrefix: prefix, key: key, measured: decoded.measured,
          analysedIndex: decoded.analysedIndex, vectorPNG: decoded.vectorPNG))
      }
    }
    return fresh.result
  }

  /// The icon from the cache's entry under `key` (`versions`: its files' versions when their
  /// digests were taken), counted as a hit; nil when there is none or it does not fit (counted).
  /// - Parameter remember: the files' known digests and versions, the symbol size and key prefix
  ///   the key was made of, when the files are a history's work folder's (``KnownFileDigests``):
  ///   then the icon is remembered there.
  static func cachedIcon(_ key: [UInt8], icon: DiscoveredIcon, versions: [FileVersion?], cache: MeasurementCache,
                         options: MeasurementOptions,
                         remember: (known: [(version: FileVersion, digest: [UInt8])], symbolSize: SymbolSize, keyPrefix: [UInt8])? = nil) -> Result? {
    guard let payload = cache.payloadInPlace(key) else { return nil }
    guard let decoded = CachedMeasurement.decode(payload, icon: icon) else {
      cache.count { $0.ignored += 1 }
      return nil
    }
    let (index, vectorPNG) = (decoded.analysedIndex, decoded.vectorPNG)
    // Its key set before it is remembered (and shared): not copied to set it afterwards.
    var measured = decoded.measured
    measured.contentKey = key
    // Measured for another audit's scope only: this run measures it whole (and stores that).
    guard options.suffices(measured) else { return nil }
    cache.count { $0.hits += 1 }
    if let remember, let lane = options.knownDigests {
      lane.remember(KnownFileDigests.MeasuredFromKnown(
        icon: icon, known: remember.known, symbolSize: remember.symbolSize, keyPrefix: remember.keyPrefix, key: key,
        measured: measured, analysedIndex: index, vectorPNG: vectorPNG))
    }
    let hit = withLoader(measured, file: icon.files[index], version: versions[index], vectorPNG: vectorPNG, options: options)
    return Result(icon: hit, failures: [])
  }

  /// A measured icon with its way to read the drawing back (`.reload`).
  static func withLoader(_ icon: MeasuredIcon, file: IconFile, version: FileVersion?, vectorPNG: [UInt8]?,
                         options: MeasurementOptions) -> MeasuredIcon {
    guard options.drawings == .reload else { return icon }
    var icon = icon
    if file.kind == .png {
      icon.maskLoader = fileLoader(file, version: version, options: options)
    } else if let vectorPNG {
      icon.maskLoader = memoryLoader(vectorPNG, scale: icon.scale, file: file, options: options)
    }
    return icon
  }

  /// Measures an icon from its files (`contents`: their versions and bytes, read already, in the
  /// icon's order; nil: read here). Also returns which file was analysed and, under `.reload`, a
  /// vector icon's coverage as a PNG (for the cache), and with `keepingDrawing` a PNG icon's image
  /// whose alpha is the drawing its loader would read back (``fileLoader(_:version:options:)``: the
  /// same bytes, decoded and fitted the same way), under `.reload` only.
  static func measureFresh(_ icon: DiscoveredIcon, options: MeasurementOptions,
                           contents: [(version: FileVersion?, bytes: [UInt8])]?, keepingDrawing: Bool = false)
    -> (result: Result, analysedIndex: Int?, vectorPNG: [UInt8]?, drawing: RGBAImage?) {
    var failures: [InputFailure] = []
    var images: [(index: Int, file: IconFile, image: RGBAImage, version: FileVersion?)] = []
    let symbolSize = options.symbolSize(of: icon)
    for (index, file) in icon.files.enumerated() {
      // The version of the file before it is read: a drawing read back later must match it.
      let version = contents?[index].version ?? (options.drawings == .reload ? FileVersion(path: file.path) : nil)
      do {
        let image: RGBAImage
        if let contents {
          image = try IconLoader.load(file, bytes: contents[index].bytes, vectorScale: options.vectorScale, limits: options.limits,
                                      rendering: options.vectorRendering, symbolSize: symbolSize)
        } else {
          image = try IconLoader.load(file, vectorScale: options.vectorScale, limits: options.limits, rendering: options.vectorRendering,
                                      symbolSize: symbolSize)
        }
        images.append((index, file, image, version))
      } catch {
        failures.append(InputFailure(path: file.path, reason: error.reason, reportPath: file.relativePath))
      }
    }
    // The analysed file: the largest PNG scale, else the first vector.
    guard let best = images.filter({ $0.file.kind == .png }).max(by: { $0.image.scale < $1.image.scale }) ?? images.first else {
      return (Result(icon: nil, failures: failures), nil, nil, nil)
    }
    // Over the analysis size, measured on a box-filtered copy (same canvas in points).
    let analysed = best.image.fitted(maxSide: options.maxAnalysisSide)
    let mask = analysed.alphaMask
    // An image the audit leaves out whatever its pixels: only what its scope reads (its other
    // scales are still read above, so that an unreadable one is named as before).
    if let leftOut = options.leftOutWhateverItsPixels,
       leftOut(icon.id, best.file.relativePath, best.file.kind, icon.catalog, best.image.width, best.image.height, best.image.scale) {
      var measured = MeasuredIcon(
        id: icon.id, name: icon.name, path: best.file.relativePath, files: icon.files, kind: best.file.kind,
        scale: best.image.scale, widthPx: best.image.width, heightPx: best.image.height,
        metrics: MetricsEngine.scopeMeasurements(mask, colors: analysed), compactMask: nil, catalog: icon.catalog)
      measured.documentSizePt = best.image.documentSizePt
      measured.scopeOnly = true
      return (Result(icon: measured, failures: failures), best.index, nil, nil)
    }
    // Text is looked for in the core's components, labelled once for the measurements and for it.
    let wantsText = options.drawings != .drop && options.textMinimumHeightPx != nil
    let metrics: IconMeasurements
    var core: ConnectedComponents?
    if wantsText {
      (metrics, core) = MetricsEngine.measureLabellingCore(mask, colors: analysed)
    } else {
      metrics = MetricsEngine.measure(mask, colors: analysed)
    }
    var variants: [ScaleVariant] = []
    for other in images where other.file != best.file && other.file.kind == .png && best.file.kind == .png {
      variants.append(ScaleVariant.compare(analysed: mask, other: other.image.alphaMask, path: other.file.relativePath))
    }
    var measured = MeasuredIcon(
      id: icon.id, name: icon.name, path: best.file.relativePath, files: icon.files, kind: best.file.kind,
      scale: best.image.scale, widthPx: best.image.width, heightPx: best.image.height, metrics: metrics,
      compactMask: nil, catalog: icon.catalog, variants: variants)
    measured.documentSizePt = best.image.documentSizePt
    if let height = options.textMinimumHeightPx, let core {
      // Separate letters need two components; letters stamped over the drawing's strokes are
      // looked for in its corners (StampedText) when there are none.
      measured.textDetection = (height, (metrics.components >= 2 ? TextDetector.detect(core, minimumHeightPx: height) : nil)
        ?? StampedText.detect(mask, minimumHeightPx: height))
    }
    var vectorPNG: [UInt8]?
    var drawing: RGBAImage?
    switch options.drawings {
    case .drop: break
    case .keep: measured.compactMask = CompactMask(mask)
    case .reload:
      measured.signature = Spectrum.signature(mask)
      if best.file.kind == .png {
        measured.maskLoader = fileLoader(best.file, version: best.version, options: options)
        if keepingDrawing { drawing = analysed }
      } else {
        let png = PNGCodec.encode(mask)
        vectorPNG = png
        measured.maskLoader = memoryLoader(png, scale: mask.scale, file: best.file, options: options)
      }
    }
    return (Result(icon: measured, failures: failures), best.index, vectorPNG, drawing)
  }

  /// Reads a PNG's drawing back from its file, as it was measured: the file's version (taken before
  /// it was first read) is checked before and after reading it again; a file changed since is not
  /// compared, and is recorded.
  static func fileLoader(_ file: IconFile, version measured: FileVersion?, options: MeasurementOptions) -> MaskLoader {
    { @Sendable in
      func unchanged() -> Bool {
        guard let measured, let now = FileVersion(path: file.path), now == measured else {
          options.readBackFailures.record(InputFailure(
            path: file.path, reason: "changed or removed while it was audited; not compared with other icons",
            reportPath: file.relativePath))
          return false
        }
        return true
      }
      guard unchanged() else { return nil }
      do throws(RasterError) {
        let image = try IconLoader.load(file, vectorScale: options.vectorScale, limits: options.limits,
                                        rendering: options.vectorRendering)
        return unchanged() ? CompactMask(image.fitted(maxSide: options.maxAnalysisSide).alphaMask) : nil
      } catch {
        options.readBackFailures.record(InputFailure(
          path: file.path, reason: error.reason + " (when read again)", reportPath: file.relativePath))
        return nil
      }
    }
  }

  /// Reads a vector icon's drawing back from the PNG of its coverage kept in memory (rendering it
  /// again would cost a helper process): 640 bytes on average for Lucide at 48 px, against 2,304
  /// for width × height.
  static func memoryLoader(_ png: [UInt8], scale: Double, file: IconFile, options: MeasurementOptions) -> MaskLoader {
    { @Sendable in
      // The bytes were encoded from a mask within these limits (a larger one was refused).
      do throws(RasterError) {
        return CompactMask(try PNGCodec.decode(png, path: file.relativePath, scale: scale, limits: options.limits).0.alphaMask)
      } catch {
        options.readBackFailures.record(InputFailure(
          path: file.path, reason: error.reason + " (its drawing, kept in memory, read again)",
          reportPath: file.relativePath))
        return nil
      }
    }
  }
}

/// A file's identity and version: device, inode, size and modification time.
struct FileVersion: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  /// The file at `path` as `stat` sees it now (read as the digest index reads it), or nil.
  init?(path: String) {
    guard let observation = FileDigestIndex.Observation(path: path) else { return nil }
    self = observation.version
  }
}
