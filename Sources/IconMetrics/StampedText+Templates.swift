// SPDX-License-Identifier: GPL-3.0-or-later

/// Building the letter templates of ``StampedText`` from the masters of ``LetterTemplates``: once a
/// process and capital height (``TemplateCache``), with the masters' hexadecimal rows decoded once
/// (``MasterBits``) and every sample position computed once per template row and column instead
/// of once per sample. What a template is (its coverage, pixel order, ring, core and anchors) is
/// defined in ``StampedText/Template`` and ``makeTemplate(_:height:)``; a test compares every
/// height with a direct transcription of that definition.
extension StampedText {
  /// A master's pixels, decoded once from its hexadecimal rows: `bits[y · widthPx + x]` is 1 where
  /// the master is inked.
  struct MasterBits: Sendable {
    let character: Character
    let widthPx: Int
    let heightPx: Int
    let belowBaselinePx: Int
    let bits: [UInt8]

    /// Decodes `m`'s rows (most significant bit first, each row padded to 4 bits; rows beyond
    /// `heightPx` and bits beyond `widthPx` are ignored).
    /// - Complexity: O(widthPx · heightPx).
    init(_ m: (character: Character, widthPx: Int, heightPx: Int, belowBaselinePx: Int, rows: String)) {
      character = m.character
      widthPx = m.widthPx
      heightPx = m.heightPx
      belowBaselinePx = m.belowBaselinePx
      var bits = [UInt8](repeating: 0, count: m.widthPx * m.heightPx)
      var r = 0, x = 0
      for byte in m.rows.utf8 {
        if byte == UInt8(ascii: " ") {
          r += 1
          x = 0
          continue
        }
        let v: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = Int(byte) - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = Int(byte) - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = Int(byte) - 55
        default: v = 0
        }
        for b in stride(from: 3, through: 0, by: -1) {
          if x < m.widthPx && r < m.heightPx { bits[r * m.widthPx + x] = UInt8((v >> b) & 1) }
          x += 1
        }
      }
      self.bits = bits
    }
  }

  /// The masters of ``LetterTemplates``, decoded once a process.
  static let masterBits: [MasterBits] = LetterTemplates.masters.map(MasterBits.init)

  /// The template of master `m` at capital height `h`: each pixel's coverage is the share of its
  /// cell inside the master, sampled on a 4 × 4 grid (sample (i, j) of pixel (x, y) reads the
  /// master at ⌊(x + (i + ½)/4) · sx⌋, ⌊(y + (j + ½)/4) · sy⌋, sx and sy the master's size over the
  /// template's); the pixels with coverage > 0 in a fixed scattered order (ascending
  /// ((index + 1) · 2654435761) mod 2³², a bijection of the index); the ring, core and anchors as
  /// ``StampedText/Template`` describes them.
  ///
  /// Coverage is kept as the count n of inked samples (0…16, coverage n/16): inked (≥ 0.5) is
  /// n ≥ 8, touched (> 0.02) n ≥ 1, full (1) n = 16.
  /// - Complexity: O(16 · w·h) for the coverage, O(w·h) for the rest (the order:
  ///   ``scatteredOrder(count:)``).
  static func makeTemplate(_ m: MasterBits, height h: Int) -> Template {
    let cap = Double(LetterTemplates.capitalHeightPx)
    let s = Double(h) / cap
    let tw = max(1, Int((Double(m.widthPx) * s - 0.3).rounded(.up)))
    let th = max(1, Int((Double(m.heightPx) * s - 0.3).rounded(.up)))
    let sx = Double(m.widthPx) / Double(tw), sy = Double(m.heightPx) / Double(th)
    // The sampled master columns and rows, four per template column and row.
    var columns = [Int](repeating: 0, count: tw * 4)
    for x in 0..<tw {
      for i in 0..<4 { columns[x * 4 + i] = min(m.widthPx - 1, Int((Double(x) + (Double(i) + 0.5) / 4) * sx)) }
    }
    // n (inked samples, 0…16) on a grid padded by 2 px on every side, so that the ring's
    // neighbours (from −2 to w + 1) read 0 without bounds checks.
    let pw = tw + 4
    var n = [UInt8](repeating: 0, count: pw * (th + 4))
    m.bits.withUnsafeBufferPointer { bits in
      columns.withUnsafeBufferPointer { columns in
        n.withUnsafeMutableBufferPointer { n in
          for y in 0..<th {
            let out = (y + 2) * pw + 2
            for j in 0..<4 {
              let my = min(m.heightPx - 1, Int((Double(y) + (Double(j) + 0.5) / 4) * sy))
              let row = my * m.widthPx
              for x in 0..<tw {
                let c = x &* 4
                n[out &+ x] &+= bits[row &+ columns[c]] &+ bits[row &+ columns[c &+ 1]]
                  &+ bits[row &+ columns[c &+ 2]] &+ bits[row &+ columns[c &+ 3]]
              }
            }
          }
        }
      }
    }
    let grid = n
    return grid.withUnsafeBufferPointer { g in
      @inline(__always) func count(_ x: Int, _ y: Int) -> UInt8 { g[(y &+ 2) &* pw &+ x &+ 2] }
      @inline(__always) func inked(_ x: Int, _ y: Int) -> Bool { count(x, y) >= 8 }
      // The pixels with coverage > 0 (their sum in raster order), in the scattered order.
      var sum: Float = 0
      for y in 0..<th {
        for x in 0..<tw where count(x, y) > 0 { sum += Float(count(x, y)) / 16 }
      }
      var pixels: [(x: Int32, y: Int32, c: Float)] = []
      pixels.reserveCapacity(tw * th)
      for i in scatteredOrder(count: tw * th) {
        let x = Int(i) % tw, y = Int(i) / tw
        let c = count(x, y)
        if c > 0 { pixels.append((Int32(x), Int32(y), Float(c) / 16)) }
      }
      var ring: [(x: Int32, y: Int32)] = []
      var innerRing = 0
      for y in -1...th {
        for x in -1...tw where count(x, y) == 0 {
          if inked(x - 1, y) || inked(x + 1, y) || inked(x, y - 1) || inked(x, y + 1) {
            ring.append((Int32(x), Int32(y)))
            if x >= 0 && y >= 0 && x < tw && y < th { innerRing += 1 }
          }
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
      // The blank pixels, read only below the loose placement's height (the corner letter standing
      // free); the stems, columns at coverage ≥ 0.75 (n ≥ 12) in every row.
      var blank: [(x: Int32, y: Int32)] = []
      if h < loosePlacementHeightPx {
        for y in 0..<th {
          for x in 0..<tw where count(x, y) == 0 { blank.append((Int32(x), Int32(y))) }
        }
      }
      let stems = (0..<tw).filter { x in (0..<th).allSatisfy { count(x, $0) >= 12 } }.map { Int32($0) }
      return Template(character: m.character, isWeak: weakCharacters.contains(m.character), width: tw, height: th,
                      belowBaseline: Int((Double(m.belowBaselinePx) * s).rounded()), pixels: pixels, sum: sum, ring: ring,
                      innerRing: innerRing, core: core, blank: blank, stems: stems, anchors: anchors)
    }
  }

  /// The multiplier of the templates' scattered pixel order (⌊2³² / φ⌋, odd).
  static let scatterMultiplier = 2_654_435_761

  /// The indices 0..<n in ascending order of their key ((i + 1) · 2654435761) mod 2³²: the order
  /// in which a template lists its pixels (index y · width + x), which spreads the inside sum's
  /// early exit over the whole letter. The keys are distinct (the multiplier is odd).
  ///
  /// The keys are the points (i + 1)·α on a circle of length 2³² (α the multiplier), whose
  /// cyclic order is that of i·α (a rotation). By the three-distance theorem (Steinhaus;
  /// Sós 1958) the point after i·α is (i + a)·α when i + a < n, (i − b)·α when i ≥ b, else
  /// (i + a − b)·α, a and b the indices in 1..<n of the smallest and the largest point. So the
  /// order is one walk from the smallest key. Each step is checked (keys strictly increasing,
  /// indices in range): n strictly increasing keys of n distinct ones are all of them, sorted; a
  /// failed check falls back to sorting.
  /// - Complexity: O(n).
  static func scatteredOrder(count n: Int) -> [Int32] {
    @inline(__always) func key(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: (i &+ 1) &* scatterMultiplier) }
    guard n > 1 else { return n == 1 ? [0] : [] }
    if let walked = walkedOrder(count: n) { return walked }
    return (0..<n).sorted { key($0) < key($1) }.map(Int32.init)
  }

  /// ``scatteredOrder(count:)`` by the three-distance walk, or nil when a step fails its check.
  /// - Complexity: O(n).
  static func walkedOrder(count n: Int) -> [Int32]? {
    @inline(__always) func key(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: (i &+ 1) &* scatterMultiplier) }
    guard n > 1 else { return n == 1 ? [0] : [] }
    // a and b: the indices in 1..<n of the smallest and the largest point i·α; the smallest key,
    // ((i + 1)·α, i < n), is then a's point shifted by one index or the point n·α.
    var a = 1, b = 1
    var smallest = UInt32.max, largest: UInt32 = 0
    var point: UInt32 = 0
    let step32 = UInt32(truncatingIfNeeded: scatterMultiplier)
    for i in 1..<n {
      point &+= step32
      if point < smallest {
        smallest = point
        a = i
      }
      if point > largest {
        largest = point
        b = i
      }
    }
    let first = key(n &- 1) < key(a &- 1) ? n &- 1 : a &- 1
    var failed = false
    let order = [Int32](unsafeUninitializedCapacity: n) { buffer, initialized in
      var i = first, last = key(first)
      buffer[0] = Int32(truncatingIfNeeded: i)
      for step in 1..<n {
        i = i &+ a < n ? i &+ a : (i >= b ? i &- b : i &+ a &- b)
        let k = key(i)
        guard i >= 0, i < n, k > last else {
          failed = true
          initialized = step
          return
        }
        last = k
        buffer[step] = Int32(truncatingIfNeeded: i)
      }
      initialized = n
    }
    return failed ? nil : order
  }

  /// The pairs of characters (both orders) whose shapes are alike: their inked pixels (coverage ≥
  /// 0.5) at the masters' 48 px capital height scaled to one box, pixel IoU ≥ 0.7 at the best of the
  /// four orientations (as is, mirrored, flipped, turned by 180°): E and 3, 6 and 9, A and V, H and N, ….
  /// Decided once on the large shapes, not on each rendering: at 7 px a stem's pixel of hinting
  /// hides that E is not 3.
  /// - Complexity: O(36² · w·h / 64) once per process for the IoUs on 64-pixel words, and
  ///   O(w·h) for each shape scaled to each box it shares with another (543 of 1,260).
  static let congruentPairs: Set<String> = {
    let shapes = masterBits.map { InkedShape(makeTemplate($0, height: LetterTemplates.capitalHeightPx)) }
    var scaled: [[Int]: InkedShape.Rows] = [:]
    func rows(_ i: Int, _ w: Int, _ h: Int) -> InkedShape.Rows {
      if let r = scaled[[i, w, h]] { return r }
      let r = shapes[i].rows(width: w, height: h)
      scaled[[i, w, h]] = r
      return r
    }
    var pairs = Set<String>()
    for i in shapes.indices {
      for j in shapes.indices where j > i {
        let w = max(shapes[i].width, shapes[j].width), h = max(shapes[i].height, shapes[j].height)
        guard areAlike(rows(i, w, h), rows(j, w, h)) else { continue }
        pairs.insert(String([shapes[i].character, shapes[j].character]))
        pairs.insert(String([shapes[j].character, shapes[i].character]))
      }
    }
    return pairs
  }()

  /// A template's inked pixels (coverage ≥ 0.5) as a grid, for ``congruentPairs``.
  struct InkedShape {
    let character: Character
    let width: Int
    let height: Int
    let inked: [Bool]

    init(_ t: Template) {
      character = t.character
      width = t.width
      height = t.height
      var inked = [Bool](repeating: false, count: t.width * t.height)
      for p in t.pixels where p.c >= 0.5 { inked[Int(p.y) * t.width + Int(p.x)] = true }
      self.inked = inked
    }

    /// The shape scaled to a box, as rows of 64-pixel words (`words` a row), as is and mirrored.
    struct Rows {
      let words: Int
      let plain: [UInt64]
      let mirrored: [UInt64]
    }

    /// Scaled to w × h: pixel (x, y) reads (⌊x · width / w⌋, ⌊y · height / h⌋).
    /// - Complexity: O(w·h).
    func rows(width w: Int, height h: Int) -> Rows {
      let words = (w + 63) >> 6
      var plain = [UInt64](repeating: 0, count: words * h)
      var mirrored = plain
      let xs = (0..<w).map { $0 * width / w }
      inked.withUnsafeBufferPointer { inked in
        xs.withUnsafeBufferPointer { xs in
          plain.withUnsafeMutableBufferPointer { plain in
            mirrored.withUnsafeMutableBufferPointer { mirrored in
              for y in 0..<h {
                let source = (y &* height / h) &* width
                let target = y &* words
                for x in 0..<w where inked[source &+ xs[x]] {
                  plain[target &+ x &>> 6] |= 1 &<< UInt64(x & 63)
                  let mx = w &- 1 &- x
                  mirrored[target &+ mx &>> 6] |= 1 &<< UInt64(mx & 63)
                }
              }
            }
          }
        }
      }
      return Rows(words: words, plain: plain, mirrored: mirrored)
    }
  }

  /// The IoU test of ``congruentPairs`` on two shapes scaled to their common box: the best IoU of
  /// `p` with `q` as is, mirrored, flipped and turned by 180°, at least 0.7.
  /// - Complexity: O(w·h / 64).
  static func areAlike(_ p: InkedShape.Rows, _ q: InkedShape.Rows) -> Bool {
    let words = p.words, h = p.plain.count / max(1, words)
    var best = 0.0
    for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
      let b = flipX ? q.mirrored : q.plain
      var both = 0, either = 0
      for y in 0..<h {
        let by = flipY ? h - 1 - y : y
        for k in 0..<words {
          let u = p.plain[y * words + k], v = b[by * words + k]
          both += (u & v).nonzeroBitCount
          either += (u | v).nonzeroBitCount
        }
      }
      if either > 0 { best = max(best, Double(both) / Double(either)) }
    }
    return best >= 0.7
  }
}
