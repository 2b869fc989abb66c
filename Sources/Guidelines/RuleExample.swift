// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster

/// A small family that must (or must not) make a rule fire on one of its icons. Examples are
/// run as tests, through the audit users run (``run(_:)``), and listed in the rule catalogue. An
/// example may set its rule's thresholds (typed: `thresholds: [Threshold.errorRatio: 0.8]` inside
/// the rule) or start from another configuration; it remembers where it was written, so a test
/// that fails on it names its line.
public struct RuleExample: Sendable {
  public struct Icon: Sendable {
    public var id: String
    public var image: RGBAImage
    public var role: IconRole
    /// Asset catalog properties, for examples about image sets.
    public var catalog: CatalogInfo?
    /// The same icon at other scales, for examples about scale variants.
    public var otherScales: [AlphaMask]
    /// What the app's code says of it, for examples about code uses.
    public var codeUse: CodeUse?
    public init(id: String, image: RGBAImage, role: IconRole = .unknown, catalog: CatalogInfo? = nil,
                otherScales: [AlphaMask] = [], codeUse: CodeUse? = nil) {
      self.codeUse = codeUse
      self.id = id
      self.image = image
      self.role = role
      self.catalog = catalog
      self.otherScales = otherScales
    }
    public init(id: String, mask: AlphaMask, role: IconRole = .unknown, catalog: CatalogInfo? = nil,
                otherScales: [AlphaMask] = [], codeUse: CodeUse? = nil) {
      self.init(id: id, image: ExampleDrawing.image(mask), role: role, catalog: catalog, otherScales: otherScales, codeUse: codeUse)
    }
  }

  /// Where an example was written (`#fileID`, `#filePath`, `#line`, `#column` at its construction).
  public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int
    public var description: String { "\(fileID):\(line)" }
  }

  public var summary: String
  public var icons: [Icon]
  /// The icon the example is about.
  public var target: String
  /// Whether the rule must fire on the target.
  public var triggers: Bool
  /// Reference (system) icons the example is audited against (`resembles_system_icon`).
  public var references: [ReferenceIcon]
  /// The configuration the example is audited with (its rule's thresholds applied on top; every
  /// other rule is disabled when it runs).
  public var configuration: AuditConfiguration
  /// Thresholds the example sets, by name, and the rule's threshold type they were written with
  /// (checked against the rule the example runs).
  public private(set) var thresholds: [(name: String, value: Double)]
  private var thresholdType: (any RuleThreshold.Type)?
  public var location: SourceLocation

  /// An example under `configuration` (defaults unless given), its rule at its default thresholds.
  public init(_ summary: String, icons: [Icon], target: String, triggers: Bool, references: [ReferenceIcon] = [],
              configuration: AuditConfiguration = AuditConfiguration(),
              fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    self.summary = summary
    self.icons = icons
    self.target = target
    self.triggers = triggers
    self.references = references
    self.configuration = configuration
    self.thresholds = []
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An example that sets some of its rule's thresholds (`[Threshold.errorRatio: 0.8]`), in the
  /// order of their declaration.
  public init<T: RuleThreshold>(_ summary: String, icons: [Icon], target: String, triggers: Bool,
                                references: [ReferenceIcon] = [], configuration: AuditConfiguration = AuditConfiguration(),
                                thresholds: [T: Double],
                                fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    self.init(summary, icons: icons, target: target, triggers: triggers, references: references,
              configuration: configuration, fileID: fileID, filePath: filePath, line: line, column: column)
    self.thresholds = T.allCases.compactMap { t in thresholds[t].map { (t.name, $0) } }
    self.thresholdType = T.self
  }

  /// The configuration `rule` is audited with: ``configuration`` with only `rule` enabled and the
  /// example's thresholds set. Traps when the thresholds were written for another rule.
  public func auditConfiguration<R: Rule>(for rule: R.Type) -> AuditConfiguration {
    if let thresholdType {
      precondition(thresholdType == R.Threshold.self,
                   "\(location): the example sets thresholds of \(thresholdType), not of \(R.self)")
    }
    var configuration = configuration.enablingOnly(rule)
    for (name, value) in thresholds { configuration.rules[R.identifier, default: .init()].thresholds[name] = value }
    return configuration
  }

  /// Audits the example as a user's audit would: its icons measured and their states paired as in
  /// an audit (`StatePairing`), grouped in one family "example", and ``Auditor/audit(_:configuration:references:label:)``
  /// run with ``auditConfiguration(for:)``.
  public func run<R: Rule>(_ rule: R.Type) -> [Finding] {
    let configuration = auditConfiguration(for: rule)
    let measured = icons.map { icon -> AuditIcon in
      let mask = icon.image.alphaMask
      let variants = icon.otherScales.map {
        ScaleVariant.compare(analysed: mask, other: $0, path: "\(icon.id)@\(Int($0.scale.rounded()))x.png")
      }
      var audited = AuditIcon(id: icon.id, path: icon.id + ".png", family: "example", role: icon.role, scale: icon.image.scale,
                              widthPx: icon.image.width, heightPx: icon.image.height,
                              metrics: MetricsEngine.measure(mask, colors: icon.image), mask: mask,
                              catalog: icon.catalog, variants: variants)
      audited.documentSizePt = icon.image.documentSizePt
      audited.codeUse = icon.codeUse
      return audited
    }
    let icons = StatePairing.assign(measured, suffixes: configuration.selectedSuffixes)
    return Auditor.audit(icons, configuration: configuration, references: references).findings
  }
}

/// Antialiased drawing for rule examples: shapes on a canvas in points, coverage computed by
/// 4×4 supersampling. Coordinates are in points, y down.
public struct ExampleDrawing: Sendable {
  public let widthPt: Double
  public let heightPt: Double
  public let scale: Double
  private var samples: [Bool]
  private let sub = 4
  private var widthPx: Int { Int((widthPt * scale).rounded()) }
  private var heightPx: Int { Int((heightPt * scale).rounded()) }

  public init(widthPt: Double = 24, heightPt: Double = 24, scale: Double = 2) {
    self.widthPt = widthPt
    self.heightPt = heightPt
    self.scale = scale
    samples = [Bool](repeating: false, count: Int((widthPt * scale).rounded()) * Int((heightPt * scale).rounded()) * 16)
  }

  /// Marks every subsample whose centre (in pt) satisfies `inside`, within a bounding box.
  public mutating func fill(minX: Double, minY: Double, maxX: Double, maxY: Double, _ inside: (Double, Double) -> Bool) {
    let w = widthPx, h = heightPx, n = sub
    let x0 = max(0, Int((minX * scale).rounded(.down)) * n), x1 = min(w * n, Int((maxX * scale).rounded(.up)) * n)
    let y0 = max(0, Int((minY * scale).rounded(.down)) * n), y1 = min(h * n, Int((maxY * scale).rounded(.up)) * n)
    guard x0 < x1, y0 < y1 else { return }
    for sy in y0..<y1 {
      let py = (Double(sy) + 0.5) / Double(n) / scale
      for sx in x0..<x1 {
        let px = (Double(sx) + 0.5) / Double(n) / scale
        if inside(px, py) { samples[sy * w * n + sx] = true }
      }
    }
  }

  public mutating func disk(cx: Double, cy: Double, r: Double) {
    fill(minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r) { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r }
  }

  /// A circle stroked with `width` (centred on radius r).
  public mutating func ring(cx: Double, cy: Double, r: Double, width: Double) {
    let ro = r + width / 2, ri = r - width / 2
    fill(minX: cx - ro, minY: cy - ro, maxX: cx + ro, maxY: cy + ro) { x, y in
      let d = (x - cx) * (x - cx) + (y - cy) * (y - cy)
      return d <= ro * ro && d >= ri * ri
    }
  }

  public mutating func rect(x: Double, y: Double, width: Double, height: Double) {
    fill(minX: x, minY: y, maxX: x + width, maxY: y + height) { px, py in px >= x && px <= x + width && py >= y && py <= y + height }
  }

  /// A rectangle outline stroked with `stroke` (centred on the rectangle's edge).
  public mutating func rectOutline(x: Double, y: Double, width: Double, height: Double, stroke: Double) {
    let h = stroke / 2
    fill(minX: x - h, minY: y - h, maxX: x + width + h, maxY: y + height + h) { px, py in
      let outer = px >= x - h && px <= x + width + h && py >= y - h && py <= y + height + h
      let inner = px > x + h && px < x + width - h && py > y + h && py < y + height - h
      return outer && !inner
    }
  }

  /// A line segment with round caps.
  public mutating func line(x0: Double, y0: Double, x1: Double, y1: Double, width: Double) {
    let r = width / 2
    let dx = x1 - x0, dy = y1 - y0, len2 = max(dx * dx + dy * dy, 1e-12)
    fill(minX: min(x0, x1) - r, minY: min(y0, y1) - r, maxX: max(x0, x1) + r, maxY: max(y0, y1) + r) { x, y in
      let t = max(0, min(1, ((x - x0) * dx + (y - y0) * dy) / len2))
      let ex = x - (x0 + t * dx), ey = y - (y0 + t * dy)
      return ex * ex + ey * ey <= r * r
    }
  }

  /// A polyline through points (round joins and caps).
  public mutating func polyline(_ points: [(Double, Double)], width: Double, closed: Bool = false) {
    guard points.count > 1 else { return }
    for i in 0..<(points.count - 1) {
      line(x0: points[i].0, y0: points[i].1, x1: points[i + 1].0, y1: points[i + 1].1, width: width)
    }
    if closed, let first = points.first, let last = points.last {
      line(x0: last.0, y0: last.1, x1: first.0, y1: first.1, width: width)
    }
  }

  /// The coverage mask.
  public var mask: AlphaMask {
    let w = widthPx, h = heightPx, n = sub
    var coverage = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var count = 0
        for sy in 0..<n { for sx in 0..<n where samples[(y * n + sy) * w * n + x * n + sx] { count += 1 } }
        coverage[y * w + x] = Float(count) / Float(n * n)
      }
    }
    return AlphaMask(width: w, height: h, scale: scale, coverage: coverage)
  }

  /// A black template image with the mask as alpha.
  public static func image(_ mask: AlphaMask, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: mask.pixelCount * 4)
    for i in 0..<mask.pixelCount {
      pixels[i * 4] = red
      pixels[i * 4 + 1] = green
      pixels[i * 4 + 2] = blue
      pixels[i * 4 + 3] = UInt8((mask.coverage[i] * 255).rounded())
    }
    return RGBAImage(width: mask.width, height: mask.height, scale: mask.scale, pixels: pixels)
  }
}

/// A small outline family for examples: eight distinct 2 pt outline glyphs on a 24 pt grid,
/// drawn on Material's keylines (square 18, circle Ø20, portrait 16×20, landscape 20×16,
/// measured on the stroke's centre line), so that their perceived sizes agree within 3%.
public enum ExampleFamily {
  public static func glyph(_ index: Int, scale: Double = 2, stroke: Double = 2, size: Double = 1) -> AlphaMask {
    var d = ExampleDrawing(scale: scale)
    let c = 12.0
    func s(_ v: Double) -> Double { c + (v - c) * size }
    let w = stroke * size
    switch index % 8 {
    case 0: d.ring(cx: c, cy: c, r: 10 * size, width: w)
    case 1: d.rectOutline(x: s(3), y: s(3), width: 18 * size, height: 18 * size, stroke: w)
    case 2: d.rectOutline(x: s(4), y: s(2), width: 16 * size, height: 20 * size, stroke: w)
    case 3: d.rectOutline(x: s(2), y: s(4), width: 20 * size, height: 16 * size, stroke: w)
    case 4:
      d.ring(cx: c, cy: c, r: 10 * size, width: w)
      d.line(x0: s(12), y0: s(7), x1: s(12), y1: s(12), width: w)
      d.line(x0: s(12), y0: s(12), x1: s(15), y1: s(14), width: w)
    case 5:
      d.rectOutline(x: s(3), y: s(3), width: 18 * size, height: 18 * size, stroke: w)
      d.line(x0: s(3), y0: s(9), x1: s(21), y1: s(9), width: w)
    case 6: d.polyline([(s(2.5), s(9.5)), (s(12), s(2)), (s(21.5), s(9.5)), (s(21.5), s(21.5)), (s(2.5), s(21.5))], width: w, closed: true)
    default:
      d.rectOutline(x: s(2), y: s(4), width: 20 * size, height: 16 * size, stroke: w)
      d.polyline([(s(2), s(5)), (s(12), s(13)), (s(22), s(5))], width: w)
    }
    return d.mask
  }

  /// `count` glyphs named g0, g1, …
  public static func icons(count: Int = 8, role: IconRole = .unknown) -> [RuleExample.Icon] {
    (0..<count).map { RuleExample.Icon(id: "g\($0)", mask: glyph($0), role: role) }
  }
}
