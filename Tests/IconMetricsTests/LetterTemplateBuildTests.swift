// SPDX-License-Identifier: GPL-3.0-or-later
@testable import IconMetrics
import Testing

/// The letter templates built by ``StampedText/makeTemplate(_:height:)`` (decoded masters, sample
/// positions hoisted, counts instead of coverage) equal a direct transcription of their definition,
/// field by field and bit by bit.
@Suite struct LetterTemplateBuildTests {
  /// The definition, transcribed directly (the builder of session 11): the master's hexadecimal
  /// rows parsed for each template, each of the 4 × 4 samples of a pixel computed on its own.
  private func reference(_ m: (character: Character, widthPx: Int, heightPx: Int, belowBaselinePx: Int, rows: String),
                         height h: Int) -> StampedText.Template {
    let s = Double(h) / Double(LetterTemplates.capitalHeightPx)
    let tw = max(1, Int((Double(m.widthPx) * s - 0.3).rounded(.up)))
    let th = max(1, Int((Double(m.heightPx) * s - 0.3).rounded(.up)))
    var bits = [Bool](repeating: false, count: m.widthPx * m.heightPx)
    for (r, row) in m.rows.split(separator: " ").enumerated() {
      var x = 0
      for ch in row {
        let v = ch.hexDigitValue ?? 0
        for b in stride(from: 3, through: 0, by: -1) {
          if x < m.widthPx { bits[r * m.widthPx + x] = (v >> b) & 1 == 1 }
          x += 1
        }
      }
    }
    let sx = Double(m.widthPx) / Double(tw), sy = Double(m.heightPx) / Double(th)
    var coverage = [Float](repeating: 0, count: tw * th)
    for y in 0..<th {
      for x in 0..<tw {
        var n = 0
        for j in 0..<4 {
          let my = min(m.heightPx - 1, Int((Double(y) + (Double(j) + 0.5) / 4) * sy))
          for i in 0..<4 {
            let mx = min(m.widthPx - 1, Int((Double(x) + (Double(i) + 0.5) / 4) * sx))
            if bits[my * m.widthPx + mx] { n += 1 }
          }
        }
        coverage[y * tw + x] = Float(n) / 16
      }
    }
    var sum: Float = 0
    var order: [(key: UInt32, index: Int)] = []
    for i in 0..<(tw * th) where coverage[i] > 0 {
      order.append((UInt32(truncatingIfNeeded: (i &+ 1) &* 2_654_435_761), i))
      sum += coverage[i]
    }
    order.sort { $0.key < $1.key }
    let pixels = order.map { (x: Int32($0.index % tw), y: Int32($0.index / tw), c: coverage[$0.index]) }
    func inked(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < tw && y < th && coverage[y * tw + x] >= 0.5 }
    func touched(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < tw && y < th && coverage[y * tw + x] > 0.02 }
    var ring: [(x: Int32, y: Int32)] = []
    for y in -1...th {
      for x in -1...tw where !touched(x, y) {
        if inked(x - 1, y) || inked(x + 1, y) || inked(x, y - 1) || inked(x, y + 1) { ring.append((Int32(x), Int32(y))) }
      }
    }
    var core: [(x: Int32, y: Int32)] = []
    for p in pixels where core.count < 8 && p.c >= 1 {
      let x = Int(p.x), y = Int(p.y)
      if inked(x - 1, y) && inked(x + 1, y) && inked(x, y - 1) && inked(x, y + 1) { core.append((p.x, p.y)) }
    }
    if core.isEmpty { core = pixels.filter { $0.c >= 0.75 }.prefix(8).map { ($0.x, $0.y) } }
    var anchors: [(x: Int32, y: Int32)] = []
    for corner in 0..<4 {
      let left = corner & 1 == 1, top = corner & 2 == 2
      let row = top ? 0 : th - 1, column = left ? 0 : tw - 1
      let ax = (left ? Array(0..<tw) : Array((0..<tw).reversed())).first { inked($0, row) } ?? column
      let ay = (top ? Array(0..<th) : Array((0..<th).reversed())).first { inked(column, $0) } ?? row
      anchors.append((Int32(ax), Int32(row)))
      anchors.append((Int32(column), Int32(ay)))
    }
    return StampedText.Template(
      character: m.character, isWeak: StampedText.weakCharacters.contains(m.character), width: tw, height: th,
      belowBaseline: Int((Double(m.belowBaselinePx) * s).rounded()), pixels: pixels, sum: sum, ring: ring,
      innerRing: ring.filter { $0.x >= 0 && $0.y >= 0 && Int($0.x) < tw && Int($0.y) < th }.count, core: core,
      blank: h < StampedText.loosePlacementHeightPx
        ? (0..<(tw * th)).filter { coverage[$0] == 0 }.map { (x: Int32($0 % tw), y: Int32($0 / tw)) } : [],
      stems: (0..<tw).filter { x in (0..<th).allSatisfy { coverage[$0 * tw + x] >= 0.75 } }.map { Int32($0) },
      anchors: anchors)
  }

  /// Every field of a template as text, Floats by their bits.
  private func text(_ t: StampedText.Template) -> String {
    "\(t.character) \(t.isWeak) \(t.width)×\(t.height) \(t.belowBaseline) \(t.sum.bitPattern) \(t.innerRing)"
      + " P" + t.pixels.map { "\($0.x),\($0.y),\($0.c.bitPattern)" }.joined(separator: " ")
      + " R" + t.ring.map { "\($0.x),\($0.y)" }.joined(separator: " ")
      + " C" + t.core.map { "\($0.x),\($0.y)" }.joined(separator: " ")
      + " A" + t.anchors.map { "\($0.x),\($0.y)" }.joined(separator: " ")
      + " B" + t.blank.map { "\($0.x),\($0.y)" }.joined(separator: " ")
      + " S" + t.stems.map { "\($0)" }.joined(separator: " ")
  }

  @Test("every letter's template equals the definition, from 1 px to 60 px capitals", arguments: [1, 2, 7, 8, 11, 13, 17, 24, 31, 47, 48, 60])
  func templatesEqualTheDefinition(height: Int) {
    let built = StampedText.templates(height: height)
    #expect(built.count == LetterTemplates.masters.count)
    for (t, m) in zip(built, LetterTemplates.masters) {
      #expect(text(t) == text(reference(m, height: height)), "\(m.character) at \(height) px")
    }
  }

  @Test("the congruent pairs are those the masters' IoU gave before the fast test")
  func congruentPairsUnchanged() {
    let pairs = "08 09 0D 0G 0O 1T 25 3E 52 5S 68 69 6B 6G 80 86 8B 90 96 9G AV B6 B8 BD BE BI BP D0 DB DG DO DU E3 EB EF EI FE FL FP G0 G6 G9 GD HM HN IB IE IN LF MH MN NH NI NM O0 OD OQ PB PF QO S5 T1 UD VA"
    #expect(StampedText.congruentPairs == Set(pairs.split(separator: " ").map(String.init)))
  }

  @Test("the three-distance walk gives the sorted order of the scattered keys, for every grid of up to 4,096 pixels")
  func walkedOrderIsSorted() {
    func key(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: (i &+ 1) &* StampedText.scatterMultiplier) }
    // The sorted order of 0..<n, grown by inserting n - 1 at its key's place.
    var sorted: [Int32] = [0]
    for n in 2...4096 {
      let k = key(n - 1)
      var lo = 0, hi = sorted.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if key(Int(sorted[mid])) < k { lo = mid + 1 } else { hi = mid }
      }
      sorted.insert(Int32(n - 1), at: lo)
      guard StampedText.walkedOrder(count: n) == sorted else {
        Issue.record("the walk fails or differs from the sorted order at n = \(n)")
        return
      }
    }
    #expect(StampedText.scatteredOrder(count: 1) == [0] && StampedText.scatteredOrder(count: 0).isEmpty)
  }
}
