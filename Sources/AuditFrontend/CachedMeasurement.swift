// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import IconSupport

/// What the measurement cache stores of one icon, and the key it is stored under.
///
/// The payload is a compact little-endian binary record, read without any parser (measured on the
/// 10,000-icon scale corpus: 1.5 KB an entry with the signature; reading, checking and decoding the
/// entries does not reach the top 25 symbols of a warm `measure`'s profile, where hashing the files
/// is 13% and the JSON report most of the rest):
/// which of the icon's files was analysed, its size and scale, every measurement (doubles stored
/// as their bit patterns, so a cached audit's report is byte-identical to an uncached one), the
/// other scales' comparisons, the signature and text detection of an audit, a vector icon's
/// coverage as a PNG, and whether only the scope's measurements were made
/// (``MeasuredIcon/scopeOnly``: a run that needs the icon whole measures it again). Paths are not stored: they come from the discovery of the run reading it.
enum CachedMeasurement {
  /// The version of the measurements: bump it whenever any measurement of an icon changes (a metric,
  /// the signature, the text detector, scale comparisons, decoding or rendering), so that entries
  /// written before are no longer used. `CacheTests.measurementFingerprint` fails when the example
  /// catalog's measurements change without a bump here.
  static let measurementVersion = 16
  /// The payload layout's version.
  static let formatVersion = 9

  /// SHA-256 over the files' contents and everything else that changes the measurements: the
  /// versions, the drawing retention (an audit stores a signature and text detection, `measure`
  /// does not), the text detector's minimum height, the vector scale, the analysis size, the limits
  /// and the vector render's limits; the build (``buildIdentity``); each file's kind, renderer (a
  /// `.symbolset` SVG is a symbol, with the size it is drawn at: its bar's, from its role), scale
  /// and content digest, in the icon's order. Not in it: paths, names, roles otherwise, the
  /// configuration's rules (rules always run afresh).
  static func key(files: [IconFile], digests: [[UInt8]], options: MeasurementOptions, symbolSize: SymbolSize = .body) -> [UInt8] {
    key(prefix: keyPrefix(options), files: files, digests: digests, symbolSize: symbolSize)
  }

  /// ``key(files:digests:options:symbolSize:)`` from the options' part made once
  /// (``keyPrefix(_:)``, ``MeasurementCache/keyPrefix(_:)``): the same bytes.
  static func key(prefix: [UInt8], files: [IconFile], digests: [[UInt8]], symbolSize: SymbolSize = .body) -> [UInt8] {
    key(start: prefixHasher(prefix), files: files, digests: digests, symbolSize: symbolSize)
  }

  /// A hasher that has read `prefix`: the state ``key(start:files:digests:symbolSize:)`` goes on
  /// from (the options' part is several blocks, the same for every icon of a run).
  static func prefixHasher(_ prefix: [UInt8]) -> SHA256 {
    var hasher = SHA256()
    hasher.update(prefix)
    return hasher
  }

  /// ``key(prefix:files:digests:symbolSize:)`` from ``prefixHasher(_:)``'s state: the same bytes
  /// hashed (the icon's part gathered into one buffer, without text interpolation).
  static func key(start: SHA256, files: [IconFile], digests: [[UInt8]], symbolSize: SymbolSize = .body) -> [UInt8] {
    var hasher = start
    var tail: [UInt8] = []
    tail.reserveCapacity(16 + 48 * files.count)
    func append(_ value: Int) { tail.append(contentsOf: String(value).utf8) }
    tail.append(contentsOf: " files ".utf8)
    append(files.count)
    for (file, digest) in zip(files, digests) {
      // A custom symbol is drawn at its bar's size: the same file measures differently per role.
      tail.append(UInt8(ascii: " "))
      if file.kind == .svg && isSymbolPath(file.path) {
        tail.append(contentsOf: "symbol \(symbolSize.pointSize.bitPattern) \(symbolSize.scale.rawValue)".utf8)
      } else {
        tail.append(contentsOf: file.kind.rawValue.utf8)
      }
      tail.append(UInt8(ascii: " "))
      if let scale = file.scale { append(scale) } else { tail.append(UInt8(ascii: "-")) }
      tail.append(UInt8(ascii: " "))
      tail.append(contentsOf: digest)
    }
    hasher.update(tail)
    return hasher.finalize()
  }

  /// Whether a file is in a `.symbolset` (a custom symbol): as `path.contains(".symbolset/")`, on
  /// the UTF-8 bytes (Foundation's `contains` was 1% of a warm audit's CPU).
  static func isSymbolPath(_ path: String) -> Bool {
    PathText.containsBytes(path, ".symbolset/")
  }

  /// The options' part of the key: the same for every icon of a run.
  static func keyPrefix(_ options: MeasurementOptions) -> [UInt8] {
    var text = "iconaudit-measurements \(AuditFrontend.toolVersion) m\(measurementVersion) f\(formatVersion)"
    text += " build \(buildIdentity)"
    switch options.drawings {
    case .drop: text += " drop"
    case .keep: text += " keep"
    case .reload: text += " reload"
    }
    text += " text \(options.textMinimumHeightPx.map(String.init) ?? "-")"
    text += " vector \(options.vectorScale.bitPattern) analysis \(options.maxAnalysisSide)"
    let limits = options.limits
    text += " limits \(limits.maxSide) \(limits.maxPixels) \(limits.maxFileBytes) \(limits.maxVectorFileBytes)"
    switch options.vectorRendering {
    case .inProcess: text += " render in-process"
    case .isolated(let helper): text += " render \(helper.timeout.bitPattern) \(helper.memoryLimitBytes)"
    }
    return Array(text.utf8)
  }

  /// What ``keyPrefix(_:)`` reads of the options, compared without making the text.
  struct KeyContext: Equatable {
    var drawings: Int
    var textMinimumHeightPx: Int?
    var vectorScaleBits: UInt64
    var maxAnalysisSide: Int
    var maxSide: Int, maxPixels: Int, maxFileBytes: Int, maxVectorFileBytes: Int
    var renderTimeoutBits: UInt64?
    var renderMemoryLimitBytes: Int?

    init(_ options: MeasurementOptions) {
      switch options.drawings {
      case .drop: drawings = 0
      case .keep: drawings = 1
      case .reload: drawings = 2
      }
      textMinimumHeightPx = options.textMinimumHeightPx
      vectorScaleBits = options.vectorScale.bitPattern
      maxAnalysisSide = options.maxAnalysisSide
      (maxSide, maxPixels) = (options.limits.maxSide, options.limits.maxPixels)
      (maxFileBytes, maxVectorFileBytes) = (options.limits.maxFileBytes, options.limits.maxVectorFileBytes)
      switch options.vectorRendering {
      case .inProcess: (renderTimeoutBits, renderMemoryLimitBytes) = (nil, nil)
      case .isolated(let helper): (renderTimeoutBits, renderMemoryLimitBytes) = (helper.timeout.bitPattern, helper.memoryLimitBytes)
      }
    }
  }

  /// The running executable's size and modification time: a rebuilt binary (a development build
  /// whose metrics changed without a new `measurementVersion`, or a new install) starts from a cold
  /// cache instead of reading the figures of the build before it. Empty when the executable cannot
  /// be examined (the key then rests on the versions alone).
  static let buildIdentity: String = {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolvedExecutablePath()) else { return "" }
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(size) \(modified.bitPattern)"
  }()

  private static func resolvedExecutablePath() -> String {
    let path = RenderHelper.currentExecutable
    return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
  }

  /// The measured parts of `icon` (analysed as `files[analysedIndex]`); `vectorPNG` is a vector
  /// icon's coverage as read back under `.reload`.
  static func encode(_ icon: MeasuredIcon, analysedIndex: Int, vectorPNG: [UInt8]?) -> [UInt8] {
    var w = ByteWriter()
    w.int(analysedIndex)
    w.double(icon.scale)
    w.int(icon.widthPx)
    w.int(icon.heightPx)
    let m = icon.metrics
    for value in [m.perceivedSizePt, m.extentPt.x, m.extentPt.y, m.extentPt.width, m.extentPt.height, m.inkAreaPt2,
                  m.hullAreaPt2, m.opticalCenterOffsetPt.x, m.opticalCenterOffsetPt.y, m.opticalCenterOffsetFraction,
                  m.strokeWeightPt, m.strokeWeightPx, m.strokeWeightProfilePx, m.strokeWeightContourPx, m.detailDensity,
                  m.contourLengthPt, m.density, m.partialPixelRatio, m.haloFraction, m.haloOffsetPx.x, m.haloOffsetPx.y,
                  m.opaqueBackgroundShare, m.strokeWidthSpread, m.enclosedAreaPt2] {
      w.double(value)
    }
    for value in [m.components, m.holes, m.skeletonEndPoints, m.skeletonJunctions] { w.int(value) }
    w.int(m.strokeWidthDecilesPx.count)
    for value in m.strokeWidthDecilesPx { w.double(value) }
    w.string(m.style.rawValue)
    w.optional(m.colorSpread) { $0.double($1) }
    w.optional(m.colorEdgeStep) { $0.double($1) }
    w.optional(m.colorSpreadFullCoverage) { $0.double($1) }
    w.optional(m.colorSpreadBeyondRim) { $0.double($1) }
    w.int(icon.variants.count)
    for variant in icon.variants {
      w.int(icon.files.firstIndex { $0.relativePath == variant.path } ?? -1)
      w.int(variant.scale)
      w.int(variant.widthPx)
      w.int(variant.heightPx)
      w.optional(variant.correlation) { $0.double($1) }
      w.optional(variant.drawingCorrelation) { $0.double($1) }
      w.optional(variant.drawingSizeDifferencePx) { $0.double($1) }
      w.optional(variant.unmatchedInkShare) { $0.double($1) }
      w.optional(variant.resizedCorrelation) { $0.double($1) }
    }
    w.optional(icon.documentSizePt) { w, size in
      w.double(size.width)
      w.double(size.height)
    }
    w.optional(icon.signature) { w, signature in
      w.double(signature.aspectRatio)
      w.int(signature.cells.count)
      for cell in signature.cells { w.float(cell) }
    }
    w.optional(icon.textDetection) { w, text in
      w.int(text.minimumHeightPx)
      w.optional(text.detection) { w, detection in
        w.int(detection.heightPx)
        w.int(detection.baselinePx)
        w.int(detection.glyphs.count)
        for g in detection.glyphs {
          for value in [g.minX, g.minY, g.maxX, g.maxY, g.areaPx, g.holes, g.holeAreaPx] { w.int(value) }
          w.double(g.strokePx)
        }
      }
    }
    w.optional(vectorPNG) { $0.bytes($1) }
    w.int(icon.scopeOnly ? 1 : 0)
    return w.bytes
  }

  /// The stored parts read back onto the icon as discovered now; nil when the payload does not
  /// parse or does not fit the icon (then the entry is ignored).
  static func decode(_ payload: [UInt8], icon: DiscoveredIcon) -> (measured: MeasuredIcon, analysedIndex: Int, vectorPNG: [UInt8]?)? {
    decode(payload[...], icon: icon)
  }

  /// ``decode(_:icon:)`` of a payload in place (a record of a pack read whole).
  static func decode(_ payload: ArraySlice<UInt8>, icon: DiscoveredIcon) -> (measured: MeasuredIcon, analysedIndex: Int, vectorPNG: [UInt8]?)? {
    var r = ByteReader(payload)
    guard let index = r.int(), icon.files.indices.contains(index), let scale = r.double(), let width = r.int(),
          let height = r.int() else { return nil }
    var d: [Double] = []
    d.reserveCapacity(24)
    for _ in 0..<24 {
      guard let value = r.double() else { return nil }
      d.append(value)
    }
    var n: [Int] = []
    for _ in 0..<4 {
      guard let value = r.int() else { return nil }
      n.append(value)
    }
    guard let decileCount = r.int(), decileCount == 0 || decileCount == 11 else { return nil }
    var deciles: [Double] = []
    for _ in 0..<decileCount {
      guard let value = r.double() else { return nil }
      deciles.append(value)
    }
    guard let styleName = r.string(), let style = IconStyle(rawValue: styleName), let colorSpread = r.optional({ $0.double() }),
      let colorEdgeStep = r.optional({ $0.double() }), let fullCoverage = r.optional({ $0.double() }),
      let beyondRim = r.optional({ $0.double() }) else { return nil }
    var metrics = IconMeasurements(
      perceivedSizePt: d[0], extentPt: Rect2D(x: d[1], y: d[2], width: d[3], height: d[4]), inkAreaPt2: d[5],
      hullAreaPt2: d[6], opticalCenterOffsetPt: Point2D(x: d[7], y: d[8]), opticalCenterOffsetFraction: d[9],
      strokeWeightPt: d[10], strokeWeightPx: d[11], strokeWeightProfilePx: d[12], strokeWeightContourPx: d[13],
      detailDensity: d[14], contourLengthPt: d[15], components: n[0], holes: n[1], skeletonEndPoints: n[2],
      skeletonJunctions: n[3], style: style, density: d[16], colorSpread: colorSpread, partialPixelRatio: d[17],
      haloFraction: d[18], haloOffsetPx: Point2D(x: d[19], y: d[20]), opaqueBackgroundShare: d[21],
      strokeWidthSpread: d[22], enclosedAreaPt2: d[23], strokeWidthDecilesPx: deciles)
    metrics.colorEdgeStep = colorEdgeStep
    metrics.colorSpreadFullCoverage = fullCoverage
    metrics.colorSpreadBeyondRim = beyondRim
    guard let variantCount = r.int(), (0...icon.files.count).contains(variantCount) else { return nil }
    var variants: [ScaleVariant] = []
    for _ in 0..<variantCount {
      guard let file = r.int(), icon.files.indices.contains(file), let variantScale = r.int(), let w = r.int(),
            let h = r.int(), let correlation = r.optional({ $0.double() }),
            let drawingCorrelation = r.optional({ $0.double() }), let drawingSize = r.optional({ $0.double() }),
            let unmatched = r.optional({ $0.double() }), let resized = r.optional({ $0.double() }) else { return nil }
      variants.append(ScaleVariant(path: icon.files[file].relativePath, scale: variantScale, widthPx: w, heightPx: h,
                                   correlation: correlation, drawingCorrelation: drawingCorrelation,
                                   drawingSizeDifferencePx: drawingSize, unmatchedInkShare: unmatched,
                                   resizedCorrelation: resized))
    }
    guard let documentSize = r.optional({ r -> RGBAImage.DocumentSize? in
      guard let w = r.double(), let h = r.double() else { return nil }
      return RGBAImage.DocumentSize(width: w, height: h)
    }) else { return nil }
    guard let signature = r.optional({ r -> Spectrum.Signature? in
      guard let aspect = r.double(), let count = r.int(), count == Spectrum.Signature.side * Spectrum.Signature.side else { return nil }
      guard let cells = r.floats(count) else { return nil }
      return Spectrum.Signature(cells: cells, aspectRatio: aspect)
    }) else { return nil }
    guard let text = r.optional({ r -> (minimumHeightPx: Int, detection: TextDetector.Detection?)? in
      guard let minimum = r.int(), let detection = r.optional({ r -> TextDetector.Detection? in
        guard let heightPx = r.int(), let baselinePx = r.int(), let count = r.int(), (0...4096).contains(count) else { return nil }
        var glyphs: [TextDetector.Glyph] = []
        for _ in 0..<count {
          var v: [Int] = []
          for _ in 0..<7 {
            guard let value = r.int() else { return nil }
            v.append(value)
          }
          guard let stroke = r.double() else { return nil }
          glyphs.append(.stored(minX: v[0], minY: v[1], maxX: v[2], maxY: v[3], areaPx: v[4], strokePx: stroke,
                                holes: v[5], holeAreaPx: v[6]))
        }
        return .stored(glyphs: glyphs, heightPx: heightPx, baselinePx: baselinePx)
      }) else { return nil }
      return (minimum, detection)
    }) else { return nil }
    guard let vectorPNG = r.optional({ $0.byteArray() }), let scopeOnly = r.int(), scopeOnly == 0 || scopeOnly == 1, r.atEnd
    else { return nil }
    let best = icon.files[index]
    var measured = MeasuredIcon(
      id: icon.id, name: icon.name, path: best.relativePath, files: icon.files, kind: best.kind, scale: scale,
      widthPx: width, heightPx: height, metrics: metrics, compactMask: nil, catalog: icon.catalog, variants: variants)
    measured.documentSizePt = documentSize
    measured.signature = signature
    measured.textDetection = text
    measured.scopeOnly = scopeOnly == 1
    return (measured, index, vectorPNG)
  }
}
