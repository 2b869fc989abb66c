// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics
import IconRaster
import IconSupport

public struct DuplicateIconRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumCorrelation, signatureDistance, maxShiftPt, inkDifference
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumCorrelation: (0.98, "NCC at or above which two drawings are one")
      case .signatureDistance: (0.15, "signature distance (RMS, 0–1) below which a pair is correlated")
      case .maxShiftPt: (2, "largest shift searched, in pt")
      case .inkDifference: (0.01, "largest relative difference of ink area (a dot added to a drawing is another icon)")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "duplicate_icon", name: "Duplicate Icon", scope: .family,
    rationale: """
      Every icon of a family stands for one thing (HIG, Custom icons: each icon should be \
      recognisable and distinct); two names with one drawing confuse the user and usually mean a \
      copy was never redrawn. Two icons are duplicates when their drawings correlate with NCC ≥ \
      0.98 (normalised cross-correlation of the alpha, best shift within 2 pt, at a common scale) \
      and their ink areas differ by at most 1% (Lucide's dice-4 and dice-5 correlate at 0.987 \
      but differ by a dot, 2% of the ink). \
      Only pairs whose ink areas are within 1% (found in order of ink) and whose cheap signatures \
      (16×16 framed coverage) are close are correlated, so a large family costs O(n log n) plus \
      the candidates, not n² correlations. Each pair is reported \
      once, on the later path, naming the other; an item's selected and unselected states are \
      left to selected_state_mismatch.
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("the clock g4 again as 'timer' (reported on the later path)",
                  icons: ExampleFamily.icons() + [.init(id: "timer", mask: ExampleFamily.glyph(4))], target: "timer", triggers: true),
      RuleExample("the same drawing at @2x (g2) and @3x (tablet)",
                  icons: ExampleFamily.icons(count: 4) + [.init(id: "tablet", mask: ExampleFamily.glyph(2, scale: 3))],
                  target: "tablet", triggers: true),
      RuleExample("eight different drawings", icons: ExampleFamily.icons(), target: "g4", triggers: false),
      RuleExample("a square and the same square with a dot in it (dice-1)",
                  icons: [.init(id: "a-square", mask: { var d = ExampleDrawing(); d.rectOutline(x: 3, y: 3, width: 18, height: 18, stroke: 2); return d.mask }()),
                          .init(id: "b-dice", mask: { var d = ExampleDrawing(); d.rectOutline(x: 3, y: 3, width: 18, height: 18, stroke: 2); d.disk(cx: 12, cy: 12, r: 1.5); return d.mask }())],
                  target: "b-dice", triggers: false),
      RuleExample("a ring and the same ring with a clock's hands",
                  icons: [.init(id: "a-ring", mask: ExampleFamily.glyph(0)), .init(id: "b-clock", mask: ExampleFamily.glyph(4))],
                  target: "b-clock", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    let icons = context.icons
    // The signatures on all cores (each icon computes its own once; the JSON report reuses it).
    let signatures = icons.parallelMap(\.signature)
    let drawn = icons.indices.filter { signatures[$0].map { !$0.isEmpty } ?? false }
    // Each icon's rank in path order (equivalent paths share one): comparing ranks orders the
    // pairs exactly as comparing their paths, without a string comparison per step of a sort.
    let byPath = drawn.sorted { icons[$0].path < icons[$1].path }
    var pathRank = [Int](repeating: 0, count: icons.count)
    for k in byPath.indices.dropFirst() {
      let isAfter = icons[byPath[k - 1]].path < icons[byPath[k]].path
      pathRank[byPath[k]] = pathRank[byPath[k - 1]] + (isAfter ? 1 : 0)
    }
    // The drawn icons (indices into `icons`) in order of ink, then path.
    let items = drawn.sorted {
      (icons[$0].metrics.inkAreaPt2, pathRank[$0]) < (icons[$1].metrics.inkAreaPt2, pathRank[$1])
    }
    let rank = items.map { pathRank[$0] }
    // Sorted by ink, a pair whose ink differs by more than `inkDifference` can end the inner
    // loop: only the icons within that window are compared, so a large family costs
    // O(n log n + candidates), not n² comparisons.
    // A pair goes on only when its two icons are not states of one item (those are
    // selected_state_mismatch's to judge) and their signatures are close: tested here, before
    // the pairs are put in order, so only the few that pass are sorted (the test has no effect
    // but its answer, so the pairs that pass come in the same order as before).
    let inkDifference = t(.inkDifference), signatureDistance = t(.signatureDistance)
    var pairs: [(Int, Int)] = []
    for j in items.indices {
      var i = j - 1
      while i >= 0 {
        let inkA = icons[items[i]].metrics.inkAreaPt2, inkB = icons[items[j]].metrics.inkAreaPt2
        if inkB - inkA > inkDifference * max(inkA, inkB) { break }
        let pair = rank[i] < rank[j] ? (i, j) : (j, i)
        i -= 1
        // Read in place: an icon is copied only for the pairs that pass.
        guard icons[items[pair.0]].id != icons[items[pair.1]].id,
          icons[items[pair.0]].itemId != icons[items[pair.1]].itemId,
          Similarity.isWithin(signatures[items[pair.0]]!, signatures[items[pair.1]]!, signatureDistance)
        else { continue }
        pairs.append(pair)
      }
    }
    pairs.sort { (rank[$0.1], rank[$0.0]) < (rank[$1.1], rank[$1.0]) }
    var findings: [Finding] = []
    // Each drawing read back once for all its pairs (a reloaded icon decodes its file on each
    // access of `mask`), and once a run where the store keeps drawings by content key (a history:
    // an unchanged icon paired with a changed one at each revision); the pairs' order and verdicts
    // are unchanged.
    var masks: [Int: AlphaMask?] = [:]
    func mask(_ item: Int) -> AlphaMask? {
      if let known = masks[item] { return known }
      let icon = icons[items[item]]
      var compact: CompactMask?
      if let key = icon.contentKey, let kept = context.results?.keptDrawing(key) {
        compact = kept
      } else {
        compact = icon.compactMask
        if let key = icon.contentKey, let compact { context.results?.keepDrawing(compact, for: key) }
      }
      let mask = compact?.alphaMask
      masks[item] = .some(mask)
      return mask
    }
    for (i, j) in pairs {
      do {
        let a = icons[items[i]], b = icons[items[j]]
        // The pair's NCC peak depends on the two drawings and the shift searched only: kept
        // between runs under their content keys (a warm audit reads no drawing back here).
        let key = context.results == nil ? nil
          : RuleResultKey(rule: Self.identifier, result: "ncc", version: 1, drawings: [a.contentKey, b.contentKey],
                          parameters: [t(.maxShiftPt)])
        let ncc: Double
        if let key, let stored = context.results?.double(key) {
          ncc = stored
        } else {
          // Expanded only for the pairs that get this far.
          guard let maskA = mask(i), let maskB = mask(j) else { continue }
          let scale = min(maskA.scale, maskB.scale)
          let ma = Similarity.resampled(maskA, toScale: scale), mb = Similarity.resampled(maskB, toScale: scale)
          let shift = max(1, Int((t(.maxShiftPt) * scale).rounded(.up)))
          ncc = Spectrum.normalizedCrossCorrelation(ma, mb, maxShift: shift).peak
          if let key { context.results?.store(ncc, for: key) }
        }
        guard ncc >= t(.minimumCorrelation) else { continue }
        findings.append(context.finding(
          b,
          "the same drawing as \(a.path) (NCC \(fmt(ncc, 3)), at least \(fmt(t(.minimumCorrelation), 2)) is one drawing)",
          measured: ncc, expected: "NCC < \(fmt(t(.minimumCorrelation), 2)) with every other icon",
          fix: "remove one of the two, or redraw it for what its name stands for"))
      }
    }
    return findings
  }
}

public struct ResemblesSystemIconRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumCorrelation, signatureDistance, blurPt
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumCorrelation: (0.9, "NCC at or above which an icon resembles a reference")
      case .signatureDistance: (0.2, "signature distance (RMS, 0–1) below which a reference is correlated")
      case .blurPt: (0.5, "Gaussian σ (pt) both drawings are blurred with before correlating: a look-alike is judged at a glance, not to the pixel")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "resembles_system_icon", name: "Resembles System Icon", scope: .icon,
    rationale: """
      A custom icon must not be easily mistaken for a system icon (HIG, Custom icons): users \
      know what the system glyphs mean, and a look-alike that means something else misleads \
      them (use the system icon itself for the system meaning). Needs reference icons \
      (--reference DIR, e.g. the system symbols a team exports). Each icon is compared with every \
      reference whose signature is close: the reference is brought to the icon's scale and glyph \
      size, both are blurred a little (σ 0.5 pt: a look-alike is judged at a glance, and thin \
      strokes rendered half a pixel apart would otherwise decorrelate), and the drawings \
      correlate (NCC over all shifts); flagged at NCC ≥ 0.9, naming the closest reference.
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a square with a top bar, like the reference 'window' drawn at another size",
                  icons: [.init(id: "panel", mask: ExampleFamily.glyph(5))], target: "panel", triggers: true,
                  references: [ReferenceIcon(name: "window", mask: ExampleFamily.glyph(5, size: 0.8))]),
      RuleExample("a ring against the references 'window' and 'envelope'",
                  icons: [.init(id: "ring", mask: ExampleFamily.glyph(0))], target: "ring", triggers: false,
                  references: [ReferenceIcon(name: "window", mask: ExampleFamily.glyph(5)), ReferenceIcon(name: "envelope", mask: ExampleFamily.glyph(7))]),
    ],
    needsReference: true)

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    guard !context.references.isEmpty else { return [] }
    let t = context.threshold
    let references = context.references.map { (reference: $0, signature: Spectrum.signature($0.mask)) }.filter { !$0.signature.isEmpty }
    return context.icons.compactMap { icon in
      // The signature prefilter first: the drawing is read (back) only for an icon near a reference.
      guard let signature = icon.signature else { return nil }
      let near = references.filter { Similarity.isWithin(signature, $0.signature, t(.signatureDistance)) }
      guard !near.isEmpty, let mask = icon.mask, let box = Similarity.inkBox(mask) else { return nil }
      let sigma = t(.blurPt) * mask.scale, margin = Int((2 * sigma).rounded(.up))
      var blurred: AlphaMask?
      var best: (name: String, ncc: Double)?
      for (reference, _) in near {
        let atScale = Similarity.resampled(reference.mask, toScale: mask.scale)
        guard let referenceBox = Similarity.inkBox(atScale) else { continue }
        // Match the glyph sizes (a look-alike is one at any size), within reason.
        let k = min(2, max(0.5, max(box.width, box.height) / max(referenceBox.width, referenceBox.height)))
        let matched = Similarity.resampled(atScale, by: k, scale: mask.scale)
        if blurred == nil { blurred = Spectrum.gaussianBlur(mask, sigmaPx: sigma, marginPx: margin) }
        let ncc = Spectrum.normalizedCrossCorrelation(blurred!, Spectrum.gaussianBlur(matched, sigmaPx: sigma, marginPx: margin)).peak
        if ncc >= t(.minimumCorrelation) && ncc > (best?.ncc ?? -1) { best = (reference.name, ncc) }
      }
      guard let best else { return nil }
      return context.finding(
        icon,
        "looks like the system icon '\(best.name)' (NCC \(fmt(best.ncc, 3)) at the same size, at least \(fmt(t(.minimumCorrelation), 2)) is a look-alike)",
        measured: best.ncc, expected: "NCC < \(fmt(t(.minimumCorrelation), 2)) with every reference icon",
        fix: "use the system icon '\(best.name)' if it means the same; otherwise change the silhouette so that it cannot be mistaken for it")
    }
  }
}

/// Helpers of the similarity rules: signature prefilter, ink box, resampling.
enum Similarity {
  /// Whether two signatures are within `limit` (RMS cell difference), stopping early.
  static func isWithin(_ a: Spectrum.Signature, _ b: Spectrum.Signature, _ limit: Double) -> Bool {
    let bound = limit * limit * Double(a.cells.count)
    var sum = 0.0
    for i in a.cells.indices {
      let d = Double(a.cells[i]) - Double(b.cells[i])
      sum += d * d
      if sum > bound { return false }
    }
    return true
  }

  /// The ink's bounding box (coverage > 0.01), width and height in px; nil when empty.
  static func inkBox(_ mask: AlphaMask) -> (width: Double, height: Double)? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<mask.height {
      for x in 0..<mask.width where mask.coverage[y * mask.width + x] > 0.01 {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (Double(maxX - minX + 1), Double(maxY - minY + 1))
  }

  /// The mask at another scale (pixels per point), same size in points.
  static func resampled(_ mask: AlphaMask, toScale scale: Double) -> AlphaMask {
    abs(scale - mask.scale) < 1e-9 ? mask : resampled(mask, by: scale / mask.scale, scale: scale)
  }

  /// The mask magnified by `k` (pixels become k × k pixels), by exact area averaging: each
  /// output pixel is the mean coverage of the input area under it (a box filter, separable).
  /// - Complexity: O(W′·H′·⌈1/k + 1⌉²) for an output of W′ × H′ pixels.
  static func resampled(_ mask: AlphaMask, by k: Double, scale: Double) -> AlphaMask {
    let w = max(1, Int((Double(mask.width) * k).rounded())), h = max(1, Int((Double(mask.height) * k).rounded()))
    func weights(_ count: Int, _ source: Int) -> [[(Int, Float)]] {
      (0..<count).map { i in
        let lower = Double(i) / k, upper = Double(i + 1) / k
        var list: [(Int, Float)] = []
        var p = max(0, Int(lower.rounded(.down)))
        while p < source && Double(p) < upper {
          let overlap = min(upper, Double(p + 1)) - max(lower, Double(p))
          if overlap > 0 { list.append((p, Float(overlap * k))) }
          p += 1
        }
        return list
      }
    }
    let columns = weights(w, mask.width), rows = weights(h, mask.height)
    var coverage = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        var sum: Float = 0
        for (sy, wy) in rows[y] {
          for (sx, wx) in columns[x] { sum += wy * wx * mask.coverage[sy * mask.width + sx] }
        }
        coverage[y * w + x] = min(1, max(0, sum))
      }
    }
    return AlphaMask(width: w, height: h, scale: scale, coverage: coverage)
  }
}
